"""``parlour play draw-poker``: Draw Poker and Jack-Pots in the terminal, with bots or people.

    parlour play draw-poker --players 5 [--preset S4-club] [--jackpots] [--progressive]
                            [--deals 6] [--bots book] [--seed 7] [--save FILE]
                            [--humans 3]   # three people at one keyboard, bots the rest

Registers for both games, with :func:`parlour.terminal.register_renderer`, the table
renderer, the action describer, the hint, the news (each move as the table hears it) and
the replayer, which tells a saved deal whole.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import typer
from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.segment import Segment
from rich.table import Table
from rich.text import Text

from parlour import bots, terminal
from parlour.cards import Card, format_cards, parse_cards
from parlour.game import Game, GameOptionError, State, build_rules, make
from parlour.poker.rules_words import agreements_in_words, rules_in_play
from parlour.poker.rulings import TITLES

_WORDS = {
    "fold": "drop: throw up the hand, forfeiting what is put up",
    "call": "call: put up enough to equal the stake (come in, see, make good)",
    "check": "check: stand without adding (your stake is already equal)",
    "pass": "pass: do not open, stay in the deal",
    "straddle": "straddle: double the stake",
    "decline": "decline to straddle",
    "blind": "leave the ante as it is",
    "pat": "stand pat: keep all five cards",
}


def describe(text: str) -> str:
    """Plain words for an action's canonical text."""
    words = text.split()
    if not words:
        return text
    head = words[0]
    if head in _WORDS and len(words) == 1:
        return _WORDS[head]
    if head in ("raise", "bet", "open") and len(words) == 2:
        verb = {"raise": "raise by", "bet": "bet", "open": "open the pot for"}[head]
        return f"{verb} {words[1]}"
    if head == "draw":  # one's own choice: the table hears only the count (W-4, :func:`heard`)
        cards = parse_cards(words[1:])
        return f"throw out {' '.join(c.pretty() for c in cards)} and draw {len(cards)}"
    return text


_HEARD = {
    "fold": "drops", "call": "calls", "check": "checks", "pass": "passes",
    "straddle": "straddles", "decline": "declines to straddle",
    "blind": "leaves the ante as it is", "pat": "stands pat",
}  # fmt: skip


def heard(public: str) -> str:
    """A move as the whole table hears of it, from its public text in the deal's log: what
    a bet put up, but of a draw only how many cards (W-4).

    >>> heard("raise 2 +5"), heard("call +2"), heard("fold"), heard("draws 3")
    ('raises by 2, putting up 5', 'calls, putting up 2', 'drops', 'draws 3')
    """
    words = public.split()
    paid = f", putting up {words.pop()[1:]}" if len(words) > 1 and words[-1][0] == "+" else ""
    head = words[0] if words else ""
    if head in _HEARD and len(words) == 1:
        return _HEARD[head] + paid
    if head in ("raise", "bet", "open") and len(words) == 2:
        verb = {"raise": "raises by", "bet": "bets", "open": "opens the pot for"}[head]
        return f"{verb} {words[1]}{paid}"
    return public


def news(state: Any) -> list[tuple[int, str]]:
    """Every move and table event of the deal so far as the table heard it (seat -1: the
    table itself, e.g. a reshuffle, W-8), for :func:`parlour.terminal.play` to tell."""
    return [(s, heard(public) if s >= 0 else _names_in(public)) for s, _, public in state.events]


#: a verb after "seat N" as it agrees with "You"
_YOU_VERBS = {
    "antes": "ante",
    "adds": "add",
    "puts": "put",
    "has": "have",
    "is": "are",
    "deals": "deal",
}


def _names_in(text: str) -> str:
    """A table event's "seat N" as the table calls that seat (at play, in a replay), the
    verb after it agreeing: "You (seat 0) ante 1"."""

    def name(m: re.Match[str]) -> str:
        named = terminal.table_name(int(m[1]))
        if named is None:
            return m[0]
        if m[2] is None:
            return named
        return f"{named} {_YOU_VERBS.get(m[2], m[2]) if terminal.is_you(named) else m[2]}"

    return re.sub(r"\bseat (\d+)\b(?: (\w+))?", name, text)


