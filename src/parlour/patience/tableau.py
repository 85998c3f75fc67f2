"""The layout of a Poker Patience tableau: cells, their names, and where a card may go.

Two geometries (the ``grid`` rule option):

* ``floating`` (PP-2, the seed): the first card goes anywhere; each later card touches one already
  down, orthogonally or diagonally, and the layout must end as five rows of five (PP-3), so the
  bounding box of the cards never grows past 5x5.  The table is drawn as a 9x9 frame with the
  first card in the middle, ``e5``; any layout that fits a 5x5 box fits the frame.
* ``fixed`` (Poker Squares, poker-patience.md §1): a 5x5 grid, any empty cell.

Cells are named like chess squares: a column letter then a row number, ``a1`` top left.

>>> frame = Frame.of("floating")
>>> [frame.name(c) for c in frame.legal([None] * 81)]
['e5']
>>> frame.parse("e5") == 40
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

Cell = int
Layout = Sequence[int | None]  # a card code per cell, None where empty

LETTERS = "abcdefghi"


@dataclass(frozen=True)
class Frame:
    """The cells a tableau is laid in: ``size`` x ``size``, floating or fixed."""

    size: int
    floating: bool

    @staticmethod
    def of(grid: str) -> Frame:
        if grid == "floating":
            return Frame(9, True)
        if grid == "fixed":
            return Frame(5, False)
        raise ValueError(f"unknown grid {grid!r}: floating (PP-2) or fixed (Poker Squares)")

    @property
    def cells(self) -> int:
        return self.size * self.size

    @property
    def centre(self) -> Cell:
        return (self.size // 2) * self.size + self.size // 2

    def row(self, cell: Cell) -> int:
        return cell // self.size

    def col(self, cell: Cell) -> int:
        return cell % self.size

    def name(self, cell: Cell) -> str:
        """``a1`` is the top-left cell; letters name columns, numbers rows."""
        return f"{LETTERS[self.col(cell)]}{self.row(cell) + 1}"

    def parse(self, text: str) -> Cell | None:
        """The cell a name denotes, or None if it names no cell of this frame."""
        text = text.strip().lower()
        if (
            not 2 <= len(text) <= 4
            or text[0] not in LETTERS[: self.size]
            or not text[1:].isdecimal()
        ):
            return None
        row = int(text[1:]) - 1
        if not 0 <= row < self.size:
            return None
        return row * self.size + LETTERS.index(text[0])

    def neighbours(self, cell: Cell) -> list[Cell]:
        """The up to eight cells touching ``cell`` side to side or corner to corner (PP-2)."""
        return _NEIGHBOURS[self.size][cell]

    def box(self, layout: Layout) -> tuple[int, int, int, int] | None:
        """The bounding box (top, bottom, left, right) of the cards down, or None if none."""
        used = [i for i, card in enumerate(layout) if card is not None]
        if not used:
            return None
        rows = [i // self.size for i in used]
        cols = [i % self.size for i in used]
        return min(rows), max(rows), min(cols), max(cols)

    def why_not(self, layout: Layout, cell: Cell) -> str | None:
        """None if a card may go to ``cell``, else the reason, naming the rule."""
        if not 0 <= cell < self.cells:
            return f"there is no such cell (PP-3: {self.size}x{self.size})"
        if layout[cell] is not None:
            return f"{self.name(cell)} already holds a card (PP-3: one card a cell)"
        if not self.floating:
            return None
        box = self.box(layout)
        if box is None:
            if cell != self.centre:
                middle = self.name(self.centre)
                return (
                    f"{self.name(cell)}: the first card may go anywhere (PP-2), so the frame is "
                    f"drawn round it and it is laid in the middle, {middle}"
                )
            return None
        if all(layout[n] is None for n in self.neighbours(cell)):
            return (
                f"{self.name(cell)} touches no card: each card after the first is laid next to "
                "one already on the table, side or corner (PP-2)"
            )
        top, bottom, left, right = box
        r, c = self.row(cell), self.col(cell)
        if max(bottom, r) - min(top, r) > 4 or max(right, c) - min(left, c) > 4:
            return (
                f"{self.name(cell)} would stretch the layout past five rows of five, which could "
                "then never be completed (PP-3)"
            )
        return None

    def legal(self, layout: Layout) -> list[Cell]:
        """Every cell the next card may go to, in cell order."""
        if not self.floating:
            return [c for c in range(self.cells) if layout[c] is None]
        box = self.box(layout)
        if box is None:
            return [self.centre]
        top, bottom, left, right = box
        n = self.size
        out: set[int] = set()
        for cell in range(self.cells):
            if layout[cell] is not None:
                out.update(x for x in _NEIGHBOURS[n][cell] if layout[x] is None)
        return sorted(
            x
            for x in out
            if max(bottom, x // n) - min(top, x // n) <= 4
            and max(right, x % n) - min(left, x % n) <= 4
        )


def _neighbours(size: int) -> list[list[Cell]]:
    out = []
    for cell in range(size * size):
        r, c = divmod(cell, size)
        out.append(
            [
                (r + dr) * size + c + dc
                for dr in (-1, 0, 1)
                for dc in (-1, 0, 1)
                if (dr or dc) and 0 <= r + dr < size and 0 <= c + dc < size
            ]
        )
    return out


_NEIGHBOURS = {5: _neighbours(5), 9: _neighbours(9)}
