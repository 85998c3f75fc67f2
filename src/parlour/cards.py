"""Cards and packs: notation, codes, the packs of the books, cutting, and checking a shuffle.

Notation (two characters a card, rank then suit):

* ranks ``2 3 4 5 6 7 8 9 T J Q K A``; ``10`` is read as ``T``;
* the 60-card pack's 11- and 12-spots (C-3) are ``E`` (eleven) and ``W`` (twelve),
  ranking 10 < 11 < 12 < J; ``11`` and ``12`` are read as ``E`` and ``W``;
* suits ``c d h s`` (clubs, diamonds, hearts, spades), unranked (H-11);
* the Joker (C-4) is ``Jk``.

>>> parse_cards("As 10d 7h Jk")
[Card('As'), Card('Td'), Card('7h'), Card('Jk')]
>>> Card("Qh").code, Card("Qh").rank, Card("Qh").suit
(50, 12, 2)

Each card *is* its small integer ``code`` (``Card`` subclasses ``int``):
``code = 4 * rank + suit`` with rank 0..14 for ``2 3 4 5 6 7 8 9 T E W J Q K A``
and suit 0..3 for ``c d h s``; the Joker is 60.  The fast evaluator takes
arrays of these codes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import ClassVar

from parlour.game import whole_number

RANK_CHARS = "23456789TEWJQKA"
SUIT_CHARS = "cdhs"
SUIT_SYMBOLS = "♣♦♥♠"
JOKER_CODE = 60
RANK_NAMES = (
    "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "jack", "queen", "king", "ace",
)  # fmt: skip
RANK_PLURALS = tuple("sixes" if n == "six" else n + "s" for n in RANK_NAMES)

# rank numbers, for readable code elsewhere
TWO, THREE, FOUR, FIVE, SIX, SEVEN, EIGHT, NINE, TEN = range(9)
ELEVEN, TWELVE, JACK, QUEEN, KING, ACE = range(9, 15)
_RANK_ALIASES = {"10": "T", "11": "E", "12": "W"}
#: the suits as the screen shows them (``pretty``) are read too
_SUIT_ALIASES = dict(zip(SUIT_SYMBOLS, SUIT_CHARS, strict=True))


class CardError(ValueError):
    """A card that cannot be read, is repeated, or is not in the pack in use."""


class Card(int):
    """A playing card; its integer value is its ``code``.

    >>> Card("Td") == Card(Card("Td").code)
    True
    >>> str(Card("Jk")), Card("Jk").is_joker
    ('Jk', True)
    >>> Card("10♠") == Card("Ts"), Card(Card("Qd").pretty())
    (True, Card('Qd'))
    """

    __slots__ = ()
    _cache: ClassVar[dict[int, Card]] = {}

    def __new__(cls, value: int | str) -> Card:
        if type(value) is cls:  # one card of each code
            return value
        if isinstance(value, str):
            value = _parse_code(value)
        elif type(value) is not int:  # a numpy integer; not a float, None or a bool
            code = whole_number(value)
            if code is None:
                raise TypeError(
                    f"a card is its code (a whole number 0..60) or its text such as 'Td', "
                    f"not {value!r}"
                )
            value = code
        cached = cls._cache.get(value)
        if cached is not None:
            return cached
        if not 0 <= value <= JOKER_CODE:
            raise CardError(f"no card has code {value} (codes are 0..60)")
        card = super().__new__(cls, value)
        cls._cache[value] = card
        return card

    @property
    def code(self) -> int:
        return int(self)

    @property
    def rank(self) -> int:
        """0..14 for 2..A (see ``RANK_CHARS``); 15 for the Joker."""
        return self >> 2 if self != JOKER_CODE else 15

    @property
    def suit(self) -> int:
        """0..3 for clubs, diamonds, hearts, spades; -1 for the Joker."""
        return self & 3 if self != JOKER_CODE else -1

    @property
    def is_joker(self) -> bool:
        return self == JOKER_CODE

    def __str__(self) -> str:
        if self == JOKER_CODE:
            return "Jk"
        return RANK_CHARS[self >> 2] + SUIT_CHARS[self & 3]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def pretty(self) -> str:
        """The card with a suit symbol: ``A♠``, ``10♦``, ``Joker``."""
        if self == JOKER_CODE:
            return "Joker"
        rank = {"T": "10", "E": "11", "W": "12"}.get(RANK_CHARS[self >> 2], RANK_CHARS[self >> 2])
        return rank + SUIT_SYMBOLS[self & 3]


def _parse_code(text: str) -> int:
    token = text.strip()
    if token.lower() in ("jk", "joker"):
        return JOKER_CODE
    rank_text, suit_text = token[:-1], token[-1:]
    rank_text = _RANK_ALIASES.get(rank_text, rank_text.upper())
    suit_text = _SUIT_ALIASES.get(suit_text, suit_text)
    if len(rank_text) != 1 or rank_text not in RANK_CHARS or suit_text.lower() not in SUIT_CHARS:
        raise CardError(f"unknown card {text!r}: {spelling()}")
    return 4 * RANK_CHARS.index(rank_text) + SUIT_CHARS.index(suit_text.lower())


def spelling(pack: Pack | None = None) -> str:
    """How a card is written: the ranks of ``pack``, and the Joker where it holds one (None:
    of every pack).

    >>> spelling(PACKS[52])
    'write rank then suit, ranks 2 3 4 5 6 7 8 9 T J Q K A, suits c d h s (or ♣ ♦ ♥ ♠)'
    """
    ranks = [RANK_CHARS[r] for r in (pack.ranks if pack else range(len(RANK_CHARS)))]
    odd = ", ".join(f"{c} = {n}" for c, n in (("E", 11), ("W", 12)) if c in ranks)
    joker = pack is None or pack.joker
    return (f"write rank then suit, ranks {' '.join(ranks)}{f' ({odd})' if odd else ''}, "
            f"suits c d h s (or ♣ ♦ ♥ ♠){', or Jk for the Joker' if joker else ''}")  # fmt: skip


def _card(token: str, spelled: Pack | None) -> Card:
    """``token`` read as a card; an unknown one is refused as ``spelled`` writes cards."""
    try:
        return Card(token)
    except CardError:
        if spelled is None or not isinstance(token, str):
            raise
        raise CardError(f"unknown card {token!r}: {spelling(spelled)}") from None


def parse_cards(
    text: str | Iterable[str], pack: Pack | None = None, spelled: Pack | None = None
) -> list[Card]:
    """Read cards from text, refusing unknown, repeated, and (given a pack) foreign cards;
    an unknown card's message names the ranks of ``spelled`` (default ``pack``), a pack
    whose cards are read without refusing others (e.g. a draw names cards in the hand).

    >>> parse_cards("As Kd")
    [Card('As'), Card('Kd')]
    >>> parse_cards("As As")
    Traceback (most recent call last):
    ...
    parlour.cards.CardError: duplicate card As: named twice, and a pack holds each card once
    >>> parse_cards("2c", pack=PACKS[44])
    Traceback (most recent call last):
    ...
    parlour.cards.CardError: card 2c is not in the 44-card pack (C-2: its 2s and 3s are removed)
    """
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    cards = [_card(t, spelled or pack) for t in tokens]
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise CardError(f"duplicate card {card}: named twice, and a pack holds each card once")
        seen.add(card)
        if pack is not None:
            pack.check(card)
    return cards


def format_cards(cards: Iterable[int]) -> str:
    """Cards as canonical text: ``"As Kd 7h"``."""
    return " ".join(str(Card(c)) for c in cards)


@dataclass(frozen=True)
class Pack:
    """A pack: which ranks it has (low to high) and whether the Joker is in it.

    >>> PACKS[60].size, PACKS[20].size, pack(52, joker=True).size
    (60, 20, 53)
    """

    ranks: tuple[int, ...]
    joker: bool = False
    why: str = "C-1: the 52-card pack"

    @property
    def cards(self) -> tuple[Card, ...]:
        natural = tuple(Card(4 * r + s) for s in range(4) for r in self.ranks)
        return (*natural, Card(JOKER_CODE)) if self.joker else natural

    @property
    def size(self) -> int:
        return 4 * len(self.ranks) + self.joker

    @property
    def name(self) -> str:
        return f"{self.size}-card pack"

    def with_joker(self, joker: bool = True) -> Pack:
        why = self.why + ("; C-4: with the Joker" if joker else "")
        return Pack(self.ranks, joker, why)

    def __contains__(self, card: object) -> bool:
        if not isinstance(card, int):
            return False
        if card == JOKER_CODE:
            return self.joker
        return 0 <= card < JOKER_CODE and (card >> 2) in self.ranks

    def check(self, card: Card) -> None:
        """Raise :class:`CardError`, naming the rule, if ``card`` is not in this pack."""
        if card in self:
            return
        if card.is_joker:
            raise CardError(f"card Jk is not in the {self.name} (C-4: the Joker is not in use)")
        why = self.why
        if card >> 2 in (ELEVEN, TWELVE):
            why += "; an 11 or 12 spot is in the 60-card pack alone, C-3"
        raise CardError(f"card {card} is not in the {self.name} ({why})")


_STANDARD = tuple(r for r in range(15) if r not in (ELEVEN, TWELVE))
PACKS: dict[int, Pack] = {
    52: Pack(_STANDARD),
    48: Pack(tuple(r for r in _STANDARD if r > TWO), why="C-2: its 2s are removed"),
    44: Pack(tuple(r for r in _STANDARD if r > THREE), why="C-2: its 2s and 3s are removed"),
    40: Pack(tuple(r for r in _STANDARD if r > FOUR), why="C-2: its 2s, 3s and 4s are removed"),
    36: Pack(tuple(r for r in _STANDARD if r > FIVE), why="C-2: it runs from 6 to ace"),
    32: Pack(tuple(r for r in _STANDARD if r > SIX), why="C-2: the piquet pack, 7 to ace"),
    60: Pack(tuple(range(15)), why="C-3: the 60-card pack with 11s and 12s"),
    20: Pack((TEN, JACK, QUEEN, KING, ACE), why="C-5: the old 20-card pack, A K Q J 10"),
}


def pack(size: int = 52, joker: bool = False) -> Pack:
    """The pack of ``size`` natural cards (52, 48, 44, 40, 36, 32, 60 or 20), Joker optional.

    >>> pack(45)
    Traceback (most recent call last):
    ...
    parlour.cards.CardError: no 45-card pack: sizes are 20, 32, 36, 40, 44, 48, 52, 60 (C-1..C-5)
    """
    if size not in PACKS:
        sizes = ", ".join(str(s) for s in sorted(PACKS))
        raise CardError(f"no {size}-card pack: sizes are {sizes} (C-1..C-5)")
    return PACKS[size].with_joker(joker) if joker else PACKS[size]


def order_check(cards: Iterable[int], *lengths: int) -> Callable[[object], str | None]:
    """A check for a recorded shuffle (``State._chance``): the outcome must list distinct
    codes of ``cards``, as many as one of ``lengths`` (all of them when none is given);
    the check returns why not, or None.

    >>> check = order_check(parse_cards("As Ks Qs"), 2, 3)
    >>> check([59, 55]), check([59, 59]), check([59, 7]), check("As Ks"), check([59])
    (None, 'As twice', 'no 3s in this pack', 'not a list of card codes', '1 cards, not 2 or 3')
    >>> check([True, 59])  # JSON's true is no card, though Python counts it as 1
    'not a list of card codes'
    """
    pack = frozenset(int(c) for c in cards)
    want = lengths or (len(pack),)

    def check(outcome: object) -> str | None:
        if not isinstance(outcome, list) or not all(
            isinstance(c, int) and not isinstance(c, bool) for c in outcome
        ):
            return "not a list of card codes"
        if len(outcome) not in want:
            return f"{len(outcome)} cards, not {' or '.join(map(str, want))}"
        seen: set[int] = set()
        for c in outcome:
            if c not in pack:
                return f"no {Card(c) if 0 <= c <= JOKER_CODE else c} in this pack"
            if c in seen:
                return f"{Card(c)} twice"
            seen.add(c)
        return None

    return check


def cut(cards: Sequence[Card], at: int) -> list[Card]:
    """Cut the pack: the ``at`` top cards go under the rest (C-6, by the Pone).

    >>> format_cards(cut(parse_cards("As Ks Qs Js"), 1))
    'Ks Qs Js As'
    """
    if not 0 <= at <= len(cards):
        raise CardError(f"cannot cut {len(cards)} cards at {at}")
    return [*cards[at:], *cards[:at]]
