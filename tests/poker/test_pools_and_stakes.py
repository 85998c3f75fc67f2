"""Who may win which chips: a carried pot and an ante paid for all are one pool (J-2, R4.9),
only an all-in player is held to a side pool, and short stacks pay no more than they hold."""

from __future__ import annotations

import pytest

import parlour
from parlour.game import GameOptionError
from tests.poker.test_draw_support import play, stacked


@pytest.mark.rule("J-2")
def test_a_carried_pot_goes_whole_to_the_best_hand():
    """Seat 1 holds a larger share of the carried pot (a leaver's); kings beat his aces and
    take it all: unequal shares of a carried pot are no side pool."""
    game = parlour.make("jackpots", players=3, carry=(0, 3, 0), redeal=1)
    state = stacked(game, {1: "As Ad Kc 7h 2d", 2: "Kh Kd Ks 9h Jc", 0: "5c 6c 8h Td Qh"})
    play(state, "open 1", "call", "fold", "pat", "pat", "bet 1", "call")
    assert [(p.amount, p.winners) for p in state.pools] == [(10, (2,))]
    assert state.won == [0, 0, 10] and sum(state.payoffs()) == 0


@pytest.mark.rule("J-2")
def test_an_all_in_player_anted_for_may_win_every_ante():
    """R4.9 at table stakes: seat 0 antes for all; seat 1, all in for 2 with aces, matched
    every bet and may win the antes paid for him too (the kings got 1 chip back)."""
    game = parlour.make("jackpots", players=3, antes=(3, 0, 0), stacks=(20, 2, 20))
    state = stacked(game, {1: "As Ad Kc 7h 2d", 2: "Kh Kd 9s 8h Jc", 0: "5c 6c 8d Td Qh"})
    play(state, "open 2", "call", "fold", "pat", "pat")
    assert state.is_over and state.won == [0, 7, 0] and state.payoffs() == [-3.0, 5.0, -2.0]


@pytest.mark.rule("J-2")
def test_an_ante_paid_for_all_buys_no_side_pool():
    """R4.9 (EB29): the false opener of the last deal antes for all; when the aces beat him
    his extra antes go with the pool, not back to him."""
    game = parlour.make("jackpots", players=3, antes=(0, 0, 3))
    state = stacked(game, {1: "As Ad Kc 7h 2d", 2: "3c 4d 8s 9h Jc", 0: "5c 6c 8h Td Qh"})
    play(state, "open 1", "call", "fold", "pat", "pat", "bet 1", "call")
    assert state.won == [0, 7, 0] and state.payoffs() == [0.0, 5.0, -5.0]


def test_an_all_in_player_still_wins_only_what_he_matched():
    """Table stakes: the short stack all in with the best hand takes the main pool only."""
    game = parlour.make("draw-poker", players=3, stacks=(3, 20, 20))
    state = stacked(game, {0: "As Ad Ac 7h 2d", 2: "Kh Kd 9s 9h Jc", 1: "5c 5d 8h Td Qh"})
    # seat 2 comes in at 2, seat 0 raises all in (3), seat 1 calls 3, seat 2 calls
    play(state, "call", "raise 1", "call", "call")
    assert state.stacks[0] == 0 and state.phase == "draw"
    play(state, "pat", "pat", "pat", "bet 5", "call")
    main, side = state.pools
    assert main.eligible == (1, 2, 0) and side.eligible == (1, 2)
    assert state.won[0] == main.amount and state.won[2] == side.amount  # threes, then kings


@pytest.mark.rule("J-2")
@pytest.mark.rule("R4.9")
def test_a_false_openers_unmatched_chips_go_to_the_side_pool_of_those_who_stayed():
    """R4.9 (EB29) at table stakes: the false opener forfeits all he put up, so the pools
    are fought for by the two all-in players alone: the main pool (three each and the
    carried pot) to the aces, the side pool (seat 0's fourth chip and the opener's three
    more, two of them matched by nobody) to the kings; no chip is lost."""
    game = parlour.make("jackpots", players=3, false_openers="EB29", stacks=(4, 20, 3),
                        carry=(1, 1, 1), redeal=1)  # fmt: skip
    state = stacked(game, {1: "2c 5d 7h 9s Jd", 2: "As Ad 9c 8h Jc", 0: "Kh Kd 8c 7d 2d"})
    play(state, "open 5", "call", "call", "pat", "pat", "pat")
    assert state.outcome == "false-opener" and state.contrib == [4, 6, 3]
    assert [(p.amount, p.eligible, p.winners) for p in state.pools] == [
        (12, (2, 0), (2,)),
        (4, (0,), (0,)),
    ]
    assert state.won == [4, 0, 12] and state.payoffs() == [-1.0, -7.0, 8.0]


def test_a_seat_that_cannot_pay_a_blind_straddle_is_not_offered_one():
    """D-11 at table stakes: a straddle the seat cannot put up is not offered (it raised the
    price by chips never put up); D-10: nor is the Age's doubled ante."""
    short = parlour.make("draw-poker", players=3, straddle="blind", stacks=(10, 10, 1))
    assert short.new_state(seed=1).phase == "bet1"
    able = parlour.make("draw-poker", players=3, straddle="blind", stacks=(10, 10, 4))
    assert [str(a) for a in able.new_state(seed=1).legal_actions()] == ["decline", "straddle"]
    age = parlour.make("draw-poker", players=3, preset="S4-club", stacks=(10, 0, 10))
    assert [str(a) for a in age.new_state(seed=1).legal_actions()] == ["blind"]


@pytest.mark.parametrize("option", ["stacks", "carry", "antes"])
def test_negative_chips_are_refused_by_name(option):
    with pytest.raises(GameOptionError, match=f"{option} are chips"):
        parlour.make("jackpots", players=3, **{option: (-3, 1, 1)})


@pytest.mark.rule("J-2")
def test_bar_null_and_void_keeps_only_the_entry_a_short_stack_paid():
    """BAR 37: bets go back, antes stay; a seat that could not pay its sweetener had paid
    nothing, and gets nothing back (its stack went to -1)."""
    game = parlour.make(
        "jackpots", players=3, false_openers="BAR", stacks=(10, 0, 10), carry=(1, 1, 1), redeal=1
    )
    state = stacked(game, {1: "2c 5d 7h 9s Jd", 2: "3c 4d 8s Th Kc", 0: "2d 6c 8h Td Qh"})
    play(state, "open 1", "call", "pat", "pat", "pat", "bet 1", "call")
    assert state.outcome == "false-opener" and min(state.stacks) >= 0
    assert min(state.won) >= 0 and sum(state.payoffs()) == 0


@pytest.mark.rule("J-7")
def test_a_false_openers_pot_won_by_another_brings_back_jacks_and_full_antes():
    """R4.10: the progressive minimum reverts once a pot is won; J-2: a fresh pot, full antes."""
    game = parlour.make("jackpots", players=3, progressive=True, redeal=2, false_openers="EB29",
                        carry=(2, 2, 2), sweetener=1, ante=3)  # fmt: skip
    state = stacked(game, {1: "2c 5d 7h 9s Jd", 2: "3c 4d 8s Th Kc", 0: "2d 6c 8h Td Qh"})
    play(state, "pass", "open 1", "call", "fold", "pat", "pat", "bet 1", "call")
    assert state.outcome == "false-opener" and state.carry_out == [0, 0, 0]
    assert state.next_deal["redeal"] == 0
