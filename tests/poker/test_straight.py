"""Straight Poker, or Bluff (catalogue V-1, C-5; R5): the buck, passing and coming in again,
double headers, the deal to the winner, the old 20-card pack."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import parlour
from parlour import bots
from parlour.cards import parse_cards
from parlour.game import GameOptionError, IllegalAction
from parlour.poker.play_others import render_straight
from parlour.poker.straight import PRESETS
from parlour.testing import check_contract, play_random

# three players, dealer 0: cards go to seats 1, 2, 0 in turn, five rounds
S1 = "As Ad Kc Kd 2h"  # two pairs
S2 = "3c 3d 7h 8s 9c"  # a pair of threes
S0 = "Qh Jh 9d 6c 4s"  # queen high


def top_of(*hands: str) -> list[int]:
    split = [parse_cards(h) for h in hands]
    return [int(h[r]) for r in range(5) for h in split]


def stacked(actions=(), shuffles=None, players: int = 3, **options):
    """These deals were written with the dealer's left speaking first (R5.3, the preset
    ``R5.3``); the default, the Age's left (W-9), has its own test."""
    options.setdefault("first_bettor", "dealer-left")
    game = parlour.make("straight-poker", players=players, **options)
    history = []
    for i, cards in enumerate(shuffles or [top_of(S1, S2, S0)], 1):
        rest = [int(c) for c in game.pack.cards if int(c) not in cards]
        history.append({"chance": f"shuffle {i}", "outcome": [*cards, *rest]})
    return game.replay(history + [{"action": a} for a in actions])


@pytest.mark.rule("V-1")
def test_V1_the_dealer_holds_the_buck_and_antes_for_all_no_draw():
    """V-1: the dealer antes for every player; no draw (R5.3 here: his left speaks first)."""
    state = stacked()
    assert state.paid == [3, 0, 0] and state.pool == 3
    assert state.observation(2)["buck"] == 1 and state.to_move == 1  # passed on, V-1
    legal = [str(a) for a in state.legal_actions()]
    assert legal[:3] == ["fold", "bet 1", "bet 2"] and not any("draw" in a for a in legal)
    everyone = stacked(ante_mode="all")
    assert everyone.paid == [1, 1, 1] and everyone.observation(0)["buck"] is None


@pytest.mark.rule("V-1")
def test_V1_having_anted_for_all_the_dealer_passes_the_buck_to_the_next_dealer():
    """V-1 (S3): the dealer, "having, before dealing, put up the antes of all the players,
    passes the buck to the next dealer": while he deals, the buck lies with the player at his
    left, who antes for all at the next deal.  The table said the dealer still held it.
    Under R5.6 the next dealer is the winner, unknown till the pool is won: the dealer keeps
    the buck until then; under CAS-buck it is handed to the left at once (R5.2)."""
    state = stacked(first_bettor="age-left")
    assert state.paid == [3, 0, 0] and state.buck == 1 and state.observation(2)["buck"] == 1
    assert "dealer seat 0, the buck with seat 1" in render_straight(state.observation(2), 2).plain
    twice = [top_of(S1, S2, S0)] * 2
    second = stacked(["fold", "fold"], shuffles=twice, pools=2)
    assert second.dealer == 1 and second.paid[1] == 3 and second.buck == 2  # passed on again
    assert stacked(preset="R5.6").buck == 0  # R5.6: kept until the pool is won
    winner = stacked(["fold", "bet 1", "fold"], shuffles=twice, pools=2, preset="R5.6")
    assert winner.dealer == 2 and winner.paid[2] == 3 + 1 and winner.buck == 2
    assert stacked(preset="CAS-buck").buck == 1 and stacked(ante_mode="all").buck is None


@pytest.mark.rule("V-1")
def test_V1_R5_4_a_passer_comes_in_again_when_nobody_has_raised():
    """R5.4: pass, and come in again if no one has raised meanwhile; then the show (R5.7)."""
    state = stacked(["pass", "bet 2", "call"], preset="R5.4-pass")
    assert state.to_move == 1
    assert [str(a) for a in state.legal_actions()][:3] == ["fold", "call", "raise 1"]
    state.apply("call")
    assert state.is_over and state.results[-1]["winners"] == [1]
    assert state.results[-1]["hands"]["1"] == S1.split()
    assert state.payoffs() == [-5.0, 7.0, -2.0]


