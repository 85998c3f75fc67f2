"""Poker Patience players: legal play through ``parlour.bots.make`` and a quick strength check."""

from __future__ import annotations

import random
import statistics

import numpy as np
import pytest

import parlour
from parlour import bots
from parlour.bots.patience import _CODE, View
from parlour.patience import tables as T
from parlour.patience.engine import GEOMETRIES, Batch, play_out
from parlour.patience.learn import model
from parlour.patience.tableau import Frame


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
    assert "The strong player would lay the card on" in text and "Expected final score" in text
    figures = [pair.split() for pair in text.split("(best first): ")[1].split(", ")]
    cells, values = [c for c, _ in figures], [float(v) for _, v in figures]
    assert sorted(cells) == sorted(str(a) for a in state.legal_actions())  # every choice
    assert values == sorted(values, reverse=True) and text.split()[8] == cells[0] + "."
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


def _patience_play(game, bot, state, upto: int):
    """Lay cards with ``bot`` until ``upto`` cards are down (single player)."""
    while state.observation(0)["number"] < upto:
        state.apply(bot.choose(state.observation(0), state.legal_actions()))
    return state


def _patience_game(bot_name: str, seed: int, **options) -> list[str]:
    game = parlour.make("poker-patience", grid="fixed")
    bot, state = bots.make(bot_name, game, seed=seed, **options), game.new_state(seed=seed)
    while not state.is_over:
        state.apply(bot.choose(state.observation(0), state.legal_actions()))
    return [e["action"] for e in state.history if "action" in e]


def test_the_fast_player_outscores_random_play_on_a_few_fixed_deals():
    """The fast player lays each card where the learned value gains most.  Kills
    patience.py:104 `np.argmax(values)` -> `np.argmin(values)` and :102
    `gained = base.gains(...)` -> `gained = -base.gains(...)` (both survived: the fast player
    was only checked for legal play and used to reach the last card in the hint test)."""
    game = parlour.make("poker-patience", grid="fixed")
    means = {}
    for name in ("random", "fast"):
        scores = []
        for seed in range(100, 106):
            bot, state = bots.make(name, game, seed=seed), game.new_state(seed=seed)
            while not state.is_over:
                state.apply(bot.choose(state.observation(0), state.legal_actions()))
            scores.append(state.scores()[0])
        means[name] = statistics.mean(scores)
    assert means["fast"] > means["random"] + 10, means


def test_the_fast_player_is_deterministic_for_a_seed():
    """Ties in learned value (an empty grid's cells) are broken by the bot's own seeded
    generator.  Kills patience.py:103 `1e-6 * self.rng.random()` ->
    `1e-6 * random.random()` (the module's unseeded generator)."""
    assert _patience_game("fast", 7) == _patience_game("fast", 7)


def test_greedy_breaks_ties_at_random_by_its_seed_and_repeats_for_a_seed():
    """Greedy "ties at random" (Neller's greedy player): on the empty grid every cell ties, so
    the first card's cell varies with the seed, and is the same for the same seed.  Kills
    patience.py:89 `return self.rng.choice(best)` -> `return best[0]`."""
    game = parlour.make("poker-patience", grid="fixed")
    state = game.new_state(seed=3)
    obs, legal = state.observation(0), state.legal_actions()
    firsts = [str(bots.make("greedy", game, seed=k).choose(obs, legal)) for k in range(12)]
    assert len(set(firsts)) > 1
    assert firsts == [str(bots.make("greedy", game, seed=k).choose(obs, legal)) for k in range(12)]


def test_the_strong_player_is_deterministic_for_a_seed():
    """Its rollouts' random orders come from a generator seeded by the bot's seed.  Kills
    patience.py:141 `np.random.default_rng(seed)` -> `np.random.default_rng()`."""
    game = parlour.make("poker-patience", grid="fixed")
    state = _patience_play(game, bots.make("fast", game, seed=4), game.new_state(seed=4), 10)
    obs, legal = state.observation(0), state.legal_actions()
    runs = [bots.make("strong", game, seed=9, rollouts=16, work=20_000).evaluate(obs, legal)
            for _ in range(2)]  # fmt: skip
    assert [(str(a), v) for a, v in runs[0]] == [(str(a), v) for a, v in runs[1]]


