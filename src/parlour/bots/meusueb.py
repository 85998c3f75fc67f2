"""Meusuëb players: ``greedy`` (one ply, most pips into the store) and ``strong`` (alpha-beta).

Both rebuild the whole position from the observation (meusuëb is a game of perfect
information) and search with :class:`parlour.boards.meusueb.Position`.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from parlour.boards.meusueb import ROW, Meusueb, Position, move_text, parse_move
from parlour.bots import Bot, register
from parlour.game import Action, Game, GameOptionError

WIN = 10_000


def _moves_of(legal: Sequence[Action]) -> list[int]:
    moves = [parse_move(str(a)) for a in legal]
    return [m for m in moves if m is not None]


def _pick(legal: Sequence[Action], move: int) -> Action:
    text = move_text(move)
    return next(a for a in legal if str(a) == text)


@register("meusueb", "greedy")
class GreedyBot(Bot):
    """One ply: the move that puts the most pips into its own store; ties at random."""

    game: Meusueb

    def choose(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        pos = self.game.position(observation)
        seat = pos.mover
        best: list[int] = []
        best_gain = -1
        for move in _moves_of(legal):
            child = pos.copy()
            child.play(move)
            gain = child.stores[seat] - pos.stores[seat]
            if gain > best_gain:
                best, best_gain = [move], gain
            elif gain == best_gain:
                best.append(move)
        return _pick(legal, self.rng.choice(best))


class _OutOfTime(Exception):
    pass


@register("meusueb", "strong")
class StrongBot(Bot):
    """Alpha-beta with iterative deepening under a time budget and a transposition table.

    The evaluation, for the seat that chooses, is the difference of the stores plus
    ``side_weight`` times the difference of the pips lying on each side (which the
    endgame, MS-7, credits mostly to the side they lie on).  A finished game scores
    ±10,000 plus the store difference.  ``time_limit`` (seconds per move, 0.5 unless a bound
    below is given) and ``max_nodes`` bound the search; ``depth`` fixes its depth instead of
    any clock.  With ``max_nodes`` or ``depth`` the choice is deterministic for a seed (the
    hint's, which should not change between presses).
    """

    game: Meusueb

    def __init__(
        self,
        game: Game,
        seed: int | None = None,
        time_limit: float | None = None,
        depth: int | None = None,
        side_weight: float = 0.5,
        max_nodes: int | None = None,
        **_: Any,
    ) -> None:
        super().__init__(game, seed=seed)
        for name, value in (("depth", depth), ("max_nodes", max_nodes)):
            if value is not None and value < 1:
                raise GameOptionError(f"meusueb strong: {name} must be at least 1, not {value}")
        if depth is not None:
            time_limit = None
        elif time_limit is None and max_nodes is None:
            time_limit = 0.5
        self.time_limit = time_limit
        self.depth = depth
        self.max_nodes = max_nodes
        self.side_weight = side_weight
        self.nodes = 0
        self._root = 0
        self._deadline = 0.0
        self._table: dict[tuple[Any, ...], tuple[int, float, int, int]] = {}

    def choose(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        pos = self.game.position(observation)
        moves = _moves_of(legal)
        if len(moves) == 1:
            return _pick(legal, moves[0])
        self.rng.shuffle(moves)
        return _pick(legal, self.best_move(pos, moves))

    def best_move(self, pos: Position, moves: list[int]) -> int:
        """The move the search prefers for the seat to move in ``pos``."""
        self._root = pos.mover
        self._table = {}
        self.nodes = 0
        limit = self.depth or 64
        clock = self.time_limit
        self._deadline = float("inf") if clock is None else time.perf_counter() + clock
        best = moves[0]
        for depth in range(1, limit + 1):
            try:
                value, move = self._root_search(pos, moves, depth)
            except _OutOfTime:
                break
            best = move
            moves = [move] + [m for m in moves if m != move]
            if abs(value) >= WIN:  # the result is known
                break
        return best

    def _root_search(self, pos: Position, moves: list[int], depth: int) -> tuple[float, int]:
        alpha, best = -float("inf"), moves[0]
        for move in moves:
            child = pos.copy()
            child.play(move)
            value = self._search(child, depth - 1, alpha, float("inf"))
            if value > alpha:
                alpha, best = value, move
        return alpha, best

    def _evaluate(self, pos: Position) -> float:
        me = self._root
        stores = pos.stores
        diff = stores[me] - stores[1 - me]
        if pos.over:
            return diff + (WIN if diff > 0 else -WIN if diff < 0 else 0)
        board = pos.board
        mine = sum(board[me * ROW : me * ROW + ROW])
        theirs = sum(board) - mine
        return diff + self.side_weight * (mine - theirs)

    def _search(self, pos: Position, depth: int, alpha: float, beta: float) -> float:
        self.nodes += 1
        # the clock every 8 positions: with many pips one position may take long to sow
        if self.nodes & 7 == 0 and time.perf_counter() > self._deadline:
            raise _OutOfTime
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise _OutOfTime
        if depth <= 0 or pos.over:
            return self._evaluate(pos)
        key = (*pos.board, *pos.stores, pos.mover, pos.phase, pos.pending, *pos.queue)
        entry = self._table.get(key)
        first = -1
        if entry is not None:
            e_depth, e_value, e_flag, first = entry
            if e_depth >= depth and (
                e_flag == 0 or (e_flag > 0 and e_value >= beta) or (e_flag < 0 and e_value <= alpha)
            ):
                return e_value
        moves = pos.moves()
        if first in moves:
            moves.remove(first)
            moves.insert(0, first)
        maximising = pos.mover == self._root
        a0, b0 = alpha, beta
        best_move = moves[0]
        if maximising:
            value = -float("inf")
            for move in moves:
                child = pos.copy()
                child.play(move)
                score = self._search(child, depth - 1, alpha, beta)
                if score > value:
                    value, best_move = score, move
                alpha = max(alpha, value)
                if alpha >= beta:
                    break
        else:
            value = float("inf")
            for move in moves:
                child = pos.copy()
                child.play(move)
                score = self._search(child, depth - 1, alpha, beta)
                if score < value:
                    value, best_move = score, move
                beta = min(beta, value)
                if alpha >= beta:
                    break
        flag = 1 if value >= b0 else -1 if value <= a0 else 0
        self._table[key] = (depth, value, flag, best_move)
        return value
