"""resample_hidden in Stud, Straight and Whiskey Poker rewrites the recorded shuffle: the
re-drawn deal is a shuffle of the same pack whose history replays to it, before and after play
on, and what the seat saw is unchanged (as Draw Poker's, tests/poker/test_draw_resample.py)."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import parlour
from parlour.testing import _play_on, _snapshot

GAMES = [
    ("stud-poker", {}),
    ("stud-poker", {"preset": "S3-variant"}),  # V-3: an interval after each card
    ("stud-poker", {"first_betting_after": 5, "joker": "wild"}),
    ("straight-poker", {"pools": 3}),  # several deals: only the one in play is re-drawn
    ("whiskey-poker", {}),
    ("whiskey-poker", {"settlement": "lives"}),
    ("whiskey-poker", {"settlement": "betting", "pass_after_taken": True}),
]


def _replays(game, state) -> bool:
    return _snapshot(game.replay(json.loads(json.dumps(state.history)))) == _snapshot(state)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(GAMES),
    st.integers(2, 6),
    st.integers(0, 10**6),
    st.integers(0, 40),
    st.data(),
)
def test_a_resampled_deal_replays_from_its_record(spec, players, seed, stop, data):
    name, options = spec
    game = parlour.make(name, players=players, **options)
    state = game.new_state(seed=seed)
    chooser = random.Random(seed)
    for _ in range(stop):
        if state.is_over:
            break
        state.apply(chooser.choice(state.legal_actions()))
    seat = data.draw(st.integers(0, players - 1))
    before = _snapshot(state)
    other = state.resample_hidden(seat, random.Random(seed + 1))
    assert _snapshot(state) == before  # the original and its record are untouched
    assert other.observation(seat) == state.observation(seat)
    assert _replays(game, other)  # the record names the re-drawn cards

    _play_on(other, chooser)
    assert other.is_over and sum(other.payoffs()) == 0
    assert _replays(game, other)  # and the stock it dealt from
