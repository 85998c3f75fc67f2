"""``parlour play poker-patience``: lay out the deal yourself, alone or against bots."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.text import Text

from parlour import terminal
from parlour.cards import Card
from parlour.game import Game, GameOptionError, State
from parlour.patience.game import PatienceState
from parlour.patience.learn import cache_dir, is_ready
from parlour.patience.render import card_text, describe, hint, render
from parlour.patience.rules import PatienceRules
from parlour.patience.scoring import CATEGORIES, TABLES
from parlour.wording import PLAYERS, Line, line, summary, when

_GRIDS = {
    "floating": "Grid: floating, as the seed has it: the first card anywhere, each later card "
    "next to one already down (above, below, beside or corner to corner), ending as five rows "
    "of five (PP-2, PP-3)",
    "fixed": "Grid: fixed, a square of five by five, any empty cell (Poker Squares, not the "
    "seed's PP-2)",
}
_SETTLEMENTS = {
    "pairwise": "Settlement: each loser pays each winner the difference of their scores (PP-6)",
    "total": "Settlement: each receives his score times the players, less all the scores (PP-7)",
}


def _scoring(table: tuple[int, ...]) -> str:
    """The point table by name (or "agreed"), its ten values high to low."""
    name = next((f"the {n.capitalize()}" for n, v in TABLES.items() if v == table), "an agreed")
    values = ", ".join(
        f"{c.replace('-', ' ')} {v}" for c, v in reversed(list(zip(CATEGORIES, table, strict=True)))
    )
    book = "PP-4" if table == TABLES["english"] else "in place of the book's English one, PP-4"
    return f"Scoring, {name} table: {values} ({book})"


#: Poker Patience's options, each worded (its dataclass has no field that does not change play)
LINES: tuple[Line, ...] = (
    PLAYERS,
    line("grid", "", lambda r, n: _GRIDS.get(r.grid, r.grid)),
    line("scoring", "", lambda r, n: _scoring(r.table)),
    line("settlement", "", lambda r, n: when(n > 1, _SETTLEMENTS.get(r.settlement, ""))),
    line("stake", "PP-5", lambda r, n: when(n > 1, f"Stake: {r.stake} a point")),
)  # fmt: skip


def rules_in_play(state: State, seat: int) -> str:
    """The rules of this Poker Patience, a line an option, for ``r`` at a turn."""
    game = state.game
    return summary("Poker Patience: the rules in play", game.rules, game.num_players, LINES)


def _laid(state: PatienceState) -> list[tuple[str, str]]:
    """Each card laid, in turn: the card, then where each player who has laid it laid it."""
    players = state.game.num_players
    laid = [entry for entry in state.history if "action" in entry]  # each with its seat
    return [
        (
            str(Card(state.deck[first // players])),
            ", ".join(
                f"{terminal.called(e['seat'])} on {e['action']}"
                if players > 1
                else f"on {e['action']}"
                for e in laid[first : first + players]
            ),
        )
        for first in range(0, len(laid), players)
    ]


def news(state: State) -> list[tuple[int, str]]:
    """What the table is told: with others at it, each card once all have laid it, and where
    (PP-5: until then where anyone laid it is not told), one line for all of them."""
    assert isinstance(state, PatienceState)
    players = state.game.num_players
    whole = sum(1 for entry in state.history if "action" in entry) // players
    laid = enumerate(_laid(state)[:whole] if players > 1 else [], 1)
    return [(-1, f"Card {n}: {Card(card).pretty()}  {where}") for n, (card, where) in laid]


def replay(game: Game, history: list[dict[str, Any]], seat: int | None, console: Console) -> State:
    """A saved deal card by card (the card, then where each player laid it), then the
    tableaux as ``seat`` (default 0) saw them at the end."""
    state = game.replay(history)
    assert isinstance(state, PatienceState)
    for number, (card, where) in enumerate(_laid(state), 1):
        console.print(Text.assemble((f"Card {number}: ", "dim"), card_text(card), f"  {where}"))
    terminal.show_end(game, state, 0 if seat is None else seat, console)
    return state


# PP-5: every one lays the card by his own judgment, at once; where the seats before laid it
# is not told, nor shown (the observation hides it), and people pass the keyboard; once all
# have laid it the table is told where, in one line
terminal.register_renderer(
    "poker-patience",
    render,
    describe,
    hint,
    private=True,
    news=news,
    replayer=replay,
    rules=rules_in_play,
)


def register(app: typer.Typer, play_app: typer.Typer) -> None:
    """Add the Poker Patience command to ``parlour play``."""

    @play_app.command("poker-patience")
    def play_poker_patience(
        players: int = typer.Option(
            None, help="Players, one deal for all (PP-5); default: the humans. Bots fill the rest."
        ),
        humans: int = typer.Option(1, help=terminal.HUMANS_HELP.replace("--seat", "seat 0")),
        grid: str = typer.Option(
            "floating", help="floating (the book's rule, PP-2) or fixed (5x5)."
        ),
        scoring: str = typer.Option(
            "english",
            help="english (PP-4), american, or ten values for no-pair, one-pair, two-pairs, "
            "threes, straight, flush, full-house, fours, straight-flush, royal-flush in that "
            "order, low to high: the English table is 0,1,3,6,12,5,10,16,30,30.",
        ),
        settlement: str = typer.Option(
            "pairwise", help="pairwise (each pair pays the difference, PP-6) or total (PP-7)."
        ),
        stake: int = typer.Option(
            1, help="Units paid per point of difference: the 'agreed scale' of PP-5."
        ),
        bot: str = typer.Option(
            "strong",
            "--bot",
            "--bots",
            help="The other players: random, greedy, fast, strong." + terminal.BOTS_HELP,
        ),
        seed: int = typer.Option(None, help="Deal this seed (default: a secure shuffle)."),
        save: Path = typer.Option(None, help=terminal.SAVE_HELP, parser=terminal.save_path),
    ) -> None:
        """Poker Patience: 25 cards in five rows of five, scored as ten poker hands."""
        from parlour.cli import fail
        from parlour.patience.game import PokerPatience

        if players is None:  # one deal for the people alone: --humans names the count
            players = max(humans, 1)
            if not 1 <= humans <= PokerPatience.max_players:
                raise fail(f"--humans must be 1..{PokerPatience.max_players}, not {humans}")
        options = {"players": players, "grid": grid, "scoring": scoring}
        options |= {"settlement": settlement, "stake": stake}
        _say_if_values_must_be_learned(grid, scoring)
        terminal.play_against_bots(
            "poker-patience", options, humans=humans, bot=bot, seed=seed, save=save
        )


def _say_if_values_must_be_learned(grid: str, scoring: str) -> None:
    """A table the package does not ship makes the players learn first: say so, not hang."""
    try:
        rules = PatienceRules(grid=grid, scoring=scoring)
    except GameOptionError:
        return  # play_against_bots reports it
    if not is_ready(rules.table, rules.grid == "floating"):
        typer.echo(
            "This scoring table is new: before their first move or hint the players learn "
            f"its line values by self-play (about 20 seconds; then kept in {cache_dir()}, "
            "or learned again next time if that folder cannot be written).",
            err=True,
        )
