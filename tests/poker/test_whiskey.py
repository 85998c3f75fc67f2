"""Whiskey Poker (catalogue V-4..V-7, R7): stacked deals, every preset, the contract."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import parlour
from parlour.cards import parse_cards
from parlour.game import GameOptionError, IllegalAction
from parlour.poker.play_others import render_whiskey
from parlour.poker.whiskey import PRESETS
from parlour.testing import check_contract, play_random

# three players, dealer 0: each round goes seat 1, seat 2, the widow, then the dealer (R7.2)
AGE = "2c 7d 9h Js 4c"  # seat 1: nothing
MID = "Ah Ad Kc Ks 3d"  # seat 2: two pairs
WIDOW = "Qh Qd Qc 5s 6h"  # threes
DEALER = "8c 8d Th 2h 3s"  # seat 0: a pair of eights


def deal_order(*hands: str) -> list[int]:
    """Interleave five-card hands into the pack's top cards, round by round."""
    split = [parse_cards(h) for h in hands]
    return [int(h[r]) for r in range(5) for h in split]


def stacked(top: list[int], actions=(), more_shuffles=(), **options):
    game = parlour.make("whiskey-poker", players=options.pop("players", 3), **options)
    history = []
    for i, cards in enumerate([top, *more_shuffles], 1):
        rest = [int(c) for c in game.pack.cards if int(c) not in cards]
        history.append({"chance": f"shuffle {i}", "outcome": [*cards, *rest]})
    history += [{"action": a} for a in actions]
    return game.replay(history)


def standard(actions=(), **options):
    return stacked(deal_order(AGE, MID, WIDOW, DEALER), actions, **options)


@pytest.mark.rule("V-4")
def test_V4_widow_dealt_face_down_just_before_the_dealer():
    """V-4, R7.2: an extra hand, the widow, face down; dealt to just before the dealer."""
    state = standard()
    assert [str(c) for c in state.widow] == WIDOW.split()
    assert [str(c) for c in state.hands[0]] == DEALER.split()
    assert [str(c) for c in state.hands[1]] == AGE.split()
    for seat in range(3):
        obs = state.observation(seat)
        assert obs["widow"] is None and not obs["widow_face_up"]
        assert "Qh" not in json.dumps(obs)  # nobody sees the widow
    assert state.to_move == 1  # S3's "first bettor" chooses first: the age (R7.3, FCH)


@pytest.mark.rule("V-5")
def test_V5_taking_the_widow_lays_the_hand_face_up_in_its_place():
    """V-5: the first player takes the widow and his own hand lies face up as the new widow."""
    state = standard(["take-widow"])
    assert [str(c) for c in state.hands[1]] == WIDOW.split()
    for seat in (0, 2):
        obs = state.observation(seat)
        assert obs["widow"] == AGE.split() and obs["widow_face_up"]
        assert "Qh" not in json.dumps(obs)  # the taker does not show what he took
    assert state.observation(1)["hand"] == WIDOW.split()


@pytest.mark.rule("V-5")
def test_V5_passing_leaves_the_choice_to_the_next_and_no_knock_before_the_widow():
    """V-5: pass, and the next player has the choice; S3 names no knock before the widow."""
    state = standard(["pass"])
    assert state.to_move == 2 and [str(a) for a in state.legal_actions()] == ["take-widow", "pass"]
    with pytest.raises(IllegalAction, match="V-5"):
        state.apply("knock")
    assert state.to_move == 2
    fch = standard(["pass"], preset="FCH")
    assert "knock" in [str(a) for a in fch.legal_actions()]  # R7.3, Foster
    with pytest.raises(IllegalAction, match="'knock now' is not an action: knock is said alone"):
        fch.apply("knock now")  # where a knock is legal, words after it are no V-5 matter


@pytest.mark.rule("V-5")
def test_V5_R7_5_dealer_must_take_or_turn_the_widow_when_all_pass():
    """R7.5: nobody took the widow by the dealer's turn: he takes it or turns it face up."""
    state = standard(["pass", "pass"])
    assert state.to_move == 0
    assert [str(a) for a in state.legal_actions()] == ["take-widow", "turn-widow"]
    with pytest.raises(IllegalAction, match=r"R7\.5"):
        state.apply("pass")
    state.apply("turn-widow")
    assert state.observation(1)["widow"] == WIDOW.split() and state.to_move == 1
    assert state.hands[0] == parse_cards(DEALER)


