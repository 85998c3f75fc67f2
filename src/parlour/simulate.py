"""Bots against bots, many games: the mean payoff of each, with its standard error.

Every game speaks the same protocol, so one loop serves them all.  Game ``g`` of a run with
seed ``s`` is dealt from :func:`derived_seed` ``(s, g)`` and each bot is seeded from
``(s, g, entrant)``, so a run repeats exactly whatever the number of processes, and runs with
different seeds share no deal.  (A bot that thinks to a wall-clock ``time_limit``, as the board
games' strong players do by default, may still choose otherwise on a busier machine: give it a
depth or node limit to repeat exactly.)  With ``rotate`` (the default) the bots turn one seat a
game, so each sits in every seat equally often over a multiple of the number of players, and
partners stay partners.  With ``duplicate`` as well, each run of that many games plays one
deal (game ``g`` of ``n`` players is dealt from ``(s, g // n)``), every bot in every seat of
it (duplicate play), so a difference between bots shows in fewer games; the standard error
is then reckoned from the deals' means, and the top share's interval over the deals.  What
it equalises is the game's chance drawn in the same order: each seat is dealt the same
cards, but what comes later stays alike only while the play does.  Draw Poker's draw and
Stud's later cards come off the same stock, so a seat draws the same cards only if those
before it drew as many and stayed in; Pachisi's cowrie throws come in the same order, each
colour's alike until a turn takes another number of throws (a capture's bonus throw under
``capture_bonus_throw``); meusuëb and Sixteen Soldiers have no chance, so duplicate only plays
each pairing in every seat.  A sitting deals its deals alike, deal by deal, but who is still
at the table, who deals under ``dealer_moves="winner"`` and which deals are Jack-Pots follow
the play.  Each bot's own randomness is seeded a game, never equalised.

With ``sitting`` (Draw Poker and Jack-Pots) a "game" is a whole sitting of deals at one table
(:class:`parlour.poker.sitting.Sitting`): bankrolls and table stakes, the deal passing left,
Jack-Pots carried and made progressive, the buck; each bot's payoff is the chips it ends with,
its share of a pot still carried included, less the chips it sat down with.

>>> import parlour
>>> run = simulate(parlour.make("sixteen-soldiers"), ["greedy", "random"], games=4, seed=1)
>>> [r.label for r in run.results], sum(r.games for r in run.results)
(['greedy', 'random'], 8)
"""

from __future__ import annotations

import hashlib
import json
import math
import operator
import signal
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, nullcontext
from dataclasses import MISSING, asdict, dataclass, field, fields, is_dataclass, replace
from fractions import Fraction
from multiprocessing import Pool
from pathlib import Path
from typing import Any

import parlour
from parlour import bots as bots_module
from parlour.files import write_whole
from parlour.game import (
    Game,
    GameOptionError,
    IllegalAction,
    State,
    build_rules,
    check_seed,
    whole_number,
)
from parlour.poker.others_common import pack_for
from parlour.poker.sitting import (
    SET_BY_SITTING,
    Sitting,
    SittingRules,
    refuse_what_a_sitting_sets,
)

#: a game that runs past this many actions is reported, not looped on for ever (random play
#: ends Pachisi, the longest, within 2,000; bots that raise each other for ever in a poker
#: game without table stakes reach it in about a minute, each observation carrying the log)
MAX_ACTIONS = 20_000
#: bot options that :func:`simulate` sets itself
_RESERVED = ("game", "seed")


class SimulationError(RuntimeError):
    """A game of the run did not end."""


@dataclass(frozen=True)
class Result:
    """One bot's record over the games: mean payoff and its standard error (None from one
    game), its share of the games in which it had the top payoff (ties share it, partners
    too) with that share's Wilson 95% interval (under duplicate over the deals, a deal's
    games being no independent trials), CPU seconds a game, decisions a game, and the most
    CPU seconds it spent on one decision."""

    label: str
    games: int
    mean: float
    se: float | None
    top_share: float
    top_interval: tuple[float, float]
    seconds: float
    decisions: float
    slowest: float


