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

Under a Whiskey Poker settlement where the poorest hand loses (``--rule
settlement=poorest-pays``, V-7, or ``settlement=lives``, R7.7) there is no betting; the
strong player's hint says at each turn (an exchange, the widow, a knock, a stand) the
chance that the hand its move leaves is not the poorest at the show.  Then it prints, by the
chance said, how many such decisions, the mean said, how often the hand was in fact not the
poorest once the move was made (every hand as it stands then, as for the share) and how
often it was not the poorest at the deal's show (its own later turns included; exact for a
knock and for the turns after one, where its hand is final), the Brier scores, and the same
for the decisions where its hand is final.  The strong seat turns with the deal; under
``lives`` each of ``--deals`` is a whole game, its deals played until one player survives.

    .venv/bin/python benchmarks/poker_calibration.py --rule settlement=poorest-pays \\
        --against book --deals 1000
"""

from __future__ import annotations

import argparse
import itertools
from typing import Any

import numpy as np

import parlour
from parlour import bots, terminal
from parlour.game import GameOptionError

BINS = (0.0, 0.2, 0.4, 0.6, 0.8, 0.95, 1.01)
#: the bins of the chance of not being the poorest (finer where it is small)
SPARED_BINS = (0.0, 0.05, 0.2, 0.4, 0.6, 0.8, 0.95, 1.01)
#: Whiskey Poker's settlements where the poorest hand loses (V-7, R7.7)
POOREST_LOSES = ("poorest-pays", "lives")


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


def not_poorest(state: Any, seat: int) -> bool:
    """Whether ``seat``'s Whiskey Poker hand, as it stands, is above the poorest of the
    others alive (a tie for the poorest is the poorest: V-7, R7.7)."""
    ranking = state.game.ranking
    value = {s: ranking.evaluate(h).strength for s, h in enumerate(state.hands) if state.alive[s]}
    return value[seat] > min(v for s, v in value.items() if s != seat)


def measure_spared(players: int, deals: int, against: str, rules: dict[str, Any]) -> np.ndarray:
    """At every Whiskey Poker decision of a strong seat whose hint says a chance of not being
    the poorest: the chance said, whether the hand the move left was not the poorest then,
    whether it was not the poorest at the deal's show, and whether its hand was final."""
    game = parlour.make("whiskey-poker", players=players, **rules)
    rows: list[tuple[float, bool, bool, bool]] = []
    for deal in range(deals):
        state: Any = game.new_state(seed=deal)
        names = [against] * players
        names[deal % players] = "strong"
        seated = [bots.make(names[s], game, seed=1000 * deal + s) for s in range(players)]
        pending: list[tuple[float, bool | None, bool, int, int]] = []  # said, now, final, ...
        while not state.is_over:
            seat = state.to_move
            obs = state.observation(seat)
            bot = seated[seat]
            action = bot.choose(obs, state.legal_actions())
            final = obs["knocker"] is not None or str(action) == "knock"
            deal_no = state.deal_no
            state.apply(action)
            if names[seat] == "strong" and " as the poorest at " in bot.reason:
                said = float(bot.reason.split(" as the poorest at ")[1].split("%")[0]) / 100
                now = state.deal_no == deal_no and not state.is_over  # the show not yet made
                spared_now = not_poorest(state, seat) if now else None
                pending.append((said, spared_now, final, deal_no, seat))
        shows = {r["deal"]: r for r in state.results}
        for said, spared_now, final, deal_no, seat in pending:
            spared_show = seat not in shows[deal_no]["poorest"]
            rows.append((said, spared_show if spared_now is None else spared_now, spared_show,
                         final))  # fmt: skip
    return np.array(rows, dtype=float).reshape(-1, 4)


def print_spared(rows: np.ndarray) -> None:
    """The table of :func:`measure_spared`'s decisions by the chance said."""
    for label, chosen in (("all", rows), ("its hand final", rows[rows[:, 3] == 1])):
        said, now, show = chosen[:, 0], chosen[:, 1], chosen[:, 2]
        print(f" {label}: {len(said)} decisions, not the poorest said {said.mean():.3f}, "
              f"then {now.mean():.3f}, at the show {show.mean():.3f}")  # fmt: skip
        for low, high in itertools.pairwise(SPARED_BINS):
            at = (said >= low) & (said < high)
            if at.any():
                print(f"  said {low:.2f}..{min(high, 1):.2f}: {at.sum():5d} decisions, said "
                      f"{said[at].mean():.3f}, then {now[at].mean():.3f}, "
                      f"at the show {show[at].mean():.3f}")  # fmt: skip
        print(f"  Brier score {((said - now) ** 2).mean():.4f} (then), "
              f"{((said - show) ** 2).mean():.4f} (at the show)")  # fmt: skip


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
    parser.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE",
                        help="a rule option: whiskey-poker's settlement=poorest-pays or lives "
                        "measures the chance of not being the poorest")  # fmt: skip
    args = parser.parse_args()
    try:
        rules = terminal.parse_rule_options(args.rule)
    except GameOptionError as err:
        parser.error(str(err))
    if args.game == "whiskey-poker" and rules.get("settlement") in POOREST_LOSES:
        rows = measure_spared(args.players, args.deals, args.against, rules)
        print(f"{args.game}, {args.players} players, settlement {rules['settlement']}, strong "
              f"against {args.against}, {args.deals} deals:")  # fmt: skip
        print_spared(rows)
        return
    if rules:
        parser.error("--rule is read only with whiskey-poker's settlement=poorest-pays or lives")
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
