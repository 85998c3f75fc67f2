"""Playing any parlour game in the terminal: one loop for every game.

The loop knows nothing of any particular game.  Each game registers a
*renderer*, a function from one seat's observation to text (or a rich
renderable), and may register a *hinter* that explains what a good player
(the strong one, or the poker games' book player) would do.  Humans choose
among the legal actions by number or by canonical text; bots choose from the
same observation a human sees.  Above :data:`LIST_LIMIT` actions there is no
numbered list: the game's *summariser* (or the first few actions and a count)
says what may be played, and the human types the action.

Several people may share the terminal, each at his own seat (``--humans``).  In a
*private* game, where a seat holds what the others must not see (cards, or in Poker
Patience where he laid the card in hand), they pass the keyboard: before each person's
turn the screen is cleared and he is asked to take it, then shown the moves made since his
last turn (:class:`Keyboard`).
"""

from __future__ import annotations

import json
import math
import os
import re
import shlex
import signal
import tempfile
import textwrap
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from types import FrameType
from typing import Any

import typer
from rich.console import Console, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table

from parlour.bots import Bot
from parlour.files import write_whole
from parlour.game import Action, Game, GameOptionError, IllegalAction, State, short_repr
from parlour.game import check_seed as game_check_seed

Renderer = Callable[[dict[str, Any], int], RenderableType]
Describer = Callable[[str], str]
#: an action in words for the seat choosing it, where its observation changes them (Stud's
#: call: coming in, making good or seeing a bet)
Menu = Callable[[str, dict[str, Any]], str]
Hinter = Callable[[State, int], str]
#: a game's rules in play, in a newcomer's words, for a seat at its turn (``r``): from the
#: game's options, or from what the seat's observation says of them
Rules = Callable[[State, int], str]
Summariser = Callable[[list[str]], RenderableType]
Replayer = Callable[[Game, list[dict[str, Any]], int | None, Console], State]
#: every move and table event so far as the whole table heard of it: (seat, or -1 for the
#: table, or :data:`HEADLINE`, words)
News = Callable[[State], list[tuple[int, str]]]
#: the "seat" of news said by nobody, told to all as it stands (a deal's end: "Deal 1: ...")
HEADLINE = -2

#: above this many legal actions they are summarised, to be typed, not listed by number
LIST_LIMIT = 60
#: how many actions the generic summary shows
SHOWN = 20
#: the most characters an answer may have (the longest moves, Draw Poker's draws and Sixteen
#: Soldiers' jumps, take about 20); a longer one is refused by its length, not repeated
LONGEST_ANSWER = 200
#: the last line of rules a board shows only before a seat's first move
RULES_AGAIN = "(r gives these rules again.)"
#: the help of every ``parlour play`` command's ``--humans``
HUMANS_HELP = (
    "People playing at this terminal, from --seat on round the table; they take turns at the "
    "keyboard (in poker and Patience behind a cleared screen), bots play the other seats."
)
MAX_THINK = 600.0  # seconds a move: --think beyond that would only look like a hang
#: what ``--bots`` takes besides one name, for the games of more than two seats
BOTS_HELP = " Or a name for each bot seat in seat order, comma-separated (e.g. strong,random)."
SAVE_HELP = (
    "Where to save the record (JSON); default: games/DATE-TIME-GAME.json in this folder. "
    "A file already there is kept: the record goes beside it, as NAME-2.json (a device, "
    "/dev/null, is written to)."
)

_RENDERERS: dict[str, Renderer] = {}
_DESCRIBERS: dict[str, Describer] = {}
_MENUS: dict[str, Menu] = {}
_HINTERS: dict[str, Hinter] = {}
_SUMMARISERS: dict[str, Summariser] = {}
_PRIVATE: set[str] = set()
_REPLAYERS: dict[str, Replayer] = {}
_NEWS: dict[str, News] = {}
_RULES: dict[str, Rules] = {}
#: what everyone at the table :func:`play` is playing is called, by seat, for the renderers
_TABLE_NAMES: ContextVar[dict[int, str] | None] = ContextVar("table_names", default=None)


def register_renderer(
    game_name: str,
    render: Renderer,
    describe: Describer | None = None,
    hint: Hinter | None = None,
    summarise: Summariser | None = None,
    private: bool = False,
    replayer: Replayer | None = None,
    news: News | None = None,
    rules: Rules | None = None,
    menu: Menu | None = None,
) -> None:
    """Say how a game's observations are drawn, and optionally how actions read, hints come
    and more than :data:`LIST_LIMIT` legal actions (their texts) are summed up.  A
    ``private`` game's seats hold what the others must not see, so people sharing the
    terminal pass the keyboard behind a cleared screen; its action texts must say nothing
    private (they are shown to everyone); ``news`` replaces it where the table hears
    otherwise than the action's text (what a bet put up, a reshuffle).  A ``replayer``
    prints a saved game its own way (it takes what :func:`replay` takes).  ``rules`` words
    the rules in play, from the state and the seat, for a person who types ``r`` at his turn
    (a board that shows them once ends them with :data:`RULES_AGAIN`).  A ``menu`` words an
    action for the seat choosing it, from his observation, where ``describe`` cannot."""
    _RENDERERS[game_name] = render
    if private:
        _PRIVATE.add(game_name)
    if news is not None:
        _NEWS[game_name] = news
    if replayer is not None:
        _REPLAYERS[game_name] = replayer
    if describe is not None:
        _DESCRIBERS[game_name] = describe
    if hint is not None:
        _HINTERS[game_name] = hint
    if summarise is not None:
        _SUMMARISERS[game_name] = summarise
    if rules is not None:
        _RULES[game_name] = rules
    if menu is not None:
        _MENUS[game_name] = menu


