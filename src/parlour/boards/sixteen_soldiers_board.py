"""The Sixteen Soldiers boards as graphs: points, lines, steps and jumps (SS-1, board-games.md A.2).

The 37-point board is read from the data file ``parlour/data/sixteen_soldiers_board.json``.
The 43-point "nineteen pieces" board (Datta: an extra bar in each triangle) is built by
:func:`triangle_board_data`, which also rebuilds the 37-point data as a cross-check.

Every step and every jump comes from the *lines*: a step joins two consecutive points of a
line, a jump is three consecutive points of one that lie straight (SS-3: captures "as in
draughts"), never round the bend of a line.

>>> board = load_board("sixteen")
>>> len(board.labels), len(board.edges), len(board.jump_triples)
(37, 76, 56)
>>> sorted(board.label(q) for q in board.adj[board.index["a5"]])
['a4', 'a6', 'b4', 'b5', 'b6']
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

FILES = "abcde"


@dataclass(frozen=True)
class Board:
    """A board graph with points numbered 0..n-1 in the data file's order."""

    variant: str
    labels: tuple[str, ...]
    coords: tuple[tuple[int, int], ...]
    lines: dict[str, tuple[int, ...]]
    edges: tuple[tuple[int, int], ...]
    jump_triples: tuple[tuple[int, int, int], ...]
    adj: tuple[tuple[int, ...], ...]
    #: for each point, its jumps as (over, landing) pairs
    jumps: tuple[tuple[tuple[int, int], ...], ...]
    #: (from, landing) -> the point jumped over
    over: dict[tuple[int, int], int]
    #: the starting points of South (seat 0) and North (seat 1)
    start: tuple[tuple[int, ...], tuple[int, ...]]
    index: dict[str, int]

    def label(self, point: int) -> str:
        return self.labels[point]

    @property
    def size(self) -> int:
        return len(self.labels)


def _read_data() -> dict[str, Any]:
    text = resources.files("parlour.data").joinpath("sixteen_soldiers_board.json").read_text()
    return json.loads(text)


def triangle_board_data(levels: int) -> dict[str, Any]:
    """Points, lines and start of the board whose triangles have ``levels`` rows below the apex.

    ``levels=2`` is the 37-point board of the data file; ``levels=3`` is Datta's 43-point
    board for nineteen pieces a side.  A triangle's first row is b-c-d, later rows a-c-e;
    its sides continue the square's diamond diagonals and its median the centre file.

    The 43-point geometry is a reading: Datta only adds "an extra horizontal line ... in each
    triangle".  Here the third row lies under the second (a-c-e), so each side bends there
    (d3-e2-e1) and no jump runs round that bend.
    """
    top = 4 + levels

    def name(x: int, y: int) -> str:
        return f"{FILES[x]}{y + levels + 1}"

    def tri_row(level: int) -> tuple[int, ...]:
        return (1, 2, 3) if level == 1 else (0, 2, 4)

    points: dict[str, list[int]] = {}
    for level in range(levels, 0, -1):
        for x in tri_row(level):
            points[name(x, -level)] = [x, -level]
    for y in range(5):
        for x in range(5):
            points[name(x, y)] = [x, y]
    for level in range(1, levels + 1):
        for x in tri_row(level):
            points[name(x, 4 + level)] = [x, 4 + level]

    def run(cells: list[tuple[int, int]]) -> list[str]:
        return [name(x, y) for x, y in cells]

    lines: dict[str, list[str]] = {}
    for level in range(levels, 0, -1):
        lines[f"H{-level}"] = run([(x, -level) for x in tri_row(level)])
    for y in range(5):
        lines[f"H{y}"] = run([(x, y) for x in range(5)])
    for level in range(1, levels + 1):
        lines[f"H{4 + level}"] = run([(x, 4 + level) for x in tri_row(level)])
    for x in range(5):
        ys = range(-levels, top + 1) if x == 2 else range(5)
        lines[f"V{x}"] = run([(x, y) for y in ys])
    lines["D1"] = run([(i, i) for i in range(5)])
    lines["D2"] = run([(i, 4 - i) for i in range(5)])

    def side(level: int, right: bool) -> int:
        return tri_row(level)[2 if right else 0]

    below_r = [(side(lv, True), -lv) for lv in range(1, levels + 1)]
    below_l = [(side(lv, False), -lv) for lv in range(1, levels + 1)]
    above_r = [(side(lv, True), 4 + lv) for lv in range(1, levels + 1)]
    above_l = [(side(lv, False), 4 + lv) for lv in range(1, levels + 1)]
    lines["D3"] = run([(0, 2), (1, 1), (2, 0), *below_r])
    lines["D4"] = run([(4, 2), (3, 1), (2, 0), *below_l])
    lines["D5"] = run([(0, 2), (1, 3), (2, 4), *above_r])
    lines["D6"] = run([(4, 2), (3, 3), (2, 4), *above_l])
    south = [n for n, (x, y) in points.items() if y < 2]
    north = [n for n, (x, y) in points.items() if y > 2]
    return {"points": points, "lines": lines, "start": {"south": south, "north": north}}


