"""Bots against bots, many games: the mean payoff of each, with its standard error.

Every game speaks the same protocol, so one loop serves them all.  Game ``g`` is dealt from seed
``seed + g`` and each bot is seeded from it too, so a run is repeated exactly, whatever the
number of processes.  With ``rotate`` (the default) the bots change seats from game to game, so
that each sits in every seat equally often (the dealer's and the first player's seat differ).

>>> import parlour
>>> run = simulate(parlour.make("sixteen-soldiers"), ["greedy", "random"], games=4, seed=1)
>>> [r.label for r in run.results], sum(r.games for r in run.results)
(['greedy', 'random'], 8)
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass
from multiprocessing import Pool
from typing import Any

import parlour
from parlour import bots as bots_module
from parlour.game import Game, GameOptionError

#: a game that runs past this many actions is reported, not looped on for ever
MAX_ACTIONS = 200_000


@dataclass(frozen=True)
class Result:
    """One bot's record over the games: mean payoff, its standard error, its share of the
    games in which it had the top payoff (ties share it), the CPU seconds it spent a game, its
    decisions a game, and the most CPU seconds it spent on one decision."""

    label: str
    games: int
    mean: float
    se: float
    top_share: float
    seconds: float
    decisions: float
    slowest: float


@dataclass(frozen=True)
class Simulation:
    """What :func:`simulate` measured, bot by bot, and over the games."""

    game: str
    players: int
    games: int
    seed: int
    rotate: bool
    results: list[Result]
    actions: float  # a game, on average
    seconds: float  # CPU seconds a game, every bot's and the engine's

    def as_json(self) -> dict[str, Any]:
        """A JSON-able dict of the run, for analysts' scripts."""
        out = dict(self.__dict__)
        out["results"] = [dict(r.__dict__) for r in self.results]
        return out


def labels(bots: Sequence[str]) -> list[str]:
    """Names that tell repeated bots apart.

    >>> labels(["strong", "random", "strong"])
    ['strong#1', 'random', 'strong#2']
    """
    seen: dict[str, int] = {}
    out = []
    for name in bots:
        seen[name] = seen.get(name, 0) + 1
        out.append(f"{name}#{seen[name]}" if bots.count(name) > 1 else name)
    return out


def seats_for(game_index: int, entrants: int, rotate: bool) -> list[int]:
    """The seat of each entrant in game ``game_index``: turned one place a game.

    >>> [seats_for(g, 3, True) for g in range(3)]
    [[0, 1, 2], [1, 2, 0], [2, 0, 1]]
    """
    shift = game_index % entrants if rotate else 0
    return [(e + shift) % entrants for e in range(entrants)]


@dataclass(frozen=True)
class Played:
    """One game: each entrant's payoff, CPU seconds, decisions and slowest decision."""

    payoffs: list[float]
    seconds: list[float]
    decisions: list[int]
    slowest: list[float]
    actions: int


def play_game(
    game: Game,
    bots: Sequence[str],
    seed: int,
    rotate: bool,
    game_index: int,
    bot_options: dict[str, dict[str, Any]] | None = None,
) -> Played:
    """Play game ``game_index`` to the end and say what each entrant got and spent."""
    deal_seed = seed + game_index
    seats = seats_for(game_index, len(bots), rotate)
    by_seat = {}
    for entrant, (name, seat) in enumerate(zip(bots, seats, strict=True)):
        options = (bot_options or {}).get(name, {})
        bot_seed = deal_seed * 1000 + entrant
        by_seat[seat] = bots_module.make(name, game, seed=bot_seed, **options)
    spent, slowest, decisions = [0.0] * len(bots), [0.0] * len(bots), [0] * len(bots)
    entrant_at = {seat: e for e, seat in enumerate(seats)}
    state = game.new_state(seed=deal_seed)
    actions = 0
    while not state.is_over:
        if actions >= MAX_ACTIONS:
            raise RuntimeError(f"{game.name}: game {game_index} not over after {actions} actions")
        seat = state.to_move
        assert seat is not None
        start = time.process_time()
        action = by_seat[seat].choose(state.observation(seat), state.legal_actions())
        took, entrant = time.process_time() - start, entrant_at[seat]
        spent[entrant] += took
        slowest[entrant] = max(slowest[entrant], took)
        decisions[entrant] += 1
        state.apply(action)
        actions += 1
    payoffs = [float(state.payoffs()[seat]) for seat in seats]
    return Played(payoffs, spent, decisions, slowest, actions)


