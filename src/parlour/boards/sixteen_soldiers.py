"""Sixteen Soldiers, the draughts game that seed 000 calls Pachîsî (catalogue SS-1..SS-5).

Seat 0 is South (the bottom of the board, ranks 1-4), seat 1 is North.  A move is a step
along a line (``b4-c5``) or a capture chain listing the landing points (``b4xb6xd6``);
a penalty under the huffing option is ``huff b4``.

The sources say nothing of draws.  The default ``draw_rule="safeguard"`` (A.7, not historical)
draws a game after ``no_capture_plies=100`` moves without a capture or on a threefold
repetition: it never touches a game that is still being decided by captures, and it bounds
every game (at most 31 captures, so at most 3,200 moves), which random play and the contract
checks need.  ``draw_rule="none"`` is the literal text: a game ends only when a player
cannot move.

>>> import parlour
>>> state = parlour.make("sixteen-soldiers").new_state(seed=1)
>>> sorted(str(m) for m in state.legal_actions())
['a4-a5', 'b4-a5', 'b4-b5', 'b4-c5', 'c4-c5', 'd4-c5', 'd4-d5', 'd4-e5', 'e4-e5']
>>> state.apply("a4-a5").apply("a6xa4").observation(0)["board"][:17]
'SSSSSSSSSSSNSSSS.'
"""

from __future__ import annotations

import itertools
import random
import re
import unicodedata
from dataclasses import dataclass
from typing import Any, Literal, Self, get_args

from parlour.boards.sixteen_soldiers_board import Board, load_board
from parlour.game import Game, GameOptionError, State, build_rules, register

Side = Literal["south", "north"]
SIDES: tuple[Side, ...] = get_args(Side)
#: board characters of an observation: empty, South's piece, North's piece
CHARS = ".SN"
_TO_CHARS = bytes.maketrans(b"\x00\x01\x02", CHARS.encode())
_FROM_CHARS = bytes.maketrans(CHARS.encode(), b"\x00\x01\x02")

#: how a word naming a point is written: a letter and a row number
_POINT = re.compile(r"[a-z]\d{1,2}")


def _canonical(text: str) -> str:
    """A move's text as ``legal_actions`` writes it: lower case, with no spaces but the one
    after ``huff``, any dash (Unicode's Pd, and the minus sign) a hyphen, a times sign an x.

    >>> _canonical(" B4 \u2013 c5 "), _canonical("huffD4"), _canonical("huff")
    ('b4-c5', 'huff d4', 'huff')
    """
    dashed = (
        "-" if unicodedata.category(c) == "Pd" or c == "\u2212" else c
        for c in text.lower().replace("\u00d7", "x")
    )
    joined = "".join("".join(dashed).split())
    return f"huff {joined[4:]}".strip() if joined.startswith("huff") else joined


def cells_text(cells: bytearray) -> str:
    """The board as text, one character a point in the data file's order ('.', 'S', 'N')."""
    return cells.translate(_TO_CHARS).decode()


def text_cells(text: str) -> bytearray:
    """The inverse of :func:`cells_text`."""
    return bytearray(text.encode().translate(_FROM_CHARS))


