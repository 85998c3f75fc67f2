"""``parlour play stud-poker | straight-poker | whiskey-poker``: the tables drawn for a
player, the actions in words, and the commands that play them against bots."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer
from rich.text import Text

from parlour import terminal
from parlour.cards import Card
from parlour.poker.rules_words import rules_in_play


def _pretty(cards: list[str] | None) -> str:
    return " ".join(Card(c).pretty() for c in cards) if cards else "-"


def _who(seat: int, me: int = -1) -> str:
    """The seat as the table calls it (at play), else "You" or "Seat N"."""
    return terminal.called(seat, "Seat", me)


def _takes(seats: list[int], me: int, verb: str = "take") -> str:
    """The seats named, ``verb`` agreeing with them: "Seat 1 takes", "You take"."""
    who = " and ".join(_who(s, me) for s in seats) or "nobody"
    return f"{who} {verb if len(seats) > 1 or terminal.is_you(who) else verb + 's'}"


def _shown(result: dict[str, Any], me: int) -> list[str]:
    """Each hand laid down at the show (W-11; V-7: all of them) in cards and in words.

    >>> _shown({"hands": {"2": ["As", "Ad", "Kc", "Kd", "2h"]}, "described": {"2": "Two pairs"}}, 0)
    ['  Seat 2   A♠ A♦ K♣ K♦ 2♥  Two pairs']
    """
    described, hands = result.get("described", {}), result.get("hands", {})
    width = max([8, *(len(_who(int(s), me)) for s in hands)])  # the cards in one column
    return [f"  {_who(int(s), me):{width}} {_pretty(cards)}  {described.get(s, '')}".rstrip()
            for s, cards in hands.items()]  # fmt: skip


def _betting_line(obs: dict[str, Any], coming_in: bool = False) -> str:
    """What this interval asks of you; in Stud's coming in nobody has bet: it is the price."""
    if obs.get("price") is None:
        return ""
    if obs["price"] == 0:
        return "Nothing bet yet in this interval."
    owe = obs["price"] - obs["put"][obs["seat"]]
    asked = "Price to come in" if coming_in else "Bet to meet this interval"
    return f"{asked}: {obs['price']} (you owe {owe})."


def _is_coming_in(obs: dict[str, Any]) -> bool:
    """Whether this is Stud's coming in against the Age's ante (D-3, D-4), he not having
    forfeited it."""
    return obs["coming_in"] and not obs["folded"][obs["age"]]


def _spoken_or_raised(obs: dict[str, Any], seat: int) -> tuple[bool, bool]:
    """Whether ``seat`` has spoken in this interval, and whether anyone has raised in it."""
    now = [e for e in obs["log"] if e["interval"] == obs["interval"]]
    return any(e["seat"] == seat for e in now), any(e["action"].startswith("raise") for e in now)


def _asked_to_come_in(obs: dict[str, Any], seat: int) -> bool:
    """Whether ``seat`` is asked the price of coming in (D-4): he has not come in, and
    nobody has raised it (then he meets a raise, D-5, D-7)."""
    return _is_coming_in(obs) and not any(_spoken_or_raised(obs, seat))


def _coming_in_line(obs: dict[str, Any], seat: int) -> str:
    """In Stud's first interval with the Age's ante (D-3): what the Age's blind asks of a
    player yet to come in (D-4), or of the Age yet to make good (D-6)."""
    age = obs["age"]
    if seat == age and _is_coming_in(obs) and not _spoken_or_raised(obs, seat)[0]:
        return ("You are the Age: when the others have come in, make good or forfeit your "
                "ante (D-6).")  # fmt: skip
    if seat == age or not _asked_to_come_in(obs, seat):
        return ""
    return f"{_who(age, seat)}, the Age, has anted: come in at the price, or drop (D-4)."


