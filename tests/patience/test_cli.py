"""Terminal play of Poker Patience through the command line, with scripted input."""

from __future__ import annotations

import json

from typer.testing import CliRunner

import parlour
from parlour.cli import app


def test_play_alone_on_the_fixed_grid_with_a_hint(tmp_path):
    record = tmp_path / "game.json"
    script = "h\n" + "1\n" * 25
    result = CliRunner().invoke(
        app,
        ["play", "poker-patience", "--grid", "fixed", "--scoring", "american", "--seed", "3",
         "--save", str(record)],
        input=script,
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert (
        "Card to place" in result.output and "Hint: the strong player lays it on" in result.output
    )
    assert "Final score:" in result.output
    saved = json.loads(record.read_text())
    assert saved["options"]["scoring"] == "american" and len(saved["history"]) == 27


def test_play_floating_against_a_bot_shows_the_settlement(tmp_path):
    record = tmp_path / "game.json"
    result = CliRunner().invoke(
        app,
        ["play", "poker-patience", "--players", "2", "--bot", "greedy", "--seed", "4",
         "--save", str(record)],
        input="z9\n" + "1\n" * 25,
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "Not allowed" in result.output  # z9 is no cell
    assert "settlement (PP-6)" in result.output
    again = CliRunner().invoke(app, ["replay", str(record)])
    assert again.exit_code == 0 and "Final scores" in again.output


def test_a_replay_names_each_card_and_where_each_player_laid_it_and_an_unfinished_one_says_so(
    tmp_path,
):
    """The replay said only "Seat 0: lays the card on e5", never which card (PP-5: the same
    card for all, laid by each in turn)."""
    import parlour
    from parlour.game import load_record

    record = tmp_path / "game.json"
    args = ["play", "poker-patience", "--players", "2", "--bot", "greedy", "--seed", "4"]
    CliRunner().invoke(app, [*args, "--save", str(record)], input="1\n" * 25)
    game, state, _ = load_record(record.read_text())
    laid = [e["action"] for e in state.history if "action" in e]
    lines = [
        line
        for line in CliRunner().invoke(app, ["replay", str(record)]).output.splitlines()
        if line.startswith("Card ")
    ]
    assert len(lines) == 25 and isinstance(game, parlour.game.Game)
    for number, line in enumerate(lines):
        card = parlour.cards.Card(state.deck[number]).pretty()
        mine, bots = laid[2 * number], laid[2 * number + 1]
        assert (
            line == f"Card {number + 1}: {card}  You (seat 0) on {mine}, Bot 1 (seat 1) on {bots}"
        )
    left = tmp_path / "left.json"
    CliRunner().invoke(app, [*args, "--save", str(left)], input="1\nq\n")
    unfinished = CliRunner().invoke(app, ["replay", str(left)]).output
    assert "Card 1: " in unfinished and "Card 2: " not in unfinished
    assert "unfinished: it has no result" in unfinished and "Result" not in unfinished


def test_bad_options_are_refused_cleanly(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # games are saved under ./games
    result = CliRunner().invoke(app, ["play", "poker-patience", "--grid", "round"])
    assert result.exit_code == 2 and "grid" in result.output
    # a bot name is checked even when no seat is a bot's (it was ignored alone)
    alone = CliRunner().invoke(app, ["play", "poker-patience", "--bot", "foo"])
    assert alone.exit_code == 2 and "no bot 'foo' for poker-patience; available: fast" in (
        alone.output
    )
    # FIXED is fixed, as ENGLISH was english
    upper = CliRunner().invoke(app, ["play", "poker-patience", "--grid", "FIXED"], input="q\n")
    assert upper.exit_code == 0 and "Game abandoned" in upper.output


def test_the_settlement_shown_is_the_one_chosen_PP7_at_a_stake(tmp_path):
    """PP-7 at 2 a point: the line printed at the end carries the same nets as the payoffs."""
    import parlour
    from parlour.game import load_record

    record = tmp_path / "game.json"
    args = ["play", "poker-patience", "--players", "3", "--bot", "random", "--seed", "5"]
    args += ["--settlement", "total", "--stake", "2", "--save", str(record)]
    result = CliRunner().invoke(app, args, input="1\n" * 25)
    assert result.exit_code == 0, result.output
    game, state, _ = load_record(record.read_text())
    assert isinstance(game, parlour.game.Game) and game.rules.stake == 2
    nets = [int(v) for v in state.payoffs()]
    text = " ".join(result.output.split())  # the line may wrap
    line = text.split("settlement (PP-7, 2 a point): ")[1].split(". ")[0]
    shown = [
        (-1 if " pay" in part else 1) * int(part.split()[-1]) if "quits" not in part else 0
        for part in line.split("; ")
    ]
    assert shown == nets and len(shown) == 3
    assert line.startswith("You (seat 0) score ") and "; Bot 1 (seat 1) scores " in line


def test_a_new_scoring_table_says_the_players_learn_first(tmp_path, monkeypatch):
    """A table the package does not ship is learned on first use (about 20 s): the terminal
    says so before play instead of seeming to hang; a shipped table says nothing."""
    monkeypatch.setenv("PARLOUR_CACHE", str(tmp_path / "learned"))
    args = ["play", "poker-patience", "--save", str(tmp_path / "g.json"), "--seed", "1"]
    new = CliRunner().invoke(app, [*args, "--scoring", "0,1,2,3,4,5,6,7,8,9"], input="q\n")
    shipped = CliRunner().invoke(app, [*args, "--scoring", "american"], input="q\n")
    assert new.exit_code == shipped.exit_code == 0, new.output
    assert "This scoring table is new" in new.output
    assert str(tmp_path / "learned") in "".join(new.output.split())  # where they are kept
    assert "This scoring table is new" not in shipped.output


def test_the_scoring_help_names_the_order_of_the_ten_values():
    """The seed lists its table highest first; the help must say the values go low to high."""
    result = CliRunner().invoke(app, ["play", "poker-patience", "--help"], env={"COLUMNS": "200"})
    text = " ".join(result.output.replace("│", " ").split())
    assert "no-pair, one-pair, two-pairs, threes, straight, flush, full-house, fours" in text


def test_a_scoring_table_too_large_for_the_players_is_refused_not_a_traceback():
    """PP-4: 10**400 cannot become a float in the players' values; the table is refused."""
    table = "0,1,3,6,12,5,10,16,30," + str(10**400)
    result = CliRunner().invoke(app, ["play", "poker-patience", "--scoring", table], input="h\nq\n")
    assert result.exit_code == 2 and "PP-4" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_two_people_lay_each_card_unseen_by_the_other_and_settle(tmp_path):
    """PP-5 at one keyboard: two people pass it, and neither is told nor shown where the
    other laid the card in hand (the record still holds every cell)."""
    save = tmp_path / "two.json"
    result = CliRunner().invoke(
        app, ["play", "poker-patience", "--humans", "2", "--grid", "fixed", "--seed", "3",
              "--save", str(save)],
        input="1\n" * 200,
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.count("Pass the keyboard to Player 2 (seat 1) to play") == 25
    assert "Since your last turn:\n  Player 1 (seat 0): lays the card\n" in out
    assert "): lays the card on" not in out and "Final scores and settlement (PP-6)" in out
    record = json.loads(save.read_text())
    assert sum(1 for e in record["history"] if "action" in e) == 50


def test_the_tableau_title_says_1_point_and_2_points():
    """The title said "1 points"."""
    from rich.console import Console

    from parlour.patience.render import render

    view = parlour.make("poker-patience", grid="fixed").new_state(seed=0).observation(0)
    titles = {}
    for score in (1, 2):
        said = Console(width=120, record=True)
        said.print(render({**view, "scores": [score]}, 0))
        titles[score] = [line.strip() for line in said.export_text().splitlines()
                         if "point" in line]  # fmt: skip
    assert titles == {1: ["1 point"], 2: ["2 points"]}
