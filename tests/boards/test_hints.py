"""The board games' hints: the strong player's move, the same at every press."""

from __future__ import annotations

import itertools
import random
import time

import pytest

import parlour
import parlour.boards.cli_meusueb
import parlour.boards.cli_pachisi
import parlour.boards.cli_sixteen_soldiers  # each of the three registers its hint
from parlour import terminal


def _middle_game(name: str, seed: int, moves: int):
    state = parlour.make(name).new_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(("name", "seed", "moves"), [
    ("meusueb", 0, 4), ("sixteen-soldiers", 0, 4), ("pachisi", 1, 30),
])  # fmt: skip
def test_a_hint_does_not_depend_on_the_clock(monkeypatch, name: str, seed: int, moves: int):
    """A person who asks twice gets the same advice, on a fast machine or a slow one: the hint
    searches to a budget of positions, not of seconds (a clock that runs ten seconds a reading
    stands for a machine far slower than any)."""
    state = _middle_game(name, seed, moves)
    hint = terminal._HINTERS[name]
    calm = hint(state, state.to_move)
    assert calm.startswith("The strong player would ")
    ticks = itertools.count(0.0, 10.0)
    with monkeypatch.context() as patched:
        patched.setattr(time, "perf_counter", lambda: next(ticks))
        hurried = hint(state, state.to_move)
    assert hurried == calm
