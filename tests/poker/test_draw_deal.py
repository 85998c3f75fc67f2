"""Draw Poker: the deal, the draw and the show (W-2..W-13, H-12) on stacked packs."""

from __future__ import annotations

import json
import random

import pytest

import parlour
from parlour.cards import PACKS, Card, parse_cards
from parlour.game import GameOptionError, IllegalAction, load_record
from parlour.poker.sitting import Sitting, SittingRules
from tests.poker.test_draw_support import cards, hand, play, stacked


@pytest.mark.rule("W-2")
def test_W2_five_cards_each_one_at_a_time_from_the_dealers_left_last_to_himself():
    game = parlour.make("draw-poker", players=3, dealer=1)
    state = game.replay([{"chance": "shuffle",
                          "outcome": [int(c) for c in parse_cards(
                              "As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s Ah Kh")]
                          + [int(c) for c in PACKS[52].cards if c not in parse_cards(
                              "As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s Ah Kh")]}])  # fmt: skip
    # card 1 to seat 2 (the Age), 2 to seat 0, 3 to seat 1 (the dealer), and round again
    assert hand(state, 2) == cards("As Js 8s 5s 2s")
    assert hand(state, 0) == cards("Ks Ts 7s 4s Ah")
    assert hand(state, 1) == cards("Qs 9s 6s 3s Kh")


@pytest.mark.rule("W-3")
@pytest.mark.rule("W-5")
def test_W3_W5_draw_in_turn_from_the_dealers_left_dealer_last_from_the_top():
    game = parlour.make("draw-poker", players=3, dealer=2)
    state = stacked(game, {0: "Ah Ad 7c 5s 2d", 1: "Kh Kd 9c 8s 3d", 2: "Qh Qd Tc 6s 4d"},
                    stock="Jc Jd Jh 9h 8h 7h")  # fmt: skip
    play(state, "call", "call", "call")  # seats 1, 2 come in; the Age (0) makes good
    assert state.phase == "draw" and state.to_move == 0
    play(state, "draw 7c 5s 2d")
    assert hand(state, 0) == cards("Ah Ad Jc Jd Jh")
    assert state.to_move == 1
    play(state, "draw 3d")
    assert hand(state, 1) == cards("Kh Kd 9c 8s 9h")
    assert state.to_move == 2  # the dealer helps himself last
    play(state, "pat")
    assert hand(state, 2) == cards("Qh Qd Tc 6s 4d")
    assert state.phase == "bet2" and state.counts == [3, 1, 0]


def test_every_view_counts_the_whole_stock_not_only_the_cards_recorded_of_it():
    """The record keeps only the top 10 x players + 1 cards of a shuffle (C-6); the view
    counted those as the stock: 11 cards left of 52 at two players, where 42 are."""
    drew = 0
    for players in range(2, 8):
        state = parlour.make("draw-poker", players=players).new_state(seed=players)
        assert state.observation(1)["stock"] == 52 - 5 * players
        while state.phase != "bet2" and not state.is_over:  # all come in, each draws one
            legal = {str(a): a for a in state.legal_actions()}
            state.apply(legal.get("call") or next(a for t, a in legal.items() if "draw" in t))
        if state.phase == "bet2":
            drawn = sum(len(d) for d in state.drawn)
            assert state.observation(0)["stock"] == 52 - 5 * players - drawn
            drew += drawn > 0
    assert drew >= 5


@pytest.mark.rule("W-3")
@pytest.mark.rule("W-7")
def test_W3_W7_discarding_cards_not_held_or_too_many_is_refused():
    game = parlour.make("draw-poker", players=2, max_draw=3)
    state = stacked(game, {1: "Ah Ad 7c 5s 2d"})
    play(state, "call", "call")
    assert state.to_move == 1
    with pytest.raises(IllegalAction, match="does not hold Kc"):
        state.apply("draw Kc")
    with pytest.raises(IllegalAction, match="more than 3"):
        state.apply("draw 7c 5s 2d Ad")
    assert len(state.legal_actions()) == 1 + 5 + 10 + 10


