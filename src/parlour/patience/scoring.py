"""Scoring a Poker Patience line: the poker category of up to five cards, and the point tables.

The patience rules (PP-3, PP-4; poker-patience.md §2): a flush and a straight need all five
cards; straights do not wrap round (K-A-2-3-4 is none); the ace is high or low (A-K-Q-J-10 and
5-4-3-2-A).  A partial line scores only its rank pattern (pair, two pairs, threes, fours).

>>> from parlour.cards import parse_cards
>>> category_name(parse_cards("As Ks Qs Js Ts"))
'royal-flush'
>>> category_name(parse_cards("Ah 2c 3d 4s 5h")), category_name(parse_cards("Kh Ac 2d 3s 4h"))
('straight', 'no-pair')
>>> TABLES["english"][category(parse_cards("8h 8d 8s 8c 4d"))]
16
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence

#: the most a line may score or cost in a table (the players' values are kept as 32-bit floats)
MOST_POINTS = 1_000_000

#: the categories, low to high, in the order of a table of ten values (Neller's order)
CATEGORIES = (
    "no-pair", "one-pair", "two-pairs", "threes", "straight",
    "flush", "full-house", "fours", "straight-flush", "royal-flush",
)  # fmt: skip
NO_PAIR, ONE_PAIR, TWO_PAIRS, THREES, STRAIGHT = range(5)
FLUSH, FULL_HOUSE, FOURS, STRAIGHT_FLUSH, ROYAL_FLUSH = range(5, 10)

#: named point tables, one value per category in ``CATEGORIES`` order
TABLES: dict[str, tuple[int, ...]] = {
    # PP-4: the seed's (English) table; the royal flush is a straight flush (30)
    "english": (0, 1, 3, 6, 12, 5, 10, 16, 30, 30),
    # poker-patience.md §1.2: the American table of Poker Squares
    "american": (0, 2, 5, 10, 15, 20, 25, 50, 75, 100),
}

# the 13 ranks of the 52-card pack, 2..A, as indices 0..12 (cards.py numbers them 0..14)
_RANK13 = {r: (r if r <= 8 else r - 2) for r in (0, 1, 2, 3, 4, 5, 6, 7, 8, 11, 12, 13, 14)}
#: the rank sets (indices 0..12) that make a straight: 5-high (wheel) to ace-high, no wrap
STRAIGHT_SETS: tuple[frozenset[int], ...] = (
    frozenset({12, 0, 1, 2, 3}),
    *(frozenset(range(low, low + 5)) for low in range(9)),
)
ACE_HIGH = frozenset(range(8, 13))


def rank13(code: int) -> int:
    """The rank of a card code as 0..12 for 2..A (the 52-card pack has no 11 or 12 spots)."""
    try:
        return _RANK13[code >> 2]
    except KeyError:
        raise ValueError(f"card code {code} is not in the 52-card pack (PP-1)") from None


def category_of(ranks: Sequence[int], flush: bool) -> int:
    """The category index of a line given its ranks (0..12) and whether it is a flush.

    ``flush`` counts only for five cards.

    >>> CATEGORIES[category_of([5, 5, 9, 9, 9], False)]
    'full-house'
    """
    counts = sorted(Counter(ranks).values(), reverse=True)
    five = len(ranks) == 5
    if five and len(counts) == 5 and frozenset(ranks) in STRAIGHT_SETS:
        if flush:
            return ROYAL_FLUSH if frozenset(ranks) == ACE_HIGH else STRAIGHT_FLUSH
        return STRAIGHT
    if counts and counts[0] == 4:
        return FOURS
    if counts[:2] == [3, 2]:
        return FULL_HOUSE
    if five and flush:
        return FLUSH
    if counts and counts[0] == 3:
        return THREES
    if counts[:2] == [2, 2]:
        return TWO_PAIRS
    if counts and counts[0] == 2:
        return ONE_PAIR
    return NO_PAIR


def category(cards: Iterable[int]) -> int:
    """The category index of up to five cards (codes or :class:`~parlour.cards.Card`)."""
    codes = list(cards)
    if len(codes) > 5:
        raise ValueError(f"a line holds at most five cards, not {len(codes)} (PP-3)")
    flush = len(codes) == 5 and len({c & 3 for c in codes}) == 1
    return category_of([rank13(c) for c in codes], flush)


def category_name(cards: Iterable[int]) -> str:
    """The category of up to five cards as a name from ``CATEGORIES``."""
    return CATEGORIES[category(cards)]


def parse_table(spec: str | Sequence[int]) -> tuple[int, ...]:
    """A point table from a name (``english``, ``american``) or ten values.

    >>> parse_table("american")[:3]
    (0, 2, 5)
    >>> parse_table("0,1,3,6,12,5,10,16,30,30") == TABLES["english"]
    True
    >>> parse_table("1,2")
    Traceback (most recent call last):
    ...
    ValueError: a scoring table needs ten values (no-pair, one-pair, two-pairs, threes, \
straight, flush, full-house, fours, straight-flush, royal-flush), not 2 (PP-4)
    """
    if isinstance(spec, str):
        key = spec.strip().lower()
        if key in TABLES:
            return TABLES[key]
        parts = [p.strip() for p in key.split(",")] if "," in key else key.split()
        if not all(re.fullmatch(r"[+-]?[0-9]+", p) for p in parts):
            raise ValueError(
                f"unknown scoring {spec!r}: use english, american, or ten whole numbers "
                f"separated by commas (PP-4)"
            )
        values = tuple(int(p) for p in parts)
    else:
        values = tuple(int(v) for v in spec)
    if len(values) != 10:
        raise ValueError(
            f"a scoring table needs ten values ({', '.join(CATEGORIES)}), not {len(values)} (PP-4)"
        )
    if any(abs(v) > MOST_POINTS for v in values):
        raise ValueError(
            f"a scoring table's values must lie between -{MOST_POINTS:,} and {MOST_POINTS:,} "
            f"points a line (PP-4)"
        )
    return values
