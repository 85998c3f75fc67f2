"""Poker Patience players on fixed deals: mean score, its standard error, seconds per game.

The deals are ``parlour.make("poker-patience", ...).new_state(seed=SEED0 + i)`` for
i = first .. first+games-1 (SEED0 = 20260000, first 0 unless ``--first``): every player and
every rule set lays the same shuffled and cut packs, so the differences between rows are paired;
each player's gain over ``fast`` is also printed deal by deal, with its own standard error.

    python benchmarks/patience.py                       # 1,000 deals, every player, three rule sets
    python benchmarks/patience.py --games 100 --players fast,strong --rules english-floating
    python benchmarks/patience.py --rules english-fixed,english-floating --players strong
    python benchmarks/patience.py --first 1000 --players fast,strong  # the next 1,000 deals
    python benchmarks/patience.py --learn 2000000 --runs 2 --rules english-floating  # re-learn
    python benchmarks/patience.py --teach 1000 --first 0 --rules english-floating  # record strong
    python benchmarks/patience.py --imitate --rules english-floating  # fit fast to the record
    python benchmarks/patience.py --loss 24 --rules american-fixed    # strong: decision loss
    python benchmarks/patience.py --endgame 1000   # strong: exact last cards against rollouts
    python benchmarks/patience.py --deals contest --rules american-fixed --players fast,strong

``--deals contest`` plays instead the 1,000 deals of the 2013 Gettysburg contest's final
(``parlour.patience.contest``: Neller's framework, seeds 967313920 + i, rebuilt card for card),
on which the published means of poker-patience.md §1.1 were measured: 124.80 for the best
student entry, 124.64 for NARL, 125.18 for expectimax over NARL values.

Rules are ``SCORING-GRID``: ``english-floating`` is the seed's game (PP-2, PP-4);
``american-fixed`` is Poker Squares as the published contests played it.  A scoring played under
both grids (by default English) also prints each player's cost of the adjacency rule: its
fixed-grid score less its floating one, deal by deal, with the standard error of that difference.

``--teach N`` records N games of the strong player (deals TEACH_SEED0 + i from ``--first``, bot
seed i) in ``benchmarks/data/teach-RULES.npz``, adding to the games already there; ``--imitate``
fits the ``fast`` player's values to them (:mod:`parlour.patience.imitate`) and ships the result.
The shipped values were fitted to English floating deals 0..2207 and 3000..4113 (3,322 games,
about 3.3 CPU seconds each, recorded on 16 cores), English fixed and American fixed deals
0..999.

``--endgame N`` measures what the strong player's exact values of the last three cards gain
over rollouts there, on N deals laid by ``fast`` until then.

``--loss N`` measures how much the strong player's Monte Carlo noise costs: on N other deals
(seeds from LOSS_SEED0) it takes every third decision of a game, values every cell with a
reference search of 8,000 rollouts a cell, and prints the mean reference value each setting
gives up against the reference's best cell (uniform rollouts against sequential halving).
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from multiprocessing import Pool
from pathlib import Path

import numpy as np

import parlour
from parlour import bots
from parlour.patience import contest

SEED0 = 20260000
LOSS_SEED0 = 777
TEACH_SEED0 = 7_000_000
TEACH_DATA = Path(__file__).with_name("data")
#: strong-player settings compared by ``--loss``
LOSS_SETTINGS: dict[str, dict[str, int | bool]] = {
    "uniform 600": {"halving": False, "rollouts": 600, "work": 300_000},
    "halving 600": {"rollouts": 600},
    "halving 1200": {"rollouts": 1200},
}


def play_one(job: tuple[str, str, int, dict[str, int], bool]) -> tuple[float, float]:
    """One deal by one player: (score, seconds)."""
    rules, player, index, options, contest_deals = job
    scoring, grid = rules.split("-")
    game = parlour.make("poker-patience", grid=grid, scoring=scoring)
    bot = bots.make(player, game, seed=index, **options)
    start = time.process_time()
    if contest_deals:
        state = game.replay(contest.history(contest.CONTEST_SEED + index))
    else:
        state = game.new_state(seed=SEED0 + index)
    while not state.is_over:
        state.apply(bot.choose(state.observation(0), state.legal_actions()))
    return state.payoffs()[0], time.process_time() - start


def warm(rules_list: list[str]) -> None:
    """Load the learned values before timing (once per worker)."""
    from parlour.patience.learn import model
    from parlour.patience.scoring import parse_table

    for rules in rules_list:
        scoring, grid = rules.split("-")
        model(parse_table(scoring), grid == "floating")
        model(parse_table(scoring), grid == "floating", taught=True)


def learn(rules_list: list[str], games: int, runs: int) -> None:
    """Learn the line values the ``fast`` and ``strong`` players use; store them in the package."""
    from parlour.patience.learn import DATA, save, train_best
    from parlour.patience.scoring import parse_table

    for rules in rules_list:
        scoring, grid = rules.split("-")
        table = parse_table(scoring)
        learned = train_best(table, grid == "floating", games, runs=runs, log=True)
        print(rules, "->", save(DATA, table, grid == "floating", learned))


def teach_one(job: tuple[str, int]) -> tuple[int, list[int], list[int], float]:
    """One deal played by the strong player: (deal index, cells, card52s, score)."""
    from parlour.bots.patience import View

    rules, index = job
    scoring, grid = rules.split("-")
    game = parlour.make("poker-patience", grid=grid, scoring=scoring)
    bot = bots.make("strong", game, seed=index)
    state = game.new_state(seed=TEACH_SEED0 + index)
    cells, cards = [], []
    while not state.is_over:
        observation = state.observation(0)
        action = bot.choose(observation, state.legal_actions())
        view = View(observation)
        cells.append(view.frame.parse(str(action)))
        cards.append(view.card)
        state.apply(action)
    return index, cells, cards, state.payoffs()[0]


def teach(rules: str, deals: range, jobs: int) -> None:
    """Record the strong player's games on ``deals``, added to those already recorded."""
    path = TEACH_DATA / f"teach-{rules}.npz"
    games: dict[int, tuple[int, list[int], list[int], float]] = {}
    if path.exists():
        with np.load(path) as old:
            for row in zip(old["deal"], old["cells"], old["cards"], old["scores"], strict=True):
                games[int(row[0])] = (int(row[0]), list(row[1]), list(row[2]), float(row[3]))
    with Pool(jobs) as pool:
        for game in pool.imap_unordered(teach_one, [(rules, i) for i in deals if i not in games]):
            games[game[0]] = game
    deal, cells, cards, scores = zip(*(games[i] for i in sorted(games)), strict=True)
    TEACH_DATA.mkdir(exist_ok=True)
    np.savez_compressed(
        path,
        deal=np.array(deal),
        cells=np.array(cells, dtype=np.uint8),
        cards=np.array(cards, dtype=np.uint8),
        scores=np.array(scores),
    )
    print(f"{rules}: {len(deal)} games recorded, strong mean {statistics.mean(scores):.2f}")


