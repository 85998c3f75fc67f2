"""The poker games' ``strong`` players against ``book`` and ``random``: Draw Poker's and
Jack-Pots', Straight Poker's, Stud's (S3's game, V-2, and its variation, V-3) and Whiskey
Poker's (the betting settlement, V-7; best-wins, where only the hands count; poorest-pays,
where the poorest hand pays a chip to a pool that leaves the table, so that an even share is
-1/players; and the lives game, R7.7, each of its games a sitting to the last with a life).

Each row is one :func:`parlour.simulate.simulate` run (seed 0, the bots turned one seat a
deal): the strong player's mean payoff a deal in chips with its standard error, how many
standard errors that is from an even share (nothing, but under poorest-pays a chip a deal
shared by all), and its CPU seconds a move.

    .venv/bin/python benchmarks/poker_bots.py --games 5000 [--game stud-poker] [--duplicate]

With ``--duplicate`` each deal is played once in every seat (``simulate``'s duplicate play),
so the standard errors are smaller for the same games.
"""

from __future__ import annotations

import argparse
from typing import Any

from parlour import make
from parlour.simulate import simulate

FIVE = ["strong", "book", "book", "book", "book"]
VARIANT = {"preset": "S3-variant"}
#: (game, bots, rule options)
PAIRINGS: list[tuple[str, list[str], dict[str, Any]]] = [
    ("draw-poker", ["strong", "book"], {}),
    ("draw-poker", ["strong", "random"], {}),
    ("draw-poker", FIVE, {}),
    ("jackpots", ["strong", "book"], {}),
    ("jackpots", FIVE, {}),
    ("straight-poker", ["strong", "book"], {}),
    ("straight-poker", ["strong", "random"], {}),
    ("straight-poker", FIVE, {}),
    ("stud-poker", ["strong", "book"], {}),
    ("stud-poker", ["strong", "random"], {}),
    ("stud-poker", FIVE, {}),
    ("stud-poker", ["strong", "book"], VARIANT),
    ("stud-poker", FIVE, VARIANT),
    ("whiskey-poker", ["strong", "book"], {}),
    ("whiskey-poker", ["strong", "book", "book", "book"], {}),
    ("whiskey-poker", ["strong", "book"], {"preset": "best-wins"}),
    ("whiskey-poker", ["strong", "book", "book", "book"], {"preset": "poorest-pays"}),
    ("whiskey-poker", ["strong", "book", "book"], {"preset": "lives"}),
]


def row(game: str, bots: list[str], options: dict[str, Any], games: int, jobs: int,
        duplicate: bool = False) -> dict[str, Any]:  # fmt: skip
    """One pairing's figures: the strong player's (seat 0's entrant)."""
    made = make(game, players=len(bots), **options)
    run = simulate(made, bots, games=games, seed=0, jobs=jobs, duplicate=duplicate)
    strong = run.results[0]
    se = strong.se or 0.0
    even = -1 / len(bots) if options.get("preset") == "poorest-pays" else 0.0  # a chip a deal
    return {
        "game": game + "".join(f" {k}={v}" for k, v in options.items()),
        "bots": ",".join(bots),
        "deals": games,
        "strong mean": f"{strong.mean:+.3f} ± {se:.3f}" + (f" (even: {even:+.3f})" * bool(even)),
        "se's": round((strong.mean - even) / se, 1) if se else None,
        "CPU s/move": round(strong.seconds / strong.decisions, 4) if strong.decisions else 0,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="deals per pairing")
    parser.add_argument("--jobs", type=int, default=1, help="processes per run")
    parser.add_argument("--game", action="append", help="only this game's rows (repeatable)")
    parser.add_argument("--duplicate", action="store_true", help="each deal in every seat "
                        "(--games: a multiple of 20: the rows' 2, 4 and 5 players)")  # fmt: skip
    args = parser.parse_args()
    for game, bots, options in PAIRINGS:
        if args.game and game not in args.game:
            continue
        figures = row(game, bots, options, args.games, args.jobs, args.duplicate)
        print(", ".join(f"{key}: {value}" for key, value in figures.items()), flush=True)


if __name__ == "__main__":
    main()
