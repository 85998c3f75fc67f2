"""Hand ranking: the rules H-1 … H-17 and the evaluator vectors of poker-rules.md §10."""

from __future__ import annotations

import itertools
import json
import random

import pytest

import parlour
from parlour.cards import ACE, FIVE, KING, SEVEN, TEN, Card, CardError, parse_cards
from parlour.game import GameOptionError
from parlour.poker.ranking import HandValue, Ranking

R = Ranking()
WILD = Ranking(joker="wild")
BUG = Ranking(joker="bug")


def ev(text: str, r: Ranking = R) -> HandValue:
    return r.evaluate(text)


# --- the API ------------------------------------------------------------------


def test_api_options_round_trip_and_shared_values() -> None:
    """Ranking(**r.options()) is equal; options are JSON; evaluate returns shared values."""
    r = Ranking(pack=44, joker="wild", corner_straights=True)
    assert Ranking(**json.loads(json.dumps(r.options()))) == r
    assert r.pack.size == 45 and r.options()["pack"] == 44
    cards = parse_cards("Ah Kh Qh Jh Th")
    assert R.evaluate(cards) is R.evaluate([int(c) for c in cards])
    assert R.evaluate("Ah Kh Qh Jh Th") is R.evaluate(["Th", "Jh", "Qh", "Kh", "Ah"])
    v = R.evaluate(cards)
    assert v.is_royal and v.category == "straight-flush" and str(v) == "Royal flush"
    assert hash(v) == hash(R.evaluate("Ah Kh Qh Jh Th"))
    assert {v, R.evaluate(list(reversed(cards)))} == {v}


def test_api_unknown_option_and_bad_value_are_named() -> None:
    with pytest.raises(GameOptionError, match="unknown rule option 'jokers'"):
        Ranking(jokers="wild")
    with pytest.raises(GameOptionError, match="joker='mad'"):
        Ranking(joker="mad")


@pytest.mark.rule("C-2")
@pytest.mark.rule("C-4")
def test_c2_c4_bad_cards_name_the_card_and_rule() -> None:
    """Unknown, duplicate, foreign (C-2, C-4) cards and wrong counts raise CardError."""
    R.evaluate("2c 3c 4c 5c 6c")  # in the memo: negative codes must not index back into it
    for low in (-122, -183):  # every negative code, however far below the table
        with pytest.raises(CardError, match=f"no card has code {low}"):
            R.evaluate([low, low + 4, low + 8, low + 12, low + 16])
    with pytest.raises(CardError, match="unknown card 'Xs'"):
        R.evaluate("Xs Ks Qs Js Ts")
    with pytest.raises(CardError, match="duplicate card As"):
        R.evaluate("As As Ks Qs Js")
    codes = [int(c) for c in parse_cards("As Ad Qh Jc 9s")]
    R.evaluate(codes)  # remembered by its ranks; the same ranks with a card twice are refused
    with pytest.raises(CardError, match="duplicate card As"):
        R.evaluate([codes[0], *codes[:1], *codes[2:]])
    with pytest.raises(CardError, match=r"card 2c is not in the 44-card pack \(C-2"):
        Ranking(pack=44).evaluate("2c 5d 6h 7s 8c")
    with pytest.raises(CardError, match=r"card Jk is not in the 52-card pack \(C-4"):
        R.evaluate("Jk Ks Qs Js Ts")
    with pytest.raises(CardError, match="five cards, not 4"):
        R.evaluate("As Ks Qs Js")
    with pytest.raises(CardError, match="five cards, not 6"):
        R.evaluate("As Ks Qs Js Ts 9s")
    with pytest.raises(CardError):
        R.evaluate([0, 1, 2, 3, 61])
    with pytest.raises(CardError):
        R.evaluate([0, 1, 2, 3, -1])
    with pytest.raises(CardError, match="not in the 52-card pack"):
        R.evaluate([0, 1, 2, 3, 4 * 9])  # an 11-spot: only in the 60-card pack (C-3)


# --- H-1 … H-12: the standard categories and ties -----------------------------


