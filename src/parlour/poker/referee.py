"""Referee mode: a real Draw Poker deal at a real table, entered event by event.

The cards are real: nothing is shuffled here.  The referee enters what happens
(:mod:`parlour.poker.referee_events`): each card dealt (``?`` when he did not
see it), the dealer's slips and the players' irregular acts.  The engine
applies seed 004's remedy for each (CATALOGUE.md I-1..I-13, poker-rules.md
R8.8), offers the affected seat the choices the rule gives as its legal actions
(``accept`` / ``claim-fresh-deal``, ``rectify`` / ``play-on`` ...), and writes
every ruling into the history as ``{"ruling": ID, "text": seed's words,
"effect": what follows}``.

"The Dealer temporarily presides over the proceedings; he gives a ruling as to
any alleged breach of regulations" (S4): so the table's events are entered for
the presiding dealer's seat, which is ``to_move`` unless a ruling awaits
another seat's choice.

>>> state = RefereeGame(players=3).new_state()
>>> for text in ["deal 1 As", "deal 2 ?", "deal 0 ?", "deal 1 Kd exposed"]:
...     _ = state.apply(text)
>>> state.history[-1]["ruling"], state.history[-1]["effect"]
('I-1', "Kd stays in seat 1's hand face up: he must accept it")
"""

from __future__ import annotations

import copy
import random
from collections import deque
from dataclasses import dataclass, field
from typing import Any, ClassVar

from parlour.cards import pack
from parlour.game import Game, GameOptionError, IllegalAction, State, build_rules, register
from parlour.poker.betting import BetRules, Betting, parse_act, settle
from parlour.poker.referee_events import BETTING, Event, card_text, parse_event
from parlour.poker.rulings import ruling

HAND = 5
PACK = pack(52)
CHOICES = (
    "accept",
    "claim-fresh-deal",
    "rectify",
    "play-on",
    "throw-in",
    "permit",
    "refuse",
)


@dataclass(frozen=True)
class RefereeRules:
    """The rules the referee applies (Draw Poker, the age game, by default)."""

    #: "draw-poker" (the age game, D-3..D-9) or "jackpots" (J-1..J-6)
    variant: str = "draw-poker"
    #: the seat whose deal it is (W-1, W-2); he presides and gives the rulings (S4)
    dealer: int = 0
    #: D-3: the ante the Age puts up before the deal (every player, in a Jack-Pot: J-2)
    ante: int = 1
    #: D-4 (S0): coming in costs this many antes
    come_in: int = 2
    #: D-2: the stage, the smallest bet or raise
    stage: int = 1
    #: D-2, R3.3: the limit of a bet or raise
    limit: int = 5
    #: R8.8: chips put up out of turn are "binding" (Default) or "void" (returned)
    out_of_turn_bet: str = "binding"

    def __post_init__(self) -> None:
        if self.variant not in ("draw-poker", "jackpots"):
            raise GameOptionError("variant must be 'draw-poker' or 'jackpots'")
        if self.out_of_turn_bet not in ("binding", "void"):
            raise GameOptionError("R8.8: out_of_turn_bet must be 'binding' or 'void'")


@dataclass
class Choice:
    """A ruling waiting on a seat's choice: the rule, the seat, the options, the context."""

    rule: str
    seat: int
    options: tuple[str, ...]
    data: dict[str, Any] = field(default_factory=dict)


