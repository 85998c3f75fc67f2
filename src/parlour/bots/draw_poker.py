"""Bots for Draw Poker and Jack-Pots: ``random`` (the generic one) and ``book``.

The ``book`` player follows the seeds' advice: the Age makes good when several
have come in and nobody has raised (A-1); with a pair it may keep an ace as a
kicker, with two pairs it sometimes stands pat, and with fours it throws the odd
card to mislead (A-2).  It comes in and bets on the strength of its hand.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from parlour.bots import Bot, register
from parlour.cards import JACK, parse_cards
from parlour.game import Action

_STRONG = ("two-pairs", "threes", "straight", "flush", "full-house", "fours", "straight-flush",
           "five-of-a-kind")  # fmt: skip


def _by_text(legal: Sequence[Action]) -> dict[str, Action]:
    return {str(a): a for a in legal}


class BookBot(Bot):
    """Plays as the rule books advise (A-1, A-2)."""

    def __init__(self, game: Any, seed: int | None = None, **options: Any) -> None:
        super().__init__(game, seed, **options)
        from parlour.poker.draw import ranking_for

        self.ranking = ranking_for(game.rules)

    def choose(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        phase = observation["phase"]
        texts = _by_text(legal)
        hand = [int(c) for c in parse_cards(observation["hand"])]
        if phase == "blind":
            return texts.get("blind") or texts.get("decline") or legal[0]
        if phase == "draw":
            return texts[self._draw_text(hand, texts)]
        value = self.ranking.evaluate(hand)
        return self._bet(observation, value, texts, legal)

    # -- betting
    def _strength(self, value: Any) -> int:
        """0 nothing, 1 a small pair, 2 jacks or better, 3 two pairs or better."""
        if value.category in _STRONG:
            return 3
        if value.category == "one-pair":
            return 2 if value.ranks[0] >= JACK else 1
        return 0

    def _bet(self, obs: dict[str, Any], value: Any, texts: dict[str, Action],
             legal: Sequence[Action]) -> Action:  # fmt: skip
        strength = self._strength(value)
        seat = obs["seat"]
        raises = [a for a in legal if str(a).split()[0] in ("raise", "bet", "open")]
        stand = texts.get("check") or texts.get("pass") or texts.get("call")
        if obs["phase"] == "bet1" and obs.get("jackpot") and obs.get("opener") is None:
            if raises and strength >= 2:
                return raises[0]  # J-3: open with openers, for the smallest sum
            return texts.get("pass") or texts["fold"]
        owe = obs.get("price", 0) - obs.get("interval_put", [0] * (seat + 1))[seat]
        if strength == 3 and raises and self.rng.random() < 0.7:
            return raises[min(1, len(raises) - 1)]
        if obs["phase"] == "bet1":
            if seat == obs["age"] and "call" in texts and self._several_came_in(obs):
                return texts["call"]  # the Age makes good unless someone raised
            if strength >= 1 and stand is not None and owe <= 2 * obs.get("limit", 1):
                return stand
            return texts.get("check") or texts["fold"]
        if strength >= 2 and stand is not None:
            return stand
        if "check" in texts:
            return texts["check"]
        if strength == 1 and "call" in texts and owe <= obs.get("stage", 1):
            return texts["call"]
        if raises and self.rng.random() < 0.05:
            return raises[0]  # an occasional bluff
        return texts["fold"]

    def _several_came_in(self, obs: dict[str, Any]) -> bool:
        """A-1: several have come in and nobody has raised the price."""
        put = obs.get("interval_put", [])
        came = [p for s, p in enumerate(put) if s != obs["age"] and p > 0]
        return (
            len(came) >= 2
            and max(put, default=0) <= obs.get("price", 0)
            and not any(text.startswith("raise") for _, text in obs.get("log", []))
        )

    # -- the draw
    def _draw_text(self, hand: list[int], texts: dict[str, Action]) -> str:
        value = self.ranking.evaluate(hand)
        cat = value.category
        ranks = Counter(c >> 2 for c in hand)
        throw: list[int] = []
        if cat in ("straight", "flush", "full-house", "straight-flush", "five-of-a-kind"):
            throw = []
        elif cat == "fours":
            throw = [c for c in hand if ranks[c >> 2] == 1]  # to mislead
        elif cat == "two-pairs":
            if self.rng.random() >= 0.25:  # sometimes stand pat on two pairs
                throw = [c for c in hand if ranks[c >> 2] == 1]
        elif cat == "threes":
            throw = [c for c in hand if ranks[c >> 2] == 1]
        elif cat == "one-pair":
            odd = sorted((c for c in hand if ranks[c >> 2] == 1), reverse=True)
            kicker = odd[0] >> 2 == 14 and self.rng.random() < 0.5  # an ace kicker
            throw = odd[1:] if kicker else odd
        else:
            suits = Counter(c & 3 for c in hand)
            suit, count = suits.most_common(1)[0]
            if count == 4:
                throw = [c for c in hand if c & 3 != suit]  # draw to the four-flush
            else:
                throw = sorted(hand, reverse=True)[2:]  # keep the two highest
        for k in range(len(throw), -1, -1):  # the stock may not allow so many (W-8)
            text = _draw_name(throw[:k])
            if text in texts:
                return text
        return "pat"


def _draw_name(cards: list[int]) -> str:
    from parlour.poker.draw import Draw

    return str(Draw(tuple(cards)))


register("draw-poker", "book")(BookBot)
register("jackpots", "book")(BookBot)
