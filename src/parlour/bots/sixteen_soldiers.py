"""Players for Sixteen Soldiers: ``greedy`` (one ply), ``careful`` (one ply that sees the
reply's captures) and ``strong`` (alpha-beta search).

Each reads the whole position from the observation (the game has perfect information) and
plays on a plain bytearray of cells with the game's own move generator.

>>> import parlour
>>> game = parlour.make("sixteen-soldiers")
>>> state = game.new_state(seed=1).apply("a4-a5")
>>> bot = parlour.bots.make("strong", game, seed=1, max_nodes=2000)
>>> str(bot.choose(state.observation(1), state.legal_actions()))
'a6xa4'
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Sequence
from typing import Any

from parlour.boards.sixteen_soldiers import Engine, Move, SixteenSoldiers, text_cells
from parlour.bots import Bot, register
from parlour.game import Action

WIN = 100_000
PIECE = 100
#: the strong player's endgame weight: what hemming in the side behind is worth, all its
#: neighbouring points filled (see :func:`evaluate`)
SQUEEZE = 120
#: what a draw costs the strong player's own side in its search (contempt for the draw)
CONTEMPT = 50
#: a step or chain as the engine plays it: the piece's path and the points it takes
Play = tuple[tuple[int, ...], tuple[int, ...]]
Moves = list[Play]


def _cells(observation: dict[str, Any]) -> bytearray:
    return text_cells(observation["board"])


def evaluate(
    engine: Engine, cells: bytearray, side: int, squeeze: int = 0, squeezer: int | None = None
) -> int:
    """Material and mobility (empty points next to each piece) from ``side``'s view.

    With ``squeeze``, the endgame: where the side behind is down to four pieces, or the side
    ahead has three for its every two, the side ahead gains ``squeeze`` times the share of
    the points beside the pieces behind that are filled.  So it hems the last pieces in
    (SS-5: who cannot move loses) instead of circling them until the draw safeguard ends the
    game (A.7).  A share moves little when one piece is taken, so a capture is not shunned
    for its sake: with ``squeeze`` 120, every single capture of 160,000 in random positions
    of nine balances of pieces still gained at least 17.  With ``squeezer`` only that side
    squeezes: the strong player presses when ahead, and when behind does not spread out.

    >>> import parlour
    >>> from parlour.boards.sixteen_soldiers import state_at
    >>> game = parlour.make("sixteen-soldiers")
    >>> free, hemmed = (state_at(game, south, ["a1", "e1"]).cells
    ...                 for south in (["c5", "c6", "d5", "d6"], ["b2", "c2", "d2", "c3"]))
    >>> [evaluate(game.engine, c, 0, 120) - evaluate(game.engine, c, 0) for c in (free, hemmed)]
    [0, 60]
    """
    adj = engine.adj
    mine = side + 1
    count, free = [0, 0], [0, 0]  # [side, other]
    for p, c in enumerate(cells):
        if c:
            empty = 0
            for q in adj[p]:
                if not cells[q]:
                    empty += 1
            k = 0 if c == mine else 1
            count[k] += 1
            free[k] += empty
    score = PIECE * (count[0] - count[1]) + 2 * (free[0] - free[1])
    if squeeze and count[0] != count[1]:
        behind = 1 if count[0] > count[1] else 0
        ahead_side = side if behind == 1 else 1 - side
        pressing = squeezer is None or squeezer == ahead_side
        few = count[behind] <= 4 or 2 * count[1 - behind] >= 3 * count[behind]
        if pressing and few and count[behind]:  # the points about them, only when it counts
            code = mine if behind == 0 else 3 - mine
            room = sum(len(adj[p]) for p, c in enumerate(cells) if c == code)
            hemmed = squeeze * (room - free[behind]) // room
            score += hemmed if behind == 1 else -hemmed
    return score


def _apply_text(engine: Engine, cells: bytearray, text: str) -> bytearray:
    """The cells after the move written ``text`` (a step, a chain or a huff)."""
    after = bytearray(cells)
    index = engine.board.index
    if text.startswith("huff "):
        after[index[text[5:]]] = 0
        return after
    sep = "x" if "x" in text else "-"
    path = tuple(index[p] for p in text.split(sep))
    pairs = itertools.pairwise(path) if sep == "x" else ()
    engine.play(after, path, tuple(engine.board.over[a, b] for a, b in pairs))
    return after


def material(engine: Engine, cells: bytearray, side: int) -> int:
    """``side``'s pieces less the other's, in :func:`evaluate`'s units."""
    mine = side + 1
    return PIECE * sum(1 if c == mine else -1 for c in cells if c)


def _after_reply(
    engine: Engine, cells: bytearray, reply: Play, side: int, value: Callable[..., int]
) -> int:
    """``value`` for ``side`` once the opponent has played ``reply`` on ``cells``."""
    path, taken = reply
    engine.play(cells, path, taken)
    score = value(engine, cells, side)
    engine.unplay(cells, path, taken)
    return score


class _SixteenBot(Bot):
    def __init__(self, game: SixteenSoldiers, seed: int | None = None, **options: Any) -> None:
        super().__init__(game, seed=seed)
        self.engine: Engine = game.engine


