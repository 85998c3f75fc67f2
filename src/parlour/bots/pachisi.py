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
  that each exposed piece is hit in the opponents' next turn, and the threats it
  makes itself.  That chance comes from every way a turn goes under the rule set
  (throwing again up to ``max_throws_per_turn``, Herklots' throwing until a stop
  with its dana steps, any of a turn's throws put together on one piece, pieces
  entering from the Charkoni), not only one throw or two.  When every throw of the
  turn is in hand (always so under Herklots) it searches every way to use them,
  declining those that would hurt, and a piece's worth on the board counts the
  grace it took to enter (the cheapest grace: 6 in the standard set, 10 in Humphries').
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from parlour.boards.pachisi import DANA, PASS, Move, PachisiState
from parlour.boards.pachisi_board import CASTLES, HOME, TRACK_CELL
from parlour.boards.pachisi_rules import PachisiRules, throw_distribution
from parlour.bots import Bot, register
from parlour.game import Action, Game, GameOptionError

WIN = 10_000.0
#: the strong player's deepest search: a game of four takes about 2 CPU s at depth 3, and
#: about 30 at depth 4 (each decision deeper multiplies the positions by the throws' spread)
MAX_DEPTH = 3

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


#: turns of the opponent less likely than this are left out of the threat model
_CUTOFF = 1e-7
#: outcomes of a turn (merged by what they reach) rarer than this are dropped after
_KEEP = 1e-5
#: the longest turn enumerated (the named rule sets reach 8 throws above ``_CUTOFF``; a
#: cowrie_p_up that makes throwing again likely would otherwise branch without end)
_DEEPEST = 8
#: distances are kept as bits of an int, up to 127 steps (a track is 84 long)
_FULL = (1 << 128) - 1


def _subset_sums(values: Sequence[int]) -> int:
    """The sums of every subset of ``values`` as bits of an int (bit 0: the empty subset)."""
    sums = 1
    for v in values:
        sums |= sums << v
    return sums & _FULL


@cache
def threats_for(rules: PachisiRules) -> _Threats:
    """The threat model of a rule set, built once (the enumeration takes a moment)."""
    return _Threats(rules)


class _Threats:
    """The exact chance that a colour's next turn can hit a piece, from every way its turn goes.

    The turn is enumerated once per rule set: every sequence of throws (throwing again,
    ``max_throws_per_turn``, Herklots' throwing until a stop, three alike cancelling, the dāna),
    down to a chance of ``_CUTOFF``.  Each sequence gives the distances one piece on the board
    can cover with some of its throws (any subset, each throw used whole), and the positions a
    piece in the Charkoni can reach by entering with a grace (or the dāna) and then moving on
    with the throws it may still use.  Board rules on the way (castles, blockades) are ignored.
    """

    def __init__(self, r: PachisiRules) -> None:
        self.dist = [(v, float(p)) for v, p in throw_distribution(r).items()]
        turns: dict[tuple[int, int], float] = {}
        self._turns(r, [], 1.0, turns)
        # the rarest outcomes (together under 0.1%) are dropped: they only slow every query
        self.turns = [(p, board, entry) for (board, entry), p in turns.items() if p >= _KEEP]
        # which turns reach each distance (board) or position (entry), as bits over the turns,
        # and the chance of every byte of such a set, so that a union is summed a byte at a time
        self._board = [0] * 128
        self._entry = [0] * 128
        for i, (_, board, entry) in enumerate(self.turns):
            for d in range(128):
                if board >> d & 1:
                    self._board[d] |= 1 << i
                if entry >> d & 1:
                    self._entry[d] |= 1 << i
        self._bytes = (len(self.turns) + 7) // 8
        self._table = [
            [
                sum(
                    self.turns[8 * k + j][0]
                    for j in range(8)
                    if b >> j & 1 and 8 * k + j < len(self.turns)
                )
                for b in range(256)
            ]
            for k in range(self._bytes)
        ]
        self._memo: dict[tuple[int, int], float] = {}

    def _turns(
        self, r: PachisiRules, seq: list[int], prob: float, out: dict[tuple[int, int], float]
    ) -> None:
        for v, pv in self.dist:
            p = prob * pv
            s = [*seq, v]
            if r.triple_repeat_cancels and len(s) >= 3 and s[-1] == s[-2] == s[-3]:
                self._finish(r, s[:-3], p, out)
                continue
            cap = r.max_throws_per_turn or _DEEPEST
            more = v in r.again_throws and len(s) < min(cap, _DEEPEST)
            if more and p > _CUTOFF:
                self._turns(r, s, p, out)
            else:
                self._finish(r, s, p, out)

    @staticmethod
    def _finish(
        r: PachisiRules, seq: list[int], p: float, out: dict[tuple[int, int], float]
    ) -> None:
        """Record one whole turn ``seq``: what a piece on the board and one entering may reach."""
        dana = r.grace_entry_mode == "dana_extra_step"
        values = [*seq, *(DANA for v in seq if dana and v in r.grace_throws)]
        board = _subset_sums(values) & ~1
        entry = 0
        if dana:
            if DANA in values:
                rest = list(values)
                rest.remove(DANA)
                entry = _subset_sums(rest) << 1
        else:
            for i, v in enumerate(seq):
                if v in r.grace_throws:
                    later = (
                        seq[:i] + seq[i + 1 :] if r.accumulate_throws_until_stop else seq[i + 1 :]
                    )
                    start = 1 if r.grace_entry_mode == "enter_on_square1_consumes_throw" else v
                    entry |= _subset_sums(later) << start
        key = (board, entry & _FULL)
        out[key] = out.get(key, 0.0) + p

    def chance(self, board: int, entry: int = 0) -> float:
        """P(the turn covers a distance in ``board`` or enters and reaches a position in ``entry``).

        Both are bit sets: bit d of ``board`` for a piece on the board d steps short of the
        target, bit w of ``entry`` for a piece in the Charkoni and a target on position w.
        """
        key = (board, entry)
        p = self._memo.get(key)
        if p is None:
            hit = 0
            for bits, table in ((board, self._board), (entry, self._entry)):
                while bits:
                    low = bits & -bits
                    hit |= table[low.bit_length() - 1]
                    bits ^= low
            raw = hit.to_bytes(self._bytes, "little")
            p = sum(self._table[k][b] for k, b in enumerate(raw) if b)
            self._memo[key] = p = min(p, 1.0)
        return p


def _entry_cost(r: PachisiRules) -> float:
    """What a piece on the board is worth beyond its steps: the throw it took to enter.

    A grace spent entering on square 1 is a throw not moved with: the cheapest grace (6 in
    the standard set, 10 in Humphries' where no throw comes again).  Hit pieces that go back
    to their start square need no entering.
    """
    if r.captured_return_to == "start_square":
        return 0.0
    if r.grace_entry_mode == "enter_on_square1_consumes_throw" and r.grace_throws:
        return float(min(r.grace_throws))
    return 6.0


def strong_score(state: PachisiState, side: int, threats: _Threats) -> float:
    """Expected progress of ``side`` minus the opponents', counting the hits each side risks."""
    if state.winner is not None:
        return WIN if state.winner == side else -WIN
    r = state.rules
    castles = CASTLES[r.castle_layout]
    back = 1 if r.captured_return_to == "start_square" else 0
    entry_cost = _entry_cost(r)
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
                board = entry = 0
                for q in state.pos[e]:
                    if 0 < q < where:
                        board |= 1 << (where - q)
                    elif q == 0:
                        if r.first_piece_free_entry and not state.entered[e]:
                            board |= 1 << where  # it enters with any throw, counting from 0
                        else:
                            entry |= 1 << where
                if board or entry:
                    miss *= 1.0 - threats.chance(board, entry)
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


def _key_after(rows: tuple[Any, ...], state: PachisiState, move: Move) -> tuple[Any, ...]:
    """The search key of the position after ``move`` when it hits nothing, without playing it."""
    row = list(rows[move.colour])
    row.remove(move.start)
    row.append(move.to)
    pending = list(state.pending)
    pending.remove(move.value)
    new_rows = (*rows[: move.colour], tuple(sorted(row)), *rows[move.colour + 1 :])
    return new_rows, tuple(sorted(pending))


@register("pachisi", "greedy")
class GreedyBot(PachisiBot):
    """One ply: the move whose resulting position scores best (progress, castles, captures)."""

    def _value(self, state: PachisiState, side: int) -> float:
        return greedy_score(state, side)


@register("pachisi", "strong")
class StrongBot(PachisiBot):
    """Expectimax over the exact throw distribution, ``depth`` decisions deep, risk-aware leaves.

    ``depth`` is 1 (this decision, the turn finished by the leaf score: what 0 did too) to
    ``MAX_DEPTH`` (3: a game of four strong players in a few seconds; 4 took half a minute).
    """

    def __init__(
        self, game: Game, seed: int | None = None, depth: int = 2, budget: int = 1500, **_: Any
    ) -> None:
        super().__init__(game, seed=seed)
        if not 1 <= depth <= MAX_DEPTH:
            raise GameOptionError(
                f"pachisi strong: depth must be 1 to {MAX_DEPTH}, not {depth} (0 plays as 1; "
                f"each decision deeper takes about ten times as long)"
            )
        self.depth = depth
        self.threats = threats_for(game.rules)
        self.outcomes = [(v, float(p)) for v, p in throw_distribution(game.rules).items()]
        #: the most positions one decision searches through when all of a turn's throws are in hand
        self.budget = budget
        self._seen: dict[tuple[Any, ...], float] = {}
        self._share = self._left = budget

    def choose(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        # each action gets its share of the budget, so that a big turn is searched evenly
        self._seen, self._share = {}, max(self.budget // max(len(legal), 1), 50)
        return super().choose(observation, legal)

    def _value(self, state: PachisiState, side: int) -> float:
        self._left = self._share
        return self._expect(state, side, self.depth - 1)

    def _expect(self, state: PachisiState, side: int, depth: int) -> float:
        """The value of a position in mid-turn: best further moves, or the throw to come."""
        if state.winner is not None:
            return strong_score(state, side, self.threats)
        if state.pending and not state.again:
            # every throw of the turn is in hand (always so under Herklots): no chance is left
            return self._allocate(state, side)
        if depth <= 0:
            return self._finish_greedily(state, side)
        if state.pending:
            return self._best(state, side, depth)
        if state.again:
            r = state.rules
            total = 0.0
            for value, prob in self.outcomes:
                child = state.clone()
                child.again = state.again - 1
                child.thrown.append(value)
                child.pending = [value]
                if r.grace_entry_mode == "dana_extra_step" and value in r.grace_throws:
                    child.pending.append(DANA)
                child.again += value in r.again_throws and child._may_throw_more()
                total += prob * self._best(child, side, depth)
            return total
        return strong_score(state, side, self.threats)

    def _allocate(self, state: PachisiState, side: int) -> float:
        """The best end of a turn whose throws are all in hand: every way to use them.

        Orders of use that reach the same position are searched once.  Past its share of
        ``budget`` positions an action's search stops: a position not yet searched is worth
        what stopping there is worth (a lower bound, since the rest may be passed).
        """
        rows = tuple(tuple(row) for row in state.pos)
        key = (rows, tuple(sorted(state.pending)))
        value = self._seen.get(key)
        if value is not None:
            return value
        moves = state._moves() if state.winner is None else []
        if self._left <= 0 and moves and state.rules.may_pass:
            value = strong_score(state, side, self.threats)
        elif self._left <= 0 and moves:
            value = self._finish_greedily(state, side)
        else:
            self._left -= 1
            value = float("-inf")
            if state.rules.may_pass or not moves:
                value = strong_score(state, side, self.threats)
            for move in moves:
                seen = None if move.captures else self._seen.get(_key_after(rows, state, move))
                if seen is None:
                    child = state.clone()
                    child.play_move(move)
                    # a hit that earns a throw (capture_bonus_throw) brings chance back in
                    again = child.again and child.winner is None
                    seen = self._expect(child, side, 1) if again else self._allocate(child, side)
                value = max(value, seen)
        self._seen[key] = value
        return value

    def _finish_greedily(self, state: PachisiState, side: int) -> float:
        """Past the depth: use the throws still in hand one by one, each by the leaf score,
        and pass the rest (where passing is allowed) once no move scores better than stopping."""
        value = strong_score(state, side, self.threats)
        while state.pending and state.winner is None:
            moves = state._moves()
            if not moves:
                break
            best_child, best_value = None, float("-inf")
            for move in moves:
                child = state.clone()
                child.play_move(move)
                score = strong_score(child, side, self.threats)
                if score > best_value:
                    best_child, best_value = child, score
            if best_child is None or (state.rules.may_pass and best_value <= value):
                break
            state, value = best_child, best_value
        return value

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
