"""A whole refereed deal, from the first card to the show, and its JSON record replayed."""

from __future__ import annotations

import contextlib
import json
import random

import pytest

import parlour
from parlour.game import IllegalAction, load_record
from parlour.poker.referee import RefereeGame

#: three players, seat 0 deals; seat 1 is the Age (ante 1); coming in costs 2 (D-4)
DEAL = [
    "deal 1 As exposed",  # I-1: accepted
    "deal-two 2 Kd Kc",  # I-4: the dealer passes the under card (Kc) on to seat 0
    "rectify",
    "deal 1 Ah", "deal 2 Qd", "deal 0 Qc",
    "deal 1 7c", "deal 2 Qs", "deal 0 5d",
    "deal 1 7d", "deal 2 9h", "deal 0 5h",
    "deal 1 2s", "deal 2 3h", "deal 0 8c",
    "look 1", "look 2", "look 0",
    "call 0",  # R8.8: seat 0 comes in before seat 2 has spoken
    "call 2",  # ... and with nothing changed his chips stand
    "call 1",  # the Age makes good
    "draw 1 2", "saw 1 Jd",  # I-13: seat 1 saw his card in passing and named it rightly
    "draw 2 2 Qh 4c", "draw 0 3",
    "give 1 Jc",
    "bet 2 3", "fold 0", "call 1",  # R3.16: the Age's left speaks first after the draw
    "show 1 As Ah 7c 7d Jc", "show 2 Kd Qd Qs Qh 4c",
]  # fmt: skip


@pytest.mark.rule("I-1")
@pytest.mark.rule("I-4")
@pytest.mark.rule("I-13")
@pytest.mark.rule("R8.8")
def test_whole_refereed_deal_replays_to_the_same_rulings_and_payoffs():
    """I-1, I-4, R8.8, I-13 in one deal; the JSON history rebuilds it exactly."""
    game = RefereeGame(players=3)
    state = game.new_state(seed=0)
    for text in DEAL:
        state.apply(text)
    assert state.is_over
    rules = [e["ruling"] for e in state.history if "ruling" in e]
    assert rules == ["I-1", "I-4", "R8.8", "R8.8", "I-13"]
    # pool: 2 + 2 + 2 before the draw, 3 + 3 after; seat 2's three queens beat two pairs
    assert state.payoffs() == [-2.0, -5.0, 7.0]
    from parlour.poker.referee_cli import show_outcome  # the ruling said at the end (W-11)

    assert show_outcome(state) == (
        "W-11, the show: seat 1: Two pairs, aces and sevens, jack kicker; seat 2: Three of a "
        "kind, queens. The pool goes to seat 2."
    )
    text = json.dumps(game.record(state))
    _, replayed, _ = load_record(text)
    assert replayed.history == state.history and replayed.payoffs() == state.payoffs()
    again = parlour.make("draw-poker-referee", **game.options()).replay(json.loads(text)["history"])
    assert [e for e in again.history if "ruling" in e] == [
        e for e in state.history if "ruling" in e
    ]


def _edited(edit) -> dict:
    """The whole refereed deal's record (rulings I-1 at entry 1, I-4 at 4), edited."""
    game = RefereeGame(players=3)
    state = game.new_state(seed=0)
    for text in DEAL:
        state.apply(text)
    record = json.loads(json.dumps(game.record(state)))
    edit(record["history"])
    return record


@pytest.mark.rule("I-1")
@pytest.mark.parametrize(
    ("edit", "said"),
    [
        (lambda h: h[1].update(ruling="I-9"), "history entry 1: the replay gives ruling 'I-1' "
         "here, not 'I-9'"),
        (lambda h: h[1].update(effect="seat 1 wins"), "history entry 1: ruling 'I-1': its "
         "'effect' is 'seat 1 wins', but the replay gives \"As stays in seat 1's hand"),
        (lambda h: h.pop(1), "history entry 1: the replay gives ruling 'I-1' here, which the "
         "record lacks"),
        (lambda h: h.insert(3, h[1]), "history entry 3: a ruling, {'ruling': 'I-1', "),
        (lambda h: h.insert(3, {"ruling": 7}), "history entry 3: a ruling, {'ruling': 7}, "
         "where the replay gives none"),
        # a null field added or a field taken out: min() of nothing was told, not the field
        (lambda h: h[1].update(note=None), "history entry 1: ruling 'I-1' has a field 'note' "
         "that the replay does not give"),
        (lambda h: h[1].update(effect=None), "history entry 1: ruling 'I-1': its 'effect' is "
         "None, but the replay gives \"As stays"),
        (lambda h: h[1].pop("text"), "history entry 1: ruling 'I-1' lacks its 'text': the "
         "replay gives "),
    ],
)  # fmt: skip
def test_a_ruling_edited_added_or_taken_out_is_refused_naming_its_place(edit, said):
    """I-1's ruling, like every ruling, is given again as the deal replays; the record's own
    ruling entries were passed over, so one edited, added or taken out loaded unseen."""
    with pytest.raises(IllegalAction) as err:
        load_record(json.dumps(_edited(edit)))
    assert str(err.value).startswith(said), err.value


