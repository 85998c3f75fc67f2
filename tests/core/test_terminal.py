"""The generic terminal loop and the `replay` command, on the tiny test game."""

from __future__ import annotations

import io
import json
import os
import re
import shlex
import signal
import tempfile
import threading
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

import parlour
from parlour import terminal
from parlour.cli import app
from parlour.game import GameOptionError
from parlour.testing import play_random
from tests.core import kuhn  # noqa: F401  (registers "kuhn-test")
from tests.core.stopping import HalfWritten, stopped
from tests.screen import rows


def _scripted(answers):
    queue = list(answers)

    def read(prompt: str) -> str:
        if not queue:
            raise EOFError
        return queue.pop(0)

    return read


def test_play_refuses_an_illegal_answer_then_finishes_and_saves(tmp_path):
    game = parlour.make("kuhn-test")
    state = game.new_state(seed=1)
    out = io.StringIO()
    console = Console(file=out, width=100)
    bots = {1: parlour.bots.make("random", game, seed=2)}
    save = tmp_path / "kuhn.json"
    # "call" is not legal at the start; "9" and "-1" are out of range; "١" (an Arabic-Indic
    # one, which int() reads) is no number here; "2" is the second action (bet)
    terminal.play(game, state, humans={0}, bots=bots, console=console,
                  read=_scripted(["call", "9", "-1", "١", "2", "1", "1"]), save=save)  # fmt: skip
    text = out.getvalue()
    assert "Not allowed" in text and "legal: check, bet" in text
    assert text.count("choose a number from 1 to 2, or type the action") == 2  # 9 and -1
    assert "Not allowed: '١' is not a legal action" in text
    assert state.is_over and state.moves[0] == "bet"
    record = json.loads(save.read_text())
    assert record["game"] == "kuhn-test" and record["history"] == state.history


def test_more_actions_than_the_list_limit_are_shown_in_part_and_typed(monkeypatch):
    """A game with more legal actions than LIST_LIMIT and no summariser of its own gets the
    first few and a count, unnumbered: a number is refused, the typed action is played."""
    monkeypatch.setattr(terminal, "LIST_LIMIT", 1)
    monkeypatch.setattr(terminal, "SHOWN", 1)
    game = parlour.make("kuhn-test")
    state = game.new_state(seed=1)
    out = io.StringIO()
    assert terminal._human_turn(game, state, 0, Console(file=out, width=100),
                                _scripted(["2", "bet"]))  # fmt: skip
    text = out.getvalue()
    assert "2 moves, too many to number; type one" in text and "... and 1 more" in text
    assert "type the action: 2 are too many to number" in text and state.moves == ["bet"]


def test_an_answer_longer_than_any_move_is_refused_by_its_length_not_echoed():
    """A pasted page was repeated whole in the refusal (twice in some games)."""
    game = parlour.make("kuhn-test")
    state = game.new_state(seed=1)
    out = io.StringIO()
    pasted = "x" * (terminal.LONGEST_ANSWER + 1)
    assert terminal._human_turn(game, state, 0, Console(file=out, width=100),
                                _scripted([pasted, "x" * 20, "bet"]))  # fmt: skip
    text = out.getvalue()
    assert f"Not allowed: {len(pasted)} characters, longer than any move" in text
    assert "x" * 21 not in text and "x" * 20 in text  # the short one is still named
    assert state.moves == ["bet"]


def test_quitting_saves_an_unfinished_game(tmp_path):
    game = parlour.make("kuhn-test")
    state = game.new_state(seed=3)
    save = tmp_path / "quit.json"
    terminal.play(game, state, humans={0, 1}, bots={}, console=Console(file=io.StringIO()),
                  read=_scripted(["q"]), save=save)  # fmt: skip
    assert not state.is_over and json.loads(save.read_text())["history"] == state.history


def test_the_replay_command_printed_after_a_save_works_as_typed_in_a_shell(tmp_path):
    """A path with a space was printed bare, "parlour replay sp ace.json", and the shell split
    it ("unexpected extra argument"); it is quoted now, and markup-like brackets survive."""
    game = parlour.make("kuhn-test")
    save = tmp_path / "sp ace [dim].json"
    out = io.StringIO()
    terminal.play(game, game.new_state(seed=3), humans={0, 1}, bots={},
                  console=Console(file=out, width=300), read=_scripted(["q"]),
                  save=save)  # fmt: skip
    command = out.getvalue().split("replay with: ")[1].rsplit(")", 1)[0]
    words = shlex.split(command)
    assert words[:2] == ["parlour", "replay"] and words[2] == str(save)
    assert CliRunner().invoke(app, words[1:]).exit_code == 0


def test_replay_command_prints_every_action_and_the_result(tmp_path):
    game = parlour.make("kuhn-test")
    state = game.new_state(seed=4).apply("bet").apply("call")
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game.record(state, seat=1)))
    result = CliRunner().invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert "Seat 0: bet" in result.output and "Seat 1: call" in result.output
    assert "Result" in result.output and "(?)" not in result.output


def test_a_replay_calls_every_seat_as_the_game_did(tmp_path):
    """The replay said "You", "Seat 1" and "seat 1" for the seats play had called "You (seat
    0)" and "Bot 1 (seat 1)"; play now saves the names and the replay uses them throughout."""
    save = tmp_path / "draw.json"
    played = CliRunner().invoke(app, ["play", "draw-poker", "--players", "3", "--seed", "4",
                                      "--save", str(save)], input="2\n" * 30)  # fmt: skip
    assert played.exit_code == 0, played.output
    assert json.loads(save.read_text())["names"] == {"0": "You", "1": "Bot 1", "2": "Bot 2"}
    out = CliRunner().invoke(app, ["replay", str(save)]).output
    assert "3 players: You (seat 0) deal, the Age is Bot 1 (seat 1)." in out  # agreeing
    assert "Dealt to You (seat 0):" in out and "Bot 2 (seat 2): drops" in out
    assert "│ Bot 1 (seat 1) │" in out and "Seat 1" not in out and "seat 1 " not in out
    assert "sees it" not in out  # another seat's view says whose "your" it is
    seen = CliRunner().invoke(app, ["replay", str(save), "--seat", "2"]).output
    assert "The table as Bot 2 (seat 2) sees it; 'you' below means Bot 2 (seat 2):" in seen
    record = json.loads(save.read_text())  # a name a screen reads as markup is not used
    save.write_text(json.dumps({**record, "names": {"0": "[/dim]", "2": "Ann"}}))
    odd = CliRunner().invoke(app, ["replay", str(save)])
    assert odd.exit_code == 0 and "Ann (seat 2): drops" in odd.output, odd.output


@pytest.mark.parametrize(
    ("names", "said"),
    [
        ({"0": "You", "1": None}, "record: 'names' gives seat 1 None, not a name"),
        ({"0": "You", "1": 7}, "record: 'names' gives seat 1 7, not a name"),
        ({"0": "You", "x": "Ann"}, "record: 'names' maps seats 0..1 to names: no seat 'x'"),
        ({"2": "Ann"}, "record: 'names' maps seats 0..1 to names: no seat '2'"),
        ({"01": "Ann"}, "record: 'names' maps seats 0..1 to names: no seat '01'"),
        ({"9" * 5000: "Ann"}, "record: 'names' maps seats 0..1 to names: no seat '9999"),
        (["You", "Bot 1"], "record: 'names' must map each seat to a name, not ['You', 'Bot 1']"),
        ("You", "record: 'names' must map each seat to a name, not 'You'"),
    ],
)
def test_a_record_whose_names_are_malformed_is_refused_naming_the_field(tmp_path, names, said):
    """Names that were no text, seats that were no seat of the table, and names that were no
    JSON object were dropped without a word, the record shown as if it named no one (a seat
    of 5,000 digits gave Python's "Exceeds the limit (4300 digits)")."""
    path = tmp_path / "k.json"
    game = parlour.make("kuhn-test")
    record = game.record(game.new_state(seed=4).apply("bet").apply("call"), names=names)
    path.write_text(json.dumps(record))
    result = CliRunner().invoke(app, ["replay", "--seat", "0", str(path)])
    assert result.exit_code == 2 and said in " ".join(result.output.split()), result.output


def test_replay_command_reports_bad_files_with_exit_code_2(tmp_path):
    missing = CliRunner().invoke(app, ["replay", str(tmp_path / "none.json")])
    assert missing.exit_code == 2 and "cannot read" in missing.output
    game = parlour.make("kuhn-test")
    history = [*game.new_state(seed=5).history, {"seat": 0, "action": "raise"}]
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps({"game": "kuhn-test", "options": {}, "history": history}))
    result = CliRunner().invoke(app, ["replay", str(broken)])
    assert result.exit_code == 2 and "'raise' is not a legal action" in result.output


