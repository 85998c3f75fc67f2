"""What a partial row or column is *worth knowing* about: Neller's NARL line abstraction.

The learned players value a line by a few features of its cards *and of the cards still unseen*
(Neller, Messinger and Yang, "naive abstract reinforcement learning", poker-patience.md §1.2):

* ``p`` its rank pattern (pairs, threes...) with, for each rank it holds, how many of that rank
  are still unseen; a full line keeps only its pattern;
* ``f`` whether it could still be a flush, and how many cards of that suit are unseen;
* ``s`` whether it could still be a straight, by its own ranks;
* ``w`` (instead of ``s``) in how many of the ten straights it could still end, counting only
  straights whose missing ranks are not all gone (at most 3).

Without ``p`` a line is known only by its number of cards.  The key is one integer below
:data:`SIZE`; the values themselves are learned in :mod:`parlour.patience.learn`.

A pair of deuces is worth more while the other two deuces are still to come:

>>> from parlour.patience import tables as T
>>> pair = np.array([[T.line_state([0, 1])]])  # card52 0 and 1: two deuces
>>> suits = np.full((1, 4), 13)
>>> live, dead = np.full((1, 13), 4), np.full((1, 13), 4)
>>> live[0, 0], dead[0, 0] = 2, 0
>>> def key(ranks, suits, features):
...     return int(keys(pair, Unseen(ranks, suits), features)[0, 0])
>>> key(live, suits, "p") != key(dead, suits, "p")
True
>>> key(live, suits, "p") == key(live, suits - 5, "p")
True
"""

from __future__ import annotations

from itertools import combinations_with_replacement

import numpy as np

from parlour.patience import tables as T
from parlour.patience.scoring import STRAIGHT_SETS

_COUNTS = np.repeat(np.array(T.MULTISETS, dtype=np.int64), 6, axis=0)  # line state x 13
_CARDS = T.LINE_CARDS.astype(np.int64)
_SUIT_STATUS = np.tile(np.arange(6), T.N_MS)
_PRESENT = _COUNTS > 0
_DISTINCT = _COUNTS.max(axis=1) <= 1  # no rank twice
_WINDOWS = np.array([[r in w for r in range(13)] for w in STRAIGHT_SETS])  # 10 x 13
#: WINDOW_FITS[state, w]: the line's own ranks fit straight ``w``
WINDOW_FITS = _DISTINCT[:, None] & ~(_PRESENT[:, None, :] & ~_WINDOWS[None]).any(axis=2)
WINDOW_FITS[_CARDS == 0] = False
_STRAIGHT_OPEN = WINDOW_FITS.any(axis=1)
_FLUSH_OPEN = (_SUIT_STATUS >= 2) & (_CARDS > 0)
_FLUSH_SUIT = np.where(_FLUSH_OPEN, _SUIT_STATUS - 2, 0)
_FULL = _CARDS == 5
#: where a line's flush suit's unseen count is read (4: a padded zero: no flush, or full)
_SUIT_LEFT_AT = np.where(_FLUSH_OPEN & ~_FULL, _FLUSH_SUIT, 4)
_BITS = 1 << np.arange(13, dtype=np.int64)
_PRESENT_BITS = (_PRESENT * _BITS).sum(axis=1)

# The rank pattern with unseen counts: each rank held is a code (held - 1) * 4 + unseen,
# and the pattern is the multiset of codes, summed as powers of six (at most five codes),
# then numbered.  For speed it is looked up: a line's held counts in rank order (its shape)
# and the unseen count of each rank held, as base-4 digits, index _PATTERN_OF.
_HELD_RANK = np.full((T.N_LINE, 5), 13, dtype=np.int64)  # the ranks held, padded with 13
_HELD_COUNT = np.zeros((T.N_LINE, 5), dtype=np.int64)
for _s in range(0, T.N_LINE, 6):
    _ranks = np.flatnonzero(_COUNTS[_s])
    _HELD_RANK[_s : _s + 6, : len(_ranks)] = _ranks
    _HELD_COUNT[_s : _s + 6, : len(_ranks)] = _COUNTS[_s, _ranks]
_SHAPES, _SHAPE = np.unique(_HELD_COUNT, axis=0, return_inverse=True)
_SHAPE = _SHAPE.reshape(-1) * 1024
_DIGITS = 4 ** np.arange(5, dtype=np.float32)
_P6 = 6 ** np.arange(17, dtype=np.int64)
_FULL_FLAG = int(_P6[16])


