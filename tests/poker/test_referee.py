"""Referee mode: each irregularity of seed 004 (I-1..I-13) and R8.8, driven by entered events."""

from __future__ import annotations

import contextlib
import json

import pytest

from parlour.cards import Card
from parlour.game import GameOptionError, IllegalAction
from parlour.poker.referee import RefereeGame, RefereeState
from parlour.poker.referee_events import parse_event


def table(players: int = 3, **options: object) -> RefereeState:
    state = RefereeGame(players=players, **options).new_state(seed=0)
    assert isinstance(state, RefereeState)
    return state


def play(state: RefereeState, *events: str) -> RefereeState:
    for text in events:
        state.apply(text)
    return state


def deal_out(state: RefereeState, cards: dict[int, str] | None = None) -> RefereeState:
    """Deal the rest of the deal in order, naming the cards given per seat (else ``?``)."""
    queues = {s: c.split() for s, c in (cards or {}).items()}
    while state.phase == "deal" and not state.choices:
        seat = state.slots[0]
        left = queues.get(seat) or ["?"]
        state.apply(f"deal {seat} {left.pop(0)}")
    return state


def rulings(state: RefereeState, rule: str | None = None) -> list[dict]:
    return [e for e in state.history if "ruling" in e and rule in (None, e["ruling"])]


def test_events_read_back_their_canonical_text():
    for text in [
        "deal 3 As exposed",
        "deal 2 ?",
        "deal-two 1 Kd 7c",
        "skip 4",
        "count 2 6",
        "draw 2 3",
        "draw 2 3 4",
        "saw 1 Qh 7c",
        "bet 4 2",
        "show 1 As Ks Qs Js Ts",
    ]:
        assert str(parse_event(text)) == text
    assert str(parse_event("draw 2 3 3")) == "draw 2 3"
    with pytest.raises(IllegalAction, match="name it"):
        parse_event("deal 1 ? exposed")
    with pytest.raises(IllegalAction, match="whole numbers from 0, not -5"):
        parse_event("bet 2 -5")  # was answered "unknown card '-5'"
    with pytest.raises(IllegalAction, match="name all 3 cards given him, or none; the discards"):
        parse_event("draw 1 3 2s 5d 8h Ah 3c 4c")  # discards and new cards: only the form was
    with pytest.raises(IllegalAction, match="he is given no card: name none"):
        parse_event("draw 1 0 Ah")
    for text, form in (("count 0 1.5", "count SEAT N, e.g. count 2 6"), ("bet 1 x", "bet SEAT N"),
                       ("look 1 As", "look SEAT")):  # fmt: skip
        with pytest.raises(IllegalAction, match=f"write {form}"):
            parse_event(text)  # was answered "unknown card"


# -- the deal ---------------------------------------------------------------------


@pytest.mark.rule("I-1")
def test_I1_one_exposed_card_must_be_accepted():
    """I-1: a card turned up by the dealer stands in the hand, face up."""
    state = play(table(), "deal 1 As exposed")
    [entry] = rulings(state, "I-1")
    assert "must accept" in entry["effect"] and "turn a card face upwards" in entry["text"]
    assert state.hands[1] == [[state.hands[1][0][0], True, False]]
    assert state.to_move == 0 and not state.choices
    play(state, "deal 2 Kd exposed")  # another hand's first exposed card: accepted too
    assert not state.choices and len(rulings(state, "I-1")) == 2


@pytest.mark.rule("I-1")
def test_I1_second_exposed_card_lets_the_player_claim_a_fresh_deal():
    """I-1: a second exposed card in one hand: accept, or claim a fresh deal."""
    state = play(table(), "deal 1 As exposed", "deal 2 ?", "deal 0 ?", "deal 1 Kd exposed")
    assert state.to_move == 1 and state.legal_actions() == ["accept", "claim-fresh-deal"]
    play(state, "claim-fresh-deal")
    assert state.deal_no == 2 and state.hands == [[], [], []] and state.phase == "deal"
    assert state.stakes == [0, 1, 0]  # the Age's ante stays in the pool
    assert "claims a fresh deal" in rulings(state, "I-1")[-1]["effect"]
    again = play(table(), "deal 1 As exposed", "deal 2 ?", "deal 0 ?", "deal 1 Kd exposed")
    play(again, "accept")
    assert again.deal_no == 1 and len(again.hands[1]) == 2 and again.to_move == 0


@pytest.mark.rule("I-2")
def test_I2_player_who_exposes_his_own_card_plays_on_or_forfeits():
    """I-2: no remedy: he plays on, or throws in and forfeits what he deposited."""
    state = deal_out(table())
    play(state, "expose 1 Kh")
    assert state.to_move == 1 and state.legal_actions() == ["play-on", "throw-in"]
    play(state, "throw-in")
    assert state.out[1] and "forfeits" in rulings(state, "I-2")[-1]["effect"]
    play(state, "call 2", "call 0")  # the Age is dead: the others play for his ante
    assert state.phase == "draw" and state.betting is not None and not state.betting.live[1]
    play(state, "draw 2 0", "draw 0 0", "fold 2")
    assert state.is_over and state.payoffs() == [3.0, -1.0, -2.0]  # his ante (1) is forfeit
    kept = play(deal_out(table()), "expose 2 Kh", "play-on")
    assert not kept.out[2] and kept.hands[2][0] == [kept.hands[2][0][0], True, False]


@pytest.mark.rule("I-3")
def test_I3_one_too_many_before_looking_goes_to_the_bottom_unseen():
    """I-3: too many, before seeing a card: fresh deal, or (dealer permitting) withdrawn."""
    state = play(table(), "deal-two 1 As Kd", "play-on")
    deal_out(state)
    assert len(state.hands[1]) == 6
    play(state, "count 1 6")
    assert state.legal_actions() == ["claim-fresh-deal", "rectify", "accept"]
    play(state, "rectify")
    assert state.to_move == 0 and state.legal_actions() == ["permit", "refuse"]
    play(state, "permit")
    assert len(state.hands[1]) == 5 and len(state.bottom) == 1
    assert "bottom of the pack, unseen" in rulings(state, "I-3")[-1]["effect"]
    fresh = play(deal_out(play(table(), "deal-two 1", "play-on")), "count 1 6")
    play(fresh, "claim-fresh-deal")
    assert fresh.deal_no == 2 and fresh.phase == "deal"


@pytest.mark.rule("I-3")
def test_I3_one_too_few_is_supplied_from_the_top_if_the_dealer_permits():
    """I-3: a hand short of a card is completed, or the dealer refuses and the player chooses."""
    state = play(table(), "skip 1")
    deal_out(state)
    play(state, "count 1 4", "rectify", "permit")
    assert state.phase == "deal" and state.slots == [1]
    play(state, "deal 1 9c")
    assert len(state.hands[1]) == 5 and state.phase == "bet1"
    refused = play(deal_out(play(table(), "skip 1")), "count 1 4", "rectify", "refuse")
    assert refused.legal_actions() == ["claim-fresh-deal", "accept"]
    play(refused, "accept")
    assert len(refused.hands[1]) == 4 and refused.phase == "bet1"