@register("sixteen-soldiers", "greedy")
class GreedyBot(_SixteenBot):
    """One ply: the move that takes the most (the longest chain), ties broken at random.
    Where a capture is forced (``capture_mandatory`` without huffing) the opponent's forced
    capture is part of the move's outcome, and the worst of them for us counts: one ply alone
    walked into them, and lost to random play.  It once also sought mobility (the empty
    points beside its pieces), which led its pieces into the open: a player that took the
    longest capture and otherwise moved at random beat it 39 games in 40."""

    #: whether every capture the reply could make counts, forced or not
    careful = False

    def choose(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        engine, side = self.engine, observation["to_move"]
        forced_capture = engine.rules.capture_mandatory and not engine.rules.huffing
        cells = _cells(observation)
        value = evaluate if self.careful else material
        best: list[Action] = []
        best_score = None
        for action in legal:
            after = _apply_text(engine, cells, str(action))
            if str(action).startswith("huff "):
                score = value(engine, after, side) + WIN // 2
            elif not (replies := engine.moves(after, 1 - side)):
                score = WIN
            else:
                score = value(engine, after, side)
                captures = [reply for reply in replies if reply[1]]
                if captures and (forced_capture or self.careful):
                    worst = min(_after_reply(engine, after, r, side, value) for r in captures)
                    score = worst if forced_capture else min(score, worst)  # SS-4: optional
            if best_score is None or score > best_score:
                best, best_score = [action], score
            elif score == best_score:
                best.append(action)
        return self.rng.choice(best)


@register("sixteen-soldiers", "careful")
class CarefulBot(GreedyBot):
    """Greedy, but it never leaves a piece to be taken for nothing: each move counts the
    worst capture the reply could make (capturing being optional, SS-4, the reply may also
    let it be), and among equals it keeps the most room to move (:func:`evaluate`).  Still
    one ply of its own: it sees no trap deeper than the reply."""

    careful = True


class _Timeout(Exception):
    pass


@register("sixteen-soldiers", "strong")
class StrongBot(_SixteenBot):
    """Alpha-beta with iterative deepening, a transposition table, capture-first ordering and a
    capture quiescence search (standing pat is legal: capturing is optional, SS-4).

    ``time_limit`` (seconds per move) and ``max_nodes`` bound the search; with ``max_nodes``
    alone the choice is deterministic.  ``squeeze`` weighs the endgame's hemming in (see
    :func:`evaluate`); ``contempt`` is what a draw by the A.7 safeguard costs the searching
    side, so that it plays on for a win where it is not behind.
    """

    def __init__(
        self,
        game: SixteenSoldiers,
        seed: int | None = None,
        time_limit: float | None = None,
        max_nodes: int | None = None,
        max_depth: int = 30,
        squeeze: int = SQUEEZE,
        contempt: int = CONTEMPT,
        **options: Any,
    ) -> None:
        super().__init__(game, seed=seed)
        self.squeeze, self.contempt = squeeze, contempt
        self.root_side = 0
        self.time_limit = 0.5 if time_limit is None and max_nodes is None else time_limit
        self.max_nodes = max_nodes
        self.max_depth = max_depth
        rules = game.rules
        self.quiet_limit = rules.no_capture_plies if rules.draw_rule == "safeguard" else 0
        self.rep_limit = rules.repetition_count if rules.draw_rule == "safeguard" else 0
        self.strict = rules.capture_mandatory
        self.huffing = rules.huffing
        self.nodes = 0

    # -- the search
    def choose(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        engine, side = self.engine, observation["to_move"]
        self.root_side = side
        cells = _cells(observation)
        by_text = {str(a): a for a in legal}
        huffs = [a for a in legal if str(a).startswith("huff ")]
        if huffs:  # removing an enemy piece is free; take the one that leaves us best placed
            return max(huffs, key=lambda a: self._quiesce_after(cells, side, str(a)))
        if len(legal) == 1:
            return legal[0]
        self.deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        self.nodes = 0
        self.tt: dict[bytes, tuple[int, int, int, Any]] = {}
        self.history_keys: dict[bytes, int] = {}
        for key in observation["positions"]:
            cells_part, side_part, *huff = key.split(" ", 2)
            if huff:  # a position with a right to huff: the search never reaches one
                continue
            packed = bytes(text_cells(cells_part)) + bytes(["SN".index(side_part)])
            self.history_keys[packed] = self.history_keys.get(packed, 0) + 1
        quiet = observation["moves_without_capture"]
        # the moves offered, as (path, taken): read off the game's own moves where it gave them
        # (a position can offer 600,000 chains), else regenerated and matched by their text
        offered = {(a.path, a.taken): a for a in legal if isinstance(a, Move)}
        if len(offered) != len(legal):
            offered = {m: by_text[engine.text(*m)] for m in engine.moves(cells, side)
                       if engine.text(*m) in by_text}  # fmt: skip
        root = sorted(offered, key=lambda m: -len(m[1]))
        best = root[0]
        scores: dict[Any, int] = {}
        for depth in range(1, self.max_depth + 1):
            try:
                score, move, scores = self._root(cells, side, depth, quiet, root, best)
            except _Timeout:
                break
            best = move
            root.sort(key=lambda m: -scores.get(m, -WIN))
            if abs(score) >= WIN - 100:
                break
        # scores are the last finished pass's; none finished: the longest capture first
        tops = [m for m in root if m in scores and scores[m] == scores[best]] or [best]
        return offered[self.rng.choice(tops)]

    def _root(
        self, cells: bytearray, side: int, depth: int, quiet: int, root: Moves, first: Any
    ) -> tuple[int, Any, dict[Any, int]]:
        ordered = [first] + [m for m in root if m != first]
        alpha, best, scores = -WIN - 1, first, {}
        for move in ordered:
            score = self._score(cells, side, move, depth, alpha - 1, WIN + 1, 0, quiet)
            scores[move] = score
            if score > alpha:
                alpha, best = score, move
        return alpha, best, scores

    def _tick(self) -> None:
        self.nodes += 1
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise _Timeout
        if self.nodes & 511 == 0 and self.deadline and time.perf_counter() > self.deadline:
            raise _Timeout

    def _search(
        self, cells: bytearray, side: int, depth: int, alpha: int, beta: int, ply: int, quiet: int
    ) -> int:
        self._tick()
        moves = self.engine.moves(cells, side)
        if not moves:  # SS-5: the side that cannot move loses, before any draw is counted
            return -WIN + ply
        draw = -self.contempt if side == self.root_side else self.contempt
        if self.quiet_limit and quiet >= self.quiet_limit:
            return draw
        key = bytes(cells) + bytes([side])
        if self.rep_limit and quiet and self.history_keys.get(key, 0) >= self.rep_limit - 1:
            return draw
        if depth <= 0:
            return self._quiesce(cells, side, alpha, beta, ply, 0)
        entry = self.tt.get(key)
        tt_move = None
        if entry is not None:
            e_depth, e_score, e_flag, tt_move = entry
            if e_depth >= depth and (
                e_flag == 0 or (e_flag > 0 and e_score >= beta) or (e_flag < 0 and e_score <= alpha)
            ):
                return e_score
        if tt_move is not None and tt_move in moves:
            moves.remove(tt_move)
            moves.insert(0, tt_move)
        alpha0, best, best_move = alpha, -WIN - 1, moves[0]
        for move in moves:
            score = self._score(cells, side, move, depth, alpha, beta, ply, quiet)
            if score > best:
                best, best_move = score, move
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        flag = 1 if best >= beta else (-1 if best <= alpha0 else 0)
        self.tt[key] = (depth, best, flag, best_move)
        return best

    def _score(
        self,
        cells: bytearray,
        side: int,
        move: Play,
        depth: int,
        alpha: int,
        beta: int,
        ply: int,
        quiet: int,
    ) -> int:
        """``side``'s score for ``move`` at ``ply``, the reply searched to ``depth - 1``; under
        huffing (A.7) a step that declines a capture also lets the opponent huff any piece
        that could have captured, then move: he picks what is worst for ``side``.  The huffs
        come first (he mostly takes one), and one that refutes the move ends the search."""
        engine, (path, taken) = self.engine, move
        huffable = engine.huffable_after(cells, side, path) if self.huffing and not taken else []
        engine.play(cells, path, taken)
        score = WIN + 1
        for piece in huffable:
            cells[piece] = 0
            huffed = -self._search(cells, 1 - side, depth - 1, -beta, -alpha, ply + 1, 0)
            cells[piece] = side + 1
            score, beta = min(score, huffed), min(beta, huffed)
            if score <= alpha:
                break
        if score > alpha:  # or he lets the step be
            quiet = 0 if taken else quiet + 1
            score = min(
                score, -self._search(cells, 1 - side, depth - 1, -beta, -alpha, ply + 1, quiet)
            )
        engine.unplay(cells, path, taken)
        return score

    def _quiesce(
        self, cells: bytearray, side: int, alpha: int, beta: int, ply: int, qdepth: int
    ) -> int:
        self._tick()
        engine = self.engine
        stand = evaluate(engine, cells, side, self.squeeze, self.root_side)
        chains = engine.chains(cells, side)
        if not chains:
            return stand if engine.steps(cells, side) else -WIN + ply
        forced = self.strict  # under mandatory capture there is no standing pat
        if not forced:
            if stand >= beta:
                return stand
            alpha = max(alpha, stand)
        if qdepth >= 6:
            return stand
        chains.sort(key=lambda m: -len(m[1]))
        best = -WIN - 1 if forced else stand
        for path, taken in chains:
            engine.play(cells, path, taken)
            score = -self._quiesce(cells, 1 - side, -beta, -alpha, ply + 1, qdepth + 1)
            engine.unplay(cells, path, taken)
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        return best

    def _quiesce_after(self, cells: bytearray, side: int, text: str) -> int:
        after = _apply_text(self.engine, cells, text)
        self.deadline, self.nodes = None, 0
        saved, self.max_nodes = self.max_nodes, None
        try:
            return self._quiesce(after, side, -WIN - 1, WIN + 1, 0, 0)
        finally:
            self.max_nodes = saved
