"""Pachisi (PC-1, PC-2; board-games.md C.2-C.5, C.8): the board, the throws and the rules
driven by real positions."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from math import comb
from typing import Any

import pytest

import parlour
from parlour.boards.cli_pachisi import describe
from parlour.boards.pachisi import Move, PachisiState
from parlour.boards.pachisi_board import CASTLES, CELL, HOME, TRACK, TRACK_CELL, rotate
from parlour.boards.pachisi_rules import (
    PRESETS,
    THROW_TABLES,
    mouths_up_distribution,
    rules_from_options,
    throw_cowries,
    throw_distribution,
)
from parlour.game import GameOptionError, IllegalAction


def position(
    pieces: dict[str, list[int]],
    throws: list[int],
    turn: str = "S",
    players: int = 4,
    entered: str = "SENW",
    seed: int = 0,
    **options: Any,
) -> PachisiState:
    """A state with ``pieces`` (colour -> positions) and ``throws`` in hand for ``turn``."""
    game = parlour.make("pachisi", players=players, **options)
    obs = {
        "pieces": {c: sorted(p) for c, p in pieces.items()},
        "entered": {c: c in entered for c in pieces},
        "turn": turn,
        "throws": list(throws),
        "thrown": list(throws),
        "again": False,
        "turns": 1,
        "winner": None,
        "drawn": False,
    }
    return PachisiState.from_observation(game, obs, random.Random(seed))


def legal(state: PachisiState) -> list[str]:
    return sorted(str(a) for a in state.legal_actions())


def at(colour: int, cell_of: tuple[int, int]) -> int:
    """The position on ``colour``'s track of the square that colour 0 (S) calls ``cell_of``."""
    s_colour, s_pos = cell_of
    cell = TRACK_CELL[s_colour][s_pos]
    return max(p for p in range(1, HOME) if TRACK_CELL[colour][p] == cell)


HOME4 = [HOME] * 4


# ---------------------------------------------------------------- PC-1: players and the board


@pytest.mark.rule("PC-1")
def test_pc1_two_three_or_four_players_only():
    """PC-1: two, three or four players."""
    for n in (2, 3, 4):
        assert parlour.make("pachisi", players=n).num_players == n
    for n in (1, 5):
        with pytest.raises(GameOptionError):
            parlour.make("pachisi", players=n)


@pytest.mark.rule("PC-1")
def test_pc1_each_player_starts_at_one_end_of_the_cross():
    """PC-1: the starting squares A, B, C, D next to the centre on each arm's middle line."""
    starts = [TRACK[c][0] for c in range(4)]
    assert starts == [(9, 7), (11, 9), (9, 11), (7, 9)]
    assert len(set(starts)) == 4
    for n, colours in ((2, "SENW"), (3, "SEN"), (4, "SENW")):
        obs = parlour.make("pachisi", players=n).new_state(seed=1).observation(0)
        assert obs["colours"] == colours
    assert (
        parlour.make("pachisi", players=2, rules="pachih").new_state(0).observation(0)["colours"]
        == "SN"
    )


@pytest.mark.rule("PC-1")
def test_pc1_partnerships_c4_step10():
    """PC-1/C.4 step 10: 4 players S+N against E+W; 2 players each run two opposite colours."""
    four = parlour.make("pachisi", players=4).new_state(seed=2).observation(0)
    assert four["side"] == {"S": 0, "E": 1, "N": 0, "W": 1}
    assert four["owner"] == {"S": 0, "E": 1, "N": 2, "W": 3}
    two = parlour.make("pachisi", players=2).new_state(seed=2).observation(0)
    assert two["owner"] == {"S": 0, "E": 1, "N": 0, "W": 1}
    alone = parlour.make("pachisi", players=4, teams="none").new_state(seed=2).observation(0)
    assert alone["side"] == {"S": 0, "E": 1, "N": 2, "W": 3}


@pytest.mark.rule("PC-2")
def test_c2_track_of_84_positions_from_the_data_file():
    """C.2: 84 positions, 83 steps from the start square to home, down the own middle line,
    round the outside anticlockwise, up the own middle line; the other seats by rotation."""
    south = TRACK[0]
    assert len(south) == 84 and south[-1] == "C"
    assert south[:8] == [(9, y) for y in range(7, -1, -1)]
    assert south[75:83] == [(9, y) for y in range(8)]
    # the own middle line (9,7)..(9,0) is walked twice: positions 1-8 and 76-83
    assert len(set(south[:83])) == 75
    for c in range(1, 4):
        assert TRACK[c][:83] == [rotate(sq, c) for sq in south[:83]]
    # the diagonal steps past the Charkoni at the four inner corners
    for i in (16, 33, 50, 67):
        (x0, y0), (x1, y1) = south[i - 1], south[i]
        assert abs(x1 - x0) == 1 and abs(y1 - y0) == 1
    # no other colour's track enters S's own squares (9,1)..(9,7)
    own = {CELL[(9, y)] for y in range(1, 8)}
    for c in (1, 2, 3):
        assert not own & set(TRACK_CELL[c][1:HOME])


@pytest.mark.rule("PC-2")
def test_c2_castle_layouts_from_the_data_file():
    """C.2: the standard and Parker layouts have 12 castles, the Aceh pachih layout 8;
    each is the same on every arm."""
    assert {k: len(v) for k, v in CASTLES.items()} == {
        "standard": 12,
        "parker_ceylon": 12,
        "aceh_pachih": 8,
        "none": 0,
    }
    assert {CELL[(9, 0)], CELL[(8, 3)], CELL[(10, 3)]} <= CASTLES["standard"]
    assert {CELL[(9, 4)], CELL[(8, 3)], CELL[(10, 3)]} <= CASTLES["parker_ceylon"]
    assert {CELL[(8, 2)], CELL[(10, 2)]} <= CASTLES["aceh_pachih"]
    for cells in CASTLES.values():
        coords = {sq for sq, i in CELL.items() if i in cells}
        assert {rotate(sq, 1) for sq in coords} == coords