@pytest.mark.rule("I-3")
def test_I3_no_fresh_deal_once_the_betting_has_begun():
    state = deal_out(play(table(), "skip 1"))
    play(state, "call 2", "count 1 4")
    assert not state.choices and "betting has begun" in rulings(state, "I-3")[-1]["effect"]


@pytest.mark.rule("I-4")
def test_I4_two_cards_at_once_the_under_card_passes_on():
    """I-4: the dealer rectifies by passing the under card to the next player."""
    state = play(table(), "deal-two 1 As Kd")
    assert state.to_move == 0 and state.legal_actions() == ["rectify", "play-on"]
    play(state, "rectify")
    assert [x[0] for x in state.hands[1]] == [int(parse_event("deal 1 As").cards[0])]
    assert state.hands[2][0][0] == parse_event("deal 1 Kd").cards[0]
    assert state.slots[0] == 0  # the deal goes on with the dealer's own card
    deal_out(state)
    assert [len(h) for h in state.hands] == [5, 5, 5]


@pytest.mark.rule("I-5")
def test_I5_dealing_one_hand_short_is_a_misdeal():
    """I-5: a hand passed over all through the deal: misdeal, fresh deal."""
    state = table()
    for _ in range(5):
        play(state, "deal 1 ?", "skip 2", "deal 0 ?")
    [entry] = rulings(state, "I-5")
    assert "misdeal" in entry["effect"] and state.deal_no == 2 and state.phase == "deal"


@pytest.mark.rule("I-6")
def test_I6_foreign_mark_casts_the_pack_aside():
    """I-6: a card marked on the back: a fresh pack and a fresh deal."""
    state = play(table(), "deal 1 As", "deal 2 ?", "foreign-mark")
    assert state.pack_no == 2 and state.deal_no == 2 and state.hands == [[], [], []]
    play(state, "deal 1 As")  # the fresh pack has its own ace of spades


@pytest.mark.rule("I-7")
def test_I7_deal_out_of_turn_stopped_before_completion():
    """I-7: stopped before it is complete, the right dealer deals afresh."""
    state = play(table(), "dealer 2", "deal 0 ?", "deal 1 ?")
    with pytest.raises(IllegalAction, match="seat 2 is next"):
        state.apply("deal 0 ?")
    play(state, "stop")
    assert state.dealing == 0 and state.deal_no == 2 and state.slots[0] == 1


@pytest.mark.rule("I-7")
def test_I7_deal_out_of_turn_completed_stands():
    """I-7: not stopped, the deal out of turn stands; its dealer draws last."""
    state = deal_out(play(table(), "dealer 2"))
    assert "it stands" in rulings(state, "I-7")[0]["effect"]
    assert state.phase == "bet1" and state.dealing == 2 and state.deal_no == 1
    with pytest.raises(IllegalAction, match="no deal out of turn"):
        state.apply("stop")
    play(state, "call 2", "call 0", "call 1")
    assert state._draw_order() == [0, 1, 2]


@pytest.mark.rule("I-8")
def test_I8_a_player_who_has_looked_cannot_claim_a_new_deal():
    """I-8: after glancing at his cards, a second exposed card gives no fresh deal."""
    state = play(
        table(), "deal 1 As exposed", "look 1", "deal 2 ?", "deal 0 ?", "deal 1 Kd exposed"
    )
    assert not state.choices and "no fresh deal" in rulings(state, "I-8")[0]["effect"]
    deal_out(state)
    with pytest.raises(IllegalAction, match="looked already"):
        state.apply("count 1 5")


@pytest.mark.rule("I-8")
def test_I8_but_an_imperfect_pack_gives_a_new_deal_even_after_looking():
    state = play(deal_out(table()), "look 1", "look 2", "foreign-mark")
    assert state.deal_no == 2 and rulings(state, "I-6")


@pytest.mark.rule("I-9")
def test_I9_too_many_after_looking_is_fatal_four_plays_on():
    """I-9: six cards seen: throw in and lose the stake; four: remain in, make up in the draw."""
    state = deal_out(play(table(), "deal-two 1", "play-on", "skip 2"))
    play(state, "look 1")
    assert state.out[1] and state.foul[1] and "loses his stake (1)" in rulings(state)[-1]["effect"]
    play(state, "look 2")
    assert not state.out[2] and "only 4" in rulings(state, "I-9")[-1]["effect"]
    play(state, "call 2", "call 0")
    assert state.phase == "draw"
    play(state, "draw 2 2 3", "draw 0 1")  # seat 2 throws 2 and takes 3: five again
    assert len(state.hands[2]) == 5 and state.phase == "bet2"
    with pytest.raises(IllegalAction, match="not over"):  # no result before the end
        state.payoffs()


def _to_draw(state: RefereeState) -> RefereeState:
    return play(deal_out(state), "call 2", "call 0", "call 1")


@pytest.mark.rule("I-10")
def test_I10_wrong_number_rectified_before_looking():
    """I-10: asked for too many, noticed before looking and before the next is served."""
    state = play(_to_draw(table()), "draw 1 2 3")
    assert len(state.hands[1]) == 6
    play(state, "count 1 6")
    assert state.to_move == 1 and state.legal_actions() == ["rectify", "play-on"]
    play(state, "rectify")
    assert (
        len(state.hands[1]) == 5 and "go back on the pack" in rulings(state, "I-10")[-1]["effect"]
    )


@pytest.mark.rule("I-10")
def test_I10_too_many_after_looking_discard_so_as_to_keep_them():
    state = play(_to_draw(table()), "draw 1 1 2 Qh Jh", "look 1")
    hand = state.hands[1]
    assert len(hand) == 5 and sum(1 for x in hand if x[2]) == 2
    assert "so as to keep them" in rulings(state, "I-10")[-1]["effect"]


@pytest.mark.rule("I-10")
def test_I10_more_than_five_found_after_the_draw_throws_in():
    state = play(_to_draw(table()), "draw 1 1 2", "draw 2 0", "look 1")
    assert state.out[1] and state.foul[1] and "throws in at once" in rulings(state)[-1]["effect"]
    short = play(_to_draw(table()), "draw 1 2 1", "draw 2 0", "count 1 4")
    assert not short.out[1] and "remains in" in rulings(short, "I-10")[-1]["effect"]


@pytest.mark.rule("I-10")
def test_I10_a_hand_left_at_four_stays_in_and_can_win_the_show():
    """I-10: "he can remain in" with four cards; at the show they count as they stand."""
    state = play(
        _to_draw(table()),
        "draw 1 2 1 Ad",  # asked for one, threw two: four cards
        "draw 2 0",
        "draw 0 0",
        "count 1 4",
        "bet 2 1",
        "call 0",
        "call 1",
    )
    assert "remains in" in rulings(state, "I-10")[-1]["effect"] and state.phase == "show"
    play(state, "show 1 As Ad Kc Qh", "show 2 Ks Kd Jc 9h 3d", "show 0 Qs Jd 8c 6h 2d")
    assert state.payoffs() == [-3.0, 6.0, -3.0]


@pytest.mark.rule("I-11")
def test_I11_dealer_who_helps_himself_to_too_many_must_take_them():
    """I-11: the dealer keeps the cards he gave himself, throwing his own to make five."""
    state = play(_to_draw(table()), "draw 1 0", "draw 2 0", "draw 0 1 2 Qh Jh")
    hand = state.hands[0]
    assert len(hand) == 5 and sum(1 for x in hand if x[2]) == 2 and not state.out[0]
    assert "must take" in rulings(state, "I-11")[0]["effect"]
    assert state.phase == "bet2"


