"""Jack-Pots and Progressive Jack-Pots (J-2..J-7, R4.7..R4.10) on stacked packs."""

from __future__ import annotations

import random

import pytest

import parlour
from parlour.cards import RANK_CHARS, Card, parse_cards
from parlour.game import GameOptionError, IllegalAction
from parlour.poker.jackpots import opening_rank
from parlour.testing import _snapshot
from tests.poker.test_draw_support import play, stacked

JUNK = "2c 4d 7h 9s Kc"
JACKS = "Jh Jd 8c 5s 3d"
KINGS = "Kh Kd 6c 6s 3h"


def deal(**options):
    game = parlour.make("jackpots", players=3, dealer=2, **options)
    return stacked(game, {0: JUNK, 1: JACKS, 2: KINGS})


@pytest.mark.rule("J-2")
def test_J2_every_player_puts_up_an_equal_stake():
    state = deal(ante=2)
    assert state.contrib == [2, 2, 2] and state.pool == 6
    assert state.to_move == 0  # the player on the dealer's left speaks first (R4.1)


@pytest.mark.rule("J-3")
def test_J3_only_jacks_or_better_open():
    state = deal()
    assert [str(a) for a in state.legal_actions()] == ["pass"]  # J-5: no drop before opening
    with pytest.raises(IllegalAction, match="J-3"):
        state.apply("open 1")
    play(state, "pass")
    assert "open 1" in [str(a) for a in state.legal_actions()]  # seat 1 holds jacks


@pytest.mark.rule("J-3")
def test_J3_no_obligation_to_open_and_J4_unopened_pot_is_carried():
    state = deal()
    play(state, "pass", "pass", "pass")
    assert state.is_over and state.outcome == "unopened"
    assert state.payoffs() == [0.0, 0.0, 0.0]
    assert state.carry_out == [1, 1, 1]
    assert state.next_deal == {"jackpot": True, "carry": True, "redeal": 1}


@pytest.mark.rule("J-4")
@pytest.mark.rule("D-8")
def test_J4_nobody_drops_before_the_opening_so_the_last_seat_is_asked_and_opens():
    """J-3, J-4, J-5 (S3): "if no player holds so valuable a hand the deal passes"; the
    others "pay in the same amount or drop" once the pot is opened.  So before the opening
    a player passes or opens (a drop then only threw away his right to come in), every seat
    speaks in turn (D-8), and the dealer's openers are not lost when all before him decline."""
    game = parlour.make("jackpots", players=4, dealer=0)
    state = stacked(game, {0: "As Ah Ad Kc Kd"})
    for seat in (1, 2, 3):
        assert state.to_move == seat and "fold" not in map(str, state.legal_actions())
        with pytest.raises(IllegalAction, match="J-3, J-5"):
            state.apply("fold")
        play(state, "pass")
    assert state.to_move == 0 and state.phase == "bet1"
    play(state, "open 1")
    assert state.opener == 0 and state.to_move == 1  # the passers may come in now
    assert [str(a) for a in state.legal_actions()][:2] == ["fold", "call"]
    play(state, "fold", "fold", "fold")
    assert state.outcome == "uncalled" and state.payoffs() == [3.0, -1.0, -1.0, -1.0]


@pytest.mark.rule("J-4")
def test_J4_the_next_deal_each_adds_a_small_sum_to_the_carried_pot():
    game = parlour.make("jackpots", players=3, dealer=0, carry=(1, 1, 1), redeal=1,
                        sweetener=1, ante=3)  # fmt: skip
    state = game.new_state(seed=4)
    assert state.contrib == [1, 1, 1] and state.pool == 6
    while not state.is_over:
        state.apply(state.legal_actions()[min(1, len(state.legal_actions()) - 1)])
    assert sum(state.payoffs()) == 0


