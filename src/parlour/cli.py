"""The ``parlour`` command line: the lobby, ``play``, ``replay`` and the analysis commands.

Each game package adds its own commands from a module listed in
``COMMAND_MODULES``; that module defines ``register(app, play_app)``.  Bad
input prints a clear error and exits with status 2, never a traceback.
"""

from __future__ import annotations

import importlib
import json
import re
import shlex
import signal
import sys
import unicodedata
from collections.abc import Iterable
from dataclasses import fields
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import Progress
from rich.table import Table
from typer.core import TyperGroup

from parlour import terminal
from parlour.cards import CardError
from parlour.game import (
    GameOptionError,
    IllegalAction,
    build_rules,
    load_record,
    make,
    short_repr,
)
from parlour.game import names as game_names
from parlour.poker.sitting import SittingRules
from parlour.simulate import MAX_ACTIONS, Simulation, SimulationError
from parlour.simulate import simulate as run_simulation

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

#: a sitting's rules that ``simulate`` takes from the command, not from ``--sitting-rule``
_FROM_COMMAND = ("deals", "game", "options", "jackpot_options")


def _plain(name: str) -> str:
    """A game's name as the lobby compares it: without accents (meusuëb, typed in either
    Unicode form, is meusueb) and without case.

    >>> _plain("Meusu\u00ebb") == _plain("meusue\u0308b") == "meusueb"
    True
    """
    decomposed = unicodedata.normalize("NFKD", name)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def _named(text: str, known: Iterable[str]) -> str:
    """The name in ``known`` that ``text`` is, read as the lobby reads it, else ``text``.

    >>> _named("meusue\u0308b", ["draw-poker", "meusueb"]), _named("chess", ["meusueb"])
    ('meusueb', 'chess')
    """
    if text in known:
        return text
    return next((name for name in known if _plain(name) == _plain(text)), text)


class _Games(TyperGroup):
    """``parlour play``'s games, found by name as the lobby finds them: ``meusuëb``, in
    either Unicode form, is ``meusueb``."""

    def resolve_command(self, ctx: Any, args: list[str]) -> tuple[str | None, Any, list[str]]:
        if args:  # (a name not found is refused as typed)
            args = [_named(args[0], self.commands), *args[1:]]
        return super().resolve_command(ctx, args)


console = Console()
app = typer.Typer(
    help="parlour: the games of the old rule books, played exactly as the books state them.",
    no_args_is_help=False,
    add_completion=False,
)
play_app = typer.Typer(
    help="Play a game in the terminal against bots or each other (--humans).",
    no_args_is_help=True,
    cls=_Games,
)
app.add_typer(play_app, name="play")


def fail(message: str) -> typer.Exit:
    """Print ``message`` as an error and return the exit (status 2) to raise."""
    Console(stderr=True).print(f"[bold red]error:[/bold red] {escape(message)}")  # as typed
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
    for number, game_name in enumerate(games, 1):
        command = next(c for c in play_app.registered_commands if c.name == game_name)
        said = command.help or (command.callback.__doc__ if command.callback else None) or ""
        first = said.strip().splitlines()[0].split(";")[0] if said.strip() else ""
        doc = first.rstrip(".") + "." if first else ""  # its first clause, as a sentence
        table.add_row(str(number), game_name, doc)
    console.print(table)
    console.print(
        "Other commands: [bold]parlour rank[/bold], [bold]parlour odds[/bold], "
        "[bold]parlour simulate GAME[/bold], [bold]parlour replay FILE[/bold], "
        "[bold]parlour referee[/bold], [bold]parlour --help[/bold]"
    )
    name = _choose(games)
    if name is None:
        return
    chosen = typer.main.get_command(play_app).get_command(ctx, name)  # type: ignore[attr-defined]
    default = make(name)  # every lobby game is a game of that name
    most = type(default).max_players
    while (humans := _ask_humans(most, alone=default.num_players == 1)) is not None:
        people = [] if humans == 1 else ["--humans", str(humans)]
        while (options := _ask_options(chosen, name, ctx)) is not None:
            too_few = _too_few_seats(chosen, name, humans, options)
            if too_few:  # not "--humans must be ...", a flag never typed
                console.print(too_few)
                continue
            seats = _table_for(chosen, humans, options)
            if seats:
                console.print(f"{humans} people: a table of {humans} ({' '.join(seats)}).")
            try:
                game_ctx = chosen.make_context(f"play {name}", people + seats + options, parent=ctx)
            except typer.TyperException as bad:  # an unknown option, a word for a number
                said = bad.format_message().rstrip(".")
                console.print(f"{said}: ? lists the options.", markup=False)
                continue
            except typer.Exit:  # --help was printed
                continue
            try:
                with game_ctx:
                    chosen.invoke(game_ctx)
                return
            except typer.Exit as refused:  # the game said why (too many people): ask again
                if refused.exit_code != 2:
                    raise
                console.print("Again, from the number of people, then the options.")
                break
        if options is None:  # q or the end of input at the options
            return