@dataclass(frozen=True)
class SixteenSoldiersRules:
    """The rule options of Sixteen Soldiers; defaults follow seed 000 (board-games.md A.7).

    ``capture_mandatory`` obliges a player to begin with a jump; how far the chain goes is
    ``chain_continuation``'s business.  Under ``capture_removal="end_of_chain"`` the jumping
    piece's starting point is empty during the chain, so it may land there again.
    """

    #: SS-4: capturing is never obligatory (seed, Parker, Ludii); True: a capture must be made
    capture_mandatory: bool = False
    #: A.7 huffing: with mandatory capture, the opponent may remove a piece that failed to capture
    huffing: bool = False
    #: SS-3 / A.7: "optional" (stop a chain at will: our reading of SS-4's "not obligatory
    #: to capture", as Parker and Ludii) or "mandatory_until_exhausted" (draughts' laws)
    chain_continuation: Literal["optional", "mandatory_until_exhausted"] = "optional"
    #: A.7: "immediate" (Ludii) or "end_of_chain" (taken pieces stay until the chain ends).
    #: A gap the seed leaves: on a draughts board the two cannot differ (a jump keeps to one
    #: colour of square, the taken piece stands on the other); here only when a chain lands
    #: again on a base point it took (a1xe1xc3xc1)
    capture_removal: Literal["immediate", "end_of_chain"] = "immediate"
    #: A.2 / A.7: lines run straight through the triangles' apexes (Parker's extended diagonals)
    triangle_lines_straight_through_apex: bool = True
    #: A.7: who moves first, "south" or "north" (the sources are silent)
    first_player: Side = "south"
    #: A.7 engine safeguard (not historical): "safeguard" draws, "none" never draws
    draw_rule: Literal["safeguard", "none"] = "safeguard"
    #: A.7 safeguard: a draw after this many moves without a capture (0: no such limit)
    no_capture_plies: int = 100
    #: A.7 safeguard: a draw when a position recurs this many times (0: no such limit)
    repetition_count: int = 3
    #: SS-1 / A.7: "sixteen" (37 points) or "nineteen" (Datta's 43-point board, 19 a side)
    board_variant: Literal["sixteen", "nineteen"] = "sixteen"

    def __post_init__(self) -> None:
        if self.huffing and not self.capture_mandatory:
            raise GameOptionError("huffing needs capture_mandatory=True (A.7)")
        for field in ("no_capture_plies", "repetition_count"):
            if (value := getattr(self, field)) < 0:
                raise GameOptionError(f"{field} must be a whole number >= 0, not {value!r}")
        if self.repetition_count == 1:
            raise GameOptionError("repetition_count must be 0 or at least 2")


PRESETS: dict[str, dict[str, Any]] = {
    "seed": {},  # the seed's rules, its gaps filled as Ludii fills them
    "ludii": {},
    "sixteen-soldiers-wikipedia": {"capture_mandatory": True, "huffing": True},
    "mandatory": {"capture_mandatory": True, "chain_continuation": "mandatory_until_exhausted"},
    "english-draughts-chains": {"capture_removal": "end_of_chain"},
    "nineteen": {"board_variant": "nineteen"},
}


@dataclass(frozen=True, slots=True)
class Move:
    """One action: a step, a capture chain, or a huff (``kind``); ``str`` is its notation."""

    kind: str  # "step", "jump" or "huff"
    path: tuple[int, ...]  # the piece's points: where it starts, then each landing
    taken: tuple[int, ...]  # the points whose pieces are captured (or huffed)
    text: str

    def __str__(self) -> str:
        return self.text


