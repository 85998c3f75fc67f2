"""Table stakes (the project's choice): when everyone else still in is all-in nobody can bet,
so nobody is asked; the hands go on to the draw and the show (W-9..W-11, J-3, J-6)."""

from __future__ import annotations

import json

import pytest

import parlour
from parlour.game import load_record
from parlour.poker.sitting import Sitting, SittingRules
from tests.poker.test_draw_support import play, stacked

JUNK = "2c 3d 5h 7s 9c"
FULL = "As Ad Ah Ks Kd"


def replays(game, state) -> bool:
    """The saved record (JSON) replays to the same deal, seen from every seat."""
    _, again, _ = load_record(json.dumps(game.record(state)))
    return all(again.observation(s) == state.observation(s) for s in range(game.num_players))


def conserved(state, stacks) -> bool:
    ends = [stacks[s] - state.contrib[s] + state.won[s] + state.penalties[s]
            for s in range(state.n)]  # fmt: skip
    return state.stacks == ends and sum(state.payoffs()) == 0


@pytest.mark.rule("W-9")
@pytest.mark.rule("W-11")
def test_W9_after_the_draw_nobody_to_bet_against_goes_to_the_show_not_a_forced_drop():
    game = parlour.make("draw-poker", players=2, dealer=1, stacks=(2, 50))
    state = stacked(game, {0: JUNK, 1: FULL})
    play(state, "call", "call")  # seat 1 comes in; the Age makes good with his last chip
    assert state.stacks == [0, 48]
    play(state, "pat", "pat")
    # seat 1 may not bet (nobody can call) nor check (W-9): he is not asked to drop
    assert state.is_over and state.outcome == "showdown"
    assert state.won == [0, 4] and state.payoffs() == [-2.0, 2.0]
    assert set(state.shown) == {0, 1}
    assert conserved(state, (2, 50)) and replays(game, state)


@pytest.mark.rule("W-10")
@pytest.mark.rule("W-11")
def test_W10_the_last_player_with_chips_after_a_drop_is_not_asked_the_show_follows():
    game = parlour.make("draw-poker", players=3, dealer=2, stacks=(3, 50, 50))
    state = stacked(game, {0: FULL, 1: JUNK, 2: "Qs Qd 4h 4s 8d"})
    play(state, "raise 1", "call", "call")  # the Age calls for all he has
    play(state, "pat", "pat", "pat")
    assert state.phase == "bet2" and state.to_move == 1  # two can still bet: seat 1 is asked
    play(state, "fold")
    assert state.is_over and state.outcome == "showdown"
    assert state.won == [9, 0, 0] and set(state.shown) == {0, 2}
    assert conserved(state, (3, 50, 50)) and replays(game, state)


@pytest.mark.rule("D-10")
def test_D10_coming_in_the_age_owing_nothing_against_all_in_callers_is_not_asked():
    game = parlour.make("draw-poker", players=3, dealer=2, preset="S4-club", stacks=(50, 1, 1))
    state = stacked(game, {0: JUNK, 1: "4c 4d 8h Js Kc", 2: FULL})
    play(state, "straddle")  # the Age doubles his ante: 2 to come in
    play(state, "call", "call")  # each calls for his only chip
    assert state.phase == "draw" and state.to_move == 0
    play(state, "pat", "pat", "pat")
    assert state.is_over and state.outcome == "showdown"
    # the main pool (1 each) to the full house; the Age takes back the chip nobody matched
    assert state.won == [1, 0, 3] and state.payoffs() == [-1.0, -1.0, 2.0]
    assert conserved(state, (50, 1, 1)) and replays(game, state)


@pytest.mark.rule("W-10")
def test_W10_a_player_facing_an_all_in_still_calls_or_drops_and_the_side_pool_returns():
    game = parlour.make("draw-poker", players=2, dealer=1, stacks=(1, 50))
    state = stacked(game, {0: FULL, 1: JUNK})
    assert state.stacks == [0, 50]  # the Age is all-in with his ante
    assert [str(a) for a in state.legal_actions()] == ["fold", "call"]  # nobody to raise
    play(state, "call", "pat", "draw 9c 7s")
    assert state.is_over and state.outcome == "showdown"
    assert state.won == [2, 1] and [p.amount for p in state.pools] == [2, 1]
    assert conserved(state, (1, 50)) and replays(game, state)


@pytest.mark.rule("W-3")
@pytest.mark.rule("W-11")
def test_W3_everyone_all_in_before_the_draw_still_draws_then_shows():
    game = parlour.make("draw-poker", players=2, dealer=1, stacks=(1, 2))
    state = stacked(game, {0: JUNK, 1: FULL}, stock="Jc Jd Jh")
    play(state, "call")  # seat 1 calls for all he has
    assert state.phase == "draw" and state.to_move == 0
    play(state, "draw 9c 7s 5h", "pat")
    assert state.drawn[0] and state.is_over and state.outcome == "showdown"
    assert state.won == [0, 3]
    assert conserved(state, (1, 2)) and replays(game, state)


@pytest.mark.rule("J-3")
@pytest.mark.rule("J-6")
def test_J3_heads_up_against_an_all_in_seat_openers_open_without_a_bet():
    game = parlour.make("jackpots", players=2, dealer=1, stacks=(0, 50), carry=(3, 3), redeal=1)
    state = stacked(game, {0: JUNK, 1: FULL})
    assert state.phase == "draw" and state.opener == 1  # nobody was asked: nobody could bet
    play(state, "pat", "pat")
    assert state.is_over and state.outcome == "showdown"
    assert state.observation(0)["openers_shown"] and not state.false_opener
    assert state.won == [0, 7] and state.payoffs() == [-3.0, 3.0]
    assert conserved(state, (0, 50)) and replays(game, state)


