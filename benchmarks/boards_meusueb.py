"""Meusuëb: the strong player's points against `random` and `greedy`, and playout speed.

The matches are played by ``parlour.simulate`` (see strength.py): seats alternate from game
to game; a win is 1 point, a draw half, and the share of points has its Wilson 95% interval.
The strong player searches ``--time-limit`` seconds a move on the wall clock (default 0.1,
well under the 1 s allowed); its thinking time a move, mean and slowest, is in CPU seconds.

    .venv/bin/python benchmarks/boards_meusueb.py [--games 200] [--time-limit 0.1]
"""

from __future__ import annotations

import random
import time

from strength import main_timed, strong_vs

import parlour
from parlour.boards.meusueb import Position

TIME_LIMIT = 0.1


def match(opponent: str, games: int, time_limit: float = TIME_LIMIT) -> dict:
    """The strong player against ``opponent`` over ``games`` games, seats alternated."""
    game = parlour.make("meusueb")
    return strong_vs(game, opponent, games, strong_options={"time_limit": time_limit})


def playout_speed(games: int = 500) -> dict:
    """Random games played to the end per second, through the protocol and the bare engine."""
    game = parlour.make("meusueb")
    start = time.perf_counter()
    for seed in range(games):
        state, chooser = game.new_state(seed=seed), random.Random(seed)
        while not state.is_over:
            state.apply(chooser.choice(state.legal_actions()))
    protocol = games / (time.perf_counter() - start)
    start = time.perf_counter()
    for seed in range(games):
        pos, chooser = Position(game.rules), random.Random(seed)
        while not pos.over:
            pos.play(chooser.choice(pos.moves()))
    engine = games / (time.perf_counter() - start)
    return {
        "game": "meusueb",
        "pairing": "random playouts",
        "games": games,
        "games/s (State)": round(protocol, 1),
        "games/s (Engine)": round(engine, 1),
    }


def run(games: int, time_limit: float = TIME_LIMIT) -> list[dict]:
    """Every figure of this benchmark as rows (benchmarks/boards.py prints them in one table)."""
    return [
        match("random", games, time_limit),
        match("greedy", games, time_limit),
        playout_speed(),
    ]


def main() -> None:
    main_timed(__doc__, match, playout_speed, TIME_LIMIT)


if __name__ == "__main__":
    main()
