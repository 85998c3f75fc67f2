"""The three board games' strong players, measured: points against `random` and `greedy`.

Runs each game's own benchmark (boards_sixteen_soldiers.py, boards_meusueb.py,
boards_pachisi.py) and prints their rows in one table.

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
    rows: list[dict] = []
    for name in GAMES:
        rows.extend(importlib.import_module(name).run(args.games))
    table = Table(title=f"Board games: strong player, {args.games} games a pairing")
    columns = sorted({key for row in rows for key in row}, key=lambda k: (k != "game", k))
    for column in columns:
        table.add_column(column)
    for row in rows:
        table.add_row(*(str(row.get(c, "")) for c in columns))
    Console().print(table)


if __name__ == "__main__":
    main()