def test_lobby_lists_the_registered_games():
    result = CliRunner().invoke(app, [])
    assert result.exit_code == 0 and "choose a game" in result.output


def test_the_lobby_asks_again_after_a_bad_answer_and_q_or_the_end_of_input_leave(
    tmp_path, monkeypatch
):
    """Piped input only listed the games, dropping the choice; at a terminal a bad answer
    or q ended with status 2 ("no game numbered 'q'"), and the end of input with 1."""
    monkeypatch.chdir(tmp_path)  # games are saved under ./games
    for script in ("99\n0\nabc\nq\n", "99\n", ""):
        result = CliRunner().invoke(app, [], input=script)
        assert result.exit_code == 0, result.output
        assert result.output.count("No game numbered or named") == len(script.split()) - (
            "q" in script
        )
    listing = CliRunner().invoke(app, [], input="\n").output
    number = next(line.split()[1] for line in listing.splitlines() if "sixteen-soldiers" in line)
    chosen = CliRunner().invoke(app, [], input=f"{number}\n\n\n")  # Enter: one person, defaults
    assert chosen.exit_code == 0 and "Game abandoned" in chosen.output


def test_the_lobby_takes_a_games_name_in_part_where_one_game_has_it(tmp_path, monkeypatch):
    """'whiskey' was refused as 'No game numbered or named': only the full name was taken.
    A name begun, or a word of it, chooses the one game it names; 'poker' is told the five
    it could be."""
    monkeypatch.chdir(tmp_path)
    chosen = CliRunner().invoke(app, [], input="Whiskey\n\n\nq\n")
    assert chosen.exit_code == 0 and "Whiskey Poker" in chosen.output, chosen.output
    assert "No game numbered or named" not in chosen.output
    many = CliRunner().invoke(app, [], input="poker\npo\nq\n").output
    said = " ".join(many.split())
    assert "No game numbered or named 'poker': choose" in said
    assert "No game numbered or named 'po': choose" in said  # not Poker Patience alone
    assert "It could be draw-poker," in said and "poker-patience" in said
    spaced = CliRunner().invoke(app, [], input="Whiskey Poker\n\n\nq\n")
    assert "Whiskey Poker:" in spaced.output and "No game numbered" not in spaced.output


def test_the_lobby_starts_every_game_it_lists_with_its_defaults(monkeypatch, tmp_path):
    """The lobby (``make run``) starts the game chosen by number, with the command's defaults,
    and ``q`` leaves it: every game listed, not only the first."""
    monkeypatch.chdir(tmp_path)  # games are saved under ./games
    listing = CliRunner().invoke(app, [], input="\n").output
    numbers = [line.split()[1] for line in listing.splitlines() if line[:2].strip() == "│"]
    games = [n for n in numbers if n.isdigit()]
    assert len(games) >= 8
    for number in games:
        result = CliRunner().invoke(app, [], input=f"{number}\n\n\nq\n" + "q\n" * 5)
        assert result.exit_code == 0, (number, result.output[-2000:])
        assert "OptionInfo" not in result.output and "Traceback" not in result.output
    assert len(list((tmp_path / "games").iterdir())) >= len(games) - 1


@pytest.mark.parametrize("typed", ["meusu\u00ebb", "meusue\u0308b", "MEUSU\u00cbB", "Meusueb"])
def test_the_lobby_takes_meusueb_with_its_accent_in_either_unicode_form(
    monkeypatch, tmp_path, typed
):
    """The lobby took "meusueb" only: the game's own name, meusuëb, typed with its accent
    (one code point, NFC, or e and a combining diaeresis, NFD) was "No game numbered or
    named 'meusuëb'"."""
    monkeypatch.chdir(tmp_path)  # games are saved under ./games
    result = CliRunner().invoke(app, [], input=f"{typed}\n\n\nq\n" + "q\n" * 5)
    assert result.exit_code == 0 and "No game numbered" not in result.output, result.output
    (saved,) = (tmp_path / "games").iterdir()
    assert saved.name.endswith("-meusueb.json"), saved


@pytest.mark.parametrize("typed", ["meusu\u00ebb", "meusue\u0308b"])
def test_play_and_simulate_take_meusueb_with_its_accent_in_either_unicode_form(typed):
    """`parlour play meusuëb --help` (NFC or NFD) was typer's "No such command 'meusuëb'",
    and `parlour simulate meusuëb` "unknown game", though the lobby takes the name: the
    command line now reads a game's name as the lobby does."""
    helped = CliRunner().invoke(app, ["play", typed, "--help"], terminal_width=200)
    assert helped.exit_code == 0, helped.output
    assert "play meusueb [OPTIONS]" in helped.output, helped.output
    assert "Meusu\u00ebb, the Acehnese mancala" in helped.output
    ran = CliRunner().invoke(app, ["simulate", typed, "--games", "1", "--seed", "1"])
    assert ran.exit_code == 0 and "unknown game" not in ran.output, ran.output
    wrong = CliRunner().invoke(app, ["play", "meusuxb"])
    assert wrong.exit_code == 2 and "No such command 'meusuxb'" in wrong.output


def test_a_default_save_path_never_names_a_file_already_there(tmp_path, monkeypatch):
    """Two games saved in the same second get two files, not one overwritten."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(terminal.time, "strftime", lambda _: "20261130-120000")
    game = parlour.make("kuhn-test")
    first = terminal.default_save_path(game)
    first.parent.mkdir()
    first.write_text("{}")
    second = terminal.default_save_path(game)
    assert second != first and not second.exists() and second.name.endswith("-kuhn-test-2.json")


def test_an_empty_line_asks_again_without_a_refusal(tmp_path, monkeypatch):
    """An empty line was refused as an action: in a Jack-Pot with the wrong list ("W-10: it
    is a betting turn: fold, call, raise"), in Patience as "'' is not a cell (PP-3)"."""
    monkeypatch.chdir(tmp_path)
    game = parlour.make("kuhn-test")
    state = game.new_state(seed=1)
    out = io.StringIO()
    answers = _scripted(["", "  ", "1", "", "1"])
    terminal.play(game, state, humans={0}, bots={1: parlour.bots.make("random", game, seed=2)},
                  console=Console(file=out, width=100), read=answers)  # fmt: skip
    assert state.is_over and "Not allowed" not in out.getvalue()


def test_saving_to_a_file_already_there_keeps_it_and_writes_beside_it(tmp_path):
    """``--save g1.json`` a second time overwrote the first game without a word."""
    console_out = io.StringIO()
    console = Console(file=console_out, width=200)
    target = tmp_path / "g1.json"
    target.write_text("the first game")
    second = terminal.save_record("the second", target, tmp_path / "fallback.json", console, "Game")
    third = terminal.save_record("the third", target, tmp_path / "fallback.json", console, "Game")
    assert target.read_text() == "the first game"
    assert second == tmp_path / "g1-2.json" and second.read_text() == "the second"
    assert third == tmp_path / "g1-3.json" and third.read_text() == "the third"
    assert f"{target} is taken" in console_out.getvalue()


def test_saving_to_a_device_or_pipe_writes_there_not_beside_it(tmp_path):
    """``--save /dev/null`` wrote the record to a new file /dev/null-2, a name the user never
    gave, as if /dev/null were a record to keep.  Only a file is kept (the record goes
    beside it); a device or pipe named is written to, and nothing is made beside it."""
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    reader = os.open(pipe, os.O_RDONLY | os.O_NONBLOCK)  # so that writing it does not wait
    out = io.StringIO()
    try:
        written = terminal.save_record("the record", pipe, tmp_path / "fallback.json",
                                       Console(file=out, width=200), "Game")  # fmt: skip
        assert written == pipe and os.read(reader, 100) == b"the record"
    finally:
        os.close(reader)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe"]
    assert f"Game saved to {pipe}" in out.getvalue() and "replay with" not in out.getvalue()


def test_odd_answers_are_refused_and_a_bad_save_path_loses_nothing(tmp_path, monkeypatch):
    """A 5,000-digit number (int() refuses it), text that reads as rich markup, and a --save
    path that is a folder: each crashed the game and lost the record."""
    monkeypatch.chdir(tmp_path)
    game = parlour.make("kuhn-test")
    state = game.new_state(seed=1)
    out = io.StringIO()
    answers = ["1" * 5000, "1" * 150, "[/x]", "2", "1", "1"]
    terminal.play(game, state, humans={0}, bots={1: parlour.bots.make("random", game, seed=2)},
                  console=Console(file=out, width=100), read=_scripted(answers),
                  save=tmp_path)  # fmt: skip
    text = out.getvalue()
    assert "5,000 characters, longer than any move" in text and "choose a number" in text
    assert "[/x]" in text and "Cannot save to" in text
    saved = list((tmp_path / "games").glob("*.json"))
    assert state.is_over and len(saved) == 1
    assert json.loads(saved[0].read_text())["history"] == state.history


def test_replay_names_what_is_wrong_with_a_file_that_is_no_record(tmp_path):
    """A text file gave the bare "Expecting value: line 1 column 1 (char 0)", and a record
    whose own seat was out of range "--seat must be 0..1" to someone who gave no --seat."""
    game = parlour.make("kuhn-test")
    record = game.record(game.new_state(seed=4).apply("bet").apply("call"), seat=9)
    cases = {"text.json": "hello", "list.json": "[1, 2]", "seat.json": json.dumps(record),
             "null.json": json.dumps({**record, "history": None}),
             "opts.json": json.dumps({**record, "options": [2]})}  # fmt: skip
    said = {}
    for name, text in cases.items():
        (tmp_path / name).write_text(text)
        result = CliRunner().invoke(app, ["replay", str(tmp_path / name)])
        assert result.exit_code == 2
        said[name] = " ".join(result.output.split())
    assert "not a game record: it is not JSON" in said["text.json"]
    assert "not a game record: a record is a JSON object" in said["list.json"]
    assert "the record's seat must be 0..1, not 9" in said["seat.json"]
    assert "record: 'history' must be a JSON list of entries, not None" in said["null.json"]
    assert "record: 'options' must be a JSON object, not [2]" in said["opts.json"]


def test_replay_refuses_a_record_too_deep_or_too_large_with_exit_2(tmp_path):
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000)
    game = parlour.make("kuhn-test")
    huge = tmp_path / "huge.json"
    record = game.record(game.new_state(seed=4).apply("bet").apply("call"))
    huge.write_text(json.dumps(record).replace('"history"', '"seat": 1e400, "history"'))
    for path in (deep, huge):
        result = CliRunner().invoke(app, ["replay", str(path)])
        assert result.exit_code == 2, result.output


