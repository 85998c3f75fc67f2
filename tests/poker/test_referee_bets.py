"""Referee mode, the betting: blinds and straddles (D-10, D-11), acts out of turn (R8.8),
an unopened pot (R3.11) and the show (W-11)."""

from __future__ import annotations

import json

import pytest

from parlour.game import IllegalAction
from parlour.poker.referee import RefereeGame, RefereeState
from tests.poker.test_referee import _to_draw, deal_out, play, replays, rulings, table


def _s4(players: int = 3) -> RefereeState:
    state = RefereeGame(players=players, preset="S4-club").new_state(seed=0)
    assert isinstance(state, RefereeState)
    return state


# referee_bets.py:38  `if self.started or self.deal_no > 1:`  ->  `if self.started:`
@pytest.mark.rule("D-10")
def test_D10_no_blind_straddle_on_a_fresh_deal():
    """D-10, [D]: a fresh deal (I-1 claimed) keeps the blinds as they stood: the Age
    doubles his ante before the first deal only."""
    state = play(_s4(), "deal 1 As exposed", "deal 2 ?", "deal 0 ?", "deal 1 Kd exposed")
    play(state, "claim-fresh-deal")
    assert state.deal_no == 2
    with pytest.raises(IllegalAction, match="fresh deal: the blinds put up before the first"):
        state.apply("straddle 1")
    assert state.blinds == [0, 1, 0]


# referee_bets.py:41  `self.blinds[s] > t.ante`  ->  `self.blinds[s] > 2 * t.ante`
@pytest.mark.rule("D-10")
def test_D10_the_age_doubles_his_ante_once():
    state = play(_s4(), "straddle 1")
    with pytest.raises(IllegalAction, match="only the Age may double his ante, once"):
        state.apply("straddle 1")
    assert state.blinds == [0, 2, 0] and state.stakes == [0, 2, 0]


# referee_bets.py:50  `if s != nxt or s == self.age or top > t.limit_before:`
#                     (`or s == self.age` dropped)
@pytest.mark.rule("D-11")
def test_D11_the_straddle_going_round_does_not_come_back_to_the_age():
    """D-11: the straddles go in turn from the Age's left; when they come round to the Age
    himself he has his blind already and may not straddle it."""
    state = table(3, straddle="blind", limit_before=64)
    play(state, "straddle 2", "straddle 0")
    with pytest.raises(IllegalAction, match="D-11"):
        state.apply("straddle 1")
    assert state.blinds == [4, 1, 2]


# referee_bets.py:106  `if a.kind == "fold" or not self._sees_before_acting(s):`
#                      ->  `if not self._sees_before_acting(s):`
@pytest.mark.rule("R8.3")
@pytest.mark.rule("I-9")
def test_R83_a_player_who_throws_up_six_unseen_cards_is_not_ruled_foul():
    """R8.3, I-9: dropping needs no look: seat 2, given six and not looking, throws up his
    hand; no I-9 ruling, no foul."""
    state = deal_out(play(table(), "deal 1 ?", "deal-two 2", "play-on"))
    play(state, "fold 2")
    assert not state.foul[2] and not rulings(state, "I-9") and not state.looked[2]


# referee_bets.py:154  `return b.price - b.put[s]`  ->  `return b.price`
@pytest.mark.rule("R8.8")
def test_R8_8_the_age_making_good_out_of_turn_puts_up_only_the_difference():
    """R8.8, D-6: the Age calls before seat 2 has spoken: his ante counts, so he puts up one
    chip, held for his turn."""
    state = play(deal_out(table()), "call 1")
    assert state.held == [0, 1, 0] and state.stakes == [0, 2, 0]


# referee_bets.py:156  `return b.price + a.amount - b.put[s]`  ->  `return b.price + a.amount`
@pytest.mark.rule("R8.8")
def test_R8_8_the_age_raising_out_of_turn_puts_up_the_raise_less_his_ante():
    state = play(deal_out(table()), "raise 1 2")
    assert state.held == [0, 3, 0] and state.stakes == [0, 4, 0]


