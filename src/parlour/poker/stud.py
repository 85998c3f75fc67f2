"""Stud Poker, five-card (catalogue V-2, V-3; poker-rules.md section 6).

No draw.  The first card of each hand is dealt face down (the hole card), the
rest face up (V-2).  By default the seed's game (V-2, S3: "played like
Draw-Poker, except that there is no draw"): all five cards are dealt, then one
betting interval, opened as at Draw Poker after the draw (W-9) by the player at
the Age's left, the Age being the player on the dealer's left.  The preset
``S3-variant`` is S3's "common variation" (V-3, R6.3): betting after the second,
third, fourth and fifth cards, the highest hand showing first, ties going to the
seat nearest the dealer's left (R6.2).  A player who does not stand a raise
retires (V-3); the hole cards are shown only when called (R6.4).

The ante is Draw Poker's too (S3 "played like Draw-Poker"): the Age antes alone
(D-3); the first interval is Draw Poker's round of coming in, whatever
``first_bettor`` says: from the Age's left each player comes in at twice the ante
(``come_in="ante"``: the ante itself, D-10) or drops (D-4), and the Age speaks
last, making good or forfeiting his ante (D-6), and may raise (D-7), the blind's
last say being what the ante buys; if nobody comes in the Age takes the pool
(R3.11, KEL).  ``first_bettor`` orders the intervals after it (V-3), each
starting at nothing.  ``ante_mode="all"`` (preset ``R6.6``) has each player ante,
``"dealer"`` (preset ``buck``) the dealer for all; their first interval starts at
nothing too, opened by ``first_bettor``.

Actions are the betting machine's: ``fold``, ``call``, ``check`` (only with
``allow_check``), ``bet N``, ``raise N``.

>>> import parlour
>>> state = parlour.make("stud-poker", players=3).new_state(seed=4)
>>> [str(a) for a in state.legal_actions()][:3]
['fold', 'call', 'raise 1']
"""

from __future__ import annotations

import copy
import random
from collections import deque
from dataclasses import dataclass
from typing import Any, Self

from parlour.cards import Card
from parlour.game import Game, GameOptionError, State, build_rules, register
from parlour.poker.betting import Act, Betting
from parlour.poker.others_common import (
    BetOptions,
    BettingState,
    PackRules,
    bet_rules,
    card_texts,
    choose_pack,
    divide,
    make_ranking,
    note_ante,
    redraw,
    seats_from,
    showing_key,
    shuffle,
)

ANTE_MODES = ("age", "all", "dealer")
COME_IN = ("double", "ante")
FIRST_BETTORS = ("age-left", "highest-showing", "elder-hand")


@dataclass(frozen=True)
class StudRules(PackRules, BetOptions):
    """The rules of five-card Stud; defaults follow seed S3's game (V-2), R6 what it leaves open."""

    #: R6.6: the ante, in chips
    ante: int = 1
    #: S3/V-2 "played like Draw-Poker": "age" (D-3: the Age antes alone, the others come in
    #: or drop, D-4, and he makes good or forfeits, D-6); "all" (each player antes, R6.6) or
    #: "dealer" (the dealer antes for all, the buck, R6.6)
    ante_mode: str = "age"
    #: D-4, D-10: the price of coming in against the Age's ante: "double" (S0: twice the
    #: ante) or "ante" (S4: the ante itself); only with ante_mode="age"
    come_in: str = "double"
    #: V-2, V-3, R6.5: the card after which betting begins (5: one interval after the last
    #: card, S3's game, V-2; 2: after every card from the second, S3's variation, V-3)
    first_betting_after: int = 5
    #: who opens each interval: "age-left" (V-2 "played like Draw-Poker": W-9, the player at
    #: the Age's left, the Age sitting at the dealer's left), "highest-showing" (R6.2, ties to
    #: the dealer's left; V-3's variation) or the "elder-hand", the Age himself (R6.5, Hoffmann)
    first_bettor: str = "age-left"
    #: R6.2: the first to speak may check (False: he bets or throws up his cards)
    allow_check: bool = False
    #: R6.5: straights and flushes count (EB29: "seldom played in any form of stud")
    straights_flushes_count: bool = True
    #: W-1: the seat that deals
    dealer: int = 0

    @property
    def coming_in(self) -> bool:
        """Whether the first interval is Draw Poker's coming in (D-4, D-6): the Age has
        anted alone (D-3), and something (an ante of 0 leaves nothing to come in against)."""
        return self.ante_mode == "age" and self.ante > 0


#: S3's "common variation" (V-3) as EB29 plays it (R6.1..R6.3)
_VARIANT: dict[str, Any] = {"first_betting_after": 2, "first_bettor": "highest-showing"}

PRESETS: dict[str, dict[str, Any]] = {
    "S3-plain": {},  # the defaults: S3's game (V-2)
    "S3-variant": dict(_VARIANT),
    # R6.5, Hoffmann: the elder hand makes the first stakes, so no Age's blind (R6.6's ante)
    "HOF": {"first_betting_after": 5, "first_bettor": "elder-hand", "ante_mode": "all"},
    "S4-limit": {"limit_kind": "interval", "limit": 10},
    "buck": {"ante_mode": "dealer"},
    "R6.6": {"ante_mode": "all"},  # the research note's every-player ante
    "EB29-plain": {**_VARIANT, "straights_flushes_count": False},
}