@pytest.mark.rule("W-3")
@pytest.mark.rule("C-3")
@pytest.mark.rule("C-4")
def test_W3_a_card_badly_written_is_refused_naming_only_the_packs_ranks_and_joker():
    """W-3 'draw 3' in a 52-card game with no Joker was answered with the ranks of every
    pack, 11s and 12s (E, W: C-3's 60-card pack) among them, "or Jk for the Joker" (C-4's
    Joker not in use); the answer names the ranks of the pack in play, and its Joker."""
    for options, ranks, joker in (
        ({}, "ranks 2 3 4 5 6 7 8 9 T J Q K A, suits", False),
        ({"pack": 60, "joker": "wild"}, "ranks 2 3 4 5 6 7 8 9 T E W J Q K A (E = 11, W = 12)",
         True),
    ):  # fmt: skip
        state = stacked(parlour.make("draw-poker", players=2, **options), {1: "Ah Ad 7c 5s 2d"})
        play(state, "call", "call")
        with pytest.raises(IllegalAction, match="W-3: unknown card '3'") as refused:
            state.apply("draw 3")
        assert ranks in str(refused.value) and ("Jk" in str(refused.value)) == joker


@pytest.mark.rule("W-4")
def test_W4_draw_counts_are_public_during_the_draw_and_hidden_after_as_an_option():
    game = parlour.make("draw-poker", players=2, counts_after_draw=False)
    state = stacked(game, {0: "Ah Ad 7c 5s 2d", 1: "Kh Kd 9c 8s 3d"})
    play(state, "call", "call", "draw 9c 8s 3d")
    assert state.observation(0)["draws"] == [None, 3]  # announced so all can hear
    assert [1, "draws 3"] in state.observation(0)["log"]
    play(state, "pat")
    assert state.observation(0)["draws"] == [0, None]  # the question may not be asked again
    assert [1, "drew"] in state.observation(0)["log"]
    shown = parlour.make("draw-poker", players=2)
    state = stacked(shown, {0: "Ah Ad 7c 5s 2d", 1: "Kh Kd 9c 8s 3d"})
    play(state, "call", "call", "draw 9c 8s 3d", "pat")
    assert state.observation(0)["draws"] == [0, 3]


@pytest.mark.rule("W-6")
def test_W6_no_card_is_faced_in_the_draw_only_its_receiver_sees_it():
    game = parlour.make("draw-poker", players=2)
    state = stacked(game, {1: "Ah Ad 7c 5s 2d"}, stock="Kc Qc Jc")
    play(state, "call", "call", "draw 7c 5s 2d")
    assert "Kc" in state.observation(1)["hand"]
    assert "Kc" not in str(state.observation(0))


@pytest.mark.rule("W-8")
@pytest.mark.rule("C-3")
def test_W8_ten_players_on_the_60_card_pack_the_stock_runs_out_card_by_card():
    game = parlour.make("draw-poker", players=10, pack=60, dealer=9)
    hands = {
        0: "Ah Ad Ed Wd 2d",
        1: "Kh Kd Eh Wh 3d",
        2: "Qh Qd Es Ws 4d",
        3: "Jh Jd 9d 8d 5d",
        9: "Th Td 9h 8h 7d",
    }
    stock = "2c 3c 4c 5c 6c 7c 8c 9c Tc Ec"
    pile = sorted(int(c) for c in parse_cards(
        "Ec Th Td 9h 8h 7d Ed Wd 2d Eh Wh 3d Es Ws 4d"))  # fmt: skip
    new_stock = pile[::-1]  # the "shuffled and cut" order, top first
    state = stacked(game, hands, stock, more=[{"chance": "reshuffle", "outcome": new_stock}])
    play(state, *["call"] * 8, "fold", "call")  # seats 1..8 come in, 9 drops, the Age makes good
    assert state.phase == "draw" and state.to_move == 0
    play(state, "draw Ed Wd 2d")
    assert hand(state, 0) == cards("Ah Ad 2c 3c 4c")
    play(state, "draw Eh Wh 3d")
    assert hand(state, 1) == cards("Kh Kd 5c 6c 7c")
    play(state, "draw Es Ws 4d")
    assert hand(state, 2) == cards("Qh Qd 8c 9c Tc")
    assert len(state.stock) == 1  # Ec: the last card is not dealt
    play(state, "draw 9d 8d 5d")
    # Ec, the abandoned hand of seat 9 and the discards of seats 0-2 were shuffled: seat 3's
    # own throw-outs stay out (W-7) as do the discards of those still waiting
    assert state.history[-2]["action"] == "draw 9d 8d 5d"
    assert state.history[-1] == {"chance": "reshuffle", "outcome": new_stock}
    got = [Card(c) for c in new_stock[:3]]
    assert hand(state, 3) == cards("Jh Jd " + " ".join(str(c) for c in got))
    assert not set(parse_cards("9d 8d 5d")) & set(parse_cards(hand(state, 3)))
    assert len(state.stock) == 15 - 3
    assert any("reshuffled" in text for _, text in state.observation(5)["log"])
    for seat in range(4, 9):
        assert state.to_move == seat
        play(state, "pat")
    assert state.phase == "bet2"
    replayed = game.replay(state.history)
    assert replayed.observation(3) == state.observation(3)


