"""Neller's Poker Squares deals rebuilt: java.util.Random, Collections.shuffle, Stack.pop."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import parlour
from parlour.game import IllegalAction
from parlour.patience.contest import CONTEST_SEED, JavaRandom, deal, history


def test_java_random_matches_values_java_prints() -> None:
    # new Random(42).nextInt(), new Random(0).nextInt(), and ten of new Random(42).nextInt(10)
    assert JavaRandom(42).next_int() == -1170105035
    assert JavaRandom(0).next_int() == -1155484576
    rng = JavaRandom(42)
    assert [rng.next_int(10) for _ in range(10)] == [0, 3, 8, 4, 0, 5, 5, 8, 9, 3]


@given(st.integers(0, 2**48), st.integers(1, 2**31 - 1))
def test_bounded_draws_stay_in_range(seed: int, bound: int) -> None:
    rng = JavaRandom(seed)
    assert all(0 <= rng.next_int(bound) < bound for _ in range(5))


def test_bound_must_be_positive() -> None:
    with pytest.raises(ValueError, match="bound"):
        JavaRandom(1).next_int(0)


def test_power_of_two_bounds_take_the_high_bits() -> None:
    # Java: (bound * next(31)) >> 31, so nextInt(2) is the top bit of next(31)
    a, b = JavaRandom(7), JavaRandom(7)
    assert [a.next_int(2) for _ in range(50)] == [b.next_int(2**31) >> 30 for _ in range(50)]


# Printed by OpenJDK 17 running the framework's deal: a Stack of the 52 cards (clubs, diamonds,
# hearts, spades; ace to king), Collections.shuffle(deck, random) after random.setSeed(seed),
# then 25 pops: the first and last deals of the contest (967314919 = CONTEST_SEED + 999), and
# seed 0 of Neller's own runs.
JAVA_DEALS = {
    CONTEST_SEED: "As Ah 8c 7h Js 8h 4c Jc 5c Qs 7c 8s 5h 3h 2c Qd 2h 2s 3d Ts 7d 3s 9s 9h Tc",
    967314919: "3d 9s Tc 8s Ad 6s 2c 6d Jc 4c Qd 8d 2d 5h Js 8h Kc Ts 7c Ks Qc 2h Qh 2s 5d",
    0: "6s 3h 4h 3c Qc Td Th 9d 7s Ah Js 4d 8h Qs 5d 2h 5c Ac 4c 7h 9c 7c 2d 7d 2s",
}


@pytest.mark.parametrize("seed", sorted(JAVA_DEALS))
def test_deals_match_what_java_deals(seed: int) -> None:
    assert " ".join(str(c) for c in deal(seed)) == JAVA_DEALS[seed]


def test_deals_are_distinct_permutations_seed_by_seed() -> None:
    packs = [tuple(deal(CONTEST_SEED + i, 52)) for i in range(20)]
    assert all(len(set(pack)) == 52 for pack in packs)
    assert len(set(packs)) == 20
    assert deal(CONTEST_SEED, 25) == list(packs[0][:25])


def test_replayed_history_deals_the_framework_cards_in_order() -> None:
    # PP-1: the recorded pack is shuffled and cut; the cut must bring the framework's top card up
    game = parlour.make("poker-patience", grid="fixed", scoring="american")
    state = game.replay(history(CONTEST_SEED + 3))
    laid = []
    while not state.is_over:
        laid.append(state.observation(0)["card"])
        state.apply(state.legal_actions()[0])
    assert laid == [str(c) for c in deal(CONTEST_SEED + 3)]
    assert game.replay(game.record(state)["history"]).payoffs() == state.payoffs()


def test_a_tampered_history_is_refused_naming_the_rule() -> None:
    game = parlour.make("poker-patience")
    record = history(CONTEST_SEED)
    record[0]["outcome"] = record[0]["outcome"][:-1] + record[0]["outcome"][:1]
    with pytest.raises(IllegalAction, match="PP-1"):
        game.replay(record)
