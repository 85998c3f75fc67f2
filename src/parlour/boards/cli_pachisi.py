"""``parlour play pachisi``: the cross board drawn for a newcomer, and the play command."""

from __future__ import annotations

import re
from collections import deque
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.text import Text

from parlour import terminal
from parlour.boards.pachisi import PachisiState
from parlour.boards.pachisi_board import CASTLES, COLOURS, HOME, SQUARES, TRACK_CELL
from parlour.boards.pachisi_rules import RULE_SET_NAMES, THROW_TABLES, TITLES
from parlour.game import Game, State

_STYLE = {"S": "bold yellow", "E": "bold blue", "N": "bold red", "W": "bold green"}
_NAME = {"S": "South", "E": "East", "N": "North", "W": "West"}


def _how(observation: dict[str, Any]) -> str:
    """How a turn goes and who wins, in a newcomer's words, as the options in play have it
    (C.4, C.5)."""
    rules = observation["rules"]
    said = (_route(rules), _meeting(rules), _graces(rules), _options(rules),
            _winning(observation), _notation(rules))  # fmt: skip
    return "\n".join(line for line in said if line)


def _winning(observation: dict[str, Any]) -> str:
    """Who plays with whom, and who wins (C.4 step 10)."""
    sides: dict[int, list[str]] = {}
    for colour in observation["colours"]:
        sides.setdefault(observation["side"][colour], []).append(colour)
    if all(len(colours) == 1 for colours in sides.values()):
        return "The first colour with all four pieces home wins."
    teams = " against ".join(" and ".join(colours) for colours in sides.values())
    helps = (
        "; a colour with all its pieces home throws for its partner"
        if observation["rules"]["finished_player_helps_partner"]
        else ""
    )
    return f"{teams}: the first side with all its pieces home wins{helps}."


def _free_first(rules: dict[str, Any]) -> bool:
    """Whether each colour's first piece leaves the Charkoni on any throw (C.4 step 4)."""
    return rules["first_piece_free_entry"] and rules["pieces_start"] == "charkoni"


def _route(rules: dict[str, Any]) -> str:
    """Where pieces start and run, and how they reach home (C.2, C.4 step 7, C.5)."""
    if rules["pieces_start"] == "charkoni":
        start, steps = "Pieces leave the Charkoni (C) down their own middle column", 84
    else:
        start, steps = "Pieces start on step 1 of their own middle column", 83
    home = "home needs the exact throw" if rules["exact_finish"] else "a throw past home goes home"
    return (
        f"{start}, run anticlockwise round the cross and come back up the middle into the "
        f"Charkoni (C): {steps} steps. A throw moves one piece exactly its value; {home}."
    )


def _meeting(rules: dict[str, Any]) -> str:
    """What ending on other pieces does (C.4 steps 5-6, C.5)."""
    back = "C" if rules["captured_return_to"] == "charkoni" else "their start square"
    if rules["enemy_castle_landing"] == "forbidden":
        castle = "no piece may end on a castle an opponent holds"
    else:
        castle = "a piece may end beside opponents on a castle, hitting none"
    alone = "" if rules["stacking_outside_safe"] else " Pieces share only a × or their start."
    return f"Ending on opponents off a castle (×) sends them back to {back}; {castle}.{alone}"


def _graces(rules: dict[str, Any]) -> str:
    """What the graces and the throws-again do (C.3, C.4 steps 3-4 and 7)."""
    parts = ["a colour's first piece may enter on any throw"] if _free_first(rules) else []
    if rules["grace_throws"]:
        does = {
            "enter_on_square1_consumes_throw": "enter a piece on step 1",
            "enter_and_move_value": "enter a piece and move it their value",
            "dana_extra_step": "give the dāna, one extra step that enters a piece or moves one",
        }[rules["grace_entry_mode"]]
        graces = ", ".join(str(v) for v in rules["grace_throws"])
        parts.append(f"graces ({graces}) {does}")
        if rules["grace_bears_off"]:
            parts.append("a grace takes a piece on step 83 home")
    if rules["again_throws"]:
        again = ", ".join(str(v) for v in rules["again_throws"])
        cap = rules["max_throws_per_turn"]
        parts.append(f"{again} throw again" + (f", at most {cap} throws a turn" if cap else ""))
    return _sentence(parts)


