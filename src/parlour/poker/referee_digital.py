"""The referee's remedies at a digital table: the irregularities a digital deal can meet.

A digital ``draw-poker`` or ``jackpots`` deal (:mod:`parlour.poker.draw`) refuses
acts out of turn and wrong draws outright.  A table that wants the book's
remedies instead calls these functions: each applies the ruling to the digital
state, appends ``{"ruling": ID, "text": ..., "effect": ...}`` to its history and
returns that entry.  :meth:`Game.replay` (``parlour replay`` too) rebuilds such a deal
from its JSON history, rulings included, each checked by :func:`replay_ruling`.

* R8.8, a bet out of turn: :func:`rule_out_of_turn_bet` gives a :class:`HeldBet`
  ("binding", the default) or returns the chips ("void");
  :func:`resolve_held_bet` turns it into his act when his turn comes.
* I-10, a wrong number asked for in the draw: :func:`rule_wrong_draw_count`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from parlour.cards import parse_cards
from parlour.game import Game, IllegalAction, State, short_repr, whole_number
from parlour.poker.betting import Act, parse_act
from parlour.poker.rulings import QUOTES, ruling


@dataclass(frozen=True)
class HeldBet:
    """R8.8: what a seat put up out of turn, waiting for his turn."""

    seat: int
    action: str
    chips: int
    price: int


def _betting_state(state: Any) -> Any:
    if getattr(state, "phase", None) not in ("bet1", "bet2") or state.betting is None:
        raise IllegalAction("R8.8: no betting interval is open")
    return state.betting


def _cost(betting: Any, seat: int, a: Act) -> int:
    owe = betting.price - betting.put[seat]
    if a.kind == "call":
        return owe
    if a.kind in ("bet", "raise"):
        return owe + a.amount
    if a.kind == "straddle":
        return 2 * betting.price - betting.put[seat]
    return 0


def _record(state: State, rule: str, effect: str, **extra: Any) -> dict[str, Any]:
    entry = {**ruling(rule, effect), **extra}
    state.history.append(entry)
    return entry


def rule_out_of_turn_bet(
    state: Any, seat: int, action: str, mode: str = "binding"
) -> tuple[dict[str, Any], HeldBet | None]:
    """R8.8: ``seat`` acts (``action``, e.g. ``"raise 2"``) before his turn.

    "binding" (the default): the chips stay in the pool and are his act when his
    turn comes; "void": they are returned and he acts again in turn.  A throw-in
    out of turn is final in either case (R8.8, BAR 24).
    """
    b = _betting_state(state)
    if seat == state.to_move:
        raise IllegalAction(f"R8.8: it is seat {seat}'s turn: apply {action!r} as usual")
    if not 0 <= seat < len(b.live) or not b.live[seat]:
        raise IllegalAction(f"R8.8: seat {seat} is not in the betting")
    a = parse_act(action, b.rules)
    if a is None:
        raise IllegalAction(f"R8.8: {action!r} is not a betting act")
    twin = state.clone()  # the game's own checks for the seat, as if it were his turn
    twin.betting = twin.betting.turned_to(seat)
    why = twin._why_bet(a)  # J-3: a Jack-Pot is opened only with openers; J-5: no drop before
    if why is not None:
        raise IllegalAction(f"R8.8: {action!r} would not be legal for seat {seat}: {why}")
    if a.kind == "fold":
        held = HeldBet(seat, "fold", 0, b.price)
        entry = _record(state, "R8.8", f"seat {seat} throws in out of turn: that is final")
        return entry, held
    if mode == "void":
        effect = f"seat {seat} acted out of turn ({a}): void; he acts again in turn"
        return _record(state, "R8.8", effect), None
    if mode != "binding":
        raise IllegalAction("R8.8: mode is 'binding' or 'void'")
    chips = _cost(b, seat, a)
    effect = (
        f"seat {seat} acted out of turn ({a}): his {chips} chip(s) stay in the pool "
        "and are his action in turn if nothing changes"
    )
    return _record(state, "R8.8", effect), HeldBet(seat, str(a), chips, b.price)


def held_options(state: Any, held: HeldBet) -> list[str]:
    """R8.8: after an intervening bet, he may add to call or raise, or drop (and forfeit)."""
    b = _betting_state(state)
    return [
        str(a) for a in state.legal_actions() if a.kind == "fold" or _cost(b, held.seat, a)
        >= held.chips
    ]  # fmt: skip


def resolve_held_bet(state: Any, held: HeldBet, choice: str | None = None) -> dict[str, Any]:
    """R8.8, when the seat's turn comes: his held act stands if nothing has changed;
    otherwise he chooses from :func:`held_options` (dropping forfeits the chips)."""
    b = _betting_state(state)
    if state.to_move != held.seat:
        raise IllegalAction(f"R8.8: seat {held.seat} is not yet to speak")
    a = parse_act(held.action, b.rules)
    unchanged = b.price == held.price and a is not None and b.why_illegal(a) is None
    if held.action == "fold" or unchanged:
        state.apply(held.action)
        why = "nothing has changed" if unchanged else "a throw-in is final"
        effect = f"{why}: seat {held.seat}'s act out of turn stands ({held.action})"
        return _record(state, "R8.8", effect)
    options = held_options(state, held)
    if choice not in options:
        raise IllegalAction(
            f"R8.8: a bet intervened: seat {held.seat} must choose: {', '.join(options)}"
        )
    if choice == "fold":  # forfeited before he drops: a drop may end the deal and pay out
        _forfeit(state, held.seat, held.chips)
        effect = f"seat {held.seat} drops and forfeits the {held.chips} chip(s) put up out of turn"
        entry = _record(state, "R8.8", effect, forfeit=[held.seat, held.chips])
        state.apply(choice)
        return entry
    state.apply(choice)
    effect = f"a bet intervened: seat {held.seat} makes his chips good ({choice})"
    return _record(state, "R8.8", effect)


def _forfeit(state: Any, seat: int, chips: int) -> None:
    """The chips a seat put up out of turn and forfeits go into the pool (R8.8)."""
    state.contrib[seat] += chips
    if state.stacks is not None:
        state.stacks[seat] -= chips


def rule_wrong_draw_count(
    state: Any,
    asked: int,
    discards: str,
    *,
    looked: bool = False,
    extra: str = "",
) -> dict[str, Any]:
    """I-10: the seat to draw throws out ``discards`` but asks for ``asked`` cards.

    Noticed before he has looked at them (and so before the next player is served,
    which a digital table guarantees), the mistake is rectified: he gets as many
    as he threw out.  Once he has looked, with too many he must discard so as to
    keep them (``extra`` names the further cards he throws).  With too few he would
    remain in with four, which the digital deal cannot value (its showdown ranks
    five cards): that case is refused here; referee mode plays it.  I-11: the dealer
    who hands himself too many must take them, looked at or not: he too throws
    ``extra`` of his own, as referee mode rules it.
    """
    if getattr(state, "phase", None) != "draw":
        raise IllegalAction("I-10: only in the draw")
    seat = state.to_move
    thrown = " ".join(str(c) for c in parse_cards(discards)) if discards.strip() else ""
    k = len(thrown.split())
    if asked == k:
        raise IllegalAction(f"I-10: {asked} is the number thrown out: an ordinary draw")
    draw = f"draw {thrown}" if thrown else "pat"
    dealer = asked > k and seat == state.dealer  # I-11: he must take them
    if not looked and not dealer:
        state.apply(draw)
        effect = f"seat {seat} asked for {asked} but threw {k}: rectified, he is given {k}"
        return _record(state, "I-10", effect)
    if asked > k:
        rule = "I-11" if dealer else "I-10"
        more = [str(c) for c in parse_cards(extra)] if extra.strip() else []
        if len(more) != asked - k:
            who = f"the dealer (seat {seat}) must take them: he" if dealer else f"seat {seat}"
            raise IllegalAction(
                f"{rule}: {who} must discard {asked - k} more so as to keep the {asked} cards"
            )
        state.apply("draw " + " ".join([*thrown.split(), *more]))
        effect = (
            f"seat {seat} asked for {asked}, threw {k}, and looked: he must discard "
            f"so as to keep them ({' '.join(more)} thrown too)"
        )
        if dealer:
            effect = (
                f"the dealer (seat {seat}) handed himself {asked} for the {k} he threw: he "
                f"must take them, and discards {' '.join(more)} of his own too"
            )
        return _record(state, rule, effect)
    raise IllegalAction(
        f"I-10: seat {seat} would remain in with {5 - k + asked} cards, but the digital deal "
        "values five-card hands only: take it as rectified (looked=False) or use referee mode"
    )


#: the rulings a digital deal takes, and the fields of each one's history entry
_FIELDS = {"R8.8": ("ruling", "text", "effect", "forfeit"), "I-10": ("ruling", "text", "effect"),
           "I-11": ("ruling", "text", "effect")}  # fmt: skip


def replay_ruling(state: Any, number: int, entry: dict[str, Any]) -> None:
    """Re-apply history entry ``number``, a ruling of this module, as the deal replays; one
    that is not such a ruling, or stands where none could be given, is refused naming it."""
    where = f"history entry {number}"
    rule = entry["ruling"]
    if not isinstance(rule, str) or rule not in _FIELDS:
        raise IllegalAction(f"{where}: {short_repr(rule)} is not a ruling a digital deal "
                            f"takes ({', '.join(_FIELDS)})")  # fmt: skip
    unknown = sorted(set(entry) - set(_FIELDS[rule]))
    missing = [key for key in ("text", "effect") if key not in entry]
    if unknown or missing:
        said = f"has an unknown field {unknown[0]!r}" if unknown else f"lacks its {missing[0]!r}"
        raise IllegalAction(f"{where}: ruling {rule!r} {said}")
    if entry["text"] != QUOTES[rule]:
        raise IllegalAction(f"{where}: ruling {rule!r}: its 'text' is not the rule's words "
                            f"but {short_repr(entry['text'])}")  # fmt: skip
    if not isinstance(entry["effect"], str) or not entry["effect"]:
        raise IllegalAction(f"{where}: ruling {rule!r}: its 'effect' must be a text, "
                            f"not {short_repr(entry['effect'])}")  # fmt: skip
    last = state.history[-1] if state.history else {}
    drew = str(last.get("action", "")).split()[:1] in (["draw"], ["pat"])
    if rule == "R8.8":  # given in a betting interval, or just after the act that closed it
        if state.phase not in ("bet1", "bet2") and ("action" not in last or drew):
            raise IllegalAction(f"{where}: ruling 'R8.8' where no betting interval is open")
        if "forfeit" in entry:
            _replay_forfeit(state, where, entry)
    elif not drew or (rule == "I-11" and last.get("seat") != state.dealer):
        what = "the dealer's draw" if drew else "a draw"
        raise IllegalAction(f"{where}: ruling {rule!r} that does not follow {what}")
    state.history.append(dict(entry))


def _replay_forfeit(state: Any, where: str, entry: dict[str, Any]) -> None:
    """R8.8's forfeit, ``[seat, chips]``, as :func:`resolve_held_bet` gives it: by the seat
    to speak in a betting interval, worded as that function words it."""
    value = entry["forfeit"]
    pair = value if isinstance(value, list) and len(value) == 2 else [None, None]
    seat, chips = (whole_number(x) for x in pair)
    if seat is None or chips is None or chips < 1:
        raise IllegalAction(
            f"{where}: ruling 'R8.8': 'forfeit' is [seat, chips], not {short_repr(value)}"
        )
    if state.phase not in ("bet1", "bet2") or state.to_move != seat:
        raise IllegalAction(f"{where}: ruling 'R8.8': seat {seat} forfeits, but is not to speak")
    if _held_chips(state.history, seat) != chips:
        raise IllegalAction(f"{where}: ruling 'R8.8': seat {seat} forfeits {chips} chip(s), but "
                            f"holds no {chips} put up out of turn")  # fmt: skip
    effect = f"seat {seat} drops and forfeits the {chips} chip(s) put up out of turn"
    if entry["effect"] != effect:
        raise IllegalAction(f"{where}: ruling 'R8.8': a forfeit's 'effect' is {effect!r}, "
                            f"not {short_repr(entry['effect'])}")  # fmt: skip
    _forfeit(state, seat, chips)


def _held_chips(history: list[dict[str, Any]], seat: int) -> int | None:
    """The chips ``seat`` put up out of turn and still holds (R8.8): his last R8.8 ruling (each
    names one seat) is :func:`rule_out_of_turn_bet`'s binding one, not one that resolved it."""
    for entry in reversed(history):
        if entry.get("ruling") == "R8.8" and re.search(rf"\bseat {seat}\b", entry["effect"]):
            held = _HELD.match(entry["effect"])
            return int(held[1]) if held else None
    return None


#: the effect of :func:`rule_out_of_turn_bet` that holds the chips ("binding")
_HELD = re.compile(r"seat \d+ acted out of turn \(.*\): his (\d+) chip\(s\) stay in the pool")


def replay_with_rulings(game: Game, history: list[dict[str, Any]]) -> State:
    """Rebuild a digital deal whose history holds rulings: :meth:`Game.replay` does it (the
    deal re-applies each ruling as :func:`replay_ruling` checks it)."""
    return game.replay(history)


__all__ = [
    "HeldBet",
    "held_options",
    "replay_ruling",
    "replay_with_rulings",
    "resolve_held_bet",
    "rule_out_of_turn_bet",
    "rule_wrong_draw_count",
]