def _ask(question: str) -> str | None:
    """One answer, stripped; None when the player leaves: ``q`` or the end of input."""
    try:
        answer = console.input(question).strip()
    except EOFError:
        console.print()  # end the prompt's line
        return None
    return None if answer.lower() in ("q", "quit") else answer


def _choose(games: list[str]) -> str | None:
    """Ask for a game by number or name (from a terminal or piped input) until one is
    named; None when the player leaves: Enter, ``q`` or the end of input."""
    while answer := _ask("Game number or name (Enter or q to leave): "):
        if answer.isdecimal() and len(answer) <= 9 and 1 <= int(answer) <= len(games):
            return games[int(answer) - 1]
        if (named := _named(answer, games)) in games:
            return named
        if answer in ("?", "help"):  # as the options' question takes it
            console.print(f"Type a game's number (1 to {len(games)}) or its name, as listed "
                          "above; Enter or q leaves.")  # fmt: skip
            continue
        partly = _partly_named(answer, games)
        if len(partly) == 1:
            return partly[0]
        could = f" It could be {', '.join(partly)}." if partly else ""
        console.print(f"No game numbered or named {answer!r}: choose 1 to {len(games)}, or q "
                      f"to leave.{could}", markup=False)  # fmt: skip
    return None


def _partly_named(text: str, games: list[str]) -> list[str]:
    """The games a word of whose name ``text`` begins, spaces read as hyphens: 'whiskey' is
    whiskey-poker, 'patience' poker-patience, 'Straight Poker' straight-poker; 'po' and
    'poker' may be any of five.

    >>> _partly_named("Whiskey", ["draw-poker", "whiskey-poker"])
    ['whiskey-poker']
    >>> _partly_named("po", ["draw-poker", "poker-patience", "meusueb"])
    ['draw-poker', 'poker-patience']
    >>> _partly_named("straight  poker", ["straight-poker", "stud-poker"])
    ['straight-poker']
    """
    plain = "-".join(_plain(text).split())
    if not plain:
        return []
    words = {g: ["-".join(g.split("-")[i:]) for i in range(g.count("-") + 1)] for g in games}
    return [g for g in games if any(w.startswith(plain) for w in words[g])]


def _ask_options(command: Any, name: str, parent: typer.Context) -> list[str] | None:
    """Ask for the game's options as on its command line (Enter: its defaults; ``?`` prints
    them); None when the player leaves: ``q`` or the end of input."""
    while (answer := _ask("Options (Enter: the defaults, ? lists them): ")) is not None:
        if answer == "?":
            shown = typer.Context(command, info_name=f"play {name}", parent=parent)
            console.print(command.get_help(shown))  # rich help prints itself, returns ""
            continue
        try:
            words = shlex.split(answer)
        except ValueError as err:  # an unclosed quote
            console.print(f"{answer!r}: {err}", markup=False)
            continue
        if _names_flag(words, "--humans"):
            # it would override the answer just given, unseen
            console.print("--humans is the number of people, asked before the options: "
                          "give the others here, or q to leave.", markup=False)  # fmt: skip
            continue
        return words
    return None


def _names_flag(words: list[str], flag: str) -> bool:
    """Whether command-line ``words`` give ``flag`` (``--flag N`` or ``--flag=N``)."""
    return any(w == flag or w.startswith(f"{flag}=") for w in words)


def _too_few_seats(command: Any, name: str, humans: int, options: list[str]) -> str:
    """Why the table the options name (``--players``, where the game has it) cannot seat the
    people, and what would; "" where it can, or names none."""
    if not any(p.name == "players" for p in command.params):
        return ""
    seats = _players_given(options)
    if seats is None or seats >= humans:
        return ""
    least = max(humans, make(name).min_players)
    who = "1 person does" if humans == 1 else f"{humans} people do"
    return (f"{who} not fit a table of {seats} (--players {seats}): give --players {least} "
            "or more, or q to leave.")  # fmt: skip