@pytest.mark.rule("I-12")
def test_I12_player_who_lets_his_left_draw_out_of_turn_is_penalised():
    """I-12: the wrongdoer is not penalised; the skipped player plays without drawing or quits."""
    state = play(_to_draw(table()), "draw 2 3")
    assert state.to_move == 1 and state.legal_actions() == ["play-on", "throw-in"]
    assert not state.out[2]  # the one who drew out of turn keeps his hand
    play(state, "play-on")
    assert state.drawn[1] and not any(x[2] for x in state.hands[1]) and len(state.hands[2]) == 5
    assert "without drawing" in rulings(state, "I-12")[0]["effect"]
    with pytest.raises(IllegalAction, match="no draw to make"):
        state.apply("draw 1 2")
    play(state, "draw 0 1")
    assert state.phase == "bet2"
    quits = play(_to_draw(table()), "draw 2 3", "throw-in")
    assert quits.out[1]


@pytest.mark.rule("I-13")
def test_I13_card_seen_in_passing_rightly_named_is_replaced_after_the_others():
    """I-13: named rightly, he has another after the others have drawn."""
    state = play(_to_draw(table()), "draw 1 1 Qh", "saw 1 Qh")
    assert len(state.hands[1]) == 4 and state.owed == [1]
    play(state, "draw 2 0", "draw 0 0")
    assert state.phase == "owed" and state.to_move == 0
    with pytest.raises(IllegalAction, match="seat 1 is owed"):
        state.apply("give 2 ?")
    play(state, "give 1 2c")
    assert len(state.hands[1]) == 5 and state.phase == "bet2"


@pytest.mark.rule("I-13")
def test_I13_the_last_to_draw_may_still_declare_before_the_betting():
    """I-13: the dealer, served last, names his card before anyone bets: he has another."""
    state = play(_to_draw(table()), "draw 1 0", "draw 2 0", "draw 0 1")
    assert state.phase == "bet2"
    play(state, "saw 0 4d")
    assert state.phase == "owed" and state.owed == [0]
    play(state, "give 0 ?")
    assert state.phase == "bet2" and len(state.hands[0]) == 5
    play(state, "bet 2 1")
    with pytest.raises(IllegalAction, match="just served"):
        state.apply("saw 0 4d")


@pytest.mark.rule("I-13")
def test_I13_wrongly_named_card_is_kept():
    state = play(_to_draw(table()), "draw 1 1", "saw 1 Qh 7c")
    assert len(state.hands[1]) == 5 and not state.owed
    assert "keeps his original card" in rulings(state, "I-13")[0]["effect"]
    with pytest.raises(IllegalAction, match=r"7c is not among .*\(entered as Jh\)"):
        play(_to_draw(table()), "draw 1 1 Jh", "saw 1 Qh 7c")


def replays(state: RefereeState) -> RefereeState:
    """The recorded history replayed: the same events, rulings and payoffs."""
    again = state.game.replay(json.loads(json.dumps(state.history)))
    assert again.history == state.history and again.is_over == state.is_over
    assert not state.is_over or again.payoffs() == state.payoffs()
    return again


@pytest.mark.rule("I-13")
def test_I13_the_declaration_is_a_denomination_judged_by_rank():
    """I-13: "declare its denomination": a rank alone, or a card whose rank alone counts."""
    assert str(parse_event("saw 1 q")) == "saw 1 Q"
    assert str(parse_event("saw 1 10 Th")) == "saw 1 T Th"
    assert parse_event("saw 1 9").rank == 7
    queen = play(_to_draw(table()), "draw 1 1 Qd")
    rank_only = play(queen.clone(), "saw 1 Q")
    wrong_suit = play(queen.clone(), "saw 1 Qh")
    for state in (rank_only, wrong_suit):
        assert state.owed == [1] and len(state.hands[1]) == 4
        assert "declared a queen rightly (Qd)" in rulings(state, "I-13")[-1]["effect"]
    play(wrong_suit, "draw 2 0", "draw 0 0", "give 1 Kc", "bet 2 1", "call 0", "call 1")
    play(wrong_suit, "show 2 As Ad Kd Qh 3d", "show 0 Ks Kh Jc 9h 2c", "show 1 7s 7d 7c 4h Kc")
    assert wrong_suit.payoffs() == [-3.0, 6.0, -3.0]
    assert [e["ruling"] for e in rulings(replays(wrong_suit))] == ["I-13"]
    king = play(queen.clone(), "saw 1 K")
    assert not king.owed and "declared a king but it was Qd" in rulings(king, "I-13")[-1]["effect"]


@pytest.mark.rule("I-13")
def test_I13_the_entry_says_which_of_the_cards_given_was_sighted():
    """I-13: of three cards given, the first was sighted; by default it is the last."""
    drawn = play(_to_draw(table()), "draw 1 3 Qh Jh 2c")
    for text in ("saw 1 Q Qh", "saw 1 Qh Qh"):
        state = play(drawn.clone(), text)
        assert state.owed == [1] and state.discards[-1] == Card("Qh")
        assert [x[0] for x in state.hands[1] if x[2]] == [Card("Jh"), Card("2c")]
        assert "rightly (Qh)" in rulings(state, "I-13")[-1]["effect"]
        replays(state)
    last = play(drawn.clone(), "saw 1 Q")
    assert not last.owed and "but it was 2c" in rulings(last, "I-13")[-1]["effect"]
    with pytest.raises(IllegalAction, match="Kh is not among the cards just given"):
        drawn.clone().apply("saw 1 Q Kh")
    unseen = play(_to_draw(table()), "draw 1 3", "saw 1 Q Qd")  # turned up: it was Qd
    assert unseen.owed == [1] and unseen.origin[unseen.discards[-1]] == -1


def _seven_to_the_draw() -> tuple[RefereeState, dict[int, list[str]], list[str]]:
    """Seven players dealt the 52-card pack in its order; seats 6 and 0 drop before the
    draw, and seats 1, 2 and 3 draw five each: the stock is down to its last two cards."""
    state = table(players=7)
    deck = [str(Card(c)) for c in state.pack.cards]
    hands: dict[int, list[str]] = {s: [] for s in range(7)}
    for _ in range(5):
        for s in (1, 2, 3, 4, 5, 6, 0):
            hands[s].append(deck.pop(0))
            state.apply(f"deal {s} {hands[s][-1]}")
    play(state, "call 2", "call 3", "call 4", "call 5", "fold 6", "fold 0", "call 1")
    for s in (1, 2, 3):
        play(state, f"draw {s} 5 " + " ".join(deck.pop(0) for _ in range(5)))
    assert deck == ["Ks", "As"] and state.stock == 2
    return state, hands, deck


