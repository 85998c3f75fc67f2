"""Poker Patience (seed 002) as a protocol game, for one player or several.

One pack is shuffled and cut (PP-1); its top 25 cards are dealt one by one.  With several
players (PP-5) every player lays out the same card, in seat order, on his own tableau; seat 0
is the dealer who names it.  An action is the name of the cell the card goes to (``e5``).

What a seat sees (``observation``): the card to place, every tableau (they lie face up), and
the cards dealt so far.  The order of the stock is hidden, and so is where the seats before
him laid the card in hand, until all have laid it: PP-5's players lay each card at once,
"every one" by "his own judgment", so a later seat may not copy an earlier one.

With one player ``payoffs()`` is the score; with several it is the settlement (PP-6/PP-7),
which sums to 0.

>>> import parlour
>>> state = parlour.make("poker-patience", grid="fixed").new_state(seed=3)
>>> state.legal_actions()[:3], len(state.legal_actions())
(['a1', 'b1', 'c1'], 25)
"""

from __future__ import annotations

import random
from collections import deque
from typing import Any, Self

from parlour.cards import PACKS, Card, cut, order_check
from parlour.game import JSON, Game, State, build_rules, register
from parlour.patience import tables as T
from parlour.patience.rules import PatienceRules
from parlour.patience.scoring import CATEGORIES
from parlour.patience.settlement import settle
from parlour.patience.tableau import Frame

DEAL = 25  # PP-1, PP-3: five rows of five
_PACK = sorted(int(c) for c in PACKS[52].cards)
_PACK_ORDER = order_check(_PACK)


def _shuffle_check(order: object) -> str | None:
    """PP-1: a recorded shuffle is the whole 52-card pack in some order."""
    why = _PACK_ORDER(order)
    return None if why is None else f"{why} (PP-1: a whole 52-card pack is shuffled)"


def _cut_check(at: object) -> str | None:
    """PP-1: a recorded cut leaves at least one card on each side."""
    if isinstance(at, int) and not isinstance(at, bool) and 1 <= at <= 51:
        return None
    return "a cut is a whole number 1..51 (PP-1)"


class PatienceState(State):
    """One deal of Poker Patience: the pack, each player's tableau, whose turn it is."""

    game: PokerPatience

    def __init__(self, game: Game, rng: random.Random, script: deque[JSON] | None = None) -> None:
        super().__init__(game, rng, script)
        assert isinstance(game, PokerPatience)
        self.frame = game.frame
        # PP-1: a full pack is shuffled and cut, and dealt from the top
        order = self._chance(
            "shuffle",
            lambda r: r.sample([int(c) for c in PACKS[52].cards], 52),
            _shuffle_check,
        )
        at = self._chance("cut", lambda r: r.randint(1, 51), _cut_check)
        self.deck: list[int] = [int(c) for c in cut([Card(c) for c in order], at)]
        self.dealt = 0  # index of the card being laid
        self.seat = 0  # PP-5: each player in turn lays the same card
        self.layouts: list[list[int | None]] = [
            [None] * game.frame.cells for _ in range(game.num_players)
        ]

    # -- protocol
    @property
    def to_move(self) -> int | None:
        return None if self.dealt >= DEAL else self.seat

    @property
    def is_over(self) -> bool:
        return self.dealt >= DEAL

    @property
    def card(self) -> int | None:
        """The card being laid, or None when all 25 are down."""
        return None if self.is_over else self.deck[self.dealt]

    def legal_actions(self) -> list[str]:
        if self.is_over:
            return []
        return [self.frame.name(c) for c in self.frame.legal(self.layouts[self.seat])]

    def _parse(self, text: str) -> str:
        """A cell's canonical name (``D4`` and ``d4`` alike), or the text if it names none."""
        cell = self.frame.parse(text)
        return text.strip().lower() if cell is None else self.frame.name(cell)

    def _why_illegal(self, action: Any) -> str | None:
        text = str(action)
        cell = self.frame.parse(text)
        if cell is None:
            n = self.frame.size
            last = f"{'abcdefghi'[n - 1]}{n}"
            return f"{text!r} is not a cell: name one from a1 (top left) to {last} (PP-3)"
        return self.frame.why_not(self.layouts[self.seat], cell)

    def _apply(self, action: Any) -> None:
        cell = self.frame.parse(str(action))
        assert cell is not None
        self.layouts[self.seat][cell] = self.deck[self.dealt]
        self.seat += 1
        if self.seat == self.game.num_players:
            self.seat = 0
            self.dealt += 1

    def scores(self) -> list[int]:
        """Each player's score so far (partial lines score their rank pattern only)."""
        return [self.game.score(layout) for layout in self.layouts]

    def _payoffs(self) -> list[float]:
        scores = self.scores()
        if self.game.num_players == 1:
            return [float(scores[0])]
        rules = self.game.rules
        return [float(v) for v in settle(scores, rules.stake, rules.settlement)]

    def _as_seen_by(self, seat: int) -> list[list[int | None]]:
        """Every tableau as ``seat`` sees it: where the others laid the card in hand stays
        hidden until all have laid it (PP-5)."""
        layouts = [list(layout) for layout in self.layouts]
        for other in range(self.seat):  # those who have laid it this round
            if other != seat:
                layouts[other] = [None if c == self.card else c for c in layouts[other]]
        return layouts

    def _observe(self, seat: int) -> dict[str, JSON]:
        card = self.card
        seen = self.deck[: self.dealt + (0 if card is None else 1)]
        layouts = self._as_seen_by(seat)
        return {
            "grid": self.game.rules.grid,
            "scoring": list(self.game.table),
            "size": self.frame.size,
            "card": None if card is None else str(Card(card)),
            "number": self.dealt + 1 if card is not None else None,
            "dealt": [str(Card(c)) for c in seen],
            "tableaux": [
                [None if c is None else str(Card(c)) for c in layout] for layout in layouts
            ],
            "scores": [self.game.score(layout) for layout in layouts],
            "settlement": self.game.rules.settlement,
            "stake": self.game.rules.stake,
        }

    # -- hidden information: the order of the stock
    def _resample(self, seat: int, rng: random.Random) -> State:
        """The same table with the unseen stock re-shuffled, and the card in hand laid again
        at random by the others who have laid it, where ``seat`` cannot see (PP-5); the
        record made to agree."""
        other = self.clone()
        assert isinstance(other, PatienceState)
        if self.seat:  # this round's moves: seats 0 .. self.seat - 1 laid the card in hand
            moves = [i for i, e in enumerate(other.history) if "action" in e][-self.seat :]
            for mover, index in enumerate(moves):
                if mover != seat:
                    layout = other.layouts[mover]
                    layout[layout.index(self.card)] = None
                    cell = rng.choice(self.frame.legal(layout))
                    layout[cell] = self.card
                    other.history[index]["action"] = self.frame.name(cell)
        start = self.dealt + (0 if self.is_over else 1)
        rest = other.deck[start:]
        rng.shuffle(rest)
        other.deck[start:] = rest
        at = next(e["outcome"] for e in other.history if e.get("chance") == "cut")
        order = other.deck[len(other.deck) - at :] + other.deck[: len(other.deck) - at]
        for entry in other.history:
            if entry.get("chance") == "shuffle":
                entry["outcome"] = list(order)
        return other

    def clone(self) -> Self:
        other = self._copy_base()
        other.deck = list(self.deck)
        other.layouts = [list(layout) for layout in self.layouts]
        return other


