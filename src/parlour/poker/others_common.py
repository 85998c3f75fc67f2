"""What Straight, Stud and Whiskey Poker share: the pack by the number of players, the
ranking it brings, shuffling through ``_chance``, and dividing a pool.

>>> choose_pack("stud-poker", 8, PackRules(), hands=8).size
60
>>> choose_pack("stud-poker", 5, PackRules(pack=44), hands=5)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
parlour.game.GameOptionError: stud-poker: C-2: the stripped 44-card pack is used only ...
>>> divide(7, [2, 0], dealer=0, players=4)
[3, 0, 4, 0]
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from parlour.cards import JOKER_CODE, PACKS, Card, Pack, order_check, pack
from parlour.game import GameOptionError, State
from parlour.poker.betting import Act, BetRules, Betting, bare_word_refusal, in_words, parse_act
from parlour.poker.ranking import HandRules

STRIPPED = (48, 44, 40, 36, 32)
JOKERS = ("none", "wild", "bug")


def pack_for(players: int) -> int:
    """C-3: the pack when none is named: 52 cards, the 60-card pack for more than seven.

    >>> pack_for(7), pack_for(8)
    (52, 60)
    """
    return 60 if players > 7 else 52


@dataclass(frozen=True)
class PackRules(HandRules):
    """The pack options every one of these games takes (catalogue section C), and the
    optional hands (H-13..H-15)."""

    #: C-1/C-3: 0 = by the number of players (52; the 60-card pack for more than seven);
    #: or 52, 60, a stripped 48/44/40/36/32 (C-2, R1.7: three or four players only)
    pack: int = 0
    #: C-4: the Joker, "none", "wild" (R2.7) or "bug" (R2.8)
    joker: str = "none"


def choose_pack(
    game: str, players: int, rules: PackRules, *, hands: int, old_pack: bool = False
) -> Pack:
    """The pack for ``players`` under ``rules``; refuses one too small for ``hands`` of five."""
    size = rules.pack
    if rules.joker not in JOKERS:
        raise GameOptionError(f"{game}: joker must be one of {', '.join(JOKERS)} (C-4)")
    if size == 0:
        size = pack_for(players)
    if size == 20 and not old_pack:
        raise GameOptionError(f"{game}: C-5: the old 20-card pack is Straight Poker's only")
    if size not in PACKS:
        sizes = ", ".join(str(s) for s in (0, *sorted(PACKS)))
        raise GameOptionError(f"{game}: pack must be one of {sizes}, not {size}")
    if size in STRIPPED and players not in (3, 4):
        raise GameOptionError(
            f"{game}: C-2: the stripped {size}-card pack is used only when three or four "
            f"play, not {players}"
        )
    chosen = pack(size, joker=rules.joker != "none")
    # C-7: the bottom card is never dealt; the old 20-card game of four deals out the pack (C-5)
    usable = chosen.size if size == 20 else chosen.size - 1
    if 5 * hands > usable:
        rule = {
            20: "C-5: the 20-card pack (A K Q J 10) deals at most four hands",
            60: "C-3, C-7: even the 60-card pack deals only eleven hands of five, as its bottom "
            "card is never dealt",
        }.get(
            size, "C-7: the bottom card is never dealt; C-3: more than seven use the 60-card pack"
        )
        raise GameOptionError(
            f"{game}: {hands} hands of five need {5 * hands} cards but the {chosen.name} "
            f"has {usable} to deal ({rule})"
        )
    return chosen


def make_ranking(rules: PackRules, chosen: Pack, **more: Any) -> Any:
    """The hand ranking for this pack and these options (parlour.poker.ranking)."""
    from parlour.poker.ranking import Ranking

    return Ranking(
        pack=chosen.size - chosen.joker,
        joker=rules.joker,
        **{**rules.hand_options(), **more},
    )


def shuffle(state: State, chosen: Pack, label: str = "shuffle") -> list[Card]:
    """Shuffle the pack through the state's recorded chance (C-6); top card first."""

    def sample(rng: Any) -> list[int]:
        cards = [int(c) for c in chosen.cards]
        rng.shuffle(cards)
        return cards

    outcome = state._chance(label, sample, order_check(chosen.cards))
    return [Card(c) for c in outcome]


def redraw(
    state: State, hidden: Sequence[Card], rng: random.Random
) -> Callable[[Sequence[Card]], list[Card]]:
    """Deal the ``hidden`` cards again among their own places (for ``resample_hidden``).

    The cards are renamed among themselves at random, in ``state``'s latest recorded shuffle
    too, so its history replays to the re-drawn deal: a shuffle of the same pack, with every
    other card where it was.  Returns the renaming, for the caller to apply wherever cards lie.
    """
    drawn = list(hidden)
    rng.shuffle(drawn)
    names = dict(zip(hidden, drawn, strict=True))

    def rename(cards: Sequence[Card]) -> list[Card]:
        return [names.get(c, c) for c in cards]

    for entry in reversed(state.history):
        if str(entry.get("chance", "")).startswith("shuffle"):  # the deal now in play
            entry["outcome"] = [int(c) for c in rename(entry["outcome"])]
            break
    return rename


def seats_from(first: int, players: int, alive: Sequence[bool] | None = None) -> list[int]:
    """Seats in turn to the left starting with ``first`` (skipping seats not ``alive``)."""
    order = [(first + i) % players for i in range(players)]
    return [s for s in order if alive is None or alive[s]]


