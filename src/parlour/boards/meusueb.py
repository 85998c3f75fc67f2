"""Meusuëb, the Acehnese mancala of Snouck Hurgronje (seed S1, catalogue MS-1…MS-7).

Twelve holes (rumòh) in two rows of six and two stores (geudōng), 4 pips (aneuʾ)
in each hole.  The holes are numbered counter-clockwise: 0–5 are South's row
(``S1``…``S6``, left to right from South's seat), 6–11 North's row (``N1``…``N6``,
left to right from North's seat); a pip always goes on to ``next(h) = h + 1 mod 12``.
Seat 0 is South, seat 1 North.

Actions (canonical text):

* ``S3`` — main phase: lift hole S3 and sow; the whole relay (MS-2…MS-6) is one action;
* ``go`` / ``stop`` — only with ``adoe_sueb="optional"``: after a suëb, go on from the
  next hole (adòë suëb) or keep the winnings and end the turn (MS-6);
* ``pip:S3`` — endgame (MS-7): move one pip from S3 to the next hole.

Payoffs are +1 / −1 / 0 (win, loss, draw) by the number of pips in each store: the seed
speaks of "winnings" but not of a margin, so the margin is not scored.

>>> import parlour
>>> state = parlour.make("meusueb").new_state(seed=1)
>>> state.apply("S1").observation(0)["board"]
[2, 7, 1, 6, 1, 6, 6, 6, 0, 1, 6, 6]
"""

from __future__ import annotations

import random
from collections import deque
from dataclasses import asdict, dataclass
from typing import Any, Literal, Self

from parlour.game import Game, GameOptionError, IllegalAction, State, build_rules, register

HOLES = 12
ROW = 6
MAX_PIPS_PER_HOLE = 20  # 240 pips in all: every hole and store still drawn in its box
SEATS = ("South", "North")
LABELS = tuple(f"S{i + 1}" for i in range(ROW)) + tuple(f"N{i + 1}" for i in range(ROW))
_INDEX = {label: i for i, label in enumerate(LABELS)}

# phases of a position
MAIN, ADOE, ENDGAME, OVER = "main", "adoe", "endgame", "over"
# integer moves: 0-11 sow a hole, 12-23 step one pip (endgame), GO / STOP (optional adòë suëb)
STEP = HOLES
GO, STOP = 2 * HOLES, 2 * HOLES + 1


