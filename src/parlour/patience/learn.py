"""Learning the value of a partial row or column by self-play (Neller's NARL recipe, in numpy).

The value of an abstract line (:mod:`parlour.patience.abstraction`) with ``t`` cards down is the
mean final points of the lines that stood so at that moment, in games played by the
value-greedy policy itself (Neller, Messinger and Yang's "naive abstract reinforcement
learning", poker-patience.md §1.2).  Lines never met keep an optimistic value (the table's top
score), so play tries them; a little random play, fading away, does the rest.  Rows and
columns learn apart, so the policy may keep columns for flushes and rows for pairs.

Values are learned once per scoring table and grid and cached (:func:`model`): the two named
tables ship with the package, any other table is learned on first use.  Values *taught* by the
strong player's choices (:mod:`parlour.patience.imitate`) ship for English scoring on both
grids and American on the fixed one; the ``fast`` player takes them where they exist.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import zipfile
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from parlour.patience import tables as T
from parlour.patience.abstraction import SIZE, Unseen, check, keys
from parlour.patience.engine import GEOMETRIES, Batch, LineValues, play_out, random_orders

DATA = Path(__file__).with_name("values")
PACK = np.arange(52, dtype=np.int64)
_STRAIGHT, _FLUSH = 4, 5  # places in a table of ten values


def features_for(table: Sequence[int]) -> str:
    """The line features worth learning for a table, as ``"rows,columns"``.

    Rows learn rank patterns and columns flushes and straights, as in NARL, so that the policy
    keeps to one plan (learned on the same features for both, one run in four settles on a
    worse one).  Where a straight outscores a flush (English), both also learn how many
    straights are still open.

    >>> features_for((0, 1, 3, 6, 12, 5, 10, 16, 30, 30))
    'pw,fw'
    >>> features_for((0, 2, 5, 10, 15, 20, 25, 50, 75, 100))
    'p,fs'
    """
    return "pw,fw" if table[_STRAIGHT] > table[_FLUSH] else "p,fs"


def train(
    table: Sequence[int],
    floating: bool,
    games: int = 200_000,
    batch: int = 10_000,
    seed: int = 0,
    features: str | None = None,
    explore: float = 0.1,
    log: bool = False,
) -> LineValues:
    """Learn line values by ``games`` games of self-play, ``batch`` at a time.

    Random play starts at ``explore`` and falls by NARL's 0.999975 a game.
    """
    features = features or features_for(table)
    row_features, col_features = (check(f) for f in features.split(","))
    geo = GEOMETRIES[floating]
    rng = np.random.default_rng(seed)
    points = T.points(table, full_only=True)
    values = np.full((26, 2, SIZE), float(max(table)))
    sums, counts = np.zeros_like(values), np.zeros_like(values)
    model = LineValues(values, features)
    for k in range(max(1, games // batch)):
        tabs = Batch(geo, batch)
        cards = random_orders(PACK, batch, 25, rng)
        seen = np.zeros((25, 2, batch, geo.n), dtype=np.int64)  # each line's key, each move
        for t in range(25):
            unseen = Unseen(tabs.unseen_ranks, tabs.unseen_suits)
            seen[t, 0] = keys(tabs.rows, unseen, row_features)
            seen[t, 1] = keys(tabs.cols, unseen, col_features)
            tabs.place(tabs.choose(cards[:, t], model, explore, rng), cards[:, t])
        for kind, lines in ((0, tabs.rows), (1, tabs.cols)):
            final = points[lines]
            used = T.LINE_CARDS[lines] == 5  # floating: the frame's edges may stay empty
            for t in range(25):
                at = seen[t, kind][used]
                sums[t, kind] += np.bincount(at, final[used], SIZE)
                counts[t, kind] += np.bincount(at, minlength=SIZE)
        met = counts > 0
        values[met] = sums[met] / counts[met]
        if log and k % 10 == 0:
            score = tabs.total(points).mean()
            print(f"{(k + 1) * batch} games, exploring {explore:.4f}: mean {score:.2f}", flush=True)
        explore *= 0.999975**batch
    return LineValues(values.astype(np.float32), features)


def mean_score(
    learned: LineValues, table: Sequence[int], floating: bool, deals: int = 20_000, seed: int = 99
) -> float:
    """The value-greedy policy's mean score on ``deals`` random deals."""
    cards = random_orders(PACK, deals, 25, np.random.default_rng(seed))
    tabs = Batch(GEOMETRIES[floating], deals)
    play_out(tabs, cards, learned)
    return float(tabs.total(T.points(table, full_only=True)).mean())


