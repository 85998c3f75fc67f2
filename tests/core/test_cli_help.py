"""What ``parlour ... --help`` says about a game's options is what the game takes."""

from __future__ import annotations

import re

import pytest
import typer

import parlour
from parlour import terminal
from parlour.cli import app
from parlour.terminal import parse_rule_options


def _commands() -> dict[str, object]:
    """Every ``parlour play GAME`` and ``parlour referee GAME`` command, by 'play GAME'."""
    root = typer.main.get_command(app)
    found = {}
    for group in ("play", "referee"):
        sub = root.commands[group]  # type: ignore[attr-defined]
        found |= {f"{group} {name}": cmd for name, cmd in sub.commands.items()}
    return found


def _param(command: object, name: str) -> object | None:
    return next((p for p in command.params if p.name == name), None)  # type: ignore[attr-defined]


COMMANDS = _commands()


@pytest.mark.parametrize("path", [p for p, c in COMMANDS.items() if _param(c, "rule")])
def test_every_rule_example_in_a_commands_help_is_an_option_its_game_takes(path):
    """`parlour referee draw-poker --help` gave progressive=true as a --rule example, and
    `parlour referee jackpots --help` straddle=blind: each game refused the other's option
    ('unknown rule option').  Every example now builds the command's game."""
    command = COMMANDS[path]
    shown = re.search(r"\(e\.g\. ([^)]*)\)", _param(command, "rule").help)  # type: ignore[union-attr]
    assert shown is not None, path
    items = [item.strip() for item in shown[1].split(",")]
    players = _param(command, "players")
    options = {"players": players.default} if players is not None else {}  # type: ignore[attr-defined]
    parlour.make(path.split()[1], **options, **parse_rule_options(items))


@pytest.mark.parametrize("name", ["stud-poker", "straight-poker", "whiskey-poker"])
def test_the_other_pokers_help_names_their_presets_and_seats(name):
    """`parlour play stud-poker --help` said only "A named rule preset."
    (S3-variant, named in the command's own text, among six it did not list) and
    "How many play" without the 2-11 the game takes."""
    command = COMMANDS[f"play {name}"]
    game = type(parlour.make(name))
    preset = _param(command, "preset").help  # type: ignore[union-attr]
    assert preset == f"A named rule preset: {', '.join(game.presets)}.", preset
    assert all(p and p in preset for p in game.presets)
    players = _param(command, "players").help  # type: ignore[union-attr]
    assert f"({game.min_players}-{game.max_players})" in players, players


@pytest.mark.parametrize(
    "name", ["draw-poker", "jackpots", "stud-poker", "straight-poker", "whiskey-poker"]
)
def test_the_five_pokers_help_words_the_bots_and_the_seed_alike(name):
    """`parlour play draw-poker --help` said "The bots: 'book', 'strong' or 'random'." and
    "Seed for a reproducible shuffle.", the other pokers "The other players: book, strong or
    random." and "Seed for the shuffle and the bots." (the seed seeds both everywhere)."""
    command = COMMANDS[f"play {name}"]
    bots = "The other players: book, strong or random." + terminal.BOTS_HELP
    assert _param(command, "bot").help == bots  # type: ignore[union-attr]
    assert _param(command, "seed").help == "Seed for the shuffle and the bots."  # type: ignore[union-attr]


def _board_presets() -> dict[str, list[list[str]]]:
    """Each board game's presets, a list of the names that reach it (pachisi's aliases too)."""
    from parlour.boards import meusueb, pachisi_rules, sixteen_soldiers

    aliases = pachisi_rules.ALIASES
    return {
        "sixteen-soldiers": [[name] for name in sixteen_soldiers.PRESETS],
        "meusueb": [[name] for name in meusueb.PRESETS],
        "pachisi": [
            [name, *(a for a, to in aliases.items() if to == name)]
            for name in pachisi_rules.PRESETS
        ],
    }


@pytest.mark.parametrize("name", ["sixteen-soldiers", "meusueb", "pachisi"])
def test_a_board_games_preset_help_names_every_preset(name):
    """`parlour play sixteen-soldiers --help` listed four of its six presets and ended in
    '...': ludii and english-draughts-chains were not named.  Each preset (by a name the
    game takes) is now in the help, which ends in no '...'."""
    command = COMMANDS[f"play {name}"]
    helped = (_param(command, "preset") or _param(command, "rules")).help  # type: ignore[union-attr]
    words = set(re.findall(r"[\w-]+", helped))
    for names in _board_presets()[name]:
        assert words & set(names), (names, helped)
    assert "..." not in helped and "…" not in helped, helped


@pytest.mark.parametrize("name", ["stud-poker", "straight-poker", "whiskey-poker"])
def test_the_other_pokers_seat_help_tells_who_deals_whatever_the_dealer_rule(name):
    """`parlour play stud-poker --help` said 'Your seat (0 deals first).', untrue under
    --rule dealer=2.  The help now names the option, which moves the deal as it says."""
    seat = _param(COMMANDS[f"play {name}"], "seat").help  # type: ignore[union-attr]
    assert "(0 deals first)" not in seat, seat
    assert "seat 0 deals first unless --rule dealer=N" in seat, seat
    assert parlour.make(name, players=4).new_state(seed=1).observation(0)["dealer"] == 0
    assert parlour.make(name, players=4, dealer=2).new_state(seed=1).observation(0)["dealer"] == 2
