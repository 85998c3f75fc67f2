"""Exact frequency tables: every five-card hand of a pack, counted by category (§9).

>>> from parlour.poker.ranking import Ranking
>>> table = frequency_table(Ranking(pack=20))
>>> table.total, table.count("straight-flush"), table.royals
(15504, 4, 4)
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb

import numpy as np

from parlour.poker.fast import all_hands, evaluate_batch
from parlour.poker.ranking import Ranking


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
        return dict(self.rows)[category]

    def probability(self, category: str) -> float:
        return self.count(category) / self.total

    def as_dict(self) -> dict[str, int]:
        return dict(self.rows)


def frequency_table(ranking: Ranking) -> FrequencyTable:
    """Enumerate every hand of ``ranking.pack`` with the fast evaluator and count them."""
    hands = all_hands(ranking.pack)
    strengths = evaluate_batch(hands, ranking)
    values, counts = np.unique(strengths, return_counts=True)
    by_category = dict.fromkeys(ranking.order, 0)
    royals = 0
    for v, n in zip(values.tolist(), counts.tolist(), strict=True):
        value = ranking.decode(v)
        by_category[value.category] += n
        royals += n if value.is_royal else 0
    if sum(by_category.values()) != comb(ranking.pack.size, 5):
        raise AssertionError("the enumeration missed hands")  # pragma: no cover
    return FrequencyTable(ranking, tuple(by_category.items()), royals)
