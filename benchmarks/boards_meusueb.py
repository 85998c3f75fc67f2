"""Meusuëb: the strong player's points against `random` and `greedy`, and playout speed.

Seats alternate from game to game; a win is 1 point, a draw half.  The strong player
searches ``--time-limit`` seconds a move (default 0.1, well under the 1 s allowed).

    .venv/bin/python benchmarks/boards_meusueb.py [--games 200] [--time-limit 0.1]
"""

from __future__ import annotations

import argparse
import random
import sys
import time

import parlour
import parlour.bots
from parlour.boards.meusueb import Position

TIME_LIMIT = 0.1


def match(opponent: str, games: int, time_limit: float = TIME_LIMIT) -> dict:
    """The strong player against ``opponent`` over ``games`` games, seats alternated."""
    game = parlour.make("meusueb")
    points = 0.0
    wins = draws = losses = moves = 0
    spent = longest = 0.0
    for number in range(games):
        strong = parlour.bots.make("strong", game, seed=number, time_limit=time_limit)
        other = parlour.bots.make(opponent, game, seed=10_000 + number)
        seat = number % 2
        state = game.new_state(seed=number)
        while not state.is_over:
            mover = state.to_move
            observation, legal = state.observation(mover), state.legal_actions()
            if mover == seat:
                start = time.perf_counter()
                action = strong.choose(observation, legal)
                took = time.perf_counter() - start
                spent += took
                longest = max(longest, took)
                moves += 1
            else:
                action = other.choose(observation, legal)
            state.apply(action)
        payoff = state.payoffs()[seat]
        wins += payoff > 0
        draws += payoff == 0
        losses += payoff < 0
        points += (payoff + 1) / 2
        if (number + 1) % 20 == 0:
            print(f"  {opponent}: {number + 1} games, +{wins} ={draws} -{losses}", file=sys.stderr)
    return {
        "game": "meusueb",
        "pairing": f"strong vs {opponent}",
        "games": games,
        "wins": wins,
        "draws": draws,
        "losses": losses,
        "points %": round(100 * points / games, 1),
        "s/move mean": round(spent / max(moves, 1), 3),
        "s/move max": round(longest, 3),
    }


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
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per pairing")
    parser.add_argument("--time-limit", type=float, default=TIME_LIMIT, help="seconds a move")
    args = parser.parse_args()
    print(f"strong player: {args.time_limit} s a move (wall clock)", flush=True)
    rows = (
        lambda: playout_speed(),
        lambda: match("random", args.games, args.time_limit),
        lambda: match("greedy", args.games, args.time_limit),
    )
    for make_row in rows:
        row = make_row()
        print(", ".join(f"{key}: {value}" for key, value in row.items()), flush=True)


if __name__ == "__main__":
    main()
