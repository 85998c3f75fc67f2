"""Bots for Draw Poker and Jack-Pots: legal play, and the book's advice (A-1, A-2)."""

from __future__ import annotations

import pytest

import parlour
from parlour import bots
from parlour.cards import parse_cards
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
    # not when one alone came in, nor after a raise: then the worthless hand is thrown up
    for before in (["call", "fold", "fold"], ["raise 1", "call", "call"]):
        state = stacked(game, {0: "2c 5d 8h Ts Kc"})
        play(state, *before)
        assert str(book.choose(state.observation(0), state.legal_actions())) == "fold"


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


@pytest.mark.rule("A-2")
@pytest.mark.parametrize(
    ("joker", "hand", "draw"),
    [
        ("wild", "Jk Jc 7h 4d 2s", "draw 7h 4d 2s"),  # jacks, the Joker one of them
        ("wild", "Jk 7c 7h 4d 2s", "draw 4d 2s"),  # threes
        ("wild", "Jk 7c 7h 7d 2s", "draw 2s"),  # fours: the odd card, to mislead
        ("bug", "Jk Ac 7h 4d 2s", "draw 7h 4d 2s"),  # the bug makes a pair of aces
    ],
)
def test_A2_book_keeps_the_joker_that_makes_its_hand(joker, hand, draw):
    """C-4: the Joker is never thrown away; it draws to the pair, threes or fours it makes."""
    game = parlour.make("draw-poker", players=3, joker=joker)
    state = stacked(game, {1: hand, 2: "3c 4c 8s 9h Td", 0: "5c 6c 8h Th Qh"})
    play(state, "call", "call", "call")  # seats 2 and 0 come in, the Age makes good
    assert state.to_move == 1 and state.phase == "draw"
    choices = {str(bots.make("book", game, seed=k).choose(state.observation(1),
               state.legal_actions())) for k in range(6)}  # fmt: skip
    assert choices == {draw}


@pytest.mark.rule("C-4")
@pytest.mark.parametrize("suit", "cdhs")
def test_C4_the_bug_makes_four_to_a_flush_in_any_suit(suit):
    """C-4: the bug fills a flush (R2.8) of any suit, so ``Jk K 9 7`` of one suit with an odd
    ten is four to a flush: the book throws the ten, and the strong player weighs keeping
    those four.  The Joker's code reads as a club, so both saw the draw only in clubs."""
    ten = "Td" if suit != "d" else "Tc"
    hand = f"Jk K{suit} 9{suit} 7{suit} {ten}"
    game = parlour.make("draw-poker", players=3, joker="bug")
    state = stacked(game, {1: hand, 2: "3c 4c 8s 2h 5d", 0: "5c 6c 8h 2d Qh"})
    play(state, "call", "call", "call")
    obs, legal = state.observation(1), state.legal_actions()
    choices = {str(bots.make("book", game, seed=k).choose(obs, legal)) for k in range(6)}
    assert choices == {f"draw {ten}"}
    keeps = bots.make("strong", game, seed=0)._keeps([int(c) for c in parse_cards(hand)])
    four = sorted(int(c) for c in parse_cards(hand.replace(f" {ten}", "")))
    assert four in [sorted(k) for k in keeps]


def _choices(game, state, seat: int, seeds: int = 200) -> set[str]:
    obs, legal = state.observation(seat), state.legal_actions()
    return {
        str(bots.make("book", game, seed=k).choose(obs, legal)).split()[0] for k in range(seeds)
    }


@pytest.mark.rule("W-9")
@pytest.mark.parametrize("hand", ["Ac Ad 9h 6s 3c", "Kc Kd 9h 9s 3c", "Ah Jh 8h 6h 3h"])
def test_W9_first_to_speak_after_the_draw_bets_a_good_hand_never_drops_it(hand):
    """W-9: the first to speak must bet or drop: with jacks or better the book bets."""
    game = parlour.make("draw-poker", players=2, dealer=1)
    state = play(stacked(game, {0: "2c 4d 7h 8s Tc", 1: hand}), "call", "call", "pat", "pat")
    assert state.to_move == 1 and "check" not in {str(a) for a in state.legal_actions()}
    assert _choices(game, state, 1) == {"bet"}