@pytest.mark.rule("J-4")
def test_J4_the_sweetener_is_told_as_paid_by_those_with_chips_and_not_by_the_broke():
    """J-4 at table stakes: the table was told "each adds 1" when two players with no chips
    left (sitting in on their share of the carried pot) added nothing."""
    game = parlour.make("jackpots", players=3, dealer=2, carry=(1, 1, 1), redeal=1,
                        sweetener=2, stacks=(5, 1, 0))  # fmt: skip
    state = stacked(game, {0: JUNK, 1: JACKS, 2: KINGS})
    assert state.contrib == [2, 1, 0] and state.pool == 6  # chips as before: none made up
    assert state.events[0] == (-1, "antes", "seat 0 adds 2 (J-4); seat 1 can add only 1; "
                               "seat 2 has no chips to add; a pot of 3 is carried from the "
                               "deal before")  # fmt: skip


@pytest.mark.rule("J-4")
def test_J4_the_sweetener_paid_by_all_is_told_as_before():
    game = parlour.make("jackpots", players=3, dealer=2, carry=(1, 1, 1), redeal=1,
                        stacks=(5, 5, 5))  # fmt: skip
    state = stacked(game, {0: JUNK, 1: JACKS, 2: KINGS})
    assert state.events[0][2] == "each adds 1 (J-4); a pot of 3 is carried from the deal before"


@pytest.mark.rule("J-3")
@pytest.mark.rule("J-4")
def test_J4_a_deal_nobody_can_bet_on_says_why_it_ends_unopened_at_once():
    """J-3, J-4 at table stakes: every ante all-in but one, no openers anywhere: the deal
    ended "unopened" with no one given a turn and no reason told."""
    game = parlour.make("jackpots", players=3, dealer=2, stacks=(1, 1, 5))
    state = stacked(game, {0: JUNK, 1: "Th Td 8c 5s 3d", 2: "Qh 9d 6c 4s 2h"})
    assert state.is_over and state.outcome == "unopened"
    assert state.history[-1].get("chance") == "shuffle"  # nobody was asked
    said = [public for s, text, public in state.events if text == "unopened"]
    assert said == [
        "nobody can bet (every player still in, or all but one, is all-in) and no hand holds "
        "a pair of jacks or better (J-3): nobody opens, and the deal passes (J-4)"
    ]
    assert sum(state.carry_out) == state.pool == 3


NO_OPENERS = (
    "J-3, J-7: the pot may be opened only with a pair of jacks or better, and seat 0 holds "
    "none: he may pass (J-5: and come in once it is opened)"
)


@pytest.mark.rule("J-3")
@pytest.mark.rule("J-5")
def test_J3_a_seat_without_openers_is_told_to_pass_not_to_open():
    """J-3: 'raise 99' and 'open' by a seat without openers were answered "W-9: nothing has
    been bet yet: 'open N'" and "it is a betting turn: pass", pointing him to an opening he
    may not make, or saying nothing of why."""
    state = deal()  # seat 0, first to speak, holds no pair
    for text in ("raise 99", "raise 2", "open 99", "open 1"):
        with pytest.raises(IllegalAction) as refused:
            state.apply(text)
        assert str(refused.value).endswith(NO_OPENERS), text
        assert "open N" not in str(refused.value)
    with pytest.raises(IllegalAction) as refused:
        state.apply("open")
    assert str(refused.value).endswith(
        "'open' is not an action now; J-5: it is a betting turn: pass (seat 0 holds no "
        "openers: the pot opens only with jacks or better, J-3)"
    )


@pytest.mark.rule("J-3")
@pytest.mark.rule("J-5")
def test_J3_a_call_or_a_drop_before_the_opening_tells_a_seat_without_openers_only_to_pass():
    """J-3: 'call' before the opening by a seat without openers was answered "J-5: nothing
    to call; say pass or open 1..5", and 'fold' "... pass (...) or open", an opening he may
    not make; the seat with jacks is still told he may open."""
    state = deal()  # seat 0 holds no pair, seat 1 jacks
    with pytest.raises(IllegalAction) as refused:
        state.apply("call")
    assert str(refused.value) == (
        "J-5: nothing to call; say pass (seat 0 holds no openers: the pot opens only with "
        "jacks or better, J-3)"
    )
    with pytest.raises(IllegalAction) as refused:  # a drop, likewise: pass, not open
        state.apply("fold")
    assert str(refused.value) == (
        "J-3, J-5: nobody drops before the pot is opened: pass (you may still come in once it "
        "is opened) (seat 0 holds no openers: the pot opens only with jacks or better, J-3)"
    )
    play(state, "pass")
    with pytest.raises(IllegalAction, match=r"nothing to call; say pass or open 1\.\.5$"):
        state.apply("call")
    with pytest.raises(IllegalAction, match=r"once it is opened\) or open$"):
        state.apply("fold")