@dataclass(frozen=True)
class MeusuebRules:
    """The rule options of meusuëb (board-games.md B.7); defaults follow the seed and Ludii."""

    #: MS-1: pips in each hole at the start.
    pips_per_hole: int = 4
    #: MS-2 / B.7: the holes a turn may start from: "own_row" (Ludii) or "any_hole" (literal).
    start_hole_scope: Literal["own_row", "any_hole"] = "own_row"
    #: B.7: also drop a pip in one's own store when passing it (dakon style; not in the text).
    sow_into_stores: bool = False
    #: MS-2 / B.7: a sowing that laps the board skips the hole it was lifted from ("the other").
    skip_origin_on_lap: bool = True
    #: MS-5 / B.7: the rows in which a hole holding 3 makes a suëb: "both", own or opponent's only.
    sueb_rows: Literal["both", "own_row_only", "opponent_row_only"] = "both"
    #: MS-6 / B.7: adòë suëb is "forced_if_next_nonempty" (Ludii) or "optional" ("he can").
    adoe_sueb: Literal["forced_if_next_nonempty", "optional"] = "forced_if_next_nonempty"
    #: B.5 / B.7: a player with no hole to sow from ends the main phase, or "pass"es his turn.
    empty_row_rule: Literal["end_main_phase", "pass"] = "end_main_phase"
    #: MS-7 / B.5: the main phase ends when fewer pips than this remain on the board (0: never).
    #: Unset, it is 4 (B.5), or 8 where only the count can end the main phase (see
    #: :meth:`count_alone_ends_main_phase`): the board then holds a multiple of 4, so 4 would
    #: fire only on an empty board, leaving no pip "which remains over" for the endgame.
    endgame_threshold_pips: int | None = None
    #: MS-7 / B.7: how the endgame is played.
    endgame_mode: Literal[
        "single_step_then_claim", "repeat_single_steps_until_board_empty", "claim_immediately"
    ] = "single_step_then_claim"
    #: MS-7 / B.7: where a pip pushed across is lost to in the repeated-steps endgame.
    lost_pip_destination: Literal["removed", "opponent_store"] = "removed"
    #: B.7: who sows first, "south" (seat 0) or "north" (seat 1); the seed does not say.
    first_player: Literal["south", "north"] = "south"
    #: B.4 / B.7 safeguard (not in the seed): a turn ends after this many lifts of one relay.
    relay_loop_cap: int = 1000
    #: Safeguard (not in the seed): the main phase ends after this many turns (0: never).
    main_phase_turn_cap: int = 1000

    def __post_init__(self) -> None:
        # the types and the choices are checked by build_rules (typed_option); here the unset
        # threshold, the bounds and the one combination that cannot end the main phase (MS-7)
        alone = self.count_alone_ends_main_phase()
        threshold = self.endgame_threshold_pips
        if threshold is None:  # the field keeps the value in effect: options() record it
            threshold = 8 if alone else 4
            object.__setattr__(self, "endgame_threshold_pips", threshold)
        for name, least in (("endgame_threshold_pips", 0), ("main_phase_turn_cap", 0),
                            ("relay_loop_cap", 1)):  # fmt: skip
            if (value := getattr(self, name)) < least:
                raise GameOptionError(f"meusueb: {name} must be ≥ {least}, not {value!r}")
        if not 1 <= self.pips_per_hole <= MAX_PIPS_PER_HOLE:  # MS-1 says 4; more only slows
            raise GameOptionError(
                f"meusueb: pips_per_hole must be 1..{MAX_PIPS_PER_HOLE} (MS-1: 4), "
                f"not {self.pips_per_hole}"
            )
        if alone and threshold <= 4:
            why = " and ".join(
                text
                for text, on in (
                    ("start_hole_scope=any_hole", self.start_hole_scope == "any_hole"),
                    ("empty_row_rule=pass", self.empty_row_rule == "pass"),
                )
                if on
            )
            raise GameOptionError(
                f"meusueb: with {why} no empty row ends the main phase, and without "
                f"sow_into_stores the board holds a multiple of 4 pips, so "
                f"endgame_threshold_pips={threshold} would end it only on an empty board, "
                f"leaving no pip for the endgame (MS-7, board-games.md B.5/B.7); set "
                f"endgame_threshold_pips to 8 (the last 4 pips remain over) or leave it unset"
            )

    def count_alone_ends_main_phase(self) -> bool:
        """Whether only the pip count ends the main phase, on a board of 4s (MS-7, B.5).

        Under ``any_hole`` a pip left is always sowable, and under ``pass`` a player with an
        empty row passes, so no empty row ends the main phase; without ``sow_into_stores``
        pips leave the board only by suëbs, 4 at a time (MS-5).
        """
        no_row_trigger = self.start_hole_scope == "any_hole" or self.empty_row_rule == "pass"
        return no_row_trigger and not self.sow_into_stores


#: Named presets: option values that stand for a reading of the sources.
PRESETS: dict[str, dict[str, Any]] = {
    "default": {},
    # what Ludii's Meusueb.lud does: the pips on one's side are credited at once
    "ludii": {"endgame_mode": "claim_immediately"},
    # the most literal reading of the seed's words.  MS-7: the main phase ends when "too few
    # pips [are] left ... to play round with", and the endgame is played with the pips "which
    # remain over".  Suëbs take pips 4 at a time, so the board holds 48, 44, ..., 4, 0; under
    # "any_hole" every player can sow while a pip is left, so a threshold of 4 would end the
    # main phase only on an empty board, leaving no pip for the endgame (and 4 single pips
    # are shuffled to the turn cap).  So "literal" ends the main phase at fewer than 8 pips
    # (B.5's `endgame_threshold_pips`; what any_hole takes unset): the last 4 remain over.
    "literal": {
        "start_hole_scope": "any_hole",
        "adoe_sueb": "optional",
        "endgame_threshold_pips": 8,
        "endgame_mode": "repeat_single_steps_until_board_empty",
        "lost_pip_destination": "removed",
    },
}