def render_stud(obs: dict[str, Any], seat: int) -> Text:
    """The stud table: every hand's up cards, your hole card, the pool."""
    lines = [f"Stud Poker: dealer {terminal.called(obs['dealer'])}, interval {obs['interval']}, "
             f"pool {obs['pool']}"]  # fmt: skip
    width = max(8, *(len(_who(s, seat)) for s in range(len(obs["up"]))))
    for s, up in enumerate(obs["up"]):
        hole = obs["shown"].get(str(s))
        if s == seat:
            hole = obs["hole"]
        status = " (out)" if obs["folded"][s] else ""
        lines.append(f"  {_who(s, seat):{width}} [{_pretty([hole]) if hole else '##'}] "
                     f"{_pretty(up)}{status}  put up {obs['paid'][s]}")  # fmt: skip
    lines.append(_betting_line(obs, _asked_to_come_in(obs, seat)))
    lines.append(_coming_in_line(obs, seat))
    if obs.get("result"):
        result = obs["result"]
        if result.get("unopened"):
            lines.append(f"Nobody came in: {_takes(result['winners'], seat)} the pool, the "
                         "Age's ante (R3.11)")  # fmt: skip
        else:
            shown = "at the show" if result["called"] else "uncalled, the hole card unseen"
            won = f"{_takes(result['winners'], seat)} the pool of {obs['pool']}"  # as Straight's
            lines.append(f"Result: {won} ({shown})")
        for s, words in result.get("described", {}).items():  # W-11: each hand shown
            lines.append(f"  {_who(int(s), seat)}: {words}")
    return Text("\n".join(x for x in lines if x))


def _pool(obs: dict[str, Any]) -> int:
    """The pool as the table speaks of it: once this deal is over, the pool it ended with
    (the result's), not the nothing left after it was taken."""
    ended = [r for r in obs["results"] if r["deal"] == obs["deal"] and "pool" in r]
    return ended[-1]["pool"] if ended and not obs["pool"] else obs["pool"]


def render_straight(obs: dict[str, Any], seat: int) -> Text:
    """The straight-poker table: your hand, the buck, the pool and the betting."""
    buck = obs["buck"]
    lines = [
        f"Straight Poker: deal {obs['deal']}, dealer {terminal.called(obs['dealer'])}"
        + (f", the buck with {terminal.called(buck)}" if buck is not None else "")
        + f", pool {_pool(obs)}",
        f"Your hand: {_pretty(obs['hand'])}",
        "Out: " + (", ".join(_who(s, seat) for s, f in enumerate(obs["folded"]) if f) or "nobody"),
        _betting_line(obs),
    ]
    for result in obs["results"]:  # this deal's end (earlier deals' were told as they ended)
        if result["deal"] == obs["deal"]:
            lines += _straight_result(result, seat)
    return Text("\n".join(x for x in lines if x))


def _straight_result(result: dict[str, Any], me: int) -> list[str]:
    """One finished deal in words: a double header (R5.5), or who took the pool, and the
    hands of the caller and the called, shown complete (W-11).

    >>> _straight_result({"deal": 2, "pool": 9, "winners": [1], "hands": {"1": ["As", "Ad",
    ...     "Kc", "Kd", "2h"], "0": ["3c", "3d", "7h", "8s", "9c"]}, "described": {"1": "Two "
    ...     "pairs", "0": "One pair"}}, 0)  # doctest: +NORMALIZE_WHITESPACE
    ['Deal 2: Seat 1 takes the pool of 9 at the show:',
     '  Seat 1   A♠ A♦ K♣ K♦ 2♥  Two pairs', '  You      3♣ 3♦ 7♥ 8♠ 9♣  One pair']
    """
    if result.get("double_header"):
        return [f"Deal {result['deal']}: all passed; a double header (R5.5)"]
    takes = _takes(result.get("winners", []), me)
    head = f"Deal {result['deal']}: {takes} the pool of {result.get('pool', 0)}"
    if not result.get("hands"):
        return [f"{head}, uncalled: no hand is shown (W-12)"]
    return [f"{head} at the show:", *_shown(result, me)]


