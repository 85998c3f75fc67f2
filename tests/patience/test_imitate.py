"""The ``fast`` player taught by the strong player's choices (:mod:`parlour.patience.imitate`)."""

from __future__ import annotations

import numpy as np
import pytest

from parlour.patience import learn
from parlour.patience.engine import GEOMETRIES, Batch, LineValues, random_orders
from parlour.patience.imitate import decisions, imitate
from parlour.patience.scoring import TABLES

ENGLISH = TABLES["english"]


def record(teacher: LineValues, floating: bool, games: int, seed: int):
    """Games of the teacher's greedy policy: the cells it chose and the cards, ``G x 25``, and
    how many of its moves had a choice."""
    cards = random_orders(learn.PACK, games, 25, np.random.default_rng(seed))
    tabs = Batch(GEOMETRIES[floating], games)
    cells = np.zeros_like(cards)
    choices = 0
    for t in range(25):
        choices += int((tabs.legal().sum(axis=1) > 1).sum())
        cells[:, t] = tabs.choose(cards[:, t], teacher)
        tabs.place(cells[:, t], cards[:, t])
    return cells, cards, choices


def test_decisions_index_one_chosen_cell_per_decision_and_skip_forced_moves():
    teacher = learn.model(ENGLISH, True)
    cells, cards, choices = record(teacher, True, games=20, seed=1)
    data = decisions(cells, cards, teacher, True)
    assert data.count == choices < 20 * 24  # the first card of a floating layout has one cell
    assert np.bincount(data.decision[data.chosen], minlength=data.count).tolist() == [1] * choices
    gain = sum(
        s * teacher.values.ravel()[t] for s, t in zip((1, -1, 1, -1), data.terms, strict=True)
    )
    best = np.full(data.count, -np.inf)
    np.maximum.at(best, data.decision, gain)
    assert np.allclose(gain[data.chosen], best)  # the teacher chose by these very gains


def test_a_blank_player_taught_by_the_greedy_policy_learns_most_of_its_strength():
    """From all-zero values (it lays each card in the first free cell), 300 recorded games of
    the self-play policy teach it to play close to that policy on fresh deals."""
    teacher = learn.model(ENGLISH, False)
    blank = LineValues(np.zeros_like(teacher.values), teacher.features)
    cells, cards, _ = record(teacher, False, games=300, seed=2)
    taught = imitate(blank, cells, cards, False)
    before = learn.mean_score(blank, ENGLISH, False, deals=2000, seed=3)
    after = learn.mean_score(taught, ENGLISH, False, deals=2000, seed=3)
    master = learn.mean_score(teacher, ENGLISH, False, deals=2000, seed=3)
    assert before < 15 < 40 < after <= master + 1, (before, after, master)


@pytest.mark.parametrize(
    ("name", "floating", "floor"),
    [("english", True, 2.0), ("english", False, 1.0), ("american", False, 0.5)],
)
def test_shipped_taught_values_beat_the_self_play_ones(name: str, floating: bool, floor: float):
    """The seed's game (English, floating layout: PP-2, PP-4), fitted to 3,322 strong games,
    gains about 2.6 on the same 5,000 fresh deals; English on the fixed grid, fitted to 1,000,
    about 2; Poker Squares (American, fixed grid), fitted to 1,000, about 0.9."""
    table = TABLES[name]
    own = learn.model(table, floating)
    taught = learn.model(table, floating, taught=True)
    gain = learn.mean_score(taught, table, floating, 5000, 11) - learn.mean_score(
        own, table, floating, 5000, 11
    )
    assert gain > floor, gain


def test_where_no_taught_values_ship_the_fast_player_keeps_the_self_play_ones():
    american = TABLES["american"]
    assert learn.model(american, True, taught=True) is learn.model(american, True)
    assert learn.model(ENGLISH, True, taught=True) is not learn.model(ENGLISH, True)
