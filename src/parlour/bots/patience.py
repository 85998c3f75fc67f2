"""Poker Patience players: ``greedy``, ``fast`` and ``strong`` (``random`` is the generic one).

* ``greedy``: the cell that raises the tableau's present score most (partial lines score their
  rank pattern), ties at random: Neller's greedy player (poker-patience.md §5).
* ``fast``: the cell whose row and column gain the most *learned value*: values of abstract
  partial lines, which also see the unseen cards (how many of a pair's rank, how many of a
  flush's suit are left), learned by self-play (NARL, :mod:`parlour.patience.learn`) and then,
  for English on both grids and American on the fixed one, fitted to the strong player's
  choices (:mod:`parlour.patience.imitate`).
* ``strong``: flat Monte Carlo.  Each candidate cell is tried in shared random orders of the
  unseen cards, each played out to the end by the value-greedy policy on the self-play values
  (numpy, all at once; the taught values play better but made worse rollouts), and the rollouts
  are spent by sequential halving, so the close contenders get most of them; the cell with the
  best mean final score is laid.  With three cards or fewer to come it values every cell exactly
  instead (:mod:`parlour.patience.endgame`).  This is the method of the best published players (a
  good rollout policy under flat Monte Carlo, poker-patience.md §1).

Every player maximises its own expected score: with several players that also maximises the
expected settlement, since a player's net is ``N x score - total`` (PP-7) and the others'
scores do not depend on his layout.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from parlour.bots import Bot, register
from parlour.cards import Card
from parlour.game import Action, Game, GameOptionError
from parlour.patience import tables as T
from parlour.patience.endgame import EXACT_CARDS, expected_finals
from parlour.patience.engine import GEOMETRIES, Batch, LineValues, play_out, random_orders
from parlour.patience.learn import model
from parlour.patience.scoring import category
from parlour.patience.tableau import Frame

GAME = "poker-patience"
#: the strong player's rollouts per candidate cell by default, by grid (floating or not) and by
#: whether its lines count the straights still open (English), which costs more a card
DEFAULT_ROLLOUTS = {(False, False): 1200, (False, True): 800, (True, False): 400, (True, True): 400}
_CODE = {str(Card(c)): c for c in T.CARD52}


class View:
    """What a seat's observation says, in the engine's terms."""

    def __init__(self, observation: dict[str, Any]) -> None:
        self.seat = observation["seat"]
        self.floating = observation["grid"] == "floating"
        self.frame = Frame.of(observation["grid"])
        self.geo = GEOMETRIES[self.floating]
        self.table = tuple(observation["scoring"])
        cells = observation["tableaux"][self.seat]
        self.codes: list[int | None] = [None if c is None else _CODE[c] for c in cells]
        self.layout = [-1 if c is None else T.CARD52[c] for c in self.codes]
        self.card_code = _CODE[observation["card"]]
        self.card = T.CARD52[self.card_code]
        seen = {T.CARD52[_CODE[c]] for c in observation["dealt"]}
        self.pool = np.array([c for c in range(52) if c not in seen], dtype=np.int64)
        self.future = 25 - int(observation["number"])

    def cells(self, legal: Sequence[Action]) -> list[int]:
        out = [self.frame.parse(str(a)) for a in legal]
        return [c for c in out if c is not None]


@register(GAME, "greedy")
class GreedyBot(Bot):
    """Lays each card where the present score rises most (rank patterns of partial lines)."""

    def choose(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        view = View(observation)
        n = view.frame.size
        best: list[Action] = []
        best_gain = -float("inf")
        for action, cell in zip(legal, view.cells(legal), strict=True):
            r, c = divmod(cell, n)
            gain = 0
            for line in ([r * n + k for k in range(n)], [k * n + c for k in range(n)]):
                held = [code for i in line if (code := view.codes[i]) is not None]
                before = view.table[category(held)] if held else 0  # no card: no score (PP-4)
                gain += view.table[category([*held, view.card_code])] - before
            if gain > best_gain:
                best, best_gain = [action], gain
            elif gain == best_gain:
                best.append(action)
        return self.rng.choice(best)


@register(GAME, "fast")
class FastBot(Bot):
    """Lays each card where its row and column gain the most learned value."""

    def choose(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        view = View(observation)
        base = Batch.from_layout(view.geo, view.layout, 1)
        learned = model(view.table, view.floating, taught=True)
        gained = base.gains(np.array([view.card]), learned)[0]
        values = [gained[cell] + 1e-6 * self.rng.random() for cell in view.cells(legal)]
        return legal[int(np.argmax(values))]


@register(GAME, "strong")
class StrongBot(Bot):
    """Flat Monte Carlo over the candidate cells with value-greedy rollouts, by sequential halving.

    A decision may play ``rollouts`` random orders of the unseen cards per candidate cell on
    average (by default 1,200 on the fixed grid, 800 there under a table where straights
    outscore flushes (English), whose lines cost more to value, and 400 on the floating grid,
    whose 9x9 frame costs more a card: :data:`DEFAULT_ROLLOUTS`, about 4 to 4.5 CPU seconds a
    game on a slow day here; ``benchmarks/patience.py --loss`` measures what fewer cost), and
    about ``work`` card placements in all (never fewer than 16 rollouts a surviving cell a
    round, so a small ``work`` may be exceeded); ``width`` keeps only the best cells by learned
    value.  With ``halving`` the rollouts are spent in rounds: every round plays the surviving
    cells in the same fresh orders, and the better half goes on to the next, so the close
    contenders get most of the rollouts (sequential halving); without it every cell gets the
    same number.  With ``exact`` cards or fewer still to come (at most
    :data:`~parlour.patience.endgame.EXACT_CARDS`) every cell is valued exactly by expectimax
    instead; ``exact=0`` leaves only the last card to that.
    """

    def __init__(
        self,
        game: Game,
        seed: int | None = None,
        work: int = 600_000,
        rollouts: int | None = None,
        width: int = 12,
        halving: bool = True,
        exact: int = EXACT_CARDS,
        **options: Any,
    ) -> None:
        super().__init__(game, seed=seed, **options)
        if width < 1 or rollouts == 0 or work < 1:
            raise GameOptionError(
                f"poker-patience strong: width, rollouts and work must be at least 1, "
                f"not {width}, {rollouts} and {work}"
            )
        if not 0 <= exact <= EXACT_CARDS:
            raise GameOptionError(
                f"poker-patience strong: exact must be 0 to {EXACT_CARDS} cards, not {exact}"
            )
        self.work, self.rollouts, self.width, self.halving = work, rollouts, width, halving
        self.exact = exact
        self.np_rng = np.random.default_rng(seed)

    def evaluate(
        self, observation: dict[str, Any], legal: Sequence[Action], always: bool = False
    ) -> list[tuple[Action, float]]:
        """Each candidate action with the mean final score of its rollouts, best first; with
        ``exact`` cards or fewer to come, its exact expected final score instead.

        Cells that are alike (fixed grid: an empty row is an empty row) appear once.  With one
        candidate left the rollouts are skipped unless ``always``.  Cells dropped in an earlier
        round of halving come after the ones that went further.
        """
        view = View(observation)
        learned = model(view.table, view.floating)
        points = T.points(view.table, full_only=True)
        base = Batch.from_layout(view.geo, view.layout, 1)
        cells = view.cells(legal)
        first = base.gains(np.array([view.card]), learned)[0]
        picks = self._candidates(view, base, cells)
        picks.sort(key=lambda i: -first[cells[i]])
        picks = picks[: self.width]
        k = len(picks)
        if view.future <= self.exact:  # the last cards: each cell's expectation, exactly
            after = base.repeat(k)
            after.place(np.array([cells[i] for i in picks]), np.full(k, view.card))
            expected = expected_finals(after, view.pool, view.future, points)
            order = sorted(range(k), key=lambda j: -expected[j])
            return [(legal[picks[j]], float(expected[j])) for j in order]
        if k == 1 and not always:
            return [(legal[i], float(first[cells[i]])) for i in picks]
        rollouts = self.rollouts or DEFAULT_ROLLOUTS[view.floating, "w" in learned.features]
        budget = min(k * rollouts, self.work // view.future)
        sums, counts = np.zeros(k), np.zeros(k)
        alive = list(range(k))
        rounds = max(1, math.ceil(math.log2(k))) if self.halving else 1
        for round_ in range(rounds):
            r = max(16, budget // (rounds * len(alive)))
            alive_cells = [cells[picks[j]] for j in alive]
            sums[alive] += self._rollouts(view, base, alive_cells, r, learned, points)
            counts[alive] += r
            if round_ < rounds - 1:
                alive.sort(key=lambda j: -sums[j] / counts[j])
                alive = alive[: math.ceil(len(alive) / 2)]
        means = sums / counts
        ranked = sorted(range(k), key=lambda j: (-counts[j], -means[j]))
        return [(legal[picks[j]], float(means[j])) for j in ranked]

    @staticmethod
    def _candidates(view: View, base: Batch, cells: list[int]) -> list[int]:
        """Indices of the cells worth telling apart: in the fixed grid empty rows are alike."""
        if view.floating:
            return list(range(len(cells)))
        groups: dict[tuple[int, int], int] = {}
        n = view.geo.n
        for i, cell in enumerate(cells):
            r, c = divmod(cell, n)
            key = (r if base.rows[0, r] else -1, c if base.cols[0, c] else -1)
            groups.setdefault(key, i)
        return sorted(groups.values())

    def _rollouts(
        self,
        view: View,
        base: Batch,
        cells: list[int],
        count: int,
        learned: LineValues,
        points: np.ndarray,
    ) -> np.ndarray:
        """Each cell's total final score over ``count`` shared random orders of unseen cards."""
        k = len(cells)
        futures = random_orders(view.pool, count, view.future, self.np_rng)
        batch = base.repeat(k * count)
        batch.place(np.repeat(np.array(cells), count), np.full(k * count, view.card))
        play_out(batch, np.tile(futures, (k, 1)), learned)
        return batch.total(points).reshape(k, count).sum(axis=1)

    def choose(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        return self.evaluate(observation, legal)[0][0]