def render(obs: dict[str, Any], seat: int) -> RenderableType:
    """The table as ``seat`` sees it: seats, dealer, Age, pool, stakes, cards, whose turn."""
    n = obs["players"]
    kind = "Jack-Pot" if obs.get("jackpot") else "Draw Poker"
    head = f"{kind}  phase: {obs['phase']}  pool: {obs['pool']}"
    if "price" in obs:
        head += f"  price: {obs['price']}  limit: {obs['limit']} ({obs['limit_kind']})"
        head += f"  stage: {obs['stage']}"
    table = Table(title=head, title_justify="left")
    table.add_column("Seat", no_wrap=True)  # "Bot 1 (seat 1)" on one line
    rows: list[list[str | Text]] = []
    for s in range(n):
        role = "D" if s == obs["dealer"] else ("Age" if s == obs["age"] else "")
        who = terminal.called(s, "Seat", seat)
        if s == obs.get("to_move"):
            who = f"> {who}"
        status = "out" if obs["dropped"][s] else ""  # dropped; short, as the Stud table says
        cards = obs["hand"] if s == seat else obs["shown"].get(str(s), "")
        drew = obs["draws"][s]
        rows.append([
            who, f"{role} {status}".strip(), str(obs["put"][s]),
            str(obs["interval_put"][s]) if "interval_put" in obs else "",
            str(obs["stacks"][s]) if "stacks" in obs else "",
            "" if drew is None else str(drew),
            Text(_pretty(cards), style="dim" if obs["dropped"][s] else ""),  # thrown in
        ])  # fmt: skip
    # the least width of each column that cuts nothing: the seat and the hand whole, each
    # figure whole ("1…" for 100 was cut), each head's longest word ("Chi…" was cut)
    least = [max(cell_len(str(text)) for text in ["Seat", *(r[0] for r in rows)])]
    for i, col in enumerate(("", "Put up", "This round", "Chips", "Drew"), 1):
        least.append(max([*(len(str(r[i])) for r in rows), *(len(w) for w in col.split())]))
        table.add_column(col, min_width=least[-1])  # the heads wrap at their words
    table.add_column("Cards", no_wrap=True)  # a hand on one line: the heads wrap instead
    least.append(max(cell_len(str(text)) for text in ["Cards", *(r[6] for r in rows)]))
    for row in rows:
        table.add_row(*row)
    need = sum(width + 3 for width in least) + 1  # each column padded and ruled, one rule more
    parts: list[RenderableType] = [_Folding(table, _folded(head, rows), need)]
    if obs.get("jackpot"):  # a line of its own: the title would wrap in the middle of it
        opened = obs.get("opener")
        by = "" if opened is None else f"; opened by {terminal.called(opened, me=seat)}"
        parts.insert(0, Text(f"Jack-Pot openers: {obs['minimum']}s or better{by}"))
    owe = obs["price"] - obs["interval_put"][seat] if "price" in obs else 0
    if owe > 0 and obs.get("to_move") == seat and not obs["dropped"][seat]:
        parts.append(Text(f"To stay in: {obs['price']} this round ({_owing(obs, seat, owe)})."))
    thrown = [text.split()[1:] for s, text in obs["log"] if s == seat and text.startswith("draw ")]
    if thrown:  # from his own draw (a reshuffle may have taken the discards back, W-8)
        parts.append(Text(f"You threw out {_pretty(' '.join(thrown[0]))}."))
    if obs["phase"] == "over":
        back = obs.get("returned") or [0] * len(obs["won"])
        gains = [w - b for w, b in zip(obs["won"], back, strict=True)]
        won = ", ".join(f"{terminal.called(s, me=seat)} {g}" for s, g in enumerate(gains) if g)
        result = f"Result: {obs['outcome']}; won: {won or 'nothing'}"
        if any(back):  # not winnings: chips nobody matched (table stakes)
            result += "; unmatched, handed back: " + ", ".join(
                f"{terminal.called(s, me=seat)} {b}" for s, b in enumerate(back) if b
            )
        if obs.get("hands_shown"):
            shown = obs["hands_shown"].items()
            result += "; " + "; ".join(f"{terminal.called(int(s), me=seat)}: {v}" for s, v in shown)
        if obs.get("openers_shown"):
            result += f"; openers shown: {_pretty(obs['openers_shown'])}"
        if any(obs["penalties"]):
            result += "; Royal Flush penalty (D-13): " + ", ".join(
                f"{terminal.called(s, me=seat)} {p:+}" for s, p in enumerate(obs["penalties"])
            )
        parts.append(Text(result, style="bold"))
    return Group(*parts)


