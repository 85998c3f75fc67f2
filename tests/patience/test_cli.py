"""Terminal play of Poker Patience through the command line, with scripted input."""

from __future__ import annotations

import io
import json
import re

import pytest
from rich.console import Console
from typer.testing import CliRunner

import parlour
from parlour import terminal
from parlour.cli import app
from parlour.game import load_record
from parlour.patience.render import render, small_tableau, tableau_table
from parlour.patience.tableau import Frame
from tests.screen import printed, rows


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
        "Card to place" in result.output
        and "The strong player would lay the card on" in result.output
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
    assert "Since your last turn:\n  The table: Card 1: " in out  # the card both have laid
    for number in range(1, 26):  # where Player 1 laid a card is told once Player 2 has laid it
        passed = out.index("Pass the keyboard to Player 2", out.index(f"(card {number} of 25)"))
        assert f"Card {number}: " not in out[:passed]
    assert "): lays the card" not in out and "Final scores and settlement (PP-6)" in out
    record = json.loads(save.read_text())
    assert sum(1 for e in record["history"] if "action" in e) == 50


@pytest.mark.rule("PP-5")
def test_pp5_the_bots_placements_are_told_in_one_line_a_card_once_all_have_laid_it(tmp_path):
    """PP-5 against three bots: each card gave three lines that told nothing ("Bot 1 (seat 1):
    lays the card"); now, once all have laid it, one line names the card and each one's cell,
    as the replay does."""
    save = tmp_path / "four.json"
    result = CliRunner().invoke(
        app, ["play", "poker-patience", "--players", "4", "--bot", "greedy", "--seed", "3",
              "--save", str(save)],
        input="1\n" * 25, terminal_width=200, env={"COLUMNS": "200"},
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    _, state, _ = load_record(save.read_text())
    laid = [e["action"] for e in state.history if "action" in e]
    told = [line for line in result.output.splitlines() if "The table: " in line]
    assert "): lays the card" not in result.output and len(told) == 25
    for number, line in enumerate(told):
        cells = laid[4 * number : 4 * number + 4]
        where = ", ".join(
            f"{who} on {cell}"
            for who, cell in zip(
                ["You (seat 0)", "Bot 1 (seat 1)", "Bot 2 (seat 2)", "Bot 3 (seat 3)"],
                cells,
                strict=True,
            )
        )
        card = parlour.cards.Card(state.deck[number]).pretty()
        assert line.endswith(f"The table: Card {number + 1}: {card}  {where}")


def test_the_tableau_title_says_1_point_and_2_points():
    """The title said "1 points"."""
    view = parlour.make("poker-patience", grid="fixed").new_state(seed=0).observation(0)
    titles = {}
    for score in (1, 2):
        said = Console(width=120, record=True)
        said.print(render({**view, "scores": [score]}, 0))
        titles[score] = [line.strip() for line in said.export_text().splitlines()
                         if "point" in line]  # fmt: skip
    assert titles == {1: ["1 point"], 2: ["2 points"]}


MINE = {"a1": "As", "b1": "Ah", "c1": "Ks", "d1": "Kh", "e1": "2c",
        "a2": "Qd", "b2": "Qc", "c2": "Qh", "e2": "2d", "a5": "9s", "e5": "9d"}  # fmt: skip
THEIRS = {"a1": "3c", "b2": "4c", "c3": "5c"}


def _layout(cells: dict[str, str]) -> list[str | None]:
    frame = Frame.of("fixed")
    layout: list[str | None] = [None] * 25
    for name, card in cells.items():
        layout[frame.parse(name)] = card
    return layout


def _table_of(text: str, title: str) -> list[list[str]]:
    """The rows of the tableau whose title line holds ``title``."""
    part = text[text.index(title) :]
    return rows(part[: part.index("└")])


def _fixed_view(seat: int):
    state = parlour.make("poker-patience", grid="fixed", players=2).new_state(seed=0)
    obs = state.observation(seat)
    assert obs["to_move"] == 0 and obs["card"] is not None
    tableaux = [_layout(MINE), _layout(THEIRS)] if seat == 0 else [_layout(THEIRS), _layout(MINE)]
    scores = [11, 4] if seat == 0 else [4, 11]
    return {**obs, "seat": seat, "tableaux": tableaux, "scores": scores}


@pytest.mark.rule("PP-3")
@pytest.mark.rule("PP-4")
def test_the_tableau_shows_each_cell_where_it_lies_each_line_scored_and_the_free_cells_named():
    """PP-3, PP-4 on the fixed grid: rows 1-5 and columns a-e as the cells are named; each
    row's and column's hand and points from its own five cells; the free cells named, as
    the card in hand may go there; the total is the viewer's.

    R04: render.py:97 `marks = set(frame.legal(layout)) if mark_legal else set()` -> `set()`
    R05: render.py:122 `frame.name(i)` -> `frame.name(i + 1)`
    R06: render.py:114 row line `r * frame.size + c` -> `c * frame.size + r`
    R07: render.py:128 column line `r * frame.size + c` -> `c * frame.size + r`
    R08: render.py:125 `str(r + 1)` -> `str(r)`
    R09: render.py:102 `"abcdefghi"[c]` -> `"abcdefghi"[c + 1]`
    R10: render.py:111 `str(table_points[cat])` -> `str(cat)`
    R23: render.py:107 `for i in indices` -> `for i in indices[:-1]`
    """
    text = printed(render(_fixed_view(0), 0))
    head = next(line for line in text.splitlines() if line.startswith("┃"))
    assert [c.strip() for c in head.split("┃")[1:-1]] == ["", "a", "b", "c", "d", "e", "hand",
                                                          "pts"]  # fmt: skip
    assert _table_of(text, "Your tableau") == [
        ["1", "A♠", "A♥", "K♠", "K♥", "2♣", "2 pairs", "3"],
        ["2", "Q♦", "Q♣", "Q♥", "d2", "2♦", "threes", "6"],
        ["3", "a3", "b3", "c3", "d3", "e3", "", ""],
        ["4", "a4", "b4", "c4", "d4", "e4", "", ""],
        ["5", "9♠", "b5", "c5", "d5", "9♦", "pair", "1"],
        ["hand", "-", "-", "-", "-", "pair", "", ""],
        ["pts", "0", "0", "0", "0", "1", "", "11"],
    ]


@pytest.mark.rule("PP-5")
def test_each_tableau_is_drawn_under_its_own_seat_with_its_own_score():
    """Seat 1's view: his own tableau and total first (R22, R11 took seat 0's), then seat
    0's tableau and score under seat 0's name (R13 drew his own there, R14 his score).

    R11: render.py:132 `observation["scores"][seat]` -> `observation["scores"][0]`
    R13: render.py:158 `tableau_table(observation, other, ...)`
         -> `tableau_table(observation, seat, ...)`
    R14: render.py:156 `points = observation["scores"][other]` -> `observation["scores"][seat]`
    R22: render.py:149 `score = observation["scores"][seat]` -> `observation["scores"][0]`
    """
    text = printed(render(_fixed_view(1), 1))
    assert "Your tableau (seat 1): 11 points" in text and "Seat 0: 4" in text
    mine, theirs = _table_of(text, "Your tableau"), _small_of(text, "Seat 0: 4")
    assert mine[0][:3] == ["1", "A♠", "A♥"] and mine[-1][-1] == "11"
    assert theirs[1][:2] == ["1", "3♣"] and theirs[2][2] == "4♣" and theirs[-1][-1] == "4"


def _small_of(text: str, title: str) -> list[list[str]]:
    """The lines, split into words, of the small tableau under ``title``, to a blank line."""
    lines = [*text[text.index(title) :].splitlines()[1:], ""]
    return [line.split() for line in lines[: [ln.strip() for ln in lines].index("")]]


@pytest.mark.rule("PP-5")
def test_the_others_tableaux_are_drawn_small_side_by_side_with_each_lines_points():
    """With several players every other tableau was drawn as large as one's own, one under
    another: five players took some sixty lines a card, a hundred over a thousand.  Now each
    other is a small grid of his cards with each row's points at its right, each column's
    under it and his total in the corner, and they stand side by side."""
    state = parlour.make("poker-patience", grid="fixed", players=4).new_state(seed=0)
    obs = state.observation(0)
    tableaux = [_layout(MINE), _layout(THEIRS), _layout(MINE), _layout(THEIRS)]
    view = {**obs, "tableaux": tableaux, "scores": [11, 4, 11, 4]}
    text = printed(render(view, 0), width=100)
    heads = [line for line in text.splitlines() if "Seat 1: 4" in line]
    assert len(heads) == 1 and "Seat 2: 11" in heads[0] and "Seat 3: 4" in heads[0]
    mine = _small_of(printed(small_tableau(view, 2, "Seat 2: 11")), "Seat 2: 11")
    assert mine[0][:5] == ["a", "b", "c", "d", "e"]
    # row 1 A♠ A♥ K♠ K♥ 2♣ two pairs (3), row 2 Q♦ Q♣ Q♥ · 2♦ threes (6), row 5 9♠ ... 9♦ (1)
    assert mine[1][:7] == ["1", "A♠", "A♥", "K♠", "K♥", "2♣", "3"]
    assert mine[2][:7] == ["2", "Q♦", "Q♣", "Q♥", "·", "2♦", "6"]
    assert mine[5][:7] == ["5", "9♠", "·", "·", "·", "9♦", "1"]
    assert mine[6][:6] == ["0", "0", "0", "0", "1", "11"]  # columns a-e, then the total
    assert len(text.splitlines()) < 40


@pytest.mark.rule("PP-5")
def test_only_the_person_laying_the_card_sees_its_cells_marked_and_others_are_told_who_lays():
    """While seat 0 lays the card, seat 1's view (a replay of a game left there shows it)
    marks no cell (R12 marked his free cells) and says who is laying it; seat 0's own view
    does not say "is laying it" of himself (R21).

    R12: render.py:141 `mine = observation["to_move"] == seat and card is not None`
         -> `mine = card is not None`
    R21: render.py:146 `if players > 1 and observation["to_move"] != seat:` -> `if players > 1:`
    """
    theirs = printed(render(_fixed_view(1), 1).renderables[1])  # seat 1's own tableau
    assert not re.search(r"\b[a-e][1-5]\b", theirs)
    assert "seat 0 is laying it" in printed(render(_fixed_view(1), 1))
    assert "is laying it" not in printed(render(_fixed_view(0), 0))


@pytest.mark.rule("PP-2")
def test_the_floating_tableau_draws_the_columns_and_rows_its_cards_span():
    """PP-2: four cards laid in a row, e5 to h5, drawn as one row (5) of four columns e-h
    (R03 took rows for columns: one column, e, of four rows).

    R03: render.py:84 `rows = [i // frame.size ...]`, `cols = [i % frame.size ...]` swapped
    """
    frame = Frame.of("floating")
    layout: list[str | None] = [None] * 81
    for name, card in {"e5": "As", "f5": "Ks", "g5": "Qs", "h5": "Js"}.items():
        layout[frame.parse(name)] = card
    obs = parlour.make("poker-patience").new_state(seed=0).observation(0)
    obs = {**obs, "tableaux": [layout], "scores": [0]}
    text = printed(tableau_table(obs, 0, False, "T"))
    head = next(line for line in text.splitlines() if line.startswith("┃"))
    assert [c.strip() for c in head.split("┃")[1:-1]] == ["", "e", "f", "g", "h", "hand", "pts"]
    assert rows(text)[0][:5] == ["5", "A♠", "K♠", "Q♠", "J♠"]


def test_a_score_of_minus_one_is_one_point():
    """A table of the player's own may score below nothing: -1 is "-1 point" (R20).

    R20: render.py:150 `abs(score) == 1` -> `score == 1`
    """
    view = parlour.make("poker-patience", grid="fixed").new_state(seed=0).observation(0)
    text = printed(render({**view, "scores": [-1]}, 0))
    assert "-1 point" in text and "-1 points" not in text


@pytest.mark.rule("PP-4")
def test_pp4_the_legend_under_the_tableau_names_a_no_pair_value_of_the_players_own():
    """PP-4 scores no pair nothing; a table of the players' own may score it (here -1 a
    line), and the legend under the tableau must then say so, as the rules (r) do: it named
    every hand but no pair, so ten lines of -1 came with no word of why."""
    table = "-1,1,3,6,12,5,10,16,30,30"
    view = parlour.make("poker-patience", scoring=table).new_state(seed=0).observation(0)
    text = " ".join(printed(render(view, 0)).split())
    assert "Scoring: no pair -1, pair 1, 2 pairs 3" in text
    english = parlour.make("poker-patience").new_state(seed=0).observation(0)
    assert "no pair" not in printed(render(english, 0))  # PP-4's 0 goes unsaid


def test_a_hundred_people_may_play_patience_at_one_keyboard(tmp_path):
    """--humans takes 1..100, as the message says (Q04 refused 100).

    Q04: patience/cli.py:88 `if humans > PokerPatience.max_players:` -> `>=`
    """
    result = CliRunner().invoke(app, ["play", "poker-patience", "--humans", "100", "--seed", "1",
                                      "--save", str(tmp_path / "p.json")], input="q\n")  # fmt: skip
    assert result.exit_code == 0 and "Game abandoned" in result.output, result.output


def test_a_patience_replay_shows_the_seat_asked_for(tmp_path):
    """``parlour replay FILE --seat 1`` shows seat 1's tableau as his own (Q05 showed seat 0's).

    Q05: patience/cli.py:37 `0 if seat is None else seat` -> `0`
    """
    record = tmp_path / "game.json"
    args = ["play", "poker-patience", "--players", "2", "--bot", "greedy", "--seed", "4"]
    CliRunner().invoke(app, [*args, "--save", str(record)], input="1\n" * 25)
    out = CliRunner().invoke(app, ["replay", str(record), "--seat", "1"]).output
    assert "Your tableau (seat 1)" in out and "Your tableau (seat 0)" not in out


@pytest.mark.rule("PP-5")
def test_pp5_on_a_screen_that_clears_the_second_person_is_told_where_all_laid_each_card(
    tmp_path, monkeypatch
):
    """Two people and a bot after them, on a terminal that clears: once the bot laid the card,
    'The table: Card N ...' was printed on Player 2's screen and counted as seen by him, but
    the pass to Player 1 cleared it at once, so he was never told where the others laid any
    card.  Now his next turn tells him, as Player 1's does; where nothing clears, the line
    stays in his sight and is not told again (test_a_person_is_not_told_again_...)."""
    monkeypatch.setenv("TERM", "xterm")
    game = parlour.make("poker-patience", players=3, grid="fixed")
    out = io.StringIO()
    screen = Console(file=out, width=150, force_terminal=True, color_system=None)
    assert screen.is_terminal and not screen.is_dumb_terminal
    answers = iter(["", "1"] * 50 + [""] * 4)
    bots = {2: parlour.bots.make("greedy", game, seed=1)}
    terminal.play(game, game.new_state(seed=2), humans=[0, 1], bots=bots, console=screen,
                  read=lambda prompt: next(answers), save=tmp_path / "p.json")  # fmt: skip
    # each clearing starts what the next person sees
    views = out.getvalue().split("\x1b[3J")
    second = [v for v in views if "Your tableau (seat 1)" in v and "Card to place" in v]
    assert len(second) == 25
    for number, view in enumerate(second[1:], 1):
        assert f"Since your last turn:\n  The table: Card {number}: " in view
    last = next(v for v in views if "Your tableau (seat 1)" in v and "Final scores" in v)
    assert "Since your last turn:\n  The table: Card 25: " in last
