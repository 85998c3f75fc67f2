"""Drawing a Poker Patience observation in the terminal (rich), and the hint text.

The seat's own tableau comes first: its cards, the cells where the card may go marked with
their names, each row's hand and points at the right, each column's below.  With several
players the other tableaux follow, smaller and side by side (cards and points only), and at
the end the settlement.
"""

from __future__ import annotations

from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from parlour import terminal
from parlour.cards import Card
from parlour.game import State
from parlour.patience.scoring import CATEGORIES, TABLES, category, parse_table
from parlour.patience.settlement import settle
from parlour.patience.tableau import Frame

_SHORT = {
    "no-pair": "-", "one-pair": "pair", "two-pairs": "2 pairs", "threes": "threes",
    "straight": "straight", "flush": "flush", "full-house": "full", "fours": "fours",
    "straight-flush": "str. flush", "royal-flush": "royal",
}  # fmt: skip


def card_text(text: str | None) -> Text:
    """A card with its suit symbol, red for hearts and diamonds."""
    if text is None:
        return Text("")
    card = Card(text)
    return Text(card.pretty(), style="bold red" if card.suit in (1, 2) else "bold")


def scoring_legend(values: list[int] | tuple[int, ...]) -> str:
    """The table in force, named where it has a name, shown under the player's tableau.

    >>> scoring_legend([0, 1, 3, 6, 12, 5, 10, 16, 30, 30]).split(", ")[:2]
    ['English scoring (PP-4): pair 1', '2 pairs 3']
    >>> scoring_legend(list(range(10))).split(", ")[-1]
    'royal 9'

    A line of no pair is named only where a table of the players' own scores it:
    >>> scoring_legend([-1, 1, 3, 6, 12, 5, 10, 16, 30, 30]).split(", ")[0]
    'Scoring: no pair -1'
    """
    name = next((n for n, t in TABLES.items() if tuple(values) == t), None)
    head = {"english": "English scoring (PP-4)", "american": "American scoring"}.get(
        name or "", "Scoring"
    )
    points = ", ".join(
        f"{'no pair' if c == 'no-pair' else _SHORT[c]} {v}"
        for c, v in zip(CATEGORIES, values, strict=True)
        if c != "no-pair" or v
    )
    return f"{head}: {points}"


def settlement_words(scores: list[int], nets: list[int]) -> str:
    """Each seat's score and what he pays or receives.

    >>> settlement_words([78, 81], [-3, 3])
    'seat 0 scores 78 and pays 3; seat 1 scores 81 and receives 3'
    >>> settlement_words([5, 5], [0, 0])
    'seat 0 scores 5 and is quits; seat 1 scores 5 and is quits'
    """
    words = []
    for seat, (score, net) in enumerate(zip(scores, nets, strict=True)):
        who = terminal.called(seat)
        you = terminal.is_you(who)  # the verbs agree: "You (seat 0) score 78 and pay 3"
        if net:
            owes = f"{'pay' if you else 'pays'} {-net}" if net < 0 else (
                f"{'receive' if you else 'receives'} {net}")  # fmt: skip
        else:
            owes = "are quits" if you else "is quits"
        words.append(f"{who} {'score' if you else 'scores'} {score} and {owes}")
    return "; ".join(words)


