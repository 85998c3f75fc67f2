"""Poker Patience players: legal play through ``parlour.bots.make`` and a quick strength check."""

from __future__ import annotations

import statistics

import pytest

import parlour
from parlour import bots


def play(game, name: str, seed: int, **options) -> list[float]:
    players = [bots.make(name, game, seed=seed + i, **options) for i in range(game.num_players)]
    state = game.new_state(seed=seed)
    while not state.is_over:
        seat = state.to_move
        state.apply(players[seat].choose(state.observation(seat), state.legal_actions()))
    return state.payoffs()


def test_every_player_is_offered():
    game = parlour.make("poker-patience")
    assert {"random", "greedy", "fast", "strong"} <= set(bots.names(game))


@pytest.mark.parametrize("grid", ["floating", "fixed"])
@pytest.mark.parametrize("name", ["random", "greedy", "fast", "strong"])
def test_players_play_legal_games_with_several_players(grid: str, name: str):
    """PP-5: three players lay the same deal; the settlement sums to 0 (PP-6)."""
    game = parlour.make("poker-patience", players=3, grid=grid)
    options = {"work": 20_000, "rollouts": 16} if name == "strong" else {}
    assert sum(play(game, name, seed=1, **options)) == 0


def test_strong_beats_greedy_beats_random_on_a_few_deals():
    """A sanity check with a small budget, not a measure of strength (see benchmarks/)."""
    game = parlour.make("poker-patience", grid="fixed")
    deals = range(100, 106)
    means = {
        name: statistics.mean(play(game, name, s, **opts)[0] for s in deals)
        for name, opts in (
            ("random", {}),
            ("greedy", {}),
            ("strong", {"work": 30_000, "rollouts": 40}),
        )
    }
    assert means["strong"] > means["greedy"] > means["random"], means


def test_hint_names_the_strong_players_cell_and_expected_scores():
    from parlour.patience.render import hint

    game = parlour.make("poker-patience")
    state = game.new_state(seed=2)
    for cell in ("e5", "d4", "f6"):
        state.apply(cell)
    text = hint(state, 0)
    assert "Hint: the strong player lays it on" in text and "Expected final score" in text
    figures = [pair.split() for pair in text.split("(best first): ")[1].split(", ")]
    cells, values = [c for c, _ in figures], [float(v) for _, v in figures]
    assert sorted(cells) == sorted(str(a) for a in state.legal_actions())  # every choice
    assert values == sorted(values, reverse=True) and text.split()[7] == cells[0] + "."
    fast = bots.make("fast", game, seed=1)
    while state.observation(0)["number"] < 25:
        state.apply(fast.choose(state.observation(0), state.legal_actions()))
    last = hint(state, 0)  # the final card: the exact final score of each cell
    cell, value = last.split("(best first): ")[1].split(", ")[0].split()
    state.apply(cell)
    assert float(value) == state.payoffs()[0] > 0


@pytest.mark.parametrize("seed", [3, 4, 5])
def test_strong_picks_a_best_cell_by_the_exact_value_of_its_rollouts(seed: int):
    """With two cards still to come, every order of the unseen cards can be played out: the
    strong player's cell (sequential halving over sampled orders) is within a point of the best
    exact expectation under the same rollout policy, and its estimates are close to exact."""
    import numpy as np

    from parlour.bots.patience import View
    from parlour.patience import tables as T
    from parlour.patience.engine import Batch, play_out
    from parlour.patience.learn import model

    game = parlour.make("poker-patience", grid="fixed", scoring="american")
    state, fast = game.new_state(seed=seed), bots.make("fast", game, seed=seed)
    while state.observation(0)["number"] < 23:
        state.apply(fast.choose(state.observation(0), state.legal_actions()))
    observation, legal = state.observation(0), state.legal_actions()
    view = View(observation)
    pairs = np.array([(x, y) for x in view.pool for y in view.pool if x != y])
    exact = {}
    for action, cell in zip(legal, view.cells(legal), strict=True):
        batch = Batch.from_layout(view.geo, view.layout, len(pairs))
        batch.place(np.full(len(pairs), cell), np.full(len(pairs), view.card))
        play_out(batch, pairs, model(view.table, False))
        exact[str(action)] = batch.total(T.points(view.table, full_only=True)).mean()
    strong = bots.make("strong", game, seed=seed)
    ranked = strong.evaluate(observation, legal)
    assert len(ranked) == len(legal) == 3
    assert exact[str(ranked[0][0])] >= max(exact.values()) - 1.0, (ranked, exact)
    for action, mean in ranked:
        assert abs(mean - exact[str(action)]) < 3.0, (action, mean, exact)


@pytest.mark.parametrize("scoring", ["-5,1,3,6,12,5,10,16,30,30", "english", "american"])
def test_greedy_lays_each_card_where_the_present_score_is_highest(scoring: str):
    """PP-4: a line with no card scores nothing, so starting a line costs what no pair scores
    (greedy took it for free when no pair is worth -5)."""
    game = parlour.make("poker-patience", grid="fixed", scoring=scoring)
    greedy = bots.make("greedy", game, seed=0)
    for seed in range(4):
        state = game.new_state(seed=seed)
        while not state.is_over:
            legal = state.legal_actions()
            scores = {str(a): state.clone().apply(a).scores()[0] for a in legal}
            choice = greedy.choose(state.observation(0), legal)
            assert scores[str(choice)] == max(scores.values())
            state.apply(choice)


def test_strong_refuses_settings_that_leave_it_nothing_to_search():
    game = parlour.make("poker-patience")
    for options in ({"width": 0}, {"rollouts": 0}, {"work": 0}):
        with pytest.raises(parlour.game.GameOptionError, match="at least 1"):
            bots.make("strong", game, seed=1, **options)