@pytest.mark.rule("H-1")
def test_h1_categories_in_order() -> None:
    """H-1: no pair < pair < two pairs < threes < straight < flush < full < fours < SF."""
    hands = ["Ah Kd 9c 7s 3h", "2h 2d 5c 7s 9h", "2h 2d 3c 3s 4h", "2h 2d 2c 7s 9h",
             "6h 5d 4c 3s 2h", "2h 4h 6h 8h Th", "2h 2d 2c 3s 3h", "2h 2d 2c 2s 3h",
             "6h 5h 4h 3h 2h", "Ah Kh Qh Jh Th"]  # fmt: skip
    values = [ev(h) for h in hands]
    assert values == sorted(values)
    assert len(set(values)) == len(values)
    assert [v.category for v in values[:-1]] == [
        "no-pair", "one-pair", "two-pairs", "threes", "straight", "flush", "full-house",
        "fours", "straight-flush",
    ]  # fmt: skip
    assert values[-1].is_royal and not values[-2].is_royal


@pytest.mark.rule("H-2")
def test_h2_no_pair_highest_card_then_next() -> None:
    assert ev("Ah 9d 7c 5s 3h") > ev("Kh Qd Jc 9s 8h")
    assert ev("Ah 9d 7c 5s 3h") > ev("Ac 9s 7d 5h 2c")
    assert ev("Ah 9d 7c 5s 3h") == ev("Ac 9s 7d 5h 3c")  # exact tie (H-12)


@pytest.mark.rule("H-3")
def test_h3_pair_then_odd_cards() -> None:
    assert ev("Kh Kd 2c 3s 4h") > ev("Qh Qd Ac Ks Jh")
    assert ev("Kh Kd Ac 3s 2h") > ev("Ks Kc Qc Js 9h")
    assert ev("Kh Kd Ac 9s 3h") > ev("Ks Kc Ad 9c 2h")
    v = ev("Ks Kd Ah 5c 2d")
    assert v.ranks == (KING, ACE, FIVE, 0) and str(v) == "One pair, kings, ace kicker (5 2 besides)"


@pytest.mark.rule("H-4")
def test_h4_two_pairs_higher_lower_then_odd() -> None:
    assert ev("Ah Ad 2c 2s 3h") > ev("Kh Kd Qc Qs Jh")
    assert ev("Ah Ad 4c 4s 3h") > ev("As Ac 3d 3h Kh")
    assert ev("Ah Ad 4c 4s 9h") > ev("As Ac 4d 4h 8h")
    assert ev("Ah Ad 4c 4s 9h") == ev("As Ac 4d 4h 9d")
    assert ev("Jh Jd 9c 9s Ah").ranks == (11, 7, ACE)


@pytest.mark.rule("H-5")
def test_h5_threes_by_the_threes() -> None:
    """H-5: the higher threes win; the odd cards never count without the Joker."""
    assert ev("5h 5d 5c 2s 3h") > ev("4h 4d 4c As Kh")
    assert ev("5h 5d 5c 2s 3h") == ev("5h 5d 5c As Kh")
    assert ev("5h 5d 5c As Kh").ranks == (3,)
    for hand in ("8s 8h 8d Kc 3s", "8s 8h 8d 8c 3s"):  # H-10 too: the set alone, decoded
        number = R.evaluate(hand).strength  # from a number alone, as the fast path gives it
        assert Ranking().decode(number).ranks == (6,)
    # with the Joker wild two threes of a rank can meet: then the kickers (R2.3)
    assert ev("Jk 5d 5c As Kh", WILD) > ev("5h 5s 5c 2s 3h", WILD)


@pytest.mark.rule("H-6")
def test_h6_ace_begins_or_ends_a_straight_never_middle() -> None:
    """H-6 and §10: A-2-3-4-5 is five high and loses to 2-…-6; 10-…-A is ace high;
    Q-K-A-2-3 is no straight."""
    wheel = ev("Ah 2d 3c 4s 5h")
    assert wheel.category == "straight" and str(wheel) == "Straight, five high"
    assert wheel < ev("2h 3d 4c 5s 6h")
    top = ev("Th Jd Qc Ks Ah")
    assert top.category == "straight" and top.ranks == (ACE,)
    corner = ev("Qh Kd Ac 2s 3h")
    assert corner.category == "no-pair" and corner.ranks[0] == ACE
    assert ev("3h 2d Ac Ks Qh").category == "no-pair"


