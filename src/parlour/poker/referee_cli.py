"""``parlour referee draw-poker``: referee a real deal at the table from the terminal.

The referee types what happens (``deal 3 As``, ``deal 3 ?``, ``skip 4``,
``expose 2 Kh`` ...; ``help`` lists them); each ruling is printed with its rule
ID, the seed's own words and what follows; a ruling's choice is asked of the
seat it concerns.  The deal is saved as a JSON record that ``parlour replay``
reads back.

In ``parlour referee jackpots`` the opener proves his openers at the end (R4.8):
where the referee did not see his hand as dealt he enters ``openers SEAT CARDS``
(the openers laid down; ``openers SEAT`` alone: he cannot show them), and a false
opener is ruled by ``--false-openers`` (R4.9: refuse, EB29, PEEL or BAR).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from parlour import terminal
from parlour.game import Game, IllegalAction
from parlour.poker.betting import check_limit, in_words
from parlour.poker.draw_rules import PRESETS, CommonRules
from parlour.poker.referee import RefereeGame, RefereeState
from parlour.poker.referee_events import GRAMMAR
from parlour.poker.referee_table import is_royal, observe
from parlour.poker.rulings import HAND, QUOTES, TITLES

PHASES = {
    "deal": "the deal",
    "bet1": "betting before the draw",
    "draw": "the draw",
    "owed": "cards owed after the draw",
    "bet2": "betting after the draw",
    "show": "the show",
    "openers": "the opener shows his openers",
    "over": "over",
}


def render_table(state: RefereeState) -> Table:
    """The table as the referee knows it: each seat's cards, stake and standing."""
    return render_view(observe(state, None))


def render_view(view: dict[str, Any], seat: int | None = None) -> Table:
    """Draw an observation of the refereed table (``seat`` unused: the view says it all)."""
    where = f"deal {view['deal']}, pack {view['pack']}, {PHASES[view['phase']]}"
    name = "Jack-Pot" if view.get("variant") == "jackpots" else "Draw Poker"
    table = Table(title=f"{name} table: {where}; pool {view['pool']}")
    for column in ("Seat", "Cards", "Stake", "Standing"):
        table.add_column(column)
    for seat, hand in enumerate(view["hands"]):
        roles = [r for r, s in (("dealer", view["dealer"]), ("age", view["age"])) if s == seat]
        if view["dealing"] != view["dealer"] and seat == view["dealing"]:
            roles.append("dealing out of turn")
        marks = [w for w in ("looked", "dropped", "out") if hand[w]]
        marks += ["foul"] if hand["foul"] else []
        marks += [f"exposed {' '.join(hand['exposed'])}"] if hand["exposed"] else []
        label = f"{seat}" + (f" ({', '.join(roles)})" if roles else "")
        table.add_row(label, " ".join(hand["cards"]) or "-", str(hand["stake"]), " ".join(marks))
    return table


def _situation(state: RefereeState) -> str:
    view = observe(state, None)
    if view["next_in_deal"] is not None:
        s = view["next_in_deal"]
        return f"Next card to seat {s}: deal {s} CARD|?"
    if view["to_bet"] is not None:
        words = _betting_words(state, view["to_bet"])
        return f"Seat {view['to_bet']} to speak; the price is {view['price']}: {words}."
    if state.phase == "draw":
        waiting = [s for s in state._draw_order() if not state.drawn[s]]
        if not waiting:
            return ""
        s = waiting[0]
        top = min(HAND, len(state.hands[s]), state.table.max_draw)  # W-3
        return f"Seat {s} to draw: draw {s} N [CARDS] (N: 0 to {top} thrown out; CARDS: given)"
    if state.phase == "owed":
        return f"Seat {state.owed[0]} is owed a card: give {state.owed[0]} CARD|?"
    if state.phase == "show":
        left = [s for s in state.contenders() if s not in state.shown]
        if left:
            who = f"Seats {', '.join(map(str, left))}" if len(left) > 1 else f"Seat {left[0]}"
            return f"{who} to show: show SEAT CARDS|none (none: he will not show, W-11)"
    due = state._openers_due()
    if state.phase in ("show", "openers") and due is not None:
        return (
            f"Seat {due} to show his openers from his hand as dealt (R4.8): "
            f"openers {due} CARDS|none (none: he cannot)"
        )
    return ""