# referee_bets.py:158  `return 2 * b.price - b.put[s]`  ->  `return 2 * b.price`
@pytest.mark.rule("R8.8")
@pytest.mark.rule("D-10")
def test_R8_8_the_age_straddling_out_of_turn_puts_up_the_straddle_less_his_ante():
    """R8.8, D-10 (S4): four seats; the Age (seat 1, ante 1) straddles before seat 2 has
    spoken: the straddle is 2, of which his ante is one."""
    state = play(deal_out(_s4(4)), "straddle 1")
    assert state.held == [0, 1, 0, 0] and state.stakes == [0, 2, 0, 0]


# referee_bets.py:169  `self.out[s] = True`  (fold out of turn)  removed
# referee_bets.py:257  `if not self.out[s]:`  ->  `if True:`
@pytest.mark.rule("R8.8")
def test_R8_8_a_throw_in_out_of_turn_forfeits_the_chips_held_and_is_final():
    """R8.8: seat 0 calls out of turn (2 held), then throws in out of turn: that is final,
    the 2 stay in the pool (they were returned at the close), and he cannot look again."""
    state = play(deal_out(table()), "call 0", "fold 0")
    with pytest.raises(IllegalAction, match="out of this deal"):
        state.clone().apply("look 0")
    play(state, "call 2", "call 1")
    assert state.phase == "draw" and state.stakes == [2, 2, 2]
    assert not any("returned" in e["effect"] for e in rulings(state, "R8.8"))


# referee_bets.py:174  `if self.held_act[s] is not None: raise`  ->  `if False: raise`
@pytest.mark.rule("R8.8")
def test_R8_8_one_act_out_of_turn_is_held_at_a_time():
    state = play(deal_out(table()), "call 0")
    with pytest.raises(IllegalAction, match="acted out of turn already"):
        state.apply("raise 0 2")
    assert state.held == [2, 0, 0] and state.stakes == [2, 1, 0]


# referee_bets.py:267  `nobody_in = alive == [self.age] and not any(`  ->  `... or not any(`
@pytest.mark.rule("R3.11")
@pytest.mark.rule("D-6")
def test_R33_english_unopened_only_when_nobody_came_in():
    """R3.11 (unopened="english"): the ante stays for a Jack-Pot only if nobody came in;
    seat 2 came in and then dropped to the Age's raise: the Age takes the pool."""
    state = play(deal_out(table(unopened="english")), "call 2", "fold 0", "raise 1 2", "fold 2")
    assert state.is_over and not state.unopened and not state.carried
    assert state.payoffs() == [0.0, 2.0, -2.0]


# referee_bets.py:290  `... or s in self.shown:`  dropped
@pytest.mark.rule("W-11")
def test_W11_a_hand_is_shown_once():
    state = play(_to_draw(table()), "draw 1 0", "draw 2 0", "draw 0 0")
    play(state, "bet 2 1", "call 0", "call 1", "show 1 As Kd Qh Jc 9s")
    with pytest.raises(IllegalAction, match="no hand to show"):
        state.apply("show 1 As Kd Qh Jc 8s")


# referee_bets.py:331  `room = ... + dealt.count(None) - len(held)`  ->  `... + dealt.count(None)`
@pytest.mark.rule("W-11")
@pytest.mark.rule("C-1")
def test_W11_cards_drawn_in_sight_leave_no_room_for_an_undealt_kept_card():
    """W-11, C-1: seat 2 was dealt 2c 3d 5h 7s 9c, threw two unseen and was given Kc Kd in
    sight: his three kept cards are from those dealt; a queen he was never dealt is refused."""
    dealt = {1: "As Ah 7c 7d 2s", 2: "2c 3d 5h 7s 9c", 0: "4c 6d 8h Ts Qc"}
    state = play(deal_out(table(), dealt), "call 2", "call 0", "call 1")
    play(state, "draw 1 0", "draw 2 2 Kc Kd", "draw 0 0", "bet 2 1", "call 0", "call 1")
    with pytest.raises(IllegalAction, match="Qs not dealt to seat 2"):
        state.apply("show 2 Qs 3d 5h Kc Kd")
    play(state, "show 2 2c 3d 5h Kc Kd")


@pytest.mark.rule("R3.11")
def test_R33_a_carried_ante_costs_nothing_to_the_seats_that_put_nothing_up():
    """R3.11 (unopened="english"): nobody comes in, the Age's ante stays for the Jack-Pot; the
    others lose nothing, written 0.0 in the record, not -0.0."""
    state = play(deal_out(table(unopened="english")), "fold 2", "fold 0")
    assert state.is_over and state.carried
    assert json.dumps(state.payoffs()) == "[0.0, -1.0, 0.0]"