@pytest.mark.rule("H-6")
def test_h6_ace_options() -> None:
    """R1.4: Peel's ace-low-only and the high-only option; R1.5 corner straights."""
    low_only = Ranking(ace_in_straights="low-only")
    assert ev("Ah Kd Qc Js Th", low_only).category == "no-pair"
    assert ev("Ah 2d 3c 4s 5h", low_only).category == "straight"
    assert ev("9h Kd Qc Js Th", low_only).ranks == (KING,)
    high_only = Ranking(ace_in_straights="high-only")
    assert ev("Ah 2d 3c 4s 5h", high_only).category == "no-pair"
    assert ev("Ah Kd Qc Js Th", high_only).category == "straight"
    corner = Ranking(corner_straights=True)
    v = ev("Qh Kd Ac 2s 3h", corner)
    assert v.category == "straight" and str(v) == "Straight, three high"
    assert v < ev("Ah 2d 3c 4s 5h", corner)
    assert ev("Jh Qd Kc As 2h", corner) < v < ev("Kh Ad 2c 3s 4h", corner)
    assert ev("Qh Kh Ah 2h 3h", corner).category == "straight-flush"
    assert ev("3h 2d Ac Ks Qh", corner).category == "straight"


@pytest.mark.rule("H-6")
@pytest.mark.rule("C-2")
def test_h6_c2_ace_low_in_stripped_packs() -> None:
    """R1.7: A-4-5-6-7 in the 44-card pack, A-5-6-7-8 in 40, A-7-8-9-10 in 32 (option)."""
    for size, hand, low in ((44, "Ah 4d 5c 6s 7h", "4h 5d 6c 7s 8h"),
                            (40, "Ah 5d 6c 7s 8h", "5h 6d 7c 8s 9h"),
                            (32, "Ah 7d 8c 9s Th", "7h 8d 9c Ts Jh")):  # fmt: skip
        r = Ranking(pack=size)
        assert ev(hand, r).category == "straight" and ev(hand, r) < ev(low, r)
        assert ev(hand, Ranking(pack=size, strip_ace_low=False)).category == "no-pair"


@pytest.mark.rule("C-3")
def test_c3_sixty_card_pack_ranks_and_straights() -> None:
    """C-3: 10 < 11 < 12 < J; straights run through the 11 and 12."""
    r = Ranking(pack=60)
    v = ev("Th Ed Wc Js Qh", r)
    assert v.category == "straight" and str(v) == "Straight, queen high"
    assert ev("Wh Wd 2c 3s 4h", r) > ev("Eh Ed Ac Ks Qh", r) > ev("Th Td Ac Ks Qh", r)
    assert ev("Jh Jd 2c 3s 4h", r) > ev("Wh Wd Ac Ks Qh", r)
    assert ev("9h Td Ec Ws Jh", r).ranks == (ELEVEN_J := 11,)  # J is rank 11
    assert str(ev("Eh Ed Ec 2s 2h", r)) == "Full house, elevens full of twos"
    assert ELEVEN_J == 11


@pytest.mark.rule("H-7")
def test_h7_straights_by_the_highest_card_equal_divide() -> None:
    assert ev("9h 8d 7c 6s 5h") > ev("8h 7d 6c 5s 4h")
    assert ev("9h 8d 7c 6s 5h") == ev("9c 8h 7d 6d 5c")


@pytest.mark.rule("H-8")
def test_h8_flushes_card_by_card_ace_high() -> None:
    """H-8: the ace always counts high in a flush (A-2-3-4-8 beats a king-high flush)."""
    assert ev("Ah 2h 3h 4h 8h") > ev("Kd Qd Jd 9d 8d")
    assert ev("Ah Kh 9h 7h 3h") > ev("As Ks 9s 7s 2s")
    assert ev("Ah Kh 9h 7h 3h") == ev("As Ks 9s 7s 3s")


