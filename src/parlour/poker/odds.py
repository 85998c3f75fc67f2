"""Exact odds: every five-card hand of a pack counted by category (§9), and every draw.

>>> from parlour.poker.ranking import CATEGORY_NAMES, Ranking
>>> table = frequency_table(Ranking(pack=20))
>>> table.total, table.count("straight-flush"), table.royals
(15504, 4, 4)
>>> odds = draw_odds("Kc Kd 9h 9s 2c", "2c", Ranking())  # two pairs, drawing one
>>> odds.improved, odds.total  # only the full hand improves them: 4 cards of 47
(4, 47)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from math import comb
from typing import Any

import numpy as np

from parlour.cards import Card, format_cards, parse_cards
from parlour.poker.fast import _combinations, all_hands, evaluate_batch
from parlour.poker.ranking import CATEGORY_NAMES, Ranking


@dataclass(frozen=True)
class FrequencyTable:
    """Counts of each category in force (high to low) over every hand of the pack."""

    ranking: Ranking
    rows: tuple[tuple[str, int], ...]
    royals: int

    @property
    def total(self) -> int:
        return sum(n for _, n in self.rows)

    def count(self, category: str) -> int:
        """The hands of ``category``, named as the ranking does ("fours") or as the tables
        show it ("Four of a kind")."""
        counts = dict(self.rows)
        shown = {CATEGORY_NAMES.get(c, c).lower(): c for c in counts}
        category = shown.get(category.lower(), category)
        if category not in counts:
            known = ", ".join(counts)
            raise KeyError(f"no category {category!r} in this ranking; its categories: {known}")
        return counts[category]

    def probability(self, category: str) -> float:
        return self.count(category) / self.total

    def as_dict(self) -> dict[str, int]:
        return dict(self.rows)


def frequency_table(ranking: Ranking) -> FrequencyTable:
    """Enumerate every hand of ``ranking.pack`` with the fast evaluator and count them."""
    _check_ranking("frequency_table", ranking)
    by_category, royals = _count(all_hands(ranking.pack), ranking)
    if sum(by_category.values()) != comb(ranking.pack.size, 5):
        raise AssertionError("the enumeration missed hands")  # pragma: no cover
    return FrequencyTable(ranking, tuple(by_category.items()), royals)


def _count(hands: np.ndarray, ranking: Ranking) -> tuple[dict[str, int], int]:
    """How many of ``hands`` fall in each category (high to low), and how many are royal."""
    values, counts = np.unique(evaluate_batch(hands, ranking), return_counts=True)
    by_category = dict.fromkeys(ranking.order, 0)
    royals = 0
    for v, n in zip(values.tolist(), counts.tolist(), strict=True):
        value = ranking.decode(v)
        by_category[value.category] += n
        royals += n if value.is_royal else 0
    return by_category, royals


@dataclass(frozen=True)
class DrawOdds:
    """Every equally likely draw to a hand: how many end in each category (high to low)."""

    before: str
    rows: tuple[tuple[str, int], ...]
    improved: int
    #: how many of the straight flushes are royal
    royals: int = 0

    @property
    def total(self) -> int:
        return sum(n for _, n in self.rows)

    def probability(self) -> float:
        """The chance the draw ends in a better category than the hand held before it."""
        return self.improved / self.total


def _check_ranking(where: str, ranking: Any) -> None:
    """Refuse a ranking that is not a :class:`Ranking` (a pack's size, its options), by name."""
    if not isinstance(ranking, Ranking):
        raise TypeError(f"{where}: ranking is a Ranking (Ranking(pack=52), ...), not {ranking!r}")


def _cards(argument: str, cards: Any, ranking: Ranking) -> list[Card]:
    """``cards``, :func:`draw_odds`'s ``argument``, read as :func:`parse_cards` reads them
    (text or a sequence of cards); anything else refused naming the argument."""
    if isinstance(cards, str) or (
        isinstance(cards, Iterable) and not isinstance(cards, bytes | Mapping)
    ):
        return parse_cards(cards, pack=ranking.pack)
    raise TypeError(f"draw_odds: {argument} is cards as text or a list of cards, not {cards!r}")


def draw_odds(hand: str | Sequence[str], thrown: str | Sequence[str], ranking: Ranking) -> DrawOdds:
    """The exact odds of a draw (W-3): ``hand`` throws out ``thrown`` and takes as many from
    the cards it has not seen (the pack less its own five), each set equally likely.  Each is
    text (``"Ah Kh"``) or a list of cards; nothing thrown is ``""`` or ``[]``.

    A-3's claim, "more difficult to improve on Threes than on Two Pair", is settled by this:
    threes drawing two improve 112 times in 1,081, two pairs drawing one 4 times in 47.

    >>> r = Ranking()
    >>> threes = draw_odds("Kc Kd Kh 9s 2c", "9s 2c", r).probability()
    >>> round(threes, 4), round(draw_odds("Kc Kd 9h 9s 2c", "2c", r).probability(), 4)
    (0.1036, 0.0851)

    With the Joker the royal flush ranks above five of a kind (``Ranking.royal_on_top``):
    five aces keeping the Joker and the ace of spades improve only by the four royals.

    >>> odds = draw_odds("Jk As Ac Ad Ah", "Ac Ad Ah", Ranking(joker="wild"))
    >>> odds.improved, odds.royals
    (4, 4)
    """
    _check_ranking("draw_odds", ranking)
    held_cards, out_cards = _cards("hand", hand, ranking), _cards("thrown", thrown, ranking)
    shown = hand if isinstance(hand, str) else format_cards(held_cards)
    held, out = [int(c) for c in held_cards], [int(c) for c in out_cards]
    if len(held) != 5 or len(set(held)) != 5:
        raise ValueError(f"a hand is five different cards, not {shown!r}")
    if not set(out) <= set(held):
        foreign = [str(c) for c in out_cards if int(c) not in held]
        verb = "is" if len(foreign) == 1 else "are"
        raise ValueError(f"W-3: the cards thrown out must come from the hand, and "
                         f"{' '.join(foreign)} {verb} not in {shown!r}")  # fmt: skip
    kept = [c for c in held if c not in out]
    unseen = np.array([int(c) for c in ranking.pack.cards if int(c) not in held], dtype=np.int8)
    draws = unseen[_combinations(len(unseen), len(out))] if out else np.zeros((1, 0), np.int8)
    hands = np.concatenate([np.tile(np.array(kept, np.int8), (len(draws), 1)), draws], axis=1)
    by_category, royals = _count(hands, ranking)
    value = ranking.evaluate(held)
    before = value.category
    order = list(ranking.order)  # high to low
    better = order[: order.index(before)]
    improved = sum(by_category[c] for c in better)
    if ranking.royal_on_top:  # H-17: the royal flush ranks above five of a kind
        if value.is_royal:  # nothing beats it, five of a kind neither
            improved = 0
        elif before == "five-of-a-kind":  # only a royal flush beats it
            improved = royals
        elif before == "straight-flush":  # and the royal above five of a kind
            improved += royals
    return DrawOdds(before, tuple(by_category.items()), improved, royals)