@pytest.mark.rule("J-7")
@pytest.mark.parametrize(("options", "hand", "opens"), [
    ({"openers": "Q", "false_openers": "PEEL"}, "Jc Jd 7h 5s 2c", False),
    ({"openers": "T"}, "Tc Td 7h 5s 2c", True),
    ({}, "Jc Jd 7h 5s 2c", True),
])  # fmt: skip
def test_J7_the_book_opens_with_the_openers_the_deal_asks_for(options, hand, opens):
    """J-3, J-7: the book opens a Jack-Pot only with a pair as high as the deal's minimum."""
    game = parlour.make("jackpots", players=3, dealer=2, **options)
    state = stacked(game, {0: hand})
    assert _choices(game, state, 0, seeds=20) == ({"open"} if opens else {"pass"})


@pytest.mark.parametrize(("hand", "odd"), [("Ad Jd 8d 4d 9h", "9h"), ("Tc 9h 8s 7d 5d", "5d"),
                                           ("Ac 2d 3h 4s 9c", "9c")])  # fmt: skip
def test_S4_four_to_a_flush_or_straight_comes_in_and_throws_the_odd_card(hand, odd):
    """S4's advice: "four Diamonds and a Heart, you throw in the latter"; T 9 8 7 "and the Five
    of Diamonds instead of the Six, you throw in the latter" (the wheel too)."""
    game = parlour.make("draw-poker", players=2, dealer=1)
    state = stacked(game, {1: hand, 0: "2c 3d 6h Ks Qc"})
    assert _choices(game, state, 1, seeds=20) == {"call"}
    play(state, "call", "call", "pat")  # the Age (seat 0) draws first (W-5)
    assert (
        str(bots.make("book", game, seed=0).choose(state.observation(1), state.legal_actions()))
        == f"draw {odd}"
    )


@pytest.mark.rule("A-4")
def test_A4_the_book_bluffs_only_when_every_other_hand_drew_two_or_more():
    """A-4: the draw counts are a clue; a bluff only when no very strong hand is likely out."""
    game = parlour.make("draw-poker", players=2, dealer=1)

    def after(other_draw: str):
        state = stacked(game, {0: "Kc Jd 8h 5s 2c", 1: "Ac Ad Ah As Qs"},
                        stock="3d 4h 6c 7d 9s Ts Qh Kd")  # fmt: skip
        return play(state, "call", "call", "draw 8h 5s 2c", other_draw, "bet 1")

    for strong_draw in ("pat", "draw Qs"):  # made hands, or a one-card draw
        assert _choices(game, after(strong_draw), 0) == {"fold"}
    assert _choices(game, after("draw Ah As Qs"), 0) == {"fold", "raise"}


@pytest.mark.rule("H-14")
def test_H14_the_book_raises_with_a_big_tiger_where_tigers_are_played():
    """A big tiger (R2.10, placed as H-14's dog: king high, eight low, no pair) beats two
    pairs where tigers are played: the book raises with it as with two pairs, where it used
    to call it as a mere draw."""
    raised = {}
    for tigers in (True, False):
        game = parlour.make("draw-poker", players=4, dealer=3, tigers_dogs=tigers)
        state = stacked(game, {0: "Kc Jd Th 9s 8c"})
        play(state, "raise 1", "call", "call")
        raised[tigers] = {str(bots.make("book", game, seed=k).choose(state.observation(0),
                          state.legal_actions())).split()[0] for k in range(20)}  # fmt: skip
    assert "raise" in raised[True] and raised[False] == {"call"}


@pytest.mark.rule("H-15")
@pytest.mark.parametrize(
    ("option", "hand"),
    [
        ("tigers_dogs", "Kc Jd Th 9s 8c"),
        ("tigers_dogs", "Ah Kd Qs Jc 9h"),
        ("blaze", "Kc Kd Qh Js Jc"),
    ],
)
def test_H14_H15_the_book_stands_pat_on_a_tiger_a_dog_or_a_blaze(option, hand):
    """A tiger or dog (H-14, R2.10) or a blaze (H-15) beats a straight or two pairs where it
    is played; the book broke it to draw to a straight, or threw Q J J of the blaze."""
    game = parlour.make("draw-poker", players=4, dealer=3, **{option: True})
    state = stacked(game, {0: hand})
    play(state, "call", "call", "call", "call")
    while state.to_move != 0:  # the others stand pat; the Age draws last
        state.apply("pat")
    choices = {str(bots.make("book", game, seed=k).choose(state.observation(0),
               state.legal_actions())) for k in range(8)}  # fmt: skip
    assert choices == {"pat"}


def _book_choices(game, state, seat: int, seeds: int = 40) -> set[str]:
    obs, legal = state.observation(seat), state.legal_actions()
    return {str(bots.make("book", game, seed=k).choose(obs, legal)) for k in range(seeds)}