def test_strong_width_keeps_the_cells_best_by_learned_value():
    """``width`` keeps only the best cells by learned value: with width 1 the one cell kept
    is the best by the (self-play) values.  Kills patience.py:159
    `picks.sort(key=lambda i: -first[cells[i]])` -> `key=lambda i: first[cells[i]]`."""
    game = parlour.make("poker-patience", grid="fixed")
    state = _patience_play(game, bots.make("fast", game, seed=5), game.new_state(seed=5), 6)
    obs, legal = state.observation(0), state.legal_actions()
    view = View(obs)
    base = Batch.from_layout(view.geo, view.layout, 1)
    first = base.gains(np.array([view.card]), model(view.table, view.floating))[0]
    values = {str(a): first[c] for a, c in zip(legal, view.cells(legal), strict=True)}
    assert max(values.values()) > min(values.values())
    choice = bots.make("strong", game, seed=1, width=1).choose(obs, legal)
    assert values[str(choice)] == max(values.values())


def test_strong_evaluates_each_kind_of_cell_once_on_the_fixed_grid():
    """evaluate(): "cells that are alike (fixed grid: an empty row is an empty row) appear
    once".  One card down at c3: a cell of its row, a cell of its column, and a cell of
    neither are the only three kinds.  Kills patience.py:196
    `key = (r if base.rows[0, r] else -1, c if base.cols[0, c] else -1)` -> `key = (r, c)`."""
    game = parlour.make("poker-patience", grid="fixed")
    state = game.new_state(seed=1).apply("c3")
    legal = state.legal_actions()
    ranked = bots.make("strong", game, seed=1, rollouts=16, work=20_000).evaluate(
        state.observation(0), legal
    )
    assert len(legal) == 24 and len(ranked) == 3


def test_the_strong_players_view_samples_only_the_cards_not_yet_dealt():
    """The unseen cards the rollouts draw from are the 52 less those dealt (the card in hand
    included).  Kills patience.py:61 `if c not in seen` -> `if c != self.card` (rollouts drew
    cards already on the table)."""
    game = parlour.make("poker-patience", grid="fixed")
    state = _patience_play(game, bots.make("fast", game, seed=2), game.new_state(seed=2), 12)
    obs = state.observation(0)
    view = View(obs)
    dealt = {T.CARD52[_CODE[c]] for c in obs["dealt"]}
    assert len(dealt) == 12 and view.card in dealt
    assert sorted(view.pool.tolist()) == sorted(set(range(52)) - dealt)


def test_strong_with_one_card_to_come_estimates_the_expected_final_score():
    """With one card still to come the strong player's figures are the mean final score over
    that card, exactly; they are not the score of the unfinished layout (a hole scores 0)."""
    game = parlour.make("poker-patience", grid="fixed", scoring="american")
    state = _patience_play(game, bots.make("fast", game, seed=3), game.new_state(seed=3), 24)
    obs, legal = state.observation(0), state.legal_actions()
    view = View(obs)
    assert view.future == 1 and len(legal) == 2
    exact = {}
    for action, cell in zip(legal, view.cells(legal), strict=True):
        batch = Batch.from_layout(view.geo, view.layout, len(view.pool))
        batch.place(np.full(len(view.pool), cell), np.full(len(view.pool), view.card))
        play_out(batch, view.pool[:, None], model(view.table, False))
        exact[str(action)] = batch.total(T.points(view.table, full_only=True)).mean()
    ranked = bots.make("strong", game, seed=3).evaluate(obs, legal, always=True)
    for action, mean in ranked:
        assert mean == pytest.approx(exact[str(action)], abs=1e-9), (action, mean, exact)


@pytest.mark.rule("PP-2")
@pytest.mark.rule("PP-3")
@pytest.mark.parametrize("floating", [True, False])
def test_pp2_the_engines_legal_cells_are_the_tableaus(floating: bool):
    """The bots' numpy engine offers exactly the cells :meth:`Frame.legal` offers, at every
    step: the first card in the middle, then only cells touching a card and inside a 5x5 box."""
    frame = Frame.of("floating" if floating else "fixed")
    geo = GEOMETRIES[floating]
    rng = random.Random(7)
    for _ in range(20):
        layout: list[int | None] = [None] * frame.cells
        for card in rng.sample(range(52), 25):
            batch = Batch.from_layout(geo, [-1 if c is None else c for c in layout], 1)
            assert list(np.flatnonzero(batch.legal()[0])) == frame.legal(layout)
            layout[rng.choice(frame.legal(layout))] = card