def _build(variant: str, data: dict[str, Any], through_apex: bool) -> Board:
    labels = tuple(data["points"])
    index = {name: i for i, name in enumerate(labels)}
    coords = tuple((int(x), int(y)) for x, y in data["points"].values())
    lines = {k: tuple(index[p] for p in v) for k, v in data["lines"].items()}
    apexes = (coords.index((2, 0)), coords.index((2, 4)))
    if not through_apex:
        lines = _split_at_apexes(lines, coords, apexes)
    edges: list[tuple[int, int]] = []
    triples: list[tuple[int, int, int]] = []
    for line in lines.values():
        edges += [(line[i], line[i + 1]) for i in range(len(line) - 1)]
        runs = ((line[i], line[i + 1], line[i + 2]) for i in range(len(line) - 2))
        triples += [t for t in runs if _straight(coords, *t)]
    adj: list[list[int]] = [[] for _ in labels]
    for a, b in edges:
        adj[a].append(b)
        adj[b].append(a)
    jumps: list[list[tuple[int, int]]] = [[] for _ in labels]
    over: dict[tuple[int, int], int] = {}
    for a, b, c in triples:
        for start, land in ((a, c), (c, a)):
            jumps[start].append((b, land))
            if (start, land) in over:  # pragma: no cover - a malformed board
                raise ValueError(f"two jumps from {labels[start]} to {labels[land]}")
            over[(start, land)] = b
    south, north = (tuple(index[p] for p in data["start"][s]) for s in ("south", "north"))
    return Board(
        variant=variant,
        labels=labels,
        coords=coords,
        lines=lines,
        edges=tuple(edges),
        jump_triples=tuple(triples),
        adj=tuple(tuple(sorted(a)) for a in adj),
        jumps=tuple(tuple(sorted(j)) for j in jumps),
        over=over,
        start=(south, north),
        index=index,
    )


def _straight(coords: tuple[tuple[int, int], ...], a: int, b: int, c: int) -> bool:
    """Whether ``a``, ``b`` and ``c`` lie on one straight line (SS-3: a jump is straight)."""
    (ax, ay), (bx, by), (cx, cy) = coords[a], coords[b], coords[c]
    return (bx - ax) * (cy - by) == (by - ay) * (cx - bx)


def _split_at_apexes(
    lines: dict[str, tuple[int, ...]],
    coords: tuple[tuple[int, int], ...],
    apexes: tuple[int, ...],
) -> dict[str, tuple[int, ...]]:
    """Cut every line that runs from a triangle into the square at the apex (A.7 option)."""

    def in_square(p: int) -> bool:
        return 0 <= coords[p][1] <= 4

    out: dict[str, tuple[int, ...]] = {}
    for name, line in lines.items():
        pieces = [list(line[:1])]
        for prev, p in itertools.pairwise(line):
            if prev in apexes and in_square(p) != in_square(pieces[-1][0]):
                pieces.append([prev])
            pieces[-1].append(p)
        for i, piece in enumerate(pieces):
            if len(piece) >= 2:
                out[name if len(pieces) == 1 else f"{name}.{i}"] = tuple(piece)
    return out


@cache
def load_board(variant: str = "sixteen", through_apex: bool = True) -> Board:
    """The board for ``board_variant`` ("sixteen": 37 points; "nineteen": 43 points)."""
    if variant == "sixteen":
        return _build(variant, _read_data(), through_apex)
    if variant == "nineteen":
        return _build(variant, triangle_board_data(3), through_apex)
    raise ValueError(f"board_variant must be 'sixteen' or 'nineteen', not {variant!r}")