@pytest.mark.rule("H-9")
def test_h9_full_by_the_threes() -> None:
    """H-9: three sevens and two twos beat three sixes and two aces; never equal in 52."""
    assert ev("7h 7d 7c 2s 2h") > ev("6h 6d 6c As Ah")
    assert str(ev("8s 8h 8d 3c 3s")) == "Full house, eights full of threes"


@pytest.mark.rule("H-10")
def test_h10_fours_by_the_four() -> None:
    assert ev("5h 5d 5c 5s 2h") > ev("4h 4d 4c 4s Ah")
    assert ev("5h 5d 5c 5s 2h") == ev("5h 5d 5c 5s Ah")
    assert ev("Jk 5d 5c 5s Ah", WILD) > ev("5h 5d 5c 5s 2h", WILD)  # R2.3: then the fifth


@pytest.mark.rule("H-11")
def test_h11_no_suit_ranks_above_another() -> None:
    """H-11 and R1.3: suits never break a tie by default; hearts precedence is an option."""
    assert ev("9h 8h 7h 6h 5h") == ev("9s 8s 7s 6s 5s")
    hearts = Ranking(suit_precedence="hearts")
    assert ev("9h 8h 7h 6h 5h", hearts) > ev("9s 8s 7s 6s 5s", hearts)
    assert ev("Ah 9d 7c 5s 3c", hearts) > ev("As 9h 7d 5c 3h", hearts)
    assert ev("Ad 9s 7c 5s 3c", hearts) == ev("As 9d 7d 5c 3d", hearts)


@pytest.mark.rule("H-12")
def test_h12_exactly_equal_hands_have_equal_strength() -> None:
    """H-12: equal strength is an exact tie (the pool divides); random pairs agree with ranks."""
    rng = random.Random(12)
    cards = list(R.pack.cards)
    for _ in range(2000):
        a, b = rng.sample(cards, 5), rng.sample(cards, 5)
        va, vb = R.evaluate(a), R.evaluate(b)
        same = va.category == vb.category and va.ranks == vb.ranks
        assert (va.strength == vb.strength) == same
        if va.category == vb.category and not same:
            assert (va < vb) == (va.ranks < vb.ranks)
    a, b = R.evaluate("As Ks Qs Js 9h"), R.evaluate("Ad Kd Qd Jd 9c")
    assert a <= b and a >= b and a == b  # an exact tie is each of them


@pytest.mark.rule("H-13")
def test_h13_straights_not_admitted_or_below_threes() -> None:
    """H-13 / R2.2: straights not admitted count as no pair (or flush); the 1860s order."""
    none = Ranking(straight_rank="not-recognised")
    assert ev("9h 8d 7c 6s 5h", none).category == "no-pair"
    assert ev("9h 8h 7h 6h 5h", none).category == "flush"
    # nor a straight flush: an odds table listed it, always 0
    assert "straight" not in none.order and "straight-flush" not in none.order
    old = Ranking(straight_rank="below-threes")
    assert ev("2h 2d 2c 7s 9h", old) > ev("9h 8d 7c 6s 5h", old) > ev("Ah Ad Kc Ks Qh", old)
    assert ev("9h 8h 7h 6h 5h", old).category == "straight-flush"


# --- §10: the evaluator vectors -------------------------------------------------


