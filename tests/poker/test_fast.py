"""The fast evaluator agrees exactly with the exact path (strengths equal, not just order)."""

from __future__ import annotations

from math import comb

import numpy as np
import pytest

from parlour.cards import PACKS, CardError
from parlour.poker.fast import all_hands, check_batch, evaluate_batch, serves
from parlour.poker.ranking import Ranking

SERVED = [
    {},
    {"pack": 48},
    {"pack": 44},
    {"pack": 40, "strip_ace_low": False},
    {"pack": 36},
    {"pack": 60},
    {"pack": 60, "joker": "wild"},
    {"joker": "wild"},
    {"joker": "bug"},
    {"pack": 44, "joker": "bug"},
    {"joker": "wild", "double_ace_flush": True, "joker_full_uses_lower_pair": True},
    {"joker": "wild", "natural_beats_wild": True, "royal_above_five_of_a_kind": True},
    {"corner_straights": True, "ace_in_straights": "low-only"},
    {"straight_rank": "below-threes", "flush_beats_full_house": True},
    {"straight_rank": "not-recognised"},
    {"blaze": True, "tigers_dogs": True, "skip_straight": True, "skip_ace_low": True,
     "five_and_dime": True, "skeet": True},
    {"joker": "bug", "blaze": True, "tigers_dogs": True, "skeet": True,
     "skeet_placement": "above-straight"},
]  # fmt: skip


def _ids(options: dict) -> str:
    return ",".join(f"{k}={v}" for k, v in options.items()) or "standard"


def _exact(r: Ranking, rows: np.ndarray) -> np.ndarray:
    return np.array([r.evaluate_exact(row).strength for row in rows.tolist()], dtype=np.int64)


@pytest.mark.rule("C-1")
@pytest.mark.parametrize("size", sorted(PACKS))
def test_c1_all_hands_enumerates_every_hand_once(size: int) -> None:
    hands = all_hands(PACKS[size])
    assert hands.shape == (comb(size, 5), 5)
    ordered = np.sort(hands, axis=1).astype(np.int64)
    assert (np.diff(ordered, axis=1) > 0).all()  # five different cards
    assert len(np.unique(ordered @ (61 ** np.arange(5)))) == len(hands)  # each hand once


@pytest.mark.rule("C-5")
@pytest.mark.rule("C-2")
@pytest.mark.parametrize("size", [20, 32])
def test_c2_c5_small_packs_agree_on_every_hand(size: int) -> None:
    """Every hand of the 20- and 32-card packs: batch == exact path == Ranking.evaluate."""
    r = Ranking(pack=size)
    hands = all_hands(r.pack)
    fast = evaluate_batch(hands, r)
    assert (fast == _exact(r, hands)).all()
    assert (fast == [r.evaluate(h).strength for h in hands.tolist()]).all()


@pytest.mark.rule("H-12")
@pytest.mark.parametrize("options", SERVED, ids=_ids)
def test_h12_batch_equals_exact_on_a_sample(options: dict) -> None:
    """A random sample of every served ranking: equal strengths, so equal ties (H-12)."""
    r = Ranking(**options)
    assert serves(r)
    hands = all_hands(r.pack)
    rng = np.random.default_rng(sum(map(ord, _ids(options))))
    sample = hands[rng.choice(len(hands), 4000, replace=False)]
    with_joker = hands[(hands == 60).any(axis=1)] if r.pack.joker else hands[:0]
    if len(with_joker):
        sample = np.concatenate([sample, with_joker[rng.choice(len(with_joker), 1500)]])
    assert (evaluate_batch(sample, r) == _exact(r, sample)).all()


@pytest.mark.parametrize("options", [{}, {"joker": "wild"}, {"joker": "bug"}], ids=_ids)
def test_single_hand_path_agrees_on_every_hand(options: dict) -> None:
    """Ranking.evaluate (the memoised single-hand path) equals the batch on all hands."""
    r = Ranking(**options)
    hands = all_hands(r.pack)
    rng = np.random.default_rng(7)
    hands = hands[rng.permutation(len(hands))[:400_000]]
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
