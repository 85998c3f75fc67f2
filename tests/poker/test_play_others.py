"""``parlour play stud-poker | straight-poker | whiskey-poker`` with scripted input."""

from __future__ import annotations

import json
import random
import re

import pytest
from typer.testing import CliRunner

import parlour
from parlour import terminal
from parlour.cli import app
from parlour.poker.play_others import (
    describe,
    news,
    render_straight,
    render_stud,
    render_whiskey,
    told,
)
from parlour.testing import play_random
from tests.poker.test_straight import stacked as straight_stacked
from tests.poker.test_whiskey import standard as whiskey_standard


# the seat that is surely asked: Straight Poker's dealer is not if the two before him throw
# down their cards (V-1, W-12), so the player sits at his left, who speaks first (R5.3)
@pytest.mark.parametrize(
    ("name", "seat"), [("stud-poker", "0"), ("straight-poker", "1"), ("whiskey-poker", "0")]
)
def test_play_a_whole_deal_against_book_bots_and_replay_it(name, seat, tmp_path):
    save = tmp_path / f"{name}.json"
    answers = "nonsense\nh\n" + "1\n" * 400  # an illegal answer first, then always the first choice
    result = CliRunner().invoke(
        app,
        ["play", name, "--players", "3", "--seat", seat, "--seed", "4", "--save", str(save)],
        input=answers,
    )
    assert result.exit_code == 0, result.output
    assert "Not allowed" in result.output and "Result" in result.output
    assert "The strong player would" in result.output  # the hint
    dealers = {line.split("dealer ")[1].split(",")[0] for line in result.output.splitlines()
               if "Poker: " in line and "dealer " in line}  # fmt: skip
    assert dealers and all(d.endswith(")") and " (seat " in d for d in dealers)  # as moves say
    record = json.loads(save.read_text())
    assert record["game"] == name and record["options"]["players"] == 3
    replayed = CliRunner().invoke(app, ["replay", str(save)])
    assert replayed.exit_code == 0 and "Result" in replayed.output


