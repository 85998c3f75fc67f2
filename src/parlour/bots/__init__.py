"""Players that choose from what a seat may see, through one interface.

    bot = parlour.bots.make("random", game, seed=1)
    action = bot.choose(state.observation(seat), state.legal_actions())

A bot sees only ``observation(seat)`` and the legal actions: never the state.
Per-game bots register under ``(game name, bot name)``; ``"random"`` works for
every game.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Sequence
from typing import Any

from parlour.game import Action, Game, GameOptionError

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
    """A player.  ``choose`` gets the seat's observation and the legal actions."""

    def __init__(self, game: Game, seed: int | None = None, **_: Any) -> None:
        self.game = game
        self.rng = random.Random(seed)

    def choose(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        raise NotImplementedError


class RandomBot(Bot):
    """Chooses uniformly among the legal actions."""

    def choose(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        return self.rng.choice(list(legal))


def register(game_name: str, bot_name: str) -> Callable[[type], type]:
    """Class decorator: ``bots.make(bot_name, game)`` builds this bot for that game."""

    def wrap(cls: type) -> type:
        _BOTS[(game_name, bot_name)] = cls
        return cls

    return wrap


def _load(game_name: str) -> None:
    module = _BOT_MODULES.get(game_name)
    if module is None:
        return
    try:
        importlib.import_module(module)
    except ModuleNotFoundError as err:  # the game has no bots of its own yet
        if err.name != module:
            raise


def names(game: Game) -> list[str]:
    """The bot names available for ``game``."""
    _load(game.name)
    return sorted({"random"} | {b for (g, b) in _BOTS if g == game.name})


def make(name: str, game: Game, seed: int | None = None, **options: Any) -> Bot:
    """Build the bot ``name`` for ``game`` (``"random"``, ``"greedy"``, ``"strong"``, ...)."""
    _load(game.name)
    factory = _BOTS.get((game.name, name))
    if factory is None and name == "random":
        factory = RandomBot
    if factory is None:
        raise GameOptionError(
            f"no bot {name!r} for {game.name}; available: {', '.join(names(game))}"
        )
    return factory(game, seed=seed, **options)