# ---------------------------------------------------------------- PC-2: the cowrie throws


@pytest.mark.rule("PC-2")
@pytest.mark.parametrize("table", sorted(THROW_TABLES))
def test_pc2_cowrie_probabilities_are_binomial(table):
    """PC-2/C.3: P(k mouths up) = C(n, k) / 2^n, mapped through each rule set's table."""
    r = rules_from_options({"throw_table": table})
    n = len(THROW_TABLES[table]) - 1
    assert mouths_up_distribution(r) == [Fraction(comb(n, k), 2**n) for k in range(n + 1)]
    dist = throw_distribution(r)
    assert sum(dist.values()) == 1
    for k, value in enumerate(THROW_TABLES[table]):
        assert dist[value] == Fraction(comb(n, k), 2**n)


@pytest.mark.rule("PC-2")
def test_pc2_cowrie_p_up_option_gives_the_general_binomial():
    """C.3 cowrie_p_up: P(k up) = C(n, k) p^k (1 - p)^(n - k) for any p, exactly."""
    r = rules_from_options({"cowrie_p_up": 0.25})
    p = Fraction(1, 4)
    assert mouths_up_distribution(r) == [comb(6, k) * p**k * (1 - p) ** (6 - k) for k in range(7)]
    assert throw_distribution(r)[25] == (1 - p) ** 6


@pytest.mark.parametrize(
    ("field", "other"), [("max_turns", "max_throws_per_turn"), ("max_throws_per_turn", "max_turns")]
)
def test_a_negative_limit_is_refused_naming_only_its_own_field(field, other):
    """C.4 step 3 (max_throws_per_turn) and the max_turns safeguard: ``max_turns=-1`` was
    refused as "max_throws_per_turn and max_turns must be >= 0", naming a field not typed."""
    with pytest.raises(GameOptionError) as err:
        parlour.make("pachisi", **{field: -1})
    assert str(err.value) == f"pachisi: {field} must be >= 0 (0: no limit), not -1"
    assert other not in str(err.value)
    assert getattr(parlour.make("pachisi", **{field: 0}).rules, field) == 0


def test_options_that_hung_the_start_or_were_dropped_are_refused_or_made_true():
    """cowrie_p_up=1e-6 made 250,000 tied throws for the start (1e-300 never ended); both
    ``ruleset`` and its other name ``rules`` dropped ``rules`` silently; and three players
    "in partners" played alone while ``options()`` said partners."""
    for p in (1e-6, 0.999999):
        with pytest.raises(GameOptionError, match=r"cowrie_p_up \(C.3\) must be from 0.01"):
            parlour.make("pachisi", cowrie_p_up=p)
    assert len(parlour.make("pachisi", cowrie_p_up=0.01).new_state(seed=1).history) < 1000
    with pytest.raises(GameOptionError, match="both name the rule set"):
        parlour.make("pachisi", ruleset="pachih", rules="herklots")
    three = parlour.make("pachisi", players=3, teams="partners")
    assert three.options()["teams"] == "none" and three.new_state(seed=1).side == {0: 0, 1: 1, 2: 2}


@pytest.mark.rule("PC-2")
def test_pc2_herklots_seven_cowries():
    """C.1/C.3 Herklots with seven cowries: 6 up is 30, 7 up is 12; 10, 25, 30 give the +1."""
    r = parlour.make("pachisi", rules="herklots7").rules
    assert THROW_TABLES[r.throw_table] == (6, 10, 2, 3, 4, 25, 30, 12)
    assert r.grace_throws == (10, 25, 30) and r.grace_entry_mode == "dana_extra_step"
    assert set(r.again_throws) == {6, 10, 12, 25, 30}
    assert throw_distribution(r)[30] == Fraction(7, 128)


@pytest.mark.rule("PC-2")
def test_pc2_the_named_throws_of_each_table():
    """PC-2/C.3: 25 (pacchīs) is none up with 6 cowries (Wikipedia), five up in Herklots,
    where it is the highest throw of six cowries; the Aceh table is Dussek's."""
    assert THROW_TABLES["wikipedia6"] == (25, 10, 2, 3, 4, 5, 6)
    assert max(THROW_TABLES["herklots6"]) == 25 == THROW_TABLES["herklots6"][5]
    assert THROW_TABLES["aceh7"] == (7, 10, 2, 3, 4, 25, 30, 14)
    dist = throw_distribution(rules_from_options({}))
    assert (
        dist[25] == Fraction(1, 64) and dist[10] == Fraction(6, 64) and dist[3] == Fraction(20, 64)
    )


@pytest.mark.rule("PC-2")
def test_pc2_sampled_throws_follow_the_closed_form():
    """PC-2: 40,000 sampled throws of 7 cowries stay within 5 sigma of C(7, k) / 128."""
    r = rules_from_options({"ruleset": "pachih"})
    rng = random.Random(11)
    n = 40_000
    counts = Counter(throw_cowries(r, rng) for _ in range(n))
    for k, p in enumerate(mouths_up_distribution(r)):
        sigma = (n * float(p) * (1 - float(p))) ** 0.5
        assert abs(counts[k] - n * float(p)) < 5 * sigma


@pytest.mark.rule("PC-2")
def test_pc2_throws_are_chance_events_in_the_history():
    """PC-2: every throw is a recorded chance outcome (mouths up), so games replay."""
    game = parlour.make("pachisi", players=2)
    state = game.new_state(seed=5)
    throws = [e for e in state.history if e.get("chance") == "throw"]
    assert throws and all(0 <= e["outcome"] <= 6 for e in throws)
    assert state.observation(0)["throws"][0] == THROW_TABLES["wikipedia6"][throws[-1]["outcome"]]


# ---------------------------------------------------------------- C.4 turn structure


