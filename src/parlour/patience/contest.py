"""The deals of Neller's Poker Squares framework, rebuilt card for card.

The published Poker Squares results (poker-patience.md §1.1) were played by
``PokerSquares.playSequence(games, seed, …)``: deal ``i`` seeds ``java.util.Random`` with
``seed + i``, shuffles a ``Stack`` of the 52 cards (clubs, diamonds, hearts, spades; ace to
king within each suit) with ``Collections.shuffle`` and deals by popping the top of the stack,
the end of the list.  The 2013 contest's final, where every entry met the same 1,000 deals,
used the seed :data:`CONTEST_SEED`.  Replaying those deals puts a player beside the published
means on the very same cards.

>>> len(set(deal(CONTEST_SEED, 52)))
52
"""

from __future__ import annotations

from parlour.cards import SUIT_CHARS, Card
from parlour.game import JSON

#: ``playSequence(1000, 967313920, false)``: the deals of the 2013 contest's final
CONTEST_SEED = 967_313_920
_MULTIPLIER, _ADDEND, _MASK = 0x5DEECE66D, 0xB, (1 << 48) - 1
_RANKS = "A23456789TJQK"  # the framework's rank order within a suit


class JavaRandom:
    """``java.util.Random``: the 48-bit linear congruential generator its documentation gives.

    >>> JavaRandom(42).next_int(), JavaRandom(0).next_int()
    (-1170105035, -1155484576)
    """

    def __init__(self, seed: int) -> None:
        self.seed = (seed ^ _MULTIPLIER) & _MASK

    def _next(self, bits: int) -> int:
        self.seed = (self.seed * _MULTIPLIER + _ADDEND) & _MASK
        value = self.seed >> (48 - bits)
        return value - (1 << 32) if bits == 32 and value >= 1 << 31 else value

    def next_int(self, bound: int | None = None) -> int:
        """``nextInt()`` (a signed 32-bit int) or ``nextInt(bound)`` (0 <= value < bound)."""
        if bound is None:
            return self._next(32)
        if bound <= 0:
            raise ValueError(f"bound must be positive, not {bound}")
        if bound & -bound == bound:  # a power of two: the high bits
            return (bound * self._next(31)) >> 31
        while True:
            bits = self._next(31)
            value = bits % bound
            if bits - value + bound - 1 < 1 << 31:  # Java's overflow test: no biased tail
                return value


def deal(seed: int, cards: int = 25) -> list[Card]:
    """The first ``cards`` cards Neller's framework deals for a game seeded with ``seed``."""
    stack = [Card(_RANKS[rank] + SUIT_CHARS[suit]) for suit in range(4) for rank in range(13)]
    rng = JavaRandom(seed)
    for i in range(len(stack), 1, -1):  # Collections.shuffle on a RandomAccess list
        j = rng.next_int(i)
        stack[i - 1], stack[j] = stack[j], stack[i - 1]
    return stack[::-1][:cards]  # Stack.pop() takes from the end


def history(seed: int) -> list[JSON]:
    """A ``Game.replay`` history whose pack deals the framework's cards for ``seed``, in order.

    The pack is shuffled and cut (PP-1): the full 52-card order is recorded with its last card
    on top, and a cut of one card puts that card back at the bottom.
    """
    order = [int(c) for c in deal(seed, 52)]
    return [
        {"chance": "shuffle", "outcome": [order[-1], *order[:-1]]},
        {"chance": "cut", "outcome": 1},
    ]
