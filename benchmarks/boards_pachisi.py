"""Pachisi: the strong player's results and the engine's random-playout speed.

    .venv/bin/python benchmarks/boards_pachisi.py [--games 200] [--players 2] [--ruleset NAME]

The strong player meets ``random`` and ``greedy`` over GAMES games each (default 200), seats
alternated: with 2 players each seat runs two opposite colours (a partnership, C.4 step 10);
with 4 players the strong bot plays both seats of one side.  A win is 1 point.  The thinking
time of every strong move is measured.  Pachisi is mostly luck per throw, so the share of
points is a noisy figure: its 95% (Wilson) interval is printed beside it.
"""

from __future__ import annotations

import argparse
import math
import time
from typing import Any

import parlour
from parlour.testing import play_random


def wilson(share: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson 95% interval of a proportion ``share`` measured over ``n`` games."""
    centre = (share + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(centre - half, 0.0), min(centre + half, 1.0)


def match(
    opponent: str, games: int, players: int = 2, ruleset: str = "pachisi_standard"
) -> dict[str, Any]:
    """``strong`` against ``opponent``; the strong side is side 0 in even games, 1 in odd."""
    game = parlour.make("pachisi", players=players, ruleset=ruleset)
    wins = draws = losses = moves = 0
    think = worst = 0.0
    started = time.perf_counter()
    for i in range(games):
        strong_seats = {s for s in range(players) if s % 2 == i % 2}
        bots = {
            s: parlour.bots.make("strong" if s in strong_seats else opponent, game, seed=i * 8 + s)
            for s in range(players)
        }
        state = game.new_state(seed=i)
        while not state.is_over:
            seat = state.to_move
            begin = time.perf_counter()
            action = bots[seat].choose(state.observation(seat), state.legal_actions())
            spent = time.perf_counter() - begin
            if seat in strong_seats:
                moves += 1
                think += spent
                worst = max(worst, spent)
            state.apply(action)
        result = state.payoffs()[min(strong_seats)]
        wins += result > 0
        draws += result == 0
        losses += result < 0
    share = (wins + draws / 2) / games
    low, high = wilson(share, games)
    return {
        "game": "pachisi",
        "match": f"strong vs {opponent} ({ruleset}, {players} players)",
        "games": games,
        "wins": wins,
        "draws": draws,
        "losses": losses,
        "points_pct": round(100 * share, 1),
        "ci95_pct": f"{100 * low:.1f}-{100 * high:.1f}",
        "mean_s_per_move": round(think / max(moves, 1), 4),
        "max_s_per_move": round(worst, 3),
        "wall_s": round(time.perf_counter() - started, 1),
    }


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
        "match": f"random playouts, State protocol ({players} players)",
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
