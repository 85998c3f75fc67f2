"""One betting interval of classic poker, as a small reusable machine, and pot settlement.

Draw Poker, Jack-Pots, Straight, Stud and Whiskey Poker compose it.  A
:class:`Betting` is built with the seats still in (in speaking order, first
speaker first), what each has already put up in this interval (a blind, a
straddle), the *price* each must have put up to stay in, and the rules of the
interval (:class:`BetRules`).  It then offers the legal actions of the seat to
speak (:meth:`Betting.legal`), explains refusals naming the rule
(:meth:`Betting.why_illegal`), and applies actions (:meth:`Betting.apply`,
which returns the chips the seat put up) until the interval is over
(``to_act is None``).

Rules expressed (catalogue IDs):

* strict rotation to the left, nobody acting out of turn (D-8);
* ``call`` (see, trail, come in, make good), ``raise N`` (the price plus N),
  ``bet N`` when nothing has been bet, ``fold`` (drop, forfeiting what one has
  put up) (D-4..D-7, W-10);
* the interval ends when everyone still in has put up the same sum and nobody
  will raise: a raiser speaks again only after someone else raises (D-9);
* ``lone_speaks`` (a Jack-Pot's opening round, J-3, J-4): while nothing has been bet,
  a seat left alone in still speaks in his turn (he may open), so the round ends only
  when every seat still in has been asked;
* the first speaker bets or drops unless ``may_check`` (R3.9, R3.17); a player
  whose blind already covers the price may ``check`` (stand) or raise;
* the limit in both meanings: ``limit_kind="raise"`` caps each single bet or
  raise (S3, R3.3); ``limit_kind="interval"`` caps what each player puts up in
  the interval (S4: 5s before the draw, 20s after); every bet is a whole number
  of ``stage`` (D-2);
* S4's straddle (D-10): while every player so far has straddled, the next may
  double the price, within ``straddle_cap``; with ``raise_after_straddles_only``
  the first player who does not straddle is the only one who may raise;
* Straight Poker's "pass, and come in again unless someone has raised"
  (``reenter``, R5.4): ``pass`` keeps the seat in; once a *raise* (a bet over a
  bet) follows his pass, the passer is excluded (dropped); a passer coming
  back comes in as at Draw Poker, and so may raise (R5.4: "raising and seeing
  are otherwise as in Draw Poker", D-5);
* table stakes (not in the seeds; the project's choice): with ``stacks`` given,
  nobody puts up more than he has; a player who cannot cover calls for all he
  has and is *all-in*; :func:`settle` then builds side pools.  A player who owes
  nothing while everyone else still in is all-in has nobody to bet against and
  nothing to decide: he is not asked, and the interval ends (``cut_short``); one
  who owes a bet may still call or drop.

>>> rules = BetRules(stage=1, limit=5)
>>> b = Betting(rules, order=[2, 0, 1], put=[0, 1, 0], price=2)  # dealer 0; the Age (1) ante'd
>>> b.to_act, [str(a) for a in b.legal()]
(2, ['fold', 'call', 'raise 1', 'raise 2', 'raise 3', 'raise 4', 'raise 5'])
>>> b.apply(parse_act("raise 2")), b.price, b.to_act
(4, 4, 0)
>>> b.apply(parse_act("call")), b.apply(parse_act("call")), b.to_act, b.put
(4, 3, None, [4, 4, 4])

Settling: equal hands divide the pool, the odd chip going to the tied player
nearest the dealer's left (H-12)::

    >>> won, pools = settle([5, 5, 5], {0: 9, 1: 9, 2: 3}, order=[1, 2, 0])
    >>> won
    [7, 8, 0]
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

FOLD, CHECK, CALL, BET, RAISE, STRADDLE, PASS = (
    "fold", "check", "call", "bet", "raise", "straddle", "pass",
)  # fmt: skip


class Act:
    """A betting action; ``str(act)`` is its canonical text (``"raise 2"``).

    Acts are interned: :func:`act` returns the same object for the same text.
    """

    __slots__ = ("amount", "kind", "text")

    def __init__(self, kind: str, amount: int, text: str) -> None:
        self.kind = kind
        self.amount = amount
        self.text = text

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Act({self.text!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Act):
            return self.text == other.text
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.text)


_ACTS: dict[tuple[str, int, str], Act] = {}


def act(kind: str, amount: int = 0, word: str | None = None) -> Act:
    """The interned action of ``kind`` (and ``amount`` for bets and raises).

    ``word`` renames the action's text: Jack-Pots open (``open 3``) and pass
    (``pass`` for a check) where Draw Poker bets and checks.
    """
    key = (kind, amount, word or kind)
    found = _ACTS.get(key)
    if found is None:
        text = word or kind
        if kind in (BET, RAISE):
            text = f"{text} {amount}"
        found = _ACTS[key] = Act(kind, amount, text)
    return found


_ALIASES = {"drop": FOLD, "see": CALL, "trail": CALL, "stay": CALL}


def parse_act(text: str, rules: BetRules | None = None) -> Act | None:
    """Read a betting action's text; None if it is not one.

    >>> parse_act("raise 3"), parse_act("drop"), parse_act("open 2", BetRules(bet_word="open"))
    (Act('raise 3'), Act('fold'), Act('open 2'))
    """
    words = text.strip().lower().split()
    if not words:
        return None
    head = _ALIASES.get(words[0], words[0])
    bet_word = rules.bet_word if rules else BET
    check_word = rules.check_word if rules else CHECK
    if len(words) == 2 and words[1].isdecimal():
        amount = int(words[1])
        if head == RAISE:
            return act(RAISE, amount)
        if head in (BET, bet_word):
            return act(BET, amount, bet_word)
        return None
    if len(words) != 1:
        return None
    if head == check_word:
        return act(CHECK, 0, check_word)
    if head in (FOLD, CALL, STRADDLE, PASS, CHECK):
        return act(head)
    return None


#: the most bets a limit may allow (its multiples of the stage), each a legal action
MAX_AMOUNTS = 1000


def check_limit(stage: int, limit: int, stage_name: str = "the stage",
                limit_name: str = "the limit") -> None:  # fmt: skip
    """D-2: a stage of at least 1 and a limit of at least the stage, or ValueError naming them.

    >>> check_limit(1, -3, "stage_before", "limit_before")
    Traceback (most recent call last):
    ValueError: D-2: stage_before (1) must be at least 1 and limit_before (-3) at least the stage
    """
    if stage < 1 or limit < stage:
        raise ValueError(
            f"D-2: {stage_name} ({stage}) must be at least 1 and {limit_name} ({limit}) at least "
            f"the stage"
        )
    if limit // stage > MAX_AMOUNTS:  # a million amounts took seconds to list, each turn
        raise ValueError(
            f"D-2: {limit_name} ({limit}) allows {limit // stage:,} bets of {stage_name} "
            f"({stage}); at most {MAX_AMOUNTS:,}, since every one is a legal action: raise "
            f"{stage_name} or lower {limit_name}"
        )


@dataclass(frozen=True)
class BetRules:
    """The rules of one betting interval (see the module docstring)."""

    #: D-2: the stage, the smallest bet or raise; every bet or raise is a multiple of it
    stage: int = 1
    #: D-2, R3.3: the limit (must be set: the legal actions are listed up to it)
    limit: int = 10
    #: D-2: "raise" caps each single bet or raise (S3, R3.3); "interval" caps each player's
    #: total put up in this interval (S4: "liable to lose £1 5s. 0d. in a round")
    limit_kind: str = "raise"
    #: R3.9, R3.17: with nothing to meet a player may check (False: bet or drop)
    may_check: bool = False
    #: R5.4: pass and come in again, unless someone has raised meanwhile
    reenter: bool = False
    #: D-10: S4's straddle (double the price) while every speaker so far has straddled
    straddle: bool = False
    #: D-10, D-11: a straddle may not take the price above this (None: the limit)
    straddle_cap: int | None = None
    #: D-10: only the player after the last straddle may raise (S4: "the next player (only)")
    raise_after_straddles_only: bool = False
    #: J-3, J-4: while nothing is bet, a seat left alone is still asked (he may open)
    lone_speaks: bool = False
    #: the text of a first bet ("open" in Jack-Pots, J-5)
    bet_word: str = BET
    #: the text of a check ("pass" before a Jack-Pot is opened, R4.2)
    check_word: str = CHECK
    #: the rule a speaker's turn follows, named when a bet is refused: W-10 (S3: each in turn
    #: drops, calls or raises); D-5 before the draw at Draw Poker, J-5 in a Jack-Pot's opening
    turn_rule: str = "W-10"

    def __post_init__(self) -> None:
        object.__setattr__(self, "_cache", {})  # legal actions by situation (not a field)
        object.__setattr__(self, "_plain_cache", {})  # the same, plain and without stacks
        plain = not (self.straddle or self.reenter or self.raise_after_straddles_only)
        object.__setattr__(self, "_plain", plain)  # nothing but the limit restricts a raise
        check_limit(self.stage, self.limit)
        if self.limit_kind not in ("raise", "interval"):
            raise ValueError(f"limit_kind must be 'raise' or 'interval', not {self.limit_kind!r}")


class Betting:
    """One betting interval in progress (see the module docstring).

    ``order``: seats still in, first speaker first, in rotation to the left.
    ``put``: chips each seat (indexed by seat) has put up in this interval so far.
    ``price``: the sum each must have put up to stay in.
    ``stacks``: chips each seat has behind him (table stakes), or None for no cap.
    """

    __slots__ = (
        "_idx", "_last", "allin", "chain_open", "cut_short", "live", "order", "passed",
        "pending", "price", "put", "raised", "rules", "stacks", "to_act",
    )  # fmt: skip

    def __init__(
        self,
        rules: BetRules,
        order: Sequence[int],
        put: Sequence[int] | None = None,
        price: int = 0,
        stacks: Sequence[int] | None = None,
    ) -> None:
        if put is not None:
            size = len(put)
            self.put = list(put)
            top = max(self.put, default=0)
            self.price = price if price >= top else top
        else:
            size = max(order) + 1 if order else 0
            self.put = [0] * size
            self.price = price
        self.rules = rules
        self.order = list(order)
        self.stacks = list(stacks) if stacks is not None else None
        self.live = live = [False] * size
        self.allin = [False] * size
        self.pending = pending = [False] * size
        self.passed = [False] * size
        for seat in self.order:
            live[seat] = True
            if self.stacks is not None and self.stacks[seat] <= 0:
                self.allin[seat] = True
            else:
                pending[seat] = True
        self.raised = False  # a bet has been made over a bet (R5.4)
        self.chain_open = rules.straddle or rules.raise_after_straddles_only
        self._idx = -1
        self._last: tuple[list[Act], frozenset[int]] | None = None
        self.to_act: int | None = None
        #: table stakes: the interval ended because nobody left in could bet against another
        self.cut_short = False
        self._advance()
        if self.to_act is None and live.count(True) > 1:
            self.cut_short = True  # nobody asked: all still in but at most one are all-in

    # -- reading
    @property
    def seats_in(self) -> list[int]:
        """The seats still in (not dropped), in speaking order."""
        return [s for s in self.order if self.live[s]]

    @property
    def done(self) -> bool:
        return self.to_act is None

    def _room(self, seat: int) -> int:
        return 1 << 60 if self.stacks is None else self.stacks[seat]

    def _max_raise(self, seat: int) -> int:
        """The largest raise the limit and the seat's chips allow (0: none)."""
        r = self.rules
        cap = r.limit if r.limit_kind == "raise" else r.limit - self.price
        if self.stacks is None:
            return cap
        return min(cap, self.stacks[seat] - self.price + self.put[seat])

    def _idle(self, seat: int) -> bool:
        """Table stakes: ``seat`` owes nothing and everyone else still in is all-in, so he
        has no bet to meet and nobody to bet against: nothing to decide."""
        if self.put[seat] < self.price:
            return False
        live, allin = self.live, self.allin
        return not any(live[s] and not allin[s] for s in self.order if s != seat)

    def _lone_to_speak(self) -> bool:
        """With ``lone_speaks``: nothing is bet and a seat still in has yet to speak, so the
        interval goes on though one seat alone is left (J-3, J-4)."""
        if not self.rules.lone_speaks or self.price:
            return False
        live, pending = self.live, self.pending
        return any(live[s] and pending[s] for s in self.order)

    def _may_raise(self, seat: int) -> str | None:
        """None if ``seat`` may raise now, else the rule that forbids it."""
        r = self.rules
        if r.raise_after_straddles_only and not self.chain_open:
            return "D-10: before the draw only the player after the last straddle may raise"
        if self.stacks is not None:
            others = [s for s in self.order if s != seat and self.live[s] and not self.allin[s]]
            if not others:
                return "table stakes: everyone else is all-in, so there is nobody to raise"
        return None

    def _legal_entry(self) -> tuple[list[Act], frozenset[int]]:
        """The legal actions of the seat to speak, and their ids (cached by situation)."""
        if self._last is not None:
            return self._last
        seat = self.to_act
        r = self.rules
        owe = self.price - self.put[seat]  # type: ignore[index]
        if r._plain and self.stacks is None:  # type: ignore[attr-defined]
            # whether something is owed and the price settle everything below
            plain = r._plain_cache  # type: ignore[attr-defined]
            short = (owe > 0, self.price)
            entry = plain.get(short)
            if entry is None:
                entry = plain[short] = self._entry_for(seat, owe)  # type: ignore[arg-type]
            self._last = entry
            return entry
        entry = self._last = self._entry_for(seat, owe)  # type: ignore[arg-type]
        return entry

    def _entry_for(self, seat: int, owe: int) -> tuple[list[Act], frozenset[int]]:
        r = self.rules
        if owe > 0:
            flag = 1
        elif r.reenter and not self.passed[seat]:
            flag = 2
        else:
            flag = 3 if (r.may_check or self.price > 0) else 0
        top = allin = 0
        straddle = False
        if r._plain and self.stacks is None:  # type: ignore[attr-defined]
            top = r.limit if r.limit_kind == "raise" else r.limit - self.price
        elif self._may_raise(seat) is None:
            top = self._max_raise(seat)
            if self.stacks is not None:
                room = self.stacks[seat] - owe
                if 0 < room < r.stage or (0 < room <= top and room % r.stage):
                    allin = room
            straddle = r.straddle and self._straddle_refusal(seat) is None
        key = (flag, top, self.price == 0, allin, straddle)
        cache: dict[tuple[Any, ...], tuple[list[Act], frozenset[int]]] = r._cache  # type: ignore[attr-defined]
        entry = cache.get(key)
        if entry is None:
            acts = [act(FOLD)]
            if flag == 1:
                acts.append(act(CALL))
            elif flag == 2:
                acts.append(act(PASS))
            elif flag == 3:
                acts.append(act(CHECK, 0, r.check_word))
            if self.price == 0:
                acts.extend(act(BET, n, r.bet_word) for n in range(r.stage, top + 1, r.stage))
            else:
                acts.extend(act(RAISE, n) for n in range(r.stage, top + 1, r.stage))
            if allin:
                word = r.bet_word if self.price == 0 else None
                acts.append(act(BET if self.price == 0 else RAISE, allin, word))
            if straddle:
                acts.append(act(STRADDLE))
            entry = cache[key] = (acts, frozenset(id(a) for a in acts))
        return entry

    def legal(self) -> list[Act]:
        """The legal actions of the seat to speak (empty when the interval is over)."""
        if self.to_act is None:
            return []
        return list(self._legal_entry()[0])

    def _straddle_refusal(self, seat: int) -> str | None:
        r = self.rules
        if not r.straddle:
            return "D-10: straddling is not in use in this interval"
        if not self.chain_open:
            return (
                "D-10: only a player sitting next to the dealer or to a previous "
                "straddler may straddle"
            )
        cap = r.straddle_cap if r.straddle_cap is not None else r.limit
        if self.price <= 0:
            return "D-10: a straddle doubles the blind, and nothing is put up yet to double"
        if 2 * self.price > cap:
            return f"D-10/D-11: a straddle to {2 * self.price} would pass the limit of {cap}"
        if 2 * self.price - self.put[seat] > self._room(seat):
            return "table stakes: not enough chips to straddle"
        return None

    def why_illegal(self, a: Act) -> str | None:
        """None if ``a`` is legal for the seat to speak, else why not (naming the rule)."""
        seat = self.to_act
        if seat is None:
            return "the betting interval is over (D-9)"
        if id(a) in self._legal_entry()[1]:
            return None
        r = self.rules
        kind = a.kind
        owe = self.price - self.put[seat]
        if kind == FOLD:
            return None
        if kind == CHECK:
            if owe > 0:
                done = "passed" if r.check_word == "pass" else "checked"
                return f"{r.turn_rule}: {owe} to meet: call, raise or drop; nothing may be {done}"
            if not r.may_check and self.price == 0:
                return "R3.9, R3.17: the first to speak must bet or drop; he may not check"
            return None if a.text == r.check_word else f"say {r.check_word!r}"
        if kind == PASS:
            if not r.reenter:
                return "R3.9: to pass is to drop here; say 'fold' (or check where allowed)"
            if owe > 0 or self.passed[seat]:
                return "R5.4: a bet stands against you: you may not pass; call, raise or drop"
            return None
        if kind == CALL:
            if owe > 0:
                return None
            legal = self.legal()
            free = any(x.kind in (CHECK, PASS) for x in legal)
            instead = in_words(x for x in legal if x.kind != FOLD) + ([] if free else ["drop"])
            return f"{r.turn_rule}: nothing to call; say {' or '.join(instead)}"
        if kind == STRADDLE:
            return self._straddle_refusal(seat)
        # bet or raise
        why = self._may_raise(seat)
        if why is not None:
            return why
        if kind == BET and self.price > 0:
            return f"{r.turn_rule}: a bet of {self.price} stands: call, raise or drop"
        if kind == RAISE and self.price == 0:
            return f"W-9: nothing has been bet yet: '{r.bet_word} N'"
        if kind == BET and a.text.split()[0] != r.bet_word:
            return f"the first bet here is written '{r.bet_word} N'"
        n = a.amount
        room = self._room(seat) - owe
        if n % r.stage and n != room:
            return f"D-2: bets and raises go in stages of {r.stage}"
        if n <= 0:
            return "D-2: a bet or raise must be at least one stage"
        if r.limit_kind == "raise" and n > r.limit:
            return f"D-2, R3.3: the limit is {r.limit}: no single bet or raise may pass it"
        if r.limit_kind == "interval" and self.price + n > r.limit:
            return (
                f"D-2 (S4): each player may put up at most {r.limit} in this interval; "
                f"{self.price} is already the price"
            )
        if self.stacks is not None and n > room:  # after the limit, which binds everyone
            chips = self._room(seat)
            return f"table stakes: seat {seat} has only {chips} chip{'' if chips == 1 else 's'}"
        return None

    # -- acting
    def apply(self, a: Act) -> int:
        """Apply a legal action for the seat to speak; returns the chips it put up."""
        seat = self.to_act
        assert seat is not None
        self._last = None
        kind = a.kind
        paid = 0
        pending = self.pending
        pending[seat] = False
        if kind == CALL:
            self.passed[seat] = False  # R5.4: a passer who comes in again is in as the rest
            paid = self.price - self.put[seat]
            if self.stacks is not None and paid > self.stacks[seat]:
                paid = self.stacks[seat]
        elif kind in (RAISE, BET, STRADDLE):
            self.passed[seat] = False
            price = self.price
            target = 2 * price if kind == STRADDLE else price + a.amount
            paid = target - self.put[seat]
            if price > 0:
                if kind != STRADDLE and self.rules.reenter:
                    self._exclude_passers()
                self.raised = True
            self.price = target
            live, allin = self.live, self.allin
            for s in self.order:
                if live[s] and not allin[s]:
                    pending[s] = True
            pending[seat] = False
        elif kind == FOLD:
            self.live[seat] = False
        elif kind == PASS:
            self.passed[seat] = True
        if kind != STRADDLE:
            self.chain_open = False
        if paid:
            self.put[seat] += paid
            if self.stacks is not None:
                self.stacks[seat] -= paid
                if self.stacks[seat] == 0:
                    self.allin[seat] = True
        # the next to speak (as _advance, inlined)
        live = self.live
        if live.count(True) <= 1 and not self._lone_to_speak():
            self.to_act = None
            return paid
        if self.stacks is not None:
            self._advance()  # with table stakes a seat may have nothing to decide
            return paid
        order = self.order
        n = len(order)
        i = self._idx
        for _ in range(n):
            i = i + 1 if i + 1 < n else 0
            s = order[i]
            if pending[s] and live[s]:
                self.to_act = s
                self._idx = i
                return paid
        self.to_act = None
        return paid

    def drop(self, seat: int) -> None:
        """``seat`` throws in out of turn (R8.8): he is out at once; with one seat left in,
        the interval is over (R3.19)."""
        self.live[seat] = False
        self.pending[seat] = False
        self._last = None
        if self.live.count(True) <= 1 and not self._lone_to_speak():
            self.to_act = None

    def _exclude_passers(self) -> None:
        if self.rules.reenter:
            for s in self.order:
                if self.passed[s] and self.live[s]:
                    self.live[s] = False  # R5.4: excluded once someone has raised
                    self.pending[s] = False

    def _advance(self) -> None:
        order = self.order
        live = self.live
        if live.count(True) <= 1 and not self._lone_to_speak():
            self.to_act = None
            return
        pending = self.pending
        n = len(order)
        i = self._idx  # the index in ``order`` of the seat that spoke last
        for _ in range(n):
            i = i + 1 if i + 1 < n else 0
            seat = order[i]
            if pending[seat] and live[seat]:
                if self.stacks is not None and self._idle(seat):
                    pending[seat] = False  # nothing to decide: he is not asked
                    self.cut_short = True
                    continue
                self.to_act = seat
                self._idx = i
                return
        self.to_act = None

    def turned_to(self, seat: int) -> Betting:
        """A copy in which ``seat`` is to speak (to judge an act out of turn, R8.8); the
        legal acts cached for the seat really to speak are not his."""
        other = self.copy()
        other.to_act, other._last = seat, None
        return other

    def copy(self) -> Betting:
        other = Betting.__new__(Betting)
        other.rules = self.rules
        other.order = self.order  # never mutated after construction
        other.put = self.put[:]
        other.price = self.price
        other.stacks = None if self.stacks is None else self.stacks[:]
        other.live = self.live[:]
        other.allin = self.allin[:]
        other.pending = self.pending[:]
        other.passed = self.passed[:]
        other.raised = self.raised
        other.chain_open = self.chain_open
        other.cut_short = self.cut_short
        other._idx = self._idx
        other._last = self._last
        other.to_act = self.to_act
        return other


