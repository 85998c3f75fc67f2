"""The end of a Draw Poker deal: unopened (R3.11), uncalled (W-12) or shown (W-11, H-12), the
Royal Flush penalty (D-13), and each seat's net result."""

from __future__ import annotations

from typing import Any

from parlour.poker.betting import settle
from parlour.poker.draw_fields import DealFields
from parlour.poker.draw_rules import ranking_for


class Showdown(DealFields):
    """How a :class:`parlour.poker.draw.DrawState` deal ends and pays (a part of it, not a
    state of its own)."""

    __slots__ = ()  # the deal's attributes are DrawState's slots

    def _finish(self) -> None:
        self.phase = "over"
        self.betting = None
        if self.stacks is not None:
            for s in range(self.n):
                self.stacks[s] += self.won[s]

    def _end_unopened(self) -> None:
        """R3.11: nobody came in: by default the Age takes back his ante."""
        self.outcome = "unopened"
        how = getattr(self.rules, "unopened", "age-takes")
        if how == "english":
            self.carry_out = [c + k for c, k in zip(self.contrib, self.carry, strict=True)]
            self.next_deal = {"jackpot": True, "carry": True}
        else:
            self.won[self.ante_seat] = self.pool
            if how == "jackpot-next":
                self.next_deal = {"jackpot": True}
        self._finish()

    def _end_uncalled(self, seat: int) -> None:
        """W-12: a bet nobody calls takes the pool; the hand is not shown, unless it is a
        Royal Flush and a penalty is agreed: the holder shows it to draw the penalty, which
        comes "in addition to scooping up the money in the pool" (D-13, S4)."""
        self.outcome = "uncalled"
        self.won[seat] = self.pool
        self._finish()
        if self.rules.royal_penalty and (value := self._strength(seat)).is_royal:
            self.shown[seat] = self.kept[seat] + self.drawn[seat]
            self.values = {**self.values, seat: value}  # shared with clones: never changed in place
            self._royal_penalty({seat: value}, {seat})

    def _strength(self, seat: int) -> Any:
        return ranking_for(self.rules).evaluate(self.kept[seat] + self.drawn[seat])

    def _showdown(self, eligible: list[int] | None = None) -> None:
        """W-11: the hands of the caller and the called are shown; the best wins; H-12."""
        live = self._live()
        shown, kept, drawn = self.shown, self.kept, self.drawn
        for s in live:
            shown[s] = kept[s] + drawn[s]
        evaluate = ranking_for(self.rules).evaluate  # as _strength, on the hands just shown
        values = {s: evaluate(shown[s]) for s in (live if eligible is None else eligible)}
        self.outcome = "showdown"
        n = self.n
        order = self.game.__dict__.get("_from_age")
        if order is None:
            order = self.game.__dict__["_from_age"] = [(self.age + i) % n for i in range(n)]
        stacks = self.stacks
        all_in = () if stacks is None else [s for s in values if stacks[s] == 0]
        strengths = {s: v.strength for s, v in values.items()}
        stakes, dead = self._stakes()
        won, self.pools = settle(stakes, strengths, order, all_in, dead)
        self.won = won
        self.values = values
        self._finish()
        winners = {s for p in self.pools for s in p.winners}
        self._royal_penalty(values, winners)  # on the stacks with the pools paid in

    def _stakes(self) -> tuple[list[int], int]:
        """What each seat has in the pool, by which side pools divide it (an all-in player
        wins from each other only what he matched), and the chips that are no seat's stake:
        a pot carried from earlier deals, one pool for every hand (J-2)."""
        return list(self.contrib), sum(self.carry)

    def _royal_penalty(self, values: dict[int, Any], winners: set[int]) -> None:
        """D-13: a winning Royal Flush collects the penalty from each other player, at table
        stakes as far as his chips go, counting what he has just won."""
        pay = self.rules.royal_penalty
        if not pay:
            return
        for w in sorted(winners):
            if not getattr(values[w], "is_royal", False):
                continue
            for s in range(self.n):
                if s == w:
                    continue
                amount = pay if self.stacks is None else min(pay, self.stacks[s])
                if self.stacks is not None:
                    self.stacks[s] -= amount
                    self.stacks[w] += amount
                self.penalties[s] -= amount
                self.penalties[w] += amount

    def _payoffs(self) -> list[float]:
        """Each seat's net result: won, less what it put up (now or carried in), plus
        what it still has in a pool carried to the next deal, plus penalties."""
        return [
            float(self.won[s] - self.contrib[s] - self.carry[s] + self.carry_out[s]
                  + self.penalties[s])
            for s in range(self.n)
        ]  # fmt: skip
