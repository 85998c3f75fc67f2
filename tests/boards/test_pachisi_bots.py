"""Pachisi players: they see only the observation, play legally, and the strong one searches."""

from __future__ import annotations

import pytest

import parlour
from parlour.boards.pachisi_board import HOME, TRACK_CELL
from parlour.bots.pachisi import StrongBot, strong_score
from tests.boards.test_pachisi_engine import at, legal, position


def _choose(name: str, state, seed: int = 0) -> str:
    bot = parlour.bots.make(name, state.game, seed=seed)
    return str(bot.choose(state.observation(state.to_move), state.legal_actions()))


def test_bots_are_registered():
    game = parlour.make("pachisi")
    assert {"random", "greedy", "strong"} <= set(parlour.bots.names(game))


@pytest.mark.rule("PC-2")
def test_c4_step6_both_players_take_a_capture():
    """C.4 step 6: hitting an opponent far along its track is worth most to greedy and strong."""
    e = at(1, (0, 20))  # E's piece there has come a long way
    s = position({"S": [0, 0, 5, 17], "E": [0, 0, 0, e], "N": [0] * 4, "W": [0] * 4}, [3])
    assert e > 60 and "S17+3" in legal(s)
    assert _choose("greedy", s) == "S17+3"
    assert _choose("strong", s) == "S17+3"


@pytest.mark.rule("PC-2")
def test_strong_keeps_a_piece_out_of_reach():
    """The strong player counts the exact chance of being hit next (greedy sees a tie).

    S's piece on 40 may go 4 to 44, right in front of an E piece (hit by E's 2, 3, 4, 5 or
    6), or the S piece on 10 may go 4 to 14, where nothing can reach it."""
    e = at(1, (0, 41))
    s = position({"S": [0, 0, 10, 40], "E": [0, 0, 0, e], "N": [0] * 4, "W": [0] * 4}, [4])
    assert TRACK_CELL[1][e] == TRACK_CELL[0][41]
    assert _choose("strong", s) == "S10+4"
    risky = s.clone()
    risky.play_move(next(m for m in risky._moves() if str(m) == "S40+4"))
    safe = s.clone()
    safe.play_move(next(m for m in safe._moves() if str(m) == "S10+4"))
    bot = StrongBot(s.game)
    assert strong_score(safe, 0, bot.threats) > strong_score(risky, 0, bot.threats)


@pytest.mark.rule("PC-2")
def test_strong_brings_a_piece_home():
    """C.4 step 7: with the exact throw the strong player takes its last piece home and wins."""
    s = position({"S": [84, 84, 84, 80], "E": [30] * 4, "N": [HOME] * 4, "W": [0] * 4}, [4])
    assert _choose("strong", s) == "S80+4"


@pytest.mark.rule("PC-1")
@pytest.mark.parametrize("name", ["greedy", "strong"])
def test_players_finish_a_pachih_game_from_observations_only(name):
    """PC-1: a whole 3-player pachih game by each player; every choice is legal."""
    game = parlour.make("pachisi", players=3, rules="pachih")
    state = game.new_state(seed=1)
    bots = [parlour.bots.make(name, game, seed=s) for s in range(3)]
    while not state.is_over:
        seat = state.to_move
        legal_now = [str(a) for a in state.legal_actions()]
        action = bots[seat].choose(state.observation(seat), state.legal_actions())
        assert str(action) in legal_now
        state.apply(action)
    assert sorted(state.payoffs()) == [-1.0, -1.0, 2.0]


def test_strong_beats_random_in_short_pachih_games():
    """Measured, not timed: strong against random over 6 fixed 2-player pachih games."""
    game = parlour.make("pachisi", players=2, rules="pachih")
    points = 0.0
    for i in range(6):
        strong_seat = i % 2
        bots = {
            strong_seat: parlour.bots.make("strong", game, seed=i),
            1 - strong_seat: parlour.bots.make("random", game, seed=i),
        }
        state = game.new_state(seed=100 + i)
        while not state.is_over:
            seat = state.to_move
            state.apply(bots[seat].choose(state.observation(seat), state.legal_actions()))
        points += state.payoffs()[strong_seat] > 0
    assert points >= 5
