"""Sixteen Soldiers: move counts from the start (perft) and the contract under every option.

The perft figures are a regression oracle, cross-checked by a second, deliberately simple
implementation written here from the data file alone (string points, a dict board).
"""

from __future__ import annotations

import json
from importlib import resources

import pytest

import parlour
from parlour.boards.sixteen_soldiers import PRESETS, Engine, SixteenSoldiersRules
from parlour.testing import check_contract

#: distinct move sequences from the start, depths 1-4, default rules (optional chains)
PERFT = [9, 69, 783, 9063]


def engine_perft(engine: Engine, cells: bytearray, side: int, depth: int) -> int:
    if depth == 0:
        return 1
    total = 0
    for path, taken in engine.moves(cells, side):
        engine.play(cells, path, taken)
        total += engine_perft(engine, cells, 1 - side, depth - 1)
        engine.unplay(cells, path, taken)
    return total


def _data():
    text = resources.files("parlour.data").joinpath("sixteen_soldiers_board.json").read_text()
    return json.loads(text)


def simple_moves(data, board: dict[str, str], me: str) -> list[tuple[str, dict[str, str]]]:
    """Every step and capture chain (each prefix) of ``me`` with the board after it."""
    enemy = "N" if me == "S" else "S"
    near: dict[str, list[str]] = {p: [] for p in data["points"]}
    for a, b, *_ in data["edges"]:
        near[a].append(b)
        near[b].append(a)
    hops: dict[str, list[tuple[str, str]]] = {p: [] for p in data["points"]}
    for a, b, c, *_ in data["jump_triples"]:
        hops[a].append((b, c))
        hops[c].append((b, a))
    found: list[tuple[str, dict[str, str]]] = []

    def chain(where: str, route: list[str], grid: dict[str, str]) -> None:
        for over, land in hops[where]:
            if grid[over] == enemy and grid[land] == ".":
                after = {**grid, over: ".", where: ".", land: me}
                found.append(("x".join([*route, land]), after))
                chain(land, [*route, land], after)

    for p, who in board.items():
        if who == me:
            found += [(f"{p}-{q}", {**board, p: ".", q: me}) for q in near[p] if board[q] == "."]
            chain(p, [p], board)
    return found


def simple_perft(data, board: dict[str, str], me: str, depth: int) -> int:
    if depth == 0:
        return 1
    other = "N" if me == "S" else "S"
    return sum(
        simple_perft(data, after, other, depth - 1) for _, after in simple_moves(data, board, me)
    )


def test_perft_depths_1_to_4_from_the_start():
    engine = Engine(SixteenSoldiersRules())
    cells = engine.start_cells()
    assert [engine_perft(engine, cells, 0, d) for d in range(1, 5)] == PERFT


def test_perft_agrees_with_an_independent_simple_implementation():
    data = _data()
    board = {p: "." for p in data["points"]}
    for side, who in (("south", "S"), ("north", "N")):
        for p in data["start"][side]:
            board[p] = who
    assert [simple_perft(data, board, "S", d) for d in range(1, 4)] == PERFT[:3]


def test_perft_through_the_protocol_at_depth_3():
    game = parlour.make("sixteen-soldiers")

    def count(state, depth):
        if depth == 0:
            return 1
        total = 0
        for move in state.legal_actions():
            total += count(state.clone().apply(move), depth - 1)
        return total

    assert count(game.new_state(seed=0), 3) == PERFT[2]


@pytest.mark.rule("SS-4")
def test_perft_under_the_options():
    """SS-4 / A.7: move counts to depth 4 under mandatory capture, exhausted chains, 43 points."""

    def perft(depth, **options):
        engine = Engine(SixteenSoldiersRules(**options))
        return engine_perft(engine, engine.start_cells(), 0, depth)

    assert perft(4, capture_mandatory=True) == 329
    assert perft(4, chain_continuation="mandatory_until_exhausted") == 8721
    assert perft(4, board_variant="nineteen") == PERFT[3]


OPTION_SETS = [
    {},
    {"capture_mandatory": True},
    {"capture_mandatory": True, "huffing": True},
    {"chain_continuation": "mandatory_until_exhausted"},
    {"capture_removal": "end_of_chain"},
    {"triangle_lines_straight_through_apex": False},
    {"first_player": "north"},
    {"draw_rule": "none"},
    {"no_capture_plies": 0, "repetition_count": 2},
    {"board_variant": "nineteen"},
]


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "default")
def test_contract_under_every_option(options):
    game = parlour.make("sixteen-soldiers", **options)
    assert check_contract(game, seeds=range(2), probe_every=5, hidden_every=7) > 20


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_contract_under_every_preset(preset):
    game = parlour.make("sixteen-soldiers", preset=preset)
    assert check_contract(game, seeds=[3], probe_every=7, hidden_every=11) > 10
