"""Sixteen Soldiers (SS-1..SS-5) and the options of board-games.md A.7."""

from __future__ import annotations

import json
from importlib import resources

import pytest

import parlour
from parlour.boards.sixteen_soldiers import (
    PRESETS,
    SixteenSoldiersRules,
    state_at,
    state_from_observation,
)
from parlour.boards.sixteen_soldiers_board import load_board, triangle_board_data
from parlour.game import GameOptionError, IllegalAction
from parlour.testing import play_random

OPENING = ["a4-a5", "b4-a5", "b4-b5", "b4-c5", "c4-c5", "d4-c5", "d4-d5", "d4-e5", "e4-e5"]


def make(**options):
    return parlour.make("sixteen-soldiers", **options)


def points(obs):
    """The observation's board as {point: 'S' | 'N' | '.'}."""
    labels = load_board(obs["board_variant"]).labels
    return dict(zip(labels, obs["board"], strict=True))


def legal(state):
    return sorted(str(m) for m in state.legal_actions())


# -- SS-1: the board and the start


@pytest.mark.rule("SS-1")
def test_ss1_board_has_37_points_76_edges_56_jumps():
    board = load_board()
    assert (board.size, len(board.edges), len(board.jump_triples)) == (37, 76, 56)


@pytest.mark.rule("SS-1")
def test_ss1_degree_counts_of_the_research_notes():
    board = load_board()
    degree = {board.label(p): len(board.adj[p]) for p in range(board.size)}
    assert all(degree[p] == 8 for p in ("c3", "c7", "b4", "d4", "c5", "b6", "d6"))
    assert degree["a5"] == degree["e5"] == 5
    assert all(degree[p] == 2 for p in ("a1", "e1", "a9", "e9"))
    assert sum(degree.values()) == 2 * 76


@pytest.mark.rule("SS-1")
def test_ss1_steps_and_jumps_from_the_lines_match_the_data_file():
    data = json.loads(
        resources.files("parlour.data").joinpath("sixteen_soldiers_board.json").read_text()
    )
    board = load_board()
    edges = {frozenset((board.label(a), board.label(b))) for a, b in board.edges}
    assert edges == {frozenset(e[:2]) for e in data["edges"]}
    triples = {tuple(board.label(p) for p in t) for t in board.jump_triples}
    assert triples == {tuple(t[:3]) for t in data["jump_triples"]}
    rebuilt = triangle_board_data(2)  # the generator of the 43-point board, checked on 37
    assert rebuilt["points"] == data["points"] and rebuilt["lines"] == data["lines"]
    assert rebuilt["start"] == data["start"]


@pytest.mark.rule("SS-1")
def test_ss1_sixteen_pieces_a_side_and_the_centre_line_empty():
    obs = make().new_state(seed=0).observation(0)
    board = points(obs)
    assert obs["pieces"] == [16, 16]
    assert [board[f"{f}5"] for f in "abcde"] == ["."] * 5
    assert all(board[p] == "S" for p in board if int(p[1:]) < 5)
    assert all(board[p] == "N" for p in board if int(p[1:]) > 5)


# -- SS-2: steps


@pytest.mark.rule("SS-2")
def test_ss2_south_has_exactly_the_nine_opening_moves():
    assert legal(make().new_state(seed=0)) == OPENING


@pytest.mark.rule("SS-2")
def test_ss2_a_piece_steps_along_every_line_in_any_direction():
    state = state_at(make(), ["c5"], ["a9"])
    steps = [m[3:] for m in legal(state)]
    assert sorted(steps) == ["b4", "b5", "b6", "c4", "c6", "d4", "d5", "d6"]
    state = state_at(make(), ["b5"], ["a9"])  # odd points: no diagonals
    assert legal(state) == ["b5-a5", "b5-b4", "b5-b6", "b5-c5"]