def _owing(obs: dict[str, Any], seat: int, owe: int) -> str:
    """What the seat to speak owes; short of it, that a call puts up all he has (table
    stakes: the project's choice, not the seeds'; a side pool is made of the rest)."""
    have = obs["stacks"][seat] if "stacks" in obs else owe
    if have >= owe:
        return f"you owe {owe}"
    return f"you owe {owe}, but a call puts up your last {have}: all in, at table stakes"


class _Folding:
    """The seats' table where the screen is wide enough for it, else ``folded``: a table
    wider than the screen ran off its edge, cutting the hand, the heads and the title, and
    one narrower than ``need`` columns (its least width that cuts nothing) was drawn with
    its heads or whole columns cut away."""

    def __init__(self, table: Table, folded: RenderableType, need: int) -> None:
        self.table, self.folded, self.need = table, folded, need

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if options.max_width < self.need:
            yield self.folded
            return
        drawn = list(console.render(self.table, options))  # drawn once: kept if it fits
        lines = Segment.split_lines(drawn)
        if all(Segment.get_line_length(line) <= options.max_width for line in lines):
            yield from drawn
        else:
            yield self.folded


def _folded(head: str, rows: list[list[str | Text]]) -> Group:
    """The table for a narrow screen: each seat's figures named on its line(s), wrapping at
    the words, and the hand it holds whole on a line of its own."""
    lines = [Text(head, style="italic")]
    for who, role, put, this_round, chips, drew, cards in rows:
        said = [f"{role}"] if str(role) else []
        said.append(f"put up {put}" + (f", this round {this_round}" if str(this_round) else ""))
        said += [f"chips {chips}"] if str(chips) else []
        said += [f"drew {drew}"] if str(drew) else []
        lines.append(Text(f"{who}: {'; '.join(said)}"))
        if str(cards):
            lines.append(Text.assemble("  ", cards))
    return Group(*lines)


def _pretty(cards: str) -> str:
    out = []
    for word in cards.split():
        try:
            out.append(Card(word).pretty())
        except ValueError:
            out.append(word)
    return " ".join(out)


def replay(game: Game, history: list[dict[str, Any]], seat: int | None, console: Console) -> State:
    """A saved deal told whole: who dealt, what was put up before it, every hand as dealt,
    each move (a draw with the cards thrown out and those drawn), each table event (a
    reshuffle, W-8), the rulings a table gave (:mod:`parlour.poker.referee_digital`), then
    the table as ``seat`` (default 0) saw it at the end."""
    shuffled = next((i for i, e in enumerate(history) if e.get("chance") == "shuffle"), -1)
    dealt_state: Any = game.replay(history[: shuffled + 1])  # the hands before any draw
    state: Any = game.replay(history)
    kind = "Jack-Pot" if getattr(state, "jackpot", False) else "Draw Poker"
    console.print(_names_in(f"{kind}, {state.n} players: seat {state.dealer} deals, the Age "
                            f"is seat {state.age}."))  # fmt: skip
    events = list(state.events)
    if events and events[0][1] == "antes":  # what lay in the pool before the deal
        console.print(f"[dim]The table:[/dim] {_names_in(events.pop(0)[2])}")
    for s in range(state.n):
        dealt = sorted(dealt_state.kept[s], reverse=True)
        if dealt:
            console.print(f"  [dim]Dealt to {terminal.called(s)}:[/dim] "
                          f"{_pretty(format_cards(dealt))}")  # fmt: skip
    for s, text, public in events:
        who = terminal.called(s, "Seat")
        if s < 0:
            console.print(f"[dim]The table:[/dim] {_names_in(public)}")
        elif text.startswith("draw "):
            thrown = _pretty(" ".join(text.split()[1:]))
            drawn = _pretty(format_cards(state.drawn[s]))
            console.print(f"[dim]{who}:[/dim] throws out {thrown} and draws {drawn}")
        else:
            console.print(f"[dim]{who}:[/dim] {heard(public)}")
    for e in state.history:  # a table's remedies (referee_digital): R8.8, I-10, I-11
        if "ruling" in e:
            title = f"{e['ruling']}, {TITLES[e['ruling']]}"
            console.print(f"[dim]Ruled ({title}):[/dim] {_names_in(e['effect'])}")
    terminal.show_end(game, state, 0 if seat is None else seat, console)
    return state


