"""Helpers for the Draw Poker and Jack-Pot tests: stacked packs and scripted deals."""

from __future__ import annotations

import random
from collections import deque
from typing import Any

from parlour.cards import pack, parse_cards


def stacked(
    game: Any,
    hands: dict[int, str],
    stock: str = "",
    more: list[dict[str, Any]] | None = None,
) -> Any:
    """A deal of ``game`` whose pack deals ``hands`` (seat -> five cards) and then ``stock``.

    Cards are dealt one at a time from the dealer's left (W-2), so the pack is
    interleaved here; seats not named get spare cards.  ``more`` holds later
    chance outcomes (a W-8 reshuffle).
    """
    n = game.num_players
    age = (game.rules.dealer + 1) % n
    parsed = {s: [int(c) for c in parse_cards(h)] for s, h in hands.items()}
    stock_cards = [int(c) for c in parse_cards(stock)]
    codes = [int(c) for c in pack(game.rules.pack, game.rules.joker != "none").cards]
    taken = {c for h in parsed.values() for c in h} | set(stock_cards)
    spare = iter([c for c in codes if c not in taken])
    order = []
    for i in range(5 * n):
        seat = (age + i) % n
        hand = parsed.get(seat)
        order.append(hand[i // n] if hand else next(spare))
    order += stock_cards + list(spare)
    script = deque([{"chance": "shuffle", "outcome": order}, *(more or [])])
    return game.state_class(game, random.Random(0), script=script)


def play(state: Any, *texts: str) -> Any:
    for text in texts:
        state.apply(text)
    return state


def hand(state: Any, seat: int) -> str:
    return state.observation(seat)["hand"]


def cards(text: str) -> str:
    """Canonical order of a hand's text (high card first), as observations show it."""
    return " ".join(str(c) for c in sorted(parse_cards(text), reverse=True))
