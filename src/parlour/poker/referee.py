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

The game is registered as ``draw-poker-referee``; it takes ``variant``
("draw-poker" or "jackpots"), ``out_of_turn_bet`` (R8.8) and every option of
that game's own rules (:mod:`parlour.poker.draw`) but the table stakes ``stacks``, the
dealer's ante (``ante_by``), PEEL's reshuffle and unsplit openers, which it refuses, so the
referee and the digital table play the same rules.  A pot carried from the deals before
comes in as ``carry`` (one number a seat, as the digital game takes it): it lies in the
pool and goes to the winner (J-4), and every ruling that leaves the pool for the next deal
names the rules that referee it (``redeal=N carry=...``), so an evening goes deal by deal.
The rulings live in :mod:`~parlour.poker.referee_deal` (I-1..I-9),
:mod:`~parlour.poker.referee_draw` (I-10..I-13, W-6, W-8) and
:mod:`~parlour.poker.referee_bets` (R8.8, the show); the seed's words in
:mod:`~parlour.poker.rulings`.  Decisions where the seed is silent ([D]):
a fresh deal is dealt by the same dealer and the Age's ante stays in the pool;
a deal out of turn that stands is dealt and drawn by its dealer, the Age keeping
his ante and his place; cards thrown out unseen leave the kept ones unknown;
the dealer who must take too many keeps them and throws out his own (I-11); a
hand left at four is valued as its cards stand; a pool no hand can take stays
for the next deal.  W-8 is read as the digital game reads it (:mod:`parlour.poker.draw`):
the referee counts the stock, refuses a card beyond it (the last card is not handed out
in the draw) and takes ``reshuffle`` when it cannot serve the next player; the served
players' throw-outs and the abandoned hands become the new stock, the throw-outs of
those still waiting (and still owed a card) staying out of it.

In a Jack-Pot the opener proves his openers from his hand as dealt at the show, or before
he takes a pool uncalled (R4.8): where the referee did not see that hand he enters
``openers SEAT CARDS``, the cards laid down as openers (``openers SEAT`` alone: he cannot
show them), and a false opener is ruled by ``false_openers`` as the digital game rules him
(R4.9: forfeit, EB29, PEEL, BAR; :mod:`~parlour.poker.referee_openers`).

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
from dataclasses import dataclass
from typing import Any, Self

from parlour.cards import pack as make_pack
from parlour.game import Game, GameOptionError, IllegalAction, State, build_rules, make, register
from parlour.poker.betting import Betting, settle
from parlour.poker.jackpots import antes_shared
from parlour.poker.referee_bets import BetRulings
from parlour.poker.referee_deal import DealRulings
from parlour.poker.referee_draw import DrawRulings
from parlour.poker.referee_events import BETTING, Event, card_text, parse_event
from parlour.poker.referee_openers import OpenersRulings
from parlour.poker.rulings import HAND, Choice, ruling


@dataclass(frozen=True)
class RefereeRules:
    """What the referee adds to the game's own rules (``parlour.poker.draw``'s dataclasses)."""

    #: the game at the table: "draw-poker" (the age game, D-3..D-9) or "jackpots" (J-1..J-6)
    variant: str = "draw-poker"
    #: R8.8: chips put up out of turn are "binding" (Default) or "void" (returned)
    out_of_turn_bet: str = "binding"

    def __post_init__(self) -> None:
        if self.variant not in ("draw-poker", "jackpots"):
            raise GameOptionError("variant must be 'draw-poker' or 'jackpots'")
        if self.out_of_turn_bet not in ("binding", "void"):
            raise GameOptionError("R8.8: out_of_turn_bet must be 'binding' or 'void'")