class Engine:
    """Move generation on a board of cells (0 empty, 1 South, 2 North) for one rule set."""

    def __init__(self, rules: SixteenSoldiersRules) -> None:
        self.rules = rules
        self.board: Board = load_board(
            rules.board_variant, rules.triangle_lines_straight_through_apex
        )
        self.adj = self.board.adj
        self.jumps = self.board.jumps
        self.labels = self.board.labels
        self.immediate = rules.capture_removal == "immediate"
        self.exhaust = rules.chain_continuation == "mandatory_until_exhausted"
        self._steps: dict[tuple[int, ...], Move] = {
            (p, q): Move("step", (p, q), (), f"{self.labels[p]}-{self.labels[q]}")
            for p in range(self.board.size)
            for q in self.adj[p]
        }

    # -- positions
    def start_cells(self) -> bytearray:
        cells = bytearray(self.board.size)
        for side, points in enumerate(self.board.start):
            for p in points:
                cells[p] = side + 1
        return cells

    # -- move generation (paths and taken points, no text)
    def steps(self, cells: bytearray, side: int) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
        mine = side + 1
        adj = self.adj
        return [
            ((p, q), ())
            for p in range(len(cells))
            if cells[p] == mine
            for q in adj[p]
            if not cells[q]
        ]

    def can_capture(self, cells: bytearray, p: int) -> bool:
        """Whether the piece on ``p`` has a capture (SS-3)."""
        enemy = 3 - cells[p]
        return any(cells[o] == enemy and not cells[land] for o, land in self.jumps[p])

    def capturers(self, cells: bytearray, side: int) -> list[int]:
        """The points of ``side``'s pieces that can capture now."""
        mine = side + 1
        return [p for p in range(len(cells)) if cells[p] == mine and self.can_capture(cells, p)]

    def huffable_after(self, cells: bytearray, side: int, path: tuple[int, ...]) -> list[int]:
        """A.7 huffing: where the pieces that could have captured stand after ``side`` steps
        along ``path`` from ``cells`` instead (the stepping piece, if one, has moved)."""
        return sorted(path[-1] if p == path[0] else p for p in self.capturers(cells, side))

    def chains(self, cells: bytearray, side: int) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
        """Every capture chain of ``side`` (SS-3), each prefix too unless chains must exhaust."""
        out: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
        mine, enemy, jumps = side + 1, 2 - side, self.jumps
        for p in range(len(cells)):
            if cells[p] != mine:
                continue
            for o, land in jumps[p]:
                if cells[o] == enemy and not cells[land]:
                    cells[p] = 0
                    self._extend(cells, enemy, (p,), (), out)
                    cells[p] = mine
                    break
        return out

    def _extend(
        self,
        cells: bytearray,
        enemy: int,
        path: tuple[int, ...],
        taken: tuple[int, ...],
        out: list[tuple[tuple[int, ...], tuple[int, ...]]],
    ) -> None:
        here = path[-1]
        grew = False
        for o, land in self.jumps[here]:
            if cells[o] != enemy or cells[land] or o in taken:
                continue
            grew = True
            if self.immediate:
                cells[o] = 0
                self._extend(cells, enemy, (*path, land), (*taken, o), out)
                cells[o] = enemy
            else:
                self._extend(cells, enemy, (*path, land), (*taken, o), out)
        if taken and (not grew or not self.exhaust):
            out.append((path, taken))

    def moves(self, cells: bytearray, side: int) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
        """The steps and chains ``side`` may play (SS-2, SS-3, SS-4 and the A.7 options)."""
        chains = self.chains(cells, side)
        if chains and self.rules.capture_mandatory and not self.rules.huffing:
            return chains
        return chains + self.steps(cells, side)

    def text(self, path: tuple[int, ...], taken: tuple[int, ...]) -> str:
        sep = "x" if taken else "-"
        return sep.join(self.labels[p] for p in path)

    def move(self, path: tuple[int, ...], taken: tuple[int, ...]) -> Move:
        if not taken:
            return self._steps[path]
        return Move("jump", path, taken, self.text(path, taken))

    def has_move(self, cells: bytearray, side: int) -> bool:
        """Whether ``side`` has any step or capture (SS-5: a player who cannot move loses)."""
        mine, adj = side + 1, self.adj
        for p in range(len(cells)):
            if cells[p] == mine:
                for q in adj[p]:
                    if not cells[q]:
                        return True
                if self.can_capture(cells, p):
                    return True
        return False

    @staticmethod
    def play(cells: bytearray, path: tuple[int, ...], taken: tuple[int, ...]) -> None:
        """Make a step or chain on ``cells`` in place."""
        piece = cells[path[0]]
        cells[path[0]] = 0
        for t in taken:
            cells[t] = 0
        cells[path[-1]] = piece

    @staticmethod
    def unplay(cells: bytearray, path: tuple[int, ...], taken: tuple[int, ...]) -> None:
        """Undo :meth:`play`."""
        piece = cells[path[-1]]
        cells[path[-1]] = 0
        for t in taken:
            cells[t] = 3 - piece
        cells[path[0]] = piece


