"""Draw Poker with the Age, straddles and two limits (``draw-poker``), and Jack-Pots (``jackpots``).

One state is one deal.  The phases: ``blind`` (S3's blind straddles or S4's
doubled ante, before the cards are dealt, only when those options are on),
``bet1`` (coming in, D-3..D-10; or opening a Jack-Pot, J-3..J-5), ``draw``
(W-3..W-8), ``bet2`` (W-9, W-10; J-6) and ``over`` (W-11, W-12, H-12, D-13).

>>> import parlour
>>> game = parlour.make("draw-poker", players=3)
>>> state = game.new_state(seed=1)
>>> state.phase, state.to_move, [str(a) for a in state.legal_actions()][:3]
('bet1', 2, ['fold', 'call', 'raise 1'])

Actions (canonical text, parsed back by ``apply``): ``fold``, ``call``,
``check``, ``bet N``, ``raise N``, ``straddle``, ``decline``, ``blind``;
``pass`` and ``open N`` in a Jack-Pot; in the draw ``pat`` or
``draw 7h 2c`` (the cards thrown out).  Chips are whole units (the ante is 1
by default); payoffs are each seat's net result for the deal.

The deal is split by job: this module starts it (antes, blinds, the shuffle and
the deal) and runs the betting intervals; :mod:`~parlour.poker.draw_phase` is the
draw and its stock, :mod:`~parlour.poker.draw_showdown` how the deal ends and
pays, :mod:`~parlour.poker.draw_view` what a seat sees; the options are
:mod:`~parlour.poker.draw_rules`.

The pack is shuffled through ``_chance("shuffle", ...)`` (the whole order, top
card first) and, when the stock runs out (W-8), ``_chance("reshuffle", ...)``;
a test can stack the pack by replaying a history that starts with a chosen
``{"chance": "shuffle", "outcome": [codes...]}``.

Where the seeds are silent, the choices made (each documented where it lives):

* table stakes with side pools when a player cannot cover (``stacks``; see
  :mod:`parlour.poker.betting`); when everyone still in but one (or all) is
  all-in nobody can bet, so nobody is asked: the hands go on to the draw and the
  show (a Jack-Pot is then opened by the first hand still in holding openers,
  or carried if none does); the Royal Flush penalty (D-13) is paid
  whenever the Royal Flush wins, shown or uncalled (then its holder shows it to claim the
  penalty), and never beyond a player's chips;
* S4's "next to the dealer" (D-10) is read as: the Age (who sits next to the
  dealer) may double his ante before the deal, and each player may straddle
  while every player before him in the interval has straddled;
* S3's "going blind, i.e. raising the ante before the deal" (D-11) is read as the Age's
  ante itself, the blind that the player next to him may straddle (R3.6: the ante is a
  blind bet); no further blind raise is offered before the deal;
* S3's "within the limit" for blind straddles (D-11) is ``straddle_cap``;
* W-8: the player being served when the stock fails keeps his own throw-outs out
  of the new stock as well as those still waiting (W-7: a discard never returns);
  the last card, not dealt from the stock, goes into the new stock as S4 says
  and may be dealt from it, so it counts among the cards a draw can have;
* no card is ever faced in dealing (W-6, the irregularities of section I are the
  referee's, not this engine's); the opener of a Jack-Pot shows the pair or
  better of his original hand that opened (R4.8: "his opening qualification"),
  a false opener his whole original hand;
* only the top ``10 * players + 1`` cards of the shuffled pack are drawn and
  recorded: no deal can reach further.
"""

from __future__ import annotations

import math
import random
from typing import Any, ClassVar, Self, cast

from parlour.cards import order_check
from parlour.cards import pack as make_pack
from parlour.game import Game, IllegalAction, State, register
from parlour.poker import referee_digital
from parlour.poker.betting import (
    FOLD,
    Act,
    BetRules,
    Betting,
    act,
    bare_word_refusal,
    in_words,
    parse_act,
)
from parlour.poker.draw_phase import Draw, DrawPhase, parse_draw
from parlour.poker.draw_rules import DrawRules, make_rules
from parlour.poker.draw_showdown import Showdown
from parlour.poker.draw_view import SeatView
from parlour.wording import either

_floor = math.floor
_map = map


# ---------------------------------------------------------------------------
# the deal


