"""Referee mode, Jack-Pot openers: the opener proves them (R4.8); false openers (R4.9).

When a Jack-Pot comes to its end, at the show or when a bet goes uncalled (the
opener's, or the pool left to one player after the opener dropped), the opener
must show his opening qualification from his hand *as dealt*, before the draw
(R4.8, EB29 P2, PEEL 33; R4.7: openers split to draw are kept aside to be
shown).  Where the referee knows enough of that hand (its cards were entered
and the draw did not hide them, or the opener stood pat and showed it), he rules
at once.  Where he does not, the deal waits for ``openers SEAT CARDS``: the cards
the opener lays down as his openers (``openers 2 Jh Jd``), which must fit what the
referee knows of that hand (not cards of another hand, nor cards the opener was
given in the draw); ``openers SEAT`` alone: he cannot show them.  The entry may be
made at the show, before or after the hands are shown.

False openers are ruled as the digital game rules them (:mod:`parlour.poker.jackpots`,
option ``false_openers``): he cannot take the pool and forfeits all he put into it;
those who came in against him play for it at the show, or one left alone takes it;
with nobody left the pool stays for the next deal.  ``EB29``: drawn to, he must also
ante for all the others in the next deal (a ruling only: the referee referees one
deal).  ``PEEL``: he pays a penalty of double the ante into the pool, and the next
deal is a Jack-pot.  ``BAR`` (1895, laws 35-37): he retires and puts up a jack-pot
equal to the one he entered in error; then if no hand left in held openers as dealt
(the referee enters ``openers SEAT CARDS`` for each hand he did not see) the round is
null and void: the bets go back to their owners, the antes and the offender's chips
stay for the next deal.  ``refuse`` refuses an opening the referee saw was false; one
taken on trust and found false is ruled as R4.9's default, EB29, whose words it quotes.
"""

from __future__ import annotations

from typing import Any

from parlour.cards import RANK_CHARS, RANK_PLURALS
from parlour.game import IllegalAction
from parlour.poker.referee_events import Event, card_text, named_twice
from parlour.poker.referee_fields import RefereeFields, per_seat
from parlour.poker.rulings import HAND, false_openers_ruling, ruling


