"""Pachisi under every named rule set (C.8) and 2, 3 and 4 players passes the contract checks:
random play to the end, illegal input refused, replay, clones, JSON (PC-1, PC-2)."""

from __future__ import annotations

import random

import pytest

import parlour
from parlour.boards.pachisi_board import CASTLES, HOME, TRACK_CELL
from parlour.boards.pachisi_rules import PRESETS
from parlour.testing import check_contract

# long games: thin out the costlier per-step probes
_PROBE = {"pachih_aceh": (7, 7)}


@pytest.mark.rule("PC-1")
@pytest.mark.rule("PC-2")
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("ruleset", sorted(PRESETS))
def test_pc1_pc2_every_rule_set_passes_the_contract(ruleset, players):
    """PC-1 (2-4 players) and PC-2 (the C.8 rule sets): the protocol holds to the end."""
    game = parlour.make("pachisi", players=players, ruleset=ruleset)
    probe, hidden = _PROBE.get(ruleset, (97, 193))
    seeds = range(2) if ruleset == "pachih_aceh" else range(1)
    assert check_contract(game, seeds=seeds, probe_every=probe, hidden_every=hidden) > 0


@pytest.mark.rule("PC-2")
@pytest.mark.parametrize(
    "options",
    [
        {"blockades": True, "doubled_pieces_immune": True},
        {"capture_bonus_throw": True, "castle_layout": "parker_ceylon"},
        {"castle_layout": "none", "may_pass": False, "allow_extra_circuit": False},
        {"grace_entry_mode": "enter_and_move_value", "first_piece_free_entry": False},
        {"accumulate_throws_until_stop": True, "triple_repeat_cancels": True},
        {"stacking_outside_safe": False, "enemy_castle_landing": "allowed_no_capture"},
        {"exact_finish": False, "max_throws_per_turn": 2, "teams": "none"},
        {"captured_return_to": "start_square", "finished_player_helps_partner": False},
        {"pieces_start": "start_square", "first_player": "seat0", "cowrie_p_up": 0.4},
    ],
)
def test_c8_option_combinations_pass_the_contract(options):
    """C.8: each option, away from its default, still gives a game that ends and replays."""
    game = parlour.make("pachisi", players=4, **options)
    assert check_contract(game, seeds=range(1), probe_every=101, hidden_every=211) > 0


def _check_position(state, homes: list[int]) -> list[int]:
    """The invariants of C.4-C.5 in ``state``; returns the pieces home by colour."""
    r = state.rules
    castles = CASTLES[r.castle_layout]
    lowest = 0 if "charkoni" in (r.pieces_start, r.captured_return_to) else 1
    cells: dict[int, list[int]] = {}
    for c in state.active:
        assert len(state.pos[c]) == 4  # C.3: four pieces a colour, none made or lost
        assert all(lowest <= p <= HOME for p in state.pos[c]), state.pos[c]
        for p in state.pos[c]:
            if 0 < p < HOME:
                cells.setdefault(TRACK_CELL[c][p], []).append(c)
    for cell, colours in cells.items():
        if len({state.side[c] for c in colours}) > 1:  # C.4 step 6: a hit sends all back
            assert cell in castles and r.enemy_castle_landing == "allowed_no_capture"
        if not r.stacking_outside_safe and len(colours) > 1 and cell not in castles:
            assert all(TRACK_CELL[c][1] == cell for c in colours)  # C.5: only on one's start
    now = [state.pos[c].count(HOME) for c in range(4)]
    assert all(map(int.__ge__, now, homes))  # home is for good
    assert not r.max_throws_per_turn or len(state.thrown) <= r.max_throws_per_turn
    return now


@pytest.mark.rule("PC-2")
@pytest.mark.parametrize(
    ("players", "options"),
    [(4, {"ruleset": name}) for name in sorted(PRESETS)]
    + [
        (3, {"ruleset": "pachih_aceh"}),
        (4, {"blockades": True, "doubled_pieces_immune": True, "capture_bonus_throw": True}),
        (4, {"stacking_outside_safe": False, "enemy_castle_landing": "allowed_no_capture"}),
        (4, {"castle_layout": "parker_ceylon", "max_throws_per_turn": 2}),
    ],
    ids=str,
)
def test_c4_invariants_hold_after_every_action_of_a_random_game(players, options):
    """C.4/C.5 after every action of a random game: each colour keeps its four pieces, on
    the track, in C or home; no square off a castle holds opposing pieces (a hit sends every
    opponent there back) and a castle does so only where the rules let them share it; under
    Pachih several pieces stand together only on × squares or their own start; a piece home
    stays home; and no turn throws more than max_throws_per_turn."""
    game = parlour.make("pachisi", players=players, **options)
    state, rng = game.new_state(seed=1), random.Random(1)
    homes = _check_position(state, [0] * 4)
    while not state.is_over:
        moves = [a for a in state.legal_actions() if a != "pass"]  # passing rarely: go on
        state.apply(rng.choice(moves) if moves and rng.random() < 0.95 else "pass")
        homes = _check_position(state, homes)
    assert state.winner is not None
