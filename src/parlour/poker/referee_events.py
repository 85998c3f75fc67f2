"""The events a referee enters at a real Draw Poker table, in canonical text.

Every event is one line: a verb, usually the seat it concerns, then numbers or
cards.  A card the referee did not see is ``?``.

>>> str(parse_event("deal 3 as exposed"))
'deal 3 As exposed'
>>> str(parse_event("deal-two 2"))
'deal-two 2'
>>> parse_event("draw 2 3 4").extra
4
>>> parse_event("count 2")
Traceback (most recent call last):
...
parlour.game.IllegalAction: 'count 2': write count SEAT N, e.g. count 2 6

Seats are numbered from 0; the cards are those of :mod:`parlour.cards`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from parlour.cards import RANK_CHARS, Card, CardError
from parlour.game import IllegalAction

UNKNOWN = "?"

#: verb -> (the form it is written in, what it records); the table's ``help``
GRAMMAR: dict[str, tuple[str, str]] = {
    "dealer": ("dealer SEAT", "seat SEAT takes up the pack and begins to deal (I-7)"),
    "stop": ("stop", "a deal begun out of turn is stopped before it is complete (I-7)"),
    "deal": ("deal SEAT CARD|? [exposed]", "the next card goes to SEAT; exposed: face up (I-1)"),
    "deal-two": ("deal-two SEAT [CARD CARD]", "two cards go to SEAT at once, top then under (I-4)"),
    "skip": ("skip SEAT", "the dealer passes SEAT by in this round of the deal (I-5)"),
    "foreign-mark": ("foreign-mark", "a card's back is found with a foreign mark (I-6)"),
    "imperfect-pack": ("imperfect-pack", "the pack has a card twice, or one missing (I-8)"),
    "look": ("look SEAT", "SEAT looks at his cards (I-8, I-9; in the draw: his new cards)"),
    "count": ("count SEAT N", "SEAT counts N cards before looking at them (I-3, I-10)"),
    "expose": ("expose SEAT CARD", "SEAT shows one of his own cards (I-2)"),
    "draw": (
        "draw SEAT N [M] [CARDS]",
        "SEAT discards N and is given M (default N) cards (W-3, I-10, I-11, I-12)",
    ),
    "saw": (
        "saw SEAT RANK|CARD [SEEN]",
        "SEAT saw a card of his draw in passing and declares its denomination (Q; a card's "
        "rank counts); SEEN: which card just given him it was (default the last), or what "
        "an unseen one proved to be (I-13)",
    ),
    "faced": (
        "faced [SEAT] CARD",
        "in the draw, CARD is found faced in the pack (it goes with the discards), or SEAT: "
        "the dealer faced it in handing it to SEAT, who has another after the others (W-6)",
    ),
    "give": ("give SEAT [CARD]", "a card owed after the draw is given to SEAT (I-13, W-6)"),
    "reshuffle": (
        "reshuffle",
        "the stock cannot serve the next player: the last card, the discards of those served "
        "and the abandoned hands are shuffled, cut and made the new stock (W-8)",
    ),
    "bet": ("bet SEAT N", "SEAT bets N (in turn, or out of turn: R8.8)"),
    "raise": ("raise SEAT N", "SEAT meets the price and raises it by N"),
    "call": ("call SEAT", "SEAT comes in, makes good, sees or calls"),
    "fold": ("fold SEAT", "SEAT drops: throws in his hand and forfeits what he put up"),
    "check": ("check SEAT", "SEAT checks, where the rules allow it"),
    "pass": ("pass SEAT", "SEAT passes (Jack-Pots, before the pot is opened)"),
    "open": ("open SEAT N", "SEAT opens the Jack-Pot for N (J-3, J-5)"),
    "straddle": ("straddle SEAT", "SEAT straddles: before the deal, or in his turn (D-10, D-11)"),
    "show": (
        "show SEAT CARDS|none",
        "SEAT shows his hand at the end; none: he will not show it (W-11, R8.10: a called hand "
        "not shown is forfeit)",
    ),
    "openers": (
        "openers SEAT CARDS|none",
        "at the end of a Jack-Pot the opener SEAT shows his openers: the cards of his hand as "
        "dealt that qualify, split ones kept aside included (R4.8, R4.7); none: he cannot "
        "(R4.9); under BAR, after a false opener, a player still in shows his own (BAR 37)",
    ),
}
_SEATED = {"dealer", "deal", "deal-two", "skip", "look", "count", "expose", "draw", "saw", "give"}
BETTING = {"bet", "raise", "call", "fold", "check", "pass", "open", "straddle"}
_SEATED |= BETTING | {"show", "openers"}


@dataclass(frozen=True)
class Event:
    """One entered event: ``verb``, ``seat`` (or -1), ``cards`` (codes, None unknown)."""

    @property
    def act_text(self) -> str:
        """A betting event as the betting machine's action text (``raise 2``)."""
        return self.verb if self.number < 0 else f"{self.verb} {self.number}"

    verb: str
    seat: int = -1
    cards: tuple[int | None, ...] = ()
    number: int = -1
    extra: int = -1
    exposed: bool = False
    #: a denomination declared alone (I-13: ``saw 2 Q``), 0..14 as in ``RANK_CHARS``, or -1
    rank: int = -1

    @property
    def named(self) -> list[int]:
        """The cards named, leaving out unknown ones: for a show or openers, all the event's
        cards (their text admits no unknown card, see ``_check_shape``)."""
        return [c for c in self.cards if c is not None]

    def __str__(self) -> str:
        parts = [self.verb]
        if self.seat >= 0:
            parts.append(str(self.seat))
        if self.rank >= 0:
            parts.append(RANK_CHARS[self.rank])
        if self.number >= 0:
            parts.append(str(self.number))
        if self.extra >= 0:
            parts.append(str(self.extra))
        parts.extend(card_text(c) for c in self.cards)
        if self.exposed:
            parts.append("exposed")
        return " ".join(parts)