def _at_the_draw(hand: str):
    """Draw Poker, two players, dealer 1: seat 1 holds ``hand``; both come in, the Age (seat
    0) stands pat, and seat 1 is to draw."""
    game = parlour.make("draw-poker", players=2, dealer=1)
    state = play(stacked(game, {1: hand, 0: "4c 3d 6h Ks Qc"}), "call", "call", "pat")
    assert state.phase == "draw" and state.to_move == 1
    return game, state


@pytest.mark.rule("A-2")
def test_A2_book_sometimes_stands_pat_on_two_pairs_and_otherwise_throws_the_odd_card():
    """A-2: "standing pat on two pairs to suggest a made hand" -- sometimes, not always;
    otherwise the odd card goes.
    Kills draw_poker.py:146 `self.rng.random() >= 0.25` -> `>= 0.0` (never pat) and
    -> `>= 1.0` (always pat)."""
    game, state = _at_the_draw("9c 9d 7h 7s 3c")
    assert _book_choices(game, state, 1) == {"pat", "draw 3c"}


@pytest.mark.rule("A-2")
def test_A2_book_keeps_an_ace_kicker_with_a_pair_sometimes_and_no_lower_kicker():
    """A-2: with a pair the book may keep an ace as a kicker (and then throws the other two);
    a king is never kept as a kicker.
    Kills draw_poker.py:151 `... == ACE and self.rng.random() < 0.5` -> `< 0.0` (never);
    `odd[0] >> 2 == ACE` -> `odd[0] >> 2 >= JACK` (a king kept);
    :152 `odd[1:] if kicker` -> `odd[:-1] if kicker` (keeps the lowest card, not the ace);
    :141 `sorted(..., reverse=True)` -> `sorted(...)` (the "kicker" is the lowest card)."""
    game, state = _at_the_draw("9c 9d Ah 7s 3c")
    assert _book_choices(game, state, 1) == {"draw Ah 7s 3c", "draw 7s 3c"}
    game, state = _at_the_draw("9c 9d Kh 7s 3c")
    assert _book_choices(game, state, 1) == {"draw Kh 7s 3c"}


@pytest.mark.rule("W-9")
def test_W9_a_pair_of_jacks_is_jacks_or_better_and_the_book_bets_it():
    """The book "stays and bets on jacks or better": a pair of jacks itself is enough.
    Kills draw_poker.py:64 `value.ranks[0] >= JACK` -> `> JACK`."""
    game = parlour.make("draw-poker", players=2, dealer=1)
    state = play(stacked(game, {0: "2c 4d 7h 8s Tc", 1: "Jc Jd 9h 6s 3c"}),
                 "call", "call", "pat", "pat")  # fmt: skip
    assert state.to_move == 1 and "check" not in {str(a) for a in state.legal_actions()}
    assert _book_choices(game, state, 1) == {"bet 1"}


@pytest.mark.rule("J-7")
def test_J7_the_book_opens_a_jackpot_for_the_least():
    """J-3, J-7: the book opens with the openers asked for, "for the least": the smallest open.
    Kills draw_poker.py:75 `return raises[0]  # J-3` -> `return raises[-1]`."""
    game = parlour.make("jackpots", players=3, dealer=2)
    state = stacked(game, {0: "Ac Ad 7h 5s 2c"})
    assert "open 5" in {str(a) for a in state.legal_actions()}
    assert _book_choices(game, state, 0, seeds=10) == {"open 1"}


@pytest.mark.rule("A-4")
def test_A4_a_draw_count_the_table_does_not_show_counts_as_strong_so_no_bluff():
    """A-4 (the module docstring): "a count not shown counts as strong".  Where the counts are
    not told after the draw (counts_after_draw=False) the book never bluffs, even though the
    other hand in fact drew three.
    Kills draw_poker.py:107 `count is not None and count >= 2`
    -> `(count is None or count >= 2)`."""
    game = parlour.make("draw-poker", players=2, dealer=1, counts_after_draw=False)
    state = stacked(game, {0: "Kc Jd 8h 5s 2c", 1: "Ac Ad Ah As Qs"},
                    stock="3d 4h 6c 7d 9s Ts Qh Kd")  # fmt: skip
    play(state, "call", "call", "draw 8h 5s 2c", "draw Ah As Qs", "bet 1")
    assert state.observation(0)["draws"][1] is None  # the count is hidden from seat 0
    assert {c.split()[0] for c in _book_choices(game, state, 0, seeds=200)} == {"fold"}
