"""``parlour play stud-poker | straight-poker | whiskey-poker`` with scripted input."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from parlour.cli import app
from parlour.poker.play_others import describe


# the seat that is surely asked: Straight Poker's dealer is not if the two before him throw
# down their cards (V-1, W-12), so the player sits at his left, who speaks first (R5.3)
@pytest.mark.parametrize(
    ("name", "seat"), [("stud-poker", "0"), ("straight-poker", "1"), ("whiskey-poker", "0")]
)
def test_play_a_whole_deal_against_book_bots_and_replay_it(name, seat, tmp_path):
    save = tmp_path / f"{name}.json"
    answers = "nonsense\nh\n" + "1\n" * 400  # an illegal answer first, then always the first choice
    result = CliRunner().invoke(
        app,
        ["play", name, "--players", "3", "--seat", seat, "--seed", "4", "--save", str(save)],
        input=answers,
    )
    assert result.exit_code == 0, result.output
    assert "Not allowed" in result.output and "Result" in result.output
    assert "The book player would" in result.output  # the hint
    record = json.loads(save.read_text())
    assert record["game"] == name and record["options"]["players"] == 3
    replayed = CliRunner().invoke(app, ["replay", str(save)])
    assert replayed.exit_code == 0 and "Result" in replayed.output


def test_play_with_random_bots_a_preset_and_a_rule_option(tmp_path):
    save = tmp_path / "w.json"
    result = CliRunner().invoke(
        app,
        ["play", "whiskey-poker", "--players", "4", "--bot", "random", "--preset", "BIC",
         "--rule", "joker=wild", "--seed", "2", "--save", str(save)],
        input="1\n" * 400,
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert json.loads(save.read_text())["options"]["joker"] == "wild"


def test_bad_options_exit_2_naming_the_rule(tmp_path):
    stripped = CliRunner().invoke(
        app, ["play", "stud-poker", "--players", "6", "--rule", "pack=44"]
    )
    assert stripped.exit_code == 2 and "C-2" in stripped.output
    old = CliRunner().invoke(app, ["play", "straight-poker", "--players", "5", "--rule", "pack=20"])
    assert old.exit_code == 2 and "C-5" in old.output
    seat = CliRunner().invoke(app, ["play", "whiskey-poker", "--players", "3", "--seat", "5"])
    assert seat.exit_code == 2 and "--seat" in seat.output


def test_actions_in_words():
    assert describe("exchange 7h Qd") == "give 7♥ to the widow and take Q♦"
    assert describe("raise 1") == "raise 1 chip" and "widow" in describe("take-widow")