@pytest.mark.rule("H-17")
@pytest.mark.rule("C-4")
@pytest.mark.parametrize(
    ("hand", "category", "ranks", "text"),
    [
        ("Jk Qd Jd Td 9d", "straight-flush", (KING,), "Straight flush, king high"),
        ("Jk Ts 9s 7s 6s", "straight-flush", (TEN,), "Straight flush, ten high"),
        ("Jk Th 8h 5h 4h", "flush", (14, 8, 6, 3, 2), None),
        ("Jk Ac Kc 9c 6c", "flush", (14, 13, 12, 7, 4), None),
        ("Jk Ks Kd Kh Kc", "five-of-a-kind", (KING,), "Five of a kind, kings"),
        ("Jk 8s 8d 3h 3c", "full-house", (6, 1), "Full house, eights full of threes"),
        ("Jk 6s 5d 4h 3c", "straight", (SEVEN - 0,), "Straight, seven high"),
    ],
)
def test_c4_h17_joker_wild_vectors(hand: str, category: str, ranks: tuple, text: str) -> None:
    """§10, the Joker wild (R2.7)."""
    v = ev(hand, WILD)
    assert (v.category, v.ranks) == (category, ranks)
    if text:
        assert str(v) == text


@pytest.mark.rule("C-4")
@pytest.mark.parametrize(
    ("hand", "category", "ranks"),
    [
        ("Jk Ks Kd 5h 2c", "one-pair", (KING, ACE, FIVE - 0, 0)),
        ("Jk 7s 5d 4h 3c", "straight", (SEVEN,)),
        ("Jk 6s 5d 4h 3c", "straight", (SEVEN,)),
        ("Jk As Ad Ah Ac", "five-of-a-kind", (ACE,)),
        ("Jk Jh 9h 6h 2h", "flush", (14, 11, 7, 4, 0)),
        ("Jk Qs Qd 9h 9c", "two-pairs", (12, 7, ACE)),
        ("Jk As Ad 9h 9c", "full-house", (ACE, 7)),
    ],
)
def test_c4_joker_bug_vectors(hand: str, category: str, ranks: tuple) -> None:
    """§10, the Joker as the bug (R2.8): an ace, or a card completing a straight or flush."""
    v = ev(hand, BUG)
    assert (v.category, v.ranks) == (category, ranks)


@pytest.mark.rule("H-17")
def test_h17_five_of_a_kind_and_joker_options() -> None:
    """H-17: fours improve to five of a kind, above every hand but the royal flush, which
    S4 says "cannot be beaten"; R2.7's options, five of a kind on top among them."""
    assert ev("Jk As Ad Ah Ac", WILD) < ev("Ah Kh Qh Jh Th", WILD)
    assert ev("Jk As Ad Ah Ac", WILD) > ev("Kh Qh Jh Th 9h", WILD)
    assert ev("Jk Kh Qh Jh Th", WILD) == ev("Ah Kh Qh Jh Th", WILD)  # a royal made by the Joker
    assert ev("Ah Kh Qh Jh Th", WILD).category == "straight-flush"
    five_top = Ranking(joker="wild", royal_above_five_of_a_kind=False)
    assert ev("Jk 2s 2d 2h 2c", five_top) > ev("Ah Kh Qh Jh Th", five_top)
    for name in ("draw-poker", "stud-poker"):  # a rule option of every poker game
        game = parlour.make(name, joker="wild", royal_above_five_of_a_kind=False)
        assert game.rules.royal_above_five_of_a_kind is False
    double = Ranking(joker="wild", double_ace_flush=True)
    assert ev("Jk Ac Kc 9c 6c", double).ranks == (14, 14, 13, 7, 4)
    assert ev("Jk Ac Kc 9c 6c", double) > ev("Ah Kh Qh 9h 6h", double)
    natural = Ranking(joker="wild", natural_beats_wild=True)
    assert ev("Ah Ad As Kc 9h", natural) > ev("Jk Ac Ah Kd 9s", natural)
    assert ev("Ah Ad As Kc 9h", WILD) == ev("Jk Ac Ah Kd 9s", WILD)
    lower = Ranking(joker="wild", joker_full_uses_lower_pair=True)
    v = ev("Jk 8s 8d 3h 3c", lower)
    assert str(v) == "Full house, threes full of eights"
    one_pair = ev("Jk Ks Kd 7h 2c", lower)  # R2.7 is for two pairs: one pair makes threes
    assert (one_pair.category, one_pair.ranks) == ("threes", (13, 5, 0))
    assert ev("Jk Qs Qd 9h 9c", BUG).category == "two-pairs"