@pytest.mark.parametrize("preset", ["FCH", "BIC"])
def test_R7_5_a_knock_before_the_widow_is_taken_does_not_excuse_the_dealer(preset):
    """R7.5 with R7.3's knock before the widow (FCH, BIC): the obliged dealer may neither knock
    instead of taking or turning it, nor pass after another's knock; the widow comes up."""
    game = parlour.make("whiskey-poker", players=3, preset=preset)
    state = game.new_state(seed=1)
    state.apply("pass")
    state.apply("pass")
    assert state.to_move == state.dealer
    assert [str(a) for a in state.legal_actions()] == ["take-widow", "turn-widow"]
    with pytest.raises(IllegalAction, match=r"R7\.5"):
        state.apply("knock")
    state = game.new_state(seed=1)
    state.apply("knock")
    state.apply("pass")
    assert state.to_move == state.dealer and "pass" not in state.legal_actions()
    with pytest.raises(IllegalAction, match=r"R7\.5"):
        state.apply("pass")
    state.apply("turn-widow")
    assert state.widow_up and state.is_over  # the knock round ends with the dealer


@pytest.mark.rule("V-6")
def test_V6_exchange_one_card_the_whole_hand_or_knock():
    """V-6: with the widow face up: exchange one card, exchange the whole hand, or knock."""
    state = standard(["take-widow"])
    legal = [str(a) for a in state.legal_actions()]
    assert "exchange 3d Js" in legal and "swap-all" in legal and "knock" in legal
    assert "pass" not in legal and len(legal) == 25 + 2
    with pytest.raises(IllegalAction, match="V-6"):
        state.apply("pass")
    with pytest.raises(IllegalAction, match="V-6"):
        state.apply("exchange Qh 2c")  # Qh is not seat 2's
    state.apply("exchange 3d js")  # parsed back to canonical text
    assert state.log[-1]["action"] == "exchange 3d Js"
    assert [str(c) for c in state.hands[2]] == ["Ah", "Ad", "Kc", "Ks", "Js"]
    assert [str(c) for c in state.widow] == ["2c", "7d", "9h", "3d", "4c"]
    assert state.observation(0)["known"][2] == ["Js"]  # what everyone saw him take
    state.apply("swap-all")  # the dealer takes the whole widow
    assert [str(c) for c in state.hands[0]] == ["2c", "7d", "9h", "3d", "4c"]
    assert state.observation(1)["widow"] == DEALER.split()


@pytest.mark.rule("V-6")
def test_V6_R7_4_passing_option_never_twice_in_a_row():
    """R7.4 (BIC): with passing allowed after the widow is taken, not at two turns running."""
    state = standard(["take-widow", "pass", "pass", "exchange Qh 2c"], preset="BIC")
    assert state.to_move == 2
    with pytest.raises(IllegalAction, match=r"R7\.4"):
        state.apply("pass")


@pytest.mark.rule("V-7")
def test_V7_after_a_knock_every_other_player_has_one_turn_then_best_hand_wins():
    """V-7: after the knock each other player in turn may exchange once; then the show;
    by the agreement "best-wins" (R7.1) the best hand takes the pool of antes."""
    state = standard(["take-widow", "exchange 3d Js", "knock"], preset="best-wins")
    assert state.knocker == 0 and state.to_move == 1
    assert "knock" not in [str(a) for a in state.legal_actions()]
    state.apply("pass")  # seat 1 stands on his threes
    assert state.to_move == 2
    state.apply("exchange Ks 2c")
    assert state.is_over and state.to_move is None
    assert state.results[-1]["best"] == [1]
    assert state.payoffs() == [-1.0, 2.0, -1.0]
    shown = state.observation(2)["results"][-1]["hands"]
    assert shown["1"] == WIDOW.split()  # all hands are shown at the end


@pytest.mark.rule("V-7")
def test_V7_poorest_hand_pays_a_chip_to_the_pool():
    """V-7: by agreement the poorest hand pays a chip to the pool (no antes)."""
    state = standard(["take-widow", "knock", "pass", "pass"], settlement="poorest-pays")
    # seat 1 took the threes, seat 2 knocked on two pairs, the dealer has a pair of eights
    assert state.is_over and state.results[-1]["poorest"] == [0]
    assert state.payoffs() == [-1.0, 0.0, 0.0] and state.kitty == 1