class OpenersRulings(RefereeFields):
    """Openers shown and false openers; mixed into :class:`parlour.poker.referee.RefereeState`."""

    def _minimum(self) -> int:
        """J-3, J-7: the lowest pair that opens this deal."""
        from parlour.poker.jackpots import opening_rank

        t = self.table
        return opening_rank(RANK_CHARS.index(t.openers), t.redeal, t.progressive, t.after_aces,
                            self.pack.ranks)  # fmt: skip

    def _opens(self, cards: list[int]) -> bool:
        """Whether these cards of a hand as dealt show openers: a pair of the minimum or
        better among them, or all five a hand better than one pair (J-3, R4.8)."""
        from parlour.poker.draw_rules import ranking_for
        from parlour.poker.jackpots import keeps_openers, qualifies

        if len(cards) == HAND:
            return qualifies(ranking_for(self.table).evaluate(cards), self._minimum())
        return keeps_openers(cards, self._minimum(), self.table.joker)

    # -- the hand as dealt ----------------------------------------------------------
    def _keep_dealt(self, seats: range | list[int]) -> None:
        """Note the hands of ``seats`` as they stand before the draw touches them."""
        for s in seats:
            if not any(x[2] for x in self.hands[s]):
                self.predraw[s] = [[x[0]] for x in self.hands[s]]

    def _dealt_slots(self, s: int) -> list[list[Any]]:
        """Where seat ``s``'s cards as dealt are known: his hand while the draw has not
        changed it (so that a show or an exposed card tells them), else the copy kept."""
        hand = self.hands[s]
        kept = self.predraw.get(s)
        if kept is None or (not any(x[2] for x in hand) and len(hand) == len(kept)):
            return hand
        return kept

    def _dealt(self, s: int) -> list[int | None]:
        return [x[0] for x in self._dealt_slots(s)]

    def _proof(self, s: int) -> bool | None:
        """R4.8: True if seat ``s``'s hand as dealt is known to hold openers, False if known
        not to (every card known, or he has shown what he had), None if he must show them."""
        dealt = self._dealt(s)
        if self._opens([c for c in dealt if c is not None]):
            return True
        if None not in dealt or s in self.declared:
            return False
        return None

    def _not_dealt(self, s: int, card: int) -> str | None:
        """Why ``card``, not known in seat ``s``'s hand as dealt, cannot have been in it."""
        if card not in self.pack:
            return f"{card_text(card)} is not in the {self.pack.name}"
        if self.drawn_by.get(card) == s:
            return f"{card_text(card)} was given to seat {s} in the draw"
        where = self.origin.get(card, s) if card in self.used else s
        recycled = self.reshuffled and (card in self.drawn_by or where == -1)
        if where != s and not recycled:
            return f"{card_text(card)} was not dealt to seat {s}"
        return None

    # -- the end of the deal --------------------------------------------------------
    def _openers_due(self) -> int | None:
        """The seat whose openers the referee must be told now, if any (R4.8, BAR 37)."""
        if self.rules.variant != "jackpots" or self.opener is None:
            return None
        if self.false_opener is None:
            return self.opener if self._proof(self.opener) is None else None
        if self.false_opener and self.table.false_openers == "BAR" and self.void is None:
            left = self.contenders()
            if any(self._proof(t) for t in left):
                return None
            return next((t for t in left if self._proof(t) is None), None)
        return None

    def _close(self) -> None:
        """The deal has come to its end: in a Jack-Pot the opener proves his openers (R4.8)
        and a false opener's remedy follows (R4.9) before it is over."""
        if self.rules.variant == "jackpots" and self.opener is not None:
            if self.false_opener is None:
                proof = self._proof(self.opener)
                if proof is None:
                    self.phase = "openers"
                    return
                if proof:
                    self.false_opener = False
                else:
                    self._false_opener()
            if self.false_opener and self.table.false_openers == "BAR" and self.void is None:
                if self._openers_due() is not None:
                    self.phase = "openers"
                    return
                self._null_and_void()
        self.phase = "over"

    def _false_opener(self) -> None:
        """R4.9: the opener could not show openers; his remedy under ``false_openers``."""
        s = self.opener
        assert s is not None
        mode = self.table.false_openers
        self.false_opener = True
        self.out[s] = True  # he cannot take the pool
        put = self.stakes[s]
        name = RANK_PLURALS[self._minimum()]
        if s in self.declared:
            laid = " ".join(card_text(c) for c in self.revealed.get(s, []))
            what = f"he lays down {laid or 'nothing'} from his hand as dealt"
        else:
            what = "his hand as dealt is " + " ".join(card_text(c) for c in self._dealt(s))
        self.history.append(
            ruling(
                "R4.8",
                f"seat {s} cannot show openers ({what}): no pair of {name} or better; "
                "he opened falsely",
            )
        )
        said = f"seat {s} is a false opener"
        left = self.contenders()
        if mode == "BAR":
            jack = sum(self.carry) + sum(self.table.entry(t) for t in range(self.n))
            self.stakes[s] += jack
            effect = (
                f"{said}: he retires from the game and puts up a jack-pot equal to the one he "
                f"entered in error ({jack}) (BAR 35-36)"
            )
        else:
            why = "(EB29)" if mode == "EB29" else "(R4.9: his opening was taken on trust)"
            effect = f"{said}: he forfeits all he has put into the pool ({put}) {why}"
            if mode == "PEEL":
                penalty = 2 * self.table.ante
                self.stakes[s] += penalty
                effect = (
                    f"{said}: he cannot claim the pool and pays a penalty of double the ante "
                    f"({penalty}) into it; the next deal is a Jack-pot (PEEL 33)"
                )
            drawn_to = any(self.stakes[t] > self.table.entry(t) for t in range(self.n) if t != s)
            antes = None
            if mode in ("EB29", "refuse") and drawn_to:  # refuse: trust found false, EB29
                effect += "; drawn to, he must ante for all the others for the next deal"
                # the next deal's ante, as the sitting has it: full if this pool is won (a
                # fresh Jack-Pot, R4.10), else the sweetener of a deal over again (J-4)
                each = self.table.ante if left else self.table.sweetener
                antes = [each * self.n if t == s else 0 for t in range(self.n)]
            if left:
                effect += "; those who came in against him stay and play for the pool"
                if antes:
                    effect += (f"; referee the next deal with {self._next_table()} and the "
                               f"rule antes={per_seat(antes)}")  # fmt: skip
            else:
                effect += "; nobody is left in to take it: the pool stays for the next deal; "
                effect += self._next_pot(self._carried_on(), antes)
        self.history.append(false_openers_ruling(mode, effect))

    def _null_and_void(self) -> None:
        """BAR 37: after a false opener, no hand left in held openers: null and void."""
        s = self.opener
        left = self.contenders()
        holder = next((t for t in left if self._proof(t)), None)
        self.void = holder is None
        if holder is not None:
            effect = f"seat {holder} held openers: those left in play for the pool (BAR 36)"
        else:
            carry = [c + k for c, k in zip(self.carry, self._void_kept(), strict=True)]
            effect = (
                "no hand left in held openers: the round is null and void; the bets go back "
                f"to their owners, the antes and seat {s}'s chips stay for the next deal "
                f"(BAR 37); {self._next_pot(carry)}"
            )
        self.history.append(false_openers_ruling("BAR", effect))

    def _void_kept(self) -> list[int]:
        """BAR 37: what each seat leaves in the pool of a round null and void: his entry; the
        offender all he put up."""
        return [
            x if s == self.opener else min(x, self.table.entry(s))
            for s, x in enumerate(self.stakes)
        ]

    def _void_payoffs(self) -> list[float]:
        """BAR 37: each loses what he leaves in the pool (the pot carried into the deal stays
        where it was, for the next)."""
        return [float(-x) for x in self._void_kept()]

    def _ev_openers(self, e: Event) -> None:
        """R4.8: the opener (or, after a false opener under BAR, a player still in) shows the
        cards of his hand as dealt that make his openers."""
        s = e.seat
        due = self._openers_due() if self.phase in ("show", "openers") else None
        if due is None or s != due:
            who = "no openers are to be shown now" if due is None else f"seat {due} is to show"
            raise IllegalAction(f"{e}: R4.8: {who} (openers are shown at the end of a Jack-Pot)")
        cards = e.named
        twice = named_twice(cards)
        if twice is not None:
            raise IllegalAction(f"{e}: {card_text(twice)} is named twice")
        dealt = self._dealt(s)
        fresh = [c for c in cards if c not in dealt]
        for card in fresh:
            why = self._not_dealt(s, card)
            if why is not None:
                raise IllegalAction(f"{e}: R4.8: {why}")
        if len(fresh) > dealt.count(None):
            known = " ".join(card_text(c) for c in dealt)
            raise IllegalAction(f"{e}: R4.8: seat {s}'s hand as dealt was {known}")
        for card in fresh:
            if card not in self.used:
                self._take(card, str(e), s)
        blanks = [x for x in self._dealt_slots(s) if x[0] is None]
        for slot, card in zip(blanks, fresh, strict=False):
            slot[0] = card
        self.revealed.setdefault(s, []).extend(cards)
        self.declared.add(s)
        if s == self.opener and self.false_opener is None:
            if self._proof(s):
                self.false_opener = False
            else:
                self._false_opener()
        if self.phase == "openers" or all(t in self.shown for t in self.contenders()):
            self._close()