@pytest.mark.rule("PC-2")
def test_c4_first_player_by_highest_throw():
    """C.4 step 1: each colour throws; the highest starts, the tied throw again among them."""
    table = THROW_TABLES["wikipedia6"]
    ties = 0
    for seed in range(40):
        state = parlour.make("pachisi", players=4).new_state(seed=seed)
        rounds = [e["outcome"] for e in state.history if e.get("chance") == "first"]
        best = list("SENW")
        for ups in rounds:
            values = [table[k] for k in ups]
            best = [c for c, v in zip(best, values, strict=True) if v == max(values)]
        ties += len(rounds) > 1
        assert best == [state.observation(0)["turn"]]
    assert ties  # some seeds tie, so the throw-again is tried too


@pytest.mark.rule("PC-2")
def test_c4_step4_first_piece_free_then_graces_enter_on_square_1():
    """C.4 step 4: the first piece leaves on any throw counting square 1 as 1; later pieces
    need a grace (6, 10, 25), which puts them on square 1 and is used up."""
    s = position({"S": [0, 0, 0, 0], "E": [0] * 4, "N": [0] * 4, "W": [0] * 4}, [3], entered="")
    assert legal(s) == ["S0+3", "pass"]
    s.apply("S0+3")
    assert s.pos[0] == [0, 0, 0, 3]
    s = position({"S": [0, 0, 0, 5], "E": [0] * 4, "N": [0] * 4, "W": [0] * 4}, [3])
    assert legal(s) == ["S5+3", "pass"]
    with pytest.raises(IllegalAction, match=r"C\.4 step 4"):
        s.apply("S0+3")
    s = position({"S": [0, 0, 0, 5], "E": [0] * 4, "N": [0] * 4, "W": [0] * 4}, [10])
    s.apply("S0+10")
    assert s.pos[0] == [0, 0, 1, 5]


@pytest.mark.rule("PC-2")
def test_c4_step4_enter_and_move_value_option():
    """C.8 grace_entry_mode=enter_and_move_value: a grace enters and moves its value."""
    s = position(
        {"S": [0, 0, 0, 5], "E": [0] * 4},
        [10],
        players=2,
        teams="none",
        grace_entry_mode="enter_and_move_value",
    )
    s.apply("S0+10")
    assert s.pos[0] == [0, 0, 5, 10]


def throw(mouths_up: int) -> dict[str, int]:
    """A recorded throw of the cowries: how many fell mouth up."""
    return {"chance": "throw", "outcome": mouths_up}


@pytest.mark.rule("PC-2")
@pytest.mark.parametrize("mouths_up, grace", [(0, 25), (1, 10), (6, 6)])
def test_c4_step3_a_grace_gives_another_throw(mouths_up, grace):
    """C.4 step 3: once a grace (25, 10 or 6) is used the same colour throws again; after a 2
    the turn passes.  Driven by recorded throws, S starting (first_player=seat0)."""
    game = parlour.make("pachisi", players=4, first_player="seat0")
    state = game.replay([throw(mouths_up), {"seat": 0, "action": f"S0+{grace}"}, throw(2)])
    assert state.turn_colour == 0 and state.thrown == [grace, 2] and state.pending == [2]
    state = game.replay([throw(2), {"seat": 0, "action": "S0+2"}, throw(2)])
    assert state.turn_colour == 1 and state.thrown == [2]


@pytest.mark.rule("PC-2")
def test_c4_step6_capture_sends_every_opponent_piece_back():
    """C.4 step 6: ending on a non-castle square held by opponents sends all of them to C."""
    e = at(1, (0, 20))
    s = position({"S": [0, 0, 0, 17], "E": [0, 0, e, e], "N": [0] * 4, "W": [0] * 4}, [3])
    s.apply("S17+3")
    assert s.pos[0] == [0, 0, 0, 20]
    assert s.pos[1] == [0, 0, 0, 0]
    assert "hitting EE" in " ".join(s.log)


@pytest.mark.rule("PC-2")
def test_c4_step5_no_landing_on_a_castle_held_by_an_opponent():
    """C.4 step 5: no move may end on a castle held by an enemy ("the overtaking piece cannot
    move")."""
    castle = 21  # (15, 8), a standard castle on S's track
    assert TRACK_CELL[0][castle] in CASTLES["standard"]
    e = at(1, (0, castle))
    s = position({"S": [0, 0, 0, 18], "E": [0, 0, 0, e], "N": [0] * 4, "W": [0] * 4}, [3])
    assert "S18+3" not in legal(s)
    with pytest.raises(IllegalAction, match=r"C\.4 step 5"):
        s.apply("S18+3")
    shared = position(
        {"S": [0, 0, 0, 18], "E": [0, 0, 0, e], "N": [0] * 4, "W": [0] * 4},
        [3],
        enemy_castle_landing="allowed_no_capture",
    )
    shared.apply("S18+3")
    assert shared.pos[0][-1] == castle and shared.pos[1][-1] == e


@pytest.mark.rule("PC-2")
def test_c4_step5_partners_share_squares():
    """C.4 step 5: own and partner's pieces may share any square; no capture between partners."""
    n = at(2, (0, 20))
    s = position({"S": [0, 0, 0, 17], "E": [0] * 4, "N": [0, 0, 0, n], "W": [0] * 4}, [3])
    s.apply("S17+3")
    assert s.pos[2] == [0, 0, 0, n]


@pytest.mark.rule("PC-2")
def test_c4_step7_home_needs_the_exact_throw_or_a_grace_from_the_last_square():
    """C.4 step 7: exact throw home; overshooting is illegal; a grace takes a piece home from 83."""
    s = position({"S": [0, 0, 0, 80], "E": [0] * 4, "N": [0] * 4, "W": [0] * 4}, [5])
    assert "S80+5" not in legal(s)
    s = position({"S": [0, 0, 0, 80], "E": [0] * 4, "N": [0] * 4, "W": [0] * 4}, [4])
    s.apply("S80+4")
    assert s.pos[0] == [0, 0, 0, HOME]
    s = position({"S": [0, 0, 0, 83], "E": [0] * 4, "N": [0] * 4, "W": [0] * 4}, [6])
    s.apply("S83+6")
    assert s.pos[0] == [0, 0, 0, HOME]
    loose = position(
        {"S": [0, 0, 0, 80], "E": [0] * 4}, [25], players=2, teams="none", exact_finish=False
    )
    loose.apply("S80+25")
    assert loose.pos[0][-1] == HOME


