"""Referee mode, the betting and the show: the betting machine, with R8.8 for acts out of turn."""

from __future__ import annotations

from typing import Any

from parlour.cards import RANK_CHARS, RANK_PLURALS
from parlour.game import IllegalAction
from parlour.poker.betting import BetRules, Betting, parse_act
from parlour.poker.referee_events import Event, card_text, named_twice, parse_event
from parlour.poker.referee_fields import RefereeFields, per_seat
from parlour.poker.rulings import HAND, Choice


class BetRulings(RefereeFields):
    """Betting events, R8.8 and the show; mixed into :class:`parlour.poker.referee.RefereeState`."""

    def _bet_rules(self, before_draw: bool) -> BetRules:
        """The interval's rules, as the digital game sets them (D-2, D-10, R3.17, J-5)."""
        t = self.table
        if not before_draw:
            return BetRules(t.stage_after, t.limit_after, t.limit_kind, t.check_after_draw)
        if self.rules.variant == "jackpots":
            return BetRules(t.stage_before, t.limit_before, t.limit_kind, lone_speaks=True,
                            may_check=True, bet_word="open", check_word="pass",
                            turn_rule="J-5")  # fmt: skip
        s4 = t.straddle == "S4"
        return BetRules(t.stage_before, t.limit_before, t.limit_kind, straddle=s4,
                        straddle_cap=t.limit_before, raise_after_straddles_only=s4,
                        turn_rule="D-5")  # fmt: skip

    def _blind_straddle(self, e: Event) -> None:
        """D-10 (S4: the Age doubles his ante) or D-11 (S3: the blind straddled in turn),
        before the first card is dealt."""
        t, s = self.table, e.seat
        if self.rules.variant != "draw-poker" or t.straddle == "none":
            raise IllegalAction(f"{e}: no straddle before the deal in this game (D-10, D-11)")
        if self.started:
            raise IllegalAction(f"{e}: a blind straddle is made before the cards are dealt")
        if self.deal_no > 1:
            raise IllegalAction(f"{e}: this is a fresh deal: the blinds put up before the "
                                "first one stand, and no more are made")  # fmt: skip
        if t.straddle == "S4":
            if s != self.age or self.blinds[s] > t.ante:
                raise IllegalAction(f"{e}: D-10: only the Age may double his ante, once")
            self.blinds[s] += t.ante
            self.last_straddle = 2 * t.ante
        else:
            nxt = (max(self._straddlers(), key=self._after_age, default=self.age) + 1) % self.n
            top = 2 * self.last_straddle  # R3.6: the straddle itself ("limit", BAR 25) ...
            if t.straddle_cap == "half-limit":
                top *= 2  # ... or the price it makes, twice it (HUE), within the limit
            if s == self.age and not self._straddlers():
                raise IllegalAction(f"{e}: D-11: the Age's ante is the blind, which the "
                                    "player next the Age may straddle")  # fmt: skip
            if top > t.limit_before:  # nobody may straddle again, whoever asks
                what = "the price to play" if t.straddle_cap == "half-limit" else "the straddle"
                raise IllegalAction(f"{e}: D-11: no more straddles: the next would make "
                                    f"{what} {top}, past the limit of "
                                    f"{t.limit_before}")  # fmt: skip
            if nxt == self.age:
                raise IllegalAction(f"{e}: D-11: the straddles have come round to the Age, "
                                    "whose ante is the blind: no more are made")  # fmt: skip
            if s != nxt:
                raise IllegalAction(f"{e}: D-11: the straddle goes in turn from the Age's "
                                    f"left: seat {nxt} is next to straddle")  # fmt: skip
            self.last_straddle *= 2
            self.blinds[s] += self.last_straddle
        self.stakes[s] = self.blinds[s]

    def _straddlers(self) -> list[int]:
        return [s for s in range(self.n) if self.blinds[s] and s != self.age]

    def _after_age(self, seat: int) -> int:
        return (seat - self.age) % self.n

    def _start_betting(self) -> None:
        """Open a betting interval: before the draw, or after it (R3.7, R3.16, R4.1, R4.6)."""
        before = self.phase == "bet1"
        jack = self.rules.variant == "jackpots"
        t = self.table
        first = self.age if jack else (self.age + 1) % self.n
        if jack and not before and self.opener is not None:
            first = self.opener
        if before and not jack and t.straddle == "blind" and t.straddle_says and self._straddlers():
            first = (max(self._straddlers(), key=self._after_age) + 1) % self.n  # R3.6
        order = [(first + i) % self.n for i in range(self.n)]
        order = [s for s in order if not self.out[s] and (before or self._live(s))]
        put, price = [0] * self.n, 0
        if before and not jack:
            put = list(self.blinds)  # the blinds count toward their stakes (R3.4)
            last = self.last_straddle
            price = 2 * last if t.come_in == "double" else last  # D-4, D-10, D-11
        self.betting = Betting(self._bet_rules(before), order, put, price)
        self._run_betting()

    def _ev_betting(self, e: Event) -> None:
        s = self._seat_in(e)
        if self.phase == "deal" and e.verb == "straddle":
            self._blind_straddle(e)
            return
        b = self.betting
        if self.phase not in ("bet1", "bet2") or b is None or b.done:
            raise IllegalAction(f"{e}: no betting interval is open now")
        if not b.live[s]:
            raise IllegalAction(f"{e}: seat {s} has dropped")
        a = parse_act(e.act_text, b.rules)
        self.window = None  # the betting has begun: no draw may be rectified now (I-10, I-13)
        if a is None:
            raise IllegalAction(f"{e}: not a betting action here")
        if b.to_act != s:
            self._out_of_turn(s, self._made_good(s, a, b.turned_to(s)))
            return
        a = self._made_good(s, a, b, ruled=True)
        why = self._why_not(s, a)
        if why is not None:
            raise IllegalAction(f"{e}: {why}")
        self.bet_acts += 1
        if a.kind == "fold" or not self._sees_before_acting(s):
            self._act(s, a)  # (thrown in by I-9, he drops instead)
        self._run_betting()

    def _made_good(self, s: int, a: Any, b: Betting, ruled: bool = False) -> Any:
        """D-6: the Age whose ante already equals the others' stake (S4-club: all came in at
        his ante) makes good with nothing to add: his ``call`` stays in, as a check (``ruled``:
        said so); any other act is his own."""
        if a.kind != "call" or self.phase != "bet1" or not self.blinds[s] or b.price > b.put[s]:
            return a
        check = parse_act(b.rules.check_word, b.rules)
        if check is None or b.why_illegal(check) is not None:
            return a
        if ruled:
            self._rule(
                "D-6",
                f"seat {s}'s blind of {b.put[s]} already makes him equal in stake to the rest: "
                "he makes good with nothing to add, and stays in (a check)",
            )
        return check

    def _why_not(self, s: int, a: Any, betting: Betting | None = None) -> str | None:
        """Why seat ``s`` may not take action ``a`` in his turn: the betting's own rules and,
        in a Jack-Pot, the openers (J-3) and no drop before the opening (J-5); None if he may."""
        b = betting or self.betting
        assert b is not None
        return b.why_illegal(a) or self._unopened_drop(a) or self._false_openers(s, a)

    def _unopened_drop(self, a: Any) -> str | None:
        """J-3, J-5: before a Jack-Pot is opened a player passes or opens, as in the digital
        game; he drops only once it is opened, so every seat is asked whether he opens."""
        if self.rules.variant != "jackpots" or a.kind != "fold" or self.opener is not None:
            return None
        from parlour.poker.jackpots import UNOPENED_DROP

        return UNOPENED_DROP

    def _act(self, s: int, a: Any, held: int = 0) -> None:
        """Seat ``s`` takes action ``a`` in his turn, ``held`` chips of it already put up out of
        turn (R8.8); the first bet of a Jack-Pot makes him the opener, who speaks first after
        the draw (J-6)."""
        b = self.betting
        assert b is not None
        if a.kind == "bet" and self.rules.variant == "jackpots" and self.opener is None:
            self.opener = s
        self.stakes[s] += b.apply(a) - held

    def _false_openers(self, s: int, a: Any) -> str | None:
        """J-3, J-7: a Jack-Pot is opened only with the openers, when the referee knows the
        hand (``false_openers="refuse"``); an unseen hand is taken on trust, and the opener
        proves his openers at the end (R4.8, :mod:`~parlour.poker.referee_openers`)."""
        if self.rules.variant != "jackpots" or a.kind != "bet" or self.opener is not None:
            return None
        cards = [x[0] for x in self.hands[s]]
        if len(cards) != HAND or None in cards or self.table.false_openers != "refuse":
            return None
        if self._opens(cards):
            return None
        name = RANK_PLURALS[self._minimum()]
        return f"J-3, J-7: seat {s} may open only with a pair of {name} or better"

    def _next_pot(self, carry: list[int], antes: list[int] | None = None) -> str:
        """J-4, J-7: what the deal after a Jack-Pot left unwon asks, and the rules that enter
        it, as the digital game's next deal has them: ``redeal`` (each adds the sweetener,
        J-4, and a progressive pot climbs, J-7), ``carry`` (each seat's chips in the pool
        it takes over) and, for an ante paid for all (R4.9, EB29), ``antes``."""
        from parlour.poker.jackpots import opening_rank

        t, redeal = self.table, self.table.redeal + 1
        base = RANK_CHARS.index(t.openers)
        rank = opening_rank(base, redeal, t.progressive, t.after_aces, self.pack.ranks)
        rules = f"redeal={redeal} carry={per_seat(carry)}"
        if antes:
            rules += f" antes={per_seat(antes)}"
        return (f"the next deal opens on a pair of {RANK_PLURALS[rank]} or better (J-3, J-7): "
                f"referee it with {self._next_table()} and the rules {rules}")  # fmt: skip

    def _next_table(self) -> str:
        """The table of the next deal as the referee's flags give it: the same players and
        ante, the deal passed to the left."""
        return (f"--players {self.n} --ante {self.table.ante} "
                f"--dealer {(self.dealer + 1) % self.n}")  # fmt: skip

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
            why = self._unopened_drop(a)
            if why is not None:
                raise IllegalAction(f"{a} (seat {s}, out of turn): {why}")
            self.out[s] = True
            b.drop(s)  # one hand left: the betting is over and he takes the pool (W-12)
            self._rule("R8.8", f"seat {s} throws in out of turn: that is final")
            self._run_betting()
            return
        if self.held_act[s] is not None:
            raise IllegalAction(f"{a}: seat {s} has acted out of turn already; wait for his turn")
        why = self._why_not(s, a, b.turned_to(s))
        if why is not None:
            raise IllegalAction(f"{a} (seat {s}, out of turn): {why}")
        self.bet_acts += 1
        if self._sees_before_acting(s):  # I-9: thrown in, he drops instead
            b.drop(s)
            self._run_betting()
            return
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
            a = parse_act(held, b.rules)
            if b.price == self.held_price[t] and a is not None and self._why_not(t, a) is None:
                self._act(t, a, self.held[t])
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
        assert a is not None
        if a.kind == "fold":
            b.apply(a)
            self._rule(
                "R8.8",
                f"seat {t} drops and forfeits the {self.held[t]} chip(s) he put up out of turn",
            )
        else:
            before = self.stakes[t]
            self._act(t, a, self.held[t])
            self._rule(
                "R8.8",
                f"a bet intervened: seat {t}, with {self.held[t]} chip(s) up "
                f"out of turn, makes them {self.stakes[t] - before + self.held[t]} ({word})",
            )
        self.held[t], self.held_act[t] = 0, None
        self._run_betting()

    def _end_betting(self) -> None:
        b = self.betting
        assert b is not None
        for s in range(self.n):  # D-9: the stakes are equal; an act held out of turn is void
            if self.held_act[s] is None:
                continue
            if not self.out[s]:  # (one who threw in forfeits them, R8.8)
                self.stakes[s] -= self.held[s]
                self._rule(
                    "R8.8",
                    f"the betting closed before seat {s}'s turn came: the {self.held[s]} "
                    "chip(s) he put up out of turn are returned (D-9)",
                )
            self.held[s], self.held_act[s] = 0, None
        alive = [s for s in b.seats_in if not self.out[s]]
        english = self.rules.variant == "draw-poker" and self.table.unopened == "english"
        nobody_in = alive == [self.age] and not any(
            self.stakes[s] for s in range(self.n) if s != self.age
        )
        if self.phase == "bet1" and english and nobody_in:
            self.phase = "over"  # R3.11 (PEEL): the ante stays in the pool for a Jack-Pot
            self.unopened = True
            carry, table = per_seat(self._carried_on()), self._next_table()
            self._rule("R3.11", f"nobody came in against the Age: his ante of "
                       f"{sum(self.stakes)} stays in the pool, every player puts in as much, "
                       "and the next deal is a Jack-Pot (PEEL): referee it with 'parlour "
                       f"referee jackpots {table}' and the rule carry={carry}")  # fmt: skip
        elif self.phase == "bet1" and self.rules.variant == "jackpots" and b.price == 0:
            self.phase = "over"  # J-4: nobody opened; the antes stay for the next deal
            self.unopened = True
            adds = self.table.sweetener
            self._rule("J-4", f"nobody opened: the deal passes, the pool of {self.pool} stays "
                       f"for the next deal, and each player adds {adds} to it; "
                       + self._next_pot(self._carried_on()))  # fmt: skip
        elif self._may_claim_royal(alive):
            self.choices.append(Choice("D-13", alive[0], ("take-unshown", "show")))
        elif len(alive) <= 1:  # R8.3: a hand he has not looked at nor acted on is not foul
            self._close()  # uncalled: a Jack-Pot's opener proves his openers first (R4.8)
        elif self.phase == "bet1":
            self.phase = "draw"
            self._keep_dealt(range(self.n))  # the hands as dealt, for the openers (R4.8)
        else:
            self.phase = "show"

    def _may_claim_royal(self, alive: list[int]) -> bool:
        """D-13, W-12: a hand that takes the pool uncalled need not be shown, but a Royal Flush
        shown claims the penalty; where the referee has not seen all its cards he asks."""
        return (
            len(alive) == 1
            and self.table.royal_penalty > 0
            and any(slot[0] is None for slot in self.hands[alive[0]])
        )

    def _shows_at_choice(self, text: str) -> bool:
        """D-13: asked to take the pool unshown or show, the holder who lays his hand down
        (``show SEAT CARDS``) has chosen to show, and this is his show; False for any other
        answer, which the choice itself reads."""
        words = text.split()
        if self.choices[0].rule != "D-13" or len(words) < 3 or words[0].lower() != "show":
            return False
        e = parse_event(text)
        self.choices.pop(0)
        self.phase = "show"
        self._ev_show(e)
        return True

    def _choose_D_13(self, c: Choice, word: str) -> None:
        if word == "show":
            self.phase = "show"  # his show values the hand; then the deal closes (R4.8 first)
        else:
            self._close()

    def contenders(self) -> list[int]:
        """The seats still in the pool."""
        return [s for s in range(self.n) if not self.out[s] and self._live(s)]

    def _ev_show(self, e: Event) -> None:
        s = e.seat
        if self.phase != "show" or s not in self.contenders() or s in self.shown:
            raise IllegalAction(f"{e}: seat {s} has no hand to show now (W-11)")
        if not e.cards:
            self._unshown(s)
            return
        hand = self.hands[s]
        if len(e.cards) != len(hand):
            raise IllegalAction(f"{e}: seat {s} holds {len(hand)} cards; show them all (W-11)")
        twice = named_twice(e.cards)
        if twice is not None:
            raise IllegalAction(
                f"{e}: {card_text(twice)} is shown twice; a pack holds each card once (C-1, W-11)"
            )
        known = {x[0] for x in hand if x[0] is not None}
        missing = known - set(e.cards)
        if missing:
            raise IllegalAction(f"{e}: {card_text(min(missing))} is in seat {s}'s hand")
        fresh = [c for c in e.named if c not in known]
        blanks = [x for x in hand if x[0] is None]
        if len(fresh) != len(blanks):
            raise IllegalAction(
                f"{e}: seat {s}'s hand has {len(blanks)} unseen card(s), not {len(fresh)} (W-11)"
            )
        self._kept_as_dealt(e, fresh)
        for card in fresh:
            if card in self.used and self.origin.get(card) != s:
                raise IllegalAction(f"{e}: {card_text(card)} is not in seat {s}'s hand")
            if card not in self.used:
                self._take(card, str(e), s)
        for slot, card in zip(blanks, fresh, strict=True):
            slot[0] = card
        self.shown[s] = e.named
        if all(t in self.shown for t in self.contenders()):
            self._close()  # a Jack-Pot's opener proves his openers (R4.8)

    def _unshown(self, s: int) -> None:
        """Seat ``s`` will not show his hand.  Called, he forfeits it (W-11: the called must
        show; R8.10); left alone in the pool, he is uncalled and takes it unshown (W-12)."""
        if self.contenders() != [s]:
            self._throw_in(s, "W-11", f"seat {s} will not show his called hand: it is dead "
                           "and he forfeits what he has put up (R8.10)")  # fmt: skip
        if self.contenders() == [s] or all(t in self.shown for t in self.contenders()):
            self._close()  # a Jack-Pot's opener proves his openers (R4.8)

    def _kept_as_dealt(self, e: Event, fresh: list[int]) -> None:
        """W-11, C-1: the cards a player kept in the draw are cards dealt him, so the shown
        cards the referee did not see in his hand and not among those dealt him are no more
        than the cards he drew and his dealt cards unseen, less such cards known in it."""
        s = e.seat
        hand = self.hands[s]
        dealt = self._dealt(s)
        known = {c for c in dealt if c is not None}
        held = {x[0] for x in hand if x[0] is not None} - known
        room = sum(1 for x in hand if x[2]) + dealt.count(None) - len(held)
        other = [c for c in fresh if c not in known]
        if len(other) > room:
            names = " ".join(card_text(c) for c in other)
            was = " ".join(card_text(c) for c in dealt)
            raise IllegalAction(
                f"{e}: {names} not dealt to seat {s} ({was}); his hand has room for {room} "
                "such card(s), drawn or dealt unseen (W-11, C-1: he kept cards dealt him)"
            )