@pytest.mark.rule("H-17")
def test_h17_bug_counts_as_an_ace_unless_it_completes() -> None:
    """R2.8: K-K-Joker-5-2 is kings with an ace kicker; four suited and the bug a flush."""
    assert ev("Jk Kd Qd Jd Td", BUG).ranks == (ACE,)  # a straight flush, ace high
    assert ev("Jk Kd Kc Ks 2h", BUG).ranks == (KING, ACE, 0)  # threes, ace kicker
    assert ev("Jk Kd Kc Ks Kh", BUG).category == "fours"  # only aces make five (the bug)
    assert ev("Jk Ad Ac As 2h", BUG).category == "fours"


# --- special hands of R2.9 – R2.12 -------------------------------------------


@pytest.mark.rule("H-15")
def test_h15_blaze_beats_two_pairs_not_threes() -> None:
    r = Ranking(blaze=True)
    blaze = ev("Kh Kd Qc Qs Jh", r)
    assert blaze.category == "blaze"
    assert ev("Ah Ad Kc Ks Qh", r) < blaze < ev("2h 2d 2c 7s 9h", r)
    assert ev("Kh Kd Kc Qs Jh", r).category == "threes"
    assert ev("Kh Kd Qc Qs Jh", R).category == "two-pairs"


@pytest.mark.rule("H-14")
def test_h14_suited_tiger_or_dog_beats_straight_flushes_by_option() -> None:
    """R2.10 option catDogFlushBeatsStraightFlush: a suited tiger or dog beats every straight
    flush (and stays below five of a kind); the four keep their order among themselves."""
    r = Ranking(tigers_dogs=True, cat_dog_flush_beats_straight_flush=True, joker="wild",
                royal_above_five_of_a_kind=False)  # fmt: skip
    suited = [ev(h, r) for h in ("Kh Jh Th 9h 8h", "8s 7s 6s 4s 3s", "Ad Kd Qd Td 9d",
                                 "7c 6c 5c 3c 2c")]  # fmt: skip
    kinds = ["big-tiger", "little-tiger", "big-dog", "little-dog"]
    assert [v.category for v in suited] == ["suited-" + kind for kind in kinds]
    assert suited == sorted(suited, reverse=True)
    royal = ev("Ah Kh Qh Jh Th", r)
    assert royal.category == "straight-flush" and suited[-1] > royal
    assert ev("Ks Kh Kd Kc Jk", r) > suited[0]
    assert ev("Kh Jd Tc 9s 8h", r).category == "big-tiger"  # unsuited: as before
    assert str(suited[0]).startswith("Suited big tiger")
    # the bug may fill the flush (R2.8), so it may make a suited tiger
    bug = Ranking(tigers_dogs=True, cat_dog_flush_beats_straight_flush=True, joker="bug")
    assert ev("Kh Jh Th 8h Jk", bug).category == "suited-big-tiger"


@pytest.mark.rule("H-14")
def test_h14_big_dog_beats_little_dog_order_of_tigers() -> None:
    """H-14 and R2.10: Big Tiger > Little Tiger > Big Dog > Little Dog, all above straights."""
    r = Ranking(tigers_dogs=True)
    big_tiger, little_tiger = ev("Kh Jd Tc 9s 8h", r), ev("8h 7d 6c 4s 3h", r)
    big_dog, little_dog = ev("Ah Kd Qc Ts 9h", r), ev("7h 6d 5c 3s 2h", r)
    assert [v.category for v in (big_tiger, little_tiger, big_dog, little_dog)] == [
        "big-tiger", "little-tiger", "big-dog", "little-dog"]  # fmt: skip
    assert ev("Ah Kh Qh Jh 9h", r) > big_tiger > little_tiger > big_dog > little_dog
    assert little_dog > ev("Ah Kd Qc Js Th", r)
    assert ev("Ah Kd Qc Ts 9h", r) > ev("Ah Kd Jc Ts 9h", r)  # ties as no pair
    assert ev("Kh Jh Th 9h 8h", r).category == "flush"


