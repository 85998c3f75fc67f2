"""The fast evaluator: whole arrays of five-card hands at once, with numpy.

``evaluate_batch(codes, ranking)`` returns, for an ``(N, 5)`` array of card codes,
exactly ``[ranking.evaluate(row).strength for row in codes]``.

How: each card code maps to one int64 number; the sum of a hand's five numbers holds

* in bits 0..20 a *rank key*: the sum of per-rank weights chosen (greedily) so that
  every multiset of five ranks (at most four of a rank, the Joker as one more rank)
  has its own sum;
* in bits 24..51 four 7-bit suit fields, 13 for each card of the suit (the Joker adds 13
  to all four), so that five of a suit, or four and the Joker, carry into the field's top bit.

One lookup in a table indexed by (rank key, carried) then gives the strength.  The table is
filled once per ranking from :meth:`Ranking.evaluate_exact` on one representative hand for
each rank multiset, so the batch and the single-hand paths cannot disagree on a key.
Rankings whose value depends on more than the ranks and the flush (bobtails, Canadian
hands, suit precedence) fall back to the exact path row by row.

>>> from parlour.poker.ranking import WEIGHTS, Ranking
>>> import numpy as np
>>> r = Ranking()
>>> hands = all_hands(r.pack)
>>> hands.shape
(2598960, 5)
>>> bool((evaluate_batch(hands[:1000], r) == [r.evaluate(h).strength for h in hands[:1000]]).all())
True
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from itertools import combinations_with_replacement

import numpy as np

from parlour.cards import JOKER_CODE, Pack
from parlour.poker.ranking import WEIGHTS, Ranking

_SUIT_SHIFT = 24
_CARRIES = sum(64 << (_SUIT_SHIFT + 7 * s) for s in range(4))
_KEY_MASK = (1 << 21) - 1
CHUNK = 1 << 16


class _Tables:
    """Per-ranking lookup data: card numbers and the strength table."""

    def __init__(self, ranking: Ranking) -> None:
        pk = ranking.pack
        index = {r: i for i, r in enumerate(pk.ranks)}
        n_ranks = len(pk.ranks)
        numbers = np.zeros(JOKER_CODE + 1, dtype=np.int64)
        for card in pk.cards:
            c = int(card)
            if c == JOKER_CODE:
                suits = sum(13 << (_SUIT_SHIFT + 7 * s) for s in range(4))
                numbers[c] = WEIGHTS[n_ranks] + suits
            else:
                numbers[c] = WEIGHTS[index[c >> 2]] + (13 << (_SUIT_SHIFT + 7 * (c & 3)))
        self.numbers = numbers
        top = 4 * WEIGHTS[n_ranks - 1] + (WEIGHTS[n_ranks] if pk.joker else WEIGHTS[n_ranks - 2])
        self.offset = top + 1
        table = np.full(2 * self.offset, -1, dtype=np.int64)
        w = WEIGHTS
        for hand, flush in _representatives(pk):
            key = sum(w[n_ranks] if c == JOKER_CODE else w[index[c >> 2]] for c in hand)
            table[key + self.offset * flush] = ranking.evaluate_exact(hand).strength
        self.table = table
        # the table is small enough for int32 (strengths stay below 2**31)
        self.table32 = table.astype(np.int32)


def _representatives(pk: Pack) -> Iterator[tuple[list[int], bool]]:
    """One hand per rank multiset (not suited), and one suited hand per set of distinct ranks."""
    ranks = pk.ranks
    for natural in (5, 4) if pk.joker else (5,):
        for multiset in combinations_with_replacement(ranks, natural):
            counts: dict[int, int] = {}
            hand: list[int] = []
            for r in multiset:
                k = counts.get(r, 0)
                if k == 4:
                    break
                counts[r] = k + 1
                hand.append(4 * r + k)
            else:
                if len(counts) == natural:  # all distinct: make it unsuited, then suited
                    hand[-1] = 4 * multiset[-1] + 1
                    if natural == 4:
                        hand[-2] = 4 * multiset[-2]
                joker = [JOKER_CODE] if natural == 4 else []
                yield [*hand, *joker], False
                if len(counts) == natural:
                    yield [4 * r for r in multiset] + joker, True


@lru_cache(maxsize=64)
def _tables(ranking: Ranking) -> _Tables:
    return _Tables(ranking)


def serves(ranking: Ranking) -> bool:
    """Whether the lookup path serves this ranking (else rows go through the exact path)."""
    return not ranking._suit_dependent


def evaluate_batch(codes: np.ndarray, ranking: Ranking) -> np.ndarray:
    """The strengths (int64) of an ``(N, 5)`` array of card codes under ``ranking``.

    The codes are trusted (use :func:`check_batch` for untrusted input).
    """
    codes = np.asarray(codes)
    if codes.ndim != 2 or codes.shape[1] != 5:
        raise ValueError(f"expected an (N, 5) array of card codes, got shape {codes.shape}")
    if not serves(ranking):
        return _by_suit_classes(codes, ranking)
    t = _tables(ranking)
    out = np.empty(len(codes), dtype=np.int64)
    numbers, table, offset = t.numbers, t.table32, np.int64(t.offset)
    carries, key_mask = np.int64(_CARRIES), np.int64(_KEY_MASK)
    for start in range(0, len(codes), CHUNK):
        # columns as contiguous intp rows: numpy gathers fastest with intp indices
        c = codes[start : start + CHUNK].T.astype(np.intp)
        s = numbers[c[0]]
        s += numbers[c[1]]
        s += numbers[c[2]]
        s += numbers[c[3]]
        s += numbers[c[4]]
        flush = s & carries  # 0, or one carried bit far above the offset
        np.minimum(flush, offset, out=flush)
        s &= key_mask
        s += flush
        out[start : start + CHUNK] = table[s]
    return out


def _by_suit_classes(codes: np.ndarray, ranking: Ranking) -> np.ndarray:
    """The exact path, once per class of hands equal up to a renaming of the suits.

    Suits have no rank (H-11), so bobtails and Canadian hands depend only on which ranks
    share a suit: the sorted per-suit rank masks (and the Joker) name the class.  With
    hearts precedence (R1.3) the hearts mask keeps its place.
    """
    codes = np.asarray(codes)
    key = np.empty(len(codes), dtype=np.int64)
    hearts = ranking.rules.suit_precedence == "hearts"
    for start in range(0, len(codes), CHUNK):
        c = codes[start : start + CHUNK].astype(np.int64)
        joker = (c == JOKER_CODE).any(axis=1)
        bit = np.where(c == JOKER_CODE, 0, np.left_shift(1, c >> 2))
        suit = np.where(c == JOKER_CODE, -1, c & 3)
        masks = np.stack([(bit * (suit == s)).sum(axis=1) for s in range(4)], axis=1)
        if hearts:
            others = np.sort(masks[:, [0, 1, 3]], axis=1)
            masks = np.concatenate([masks[:, [2]], others], axis=1)
        else:
            masks = np.sort(masks, axis=1)
        k = joker.astype(np.int64)
        for i in range(4):
            k = (k << 15) | masks[:, i]
        key[start : start + CHUNK] = k
    _, first, inverse = np.unique(key, return_index=True, return_inverse=True)
    exact = ranking.evaluate_exact
    values = np.fromiter(
        (exact(row).strength for row in codes[first].astype(np.int64).tolist()),
        dtype=np.int64,
        count=len(first),
    )
    return values[inverse.reshape(-1)]


def check_batch(codes: np.ndarray, ranking: Ranking) -> None:
    """Raise ``CardError`` unless every row is five different cards of the ranking's pack."""
    from parlour.cards import Card, CardError

    codes = np.asarray(codes)
    inpack = np.zeros(JOKER_CODE + 1, dtype=bool)
    inpack[[int(c) for c in ranking.pack.cards]] = True
    bad = (codes < 0) | (codes > JOKER_CODE)
    if bad.any():
        raise CardError(f"no card has code {int(codes[bad][0])} (codes are 0..60)")
    notin = ~inpack[codes]
    if notin.any():
        ranking.pack.check(Card(int(codes[notin][0])))
    s = np.sort(codes, axis=1)
    dup = (s[:, 1:] == s[:, :-1]).any(axis=1)
    if dup.any():
        row = s[dup][0]
        card = next(int(a) for a, b in zip(row[1:], row[:-1], strict=True) if a == b)
        raise CardError(f"duplicate card {Card(card)}: a pack holds each card once")