#: the switches of C.8 in words, when on (``True``) or off (``False``) as a preset may set them
_SWITCHES = (
    ("accumulate_throws_until_stop", True,
     "throw on until a throw that does not throw again, then use them all"),
    ("triple_repeat_cancels", True,
     "three alike in a row do not count, and end the throwing"),
    ("capture_bonus_throw", True, "a hit earns another throw"),
    ("doubled_pieces_immune", True,
     "two or more pieces of one colour on a square cannot be hit: no opponent may end there"),
    ("blockades", True, "two or more pieces of one colour stop opponents passing"),
    ("allow_extra_circuit", True,
     "a piece passing step 76 may go round again instead of turning home (lap)"),
    ("may_pass", False, "a throw that can be used must be used: no pass"),
)  # fmt: skip


def _options(rules: dict[str, Any]) -> str:
    """The rule set's switches that change a turn (C.8), each as it is set."""
    parts = [words for name, when, words in _SWITCHES if bool(rules[name]) is when]
    return _sentence(parts)


def _sentence(parts: list[str]) -> str:
    """Clauses as one sentence: "A; b; c." ("" for none)."""
    text = "; ".join(parts)
    return f"{text[:1].upper()}{text[1:]}." if parts else ""


def _notation(rules: dict[str, Any]) -> str:
    """How the moves are written."""
    words = ["S12+10: the S piece on step 12 moves 10"]
    dana = rules["grace_entry_mode"] == "dana_extra_step"
    if dana:
        words.append("+1 is the dāna")
    if "charkoni" in (rules["pieces_start"], rules["captured_return_to"]):  # pieces enter
        if dana:
            words.append("S0+1: an S piece enters by it")
        elif rules["grace_entry_mode"] == "enter_and_move_value":
            words.append("S0+25: an S piece enters with the 25")
        else:  # C.4 step 4: a grace enters a piece on step 1; a free first one moves the throw
            throws = THROW_TABLES[rules["throw_table"]]
            grace = max((g for g in rules["grace_throws"] if g in throws), default=None)
            if grace is not None:  # (a grace the table never throws is never offered)
                words.append(f"S0+{grace} grace: an S piece enters on step 1 by the grace {grace}")
            if _free_first(rules):
                low = min(throws)
                words.append(f"S0+{low}: the first S piece enters free, moving the {low}")
    return "; ".join(words) + "."


_MOVE = re.compile(r"^([SENW])(\d+)\+(\d+)( lap| grace)?$")


def _where(observation: dict[str, Any]) -> dict[int, list[str]]:
    """Cell -> the colour letters of the pieces standing there, one a piece."""
    where: dict[int, list[str]] = {}
    for colour, positions in observation["pieces"].items():
        c = COLOURS.index(colour)
        for p in positions:
            if 0 < p < HOME:
                where.setdefault(TRACK_CELL[c][p], []).append(colour)
    return where


def _label(pieces: list[str]) -> str:
    """At most three characters for one square: ``S``, ``S3``, ``SE``, ``SEN``, or ``SE+``
    where more stand there than fit (the list below the board names them all)."""
    colours = "".join(c for c in COLOURS if c in pieces)
    if len(colours) == 1:
        return colours + (str(len(pieces)) if len(pieces) > 1 else "")
    return colours if len(colours) == len(pieces) <= 3 else colours[:2] + "+"


def _shared(where: dict[int, list[str]]) -> str:
    """A line naming, with counts, every colour on each square that several colours share."""
    stacks = [
        f"({SQUARES[cell][0]}, {SQUARES[cell][1]}) "
        + " ".join(f"{c}{pieces.count(c)}" for c in COLOURS if c in pieces)
        for cell, pieces in sorted(where.items())
        if len(set(pieces)) > 1
    ]
    return f"Shared squares (x, y): {'; '.join(stacks)}.\n" if stacks else ""


def _board(where: dict[int, list[str]], castles: frozenset[int]) -> Text:
    """The 19 x 19 cross, three characters a square: pieces by colour letter, castles ×."""
    cell_of = {xy: i for i, xy in enumerate(SQUARES)}
    out = Text()
    for y in range(18, -1, -1):
        out.append(f"{y:>2} ", style="dim")
        for x in range(19):
            if 8 <= x <= 10 and 8 <= y <= 10:
                label = {9: " C ", 10: "   ", 8: "   "}[y] if x == 9 else "   "
                out.append(label, style="bold magenta on grey23")
                continue
            cell = cell_of.get((x, y))
            if cell is None:
                out.append("   ")
                continue
            pieces = where.get(cell, [])
            if not pieces:
                out.append(
                    " × " if cell in castles else " · ", style="cyan" if cell in castles else "dim"
                )
                continue
            out.append(
                f"{_label(pieces):^3}",
                style=_STYLE[pieces[0]] + (" on grey30" if cell in castles else ""),
            )
        out.append("\n")
    out.append("   " + "".join(f"{x:^3}" for x in range(19)) + "\n", style="dim")
    return out


