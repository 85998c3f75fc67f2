"""Many Poker Patience tableaux played at once with numpy: the engine of the bots.

A :class:`Batch` holds ``B`` tableaux as arrays of line states (:mod:`parlour.patience.tables`)
and the counts of the cards still unseen.  :func:`play_out` lays a ``B x T`` array of cards,
each tableau choosing its cell greedily on learned line values (:class:`LineValues`): the cell
whose row and column gain the most value.  The same code trains the values
(:mod:`parlour.patience.learn`) and runs the Monte-Carlo rollouts of the strong player.

Geometry follows :mod:`parlour.patience.tableau`: a fixed 5x5 grid, or the 9x9 frame in which a
floating layout lives, its first card in the middle.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from parlour.patience import tables as T
from parlour.patience.abstraction import Unseen, keys
from parlour.patience.tableau import Frame


@dataclass(frozen=True)
class Geometry:
    """Row, column and neighbour indices of a frame, as arrays."""

    floating: bool
    n: int = field(init=False)
    cells: int = field(init=False)
    row_of: np.ndarray = field(init=False, repr=False)
    col_of: np.ndarray = field(init=False, repr=False)
    neighbours: np.ndarray = field(init=False, repr=False)

    def __post_init__(self) -> None:
        n = 9 if self.floating else 5
        cells = n * n
        nb = np.full((cells, 8), cells, dtype=np.int64)  # padded with a dummy cell
        frame = Frame.of("floating" if self.floating else "fixed")
        for cell in range(cells):
            around = frame.neighbours(cell)
            nb[cell, : len(around)] = around
        object.__setattr__(self, "n", n)
        object.__setattr__(self, "cells", cells)
        object.__setattr__(self, "row_of", np.arange(cells) // n)
        object.__setattr__(self, "col_of", np.arange(cells) % n)
        object.__setattr__(self, "neighbours", nb)


GEOMETRIES = {False: Geometry(False), True: Geometry(True)}
_ADD = T.LINE_ADD.reshape(-1).astype(np.int64)


@dataclass(frozen=True)
class LineValues:
    """Learned values ``values[cards down, kind, key]`` of abstract lines (kind 0 rows, 1 columns).

    ``features`` names the abstraction of rows and of columns, as ``"rows,columns"``
    (:mod:`parlour.patience.abstraction`).
    """

    values: np.ndarray
    features: str
    by_kind: tuple[str, ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_kind", tuple(self.features.split(",")))

    def of(self, placed: int, kind: int, states: np.ndarray, unseen: Unseen) -> np.ndarray:
        """The value of each line in ``states`` (B x L) with ``placed`` cards down."""
        table = self.values[min(placed, len(self.values) - 1), kind]
        return table.take(keys(states, unseen, self.by_kind[kind]))

    def index(self, placed: int, kind: int, states: np.ndarray, unseen: Unseen) -> np.ndarray:
        """Where in ``values.ravel()`` :meth:`of` reads each line's value."""
        table = min(placed, len(self.values) - 1) * 2 + kind
        return table * self.values.shape[2] + keys(states, unseen, self.by_kind[kind])


