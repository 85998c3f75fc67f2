"""Learning line values by self-play (NARL, poker-patience.md §1.2): any table, cached on disk."""

from __future__ import annotations

import numpy as np
import pytest

from parlour.patience import learn
from parlour.patience.engine import GEOMETRIES, Batch, random_orders
from parlour.patience.scoring import TABLES

FLUSHES_ONLY = (0, 0, 0, 0, 0, 1, 0, 0, 0, 0)


def random_play_mean(table, floating: bool, deals: int = 2000) -> float:
    rng = np.random.default_rng(5)
    tabs = Batch(GEOMETRIES[floating], deals)
    cards = random_orders(learn.PACK, deals, 25, rng)
    for t in range(25):
        legal = tabs.legal()
        tabs.place(np.argmax(legal + rng.random(legal.shape), axis=1), cards[:, t])
    return float(tabs.total(learn.T.points(table, full_only=True)).mean())


def test_a_table_of_flushes_only_is_learned_to_keep_suits_apart():
    """Where only flushes score, a random layout almost never makes one; the learned player,
    keeping one suit to a line, makes two or three a game."""
    learned = learn.train(FLUSHES_ONLY, floating=False, games=20_000, batch=5_000, seed=3)
    assert learned.features == "p,fs"
    assert random_play_mean(FLUSHES_ONLY, False) < 0.1
    assert learn.mean_score(learned, FLUSHES_ONLY, False, deals=2000) > 2.5


@pytest.mark.parametrize(("name", "floating"), [("english", True), ("american", False)])
def test_shipped_values_play_as_well_as_published(name: str, floating: bool):
    """The shipped values' greedy player on fresh deals: NARL's 123 American on the fixed grid
    (poker-patience.md §1.2), and above the old exact-multiset values' 48.3 English."""
    floor = {"english": 48.8, "american": 122.5}[name]
    learned = learn.model(TABLES[name], floating)
    assert learn.mean_score(learned, TABLES[name], floating, deals=5000, seed=11) > floor


def test_values_learned_on_first_use_are_cached_and_read_back(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_CACHE", str(tmp_path))
    monkeypatch.setattr(learn, "_CACHE", {})
    first = learn.model(FLUSHES_ONLY, floating=True, games=10_000)
    assert [p.suffix for p in tmp_path.iterdir()] == [".npz"]
    monkeypatch.setattr(learn, "_CACHE", {})
    again = learn.model(FLUSHES_ONLY, floating=True)
    assert again.features == first.features
    assert np.array_equal(again.values, first.values.astype(np.float32))


@pytest.mark.parametrize(
    "damage",
    [b"not a zip", None],  # a file cut short; values of another abstraction's size
)
def test_a_cached_file_this_version_cannot_read_is_learned_again(tmp_path, monkeypatch, damage):
    """The cache is checked on load: a broken or stale file was read as values (or crashed the
    player) instead of being learned again and replaced."""
    monkeypatch.setenv("PARLOUR_CACHE", str(tmp_path))
    monkeypatch.setattr(learn, "_CACHE", {})
    assert not learn.is_ready(FLUSHES_ONLY, True)
    first = learn.model(FLUSHES_ONLY, floating=True, games=10_000)
    assert learn.is_ready(FLUSHES_ONLY, True)
    (path,) = tmp_path.iterdir()
    if damage is None:
        with path.open("wb") as out:
            np.savez_compressed(out, values=np.zeros((26, 2, 7)), features="p,fs")
    else:
        path.write_bytes(damage)
    monkeypatch.setattr(learn, "_CACHE", {})
    assert not learn.is_ready(FLUSHES_ONLY, True)  # so the terminal says it is learned first
    again = learn.model(FLUSHES_ONLY, floating=True, games=10_000)
    assert again.values.shape == first.values.shape
    assert learn._load(path) is not None  # replaced by a good file
    assert [p.name for p in tmp_path.iterdir()] == [path.name]  # no part-file left behind
