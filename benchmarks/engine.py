"""Complete deals per second with random legal actions, every poker engine against PokerKit.

    .venv/bin/python benchmarks/engine.py [--seconds 1.0] [--rounds 5] [--players 2 6]

Each row of ``ROWS`` is (name, factory, baseline): ``factory(players)`` returns a
function ``deal(rng)`` that plays one whole deal with uniformly random legal actions
and returns the number of actions taken.  parlour's rows go through the protocol
only (``new_state``, ``legal_actions``, ``apply``, ``payoffs``).  PokerKit's rows are
built from its generic ``State`` (the optional ``bench`` extra:
``.venv/bin/pip install -e '.[bench]'``; without it they are skipped):

* five-card draw, fixed limit: antes 1, blinds 1-2, bets 2/4, one draw; the
  baseline of Draw Poker and Jack-Pots;
* five-card stud, fixed limit: one card down and one up, then three more up,
  a bet of 2 (raises capped at four), antes 1, the highest card or hand showing
  first; the baseline of Stud Poker, which parlour plays as its ``S3-variant``
  preset.  parlour's variant also runs with ``limit = stage = 2`` so that it too
  offers a single bet size (it sets no cap on the number of raises).

Straight and Whiskey Poker have no PokerKit row, nor has Stud as S3 plays it by
default (one interval, after the fifth card): they print no ratio.

Every row is first played for a moment unmeasured (so caches such as the hand
ranking's memo are filled, as PokerKit's tables are at import), then the rows run
interleaved, round after round, so that a busy machine slows every row alike; the
table gives each row's median over the rounds, the actions per deal, and the ratio
of the medians to the row's PokerKit baseline, per deal and per action.  Deals differ in
work: under random actions most Jack-Pot deals end unopened before the draw, while a
parlour Draw Poker deal at six players takes about twice PokerKit's actions; read the
per-deal ratio beside the actions column, or take the per-action one.  Nothing is
asserted: it prints.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time
import warnings
from collections.abc import Callable
from typing import Any

import parlour

Deal = Callable[[random.Random], int]

DRAW = "pokerkit five-card draw (State)"
STUD = "pokerkit five-card stud (State)"


def protocol_row(name: str, **options: Any) -> Callable[[int], Deal]:
    """A parlour game played through the protocol."""

    def factory(players: int) -> Deal:
        game = parlour.make(name, players=players, **options)

        def deal(rng: random.Random) -> int:
            state = game.new_state(seed=rng.randrange(1 << 62))
            choice = rng.choice
            steps = 0
            while not state.is_over:
                state.apply(choice(state.legal_actions()))
                steps += 1
            state.payoffs()
            return steps

        return deal

    return factory


def _pokerkit() -> Any:
    import pokerkit

    warnings.filterwarnings("ignore", module="pokerkit")  # "no reason for this player to fold"
    return pokerkit


def _betting_step(state: Any, rng: random.Random) -> None:
    """One uniformly random choice among fold, check-or-call and bet-or-raise."""
    moves = []
    if state.can_fold():
        moves.append(state.fold)
    if state.can_check_or_call():
        moves.append(state.check_or_call)
    if state.can_complete_bet_or_raise_to():
        moves.append(state.complete_bet_or_raise_to)
    rng.choice(moves)()


def pokerkit_five_card_draw(players: int) -> Deal:
    """PokerKit's fixed-limit five-card draw: antes 1, blinds 1-2, bets 2/4, one draw."""
    pk = _pokerkit()
    auto = pk.Automation
    automations = (
        auto.ANTE_POSTING, auto.BET_COLLECTION, auto.BLIND_OR_STRADDLE_POSTING,
        auto.CARD_BURNING, auto.HOLE_DEALING, auto.BOARD_DEALING, auto.RUNOUT_COUNT_SELECTION,
        auto.HOLE_CARDS_SHOWING_OR_MUCKING, auto.HAND_KILLING, auto.CHIPS_PUSHING,
        auto.CHIPS_PULLING,
    )  # fmt: skip
    streets = (
        pk.Street(False, (False,) * 5, 0, False, pk.Opening.POSITION, 2, 4),
        pk.Street(False, (), 0, True, pk.Opening.POSITION, 4, 4),
    )

    def deal(rng: random.Random) -> int:
        state = pk.State(automations, pk.Deck.STANDARD, (pk.StandardHighHand,), streets,
                         pk.BettingStructure.FIXED_LIMIT, True, 1, (1, 2), 0, 1000, players,
                         mode=pk.Mode.CASH_GAME)  # fmt: skip
        steps = 0
        while state.status:
            if state.can_stand_pat_or_discard():
                hole = list(state.hole_cards[state.stand_patter_or_discarder_index])
                state.stand_pat_or_discard(rng.sample(hole, rng.randint(0, len(hole))))
            else:
                _betting_step(state, rng)
            steps += 1
        return steps

    return deal


