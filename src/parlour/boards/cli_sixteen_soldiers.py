"""``parlour play sixteen-soldiers``: the board drawn for a newcomer, and the play command."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

import typer
from rich.text import Text

from parlour import terminal
from parlour.boards.sixteen_soldiers import PRESETS, SIDES
from parlour.boards.sixteen_soldiers_board import FILES, Board, load_board
from parlour.wording import ordinal

_PIECE = {"S": ("S", "bold green"), "N": ("N", "bold red"), ".": ("·", "dim")}


def how_to_play(rules: dict[str, Any]) -> str:
    """How to move and win, as the rules in play have them (SS-2..SS-5, A.7), in 80 columns.

    >>> from dataclasses import asdict
    >>> from parlour.boards.sixteen_soldiers import SixteenSoldiersRules
    >>> print(how_to_play(asdict(SixteenSoldiersRules(capture_mandatory=True))).splitlines()[1])
    point beyond and go on jumping as long as you like; when a capture is open you
    """
    if rules["chain_continuation"] == "mandatory_until_exhausted":
        chain = "go on jumping while a capture remains"
    else:
        chain = "go on jumping as long as you like"
    if rules["huffing"]:
        capture = (
            "you may decline a capture, but then your opponent may huff (remove) the piece "
            "that could have made it"
        )
    elif rules["capture_mandatory"]:
        capture = "when a capture is open you must capture"
    else:
        capture = "capturing is optional"
    return textwrap.fill(
        "Step one point along any line, or jump an adjacent enemy piece to the empty point "
        f"beyond and {chain}; {capture}. Write a step as b4-c5 and a capture chain as "
        "b4xb6xd6 (every landing point), or give its number in the list. A player who has "
        f"no piece left, or cannot move, loses.{_lifted(rules)}{_drawn(rules)}",
        80,
    )


def _lifted(rules: dict[str, Any]) -> str:
    """When the pieces a chain takes leave the board, where it is not at once (A.7)."""
    if rules["capture_removal"] != "end_of_chain":
        return ""
    return " Pieces a chain takes are lifted only when it ends: it may not land where it took."


def _drawn(rules: dict[str, Any]) -> str:
    """The safeguard's draws (A.7: the sources have none)."""
    ways = []
    if rules["draw_rule"] == "safeguard":
        if rules["repetition_count"]:
            ways.append(f"a position comes round a {ordinal(rules['repetition_count'])} time")
        if rules["no_capture_plies"]:
            ways.append(f"{rules['no_capture_plies']} moves pass with no capture")
    return f" The game is drawn when {' or '.join(ways)}." if ways else ""


def _board_for(observation: dict[str, Any]) -> Board:
    return load_board(observation["board_variant"])


def _canvas(board: Board) -> tuple[list[list[str]], dict[int, tuple[int, int]]]:
    """The lines of the board as characters, and where each point is drawn (row, column)."""
    ys = [y for _, y in board.coords]
    top, bottom = max(ys), min(ys)
    rows, cols = 2 * (top - bottom) + 1, 4 * 4 + 1
    grid = [[" "] * cols for _ in range(rows)]
    where = {p: (2 * (top - y), 4 * x) for p, (x, y) in enumerate(board.coords)}
    for a, b in board.edges:
        (r1, c1), (r2, c2) = sorted((where[a], where[b]))
        if r1 == r2:
            for c in range(min(c1, c2) + 1, max(c1, c2)):
                grid[r1][c] = "-"
        elif c1 == c2:
            for r in range(r1 + 1, r2):
                grid[r][c1] = "|"
        else:
            mark = "/" if c2 < c1 else "\\"
            r, c = r1 + 1, (c1 + c2) // 2
            grid[r][c] = "X" if grid[r][c] in "/\\" and grid[r][c] != mark else mark
    return grid, where


def render(observation: dict[str, Any], seat: int) -> Text:
    """The board with rank numbers and file letters (the point names), pieces and the state."""
    board = _board_for(observation)
    grid, where = _canvas(board)
    cells = observation["board"]
    ranks = {where[p][0]: label[1:] for p, label in enumerate(board.labels)}
    out = Text()
    for r, row in enumerate(grid):
        out.append(f"{ranks.get(r, ''):>3}  ", style="cyan")
        points = {where[p][1]: p for p in range(board.size) if where[p][0] == r}
        for c, ch in enumerate(row):
            if c in points:
                shown, style = _PIECE[cells[points[c]]]
                out.append(shown, style=style)
            else:
                out.append(ch, style="blue")
        out.append("\n")
    out.append("     " + "   ".join(FILES) + "\n", style="cyan")
    out.append(_status(observation, seat))
    if first_turn(observation):  # once: r gives them again
        out.append(f"\n{how_to_play(observation['rules'])}\n{terminal.RULES_AGAIN}", style="dim")
    return out


def first_turn(observation: dict[str, Any]) -> bool:
    """Whether the game is still at each side's first turn (fewer than two moves made), when
    the board tells how to play (at every turn they made a game twice as long)."""
    return not observation["over"] and observation.get("moves_made", 0) < 2