def test_jackpot_nobody_opens_the_antes_stay():
    """J-4 in referee mode: nobody opens; each ante stays in the pot for the next deal."""
    game = RefereeGame(players=3, variant="jackpots")
    state = game.new_state(seed=0)
    for _ in range(5):
        for seat in (1, 2, 0):
            state.apply(f"deal {seat} ?")
    for seat in (1, 2, 0):
        state.apply(f"pass {seat}")
    assert state.is_over and state.payoffs() == [-1.0, -1.0, -1.0]


@pytest.mark.rule("J-3")
def test_jackpot_opened_only_with_openers_the_referee_saw():
    """J-3: a hand the referee saw without jacks or better may not open; an unseen one may."""
    state = RefereeGame(players=3, variant="jackpots").new_state(seed=0)
    cards = {1: ["Ks", "Qd", "9c", "7h", "2s"], 2: ["Jh", "Jd", "5c", "4h", "3s"]}
    for _ in range(5):
        for seat in (1, 2, 0):
            state.apply(f"deal {seat} {cards[seat].pop(0) if seat in cards else '?'}")
    with pytest.raises(IllegalAction, match="pair of jacks or better"):
        state.apply("open 1 2")
    state.apply("pass 1")
    state.apply("open 2 2")
    assert state.opener == 2


def test_random_events_never_corrupt_the_table_and_always_replay():
    """Random events, legal and not, at random tables: only IllegalAction is ever raised,
    every history replays exactly, and chips are conserved unless the pool is carried."""
    from parlour.poker.referee_events import GRAMMAR

    tails = ["", " 1", " 2 3", " As", " ?", " 6", " Kd 7c", " 1 2"]
    for seed in range(40):
        rng = random.Random(seed)
        game = RefereeGame(
            players=rng.choice([2, 3, 4, 5]),
            variant=rng.choice(["draw-poker", "jackpots"]),
            out_of_turn_bet=rng.choice(["binding", "void"]),
            preset=rng.choice(["", "S4-club"]),
        )
        state = game.new_state(seed=0)
        if rng.random() < 0.5:
            with contextlib.suppress(IllegalAction):
                state.apply(f"straddle {state.age}")
        for _ in range(250):
            if state.is_over:
                break
            if rng.random() < 0.3:
                text = f"{rng.choice(list(GRAMMAR))} {rng.randrange(game.num_players)}"
                with contextlib.suppress(IllegalAction):
                    state.apply(text + rng.choice(tails))
                continue
            action = rng.choice(state.legal_actions())
            restart = action in ("foreign-mark", "claim-fresh-deal", "stop")
            if (restart or action.startswith("dealer")) and rng.random() < 0.8:
                continue  # mostly play on, so that deals reach their end
            state.apply(action)
        replayed = game.replay(json.loads(json.dumps(state.history)))
        assert replayed.history == state.history
        if state.is_over and not state.carried:
            assert sum(state.payoffs()) == 0


@pytest.mark.rule("D-10")
@pytest.mark.rule("D-13")
def test_seed_004s_own_game_refereed_straddles_and_royal_flush_penalty():
    """S4-club (seed 004's game): the Age doubles his ante before the deal, the next
    straddles again, and a Royal Flush shown collects the penalty from each player."""
    game = RefereeGame(players=3, preset="S4-club")
    state = game.new_state(seed=0)
    with pytest.raises(IllegalAction, match="only the Age"):
        state.apply("straddle 2")
    state.apply("straddle 1")
    hands = {1: "2c 3d 4h 7s 9c", 2: "As Ks Qs Js Ts", 0: "2d 3h 5s 8c Tc"}
    queues = {s: h.split() for s, h in hands.items()}
    for _ in range(5):
        for seat in (1, 2, 0):
            state.apply(f"deal {seat} {queues[seat].pop(0)}")
    assert state.betting is not None and state.betting.price == 2
    for text in ["straddle 2", "call 0", "call 1", "draw 1 0", "draw 2 0", "draw 0 0",
                 "bet 2 2", "call 0", "call 1"]:  # fmt: skip
        state.apply(text)
    assert state.stakes == [6, 6, 6] and state.phase == "show"
    for seat, cards in hands.items():
        state.apply(f"show {seat} {cards}")
    assert state.payoffs() == [-9.0, -9.0, 18.0]