class RefereeState(DealRulings, DrawRulings, BetRulings, OpenersRulings, State):
    """One deal (with any fresh deals the rulings order) refereed from entered events."""

    def __init__(self, game: Game, rng: random.Random, script: deque[Any] | None = None) -> None:
        super().__init__(game, rng, script)
        assert isinstance(game, RefereeGame)
        self.rules = game.rules
        self.table = game.table.rules  # the game's own rules: ante, limits, the draw
        self.pack = make_pack(self.table.pack, self.table.joker != "none")
        self.n = game.num_players
        self.dealer = self.table.dealer
        self.age = (self.dealer + 1) % self.n
        self.blinds = [0] * self.n  # what each seat put up before the deal (D-3, D-10, D-11)
        #: each seat's chips in a pot carried from the deals before (J-4): dead in the pool
        self.carry = list(self.table.carry) if self.table.carry else [0] * self.n
        self.last_straddle = self.table.ante
        if self.rules.variant == "jackpots":
            self.stakes = [self.table.entry(s) for s in range(self.n)]  # J-2, J-4
        else:
            self.blinds[self.age] = self.table.ante  # D-3
            self.stakes = list(self.blinds)
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
        self.false_opener: bool | None = None
        self.void: bool | None = None
        self._fresh_deal(self.dealer)

    def _fresh_deal(self, by: int) -> None:
        """Gather the cards; seat ``by`` deals again from his left (W-2)."""
        self.deal_no += 1
        self.dealing = by
        self.hands: list[list[list[Any]]] = [[] for _ in range(self.n)]  # [card, exposed, new]
        self.used: set[int] = set()
        self.origin: dict[int, int] = {}  # card -> the seat it was given to (-1: gone from him)
        self.bottom: list[int | None] = []
        self.discards: list[int | None] = []
        self.thrown_by: list[int] = []  # the seat each discard came from (W-8)
        self.stock = len(self.pack.cards)  # cards not yet handed out (W-8)
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
        self.predraw: dict[int, list[list[int | None]]] = {}  # the hands as dealt (R4.8)
        self.drawn_by: dict[int, int] = {}
        self.reshuffled = False
        self.fresh_stock = False
        self.declared: set[int] = set()
        self.revealed: dict[int, list[int]] = {}

    def _take(self, card: int | None, text: str, seat: int = -1) -> None:
        """Note a card seen leaving the pack; refuse one already out (a pack has each once)."""
        if card is None:
            return
        if card in self.used:
            claim = self.phase in ("deal", "bet1") and not self.bet_acts
            imperfect = "; a pack that holds it twice is imperfect: `imperfect-pack` (I-8)"
            raise IllegalAction(
                f"{text!r}: {card_text(card)} is already out of this pack{imperfect * claim}"
            )
        if card not in self.pack:
            raise IllegalAction(f"{text!r}: {card_text(card)} is not in the {self.pack.name}")
        self.used.add(card)
        self.origin[card] = seat

    def _seat_in(self, e: Event) -> int:
        s = e.seat
        if not 0 <= s < self.n:
            raise IllegalAction(f"{e}: there is no seat {s}")
        if self.out[s]:
            raise IllegalAction(f"{e}: seat {s} is out of this deal")
        if self.phase in ("show", "openers", "over"):
            raise IllegalAction(f"{e}: the deal has come to the show")
        return s

    # -- choices -------------------------------------------------------------------
    def _choose(self, word: str) -> None:
        c = self.choices.pop(0)
        s = c.seat
        if word not in c.options:
            raise IllegalAction(f"{word!r}: {c.rule} offers seat {s}: {', '.join(c.options)}")
        getattr(self, "_choose_" + c.rule.replace("-", "_").replace(".", "_"))(c, word)

    def _throw_in(self, s: int, rule: str, effect: str) -> None:
        """A ruling throws seat ``s``'s hand in: it is dead, and an open interval drops him at
        once, so that a lone hand left takes the pool uncalled (W-12, R3.19)."""
        self.out[s] = True
        self.foul[s] = rule in ("I-9", "I-10", "I-11")
        b = self.betting
        if self.phase in ("bet1", "bet2") and b is not None and not b.done and b.live[s]:
            b.drop(s)
        self._rule(rule, effect)

    def _rule(self, rule: str, effect: str) -> None:
        self.history.append(ruling(rule, effect))

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

    def clone(self) -> Self:
        """An independent copy; the referee draws nothing by chance, so the generator is shared."""
        other = copy.copy(self)
        for key, value in self.__dict__.items():
            if key not in ("game", "rng", "rules", "table", "pack"):  # immutable
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
        if self.choices and self._shows_at_choice(str(action)):
            pass  # D-13: the holder laid his hand down: he chose to show, and showed it
        elif self.choices:
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

    @property
    def carried(self) -> bool:
        """Whether the pool stays on the table for the next deal: an unopened pot (J-4,
        R3.11 PEEL), or every hand dead or foul, so that none can take it ([D])."""
        if self.phase != "over":
            return False
        return self.unopened or bool(self.void) or not self._winning_strengths()

    def _winning_strengths(self) -> dict[int, int]:
        """The strength of each hand that may take the pool (a foul hand cannot: R3.21; a
        lone hand takes it unseen, W-12, and is foul only once looked at or acted on, R8.3,
        when the look has already thrown it in)."""
        alive = self.contenders()
        strengths: dict[int, int] = {}
        if len(alive) == 1:
            strengths = {alive[0]: 0}
        elif len(alive) > 1:
            from parlour.poker.referee_table import strength

            for s in alive:
                value = strength(self.hands[s], self.table)
                if value is not None:  # a foul hand cannot win (R3.21)
                    strengths[s] = value
        return strengths

    def _payoffs(self) -> list[float]:
        """Chips won less chips put up this deal: the winner's gain takes in the pot carried
        into it (J-4), and a pool carried on is lost to this deal (:attr:`carried`)."""
        if self.phase != "over":
            return [0.0] * self.n
        if self.void:  # R4.9 (BAR 37): null and void
            return self._void_payoffs()
        strengths = {} if self.unopened else self._winning_strengths()
        if not strengths:
            return [float(-x) for x in self.stakes]  # 0.0, not -0.0, for nothing put up
        order = [(self.dealer + 1 + i) % self.n for i in range(self.n)]
        stakes, dead = list(self.stakes), sum(self.carry)
        antes = getattr(self.table, "antes", ())
        if antes:  # R4.9 (EB29): antes one paid for all are everyone's, as the digital game has
            stakes, rest = antes_shared(stakes, antes, self.stakes)
            dead += rest
        # no table stakes here (``stacks`` is refused): every hand in plays for every chip
        won, pools = settle(stakes, strengths, order, capped=(), dead=dead)
        net = [float(w - p) for w, p in zip(won, self.stakes, strict=True)]
        self._royal_penalty(net, {w for pool in pools for w in pool.winners})
        return net

    def _royal_penalty(self, net: list[float], winners: set[int]) -> None:
        """D-13: a winning Royal Flush collects the penalty from each other player; one that
        takes the pool uncalled is shown to claim it, where the referee knows its cards."""
        pay = self.table.royal_penalty
        if not pay:
            return
        from parlour.poker.referee_table import is_royal

        for w in sorted(winners):
            if is_royal(self.hands[w], self.table):
                for s in range(self.n):
                    if s != w:
                        net[s] -= pay
                        net[w] += pay

    def _observe(self, seat: int) -> dict[str, Any]:
        from parlour.poker.referee_table import observe

        return observe(self, seat)


