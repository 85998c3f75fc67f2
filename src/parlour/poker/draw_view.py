"""What a seat of a Draw Poker deal sees, and deals it cannot tell from the one it is in."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from parlour.cards import format_cards
from parlour.cards import pack as make_pack
from parlour.game import State
from parlour.poker.draw_fields import DealFields
from parlour.poker.draw_phase import Draw, parse_draw


class SeatView(DealFields):
    """A :class:`parlour.poker.draw.DrawState` deal as one seat sees it (a part of the deal,
    not a state of its own): its observation, and :meth:`resample_hidden`."""

    __slots__ = ()  # the deal's attributes are DrawState's slots

    def _observe(self, seat: int) -> dict[str, Any]:
        over = self.phase == "over"
        hide_counts = self.phase in ("bet2", "over") and not self.rules.counts_after_draw
        log = []
        for s, text, public in self.events:
            if s == seat:
                log.append([s, text])
            elif hide_counts and public.startswith(("draws", "pat")):
                log.append([s, "drew"])
            else:
                log.append([s, public])
        counts = [c if (s == seat or not hide_counts) else None for s, c in enumerate(self.counts)]
        obs: dict[str, Any] = {
            "dealer": self.dealer,
            "age": self.age,
            "phase": self.phase,
            "hand": format_cards(sorted(self.kept[seat] + self.drawn[seat], reverse=True)),
            "discards": format_cards(sorted(self.discards[seat], reverse=True)),
            "dropped": list(self.folded),
            "put": list(self.contrib),
            "carried": list(self.carry),
            "pool": self.pool,
            "draws": counts,
            "stock": self._stock_left(),
            "log": log,
            "shown": {str(s): format_cards(sorted(c, reverse=True)) for s, c in self.shown.items()},
        }
        if self.stacks is not None:
            obs["stacks"] = list(self.stacks)
        b = self.betting
        if b is not None:
            obs["price"] = b.price
            obs["interval_put"] = list(b.put)
            obs["limit"] = b.rules.limit
            obs["stage"] = b.rules.stage
            obs["limit_kind"] = b.rules.limit_kind
        self._observe_extra(obs, seat)
        if over:
            obs["outcome"] = self.outcome
            obs["won"] = list(self.won)
            obs["returned"] = self.returned()
            obs["penalties"] = list(self.penalties)
            obs["hands_shown"] = {str(s): str(v) for s, v in self.values.items()}
            obs["next_deal"] = dict(self.next_deal)
        return obs

    def returned(self) -> list[int]:
        """The chips each seat took back of those he put up this deal that nobody matched
        (table stakes, an ante nobody came in against): his own, not winnings."""
        out = []
        for s, put in enumerate(self.contrib):
            most = max((c for t, c in enumerate(self.contrib) if t != s), default=0)
            out.append(min(self.won[s], max(0, put - most)))
        return out

    def pool_winners(self) -> list[int]:
        """Who won this deal's pool, nearest the dealer's left first (H-12): at a showdown
        the main pool's winners (a side pool is no Jack-Pot, J-1); else whoever took more
        than his own unmatched chips back; nobody where the pot is carried (J-4, R4.9's
        round null and void, whose bets go back to their owners)."""
        if any(self.carry_out):
            return []
        if self.pools:
            return list(self.pools[0].winners)
        returned = self.returned()
        took = [s for s, w in enumerate(self.won) if w > returned[s]]
        return sorted(took, key=lambda s: (s - self.dealer - 1) % self.n)

    def _stock_left(self) -> int:
        """The cards in the stock: those recorded of the shuffle still undealt, and the rest
        of the pack below them, which no deal reaches and the record leaves out (C-6)."""
        for entry in self.history:
            if entry.get("chance") == "shuffle":
                pack = len(self.game.__dict__["_shuffle_plan"][0])
                return len(self.stock) + pack - len(entry["outcome"])
        return make_pack(self.rules.pack, self.rules.joker != "none").size  # not dealt yet

    def _observe_extra(self, obs: dict[str, Any], seat: int) -> None:
        """Hook for Jack-Pots."""

    def _known_to(self, seat: int) -> set[int]:
        """The cards ``seat`` has seen: his hand, his discards (even those a reshuffle took
        back, W-8) and every hand shown."""
        known = set(self.kept[seat]) | set(self.drawn[seat]) | set(self.discards[seat])
        for cards in self.shown.values():
            known.update(cards)
        for entry in self.history:
            if entry.get("seat") == seat and entry["action"].startswith("draw "):
                known.update(parse_draw(entry["action"]) or ())
        return known

    def _resample(self, seat: int, rng: random.Random) -> State:
        """A deal ``seat`` cannot tell from this one: every card he has not seen that is in
        play (others' hands and discards, abandoned hands, the stock) becomes one drawn at
        random from all the cards he has not seen, the pack's undealt depths among them.

        Each card is renamed wherever it lies and in the record (the shuffles and the
        others' draws), so the result holds each card once and ``game.replay(history)``
        rebuilds it.  Cards he once held keep their names, even those a reshuffle took
        back (W-8); each reshuffle's order, and where its cards lay before it, is drawn
        again, so neither who drew them nor who threw them is kept.
        """
        other = self.clone()
        if self.phase == "blind":  # nothing dealt yet
            return other
        names, moves = self._names(seat, rng)
        other._move(moves)
        other._rename(names, seat)
        other._reshuffle_again(seat, rng)
        return other

    def _unseen(self, seat: int) -> tuple[list[int], list[int]]:
        """The cards in play that ``seat`` has not seen, and all he has not seen (the pack's
        undealt depths among them)."""
        known = self._known_to(seat)
        dealt = next(e["outcome"] for e in self.history if e.get("chance") == "shuffle")
        unseen = [c for c in self.game.__dict__["_shuffle_plan"][0] if c not in known]
        return sorted(set(dealt) - known), unseen

    def _names(self, seat: int, rng: random.Random) -> tuple[dict[int, int], list[dict[int, int]]]:
        """A new name for each card in play ``seat`` has not seen, drawn at random from all the
        cards he has not seen, and the reshuffles' :meth:`_moves` (Jack-Pots' openers
        constrain them)."""
        present, unseen = self._unseen(seat)
        names = dict(zip(present, rng.sample(unseen, len(present)), strict=True))
        return names, self._moves(self._piles(seat), rng)

    def _piles(self, seat: int) -> list[list[int]]:
        """W-8 (S4: the pile is gathered, shuffled, cut and used face down): for each reshuffle
        (or peel, R3.15), its cards whose place before it ``seat`` cannot know: all but those
        he was dealt (:meth:`_placed`); empty where it holds none he knows (drew, or saw
        shown), as renaming the cards he has not seen draws where those lay already."""
        placed = self._placed(seat)
        seen = set(self.drawn[seat]).union(*self.shown.values()) - placed
        piles = []
        for entry in self.history:
            if entry.get("chance") == "reshuffle":
                loose = [c for c in entry["outcome"] if c not in placed]
                piles.append(loose if seen.intersection(loose) else [])
        return piles

    def _placed(self, seat: int) -> set[int]:
        """The cards whose place before a reshuffle ``seat`` knows: those dealt to him."""
        placed = set(self.kept[seat])
        for entry in self.history:
            if entry.get("seat") == seat and entry["action"].startswith("draw "):
                placed.update(parse_draw(entry["action"]) or ())
        return placed

    @staticmethod
    def _moves(piles: list[list[int]], rng: random.Random) -> list[dict[int, int]]:
        """For each reshuffle, its pile's cards permuted at random among their places (see
        :meth:`_move`)."""
        return [dict(zip(p, rng.sample(p, len(p)), strict=True)) if p else {} for p in piles]

    def _move(self, moves: list[dict[int, int]]) -> None:
        """Rename each reshuffle's pile by its map of ``moves`` in the record before it (the
        shuffle and draws that put its cards there) and in the hands dropped before the draw,
        the first reshuffle first: the pile holds the same cards, so the record still replays.
        (No other hand, nor anything out of play now, holds a card of a pile.)"""
        ends = [i for i, e in enumerate(self.history) if e.get("chance") == "reshuffle"]
        marks = [i for i, (s, text, _) in enumerate(self.events) if (s, text) == (-1, "reshuffle")]
        for move, end, mark in zip(moves, ends, marks, strict=True):
            if not move:
                continue
            get = move.get
            for entry in self.history[:end]:
                if "chance" in entry:
                    entry["outcome"] = [get(c, c) for c in entry["outcome"]]
                elif entry["action"].startswith("draw "):
                    entry["action"] = _renamed(entry["action"], get)
            self.events[:mark] = [
                (s, _renamed(text, get) if text.startswith("draw ") else text, public)
                for s, text, public in self.events[:mark]
            ]
            self.kept = [[get(c, c) for c in h] for h in self.kept]

    def _rename(self, names: dict[int, int], seat: int) -> None:
        """Rename cards by ``names`` everywhere they lie and in the record (but for ``seat``'s
        own draws, whose cards are all his and keep their names)."""
        get = names.get

        def new(cards: list[int]) -> list[int]:
            return [get(c, c) for c in cards]

        self.stock, self.spent = new(self.stock), new(self.spent)
        self.kept = [new(h) for h in self.kept]
        self.drawn = [new(h) for h in self.drawn]
        self.discards = [new(h) for h in self.discards]
        self.shown = {s: new(h) for s, h in self.shown.items()}
        for entry in self.history:
            if "chance" in entry:
                entry["outcome"] = new(entry["outcome"])
            elif entry.get("seat") != seat and entry["action"].startswith("draw "):
                entry["action"] = _renamed(entry["action"], get)
        self.events = [
            (s, _renamed(text, get) if s != seat and text.startswith("draw ") else text, public)
            for s, text, public in self.events
        ]

    def _reshuffle_again(self, seat: int, rng: random.Random) -> None:
        """W-8 (S4: the pile is gathered, shuffled, cut and used face down): who got each card
        of a reshuffle (or a peel, R3.15) and which stayed in the stock is hidden, but for the
        cards ``seat`` drew or saw shown, so each one's order is drawn again, those staying in
        their places.  What it dealt, left in the stock and fed to a later reshuffle follows;
        the record before it is as it was (where the pile's cards lay: :meth:`_move`)."""
        seen = set(self.drawn[seat]).union(*self.shown.values())
        for at, entry in enumerate(self.history):
            if entry.get("chance") != "reshuffle":
                continue
            loose = [c for c in entry["outcome"] if c not in seen]
            get = dict(zip(loose, rng.sample(loose, len(loose)), strict=True)).get
            self.stock = [get(c, c) for c in self.stock]
            self.spent = [get(c, c) for c in self.spent]
            self.drawn = [[get(c, c) for c in h] for h in self.drawn]
            for later in self.history[at:]:
                if "chance" in later:
                    later["outcome"] = [get(c, c) for c in later["outcome"]]


def _renamed(text: str, get: Callable[[int, int], int]) -> str:
    """A draw's text with its cards renamed by ``get`` (``dict.get``)."""
    return str(Draw([get(c, c) for c in parse_draw(text) or ()]))
