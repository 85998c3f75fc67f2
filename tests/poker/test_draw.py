"""Draw Poker: the stakes (D-1..D-13) on stacked packs, the seeds' worked examples."""

from __future__ import annotations

import pytest
from rich.console import Console

import parlour
from parlour.game import GameOptionError, IllegalAction
from parlour.poker.play_draw import render
from tests.poker.test_draw_support import play, stacked

ROYAL = "As Ks Qs Js Ts"


def test_preset_and_options_round_trip():
    game = parlour.make("draw-poker", players=6, preset="S4-club")
    again = parlour.make("draw-poker", **game.options())
    assert again.rules == game.rules
    with pytest.raises(GameOptionError, match="unknown rule option"):
        parlour.make("draw-poker", players=3, antee=2)
    with pytest.raises(GameOptionError, match="preset"):
        parlour.make("draw-poker", players=3, preset="S5")


@pytest.mark.rule("D-1")
def test_D1_ante_limits_and_end_are_fixed_before_play():
    game = parlour.make("draw-poker", players=4, ante=2, limit_before=6, limit_after=12,
                        stage_after=2)  # fmt: skip
    r = game.rules
    assert (r.ante, r.limit_before, r.limit_after, r.stage_after) == (2, 6, 12, 2)
    state = game.new_state(seed=1)
    assert state.observation(0)["limit"] == 6


@pytest.mark.rule("D-3")
def test_D3_only_the_age_antes_before_the_deal():
    state = parlour.make("draw-poker", players=5, dealer=2).new_state(seed=3)
    assert state.age == 3
    assert state.contrib == [0, 0, 0, 1, 0]
    assert state.to_move == 4  # the player at the Age's left speaks first


@pytest.mark.rule("D-4")
def test_D4_coming_in_costs_twice_the_ante_and_dropping_throws_the_hand():
    state = parlour.make("draw-poker", players=4, ante=1).new_state(seed=2)
    play(state, "call")  # seat 2 comes in
    assert state.contrib[2] == 2
    play(state, "fold")  # seat 3 throws up his cards
    assert state.folded[3]
    assert state.observation(3)["dropped"][3] is True


@pytest.mark.rule("D-5")
def test_D5_raise_when_coming_in_and_later_players_equal_or_abandon():
    state = parlour.make("draw-poker", players=4).new_state(seed=2)
    play(state, "raise 3")  # seat 2 puts up 2 + 3
    assert state.contrib[2] == 5 and state.betting.price == 5
    play(state, "call")  # seat 3 equals it
    assert state.contrib[3] == 5
    with pytest.raises(IllegalAction, match=r"D-5: 5 to meet: .*nothing may be checked"):
        state.apply("check")
    with pytest.raises(IllegalAction, match="D-5: a bet of 5 stands"):  # not W-10: no draw yet
        state.apply("bet 1")


@pytest.mark.rule("D-6")
def test_D6_the_age_makes_good_or_forfeits_his_ante():
    state = parlour.make("draw-poker", players=3).new_state(seed=4)
    play(state, "call", "call")  # seats 2 and 0 come in
    assert state.to_move == 1
    play(state, "call")  # the Age makes good: one more
    assert state.contrib == [2, 2, 2] and state.phase == "draw"
    other = parlour.make("draw-poker", players=3).new_state(seed=4)
    play(other, "call", "call", "fold")
    assert other.folded[1] and other.contrib[1] == 1 and other.phase == "draw"


@pytest.mark.rule("D-7")
def test_D7_the_age_making_good_may_raise_again():
    state = parlour.make("draw-poker", players=3).new_state(seed=4)
    play(state, "call", "call", "raise 2")
    assert state.contrib[1] == 4 and state.to_move == 2


@pytest.mark.rule("D-8")
def test_D8_nothing_is_done_out_of_turn():
    state = parlour.make("draw-poker", players=4).new_state(seed=5)
    before = list(state.history)
    with pytest.raises(IllegalAction, match="D-8"):
        state.apply_as(0, "call")
    assert state.history == before and state.to_move == 2
    state.apply_as(2, "call")
    assert state.to_move == 3


@pytest.mark.rule("D-9")
def test_D9_betting_goes_on_until_all_stakes_are_equal():
    state = parlour.make("draw-poker", players=3).new_state(seed=6)
    play(state, "raise 1", "raise 1", "raise 1")  # seats 2, 0, 1 (the Age)
    assert state.phase == "bet1" and state.to_move == 2
    play(state, "call", "call")
    assert state.phase == "draw" and state.contrib == [5, 5, 5]


@pytest.mark.rule("D-9")
def test_D9_the_last_raiser_cannot_raise_himself():
    state = parlour.make("draw-poker", players=2).new_state(seed=6)
    play(state, "raise 2")  # seat 0 (the Age's left; the Age is seat 1)
    play(state, "call")  # the Age
    assert state.phase == "draw"