@pytest.mark.rule("J-3")
@pytest.mark.rule("W-9")
def test_W9_a_seat_that_may_open_is_still_told_to_open_before_raising():
    state = play(deal(), "pass")  # seat 1 holds jacks
    with pytest.raises(IllegalAction, match=r"W-9: nothing has been bet yet: 'open N'$"):
        state.apply("raise 2")
    with pytest.raises(IllegalAction, match=r"J-5: open how much\? open 1..5$"):
        state.apply("open")
    taken = deal(false_openers="EB29")  # R4.9: an opening without openers stands till shown
    with pytest.raises(IllegalAction, match=r"W-9: nothing has been bet yet: 'open N'$"):
        taken.apply("raise 2")


@pytest.mark.rule("J-5")
def test_J5_opener_puts_up_within_the_limit_others_pay_raise_or_drop():
    state = deal()
    play(state, "pass")
    with pytest.raises(IllegalAction, match="limit"):
        state.apply("open 6")
    with pytest.raises(IllegalAction, match=r"J-5: it is a betting turn: pass or open 1..5$"):
        state.apply("pat")  # not "fold, call, raise": nobody has opened
    play(state, "open 3")
    assert state.opener == 1 and state.contrib[1] == 4
    assert {str(a) for a in state.legal_actions()} >= {"fold", "call", "raise 5"}
    with pytest.raises(IllegalAction, match="J-5: 3 to meet: call, raise or drop; nothing may "
                       "be passed"):  # fmt: skip
        state.apply("pass")
    play(state, "raise 2")  # seat 2 raises the opener
    assert state.to_move == 0  # the first passer may come in now
    play(state, "call", "call")
    assert state.phase == "draw" and state.contrib == [6, 6, 6]


@pytest.mark.rule("J-6")
def test_J6_after_the_draw_the_opener_starts_the_betting():
    state = deal()
    play(state, "pass", "open 1", "call", "call", "pat", "pat", "pat")
    assert state.phase == "bet2" and state.to_move == 1
    assert [str(a) for a in state.legal_actions()][:2] == ["fold", "bet 1"]


@pytest.mark.rule("J-6")
def test_J6_opener_dropped_then_the_first_to_his_left():
    state = deal()
    play(state, "pass", "open 1", "raise 1", "call", "fold", "pat", "pat")
    assert state.to_move == 2


@pytest.mark.rule("J-7")
def test_J7_progressive_minimum_rises_one_degree_per_unopened_deal():
    jacks_fail = deal(progressive=True, redeal=1)  # queens or better now
    assert jacks_fail.observation(0)["minimum"] == "Q"
    play(jacks_fail, "pass")
    with pytest.raises(IllegalAction, match="queens"):
        jacks_fail.apply("open 1")
    play(jacks_fail, "pass")
    assert "open 1" in [str(a) for a in jacks_fail.legal_actions()]  # kings open
    not_prog = deal(redeal=1)
    play(not_prog, "pass", "open 1")


@pytest.mark.rule("J-7")
def test_J7_after_aces_stay_come_down_or_cycle():
    j = 11
    assert [opening_rank(j, k, True, "stay") for k in range(6)] == [11, 12, 13, 14, 14, 14]
    assert [opening_rank(j, k, True, "down") for k in range(8)] == [11, 12, 13, 14, 13, 12, 11, 12]
    assert [opening_rank(j, k, True, "cycle") for k in range(5)] == [11, 12, 13, 11, 12]
    assert opening_rank(j, 5, False, "stay") == 11


