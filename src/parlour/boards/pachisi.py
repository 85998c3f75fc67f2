"""Pachisi and the Acehnese pachih (catalogue PC-1, PC-2; board-games.md section C).

>>> import parlour
>>> game = parlour.make("pachisi", players=4)
>>> state = game.new_state(seed=3)
>>> state.observation(0)["turn"] in "SENW"
True

Colours (arms) are S, E, N, W = 0..3, moving in that order (anticlockwise, C.4
step 1).  With 4 players seat k plays colour k and, under ``teams="partners"``,
S+N play against E+W.  With 2 players each seat runs two opposite colours
(seat 0: S and N; seat 1: E and W) under ``teams="partners"``, or one colour
each (S, N) under ``teams="none"``.  With 3 players S, E and N play alone (``teams`` is
"none", whatever is asked).

A piece's place is its position on its colour's own track: 0 in the Charkoni
before entering (or after being hit), 1..83 on the board, 84 home.

Actions: ``"S12+10"`` moves the S piece on position 12 with the throw 10;
``"S0+25"`` enters an S piece with the 25; a value of 1 (``"S12+1"``,
``"S0+1"``) uses the extra one-step move (dāna) of the Herklots rule sets; a
trailing ``" lap"`` takes the piece round again from position 76 (C.4 step 9);
a trailing ``" grace"`` marks every entry by a grace onto position 1
(``"S0+25 grace"``, C.4 step 4), where ``"S0+25"`` enters a piece moving the
throw (a first piece entering free, or ``grace_entry_mode="enter_and_move_value"``);
``"pass"`` declines the throws still to be used (C.4 step 8).  A throw that no
piece can use is forfeited automatically: the turn goes on without asking
(C.4 step 8, "the throw is forfeited").

Every throw goes through ``self._chance("throw", ...)`` (the number of cowries
mouth up), so games replay exactly.  Payoffs are zero-sum: every seat of the
winning side gets ``(n - w) / w`` (n seats, w of them winning; +1 each in a 2v2
partnership), every other seat -1.  Safeguard: after ``max_turns`` turns (4000
by default, far beyond any game seen in play) the game ends drawn, all payoffs 0.
"""

from __future__ import annotations

import random
import re
from collections import deque
from collections.abc import Callable
from dataclasses import replace
from typing import Any, Self

from parlour.boards.pachisi_board import (
    CASTLES,
    COLOURS,
    HOME,
    LAP_POINT,
    LAP_SHIFT,
    LAST,
    TRACK_CELL,
)
from parlour.boards.pachisi_rules import (
    THROW_TABLES,
    PachisiRules,
    cowries,
    rules_from_options,
    throw_cowries,
)
from parlour.game import Game, IllegalAction, State, register

DANA = 1  # the extra one-step move; no throw table has a value of 1
PASS = "pass"
LOG = 16  # the notes a state keeps: the terminal shows those since a player's last move
_MOVE = re.compile(r"^([SENW])(\d{1,2})\+(\d{1,2})( lap| grace)?$")


class Move:
    """Move one piece of ``colour`` from ``start`` with the throw ``value`` to ``to``."""

    __slots__ = ("captures", "colour", "grace", "lap", "start", "to", "value")

    def __init__(
        self,
        colour: int,
        start: int,
        value: int,
        to: int,
        lap: bool = False,
        captures: int = 0,
        grace: bool = False,
    ) -> None:
        self.colour, self.start, self.value, self.to, self.lap = colour, start, value, to, lap
        self.captures, self.grace = captures, grace

    def __str__(self) -> str:
        tail = " lap" if self.lap else (" grace" if self.grace else "")
        return f"{COLOURS[self.colour]}{self.start}+{self.value}{tail}"

    def __repr__(self) -> str:
        return f"Move({self})"

    def __eq__(self, other: object) -> bool:
        return str(self) == str(other)

    def __hash__(self) -> int:
        return hash(str(self))


def seating(players: int, teams: str) -> tuple[list[int], dict[int, int], dict[int, int]]:
    """The colours in play (in turn order), each colour's seat and each colour's side (PC-1)."""
    if teams == "partners" and players in (2, 4):
        active = [0, 1, 2, 3]
        return active, {c: c % players for c in active}, {c: c % 2 for c in active}
    active = [0, 2] if players == 2 else list(range(players))
    owner = {c: i for i, c in enumerate(active)}
    return active, owner, {c: c for c in active}


