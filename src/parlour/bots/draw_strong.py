"""The ``strong`` Draw Poker and Jack-Pots player: equity by Monte Carlo, and pot odds.

* **Equity** (:mod:`parlour.poker.draw_equity`): its share of the pool at the show against
  the hands still in, each drawn from the cards it has not seen and narrowed by what the
  seat showed: coming in, opening a Jack-Pot (J-3), its draw count (A-4: a pat hand or a
  one-card draw is a made hand or a draw, three cards a pair), a raise or a bet.  Hands yet
  to draw draw as the book advises (A-2); before its own draw it counts its best draw.
* **The draw**: the cards to keep that give the most equity, among the sensible ones (the
  pat hand, what pairs, four to a flush or straight, the high cards), as the stock allows.
* **Betting**: it raises or bets (opens, J-7) for value when its equity is well above its
  fair share of the hands still in, the most the limit allows when far above; it checks
  when it may; it calls when the price is worth its equity (pot odds: so the Age makes good
  when several came in, A-1); the first to speak after the draw bets or drops (W-9) by the
  same count; and it sometimes bluffs when every other hand drew two or more (A-4).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from parlour.bots import register, staking
from parlour.bots.draw_poker import BLUFF, BookBot, _draw_name
from parlour.cards import JOKER_CODE, RANK_CHARS, Card, parse_cards
from parlour.game import Action
from parlour.poker.draw_equity import SAMPLES, Opponent, Sampler

#: how many times the samples of a betting decision the draw takes (once a deal)
DRAW = 4
#: at the draw, a share won with two pairs or better counts this much more (implied odds)
IMPLIED = 0.5


class StrongBot(BookBot):
    """Equity and pot odds (see the module docstring)."""

    def __init__(self, game: Any, seed: int | None = None, samples: int = SAMPLES) -> None:
        super().__init__(game, seed)
        self.sampler = Sampler(self.ranking, seed)
        self.samples = staking.samples(game, samples)

    def choose(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        texts = {str(a): a for a in legal}
        obs = observation
        self.reason = ""
        if obs["phase"] == "blind":
            return texts.get("blind") or texts.get("decline") or legal[0]
        hand = [int(c) for c in parse_cards(obs["hand"])]
        known = hand + [int(c) for c in parse_cards(obs["discards"])]
        for cards in obs.get("shown", {}).values():
            known += [int(c) for c in parse_cards(cards)]
        opponents = self._opponents(obs)
        if obs["phase"] == "draw":
            choices = [k for k in self._keeps(hand) if _draw_name(_thrown(hand, k)) in texts]
            if not choices:
                return texts.get("pat") or legal[0]
            shares = self.sampler.equity(
                choices, opponents, known, DRAW * self.samples, implied=IMPLIED
            )
            order = sorted(range(len(choices)), key=shares.__getitem__, reverse=True)
            self.reason = f"{_keeping(choices[order[0]])} it reckons the most of the pool to be had"
            if len(order) > 1:
                self.reason += f", more than {_keeping(choices[order[1]])}"
            return texts[_draw_name(_thrown(hand, choices[order[0]]))]
        choices = self._keeps(hand) if obs["phase"] == "bet1" else [hand]
        equity = max(self.sampler.equity(choices, opponents, known, self.samples))
        self.reason = staking.share_in_words(equity, len(opponents))
        return self._stake(obs, equity, texts, len(opponents) + 1)

    # -- what the others showed
    def _opponents(self, obs: dict[str, Any]) -> list[Opponent]:
        seat, log = obs["seat"], obs.get("log", [])
        drawing = next(
            (i for i, (_, t) in enumerate(log) if t.startswith(("draw", "pat", "drew"))), None
        )
        before = log if drawing is None else log[:drawing]
        after = [] if drawing is None else log[drawing:]
        opener = obs.get("opener")
        least = RANK_CHARS.index(obs["minimum"]) if obs.get("jackpot") else None
        out = []
        for s, dropped in enumerate(obs["dropped"]):
            if s == seat or dropped:
                continue
            acts = [t.split()[0] for who, t in before if who == s]
            later = [t.split()[0] for who, t in after if who == s]
            out.append(
                Opponent(
                    drew=obs["draws"][s],
                    drawn=obs["phase"] == "bet2" or obs["draws"][s] is not None,
                    came_in=any(a in ("call", "raise", "open") for a in acts),
                    opener=least if opener == s else None,
                    below=least if "pass" in acts else None,
                    raised_before="raise" in acts,
                    after=2 if "raise" in later else int("bet" in later),
                )
            )
        return out

    # -- the draw
    def _keeps(self, hand: list[int]) -> list[list[int]]:
        """The sensible sets of cards to keep, each once (the Joker always, C-4): the whole
        hand, the highest one, two or three cards, what pairs (with or without the highest
        odd card), four to a flush or straight."""
        joker = [c for c in hand if c == JOKER_CODE]
        plain = sorted((c for c in hand if c != JOKER_CODE), reverse=True)
        counts = Counter(c >> 2 for c in plain)
        grouped = [c for c in plain if counts[c >> 2] >= 2]
        odd = [c for c in plain if counts[c >> 2] == 1]
        keeps = [hand, joker + plain[:1], joker + plain[:2], joker + plain[:3], joker]
        if grouped:
            keeps += [joker + grouped, joker + grouped + odd[:1]]
        single = self._draw_to(hand)
        if single is not None:
            keeps.append([c for c in hand if c != single])
        unique: dict[tuple[int, ...], list[int]] = {}
        for k in keeps:
            unique.setdefault(tuple(sorted(k)), k)
        return list(unique.values())

    # -- betting
    def _stake(self, obs: dict[str, Any], equity: float, texts: dict[str, Action],
             hands: int) -> Action:  # fmt: skip
        seat = obs["seat"]
        put = obs.get("interval_put") or [0] * len(obs["dropped"])
        owe, pot = staking.pot_if_called(
            obs["pool"], obs.get("price", 0), put, obs["dropped"], seat, obs.get("stacks")
        )
        ups = staking.growth(texts)
        value = staking.for_value(equity, hands, ups, self._raises_this_interval(obs))
        if value is not None:
            return value
        free = texts.get("check") or texts.get("pass")
        if any(t.startswith("open") for t in texts) and free is not None:
            return ups[0][1] if equity >= 1 / hands else free  # J-7: openers that pay open
        bluff = ups and obs["phase"] == "bet2" and owe == 0 and self._bluff_may_work(obs)
        if bluff and self.rng.random() < BLUFF:
            return ups[len(ups) // 2][1]  # no very strong hand is likely out
        return staking.meet(equity, texts, ups, owe, pot)

    @staticmethod
    def _raises_this_interval(obs: dict[str, Any]) -> int:
        """How many times this seat raised or bet since the interval began."""
        count = 0
        for who, text in obs.get("log", []):
            if text.startswith(("draw", "pat", "drew")):
                count = 0
            elif who == obs["seat"] and text.split()[0] in staking.GROWTH:
                count += 1
        return count


def _keeping(kept: list[int]) -> str:
    """A keep at the draw in words: ``keeping A♦ J♦``, or ``throwing all five``."""
    return f"keeping {' '.join(Card(c).pretty() for c in kept)}" if kept else "throwing all five"


def _thrown(hand: list[int], kept: list[int]) -> list[int]:
    """The cards of ``hand`` not ``kept``, highest first."""
    return sorted((c for c in hand if c not in kept), reverse=True)


register("draw-poker", "strong")(StrongBot)
register("jackpots", "strong")(StrongBot)