def _window(frame: Frame, layout: list[int | None], marks: set[int]) -> tuple[range, range]:
    """The rows and columns worth drawing: the cards down and the cells open to the next card."""
    if not frame.floating:
        return range(5), range(5)
    used = [i for i, c in enumerate(layout) if c is not None] + sorted(marks)
    if not used:
        return range(4, 5), range(4, 5)
    rows = [i // frame.size for i in used]
    cols = [i % frame.size for i in used]
    return range(min(rows), max(rows) + 1), range(min(cols), max(cols) + 1)


class _Lines:
    """One seat's tableau read for drawing: its frame, cards, and each line's hand and points."""

    def __init__(self, observation: dict[str, Any], seat: int) -> None:
        self.frame = Frame.of(observation["grid"])
        self.points = parse_table(",".join(str(v) for v in observation["scoring"]))
        self.cells: list[str | None] = observation["tableaux"][seat]
        self.layout = [None if c is None else int(Card(c)) for c in self.cells]

    def summary(self, indices: list[int]) -> tuple[str, str]:
        """The hand and points of the cards in ``indices``; nothing for no card (PP-4)."""
        held = [self.layout[i] for i in indices if self.layout[i] is not None]
        if not held:
            return "", ""
        cat = category(held)  # type: ignore[arg-type]
        return _SHORT[CATEGORIES[cat]], str(self.points[cat])


def tableau_table(
    observation: dict[str, Any], seat: int, mark_legal: bool, title: str
) -> RenderableType:
    """One player's tableau as a rich table with line hands and points."""
    lines = _Lines(observation, seat)
    frame, cells, layout, line_summary = lines.frame, lines.cells, lines.layout, lines.summary
    marks = set(frame.legal(layout)) if mark_legal else set()
    rows, cols = _window(frame, layout, marks)
    grid = Table(title=title, show_lines=True, header_style="dim")
    grid.add_column("")
    for c in cols:
        grid.add_column("abcdefghi"[c], justify="center", min_width=4)
    grid.add_column("hand", style="cyan")
    grid.add_column("pts", justify="right", style="cyan")

    for r in rows:
        line = [r * frame.size + c for c in range(frame.size)]
        hand, pts = line_summary(line)
        shown: list[Text] = []
        for c in cols:
            i = r * frame.size + c
            if layout[i] is not None:
                shown.append(card_text(cells[i]))
            elif i in marks:
                shown.append(Text(frame.name(i), style="green"))
            else:
                shown.append(Text("·", style="dim"))
        grid.add_row(str(r + 1), *shown, hand, pts)
    col_hands, col_pts = [], []
    for c in cols:
        hand, pts = line_summary([r * frame.size + c for r in range(frame.size)])
        col_hands.append(Text(hand, style="cyan"))
        col_pts.append(Text(pts, style="cyan"))
    grid.add_row("hand", *col_hands, "", "")
    grid.add_row("pts", *col_pts, "", Text(str(observation["scores"][seat]), style="bold"))
    return grid


def small_tableau(observation: dict[str, Any], seat: int, title: str) -> RenderableType:
    """Another player's tableau, small: his cards, each row's points at the right, each
    column's below them, and his total in the corner."""
    lines = _Lines(observation, seat)
    frame, size = lines.frame, lines.frame.size
    rows, cols = _window(frame, lines.layout, set())
    grid = Table(box=None, padding=(0, 1, 0, 0), header_style="dim")
    grid.add_column("", style="dim", justify="right")
    for c in cols:
        grid.add_column("abcdefghi"[c], min_width=2)
    grid.add_column("", justify="right", style="cyan")
    for r in rows:
        line = [r * size + c for c in range(size)]
        shown = [card_text(lines.cells[i]) if lines.cells[i] else Text("·", style="dim")
                 for i in line if i % size in cols]  # fmt: skip
        grid.add_row(str(r + 1), *shown, lines.summary(line)[1])
    col_pts = [Text(lines.summary([r * size + c for r in range(size)])[1], style="cyan")
               for c in cols]  # fmt: skip
    grid.add_row("", *col_pts, Text(str(observation["scores"][seat]), style="bold"))
    return Group(Text(title, style="bold"), grid)


def render(observation: dict[str, Any], seat: int) -> RenderableType:
    """The whole view of ``seat``: card to place, own tableau, the others, the settlement."""
    parts: list[RenderableType] = []
    players = observation["players"]
    card = observation["card"]
    mine = observation["to_move"] == seat and card is not None
    if card is not None:
        head = Text.assemble(
            "Card to place: ", card_text(card), f"   (card {observation['number']} of 25)"
        )
        if players > 1 and observation["to_move"] != seat:
            head.append(f"   {terminal.called(observation['to_move'])} is laying it")
        parts.append(head)
    score = observation["scores"][seat]
    points = f"{score} point{'' if abs(score) == 1 else 's'}"
    title = f"Your tableau (seat {seat}): {points}" if players > 1 else points
    parts.append(tableau_table(observation, seat, mine, title))
    parts.append(Text(scoring_legend(observation["scoring"]), style="dim"))
    others = [
        small_tableau(observation, other, f"{terminal.called(other, 'Seat')}: {points}")
        for other, points in enumerate(observation["scores"])
        if other != seat
    ]
    if others:
        parts.append(Columns(others, padding=(1, 3)))
    if card is None:
        scores = observation["scores"]
        if players == 1:
            parts.append(Text(f"Final score: {scores[0]}", style="bold"))
        else:
            method, stake = observation["settlement"], observation["stake"]
            nets = settle(scores, stake, method)
            rule = {"pairwise": "PP-6", "total": "PP-7"}[method]
            per = f", {stake} a point" if stake != 1 else ""
            words = settlement_words(scores, nets)
            parts.append(Text(f"Final scores and settlement ({rule}{per}): {words}.", style="bold"))
    return Group(*parts)


def describe(action: str) -> str:
    """The words for an action: the cell the card goes to."""
    return f"lays the card on {action}"


def hint(state: State, seat: int) -> str:
    """Where the strong player would lay the card, and the expected final score of each cell."""
    from parlour.bots import make

    legal = state.legal_actions()
    # every cell, each with the same rollouts, so the figures compare and the best comes first
    bot = make("strong", state.game, seed=0, width=len(legal), halving=False)
    ranked = bot.evaluate(state.observation(seat), legal, always=True)  # type: ignore[attr-defined]
    ranked.sort(key=lambda pair: -pair[1])
    shown = ", ".join(f"{a} {v:.1f}" for a, v in ranked)
    alike = (
        " (a cell in an empty row or column stands for those like it)"
        if len(ranked) < len(legal)
        else ""
    )
    return (
        f"The strong player would lay the card on {ranked[0][0]}. "
        f"Expected final score by cell (best first): {shown}{alike}"
    )
