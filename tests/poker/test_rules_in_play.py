"""``r`` at a poker player's turn: the rules in play, every option worded (D-2, J-3, V-7 ...)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

import parlour
from parlour.cli import app
from parlour.poker.rules_words import rules_in_play


def _flat(text: str) -> str:
    """The output with its lines joined: rich wraps a long rule at the screen's width."""
    return " ".join(text.split())


POKER = ("draw-poker", "jackpots", "straight-poker", "stud-poker", "whiskey-poker")


@pytest.mark.parametrize("name", POKER)
def test_every_field_of_the_rules_is_worded_or_listed_as_not_changing_play(name):
    """A field added to a game's rules dataclass and not worded fails here."""
    from parlour.poker.rules_words import GAMES
    from parlour.wording import unworded

    assert sorted(GAMES) == sorted(POKER)
    _, lines, silent = GAMES[name]
    rules_class = type(parlour.make(name).rules)
    assert unworded(rules_class, lines, silent) == []
    assert silent <= {f for f in parlour.make(name).options()}  # no stale name in the list


def _play_r(args: list[str], tmp_path) -> str:
    """``parlour play ARGS``, typing ``r`` at the first turn, then quitting."""
    save = tmp_path / "game.json"
    result = CliRunner().invoke(app, ["play", *args, "--save", str(save)], input="r\nq\n")
    assert result.exit_code == 0, result.output
    assert "Not allowed" not in result.output  # 'r' was answered, not refused as an action
    assert "r = rules" in result.output
    return _flat(result.output)


@pytest.mark.rule("D-2")
def test_draw_poker_r_tells_the_limits_in_play_D_2(tmp_path):
    out = _play_r(["draw-poker", "--players", "3", "--seed", "4", "--rule", "limit_after=10",
                   "--rule", "stage_after=2", "--rule", "joker=wild"], tmp_path)  # fmt: skip
    assert "Draw Poker: the rules in play" in out and "Players: 3." in out
    assert "Before the draw: limit 5, in stages of 1 (D-2)." in out
    assert "After the draw: limit 10, in stages of 2 (D-2)." in out
    assert "The Joker is in the pack, wild" in out
    assert "With the Joker, a royal flush still beats five of a kind" in out


@pytest.mark.rule("D-10")
def test_draw_poker_r_tells_s4s_straddle_and_royal_penalty_D_10_D_13(tmp_path):
    out = _play_r(["draw-poker", "--players", "4", "--preset", "S4-club", "--seed", "2"], tmp_path)
    assert "Straddling (S4's)" in out and "Coming in costs the ante itself (D-4, D-10)." in out
    assert "collects 3 from each other player (D-13)." in out
    assert "the limit caps what each player puts up in a betting interval (D-2)." in out


@pytest.mark.rule("J-7")
def test_a_sitting_of_progressive_jackpots_answers_r_J_3_J_7(tmp_path):
    """A sitting of several deals (play_draw's loop) answers ``r`` in its deal."""
    out = _play_r(["jackpots", "--players", "3", "--deals", "3", "--progressive", "--seed", "1",
                   "--rule", "openers=Q"], tmp_path)  # fmt: skip
    assert "Jack-Pots: the rules in play" in out
    assert "Openers: a pair of queens or better (J-3)." in out
    assert "Progressive: each unopened deal raises the openers one degree" in out


@pytest.mark.rule("C-2")
def test_stud_r_tells_the_variant_rounds_and_a_stripped_pack_V_3_C_2(tmp_path):
    out = _play_r(["stud-poker", "--players", "3", "--preset", "S3-variant", "--seed", "4",
                   "--rule", "pack=44", "--rule", "limit=10"], tmp_path)  # fmt: skip
    assert "Stud Poker: the rules in play" in out
    assert "A betting round after every card from card 2" in out
    assert "Pack: stripped to 44 cards" in out and "(C-2, R1.7)." in out
    assert "Limit 10, in stages of 1" in out


@pytest.mark.rule("V-1")
def test_straight_poker_r_tells_the_buck_and_the_60_card_pack_V_1_C_3(tmp_path):
    out = _play_r(["straight-poker", "--players", "8", "--seat", "1", "--seed", "4"], tmp_path)
    assert "The holder of the buck antes 1 for every player" in out
    assert "Pack: the 60-card pack" in out and "(C-3)." in out
    assert "Players: 8." in out
    assert "The betting is opened by the player at the Age's left, as at Draw Poker" in out