def test_R47_splitting_openers_allowed_by_default_and_refused_as_an_option():
    state = deal()
    play(state, "pass", "open 1", "call", "call", "pat")
    play(state, "draw Jd 3d")  # the opener splits his jacks
    assert state.to_move == 2
    strict = deal(split_openers=False)
    play(strict, "pass", "open 1", "call", "call", "pat")
    with pytest.raises(IllegalAction, match=r"R4\.7"):
        strict.apply("draw Jd 3d")
    play(strict, "draw 8c 5s 3d")


def code(text: str) -> int:
    return int(parse_cards([text])[0])


def throw(state, seat: int, k: int) -> str:
    """Seat ``seat`` throws out the first ``k`` cards he holds."""
    return "draw " + " ".join(str(Card(c)) for c in state.kept[seat][:k])


def crowded(more=None, **options):
    """Seven players, so that the stock runs out in the draw (W-8): seat 1 opens on jacks,
    all come in, he splits them, throwing Jh to draw to his flush (R4.7), and seats 2-5
    draw three each, leaving four cards in the stock (the last not dealt)."""
    game = parlour.make("jackpots", players=7, dealer=0, **options)
    state = stacked(game, {1: "Js Jh 9s 5s 2s"}, more=more)
    play(state, "open 1", *["call"] * 6, "draw Jh")
    for seat in (2, 3, 4, 5):
        play(state, throw(state, seat, 3))
    assert state.to_move == 6 and len(state.stock) == 4
    return state


@pytest.mark.rule("W-8")
@pytest.mark.rule("R4.7")
def test_R47_W8_the_split_openers_are_kept_out_of_the_reshuffle():
    """R4.7: the opener "must keep the discarded opener(s) separate so that he can prove
    them" (R4.8): W-8's reshuffle gathers the served players' discards but not his Jh, so
    that it cannot be dealt to another player and shown twice."""
    jh = code("Jh")
    ahead = crowded()
    served = [c for s in range(1, 6) for c in ahead.discards[s] if c != jh]
    pile = sorted([ahead.stock[0], *served])  # the last card and the discards, not Jh
    state = crowded(more=[{"chance": "reshuffle", "outcome": pile}])
    play(state, throw(state, 6, 4))  # three from the stock, then the reshuffle serves him
    assert state.history[-1] == {"chance": "reshuffle", "outcome": pile}
    assert state.discards[1] == [jh] and jh not in state.stock + state.drawn[6]
    for seed in range(20):  # a deal resampled from another seat's view: a split opener too
        other = state.resample_hidden(3, random.Random(seed))
        assert _snapshot(state.game.replay(other.history)) == _snapshot(other)
    play(state, "pat", "bet 1", *["call"] * 6)
    seen = state.observation(2)
    assert seen["openers_shown"] == "Js Jh" and "Jh" not in " ".join(seen["shown"].values())


@pytest.mark.rule("W-8")
@pytest.mark.rule("R4.7")
def test_R47_the_split_openers_are_kept_out_of_the_peel_too():
    """R3.15 (PEEL 41): every card thrown out is shuffled for those waiting, but for the
    opener's split openers, kept apart to be proved (R4.7, R4.8)."""
    jh = code("Jh")
    ahead = crowded(reshuffle="peel")
    thrown = [*ahead.kept[6][:4], *ahead.kept[0][:3]]
    served = [c for s in range(1, 6) for c in ahead.discards[s] if c != jh]
    pile = sorted([*ahead.stock, *served, *thrown])
    state = crowded(more=[{"chance": "reshuffle", "outcome": pile}], reshuffle="peel")
    play(state, throw(state, 6, 4))  # he waits for the peel
    for seed in range(10):  # a deal resampled meanwhile: the same cards would stay apart
        other = state.resample_hidden(3, random.Random(seed))
        assert _snapshot(state.game.replay(other.history)) == _snapshot(other)
    play(state, throw(state, 0, 3))
    assert state.phase == "bet2" and state.history[-1]["outcome"] == pile
    assert state.discards[1] == [jh] and all(jh not in h for h in state.drawn)


