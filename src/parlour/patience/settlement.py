"""Settling a Poker Patience sitting of several players (PP-6, PP-7).

Each loser pays each winner the difference of their scores (PP-6); the same nets come from
paying each player ``score x players - total`` (PP-7).  Both are computed, so a test can show
they agree.

>>> settle([87, 81, 78, 78, 65])
[46, 16, 1, 1, -64]
>>> settle([87, 81, 78, 78, 65], method="total", stake=2)
[92, 32, 2, 2, -128]
"""

from __future__ import annotations

from collections.abc import Sequence

METHODS = ("pairwise", "total")


def pairwise(scores: Sequence[int]) -> list[list[int]]:
    """``pay[i][j]``: what player j pays player i (negative: i pays j), pair by pair (PP-6)."""
    return [[si - sj for sj in scores] for si in scores]


def settle(scores: Sequence[int], stake: int = 1, method: str = "pairwise") -> list[int]:
    """The net each player wins (+) or loses (-) at ``stake`` a point; the nets sum to 0."""
    if method == "pairwise":  # PP-6: every pair settles the difference
        nets = [sum(row) for row in pairwise(scores)]
    elif method == "total":  # PP-7: score x number of players - total of all scores
        total = sum(scores)
        nets = [len(scores) * s - total for s in scores]
    else:
        raise ValueError(f"unknown settlement {method!r}: pairwise (PP-6) or total (PP-7)")
    return [stake * n for n in nets]