def divide(pool: int, winners: Sequence[int], *, dealer: int, players: int) -> list[int]:
    """Split ``pool`` equally among ``winners`` (H-12); an odd chip goes to the winner
    nearest the dealer's left (R2.5)."""
    shares = [0] * players
    if not winners:
        return shares
    each, rest = divmod(pool, len(winners))
    for seat in winners:
        shares[seat] = each
    order = sorted(winners, key=lambda s: (s - dealer - 1) % players)
    for seat in order[:rest]:
        shares[seat] += 1
    return shares


def note_ante(state: Any, payer: int | None, amount: int, rule: str, alone: bool = False) -> None:
    """Note an ante for the table's news (a table event, as Draw Poker's): each player's
    (``payer`` None), one player's for all, or (``alone``) one player's own, the Age's
    blind (D-3), before the deal about to be dealt.

    >>> class Deal: deal_no, antes = 0, []
    >>> note_ante(Deal, None, 1, "V-2"); note_ante(Deal, 2, 4, "the buck, V-1")
    >>> [(e["deal"], e["payer"], e["amount"]) for e in Deal.antes]
    [(1, None, 1), (1, 2, 4)]
    """
    if amount > 0:
        deal = getattr(state, "deal_no", 0) + 1
        entry = {"deal": deal, "payer": payer, "amount": amount, "rule": rule}
        state.antes.append({**entry, "alone": True} if alone else entry)


def card_texts(cards: Iterable[int]) -> list[str]:
    """Cards as their canonical two-character texts."""
    return [str(Card(c)) for c in cards]


# ---------------------------------------------------------------------------
# betting, composed from parlour.poker.betting (Straight, Stud and Whiskey Poker)

LIMIT_KINDS = ("raise", "interval")


@dataclass(frozen=True)
class BetOptions:
    """The betting options of Straight, Stud and Whiskey Poker ("as at Draw Poker", V-1, V-2)."""

    #: D-2, R3.3: the limit
    limit: int = 5
    #: D-2: the stage, the smallest bet or raise
    stage: int = 1
    #: D-2: "raise" = the limit caps each single bet or raise (S3, R3.3); "interval" = it caps
    #: what each player puts up in the interval (S4)
    limit_kind: str = "raise"


def bet_rules(game: str, rules: BetOptions, **extra: Any) -> BetRules:
    """The betting machine's rules for these options, refusing bad ones by name."""
    if rules.limit_kind not in LIMIT_KINDS:
        raise GameOptionError(f"{game}: limit_kind must be 'raise' or 'interval' (D-2)")
    try:
        return BetRules(stage=rules.stage, limit=rules.limit, limit_kind=rules.limit_kind, **extra)
    except ValueError as err:
        raise GameOptionError(f"{game}: {err}") from None


class BettingPhase:
    """Mixin: a state whose current decision may be a betting interval (``self.betting``),
    and whose payoffs are what each seat won less what he put up."""

    betting: Betting | None
    n: int
    won: list[int]
    paid: list[int]

    def _payoffs(self) -> list[float]:
        return [float(self.won[s] - self.paid[s]) for s in range(self.n)]

    def _bet_parse(self, text: str) -> Any:
        assert self.betting is not None
        found = parse_act(text, self.betting.rules)
        return text if found is None else found

    def _bet_why(self, action: Any) -> str | None:
        assert self.betting is not None
        if not isinstance(action, Act):
            words = in_words(self.betting.legal())
            bare = bare_word_refusal(str(action), words, "W-10")
            return bare or f"{str(action)!r} is not a betting action (W-10); legal: " + ", ".join(
                words
            )
        return self.betting.why_illegal(action)


class BettingState(BettingPhase, State):
    """A state whose every decision is a betting action; it is over when ``betting`` is None."""

    #: what an action after the end is told
    over_message = "the deal is over"

    @property
    def to_move(self) -> int | None:
        return None if self.betting is None else self.betting.to_act

    @property
    def is_over(self) -> bool:
        return self.betting is None

    def legal_actions(self) -> list[Any]:
        return [] if self.betting is None else self.betting.legal()

    def _parse(self, text: str) -> Any:
        return text if self.betting is None else self._bet_parse(text)

    def _why_illegal(self, action: Any) -> str | None:
        if self.betting is None:
            return self.over_message
        return self._bet_why(action)


def showing_key(cards: Sequence[int], joker: str = "none") -> tuple[int, ...]:
    """The strength of a stud player's cards showing (R6.3): fours, threes, two pairs, a
    pair, then the high cards; partial straights and flushes do not count.

    >>> showing_key([Card("Kd"), Card("Ks"), Card("2c")]) > showing_key([Card("Ah"), Card("Qc")])
    True
    """
    ranks = [Card(c).rank for c in cards if c != JOKER_CODE]
    jokers = len(cards) - len(ranks)
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    if jokers:
        if joker == "wild" and groups:  # R2.7: the wild card joins the best group
            groups[0] = (groups[0][0], groups[0][1] + jokers)
        else:  # R2.8: the bug (or a lone Joker) counts as an ace
            counts[14] = counts.get(14, 0) + jokers
            groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    shape = [g[1] for g in groups]
    if shape and shape[0] >= 4:
        cat = 5 + shape[0] - 4
    elif shape and shape[0] == 3:
        cat = 3 if len(shape) < 2 or shape[1] < 2 else 4
    elif len(shape) >= 2 and shape[0] == 2 and shape[1] == 2:
        cat = 2
    elif shape and shape[0] == 2:
        cat = 1
    else:
        cat = 0
    return (cat, *(g[0] for g in groups))