def card_text(card: int | None) -> str:
    """A card's text, or ``?`` for a card nobody saw."""
    return UNKNOWN if card is None else str(Card(card))


def named_twice(cards: Sequence[int | None]) -> int | None:
    """The first card an entry names more than once (a pack holds each card once, C-1).

    >>> named_twice([4, None, 9, 4]), named_twice([None, None])
    (4, None)
    """
    return next((c for c in cards if c is not None and cards.count(c) > 1), None)


def _card(token: str, text: str) -> int | None:
    if token == UNKNOWN:
        return None
    try:
        return int(Card(token))
    except CardError as err:
        raise IllegalAction(f"{text!r}: {err}") from None


def _rank(token: str) -> int:
    """A denomination written alone (``Q``, ``10``), as its index in ``RANK_CHARS``; else -1."""
    text = {"10": "T", "11": "E", "12": "W"}.get(token, token.upper())
    return RANK_CHARS.index(text) if len(text) == 1 and text in RANK_CHARS else -1


def _usage(verb: str, text: str, example: str) -> IllegalAction:
    return IllegalAction(f"{text!r}: write {GRAMMAR[verb][0]}, e.g. {example}")


def parse_event(text: str) -> Event:
    """Read one event; raise :class:`IllegalAction` saying how it is written."""
    tokens = text.split()
    if not tokens:
        raise IllegalAction("an empty line is no event; `help` lists them")
    verb, rest = tokens[0].lower(), tokens[1:]
    if verb not in GRAMMAR:
        raise IllegalAction(f"{text!r}: unknown event {verb!r}; events: {', '.join(GRAMMAR)}")
    seat = -1
    if verb in _SEATED or (verb == "faced" and rest and rest[0].isdecimal()):
        if not rest or not rest[0].isdecimal():
            raise IllegalAction(f"{text!r}: write {GRAMMAR[verb][0]} (seats are numbers from 0)")
        seat, rest = int(rest[0]), rest[1:]
    exposed = bool(rest) and rest[-1].lower() == "exposed" and verb == "deal"
    if exposed:
        rest = rest[:-1]
    rank = -1
    if verb == "saw" and rest and _rank(rest[0]) >= 0:
        rank, rest = _rank(rest[0]), rest[1:]
    numbers: list[int] = []
    while rest and rest[0].isdecimal() and len(numbers) < 2:
        numbers.append(int(rest[0]))
        rest = rest[1:]
    if rest and rest[0][:1] in "-+" and rest[0][1:].isdecimal():
        raise IllegalAction(f"{text!r}: amounts and counts are whole numbers from 0, not {rest[0]}")
    if verb in _SHOWN and [t.lower() for t in rest] == [NONE]:
        rest = []  # no card shown: written as none, recorded bare
    if rest and verb not in _WITH_CARDS:  # a word left where only numbers go: no card
        raise _shape_refusal(verb, text)
    cards = tuple(_card(t, text) for t in rest)
    if verb == "draw" and len(numbers) == 2 and numbers[0] == numbers[1]:
        numbers.pop()  # canonical: the given number is written only when it differs
    number, extra = [*numbers, -1, -1][:2]
    event = Event(verb, seat, cards, number, extra, exposed=exposed, rank=rank)
    _check_shape(event, text)
    return event