class StudState(BettingState):
    """One deal of five-card Stud."""

    def __init__(self, game: StudPoker, rng: random.Random, script: deque[Any] | None = None):
        super().__init__(game, rng, script)
        rules = game.rules
        n = game.num_players
        self.n = n
        self.dealer = rules.dealer
        self.paid = [0] * n
        self.won = [0] * n
        self.folded = [False] * n
        self.log: list[dict[str, Any]] = []
        self.shown: dict[int, Card] = {}
        self.result: dict[str, Any] | None = None
        self.betting: Betting | None = None
        self.interval = 0
        self.antes: list[dict[str, Any]] = []
        self.age = (self.dealer + 1) % n  # D-3: the player on the dealer's left
        if rules.ante_mode == "age":
            self.paid[self.age] += rules.ante
            note_ante(self, self.age, rules.ante, "D-3", alone=True)
        elif rules.ante_mode == "all":
            for seat in range(n):
                self.paid[seat] += rules.ante
            note_ante(self, None, rules.ante, "R6.6")
        else:
            self.paid[self.dealer] += rules.ante * n
            note_ante(self, self.dealer, rules.ante * n, "the buck, R6.6")
        cards = shuffle(self, game.pack)
        self.stock = cards[::-1]  # top card last
        order = seats_from(self.dealer + 1, n)
        self.hole = [Card(0)] * n
        for seat in order:  # V-2: the first card face down
            self.hole[seat] = self.stock.pop()
        self.up: list[list[Card]] = [[] for _ in range(n)]
        for _ in range(rules.first_betting_after - 1):
            self._deal_up()
        self._open_interval()

    @property
    def pool(self) -> int:
        return sum(self.paid)

    def _active(self) -> list[int]:
        return [s for s in seats_from(self.dealer + 1, self.n) if not self.folded[s]]

    def _deal_up(self) -> None:
        for seat in self._active():
            self.up[seat].append(self.stock.pop())

    def _first_bettor(self) -> int:
        rules: StudRules = self.game.rules
        active = self._active()
        if rules.first_bettor == "elder-hand":
            return active[0]  # R6.5: the Age, at the dealer's left
        if rules.first_bettor == "age-left":  # W-9: the Age's left; the Age keeps his place
            return next(s for s in seats_from(self.dealer + 2, self.n) if not self.folded[s])
        # R6.2, R6.3: the best hand showing; max() keeps the first, nearest the dealer's left
        return max(active, key=lambda s: showing_key(self.up[s], rules.joker))

    def _open_interval(self) -> None:
        game: StudPoker = self.game  # type: ignore[assignment]
        rules = game.rules
        put, price = [0] * self.n, 0
        if self.interval == 0 and rules.coming_in:
            # D-4, D-6, D-8: Draw Poker's coming in, from the Age's left, the Age last
            first = (self.age + 1) % self.n
            put[self.age] = rules.ante
            price = rules.ante * (2 if rules.come_in == "double" else 1)
        else:
            first = self._first_bettor()
        order = [s for s in seats_from(first, self.n) if not self.folded[s]]
        self.interval += 1
        self.betting = Betting(game.bet_rules, order, put=put, price=price)

    def _unopened(self, live: list[int]) -> bool:
        """R3.11: the Age alone is left and nobody else put up a chip: nobody came in."""
        if not self.game.rules.coming_in or live != [self.age]:
            return False
        return not any(e["paid"] for e in self.log if e["seat"] != self.age)

    def is_coming_in(self, interval: int) -> bool:
        """Whether betting interval ``interval`` (from 1) is the coming in (D-4, D-6)."""
        return interval == 1 and self.game.rules.coming_in

    # -- the protocol (to_move, is_over, legal_actions: BettingState)
    def _apply(self, action: Any) -> None:
        assert self.betting is not None
        seat = self.betting.to_act
        assert seat is not None and isinstance(action, Act)
        paid = self.betting.apply(action)
        self.paid[seat] += paid
        self.log.append(
            {"interval": self.interval, "seat": seat, "action": str(action), "paid": paid}
        )
        if action.kind == "fold":
            self.folded[seat] = True  # V-3: he retires from the pot
        if not self.betting.done:
            return
        live = self.betting.seats_in
        if len(live) == 1:
            self._finish(live, shown=False)  # R6.4, W-12: uncalled, the hole card stays hidden
        elif len(self.up[live[0]]) < 4:
            self._deal_up()
            self._open_interval()
        else:
            self._finish(live, shown=True)

    def _finish(self, live: list[int], shown: bool) -> None:
        game: StudPoker = self.game  # type: ignore[assignment]
        self.betting = None
        result: dict[str, Any] = {"called": shown}
        if not shown and self._unopened(live):
            result["unopened"] = True  # R3.11: nobody came in; the Age takes the pool
        winners = live
        if shown:  # R6.4: the hole cards of the hands in the call are exposed
            values = {s: game.ranking.evaluate([self.hole[s], *self.up[s]]) for s in live}
            top = max(v.strength for v in values.values())
            winners = [s for s in live if values[s].strength == top]
            self.shown = {s: self.hole[s] for s in live}
            result["described"] = {str(s): str(values[s]) for s in live}
        shares = divide(self.pool, winners, dealer=self.dealer, players=self.n)
        for s in range(self.n):
            self.won[s] = shares[s]
        result["winners"] = winners
        self.result = result

    # -- what each seat may see
    def _observe(self, seat: int) -> dict[str, Any]:
        b = self.betting
        return {
            "dealer": self.dealer,
            "age": self.age,
            "ante_mode": self.game.rules.ante_mode,
            "come_in": self.game.rules.come_in,  # the price of coming in (D-4, D-10)
            "hole": str(self.hole[seat]),
            "up": [card_texts(u) for u in self.up],
            "shown": {str(s): str(c) for s, c in self.shown.items()},
            "folded": list(self.folded),
            "paid": list(self.paid),
            "pool": self.pool,
            "interval": self.interval,
            # the interval open now is the coming in (D-4, D-6)
            "coming_in": b is not None and self.is_coming_in(self.interval),
            "price": None if b is None else b.price,
            "put": None if b is None else list(b.put),
            "log": [dict(e) for e in self.log],
            "result": copy.deepcopy(self.result),
        }

    def _resample(self, seat: int, rng: random.Random) -> State:
        """Re-draw the hole cards ``seat`` has not seen, and the stock (and the record)."""
        other = self.clone()
        hidden = [s for s in range(self.n) if s != seat and s not in self.shown]
        rename = redraw(other, [self.hole[s] for s in hidden] + self.stock, rng)
        other.hole, other.stock = rename(self.hole), rename(self.stock)
        return other

    def clone(self) -> Self:
        other = self._copy_base()
        other.paid, other.won, other.folded = self.paid[:], self.won[:], self.folded[:]
        other.log, other.antes = list(self.log), list(self.antes)
        other.shown = dict(self.shown)
        other.hole, other.stock = self.hole[:], self.stock[:]
        other.up = [u[:] for u in self.up]
        other.betting = None if self.betting is None else self.betting.copy()
        return other