def render(observation: dict[str, Any], seat: int) -> Text:
    """The cross with every piece and castle, each colour's pieces, the throws and what happened."""
    castles = CASTLES[observation["castle_layout"]]
    where = _where(observation)
    out = _board(where, castles)
    out.append(_shared(where))
    mine = [c for c in observation["colours"] if observation["owner"][c] == seat]
    out.append(f"{TITLES[observation['ruleset']]}.  You play {_and(mine)}.\n")
    for colour in observation["colours"]:
        positions = observation["pieces"][colour]
        waiting = sum(1 for p in positions if p == 0)
        home = sum(1 for p in positions if p == HOME)
        track = [p for p in positions if 0 < p < HOME]
        out.append(f"{colour} {_NAME[colour]:<5}", style=_STYLE[colour])
        steps = " ".join(str(p) for p in track) or "-"
        out.append(
            f" — {_whose(observation, colour, seat)}: {waiting} to enter, "
            f"steps {steps}, {home} home\n"
        )
    if observation["winner"] is not None:
        out.append(f"Game over: {_won(observation, seat)}\n", style="bold")
    elif observation["drawn"]:
        out.append("Game over: drawn by the turn limit.\n", style="bold")
    else:
        turn = observation["turn"]
        throws = ", ".join("+1 (dāna)" if v == 1 else str(v) for v in observation["throws"])
        out.append(f"{_NAME[turn]}'s turn; throws to use: {throws}", style=_STYLE[turn])
        thrown = ", ".join(str(v) for v in observation["thrown"])
        out.append(f"  (thrown this turn: {thrown})\n")
    out.append(_lately(observation, seat), style="dim")
    if first_turn(observation, seat):  # once: r gives them again
        out.append(_how(observation) + "\n" + terminal.RULES_AGAIN, style="dim")
    out.rstrip()  # the last line's end: printing adds one
    return out


def _lately(observation: dict[str, Any], seat: int) -> str:
    """The notes from the player's last move or pass on (at least six, at most the log's LOG),
    so that a round of four colours is not cut off before the player sees it."""
    log = observation["log"]
    news = observation.get("news", 6)  # an observation saved before it was counted
    shown = log[-max(6, news) :]
    if not shown:
        return ""
    moved = observation.get("moves_by_seat", {seat: 1})[seat]
    since = "your last move" if moved else "the start"
    left = f" (the last {len(shown)} of {news} since {since})" if news > len(shown) else ""
    return f"Lately{left}:\n  " + "\n  ".join(shown) + "\n"


def first_turn(observation: dict[str, Any], seat: int) -> bool:
    """Whether ``seat`` has yet to make its first move, when the board tells how a turn goes:
    at every move it made a game of several hundred decisions thousands of lines longer."""
    over = observation["winner"] is not None or observation["drawn"]
    return not over and observation.get("moves_by_seat", {seat: 0})[seat] == 0


def _and(colours: list[str]) -> str:
    """Colour letters as names: "South", "South and North"."""
    return " and ".join(_NAME[c] for c in colours)


def _called(owner: int, seat: int) -> str:
    """A colour's player as the table calls him ("Bot 1 (seat 1)"), "you" for ``seat``."""
    return "you" if owner == seat else terminal.called(owner)


def _whose(observation: dict[str, Any], colour: str, seat: int) -> str:
    """Who plays ``colour`` and, in partnership, with which colour (PC-1, C.4 step 10): his
    partner's, or his own other colour where one player plays both (two players).

    >>> obs = {"colours": ["S", "E", "N", "W"], "owner": {"S": 0, "E": 1, "N": 0, "W": 1},
    ...        "side": {"S": 0, "E": 1, "N": 0, "W": 1}}
    >>> _whose(obs, "S", 0), _whose(obs, "E", 0)
    ('you, with North', 'seat 1, with West')
    """
    owner, side = observation["owner"], observation["side"]
    who = _called(owner[colour], seat)
    partners = [c for c in observation["colours"] if c != colour and side[c] == side[colour]]
    if not partners:
        return who
    own = all(owner[c] == owner[colour] for c in partners)
    return f"{who}, {'with' if own else 'partner of'} {_and(partners)}"


