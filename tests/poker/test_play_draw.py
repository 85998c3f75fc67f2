"""``parlour play draw-poker`` and ``parlour replay`` with scripted input (CliRunner)."""

from __future__ import annotations

import json
import os
import re
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

import parlour
from parlour.cards import Card, format_cards, parse_cards
from parlour.cli import app
from parlour.poker.play_draw import describe, news, render
from tests.screen import printed, rows

runner = CliRunner()


@pytest.fixture(autouse=True)
def _games_saved_in_a_scratch_folder(tmp_path, monkeypatch):
    """A game played without --save is saved under ./games: here, not in the checkout."""
    monkeypatch.chdir(tmp_path)


def test_play_one_deal_against_bots_saves_a_history_that_replays(tmp_path):
    path = tmp_path / "deal.json"
    result = runner.invoke(
        app, ["play", "draw-poker", "--players", "3", "--seed", "4", "--save", str(path)],
        input="2\n" * 40,
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "Draw Poker" in result.output and "Your move" in result.output
    # each bot's move is told once, as the table hears it (what a bet put up), under one name
    lines = [line.removeprefix("> ") for line in result.output.splitlines()]  # after a prompt
    moves = [line for line in lines if line.startswith("Bot ")]
    assert moves and all(" (seat " in line for line in moves)
    assert any(", putting up " in line for line in moves)
    ante = lines.index("The table: Bot 1 (seat 1) antes 1 (D-3)")  # the Age's, before any move
    assert ante < min(i for i, line in enumerate(lines) if "Your move" in line or line in moves)
    assert not any(line.startswith(("seat 1: ", "seat 2: ")) for line in lines)  # no 2nd log
    record = json.loads(path.read_text())
    assert record["game"] == "draw-poker" and record["options"]["players"] == 3
    game = parlour.make("draw-poker", **record["options"])
    assert game.replay(record["history"]).is_over
    replayed = runner.invoke(app, ["replay", str(path)])
    assert replayed.exit_code == 0, replayed.output
    assert "Result" in replayed.output


def test_bad_answers_are_refused_naming_the_rule_and_play_goes_on(tmp_path):
    path = tmp_path / "deal.json"
    answers = "raise 99\ncheck\ndraw Zz\nh\n1\n" + "1\n" * 30
    result = runner.invoke(
        app, ["play", "draw-poker", "--players", "2", "--seed", "2", "--save", str(path)],
        input=answers,
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "Not allowed" in result.output and "limit" in result.output
    # the best player's advice (not the book's rules of thumb), worded as in the other games
    assert "The strong player would " in result.output
    assert path.exists()


def test_s4_club_jackpots_progressive_sitting_of_several_deals(tmp_path):
    path = tmp_path / "s.json"
    result = runner.invoke(
        app,
        ["play", "draw-poker", "--players", "4", "--preset", "S4-club", "--jackpots",
         "--progressive", "--deals", "2", "--seed", "3", "--save", str(path)],
        input="2\n" * 200,
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "Jack-Pot" in result.output
    assert (tmp_path / "s-1.json").exists() and (tmp_path / "s-2.json").exists()


def test_a_sittings_deals_are_saved_under_one_name_numbered_by_deal(tmp_path, monkeypatch):
    """With no --save the deals went to the one-game default names: "...-draw-poker.json",
    "...-draw-poker-2.json", then "...-jackpots.json" once a Jack-Pot was dealt, with nothing
    to tie them to the sitting (and "-2" also means a name was taken).  They now share one
    name, numbered deal by deal, as the README says of --save FILE."""
    monkeypatch.chdir(tmp_path)
    args = ["play", "draw-poker", "--players", "3", "--seed", "2", "--deals", "3",
            "--bot", "random", "--jackpots"]  # fmt: skip
    result = runner.invoke(app, args, input="1\n" * 300)
    assert result.exit_code == 0, result.output
    names = sorted(p.name for p in (tmp_path / "games").iterdir())
    assert len(names) == 3, names
    stem = names[0].removesuffix("-1.json")
    assert stem.endswith("-jackpots-sitting")
    assert names == [f"{stem}-{n}.json" for n in (1, 2, 3)]


@pytest.mark.rule("J-1")
def test_play_jackpots_is_draw_poker_with_jackpots_on(tmp_path):
    """`referee jackpots` and `simulate jackpots` named the game, but `play jackpots` was "No
    such command"; it is the Draw Poker command with --jackpots on, listed in the lobby."""
    save = tmp_path / "j.json"
    args = ["play", "jackpots", "--players", "3", "--seed", "1", "--save", str(save)]
    result = runner.invoke(app, args, input="q\n")
    assert result.exit_code == 0, result.output
    assert json.loads(save.read_text())["game"] == "jackpots" and "(J-2)" in result.output
    plain = tmp_path / "d.json"
    runner.invoke(app, ["play", "draw-poker", "--players", "3", "--save", str(plain)], input="q\n")
    assert json.loads(plain.read_text())["game"] == "draw-poker"  # its default unchanged
    lobby = runner.invoke(app, [], input="\n").output
    assert "│ jackpots " in lobby and "Jack-Pots: a pot no one opens without jacks" in lobby


def test_bad_options_exit_2_without_a_traceback():
    too_few = runner.invoke(app, ["play", "draw-poker", "--players", "1", "--humans", "2"])
    assert too_few.exit_code == 2 and "players must be 2..10, not 1" in too_few.output
    result = runner.invoke(app, ["play", "draw-poker", "--deals", "0"])
    assert result.exit_code == 2 and "--deals must be at least 1, not 0 (D-1)" in result.output
    result = runner.invoke(app, ["play", "draw-poker", "--players", "11"])
    assert result.exit_code == 2
    result = runner.invoke(app, ["play", "draw-poker", "--preset", "S9"])
    assert result.exit_code == 2 and "preset" in result.output


@pytest.mark.rule("W-1")
def test_W1_an_unknown_bot_is_refused_before_the_cut_for_the_deal():
    """The bot's name was checked at the first deal, after the cards were thrown for it."""
    result = runner.invoke(app, ["play", "draw-poker", "--bot", "nosuch"])
    assert result.exit_code == 2 and "no bot 'nosuch'" in result.output
    assert "cut for the deal" not in result.output


@pytest.mark.rule("W-4")
def test_renderer_hides_others_cards_and_the_table_hears_only_how_many_are_drawn():
    game = parlour.make("draw-poker", players=3)
    state = game.new_state(seed=1)
    mine = state.observation(0)["hand"].split()[0]
    other = state.observation(1)["hand"].split()[0]
    console = Console(record=True, width=120)
    console.print(render(state.observation(0), 0))
    text = console.export_text()
    assert "Draw Poker" in text and "Age" in text
    assert Card(mine).pretty() in text and Card(other).pretty() not in text
    # one's own choice names the cards; what the others hear of it is the count (W-4)
    assert describe("draw 7h 2c") == "throw out 7♥ 2♣ and draw 2"
    assert describe("raise 3") == "raise by 3" and describe("open 2") == "open the pot for 2"
    state.apply("call").apply("call").apply("call")
    state.apply(state.legal_actions()[-1])  # the first to draw throws out all five
    assert news(state)[-1] == (state.history[-1]["seat"], "draws 5")
    assert "draw" not in " ".join(words for _, words in news(state)[:-1])
    assert news(state)[:2] == [(-1, "seat 1 antes 1 (D-3)"), (2, "calls, putting up 2")]


def test_rule_options_reach_the_deal_and_bad_ones_are_named(tmp_path):
    """``--rule``: the seeds' optional hands (H-15 here) and the stakes reach the saved deal."""
    path = tmp_path / "deal.json"
    args = ["play", "draw-poker", "--players", "3", "--seed", "4", "--save", str(path)]
    result = runner.invoke(app, [*args, "--rule", "blaze=true", "--rule", "royal_penalty=2"],
                           input="2\n" * 40)  # fmt: skip
    assert result.exit_code == 0, result.output
    options = json.loads(path.read_text())["options"]
    assert options["blaze"] is True and options["royal_penalty"] == 2
    bad = runner.invoke(app, [*args, "--rule", "blaze=maybe"])
    assert bad.exit_code == 2 and "'blaze' must be true or false" in bad.output


def test_a_person_who_loses_every_chip_leaves_the_sitting_cleanly(tmp_path):
    """D-12: at a table of three the sitting lets a broke player leave; the terminal then
    looked for "You" among the seats left and crashed."""
    script = "raise 5\nbet 5\ncall\npat\n" * 400
    result = runner.invoke(
        app, ["play", "draw-poker", "--players", "3", "--bot", "random", "--deals", "30",
              "--seed", "4", "--save", str(tmp_path / "b.json")],
        input=script,
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "You have no chips left: the sitting is over for you" in result.output
    assert "Deal 1: you deal; you are seat 0" in result.output  # not "You deals"


def test_the_table_says_what_the_seat_to_speak_owes_to_stay_in():
    """D-4: the Age has his ante of 1 in, so coming in at 2 costs him 1 more; the table
    showed only the price, and each player worked out what he owed himself."""
    state = parlour.make("draw-poker", players=3, dealer=0).new_state(seed=1)
    state.apply("call").apply("call")  # seats 2 and 0 come in at 2; the Age (seat 1) is next
    assert state.to_move == 1
    for seat, shown in ((1, "you owe 1"), (2, None)):
        console = Console(record=True, width=120)
        console.print(render(state.observation(seat), seat))
        text = console.export_text()
        assert (shown in text) if shown else "you owe" not in text
    after = state.apply("call")  # the Age makes good; the draw next
    while after.phase == "draw":
        after.apply(after.legal_actions()[0])
    console = Console(record=True, width=120)
    console.print(render(after.observation(after.to_move), after.to_move))
    assert "you owe" not in console.export_text()  # W-9: he bets or throws down, owing 0


def test_a_jackpot_table_takes_the_jackpot_options_agreed_on_the_command_line(tmp_path):
    """D-1, J-2, J-3: `--jackpots` makes a table of Jack-Pots, so `--rule` agrees its terms:
    the ante (each pays his own, J-2, free of Draw Poker's R3.4) and the openers.  The rules
    went to Draw Poker's options and were refused or unknown there."""
    result = runner.invoke(
        app, ["play", "draw-poker", "--jackpots", "--players", "3", "--seed", "1",
              "--rule", "ante=3", "--rule", "openers=Q", "--save", str(tmp_path / "j.json")],
        input="q\n",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "openers: Qs or better" in result.output and "pool: 9" in result.output


@pytest.mark.rule("J-4")
@pytest.mark.rule("W-1")
def test_a_sitting_takes_no_rule_it_sets_deal_by_deal(tmp_path):
    """J-4, W-1: `--rule carry=9,9,9` put 27 chips on the table each deal, and `--rule
    dealer=2` or `stacks=5,5,5` were silently ignored: each is refused by name."""
    args = ["play", "draw-poker", "--players", "3", "--seed", "4", "--deals", "2"]
    for rule, named in (
        ("carry=9,9,9", "carry"),
        ("dealer=2", "dealer"),
        ("stacks=5,5,5", "stacks"),
    ):
        result = runner.invoke(app, [*args, "--rule", rule], input="1\n" * 40)
        assert result.exit_code == 2, result.output
        said = " ".join(result.output.split())
        assert f"{named}: a sitting sets these deal by deal" in said
        assert "agree a bankroll instead (parlour play: --bankroll N;" in said


def test_the_bankroll_is_agreed_on_the_command_line(tmp_path):
    """The refusal of --rule stacks=... said "agree a bankroll instead", and play had no way
    to: every sitting started at 100 chips."""
    record = tmp_path / "deal.json"
    args = ["play", "draw-poker", "--players", "3", "--seed", "4", "--bankroll", "7"]
    result = runner.invoke(app, [*args, "--save", str(record)], input="fold\n" + "1\n" * 40)
    assert result.exit_code == 0, result.output
    assert json.loads(record.read_text())["options"]["stacks"] == [7, 7, 7]
    broke = runner.invoke(app, ["play", "draw-poker", "--bankroll", "0"])
    assert broke.exit_code == 2 and "bankroll must be a whole number of at least 1, not 0" in (
        broke.output
    )


def test_a_bankroll_refused_is_named_by_the_flag_typed():
    """--bankroll 0 was refused as "bankroll must be ...", a word the user never typed: the
    refusal names --bankroll, at Draw Poker and Jack-Pots alike."""
    for game in ("draw-poker", "jackpots"):
        broke = runner.invoke(app, ["play", game, "--bankroll", "-3", "--deals", "2"])
        said = " ".join(broke.output.split())
        assert (
            broke.exit_code == 2
            and "error: --bankroll must be a whole number of at least 1, not -3" in said
        )
    both = runner.invoke(app, ["play", "draw-poker", "--players", "1", "--bankroll", "0"])
    assert "players must be 2..10, not 1" in both.output  # the table is refused first


@pytest.mark.rule("J-7")
def test_J7_progressive_alone_plays_progressive_jackpots(tmp_path):
    """J-7: `--progressive` without `--jackpots` was silently ignored (plain Draw Poker)."""
    path = tmp_path / "p.json"
    result = runner.invoke(
        app, ["play", "draw-poker", "--progressive", "--players", "3", "--seed", "1",
              "--save", str(path)],
        input="q\n",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    record = json.loads(path.read_text())
    assert record["game"] == "jackpots" and record["options"]["progressive"] is True


@pytest.mark.rule("J-7")
def test_J7_r_words_the_progressive_ladder_the_game_climbs_and_this_deals_openers(tmp_path):
    """R4.10's English option climbs J, Q, K and back to jacks, no aces step: `r` said "past
    aces the minimum cycles J Q K A".  After one unopened deal it said "Openers: a pair of
    jacks" and "This pot went unopened 1 times before", never that queens open this deal."""
    result = runner.invoke(
        app, ["play", "jackpots", "--progressive", "--rule", "after_aces=cycle", "--players",
              "3", "--deals", "2", "--seed", "11", "--save", str(tmp_path / "j.json")],
        input="pass\nr\nq\n",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())  # the lines as one, however the console wraps them
    assert "Jack-Pot openers: Qs or better" in said  # the second deal, after one unopened
    assert "the openers one degree: jacks, queens, kings, then again from jacks (J-7" in said
    assert "went unopened once before: this deal it opens with queens or better" in said
    assert "J Q K A" not in said and "1 times" not in said


@pytest.mark.rule("J-7")
@pytest.mark.parametrize(("pack", "players", "ladder"), [
    (60, 8, "tens, 11s, 12s, jacks, queens, kings, aces, kings, queens, jacks, 12s, 11s, then "
            "again from tens"),
    (52, 5, "tens, jacks, queens, kings, aces, kings, queens, jacks, then again from tens"),
])  # fmt: skip
def test_J7_r_words_a_long_ladder_climbing_and_coming_back_down(tmp_path, pack, players, ladder):
    """From tens up and back down through the 60-card pack's 11s and 12s the openers repeat
    after twelve deals: `r` failed there (StopIteration), seeking a repeat within eight."""
    result = runner.invoke(
        app, ["play", "jackpots", "--progressive", "--rule", "openers=T", "--rule",
              "after_aces=down", "--pack", str(pack), "--players", str(players), "--seed", "3",
              "--save", str(tmp_path / "j.json")],
        input="r\nq\n",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert f"one degree: {ladder} (J-7" in " ".join(result.output.split())


def test_two_people_share_a_sitting_and_one_going_broke_leaves_the_other_playing(tmp_path):
    """--humans 2: two people at one keyboard sit as Player 1 and Player 2 among the bots,
    passing the keyboard; when one has lost every chip the sitting goes on for the other
    (D-12)."""
    script = "raise 5\nbet 5\ncall\npat\n" * 1000
    result = runner.invoke(
        app, ["play", "draw-poker", "--players", "4", "--humans", "2", "--bot", "random",
              "--deals", "4", "--seed", "1", "--save", str(tmp_path / "h.json")],
        input=script,
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Deal 1: " in out and "Player 1 is seat 0; Player 2 is seat 1" in out
    assert "Pass the keyboard to Player 2 (seat 1) to play" in out  # named as the sitting names
    broke = out.index("Player 1 has no chips left: the sitting is over for Player 1 (D-12).")
    assert "Player 2 is seat 0" in out[broke:] and "Player 1 is seat" not in out[broke:]
    assert "Player 1 has no chips left and leaves" not in out  # told once, not twice
    assert "Player 2 (seat 0)" in out[broke:]  # alone now, still called by his name
    # and his cards still hidden behind a cleared screen: Player 1 may still be looking
    assert "Pass the keyboard to Player 2 (seat 0) to play" in out[broke:]


@pytest.mark.rule("J-1")
def test_the_sitting_says_why_a_deal_is_a_jackpot_and_gives_back_a_pot_left_unwon(tmp_path):
    """Everyone refuses deal 1 (the person drops, the bots too), so deal 2 is a Jack-Pot and
    the table is told why (J-1); nobody opens it, and at the agreed end (D-1) each player's
    share of the unwon pot comes back to him."""
    result = runner.invoke(
        app, ["play", "draw-poker", "--players", "3", "--deals", "2", "--seed", "9",
              "--save", str(tmp_path / "s.json")],
        input="1\n" * 20,
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert "This deal is a Jack-Pot, since all refused to play the deal before (J-1)." in out
    assert "the sitting ends with a pot of 3 unwon: each takes back his share" in out
    assert out.endswith("chips now: You 100, Bot 1 100, Bot 2 100 At the end of the sitting: "
                        "You 100 (even), Bot 1 100 (even), Bot 2 100 (even)")  # fmt: skip


@pytest.mark.rule("J-1")
def test_J1_the_table_is_told_who_takes_the_buck_with_a_jackpot(tmp_path):
    """The buck goes into every Jack-Pot's pool and its winner takes it (J-1), which decides
    when the next Jack-Pot comes; the table was told only when its holder dealt.  Seed 5:
    Bot 1 wins deal 2's Jack-Pot, Bot 2 deal 6's; nothing else moves it."""
    result = runner.invoke(
        app, ["play", "draw-poker", "--players", "3", "--deals", "6", "--seed", "5",
              "--save", str(tmp_path / "b.json"), "--sitting-rule", "buck=true"],
        input="1\n" * 300,
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert "deal 2 over (showdown): You 98, Bot 1 108, Bot 2 94; Bot 1 takes the buck (J-1)" in out
    assert "Bot 2 102; Bot 2 takes the buck (J-1)" in out
    assert out.count("takes the buck") == 2  # Jack-Pots 1 and 5 unopened, 3 and 4 plain deals


@pytest.mark.rule("J-1")
def test_J1_the_table_agrees_jackpots_every_so_many_deals_or_by_the_buck(tmp_path):
    """J-1 at the terminal: "Jack-Pots, which are played once in so many deals ... or when the
    player deals who holds the buck" were agreements only 'simulate' could make; the person
    playing now makes them with --sitting-rule, Jack-Pot options as jackpot.KEY (J-7)."""
    every = ["--sitting-rule", "jackpot_every=2", "--sitting-rule", "jackpot.progressive=true"]
    result = runner.invoke(
        app, ["play", "draw-poker", "--players", "3", "--deals", "4", "--seed", "3",
              "--save", str(tmp_path / "e.json"), *every],
        input="1\n" * 400,
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    deal_1 = out.split("Deal 2")[0]
    assert "Jack-Pot" not in deal_1  # an ordinary deal: nobody refused, no nth deal
    assert "This deal is a Jack-Pot, as every 2nd deal is (J-1)." in out
    assert "Jack-Pot openers: Qs or better" in out  # deal 2 unopened: progressive (J-7)
    buck = runner.invoke(
        app, ["play", "draw-poker", "--players", "3", "--deals", "1", "--seed", "3",
              "--save", str(tmp_path / "b.json"), "--sitting-rule", "buck=true"],
        input="1\n" * 100,
    )  # fmt: skip
    assert "This deal is a Jack-Pot: the buck is with You, who deal (J-1)." in " ".join(
        buck.output.split()
    )
    for rule, said in (("bankroll=5", "use --bankroll, not --sitting-rule bankroll"),
                       ("deals=5", "--sitting-rule deals: the sitting takes it from the command"),
                       ("nosuch=1", "--sitting-rule nosuch: no such agreement")):  # fmt: skip
        refused = runner.invoke(app, ["play", "draw-poker", "--sitting-rule", rule])
        assert refused.exit_code == 2 and said in " ".join(refused.output.split())
    # the agreements listed leave out what a flag of the command sets (it listed bankroll)
    listed = " ".join(runner.invoke(app, ["play", "draw-poker", "--sitting-rule", "buk=1"])
                      .output.split()).split("agreements are: ")[1]  # fmt: skip
    assert "buck" in listed and "bankroll" not in listed


@pytest.mark.rule("W-8")
def test_a_replay_tells_the_deal_whole_the_draws_cards_and_the_reshuffle(tmp_path):
    """``parlour replay``: the dealer, the Age's ante, every hand as dealt, each draw with the
    cards thrown out and drawn, and the table's reshuffle when the stock runs out (W-8)."""
    game = parlour.make("draw-poker", players=10)
    state = game.new_state(seed=3)
    while not state.is_over:
        legal = [str(a) for a in state.legal_actions()]
        threes = [a for a in legal if a.startswith("draw ") and len(a.split()) == 4]
        state.apply("call" if "call" in legal else threes[0] if threes else legal[0])
    path = tmp_path / "ten.json"
    path.write_text(json.dumps(game.record(state)))
    out = runner.invoke(app, ["replay", str(path)]).output
    text = " ".join(out.split())
    assert "Draw Poker, 10 players: seat 0 deals, the Age is seat 1." in text
    assert "The table: seat 1 antes 1 (D-3) Dealt to seat 0:" in text
    assert text.count("Dealt to ") == 10
    for seat in range(10):
        thrown = next(e["action"] for e in state.history if e.get("seat") == seat and
                      e["action"].startswith("draw")).split()[1:]  # fmt: skip
        drawn = " ".join(c.pretty() for c in parse_cards(format_cards(state.drawn[seat])))
        said = f"Seat {seat}: throws out {' '.join(Card(c).pretty() for c in thrown)} and "
        assert said + f"draws {drawn}" in text
        # as dealt: what he kept and what he threw out (a reshuffle took some of those back)
        dealt = sorted(state.kept[seat] + [int(c) for c in parse_cards(thrown)], reverse=True)
        assert f"Dealt to seat {seat}: {' '.join(Card(c).pretty() for c in dealt)}" in text
        console = Console(record=True, width=120)  # his own view still shows what he threw
        console.print(render(state.observation(seat), seat))
        assert f"You threw out {' '.join(Card(c).pretty() for c in thrown)}." in (
            console.export_text()
        )
    assert "The table: the stock is out:" in text and "cards reshuffled" in text


@pytest.mark.rule("W-1")
def test_every_throw_of_the_cut_is_told_ties_too():
    """W-1: a tie for the lowest card throws again; only the last throw was printed, which
    read as though two players had cut."""
    result = runner.invoke(app, ["play", "draw-poker", "--players", "10", "--seed", "1"],
                           input="q\n")  # fmt: skip
    out = " ".join(result.output.split())
    assert out.count("cut for the deal: ") == 3  # all ten, the tie of two kings, again
    assert "cut for the deal: Bot 7 K♦, Bot 9 K♠ cut for the deal: Bot 7 2♦, Bot 9 8♣" in out


@pytest.mark.rule("J-4")
def test_people_passing_the_keyboard_are_told_the_last_deal_and_why_this_is_a_jackpot():
    """Hot seat: the lines between deals were printed just before the screen was cleared
    for the next person; now they open his 'So far:'."""
    result = runner.invoke(
        app, ["play", "draw-poker", "--players", "4", "--humans", "2", "--jackpots",
              "--deals", "2", "--seed", "11"],
        input="\n1\n" * 40,
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert "So far: deal 1 over (unopened): Player 1 99" in out
    assert (
        "Deal 2: Player 2 deals; Player 1 is seat 0; Player 2 is seat 1 This deal is a "
        "Jack-Pot again: the last was not opened" in out
    )
    assert "The table: each adds 1 (J-4); a pot of 4 is carried from the deal before" in out


@pytest.mark.rule("J-4")
def test_J4_a_carried_jackpot_names_who_added_and_who_had_no_chips():
    """The reviewer's sitting: deal 5 said "each adds 1 (J-4)" though Bot 1 and Bot 2 had
    no chips and added nothing, and deals 4 and 5 ended unopened with no turn and no reason."""
    result = runner.invoke(
        app, ["play", "draw-poker", "--seed", "2", "--players", "3", "--deals", "5",
              "--bankroll", "2", "--bot", "random"],
        input="call\ndraw Jd\npat\n" * 30,
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert "each adds 1 (J-4)" not in out
    assert (
        "The table: You (seat 0) add 1 (J-4); Bot 1 (seat 1) and Bot 2 (seat 2) have no chips "
        "to add; a pot of 3 is carried from the deal before" in out
    )
    assert out.count("nobody can bet (every player still in, or all but one, is all-in)") == 2
    assert "chips now: You 4, Bot 1 1, Bot 2 1" in out  # 6 chips at the start, 6 at the end


@pytest.mark.rule("J-3")
def test_J3_a_person_without_openers_is_told_why_he_may_not_open():
    """The reviewer's game: 'open' and 'raise 99' were answered "it is a betting turn: pass"
    and "W-9: nothing has been bet yet: 'open N'", to a player who may not open."""
    result = runner.invoke(
        app, ["play", "draw-poker", "--jackpots", "--seed", "2", "--players", "4", "--bot",
              "random"],
        input="open\nraise 99\nq\ny\n",
    )  # fmt: skip
    out = " ".join(result.output.split())
    assert "'open N'" not in out
    assert (
        "'open' is not an action now; J-5: it is a betting turn: pass (seat 0 holds no "
        "openers: the pot opens only with jacks or better, J-3)" in out
    )
    assert (
        "Not allowed: J-3, J-7: the pot may be opened only with a pair of jacks or better, "
        "and seat 0 holds none: he may pass" in out
    )


@pytest.mark.rule("D-12")
def test_a_bot_without_chips_leaves_the_table_told_once():
    result = runner.invoke(
        app, ["play", "draw-poker", "--players", "4", "--seat", "3", "--bankroll", "8",
              "--deals", "4", "--bots", "random", "--seed", "4"],
        input="1\n" * 300,
    )  # fmt: skip
    out = " ".join(result.output.split())
    assert out.count("Bot 3 has no chips left and leaves the table (D-12)") == 1
    assert "leaves with 0" not in out  # the same departure, told a second time
    assert "Deal 3: you deal; you are seat 2" in out  # the seats close up


def test_the_table_names_each_seat_as_the_moves_told_do():
    """The moves said "Bot 1 (seat 1)" and the table under them "seat 1"; at play the table
    uses the same names, and a render outside play keeps its plain words."""
    result = runner.invoke(app, ["play", "draw-poker", "--players", "3", "--seed", "2"],
                           input="q\n")  # fmt: skip
    rows = [line for line in result.output.splitlines() if line.startswith("│")]
    assert any(row.startswith("│ Bot 1 (seat 1) │") for row in rows)
    assert any("You (seat 0)" in row for row in rows)
    assert "The table: Bot 1 (seat 1) antes 1 (D-3)" in result.output  # was "seat 1 antes"
    stud = runner.invoke(app, ["play", "stud-poker", "--players", "3", "--seed", "2"],
                         input="q\n")  # fmt: skip
    assert "  Bot 2 (seat 2) [##]" in stud.output
    state = parlour.make("draw-poker", players=3).new_state(seed=2)
    console = Console(record=True, width=120)
    console.print(render(state.observation(0), 0))
    assert "│ Seat 1 " in console.export_text() and "Bot 1" not in console.export_text()


def test_every_hand_at_the_show_fits_on_one_line_of_an_80_column_screen():
    """The cards column wrapped "A♣ K♥ Q♥ 10♥ / 3♣" across two rows of the table; now the
    headings wrap instead and each hand stays whole (a dropped one is dimmed)."""
    result = runner.invoke(app, ["play", "draw-poker", "--players", "4", "--seed", "8"],
                           input="2\n" * 40)  # fmt: skip
    final = result.output.split("phase: over")[1].split("Result")[0]  # the last table
    cells = [row.split("│")[-2].split() for row in final.splitlines() if row.startswith("│")]
    assert any("10" in "".join(c) for c in cells)  # a ten at the show: the widest hand
    assert sum(len(c) == 5 for c in cells) >= 2 and all(len(c) in (0, 5) for c in cells)


def _draw_table(state, seat):
    return printed(render(state.observation(seat), seat))


@pytest.mark.rule("D-3")
@pytest.mark.rule("D-4")
def test_the_draw_table_puts_each_seats_figures_and_roles_in_its_own_row():
    """Seat 1 (the Age) looks on while the dealer, seat 0, is to speak: every column of each
    row is that seat's own (its role, dropped or not, what it put up, its chips, its count
    drawn) and the cards in the row called You.

    D01: play_draw.py:125 `cards = obs["hand"] if s == seat` -> `if s == obs["dealer"]`
    D02: play_draw.py:120 role "D"/"Age" swapped
    D03: play_draw.py:122 the `> ` mark of the seat to speak -> (deleted)
    D04: play_draw.py:124 `"out" if obs["dropped"][s]` -> `"out" if not obs["dropped"][s]`
    D05: play_draw.py:128 `str(obs["put"][s])` -> `str(obs["put"][seat])`
    D20: play_draw.py:130 `str(obs["stacks"][s])` -> `str(obs["stacks"][seat])`
    D23: play_draw.py:129 `str(obs["interval_put"][s])` -> `str(obs["interval_put"][seat])`
    D08: play_draw.py:140 `owe > 0 and obs.get("to_move") == seat and ...`
         -> `owe > 0 and ...` (the Age, not to speak, was told what he owes)
    """
    state = parlour.make("draw-poker", players=4, dealer=0, stacks=[50, 60, 70, 80])
    state = state.new_state(seed=1)
    state.apply("call").apply("fold")  # seat 2 comes in at 2, seat 3 drops; the dealer next
    assert state.to_move == 0
    hand = " ".join(parlour.cards.Card(c).pretty() for c in state.observation(1)["hand"].split())
    table = rows(_draw_table(state, 1))
    assert table == [
        ["> Seat 0", "D", "0", "0", "50", "", ""],
        ["You", "Age", "1", "1", "59", "", hand],
        ["Seat 2", "", "2", "2", "68", "", ""],
        ["Seat 3", "out", "0", "0", "80", "", ""],
    ]
    assert "To stay in" not in _draw_table(state, 1)  # he owes 1, but it is not his turn
    assert "To stay in: 2 this round (you owe 2)." in _draw_table(state, 0)


def test_a_player_short_of_the_price_is_told_a_call_puts_up_all_he_has():
    """Table stakes (the project's choice, not the seeds'): with 1 chip against a price of
    7 the table said only "you owe 7", though a call puts up the 1 he has, all in."""
    state = parlour.make("draw-poker", players=3, dealer=0, stacks=[1, 50, 50]).new_state(seed=1)
    state.apply("raise 5")  # seat 2 comes in at 2 and raises 5: 7 to seat 0, who has 1
    assert state.to_move == 0
    said = "(you owe 7, but a call puts up your last 1: all in, at table stakes)."
    assert f"To stay in: 7 this round {said}" in " ".join(_draw_table(state, 0).split())
    state.apply("call")
    assert state.observation(0)["stacks"][0] == 0 and state.observation(0)["interval_put"][0] == 1


@pytest.mark.rule("W-4")
def test_counts_hidden_after_the_draw_leave_the_drew_column_blank_not_none():
    """W-4 as the option hides the counts after the draw: the others' Drew cells are blank
    (D06 printed "None"), one's own count is there.

    D06: play_draw.py:131 `"" if drew is None else str(drew)` -> `str(drew)`
    """
    state = parlour.make("draw-poker", players=3, counts_after_draw=False).new_state(seed=1)
    while state.phase != "bet2":
        legal = [str(a) for a in state.legal_actions()]
        state.apply("call" if "call" in legal else "pat" if "pat" in legal else legal[0])
    drew = [row[5] for row in rows(_draw_table(state, 1))]
    assert drew == ["", "0", ""] and "None" not in _draw_table(state, 1)


@pytest.mark.rule("W-11")
def test_the_result_line_names_what_each_seat_won_and_each_hand_shown_by_its_seat():
    """At the end: "won:" lists each winner's winnings (D10 listed what each had put up) and
    each hand shown by its own seat (D24 put every hand under the viewer's name).

    D10: play_draw.py:146 `enumerate(obs["won"])` -> `enumerate(obs["put"])`
    D24: play_draw.py:150 `terminal.called(int(s), me=seat)` -> `terminal.called(seat, me=seat)`
    """
    state = parlour.make("draw-poker", players=3).new_state(seed=4)
    while not state.is_over:
        legal = [str(a) for a in state.legal_actions()]
        state.apply("call" if "call" in legal else "pat" if "pat" in legal else
                    "bet 1" if "bet 1" in legal else legal[0])  # fmt: skip
    obs = state.observation(0)
    assert obs["won"] == [0, 0, 9] and obs["put"] == [3, 3, 3] and len(obs["hands_shown"]) == 3
    text = " ".join(_draw_table(state, 0).split())
    won = ", ".join(f"{'you' if s == 0 else f'seat {s}'} {w}" for s, w in enumerate(obs["won"])
                    if w)  # fmt: skip
    assert f"won: {won};" in text
    for s, value in obs["hands_shown"].items():
        assert f"{'you' if s == '0' else f'seat {s}'}: {value}" in text


@pytest.mark.rule("J-3")
def test_the_jackpot_line_names_the_opener():
    """J-3: the table names the seat that opened (D21 named the viewer).

    D21: play_draw.py:137 `terminal.called(opened, me=seat)` -> `terminal.called(seat, me=seat)`
    """
    state = parlour.make("jackpots", players=3).new_state(seed=2)
    assert state.to_move == 1
    state.apply("open 1")
    assert "opened by seat 1" in " ".join(_draw_table(state, 0).split())
    assert "opened by you" in " ".join(_draw_table(state, 1).split())


def test_a_narrow_screen_wraps_the_heads_but_never_cuts_a_figure():
    """On a 60-column screen a stack of 100 chips showed as "1…" and the Age as "A…" (at 60
    this table now folds, one column short: its right edge was cut; at 64 its heads were cut,
    "Chi…", and it folds too; 67 still wraps heads)."""
    state = parlour.make("draw-poker", players=3, stacks=(100, 100, 1000)).new_state(seed=3)
    text = printed(render(state.observation(0), 0), width=67)
    assert [row[1:5] for row in rows(text)] == [["D", "0", "0", "100"], ["Age", "1", "1", "99"],
                                                ["", "0", "0", "1000"]]  # fmt: skip
    assert "…" not in text and "This" in text and "round" in text


@pytest.mark.parametrize("players", [3, 5])
def test_no_width_cuts_a_head_or_a_column_the_table_folds_instead(players):
    """The heads were cut at 61 to 66 columns ("Th… ro…", "Chi…", "Dr…"), and at 30 the
    figures' columns were drawn at no width at all, with the names and the hand cut ("Sea…",
    "K♦ 10♥ 9♦ 4♦ …"): at every width the table is whole or folded."""
    stacks = (100,) * (players - 1) + (10000,)
    state = parlour.make("draw-poker", players=players, stacks=stacks).new_state(seed=3)
    tables = 0
    for width in range(30, 101):
        text = printed(render(state.observation(0), 0), width=width)
        assert "…" not in text, (width, text)
        assert max(len(line.rstrip()) for line in text.splitlines()) <= width, (width, text)
        tables += bool(rows(text))
        if rows(text):
            assert "Chips" in text and "Drew" in text and "Cards" in text
    assert 0 < tables < 71  # drawn where it fits, folded where it does not


@pytest.mark.rule("D-1")
def test_a_sitting_abandoned_mid_deal_says_the_chips_before_that_deal(tmp_path):
    """Quitting in deal 2 of a sitting printed only "Game abandoned.": no word of the chips."""
    args = ["play", "draw-poker", "--players", "3", "--bot", "random", "--deals", "3",
            "--seed", "1", "--save", str(tmp_path / "s.json")]  # fmt: skip
    result = runner.invoke(app, args, input="fold\nq\n")  # deal 1 folded, deal 2 quit
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    over = re.search(r"deal 1 over \(\w+\): ([^.;]*?) Deal 2", out)
    stops = re.search(r"The sitting stops in deal 2; chips before it: (.*)\.$", out)
    assert over and stops and out.index("Game abandoned.") < stops.start()
    assert dict(x.rsplit(" ", 1) for x in over[1].split(", ")) == dict(
        x.rsplit(" ", 1) for x in stops[1].split(", "))  # fmt: skip


def test_a_screen_too_narrow_for_the_table_folds_it_a_seat_to_a_line():
    """At 40 columns the table ran off the screen: the hand cut to "A♥ 1", every head "…",
    the figures' right border and the title's price and limit gone.  Folded, each seat's
    figures are named on its line and the hand is whole on its own."""
    state = parlour.make("draw-poker", players=5, stacks=(100, 100, 1000, 100, 100))
    state = state.new_state(seed=3).apply("call").apply("call")
    hand = " ".join(Card(c).pretty() for c in state.observation(0)["hand"].split())
    text = printed(render(state.observation(0), 0), width=40)
    lines = [line.rstrip() for line in text.splitlines()]
    assert f"  {hand}" in lines and "…" not in text and not rows(text)
    said = " ".join(text.split())
    assert "price: 2 limit: 5 (raise)" in said
    assert "You: D; put up 0, this round 0; chips 100" in said
    assert "Seat 2: put up 2, this round 2; chips 998" in said
    assert "> Seat 4: put up 0, this round 0; chips 100" in said
    assert rows(printed(render(state.observation(0), 0), width=80))  # a table where it fits


def test_a_sitting_saved_to_a_device_or_pipe_writes_every_deal_there(tmp_path):
    """``--save /dev/null --deals 3`` wrote /dev/null-1 .. /dev/null-3, new files beside the
    device (or, refused there, under ./games): as one game's record, each deal's is written
    to the device or pipe named, and no file is made beside it."""
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    reader = os.open(pipe, os.O_RDONLY | os.O_NONBLOCK)  # so that writing it does not wait
    try:
        args = ["play", "draw-poker", "--players", "3", "--seed", "2", "--deals", "2",
                "--bot", "random", "--save", str(pipe)]  # fmt: skip
        result = runner.invoke(app, args, input="1\n" * 300)
        written = os.read(reader, 2**16).decode()
    finally:
        os.close(reader)
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe"]
    assert written.count('"game": "draw-poker"') == 2, written[:200]


def test_a_sitting_killed_mid_deal_saves_says_where_it_stops_and_exits_143(tmp_path):
    """A kill (SIGTERM) in a sitting's deal saved the deal and said where the sitting stopped,
    then exited with status 0.  It says so still, and exits 143, as the shell says of a
    program a kill ended."""
    import signal

    from tests.core.stopping import stopped

    save = tmp_path / "sitting.json"
    status, said = stopped(
        ["play", "draw-poker", "--players", "3", "--deals", "2", "--seed", "4", "--save",
         str(save)], signal.SIGTERM,
        ready=lambda lines: any("q = quit" in line for line in lines),
    )  # fmt: skip
    assert status == 143, said
    assert "Game abandoned (interrupted)" in said
    assert "The sitting stops in deal 1; chips before it:" in " ".join(said.split())
    assert json.loads((tmp_path / "sitting-1.json").read_text())["game"] == "draw-poker"


@pytest.mark.rule("D-12")
def test_D12_the_end_of_a_sitting_says_who_won_what_those_who_left_broke_too(tmp_path):
    """D-12: a sitting ended on its last deal's line, "deal 1 over (...): Player 1 0, ...",
    then "no one but Bot 2 has chips left": what each had won or lost over the sitting was
    never said, nor, once players had left broke, their chips. Its end now names every
    player, his chips and what he won or lost, the chips conserved."""
    script = "raise 5\nbet 5\ncall\npat\n" * 1000
    for seed, deals, bankroll in ((1, 4, 100), (2, 2, 10)):  # Player 1 leaves broke; all but one
        args = ["play", "draw-poker", "--players", "4", "--humans", "2", "--bot", "random",
                "--deals", str(deals), "--bankroll", str(bankroll),
                "--seed", str(seed)]  # fmt: skip
        result = runner.invoke(app, [*args, "--save", str(tmp_path / "h.json")], input=script)
        assert result.exit_code == 0, result.output
        out = " ".join(result.output.split())
        end = out.split("At the end of the sitting: ")[1]
        said = re.findall(r"(Player \d|Bot \d) (\d+) \((won|lost|even) ?(\d*)\)", end)
        assert [name for name, *_ in said] == ["Player 1", "Player 2", "Bot 1", "Bot 2"], end
        chips = [int(c) for _, c, *_ in said]
        nets = [int(n or 0) * (1 if w == "won" else -1) for _, _, w, n in said]
        assert sum(chips) == 4 * bankroll and nets == [c - bankroll for c in chips]
        last = out.rsplit("over (", 1)[1]  # the last deal's chips, of those still at the table
        for name, c, *_ in said:
            assert f"{name} {c}" in last or f"{name} has no chips left" in out


def test_chips_nobody_matched_are_told_as_handed_back_not_won():
    """A player's chips that nobody matched (table stakes; an ante nobody came in against)
    come back to him: the result listed them under 'won', so a player who lost the show read
    as a winner ('won: Player 3 (seat 0) 2' at a payoff of -7). Only his own unmatched chips
    are handed back: a side pool also holds chips of players who dropped, which he won."""
    import random as _random

    from parlour import terminal
    from parlour.poker.play_draw import render

    def result(state: Any) -> str:
        console = Console(width=400, record=True)
        console.print(render(state.observation(0), 0))
        return next(x for x in console.export_text().splitlines() if x.startswith("Result"))

    game = parlour.make("draw-poker", players=4, stacks=(3, 40, 40, 40))
    state, rng = game.new_state(seed=8), _random.Random(8)
    while not state.is_over:  # seat 0 all in for 3, seat 3 up to 9 against seat 2's 8
        legal, r = state.legal_actions(), rng.random()
        pick = None
        if r < 0.35:
            pick = next((a for a in legal if str(a).startswith(("raise", "bet"))), None)
        elif r < 0.5:
            pick = next((a for a in legal if str(a) in ("drop", "fold")), None)
        if pick is None:
            pick = next((a for a in legal if str(a) in ("call", "check")), rng.choice(legal))
        state.apply(pick)
    assert list(state.contrib) == [3, 4, 8, 9] and state.payoffs()[3] == 15
    assert "won: seat 3 23; unmatched, handed back: seat 3 1;" in result(state)
    unopened = parlour.make("draw-poker", players=3).new_state(seed=1)
    while not unopened.is_over:  # everybody drops: the Age takes his ante back (payoff 0)
        legal = unopened.legal_actions()
        unopened.apply(next((a for a in legal if str(a) in ("drop", "fold", "pass")), legal[0]))
    assert unopened.payoffs() == [0.0, 0.0, 0.0]
    said = result(unopened)
    assert "won: nothing; unmatched, handed back:" in said and terminal.called(1) in said