@pytest.mark.rule("V-7")
def test_whiskey_r_tells_the_settlement_and_the_knock_V_7_R7_3(tmp_path):
    out = _play_r(["whiskey-poker", "--players", "3", "--preset", "FCH", "--seed", "4"], tmp_path)
    assert "Settlement: each antes, and the best hand takes the pool" in out
    assert "You may knock before the widow is taken (R7.3)." in out
    assert "Play ends only on a knock (V-6)." in out


def test_whiskey_r_with_rounds_agreed_says_the_betting_also_follows_them_V_7(tmp_path):
    out = _play_r(
        ["whiskey-poker", "--players", "3", "--rule", "rounds=2", "--seed", "4"], tmp_path
    )
    assert "Settlement: after the knock round (or the rounds agreed, if nobody knocks), a " in out
    assert "Play ends after 2 rounds with the widow face up and no knock" in out


def test_every_agreement_of_a_sitting_is_worded_or_left_to_the_deals_rules():
    from parlour.poker.rules_words import SITTING, SITTING_SILENT
    from parlour.poker.sitting import SittingRules
    from parlour.wording import unworded

    assert unworded(SittingRules, SITTING, SITTING_SILENT) == []


@pytest.mark.rule("J-1")
def test_r_in_a_sitting_also_tells_its_agreements_the_buck_J_1(tmp_path):
    """A sitting's agreements (J-1: the buck, a Jack-Pot every so many deals) change which
    deals are Jack-Pots: ``r`` tells them after the deal's own rules."""
    out = _play_r(["draw-poker", "--players", "3", "--deals", "4", "--seed", "4",
                   "--sitting-rule", "buck=true", "--sitting-rule", "jackpot_every=3"],
                  tmp_path)  # fmt: skip
    deal, sitting = out.split("The sitting's agreements")
    assert "This deal is a Jack-Pot: the buck is with You" in deal  # you deal first
    assert "Jack-Pots: the rules in play" in deal and "Openers: a pair of jacks" in deal
    assert "The sitting ends after 4 deals (D-1)." in sitting
    assert "A Jack-Pot every 3 deals (J-1)." in sitting
    assert "The buck: a Jack-Pot when its holder deals; the winner of the pool takes it" in sitting


@pytest.mark.rule("D-3")
def test_stud_r_tells_the_age_s_ante_as_at_draw_poker_D_3_D_4(tmp_path):
    """``r`` said "Every player antes 1" for S3's Stud, whose ante is Draw Poker's (V-2)."""
    out = _play_r(["stud-poker", "--players", "3", "--seed", "4"], tmp_path)
    assert "As at Draw Poker, the Age antes 1; each other player comes in at twice the ante" in out
    assert "the Age last making good or forfeiting his ante" in out
    assert "Every player antes" not in out
    every = _play_r(["stud-poker", "--players", "3", "--seed", "4", "--preset", "R6.6"], tmp_path)
    assert "Every player antes 1 (V-2, D-3, D-4, D-6, R3.11, R6.6)." in every


@pytest.mark.rule("R6.6")
@pytest.mark.parametrize("mode", ["age", "all", "dealer"])
def test_stud_r_words_an_ante_of_nothing_as_no_ante_R6_6(tmp_path, mode):
    """With --rule ante=0 ``r`` said "the Age antes 0; each other player comes in at twice
    the ante or drops, the Age last making good or forfeiting his ante" (or "Every player
    antes 0"), though nobody antes and the first to speak bets (R6.6's ante is 0)."""
    args = ["stud-poker", "--players", "3", "--seed", "4", "--rule", "ante=0"]
    out = _play_r([*args, "--rule", f"ante_mode={mode}"], tmp_path)
    assert "Nobody antes (ante=0): each round starts at nothing" in out
    assert "antes 0" not in out and "making good" not in out


