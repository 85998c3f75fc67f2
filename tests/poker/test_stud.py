"""Five-card Stud (catalogue V-2, V-3, R6) and the pack by the number of players (C-2..C-4)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import parlour
from parlour.cards import Card, parse_cards
from parlour.game import GameOptionError, IllegalAction
from parlour.poker.others_common import showing_key
from parlour.poker.stud import PRESETS
from parlour.testing import check_contract, play_random

# three players, dealer 0: holes go to seats 1, 2, 0, then each round of up cards likewise
PACK_TOP = "2c Ah 7d  Kd Qs Kh  3c Qd 4h  5s 9c Kc  8d Jc 2d"


def stacked(top: str = PACK_TOP, actions=(), players: int = 3, **options):
    game = parlour.make("stud-poker", players=players, **options)
    cards = [int(c) for c in parse_cards(top)]
    rest = [int(c) for c in game.pack.cards if int(c) not in cards]
    history = [{"chance": "shuffle", "outcome": [*cards, *rest]}]
    return game.replay(history + [{"action": a} for a in actions])


@pytest.mark.rule("V-2")
def test_V2_first_card_down_the_rest_up_and_up_cards_public():
    """V-2: the hole card face down, seen only by its holder; the up cards seen by all."""
    state = stacked()
    assert [str(c) for c in state.hole] == ["7d", "2c", "Ah"]
    for seat in range(3):
        obs = state.observation(seat)
        assert obs["up"] == [["Kh", "4h", "Kc", "2d"], ["Kd", "3c", "5s", "8d"],
                             ["Qs", "Qd", "9c", "Jc"]]  # fmt: skip
        text = json.dumps(obs)
        for other in range(3):
            hole = str(state.hole[other])
            assert (f'"{hole}"' in text) == (other == seat)


@pytest.mark.rule("V-3")
def test_V3_betting_after_the_second_third_fourth_and_fifth_cards_best_showing_first():
    """V-3, R6.2, R6.3: an interval after each card from the second; the best hand showing
    speaks first (kings tie: the seat nearest the dealer's left); the called hands show."""
    state = stacked(preset="S3-variant", ante_mode="all")  # every interval opened by a bet
    firsts = []
    for _ in range(4):
        firsts.append(state.to_move)
        assert [str(a) for a in state.legal_actions()][:2] == ["fold", "bet 1"]  # no check
        for a in ("bet 1", "call", "call"):
            state.apply(a)
    # K vs K (seat 1 nearer the dealer's left), then Q-Q, then K-K, then K-K again
    assert firsts == [1, 2, 0, 0]
    assert state.is_over and state.observation(1)["up"][0] == ["Kh", "4h", "Kc", "2d"]
    assert state.result["called"] and state.result["winners"] == [0]
    assert state.observation(1)["shown"] == {"1": "2c", "2": "Ah", "0": "7d"}
    assert state.payoffs() == [10.0, -5.0, -5.0]


@pytest.mark.rule("V-3")
def test_V3_a_player_who_does_not_stand_a_raise_retires_and_uncalled_hole_stays_hidden():
    """V-3: failing to stand a raise retires the player; R6.4: an uncalled hand is not shown."""
    state = stacked(actions=["bet 1", "raise 2"], preset="S3-variant", ante_mode="all")
    with pytest.raises(IllegalAction, match="W-10"):
        state.apply("check")
    state.apply("fold")
    assert state.folded[0] and state.to_move == 1
    state.apply("fold")
    assert state.is_over and state.result == {"called": False, "winners": [2]}
    assert state.observation(0)["shown"] == {}
    assert '"Ah"' not in json.dumps(state.observation(1))
    assert state.payoffs() == [-1.0, -2.0, 3.0]


@pytest.mark.rule("V-3")
def test_V3_retired_players_get_no_more_cards():
    state = stacked(actions=["bet 1", "fold", "call"], preset="S3-variant", ante_mode="all")
    assert state.up[2] == parse_cards("Qs") and len(state.up[0]) == 2 and len(state.up[1]) == 2


@pytest.mark.rule("V-2")
@pytest.mark.rule("W-9")
@pytest.mark.parametrize("preset", [None, "S3-plain"])
def test_V2_by_default_one_interval_after_the_last_card_the_age_s_left_first(preset):
    """V-2: S3's Stud is "played like Draw-Poker, except that there is no draw": by default
    all five cards are dealt, then one interval, opened as at Draw Poker after the draw by
    the player at the Age's left (W-9): dealer 0, the Age seat 1, so seat 2, coming in at
    twice the Age's ante (D-4); the Age, last, forfeits his ante (D-6)."""
    state = stacked(preset=preset)
    assert [len(u) for u in state.up] == [4, 4, 4] and state.to_move == 2
    state.apply("call").apply("call").apply("fold")
    assert state.is_over and state.result["winners"] == [0]  # kings beat queens
    assert set(state.result["described"]) == {"2", "0"}  # the called hands shown (R6.4)
    assert state.payoffs() == [3.0, -1.0, -2.0]
    assert stacked(dealer=1).to_move == 0  # the Age seat 2; his left, seat 0
    assert parlour.make("stud-poker", players=2).new_state(seed=1).to_move == 0  # heads-up


@pytest.mark.rule("W-9")
def test_W9_the_age_s_left_keeps_opening_though_he_has_dropped():
    """W-9 with V-3's intervals: the seat at the Age's left opens each interval; if he has
    dropped, the next still in to his left (the Age keeps his place)."""
    options = {"first_betting_after": 2, "first_bettor": "age-left"}
    state = stacked(actions=["fold", "call", "call"], **options)  # seat 2 drops; 0, the Age in
    assert state.interval == 2 and state.folded[2] and state.to_move == 0


@pytest.mark.rule("V-2")
def test_R6_5_hoffmann_one_interval_the_elder_hand_first():
    """R6.5 (Hoffmann) as ``HOF``: one interval after the last card, the elder hand (the Age,
    at the dealer's left) speaking first: what ``S3-plain`` gave before V-2 became the default."""
    state = stacked(preset="HOF")
    assert [len(u) for u in state.up] == [4, 4, 4] and state.to_move == 1
    state.apply("bet 3").apply("call").apply("fold")
    assert state.is_over and state.result["winners"] == [2]  # queens beat king high
    assert state.payoffs() == [-1.0, -4.0, 5.0]


def test_R6_2_allow_check_and_the_limit_in_both_meanings():
    """R6.2's option lets the first speaker check; D-2: the limit per raise (S3) or per
    interval (S4)."""
    every = {"ante_mode": "all"}  # (R6.6) nothing to come in at: the first speaker bets
    assert "check" in [str(a) for a in stacked(allow_check=True, **every).legal_actions()]
    per_raise = stacked(limit=5, actions=["bet 5"], **every)
    assert "raise 5" in [str(a) for a in per_raise.legal_actions()]
    per_interval = stacked(limit=5, limit_kind="interval", actions=["bet 3"], **every)
    assert [str(a) for a in per_interval.legal_actions()][-1] == "raise 2"
    with pytest.raises(IllegalAction, match="D-2"):
        per_interval.apply("raise 3")


@pytest.mark.rule("V-2")
@pytest.mark.parametrize("preset", ["S3-plain", "EB29-plain"])
def test_R6_5_straights_and_flushes_need_not_count(preset: str):
    """R6.5 (EB29: "seldom played in any form of stud"): with straightsFlushesCount off, a
    heart flush showing against a pair of kings loses; by default it wins."""
    holes_then_ups = "2h Kc 2c  5h Kd 3c  7h 3s 6d  9h 4d Ts  Jh 8c Qc"
    options = {"first_betting_after": 5, "first_bettor": "elder-hand", "ante_mode": "all"}
    state = stacked(holes_then_ups, ["bet 1", "call", "call"], preset=preset, **options)
    flush_wins = preset == "S3-plain"
    assert state.is_over and state.result["winners"] == ([1] if flush_wins else [2])
    assert state.game.ranking.evaluate("Ah Kh Qh Jh Th").category == (
        "straight-flush" if flush_wins else "no-pair"
    )


@pytest.mark.rule("H-12")
def test_H12_equal_hands_divide_the_pool_odd_chip_nearest_the_dealers_left():
    """H-12, R2.5: seats 2 and 0 (the dealer) hold equal ace-high hands and divide a pool
    of 5; the odd chip goes to seat 2, nearer the dealer's left than the dealer himself."""
    top = "2c As Ah  3d Ks Kh  4h Qs Qh  6s Jd Jc  8c 9c 9d"
    state = stacked(top, ["bet 1", "call", "fold"], ante_mode="all")
    assert state.dealer == 0 and state.result["winners"] == [2, 0]
    assert state.won == [2, 0, 3]
    assert state.payoffs() == [0.0, -1.0, 1.0]


def test_dealer_antes_for_all_under_the_buck_option():
    state = stacked(ante_mode="dealer")
    assert state.paid == [3, 0, 0] and state.pool == 3


@pytest.mark.rule("C-2")
def test_C2_stripped_pack_for_three_or_four_with_its_ranking_options():
    """C-2, R1.7, R1.8: the 44-card pack (2s and 3s out) only for three or four players;
    A-4-5-6-7 is a straight there unless ``strip_ace_low`` is off; the flush may beat a full."""
    game = parlour.make("stud-poker", players=3, pack=44)
    assert game.pack.size == 44 and min(c.rank for c in game.pack.cards) == 2  # fours
    assert game.ranking.evaluate("As 4d 5h 6c 7s").category == "straight"
    plain = parlour.make("stud-poker", players=4, pack=44, strip_ace_low=False)
    assert plain.ranking.evaluate("As 4d 5h 6c 7s").category == "no-pair"
    flush_high = parlour.make("stud-poker", players=4, pack=32, flush_beats_full_house=True)
    assert flush_high.ranking.evaluate("As Ts 9s 8s 7s") > flush_high.ranking.evaluate(
        "Ad Ac Ah 7d 7c"
    )
    with pytest.raises(GameOptionError, match="C-2"):
        parlour.make("stud-poker", players=5, pack=44)
    with pytest.raises(GameOptionError, match="C-2"):
        parlour.make("stud-poker", players=2, pack=40)
    state = play_random(game, 3)
    assert all(c.rank >= 2 for hand in state.up for c in hand)


@pytest.mark.rule("C-3")
def test_C3_more_than_seven_players_use_the_60_card_pack():
    """C-3: eight or more players get the 60-card pack (11s and 12s); too small is refused."""
    assert parlour.make("stud-poker", players=7).pack.size == 52
    game = parlour.make("stud-poker", players=8)
    assert game.pack.size == 60 and "Ec" in {str(c) for c in game.pack.cards}
    assert parlour.make("stud-poker", players=11).pack.size == 60
    with pytest.raises(GameOptionError, match="C-3"):
        parlour.make("stud-poker", players=11, pack=52)
    check_contract(game, seeds=range(1), probe_every=3, hidden_every=3)


@pytest.mark.rule("C-7")
def test_C7_the_bottom_card_is_never_dealt_even_at_the_fullest_table():
    """C-7: "it is never dealt": 11 stud hands of the 60-card pack leave the bottom card; a
    twelfth hand would need it, and so would ten whiskey hands and the widow of 52 cards."""
    state = parlour.make("stud-poker", players=11).new_state(seed=1)
    bottom = state.history[0]["outcome"][-1]
    while not state.is_over:  # everyone stays to the end: every hand gets its five cards
        legal = [str(a) for a in state.legal_actions()]
        state.apply("call" if "call" in legal else "bet 1")
    dealt = [int(c) for c in state.hole] + [int(c) for up in state.up for c in up]
    assert len(dealt) == 55 and bottom not in dealt
    with pytest.raises(GameOptionError, match=r"players must be 2\.\.11"):
        parlour.make("stud-poker", players=12)
    with pytest.raises(GameOptionError, match="C-7"):
        parlour.make("whiskey-poker", players=10, pack=52)  # 55 cards with the widow, 51 usable
    assert parlour.make("straight-poker", players=4, pack=20).pack.size == 20  # C-5's old game


@pytest.mark.rule("C-4")
def test_C4_the_joker_when_chosen():
    """C-4: the Joker makes 53 cards; wild (R2.7) or the bug (R2.8) per the ranking."""
    game = parlour.make("stud-poker", players=5, joker="wild")
    assert game.pack.size == 53
    assert game.ranking.evaluate("Jk Qd Jd Td 9d").category == "straight-flush"
    assert parlour.make("stud-poker", players=5).pack.size == 52
    with pytest.raises(GameOptionError, match="C-4"):
        parlour.make("stud-poker", players=5, joker="tiger")


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_preset_passes_the_contract_and_plays_to_the_end(preset):
    for players in (2, 5):
        game = parlour.make("stud-poker", players=players, preset=preset)
        check_contract(game, seeds=range(3))
        assert play_random(game, 5).is_over


def test_resample_redraws_unseen_hole_cards_only():
    state = stacked(actions=["call", "call", "call"], preset="S3-variant")
    other = state.resample_hidden(1, random.Random(2))
    assert other.observation(1) == state.observation(1) and other.hole[1] == state.hole[1]
    assert other.up == state.up
    assert other.game.replay(other.history).hole == other.hole  # the record was re-drawn too


@settings(max_examples=30, deadline=None)
@given(
    players=st.integers(2, 9),
    first=st.integers(2, 5),
    bettor=st.sampled_from(["age-left", "highest-showing", "elder-hand"]),
    ante_mode=st.sampled_from(["age", "all", "dealer"]),
    limit_kind=st.sampled_from(["raise", "interval"]),
    joker=st.sampled_from(["none", "wild", "bug"]),
    check=st.booleans(),
    seed=st.integers(0, 10_000),
)
def test_chips_are_conserved_under_random_options(
    players, first, bettor, ante_mode, limit_kind, joker, check, seed
):
    # with the Age's ante the one interval after the fifth card is his, from his left (D-4)
    assume(not (ante_mode == "age" and first == 5 and bettor != "age-left"))
    come_in = "ante" if ante_mode == "age" and seed % 2 else "double"
    game = parlour.make(
        "stud-poker", players=players, first_betting_after=first, first_bettor=bettor,
        ante_mode=ante_mode, come_in=come_in, limit_kind=limit_kind, limit=6, stage=2,
        joker=joker, allow_check=check, dealer=seed % players,
    )  # fmt: skip
    state = play_random(game, seed)
    assert sum(state.payoffs()) == 0
    assert game.replay(json.loads(json.dumps(state.history))).payoffs() == state.payoffs()


@pytest.mark.parametrize(
    "option", [{"straight_rank": "below-threes"}, {"flush_beats_full_house": True}]
)
def test_a_straight_or_flush_option_with_straights_left_out_is_refused_not_ignored(option):
    """R6.5, R1.8: without straights and flushes (EB29) a straight_rank or a flush that beats
    a full house, given too, was silently dropped; it is refused by name instead."""
    with pytest.raises(GameOptionError, match="straights_flushes_count"):
        parlour.make("stud-poker", players=3, straights_flushes_count=False, **option)
    assert parlour.make("stud-poker", players=3, **option)


@pytest.mark.rule("W-11")
def test_W11_R6_4_at_the_call_only_the_hands_still_in_are_shown():
    state = stacked().apply("call").apply("call").apply("fold")
    assert state.is_over and state.folded[1]
    assert state.observation(2)["shown"] == {"2": "Ah", "0": "7d"}
    assert '"2c"' not in json.dumps(state.observation(2))  # the folded hole card


def test_threes_showing_beside_an_odd_card_are_threes_not_a_full():
    """R6.3 (the best showing bets first): K K K 5 showing is threes, below 2 2 2 3 3 (O06
    counted any threes with a second group as a full).

    O06: others_common.py:280 `shape[1] < 2` -> `shape[1] < 1`
    """

    def key(text):
        return showing_key([Card(c) for c in text.split()])

    assert key("Kd Ks Kh 5c") < key("2c 2d 2h 3c 3d")
    assert key("Kd Ks Kh 5c")[0] == key("Kd Ks Kh")[0]


@pytest.mark.rule("C-4")
@pytest.mark.rule("V-3")
def test_C4_the_joker_showing_wild_joins_the_best_group_as_the_bug_it_is_an_ace():
    """R6.3 with the Joker (C-4): the best hand showing speaks first.  The wild Joker (R2.7)
    beside a king showing is a pair of kings; the bug (R2.8) is an ace, and ace-king ties
    ace-king, so the seat nearer the dealer's left opens.  No test showed a Joker, and
    counting the wild Joker as an ace passed them all."""

    def key(text, joker):
        return showing_key([Card(c) for c in text.split()], joker)

    assert key("Jk Kc", "wild") > key("Ad Kd", "wild") > key("Jk", "wild")
    assert key("Jk 5c 5d", "wild")[0] == key("Kd Ks Kh", "none")[0]  # threes
    assert key("Jk Kc", "bug") == key("Ad Kd", "bug") and key("Jk Ac", "bug")[0] == 1
    top = "2c 3d 5h  Ad Jk 9h  Kd Kc 4c"  # up: seat 1 Ad Kd, seat 2 Jk Kc, seat 0 9h 4c
    options = {"first_betting_after": 3, "first_bettor": "highest-showing", "ante_mode": "all"}
    assert stacked(top, joker="wild", **options).to_move == 2
    assert stacked(top, joker="bug", **options).to_move == 1
