"""Referee mode, Jack-Pots: the opener proves his openers (R4.8), false openers (R4.9).

The deals mirror the digital game's own (tests/poker/test_jackpots.py): seat 2 deals, seat
0 (the Age) passes, seat 1 opens on a pair of tens, seat 2 comes in with nines (or kings).
"""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from parlour.game import IllegalAction
from parlour.poker.referee import RefereeGame, RefereeState
from parlour.poker.referee_events import parse_event
from tests.poker.test_referee import deal_out, play, rulings

TENS = "Th Td 8c 5s 3d"  # seat 1: a pair of tens, no openers
NINES = "9h 9d 6c 4s 3h"
KINGS = "Kh Kd 7c 4h 2s"
JUNK = "Ac Qs 8h 6d 2c"


def table(**options: object) -> RefereeState:
    state = RefereeGame(players=3, variant="jackpots", dealer=2, **options).new_state(seed=0)
    assert isinstance(state, RefereeState)
    return state


def replays(state: RefereeState) -> RefereeState:
    again = state.game.replay(json.loads(json.dumps(state.history)))
    assert again.history == state.history and again.payoffs() == state.payoffs()
    assert again.phase == state.phase and again.stakes == state.stakes
    return again


def to_show(other: str, opener: str | None = TENS, **options: object) -> RefereeState:
    """Seat 1 opens for 2, seat 2 calls, seat 0 drops; seat 1 draws one, seat 2 stands
    pat; seat 1 bets 1, seat 2 calls; both show (seat 1's hand as dealt unseen if None)."""
    cards = {0: JUNK, 2: other} | ({1: opener} if opener else {})
    state = deal_out(table(**options), cards)
    play(state, "pass 0", "open 1 2", "call 2", "fold 0", "draw 1 1", "draw 2 0")
    play(state, "bet 1 1", "call 2", "show 1 Th Td 8c 5s 7d", f"show 2 {other}")
    return state


# -- a false opener at the show ------------------------------------------------------


@pytest.mark.rule("J-3")
@pytest.mark.rule("R4.8")
@pytest.mark.rule("R4.9")
@pytest.mark.parametrize(
    ("remedy", "payoffs"),
    [
        ("refuse", [-1.0, -4.0, 5.0]),  # R4.9: taken on trust, ruled as EB29, the default
        ("EB29", [-1.0, -4.0, 5.0]),  # he forfeits and, drawn to, antes for all next deal
        ("PEEL", [-1.0, -6.0, 7.0]),  # a penalty of double the ante, into the pool
        ("BAR", [-1.0, -7.0, -1.0]),  # a jack-pot of 3; nobody left has openers: void
    ],
)
def test_R48_an_unseen_false_opener_shows_his_openers_and_loses_at_the_show(remedy, payoffs):
    """R4.8: the opener's hand as dealt was not seen: the referee is told what he lays down
    as openers, a pair of tens, and R4.9's remedy follows as the digital game rules it."""
    state = to_show(NINES, opener=None, false_openers=remedy)
    assert state.phase == "openers" and not state.is_over  # the pool waits for the openers
    assert state.legal_actions()[0] == "openers 1"
    with pytest.raises(IllegalAction, match=r"R4\.8: seat 1 is to show"):
        state.apply("openers 2 9h 9d")
    play(state, "openers 1 Th Td")
    assert state.is_over and state.false_opener and state.payoffs() == payoffs
    assert [e["ruling"] for e in rulings(state)][:2] == ["R4.8", "R4.9"]
    assert "no pair of jacks or better" in rulings(state, "R4.8")[0]["effect"]
    effects = " ".join(e["effect"] for e in rulings(state, "R4.9"))
    # refuse: an opening taken on trust and found false gets the default remedy, EB29, in
    # full, as its ruling quotes; it ruled only the forfeit, under EB29's words
    assert ("ante for all" in effects) == (remedy in ("EB29", "refuse"))
    assert {"PEEL": "PEEL 33", "BAR": "null and void"}.get(remedy, "forfeits") in effects
    assert state.carried == (remedy == "BAR")
    assert state.observation(0)["openers_shown"][1] == ["Th", "Td"]
    replays(state)


