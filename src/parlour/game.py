"""The one protocol every parlour game speaks, and the registry of games by name.

A game is a :class:`Game` (the rules, fixed for a sitting) and a :class:`State`
(one deal or one game in progress).  Front ends, bots, replays, the contract
checks and the benchmarks are written once against these two classes.

>>> import parlour
>>> "draw-poker" in parlour.game.names()
True

Randomness belongs to the state: ``new_state(seed=7)`` is reproducible,
``new_state()`` uses :class:`secrets.SystemRandom`.  Every outcome that chance
decides goes through :meth:`State._chance` and is recorded in ``history``, so
:meth:`Game.replay` rebuilds an equal state without any random generator.
"""

from __future__ import annotations

import copy
import functools
import importlib
import json
import math
import numbers
import operator
import random
import secrets
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import asdict, fields, is_dataclass
from typing import Any, ClassVar, Literal, Self, TypeVar, get_args, get_origin, get_type_hints

JSON = Any
Action = Any  # any object whose str() is the action's canonical text


class IllegalAction(ValueError):
    """An action the rules forbid; the message names the rule.  The state is unchanged."""


class GameOptionError(ValueError):
    """A rule option that does not exist or has a value the rules do not allow."""


# ---------------------------------------------------------------------------
# registry

_GAME_MODULES: dict[str, str] = {
    "draw-poker": "parlour.poker.draw",
    "jackpots": "parlour.poker.draw",
    "straight-poker": "parlour.poker.straight",
    "stud-poker": "parlour.poker.stud",
    "whiskey-poker": "parlour.poker.whiskey",
    "poker-patience": "parlour.patience.game",
    "sixteen-soldiers": "parlour.boards.sixteen_soldiers",
    "meusueb": "parlour.boards.meusueb",
    "pachisi": "parlour.boards.pachisi",
    "draw-poker-referee": "parlour.poker.referee",
}
_GAMES: dict[str, Callable[..., Game]] = {}
G = TypeVar("G", bound="Game")


def register(name: str) -> Callable[[type[G]], type[G]]:
    """Class decorator: make ``parlour.make(name, ...)`` build this game class."""

    def wrap(cls: type[G]) -> type[G]:
        _GAMES[name] = cls
        cls.name = name
        return cls

    return wrap


def names() -> list[str]:
    """Every registered game name (whether or not its module is loaded yet)."""
    return sorted(set(_GAME_MODULES) | set(_GAMES))


def make(name: str, **options: Any) -> Game:
    """Build the game registered under ``name`` with the given rule options.

    >>> make("no-such-game")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    parlour.game.GameOptionError: unknown game 'no-such-game'; known: draw-poker, ...
    """
    if name not in _GAMES and name in _GAME_MODULES:
        importlib.import_module(_GAME_MODULES[name])
    if name not in _GAMES:
        raise GameOptionError(f"unknown game {name!r}; known: {', '.join(names())}")
    return _GAMES[name](**options)


# ---------------------------------------------------------------------------
# the protocol


