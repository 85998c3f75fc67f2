"""Referee mode, the deal: who deals (I-7), marks (I-6), looks (I-9), counts (I-3, I-5)
and two cards at once (I-4)."""

from __future__ import annotations

import pytest

from parlour.game import IllegalAction
from tests.poker.test_referee import deal_out, play, rulings, table


# referee_deal.py:28  `if self.phase != "deal" or self.started:`  ->  `if self.phase != "deal":`
@pytest.mark.rule("I-7")
def test_I7_a_deal_out_of_turn_is_entered_only_before_the_first_card():
    """I-7: `dealer SEAT` says who took up the pack; once a card is dealt it is refused (it
    restarted the round of slots, giving the seats already served a sixth card)."""
    state = play(table(), "deal 1 ?")
    with pytest.raises(IllegalAction, match="only before the first card"):
        state.apply("dealer 2")
    assert state.dealing == 0 and state.slots[0] == 2


# referee_deal.py:31  `if e.seat == self.dealing:`  ->  `if False:`
@pytest.mark.rule("I-7")
def test_I7_the_dealer_in_turn_is_not_entered_as_a_deal_out_of_turn():
    state = table()
    with pytest.raises(IllegalAction, match="seat 0 is dealing already"):
        state.apply("dealer 0")
    assert state.history == []


# referee_deal.py:38  `... or self.dealing == self.dealer or self.dealt_complete:`
#                     ->  `... or self.dealt_complete:`
@pytest.mark.rule("I-7")
def test_I7_a_deal_in_turn_cannot_be_stopped():
    """I-7 stops a deal *out of turn*; the right dealer's deal is not stopped."""
    state = play(table(), "deal 1 ?", "deal 2 ?")
    with pytest.raises(IllegalAction, match="no deal out of turn"):
        state.apply("stop")
    assert state.deal_no == 1 and not rulings(state, "I-7")


# referee_deal.py:93  `... or self.bet_acts:`  dropped
@pytest.mark.rule("I-6")
@pytest.mark.rule("I-8")
def test_I6_a_foreign_mark_is_taken_only_before_any_betting():
    """I-6 ("in the course of dealing"), as the referee reads it: a foreign mark casts the
    pack aside until the first bet; after it the deal stands."""
    state = play(deal_out(table()), "call 2")
    with pytest.raises(IllegalAction, match="before any betting"):
        state.apply("foreign-mark")
    assert state.deal_no == 1 and state.pack_no == 1


# referee_deal.py:108  `if self.looked[s]: raise ...`  ->  `if False: raise ...`
@pytest.mark.rule("I-9")
def test_I9_a_second_look_is_refused_and_rules_nothing_twice():
    """I-9 is ruled once, at the look; a second `look` is refused (the four-card ruling was
    given again)."""
    state = deal_out(play(table(), "skip 1"))
    play(state, "look 1")
    assert len(rulings(state, "I-9")) == 1
    with pytest.raises(IllegalAction, match="looked at his cards already"):
        state.apply("look 1")
    assert len(rulings(state, "I-9")) == 1


# referee_deal.py:111  `if self.dealt_complete:`  ->  `if True:`
@pytest.mark.rule("I-9")
def test_I9_a_look_during_the_deal_is_judged_only_when_the_deal_is_complete():
    """I-9 is about the count a player finds in his hand as dealt: one who peeks at his
    first card is not told he "has only 1 card"; at the end of the deal his five stand."""
    state = play(table(), "deal 1 ?", "look 1")
    assert not rulings(state, "I-9")
    deal_out(state)
    assert not rulings(state, "I-9") and not state.out[1] and state.phase == "bet1"


# referee_deal.py:193-195  the loop judging early lookers at the end of the deal removed
@pytest.mark.rule("I-9")
def test_I9_a_player_who_looked_during_the_deal_and_holds_six_throws_in_when_it_ends():
    """I-9: seat 1, given two at once (I-4, played on), looked before the deal ended: when it
    is complete he holds six he has seen: he throws in and loses his stake."""
    state = play(table(), "deal-two 1", "play-on", "look 1")
    assert not state.out[1]
    deal_out(state)
    assert state.out[1] and state.foul[1]
    assert "6 cards after looking" in rulings(state, "I-9")[-1]["effect"]