class SixteenSoldiersState(State):
    """A game in progress: the cells, the side to move and the draw-rule counters."""

    game: SixteenSoldiers

    def __init__(self, game: Game, rng: random.Random, script: Any = None) -> None:
        super().__init__(game, rng, script)
        self.engine: Engine = self.game.engine
        self.cells = self.engine.start_cells()
        self.side = SIDES.index(self.game.rules.first_player)
        self.quiet = 0  # moves since the last capture or huff
        self.seen: list[str] = []  # position keys since the last capture or huff
        self.huffable: list[int] = []  # pieces the side to move may huff
        self.winner: int | None = None
        self.drawn: str | None = None
        self.last: str | None = None
        self.moves_made = 0  # moves (huffs too) made in the game, by both sides
        self._legal: list[Move] | None = None
        self._texts: dict[str, Move] | None = None
        self._note_position()
        self._check_end()

    # -- position keys and the end of the game
    def position_key(self) -> str:
        """The pieces, the side to move and any right to huff: a position repeats only when
        the same moves are open (A.7's repetition draw)."""
        huff = "".join(f" huff {self.engine.labels[p]}" for p in self.huffable)
        return cells_text(self.cells) + " " + "SN"[self.side] + huff

    def _note_position(self) -> None:
        self.seen.append(self.position_key())

    def _check_end(self) -> None:
        rules = self.game.rules
        self._legal = None
        self._texts = None
        if not self.huffable and not self.engine.has_move(self.cells, self.side):
            # SS-5: the player who cannot move loses (a huff, A.7, may first free a move)
            self.winner = 1 - self.side
            return
        if rules.draw_rule == "safeguard":
            if rules.no_capture_plies and self.quiet >= rules.no_capture_plies:
                self.drawn = f"{self.quiet} moves without a capture (A.7 draw safeguard)"
            elif rules.repetition_count and self.seen.count(self.seen[-1]) >= (
                rules.repetition_count
            ):
                self.drawn = f"the position occurred {rules.repetition_count} times (A.7)"
        if self.drawn:
            self._legal = []

    # -- the protocol
    @property
    def is_over(self) -> bool:
        return self.winner is not None or self.drawn is not None

    @property
    def to_move(self) -> int | None:
        return None if self.is_over else self.side

    def legal_actions(self) -> list[Move]:
        if self._legal is None:
            if self.winner is not None or self.drawn is not None:
                self._legal = []
            else:
                engine = self.engine
                huffs = [
                    Move("huff", (p,), (p,), f"huff {engine.labels[p]}") for p in self.huffable
                ]
                moves = [engine.move(p, t) for p, t in engine.moves(self.cells, self.side)]
                self._legal = huffs + moves
        return list(self._legal)

    def _by_text(self) -> dict[str, Move]:
        if self._texts is None:
            self._texts = {m.text: m for m in self.legal_actions()}
        return self._texts

    def _parse(self, text: str) -> Move | str:
        """The move however its text was written (" A4-A5 " is a4-a5), else the text."""
        return self._by_text().get(_canonical(text), text)

    def _why_illegal(self, action: Any) -> str | None:
        """None for a move's canonical text; else what the text (read as canonical) breaks."""
        text = str(action)
        if text in self._by_text():
            return None
        return self._explain(_canonical(text))

    def _explain(self, text: str) -> str:
        """Name the rule an illegal move breaks."""
        engine, labels = self.engine, self.engine.labels
        who = SIDES[self.side].title()  # as the board and the prompts write it
        if text.startswith("huff ") and self.huffable:
            may = ", ".join(labels[p] for p in self.huffable)
            return f"{text!r}: only a piece that failed to capture may be huffed: {may} (A.7)"
        if text.startswith("huff "):
            return f"{text!r}: there is no piece to huff now (A.7 huffing)"
        sep = "x" if "x" in text else "-"
        parts = text.split(sep)
        off = [p for p in parts if p and p not in engine.board.index and _POINT.fullmatch(p)]
        if len(parts) >= 2 and off:  # looks like a point, yet the board has none there
            every = " ".join(labels)
            return f"{text!r}: the board has no point {off[0]} (SS-1: its points are {every})"
        if len(parts) < 2 or any(p not in engine.board.index for p in parts):
            return (
                f"{text!r} is not a move: write a step as b4-c5 or a capture chain as "
                f"b4xb6xd6, naming points {labels[0]}..{labels[-1]} (SS-1)"
            )
        points = [engine.board.index[p] for p in parts]
        if self.cells[points[0]] != self.side + 1:
            return f"{text!r}: {who} has no piece on {parts[0]} to move (SS-2)"
        if sep == "-":
            if len(points) != 2:
                return f"{text!r}: a step goes from one point to the next, as b4-c5 (SS-2)"
            start, end = parts
            if (points[0], points[1]) in engine.board.over:
                return (
                    f"{text!r}: a piece steps one point (SS-2); {end} is two away: a capture "
                    f"is written {start}x{end} (SS-3)"
                )
            if points[1] not in engine.adj[points[0]]:
                return (
                    f"{text!r}: no line joins {start} to {end}: a piece steps along a line "
                    "to the next point (SS-2)"
                )
            if self.cells[points[1]]:
                return f"{text!r}: {parts[1]} is occupied (SS-2)"
            return f"{text!r}: a capture must be made (capture_mandatory, A.7)"
        for a, b in itertools.pairwise(points):
            if (a, b) not in engine.board.over:
                return (
                    f"{text!r}: no line runs from {labels[a]} over one point to {labels[b]} (SS-3)"
                )
        return (
            f"{text!r}: a capture jumps an adjacent enemy piece to an empty point beyond (SS-3)"
            + (
                "; the chain must go on while a capture remains (chain_continuation, A.7)"
                if engine.exhaust
                else ""
            )
        )

    def _apply(self, move: Move) -> None:
        engine = self.engine
        move = self._by_text()[str(move)]  # the canonical move, whatever object named it
        self.moves_made += 1
        if move.kind == "huff":
            self.cells[move.taken[0]] = 0
            self.huffable = []
            self.quiet = 0
            self.seen = []
            self.last = move.text
            self._note_position()
            self._check_end()
            if 2 - self.side not in self.cells:  # SS-5: every adverse piece is taken
                self.winner, self._legal = self.side, []
            return
        huffable: list[int] = []
        if self.game.rules.huffing and move.kind == "step":
            huffable = engine.huffable_after(self.cells, self.side, move.path)
        engine.play(self.cells, move.path, move.taken)
        self.last = move.text
        self.side = 1 - self.side
        self.huffable = huffable
        if move.taken:
            self.quiet = 0
            self.seen = []
        else:
            self.quiet += 1
        self._note_position()
        self._check_end()

    def _payoffs(self) -> list[float]:
        if self.winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.winner == 0 else [-1.0, 1.0]

    def _observe(self, seat: int) -> dict[str, Any]:
        """The whole position: this is a game of perfect information."""
        return {
            "side": SIDES[seat],
            "board": cells_text(self.cells),
            "board_variant": self.game.rules.board_variant,
            "moves_without_capture": self.quiet,
            "positions": list(self.seen),
            "huffable": [self.engine.labels[p] for p in self.huffable],
            "last_move": self.last,
            "moves_made": self.moves_made,  # the terminal tells how to play before the 2nd
            "pieces": [self.cells.count(1), self.cells.count(2)],
            "over": self.is_over,
            "winner": self.winner,
            "draw": self.drawn,
            "rules": self._rules_as_json(),  # public: the terminal words the rules it plays
        }

    def clone(self) -> Self:
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.history = list(self.history)
        other.cells = bytearray(self.cells)
        other.seen = list(self.seen)
        other.huffable = list(self.huffable)
        other._legal = None if self._legal is None else list(self._legal)
        other._texts = None
        other.rng = random.Random()
        other._script = None
        return other


