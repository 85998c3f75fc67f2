"""Draw Poker's and Jack-Pots' rules as data: the options, the presets, and their checks.

>>> rules = make_rules(DrawRules, 3, {"preset": "S4-club", "ante": 2})
>>> rules.come_in, rules.limit_after, rules.ante, rules.pack
('ante', 20, 2, 52)
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from parlour.cards import PACKS, RANK_CHARS, RANK_PLURALS
from parlour.game import GameOptionError, build_rules
from parlour.poker.betting import check_limit
from parlour.poker.others_common import STRIPPED, pack_for
from parlour.poker.ranking import HandRules, Ranking


@dataclass(frozen=True)
class CommonRules(HandRules):
    """Options both Draw Poker and Jack-Pots take, with the optional hands (H-13..H-15)."""

    #: named preset: "" (S0's game, the default) or "S4-club" (D-10, D-2, D-13 as S4 states them)
    preset: str = ""
    #: C-1, C-3: the pack: 0 = by the number of players (52; the 60-card pack for more than
    #: seven), settled when the game is made; or 52, 60, 48/44/40/36/32 stripped (C-2)
    pack: int = 0
    #: C-4: the Joker, passed to the ranking: "none", "wild" or "bug"
    joker: str = "none"
    #: D-1, D-3: the ante (chips)
    ante: int = 1
    #: D-2: "raise" = the limit caps each single bet or raise (S3, R3.3); "interval" = it caps
    #: what each player puts up in an interval (S4)
    limit_kind: str = "raise"
    #: D-2: the limit before the draw
    limit_before: int = 5
    #: D-2: the stage (smallest bet or raise) before the draw
    stage_before: int = 1
    #: D-2: the limit after the draw
    limit_after: int = 5
    #: D-2: the stage after the draw
    stage_after: int = 1
    #: R3.17: after the draw the first speaker may check (False: bet or drop, W-9)
    check_after_draw: bool = False
    #: D-13: Royal Flush penalty paid by each other player to a winning Royal Flush (0: none)
    royal_penalty: int = 0
    #: W-3: the most cards a player may draw
    max_draw: int = 5
    #: W-4: draw counts stay in every view after the draw: all heard them, and the rule
    #: forbids asking again, not remembering (False: shown only while the draw is on)
    counts_after_draw: bool = True
    #: W-8: the last card of the stock is not dealt from it; it goes into the new stock
    last_card_not_dealt: bool = True
    #: W-8, R3.15: when the stock fails, "keep-waiting" (S4: those still waiting keep their
    #: discards out) or "peel" (PEEL 41: everyone yet to draw discards first, then all the
    #: discards are shuffled and dealt from)
    reshuffle: str = "keep-waiting"
    #: W-1: the dealer's seat (the sitting passes it round to the left)
    dealer: int = 0
    #: table stakes (not in the seeds): each seat's chips; () = no cap
    stacks: tuple[int, ...] = ()
    #: chips each seat already has in the pool from earlier deals (a carried pot); () = none
    carry: tuple[int, ...] = ()


@dataclass(frozen=True)
class DrawRules(CommonRules):
    """Draw Poker's options (catalogue sections D and W)."""

    #: D-4: the price of coming in: "double" the ante (S0) or the "ante" itself (S4, D-10)
    come_in: str = "double"
    #: straddling: "none" (S0), "blind" (S3's blind straddle, D-11) or "S4" (D-10)
    straddle: str = "none"
    #: D-11: a straddle carries the last say before the draw (False: S3; True: KEL/PEEL, R3.6)
    straddle_says: bool = False
    #: R3.11 when nobody comes in: "age-takes" (KEL), "jackpot-next" (EB29), "english" (PEEL:
    #: the ante stays in the pool and the next deal is a Jack-Pot)
    unopened: str = "age-takes"
    #: R3.4: who antes before the deal: the "age" (D-3, the seeds) or the "dealer" (EB9, HOF)
    ante_by: str = "age"
    #: R3.6 (D-11): a blind straddle may go while the price to come in (twice it) stays within
    #: the limit ("half-limit", HUE), or while the straddle itself does ("limit", BAR 25)
    straddle_cap: str = "half-limit"


PRESETS: dict[str, dict[str, Any]] = {
    "": {},
    "S4-club": {
        "come_in": "ante",
        "straddle": "S4",
        "limit_kind": "interval",
        "limit_before": 5,
        "stage_before": 1,
        "limit_after": 20,
        "stage_after": 2,
        "royal_penalty": 3,
        "ante": 1,
    },
}

