"""Both games keep the protocol's promises under many rule options; chips are conserved."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import parlour
from parlour.testing import check_contract

OPTION_SETS = [
    ("draw-poker", 3, {}),
    ("draw-poker", 6, {"preset": "S4-club"}),
    ("draw-poker", 4, {"straddle": "blind", "limit_before": 8, "straddle_says": True}),
    ("draw-poker", 2, {"check_after_draw": True, "limit_kind": "interval", "limit_after": 6}),
    ("draw-poker", 8, {"pack": 60, "stacks": (30, 5, 12, 40, 3, 20, 9, 15)}),
    ("draw-poker", 3, {"joker": "wild", "unopened": "english", "counts_after_draw": False}),
    ("draw-poker", 9, {"reshuffle": "peel", "last_card_not_dealt": False}),
    ("jackpots", 4, {}),
    ("jackpots", 3, {"progressive": True, "redeal": 2, "false_openers": "EB29"}),
    ("jackpots", 5, {"false_openers": "PEEL", "split_openers": False, "stacks": (9,) * 5}),
    ("jackpots", 4, {"false_openers": "BAR", "limit_kind": "interval"}),
]


@pytest.mark.parametrize(("name", "players", "options"), OPTION_SETS)
def test_contract_under_option_sets(name, players, options):
    game = parlour.make(name, players=players, **options)
    assert check_contract(game, seeds=range(6), probe_every=3, hidden_every=3) > 0


def _options(data: st.DataObject, name: str, players: int) -> dict:
    opts: dict = {"dealer": data.draw(st.integers(0, players - 1))}
    if players > 9 or (data.draw(st.booleans()) and players > 6):
        opts["pack"] = 60
    if data.draw(st.booleans()):
        opts["preset"] = "S4-club"
    else:
        opts["limit_kind"] = data.draw(st.sampled_from(["raise", "interval"]))
        opts["limit_before"] = data.draw(st.integers(4, 8))
        opts["limit_after"] = data.draw(st.integers(4, 10))
        opts["stage_after"] = data.draw(st.integers(1, 2))
    opts["check_after_draw"] = data.draw(st.booleans())
    opts["reshuffle"] = data.draw(st.sampled_from(["keep-waiting", "peel"]))
    opts["last_card_not_dealt"] = data.draw(st.booleans())
    opts["royal_penalty"] = data.draw(st.integers(0, 3))
    opts["joker"] = data.draw(st.sampled_from(["none", "none", "wild", "bug"]))
    if data.draw(st.booleans()):
        opts["stacks"] = tuple(data.draw(st.integers(2, 40)) for _ in range(players))
    if name == "draw-poker":
        if opts.get("preset") != "S4-club":
            opts["straddle"] = data.draw(st.sampled_from(["none", "blind"]))
            opts["come_in"] = data.draw(st.sampled_from(["double", "ante"]))
        opts["unopened"] = data.draw(st.sampled_from(["age-takes", "jackpot-next", "english"]))
    else:
        opts["progressive"] = data.draw(st.booleans())
        opts["redeal"] = data.draw(st.integers(0, 4))
        opts["after_aces"] = data.draw(st.sampled_from(["stay", "down", "cycle"]))
        opts["false_openers"] = data.draw(st.sampled_from(["refuse", "EB29", "PEEL", "BAR"]))
        opts["split_openers"] = data.draw(st.booleans())
    if data.draw(st.booleans()):
        opts["carry"] = tuple(data.draw(st.integers(0, 3)) for _ in range(players))
    return opts


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_deals_under_random_options_conserve_chips(data):
    name = data.draw(st.sampled_from(["draw-poker", "jackpots"]))
    players = data.draw(st.integers(2, 10))
    opts = _options(data, name, players)
    game = parlour.make(name, players=players, **opts)
    chooser = random.Random(data.draw(st.integers(0, 10**6)))
    for _ in range(30):
        state = game.new_state(seed=chooser.randrange(10**9))
        steps = 0
        while not state.is_over:
            legal = state.legal_actions()
            # lean towards calling so that deals reach the draw and the show
            action = (
                legal[1] if len(legal) > 1 and chooser.random() < 0.6 else chooser.choice(legal)
            )
            state.apply(action)
            steps += 1
            assert steps < 2000
        pay = state.payoffs()
        assert sum(pay) == 0
        assert sum(state.won) + sum(state.carry_out) == state.pool
        if state.stacks is not None:
            assert min(state.stacks) >= 0
            for s in range(players):
                assert (
                    state.stacks[s]
                    == opts["stacks"][s] - state.contrib[s] + state.won[s] + state.penalties[s]
                )