@pytest.mark.rule("J-3")
def test_J3_the_all_in_seats_openers_open_and_the_best_hand_shown_wins():
    game = parlour.make("jackpots", players=2, dealer=1, stacks=(0, 50), carry=(3, 3), redeal=1)
    state = stacked(game, {0: "Jh Jd 8c 5s 3d", 1: "Kh Qd 9c 6s 2h"})
    assert state.phase == "draw" and state.opener == 0
    play(state, "pat", "pat")
    assert state.is_over and state.won == [6, 1]  # the chip seat 0 could not match goes back
    assert conserved(state, (0, 50)) and replays(game, state)


@pytest.mark.rule("J-4")
def test_J4_nobody_can_bet_and_nobody_holds_openers_the_pot_is_carried():
    game = parlour.make("jackpots", players=2, dealer=1, stacks=(0, 50), carry=(3, 3), redeal=1)
    state = stacked(game, {0: JUNK, 1: "Kh Qd 9d 6s 2h"})
    assert state.is_over and state.outcome == "unopened"
    assert state.carry_out == [3, 4] and state.next_deal["redeal"] == 2
    assert conserved(state, (0, 50)) and replays(game, state)


@pytest.mark.rule("J-3")
@pytest.mark.rule("J-5")
def test_J3_beside_an_all_in_seat_each_with_chips_passes_or_opens_and_a_pass_stands():
    game = parlour.make("jackpots", players=3, dealer=2, stacks=(0, 50, 50), carry=(3, 3, 3))
    hands = {0: JUNK, 1: "Kh Qd 9d 6s 2h", 2: "Qs Qc 4h 4s 8d"}
    state = stacked(game, hands)
    assert state.to_move == 1  # the all-in seat 0 is not asked
    assert [str(a) for a in state.legal_actions()] == ["pass"]  # no drop before the opening
    play(state, "pass", "open 1", "fold")  # seat 1 drops once it is opened (J-5)
    assert state.phase == "draw" and state.opener == 2
    play(state, "pat", "pat")
    assert state.is_over and state.outcome == "showdown" and state.won == [0, 0, 12]
    assert replays(game, state)
    state = stacked(game, hands)
    play(state, "pass", "pass")  # seat 2 had his say: he passed
    assert state.is_over and state.outcome == "unopened"


@pytest.mark.rule("W-9")
def test_W9_a_sitting_plays_on_to_the_show_when_a_player_has_put_in_his_last_chips():
    sitting = Sitting(["Ann", "Bob"], SittingRules(deals=5, bankroll=50), seed=2)
    sitting.bankrolls["Bob"] = 2  # as after losing most of his chips in earlier deals
    state = sitting.start_deal()
    while not state.is_over:
        legal = [str(a) for a in state.legal_actions()]
        assert legal != ["fold"]  # never a forced drop
        state.apply("call" if "call" in legal else "pat")
    assert state.outcome == "showdown"
    sitting.finish_deal(state)
    assert sum(sitting.bankrolls.values()) == 52


# -- rule changes a mutation run found unguarded


@pytest.mark.rule("D-13")
def test_D13_at_table_stakes_the_royal_penalty_is_capped_by_each_payers_chips():
    game = parlour.make("draw-poker", players=3, royal_penalty=3, stacks=(20, 22, 5))
    state = stacked(game, {2: "As Ks Qs Js Ts", 0: "Ah Ad Ac 2c 2d", 1: "3h 4d 8c 9s Kd"})
    play(state, "raise 3", "call", "call", "pat", "pat", "pat")
    play(state, "bet 5", "raise 5", "raise 5", "call")
    assert state.is_over and state.won == [30, 0, 15]
    assert state.penalties == [-3, -2, 5]  # seat 1 had only 2 chips left to pay
    assert state.stacks == [27, 0, 20] and sum(state.stacks) == 47


@pytest.mark.rule("D-6")
def test_D6_unopened_the_ante_goes_back_to_whoever_put_it_up():
    """R3.11/R3.4: where the dealer antes, he takes it back, not the Age; by the jackpot-next
    reading the next deal is a Jack-Pot."""
    dealer = parlour.make("draw-poker", players=3, dealer=0, ante_by="dealer").new_state(seed=1)
    play(dealer, "fold", "fold")
    assert dealer.outcome == "unopened" and dealer.won == [1, 0, 0]
    assert dealer.payoffs() == [0, 0, 0]
    jackpot = parlour.make("draw-poker", players=3, unopened="jackpot-next").new_state(seed=1)
    play(jackpot, "fold", "fold")
    assert jackpot.outcome == "unopened" and jackpot.next_deal == {"jackpot": True}


@pytest.mark.rule("J-2")
def test_J2_a_carried_pot_is_one_pool_for_every_hand_even_an_all_in_one():
    game = parlour.make("jackpots", players=3, dealer=2, carry=(6, 0, 0), redeal=1,
                        stacks=(50, 1, 50))  # fmt: skip
    state = stacked(game, {0: "Kh Kd 6c 6s 3h", 1: "Ah Ad Ac 2c 2d", 2: "2h 4d 8c 9s Jc"})
    assert state.stacks == [49, 0, 49]  # seat 1 is all in with the sweetener
    play(state, "open 2", "call", "pat", "pat", "pat", "bet 1", "call")
    assert state.is_over and state.won == [6, 9, 0]  # the carried 6 go with the main pool
    assert state.payoffs() == [-4.0, 8.0, -4.0]