# ---------------------------------------------------------------------------
# settlement


@dataclass(frozen=True)
class Pool:
    """One pool of a settlement: its chips, who may win it, who did and what each took."""

    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...]
    shares: tuple[int, ...]


def settle(
    contributions: Sequence[int],
    contenders: dict[int, int],
    order: Sequence[int],
    capped: Collection[int] | None = None,
    dead: int = 0,
) -> tuple[list[int], list[Pool]]:
    """Divide the chips put up among the hands still in.

    ``contributions[seat]``: everything the seat put up this deal (dropped seats
    included).  ``contenders``: seat -> hand strength (higher wins) for every
    seat still in.  ``order``: all seats from the dealer's left round to the
    dealer.  Exactly equal hands divide a pool; the odd chip goes to the tied
    winner nearest the dealer's left (H-12).  Side pools (table stakes, the
    project's choice): a player who put up less than others competes only for
    the chips matched by his own, if he is ``capped`` (all in; None: every
    contender is); any other contender competes for every chip, whatever share
    he put up (an ante paid for all, R4.9).  ``dead`` chips (a pot carried from
    earlier deals, J-2) go to the main pool, open to every hand.  A lone
    contender takes everything (W-12).

    >>> won, pools = settle([3, 10, 10], {0: 50, 1: 20, 2: 10}, order=[1, 2, 0])
    >>> won, [(p.amount, p.eligible, p.winners) for p in pools]
    ([9, 14, 0], [(9, (1, 2, 0), (0,)), (14, (1, 2), (1,))])
    >>> settle([3, 10, 10], {0: 50, 1: 20, 2: 10}, order=[1, 2, 0], capped=(), dead=6)[0]
    [29, 0, 0]
    """
    won = [0] * len(contributions)
    if not contenders:
        return won, []
    rank_of = {s: i for i, s in enumerate(order)}
    limited = set(contenders) if capped is None else set(capped) & set(contenders)
    top = max(contributions)
    stakes = {contributions[s] for s in limited}
    if not any(contributions[s] < top for s in limited):
        levels = [top]  # one pool, no side pools
    else:
        levels = sorted(stakes | ({top} if len(limited) < len(contenders) else set()))
    pools: list[Pool] = []
    below = 0
    for i, level in enumerate(levels):
        cap = level if i < len(levels) - 1 else top
        amount = sum(min(c, cap) - min(c, below) for c in contributions) + (dead if i == 0 else 0)
        below = cap
        if amount <= 0:
            continue
        eligible = tuple(sorted((s for s in contenders
                                 if s not in limited or contributions[s] >= level),
                                key=rank_of.__getitem__))  # fmt: skip
        best = max(contenders[s] for s in eligible)
        winners = tuple(s for s in eligible if contenders[s] == best)
        share, odd = divmod(amount, len(winners))
        shares = tuple(share + (1 if k < odd else 0) for k in range(len(winners)))
        for s, x in zip(winners, shares, strict=True):
            won[s] += x
        pools.append(Pool(amount, eligible, winners, shares))
    return won, pools


def in_words(legal: Iterable[object]) -> list[str]:
    """Betting actions as a person types them, amounts as ranges.

    >>> in_words(["fold", "call", "raise 1", "raise 2", "raise 5"])
    ['fold', 'call', 'raise 1..5']
    """
    amounts: dict[str, list[int]] = {}
    for a in legal:
        head, *amount = str(a).split()
        amounts.setdefault(head, []).extend(int(x) for x in amount)
    return [
        head if not got else f"{head} {min(got)}" + (f"..{max(got)}" if len(got) > 1 else "")
        for head, got in amounts.items()
    ]


def bare_word_refusal(text: str, words: list[str], rule: str) -> str | None:
    """Why ``text`` is refused when it is a bet's word without its amount, else None.

    >>> bare_word_refusal(" Raise", ["fold", "raise 1..5"], "D-5")
    'D-5: raise how much? raise 1..5'
    """
    said = text.strip().lower()
    needs = [w for w in words if " " in w and w.split()[0] == said]
    return f"{rule}: {said} how much? {needs[0]}" if needs else None
