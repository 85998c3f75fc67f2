"""The ``parlour rank``, ``parlour odds frequencies`` and ``parlour odds draw`` commands.

``parlour rank "As Ks Qs Js Ts" --pack 44 --joker wild`` names a hand's category and value;
``parlour odds frequencies --pack 48 --joker bug`` prints the exact table of every hand;
``parlour odds draw "Kc Kd Kh 9s 2c" --throw "9s 2c"`` counts every draw.
Bad input exits with status 2 and a message naming the card and the rule.
"""

from __future__ import annotations

from typing import Any

import typer

SPECIALS = {
    "blaze": "blaze",
    "tigers-dogs": "tigers_dogs",
    "tiger-1895": "tiger_1895",
    "skip-straight": "skip_straight",
    "skip-ace-low": "skip_ace_low",
    "five-and-dime": "five_and_dime",
    "skeet": "skeet",
    "bobtails": "bobtails",
    "canadian": "canadian",
}

# a flag left out is None, so that ``--option`` may set its rule (and is refused beside it)
_PACK = typer.Option(
    None,
    "--pack",
    help="Natural cards: 52, 48, 44, 40, 36, 32, 60 or 20 (C-1..C-5).",
    show_default="52",
)
_JOKER = typer.Option(
    None,
    "--joker",
    help="The Joker: none, wild (R2.7) or bug (R2.8) (C-4).",
    show_default="none",
)
_SPECIALS = typer.Option(
    "",
    "--specials",
    help="Special hands, comma-separated: " + ", ".join(SPECIALS) + " (R2.9-R2.12).",
)
_ACE = typer.Option(
    None,
    "--ace",
    help="Ace in straights: high-or-low, low-only, high-only (H-6).",
    show_default="high-or-low",
)
_CORNER = typer.Option(False, "--corner", help="Round-the-corner straights (R1.5).")
_NO_STRIP_ACE = typer.Option(
    False, "--no-strip-ace-low", help="No A-4-5-6-7 style straight in stripped packs (R1.7)."
)
_FLUSH_FULL = typer.Option(
    False, "--flush-beats-full", help="The flush beats the full house (R1.8)."
)
_STRAIGHTS = typer.Option(
    None,
    "--straights",
    help="Straights: normal, below-threes, not-recognised (H-13).",
    show_default="normal",
)
_OPTION = typer.Option(
    None,
    "--option",
    help="Any other ranking option as NAME=VALUE (e.g. skeet_placement=above-straight).",
)


def build_ranking(
    pack: int | None = None,
    joker: str | None = None,
    specials: str = "",
    ace: str | None = None,
    corner: bool = False,
    no_strip_ace_low: bool = False,
    flush_beats_full: bool = False,
    straights: str | None = None,
    option: list[str] | None = None,
) -> Any:
    """The :class:`Ranking` the command-line options name (None: a flag not given, its rule
    left to ``--option`` or the ranking's default); a rule set both by a flag and by
    ``--option`` is refused, as ``parlour play`` refuses ``--rule``.  Raises ``typer.Exit(2)``
    on error."""
    from parlour.cards import CardError
    from parlour.cli import fail
    from parlour.game import GameOptionError
    from parlour.poker.ranking import Ranking
    from parlour.terminal import command_options

    flags: dict[str, Any] = {
        "pack": pack, "joker": joker, "ace_in_straights": ace, "straight_rank": straights,
        "corner_straights": corner or None, "strip_ace_low": False if no_strip_ace_low else None,
        "flush_beats_full_house": flush_beats_full or None,
    }  # fmt: skip
    named = dict(_FLAGS)
    for name in (s.strip() for s in specials.replace(" ", ",").split(",")):
        if not name:
            continue
        if name not in SPECIALS:
            raise fail(f"unknown special hand {name!r}; choose from {', '.join(SPECIALS)}")
        flags[SPECIALS[name]] = True
        named[SPECIALS[name]] = "--specials"
    # an option's name may be spelt with hyphens (ace-in-straights) as a flag's is; an item
    # with no "=" is left as typed, for its refusal to show
    items = [key.replace("-", "_") + sep + value if sep else key for key, sep, value in
             (item.partition("=") for item in option or [])]  # fmt: skip
    try:
        return Ranking(**command_options(flags, items, named, flag="--option"))
    except (CardError, GameOptionError, TypeError) as err:
        raise fail(_as_flags(str(err), {k for k, v in flags.items() if v is not None})) from None