@pytest.mark.rule("C-3")
@pytest.mark.parametrize("name", ["draw-poker", "jackpots"])
def test_C3_more_than_seven_players_are_dealt_the_60_card_pack_unless_a_pack_is_named(name):
    assert parlour.make(name, players=7).rules.pack == 52
    assert parlour.make(name, players=8, pack=52).rules.pack == 52  # a named pack stands
    game = parlour.make(name, players=8)
    assert game.rules.pack == 60 and game.options()["pack"] == 60  # the record names it
    state = game.new_state(seed=4)
    dealt = state.history[0]["outcome"]
    assert len(set(dealt)) == len(dealt) == 60 and max(dealt) >= 52  # the 11s and 12s
    assert len(state.stock) == 60 - 40
    while not state.is_over:
        legal = [str(a) for a in state.legal_actions()]
        state.apply(next((t for t in ("call", "open 1", "bet 1", "pat") if t in legal), legal[0]))
    assert sum(state.payoffs()) == 0
    _, again, _ = load_record(json.dumps(game.record(state)))
    assert again.rules.pack == 60 and again.observation(3) == state.observation(3)
    sitting = Sitting([f"P{i}" for i in range(8)], SittingRules(game=name), seed=1)
    assert sitting.start_deal().rules.pack == 60


@pytest.mark.rule("W-8")
def test_W8_drawing_more_than_the_stock_and_reshuffle_allow_is_refused():
    game = parlour.make("draw-poker", players=10, pack=52, dealer=9)
    state = game.new_state(seed=11)
    play(state, *["fold"] * 8, "call", "call")  # 1..8 drop; 9 comes in; the Age makes good
    assert state.phase == "draw"
    assert state._available() == 2 + 40  # the stock and the abandoned hands
    state = game.new_state(seed=11)
    play(state, *["call"] * 10)
    # two cards in the stock: the top one, and the last, which goes into a new stock of its own
    assert state._available() == 2
    assert max(len(d) for d in state.legal_actions()) == 2
    with pytest.raises(IllegalAction, match="W-8"):
        state.apply("draw " + " ".join(hand(state, 0).split()[:3]))


@pytest.mark.rule("W-8")
def test_W8_the_last_card_is_not_dealt_from_the_stock_it_goes_into_the_new_stock():
    game = parlour.make("draw-poker", players=10, pack=52, dealer=9)
    new_stock = [int(c) for c in parse_cards("Jc 7c")]  # shuffled and cut, top first
    state = stacked(game, {0: "Ah Ad 7c 5s 2d", 1: "Kh Kd 9c 8s 3d"}, stock="Qc Jc",
                    more=[{"chance": "reshuffle", "outcome": new_stock}])  # fmt: skip
    play(state, *["call"] * 10)
    play(state, "draw 7c")
    assert hand(state, 0) == cards("Ah Ad Qc 5s 2d") and len(state.stock) == 1  # Jc stays
    # seat 1 may have two: Jc, placed among the discards (the Age's 7c), and the 7c
    assert max(len(d) for d in state.legal_actions()) == 2
    play(state, "draw 9c 8s")
    assert state.history[-1] == {"chance": "reshuffle", "outcome": new_stock}
    assert hand(state, 1) == cards("Kh Kd Jc 7c 3d") and state.stock == []
    play(state, *["pat"] * 8)
    play(state, "bet 1", *["fold"] * 8, "call")  # the Age calls: aces against kings
    assert state.is_over and state.outcome == "showdown"
    assert state.won == [22] + [0] * 9 and sum(state.payoffs()) == 0
    _, again, _ = load_record(json.dumps(game.record(state)))
    assert again.observation(1) == state.observation(1)