@pytest.mark.rule("J-3")
@pytest.mark.rule("R4.9")
@pytest.mark.parametrize(
    ("remedy", "payoffs"),
    [("EB29", [-1.0, -4.0, 5.0]), ("PEEL", [-1.0, -6.0, 7.0]), ("BAR", [-1.0, -7.0, 8.0])],
)
def test_R49_a_false_opener_the_referee_saw_cannot_draw_to_a_win(remedy, payoffs):
    """R4.9: the referee saw seat 1's tens dealt and let him open (the remedy is applied at
    the end): he improves in the draw and shows the best hand, but cannot take the pool.
    Under BAR the kings, who held openers, play on for it (BAR 36)."""
    state = to_show(KINGS, opener=TENS, false_openers=remedy)
    assert state.is_over and state.false_opener and state.payoffs() == payoffs
    assert not state.carried and "openers" not in state.legal_actions()
    assert [e["ruling"] for e in rulings(state)] == ["R4.8", "R4.9"] + ["R4.9"] * (remedy == "BAR")
    replays(state)


@pytest.mark.rule("R4.9")
def test_R49_the_reviewers_flush_drawn_by_a_false_opener_does_not_take_the_pool():
    """The fault found in review: Ks Qs 9s 7s 2d opens (EB29, PEEL, BAR), draws a flush and
    shows it; the pool goes to the best hand of those who came in against him."""
    for remedy in ("EB29", "PEEL", "BAR"):
        state = RefereeGame(players=3, variant="jackpots", false_openers=remedy).new_state()
        cards = {1: "Ks Qs 9s 7s 2d", 2: "Th Td 5c 4h 3s", 0: "8s 8d 6c 6h 2c"}
        deal_out(state, cards)
        play(state, "open 1 2", "call 2", "call 0", "draw 1 1 4s", "draw 2 0", "draw 0 0")
        play(state, "bet 1 1", "call 2", "call 0", "show 1 Ks Qs 9s 7s 4s")
        play(state, "show 2 Th Td 5c 4h 3s", "show 0 8s 8d 6c 6h 2c")
        net = state.payoffs()
        assert net[1] < 0 and net[0] == max(net) > 0 and sum(net) == 0, remedy


@pytest.mark.rule("R4.8")
def test_R48_a_pat_opener_unseen_is_proved_by_his_show():
    """R4.8: an opener who stood pat shows his hand as dealt: the referee needs no more."""
    state = deal_out(table(false_openers="EB29"), {0: JUNK, 2: NINES})
    play(state, "pass 0", "open 1 2", "call 2", "fold 0", "draw 1 0", "draw 2 0")
    play(state, "bet 1 1", "call 2", f"show 1 {TENS}", f"show 2 {NINES}")
    assert state.is_over and state.false_opener and state.payoffs() == [-1.0, -4.0, 5.0]
    replays(state)


# -- an uncalled false opener ---------------------------------------------------------


@pytest.mark.rule("J-3")
@pytest.mark.rule("R4.8")
@pytest.mark.rule("R4.9")
@pytest.mark.parametrize(
    ("remedy", "payoffs"),
    [
        ("EB29", [-1.0, -3.0, -1.0]),  # not drawn to; the pool stays for the next deal
        ("PEEL", [-1.0, -5.0, -1.0]),
        ("BAR", [-1.0, -6.0, -1.0]),  # null and void, his jack-pot of 3 stays too
    ],
)
def test_R48_an_uncalled_false_opener_must_show_openers_before_taking_the_pool(remedy, payoffs):
    """R4.8: "unless he has opened a jack pot, when he must show his opening qualification":
    all drop to seat 1's opening; he cannot show openers, so the pool is not his."""
    state = deal_out(table(false_openers=remedy), {0: JUNK, 2: NINES})
    play(state, "pass 0", "open 1 2", "fold 2", "fold 0")
    assert state.phase == "openers" and not state.is_over  # no result until he shows
    with pytest.raises(IllegalAction, match="Ac was not dealt to seat 1"):
        state.apply("openers 1 Jh Ac")  # Ac is seat 0's
    play(state, "openers 1")  # he cannot show them
    assert state.is_over and state.carried and state.payoffs() == payoffs
    effects = " ".join(e["effect"] for e in rulings(state))
    assert "ante for all" not in effects  # nobody came in: he was not drawn to
    replays(state)