@pytest.mark.rule("PC-2")
def test_c4_step8_pass_and_forfeit():
    """C.4 step 8: a player may decline a throw; with no legal move the throw is forfeited
    without asking (the turn moves on)."""
    s = position({"S": [0, 0, 0, 5], "E": [0] * 4, "N": [0] * 4, "W": [0] * 4}, [3])
    assert "pass" in legal(s)
    strict = position(
        {"S": [0, 0, 0, 5], "E": [0] * 4, "N": [0] * 4, "W": [0] * 4}, [3], may_pass=False
    )
    assert legal(strict) == ["S5+3"]
    with pytest.raises(IllegalAction, match=r"C\.4 step 8: passing is off \(may_pass=false\)"):
        strict.apply("pass")  # the option as --rule takes it, not Python's False
    # bringing the side's last piece home ends the game at once
    s = position({"S": [84, 84, 84, 82], "E": [30] * 4, "N": [84] * 4, "W": [30] * 4}, [2])
    s.apply("S82+2")
    assert s.is_over and s.payoffs() == [1.0, -1.0, 1.0, -1.0]


@pytest.mark.rule("PC-2")
def test_c4_step8_forfeit_is_automatic():
    """C.4 step 8: a throw no piece can use is forfeited; the seat is never asked about it."""
    game = parlour.make("pachisi", players=4, ruleset="herklots6")
    forfeits = 0
    for seed in range(10):
        state = game.new_state(seed=seed)
        # Herklots: no piece enters without a das or pachisi, so early throws are forfeited
        forfeits += sum("forfeited" in line for line in state.log)
        assert any(str(a) != "pass" for a in state.legal_actions())
    assert forfeits


@pytest.mark.rule("PC-2")
def test_c4_step9_a_second_circuit_from_position_76():
    """C.4 step 9: a piece passing 76 may turn home or go round again to (10,0) = position 9."""
    s = position({"S": [0, 0, 0, 70], "E": [0] * 4, "N": [0] * 4, "W": [0] * 4}, [10])
    assert {"S70+10", "S70+10 lap"} <= set(legal(s))
    s.apply("S70+10 lap")
    assert s.pos[0][-1] == 12 and TRACK[0][11] == (10, 3)
    assert "S moves 70->12, going round again" in s.log  # not a move back from 70 to 12
    off = position(
        {"S": [0, 0, 0, 70], "E": [0] * 4, "N": [0] * 4, "W": [0] * 4},
        [10],
        allow_extra_circuit=False,
    )
    assert "S70+10 lap" not in legal(off)
    with pytest.raises(IllegalAction, match=r"passing step 76 .* \(allow_extra_circuit=false\)"):
        off.apply("S70+10 lap")


@pytest.mark.rule("PC-2")
def test_c4_step9_a_piece_standing_on_76_may_go_round_again():
    """C.4 step 9: "at position 76" a piece may go on for another lap, so one already
    standing on 76 is offered the lap as well as the way home: 76 + 2 goes round to 10."""
    s = position({"S": [0, 0, 0, 76], "E": [0] * 4, "N": [0] * 4, "W": [0] * 4}, [2])
    assert {"S76+2", "S76+2 lap"} <= set(legal(s))
    s.apply("S76+2 lap")
    assert s.pos[0][-1] == 10


@pytest.mark.rule("PC-2")
def test_c4_step10_a_finished_colour_moves_its_partner():
    """C.4 step 10: a colour with all its pieces home uses its throws for its partner."""
    s = position({"S": HOME4, "E": [0] * 4, "N": [0, 0, 0, 30], "W": [0] * 4}, [4])
    assert legal(s) == ["N30+4", "pass"]
    with pytest.raises(IllegalAction, match="it is S's turn; it moves its partner N's pieces;"):
        s.apply("E0+4")  # it said "it moves S's own pieces", which are all home
    alone = position(
        {"S": HOME4, "E": [0] * 4, "N": [0, 0, 0, 30], "W": [0] * 4},
        [4],
        finished_player_helps_partner=False,
    )
    assert legal(alone) == ["pass"]  # nothing to move: in play the throw is forfeited


@pytest.mark.rule("PC-2")
def test_c4_step10_win_and_payoffs():
    """C.4 step 10: the first side with every piece home wins; zero-sum payoffs, shared by
    the partners (4 players: +1 +1 -1 -1; 2 players: +1 -1; 3 alone: +2 -1 -1)."""
    s = position({"S": HOME4, "E": [0] * 4, "N": [84, 84, 84, 80], "W": [0] * 4}, [4])
    s.apply("N80+4")
    assert s.is_over and s.to_move is None and s.payoffs() == [1.0, -1.0, 1.0, -1.0]
    two = position({"S": HOME4, "E": [0] * 4, "N": [84, 84, 84, 80], "W": [0] * 4}, [4], players=2)
    two.apply("N80+4")
    assert two.payoffs() == [1.0, -1.0]
    three = position({"S": [0] * 4, "E": [84, 84, 84, 80], "N": [0] * 4}, [4], turn="E", players=3)
    three.apply("E80+4")
    assert three.payoffs() == [-1.0, 2.0, -1.0]


# ---------------------------------------------------------------- C.8 options