@register("poker-patience")
class PokerPatience(Game):
    """Poker Patience: 25 cards laid in five rows of five, scored as ten poker hands."""

    state_class = PatienceState
    min_players = 1
    max_players = 100  # PP-5 sets no limit ("two or more", a pack each): a bound for sanity
    payoff_total: float | None = None

    def __init__(self, players: int | None = None, **options: Any) -> None:
        super().__init__(players=players)
        self.rules: PatienceRules = build_rules(PatienceRules, options)
        self.frame = Frame.of(self.rules.grid)
        self.table = self.rules.table
        # one player: the score, not fixed; several: a settlement, which sums to 0
        self.payoff_total = None if self.num_players == 1 else 0

    def score(self, layout: list[int | None]) -> int:
        """The total of the ten lines (PP-3, PP-4); lines not yet full score their pattern.

        ``layout`` is the frame's cells row by row (``None`` where empty), or on either grid
        a tableau of 25 cells, five rows of five:

        >>> from parlour.cards import parse_cards
        >>> rows = "As Ks Qs Js Ts 2h 2d 2c 2s 3h 5c 5d 5h 9c 9d 4d 6d 8d Td Qd 3c 4c 6c 7h 8s"
        >>> PokerPatience(scoring="american").score([int(c) for c in parse_cards(rows)])
        210
        """
        rows, cols = self.line_scores(layout)
        return sum(rows) + sum(cols)

    def line_categories(self, layout: list[int | None]) -> tuple[list[int], list[int]]:
        """The category index of each row and each column that holds cards (fast tables)."""
        n = self._side(layout)
        rows, cols = [T.EMPTY] * n, [T.EMPTY] * n
        for cell, card in enumerate(layout):
            if card is not None:
                c52 = T.CARD52[card]
                rows[cell // n] = T.LINE_ADD_LIST[rows[cell // n]][c52]
                cols[cell % n] = T.LINE_ADD_LIST[cols[cell % n]][c52]
        return (  # a line with no card scores nothing, on either grid (PP-4)
            [T.CATEGORY_LIST[s] for s in rows if s != T.EMPTY],
            [T.CATEGORY_LIST[s] for s in cols if s != T.EMPTY],
        )

    def _side(self, layout: list[int | None]) -> int:
        """The side of the square ``layout`` fills: 5, or the frame's; a layout of another
        size, a card laid twice or a number that is no card is refused by name."""
        cells = self.frame.cells
        if len(layout) not in (25, cells):
            frame = "" if cells == 25 else f" or the {self.frame.size}x{self.frame.size} frame's"
            raise ValueError(f"layout: {len(layout)} cells; a tableau is 25 (five rows of five, "
                             f"PP-1){frame}{'' if cells == 25 else f' {cells}'}")  # fmt: skip
        laid = [card for card in layout if card is not None]
        if unknown := [card for card in laid if card not in T.CARD52]:
            raise ValueError(f"layout: {unknown[0]!r} is no card of the pack (PP-1)")
        if len(set(laid)) < len(laid):
            twice = next(Card(c) for c in laid if laid.count(c) > 1)
            raise ValueError(f"layout: {twice} is laid twice; the pack has one of each (PP-1)")
        return 5 if len(layout) == 25 else self.frame.size

    def line_scores(self, layout: list[int | None]) -> tuple[list[int], list[int]]:
        """The points of each row and each column that holds cards."""
        rows, cols = self.line_categories(layout)
        return [self.table[c] for c in rows], [self.table[c] for c in cols]

    def line_hands(self, layout: list[int | None]) -> tuple[list[str], list[str]]:
        """The category name of each row and each column that holds cards."""
        rows, cols = self.line_categories(layout)
        return [CATEGORIES[c] for c in rows], [CATEGORIES[c] for c in cols]
