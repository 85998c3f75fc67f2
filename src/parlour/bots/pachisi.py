"""Pachisi players: ``greedy`` (one ply, a position score) and ``strong`` (expectimax over throws).

Both rebuild the position from the observation alone (Pachisi is perfect
information apart from future throws) and score it for the side of the colour
whose turn it is.

* ``greedy`` plays the move after which its score is best: the progress of its
  pieces minus the opponents', a bonus for pieces on castles, captures counted
  through the opponents' lost progress.
* ``strong`` searches: its own further moves with the throws still in hand,
  a chance node over the exact throw distribution when the turn gives another
  throw (depth-limited), and at the leaves a score that adds the exact chance
  that each exposed piece is hit by the opponents' next throws (one throw, or
  two when the first gives another), and the threats it makes itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from parlour.boards.pachisi import DANA, PASS, PachisiState
from parlour.boards.pachisi_board import CASTLES, HOME, TRACK_CELL
from parlour.boards.pachisi_rules import PachisiRules, throw_distribution
from parlour.bots import Bot, register
from parlour.game import Action, Game

WIN = 10_000.0

#: cell -> position on colour c's track (the outer circuit and the lap, 9..75; own line 1..83)
_INDEX: list[dict[int, int]] = []
for _c in range(4):
    _m: dict[int, int] = {}
    for _p in range(HOME - 1, 0, -1):  # the circuit position 76 wins over 8 (same square)
        _m.setdefault(TRACK_CELL[_c][_p], _p)
    _INDEX.append(_m)


def rebuild(game: Game, observation: dict[str, Any]) -> PachisiState:
    """The position an observation shows, as a state the bot may search."""
    state = PachisiState.from_observation(game, observation)
    state.search = True
    return state


def _safe(state: PachisiState, c: int, p: int) -> bool:
    """Whether a piece of ``c`` on ``p`` cannot be hit where it stands."""
    if p <= 7 or p >= 77:
        return True  # the Charkoni, home, and the own squares (9,1)..(9,7) no other track enters
    return TRACK_CELL[c][p] in CASTLES[state.rules.castle_layout]


def greedy_score(state: PachisiState, side: int) -> float:
    """Progress of ``side``'s pieces minus the opponents', with a bonus for castles."""
    if state.winner is not None:
        return WIN if state.winner == side else -WIN
    castles = CASTLES[state.rules.castle_layout]
    total = 0.0
    for c in state.active:
        cells = TRACK_CELL[c]
        score = 0.0
        for p in state.pos[c]:
            score += p
            if 0 < p < HOME and cells[p] in castles:
                score += 3.0
        total += score if state.side[c] == side else -score
    return total


class _Threats:
    """The exact chance of a hit by one colour's next throw(s), from the throw distribution."""

    def __init__(self, r: PachisiRules) -> None:
        dist = throw_distribution(r)
        self.single = {v: float(p) for v, p in dist.items()}
        again = [v for v in dist if v in r.again_throws]
        self.double: dict[int, float] = {}
        for a in again:
            for b, pb in self.single.items():
                d = a + b
                self.double[d] = self.double.get(d, 0.0) + self.single[a] * pb

    def chance(self, distances: set[int]) -> float:
        """P(some throw, or a grace followed by a throw, covers one of ``distances``)."""
        p = sum(pv for v, pv in self.single.items() if v in distances)
        p += sum(pv for d, pv in self.double.items() if d in distances and d not in self.single)
        return min(p, 1.0)


def strong_score(state: PachisiState, side: int, threats: _Threats) -> float:
    """Expected progress of ``side`` minus the opponents', counting the hits each side risks."""
    if state.winner is not None:
        return WIN if state.winner == side else -WIN
    r = state.rules
    castles = CASTLES[r.castle_layout]
    back = 1 if r.captured_return_to == "start_square" else 0
    entry_cost = 0.0 if back == 1 else 6.0
    total = 0.0
    for c in state.active:
        mine = state.side[c] == side
        enemies = [e for e in state.active if state.side[e] != state.side[c]]
        cells = TRACK_CELL[c]
        score = 0.0
        for p in state.pos[c]:
            if p == HOME:
                score += HOME + entry_cost + 4.0
                continue
            if p == 0:
                continue
            score += p + entry_cost
            cell = cells[p]
            if cell in castles:
                score += 1.5
            if _safe(state, c, p):
                continue
            if r.doubled_pieces_immune and state.pos[c].count(p) > 1:
                continue
            miss = 1.0
            for e in enemies:
                where = _INDEX[e].get(cell)
                if where is None:
                    continue
                dists = {where - q for q in state.pos[e] if 0 < q < where}
                if r.first_piece_free_entry and not state.entered[e] and 0 in state.pos[e]:
                    dists.add(where)
                if dists:
                    miss *= 1.0 - threats.chance(dists)
            # the side to move next after this turn gets the first shot: weigh own risk fully
            weight = 1.0 if mine else 0.5
            score -= weight * (1.0 - miss) * (p - back + entry_cost)
        total += score if mine else -score
    return total