@pytest.mark.rule("PC-2")
def test_c8_doubled_pieces_are_immune():
    """C.8 doubled_pieces_immune (Herklots' solitary man): two pieces of a colour cannot be hit."""
    e = at(1, (0, 20))
    pieces = {"S": [0, 0, 0, 17], "E": [0, 0, e, e], "N": [0] * 4, "W": [0] * 4}
    assert "S17+3" not in legal(position(pieces, [3], doubled_pieces_immune=True))
    assert "S17+3" in legal(position(pieces, [3]))


@pytest.mark.rule("PC-2")
def test_c8_blockades():
    """C.8 blockades: two pieces of one opposing colour stop passing."""
    e = at(1, (0, 19))
    pieces = {"S": [0, 0, 0, 17], "E": [0, 0, e, e], "N": [0] * 4, "W": [0] * 4}
    assert "S17+4" not in legal(position(pieces, [4], blockades=True))
    assert "S17+4" in legal(position(pieces, [4]))

    home = at(1, (0, 76))
    pieces = {"S": [74, HOME, HOME, HOME], "E": [0, 0, home, home], "N": [0] * 4, "W": [0] * 4}
    assert "S74+10" in legal(position(pieces, [10]))  # 74 + 10: home
    assert "S74+10" not in legal(position(pieces, [10], blockades=True))  # past E's pair on 76


@pytest.mark.rule("PC-2")
def test_c8_a_solitary_piece_is_hit_and_two_of_two_colours_are_no_pair():
    """C.8: only two or more pieces of *one* colour are immune, or block: a single piece is
    hit (Herklots' "solitary man"), and so are one of E's and one of W's on one square."""
    e, w = at(1, (0, 20)), at(3, (0, 20))
    alone = {"S": [0, 0, 0, 17], "E": [0, 0, 0, e], "N": [0] * 4, "W": [0] * 4}
    state = position(alone, [3], doubled_pieces_immune=True)
    state.apply("S17+3")
    assert state.pos[1] == [0, 0, 0, 0]
    mixed = {**alone, "W": [0, 0, 0, w]}
    state = position(mixed, [3], doubled_pieces_immune=True)
    move = next(m for m in state.legal_actions() if str(m) == "S17+3")
    assert move.captures == 2  # C.4 step 6: every piece hit goes back
    state.apply(move)
    assert state.pos[1] == state.pos[3] == [0, 0, 0, 0]
    single = {**alone, "E": [0, 0, 0, at(1, (0, 19))]}
    assert "S17+4" in legal(position(single, [4], blockades=True))


@pytest.mark.rule("PC-2")
def test_c8_a_blockade_is_not_landed_on_either():
    """C.8 blockades (the Western reading): a pair of one colour is neither passed nor landed
    on; without the option the piece lands there and hits both."""
    e = at(1, (0, 20))
    pieces = {"S": [0, 0, 0, 17], "E": [0, 0, e, e], "N": [0] * 4, "W": [0] * 4}
    assert "S17+3" not in legal(position(pieces, [3], blockades=True))
    state = position(pieces, [3])
    assert [m.captures for m in state.legal_actions() if str(m) == "S17+3"] == [2]


@pytest.mark.rule("PC-2")
def test_c4_step10_one_colour_home_does_not_win_for_its_partnership():
    """C.4 step 10: the side wins when all eight of its pieces are home: S's last piece
    home leaves the game going while N, S's partner, still has one out."""
    state = position({"S": [84, 84, 84, 80], "E": [0] * 4, "N": [0, 0, 0, 30], "W": [0] * 4},
                     [4, 2])  # fmt: skip
    state.apply("S80+4")
    assert not state.is_over and state.winner is None
    assert legal(state) == ["N30+2", "pass"]


@pytest.mark.rule("PC-2")
def test_c4_step4_a_grace_may_still_enter_the_first_piece_on_square_1():
    """C.4 step 4: the first piece "may" enter free, moving the throw; a grace used to enter
    puts a piece on square 1 (here S's 25 is a castle an opponent holds, so only that)."""
    e = at(1, (0, 25))
    s = position({"S": [0] * 4, "E": [0, 0, 0, e], "N": [0] * 4, "W": [0] * 4}, [25], entered="ENW")
    assert legal(s) == ["S0+25 grace", "pass"]
    s.apply("S0+25 grace")
    assert s.pos[0] == [0, 0, 0, 1] and s.entered[0]
    free = position({"S": [0] * 4, "E": [0] * 4, "N": [0] * 4, "W": [0] * 4}, [25], entered="")
    assert legal(free) == ["S0+25", "S0+25 grace", "pass"]
    later = position({"S": [0, 0, 0, 5], "E": [0] * 4, "N": [0] * 4, "W": [0] * 4}, [25])
    # entered before: the grace entry still says so, and the terminal's words say step 1 (it
    # read "enter one S piece with the 25", the words of the free entry to 25)
    assert legal(later) == ["S0+25 grace", "S5+25", "pass"]
    assert "by the grace 25, on step 1" in describe("S0+25 grace")
    later.apply("S0+25")  # the old text, as records made before this read, is that move
    assert later.pos[0] == [0, 0, 1, 5]
    assert [e["action"] for e in later.history if "action" in e] == ["S0+25 grace"]


def test_a_move_object_is_played_as_the_legal_move_its_text_names():
    """A caller's Move naming S30+25 plays the legal S30+25 (to 55), whatever ``to`` it says."""
    s = position({"S": [0, 0, 0, 30], "E": [0] * 4, "N": [0] * 4, "W": [0] * 4}, [25])
    s.apply(Move(0, 30, 25, HOME))
    assert s.pos[0] == [0, 0, 0, 55]