@pytest.mark.rule("D-4")
@pytest.mark.rule("R6.2")
def test_stud_r_says_the_coming_in_has_no_opening_bet_D_4_R6_2():
    """Under the Age's ante ``r`` said "Each round is opened by the player at the Age's left"
    and "The first to speak bets or throws up his cards (R6.2)", but the first round is the
    coming in (D-4): the first to speak owes twice the ante and may not bet; under S3's
    variation it said the highest hand showing opens every round, the first included."""
    from parlour.poker.rules_words import rules_in_play

    def r(**options):
        state = parlour.make("stud-poker", players=3, **options).new_state(seed=4)
        return rules_in_play(state, 0), state

    plain, state = r()
    assert "bets or throws up" not in plain and "Each round" not in plain
    assert "The coming in is opened by the player at the Age's left, the Age speaking last" in plain
    assert state.to_move == (state.age + 1) % 3 and "bet 1" not in map(str, state.legal_actions())
    variant, state = r(preset="S3-variant")
    assert (
        "The coming in is opened by the player at the Age's left, the Age speaking last; each "
        "later round is opened by the highest hand showing" in variant
    )
    assert "In each round after the coming in the first to speak bets or throws up" in variant
    assert state.to_move == (state.age + 1) % 3
    every, _ = r(preset="R6.6")
    assert "Each round is opened by the player at the Age's left (V-2, R6.2, R6.5)." in every
    assert "The first to speak bets or throws up his cards (R6.2)." in every


@pytest.mark.rule("J-1")
def test_r_in_a_sitting_of_a_jack_pot_every_deal_counts_it_right_J_1(tmp_path):
    """J-1 with jackpot_every=1: ``r`` said "A Jack-Pot every 1 deals"."""
    out = _play_r(["draw-poker", "--players", "3", "--deals", "2", "--seed", "4",
                   "--sitting-rule", "jackpot_every=1"], tmp_path)  # fmt: skip
    sitting = out.split("The sitting's agreements")[1]
    assert "A Jack-Pot every deal (J-1)." in sitting and "every 1 deals" not in sitting


@pytest.mark.rule("R7.4")
@pytest.mark.rule("V-7")
@pytest.mark.parametrize("preset", [None, "BIC"])
def test_whiskey_r_says_when_a_pass_is_allowed_as_the_game_allows_it_R7_4_V_7(preset):
    """R7.4, V-7: ``r`` said "Nobody may pass once the widow lies face up", yet after a
    knock every player's last turn offers "pass" (V-7: he *may* exchange), and under BIC
    a pass there follows a pass before it; the line now says what the game allows."""
    state = parlour.make("whiskey-poker", players=3, preset=preset).new_state(seed=1)
    state.apply("take-widow")  # seat 1: the widow lies face up
    before = [a for a in state.legal_actions() if not a.startswith("exchange")]
    state.apply("pass" if "pass" in before else "swap-all").apply("knock")  # seats 2, 0
    assert "pass" in state.legal_actions()  # seat 1, after the knock
    state.apply("swap-all")
    assert "pass" in state.legal_actions()  # seat 2, who passed at his turn before (BIC)
    said = [line for line in rules_in_play(state, 0).splitlines() if " pass " in line]
    if preset is None:
        assert "pass" not in before
        assert said == ["- Nobody may pass once the widow lies face up until a knock; after it "
                        "each may pass his last turn, keeping his hand (R7.4, V-7)."]  # fmt: skip
    else:
        assert "pass" in before
        assert said == ["- You may pass once the widow lies face up, but not at two turns in a "
                        "row before a knock (R7.4, V-7)."]  # fmt: skip


@pytest.mark.rule("R7.1")
@pytest.mark.rule("V-7")
def test_whiskey_r_lists_the_ante_only_where_the_settlement_collects_it_R7_1_V_7():
    """R7.1, V-7: under poorest-pays no ante is put up (the pool stays 0; the poorest pays
    his forfeit), yet ``r`` listed "Ante: 1 (R7.1)"; the settlements that collect it list it."""
    for settlement in ("poorest-pays", "best-wins", "betting", "lives"):
        state = parlour.make("whiskey-poker", players=3, settlement=settlement).new_state(seed=1)
        listed = "- Ante: 1 (R7.1)." in rules_in_play(state, 0).splitlines()
        assert listed == (state.pool > 0), settlement