_EXAMPLES = {
    "deal": "deal 3 As",
    "deal-two": "deal-two 3 Kd 7c",
    "count": "count 2 6",
    "expose": "expose 2 Kh",
    "draw": "draw 2 3",
    "saw": "saw 2 Q",
    "give": "give 2 ?",
    "faced": "faced 2 7h",
    "bet": "bet 4 2",
    "raise": "raise 4 2",
    "open": "open 1 3",
    "show": "show 1 As Ks Qs Js Ts",
    "openers": "openers 1 Jh Jd",
}


def _check_shape(e: Event, text: str) -> None:
    """Refuse an event whose numbers or cards do not fit its verb."""
    v, n, c = e.verb, e.number, len(e.cards)
    if v == "deal" and e.exposed and None in e.cards:
        raise IllegalAction(f"{text!r}: an exposed card is seen by all: name it")
    ok = {
        "deal": n < 0 and c == 1,
        "deal-two": n < 0 and c in (0, 2),
        "count": n >= 0 and e.extra < 0 and c == 0,
        "expose": n < 0 and c == 1 and e.cards[0] is not None,
        "draw": n >= 0 and c in (0, e.extra if e.extra >= 0 else n),
        "faced": n < 0 and c == 1 and e.cards[0] is not None,
        "saw": n < 0 and (c <= 1 if e.rank >= 0 else 1 <= c <= 2 and e.cards[0] is not None),
        "give": n < 0 and c <= 1,
        "bet": n >= 0 and e.extra < 0 and c == 0,
        "raise": n >= 0 and e.extra < 0 and c == 0,
        "open": n >= 0 and e.extra < 0 and c == 0,
        "show": n < 0 and None not in e.cards,
        "openers": n < 0 and None not in e.cards,
    }.get(v, n < 0 and c == 0)
    if not ok and v == "draw" and n >= 0:
        given = e.extra if e.extra >= 0 else n
        which = (
            "he is given no card: name none"
            if given == 0
            else f"name all {given} card{'s' if given != 1 else ''} given him, or none"
        )
        raise IllegalAction(
            f"{text!r}: {which}; the discards are never named "
            f"(write {GRAMMAR[v][0]}, e.g. draw 2 3 Ah 7c 9d)"
        )
    if not ok:
        raise _shape_refusal(v, text)


#: the events that show a hand, and the word for showing none
_SHOWN, NONE = frozenset({"show", "openers"}), "none"
#: the events that name cards; the others take a seat and numbers at most
_WITH_CARDS = frozenset({"deal", "deal-two", "expose", "draw", "saw", "faced", "give", "show",
                         "openers"})  # fmt: skip


def _shape_refusal(verb: str, text: str) -> IllegalAction:
    """How an event ``verb`` is written, for a line that does not fit it."""
    if verb in _EXAMPLES:
        return _usage(verb, text, _EXAMPLES[verb])
    return IllegalAction(f"{text!r}: write {GRAMMAR[verb][0]}")
