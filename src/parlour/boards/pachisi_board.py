"""The Pachisi cross board and its 84-step track, loaded from ``parlour/data/pachisi_board.json``.

Squares are numbered 0..95 in the order of the data file; the Charkoni is
:data:`CHARKONI` (96).  Colours (arms) are 0=S, 1=E, 2=N, 3=W; a colour's track
is the South track rotated ``(x, y) -> (18 - y, x)`` once per colour
(board-games.md C.2).  Track positions are 1-based: 1 is the square next to the
Charkoni on the own middle line, 83 the last square, 84 the Charkoni (home).

>>> len(TRACK[0]), TRACK[0][0], TRACK[0][82], HOME
(84, (9, 7), (9, 7), 84)
>>> len(CASTLES["standard"]), len(CASTLES["aceh_pachih"]), CELL[(9, 0)] in CASTLES["standard"]
(12, 8, True)
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

COLOURS = "SENW"
CHARKONI = 96
HOME = 84
#: the last square before home; the own middle line is positions 1..8 and 76..83
LAST = 83
#: the end of the own middle line, where a piece may go round again (C.4 step 9)
LAP_POINT = 76
#: a piece going round again from LAP_POINT continues at LAP_POINT + 1 - LAP_SHIFT (= 9)
LAP_SHIFT = 68

Coord = tuple[int, int]


def _load() -> dict[str, Any]:
    text = resources.files("parlour.data").joinpath("pachisi_board.json").read_text()
    return json.loads(text)


_DATA = _load()
SQUARES: list[Coord] = [(int(x), int(y)) for x, y in _DATA["squares"]]
CELL: dict[Coord, int] = {xy: i for i, xy in enumerate(SQUARES)}


def rotate(xy: Coord, times: int) -> Coord:
    """Turn a square a quarter anticlockwise ``times`` times: S -> E -> N -> W."""
    x, y = xy
    for _ in range(times % 4):
        x, y = 18 - y, x
    return (x, y)


def _track(colour: int) -> list[Coord | str]:
    out: list[Coord | str] = []
    for entry in _DATA["track_south"]:
        out.append("C" if entry == "C" else rotate((int(entry[0]), int(entry[1])), colour))
    return out


#: TRACK[c][i - 1] is the square (or "C") of track position i for colour c
TRACK: list[list[Coord | str]] = [_track(c) for c in range(4)]
#: TRACK_CELL[c][i] is the cell number of position i (0 and 84: the Charkoni)
TRACK_CELL: list[list[int]] = [
    [CHARKONI] + [CHARKONI if isinstance(sq, str) else CELL[sq] for sq in TRACK[c]]
    for c in range(4)
]
#: castle layouts (board-games.md C.2) as sets of cells; "none" has no castles (Chaupar)
CASTLES: dict[str, frozenset[int]] = {
    name: frozenset(CELL[(int(x), int(y))] for x, y in squares)
    for name, squares in _DATA["castles"].items()
}
CASTLES["none"] = frozenset()
