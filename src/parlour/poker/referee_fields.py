"""What a refereed deal holds, declared once.

:class:`~parlour.poker.referee.RefereeState` is made of rulings by subject (the deal, the
draw, the betting, the openers) that read and set one another's attributes.  Each derives
from :class:`RefereeFields`, which declares those attributes and the methods that one part
calls in another, so that the type checker knows what each holds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from parlour.cards import Pack
from parlour.game import State
from parlour.poker.betting import Betting
from parlour.poker.referee_events import Event
from parlour.poker.rulings import Choice

if TYPE_CHECKING:  # parlour.poker.referee imports the parts, which import this module
    from parlour.poker.referee import RefereeRules


def per_seat(chips: list[int]) -> str:
    """One number a seat, as ``--rule`` takes a tuple: ``1,1,1``."""
    return ",".join(map(str, chips))


class RefereeFields(State):
    rules: RefereeRules
    table: Any  # the game's own rules: DrawRules or JackpotRules
    pack: Pack
    n: int
    dealer: int
    age: int
    phase: str  # deal, bet1, draw, owed, bet2, show, openers, over
    choices: list[Choice]  # rulings waiting for a seat's choice, first one first
    # the chips
    blinds: list[int]  # what each seat put up before the deal (D-3, D-10, D-11)
    last_straddle: int
    stakes: list[int]  # what each seat has put into the pool
    carry: list[int]  # each seat's chips in the pot carried from the deals before (J-4)
    betting: Betting | None
    bet_acts: int
    held: list[int]  # R8.8: chips put up out of turn, not yet his action
    held_act: list[str | None]
    held_price: list[int]
    owed: list[int]
    shown: dict[int, list[int]]  # the hands shown at the end (W-11)
    opener: int | None
    unopened: bool
    #: R4.8: None until the opener's openers are proved; then whether they were false
    false_opener: bool | None
    #: R4.9 (BAR 37): whether the round was null and void (None: not yet ruled)
    void: bool | None
    # the deal now (W-2: a fresh deal starts these again)
    deal_no: int
    pack_no: int
    dealing: int  # the seat dealing
    hands: list[list[list[Any]]]  # each seat's [card, exposed, new]
    used: set[int]  # the cards seen out of the pack
    origin: dict[int, int]  # card -> the seat it was given to (-1: gone from him)
    bottom: list[int | None]
    discards: list[int | None]
    thrown_by: list[int]  # the seat each discard came from (W-8)
    stock: int  # cards not yet handed out (W-8)
    looked: list[bool]
    looked_new: list[bool]
    out: list[bool]
    foul: list[bool]
    dealt_exposed: list[int]
    slots: list[int]  # the seats the deal's cards go to, in order
    started: bool
    dealt_complete: bool
    drawn: list[bool]
    misdrawn: list[bool]
    window: int | None  # the seat who may still rectify his draw (I-10)
    #: each seat's hand as dealt, kept when the draw begins and at his draw (R4.8)
    predraw: dict[int, list[list[int | None]]]
    #: the cards known to have been given to a seat in the draw: never his as dealt
    drawn_by: dict[int, int]
    #: a W-8 reshuffle put served players' discards back into the stock
    reshuffled: bool
    #: W-8: a new stock nobody has yet been served from: its last card may be handed out
    fresh_stock: bool
    #: seats that showed their openers (``openers SEAT ...``): what they showed is final
    declared: set[int]
    #: the cards each seat laid down as openers, for all to see
    revealed: dict[int, list[int]]

    @property
    def pool(self) -> int:
        """The chips in the pool: this deal's stakes and the pot carried into it (J-2, J-4)."""
        return sum(self.stakes) + sum(self.carry)

    def _carried_on(self) -> list[int]:
        """Each seat's chips in the pool when all of it stays for the next deal (J-4)."""
        return [c + k for c, k in zip(self.carry, self.stakes, strict=True)]

    # what one part does for the others
    def _fresh_deal(self, by: int) -> None:
        raise NotImplementedError

    def _take(self, card: int | None, text: str, seat: int = -1) -> None:
        raise NotImplementedError

    def _seat_in(self, e: Event) -> int:
        raise NotImplementedError

    def _throw_in(self, s: int, rule: str, effect: str) -> None:
        raise NotImplementedError

    def _rule(self, rule: str, effect: str) -> None:
        raise NotImplementedError

    def _start_betting(self) -> None:
        raise NotImplementedError

    def contenders(self) -> list[int]:
        raise NotImplementedError

    def _sees_before_acting(self, s: int) -> bool:
        raise NotImplementedError

    def _live(self, s: int) -> bool:
        raise NotImplementedError

    def _count_draw(self, s: int) -> None:
        raise NotImplementedError

    def _after_draw_look(self, s: int) -> None:
        raise NotImplementedError

    def _from_stock(self, k: int, e: Event | str) -> None:
        raise NotImplementedError

    def _keep_dealt(self, seats: range | list[int]) -> None:
        raise NotImplementedError

    def _dealt(self, s: int) -> list[int | None]:
        raise NotImplementedError

    def _close(self) -> None:
        raise NotImplementedError

    def _minimum(self) -> int:
        raise NotImplementedError

    def _next_pot(self, carry: list[int], antes: list[int] | None = None) -> str:
        raise NotImplementedError

    def _next_table(self) -> str:
        raise NotImplementedError

    def _opens(self, cards: list[int]) -> bool:
        raise NotImplementedError
