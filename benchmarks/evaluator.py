"""Evaluator throughput, side by side with treys, eval7, phevaluator and pokerkit.

Run:  .venv/bin/python benchmarks/evaluator.py [--repeats 5] [--single 200000]

(a) batch: every one of the 2,598,960 hands of the 52-card pack.  parlour evaluates them
    as one numpy array of int8 codes (``parlour.poker.fast.evaluate_batch``, checks
    included), in the enumeration's order and again shuffled (its tables then miss the
    cache more often); the other libraries have no batch call, so they are called once per
    hand in a Python loop (pokerkit, being far slower, on a sample, scaled to hands per
    second).
(b) single hands: the same random hands, one public call per hand
    (``Ranking.evaluate`` for parlour).

Figures are medians of ``--repeats`` rounds, each evaluator once a round.  Libraries that
are not installed (the ``bench`` extra: ``.venv/bin/pip install -e '.[bench]'``) are
reported and skipped.  Nothing here is asserted: it prints.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from parlour.cards import RANK_CHARS, SUIT_CHARS
from parlour.poker.fast import _tables, all_hands, evaluate_batch
from parlour.poker.ranking import Ranking


def text(code: int) -> str:
    return RANK_CHARS[code >> 2] + SUIT_CHARS[code & 3]


def interleaved(runs: dict[str, Callable[[], Any]], repeats: int) -> dict[str, tuple[float, float]]:
    """Median wall-clock and median CPU (process) seconds of each run, ``repeats`` rounds of
    one run each.

    On a shared machine the CPU time is the fairer figure: it leaves out the time the
    process waited for a core; taking turns spreads the load's changes over all the runs.
    """
    walls: dict[str, list[float]] = {k: [] for k in runs}
    cpus: dict[str, list[float]] = {k: [] for k in runs}
    for _ in range(repeats):
        for name, run in runs.items():
            start, cpu = time.perf_counter(), time.process_time()
            run()
            walls[name].append(time.perf_counter() - start)
            cpus[name].append(time.process_time() - cpu)
    return {k: (statistics.median(walls[k]), statistics.median(cpus[k])) for k in runs}


def loop_runner(make: Callable[[list[list[int]]], tuple[Callable[[Any], Any], list[Any]]],
                hands: list[list[int]]) -> Callable[[], None]:  # fmt: skip
    """A loop calling the library's evaluator once per prepared hand."""
    call, prepared = make(hands)

    def run() -> None:
        for h in prepared:
            call(h)

    return run


# --- each library: (call, prepared hands); the preparation is not timed -------------------


def prep_parlour(hands: list[list[int]]) -> tuple[Callable[[Any], Any], list[Any]]:
    ranking = Ranking().warm()  # the memo holds every rank multiset (and flush) up front
    return ranking.evaluate, hands


def prep_treys(hands: list[list[int]]) -> tuple[Callable[[Any], Any], list[Any]]:
    from treys import Card, Evaluator

    ev = Evaluator()
    cache = {c: Card.new(text(c)) for c in range(60) if (c >> 2) not in (9, 10)}
    prepared = [([cache[h[0]], cache[h[1]]], [cache[c] for c in h[2:]]) for h in hands]
    evaluate = ev.evaluate

    def call(pair: tuple[list[int], list[int]]) -> int:
        return evaluate(pair[0], pair[1])

    return call, prepared


def prep_eval7(hands: list[list[int]]) -> tuple[Callable[[Any], Any], list[Any]]:
    import eval7

    cache = {c: eval7.Card(text(c)) for c in range(60) if (c >> 2) not in (9, 10)}
    return eval7.evaluate, [[cache[c] for c in h] for h in hands]


def prep_phevaluator(hands: list[list[int]]) -> tuple[Callable[[Any], Any], list[Any]]:
    from phevaluator import evaluate_cards

    def ph(c: int) -> int:  # 4 * rank + suit, ranks 2..A without the 11s and 12s
        r = c >> 2
        return 4 * (r if r < 9 else r - 2) + (c & 3)

    prepared = [tuple(ph(c) for c in h) for h in hands]

    def call(h: tuple[int, ...]) -> int:
        return evaluate_cards(*h)

    return call, prepared