@pytest.mark.rule("R4.8")
@pytest.mark.rule("R4.9")
@pytest.mark.rule("W-12")
def test_R49_a_false_opener_who_drops_leaves_the_pool_to_the_one_left():
    """R4.8 (BIC), as the digital game: the opener drops to a raise; he still shows his
    openers; false, he antes for all next deal (EB29, drawn to) and the raiser takes it."""
    state = deal_out(table(false_openers="EB29"), {0: JUNK, 1: TENS})
    play(state, "pass 0", "open 1 1", "raise 2 2", "fold 0", "fold 1")
    assert state.is_over and state.payoffs() == [-1.0, -2.0, 3.0]
    assert "ante for all" in rulings(state, "R4.9")[0]["effect"]
    replays(state)


@pytest.mark.rule("R4.9")
def test_R49_BAR_asks_the_hand_left_in_whether_it_held_openers():
    """BAR 37: a false opener dropped; the hand left was not seen: it is asked for openers,
    and with kings it takes the pool (without, the round would be null and void)."""
    for shown, void in (("Kh Kd", False), ("", True)):
        state = deal_out(table(false_openers="BAR"), {0: JUNK, 1: TENS})
        play(state, "pass 0", "open 1 1", "raise 2 2", "fold 0", "fold 1")
        assert state.phase == "openers" and state.legal_actions()[0] == "openers 2"
        play(state, f"openers 2 {shown}".strip())
        assert state.is_over and state.void == void and bool(state.carried) == void
        assert state.payoffs() == ([-1.0, -5.0, -1.0] if void else [-1.0, -5.0, 6.0])
        replays(state)


# -- true openers ------------------------------------------------------------------------


@pytest.mark.rule("J-3")
@pytest.mark.rule("R4.8")
@pytest.mark.parametrize("remedy", ["refuse", "EB29", "PEEL", "BAR"])
def test_R48_a_true_opener_unseen_shows_his_jacks_and_wins(remedy):
    """R4.8: seat 1 split his jacks to draw (R4.7) and shows them, one kept aside: he wins
    as before, with no ruling."""
    state = deal_out(table(false_openers=remedy), {0: JUNK, 2: NINES})
    play(state, "pass 0", "open 1 2", "call 2", "fold 0", "draw 1 3", "draw 2 0")
    play(state, "bet 1 1", "call 2", "show 1 Jh Kc Ks 7d 5d", f"show 2 {NINES}")
    assert state.phase == "openers"
    play(state, "openers 1 Jh Jd")
    assert state.is_over and state.false_opener is False and not rulings(state)
    assert state.payoffs() == [-1.0, 5.0, -4.0]
    replays(state)


@pytest.mark.rule("J-3")
def test_J3_a_true_opener_the_referee_saw_takes_an_uncalled_pool_at_once():
    """J-3: the referee saw the jacks: nothing more is asked and nothing is ruled."""
    state = deal_out(table(false_openers="EB29"), {0: JUNK, 1: "Jh Jd 5c 4h 3s"})
    play(state, "pass 0", "open 1 2", "fold 2", "fold 0")
    assert state.is_over and not rulings(state) and state.payoffs() == [-1.0, 2.0, -1.0]


# -- what the referee may enter ---------------------------------------------------------------


@pytest.mark.rule("R4.8")
def test_R48_openers_must_fit_what_the_referee_knows():
    """The cards shown as openers are of his hand as dealt: not another hand's, not one
    given him in the draw, no more than the cards the referee did not see."""
    assert str(parse_event("openers 1 jh jd")) == "openers 1 Jh Jd"
    assert str(parse_event("openers 1")) == "openers 1"
    with pytest.raises(IllegalAction, match="openers SEAT"):
        parse_event("openers 1 Jh ?")
    state = deal_out(table(false_openers="EB29"), {0: JUNK, 2: NINES})
    play(state, "pass 0", "open 1 2", "call 2", "fold 0")
    with pytest.raises(IllegalAction, match=r"R4\.8: no openers"):
        state.apply("openers 1 Jh Jd")  # not before the end
    play(state, "draw 1 2 Js 2d", "draw 2 0", "bet 1 1", "call 2")
    before = json.dumps(state.history)
    for bad, why in [
        ("openers 1 Js Jd", "Js was given to seat 1 in the draw"),
        ("openers 1 9h 9c", "9h was not dealt to seat 1"),
        ("openers 1 Jd Jd", "named twice"),
        ("openers 1 Jd Jc Qd Qc 7s 7d", "hand as dealt was"),
    ]:
        with pytest.raises(IllegalAction, match=why):
            state.apply(bad)
    assert json.dumps(state.history) == before
    play(state, "show 1 Jd Jc Js 2d 5h", f"show 2 {NINES}", "openers 1 Jd Jc")
    assert state.is_over and state.payoffs() == [-1.0, 5.0, -4.0]
    with pytest.raises(IllegalAction):
        state.apply("openers 1 Jd Jc")
    replays(state)