class Game:
    """The rules of one game, fixed for a sitting.

    Subclasses set ``state_class`` and ``min_players``/``max_players`` and take
    their rule options as keyword arguments (usually one frozen dataclass).
    """

    name: ClassVar[str] = "?"
    state_class: ClassVar[type[State]]
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    #: the sum every payoff vector must have; None when it is not fixed (a solitaire's score)
    payoff_total: float | None = 0
    #: the game's options, one frozen dataclass of the game's own (set by its ``__init__``)
    rules: Any

    def __init__(self, players: int | None = None, **_: Any) -> None:
        players = self.min_players if players is None else players
        if type(players) is not int or not self.min_players <= players <= self.max_players:
            raise GameOptionError(
                f"{self.name}: players must be {self.min_players}..{self.max_players}, "
                f"not {players!r}"
            )
        self.num_players = players

    # -- what a record of the game needs to rebuild it
    def options(self) -> dict[str, JSON]:
        """The options that rebuild this game with :func:`make` (JSON-able)."""
        rules = getattr(self, "rules", None)
        opts: dict[str, JSON] = {"players": self.num_players}
        if is_dataclass(rules) and not isinstance(rules, type):
            opts.update(_jsonable(asdict(rules)))
        return opts

    def new_state(self, seed: int | None = None) -> State:
        """A fresh deal or game; ``seed=None`` shuffles from the operating system."""
        rng: random.Random = secrets.SystemRandom() if seed is None else seeded(seed)
        return self.state_class(self, rng)

    def replay(self, history: Iterable[JSON], seed: int | None = None) -> State:
        """Rebuild the state a history describes, taking chance outcomes from the record; the
        state then plays on with fresh chance (an unfinished game may be taken up again),
        drawn from ``seed`` where one is given, so that going on from a record repeats."""
        entries = list(history)
        for number, entry in enumerate(entries):  # a ruling: given again, or read by the game
            if not isinstance(entry, dict):
                raise IllegalAction(
                    f"history: entry {number} is {short_repr(entry)}, not a JSON object"
                )
            if "action" in entry and "chance" in entry:  # it would be read as both
                raise IllegalAction(
                    f"history entry {number}: an entry is an 'action' or a 'chance' event, not both"
                )
            if not entry.keys() & {"action", "chance", "ruling"}:  # it would be passed over
                raise IllegalAction(
                    f"history entry {number}: an entry is an 'action', a 'chance' event or a "
                    f"'ruling', not {short_repr(entry)}"
                )
        script = deque(e for e in entries if "chance" in e)
        state = self.state_class(self, _NoRandom(), script=script)
        for number, entry in enumerate(entries):
            if "action" in entry:
                _replay_action(state, number, entry)
            elif "ruling" in entry:
                state._replay_ruling(number, entry)
        if script:
            raise IllegalAction(f"history: {len(script)} chance outcome(s) were never used")
        _check_rulings(entries, state.history)
        # the record is used up: from here chance is fresh, as in a game dealt with this seed
        state._script = None
        state.rng = secrets.SystemRandom() if seed is None else seeded(seed)
        return state

    def record(self, state: State, **extra: JSON) -> dict[str, JSON]:
        """A JSON-able record of a whole game: its name, options and history, and once it is
        over its payoffs, which :func:`load_record` checks the replay against."""
        out: dict[str, JSON] = {"game": self.name, "options": self.options()}
        out["history"] = state.history
        if state.is_over:
            out["payoffs"] = state.payoffs()
        return {**out, **extra}

    def __repr__(self) -> str:
        return f"parlour.make({self.name!r}, players={self.num_players})"


def _replay_action(state: State, number: int, entry: dict[str, JSON]) -> None:
    """Apply the recorded action of history entry ``number`` in a replay; a refusal names the
    entry, its seat and its action, so an edited record says where it breaks."""
    action = entry["action"]
    if not isinstance(action, str):  # a record holds each action's text (5 read as "5")
        raise IllegalAction(
            f"history entry {number}: 'action' must be an action's text, not {short_repr(action)}"
        )
    seat = entry.get("seat", state.to_move)
    if "seat" in entry and whole_number(seat) is None:  # True was seat 1, null "seat None"
        raise IllegalAction(f"history entry {number}: 'seat' must be a seat's number, 0.."
                            f"{state.game.num_players - 1}, not {short_repr(seat)}")  # fmt: skip
    who = "" if seat is None else f"seat {seat}, "
    where = f"history entry {number} ({who}{action!r})"
    if state.to_move is None:  # an entry after the end: not "seat None is to move"
        raise IllegalAction(f"{where}: the game is over: no action is legal")
    if state.to_move != seat:
        raise IllegalAction(f"{where}: seat {seat} acts, but seat {state.to_move} is to move")
    try:
        state.apply(action)
    except IllegalAction as err:
        if str(err).startswith("history"):  # a chance entry it drew on: named already
            raise
        raise IllegalAction(f"{where}: {err}") from None


