"""Draw Poker's and Jack-Pots' ``strong`` player against ``book`` and ``random``.

Each row is one :func:`parlour.simulate.simulate` run (seed 0, the bots turned one seat a
deal): the strong player's mean payoff a deal in chips with its standard error, how many
standard errors that is from nothing, and its CPU seconds a move.

    .venv/bin/python benchmarks/draw_poker_bots.py --games 5000
"""

from __future__ import annotations

import argparse
from typing import Any

from parlour.simulate import simulate

PAIRINGS = [
    ("draw-poker", ["strong", "book"]),
    ("draw-poker", ["strong", "random"]),
    ("draw-poker", ["strong", "book", "book", "book", "book"]),
    ("jackpots", ["strong", "book"]),
    ("jackpots", ["strong", "book", "book", "book", "book"]),
]


def row(game: str, bots: list[str], games: int, jobs: int) -> dict[str, Any]:
    """One pairing's figures: the strong player's (seat 0's entrant)."""
    run = simulate(game, bots, games=games, seed=0, jobs=jobs)
    strong = run.results[0]
    se = strong.se or 0.0
    return {
        "game": game,
        "bots": ",".join(bots),
        "deals": games,
        "strong mean": f"{strong.mean:+.3f} ± {se:.3f}",
        "se's": round(strong.mean / se, 1) if se else None,
        "CPU s/move": round(strong.seconds / strong.decisions, 4) if strong.decisions else 0,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="deals per pairing")
    parser.add_argument("--jobs", type=int, default=1, help="processes per run")
    args = parser.parse_args()
    for game, bots in PAIRINGS:
        figures = row(game, bots, args.games, args.jobs)
        print(", ".join(f"{key}: {value}" for key, value in figures.items()), flush=True)


if __name__ == "__main__":
    main()