@pytest.mark.rule("R4.8")
def test_R48_openers_shown_at_the_show_before_the_hands():
    """The openers may be laid down at the show before the hands: a false opener is then
    out of the show, and the one left in shows and takes the pool."""
    state = deal_out(table(false_openers="EB29"), {0: JUNK, 2: NINES})
    play(state, "pass 0", "open 1 2", "call 2", "fold 0", "draw 1 1", "draw 2 0")
    play(state, "bet 1 1", "call 2", "openers 1 Th Td")
    assert state.phase == "show" and state.false_opener
    with pytest.raises(IllegalAction, match="no hand to show"):
        state.apply("show 1 Th Td 8c 5s 7d")
    play(state, f"show 2 {NINES}")
    assert state.is_over and state.payoffs() == [-1.0, -4.0, 5.0]
    replays(state)


@pytest.mark.rule("R4.8")
def test_R48_the_referee_command_asks_for_the_openers(tmp_path):
    """`parlour referee jackpots --false-openers PEEL`: the help lists `openers`, the table
    asks for them at the end, and the R4.8 and R4.9 rulings are printed with PEEL's words."""
    from parlour.cli import app

    save = tmp_path / "deal.json"
    deal = [f"deal {s} ?" for _ in range(5) for s in (0, 1, 2)]
    lines = ["help", *deal, "pass 0", "open 1 2", "fold 2", "fold 0", "openers 1 Th Td"]
    result = CliRunner().invoke(
        app,
        ["referee", "jackpots", "--players", "3", "--dealer", "2", "--false-openers", "PEEL",
         "--save", str(save)],
        input="\n".join(lines) + "\n",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert "openers SEAT CARDS|none" in out and "Seat 1 to show his openers" in out
    assert "Ruling R4.8" in out and "Ruling R4.9" in out and "double the ante" in out
    assert "Jack-Pot table: deal 1" in out and "Draw Poker table" not in out
    record = json.loads(save.read_text())
    assert record["options"]["false_openers"] == "PEEL" and record["payoffs"] == [-1, -5, -1]


# referee_openers.py:351  `if where != s and not recycled:`  ->  `if where != s and where != -1:`
@pytest.mark.rule("R4.8")
@pytest.mark.rule("W-6")
def test_R48_a_card_found_faced_in_the_pack_is_not_shown_as_openers():
    """R4.8: the openers are cards of his hand as dealt; the Jd found faced in the pack in
    the draw (W-6) went to the discards from the stock and was never dealt to him."""
    state = deal_out(table(false_openers="EB29"), {0: JUNK, 2: NINES})
    play(state, "pass 0", "open 1 2", "call 2", "fold 0", "draw 1 3", "faced Jd", "draw 2 0")
    play(state, "bet 1 1", "call 2")
    with pytest.raises(IllegalAction, match="Jd was not dealt to seat 1"):
        state.apply("openers 1 Jh Jd")
    play(state, "openers 1 Jh Jc")
    assert state.false_opener is False


# referee_openers.py:364-365  `if any(self._proof(t) for t in left): return None`  removed
@pytest.mark.rule("R4.9")
def test_R49_BAR_asks_nobody_for_openers_when_a_hand_left_in_is_known_to_hold_them():
    """BAR 36-37: after a false opener, the referee saw seat 2's kings as dealt: the hands
    left play for the pool at once; seat 0, whose hand he did not see, is not asked."""
    state = deal_out(table(false_openers="BAR"), {1: TENS, 2: KINGS})
    play(state, "pass 0", "open 1 2", "call 2", "call 0", "draw 0 3", "draw 1 0", "draw 2 0")
    play(state, "bet 1 1", "call 2", "call 0", f"show 1 {TENS}", f"show 2 {KINGS}")
    play(state, "show 0 2c 3c 4d 6h 8s")
    assert state.is_over and state.false_opener and not state.void
    assert state.payoffs() == [-4.0, -7.0, 11.0]


def _next_rules(state: RefereeState) -> dict[str, object]:
    """The rules the last R4.9 ruling names for the next deal, as the referee types them."""
    said = rulings(state, "R4.9")[-1]["effect"].split(" and the rules ")[1]
    return {k: tuple(map(int, v.split(","))) if "," in v else int(v)
            for k, v in (rule.split("=") for rule in said.split())}  # fmt: skip


@pytest.mark.rule("R4.9")
@pytest.mark.rule("J-4")
@pytest.mark.parametrize(
    ("remedy", "rules", "payoffs"),
    [
        ("EB29", {"redeal": 2, "carry": (2, 4, 2)}, [-1.0, -3.0, -1.0]),
        ("PEEL", {"redeal": 2, "carry": (2, 6, 2)}, [-1.0, -5.0, -1.0]),  # his penalty of 2
        # BAR 35-37: his jack-pot equals the one he entered, carried chips and all (3 + 3)
        ("BAR", {"redeal": 2, "carry": (2, 10, 2)}, [-1.0, -9.0, -1.0]),
    ],
)
def test_R49_a_false_opener_leaving_the_pool_names_the_next_deals_rules(remedy, rules, payoffs):
    """R4.9, J-4: a second deal (redeal=1) of a pot carrying 3 chips; seat 1 opens falsely and
    all drop.  The pool stays for the next deal, but the ruling said only that, so the host
    refereed the next deal without the carried chips.  It now names the rules the digital
    game's next deal has (redeal=2 and each seat's chips now in the pot), and a deal
    refereed with them holds every chip left in the pool."""
    state = deal_out(table(false_openers=remedy, carry=(1, 1, 1), redeal=1), {0: JUNK, 2: NINES})
    play(state, "pass 0", "open 1 2", "fold 2", "fold 0", "openers 1")
    assert state.is_over and state.carried and state.payoffs() == payoffs
    assert _next_rules(state) == rules
    nxt = table(false_openers=remedy, **rules)
    # the 3 carried in and all this deal lost (-payoffs) are carried on; each adds 1 (J-4)
    assert nxt.pool == 3 - sum(payoffs) + 3 == sum(rules["carry"]) + 3


@pytest.mark.rule("R4.9")
def test_R49_a_false_opener_drawn_to_antes_for_all_in_the_rules_named_for_the_next_deal():
    """R4.9 (EB29): drawn to, the false opener antes for all the others next deal; with
    nobody left in, the pool stays too: the rules named carry both (``antes``, as the
    digital sitting enters it: the sweetener for each seat, all his)."""
    state = deal_out(table(false_openers="EB29", carry=(1, 1, 1), redeal=1), {0: JUNK, 2: NINES})
    play(state, "pass 0", "open 1 2", "call 2", "fold 0", "draw 1 1", "draw 2 0")
    play(state, "bet 1 1", "fold 2", "openers 1")
    assert _next_rules(state) == {"redeal": 2, "carry": (2, 5, 4), "antes": (0, 3, 0)}
    nxt = table(false_openers="EB29", **_next_rules(state))
    assert nxt.stakes == [0, 3, 0] and nxt.pool == 11 + 3


@pytest.mark.rule("R4.9")
def test_R49_a_false_opener_drawn_to_antes_for_all_next_deal_even_where_the_pool_is_won():
    """R4.9 (EB29): drawn to, the false opener antes for all the others next deal; where the
    others played on and won the pool the ruling said so but named no rule for it, so the
    next deal was refereed with equal antes. It now names them, full antes as the sitting
    has them (a won pool: a fresh Jack-Pot)."""
    state = deal_out(four(false_openers="EB29"))
    play(state, "pass 1", "open 2 2", "call 3", "call 0", "fold 1", "draw 2 2", "draw 3 1",
         "draw 0 1", "bet 2 1", "call 3", "call 0", "show 3 2c 2d 5h 6h 7h", "show 0",
         "show 2 As Kd Qc 9h 4s", "openers 2")  # fmt: skip
    said = rulings(state, "R4.9")[-1]["effect"]
    assert said.endswith("those who came in against him stay and play for the pool; referee "
                         "the next deal with --players 4 --ante 1 --dealer 1 and the rule "
                         "antes=0,0,4,0")  # fmt: skip
    nxt = four(false_openers="EB29", dealer=1, antes=(0, 0, 4, 0))
    assert nxt.stakes == [0, 0, 4, 0] and nxt.pool == 4


def four(**options: object) -> RefereeState:
    state = RefereeGame(players=4, variant="jackpots", **options).new_state(seed=0)
    assert isinstance(state, RefereeState)
    return state