def bot_hint(bot_name: str = "strong", **bot_options: Any) -> Hinter:
    """A hinter that says what ``bot_name`` would do, in the game's own words."""

    def hint(state: State, seat: int) -> str:
        import parlour.bots

        bot = parlour.bots.make(bot_name, state.game, seed=0, **bot_options)
        observation = state.observation(seat)
        action = bot.choose(observation, state.legal_actions())
        why = f" {bot.reason[0].upper()}{bot.reason[1:]}." if bot.reason else ""
        words = offered(state.game, str(action), observation)
        return f"The {bot_name} player would {words} ({action}).{why}"

    return hint


_DECIMAL = re.compile(r"-?(\d+\.\d*|\.\d+)")


def parse_rule_options(items: Iterable[str], flag: str = "--rule") -> dict[str, Any]:
    """Turn ``--rule KEY=VALUE`` items into rule options: booleans, integers, integer tuples,
    decimals (the game's rules then check each against its field's type).

    >>> parse_rule_options(["pack=44", "straddle=false", "throws=2,3", "preset=S4-club"])
    {'pack': 44, 'straddle': False, 'throws': (2, 3), 'preset': 'S4-club'}
    >>> parse_rule_options(["cowrie_p_up=0.6"])
    {'cowrie_p_up': 0.6}

    A key given twice with two values is refused (the last one was taken unsaid):

    >>> parse_rule_options(["pack=44", "pack=32"], "--option")
    Traceback (most recent call last):
    ...
    parlour.game.GameOptionError: --option pack is given twice, as 44 and 32: give it once
    >>> parse_rule_options(["straddle=true", "straddle=1"])
    Traceback (most recent call last):
    ...
    parlour.game.GameOptionError: --rule straddle is given twice, as true and 1: give it once
    """
    options: dict[str, Any] = {}
    typed: dict[str, str] = {}
    for item in items:
        key, sep, text = item.partition("=")
        if not sep or not key.strip():
            raise GameOptionError(f"{flag} takes KEY=VALUE, not {item!r}")
        value = text.strip()
        parsed: Any = value
        if value.lower() in ("true", "yes", "on", "false", "no", "off"):
            parsed = value.lower() in ("true", "yes", "on")
        elif any(len(v) > 100 and _whole(v) for v in value.split(",")):  # int() refuses 4,300
            raise GameOptionError(f"{flag} {key.strip()}: a number is too long")
        elif _whole(value):
            parsed = int(value)
        elif "," in value and all(_whole(v) for v in value.split(",") if v):
            parsed = tuple(int(v) for v in value.split(",") if v.strip())
        elif _DECIMAL.fullmatch(value):
            parsed = float(value)
        key = key.strip()
        before = options.get(key, parsed)
        if type(before) is not type(parsed) or before != parsed:  # True == 1, 32 == 32.0
            raise GameOptionError(f"{flag} {key} is given twice, as {typed[key]} and "
                                  f"{value}: give it once")  # fmt: skip
        options[key], typed[key] = parsed, value
    return options


def command_options(
    flags: dict[str, Any],
    rules: Iterable[str],
    named: dict[str, str] | None = None,
    flag: str = "--rule",
) -> dict[str, Any]:
    """A command's game options: those its own flags set (None: the flag was not given) and
    its ``--rule`` items (``flag``: the command's name for them).  A rule for a flag that was
    given is refused, naming the flag (``--KEY``, or as ``named`` spells it); a flag not given
    leaves the rule to set the option.

    >>> command_options({"players": 4, "preset": None}, ["preset=buck"])
    {'players': 4, 'preset': 'buck'}
    >>> command_options({"players": 4}, ["players=3"])
    Traceback (most recent call last):
    ...
    parlour.game.GameOptionError: use --players, not --rule players
    """
    ruled = parse_rule_options(rules, flag)
    for key in ruled:
        if flags.get(key) is not None:
            own = (named or {}).get(key, f"--{key.replace('_', '-')}")
            raise GameOptionError(f"use {own}, not {flag} {key}")
    return {key: value for key, value in flags.items() if value is not None} | ruled


def _whole(text: str) -> bool:
    """Whether ``text`` is a whole number that int() reads (one sign at most, decimal digits)."""
    return text.strip().removeprefix("-").isdecimal()


