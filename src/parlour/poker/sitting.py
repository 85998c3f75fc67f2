"""A sitting: many deals at one table, with bankrolls, a rotating deal and Jack-Pots.

A :class:`Sitting` seats named players, throws a card to each for the first
deal (the lowest deals, W-1), then builds one protocol state per deal with the
dealer, each player's chips (table stakes: nobody loses more than he has on the
table; side pools when he cannot cover, the project's choice, not the seeds')
and any pot carried from the deal before.  Between deals players may join or
leave (D-12).  A Jack-Pot is played (J-1) every ``jackpot_every`` deals, after
a deal that everyone refused, or when the holder of the buck deals; an unopened
Jack-Pot is carried into the next deal with each player's sweetener (J-4) and
the progressive minimum one degree higher (J-7).  Play ends at the agreed deal
count (D-1); a pot still unwon then goes back to those who put it up.

>>> s = Sitting(["Ann", "Bob", "Cy"], SittingRules(deals=2), seed=3)
>>> s.dealer in ("Ann", "Bob", "Cy"), s.bankrolls
(True, {'Ann': 100, 'Bob': 100, 'Cy': 100})
>>> while not s.is_over:
...     state = s.start_deal()
...     while not state.is_over:
...         _ = state.apply(state.legal_actions()[min(1, len(state.legal_actions()) - 1)])
...     s.finish_deal(state)
>>> sum(s.bankrolls.values()) + sum(s.carried.values())
300

A sitting plays Draw Poker and Jack-Pots, the games with table stakes and a carried pot.
``dealer_moves="winner"`` passes the deal to the winner of the pool, as Straight Poker
does under R5.6, and a subclass may override :meth:`Sitting.next_game` to choose the game and
options of each deal (the buck).  Straight Poker's own deals follow one another within one
state (its ``pools`` option); Stud and Whiskey Poker are played a deal at a time.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field, fields
from typing import Any

import parlour
from parlour.cards import JACK, Card, pack
from parlour.game import GameOptionError, State, seeded
from parlour.poker.jackpots import JackpotRules
from parlour.poker.others_common import STRIPPED, pack_for
from parlour.terminal import is_you
from parlour.wording import ordinal

#: the most players a deal of Draw Poker or Jack-Pots seats (the 60-card pack, C-3)
_MOST_PLAYERS = 10
#: game options that a sitting sets deal by deal (besides the number of players)
SET_BY_SITTING = ("dealer", "stacks", "carry", "redeal", "antes")


def refuse_what_a_sitting_sets(options: Iterable[str], prefix: str = "") -> None:
    """Refuse, naming them (after ``prefix``), the options a sitting sets itself: its players
    and :data:`SET_BY_SITTING`.  A value given for one was used whenever the sitting set none
    of its own, making chips (``carry``) or being ignored (``dealer``).

    >>> refuse_what_a_sitting_sets({"carry": (9, 9)}, "jackpot.")
    Traceback (most recent call last):
    ...
    parlour.game.GameOptionError: jackpot.carry: a sitting sets these deal by deal (...
    """
    given = [prefix + key for key in ("players", *SET_BY_SITTING) if key in options]
    if given:
        raise GameOptionError(
            f"{', '.join(given)}: a sitting sets these deal by deal (the players are its seats, "
            "the deal passes left, the stacks are the bankrolls, a pot is carried with its "
            "redeal count, an ante for all is a false opener's); agree a bankroll instead "
            "(parlour play: --bankroll N; simulate: --sitting-rule bankroll=N)"
        )


def _for_table(options: dict[str, Any], players: int, openers: bool = True) -> dict[str, Any]:
    """C-2: a stripped pack serves three or four; at another table the full pack replaces it.
    C-3: openers of the 11- or 12-spot, when the table no longer plays the 60-card pack, are
    jacks, the next rank it has (as progressive openers climb, J-7); not with ``openers``
    False, as when a sitting's agreement is checked at its start.

    >>> _for_table({"pack": 40}, 5), _for_table({"pack": 40}, 4)
    ({'pack': 0}, {'pack': 40})
    >>> _for_table({"openers": "W"}, 8), _for_table({"openers": "W"}, 7)
    ({'openers': 'W'}, {'openers': 'J'})
    """
    if options.get("pack") in STRIPPED and players not in (3, 4):
        options = {**options, "pack": 0}
    pack = options.get("pack") or pack_for(players)
    if openers and options.get("openers") in ("E", "W") and pack != 60:
        options = {**options, "openers": "J"}
    return options


@dataclass(frozen=True)
class SittingRules:
    """The agreements of a sitting (D-1, W-1, J-1, D-12)."""

    #: D-1: the time at which play ends, as a number of deals
    deals: int = 10
    #: each player's chips at the start (table stakes)
    bankroll: int = 100
    #: the game of an ordinary deal
    game: str = "draw-poker"
    #: J-1: a Jack-Pot once in so many deals (0: never on that account)
    jackpot_every: int = 0
    #: J-1: a Jack-Pot after a deal in which all refused to play (nobody came in)
    jackpot_after_refusal: bool = True
    #: J-1: the buck: a Jack-Pot when its holder deals; the pool's winner takes it
    buck: bool = False
    #: W-1: the deal passes to the "left", or to the "winner" of the pool (Straight Poker)
    dealer_moves: str = "left"
    #: R4.4: after an unopened Jack-Pot the same dealer deals again (default: the deal passes)
    unopened_same_dealer: bool = False
    #: W-1, R3.1: the first dealer: "lowest" card thrown (S0), or the "first-jack" dealt face up
    #: round the table (EB29)
    first_dealer: str = "lowest"
    #: options for every deal of the ordinary game (e.g. {"preset": "S4-club"})
    options: dict[str, Any] = field(default_factory=dict)
    #: options for every Jack-Pot deal (e.g. {"progressive": True})
    jackpot_options: dict[str, Any] = field(default_factory=dict)


#: the sitting's agreements that are counts: the least each may be, and what it counts
_COUNTS = {
    "deals": (1, "D-1: a sitting ends after so many deals"),
    "bankroll": (1, "each player's chips at the start"),
    "jackpot_every": (0, "J-1: a Jack-Pot once in so many deals, 0 for never"),
}


class Sitting:
    """A table of named players playing deal after deal (see the module docstring)."""

    def __init__(self, players: list[str], rules: SittingRules | None = None,
                 seed: int | None = None) -> None:  # fmt: skip
        self.rules = rules or SittingRules()
        for key, allowed in (("dealer_moves", ("left", "winner")),
                             ("first_dealer", ("lowest", "first-jack"))):  # fmt: skip
            if getattr(self.rules, key) not in allowed:
                raise GameOptionError(f"{key} must be one of {', '.join(allowed)}")
        if self.rules.game not in ("draw-poker", "jackpots"):
            raise GameOptionError(
                f"a sitting plays draw-poker or jackpots, not {self.rules.game!r} "
                "(Straight Poker deals on by its own 'pools' option)"
            )
        for key, (least, why) in _COUNTS.items():
            value = getattr(self.rules, key)
            if not isinstance(value, int) or isinstance(value, bool) or value < least:
                raise GameOptionError(
                    f"{key} must be a whole number of at least {least}, not {value!r} ({why})"
                )
        if len(set(players)) != len(players) or len(players) < 2:
            raise GameOptionError("a sitting needs two or more players with distinct names")
        # bad options are refused now, by name, not at the first deal that uses them
        refuse_what_a_sitting_sets(self.rules.options)
        refuse_what_a_sitting_sets(self.rules.jackpot_options, "jackpot.")
        n = len(players)
        parlour.make(self.rules.game, players=n, **_for_table(self.rules.options, n, False))
        try:
            parlour.make("jackpots", players=n, **_for_table(self._jackpot_options(), n, False))
        except GameOptionError as err:  # named as agreed: jackpot.progressive, not progressive
            raise GameOptionError(f"the Jack-Pots' options (jackpot.KEY): {err}") from None
        self.seats = list(players)
        self.rng = random.Random() if seed is None else seeded(seed)
        self.bankrolls = {p: self.rules.bankroll for p in players}
        self.carried: dict[str, int] = {}
        self.deal_no = 0
        self.redeal = 0
        self.pending_jackpot = False
        self._pending_why = ""
        self.ante_for_all: str | None = None
        self.buck: str | None = None
        self.log: list[str] = []
        self.records: list[dict[str, Any]] = []
        self.state: State | None = None
        self.dealer = self._cut_for_deal()
        if self.rules.buck:
            self.buck = self.dealer  # the buck starts with the first dealer
        self._seat_names: list[str] = []

    # -- W-1
    def _cut_for_deal(self) -> str:
        """W-1: a card is thrown to each player; the lowest deals (ties throw again)."""
        if self.rules.first_dealer == "first-jack":
            return self._first_jack()
        contenders = list(self.seats)
        while True:
            cards = self.rng.sample([int(c) for c in pack(52).cards], len(contenders))
            thrown = dict(zip(contenders, cards, strict=True))
            self.log.append(
                "cut for the deal: "
                + ", ".join(f"{p} {Card(c).pretty()}" for p, c in thrown.items())
            )
            low = min(c >> 2 for c in cards)
            lowest = [p for p in contenders if thrown[p] >> 2 == low]
            if len(lowest) == 1:
                return lowest[0]
            contenders = lowest

    def _first_jack(self) -> str:
        """R3.1 (EB29): cards dealt face up round the table; the first jack deals."""
        cards = self.rng.sample([int(c) for c in pack(52).cards], 52)
        for i, card in enumerate(cards):
            player = self.seats[i % len(self.seats)]
            if card >> 2 == JACK:
                shown = ", ".join(Card(c).pretty() for c in cards[: i + 1])
                self.log.append(f"first jack for the deal: {shown}: {player}")
                return player
        raise AssertionError("a pack holds four jacks")  # pragma: no cover

    # -- between deals (D-12)
    def join(self, name: str, chips: int | None = None) -> None:
        """A player comes in between deals; he sits at the dealer's right (deals last)."""
        self._between_deals("join")
        if name in self.seats:
            raise GameOptionError(f"{name} is already at the table")
        if len(self.seats) >= _MOST_PLAYERS:
            raise GameOptionError(f"the table is full: at most {_MOST_PLAYERS} play (C-3)")
        chips = self.rules.bankroll if chips is None else chips
        if not isinstance(chips, int) or isinstance(chips, bool) or chips < 1:
            raise GameOptionError(
                f"{name} must come in with a whole number of chips, at least 1, not {chips!r}"
            )
        at = self.seats.index(self.dealer)
        self.seats.insert(at, name)
        self.bankrolls[name] = chips
        self.log.append(f"{name} comes in with {self.bankrolls[name]}")

    def leave(self, name: str) -> int:
        """A player leaves between deals, taking his chips; returns them (D-12)."""
        self._between_deals("leave")
        if name not in self.seats:
            raise GameOptionError(f"{name} is not at the table")
        if len(self.seats) <= 2:
            raise GameOptionError("the last two players cannot leave: end the sitting instead")
        if self.dealer == name:
            self.dealer = self._left_of(name)
        if self.buck == name:
            self.buck = self._left_of(name)
        self.seats.remove(name)
        left_in_pot = self.carried.pop(name, 0)
        if left_in_pot:  # his share of a carried pot stays in it
            heir = self.seats[(self.seats.index(self.dealer) + 1) % len(self.seats)]
            self.carried[heir] = self.carried.get(heir, 0) + left_in_pot
        chips = self.bankrolls.pop(name)
        self.log.append(f"{name} leaves with {chips}" if chips else left_broke(name))
        return chips

    def _between_deals(self, what: str) -> None:
        if self.state is not None:
            raise GameOptionError(f"D-12: players {what} between deals, not during one")

    def _left_of(self, name: str) -> str:
        return self.seats[(self.seats.index(name) + 1) % len(self.seats)]

    # -- deals
    @property
    def is_over(self) -> bool:
        return self.deal_no >= self.rules.deals or len(self._solvent()) < 2

    def _solvent(self) -> list[str]:
        return [p for p in self.seats if not self.is_broke(p)]

    def is_broke(self, name: str) -> bool:
        """Whether ``name`` has no chips left, in hand or in a carried pot (D-12); one who
        has left the table has none."""
        return self.bankrolls.get(name, 0) <= 0 and not self.carried.get(name)

    def is_jackpot_next(self) -> bool:
        """J-1: whether the coming deal is a Jack-Pot."""
        r = self.rules
        return bool(
            self.pending_jackpot or self._nth_deal() or (r.buck and self.buck == self.dealer)
        )

    def _nth_deal(self) -> bool:
        """J-1: whether the coming deal is one of every ``jackpot_every``."""
        every = self.rules.jackpot_every
        return bool(every) and (self.deal_no + 1) % every == 0

    def why_jackpot(self) -> str | None:
        """Why the coming deal (or the one just started) is a Jack-Pot (J-1, J-4), or None if it
        is an ordinary deal, or one of a table that plays nothing else and has no pot carried.

        >>> s = Sitting(["Ann", "Bob"], SittingRules(deals=4, jackpot_every=2), seed=1)
        >>> s.why_jackpot() is None, s.deal_no
        (True, 0)
        >>> s.deal_no = 1
        >>> s.why_jackpot()
        'a Jack-Pot, as every 2nd deal is (J-1)'
        """
        r = self.rules
        if self.pending_jackpot:
            return self._pending_why
        if r.game == "jackpots" or not self.is_jackpot_next():
            return None
        if self._nth_deal():
            every = "every" if r.jackpot_every == 1 else f"every {ordinal(r.jackpot_every)}"
            return f"a Jack-Pot, as {every} deal is (J-1)"
        deals = _agreeing("deals", self.dealer)
        return f"a Jack-Pot: the buck is with {self.dealer}, who {deals} (J-1)"

    def next_game(self) -> tuple[str, dict[str, Any]]:
        """The game and options of the coming deal (override for other schemes)."""
        r = self.rules
        if r.game == "jackpots" or self.is_jackpot_next():  # a Jack-Pot table: every deal
            return "jackpots", {**self._jackpot_options(), "redeal": self.redeal}
        return r.game, dict(r.options)

    def _jackpot_options(self) -> dict[str, Any]:
        """A Jack-Pot deal's options: the ordinary game's that Jack-Pots take, and its own."""
        known = {f.name for f in fields(JackpotRules)}  # Draw Poker's own options stay out
        return {k: v for k, v in self.rules.options.items() if k in known} | dict(
            self.rules.jackpot_options
        )

    def start_deal(self) -> State:
        """Build the next deal's state (seats in table order, the dealer's chips as stacks).

        Refused while a deal is in play: new cards for it would be a free redeal."""
        if self.state is not None:
            raise GameOptionError(
                f"deal {self.deal_no + 1} is still in play: finish_deal it before the next"
            )
        if self.is_over:
            raise GameOptionError("the sitting is over")
        for name in [p for p in self.seats if self.is_broke(p)]:
            if len(self.seats) > 2:  # (two left, one broke: the sitting is already over)
                self.leave(name)
        names = list(self.seats)
        name, opts = self.next_game()
        n = len(names)
        opts["dealer"] = names.index(self.dealer)
        opts["stacks"] = tuple(self.bankrolls[p] for p in names)
        if self.carried:
            opts["carry"] = tuple(self.carried.get(p, 0) for p in names)
        if name == "jackpots" and self.ante_for_all in names:
            ante = opts.get("ante", 1) if self.redeal == 0 else opts.get("sweetener", 1)
            opts["antes"] = tuple(ante * n if p == self.ante_for_all else 0 for p in names)
        dealt = _for_table(opts, n)
        if dealt.get("pack") != opts.get("pack"):
            self.log.append(f"{n} players: the full pack replaces the stripped one (C-2)")
        if dealt.get("openers") != opts.get("openers"):
            self.log.append(f"{n} players: no 60-card pack, so jacks or better open (C-3)")
        game = parlour.make(name, players=n, **dealt)
        self.state = game.new_state(seed=self.rng.randrange(2**63))
        self._seat_names = names
        self.log.append(f"deal {self.deal_no + 1}: {self.dealer} deals {name}")
        return self.state

    def seat_names(self) -> list[str]:
        """The players of the current deal, by seat number."""
        return list(self._seat_names)

    def finish_deal(self, state: State) -> None:
        """Carry the deal's result into the sitting: chips, the carried pot, the next deal."""
        if state is not self.state or not state.is_over:
            raise GameOptionError("finish_deal takes the sitting's current deal, once it is over")
        names = self._seat_names
        s: Any = state
        for seat, p in enumerate(names):
            self.bankrolls[p] = s.stacks[seat]
        self.carried = {p: c for p, c in zip(names, s.carry_out, strict=True) if c}
        nxt = dict(s.next_deal)
        jackpot = getattr(s, "jackpot", False)
        self.records.append(state.game.record(state, players=names))
        self.pending_jackpot = bool(nxt.get("jackpot")) or (
            self.rules.jackpot_after_refusal and s.outcome == "unopened" and not jackpot
        )
        self._pending_why = (
            "a Jack-Pot again: the last was not opened, and its pot is carried (J-4)"
            if jackpot and s.outcome == "unopened"
            else "a Jack-Pot again, after a false opener (R4.9)"
            if s.outcome == "false-opener"
            else "a Jack-Pot, since all refused to play the deal before (J-1)"
        )
        self.redeal = int(nxt.get("redeal", 0)) if jackpot else 0
        self.ante_for_all = names[nxt["ante_for_all"]] if "ante_for_all" in nxt else None
        winners = [names[i] for i in s.pool_winners()]
        buck_moves = bool(jackpot and winners and self.rules.buck and self.buck != winners[0])
        if jackpot and winners and self.rules.buck:
            self.buck = winners[0]  # the buck went into the pool; its winner takes it
        self.deal_no += 1
        if jackpot and s.outcome == "unopened" and self.rules.unopened_same_dealer:
            pass  # R4.4 option: the same dealer deals again
        elif self.rules.dealer_moves == "winner" and winners:
            self.dealer = winners[0]
        else:
            self.dealer = self._left_of(self.dealer)
        self.state = None
        carried = sum(self.carried.values())  # the chips a player's payoff does not show
        self.log.append(
            f"deal {self.deal_no} over ({s.outcome}): "
            + ", ".join(f"{p} {self.bankrolls[p]}" for p in names)
            + (
                f"; a pot of {carried} carried to the next deal ({'J-4' if jackpot else 'R3.11'})"
                if carried and not self.is_over
                else ""
            )
            + (
                f"; {self.buck} {_agreeing('takes', self.buck or '')} the buck (J-1)"
                if buck_moves
                else ""
            )
        )
        if carried and self.is_over:
            self._return_unwon_pot()
        if self.is_over and self.deal_no < self.rules.deals:  # D-12: too few with chips
            solvent = self._solvent()
            who = f"no one but {solvent[0]} has" if solvent else "no one has"
            self.log.append(
                f"the sitting ends after {self.deal_no} of its {self.rules.deals} deals: "
                f"{who} chips left (D-12)"
            )

    def _return_unwon_pot(self) -> None:
        """The sitting ends with a pot nobody won: each player takes back his share of it (what
        he put in, and the share of any who left, D-12).  The seeds are silent on this; it is
        the project's choice, and no chip is lost."""
        shares = ", ".join(f"{p} {c}" for p, c in self.carried.items())
        for name, chips in self.carried.items():
            self.bankrolls[name] = self.bankrolls.get(name, 0) + chips
        total = sum(self.carried.values())
        self.carried = {}
        self.log.append(
            f"the sitting ends with a pot of {total} unwon: each takes back his share "
            f"({shares}); chips now: " + ", ".join(f"{p} {c}" for p, c in self.bankrolls.items())
        )


def left_broke(name: str) -> str:
    """The log's line for a player who leaves the table with no chips left (D-12)."""
    return f"{name} has no chips left and leaves the table (D-12)"


def _agreeing(verb: str, name: str) -> str:
    """``verb`` as it agrees with a player so named: "You take", "Bot 1 takes".

    >>> _agreeing("takes", "You"), _agreeing("takes", "Bot 1")
    ('take', 'takes')
    """
    return verb.removesuffix("s") if is_you(name) else verb