@pytest.mark.rule("V-1")
def test_V1_R5_4_a_passer_coming_in_again_may_raise_as_at_draw_poker():
    """R5.4: "raising and seeing are otherwise as in Draw Poker" (D-5: coming in, he may
    raise); the bettor and the caller must then meet the raise or drop."""
    state = stacked(["pass", "bet 2", "call", "raise 3"], preset="R5.4-pass")
    assert state.to_move == 2 and [str(a) for a in state.legal_actions()][:2] == ["fold", "call"]
    state.apply("call")
    state.apply("fold")
    assert state.is_over and state.results[-1]["winners"] == [1]  # his raise kept him in
    assert state.payoffs() == [-5.0, 10.0, -5.0]


@pytest.mark.rule("V-1")
def test_V1_R5_4_a_raise_after_his_pass_excludes_the_passer():
    """R5.4: "if some other player has raised in the meantime, he is excluded"."""
    state = stacked(["pass", "bet 2", "raise 1"], preset="R5.4-pass")
    assert state.folded[1] and state.to_move == 2
    state.apply("call")
    assert state.is_over and state.results[-1]["winners"] == [2]  # threes' pair beats queen high
    assert state.payoffs() == [-6.0, 0.0, 6.0]


@pytest.mark.rule("V-1")
def test_V1_R5_5_all_passing_makes_a_double_header_and_the_eldest_hand_deals():
    """R5.5: all pass: a fresh ante (the new dealer's, for all) doubles the pool; the eldest
    hand deals; the buck goes with the deal (V-1)."""
    second = top_of(S0, S1, S2)  # the new dealer is seat 1: cards go to 2, 0, 1
    state = stacked(
        ["pass", "pass", "pass"], shuffles=[top_of(S1, S2, S0), second], preset="R5.4-pass"
    )
    assert state.results[0] == {"deal": 1, "double_header": True}
    assert state.dealer == 1 and state.observation(0)["buck"] == 2  # he anted, passed it
    assert state.pool == 6 and state.paid == [3, 3, 0] and state.to_move == 2
    assert state.hands[2] == parse_cards(S0)
    state.apply("bet 1").apply("fold").apply("fold")
    assert state.is_over and state.payoffs() == [-3.0, -3.0, 6.0]


@pytest.mark.rule("V-1")
@pytest.mark.rule("W-1")
def test_V1_W1_the_deal_and_the_buck_pass_to_the_left_or_under_R5_6_to_the_winner():
    """W-1, V-1: the deal passes to the left and the buck with it, "the next dealer, who must
    in his turn ante for all" (S3); the preset R5.6 (CAS, HOF) gives the deal to the winner.
    The default used to be R5.6's, so a dealer nobody called kept the deal and the buck."""
    twice = [top_of(S1, S2, S0)] * 2
    left = stacked(["fold", "bet 2", "raise 1", "call"], shuffles=twice, pools=2)
    assert left.pools_won == 1 and left.dealer == 1 and left.buck == 2
    assert left.paid[1] == 3 and left.pool == 3 and not left.is_over
    state = stacked(["fold", "bet 2", "raise 1", "call"], shuffles=twice, pools=2, preset="R5.6")
    assert state.pools_won == 1 and state.dealer == 2 and state.buck == 2
    assert state.paid[2] == 3 + 3 and state.pool == 3 and not state.is_over
    kept = stacked(["fold", "fold"] * 2, shuffles=[top_of(S1, S2, S0)] * 3, pools=3)
    assert kept.dealer == 2 and kept.paid == [3, 3, 3]  # each deals and antes once in turn


@pytest.mark.rule("V-1")
def test_V1_R5_2_the_buck_handed_to_the_left_while_the_deal_goes_to_the_winner():
    """R5.2 (CAS): the holder antes for all and hands the buck to his left-hand neighbour."""
    twice = [top_of(S1, S2, S0)] * 2
    state = stacked(["pass", "bet 2", "raise 1", "call"], shuffles=twice, pools=2,
                    preset="CAS-buck")  # fmt: skip
    assert state.dealer == 2 and state.paid[1] == 3 and state.buck == 2
    assert stacked(buck_passes="left").buck == 1


@pytest.mark.rule("V-1")
@pytest.mark.rule("W-9")
def test_V1_by_default_betting_as_at_draw_poker_bet_or_throw_down_no_pass():
    """V-1 (S3): "The rules for betting, raising, &c., are the same as at Draw-Poker", where
    the first speaker bets "or throws down his cards" (W-9): by default nobody may pass."""
    state = stacked()
    assert "pass" not in [str(a) for a in state.legal_actions()]
    with pytest.raises(IllegalAction, match=r"R3\.9"):
        state.apply("pass")
    assert not state.game.rules.pass_and_come_in
    assert stacked(preset="S3").game.rules == state.game.rules  # "S3" is the defaults
    assert "pass" in [str(a) for a in stacked(preset="R5.4-pass").legal_actions()]  # R5.4