def _players_given(words: list[str]) -> int | None:
    """The table ``--players N`` (or ``--players=N``) names in command-line ``words``, the
    last given; None where none is named in digits (the command then judges the words).

    >>> _players_given(["--deals", "2", "--players", "3"]), _players_given(["--players=x"])
    (3, None)
    """
    given = None
    for i, word in enumerate(words):
        value = word.partition("=")[2] if word.startswith("--players=") else None
        if word == "--players" and i + 1 < len(words):
            value = words[i + 1]
        if value is not None:
            given = int(value) if terminal.digits(value) and len(value) <= 3 else None
    return given


def _table_for(command: Any, humans: int, options: list[str]) -> list[str]:
    """``--players N`` where the people would not all fit the command's default table and the
    options name no table of their own (Draw Poker seats 5 by default: 7 people sat 7)."""
    param = next((p for p in command.params if p.name == "players"), None)
    if param is None or _names_flag(options, "--players"):
        return []
    default = param.default
    return ["--players", str(humans)] if isinstance(default, int) and humans > default else []


def _ask_humans(most: int, alone: bool = False) -> int | None:
    """Ask how many people play at this keyboard (Enter: one, against the bots; ``alone``:
    one, with no bot unless the options name a larger table, as in Poker Patience), at most
    ``most``, the game's most players; None when they leave: ``q`` or the end of input."""
    one = "you alone; --players N adds bots" if alone else "you against bots"
    while (answer := _ask(f"People at this keyboard (Enter: 1, {one}): ")) is not None:
        if not answer:
            return 1
        if terminal.digits(answer) and len(answer) <= 3 and 1 <= int(answer) <= most:
            return int(answer)
        console.print(f"{answer!r} is not a number of people for this game: 1 to {most}, or q "
                      "to leave.", markup=False)  # fmt: skip
    return None


@app.command()
def replay(
    file: Path = typer.Argument(
        ..., help="A game record saved by `parlour play`, `parlour referee` or `simulate --save`."
    ),
    seat: int = typer.Option(
        None, help="Whose view to show (default: the seat saved; a refereed deal: the table)."
    ),
) -> None:
    """Print a saved game: every action in order, then the final table."""
    text = _read_record(file)
    try:
        game, _, record = load_record(text)
        view = seat if seat is not None else record.get("seat")  # None: the game's default
        if view is not None and (
            not isinstance(view, int) or isinstance(view, bool) or not 0 <= view < game.num_players
        ):
            given = "--seat" if seat is not None else "the record's seat"
            raise GameOptionError(
                f"{given} must be 0..{game.num_players - 1}, not {short_repr(view)}"
            )
        names = terminal.recorded_names(record, game.num_players)
        terminal.replay(game, record["history"], view, console, names)
    except (ValueError, KeyError, TypeError, OverflowError, RecursionError) as err:
        raise fail(f"{file}: {err}") from None


#: the most bytes ``replay`` reads: the longest game a default ``simulate`` run may write
#: (Pachisi's 20,000 actions with their throws, about 2 MB) four times over
MAX_RECORD_BYTES = 8 * 2**20


def _read_record(file: Path) -> str:
    """The text of the record ``file``, read no further than :data:`MAX_RECORD_BYTES` and
    one byte more, so that a huge file (``/dev/zero``) is refused, not read into memory."""
    try:
        with file.open("rb") as stream:
            data = stream.read(MAX_RECORD_BYTES + 1)
    except OSError as err:
        raise fail(f"cannot read {file}: {err.strerror}") from None
    if len(data) > MAX_RECORD_BYTES:
        raise fail(f"{file} is not a game record: it is over {MAX_RECORD_BYTES // 2**20} MB "
                   f"({MAX_RECORD_BYTES:,} bytes), more than any game's record")  # fmt: skip
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise fail(f"{file} is not a game record (not UTF-8 text)") from None