def test_a_bot_option_that_is_not_a_finite_number_is_refused():
    """--think nan: the strong player's deadline was never passed."""
    with pytest.raises(GameOptionError, match="finite"):
        parlour.bots.make("strong", parlour.make("meusueb"), time_limit=float("nan"))


def test_ctrl_c_or_a_fault_mid_game_still_saves_the_record(tmp_path):
    """Every game is saved (README): Ctrl-C at a prompt ended the program with nothing
    written, and so did any fault in a turn, as the record was saved only after the loop."""
    game = parlour.make("kuhn-test")
    bots = {1: parlour.bots.make("random", game, seed=2)}
    console = Console(file=io.StringIO(), width=100)

    def interrupt(prompt: str) -> str:
        raise KeyboardInterrupt

    def fault(prompt: str) -> str:
        raise RuntimeError("a bug")

    for read, name, goes_on in ((interrupt, "ctrl-c.json", KeyboardInterrupt),
                                (fault, "fault.json", RuntimeError)):  # fmt: skip
        save = tmp_path / name
        with pytest.raises(goes_on):  # saved first: the command then exits as stopped
            terminal.play(game, game.new_state(seed=1), humans={0}, bots=bots,
                          console=console, read=read, save=save)  # fmt: skip
        assert json.loads(save.read_text())["game"] == "kuhn-test"


class _Killed(Exception):
    """What the signal's handler from before a game raises: the process would have died."""


def _killed(signum: int, frame: object) -> None:
    raise _Killed(signum)


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_a_kill_or_a_closed_terminal_mid_game_saves_the_record_as_ctrl_c_does(tmp_path, signum):
    """SIGTERM (kill) or SIGHUP (the terminal closed) mid-game ended the process at once and
    the record was lost; Ctrl-C saved it.  Each now abandons the game as Ctrl-C does, and the
    handler there before (here one that stands for dying) is put back after the game."""
    game = parlour.make("kuhn-test")
    out, save = io.StringIO(), tmp_path / "killed.json"

    def killed_at_the_prompt(prompt: str) -> str:
        os.kill(os.getpid(), signum)
        return "1"

    before = signal.signal(signum, _killed)
    try:
        with pytest.raises(terminal.Interrupted) as interrupted:  # it goes on, saved
            terminal.play(game, game.new_state(seed=1), humans={0},
                          bots={1: parlour.bots.make("random", game, seed=2)},
                          console=Console(file=out, width=100), read=killed_at_the_prompt,
                          save=save)  # fmt: skip
        assert interrupted.value.signum == signum
        assert signal.getsignal(signum) is _killed
    finally:
        signal.signal(signum, before)
    assert "Game abandoned (interrupted)" in out.getvalue()
    record = json.loads(save.read_text())
    assert record["game"] == "kuhn-test" and game.replay(record["history"]).is_over is False