#: the flag that sets each ranking option whose flag is not ``--OPTION`` itself (``--pack`` is)
_FLAGS = {
    "ace_in_straights": "--ace",
    "straight_rank": "--straights",
    "corner_straights": "--corner",
    "strip_ace_low": "--no-strip-ace-low",
    "flush_beats_full_house": "--flush-beats-full",
}


def _as_flags(message: str, flagged: set[str]) -> str:
    """A ranking's message in the command's words: the flag typed, not the option it sets;
    an option set by ``--option`` keeps its own name, which is what was typed.

    >>> _as_flags("ranking option ace_in_straights='up': choose one of high-or-low", {"pack"})
    "ranking option ace_in_straights='up': choose one of high-or-low"
    >>> _as_flags("ranking option ace_in_straights='up': choose one of high-or-low",
    ...           {"ace_in_straights"})
    "--ace 'up': choose one of high-or-low"
    >>> _as_flags("ranking option joker='x': choose one of none, wild, bug", {"joker"})
    "--joker 'x': choose one of none, wild, bug"
    """
    for option in flagged:
        message = message.replace(
            f"ranking option {option}=", f"{_FLAGS.get(option, '--' + option)} "
        )
    return message


def register(app: typer.Typer, play_app: typer.Typer) -> None:
    """Add ``rank`` and ``odds`` to the ``parlour`` command."""
    odds_app = typer.Typer(
        help="Exact odds: the frequency of every kind of hand, and of every draw.",
        no_args_is_help=True,
    )
    app.add_typer(odds_app, name="odds")

    @app.command("rank")
    def rank(
        cards: list[str] = typer.Argument(..., help='Five cards, e.g. "As Ks Qs Js Ts" or As Ks …'),
        pack: int = _PACK,
        joker: str = _JOKER,
        specials: str = _SPECIALS,
        ace: str = _ACE,
        corner: bool = _CORNER,
        no_strip_ace_low: bool = _NO_STRIP_ACE,
        flush_beats_full: bool = _FLUSH_FULL,
        straights: str = _STRAIGHTS,
        option: list[str] = _OPTION,
    ) -> None:
        """Name a poker hand's category and value under the chosen rules (H-1..H-17)."""
        from rich.console import Console

        from parlour.cards import CardError, format_cards, parse_cards
        from parlour.cli import fail

        ranking = build_ranking(
            pack,
            joker,
            specials,
            ace,
            corner,
            no_strip_ace_low,
            flush_beats_full,
            straights,
            option,
        )
        try:
            hand = parse_cards(" ".join(cards), pack=ranking.pack)
            value = ranking.evaluate(hand)
        except CardError as err:
            raise fail(str(err)) from None
        console = Console()
        console.print(f"[bold]{value}[/bold]")
        console.print(f"{format_cards(hand)}: {value.category}, strength {value.strength}")

    @odds_app.command("frequencies")
    def frequencies(
        pack: int = _PACK,
        joker: str = _JOKER,
        specials: str = _SPECIALS,
        ace: str = _ACE,
        corner: bool = _CORNER,
        no_strip_ace_low: bool = _NO_STRIP_ACE,
        flush_beats_full: bool = _FLUSH_FULL,
        straights: str = _STRAIGHTS,
        option: list[str] = _OPTION,
    ) -> None:
        """The exact count and probability of each category over every five-card hand (§9)."""
        from rich.console import Console
        from rich.table import Table

        from parlour.poker.fast import serves
        from parlour.poker.odds import frequency_table
        from parlour.poker.ranking import CATEGORY_NAMES

        ranking = build_ranking(
            pack,
            joker,
            specials,
            ace,
            corner,
            no_strip_ace_low,
            flush_beats_full,
            straights,
            option,
        )
        console = Console()
        if not serves(ranking):
            console.print(
                "[yellow]bobtails, Canadian hands and suit precedence depend on the suits: "
                "each class of hands goes through the exact evaluator (seconds)[/yellow]"
            )
        table = frequency_table(ranking)
        joker_text = {"none": "", "wild": ", the Joker wild", "bug": ", the Joker as the bug"}
        title = (
            f"All {table.total:,} five-card hands of the {ranking.pack.size}-card pack"
            f"{joker_text[ranking.rules.joker]}"
        )
        out = Table(title=title)
        out.add_column("Hand")
        out.add_column("Count", justify="right")
        out.add_column("Probability", justify="right")
        out.add_column("1 in", justify="right")
        for category, count in table.rows:
            p = count / table.total
            out.add_row(
                CATEGORY_NAMES[category],
                f"{count:,}",
                f"{p:.6%}",
                f"{table.total / count:,.1f}" if count else "-",
            )
            if category == "straight-flush" and table.royals:
                out.add_row(
                    "  of which royal",
                    f"{table.royals:,}",
                    f"{table.royals / table.total:.6%}",
                    f"{table.total / table.royals:,.1f}",
                    style="dim",
                )
        out.add_row("Total", f"{table.total:,}", "100%", "", style="bold")
        console.print(out)
        if ranking.royal_on_top and table.royals:
            console.print(
                'The royal flush ranks above five of a kind: it "cannot be beaten" (S4); '
                "--option royal_above_five_of_a_kind=false puts five of a kind on top (R2.7)."
            )

    @odds_app.command("draw")
    def draw(
        cards: list[str] = typer.Argument(..., help="Five cards, e.g. Kc Kd Kh 9s 2c (or quoted)."),
        throw: str = typer.Option(
            "", help='The cards thrown out, quoted or joined by commas: "9s 2c" or 9s,2c (W-3).'
        ),
        pack: int = _PACK,
        joker: str = _JOKER,
        specials: str = _SPECIALS,
        ace: str = _ACE,
        corner: bool = _CORNER,
        no_strip_ace_low: bool = _NO_STRIP_ACE,
        flush_beats_full: bool = _FLUSH_FULL,
        straights: str = _STRAIGHTS,
        option: list[str] = _OPTION,
    ) -> None:
        """The exact odds of a draw: every final hand, and the chance to improve (A-3)."""
        from rich.console import Console
        from rich.table import Table

        from parlour.cards import CardError, parse_cards
        from parlour.cli import fail
        from parlour.poker.odds import draw_odds
        from parlour.poker.ranking import CATEGORY_NAMES

        ranking = build_ranking(
            pack, joker, specials, ace, corner, no_strip_ace_low, flush_beats_full, straights,
            option,
        )  # fmt: skip
        hand = " ".join(cards)
        if len(hand.replace(",", " ").split()) > 5 and throw:  # --throw 9s 2c: 2c joined the hand
            raise fail(f"a hand is five cards, not {hand!r}: give --throw its cards quoted "
                       '("9s 2c") or joined by commas (9s,2c)')  # fmt: skip
        try:
            odds = draw_odds(hand, throw, ranking)
        except (CardError, ValueError) as err:
            raise fail(str(err)) from None
        drawn = len(parse_cards(throw))
        drawing = f"drawing {drawn}: all {odds.total:,} draws" if drawn else "standing pat"
        out = Table(title=f"{hand}, {drawing}")
        out.add_column("Hand after the draw")
        out.add_column("Draws", justify="right")
        out.add_column("Probability", justify="right")
        out.add_column("This or better", justify="right")
        # S4: with the Joker, wild or the bug, the royal flush still outranks five of a kind
        royal_on_top = ranking.royal_on_top  # (H-17)
        at_least = 0
        for category, count in odds.rows:  # best first, by category
            at_least += count
            above = odds.royals if category == "five-of-a-kind" and royal_on_top else 0
            if count:
                out.add_row(
                    CATEGORY_NAMES[category], f"{count:,}", f"{count / odds.total:.4%}",
                    f"{(at_least + above) / odds.total:.4%}",
                )  # fmt: skip
            if category == "straight-flush" and odds.royals:
                share = odds.royals / odds.total
                out.add_row("  of which royal", f"{odds.royals:,}", f"{share:.4%}", style="dim")
        console = Console()
        console.print(out)
        console.print(
            f"Improves on {CATEGORY_NAMES[odds.before].lower()}: {odds.improved:,} in "
            f"{odds.total:,} ({odds.probability():.2%})"
        )