def _pieces(count: int) -> str:
    return "1 piece" if count == 1 else f"{count} pieces"


def _status(observation: dict[str, Any], seat: int) -> str:
    south, north = observation["pieces"]
    lines = [
        f"S = South (seat 0, bottom): {_pieces(south)}.  "
        f"N = North (seat 1, top): {_pieces(north)}.",
        f"You are {SIDES[seat].title()}.",
    ]
    if observation["last_move"]:
        last = observation["last_move"]
        lines.append(f"Last move: {last} ({describe(last)}).")
    if observation["huffable"]:
        lines.append(
            "Your opponent failed to capture: you may huff (remove) "
            + ", ".join(observation["huffable"])
            + " before you move."
        )
    if observation["over"]:
        winner = observation["winner"]
        if winner is None:
            lines.append(f"Game over: a draw: {observation['draw']}.")
        else:
            lines.append(f"Game over: {_win(winner, observation['pieces'])}")
    else:
        mover = SIDES[observation["to_move"]].title()
        quiet = observation["moves_without_capture"]
        lines.append(f"{mover} to move (moves since the last capture: {quiet}).")
    return "\n".join(lines)


def _win(winner: int, pieces: list[int]) -> str:
    """Which of SS-5's two wins: every enemy piece taken, or the enemy cannot move."""
    loser = SIDES[1 - winner].title()
    how = "has no piece left" if not pieces[1 - winner] else "cannot move"
    return f"{SIDES[winner].title()} wins: {loser} {how} (SS-5)."


def describe(text: str) -> str:
    """A newcomer's words for a move's notation."""
    if text.startswith("huff "):
        return f"huff: remove the enemy piece on {text[5:]}, which failed to capture"
    if "x" in text:
        points = text.split("x")
        taken = _pieces(len(points) - 1)
        return f"jump from {points[0]} to {' to '.join(points[1:])}, capturing {taken}"
    start, _, end = text.partition("-")
    return f"step from {start} to {end}" if end else text


def summarise(texts: list[str]) -> str:
    """Too many moves to number, in a line a piece: its steps, how many capture chains it
    has and one of the longest (every chain and each of its prefixes is a move, SS-3).

    >>> print(summarise(["huff c3", "c3-b4", "c3xc5", "c3xc5xe7", "c3xa5", "a1-a2"]))
    huff c3
    c3: steps to b4; 3 capture chains, the longest taking 2: c3xc5xe7
    a1: steps to a2
    """
    huffs = [text for text in texts if text.startswith("huff ")]
    by_piece: dict[str, list[str]] = {}
    for text in texts:
        if not text.startswith("huff "):
            by_piece.setdefault(text[:2], []).append(text)
    lines = [", ".join(huffs)] if huffs else []
    lines += [f"{piece}: {_piece_moves(moves)}" for piece, moves in by_piece.items()]
    return "\n".join(lines)


def _piece_moves(moves: list[str]) -> str:
    """One piece's steps and capture chains in a few words."""
    steps = [move[3:] for move in moves if "-" in move]
    chains = [move for move in moves if "x" in move]
    said = [f"steps to {' '.join(steps)}"] if steps else []
    if chains:
        longest = max(chains, key=lambda chain: chain.count("x"))
        said.append(
            f"{len(chains):,} capture chains, the longest taking {longest.count('x')}: {longest}"
        )
    return "; ".join(said)


terminal.register_renderer(
    "sixteen-soldiers",
    render,
    describe,
    terminal.bot_hint(max_nodes=25_000),
    summarise,
    rules=lambda state, seat: how_to_play(state.observation(seat)["rules"]),
)


def register(app: typer.Typer, play_app: typer.Typer) -> None:
    """Add ``parlour play sixteen-soldiers``."""

    @play_app.command("sixteen-soldiers")
    def play_sixteen_soldiers(
        bot: str = typer.Option(
            "strong", "--bot", "--bots", help="The opponent: random, greedy, careful or strong."
        ),
        seat: int = typer.Option(0, help="Your seat: 0 = South (bottom), 1 = North (top)."),
        humans: int = typer.Option(1, help=terminal.HUMANS_HELP),
        preset: str = typer.Option(
            None,
            help="Rule preset: "
            + ", ".join(
                f"{name} (the rule book's game)" if name == "seed" else name for name in PRESETS
            )
            + ".",
        ),
        rule: list[str] = typer.Option(
            [], help="A rule option KEY=VALUE (e.g. capture_mandatory=true); repeatable."
        ),
        think: float = typer.Option(1.0, help="Seconds the strong player thinks a move."),
        seed: int = typer.Option(None, help="Seed for the bot's ties."),
        save: Path = typer.Option(None, help=terminal.SAVE_HELP, parser=terminal.save_path),
    ) -> None:
        """Sixteen Soldiers, the 37-point draughts game that the old book calls Pachîsî."""
        terminal.play_against_bots(
            "sixteen-soldiers", {"preset": preset}, rules=rule, seat=seat, humans=humans,
            bot=bot, seed=seed, save=save,
            think=think,
        )  # fmt: skip
