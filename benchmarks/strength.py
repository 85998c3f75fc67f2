"""The strong player against one opponent, played by :func:`parlour.simulate.simulate`.

The board benchmarks (boards_meusueb.py, boards_pachisi.py, boards_sixteen_soldiers.py) each
make their match rows here.  The run's seed is 0, so every benchmark plays the same deals, and
the entrants turn one seat a game, so the strong player sits in every seat equally often.

Its points share is simulate's ``top_share``: a win 1, a tie shared among those tied (a draw
between two sides is 1/2); where the strong bot plays every seat of one side, the side's share
is the sum of those entrants' shares.  Beside it stands the share's Wilson 95% interval.

Thinking time is CPU seconds (``time.process_time``) of the strong bot's decisions, its mean a
move and its slowest.  A bot's ``time_limit`` stops on the wall clock, so on a busy machine
its CPU seconds a move fall below the limit; ``wall s`` is the whole match's wall-clock time.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from parlour.game import Game
from parlour.simulate import simulate, wilson


def strong_vs(
    game: Game,
    opponent: str,
    games: int,
    strong_options: dict[str, Any] | None = None,
    strong_seats: Sequence[int] = (0,),
) -> dict[str, Any]:
    """``strong`` (built with ``strong_options``) against ``opponent`` over ``games`` games.

    The strong bot starts in ``strong_seats`` (one side's seats), the opponent in every other;
    all turn one seat a game, so partners stay partners.  One row of figures for the table.
    """
    bots = ["strong" if s in strong_seats else opponent for s in range(game.num_players)]
    options = {f"strong.{key}": value for key, value in (strong_options or {}).items()}
    started = time.perf_counter()
    run = simulate(game, bots, games=games, seed=0, bot_options=options)
    wall = time.perf_counter() - started
    strong = [run.results[s] for s in strong_seats]
    share = sum(r.top_share for r in strong)
    low, high = wilson(share, games)
    decisions = sum(r.decisions for r in strong)
    return {
        "game": run.game,
        "pairing": f"strong vs {opponent}",
        "games": games,
        "points %": round(100 * share, 1),
        "95% CI": f"{100 * low:.1f}-{100 * high:.1f}",
        "CPU s/move mean": round(sum(r.seconds for r in strong) / decisions if decisions else 0, 4),
        "CPU s/move max": round(max(r.slowest for r in strong), 3),
        "wall s": round(wall, 1),
    }


def main_timed(
    doc: str,
    match: Callable[[str, int, float], dict[str, Any]],
    playout_speed: Callable[[], dict[str, Any]],
    time_limit: float,
    opponents: Sequence[str] = ("random", "greedy"),
) -> None:
    """The command line of a benchmark whose strong player searches a time a move: the playout
    speed, then ``match`` against each of ``opponents``, each row printed as soon as it is
    ready."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per pairing")
    parser.add_argument("--time-limit", type=float, default=time_limit, help="seconds a move")
    args = parser.parse_args()
    print(f"strong player: {args.time_limit} s a move (wall clock); times are CPU s", flush=True)
    rows = [playout_speed]
    rows += [partial(match, name, args.games, args.time_limit) for name in opponents]
    for make_row in rows:
        print(", ".join(f"{key}: {value}" for key, value in make_row().items()), flush=True)


if __name__ == "__main__":
    raise SystemExit(
        "strength.py is the board benchmarks' shared part, not a benchmark: run "
        "boards.py (all three games) or boards_meusueb.py, boards_pachisi.py, "
        "boards_sixteen_soldiers.py"
    )