def train_best(
    table: Sequence[int], floating: bool, games: int, runs: int, log: bool = False
) -> LineValues:
    """The best of ``runs`` learning runs (seeds 0, 1, ...) by :func:`mean_score`.

    Self-play may settle on a worse plan (poker-patience.md §1.2); several runs and a
    judgement on fresh deals guard against it.
    """
    best, best_score = None, -np.inf
    for seed in range(runs):
        learned = train(table, floating, games=games, seed=seed, log=log)
        score = mean_score(learned, table, floating)
        if log:
            print(f"run {seed}: greedy mean {score:.3f} on 20,000 deals", flush=True)
        if score > best_score:
            best, best_score = learned, score
    assert best is not None
    return best


def _name(table: Sequence[int], floating: bool, taught: bool = False) -> str:
    digest = hashlib.sha1(",".join(str(int(v)) for v in table).encode()).hexdigest()[:10]
    return f"{'floating' if floating else 'fixed'}-{digest}{'-taught' if taught else ''}.npz"


def _load(path: Path) -> LineValues | None:
    """The values stored at ``path``, or None when the file is not values this version reads
    (cut short, from an older abstraction, or not numbers)."""
    try:
        with np.load(path) as data:
            values, features = data["values"], str(data["features"])
        kinds = features.split(",")
        if len(kinds) != 2 or values.shape != (26, 2, SIZE) or not np.isfinite(values).all():
            return None
        for kind in kinds:
            check(kind)
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile):
        return None
    return LineValues(values.astype(np.float64), features)


_CACHE: dict[str, LineValues] = {}


def model(
    table: Sequence[int], floating: bool, games: int = 200_000, taught: bool = False
) -> LineValues:
    """The line values for this table and grid: shipped, cached on disk, or learned now.

    With ``taught``, the values taught by the strong player where they ship, else the same.
    A cached file this version cannot read is learned again and replaced; a shipped one is
    an error in the package, and says so.
    """
    name = _name(table, floating, taught)
    if name in _CACHE:
        return _CACHE[name]
    shipped = DATA / name
    if shipped.exists():
        found = _load(shipped)
        if found is None:
            raise RuntimeError(f"poker-patience: the shipped values {shipped} cannot be read")
    elif taught:
        found = model(table, floating, games)
    else:
        found = _load(cache_dir() / name)  # None: missing, or stale and learned again
        if found is None:
            found = train(table, floating, games=games)
            with contextlib.suppress(OSError):  # a read-only home still plays
                save(cache_dir(), table, floating, found)
    _CACHE[name] = found
    return found


def is_ready(table: Sequence[int], floating: bool) -> bool:
    """Whether :func:`model` has this table's values without learning them (about 20 s)."""
    name = _name(table, floating)
    return name in _CACHE or (DATA / name).exists() or _load(cache_dir() / name) is not None


def cache_dir() -> Path:
    """Where values learned for a table the package does not ship are kept."""
    return Path(os.environ.get("PARLOUR_CACHE", Path.home() / ".cache" / "parlour"))


def save(
    folder: Path, table: Sequence[int], floating: bool, learned: LineValues, taught: bool = False
) -> Path:
    """Store learned values (``benchmarks/patience.py --learn`` and ``--imitate`` ship them)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / _name(table, floating, taught)
    part = path.with_suffix(f".{os.getpid()}.part")  # written whole, then moved into place
    with part.open("wb") as out:
        np.savez_compressed(
            out, values=learned.values.astype(np.float32), features=learned.features
        )
    os.replace(part, path)
    return path