class PachisiBot(Bot):
    """Shared: rebuild the position and pick the best-scoring legal action."""

    def _value(self, state: PachisiState, side: int) -> float:
        raise NotImplementedError

    def choose(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        legal = list(legal)
        if len(legal) == 1:
            return legal[0]
        state = rebuild(self.game, observation)
        side = state.side[state.turn_colour]
        best, best_value = legal[0], float("-inf")
        for action in legal:
            value = self._value(after(state, action), side) + self.rng.random() * 1e-6
            if value > best_value:
                best, best_value = action, value
        return best


def after(state: PachisiState, action: Action) -> PachisiState:
    """The position after ``action``, before any further throw."""
    child = state.clone()
    if str(action) == PASS:
        child.pending = []
    else:
        move = next(m for m in child._moves() if str(m) == str(action))
        child.play_move(move)
    return child


@register("pachisi", "greedy")
class GreedyBot(PachisiBot):
    """One ply: the move whose resulting position scores best (progress, castles, captures)."""

    def _value(self, state: PachisiState, side: int) -> float:
        return greedy_score(state, side)


@register("pachisi", "strong")
class StrongBot(PachisiBot):
    """Expectimax over the exact throw distribution, ``depth`` decisions deep, risk-aware leaves."""

    def __init__(self, game: Game, seed: int | None = None, depth: int = 2, **_: Any) -> None:
        super().__init__(game, seed=seed)
        self.depth = depth
        self.threats = _Threats(game.rules)
        self.outcomes = [(v, float(p)) for v, p in throw_distribution(game.rules).items()]

    def _value(self, state: PachisiState, side: int) -> float:
        return self._expect(state, side, self.depth - 1)

    def _expect(self, state: PachisiState, side: int, depth: int) -> float:
        """The value of a position in mid-turn: best further moves, or the throw to come."""
        if state.winner is not None:
            return strong_score(state, side, self.threats)
        if depth <= 0 or len(state.pending) > 2:
            # past the depth, or many throws in hand (Herklots): use them greedily
            return self._finish_greedily(state, side)
        if state.pending:
            return self._best(state, side, depth)
        if state.again:
            r = state.rules
            total = 0.0
            for value, prob in self.outcomes:
                child = state.clone()
                child.again = False
                child.thrown.append(value)
                child.pending = [value]
                if r.grace_entry_mode == "dana_extra_step" and value in r.grace_throws:
                    child.pending.append(DANA)
                child.again = value in r.again_throws and child._may_throw_more()
                total += prob * self._best(child, side, depth)
            return total
        return strong_score(state, side, self.threats)

    def _finish_greedily(self, state: PachisiState, side: int) -> float:
        """Past the depth: use the throws still in hand one by one, each by the leaf score."""
        while state.pending and state.winner is None:
            moves = state._moves()
            if not moves:
                break
            best_child, best_value = None, float("-inf")
            for move in moves:
                child = state.clone()
                child.play_move(move)
                value = strong_score(child, side, self.threats)
                if value > best_value:
                    best_child, best_value = child, value
            state = best_child
        return strong_score(state, side, self.threats)

    def _best(self, state: PachisiState, side: int, depth: int) -> float:
        moves = state._moves()
        best = strong_score(state, side, self.threats) if not moves else float("-inf")
        if state.rules.may_pass or not moves:
            passed = state.clone()
            passed.pending = []
            best = max(best, self._expect(passed, side, depth - 1))
        for move in moves:
            child = state.clone()
            child.play_move(move)
            best = max(best, self._expect(child, side, depth - 1))
        return best
