"""Jack-Pots and Progressive Jack-Pots (``jackpots``), catalogue section J.

Every player antes equally (J-2); the pot is opened only with a pair of jacks
or better (J-3), nobody being obliged to open (R4.2: ``pass`` keeps a player
in, and he may come in once the pot is opened); nobody drops before it is
opened, so every seat is asked whether he opens (J-4: the deal passes only if
"no player holds so valuable a hand"); the opener puts up any sum within the
limit and the others pay it, raise or drop (J-5); after the draw the opener
bets first (J-6); he shows his openers at the end (R4.8).  If nobody
opens, the deal ends with the pool carried to the next deal, where each player
adds a small sum, the *sweetener* (J-4; the sitting passes ``carry`` and
``redeal``).  Progressive Jack-Pots raise the minimum one degree for each
unopened deal (J-7).

>>> [opening_rank(11, k, True, "stay") for k in (0, 3, 5)], opening_rank(11, 5, True, "down")
([11, 14, 14], 12)
>>> [RANK_CHARS[opening_rank(11, k, True, "cycle")] for k in range(4)]
['J', 'Q', 'K', 'J']
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from parlour.cards import ACE, JOKER_CODE, KING, PACKS, RANK_CHARS, RANK_PLURALS, format_cards
from parlour.game import Game, register
from parlour.poker.betting import BET, CALL, FOLD, RAISE, Act, BetRules
from parlour.poker.draw import DrawGameBase, DrawState
from parlour.poker.draw_phase import Draw, parse_draw
from parlour.poker.draw_rules import CommonRules, ranking_for
from parlour.poker.ranking import Ranking


@dataclass(frozen=True)
class JackpotRules(CommonRules):
    """Jack-Pot options (catalogue section J, poker-rules.md section 4)."""

    #: J-3: the lowest pair that opens (rank letter: "J" = jacks or better)
    openers: str = "J"
    #: J-4: what each player adds to the pot when it was not opened
    sweetener: int = 1
    #: J-4, J-7: how many deals of this jack-pot went unopened before this one
    redeal: int = 0
    #: J-7: Progressive Jack-Pots: each unopened deal raises the minimum one degree
    progressive: bool = False
    #: R4.10: after aces: "stay" at aces, come back "down" (A, K, Q, J, Q ...), or "cycle" J Q K
    after_aces: str = "stay"
    #: R4.7: the opener may split his openers to draw
    split_openers: bool = True
    #: R4.9: "refuse" (the referee refuses an opening without openers), or let it stand and
    #: apply the remedy when the openers are shown: "EB29", "PEEL" or "BAR" (1895)
    false_openers: str = "refuse"
    #: J-2: each seat's entry stake this deal; () = equal antes (the ante, or the sweetener)
    antes: tuple[int, ...] = ()

    def entry(self, seat: int) -> int:
        """J-2, J-4: ``seat``'s stake in this deal: his ante, or the sweetener on a re-deal.

        >>> JackpotRules(ante=2, sweetener=1, redeal=1).entry(0)
        1
        """
        if self.antes:
            return int(self.antes[seat])
        return self.ante if self.redeal == 0 else self.sweetener


#: J-3, J-4, J-5 (S3): before the pot is opened a player opens or passes; the others "pay in
#: the same amount or drop" only once it is opened, so every seat is asked whether he opens
UNOPENED_DROP = (
    "J-3, J-5: nobody drops before the pot is opened: pass (you may still come in once "
    "it is opened) or open"
)


#: resample_hidden: draws of the opener's dealt hand before giving up (J-3, R4.7 and R4.8 let
#: one in a few thousand through at worst)
_TRIES = 50_000


def opening_rank(
    base: int, redeal: int, progressive: bool, after_aces: str, ranks: Sequence[int] = ()
) -> int:
    """The lowest pair rank that opens after ``redeal`` unopened deals (J-3, J-7, R4.10),
    climbing through ``ranks``, the pack's (default every rank): a 52-card pack has no
    11- or 12-spot, so tens go up to jacks.

    >>> [RANK_CHARS[opening_rank(8, k, True, "stay", PACKS[52].ranks)] for k in range(3)]
    ['T', 'J', 'Q']
    """
    if not progressive or redeal == 0:
        return base
    ladder = [r for r in (ranks or range(ACE + 1)) if base <= r <= ACE]
    top = len(ladder) - 1  # the ace's place
    if after_aces == "cycle":
        return ACE if base > KING else ladder[redeal % top]
    if after_aces == "down" and base < ACE:
        pos = redeal % (2 * top)
        return ladder[pos if pos <= top else 2 * top - pos]
    return ladder[min(redeal, top)]


def qualifies(value: Any, minimum: int) -> bool:
    """A hand opens if it is better than one pair, or a pair of ``minimum`` or higher."""
    category = value.category
    if category == "no-pair":
        return False
    if category == "one-pair":
        return value.ranks[0] >= minimum
    return True


def keeps_openers(kept: Sequence[int], minimum: int, joker: str = "none") -> bool:
    """R4.7 with splitting forbidden: the cards kept still hold a qualifying combination; a
    kept Joker (C-4) pairs any card when wild, an ace when the bug.

    >>> from parlour.cards import parse_cards
    >>> keeps_openers([int(c) for c in parse_cards(["Jk", "Jc"])], KING, "wild")
    False
    >>> keeps_openers([int(c) for c in parse_cards(["Jk", "Kc"])], KING, "wild")
    True
    """
    if len(kept) == 5:
        return True
    counts = Counter(c >> 2 for c in kept if c != JOKER_CODE)
    jokers = len(kept) - sum(counts.values())
    if jokers and joker == "bug":
        counts[ACE] += jokers
    elif jokers and joker == "wild" and counts:  # with the best card: the best pair or more
        counts[max(counts, key=lambda r: (counts[r], r))] += jokers
    pairs = [r for r, k in counts.items() if k >= 2]
    return (
        any(r >= minimum for r in pairs) or len(pairs) >= 2 or max(counts.values(), default=0) >= 3
    )


def opening_cards(hand: Sequence[int], ranking: Ranking) -> list[int]:
    """R4.8: the cards that show a hand's opening qualification: its pairs, threes or fours
    (with a Joker that makes them, C-4), or all five for any better hand.

    >>> from parlour.cards import format_cards, parse_cards
    >>> hand = [int(c) for c in parse_cards("Ks Kd 9h 5c 2d".split())]
    >>> format_cards(opening_cards(hand, Ranking()))
    'Ks Kd'
    """
    value = ranking.evaluate(list(hand))
    grouped = set(value.grouped)
    if not grouped:
        return list(hand)
    joker = ranking.rules.joker
    joins = joker == "wild" or (joker == "bug" and ACE in grouped)
    return [c for c in hand if (joins if c == JOKER_CODE else c >> 2 in grouped)]


def _seats_said(seats: Sequence[int]) -> str:
    """Seats named for the table, joined: "seat 1", "seat 1 and seat 2", "seat 0, seat 1 and
    seat 2" (the terminal puts names to them).

    >>> _seats_said([0, 1, 2])
    'seat 0, seat 1 and seat 2'
    """
    named = [f"seat {s}" for s in seats]
    return named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]


def _entries_said(stake: int, paid: Sequence[int], redeal: bool) -> str:
    """J-2, J-4: what each seat put up for his entry, said as the table is told it: "each
    antes 1 (J-2)" when all could, else who paid it, who had less and who had no chips at
    all (table stakes: a player with none left sits in on his share of a carried pot).

    >>> _entries_said(1, [1, 1, 1], True)
    'each adds 1 (J-4)'
    >>> _entries_said(2, [2, 1, 0], True)
    'seat 0 adds 2 (J-4); seat 1 can add only 1; seat 2 has no chips to add'
    >>> _entries_said(1, [0, 0], False)
    'nobody has chips to ante (J-2)'
    """
    verb, rule = ("add", "J-4") if redeal else ("ante", "J-2")
    if all(p == stake for p in paid):
        return f"each {verb}s {stake} ({rule})"
    full = [s for s, p in enumerate(paid) if p == stake]
    broke = [s for s, p in enumerate(paid) if p == 0]
    if not full and len(broke) == len(paid):
        return f"nobody has chips to {verb} ({rule})"
    parts = []
    if full:
        parts.append(f"{_seats_said(full)} {verb}{'s' if len(full) == 1 else ''} {stake} ({rule})")
    parts += [f"seat {s} can {verb} only {p}" for s, p in enumerate(paid) if 0 < p < stake]
    if broke:
        have = "has" if len(broke) == 1 else "have"
        parts.append(f"{_seats_said(broke)} {have} no chips to {verb}")
    return "; ".join(parts)


def _antes_for_all_said(due: Sequence[int], paid: Sequence[int]) -> str:
    """R4.9: the false opener's ante for all, and what he could pay of it at table stakes.

    >>> _antes_for_all_said([0, 3, 0], [0, 2, 0])
    'seat 1 puts up 2 of the 3 due (all the chips left) for all (R4.9)'
    >>> _antes_for_all_said([0, 3, 0], [0, 0, 0])
    'seat 1 has no chips to put up of the 3 due for all (R4.9)'
    """
    payers = [
        f"seat {s} has no chips to put up of the {d} due" if p == 0 else
        f"seat {s} puts up {p}" + (f" of the {d} due (all the chips left)" if p < d else "")
        for s, (d, p) in enumerate(zip(due, paid, strict=True))
        if d
    ]  # fmt: skip
    return ", ".join(payers) + " for all (R4.9)"


class JackpotState(DrawState):
    """One deal of a Jack-Pot."""

    jackpot: ClassVar[bool] = True
    _plain_bets: ClassVar[bool] = False
    rules: JackpotRules

    def _start(self) -> None:
        r = self.rules
        ranks = PACKS[r.pack].ranks
        self.minimum = opening_rank(
            RANK_CHARS.index(r.openers), r.redeal, r.progressive, r.after_aces, ranks
        )
        self.dealt: list[list[int]] = []
        self.has_openers: list[bool | None] = [None] * self.n
        self.openers_shown: list[int] = []
        self.false_opener = False
        #: nobody could bet before the opening (table stakes): the pot went to the first hand
        #: still in holding openers, or stayed unopened if none held them (J-3)
        self.unbet = False
        stake = r.ante if r.redeal == 0 else r.sweetener
        due = list(r.antes) if r.antes else [stake] * self.n
        paid = [self._pay(s, d) for s, d in enumerate(due)]  # J-2, J-4 (table stakes: or less)
        if r.antes:
            self._tell_stakes(_antes_for_all_said(due, paid))
        else:
            self._tell_stakes(_entries_said(stake, paid, r.redeal > 0))
        self._deal()

    def _open_first_interval(self) -> None:
        self.dealt = [list(h) for h in self.kept]  # the hands as dealt, for the openers (R4.8)
        self.phase = "bet1"
        # R4.1: from the dealer's left
        self.betting = self._interval("open", self.age, [0] * self.n, 0)
        self._nobody_to_speak()

    def _interval_rules(self, name: str) -> BetRules:
        if name != "open":
            return super()._interval_rules(name)
        r = self.rules
        return BetRules(
            stage=r.stage_before,
            limit=r.limit_before,
            limit_kind=r.limit_kind,
            may_check=True,
            lone_speaks=True,
            bet_word="open",
            check_word="pass",
            turn_rule="J-5",
        )

    def _openers(self, seat: int) -> bool:
        found = self.has_openers[seat]
        if found is None:
            value = ranking_for(self.rules).evaluate(self.dealt[seat])
            found = self.has_openers[seat] = qualifies(value, self.minimum)
        return found

    def _fast_ok(self, a: Act) -> bool:
        # J-3: an opening bet's openers, and a drop before the opening, take the long path
        return not (self.opener is None and self.phase == "bet1" and a.kind in (BET, FOLD))

    def _refusing(self) -> bool:
        return self.rules.false_openers == "refuse"

    def _bet_legal(self) -> list[Any]:
        legal = self.betting.legal()  # type: ignore[union-attr]
        if self.phase == "bet1" and self.opener is None:
            legal = [a for a in legal if a.kind != FOLD]  # J-3, J-5: pass or open
            seat = self.betting.to_act  # type: ignore[union-attr]
            if self._refusing() and not self._openers(seat):  # type: ignore[arg-type]
                legal = [a for a in legal if a.kind != BET]
        return legal

    def _why_bet(self, a: Act) -> str | None:
        if a.kind in (BET, RAISE) and self._without_openers():
            return self._no_openers_said(self.betting.to_act)  # type: ignore[union-attr,arg-type]
        why = self.betting.why_illegal(a)  # type: ignore[union-attr]
        if why is None and self.phase == "bet1" and a.kind == FOLD and self.opener is None:
            if self._without_openers():  # he may only pass (J-3)
                return UNOPENED_DROP.removesuffix(" or open") + self._no_openers_note()
            return UNOPENED_DROP
        if why is not None and a.kind == CALL and self._without_openers():  # not 'open' either
            return f"{self._turn_rule}: nothing to call; say pass{self._no_openers_note()}"
        return why

    def _without_openers(self) -> bool:
        """J-3: the pot is still unopened, the referee refuses false openers (R4.9), and the
        seat to speak holds no openers, so he may only pass."""
        b = self.betting
        if self.phase != "bet1" or self.opener is not None or b is None or b.to_act is None:
            return False
        return self._refusing() and not self._openers(b.to_act)

    def _no_openers_said(self, seat: int) -> str:
        """Why ``seat``, without openers, may not open (nor raise: nothing is bet), and what
        he may do instead (J-3, J-7, J-5); in the third person, since a referee's ruling and a
        replay's refusal say it too (the terminal calls the seat by name)."""
        name = RANK_PLURALS[self.minimum]
        return (
            f"J-3, J-7: the pot may be opened only with a pair of {name} or better, and seat "
            f"{seat} holds none: he may pass (J-5: and come in once it is opened)"
        )

    def _no_openers_note(self) -> str:
        """Why 'open' is missing from what the seat to speak may do (J-3), "" if it is not."""
        if not self._without_openers():
            return ""
        seat, name = self.betting.to_act, RANK_PLURALS[self.minimum]  # type: ignore[union-attr]
        return f" (seat {seat} holds no openers: the pot opens only with {name} or better, J-3)"

    def _betting_turn(self, words: list[str]) -> str:
        return super()._betting_turn(words) + self._no_openers_note()

    def _after_bet(self, seat: int, a: Act) -> None:
        if self.phase == "bet1" and a.kind == BET and self.opener is None:
            self.opener = seat

    def _interval_over(self) -> None:
        b = self.betting
        if self.phase == "bet1" and self.opener is None and b is not None and b.cut_short:
            self._open_unbet(b.order)
        super()._interval_over()

    def _open_unbet(self, order: Sequence[int]) -> None:
        """Table stakes: everyone left in but one (or all) is all-in, so nobody can bet and
        none is asked; the pot is opened if a hand still in holds openers (J-3), by the
        first such from the dealer's left, and goes to the draw and the show."""
        self.unbet = True
        for seat in order:
            if not self.folded[seat] and self._openers(seat):
                self.opener = seat
                self.events.append((-1, "opened", f"seat {seat} has openers; nobody can bet"))
                return
        self.events.append((-1, "unopened", self._unbet_said()))

    def _unbet_said(self) -> str:
        """Why a deal nobody could bet on ends at once: every player still in but one at most
        is all-in, and no hand holds openers (J-3), so the pot stays unopened (J-4)."""
        name = RANK_PLURALS[self.minimum]
        return (
            "nobody can bet (every player still in, or all but one, is all-in) and no hand "
            f"holds a pair of {name} or better (J-3): nobody opens, and the deal passes (J-4)"
        )

    def _unopened(self) -> bool:
        return self.opener is None

    def _end_unopened(self) -> None:
        """J-4: nobody opened: the pool stays for the next deal, where all sweeten it."""
        self.outcome = "unopened"
        self.carry_out = [c + k for c, k in zip(self.contrib, self.carry, strict=True)]
        r = self.rules
        self.next_deal = {"jackpot": True, "carry": True, "redeal": r.redeal + 1}
        self._finish()

    def _draw_legal(self) -> list[Draw]:
        legal = super()._draw_legal()
        seat = self.draw_order[self.draw_idx]
        if seat == self.opener and not self.rules.split_openers:
            hand = self.kept[seat]
            legal = [
                d for d in legal
                if keeps_openers([c for c in hand if c not in d], self.minimum, self.rules.joker)
            ]  # fmt: skip
        return legal

    def _why_draw(self, d: Draw) -> str | None:
        why = super()._why_draw(d)
        seat = self.draw_order[self.draw_idx]
        if why is None and seat == self.opener and not self.rules.split_openers:
            kept = [c for c in self.kept[seat] if c not in d]
            if not keeps_openers(kept, self.minimum, self.rules.joker):
                return "R4.7: splitting openers is not allowed here: keep your openers"
        return why

    def _kept_apart(self) -> frozenset[int]:
        """R4.7, R4.8: the opener keeps his openers apart to prove them, those he splits off
        in the draw or throws in with his hand: no reshuffle takes them (W-8)."""
        seat = self.opener
        if seat is None or not self._openers(seat):
            return frozenset()
        return frozenset(opening_cards(self.dealt[seat], ranking_for(self.rules)))

    def _second_order(self) -> list[int]:
        """J-6: the opener bets first; if he has dropped, the first player to his left."""
        n = self.n
        start = self.opener if self.opener is not None else self.age
        return [s for s in ((start + i) % n for i in range(n)) if not self.folded[s]]

    # -- the end: openers shown, false openers
    def _prove_openers(self) -> bool:
        """R4.8: the opener shows his openers; True if they were true openers."""
        seat = self.opener
        assert seat is not None
        ok = self._openers(seat)
        dealt = self.dealt[seat]
        self.openers_shown = opening_cards(dealt, ranking_for(self.rules)) if ok else list(dealt)
        self.false_opener = not ok
        return ok

    def _end_uncalled(self, seat: int) -> None:
        if self._prove_openers():
            super()._end_uncalled(seat)
        elif seat == self.opener:
            self._false_opener_remedy(winners_left=[])
        else:  # the false opener dropped: the one left takes the pool unshown (W-12)
            self._false_opener_remedy(winners_left=[seat], show=False)

    def _showdown(self, eligible: list[int] | None = None) -> None:
        if self._prove_openers():
            super()._showdown()
            return
        self._false_opener_remedy(winners_left=[s for s in self._live() if s != self.opener])

    def _false_opener_remedy(self, winners_left: list[int], show: bool = True) -> None:
        """R4.9: EB29 (forfeit; ante for all next deal if drawn to), PEEL (a penalty of double
        the ante) or BAR (retire, put up a jack-pot, null and void if nobody has openers)."""
        r = self.rules
        opener = self.opener
        assert opener is not None
        drawn_to = any(self.contrib[s] > self.rules.entry(s) for s in range(self.n) if s != opener)
        if r.false_openers == "PEEL":
            self._pay(opener, 2 * r.ante)
        if r.false_openers == "BAR":
            # BAR 35-37: he retires and puts up a jack-pot equal to the one he entered; if
            # nobody left holds openers, the round is null and void (the pot stays)
            jack = sum(self.carry) + sum(self.rules.entry(s) for s in range(self.n))
            self._pay(opener, jack)
            if not any(self._openers(s) for s in winners_left):
                self._null_and_void(opener)
                self.next_deal = {"jackpot": True, "carry": True, "redeal": r.redeal + 1}
                return
        if winners_left and not show:
            DrawState._end_uncalled(self, winners_left[0])
        elif winners_left:
            super()._showdown(eligible=winners_left)
        else:
            self.outcome = "false-opener"
            self.carry_out = [c + k for c, k in zip(self.contrib, self.carry, strict=True)]
            self._finish()
        self.outcome = "false-opener"
        # R4.10, J-2: a pot won brings the openers and full antes back; one carried goes on
        self.next_deal = {"jackpot": True, "carry": bool(not winners_left),
                          "redeal": 0 if winners_left else r.redeal + 1}  # fmt: skip
        if r.false_openers == "EB29" and drawn_to:
            self.next_deal["ante_for_all"] = opener

    def _null_and_void(self, opener: int) -> None:
        """BAR 37: bets go back to their owners; the antes and the offender's chips stay."""
        for s in range(self.n):
            if s == opener:
                self.carry_out[s] = self.carry[s] + self.contrib[s]
            else:  # the entry he could pay stays (a short stack paid less, table stakes)
                entry = min(self.rules.entry(s), self.contrib[s])
                self.won[s] = self.contrib[s] - entry
                self.carry_out[s] = self.carry[s] + entry
        self.outcome = "false-opener"
        self._finish()

    def _stakes(self) -> tuple[list[int], int]:
        """R4.9 (EB29): antes paid by one for all are every player's ante, an equal share."""
        stakes, dead = super()._stakes()
        if self.rules.antes:
            stakes, rest = antes_shared(stakes, self.rules.antes, self.contrib)
            dead += rest
        return stakes, dead

    # -- views
    def _observe_extra(self, obs: dict[str, Any], seat: int) -> None:
        obs["jackpot"] = True
        obs["minimum"] = RANK_CHARS[self.minimum]
        obs["opener"] = self.opener
        obs["redeal"] = self.rules.redeal
        if self.openers_shown:
            obs["openers_shown"] = format_cards(sorted(self.openers_shown, reverse=True))
            obs["false_opener"] = self.false_opener

    def _known_to(self, seat: int) -> set[int]:
        known = super()._known_to(seat)
        known.update(self.openers_shown)
        if seat < len(self.dealt):
            known.update(self.dealt[seat])
        return known

    def _names(self, seat: int, rng: random.Random) -> tuple[dict[int, int], list[dict[int, int]]]:
        """A renaming of the cards ``seat`` has not seen, and moves of the reshuffled piles
        (:meth:`_moves`), that the rules allow: the opener's dealt hand as they leave it is
        drawn first, alone (with the moves that can reach it), until he could have played it
        as he did (J-3, R4.7, R4.8: one draw in a few thousand at worst), then the rest, until
        no hand before his holds openers where nobody could bet (J-3).  Never the deal as it
        is for want of one: it raises rather than show every hidden card (DESIGN.md 5)."""
        opener = self.opener
        if opener is None and not self.unbet:
            return super()._names(seat, rng)
        present, unseen = self._unseen(seat)
        hidden = set(present)
        piles = self._piles(seat)
        his = [] if opener is None else self.dealt[opener]
        apart = None if opener is None else self._thrown_apart()
        reach, near = set(his), []  # the piles whose moves can reach his hand
        for pile in piles:
            near.append(pile if reach.intersection(pile) else [])
            reach.update(near[-1])
        far = [[] if n else p for p, n in zip(piles, near, strict=True)]
        for _ in range(_TRIES):
            moves = self._moves(near, rng)
            there = _moved(his, moves)
            need = [c for c in there if c in hidden]
            names = dict(zip(need, rng.sample(unseen, len(need)), strict=True))
            dealt = {c: names.get(m, m) for c, m in zip(his, there, strict=True)}
            if opener is not None and not self._opener_fits(dealt, apart):
                continue
            taken = set(names.values())
            left = [c for c in unseen if c not in taken]
            rest = [c for c in present if c not in names]
            names.update(zip(rest, rng.sample(left, len(rest)), strict=True))
            moves = [m or f for m, f in zip(moves, self._moves(far, rng), strict=True)]
            if self._none_opens_before(names, moves):
                return names, moves
        raise RuntimeError(f"jackpots: no deal found that seat {seat} cannot tell from this one")

    def _opener_fits(self, names: dict[int, int], apart: tuple[set[int], set[int]] | None) -> bool:
        """Whether the opener, each card of his dealt hand becoming its entry in ``names``, could
        have played as he did: he held openers if the referee let him open or he was found to
        hold them (J-3), kept apart the same cards as ``apart`` names (W-8, R4.7: else the
        record would not replay), kept openers if he may not split them (R4.7), and shows the
        openers shown (R4.8)."""
        opener = self.opener
        assert opener is not None
        get = names.get
        dealt = [get(c, c) for c in self.dealt[opener]]
        if apart is not None:
            met, openers = apart
            if self._openers_among(dealt, {get(c, c) for c in met}) != {get(c, c) for c in openers}:
                return False
        ranking = ranking_for(self.rules)
        if self.openers_shown:
            shown = sorted(get(c, c) for c in self.openers_shown)
            return self.false_opener or sorted(opening_cards(dealt, ranking)) == shown
        opens = qualifies(ranking.evaluate(dealt), self.minimum)
        if (self._refusing() or self.unbet) and not opens:
            return False
        if self.rules.split_openers or self.counts[opener] is None:
            return True
        kept = [get(c, c) for c in self.kept[opener]]
        return keeps_openers(kept, self.minimum, self.rules.joker)

    def _none_opens_before(self, names: dict[int, int], moves: list[dict[int, int]]) -> bool:
        """J-3 when nobody could bet: no hand still in before the opener's (any, if the pot
        stayed unopened), after ``moves`` and renamed by ``names``, holds openers."""
        if not self.unbet:
            return True
        ranking = ranking_for(self.rules)
        n = self.n
        for i in range(n if self.opener is None else (self.opener - self.age) % n):
            s = (self.age + i) % n
            hand = [names.get(c, c) for c in _moved(self.dealt[s], moves)]
            if not self.folded[s] and qualifies(ranking.evaluate(hand), self.minimum):
                return False
        return True

    def _thrown_apart(self) -> tuple[set[int], set[int]] | None:
        """W-8 with R4.7: once the opener's cards are out of his hand (thrown out, or dropped
        with it) and the stock runs short, which of them he keeps apart decides the reshuffled
        pile and what the stock can supply: those cards and the openers among them (None
        while that decides nothing)."""
        opener = self.opener
        assert opener is not None
        history = self.history
        drew = next((i for i, e in enumerate(history)
                     if e.get("seat") == opener and e.get("action", "").startswith("draw ")),
                    None)  # fmt: skip
        if drew is not None:
            since = drew
            met = set(parse_draw(history[since]["action"]) or ())
        elif self.folded[opener] and self.counts[opener] is None:
            since = 0  # dropped before the draw: his hand was abandoned
            met = set(self.dealt[opener])
        else:
            return None
        r = self.rules
        short = self.phase == "draw" and len(self.stock) - r.last_card_not_dealt < r.max_draw
        reshuffled = any(e.get("chance") == "reshuffle" for e in history[since:])
        if not (short or reshuffled):  # (a peel waits only on a short stock)
            return None
        return met, self._openers_among(self.dealt[opener], met)

    def _openers_among(self, hand: list[int], cards: set[int]) -> set[int]:
        """The opening cards of ``hand`` (R4.8) among ``cards``, if it holds openers (J-3)."""
        ranking = ranking_for(self.rules)
        if not qualifies(ranking.evaluate(hand), self.minimum):
            return set()
        return set(opening_cards(hand, ranking)) & cards

    def _placed(self, seat: int) -> set[int]:
        return super()._placed(seat) | set(self.openers_shown)  # R4.8: shown as dealt

    def _move(self, moves: list[dict[int, int]]) -> None:
        super()._move(moves)
        self.dealt = [_moved(h, moves) for h in self.dealt]

    def _rename(self, names: dict[int, int], seat: int) -> None:
        super()._rename(names, seat)
        get = names.get
        self.dealt = [[get(c, c) for c in h] for h in self.dealt]
        self.openers_shown = [get(c, c) for c in self.openers_shown]
        self.has_openers = [h if s == seat else None for s, h in enumerate(self.has_openers)]

    def _clone_extra(self) -> dict[str, Any]:
        return {
            "dealt": [list(h) for h in self.dealt],
            "has_openers": list(self.has_openers),
            "openers_shown": list(self.openers_shown),
        }


