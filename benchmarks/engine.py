"""Complete deals per second with random legal actions, through each engine's public API.

    .venv/bin/python benchmarks/engine.py [--seconds 1.0] [--rounds 3]

Each row of ``ROWS`` is (name, factory): ``factory(players)`` returns a function
``deal(rng)`` that plays one whole deal with uniformly random legal actions and
returns the payoffs.  parlour's rows go through the protocol only (``new_state``,
``legal_actions``, ``apply``, ``payoffs``); PokerKit's five-card draw is built
from its ``State`` (the optional ``bench`` extra: ``pip install -e '.[bench]'``).
Rows run interleaved, round after round, and the best round of each is printed,
so that a busy machine slows every row alike.  Add a game by adding a row.
"""

from __future__ import annotations

import argparse
import random
import time
import warnings
from collections.abc import Callable
from typing import Any

import parlour

Deal = Callable[[random.Random], Any]


def protocol_row(name: str, **options: Any) -> Callable[[int], Deal]:
    """A parlour game played through the protocol."""

    def factory(players: int) -> Deal:
        game = parlour.make(name, players=players, **options)

        def deal(rng: random.Random) -> Any:
            state = game.new_state(seed=rng.randrange(1 << 62))
            choice = rng.choice
            while not state.is_over:
                state.apply(choice(state.legal_actions()))
            return state.payoffs()

        return deal

    return factory


def pokerkit_five_card_draw(players: int) -> Deal:
    """PokerKit's fixed-limit five-card draw: antes 1, blinds 1-2, bets 2/4, one draw."""
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

    automations = (
        Automation.ANTE_POSTING, Automation.BET_COLLECTION,
        Automation.BLIND_OR_STRADDLE_POSTING, Automation.CARD_BURNING,
        Automation.HOLE_DEALING, Automation.BOARD_DEALING, Automation.RUNOUT_COUNT_SELECTION,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING, Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING, Automation.CHIPS_PULLING,
    )  # fmt: skip
    streets = (
        Street(False, (False,) * 5, 0, False, Opening.POSITION, 2, 4),
        Street(False, (), 0, True, Opening.POSITION, 4, 4),
    )
    warnings.filterwarnings("ignore", module="pokerkit")

    def deal(rng: random.Random) -> Any:
        state = State(automations, Deck.STANDARD, (StandardHighHand,), streets,
                      BettingStructure.FIXED_LIMIT, True, 1, (1, 2), 0, 1000, players,
                      mode=Mode.CASH_GAME)  # fmt: skip
        while state.status:
            if state.can_stand_pat_or_discard():
                hole = list(state.hole_cards[state.stand_patter_or_discarder_index])
                state.stand_pat_or_discard(rng.sample(hole, rng.randint(0, len(hole))))
                continue
            ops = [op for op, ok in ((0, state.can_fold()), (1, state.can_check_or_call()),
                                     (2, state.can_complete_bet_or_raise_to())) if ok]  # fmt: skip
            op = rng.choice(ops)
            if op == 0:
                state.fold()
            elif op == 1:
                state.check_or_call()
            else:
                state.complete_bet_or_raise_to()
        return state.payoffs

    return deal


ROWS: list[tuple[str, Callable[[int], Deal]]] = [
    ("parlour draw-poker (S0 defaults)", protocol_row("draw-poker")),
    ("parlour draw-poker (S4-club)", protocol_row("draw-poker", preset="S4-club")),
    ("parlour jackpots", protocol_row("jackpots")),
    ("pokerkit five-card draw (State)", pokerkit_five_card_draw),
]


def rate(deal: Deal, seconds: float, rng: random.Random) -> float:
    """Deals per second over about ``seconds``."""
    count = 0
    start = time.perf_counter()
    while True:
        deal(rng)
        count += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return count / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="per row and round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--players", type=int, nargs="*", default=[2, 6])
    args = parser.parse_args()
    for players in args.players:
        deals: dict[str, Deal] = {}
        for name, factory in ROWS:
            try:
                deals[name] = factory(players)
            except ImportError as err:
                print(f"{name}: skipped ({err.name} is not installed: pip install -e '.[bench]')")
        best = dict.fromkeys(deals, 0.0)
        rng = random.Random(players)
        for _ in range(args.rounds):
            for name, deal in deals.items():
                best[name] = max(best[name], rate(deal, args.seconds, rng))
        base = best.get("pokerkit five-card draw (State)")
        print(f"\n{players} players: complete deals per second (best of {args.rounds} rounds)")
        for name, value in best.items():
            ratio = f"  {value / base:5.1f} x pokerkit" if base else ""
            print(f"  {name:36s} {value:9.0f}{ratio}")


if __name__ == "__main__":
    main()
