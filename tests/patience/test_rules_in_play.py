"""``r`` at a Poker Patience turn: the grid, the ten values of the scoring table (PP-4), and
with several players the settlement and the stake (PP-5..PP-7)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from parlour.cli import app
from parlour.patience.rules import PatienceRules


def _play_r(args: list[str], tmp_path) -> str:
    """``parlour play poker-patience ARGS``, typing ``r`` at the first turn, then quitting;
    the output with its lines joined (rich wraps a long rule at the screen's width)."""
    save = tmp_path / "game.json"
    result = CliRunner().invoke(
        app, ["play", "poker-patience", *args, "--save", str(save)], input="r\nq\n"
    )
    assert result.exit_code == 0, result.output
    assert "Not allowed" not in result.output  # 'r' was answered, not refused as a cell
    assert "r = rules" in result.output
    return " ".join(result.output.split())


def test_every_option_of_patience_is_worded():
    """A field added to PatienceRules and not worded fails here."""
    from parlour.patience.cli import LINES
    from parlour.wording import unworded

    assert unworded(PatienceRules, LINES, ()) == []


@pytest.mark.rule("PP-4")
def test_r_tells_the_fixed_grid_and_the_american_tables_ten_values_PP_4(tmp_path):
    out = _play_r(["--grid", "fixed", "--scoring", "american", "--seed", "3"], tmp_path)
    assert "Poker Patience: the rules in play" in out and "Players: 1." in out
    assert "Grid: fixed, a square of five by five" in out and "Grid: floating" not in out
    assert ("Scoring, the American table: royal flush 100, straight flush 75, fours 50, full "
            "house 25, flush 20, straight 15, threes 10, two pairs 5, one pair 2, no pair 0 "
            "(in place of the book's English one, PP-4).") in out  # fmt: skip
    assert "Settlement" not in out  # alone, nobody settles


@pytest.mark.rule("PP-2")
def test_r_tells_the_seeds_floating_grid_and_table_PP_2_PP_4(tmp_path):
    out = _play_r(["--seed", "3"], tmp_path)
    assert "Grid: floating, as the seed has it" in out and "(PP-2, PP-3)." in out
    assert ("Scoring, the English table: royal flush 30, straight flush 30, fours 16, full "
            "house 10, flush 5, straight 12, threes 6, two pairs 3, one pair 1, no pair 0 "
            "(PP-4).") in out  # fmt: skip


@pytest.mark.rule("PP-7")
def test_r_tells_an_agreed_table_the_settlement_and_the_stake_PP_5_PP_7(tmp_path):
    out = _play_r(["--players", "2", "--bot", "random", "--scoring", "0,1,2,3,4,5,6,7,8,9",
                   "--settlement", "total", "--stake", "3", "--seed", "3"], tmp_path)  # fmt: skip
    assert "Players: 2." in out
    assert "Scoring, an agreed table: royal flush 9, straight flush 8, fours 7" in out
    assert "one pair 1, no pair 0 (in place of the book's English one, PP-4)." in out
    assert "each receives his score times the players, less all the scores (PP-7)." in out
    assert "Stake: 3 a point (PP-5)." in out