#: the game's options the referee does not play yet, with their plain value: refused by name
_NOT_YET = (
    ("stacks", (), ""),
    ("ante_by", "age", " (R3.4: the Age antes here, D-3)"),
    ("reshuffle", "keep-waiting", " (R3.15: only W-8's reshuffle is refereed)"),
    ("split_openers", True, " (R4.7: the referee does not see which cards are thrown)"),
)


@register("draw-poker-referee")
class RefereeGame(Game):
    """Draw Poker or Jack-Pots refereed at a real table (see the module docstring).

    Takes ``variant`` and ``out_of_turn_bet`` (:class:`RefereeRules`) and every option of
    the game itself (``parlour.poker.draw``'s ``DrawRules`` or ``JackpotRules``) but those
    it refuses by name (``stacks``, ``ante_by``, ``reshuffle``, ``split_openers`` other than
    their defaults), so the referee plays the same rules as the digital table.
    """

    state_class = RefereeState
    min_players = 2
    max_players = 10
    #: chips are conserved over the deals of a pot: one carried on is lost to its deal and
    #: won in the deal that takes it (J-4, ``carry``)
    payoff_total = None

    def __init__(
        self,
        players: int | None = None,
        variant: str = "draw-poker",
        out_of_turn_bet: str = "binding",
        **options: Any,
    ) -> None:
        super().__init__(players)
        self.rules = build_rules(
            RefereeRules, {"variant": variant, "out_of_turn_bet": out_of_turn_bet}
        )
        self.table = make(variant, players=self.num_players, **options)
        t = self.table.rules
        for name, plain, rule in _NOT_YET:
            if getattr(t, name, plain) != plain:
                raise GameOptionError(
                    f"referee mode does not yet take {name}={getattr(t, name)!r}{rule}"
                )

    def options(self) -> dict[str, Any]:
        """The referee's options and the game's, which :func:`parlour.make` takes back."""
        table = {k: v for k, v in self.table.options().items() if k != "players"}
        return {"players": self.num_players, **self.rules.__dict__, **table}