@pytest.mark.rule("PC-2")
def test_c8_capture_bonus_throw():
    """C.8 capture_bonus_throw: a capture earns another throw."""
    e = at(1, (0, 20))
    pieces = {"S": [0, 0, 0, 17], "E": [0, 0, 0, e], "N": [0] * 4, "W": [0] * 4}
    s = position(pieces, [3], capture_bonus_throw=True)
    s.apply("S17+3")
    assert s.turn_colour == 0 and len(s.thrown) == 2
    # a capture made with a grace earns its own throw besides the grace's (two owed)
    e = at(1, (0, 27))
    s = position({"S": [0, 0, 0, 17], "E": [0, 0, 0, e], "N": [0] * 4, "W": [0] * 4}, [10],
                 capture_bonus_throw=True, seed=2)  # fmt: skip
    s.again = 1  # the 10 is a grace: one more throw owed
    s.apply("S17+10")
    assert s.pos[1] == [0, 0, 0, 0] and s.turn_colour == 0
    assert len(s.thrown) == 2 and s.again == 1  # one owed throw taken, the capture's still owed


@pytest.mark.rule("PC-2")
def test_c8_max_throws_per_turn():
    """C.8 max_throws_per_turn: with 1, a grace gives no further throw (C.5: Pachih 3)."""
    for options, cap in (({"max_throws_per_turn": 1}, 1), ({"rules": "pachih"}, 3)):
        game = parlour.make("pachisi", players=2, **options)
        state, rng, longest = game.new_state(seed=3), random.Random(3), 0
        while not state.is_over:
            longest = max(longest, len(state.thrown))
            state.apply(rng.choice(state.legal_actions()))
        assert longest == cap


@pytest.mark.rule("PC-2")
def test_pc2_a_rule_set_is_named_by_preset_as_every_other_games_is():
    """CONTRIBUTING: a game's named presets are given as ``preset=``; Sixteen Soldiers and
    Meusuëb take it, and 'parlour play pachisi --preset pachih' too, but
    'parlour simulate pachisi --rule preset=pachih' (and parlour.make) answered "unknown rule
    option 'preset'": only ruleset= and rules= were read."""
    game = parlour.make("pachisi", preset="pachih", players=2)
    assert game.rules.ruleset == "pachih_aceh" and game.rules.throw_table == "aceh7"
    assert parlour.make("pachisi", preset="pachih", ruleset="pachih_aceh").rules == game.rules
    with pytest.raises(GameOptionError, match=r"preset='herklots' both name the rule set"):
        parlour.make("pachisi", ruleset="pachih", preset="herklots")
    with pytest.raises(GameOptionError, match="unknown rule set 'ludo'"):
        parlour.make("pachisi", preset="ludo")


@pytest.mark.rule("PC-2")
def test_c8_options_and_presets_round_trip():
    """C.8: every option is a field; presets expand; options() rebuilds the same game."""
    for name in PRESETS:
        game = parlour.make("pachisi", players=3, ruleset=name)
        again = parlour.make("pachisi", **game.options())
        assert again.rules == game.rules and again.num_players == 3
    assert parlour.make("pachisi", rules="pachih").rules.ruleset == "pachih_aceh"
    assert (
        parlour.make("pachisi", rules="pachih", max_throws_per_turn=2).rules.max_throws_per_turn
        == 2
    )
    with pytest.raises(GameOptionError, match="unknown rule option"):
        parlour.make("pachisi", castles="none")
    with pytest.raises(GameOptionError, match="unknown rule set"):
        parlour.make("pachisi", rules="ludo")
    with pytest.raises(GameOptionError, match="castle_layout"):
        parlour.make("pachisi", castle_layout="stars")


@pytest.mark.rule("PC-2")
@pytest.mark.parametrize(
    "options",
    [
        {"rules": "pachih", "exact_finish": True},  # aceh7 has no 1 and pachih no graces
        {"grace_bears_off": False},
        {"rules": "humphries", "grace_bears_off": False},
        {"rules": "pachih", "exact_finish": True, "grace_bears_off": True},
    ],
)
def test_c4_step7_options_that_strand_a_piece_on_step_83_are_refused(options):
    """C.4 step 7: with an exact finish only a 1, a dana or a grace takes a piece from 83 home;
    no table throws a 1, so without a grace bear-off or a dana the piece stays there and the
    game ends only by the max_turns safeguard (or never, with max_turns=0)."""
    with pytest.raises(GameOptionError, match=r"exact_finish.*grace_bears_off.*C\.4 step 7"):
        parlour.make("pachisi", players=2, **options)
    fixed = {**options, "exact_finish": False}
    assert parlour.make("pachisi", players=2, **fixed).rules.exact_finish is False


@pytest.mark.rule("PC-2")
def test_c4_step4_no_grace_throws_while_pieces_wait_in_the_charkoni_is_refused():
    """C.4 step 4: only a grace takes a later (or hit) piece out of the Charkoni."""
    for options in ({}, {"pieces_start": "start_square"}):
        with pytest.raises(GameOptionError, match=r"grace_throws.*C\.4 step 4"):
            parlour.make("pachisi", grace_throws=(), exact_finish=False, **options)
    assert parlour.make("pachisi", rules="pachih", grace_throws=()).rules.grace_throws == ()


@pytest.mark.rule("PC-2")
@pytest.mark.parametrize("field", ["grace_throws", "again_throws"])
def test_c3_grace_and_again_throws_must_be_throws_of_the_table(field):
    """C.3/C.8: graces or throws-again of which the table throws none (7 with six cowries) are
    refused: no later piece would ever leave the Charkoni.  One stray value among real throws
    is harmless, so the seven-cowrie table takes the default graces (6 never comes)."""
    with pytest.raises(GameOptionError, match=rf"{field} \[7\].*wikipedia6.*C\.3"):
        parlour.make("pachisi", **{field: (7,)})
    assert getattr(parlour.make("pachisi", **{field: (7, 25)}).rules, field) == (7, 25)
    assert parlour.make("pachisi", throw_table="aceh7").rules.grace_throws == (6, 10, 25)


@pytest.mark.rule("PC-2")
def test_safeguard_max_turns_ends_the_game_drawn():
    """The documented safeguard: after max_turns turns the game is drawn (payoffs 0)."""
    from parlour.testing import play_random

    state = play_random(parlour.make("pachisi", players=4, max_turns=20), seed=1)
    assert state.drawn and state.payoffs() == [0.0] * 4
    first = parlour.make("pachisi", max_turns=1, first_player="seat0").new_state(seed=0)
    assert not first.is_over and first.turns == 1  # the one turn allowed is still to play