@app.command()
def simulate(
    game: str = typer.Argument(..., help="The game's name (an unknown one lists them)."),
    bots: str = typer.Option(
        "random",
        help="One bot a seat, comma-separated (strong,random), or one for every seat; "
        "an unknown name lists the game's bots. Your own: name their module or .py file in "
        "the environment variable PARLOUR_BOTS.",
    ),
    players: int = typer.Option(None, help="Number of players (default: one a bot named)."),
    games: int = typer.Option(100, help="How many games to play."),
    seed: int = typer.Option(0, help="The run's seed: the same seed repeats the run exactly."),
    rule: list[str] = typer.Option([], help="A rule option KEY=VALUE; repeatable."),
    bot_option: list[str] = typer.Option(
        [],
        help="KEY=VALUE for every bot, BOT.KEY=VALUE for a bot (strong.rollouts=300), "
        "LABEL.KEY=VALUE for one of two alike (strong#2.rollouts=300); repeatable.",
    ),
    rotate: bool = typer.Option(
        True, help="Turn the bots one seat a game (fair over a multiple of the players)."
    ),
    duplicate: bool = typer.Option(
        False,
        help="Play each deal once in every seat, the bots turned one seat a game (--games: a "
        "multiple of the players); ± se from the deals' means. Each seat is dealt the same "
        "cards; cards drawn or cowries thrown later stay alike only while the play does.",
    ),
    jobs: int = typer.Option(1, help="Processes to share the games among."),
    sitting: int = typer.Option(
        0,
        help="Draw Poker and Jack-Pots: play sittings of this many deals (bankrolls, the deal "
        "passing, pots carried), one a game; 0 plays single deals.",
    ),
    sitting_rule: list[str] = typer.Option(
        [],
        help="A sitting's agreement KEY=VALUE (bankroll=50, jackpot_every=5, buck=true; "
        "jackpot.progressive=true for its Jack-Pots); repeatable.",
    ),
    max_actions: int = typer.Option(
        MAX_ACTIONS, help="Stop the run if a game is not over after this many actions."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print the run and its figures as JSON."),
    save: Path = typer.Option(
        None,
        help="A folder to write every game's record to (GAME-0001.json ...), for replay.",
        parser=terminal.save_path,
    ),
) -> None:
    """Bots against bots over many games: each one's mean payoff and its standard error."""
    names = [b.strip() for b in bots.split(",")]
    try:
        if "" in names:
            raise GameOptionError(f"--bots {bots!r}: a bot's name is missing between the commas")
        terminal.check_seed(seed)
        count = players if players is not None else (len(names) if len(names) > 1 else None)
        game = _named(game, game_names())  # meusuëb, as the lobby and play take it
        made = make(game, **terminal.command_options({"players": count}, rule))
        chosen = terminal.parse_rule_options(bot_option, "--bot-option")
        table = _sitting_rules(sitting, sitting_rule)
        shown = Console(stderr=True)
        # a kill or a closed terminal stops the run as Ctrl-C does, its figures shown
        with (
            terminal.signals_as_ctrl_c() as caught,
            Progress(transient=True, console=shown, disable=not shown.is_terminal) as bar,
        ):
            task = bar.add_task(f"{games} games of {game}", total=games)
            run = run_simulation(
                made, names, games, seed, rotate, jobs, chosen,
                progress=lambda done: bar.update(task, completed=done), sitting=table,
                max_actions=max_actions, save=save, duplicate=duplicate,
            )  # fmt: skip
    except (GameOptionError, SimulationError) as err:
        raise fail(_as_flags(str(err))) from None
    except KeyboardInterrupt as stopped:  # before any game ended: nothing to show
        raise typer.Exit(terminal.exit_status(stopped)) from None  # typer: 130 for any
    if as_json:
        console.print_json(json.dumps(run.as_json()))
    else:
        show_simulation(run)
    if run.interrupted:  # the figures were shown; the exit says what stopped the run
        raise typer.Exit(terminal.exit_status(caught[-1] if caught else signal.SIGINT))


def _as_flags(message: str) -> str:
    """``simulate``'s words for its arguments as the command's flags: max_actions ->
    --max-actions, duplicate -> --duplicate, rotate -> --no-rotate."""
    message = re.sub(
        r"^(games|jobs|max_actions) must", lambda m: f"--{m[1].replace('_', '-')} must", message
    )
    message = message.replace(" under duplicate,", " under --duplicate,")
    message = message.replace("duplicate needs two players", "--duplicate needs two players")
    return message.replace("duplicate needs rotate:", "--duplicate cannot take --no-rotate:")


def _sitting_rules(deals: int, items: list[str]) -> SittingRules | None:
    """The sitting ``--sitting`` and ``--sitting-rule`` ask for, or None for single deals."""
    if deals < 0:
        raise GameOptionError(f"--sitting takes a number of deals (0: single deals), not {deals}")
    if not deals:
        if items:
            raise GameOptionError("--sitting-rule needs --sitting DEALS")
        return None
    agreed = sitting_agreements(items)
    return build_rules(SittingRules, {**agreed, "deals": deals})


def sitting_agreements(items: list[str], flags: dict[str, str] | None = None) -> dict[str, Any]:
    """A sitting's ``--sitting-rule KEY=VALUE`` agreements, its Jack-Pots' options (``jackpot.KEY``)
    as ``jackpot_options``; one the command sets is refused naming its flag in ``flags``.

    >>> sitting_agreements(["buck=true", "jackpot.progressive=true"])
    {'buck': True, 'jackpot_options': {'progressive': True}}
    """
    agreed = terminal.parse_rule_options(items, "--sitting-rule")
    jackpot = {k.partition(".")[2]: v for k, v in agreed.items() if k.startswith("jackpot.")}
    agreed = {k: v for k, v in agreed.items() if not k.startswith("jackpot.")}
    for key in agreed.keys() & (flags or {}).keys():
        raise GameOptionError(f"use {(flags or {})[key]}, not --sitting-rule {key}")
    _refuse_agreements_not_ours(agreed, flags or {})
    return {**agreed, "jackpot_options": jackpot} if jackpot else agreed


def _refuse_agreements_not_ours(agreed: dict[str, Any], flags: dict[str, str]) -> None:
    """Refuse, by name, a ``--sitting-rule`` the command sets itself or the sitting lacks;
    the agreements listed are only those a user may make (not those a flag of the command
    sets, ``flags``)."""
    settable = sorted({f.name for f in fields(SittingRules)} - set(_FROM_COMMAND) - set(flags))
    for key in agreed:
        if key in _FROM_COMMAND:
            raise GameOptionError(f"--sitting-rule {key}: the sitting takes it from the command")
        if key not in settable:
            raise GameOptionError(
                f"--sitting-rule {key}: no such agreement; agreements are: {', '.join(settable)}"
            )


def show_simulation(run: Simulation) -> None:
    """Print a run's figures as a table, and what it played."""
    played = (
        f"{run.games} games"
        if run.sitting is None
        else (f"{run.games} sittings of {run.sitting['deals']} deals")
    )
    table = Table(title=f"{played} of {run.game} (seed {run.seed})")
    columns = ["bot", "mean payoff", "± se", "top share", "CPU s/game", "slowest move s"]
    if len(run.bots) == 1:
        columns.remove("top share")
    for column in columns:
        table.add_column(column, justify="left" if column == "bot" else "right")
    for r in run.results:
        share = [f"{r.top_share:.1%}"] if len(run.bots) > 1 else []
        se = "n/a" if r.se is None else f"{r.se:.3f}"
        table.add_row(r.label, f"{r.mean:+.3f}", se, *share, f"{r.seconds:.3g}", f"{r.slowest:.3g}")
    console.print(table)
    if len(run.bots) > 1:
        seats = "turned one seat a game" if run.rotate else "kept their seats"
        if run.duplicate:
            deal, whole = "sitting" if run.sitting else "deal", run.games // len(run.bots)
            spread = f"± se from the {whole} whole {deal}s' means"
            if whole < 2:  # one block has no spread (an interrupted run may not have one)
                spread = f"{whole} whole {deal}{'' if whole == 1 else 's'}, too few for a ± se"
            seats += f", each {deal} played {len(run.bots)} times (duplicate: {spread})"
        console.print(f"{len(run.bots)} players, the bots {seats}; the top share splits ties.")
    if run.sitting is not None:
        console.print(
            f"A payoff is the chips a bot ends its sitting with, less the "
            f"{run.sitting['bankroll']} it sat down with."
        )
    one = "A game" if run.sitting is None else "A sitting"
    console.print(f"{one}: {run.actions:.1f} actions, {run.seconds:.3g} CPU s (bots and engine).")
    if run.interrupted:
        console.print(f"[yellow]Interrupted: these figures are of the first {run.games} of "
                      f"the {run.asked} games asked for.[/yellow]")  # fmt: skip


def _load_command_modules() -> None:
    for module in COMMAND_MODULES:
        importlib.import_module(module).register(app, play_app)


def main() -> None:
    """Entry point of the ``parlour`` command."""
    try:
        app()
    except (CardError, GameOptionError, IllegalAction) as err:
        Console(stderr=True).print(f"[bold red]error:[/bold red] {err}")
        sys.exit(2)


_load_command_modules()