def state_from_observation(game: SixteenSoldiers, obs: dict[str, Any]) -> SixteenSoldiersState:
    """Rebuild a state (without history) from any seat's observation: the position is public."""
    state = SixteenSoldiersState(game, random.Random(0))
    state.cells = text_cells(obs["board"])
    side = obs["to_move"]
    state.side = 0 if side is None else side
    state.quiet = obs["moves_without_capture"]
    state.seen = list(obs["positions"])
    state.huffable = [state.engine.board.index[p] for p in obs["huffable"]]
    state.last = obs["last_move"]
    state.moves_made = obs.get("moves_made", 0)  # an observation saved before it was kept
    state.winner, state.drawn = None, None
    if side is None:
        state.winner, state.drawn = obs["winner"], obs["draw"]
    state._legal = state._texts = None
    return state


def state_at(
    game: SixteenSoldiers, south: list[str], north: list[str], to_move: int = 0
) -> SixteenSoldiersState:
    """A state (without history) with pieces on the named points: for studies and tests.

    >>> import parlour
    >>> state = state_at(parlour.make("sixteen-soldiers"), ["c3"], ["c4", "c6"])
    >>> sorted(str(m) for m in state.legal_actions() if m.taken)
    ['c3xc5', 'c3xc5xc7']
    """
    state = SixteenSoldiersState(game, random.Random(0))
    index = state.engine.board.index
    state.cells = bytearray(state.engine.board.size)
    for side, points in enumerate((south, north)):
        for point in points:
            state.cells[index[point]] = side + 1
    state.side = to_move
    state.seen = []
    state._note_position()
    state._check_end()
    return state


@register("sixteen-soldiers")
class SixteenSoldiers(Game):
    """Sixteen Soldiers on the 37-point board: SS-1..SS-5 and the options of board-games.md A.7."""

    state_class = SixteenSoldiersState
    min_players = max_players = 2
    payoff_total = 0

    def __init__(self, players: int | None = None, preset: str | None = None, **options: Any):
        super().__init__(players)
        self.rules: SixteenSoldiersRules = build_rules(
            SixteenSoldiersRules, options, PRESETS, preset, "sixteen-soldiers"
        )
        self.engine = Engine(self.rules)