def imitate(rules: str) -> None:
    """Fit the ``fast`` player's values to the recorded games; ship them in the package."""
    from parlour.patience.imitate import imitate as fit
    from parlour.patience.learn import DATA, mean_score, model, save
    from parlour.patience.scoring import parse_table

    scoring, grid = rules.split("-")
    table, floating = parse_table(scoring), grid == "floating"
    with np.load(TEACH_DATA / f"teach-{rules}.npz") as data:
        cells, cards = data["cells"].astype(np.int64), data["cards"].astype(np.int64)
    learned = model(table, floating)
    taught = fit(learned, cells, cards, floating)
    before, after = mean_score(learned, table, floating), mean_score(taught, table, floating)
    print(f"{rules}: {len(cells)} games; greedy mean {before:.2f} self-taught, {after:.2f} taught")
    print(rules, "->", save(DATA, table, floating, taught, taught=True))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--first", type=int, default=0, help="index of the first deal")
    parser.add_argument("--players", default="random,greedy,fast,strong")
    parser.add_argument("--rules", default="english-floating,english-fixed,american-fixed")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument(
        "--deals", choices=("seeded", "contest"), default="seeded", help="whose deals to play"
    )
    parser.add_argument("--work", type=int, default=None, help="strong: placements per move")
    parser.add_argument("--rollouts", type=int, default=None, help="strong: rollouts per cell")
    parser.add_argument("--progress", type=int, default=0, help="print a line every N games")
    parser.add_argument("--learn", type=int, default=0, help="learn and ship values from N games")
    parser.add_argument("--runs", type=int, default=2, help="learn: keep the best of N runs")
    parser.add_argument("--loss", type=int, default=0, help="strong: decision loss on N deals")
    parser.add_argument("--endgame", type=int, default=0, help="strong: rollouts' loss at the end")
    parser.add_argument("--teach", type=int, default=0, help="record N games of the strong player")
    parser.add_argument("--imitate", action="store_true", help="fit fast to the recorded games")
    args = parser.parse_args()
    rules_list = args.rules.split(",")
    if args.teach or args.imitate:
        for rules in rules_list:
            if args.teach:
                teach(rules, range(args.first, args.first + args.teach), args.jobs)
            if args.imitate:
                imitate(rules)
        return
    if args.learn:
        learn(rules_list, args.learn, args.runs)
        return
    if args.loss or args.endgame:
        for rules in rules_list:
            if args.loss:
                decision_loss(rules, args.loss)
            if args.endgame:
                endgame_loss(rules, args.endgame)
        return
    options: dict[str, int] = {}
    if args.work:
        options["work"] = args.work
    if args.rollouts:
        options["rollouts"] = args.rollouts
    contest_deals = args.deals == "contest"
    first = (contest.CONTEST_SEED if contest_deals else SEED0) + args.first
    whose = "the 2013 contest's, Java seeds" if contest_deals else "seeds"
    print(f"{args.games} deals ({whose} {first}..{first + args.games - 1}), {args.jobs} processes")
    print("s/game: CPU seconds (process time) per game, the machine being shared")
    print(f"{'rules':18} {'player':8} {'games':>5} {'mean':>8} {'se':>6} {'sd':>6} {'s/game':>8}")
    deals = range(args.first, args.first + args.games)
    played: dict[str, dict[str, list[float]]] = {}
    with Pool(args.jobs, initializer=warm, initargs=(rules_list,)) as pool:
        for rules in rules_list:
            scores = played.setdefault(rules, {})
            for player in args.players.split(","):
                opts = options if player == "strong" else {}
                jobs = [(rules, player, i, opts, contest_deals) for i in deals]
                results: list[tuple[float, float]] = []
                for result in pool.imap(play_one, jobs, chunksize=1):
                    results.append(result)
                    if args.progress and len(results) % args.progress == 0 < args.games - len(
                        results
                    ):
                        report(rules, player, results, partial=True)
                report(rules, player, results)
                scores[player] = [score for score, _ in results]
            report_paired(rules, scores)
    report_adjacency_cost(played)


