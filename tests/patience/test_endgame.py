"""Exact expected final scores at the end of a layout, against a plain recursion."""

from __future__ import annotations

import random
from statistics import mean

import numpy as np
import pytest

import parlour
from parlour import bots
from parlour.bots.patience import View
from parlour.game import GameOptionError
from parlour.patience import tables as T
from parlour.patience.endgame import EXACT_CARDS, expected_finals
from parlour.patience.engine import GEOMETRIES, Batch
from parlour.patience.scoring import TABLES, category
from parlour.patience.tableau import Frame

CODE = {card52: code for code, card52 in T.CARD52.items()}
#: a table of ten unequal values, so a wrong line or category shows
TABLE = (1, 2, 3, 5, 8, 13, 21, 34, 55, 89)


def score(frame: Frame, layout: list[int | None]) -> int:
    """PP-4 by hand: every full row and column by its category, no other line."""
    n = frame.size
    lines = [[layout[r * n + c] for c in range(n)] for r in range(n)]
    lines += [[layout[r * n + c] for r in range(n)] for c in range(n)]
    held = [[CODE[x] for x in line if x is not None] for line in lines]
    return sum(TABLE[category(cards)] for cards in held if len(cards) == 5)


def expectimax(frame: Frame, layout: list[int | None], pool: list[int], left: int) -> float:
    """The mean over the next card of its best cell's value, down to the end."""
    if left == 0:
        return score(frame, layout)
    values = []
    for i, card in enumerate(pool):
        rest = pool[:i] + pool[i + 1 :]
        best = -1.0
        for cell in frame.legal(layout):
            layout[cell] = card
            best = max(best, expectimax(frame, layout, rest, left - 1))
            layout[cell] = None
        values.append(best)
    return mean(values)


def dealt(frame: Frame, rng: random.Random, left: int) -> tuple[list[int | None], list[int]]:
    """A layout of ``25 - left`` cards laid at random legal cells, and the unseen cards."""
    deck = rng.sample(range(52), 52)
    layout: list[int | None] = [None] * frame.cells
    for card in deck[: 25 - left]:
        layout[rng.choice(frame.legal(layout))] = card
    return layout, deck[25 - left :]


@pytest.mark.rule("PP-2")
@pytest.mark.rule("PP-4")
@pytest.mark.parametrize("grid", ["fixed", "floating"])
@pytest.mark.parametrize("left", range(EXACT_CARDS + 1))
def test_expected_finals_are_the_expectimax_values(grid: str, left: int):
    frame, rng = Frame.of(grid), random.Random(left)
    points = T.points(TABLE, full_only=True)
    for _ in range(3):
        layout, unseen = dealt(frame, rng, left)
        pool = unseen[:6]  # a short pool keeps the plain recursion quick
        batch = Batch.from_layout(GEOMETRIES[grid == "floating"], [
            -1 if card is None else card for card in layout
        ], 1)  # fmt: skip
        ours = float(expected_finals(batch, np.array(pool), left, points)[0])
        assert ours == pytest.approx(expectimax(frame, layout, pool, left), abs=1e-9)


@pytest.mark.rule("PP-2")
@pytest.mark.parametrize("left", [2, 3])
def test_a_free_cell_that_touches_no_card_is_not_a_choice(left: int):
    """Floating: with the corner c3 and its three neighbours free, c3 may not take the next
    card (PP-2) until one of them is filled; a fifth free cell, g7, makes the number of choices
    differ from one tableau of the search to the next."""
    frame = Frame.of("floating")
    deck = random.Random(3).sample(range(52), 52)
    box = [r * 9 + c for r in range(2, 7) for c in range(2, 7)]  # c3..g7
    free = [box[0], box[1], box[5], box[6], box[-1]]
    layout: list[int | None] = [None] * frame.cells
    for cell, card in zip([c for c in box if c not in free], deck, strict=False):
        layout[cell] = card
    assert box[0] not in frame.legal(layout) and len(frame.legal(layout)) == 4
    pool = deck[20:25]
    batch = Batch.from_layout(GEOMETRIES[True], [-1 if c is None else c for c in layout], 1)
    points = T.points(TABLE, full_only=True)
    ours = float(expected_finals(batch, np.array(pool), left, points)[0])
    assert ours == pytest.approx(expectimax(frame, layout, pool, left), abs=1e-9)


@pytest.mark.parametrize("grid", ["fixed", "floating"])
def test_the_strong_player_values_the_last_cards_exactly(grid: str):
    """With three cards or fewer to come the strong player's figures are the exact expected
    final scores of its cells (no rollout noise), the best first; ``exact=0`` goes back to
    rollouts for them."""
    game = parlour.make("poker-patience", grid=grid, scoring="american")
    state = game.new_state(seed=11)
    fast = bots.make("fast", game, seed=11)
    while 25 - state.observation(0)["number"] > EXACT_CARDS:
        state.apply(fast.choose(state.observation(0), state.legal_actions()))
    obs, legal = state.observation(0), state.legal_actions()
    ranked = bots.make("strong", game, seed=1).evaluate(obs, legal)
    assert ranked == bots.make("strong", game, seed=2).evaluate(obs, legal)
    values = [value for _, value in ranked]
    assert len(values) > 1 and values == sorted(values, reverse=True)
    view = View(obs)
    points = T.points(TABLES["american"], full_only=True)
    for action, value in ranked:
        after = Batch.from_layout(view.geo, view.layout, 1)
        after.place(np.array([view.frame.parse(str(action))]), np.array([view.card]))
        assert value == expected_finals(after, view.pool, EXACT_CARDS, points)[0], action
    rollouts = bots.make("strong", game, seed=1, exact=0, rollouts=16).evaluate(obs, legal)
    assert dict(rollouts) != dict(ranked)


def test_exact_beyond_its_cards_is_refused_by_name():
    game = parlour.make("poker-patience")
    with pytest.raises(GameOptionError, match="exact must be 0 to 3"):
        bots.make("strong", game, exact=EXACT_CARDS + 1)
    with pytest.raises(GameOptionError, match="exact"):
        bots.make("strong", game, exact=-1)
