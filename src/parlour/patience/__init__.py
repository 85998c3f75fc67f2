"""Poker Patience (seed 002): the 5x5 solitaire for one or many players.

>>> from parlour.patience import settle
>>> settle([87, 81, 78, 78, 65])
[46, 16, 1, 1, -64]
"""

from parlour.patience.settlement import settle

__all__ = ["settle"]
