"""Learning the value of a partial row or column by self-play (the NARL recipe, in numpy).

The value of a line state is the mean final points of lines that passed through it, in games
played by the value-greedy policy itself with some random exploration (Neller, Messinger and
Yang's "naive abstract reinforcement learning", poker-patience.md §1.2).  A line is abstracted
to its rank multiset and whether a flush is still open; rows and columns learn apart, so the
policy can keep columns for flushes and rows for pairs.

Values are learned once per scoring table and grid and cached (``values``): the two named
tables ship with the package, any other table is learned on first use (a few seconds).
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from parlour.patience import tables as T
from parlour.patience.engine import GEOMETRIES, Batch, gain_table, random_orders

#: abstract index of each line state: rank multiset x (empty, mixed suits, one suit)
VIDX = (np.arange(T.N_LINE) // 6) * 3 + np.minimum(np.arange(T.N_LINE) % 6, 2)
N_V = T.N_MS * 3
DATA = Path(__file__).with_name("values")
PACK = np.arange(52, dtype=np.int64)


def train(
    table: Sequence[int],
    floating: bool,
    games: int = 400_000,
    batch: int = 10_000,
    seed: int = 0,
    log: bool = False,
    init: np.ndarray | None = None,
    eps: tuple[float, float] = (0.3, 0.02),
) -> np.ndarray:
    """Learn ``V[kind, abstract state]`` (kind 0 rows, 1 columns) from ``games`` self-play games.

    Exploration falls from ``eps[0]`` to ``eps[1]`` and the memory of old batches grows as play
    settles.  ``init`` continues from values learned before.
    """
    geo = GEOMETRIES[floating]
    rng = np.random.default_rng(seed)
    points = T.points(table, full_only=True)
    start = T.points(table, full_only=False)  # begin as the greedy player: pattern points
    values = np.zeros((2, N_V))
    values[:, VIDX] = start
    sums = np.zeros((2, N_V))
    counts = np.zeros((2, N_V))
    if init is not None:  # continue, the old values weighing as 20 visits each
        values[:] = init
        counts[:] = 20.0
        sums[:] = 20.0 * values
    rounds = max(1, games // batch)
    idx = np.arange(batch)
    for k in range(rounds):
        frac = k / max(1, rounds - 1)
        explore = eps[0] * (1 - frac) + eps[1] * frac
        keep = 0.6 + 0.35 * frac
        gain = gain_table(values[:, VIDX])
        tabs = Batch(geo, batch)
        cards = random_orders(PACK, batch, 25, rng)
        seen = np.zeros((2, batch, 25), dtype=np.int64)
        which = np.zeros((2, batch, 25), dtype=np.int64)
        for t in range(25):
            cell = tabs.choose(cards[:, t], gain, explore, rng)
            tabs.place(cell, cards[:, t])
            r, c = geo.row_of[cell], geo.col_of[cell]
            seen[0, :, t], which[0, :, t] = tabs.rows[idx, r], r
            seen[1, :, t], which[1, :, t] = tabs.cols[idx, c], c
        finals = (points[tabs.rows], points[tabs.cols])
        used = (T.LINE_CARDS[tabs.rows] == 5, T.LINE_CARDS[tabs.cols] == 5)
        sums *= keep
        counts *= keep
        for kind in (0, 1):
            target = finals[kind][idx[:, None], which[kind]]
            keys = VIDX[seen[kind]].ravel()
            sums[kind] += np.bincount(keys, target.ravel(), N_V)
            counts[kind] += np.bincount(keys, minlength=N_V)
            sums[kind, VIDX[T.EMPTY]] += finals[kind][used[kind]].sum()
            counts[kind, VIDX[T.EMPTY]] += used[kind].sum()
        seen_any = counts > 0
        values[seen_any] = sums[seen_any] / counts[seen_any]
        if log and (k % 10 == 0 or k == rounds - 1):
            score = (finals[0].sum(1) + finals[1].sum(1)).mean()
            print(f"round {k + 1}/{rounds} eps {explore:.2f}: mean {score:.2f}", flush=True)
    return values.astype(np.float32)


def _name(table: Sequence[int], floating: bool) -> str:
    digest = hashlib.sha1(",".join(str(int(v)) for v in table).encode()).hexdigest()[:10]
    return f"{'floating' if floating else 'fixed'}-{digest}.npy"


_CACHE: dict[str, np.ndarray] = {}


def gains(table: Sequence[int], floating: bool) -> np.ndarray:
    """``G[kind, line state, card52]``: the learned value a row or column gains by a card."""
    name = _name(table, floating)
    if name not in _CACHE:
        _CACHE[name] = gain_table(values(table, floating))
    return _CACHE[name]


def values(table: Sequence[int], floating: bool, games: int = 200_000) -> np.ndarray:
    """``V[kind, line state]`` for this table and grid: shipped, cached, or learned now."""
    name = _name(table, floating)
    cache_dir = Path(os.environ.get("PARLOUR_CACHE", Path.home() / ".cache" / "parlour"))
    for folder in (DATA, cache_dir):
        path = folder / name
        if path.exists():
            v = np.load(path)
            break
    else:
        v = train(table, floating, games=games)
        try:
            cache_dir.mkdir(parents=True, exist_ok=True)
            np.save(cache_dir / name, v)
        except OSError:
            pass
    return np.ascontiguousarray(v[:, VIDX]).astype(np.float64)


def save_shipped(table: Sequence[int], floating: bool, v: np.ndarray) -> Path:
    """Store learned values in the package folder (used by ``benchmarks/patience.py --learn``)."""
    DATA.mkdir(exist_ok=True)
    path = DATA / _name(table, floating)
    np.save(path, v.astype(np.float32))
    return path
