"""Hand ranking: every option of poker-rules.md §1–§2, exact ties (H-1 … H-17).

>>> r = Ranking()
>>> v = r.evaluate("8s 8h 8d 3c 3s")
>>> v.category, str(v)
('full-house', 'Full house, eights full of threes')
>>> r.evaluate("As 2d 3h 4c 5s") < r.evaluate("2s 3d 4h 5c 6s")
True
>>> str(Ranking(joker="wild").evaluate("Jk Qd Jd Td 9d"))
'Straight flush, king high'

A :class:`HandValue` is ordered by its ``strength`` (an int; higher wins, equal is an
exact tie that divides the pool, H-12).  The strength packs the category's level,
the tie-break ranks (four bits each), a "natural" bit (``natural_beats_wild``) and
five hearts bits (``suit_precedence="hearts"``).  ``parlour.poker.fast`` computes the
very same integers for whole arrays of hands.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, fields
from itertools import combinations
from typing import Any

from parlour.cards import (
    ACE,
    EIGHT,
    FIVE,
    FOUR,
    JACK,
    JOKER_CODE,
    KING,
    NINE,
    QUEEN,
    RANK_CHARS,
    RANK_NAMES,
    RANK_PLURALS,
    SEVEN,
    SIX,
    TEN,
    THREE,
    TWO,
    Card,
    CardError,
    Pack,
    pack,
)

# ---------------------------------------------------------------------------
# the options


@dataclass(frozen=True)
class HandRules:
    """The hands the seeds make optional (H-13..H-15) and the stripped pack's order (R1.7,
    R1.8), as options of every poker game.

    >>> HandRules(blaze=True).hand_options()["blaze"]
    True
    """

    #: H-13: straights "normal", "below-threes" (the 1860s) or "not-recognised" (S3: "Sometimes,
    #: but very rarely, these straights are not admitted")
    straight_rank: str = "normal"
    #: H-14: big and little tigers and dogs, between straight and flush ("not usually played")
    tigers_dogs: bool = False
    #: H-15: the blaze, five court cards, beats two pairs ("not usually played")
    blaze: bool = False
    #: H-17 with S4: with the Joker the royal flush still "cannot be beaten" (False: five of a
    #: kind is the top hand, R2.7)
    royal_above_five_of_a_kind: bool = True
    #: R1.7: in a stripped pack the ace may stand below the lowest rank (A-4-5-6-7 in 44 cards)
    strip_ace_low: bool = True
    #: R1.8: a flush beats a full house (the stripped pack's arithmetic); off as in the books
    flush_beats_full_house: bool = False

    def hand_options(self) -> dict[str, Any]:
        """These options as keyword arguments of :class:`Ranking`."""
        fields = ("straight_rank", "tigers_dogs", "blaze", "royal_above_five_of_a_kind",
                  "strip_ace_low", "flush_beats_full_house")  # fmt: skip
        return {f: getattr(self, f) for f in fields}


@dataclass(frozen=True)
class RankingOptions:
    """The rule options of the hand ranking; every default follows poker-rules.md §11."""

    #: C-1..C-5, R1.2/R1.6/R1.7: natural cards in the pack (52, 48, 44, 40, 36, 32, 60, 20)
    pack: int = 52
    #: C-4, R1.9: the Joker: "none", "wild" (R2.7, the Mistigris) or "bug" (R2.8)
    joker: str = "none"
    #: H-6, R1.4: the ace in straights: "high-or-low", "low-only" (Peel) or "high-only"
    ace_in_straights: str = "high-or-low"
    #: R1.5: round-the-corner straights (J-Q-K-A-2 …), ranked below the five-high straight
    corner_straights: bool = False
    #: R1.7: in a stripped pack the ace may stand below the lowest rank (A-4-5-6-7 in 44 cards)
    strip_ace_low: bool = True
    #: R1.8: the flush beats the full house (modern stripped-pack order)
    flush_beats_full_house: bool = False
    #: H-13, R2.2: straights "normal", "below-threes" (the 1860s) or "not-recognised"
    straight_rank: str = "normal"
    #: R6.5: flushes count (False: five of a suit is only its ranks, as in EB29's stud)
    flushes: bool = True
    #: S4: the royal flush "is the last and best of the possible combinations … it cannot be
    #: beaten", Joker or not; False: five of a kind is the top hand (R2.7)
    royal_above_five_of_a_kind: bool = True
    #: R2.7: in a flush the wild Joker is always an ace (A-A-K-9-6)
    double_ace_flush: bool = False
    #: R2.7: of otherwise equal hands, the one without the Joker wins
    natural_beats_wild: bool = False
    #: R2.7 (BAR 1895): with two pairs the wild Joker fills only the lower pair
    joker_full_uses_lower_pair: bool = False
    #: H-15, R2.9: the blaze (five court cards) beats two pairs
    blaze: bool = False
    #: H-14, R2.10: big and little tigers, big and little dogs, between straight and flush
    tigers_dogs: bool = False
    #: R2.10 (BAR 1895): the "Tiger", 7 high 2 low, no pair (the Little Dog), above straights
    tiger_1895: bool = False
    #: R2.10 (WP-UH): a suited tiger or dog beats every straight flush instead of being a flush
    cat_dog_flush_beats_straight_flush: bool = False
    #: R2.11: skip straights (2-4-6-8-10 … 10-Q-A), above threes, below straights
    skip_straight: bool = False
    #: R2.11: the ace may be low in a skip straight (A-3-5-7-9)
    skip_ace_low: bool = False
    #: R2.11: five-and-dime (5 low, 10 high, no pair), above skeets and threes
    five_and_dime: bool = False
    #: R2.11: the skeet (2, 5, 9, one of 3/4, one of 6/7/8, no pair)
    skeet: bool = False
    #: R2.11: where the skeet ranks: "above-threes" (MAC93) or "above-straight" (WP-UH)
    skeet_placement: str = "above-threes"
    #: H-16, R2.12: big bobtail (above full) and little bobtail (above two pairs)
    bobtails: bool = False
    #: R2.12: "Canadian" four-flush and four-straight, between two pairs and one pair
    canadian: bool = False
    #: R1.3, R2.5: suit precedence in an otherwise exact tie: "none" or "hearts" (Peel)
    suit_precedence: str = "none"


_CHOICES = {
    "joker": ("none", "wild", "bug"),
    "ace_in_straights": ("high-or-low", "low-only", "high-only"),
    "straight_rank": ("normal", "below-threes", "not-recognised"),
    "skeet_placement": ("above-threes", "above-straight"),
    "suit_precedence": ("none", "hearts"),
}

CATEGORY_NAMES = {
    "five-of-a-kind": "Five of a kind",
    "suited-big-tiger": "Suited big tiger",
    "suited-little-tiger": "Suited little tiger",
    "suited-big-dog": "Suited big dog",
    "suited-little-dog": "Suited little dog",
    "straight-flush": "Straight flush",
    "fours": "Four of a kind",
    "big-bobtail": "Big bobtail",
    "full-house": "Full house",
    "flush": "Flush",
    "big-tiger": "Big tiger",
    "little-tiger": "Little tiger",
    "big-dog": "Big dog",
    "little-dog": "Little dog",
    "straight": "Straight",
    "skip-straight": "Skip straight",
    "five-and-dime": "Five and dime",
    "skeet": "Skeet",
    "threes": "Three of a kind",
    "little-bobtail": "Little bobtail",
    "blaze": "Blaze",
    "two-pairs": "Two pairs",
    "four-flush": "Four flush",
    "four-straight": "Four straight",
    "one-pair": "One pair",
    "no-pair": "No pair",
}

#: the categories below two pairs: the bots' weak hands, the rest (a tiger, a blaze ...) strong
BELOW_TWO_PAIRS = frozenset({"no-pair", "one-pair", "four-flush", "four-straight"})

#: how many tie-break ranks each category keeps
TIE_BREAK_LENGTH = {
    "five-of-a-kind": 1, "suited-big-tiger": 5, "suited-little-tiger": 5, "suited-big-dog": 5,
    "suited-little-dog": 5, "straight-flush": 1, "fours": 2, "big-bobtail": 2, "full-house": 2,
    "flush": 5, "big-tiger": 5, "little-tiger": 5, "big-dog": 5, "little-dog": 5,
    "straight": 1, "skip-straight": 1, "five-and-dime": 5, "skeet": 5, "threes": 3,
    "little-bobtail": 3, "blaze": 3, "two-pairs": 3, "four-flush": 5, "four-straight": 2,
    "one-pair": 4, "no-pair": 5,
}  # fmt: skip

#: H-5, H-10: without the Joker only the rank of the threes or the four counts; with it the
#: other cards follow (R2.3: "with wild cards, then the fifth card / the kickers").  A full
#: keeps its pair (H-9: the pair never decides, as two fulls are never equal without the
#: Joker, and the value describes itself: "eights full of threes").
_ONLY_THE_SET = frozenset({"threes", "fours"})
#: R2.10: the tigers and dogs, each with a suited twin under catDogFlushBeatsStraightFlush
_TIGERS_DOGS = ("big-tiger", "little-tiger", "big-dog", "little-dog")
#: R2.8: what the bug may make when it is not an ace (a suited tiger or dog is a flush)
_BUG_FILLS = frozenset({"straight", "flush", "straight-flush"}) | {
    "suited-" + kind for kind in _TIGERS_DOGS
}

# bit layout of a strength (see the module docstring)
_TB_SHIFT = 6
_LEVEL_SHIFT = 26
_NATURAL_BIT = 1 << 5
# bit layout of the single-hand path's card numbers (see Ranking._build_card_numbers)
_COUNT = 21
_SUIT_MEMO_LIMIT = 200_000
_SUITS = 25
_CARDS = 53
#: per-rank weights whose sums over five ranks (at most four of each) are all distinct
WEIGHTS = (0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258, 79415, 148432, 247394,
           381133)  # fmt: skip


def category_order(o: RankingOptions) -> list[str]:
    """The categories in force, high to low (R2.13, moved by the options).

    >>> category_order(RankingOptions())[:4]
    ['straight-flush', 'fours', 'full-house', 'flush']
    """
    order = [
        "five-of-a-kind", "suited-big-tiger", "suited-little-tiger", "suited-big-dog",
        "suited-little-dog", "straight-flush", "fours", "big-bobtail", "full-house", "flush",
        "big-tiger", "little-tiger", "big-dog", "little-dog", "straight", "skip-straight",
        "five-and-dime", "skeet", "threes", "little-bobtail", "blaze", "two-pairs",
        "four-flush", "four-straight", "one-pair", "no-pair",
    ]  # fmt: skip
    if o.skeet_placement == "above-straight":
        order.remove("skeet")
        order.insert(order.index("straight"), "skeet")
    if o.flush_beats_full_house:
        order.remove("flush")
        order.insert(order.index("full-house"), "flush")
    if o.straight_rank == "below-threes":
        order.remove("straight")
        order.insert(order.index("threes") + 1, "straight")
    enabled = {
        "five-of-a-kind": o.joker != "none",
        "straight": o.straight_rank != "not-recognised",
        "flush": o.flushes,
        "straight-flush": o.flushes and o.straight_rank != "not-recognised",
        "big-bobtail": o.bobtails,
        "little-bobtail": o.bobtails,
        "big-tiger": o.tigers_dogs,
        "little-tiger": o.tigers_dogs,
        "big-dog": o.tigers_dogs,
        "little-dog": o.tigers_dogs or o.tiger_1895,
        "skip-straight": o.skip_straight,
        "five-and-dime": o.five_and_dime,
        "skeet": o.skeet,
        "blaze": o.blaze,
        "four-flush": o.canadian,
        "four-straight": o.canadian,
    }
    for kind in _TIGERS_DOGS:
        enabled["suited-" + kind] = enabled[kind] and o.cat_dog_flush_beats_straight_flush
    return [c for c in order if enabled.get(c, True)]


# ---------------------------------------------------------------------------
# the hand value


class HandValue:
    """The value of a five-card hand: totally ordered by ``strength``, hashable.

    Values of different rankings (``rules``, the ranking's options) are never equal, and
    ordering them is a :class:`TypeError`: their strengths are not on one scale.

    >>> v = Ranking().evaluate("Ks Kd Ah 5c 2d")
    >>> v.category, v.ranks, str(v)
    ('one-pair', (13, 14, 3, 0), 'One pair, kings, ace kicker (5 2 besides)')
    """

    __slots__ = ("category", "is_royal", "ranks", "rules", "strength")

    def __init__(
        self,
        strength: int,
        category: str,
        ranks: tuple[int, ...],
        is_royal: bool,
        rules: RankingOptions | None = None,
    ) -> None:
        self.strength = strength
        self.category = category
        self.ranks = ranks
        self.is_royal = is_royal
        self.rules = rules  # None: a value made by hand, of no ranking in particular

    def _of_one_ranking(self, other: HandValue) -> bool:
        """Whether both values are of one ranking (or one made by hand, of none)."""
        mine, theirs = self.rules, other.rules
        return mine is theirs or mine is None or theirs is None or mine == theirs

    def _same_ranking(self, other: HandValue) -> None:
        """Refuse to order this value against one of another ranking: their strengths are
        not on one scale."""
        if not self._of_one_ranking(other):
            raise TypeError(
                f"cannot order hand values of different rankings ({self} and {other}): "
                "evaluate both hands with one Ranking"
            )

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        self._same_ranking(other)
        return self.strength < other.strength

    def __le__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        self._same_ranking(other)
        return self.strength <= other.strength

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        self._same_ranking(other)
        return self.strength > other.strength

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        self._same_ranking(other)
        return self.strength >= other.strength

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.strength == other.strength and self._of_one_ranking(other)

    def __hash__(self) -> int:
        return hash(self.strength)

    def __copy__(self) -> HandValue:
        return self  # a value never changes: the ranking's one copy is shared

    def __deepcopy__(self, memo: dict[int, Any]) -> HandValue:
        return self

    def __repr__(self) -> str:
        return f"<HandValue {self.category} {self.ranks} strength={self.strength}>"

    def __str__(self) -> str:
        return describe(self.category, self.ranks, self.is_royal)

    @property
    def grouped(self) -> tuple[int, ...]:
        """The ranks of the pairs, threes or fours the hand holds (none for other hands).

        >>> Ranking().evaluate("Ks Kd 5h 5c 2d").grouped
        (13, 3)
        """
        return self.ranks[: _GROUPS.get(self.category, 0)]


#: how many of a value's leading ranks are grouped cards (pairs, threes, fours)
_GROUPS = {"one-pair": 1, "two-pairs": 2, "threes": 1, "fours": 1}


def _n(rank: int) -> str:
    return RANK_NAMES[rank]


def _p(rank: int) -> str:
    return RANK_PLURALS[rank]


def _cards(ranks: Iterable[int]) -> str:
    """Ranks as the cards show them: 10, 11 and 12 in full (not T, E, W)."""
    return " ".join(
        RANK_CHARS[r] if r not in (TEN, TEN + 1, TEN + 2) else str(r + 2) for r in ranks
    )


#: the hands that are part of a straight (flush), and how many of its cards they hold
_PARTIAL = {"big-bobtail": "four to", "little-bobtail": "three to", "four-straight": "four to"}


def _an(word: str) -> str:
    return f"an {word}" if word[0] in "aeiou" else f"a {word}"


def describe(category: str, ranks: tuple[int, ...], is_royal: bool = False) -> str:
    """The hand's description in words.

    >>> describe("straight", (FIVE,))
    'Straight, five high'
    >>> describe("little-bobtail", (ACE, THREE, TWO))
    'Little bobtail, three to an ace-high straight flush (3 2 besides)'
    >>> describe("two-pairs", (QUEEN, NINE, ACE))
    'Two pairs, queens and nines, ace kicker'
    """
    name = CATEGORY_NAMES[category]
    if category == "straight-flush" and is_royal:
        return "Royal flush"
    if category in ("straight", "straight-flush", "skip-straight"):
        return f"{name}, {_n(ranks[0])} high"
    if category == "five-of-a-kind":
        return f"{name}, {_p(ranks[0])}"
    if category == "fours":
        return f"{name}, {_p(ranks[0])}"
    if category == "full-house":
        return f"{name}, {_p(ranks[0])} full of {_p(ranks[1])}"
    if category == "threes":
        return f"{name}, {_p(ranks[0])}"
    if category in ("two-pairs", "blaze"):
        return f"{name}, {_p(ranks[0])} and {_p(ranks[1])}, {_n(ranks[2])} kicker"
    if category == "one-pair":  # every kicker: tens over 9 6 4 beat tens over 9 6 3
        besides = f" ({_cards(ranks[2:])} besides)" if ranks[2:] else ""
        return f"{name}, {_p(ranks[0])}, {_n(ranks[1])} kicker{besides}"
    if category == "four-flush":  # the four of a suit, high to low, then the odd card
        return f"{name}, {_n(ranks[0])} high ({_cards(ranks[:4])}; {_cards(ranks[4:])} besides)"
    if category in _PARTIAL:  # ranked by the best straight (flush) the cards are part of
        kind = "straight flush" if "bobtail" in category else "straight"
        besides = f" ({_cards(ranks[1:])} besides)" if ranks[1:] else ""
        return f"{name}, {_PARTIAL[category]} {_an(_n(ranks[0]))}-high {kind}{besides}"
    return f"{name}, {_n(ranks[0])} high ({_cards(ranks)})"


# ---------------------------------------------------------------------------
# the ranking


def _bits(ranks: Iterable[int]) -> int:
    m = 0
    for r in ranks:
        m |= 1 << r
    return m


def _windows(ranks: Sequence[int], o: RankingOptions) -> list[tuple[int, int]]:
    """Straight windows of the pack as (rank bitmask, high card), H-6 / R1.4–R1.7."""
    out: list[tuple[int, int]] = []
    low = list(ranks)
    n = len(low)
    has_ace = ACE in ranks
    for i in range(n - 4):
        w = low[i : i + 5]
        if o.ace_in_straights == "low-only" and w[-1] == ACE:
            continue  # Peel: A-K-Q-J-10 is no sequence
        out.append((_bits(w), w[-1]))
    ace_low = has_ace and (o.ace_in_straights != "high-only") and n >= 5
    if ace_low and low[0] != TWO and not o.strip_ace_low:
        ace_low = False
    if ace_low:
        w = [ACE, *low[:4]]
        out.append((_bits(w), w[-1]))
    if o.corner_straights and has_ace and n >= 6:
        # J-Q-K-A-2, Q-K-A-2-3, K-A-2-3-4: high card the top of the low part (R1.5)
        for k in (1, 2, 3):
            w = [*low[n - 1 - (4 - k) : n - 1], ACE, *low[:k]]
            out.append((_bits(w), low[k - 1]))
    return out


class Ranking:
    """A hand ranking: the rule options, and ``evaluate(cards) -> HandValue``.

    >>> r = Ranking(pack=44)
    >>> str(r.evaluate("As 4d 5h 6c 7s"))
    'Straight, seven high'
    >>> Ranking(**r.options()) == r
    True
    """

    def __init__(self, **options: Any) -> None:
        from parlour.game import GameOptionError, build_rules

        o: RankingOptions = build_rules(RankingOptions, options)
        for name, allowed in _CHOICES.items():
            if getattr(o, name) not in allowed:
                raise GameOptionError(
                    f"ranking option {name}={getattr(o, name)!r}: "
                    f"choose one of {', '.join(allowed)}"
                )
        suit_hands = o.bobtails or o.canadian or o.cat_dog_flush_beats_straight_flush
        if not o.flushes and suit_hands:
            raise GameOptionError(
                "ranking option flushes=False (R6.5) leaves no flush for bobtails, four-flushes "
                "or a suited tiger (R2.10, R2.12)"
            )
        if o.skip_ace_low and not o.skip_straight:
            raise GameOptionError(
                "ranking option skip_ace_low (R2.11) needs skip_straight: the ace is low only "
                "in a skip straight (A-3-5-7-9)"
            )
        self.rules = o
        self.pack: Pack = pack(o.pack, joker=o.joker != "none")
        self.ranks: tuple[int, ...] = self.pack.ranks
        self.order = category_order(o)
        self.level = {c: len(self.order) - 1 - i for i, c in enumerate(self.order)}
        if o.royal_above_five_of_a_kind and o.joker != "none":
            self._royal_level: int | None = len(self.order)
        else:
            self._royal_level = None
        self.windows = _windows(self.ranks, o)
        self._straight_high: dict[int, int] = {}
        for bits, high in self.windows:
            if self._straight_high.get(bits, -1) < high:
                self._straight_high[bits] = high
        if o.straight_rank == "not-recognised":
            self._straight_high_used: dict[int, int] = {}
        else:
            self._straight_high_used = self._straight_high
        self._skip_high: dict[int, int] = {}
        if o.skip_straight:
            rs = self.ranks
            for i in range(len(rs) - 8):
                w = rs[i : i + 9 : 2]
                self._skip_high[_bits(w)] = w[-1]
            if o.skip_ace_low and ACE in rs and len(rs) >= 8:
                w = (ACE, rs[1], rs[3], rs[5], rs[7])
                self._skip_high.setdefault(_bits(w), w[-1])
        # the single-call fast path: a sum of per-card numbers identifies the hand's
        # rank multiset, a Joker bit, the suit carry bits and (by gaps) duplicate cards
        self._suit_dependent = bool(o.bobtails or o.canadian or o.suit_precedence != "none")
        self._memo: dict[int, HandValue] = {}
        self._values: dict[int, HandValue] = {}
        self._build_card_numbers()

    # -- identity ---------------------------------------------------------

    @property
    def royal_on_top(self) -> bool:
        """Whether the royal flush ranks above five of a kind (H-17, R2.7): with the Joker,
        wild or the bug, under ``royal_above_five_of_a_kind``.

        >>> Ranking(joker="bug").royal_on_top, Ranking().royal_on_top
        (True, False)
        """
        return self._royal_level is not None

    def options(self) -> dict[str, Any]:
        """The options as a JSON-able dict: ``Ranking(**r.options()) == r``."""
        return asdict(self.rules)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Ranking) and self.rules == other.rules

    def __hash__(self) -> int:
        return hash(self.rules)

    def __repr__(self) -> str:
        changed = {
            f.name: getattr(self.rules, f.name)
            for f in fields(self.rules)
            if getattr(self.rules, f.name) != f.default
        }
        return "Ranking(" + ", ".join(f"{k}={v!r}" for k, v in changed.items()) + ")"

    # -- values -----------------------------------------------------------

    def value(self, strength: int, category: str, ranks: tuple[int, ...]) -> HandValue:
        """The shared :class:`HandValue` of this strength."""
        found = self._values.get(strength)
        if found is None:
            royal = category == "straight-flush" and ranks[0] == ACE
            found = self._values[strength] = HandValue(strength, category, ranks, royal, self.rules)
        return found

    def strength(self, category: str, ranks: Sequence[int], extra: int = 0) -> int:
        """The strength of a category and its tie-break ranks (plus low bits)."""
        if self._royal_level is not None and category == "straight-flush" and ranks[0] == ACE:
            level = self._royal_level
        else:
            level = self.level[category]
        tb = 0
        for i, r in enumerate(ranks):
            tb |= r << (16 - 4 * i)
        return (level << _LEVEL_SHIFT) | (tb << _TB_SHIFT) | extra

    def category_of(self, strength: int) -> str:
        """The category of a strength.

        >>> r = Ranking()
        >>> r.category_of(r.evaluate("As Ad 2c 3d 9h").strength)
        'one-pair'
        """
        level = strength >> _LEVEL_SHIFT
        if level == self._royal_level:
            return "straight-flush"
        return self.order[len(self.order) - 1 - level]

    def decode(self, strength: int) -> HandValue:
        """The shared :class:`HandValue` of a strength (as the fast evaluator returns them)."""
        found = self._values.get(strength)
        if found is not None:
            return found
        category = self.category_of(strength)
        tb = (strength >> _TB_SHIFT) & 0xFFFFF
        length = TIE_BREAK_LENGTH[category]
        if category in _ONLY_THE_SET and self.rules.joker == "none":
            length = 1
        ranks = tuple((tb >> (16 - 4 * i)) & 15 for i in range(length))
        return self.value(strength, category, ranks)

    # -- evaluation -------------------------------------------------------

    def _build_card_numbers(self) -> None:
        # bits 0..20: the rank key, a sum of WEIGHTS (unique for every five ranks, the
        # Joker as one more rank), which also spreads the dict's hashes well;
        # bits 21..24: how many cards (a card not in the pack counts none);
        # bits 25..52: four 7-bit suit fields, 13 a card, so five of a suit (or four and the
        # Joker) carry into the field's top bit;
        # bits 53..: the pack's i-th card at bit 53+3i (two to five copies of a card carry
        # into bit 53+3i+1 or +2, the "gaps"); numbering the pack's cards, not all 61
        # codes, keeps the integers short (fewer digits, faster sums).
        index = {r: i for i, r in enumerate(self.pack.ranks)}
        numbers = [0] * (JOKER_CODE + 1)
        for i, card in enumerate(self.pack.cards):
            c = int(card)
            if c == JOKER_CODE:
                key = WEIGHTS[len(index)]
                suits = sum(13 << (_SUITS + 7 * s) for s in range(4))
            else:
                key = WEIGHTS[index[c >> 2]]
                suits = 13 << (_SUITS + 7 * (c & 3))
            numbers[c] = (1 << (_CARDS + 3 * i)) | key | (1 << _COUNT) | suits
        # codes 61..121 find a zero (never a valid hand); codes further out raise IndexError,
        # and evaluate sends negative ones to the slow path: it refuses them all
        self._numbers = numbers + [0] * (JOKER_CODE + 1)
        n_cards = len(self.pack.cards)
        gaps = sum(6 << (_CARDS + 3 * i) for i in range(n_cards))
        carries = sum(64 << (_SUITS + 7 * s) for s in range(4))
        # the memo key keeps the gap bits, so a duplicate card never finds a stored key
        self._keymask = (1 << _SUITS) - 1 | carries | gaps
        if self._suit_dependent:
            self._keymask |= ((1 << (3 * n_cards)) - 1) << _CARDS
        self.evaluate = self._make_evaluate()  # type: ignore[method-assign]

    def _make_evaluate(self) -> Any:
        """The single-hand path as a closure: a handful of operations per call."""
        numbers, keymask, get, slow = (
            self._numbers,
            self._keymask,
            self._memo.get,
            self._evaluate_slow,
        )

        def evaluate(cards: Sequence[int | str]) -> HandValue:
            try:
                a, b, c, d, e = cards  # texts raise TypeError below: the slow path reads them
                found = get(
                    (numbers[a] + numbers[b] + numbers[c] + numbers[d] + numbers[e])  # type: ignore[index]
                    & keymask
                )
                # a negative index reads a real card's number
                if (a | b | c | d | e) < 0:  # type: ignore[operator]
                    return slow(cards)
            except (TypeError, ValueError, IndexError):
                return slow(cards)
            return found or slow(cards)  # (a HandValue is always true)

        evaluate.__doc__ = Ranking.evaluate.__doc__
        return evaluate

    def warm(self) -> Ranking:
        """Fill the single-hand memo from the fast evaluator's tables (else it fills as used).

        >>> r = Ranking(pack=20).warm()
        >>> len(r._memo) > 0, str(r.evaluate("As Ks Qs Js Ts"))
        (True, 'Royal flush')
        """
        if self._suit_dependent:
            return self
        from parlour.poker.fast import _representatives, _tables

        weights = WEIGHTS

        table = _tables(self)
        index = {r: i for i, r in enumerate(self.pack.ranks)}
        n_ranks = len(self.pack.ranks)
        numbers, keymask = self._numbers, self._keymask
        for hand, flush in _representatives(self.pack):
            key = sum(weights[n_ranks] if c == JOKER_CODE else weights[index[c >> 2]] for c in hand)
            value = self.decode(int(table.table[key + table.offset * flush]))
            variants = [hand]
            if flush:  # the same ranks in each suit (the Joker has none)
                variants = [
                    [c if c == JOKER_CODE else c - (c & 3) + s for c in hand] for s in range(4)
                ]
            for cards in variants:
                self._memo[sum(numbers[c] for c in cards) & keymask] = value
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Ranking:
        return self  # a ranking never changes; its caches are shared

    def __copy__(self) -> Ranking:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self.options(),))

    def evaluate(self, cards: Sequence[int | str]) -> HandValue:
        """The value of five cards (Card, int codes or card texts); refuses bad input.

        >>> Ranking().evaluate("As Ks Qs Js Ts").is_royal
        True
        >>> Ranking(pack=44).evaluate("2c 5d 6h 7s 8c")
        Traceback (most recent call last):
        ...
        parlour.cards.CardError: card 2c is not in the 44-card pack (C-2: its 2s and 3s are removed)
        """
        return self._make_evaluate()(cards)  # (instances carry the closure itself)

    def _check(self, cards: Sequence[int | str] | str) -> list[Card]:
        if isinstance(cards, str):
            tokens: list[Any] = cards.replace(",", " ").split()
        else:
            tokens = list(cards)
        out = [Card(t) for t in tokens]
        seen: set[int] = set()
        for card in out:
            if card in seen:
                raise CardError(f"duplicate card {card}: a pack holds each card once")
            seen.add(card)
            self.pack.check(card)
        if len(out) != 5:
            raise CardError(
                f"a poker hand has five cards, not {len(out)} (H-1: hands are of five cards)"
            )
        return out

    def _evaluate_slow(self, cards: Sequence[int | str] | str) -> HandValue:
        hand = self._check(cards)
        value = self.evaluate_exact(hand)
        n = self._numbers
        s = sum(n[c] for c in hand)
        if not self._suit_dependent or len(self._memo) < _SUIT_MEMO_LIMIT:
            # (with suits in the key there is a key per hand: keep the memo bounded)
            self._memo[s & self._keymask] = value
        return value

    def evaluate_exact(self, hand: Sequence[int]) -> HandValue:
        """The exact path: the rules applied card by card (no cache, no checks)."""
        category, ranks, extra = self._exact(list(hand))
        return self.value(self.strength(category, ranks, extra), category, ranks)

    def _exact(self, hand: list[int]) -> tuple[str, tuple[int, ...], int]:
        o = self.rules
        naturals = [c for c in hand if c != JOKER_CODE]
        joker = len(naturals) < len(hand)
        if not joker:
            category, ranks = self._natural([(c >> 2, c & 3) for c in naturals])
        else:
            category, ranks = self._with_joker(naturals)
        if category in _ONLY_THE_SET and o.joker == "none":
            ranks = ranks[:1]  # H-5, H-10: only the threes / the four count
        extra = 0
        if o.natural_beats_wild and not joker:
            extra |= _NATURAL_BIT
        if o.suit_precedence == "hearts":
            extra |= self._hearts_bits(naturals)
        return category, ranks, extra

    def _hearts_bits(self, naturals: list[int]) -> int:
        """R1.3 (Peel): in the cards' tie-break order, a heart wins where the other has none."""
        counts = Counter(c >> 2 for c in naturals)
        order = sorted(naturals, key=lambda c: (-counts[c >> 2], -(c >> 2), (c & 3) != 2))
        bits = 0
        for i, c in enumerate(order):
            if (c & 3) == 2:
                bits |= 1 << (4 - i)
        return bits

    def _key(self, cand: tuple[str, tuple[int, ...]]) -> tuple[int, tuple[int, ...]]:
        category, ranks = cand
        if self._royal_level is not None and category == "straight-flush" and ranks[0] == ACE:
            return (self._royal_level, ranks)
        return (self.level[category], ranks)

    def _with_joker(self, naturals: list[int]) -> tuple[str, tuple[int, ...]]:
        o = self.rules
        ranks = [c >> 2 for c in naturals]
        counts = Counter(ranks)
        held = set(naturals)
        # four of a rank and the Joker: five of a kind (H-17); the bug only with aces
        if len(counts) == 1 and (o.joker == "wild" or ranks[0] == ACE):
            return ("five-of-a-kind", (ranks[0],))
        suits = {c & 3 for c in naturals}
        flush_suit = next(iter(suits)) if len(suits) == 1 else None
        cands: list[tuple[str, tuple[int, ...]]] = []
        # a substitute of each rank: in the flush suit when it can be, else in an off suit
        subs: list[tuple[int, int]] = []
        every_suit = self._suit_dependent
        for r in self.ranks:
            if every_suit:
                subs.extend((r, s) for s in range(4) if 4 * r + s not in held)
                continue
            if flush_suit is not None and (4 * r + flush_suit) not in held:
                subs.append((r, flush_suit))
            off = next((s for s in range(4) if s != flush_suit and 4 * r + s not in held), None)
            if off is not None:
                subs.append((r, off))
        base = [(c >> 2, c & 3) for c in naturals]
        if o.joker == "wild":
            pairs = sorted((r for r, k in counts.items() if k == 2), reverse=True)
            skip_rank = pairs[0] if o.joker_full_uses_lower_pair and len(pairs) == 2 else None
            for r, s in subs:
                if r == skip_rank:
                    continue
                cands.append(self._natural([*base, (r, s)]))
            if o.double_ace_flush and o.flushes and flush_suit is not None and ACE in counts:
                cands.append(("flush", tuple(sorted([*ranks, ACE], reverse=True))))
        else:  # the bug (R2.8): an ace, or a card completing a straight or flush
            if ACE in self.ranks:
                cands.append(self._natural([*base, (ACE, -1)]))
            for r, s in subs:
                cand = self._natural([*base, (r, s)])
                if cand[0] in _BUG_FILLS:
                    cands.append(cand)
        return max(cands, key=self._key)

    def _natural(self, cards: list[tuple[int, int]]) -> tuple[str, tuple[int, ...]]:
        """The best category of five (rank, suit) pairs (suit -1: the bug as an ace)."""
        o = self.rules
        ranks = [r for r, _ in cards]
        counts = Counter(ranks)
        grouped = tuple(sorted(counts, key=lambda r: (counts[r], r), reverse=True))
        shape = tuple(sorted(counts.values(), reverse=True))
        desc = tuple(sorted(ranks, reverse=True))
        suit0 = cards[0][1]
        flush = o.flushes and suit0 >= 0 and all(s == suit0 for _, s in cards)
        cands: list[tuple[str, tuple[int, ...]]] = []
        if shape == (5,):
            cands.append(("five-of-a-kind", (grouped[0],)))
        elif shape == (4, 1):
            cands.append(("fours", grouped))
        elif shape == (3, 2):
            cands.append(("full-house", grouped))
        elif shape == (3, 1, 1):
            cands.append(("threes", grouped))
        elif shape == (2, 2, 1):
            cands.append(("two-pairs", grouped))
        elif shape == (2, 1, 1, 1):
            cands.append(("one-pair", grouped))
        else:
            cands.append(("no-pair", desc))
        bits = _bits(ranks)
        if len(counts) == 5:
            high = self._straight_high_used.get(bits)
            if flush:
                cands.append(("flush", desc))
                if high is not None:
                    cands.append(("straight-flush", (high,)))
            elif high is not None:
                cands.append(("straight", (high,)))
            hi, lo = desc[0], desc[-1]
            if o.tigers_dogs:
                kind = {
                    (KING, EIGHT): "big-tiger",
                    (EIGHT, THREE): "little-tiger",
                    (ACE, NINE): "big-dog",
                    (SEVEN, TWO): "little-dog",
                }.get((hi, lo))
            elif o.tiger_1895 and (hi, lo) == (SEVEN, TWO):
                kind = "little-dog"
            else:
                kind = None
            if kind:
                suited = flush and o.cat_dog_flush_beats_straight_flush
                cands.append(("suited-" + kind if suited else kind, desc))
            if o.skip_straight and bits in self._skip_high:
                cands.append(("skip-straight", (self._skip_high[bits],)))
            if o.five_and_dime and (hi, lo) == (TEN, FIVE):
                cands.append(("five-and-dime", desc))
            if (
                o.skeet
                and (bits & _bits((TWO, FIVE, NINE))) == _bits((TWO, FIVE, NINE))
                and bits & _bits((THREE, FOUR))
                and bits & _bits((SIX, SEVEN, EIGHT))
            ):
                cands.append(("skeet", desc))
        if o.blaze and all(r in (JACK, QUEEN, KING) for r in ranks):
            cands.append(("blaze", grouped[:3]))
        if (o.bobtails or o.canadian) and not flush:
            by_suit: dict[int, list[int]] = {}
            for r, s in cards:
                if s >= 0:
                    by_suit.setdefault(s, []).append(r)
            for suit_ranks in by_suit.values():
                if len(suit_ranks) < 3:
                    continue
                rest = ranks_minus(ranks, suit_ranks)
                if len(suit_ranks) == 4:
                    high = self._partial_high(_bits(suit_ranks))
                    if o.bobtails and high is not None:
                        cands.append(("big-bobtail", (high, *rest)))
                    if o.canadian:
                        cands.append(("four-flush", (*sorted(suit_ranks, reverse=True), *rest)))
                if o.bobtails:
                    best: tuple[int, ...] | None = None
                    for three in combinations(suit_ranks, 3):
                        high = self._partial_high(_bits(three))
                        if high is not None:
                            t = (high, *sorted(ranks_minus(ranks, three), reverse=True))
                            if best is None or t > best:
                                best = t
                    if best is not None:
                        cands.append(("little-bobtail", best))
        if o.canadian and len(counts) >= 4:
            best = None
            for four in combinations(sorted(counts), 4):
                high = self._partial_high(_bits(four))
                if high is not None:
                    t = (high, *sorted(ranks_minus(ranks, four), reverse=True))
                    if best is None or t > best:
                        best = t
            if best is not None:
                cands.append(("four-straight", best))
        if len(cands) == 1:
            return cands[0]
        return max(cands, key=self._key)

    def _partial_high(self, bits: int) -> int | None:
        """The highest straight window holding these ranks (bobtails, four-straights)."""
        best = None
        for wbits, high in self.windows:
            if bits & wbits == bits and (best is None or high > best):
                best = high
        return best


def _rebuild(options: dict[str, Any]) -> Ranking:
    return Ranking(**options)


def ranks_minus(ranks: Sequence[int], taken: Sequence[int]) -> list[int]:
    """``ranks`` less one copy of each of ``taken``."""
    rest = list(ranks)
    for r in taken:
        rest.remove(r)
    return rest
