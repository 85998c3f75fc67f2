"""Sixteen Soldiers: move counts from the start (perft) and the contract under every option.

The perft figures are a regression oracle, cross-checked by a second, deliberately simple
implementation written here from the data file alone (string points, a dict board).
"""

from __future__ import annotations

import json
from importlib import resources

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import parlour
from parlour.boards.sixteen_soldiers import PRESETS, Engine, SixteenSoldiersRules, state_at
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


def simple_moves(
    data,
    board: dict[str, str],
    me: str,
    *,
    removal: str = "immediate",
    exhaust: bool = False,
    mandatory: bool = False,
) -> list[tuple[str, dict[str, str]]]:
    """Every step and capture chain of ``me`` with the board after it (A.7's options: each
    chain's every prefix, or with ``exhaust`` only chains that cannot go on; with
    ``mandatory`` only the chains when there is one; ``removal="end_of_chain"`` lifts the
    taken pieces when the chain ends, so none is jumped twice or landed on)."""
    enemy = "N" if me == "S" else "S"
    near: dict[str, list[str]] = {p: [] for p in data["points"]}
    for a, b, *_ in data["edges"]:
        near[a].append(b)
        near[b].append(a)
    hops: dict[str, list[tuple[str, str]]] = {p: [] for p in data["points"]}
    for a, b, c, *_ in data["jump_triples"]:
        hops[a].append((b, c))
        hops[c].append((b, a))
    steps: list[tuple[str, dict[str, str]]] = []
    chains: list[tuple[str, dict[str, str]]] = []

    def chain(where: str, route: list[str], grid: dict[str, str], taken: list[str]) -> None:
        grew = False
        for over, land in hops[where]:
            if grid[over] == enemy and grid[land] == "." and over not in taken:
                grew = True
                after = {**grid, where: ".", land: me}
                if removal == "immediate":
                    after[over] = "."
                chain(land, [*route, land], after, [*taken, over])
        if taken and not (grew and exhaust):  # lift what is left of the taken pieces
            left = [] if removal == "immediate" else taken  # it may have landed on a taken point
            chains.append(("x".join(route), {**grid, **dict.fromkeys(left, ".")}))

    for p, who in board.items():
        if who == me:
            steps += [(f"{p}-{q}", {**board, p: ".", q: me}) for q in near[p] if board[q] == "."]
            chain(p, [p], board, [])
    return chains if mandatory and chains else steps + chains


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


#: the capture rules of A.7, alone and together (huffing aside: it adds moves of its own)
CAPTURE_RULES = [
    {},
    {"capture_removal": "end_of_chain"},
    {"chain_continuation": "mandatory_until_exhausted"},
    {"capture_mandatory": True},
    {
        "capture_mandatory": True,
        "chain_continuation": "mandatory_until_exhausted",
        "capture_removal": "end_of_chain",
    },
]
_LABELS = list(_data()["points"])


@pytest.mark.rule("SS-2")
@pytest.mark.rule("SS-3")
@pytest.mark.rule("SS-4")
@pytest.mark.rule("SS-5")
@settings(max_examples=250, deadline=None)
@given(
    points=st.lists(st.sampled_from(_LABELS), unique=True, min_size=1, max_size=24),
    cut=st.integers(0, 24),
    to_move=st.integers(0, 1),
    options=st.sampled_from(CAPTURE_RULES),
)
def test_any_position_has_exactly_the_simple_implementations_moves(points, cut, to_move, options):
    """SS-2..SS-5 away from the opening, where perft never goes: long chains turning in every
    direction, back past their start and across the apexes, blocked and lone pieces.  The
    legal moves are exactly those of the simple implementation, under each capture rule of
    A.7; the game is over exactly when it finds none (SS-5); and each move leaves the board
    it says: the piece moved, the pieces it jumped gone, no other piece touched."""
    data = _data()
    south, north = points[:cut], points[cut:]
    state = state_at(parlour.make("sixteen-soldiers", **options), south, north, to_move)
    board = dict.fromkeys(_LABELS, ".") | dict.fromkeys(south, "S") | dict.fromkeys(north, "N")
    expected = simple_moves(
        data,
        board,
        "SN"[to_move],
        removal=options.get("capture_removal", "immediate"),
        exhaust=options.get("chain_continuation") == "mandatory_until_exhausted",
        mandatory=options.get("capture_mandatory", False),
    )
    assert sorted(str(m) for m in state.legal_actions()) == sorted(t for t, _ in expected)
    assert state.is_over == (not expected)
    for text, after in expected:
        played = state.clone().apply(text).observation(0)["board"]
        assert played == "".join(after[p] for p in _LABELS), text


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
