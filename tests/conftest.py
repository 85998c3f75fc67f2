"""Fixtures shared by every test folder."""

from __future__ import annotations

import pytest


@pytest.fixture
def own_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    """Let a test register its own bots in a copy of the registry, thrown away after it.

    Every game's bots are loaded first: a bot module first imported while the copy stands
    registers its bots in the copy only, and, imported once, would never register them again,
    so a later test (the lobby's meusueb, say) found no 'strong' bot.
    """
    from parlour import bots

    for game_name in bots._BOT_MODULES:
        bots._load(game_name)
    monkeypatch.setattr(bots, "_BOTS", dict(bots._BOTS))
