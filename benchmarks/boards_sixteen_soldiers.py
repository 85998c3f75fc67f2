"""Sixteen Soldiers: the strong player's results and the engine's random-playout speed.

    .venv/bin/python benchmarks/boards_sixteen_soldiers.py [GAMES] [SECONDS_PER_MOVE]

The strong player meets ``random`` and ``greedy`` over GAMES games each (default 200), seats
alternated; a win is 1 point, a draw half.  Per-move thinking time is measured and reported.
"""

from __future__ import annotations

import random
import sys
import time
from typing import Any

import parlour
from parlour.boards.sixteen_soldiers import Engine, SixteenSoldiersRules
from parlour.testing import play_random


def match(opponent: str, games: int, time_limit: float = 0.1) -> dict[str, Any]:
    """``strong`` against ``opponent``; the strong player takes seat 0 in even games."""
    game = parlour.make("sixteen-soldiers")
    wins = draws = losses = moves = 0
    think = worst = 0.0
    for i in range(games):
        strong_seat = i % 2
        bots = {
            strong_seat: parlour.bots.make("strong", game, seed=i, time_limit=time_limit),
            1 - strong_seat: parlour.bots.make(opponent, game, seed=10_000 + i),
        }
        state = game.new_state(seed=i)
        while not state.is_over:
            seat = state.to_move
            start = time.perf_counter()
            action = bots[seat].choose(state.observation(seat), state.legal_actions())
            spent = time.perf_counter() - start
            if seat == strong_seat:
                moves += 1
                think += spent
                worst = max(worst, spent)
            state.apply(action)
        result = state.payoffs()[strong_seat]
        wins += result > 0
        draws += result == 0
        losses += result < 0
        if (i + 1) % 20 == 0:
            print(f"  {opponent}: {i + 1} games, +{wins} ={draws} -{losses}", file=sys.stderr)
    return {
        "match": f"strong vs {opponent}",
        "games": games,
        "wins": wins,
        "draws": draws,
        "losses": losses,
        "points_pct": round(100 * (wins + draws / 2) / games, 1),
        "time_limit_s": time_limit,
        "mean_s_per_move": round(think / max(moves, 1), 3),
        "max_s_per_move": round(worst, 3),
    }


def playout_speed(seconds: float = 5.0) -> list[dict[str, Any]]:
    """Random games per second through the protocol (State.apply) and on the bare engine."""
    game = parlour.make("sixteen-soldiers")
    start, played, seed = time.perf_counter(), 0, 0
    while time.perf_counter() - start < seconds:
        play_random(game, seed)
        played, seed = played + 1, seed + 1
    protocol = played / (time.perf_counter() - start)
    engine = Engine(SixteenSoldiersRules())
    rng = random.Random(1)
    start, played = time.perf_counter(), 0
    while time.perf_counter() - start < seconds:
        cells, side, quiet = engine.start_cells(), 0, 0
        while quiet < 100:
            moves = engine.moves(cells, side)
            if not moves:
                break
            path, taken = rng.choice(moves)
            engine.play(cells, path, taken)
            side, quiet = 1 - side, 0 if taken else quiet + 1
        played += 1
    bare = played / (time.perf_counter() - start)
    return [
        {"match": "random playouts, State protocol", "games_per_s": round(protocol, 1)},
        {
            "match": "random playouts, bare engine (no repetition check)",
            "games_per_s": round(bare, 1),
        },
    ]


def run(games: int = 200, time_limit: float = 0.1) -> list[dict[str, Any]]:
    """The result rows: strong vs random, strong vs greedy, and the playout speeds."""
    return [
        match("random", games, time_limit),
        match("greedy", games, time_limit),
        *playout_speed(),
    ]


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    limit = float(sys.argv[2]) if len(sys.argv) > 2 else 0.1
    for row in run(n, limit):
        print(row, flush=True)
