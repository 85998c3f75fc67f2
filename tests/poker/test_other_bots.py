"""The book players of Straight, Stud and Whiskey Poker (parlour.bots.other_poker) play as
their docstrings say: the tiers of hands they bet, see, pass or throw up, and the widow."""

from __future__ import annotations

import pytest

from parlour import bots
from tests.poker.test_straight import S0, S1, S2, top_of
from tests.poker.test_straight import stacked as straight_stacked
from tests.poker.test_stud import stacked as stud_stacked
from tests.poker.test_whiskey import deal_order, standard
from tests.poker.test_whiskey import stacked as whiskey_stacked


def _book(state, seed: int = 1) -> str:
    bot = bots.make("book", state.game, seed=seed)
    return str(bot.choose(state.observation(state.to_move), state.legal_actions()))


def test_straight_book_bets_a_pair_when_it_must_bet_or_drop_and_passes_it_where_it_may():
    """StraightBook: "bets two pairs or better, sees with a pair, passes or throws up the
    rest".  First to speak with a pair of threes it bets the least where no pass is allowed
    (V-1's default), and passes where passing is allowed (CAS, R5.4).
    Kills other_poker.py:55 `if tier >= 2 and growth` -> `tier >= 3` (throws the pair up);
    :71 StraightBook `_tier(value.category, pair=2)` -> `pair=1` (throws the pair up);
    :51 `if kind in by_kind and tier < 3` -> `tier < 2` (bets the pair instead of passing)."""
    pair_first = [top_of(S2, S1, S0)]  # seat 1, first to speak, holds 3c 3d 7h 8s 9c
    state = straight_stacked(shuffles=pair_first)
    assert state.to_move == 1 and _book(state) == "bet 1"
    state = straight_stacked(shuffles=pair_first, preset="CAS")
    assert state.to_move == 1 and "pass" in [str(a) for a in state.legal_actions()]
    assert _book(state) == "pass"


def _stud_at(hands: dict[int, str], actions=(), **options):
    """Five-card stud, three players: ``hands`` gives each seat's 'hole up up up up'; every
    player antes (R6.6), so the first to speak bets or drops (no Age's ante to come in at)."""
    cards = [hands[s].split() for s in (1, 2, 0)]  # dealt to seats 1, 2, 0 in turn
    top = " ".join(cards[i][r] for r in range(5) for i in range(3))
    return stud_stacked(top, actions, **({"ante_mode": "all"} | options))


@pytest.mark.rule("V-2")
def test_stud_book_bets_the_least_on_a_pair_that_beats_what_shows_and_more_on_two_pairs():
    """StudBook: a hand above every other showing is strong (tier 3) only from two pairs up;
    a mere pair that leads bets the least.
    Kills other_poker.py:91 `(3 if mine[0] >= 2 else 2)` -> `(3 if mine[0] >= 1 else 2)`."""
    state = _stud_at({1: "5c 5d Kh 9c 2s", 2: "8d 8h Qd Js 6c", 0: "7d Tc 4s 2h Ah"})
    assert state.to_move == 2 and _book(state) == "bet 1"
    state = _stud_at({1: "5c 5d Kh 9c 2s", 2: "8d 8h Qd Qs 6c", 0: "7d Tc 4s 2h Ah"})
    assert state.to_move == 2 and _book(state) == "bet 3"


@pytest.mark.rule("V-2")
def test_stud_book_bets_a_straight_once_all_five_are_out_though_it_shows_less():
    """StudBook: with all five out (S3's one interval) a straight of its own counts as strong,
    though its cards rank below an ace showing by R6.3's order.
    Kills other_poker.py:92 the FILLED override (`if len(cards) == 5 and ... in FILLED`
    -> `if False`)."""
    state = _stud_at({1: "5c 5d Kh 9c 2d", 2: "3h 4h 5s 6c 7s", 0: "7d Tc 4s 2h Ah"})
    assert state.to_move == 2 and _book(state) == "bet 3"


@pytest.mark.rule("V-2")
def test_stud_book_throws_up_a_hand_beaten_by_a_pair_showing_rather_than_call():
    """StudBook: no pair against a pair showing is tier 0: facing a bet it throws up.
    Kills other_poker.py:91 `else 1 if mine[0] >= best[0] else 0` -> `else 1` (calls)."""
    state = _stud_at({1: "5c 5d 5h 9c 2s", 2: "3h Qd Js 8h 6c", 0: "7d Tc 4s 2h Ah"}, ["bet 1"])
    assert state.to_move == 0 and "call" in [str(a) for a in state.legal_actions()]
    assert {_book(state, k) for k in range(5)} == {"fold"}