@pytest.mark.rule("SS-2")
def test_ss2_no_farther_than_one_post_and_not_onto_a_piece():
    state = make().new_state(seed=0)
    with pytest.raises(IllegalAction, match=r"\(SS-2\); a6 is two away: .* a4xa6"):
        state.apply("a4-a6")
    with pytest.raises(IllegalAction, match=r"no line joins c4 to b5: .* \(SS-2\)"):
        state.apply("c4-b5")  # one apart, but on no line (it was "no farther than one point")
    with pytest.raises(IllegalAction, match="occupied"):
        state.apply("a3-a4")
    with pytest.raises(IllegalAction, match="SS-1"):
        state.apply("z4-a5")
    with pytest.raises(IllegalAction, match=r"has no point a2 \(SS-1: its points are a1 c1"):
        state.apply("a1-a2")  # inside a1..e9 by name, but no point: the triangles have gaps
    assert legal(state) == OPENING and state.history == []


@pytest.mark.rule("SS-2")
def test_ss2_a_move_from_an_empty_or_enemy_point_names_the_side_as_the_board_does():
    """The board, the prompt and the result write South and North; this error alone wrote
    'south has no piece on c5'."""
    state = make().new_state(seed=0)
    with pytest.raises(IllegalAction, match=r"'c5-c6': South has no piece on c5 to move \(SS-2"):
        state.apply("c5-c6")
    state.apply("a4-a5")
    with pytest.raises(IllegalAction, match=r"'a5-b5': North has no piece on a5 to move"):
        state.apply("a5-b5")


@pytest.mark.rule("SS-2")
def test_ss2_a_move_is_read_whatever_its_case_and_outer_spaces():
    """' a4-a5' and 'A4-A5' were refused as "not a move"; they are a4-a5, recorded so, and a
    bad move so written is refused for the rule it breaks."""
    state = make().new_state(seed=0)
    with pytest.raises(IllegalAction, match="SS-2"):
        state.apply(" A4-A6 ")
    state.apply(" A4-A5")
    state.apply("A6XA4 ")
    assert [e["action"] for e in state.history] == ["a4-a5", "a6xa4"]


@pytest.mark.rule("SS-2")
def test_ss2_a_move_is_read_with_spaces_inside_or_a_typographic_dash():
    """'a4 - a5' and 'a4\u2013a5' (an en dash, as word processors write it) were refused as
    "not a move"."""
    for typed in ("a4 - a5", "a4\u2013a5", "A4 \u2014 A5", "a4\u2010a5", "a 4 \uff0d a 5"):
        state = make().new_state(seed=0)
        state.apply(typed)
        assert state.history[-1]["action"] == "a4-a5"
    state.apply("a6 \u00d7 a4")
    assert state.history[-1]["action"] == "a6xa4"


# -- SS-3: captures and chains


@pytest.mark.rule("SS-3")
def test_ss3_a_chain_changes_direction_and_may_stop_at_any_landing():
    state = state_at(make(), ["c3"], ["c4", "d6", "d7"])
    jumps = [m for m in legal(state) if "x" in m]
    assert jumps == ["c3xc5", "c3xc5xe7", "c3xc5xe7xc7"]
    state.apply("c3xc5xe7xc7")
    assert state.observation(0)["pieces"] == [1, 0] and state.winner == 0


@pytest.mark.rule("SS-3")
def test_ss3_the_captured_piece_leaves_and_the_move_is_one_turn():
    state = make().new_state(seed=0).apply("a4-a5")
    assert "a6xa4" in legal(state)
    state.apply("a6xa4")
    obs = state.observation(0)
    board = points(obs)
    assert (board["a6"], board["a5"], board["a4"]) == (".", ".", "N")
    assert obs["pieces"] == [15, 16] and state.to_move == 0


@pytest.mark.rule("SS-3")
def test_ss3_jumps_run_straight_through_the_apex_into_the_triangle():
    state = state_at(make(), ["b4", "c4"], ["c3", "e9"])
    assert {"b4xd2", "c4xc2"} <= set(legal(state))  # square to triangle over c3
    state = state_at(make(), ["d2", "e9"], ["c3"], to_move=0)
    assert "d2xb4" in legal(state)  # triangle to square


@pytest.mark.rule("SS-3")
def test_ss3_a_jump_needs_an_adjacent_enemy_and_an_empty_point_beyond():
    state = make().new_state(seed=0)
    with pytest.raises(IllegalAction, match="SS-3"):
        state.apply("b4xb6")  # b5 is empty
    with pytest.raises(IllegalAction, match="SS-3"):
        state.apply("a4xc5")  # no line a4-?-c5


# -- SS-4: capturing is never obligatory