def test_a_kill_while_the_record_is_written_leaves_no_half_record(tmp_path, monkeypatch):
    """The record was written in place: a kill in the middle of it left half a record (not
    JSON) where the game was said to be.  It is written beside it and renamed: the file is
    whole or not there, and nothing half-written is left; a device is still written to."""
    real_open = io.open

    def open_then_kill(file: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        handle = real_open(file, mode, *args, **kwargs)
        return HalfWritten(handle, _Killed(signal.SIGTERM)) if "w" in mode else handle

    record, console = json.dumps({"game": "kuhn-test", "history": []}), Console(file=io.StringIO())
    monkeypatch.setattr(io, "open", open_then_kill)
    with pytest.raises(_Killed):
        terminal.save_record(record, tmp_path / "game.json", tmp_path / "f.json", console, "Game")
    assert list(tmp_path.iterdir()) == []
    monkeypatch.setattr(io, "open", real_open)

    def no_rename(*args: Any) -> None:  # a device renamed over is a device lost
        raise AssertionError(f"os.replace{args}")

    monkeypatch.setattr(os, "replace", no_rename)
    assert terminal.save_record(record, Path(os.devnull), tmp_path / "f.json", console, "Game")
    assert list(tmp_path.iterdir()) == []  # /dev/null took it: no fallback written
    monkeypatch.undo()
    saved = terminal.save_record(
        record, tmp_path / "game.json", tmp_path / "f.json", console, "Game"
    )
    assert saved == tmp_path / "game.json" and json.loads(saved.read_text()) == json.loads(record)
    assert list(tmp_path.iterdir()) == [saved]  # no .part left beside it


def test_play_outside_the_main_thread_leaves_the_signals_alone():
    """Only the main thread may set a signal's handler (else ValueError): a game played in
    another thread plays on, its signals as they were."""
    game = parlour.make("kuhn-test")
    seen: list[object] = []

    def in_a_thread() -> None:
        with terminal.signals_as_ctrl_c():
            seen.append(signal.getsignal(signal.SIGTERM))
        state = terminal.play(game, game.new_state(seed=1), humans=(), bots={
            s: parlour.bots.make("random", game, seed=s) for s in (0, 1)},
            console=Console(file=io.StringIO()), save=Path(os.devnull))  # fmt: skip
        seen.append(state.is_over)

    worker = threading.Thread(target=in_a_thread)
    worker.start()
    worker.join()
    assert seen == [signal.getsignal(signal.SIGTERM), True]


def test_a_number_too_long_for_int_is_refused_by_name_not_a_traceback():
    """int() refuses over 4,300 digits: inside an action ('raise 999...', a Patience cell) or a
    --rule value it ended the program with a ValueError."""
    huge = "9" * 5000
    with pytest.raises(GameOptionError, match="ante: a number is too long"):
        terminal.parse_rule_options([f"ante={huge}"])
    assert terminal.parse_rule_options(["stacks=" + ",".join(["100"] * 40)])["stacks"][0] == 100
    draw = parlour.make("draw-poker", players=3).new_state(seed=1)
    patience = parlour.make("poker-patience").new_state(seed=1)
    for state, text in ((draw, f"raise {huge}"), (patience, f"a{huge}")):
        with pytest.raises(parlour.game.IllegalAction, match=r"too long|not a cell"):
            state.apply(text)
        assert state.history[-1].get("chance")  # nothing applied


@pytest.mark.parametrize(
    ("args", "flag"),
    [
        (["play", "draw-poker", "--rule", "players=3"], "--players"),
        (["play", "stud-poker", "--rule", "players=3"], "--players"),
        (["play", "straight-poker", "--rule", "players=3"], "--players"),
        (["play", "whiskey-poker", "--rule", "players=3"], "--players"),
        (["play", "pachisi", "--rule", "players=3"], "--players"),
        (["play", "pachisi", "--rules", "herklots6", "--rule", "rules=pachih"], "--rules"),
        (["play", "stud-poker", "--preset", "buck", "--rule", "preset=buck"], "--preset"),
        (["play", "sixteen-soldiers", "--preset", "seed", "--rule", "preset=ludii"], "--preset"),
        (["play", "meusueb", "--preset", "default", "--rule", "preset=ludii"], "--preset"),
        (["play", "draw-poker", "--pack", "52", "--rule", "pack=44"], "--pack"),
        (["simulate", "draw-poker", "--players", "3", "--rule", "players=4"], "--players"),
    ],
)
def test_a_rule_for_an_option_a_flag_gives_is_refused_naming_the_flag(args, flag):
    """A --rule key that the command also set from its own flag was a TypeError traceback
    ("multiple values for keyword argument")."""
    result = CliRunner().invoke(app, args, input="q\n")
    assert result.exit_code == 2, result.output
    key = flag.removeprefix("--")
    assert f"use {flag}, not --rule {key}" in result.output


def test_a_rule_for_a_flag_not_given_sets_the_option(tmp_path):
    """Without --preset, --rule preset=buck is the preset, as --preset buck is (it was a
    TypeError: the command passed preset=None as well)."""
    saved = []
    for given in (["--rule", "preset=buck"], ["--preset", "buck"]):
        save = tmp_path / f"stud-{len(saved)}.json"
        args = ["play", "stud-poker", *given, "--seed", "1", "--save", str(save)]
        result = CliRunner().invoke(app, args, input="q\n")
        assert result.exit_code == 0, result.output
        saved.append(json.loads(save.read_text())["options"])
    assert saved[0] == saved[1] and saved[0]["ante_mode"] == "dealer"


def test_a_record_no_folder_takes_goes_to_a_temporary_file_or_the_screen(tmp_path, monkeypatch):
    """Where ./games cannot be made (run from /proc, say) the fallback itself crashed and the
    game was lost: the record goes to a temporary file, or failing that to the screen."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "games").write_text("a file, not a folder")
    game = parlour.make("kuhn-test")
    for temporary in (tmp_path / "tmp", tmp_path / "none"):
        (tmp_path / "tmp").mkdir(exist_ok=True)
        monkeypatch.setattr(tempfile, "tempdir", str(temporary))
        state = game.new_state(seed=3)
        out = io.StringIO()
        terminal.play(game, state, humans={0, 1}, bots={}, console=Console(file=out, width=80),
                      read=_scripted(["q"]), save=tmp_path / "games" / "x.json")  # fmt: skip
        text = out.getvalue()
        assert "Cannot save to games" in text
        if temporary.exists():
            saved = list(temporary.glob("parlour-*.json"))
            assert len(saved) == 1 and json.loads(saved[0].read_text())["game"] == "kuhn-test"
        else:
            printed = text.split("not saved anywhere")[1].partition("\n")[2]
            record = json.loads(printed)
            assert record["history"] == state.history


def _reader(answers, prompts):
    """A scripted read that also records each prompt and where in ``out`` it was asked."""
    queue = list(answers)

    def read(prompt: str) -> str:
        prompts.append(prompt)
        if not queue:
            raise EOFError
        return queue.pop(0)

    return read


def test_a_question_mark_at_ones_turn_lists_the_moves_again(tmp_path):
    """``?`` (the lobby's word for help) or ``help`` at one's turn is not refused as a move:
    the numbered list is printed again, and the turn goes on."""
    game = parlour.make("kuhn-test")
    state = game.new_state(seed=4)
    out, prompts = io.StringIO(), []
    terminal.play(game, state, humans={0, 1}, bots={}, console=Console(file=out, width=100),
                  read=_reader(["?", "bet", "help", "call"], prompts),
                  save=tmp_path / "k.json")  # fmt: skip
    text = out.getvalue()
    assert state.is_over and state.moves == ["bet", "call"]
    assert text.count("Your move, seat 0") == 2 and text.count("Your move, seat 1") == 2
    assert "Not allowed" not in text


def test_two_people_at_a_public_game_are_each_told_the_others_move_without_passing(tmp_path):
    """Several people may share the terminal; in a game that hides nothing between seats
    they just play in turn, each move told to both."""
    game = parlour.make("kuhn-test")
    state = game.new_state(seed=4)
    out, prompts = io.StringIO(), []
    terminal.play(game, state, humans={0, 1}, bots={}, console=Console(file=out, width=100),
                  read=_reader(["bet", "call"], prompts), save=tmp_path / "k.json")  # fmt: skip
    text = out.getvalue()
    assert state.is_over and prompts == ["> ", "> "]
    assert "Player 1 (seat 0): bet" in text and "Player 2 (seat 1): call" in text
    assert "You (seat" not in text and "Pass the keyboard" not in text
    assert "As Player 1 (seat 0) sees it:" in text  # the last view is one person's, said so


def test_a_move_typed_at_the_pass_the_keyboard_prompt_is_said_to_be_dropped(tmp_path, monkeypatch):
    """Text typed where only Enter was asked for (handing the keyboard over) vanished."""
    monkeypatch.setattr(terminal, "_PRIVATE", {"kuhn-test"})
    game = parlour.make("kuhn-test")
    state = game.new_state(seed=4)
    out = io.StringIO()

    def read(prompt: str) -> str:
        return "bet" if prompt.startswith("Pass the keyboard") else "1"

    terminal.play(game, state, humans={0, 1}, bots={}, console=Console(file=out, width=200),
                  read=read, save=tmp_path / "k.json")  # fmt: skip
    assert state.is_over
    assert "('bet' is not taken here: the move is asked for next.)" in out.getvalue()


def test_people_at_a_private_game_pass_the_keyboard_and_see_only_their_own_card(
    tmp_path, monkeypatch
):
    """In a game of private cards each person takes the keyboard behind a cleared screen:
    from one "pass the keyboard" to the next, the screen shows that person's card and never
    the other's (Kuhn's cards stay unseen when the bet is not called)."""
    monkeypatch.setattr(terminal, "_PRIVATE", {"kuhn-test"})
    game = parlour.make("kuhn-test")
    state = game.new_state(seed=4)
    out, prompts, marks = io.StringIO(), [], []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        if len(prompts) > 20:  # a game that goes on past its two turns fails, not hangs
            raise EOFError
        if prompt.startswith("Pass the keyboard to Player"):  # "... Player 1 (seat 0) ..."
            marks.append((out.tell(), int(prompt.split()[7].rstrip(")"))))
        return {"> ": "bet" if len(marks) == 1 else "fold"}.get(prompt, "")

    console = Console(file=out, width=100)
    terminal.play(game, state, humans={0, 1}, bots={}, console=console, read=read,
                  save=tmp_path / "k.json")  # fmt: skip
    assert state.is_over and state.moves == ["bet", "fold"]
    assert [seat for _, seat in marks] == [0, 1, 0, 1]  # two turns, then each sees the end
    cards = [state.observation(seat)["card"] for seat in (0, 1)]
    text = out.getvalue()
    for (start, seat), (end, _) in zip(marks, [*marks[1:], (len(text), None)], strict=True):
        shown = text[start:end]
        assert f'"card": "{cards[seat]}"' in shown
        assert f'"card": "{cards[1 - seat]}"' not in shown
    assert "So far:\n  Player 1 (seat 0): bet" in text  # seat 1's first turn


def test_a_crash_in_a_private_game_leaves_no_cards_on_the_screen(tmp_path, monkeypatch):
    """An error at a person's turn ends the game with its traceback, but the screen is
    cleared first, scrollback too: his card is not left above it."""
    monkeypatch.setattr(terminal, "_PRIVATE", {"kuhn-test"})
    game = parlour.make("kuhn-test")
    out = io.StringIO()
    screen = Console(file=out, width=100, force_terminal=True, color_system=None)

    def read(prompt: str) -> str:
        if prompt == "> ":
            raise RuntimeError("a bug")
        return ""

    with pytest.raises(RuntimeError, match="a bug"):
        terminal.play(game, game.new_state(seed=4), humans={0, 1}, bots={}, console=screen,
                      read=read, save=tmp_path / "k.json")  # fmt: skip
    text = out.getvalue()
    assert '"card"' in text and text.rindex("\x1b[3J") > text.rindex('"card"')
    assert (tmp_path / "k.json").exists()


def test_a_person_who_will_not_take_the_keyboard_ends_the_game_showing_no_cards(
    tmp_path, monkeypatch
):
    monkeypatch.setattr(terminal, "_PRIVATE", {"kuhn-test"})
    game = parlour.make("kuhn-test")
    state = game.new_state(seed=4)
    out = io.StringIO()
    terminal.play(game, state, humans={0, 1}, bots={}, console=Console(file=out, width=100),
                  read=_scripted(["", "bet", "q"]), save=tmp_path / "k.json")  # fmt: skip
    text = out.getvalue()
    assert not state.is_over and "Game abandoned" in text
    after = text[text.index("Game abandoned") :]
    assert '"card"' not in after  # the last view is nobody's


def test_the_humans_option_seats_people_round_the_table_and_refuses_too_many(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    too_many = CliRunner().invoke(app, ["play", "stud-poker", "--humans", "5"])
    assert too_many.exit_code == 2 and "--humans must be 1..4" in too_many.output
    # two people from seat 3 of four: seats 3 and 0, bots at 1 and 2
    result = CliRunner().invoke(
        app, ["play", "straight-poker", "--humans", "2", "--seat", "3", "--seed", "1"],
        input="\n1\n" * 30,
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    passed = {line.split()[7].rstrip(")") for line in result.output.splitlines()
              if line.startswith("Pass the keyboard to Player")}  # fmt: skip
    assert passed <= {"3", "0"} and passed
    # the people counted from --seat on, the bots by seat, each with his seat number
    assert "Bot 1 (seat 1)" in result.output and "Bot 2 (seat 2)" in result.output
    assert "Player 1 (seat 3)" in result.output and "Player 2 (seat 0)" in result.output


def test_the_lobby_asks_how_many_people_play_and_asks_again_when_the_game_refuses(
    tmp_path, monkeypatch
):
    monkeypatch.chdir(tmp_path)
    listing = CliRunner().invoke(app, [], input="\n").output
    number = next(line.split()[1] for line in listing.splitlines() if "sixteen-soldiers" in line)
    answers = [number, "zero", "1000", "١", "3", "2", "--think -1", "2", "", "q"]
    result = CliRunner().invoke(app, [], input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.output
    assert "'zero' is not a number of people for this game: 1 to 2" in result.output
    assert "'1000' is not a number of people" in result.output
    # two at most: refused at once, not after the options as "--humans must be 1..2", a flag
    # the person never typed
    assert "'3' is not a number of people for this game: 1 to 2" in result.output
    assert "--humans must be" not in result.output
    assert "--think takes seconds" in result.output  # the game refuses an option
    assert "Again, from the number of people, then the options." in result.output
    assert "'١' is not a number of people" in result.output  # only the digits 0-9
    assert result.output.count("People at this keyboard") == 6
    assert "Game abandoned" in result.output
    by_name = CliRunner().invoke(app, [], input="Sixteen-Soldiers\n\n\nq\n")
    assert by_name.exit_code == 0 and "Game abandoned" in by_name.output
    leaving = CliRunner().invoke(app, [], input=f"{number}\nq\n")
    assert leaving.exit_code == 0 and "Game abandoned" not in leaving.output


def test_the_lobby_says_one_person_plays_patience_alone_not_against_bots(tmp_path, monkeypatch):
    """The lobby asked "People at this keyboard (Enter: 1, you against bots)" for Poker
    Patience too, where one person with the default options plays alone: its table is the
    people unless --players names a larger one.  It now says so; the other games still seat
    bots."""
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, [], input="poker-patience\n\n\nq\n")
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    assert "(Enter: 1, you alone; --players N adds bots)" in said and "against bots" not in said
    (saved,) = (tmp_path / "games").iterdir()
    assert json.loads(saved.read_text())["options"]["players"] == 1  # alone indeed
    poker = CliRunner().invoke(app, [], input="draw-poker\nq\n")
    assert "(Enter: 1, you against bots)" in poker.output and "alone" not in poker.output


def test_the_lobby_takes_a_games_options_as_on_its_command_line_and_asks_again_when_wrong(
    tmp_path, monkeypatch
):
    """``make run`` reached only a game's defaults: no fixed grid or American scoring for
    Patience, no number of players.  The lobby now asks for the options; ``?`` lists them,
    and a mistyped one is named and asked again, not a traceback or an exit."""
    monkeypatch.chdir(tmp_path)
    good = "--grid fixed --scoring american --players 2 --bot greedy"
    answers = ["poker-patience", "", "?", "--help", "--gird fixed", "--players x", "--players",
               '"fixed', good, "q"]  # fmt: skip
    result = CliRunner().invoke(app, [], input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.output
    assert "--scoring" in result.output and "--settlement" in result.output  # the list
    assert "No such option: --gird" in result.output
    assert "Invalid value for '--players'" in result.output
    assert "No closing quotation" in result.output
    assert "Option '--players' requires an argument: ? lists" in result.output  # one stop
    assert result.output.count("Options (Enter: the defaults") == 7
    assert " play poker-patience [OPTIONS]" in result.output  # --help: the command as typed
    (saved,) = (tmp_path / "games").iterdir()
    options = json.loads(saved.read_text())["options"]
    assert (options["grid"], options["scoring"], options["players"]) == ("fixed", "american", 2)


def test_the_lobby_refuses_humans_among_the_options_since_it_asked_for_them(tmp_path, monkeypatch):
    """``--humans 2`` typed among the options overrode the number of people answered just
    before, without a word; it is now refused, and the options asked again."""
    monkeypatch.chdir(tmp_path)
    answers = ["poker-patience", "", "--humans 2 --grid fixed", "--humans=3", "--grid fixed"]
    result = CliRunner().invoke(app, [], input="\n".join([*answers, "q"]) + "\n")
    assert result.exit_code == 0, result.output
    assert result.output.count("--humans is the number of people, asked before") == 2
    assert result.output.count("Options (Enter: the defaults") == 3
    (saved,) = (tmp_path / "games").iterdir()
    record = json.loads(saved.read_text())
    assert (record["options"]["grid"], record["options"]["players"]) == ("fixed", 1)


def test_the_lobby_seats_a_table_for_all_the_people_when_the_default_is_smaller(
    tmp_path, monkeypatch
):
    """Seven people for Draw Poker (five seats by default) were refused as "--humans must be
    1..5 (the players at the table)", a flag never typed and no word of --players."""
    monkeypatch.chdir(tmp_path)
    for typed, players in (("", 7), ("--players 8", 8)):
        result = CliRunner().invoke(app, [], input=f"draw-poker\n7\n{typed}\nq\n")
        assert result.exit_code == 0, result.output
        assert ("7 people: a table of 7 (--players 7)." in result.output) == (not typed)
        assert "--humans must be" not in result.output
        (saved,) = (tmp_path / "games").iterdir()
        assert json.loads(saved.read_text())["options"]["players"] == players
        saved.unlink()


@pytest.mark.parametrize("game", ["meusueb", "sixteen-soldiers"])
@pytest.mark.parametrize("think", ["-1", "nan", "inf", "601", "1e9"])
def test_think_takes_seconds_and_says_so_by_its_own_name(game, think):
    """--think -1 was refused as "option 'time_limit' cannot be negative", a name the user
    never typed; --think 1e9 was taken, and the bot thought for 31 years."""
    result = CliRunner().invoke(app, ["play", game, "--think", think])
    assert result.exit_code == 2 and "--think takes seconds, 0 to 600" in result.output


def test_passing_the_keyboard_wipes_the_scrollback_too_and_warns_where_it_cannot(
    tmp_path, monkeypatch
):
    """rich's clear leaves the terminal's scrollback, where the last person's cards could be
    scrolled back to: each pass, and a game abandoned on a person's own turn, also sends
    ESC[3J.  Where nothing can be cleared the people are told so."""
    monkeypatch.setattr(terminal, "_PRIVATE", {"kuhn-test"})
    game = parlour.make("kuhn-test")
    out = io.StringIO()
    screen = Console(file=out, width=100, force_terminal=True, color_system=None)
    terminal.play(game, game.new_state(seed=4), humans={0, 1}, bots={}, console=screen,
                  read=_scripted(["", "bet", "", "q"]), save=tmp_path / "k.json")  # fmt: skip
    text = out.getvalue()
    wipe = "\x1b[2J\x1b[H\x1b[3J"
    assert text.count(wipe) == 3  # before each of the two people, and after the quit
    assert text.rindex(wipe) < text.index("Game abandoned") and "cannot be cleared" not in text
    plain = io.StringIO()
    asked: list[str] = []
    terminal.play(game, game.new_state(seed=4), humans={0, 1}, bots={},
                  console=Console(file=plain, width=100),
                  read=lambda prompt: asked.append(prompt) or "q",
                  save=tmp_path / "k2.json")  # fmt: skip
    assert "This output cannot be cleared" in plain.getvalue()
    # the pass no longer asks the others to look away from a screen that keeps the cards
    assert "what is above still in sight: this screen cannot be cleared" in asked[0]
    assert "looking away" not in asked[0]


def test_patience_with_no_humans_or_too_many_is_refused_as_humans():
    result = CliRunner().invoke(app, ["play", "poker-patience", "--humans", "0"])
    assert result.exit_code == 2 and "--humans must be 1..100, not 0" in result.output  # (1..1)
    result = CliRunner().invoke(app, ["play", "poker-patience", "--humans", "101"])
    assert result.exit_code == 2 and "--humans must be 1..100, not 101" in result.output


def _listing() -> list[str]:
    out = CliRunner().invoke(app, [], input="\n").output
    return [line.split()[3] for line in out.splitlines()
            if line[:2].strip() == "│" and line.split()[1].isdigit()]  # fmt: skip


def test_the_lobby_answers_a_question_mark_at_the_games_question(tmp_path, monkeypatch):
    """'?' works at the options' question; at the first it was "No game numbered or named"."""
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, [], input="?\nq\n")
    assert result.exit_code == 0 and "No game numbered" not in result.output
    assert f"Type a game's number (1 to {len(_listing())}) or its name" in result.output


