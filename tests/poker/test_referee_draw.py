"""Referee mode, the draw: wrong numbers asked or given (I-10, I-11), out of turn (I-12),
cards seen in passing (I-13), faced (W-6) and the stock (W-8)."""

from __future__ import annotations

import pytest

from parlour.cards import Card
from parlour.game import IllegalAction
from tests.poker.test_referee import _to_draw, deal_out, play, rulings, table


# referee_draw.py:29  `if e.number > len(hand):`  ->  `if e.number > len(hand) + 1:`
@pytest.mark.rule("W-3")
@pytest.mark.rule("I-9")
def test_W3_a_hand_left_at_four_cannot_throw_out_five():
    """W-3, I-9: a player dealt four (remaining in) discards at most the four he holds."""
    state = play(deal_out(play(table(), "skip 1")), "call 2", "call 0", "call 1")
    assert len(state.hands[1]) == 4
    with pytest.raises(IllegalAction, match="holds only 4 cards"):
        state.apply("draw 1 5")


# referee_draw.py:35  `given = e.extra if e.extra >= 0 else e.number`  ->  `... e.extra > 0 ...`
@pytest.mark.rule("I-10")
def test_I10_a_player_given_none_of_the_cards_he_asked_for_is_short():
    """I-10: `draw 1 2 0`: he threw two and was given none: three cards, which he may have
    rectified before looking (the 0 was read as "given what he asked")."""
    state = play(_to_draw(table()), "draw 1 2 0")
    assert len(state.hands[1]) == 3
    play(state, "count 1 3")
    assert state.legal_actions() == ["rectify", "play-on"]


# referee_draw.py:36  `need = HAND - (len(hand) - e.number)`  ->  `need = e.number`
@pytest.mark.rule("I-9")
@pytest.mark.rule("I-11")
def test_I9_the_dealer_left_at_four_makes_up_the_number_in_the_draw_without_I11():
    """I-9: the dealer dealt himself four may make up the number in the draw: throwing two
    and taking three gives him five, which is no "too many" (I-11)."""
    state = deal_out(play(table(), "deal 1 ?", "deal 2 ?", "skip 0"))
    play(state, "call 2", "call 0", "call 1", "draw 1 0", "draw 2 0", "draw 0 2 3")
    assert len(state.hands[0]) == 5 and state.phase == "bet2"
    assert [e["ruling"] for e in rulings(state)] == ["I-9"]


# referee_draw.py:45  `skipped = waiting[: waiting.index(s)]`  ->  `... [:1]`
@pytest.mark.rule("I-12")
def test_I12_every_player_passed_over_by_a_draw_out_of_turn_is_penalised():
    """I-12, as the referee reads it: seat 3 draws while seats 1 and 2 still wait: both
    neglected to apply in turn, and each plays without drawing or abandons his hand."""
    state = play(deal_out(table(4)), "call 3", "call 0", "call 1", "call 2", "draw 3 0")
    assert [(c.rule, c.seat) for c in state.choices] == [("I-12", 1), ("I-12", 2)]
    play(state, "play-on", "throw-in")
    assert state.drawn[1] and state.out[2] and not state.out[3]


# referee_draw.py:52  `if s == self.dealing and given > need:`  ->  `if s == self.dealer and ...`
@pytest.mark.rule("I-11")
@pytest.mark.rule("I-7")
def test_I11_the_seat_who_dealt_out_of_turn_must_take_the_cards_he_gave_himself():
    """I-7, I-11: a deal out of turn that stands is drawn by its dealer (seat 2), who
    serves himself last: handing himself too many, he must take them, not rectify them."""
    state = deal_out(play(table(), "dealer 2"))
    play(state, "call 2", "call 0", "call 1", "draw 0 0", "draw 1 0", "draw 2 1 2 Qh Jh")
    assert [e["ruling"] for e in rulings(state)] == ["I-7", "I-11"]
    assert len(state.hands[2]) == 5 and not state.out[2] and state.phase == "bet2"


# referee_draw.py:79  `if len(hand) - HAND > len(old):`  ->  `>=`
@pytest.mark.rule("I-11")
def test_I11_the_dealer_given_five_for_four_keeps_them_and_throws_his_last_card():
    """I-11: the dealer threw four and gave himself five: he keeps the five and throws his
    one remaining card; his hand is five, not foul."""
    state = play(_to_draw(table()), "draw 1 0", "draw 2 0", "draw 0 4 5")
    assert not state.out[0] and len(state.hands[0]) == 5
    assert all(x[2] for x in state.hands[0]) and "must take" in rulings(state, "I-11")[0]["effect"]