def render_whiskey(obs: dict[str, Any], seat: int) -> Text:
    """The whiskey-poker table: your hand, the widow, what is known of the others."""
    widow = _pretty(obs["widow"]) if obs["widow_face_up"] else "face down (5 cards)"
    lines = [
        f"Whiskey Poker: deal {obs['deal']}, dealer {terminal.called(obs['dealer'])}, "
        f"pool {_pool(obs)}",
        f"The widow: {widow}",
        f"Your hand: {_pretty(obs['hand'])}",
    ]
    if obs["lives"] is not None and not obs["lives"][seat]:  # R7.7: no hand dealt him now
        lines[-1] = "Your hand: none, you have no life left: out of the game (R7.7)"
    for s, known in enumerate(obs["known"]):
        if s != seat and known:
            lines.append(f"  {_who(s, seat)} is known to hold {_pretty(known)}")
    if obs["knocker"] is not None:  # the turns after it (V-7) only until the betting or the end
        ended = any(result["deal"] == obs["deal"] for result in obs["results"])
        after = "" if ended or obs.get("price") is not None else ": one more turn each"
        lines.append(f"{_who(obs['knocker'], seat)} knocked{after}.")
    if obs["ended_without_knock"]:
        lines.append("Nobody knocked: play ended after the rounds agreed (not from the seeds).")
    if any(obs["folded"]):  # in the betting (V-7): those who threw up their cards
        lines.append("Out: " + ", ".join(_who(s, seat) for s, f in enumerate(obs["folded"]) if f))
    if obs["lives"] is not None:
        lines.append("Lives: " + ", ".join(f"{_who(s, seat)} {n}" for s, n in
                                           enumerate(obs["lives"])))  # fmt: skip
    lines.append(_betting_line(obs))
    for result in obs["results"]:  # this deal's end (earlier deals' were told as they ended)
        if result["deal"] == obs["deal"]:
            lines += _whiskey_result(result, seat)
    if obs["kitty"]:  # poorest-pays: where the forfeit went, since no player receives it
        lines.append(f"Forfeits paid to the pool (V-7): {obs['kitty']}. That pool leaves this "
                     f"table, no player takes it: the payoffs sum to -{obs['kitty']}.")  # fmt: skip
    return Text("\n".join(x for x in lines if x))


def _whiskey_result(result: dict[str, Any], me: int) -> list[str]:
    """One finished Whiskey Poker deal: every hand still in laid down (V-7; W-11 when a bet
    is called) in cards and words, and the best and the poorest; or a bet uncalled (W-12)."""
    deal, pool = f"Deal {result['deal']}", f"the pool of {result.get('pool', 0)}"
    if result.get("uncalled"):
        return [f"{deal}: {_takes(result['best'], me)} {pool}, uncalled: no hand is shown "
                "(W-12)"]  # fmt: skip
    if "pool" in result and "lives" not in result:  # the best hand takes it; none pays
        return [f"{deal}: {_takes(result['best'], me)} {pool} at the show:", *_shown(result, me)]
    poorest = " and ".join(_who(s, me) for s in result.get("poorest", []))
    said = [
        f"{deal}: the hands shown:",
        *_shown(result, me),
        f"Best hand: {' and '.join(_who(s, me) for s in result['best'])}; poorest: {poorest}",
    ]
    if "lives" in result and len(result["poorest"]) < len(result["hands"]):  # R7.7: not all equal
        for s in result["poorest"]:
            left = result["lives"][s]
            said.append(
                f"{_takes([s], me, 'lose')} a life: "
                + (f"{left} left (R7.7)" if left else "none left, out of the game (R7.7)")
            )
    if "pool" in result:  # R7.7: the lives game over, the last with a life takes the pool
        last = [s for s, lives in enumerate(result["lives"]) if lives > 0]
        said.append(f"{_takes(last, me)} {pool}, the last with a life (R7.7)")
    return said


# a person's choices in words (the table is told the moves by :func:`told`)
_WORDS = {
    "fold": "throw up the cards",
    "call": "see the bet",
    "check": "check",
    "pass": "pass (may come in again unless someone raises)",
    "whiskey pass": "pass, keeping the hand",
    "stud call": "call: put up what you owe (come in, make good, or see the bet)",
    "take-widow": "take up the widow, laying the hand face up in its place",
    "turn-widow": "turn the widow face up and keep the hand",
    "swap-all": "exchange the whole hand for the widow",
    "knock": "knock: stand on the hand; the others have one more turn",
}