@pytest.mark.rule("W-11")
@pytest.mark.rule("R8.10")
def test_W11_a_called_hand_not_shown_is_forfeit():
    """W-11 (S3: "the complete hands of the caller and the called must be shown"), R8.10:
    refusing to show a called hand forfeits it. Seat 2 bets, 0 and 1 call; seat 2 will not
    show (`show 2`): his hand is dead and the pool goes to the best hand shown, seat 0's
    pair of kings, though seat 2's stake counts in it. `show 2` could not be entered."""
    from parlour.poker.referee_cli import show_outcome

    state = play(_to_draw(table()), "draw 1 0", "draw 2 0", "draw 0 0")
    play(state, "bet 2 1", "call 0", "call 1", "show 2")
    [entry] = rulings(state, "W-11")
    assert "seat 2 will not show his called hand" in entry["effect"]
    assert "must be shown" in entry["text"] and state.out[2] and not state.is_over
    play(state, "show 1 2c 3d 5h 7s 9c", "show 0 Ks Kd 3s 4s 6h")
    assert state.is_over and state.payoffs() == [6.0, -3.0, -3.0]
    assert "The pool goes to seat 0" in show_outcome(state)


@pytest.mark.rule("W-11")
def test_W11_the_last_called_hand_takes_the_pool_when_the_others_will_not_show():
    """W-11: both hands called against seat 0 refuse to show and are forfeit; seat 0, left
    alone, may show or not (`show 0`): the pool is his either way, and the record replays."""
    from parlour.poker.referee_cli import show_outcome

    for end in ("show 0", "show 0 2c 3d 5h 7s 9c"):
        state = play(_to_draw(table()), "draw 1 0", "draw 2 0", "draw 0 0")
        play(state, "bet 2 1", "call 0", "call 1", "show 2", "show 1", end)
        assert state.is_over and state.payoffs() == [6.0, -3.0, -3.0]
        assert show_outcome(state).startswith("W-11: seat 0 takes the pool as no other called")
        assert replays(state).payoffs() == state.payoffs()


@pytest.mark.rule("D-6")
def test_D6_the_age_with_nothing_to_make_good_calls_and_stays_in():
    """D-6 (S0: the ante-man plays "by making good, that is, putting up in addition to the ante
    as much more as will make him equal in stake to the rest"): under S4-club all come in at
    the Age's ante, so his 'call' adds nothing and keeps him in; it was refused ('D-5: nothing
    to call'). Where he owes the difference (the S0 game) his call is a plain call."""
    state = play(deal_out(_s4()), "call 2", "call 0", "call 1")
    [entry] = rulings(state, "D-6")
    assert "makes good with nothing to add" in entry["effect"] and "making good" in entry["text"]
    assert state.phase == "draw" and state.stakes == [1, 1, 1] and not state.out[1]
    assert replays(state).stakes == [1, 1, 1]
    plain = play(deal_out(table()), "call 2", "call 0", "call 1")
    assert plain.stakes == [2, 2, 2] and not rulings(plain, "D-6")


@pytest.mark.rule("R3.11")
@pytest.mark.rule("J-2")
def test_R311_the_ante_left_for_a_jackpot_names_the_rules_of_that_jackpot():
    """R3.11 (unopened="english"), J-2: nobody comes in against the Age, so his ante stays
    for a Jack-Pot.  The ruling said only that, and the referee refused ``carry``, so the
    Jack-Pot was refereed without it.  It now names the game and the rule that referee it
    (every seat's chips in the pool: a pot carried in and the Age's ante), and that
    Jack-Pot's pool holds them and each player's full ante (J-2)."""
    state = play(deal_out(table(unopened="english", carry=(1, 1, 1))), "fold 2", "fold 0")
    assert state.is_over and state.unopened and state.payoffs() == [0.0, -1.0, 0.0]
    (said,) = [e["effect"] for e in rulings(state, "R3.11")]
    assert said.endswith(
        "and the next deal is a Jack-Pot (PEEL): referee it with 'parlour referee jackpots "
        "--players 3 --ante 1 --dealer 1' and the rule carry=1,2,1"
    )
    jackpot = RefereeGame(players=3, variant="jackpots", carry=(1, 2, 1)).new_state()
    assert isinstance(jackpot, RefereeState) and jackpot.pool == 4 + 3
