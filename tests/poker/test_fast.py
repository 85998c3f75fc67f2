"""The fast evaluator agrees exactly with the exact path (strengths equal, not just order)."""

from __future__ import annotations

from functools import cache, lru_cache
from math import comb

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.cards import JOKER_CODE, PACKS, CardError, pack, parse_cards
from parlour.poker.fast import all_hands, check_batch, evaluate_batch, serves
from parlour.poker.ranking import Ranking

#: rankings served by table beyond the plain packs and Jokers (checked on samples; the
#: packs and Jokers themselves on every hand, below)
OPTION_VARIANTS = [
    {"pack": 40, "strip_ace_low": False},
    {"joker": "wild", "double_ace_flush": True, "joker_full_uses_lower_pair": True},
    {"joker": "wild", "natural_beats_wild": True, "royal_above_five_of_a_kind": True},
    {"corner_straights": True, "ace_in_straights": "low-only"},
    {"straight_rank": "below-threes", "flush_beats_full_house": True},
    {"straight_rank": "not-recognised"},
    {"flushes": False, "joker": "wild"},
    {"flushes": False, "straight_rank": "not-recognised", "joker": "bug"},
    {"blaze": True, "tigers_dogs": True, "skip_straight": True, "skip_ace_low": True,
     "five_and_dime": True, "skeet": True},
    {"joker": "bug", "blaze": True, "tigers_dogs": True, "skeet": True,
     "skeet_placement": "above-straight"},
    {"joker": "wild", "tigers_dogs": True, "cat_dog_flush_beats_straight_flush": True},
    {"joker": "bug", "tiger_1895": True, "cat_dog_flush_beats_straight_flush": True},
    {"pack": 60, "joker": "wild", "corner_straights": True, "natural_beats_wild": True},
]  # fmt: skip


def _ids(options: dict) -> str:
    return ",".join(f"{k}={v}" for k, v in options.items()) or "standard"


def _exact(r: Ranking, rows: np.ndarray) -> np.ndarray:
    return np.array([r.evaluate_exact(row).strength for row in rows.tolist()], dtype=np.int64)


def _masks(hands: np.ndarray) -> np.ndarray:
    """Each hand as a set: bit c for card c."""
    one = np.uint64(1)
    out = np.zeros(len(hands), dtype=np.uint64)
    for column in hands.T:
        out |= np.left_shift(one, column.astype(np.uint64))
    return out


@pytest.mark.rule("C-1")
@pytest.mark.parametrize("size", sorted(PACKS))
def test_c1_all_hands_enumerates_every_hand_once(size: int) -> None:
    hands = all_hands(PACKS[size])
    assert hands.shape == (comb(size, 5), 5)
    masks = _masks(hands)
    every = sum(1 << int(c) for c in PACKS[size].cards)
    assert int(np.bitwise_or.reduce(masks)) == every  # the pack's cards, no other
    assert (np.bitwise_count(masks) == 5).all()  # five different cards
    ordered = np.sort(masks)
    assert (ordered[1:] != ordered[:-1]).all()  # each hand once


# ---------------------------------------------------------------------------
# every hand of every pack, up to a renaming of the suits
#
# For the rankings served by table the value depends on the suits only through "is it a
# flush", and suits have no rank (H-11).  So: (1) the batch path gives every hand the value
# of its canonical form (checked on every hand: the batch is fast); (2) the exact path does
# too (a property over random hands and renamings); (3) the two agree on every canonical
# hand.  Together: batch == exact on every hand of every pack, with and without the Joker.

PACK_RULES = {52: "C-1", 48: "C-2", 44: "C-2", 40: "C-2", 36: "C-2", 32: "C-2", 60: "C-3",
              20: "C-5"}  # fmt: skip
PACKS_AND_JOKERS = [
    pytest.param(size, joker, marks=[pytest.mark.rule(PACK_RULES[size])]
                 + ([pytest.mark.rule("C-4")] if joker != "none" else []),
                 id=f"{size}-{joker}")
    for size in PACK_RULES
    for joker in ("none", "wild", "bug")
]  # fmt: skip


