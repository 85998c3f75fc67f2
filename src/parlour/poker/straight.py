"""Straight Poker, or Bluff (catalogue V-1, C-5; poker-rules.md section 5).

No draw: the hands are played as dealt.  By default the dealer holds the buck and antes
for every player before dealing, and the buck passes with the deal (V-1).  "The rules
for betting, raising, &c., are the same as at Draw-Poker" (V-1, S3): the player at the
Age's left (the Age sitting at the dealer's left) opens, as at Draw Poker (W-9), each in
turn bets or throws down his cards, and if all but one throw down, he takes the pool
unshown (W-12); the preset ``R5.3`` (HOF: "the age has no privilege") has the dealer's
left speak first.  The preset ``R5.4-pass`` (``pass_and_come_in``) is the 1881 book's
rule: a player may pass and come in again unless someone has raised meanwhile (R5.4); if
all pass, a fresh ante (the new dealer's for all under the buck, everyone's under
``ante_mode="all"``) makes the pool a double header, and the eldest hand deals (R5.5).
When a pool is won the deal passes to the left (W-1), or to the winner under the preset
``R5.6`` (and ``CAS``).  One state plays ``pools`` pools (default one), with as many
deals as the double headers need.  The old 20-card pack (A K Q J 10, C-5) is the option
``pack=20``.

Actions are the betting machine's: ``fold``, ``call``, ``bet N``, ``raise N``, and
``pass`` under ``R5.4-pass``.

>>> import parlour
>>> state = parlour.make("straight-poker", players=3).new_state(seed=2)
>>> state.to_move, [str(a) for a in state.legal_actions()][:3]
(2, ['fold', 'bet 1', 'bet 2'])
>>> passing = parlour.make("straight-poker", players=3, preset="R5.4-pass")
>>> [str(a) for a in passing.new_state(seed=2).legal_actions()][:3]
['fold', 'pass', 'bet 1']
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
    shuffle,
)

ANTE_MODES = ("buck", "all")
FIRST_BETTORS = ("age-left", "dealer-left")


@dataclass(frozen=True)
class StraightRules(PackRules, BetOptions):
    """The rules of Straight Poker; defaults follow seed S3 (V-1) and R5."""

    #: V-1, R5.2: the ante, in chips, for each player
    ante: int = 1
    #: V-1: "buck" (the dealer antes for all and passes the buck on, S3) or "all" (every
    #: player antes, R5.2 CAS)
    ante_mode: str = "buck"
    #: V-1, R5.2: where the buck goes after each ante: to the "next-dealer" (S3, so it goes
    #: with the deal, to the left or, under R5.6, to the winner) or to the "left" neighbour
    #: (CAS)
    buck_passes: str = "next-dealer"
    #: R5.4 (CAS, 1881): a player may pass and come in again unless someone has raised
    #: meanwhile, and if all pass the pool is a double header (R5.5); False (V-1, S3: betting
    #: "the same as at Draw-Poker"): he bets or throws down his cards (W-9)
    pass_and_come_in: bool = False
    #: who speaks first: "age-left" (V-1, S3: betting "the same as at Draw-Poker", opened by
    #: the player at the Age's left, W-9) or "dealer-left" (R5.3, HOF: the Age has no privilege)
    first_bettor: str = "age-left"
    #: W-1 (S0: "the deal afterwards proceeding to the left"; S3: the next dealer antes "in his
    #: turn"): False; True: R5.6 (CAS, HOF), the deal goes to the winner of the pool
    deal_to_winner: bool = False
    #: D-1: how many pools this state plays (the company fixes when play ends)
    pools: int = 1
    #: W-1: the seat that deals first
    dealer: int = 0


PRESETS: dict[str, dict[str, Any]] = {
    "S3": {},
    "R5.4-pass": {"pass_and_come_in": True},
    "R5.3": {"first_bettor": "dealer-left"},
    "R5.6": {"deal_to_winner": True},
    "CAS": {"ante_mode": "all", "pass_and_come_in": True, "deal_to_winner": True},
    "CAS-buck": {"buck_passes": "left", "pass_and_come_in": True, "deal_to_winner": True},
    "old-pack": {"pack": 20},
    "S4-limit": {"limit_kind": "interval", "limit": 10},
    "sitting": {"pools": 3},
}


class StraightState(BettingState):
    """Straight Poker: one pool (or ``pools`` of them), double headers included."""

    over_message = "the sitting is over"

    def __init__(self, game: StraightPoker, rng: random.Random, script: deque[Any] | None = None):
        super().__init__(game, rng, script)
        rules = game.rules
        self.n = game.num_players
        self.dealer = rules.dealer
        self.paid = [0] * self.n
        self.won = [0] * self.n
        self.pool = 0
        self.pools_won = 0
        self.deal_no = 0
        self.log: list[dict[str, Any]] = []
        self.antes: list[dict[str, Any]] = []
        self.results: list[dict[str, Any]] = []
        self.betting: Betting | None = None
        self.buck_seat = rules.dealer  # R5.2: the buck starts with the first dealer
        self._ante()
        self._deal()

    @property
    def buck(self) -> int | None:
        """V-1: who holds the buck now, and so antes for all at the next deal; None when
        every player antes.  S3: the dealer, "having, before dealing, put up the antes of all
        the players, passes the buck to the next dealer": his left when the deal passes left;
        under R5.6 the next dealer is the winner, so the dealer keeps it until the pool is
        won.  Under R5.2 (CAS) it goes to the left-hand neighbour of whoever anted."""
        rules: StraightRules = self.game.rules
        if rules.ante_mode != "buck":
            return None
        if rules.buck_passes == "left":
            return self.buck_seat
        return self.dealer if rules.deal_to_winner else (self.dealer + 1) % self.n

    def _ante(self) -> None:
        rules: StraightRules = self.game.rules
        if rules.ante_mode == "buck" and rules.buck_passes == "left":
            self.paid[self.buck_seat] += rules.ante * self.n  # R5.2 (CAS): the holder antes
            note_ante(self, self.buck_seat, rules.ante * self.n, "the buck, R5.2")
            self.buck_seat = (self.buck_seat + 1) % self.n  # and hands the buck to his left
        elif rules.ante_mode == "buck":
            self.paid[self.dealer] += rules.ante * self.n
            note_ante(self, self.dealer, rules.ante * self.n, "the buck, V-1")
        else:
            for seat in range(self.n):
                self.paid[seat] += rules.ante
            note_ante(self, None, rules.ante, "R5.2")
        self.pool += rules.ante * self.n

    def _deal(self) -> None:
        game: StraightPoker = self.game  # type: ignore[assignment]
        self.deal_no += 1
        cards = shuffle(self, game.pack, f"shuffle {self.deal_no}")
        order = seats_from(self.dealer + 1, self.n)
        self.hands: list[list[Card]] = [[] for _ in range(self.n)]
        for i in range(5 * self.n):  # W-2: one at a time from the dealer's left
            self.hands[order[i % self.n]].append(cards[i])
        self.stock = cards[5 * self.n :]
        self.folded = [False] * self.n
        if game.rules.first_bettor == "age-left":  # W-9: the Age's left opens, the Age last
            order = order[1:] + order[:1]
        self.betting = Betting(game.bet_rules, order, put=[0] * self.n, price=0)

    # -- the protocol (to_move, is_over, legal_actions: BettingState)
    def _apply(self, action: Any) -> None:
        assert self.betting is not None and isinstance(action, Act)
        seat = self.betting.to_act
        assert seat is not None
        put = self.betting.apply(action)
        self.paid[seat] += put
        self.pool += put
        self.log.append({"deal": self.deal_no, "seat": seat, "action": str(action), "paid": put})
        if action.kind == "fold":
            self.folded[seat] = True
        for s in range(self.n):  # R5.4: a passer excluded by a raise drops out
            if not self.betting.live[s]:
                self.folded[s] = True
        if not self.betting.done:
            return
        live = self.betting.seats_in
        if len(live) == 1:
            self._win(live, shown={})  # W-12: an uncalled hand is not shown
        elif self.betting.price == 0:
            self._double_header()
        else:
            game: StraightPoker = self.game  # type: ignore[assignment]
            values = {s: game.ranking.evaluate(self.hands[s]) for s in live}
            top = max(v.strength for v in values.values())
            winners = [s for s in live if values[s].strength == top]
            self._win(winners, shown={s: str(values[s]) for s in live})

    def _double_header(self) -> None:
        """R5.5: all passed (only with R5.4's pass): a fresh ante makes a double header, and
        the eldest hand deals."""
        self.results.append({"deal": self.deal_no, "double_header": True})
        self.dealer = (self.dealer + 1) % self.n
        self._ante()
        self._deal()

    def _win(self, winners: list[int], shown: dict[int, str]) -> None:
        rules: StraightRules = self.game.rules
        shares = divide(self.pool, winners, dealer=self.dealer, players=self.n)
        for s in range(self.n):
            self.won[s] += shares[s]
        self.results.append({
            "deal": self.deal_no,
            "pool": self.pool,
            "winners": winners,
            "hands": {str(s): card_texts(self.hands[s]) for s in shown},
            "described": {str(s): d for s, d in shown.items()},
        })  # fmt: skip
        self.pool = 0
        self.pools_won += 1
        if self.pools_won >= rules.pools:
            self.betting = None
            return
        if rules.deal_to_winner:  # R5.6 (several winners: the one nearest the dealer's left)
            self.dealer = min(winners, key=lambda s: (s - self.dealer - 1) % self.n)
        else:
            self.dealer = (self.dealer + 1) % self.n
        self._ante()
        self._deal()

    # -- what each seat may see
    def _observe(self, seat: int) -> dict[str, Any]:
        b = self.betting
        return {
            "dealer": self.dealer,
            "buck": self.buck,
            "deal": self.deal_no,
            "hand": card_texts(self.hands[seat]),
            "folded": list(self.folded),
            "paid": list(self.paid),
            "pool": self.pool,
            "price": None if b is None else b.price,
            "put": None if b is None else list(b.put),
            "passed": None if b is None else [b.passed[s] for s in range(self.n)],
            "log": [dict(e) for e in self.log],
            "results": copy.deepcopy(self.results),
        }

    def _resample(self, seat: int, rng: random.Random) -> State:
        """Re-draw every other player's cards of the current deal, and the stock (and the
        record of the deal's shuffle)."""
        other = self.clone()
        if self.betting is None:
            return other
        cards = [c for s in range(self.n) if s != seat for c in self.hands[s]] + self.stock
        rename = redraw(other, cards, rng)
        other.hands = [rename(h) for h in self.hands]
        other.stock = rename(self.stock)
        return other

    def clone(self) -> Self:
        other = self._copy_base()
        other.paid, other.won, other.folded = self.paid[:], self.won[:], self.folded[:]
        other.log, other.results = list(self.log), list(self.results)
        other.antes = list(self.antes)
        other.hands = [h[:] for h in self.hands]
        other.stock = self.stock[:]
        other.betting = None if self.betting is None else self.betting.copy()
        return other


@register("straight-poker")
class StraightPoker(Game):
    """Straight Poker, or Bluff (V-1)."""

    state_class = StraightState
    min_players = 2
    max_players = 11  # C-7: 55 cards of the 60-card pack; its bottom card is never dealt
    presets = PRESETS

    def __init__(self, players: int | None = None, preset: str | None = None, **options: Any):
        super().__init__(players)
        self.rules: StraightRules = build_rules(
            StraightRules, options, PRESETS, preset, "straight-poker"
        )
        r = self.rules
        if r.ante_mode not in ANTE_MODES:
            raise GameOptionError("straight-poker: ante_mode must be 'buck' or 'all' (V-1, R5.2)")
        if r.first_bettor not in FIRST_BETTORS:
            raise GameOptionError(
                "straight-poker: first_bettor must be 'age-left' (V-1, W-9) or 'dealer-left' (R5.3)"
            )
        if r.buck_passes not in ("next-dealer", "left"):
            raise GameOptionError("straight-poker: buck_passes must be 'next-dealer' or 'left'")
        if not 0 <= r.dealer < self.num_players:
            raise GameOptionError(
                f"straight-poker: dealer must be a seat 0..{self.num_players - 1}"
            )
        if r.ante < 0 or r.pools < 1:
            raise GameOptionError("straight-poker: the ante must be >= 0 and pools >= 1")
        self.pack = choose_pack(
            "straight-poker", self.num_players, r, hands=self.num_players, old_pack=True
        )
        self.ranking = make_ranking(r, self.pack)
        self.bet_rules = bet_rules("straight-poker", r, reenter=r.pass_and_come_in)
