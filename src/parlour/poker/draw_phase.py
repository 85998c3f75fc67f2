"""The draw (W-3..W-8): the ``Draw`` action, and the deal's draw phase, its stock and reshuffles.

>>> d = parse_draw("draw 7h 2c")
>>> str(d), d == parse_draw("discard 2c 7h"), str(parse_draw("pat"))
('draw 7h 2c', True, 'pat')
>>> parse_draw("draw")
Traceback (most recent call last):
parlour.game.IllegalAction: W-3: draw which cards? Name them (draw 7h 2c), or 'pat'
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable

from parlour.cards import Card, Pack, order_check, parse_cards
from parlour.game import IllegalAction
from parlour.poker.draw_fields import DealFields

_combinations = itertools.combinations
_chain = itertools.chain
_repeat = itertools.repeat
_map = map
_CARD_TEXT = [str(Card(c)) for c in range(61)]


class Draw(tuple[int, ...]):
    """Throw out these cards (codes) and draw as many (W-3); none is standing pat."""

    __slots__ = ()

    @property
    def cards(self) -> tuple[int, ...]:
        return tuple(self)

    def __str__(self) -> str:
        if not self:
            return "pat"
        return "draw " + " ".join([_CARD_TEXT[c] for c in sorted(self, reverse=True)])

    def __repr__(self) -> str:
        return f"Draw({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Draw) and sorted(self) == sorted(other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(frozenset(self))


def parse_draw(text: str, pack: Pack | None = None) -> Draw | None:
    """``pat`` or ``draw 7h 2c`` (also ``discard ...``); None if the text is not a draw; an
    unknown card is refused naming the ranks of ``pack``, the pack in play."""
    words = text.strip().split()
    if not words:
        return None
    head = words[0].lower()
    if head in ("pat", "stand") and len(words) == 1:
        return Draw(())
    if head in ("draw", "discard", "throw"):
        if len(words) == 1:
            raise IllegalAction(f"W-3: {head} which cards? Name them ({head} 7h 2c), or 'pat'")
        try:
            return Draw(tuple(int(c) for c in parse_cards(words[1:], spelled=pack)))
        except ValueError as err:
            raise IllegalAction(f"W-3: {err}") from None
    return None


class DrawPhase(DealFields):
    """The draw phase of :class:`parlour.poker.draw.DrawState` (a part of it, not a state of
    its own): who draws, what he may throw out, and the stock that serves him (W-8's
    reshuffles, R3.15's peel)."""

    __slots__ = ()  # the deal's attributes are DrawState's slots

    def _start_draw(self) -> None:
        n = self.n
        self.phase = "draw"
        self.betting = None
        self.draw_order = [s for s in ((self.age + i) % n for i in range(n)) if not self.folded[s]]
        self.draw_idx = 0

    def _draw_legal(self) -> list[Draw]:
        seat = self.draw_order[self.draw_idx]
        hand = sorted(self.kept[seat], reverse=True)  # the choices in the order of the hand
        r = self.rules
        top = min(r.max_draw, len(hand))
        low = len(self.stock) - r.last_card_not_dealt
        if top > low:  # else the stock alone supplies it
            top = min(top, self._available())
        subsets = _chain.from_iterable(_map(_combinations, _repeat(hand), range(top + 1)))
        legal = list(_map(Draw, subsets))
        if r.reshuffle == "peel" and (top > low or self.peel_on):
            mine = self._kept_apart().intersection(hand)
            if mine:  # R4.7: the openers he throws out the peel does not take
                spare = self._peel_spare()
                legal = [d for d in legal if (len(d) <= low and not self.peel_on)
                         or len(mine.intersection(d)) <= spare]  # fmt: skip
        return legal

    def _available(self) -> int:
        """W-8: cards the stock and a reshuffle can supply to the player served now: all that
        :meth:`_reshuffle` gathers, the last card (not dealt from the stock) among them."""
        if self.rules.reshuffle == "peel":
            return 5  # every card thrown out goes into the new stock before anyone is served
        return self._pile_size([self.discards[s] for s in self.draw_order[: self.draw_idx]])

    def _peel_spare(self) -> int:
        """R3.15: the cards the peel's pile holds beyond what those waiting have asked for;
        each throws in as many as he asks, but for the cards kept apart (R4.7)."""
        return self._pile_size(self.discards) - sum(k for _, k in self.peel_wait)

    def _pile_size(self, discards: list[list[int]]) -> int:
        """The cards a reshuffle of the stock, the spent cards and ``discards`` would hold:
        all but those kept apart (R4.7)."""
        apart = self._kept_apart()
        thrown = [c for d in (self.spent, *discards) for c in d]
        return len(self.stock) + sum(c not in apart for c in thrown)

    def _kept_apart(self) -> frozenset[int]:
        """Cards out of play that no reshuffle takes, besides the discards of the players still
        waiting (W-8): none here; a Jack-Pot's opener keeps his openers apart (R4.7)."""
        return frozenset()

    def _why_draw(self, d: Draw) -> str | None:
        seat = self.draw_order[self.draw_idx]
        hand = self.kept[seat]
        for c in d:
            if c not in hand:
                return f"W-3, W-7: seat {seat} does not hold {Card(c)}: discard only your own cards"
        if len(set(d)) != len(d):
            return "W-3: a card is named twice"
        k = len(d)
        r = self.rules
        if k > r.max_draw:
            return f"W-3: no player may draw more than {r.max_draw} cards"
        # the stock alone supplies it (and a peel serves up to five): no need to add up discards
        if k > len(self.stock) - r.last_card_not_dealt and k > self._available():
            can = self._available()
            return f"W-8: the stock and the reshuffled discards can supply only {can}"
        if r.reshuffle == "peel" and (self.peel_on or k > len(self.stock) - r.last_card_not_dealt):
            kept = len(self._kept_apart().intersection(d))
            spare = self._peel_spare() if kept else 0
            if kept > spare:
                return f"W-8, R4.7: the openers thrown out stay apart; the peel can spare {spare}"
        return None

    def _apply_draw(self, d: Draw, text: str | None = None) -> None:
        seat = self.draw_order[self.draw_idx]
        k = len(d)
        hand = self.kept[seat]
        for c in d:
            hand.remove(c)
        self.discards[seat].extend(d)
        self.counts[seat] = k
        r = self.rules
        reserve = 1 if r.last_card_not_dealt else 0
        if self.peel_on:
            self.peel_wait.append([seat, k])
        elif r.reshuffle == "peel" and k > len(self.stock) - reserve:
            self.peel_on = True  # R3.15: the others discard first, then all are shuffled
            self.peel_wait.append([seat, k])
        else:
            self.drawn[seat] = self._take(seat, k)
        public = f"draws {k}" if k else "pat"
        self.events.append((seat, str(d) if text is None else text, public))
        self.draw_idx += 1
        if self.draw_idx == len(self.draw_order):
            if self.peel_on:
                self._peel_serve()
            self._start_second_interval()

    def _new_stock(self, pile: list[int]) -> None:
        """Shuffle the gathered cards (recorded as chance) and make them the stock."""

        def sample(rng: random.Random) -> list[int]:
            out = list(pile)
            rng.shuffle(out)
            return out

        order = self._chance("reshuffle", sample, order_check(pile))
        self.stock = list(order)[::-1]

    def _peel_serve(self) -> None:
        """R3.15 (PEEL 41): the stock left and every discard, shuffled, serve those waiting;
        the cards kept apart (R4.7) stay out."""
        pile = self._gather(range(self.n))
        self._new_stock(pile)
        self.events.append((-1, "reshuffle", f"all discards reshuffled: {len(pile)} cards"))
        for seat, k in self.peel_wait:
            self.drawn[seat] = self.stock[len(self.stock) - k :][::-1] if k else []
            del self.stock[len(self.stock) - k :]

    def _take(self, seat: int, k: int) -> list[int]:
        """Deal ``k`` cards from the top, reshuffling the discards when the stock fails (W-8).

        With the last card not dealt from a stock, the player being served when it fails may
        have every card of the new stock, that last card among them; a new stock dealt out
        leaves the stock empty, and a pat then takes nothing (no reshuffle)."""
        if k == 0:
            return []
        stock = self.stock
        reserve = 1 if self.rules.last_card_not_dealt else 0
        if k <= len(stock) - reserve:
            out = stock[-k:][::-1]
            del stock[-k:]
            return out
        first = max(0, len(stock) - reserve)
        out = stock[-first:][::-1] if first else []
        del stock[len(stock) - first :]
        self._reshuffle()
        rest = k - len(out)
        out.extend(self.stock[-rest:][::-1])
        del self.stock[-rest:]
        return out

    def _gather(self, seats: Iterable[int]) -> list[int]:
        """The pile to reshuffle, sorted: the stock left (the last card, or cards, not dealt),
        the spent cards and ``seats``' discards, which it takes from where they lay, all but
        the cards kept apart (R4.7), which stay there."""
        apart = self._kept_apart()
        pile = list(self.stock)
        for held in (self.spent, *(self.discards[s] for s in seats)):
            pile.extend(c for c in held if c not in apart)
            held[:] = [c for c in held if c in apart]
        return sorted(pile)

    def _reshuffle(self) -> None:
        """W-8: the last card, served players' discards and abandoned hands, shuffled and cut;
        the cards kept apart (R4.7) stay out."""
        pile = self._gather(self.draw_order[: self.draw_idx])
        self._new_stock(pile)
        self.events.append((-1, "reshuffle", f"the stock is out: {len(pile)} cards reshuffled"))