def play_against_bots(
    name: str,
    options: dict[str, Any],
    *,
    rules: Iterable[str] = (),
    seat: int = 0,
    humans: int = 1,
    bot: str = "random",
    think: float | None = None,
    seed: int | None = None,
    save: Path | None = None,
) -> None:
    """``parlour play NAME``: the game with the options its flags set (``options``, as
    :func:`command_options` takes them) and the ``--rule`` items, ``humans`` people from
    ``seat`` on (the next seats, round the table) and a ``bot`` at every other seat, or the
    bots ``bot`` names one a seat (:func:`bot_names`; each seeded ``seed + seat`` for its
    ties, the strong ones thinking ``think`` seconds a move where given), played to the end
    or until a person quits.  Bad options exit with status 2 and the message; Ctrl-C, a kill
    or a hang-up, once the game is saved, with the shell's status for it (:func:`exit_status`)."""
    import parlour.bots
    from parlour.cli import fail

    if think is not None:
        check_think(think)  # also where every seat is a person's
    try:
        check_seed(seed)
        game = parlour.make(name, **command_options(options, rules))
        people = human_seats(seat, humans, game.num_players)
        named = seat_bots(bot, game, [s for s in range(game.num_players) if s not in people])
        state = game.new_state(seed=seed)
        bots = {
            s: parlour.bots.make(
                each,
                game,
                seed=None if seed is None else seed + s,
                **({} if think is None else think_options(each, think)),
            )
            for s, each in named.items()
        }
    except GameOptionError as err:
        raise fail(str(err)) from None
    try:
        play(game, state, humans=people, bots=bots, save=save)
    except KeyboardInterrupt as stopped:  # saved: exit as a program the signal killed
        raise typer.Exit(exit_status(stopped)) from None


def bot_names(bot: str, seats: Sequence[int]) -> dict[int, str]:
    """The bot at each of ``seats``: ``--bots`` names one for them all, or one for each in
    seat order, comma-separated.

    >>> bot_names("strong", [1, 2])
    {1: 'strong', 2: 'strong'}
    >>> bot_names("strong, book", [1, 3])
    {1: 'strong', 3: 'book'}
    >>> bot_names("strong,book", [1, 2, 3])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    parlour.game.GameOptionError: --bots: one name for every bot, or one for each of the 3 ...
    """
    names = [name.strip() for name in bot.split(",")]
    if not all(names):
        raise GameOptionError(f"--bots: a bot's name is missing in {bot!r}")
    if len(names) == 1:
        names *= len(seats)
    if len(names) != len(seats):
        where = f" ({', '.join(map(str, seats))})" if seats else ""
        raise GameOptionError(
            f"--bots: one name for every bot, or one for each of the {len(seats)} bot seats"
            f"{where} in seat order, comma-separated; not {len(names)} names in {bot!r}"
        )
    return dict(zip(seats, names, strict=True))


def seat_bots(bot: str, game: Game, seats: Sequence[int]) -> dict[int, str]:
    """:func:`bot_names`, each name one of ``game``'s bots (checked also where no seat is a
    bot's, so that a misspelt name is not let pass)."""
    import parlour.bots

    named = bot_names(bot, seats)
    for each in sorted(set(named.values()) or {bot.strip()}):
        parlour.bots.check_name(each, game)
    return named


def check_seed(seed: int | None) -> None:
    """Refuse a ``--seed`` below 0 as :func:`parlour.game.check_seed` does, naming the flag.

    >>> check_seed(-1)
    Traceback (most recent call last):
    ...
    parlour.game.GameOptionError: --seed must be 0 or more, not -1
    """
    if seed is not None:
        game_check_seed(seed, "--seed")


def think_options(bot: str, seconds: float) -> dict[str, float]:
    """The bot options ``--think SECONDS`` gives: the strong player's ``time_limit`` (the
    others think no time); exits with status 2 on a time that is not seconds.

    >>> think_options("strong", 0.5), think_options("greedy", 0.5)
    ({'time_limit': 0.5}, {})
    """
    check_think(seconds)
    return {"time_limit": seconds} if bot == "strong" else {}


def check_think(seconds: float) -> None:
    """Exit with status 2 where ``--think`` is not seconds, 0 to :data:`MAX_THINK`."""
    from parlour.cli import fail

    if not (math.isfinite(seconds) and 0 <= seconds <= MAX_THINK):
        raise fail(f"--think takes seconds, 0 to {MAX_THINK:g}, not {seconds}")


def human_seats(seat: int, humans: int, players: int) -> list[int]:
    """The seats of ``humans`` people, the first at ``seat`` and the others after him.

    >>> human_seats(3, 2, 4)
    [3, 0]
    >>> human_seats(0, 5, 4)
    Traceback (most recent call last):
    ...
    parlour.game.GameOptionError: --humans must be 1..4 (the players at the table)
    """
    if not 0 <= seat < players:
        raise GameOptionError(f"--seat must be 0..{players - 1}")
    if not 1 <= humans <= players:
        raise GameOptionError(f"--humans must be 1..{players} (the players at the table)")
    return [(seat + k) % players for k in range(humans)]