def describe(text: str) -> str:
    """An action's canonical text in words."""
    words = text.split()
    if not words:
        return text
    if words[0] == "raise" and len(words) == 2:  # as at Draw Poker: the rise, not the sum put up
        return f"raise by {words[1]}"
    if words[0] == "exchange" and len(words) == 3:
        return f"give {Card(words[1]).pretty()} to the widow and take {Card(words[2]).pretty()}"
    return _WORDS.get(text, text)


def describe_stud(text: str) -> str:
    """Stud Poker's actions in words: its first call may be coming in or making good against
    the Age's ante (D-4, D-6), where there is no bet to see."""
    return _WORDS["stud call"] if text == "call" else describe(text)


def offer_stud(text: str, obs: dict[str, Any]) -> str:
    """Stud's call as offered to the seat choosing it: coming in (D-4), making good (D-6),
    meeting a raise (D-5, D-7) or seeing a bet, as his place in the betting has it."""
    if text != "call":
        return describe(text)
    seat = obs["seat"]
    if not _is_coming_in(obs):
        return _WORDS["call"]
    spoken, raised = _spoken_or_raised(obs, seat)
    good = seat == obs["age"] and not spoken and obs["come_in"] == "double"  # D-6
    if good:
        return "call: make good the ante" + (
            " and meet the raise (D-6, D-7)" if raised else ", staying in (D-6)"
        )
    if spoken or raised:
        return "call: meet the raise (D-5, D-7)"
    return "call: come in at the price (D-4)"


def describe_whiskey(text: str) -> str:
    """Whiskey Poker's actions in words (its ``pass`` keeps the hand)."""
    return _WORDS["whiskey pass"] if text == "pass" else describe(text)


_TOLD = {
    "fold": "throws up the cards", "call": "sees the bet", "check": "checks",
    "pass": "passes", "take-widow": "takes up the widow, laying his hand face up in its place",
    "turn-widow": "turns the widow face up and keeps his hand",
    "swap-all": "exchanges his whole hand for the widow",
    "knock": "knocks: the others have one more turn",
}  # fmt: skip


def told(text: str) -> str:
    """A move as the table is told it, in the third person (the menu's words are a choice).

    >>> told("raise 2"), told("call"), told("exchange Wc Td")
    ('raises by 2', 'sees the bet', 'gives 12♣ to the widow and takes 10♦')
    """
    words = text.split()
    if words and words[0] in ("bet", "raise") and len(words) == 2:
        return f"{words[0]}s {describe(text).split(maxsplit=1)[1]}"
    if words and words[0] == "exchange":
        return describe(text).replace("give", "gives", 1).replace(" take ", " takes ", 1)
    return _TOLD.get(text, text)


def _coming_in(state: Any, entry: dict[str, Any], spoken: set[int]) -> str:
    """A call in Stud's first interval under the Age's ante, as at Draw Poker: a player's
    first "comes in" (D-4), the Age's "makes good" (D-6), a call after that "sees the raise"
    (D-7: nobody speaks again unless someone raised); "" for any other move."""
    if state.game.name != "stud-poker" or not state.is_coming_in(entry["interval"]):
        return ""
    rules = state.game.rules
    seat, first = entry["seat"], entry["seat"] not in spoken
    spoken.add(seat)
    if entry["action"] != "call":
        return ""
    if not first:
        return "sees the raise"
    if seat != state.age:
        return "comes in"
    if rules.come_in != "double":  # his ante is the price: he has nothing to make good
        return "sees the raise" if entry["paid"] else ""
    return "makes good" + (" and sees the raise" if entry["paid"] > rules.ante else "")


