"""The ``strong`` Straight Poker and Stud players: equity by Monte Carlo, and pot odds.

* **Equity** (:mod:`parlour.poker.dealt_equity`): its share of the pool at the show against
  the hands still in, drawn from the cards it has not seen: in Straight Poker (V-1) whole
  hands, in Stud (V-2, V-3) each one's hole card beside its up cards, and the cards still to
  come (V-3's betting after each card), its own too; each hand weighed by what its betting
  says (a call, a bet, a raise).  In Stud's coming in (D-4, D-6) the price is twice the
  Age's ante and the Age makes good or forfeits, which the pot odds weigh like any price.
* **Betting** (:mod:`parlour.bots.staking`, as Draw Poker's strong player): it raises or
  bets for value when its equity is well above its fair share of the hands still in, the
  most the limit allows when far above; it checks or passes (R5.4) when it may; first to
  speak where it may not, it bets the least or drops (W-9) by whether the bet pays; and it
  calls when the price is worth its equity.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from parlour.bots import Bot, register, staking
from parlour.cards import Card
from parlour.game import Action
from parlour.poker.dealt_equity import BET, CALLED, RAISED, Sampler, Shown, equity

#: what each act says of a hand (the strongest act a seat made counts)
_SAYS = {"call": CALLED, "bet": BET, "raise": RAISED}


def _codes(texts: Sequence[str]) -> list[int]:
    return [int(Card(t)) for t in texts]


class _Strong(Bot):
    """Equity and pot odds (see the module docstring); ``samples``: shows sampled a decision."""

    #: the log entry's field that tells the current interval apart from earlier ones
    interval_key = "deal"

    def __init__(self, game: Any, seed: int | None = None, samples: int = 300) -> None:
        super().__init__(game, seed)
        self.sampler = Sampler(game.ranking, seed)
        self.samples = max(samples, 20)

    def choose(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        obs, seat = observation, observation["seat"]
        texts = {str(a): a for a in legal}
        mine, known, opponents = self._read(obs)
        share = equity(self.sampler, mine, opponents, known, self.samples)
        ups = staking.growth(texts)
        now = obs[self.interval_key]
        raises = sum(1 for e in obs["log"] if e[self.interval_key] == now and e["seat"] == seat
                     and e["action"].split()[0] in staking.GROWTH)  # fmt: skip
        value = staking.for_value(share, len(opponents) + 1, ups, raises)
        if value is not None:
            return value
        owe = obs["price"] - obs["put"][seat]
        pot = staking.pot_if_called(obs["pool"], obs["price"], obs["put"], obs["folded"], seat,
                                    owe)  # fmt: skip
        return staking.meet(share, texts, ups, owe, pot)

    def _read(self, obs: dict[str, Any]) -> tuple[list[int], list[int], list[Shown]]:
        """Its cards, every card it has seen, and the opponents still in."""
        raise NotImplementedError

    def _says(self, obs: dict[str, Any], seat: int) -> int:
        """The strongest act ``seat`` made this deal."""
        deal = obs.get("deal")
        acts = [e["action"].split()[0] for e in obs["log"]
                if e["seat"] == seat and e.get("deal") == deal]  # fmt: skip
        return max((_SAYS.get(a, 0) for a in acts), default=0)

    @staticmethod
    def _others(obs: dict[str, Any]) -> list[int]:
        return [s for s, out in enumerate(obs["folded"]) if s != obs["seat"] and not out]


@register("straight-poker", "strong")
class StraightStrong(_Strong):
    """Straight Poker (V-1): the others' whole hands are drawn from the unseen cards."""

    def _read(self, obs: dict[str, Any]) -> tuple[list[int], list[int], list[Shown]]:
        mine = _codes(obs["hand"])
        return mine, mine, [Shown(bets=self._says(obs, s)) for s in self._others(obs)]


@register("stud-poker", "strong")
class StudStrong(_Strong):
    """Stud (V-2, V-3): the others' up cards are known; their hole cards, and the cards to
    come, are drawn."""

    interval_key = "interval"

    def _read(self, obs: dict[str, Any]) -> tuple[list[int], list[int], list[Shown]]:
        seat, up = obs["seat"], obs["up"]
        mine = _codes([obs["hole"], *up[seat]])
        known = mine + _codes([c for s, cards in enumerate(up) if s != seat for c in cards])
        known += _codes(list(obs["shown"].values()))
        opponents = [
            Shown(up=tuple(_codes(up[s])), held=len(up[s]) + 1, bets=self._says(obs, s))
            for s in self._others(obs)
        ]
        return mine, known, opponents