def label(hole: int) -> str:
    """The label of hole ``hole`` (0–11): ``S1``…``S6``, ``N1``…``N6``."""
    return LABELS[hole]


def move_text(move: int) -> str:
    """Canonical text of an integer move."""
    if move < STEP:
        return LABELS[move]
    if move < GO:
        return "pip:" + LABELS[move - STEP]
    return "go" if move == GO else "stop"


def parse_move(text: str) -> int | None:
    """The integer move a text names, in any case, spaces aside, or None if none.

    >>> parse_move(" s 1 ") == parse_move("S1"), parse_move("PIP:n6") == parse_move("pip: N6")
    (True, True)
    """
    if not text.isascii():  # upper() would make S of other letters (the long s)
        return None
    text = "".join(text.split()).upper()
    if text in _INDEX:
        return _INDEX[text]
    if text.startswith("PIP:") and text[4:] in _INDEX:
        return STEP + _INDEX[text[4:]]
    return {"GO": GO, "STOP": STOP}.get(text)


class Position:
    """A whole meusuëb position and its rules: the fast engine that states and bots share.

    ``board`` holds the 12 holes, ``stores`` the two geudōng; ``mover`` is the seat whose
    turn it is; ``pending`` the hole an optional adòë suëb would lift; ``queue`` the seats
    still to take their single step in the ``single_step_then_claim`` endgame.
    """

    __slots__ = ("board", "claimed", "last", "latest", "mover", "pending", "phase", "queue",
                 "rules", "stores", "trace", "turns")  # fmt: skip

    def __init__(self, rules: MeusuebRules) -> None:
        self.rules = rules
        self.board = [rules.pips_per_hole] * HOLES
        self.stores = [0, 0]
        self.mover = 0 if rules.first_player == "south" else 1
        self.phase = MAIN
        self.pending = -1
        self.queue: list[int] = []
        self.turns = 0
        self.claimed = [0, 0]  # the pips each took from his side into his store at the end
        self.trace = False
        # each seat's latest move, as the terminal describes it (kept only when ``trace``)
        self.last: list[dict[str, Any] | None] = [None, None]
        self.latest = -1
        self._settle()

    # -- copying and the observation form
    def copy(self) -> Position:
        other = Position.__new__(Position)
        other.rules = self.rules
        other.board = self.board[:]
        other.stores = self.stores[:]
        other.mover = self.mover
        other.phase = self.phase
        other.pending = self.pending
        other.queue = self.queue[:]
        other.turns = self.turns
        other.claimed = self.claimed  # never changed in place: _claim sets a new list
        other.trace = False
        other.last = [None, None]
        other.latest = -1
        return other

    def to_dict(self) -> dict[str, Any]:
        """The whole position as JSON (perfect information: every seat sees all of it)."""
        return {
            "board": self.board[:],
            "stores": self.stores[:],
            "to_move": None if self.phase == OVER else self.mover,
            "phase": self.phase,
            "pending": LABELS[self.pending] if self.phase == ADOE else None,
            "endgame_queue": self.queue[:],
            "turns": self.turns,
            "claimed": self.claimed[:],
            "last": _copied(self.last[self.latest]) if self.latest >= 0 else None,
            "last_by_seat": [_copied(note) for note in self.last],
        }

    @classmethod
    def from_dict(cls, rules: MeusuebRules, data: dict[str, Any]) -> Position:
        """Rebuild a position from :meth:`to_dict` (what bots do with an observation)."""
        pos = cls.__new__(cls)
        pos.rules = rules
        pos.board = list(data["board"])
        pos.stores = list(data["stores"])
        pos.phase = data["phase"]
        to_move = data["to_move"]
        pos.mover = 0 if to_move is None else to_move
        pos.pending = _INDEX[data["pending"]] if data.get("pending") else -1
        pos.queue = list(data.get("endgame_queue", []))
        pos.turns = data.get("turns", 0)
        pos.claimed = list(data.get("claimed", [0, 0]))
        pos.trace = False
        pos.last = [None, None]
        pos.latest = -1
        return pos

    # -- the protocol of a position
    @property
    def over(self) -> bool:
        return self.phase == OVER

    def moves(self) -> list[int]:
        """The legal integer moves of the seat to move."""
        board = self.board
        if self.phase == MAIN:
            if self.rules.start_hole_scope == "any_hole":
                return [h for h in range(HOLES) if board[h]]
            base = self.mover * ROW
            return [h for h in range(base, base + ROW) if board[h]]
        if self.phase == ENDGAME:
            base = self.mover * ROW
            return [STEP + h for h in range(base, base + ROW) if board[h]]
        if self.phase == ADOE:
            return [GO, STOP]
        return []

    def play(self, move: int) -> None:
        """Play a legal integer move (not checked: the caller took it from :meth:`moves`)."""
        if self.phase == MAIN:
            self.turns += 1
            self._turn(move)
        elif self.phase == ADOE:
            hole, self.pending = self.pending, -1
            self.phase = MAIN
            if move == GO:
                self._turn(hole, continuing=True)
            else:
                self._stop()
        else:
            self._step(move - STEP)

    def winner(self) -> int | None:
        """The seat with more pips in its store, or None for a draw."""
        a, b = self.stores
        return None if a == b else (0 if a > b else 1)

    # -- the main phase (MS-2 … MS-6)
    def _sow(self, hole: int) -> int:
        """Lift ``hole`` and sow on (MS-2); the landing hole, or -1 if the last pip was stored."""
        board = self.board
        rules = self.rules
        n = board[hole]
        board[hole] = 0
        if not rules.sow_into_stores and n < HOLES - 1:
            for i in range(hole + 1, hole + n + 1):
                board[i % HOLES] += 1
            return (hole + n) % HOLES
        skip = rules.skip_origin_on_lap
        store_after = self.mover * ROW + ROW - 1 if rules.sow_into_stores else -1
        pos = hole
        while True:
            if pos == store_after:
                self.stores[self.mover] += 1
                n -= 1
                if n == 0:
                    return -1
            pos = (pos + 1) % HOLES
            if skip and pos == hole:
                continue
            board[pos] += 1
            n -= 1
            if n == 0:
                return pos

    def _sueb_here(self, hole: int) -> bool:
        rows = self.rules.sueb_rows
        if rows == "both":
            return True
        own = hole // ROW == self.mover
        return own if rows == "own_row_only" else not own

    def _turn(self, hole: int, continuing: bool = False) -> None:
        """One whole turn's relay from ``hole``: sow, relay, die or make suëb (MS-2 … MS-6)."""
        board = self.board
        cap = self.rules.relay_loop_cap
        trace: list[str] | None = [] if self.trace else None
        gained = self.stores[self.mover]
        lifts = 0
        land = hole
        seen: dict[tuple[int, ...], int] | None = None
        states: list[tuple[int, ...]] = []
        end = "dead"
        while True:
            if lifts == cap:
                end = "cap"
                break
            if lifts >= 64:  # a long relay: look for a cycle and jump to the cap (B.4)
                key = (*board, hole)
                if seen is None:
                    seen = {}
                if key in seen:
                    first = seen[key]
                    target = states[first - 64 + (cap - first) % (lifts - first)]
                    board[:] = target[:HOLES]
                    hole = target[HOLES]
                    if trace is not None:
                        trace.append("…")
                    end = "cap"
                    break
                seen[key] = lifts
                states.append(key)
            if trace is not None:
                trace.append(LABELS[hole])
            lifts += 1
            land = self._sow(hole)
            if land < 0:
                end = "store"
                break
            held = board[land] - 1
            if held == 0:  # MS-4: dead
                break
            if held == 3 and self._sueb_here(land):  # MS-5: suëb
                board[land] = 0
                self.stores[self.mover] += 4
                if trace is not None:
                    trace.append(f"suëb {LABELS[land]}")
                nxt = (land + 1) % HOLES
                if board[nxt] == 0:  # MS-6: the next hole is empty; the winnings stay
                    end = "suëb"
                    break
                if self.rules.adoe_sueb == "optional":  # MS-6: the player chooses go or stop
                    self.phase = ADOE
                    self.pending = nxt
                    end = ADOE
                    break
                hole = nxt  # MS-6: adòë suëb
                continue
            hole = land  # MS-3: relay
        if trace is not None:
            at = LABELS[hole if end == "cap" else land] if end != "store" else ""
            self._note(trace, end, at, self.stores[self.mover] - gained, continuing)
        if self.phase != ADOE:
            self._end_turn()

    def _note(self, trace: list[str], end: str, at: str, gained: int, continuing: bool) -> None:
        mine = self.last[self.mover]
        last: dict[str, Any] = mine if continuing and mine else {"lifts": [], "gained": 0}
        self.latest = self.mover
        self.last[self.mover] = {
            "seat": self.mover,
            "lifts": last["lifts"] + trace,
            "gained": last["gained"] + gained,
            "end": end,
            "at": at,
        }

    def _stop(self) -> None:
        """End the turn after an optional suëb, keeping the winnings (MS-6)."""
        note = self.last[self.mover]
        if note is not None:  # a new note: a clone shares the old one
            self.last[self.mover] = {**note, "end": "suëb"}
        self._end_turn()

    def _end_turn(self) -> None:
        self.mover = 1 - self.mover
        self._settle()

    def _settle(self) -> None:
        """Start the endgame, skip or finish as MS-7 and the options say."""
        if self.phase == MAIN:
            rules = self.rules
            threshold = rules.endgame_threshold_pips
            assert threshold is not None  # set when the rules are made
            if sum(self.board) < threshold or (
                rules.main_phase_turn_cap and self.turns >= rules.main_phase_turn_cap
            ):
                self._start_endgame()
            elif not self.moves():
                if rules.empty_row_rule == "end_main_phase":
                    self._start_endgame()
                else:
                    self.mover = 1 - self.mover
                    if not self.moves():
                        self._start_endgame()
        elif self.phase == ENDGAME:
            self._settle_endgame()

    # -- the endgame (MS-7)
    def _start_endgame(self) -> None:
        mode = self.rules.endgame_mode
        self.phase = ENDGAME
        if mode == "claim_immediately":
            self._claim()
        elif mode == "single_step_then_claim":
            self.queue = [self.mover, 1 - self.mover]
            self._settle_endgame()
        else:
            self._settle_endgame()

    def _has_pip(self, seat: int) -> bool:
        base = seat * ROW
        return any(self.board[base : base + ROW])

    def _settle_endgame(self) -> None:
        if self.rules.endgame_mode == "single_step_then_claim":
            while self.queue and not self._has_pip(self.queue[0]):
                self.queue.pop(0)
            if not self.queue:
                self._claim()
            else:
                self.mover = self.queue[0]
        elif not any(self.board):
            self.phase = OVER
        elif not self._has_pip(self.mover):
            self.mover = 1 - self.mover

    def _step(self, hole: int) -> None:
        """MS-7: move one pip from ``hole`` to the next.  Across to the other side it goes
        to the opponent's side (``single_step_then_claim``), else it is lost, or goes to his
        store (``lost_pip_destination``)."""
        board = self.board
        board[hole] -= 1
        crossing = hole % ROW == ROW - 1
        if self.trace:
            self.latest = self.mover
            self.last[self.mover] = {"seat": self.mover, "lifts": [LABELS[hole]], "gained": 0,
                         "end": "lost" if crossing else "step"}  # fmt: skip
        if self.rules.endgame_mode == "single_step_then_claim":
            board[(hole + 1) % HOLES] += 1  # across, it lies on the opponent's side: his
            self.queue.pop(0)
        elif crossing:
            if self.rules.lost_pip_destination == "opponent_store":
                self.stores[1 - self.mover] += 1
        else:
            board[hole + 1] += 1
        if self.rules.endgame_mode != "single_step_then_claim":
            self.mover = 1 - self.mover
        self._settle_endgame()

    def _claim(self) -> None:
        """Each player adds the pips on his own side to his store (MS-7; B.5)."""
        self.claimed = [sum(self.board[base : base + ROW]) for base in (0, ROW)]
        for seat in (0, 1):
            self.stores[seat] += self.claimed[seat]
        self.board = [0] * HOLES
        self.queue = []
        self.phase = OVER


