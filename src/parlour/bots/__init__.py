"""Players that choose from what a seat may see, through one interface.

    bot = parlour.bots.make("random", game, seed=1)
    action = bot.choose(state.observation(seat), state.legal_actions())

A bot sees only ``observation(seat)`` and the legal actions: never the state.
Per-game bots register under ``(game name, bot name)``; ``"random"`` works for
every game.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import math
import os
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from parlour.game import Action, Game, GameOptionError, check_seed, type_hints, typed_option
from parlour.game import make as make_game
from parlour.game import names as game_names

_BOT_MODULES: dict[str, str] = {
    "draw-poker": "parlour.bots.draw_poker",
    "jackpots": "parlour.bots.draw_poker",
    "straight-poker": "parlour.bots.other_poker",
    "stud-poker": "parlour.bots.other_poker",
    "whiskey-poker": "parlour.bots.other_poker",
    "poker-patience": "parlour.bots.patience",
    "sixteen-soldiers": "parlour.bots.sixteen_soldiers",
    "meusueb": "parlour.bots.meusueb",
    "pachisi": "parlour.bots.pachisi",
}
_BOTS: dict[tuple[str, str], Callable[..., Bot]] = {}


class Bot:
    """A player.  ``choose`` gets the seat's observation and the legal actions; a bot that
    can say why it chose sets ``reason`` (words for a hint), else it stays ""."""

    reason = ""

    def __init__(self, game: Game, seed: int | None = None, **_: Any) -> None:
        self.game = game
        self.rng = random.Random(seed)

    def choose(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        raise NotImplementedError


class RandomBot(Bot):
    """Chooses uniformly among the legal actions."""

    def choose(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        return self.rng.choice(list(legal))


def register(game_name: str, bot_name: str, *, replace: bool = False) -> Callable[[type], type]:
    """Class decorator: ``bots.make(bot_name, game)`` builds this bot for that game.

    The game must exist, and a name its bots already have (``greedy``...) is refused unless
    ``replace=True``: the game's own bots are loaded first, so the outcome never depends on
    what was imported before.
    """
    if game_name not in game_names():
        raise GameOptionError(f"no game {game_name!r} to register the bot {bot_name!r} for; "
                              f"games: {', '.join(game_names())}")  # fmt: skip

    def wrap(cls: type) -> type:
        if getattr(cls, "__module__", None) != _BOT_MODULES.get(game_name):
            _load(game_name)  # the game's own bots, unless it is their module registering
        taken = _BOTS.get((game_name, bot_name))
        if taken is not None and taken is not cls and not replace:
            raise GameOptionError(
                f"{game_name} already has a bot {bot_name!r} ({taken.__qualname__}); "
                f"register({game_name!r}, {bot_name!r}, replace=True) replaces it"
            )
        _BOTS[(game_name, bot_name)] = cls
        return cls

    return wrap


#: the environment variable naming one's own bots' modules, for the command line
OWN_BOTS = "PARLOUR_BOTS"
_OWN_LOADED: set[str] = set()


def _load_own() -> None:
    """Import, once each, the modules that ``PARLOUR_BOTS`` names (comma-separated: a module
    on the path or in the current folder, or a ``.py`` file), so that the bots they register
    play by name at the command line (``PARLOUR_BOTS=mybots.py parlour simulate meusueb
    --bots mine,greedy``).  A file is imported as the module of its name, so importing it
    again, by either name, runs it once."""
    for entry in filter(None, (e.strip() for e in os.environ.get(OWN_BOTS, "").split(","))):
        if entry in _OWN_LOADED:
            continue
        _OWN_LOADED.add(entry)  # first: the module's own registrations come back here
        try:
            _import_own(entry)
        except Exception as err:  # the person's own code: say where, not a traceback
            _OWN_LOADED.discard(entry)
            raise GameOptionError(
                f"{OWN_BOTS}: cannot import {entry!r}: {type(err).__name__}: {err}"
            ) from err


def _import_own(entry: str) -> None:
    """Import a module by name (the current folder on the path too) or a ``.py`` file: as
    the module of its name where that name is free or is this file, else under a name of
    its own (``mybots.py`` in two folders, or a file named ``json.py``)."""
    if not entry.endswith(".py"):
        here = os.getcwd() not in sys.path
        if here:
            sys.path.append(os.getcwd())
        try:
            importlib.import_module(entry)
        finally:
            if here:
                sys.path.remove(os.getcwd())
        return
    path = Path(entry).resolve()
    name = path.stem
    loaded = sys.modules.get(name)
    if loaded is not None:
        if Path(getattr(loaded, "__file__", None) or "").resolve() == path:
            return  # imported already (``import mybots``)
        name = f"parlour_bots_{len(_OWN_LOADED)}_{name}"
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise ImportError(f"no Python file {entry}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # before it runs: dataclasses and pickling look it up there
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]
        raise


def _load(game_name: str) -> None:
    _load_own()
    module = _BOT_MODULES.get(game_name)
    if module is not None:
        importlib.import_module(module)


def names(game: Game) -> list[str]:
    """The bot names available for ``game``."""
    _load(game.name)
    return sorted({"random"} | {b for (g, b) in _BOTS if g == game.name})


def check_name(name: str, game: Game) -> None:
    """Refuse a bot name that ``game`` has no bot for, naming those it has."""
    available = names(game)
    if name not in available:
        raise GameOptionError(f"no bot {name!r} for {game.name}; available: {', '.join(available)}")


def make(name: str, game: Game | str, seed: int | None = None, **options: Any) -> Bot:
    """Build the bot ``name`` for ``game`` (``"random"``, ``"greedy"``, ``"strong"``, ...);
    a game's name stands for the game with its default options.

    >>> make("greedy", "meusueb").game.name
    'meusueb'
    """
    if isinstance(game, str):
        game = make_game(game)
    elif not isinstance(game, Game):
        raise TypeError(f"bot {name!r}: game is a Game or a game's name, not {game!r}")
    _load(game.name)
    factory = _BOTS.get((game.name, name))
    if factory is None:  # an unknown name is refused; "random" may have no entry of its own
        check_name(name, game)
        factory = RandomBot
    _check_options(factory, f"bot {name!r} for {game.name}", options)
    if seed is not None:
        check_seed(seed)  # refused as a deal's seed is: -5 would play as 5, "7" not at all
    return factory(game, seed=seed, **options)


def _check_options(factory: Callable[..., Bot], where: str, options: dict[str, Any]) -> None:
    """Refuse an option the bot's constructors do not name, or a value of the wrong type or
    below zero, with a :class:`GameOptionError` naming it (a typo would otherwise be ignored).

    >>> import parlour
    >>> make("strong", parlour.make("poker-patience"), wrok=30_000)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    parlour.game.GameOptionError: ...: unknown option 'wrok'; options: exact, halving, ...
    """
    accepted: dict[str, Any] = {}
    for cls in getattr(factory, "__mro__", ()):
        init = cls.__dict__.get("__init__")
        if init is None:
            continue
        try:
            hints = type_hints(init)
        except NameError:  # an annotation only a type checker can resolve
            hints = {}
        for p in inspect.signature(init).parameters.values():
            if p.kind in (p.VAR_KEYWORD, p.VAR_POSITIONAL) or p.name in ("self", "game", "seed"):
                continue
            accepted.setdefault(p.name, hints.get(p.name, Any))
    for key, value in options.items():
        if key not in accepted:
            known = ", ".join(sorted(accepted)) or "none"
            raise GameOptionError(f"{where}: unknown option {key!r}; options: {known}")
        value = typed_option(f"{where}: ", key, accepted[key], value)
        if isinstance(value, int | float) and not isinstance(value, bool) and value < 0:
            raise GameOptionError(f"{where}: option {key!r} cannot be negative, not {value!r}")
        if isinstance(value, float) and not math.isfinite(value):  # nan: a search never ends
            raise GameOptionError(f"{where}: option {key!r} must be a finite number, not {value}")