def decision_loss(rules: str, deals: int, reference_rollouts: int = 8000) -> None:
    """Print the mean reference value each strong setting gives up per decision (see --loss)."""
    from parlour.bots.patience import StrongBot

    scoring, grid = rules.split("-")
    game = parlour.make("poker-patience", grid=grid, scoring=scoring)
    player = bots.make("strong", game, seed=1)
    reference = StrongBot(  # every cell the same rollouts: the best mean is not biased
        game, seed=2, work=10**9, rollouts=reference_rollouts, width=99, halving=False
    )
    settings = {name: StrongBot(game, seed=3, **o) for name, o in LOSS_SETTINGS.items()}
    losses: dict[str, list[float]] = {name: [] for name in settings}
    start = time.process_time()
    for deal in range(deals):
        state = game.new_state(seed=LOSS_SEED0 + deal)
        while not state.is_over:
            observation, legal = state.observation(0), state.legal_actions()
            if len(legal) > 1 and int(observation["number"]) % 3 == 0:
                values = dict(reference.evaluate(observation, legal, always=True))
                best = max(values.values())
                for name, bot in settings.items():
                    losses[name].append(best - values[bot.evaluate(observation, legal)[0][0]])
            state.apply(player.choose(observation, legal))
    for name, values in losses.items():
        mean = statistics.mean(values)
        se = statistics.stdev(values) / math.sqrt(len(values))
        print(
            f"{rules:18} {name:13} {len(values)} decisions: loss {mean:.3f} ({se:.3f}) a decision"
            f" = {mean * 24:.2f} a game of 24 decisions",
            flush=True,
        )
    print(f"{rules}: {time.process_time() - start:.0f} CPU seconds")


