"""``parlour play meusueb``: the board drawn for a newcomer, and the command that plays it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer
from rich.text import Text

from parlour import terminal
from parlour.boards.meusueb import LABELS, PRESETS, ROW, SEATS, parse_move


def _rule_text(rules: dict[str, Any]) -> str:
    """The rules of a turn in a newcomer's words, as the options in play have them (MS-2..MS-6).

    >>> from dataclasses import asdict
    >>> from parlour.boards.meusueb import MeusuebRules
    >>> print(_rule_text(asdict(MeusuebRules(start_hole_scope="any_hole"))).splitlines()[0])
    Sow all the pips of any hole, one a hole, the way the arrows go.
    """
    where = "any hole" if rules["start_hole_scope"] == "any_hole" else "a hole in your row"
    rows = {"both": "", "own_row_only": " in your row", "opponent_row_only": " in his row"}
    then = (
        "then sow on from the next hole, or stop"
        if rules["adoe_sueb"] == "optional"
        else "then sow on from the next hole if it holds pips"
    )
    return "\n".join(
        (
            f"Sow all the pips of {where}, one a hole, the way the arrows go.",
            "Last pip in a hole with pips: lift them and sow on; in an empty hole: stop.",
            f"Last pip in a hole of 3{rows[rules['sueb_rows']]}: suëb! Store the 4, {then}.",
            _end_text(rules),
        )
    )


def _end_text(rules: dict[str, Any]) -> str:
    """When the sowing ends, what follows, and who wins (MS-7, B.5)."""
    count = rules["endgame_threshold_pips"]  # 0: the count never ends it
    ends = [f"fewer than {count} pips are left" if count > 1 else "the board is empty"]
    if rules["start_hole_scope"] != "any_hole":  # any hole: a pip left can always be sown
        if rules["empty_row_rule"] == "end_main_phase":
            ends.append("the one to sow has none in his row")
        else:
            ends.append("neither has a pip in his row (one with none passes)")
    if not count and len(ends) > 1:
        ends.pop(0)  # an empty board leaves no row with a pip either
    when = f"The sowing ends when {', or when '.join(ends)}"
    if rules["endgame_mode"] == "claim_immediately":
        then = "each stores the pips on his side"
    elif rules["endgame_mode"] == "single_step_then_claim":
        then = _endgame_text(rules)
    else:
        then = f"till the board is empty, each in turn must {_endgame_text(rules)}"
    return f"{when}. Then {then}. More pips in store wins; as many is a draw."


def _endgame_text(rules: dict[str, Any]) -> str:
    """What a move does in the endgame (MS-7), as ``endgame_mode`` plays it."""
    if rules["endgame_mode"] == "single_step_then_claim":
        return (
            "each moves one pip one hole on, once (a pip pushed across lies on the other "
            "side and is his), and each stores the pips on his side"
        )
    to_store = rules["lost_pip_destination"] == "opponent_store"
    lost = "goes to the other's store" if to_store else "is lost"
    return f"move one pip to the next hole; a pip pushed across to the other side {lost}"


def _cells(board: list[int], holes: list[int]) -> str:
    return "|" + "|".join(f"{board[h]:>3} " for h in holes) + "|"


def render(observation: dict[str, Any], seat: int) -> Text:
    """The board as the seat at the bottom sees it: both rows, labels, directions, stores."""
    board, stores = observation["board"], observation["stores"]
    me, other = seat, 1 - seat
    bottom = list(range(me * ROW, me * ROW + ROW))
    top = list(reversed(range(other * ROW, other * ROW + ROW)))
    line = "+----" * ROW + "+"

    def labels(holes: list[int]) -> str:
        return "".join(f"{LABELS[h]:>4} " for h in holes)

    lines = [
        f"{'':12}{labels(top)}   <- {SEATS[other]} sows this way",
        f"{'':12}{line}",
        f"  {SEATS[other] + chr(39) + 's':<10}{_cells(board, top)}   {SEATS[me]}'s",
        f"  store{stores[other]:>3}  {line}   store{stores[me]:>3}",
        f"{'':12}{_cells(board, bottom)}",
        f"{'':12}{line}",
        f"{'':12}{labels(bottom)}   -> {SEATS[me]} (seat {me}) sows this way",
        "",
    ]
    latest = observation.get("last")
    moves = [
        _last_move(last)
        for last in observation.get("last_by_seat", [])
        if last and last is not latest and last != latest
    ]
    if latest:
        moves.append(_last_move(latest))
    status = [_status(observation)]
    lines += [*moves, *status] if observation["phase"] == "over" else [*status, *moves]
    if first_turn(observation):  # once: r gives them again
        lines += [_rule_text(observation["rules"]), terminal.RULES_AGAIN]
    return Text("\n".join(lines))


def first_turn(observation: dict[str, Any]) -> bool:
    """Whether a seat is to sow its first turn (fewer than two turns played), when the board
    tells how to sow (at every turn they made a game a third longer)."""
    return observation["phase"] == "main" and observation["turns"] < 2


def _status(observation: dict[str, Any]) -> str:
    phase, mover = observation["phase"], observation["to_move"]
    stores = observation["stores"]
    if phase == "over":
        a, b = stores
        result = "a draw" if a == b else f"{SEATS[0 if a > b else 1]} wins"
        claimed = observation.get("claimed", [0, 0])
        took = " and ".join(f"{SEATS[s]} {n}" for s, n in enumerate(claimed) if n)
        end = f" At the end each took the pips on his own side into his store (MS-7): {took}."
        return f"Game over: South {a}, North {b} in the stores: {result}." + (end if took else "")
    if phase == "adoe":
        return (
            f"{SEATS[mover]} made suëb: go on from {observation['pending']} (adòë suëb) "
            "or stop and keep the winnings."
        )
    if phase == "endgame":
        return f"Endgame, {SEATS[mover]} to move: {_endgame_text(observation['rules'])}."
    return f"{SEATS[mover]} to sow (turn {observation['turns'] + 1})."


def _last_move(last: dict[str, Any]) -> str:
    """One seat's latest move in words: the holes lifted, suëbs, how it ended."""
    who, lifts = SEATS[last["seat"]], last["lifts"]
    if last["end"] in ("step", "lost"):
        lost = ", across to the other side" if last["end"] == "lost" else ""
        return f"{who} moved a pip from {lifts[0]}{lost}."
    words, after_sueb = [f"sowed {lifts[0]}"], False
    for token in lifts[1:]:
        if token.startswith("suëb "):
            words.append(f"suëb in {token[5:]}")
            after_sueb = True
        elif token == "…":
            words.append("… (a relay that goes round for ever)")
        else:
            words.append(f"adòë suëb from {token}" if after_sueb else f"relay {token}")
            after_sueb = False
    ending = {
        "dead": f"died in the empty hole {last['at']}",
        "suëb": "the turn ended after the suëb",
        "adoe": "the turn waits for go (adòë suëb) or stop",
        "cap": f"stopped by the relay cap at {last['at']}",
        "store": "ended in the store",
    }[last["end"]]
    return f"{who} {', '.join(words)}; {ending}: {last['gained']} pips won."


