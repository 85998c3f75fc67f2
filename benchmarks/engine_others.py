"""Deals per second of Straight, Stud and Whiskey Poker, against PokerKit's five-card stud.

Run:  .venv/bin/python benchmarks/engine_others.py [--seconds 2]

Each deal is played with uniformly random legal actions through the public protocol
(``new_state``, ``legal_actions``, ``apply``), with 2 and with 6 players.  PokerKit has no
five-card stud of its own, but its generic ``State`` expresses one: one card down and one
up, then three more up, fixed-limit betting after each, the highest card or hand showing
first.  parlour's stud is run with ``limit = stage = 2`` so that it too offers a single bet
size (it sets no cap on the number of raises; PokerKit's fixed limit caps them at four).
PokerKit is in the ``bench`` extra (``.venv/bin/pip install -e '.[bench]'``); without it
its rows are skipped.  Nothing here is asserted: it prints.

``rows()`` returns the figures as dicts, for ``benchmarks/engine.py`` to include.
"""

from __future__ import annotations

import argparse
import platform
import random
import time
import warnings
from collections.abc import Callable
from typing import Any

import parlour

GAMES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("straight-poker", {}),
    ("stud-poker", {}),
    ("stud-poker", {"limit": 2, "stage": 2}),
    ("whiskey-poker", {}),
)


def _rate(play_one: Callable[[int], int], seconds: float) -> tuple[float, float]:
    """Deals per second and actions per deal of ``play_one(seed) -> actions``."""
    deals = actions = 0
    start = time.perf_counter()
    while True:
        actions += play_one(deals)
        deals += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return deals / elapsed, actions / deals


def parlour_rate(name: str, players: int, options: dict[str, Any], seconds: float) -> dict:
    game = parlour.make(name, players=players, **options)
    chooser = random.Random(1)

    def play_one(seed: int) -> int:
        state = game.new_state(seed=seed)
        steps = 0
        while not state.is_over:
            state.apply(chooser.choice(state.legal_actions()))
            steps += 1
        return steps

    per_second, per_deal = _rate(play_one, seconds)
    label = name + (" (limit = stage = 2)" if options else "")
    return {"engine": "parlour", "game": label, "players": players,
            "deals_per_s": per_second, "actions_per_deal": per_deal}  # fmt: skip


def pokerkit_rate(players: int, seconds: float) -> dict | None:
    """PokerKit's generic State as fixed-limit five-card stud (bet 2, antes 1)."""
    try:
        from pokerkit import (
            Automation,
            BettingStructure,
            Deck,
            Mode,
            Opening,
            StandardHighHand,
            State,
            Street,
        )
    except ImportError:
        return None
    automations = tuple(a for a in Automation if a != Automation.RUNOUT_COUNT_SELECTION)
    first = Street(False, (False, True), 0, False, Opening.HIGH_CARD, 2, 4)
    later = Street(False, (True,), 0, False, Opening.HIGH_HAND, 2, 4)
    chooser = random.Random(1)
    warnings.simplefilter("ignore", UserWarning)  # "no reason for this player to fold"

    def play_one(_: int) -> int:
        state = State(
            automations, Deck.STANDARD, (StandardHighHand,), (first, later, later, later),
            BettingStructure.FIXED_LIMIT, True, 1, 0, 0, 10**6, players, mode=Mode.CASH_GAME,
        )  # fmt: skip
        steps = 0
        while state.status:
            moves = []
            if state.can_fold():
                moves.append(state.fold)
            if state.can_check_or_call():
                moves.append(state.check_or_call)
            if state.can_complete_bet_or_raise_to():
                moves.append(state.complete_bet_or_raise_to)
            chooser.choice(moves)()
            steps += 1
        return steps

    per_second, per_deal = _rate(play_one, seconds)
    game = "fixed-limit five-card stud (generic State)"
    return {"engine": "pokerkit", "game": game, "players": players,
            "deals_per_s": per_second, "actions_per_deal": per_deal}  # fmt: skip


def rows(seconds: float = 2.0, players: tuple[int, ...] = (2, 6)) -> list[dict]:
    """Every figure of this benchmark, one dict per engine, game and player count."""
    out = []
    for n in players:
        for name, options in GAMES:
            out.append(parlour_rate(name, n, options, seconds))
        found = pokerkit_rate(n, seconds)
        if found is not None:
            out.append(found)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per figure")
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}; random legal actions")
    print(f"{'engine':9} {'game':44} {'players':>7} {'deals/s':>10} {'actions/deal':>13}")
    for row in rows(args.seconds):
        print(f"{row['engine']:9} {row['game']:44} {row['players']:>7} "
              f"{row['deals_per_s']:>10.0f} {row['actions_per_deal']:>13.1f}")  # fmt: skip
    try:
        import pokerkit  # noqa: F401
    except ImportError:
        print("pokerkit is not installed: .venv/bin/pip install -e '.[bench]'")


if __name__ == "__main__":
    main()