def _play_job(job: tuple[Any, ...]) -> tuple[Played, float]:
    name, options, bots, seed, rotate, bot_options, index = job
    start = time.process_time()
    played = play_game(parlour.make(name, **options), bots, seed, rotate, index, bot_options)
    return played, time.process_time() - start


def simulate(
    game: Game,
    bots: Sequence[str],
    games: int = 100,
    seed: int = 0,
    rotate: bool = True,
    jobs: int = 1,
    bot_options: dict[str, dict[str, Any]] | None = None,
) -> Simulation:
    """Play ``games`` games of ``game``, one bot a seat (``bots`` names them, one a seat, or
    one for every seat), and measure each.

    ``bot_options`` maps a bot name to the options it is built with.  With ``jobs`` above 1
    the games are shared among that many processes, each making the game from its options.
    """
    bots = list(bots) * game.num_players if len(bots) == 1 else list(bots)
    if len(bots) != game.num_players:
        raise GameOptionError(
            f"{game.name} is played by {game.num_players}: name one bot for every seat, "
            f"or one for all (got {len(bots)}: {', '.join(bots)})"
        )
    if games < 1:
        raise GameOptionError(f"games must be at least 1, not {games}")
    for name in set(bots):  # a bad name or option fails now, not in a worker
        bots_module.make(name, game, seed=0, **(bot_options or {}).get(name, {}))
    jobs_list = [
        (game.name, game.options(), bots, seed, rotate, bot_options, g) for g in range(games)
    ]
    if jobs > 1:
        with Pool(jobs) as pool:
            played = pool.map(_play_job, jobs_list, chunksize=1)
    else:
        played = [_play_job(job) for job in jobs_list]
    return _summarise(game, bots, games, seed, rotate, played)


def _summarise(
    game: Game,
    bots: list[str],
    games: int,
    seed: int,
    rotate: bool,
    played: list[tuple[Played, float]],
) -> Simulation:
    results = []
    for entrant, label in enumerate(labels(bots)):
        payoffs = [p.payoffs[entrant] for p, _ in played]
        se = statistics.stdev(payoffs) / math.sqrt(games) if games > 1 else 0.0
        results.append(
            Result(
                label,
                games,
                statistics.fmean(payoffs),
                se,
                statistics.fmean(_top_share(p.payoffs, entrant) for p, _ in played),
                statistics.fmean(p.seconds[entrant] for p, _ in played),
                statistics.fmean(p.decisions[entrant] for p, _ in played),
                max(p.slowest[entrant] for p, _ in played),
            )
        )
    return Simulation(
        game=game.name,
        players=game.num_players,
        games=games,
        seed=seed,
        rotate=rotate,
        results=results,
        actions=statistics.fmean(p.actions for p, _ in played),
        seconds=statistics.fmean(t for _, t in played),
    )


def _top_share(payoffs: list[float], entrant: int) -> float:
    """1 if ``entrant`` alone had the top payoff, 1/k if k shared it, else 0.

    >>> _top_share([3, 3, -6], 0), _top_share([3, 3, -6], 2), _top_share([5], 0)
    (0.5, 0.0, 1.0)
    """
    best = max(payoffs)
    return 1 / payoffs.count(best) if payoffs[entrant] == best else 0.0


def bot_options_for(bots: Sequence[str], options: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Options by bot name from ``BOT.KEY`` keys (that bot) and plain ``KEY`` keys (every bot).

    >>> bot_options_for(["strong", "random"], {"strong.rollouts": 300})
    {'strong': {'rollouts': 300}, 'random': {}}
    """
    out: dict[str, dict[str, Any]] = {name: {} for name in bots}
    for key, value in options.items():
        name, dot, option = key.rpartition(".")
        if not dot:
            for mine in out.values():
                mine[option] = value
        elif name in out:
            out[name][option] = value
        else:
            raise GameOptionError(
                f"--bot-option {key}: no bot {name!r} plays (bots: {', '.join(out)})"
            )
    return out