def test_r2_11_skip_straight_five_and_dime_skeet() -> None:
    """R2.11: skip straights above threes and below straights; five-and-dime; skeet."""
    r = Ranking(skip_straight=True, five_and_dime=True, skeet=True)
    skip = ev("Ah Qd Tc 8s 6h", r)
    assert skip.category == "skip-straight" and skip.ranks == (ACE,)
    assert ev("2h 2d 2c 7s 9h", r) < skip < ev("6h 5d 4c 3s 2h", r)
    assert ev("Ah 3d 5c 7s 9h", r).category == "no-pair"
    assert ev("Ah 3d 5c 7s 9h", Ranking(skip_straight=True, skip_ace_low=True)).ranks == (7,)
    with pytest.raises(GameOptionError, match=r"skip_ace_low \(R2.11\) needs skip_straight"):
        Ranking(skip_ace_low=True)  # it changed nothing, silently
    dime = ev("Th 8d 7c 6s 5h", r)
    assert dime.category == "five-and-dime" and dime < ev("Th 8d 6c 4s 2h", r)
    skeet = ev("9h 5d 3c 2s 7h", r)
    assert skeet.category == "skeet" and ev("2h 2d 2c 7s 9h", r) < skeet < dime
    up = Ranking(skeet=True, skeet_placement="above-straight")
    assert ev("Ah Kd Qc Js Th", up) < ev("9h 5d 3c 2s 7h", up) < ev("9h 5h 4h 2h 7h", up)


@pytest.mark.rule("H-16")
def test_h16_bobtails_and_canadian_hands() -> None:
    """H-16 / R2.12: big bobtail above full, little bobtail above two pairs; Canadian."""
    r = Ranking(bobtails=True)
    big = ev("9h 8h 7h 6h Kc", r)
    assert big.category == "big-bobtail"
    assert ev("Ah Ad Ac Ks Kh", r) < big < ev("2h 2d 2c 2s 3h", r)
    little = ev("9h 8h 7h Ks Kc", r)
    assert little.category == "little-bobtail"
    assert ev("Ah Ad Kc Ks Qh", r) < little < ev("2h 2d 2c 7s 9h", r)
    c = Ranking(canadian=True)
    assert ev("Kh 9h 6h 2h Ac", c).category == "four-flush"
    assert ev("9h 8d 7c 6s Kc", c).category == "four-straight"
    assert ev("Ah Ad Kc Ks Qh", c) > ev("Kh 9h 6h 2h Ac", c) > ev("9h 8d 7c 6s Kc", c)
    assert ev("9h 8d 7c 6s Kc", c) > ev("Ah Ad Kc 7s 2h", c)
    assert ev("Ah Ad Kc Qs Jh", c).category == "four-straight"  # A-K-Q-J besides the pair
    # the words name the straight the cards are part of, not a card the hand lacks
    assert str(ev("Ks Qs Js 3c 2d", r)) == (
        "Little bobtail, three to an ace-high straight flush (3 2 besides)"
    )
    assert str(big) == "Big bobtail, four to a ten-high straight flush (K besides)"
    assert str(ev("9h 8d 7c 6s Kc", c)) == "Four straight, four to a ten-high straight (K besides)"


@pytest.mark.rule("H-3")
def test_h3_a_pair_is_told_with_every_kicker() -> None:
    """H-3: "equal pairs: the highest other card, then the next": tens over 9-6-4 beat tens
    over 9-6-3; both read "nine kicker" alone."""
    better, worse = ev("Th Td 9c 6s 4d"), ev("Ts Tc 9d 6h 3c")
    assert better > worse and str(better) != str(worse)
    assert str(better) == "One pair, tens, nine kicker (6 4 besides)"