@pytest.mark.rule("SS-4")
def test_ss4_a_player_may_step_when_a_capture_is_open():
    state = make().new_state(seed=0).apply("a4-a5")
    moves = legal(state)
    assert "a6xa4" in moves and "e6-e5" in moves
    state.apply("e6-e5")
    assert state.to_move == 0


# -- SS-5: the end


@pytest.mark.rule("SS-5")
def test_ss5_capturing_all_the_enemy_pieces_wins():
    state = state_at(make(), ["c3"], ["c4"])
    state.apply("c3xc5")
    assert state.is_over and state.winner == 0 and state.payoffs() == [1.0, -1.0]
    assert state.legal_actions() == [] and state.to_move is None


@pytest.mark.rule("SS-5")
def test_ss5_a_player_who_cannot_move_loses():
    state = state_at(make(), ["b8", "c9", "c7", "d8", "a3"], ["a9"])
    state.apply("d8-e9")  # a9's steps and jumps are all shut
    assert state.is_over and state.winner == 0 and state.payoffs() == [1.0, -1.0]
    blocked = state_at(make(), ["a9"], ["b8", "c9", "c7", "e9"], to_move=0)
    assert blocked.is_over and blocked.payoffs() == [-1.0, 1.0]
    jump = state_at(make(), ["a9"], ["b8", "c9", "c7"], to_move=0)  # no step, but a capture
    assert not jump.is_over and legal(jump) == ["a9xe9"]


# -- the options of A.7


@pytest.mark.rule("SS-4")
def test_option_capture_mandatory_refuses_a_step_when_a_capture_is_open():
    """SS-4 reversed by the A.7 option capture_mandatory: only captures are legal."""
    state = make(capture_mandatory=True).new_state(seed=0).apply("a4-a5")
    assert legal(state) == ["a6xa4"]
    with pytest.raises(IllegalAction, match="capture_mandatory"):
        state.apply("e6-e5")


@pytest.mark.rule("SS-4")
def test_option_huffing_removes_the_piece_that_failed_to_capture():
    """SS-4 / A.7 huffing: a step instead of a capture costs the piece that could have taken."""
    game = make(capture_mandatory=True, huffing=True)
    state = state_at(game, ["c3", "a3"], ["c4", "e9"])
    assert "a3-a4" in legal(state)  # the step is allowed, at the price of a huff
    state.apply("c3-b3")  # the capturer itself steps away
    assert state.observation(1)["huffable"] == ["b3"]
    assert "huff b3" in legal(state)
    state.apply("huff b3")
    assert state.to_move == 1 and state.observation(1)["pieces"] == [1, 2]
    assert not any(m.startswith("huff") for m in legal(state))
    state.apply("e9-d8")
    assert state.to_move == 0


@pytest.mark.rule("SS-4")
def test_option_huffing_spares_a_piece_that_did_capture_and_a_huff_counts_as_one():
    """A.7 huffing costs the piece that stepped instead of taking; one that took is not
    huffable.  A huff takes a piece, so the draw count (A.7) starts again as after a capture."""
    game = make(capture_mandatory=True, huffing=True)
    state = state_at(game, ["c3"], ["c4", "a9"])
    state.apply("c3xc5")
    assert state.observation(1)["huffable"] == [] and legal(state) == ["a9-b8", "a9-c9"]
    state = state_at(game, ["c3", "a3"], ["c4", "e9"])
    state.apply("a3-a4")  # c3 could have taken c4
    assert state.observation(1)["moves_without_capture"] == 1
    state.apply("huff c3")
    assert state.observation(1)["moves_without_capture"] == 0


@pytest.mark.rule("SS-5")
def test_ss5_a_huff_that_takes_the_last_enemy_piece_wins():
    """SS-5 "capturing all the adverse pieces": a huff takes a piece too (A.7)."""
    game = make(preset="sixteen-soldiers-wikipedia")
    state = state_at(game, ["c4", "a3"], ["b4"], 1)
    state.apply("b4-b5")  # North steps instead of taking c4
    with pytest.raises(IllegalAction, match="may be huffed: b5"):
        state.apply("huff c4")
    state.apply("huff b5")
    assert state.is_over and state.payoffs() == [1.0, -1.0] and state.legal_actions() == []