# cli.py:126, `1 <= int(answer) <= len(games)` -> `... < len(games)`
def test_the_lobby_takes_the_last_games_number(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    games = _listing()
    result = CliRunner().invoke(app, [], input=f"{len(games)}\nq\n")
    assert result.exit_code == 0 and "No game numbered" not in result.output


# cli.py:156, `int(answer) >= 1` -> `int(answer) >= 0`
def test_the_lobby_refuses_no_people_at_the_keyboard(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, [], input="1\n0\nq\n")
    assert result.exit_code == 0
    assert "'0' is not a number of people" in result.output


# cli.py:119, `answer.lower() in ("q", "quit")` -> `answer in ("q", "quit")`
def test_the_lobby_leaves_on_q_or_quit_in_either_case(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for word in ("Q", "QUIT", "Quit"):
        result = CliRunner().invoke(app, [], input=f"{word}\n")
        assert result.exit_code == 0 and "No game numbered" not in result.output, word


def _saved(tmp_path, **extra) -> str:
    game = parlour.make("meusueb")
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game.record(play_random(game, seed=1), **extra)))
    return str(path)


# cli.py:180, `0 <= int(view) < game.num_players` -> `<=` (the whole game printed, then the
# observation's own refusal, which does not name --seat)
def test_replay_refuses_a_seat_past_the_table_before_printing_anything(tmp_path):
    result = CliRunner().invoke(app, ["replay", _saved(tmp_path), "--seat", "2"])
    assert result.exit_code == 2 and "--seat must be 0..1, not 2" in " ".join(result.output.split())
    assert "sow" not in result.output