def _betting_words(state: RefereeState, seat: int) -> str:
    """The betting events open to ``seat`` now, as the referee enters them, each amount's
    range named (D-2, D-5, W-10, J-5): 'call 2, raise 2 N (N 1 to 5), fold 2'."""
    assert state.betting is not None
    # J-3: a known hand without openers may not open
    open_now = [a for a in state.betting.legal() if state._why_not(seat, a) is None]
    said = []
    for words in in_words(open_now):  # 'raise 1..5', 'call'
        verb, _, amounts = words.partition(" ")
        least, _, most = amounts.partition("..")
        said.append(
            f"{verb} {seat} N (N {least} to {most or least})" if amounts else f"{verb} {seat}"
        )
    return ", ".join(said)


def print_ruling(entry: dict[str, Any], console: Console) -> None:
    """A ruling in plain words: its ID, what follows, and the seed's reason."""
    rule = entry["ruling"]
    console.print(f"[bold]Ruling {rule}[/bold] ({TITLES[rule]}): {escape(entry['effect'])}.")
    console.print(f"  [dim]The book: “{escape(entry['text'])}”[/dim]")


def print_help(console: Console) -> None:
    table = Table(title="What happened? Enter one of these (seats from 0; ? = a card unseen)")
    table.add_column("Event")
    table.add_column("Meaning")
    for form, meaning in GRAMMAR.values():
        table.add_row(escape(form), escape(meaning))  # "[exposed]" is not a style
    table.add_row("table", "show the table again")
    table.add_row("quit", "stop and save the deal so far")
    console.print(table)


def run_session(
    game: RefereeGame,
    state: RefereeState,
    console: Console,
    read: Callable[[str], str],
    save: Path | None = None,
) -> RefereeState:
    """Take events until the deal is over (or the referee quits); save the record, even
    if something fails on the way or play stops (Ctrl-C, a kill or a closed terminal, as
    :func:`parlour.terminal.play` takes them), the interruption then going on."""
    try:
        with terminal.signals_as_ctrl_c():  # a kill or a closed terminal: as Ctrl-C
            _take_events(state, console, read)
        console.print(render_table(state))
        if state.is_over:
            show_payoffs(state, console)
    except KeyboardInterrupt:
        console.print("\n[yellow]Deal abandoned (interrupted).[/yellow]")
        raise
    finally:
        fallback = terminal.default_save_path(f"referee-{game.rules.variant}")
        terminal.save_record(json.dumps(game.record(state), indent=1), save, fallback, console,
                             "Deal")  # fmt: skip
    return state


def _take_events(state: RefereeState, console: Console, read: Callable[[str], str]) -> None:
    """The referee's loop: prompt, read an event or a choice, print the rulings it brings.
    What he typed is echoed as plain text, never as markup."""
    console.print(render_table(state))
    console.print("Enter what happens at the table; [bold]help[/bold] lists the events.")
    while not state.is_over:
        prompt = "event> "
        if state.choices:
            c = state.choices[0]
            numbered = ", ".join(f"{i} {word}" for i, word in enumerate(c.options, 1))
            console.print(f"[bold]{c.rule}[/bold] ({TITLES[c.rule]}): seat {c.seat} may choose: "
                          f"{', '.join(c.options)} ({numbered})")  # fmt: skip
            if "show" in c.options:  # the show may come with the hand itself
                console.print(f"  or lay the hand down at once: show {c.seat} CARDS")
            console.print(f"  [dim]The book: “{QUOTES[c.rule]}”[/dim]")
            prompt = f"seat {c.seat} chooses> "
        else:
            situation = _situation(state)
            if situation:
                console.print(f"[dim]{escape(situation)}[/dim]")
        try:
            answer = read(prompt).strip()
        except EOFError:
            break
        if answer.lower() in ("q", "quit"):
            break
        if answer.lower() in ("help", "h", "?"):
            print_help(console)
            continue
        if answer.lower() == "table":
            console.print(render_table(state))
            continue
        if not answer:
            continue
        before, phase = len(state.history), state.phase
        if state.choices:
            answer = as_choice(answer, state.choices[0].seat, state.choices[0].options)
        elif (slip := _bare_show(answer, state)) is not None:
            console.print(f"[red]Not allowed:[/red] {escape(slip)}")
            continue
        try:
            state.apply(answer)
        except IllegalAction as err:
            console.print(f"[red]Not allowed:[/red] {escape(str(err))}")
            continue
        ruled = [e for e in state.history[before:] if "ruling" in e]
        for entry in ruled:
            print_ruling(entry, console)
        if (ruled or state.phase != phase) and not state.is_over:
            console.print(render_table(state))


