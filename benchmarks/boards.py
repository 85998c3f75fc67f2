"""The three board games' strong players, measured: points against `random` and `greedy` (and
`careful` for Sixteen Soldiers).

Runs each game's own benchmark (boards_sixteen_soldiers.py, boards_meusueb.py,
boards_pachisi.py) and prints their rows in one table.  Their matches are played by
``parlour.simulate`` (strength.py): points share with its Wilson 95% interval, and the strong
player's CPU seconds a move (mean and slowest).

    .venv/bin/python benchmarks/boards.py [--games 200]
"""

from __future__ import annotations

import argparse
import importlib
import sys
from pathlib import Path

from rich.console import Console
from rich.table import Table

GAMES = ("boards_sixteen_soldiers", "boards_meusueb", "boards_pachisi")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per pairing")
    args = parser.parse_args()
    sys.path.insert(0, str(Path(__file__).parent))
    console = Console()
    console.print(f"[bold]Board games: the strong player, {args.games} games a pairing[/bold]")
    for name in GAMES:
        rows = importlib.import_module(name).run(args.games)
        table = Table(title=name.removeprefix("boards_"), show_header=False)
        table.add_column("figure")
        for row in rows:
            table.add_row(", ".join(f"{key}: {value}" for key, value in row.items()))
        console.print(table)


if __name__ == "__main__":
    main()