def _pattern_tables() -> tuple[np.ndarray, np.ndarray]:
    """All pattern keys (sorted) and the pattern number of every shape and unseen digits."""
    out: set[int] = set()
    for k in range(6):
        for codes in combinations_with_replacement(range(16), k):
            cards = sum(c // 4 + 1 for c in codes)
            if cards > 5 or any(c % 4 > 4 - (c // 4 + 1) for c in codes):
                continue
            key = int(sum(_P6[c] for c in codes))
            out.add(key)
            if cards == 5 and all(c % 4 == 0 for c in codes):
                out.add(key + _FULL_FLAG)
    patterns = np.array(sorted(out), dtype=np.int64)
    left = (np.arange(1024)[:, None] // _DIGITS.astype(np.int64)) % 4  # 1024 x 5
    held = _SHAPES[:, None, :]  # shapes x 1 x 5
    full = held.sum(axis=2) == 5
    left = np.where(full[..., None], 0, left[None])
    code = ((held - 1) * 4 + left).clip(0, 15)
    key = np.where(held > 0, _P6[code], 0).sum(axis=2) + full * _FULL_FLAG
    number = np.searchsorted(patterns, key).clip(0, len(patterns) - 1)
    return patterns, number.reshape(-1)


_PATTERNS, _PATTERN_OF = _pattern_tables()
#: number of distinct keys
SIZE = len(_PATTERNS) * 2 * 14 * 4
FEATURES = frozenset("pfsw")


def _straight_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For ``straights_left``: each line's row of a table and the first straight it fits.

    Ranks are counted on a 14-place scale with the ace at both ends (0 and 13), on which the
    k-th straight is places k .. k+4.  A line fits straights k0 .. k0+4 at most, so what it
    still needs lies in the nine places from k0: the table gives, for each of the 512 ways
    those places may be gone, in how many straights the line could still end.  A lone ace
    (the wheel and the broadway) is the one exception, counted apart.
    """
    row = np.zeros(T.N_LINE, dtype=np.int64)
    first = np.zeros(T.N_LINE, dtype=np.int64)
    table = [np.zeros(512, dtype=np.int64)]  # row 0: lines that fit no straight
    gone = np.arange(512)
    for ms in range(T.N_MS):
        fits = np.flatnonzero(WINDOW_FITS[ms * 6])
        if len(fits) == 0 or fits[-1] - fits[0] > 4:
            continue
        k0 = int(fits[0])
        held = _PRESENT_BITS[ms * 6]
        held14 = (held << 1) | ((held >> 12) & 1)
        counts = np.zeros(512, dtype=np.int64)
        for k in fits:
            needs = ((31 << int(k)) & ~held14) >> k0
            counts += (gone & needs) == 0
        row[ms * 6 : ms * 6 + 6] = len(table)
        first[ms * 6 : ms * 6 + 6] = k0
        table.append(counts.clip(0, 3))
    return row * 512, first, np.concatenate(table)


_STRAIGHT_ROW, _STRAIGHT_FIRST, _STRAIGHTS_LEFT = _straight_tables()
_LONE_ACE = (_CARDS == 1) & _PRESENT[:, 12]


def check(features: str) -> str:
    """``features`` if it names only known features (and not both ``s`` and ``w``)."""
    if set(features) - FEATURES or ("s" in features and "w" in features):
        raise ValueError(f"line features {features!r}: use letters of 'pfs' or 'pfw'")
    return features


class Unseen:
    """The unseen counts of ``B`` tableaux (ranks ``B x 13``, suits ``B x 4``), laid out once
    for the lookups of :func:`keys`."""

    def __init__(self, ranks: np.ndarray, suits: np.ndarray) -> None:
        size = ranks.shape[0]
        self.ranks = np.zeros((size, 14), np.float32)  # float: the digits sum by BLAS
        self.ranks[:, :13] = ranks
        self.rank_at = (14 * np.arange(size))[:, None, None]
        self.suits = np.zeros((size, 5), np.int64)
        self.suits[:, :4] = suits
        self.suit_at = (5 * np.arange(size))[:, None]
        gone = ((ranks == 0) * _BITS).sum(axis=1)  # ranks with none left
        self.gone14 = ((gone << 1) | ((gone >> 12) & 1))[:, None]
        lone_ace = ((gone & 0b1111) == 0).astype(np.int64) + ((gone & 0b1111 << 8) == 0)
        self.lone_ace = lone_ace[:, None]


def pattern(states: np.ndarray, unseen: Unseen) -> np.ndarray:
    """Number of each line's rank pattern with unseen counts (``states``: B x L)."""
    at = _HELD_RANK.take(states, axis=0) + unseen.rank_at
    digits = (unseen.ranks.ravel().take(at) @ _DIGITS).astype(np.int64)
    return _PATTERN_OF.take(_SHAPE.take(states) + digits)


def straights_left(states: np.ndarray, unseen: Unseen) -> np.ndarray:
    """In how many straights each line could still end (at most 3), given the unseen ranks."""
    shift = _STRAIGHT_FIRST.take(states)
    left = _STRAIGHTS_LEFT.take(_STRAIGHT_ROW.take(states) + ((unseen.gone14 >> shift) & 511))
    return left + _LONE_ACE.take(states) * unseen.lone_ace


def keys(states: np.ndarray, unseen: Unseen, features: str) -> np.ndarray:
    """The abstract key of each line (``states``: B x L) of ``B`` tableaux."""
    key = pattern(states, unseen) if "p" in features else _CARDS.take(states)
    key = key * 2
    if "f" in features:
        left = unseen.suits.ravel().take(_SUIT_LEFT_AT.take(states) + unseen.suit_at)
        key = (key + _FLUSH_OPEN.take(states)) * 14 + left
    else:
        key = key * 14
    key = key * 4
    if "s" in features:
        key = key + _STRAIGHT_OPEN.take(states)
    elif "w" in features:
        key = key + straights_left(states, unseen)
    return key
