"""The ``strong`` Straight Poker, Stud and Whiskey Poker players: equity by Monte Carlo,
and pot odds.

* **Equity** (:mod:`parlour.poker.dealt_equity`): its share of the pool at the show against
  the hands still in, drawn from the cards it has not seen: in Straight Poker (V-1) whole
  hands, in Stud (V-2, V-3) each one's hole card beside its up cards, and the cards still to
  come (V-3's betting after each card), its own too; each hand weighed by what its betting
  says (a call, a bet, a raise).  In Stud's coming in (D-4, D-6) the price is twice the
  Age's ante (the ante itself under ``come_in="ante"``, D-10) and the Age makes good or
  forfeits, which the pot odds weigh like any price.
* **Betting** (:mod:`parlour.bots.staking`, as Draw Poker's strong player): it raises or
  bets for value when its equity is well above its fair share of the hands still in, the
  most the limit allows when far above; it checks or passes (R5.4) when it may; first to
  speak where it may not, it bets the least or drops (W-9) by whether the bet pays; and it
  calls when the price is worth its equity.
* **Whiskey Poker** (V-4..V-7): the others' hands are drawn beside the cards known to be in
  them (taken from the face-up widow), a knock counting as a bet and every hand, once the
  widow is up, as one that has had its exchanges; it takes the widow when an unseen hand
  is worth more than its own (V-5), makes the exchange (or the swap) worth the most, and
  knocks when none gains more than ``KNOCK_GAIN`` and its hand is worth at least its fair
  share (V-6); then the betting as above (V-7).  The others' exchanges better their hands:
  each one's is reckoned the best of one hand and ``TRIES_A_TURN`` more for each turn it
  has had with the widow face up (``MOST_TURNS`` at most), and each bet or raise of theirs
  weighs their hands by their place among those it may hold (``NARROW_A_RAISE``).  Where
  the poorest hand pays (V-7) or loses a life (R7.7), a hand's chance of not being the
  poorest counts as much again as its share of the pool.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from parlour.bots import Bot, register, staking
from parlour.cards import Card
from parlour.game import Action
from parlour.poker.dealt_equity import BET, CALLED, RAISED, Sampler, Shown, equity, showdown
from parlour.poker.draw_equity import SAMPLES

#: Whiskey Poker: it knocks when no move gains more equity than this (V-6)
KNOCK_GAIN = 0.02
#: Whiskey Poker: how many hands more another's is reckoned the best of for each turn it had
#: with the widow face up (its exchanges better it)
TRIES_A_TURN = 12
#: ... counting this many turns at most (each more is dearer to reckon and gains little)
MOST_TURNS = 3
#: Whiskey Poker: a bet or raise weighs another's hand by its place among the hands it may
#: hold (0 to 1) to this power, once for each
NARROW_A_RAISE = 4.0
#: Whiskey Poker: after this many turns of its own with the widow face up it knocks on a
#: hand short of its fair share where nothing betters it by ``KNOCK_GAIN``
PATIENCE = 2
#: the turns that may better a hand from the widow
EXCHANGING = ("exchange", "swap-all", "pass", "knock")
#: what each act says of a hand (the strongest act a seat made counts)
_SAYS = {"call": CALLED, "bet": BET, "raise": RAISED}


def _codes(texts: Sequence[str]) -> list[int]:
    return [int(Card(t)) for t in texts]


class _Strong(Bot):
    """Equity and pot odds (see the module docstring); ``samples``: shows sampled a decision."""

    #: the log entry's field that tells the current interval apart from earlier ones
    interval_key = "deal"

    def __init__(self, game: Any, seed: int | None = None, samples: int = SAMPLES) -> None:
        super().__init__(game, seed)
        self.sampler = Sampler(game.ranking, seed)
        self.samples = staking.samples(game, samples)

    def choose(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        obs, seat = observation, observation["seat"]
        texts = {str(a): a for a in legal}
        mine, known, opponents = self._read(obs)
        [share] = equity(self.sampler, [mine], opponents, known, self.samples)
        self.reason = staking.share_in_words(share, len(opponents))
        ups = staking.growth(texts)
        now = obs[self.interval_key]
        raises = sum(1 for e in obs["log"] if e[self.interval_key] == now and e["seat"] == seat
                     and e["action"].split()[0] in staking.GROWTH)  # fmt: skip
        value = staking.for_value(share, len(opponents) + 1, ups, raises)
        if value is not None:
            return value
        owe, pot = staking.pot_if_called(obs["pool"], obs["price"], obs["put"], obs["folded"],
                                         seat, obs.get("stacks"))  # fmt: skip
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
        """The other seats still in (in Whiskey Poker's lives game, still alive too)."""
        alive = obs.get("alive") or [True] * len(obs["folded"])
        return [s for s, out in enumerate(obs["folded"])
                if s != obs["seat"] and not out and alive[s]]  # fmt: skip


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


@register("whiskey-poker", "strong")
class WhiskeyStrong(_Strong):
    """Whiskey Poker (V-4..V-7): the others' hands are drawn beside the cards known to be in
    them (taken from the widow); every move is scored by the equity of the hand it leaves."""

    def choose(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        if observation["price"] is not None:  # V-7: the betting settlement
            return super().choose(observation, legal)
        self.reason = ""
        texts = {str(a): a for a in legal}
        hand = _codes(observation["hand"])
        widow = _codes(observation["widow"] or [])
        after: dict[str, list[int]] = {}  # each move's hand; [] a hand still unseen
        for text in texts:
            words = text.split()
            if words[0] == "exchange":
                give, take = _codes(words[1:])
                after[text] = [take if c == give else c for c in hand]
            else:
                after[text] = {"swap-all": widow, "take-widow": []}.get(text, hand)
        _, known, opponents = self._read(observation)
        shares, spared = showdown(self.sampler, list(after.values()), opponents, known,
                                  self.samples)  # fmt: skip
        # where the poorest loses (V-7, R7.7), not being the poorest counts as much again
        poorest_loses = self.game.rules.settlement in _POOREST_LOSES
        score = {t: share + poorest_loses * safe
                 for t, share, safe in zip(after, shares, spared, strict=True)}  # fmt: skip
        stay = score.get("knock", score.get("pass", score.get("turn-widow", 0.0)))
        moves = [t for t in score if t.startswith(("exchange", "swap-all", "take-widow"))]
        ranking = self.sampler.ranking  # of equal scores, the better hand
        best = max(moves, default=None, key=lambda t: (
            score[t], ranking.evaluate(after[t]).strength if after[t] else -1))  # fmt: skip
        # at least its fair share, or it has had its turns: a table of strong players ends
        hands = len(opponents) + 1
        worth = stay >= (1 + poorest_loses * (hands - 1)) / hands or (
            self._turns(observation, observation["seat"]) >= PATIENCE
        )
        if "knock" in texts and worth and (best is None or score[best] <= stay + KNOCK_GAIN):
            chosen = "knock"  # V-6: nothing better to be had, and a hand worth standing on
        elif best is not None and score[best] > stay:
            chosen = best
        else:
            chosen = next(
                (t for t in ("pass", "turn-widow") if t in texts), best or next(iter(texts))
            )
        if chosen in score:
            at = list(after).index(chosen)
            self.reason = _exchange_in_words(shares[at], spared[at], len(opponents),
                                             self.game.rules.settlement)  # fmt: skip
        return texts[chosen]

    def _says(self, obs: dict[str, Any], seat: int) -> int:
        """Its betting, or less: a knock says it holds a hand worth standing on, and once the
        widow lies face up every hand has had the exchanges to better itself (V-6)."""
        knocked = BET if obs["knocker"] == seat else 0
        return max(super()._says(obs, seat), knocked, CALLED * bool(obs["widow_face_up"]))

    @staticmethod
    def _turns(obs: dict[str, Any], seat: int) -> int:
        """How many turns ``seat`` has had to better its hand from the face-up widow."""
        turns, up = 0, False
        for entry in obs["log"]:
            words = entry["action"].split()
            up = up or words[0] in ("take-widow", "turn-widow")
            turns += up and entry["seat"] == seat and words[0] in EXCHANGING
        return turns

    @staticmethod
    def _raises(obs: dict[str, Any], seat: int) -> int:
        """How many times ``seat`` bet or raised in the betting (V-7)."""
        return sum(1 for e in obs["log"] if e["seat"] == seat and "paid" in e
                   and e["action"].split()[0] in ("bet", "raise"))  # fmt: skip

    def _read(self, obs: dict[str, Any]) -> tuple[list[int], list[int], list[Shown]]:
        seat, mine = obs["seat"], _codes(obs["hand"])
        seen = {*mine, *_codes(obs["widow"] or [])}
        for s, cards in enumerate(obs["known"]):
            seen.update(_codes(cards) if s != seat else ())
        opponents = [Shown(up=tuple(_codes(obs["known"][s])), bets=self._says(obs, s),
                           tries=1 + TRIES_A_TURN * min(self._turns(obs, s), MOST_TURNS),
                           narrow=NARROW_A_RAISE * self._raises(obs, s))
                     for s in self._others(obs)]  # fmt: skip
        return mine, sorted(seen), opponents


#: Whiskey Poker's settlements where the poorest hand loses (V-7, R7.7), and what it loses
_POOREST_LOSES = {"poorest-pays": "paying as the poorest", "lives": "losing a life as the poorest"}


def _exchange_in_words(share: float, spared: float, others: int, settlement: str) -> str:
    """What a Whiskey Poker move leaves the hand, in words for a hint: its share of the pool
    at the show, and where the poorest hand loses, its chance of not being the poorest.

    >>> _exchange_in_words(0.1, 0.84, 1, "lives").split("), ")[1]
    'and its chance of not losing a life as the poorest at 84%'
    """
    reckoned = staking.share_in_words(
        share, others, "the hand this leaves it {} of the pool at the show"
    )
    if settlement not in _POOREST_LOSES:
        return reckoned
    return f"{reckoned}, and its chance of not {_POOREST_LOSES[settlement]} at {spared:.0%}"