@pytest.mark.rule("V-7")
@pytest.mark.parametrize("preset", [None, "S3", "betting"])
def test_V7_by_default_the_betting_begins_after_the_knock_round(preset):
    """V-7 (S3): "If he knocks every other player in turn may exchange one card or his whole
    hand, and the betting then begins": by default a betting interval from the age after the
    knock round (the best hand or the poorest settling it are agreements, presets)."""
    state = standard(["take-widow", "knock", "pass", "pass"], preset=preset)
    assert state.game.rules.settlement == "betting"
    assert not state.is_over and state.to_move == 1
    assert [str(a) for a in state.legal_actions()][:3] == ["fold", "bet 1", "bet 2"]
    state.apply("bet 2").apply("fold").apply("fold")
    assert state.is_over and state.payoffs() == [-1.0, 2.0, -1.0]
    assert state.results[-1].get("uncalled") and "hands" not in state.results[-1]


@pytest.mark.rule("V-7")
@pytest.mark.rule("W-11")
def test_V7_W11_a_called_bet_shows_the_hands_in_the_call():
    """V-7's betting as at Draw Poker: when the bet is called the hands of the caller and the
    called are shown (W-11) and the stronger takes the pool; a hand thrown down is not."""
    state = standard(["take-widow", "knock", "pass", "pass", "bet 1", "call", "fold"])
    # seat 1 took the threes, seat 2 knocked on two pairs, the dealer threw down his eights
    assert state.is_over and state.results[-1]["best"] == [1]
    assert state.results[-1]["hands"] == {"1": WIDOW.split(), "2": MID.split()}
    assert state.payoffs() == [-1.0, 3.0, -2.0]


@pytest.mark.rule("V-7")
def test_V7_lives_game_poorest_loses_a_life_last_survivor_wins():
    """R7.7, V-7: the "lives" game: the poorest hand loses a life; the last survivor wins."""
    game = parlour.make("whiskey-poker", players=3, settlement="lives", lives=2)
    for seed in range(4):
        state = play_random(game, seed)
        lives = [2, 2, 2]
        for result in state.results:
            for seat in result["poorest"]:
                if len(result["poorest"]) < sum(1 for x in lives if x > 0):
                    lives[seat] -= 1
            assert result["lives"] == lives
        survivors = [s for s in range(3) if lives[s] > 0]
        assert len(survivors) == 1
        assert state.payoffs()[survivors[0]] == 2.0 and sum(state.payoffs()) == 0


@pytest.mark.rule("C-3")
def test_C3_pack_by_players_and_too_small_a_pack_is_refused():
    """C-3: more than seven players use the 60-card pack; a pack too small is refused."""
    assert parlour.make("whiskey-poker", players=7).pack.size == 52
    assert parlour.make("whiskey-poker", players=8).pack.size == 60
    with pytest.raises(GameOptionError, match="C-3"):
        parlour.make("whiskey-poker", players=10, pack=52)  # eleven hands with the widow
    with pytest.raises(GameOptionError, match="C-5"):
        parlour.make("whiskey-poker", players=2, pack=20)


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_preset_passes_the_contract_and_plays_to_the_end(preset):
    players = 2 if preset == "lives" else 4
    game = parlour.make("whiskey-poker", players=players, preset=preset)
    assert check_contract(game, seeds=range(2), probe_every=2, hidden_every=3) > 0
    state = play_random(game, 11)
    assert state.is_over and len(state.results) >= 1


def test_contract_with_many_players_and_the_joker():
    """C-3, C-4: eight players get the 60-card pack, here with the wild Joker."""
    game = parlour.make("whiskey-poker", players=8, joker="wild")
    assert game.pack.size == 61
    check_contract(game, seeds=range(1), probe_every=4, hidden_every=4)


def test_resample_keeps_what_the_seat_saw_and_redraws_the_rest():
    state = standard(["take-widow", "exchange 3d Js"])
    other = state.resample_hidden(0, random.Random(3))
    assert other.observation(0) == state.observation(0)
    assert Js_in(other.hands[2]) and other.hands[1] != state.hands[1]
    replayed = other.game.replay(other.history)  # the record was re-drawn too
    assert (replayed.hands, replayed.stock) == (other.hands, other.stock)


def Js_in(cards) -> bool:
    return parse_cards("Js")[0] in cards