class Batch:
    """``B`` tableaux: line states of rows and columns, occupied cells, and (floating) the box."""

    def __init__(self, geo: Geometry, size: int) -> None:
        self.geo = geo
        n, cells = geo.n, geo.cells
        self.size = size
        self.rows = np.zeros((size, n), dtype=np.int64)
        self.cols = np.zeros((size, n), dtype=np.int64)
        self.free = np.ones((size, cells), dtype=bool)
        self.placed = 0
        self.unseen_ranks = np.full((size, 13), 4, dtype=np.int64)
        self.unseen_suits = np.full((size, 4), 13, dtype=np.int64)
        if geo.floating:
            self.touch = np.zeros((size, cells + 1), dtype=bool)  # touches a card; + a dummy
            self.box = np.zeros((size, 4), dtype=np.int64)  # top, bottom, left, right

    @classmethod
    def from_layout(cls, geo: Geometry, layout: list[int], size: int) -> Batch:
        """``size`` copies of one tableau (card52 per cell, -1 where empty)."""
        batch = cls(geo, 1)
        for cell, card in enumerate(layout):
            if card >= 0:
                batch.place(np.array([cell]), np.array([card]))
        return batch.repeat(size)

    def repeat(self, size: int) -> Batch:
        """A batch of ``size`` copies of this batch's first tableau."""
        return self.take(np.zeros(size, dtype=np.int64))

    def take(self, which: np.ndarray) -> Batch:
        """A batch of the tableaux ``which`` (indices, repeats allowed) of this one."""
        out = Batch.__new__(Batch)
        out.geo, out.size, out.placed = self.geo, len(which), self.placed
        for name in ("rows", "cols", "free", "touch", "box", "unseen_ranks", "unseen_suits"):
            if hasattr(self, name):
                setattr(out, name, getattr(self, name)[which])
        return out

    def legal(self) -> np.ndarray:
        """``B x cells`` mask of the cells the next card may go to (PP-2, PP-3)."""
        geo = self.geo
        free = self.free
        if not geo.floating:
            return free
        if self.placed == 0:
            mask = np.zeros_like(free)
            mask[:, (geo.n // 2) * geo.n + geo.n // 2] = True
            return mask
        lines = np.arange(geo.n)
        top, bottom, left, right = (self.box[:, i : i + 1] for i in range(4))
        rows_ok = (np.maximum(bottom, lines) - np.minimum(top, lines)) <= 4
        cols_ok = (np.maximum(right, lines) - np.minimum(left, lines)) <= 4
        in_box = (rows_ok[:, :, None] & cols_ok[:, None, :]).reshape(self.size, geo.cells)
        return free & in_box & self.touch[:, : geo.cells]

    def place(self, cells: np.ndarray, cards: np.ndarray) -> None:
        """Lay ``cards[b]`` (card52) in ``cells[b]`` of each tableau."""
        geo, idx = self.geo, np.arange(self.size)
        r, c = geo.row_of[cells], geo.col_of[cells]
        for lines, k in ((self.rows, r), (self.cols, c)):
            flat = lines.reshape(-1)
            at = idx * geo.n + k
            flat[at] = _ADD.take(flat.take(at) * 52 + cards)
        self.free.reshape(-1)[idx * geo.cells + cells] = False
        self.unseen_ranks[idx, cards // 4] -= 1
        self.unseen_suits[idx, cards % 4] -= 1
        if geo.floating:
            nb = geo.neighbours[cells]
            self.touch[idx[:, None], nb] = True  # the padding marks only the dummy cell
            if self.placed == 0:
                self.box[:] = np.stack([r, r, c, c], axis=1)
            else:
                np.minimum(self.box[:, 0], r, out=self.box[:, 0])
                np.maximum(self.box[:, 1], r, out=self.box[:, 1])
                np.minimum(self.box[:, 2], c, out=self.box[:, 2])
                np.maximum(self.box[:, 3], c, out=self.box[:, 3])
        self.placed += 1

    def with_card(
        self, cards: np.ndarray
    ) -> tuple[Unseen, tuple[tuple[np.ndarray, np.ndarray], tuple[np.ndarray, np.ndarray]]]:
        """What laying ``cards[b]`` changes: the unseen counts once it is down, and the rows'
        and the columns' states before and after it joins each of them."""
        idx = np.arange(self.size)
        ranks, suits = self.unseen_ranks.copy(), self.unseen_suits.copy()
        ranks[idx, cards // 4] -= 1
        suits[idx, cards % 4] -= 1
        rows, cols = (
            (lines, T.LINE_ADD.take(lines * 52 + cards[:, None]).clip(0))  # -1: a full line
            for lines in (self.rows, self.cols)
        )
        return Unseen(ranks, suits), (rows, cols)

    def gains(self, cards: np.ndarray, model: LineValues) -> np.ndarray:
        """``B x cells``: the learned value gained by laying ``cards[b]`` in each cell.

        Lines are valued as they will stand once the card is down: the card is no longer unseen.
        """
        unseen, lines = self.with_card(cards)
        gained = []
        for kind, (before, after) in enumerate(lines):
            now = model.of(self.placed + 1, kind, after, unseen)
            gained.append(now - model.of(self.placed + 1, kind, before, unseen))
        n = self.geo.n
        return (gained[0][:, :, None] + gained[1][:, None, :]).reshape(self.size, n * n)

    def choose(
        self,
        cards: np.ndarray,
        model: LineValues,
        eps: float = 0.0,
        rng: np.random.Generator | None = None,
    ) -> np.ndarray:
        """The cell each tableau lays its card in: best value gain, random with chance ``eps``."""
        legal = self.legal()
        score = np.where(legal, self.gains(cards, model), -np.inf)
        if rng is not None:  # break ties (and explore) at random
            score = score + rng.random(score.shape) * 1e-6
            if eps > 0:
                explore = rng.random(self.size) < eps
                if explore.any():
                    noise = rng.random((int(explore.sum()), legal.shape[1]))
                    score[explore] = np.where(legal[explore], noise, -1)
        return np.argmax(score, axis=1)

    def total(self, points: np.ndarray) -> np.ndarray:
        """Each tableau's score, given the points of every line state."""
        return points[self.rows].sum(axis=1) + points[self.cols].sum(axis=1)


def play_out(batch: Batch, cards: np.ndarray, model: LineValues) -> None:
    """Lay the ``B x T`` cards, one column after another, by the value-greedy policy."""
    for t in range(cards.shape[1]):
        batch.place(batch.choose(cards[:, t], model), cards[:, t])


def random_orders(
    pool: np.ndarray, count: int, length: int, rng: np.random.Generator
) -> np.ndarray:
    """``count`` random orders of ``length`` cards drawn without replacement from ``pool``."""
    if length == 0:
        return np.zeros((count, 0), dtype=np.int64)
    keys = rng.random((count, len(pool)))
    return pool[np.argsort(keys, axis=1)[:, :length]]