@pytest.mark.rule("D-2")
def test_D2_two_limits_with_their_stages_S4():
    game = parlour.make("draw-poker", players=2, preset="S4-club")
    state = game.new_state(seed=1)
    play(state, "blind")
    legal = [str(a) for a in state.legal_actions()]
    assert legal == ["fold", "call", "raise 1", "raise 2", "raise 3", "raise 4", "straddle"]
    play(state, "call", "check", "pat", "pat")  # the Age's ante already covers the price
    legal = [str(a) for a in state.legal_actions()]
    assert legal == ["fold"] + [f"bet {n}" for n in range(2, 21, 2)]
    with pytest.raises(IllegalAction, match="D-2"):
        state.apply("bet 3")
    with pytest.raises(IllegalAction, match="D-2"):
        state.apply("bet 22")


@pytest.mark.rule("D-10")
def test_D10_S4_worked_example_1s_2s_4s_5s_and_the_age_covers_with_4s():
    """S4: the Age 1s; the next straddles to 2s, the next to 4s, the next (only) raises
    to 5s; the rest put up 5s and the Age covers his blind with another 4s."""
    game = parlour.make("draw-poker", players=6, preset="S4-club", dealer=5)
    state = game.new_state(seed=9)
    play(state, "blind")  # the Age (seat 0) leaves his ante at 1s
    play(state, "straddle", "straddle")
    assert state.contrib[:3] == [1, 2, 4]
    with pytest.raises(IllegalAction, match="pass the limit"):
        state.apply("straddle")  # 8s would pass the 5s limit for ante money
    play(state, "raise 1")
    assert state.contrib[3] == 5
    with pytest.raises(IllegalAction, match="D-10"):
        state.apply("raise 1")  # only the player after the last straddle raises
    play(state, "call", "call")
    assert state.to_move == 0
    play(state, "call")
    assert state.contrib[0] == 5  # the Age covered his blind with 4s more
    assert state.to_move == 1
    play(state, "call", "call")  # the straddlers make good
    assert state.phase == "draw" and state.contrib == [5] * 6


@pytest.mark.rule("D-10")
def test_D10_the_age_may_double_his_ante_and_straddles_go_by_consecutive_players():
    game = parlour.make("draw-poker", players=4, preset="S4-club", dealer=3)
    state = game.new_state(seed=2)
    play(state, "straddle")  # the Age doubles his ante before the deal
    assert state.contrib[0] == 2 and state.phase == "bet1"
    play(state, "straddle")  # seat 1: 4s
    play(state, "call")  # seat 2 comes in at 4s, breaking the chain
    with pytest.raises(IllegalAction, match="D-10"):
        state.apply("straddle")


@pytest.mark.rule("D-13")
@pytest.mark.rule("D-2")
def test_D13_six_to_the_limit_pool_of_150_shillings_and_the_royal_flush_penalty():
    """S4: six players all betting to the limit make a pool of £7 10s (150s); a Royal
    Flush also takes 3s from each of the five others; each loser risks £1 5s (25s)."""
    game = parlour.make("draw-poker", players=6, preset="S4-club", dealer=5)
    state = stacked(game, {3: ROYAL, 1: "2c 2d 7h 8s 9c"})
    play(state, "blind", "straddle", "straddle", "raise 1", "call", "call", "call", "call",
          "call")  # fmt: skip
    assert state.pool == 30
    play(state, *["pat"] * 6)
    play(state, "bet 20", "call", "call", "call", "call", "call")
    assert state.is_over and state.outcome == "showdown"
    assert sum(state.contrib) == 150
    pay = state.payoffs()
    assert pay[3] == 150 - 25 + 5 * 3
    assert all(pay[s] == -25 - 3 for s in range(6) if s != 3)
    assert sum(pay) == 0


@pytest.mark.rule("D-13")
def test_D13_no_penalty_without_a_royal_flush_or_when_off():
    game = parlour.make("draw-poker", players=2)
    state = stacked(game, {0: ROYAL, 1: "2c 2d 7h 8s 9c"})
    play(state, "call", "call", "pat", "pat", "bet 1", "call")
    assert state.payoffs() == [3.0, -3.0]
    # with the penalty on, a royal flush collects it and a king-high straight flush does not
    game = parlour.make("draw-poker", players=2, royal_penalty=3)
    for hand, penalty in ((ROYAL, 3), ("Kh Qh Jh Th 9h", 0)):
        state = stacked(game, {0: hand, 1: "2c 2d 7h 8s 9c"})
        play(state, "call", "call", "pat", "pat", "bet 1", "call")
        assert state.payoffs() == [3.0 + penalty, -3.0 - penalty]


