"""The ``parlour`` command line: the lobby, ``play``, ``replay`` and the analysis commands.

Each game package adds its own commands from a module listed in
``COMMAND_MODULES``; that module defines ``register(app, play_app)``.  Bad
input prints a clear error and exits with status 2, never a traceback.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table

from parlour import terminal
from parlour.cards import CardError
from parlour.game import GameOptionError, IllegalAction, load_record

COMMAND_MODULES = (
    "parlour.poker.cli",
    "parlour.poker.play_draw",
    "parlour.poker.play_others",
    "parlour.poker.referee_cli",
    "parlour.patience.cli",
    "parlour.boards.cli_sixteen_soldiers",
    "parlour.boards.cli_meusueb",
    "parlour.boards.cli_pachisi",
)

console = Console()
app = typer.Typer(
    help="parlour: the games of the old rule books, played exactly as the books state them.",
    no_args_is_help=False,
    add_completion=False,
)
play_app = typer.Typer(help="Play a game in the terminal against bots.", no_args_is_help=True)
app.add_typer(play_app, name="play")


def fail(message: str) -> typer.Exit:
    """Print ``message`` as an error and return the exit (status 2) to raise."""
    Console(stderr=True).print(f"[bold red]error:[/bold red] {message}")
    return typer.Exit(code=2)


@app.callback(invoke_without_command=True)
def lobby(ctx: typer.Context) -> None:
    """With no command: the lobby, listing the games and starting the one chosen."""
    if ctx.invoked_subcommand is not None:
        return
    games = sorted(c.name for c in play_app.registered_commands if c.name)
    table = Table(title="parlour: choose a game")
    table.add_column("#", justify="right")
    table.add_column("Game")
    table.add_column("What it is")
    for number, name in enumerate(games, 1):
        command = next(c for c in play_app.registered_commands if c.name == name)
        doc = (command.callback.__doc__ or "").strip().splitlines()[0] if command.callback else ""
        table.add_row(str(number), name, doc)
    console.print(table)
    console.print(
        "Other commands: [bold]parlour rank[/bold], [bold]parlour odds[/bold], "
        "[bold]parlour replay FILE[/bold], [bold]parlour --help[/bold]"
    )
    if not _interactive() or not games:
        return
    answer = console.input("Game number (Enter to leave): ").strip()
    if not answer:
        return
    if not answer.isdigit() or not 1 <= int(answer) <= len(games):
        raise fail(f"no game numbered {answer!r}")
    name = games[int(answer) - 1]
    chosen = typer.main.get_command(play_app).get_command(ctx, name)  # type: ignore[attr-defined]
    with chosen.make_context(name, [], parent=ctx) as game_ctx:  # its options' defaults
        chosen.invoke(game_ctx)


def _interactive() -> bool:
    """Whether a person sits at the terminal (piped input only lists the games)."""
    return sys.stdin.isatty()


@app.command()
def replay(
    file: Path = typer.Argument(..., help="A game record saved by `parlour play`."),
    seat: int = typer.Option(None, help="Whose view to show (default: the seat saved)."),
) -> None:
    """Print a saved game: every action in order, then the final table."""
    try:
        text = file.read_text(encoding="utf-8")
    except OSError as err:
        raise fail(f"cannot read {file}: {err.strerror}") from None
    except UnicodeDecodeError:
        raise fail(f"{file} is not a game record (not UTF-8 text)") from None
    try:
        game, _, record = load_record(text)
        view = seat if seat is not None else int(record.get("seat", 0))
        if not 0 <= view < game.num_players:
            raise GameOptionError(f"--seat must be 0..{game.num_players - 1}")
        terminal.replay(game, record["history"], view, console)
    except (ValueError, KeyError, TypeError) as err:
        raise fail(f"{file}: {err}") from None


def _load_command_modules() -> None:
    for module in COMMAND_MODULES:
        try:
            loaded = importlib.import_module(module)
        except ModuleNotFoundError as err:
            if err.name == module:
                continue
            raise
        loaded.register(app, play_app)


def main() -> None:
    """Entry point of the ``parlour`` command."""
    try:
        app()
    except (CardError, GameOptionError, IllegalAction) as err:
        Console(stderr=True).print(f"[bold red]error:[/bold red] {err}")
        sys.exit(2)


_load_command_modules()