@pytest.mark.rule("W-8")
def test_W8_the_discards_become_the_new_stock_when_it_runs_out():
    """W-8: the last card is not handed out; with 'reshuffle' the last card, the served
    players' throw-outs and the abandoned hands are the new stock, dealt and shown again."""
    state, hands, _ = _seven_to_the_draw()
    with pytest.raises(IllegalAction, match=r"only 1 card\(s\) to hand out.*reshuffle"):
        state.apply("draw 4 3 Ks As " + hands[1][0])
    with pytest.raises(IllegalAction, match="already out of this pack"):
        state.apply("draw 4 1 " + hands[1][0])
    play(state, "reshuffle")
    [entry] = rulings(state, "W-8")
    assert "15 discard(s) and 10 card(s) of abandoned hands" in entry["effect"]
    assert "cut by the Pone" in entry["text"] and state.stock == 27
    assert state.hands[6] == state.hands[0] == []
    # the stock's Ks first, then seat 1's thrown-out 2c and seat 6's abandoned 7c
    play(state, f"draw 4 3 Ks {hands[1][0]} {hands[6][0]}", "draw 5 2")
    play(state, "bet 2 1", "fold 3", "fold 4", "call 5", "fold 1")
    play(state, "show 5 " + " ".join(hands[5][:3] + hands[0][:2]))  # two of seat 0's, unseen
    play(state, "show 2 3s 4s 5s 6s 7s")
    assert state.payoffs() == [0.0, -2.0, 9.0, -2.0, -2.0, -3.0, 0.0]
    assert [e["ruling"] for e in rulings(replays(state))] == ["W-8"]


@pytest.mark.rule("W-8")
def test_W8_reshuffle_only_when_the_stock_cannot_serve_and_never_beyond_the_pack():
    """W-8: no reshuffle while the stock can serve, nor outside the draw; no card beyond
    the stock without it; those waiting (or owed a card, I-13) keep their throw-outs out."""
    with pytest.raises(IllegalAction, match="W-8: only when the stock cannot serve"):
        play(_to_draw(table()), "reshuffle")
    with pytest.raises(IllegalAction, match="W-8: only when the stock cannot serve"):
        play(deal_out(table()), "reshuffle")
    state, _, _ = _seven_to_the_draw()
    play(state, "draw 4 1 Ks", "saw 4 K")  # seat 4 is owed a card after the others
    assert state.owed == [4] and "reshuffle" in state.legal_actions()
    with pytest.raises(IllegalAction, match="only 0 card"):
        state.apply("draw 5 1 As")  # the last card is not handed out
    play(state, "reshuffle", "draw 5 1 As")  # As: the old last card, now in the new stock
    assert "15 discard(s)" in rulings(state, "W-8")[0]["effect"]  # not seat 4's, owed
    assert state.discards == [None, Card("Ks"), None] and state.thrown_by == [4, 4, 5]
    with pytest.raises(IllegalAction, match="already out of this pack"):
        state.apply("give 4 Ks")  # his own throw-outs stayed out of the new stock
    replays(state)


@pytest.mark.rule("W-6")
def test_W6_a_faced_card_goes_to_the_discards_and_is_replaced_after_the_others():
    """W-6: a card found faced in the pack goes with the discards; one the dealer faces in
    handing it is not accepted, and is replaced after all the others, dealer included."""
    assert str(parse_event("faced 9d")) == "faced 9d" and parse_event("faced 1 7c").seat == 1
    state = play(_to_draw(table()), "draw 1 2 Qh 7c", "faced 1 7c")
    assert state.owed == [1] and len(state.hands[1]) == 4 and state.discards[-1] == Card("7c")
    with pytest.raises(IllegalAction):  # not before the others, dealer included, are served
        state.apply("give 1 2s")
    play(state, "faced 9d")  # found faced in the pack: off the stock, to the discards
    assert state.discards[-1] == Card("9d") and state.stock == 52 - 15 - 2 - 1
    with pytest.raises(IllegalAction, match="already out of this pack"):
        state.apply("draw 2 1 9d")
    play(state, "draw 2 0", "draw 0 1 Kd", "faced 0 Kd")  # the dealer faces his own card
    assert state.phase == "owed" and state.owed == [1, 0]
    with pytest.raises(IllegalAction, match="seat 1 is owed a card"):
        state.apply("give 0 ?")
    play(state, "give 1 2s", "give 0 ?", "bet 2 1", "call 0", "call 1")
    play(state, "show 2 As Ad Kc Kh 3d", "show 0 Ks Js Jc 9h 2c", "show 1 5s 5d 5c Qh 2s")
    assert state.payoffs() == [-3.0, 6.0, -3.0]
    assert [e["ruling"] for e in rulings(replays(state))] == ["W-6", "W-6", "W-6"]


# -- betting out of turn -----------------------------------------------------------


@pytest.mark.rule("R8.8")
def test_R8_8_chips_out_of_turn_stand_when_nothing_changed():
    """R8.8 (binding): the chips stay in the pool and are his action in his turn."""
    state = deal_out(table())
    play(state, "call 0")  # seat 2 is to speak; seat 0 comes in out of turn
    assert state.stakes[0] == 2 and "out of turn" in rulings(state, "R8.8")[0]["effect"]
    play(state, "call 2")
    assert "nothing has changed" in rulings(state, "R8.8")[-1]["effect"]
    assert state.betting is not None and state.betting.to_act == 1 and state.stakes == [2, 1, 2]


@pytest.mark.rule("R8.8")
def test_R8_8_an_act_out_of_turn_is_judged_for_its_own_seat():
    """Seat 2 raised and owes nothing: 'call 2' out of turn is refused (D-5) whether or not
    the due seat's legal acts were listed first (they were taken for seat 2's, and a record
    holding the accepted call did not replay)."""
    state = deal_out(RefereeGame(players=3).new_state(seed=0))
    play(state, "raise 2 2")
    state.legal_actions()
    with pytest.raises(IllegalAction, match="D-5: nothing to call"):  # before the draw
        state.apply("call 2")


@pytest.mark.rule("R8.8")
def test_R8_8_after_an_intervening_raise_he_adds_or_forfeits():
    """R8.8: a raise came between: he may add to call or raise, or drop and forfeit them."""
    state = play(deal_out(table()), "call 0", "raise 2 2")
    assert state.to_move == 0 and state.legal_actions()[:2] == ["fold", "call"]
    play(state, "fold")
    assert state.stakes[0] == 2 and "forfeits" in rulings(state, "R8.8")[-1]["effect"]
    adds = play(deal_out(table()), "call 0", "raise 2 2", "call")
    assert adds.stakes[0] == 4


@pytest.mark.rule("R8.8")
def test_R8_8_void_option_returns_the_chips():
    state = play(deal_out(table(out_of_turn_bet="void")), "call 0")
    assert state.stakes == [0, 1, 0] and "void" in rulings(state, "R8.8")[0]["effect"]


JACKS = {1: "Ks Qd 9c 7h 2s", 2: "Jh Jd 5c 4h 3s", 0: "8s 8d 6c 4d 2h"}