#: a show or openers typed with no card and no ``none``: a slip at the keyboard would throw
#: a hand away, so the terminal asks for the word (the event itself takes it bare, as records
#: hold it)
_BARE_SHOW = re.compile(r"(show|openers)\s+(\d+)", re.IGNORECASE)


def _bare_show(answer: str, state: RefereeState) -> str | None:
    """Why a show or openers typed at the show with no card and no ``none`` is asked again
    (:data:`_BARE_SHOW`); None for any other line (elsewhere the event's own refusal says
    why no hand is shown now)."""
    bare = _BARE_SHOW.fullmatch(answer)
    if bare is None or state.phase not in ("show", "openers"):
        return None
    verb, seat = bare[1].lower(), bare[2]
    lost = "his called hand is dead (W-11, R8.10)" if verb == "show" else "R4.9 rules"
    return (
        f"{answer} names no card: write {verb} {seat} CARDS, or {verb} {seat} none if he "
        f"shows none ({lost})"
    )


def as_choice(answer: str, seat: int, options: tuple[str, ...] | list[str]) -> str:
    """A ruling's choice as the referee may type it: the word, its number in the list, or
    the word with the seat as an event names it (``call 3`` for seat 3's ``call``).

    >>> options = ("fold", "call", "raise 1")
    >>> as_choice("2", 3, options), as_choice("call 3", 3, options)
    ('call', 'call')
    >>> as_choice("raise 3 1", 3, options), as_choice("call 2", 3, options)
    ('raise 1', 'call 2')
    """
    if (number := terminal.number_in(answer, len(options))) is not None:
        return options[number - 1]
    words = answer.split()
    if len(words) >= 2 and words[1] == str(seat):
        named = " ".join([words[0], *words[2:]])
        if named in options:
            return named
    return answer


def show_outcome(state: RefereeState) -> str:
    """The end of a deal in words: the hands shown and who takes the pool (W-11, W-12); empty
    where a ruling ended it (a round null and void, an unopened Jack-Pot)."""
    if state.void or state.unopened:
        return ""
    alive = state.contenders()
    payoffs = state.payoffs()
    takers = [s for s in range(state.n) if payoffs[s] > 0]
    # W-11: where a called hand was not shown and forfeit, the other takes the pool by that
    rule, how = "W-12", "uncalled"
    if any(e.get("ruling") == "W-11" for e in state.history):
        rule, how = "W-11", "as no other called hand is shown"
    if any(e.get("ruling") == "R4.9" for e in state.history):  # called, but the opener was false
        rule, how = "R4.9", "as the opener's openers were false"
    if (
        len(alive) == 1
        and state.table.royal_penalty
        and is_royal(state.hands[alive[0]], state.table)
    ):
        return (f"{rule}: seat {alive[0]} takes the pool {how} and shows his Royal Flush to "
                f"draw the penalty from each other player (D-13).")  # fmt: skip
    from parlour.poker.draw_rules import ranking_for

    ranking = ranking_for(state.table)
    if len(alive) == 1 and alive[0] in state.shown:  # shown to claim the penalty (D-13)
        hand = ranking.evaluate([slot[0] for slot in state.hands[alive[0]]])
        if not state.table.royal_penalty:
            return f"{rule}: seat {alive[0]} takes the pool {how}; he shows {hand}."
        return (f"{rule}: seat {alive[0]} takes the pool {how}; the hand he shows, {hand}, "
                "is no Royal Flush: no penalty (D-13).")  # fmt: skip
    if len(alive) == 1:
        return f"{rule}: seat {alive[0]} takes the pool {how}; his hand is not shown."
    if not alive:  # a false opener was the last in: his ruling said where the pool goes (R4.9)
        return ""
    shown = []
    for s in alive:
        cards = [slot[0] for slot in state.hands[s]]
        if len(cards) > 5:
            shown.append(f"seat {s}: a foul hand of {len(cards)} cards (R3.21)")
        elif len(cards) < 5 or None in cards:
            shown.append(f"seat {s}: a hand of {len(cards)} cards, valued as they stand")
        else:
            shown.append(f"seat {s}: {ranking.evaluate(cards)}")
    who = " and ".join(f"seat {s}" for s in takers) or "nobody"
    pay = state.table.royal_penalty
    royal = "".join(
        f" Seat {s}'s Royal Flush draws {pay} from each other player (D-13)."
        for s in takers
        if pay and is_royal(state.hands[s], state.table)
    )
    return f"W-11, the show: {'; '.join(shown)}. The pool goes to {who}.{royal}"