_CHOICES = {
    "limit_kind": ("raise", "interval"),
    "joker": ("none", "wild", "bug"),
    "come_in": ("double", "ante"),
    "straddle": ("none", "blind", "S4"),
    "unopened": ("age-takes", "jackpot-next", "english"),
    "ante_by": ("age", "dealer"),
    "reshuffle": ("keep-waiting", "peel"),
    "straddle_cap": ("half-limit", "limit"),
    "openers": tuple("23456789TEWJQKA"),
    "after_aces": ("stay", "down", "cycle"),
    "false_openers": ("refuse", "EB29", "PEEL", "BAR"),
}


def make_rules(rules_class: type, players: int, options: dict[str, Any]) -> Any:
    """Build a rules dataclass: the preset's values first, explicit options over them."""
    preset = options.get("preset", "")
    if not isinstance(preset, str) or preset not in PRESETS:  # (a list is unhashable)
        raise GameOptionError(f"unknown preset {preset!r}; presets: S4-club")
    known = {f.name for f in fields(rules_class)}
    merged = {k: v for k, v in PRESETS[preset].items() if k in known}
    merged.update(options)
    rules = build_rules(rules_class, merged)
    if rules.pack == 0:  # C-3: recorded as the pack played, so a saved game replays as it was
        rules = replace(rules, pack=pack_for(players))
    for key, allowed in _CHOICES.items():
        value = getattr(rules, key, None)
        if value is not None and value not in allowed:
            raise GameOptionError(f"{key} must be one of {', '.join(allowed)}, not {value!r}")
    if rules.pack not in PACKS or rules.pack == 20:
        raise GameOptionError(
            f"pack must be 0 (by the players), 52, 60, 48, 44, 40, 36 or 32 (C-1..C-3), "
            f"not {rules.pack}"
        )
    openers = getattr(rules, "openers", "J")
    if openers in ("E", "W") and rules.pack != 60:
        raise GameOptionError(
            f"openers {openers}: the 11- and 12-spots are cards of the 60-card pack only "
            f"(C-3), not of the {rules.pack}-card pack"
        )
    if RANK_CHARS.index(openers) not in PACKS[rules.pack].ranks:
        lowest = RANK_PLURALS[PACKS[rules.pack].ranks[0]]
        raise GameOptionError(
            f"openers {openers}: the stripped {rules.pack}-card pack has no "
            f"{RANK_PLURALS[RANK_CHARS.index(openers)]} (C-2); its lowest pair is {lowest}"
        )
    if rules.pack in STRIPPED and players not in (3, 4):
        raise GameOptionError(
            f"C-2: the stripped {rules.pack}-card pack is used only when three or four play, "
            f"not {players}"
        )
    size = PACKS[rules.pack].size + (rules.joker != "none")
    if 5 * players >= size:
        raise GameOptionError(
            f"{players} players need more than {size} cards: use the 60-card pack (C-3)"
        )
    for key in ("stacks", "carry", "antes"):
        by_seat = getattr(rules, key, ())
        if by_seat and len(by_seat) != players:
            raise GameOptionError(f"{key} needs one number per seat ({players})")
        if any(chips < 0 for chips in by_seat):
            raise GameOptionError(f"{key} are chips: none may be negative, not {by_seat}")
    if not 0 <= rules.dealer < players:
        raise GameOptionError(f"dealer must be a seat 0..{players - 1}")
    if not 0 <= rules.max_draw <= 5:
        raise GameOptionError(f"W-3: max_draw is 0..5 cards, not {rules.max_draw}")
    for key, least in (("ante", 1), ("royal_penalty", 0), ("sweetener", 0), ("redeal", 0)):
        if getattr(rules, key, least) < least:
            raise GameOptionError(f"{key} must be at least {least}, not {getattr(rules, key)}")
    # the limits first: a limit below 1 is named as such, not as too small for the ante
    for when in ("before", "after"):
        stage, limit = f"stage_{when}", f"limit_{when}"
        try:
            check_limit(getattr(rules, stage), getattr(rules, limit), stage, limit)
        except ValueError as err:
            raise GameOptionError(f"{err} ({when} the draw)") from None
    if isinstance(rules, DrawRules) and 2 * rules.ante > rules.limit_before:  # the Age's ante
        raise GameOptionError(
            f"R3.4: the ante can never be more than half the limit before the draw "
            f"({rules.limit_before}), not {rules.ante}: coming in (D-4) or the Age's double "
            f"(D-10) would pass the limit"
        )
    ranking_for(rules)  # a bad optional-hand value (H-13..H-15) is named now, not mid-deal
    return rules


_RANKINGS: dict[tuple[Any, ...], Ranking] = {}


def ranking_for(rules: CommonRules) -> Ranking:
    """The hand ranking for the rules' pack, Joker (C-1..C-4) and optional hands (H-13..H-15),
    built once."""
    hands = rules.hand_options()
    key = (rules.pack, rules.joker, *hands.values())
    found = _RANKINGS.get(key)
    if found is None:
        found = _RANKINGS[key] = Ranking(pack=rules.pack, joker=rules.joker, **hands)
    return found