@pytest.mark.rule("H-16")
def test_h16_big_bobtail_count_of_section_9_6() -> None:
    """§9.6: 6,396 big bobtails in the 52-card pack: no pair 3,828, one pair 1,968,
    straight 600 otherwise.  Only hands with four cards of a suit can be one."""
    r = Ranking(bobtails=True)
    found: dict[str, int] = {}
    for suit in range(4):
        suited = [4 * rank + suit for rank in r.ranks]
        others = [c for c in r.pack.cards if c % 4 != suit]
        for four in itertools.combinations(suited, 4):
            for fifth in others:
                if r.evaluate_exact([*four, fifth]).category == "big-bobtail":
                    category = R.evaluate([*four, fifth]).category
                    found[category] = found.get(category, 0) + 1
    assert found == {"no-pair": 3828, "one-pair": 1968, "straight": 600}


def test_r2_13_combined_order_when_everything_is_enabled() -> None:
    """R2.13: the combined order, high to low."""
    r = Ranking(joker="wild", blaze=True, tigers_dogs=True, skip_straight=True,
                five_and_dime=True, skeet=True, bobtails=True, canadian=True)  # fmt: skip
    assert r.order == [
        "five-of-a-kind", "straight-flush", "fours", "big-bobtail", "full-house", "flush",
        "big-tiger", "little-tiger", "big-dog", "little-dog", "straight", "skip-straight",
        "five-and-dime", "skeet", "threes", "little-bobtail", "blaze", "two-pairs",
        "four-flush", "four-straight", "one-pair", "no-pair",
    ]  # fmt: skip


def test_descriptions() -> None:
    assert str(ev("Ah 2d 3c 4s 5h")) == "Straight, five high"
    assert str(ev("Jh Jd 9c 9s Ah")) == "Two pairs, jacks and nines, ace kicker"
    assert str(ev("6h 6d 6c 9s Ah")) == "Three of a kind, sixes"
    assert str(ev("6h 6d 6c 6s Ah")) == "Four of a kind, sixes"
    assert str(ev("Ah Kd 9c 7s 3h")).startswith("No pair, ace high")
    assert str(ev("Ah Kh 9h 7h 3h")).startswith("Flush, ace high")
    assert str(ev("9h 8h 7h 6h 5h")) == "Straight flush, nine high"
    assert repr(Ranking(pack=44)) == "Ranking(pack=44)"
    assert Card("Ah") in R.pack


def test_a_flush_over_a_full_house_is_honoured_in_the_full_pack_too() -> None:
    """R1.8's order is the stripped packs' default, and an option in any pack: asked for in
    52 cards, it is not silently dropped."""
    r = Ranking(flush_beats_full_house=True)
    assert r.order[:4] == ["straight-flush", "fours", "flush", "full-house"]
    assert r.evaluate("2s 5s 7s 9s Js") > r.evaluate("As Ad Ac Kd Kh")


def test_hand_values_order_only_against_values_of_the_same_ranking():
    """``value < 5`` failed on an attribute (not the TypeError Python gives for an ordering
    it cannot make), and values of two rankings were ordered, and even equal, by strengths
    that are not on one scale.  Now another type is NotImplemented (so TypeError), and
    values of different rankings are refused, and never equal; a ranking of the same
    options is the same ranking."""
    import copy
    import operator
    import pickle

    plain, wild = Ranking(), Ranking(joker="wild")
    royal, low = plain.evaluate("As Ks Qs Js Ts"), plain.evaluate("2c 3d 4h 5s 7c")
    for compare in (lambda: royal < 5, lambda: royal >= "x", lambda: operator.gt(5, royal)):
        with pytest.raises(TypeError, match="not supported between instances"):
            compare()
    assert royal != 5 and royal != "As Ks Qs Js Ts"
    stripped = Ranking(pack=44).evaluate("As Ks Qs Js Ts")
    assert stripped.strength == royal.strength and stripped != royal
    for compare in (lambda: royal < stripped, lambda: wild.evaluate("As Ks Qs Js Ts") >= royal):
        with pytest.raises(TypeError, match="cannot order hand values of different rankings"):
            compare()
    again = Ranking().evaluate("As Ks Qs Js Ts")  # another Ranking of the same options
    assert again == royal and low < again and max([low, again, royal]) == royal
    assert copy.deepcopy(royal) is royal and pickle.loads(pickle.dumps(royal)) == royal
