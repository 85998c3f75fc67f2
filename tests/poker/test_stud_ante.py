"""Stud's ante as Draw Poker's (S3: "Stud-Poker is played like Draw-Poker, except that there
is no draw", V-2): the Age antes alone (D-3), the others come in or drop (D-4), the Age makes
good or forfeits (D-6) and may raise (D-7); nobody in, the Age takes the pool (R3.11)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import parlour
from parlour import bots
from parlour.cli import app
from parlour.game import GameOptionError, IllegalAction
from parlour.poker.play_others import news, render_stud
from parlour.testing import check_contract, play_random
from tests.poker.test_stud import stacked

# PACK_TOP (dealer 0, the Age seat 1): seat 0 holds kings, seat 2 queens, seat 1 king high


def _legal(state) -> list[str]:
    return [str(a) for a in state.legal_actions()]


@pytest.mark.rule("D-3")
@pytest.mark.rule("D-4")
def test_D3_D4_the_age_antes_alone_and_the_others_come_in_at_twice_the_ante():
    """D-3: only the Age (the dealer's left) antes; D-4: from his left, each other player comes
    in at twice the ante (a call of 2, nothing to 'bet' or 'check') or drops."""
    state = stacked(ante=1)
    assert state.paid == [0, 1, 0] and state.pool == 1 and state.to_move == 2
    assert _legal(state)[:3] == ["fold", "call", "raise 1"] and "check" not in _legal(state)
    with pytest.raises(IllegalAction, match="a bet of 2 stands"):
        state.apply("bet 1")
    state.apply("call")
    assert state.paid == [0, 1, 2] and state.to_move == 0
    assert stacked(ante=3).observation(2)["price"] == 6  # twice whatever the ante is
    assert stacked(dealer=2).paid == [1, 0, 0]  # the Age follows the deal
    assert news(state)[0] == (-1, "Seat 1 antes 1 (D-3)")  # his own ante, not "for all"


@pytest.mark.rule("D-4")
def test_D4_come_in_ante_costs_the_ante_itself_and_the_age_may_stand():
    """``come_in="ante"`` (S4's coming in, D-4, D-10): the price is the ante; the Age, his
    ante covering it, stands (check) or raises."""
    state = stacked(come_in="ante").apply("call").apply("call")
    assert state.paid == [1, 1, 1] and state.to_move == 1
    assert _legal(state)[:3] == ["fold", "check", "raise 1"]
    state.apply("check")
    assert state.is_over and state.result["winners"] == [0] and state.payoffs() == [2, -1, -1]


@pytest.mark.rule("D-6")
@pytest.mark.rule("D-7")
def test_D6_D7_the_age_speaks_last_and_makes_good_forfeits_or_raises():
    """D-6: when the others have come in, the Age makes good (puts up the difference) or
    forfeits his ante; D-7: making good he may raise, and those in must see it or drop."""
    forfeit = stacked(actions=["call", "call", "fold"])
    assert forfeit.is_over and forfeit.paid == [2, 1, 2] and forfeit.payoffs() == [3, -1, -2]
    good = stacked(actions=["call", "call"])
    assert good.to_move == 1 and _legal(good)[:2] == ["fold", "call"]
    good.apply("call")
    assert good.is_over and good.paid == [2, 2, 2] and good.result["winners"] == [0]
    raised = stacked(actions=["call", "call", "raise 2"])
    assert raised.paid == [2, 4, 2] and raised.to_move == 2  # the Age's left sees it first
    raised.apply("fold").apply("call")
    assert raised.is_over and raised.payoffs() == [6, -4, -2]


@pytest.mark.rule("R3.11")
def test_R3_11_nobody_comes_in_the_age_takes_the_pool_unasked():
    """R3.11 (KEL: "the age is entitled to the ante"): all drop, the Age is not asked, takes
    his ante back, and the table is told so; a player who came in and then dropped to the
    Age's raise makes the pool won, not unopened."""
    state = stacked(actions=["fold", "fold"])
    assert state.is_over and len(state.log) == 2 and state.payoffs() == [0, 0, 0]
    assert state.result == {"called": False, "unopened": True, "winners": [1]}
    assert (
        "Nobody came in: Seat 1 takes the pool, the Age's ante (R3.11)"
        in render_stud(state.observation(0), 0).plain
    )
    won = stacked(actions=["call", "fold", "raise 1", "fold"])
    assert won.is_over and "unopened" not in won.result and won.payoffs() == [0, 2, -2]


@pytest.mark.rule("V-3")
@pytest.mark.rule("D-4")
def test_V3_the_blind_is_in_the_first_interval_only_later_ones_start_at_nothing():
    """S3's variation (V-3) "played like Draw-Poker": the interval after the second card is
    the coming in against the Age's blind, from the Age's left (D-4, D-6), though a king
    shows at the Age's; the later ones start at nothing, the best showing first (R6.3)."""
    state = stacked(preset="S3-variant")
    assert state.interval == 1 and state.to_move == 2 and state.observation(2)["price"] == 2
    state.apply("call").apply("call").apply("call")
    assert state.interval == 2 and state.paid == [2, 2, 2]
    obs = state.observation(2)
    assert obs["price"] == 0 and obs["put"] == [0, 0, 0] and state.to_move == 2  # Q Q showing
    assert _legal(state)[:2] == ["fold", "bet 1"]


def test_the_table_tells_the_players_and_the_age_what_the_ante_asks():
    """The stud table says the Age has anted and what coming in asks (D-4), or, to the Age,
    that he makes good or forfeits (D-6); not after the first interval, nor without the Age.
    The price is called the price to come in: "Bet to meet this interval: 2" named a bet
    nobody had made."""
    state = stacked()
    text = render_stud(state.observation(2), 2).plain
    assert "Seat 1, the Age, has anted: come in at the price, or drop (D-4)." in text
    assert "Price to come in: 2 (you owe 2)." in text and "Bet to meet" not in text
    state.apply("call").apply("call")
    age_text = render_stud(state.observation(1), 1).plain
    assert "You are the Age: when the others have come in, make good or forfeit" in age_text
    assert "Price to come in: 2 (you owe 1)." in age_text  # nobody bet: "Bet to meet" was wrong
    for other in (stacked(ante_mode="all"), stacked(preset="S3-variant", actions=["call"] * 3)):
        assert "the Age" not in render_stud(other.observation(2), 2).plain
    bet = stacked(preset="S3-variant", actions=["call"] * 3 + ["bet 1"])
    assert "Bet to meet this interval: 1 (you owe 1)." in render_stud(bet.observation(0), 0).plain


@pytest.mark.rule("D-5")
@pytest.mark.rule("D-7")
def test_once_in_or_raised_the_stud_table_asks_to_meet_the_raise_not_to_come_in():
    """D-5, D-7: after a raise, or once a player has come in, what he owes is a raise to
    meet; the table still said "Price to come in: 8 (you owe 1)" and "the Age has anted:
    come in at the price", to a player in for 7 whom the Age had raised."""
    raised = stacked(actions=["raise 5"])  # seat 2 comes in raising: 7
    text = render_stud(raised.observation(0), 0).plain
    assert "Bet to meet this interval: 7 (you owe 7)." in text
    assert "Price to come in" not in text and "come in at the price" not in text
    age = render_stud(raised.apply("call").observation(1), 1).plain  # the Age, yet to speak
    assert "Bet to meet this interval: 7 (you owe 6)." in age and "make good or forfeit" in age
    again = render_stud(raised.apply("raise 1").observation(2), 2).plain  # the Age raises
    assert "Bet to meet this interval: 8 (you owe 1)." in again
    assert "Price to come in" not in again and "the Age, has anted" not in again
    after = render_stud(raised.apply("call").apply("raise 1").observation(1), 1).plain
    assert "Bet to meet this interval: 9 (you owe 1)." in after and "make good" not in after


@pytest.mark.rule("D-3")
def test_the_ante_options_are_refused_by_name_where_they_mean_nothing():
    """An unknown ante_mode names the field; come_in without the Age's ante, and a first
    bettor who would open no interval (the one interval is the coming in), are refused."""
    with pytest.raises(GameOptionError, match="ante_mode must be 'age' \\(D-3\\), 'all'"):
        parlour.make("stud-poker", ante_mode="everyone")
    with pytest.raises(GameOptionError, match="come_in must be 'double' or 'ante'"):
        parlour.make("stud-poker", come_in="triple")
    with pytest.raises(GameOptionError, match=r"come_in .* give ante_mode='age'"):
        parlour.make("stud-poker", ante_mode="all", come_in="ante")
    with pytest.raises(GameOptionError, match="first_bettor='elder-hand' would open no"):
        parlour.make("stud-poker", first_bettor="elder-hand")
    assert parlour.make("stud-poker", preset="HOF").rules.ante_mode == "all"
    assert parlour.make("stud-poker", preset="R6.6").rules.ante_mode == "all"
    assert parlour.make("stud-poker").rules.ante_mode == "age"


@pytest.mark.rule("D-3")
@pytest.mark.parametrize(
    "options",
    [{}, {"ante_mode": "all"}, {"ante_mode": "dealer"}, {"come_in": "ante", "ante": 2},
     {"preset": "S3-variant"}, {"preset": "R6.6"}],
)  # fmt: skip
def test_D3_every_ante_mode_passes_the_contract_and_conserves_chips(options):
    for players in (2, 4):
        game = parlour.make("stud-poker", players=players, **options)
        check_contract(game, seeds=range(2))
        for seed in range(12):
            state = play_random(game, seed)
            assert state.is_over and sum(state.payoffs()) == 0
            assert sum(state.won) == state.pool == sum(state.paid)


@pytest.mark.rule("D-4")
def test_D4_the_book_player_comes_in_with_a_pair_and_the_age_forfeits_a_poor_hand():
    """StudBook under the Age's ante: a pair that leads comes in (sees the price), and the
    Age with nothing against a pair showing forfeits his ante (D-6)."""
    game = parlour.make("stud-poker", players=3)
    state = stacked()  # seat 2: queens, seat 0: kings, seat 1 (the Age): king high
    assert (
        str(bots.make("book", game, seed=1).choose(state.observation(2), state.legal_actions()))
        == "call"
    )
    state.apply("call").apply("call")
    choice = bots.make("book", game, seed=1).choose(state.observation(1), state.legal_actions())
    assert str(choice) == "fold"


@pytest.mark.rule("D-3")
def test_D3_a_whole_game_by_bots_through_simulate_conserves_chips():
    """``parlour simulate stud-poker`` plays whole games by bots under the Age's ante."""
    result = CliRunner().invoke(
        app, ["simulate", "stud-poker", "--bots", "book,random,book", "--games", "6", "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["games"] == 6 and data["options"]["ante_mode"] == "age"
    assert sum(r["mean"] for r in data["results"]) == pytest.approx(0)


@pytest.mark.rule("D-3")
def test_D3_play_stud_poker_help_tells_the_age_s_ante():
    """``parlour play stud-poker --help`` says how the ante goes, and names R6.6's preset."""
    shown = CliRunner().invoke(app, ["play", "stud-poker", "--help"], env={"COLUMNS": "200"})
    text = " ".join(shown.output.replace("│", " ").split())
    assert shown.exit_code == 0 and "the Age antes, the others come in at twice the ante" in text
    assert "--preset R6.6: every player antes" in text


@pytest.mark.rule("D-4")
@pytest.mark.rule("D-6")
def test_D4_D6_the_table_hears_a_player_come_in_and_the_age_make_good_not_see_a_bet():
    """The table told a call against the Age's blind as "sees the bet, putting up 2", though
    nobody had bet: as at Draw Poker a player comes in (D-4) and the Age makes good (D-6),
    seeing a raise with it (D-7); a call in a later interval sees the bet."""
    state = stacked(preset="S3-variant", actions=["call", "call", "call"])
    heard = [words for seat, words in news(state) if seat >= 0]
    assert heard == ["comes in, putting up 2", "comes in, putting up 2",
                     "makes good, putting up 1"]  # fmt: skip
    state.apply("bet 1").apply("call")
    assert [words for _, words in news(state)][-1] == "sees the bet, putting up 1"
    raised = stacked(actions=["raise 1", "call", "call"])
    assert [words for seat, words in news(raised) if seat >= 0] == [
        "raises by 1, putting up 3", "comes in, putting up 3",
        "makes good and sees the raise, putting up 2",
    ]  # fmt: skip
    seen = stacked(actions=["call", "call", "raise 2", "call"])  # D-7: the Age's raise seen
    assert [words for _, words in news(seen)][-1] == "sees the raise, putting up 2"
    every = stacked(ante_mode="all", actions=["bet 1", "call"])
    assert [words for _, words in news(every)][-1] == "sees the bet, putting up 1"
    ante = stacked(come_in="ante", actions=["call", "call"])
    assert [words for _, words in news(ante)][1:] == ["comes in, putting up 1"] * 2


@pytest.mark.rule("D-7")
def test_D7_a_raise_in_the_coming_in_is_seen_not_a_bet():
    """D-7: after a raise in the coming in the others were told "sees the bet", though
    nobody bets there (the price is the Age's ante, D-4): they see the raise, as the Age's
    own call says ("makes good and sees the raise")."""
    aged = stacked(actions=["call", "call", "raise 2", "call", "call"])  # the Age raises
    assert [words for seat, words in news(aged) if seat >= 0] == [
        "comes in, putting up 2", "comes in, putting up 2", "raises by 2, putting up 3",
        "sees the raise, putting up 2", "sees the raise, putting up 2",
    ]  # fmt: skip
    assert aged.interval == 1 and aged.is_over  # the one interval: it was the coming in
    other = stacked(actions=["call", "raise 2", "call", "call"])  # seat 0 raises
    assert [words for _, words in news(other)][-2:] == [
        "makes good and sees the raise, putting up 3",
        "sees the raise, putting up 2",
    ]
    ante = stacked(come_in="ante", actions=["call", "raise 1", "call", "call"])  # D-10
    assert [words for _, words in news(ante)][-2:] == ["sees the raise, putting up 1"] * 2


@pytest.mark.rule("D-4")
@pytest.mark.rule("R6.2")
def test_D4_an_ante_of_nothing_has_no_coming_in_at_the_table_nor_in_the_engine():
    """With ante=0 the table was told "comes in" and "makes good and sees the raise" of
    calls of a bet (nobody had anted), and the first round was opened from the Age's left
    whatever first_bettor said, while ``r`` said the highest hand showing opens it (R6.2);
    first_bettor='highest-showing' with one round was refused as "would open no interval".
    The engine now says once whether there is a coming in (D-4), and all three agree."""
    from parlour.poker.rules_words import rules_in_play

    bet = stacked(ante=0, actions=["bet 1", "call", "call"])
    assert [words for _, words in news(bet)] == ["bets 1, putting up 1"] + [
        "sees the bet, putting up 1"
    ] * 2
    top = "2c Ah 7d  Qs Jd Kh  3c Qd 4h  5s 9c Kc  8d Jc 2d"  # up: seat 1 Qs, 2 Jd, 0 Kh
    variant = stacked(top, ante=0, preset="S3-variant")
    assert variant.age == 1 and variant.to_move == 0  # R6.2: the king, not the Age nor seat 2
    assert not variant.observation(0)["coming_in"]
    assert "Each round is opened by the highest hand showing" in rules_in_play(variant, 0)
    assert "Price to come in" not in render_stud(variant.observation(0), 0).plain
    one = parlour.make("stud-poker", players=3, ante=0, first_bettor="highest-showing")
    assert one.new_state(seed=1).to_move in range(3)
    assert stacked().observation(0)["coming_in"]  # D-4: with the Age's ante, as before