class RefereeState(State):
    """One deal (with any fresh deals the rulings order) refereed from entered events."""

    def __init__(self, game: Game, rng: random.Random, script: deque[Any] | None = None) -> None:
        super().__init__(game, rng, script)
        self.rules: RefereeRules = game.rules
        self.n = game.num_players
        self.dealer = self.rules.dealer
        self.age = (self.dealer + 1) % self.n
        self.stakes = [0] * self.n
        if self.rules.variant == "jackpots":
            self.stakes = [self.rules.ante] * self.n  # J-2
        else:
            self.stakes[self.age] = self.rules.ante  # D-3
        self.deal_no = 0
        self.pack_no = 1
        self.choices: list[Choice] = []
        self.betting: Betting | None = None
        self.held = [0] * self.n  # R8.8: chips put up out of turn, not yet his action
        self.held_act: list[str | None] = [None] * self.n
        self.held_price = [0] * self.n
        self.shown: dict[int, list[int]] = {}
        self.owed: list[int] = []
        self.opener: int | None = None
        self.unopened = False
        self._fresh_deal(self.dealer)

    # -- the deal ---------------------------------------------------------------
    def _fresh_deal(self, by: int) -> None:
        """Gather the cards; seat ``by`` deals again from his left (W-2)."""
        self.deal_no += 1
        self.dealing = by
        self.hands: list[list[list[Any]]] = [[] for _ in range(self.n)]  # [card, exposed, new]
        self.used: set[int] = set()
        self.origin: dict[int, int] = {}  # card -> the seat it was given to (-1: gone from him)
        self.bottom: list[int | None] = []
        self.discards: list[int | None] = []
        self.looked = [False] * self.n
        self.looked_new = [False] * self.n
        self.out = [False] * self.n
        self.foul = [False] * self.n
        self.dealt_exposed = [0] * self.n
        self.slots = [(by + 1 + i) % self.n for _ in range(HAND) for i in range(self.n)]
        self.started = False
        self.dealt_complete = False
        self.phase = "deal"
        self.bet_acts = 0
        self.drawn = [False] * self.n
        self.misdrawn = [False] * self.n
        self.window: int | None = None  # the seat who may still rectify his draw (I-10)
        self.betting = None

    def _take(self, card: int | None, text: str, seat: int = -1) -> None:
        """Note a card seen leaving the pack; refuse one already out (a pack has each once)."""
        if card is None:
            return
        if card in self.used:
            raise IllegalAction(f"{text!r}: {card_text(card)} is already out of this pack")
        if card not in PACK:
            raise IllegalAction(f"{text!r}: {card_text(card)} is not in the 52-card pack (C-1)")
        self.used.add(card)
        self.origin[card] = seat

    def _next_slot(self, e: Event) -> None:
        if self.phase != "deal" or not self.slots:
            raise IllegalAction(f"{e}: the deal is over")
        if e.seat != self.slots[0]:
            s = self.slots[0]
            raise IllegalAction(
                f"{e}: seat {s} is next (W-2: one card at a time from the dealer's left); "
                f"if the dealer passed him by, enter `skip {s}`"
            )

    def _ev_dealer(self, e: Event) -> None:
        if self.phase != "deal" or self.started:
            raise IllegalAction(f"{e}: only before the first card of a deal")
        if e.seat == self.dealing or not 0 <= e.seat < self.n:
            raise IllegalAction(f"{e}: seat {self.dealing} is dealing already")
        self.dealing = e.seat
        self.slots = [(e.seat + 1 + i) % self.n for _ in range(HAND) for i in range(self.n)]

    def _ev_stop(self, e: Event) -> None:
        if self.phase != "deal" or self.dealing == self.dealer:
            raise IllegalAction("stop: no deal out of turn is in progress (I-7)")
        self._rule(
            "I-7", f"the deal by seat {self.dealing} is stopped; seat {self.dealer} deals afresh"
        )
        self._fresh_deal(self.dealer)

    def _ev_deal(self, e: Event) -> None:
        self._next_slot(e)
        card = e.cards[0]
        s = e.seat
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
        if self.phase not in ("deal", "bet1") or self.bet_acts:
            raise IllegalAction("foreign-mark: only in the course of the deal, before any betting")
        self.pack_no += 1
        self._rule(
            "I-6",
            f"the pack is cast aside; fresh pack {self.pack_no}; seat {self.dealer} deals afresh",
        )
        self._fresh_deal(self.dealer)

    def _ev_look(self, e: Event) -> None:
        s = self._seat_in(e)
        if self.phase in ("draw", "owed") and self.drawn[s]:
            if self.looked_new[s]:
                raise IllegalAction(f"{e}: seat {s} has looked at his new cards already")
            self.looked_new[s] = True
            self._after_draw_look(s)
            return
        if self.looked[s]:
            raise IllegalAction(f"{e}: seat {s} has looked at his cards already")
        self.looked[s] = True
        if self.dealt_complete:
            self._after_look(s)

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
        if self.phase in ("draw", "owed") and self.drawn[s]:
            self._count_draw(s, e)
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

    def _seat_in(self, e: Event) -> int:
        s = e.seat
        if not 0 <= s < self.n:
            raise IllegalAction(f"{e}: there is no seat {s}")
        if self.out[s]:
            raise IllegalAction(f"{e}: seat {s} is out of this deal")
        if self.phase in ("show", "over"):
            raise IllegalAction(f"{e}: the deal has come to the show")
        return s

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

    # -- choices -------------------------------------------------------------------
    def _choose(self, word: str) -> None:
        c = self.choices.pop(0)
        s = c.seat
        if word not in c.options:
            raise IllegalAction(f"{word!r}: {c.rule} offers seat {s}: {', '.join(c.options)}")
        getattr(self, "_choose_" + c.rule.replace("-", "_").replace(".", "_"))(c, word)

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
            for slot in extra:
                self.bottom.append(slot[0])
                self.origin[slot[0]] = -1
            shown = ", ".join("a card" if x[0] is None else card_text(x[0]) for x in extra)
            self._rule(
                "I-3",
                f"{shown} withdrawn from seat {s}'s hand and placed at the "
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
            self.slots.pop(0)
            self._rule("I-4", f"the under card passes on to seat {to}")
        else:
            self._rule("I-4", f"seat {s} keeps both cards")

    def _throw_in(self, s: int, rule: str, effect: str) -> None:
        self.out[s] = True  # his hand is dead; the betting drops him when his turn comes
        self.foul[s] = rule in ("I-9", "I-10", "I-11")
        self._rule(rule, effect)

    def _rule(self, rule: str, effect: str) -> None:
        self.history.append(ruling(rule, effect))

    # -- the draw ------------------------------------------------------------------
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
        given = e.extra if e.extra >= 0 else e.number
        need = HAND - (len(hand) - e.number)
        cards = e.cards or (None,) * given
        for card in cards:
            self._take(card, str(e), s)
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
        if k == len(old) or all(x[0] is None for x in old):
            gone, kept = old[:k], old[k:]
        else:
            gone, kept = old[:k], old[k:]
            for slot in kept:
                slot[0], slot[1] = None, False
        for slot in gone:
            hand.remove(slot)
            self.discards.append(slot[0] if k == len(old) else None)

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

    def _count_draw(self, s: int, e: Event) -> None:
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
            for slot in back:
                hand.remove(slot)
                self.used.discard(slot[0])
                self.origin.pop(slot[0], None)
            self._rule("I-10", f"seat {s} is rectified: {len(back)} card(s) go back on the pack")
        else:
            need = HAND - len(hand)
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
        s = self._seat_in(e)
        new = [x for x in self.hands[s] if x[2]]
        if self.phase != "draw" or self.window != s or not new:
            raise IllegalAction(f"{e}: only the player just served may say he saw a card (I-13)")
        slot = new[-1]
        declared = e.cards[0]
        # the card is turned up: as entered, or as the referee now names it; an unseen card
        # named by nobody else proves to be what the player declared
        actual = e.cards[1] if len(e.cards) == 2 else slot[0]
        if actual is None:
            actual = declared
        if slot[0] is not None and slot[0] != actual:
            raise IllegalAction(f"{e}: the card was entered as {card_text(slot[0])}")
        if slot[0] is None:
            self._take(actual, str(e), s)
        if actual == declared:
            self.hands[s].remove(slot)
            self.discards.append(actual)
            self.origin[actual] = -1
            self.owed.append(s)
            self._rule(
                "I-13",
                f"seat {s} named {card_text(actual)} rightly: it goes among the "
                "discards and he has another after the others have drawn",
            )
        else:
            slot[0] = actual
            self._rule(
                "I-13",
                f"seat {s} named {card_text(declared)} but it was "
                f"{card_text(actual)}: he keeps his original card",
            )

    def _ev_give(self, e: Event) -> None:
        if self.phase != "owed" or not self.owed or self.owed[0] != e.seat:
            owed = f"seat {self.owed[0]} is owed a card" if self.owed else "no card is owed"
            raise IllegalAction(f"{e}: {owed} (I-13: after the others have drawn)")
        card = e.cards[0] if e.cards else None
        self._take(card, str(e), e.seat)
        self.hands[e.seat].append([card, False, True])
        self.owed.pop(0)

    # -- the betting ---------------------------------------------------------------
    def _bet_rules(self, before_draw: bool) -> BetRules:
        r = self.rules
        if r.variant == "jackpots" and before_draw:
            return BetRules(r.stage, r.limit, may_check=True, bet_word="open", check_word="pass")
        return BetRules(r.stage, r.limit)

    def _start_betting(self) -> None:
        """Open a betting interval: before the draw, or after it (R3.7, R3.16, R4.1, R4.6)."""
        before = self.phase == "bet1"
        jack = self.rules.variant == "jackpots"
        first = self.age if jack else (self.age + 1) % self.n
        if jack and not before and self.opener is not None:
            first = self.opener
        order = [(first + i) % self.n for i in range(self.n)]
        order = [s for s in order if not self.out[s] and (before or self._live(s))]
        put, price = [0] * self.n, 0
        if before and not jack:
            put[self.age] = self.rules.ante  # the blind counts toward his stake (R3.4)
            price = self.rules.come_in * self.rules.ante  # D-4
        self.betting = Betting(self._bet_rules(before), order, put, price)
        self._run_betting()

    def _ev_betting(self, e: Event) -> None:
        s = self._seat_in(e)
        b = self.betting
        if self.phase not in ("bet1", "bet2") or b is None or b.done:
            raise IllegalAction(f"{e}: no betting interval is open now")
        if not b.live[s]:
            raise IllegalAction(f"{e}: seat {s} has dropped")
        a = parse_act(e.act_text, b.rules)
        if a is None:
            raise IllegalAction(f"{e}: not a betting action here")
        if b.to_act != s:
            self._out_of_turn(s, a)
            return
        why = b.why_illegal(a)
        if why is not None:
            raise IllegalAction(f"{e}: {why}")
        if a.kind == "bet" and self.rules.variant == "jackpots" and self.opener is None:
            self.opener = s
        self.stakes[s] += b.apply(a)
        self.bet_acts += 1
        self._run_betting()

    def _cost(self, s: int, a: Any) -> int:
        b = self.betting
        assert b is not None
        if a.kind == "call":
            return b.price - b.put[s]
        if a.kind in ("bet", "raise"):
            return b.price + a.amount - b.put[s]
        if a.kind == "straddle":
            return 2 * b.price - b.put[s]
        return 0

    def _out_of_turn(self, s: int, a: Any) -> None:
        """R8.8: a seat acts before its turn."""
        b = self.betting
        assert b is not None
        if a.kind == "fold":
            self.out[s] = True
            self._rule("R8.8", f"seat {s} throws in out of turn: that is final")
            self._run_betting()
            return
        if self.held_act[s] is not None:
            raise IllegalAction(f"{a}: seat {s} has acted out of turn already; wait for his turn")
        twin = b.copy()
        twin.to_act = s
        why = twin.why_illegal(a)
        if why is not None:
            raise IllegalAction(f"{a} (seat {s}, out of turn): {why}")
        self.bet_acts += 1
        if self.rules.out_of_turn_bet == "void":
            self._rule(
                "R8.8",
                f"seat {s} acted out of turn ({a}): void; his chips are returned "
                "and he acts again in turn",
            )
            return
        chips = self._cost(s, a)
        self.held[s], self.held_act[s], self.held_price[s] = chips, str(a), b.price
        self.stakes[s] += chips
        self._rule(
            "R8.8",
            f"seat {s} acted out of turn ({a}): his {chips} chip(s) stay in the "
            "pool and are his action in turn if nothing changes",
        )

    def _run_betting(self) -> None:
        """Move the interval on: dead hands drop, held out-of-turn chips become actions."""
        b = self.betting
        assert b is not None
        while not b.done and not self.choices:
            t = b.to_act
            assert t is not None
            if self.out[t]:
                b.apply(parse_act("fold"))  # type: ignore[arg-type]
                continue
            held = self.held_act[t]
            if held is None:
                break
            if b.price == self.held_price[t]:
                a = parse_act(held, b.rules)
                self.stakes[t] += b.apply(a) - self.held[t]  # type: ignore[arg-type]
                self.held[t], self.held_act[t] = 0, None
                self._rule(
                    "R8.8", f"nothing has changed: seat {t}'s chips stand as his action ({held})"
                )
                continue
            options = [
                str(a) for a in b.legal() if a.kind == "fold" or self._cost(t, a) >= self.held[t]
            ]
            self.choices.append(Choice("R8.8", t, tuple(options)))
        if b.done and not self.choices:
            self._end_betting()

    def _choose_R8_8(self, c: Choice, word: str) -> None:
        b = self.betting
        assert b is not None
        t = c.seat
        a = parse_act(word, b.rules)
        paid = b.apply(a)  # type: ignore[arg-type]
        if a.kind == "fold":  # type: ignore[union-attr]
            self._rule(
                "R8.8",
                f"seat {t} drops and forfeits the {self.held[t]} chip(s) he put up out of turn",
            )
        else:
            self.stakes[t] += paid - self.held[t]
            self._rule(
                "R8.8",
                f"a bet intervened: seat {t}, with {self.held[t]} chip(s) up "
                f"out of turn, makes them {paid} ({word})",
            )
        self.held[t], self.held_act[t] = 0, None
        self._run_betting()

    def _end_betting(self) -> None:
        b = self.betting
        assert b is not None
        alive = [s for s in b.seats_in if not self.out[s]]
        if self.phase == "bet1" and self.rules.variant == "jackpots" and b.price == 0:
            self.phase = "over"  # J-4: nobody opened; the antes stay for the next deal
            self.unopened = True
        elif len(alive) <= 1:
            self.phase = "over"
        elif self.phase == "bet1":
            self.phase = "draw"
        else:
            self.phase = "show"

    # -- the show ------------------------------------------------------------------
    def contenders(self) -> list[int]:
        """The seats still in the pool."""
        return [s for s in range(self.n) if not self.out[s] and self._live(s)]

    def _ev_show(self, e: Event) -> None:
        s = e.seat
        if self.phase != "show" or s not in self.contenders() or s in self.shown:
            raise IllegalAction(f"{e}: seat {s} has no hand to show now (W-11)")
        hand = self.hands[s]
        if len(e.cards) != len(hand):
            raise IllegalAction(f"{e}: seat {s} holds {len(hand)} cards; show them all (W-11)")
        known = {x[0] for x in hand if x[0] is not None}
        missing = known - set(e.cards)
        if missing:
            raise IllegalAction(f"{e}: {card_text(min(missing))} is in seat {s}'s hand")
        fresh = [c for c in e.cards if c not in known]
        for card in fresh:
            if card in self.used and self.origin.get(card) != s:
                raise IllegalAction(f"{e}: {card_text(card)} is not in seat {s}'s hand")
            if card not in self.used:
                self._take(card, str(e), s)
        blanks = [x for x in hand if x[0] is None]
        for slot, card in zip(blanks, fresh, strict=True):
            slot[0] = card
        self.shown[s] = list(e.cards)
        if all(t in self.shown for t in self.contenders()):
            self.phase = "over"

    # -- the protocol --------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        if self.phase == "over":
            return None
        return self.choices[0].seat if self.choices else self.dealer

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def _parse(self, text: str) -> Any:
        if self.choices:
            return text.strip()
        return parse_event(text)

    def clone(self) -> RefereeState:
        """An independent copy; the referee draws nothing by chance, so the generator is shared."""
        other = copy.copy(self)
        for key, value in self.__dict__.items():
            if key not in ("game", "rng", "rules"):
                other.__dict__[key] = copy.deepcopy(value)
        return other

    def _why_illegal(self, action: Any) -> str | None:
        twin = self.clone()
        try:
            twin._apply(action)
        except IllegalAction as err:
            return str(err)
        return None

    def _apply(self, action: Any) -> None:
        if self.choices:
            self._choose(str(action))
        else:
            e = action if isinstance(action, Event) else parse_event(str(action))
            verb = "betting" if e.verb in BETTING else e.verb.replace("-", "_")
            getattr(self, "_ev_" + verb)(e)
        self._settle_flow()

    def _settle_flow(self) -> None:
        """After an event or a choice: finish the deal, the draw, the betting, when they end."""
        if self.choices:
            return
        if self.phase == "deal" and not self.slots:
            self._complete_deal()
        elif self.phase in ("bet1", "bet2") and self.betting is not None:
            self._run_betting()
        if (
            self.phase == "draw"
            and not self.choices
            and all(self.drawn[s] for s in self._draw_order())
        ):
            self.phase = "owed"
        if self.phase == "owed" and not self.owed:
            self.phase = "bet2"
            self._start_betting()

    def legal_actions(self) -> list[Any]:
        """The choices a ruling offers, or one example of each event the table may enter now."""
        if self.phase == "over":
            return []
        if self.choices:
            return list(self.choices[0].options)
        from parlour.poker.referee_table import example_events

        return example_events(self)

    def payoffs(self) -> list[float]:
        """Chips won less chips put up; an unopened Jack-Pot's antes stay in the pot (J-4)."""
        if self.phase != "over":
            return [0.0] * self.n
        if self.unopened:
            return [-float(x) for x in self.stakes]
        alive = self.contenders()
        strengths: dict[int, int] = {}
        if len(alive) == 1:
            strengths = {alive[0]: 0}
        elif len(alive) > 1:
            from parlour.poker.referee_table import strength

            for s in alive:
                value = strength(self.hands[s])
                if value is not None:  # a foul hand cannot win (R3.21)
                    strengths[s] = value
        if not strengths:
            return [-float(x) for x in self.stakes]
        order = [(self.dealer + 1 + i) % self.n for i in range(self.n)]
        won, _ = settle(self.stakes, strengths, order)
        return [float(w - p) for w, p in zip(won, self.stakes, strict=True)]

    def observation(self, seat: int) -> dict[str, Any]:
        from parlour.poker.referee_table import observe

        return observe(self, seat)


@register("draw-poker-referee")
class RefereeGame(Game):
    """Draw Poker or Jack-Pots refereed at a real table (see the module docstring)."""

    state_class = RefereeState
    min_players = 2
    max_players = 10
    #: chips are conserved, except an unopened Jack-Pot's antes, which stay for the next deal
    payoff_total: ClassVar[float | None] = None

    def __init__(self, players: int | None = None, **options: Any) -> None:
        super().__init__(players)
        self.rules = build_rules(RefereeRules, options)
        if not 0 <= self.rules.dealer < self.num_players:
            raise GameOptionError(f"dealer must be a seat 0..{self.num_players - 1}")
