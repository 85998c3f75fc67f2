"""What one Draw Poker deal holds, declared once.

:class:`~parlour.poker.draw.DrawState` is made of parts (the draw, the show, the seats'
views) that read and set one another's attributes.  Each part derives from
:class:`DealFields`, which declares those attributes (they are DrawState's slots) and the
methods of DrawState that the parts call, so that the type checker knows what each holds.
"""

from __future__ import annotations

from typing import Any

from parlour.game import State
from parlour.poker.betting import Betting, Pool
from parlour.poker.draw_rules import CommonRules
from parlour.poker.ranking import HandValue


class DealFields(State):
    __slots__ = ()

    rules: CommonRules  # DrawRules, or a Jack-Pot's JackpotRules
    n: int
    dealer: int
    age: int
    ante_seat: int  # R3.4: the seat that antes before the deal
    phase: str  # blind, bet1, draw, bet2, over
    blind_turn: int | None  # the seat that may straddle before the deal (D-10, D-11)
    last_straddle: int
    carry: list[int]  # chips carried in from an earlier deal (a Jack-Pot's)
    contrib: list[int]  # what each seat has put into the pool this deal
    stacks: list[int] | None  # table stakes: what each seat has left
    folded: list[bool]
    blinds: list[int]  # what each seat put up before the deal
    kept: list[list[int]]  # each hand's cards dealt and kept
    drawn: list[list[int]]  # each hand's cards drawn
    discards: list[list[int]]
    counts: list[int | None]  # how many cards each seat drew, once it has drawn
    stock: list[int]  # top card last
    spent: list[int]  # cards out of play that a reshuffle may use (W-8)
    events: list[tuple[int, str, str]]  # (seat, text, what others see)
    betting: Betting | None
    draw_order: list[int]
    draw_idx: int
    peel_wait: list[list[int]]  # R3.15 "peel": [seat, count] awaiting cards
    peel_on: bool
    opener: int | None  # a Jack-Pot's
    shown: dict[int, list[int]]
    won: list[int]
    carry_out: list[int]
    penalties: list[int]
    pools: list[Pool]
    values: dict[int, HandValue]  # the hands shown
    outcome: str
    next_deal: dict[str, Any]

    # what DrawState itself does, for its parts
    @property
    def pool(self) -> int:
        raise NotImplementedError

    def _live(self) -> list[int]:
        raise NotImplementedError

    def _start_second_interval(self) -> None:
        raise NotImplementedError