# ---------------------------------------------------------------- Herklots (C.1, C.3)


@pytest.mark.rule("PC-2")
def test_herklots_throws_accumulate_until_a_stop_and_the_dana_enters():
    """C.3/C.8 Herklots: throw until a 2, 3 or 4; a 10 or 25 gives the extra one-step dana,
    which enters a piece on square 1 (das or pachisi alone can start a man)."""
    game = parlour.make("pachisi", players=4, ruleset="herklots6")
    for seed in range(30):
        state = game.new_state(seed=seed)
        table = THROW_TABLES["herklots6"]
        assert state.thrown[-1] in (2, 3, 4) or len(state.thrown) >= 3
        for v in state.pending:
            assert v == 1 or v in table
        assert state.pending.count(1) == sum(1 for v in state.pending if v in (10, 25))
    s = position(
        {"S": [0] * 4, "E": [0] * 4, "N": [0] * 4, "W": [0] * 4},
        [10, 1, 3],
        entered="",
        ruleset="herklots6",
    )
    assert legal(s) == ["S0+1", "pass"]
    s.apply("S0+1")
    assert s.pos[0] == [0, 0, 0, 1]
    assert "S1+10" in legal(s) and "S1+3" in legal(s)


@pytest.mark.rule("PC-2")
def test_herklots_three_identical_throws_do_not_count():
    """C.8 triple_repeat_cancels (Herklots): three identical throws in a row are void.

    Driven by a recorded history: S throws one mouth up (10) three times, then E throws
    10 and 2."""
    game = parlour.make("pachisi", players=4, ruleset="herklots6", first_player="seat0")
    history = [{"chance": "throw", "outcome": k} for k in (1, 1, 1, 1, 2)]
    state = game.replay(history)
    assert "three 10s in a row do not count" in state.log
    assert state.observation(0)["turn"] == "E" and state.pending == [10, 1, 2]
    assert state.pos[0] == [0, 0, 0, 0]
    plain = parlour.make(
        "pachisi", players=4, ruleset="herklots6", first_player="seat0", triple_repeat_cancels=False
    )
    state = plain.replay([{"chance": "throw", "outcome": k} for k in (1, 1, 1, 2)])
    assert state.observation(0)["turn"] == "S" and state.pending == [10, 1, 10, 1, 10, 1, 2]
    with pytest.raises(GameOptionError, match="triple_repeat_cancels needs"):
        parlour.make("pachisi", players=4, triple_repeat_cancels=True)  # moves already made


# ---------------------------------------------------------------- Pachih (C.5)


@pytest.mark.rule("PC-2")
def test_pachih_pieces_start_on_the_start_square_and_need_no_grace():
    """C.5: all pawōïh start on A/B/C/D (position 1); the player chooses which to move."""
    state = parlour.make("pachisi", players=3, rules="pachih").new_state(seed=3)
    obs = state.observation(0)
    total = [p for c in obs["colours"] for p in obs["pieces"][c]]
    assert len(total) == 12
    assert all(p > 0 for p in total)


@pytest.mark.rule("PC-2")
def test_pachih_named_throws_at_most_three_in_a_row():
    """C.5: 7, 14, 25, 30 give another throw, but no more than three throws in succession."""
    s = position({"S": [1] * 4, "N": [1] * 4}, [25], players=2, rules="pachih")
    s.thrown = [7, 30, 25]
    assert not s._may_throw_more()
    s.thrown = [25]
    assert s._may_throw_more()


@pytest.mark.rule("PC-2")
def test_pachih_stacking_only_on_safe_squares_and_hit_pieces_go_to_start():
    """C.5: several pieces may stand together only on × squares; a hit piece returns to its
    start square; landing on an enemy on a × square is allowed and captures nothing."""
    s = position({"S": [1, 1, 1, 5], "N": [1] * 4}, [3], players=2, rules="pachih")
    assert "S5+3" in legal(s)
    s = position({"S": [1, 1, 2, 5], "N": [1] * 4}, [3], players=2, rules="pachih")
    assert "S2+3" not in legal(s)  # (9,2) is not a × square and holds S's own piece
    safe = 11  # (10,2), an Aceh × square
    s = position({"S": [1, 1, 8, safe], "N": [1] * 4}, [3], players=2, rules="pachih")
    assert "S8+3" in legal(s)
    n = at(2, (0, safe))  # an N piece on that × square: S lands beside it and hits nothing
    s = position({"S": [1, 1, 1, 8], "N": [1, 1, 1, n]}, [3], players=2, rules="pachih")
    assert [m.captures for m in s.legal_actions() if str(m) == "S8+3"] == [0]
    s.apply("S8+3")
    assert s.pos[0] == [1, 1, 1, safe] and s.pos[2] == [1, 1, 1, n]
    n = at(2, (0, 20))
    s = position({"S": [1, 1, 1, 17], "N": [1, 1, 1, n]}, [3], players=2, rules="pachih")
    s.apply("S17+3")
    assert s.pos[2] == [1, 1, 1, 1]


@pytest.mark.rule("PC-2")
@pytest.mark.parametrize("colour", ["S", "N"])
def test_pachih_own_start_square_takes_a_piece_coming_home_as_step_83(colour):
    """C.5: a colour's start square is its step 1 and step 83 alike; its pieces begin there
    together and hit ones return there, so one coming home may stop there too; the
    no-stacking rule still holds on step 82, the square before it."""
    c = "SENW".index(colour)
    assert TRACK_CELL[c][1] == TRACK_CELL[c][83]
    other = "N" if colour == "S" else "S"
    at_start = {colour: [1, 1, 1, 80], other: [30] * 4}
    s = position(at_start, [3], turn=colour, players=2, rules="pachih")
    assert legal(s) == [f"{colour}80+3", "pass"]  # step 1+3 is step 80's square: no stack
    s.apply(f"{colour}80+3")
    assert s.pos[c] == [1, 1, 1, 83]
    s = position({colour: [1, 1, 82, 80], other: [30] * 4}, [2], turn=colour, players=2,
                 rules="pachih")  # fmt: skip
    assert f"{colour}80+2" not in legal(s)