def test_replay_refuses_a_record_whose_seat_is_no_seat_number_by_name(tmp_path):
    """A record's seat that is no number is named, not reported as Python's int() error."""
    for seat in ([0], "1", True):
        result = CliRunner().invoke(app, ["replay", _saved(tmp_path, seat=seat)])
        said = " ".join(result.output.split())
        assert result.exit_code == 2 and f"the record's seat must be 0..1, not {seat!r}" in said
    long = CliRunner().invoke(app, ["replay", _saved(tmp_path, seat="x" * 5000)])  # cut short
    said = " ".join(long.output.split())
    assert long.exit_code == 2 and said.endswith("seat must be 0..1, not '" + "x" * 36 + "...")


# cli.py:297, `if len(run.bots) == 1: columns.remove("top share")` -> `if False:`
def test_a_run_of_one_bot_shows_no_top_share():
    result = CliRunner().invoke(app, ["simulate", "poker-patience", "--bots", "fast",
                                      "--games", "2"])  # fmt: skip
    assert result.exit_code == 0 and "mean payoff" in result.output
    assert "share" not in result.output and "%" not in result.output


def test_each_move_and_table_event_is_told_once_and_a_persons_own_move_not_to_himself(
    tmp_path,
):
    """The table's news is told as it comes: each line once (T10: every later turn told the
    whole deal again, the ante above all), and one person alone is not told his own move
    (T11: told as the table's, it was printed back to him).

    T10: src/parlour/terminal.py:364 (tell_news) `told_so_far = len(heard)` -> (deleted)
    T11: src/parlour/terminal.py:363 `keyboard.tell(who, ...)` -> `keyboard.tell(-1, ...)`
    """
    result = CliRunner().invoke(app, ["play", "draw-poker", "--players", "3", "--seed", "4",
                                      "--save", str(tmp_path / "d.json")],
                                input="2\n" * 40)  # fmt: skip
    assert result.exit_code == 0, result.output
    lines = [line.removeprefix("> ") for line in result.output.splitlines()]
    assert lines.count("The table: Bot 1 (seat 1) antes 1 (D-3)") == 1
    assert not any(line.startswith("You (seat 0): ") for line in lines)


def test_the_last_view_and_the_record_are_the_persons_seat_not_seat_0(tmp_path):
    """One person at seat 1: the table drawn at the end is his (T16 drew seat 0's, a bot's
    card in view), the record saves his seat (T17 saved seat 0, so a replay showed the
    bot's cards by default), and ``replay --seat`` shows the seat asked for (T48 showed 0).

    T16: src/parlour/terminal.py:396 `render(game, state.observation(view_seat), view_seat)`
         -> `render(game, state.observation(0), view_seat)`
    T17: src/parlour/terminal.py:404 `game.record(state, seat=view_seat, ...)` -> `seat=0`
    T48: src/parlour/terminal.py:663 `seat = 0 if seat is None else seat` -> `seat = 0`
    """
    game = parlour.make("kuhn-test")
    state = game.new_state(seed=4)
    out = io.StringIO()
    save = tmp_path / "k.json"
    bots = {0: parlour.bots.make("random", game, seed=1)}
    terminal.play(game, state, humans={1}, bots=bots, console=Console(file=out, width=100),
                  read=_scripted(["1", "1", "1"]), save=save)  # fmt: skip
    assert state.is_over
    end = out.getvalue().rsplit("Result", 1)[0]
    last_view = end[end.rindex("{") :]
    assert '"seat": 1' in last_view and f'"card": "{"JQK"[state.cards[1]]}"' in last_view
    record = json.loads(save.read_text())
    assert record["seat"] == 1
    mine = CliRunner().invoke(app, ["replay", str(save)]).output
    assert '"seat": 1' in mine and '"seat": 0' not in mine
    theirs = CliRunner().invoke(app, ["replay", str(save), "--seat", "0"]).output
    assert '"seat": 0' in theirs and '"seat": 1' not in theirs


def test_an_output_that_cannot_be_cleared_is_said_so_on_a_dumb_terminal(tmp_path, monkeypatch):
    """TERM=dumb: a terminal that cannot clear is no place to hide cards: the people are
    warned and no clearing codes are sent (T19 took a dumb terminal as one that clears).

    T19: src/parlour/terminal.py:433 `self.wipes = console.is_terminal and not
         console.is_dumb_terminal` -> `self.wipes = console.is_terminal`
    """
    monkeypatch.setenv("TERM", "dumb")
    monkeypatch.setattr(terminal, "_PRIVATE", {"kuhn-test"})
    game = parlour.make("kuhn-test")
    out = io.StringIO()
    screen = Console(file=out, width=100, force_terminal=True, color_system=None)
    assert screen.is_dumb_terminal
    terminal.play(game, game.new_state(seed=4), humans={0, 1}, bots={}, console=screen,
                  read=_scripted(["q"]), save=tmp_path / "k.json")  # fmt: skip
    assert "This output cannot be cleared" in out.getvalue()
    assert "\x1b[3J" not in out.getvalue()


