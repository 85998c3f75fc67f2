"""Meusuëb under every rule option: the protocol contract, pips conserved, a reference relay."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import parlour
from parlour.boards.meusueb import PRESETS, Position, move_text
from parlour.testing import check_contract, play_random
from tests.boards.test_meusueb import at, reference_turn

OPTION_SETS = [
    {},
    {"preset": "ludii"},
    {"preset": "literal"},
    {"start_hole_scope": "any_hole"},
    {"start_hole_scope": "any_hole", "sow_into_stores": True},
    {"sow_into_stores": True},
    {"skip_origin_on_lap": False},
    {"sueb_rows": "own_row_only"},
    {"sueb_rows": "opponent_row_only"},
    {"adoe_sueb": "optional"},
    {"empty_row_rule": "pass"},
    {"empty_row_rule": "pass", "start_hole_scope": "any_hole"},
    {"endgame_threshold_pips": 0},
    {"endgame_threshold_pips": 12},
    {"endgame_mode": "claim_immediately"},
    {"endgame_mode": "repeat_single_steps_until_board_empty"},
    {
        "endgame_mode": "repeat_single_steps_until_board_empty",
        "lost_pip_destination": "opponent_store",
    },
    {"first_player": "north"},
    {"relay_loop_cap": 3},
    {"main_phase_turn_cap": 0},
    {"pips_per_hole": 3},
]


@pytest.mark.rule("MS-1")
@pytest.mark.rule("MS-7")
@pytest.mark.parametrize(
    "options", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default"
)
def test_every_option_set_passes_the_contract(options):
    """MS-1…MS-7 under each option of board-games.md B.7: random games end and obey the protocol."""
    assert check_contract(parlour.make("meusueb", **options), seeds=range(5)) > 0


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_preset_at_its_own_caps_passes_the_contract(preset):
    check_contract(
        parlour.make("meusueb", preset=preset), seeds=[0], probe_every=60, hidden_every=60
    )


@pytest.mark.rule("MS-7")
@pytest.mark.parametrize(
    "options",
    [{}, {"preset": "ludii"}, {"sow_into_stores": True}, {"adoe_sueb": "optional"}],
    ids=["default", "ludii", "sow_into_stores", "optional"],
)
def test_whole_random_games_end_with_all_48_pips_in_the_stores(options):
    """MS-7: the game ends when the pips are all won or claimed; none is created or lost."""
    game = parlour.make("meusueb", **options)
    for seed in range(30):
        state = play_random(game, seed)
        obs = state.observation(0)
        assert sum(obs["stores"]) == 48 and not any(obs["board"])


boards = st.lists(st.integers(0, 9), min_size=12, max_size=12)


@pytest.mark.rule("MS-2")
@pytest.mark.rule("MS-5")
@settings(max_examples=150, deadline=None)
@given(
    board=boards,
    hole=st.integers(0, 11),
    sow_into_stores=st.booleans(),
    skip_origin_on_lap=st.booleans(),
    sueb_rows=st.sampled_from(["both", "own_row_only", "opponent_row_only"]),
    adoe_sueb=st.sampled_from(["forced_if_next_nonempty", "optional"]),
    mover=st.integers(0, 1),
)
def test_pips_are_conserved_by_every_sowing(
    board, hole, sow_into_stores, skip_origin_on_lap, sueb_rows, adoe_sueb, mover
):
    """MS-2…MS-6: a turn moves pips between holes and stores; it never makes or loses one."""
    board[hole] = board[hole] or 1
    state = at(
        board,
        stores=(4, 8),
        mover=mover,
        start_hole_scope="any_hole",
        sow_into_stores=sow_into_stores,
        skip_origin_on_lap=skip_origin_on_lap,
        sueb_rows=sueb_rows,
        adoe_sueb=adoe_sueb,
    )  # a small board may start the endgame (MS-7), which moves no pip before its first step
    total = sum(board) + 12
    state.apply(f"{'SN'[hole // 6]}{hole % 6 + 1}")
    while state.observation(0)["phase"] == "adoe":
        state.apply("go")
    obs = state.observation(0)
    assert sum(obs["board"]) + sum(obs["stores"]) == total
    assert obs["stores"][1 - mover] == (4, 8)[1 - mover]
    if not sow_into_stores:  # MS-5: the stores grow four pips a suëb
        assert obs["stores"][mover] % 4 == 0


@pytest.mark.rule("MS-2")
@pytest.mark.rule("MS-3")
@pytest.mark.rule("MS-4")
@pytest.mark.rule("MS-5")
@pytest.mark.rule("MS-6")
@settings(max_examples=300, deadline=None)
@given(
    board=boards,
    hole=st.integers(0, 11),
    mover=st.integers(0, 1),
    skip_origin_on_lap=st.booleans(),
    sow_into_stores=st.booleans(),
    sueb_rows=st.sampled_from(["both", "own_row_only", "opponent_row_only"]),
)
def test_the_engine_sows_as_the_plain_reference_does(
    board, hole, mover, skip_origin_on_lap, sow_into_stores, sueb_rows
):
    """MS-2…MS-6: equal to sowing pip by pip, lift by lift (B.4), for either player from
    either row, under each sowing option of B.7.  It was tried for South from his own row
    under the defaults alone, where a store is never sown, a lap always skips the emptied
    hole and every 3 is a suëb."""
    board[hole] = board[hole] or 1
    options = {
        "skip_origin_on_lap": skip_origin_on_lap,
        "sow_into_stores": sow_into_stores,
        "sueb_rows": sueb_rows,
    }
    pos = Position(parlour.make("meusueb", endgame_threshold_pips=0, **options).rules)
    pos.board, pos.mover = board[:], mover
    pos.play(hole)  # the engine's sowing takes any hole; the rules' choice of holes is MS-2's
    assert (pos.board, pos.stores) == reference_turn(board, [0, 0], mover, hole, **options)


@pytest.mark.rule("MS-7")
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_the_observation_holds_the_whole_position(seed):
    """Perfect information: a position rebuilt from any seat's observation plays on the same."""
    game = parlour.make("meusueb", adoe_sueb="optional")
    state = play_random(game, seed) if seed % 7 == 0 else game.new_state(seed=seed)
    for _ in range(seed % 40):
        if state.is_over:
            break
        state.apply(state.legal_actions()[seed % len(state.legal_actions())])
    for seat in (0, 1):
        pos = game.position(state.observation(seat))
        assert state.legal_actions() == [move_text(m) for m in pos.moves()]
        untold = {"last": None, "last_by_seat": None}  # what the terminal tells, not the rules
        assert pos.to_dict() | untold == state.position.to_dict() | untold