def show_payoffs(state: RefereeState, console: Console) -> None:
    outcome = show_outcome(state)
    if outcome:
        console.print(outcome, markup=False, highlight=False)
    table = Table(title="Result")
    table.add_column("Seat")
    table.add_column("Payoff", justify="right")
    for seat, value in enumerate(state.payoffs()):
        shown = int(value) if float(value).is_integer() else round(value, 3)
        table.add_row(str(seat), f"{shown:+}")
    console.print(table)


def replay_deal(
    game: Game, history: list[dict[str, Any]], seat: int | None, console: Console
) -> RefereeState:
    """``parlour replay`` of a refereed deal, as the session printed it: each event as the
    referee entered it, each choice with the seat that made it, each ruling as it was given;
    then the table as the referee knew it (or as ``seat`` knew it) and the result."""
    game.replay(history)  # refuses a record that does not replay, naming the entry
    state = game.replay([])
    assert isinstance(state, RefereeState)
    for entry in history:
        if "action" not in entry:
            continue  # a ruling: given again below, as the event brings it
        chooser = state.choices[0].seat if state.choices else None
        before = len(state.history)
        state.apply(entry["action"])
        said = entry["action"] if chooser is None else f"seat {chooser} chooses {entry['action']}"
        console.print(said, markup=False, highlight=False)
        for ruled in state.history[before:]:
            if "ruling" in ruled:
                print_ruling(ruled, console)
    console.print(render_view(observe(state, seat)))
    if state.is_over:
        show_payoffs(state, console)
    return state


terminal.register_renderer("draw-poker-referee", render_view, replayer=replay_deal)

#: the game's options the referee commands set from a flag of their own, by the flag, with
#: the rule a refusal names where the game's own words name none
_FLAGS = {"players": "--players", "dealer": "--dealer", "ante": "--ante", "pack": "--pack",
          "false_openers": "--false-openers", "preset": "--preset"}  # fmt: skip
_FLAG_RULES = {"false_openers": "R4.9"}

#: a refusal "RULE: option must be ...", its rule IDs (if any) before the option's name
_REFUSAL = re.compile(r"^(?P<rule>(?:[A-Z]+\d*[-.]\d+(?:, |: ))*)(?P<field>\w+)(?= must be )")


def in_flags(message: str) -> str:
    """A refusal of the game's options in the words of the command line: the option named
    by the flag the referee typed, the rule kept, without the game's internal name.

    >>> in_flags("draw-poker-referee: players must be 2..10, not 1")
    '--players must be 2..10, not 1'
    >>> in_flags("false_openers must be one of refuse, EB29, PEEL, BAR, not 'foo'")
    "R4.9: --false-openers must be one of refuse, EB29, PEEL, BAR, not 'foo'"
    """
    message = message.removeprefix(f"{RefereeGame.name}: ")

    def flag(m: re.Match[str]) -> str:
        field = m["field"]
        if field not in _FLAGS:
            return m[0]
        rule = m["rule"] or (f"{_FLAG_RULES[field]}: " if field in _FLAG_RULES else "")
        return rule + _FLAGS[field]

    return _REFUSAL.sub(flag, message, count=1)


def limit_refusal(limit: int, preset: str) -> str | None:
    """D-2: why ``--limit`` (the limit before and after the draw; 0 keeps the game's) is
    refused, as the game checks its limits (:func:`check_limit`) but named as typed; None if
    it stands.

    >>> print(limit_refusal(-1, ""))  # doctest: +NORMALIZE_WHITESPACE
    D-2: the least bet before the draw (1) must be at least 1 and --limit (-1) at least the
    stage (0 keeps the game's limits)
    >>> limit_refusal(1, "S4-club").split(" must")[0], limit_refusal(4, "S4-club")
    ('D-2: the least bet after the draw (2)', None)
    """
    if limit == 0:
        return None
    chosen = PRESETS.get(preset, {})
    for when in ("before", "after"):
        stage = int(chosen.get(f"stage_{when}", getattr(CommonRules, f"stage_{when}")))
        try:
            check_limit(stage, limit, f"the least bet {when} the draw", "--limit")
        except ValueError as err:
            return f"{err} (0 keeps the game's limits)"
    return None


#: C-1, C-3: the pack at the table, as ``parlour play draw-poker --pack`` takes it
_PACK = typer.Option(0, help="52, 60, or a stripped 48..32 for 3-4 (0: 60 for more than 7, C-3).")