@pytest.mark.rule("W-8")
@pytest.mark.rule("R4.7")
def test_R47_a_peel_too_short_to_serve_beside_the_kept_openers_refuses_the_draw():
    """R3.15 with R4.7: ten on 52 cards leave two in the stock; the opener's jacks, thrown
    out, stay apart, so the peel can spare only two for them: throwing all three is refused,
    as W-8 refuses what the stock and the discards cannot supply, and never dealt short."""
    game = parlour.make("jackpots", players=10, pack=52, dealer=9, reshuffle="peel")
    state = stacked(game, {0: "Js Jh Jd 5s 2s"})
    play(state, "open 1", *["call"] * 9)
    assert state.to_move == 0 and len(state.stock) == 2
    with pytest.raises(IllegalAction, match=r"W-8, R4\.7.*spare 2"):
        state.apply("draw Js Jh Jd")
    jacks = {code("Js"), code("Jh"), code("Jd")}
    assert max(len(jacks.intersection(d)) for d in state.legal_actions()) == 2
    play(state, "draw Js Jh 5s 2s")  # two of them: the peel spares two
    assert state.to_move == 1


@pytest.mark.rule("W-8")
@pytest.mark.rule("R4.8")
def test_R48_an_opener_who_drops_keeps_his_openers_out_of_the_reshuffle():
    """R4.8: the opener who drops shows his openers at the end all the same, so his jacks
    stay out of the abandoned hands that W-8's reshuffle gathers."""
    game = parlour.make("jackpots", players=7, dealer=0)
    jacks = {code("Js"), code("Jh")}
    ahead = stacked(game, {1: "Js Jh 9s 5s 2s"})
    play(ahead, "open 1", "raise 1", *["call"] * 5, "fold")
    for seat in (2, 3, 4, 5, 6):
        play(ahead, throw(ahead, seat, 3))
    assert ahead.to_move == 0 and len(ahead.stock) == 2
    rest = [c for c in ahead.spent if c not in jacks]
    pile = sorted([ahead.stock[0], *rest, *(c for s in range(2, 7) for c in ahead.discards[s])])
    state = stacked(game, {1: "Js Jh 9s 5s 2s"}, more=[{"chance": "reshuffle", "outcome": pile}])
    play(state, *[e["action"] for e in ahead.history if "action" in e])
    play(state, throw(state, 0, 3))
    assert state.history[-1]["outcome"] == pile and jacks <= set(state.spent)
    play(state, "bet 1", *["call"] * 5)
    assert state.is_over and state.observation(0)["openers_shown"] == "Js Jh"
    assert not any(jacks & set(state.kept[s] + state.drawn[s]) for s in range(7) if s != 1)


@pytest.mark.rule("J-3")
@pytest.mark.parametrize(("joker", "pair"), [("wild", "Jk Jc"), ("bug", "Jk Ac")])
def test_R47_openers_made_with_the_joker_may_be_kept(joker, pair):
    """R4.7 with splitting forbidden, C-4: a Joker that makes the openers is kept with them."""
    game = parlour.make("jackpots", players=3, joker=joker, split_openers=False)
    hands = {1: pair + " 7h 4d 2s", 2: "3c 4c 8s 9h Td", 0: "5c 6c 8h Th Qh"}
    state = stacked(game, hands)
    play(state, "open 1", "call", "call", "draw 7h 4d 2s")
    assert sorted(state.kept[1]) == sorted(int(c) for c in parse_cards(pair.split()))
    split = stacked(game, hands)
    play(split, "open 1", "call", "call")
    with pytest.raises(IllegalAction, match=r"R4\.7"):
        split.apply(f"draw {pair.split()[1]} 7h 4d 2s")  # the Joker alone opens nothing


def test_R48_the_opener_shows_his_openers_even_when_uncalled():
    """R4.8: he shows "his opening qualification", the jacks, not his kickers (W-12)."""
    state = deal()
    play(state, "pass", "open 1", "fold", "fold")
    assert state.outcome == "uncalled" and state.payoffs() == [-1.0, 2.0, -1.0]
    assert state.observation(0)["openers_shown"] == "Jh Jd"
    assert state.observation(0)["shown"] == {}
    assert "8c" not in str(state.observation(2))  # the kickers stay hidden