@pytest.mark.rule("D-13")
@pytest.mark.rule("W-12")
def test_a_royal_flush_that_wins_uncalled_is_shown_and_draws_the_penalty():
    """D-13: the Royal Flush draws the penalty "in addition to scooping up the money in the
    pool", so its holder shows it even when his bet is not called (W-12)."""
    from parlour.poker.referee_cli import show_outcome

    for royal, penalty in (("As Ks Qs Js Ts", 3), ("Ks Qs Js Ts 9s", 0)):
        state = RefereeGame(players=3, preset="S4-club").new_state(seed=0)
        state.apply("straddle 1")
        hands = {1: "2c 3d 4h 7s 2s", 2: royal, 0: "2d 3h 5s 8c Tc"}
        queues = {s: h.split() for s, h in hands.items()}
        for _ in range(5):
            for seat in (1, 2, 0):
                state.apply(f"deal {seat} {queues[seat].pop(0)}")
        for text in ["straddle 2", "call 0", "call 1", "draw 1 0", "draw 2 0", "draw 0 0",
                     "bet 2 2", "fold 0", "fold 1"]:  # fmt: skip
            state.apply(text)
        assert state.payoffs() == [-4.0 - penalty, -4.0 - penalty, 8.0 + 2 * penalty]
        assert ("Royal Flush" in show_outcome(state)) == bool(penalty)


def at_the_royal_choice(dealt_to_1: list[str], discards: int):
    """Two players (royal_penalty=2): seat 1 is dealt ``dealt_to_1`` ('?' unseen), seat 0
    2d 3c 4c 5c 7d; both come in, seat 1 discards ``discards`` cards (not named) and is
    served as many, seat 0 stands pat; seat 0 bets, seat 1 raises, seat 0 drops: the
    uncalled winner's D-13 choice is asked."""
    state = RefereeGame(players=2, royal_penalty=2).new_state(seed=0)
    queues = {1: list(dealt_to_1), 0: ["2d", "3c", "4c", "5c", "7d"]}
    for _ in range(5):
        for seat in (1, 0):
            state.apply(f"deal {seat} {queues[seat].pop(0)}")
    events = ["call 0", "call 1", f"draw 1 {discards}", "draw 0 0", "bet 0 1", "raise 1 1"]
    for text in [*events, "fold 0"]:
        state.apply(text)
    assert state.choices and state.choices[0].rule == "D-13"
    return state


@pytest.mark.rule("D-13")
def test_D13_an_uncalled_hand_the_referee_did_not_see_may_be_shown_to_claim_the_penalty():
    """D-13 with W-12: the referee saw none of seat 1's cards, and his raise is not called.
    He is asked whether the winner takes the pool unshown or shows it: a Royal Flush shown
    draws the penalty from each other player, a lesser hand shown draws none, and a hand not
    shown draws none (the referee used to end the deal at once, the penalty lost)."""
    from parlour.poker.referee_cli import show_outcome

    def uncalled(*end: str):
        state = at_the_royal_choice(["?"] * 5, discards=0)
        assert state.legal_actions() == ["take-unshown", "show"] and not state.is_over
        for text in end:
            state.apply(text)
        assert state.is_over
        return state

    royal = uncalled("show", "show 1 As Ks Qs Js Ts")
    assert royal.payoffs() == [-5.0, 5.0]
    assert "shows his Royal Flush to draw the penalty" in show_outcome(royal)
    lesser = uncalled("show", "show 1 Ks Qs Js Ts 9s")
    assert lesser.payoffs() == [-3.0, 3.0]
    assert "the hand he shows, Straight flush, king high" in show_outcome(lesser)
    unshown = uncalled("take-unshown")
    assert unshown.payoffs() == [-3.0, 3.0]
    assert "his hand is not shown" in show_outcome(unshown)
    game = RefereeGame(players=2, royal_penalty=2)
    assert game.replay(game.record(royal)["history"]).payoffs() == [-5.0, 5.0]


@pytest.mark.rule("D-13")
@pytest.mark.rule("W-12")
def test_D13_the_holder_who_lays_down_his_royal_at_the_choice_draws_the_penalty():
    """D-13: seat 1 was dealt As Ks Qs Js 2c in the referee's sight and drew one card unseen;
    his discard is never named, so his hand is unknown and, his raise not called, he is asked
    to take the pool unshown or show. He lays the royal down: 'show 1 As Ks Qs Js Ts' at that
    prompt is his choice and his show, and draws the penalty (it was refused: 'D-13 offers
    seat 1: take-unshown, show'). Another seat's show there is no answer."""
    state = at_the_royal_choice(["As", "Ks", "Qs", "Js", "2c"], discards=1)
    with pytest.raises(IllegalAction, match="seat 0 has no hand to show"):
        state.apply("show 0 2d 3c 4c 5c 7d")
    state.apply("show 1 As Ks Qs Js Ts")
    assert state.is_over and state.payoffs() == [-5.0, 5.0]
    game = state.game
    assert game.replay(game.record(state)["history"]).payoffs() == [-5.0, 5.0]
