"""The fast evaluator: whole arrays of five-card hands at once, with numpy.

``evaluate_batch(codes, ranking)`` returns, for an ``(N, 5)`` array of card codes, each
row five different cards, exactly ``[ranking.evaluate(row).strength for row in codes]``
(a repeated card may go unnoticed: :func:`check_batch` refuses it).

How: a hand's value depends (for the rankings served here) only on the multiset of its
ranks and on whether it is a flush.  The first three cards and the last two are each one
*part*; a part's *state* is its multiset of ranks (the Joker as one more rank) and its
suit (the common suit of its natural cards, or "mixed").  Three lookups per hand:

* ``part3[c0 << 12 | c1 << 6 | c2]``: the state of the first three cards, times the
  number of pair states;
* ``part2[c3 << 6 | c4]``: the state of the last two;
* ``final[part3 + part2]``: the strength (int32), a flush where both parts share a suit.

The final table is filled once per ranking from a table indexed by (rank key, flush),
itself filled from :meth:`Ranking.evaluate_exact` on one representative hand for each
rank multiset (and each flush), so the batch and the single-hand paths cannot disagree on
a key.  The rank key is the sum of per-rank weights chosen (greedily) so that every
multiset of five ranks (at most four of a rank, the Joker as one more rank) has its own
sum.  Rankings whose value depends on more than the ranks and the flush (bobtails,
Canadian hands, suit precedence) fall back to the exact path, once per suit class.

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

from parlour.cards import JOKER_CODE, CardError, Pack
from parlour.poker.ranking import WEIGHTS, Ranking

#: hands per chunk: the dozen numpy calls a chunk cost little per hand, and the chunk's data
#: (about 25 bytes a hand) stays in the cache; 16k to 64k measured alike on a 1 MiB L2
CHUNK = 1 << 16
_MIXED = 4  # the suit of a part whose natural cards are not all of one suit


def _parts(pk: Pack, k: int, stride: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The part table of ``k`` cards (index: the six-bit codes in order), as state * stride.

    Also returns the rank key of each state and the count of each kind (the Joker last)
    in each multiset (five states a multiset, one for each suit and one mixed).
    A part with a card outside the pack, or a card twice, has no state (-1).
    """
    index = {r: i for i, r in enumerate(pk.ranks)}
    kinds = len(pk.ranks) + pk.joker
    kind = np.full(64, -1, dtype=np.int64)
    suit = np.zeros(64, dtype=np.int64)
    for card in pk.cards:
        c = int(card)
        kind[c] = len(pk.ranks) if c == JOKER_CODE else index[c >> 2]
        suit[c] = 0 if c == JOKER_CODE else 1 << (c & 3)  # the Joker has no suit
    multisets = list(combinations_with_replacement(range(kinds), k))
    dense = np.full(kinds**k, -1, dtype=np.int64)  # sorted kinds, base `kinds`, -> multiset
    counts = np.zeros((len(multisets), kinds), dtype=np.int64)
    for i, ms in enumerate(multisets):
        dense[sum(x * kinds ** (k - 1 - j) for j, x in enumerate(ms))] = i
        for x in ms:
            counts[i, x] += 1
    weights = np.array(WEIGHTS[:kinds], dtype=np.int64)
    keys = counts @ weights
    codes = np.indices((64,) * k).reshape(k, -1)
    ks = np.sort(kind[codes], axis=0)
    valid = (ks >= 0).all(axis=0)
    for i in range(k):
        for j in range(i):
            valid &= codes[i] != codes[j]
    ms_index = dense[(ks * kinds ** np.arange(k - 1, -1, -1)[:, None]).sum(axis=0) * valid]
    suits = np.bitwise_or.reduce(suit[codes], axis=0)
    one = (suits & (suits - 1)) == 0  # one suit among the natural cards
    part_suit = np.where(one, np.log2(np.maximum(suits, 1)).astype(np.int64), _MIXED)
    table = np.where(valid, (ms_index * 5 + part_suit) * stride, -1)
    return table, np.repeat(keys, 5), counts


