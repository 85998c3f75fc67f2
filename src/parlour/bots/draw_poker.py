"""Bots for Draw Poker and Jack-Pots: ``random`` (the generic one) and ``book``.

The ``book`` player follows the seeds' advice:

* the Age makes good when several have come in and nobody has raised (A-1);
* the draw, as S4 describes each hand: with a pair it may keep an ace as a kicker,
  with two pairs it sometimes stands pat, with threes it draws two, with fours it
  throws the odd card to mislead (A-2); with four of a suit it throws the odd card
  ("you throw in the latter"), and so with four in sequence (S4's straight);
* it comes in on a pair or on four to a flush or straight, stays and bets on jacks or
  better (it bets when it must bet or drop, W-9), and opens a Jack-Pot only with the
  openers the deal asks for (J-3, J-7);
* it reads the draw counts (A-4): it bluffs ("by a bold bluff, frighten away the
  opposition", S4) only when every other hand still in drew two cards or more, so
  that no very strong hand is likely out.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from parlour.bots import Bot, register
from parlour.cards import ACE, JACK, JOKER_CODE, RANK_CHARS, pack, parse_cards
from parlour.game import Action
from parlour.poker.draw_equity import ACE_KICKER, PAT_ON_TWO_PAIRS
from parlour.poker.jackpots import qualifies
from parlour.poker.ranking import BELOW_TWO_PAIRS

#: A-4: how often it bluffs where every other hand drew two or more (the seeds give no figure)
BLUFF = 0.3


def _by_text(legal: Sequence[Action]) -> dict[str, Action]:
    return {str(a): a for a in legal}


class BookBot(Bot):
    """Plays as the rule books advise (A-1, A-2, A-4; see the module docstring)."""

    def __init__(self, game: Any, seed: int | None = None, **options: Any) -> None:
        super().__init__(game, seed, **options)
        from parlour.poker.draw_rules import ranking_for

        self.ranking = ranking_for(game.rules)
        ranks = sorted({int(c) >> 2 for c in pack(game.rules.pack).cards})
        #: each rank's place in this pack's sequence (a stripped pack has gaps in rank numbers)
        self.place = {rank: i for i, rank in enumerate(ranks)}

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
        if value.category not in BELOW_TWO_PAIRS:
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
            if raises and qualifies(value, RANK_CHARS.index(obs["minimum"])):
                return raises[0]  # J-3, J-7: open with the openers asked for, for the least
            return texts.get("pass") or texts["fold"]
        owe = obs.get("price", 0) - obs.get("interval_put", [0] * (seat + 1))[seat]
        if strength == 3 and raises and self.rng.random() < 0.7:
            return raises[min(1, len(raises) - 1)]
        if obs["phase"] == "bet1":
            if seat == obs["age"] and "call" in texts and self._several_came_in(obs):
                return texts["call"]  # the Age makes good unless someone raised
            hand = [int(c) for c in parse_cards(obs["hand"])]
            playable = strength >= 1 or self._draw_to(hand) is not None
            if playable and stand is not None and owe <= 2 * obs.get("limit", 1):
                return stand
            return texts.get("check") or texts["fold"]
        if strength >= 2:  # after the draw; the first to speak must bet or drop (W-9): bet
            return stand or (raises[0] if raises else texts["fold"])
        if raises and self._bluff_may_work(obs) and self.rng.random() < BLUFF:
            return raises[0]  # no very strong hand is likely out
        if "check" in texts:
            return texts["check"]
        if strength == 1 and "call" in texts and owe <= obs.get("stage", 1):
            return texts["call"]
        return texts["fold"]

    @staticmethod
    def _bluff_may_work(obs: dict[str, Any]) -> bool:
        """A-4: every other hand still in drew two cards or more (none stood pat or drew one,
        as made hands and good draws do); a count not shown counts as strong."""
        others = [
            count
            for s, count in enumerate(obs.get("draws", []))
            if s != obs["seat"] and not obs["dropped"][s]
        ]
        return bool(others) and all(count is not None and count >= 2 for count in others)

    def _draw_to(self, hand: list[int]) -> int | None:
        """The card to throw to draw to a flush (four of a suit) or else a straight (four in
        sequence in this pack, S4's "T 9 8 7 and the Five"); None if the hand holds neither.
        A wild Joker is of whatever suit the others are (C-4), not of the clubs its code reads."""
        plain = [c for c in hand if c != JOKER_CODE]
        suit, count = Counter(c & 3 for c in plain).most_common(1)[0]
        if count + len(hand) - len(plain) == 4:
            return next(c for c in plain if c & 3 != suit)
        for odd in hand:
            places = [p for c in hand if c != odd and (p := self.place.get(c >> 2)) is not None]
            if len(places) < 4:
                continue  # the Joker: no plain sequence
            for seq in (places, [-1 if p == self.place[ACE] else p for p in places]):  # ace low
                if len(set(seq)) == 4 and max(seq) - min(seq) == 3:
                    return odd
        return None

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
        # the cards outside the pairs, threes or fours made (the Joker, C-4, is never thrown)
        made = set(value.grouped)
        odd = sorted((c for c in hand if c != JOKER_CODE and c >> 2 not in made), reverse=True)
        throw: list[int] = []
        if cat == "fours":
            throw = odd  # to mislead
        elif cat == "two-pairs":
            if self.rng.random() >= PAT_ON_TWO_PAIRS:  # sometimes stand pat on two pairs
                throw = odd
        elif cat == "threes":
            throw = odd
        elif cat == "one-pair":
            kicker = odd[0] >> 2 == ACE and self.rng.random() < ACE_KICKER
            throw = odd[1:] if kicker else odd
        elif cat not in BELOW_TWO_PAIRS:  # a made hand: a straight or better, or the table's
            throw = []  # tiger, dog, blaze or bobtail, which broken would draw to less
        else:
            single = self._draw_to(hand)  # S4: throw the odd card of four to a flush or straight
            low = [c for c in sorted(hand, reverse=True)[2:] if c != JOKER_CODE]
            throw = [single] if single is not None else low
        for k in range(len(throw), -1, -1):  # the stock may not allow so many (W-8)
            text = _draw_name(throw[:k])
            if text in texts:
                return text
        return "pat"


def _draw_name(cards: list[int]) -> str:
    from parlour.poker.draw_phase import Draw

    return str(Draw(tuple(cards)))


register("draw-poker", "book")(BookBot)
register("jackpots", "book")(BookBot)

from parlour.bots import draw_strong  # noqa: E402, F401  (the strong player registers itself)