@pytest.mark.rule("W-7")
def test_W7_a_discard_never_returns_to_its_hand_in_many_crowded_deals():
    game = parlour.make("draw-poker", players=9, pack=52)
    rng = random.Random(3)
    reshuffles = 0
    for seed in range(60):
        state = game.new_state(seed=seed)
        while state.phase in ("blind", "bet1"):
            state.apply("call")
        while state.phase == "draw":
            legal = state.legal_actions()
            state.apply(rng.choice(legal[len(legal) // 2 :]))
        for seat in range(9):
            thrown = set()
            for e in state.history:
                if e.get("seat") == seat and e["action"].startswith("draw"):
                    thrown = set(parse_cards(e["action"].split()[1:]))
            assert not thrown & set(parse_cards(hand(state, seat)))
        reshuffles += any(e.get("chance") == "reshuffle" for e in state.history)
    assert reshuffles > 10


@pytest.mark.rule("W-9")
def test_W9_after_the_draw_the_ages_left_speaks_first_bet_or_drop_even_if_the_age_dropped():
    game = parlour.make("draw-poker", players=4, dealer=0)
    state = game.new_state(seed=5)
    play(state, "call", "call", "call", "fold")  # seats 2, 3, 0 come in; the Age (1) drops
    play(state, "pat", "pat", "pat")
    assert state.phase == "bet2" and state.to_move == 2
    assert [str(a) for a in state.legal_actions()][:2] == ["fold", "bet 1"]
    with pytest.raises(IllegalAction, match=r"R3\.17"):
        state.apply("check")
    play(state, "fold")
    assert state.to_move == 3  # the next then bets


@pytest.mark.rule("W-9")
def test_W9_check_after_the_draw_as_an_option():
    game = parlour.make("draw-poker", players=2, check_after_draw=True)
    state = game.new_state(seed=5)
    play(state, "call", "call", "pat", "pat", "check", "check")
    assert state.is_over and state.outcome == "showdown"


@pytest.mark.rule("W-10")
def test_W10_each_drops_calls_or_raises_within_the_limit():
    game = parlour.make("draw-poker", players=3)
    state = game.new_state(seed=5)
    play(state, "call", "call", "call", "pat", "pat", "pat", "bet 2")
    assert {str(a) for a in state.legal_actions()} == {"fold", "call"} | {
        f"raise {n}" for n in range(1, 6)
    }
    with pytest.raises(IllegalAction, match="limit is 5"):
        state.apply("raise 6")


@pytest.mark.rule("W-11")
def test_W11_caller_and_called_show_complete_hands_and_the_stronger_wins():
    game = parlour.make("draw-poker", players=3, dealer=2)
    state = stacked(game, {0: "Ah Ad 7c 5s 2d", 1: "Kh Kd 9c 8s 3d", 2: "Qh Qd Tc 6s 4d"})
    play(state, "call", "fold", "call", "pat", "pat", "bet 3", "call")
    obs = state.observation(2)  # a dropped seat sees what the table saw
    assert obs["shown"] == {"0": cards("Ah Ad 7c 5s 2d"), "1": cards("Kh Kd 9c 8s 3d")}
    assert state.payoffs() == [5.0, -5.0, 0.0]
    assert obs["outcome"] == "showdown" and set(obs["hands_shown"]) == {"0", "1"}


@pytest.mark.rule("W-12")
def test_W12_an_uncalled_bet_takes_the_pool_unshown():
    game = parlour.make("draw-poker", players=3, dealer=2)
    state = stacked(game, {0: "Ah Ad 7c 5s 2d", 1: "2h 3d 9c 8s Td"})
    play(state, "call", "call", "call", "pat", "pat", "pat", "bet 2", "fold", "fold")
    assert state.is_over and state.outcome == "uncalled"
    assert state.payoffs() == [-2.0, 4.0, -2.0]
    for seat in (0, 2):
        assert state.observation(seat)["shown"] == {}
        assert "Td" not in str(state.observation(seat))


@pytest.mark.rule("W-13")
def test_W13_a_dropped_seat_sees_no_more_than_a_spectator():
    game = parlour.make("draw-poker", players=3, dealer=2)
    state = stacked(game, {0: "Ah Ad 7c 5s 2d", 1: "Kh Kd 9c 8s 3d", 2: "Qh Qd Tc 6s 4d"})
    play(state, "call", "fold", "call", "draw 7c 5s 2d")
    obs = state.observation(2)
    text = str(obs)
    for card in ("Ah", "Kh", "7c", "9c"):
        assert card not in text
    assert [0, "draws 3"] in obs["log"]


@pytest.mark.rule("H-12")
def test_H12_equal_hands_divide_the_pool_odd_chip_nearest_the_dealers_left():
    game = parlour.make("draw-poker", players=3, dealer=2)
    state = stacked(game, {1: "Ah Kd Qc Js 9d", 2: "As Kh Qd Jc 9h", 0: "2c 3d 4h 6s 8d"})
    play(state, "call", "call", "fold", "pat", "pat", "bet 1", "call")
    # pool 2 + 2 + 1 (the Age's forfeited ante) + 1 + 1 = 7: the odd chip to seat 1, nearer
    # the dealer's (seat 2's) left than seat 2 himself
    assert state.won == [0, 4, 3]
    assert state.payoffs() == [-1.0, 1.0, 0.0]


@pytest.mark.rule("C-4")
def test_C4_the_joker_option_passes_through_to_the_ranking():
    game = parlour.make("draw-poker", players=2, dealer=1, joker="wild")
    state = stacked(game, {0: "Jk 9c 9d 9h 2s", 1: "As Ad Ah Kc Kd"})
    play(state, "call", "call", "pat", "pat", "bet 1", "call")
    assert state.won == [6, 0]  # the wild Joker makes fours of nines, beating aces full
    assert "Four of a kind" in state.observation(1)["hands_shown"]["0"]


@pytest.mark.rule("W-8")
def test_W8_option_peel_everyone_yet_to_draw_discards_then_all_discards_are_shuffled():
    """R3.15 (PEEL 41), the disputed version: the waiting players' discards go in too."""
    game = parlour.make("draw-poker", players=10, pack=52, dealer=9, reshuffle="peel")
    state = game.new_state(seed=11)
    play(state, *["call"] * 10)
    assert state.phase == "draw" and len(state.stock) == 2
    first = hand(state, 0).split()
    play(state, f"draw {first[0]} {first[1]}")  # the stock cannot serve: he waits
    assert len(parse_cards(hand(state, 0))) == 3
    for seat in range(1, 10):
        cards_now = hand(state, seat).split()
        play(state, f"draw {cards_now[0]}")
    assert state.phase == "bet2"
    assert all(len(parse_cards(hand(state, s))) == 5 for s in range(10))
    assert any(e.get("chance") == "reshuffle" for e in state.history)
    assert game.replay(state.history).observation(4) == state.observation(4)


@pytest.mark.rule("C-2")
@pytest.mark.parametrize("name", ["draw-poker", "jackpots"])
def test_C2_the_stripped_pack_is_for_three_or_four_players_only(name):
    """C-2: "with 3 or 4 players the 2s and 3s are sometimes removed": not with five."""
    assert parlour.make(name, players=4, pack=44).rules.pack == 44
    with pytest.raises(GameOptionError, match="C-2"):
        parlour.make(name, players=5, pack=44)


@pytest.mark.rule("W-8")
def test_W8_what_the_stock_still_holds_is_dealt_before_the_reshuffle():
    """Ten players: the stock's last dealable cards go out first; only then are the
    discards shuffled for the rest (a mutation dealt from the reshuffle at once)."""
    game = parlour.make("draw-poker", players=10, pack=52, dealer=9)
    again = [{"chance": "reshuffle", "outcome": [int(c) for c in parse_cards("Jc")]}]
    state = stacked(game, {0: "Ah Ad 7c 5s 2d", 1: "Kh Kd 9c 8s 3d"}, stock="Qc Jc", more=again)
    play(state, *["call"] * 10, "pat", "draw 9c 8s")
    assert hand(state, 1) == cards("Kh Kd Qc Jc 3d") and state.stock == []