class _Tables:
    """Per-ranking lookup data: the (rank key, flush) table and the part tables."""

    def __init__(self, ranking: Ranking) -> None:
        pk = ranking.pack
        index = {r: i for i, r in enumerate(pk.ranks)}
        n_ranks = len(pk.ranks)
        top = 4 * WEIGHTS[n_ranks - 1] + (WEIGHTS[n_ranks] if pk.joker else WEIGHTS[n_ranks - 2])
        self.offset = top + 1
        table = np.full(2 * self.offset, -1, dtype=np.int64)
        w = WEIGHTS
        for hand, flush in _representatives(pk):
            key = sum(w[n_ranks] if c == JOKER_CODE else w[index[c >> 2]] for c in hand)
            table[key + self.offset * flush] = ranking.evaluate_exact(hand).strength
        self.table = table
        # the part tables and the final table (see the module docstring)
        part2, keys2, counts2 = _parts(pk, 2, 1)
        n2 = len(keys2)
        part3, keys3, counts3 = _parts(pk, 3, n2)
        suit2 = np.tile(np.arange(5), n2 // 5)
        suit3 = np.tile(np.arange(5), len(keys3) // 5)
        flush = (suit3[:, None] == suit2[None, :]) & (suit3[:, None] != _MIXED)
        key = keys3[:, None] + keys2[None, :] + self.offset * flush
        final = table[np.minimum(key, len(table) - 1)]
        # five of a rank, or the Joker twice: never five different cards
        never = np.zeros((len(counts3), len(counts2)), dtype=bool)
        for x in range(counts3.shape[1]):
            most = 1 if x == n_ranks else 4
            never |= counts3[:, x, None] + counts2[None, :, x] > most
        final[np.repeat(np.repeat(never, 5, axis=0), 5, axis=1)] = -1
        self.final = final.astype(np.int32).ravel()
        assert self.final[-1] == -1  # where a bad part's index is clipped to
        bad = len(self.final)  # a part with no state: any sum with it clips to the end
        self.part3 = np.where(part3 < 0, bad, part3).astype(np.int32)
        self.part2 = np.where(part2 < 0, bad, part2).astype(np.int32)


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
    """The strengths (int64) of an ``(N, 5)`` array of integer card codes under ``ranking``.

    Cheap checks only: an array not ``(N, 5)`` integers, a code that is no card, or a card
    not in the ranking's pack, raises :class:`CardError`; a card repeated in a row may go
    unnoticed (use :func:`check_batch` for untrusted input).  Any integer dtype will do;
    int8 or uint8 is fastest.
    """
    codes = _rows(codes)
    if not len(codes):
        return np.empty(0, dtype=np.int64)
    if not serves(ranking):
        check_batch(codes, ranking)
        return _by_suit_classes(codes, ranking)
    t = _tables(ranking)
    part3, part2, final = t.part3, t.part2, t.final
    unsigned = codes.dtype.str.replace("i", "u")  # seen unsigned, a negative code is huge
    n = len(codes)
    out = np.empty(n, dtype=np.int64)
    size = min(CHUNK, n)
    # two buffers, reused: take() copies int32 indices to intp first, so in place is safe
    a, b = np.empty(size, dtype=np.int32), np.empty(size, dtype=np.int32)
    bad = False
    shift, bor, take, i32, top = np.left_shift, np.bitwise_or, np.take, np.int32, JOKER_CODE
    for start in range(0, n, size):
        c = codes[start : start + size]
        if len(c) < size:
            a, b = a[: len(c)], b[: len(c)]
        if c.view(unsigned).max() > top:  # (the chunk is then in the cache for the rest)
            check_batch(codes, ranking)
        shift(c[:, 0], 12, out=a, dtype=i32)
        shift(c[:, 1], 6, out=b, dtype=i32)
        bor(a, b, out=a)
        bor(a, c[:, 2], out=a, dtype=i32)
        shift(c[:, 3], 6, out=b, dtype=i32)
        bor(b, c[:, 4], out=b, dtype=i32)
        # mode="clip": no buffered copy (and a bad part's index lands on final[-1] == -1)
        take(part3, a, out=a, mode="clip")
        take(part2, b, out=b, mode="clip")
        a += b
        take(final, a, out=a, mode="clip")
        out[start : start + len(c)] = a
        bad = bad or a.min() < 0
    if bad:  # a card outside the pack, or five of a rank: name it
        check_batch(codes, ranking)
        raise CardError("a row is not five different cards of the pack")
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


def _rows(codes: np.ndarray) -> np.ndarray:
    """``codes`` as an array, refused with :class:`CardError` (a ValueError) unless it is an
    ``(N, 5)`` array of integers: the batch functions' one check of shape and type."""
    codes = np.asarray(codes)
    if codes.ndim != 2 or codes.shape[1] != 5:
        raise CardError(f"expected an (N, 5) array of card codes, got shape {codes.shape}")
    if codes.dtype.kind not in "iu":
        raise CardError(f"card codes are integers, not {codes.dtype}")
    return codes


def check_batch(codes: np.ndarray, ranking: Ranking) -> None:
    """Raise ``CardError`` unless every row is five different cards of the ranking's pack."""
    from parlour.cards import Card

    codes = _rows(codes)
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