def news(state: Any) -> list[tuple[int, str]]:
    """Every ante, move and deal's end so far as the table heard it, deal by deal: the antes
    (table events, seat -1), the moves (a bet with what it put up), then how the deal ended
    (Straight and Whiskey Poker deal on; Stud's one result, and the game's last, are on the
    final table)."""
    heard: list[tuple[int, int, int, str]] = []  # deal, part, seat, words
    for ante in state.antes:
        payer, amount = ante["payer"], ante["amount"]
        if payer is None:
            text = f"each antes {amount}"
        else:  # one player's: his own (the Age's, D-3) or for all (the buck)
            text = f"{_takes([payer], -1, 'ante')} {amount}" + (
                "" if ante.get("alone") else " for all"
            )
        heard.append((ante["deal"], 0, -1, f"{text} ({ante['rule']})"))
    spoken: set[int] = set()  # who has spoken in Stud's coming in
    for e in state.log:
        paid = f", putting up {e['paid']}" if e.get("paid") else ""
        words = _coming_in(state, e, spoken) or told(e["action"])
        heard.append((e.get("deal", 1), 1, e["seat"], words + paid))
    ended = _whiskey_result if state.game.name == "whiskey-poker" else _straight_result
    for result in getattr(state, "results", ()):
        if state.is_over and result["deal"] == state.deal_no:
            continue  # the last deal's end is on the final table, shown next: not told twice
        heard.append((result["deal"], 2, terminal.HEADLINE, "\n".join(ended(result, -1))))
    heard.sort(key=lambda h: h[:2])  # stable: each part keeps its own order
    return [(seat, words) for _, _, seat, words in heard]


hint = terminal.bot_hint("strong")  # what the strong player (parlour.bots.other_strong) would do
for _name, _render, _describe in (("stud-poker", render_stud, describe_stud),
                                  ("straight-poker", render_straight, describe),
                                  ("whiskey-poker", render_whiskey, describe_whiskey)):  # fmt: skip
    terminal.register_renderer(
        _name, _render, _describe, hint, private=True, news=news, rules=rules_in_play,
        menu=offer_stud if _name == "stud-poker" else None,
    )  # fmt: skip


def _play(name: str, players: int, seat: int, humans: int, bot: str, preset: str | None,
          rule: list[str], seed: int | None, save: Path | None) -> None:  # fmt: skip
    terminal.play_against_bots(
        name, {"players": players, "preset": preset}, rules=rule, seat=seat, humans=humans,
        bot=bot, seed=seed, save=save,
    )  # fmt: skip


def register(app: typer.Typer, play_app: typer.Typer) -> None:
    """Add ``parlour play stud-poker``, ``straight-poker`` and ``whiskey-poker``."""

    from parlour.poker.straight import StraightPoker
    from parlour.poker.stud import StudPoker
    from parlour.poker.whiskey import WhiskeyPoker

    def command(game: type[StudPoker | StraightPoker | WhiskeyPoker], doc: str) -> None:
        name, seats = game.name, f"{game.min_players}-{game.max_players}"
        presets = ", ".join(game.presets)

        def play(
            players: int = typer.Option(4, help=f"Players at the table, you included ({seats})."),
            seat: int = typer.Option(
                0, help="Your seat (seat 0 deals first unless --rule dealer=N)."
            ),
            humans: int = typer.Option(1, help=terminal.HUMANS_HELP),
            bot: str = typer.Option(
                "book",
                "--bot",
                "--bots",
                help="The other players: book, strong or random." + terminal.BOTS_HELP,
            ),
            preset: str = typer.Option(None, help=f"A named rule preset: {presets}."),
            rule: list[str] = typer.Option(
                [], help="A rule option KEY=VALUE (e.g. pack=44, joker=wild); repeatable."
            ),
            seed: int = typer.Option(None, help="Seed for the shuffle and the bots."),
            save: Path = typer.Option(None, help=terminal.SAVE_HELP, parser=terminal.save_path),
        ) -> None:
            _play(name, players, seat, humans, bot, preset, rule, seed, save)

        play.__doc__ = doc
        play_app.command(name)(play)

    command(
        StudPoker,
        "Five-card Stud: one card down, four up, then the betting from the Age's left (V-2), "
        "as at Draw Poker: the Age antes, the others come in at twice the ante or drop, the Age "
        "makes good or forfeits (D-3..D-6); --preset R6.6: every player antes; --preset "
        "S3-variant bets after each card from the second, later rounds the best showing first "
        "(V-3).",
    )
    command(
        StraightPoker,
        "Straight Poker or Bluff: no draw, the buck, the betting from the Age's left as at "
        "Draw Poker (V-1, W-9); --preset R5.3 opens at the dealer's left.",
    )
    command(
        WhiskeyPoker,
        "Whiskey Poker: the widow, exchanges, the knock, then the betting (V-4..V-7).",
    )
