"""Meusuëb rules MS-1 … MS-7 (seed S1; board-games.md B): real positions, exact boards.

Holes are numbered as in board-games.md B.2: 0–5 South's row (S1…S6), 6–11 North's
(N1…N6), sowing always towards the next number.  Also the helpers the other
meusuëb test modules share: :func:`at` and :func:`reference_turn`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

import parlour
from parlour.boards.meusueb import MeusuebState
from parlour.game import GameOptionError, IllegalAction


def at(
    board: Sequence[int],
    stores: Sequence[int] = (0, 0),
    mover: int = 0,
    **options: Any,
) -> MeusuebState:
    """A fresh game whose position is ``board``/``stores`` with ``mover`` to sow."""
    state = parlour.make("meusueb", **options).new_state(seed=0)
    assert isinstance(state, MeusuebState)
    pos = state.position
    pos.board, pos.stores, pos.mover = list(board), list(stores), mover
    return state


def reference_turn(
    board: Sequence[int],
    stores: Sequence[int],
    mover: int,
    hole: int,
    cap: int = 1000,
    *,
    skip_origin_on_lap: bool = True,
    sow_into_stores: bool = False,
    sueb_rows: str = "both",
) -> tuple[list[int], list[int]]:
    """One main-phase turn, word for word from board-games.md B.4 (and B.7's sowing options).

    No shortcut: every lift is sown pip by pip, up to ``cap`` lifts.  With
    ``sow_into_stores`` the mover's store lies after his last hole (S6 or N6): a pip goes into
    it when the sowing passes, and a last pip there ends the turn.
    """
    board, stores = list(board), list(stores)
    store_after = 6 * mover + 5  # the mover's last hole
    for _ in range(cap):
        count, board[hole], pos = board[hole], 0, hole
        while count:
            if sow_into_stores and pos == store_after:
                stores[mover] += 1
                count -= 1
                if not count:  # the last pip in the store
                    return board, stores
            pos = (pos + 1) % 12
            if pos == hole and skip_origin_on_lap:  # a lap skips the emptied hole
                continue
            board[pos] += 1
            count -= 1
        held = board[pos] - 1
        if held == 0:  # dead
            break
        own = pos // 6 == mover
        sueb_here = {"both": True, "own_row_only": own, "opponent_row_only": not own}[sueb_rows]
        if held == 3 and sueb_here:  # suëb, then adòë suëb if the next hole holds pips
            board[pos] = 0
            stores[mover] += 4
            hole = (pos + 1) % 12
            if board[hole] == 0:
                break
            continue
        hole = pos  # relay
    return board, stores


def view(state: MeusuebState) -> tuple[list[int], list[int], int | None, str]:
    obs = state.observation(0)
    return obs["board"], obs["stores"], obs["to_move"], obs["phase"]


NORTH_FULL = [4, 4, 4, 4, 4, 4]


# -- MS-1 ---------------------------------------------------------------------------


@pytest.mark.rule("MS-1")
def test_ms1_two_rows_of_six_four_pips_each_and_two_empty_stores():
    state = parlour.make("meusueb").new_state(seed=0)
    assert view(state) == ([4] * 12, [0, 0], 0, "main")
    assert state.legal_actions() == ["S1", "S2", "S3", "S4", "S5", "S6"]


@pytest.mark.rule("MS-2")
def test_ms2_a_hole_is_read_with_a_space_inside():
    """'S 1' was refused as no move; it is S1."""
    state = parlour.make("meusueb").new_state(seed=0)
    state.apply("s 1")
    assert state.history[-1]["action"] == "S1"


# -- MS-2 ---------------------------------------------------------------------------


@pytest.mark.rule("MS-2")
def test_ms2_b7_vector_south_first_move_from_hole_0():
    """B.7: relays through holes 4, 9, 2 and 8, dies in hole 2."""
    state = parlour.make("meusueb").new_state(seed=0).apply("S1")
    assert view(state) == ([2, 7, 1, 6, 1, 6, 6, 6, 0, 1, 6, 6], [0, 0], 1, "main")
    last = state.observation(1)["last"]
    assert last["lifts"] == ["S1", "S5", "N4", "S3", "N3"] and last["at"] == "S3"


@pytest.mark.rule("MS-2")
@pytest.mark.parametrize("k", range(1, 6))
def test_ms2_b7_vector_holes_1_to_5_give_the_board_shifted(k):
    """B.7: by rotational symmetry hole k gives the hole-0 board shifted by k."""
    base = [2, 7, 1, 6, 1, 6, 6, 6, 0, 1, 6, 6]
    state = parlour.make("meusueb").new_state(seed=0).apply(f"S{k + 1}")
    assert state.observation(0)["board"] == base[-k:] + base[:-k]


@pytest.mark.rule("MS-2")
def test_ms2_south_sows_left_to_right_then_along_north_row_from_n1():
    """MS-2: from S6 the pips go on to N1, N2 (right to left as South sees North's row)."""
    state = at([0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 4])
    state.apply("S6")
    assert view(state) == ([0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 4], [0, 0], 1, "main")


@pytest.mark.rule("MS-2")
def test_ms2_north_sows_from_n6_on_to_s1():
    state = at([4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2], mover=1)
    state.apply("N6")
    assert view(state) == ([5, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [0, 0], 0, "main")


@pytest.mark.rule("MS-2")
def test_ms2_a_lap_skips_the_emptied_hole_by_default():
    """MS-2 'the other holes': 12 pips from S1 skip S1, land on S2 and relay on."""
    state = at([12] + [0] * 11)
    state.apply("S1")
    assert view(state)[:2] == ([1, 1, 2, 0, 2, 0, 2, 0, 2, 0, 2, 0], [0, 0])


@pytest.mark.rule("MS-2")
def test_ms2_without_skip_origin_the_twelfth_pip_dies_in_the_emptied_hole():
    state = at([12] + [0] * 11, skip_origin_on_lap=False)
    state.apply("S1")
    assert view(state)[:2] == ([1] * 12, [0, 0])


@pytest.mark.rule("MS-2")
def test_ms2_only_a_non_empty_hole_of_ones_own_row_by_default():
    state = at([0, 4, 4, 4, 4, 4, *NORTH_FULL])
    before = view(state)
    with pytest.raises(IllegalAction, match=r"MS-2.*own row"):
        state.apply("N1")
    with pytest.raises(IllegalAction, match=r"MS-2.*empty"):
        state.apply("S1")
    with pytest.raises(IllegalAction, match=r"names no meusuëb move \(MS-2: a hole to sow"):
        state.apply("S7")
    assert view(state) == before
    with pytest.raises(IllegalAction, match=r"names no meusuëb move \(MS-2: a hole to sow"):
        state.apply("ſ2")  # a long s, which upper() makes S
    state.apply(" s2 ")  # any case, and outer spaces, as the other games take theirs
    assert state.history[-1]["action"] == "S2"


@pytest.mark.rule("MS-2")
def test_ms2_any_hole_option_lets_south_sow_from_north_row():
    # 8 pips: under any_hole fewer than 8 start the endgame (MS-7)
    state = at([0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 2, 4], start_hole_scope="any_hole")
    assert state.legal_actions() == ["N1", "N5", "N6"]
    state.apply("N1")
    assert view(state) == ([0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 2, 4], [0, 0], 1, "main")


@pytest.mark.rule("MS-2")
def test_ms2_sow_into_stores_option_drops_a_pip_in_ones_own_store_only():
    state = at([0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 4], sow_into_stores=True)
    state.apply("S6")  # S6 -> South's store -> N1 (empty: dead)
    assert view(state) == ([0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 4], [1, 0], 1, "main")
    state.apply("N6")  # 4 from N6: North's store, S1, S2, S3 (S3 empty: dead)
    assert view(state) == ([1, 1, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0], [1, 1], 0, "main")
    state.apply("S3")  # S3 -> S4 (dead); South's store is passed only after S6
    assert view(state)[:2] == ([1, 1, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0], [1, 1])


@pytest.mark.rule("MS-2")
def test_ms2_sow_into_stores_last_pip_in_the_store_ends_the_turn():
    state = at([0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 4], sow_into_stores=True)
    state.apply("S6")
    assert view(state) == ([0] * 11 + [4], [1, 0], 1, "main")
    assert state.observation(1)["last"]["end"] == "store"


# -- MS-3 and MS-4 ------------------------------------------------------------------


@pytest.mark.rule("MS-3")
def test_ms3_last_pip_in_an_occupied_hole_lifts_it_and_sows_on():
    """MS-3: S1 (2) reaches S3 holding 1, lifts its 2 and sows S4, S5; S5 was empty."""
    state = at([2, 0, 1, 0, 0, 0, *NORTH_FULL])
    state.apply("S1")
    assert view(state) == ([0, 1, 0, 1, 1, 0, *NORTH_FULL], [0, 0], 1, "main")
    assert state.observation(0)["last"]["lifts"] == ["S1", "S3"]


@pytest.mark.rule("MS-3")
def test_ms3_a_hole_holding_four_or_more_is_relayed_not_captured():
    state = at([1, 4, 0, 0, 0, 0, 0, 4, 4, 4, 4, 4])  # S2 then holds 5: lift and sow on
    state.apply("S1")
    assert view(state) == ([0, 0, 1, 1, 1, 1, 1, 4, 4, 4, 4, 4], [0, 0], 1, "main")


@pytest.mark.rule("MS-4")
def test_ms4_last_pip_in_an_empty_hole_is_dead_and_the_turn_passes():
    state = at([2, 0, 0, 0, 0, 0, *NORTH_FULL])
    state.apply("S1")
    assert view(state) == ([0, 1, 1, 0, 0, 0, *NORTH_FULL], [0, 0], 1, "main")
    assert state.observation(1)["last"]["end"] == "dead"


# -- MS-5 and MS-6 ------------------------------------------------------------------


@pytest.mark.rule("MS-5")
@pytest.mark.rule("MS-6")
def test_ms5_sueb_in_own_row_then_ms6_next_hole_empty_keeps_winnings():
    """MS-5: S3 held 3, so 3 + 1 go to the store; MS-6: S4 is empty, the turn passes."""
    state = at([2, 0, 3, 0, 0, 0, *NORTH_FULL])
    state.apply("S1")
    assert view(state) == ([0, 1, 0, 0, 0, 0, *NORTH_FULL], [4, 0], 1, "main")


@pytest.mark.rule("MS-5")
@pytest.mark.rule("MS-6")
def test_ms5_sueb_in_opponents_row_then_ms6_adoe_sueb_sows_on_from_the_next_hole():
    """S6 (2) reaches N2 holding 3: suëb; adòë suëb lifts N3 (4) and dies in S1."""
    state = at([0, 0, 0, 0, 0, 2, 4, 3, 4, 0, 0, 0])
    state.apply("S6")
    assert view(state) == ([1, 0, 0, 0, 0, 0, 5, 0, 0, 1, 1, 1], [4, 0], 1, "main")


@pytest.mark.rule("MS-6")
def test_ms6_adoe_sueb_goes_on_from_a_next_hole_holding_a_single_pip():
    """Suëb in N2; N3 holds 1, not empty, so adòë suëb lifts it: the pip relays N4 (5),
    which dies in S3."""
    board = [0, 0, 0, 0, 0, 2, 4, 3, 1, 4, 4, 4]
    state = at(board)
    state.apply("S6")
    after = [1, 1, 1, 0, 0, 0, 5, 0, 0, 0, 5, 5]
    assert view(state) == (after, [4, 0], 1, "main")
    assert reference_turn(board, [0, 0], 0, 5) == (after, [4, 0])
    assert state.observation(0)["last"]["lifts"] == ["S6", "suëb N2", "N3", "N4"]


@pytest.mark.rule("MS-5")
@pytest.mark.rule("MS-6")
def test_ms5_ms6_suebs_chain_within_one_turn():
    """Suëb in N2, adòë suëb from N3 (2) reaches N5 holding 3: a second suëb; N6 empty."""
    state = at([0, 0, 0, 0, 0, 2, 4, 3, 2, 0, 3, 0])
    state.apply("S6")
    assert view(state) == ([0, 0, 0, 0, 0, 0, 5, 0, 0, 1, 0, 0], [8, 0], 1, "main")
    assert state.observation(0)["last"]["gained"] == 8


@pytest.mark.rule("MS-5")
def test_ms5_sueb_rows_own_row_only_relays_a_three_in_the_opponents_row():
    state = at([0, 0, 0, 0, 0, 2, 4, 3, 4, 0, 0, 0], sueb_rows="own_row_only")
    state.apply("S6")
    assert view(state) == ([0, 0, 0, 0, 0, 0, 5, 0, 5, 1, 1, 1], [0, 0], 1, "main")


@pytest.mark.rule("MS-5")
def test_ms5_sueb_rows_opponent_row_only_relays_a_three_in_ones_own_row():
    state = at([2, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 1], sueb_rows="opponent_row_only")
    state.apply("S1")
    assert view(state) == ([0, 1, 0, 1, 1, 1, 1, 0, 0, 0, 0, 1], [0, 0], 1, "main")


@pytest.mark.rule("MS-6")
def test_ms6_optional_adoe_sueb_lets_the_player_go_on():
    state = at([0, 0, 0, 0, 0, 2, 4, 3, 4, 0, 0, 0], adoe_sueb="optional")
    state.apply("S6")
    assert view(state) == ([0, 0, 0, 0, 0, 0, 5, 0, 4, 0, 0, 0], [4, 0], 0, "adoe")
    assert state.legal_actions() == ["go", "stop"]
    assert state.observation(1)["pending"] == "N3"
    with pytest.raises(IllegalAction, match="MS-6"):
        state.apply("S1")
    state.apply("go")
    assert view(state) == ([1, 0, 0, 0, 0, 0, 5, 0, 0, 1, 1, 1], [4, 0], 1, "main")
    assert state.observation(1)["last"]["lifts"][0] == "S6"


@pytest.mark.rule("MS-6")
def test_ms6_optional_adoe_sueb_stop_keeps_the_winnings_and_passes_the_turn():
    state = at([0, 0, 0, 0, 0, 2, 4, 3, 4, 0, 0, 0], adoe_sueb="optional")
    state.apply("S6").apply("stop")
    assert view(state) == ([0, 0, 0, 0, 0, 0, 5, 0, 4, 0, 0, 0], [4, 0], 1, "main")


@pytest.mark.rule("MS-3")
def test_ms3_relay_loop_cap_ends_a_turn_after_that_many_lifts():
    """B.4 safeguard: with a cap of 2 lifts the B.7 relay stops with its pip in N4."""
    state = parlour.make("meusueb", relay_loop_cap=2).new_state(seed=0).apply("S1")
    assert view(state) == ([0, 5, 5, 5, 0, 5, 5, 5, 5, 5, 4, 4], [0, 0], 1, "main")
    assert state.observation(0)["last"]["end"] == "cap"


LOOP = [1, 0, 1, 0, 1, 2, 0, 1, 0, 1, 0, 2]  # sowing S6 from here relays for ever


@pytest.mark.rule("MS-3")
@pytest.mark.parametrize("cap", [100, 137, 1000])
def test_ms3_an_endless_relay_stops_at_the_cap_exactly_as_lift_by_lift(cap):
    """The engine jumps along a relay cycle; the board equals sowing all ``cap`` lifts."""
    state = at(LOOP, relay_loop_cap=cap)
    state.apply("S6")
    assert view(state)[:3] == (*reference_turn(LOOP, [0, 0], 0, 5, cap=cap), 1)
    assert state.observation(0)["last"]["end"] == "cap"


# -- MS-7 ---------------------------------------------------------------------------

# South's suëb in S3 leaves 2 pips (S2, N6): fewer than 4, so the endgame starts with North.
FEW = [2, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 1]


@pytest.mark.rule("MS-7")
def test_ms7_single_step_then_claim_default():
    state = at(FEW)
    state.apply("S1")
    assert view(state) == ([0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], [4, 0], 1, "endgame")
    assert state.legal_actions() == ["pip:N6"]
    state.apply("pip:N6")  # forced across: lost to North, it lies on South's side
    assert view(state) == ([1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [4, 0], 0, "endgame")
    assert state.legal_actions() == ["pip:S1", "pip:S2"]
    state.apply("pip:S2")
    assert view(state) == ([0] * 12, [6, 0], None, "over")
    assert state.payoffs() == [1.0, -1.0]
    # the two pips South claimed are said, not only added to his store
    assert state.observation(0)["claimed"] == [2, 0]
    from parlour.boards.cli_meusueb import render

    shown = " ".join(str(render(state.observation(0), 0)).split())
    assert "each took the pips on his own side into his store (MS-7): South 2." in shown


@pytest.mark.rule("MS-7")
def test_ms7_claim_immediately_credits_each_side_at_once():
    state = at(FEW, endgame_mode="claim_immediately")
    state.apply("S1")
    assert view(state) == ([0] * 12, [5, 1], None, "over")


@pytest.mark.rule("MS-7")
def test_ms7_repeated_steps_until_the_board_is_empty_pips_removed():
    state = at(FEW, endgame_mode="repeat_single_steps_until_board_empty")
    state.apply("S1").apply("pip:N6")
    assert view(state) == ([0, 1] + [0] * 10, [4, 0], 0, "endgame")
    for hole in ("S2", "S3", "S4", "S5"):  # North has no pip, so South steps on alone
        state.apply(f"pip:{hole}")
        assert state.to_move == 0
    with pytest.raises(IllegalAction, match="MS-7"):
        state.apply("S6")
    state.apply("pip:S6")
    assert view(state) == ([0] * 12, [4, 0], None, "over")


@pytest.mark.rule("MS-7")
def test_ms7_repeated_steps_take_turns_while_both_sides_hold_pips():
    """MS-7: "each player takes one turn with one pip": with pips on both sides the steps
    alternate, South then North then South."""
    state = at([2, 0, 3, 0, 0, 0, 1, 0, 0, 0, 0, 1],
               endgame_mode="repeat_single_steps_until_board_empty")  # fmt: skip
    state.apply("S1")
    assert view(state) == ([0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1], [4, 0], 1, "endgame")
    state.apply("pip:N1")
    assert state.to_move == 0 and state.legal_actions() == ["pip:S2"]


@pytest.mark.rule("MS-7")
def test_ms7_repeated_steps_with_lost_pips_to_the_opponents_store():
    state = at(
        FEW,
        endgame_mode="repeat_single_steps_until_board_empty",
        lost_pip_destination="opponent_store",
    )
    state.apply("S1").apply("pip:N6")
    assert view(state)[1] == [5, 0]
    for hole in ("S2", "S3", "S4", "S5", "S6"):
        state.apply(f"pip:{hole}")
    assert view(state) == ([0] * 12, [5, 1], None, "over")


@pytest.mark.rule("MS-7")
def test_ms7_an_empty_row_ends_the_main_phase_and_a_pipless_player_skips():
    """North's sowing empties nothing of South's, whose row is empty: the endgame starts."""
    state = at([0] * 6 + [2, 0, 0, 0, 0, 4], mover=1)
    state.apply("N1")
    assert view(state) == ([0] * 6 + [0, 1, 1, 0, 0, 4], [0, 0], 1, "endgame")
    assert state.legal_actions() == ["pip:N2", "pip:N3", "pip:N6"]
    state.apply("pip:N2")
    assert view(state) == ([0] * 12, [0, 6], None, "over")
    assert state.payoffs() == [-1.0, 1.0]


@pytest.mark.rule("MS-7")
def test_ms7_empty_row_rule_pass_gives_the_turn_back():
    # 8 pips: under pass fewer than 8 start the endgame (MS-7)
    state = at([0] * 6 + [2, 0, 0, 0, 2, 4], mover=1, empty_row_rule="pass")
    state.apply("N1")
    assert view(state) == ([0] * 6 + [0, 1, 1, 0, 2, 4], [0, 0], 1, "main")
    assert state.legal_actions() == ["N2", "N3", "N5", "N6"]


@pytest.mark.rule("MS-7")
def test_ms7_threshold_option_and_turn_cap_start_the_endgame():
    state = parlour.make("meusueb", endgame_threshold_pips=49).new_state(seed=0)
    assert view(state)[3] == "endgame" and state.legal_actions()[0] == "pip:S1"
    state = parlour.make("meusueb", main_phase_turn_cap=2).new_state(seed=0)
    state.apply("S1")
    assert view(state)[3] == "main"
    state.apply("N1")
    assert view(state)[3] == "endgame" and state.to_move == 0


@pytest.mark.rule("MS-7")
def test_ms7_the_last_pips_are_claimed_and_24_all_is_a_draw():
    state = at([0] * 6 + [0] * 5 + [1], stores=(24, 23), mover=1, endgame_mode="claim_immediately")
    state.apply("N6")  # N6 -> S1, dead; 1 pip left: the endgame credits it to South
    assert view(state) == ([0] * 12, [25, 23], None, "over")
    state = at([0] * 6 + [0] * 5 + [1], stores=(24, 23), mover=1)
    state.apply("N6").apply("pip:S1")
    assert view(state)[1] == [25, 23]
    tie = at([1] + [0] * 11, stores=(23, 24), mover=0, endgame_mode="claim_immediately")
    tie.apply("S1")
    assert view(tie) == ([0] * 12, [24, 24], None, "over") and tie.payoffs() == [0.0, 0.0]


# -- options -------------------------------------------------------------------------


def test_first_player_north_option_and_options_round_trip():
    game = parlour.make("meusueb", first_player="north", adoe_sueb="optional")
    assert game.new_state(seed=0).to_move == 1
    again = parlour.make("meusueb", **game.options())
    assert again.rules == game.rules


@pytest.mark.rule("MS-7")
def test_ms7_threshold_unset_follows_the_scope_and_a_threshold_that_never_fires_is_refused():
    """MS-7 / B.5: where no empty row ends the main phase (any_hole, pass) and pips leave the
    board 4 at a time, the unset threshold is 8 (the last 4 remain over for the endgame); a
    threshold of 4 or less there would fire only on an empty board, so it is refused."""
    threshold = {
        (): 4,
        (("start_hole_scope", "any_hole"),): 8,
        (("empty_row_rule", "pass"),): 8,
        (("start_hole_scope", "any_hole"), ("sow_into_stores", True)): 4,  # pips leave one by one
        (("endgame_threshold_pips", 0),): 0,  # own row: an empty row ends the main phase
    }
    for options, pips in threshold.items():
        game = parlour.make("meusueb", **dict(options))
        assert game.rules.endgame_threshold_pips == pips
        assert parlour.make("meusueb", **game.options()).rules == game.rules
    assert parlour.make("meusueb", start_hole_scope="any_hole", endgame_threshold_pips=12)
    for pips in (0, 4):
        with pytest.raises(
            GameOptionError,
            match=rf"start_hole_scope=any_hole .*endgame_threshold_pips={pips} .*MS-7.*set "
            "endgame_threshold_pips to 8",
        ):
            parlour.make("meusueb", start_hole_scope="any_hole", endgame_threshold_pips=pips)
    with pytest.raises(GameOptionError, match="empty_row_rule=pass no empty row"):
        parlour.make("meusueb", empty_row_rule="pass", endgame_threshold_pips=4)


@pytest.mark.rule("MS-1")
def test_pips_per_hole_is_bounded_so_that_a_game_neither_hangs_nor_breaks_the_board():
    """pips_per_hole=100000 took 37 s a sowing, and 1000 no longer fitted the drawing; 0 and
    -1 were refused as "must be ≥ 1", though 1..20 is what is taken."""
    assert parlour.make("meusueb").rules.pips_per_hole == 4  # MS-1
    assert parlour.make("meusueb", pips_per_hole=20).rules.pips_per_hole == 20
    assert parlour.make("meusueb", pips_per_hole=1).rules.pips_per_hole == 1
    for pips in (-1, 0, 21, 1000):
        with pytest.raises(GameOptionError, match=rf"pips_per_hole must be 1..20 .*not {pips}"):
            parlour.make("meusueb", pips_per_hole=pips)


def test_presets_expand_to_field_values_and_bad_options_are_named():
    literal = parlour.make("meusueb", preset="literal")
    assert literal.rules.start_hole_scope == "any_hole" and literal.rules.adoe_sueb == "optional"
    assert literal.rules.endgame_threshold_pips == 8  # MS-7: the last 4 pips remain over
    assert parlour.make("meusueb", preset="ludii").rules.endgame_mode == "claim_immediately"
    with pytest.raises(GameOptionError, match="preset"):
        parlour.make("meusueb", preset="nope")
    with pytest.raises(GameOptionError, match="unknown rule option 'sueb'"):
        parlour.make("meusueb", sueb="both")
    with pytest.raises(
        GameOptionError,
        match="meusueb: option 'endgame_mode' must be one of single_step_then_claim, "
        "repeat_single_steps_until_board_empty, claim_immediately, not 'sometimes'",
    ):
        parlour.make("meusueb", endgame_mode="sometimes")
    with pytest.raises(GameOptionError, match="relay_loop_cap"):
        parlour.make("meusueb", relay_loop_cap=0)


@pytest.mark.rule("MS-6")
def test_ms6_go_or_stop_with_no_sueb_pending_is_refused_naming_ms6():
    """'go' and 'stop' answer a suëb (adòë suëb, MS-6); they were called endgame moves."""
    state = parlour.make("meusueb").new_state(seed=1)
    for text in ("go", "stop"):
        with pytest.raises(IllegalAction, match=r"MS-6: .* answers a suëb"):
            state.apply(text)
