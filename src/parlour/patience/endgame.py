"""Exact expected final scores when few cards remain to come (expectimax to the end).

With ``left`` cards still to come from a pool of unseen cards, each drawn at random and each
laid where its own expectation is best, :func:`expected_finals` gives every tableau of a
:class:`~parlour.patience.engine.Batch` its exact expected final score.  The tree grows by the
pool size times the free cells at every card, so the strong player uses it for the last
:data:`EXACT_CARDS` cards only (a few hundred thousand final tableaux at most).

>>> import numpy as np
>>> from parlour.cards import parse_cards
>>> from parlour.patience import tables as T
>>> from parlour.patience.engine import GEOMETRIES, Batch
>>> english = T.points((0, 1, 3, 6, 12, 5, 10, 16, 30, 30), full_only=True)
>>> laid = "2d 7c Qs 4c 9d 3s 8d Kc 6s Tc 4d 9s Ac 7d Js 5c Td 2s 8c Qd 3h 5h 9h Jh"
>>> tableau = Batch.from_layout(GEOMETRIES[False], T.to52(parse_cards(laid)) + [-1], 1)
>>> float(tableau.total(english)[0])  # a pair; the last row waits for a fifth heart
1.0
>>> to_come = np.array(T.to52(parse_cards("Ah 2c")))  # the flush (5) half the time
>>> float(expected_finals(tableau, to_come, 1, english)[0])
3.5
"""

from __future__ import annotations

import numpy as np

from parlour.patience import tables as T
from parlour.patience.engine import Batch

#: how many cards still to come the strong player values exactly
EXACT_CARDS = 3


def expected_finals(batch: Batch, pool: np.ndarray, left: int, points: np.ndarray) -> np.ndarray:
    """Each tableau's expected final score when ``left`` cards come from ``pool`` (card52,
    drawn without replacement, the same pool for every tableau) and each is laid at its best."""
    unseen = np.ones((batch.size, len(pool)), dtype=bool)
    return _expect(batch, pool, unseen, left, points)


def _expect(
    batch: Batch, pool: np.ndarray, unseen: np.ndarray, left: int, points: np.ndarray
) -> np.ndarray:
    if left == 0:
        return batch.total(points)
    size = batch.size
    drawable = np.flatnonzero(unseen.ravel()).reshape(size, -1) % len(pool)  # size x p
    cards = pool[drawable]
    legal = batch.legal()
    m = int(legal.sum(axis=1).max())
    cells = np.argsort(~legal, axis=1, kind="stable")[:, :m]  # size x m, legal cells first
    valid = np.take_along_axis(legal, cells, axis=1)
    cells = np.where(valid, cells, cells[:, :1])  # padded with a legal cell: the best stays
    p = cards.shape[1]
    if left == 1:
        values = _last_card(batch, cards, cells, points)
    else:
        parent = np.repeat(np.arange(size), p * m)
        child = batch.take(parent)
        child.place(np.repeat(cells, p, axis=0).reshape(-1), np.repeat(cards, m, axis=1).ravel())
        taken = unseen[parent]
        taken[np.arange(len(parent)), np.repeat(drawable, m, axis=1).ravel()] = False
        values = _expect(child, pool, taken, left - 1, points).reshape(size, p, m)
    return values.max(axis=2).mean(axis=1)


def _last_card(
    batch: Batch, cards: np.ndarray, cells: np.ndarray, points: np.ndarray
) -> np.ndarray:
    """``size x p x m``: the final score of laying each last card in each of the cells."""
    n = batch.geo.n
    total = batch.total(points)[:, None, None]
    gain = np.zeros((batch.size, cards.shape[1], cells.shape[1]))
    for lines, line_of in ((batch.rows, cells // n), (batch.cols, cells % n)):
        state = np.take_along_axis(lines, line_of, axis=1)[:, None, :]  # size x 1 x m
        after = T.LINE_ADD[state, cards[:, :, None]].clip(0)
        gain += points[after] - points[state]
    return total + gain