def test_a_person_is_not_told_again_the_moves_he_watched_on_his_own_screen(tmp_path):
    """PP-5 with two people and a bot: the bot lays the card while Player 2 still holds the
    keyboard, so he sees there where all laid it; his next "Since your last turn" does not
    tell it again (T23 told him it again, each card), while Player 1 is told it.

    T23: src/parlour/terminal.py:456 `for watching in (seat, self.holder):`
         -> `for watching in (seat,):`
    """
    result = CliRunner().invoke(
        app, ["play", "poker-patience", "--players", "3", "--humans", "2", "--bot", "random",
              "--grid", "fixed", "--seed", "2", "--save", str(tmp_path / "p.json")],
        input="\n1\n" * 60,
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    turns = result.output.split("Pass the keyboard to Player 2 (seat 1) to play")[1:]
    assert len(turns) == 25
    for turn in turns[1:]:
        missed = turn.split("Card to place")[0]
        assert "Bot 1 (seat 2)" not in missed and "Since your last turn" not in missed
    assert result.output.count("Since your last turn:\n  The table: Card ") == 25  # Player 1


def test_quit_at_the_pass_the_keyboard_prompt_quits_as_q_does(tmp_path, monkeypatch):
    """'quit' quits at one's turn; at the prompt to take the keyboard it was taken as a move
    typed too soon (T25), and the game went on.

    T25: src/parlour/terminal.py:473 `if answer.lower() in ("q", "quit"):` (in take)
         -> `if answer.lower() == "q":`
    """
    monkeypatch.setattr(terminal, "_PRIVATE", {"kuhn-test"})
    game = parlour.make("kuhn-test")
    state = game.new_state(seed=4)
    out = io.StringIO()
    terminal.play(game, state, humans={0, 1}, bots={}, console=Console(file=out, width=100),
                  read=_scripted(["quit", "1", "1"]), save=tmp_path / "k.json")  # fmt: skip
    assert state.moves == [] and "Game abandoned" in out.getvalue()
    assert "is not taken here" not in out.getvalue()


def test_the_last_persons_end_view_is_wiped_when_he_is_done(tmp_path, monkeypatch):
    """At the end of a private game each person sees his own last view, then it is hidden:
    the last person's too (T30 left his cards on the screen and in the scrollback).

    T30: src/parlour/terminal.py:499 (show_each_person_the_end) the final `self.hide()`
         -> (deleted)
    """
    monkeypatch.setattr(terminal, "_PRIVATE", {"kuhn-test"})
    game = parlour.make("kuhn-test")
    out = io.StringIO()
    screen = Console(file=out, width=100, force_terminal=True, color_system=None)

    moves = iter(["bet", "fold"])

    def read(prompt: str) -> str:
        return next(moves) if prompt == "> " else ""

    state = game.new_state(seed=4)
    terminal.play(game, state, humans={0, 1}, bots={}, console=screen, read=read,
                  save=tmp_path / "k.json")  # fmt: skip
    assert state.is_over
    text = out.getvalue()
    assert text.rindex("\x1b[3J") > text.rindex('"card"')


def test_the_result_table_gives_each_seat_its_own_payoff_signed_and_named(tmp_path):
    """Kuhn, bet and fold: seat 0 wins 1, seat 1 loses 1.  The result table named the seats
    "Seat 0" (T55), swapped the payoffs (T32), or dropped the sign of a win (T31).

    T31: src/parlour/terminal.py:548 `f"{shown:+}"` -> `f"{shown}"`
    T32: src/parlour/terminal.py:546 `enumerate(state.payoffs())`
         -> `enumerate(reversed(state.payoffs()))`
    T55: src/parlour/terminal.py:397 `show_result(state, console, names)`
         -> `show_result(state, console)`
    """
    game = parlour.make("kuhn-test")
    state = game.new_state(seed=4)
    out = io.StringIO()
    terminal.play(game, state, humans={0, 1}, bots={}, console=Console(file=out, width=100),
                  read=_scripted(["bet", "fold"]), save=tmp_path / "k.json")  # fmt: skip
    assert state.payoffs() == [1.0, -1.0]
    result = rows(out.getvalue().rsplit("Result", 1)[1])
    assert result == [["Player 1 (seat 0)", "+1"], ["Player 2 (seat 1)", "-1"]]


def test_at_exactly_the_list_limit_the_moves_are_numbered_and_taken_by_number(monkeypatch):
    """LIST_LIMIT actions are still listed by number, and a number chooses (T34 listed them
    numbered but refused the numbers; T46 summed them up unnumbered but took numbers).

    T34: src/parlour/terminal.py:558 `numbered = len(legal) <= LIST_LIMIT`
         -> `numbered = len(legal) < LIST_LIMIT`
    T46: src/parlour/terminal.py:596 `if len(legal) > LIST_LIMIT:` -> `>=`
    """
    monkeypatch.setattr(terminal, "LIST_LIMIT", 2)  # Kuhn's first turn: check, bet
    game = parlour.make("kuhn-test")
    state = game.new_state(seed=1)
    out = io.StringIO()
    assert terminal._human_turn(game, state, 0, Console(file=out, width=100), _scripted(["2"]))
    text = out.getvalue()
    assert state.moves == ["bet"] and "too many to number" not in text
    assert re.search(r"│\s*1\s+check\s+check\s*│", text)
    assert re.search(r"│\s*2\s+bet\s+bet\s*│", text)


def test_the_numbers_listed_are_the_numbers_taken():
    """The list shows 1 check, 2 bet, and 1 plays check (T45 listed 0 check, 1 bet, while
    1 still played check: the number shown chose the move above it).

    T45: src/parlour/terminal.py:600 `enumerate(texts, 1)` -> `enumerate(texts)`
    """
    game = parlour.make("kuhn-test")
    state = game.new_state(seed=1)
    out = io.StringIO()
    assert terminal._human_turn(game, state, 0, Console(file=out, width=100), _scripted(["1"]))
    text = out.getvalue()
    assert state.moves == ["check"]
    assert re.search(r"│\s*1\s+check\b", text) and re.search(r"│\s*2\s+bet\b", text)
    assert not re.search(r"│\s*0\s+check\b", text)


def test_zero_names_no_action_and_is_asked_again():
    """ "0" is no action's number: refused with the range (T40 took it as the last action,
    Python's legal[-1]).

    T40: src/parlour/terminal.py:627 `1 <= int(answer) <= len(legal)`
         -> `0 <= int(answer) <= len(legal)`
    """
    game = parlour.make("kuhn-test")
    state = game.new_state(seed=1)
    out = io.StringIO()
    assert terminal._human_turn(game, state, 0, Console(file=out, width=100),
                                _scripted(["0", "1"]))  # fmt: skip
    assert state.moves == ["check"]
    assert "choose a number from 1 to 2, or type the action" in out.getvalue()


def test_hint_spelled_out_asks_for_the_hint(monkeypatch):
    """ "h" or "hint" asks for the hint, as "?" or "help" lists the moves again (T36 refused
    "hint" as a move).

    T36: src/parlour/terminal.py:575 `if answer.lower() in ("h", "hint") and hinter:`
         -> `if answer.lower() == "h" and hinter:`
    """
    monkeypatch.setitem(terminal._HINTERS, "kuhn-test", lambda state, seat: "HINT: bet.")
    game = parlour.make("kuhn-test")
    state = game.new_state(seed=1)
    out = io.StringIO()
    assert terminal._human_turn(game, state, 0, Console(file=out, width=100),
                                _scripted(["hint", "h", "2"]))  # fmt: skip
    assert out.getvalue().count("HINT: bet.") == 2 and "Not allowed" not in out.getvalue()


def test_rule_booleans_read_on_and_off_and_a_double_sign_is_no_number():
    """ "on" is true (T51 read it as false: blaze=on turned Blaze off, silently); "--5" is
    not a whole number (T52 took it for one and int() raised a ValueError).

    T51: src/parlour/terminal.py:144 `value.lower() in ("true", "yes", "on")`
         -> `value.lower() in ("true", "yes")`
    T52: src/parlour/terminal.py:178 `text.strip().removeprefix("-").isdecimal()`
         -> `text.strip().lstrip("-").isdecimal()`
    """
    parsed = terminal.parse_rule_options(["a=on", "b=off", "c=yes", "d=no", "e=--5"])
    assert parsed == {"a": True, "b": False, "c": True, "d": False, "e": "--5"}


def test_think_takes_zero_seconds():
    """--think 0 is in "0 to 600" (T53 refused it).

    T53: src/parlour/terminal.py:227 `0 <= seconds <= MAX_THINK` -> `0 < seconds <= MAX_THINK`
    """
    assert terminal.think_options("strong", 0.0) == {"time_limit": 0.0}


def test_an_error_shows_the_input_as_typed_even_with_markup_in_it():
    """'parlour rank "[/]"' ended in rich's MarkupError traceback, and '[x]' vanished from
    the error: the message is printed as text, never read as markup."""
    from typer.testing import CliRunner

    from parlour.cli import app

    for typed in ("[/]", "As Ks Qs Js [x]"):
        result = CliRunner().invoke(app, ["rank", typed])
        assert result.exit_code == 2, result.output  # a MarkupError exited 1
        assert typed.split()[-1] in result.output


@pytest.mark.parametrize(
    "game",
    ["stud-poker", "straight-poker", "whiskey-poker", "poker-patience", "sixteen-soldiers",
     "meusueb", "pachisi", "draw-poker"],
)  # fmt: skip
def test_every_game_with_bots_takes_bots_as_draw_poker_does(game, tmp_path, monkeypatch):
    """``--bots`` names the other players for every game, as it did for Draw Poker alone
    (``No such option: --bots`` elsewhere); an unknown one lists the game's bots."""
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, ["play", game, "--bots", "nope"], input="q\n")
    available = ", ".join(parlour.bots.names(parlour.make(game)))
    said = " ".join(result.output.split())
    assert result.exit_code == 2 and f"no bot 'nope' for {game}; available: {available}" in said
    played = CliRunner().invoke(app, ["play", game, "--bots", "random", "--seed", "1"],
                                input="q\n")  # fmt: skip
    assert played.exit_code == 0, played.output