@pytest.mark.rule("R8.8")
@pytest.mark.rule("J-6")
def test_R8_8_jackpot_opened_out_of_turn_that_stands_makes_the_opener():
    """R8.8 with J-6: the chips of an open out of turn stand as his action, so he is the
    opener, who speaks first after the draw."""
    state = deal_out(table(variant="jackpots"), JACKS)
    play(state, "open 2 2", "pass 1")
    assert "nothing has changed" in rulings(state, "R8.8")[-1]["effect"]
    assert state.opener == 2
    play(state, "call 0", "call 1", "draw 1 0", "draw 2 0", "draw 0 0")
    assert state.phase == "bet2" and state.betting is not None and state.betting.to_act == 2
    play(state, "bet 2 1", "call 0", "fold 1")
    play(state, "show 2 Jh Jd 5c 4h 3s", "show 0 8s 8d 6c 4d 2h")
    assert state.payoffs() == [-4.0, -3.0, 7.0]
    assert [e["ruling"] for e in rulings(replays(state))] == ["R8.8", "R8.8"]


@pytest.mark.rule("R8.8")
@pytest.mark.rule("J-3")
def test_R8_8_jackpot_may_not_be_opened_out_of_turn_without_openers():
    """J-3 with R8.8: a hand the referee saw without jacks or better is refused out of turn
    as it is in turn; an unseen hand is taken on trust either way."""
    state = deal_out(table(variant="jackpots"), JACKS)
    with pytest.raises(IllegalAction, match=r"out of turn.*pair of jacks or better"):
        state.apply("open 0 2")
    play(state, "pass 1", "pass 2")
    with pytest.raises(IllegalAction, match="pair of jacks or better"):
        state.apply("open 0 2")
    unseen = play(deal_out(table(variant="jackpots")), "open 0 2", "pass 1", "pass 2")
    assert unseen.opener == 0 and unseen.phase == "bet1" and unseen.stakes == [3, 1, 1]
    replays(unseen)


@pytest.mark.rule("J-4")
@pytest.mark.rule("D-8")
def test_J4_jackpot_nobody_drops_before_the_opening_and_the_last_seat_is_asked():
    """J-3, J-4, J-5 as the digital game rules them: before the pot is opened a player
    passes or opens, in turn or out of it, so the dealer's openers are still asked for; and
    when the hands before his are dead (I-9), he is asked all the same, and opens."""
    state = deal_out(table(variant="jackpots"), {1: JACKS[1], 2: JACKS[0], 0: JACKS[2]})
    for event in ("fold 1", "fold 2"):  # in turn, and out of turn
        with pytest.raises(IllegalAction, match="J-3, J-5"):
            state.apply(event)
    assert not any(e.startswith("fold") for e in state.legal_actions())
    play(state, "pass 1", "pass 2")
    assert "open 0 2" in state.legal_actions()
    play(state, "open 0 2", "fold 1", "call 2")
    assert state.phase == "draw" and state.opener == 0
    dead = play(table(variant="jackpots"), "deal-two 1", "play-on", "deal-two 2", "play-on")
    dead = play(deal_out(dead, {0: JACKS[2]}), "look 1", "look 2")
    assert dead.out == [False, True, True] and "open 0 1" in dead.legal_actions()
    play(dead, "open 0 1")
    assert dead.is_over and dead.opener == 0 and dead.payoffs() == [2.0, -1.0, -1.0]
    replays(dead)


def test_refusals_leave_the_state_unchanged():
    state = deal_out(table())
    before = json.dumps(state.history)
    for bad in ["deal 1 As", "look 9", "count 1 4", "draw 1 2", "give 1 ?", "nonsense"]:
        with pytest.raises(IllegalAction):
            state.apply(bad)
    assert json.dumps(state.history) == before


# -- faults found in review ----------------------------------------------------------


def _to_show(cards: dict[int, str] | None = None) -> RefereeState:
    """A three-handed deal dealt, drawn pat and called: at the show."""
    state = deal_out(table(), cards)
    play(state, "call 2", "call 0", "call 1", "draw 1 0", "draw 2 0", "draw 0 0")
    play(state, "bet 2 1", "call 0", "call 1")
    assert state.phase == "show"
    return state


@pytest.mark.rule("W-11")
@pytest.mark.rule("C-1")
def test_W11_a_show_naming_a_card_twice_is_refused():
    """W-11, C-1: a shown hand is five different cards; a repeated card is refused by
    name, whether it repeats a known card or fills the unseen ones twice."""
    state = _to_show({1: "As Kd Qh Jc 9s", 2: "Ah"})
    for bad in ["show 1 As As Kd Qh Jc", "show 2 Kh Kh Kh Kh Kh", "show 2 Ah Ah Kd Qd Jd"]:
        with pytest.raises(IllegalAction, match=r"shown twice.*C-1, W-11"):
            state.apply(bad)
    play(state, "show 1 As Kd Qh Jc 9s", "show 2 Ah 3c 4c 5c 7d", "show 0 2d 3d 4d 5d 7h")
    assert state.is_over and state.payoffs() == [-3.0, 6.0, -3.0]


@pytest.mark.rule("I-7")
def test_I7_a_completed_deal_out_of_turn_cannot_be_stopped_when_a_card_is_supplied():
    """I-7: once the deal out of turn is completed it stands; supplying a missing card
    afterwards (I-3) reopens the deal but not the right to stop it."""
    state = deal_out(play(table(), "dealer 2", "skip 0"))
    assert "it stands" in rulings(state, "I-7")[0]["effect"]
    play(state, "count 0 4", "rectify", "permit")
    assert state.phase == "deal" and "stop" not in state.legal_actions()
    with pytest.raises(IllegalAction, match="I-7"):
        state.apply("stop")
    play(state, "deal 0 ?")
    assert state.phase == "bet1" and state.deal_no == 1 and state.dealing == 2


@pytest.mark.rule("W-12")
@pytest.mark.rule("R8.8")
def test_W12_a_throw_in_out_of_turn_that_leaves_one_hand_ends_the_betting():
    """W-12, R3.19 with R8.8: the throw-in out of turn is final; when it leaves one hand,
    that hand takes the pool uncalled at once (it went to nobody)."""
    state = deal_out(table())
    play(state, "call 2", "fold 0", "call 1", "draw 1 0", "draw 2 0")
    assert state.phase == "bet2" and state.betting is not None and state.betting.to_act == 2
    play(state, "fold 1")
    assert state.is_over and not state.carried and state.legal_actions() == []
    assert state.payoffs() == [0.0, -2.0, 2.0]
    replays(state)


@pytest.mark.rule("D-11")
def test_D11_straddle_cap_limit_lets_the_straddle_itself_reach_the_limit():
    """D-11, R3.6 (BAR 25): with straddle_cap="limit" a straddle goes on while the straddle
    itself stays within the limit, as at the digital table; "half-limit" stops a round
    earlier, while the price it makes (twice it) does."""
    for cap, blinds in (("half-limit", [0, 1, 2, 4, 0]), ("limit", [0, 1, 2, 4, 8])):
        state = table(5, straddle="blind", straddle_cap=cap, limit_before=8)
        for seat in (2, 3, 4):
            with contextlib.suppress(IllegalAction):
                state.apply(f"straddle {seat}")
        assert state.blinds == blinds, cap


@pytest.mark.parametrize(
    ("option", "rule"),
    [
        ({"ante_by": "dealer"}, "R3.4"),
        ({"reshuffle": "peel"}, "R3.15"),
        ({"variant": "jackpots", "split_openers": False}, "R4.7"),
    ],
)
def test_options_the_referee_does_not_play_are_refused_by_name(option, rule):
    """R3.4, R3.15, R4.7: an option of the game that the referee would silently ignore is
    refused at construction, naming the option and its rule."""
    name = next(k for k in option if k != "variant")
    with pytest.raises(GameOptionError, match=rf"{name}=.*{rule}"):
        RefereeGame(players=3, **option)