@pytest.mark.rule("PC-2")
def test_pachih_finish_need_not_be_exact():
    """C.5/C.7: Ludii Pachih removes a piece that moves past the end (exact_finish=False)."""
    s = position({"S": [1, 1, 1, 80], "N": [1] * 4}, [30], players=2, rules="pachih")
    s.apply("S80+30")
    assert s.pos[0][-1] == HOME


# ---------------------------------------------------------------- Humphries (C.7)


@pytest.mark.rule("PC-2")
def test_humphries_enter_on_10_25_30_and_no_extra_throws():
    """C.7 Pachesi (Humphries): pieces enter on 10, 25 or 30; 7 cowries; no throw again."""
    pieces = {"S": [0] * 4, "E": [0] * 4, "N": [0] * 4, "W": [0] * 4}
    for v, ok in ((10, True), (25, True), (30, True), (12, False), (7, False)):
        s = position(pieces, [v], entered="", rules="humphries")
        assert (f"S0+{v} grace" in legal(s)) is ok
    assert parlour.make("pachisi", rules="humphries").rules.again_throws == ()


@pytest.mark.rule("PC-2")
def test_c4_steps4_9_a_wrong_tail_is_the_fault_named():
    """C.4 step 4: " grace" marks only a grace entering a piece from position 0; step 9:
    " lap" only a piece on the board passing 76.  The tail was checked after the rest, so
    S5+3 grace was called a bad landing (with S5+3 legal) and S0+4 lap a missing grace."""
    board = {"S": [0, 0, 0, 5], "E": [0] * 4, "N": [0] * 4, "W": [0] * 4}
    with pytest.raises(IllegalAction, match=r"C\.4 step 4: ' grace'.*grace_entry_mode"):
        position(board, [3]).apply("S5+3 grace")
    waiting = {c: [0] * 4 for c in "SENW"}
    with pytest.raises(IllegalAction, match=r"C\.4 step 9.*allow_extra_circuit"):
        position(waiting, [4], entered="").apply("S0+4 lap")


def test_what_is_no_action_is_named_as_typed_and_a_move_in_any_case_is_still_read():
    """The error names what the player typed: 'zz' was reported as 'ZZ' (the first word was
    upper-cased to read s0+6 as S0+6, and the upper-cased text went into the message)."""
    s = position({"S": [0, 0, 0, 5], "E": [0] * 4, "N": [0] * 4, "W": [0] * 4}, [3])
    for typed in ("zz", "hello there", "s5-3"):
        with pytest.raises(IllegalAction, match=rf"^'{typed}' is not a Pachisi action"):
            s.apply(typed)
    with pytest.raises(IllegalAction, match=r"PC-2/C\.3: there is no throw of 4"):
        s.apply("s5+4")  # a move's shape, read in any case, is diagnosed as the move
    s.apply(" s5+3 ")
    assert s.pos[0] == [0, 0, 0, 8]


def test_a_piece_that_is_not_there_is_named_by_its_step_as_the_board_and_menu_name_it():
    """The menu and the seat lines speak of steps ('the S piece on step 5', 'steps 5'); the
    error said 'no S piece stands on position 9', and for 0 named no place a player sees."""
    s = position({"S": [0, 0, 0, 5], "E": [0] * 4, "N": [0] * 4, "W": [0] * 4}, [3])
    with pytest.raises(IllegalAction, match=r"^no S piece stands on step 9; legal: S5\+3"):
        s.apply("S9+3")
    out = position({"S": [1, 2, 3, 5], "E": [0] * 4, "N": [0] * 4, "W": [0] * 4}, [3])
    with pytest.raises(IllegalAction, match=r"^no S piece waits in the Charkoni \(C\) to enter"):
        out.apply("S0+3")
    # no Charkoni to wait in under pachih, no step past the board, nothing moves from home
    pachih = position({"S": [1] * 4, "N": [1] * 4}, [14], players=2, ruleset="pachih_aceh")
    for step in (0, 99):
        with pytest.raises(IllegalAction, match=f"^there is no step {step}: a piece's steps are"):
            pachih.apply(f"S{step}+14")
    with pytest.raises(IllegalAction, match=r"^84 is home: a piece there moves no more"):
        s.apply("S84+3")


def test_illegal_actions_leave_the_state_unchanged():
    """Illegal input never corrupts: the message names the rule and nothing changes."""
    s = position({"S": [0, 0, 0, 80], "E": [0] * 4, "N": [0] * 4, "W": [0] * 4}, [5])
    before = s.observation(0)
    for bad in ("S80+5", "E0+5", "S80+4", "S81+5", "hello"):
        with pytest.raises(IllegalAction):
            s.apply(bad)
    assert s.observation(0) == before


def test_a_move_is_read_in_any_case_and_spacing_as_the_other_games_read_theirs():
    """' s0+6 ' and 'PASS' name S0+6 and pass (the poker games and Sixteen Soldiers already
    read their moves so); a move still has to be legal."""
    state = parlour.make("pachisi", players=4).new_state(seed=1)
    assert [str(a) for a in state.legal_actions()] == ["S0+6", "S0+6 grace", "pass"]

    def played(text: str) -> str:
        return [e for e in state.clone().apply(text).history if "action" in e][-1]["action"]

    assert played(" s0+6 ") == "S0+6" and played("s0+6  GRACE") == "S0+6 grace"
    assert played("PASS") == "pass"
    with pytest.raises(IllegalAction):
        state.apply("s0+7")
