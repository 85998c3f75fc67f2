"""Plain "book" players for Straight Poker, Stud and Whiskey Poker.

They read only the observation: the cards the seat holds or sees, and the
betting so far.  They play plainly: bet a strong hand, see with a fair one,
throw up a poor one; in Whiskey Poker, take the widow
with a poor hand, make the exchange that helps most, and knock on a good hand.

>>> import parlour
>>> game = parlour.make("whiskey-poker", players=3)
>>> state = game.new_state(seed=1)
>>> bot = parlour.bots.make("book", game, seed=1)
>>> choice = bot.choose(state.observation(state.to_move), state.legal_actions())
>>> str(choice) in ("take-widow", "pass")
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from parlour.bots import Bot, register
from parlour.cards import Card
from parlour.poker.others_common import showing_key
from parlour.poker.ranking import BELOW_TWO_PAIRS

#: the hands the stud showing order (R6.3) does not see
FILLED = ("straight", "flush", "straight-flush")


def _tier(category: str, pair: int) -> int:
    """A hand's tier for :func:`bet_choice`: 3 from two pairs up (a tiger or a blaze too,
    where they are played), ``pair`` for one pair, else 0."""
    return 3 if category not in BELOW_TWO_PAIRS else pair if category == "one-pair" else 0


def _cards(texts: Sequence[str]) -> list[Card]:
    return [Card(t) for t in texts]


def bet_choice(legal: Sequence[Any], tier: int, price: int | None = 0) -> Any:
    """A betting action for a hand of ``tier`` 0 (poor) .. 3 (strong); a strong hand stops
    raising once the price is three full raises (the books set no cap on raises, R3.11)."""
    by_kind: dict[str, list[Any]] = {}
    for a in legal:
        by_kind.setdefault(getattr(a, "kind", str(a)), []).append(a)
    growth = by_kind.get("bet", []) + by_kind.get("raise", [])
    if tier >= 3 and growth and (price or 0) < 3 * growth[-1].amount:
        return growth[len(growth) // 2]
    for kind in ("check", "pass"):
        if kind in by_kind and tier < 3:
            return by_kind[kind][0]
    if tier >= 1 and "call" in by_kind:
        return by_kind["call"][0]
    if tier >= 2 and growth:
        return growth[0]
    return by_kind.get("fold", list(legal))[0]


class _Book(Bot):
    def _value(self, cards: Sequence[Card]) -> Any:
        return self.game.ranking.evaluate(list(cards))  # type: ignore[attr-defined]


@register("straight-poker", "book")
class StraightBook(_Book):
    """Bets two pairs or better, sees with a pair, passes or throws up the rest."""

    def choose(self, observation: dict[str, Any], legal: Sequence[Any]) -> Any:
        value = self._value(_cards(observation["hand"]))
        tier = _tier(value.category, pair=2)
        return bet_choice(legal, tier, observation["price"])


@register("stud-poker", "book")
class StudBook(_Book):
    """Judges its cards against the best hand showing elsewhere (R6.3's order); with all five
    out (S3's one interval, V-2), a straight or flush of its own counts as strong."""

    def choose(self, observation: dict[str, Any], legal: Sequence[Any]) -> Any:
        seat = observation["seat"]
        joker = self.game.rules.joker
        cards = _cards([observation["hole"], *observation["up"][seat]])
        mine = showing_key(cards, joker)
        others = [
            showing_key(_cards(up), joker)
            for s, up in enumerate(observation["up"])
            if s != seat and not observation["folded"][s]
        ]
        best = max(others, default=(0,))
        tier = (3 if mine[0] >= 2 else 2) if mine > best else 1 if mine[0] >= best[0] else 0
        if len(cards) == 5 and self._value(cards).category in FILLED:
            tier = 3  # all five out (S3's game bets only now): a straight or flush counts too
        return bet_choice(legal, tier, observation["price"])


@register("whiskey-poker", "book")
class WhiskeyBook(_Book):
    """Takes the widow with a poor hand, makes the best exchange, knocks on two pairs or
    better (and, once the widow is up, when no exchange would better its hand)."""

    def choose(self, observation: dict[str, Any], legal: Sequence[Any]) -> Any:
        texts = [str(a) for a in legal]
        hand = _cards(observation["hand"])
        value = self._value(hand)
        if observation.get("price") is not None:  # the betting settlement
            tier = _tier(value.category, pair=1)
            return bet_choice(legal, tier, observation["price"])
        if not observation["widow_face_up"]:
            if value.category == "no-pair":
                return legal[texts.index("take-widow")]
            strong = value.category not in BELOW_TWO_PAIRS
            for keep in ("knock", "pass", "turn-widow") if strong else ("pass", "turn-widow"):
                if keep in texts:
                    return legal[texts.index(keep)]
        widow = _cards(observation["widow"])
        best_text, best = None, value
        for text in texts:
            if text == "swap-all":
                after = self._value(widow)
            elif text.startswith("exchange "):
                give, take = (Card(t) for t in text.split()[1:])
                after = self._value([take if c == give else c for c in hand])
            else:
                continue
            if after.strength > best.strength:
                best_text, best = text, after
        if "knock" in texts and (best_text is None or value.category not in BELOW_TWO_PAIRS):
            return legal[texts.index("knock")]
        if best_text is not None:
            return legal[texts.index(best_text)]
        return legal[texts.index("pass")] if "pass" in texts else legal[0]


from parlour.bots import other_strong  # noqa: E402, F401  (the strong players register themselves)