def _check_rulings(entries: list[JSON], replayed: list[JSON]) -> None:
    """Refuse a record whose rulings are not those its replay gives, each at its place: the
    game gives its rulings again as it replays, so one edited, added or taken out of the
    record was passed over, and the record then said other than its replay."""
    for number in range(max(len(entries), len(replayed))):
        saved = entries[number] if number < len(entries) else None
        given = replayed[number] if number < len(replayed) else None
        if not any(isinstance(e, dict) and "ruling" in e for e in (saved, given)):
            continue  # (most entries: compared no further, so that a replay stays quick)
        if saved == (given := _jsonable(given)):
            continue
        if not isinstance(given, dict) or "ruling" not in given:
            raise IllegalAction(
                f"history entry {number}: a ruling, {short_repr(saved)}, where the replay "
                "gives none: a ruling is given by the game as it replays, not read"
            )
        if not isinstance(saved, dict) or "ruling" not in saved:
            raise IllegalAction(
                f"history entry {number}: the replay gives ruling {given['ruling']!r} here, "
                "which the record lacks"
            )
        if saved["ruling"] != given["ruling"]:
            raise IllegalAction(
                f"history entry {number}: the replay gives ruling {given['ruling']!r} here, "
                f"not {short_repr(saved['ruling'])}"
            )
        key = min(k for k in saved.keys() | given.keys() if k not in saved or k not in given
                  or saved[k] != given[k])  # fmt: skip
        where = f"history entry {number}: ruling {given['ruling']!r}"
        if key not in given:  # a field added to the record, even one that is null
            raise IllegalAction(f"{where} has a field {key!r} that the replay does not give")
        if key not in saved:
            raise IllegalAction(f"{where} lacks its {key!r}: the replay gives "
                                f"{short_repr(given[key])}")  # fmt: skip
        raise IllegalAction(
            f"{where}: its {key!r} is {short_repr(saved[key])}, but the replay gives "
            f"{short_repr(given[key])}"
        )