@dataclass(frozen=True)
class Simulation:
    """What :func:`simulate` measured, bot by bot, and the run that measured it."""

    game: str
    options: dict[str, Any]  # the game's options, as parlour.make takes them
    bots: list[str]
    bot_options: list[dict[str, Any]]  # entrant by entrant
    games: int
    seed: int
    rotate: bool
    sitting: dict[str, Any] | None  # the sitting's rules, when a game is a sitting
    results: list[Result]
    actions: float  # a game, on average
    seconds: float  # CPU seconds a game, every bot's and the engine's
    asked: int = 0  # the games asked for, where fewer were played: the run was interrupted
    duplicate: bool = False  # each deal played once with every bot in every seat

    @property
    def interrupted(self) -> bool:
        """Whether the run was stopped (Ctrl-C) before all the games asked for were played."""
        return self.games < self.asked

    @property
    def deals(self) -> int:
        """The deals played: a game each, or under duplicate one for every run of as many
        games as bots (a run cut short by an interruption counts); where a game is a
        sitting, each of these is a sitting (its deals are ``sitting["deals"]``)."""
        return -(-self.games // len(self.bots)) if self.duplicate else self.games

    def as_json(self) -> dict[str, Any]:
        """A JSON-able dict of the run: enough to repeat it, and its figures."""
        return {**asdict(self), "interrupted": self.interrupted, "deals": self.deals}


@dataclass(frozen=True)
class _Job:
    """One game for a worker: what it needs to make the game and the bots anew."""

    game: str
    options: dict[str, Any]
    bots: list[str]
    bot_options: list[dict[str, Any]]
    seed: int
    rotate: bool
    index: int
    sitting: dict[str, Any] | None
    max_actions: int = MAX_ACTIONS
    keep: bool = False  # the game's records (a sitting's: one a deal) come back too
    duplicate: bool = False


@dataclass
class Played:
    """One game: each entrant's payoff, CPU seconds, decisions and slowest decision, and
    its records where they were asked for (a sitting's, one a deal)."""

    payoffs: list[float]
    seconds: list[float]
    decisions: list[int]
    slowest: list[float]
    actions: int
    records: list[dict[str, Any]] = field(default_factory=list)

    @classmethod
    def empty(cls, entrants: int) -> Played:
        """Nothing played yet, for ``entrants`` entrants."""
        return cls([0.0] * entrants, [0.0] * entrants, [0] * entrants, [0.0] * entrants, 0)


def derived_seed(*parts: int) -> int:
    """A seed for one game (``run seed, game``) or one bot (``run seed, game, entrant``).

    Hashed, so that nearby run seeds share nothing (``random.Random(-5)`` deals as ``5``):

    >>> derived_seed(0, 1) == derived_seed(1, 0), derived_seed(-5, 0) == derived_seed(5, 0)
    (False, False)
    """
    digest = hashlib.sha256(":".join(str(p) for p in parts).encode()).digest()
    return int.from_bytes(digest[:8], "big")


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


def deal_for(game_index: int, entrants: int, duplicate: bool) -> int:
    """The deal game ``game_index`` plays: its own, or with ``duplicate`` the one of its run
    of ``entrants`` games, each with the bots turned one seat further.

    >>> [deal_for(g, 3, True) for g in range(7)], deal_for(4, 3, False)
    ([0, 0, 0, 1, 1, 1, 2], 4)
    """
    return game_index // entrants if duplicate else game_index


def seats_for(game_index: int, entrants: int, rotate: bool) -> list[int]:
    """The seat of each entrant in game ``game_index``: turned one place a game.

    >>> [seats_for(g, 3, True) for g in range(3)]
    [[0, 1, 2], [1, 2, 0], [2, 0, 1]]
    """
    shift = game_index % entrants if rotate else 0
    return [(e + shift) % entrants for e in range(entrants)]


def wilson(share: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson 95% interval of a proportion ``share`` measured over ``n`` games.

    >>> [round(x, 3) for x in wilson(0.5, 100)]
    [0.404, 0.596]
    """
    centre = (share + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(centre - half, 0.0), min(centre + half, 1.0)


def bot_options_for(bots: Sequence[str], options: dict[str, Any]) -> list[dict[str, Any]]:
    """Each entrant's options, from ``KEY`` (every bot), ``BOT.KEY`` (every bot of that name)
    and ``LABEL.KEY`` (one entrant, as :func:`labels` names it) keys.

    >>> bot_options_for(["strong", "strong"], {"strong.rollouts": 300, "strong#2.width": 4})
    [{'rollouts': 300}, {'rollouts': 300, 'width': 4}]
    """
    names = labels(bots)
    out: list[dict[str, Any]] = [{} for _ in bots]
    for key, value in sorted(options.items(), key=lambda kv: kv[0].count("#")):  # labels last
        who, dot, option = key.rpartition(".")
        if option in _RESERVED:
            raise GameOptionError(f"--bot-option {key}: the run sets a bot's {option} itself")
        chosen = [e for e in range(len(bots)) if not dot or who in (bots[e], names[e])]
        if not chosen:
            raise GameOptionError(
                f"--bot-option {key}: no bot {who!r} plays (bots: {', '.join(names)})"
            )
        for e in chosen:
            out[e][option] = value
    return out


def _entrant_options(
    bots: Sequence[str], options: dict[str, Any] | Sequence[dict[str, Any]] | None
) -> list[dict[str, Any]]:
    """Each entrant's options from ``simulate``'s ``bot_options``: keyed as
    :func:`bot_options_for` reads them, or one dict an entrant (as a run reports them)."""
    if options is None or isinstance(options, dict):
        return bot_options_for(bots, options or {})
    listed = list(options) if isinstance(options, list | tuple) else None
    if listed is None or len(listed) != len(bots) or not all(isinstance(o, dict) for o in listed):
        raise GameOptionError(
            f"bot_options: a dict keyed KEY, BOT.KEY or LABEL.KEY, or a list of {len(bots)} "
            f"dicts, one a bot; not {options!r}"
        )
    return [dict(o) for o in listed]


def play_game(
    game: Game,
    bots: Sequence[str],
    seed: int,
    rotate: bool,
    game_index: int,
    bot_options: Sequence[dict[str, Any]] | None = None,
    max_actions: int = MAX_ACTIONS,
    keep: bool = False,
    duplicate: bool = False,
) -> Played:
    """Play game ``game_index`` of the run to the end; say what each entrant got and spent
    (and with ``keep`` its record, each seat named by the entrant's label); with
    ``duplicate`` its deal is its run's (:func:`deal_for`)."""
    seats = seats_for(game_index, len(bots), rotate)
    by_seat = {
        seat: bots_module.make(
            name,
            game,
            seed=derived_seed(seed, game_index, entrant),
            **(bot_options[entrant] if bot_options else {}),
        )
        for entrant, (name, seat) in enumerate(zip(bots, seats, strict=True))
    }
    tally = Played.empty(len(bots))
    deal = deal_for(game_index, len(bots), duplicate)
    state = game.new_state(seed=derived_seed(seed, deal))
    entrant_at = {seat: e for e, seat in enumerate(seats)}
    _play_out(state, by_seat, entrant_at, tally, game_index, max_actions, labels(bots))
    by_seat_payoff = state.payoffs()
    tally.payoffs[:] = [float(by_seat_payoff[seat]) for seat in seats]
    if keep:
        names = {str(seat): label for seat, label in zip(seats, labels(bots), strict=True)}
        tally.records.append(game.record(state, names=names))
    return tally


def play_sitting(
    rules: SittingRules,
    bots: Sequence[str],
    seed: int,
    rotate: bool,
    index: int,
    bot_options: Sequence[dict[str, Any]] | None = None,
    max_actions: int = MAX_ACTIONS,
    keep: bool = False,
    duplicate: bool = False,
) -> Played:
    """Play sitting ``index`` of the run to the end, the bots sat in turn from the first seat
    as :func:`seats_for` turns them; each entrant's payoff is its chips at the end, less those
    it sat down with.  With ``keep``, each deal's record comes back too; with ``duplicate``
    its deals are those of its run (:func:`deal_for`)."""
    names = labels(bots)
    table = [""] * len(bots)
    for entrant, seat in enumerate(seats_for(index, len(bots), rotate)):
        table[seat] = names[entrant]
    entrant_of = {name: e for e, name in enumerate(names)}
    sitting = Sitting(table, rules, seed=derived_seed(seed, deal_for(index, len(bots), duplicate)))
    tally = Played.empty(len(bots))
    while not sitting.is_over:
        state = sitting.start_deal()
        entrant_at = {seat: entrant_of[name] for seat, name in enumerate(sitting.seat_names())}
        by_seat = {
            seat: bots_module.make(
                bots[e],
                state.game,
                seed=derived_seed(seed, index, e, sitting.deal_no),
                **(bot_options[e] if bot_options else {}),
            )
            for seat, e in entrant_at.items()
        }
        _play_out(state, by_seat, entrant_at, tally, index, max_actions, names)
        if keep:
            seated = {str(seat): name for seat, name in enumerate(sitting.seat_names())}
            tally.records.append(state.game.record(state, names=seated))
        sitting.finish_deal(state)
    tally.payoffs[:] = [
        float(sitting.bankrolls.get(name, 0) + sitting.carried.get(name, 0) - rules.bankroll)
        for name in names
    ]
    return tally


def _play_out(
    state: State,
    by_seat: dict[int, Any],
    entrant_at: dict[int, int],
    tally: Played,
    index: int,
    max_actions: int = MAX_ACTIONS,
    names: Sequence[str] = (),
) -> None:
    """Play ``state`` to the end, each seat's bot choosing, and add what each spent to ``tally``.

    A bot that raises, or chooses an action the rules forbid, stops the run with a
    :class:`SimulationError` naming the game, the seat and the bot (``names``: each entrant's
    label), the bot's error chained to it and told in it (a worker process sends only the
    message back)."""
    actions = 0
    while not state.is_over:
        if actions >= max_actions:
            raise SimulationError(
                f"{state.game.name}: game {index} not over after {actions} actions (max_actions)"
            )
        seat = state.to_move
        assert seat is not None
        entrant = entrant_at[seat]
        start = time.process_time()
        observation, legal = state.observation(seat), state.legal_actions()
        try:
            action = by_seat[seat].choose(observation, legal)
        except Exception as err:  # StopIteration too: else it ends the loop over the games
            said = f"{type(err).__name__}: {err}" if str(err) else type(err).__name__
            raise SimulationError(
                f"{_bot_at(state, index, seat, entrant, names)} raised {said}"
            ) from err
        took = time.process_time() - start
        tally.seconds[entrant] += took
        tally.slowest[entrant] = max(tally.slowest[entrant], took)
        tally.decisions[entrant] += 1
        try:
            state.apply(action)
        except IllegalAction as err:
            who = _bot_at(state, index, seat, entrant, names)
            raise SimulationError(f"{who} chose an illegal action: {err}") from err
        actions += 1
    tally.actions += actions


def _bot_at(state: State, index: int, seat: int, entrant: int, names: Sequence[str]) -> str:
    """The bot at ``seat`` of game ``index``, as an error names it (by its label in ``names``)."""
    named = f" ({names[entrant]})" if names else ""
    return f"{state.game.name}: game {index}: the bot at seat {seat}{named}"


def _play_job(job: _Job) -> tuple[Played, float]:
    start = time.process_time()
    if job.sitting is not None:
        rules = SittingRules(**job.sitting)
        played = play_sitting(rules, job.bots, job.seed, job.rotate, job.index, job.bot_options,
                              job.max_actions, job.keep, job.duplicate)  # fmt: skip
        return played, time.process_time() - start
    game = parlour.make(job.game, **job.options)
    played = play_game(game, job.bots, job.seed, job.rotate, job.index, job.bot_options,
                       job.max_actions, job.keep, job.duplicate)  # fmt: skip
    return played, time.process_time() - start


def simulate(
    game: Game | str,
    bots: str | Sequence[str],
    games: int = 100,
    seed: int = 0,
    rotate: bool = True,
    jobs: int = 1,
    bot_options: dict[str, Any] | Sequence[dict[str, Any]] | None = None,
    progress: Callable[[int], None] | None = None,
    sitting: SittingRules | dict[str, Any] | None = None,
    max_actions: int = MAX_ACTIONS,
    save: Path | None = None,
    duplicate: bool = False,
) -> Simulation:
    """Play ``games`` games of ``game``, one bot a seat (``bots`` names them, one a seat, or
    one for every seat: a list of one name, or the name alone), and measure each.

    ``bot_options`` are keyed as :func:`bot_options_for` reads them (``{"strong.rollouts":
    300}``), or given a dict an entrant, as :attr:`Simulation.bot_options` reports them.
    With ``jobs`` above 1 the games are shared among that many processes, each making the
    game from its options.  ``progress``, if given, is called with the number of
    games finished after each one.  With ``sitting`` (a :class:`SittingRules`, or a dict of
    its fields) each game is a sitting under those rules
    that plays ``game`` with its options deal after deal (the sitting's own ``game`` and
    ``options`` are replaced by them; it sets the dealer, the stacks and any carried pot).
    A game's name stands for the game with its default options and a seat for every bot
    named (its default number of players for one).  A game not over after ``max_actions``
    actions stops the run with :class:`SimulationError`.  With ``save``, a folder, every
    game's record is written there as it ends (``GAME-0001.json`` ..., a sitting's deals
    ``GAME-0001-deal-1.json`` ...), each seat named by its bot, for ``parlour replay``.
    Interrupted (Ctrl-C) after a game has ended (and with ``save`` been written whole), it
    measures the games played and says so (:attr:`Simulation.interrupted`); before, the
    interruption goes on.  With ``duplicate`` (and ``rotate``) each run of as many games as
    bots plays one deal, the bots turned a seat a game, and ``games`` must be a multiple of
    that number; standard errors come from the deals' means (a deal cut short by an
    interruption counts in the mean payoffs, not in the standard errors), and the top
    share's interval counts deals.  The deals are alike in their first chance (the cards
    dealt); later chance stays alike only while the play does (the module's docstring says
    game by game).
    """
    bots = _bot_names(bots)
    for name, value in (("games", games), ("jobs", jobs), ("max_actions", max_actions)):
        if whole_number(value) is None:
            raise GameOptionError(f"{name} must be a whole number, not {value!r}")
        if value < 1:
            raise GameOptionError(f"{name} must be at least 1, not {value}")
    check_seed(seed)  # as every seed parlour takes (a game deals -n as n), though hashed here
    sitting = _sitting_rules(sitting)
    if isinstance(game, str):
        game = parlour.make(game, **({"players": len(bots)} if len(bots) > 1 else {}))
    bots = bots * game.num_players if len(bots) == 1 else bots
    if len(bots) != game.num_players:
        raise GameOptionError(
            f"{game.name} is played by {game.num_players}: name one bot for every seat, "
            f"or one for all (got {len(bots)}: {', '.join(bots)})"
        )
    if duplicate and len(bots) == 1:
        raise GameOptionError(
            f"duplicate needs two players or more: {game.name} with one plays every deal "
            "once by its one bot already"
        )
    if duplicate and not rotate:
        raise GameOptionError(
            "duplicate needs rotate: each deal is played by every bot in every seat, the bots "
            "turned one seat a game"
        )
    if duplicate and games % len(bots):
        raise GameOptionError(
            f"games must be a multiple of the {len(bots)} players under duplicate, so that "
            f"every deal is played in every seat, not {games}"
        )
    entrant_options = _entrant_options(bots, bot_options)
    for name, options in zip(bots, entrant_options, strict=True):  # fail now, not in a worker
        bots_module.make(name, game, seed=0, **options)
    options = game.options()
    table = None
    if sitting is not None:
        _refuse_options_a_sitting_sets(game)
        dealt = {k: v for k, v in options.items() if k not in ("players", *SET_BY_SITTING)}
        if dealt.get("pack") == pack_for(game.num_players):  # chosen by the table (C-3)
            dealt["pack"] = 0  # as the table changes, each deal chooses again
        table = asdict(replace(sitting, game=game.name, options=dealt))
        Sitting(labels(bots), SittingRules(**table))  # its rules refused now, by name
    if save is not None:
        save = Path(save)
        _make_folder(save)
        width = (max(4, len(str(games))), len(str(sitting.deals)) if sitting else 0)
    keep = save is not None
    job = _Job(game.name, options, bots, entrant_options, seed, rotate, 0, table, max_actions,
               keep, duplicate)  # fmt: skip
    work = (replace(job, index=g) for g in range(games))  # made as the games are played
    # sums: as big after a billion games as after one
    tally = Tally.empty(len(bots), len(bots) if duplicate else 1)
    try:
        with _pool(jobs) if jobs > 1 else nullcontext() as pool:
            for played, took in pool.imap(_play_job, work) if pool else map(_play_job, work):
                before, tally = tally, tally.plus(played, took)
                if save is not None:  # counted once saved: an interrupted game is not
                    try:
                        _write_records(save, game.name, tally.games, played.records, width)
                    except BaseException:
                        tally = before
                        raise
                if progress:
                    progress(tally.games)
    except KeyboardInterrupt:  # Ctrl-C: the games played so far are measured, not lost
        if not tally.games:
            raise
    return Simulation(
        game=game.name,
        options=options,
        bots=bots,
        bot_options=entrant_options,
        games=tally.games,
        seed=seed,
        rotate=rotate,
        sitting=table,
        results=[tally.result(e, label) for e, label in enumerate(labels(bots))],
        actions=tally.mean(tally.actions),
        seconds=tally.mean(tally.seconds),
        asked=games,
        duplicate=duplicate,
    )


def _bot_names(bots: str | Sequence[str]) -> list[str]:
    """``simulate``'s bots as a list of names: a bare name is one bot for every seat (as the
    command line's ``--bots random``), not a name a letter."""
    if isinstance(bots, str):
        return [bots]
    if not isinstance(bots, Sequence) or not all(isinstance(b, str) for b in bots):
        raise TypeError(f"bots: a bot's name, or a list of names, one a seat; not {bots!r}")
    return list(bots)


def _sitting_rules(sitting: SittingRules | dict[str, Any] | None) -> SittingRules | None:
    """``simulate``'s sitting: its rules, or a dict of their fields (as
    :attr:`Simulation.sitting` reports them), any other field refused by name."""
    if sitting is None or isinstance(sitting, SittingRules):
        return sitting
    if isinstance(sitting, dict):
        try:
            return build_rules(SittingRules, sitting)
        except GameOptionError as err:
            raise GameOptionError(f"sitting: {err}") from None
    raise TypeError(
        f"sitting: a SittingRules or a dict of its fields, not {type(sitting).__name__}"
    )


#: the signals that stop a run (a kill, a closed terminal) as Ctrl-C does, where there are any
_STOPPING = {getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)}


@contextmanager
def _pool(jobs: int) -> Iterator[Any]:
    """A pool of ``jobs`` workers, made with a kill and a hang-up held back, so that none
    is forked with the run's own handlers (which would stop a worker mid-game as Ctrl-C
    stops the run, its game lost and the run waiting on it for ever); one that came
    meanwhile is taken once the pool is entered, so that leaving it stops the workers."""
    if not hasattr(signal, "pthread_sigmask"):  # Windows: no handler to hold back
        with Pool(jobs, _start_worker) as pool:
            yield pool
        return
    held = signal.pthread_sigmask(signal.SIG_BLOCK, _STOPPING)
    try:
        with Pool(jobs, _start_worker) as pool:
            signal.pthread_sigmask(signal.SIG_SETMASK, held)
            yield pool
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def _start_worker() -> None:
    """A worker leaves Ctrl-C and a closed terminal's hang-up to the run, which stops it
    (else each prints its traceback, or dies waiting for a task, holding the lock the run's
    stop must take); a kill (the run's stop sends one) ends it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "SIGHUP"):
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _STOPPING)


def _make_folder(folder: Path) -> None:
    """Make the folder records go to, or refuse it by name before any game is played: one
    that holds files already (a record never overwrites another, nor mixes with another
    run's), or a file or device (/dev/null) that is no folder."""
    if folder.exists() and not folder.is_dir():
        raise GameOptionError(f"save: {folder} is not a folder: name a new folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        if any(folder.iterdir()):
            raise GameOptionError(f"save: {folder} holds files already: name a new folder")
    except OSError as err:
        raise GameOptionError(f"save: cannot make the folder {folder}: {err.strerror}") from None


def _write_records(
    folder: Path, name: str, number: int, records: list[dict[str, Any]], width: tuple[int, int]
) -> None:
    """Game ``number``'s records as files: ``NAME-0001.json``, or a sitting's deals
    ``NAME-0001-deal-01.json`` ..., numbered to ``width`` digits (games, deals; 0: no deals)
    so that they sort in order.  Each is written whole or not at all, and so is the game:
    stopped (Ctrl-C, a full disk), the deals it had written are removed."""
    games, deals = width
    written: list[Path] = []
    try:
        for deal, record in enumerate(records, 1):
            file = f"{name}-{number:0{games}d}" + (f"-deal-{deal:0{deals}d}" if deals else "")
            written.append(folder / f"{file}.json")  # removed if stopped once it is renamed
            try:
                write_whole(written[-1], json.dumps(record, indent=1))
            except OSError as err:
                raise SimulationError(f"save: cannot write {folder / file}.json: {err}") from None
    except BaseException:
        for path in written:
            path.unlink(missing_ok=True)
        raise


def _refuse_options_a_sitting_sets(game: Game) -> None:
    """A game that gives an option the sitting sets deal by deal a value of its own is
    refused, rather than played without it."""
    rules = getattr(game, "rules", None)
    if rules is not None and is_dataclass(rules):
        given = [f.name for f in fields(rules) if getattr(rules, f.name) != _default(f)]
        refuse_what_a_sitting_sets(given, "--rule ")


def _default(f: Any) -> Any:
    """A dataclass field's default value."""
    return f.default_factory() if f.default is MISSING else f.default


@dataclass(frozen=True)
class Tally:
    """The running sums a run's figures are made of, entrant by entrant: its memory stays
    the same however many games are played.  The sums are exact (fractions), so each mean
    and standard error is the one ``statistics`` gives from every game's figures.  Counting
    a game makes a new tally, so that one interrupted while counting is left as it was.
    The spread is reckoned over ``block`` games at a time (duplicate play: the games of one
    deal), each block's payoffs summed; a block of one is a game."""

    games: int
    actions: int  # every game's actions
    seconds: Fraction  # every game's CPU seconds
    payoffs: tuple[Fraction, ...]
    tops: tuple[Fraction, ...]  # top shares (_top_share)
    spent: tuple[Fraction, ...]  # CPU seconds deciding
    decisions: tuple[int, ...]
    slowest: tuple[float, ...]
    block: int  # games a block
    squares: tuple[Fraction, ...]  # of each block's payoffs
    open: tuple[Fraction, ...]  # the payoffs of the block under way (not in the squares)

    @classmethod
    def empty(cls, entrants: int, block: int = 1) -> Tally:
        """No game counted yet, for ``entrants`` entrants, in blocks of ``block`` games."""
        zero = (Fraction(0),) * entrants
        none = (0,) * entrants
        return cls(0, 0, Fraction(0), zero, zero, zero, none, (0.0,) * entrants, block, zero, zero)

    def plus(self, played: Played, seconds: float) -> Tally:
        """This tally and one game more: what each entrant got and spent, and its CPU
        ``seconds``."""
        exact = [Fraction(p) for p in played.payoffs]
        tops = [Fraction(_top_share(played.payoffs, e)) for e in range(len(exact))]
        block = tuple(map(operator.add, self.open, exact))
        closed = (self.games + 1) % self.block == 0
        zero = (Fraction(0),) * len(exact)
        return Tally(
            games=self.games + 1,
            actions=self.actions + played.actions,
            seconds=self.seconds + Fraction(seconds),
            payoffs=tuple(map(operator.add, self.payoffs, exact)),
            tops=tuple(map(operator.add, self.tops, tops)),
            spent=tuple(s + Fraction(x) for s, x in zip(self.spent, played.seconds, strict=True)),
            decisions=tuple(map(operator.add, self.decisions, played.decisions)),
            slowest=tuple(map(max, self.slowest, played.slowest)),
            block=self.block,
            squares=tuple(s + x * x for s, x in zip(self.squares, block, strict=True))
            if closed
            else self.squares,
            open=zero if closed else block,
        )

    def mean(self, total: Fraction | int) -> float:
        """A sum's mean a game, as :func:`statistics.fmean` rounds it (the sum, then / n)."""
        return float(total) / self.games

    def result(self, entrant: int, label: str) -> Result:
        """One entrant's figures over the games counted."""
        n, total = self.games, self.payoffs[entrant]
        share = self.mean(self.tops[entrant])
        m, blocked = n // self.block, total - self.open[entrant]  # blocks done, and their sum
        se = None
        if m > 1:  # the blocks' means' squared deviations, exact, as stdev's
            deviations = (m * self.squares[entrant] - blocked * blocked) / (m * self.block**2)
            se = _sqrt(deviations / (m - 1)) / math.sqrt(m)
        return Result(
            label=label,
            games=n,
            mean=self.mean(total),
            se=se,
            top_share=share,
            top_interval=wilson(share, -(-n // self.block)),  # deals, one cut short too
            seconds=self.mean(self.spent[entrant]),
            decisions=self.mean(self.decisions[entrant]),
            slowest=self.slowest[entrant],
        )


def _sqrt(value: Fraction) -> float:
    """The square root of ``value`` correctly rounded to a float, as :func:`statistics.stdev`
    takes it (by rounding to odd, https://bugs.python.org/msg407078).

    >>> _sqrt(Fraction(9, 4)), _sqrt(Fraction(2)) == math.sqrt(2), _sqrt(Fraction(0))
    (1.5, True, 0.0)
    """
    n, m = value.numerator, value.denominator
    q = (n.bit_length() - m.bit_length() - 2 * sys.float_info.mant_dig - 3) // 2
    if q >= 0:
        return float(_root_to_odd(n, m << 2 * q) << q)
    return _root_to_odd(n << -2 * q, m) / (1 << -q)


def _root_to_odd(n: int, m: int) -> int:
    """The square root of n/m as a whole number, rounded to odd."""
    root = math.isqrt(n // m)
    return root | (root * root * m != n)


def _top_share(payoffs: list[float], entrant: int) -> float:
    """1 if ``entrant`` alone had the top payoff, 1/k if k shared it, else 0.

    >>> _top_share([3, 3, -6], 0), _top_share([3, 3, -6], 2), _top_share([5], 0)
    (0.5, 0.0, 1.0)
    """
    best = max(payoffs)
    return 1 / payoffs.count(best) if payoffs[entrant] == best else 0.0