def _shuffled(
    rng: random.Random, cards: list[int], steps: list[tuple[int, int]] | None
) -> list[int]:
    """The top of a shuffled pack: the first ``len(steps)`` steps of a Fisher-Yates shuffle,
    each ``(i, cards left)``; with ``steps`` None, the whole pack sorted by random keys."""
    rnd = rng.random
    if steps is not None:
        out = cards[:]
        for i, left in steps:
            j = i + _floor(rnd() * left)  # int(), for a product >= 0; floor is quicker
            out[i], out[j] = out[j], out[i]
        del out[len(steps) :]
        return out
    keys = [rnd() for _ in cards]
    return [cards[i] for i in sorted(range(len(cards)), key=keys.__getitem__)]


_NO_STARTS: dict[Any, Betting] = {}


class DrawState(DrawPhase, Showdown, SeatView, State):
    """One deal of Draw Poker (the Jack-Pot state subclasses it), with its draw, its end and
    its seats' views from the three classes it is made of."""

    jackpot: ClassVar[bool] = False
    #: the betting actions offered are exactly the interval's (Jack-Pots filter openers)
    _plain_bets: ClassVar[bool] = True

    # slots: a deal has more attributes than an instance keeps without a dict of its own
    # (30), and slots are quicker to set and read; clone() copies them by these groups
    _SHARED = ("rules", "n", "dealer", "age", "ante_seat", "phase", "blind_turn",
               "last_straddle", "draw_idx", "peel_on", "opener", "outcome", "pools",
               "values")  # fmt: skip
    _LISTS = ("carry", "contrib", "folded", "counts", "stock", "spent", "events", "blinds",
              "draw_order", "won", "carry_out", "penalties")  # fmt: skip
    _NESTED = ("kept", "drawn", "discards", "peel_wait")
    __slots__ = (*_SHARED, *_LISTS, *_NESTED, "stacks", "shown", "next_deal", "betting")

    def __init__(self, game: Game, rng: random.Random, script: Any = None) -> None:
        super().__init__(game, rng, script)
        rules = game.rules
        n = game.num_players
        seats = game.__dict__.get("_seats")
        if seats is None:  # what every deal of this game starts from, worked out once
            age = (rules.dealer + 1) % n
            ante_by_dealer = getattr(rules, "ante_by", "age") == "dealer"
            seats = game.__dict__["_seats"] = (
                ((),) * n,
                age,
                rules.dealer if ante_by_dealer else age,
            )
        empties, age, ante_seat = seats
        self.rules = rules
        self.n = n
        self.dealer = rules.dealer
        self.age = age
        #: R3.4: the seat that antes before the deal (the Age, or the dealer as an option)
        self.ante_seat = ante_seat
        zeros = [0] * n
        self.carry = list(rules.carry) if rules.carry else zeros[:]
        self.contrib = zeros[:]
        self.stacks: list[int] | None = list(rules.stacks) if rules.stacks else None
        self.folded = [False] * n
        self.kept: list[list[int]] = list(_map(list, empties))
        self.drawn: list[list[int]] = list(_map(list, empties))
        self.discards: list[list[int]] = list(_map(list, empties))
        self.counts: list[int | None] = [None] * n
        self.stock: list[int] = []  # top card last
        self.spent: list[int] = []  # cards out of play that a reshuffle may use (W-8)
        self.events: list[tuple[int, str, str]] = []  # (seat, text, what others see)
        self.betting: Betting | None = None
        self.phase = "blind"
        self.blind_turn: int | None = None
        self.blinds = zeros[:]  # what each seat put up before the deal
        self.last_straddle = 0
        self.draw_order: list[int] = []
        self.draw_idx = 0
        self.peel_wait: list[list[int]] = []  # R3.15 "peel": [seat, count] awaiting cards
        self.peel_on = False
        self.opener: int | None = None
        self.shown: dict[int, list[int]] = {}
        self.won = zeros[:]
        self.carry_out = zeros[:]
        self.penalties = zeros
        self.pools: list[Any] = []
        self.values: dict[int, Any] = {}  # the hands shown: seat -> HandValue
        self.outcome = ""
        self.next_deal: dict[str, Any] = {}
        self._start()

    @property
    def _draw_rules(self) -> DrawRules:
        """The rules as Draw Poker's, for the straddles and coming in: a Jack-Pot, whose rules
        are JackpotRules, never reaches the blind phase and has its own first interval."""
        return cast(DrawRules, self.rules)

    # -- chips
    def _pay(self, seat: int, amount: int) -> int:
        if self.stacks is not None:
            amount = min(amount, self.stacks[seat])
            self.stacks[seat] -= amount
        self.contrib[seat] += amount
        return amount

    @property
    def pool(self) -> int:
        return sum(self.contrib) + sum(self.carry)

    # -- the start of the deal: antes, blinds, shuffle and deal
    def _start(self) -> None:
        r = self._draw_rules
        blind = self.ante_seat
        self.blinds[blind] = self._pay(blind, r.ante)  # D-3: the Age antes before the deal
        self._tell_stakes(f"seat {blind} antes {self.blinds[blind]} (D-3)")
        self.last_straddle = r.ante
        if r.straddle == "S4":
            self.blind_turn = blind  # D-10: the Age may double his ante
        elif r.straddle == "blind" and self._blind_straddle_ok((blind + 1) % self.n):
            self.blind_turn = (blind + 1) % self.n  # D-11
        else:
            self._deal()

    def _tell_stakes(self, antes: str) -> None:
        """A table event for what lies in the pool before the deal: the antes, and a pot
        carried from the deal before."""
        carried = sum(self.carry)
        said = antes + (f"; a pot of {carried} is carried from the deal before" if carried else "")
        self.events.append((-1, "antes", said))

    def _blind_straddle_ok(self, seat: int) -> bool:
        """D-11: a straddle doubles the blind while twice it stays within the limit (and, at
        table stakes, while the seat can put it up)."""
        if seat == self.ante_seat or self.blinds[seat]:
            return False
        if self.stacks is not None and self.stacks[seat] < 2 * self.last_straddle:
            return False
        if self._draw_rules.straddle_cap == "limit":
            return 2 * self.last_straddle <= self.rules.limit_before
        return 4 * self.last_straddle <= self.rules.limit_before

    def _blind_legal(self) -> list[Act]:
        if self._draw_rules.straddle == "S4":  # D-10: the Age may double his ante...
            seat = self.blind_turn  # ...if he can pay it
            assert seat is not None
            short = self.stacks is not None and self.stacks[seat] < self.rules.ante
            return [act("blind")] if short else [act("blind"), act("straddle")]
        return [act("decline"), act("straddle")]

    def _apply_blind(self, a: Act) -> None:
        seat = self.blind_turn
        assert seat is not None
        s4 = self._draw_rules.straddle == "S4"
        paid = 0
        if a.kind == "straddle":  # the stake doubles: S4's Age adds his ante, S3 pays double
            paid = self._pay(seat, self.last_straddle if s4 else 2 * self.last_straddle)
            self.blinds[seat] += paid
            self.last_straddle *= 2
        said = _with_paid(str(a), paid)
        self.events.append((seat, said, said))
        if a.kind == "straddle" and not s4:  # D-11: the next may straddle again
            nxt = (seat + 1) % self.n
            if self._blind_straddle_ok(nxt):
                self.blind_turn = nxt
                return
        self._deal()

    def _shuffle(self) -> list[int]:
        """C-6: the shuffled pack, top card first, as far down as any deal can reach.

        No deal uses more than five cards a hand and five more each in the draw,
        plus the last card, not dealt from the stock (W-8), so only the top
        ``10 * players + 1`` cards of a uniformly shuffled pack are drawn and
        recorded (the whole pack when that is more than it holds).
        """
        plan = self.game.__dict__.get("_shuffle_plan")
        if plan is None:
            r = self.rules
            cards = [int(c) for c in make_pack(r.pack, r.joker != "none").cards]
            size = len(cards)
            reach = 10 * self.n + 1
            # the first ``reach`` steps of a Fisher-Yates shuffle: (step, cards left)
            steps = [(i, size - i) for i in range(reach)] if reach < size else None
            plan = self.game.__dict__["_shuffle_plan"] = (cards, steps)
        if self._script is not None:
            cards, steps = plan  # the top as recorded, or the whole pack stacked by a test
            check = order_check(cards, *sorted({len(steps or cards), len(cards)}))
            return self._chance("shuffle", lambda rng: _shuffled(rng, *plan), check)
        # State._chance, inlined: there is no record to read from
        order = _shuffled(self.rng, *plan)
        self.history.append({"chance": "shuffle", "outcome": order})
        return order

    def _deal(self) -> None:
        """W-2: five cards each, one at a time, from the dealer's left, the last to himself."""
        self.blind_turn = None
        order = self._shuffle()
        n = self.n
        dealt = 5 * n
        kept = self.kept
        age = self.age
        for p in range(n):  # the p-th seat from the dealer's left gets cards p, p + n, ...
            kept[(age + p) % n] = order[p:dealt:n]
        self.stock = order[: dealt - 1 : -1]  # top card last
        self._open_first_interval()

    def _open_first_interval(self) -> None:
        r = self._draw_rules
        n = self.n
        price = 2 * self.last_straddle if r.come_in == "double" else self.last_straddle
        first = (self.ante_seat + 1) % n
        if r.straddle == "blind" and r.straddle_says:
            straddlers = [s for s in range(n) if self.blinds[s] and s != self.ante_seat]
            if straddlers:
                last = max(straddlers, key=lambda s: (s - self.ante_seat) % n)
                first = (last + 1) % n
        self.phase = "bet1"
        self.betting = self._interval("bet1", first, self.blinds, price)
        self._nobody_to_speak()

    def _interval_rules(self, name: str) -> BetRules:
        """The rules of the interval ``name``: "bet1" before the draw, "bet2" after (D-2)."""
        r = self._draw_rules
        if name == "bet1":
            return BetRules(
                stage=r.stage_before,
                limit=r.limit_before,
                limit_kind=r.limit_kind,
                straddle=r.straddle == "S4",
                straddle_cap=r.limit_before,
                raise_after_straddles_only=r.straddle == "S4",
                turn_rule="D-5",
            )
        return BetRules(
            stage=r.stage_after,
            limit=r.limit_after,
            limit_kind=r.limit_kind,
            may_check=r.check_after_draw,
        )

    def _interval(
        self, name: str, order: int | tuple[int, ...], put: list[int], price: int
    ) -> Betting:
        """A new betting interval: ``order`` is the speaking order, or its first speaker
        (everyone from him in rotation to the left).

        Without table stakes an interval's start depends only on its rules, order, blinds
        and price, so it is built once per game and copied.
        """
        key = (name, order, *put, price)
        if self.stacks is None:
            found = self.game.__dict__.get("_interval_starts", _NO_STARTS).get(key)
            if found is not None:
                return found.copy()
        n = self.n
        seats = list(order) if isinstance(order, tuple) else [(order + i) % n for i in range(n)]
        b = Betting(self._bet_rules(name), seats, put=put, price=price, stacks=self.stacks)
        if self.stacks is not None:
            return b
        self.game.__dict__.setdefault("_interval_starts", {})[key] = b
        return b.copy()

    def _nobody_to_speak(self) -> None:
        """An interval in which nobody can act (all all-in, table stakes) is over at once."""
        if self.betting is not None and self.betting.to_act is None:
            self._interval_over()

    def _bet_rules(self, name: str) -> BetRules:
        """The interval's rules, built once per game (their legal-action cache lives on)."""
        cache = self.game.__dict__.setdefault("_bet_rules", {})
        found = cache.get(name)
        if found is None:
            found = cache[name] = self._interval_rules(name)
        return found

    # -- protocol
    @property
    def to_move(self) -> int | None:
        b = self.betting
        if b is not None:
            return b.to_act
        phase = self.phase
        if phase == "draw":
            return self.draw_order[self.draw_idx]
        if phase == "blind":
            return self.blind_turn
        return None

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def legal_actions(self) -> list[Any]:
        b = self.betting
        if b is not None:
            if self._plain_bets:
                return (b._last or b._legal_entry())[0][:]
            return self._bet_legal()
        phase = self.phase
        if phase == "draw":
            return self._draw_legal()
        if phase == "blind":
            return self._blind_legal()
        return []

    def _bet_legal(self) -> list[Any]:
        return self.betting.legal()  # type: ignore[union-attr]

    def _replay_ruling(self, number: int, entry: dict[str, Any]) -> None:
        """A referee's ruling (R8.8, I-10, I-11) saved with the deal is re-applied."""
        referee_digital.replay_ruling(self, number, entry)

    def _parse(self, text: str) -> Any:
        phase = self.phase
        if phase == "draw":
            found = parse_draw(text, make_pack(self.rules.pack, self.rules.joker != "none"))
            if found is not None:
                return found
        elif phase == "bet1" or phase == "bet2":
            bet = parse_act(text, self.betting.rules)  # type: ignore[union-attr]
            if bet is not None:
                return bet
        elif phase == "blind":
            for a in self._blind_legal():
                if a.text == text.strip().lower():
                    return a
        try:
            drawing = parse_draw(text) is not None
        except IllegalAction:  # a draw badly written is still a draw, and out of its time
            drawing = True
        if drawing or parse_act(text) is not None:
            return _WrongPhase(text)
        return text

    def _why_illegal(self, action: Any) -> str | None:
        phase = self.phase
        if phase == "bet1" or phase == "bet2":
            if type(action) is not Act:
                words = in_words(self.legal_actions())
                bare = bare_word_refusal(str(action), words, self._turn_rule)
                return bare or self._not_now(action, self._betting_turn(words))
            return self._why_bet(action)
        if phase == "draw":
            if type(action) is not Draw:
                return self._not_now(action, "W-3: it is the draw: 'pat' or 'draw <cards>'")
            return self._why_draw(action)
        if phase == "blind":
            if isinstance(action, Act) and action in self._blind_legal():
                return None
            legal = " or ".join(str(a) for a in self._blind_legal())
            return f"D-10/D-11: before the deal seat {self.blind_turn} may only {legal}"
        return "the deal is over: no action is legal"

    @property
    def _turn_rule(self) -> str:
        """The rule a betting turn follows (D-5, J-5, W-10), named when it refuses."""
        return self.betting.rules.turn_rule if self.betting else "W-10"

    def _betting_turn(self, words: list[str]) -> str:
        """What a betting turn allows (``words``, from :func:`in_words`): 'D-5: it is a betting
        turn: fold, call or raise 1..5' (a Jack-Pot's opening: 'J-5: ...: pass or open 1..5')."""
        return f"{self._turn_rule}: it is a betting turn: {either(words)}"

    def _not_now(self, action: Any, why: str) -> str:
        return f"{str(action)!r} is not an action now; {why}"

    def _why_bet(self, a: Act) -> str | None:
        return self.betting.why_illegal(a)  # type: ignore[union-attr]

    def apply_as(self, seat: int, action: Any) -> State:
        """Apply ``action`` for ``seat``, refusing it if ``seat`` is not to speak (D-8)."""
        if seat != self.to_move:
            raise IllegalAction(
                f"D-8: everything is done in turn: seat {seat} may not act; "
                f"seat {self.to_move} is to speak"
            )
        return self.apply(action)

    def apply(self, action: Any) -> State:
        """As :meth:`State.apply`, with short paths for a betting action just offered and a
        draw: the same checks, the same record, the same refusals (which take the long path)."""
        b = self.betting
        if b is not None:
            if (
                type(action) is Act
                and id(action) in (b._last or b._legal_entry())[1]
                and (self._plain_bets or self._fast_ok(action))
            ):
                seat = b.to_act
                text = action.text
                self.history.append({"seat": seat, "action": text})
                paid = b.apply(action)
                if paid:
                    self.contrib[seat] += paid  # type: ignore[index]
                    if self.stacks is not None:
                        self.stacks[seat] -= paid  # type: ignore[index]
                said = _with_paid(text, paid)
                self.events.append((seat, said, said))  # type: ignore[arg-type]
                if action.kind == FOLD:
                    self._fold(seat)  # type: ignore[arg-type]
                if not self._plain_bets:
                    self._after_bet(seat, action)  # type: ignore[arg-type]
                if b.to_act is None:
                    self._interval_over()
                return self
        elif type(action) is Draw and self.phase == "draw" and self._why_draw(action) is None:
            text = str(action)
            self.history.append({"seat": self.draw_order[self.draw_idx], "action": text})
            self._apply_draw(action, text)
            return self
        return super().apply(action)

    def _fast_ok(self, a: Act) -> bool:
        """Whether a betting action offered now needs no other check (Jack-Pots' openers do)."""
        return True

    def _apply(self, action: Any) -> None:
        phase = self.phase
        if phase == "bet1" or phase == "bet2":
            self._apply_bet(action)
        elif phase == "draw":
            self._apply_draw(action)
        else:
            self._apply_blind(action)

    # -- betting
    def _apply_bet(self, a: Act) -> None:
        b = self.betting
        assert b is not None
        seat = b.to_act
        assert seat is not None
        paid = b.apply(a)
        if paid:
            self.contrib[seat] += paid
            if self.stacks is not None:
                self.stacks[seat] -= paid
        said = _with_paid(a.text, paid)
        self.events.append((seat, said, said))
        if a.kind == FOLD:
            self._fold(seat)
        if not self._plain_bets:
            self._after_bet(seat, a)
        if b.to_act is None:
            self._interval_over()

    def _after_bet(self, seat: int, a: Act) -> None:
        """Hook for Jack-Pots (the opener)."""

    def _fold(self, seat: int) -> None:
        self.folded[seat] = True
        self.spent.extend(self.kept[seat])
        self.spent.extend(self.drawn[seat])

    def _live(self) -> list[int]:
        return [s for s in range(self.n) if not self.folded[s]]

    def _interval_over(self) -> None:
        folded = self.folded
        alone = folded.count(False) == 1
        if self.phase == "bet1":
            if self._unopened():
                self._end_unopened()
            elif alone:
                self._end_uncalled(folded.index(False))
            else:
                self._start_draw()
        elif alone:
            self._end_uncalled(folded.index(False))
        else:
            self._showdown()

    def _unopened(self) -> bool:
        """R3.11: nobody came in against the Age."""
        folded = self.folded
        ante_seat = self.ante_seat
        if folded[ante_seat] or folded.count(False) != 1:
            return False
        contrib = self.contrib
        return not any(contrib[s] for s in range(self.n) if s != ante_seat)

    # -- after the draw (the draw itself: DrawPhase)
    def _second_order(self) -> list[int]:
        """W-9: from the Age's left; the Age keeps his place even if he dropped."""
        n = self.n
        return [s for s in ((self.age + 1 + i) % n for i in range(n)) if not self.folded[s]]

    def _start_second_interval(self) -> None:
        self.phase = "bet2"
        self.betting = self._interval("bet2", tuple(self._second_order()), [0] * self.n, 0)
        self._nobody_to_speak()

    def clone(self) -> Self:
        other = self._copy_base()
        other.__dict__.update(self._clone_extra())
        for key in self._SHARED:  # slots: not in the __dict__ that _copy_base copies
            setattr(other, key, getattr(self, key))
        for key in self._LISTS:
            setattr(other, key, list(getattr(self, key)))
        for key in self._NESTED:
            setattr(other, key, [list(x) for x in getattr(self, key)])
        other.stacks = None if self.stacks is None else list(self.stacks)
        other.shown = {k: list(v) for k, v in self.shown.items()}
        other.next_deal = dict(self.next_deal)
        other.betting = None if self.betting is None else self.betting.copy()
        return other

    def _clone_extra(self) -> dict[str, Any]:
        return {}


class _WrongPhase(str):
    """An action's text that belongs to another phase of the deal."""

    __slots__ = ()


class DrawGameBase(Game):
    """What the two games share: players 2..10, the rules and the per-deal state."""

    min_players = 2
    max_players = 10
    rules_class: ClassVar[type] = DrawRules

    def __init__(self, players: int | None = None, **options: Any) -> None:
        super().__init__(players)
        self.rules = make_rules(self.rules_class, self.num_players, options)


@register("draw-poker")
class DrawPoker(DrawGameBase):
    """Draw Poker with the Age: the ante, coming in, straddles, two limits, the draw."""

    state_class = DrawState
    rules_class = DrawRules


from parlour.poker import jackpots as _jackpots  # noqa: E402  (registers "jackpots")

__all__ = ["DrawGameBase", "DrawPoker", "DrawState", "_jackpots"]


def _with_paid(text: str, paid: int) -> str:
    """A bet as the log keeps it: its text and, where it put chips up, how many.

    >>> _with_paid("raise 2", 5), _with_paid("check", 0)
    ('raise 2 +5', 'check')
    """
    return f"{text} +{paid}" if paid else text