@pytest.mark.rule("SS-5")
def test_ss5_a_player_blocked_but_for_a_huff_may_huff_before_he_is_judged():
    """SS-5: "unable to move" is judged after the huff (A.7).  South steps instead of taking
    and leaves North's one piece no move; North was declared lost, though huffing c5 frees
    c6-c5 for him."""
    game = make(preset="sixteen-soldiers-wikipedia")
    state = state_at(game, ["c5", "d7", "b6", "d6", "a6", "e6", "c8", "c4"], ["c6"], 0)
    assert "c5xc7" in legal(state)
    state.apply("d7-c7")
    assert not state.is_over and legal(state) == ["huff c5"]
    state.apply("huff c5")
    assert not state.is_over and legal(state) == ["c6-c5"]


def test_option_huffing_needs_mandatory_capture():
    with pytest.raises(GameOptionError, match="huffing"):
        make(huffing=True)


@pytest.mark.rule("SS-3")
def test_option_chain_continuation_mandatory_offers_only_finished_chains():
    """SS-3 / A.7 chain_continuation: a chain must go on while it can."""
    game = make(chain_continuation="mandatory_until_exhausted")
    state = state_at(game, ["c3"], ["c4", "d6", "d7"])
    assert [m for m in legal(state) if "x" in m] == ["c3xc5xe7xc7"]
    with pytest.raises(IllegalAction, match="chain_continuation"):
        state.apply("c3xc5")


@pytest.mark.rule("SS-3")
def test_option_capture_removal_end_of_chain_blocks_taken_points():
    """SS-3 / A.7 capture_removal: taken pieces stay on the board until the chain ends."""
    south, north = ["a9"], ["d8", "c8", "c9", "e5"]
    now = state_at(make(), south, north)
    later = state_at(make(capture_removal="end_of_chain"), south, north)
    assert "a9xe9xc7xc9" in legal(now)  # lands on c9, emptied at once
    assert "a9xe9xc7xc9" not in legal(later)  # c9 stays until the chain ends
    assert set(legal(later)) < set(legal(now))
    # a piece is never jumped twice
    again = state_at(make(capture_removal="end_of_chain"), ["a3"], ["b3", "e9"])
    assert "a3xc3" in legal(again) and "a3xc3xa3" not in legal(again)


@pytest.mark.rule("SS-3")
def test_option_triangles_as_dead_ends_cut_the_jumps_across_the_apex():
    """SS-3 / A.7: without straight lines through the apex no jump crosses it."""
    game = make(triangle_lines_straight_through_apex=False)
    cut = state_at(game, ["b4", "c4"], ["c3", "e9"])
    assert not any("x" in m for m in legal(cut))
    inside = state_at(game, ["a1", "a5"], ["b2", "b4"])  # jumps up to the apex remain
    assert {"a1xc3", "a5xc3"} <= set(legal(inside))
    board = load_board("sixteen", through_apex=False)
    assert len(board.edges) == 76 and len(board.jump_triples) == 50


def test_option_first_player_north_moves_first():
    state = make(first_player="north").new_state(seed=0)
    assert state.to_move == 1
    assert legal(state) == sorted(
        ["a6-a5", "b6-a5", "b6-b5", "b6-c5", "c6-c5", "d6-c5", "d6-d5", "d6-e5", "e6-e5"]
    )


@pytest.mark.rule("SS-1")
def test_option_nineteen_piece_board_has_43_points_and_19_a_side():
    """SS-1 / A.7 board_variant: Datta's board with an extra bar in each triangle."""
    state = make(board_variant="nineteen").new_state(seed=0)
    obs = state.observation(0)
    assert len(obs["board"]) == 43 and obs["pieces"] == [19, 19]
    board = points(obs)
    assert [board[f"{f}6"] for f in "abcde"] == ["."] * 5
    assert legal(state) == sorted(m.translate(str.maketrans("45", "56")) for m in OPENING)
    degree = load_board("nineteen").adj
    assert len(degree[load_board("nineteen").index["c4"]]) == 8


