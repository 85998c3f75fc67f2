"""What one Draw Poker deal holds, declared once for the type checker.

:class:`~parlour.poker.draw.DrawState` is made of parts (the draw, the show, the seats'
views) that read and set one another's attributes.  Each part names :class:`DealFields` as
its base only while type checking (at run time the base is ``object``, and the attributes
are DrawState's slots), so that mypy knows what every attribute of the deal holds.
"""

from __future__ import annotations

from typing import Any

from parlour.game import State
from parlour.poker.betting import Betting
from parlour.poker.draw_rules import CommonRules


class DealFields(State):
    rules: CommonRules
    n: int
    dealer: int
    age: int
    ante_seat: int  # R3.4: the seat that antes before the deal
    phase: str  # blind, bet1, draw, bet2, over
    blind_turn: int | None
    last_straddle: int
    carry: list[int]  # chips carried in from an earlier deal (a Jack-Pot's)
    contrib: list[int]  # what each seat has put into the pool this deal
    stacks: list[int] | None  # table stakes: what each seat has left
    folded: list[bool]
    blinds: list[int]
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
    opener: int | None
    shown: dict[int, list[int]]
    won: list[int]
    carry_out: list[int]
    penalties: list[int]
    pools: list[Any]
    values: dict[int, Any]  # the hands shown: seat -> HandValue
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
