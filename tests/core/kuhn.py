"""Kuhn poker: a tiny game with chance, hidden cards and chips, used to test the protocol.

It lives in tests/ only.  Three cards (J, Q, K), one each, one in the stock; each
antes 1; seat 0 checks or bets 1; then seat 1 and, after a check and a bet,
seat 0 again, call or fold.
"""

from __future__ import annotations

import random
from typing import Any

from parlour.game import Game, State, register


class KuhnState(State):
    def __init__(self, game: Game, rng: random.Random, script: Any = None) -> None:
        super().__init__(game, rng, script)
        self.cards: list[int] = self._chance("deal", lambda r: r.sample([0, 1, 2], 2))
        self.moves: list[str] = []

    @property
    def to_move(self) -> int | None:
        return None if self.is_over else len(self.moves) % 2

    @property
    def is_over(self) -> bool:
        m = self.moves
        return m in (["bet", "fold"], ["bet", "call"], ["check", "check"]) or len(m) == 3

    def legal_actions(self) -> list[str]:
        if self.is_over:
            return []
        if self.moves and self.moves[-1] == "bet":
            return ["call", "fold"]
        return ["check", "bet"]

    def _apply(self, action: str) -> None:
        self.moves.append(str(action))

    def _payoffs(self) -> list[float]:
        m = self.moves
        if m[-1] == "fold":
            loser = (len(m) - 1) % 2
            return [-1.0, 1.0] if loser == 0 else [1.0, -1.0]
        stake = 2.0 if "bet" in m else 1.0
        winner = 0 if self.cards[0] > self.cards[1] else 1
        return [stake, -stake] if winner == 0 else [-stake, stake]

    def _observe(self, seat: int) -> dict[str, Any]:
        shown = self.is_over and self.moves[-1] != "fold"
        return {
            "seat": seat,
            "card": "JQK"[self.cards[seat]],
            "moves": list(self.moves),
            "other_card": "JQK"[self.cards[1 - seat]] if shown else None,
        }

    def _resample(self, seat: int, rng: random.Random) -> State:
        other = self.clone()
        if not (self.is_over and self.moves[-1] != "fold"):
            choices = [c for c in (0, 1, 2) if c != self.cards[seat]]
            other.cards[1 - seat] = rng.choice(choices)
            other.history[0]["outcome"] = list(other.cards)  # the record names the new deal
        return other


@register("kuhn-test")
class Kuhn(Game):
    state_class = KuhnState
    min_players = max_players = 2


class CoinState(KuhnState):
    """Kuhn with a coin tossed (and recorded) after every move that does not end the deal:
    chance in mid-play, which plain Kuhn lacks (its only chance is the deal)."""

    def _apply(self, action: Any) -> None:
        super()._apply(action)
        if not self.is_over:
            self._chance("coin", lambda r: r.randrange(2))


class KuhnCoin(Kuhn):
    name = "kuhn-coin"
    state_class = CoinState
