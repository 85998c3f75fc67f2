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

The pack is shuffled through ``_chance("shuffle", ...)`` (the whole order, top
card first) and, when the stock runs out (W-8), ``_chance("reshuffle", ...)``;
a test can stack the pack by replaying a history that starts with a chosen
``{"chance": "shuffle", "outcome": [codes...]}``.

Where the seeds are silent, the choices made (each documented where it lives):

* table stakes with side pools when a player cannot cover (``stacks``; see
  :mod:`parlour.poker.betting`); when everyone still in but one (or all) is
  all-in nobody can bet, so nobody is asked: the hands go on to the draw and the
  show (a Jack-Pot is then opened by the first hand still in holding openers,
  or carried if none does); the Royal Flush penalty (D-13) is paid only
  when the Royal Flush wins at a show, and never beyond a player's chips;
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
  referee's, not this engine's); the opener of a Jack-Pot shows his whole
  original hand as his openers (R4.8);
* only the top ``10 * players + 1`` cards of the shuffled pack are drawn and
  recorded: no deal can reach further.
"""

from __future__ import annotations

import itertools
import math
import operator
import random
from dataclasses import dataclass, fields, replace
from typing import Any, ClassVar

from parlour.cards import PACKS, Card, format_cards, order_check, parse_cards
from parlour.cards import pack as make_pack
from parlour.game import (
    Game,
    GameOptionError,
    IllegalAction,
    State,
    build_rules,
    register,
)
from parlour.poker.betting import (
    FOLD,
    Act,
    BetRules,
    Betting,
    act,
    parse_act,
    settle,
)
from parlour.poker.others_common import STRIPPED, pack_for
from parlour.poker.ranking import HandRules, Ranking

# ---------------------------------------------------------------------------
# rules


@dataclass(frozen=True)
class CommonRules(HandRules):
    """Options both Draw Poker and Jack-Pots take, with the optional hands (H-13..H-15)."""

    #: named preset: "" (S0's game, the default) or "S4-club" (D-10, D-2, D-13 as S4 states them)
    preset: str = ""
    #: C-1, C-3: the pack: 0 = by the number of players (52; the 60-card pack for more than
    #: seven), settled when the game is made; or 52, 60, 48/44/40/36/32 stripped (C-2)
    pack: int = 0
    #: C-4: the Joker, passed to the ranking: "none", "wild" or "bug"
    joker: str = "none"
    #: D-1, D-3: the ante (chips)
    ante: int = 1
    #: D-2: "raise" = the limit caps each single bet or raise (S3, R3.3); "interval" = it caps
    #: what each player puts up in an interval (S4)
    limit_kind: str = "raise"
    #: D-2: the limit before the draw
    limit_before: int = 5
    #: D-2: the stage (smallest bet or raise) before the draw
    stage_before: int = 1
    #: D-2: the limit after the draw
    limit_after: int = 5
    #: D-2: the stage after the draw
    stage_after: int = 1
    #: R3.17: after the draw the first speaker may check (False: bet or drop, W-9)
    check_after_draw: bool = False
    #: D-13: Royal Flush penalty paid by each other player to a winning Royal Flush (0: none)
    royal_penalty: int = 0
    #: W-3: the most cards a player may draw
    max_draw: int = 5
    #: W-4: draw counts stay in every view after the draw: all heard them, and the rule
    #: forbids asking again, not remembering (False: shown only while the draw is on)
    counts_after_draw: bool = True
    #: W-8: the last card of the stock is not dealt from it; it goes into the new stock
    last_card_not_dealt: bool = True
    #: W-8, R3.15: when the stock fails, "keep-waiting" (S4: those still waiting keep their
    #: discards out) or "peel" (PEEL 41: everyone yet to draw discards first, then all the
    #: discards are shuffled and dealt from)
    reshuffle: str = "keep-waiting"
    #: W-1: the dealer's seat (the sitting passes it round to the left)
    dealer: int = 0
    #: table stakes (not in the seeds): each seat's chips; () = no cap
    stacks: tuple[int, ...] = ()
    #: chips each seat already has in the pool from earlier deals (a carried pot); () = none
    carry: tuple[int, ...] = ()


@dataclass(frozen=True)
class DrawRules(CommonRules):
    """Draw Poker's options (catalogue sections D and W)."""

    #: D-4: the price of coming in: "double" the ante (S0) or the "ante" itself (S4, D-10)
    come_in: str = "double"
    #: straddling: "none" (S0), "blind" (S3's blind straddle, D-11) or "S4" (D-10)
    straddle: str = "none"
    #: D-11: a straddle carries the last say before the draw (False: S3; True: KEL/PEEL, R3.6)
    straddle_says: bool = False
    #: R3.3 when nobody comes in: "age-takes" (KEL), "jackpot-next" (EB29), "english" (PEEL:
    #: the ante stays in the pool and the next deal is a Jack-Pot)
    unopened: str = "age-takes"
    #: R3.4: who antes before the deal: the "age" (D-3, the seeds) or the "dealer" (EB9, HOF)
    ante_by: str = "age"
    #: R3.6 (D-11): a blind straddle may go while the price to come in (twice it) stays within
    #: the limit ("half-limit", HUE), or while the straddle itself does ("limit", BAR 25)
    straddle_cap: str = "half-limit"


