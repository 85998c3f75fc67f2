"""Sixteen Soldiers players: random, greedy (one ply) and strong (alpha-beta), from observations."""

from __future__ import annotations

import parlour
from parlour.boards.sixteen_soldiers import state_at


def make(**options):
    return parlour.make("sixteen-soldiers", **options)


def choose(bot, state):
    return str(bot.choose(state.observation(state.to_move), state.legal_actions()))


def test_every_player_is_available_through_bots_make():
    game = make()
    assert {"random", "greedy", "strong"} <= set(parlour.bots.names(game))


def test_greedy_takes_the_longest_capture_chain():
    game = make()
    state = state_at(game, ["c3", "a3"], ["c4", "d6", "d7", "a9"])
    assert choose(parlour.bots.make("greedy", game, seed=1), state) == "c3xc5xe7xc7"


def test_strong_wins_at_once_when_it_can():
    game = make()
    state = state_at(game, ["c3", "a3"], ["c4", "d6", "d7"])
    assert choose(parlour.bots.make("strong", game, seed=1, max_nodes=500), state) == (
        "c3xc5xe7xc7"
    )


def test_strong_prefers_the_safe_capture_to_the_poisoned_one():
    # c5xe5 (taking d5) lets North answer e6xe4xc4, two for one; c5xa5 (taking b5) is safe.
    game = make()
    state = state_at(game, ["c5", "d4", "d3", "a1"], ["d5", "b5", "e6", "e7", "e9"])
    assert {"c5xe5", "c5xa5"} <= {str(m) for m in state.legal_actions()}
    poisoned = state.clone().apply("c5xe5")
    assert "e6xe4xc4" in {str(m) for m in poisoned.legal_actions()}
    assert choose(parlour.bots.make("strong", game, seed=1, max_nodes=5_000), state) == "c5xa5"


def test_strong_huffs_when_the_opponent_failed_to_capture():
    game = make(capture_mandatory=True, huffing=True)
    state = state_at(game, ["c3", "a3"], ["c4", "e9"]).apply("a3-a4")
    assert choose(parlour.bots.make("strong", game, seed=1, max_nodes=500), state) == "huff c3"


def test_strong_beats_random_and_greedy_in_whole_games():
    game = make()
    for opponent, seed in (("random", 0), ("greedy", 1)):
        for strong_seat in (0, 1):
            players = {
                strong_seat: parlour.bots.make("strong", game, seed=seed, max_nodes=400),
                1 - strong_seat: parlour.bots.make(opponent, game, seed=seed),
            }
            state = game.new_state(seed=seed)
            while not state.is_over:
                seat = state.to_move
                state.apply(players[seat].choose(state.observation(seat), state.legal_actions()))
            assert state.payoffs()[strong_seat] == 1.0, (opponent, strong_seat)


def test_players_only_return_legal_actions_under_every_rule_set():
    for options in ({"capture_mandatory": True, "huffing": True}, {"board_variant": "nineteen"}):
        game = make(**options)
        players = [parlour.bots.make(name, game, seed=3, max_nodes=150)
                   if name == "strong" else parlour.bots.make(name, game, seed=3)
                   for name in ("greedy", "strong")]  # fmt: skip
        state = game.new_state(seed=3)
        for _ in range(40):
            if state.is_over:
                break
            seat = state.to_move
            legal = state.legal_actions()
            action = players[seat].choose(state.observation(seat), legal)
            assert action in legal
            state.apply(action)
