"""The learned players' line abstraction (NARL, poker-patience.md §1.2) against a plain reading."""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest

from parlour.patience import tables as T
from parlour.patience.abstraction import Unseen, check, keys, straights_left
from parlour.patience.scoring import STRAIGHT_SETS


def plain(line: list[int], seen: set[int], features: str) -> tuple:
    """What the features say of a line (card52 numbers) when ``seen`` cards are down."""
    ranks = Counter(c // 4 for c in line)
    suits = {c % 4 for c in line}
    unseen = {r: 4 - sum(1 for c in seen if c // 4 == r) for r in range(13)}
    out: list = []
    if "p" in features:
        full = len(line) == 5
        out.append(sorted((n, 0 if full else unseen[r]) for r, n in ranks.items()))
        out.append(full)
    else:
        out.append(len(line))
    if "f" in features:
        open_ = len(suits) == 1
        left = 13 - sum(1 for c in seen if c % 4 == next(iter(suits))) if open_ else 0
        out.append((open_, left if len(line) < 5 else 0))
    if "s" in features or "w" in features:
        fits = [w for w in STRAIGHT_SETS if line and max(ranks.values()) == 1 and set(ranks) <= w]
        if "s" in features:
            out.append(bool(fits))
        else:
            out.append(min(3, sum(all(unseen[r] > 0 for r in w - set(ranks)) for w in fits)))
    return tuple(map(str, out))


def random_lines(count: int, seed: int) -> list[tuple[list[int], set[int]]]:
    """Lines of 0-5 cards, each with the other cards already down (up to 24 in all)."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        down = rng.sample(range(52), rng.randint(0, 24))
        line = down[: rng.randint(0, min(5, len(down)))]
        if rng.random() < 0.5 and len(line) >= 2:  # favour pairs and runs
            r = line[0] // 4
            line[1] = next((c for c in range(52) if c // 4 == r and c not in down), line[1])
        out.append((line, set(down) | set(line)))
    return out


@pytest.mark.parametrize("features", ["p", "pfs", "pw", "fw", "fs", "w"])
def test_keys_tell_lines_apart_exactly_as_the_features_read(features: str):
    """Two lines share a key if and only if the plain reading of the features is the same."""
    by_key: dict[int, tuple] = {}
    by_reading: dict[tuple, int] = {}
    for line, seen in random_lines(3000, seed=len(features)):
        ranks = np.full((1, 13), 4)
        suits = np.full((1, 4), 13)
        for c in seen:
            ranks[0, c // 4] -= 1
            suits[0, c % 4] -= 1
        key = int(keys(np.array([[T.line_state(line)]]), Unseen(ranks, suits), features)[0, 0])
        reading = plain(line, seen, features)
        assert by_key.setdefault(key, reading) == reading, (line, seen)
        assert by_reading.setdefault(reading, key) == key, (line, seen)
    assert len(by_key) > 12  # the sample meets many distinct keys


def test_unknown_features_are_refused_by_name():
    with pytest.raises(ValueError, match="'px'"):
        check("px")
    with pytest.raises(ValueError, match="'sw'"):
        check("sw")


def test_a_lone_ace_loses_the_wheel_when_every_five_is_gone():
    ace = np.array([[T.line_state([4 * 12 + 3])]])  # card52 51: the ace of spades
    suits = np.full((1, 4), 13)
    ranks = np.full((1, 13), 4)
    assert int(straights_left(ace, Unseen(ranks, suits))[0, 0]) == 2  # wheel and broadway
    no_fives = ranks.copy()
    no_fives[0, 3] = 0  # rank13 3 is the five
    assert int(straights_left(ace, Unseen(no_fives, suits))[0, 0]) == 1
    no_kings = ranks.copy()
    no_kings[0, 11] = 0
    assert int(straights_left(ace, Unseen(no_kings, suits))[0, 0]) == 1