@pytest.mark.rule("V-1")
@pytest.mark.rule("W-9")
def test_V1_W9_by_default_the_player_at_the_age_s_left_speaks_first_as_at_draw_poker():
    """V-1 (S3): betting "the same as at Draw-Poker", where "the betting is opened by the
    player sitting at the age's left" (W-9): dealer 0, the Age seat 1, so seat 2 opens and
    the Age speaks last; heads-up the Age's left is the dealer.  R5.3 (HOF) is the preset."""
    assert parlour.make("straight-poker", players=3).new_state(seed=5).to_move == 2
    assert parlour.make("straight-poker", players=2).new_state(seed=5).to_move == 0
    assert parlour.make("straight-poker", players=3, dealer=2).new_state(seed=5).to_move == 1
    state = stacked(first_bettor="age-left")
    assert state.to_move == 2
    state.apply("bet 1").apply("call")
    assert state.to_move == 1  # the Age last
    assert parlour.make("straight-poker", players=3, preset="R5.3").new_state(seed=5).to_move == 1
    after_all_passed = stacked(["pass"] * 3, shuffles=[top_of(S1, S2, S0)] * 2,
                               preset="R5.4-pass", first_bettor="age-left")  # fmt: skip
    assert after_all_passed.dealer == 1 and after_all_passed.to_move == 0  # R5.5: eldest deals
    with pytest.raises(GameOptionError, match="first_bettor"):
        parlour.make("straight-poker", players=3, first_bettor="age")


@pytest.mark.rule("V-1")
@pytest.mark.rule("W-12")
def test_V1_when_all_the_others_throw_down_the_last_takes_the_pool_unshown():
    """V-1, W-12: with no passing there is no double header (R5.5): if all but one throw down
    their cards, the deal ends and the one left takes the pool without showing."""
    state = stacked(["fold", "fold"])
    assert state.is_over and state.deal_no == 1
    assert state.results == [{"deal": 1, "pool": 3, "winners": [0], "hands": {}, "described": {}}]
    assert state.payoffs() == [0.0, 0.0, 0.0]  # the buck's own antes come back
    sitting = stacked(["fold", "fold", "bet 1", "fold", "fold"], shuffles=[top_of(S1, S2, S0)] * 2,
                      pools=2)  # fmt: skip
    assert sitting.is_over and sitting.pools_won == 2 and sitting.dealer == 1  # W-1
    assert [r.get("double_header") for r in sitting.results] == [None, None]
    assert sitting.paid == [3, 3, 1]  # seat 1 deals the second and antes for all (V-1)
    assert sitting.payoffs() == [0.0, -3.0, 3.0]


@pytest.mark.rule("V-1")
def test_V1_betting_as_at_draw_poker_both_limits():
    """V-1: "the rules for betting, raising, &c., are the same as at Draw-Poker": D-2's limit
    per bet or raise (S3) and per interval (S4)."""
    per_raise = stacked(["bet 5"], limit=5)
    assert [str(a) for a in per_raise.legal_actions()][-1] == "raise 5"
    per_interval = stacked(["bet 4"], limit=5, limit_kind="interval")
    assert [str(a) for a in per_interval.legal_actions()][-1] == "raise 1"
    with pytest.raises(IllegalAction, match=r"D-2, R3\.3: the limit is 5"):
        stacked([], limit=5).apply("bet 9999999999999999999")  # not "table stakes": none here


@pytest.mark.rule("C-5")
def test_C5_the_old_20_card_pack():
    """C-5: Straight Poker was once played with 20 cards, A K Q J 10 of each suit."""
    game = parlour.make("straight-poker", players=4, pack=20)
    state = game.new_state(seed=1)
    dealt = [c for h in state.hands for c in h]
    assert len(dealt) == 20 and {str(c)[0] for c in dealt} == set("TJQKA")
    assert state.stock == []
    with pytest.raises(GameOptionError, match="C-5"):
        parlour.make("straight-poker", players=5, pack=20)
    check_contract(game, seeds=range(3))


@pytest.mark.rule("C-3")
def test_C3_and_C2_packs_for_straight_poker():
    assert parlour.make("straight-poker", players=9).pack.size == 60
    assert parlour.make("straight-poker", players=4, pack=44).pack.size == 44
    with pytest.raises(GameOptionError, match="C-2"):
        parlour.make("straight-poker", players=6, pack=44)


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_preset_passes_the_contract_and_plays_to_the_end(preset):
    for players in (2, 4):
        game = parlour.make("straight-poker", players=players, preset=preset)
        check_contract(game, seeds=range(3), hidden_every=2)
        assert play_random(game, 9).is_over