class PachisiState(State):
    """A game of Pachisi in progress: pieces, the turn, and the throws still to use."""

    def __init__(self, game: Game, rng: random.Random, script: deque[Any] | None = None) -> None:
        super().__init__(game, rng, script)
        r: PachisiRules = game.rules
        self.rules = r
        self.active, self.owner, self.side = seating(game.num_players, r.teams)
        start = 1 if r.pieces_start == "start_square" else 0
        self.pos: list[list[int]] = [[start] * 4 if c in self.active else [] for c in range(4)]
        self.entered = [start == 1] * 4
        self.turn_colour = self.active[0]
        self.pending: list[int] = []
        self.thrown: list[int] = []
        self.again = 0  # throws owed this turn (a grace, a capture_bonus_throw)
        self.turns = 0
        self.winner: int | None = None
        self.drawn = False
        #: the last LOG notes told, the player's moves among them
        self.log: list[str] = []
        #: what a replay tells besides the actions (throws, forfeits, passes, hits), each note
        #: with the number of history entries before it
        self.told: list[tuple[int, str]] = []
        #: how many notes have been told, and how many had been at each seat's last move or pass
        self.noted = 0
        self.noted_at_move = [0] * game.num_players
        #: the moves and passes each seat has made (the terminal tells the rules before the first)
        self.moves_by_seat = [0] * game.num_players
        self._legal: list[Any] | None = None
        #: a bot's search copy: clones share the generator (search never throws by it)
        self.search = False
        if r.first_player == "highest_throw":
            self.turn_colour = self._first_colour()
        self._new_turn(advance=False)
        self._advance()

    # -- chance
    def _throw(self) -> int:
        r = self.rules
        up = self._chance("throw", lambda rng: throw_cowries(r, rng), self._up_check)
        return THROW_TABLES[r.throw_table][int(up)]

    def _up_check(self, up: object) -> str | None:
        """A recorded throw is how many cowries fell mouth up: a whole number 0..cowries."""
        most = cowries(self.rules)
        if isinstance(up, int) and not isinstance(up, bool) and 0 <= up <= most:
            return None
        return f"a throw is the number of cowries mouth up, 0..{most}"

    def _ups_check(self, n: int) -> Callable[[object], str | None]:
        """C.4 step 1: ``n`` colours' throws for the first turn, each checked as a throw."""

        def check(ups: object) -> str | None:
            if not isinstance(ups, list) or len(ups) != n:
                return f"the throws for the first turn are a list of {n}"
            return next((why for up in ups if (why := self._up_check(up))), None)

        return check

    def _first_colour(self) -> int:
        """Each colour throws; the highest throw starts, ties throw again (C.4 step 1)."""
        r = self.rules
        candidates = list(self.active)
        while len(candidates) > 1:
            n = len(candidates)

            def throw_each(rng: random.Random, n: int = n) -> list[int]:
                return [throw_cowries(r, rng) for _ in range(n)]

            ups = self._chance("first", throw_each, self._ups_check(n))
            values = [THROW_TABLES[r.throw_table][int(k)] for k in ups]
            best = max(values)
            candidates = [c for c, v in zip(candidates, values, strict=True) if v == best]
        self._note(f"{COLOURS[candidates[0]]} threw highest and starts")
        return candidates[0]

    def _throw_round(self) -> None:
        """Throw once (or, accumulating, until a stopping throw) and add to the pending throws."""
        r = self.rules
        while True:
            value = self._throw()
            self.thrown.append(value)
            self._note(f"{COLOURS[self.turn_colour]} throws {value}")
            t = self.thrown
            if r.triple_repeat_cancels and len(t) >= 3 and t[-1] == t[-2] == t[-3]:
                self._void_triple(value)
                return
            self.pending.append(value)
            if r.grace_entry_mode == "dana_extra_step" and value in r.grace_throws:
                self.pending.append(DANA)
            more = value in r.again_throws and self._may_throw_more()
            if r.accumulate_throws_until_stop and more:
                continue
            self.again += more and not r.accumulate_throws_until_stop
            return

    def _may_throw_more(self) -> bool:
        """Whether one more throw may be owed: ``max_throws_per_turn`` counts those owed."""
        cap = self.rules.max_throws_per_turn
        return cap == 0 or len(self.thrown) + self.again < cap

    def _void_triple(self, value: int) -> None:
        """Three identical throws in a row do not count (Herklots): drop them, end the throwing."""
        for _ in range(2):
            if value in self.pending:
                self.pending.remove(value)
                if self.rules.grace_entry_mode == "dana_extra_step" and (
                    value in self.rules.grace_throws and DANA in self.pending
                ):
                    self.pending.remove(DANA)
        self.again = 0
        self._note(f"three {value}s in a row do not count")

    # -- turn flow
    def _new_turn(self, advance: bool = True) -> None:
        if advance:
            i = self.active.index(self.turn_colour)
            self.turn_colour = self.active[(i + 1) % len(self.active)]
        self.turns += 1
        self.thrown = []
        self.pending = []
        self.again = 0
        if self.rules.max_turns and self.turns > self.rules.max_turns:
            self.drawn = True
            self._note(f"{self.rules.max_turns} turns played: the game is drawn (safeguard)")
            return
        self._throw_round()

    def _advance(self) -> None:
        """Throw and forfeit until a seat has a decision to make or the game ends."""
        while not self.is_over:
            self._legal = None
            if self.pending:
                if self._moves():
                    return
                shown = ", ".join(str(v) for v in self.pending)
                self._note(f"{COLOURS[self.turn_colour]} cannot use {shown}: forfeited")
                self.pending = []
            elif self.again:
                self.again -= 1
                self._throw_round()
            else:
                self._new_turn()
        self._legal = None

    def _note(self, text: str, echo: bool = False) -> None:
        """Tell ``text`` (the log keeps the last LOG, as many as the board shows); an ``echo``
        only repeats the action."""
        self.log.append(text)
        self.noted += 1
        if not echo:
            self.told.append((len(self.history), text))
        if len(self.log) > LOG:
            del self.log[0]

    # -- the protocol
    @property
    def to_move(self) -> int | None:
        return None if self.is_over else self.owner[self.turn_colour]

    @property
    def is_over(self) -> bool:
        return self.winner is not None or self.drawn

    def movers(self) -> list[int]:
        """Colours whose pieces the turn may move: its own, or a finished colour's partners."""
        c = self.turn_colour
        if self.rules.finished_player_helps_partner and all(p == HOME for p in self.pos[c]):
            return [d for d in self.active if self.side[d] == self.side[c] and d != c] or [c]
        return [c]

    def legal_actions(self) -> list[Any]:
        if self.is_over:
            return []
        moves: list[Any] = list(self._moves())
        if self.rules.may_pass or not moves:
            moves.append(PASS)
        return moves

    def _moves(self) -> list[Move]:
        if self._legal is None:
            self._legal = self._generate()
        return self._legal

    def _generate(self) -> list[Move]:
        occupancy = self.occupancy()
        out: list[Move] = []
        values = sorted(set(self.pending))
        for c in self.movers():
            for p in sorted(set(self.pos[c])):
                if p == HOME:
                    continue
                for v in values:
                    for to, lap in self.targets(c, p, v):
                        caught = self.landing(c, p, to, lap, occupancy)
                        if caught is not None:
                            grace = p == 0 and to != v and v != DANA  # enters on step 1
                            out.append(Move(c, p, v, to, lap, caught, grace))
        return out

    def occupancy(self) -> dict[int, list[int]]:
        """Cell -> colours of the pieces standing there (one entry per piece)."""
        occ: dict[int, list[int]] = {}
        for c in self.active:
            cells = TRACK_CELL[c]
            for p in self.pos[c]:
                if 0 < p < HOME:
                    occ.setdefault(cells[p], []).append(c)
        return occ

    def targets(self, c: int, p: int, v: int) -> list[tuple[int, bool]]:
        """Where the throw ``v`` may take colour ``c``'s piece from ``p`` (before landing rules)."""
        r = self.rules
        if p == 0:
            if v == DANA:
                return [(1, False)]
            grace = v in r.grace_throws and r.grace_entry_mode != "dana_extra_step"
            at = 1 if r.grace_entry_mode.startswith("enter_on") else v
            if r.first_piece_free_entry and not self.entered[c]:
                # C.4 step 4: the first piece "may" enter free, moving v; a grace still enters on 1
                return [(v, False), (at, False)] if grace and at != v else [(v, False)]
            return [(at, False)] if grace else []
        out: list[tuple[int, bool]] = []
        t = p + v
        if p == LAST and v != DANA and r.grace_bears_off and v in r.grace_throws:
            out.append((HOME, False))
        elif t <= HOME:
            out.append((t, False))
        elif not r.exact_finish:
            out.append((HOME, False))
        if r.allow_extra_circuit and p <= LAP_POINT < t:
            out.append((t - LAP_SHIFT, True))
        return out

    def landing(self, c: int, p: int, to: int, lap: bool, occ: dict[int, list[int]]) -> int | None:
        """None if the piece may not end on ``to``; else how many opponents it hits there.

        Without ``stacking_outside_safe`` a colour's own start square still takes more of its
        pieces, by any step that reaches it (1 entering, 83 coming home): its pieces start or
        enter there and hit ones go back there together (C.5); no other colour's track passes it.
        """
        r = self.rules
        if r.blockades and self._blocked(c, p, min(to, LAST), lap, occ):
            return None  # a blockade stops a piece going home as well (C.8)
        if to == HOME:
            return 0
        cell = TRACK_CELL[c][to]
        side = self.side[c]
        here = occ.get(cell, ())
        enemies = [e for e in here if self.side[e] != side]
        castle = cell in CASTLES[r.castle_layout]
        if enemies:
            if castle:
                return 0 if r.enemy_castle_landing == "allowed_no_capture" else None
            if r.doubled_pieces_immune and any(enemies.count(e) > 1 for e in set(enemies)):
                return None
            return len(enemies)
        if not r.stacking_outside_safe and here and not castle and cell != TRACK_CELL[c][1]:
            return None
        return 0

    def _blocked(self, c: int, p: int, to: int, lap: bool, occ: dict[int, list[int]]) -> bool:
        """Blockades: two or more pieces of one opposing colour stop passing (C.8)."""
        if lap:
            steps = [*range(p + 1, LAP_POINT + 1), *range(LAP_POINT + 1 - LAP_SHIFT, to + 1)]
        else:
            steps = list(range(p + 1, to + 1))
        for q in steps:
            here = occ.get(TRACK_CELL[c][q], ())
            for e in set(here):
                if self.side[e] != self.side[c] and here.count(e) > 1:
                    return True
        return False

    def _parse(self, text: str) -> Any:
        """The legal action ``text`` names, in any case and spacing; a grace entry may leave
        out its tail (``S0+6``: records made before every grace entry carried it)."""
        legal = {str(a): a for a in self.legal_actions()}
        words = text.split()  # spaces and case as typed: " s0+6 " is S0+6
        read = " ".join([words[0].upper() if words[0].lower() != PASS else PASS,
                         *(w.lower() for w in words[1:])]) if words else text  # fmt: skip
        found = legal.get(read) or legal.get(read + " grace")
        # what is no action at all is named as it was typed ('zz', not 'ZZ')
        return found or (read if read == PASS or _MOVE.match(read) else text)

    def _why_illegal(self, action: Any) -> str | None:
        text = str(action)
        legal = self.legal_actions()
        if any(str(a) == text for a in legal):
            return None
        return self._diagnose(text, legal)

    def _diagnose(self, text: str, legal: list[Any]) -> str:
        r = self.rules
        colour = COLOURS[self.turn_colour]
        shown = ", ".join(str(a) for a in legal[:12]) + (", ..." if len(legal) > 12 else "")
        tail = f"; legal: {shown}"
        if text == PASS:
            return f"C.4 step 8: passing is off (may_pass=false) while a move exists{tail}"
        m = _MOVE.match(text)
        if not m:
            return f"{text!r} is not a Pachisi action (e.g. S12+10, S0+25, pass){tail}"
        c, p, v, lap = COLOURS.index(m[1]), int(m[2]), int(m[3]), m[4] == " lap"
        movers = self.movers()
        if c not in movers:
            whose = (
                f"{colour}'s own"
                if movers == [self.turn_colour]
                else " and ".join(f"its partner {COLOURS[d]}'s" for d in movers)
            )  # C.4 step 10: all home
            return f"PC-1/C.4: it is {colour}'s turn; it moves {whose} pieces{tail}"
        if v not in self.pending:
            return f"PC-2/C.3: there is no throw of {v} to use now (throws: {self.pending}){tail}"
        charkoni = "charkoni" in (r.pieces_start, r.captured_return_to)  # else no step 0
        if p == HOME:
            return f"{p} is home: a piece there moves no more{tail}"
        if not 0 <= p < HOME or (p == 0 and not charkoni):
            return f"there is no step {p}: a piece's steps are 1 to {LAST}{tail}"
        if p not in self.pos[c]:
            where = "waits in the Charkoni (C) to enter" if p == 0 else f"stands on step {p}"
            return f"no {m[1]} piece {where}{tail}"
        if lap and not (r.allow_extra_circuit and 0 < p <= LAP_POINT < p + v):
            return (
                f"C.4 step 9: only a piece on the board passing step 76 may go round again "
                f"(allow_extra_circuit={str(r.allow_extra_circuit).lower()}){tail}"
            )
        mode = r.grace_entry_mode
        if m[4] == " grace" and (p != 0 or mode != "enter_on_square1_consumes_throw"):
            return (
                f"C.4 step 4: ' grace' marks only a grace entering a piece from position 0 on "
                f"step 1 (grace_entry_mode={mode!r}){tail}"
            )
        if p == 0:
            if v != DANA and mode == "dana_extra_step":
                return f"C.4 step 4: a piece enters only by the dana (+1) of {r.grace_throws}{tail}"
            return f"C.4 step 4: a piece needs a grace {r.grace_throws} to enter{tail}"
        if not lap and (p + v > HOME or p == LAST):
            return f"C.4 step 7: a piece needs the exact throw to reach home{tail}"
        return (
            f"C.4 step 5: {m[1]}{p}+{v} may not end there (an opponent on a castle, a "
            f"blockade, or a stack the rules forbid){tail}"
        )

    def _apply(self, action: Any) -> None:
        seat = self.owner[self.turn_colour]
        self.moves_by_seat[seat] += 1
        self.noted_at_move[seat] = self.noted
        if str(action) == PASS:
            given = ", ".join(str(v) for v in self.pending)
            self._note(f"{COLOURS[self.turn_colour]} passes, giving up {given}")
            self.pending = []
        else:
            self.play_move(self._parse(str(action)))  # the legal move, not the caller's object
        self._advance()

    def play_move(self, move: Move) -> None:
        """Move a piece and hit what it lands on, without throwing (bots search with this)."""
        r = self.rules
        c, p, to = move.colour, move.start, move.to
        self.pos[c].remove(p)
        self.pos[c].append(to)
        self.pos[c].sort()
        self.pending.remove(move.value)
        if p == 0:
            self.entered[c] = True
        note = f"{COLOURS[c]} moves {p}->{'home' if to == HOME else to}"
        if move.lap:
            note += ", going round again"  # C.4 step 9: not back down its own track
        hit = self._hit(c, to) if 0 < to < HOME else ""
        if hit:
            note += f", hitting {hit}"
            if r.capture_bonus_throw and self._may_throw_more():
                self.again += 1  # on top of a grace's own throw (C.8)
        self._note(note, echo=not hit)
        side = self.side[c]
        if all(q == HOME for d in self.active if self.side[d] == side for q in self.pos[d]):
            self.winner = side
            won = [COLOURS[d] for d in self.active if self.side[d] == side]
            has, wins = ("has", "wins") if len(won) == 1 else ("have", "win")
            self._note(f"{' and '.join(won)} {has} every piece home and {wins}")
        self._legal = None

    def _hit(self, c: int, to: int) -> str:
        cell = TRACK_CELL[c][to]
        r = self.rules
        if cell in CASTLES[r.castle_layout]:
            return ""
        back = 1 if r.captured_return_to == "start_square" else 0
        hit = []
        for e in self.active:
            if self.side[e] == self.side[c]:
                continue
            cells = TRACK_CELL[e]
            row = self.pos[e]
            for i, q in enumerate(row):
                if 0 < q < HOME and cells[q] == cell:
                    row[i] = back
                    hit.append(COLOURS[e])
            row.sort()
        return "".join(hit)

    def _payoffs(self) -> list[float]:
        n = self.game.num_players
        if self.winner is None:
            return [0.0] * n
        won = {self.owner[c] for c in self.active if self.side[c] == self.winner}
        share = (n - len(won)) / len(won)
        return [share if s in won else -1.0 for s in range(n)]

    def _observe(self, seat: int) -> dict[str, Any]:
        """The whole position (perfect information) and the throws to use; the RNG stays hidden."""
        return {
            "ruleset": self.rules.ruleset,
            "castle_layout": self.rules.castle_layout,
            "rules": self._rules_as_json(),  # public: the terminal words the rules it plays
            "colours": "".join(COLOURS[c] for c in self.active),
            "owner": {COLOURS[c]: self.owner[c] for c in self.active},
            "side": {COLOURS[c]: self.side[c] for c in self.active},
            "turn": COLOURS[self.turn_colour],
            "pieces": {COLOURS[c]: list(self.pos[c]) for c in self.active},
            "entered": {COLOURS[c]: self.entered[c] for c in self.active},
            "throws": list(self.pending),
            "thrown": list(self.thrown),
            "again": self.again,
            "turns": self.turns,
            "winner": self.winner,
            "drawn": self.drawn,
            "log": list(self.log),
            # the notes told from this seat's last move or pass on (all, before its first)
            "news": self.noted - self.noted_at_move[seat],
            "moves_by_seat": list(self.moves_by_seat),
        }

    @classmethod
    def from_observation(
        cls, game: Game, obs: dict[str, Any], rng: random.Random | None = None
    ) -> PachisiState:
        """Rebuild a state from an observation (a bot's view) with a fresh generator."""
        state = cls.__new__(cls)
        State.__init__(state, game, rng or random.Random(0))
        state.rules = game.rules
        state.active, state.owner, state.side = seating(game.num_players, game.rules.teams)
        state.pos = [list(obs["pieces"].get(ch, [])) for ch in COLOURS]
        state.entered = [bool(obs["entered"].get(ch, False)) for ch in COLOURS]
        state.turn_colour = COLOURS.index(obs["turn"])
        state.pending = list(obs["throws"])
        state.thrown = list(obs["thrown"])
        state.again = int(obs["again"])
        state.turns = int(obs["turns"])
        state.winner = obs["winner"]
        state.drawn = bool(obs["drawn"])
        state.log = []
        state.told = []
        state.noted = 0
        state.noted_at_move = [0] * game.num_players
        state.moves_by_seat = list(obs.get("moves_by_seat", [0] * game.num_players))
        state._legal = None
        state.search = False
        return state

    def clone(self) -> Self:
        other = type(self).__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.history = list(self.history)
        other.pos = [list(row) for row in self.pos]
        other.entered = list(self.entered)
        other.pending = list(self.pending)
        other.thrown = list(self.thrown)
        other.log = list(self.log)
        other.told = list(self.told)
        other.noted_at_move = list(self.noted_at_move)
        other.moves_by_seat = list(self.moves_by_seat)
        other._legal = None
        other._script = deque(self._script) if self._script is not None else None
        if not (self.search or isinstance(self.rng, random.SystemRandom)):
            other.rng = type(self.rng).__new__(type(self.rng))
            other.rng.setstate(self.rng.getstate())
        return other


@register("pachisi")
class Pachisi(Game):
    """Pachisi for 2-4 players (PC-1): ``ruleset`` (or ``rules``) names a rule set of C.8."""

    state_class = PachisiState
    min_players = 2
    max_players = 4
    payoff_total = 0

    def __init__(self, players: int | None = None, **options: Any) -> None:
        super().__init__(players=4 if players is None else players)
        self.rules = rules_from_options(options)
        if self.num_players == 3 and self.rules.teams == "partners":  # 3 play alone (PC-1)
            self.rules = replace(self.rules, teams="none")  # and options() says so

    def __repr__(self) -> str:
        return (
            f"parlour.make('pachisi', players={self.num_players}, ruleset={self.rules.ruleset!r})"
        )


__all__ = ["DANA", "PASS", "IllegalAction", "Move", "Pachisi", "PachisiState", "seating"]
