"""Referee mode, the draw: rulings I-10..I-13 on the cards asked for, given and seen; W-6 (a card
faced) and W-8 (the stock runs out)."""

from __future__ import annotations

from parlour.cards import JOKER_CODE, RANK_NAMES
from parlour.game import IllegalAction
from parlour.poker.referee_events import Event, card_text
from parlour.poker.referee_fields import RefereeFields
from parlour.poker.rulings import HAND, Choice


class DrawRulings(RefereeFields):
    """The draw's events and rulings; mixed into :class:`parlour.poker.referee.RefereeState`."""

    def _draw_order(self) -> list[int]:
        """Seats still in, from the dealer's left round to the dealer, who draws last (W-3)."""
        seats = [(self.dealing + 1 + i) % self.n for i in range(self.n)]
        return [s for s in seats if not self.out[s] and self._live(s)]

    def _live(self, s: int) -> bool:
        return self.betting is None or self.betting.live[s]

    def _ev_draw(self, e: Event) -> None:
        s = self._seat_in(e)
        if self.phase != "draw" or self.drawn[s] or s not in self._draw_order():
            raise IllegalAction(f"{e}: seat {s} has no draw to make now (W-3)")
        hand = self.hands[s]
        if e.number > len(hand):
            raise IllegalAction(f"{e}: seat {s} holds only {len(hand)} cards")
        if e.number > self.table.max_draw:
            raise IllegalAction(f"{e}: W-3: nobody may draw more than {self.table.max_draw}")
        if self._sees_before_acting(s):  # I-9: thrown in, he does not draw
            return
        given = e.extra if e.extra >= 0 else e.number
        need = HAND - (len(hand) - e.number)
        cards = e.cards or (None,) * given
        self._from_stock(given, e)
        self.fresh_stock = self.fresh_stock and not given  # (W-8: he was served from it)
        self._keep_dealt([s])  # his hand as dealt, before the draw touches it (R4.8)
        for card in cards:
            self._take(card, str(e), s)
            if card is not None:
                self.drawn_by[card] = s
        waiting = [t for t in self._draw_order() if not self.drawn[t]]
        skipped = waiting[: waiting.index(s)]
        self._discard_old(s, e.number)
        hand.extend([c, False, True] for c in cards)
        self.drawn[s] = True
        self.window = s
        for t in skipped:
            self.choices.append(Choice("I-12", t, ("play-on", "throw-in"), {"by": s}))
        if s == self.dealing and given > need:
            self._dealer_takes(s, given - need)
        elif given != need:
            self.misdrawn[s] = True

    def _discard_old(self, s: int, k: int) -> None:
        """Seat ``s`` throws out ``k`` of the cards he held before the draw, face down (W-3).

        The referee does not see which: unless all or none of them were known, the
        cards he kept become unknown (``?``) until he shows them.
        """
        if k <= 0:
            return
        hand = self.hands[s]
        old = [x for x in hand if not x[2]]
        gone, kept = old[:k], old[k:]
        if k < len(old) and any(x[0] is not None for x in old):
            for slot in kept:
                slot[0], slot[1] = None, False
        for slot in gone:
            hand.remove(slot)
            self._throw_out(slot[0] if k == len(old) else None, s)

    def _dealer_takes(self, s: int, extra: int) -> None:
        """I-11: the dealer keeps every card he gave himself, and discards to five."""
        hand = self.hands[s]
        old = [x for x in hand if not x[2]]
        if len(hand) - HAND > len(old):
            self._throw_in(
                s,
                "I-11",
                f"the dealer must take his {extra} card(s) too many; "
                "even without his own cards the hand is more than five: foul",
            )
            return
        self._discard_old(s, len(hand) - HAND)
        self._rule(
            "I-11",
            f"the dealer must take his {extra} card(s) too many: he keeps them "
            f"and discards {extra} of his own",
        )

    def _count_draw(self, s: int) -> None:
        """I-10, as read here: the seed's "otherwise ... he must discard so as to keep them"
        holds while his own turn lasts (he looked, but the next player is not yet served);
        once the next player has been served, six cards fall under its later sentence ("if
        he finds he has more than five, he has to throw in at once"), looked at or not."""
        count = len(self.hands[s])
        if count == HAND or not self.misdrawn[s]:
            return
        if self.window == s and not self.looked_new[s]:
            self.choices.append(Choice("I-10", s, ("rectify", "play-on")))
        else:
            self._late_draw_count(s)

    def _choose_I_10(self, c: Choice, word: str) -> None:
        s = c.seat
        hand = self.hands[s]
        self.misdrawn[s] = False
        if word == "play-on":
            self._rule("I-10", f"seat {s} lets the cards stand: {len(hand)} in his hand")
            self.misdrawn[s] = True
        elif len(hand) > HAND:
            new = [x for x in hand if x[2]]
            back = new[HAND - len(hand) :]
            self.stock += len(back)
            for slot in back:
                hand.remove(slot)
                self.used.discard(slot[0])
                self.origin.pop(slot[0], None)
            self._rule("I-10", f"seat {s} is rectified: {len(back)} card(s) go back on the pack")
        else:
            need = HAND - len(hand)
            if need > self._usable():  # the stock is out: the dealer makes a new one (W-8)
                self._new_stock(f"rectify (seat {s})", serving=s)
            self._from_stock(need, f"rectify (seat {s})")
            self.fresh_stock = False  # he was served from it
            hand.extend([None, False, True] for _ in range(need))
            self._rule("I-10", f"seat {s} is rectified: he is given {need} more card(s)")

    def _after_draw_look(self, s: int) -> None:
        """I-10: the count a player finds on looking at the cards he drew."""
        if not self.misdrawn[s]:
            return
        hand = self.hands[s]
        self.misdrawn[s] = False
        if len(hand) > HAND and self.window == s:
            old = [x for x in hand if not x[2]]
            if len(hand) - HAND > len(old):
                self._throw_in(s, "I-10", f"seat {s} was given more than five: he throws in")
                return
            self._discard_old(s, len(hand) - HAND)
            self._rule(
                "I-10",
                f"seat {s} asked for too many and has looked: he must discard "
                "so as to keep them, down to five",
            )
        else:
            self._late_draw_count(s)

    def _late_draw_count(self, s: int) -> None:
        count = len(self.hands[s])
        self.misdrawn[s] = False
        if count > HAND:
            self._throw_in(
                s,
                "I-10",
                f"seat {s} finds {count} cards after the draw: he throws "
                f"in at once, sacrificing his stake ({self.stakes[s]})",
            )
        elif count < HAND:
            self._rule("I-10", f"seat {s} has only {count} cards after the draw: he remains in")

    def _choose_I_12(self, c: Choice, word: str) -> None:
        s, by = c.seat, c.data["by"]
        self.drawn[s] = True
        if word == "play-on":
            self._rule(
                "I-12",
                f"seat {s} let seat {by} draw out of turn: he plays his hand "
                "without drawing; seat {by} is not penalised".replace("{by}", str(by)),
            )
        else:
            self._throw_in(
                s, "I-12", f"seat {s} let seat {by} draw out of turn: he abandons his hand"
            )

    def _ev_saw(self, e: Event) -> None:
        """I-13: the player declares the denomination of a draw card he sighted.

        He is judged by the rank alone ("declare its denomination"): a card named in full
        counts for its rank.  The card he sighted is the one the entry's SEEN card names
        among those just given him, else the last of them; an unseen card is turned up and
        is what SEEN says, or (named by nobody) what he declared.
        """
        s = self._seat_in(e)
        new = [x for x in self.hands[s] if x[2]]
        if self.phase not in ("draw", "owed", "bet2") or self.window != s or not new:
            raise IllegalAction(f"{e}: only the player just served may say he saw a card (I-13)")
        declared = e.rank if e.rank >= 0 else _denomination(e.cards[0])
        named = e.cards[0] if e.rank < 0 else None
        seen = e.cards[-1] if len(e.cards) == (1 if e.rank >= 0 else 2) else None
        slot = new[-1]
        if seen is not None and slot[0] != seen:
            found = next((x for x in new if x[0] == seen), None) or next(
                (x for x in reversed(new) if x[0] is None), None
            )
            if found is None:
                given = " ".join(card_text(x[0]) for x in new)
                raise IllegalAction(
                    f"{e}: {card_text(seen)} is not among the cards just given to seat {s} "
                    f"(entered as {given})"
                )
            slot = found
        actual = slot[0] if slot[0] is not None else seen if seen is not None else named
        if slot[0] is None and actual is not None:
            self._take(actual, str(e), s)
            slot[0] = actual
            self.drawn_by[actual] = s
        what = RANK_NAMES[declared] if declared < len(RANK_NAMES) else "the Joker"
        if actual is None or _denomination(actual) == declared:
            self.hands[s].remove(slot)
            self._throw_out(actual, s)
            self.owed.append(s)
            if self.phase == "bet2":  # no bet made yet: the replacement comes first
                self.phase, self.betting = "owed", None
            shown = "" if actual is None else f" ({card_text(actual)})"
            self._rule(
                "I-13",
                f"seat {s} declared {_a(what)} rightly{shown}: it goes among the "
                "discards and he has another after the others have drawn",
            )
        else:
            self._rule(
                "I-13",
                f"seat {s} declared {_a(what)} but it was "
                f"{card_text(actual)}: he keeps his original card",
            )

    # -- the stock (W-8) -------------------------------------------------------------
    def _throw_out(self, card: int | None, s: int) -> None:
        """A card of seat ``s`` goes among the discards, face down (W-3, W-7, I-13)."""
        self.discards.append(card)
        self.thrown_by.append(s)
        if card is not None:
            self.origin[card] = -1

    def _usable(self) -> int:
        """Cards the stock may hand out: in the draw, the last card is not handed out (W-8),
        but the player served first from a new stock may have all of it, that last card
        among them, as the digital game deals it (:mod:`parlour.poker.draw_phase`)."""
        last = (
            self.phase in ("draw", "owed")
            and self.table.last_card_not_dealt
            and not self.fresh_stock
        )
        return max(0, self.stock - last)

    def _from_stock(self, k: int, e: Event | str) -> None:
        """Count ``k`` cards handed from the stock; refuse cards it has not got (W-8)."""
        usable = self._usable()
        if k > usable:
            hint = ""
            if self.phase in ("draw", "owed"):
                hint = " (the last card is not handed out): enter `reshuffle` (W-8)"
            raise IllegalAction(f"{e}: the stock has only {usable} card(s) to hand out{hint}")
        self.stock -= k

    def _next_need(self) -> int:
        """The most cards the next player to be served may need: what a reshuffle waits for."""
        if self.phase == "owed":
            return len(self.owed)
        waiting = [t for t in self._draw_order() if not self.drawn[t]]
        if not waiting:
            return 0
        held = len(self.hands[waiting[0]])  # a hand left at four makes up the number (I-9)
        return max(1, min(self.table.max_draw, held) + HAND - held)

    def _ev_reshuffle(self, e: Event) -> None:
        """W-8: the stock cannot serve the next player: the last card, the discards of those
        served and the abandoned hands are gathered, shuffled, cut and made the new stock.

        Those still waiting (and those still owed a card, I-13) keep their throw-outs out
        of it, as the digital game does (:mod:`parlour.poker.draw`).
        """
        usable = self._usable()
        if self.phase not in ("draw", "owed") or usable >= self._next_need():
            raise IllegalAction(
                f"{e}: W-8: only when the stock cannot serve the next player in the draw "
                f"(it has {usable} card(s) to hand out)"
            )
        self._new_stock(e)

    def _new_stock(self, e: Event | str, serving: int | None = None) -> None:
        """W-8's new stock, for the next player or for ``serving``, rectified short (I-10):
        like those still to be served, he keeps his own throw-outs out of it."""
        usable = self._usable()
        keep = {t for t in self._draw_order() if not self.drawn[t]} | set(self.owed)
        keep |= set() if serving is None else {serving}
        pairs = list(zip(self.discards, self.thrown_by, strict=True))
        pile = [c for c, t in pairs if t not in keep]
        self.discards = [c for c, t in pairs if t in keep]
        self.thrown_by = [t for _, t in pairs if t in keep]
        thrown = len(pile)
        unseen = {t for c, t in pairs if c is None and t not in keep}  # who threw cards unseen
        alive = self.contenders()
        for t in range(self.n):
            if t not in alive:
                pile += [x[0] for x in self.hands[t]]
                self.hands[t] = []
                unseen.add(t)
        if not pile and not self.stock:  # (the last card alone may make it)
            raise IllegalAction(f"{e}: W-8: there are no discards to make a new stock of")
        for card in pile:
            if card is not None:
                self.used.discard(card)
                self.origin.pop(card, None)
        for t in unseen:  # which of his cards went into the pile is not known: any may have
            held = {x[0] for x in self.hands[t]}
            for card in [c for c, o in self.origin.items() if o == t and c not in held]:
                self.used.discard(card)
                self.origin.pop(card)
        self.stock += len(pile)
        self.fresh_stock = True  # the next player served may have all of it
        self.reshuffled = True  # served players' discards may be drawn again (R4.8)
        first = f"the stock's {usable} card(s) are handed out first; " if usable else ""
        last = "the last card, " if self.table.last_card_not_dealt else ""
        self._rule(
            "W-8",
            f"the stock is out: {first}{last}{thrown} discard(s) and "
            f"{len(pile) - thrown} card(s) of abandoned hands are shuffled, cut by the Pone "
            f"and make the new stock ({self._usable()} card(s) to hand out)",
        )

    def _ev_faced(self, e: Event) -> None:
        """W-6: a card faced in the draw.  Found so in the pack (no seat), it is taken off the
        stock and deposited with the discards; faced by the dealer in handing it to a seat
        (entered after that seat's draw), the seat may not accept it: it goes with the
        discards and he has another after all the others, the dealer included, are served."""
        card = e.cards[0]
        if self.phase not in ("draw", "owed", "bet2") or (e.seat < 0 and self.phase == "bet2"):
            raise IllegalAction(f"{e}: W-6: only a card faced in the draw")
        if card is None:  # the text cannot say so: an Event built in code
            raise IllegalAction(f"{e}: W-6: a card faced is seen by all: name it")
        if e.seat < 0:
            self._from_stock(1, e)
            self._take(card, str(e), -1)
            self._throw_out(card, -1)
            self._rule("W-6", f"{card_text(card)} was found faced in the pack: to the discards")
            return
        s = self._seat_in(e)
        new = [x for x in self.hands[s] if x[2]]
        slot = next((x for x in new if x[0] == card), None)
        slot = slot or next((x for x in reversed(new) if x[0] is None), None)
        if self.window != s or slot is None:
            raise IllegalAction(f"{e}: {card_text(card)} is not a card just handed to seat {s}")
        if slot[0] is None:
            self._take(card, str(e), s)
            self.drawn_by[card] = s
        self.hands[s].remove(slot)
        self._throw_out(card, s)
        self.owed.append(s)
        if self.phase == "bet2":  # the dealer, served last: no bet made yet
            self.phase, self.betting = "owed", None
        self._rule(
            "W-6",
            f"seat {s} may not accept the faced {card_text(card)}: it goes with the discards "
            "and he has another after all the others have been served",
        )

    def _ev_give(self, e: Event) -> None:
        if self.phase != "owed" or not self.owed or self.owed[0] != e.seat:
            owed = f"seat {self.owed[0]} is owed a card" if self.owed else "no card is owed"
            raise IllegalAction(f"{e}: {owed} (I-13, W-6: after the others have drawn)")
        card = e.cards[0] if e.cards else None
        self._from_stock(1, e)
        self.fresh_stock = False
        self._take(card, str(e), e.seat)
        if card is not None:
            self.drawn_by[card] = e.seat
        self.hands[e.seat].append([card, False, True])
        self.owed.pop(0)
        self.window = e.seat


def _denomination(card: int | None) -> int:
    """A card's rank for I-13 (0..14 as in ``RANK_CHARS``; 15 the Joker; -1 unknown)."""
    if card is None:
        return -1
    return 15 if card == JOKER_CODE else card >> 2


def _a(name: str) -> str:
    """'a queen', 'an ace', 'the Joker'."""
    return name if name.startswith("the ") else ("an " if name[0] in "ae" else "a ") + name
