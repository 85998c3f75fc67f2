"""The README's Python example runs as printed, in a fresh interpreter.

A bot made anew with the same seed before every move repeats the same choice; in the first
version of the example two seats raised each other for ever (D-9 sets no cap on raises), so
the example also has to finish.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def python_blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)


def test_the_protocol_example_plays_a_deal_to_the_end_and_replays_it():
    (example,) = python_blocks()
    checks = (
        "\nassert state.is_over"
        "\nassert sum(state.payoffs()) == 0  # chips are conserved"
        "\nassert again.payoffs() == state.payoffs() and again.history == state.history"
        "\nprint('ok', len(state.history))\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", example + checks], capture_output=True, text=True, timeout=60
    )
    assert run.returncode == 0, run.stderr
    last = run.stdout.split()
    assert last[-2] == "ok" and int(last[-1]) > 5  # antes, coming in, a draw, a showdown


def test_the_python_one_liners_in_the_text_run_after_a_plain_import():
    """README's inline Python (simulate, check_contract) ran into AttributeError when written
    as ``parlour.simulate.simulate`` after ``import parlour``: each runs as printed."""
    text = README.read_text(encoding="utf-8")
    lines = re.findall(r"`(from parlour\.[a-z.]+ import [a-z_]+); ([a-z_]+)\(", text)
    assert {name for _, name in lines} >= {"simulate", "check_contract"}
    code = "\n".join(f"{imp}\nassert callable({name})" for imp, name in lines)
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr


def test_the_simulate_one_liner_runs_as_printed():
    """It called ``simulate(game, ...)`` with the protocol example's five-seat ``game``
    and two bots, which is refused, and a game's name raised AttributeError."""
    text = README.read_text(encoding="utf-8")
    (line,) = re.findall(r"`(from parlour\.simulate import simulate; simulate\(.*?\))`", text)
    code = line.replace("games=1000", "games=4") + ".results[0].mean"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr


def test_every_game_played_in_the_terminal_answers_r_with_its_rules():
    """The README says ``r`` at a turn gives the rules in play: every ``parlour play`` game
    registers them (the poker games and Poker Patience answered 'r' as a move, refused)."""
    from parlour import terminal
    from parlour.cli import play_app

    played = {command.name for command in play_app.registered_commands}
    assert "r` for the rules in play" in README.read_text(encoding="utf-8")
    assert {"draw-poker", "jackpots", "poker-patience", "pachisi"} <= played
    assert played - set(terminal._RULES) == set()