@settings(max_examples=25, deadline=None)
@given(
    players=st.integers(2, 6),
    settlement=st.sampled_from(["best-wins", "betting", "poorest-pays", "lives"]),
    joker=st.sampled_from(["none", "wild", "bug"]),
    flags=st.tuples(st.booleans(), st.booleans(), st.booleans()),
    ante=st.integers(0, 3),
    seed=st.integers(0, 10_000),
)
def test_chips_are_conserved_under_random_options(players, settlement, joker, flags, ante, seed):
    """Whatever the options, the chips that change hands sum to zero (the forfeits of
    "poorest-pays" go to the pool, the kitty)."""
    knock, passing, consecutive = flags
    game = parlour.make(
        "whiskey-poker", players=players, settlement=settlement, joker=joker, ante=ante,
        knock_before_taken=knock, pass_after_taken=passing, no_consecutive_pass=consecutive,
        lives=1, dealer=seed % players,
    )  # fmt: skip
    state = play_random(game, seed)
    assert sum(state.payoffs()) + state.kitty == 0
    again = game.replay(json.loads(json.dumps(state.history)))
    assert again.payoffs() == state.payoffs()
    assert parlour.make("whiskey-poker", **game.options()).options() == game.options()


@pytest.mark.rule("V-7")
def test_V7_after_a_knock_the_others_may_still_exchange_the_whole_hand():
    """V-7: after a knock "every other player in turn may exchange one card or his whole
    hand": swap-all stays on offer, and it is taken."""
    state = standard(["take-widow", "exchange 3d Js", "knock"])
    assert "swap-all" in state.legal_actions()
    seat, widow = state.to_move, [str(c) for c in state.widow]
    state.apply("swap-all")
    assert [str(c) for c in state.hands[seat]] == widow


def test_whiskey_words_are_read_in_any_case_as_its_bets_are():
    """'PASS' or ' Take-Widow ' is the action 'pass' or 'take-widow' (recorded canonically),
    as 'FOLD' is 'fold' in the betting of the same game."""
    state = parlour.make("whiskey-poker", players=3).new_state(seed=1)
    state.apply("PASS")
    state.apply(" Take-Widow ")
    assert [e["action"] for e in state.history[-2:]] == ["pass", "take-widow"]


# -- rule changes a mutation run found unguarded
EQ1, EQ2, EQ0 = "2c 4d 7h 9s Jc", "2d 4h 7s 9c Jd", "2h 4s 7c 9d Jh"  # equal hands
KNOCKED = ["pass", "pass", "turn-widow", "knock", "pass", "pass"]


@pytest.mark.rule("V-7")
def test_V7_no_second_knock_before_the_widow_is_taken():
    state = standard(["knock"], preset="FCH")
    assert state.to_move == 2 and "knock" not in [str(a) for a in state.legal_actions()]
    with pytest.raises(IllegalAction):
        state.apply("knock")


@pytest.mark.rule("V-7")
def test_V7_the_poorest_pay_each_if_tied_and_equal_hands_all_keep_their_lives():
    tied = stacked(deal_order(EQ1, EQ2, WIDOW, DEALER), KNOCKED, settlement="poorest-pays")
    assert tied.is_over and tied.results[-1]["poorest"] == [1, 2]
    assert tied.paid == [0, 1, 1] and tied.kitty == 2
    top = deal_order(EQ1, EQ2, WIDOW, EQ0)
    equal = stacked(top, KNOCKED, more_shuffles=[top], settlement="lives", lives=2)
    assert equal.results[0]["poorest"] == [0, 1, 2] and equal.results[0]["lives"] == [2, 2, 2]
    assert equal.alive == [True, True, True]


@pytest.mark.rule("W-1")
def test_W1_in_the_lives_game_the_deal_passes_to_the_left():
    top = deal_order(AGE, MID, WIDOW, DEALER)
    state = stacked(top, KNOCKED, more_shuffles=[top], settlement="lives", lives=2)
    assert state.results[0]["poorest"] == [1] and state.results[0]["lives"] == [2, 1, 2]
    assert state.dealer == 1 and state.deal_no == 2 and state.to_move == 2


