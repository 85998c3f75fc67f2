"""What the refereed table looks like: observations, example events, and hand strength."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from parlour.cards import ACE, JOKER_CODE
from parlour.poker.referee_events import card_text
from parlour.poker.rulings import HAND

if TYPE_CHECKING:
    from parlour.poker.referee import RefereeState


def strength(hand: list[list[Any]], rules: Any) -> int | None:
    """A shown hand's strength (higher wins) under the game's ranking options (C-1..C-4).

    None for a foul hand of more than five (R3.21, I-9, I-10).  A hand left short
    (I-9, I-10: "he can remain in") is valued as its cards stand: pairs, threes or
    fours and the odd cards, a missing card counting as the lowest ([D]).
    """
    cards = [slot[0] for slot in hand]
    if len(cards) > HAND or not cards or None in cards:
        return None
    from parlour.poker.draw_rules import ranking_for

    ranking = ranking_for(rules)
    if len(cards) == HAND:
        return int(ranking.evaluate(cards).strength)
    return short_strength(cards, ranking)


def is_royal(hand: list[list[Any]], rules: Any) -> bool:
    """Whether a hand of five, shown or known to the referee, is a Royal Flush (D-13)."""
    cards = [slot[0] for slot in hand]
    if len(cards) != HAND or None in cards:
        return False
    from parlour.poker.draw_rules import ranking_for

    return bool(ranking_for(rules).evaluate(cards).is_royal)


def short_strength(cards: list[int], ranking: Any) -> int:
    """The strength of a hand of fewer than five cards (no straight or flush).

    The Joker counts as the main ranking counts it: wild, the card that makes the best
    hand, joining the largest group (an ace alone: C-4, R2.7); the bug, an ace (R2.8).

    >>> from parlour.cards import parse_cards
    >>> from parlour.poker.ranking import Ranking
    >>> r = Ranking()
    >>> four = short_strength(parse_cards("As Ad Kc Qh"), r)
    >>> r.evaluate("Ks Kd Ac Qh 3d").strength < four < r.evaluate("As Ah Kd Qc 3c").strength
    True
    >>> wild = Ranking(joker="wild")
    >>> wild.category_of(short_strength(parse_cards("2s 2d 2c Jk"), wild))
    'fours'
    """
    counts = Counter(c >> 2 for c in cards if c != JOKER_CODE)
    if JOKER_CODE in cards:
        joker = ranking.rules.joker
        best = max(counts, key=lambda r: (counts[r], r), default=None)
        counts[ACE if joker == "bug" or best is None else best] += 1
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = [n for _, n in groups] or [0]  # (no card at all: nothing)
    ranks = tuple(r for r, _ in groups)
    if shape[0] == 4:
        category = "fours"
    elif shape[0] == 3:
        category = "threes"
    elif shape[:2] == [2, 2]:
        category = "two-pairs"
    elif shape[0] == 2:
        category = "one-pair"
    else:
        category = "no-pair"
    return int(ranking.strength(category, ranks))


def _hand_view(state: RefereeState, seat: int, viewer: int | None) -> dict[str, Any]:
    hand = state.hands[seat]
    mine = viewer is None or viewer == seat
    shown = seat in state.shown
    cards = [card_text(x[0]) if (mine or shown or x[1]) else "?" for x in hand]
    return {
        "cards": cards,
        "count": len(hand),
        "exposed": [card_text(x[0]) for x in hand if x[1]],
        "looked": state.looked[seat],
        "out": state.out[seat],
        "dropped": not state.out[seat] and not state._live(seat),
        "foul": state.foul[seat],
        "drawn": state.drawn[seat],
        "stake": state.stakes[seat],
    }


def observe(state: RefereeState, seat: int | None) -> dict[str, Any]:
    """The table as ``seat`` may know it (``None``: the referee, who knows what he entered)."""
    b = state.betting
    choice = state.choices[0] if state.choices else None
    rulings = [e for e in state.history if "ruling" in e]
    return {
        "variant": state.rules.variant,  # the game at the table: draw-poker or jackpots
        "seat": seat,
        "to_move": state.to_move,
        "phase": state.phase,
        "dealer": state.dealer,
        "dealing": state.dealing,
        "age": state.age,
        "deal": state.deal_no,
        "pack": state.pack_no,
        "pool": state.pool,  # the pot carried into the deal with it (J-4)
        "next_in_deal": state.slots[0] if state.phase == "deal" and state.slots else None,
        "to_bet": b.to_act if b is not None and state.phase in ("bet1", "bet2") else None,
        "price": b.price if b is not None else 0,
        "hands": [_hand_view(state, s, seat) for s in range(state.n)],
        "bottom": len(state.bottom),
        "owed": list(state.owed),
        "choice": None
        if choice is None
        else {"rule": choice.rule, "seat": choice.seat, "options": list(choice.options)},
        "carried": state.carried,
        "opener": state.opener,
        "false_opener": state.false_opener,
        "openers_shown": [
            [card_text(c) for c in state.revealed.get(s, [])] for s in range(state.n)
        ],
        "rulings": [{"ruling": r["ruling"], "effect": r["effect"]} for r in rulings],
    }


def example_events(state: RefereeState) -> list[str]:
    """One example of each kind of event the table may enter now (unseen cards as ``?``)."""
    out: list[str] = []
    n = state.n
    seats_in = [s for s in range(n) if not state.out[s]]
    if state.phase == "deal" and state.slots:
        s = state.slots[0]
        if not state.started and state.dealing == state.dealer:
            out += [f"dealer {t}" for t in range(n) if t != state.dealer]
        out += [f"deal {s} ?", f"deal-two {s}"][: state._usable()]  # W-8: what the stock has
        out.append(f"skip {s}")
        if state.dealing != state.dealer and not state.dealt_complete:
            out.append("stop")
    if state.phase in ("deal", "bet1") and not state.bet_acts:
        out += ["foreign-mark", "imperfect-pack"]
    if state.phase in ("deal", "bet1", "bet2"):  # (not for a seat that has dropped)
        out += [f"look {s}" for s in seats_in if not state.looked[s] and state._live(s)]
    if state.dealt_complete and state.phase == "bet1" and not state.bet_acts:
        out += [f"count {s} {len(state.hands[s])}" for s in seats_in if not state.looked[s]]
    b = state.betting
    if state.phase in ("bet1", "bet2") and b is not None and b.to_act is not None:
        t = b.to_act
        for a in b.legal():
            if state._why_not(t, a) is not None:
                continue  # J-3: a known hand without openers may not open
            words = str(a).split()
            out.append(" ".join([words[0], str(t), *words[1:]]))
    if state.phase == "draw":
        waiting = [s for s in state._draw_order() if not state.drawn[s]]
        if waiting:
            s = waiting[0]
            top = min(HAND, len(state.hands[s]), state.table.max_draw, state._usable())  # W-3
            out += [f"draw {s} {k}" for k in range(top + 1)]
    if state.phase == "owed" and state.owed and state._usable():
        out.append(f"give {state.owed[0]} ?")
    if state.phase in ("draw", "owed") and state._usable() < state._next_need():
        out.append("reshuffle")
    if state.phase == "show":
        out += _example_shows(state)
    if state.phase in ("show", "openers"):
        out += _example_openers(state)
    return out


def _example_openers(state: RefereeState) -> list[str]:
    """R4.8: the seat due to show openers shows none, or his hand as dealt, its unknown
    cards filled from those that may have been in it."""
    s = state._openers_due()
    if s is None:
        return []
    dealt = state._dealt(s)
    free = [c for c in state.pack.cards if c not in state.used and state._not_dealt(s, c) is None]
    cards = [c for c in dealt if c is not None] + free[: dealt.count(None)]
    whole = f"openers {s} " + " ".join(card_text(c) for c in cards)
    return [f"openers {s}"] + ([whole] if cards else [])


def _example_shows(state: RefereeState) -> list[str]:
    """A show for each seat yet to show: its known cards, the unseen ones filled from the pack,
    those he kept from the cards dealt him where they are known (W-11); and his refusal."""
    free: list[int] = [c for c in state.pack.cards if c not in state.used]
    out = []
    for s in state.contenders():
        if s in state.shown:
            continue
        held = {x[0] for x in state.hands[s]}
        mine = [
            c
            for c in state._dealt(s)
            if c is not None and c not in held and state.origin.get(c, s) == s
        ]
        cards = []
        for slot in state.hands[s]:
            if slot[0] is None:
                slot_card = mine.pop(0) if mine and not slot[2] else free.pop(0)
            else:
                slot_card = slot[0]
            cards.append(slot_card)
            if slot_card in free:
                free.remove(slot_card)
        out += [f"show {s} " + " ".join(card_text(c) for c in cards), f"show {s}"]
    return out