@lru_cache(maxsize=4)
def _combinations(n: int, k: int) -> np.ndarray:
    """Every k-subset of range(n) as rows, in lexicographic order."""
    rows = np.arange(n, dtype=np.int32)[:, None]
    for _ in range(k - 1):
        last = rows[:, -1]
        counts = n - 1 - last
        total = int(counts.sum())
        rep = np.repeat(rows, counts, axis=0)
        starts = np.repeat(np.cumsum(counts) - counts, counts)
        new = np.arange(total, dtype=np.int32) - starts + np.repeat(last + 1, counts)
        rows = np.concatenate([rep, new[:, None].astype(np.int32)], axis=1)
    rows = rows.astype(np.int8)  # a quarter of the memory while cached
    rows.setflags(write=False)
    return rows


def all_hands(pk: Pack) -> np.ndarray:
    """Every five-card hand of the pack as an ``(N, 5)`` int8 array of codes.

    >>> from parlour.cards import PACKS
    >>> all_hands(PACKS[20]).shape
    (15504, 5)
    """
    cards = np.array([int(c) for c in pk.cards], dtype=np.int8)
    return cards[_combinations(len(cards), 5)]


__all__ = [
    "WEIGHTS",
    "all_hands",
    "check_batch",
    "evaluate_batch",
    "serves",
]