class State:
    """One deal or game in progress.  Engines subclass it and fill in the hooks.

    A subclass implements ``to_move``, ``legal_actions()``, ``_apply(action)``,
    ``is_over``, ``_payoffs()`` (behind ``payoffs()``, which first refuses a game not yet
    over) and ``_observe(seat)`` (what ``observation`` returns for a
    seat at the table); it may override ``_parse(text)`` and ``_why_illegal(action)`` to give
    faster parsing and a message naming the rule that forbids an action.
    """

    def __init__(self, game: Game, rng: random.Random, script: deque[JSON] | None = None) -> None:
        self.game = game
        self.rng = rng
        self.history: list[JSON] = []
        self._script = script

    # -- chance
    def _chance(
        self,
        label: str,
        sample: Callable[[random.Random], JSON],
        check: Callable[[JSON], str | None] | None = None,
    ) -> JSON:
        """Decide something by chance, recording the outcome (which must be JSON-able).

        A replay reads the outcome from the record instead; ``check`` says why ``sample``
        could never have given it (None when it could), and the replay then refuses the
        record with :class:`IllegalAction` naming the entry, before the engine uses it.
        """
        if self._script is not None:
            if not self._script:  # the entry it needs is not there: the record lacks it
                raise IllegalAction(
                    f"history: no recorded outcome for chance event {label!r} (history entry "
                    f"{len(self.history)}): the record's history is incomplete, cut short or "
                    "an entry taken out (or it was played under other options)"
                )
            entry = self._script.popleft()
            if entry["chance"] != label:
                raise IllegalAction(
                    f"history: expected chance event {label!r}, found {entry['chance']!r}"
                )
            outcome = entry.get("outcome")
            why = None if check is None else check(outcome)
            if why is not None:
                raise IllegalAction(
                    f"history entry {len(self.history)}: chance event {label!r} cannot have "
                    f"the outcome {short_repr(outcome)}: {why}"
                )
        else:
            outcome = sample(self.rng)
        self.history.append({"chance": label, "outcome": outcome})
        return outcome

    # -- the protocol
    @property
    def to_move(self) -> int | None:
        raise NotImplementedError

    @property
    def is_over(self) -> bool:
        raise NotImplementedError

    def legal_actions(self) -> list[Action]:
        raise NotImplementedError

    def payoffs(self) -> list[float]:
        """Each seat's net result once the game is over: chips won less chips put up, or
        points; they sum to ``game.payoff_total`` where that is set.  Before the end there is
        no result, and asking is refused (each game's figures so far meant something else).
        """
        if not self.is_over:
            raise IllegalAction("the game is not over: payoffs come at its end (see is_over)")
        return self._payoffs()

    def _payoffs(self) -> list[float]:
        raise NotImplementedError

    def observation(self, seat: int) -> dict[str, JSON]:
        """What ``seat`` may know now (DESIGN.md: hidden information stays hidden).

        A seat that is not at the table is refused, rather than read as another seat's view
        (``-1`` was the last seat's).  Every game's view holds ``game``, ``players``, ``seat``
        and ``to_move``, and once the game is over its ``payoffs``; the rest is the game's own.
        """
        index = self._seat_at_table(seat)
        view = self._observe(index)
        if "game" not in view:
            view["game"] = self.game.name
        if "players" not in view:
            view["players"] = self.game.num_players
        if "seat" not in view:
            view["seat"] = index
        if "to_move" not in view:
            view["to_move"] = self.to_move
        if "payoffs" not in view and self.is_over:
            view["payoffs"] = self.payoffs()
        return view

    def _seat_at_table(self, seat: Any) -> int:
        """``seat`` as an index of the table, or ValueError: any whole number (numpy's too),
        but not True for 1, nor -1 for the last seat."""
        players = self.game.num_players
        index = whole_number(seat)
        if index is None or not 0 <= index < players:
            raise ValueError(f"{self.game.name}: seat must be 0..{players - 1}, not {seat!r}")
        return index

    def _observe(self, seat: int) -> dict[str, JSON]:
        raise NotImplementedError

    def _rules_as_json(self) -> dict[str, JSON]:
        """The game's rule options as JSON (tuples as lists), for a view that shows them: a
        copy of what the game worked out once (its rules are frozen)."""
        rules = self.game.__dict__.get("_rules_json")
        if rules is None:
            rules = {k: v for k, v in self.game.options().items() if k != "players"}
            self.game.__dict__["_rules_json"] = rules
        return _json_copy(rules)

    def apply(self, action: Action) -> State:
        """Play ``action`` (an action or its text) for the seat to move; returns self.

        Raises :class:`IllegalAction`, leaving the state unchanged, when the
        rules forbid it.
        """
        seat = self.to_move
        if seat is None:
            raise IllegalAction("the game is over: no action is legal")
        if isinstance(action, str):
            try:
                action = self._parse(action)
            except IllegalAction:
                raise
            except ValueError as err:  # e.g. int() refuses a number of over 4,300 digits
                why = "a number in it is too long" if "digits" in str(err) else str(err)
                raise IllegalAction(
                    f"{short_repr(action)} cannot be read as an action: {why}"
                ) from None
        reason = self._why_illegal(action)
        if reason is not None and not isinstance(action, str):  # a foreign object: its text
            parsed = self._parse(str(action))
            parsed_reason = self._why_illegal(parsed)
            if parsed_reason is None:
                action, reason = parsed, None
            elif parsed is not action:  # what the text breaks, not that the object is foreign
                reason = parsed_reason
        if reason is not None:
            raise IllegalAction(reason)
        self.history.append({"seat": seat, "action": str(action)})
        self._apply(action)
        return self

    def _replay_ruling(self, number: int, entry: dict[str, JSON]) -> None:
        """A record's ruling (history entry ``number``) met as it replays.  A game gives its
        own rulings again as it replays, so by default this does nothing (the replay's
        rulings are then compared with the record's); a deal whose rulings come from outside
        the game (the digital referee's) checks the entry and re-applies it here."""

    def _parse(self, text: str) -> Action:
        """Turn canonical text into an action; the default matches legal actions' text."""
        for action in self.legal_actions():
            if str(action) == text:
                return action
        return text

    def _why_illegal(self, action: Action) -> str | None:
        """None if ``action`` is legal, else a message naming the rule that forbids it."""
        text = str(action)
        legal = [str(a) for a in self.legal_actions()]
        if text in legal:
            return None
        shown = ", ".join(legal[:12]) + (", ..." if len(legal) > 12 else "")
        return f"{text!r} is not a legal action for seat {self.to_move} now; legal: {shown}"

    def _apply(self, action: Action) -> None:
        raise NotImplementedError

    def _copy_base(self) -> Self:
        """A shallow copy with its own history, script and random generator: where every
        game's ``clone`` starts before copying its own mutable fields."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.history = [dict(e) for e in self.history]
        other._script = None if self._script is None else deque(self._script)
        other.rng = copy_rng(self.rng)
        return other

    def clone(self) -> Self:
        """An independent copy: applying actions to it never changes this state."""
        other = copy.copy(self)
        for key, value in self.__dict__.items():
            if key in ("game", "rng"):
                continue
            other.__dict__[key] = copy.deepcopy(value)
        other.rng = copy_rng(self.rng)
        return other

    # -- optional: for contract checks and determinising bots
    def resample_hidden(self, seat: int, rng: random.Random | int) -> State:
        """A state ``seat`` cannot tell apart from this one, with others' secrets re-drawn.

        The game's ``_resample`` re-draws what is hidden; chance to come is hidden too, so
        the result deals and throws from a generator seeded from ``rng``, never a copy of
        this state's (DESIGN.md 5: its next shuffle or throw is the true game's).  The
        contract checks verify that ``observation(seat)`` does not depend on the re-draw.
        ``rng`` is a :class:`random.Random`, or a seed (0 or more) for one.
        """
        if not isinstance(rng, random.Random):
            if whole_number(rng) is None:
                raise TypeError(
                    f"resample_hidden: rng is a random.Random or a whole-number seed, not {rng!r}"
                )
            try:
                rng = seeded(rng)
            except GameOptionError as err:
                raise GameOptionError(f"resample_hidden: {err}") from None
        other = self._resample(self._seat_at_table(seat), rng)
        other.rng = random.Random(rng.getrandbits(64))
        return other

    def _resample(self, seat: int, rng: random.Random) -> State:
        """The hook behind :meth:`resample_hidden`: perfect-information games return a clone;
        games with hidden cards override it to re-draw them (and the record with them)."""
        return self.clone()

    def __eq__(self, other: object) -> bool:
        """The same game (its name and options) at the same point of the same history, every
        seat seeing the same: what a replay rebuilds and a clone copies.  (The views count
        too, for a state built from a position, whose history is empty.)  Chance to come
        (the generator) is not compared, as a replay has none.  States change, so they are
        not hashable.

        >>> import parlour
        >>> state = parlour.make("meusueb").new_state(seed=1).apply("S1")
        >>> state.game.replay(state.history) == state, state.clone().apply("N1") == state
        (True, False)
        """
        if not isinstance(other, State):
            return NotImplemented
        return (
            type(self) is type(other)
            and self.game.name == other.game.name
            and self.history == other.history
            and self.game.options() == other.game.options()
            and all(
                self.observation(seat) == other.observation(seat)
                for seat in range(self.game.num_players)
            )
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<{type(self).__name__} of {self.game!r}, {len(self.history)} events>"


def short_repr(value: Any) -> str:
    """``repr(value)``, cut to 40 characters for a message (a record's value may be long).

    >>> short_repr("x" * 50)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx..."
    """
    shown = repr(value)
    return shown if len(shown) <= 40 else shown[:37] + "..."


def seeded(seed: int) -> random.Random:
    """A generator for a seed of 0 or more (:func:`check_seed`)."""
    return random.Random(check_seed(seed))


def check_seed(seed: Any, name: str = "seed") -> int:
    """``seed`` as an int, refused unless a whole number of 0 or more, the message naming it
    as ``name`` (a flag: ``--seed``): :class:`random.Random` deals ``-n`` as ``n``, so a
    negative seed would quietly repeat another seed's deal (and numpy refuses it); every
    seed parlour takes is checked here.

    >>> check_seed(-1)
    Traceback (most recent call last):
    ...
    parlour.game.GameOptionError: seed must be 0 or more, not -1
    >>> check_seed("7", "--seed")
    Traceback (most recent call last):
    ...
    parlour.game.GameOptionError: --seed must be a whole number, not '7'
    """
    value = whole_number(seed)
    if value is None:
        raise GameOptionError(f"{name} must be a whole number, not {seed!r}")
    if value < 0:
        raise GameOptionError(f"{name} must be 0 or more, not {seed}")
    return value


def whole_number(value: Any) -> int | None:
    """``value`` as an int where it is a whole number (numpy's too), else None: not 1.5,
    "7", nor True (a bool is no seat or seed)."""
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)
    except TypeError:
        return None


def copy_rng(rng: random.Random) -> random.Random:
    """A twin of a seeded generator, so a clone's chance never moves the original's; a
    secure or replaying generator holds no state worth copying and is shared."""
    if type(rng) is random.Random:
        twin = random.Random()
        twin.setstate(rng.getstate())
        return twin
    return rng


class _NoRandom(random.Random):
    """The generator of a replayed state: every outcome must come from the record."""

    def random(self) -> float:  # pragma: no cover - reached only by a faulty engine
        raise IllegalAction("a replayed state drew a random number that the history lacks")


# ---------------------------------------------------------------------------
# rule options as frozen dataclasses


def build_rules(
    rules_class: type,
    options: dict[str, Any],
    presets: dict[str, dict[str, Any]] | None = None,
    preset: str | None = None,
    game: str = "",
) -> Any:
    """Build a frozen rules dataclass from keyword options, naming any unknown option.

    A named ``preset`` (one of ``presets``) gives values first; explicit options override them.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class R:
    ...     ante: int = 1
    >>> build_rules(R, {"ante": 2})
    R(ante=2)
    >>> build_rules(R, {}, {"big": {"ante": 5}}, "big")
    R(ante=5)
    >>> build_rules(R, {"antee": 2})
    Traceback (most recent call last):
    ...
    parlour.game.GameOptionError: unknown rule option 'antee'; options are: ante
    """
    if preset is not None:
        if not presets or not isinstance(preset, str) or preset not in presets:
            names = ", ".join(presets or ()) or "none"
            raise GameOptionError(f"{game}: unknown preset {preset!r}; presets: {names}")
        options = {**presets[preset], **options}
    known = {f.name for f in fields(rules_class)}
    unknown = sorted(set(options) - known)
    if unknown:
        raise GameOptionError(
            f"unknown rule option {unknown[0]!r}; options are: {', '.join(sorted(known))}"
        )
    hints = type_hints(rules_class)
    where = f"{game}: " if game else ""
    return rules_class(
        **{name: typed_option(where, name, hints[name], value) for name, value in options.items()}
    )


#: a class's or function's resolved annotations, read once (every game made checks its options)
type_hints = functools.cache(get_type_hints)


def typed_option(where: str, name: str, hint: Any, value: Any) -> Any:
    """``value`` as the rule field's declared type, or a :class:`GameOptionError` naming it.

    A whole number serves where a decimal is asked for, a single number where a tuple of
    numbers is (the command line's ``--rule grace_throws=25``), and an empty text for an
    empty tuple (``--rule grace_throws=``).  A ``Literal[...]`` field takes exactly one of
    its values.

    >>> typed_option("", "cowrie_p_up", float, 1), typed_option("", "throws", tuple[int, ...], 25)
    (1.0, (25,))
    >>> typed_option("", "throws", tuple[int, ...], "")
    ()
    >>> typed_option("", "cowrie_p_up", float, "high")
    Traceback (most recent call last):
    ...
    parlour.game.GameOptionError: option 'cowrie_p_up' must be a number, not the text 'high'
    >>> typed_option("pachisi: ", "teams", Literal["partners", "none"], "trios")
    Traceback (most recent call last):
    ...
    parlour.game.GameOptionError: pachisi: option 'teams' must be one of partners, none, not 'trios'
    """
    whole = isinstance(value, numbers.Integral) and not isinstance(value, bool)
    args = get_args(hint)
    if get_origin(hint) is Literal:  # one of the listed values, of the listed value's type
        if not any(type(value) is type(a) and value == a for a in args):
            allowed = ", ".join(str(a) for a in args)
            raise GameOptionError(f"{where}option {name!r} must be one of {allowed}, not {value!r}")
        return value
    if len(args) == 2 and type(None) in args:  # ``X | None``: None, or an X
        return (
            None if value is None else typed_option(where, name, args[args[0] is type(None)], value)
        )
    if hint is bool:
        ok, kind = isinstance(value, bool), "true or false"
    elif hint is int:
        ok, kind, value = whole, "a whole number", int(value) if whole else value
    elif hint is float:
        real = isinstance(value, numbers.Real) and not isinstance(value, bool)
        ok, kind, value = real, "a number", float(value) if real else value
    elif hint is str:  # a number typed for a name is its text (``--rule openers=9``)
        value = str(value) if whole else value
        ok, kind = isinstance(value, str), "a name"
    elif get_origin(hint) is tuple:
        items = (value,) if whole else () if value == "" else value
        ok = isinstance(items, list | tuple) and all(
            isinstance(v, numbers.Integral) and not isinstance(v, bool) for v in items
        )
        kind = "a list of whole numbers (10,10 on the command line)"
        value = tuple(items) if ok else value
    else:
        return value
    if not ok:  # "the text 'true'": from Python, a text is not the bool it spells
        given = f"the text {value!r}" if isinstance(value, str) and hint is not str else repr(value)
        raise GameOptionError(f"{where}option {name!r} must be {kind}, not {given}")
    return value


def _json_copy(value: JSON) -> JSON:
    """A copy of JSON data, its lists and dicts new (faster than ``copy.deepcopy``)."""
    if type(value) is list:
        return [_json_copy(v) for v in value]
    if type(value) is dict:
        return {k: _json_copy(v) for k, v in value.items()}
    return value


def _jsonable(value: Any) -> JSON:
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        items = [_jsonable(v) for v in value]
        return sorted(items) if isinstance(value, (set, frozenset)) else items
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    return str(value)


def load_record(text: str) -> tuple[Game, State, dict[str, JSON]]:
    """Rebuild a game and its final state from a JSON record written by :meth:`Game.record`."""
    record = _read_json(text)
    if not isinstance(record, dict):
        raise GameOptionError("not a game record: a record is a JSON object")
    for key in ("game", "options", "history"):
        if key not in record:
            raise GameOptionError(f"record: missing field {key!r}")
    for key, kind, what in (("game", str, "a game's name"), ("options", dict, "a JSON object"),
                            ("history", list, "a JSON list of entries")):  # fmt: skip
        if not isinstance(record[key], kind):
            raise GameOptionError(f"record: {key!r} must be {what}, not {record[key]!r}")
    game = make(record["game"], **record["options"])
    state = game.replay(record["history"])
    if "payoffs" in record:  # none saved: an unfinished game's record, or an old one
        _check_payoffs(record["payoffs"], state, len(record["history"]))
    return game, state, record


#: what :func:`_read_json` puts for a number too long for Python's ``int`` to read
_TOO_LONG = object()


def _read_json(text: str) -> JSON:
    """``text`` read as JSON; a whole number too long for ``int`` (over 4,300 digits) is
    refused naming where in the record it stands, not with Python's digit limit's words."""
    long: list[str] = []

    def whole(digits: str) -> Any:
        try:
            return int(digits)
        except ValueError:  # Python's limit on the digits of a number read from text
            long.append(digits)
            return _TOO_LONG

    try:
        record = json.loads(text, parse_int=whole)
    except json.JSONDecodeError as err:
        raise GameOptionError(f"not a game record: it is not JSON ({err})") from None
    if long and isinstance(record, dict):  # (what is no object is refused as no record)
        raise GameOptionError(
            f"record: {_place_of(record, _TOO_LONG)} is a number of "
            f"{len(long[0].lstrip('-')):,} digits, too long to be read"
        )
    return record


def _place_of(data: JSON, target: object) -> str:
    """Where ``target`` stands in JSON ``data``, as ``'history[3].outcome'``."""
    todo: list[tuple[JSON, str]] = [(data, "")]
    while todo:
        value, place = todo.pop()
        if value is target:
            return repr(place.lstrip("."))
        if isinstance(value, dict):
            todo += [(v, f"{place}.{k}") for k, v in reversed(value.items())]
        elif isinstance(value, list):
            todo += [(v, f"{place}[{i}]") for i, v in reversed(list(enumerate(value)))]
    return "a number"  # pragma: no cover - the caller put it there


def _check_payoffs(saved: JSON, state: State, entries: int) -> None:
    """Refuse ``payoffs`` that are not what a history of ``entries`` entries replays to: null
    where the game is over (only an unfinished game has no result), numbers where it is not
    (the history is cut short), or other numbers than its own."""
    if saved is None:
        if state.is_over:
            raise IllegalAction(
                f"record: 'payoffs' is null, but its history replays to the game's end, with "
                f"payoffs {state.payoffs()}: a finished game's record gives its payoffs"
            )
        return
    if not isinstance(saved, list) or not all(  # (NaN and Infinity, which Python writes)
        isinstance(x, int | float) and not isinstance(x, bool) and math.isfinite(x) for x in saved
    ):
        raise GameOptionError(
            f"record: 'payoffs' must be a list of numbers, one a seat, not {short_repr(saved)}"
        )
    seats = state.game.num_players
    if len(saved) != seats:  # not "played under other rules": the list itself is wrong
        raise GameOptionError(
            f"record: 'payoffs' has {_count(len(saved), 'entry', 'entries')} for "
            f"{_count(seats, 'player', 'players')}: it must give one to each seat"
        )
    if not state.is_over:  # the record says the game ended; its history stops before
        raise IllegalAction(
            f"record: 'history' is cut short: saved with payoffs {saved}, the game over, "
            f"but its {entries} entries replay to an unfinished game (or it was played under "
            "other options)"
        )
    replayed = state.payoffs()
    if not _same_numbers(replayed, saved):
        raise IllegalAction(
            f"record: saved with payoffs {saved}, but its history replays to {replayed}: it "
            "was played under other rules than these options give here (edited, or a rule "
            "fixed since)"
        )


def _count(n: int, one: str, many: str) -> str:
    """``n`` with its noun: ``1 entry``, ``2 entries``."""
    return f"{n} {one if n == 1 else many}"


def _same_numbers(a: list[float], b: Any) -> bool:
    """Whether ``b`` is a list of the numbers in ``a`` (to a rounding error)."""
    if not isinstance(b, list) or len(a) != len(b):
        return False
    return all(isinstance(y, int | float) and abs(x - y) <= 1e-9 for x, y in zip(a, b, strict=True))