def test_R49_false_opener_EB29_forfeits_and_antes_for_all_if_drawn_to():
    game = parlour.make("jackpots", players=3, dealer=2, false_openers="EB29")
    state = stacked(game, {0: JUNK, 1: "Th Td 8c 5s 3d", 2: "9h 9d 6c 4s 3h"})
    play(state, "pass", "open 2", "call", "fold", "pat", "pat", "bet 1", "call")
    assert state.outcome == "false-opener" and state.observation(0)["false_opener"]
    assert state.payoffs() == [-1.0, -4.0, 5.0]  # the nines win; the tens forfeit
    assert state.next_deal["ante_for_all"] == 1


def test_R49_false_opener_not_drawn_to_leaves_the_pot_for_the_next_deal_PEEL_penalty():
    game = parlour.make("jackpots", players=3, dealer=2, false_openers="PEEL")
    state = stacked(game, {0: JUNK, 1: "Th Td 8c 5s 3d", 2: KINGS})
    play(state, "pass", "open 2", "fold", "fold")
    assert state.outcome == "false-opener"
    assert state.contrib[1] == 1 + 2 + 2  # ante, opening bet, double-ante penalty
    assert sum(state.carry_out) == state.pool and state.payoffs() == [0.0, 0.0, 0.0]
    assert state.next_deal["carry"] and "ante_for_all" not in state.next_deal


@pytest.mark.rule("W-12")
def test_R49_a_false_opener_who_drops_leaves_the_pool_to_the_one_left_unshown():
    game = parlour.make("jackpots", players=3, dealer=2, false_openers="EB29")
    state = stacked(game, {0: JUNK, 1: "Th Td 8c 5s 3d", 2: KINGS})
    play(state, "pass", "open 1", "raise 2", "fold", "fold")
    assert state.outcome == "false-opener" and state.won == [0, 0, 7]
    assert state.observation(0)["shown"] == {}
    assert "ante_for_all" in state.next_deal  # drawn to: he antes for all next deal


def test_R49_false_opener_BAR_puts_up_a_jackpot_and_the_round_is_void_without_openers():
    game = parlour.make("jackpots", players=3, dealer=2, false_openers="BAR")
    state = stacked(game, {0: JUNK, 1: "Th Td 8c 5s 3d", 2: "9h 9d 6c 4s 3h"})
    play(state, "pass", "open 2", "call", "fold", "pat", "pat", "bet 1", "call")
    assert state.outcome == "false-opener"
    assert state.contrib[1] == 1 + 2 + 1 + 3  # ante, opening, bet, and a jack-pot of 3
    assert state.won == [0, 0, 3]  # the nines' bets come back: nobody holds openers
    assert state.payoffs() == [0.0, 0.0, 0.0] and state.next_deal["carry"]
    with_openers = stacked(game, {0: JUNK, 1: "Th Td 8c 5s 3d", 2: KINGS})
    play(with_openers, "pass", "open 2", "call", "fold", "pat", "pat", "bet 1", "call")
    assert with_openers.won == [0, 0, 12]  # the kings held openers and take the pool


@pytest.mark.rule("J-3")
def test_J3_nines_or_better_can_be_chosen_from_the_command_line():
    """``--rule openers=9`` reads as the rank 9, not refused as a number where a name is due."""
    from parlour.terminal import parse_rule_options

    game = parlour.make("jackpots", players=3, **parse_rule_options(["openers=9"]))
    assert game.rules.openers == "9" and game.new_state(seed=1).observation(0)["minimum"] == "9"


@pytest.mark.rule("J-3")
@pytest.mark.parametrize("hand", ["3c 3d 2h 2s 9c", "4c 4d 4h 8s 9c", "2c 3d 4h 5s 6c"])
def test_J3_any_hand_better_than_a_pair_of_jacks_opens(hand):
    """J-3: "jacks or better": low two pairs, low threes and the lowest straight open too."""
    state = stacked(parlour.make("jackpots", players=3, dealer=2), {0: hand})
    assert "open 1" in [str(a) for a in state.legal_actions()]