@pytest.mark.rule("D-11")
def test_D11_blind_straddle_doubles_and_everyone_pays_twice_the_straddle():
    game = parlour.make("draw-poker", players=4, straddle="blind", limit_before=8, dealer=3)
    state = game.new_state(seed=3)
    assert state.phase == "blind" and state.to_move == 1  # next to the Age (seat 0)
    play(state, "straddle")  # 2 chips, before the deal
    assert state.to_move == 2
    play(state, "straddle")  # 4: twice it is 8, within the limit
    assert state.phase == "bet1"  # a third (8) would pass the limit
    assert state.betting.price == 8
    assert state.to_move == 1  # the straddle does not carry the last say
    play(state, "call")
    assert state.contrib[1] == 8


@pytest.mark.rule("D-11")
def test_D11_straddle_says_option_moves_the_first_speaker():
    game = parlour.make("draw-poker", players=4, straddle="blind", straddle_says=True,
                        limit_before=8, dealer=3)  # fmt: skip
    state = game.new_state(seed=3)
    play(state, "straddle", "decline")
    assert state.to_move == 2 and state.betting.price == 4


def test_unopened_age_takes_his_ante_or_carries_it_english():
    state = parlour.make("draw-poker", players=3).new_state(seed=1)
    play(state, "fold", "fold")
    assert state.is_over and state.outcome == "unopened" and state.payoffs() == [0, 0, 0]
    english = parlour.make("draw-poker", players=3, unopened="english").new_state(seed=1)
    play(english, "fold", "fold")
    assert english.carry_out == [0, 1, 0] and english.next_deal["jackpot"]
    assert english.payoffs() == [0, 0, 0]


def test_a_raise_past_the_limit_is_refused_for_the_limit_before_the_stakes():
    """D-2 binds everyone: 'raise 99' at a table-stakes deal named the stakes ("has only 100
    chips"), as though 99 were fine with more chips; bare 'raise' asks how much."""
    state = parlour.make("draw-poker", players=3, stacks=(100, 100, 100)).new_state(seed=8)
    with pytest.raises(IllegalAction, match="the limit is 5"):
        state.apply("raise 99")
    with pytest.raises(IllegalAction, match=r"raise how much\? raise 1..5$"):
        state.apply("raise")
    stud = parlour.make("stud-poker", players=3, ante_mode="all").new_state(seed=4)  # bet first
    with pytest.raises(IllegalAction, match=r"W-10: bet how much\? bet 1..5$"):
        stud.apply("bet")
    with pytest.raises(IllegalAction, match=r"legal: fold, bet 1..5$"):  # no "..." after all
        stud.apply("xyzzy")


@pytest.mark.rule("D-11")
def test_a_straddle_is_told_with_what_it_put_up():
    from parlour.poker.play_draw import news

    state = parlour.make("draw-poker", players=4, straddle="blind").new_state(seed=1)
    state.apply("straddle")
    assert news(state)[-1] == (2, "straddles, putting up 2")


def test_bad_input_is_refused_naming_the_rule_and_changes_nothing():
    state = parlour.make("draw-poker", players=3).new_state(seed=8)
    before = state.observation(2)
    for text, rule in [("raise 9", "limit"), ("bet 2", "D-5: a bet of 2 stands"),
                       ("pat", "D-5: it is a betting turn: fold, call or raise 1..5$"),
                       ("raise", r"D-5: raise how much\? raise 1..5$"),
                       ("draw 7h 7h", "'draw 7h 7h' is not an action now; D-5"),  # not W-3
                       ("draw As", "D-5"), ("xyzzy", "not an action")]:  # fmt: skip
        with pytest.raises(IllegalAction, match=rule):
            state.apply(text)
    assert state.observation(2) == before


@pytest.mark.rule("D-3")
def test_D3_option_the_dealer_antes_and_makes_good_last_R34():
    game = parlour.make("draw-poker", players=3, dealer=0, ante_by="dealer")
    state = game.new_state(seed=1)
    assert state.contrib == [1, 0, 0] and state.to_move == 1
    play(state, "call", "call")
    assert state.to_move == 0  # the dealer makes good his ante last
    play(state, "call")
    assert state.phase == "draw" and state.contrib == [2, 2, 2]


@pytest.mark.rule("D-11")
def test_D11_straddle_cap_option_the_straddle_itself_within_the_limit():
    game = parlour.make("draw-poker", players=5, straddle="blind", straddle_cap="limit",
                        limit_before=4, dealer=4)  # fmt: skip
    state = game.new_state(seed=3)
    play(state, "straddle", "straddle")  # 2 and 4: each straddle within the limit of 4
    assert state.phase == "bet1" and state.betting.price == 8


