"""The rule options of Poker Patience, one frozen dataclass (CONTRIBUTING: rules are data)."""

from __future__ import annotations

from dataclasses import dataclass

from parlour.game import GameOptionError
from parlour.patience.scoring import parse_table
from parlour.patience.settlement import METHODS


@dataclass(frozen=True)
class PatienceRules:
    """Poker Patience as seed 002 states it, with the modern variants as options."""

    #: PP-2: "floating" (each card next to one down; the seed) or "fixed" (5x5 Poker Squares)
    grid: str = "floating"
    #: PP-4: "english" (the seed's table), "american", or ten values "0,1,3,6,12,5,10,16,30,30"
    #: (given as numbers, they are kept as that text)
    scoring: str | tuple[int, ...] = "english"
    #: PP-6 "pairwise" (each pair settles the difference) or PP-7 "total" (score x N - total)
    settlement: str = "pairwise"
    #: PP-5: "the losers pay the winners on an agreed scale": units paid per point
    stake: int = 1

    def __post_init__(self) -> None:
        for name in ("grid", "settlement"):  # read as the scoring's name is: FIXED is fixed
            object.__setattr__(self, name, str(getattr(self, name)).strip().lower())
        if self.grid not in ("floating", "fixed"):
            raise GameOptionError(f"grid must be floating (PP-2) or fixed, not {self.grid!r}")
        if not isinstance(self.scoring, str):  # a table given as numbers: keep it as text
            values = self.scoring if isinstance(self.scoring, list | tuple) else [self.scoring]
            if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
                raise GameOptionError(
                    f"scoring (PP-4): english, american or ten whole numbers, not {self.scoring!r}"
                )
            object.__setattr__(self, "scoring", ",".join(str(v) for v in values))
        try:
            parse_table(self.scoring)
        except ValueError as err:
            raise GameOptionError(str(err)) from None
        if self.settlement not in METHODS:
            raise GameOptionError(
                f"settlement must be pairwise (PP-6) or total (PP-7), not {self.settlement!r}"
            )
        if not isinstance(self.stake, int) or self.stake < 1:
            raise GameOptionError(
                "stake must be a whole number of units a point, 1 or more (PP-5: the losers "
                "pay 'on an agreed scale')"
            )

    @property
    def table(self) -> tuple[int, ...]:
        """The ten point values, in ``scoring.CATEGORIES`` order."""
        return parse_table(self.scoring)