def _moved(cards: Sequence[int], moves: list[dict[int, int]]) -> list[int]:
    """What lies, once the reshuffles' ``moves`` are made (the first first, as
    :meth:`JackpotState._move` makes them), where ``cards`` lay as dealt."""
    out = list(cards)
    for move in moves:
        if move:
            out = [move.get(c, c) for c in out]
    return out


@register("jackpots")
class JackPots(DrawGameBase):
    """Jack-Pots: equal antes, jacks or better to open, the opener betting first after the draw."""

    state_class = JackpotState
    rules_class = JackpotRules


def antes_shared(
    stakes: list[int], antes: Sequence[int], put: Sequence[int]
) -> tuple[list[int], int]:
    """R4.9 (EB29): the stakes a pool is settled by where one antes for all (``antes``, of
    which each seat has paid what he ``put`` up): each seat is counted an equal share of
    them, and the odd chips that do not share go to the main pool (returned apart).

    >>> antes_shared([5, 2, 2], (3, 0, 0), (5, 2, 2))
    ([3, 3, 3], 0)
    """
    paid = [min(a, p) for a, p in zip(antes, put, strict=True)]
    share, rest = divmod(sum(paid), len(stakes))
    return [c - p + share for c, p in zip(stakes, paid, strict=True)], rest


__all__ = ["Game", "JackPots", "JackpotRules", "JackpotState", "opening_rank", "qualifies"]