def _all_accepted(state: RefereeState) -> list[str]:
    listed = state.legal_actions()
    for text in listed:
        state.clone().apply(text)
    return listed


@pytest.mark.rule("W-3")
def test_W3_the_draws_listed_stay_within_max_draw():
    """W-3: legal_actions offers no draw above the table's max_draw, which is refused."""
    state = play(deal_out(table(max_draw=3)), "call 2", "call 0", "call 1")
    assert _all_accepted(state) == [f"draw 1 {k}" for k in range(4)]


@pytest.mark.rule("J-3")
def test_J3_no_opening_bet_is_listed_for_a_known_hand_without_openers():
    """J-3: a hand the referee saw without jacks or better is offered no opening bet."""
    state = deal_out(table(variant="jackpots"), JACKS)
    assert not any(a.startswith("open") for a in _all_accepted(state))
    play(state, "pass 1")
    assert "open 2 1" in _all_accepted(state)  # seat 2 holds the jacks


@pytest.mark.rule("I-3")
def test_I3_the_withdrawn_card_is_not_named_to_the_table():
    """I-3: the card withdrawn goes to the bottom "unseen": no seat's view names it, not
    even in the ruling's text."""
    state = play(table(), "deal-two 1 Ks As", "play-on")
    deal_out(state, {1: "2h 3h 4h 5h"})
    play(state, "count 1 6", "rectify", "permit")
    assert state.bottom == [Card("5h")]
    for seat in range(3):
        view = json.dumps(state.observation(seat))
        assert "1 card(s) withdrawn" in view and "5h" not in view


@pytest.mark.rule("I-9")
@pytest.mark.rule("R8.3")
def test_I9_a_player_who_bets_on_six_cards_has_seen_them_and_throws_in():
    """I-9, R8.3: nobody bets without seeing his cards, so the Age making good on six cards
    (no look entered) has found six: he throws in and loses his stake; his hand cannot
    come back to five in the draw and win."""
    state = play(table(), "deal-two 1", "play-on")
    deal_out(state)
    play(state, "call 2", "call 0", "count 1 6")
    assert "his hand stands" in rulings(state)[-1]["effect"]  # I-3: the betting has begun
    play(state, "call 1")
    assert state.out[1] and state.foul[1] and "6 cards" in rulings(state, "I-9")[-1]["effect"]
    with pytest.raises(IllegalAction, match="out of this deal"):
        state.apply("draw 1 2 1")
    play(state, "draw 2 0", "draw 0 0", "bet 2 1", "call 0")
    play(state, "show 2 2c 3d 5h 7s 9c", "show 0 4c 6d 8h Ts Qc")
    assert state.payoffs() == [4.0, -1.0, -3.0]
    replays(state)
    early = play(deal_out(play(table(), "deal-two 1", "play-on")), "call 0")  # out of turn
    assert early.out[1] is False and early.held[0] == 2
    play(early, "call 1")  # seat 1, six cards, acts out of turn too: he has seen them
    assert early.out[1] and early.foul[1] and early.held[1] == 0


@pytest.mark.rule("W-8")
@pytest.mark.rule("I-3")
def test_W8_cards_put_back_unseen_may_be_dealt_again():
    """I-3, W-8: a card withdrawn to the bottom of the pack is back in the pack, and the
    cards a player threw out unseen go into the new stock at a reshuffle: either may be
    dealt again (they stayed "already out of this pack")."""
    state = play(table(8, pack=52), "deal-two 1 Ks As", "play-on")
    deal_out(state, {1: "2h 3h 4h 5h"})
    play(state, "count 1 6", "rectify", "permit")
    for seat in [2, 3, 4, 5, 6, 7, 0, 1]:
        state.apply(f"call {seat}")
    play(state, "draw 1 5", "draw 2 5", "reshuffle", "draw 3 5 5h Kd Kc Kh 2c")
    assert state.hands[3][0][0] == Card("5h")
    partial = deal_out(table(8, pack=52), {1: "As Kd 7c 4h 2s"})
    for seat in [2, 3, 4, 5, 6, 7, 0, 1]:
        partial.apply(f"call {seat}")
    play(partial, "draw 1 4", "draw 2 5", "reshuffle")  # seat 1 kept one of his five unseen
    play(partial, "draw 3 5 ? ? ? As ?", *[f"draw {seat} 0" for seat in [4, 5, 6, 7, 0]])
    play(partial, "bet 2 1", *[f"call {seat}" for seat in [3, 4, 5, 6, 7, 0, 1]])
    with pytest.raises(IllegalAction, match="As is not in seat 1's hand"):
        partial.apply("show 1 As Kd 7c 4h 2s")  # the As was among those he threw
    play(partial, "show 1 Kd 7c 4h 2s 3d")
    replays(state)


@pytest.mark.rule("D-9")
@pytest.mark.rule("R8.8")
def test_D9_chips_held_out_of_turn_are_returned_when_the_interval_closes_first():
    """D-9 with R8.8: a raise out of turn whose turn never comes again does not leave the
    stakes unequal into the draw and the next interval: the chips are returned."""
    state = play(deal_out(table()), "call 2", "raise 2 1", "call 0", "call 1")
    assert state.phase == "draw" and state.stakes == [2, 2, 2] and state.held == [0, 0, 0]
    assert "are returned (D-9)" in rulings(state, "R8.8")[-1]["effect"]
    play(state, "draw 1 0", "draw 2 0", "draw 0 0")
    assert state.phase == "bet2" and not state.choices and state.betting is not None
    replays(state)


@pytest.mark.rule("W-12")
@pytest.mark.rule("I-2")
@pytest.mark.rule("I-9")
@pytest.mark.rule("I-10")
def test_W12_a_hand_thrown_in_by_a_ruling_that_leaves_one_hand_ends_the_betting():
    """W-12, R3.19: a ruling that throws a hand in during an interval (I-2, I-9, I-10)
    drops it from the betting at once; the lone hand left takes the pool uncalled, and is
    not asked to act against nobody (folding then carried the pool, every seat losing)."""
    headsup = deal_out(play(table(2), "deal-two 1", "play-on"))
    play(headsup, "look 1")  # I-9: the Age finds six cards
    assert headsup.is_over and not headsup.carried and headsup.payoffs() == [1.0, -1.0]
    replays(headsup)
    before = play(deal_out(table()), "fold 2", "expose 1 Kh", "throw-in")  # I-2
    assert before.is_over and before.payoffs() == [1.0, -1.0, 0.0]
    after = play(deal_out(table()), "call 2", "fold 0", "call 1", "draw 1 1 2", "draw 2 0")
    play(after, "look 1")  # I-10: six cards after the draw
    assert after.is_over and after.legal_actions() == [] and after.payoffs() == [0.0, -2.0, 2.0]
    replays(after)
    three = play(deal_out(table()), "expose 2 Kh", "throw-in")  # two hands left: they go on
    assert three.phase == "bet1" and three.betting is not None and three.betting.to_act == 0


