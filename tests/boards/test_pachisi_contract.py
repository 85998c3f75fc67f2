"""Pachisi under every named rule set (C.8) and 2, 3 and 4 players passes the contract checks:
random play to the end, illegal input refused, replay, clones, JSON (PC-1, PC-2)."""

from __future__ import annotations

import pytest

import parlour
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
