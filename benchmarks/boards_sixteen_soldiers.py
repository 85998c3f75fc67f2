"""Sixteen Soldiers: the strong player's results and the engine's random-playout speed.

    .venv/bin/python benchmarks/boards_sixteen_soldiers.py [--games 200] [--time-limit 0.1]

The strong player meets ``random`` and ``greedy`` over GAMES games each, seats alternated;
a win is 1 point, a draw half.  Its thinking time a move is measured and reported.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from typing import Any

import parlour
from parlour.boards.sixteen_soldiers import Engine, SixteenSoldiersRules
from parlour.testing import play_random

#: the strong player's thinking time a move in these matches (its own default is 0.5 s)
TIME_LIMIT = 0.1


def match(opponent: str, games: int, time_limit: float = TIME_LIMIT) -> dict[str, Any]:
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
        "game": "sixteen-soldiers",
        "pairing": f"strong vs {opponent}",
        "games": games,
        "wins": wins,
        "draws": draws,
        "losses": losses,
        "points %": round(100 * (wins + draws / 2) / games, 1),
        "s/move mean": round(think / max(moves, 1), 3),
        "s/move max": round(worst, 3),
    }


def playout_speed(seconds: float = 5.0) -> dict[str, Any]:
    """Random games per second through the protocol (State.apply) and on the bare engine."""
    game = parlour.make("sixteen-soldiers")
    start, played = time.perf_counter(), 0
    while time.perf_counter() - start < seconds:
        play_random(game, played)
        played += 1
    protocol = played / (time.perf_counter() - start)
    engine = Engine(SixteenSoldiersRules())
    rng = random.Random(1)
    start, bare = time.perf_counter(), 0
    while time.perf_counter() - start < seconds:
        cells, side, quiet = engine.start_cells(), 0, 0
        while quiet < 100:  # the draw safeguard's move limit; no repetition check here
            moves = engine.moves(cells, side)
            if not moves:
                break
            path, taken = rng.choice(moves)
            engine.play(cells, path, taken)
            side, quiet = 1 - side, 0 if taken else quiet + 1
        bare += 1
    return {
        "game": "sixteen-soldiers",
        "pairing": "random playouts",
        "games": played + bare,
        "games/s (State)": round(protocol, 1),
        "games/s (Engine)": round(bare / (time.perf_counter() - start), 1),
    }


def run(games: int = 200, time_limit: float = TIME_LIMIT) -> list[dict[str, Any]]:
    """Every figure of this benchmark as rows (benchmarks/boards.py prints them in one table)."""
    return [match("random", games, time_limit), match("greedy", games, time_limit), playout_speed()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per pairing")
    parser.add_argument("--time-limit", type=float, default=TIME_LIMIT, help="seconds a move")
    args = parser.parse_args()
    print(f"strong player: {args.time_limit} s a move (wall clock)", flush=True)
    for make_row in (
        playout_speed,
        lambda: match("random", args.games, args.time_limit),
        lambda: match("greedy", args.games, args.time_limit),
    ):
        row = make_row()
        print(", ".join(f"{key}: {value}" for key, value in row.items()), flush=True)


if __name__ == "__main__":
    main()