@pytest.mark.rule("I-10")
@pytest.mark.rule("R8.3")
@pytest.mark.rule("R3.21")
def test_I10_a_player_who_bets_on_six_drawn_cards_has_seen_them_and_throws_in():
    """I-10, R8.3, R3.21: nobody bets without seeing the cards he drew, so a player left
    with six after the draw (no look entered) who bets has found "more than five": he
    throws in at once; nor does a lone hand of six take the pool uncalled."""
    state = play(_to_draw(table()), "draw 1 1 2", "draw 2 0", "draw 0 0")
    play(state, "bet 2 1", "fold 0", "raise 1 2")
    assert state.out[1] and state.foul[1] and "throws in at once" in rulings(state)[-1]["effect"]
    assert state.is_over and state.payoffs() == [-2.0, -2.0, 4.0]
    replays(state)
    # R8.3: a hand is foul once looked at or acted on; the lone hand left, unseen, takes the
    # pool uncalled (W-12), as it did before a ruling forced a look on him
    lone = play(_to_draw(table()), "draw 1 1 2", "draw 2 0", "draw 0 0", "fold 2", "fold 0")
    assert lone.is_over and not lone.foul[1] and not rulings(lone, "I-10")
    assert not lone.carried and lone.payoffs() == [-2.0, 4.0, -2.0]
    replays(lone)
    short = play(_to_draw(table()), "draw 1 2 1", "draw 2 0", "draw 0 0", "bet 2 1", "fold 0")
    play(short, "call 1")  # four cards: he remains in
    assert not short.out[1] and "remains in" in rulings(short, "I-10")[-1]["effect"]


@pytest.mark.rule("W-11")
@pytest.mark.rule("C-1")
def test_W11_the_cards_kept_in_the_draw_are_shown_from_those_dealt():
    """W-11, C-1: a player who threw unseen kept cards dealt him; at the show he may not
    lay down as kept cards he was never dealt (four kings for his nothing), though his
    unseen drawn cards may be any the pack still holds."""
    dealt = {1: "As Ah 7c 7d 2s", 2: "2c 3d 5h 7s 9c", 0: "4c 6d 8h Ts Qc"}
    state = play(deal_out(table(), dealt), "call 2", "call 0", "call 1")
    play(state, "draw 1 0", "draw 2 1 Jc", "draw 0 0", "bet 2 1", "call 0", "call 1")
    with pytest.raises(IllegalAction, match=r"Ks Kd Kh Kc not dealt to seat 2 .*W-11, C-1"):
        state.apply("show 2 Ks Kd Kh Kc Jc")
    assert "show 2 2c 3d 5h 7s Jc" in _all_accepted(state)
    play(state, "show 2 3d 5h 7s 9c Jc", "show 1 As Ah 7c 7d 2s", "show 0 4c 6d 8h Ts Qc")
    assert state.payoffs() == [-3.0, 6.0, -3.0]
    unseen = play(deal_out(table(), dealt), "call 2", "call 0", "call 1")
    play(unseen, "draw 1 0", "draw 2 2", "draw 0 0", "bet 2 1", "call 0", "call 1")
    with pytest.raises(IllegalAction, match=r"Ks Kd Kh not dealt to seat 2 .*room for 2"):
        unseen.apply("show 2 Ks Kd Kh 2c 3d")
    play(unseen, "show 2 Ks Kd 2c 3d 5h")  # the two kings drawn
    replays(unseen)


@pytest.mark.rule("C-4")
@pytest.mark.rule("I-10")
@pytest.mark.parametrize(
    ("joker", "payoffs"), [("wild", [-3.0, 6.0, -3.0]), ("bug", [-3.0, -3.0, 6.0])]
)
def test_C4_the_joker_counts_in_a_hand_left_short(joker, payoffs):
    """C-4, R2.7, R2.8: a hand left at four (I-10) counts its Joker as the main ranking
    does: wild, three deuces and the Joker are fours and beat three kings; the bug is an
    ace, so they are threes with an ace and lose.  The Joker alone is a hand (ace high),
    not a crash in the payoffs and the record."""
    state = play(_to_draw(table(joker=joker)), "draw 1 2 1 Jk", "draw 2 0", "draw 0 0")
    play(state, "count 1 4", "bet 2 1", "call 0", "call 1")
    play(state, "show 1 2s 2d 2c Jk", "show 2 Ks Kd Kh 7c 3d", "show 0 Qs Jd 9h 4c 5d")
    assert state.payoffs() == payoffs
    alone = play(_to_draw(table(joker=joker)), "draw 1 5 1 Jk", "draw 2 0", "draw 0 0", "look 1")
    play(alone, "bet 2 1", "call 0", "call 1")
    play(alone, "show 1 Jk", "show 2 Ks Kd Kh 2c 3d", "show 0 Qs Qd Qh 4c 5d")
    assert alone.payoffs() == [-3.0, -3.0, 6.0]
    replays(alone)
    assert json.loads(json.dumps(alone.game.record(alone)))["history"] == alone.history


@pytest.mark.rule("W-10")
def test_W10_no_look_is_suggested_for_a_seat_that_has_dropped():
    """W-10, R3.21: a seat that has dropped is out of the deal for good, with no hand to
    look at: the suggested events leave it out."""
    state = play(deal_out(table()), "fold 2")
    assert "look 2" not in _all_accepted(state) and "look 1" in state.legal_actions()


@pytest.mark.rule("R8.3")
@pytest.mark.rule("W-12")
def test_R83_a_lone_hand_never_looked_at_takes_the_pool_though_it_holds_six():
    """R8.3: a hand of other than five is foul only "once the player has looked or acted"
    (S4: fatal "if you discover after seeing any of your cards").  Heads-up, the Age given
    six and not looking; the dealer throws up his hand: the Age takes the pool (W-12)."""
    state = deal_out(play(table(2), "deal-two 1", "play-on"))
    play(state, "fold 0")
    assert state.is_over and not state.out[1] and not rulings(state, "I-9")
    assert not state.carried and state.payoffs() == [0.0, 0.0]
    replays(state)


# -- options and bad input -------------------------------------------------------------


# referee.py:80  `if self.out_of_turn_bet not in ("binding", "void"):`  ->  `if False:`
def test_R8_8_an_unknown_out_of_turn_bet_mode_is_refused():
    """R8.8: the chips put up out of turn are "binding" or "void"; anything else is refused
    at construction (it was silently played as binding)."""
    with pytest.raises(GameOptionError, match=r"R8\.8: out_of_turn_bet"):
        RefereeGame(players=3, out_of_turn_bet="returned")


# referee.py:323  the `("stacks", (), "")` entry of _NOT_YET deleted
def test_the_table_stakes_option_is_refused_by_name():
    """The referee does not play table stakes: `stacks` is refused naming it, as `ante_by`,
    `reshuffle` and `split_openers` are (it was silently ignored)."""
    with pytest.raises(GameOptionError, match="stacks="):
        RefereeGame(players=3, stacks=(20, 20, 20))


