"""Poker: hand ranking, the fast evaluator, betting, and the games of the seeds.

Draw Poker, Jack-Pots, Straight Poker, Stud and Whiskey Poker.

The hand ranking (``parlour.poker.ranking``) follows every option of poker-rules.md
§1–§2; ``parlour.poker.fast`` evaluates numpy arrays of hands with the same strengths,
and ``parlour.poker.odds`` counts every hand of a pack (§9).

>>> from parlour.poker import Ranking
>>> str(Ranking(joker="wild").evaluate("Jk 8s 8d 3h 3c"))
'Full house, eights full of threes'
"""

from parlour.poker.ranking import HandValue, Ranking, RankingOptions

__all__ = ["HandValue", "Ranking", "RankingOptions"]