@settings(max_examples=30, deadline=None)
@given(
    players=st.integers(2, 8),
    ante_mode=st.sampled_from(["buck", "all"]),
    buck_left=st.booleans(),
    reenter=st.booleans(),
    to_winner=st.booleans(),
    pools=st.integers(1, 3),
    limit_kind=st.sampled_from(["raise", "interval"]),
    joker=st.sampled_from(["none", "wild", "bug"]),
    seed=st.integers(0, 10_000),
)
def test_chips_are_conserved_under_random_options(
    players, ante_mode, buck_left, reenter, to_winner, pools, limit_kind, joker, seed
):
    game = parlour.make(
        "straight-poker", players=players, ante_mode=ante_mode, pass_and_come_in=reenter,
        buck_passes="left" if buck_left else "next-dealer",
        deal_to_winner=to_winner, pools=pools, limit_kind=limit_kind, joker=joker,
        dealer=seed % players,
    )  # fmt: skip
    state = play_random(game, seed)
    assert sum(state.payoffs()) == 0 and state.pools_won == pools
    assert game.replay(json.loads(json.dumps(state.history))).payoffs() == state.payoffs()


@pytest.mark.rule("H-14")
def test_H14_the_book_bets_a_big_dog_where_dogs_are_played_as_it_bets_two_pairs():
    """A hand that beats two pairs where the table plays it (a big dog, H-14) is bet as two
    pairs are: the book used to read it as no pair and pass."""
    dog = "Ah Kd Qs Jc 9h"  # ace high, nine low, no pair, no straight
    for options, bets in (({"tigers_dogs": True}, True), ({}, False)):
        state = stacked(shuffles=[top_of(dog, S2, S0)], **options)
        assert state.to_move == 1
        book = bots.make("book", state.game, seed=1)
        choice = str(book.choose(state.observation(1), state.legal_actions()))
        assert choice.startswith("bet") is bets, (options, choice)


@pytest.mark.rule("W-1")
def test_W1_R5_6_between_tied_winners_the_deal_goes_to_the_one_nearest_the_dealers_left():
    tie1, tie0 = "As Kd Qc 9d 7d", "Ah Ks Qh 9h 7s"
    top = top_of(tie1, S2, tie0)
    state = stacked(["bet 1", "fold", "call"], shuffles=[top, top], pools=2, preset="R5.6")
    assert sorted(state.results[0]["winners"]) == [0, 1]
    assert state.dealer == 1 and state.deal_no == 2 and state.to_move == 2


@pytest.mark.rule("V-1")
def test_V1_R5_4_the_CAS_preset_passes_and_comes_in():
    game = parlour.make("straight-poker", players=3, preset="CAS")
    assert game.rules.pass_and_come_in and game.rules.ante_mode == "all"
    assert "pass" in [str(a) for a in stacked(preset="CAS").legal_actions()]


@pytest.mark.rule("H-7")
@pytest.mark.rule("H-12")
def test_H7_H12_equal_straights_divide_the_pool_the_odd_chip_nearest_the_dealers_left():
    """H-7, H-12: equal straights divide the pool; R2.5: the odd chip to the tied player
    nearest the dealer's left.  Dealer 2 antes 3 for all; seats 0 and 2 hold nine-high
    straights and divide 5: 3 to seat 0 (the dealer's left), 2 to the dealer.  No test of
    Straight Poker divided a pool: the whole pool to one winner passed them all."""
    nine0, weak1, nine2 = "9s 8d 7c 6h 5s", "Kc Qd Jh 3c 2d", "9h 8c 7d 6s 5h"
    state = stacked(["bet 1", "fold", "call"], shuffles=[top_of(nine0, weak1, nine2)], dealer=2)
    assert state.is_over and state.results[-1]["pool"] == 5
    assert sorted(state.results[-1]["winners"]) == [0, 2]
    assert state.won == [3, 0, 2] and state.payoffs() == [2.0, 0.0, -2.0]


@pytest.mark.rule("V-1")
def test_V1_R5_5_where_every_player_antes_a_double_header_takes_a_fresh_ante_from_each():
    """R5.5 (CAS): "If all pass ... every player adds a fresh ante": under ante_mode "all"
    each puts up another chip, the pool doubles, and the eldest hand deals.  Only the buck's
    double header was tested: skipping the fresh antes here passed every test."""
    top = top_of(S1, S2, S0)
    state = stacked(["pass", "pass", "pass"], shuffles=[top, top], preset="CAS")
    assert state.results[0] == {"deal": 1, "double_header": True}
    assert state.paid == [2, 2, 2] and state.pool == 6 and state.dealer == 1
    assert [a["payer"] for a in state.antes] == [None, None]  # each antes, twice (news)