class MeusuebState(State):
    """A game of meusuëb in progress: a :class:`Position` and its history."""

    def __init__(self, game: Game, rng: random.Random, script: deque[Any] | None = None) -> None:
        super().__init__(game, rng, script)
        self.position = Position(game.rules)
        self.position.trace = True

    @property
    def to_move(self) -> int | None:
        return None if self.position.over else self.position.mover

    @property
    def is_over(self) -> bool:
        return self.position.over

    def legal_actions(self) -> list[str]:
        return [move_text(m) for m in self.position.moves()]

    def _parse(self, text: str) -> Any:
        """The canonical text of a move however it was written (" S1 " is "S1"), so the
        history records what ``legal_actions`` lists."""
        move = parse_move(text)
        return text if move is None else move_text(move)

    def _why_illegal(self, action: Any) -> str | None:
        text = str(action)
        pos = self.position
        move = parse_move(text)
        legal = pos.moves()
        if move in legal:
            return None
        shown = ", ".join(move_text(m) for m in legal)
        seat = SEATS[pos.mover]
        if move is None:
            return (
                f"{text!r} names no meusuëb move (MS-2: a hole to sow, S1..S6 or N1..N6; "
                f"pip:HOLE in the endgame; go or stop after a suëb); legal: {shown}"
            )
        if pos.phase == ADOE:
            return f"MS-6: after a suëb {seat} chooses go (adòë suëb) or stop; legal: {shown}"
        if pos.phase == ENDGAME:
            return (
                f"MS-7: in the endgame {seat} moves one pip from a non-empty hole of his own "
                f"side (pip:HOLE); legal: {shown}"
            )
        if move in (GO, STOP):
            return f"MS-6: {text!r} answers a suëb (adòë suëb); none is pending; legal: {shown}"
        if move >= STEP:
            return (
                f"MS-2: {text!r} is an endgame move; in the main phase sow a hole; legal: {shown}"
            )
        if self.position.board[move] == 0:
            return f"MS-2: hole {text} is empty, there is nothing to sow; legal: {shown}"
        return f"MS-2: {seat} sows only from a hole of his own row; legal: {shown}"

    def _apply(self, action: Any) -> None:
        move = parse_move(str(action))
        assert move is not None
        self.position.play(move)

    def _payoffs(self) -> list[float]:
        winner = self.position.winner()
        if winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if winner == 0 else [-1.0, 1.0]

    def _observe(self, seat: int) -> dict[str, Any]:
        rules = asdict(self.game.rules)  # public: the terminal words the rules it plays
        return {**self.position.to_dict(), "rules": rules}

    def clone(self) -> Self:
        other = self._copy_base()
        other.position = self.position.copy()
        other.position.trace = True
        other.position.last = self.position.last[:]
        other.position.latest = self.position.latest
        return other


def _copied(note: dict[str, Any] | None) -> dict[str, Any] | None:
    """A turn's note for an observation, so that a client editing it changes nothing here."""
    return None if note is None else {**note, "lifts": list(note["lifts"])}


@register("meusueb")
class Meusueb(Game):
    """Meusuëb (MS-1 … MS-7): two players, twelve holes, relay sowing, suëb and the endgame."""

    state_class = MeusuebState
    min_players = max_players = 2
    payoff_total = 0

    def __init__(
        self, players: int | None = None, preset: str | None = None, **options: Any
    ) -> None:
        super().__init__(players)
        self.rules: MeusuebRules = build_rules(MeusuebRules, options, PRESETS, preset, "meusueb")

    def position(self, observation: dict[str, Any]) -> Position:
        """The position an observation shows (bots search from it)."""
        if observation.get("game") != "meusueb":
            raise IllegalAction("not a meusueb observation")
        return Position.from_dict(self.rules, observation)
