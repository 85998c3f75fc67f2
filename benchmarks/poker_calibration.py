"""How true the poker ``strong`` players' reckonings are: the share of the pool each says it
has when it stakes (its hint's figure) against the share it would take at the show.

Only stakes where every hand is already final are counted, so the share taken is exact: each
betting decision of Straight Poker (V-1), of Whiskey Poker (V-7) and of Draw Poker and
Jack-Pots after the draw.  The hands still in at that moment are shown down as they stand
(a hand thrown up later still counts: the figure is what the stake was judged by).  Every seat
is a ``strong`` player unless ``--against`` names another bot for the others.

    .venv/bin/python benchmarks/poker_calibration.py --game whiskey-poker --deals 150
    .venv/bin/python benchmarks/poker_calibration.py --game draw-poker --against book

It prints, by the share said, how many stakes, the mean share said and the mean share taken,
and the Brier score (the mean squared difference, 0 for a perfect reckoning).
"""

from __future__ import annotations

import argparse
import itertools
from typing import Any

import numpy as np

import parlour
from parlour import bots

BINS = (0.0, 0.2, 0.4, 0.6, 0.8, 0.95, 1.01)


def final_hands(state: Any) -> list[list[Any]]:
    """Every seat's hand as it stands (final where :func:`measure` asks)."""
    if hasattr(state, "kept"):  # Draw Poker, Jack-Pots
        return [k + d for k, d in zip(state.kept, state.drawn, strict=True)]
    return [list(h) for h in state.hands]


def share_taken(state: Any, seat: int, out: list[bool], ranking: Any) -> float:
    """``seat``'s share of the pool if the hands still in were shown now."""
    hands = final_hands(state)
    value = {s: ranking.evaluate(h).strength for s, h in enumerate(hands) if not out[s]}
    top = max(value.values())
    best = [s for s, v in value.items() if v == top]
    return 1 / len(best) if seat in best else 0.0


def measure(game_name: str, players: int, deals: int, against: str) -> tuple[np.ndarray, ...]:
    """The share said and the share taken at every counted stake of ``deals`` deals."""
    game = parlour.make(game_name, players=players)
    drawing = game_name in ("draw-poker", "jackpots")
    said, taken = [], []
    for deal in range(deals):
        state = game.new_state(seed=deal)
        names = ["strong"] + [against] * (players - 1)
        seated = [bots.make(names[s], game, seed=1000 * deal + s) for s in range(players)]
        while not state.is_over:
            seat = state.to_move
            obs = state.observation(seat)
            bot = seated[seat]
            action = bot.choose(obs, state.legal_actions())
            stake = obs["phase"] == "bet2" if drawing else obs["price"] is not None
            if names[seat] == "strong" and stake and " at the show at " in bot.reason:
                said.append(float(bot.reason.split(" at the show at ")[1].split("%")[0]) / 100)
                out = obs["dropped"] if drawing else obs["folded"]
                taken.append(share_taken(state, seat, out, bot.sampler.ranking))
            state.apply(action)
    return np.array(said), np.array(taken)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--game",
        default="whiskey-poker",
        choices=["draw-poker", "jackpots", "straight-poker", "whiskey-poker"],
    )
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--deals", type=int, default=150)
    parser.add_argument("--against", default="strong", help="the bot in the other seats")
    args = parser.parse_args()
    said, taken = measure(args.game, args.players, args.deals, args.against)
    print(f"{args.game}, {args.players} players, strong against {args.against}, "
          f"{args.deals} deals: {len(said)} stakes, share said {said.mean():.3f}, "
          f"taken {taken.mean():.3f}")  # fmt: skip
    for low, high in itertools.pairwise(BINS):
        at = (said >= low) & (said < high)
        if at.any():
            print(f"  said {low:.2f}..{min(high, 1):.2f}: {at.sum():4d} stakes, said "
                  f"{said[at].mean():.3f}, taken {taken[at].mean():.3f}")  # fmt: skip
    print(f"Brier score {((said - taken) ** 2).mean():.4f}")


if __name__ == "__main__":
    main()
