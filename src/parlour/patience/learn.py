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
#: stages of the game the values are learned for (cards down 0-4, 5-9, ...)
BUCKETS = 1


def bucket(placed: int, buckets: int) -> int:
    """The time bucket of a tableau with ``placed`` cards down (0 .. buckets - 1)."""
    return min(placed * buckets // 25, buckets - 1)


def train(
    table: Sequence[int],
    floating: bool,
    games: int = 400_000,
    batch: int = 10_000,
    seed: int = 0,
    log: bool = False,
    init: np.ndarray | None = None,
    eps: tuple[float, float] = (0.3, 0.02),
    buckets: int = BUCKETS,
) -> np.ndarray:
    """Learn ``V[bucket, kind, abstract state]`` (kind 0 rows, 1 columns) by self-play.

    A line's value is the mean final points of the lines that entered that state at that stage
    of the game (``buckets`` stages of the 25 cards).  Exploration falls from ``eps[0]`` to
    ``eps[1]`` and the memory of old batches grows as play settles.  ``init`` continues from
    values learned before.
    """
    geo = GEOMETRIES[floating]
    rng = np.random.default_rng(seed)
    points = T.points(table, full_only=True)
    start = T.points(table, full_only=False)  # begin as the greedy player: pattern points
    values = np.zeros((buckets, 2, N_V))
    values[:, :, VIDX] = start
    sums = np.zeros((2, buckets * N_V))
    counts = np.zeros((2, buckets * N_V))
    if init is not None:  # continue, the old values weighing as 20 visits each
        values[:] = init
        counts[:] = 20.0
        sums[:] = 20.0 * values.transpose(1, 0, 2).reshape(2, -1)
    rounds = max(1, games // batch)
    idx = np.arange(batch)
    for k in range(rounds):
        frac = k / max(1, rounds - 1)
        explore = eps[0] * (1 - frac) + eps[1] * frac
        keep = 0.6 + 0.35 * frac
        gain = gain_tables(values[:, :, VIDX])
        tabs = Batch(geo, batch)
        cards = random_orders(PACK, batch, 25, rng)
        # the state each card's row and column enter, and which row and column it was
        seen = np.zeros((2, batch, 25), dtype=np.int64)
        which = np.zeros((2, batch, 25), dtype=np.int64)
        for t in range(25):
            b = bucket(t, buckets)
            cell = tabs.choose(cards[:, t], gain[b], explore, rng)
            tabs.place(cell, cards[:, t])
            r, c = geo.row_of[cell], geo.col_of[cell]
            seen[0, :, t] = b * N_V + VIDX[tabs.rows[idx, r]]
            seen[1, :, t] = b * N_V + VIDX[tabs.cols[idx, c]]
            which[0, :, t], which[1, :, t] = r, c
        finals = (points[tabs.rows], points[tabs.cols])
        used = (T.LINE_CARDS[tabs.rows] == 5, T.LINE_CARDS[tabs.cols] == 5)
        sums *= keep
        counts *= keep
        for kind in (0, 1):
            target = finals[kind][idx[:, None], which[kind]]
            sums[kind] += np.bincount(seen[kind].ravel(), target.ravel(), buckets * N_V)
            counts[kind] += np.bincount(seen[kind].ravel(), minlength=buckets * N_V)
            for b in range(buckets):  # an empty line, at every stage: its final points
                sums[kind, b * N_V + VIDX[T.EMPTY]] += finals[kind][used[kind]].sum()
                counts[kind, b * N_V + VIDX[T.EMPTY]] += used[kind].sum()
        flat = values.transpose(1, 0, 2).reshape(2, -1)
        seen_any = counts > 0
        flat[seen_any] = sums[seen_any] / counts[seen_any]
        values = flat.reshape(2, buckets, N_V).transpose(1, 0, 2).copy()
        if log and (k % 10 == 0 or k == rounds - 1):
            score = (finals[0].sum(1) + finals[1].sum(1)).mean()
            print(f"round {k + 1}/{rounds} eps {explore:.2f}: mean {score:.2f}", flush=True)
    return values.astype(np.float32)


def gain_tables(values: np.ndarray) -> np.ndarray:
    """``G[bucket, kind, state * 52 + card]`` from ``V[bucket, kind, state]``."""
    return np.stack([gain_table(v) for v in values])


def _name(table: Sequence[int], floating: bool) -> str:
    digest = hashlib.sha1(",".join(str(int(v)) for v in table).encode()).hexdigest()[:10]
    return f"{'floating' if floating else 'fixed'}-{digest}.npy"


_CACHE: dict[str, np.ndarray] = {}


def gains(table: Sequence[int], floating: bool) -> np.ndarray:
    """``G[bucket, kind, state * 52 + card]``: the learned value a line gains by a card."""
    name = _name(table, floating)
    if name not in _CACHE:
        _CACHE[name] = gain_tables(values(table, floating))
    return _CACHE[name]


def values(table: Sequence[int], floating: bool, games: int = 200_000) -> np.ndarray:
    """``V[bucket, kind, line state]`` for this table and grid: shipped, cached, or learned."""
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
    if v.ndim == 2:  # values learned without stages of the game
        v = v[None]
    return np.ascontiguousarray(v[:, :, VIDX]).astype(np.float64)


def save_shipped(table: Sequence[int], floating: bool, v: np.ndarray) -> Path:
    """Store learned values in the package folder (used by ``benchmarks/patience.py --learn``)."""
    DATA.mkdir(exist_ok=True)
    path = DATA / _name(table, floating)
    np.save(path, v.astype(np.float32))
    return path