@register("stud-poker")
class StudPoker(Game):
    """Five-card Stud Poker (V-2, V-3)."""

    state_class = StudState
    min_players = 2
    max_players = 11  # C-7: 55 cards of the 60-card pack; its bottom card is never dealt
    presets = PRESETS

    def __init__(self, players: int | None = None, preset: str | None = None, **options: Any):
        super().__init__(players)
        self.rules: StudRules = build_rules(StudRules, options, PRESETS, preset, "stud-poker")
        r = self.rules
        if r.ante_mode not in ANTE_MODES:
            raise GameOptionError(
                "stud-poker: ante_mode must be 'age' (D-3), 'all' or 'dealer' (R6.6)"
            )
        if r.come_in not in COME_IN:
            raise GameOptionError("stud-poker: come_in must be 'double' or 'ante' (D-4, D-10)")
        if r.come_in != "double" and r.ante_mode != "age":
            raise GameOptionError(
                "stud-poker: come_in (D-4) is the price of coming in against the Age's ante; "
                f"with ante_mode={r.ante_mode!r} nobody comes in: give ante_mode='age'"
            )
        if r.first_bettor not in FIRST_BETTORS:
            raise GameOptionError(
                "stud-poker: first_bettor must be 'age-left', 'highest-showing' or 'elder-hand' "
                "(W-9, R6.2, R6.5)"
            )
        if not 2 <= r.first_betting_after <= 5:
            raise GameOptionError("stud-poker: first_betting_after must be 2..5 (V-3, R6.5)")
        if r.coming_in and r.first_betting_after == 5 and r.first_bettor != "age-left":
            raise GameOptionError(
                f"stud-poker: first_bettor={r.first_bettor!r} would open no interval: with "
                "ante_mode='age' and an ante the one interval (first_betting_after=5) is Draw "
                "Poker's coming in, from the Age's left (D-4, D-6); give ante_mode='all' (R6.6)"
            )
        if not 0 <= r.dealer < self.num_players:
            raise GameOptionError(f"stud-poker: dealer must be a seat 0..{self.num_players - 1}")
        if r.ante < 0:
            raise GameOptionError("stud-poker: the ante must be >= 0")
        self.pack = choose_pack("stud-poker", self.num_players, r, hands=self.num_players)
        plain = {"straight_rank": "not-recognised", "flushes": False}
        if not r.straights_flushes_count and (
            r.straight_rank != "normal" or r.flush_beats_full_house
        ):
            raise GameOptionError(
                "stud-poker: straights_flushes_count=False (R6.5, EB29) already leaves straights "
                "and flushes out; give straight_rank or flush_beats_full_house without it"
            )
        self.ranking = make_ranking(r, self.pack, **({} if r.straights_flushes_count else plain))
        self.bet_rules = bet_rules("stud-poker", r, may_check=r.allow_check)