# referee_draw.py:100  `if count == HAND or not self.misdrawn[s]:`  ->  `if count == HAND:`
@pytest.mark.rule("I-10")
@pytest.mark.rule("I-13")
def test_I10_a_player_short_because_he_declared_a_card_is_offered_no_rectification():
    """I-13 leaves seat 1 with four until he is given another after the others: his count
    of four is no wrong number asked for (I-10)."""
    state = play(_to_draw(table()), "draw 1 1 Qh", "saw 1 Qh", "count 1 4")
    assert not state.choices and state.owed == [1] and not rulings(state, "I-10")


# referee_draw.py:117  `self.stock += len(back)`  removed
@pytest.mark.rule("I-10")
@pytest.mark.rule("W-8")
def test_I10_cards_rectified_go_back_on_the_stock():
    state = _to_draw(table())
    before = state.stock
    play(state, "draw 1 2 3", "count 1 6", "rectify")
    assert state.stock == before - 2


# referee_draw.py:125  `self._from_stock(need, ...)`  removed
@pytest.mark.rule("I-10")
@pytest.mark.rule("W-8")
def test_I10_a_card_supplied_to_rectify_too_few_comes_off_the_stock():
    state = _to_draw(table())
    before = state.stock
    play(state, "draw 1 2 1", "count 1 4", "rectify")
    assert len(state.hands[1]) == 5 and state.stock == before - 2


# referee_draw.py:137  `if len(hand) - HAND > len(old):`  ->  `>=`
@pytest.mark.rule("I-10")
def test_I10_asked_five_for_four_and_looked_he_throws_his_last_card_to_keep_them():
    """I-10: seat 1 threw four, was given five and looked at once: he must discard so as to
    keep them, throwing the one card he kept; he is not thrown in."""
    state = play(_to_draw(table()), "draw 1 4 5", "look 1")
    assert not state.out[1] and len(state.hands[1]) == 5 and all(x[2] for x in state.hands[1])
    assert "so as to keep them" in rulings(state, "I-10")[-1]["effect"]


# referee_draw.py:113  `self.misdrawn[s] = True` (after play-on)  removed
@pytest.mark.rule("I-10")
def test_I10_after_letting_six_stand_the_look_makes_him_discard_to_five():
    """I-10: he counts six and lets them stand (play-on); when he looks, within his turn,
    he must discard so as to keep them: five cards, not six into the betting."""
    state = play(_to_draw(table()), "draw 1 2 3", "count 1 6", "play-on", "look 1")
    assert len(state.hands[1]) == 5 and not state.out[1]
    assert "so as to keep them" in rulings(state, "I-10")[-1]["effect"]


# referee_draw.py:209  `if actual is None or _denomination(actual) == declared:`
#                      ->  `if _denomination(actual) == declared:`
@pytest.mark.rule("I-13")
def test_I13_an_unseen_card_declared_by_rank_is_taken_on_his_word():
    """I-13: the referee did not see the card, nor was it turned up: the declaration stands,
    the card goes among the discards and he is owed another."""
    state = play(_to_draw(table()), "draw 1 1", "saw 1 Q")
    assert state.owed == [1] and len(state.hands[1]) == 4
    assert "rightly" in rulings(state, "I-13")[-1]["effect"]


# referee_draw.py:258  `max(1, min(self.table.max_draw, len(...)))`  ->  `max(1, len(...))`
# referee_draw.py:268  `usable >= self._next_need()`  ->  `usable > self._next_need()`
@pytest.mark.rule("W-8")
@pytest.mark.rule("W-3")
def test_W8_no_reshuffle_while_the_stock_can_serve_the_most_the_next_may_draw():
    """W-8, W-3: with max_draw 3 the next player needs at most three: a stock with three to
    hand out can serve him, so no reshuffle; with none left it is taken."""
    state = deal_out(table(7, max_draw=3))
    play(state, *[f"call {s}" for s in (2, 3, 4, 5, 6, 0, 1)])
    play(state, "draw 1 3", "draw 2 3", "draw 3 3", "draw 4 3", "draw 5 1")
    assert state._usable() == 3
    with pytest.raises(IllegalAction, match="W-8: only when the stock cannot serve"):
        state.apply("reshuffle")
    play(state, "draw 6 3", "reshuffle")
    assert rulings(state, "W-8")


# referee_draw.py:314  `... or (e.seat < 0 and self.phase == "bet2")`  dropped
@pytest.mark.rule("W-6")
def test_W6_no_card_is_found_faced_in_the_pack_after_the_draw():
    state = play(_to_draw(table()), "draw 1 0", "draw 2 0", "draw 0 0")
    assert state.phase == "bet2"
    with pytest.raises(IllegalAction, match="W-6: only a card faced in the draw"):
        state.apply("faced 9d")