@pytest.mark.rule("V-6")
@pytest.mark.rule("V-7")
def test_V6_V7_play_ends_only_on_a_knock_unless_the_table_agrees_a_number_of_rounds():
    """V-6, V-7 (S3): play ends after a knock; a table where nobody knocks plays on (the
    seed's game).  ``rounds=N``, an agreement not from the seeds, ends play once every player
    has had N turns with the widow face up and no knock, and the settlement follows."""
    endless = standard(["take-widow"] + ["swap-all"] * 300)
    assert not endless.is_over and "knock" in endless.legal_actions()
    state = standard(["take-widow"] + ["swap-all"] * 5, rounds=2, settlement="best-wins")
    assert not state.is_over and state.to_move == 1  # seats 2, 0, 1, 2, 0 have had a turn
    state.apply("swap-all")  # seat 1's second turn with the widow up: two rounds
    assert state.is_over and state.observation(0)["ended_without_knock"]
    assert state.results[-1]["best"] == [2]  # the settlement as after a knock (V-7)
    assert "Nobody knocked" in render_whiskey(state.observation(0), 0).plain
    betting = standard(["take-widow"] + ["swap-all"] * 6, rounds=2)
    assert not betting.is_over and betting.to_move == 1  # V-7's betting begins
    assert [str(a) for a in betting.legal_actions()][:2] == ["fold", "bet 1"]
    knocked = standard(["take-widow", "knock", "swap-all", "swap-all"], rounds=1)
    assert not knocked.observation(0)["ended_without_knock"]  # a knock's end is not the cap
    with pytest.raises(GameOptionError, match="rounds"):
        parlour.make("whiskey-poker", players=3, rounds=-1)


@pytest.mark.rule("V-6")
def test_V5_V6_an_answer_that_is_no_action_is_told_what_the_turn_allows():
    """V-5, V-6, V-7: a word that is no Whiskey Poker action was refused with the first
    dozen exchanges and '...', never the knock, the whole hand or the rule; it is now told
    what this turn allows, as Draw Poker tells its turns ("'xyz' is not an action now; ...")."""
    state = standard()
    with pytest.raises(IllegalAction, match=r"^'xyz' is not an action now; V-5: 'take-widow' "
                                            r"or 'pass'$"):  # fmt: skip
        state.apply("xyz")
    state.apply("take-widow")
    with pytest.raises(IllegalAction) as refused:
        state.apply("draw 2c")
    assert str(refused.value) == (
        "'draw 2c' is not an action now; V-6: 'exchange <yours> <the widow's>' (e.g. "
        "'exchange Ah 2c'), 'swap-all' or 'knock'"
    )
    state.apply("knock")
    with pytest.raises(IllegalAction, match=r"V-7: .*'swap-all' or 'pass'$"):
        state.apply("bet 2")
    # a knock before the widow is taken leaves V-5's choice, and the dealer's turn R7.5's
    early = parlour.make("whiskey-poker", players=3, knock_before_taken=True).new_state(seed=1)
    early.apply("knock")
    with pytest.raises(IllegalAction, match=r"^'xyz' is not an action now; V-5: 'take-widow' "
                                            r"or 'pass'$"):  # fmt: skip
        early.apply("xyz")  # it said V-7, the exchanges after a knock
    dealer = parlour.make("whiskey-poker", players=3).new_state(seed=1)
    while "turn-widow" not in dealer.legal_actions():
        dealer.apply("pass")
    with pytest.raises(IllegalAction, match=r"; V-5, R7.5: 'take-widow' or 'turn-widow'$"):
        dealer.apply("xyz")


@pytest.mark.rule("H-7")
@pytest.mark.rule("H-12")
def test_H12_equal_best_hands_divide_the_pool_the_odd_chip_nearest_the_dealers_left():
    """H-7, H-12: seat 1 takes the widow's nine-high straight, seat 2 knocks on his own; the
    two equal straights divide the pool of 3 antes (best-wins, R7.7): the odd chip to seat 1,
    nearest the dealer's left (R2.5).  No Whiskey Poker test had a tie: the whole pool to
    one winner passed them all."""
    top = deal_order("2c 4d Jh Ks 3d", "9h 8c 7d 6s 5h", "9s 8d 7c 6h 5s", "Ac Qd Tc 4h 2d")
    state = stacked(top, ["take-widow", "knock", "pass", "pass"], settlement="best-wins")
    assert state.is_over and sorted(state.results[-1]["best"]) == [1, 2]
    assert state.won == [0, 2, 1] and state.payoffs() == [-1.0, 1.0, 0.0]
