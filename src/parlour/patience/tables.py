"""Lookup tables for fast Poker Patience scoring: a line's state as one small integer.

A *line state* is ``ms * 6 + st``: ``ms`` indexes the multiset of ranks in the line (up to five
cards, each rank at most four times: 8,555 multisets), ``st`` is the suit status (0 empty,
1 mixed suits, 2..5 all of suit 0..3).  Adding a card is one lookup in ``LINE_ADD``; the category
of a full line is one lookup in ``CATEGORY``.  A card here is ``card52 = 4 * rank13 + suit`` with
rank13 0..12 for 2..A (``to52`` converts the codes of :mod:`parlour.cards`).

>>> from parlour.cards import parse_cards
>>> from parlour.patience.scoring import CATEGORIES
>>> CATEGORIES[CATEGORY[line_state(to52(parse_cards("Ts Js Qs Ks As")))]]
'royal-flush'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations_with_replacement

import numpy as np

from parlour.patience.scoring import category_of, rank13


def _multisets() -> list[tuple[int, ...]]:
    out: list[tuple[int, ...]] = []
    for n in range(6):
        for combo in combinations_with_replacement(range(13), n):
            counts = [0] * 13
            for r in combo:
                counts[r] += 1
            if max(counts, default=0) <= 4:
                out.append(tuple(counts))
    return out


MULTISETS = _multisets()
N_MS = len(MULTISETS)
N_LINE = N_MS * 6
_POW = 5 ** np.arange(13, dtype=np.int64)
_KEYS = np.array([int(np.dot(c, _POW)) for c in MULTISETS], dtype=np.int64)
_ORDER = np.argsort(_KEYS)
_SORTED = _KEYS[_ORDER]

#: number of cards in each multiset
MS_CARDS = np.array([sum(c) for c in MULTISETS], dtype=np.int8)


def _ms_index(keys: np.ndarray) -> np.ndarray:
    pos = np.searchsorted(_SORTED, keys).clip(0, N_MS - 1)
    found = _SORTED[pos] == keys
    return np.where(found, _ORDER[pos], -1)


def _build() -> tuple[np.ndarray, np.ndarray]:
    counts = np.array(MULTISETS, dtype=np.int64)  # N_MS x 13
    added = _KEYS[:, None] + _POW[None, :]
    ms_add = _ms_index(added)
    ms_add[(counts >= 4) | (MS_CARDS[:, None] >= 5)] = -1
    suit_add = np.array(
        [[2 + s for s in range(4)], [1] * 4, *[[2 + s if s == t else 1 for s in range(4)]
                                              for t in range(4)]],
        dtype=np.int64,
    )  # fmt: skip
    ms = np.repeat(np.arange(N_MS), 6)
    st = np.tile(np.arange(6), N_MS)
    ranks = np.arange(52) // 4
    suits = np.arange(52) % 4
    new_ms = ms_add[ms[:, None], ranks[None, :]]
    line_add = np.where(new_ms >= 0, new_ms * 6 + suit_add[st[:, None], suits[None, :]], -1)
    cats = np.zeros(N_LINE, dtype=np.int8)
    for i, c in enumerate(MULTISETS):
        ranks_list = [r for r in range(13) for _ in range(c[r])]
        plain = category_of(ranks_list, False)
        flush = category_of(ranks_list, True) if sum(c) == 5 else plain
        cats[i * 6 : i * 6 + 6] = plain
        cats[i * 6 + 2 : i * 6 + 6] = flush
    return line_add.astype(np.int32), cats


#: ``LINE_ADD[state, card52]``: the state after adding the card (-1 if impossible)
#: ``CATEGORY[state]``: category index (flush and straight only for five cards)
LINE_ADD, CATEGORY = _build()
LINE_CARDS = np.repeat(MS_CARDS, 6)
EMPTY = 0
# the same as Python lists, for code that looks up one line at a time
LINE_ADD_LIST: list[list[int]] = LINE_ADD.tolist()
CATEGORY_LIST: list[int] = CATEGORY.tolist()
#: card52 of every card code of the 52-card pack (index: code)
_RANKS15 = (0, 1, 2, 3, 4, 5, 6, 7, 8, 11, 12, 13, 14)
CARD52: dict[int, int] = {4 * r + s: 4 * rank13(4 * r + s) + s for r in _RANKS15 for s in range(4)}


def to52(cards: Iterable[int]) -> list[int]:
    """Card codes of :mod:`parlour.cards` (52-card pack) as card52 numbers."""
    return [4 * rank13(c) + (c & 3) for c in cards]


def line_state(cards52: Iterable[int]) -> int:
    """The state of a line holding these card52 numbers."""
    state = EMPTY
    for c in cards52:
        state = int(LINE_ADD[state, c])
        if state < 0:
            raise ValueError("no line holds these cards")
    return state


def points(table: Sequence[int], full_only: bool) -> np.ndarray:
    """Points of every line state under ``table``; with ``full_only`` lines under five score 0."""
    values = np.asarray(table, dtype=np.float64)[CATEGORY]
    if full_only:
        values = np.where(LINE_CARDS == 5, values, 0.0)
    return values