# referee_draw.py:328  `if self.window != s or slot is None:`  ->  `if slot is None:`
@pytest.mark.rule("W-6")
def test_W6_a_card_faced_in_handing_is_entered_before_the_next_player_is_served():
    """W-6: the faced card is one just handed: once the next player is served, a card the
    referee names as faced to an earlier seat is refused."""
    state = play(_to_draw(table()), "draw 1 1 7c", "draw 2 0")
    with pytest.raises(IllegalAction, match="not a card just handed to seat 1"):
        state.apply("faced 1 7c")
    assert not state.owed


# referee_draw.py:355  `self.window = e.seat`  (in _ev_give)  removed
@pytest.mark.rule("W-6")
@pytest.mark.rule("I-13")
def test_W6_the_card_owed_may_itself_be_faced_in_handing_and_is_owed_again():
    """W-6 after I-13: the replacement the dealer hands seat 1 is faced: he may not accept
    it and is owed another."""
    state = play(_to_draw(table()), "draw 1 1 Qh", "saw 1 Qh", "draw 2 0", "draw 0 0")
    play(state, "give 1 2c", "faced 1 2c")
    assert state.owed == [1] and state.phase == "owed" and state.discards[-1] == Card("2c")


@pytest.mark.rule("W-8")
def test_W8_the_player_served_at_a_reshuffle_may_have_the_whole_new_stock():
    """W-8: "the last card must not be handed out, but be placed ... among the discards ...
    The Dealer then completes the work of filling up hands by using them as a new stock":
    the last card goes into the new stock and may be dealt from it, as the digital game
    deals it (test_draw_deal's ten players, seat 1 given Jc and 7c).  The referee held back
    a "last card" of the new stock too, so seat 1, asking two of a new stock of two (the
    last card and the Age's discard), could not be served at all."""
    state = deal_out(table(10, dealer=9, pack=52))
    play(state, *[f"call {s}" for s in range(10)])
    assert state.phase == "draw" and state.stock == 2 and state._usable() == 1
    play(state, "draw 0 1", "reshuffle")
    assert state.stock == 2 and state._usable() == 2  # the last card and the Age's discard
    play(state, "draw 1 2")
    assert len(state.hands[1]) == 5 and state.stock == 0 and not state.misdrawn[1]
    # the next player's stock has its last card held back again, as in the digital game
    assert state._usable() == 0


@pytest.mark.rule("W-8")
@pytest.mark.rule("I-9")
def test_W8_a_reshuffle_serves_a_player_left_at_four_who_makes_up_the_number():
    """W-8, I-9: a player dealt four "can remain in ... and make up for the deficiency during
    the subsequent draw": throwing four he needs five.  With four to hand out, the referee
    refused both his draw (the stock has only four: enter `reshuffle`) and the reshuffle (the
    stock could serve the four he might throw), so the deal could not go on."""
    state = deal_out(play(table(7, pack=52), *[f"deal {s} ?" for s in range(1, 6)], "skip 6"))
    assert [len(h) for h in state.hands] == [5, 5, 5, 5, 5, 5, 4]
    play(state, *[f"call {s}" for s in (2, 3, 4, 5, 6, 0, 1)])
    play(state, "draw 1 3", "draw 2 3", "draw 3 3", "draw 4 3", "draw 5 1")
    assert state._usable() == 4
    play(state, "reshuffle", "draw 6 4 5")
    assert len(state.hands[6]) == 5 and rulings(state, "W-8")


@pytest.mark.rule("I-10")
@pytest.mark.rule("W-8")
def test_I10_a_player_rectified_short_when_the_stock_is_out_is_served_from_a_new_stock():
    """I-10 lets a player given too few before looking have them supplied; with the stock out
    the refusal said "enter `reshuffle`", which the pending choice refused: only play-on was
    left.  The dealer now makes the new stock of W-8 (the last card and the discards) and
    supplies him from it."""
    state = deal_out(table(10, dealer=9, pack=52))
    play(state, *[f"call {s}" for s in range(10)])
    play(state, "draw 0 2 1", "count 0 4")
    assert state.legal_actions() == ["rectify", "play-on"] and state._usable() == 0
    play(state, "rectify")
    assert len(state.hands[0]) == 5 and state.stock == 0  # the last card alone, given him
    assert [r["ruling"] for r in rulings(state)[-2:]] == ["W-8", "I-10"]
    assert state.thrown_by == [0, 0]  # his own throw-outs stay out of it, as W-8 keeps them
