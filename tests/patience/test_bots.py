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

    state = parlour.make("poker-patience").new_state(seed=2)
    state.apply("e5")
    text = hint(state, 0)
    assert "Hint: the strong player lays it on" in text and "Expected final score" in text