# referee_deal.py:155  `if count == HAND: return`  removed
@pytest.mark.rule("I-3")
def test_I3_a_count_of_five_is_no_irregularity():
    """I-3 is for too few or too many: a player who counts five is offered nothing."""
    state = deal_out(table())
    play(state, "count 1 5")
    assert not state.choices and not rulings(state) and state.betting is not None
    assert state.to_move == 0


# referee_deal.py:181  `if not self.hands[s]`  ->  `if len(self.hands[s]) < 2`
@pytest.mark.rule("I-5")
@pytest.mark.rule("I-3")
def test_I5_a_hand_dealt_short_of_cards_is_no_misdeal():
    """I-5: a misdeal is a hand left out altogether; a hand dealt only one card is too few
    cards (I-3, I-9), not a misdeal."""
    state = table()
    for i in range(5):
        play(state, "deal 1 ?", "deal 2 ?" if i == 0 else "skip 2", "deal 0 ?")
    assert not rulings(state, "I-5") and state.deal_no == 1
    assert [len(h) for h in state.hands] == [5, 5, 1] and state.phase == "bet1"


# referee_deal.py:243  `self.stock += len(extra)`  removed
@pytest.mark.rule("I-3")
@pytest.mark.rule("W-8")
def test_I3_the_card_withdrawn_to_the_bottom_is_back_in_the_stock():
    """I-3: one too many is placed at the bottom of the pack: the stock the draw counts
    (W-8) holds it again."""
    state = deal_out(play(table(), "deal-two 1", "play-on"))
    before = state.stock
    play(state, "count 1 6", "rectify", "permit")
    assert state.stock == before + 1 == 52 - 15


# referee_deal.py:269-270  the under card's origin update (`self.origin[under[0]] = to`) removed
@pytest.mark.rule("I-4")
@pytest.mark.rule("W-11")
def test_I4_the_under_card_passed_on_belongs_to_the_next_hand_at_the_show():
    """I-4: the under card passed on is the next player's card: he may keep it in the draw
    and show it (it was refused as "not in seat 2's hand")."""
    state = play(table(), "deal-two 1 As Kd", "rectify")
    deal_out(state, {1: "2c 3d 5h 7s", 2: "Kc 9d 8h 4s", 0: "Qs Jh 6c 6d 2h"})
    play(state, "call 2", "call 0", "call 1", "draw 1 0", "draw 2 1 Ks", "draw 0 0")
    play(state, "bet 2 1", "call 0", "call 1")
    play(state, "show 2 Kd Kc 9d 8h Ks")
    play(state, "show 1 As 2c 3d 5h 7s", "show 0 Qs Jh 6c 6d 2h")
    assert state.payoffs() == [-3.0, -3.0, 6.0]


@pytest.mark.rule("I-8")
def test_I8_a_card_found_twice_makes_the_pack_imperfect_and_a_new_deal_whoever_looked():
    """I-8: "No player who has glanced at his cards can claim a new deal for any reason, but
    for that of an imperfect pack."  A card dealt twice was only refused as "already out of
    this pack", with no way to record the imperfect pack: the deal could not go on."""
    state = play(table(), "deal 1 As", "look 1")
    with pytest.raises(IllegalAction, match=r"out of this pack; .*`imperfect-pack` \(I-8\)"):
        state.apply("deal 2 As")
    assert "imperfect-pack" in state.legal_actions()
    play(state, "imperfect-pack")
    assert state.deal_no == 2 and state.pack_no == 2 and not state.looked[1]
    assert "the pack is imperfect" in rulings(state, "I-8")[-1]["effect"]
    betting = play(deal_out(table()), "call 2")
    with pytest.raises(IllegalAction, match="before any betting"):
        betting.apply("imperfect-pack")
    assert "imperfect-pack" not in betting.legal_actions()