PRESETS: dict[str, dict[str, Any]] = {
    "": {},
    "S4-club": {
        "come_in": "ante",
        "straddle": "S4",
        "limit_kind": "interval",
        "limit_before": 5,
        "stage_before": 1,
        "limit_after": 20,
        "stage_after": 2,
        "royal_penalty": 3,
        "ante": 1,
    },
}

_CHOICES = {
    "limit_kind": ("raise", "interval"),
    "joker": ("none", "wild", "bug"),
    "come_in": ("double", "ante"),
    "straddle": ("none", "blind", "S4"),
    "unopened": ("age-takes", "jackpot-next", "english"),
    "ante_by": ("age", "dealer"),
    "reshuffle": ("keep-waiting", "peel"),
    "straddle_cap": ("half-limit", "limit"),
    "openers": tuple("23456789TEWJQKA"),
    "after_aces": ("stay", "down", "cycle"),
    "false_openers": ("refuse", "EB29", "PEEL", "BAR"),
}


def make_rules(rules_class: type, players: int, options: dict[str, Any]) -> Any:
    """Build a rules dataclass: the preset's values first, explicit options over them."""
    preset = options.get("preset", "")
    if preset not in PRESETS:
        raise GameOptionError(f"unknown preset {preset!r}; presets: S4-club")
    known = {f.name for f in fields(rules_class)}
    merged = {k: v for k, v in PRESETS[preset].items() if k in known}
    merged.update(options)
    rules = build_rules(rules_class, merged)
    if rules.pack == 0:  # C-3: recorded as the pack played, so a saved game replays as it was
        rules = replace(rules, pack=pack_for(players))
    for key, allowed in _CHOICES.items():
        value = getattr(rules, key, None)
        if value is not None and value not in allowed:
            raise GameOptionError(f"{key} must be one of {', '.join(allowed)}, not {value!r}")
    if rules.pack not in PACKS or rules.pack == 20:
        raise GameOptionError(
            f"pack must be 0 (by the players), 52, 60, 48, 44, 40, 36 or 32 (C-1..C-3), "
            f"not {rules.pack}"
        )
    if rules.pack in STRIPPED and players not in (3, 4):
        raise GameOptionError(
            f"C-2: the stripped {rules.pack}-card pack is used only when three or four play, "
            f"not {players}"
        )
    size = PACKS[rules.pack].size + (rules.joker != "none")
    if 5 * players >= size:
        raise GameOptionError(
            f"{players} players need more than {size} cards: use the 60-card pack (C-3)"
        )
    for key in ("stacks", "carry"):
        value = getattr(rules, key)
        if value and len(value) != players:
            raise GameOptionError(f"{key} needs one number per seat ({players})")
    if not 0 <= rules.dealer < players:
        raise GameOptionError(f"dealer must be a seat 0..{players - 1}")
    if not 0 <= rules.max_draw <= 5:
        raise GameOptionError(f"W-3: max_draw is 0..5 cards, not {rules.max_draw}")
    for key, least in (("ante", 1), ("royal_penalty", 0), ("sweetener", 0), ("redeal", 0)):
        if getattr(rules, key, least) < least:
            raise GameOptionError(f"{key} must be at least {least}, not {getattr(rules, key)}")
    try:
        BetRules(stage=rules.stage_before, limit=rules.limit_before)
        BetRules(stage=rules.stage_after, limit=rules.limit_after)
    except ValueError as err:
        raise GameOptionError(str(err)) from None
    ranking_for(rules)  # a bad optional-hand value (H-13..H-15) is named now, not mid-deal
    return rules


# ---------------------------------------------------------------------------
# ranking (another module's job; only adapted here)

_RANKINGS: dict[tuple[Any, ...], Ranking] = {}


def ranking_for(rules: CommonRules) -> Ranking:
    """The hand ranking for the rules' pack, Joker (C-1..C-4) and optional hands (H-13..H-15),
    built once."""
    hands = rules.hand_options()
    key = (rules.pack, rules.joker, *hands.values())
    found = _RANKINGS.get(key)
    if found is None:
        found = _RANKINGS[key] = Ranking(pack=rules.pack, joker=rules.joker, **hands)
    return found