def _bots_made(monkeypatch) -> list[tuple[str, int | None, dict[str, Any]]]:
    """Record every bot the terminal makes: its name, seed and options."""
    made: list[tuple[str, int | None, dict[str, Any]]] = []
    real = parlour.bots.make

    def make(name: str, game: Any, seed: int | None = None, **options: Any) -> Any:
        made.append((name, seed, options))
        return real(name, game, seed=seed, **options)

    monkeypatch.setattr(parlour.bots, "make", make)
    return made


@pytest.mark.parametrize(
    ("game", "args", "seated"),
    [("poker-patience", ["--players", "3"], {1: "random", 2: "greedy"}),
     ("pachisi", ["--players", "3"], {1: "random", 2: "greedy"}),
     ("stud-poker", ["--players", "3", "--seat", "1"], {2: "random", 0: "book"})],
)  # fmt: skip
def test_bots_names_a_bot_for_each_bot_seat_in_seat_order(game, args, seated, tmp_path,
                                                           monkeypatch):  # fmt: skip
    """``--bots random,greedy`` was refused as "no bot 'random,greedy'" at play, though
    simulate takes a list: a table of mixed bots was not to be had.  One name still seats it
    everywhere; a list names each bot seat in seat order, and a list of the wrong length is
    refused naming the flag and the seats."""
    monkeypatch.chdir(tmp_path)
    made = _bots_made(monkeypatch)
    names = ",".join(seated[s] for s in sorted(seated))
    result = CliRunner().invoke(app, ["play", game, *args, "--bots", names, "--seed", "5"],
                                input="q\n")  # fmt: skip
    assert result.exit_code == 0, result.output
    assert [(name, seed) for name, seed, _ in made] == [(seated[s], 5 + s) for s in sorted(seated)]
    wrong = CliRunner().invoke(app, ["play", game, *args, "--bots", "random,random,random"])
    assert wrong.exit_code == 2
    assert "--bots: one name for every bot, or one for each of the 2 bot seats" in " ".join(
        wrong.output.split())  # fmt: skip
    for empty in ("random,", ",", ""):  # said "not 2 names" where 2 were asked
        refused = CliRunner().invoke(app, ["play", game, *args, "--bots", empty])
        said = " ".join(refused.output.split())
        assert refused.exit_code == 2 and f"--bots: a bot's name is missing in '{empty}'" in said


def test_a_list_of_bots_thinks_as_told_and_keeps_each_draw_poker_bot_from_deal_to_deal(
    tmp_path, monkeypatch
):
    """``--think`` goes to each strong bot of a list alone; in a Draw Poker sitting each bot
    player keeps the bot named for him, deal after deal."""
    monkeypatch.chdir(tmp_path)
    made = _bots_made(monkeypatch)
    result = CliRunner().invoke(app, ["play", "meusueb", "--bots", "strong", "--think", "0.2",
                                      "--seed", "1"], input="q\n")  # fmt: skip
    assert result.exit_code == 0 and made == [("strong", 2, {"time_limit": 0.2})]
    made.clear()
    result = CliRunner().invoke(
        app,
        ["play", "draw-poker", "--players", "3", "--bots", "strong,random", "--deals", "3",
         "--seed", "2"],
        input="1\n" * 400,
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    deals = result.output.split("Deal ")[1:4]
    first = [int(re.search(r"Bot 1 \(seat (\d)\)", deal)[1]) for deal in deals]
    assert len(first) == 3
    dealt = made[-6:]  # each deal's two bots, the last made
    for number, seat in enumerate(first):
        bots = {seed - 2: name for name, seed, _ in dealt[2 * number : 2 + 2 * number]}
        assert bots == {seat: "strong", 3 - seat: "random"}


def _commands_with_save(group: Any, words: list[str]) -> list[list[str]]:
    """The command lines of every command under ``group`` that takes ``--save``."""
    found = []
    for name, command in getattr(group, "commands", {}).items():
        if any(p.name == "save" for p in command.params):
            found.append([*words, name])
        found += _commands_with_save(command, [*words, name])
    return found


def test_an_empty_save_is_refused_naming_the_flag(tmp_path, monkeypatch):
    """``--save ""`` was read as the folder ".": a game was played, then 'Cannot save to .'
    (a run of simulate was refused as '. holds files already' or wrote into the folder it
    was started in).  Every command that takes --save refuses it before anything is played."""
    import typer

    monkeypatch.chdir(tmp_path)
    commands = _commands_with_save(typer.main.get_command(app), [])
    assert ["simulate"] in commands and ["play", "draw-poker"] in commands
    for words in commands:
        line = [*words, *(["stud-poker", "--games", "1"] if words == ["simulate"] else [])]
        result = CliRunner().invoke(app, [*line, "--save", ""], input="q\n")
        assert result.exit_code == 2, (line, result.output)
        assert "'--save'" in result.output and "nowhere to save to" in result.output, line
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
def test_play_stopped_by_a_signal_saves_and_exits_as_the_shell_says(tmp_path, signum):
    """Ctrl-C, a kill or a closed terminal at a prompt saved the game and then exited with
    status 0, as if it had ended well.  It still saves and says so, then exits as a program
    the signal killed: 128 + its number (130, 143, 129)."""
    save = tmp_path / "stopped.json"
    status, said = stopped(
        ["play", "sixteen-soldiers", "--save", str(save)],
        signum,
        ready=lambda lines: any("q = quit" in line for line in lines),
    )
    assert status == 128 + signum, said
    assert "Game abandoned (interrupted)" in said and "saved to" in said
    assert json.loads(save.read_text())["game"] == "sixteen-soldiers"


def test_a_deal_end_of_several_lines_is_indented_whole_in_the_account(monkeypatch):
    """The moves since a person's last turn are indented under "Since your last turn:"; a
    deal's end told in several lines (Whiskey Poker's hands shown, its best and poorest) was
    indented only on its first line, so "Best hand: ..." stood flush left, as if it were not
    part of the account but news of this turn."""
    monkeypatch.setattr(terminal, "_PRIVATE", {"kuhn-test"})
    out = io.StringIO()
    keyboard = terminal.Keyboard(parlour.make("kuhn-test"), {0, 1}, Console(file=out, width=100),
                                 lambda prompt: "", names={})  # fmt: skip
    assert keyboard.take(0) and keyboard.take(1)  # seat 0 has had a turn; seat 1 sees this:
    keyboard.tell(1, "Deal 1: the hands shown:\n  Seat 1 A♠ A♦\nBest hand: Seat 1")
    assert keyboard.take(0)
    told = out.getvalue().split("Since your last turn:\n", 1)[1]
    assert told.startswith("  Deal 1: the hands shown:\n    Seat 1 A♠ A♦\n  Best hand: Seat 1\n")


def test_the_lobby_says_the_people_do_not_fit_a_table_the_options_name(tmp_path, monkeypatch):
    """Three people at Whiskey Poker with the options "--players 2" were refused as "--humans
    must be 1..2", a flag the person never typed (the lobby passes it for him), and sent back
    to the number of people. The lobby now says the people do not fit that table, naming the
    --players he typed, and asks for the options again."""
    monkeypatch.chdir(tmp_path)
    answers = ["whiskey-poker", "3", "--players 2", "--players=1", "q"]
    result = CliRunner().invoke(app, [], input="\n".join(answers) + "\n")
    out = " ".join(result.output.split())
    assert result.exit_code == 0, result.output
    assert "3 people do not fit a table of 2 (--players 2): give --players 3 or more" in out
    assert "3 people do not fit a table of 1 (--players 1)" in out
    assert "--humans must be" not in out and "Again, from the number of people" not in out
    assert out.count("Options (Enter: the defaults, ? lists them):") == 3
    # a game with no --players is left to refuse it; one person, a table below the game's
    # least, is sent to a table the game takes (it said "1 people" and "--players 1")
    boards = CliRunner().invoke(app, [], input="sixteen-soldiers\n2\n--players 1\nq\nq\n")
    assert "do not fit" not in boards.output and "No such option: --players" in boards.output
    alone = CliRunner().invoke(app, [], input="whiskey-poker\n\n--players 0\nq\nq\n")
    said = " ".join(alone.output.split())
    assert "1 person does not fit a table of 0 (--players 0): give --players 2 or more" in said