@pytest.mark.rule("D-4")
def test_D4_coming_in_costs_twice_the_ante_whatever_the_ante():
    """D-4 (S0): coming in is "twice the ante": with an ante of 2 it costs 4, not 2 or 3."""
    state = parlour.make("draw-poker", players=4, ante=2).new_state(seed=2)
    assert state.contrib[state.age] == 2
    seat = state.to_move
    state.apply("call")
    assert state.contrib[seat] == 4


@pytest.mark.rule("D-13")
def test_D13_the_royal_flush_collects_from_each_other_player_even_one_who_dropped():
    """D-13 (S4): the Royal Flush "collects an agreed sum from each other player": the one
    who dropped before the draw pays as well as the one who saw it."""
    game = parlour.make("draw-poker", players=3, preset="S4-club", dealer=2)
    state = stacked(game, {1: "As Ks Qs Js Ts", 0: "2c 2d 7h 8s 9c"})
    play(state, "blind", "call", "fold", "check", "pat", "pat", "bet 2", "call")
    assert state.folded[2] and state.penalties == [-3, 6, -3]


@pytest.mark.rule("D-13")
@pytest.mark.rule("W-12")
def test_D13_an_uncalled_royal_flush_is_shown_and_draws_the_penalty_too():
    """D-13 (S4): the holder, "in addition to scooping up the money in the pool, draws a
    certain amount ... from each player at the table": a bet nobody calls (W-12) wins the
    pool unshown, but a Royal Flush is shown to claim the penalty.  Any other hand that
    wins uncalled stays hidden."""
    game = parlour.make("draw-poker", players=3, royal_penalty=3)
    for hand, penalty in ((ROYAL, 3), ("Kh Qh Jh Th 9h", 0)):
        state = stacked(game, {1: hand, 0: "2c 7d 8h 4s 3c", 2: "2d 8d 9c 5s 6c"})
        play(state, "call", "call", "call", "pat", "pat", "pat", "bet 1", "fold", "raise 5")
        twin = state.clone()  # a bot's look-ahead: what it shows stays in the copy
        play(twin, "fold")
        assert state.values == {} and not state.is_over
        play(state, "fold")
        assert state.is_over and state.outcome == "uncalled"
        assert state.payoffs() == [-2.0 - penalty, 5.0 + 2 * penalty, -3.0 - penalty]
        view = state.observation(0)
        assert ("1" in view["shown"]) == bool(penalty)
        assert view["hands_shown"] == ({"1": "Royal flush"} if penalty else {})
        console = Console(record=True, width=200)
        console.print(render(view, 0))
        told = "Royal Flush penalty (D-13): you -3, seat 1 +6, seat 2 -3"
        assert (told in console.export_text()) == bool(penalty)


@pytest.mark.rule("D-13")
def test_D13_at_table_stakes_the_penalty_counts_what_the_payer_has_just_won():
    """D-13: the Royal Flush draws the sum "from each player at the table".  A player all in
    for 20 who won a side pool of 30 has 30 chips after the show and pays the full 3; the
    penalty was taken before the pools were paid in, so he paid nothing."""
    game = parlour.make("draw-poker", players=3, royal_penalty=3, stacks=(20, 50, 5))
    state = stacked(game, {2: ROYAL, 0: "Ah Ad Ac 2c 2d", 1: "3h 4d 8c 9s Kd"})
    play(state, "raise 3", "call", "call", "pat", "pat", "pat")
    play(state, "bet 5", "raise 5", "raise 5", "call")
    assert state.is_over and state.won == [30, 0, 15]
    assert state.penalties == [-3, -3, 6]
    assert state.stacks == [27, 27, 21]
    assert state.payoffs() == [7.0, -23.0, 16.0] and sum(state.stacks) == 75


@pytest.mark.rule("D-10")
def test_R34_an_ante_above_half_the_limit_is_refused():
    """R3.4 (BAR): the ante "can never be more ... than half the limit".  Under S4 an ante of
    3 with the limit at 5 let the Age double it to 6, past "5s, our agreed limit for the
    ante money" (D-10); with the price of coming in twice the ante (D-4) it passed it too."""
    for options in ({"preset": "S4-club", "ante": 3}, {"ante": 3, "limit_before": 5}):
        with pytest.raises(GameOptionError, match=r"R3\.4"):
            parlour.make("draw-poker", players=4, **options)
    s4 = parlour.make("draw-poker", players=4, preset="S4-club", ante=2, limit_before=4)
    assert [str(a) for a in s4.new_state(seed=1).legal_actions()] == ["blind", "straddle"]
    assert parlour.make("jackpots", players=3, ante=3)  # each pays his own ante (J-2)
    for when in ("before", "after"):  # the limit named, not "the ante ... half of -1"
        with pytest.raises(
            GameOptionError, match=rf"D-2: stage_{when} \(1\) .* limit_{when} \(-1\)"
        ):
            parlour.make("draw-poker", players=3, **{f"limit_{when}": -1})