@pytest.mark.rule("MS-1")
@pytest.mark.rule("MS-5")
@pytest.mark.rule("MS-7")
@pytest.mark.parametrize(
    "options", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default"
)
def test_pips_are_conserved_move_by_move_in_random_games(options):
    """MS-1…MS-7 under each option set, after every move of random games: no hole goes
    below 0, no store ever loses a pip, the pips on the board and in the stores are those of
    the start (MS-1) until the endgame, where only pips pushed across may be lost (MS-7);
    without sowing into the stores a store grows by suëbs, 4 at a time, until the endgame
    claims (MS-5); and every game ends."""
    game = parlour.make("meusueb", **options)
    total = 12 * game.rules.pips_per_hole
    loses = (
        game.rules.endgame_mode == "repeat_single_steps_until_board_empty"
        and game.rules.lost_pip_destination == "removed"
    )
    for seed in range(3):
        state, rng = game.new_state(seed=seed), random.Random(seed)
        stores, pips = [0, 0], total
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            obs = state.observation(0)
            assert min(obs["board"]) >= 0 and all(map(int.__ge__, obs["stores"], stores))
            now = sum(obs["board"]) + sum(obs["stores"])
            assert now == pips or (loses and obs["phase"] in ("endgame", "over") and now < pips)
            if obs["phase"] in ("main", "adoe") and not game.rules.sow_into_stores:
                assert all(s % 4 == 0 for s in obs["stores"])
            stores, pips = obs["stores"], now
        assert not any(state.observation(0)["board"])