def canonical(hands: np.ndarray) -> np.ndarray:
    """Each hand with its suits renamed: the suit holding the highest mask of ranks becomes
    clubs, the next diamonds, and so on (equal masks keep their order); the Joker stays.

    Hands equal up to a renaming of the suits have the same canonical form (the sorted
    masks name the class), and the canonical form is its own canonical form.
    """
    cols = np.ascontiguousarray(hands.T, dtype=np.int8)
    # the four suits' rank masks, 16 bits each (the Joker, rank 15 of "suit 0", dropped)
    packed = sum(np.left_shift(1, ((c & 3) << 4) | (c >> 2), dtype=np.int64) for c in cols)
    # per suit: (rank mask, 3 - suit), sorted high to low by a sorting network
    m = [(((packed >> (16 * s)) & 0x7FFF) << 2) | (3 - s) for s in range(4)]
    for i, j in ((0, 1), (2, 3), (0, 2), (1, 3), (1, 2)):
        m[i], m[j] = np.maximum(m[i], m[j]), np.minimum(m[i], m[j])
    # the new name of each old suit, two bits an old suit
    names = sum((i << (2 * (3 - (m[i] & 3)))).astype(np.int16) for i in range(4))
    out = np.empty_like(cols)
    for c, o in zip(cols, out, strict=True):
        o[:] = (c & ~3) | ((names >> (2 * (c & 3))) & 3)
        o[c == JOKER_CODE] = JOKER_CODE
    return out.T.astype(hands.dtype, copy=False)


