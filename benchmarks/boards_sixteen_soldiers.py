"""Sixteen Soldiers: the strong player's results and the engine's random-playout speed.

    .venv/bin/python benchmarks/boards_sixteen_soldiers.py [--games 200] [--time-limit 0.1]

The strong player meets ``random``, ``greedy`` and ``careful`` over GAMES games each, played by
``parlour.simulate`` (see strength.py) with seats alternated; a win is 1 point, a draw half,
and the share of points has its Wilson 95% interval.  It searches ``--time-limit`` seconds a
move on the wall clock; its thinking time a move, mean and slowest, is in CPU seconds.
"""

from __future__ import annotations

import random
import time
from typing import Any

from strength import main_timed, strong_vs

import parlour
from parlour.boards.sixteen_soldiers import Engine, SixteenSoldiersRules
from parlour.testing import play_random

#: the strong player's thinking time a move in these matches (its own default is 0.5 s)
TIME_LIMIT = 0.1
#: the strong player's opponents: ``careful`` never leaves a piece to be taken for nothing,
#: so its games are won by hemming in, not by picking off blunders
OPPONENTS = ("random", "greedy", "careful")


def match(opponent: str, games: int, time_limit: float = TIME_LIMIT) -> dict[str, Any]:
    """``strong`` against ``opponent``; the strong player takes seat 0 in even games."""
    game = parlour.make("sixteen-soldiers")
    return strong_vs(game, opponent, games, strong_options={"time_limit": time_limit})


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
    rows = [match(name, games, time_limit) for name in OPPONENTS]
    return [*rows, playout_speed()]


def main() -> None:
    main_timed(__doc__, match, playout_speed, TIME_LIMIT, OPPONENTS)


if __name__ == "__main__":
    main()