def pokerkit_five_card_stud(players: int) -> Deal:
    """PokerKit's generic State as fixed-limit five-card stud (bet 2, antes 1)."""
    pk = _pokerkit()
    automations = tuple(a for a in pk.Automation if a != pk.Automation.RUNOUT_COUNT_SELECTION)
    first = pk.Street(False, (False, True), 0, False, pk.Opening.HIGH_CARD, 2, 4)
    later = pk.Street(False, (True,), 0, False, pk.Opening.HIGH_HAND, 2, 4)
    streets = (first, later, later, later)

    def deal(rng: random.Random) -> int:
        state = pk.State(automations, pk.Deck.STANDARD, (pk.StandardHighHand,), streets,
                         pk.BettingStructure.FIXED_LIMIT, True, 1, 0, 0, 10**6, players,
                         mode=pk.Mode.CASH_GAME)  # fmt: skip
        steps = 0
        while state.status:
            _betting_step(state, rng)
            steps += 1
        return steps

    return deal


# S3's stud variation (V-3) offering one bet size, as PokerKit's row does
_VARIANT_2 = protocol_row("stud-poker", preset="S3-variant", limit=2, stage=2)

# (name, factory, the PokerKit row it is compared with, if any)
ROWS: list[tuple[str, Callable[[int], Deal], str | None]] = [
    ("draw-poker (S0 defaults)", protocol_row("draw-poker"), DRAW),
    ("draw-poker (S4-club)", protocol_row("draw-poker", preset="S4-club"), DRAW),
    ("jackpots", protocol_row("jackpots"), DRAW),
    ("straight-poker", protocol_row("straight-poker"), None),
    ("whiskey-poker", protocol_row("whiskey-poker"), None),
    ("stud-poker (S3-variant)", protocol_row("stud-poker", preset="S3-variant"), STUD),
    ("stud-poker (variant, limit = stage = 2)", _VARIANT_2, STUD),
    ("stud-poker (S3 defaults: one interval)", protocol_row("stud-poker"), None),
    (DRAW, pokerkit_five_card_draw, DRAW),
    (STUD, pokerkit_five_card_stud, STUD),
]


def measure(deal: Deal, seconds: float, rng: random.Random) -> tuple[float, float]:
    """Deals per second over about ``seconds`` (CPU time of this process), and actions per deal."""
    clock = time.process_time
    deals = actions = 0
    start = clock()
    while True:
        actions += deal(rng)
        deals += 1
        elapsed = clock() - start
        if elapsed >= seconds:
            return deals / elapsed, actions / deals


def table(players: int, seconds: float, rounds: int, warm: float) -> list[dict[str, Any]]:
    """One dict per row: name, players, median deals/s, actions/deal, ratio and baseline."""
    deals: dict[str, Deal] = {}
    baseline: dict[str, str | None] = {}
    for name, factory, base in ROWS:
        try:
            deals[name] = factory(players)
        except ImportError as err:
            print(f"{name}: skipped ({err.name} is not installed: pip install -e '.[bench]')")
            continue
        baseline[name] = base
    rng = random.Random(players)
    for deal in deals.values():
        measure(deal, warm, rng)
    rates: dict[str, list[float]] = {name: [] for name in deals}
    actions: dict[str, list[float]] = {name: [] for name in deals}
    for _ in range(rounds):
        for name, deal in deals.items():
            per_second, per_deal = measure(deal, seconds, rng)
            rates[name].append(per_second)
            actions[name].append(per_deal)
    medians = {name: statistics.median(values) for name, values in rates.items()}
    per_deal = {name: statistics.mean(values) for name, values in actions.items()}
    out = []
    for name in deals:
        base = baseline[name]
        base_rate = medians.get(base) if base and base != name else None
        out.append({
            "name": name, "players": players, "deals_per_s": medians[name],
            "actions_per_deal": per_deal[name],
            "ratio": medians[name] / base_rate if base_rate else None,
            "action_ratio": (medians[name] * per_deal[name] / (base_rate * per_deal[base])
                             if base_rate and base else None),
            "baseline": base, "rounds": rates[name],
        })  # fmt: skip
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="per row and round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--warm", type=float, default=0.5, help="unmeasured seconds per row")
    parser.add_argument("--players", type=int, nargs="*", default=[2, 6])
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}: complete deals per "
          f"second of CPU time, random legal actions, median of {args.rounds} rounds "
          f"of {args.seconds:g} s")  # fmt: skip
    for players in args.players:
        print(f"\n{players} players{'':31} {'deals/s':>9} {'actions':>8}   "
              "ratio to PokerKit: deals/s, actions/s")  # fmt: skip
        for row in table(players, args.seconds, args.rounds, args.warm):
            ratio = ""
            if row["ratio"] is not None:
                ratio = (f"{row['ratio']:6.1f} x, {row['action_ratio']:5.1f} x "
                         f"{row['baseline'].removeprefix('pokerkit ')}")  # fmt: skip
            print(f"  {row['name']:38} {row['deals_per_s']:9.0f} {row['actions_per_deal']:8.1f}"
                  f"   {ratio}")  # fmt: skip


if __name__ == "__main__":
    main()