@pytest.mark.rule("J-4")
@pytest.mark.rule("J-2")
def test_J4_a_carried_pot_is_one_number_a_seat_and_none_negative():
    """J-4, J-2: the referee takes the pot an unopened Jack-Pot carries (``carry``, each
    seat's chips in it, as the digital game takes it; it was refused as "not yet"); a carry
    of the wrong length or with a negative number is refused naming carry, not played."""
    for carry, said in (
        ((1, 1), r"carry needs one number per seat \(3\)"),
        ((1, -1, 1), r"carry are chips: none may be negative, not \(1, -1, 1\)"),
        ((1, 1, 1, 1), r"carry needs one number per seat \(3\)"),
    ):
        with pytest.raises(GameOptionError, match=said):
            RefereeGame(players=3, variant="jackpots", carry=carry)
    state = table(variant="jackpots", redeal=1, carry=(2, 1, 0))
    assert state.pool == 6 and observe_pool(state) == 6  # 3 carried and 3 sweeteners (J-4)


@pytest.mark.rule("R3.11")
def test_R311_draw_poker_takes_a_carried_pot_as_the_digital_game_does():
    """R3.11: the digital Draw Poker takes ``carry`` (its English unopened deal carries the
    Age's ante), so the referee does too: the pool shows it, and the Age who takes the pool
    uncalled when nobody comes in takes the carried chips with his ante back."""
    state = table(carry=(1, 1, 1))
    assert observe_pool(state) == 4
    play(deal_out(state), "fold 2", "fold 0")
    assert state.is_over and state.payoffs() == [0.0, 3.0, 0.0]


def observe_pool(state: RefereeState) -> int:
    """The pool as the table's view shows it."""
    return int(state.observation(state.to_move or 0)["pool"])


# referee.py:162  `if not 0 <= s < self.n:`  ->  `if not 0 <= s <= self.n:`
def test_an_event_for_the_seat_one_past_the_table_is_refused():
    """Seats are 0..n-1: `look 3` at a three-seat table is an IllegalAction naming the
    seat, not an IndexError."""
    state = deal_out(table())
    with pytest.raises(IllegalAction, match="there is no seat 3"):
        state.apply("look 3")


# referee.py:166  `("show", "openers", "over")`  ->  `("openers", "over")`
@pytest.mark.rule("W-11")
def test_W11_at_the_show_no_look_count_or_expose_is_taken():
    """W-11: once the deal has come to the show only shows (and openers) are entered; a
    look, a count or an exposed card is refused and changes nothing."""
    state = play(_to_draw(table()), "draw 1 0", "draw 2 0", "draw 0 0")
    play(state, "bet 2 1", "call 0", "call 1")
    assert state.phase == "show"
    for bad in ("look 1", "count 1 5", "expose 1 Kh"):
        with pytest.raises(IllegalAction, match="come to the show"):
            state.apply(bad)
    assert not state.choices


# referee.py:291  `strengths = {} if self.unopened else self._winning_strengths()`
#                 ->  `strengths = self._winning_strengths()`
@pytest.mark.rule("J-4")
def test_J4_an_unopened_jackpot_pays_nobody_even_when_every_hand_is_known():
    """J-4: nobody opens: the antes stay in the pot for the next deal, whatever the hands
    the referee saw (the best known hand was paid the pool)."""
    hands = {1: "Ks Qd 9c 7h 2s", 2: "Th 9d 5c 4h 3s", 0: "8s 8d 6c 4d 2h"}
    state = deal_out(table(variant="jackpots"), hands)
    play(state, "pass 1", "pass 2", "pass 0")
    assert state.is_over and state.unopened and state.carried
    assert state.payoffs() == [-1.0, -1.0, -1.0]


# referee.py:294  `order = [(self.dealer + 1 + i) % self.n ...]`  ->  `(self.dealer + i)`
@pytest.mark.rule("H-12")
def test_H12_the_odd_chip_of_a_divided_pool_goes_to_the_tied_hand_nearest_the_dealers_left():
    """H-12: equal hands divide the pool; the odd chip goes to the tied winner nearest the
    dealer's left (betting.settle), so seat 2 before the dealer, seat 0."""
    hands = {2: "As Kd Qh Jc 9s", 0: "Ad Ks Qc Jh 9d", 1: "2c 3c 4d 6h 8s"}
    state = deal_out(table(), hands)
    play(state, "call 2", "call 0", "fold 1", "draw 2 0", "draw 0 0", "bet 2 1", "call 0")
    play(state, f"show 2 {hands[2]}", f"show 0 {hands[0]}")
    assert sum(state.stakes) == 7
    assert state.payoffs() == [0.0, -1.0, 1.0]


# referee_events.py:169  `... and verb == "deal"`  dropped
@pytest.mark.rule("I-1")
def test_I1_only_a_dealt_card_is_entered_exposed():
    """I-1's `exposed` belongs to `deal`; on another event it is no card and is refused (it
    was taken silently, and `deal-two 1 exposed` recorded an exposure nobody ruled on)."""
    for text in ("deal-two 1 exposed", "draw 1 1 exposed", "give 1 exposed"):
        with pytest.raises(IllegalAction):
            parse_event(text)


# referee_events.py:219  `c in (0, e.extra if e.extra >= 0 else n)`  ->  `c <= (...)`
@pytest.mark.rule("W-3")
def test_W3_a_draw_names_all_the_cards_given_or_none():
    """W-3: naming one of the two cards given left the hand a card short (the stock was
    charged two)."""
    with pytest.raises(IllegalAction, match="name all 2 cards given him, or none"):
        parse_event("draw 1 2 Qh")
    state = _to_draw(table())
    with pytest.raises(IllegalAction, match="name all 2 cards"):
        state.apply("draw 1 2 Qh")


# referee_events.py:217  `"count": n >= 0 and e.extra < 0 and c == 0`  ->  `... n >= 0 and c == 0`
def test_events_with_missing_or_extra_numbers_are_refused_at_parse():
    """A show names cards, or none (he will not show, W-11), never a number; a count is one
    number: `show 1 3` and `count 1 5 6` say how the event is written."""
    with pytest.raises(IllegalAction, match=r"write show SEAT CARDS\|none"):
        parse_event("show 1 3")
    with pytest.raises(IllegalAction, match="write count SEAT N"):
        parse_event("count 1 5 6")


@pytest.mark.rule("J-4")
def test_R49_antes_paid_for_all_are_everyones_at_the_show_as_in_the_digital_game():
    """EB29's 'antes=' (one who antes for all, which the referee's rulings now name) made a
    side pool of his extra antes that only he could win: losing with queens he got them
    back (-2, not -5) and the winner of 'the pool of 12' took 9. They are now everyone's,
    an equal share each, as the digital Jack-Pot settles them (R4.9)."""
    queens, kings, junk = "Qs Qd 3c 6d 8h", "Ks Kd 3h 6c 8d", "2c 4d 6h 8s Td"
    state = deal_out(table(variant="jackpots", redeal=1, carry=(1, 1, 1), antes=(3, 0, 0)),
                     {0: queens, 1: kings, 2: junk})  # fmt: skip
    play(state, "open 1 1", "call 2", "call 0", "draw 1 0", "draw 2 0", "draw 0 0",
         "bet 1 1", "call 2", "call 0", f"show 1 {kings}", f"show 2 {junk}",
         f"show 0 {queens}")  # fmt: skip
    assert state.is_over and state.pool == 12 and state.stakes == [5, 2, 2]
    assert state.payoffs() == [-5.0, 10.0, -2.0]  # the winner takes all 12 he did not put up