def _rule(examples: str) -> Any:
    """Any other rule of the game, as ``parlour play draw-poker --rule`` takes it: the
    examples are the game's own (Jack-Pots has no straddle, Draw Poker no progressive)."""
    return typer.Option(
        [], help=f"A rule option KEY=VALUE (e.g. joker=wild, {examples}); repeatable."
    )


def register(app: typer.Typer, play_app: typer.Typer) -> None:
    """Add ``parlour referee draw-poker`` and ``parlour referee jackpots``."""
    referee_app = typer.Typer(
        help="Referee a real game at a real table: enter what happens, get the book's rulings.",
        no_args_is_help=True,
    )
    app.add_typer(referee_app, name="referee")

    def _run(variant: str, players: int, dealer: int, ante: int, limit: int, void: bool,
             save: Path | None, pack: int, rule: list[str], preset: str = "",
             false_openers: str = "") -> None:  # fmt: skip
        from parlour.cli import fail

        refused = limit_refusal(limit, preset)
        if refused is not None:
            raise fail(refused)
        try:
            mode = "void" if void else "binding"
            flags = {"players": players, "dealer": dealer, "ante": ante, "out_of_turn_bet": mode,
                     "preset": preset or None, "pack": pack or None,  # 0: C-3's pack
                     "false_openers": false_openers or None,
                     "limit_before": limit or None, "limit_after": limit or None}  # fmt: skip
            named = {
                "out_of_turn_bet": "--void",
                "limit_before": "--limit",
                "limit_after": "--limit",
            }
            game = RefereeGame(variant=variant, **terminal.command_options(flags, rule, named))
        except ValueError as err:
            raise fail(in_flags(str(err))) from None
        console = Console()
        state = game.new_state(seed=0)
        assert isinstance(state, RefereeState)
        try:
            run_session(game, state, console, lambda prompt: console.input(prompt), save)
        except KeyboardInterrupt as stopped:  # saved: exit as the signal says, as play does
            raise typer.Exit(terminal.exit_status(stopped)) from None

    @referee_app.command("draw-poker")
    def draw_poker(
        players: int = typer.Option(5, help="Players at the table (2..10)."),
        dealer: int = typer.Option(0, help="The seat whose deal it is (seats from 0)."),
        ante: int = typer.Option(1, help="The Age's ante (D-3)."),
        limit: int = typer.Option(0, help="The limit of a bet or raise (D-2; 0: the game's)."),
        void: bool = typer.Option(False, help="R8.8: chips bet out of turn are returned."),
        save: Path = typer.Option(None, help=terminal.SAVE_HELP, parser=terminal.save_path),
        preset: str = typer.Option(
            "", help="The game's preset: S4-club for the club game of source S4."
        ),
        pack: int = _PACK,
        rule: list[str] = _rule("straddle=blind, limit_after=10, royal_penalty=1"),
    ) -> None:
        """Referee a deal of Draw Poker played with real cards."""
        _run("draw-poker", players, dealer, ante, limit, void, save, pack, rule, preset)

    @referee_app.command("jackpots")
    def jackpots(
        players: int = typer.Option(5, help="Players at the table (2..10)."),
        dealer: int = typer.Option(0, help="The seat whose deal it is (seats from 0)."),
        ante: int = typer.Option(1, help="Each player's ante (J-2)."),
        limit: int = typer.Option(0, help="The limit of a bet or raise (D-2; 0: the game's)."),
        void: bool = typer.Option(False, help="R8.8: chips bet out of turn are returned."),
        save: Path = typer.Option(None, help=terminal.SAVE_HELP, parser=terminal.save_path),
        pack: int = _PACK,
        false_openers: str = typer.Option(
            "refuse",
            help="R4.9, false openers: refuse (an opening seen to be false is refused; one "
            "found at the end forfeits), EB29, PEEL or BAR. At the end the opener shows his "
            "openers: openers SEAT CARDS (R4.8).",
        ),
        rule: list[str] = _rule("limit_after=10, royal_penalty=1, progressive=true"),
    ) -> None:
        """Referee a Jack-Pot played with real cards.

        The opener proves his openers from his hand as dealt at the show, or before he takes a pool uncalled (R4.8): where the referee did not see that hand, enter 'openers SEAT CARDS' ('openers SEAT' alone: he cannot show them).
        """  # noqa: E501  (one line: the help keeps a docstring's line breaks)
        _run("jackpots", players, dealer, ante, limit, void, save, pack, rule,
             false_openers=false_openers)  # fmt: skip
