"""Teaching the value-greedy policy to lay cards where a stronger player laid them.

Self-play (:mod:`parlour.patience.learn`) values a line by what lines like it scored under the
greedy policy itself.  Here the same tables are fitted instead to the choices of a teacher, the
``strong`` player: for each recorded decision the legal cells get a softmax over their value
gains (row plus column, as :meth:`~parlour.patience.engine.Batch.gains` computes them), and the
values move, from the self-play ones, to make the teacher's cell likely (cross-entropy, Adam).
The greedy policy on the fitted values plays the ``fast`` level.  The strong player keeps the
self-play values for its rollouts: with the taught ones it scored no better (English floating,
150 paired deals: -0.6 +- 0.8).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from parlour.patience.engine import GEOMETRIES, Batch, LineValues


@dataclass(frozen=True)
class Decisions:
    """Recorded decisions as flat indices into a values table, one row per legal cell.

    ``terms[k]`` (k = row after, row before, column after, column before) index the values
    whose sum ``+ - + -`` is the cell's gain; ``decision`` numbers the decision each cell
    belongs to and ``chosen`` marks the teacher's cells.  Forced moves are left out.
    """

    terms: tuple[np.ndarray, ...]
    decision: np.ndarray
    chosen: np.ndarray
    count: int


def decisions(
    cells: np.ndarray, cards: np.ndarray, learned: LineValues, floating: bool
) -> Decisions:
    """Replay ``G x 25`` games (cell and card52 of each move) and index every decision."""
    games, moves = cards.shape
    geo = GEOMETRIES[floating]
    tabs = Batch(geo, games)
    terms: list[list[np.ndarray]] = [[], [], [], []]
    decision, chosen = [], []
    count = 0
    for t in range(moves):
        legal = tabs.legal()
        game, cell = np.nonzero(legal & (legal.sum(axis=1) > 1)[:, None])
        unseen, lines = tabs.with_card(cards[:, t])
        for kind, (before, after) in enumerate(lines):
            line = (geo.row_of, geo.col_of)[kind][cell]
            for k, states in ((2 * kind, after), (2 * kind + 1, before)):
                terms[k].append(learned.index(t + 1, kind, states, unseen)[game, line])
        _, number = np.unique(game, return_inverse=True)
        decision.append(count + number.reshape(-1))
        chosen.append(cell == cells[game, t])
        count += int(number.max(initial=-1)) + 1
        tabs.place(cells[:, t], cards[:, t])
    return Decisions(
        tuple(np.concatenate(parts) for parts in terms),
        np.concatenate(decision),
        np.concatenate(chosen),
        count,
    )


def imitate(
    learned: LineValues,
    cells: np.ndarray,
    cards: np.ndarray,
    floating: bool,
    epochs: int = 160,
    sharpness: float = 1.5,
    pull: float = 1e-4,
    step: float = 0.05,
) -> LineValues:
    """Values fitted, from ``learned``, so the greedy policy picks the recorded ``cells``.

    ``sharpness`` scales the gains in the softmax; ``pull`` draws the values back to
    ``learned`` (an L2 penalty), ``step`` is Adam's step size.
    """
    data = decisions(cells, cards, learned, floating)
    start = learned.values.astype(np.float64).ravel()
    values = start.copy()
    first, second = np.zeros_like(values), np.zeros_like(values)
    signs = (1.0, -1.0, 1.0, -1.0)
    for epoch in range(1, epochs + 1):
        gain = sum(sign * values[at] for sign, at in zip(signs, data.terms, strict=True))
        z = sharpness * gain
        top = np.full(data.count, -np.inf)
        np.maximum.at(top, data.decision, z)
        weight = np.exp(z - top[data.decision])
        prob = weight / np.bincount(data.decision, weight, data.count)[data.decision]
        push = sharpness * (prob - data.chosen) / data.count
        grad = pull * (values - start)
        for sign, at in zip(signs, data.terms, strict=True):
            grad += sign * np.bincount(at, push, values.size)
        first = 0.9 * first + 0.1 * grad
        second = 0.999 * second + 0.001 * grad**2
        values -= step * (first / (1 - 0.9**epoch)) / (np.sqrt(second / (1 - 0.999**epoch)) + 1e-8)
    return LineValues(values.reshape(learned.values.shape).astype(np.float32), learned.features)