def describe(text: str) -> str:
    """A newcomer's words for an action's canonical text."""
    move = parse_move(text)
    if move is None:
        return text
    if text == "go":
        return "adòë suëb: go on sowing from the next hole"
    if text == "stop":
        return "keep the winnings and end the turn"
    if text.startswith("pip:"):
        return f"move one pip from {text[4:]} to the next hole"
    return f"sow hole {text}"


terminal.register_renderer(
    "meusueb",
    render,
    describe,
    terminal.bot_hint(max_nodes=30_000),
    rules=lambda state, seat: _rule_text(state.observation(seat)["rules"]),
)


def register(app: typer.Typer, play_app: typer.Typer) -> None:
    """Add ``parlour play meusueb``."""

    @play_app.command("meusueb")
    def play_meusueb(
        bot: str = typer.Option(
            "strong", "--bot", "--bots", help="The opponent: random, greedy or strong."
        ),
        seat: int = typer.Option(
            0, help="Your seat: 0 = South (first, unless first_player=north), 1 = North."
        ),
        humans: int = typer.Option(1, help=terminal.HUMANS_HELP),
        preset: str = typer.Option(None, help=f"Rule preset: {', '.join(PRESETS)}."),
        rule: list[str] = typer.Option(
            [], help="A rule option KEY=VALUE (e.g. adoe_sueb=optional); repeatable."
        ),
        think: float = typer.Option(1.0, help="Seconds the strong player thinks a move."),
        seed: int = typer.Option(None, help="Seed for the bot's ties."),
        save: Path = typer.Option(None, help=terminal.SAVE_HELP, parser=terminal.save_path),
    ) -> None:
        """Meusuëb, the Acehnese mancala: relay sowing and suëb (Snouck Hurgronje's rules)."""
        terminal.play_against_bots(
            "meusueb", {"preset": preset}, rules=rule, seat=seat, humans=humans, bot=bot,
            seed=seed, save=save, think=think,
        )  # fmt: skip