def prep_pokerkit(hands: list[list[int]]) -> tuple[Callable[[Any], Any], list[Any]]:
    from pokerkit import Card, StandardHighHand

    cache = {c: next(iter(Card.parse(text(c)))) for c in range(60) if (c >> 2) not in (9, 10)}
    return StandardHighHand, [tuple(cache[c] for c in h) for h in hands]


LIBRARIES = {
    "treys": prep_treys,
    "eval7": prep_eval7,
    "phevaluator": prep_phevaluator,
    "pokerkit": prep_pokerkit,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--single", type=int, default=200_000, help="hands for (b)")
    parser.add_argument("--pokerkit-sample", type=int, default=20_000)
    args = parser.parse_args()

    print(f"Python {platform.python_version()}, numpy {np.__version__}, {platform.machine()}")
    ranking = Ranking()
    start = time.perf_counter()
    _tables(ranking)
    print(f"parlour: lookup tables built in {time.perf_counter() - start:.2f} s (once per ranking)")
    hands = all_hands(ranking.pack)
    n = len(hands)
    hand_lists = hands.tolist()
    rng = random.Random(2024)
    # fresh lists, allocated in order: picking the 2.6M lists themselves at random would
    # time cache misses, not evaluators
    single = [list(hand_lists[i]) for i in (rng.randrange(n) for _ in range(args.single))]

    available: dict[str, Callable[..., Any]] = {}
    for name, prep in LIBRARIES.items():
        try:
            prep(single[:10])
            available[name] = prep
        except ImportError as err:
            print(f"{name}: not installed ({err}); skipped")

    # (a) batch over all 2,598,960 hands; every evaluator once a round, so that a change
    # in the machine's load falls on all of them alike
    evaluate_batch(hands, ranking)
    shuffled = hands[np.random.default_rng(2024).permutation(n)]
    runs: dict[str, tuple[str, int, Callable[[], Any]]] = {
        "parlour (numpy batch)": ("all", n, lambda: evaluate_batch(hands, ranking)),
        "parlour (batch, shuffled)": ("all", n, lambda: evaluate_batch(shuffled, ranking)),
    }
    for name, prep in available.items():
        sample = hand_lists if name != "pokerkit" else hand_lists[:: n // args.pokerkit_sample]
        label = "all" if len(sample) == n else f"{len(sample):,}"
        runs[f"{name} (loop)"] = (label, len(sample), loop_runner(prep, sample))
    times = interleaved({k: v[2] for k, v in runs.items()}, args.repeats)
    print(f"\n(a) batch throughput, 52-card pack ({n:,} hands), median of {args.repeats}")
    print(f"{'evaluator':<26}{'hands':>10}{'M hands/s':>12}{'per CPU s':>12}")
    for name, (label, count, _) in runs.items():
        t, c = times[name]
        print(f"{name:<26}{label:>10}{count / t / 1e6:12.2f}{count / c / 1e6:12.2f}")

    # (b) single-hand calls through each public API, interleaved in the same way
    singles: dict[str, tuple[int, Callable[[], Any]]] = {
        "parlour Ranking.evaluate": (len(single), loop_runner(prep_parlour, single))
    }
    for name, prep in available.items():
        sample = single if name != "pokerkit" else single[: args.pokerkit_sample]
        singles[name] = (len(sample), loop_runner(prep, sample))
    for _, run in singles.values():
        run()  # warm-up (parlour's memo is already full: Ranking.warm)
    times = interleaved({k: v[1] for k, v in singles.items()}, args.repeats)
    print(f"\n(b) single-hand calls, {len(single):,} random hands, median of {args.repeats}")
    print(f"{'evaluator':<26}{'M calls/s':>12}{'per CPU s':>12}")
    for name, (count, _) in singles.items():
        t, c = times[name]
        print(f"{name:<26}{count / t / 1e6:12.2f}{count / c / 1e6:12.2f}")


if __name__ == "__main__":
    main()