@pytest.mark.rule("SS-3")
def test_ss3_no_jump_turns_the_corner_of_the_nineteen_boards_bent_sides():
    """The 43-point board's triangle sides bend at the second bar (d3-e2-e1): d3xe1 jumped
    round that corner; captures go "as in draughts", straight."""
    game = make(board_variant="nineteen")
    assert "d3xe1" not in legal(state_at(game, ["d3"], ["e2", "a11"]))
    assert "e1xd3" not in legal(state_at(game, ["e1"], ["e2", "a11"]))
    assert "c4xe2" in legal(state_at(game, ["c4"], ["d3", "a11"]))  # the straight part
    assert len(load_board("nineteen").jump_triples) == 60


def test_draw_safeguard_after_moves_without_capture():
    state = state_at(make(no_capture_plies=4), ["a1"], ["e9"])
    for move in ("a1-c1", "e9-c9", "c1-e1", "c9-a9"):
        state.apply(move)
    assert state.is_over and state.payoffs() == [0.0, 0.0]
    assert "without a capture" in state.observation(0)["draw"]


def test_draw_safeguard_on_threefold_repetition():
    state = state_at(make(no_capture_plies=0), ["a1"], ["e9"])
    cycle = ("a1-c1", "e9-c9", "c1-a1", "c9-e9")
    for move in cycle:
        state.apply(move)
    assert not state.is_over  # the start position has occurred twice
    for move in cycle:
        state.apply(move)
    assert state.is_over and "3 times" in state.observation(1)["draw"]


def test_draw_rule_none_never_draws_and_the_default_guarantees_an_end():
    state = state_at(make(draw_rule="none"), ["a1"], ["e9"])
    for _ in range(30):
        for move in ("a1-c1", "e9-c9", "c1-a1", "c9-e9"):
            state.apply(move)
    assert not state.is_over
    rules = SixteenSoldiersRules()
    assert rules.draw_rule == "safeguard" and rules.no_capture_plies == 100
    for seed in range(5):  # at most 100 moves between captures, at most 31 captures
        played = play_random(make(), seed)
        moves = [e for e in played.history if "action" in e]
        assert played.is_over and len(moves) <= 32 * 100


def test_unknown_and_bad_options_are_named():
    with pytest.raises(GameOptionError, match="unknown rule option 'huff'"):
        make(huff=True)
    with pytest.raises(GameOptionError, match="board_variant"):
        make(board_variant="twenty")
    with pytest.raises(GameOptionError, match="no_capture_plies"):
        make(no_capture_plies=-1)
    with pytest.raises(GameOptionError, match="unknown preset"):
        make(preset="nope")


def test_presets_expand_to_options_that_rebuild_the_game():
    for name, fields in PRESETS.items():
        game = make(preset=name)
        for key, value in fields.items():
            assert getattr(game.rules, key) == value
        assert parlour.make("sixteen-soldiers", **game.options()).rules == game.rules


# -- notation, observation, replay


def test_every_move_text_parses_back_and_replays():
    game = make()
    state = play_random(game, 11)
    again = game.replay(json.loads(json.dumps(state.history)))
    assert again.observation(0) == state.observation(0)
    probe = game.new_state(seed=0)
    for entry in state.history[:60]:
        for move in probe.legal_actions():
            assert probe._parse(str(move)) is move
        probe.apply(entry["action"])


def test_the_observation_is_the_whole_position():
    game = make()
    state = game.new_state(seed=0)
    for move in ("a4-a5", "a6xa4", "e4-e5"):
        state.apply(move)
    obs = state.observation(1)
    json.dumps(obs)
    rebuilt = state_from_observation(game, obs)
    assert legal(rebuilt) == legal(state) and rebuilt.observation(1) == obs
    assert obs["positions"][-1] == state.position_key() and obs["moves_without_capture"] == 1


def test_a_position_with_a_right_to_huff_is_not_the_same_position_without_it():
    """A.7: the repetition draw counts positions; one in which North may huff b5 offers
    other moves than the same pieces without that right, so the keys differ."""
    game = make(preset="sixteen-soldiers-wikipedia")
    state = state_at(game, ["c4", "a3"], ["b4"], 1)
    quiet = state_at(game, ["c4", "a3"], ["b5"], 0).position_key()
    state.apply("b4-b5")  # North steps instead of taking c4: South may huff b5
    assert "huff b5" in legal(state)
    assert state.position_key() != quiet and state.position_key().startswith(quiet)