@pytest.mark.rule("V-2")
def test_stud_book_ignores_the_cards_showing_of_a_hand_thrown_up():
    """StudBook judges against the hands still in: a pair of queens showing in a folded hand
    does not make its pair of fours a follower.
    Kills other_poker.py:88 `if s != seat and not observation["folded"][s]` -> `if s != seat`."""
    state = _stud_at({1: "5c 5d Kh 9c 2s", 2: "3h Qd Qs 8h 6c", 0: "4d Tc 4s 2h Ah"}, ["fold"])
    assert state.to_move == 0 and state.observation(0)["folded"] == [False, False, True]
    assert _book(state) == "bet 1"


@pytest.mark.rule("V-5")
def test_whiskey_book_keeps_a_pair_and_takes_the_widow_only_with_nothing():
    """WhiskeyBook "takes the widow with a poor hand": a pair is not poor, so it passes.
    Kills other_poker.py:109 `if value.category == "no-pair"` -> `in BELOW_TWO_PAIRS`."""
    top = deal_order("9c 9d 4h Js 2c", "Ah Ad Kc Ks 3d", "Qh Qd Qc 5s 6h", "8c 8d Th 2h 3s")
    state = whiskey_stacked(top)
    assert state.to_move == 1 and _book(state) == "pass"


@pytest.mark.rule("V-5")
def test_whiskey_book_takes_the_whole_widow_when_it_beats_every_single_exchange():
    """WhiskeyBook "makes the best exchange": with the widow (three queens) turned up and a
    pair of nines in hand, taking the whole widow beats any one-card exchange.
    Kills other_poker.py:117 `if text == "swap-all": after = self._value(widow)` -> `continue`."""
    top = deal_order("9c 9d 4h Js 2c", "Ah Ad Kc Ks 3d", "Qh Qd Qc 5s 6h", "8c 8d Th 2h 3s")
    state = whiskey_stacked(top, ["pass", "pass", "turn-widow"])
    assert state.to_move == 1 and state.observation(1)["widow_face_up"]
    assert _book(state) == "swap-all"


@pytest.mark.rule("V-6")
def test_whiskey_book_knocks_on_two_pairs_where_it_may_knock_before_the_widow_is_taken():
    """WhiskeyBook "knocks on two pairs": under knock_before_taken it knocks at once rather
    than pass.  Kills other_poker.py:111 `("knock", "pass", "turn-widow")` ->
    `("pass", "knock", "turn-widow")`."""
    top = deal_order("9c 9d 4h Js 2c", "Ah Ad Kc Ks 3d", "Qh Qd Qc 5s 6h", "8c 8d Th 2h 3s")
    state = whiskey_stacked(top, ["pass"], knock_before_taken=True)
    assert state.to_move == 2 and {"pass", "knock"} <= {str(a) for a in state.legal_actions()}
    assert _book(state) == "knock"


@pytest.mark.rule("V-7")
def test_whiskey_book_sees_a_bet_with_a_pair_at_the_settlement():
    """WhiskeyBook at the settlement: one pair is a fair hand there (tier 1): it sees a bet.
    Kills other_poker.py:53 `if tier >= 1 and "call" in by_kind` -> `tier >= 2`."""
    state = standard(["take-widow", "knock", "pass", "pass", "bet 1", "call"])
    assert state.to_move == 0 and state.observation(0)["hand"] == ["8c", "8d", "Th", "2h", "3s"]
    assert _book(state) == "call"


@pytest.mark.rule("V-6")
def test_whiskey_book_does_not_knock_on_one_pair_before_the_widow_is_taken():
    """WhiskeyBook "knocks on two pairs": where a knock is allowed before the widow is taken,
    a pair of nines passes (it knocked on any pair, the widow unseen)."""
    top = deal_order("9c 9d 4h Js 2c", "Ah Ad Kc Ks 3d", "Qh Qd Qc 5s 6h", "8c 8d Th 2h 3s")
    state = whiskey_stacked(top, knock_before_taken=True)
    assert state.to_move == 1 and "knock" in [str(a) for a in state.legal_actions()]
    assert state.observation(1)["hand"] == ["9c", "9d", "4h", "Js", "2c"]
    assert {_book(state, k) for k in range(5)} == {"pass"}