def render(game: Game, observation: dict[str, Any], seat: int) -> RenderableType:
    """Draw one seat's view; falls back to the observation as JSON."""
    renderer = _RENDERERS.get(game.name)
    if renderer is None:
        return json.dumps(observation, indent=1)
    return renderer(observation, seat)


def describe(game: Game, action_text: str) -> str:
    describer = _DESCRIBERS.get(game.name)
    return describer(action_text) if describer else action_text


def offered(game: Game, action_text: str, observation: dict[str, Any]) -> str:
    """An action in words as offered to the seat whose ``observation`` it is."""
    menu = _MENUS.get(game.name)
    return menu(action_text, observation) if menu else describe(game, action_text)


def table_names(players: int, people: Iterable[int]) -> dict[int, str]:
    """What everyone at a table is called: one person "You", several "Player 1", "Player 2"
    ... in the order given (from ``--seat`` on), the bots "Bot 1", "Bot 2" ... by seat.

    >>> table_names(3, [0])
    {0: 'You', 1: 'Bot 1', 2: 'Bot 2'}
    >>> table_names(4, [2, 3])
    {2: 'Player 1', 3: 'Player 2', 0: 'Bot 1', 1: 'Bot 2'}
    """
    order = list(dict.fromkeys(people))
    names = {order[0]: "You"} if len(order) == 1 else {s: f"Player {k}" for k, s in
                                                        enumerate(order, 1)}  # fmt: skip
    others = [s for s in range(players) if s not in names]
    return names | {s: f"Bot {k}" for k, s in enumerate(others, 1)}


def table_name(seat: int) -> str | None:
    """How the table being played calls ``seat`` ("Bot 1 (seat 1)"), for a renderer to name
    seats as the moves told do; None outside :func:`play` (a replay, a test), where the
    renderer keeps its own words."""
    names = _TABLE_NAMES.get()
    return seat_label(seat, names) if names and seat in names else None


def called(seat: int, word: str = "seat", me: int = -1) -> str:
    """A seat as the table calls it (at play, in a replay), else "you" for the seat ``me``
    whose view it is (capitalised as ``word`` is), else ``word`` and its number.

    >>> called(2), called(2, "Seat"), called(2, "Seat", me=2), called(2, me=2)
    ('seat 2', 'Seat 2', 'You', 'you')
    """
    name = table_name(seat)
    if name is None and seat == me:
        return "You" if word[:1].isupper() else "you"
    return name or f"{word} {seat}"


def is_you(name: str) -> bool:
    """Whether a seat so named is addressed as "You", for the verb to agree ("You deal").

    >>> is_you("You (seat 0)"), is_you("You"), is_you("Youssef (seat 1)")
    (True, True, False)
    """
    return name == "You" or name.startswith("You (")


def seat_label(seat: int, names: dict[int, str]) -> str:
    """A seat's name and number, as every line of play says it: "Bot 2 (seat 2)"."""
    return f"{names[seat]} (seat {seat})" if seat in names else f"Seat {seat}"


def _heard(who: int, words: str, names: dict[int, str]) -> str:
    """A line of news with who said it: a seat, "The table" (-1), or nobody (a headline)."""
    if who == HEADLINE:
        return words
    return f"[dim]{seat_label(who, names) if who >= 0 else 'The table'}:[/dim] {words}"


def save_path(text: str) -> Path:
    """A ``--save`` as typed: an empty one is refused, as the folder "." it would be read as
    names no file to save to."""
    if not text:
        raise typer.BadParameter("an empty path names nowhere to save to")
    return Path(text)


def default_save_path(game: Game | str) -> Path:
    """Where a game is saved unless the user names a file: a new file, never one already
    there (two games in the same second get ``-2``, ``-3`` ...)."""
    name = game if isinstance(game, str) else game.name
    return _free_path(Path("games") / f"{time.strftime('%Y%m%d-%H%M%S')}-{name}.json")


def _free_path(path: Path) -> Path:
    """``path``, or if a file is there the first of ``NAME-2.json``, ``NAME-3.json``, ... that
    is free: a record never overwrites another."""
    free, number = path, 2
    while free.exists():
        free = path.with_name(f"{path.stem}-{number}{path.suffix}")
        number += 1
    return free