def endgame_loss(rules: str, deals: int) -> None:
    """Print what valuing the last three cards by rollouts (``exact=0``) gives up per game
    against the exact values the strong player now uses (see --endgame).

    ``fast`` lays each deal (LOSS_SEED0 + i) up to three cards from the end; the rollout player
    then lays the rest, and every decision's loss is its cell's exact value short of the best.
    Summed over a game, that is what exact values gain over rollouts from that point.
    """
    from parlour.patience.endgame import EXACT_CARDS

    scoring, grid = rules.split("-")
    game = parlour.make("poker-patience", grid=grid, scoring=scoring)
    per_game: list[float] = []
    for deal in range(deals):
        fast = bots.make("fast", game, seed=deal)
        rollouts = bots.make("strong", game, seed=deal, exact=0)
        exact = bots.make("strong", game, seed=deal)
        state, lost = game.new_state(seed=LOSS_SEED0 + deal), 0.0
        while not state.is_over:
            observation, legal = state.observation(0), state.legal_actions()
            if 25 - int(observation["number"]) > EXACT_CARDS:
                state.apply(fast.choose(observation, legal))
                continue
            pick = rollouts.choose(observation, legal)
            values = dict(exact.evaluate(observation, legal, always=True))
            if pick not in values:  # a cell alike to one listed (fixed grid): value it alone
                values |= exact.evaluate(observation, [pick], always=True)
            lost += max(values.values()) - values[pick]
            state.apply(pick)
        per_game.append(lost)
    mean = statistics.mean(per_game)
    se = statistics.stdev(per_game) / math.sqrt(deals) if deals > 1 else math.nan
    print(f"{rules:18} {deals} deals: rollouts at the last {EXACT_CARDS} cards lose "
          f"{mean:.4f} ({se:.4f}) a game to exact values", flush=True)  # fmt: skip


def report_paired(rules: str, scores: dict[str, list[float]], base: str = "fast") -> None:
    """Each player's mean gain over ``base`` deal by deal, with the standard error of that gain.

    The deals are the same, so the paired error is smaller than the two means' errors suggest.
    """
    if base not in scores:
        return
    for player, mine in scores.items():
        if player != base:
            print_difference(rules, player, mine, scores[base], f"gain over {base}")


def report_adjacency_cost(played: dict[str, dict[str, list[float]]]) -> None:
    """Each player's loss to the adjacency rule (PP-2), deal by deal: its fixed-grid score less
    its floating one, for every scoring played under both grids."""
    for rules, scores in played.items():
        scoring, grid = rules.split("-")
        floating = played.get(f"{scoring}-floating")
        if grid != "fixed" or floating is None:
            continue
        for player, fixed in scores.items():
            if player in floating:
                what = "cost of the adjacency rule: fixed less floating"
                print_difference(scoring, player, fixed, floating[player], what)


def print_difference(
    rules: str, player: str, mine: list[float], other: list[float], what: str
) -> None:
    """Print one line: the mean of ``mine - other`` deal by deal, with its standard error."""
    diff = [a - b for a, b in zip(mine, other, strict=True)]
    se = statistics.stdev(diff) / math.sqrt(len(diff)) if len(diff) > 1 else 0.0
    print(
        f"{rules:18} {player:8} {len(diff):5} {statistics.mean(diff):+8.2f} {se:6.2f}"
        f"  {what}, deal by deal",
        flush=True,
    )


def report(
    rules: str, player: str, results: list[tuple[float, float]], partial: bool = False
) -> None:
    """Print one line: games, mean, standard error, standard deviation, CPU seconds a game."""
    scores = [s for s, _ in results]
    secs = statistics.mean(t for _, t in results)
    sd = statistics.stdev(scores) if len(scores) > 1 else 0.0
    se = sd / math.sqrt(len(scores))
    print(
        f"{rules:18} {player:8} {len(scores):5} {statistics.mean(scores):8.2f} "
        f"{se:6.2f} {sd:6.2f} {secs:8.3f}" + ("  (so far)" if partial else ""),
        flush=True,
    )


if __name__ == "__main__":
    main()
