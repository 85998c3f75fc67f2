"""Pachisi: the strong player's results and the engine's random-playout speed.

    .venv/bin/python benchmarks/boards_pachisi.py [--games 200] [--players 2] [--ruleset NAME]

The strong player meets ``random`` and ``greedy`` over GAMES games each (default 200), played
by ``parlour.simulate`` (see strength.py) with the seats turned one place a game: with 2
players each seat runs two opposite colours (a partnership, C.4 step 10); with 4 players in
partnerships the strong bot plays both seats of one side (seats 0 and 2, or 1 and 3).  With 3
players, or 4 under a rule set without partners (``teams="none"``), the strong bot plays one
seat against the opponent in every other, so an equal would take 1/players of the points.
A win is 1 point, a draw (the ``max_turns`` safeguard) shared.  The CPU seconds of every
strong move are measured (mean and slowest).  Pachisi is mostly luck per throw, so the share
of points is a noisy figure: its 95% (Wilson) interval is printed beside it.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from strength import strong_vs

import parlour
from parlour.boards.pachisi import seating
from parlour.testing import play_random


def match(
    opponent: str, games: int, players: int = 2, ruleset: str = "pachisi_standard"
) -> dict[str, Any]:
    """``strong`` against ``opponent``; the strong seats turn one place a game (with 2 or 4
    players the strong side is side 0 in even games, 1 in odd)."""
    game = parlour.make("pachisi", players=players, ruleset=ruleset)
    # the seats on seat 0's side (PC-1): 0 and 2 in a 4-player partnership, else 0 alone
    active, owner, side = seating(players, game.rules.teams)
    ours = {owner[c] for c in active if side[c] == side[active[0]]}
    row = strong_vs(game, opponent, games, strong_seats=sorted(ours))
    return {**row, "pairing": f"strong vs {opponent} ({ruleset}, {players} players)"}


def playout_speed(seconds: float = 5.0, players: int = 4) -> dict[str, Any]:
    """Random games per second through the protocol (``State.apply``), default rules."""
    game = parlour.make("pachisi", players=players)
    start, played, actions = time.perf_counter(), 0, 0
    while time.perf_counter() - start < seconds:
        state = play_random(game, played)
        actions += sum(1 for entry in state.history if "action" in entry)
        played += 1
    spent = time.perf_counter() - start
    return {
        "game": "pachisi",
        "pairing": f"random playouts, State protocol ({players} players)",
        "games": played,
        "games_per_s": round(played / spent, 1),
        "actions_per_game": round(actions / played),
    }


def run(games: int = 200, players: int = 2, ruleset: str = "pachisi_standard") -> list[dict]:
    """The result rows: strong vs random, strong vs greedy, and the playout speed."""
    return [
        match("random", games, players, ruleset),
        match("greedy", games, players, ruleset),
        playout_speed(players=players),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per pairing")
    parser.add_argument("--players", type=int, default=2, help="2, 3 or 4")
    parser.add_argument("--ruleset", default="pachisi_standard", help="a rule set of C.8")
    args = parser.parse_args()
    for row in run(args.games, args.players, args.ruleset):
        print(row, flush=True)


if __name__ == "__main__":
    main()