# ---------------------------------------------------------------------------
# the draw action


class Draw(tuple):  # type: ignore[type-arg]
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


def parse_draw(text: str) -> Draw | None:
    """``pat`` or ``draw 7h 2c`` (also ``discard ...``); None if the text is not a draw."""
    words = text.strip().split()
    if not words:
        return None
    head = words[0].lower()
    if head in ("pat", "stand") and len(words) == 1:
        return Draw(())
    if head in ("draw", "discard", "throw"):
        try:
            return Draw(tuple(int(c) for c in parse_cards(words[1:])))
        except ValueError as err:
            raise IllegalAction(f"W-3: {err}") from None
    return None


_combinations = itertools.combinations
_chain = itertools.chain
_repeat = itertools.repeat
_add = operator.add
_floor = math.floor
_map = map
_CARD_TEXT = [str(Card(c)) for c in range(61)]
#: resample_hidden: random renamings tried before one the rules allow (Jack-Pots' openers)
_RESAMPLE_TRIES = 200


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


class DrawState(State):
    """One deal of Draw Poker (the Jack-Pot state subclasses it)."""

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
        rules: CommonRules = game.rules
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
        r = self.rules
        blind = self.ante_seat
        self.blinds[blind] = self._pay(blind, r.ante)  # D-3: the Age antes before the deal
        self.last_straddle = r.ante
        if r.straddle == "S4":
            self.blind_turn = blind  # D-10: the Age may double his ante
        elif r.straddle == "blind" and self._blind_straddle_ok((blind + 1) % self.n):
            self.blind_turn = (blind + 1) % self.n  # D-11
        else:
            self._deal()

    def _blind_straddle_ok(self, seat: int) -> bool:
        """D-11: a straddle doubles the blind while twice it stays within the limit."""
        if seat == self.ante_seat or self.blinds[seat]:
            return False
        if getattr(self.rules, "straddle_cap", "half-limit") == "limit":
            return 2 * self.last_straddle <= self.rules.limit_before
        return 4 * self.last_straddle <= self.rules.limit_before

    def _blind_legal(self) -> list[Act]:
        if self.rules.straddle == "S4":
            return [act("blind"), act("straddle")]
        return [act("decline"), act("straddle")]

    def _apply_blind(self, a: Act) -> None:
        seat = self.blind_turn
        assert seat is not None
        r = self.rules
        if r.straddle == "S4":
            if a.kind == "straddle":
                self.blinds[seat] += self._pay(seat, r.ante)
                self.last_straddle = 2 * r.ante
            self.events.append((seat, str(a), str(a)))
            self._deal()
            return
        self.events.append((seat, str(a), str(a)))
        if a.kind == "straddle":
            amount = 2 * self.last_straddle
            self.blinds[seat] += self._pay(seat, amount)
            self.last_straddle = amount
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
        r = self.rules
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
        r = self.rules
        if name == "bet1":
            return BetRules(
                stage=r.stage_before,
                limit=r.limit_before,
                limit_kind=r.limit_kind,
                straddle=r.straddle == "S4",
                straddle_cap=r.limit_before,
                raise_after_straddles_only=r.straddle == "S4",
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
        seats = list(order) if type(order) is tuple else [(order + i) % n for i in range(n)]
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

    def _draw_legal(self) -> list[Draw]:
        seat = self.draw_order[self.draw_idx]
        hand = self.kept[seat]
        r = self.rules
        top = min(r.max_draw, len(hand))
        if top > len(self.stock) - r.last_card_not_dealt:  # else the stock alone supplies it
            top = min(top, self._available())
        subsets = _chain.from_iterable(_map(_combinations, _repeat(hand), range(top + 1)))
        return list(_map(Draw, subsets))

    def _available(self) -> int:
        """W-8: cards the stock and a reshuffle can supply to the player served now: all that
        :meth:`_reshuffle` gathers, the last card (not dealt from the stock) among them."""
        if self.rules.reshuffle == "peel":
            return 5  # every card thrown out goes into the new stock before anyone is served
        served = sum(len(self.discards[s]) for s in self.draw_order[: self.draw_idx])
        return len(self.stock) + len(self.spent) + served

    def _parse(self, text: str) -> Any:
        phase = self.phase
        if phase == "draw":
            found = parse_draw(text)
            if found is not None:
                return found
        elif phase == "bet1" or phase == "bet2":
            found = parse_act(text, self.betting.rules)  # type: ignore[union-attr]
            if found is not None:
                return found
        elif phase == "blind":
            for a in self._blind_legal():
                if a.text == text.strip().lower():
                    return a
        if parse_draw(text) is not None or parse_act(text) is not None:
            return _WrongPhase(text)
        return text

    def _why_illegal(self, action: Any) -> str | None:
        phase = self.phase
        if phase == "bet1" or phase == "bet2":
            if type(action) is not Act:
                return self._not_now(action, "W-10: it is a betting turn: fold, call, raise ...")
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

    def _not_now(self, action: Any, why: str) -> str:
        return f"{str(action)!r} is not an action now; {why}"

    def _why_bet(self, a: Act) -> str | None:
        return self.betting.why_illegal(a)  # type: ignore[union-attr]

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
        return None

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
                self.events.append((seat, text, text))  # type: ignore[arg-type]
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
        text = a.text
        self.events.append((seat, text, text))
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
        """R3.3: nobody came in against the Age."""
        folded = self.folded
        ante_seat = self.ante_seat
        if folded[ante_seat] or folded.count(False) != 1:
            return False
        contrib = self.contrib
        return not any(contrib[s] for s in range(self.n) if s != ante_seat)

    # -- the draw
    def _start_draw(self) -> None:
        n = self.n
        self.phase = "draw"
        self.betting = None
        self.draw_order = [s for s in ((self.age + i) % n for i in range(n)) if not self.folded[s]]
        self.draw_idx = 0

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
        """R3.15 (PEEL 41): the stock left and every discard, shuffled, serve those waiting."""
        pile = sorted([*self.stock, *self.spent, *(c for d in self.discards for c in d)])
        self.spent = []
        self.discards = [[] for _ in range(self.n)]
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

    def _reshuffle(self) -> None:
        """W-8: the last card, served players' discards and abandoned hands, shuffled and cut."""
        pile = list(self.stock)  # the last card (or cards) not dealt
        pile.extend(self.spent)
        self.spent = []
        for s in self.draw_order[: self.draw_idx]:
            pile.extend(self.discards[s])
            self.discards[s] = []
        pile.sort()
        self._new_stock(pile)
        self.events.append((-1, "reshuffle", f"the stock is out: {len(pile)} cards reshuffled"))

    # -- after the draw
    def _second_order(self) -> list[int]:
        """W-9: from the Age's left; the Age keeps his place even if he dropped."""
        n = self.n
        return [s for s in ((self.age + 1 + i) % n for i in range(n)) if not self.folded[s]]

    def _start_second_interval(self) -> None:
        self.phase = "bet2"
        self.betting = self._interval("bet2", tuple(self._second_order()), [0] * self.n, 0)
        self._nobody_to_speak()

    # -- the end
    def _finish(self) -> None:
        self.phase = "over"
        self.betting = None
        if self.stacks is not None:
            for s in range(self.n):
                self.stacks[s] += self.won[s]

    def _end_unopened(self) -> None:
        """R3.3: nobody came in: by default the Age takes back his ante."""
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
        """W-12: a bet nobody calls takes the pool; the hand is not shown."""
        self.outcome = "uncalled"
        self.won[seat] = self.pool
        self._finish()

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
        contrib = list(_map(_add, self.contrib, self.carry))
        won, self.pools = settle(contrib, {s: v.strength for s, v in values.items()}, order)
        self.won = won
        self.values = values
        self._royal_penalty(values)
        self._finish()

    def _royal_penalty(self, values: dict[int, Any]) -> None:
        """D-13: a winning Royal Flush collects the penalty from each other player."""
        pay = self.rules.royal_penalty
        if not pay:
            return
        winners = {s for p in self.pools for s in p.winners}
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

    def payoffs(self) -> list[float]:
        """Each seat's net result: won, less what it put up (now or carried in), plus
        what it still has in a pool carried to the next deal, plus penalties."""
        return [
            float(self.won[s] - self.contrib[s] - self.carry[s] + self.carry_out[s]
                  + self.penalties[s])
            for s in range(self.n)
        ]  # fmt: skip

    # -- what a seat sees
    def observation(self, seat: int) -> dict[str, Any]:
        n = self.n
        over = self.phase == "over"
        hide_counts = self.phase in ("bet2", "over") and not self.rules.counts_after_draw
        log = []
        for s, text, public in self.events:
            if s == seat:
                log.append([s, text])
            elif hide_counts and public.startswith(("draws", "pat")):
                log.append([s, "drew"])
            else:
                log.append([s, public])
        counts = [c if (s == seat or not hide_counts) else None for s, c in enumerate(self.counts)]
        obs: dict[str, Any] = {
            "game": self.game.name,
            "seat": seat,
            "players": n,
            "dealer": self.dealer,
            "age": self.age,
            "phase": self.phase,
            "to_move": self.to_move,
            "hand": format_cards(sorted(self.kept[seat] + self.drawn[seat], reverse=True)),
            "discards": format_cards(sorted(self.discards[seat], reverse=True)),
            "dropped": list(self.folded),
            "put": list(self.contrib),
            "carried": list(self.carry),
            "pool": self.pool,
            "draws": counts,
            "stock": len(self.stock),
            "log": log,
            "shown": {str(s): format_cards(sorted(c, reverse=True)) for s, c in self.shown.items()},
        }
        if self.stacks is not None:
            obs["stacks"] = list(self.stacks)
        b = self.betting
        if b is not None:
            obs["price"] = b.price
            obs["interval_put"] = list(b.put)
            obs["limit"] = b.rules.limit
            obs["stage"] = b.rules.stage
            obs["limit_kind"] = b.rules.limit_kind
        self._observe_extra(obs, seat)
        if over:
            obs["outcome"] = self.outcome
            obs["won"] = list(self.won)
            obs["penalties"] = list(self.penalties)
            obs["payoffs"] = self.payoffs()
            obs["hands_shown"] = {str(s): str(v) for s, v in self.values.items()}
            obs["next_deal"] = dict(self.next_deal)
        return obs

    def _observe_extra(self, obs: dict[str, Any], seat: int) -> None:
        """Hook for Jack-Pots."""

    def _known_to(self, seat: int) -> set[int]:
        """The cards ``seat`` has seen: his hand, his discards (even those a reshuffle took
        back, W-8) and every hand shown."""
        known = set(self.kept[seat]) | set(self.drawn[seat]) | set(self.discards[seat])
        for cards in self.shown.values():
            known.update(cards)
        for entry in self.history:
            if entry.get("seat") == seat and entry["action"].startswith("draw "):
                known.update(parse_draw(entry["action"]) or ())
        return known

    def resample_hidden(self, seat: int, rng: random.Random) -> State:
        """A deal ``seat`` cannot tell from this one: every card he has not seen that is in
        play (others' hands and discards, abandoned hands, the stock) becomes one drawn at
        random from all the cards he has not seen, the pack's undealt depths among them.

        Each card is renamed wherever it lies and in the record (the shuffles and the
        others' draws), so the result holds each card once and ``game.replay(history)``
        rebuilds it.  Cards he once held keep their names, even those a reshuffle took
        back (W-8): their new places are still random, but not which card he threw.
        """
        other = self.clone()
        if self.phase == "blind":  # nothing dealt yet
            return other
        known = self._known_to(seat)
        dealt = next(e["outcome"] for e in self.history if e.get("chance") == "shuffle")
        present = sorted(set(dealt) - known)
        unseen = [c for c in self.game.__dict__["_shuffle_plan"][0] if c not in known]
        for _ in range(_RESAMPLE_TRIES):
            names = dict(zip(present, rng.sample(unseen, len(present)), strict=True))
            if self._possible(names):
                other._rename(names, seat)
                break
        return other  # no try gave a deal the rules allow: the deal as it is

    def _possible(self, names: dict[int, int]) -> bool:
        """Whether renaming the cards by ``names`` gives a deal the rules allow (Jack-Pots)."""
        return True

    def _rename(self, names: dict[int, int], seat: int) -> None:
        """Rename cards by ``names`` everywhere they lie and in the record (but for ``seat``'s
        own draws, whose cards are all his and keep their names)."""
        get = names.get

        def new(cards: list[int]) -> list[int]:
            return [get(c, c) for c in cards]

        self.stock, self.spent = new(self.stock), new(self.spent)
        self.kept = [new(h) for h in self.kept]
        self.drawn = [new(h) for h in self.drawn]
        self.discards = [new(h) for h in self.discards]
        self.shown = {s: new(h) for s, h in self.shown.items()}
        for entry in self.history:
            if "chance" in entry:
                entry["outcome"] = new(entry["outcome"])
            elif entry.get("seat") != seat and entry["action"].startswith("draw "):
                entry["action"] = str(Draw(new(parse_draw(entry["action"]) or ())))
        self.events = [
            (s, str(Draw(new(parse_draw(text) or ()))), public)
            if s != seat and text.startswith("draw ")
            else (s, text, public)
            for s, text, public in self.events
        ]

    def clone(self) -> State:
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
    payoff_total: ClassVar[float | None] = 0
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

__all__ = ["CommonRules", "Draw", "DrawPoker", "DrawRules", "DrawState", "_jackpots"]
