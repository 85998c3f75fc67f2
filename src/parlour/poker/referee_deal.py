"""Referee mode, the deal: rulings I-1..I-9 on the cards as they are dealt and first seen."""

from __future__ import annotations

from parlour.game import IllegalAction
from parlour.poker.referee_events import Event, card_text
from parlour.poker.referee_fields import RefereeFields
from parlour.poker.rulings import HAND, Choice


class DealRulings(RefereeFields):
    """The deal's events and rulings; mixed into :class:`parlour.poker.referee.RefereeState`."""

    def _next_slot(self, e: Event) -> None:
        if self.phase != "deal" or not self.slots:
            raise IllegalAction(f"{e}: the deal is over")
        if not 0 <= e.seat < self.n:
            raise IllegalAction(f"{e}: there is no seat {e.seat}")
        if e.seat != self.slots[0]:
            s = self.slots[0]
            raise IllegalAction(
                f"{e}: seat {s} is next (W-2: one card at a time from the dealer's left); "
                f"if the dealer passed him by, enter `skip {s}`"
            )

    def _ev_dealer(self, e: Event) -> None:
        if self.phase != "deal" or self.started:
            raise IllegalAction(f"{e}: only before the first card of a deal")
        if not 0 <= e.seat < self.n:
            raise IllegalAction(f"{e}: there is no seat {e.seat}")
        if e.seat == self.dealing:
            raise IllegalAction(f"{e}: seat {self.dealing} is dealing already")
        self.dealing = e.seat
        self.slots = [(e.seat + 1 + i) % self.n for _ in range(HAND) for i in range(self.n)]

    def _ev_stop(self, e: Event) -> None:
        """I-7: a deal out of turn is stopped only before it is completed; then it stands."""
        if self.phase != "deal" or self.dealing == self.dealer or self.dealt_complete:
            raise IllegalAction("stop: no deal out of turn is in progress (I-7)")
        self._rule(
            "I-7", f"the deal by seat {self.dealing} is stopped; seat {self.dealer} deals afresh"
        )
        self._fresh_deal(self.dealer)

    def _ev_deal(self, e: Event) -> None:
        self._next_slot(e)
        card = e.cards[0]
        s = e.seat
        self._from_stock(1, e)
        self._take(card, str(e), s)
        self.hands[s].append([card, e.exposed, False])
        self.slots.pop(0)
        self.started = True
        if e.exposed:
            self.dealt_exposed[s] += 1
            if self.dealt_exposed[s] == 1:
                self._rule(
                    "I-1", f"{card_text(card)} stays in seat {s}'s hand face up: he must accept it"
                )
            elif self.looked[s]:
                self._rule(
                    "I-8",
                    f"a second card is exposed to seat {s}, but he has looked "
                    "at his cards: no fresh deal; he must accept it",
                )
            else:
                self.choices.append(Choice("I-1", s, ("accept", "claim-fresh-deal")))

    def _ev_deal_two(self, e: Event) -> None:
        self._next_slot(e)
        top, under = e.cards or (None, None)
        s = e.seat
        self._from_stock(2, e)
        self._take(top, str(e), s)
        self._take(under, str(e), s)
        self.hands[s] += [[top, False, False], [under, False, False]]
        self.slots.pop(0)
        self.started = True
        if self.slots:
            nxt = self.slots[0]
            self.choices.append(
                Choice("I-4", self.dealing, ("rectify", "play-on"), {"seat": s, "to": nxt})
            )
        else:
            self._rule("I-4", f"the deal is over: seat {s} keeps both cards")

    def _ev_skip(self, e: Event) -> None:
        self._next_slot(e)
        self.slots.pop(0)
        self.started = True

    def _ev_foreign_mark(self, e: Event) -> None:
        self._cast_aside(e, "I-6", "the pack is cast aside")

    def _ev_imperfect_pack(self, e: Event) -> None:
        self._cast_aside(e, "I-8", "the pack is imperfect: a new deal, whoever has looked")

    def _cast_aside(self, e: Event, rule: str, why: str) -> None:
        """I-6, I-8: a fresh pack and a fresh deal by the same dealer, while the deal's new
        deal may still be claimed (before any betting)."""
        if self.phase not in ("deal", "bet1") or self.bet_acts:
            raise IllegalAction(f"{e}: only in the course of the deal, before any betting")
        self.pack_no += 1
        self._rule(rule, f"{why}; fresh pack {self.pack_no}; seat {self.dealer} deals afresh")
        self._fresh_deal(self.dealer)

    def _ev_look(self, e: Event) -> None:
        s = self._seat_in(e)
        if self.phase in ("draw", "owed", "bet2") and self.drawn[s] and not self.looked_new[s]:
            self.looked_new[s] = True
            self._after_draw_look(s)
            return
        if self.looked[s]:
            raise IllegalAction(f"{e}: seat {s} has looked at his cards already")
        self.looked[s] = True
        if self.dealt_complete:
            self._after_look(s)

    def _sees_before_acting(self, s: int) -> bool:
        """I-9, I-10, R8.3: a player bets or draws only having seen his cards, so one who
        acts without a look entered has looked first, at the cards dealt him and, after the
        draw, at those drawn; True if I-9 or I-10 then throws his hand in."""
        if self.dealt_complete and not self.looked[s]:
            self.looked[s] = True
            self._after_look(s)
        if not self.out[s] and self.phase == "bet2" and self.drawn[s] and not self.looked_new[s]:
            self.looked_new[s] = True
            self._after_draw_look(s)
        return self.out[s]

    def _after_look(self, s: int) -> None:
        """I-9: the count a player finds once he has seen his cards."""
        count = len(self.hands[s])
        if count > HAND:
            self._throw_in(
                s,
                "I-9",
                f"seat {s} has {count} cards after looking: he throws "
                f"in his hand and loses his stake ({self.stakes[s]})",
            )
        elif count < HAND:
            self._rule(
                "I-9",
                f"seat {s} has only {count} cards: he may remain in and make up "
                "the number in the draw",
            )

    def _ev_count(self, e: Event) -> None:
        s = self._seat_in(e)
        count = len(self.hands[s])
        if e.number != count:
            raise IllegalAction(f"{e}: the deal as entered gave seat {s} {count} cards")
        if self.phase in ("draw", "owed", "bet2") and self.drawn[s]:
            self._count_draw(s)
            return
        if not self.dealt_complete:
            raise IllegalAction(f"{e}: count once the deal is complete")
        if self.looked[s]:
            raise IllegalAction(f"{e}: seat {s} has looked already; I-9 applied then")
        if count == HAND:
            return
        if self.bet_acts:
            self._rule(
                "I-3",
                f"the betting has begun: seat {s} may not demand a fresh deal; his hand stands",
            )
            return
        self.choices.append(Choice("I-3", s, ("claim-fresh-deal", "rectify", "accept")))

    def _ev_expose(self, e: Event) -> None:
        s = self._seat_in(e)
        card = e.cards[0]
        hand = self.hands[s]
        slot = next((x for x in hand if x[0] == card), None)
        if slot is None:
            slot = next((x for x in hand if x[0] is None), None)
            if slot is None:
                raise IllegalAction(f"{e}: {card_text(card)} is not in seat {s}'s hand")
            self._take(card, str(e), s)
            slot[0] = card
        slot[1] = True
        self.choices.append(Choice("I-2", s, ("play-on", "throw-in"), {"card": card}))

    def _complete_deal(self) -> None:
        """The deal is over: I-5 (a hand short), I-7 (it stands), I-9 for early lookers."""
        empty = [s for s in range(self.n) if not self.hands[s]]
        if empty:
            self._rule(
                "I-5",
                f"seat {empty[0]} was dealt no hand: a misdeal; seat {self.dealer} deals afresh",
            )
            self._fresh_deal(self.dealer)
            return
        if not self.dealt_complete:
            if self.dealing != self.dealer:
                self._rule("I-7", f"the deal by seat {self.dealing} was completed: it stands")
            self.dealt_complete = True
            for s in range(self.n):
                if self.looked[s]:
                    self._after_look(s)
        if self.phase == "deal":
            self.phase = "bet1"
            self._start_betting()

    def _choose_I_1(self, c: Choice, word: str) -> None:
        if word == "accept":
            self._rule("I-1", f"seat {c.seat} accepts his exposed cards")
        else:
            self._rule("I-1", f"seat {c.seat} claims a fresh deal; seat {self.dealer} deals again")
            self._fresh_deal(self.dealer)

    def _choose_I_2(self, c: Choice, word: str) -> None:
        card = card_text(c.data["card"])
        if word == "play-on":
            self._rule("I-2", f"seat {c.seat} plays on with {card} exposed")
        else:
            self._throw_in(
                c.seat,
                "I-2",
                f"seat {c.seat} throws in and forfeits what he has "
                f"deposited ({self.stakes[c.seat]})",
            )

    def _choose_I_3(self, c: Choice, word: str) -> None:
        s, count = c.seat, len(self.hands[c.seat])
        if word == "claim-fresh-deal":
            self._rule(
                "I-3",
                f"seat {s} has {count} cards and demands a fresh deal; "
                f"seat {self.dealer} deals again",
            )
            self._fresh_deal(self.dealer)
        elif word == "accept":
            self._rule("I-3", f"seat {s} keeps his {count} cards")
        elif word == "rectify":
            self.choices.insert(0, Choice("I-3", self.dealer, ("permit", "refuse"), {"seat": s}))
        elif word == "refuse":
            s = c.data["seat"]
            self.choices.insert(0, Choice("I-3", s, ("claim-fresh-deal", "accept")))
        else:  # permit
            self._rectify_count(c.data["seat"])

    def _rectify_count(self, s: int) -> None:
        hand = self.hands[s]
        if len(hand) > HAND:
            extra = hand[HAND:]
            del hand[HAND:]
            self.stock += len(extra)
            for slot in extra:
                self.bottom.append(slot[0])
                if slot[0] is not None:  # back in the pack: it may yet be dealt (W-8)
                    self.used.discard(slot[0])
                    self.origin.pop(slot[0], None)
            self._rule(  # unseen: the ruling, which every seat reads, names no card
                "I-3",
                f"{len(extra)} card(s) withdrawn from seat {s}'s hand and placed at the "
                "bottom of the pack, unseen",
            )
        else:
            need = HAND - len(hand)
            self.slots = [s] * need + self.slots
            self.phase = "deal"
            self._rule(
                "I-3",
                f"seat {s} is to be supplied with {need} card(s) from the top "
                f"of the pack: enter `deal {s} CARD`",
            )

    def _choose_I_4(self, c: Choice, word: str) -> None:
        s, to = c.data["seat"], c.data["to"]
        if word == "rectify":
            under = self.hands[s].pop()
            self.hands[to].append(under)
            if under[0] is not None:
                self.origin[under[0]] = to
            self.slots.pop(0)
            self._rule("I-4", f"the under card passes on to seat {to}")
        else:
            self._rule("I-4", f"seat {s} keeps both cards")