# the hint: what the strong player (equity and pot odds) would do, worded as every game's is
hint = terminal.bot_hint("strong")
for _name in ("draw-poker", "jackpots"):
    terminal.register_renderer(
        _name, render, describe, hint, private=True, news=news, replayer=replay, rules=rules_in_play
    )


def register(app: typer.Typer, play_app: typer.Typer) -> None:
    """Add ``parlour play draw-poker`` to the command line."""

    @play_app.command("draw-poker")
    def play_draw(
        players: int = typer.Option(5, help="Players at the table, you included (2-10)."),
        preset: str = typer.Option("", help="Rules preset: '' (S0's game) or 'S4-club'."),
        jackpots: bool = typer.Option(False, "--jackpots", help="Play Jack-Pots (J-1..J-7)."),
        progressive: bool = typer.Option(
            False, "--progressive", help="Progressive Jack-Pots (J-7); implies --jackpots."
        ),
        deals: int = typer.Option(1, help="Deals in the sitting (the dealer passes left)."),
        bankroll: int = typer.Option(100, help="Each player's chips at the start (table stakes)."),
        bot: str = typer.Option(
            "book",
            "--bot",
            "--bots",
            help="The other players: book, strong or random." + terminal.BOTS_HELP,
        ),
        seat: int = typer.Option(0, help="Your seat."),
        humans: int = typer.Option(1, help=terminal.HUMANS_HELP),
        seed: int = typer.Option(None, help="Seed for the shuffle and the bots."),
        pack: int = typer.Option(
            0, help="52, 60, or a stripped 48..32 for 3-4 (0: 60 for more than seven)."
        ),
        rule: list[str] = typer.Option(
            [], help="A rule option KEY=VALUE (e.g. royal_penalty=1, blaze=true); repeatable."
        ),
        save: Path = typer.Option(
            None,
            help=terminal.SAVE_HELP + " With --deals N: FILE-1 .. FILE-N.",
            parser=terminal.save_path,
        ),
        sitting_rule: list[str] = typer.Option(
            [],
            help="The sitting's agreement KEY=VALUE (J-1: jackpot_every=5, buck=true, "
            "jackpot_after_refusal=false; jackpot.progressive=true for its Jack-Pots); "
            "repeatable.",
        ),
    ) -> None:
        """Draw Poker with the Age, straddles and two limits, or Jack-Pots, with bots or people."""
        from parlour.cli import fail, sitting_agreements
        from parlour.poker.sitting import Sitting, SittingRules, left_broke

        if deals < 1:
            raise fail(f"--deals must be at least 1, not {deals} (D-1)")
        # a flag left at its default gives way to --rule, or to the game's own pack (C-3)
        flags = {"players": players, "preset": preset or None, "pack": pack or None,
                 "progressive": progressive or None}  # fmt: skip
        console = terminal_console()
        try:
            terminal.check_seed(seed)
            options = terminal.command_options(flags, rule)
            del options["players"]  # the sitting seats them
            game = "jackpots" if jackpots or progressive else "draw-poker"
            first = make(game, players=players, **options)  # the table's options refused first
            if bankroll < 1:  # named as typed: the sitting's own refusal says "bankroll"
                raise fail(f"--bankroll must be a whole number of at least 1, not {bankroll} "
                           "(each player's chips at the start)")  # fmt: skip
            seats = terminal.human_seats(seat, humans, players)
            named = terminal.table_names(players, seats)
            people = {s: named[s] for s in seats}
            names = [named[i] for i in range(players)]
            # each bot player keeps his bot, whatever seat a deal gives him
            bot_of = {named[s]: b for s, b in terminal.seat_bots(  # named before the cut
                bot, first, [s for s in range(players) if s not in seats]).items()}  # fmt: skip
            # the agreements of the table (J-1); with --jackpots every deal is one (D-1)
            agreed = sitting_agreements(sitting_rule, {"bankroll": "--bankroll"})
            rules = build_rules(SittingRules, {"deals": deals, "bankroll": bankroll, "game": game,
                                               "options": options, **agreed})  # fmt: skip
            sitting = Sitting(names, rules, seed=seed)
        except (GameOptionError, ValueError) as err:
            raise fail(str(err)) from None
        # what the table is told between deals: the cut (every throw, ties too), then each
        # deal's result; told as the next deal begins, so that people passing the keyboard
        # see it behind the cleared screen ("So far:")
        if save is None and deals > 1:  # one name for the sitting, whatever each deal plays
            save = terminal.default_save_path(f"{game}-sitting")
        told = list(sitting.log)
        number = 0

        def stop_here() -> None:  # the sitting abandoned in deal number: the chips it found
            chips = ", ".join(f"{p} {sitting.bankrolls[p]}" for p in table)
            console.print(f"The sitting stops in deal {number}; chips before it: {chips}.")

        playing = list(people.values())
        agreements = agreements_in_words(rules, len(names))  # told on 'r', every deal
        while not sitting.is_over:
            broke = [p for p in playing if sitting.is_broke(p)]
            for name in broke:
                who, whom = ("You have", "you") if name == "You" else (f"{name} has", name)
                told.append(f"{who} no chips left: the sitting is over for {whom} (D-12).")
                playing.remove(name)
            if not playing:
                break
            mark = len(sitting.log)
            state = sitting.start_deal()
            why = sitting.why_jackpot()  # after those who left broke moved the deal, the buck
            said = {left_broke(name) for name in broke}
            told += [line for line in sitting.log[mark:-1] if line not in said]  # told above
            number += 1
            table = sitting.seat_names()
            here = {table.index(name): name for name in playing}
            players_bots = {
                i: bots.make(bot_of[table[i]], state.game, seed=None if seed is None else seed + i)
                for i in range(len(table)) if i not in here
            }  # fmt: skip
            path = save
            device = path is not None and path.exists() and not (path.is_file() or path.is_dir())
            if path is not None and deals > 1 and not device:  # /dev/null takes every deal
                path = path.with_name(f"{path.stem}-{number}{path.suffix}")
            where = "; ".join(f"{'you are' if n == 'You' else n + ' is'} seat {i}"
                              for i, n in sorted(here.items()))  # fmt: skip
            dealing = "you deal" if sitting.dealer == "You" else f"{sitting.dealer} deals"
            told.append(f"[bold]Deal {number}[/bold]: {dealing}; {where}")
            if why:
                told.append(f"This deal is {why}.")
            try:
                terminal.play(state.game, state, humans=list(here), bots=players_bots,
                              console=console, save=path, names=dict(enumerate(table)),
                              preamble=told, shared=len(people) > 1,
                              agreements=agreements)  # fmt: skip
            except KeyboardInterrupt as stopped:  # saved: said, then exit as the signal says
                stop_here()
                raise typer.Exit(terminal.exit_status(stopped)) from None
            if not state.is_over:  # abandoned
                stop_here()
                return
            mark = len(sitting.log)
            sitting.finish_deal(state)
            told = sitting.log[mark:]  # the chips; at the end, a pot unwon given back
        for line in told:  # the last deal's result, or why the sitting ended
            console.print(line)
        console.print(sitting_won(names, sitting.bankrolls, bankroll))

    # `parlour play jackpots`, as `referee jackpots` and `simulate jackpots` name the game:
    # the same command, --jackpots on
    play_app.command(
        "jackpots",
        help="Jack-Pots: a pot no one opens without jacks or better (J-1..J-7); the Draw Poker "
        "command with --jackpots on, its options the same.",
        context_settings={"default_map": {"jackpots": True}},
    )(play_draw)


def sitting_won(names: list[str], chips: dict[str, int], bankroll: int) -> str:
    """Who won what over the sitting: every player's chips at its end and what he won or lost,
    those who left broke too (D-12), as each deal's end names only those still at the table.

    >>> sitting_won(["You", "Bot 1", "Bot 2"], {"You": 25, "Bot 1": 5}, 10)
    'At the end of the sitting: You 25 (won 15), Bot 1 5 (lost 5), Bot 2 0 (lost 10)'
    """

    def net(won: int) -> str:
        return f"won {won}" if won > 0 else f"lost {-won}" if won else "even"

    said = (f"{p} {chips.get(p, 0)} ({net(chips.get(p, 0) - bankroll)})" for p in names)
    return "At the end of the sitting: " + ", ".join(said)


def terminal_console() -> Console:
    from parlour.cli import console

    return console