@lru_cache(maxsize=1)
def _classes(size: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The pack with the Joker: every hand, its canonical form, and which are canonical."""
    hands = all_hands(pack(size, joker=True))
    canon = canonical(hands)
    is_canon = (canon == hands).all(axis=1)
    return hands, canon, is_canon


def test_canonical_form_names_the_suit_classes() -> None:
    """134,459 classes of five cards of 52 up to renaming the suits; each form its own."""
    hands, canon, is_canon = _classes(52)
    natural = ~(hands == JOKER_CODE).any(axis=1)
    assert int(is_canon[natural].sum()) == 134_459
    assert int(is_canon.sum()) == 134_459 + 16_432  # the Joker and four of 52
    assert (canonical(canon) == canon).all()  # every canonical form is a class's own
    # a renaming of the suits: the same ranks, the Joker kept, five different cards
    assert (np.sort(canon >> 2, axis=1) == np.sort(hands >> 2, axis=1)).all()
    assert (np.bitwise_count(_masks(canon)) == 5).all()
    # and the same class: the sorted per-suit rank masks agree
    rng = np.random.default_rng(11)
    rows = rng.choice(len(hands), 2000, replace=False)
    for h, k in zip(hands[rows].tolist(), canon[rows].tolist(), strict=True):
        assert _suit_profile(h) == _suit_profile(k)


def _suit_profile(hand: list[int]) -> tuple:
    masks = [sorted(c >> 2 for c in hand if c != JOKER_CODE and c & 3 == s) for s in range(4)]
    return tuple(sorted(masks)), JOKER_CODE in hand


@pytest.mark.rule("H-12")
@pytest.mark.parametrize(("size", "joker"), PACKS_AND_JOKERS)
def test_h12_batch_equals_exact_on_every_hand(size: int, joker: str) -> None:
    """Every hand of the pack (C-1..C-5), the Joker none/wild/bug (C-4): batch == exact.

    The batch gives every hand its canonical form's value (all hands), and the exact path
    agrees with it on every canonical form; the exact path's own suit-blindness is
    ``test_h12_exact_path_is_blind_to_renaming_the_suits``.
    """
    r = Ranking(pack=size, joker=joker)
    assert serves(r)
    hands, canon, is_canon = _classes(size)
    if joker == "none":
        natural = ~(hands == JOKER_CODE).any(axis=1)
        hands, canon, is_canon = hands[natural], canon[natural], is_canon[natural]
    assert len(hands) == comb(r.pack.size, 5)
    batch = evaluate_batch(hands, r)
    assert (batch >= 0).all()
    assert (batch == evaluate_batch(canon, r)).all()
    # and the order of the five cards is no matter (a canonical form is found in any order)
    assert (batch == evaluate_batch(canon[:, ::-1], r)).all()
    assert (batch == evaluate_batch(np.roll(canon, 2, axis=1), r)).all()
    reps = hands[is_canon]
    assert (batch[is_canon] == _exact(r, reps)).all()


@pytest.mark.rule("H-12")
@settings(max_examples=600, deadline=None)
@given(st.data())
def test_h12_exact_path_is_blind_to_renaming_the_suits(data: st.DataObject) -> None:
    """The exact path: a hand and the same hand with its suits renamed (in any order) are
    worth the same."""
    options = data.draw(st.sampled_from(OPTION_VARIANTS + [
        {"pack": size, "joker": joker} for size in PACK_RULES for joker in ("none", "wild", "bug")
    ]))  # fmt: skip
    r = _ranking(tuple(sorted(options.items())))
    cards = [int(c) for c in r.pack.cards]
    hand = data.draw(st.lists(st.sampled_from(cards), min_size=5, max_size=5, unique=True))
    if r.pack.joker and data.draw(st.booleans()) and JOKER_CODE not in hand:
        hand[0] = JOKER_CODE  # the Joker more often than one hand in eleven
    names = data.draw(st.permutations(range(4)))
    renamed = [c if c == JOKER_CODE else (c & ~3) | names[c & 3] for c in hand]
    renamed = data.draw(st.permutations(renamed))  # in any order
    assert r.evaluate_exact(hand).strength == r.evaluate_exact(renamed).strength


@cache
def _ranking(options: tuple) -> Ranking:
    return Ranking(**dict(options))


@pytest.mark.rule("H-12")
@pytest.mark.parametrize("options", OPTION_VARIANTS, ids=_ids)
def test_h12_batch_equals_exact_on_a_sample(options: dict) -> None:
    """The other options served by table, on a random sample: equal strengths (H-12)."""
    r = Ranking(**options)
    assert serves(r)
    hands = all_hands(r.pack)
    rng = np.random.default_rng(sum(map(ord, _ids(options))))
    sample = hands[rng.choice(len(hands), 4000, replace=False)]
    with_joker = hands[(hands == JOKER_CODE).any(axis=1)] if r.pack.joker else hands[:0]
    if len(with_joker):
        sample = np.concatenate([sample, with_joker[rng.choice(len(with_joker), 1500)]])
    assert (evaluate_batch(sample, r) == _exact(r, sample)).all()


@pytest.mark.parametrize(
    "options", [{"pack": 20}, {"pack": 32, "joker": "bug"}, {}, {"joker": "wild"}], ids=_ids
)
def test_single_hand_path_agrees_with_the_batch(options: dict) -> None:
    """Ranking.evaluate (the memoised single-hand path) equals the batch: every hand of the
    small packs, 300,000 random hands of the others."""
    r = Ranking(**options)
    hands = all_hands(r.pack)
    if len(hands) > 300_000:
        hands = hands[np.random.default_rng(7).permutation(len(hands))[:300_000]]
    fast = evaluate_batch(hands, r)
    ev = r.evaluate
    assert (fast == np.fromiter((ev(h).strength for h in hands.tolist()), np.int64)).all()


@pytest.mark.rule("H-16")
def test_h16_suit_dependent_rankings_fall_back_to_the_exact_path() -> None:
    for options in ({"bobtails": True}, {"canadian": True}, {"suit_precedence": "hearts"},
                    {"joker": "wild", "bobtails": True}):  # fmt: skip
        r = Ranking(**options)
        assert not serves(r)
        hands = all_hands(r.pack)
        sample = hands[np.random.default_rng(3).choice(len(hands), 1500, replace=False)]
        assert (evaluate_batch(sample, r) == _exact(r, sample)).all()
    hearts = Ranking(suit_precedence="hearts")  # R1.3: two hands that swap hearts and clubs
    rows = np.array([[int(c) for c in parse_cards(t)] for t in ("Ah Kc Qd Js 9s",
                                                                "Ac Kh Qd Js 9s")])  # fmt: skip
    assert evaluate_batch(rows, hearts).tolist() == _exact(hearts, rows).tolist()
    assert len(set(evaluate_batch(rows, hearts).tolist())) == 2


def test_check_batch_refuses_bad_rows() -> None:
    r = Ranking(pack=44)
    check_batch(all_hands(r.pack)[:100], r)
    with pytest.raises(CardError, match="card 2c is not in the 44-card pack"):
        check_batch(np.array([[0, 20, 24, 28, 32]]), r)
    with pytest.raises(CardError, match="duplicate card"):
        check_batch(np.array([[20, 20, 24, 28, 32]]), r)
    with pytest.raises(CardError, match="no card has code 99"):
        check_batch(np.array([[99, 20, 24, 28, 32]]), r)
    with pytest.raises(ValueError, match="shape"):
        evaluate_batch(np.zeros((3, 4), dtype=np.int8), r)


def test_check_batch_refuses_rows_not_of_five_and_codes_not_integers() -> None:
    """check_batch promises CardError unless every row is five different cards, but rows of
    four or six passed, a flat array raised numpy's AxisError and floats an IndexError: it
    makes evaluate_batch's checks of shape and type, the one helper for both."""
    r = Ranking()
    hands = all_hands(r.pack)[:10]
    for bad in (hands[:, :4], np.concatenate([hands, hands[:, :1] + 1], axis=1), hands[0]):
        for batch in (check_batch, evaluate_batch):
            with pytest.raises(CardError, match=r"expected an \(N, 5\) array of card codes"):
                batch(bad, r)
    for batch in (check_batch, evaluate_batch):
        with pytest.raises(CardError, match="card codes are integers, not float64"):
            batch(hands.astype(np.float64), r)


@pytest.mark.rule("C-2")
def test_c2_evaluate_batch_refuses_cards_outside_the_pack() -> None:
    """The batch's cheap checks: no such code, a card outside the pack (C-2, C-4)."""
    r = Ranking(pack=44)
    good = all_hands(r.pack)[:70_000].copy()  # more than one chunk
    for dtype in (np.int8, np.uint8, np.int64):
        assert (evaluate_batch(good.astype(dtype), r) == evaluate_batch(good, r)).all()
    refused = {99: "no card has code 99", 0: "card 2c is not in the 44-card",
               60: "card Jk is not in the 44-card", 61: "no card has code 61"}  # fmt: skip
    for code, message in refused.items():
        for column in (0, 4):
            bad = good.copy()
            bad[69_000, column] = code
            with pytest.raises(CardError, match=message):
                evaluate_batch(bad, r)
    with pytest.raises(CardError, match="no card has code -1"):
        evaluate_batch(np.array([[-1, 20, 24, 28, 32]]), r)
    with pytest.raises(CardError, match="duplicate card 7c"):
        evaluate_batch(np.array([[20, 20, 24, 28, 32]]), r)
    with pytest.raises(ValueError, match="integers"):
        evaluate_batch(np.zeros((1, 5)), r)
    assert evaluate_batch(np.empty((0, 5), np.int8), r).shape == (0,)  # no rows, no values
    for options, row in (({"joker": "wild"}, [4, 5, 6, 7, 4]), ({}, [4, 4, 9, 14, 51])):
        with pytest.raises(CardError, match="duplicate card 3c"):  # however the rest looks
            evaluate_batch(np.array([row], np.int8), Ranking(**options))


@pytest.mark.parametrize("options", [{"joker": "wild"}, {"pack": 60, "joker": "bug"}], ids=_ids)
def test_warmed_memo_agrees(options: dict) -> None:
    """Ranking.warm() fills the memo from the tables; the values are the exact ones."""
    r = Ranking(**options).warm()
    hands = all_hands(r.pack)
    hands = hands[np.random.default_rng(5).choice(len(hands), 100_000, replace=False)]
    ev = r.evaluate
    single = np.fromiter((ev(h).strength for h in hands.tolist()), np.int64)
    assert (single == evaluate_batch(hands, r)).all()
    assert (single[:3000] == _exact(r, hands[:3000])).all()
    with pytest.raises(CardError, match="duplicate"):
        r.evaluate([8, 8, 8, 8, 12])