class Interrupted(KeyboardInterrupt):
    """A kill (SIGTERM) or a closed terminal (SIGHUP) taken as Ctrl-C: ``signum`` says which."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def exit_status(stopped: BaseException | int) -> int:
    """The status a program stopped by ``stopped`` (an interruption, or a signal's number)
    exits with, as a shell gives it for one the signal killed: 128 + the signal's number.

    >>> exit_status(KeyboardInterrupt()), exit_status(Interrupted(signal.SIGTERM))
    (130, 143)
    >>> exit_status(signal.SIGHUP)
    129
    """
    signum = stopped if isinstance(stopped, int) else getattr(stopped, "signum", signal.SIGINT)
    return 128 + signum


@contextmanager
def signals_as_ctrl_c() -> Iterator[list[int]]:
    """While inside, SIGTERM (a kill) and SIGHUP (the terminal closed) stop the program as
    Ctrl-C does, with KeyboardInterrupt (:class:`Interrupted`, which names the signal), so
    that what was played is saved, not lost with the process; the handlers from before are
    put back after.  It yields the signals taken, in order, for a caller that stops on the
    interruption without letting it go on (a run measuring the games played).  Only the
    main thread may set them: in another, nothing changes."""
    caught: list[int] = []
    if threading.current_thread() is not threading.main_thread():
        yield caught
        return

    def interrupt(signum: int, frame: FrameType | None) -> None:
        caught.append(signum)
        raise Interrupted(signum)

    taken = [signal.SIGTERM] + ([signal.SIGHUP] if hasattr(signal, "SIGHUP") else [])
    before = {signum: signal.signal(signum, interrupt) for signum in taken}
    try:
        yield caught
    finally:
        for signum, handler in before.items():  # None: set outside Python, so the default
            signal.signal(signum, signal.SIG_DFL if handler is None else handler)


def play(
    game: Game,
    state: State,
    *,
    humans: Iterable[int],
    bots: dict[int, Bot],
    console: Console | None = None,
    read: Callable[[str], str] | None = None,
    save: Path | None = None,
    names: dict[int, str] | None = None,
    preamble: Iterable[str] = (),
    shared: bool = False,
    agreements: str = "",
) -> State:
    """Play ``state`` to the end, asking the humans and the bots in turn; save the record,
    also when play stops early (``q``, end of input, Ctrl-C, a kill or a closed terminal
    (:func:`signals_as_ctrl_c`), or a fault); an interruption or a fault then goes on.
    ``names``: what everyone is called, by seat (a sitting's names; default
    :func:`table_names`);
    ``preamble``: lines told to the table first (people passing the keyboard see them);
    ``shared``: people share the terminal even if only one plays this game (a sitting that
    began with several), so a private game still hides his cards behind a cleared screen;
    ``agreements``: what a sitting agreed beyond the game's rules, told after them on ``r``."""
    console = console or Console()
    read = read or (lambda prompt: console.input(prompt))
    people = list(dict.fromkeys(humans))
    human_seats = set(people)
    names = names or table_names(game.num_players, people)
    keyboard = Keyboard(game, human_seats, console, read, names, shared)
    view_seat = min(human_seats) if human_seats else 0
    hear = _NEWS.get(game.name)
    resumed = any("action" in entry for entry in state.history)
    told_so_far = len(hear(state)) if hear and resumed else 0  # a new deal's antes are told

    def tell_news() -> None:
        nonlocal told_so_far
        assert hear is not None
        heard = hear(state)
        for who, words in heard[told_so_far:]:
            keyboard.tell(who, _heard(who, escape(words), names))
        told_so_far = len(heard)

    named = _TABLE_NAMES.set(names)
    for line in preamble:
        keyboard.tell(-1, line)
    if hear is not None:
        tell_news()
    try:
        with signals_as_ctrl_c():  # a kill or a closed terminal: as Ctrl-C
            while not state.is_over:
                seat = state.to_move
                assert seat is not None
                label = seat_label(seat, names)
                played = len(state.history)
                if seat in human_seats:
                    taken = keyboard.take(seat)
                    if not (taken and _human_turn(game, state, seat, console, read, agreements)):
                        keyboard.hide()
                        console.print("[yellow]Game abandoned.[/yellow]")
                        break
                else:
                    state.apply(bots[seat].choose(state.observation(seat), state.legal_actions()))
                if hear is not None:
                    tell_news()
                    continue
                said = state.history[played]["action"]
                keyboard.tell(seat, f"[dim]{label}:[/dim] {describe(game, said)}")
            if state.is_over:  # abandoned: the board was just drawn, no one's cards shown
                if keyboard.private:  # each sees his own
                    keyboard.show_each_person_the_end(state)
                else:
                    if len(human_seats) > 1:  # the view speaks to one of them ("You are South")
                        console.print(f"As {seat_label(view_seat, names)} sees it:")
                    console.print(render(game, state.observation(view_seat), view_seat))
                show_result(state, console, names)
    except KeyboardInterrupt:  # saved below, then it goes on: the command exits as stopped
        keyboard.hide()
        console.print("\n[yellow]Game abandoned (interrupted).[/yellow]")
        raise
    except BaseException:  # a crash: the traceback follows, and nobody's cards stay above it
        keyboard.hide()
        raise
    finally:
        _TABLE_NAMES.reset(named)
        named_as = {str(s): name for s, name in names.items()}  # a replay calls them so too
        record = json.dumps(game.record(state, seat=view_seat, names=named_as), indent=1)
        save_record(record, save, default_save_path(game), console, "Game")
    return state


class Keyboard:
    """The keyboard shared by the people at one terminal, and what each has seen.

    Each move is told to everyone: a bot's as it is made, a person's only where several
    share the terminal (his own move needs no telling).  In a *private* game with several
    people the keyboard is passed: before a person's turn the screen is cleared and he is
    asked to take it (``q`` quits), then shown the moves made since his last turn.
    """

    def __init__(
        self,
        game: Game,
        humans: set[int],
        console: Console,
        read: Callable[[str], str],
        names: dict[int, str],
        shared: bool = False,
    ) -> None:
        self.game, self.humans, self.console, self.read = game, humans, console, read
        self.names = {seat: seat_label(seat, names) for seat in humans}
        self.turns: set[int] = set()  # those who have had a turn
        self.private = game.name in _PRIVATE and (len(humans) > 1 or shared)
        self.moves: list[str] = []  # every move told, in order
        self.seen = dict.fromkeys(humans, 0)  # how many of them each person has seen
        self.holder: int | None = None  # who has the keyboard (None: nobody yet)
        self.wipes = console.is_terminal and not console.is_dumb_terminal
        if self.private and not self.wipes:
            console.print(
                "[yellow]This output cannot be cleared (not a terminal, or TERM=dumb): what "
                "each person sees stays in sight when the keyboard is passed.[/yellow]"
            )

    def hide(self) -> None:
        """In a private game, clear the screen and the terminal's scrollback (ESC[3J, which
        rich's clear leaves), so that nobody's cards can be scrolled back to."""
        if not self.private:
            return
        self.console.clear()
        if self.wipes:
            self.console.file.write("\x1b[3J")
            self.console.file.flush()
        self.holder = None

    def tell(self, seat: int, line: str) -> None:
        """Tell everyone of a move made by ``seat``."""
        self.moves.append(line)
        if seat not in self.humans or len(self.humans) > 1:
            self.console.print(line)
        # the mover, and whoever sees the screen now; where the next pass clears it at once,
        # he reads the line only if he plays on without a pass (counted then, in take)
        for watching in (seat,) if self.private and self.wipes else (seat, self.holder):
            if watching in self.humans:
                self.seen[watching] = len(self.moves)

    def take(self, seat: int, purpose: str = "to play") -> bool:
        """Give the keyboard to ``seat``: in a private game, behind a cleared screen, with the
        moves he has not seen.  False when he quits instead."""
        if not self.private:
            return True
        if seat == self.holder:  # no pass: what was told since his move is still in sight
            self.seen[seat] = len(self.moves)
            return True
        self.hide()
        try:
            # where nothing can be cleared, the last person's cards are still above: say so
            away = (
                "the others looking away"
                if self.wipes
                else "what is above still in sight: this screen cannot be cleared"
            )
            answer = self.read(
                f"Pass the keyboard to {self.names[seat]} {purpose}, {away}, and press Enter "
                "(q quits) "
            )  # fmt: skip
        except EOFError:
            return False
        answer = answer.strip()
        if answer.lower() in ("q", "quit"):
            return False
        if answer:  # a move typed too soon: said, not silently dropped
            said = f"{escape(answer)!r} is not taken here"
            self.console.print(f"({said}: the move is asked for next.)")
        self.holder = seat
        missed = self.moves[self.seen[seat] :]
        if missed:
            self.console.print("Since your last turn:" if seat in self.turns else "So far:")
            for line in missed:  # each line of a deal's end indented, as its first is
                self.console.print(textwrap.indent(line, "  "))
        self.turns.add(seat)
        self.seen[seat] = len(self.moves)
        return True

    def show_each_person_the_end(self, state: State) -> None:
        """At the end of a private game, each person's own last view, one at a time."""
        for seat in sorted(self.humans):
            if not self.take(seat, "to see how the game ended"):
                break
            self.console.print(render(self.game, state.observation(seat), seat))
            try:
                self.read("Press Enter to hide it ")
            except EOFError:
                break
        self.hide()


def save_record(
    record: str, path: Path | None, fallback: Path, console: Console, what: str
) -> Path | None:
    """Write a record to ``path`` (None: ``fallback``) and say where.  A place that cannot
    be written is reported and the next is tried: ``fallback``, then a new temporary file;
    if none takes it the record is printed: a game is never lost to it."""
    for target in dict.fromkeys((path or fallback, fallback, None)):  # None: a temporary file
        try:
            written = _write_record(record, target)
        except OSError as err:
            shown = escape(str(target or "a temporary file"))
            console.print(f"[red]Cannot save to {shown}:[/red] {escape(str(err))}")
            continue
        shown = escape(str(written))
        taken = f"{escape(str(target))} is taken; " if target and written != target else ""
        command = escape(f"parlour replay {shlex.quote(str(written))}")  # as a shell takes it
        then = f"replay with: {command}" if written.is_file() else "not a file: no replay"
        console.print(f"[dim]{what} saved to {shown} ({taken}{then})[/dim]")
        return written
    console.print(f"[red]{what} not saved anywhere; its record, to keep by hand:[/red]")
    console.print(record, markup=False, highlight=False, soft_wrap=True)
    return None


def _write_record(record: str, target: Path | None) -> Path:
    """Write ``record`` to ``target`` whole (its folder made; a file already there is kept and a
    free name beside it used; a device or pipe, /dev/null, is written to), or to a new
    temporary file if None."""
    if target is None:
        handle, name = tempfile.mkstemp(prefix="parlour-", suffix=".json")
        with os.fdopen(handle, "w") as out:
            out.write(record)
        return Path(name)
    target.parent.mkdir(parents=True, exist_ok=True)
    if target.is_dir():
        raise IsADirectoryError(21, "a folder, not a file", str(target))
    if target.is_file():  # a record already there is kept; a device or pipe is written to
        target = _free_path(target)
    write_whole(target, record)  # a kill while writing leaves no half a record
    return target


def show_result(state: State, console: Console, names: dict[int, str] | None = None) -> None:
    table = Table(title="Result")
    table.add_column("Seat")
    table.add_column("Payoff", justify="right")
    for seat, value in enumerate(state.payoffs()):
        shown = int(value) if float(value).is_integer() else round(value, 3)
        table.add_row(seat_label(seat, names or {}), f"{shown:+}")
    console.print(table)


def _human_turn(
    game: Game,
    state: State,
    seat: int,
    console: Console,
    read: Callable[[str], str],
    agreements: str = "",
) -> bool:
    """Ask the human at ``seat`` for an action until one is legal; False if they quit.
    ``r`` tells the game's rules, then any ``agreements`` of the sitting."""
    observation = state.observation(seat)
    console.print(render(game, observation, seat))
    legal = state.legal_actions()
    numbered = len(legal) <= LIST_LIMIT
    hinter, rules = _HINTERS.get(game.name), _RULES.get(game.name)
    extra = ("  h = hint" if hinter else "") + ("  r = rules" if rules else "")
    title = f"Your move, seat {seat}"
    if not numbered:
        title += f": {len(legal):,} moves, too many to number; type one"
    choices = Panel(
        _choices(game, legal, observation), title=title, subtitle=f"q = quit{extra}  ? = list"
    )
    console.print(choices)
    while True:
        try:
            answer = read("> ").strip()
        except EOFError:
            return False
        if not answer:  # an empty line asks again, as a prompt does
            continue
        if answer.lower() in ("q", "quit"):
            return False
        if answer.lower() in ("h", "hint") and hinter:
            console.print(hinter(state, seat))
            continue
        if answer.lower() in ("r", "rules") and rules:
            told = rules(state, seat) + (f"\n{agreements}" if agreements else "")
            console.print(told, style="dim", markup=False)
            continue
        if answer.lower() in ("?", "help"):  # the lobby's word for help: the list again
            console.print(choices)
            continue
        if len(answer) > LONGEST_ANSWER:  # not echoed back: a pasted page would fill the screen
            console.print(f"[red]Not allowed:[/red] {len(answer):,} characters, longer than any "
                          "move; ? lists them")  # fmt: skip
            continue
        choice = _chosen(answer, legal, numbered)
        if choice is None:
            console.print(f"[red]Not allowed:[/red] {_number_help(len(legal), numbered)}")
            continue
        try:
            state.apply(choice)
            return True
        except IllegalAction as err:  # it may repeat what was typed: plain text, not markup
            console.print(f"[red]Not allowed:[/red] {escape(str(err))}")


def _choices(game: Game, legal: list[Action], observation: dict[str, Any]) -> RenderableType:
    """The legal actions as a numbered table; above :data:`LIST_LIMIT`, the game's summary
    of them (by default the first :data:`SHOWN` and a count)."""
    texts = [str(action) for action in legal]
    if len(legal) > LIST_LIMIT:
        summarise = _SUMMARISERS.get(game.name)
        return summarise(texts) if summarise else _first_few(game, texts)
    table = Table(show_header=False, box=None, padding=(0, 2))
    for number, text in enumerate(texts, 1):
        words = offered(game, text, observation)
        table.add_row(f"[bold]{number}[/bold]", words, f"[dim]{text}[/dim]")
    return table


def _first_few(game: Game, texts: list[str]) -> Table:
    """The generic summary: the first :data:`SHOWN` actions, unnumbered, and how many more."""
    table = Table(show_header=False, box=None, padding=(0, 2))
    for text in texts[:SHOWN]:
        table.add_row(describe(game, text), f"[dim]{text}[/dim]")
    if len(texts) > SHOWN:
        table.add_row(f"... and {len(texts) - SHOWN:,} more", "")
    return table


def _chosen(answer: str, legal: list[Action], numbered: bool) -> Action | None:
    """What an answer chooses: the action of that number where they are numbered, else the
    text as typed; None for a number that names no action (a negative one too).  Only the
    digits 0-9 are numbers here: int() would also read other scripts' digits.

    >>> _chosen("2", ["fold", "call"], True), _chosen("-1", ["fold"], True), _chosen("١", [], True)
    ('call', None, '١')
    """
    if answer.startswith("-") and digits(answer[1:]):
        return None
    if not digits(answer):
        return answer
    if numbered and (number := number_in(answer, len(legal))) is not None:
        return legal[number - 1]
    return answer if answer in {str(action) for action in legal} else None


def number_in(answer: str, most: int) -> int | None:
    """The number 1..``most`` that ``answer`` writes in the digits 0-9, else None.

    >>> number_in("2", 3), number_in("4", 3), number_in("١", 3), number_in("9" * 5000, 3)
    (2, None, None, None)
    """
    if digits(answer) and len(answer) <= 9 and 1 <= int(answer) <= most:  # int() refuses 4,300
        return int(answer)
    return None


def digits(text: str) -> bool:
    """Whether ``text`` is written in the digits 0-9 alone (int() also reads other scripts').

    >>> digits("12"), digits("١"), digits("")
    (True, False, False)
    """
    return text.isascii() and text.isdecimal()


def _number_help(count: int, numbered: bool) -> str:
    """How to answer after a number that names no action.

    >>> _number_help(1, True), _number_help(3, True)
    ('choose 1, the only action, or type it', 'choose a number from 1 to 3, or type the action')
    """
    if numbered and count == 1:
        return "choose 1, the only action, or type it"
    if numbered:
        return f"choose a number from 1 to {count}, or type the action"
    return f"type the action: {count:,} are too many to number"


def replay(
    game: Game,
    history: list[dict[str, Any]],
    seat: int | None,
    console: Console,
    names: dict[int, str] | None = None,
) -> State:
    """Rebuild a recorded game, print its actions in order and the final view of ``seat``
    (None: seat 0, or the whole table where the game registered a replayer of its own),
    calling the seats by ``names`` (as the game was played) where given, else "Seat N"."""
    named = _TABLE_NAMES.set(names or None)
    try:
        replayer = _REPLAYERS.get(game.name)
        if replayer is not None:
            return replayer(game, history, seat, console)
        seat = 0 if seat is None else seat
        state = game.replay(history)
        hear = _NEWS.get(game.name)
        if hear is not None:  # as the table heard it, with what each bet put up
            said = list(hear(state))
        else:  # the actions as the game wrote them (" s1 " typed in a record is "S1")
            said = [(e["seat"], describe(game, e["action"])) for e in state.history
                    if "action" in e]  # fmt: skip
        for who, words in said:
            console.print(_heard(who, words, names or {}))
        show_end(game, state, seat, console)
        return state
    finally:
        _TABLE_NAMES.reset(named)


#: a name a record may give a seat: words, numbers and #, nothing a screen would read as markup
_PLAIN_NAME = re.compile(r"[\w#' .-]{1,40}")


def recorded_names(record: dict[str, Any], players: int) -> dict[int, str] | None:
    """What a record says everyone was called (``names``, which :func:`play` saves), or None.

    ``names`` maps a seat's number, as text, to a name; anything else is refused naming the
    field, as the record is not one the game wrote.  A name that is text but not plain (a
    bot of one's own may be called ``mine[2]``, read as markup) is left out: that seat is
    called "Seat N", and the record, one a run may well write, still replays.

    >>> recorded_names({"names": {"1": "You", "0": "Bot 1"}}, 2)
    {1: 'You', 0: 'Bot 1'}
    >>> recorded_names({"names": {"2": "You"}}, 2)
    Traceback (most recent call last):
    ...
    parlour.game.GameOptionError: record: 'names' maps seats 0..1 to names: no seat '2'
    """
    saved = record.get("names")
    if saved is None:
        return None
    if not isinstance(saved, dict):
        raise GameOptionError(
            f"record: 'names' must map each seat to a name, not {short_repr(saved)}"
        )
    names = {}
    for key, name in saved.items():
        if not (isinstance(key, str) and _SEAT_KEY.fullmatch(key) and int(key) < players):
            raise GameOptionError(
                f"record: 'names' maps seats 0..{players - 1} to names: no seat {short_repr(key)}"
            )
        if not isinstance(name, str):
            raise GameOptionError(
                f"record: 'names' gives seat {key} {short_repr(name)}, not a name"
            )
        if _PLAIN_NAME.fullmatch(name):
            names[int(key)] = name
    return names or None


#: a seat's number as a record's ``names`` writes it (as :func:`str` writes it)
_SEAT_KEY = re.compile(r"0|[1-9][0-9]{0,5}")


def show_end(game: Game, state: State, seat: int, console: Console) -> None:
    """A replay's last words: the table as ``seat`` sees it, then the result, or that the
    record stops before the end (the game was left).  Where the record names ``seat`` other
    than "You", a line first says whose "your" the view's words are."""
    names = _TABLE_NAMES.get()
    if names and seat in names and not is_you(names[seat]):
        label = seat_label(seat, names)
        console.print(f"[dim]The table as {label} sees it; 'you' below means {label}:[/dim]")
    console.print(render(game, state.observation(seat), seat))
    if state.is_over:
        show_result(state, console, _TABLE_NAMES.get())
    else:
        console.print("[yellow]The game was left here, unfinished: it has no result.[/yellow]")
