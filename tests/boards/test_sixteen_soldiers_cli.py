"""`parlour play sixteen-soldiers` with scripted input, the saved record and `parlour replay`."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

import parlour
from parlour import terminal
from parlour.boards.cli_sixteen_soldiers import describe, render
from parlour.boards.sixteen_soldiers import state_at, state_from_observation
from parlour.cli import app
from parlour.game import load_record


def play(tmp_path, answers, *options):
    path = tmp_path / "game.json"
    args = ["play", "sixteen-soldiers", "--save", str(path), *options]
    result = CliRunner().invoke(app, args, input="".join(a + "\n" for a in answers))
    return result, path


def test_board_is_drawn_with_point_names_pieces_and_lines(tmp_path):
    result, _ = play(tmp_path, ["q"], "--bot", "random")
    out = result.output
    assert result.exit_code == 0, out
    assert "a   b   c   d   e" in out  # the files; ranks 1..9 down the left side
    assert " 9  N-------N-------N" in out and " 1  S-------S-------S" in out
    assert " 5  ·---·---·---·---·" in out  # the empty centre line
    assert "S = South" in out and "b4xb6xd6" in out  # the legend and the notation
    assert "step from a4 to a5" in out  # the legal moves, offered by number
    # quitting draws the board no second time under "Game abandoned."
    assert out.count("a   b   c   d   e") == 1 and "Game abandoned." in out


def test_a_scripted_game_refuses_an_illegal_move_saves_and_replays(tmp_path):
    result, path = play(tmp_path, ["a4-a6", "a4-a5", "1", "h", "q"], "--bot", "greedy")
    out = result.output
    assert result.exit_code == 0, out
    assert "Not allowed" in out and "SS-2" in out
    assert "The strong player would" in out
    record = json.loads(path.read_text())
    assert record["game"] == "sixteen-soldiers" and record["history"][0]["action"] == "a4-a5"
    _, state, _ = load_record(path.read_text())
    assert [e["action"] for e in state.history] == [e["action"] for e in record["history"]]
    shown = CliRunner().invoke(app, ["replay", str(path)])
    assert shown.exit_code == 0 and "You (seat 0): step from a4 to a5" in shown.output


def test_a_whole_game_against_the_strong_player_ends_with_a_result(tmp_path):
    result, path = play(tmp_path, ["1"] * 300, "--bot", "strong", "--think", "0.02", "--seat", "1")
    assert result.exit_code == 0, result.output
    assert "Result" in result.output and "Game over" in result.output
    _, state, _ = load_record(path.read_text())
    assert state.is_over


def test_rule_options_and_bad_input_exit_with_status_2(tmp_path):
    result, _ = play(tmp_path, ["q"], "--rule", "board_variant=nineteen", "--bot", "random")
    assert result.exit_code == 0 and "11  N-------N-------N" in result.output
    bad, _ = play(tmp_path, ["q"], "--rule", "huffing=true")
    assert bad.exit_code == 2 and "huffing" in bad.output
    unknown, _ = play(tmp_path, ["q"], "--bot", "nobody")
    assert unknown.exit_code == 2 and "no bot" in unknown.output


def test_describe_and_render_are_plain_words():
    assert describe("b4xb6xd6") == "jump from b4 to b6 to d6, capturing 2 pieces"
    assert describe("huff c3").startswith("huff: remove the enemy piece on c3")

    state = parlour.make("sixteen-soldiers").new_state(seed=0)
    text = render(state.observation(0), 0).plain
    assert "South to move" in text


@pytest.mark.rule("SS-4")
@pytest.mark.rule("SS-3")
def test_the_help_words_the_capture_rules_in_play_within_80_columns():
    """The help said "go on jumping as long as you like (captures are optional)" under every
    preset, in lines of 82-84 columns; capture, chain and huff now follow the rules in play."""
    shown = {}
    for preset in ("seed", "mandatory", "sixteen-soldiers-wikipedia"):
        state = parlour.make("sixteen-soldiers", preset=preset).new_state(seed=0)
        text = render(state.observation(0), 0).plain
        shown[preset] = " ".join(text[text.index("Step one point") :].split())
        assert all(len(line) <= 80 for line in text.splitlines()), preset
    assert "as long as you like; capturing is optional" in shown["seed"]
    assert "while a capture remains; when a capture is open you must capture" in shown["mandatory"]
    assert "opponent may huff (remove) the piece" in shown["sixteen-soldiers-wikipedia"]


@pytest.mark.rule("SS-5")
@pytest.mark.rule("SS-3")
def test_the_help_tells_the_draws_and_when_a_chains_captures_leave_the_board():
    """The help never told the safeguard's draws (A.7), so a game drawn by repetition came
    unannounced, nor that under english-draughts-chains the taken pieces stay until the chain
    ends; both follow the options in play."""

    def help_for(**options: Any) -> str:
        state = parlour.make("sixteen-soldiers", **options).new_state(seed=0)
        text = render(state.observation(0), 0).plain
        return " ".join(text[text.index("Step one point") :].split())

    seed = help_for()
    assert "drawn when a position comes round a 3rd time or 100 moves pass with no capture" in seed
    assert "lifted only when it ends" not in seed
    assert "lifted only when it ends: it may not land where it took" in help_for(
        preset="english-draughts-chains"
    )
    assert "drawn when 40 moves pass with no capture." in help_for(repetition_count=0,
                                                                  no_capture_plies=40)  # fmt: skip
    assert "a 2nd time" in help_for(repetition_count=2)
    assert "drawn" not in help_for(draw_rule="none")


@pytest.mark.rule("SS-5")
def test_the_end_names_which_of_the_two_wins_it_was():
    """Taking the last North piece was told as "the other side cannot move"."""
    game = parlour.make("sixteen-soldiers")
    taken = state_at(game, ["c3"], ["c4"]).apply("c3xc5")
    assert "South wins: North has no piece left (SS-5)" in render(taken.observation(0), 0).plain
    blocked = state_at(game, ["b8", "c9", "c7", "d8", "a3"], ["a9"]).apply("d8-e9")
    assert "South wins: North cannot move (SS-5)" in render(blocked.observation(1), 1).plain


@pytest.mark.rule("SS-3")
def test_too_many_chains_to_number_are_summarised_and_typed():
    """Every chain and each prefix is a move (SS-3): here 4,162, each printed in a numbered
    list (317,896 from one piece took 8 minutes).  Each piece gets a line instead, numbers
    are refused, and a move typed in any case is played."""
    north = ["b3", "d3", "b4", "c4", "d4", "b5", "d5", "b6", "c6", "d6", "b7", "d7"]
    state = state_at(parlour.make("sixteen-soldiers"), ["c5", "a1"], north)
    assert len(state.legal_actions()) == 4162
    out = io.StringIO()
    answers = iter(["1", " C5XC7"])
    terminal._human_turn(
        state.game, state, 0, Console(file=out, width=100), lambda _: next(answers)
    )
    text = out.getvalue()
    assert "4,162 moves, too many to number" in text and "a1: steps to c1 b2" in text
    assert "c5: 4,160 capture chains, the longest taking 10: c5x" in text
    assert "type the action: 4,162 are too many to number" in text
    assert len(text.splitlines()) < 60 and state.history[-1]["action"] == "c5xc7"


@pytest.mark.rule("SS-1")
def test_the_board_is_drawn_north_at_the_top_with_its_diagonals():
    """North's row is drawn at the top and every diagonal leans the way it runs (an upside-down
    or mirrored board would still hold every piece)."""
    state = parlour.make("sixteen-soldiers").new_state(seed=0)
    lines = render(state.observation(0), 0).plain.splitlines()
    assert lines[0] == "  9  N-------N-------N"
    assert lines[1] == "       \\     |     /  "
    assert lines[5] == "     | \\ | / | \\ | / |"
    assert lines[15] == "       /     |     \\  "
    assert lines[16] == "  1  S-------S-------S"


def test_the_legend_counts_each_sides_pieces_and_names_the_seat():
    """Each side's count is its own, the reader is told which side he is, and the last move is
    told with its capture."""
    taken = state_at(parlour.make("sixteen-soldiers"), ["c3", "a1"], ["c4", "e9"]).apply("c3xc5")
    text = render(taken.observation(1), 1).plain
    assert "S = South (seat 0, bottom): 2 pieces.  N = North (seat 1, top): 1 piece." in text
    assert "You are North." in text
    assert "Last move: c3xc5 (jump from c3 to c5, capturing 1 piece)." in text


@pytest.mark.rule("SS-4")
def test_the_piece_that_may_be_huffed_is_named_before_the_move():
    """Where a capture was declined, the player to move is told which piece he may huff."""
    game = parlour.make("sixteen-soldiers", preset="sixteen-soldiers-wikipedia")
    declined = state_at(game, ["c3", "a1"], ["c4", "e9"]).apply("a1-b2")
    text = render(declined.observation(1), 1).plain
    assert "you may huff (remove) c3 before you move." in text
    assert "North to move (moves since the last capture: 1)." in text


@pytest.mark.rule("SS-2")
def test_ss2_how_to_move_is_told_before_each_sides_first_move_then_on_request():
    """How to move (SS-2..SS-5) was drawn under the board at every turn, 96 times in a game
    against the random bot (seed 1): it is told before each side's first move, and ``r``
    gives it again."""
    state = parlour.make("sixteen-soldiers").new_state(seed=0)
    assert "Step one point" in render(state.observation(0), 0).plain
    state.apply(state.legal_actions()[0])
    assert "Step one point" in render(state.observation(1), 1).plain
    assert "r gives these rules again" in render(state.observation(1), 1).plain
    state.apply(state.legal_actions()[0])
    text = render(state.observation(0), 0).plain
    assert "Step one point" not in text and text.splitlines()[-1].startswith("South to move")
    assert "Step one point along" in terminal._RULES["sixteen-soldiers"](state, 0)
    out = io.StringIO()  # r at a turn prints them; the move is asked again
    assert terminal._human_turn(state.game, state, 0, Console(file=out, width=100),
                                lambda _prompt, said=iter(["r", "1"]): next(said))  # fmt: skip
    text = out.getvalue()
    assert "r = rules" in text and text.count("Step one point along") == 1


def test_a_whole_game_tells_how_to_move_once(tmp_path):
    result, _ = play(tmp_path, ["1"] * 200, "--bot", "random", "--seed", "1")
    assert result.exit_code == 0 and "Result" in result.output, result.output
    assert result.output.count("Step one point") == 1


def test_an_observation_saved_before_the_moves_were_counted_still_draws_and_rebuilds():
    """The count of moves made (for telling the rules once) is new: an older observation,
    without it, is drawn with the rules and rebuilt as at the start, not refused."""
    state = parlour.make("sixteen-soldiers").new_state(seed=0)
    state.apply(state.legal_actions()[0])
    state.apply(state.legal_actions()[0])
    old = {k: v for k, v in state.observation(0).items() if k != "moves_made"}
    assert "Step one point" in render(old, 0).plain
    rebuilt = state_from_observation(state.game, old)
    assert rebuilt.moves_made == 0 and rebuilt.legal_actions() == state.legal_actions()


def test_a_drawn_game_is_told_without_brackets_in_brackets():
    """A draw read 'Game over: a draw (the position occurred 3 times (A.7)).'"""
    state = parlour.make("sixteen-soldiers", no_capture_plies=2).new_state(seed=0)
    for _ in range(2):
        state.apply(next(a for a in state.legal_actions() if "-" in str(a)))
    text = render(state.observation(0), 0).plain
    assert "Game over: a draw: 2 moves without a capture (A.7 draw safeguard)." in text