@pytest.mark.rule("J-7")
def test_J7_progressive_openers_climb_through_the_ranks_the_pack_has():
    """From tens the minimum went T, E, W, J in a 52-card pack: three deals at jacks, since
    it has no 11- or 12-spot; the 60-card pack keeps them."""
    climb = {pack: [RANK_CHARS[parlour.make("jackpots", players=players, openers="T",
                                            progressive=True, redeal=r).new_state(seed=1).minimum]
                    for r in range(4)] for pack, players in ((52, 4), (60, 8))}  # fmt: skip
    assert climb == {52: ["T", "J", "Q", "K"], 60: ["T", "E", "W", "J"]}


def test_openers_of_the_11_or_12_spots_need_the_60_card_pack():
    """Openers "W" (the 12-spot) in a 52-card pack were accepted and opened as jacks."""
    with pytest.raises(GameOptionError, match="60-card pack only"):
        parlour.make("jackpots", openers="W", pack=52)
    assert parlour.make("jackpots", players=7, pack=60, openers="W").rules.openers == "W"


@pytest.mark.rule("C-2")
def test_openers_the_stripped_pack_lacks_are_refused_naming_its_lowest_pair():
    """Openers "2" with the 32-card pack (sevens up) were taken: any pair opened, and the
    progressive climb went from deuces to eights, past the sevens."""
    with pytest.raises(GameOptionError, match=r"32-card pack has no twos \(C-2\); its lowest "
                       "pair is sevens"):  # fmt: skip
        parlour.make("jackpots", players=4, pack=32, openers="2")
    assert parlour.make("jackpots", players=4, pack=32, openers="7").rules.openers == "7"


# -- rule changes a mutation run found unguarded


@pytest.mark.rule("J-3")
def test_J3_R4_7_an_opener_who_may_not_split_keeps_his_openers_and_is_offered_only_that():
    game = parlour.make("jackpots", players=3, dealer=2, split_openers=False)
    state = stacked(game, {0: JUNK, 1: "5h 5d 8c 8s 3d", 2: KINGS})
    play(state, "pass", "open 1", "call", "call", "pat")
    assert "draw 3d" in [str(a) for a in state.legal_actions()]  # two pairs kept: openers
    play(state, "draw 3d")
    assert state.to_move == 2
    strict = deal(split_openers=False)
    play(strict, "pass", "open 1", "call", "call", "pat")
    legal = [str(a) for a in strict.legal_actions()]
    assert "draw 8c 5s 3d" in legal and "draw Jd 3d" not in legal and "draw Jh" not in legal
    for text in legal:
        strict.clone().apply(text)  # every draw listed is accepted


@pytest.mark.rule("J-3")
def test_J3_R4_9_false_openers_EB29_and_BAR():
    """EB29: a false opener nobody drew to does not ante for all.  BAR: his jack-pot is the
    one he entered, the carried chips included."""
    game = parlour.make("jackpots", players=3, dealer=2, false_openers="EB29")
    state = stacked(game, {0: JUNK, 1: "Th Td 8c 5s 3d", 2: KINGS})
    play(state, "pass", "open 2", "fold", "fold")
    assert state.outcome == "false-opener"
    assert state.next_deal["carry"] and "ante_for_all" not in state.next_deal
    game = parlour.make("jackpots", players=3, dealer=2, false_openers="BAR", carry=(1, 1, 1),
                        redeal=1)  # fmt: skip
    state = stacked(game, {0: JUNK, 1: "Th Td 8c 5s 3d", 2: "9h 9d 6c 4s 3h"})
    play(state, "pass", "open 2", "call", "fold", "pat", "pat", "bet 1", "call")
    assert state.outcome == "false-opener"
    assert state.contrib[1] == 1 + 2 + 1 + 6  # sweetener, opening, bet, the jack-pot of 3 + 3