def _won(observation: dict[str, Any], seat: int) -> str:
    """The winning colours, and their players by name (C.4 step 10)."""
    colours = [c for c in observation["colours"] if observation["side"][c] == observation["winner"]]
    owners = list(dict.fromkeys(observation["owner"][c] for c in colours))
    owners.sort(key=lambda owner: owner != seat)  # "you and Bot 2 (seat 2) win"
    players = " and ".join(_called(owner, seat) for owner in owners)
    verb = "wins" if len(owners) == 1 and owners[0] != seat else "win"
    has = "has" if len(colours) == 1 else "have"
    return f"{_and(colours)} {has} every piece home: {players} {verb}."


def describe(text: str) -> str:
    """A newcomer's words for an action's notation."""
    if text == "pass":
        return "pass: give up the throws still in hand"
    m = _MOVE.match(text)
    if not m:
        return text
    colour, start, value, tail = m[1], int(m[2]), int(m[3]), m[4]
    what = "the extra one step (dāna)" if value == 1 else f"the {value}"
    if tail == " grace":
        words = f"enter one {colour} piece by the grace {value}, on step 1"
    elif start == 0:
        words = f"enter one {colour} piece with {what}"
    else:
        words = f"move the {colour} piece on step {start} with {what}"
        if tail == " lap":
            words += ", going round again"
        elif start + value >= HOME:
            words += ", home"
        else:
            words += f" to step {start + value}"
    return words


def replay(game: Game, history: list[dict[str, Any]], seat: int | None, console: Console) -> State:
    """A saved game action by action, with what the table was told between them: the throws,
    those given up or forfeited, the hits; then the board as ``seat`` (default 0) saw it."""
    state = game.replay(history)
    assert isinstance(state, PachisiState)
    told = deque(state.told)
    for number, entry in enumerate([*state.history, {}]):
        while told and told[0][0] <= number:  # told before this entry was made
            console.print(Text.assemble(("The table: ", "dim"), told.popleft()[1]))
        if "action" in entry:
            who = terminal.called(entry["seat"], "Seat")
            console.print(Text.assemble((f"{who}: ", "dim"), describe(entry["action"])))
    terminal.show_end(game, state, 0 if seat is None else seat, console)
    return state


terminal.register_renderer(
    "pachisi",
    render,
    describe,
    terminal.bot_hint(),
    rules=lambda state, seat: _how(state.observation(seat)),
    replayer=replay,
)


def register(app: typer.Typer, play_app: typer.Typer) -> None:
    """Add ``parlour play pachisi``."""

    @play_app.command("pachisi")
    def play_pachisi(
        players: int = typer.Option(
            4, help="2, 3 or 4 players (2: each runs two colours, one colour each under pachih)."
        ),
        rules: str = typer.Option(
            None,
            "--rules",
            "--preset",  # as the other games name their rule sets
            help="Rule set: standard (the default), herklots6, herklots7, pachih, humphries.",
        ),
        rule: list[str] = typer.Option(
            [], help="A rule option KEY=VALUE (e.g. may_pass=false); repeatable."
        ),
        bot: str = typer.Option(
            "strong",
            "--bot",
            "--bots",
            help="The other seats: random, greedy or strong." + terminal.BOTS_HELP,
        ),
        seat: int = typer.Option(0, help="Your seat (0 plays South, the bottom arm)."),
        humans: int = typer.Option(1, help=terminal.HUMANS_HELP),
        seed: int = typer.Option(None, help="Seed for the throws (default: truly random)."),
        save: Path = typer.Option(None, help=terminal.SAVE_HELP, parser=terminal.save_path),
    ) -> None:
        """Pachisi / pachih, the cross-and-circle race game with cowrie throws."""
        # rules= is the flag's own option: refused as such (use --rules, not --rule rules)
        ruled = terminal.parse_rule_options(rule)
        named = [k for k in ruled if k in RULE_SET_NAMES and k != "rules"]
        if rules is not None and named:  # the game would call the flag rules=
            from parlour.cli import fail

            raise fail(
                f"--preset/--rules {rules} names the rule set, and so does --rule "
                f"{named[0]}: give one"
            )
        terminal.play_against_bots(
            "pachisi", {"players": players, "rules": rules}, rules=rule, seat=seat,
            humans=humans, bot=bot, seed=seed, save=save,
        )  # fmt: skip