def test_play_with_random_bots_a_preset_and_a_rule_option(tmp_path):
    save = tmp_path / "w.json"
    result = CliRunner().invoke(
        app,
        ["play", "whiskey-poker", "--players", "4", "--bot", "random", "--preset", "BIC",
         "--rule", "joker=wild", "--seed", "2", "--save", str(save)],
        input="1\n" * 400,
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert json.loads(save.read_text())["options"]["joker"] == "wild"


def test_bad_options_exit_2_naming_the_rule(tmp_path):
    stripped = CliRunner().invoke(
        app, ["play", "stud-poker", "--players", "6", "--rule", "pack=44"]
    )
    assert stripped.exit_code == 2 and "C-2" in stripped.output
    old = CliRunner().invoke(app, ["play", "straight-poker", "--players", "5", "--rule", "pack=20"])
    assert old.exit_code == 2 and "C-5" in old.output
    seat = CliRunner().invoke(app, ["play", "whiskey-poker", "--players", "3", "--seat", "5"])
    assert seat.exit_code == 2 and "--seat" in seat.output


def test_actions_in_words():
    """A person's choices are worded as choices; the moves the table is told, and a replay's,
    in the third person."""
    assert describe("exchange 7h Qd") == "give 7♥ to the widow and take Q♦"
    assert describe("raise 1") == "raise by 1" and "widow" in describe("take-widow")
    assert told("exchange 7h Qd") == "gives 7♥ to the widow and takes Q♦"
    assert told("raise 1") == "raises by 1" and told("fold") == "throws up the cards"


@pytest.mark.rule("W-10")
@pytest.mark.parametrize("name", ["draw-poker", "stud-poker", "straight-poker", "whiskey-poker"])
def test_w10_a_raise_is_worded_as_at_draw_poker_in_every_game(name):
    """W-10: Draw Poker offered "raise by 2" and told "raises by 2, putting up 5" while Stud,
    Straight and Whiskey offered "raise 2 chips" and told "raises 2 chips, putting up 5", as
    if the 2 were what he put up; every game now says "by", in the menu, in play and replay."""
    game = parlour.make(name)
    state = game.new_state(seed=1)
    while True:  # a bet to raise, a knock to end Whiskey's exchanging
        texts = [str(a) for a in state.legal_actions()]
        move = next(t for head in ("raise ", "bet ", "knock", "call", "check", "") for t in texts
                    if t.startswith(head))  # fmt: skip
        state.apply(move)
        if move.startswith("raise "):
            break
    by = move.split()[1]
    assert terminal.describe(game, move) == f"raise by {by}"
    assert re.fullmatch(rf"raises by {by}, putting up \d+", terminal._NEWS[name](state)[-1][1])


def test_the_bots_moves_are_told_once_in_the_third_person(tmp_path):
    save = tmp_path / "w.json"
    result = CliRunner().invoke(
        app, ["play", "whiskey-poker", "--players", "3", "--seed", "2", "--save", str(save)],
        input="2\n" * 30,
    )  # fmt: skip
    lines = [line.removeprefix("> ") for line in result.output.splitlines()]
    moves = [line for line in lines if line.startswith("Bot ") and "(seat " in line]
    assert "Bot 2 (seat 2): gives K♦ to the widow and takes 6♣" in moves
    assert "Bot 2 (seat 2): bets 3, putting up 3" in moves  # what a bet put up
    assert not any(line.lstrip().startswith("Seat 2: give") for line in lines)  # no 2nd log
    replayed = CliRunner().invoke(app, ["replay", str(save)]).output
    assert "Bot 2 (seat 2): gives K♦ to the widow and takes 6♣" in replayed
    assert "You (seat 0): sees the bet, putting up 3" in replayed  # named as at play


@pytest.mark.rule("W-11")
@pytest.mark.rule("V-1")
def test_W11_the_straight_poker_table_shows_the_called_hands_in_cards_and_words():
    """W-11 (S3): "The complete hands of the caller and the called must be shown": the table
    lists each, in cards and in words; the hand thrown down stays unseen."""
    state = straight_stacked(["bet 1", "call", "fold"])  # seat 1 bets, seat 2 calls
    described = state.results[-1]["described"]
    text = render_straight(state.observation(2), 2).plain
    assert "Deal 1: Seat 1 takes the pool of 5 at the show:" in text
    assert f"  Seat 1   A♠ A♦ K♣ K♦ 2♥  {described['1']}" in text
    assert f"  You      3♣ 3♦ 7♥ 8♠ 9♣  {described['2']}" in text
    assert "Q♥" not in text  # the dealer threw his hand down
    uncalled = straight_stacked(["fold", "fold"])
    assert "Seat 0 takes the pool of 3, uncalled: no hand is shown (W-12)" in (
        render_straight(uncalled.observation(1), 1).plain
    )


@pytest.mark.rule("V-7")
@pytest.mark.rule("W-11")
def test_V7_the_whiskey_table_shows_every_hand_laid_down_in_cards_and_words():
    """V-7: at the settlement the hands are laid down: the table lists each seat's cards and
    hand in words (no bare lists of seat numbers), and who takes the pool of how much; the
    poorest is named where the settlement makes him pay (or lose a life, R7.7), not where the
    best hand takes the pool: "Best hand: Seat 1; poorest: You" never said who took what."""
    state = whiskey_standard(["take-widow", "knock", "pass", "pass"], preset="best-wins")
    described = state.results[-1]["described"]
    text = render_whiskey(state.observation(0), 0).plain
    assert f"  You      8♣ 8♦ 10♥ 2♥ 3♠  {described['0']}" in text
    assert f"  Seat 1   Q♥ Q♦ Q♣ 5♠ 6♥  {described['1']}" in text
    assert f"  Seat 2   A♥ A♦ K♣ K♠ 3♦  {described['2']}" in text
    assert "Deal 1: Seat 1 takes the pool of 3 at the show:" in text and "[" not in text
    assert "poorest" not in text and "Forfeits" not in text  # best-wins: to a player
    poorest = whiskey_standard(["take-widow", "knock", "pass", "pass"], preset="poorest-pays")
    text = render_whiskey(poorest.observation(0), 0).plain  # the chip no player receives
    assert (
        "Forfeits paid to the pool (V-7): 1. That pool leaves this table, no player takes it: "
        "the payoffs sum to -1." in text
    )
    assert "Best hand: Seat 1; poorest: You" in text and "takes the pool" not in text
    assert sum(poorest.payoffs()) == -1
    called = whiskey_standard(["take-widow", "knock", "pass", "pass", "bet 1", "call", "fold"])
    text = render_whiskey(called.observation(2), 2).plain  # W-11: the call shows two hands
    assert "  Seat 1   Q♥ Q♦ Q♣ 5♠ 6♥" in text and "  You      A♥ A♦ K♣ K♠ 3♦" in text
    assert "8♣ 8♦" not in text and "Deal 1: Seat 1 takes the pool of 5 at the show:" in text
    assert called.payoffs() == [-1, 3, -2]
    uncalled = whiskey_standard(["take-widow", "knock", "pass", "pass", "bet 2", "fold", "fold"])
    text = render_whiskey(uncalled.observation(0), 0).plain
    assert "Seat 1 takes the pool of 5, uncalled: no hand is shown (W-12)" in text
    assert "None" not in text
    lives = play_random(parlour.make("whiskey-poker", players=3, settlement="lives"), 1)
    text = render_whiskey(lives.observation(0), 0).plain  # R7.7: the survivor takes it
    last = next(s for s, n in enumerate(lives.results[-1]["lives"]) if n > 0)
    assert f"{'You' if last == 0 else f'Seat {last}'} take" in text
    assert "the pool of 3, the last with a life (R7.7)" in text and "poorest: " in text


@pytest.mark.rule("W-11")
@pytest.mark.rule("V-2")
def test_W11_the_stud_table_names_each_hand_shown_at_the_show():
    """W-11: at a called show the stud table named only the winner; each hand shown is now
    given in words, beside the hole cards already turned up."""

    game = parlour.make("stud-poker", players=3)
    for seed in range(40):
        state = game.new_state(seed=seed)
        while not state.is_over:
            legal = [str(a) for a in state.legal_actions()]
            state.apply("call" if "call" in legal else "bet 1" if "bet 1" in legal else legal[0])
        if state.result["called"]:
            break
    described = state.result["described"]
    text = render_stud(state.observation(0), 0).plain
    assert len(described) >= 2
    for s, words in described.items():
        assert f"{'You' if s == '0' else f'Seat {s}'}: {words}" in text


@pytest.mark.rule("V-1")
@pytest.mark.rule("V-7")
def test_the_table_hears_every_ante_move_and_deal_end_in_order():
    """Each deal is told whole and in order: its antes (V-1: the buck's holder antes for
    all, each deal), its moves, then how it ended, before the next deal's antes.  Whiskey
    Poker's news lost the moves of a second deal, whose log started afresh, and a deal's
    end came only on the table drawn after the next deal's first moves."""

    straight = play_random(parlour.make("straight-poker", players=3, pools=3), 4)
    heard = news(straight)
    antes = [text for seat, text in heard if seat == -1 and " antes " in text]
    assert len(antes) == 3 + sum(1 for r in straight.results if r.get("double_header"))
    assert all(text.endswith("for all (the buck, V-1)") for text in antes)
    assert heard[0][0] == -1 and " antes " in heard[0][1]  # the first ante, first
    whiskey = play_random(parlour.make("whiskey-poker", players=3, settlement="lives"), 1)
    assert whiskey.deal_no > 2
    heard = news(whiskey)
    assert heard[0] == (-1, "each antes 1 (R7.1)")
    assert len([h for h in heard if h[0] >= 0]) == len(
        [e for e in whiskey.history if "action" in e]
    )
    ends = [i for i, (seat, text) in enumerate(heard) if seat == terminal.HEADLINE]
    assert all(heard[i][1].startswith("Deal ") for i in ends)
    # the game over, its last deal's end is on the final table, not told as well (it was
    # printed twice, as "The table: Deal N: ..." and on the table under it)
    assert len(ends) == len(whiskey.results) - 1 == whiskey.deal_no - 1
    last = f"Deal {whiskey.deal_no}: "
    assert last not in " ".join(text for _, text in heard)
    assert last in render_whiskey(whiskey.observation(0), 0).plain
    moves_by_deal = [e["deal"] for e in whiskey.log]
    told_moves = [i for i, (seat, _) in enumerate(heard) if seat >= 0]
    for deal, end in enumerate(ends, 1):  # after its own moves, before the next deal's
        own = [i for i, d in zip(told_moves, moves_by_deal, strict=True) if d == deal]
        later = [i for i, d in zip(told_moves, moves_by_deal, strict=True) if d > deal]
        assert max(own) < end < min(later, default=len(heard))
    stud = play_random(parlour.make("stud-poker", players=4, preset="buck"), 0)
    assert news(stud)[0] == (-1, "Seat 0 antes 4 for all (the buck, R6.6)")


@pytest.mark.parametrize(
    ("name", "preset", "said"),
    [("straight-poker", "sitting", "Deal 1: You (seat 0) take the pool of 9, uncalled"),
     ("whiskey-poker", "lives", "Deal 1: the hands shown:")],
)  # fmt: skip
def test_a_deals_end_is_told_as_a_headline_not_as_the_tables_words(name, preset, said):
    """In a game of several deals each deal's end was told "The table: Deal 1: ...", as if
    the table said it as it says an ante; it is told as it stands, as Draw Poker's sittings
    tell "Deal 2: ..." (news from :data:`terminal.HEADLINE`)."""
    answers = "bet 5\nraise 5\n" if name == "straight-poker" else "1\n" * 12
    result = CliRunner().invoke(
        app,
        ["play", name, "--bot", "strong", "--seed", "2", "--preset", preset, "--save",
         "/dev/null"],
        input=answers,
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert any(line.startswith(said) for line in result.output.splitlines())
    assert "The table: Deal" not in result.output


def test_the_stud_table_shows_ones_own_hole_card_only_and_each_seats_own_figures():
    """Seat 1 (not the dealer) sees his hole card in his own row and "##" in every other
    (P01 put it in the dealer's row, where it read as seat 0's card); each row's "put up"
    and "(out)" are that seat's; the dealer is named; the betting line says what he owes.

    P01: play_others.py:58 `if s == seat:` (hole) -> `if s == obs["dealer"]:`
    P02: play_others.py:60 `" (out)" if obs["folded"][s]` -> `if not obs["folded"][s]`
    P03: play_others.py:62 `put up {obs['paid'][s]}` -> `put up {obs['paid'][seat]}`
    P04: play_others.py:47 `owe = obs["price"] - obs["put"][obs["seat"]]` -> `obs["price"]`
    P20: play_others.py:53 `terminal.called(obs['dealer'])` -> `terminal.called(obs['dealer'] + 1)`
    P05: play_others.py:66 "at the show" / "uncalled ..." swapped
    """
    state = parlour.make("stud-poker", players=3).new_state(seed=1)
    obs = state.observation(1)
    assert obs["dealer"] == 0 and obs["hole"] == "Qs"
    obs = {**obs, "folded": [False, False, True], "paid": [1, 2, 3], "price": 3, "put": [0, 1, 3]}
    lines = render_stud(obs, 1).plain.splitlines()
    assert lines[0].startswith("Stud Poker: dealer seat 0,")
    assert lines[1].startswith("  Seat 0   [##] ") and lines[1].endswith("  put up 1")
    assert lines[2].startswith("  You      [Q♠] ") and lines[2].endswith("  put up 2")
    assert lines[3].startswith("  Seat 2   [##] ") and lines[3].endswith(" (out)  put up 3")
    assert "Price to come in: 3 (you owe 2)." in lines  # the first interval: D-4
    called = {**obs, "result": {"winners": [0], "called": True, "described": {}}}
    assert "Result: Seat 0 takes the pool of 1 (at the show)" in render_stud(called, 1).plain
    uncalled = {**obs, "result": {"winners": [0], "called": False}}
    assert "(uncalled, the hole card unseen)" in render_stud(uncalled, 1).plain


@pytest.mark.rule("V-1")
def test_the_straight_table_lists_those_out():
    """Only the seats that threw down their cards are "Out" (P06 listed those still in).

    P06: play_others.py:81 `for s, f in enumerate(obs["folded"]) if f` -> `if not f`
    """
    state = straight_stacked(["fold"])  # seat 1 throws down
    assert "Out: You" in render_straight(state.observation(1), 1).plain
    assert "Out: Seat 1" in render_straight(state.observation(2), 2).plain


@pytest.mark.rule("V-6")
@pytest.mark.rule("V-7")
def test_the_whiskey_table_names_the_right_seat_for_known_cards_the_knock_and_lives():
    """What is known of each other seat's hand is put to that seat (P19 reversed the seats;
    P16 also listed one's own), the knocker is named (P08 named the viewer), each seat's
    lives are its own (P09 reversed them), and the betting line is shown (P18 dropped it).

    P08: play_others.py:122 `_who(obs['knocker'], seat)` -> `_who(seat, seat)`
    P09: play_others.py:125 `enumerate(obs["lives"])` -> `enumerate(reversed(obs["lives"]))`
    P16: play_others.py:119 `if s != seat and known:` -> `if known:`
    P18: play_others.py:126 `lines.append(_betting_line(obs))` (whiskey) -> (deleted)
    P19: play_others.py:118 `enumerate(obs["known"])` -> `enumerate(reversed(obs["known"]))`
    """
    obs = whiskey_standard(["take-widow"]).observation(2)
    obs = {**obs, "known": [[], ["7d"], ["2c"]], "knocker": 1, "lives": [3, 1, 2],
           "price": 2, "put": [0, 0, 1]}  # fmt: skip
    text = render_whiskey(obs, 2).plain
    assert "  Seat 1 is known to hold 7♦" in text
    assert "is known to hold 2♣" not in text  # his own: he knows his hand
    assert "Seat 1 knocked." in text  # the turns after the knock are over: the betting is on
    assert "Lives: Seat 0 3, Seat 1 1, You 2" in text
    assert "Bet to meet this interval: 2 (you owe 1)." in text
    turns = render_whiskey({**obs, "price": None}, 2).plain
    assert "Seat 1 knocked: one more turn each." in turns


@pytest.mark.rule("V-7")
def test_the_whiskey_table_no_longer_promises_a_turn_after_the_deal_has_ended():
    """The end of a deal still said "You knocked: one more turn each." above the hands shown."""
    state = whiskey_standard(["take-widow"])
    while not state.is_over:
        legal = state.legal_actions()
        state.apply("knock" if "knock" in legal else legal[0])
    obs = state.observation(0)
    assert obs["knocker"] is not None and obs["results"]
    text = render_whiskey(obs, 0).plain
    assert "knocked." in text and "one more turn" not in text


@pytest.mark.rule("V-2")
def test_an_ante_of_nothing_is_not_told():
    """--rule ante=0: nobody antes, and the table is not told "each antes 0" (O05).

    O05: others_common.py:164 `if amount > 0:` -> `if amount >= 0:`
    """
    assert news(parlour.make("stud-poker", players=3, ante=0).new_state(seed=1)) == []


@pytest.mark.rule("V-1")
def test_V1_straight_poker_s_help_says_who_opens_the_betting():
    """V-1, W-9: the command's help names the default opener and the R5.3 preset."""
    out = CliRunner().invoke(app, ["play", "straight-poker", "--help"], env={"COLUMNS": "200"})
    assert "Age's left" in out.output and "R5.3" in out.output


def test_a_finished_deal_s_table_shows_the_pool_it_ended_with_not_0():
    """The last table of 'parlour play straight-poker --seed 3' read "..., pool 0" over
    "Deal 1: You (seat 0) take the pool of 6 at the show" (Whiskey Poker's too): the pool
    once taken.  It now shows the pool the deal ended with, as Stud's table does."""
    straight = straight_stacked(["bet 1", "call", "call"])
    assert straight.is_over and (taken := straight.results[-1]["pool"]) > 0
    head = render_straight(straight.observation(0), 0).plain.splitlines()[0]
    assert head.endswith(f", pool {taken}") and f"the pool of {taken}" in (
        render_straight(straight.observation(0), 0).plain
    )
    whiskey = whiskey_standard(["take-widow", "knock", "pass", "pass", "bet 1", "call", "fold"])
    head = render_whiskey(whiskey.observation(0), 0).plain.splitlines()[0]
    assert head.endswith(", pool 5"), head
    going = whiskey_standard(["take-widow", "knock", "pass", "pass", "bet 1"])
    assert render_whiskey(going.observation(0), 0).plain.splitlines()[0].endswith(", pool 4")


@pytest.mark.rule("D-4")
def test_D4_the_stud_menu_offers_the_call_as_coming_in_not_only_seeing_a_bet():
    """`parlour play stud-poker --seed 3` offered "2  see the bet  call" against the Age's
    ante, where nobody had bet and the table said "come in at the price, or drop (D-4)".
    Stud's call now reads as Draw Poker's does: what you owe, to come in, make good or see
    the bet; Straight Poker's stays "see the bet"."""
    out = (
        CliRunner()
        .invoke(app, ["play", "stud-poker", "--seed", "3", "--save", "/dev/null"], input="q\n")
        .output
    )
    assert "come in at the price, or drop (D-4)" in out
    assert "call: come in at the price (D-4)" in " ".join(out.split())
    assert describe("call") == "see the bet"  # Straight Poker's and Whiskey's call


@pytest.mark.rule("D-6")
@pytest.mark.rule("D-7")
def test_D6_D7_the_stud_call_is_offered_as_what_it_is_at_that_seat_and_round():
    """The menu offered "call: put up what you owe (come in, make good, or see the bet)" in
    every round, so a player seeing a bet on the fifth card was offered coming in: the call
    is now worded for the seat and the round, coming in (D-4), the Age making good (D-6),
    meeting a raise (D-5, D-7), or seeing a bet."""
    from parlour.poker.play_others import offer_stud

    said: dict[tuple[int, bool], set[str]] = {}
    game = parlour.make("stud-poker", players=4, preset="S3-variant")
    for seed in range(30):
        state, rng = game.new_state(seed=seed), random.Random(seed)
        while not state.is_over:
            obs = state.observation(state.to_move)
            if "call" in [str(a) for a in state.legal_actions()]:
                key = (obs["interval"], obs["seat"] == obs["age"])
                said.setdefault(key, set()).add(offer_stud("call", obs))
            state.apply(rng.choice(state.legal_actions()))
    assert {"call: come in at the price (D-4)", "call: meet the raise (D-5, D-7)"} <= said[1, False]
    assert {
        "call: make good the ante, staying in (D-6)",  # the Age facing a raise makes
        "call: make good the ante and meet the raise (D-6, D-7)",
    } <= said[1, True]  # good too
    later = set().union(*(words for (interval, _), words in said.items() if interval > 1))
    assert later == {"see the bet"}
    # coming in at the ante itself (D-10), the Age has nothing to make good
    state = parlour.make("stud-poker", players=2, come_in="ante").new_state(seed=1)
    state.apply("raise 2")
    assert offer_stud("call", state.observation(state.to_move)) == "call: meet the raise (D-5, D-7)"


@pytest.mark.rule("W-11")
def test_W11_the_hands_shown_line_up_in_one_column_whatever_the_names():
    """At the show 'parlour play straight-poker --seed 5 --preset sitting' printed
    "  Bot 3 (seat 3) J♣ ..." over "  You (seat 0) A♥ ...": the names padded to 8
    characters, the table's names are longer, and the cards went out of line."""
    out = (
        CliRunner()
        .invoke(
            app,
            ["play", "straight-poker", "--seed", "5", "--preset", "sitting", "--save", "/dev/null"],
            input="2\n" * 30,
        )
        .output
    )
    lines = out.splitlines()
    head = next(i for i, line in enumerate(lines) if line.endswith("at the show:"))
    shown = lines[head + 1 : head + 4]
    assert [line.split(")")[0] for line in shown] == ["  Bot 3 (seat 3", "  You (seat 0",
                                                      "  Bot 1 (seat 1"]  # fmt: skip
    cards_at = {re.match(r"  .*?\) +", line).end() for line in shown}  # type: ignore[union-attr]
    assert len(cards_at) == 1, shown


@pytest.mark.rule("V-7")
def test_V7_the_whiskey_table_says_who_is_out_of_the_betting():
    """In Whiskey Poker's betting (V-7) the table named nobody who had thrown up his cards:
    'parlour play whiskey-poker --seed 9 --rule rounds=2' asked for 3 chips with two seats
    already out and only their moves, scrolled past, to tell it.  It now has Straight
    Poker's 'Out:' line once anyone is out."""
    state = whiskey_standard(["take-widow", "knock", "pass", "pass", "bet 1", "fold"])
    assert state.to_move == 0 and state.folded == [False, False, True]
    text = render_whiskey(state.observation(0), 0).plain
    assert "Out: Seat 2" in text.splitlines()
    assert "Out:" not in render_whiskey(whiskey_standard(["take-widow"]).observation(0), 0).plain


@pytest.mark.rule("R6.4")
def test_the_stud_result_says_how_much_the_winner_takes_as_straight_and_whiskey_do():
    """R6.4: Stud's end said only "Result: Seat 0 wins (at the show)", never how much, where
    Straight and Whiskey Poker say "takes the pool of 9"; it now names the pool, which is
    what the winners are paid."""
    for seed in range(4):
        state = play_random(parlour.make("stud-poker", players=3), seed)
        text = render_stud(state.observation(0), 0).plain
        winners = state.observation(0)["result"]["winners"]
        assert sum(state.won) == state.pool and f"the pool of {state.pool} (" in text, text
        assert ("take the pool" if len(winners) > 1 or winners == [0] else "takes the pool") in text


@pytest.mark.rule("R7.7")
def test_R7_7_each_deal_of_the_lives_game_says_who_loses_a_life():
    """R7.7: in the lives game the worst hand loses a life; a deal's end said only "poorest:
    Seat 1", and the account since a person's last turn never told him that he, or another,
    had lost one, nor who was out. Each loss is now said, with the lives left."""
    for seed in range(3):
        state = play_random(parlour.make("whiskey-poker", players=3, settlement="lives"), seed)
        told_words = "\n".join(words for _, words in news(state))  # every deal's end but the last
        table = render_whiskey(state.observation(0), 0).plain  # the last deal's end
        ends = {int(e.split(":")[0]): e for e in told_words.split("Deal ")[1:]}
        last = state.results[-1]["deal"]
        ends[last] = table.split(f"Deal {last}: ")[1]
        losses = 0
        for result in state.results:
            if len(result["poorest"]) == len(result["hands"]):
                continue  # all hands exactly equal: nobody loses a life
            for s in result["poorest"]:
                left = result["lives"][s]
                who = "You lose" if s == 0 and result["deal"] == last else f"Seat {s} loses"
                assert f"{who} a life: {left or 'none'} left" in ends[result["deal"]]
                losses += 1
        assert losses == 3 * 3 - sum(state.results[-1]["lives"])  # every life lost told once
        assert told_words.count(" a life: ") + table.count(" a life: ") == losses


@pytest.mark.rule("R7.7")
def test_R7_7_a_player_out_of_lives_is_told_so_not_shown_an_empty_hand():
    """At the end of the lives game a player who had lost his last life read 'Your hand: -',
    as if his cards had gone missing; he is told he is out of the game (R7.7)."""
    from parlour.bots import make

    game = parlour.make("whiskey-poker", players=3, preset="lives")
    state = game.new_state(seed=5)
    bots = [make("book", game, seed=i) for i in range(3)]
    while not state.is_over:
        state.apply(bots[state.to_move].choose(state.observation(state.to_move),
                                               state.legal_actions()))  # fmt: skip
    out = [s for s in range(3) if not state.observation(s)["lives"][s]]
    assert out
    for s in range(3):
        text = render_whiskey(state.observation(s), s).plain
        assert ("Your hand: none, you have no life left: out of the game (R7.7)" in text) is (
            s in out
        )
        assert "Your hand: -" not in text
