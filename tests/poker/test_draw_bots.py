"""Bots for Draw Poker and Jack-Pots: legal play, and the book's advice (A-1, A-2)."""

from __future__ import annotations

import pytest

import parlour
from parlour import bots
from tests.poker.test_draw_support import play, stacked


@pytest.mark.parametrize("name", ["draw-poker", "jackpots"])
def test_book_and_random_bots_play_whole_deals_and_book_wins_over_many(name):
    game = parlour.make(name, players=4)
    total = [0.0] * 4
    for seed in range(80):
        state = game.new_state(seed=seed)
        players = [bots.make("book" if i % 2 == 0 else "random", game, seed=seed + i)
                   for i in range(4)]  # fmt: skip
        while not state.is_over:
            seat = state.to_move
            state.apply(players[seat].choose(state.observation(seat), state.legal_actions()))
        total = [t + p for t, p in zip(total, state.payoffs(), strict=True)]
    assert total[0] + total[2] > total[1] + total[3]


@pytest.mark.rule("A-1")
def test_A1_the_age_makes_good_when_several_came_in_and_nobody_raised():
    game = parlour.make("draw-poker", players=4, dealer=3)
    state = stacked(game, {0: "2c 5d 8h Ts Kc"})  # the Age holds nothing
    play(state, "call", "call", "call")
    book = bots.make("book", game, seed=1)
    assert str(book.choose(state.observation(0), state.legal_actions())) == "call"


@pytest.mark.rule("A-2")
def test_A2_book_draws_keep_the_pair_and_throw_the_odd_card_of_fours():
    game = parlour.make("draw-poker", players=2, dealer=1)
    book = bots.make("book", game, seed=3)
    state = stacked(game, {0: "9c 9d 9h 9s 3c", 1: "Qc Qd 7h 5s 2c"})
    play(state, "call", "call")
    assert str(book.choose(state.observation(0), state.legal_actions())) == "draw 3c"
    play(state, "draw 3c")
    choice = str(book.choose(state.observation(1), state.legal_actions()))
    assert choice == "draw 7h 5s 2c"
