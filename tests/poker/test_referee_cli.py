"""`parlour referee draw-poker`: scripted input; rulings printed with ID and the seed's words."""

from __future__ import annotations

import json
import re
import signal

import pytest
from typer.testing import CliRunner

from parlour.cli import app
from parlour.game import IllegalAction
from parlour.poker.referee_cli import show_outcome
from tests.poker.test_referee import deal_out, play, rulings, table


def run(args: list[str], lines: list[str]):
    return CliRunner().invoke(app, ["referee", "draw-poker", *args], input="\n".join(lines) + "\n")


@pytest.mark.rule("I-1")
def test_referee_command_prints_the_ruling_and_asks_the_seat(tmp_path):
    """I-1 at the terminal: help, a refused event, two exposed cards, a fresh deal claimed."""
    save = tmp_path / "deal.json"
    lines = ["help", "deal 7 As", "deal 2 As", "deal 1 As exposed", "deal 2 ?", "deal 0 ?",
             "deal 1 Kd exposed", "maybe", "claim-fresh-deal", "quit"]  # fmt: skip
    result = run(["--players", "3", "--save", str(save)], lines)
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert "deal-two SEAT" in out and "foreign-mark" in out  # help lists the events
    assert "deal SEAT CARD|? [exposed]" in out  # the I-1 word, not eaten as a style tag
    assert "Not allowed" in out and "seat 1 is next" in out
    assert "deal 7 As: there is no seat 7" in out  # not "seat 1 is next"
    assert "Ruling I-1 (card exposed in the deal): As stays in seat 1's hand face up" in out
    assert "seat 1 may choose: accept, claim-fresh-deal (1 accept, 2 claim-fresh-deal)" in out
    assert "turn a card face upwards by accident" in out  # the seed's words
    assert "seat 1 claims a fresh deal" in out
    record = json.loads(save.read_text())
    assert record["game"] == "draw-poker-referee"
    assert [e["ruling"] for e in record["history"] if "ruling" in e] == ["I-1", "I-1"]


@pytest.mark.rule("I-6")
def test_referee_command_foreign_mark_and_replay(tmp_path):
    """I-6 at the terminal, and the saved record replays with `parlour replay`."""
    save = tmp_path / "deal.json"
    result = run(["--players", "2", "--save", str(save)], ["deal 1 ?", "foreign-mark", "q"])
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert "Ruling I-6" in out and "fresh pack 2" in out and "foreign" in out
    replayed = CliRunner().invoke(app, ["replay", str(save)])
    assert replayed.exit_code == 0, replayed.output
    assert "foreign-mark" in replayed.output


def test_referee_command_refuses_bad_options():
    result = run(["--players", "3", "--dealer", "7"], [])
    assert result.exit_code == 2 and "dealer" in result.output


def refused(command: str, *args: str) -> str:
    """The error line of a referee command refused for its options (typer's exit status 2)."""
    result = CliRunner().invoke(app, ["referee", command, *args], input="q\n")
    assert result.exit_code == 2, result.output
    return " ".join(result.output.split())


@pytest.mark.rule("D-2")
def test_D2_a_bad_limit_is_refused_naming_the_limit_option():
    """D-2: '--limit -1' was refused as "stage_before (1) must be at least 1 and limit_before
    (-1) at least the stage", the game's field names, not the option typed."""
    out = refused("draw-poker", "--limit", "-1")
    assert "stage_before" not in out and "limit_before" not in out
    assert ("error: D-2: the least bet before the draw (1) must be at least 1 and --limit (-1) "
            "at least the stage (0 keeps the game's limits)") in out  # fmt: skip
    club = refused("draw-poker", "--limit", "1", "--preset", "S4-club")  # after the draw: 2
    assert "D-2: the least bet after the draw (2) must be at least 1 and --limit (1)" in club
    many = refused("jackpots", "--limit", "5000")
    assert ("D-2: --limit (5000) allows 5,000 bets of the least bet before the draw (1); at "
            "most 1,000") in many  # fmt: skip


@pytest.mark.rule("R4.9")
def test_R49_bad_false_openers_and_players_are_refused_naming_the_options():
    """'--false-openers foo' said "false_openers must be ..." and '--players 1' said
    "draw-poker-referee: players must be ...", the game's internal names."""
    out = refused("jackpots", "--false-openers", "foo")
    assert "error: R4.9: --false-openers must be one of refuse, EB29, PEEL, BAR, not 'foo'" in out
    assert "error: --players must be 2..10, not 1" in refused("draw-poker", "--players", "1")
    assert "referee" not in refused("jackpots", "--players", "11").split("error:")[1]
    assert "error: --dealer must be a seat 0..2" in refused("draw-poker", "--players", "3",
                                                            "--dealer", "7")  # fmt: skip
    assert "error: --ante must be at least 1, not -1" in refused("draw-poker", "--ante", "-1")


@pytest.mark.rule("I-13")
def test_referee_command_plays_a_whole_deal_to_the_result(tmp_path):
    """A whole deal at the terminal: the rulings (I-1, I-4, R8.8, I-13) and the payoffs."""
    from tests.poker.test_referee_replay import DEAL

    save = tmp_path / "deal.json"
    result = run(["--players", "3", "--save", str(save)], DEAL)
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    for rule in ("I-1", "I-4", "R8.8", "I-13"):
        assert f"Ruling {rule}" in out
    assert "the under card passes on to seat 0" in out and "sighted it" in out
    assert "Result" in out and "+7" in out and "-5" in out
    record = json.loads(save.read_text())
    assert [e["ruling"] for e in record["history"] if "ruling" in e] == [
        "I-1", "I-4", "R8.8", "R8.8", "I-13",
    ]  # fmt: skip


@pytest.mark.rule("C-3")
def test_referee_command_takes_the_60_card_pack_for_more_than_seven(tmp_path):
    """C-3: with more than seven players the 60-card pack (11s and 12s) is the default;
    --pack says which pack is at the table, and the record replays with it."""
    save = tmp_path / "deal.json"
    result = run(["--players", "8", "--save", str(save)], ["deal 1 Ec", "deal 2 Wh", "q"])
    assert result.exit_code == 0, result.output
    assert "Not allowed" not in result.output
    record = json.loads(save.read_text())
    assert record["options"]["pack"] == 60
    replayed = CliRunner().invoke(app, ["replay", str(save)])
    assert replayed.exit_code == 0, replayed.output
    other = ["--save", str(tmp_path / "other.json")]
    narrow = run(["--players", "8", "--pack", "52", *other], ["deal 1 Ec", "q"])
    assert "Not allowed" in narrow.output and "not in the 52-card pack" in narrow.output
    five = run(["--players", "5", "--pack", "60", *other], ["deal 1 Wd", "q"])
    assert five.exit_code == 0 and "Not allowed" not in five.output
    bad = run(["--players", "3", "--pack", "20"], [])
    assert bad.exit_code == 2 and "pack" in bad.output


def test_referee_command_echoes_square_brackets_as_text_and_saves(tmp_path):
    """DESIGN 4 at the terminal: an entry with square brackets is refused as plain text
    (it crashed as rich markup) and the deal is still saved."""
    save = tmp_path / "deal.json"
    lines = ["deal 1 [/]", "[/red]", "frobnicate [/x]", "deal 1 As", "quit"]
    result = run(["--players", "3", "--save", str(save)], lines)
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert "Not allowed" in out and "'[/red]': unknown event '[/red]'" in out
    record = json.loads(save.read_text())
    assert [e["action"] for e in record["history"] if "action" in e] == ["deal 1 As"]


def test_referee_command_saves_the_deal_elsewhere_when_save_cannot_be_written(
    tmp_path, monkeypatch
):
    """A --save that is a folder lost the deal with a traceback; it is saved under games/."""
    monkeypatch.chdir(tmp_path)
    result = run(["--save", str(tmp_path)], ["deal 1 As", "quit"])
    assert result.exit_code == 0, result.output
    assert "Cannot save to" in result.output
    saved = list((tmp_path / "games").glob("*referee-draw-poker*.json"))
    assert len(saved) == 1 and json.loads(saved[0].read_text())["game"] == "draw-poker-referee"


@pytest.mark.rule("I-4")
@pytest.mark.rule("W-10")
def test_a_refereed_deal_replays_as_the_session_printed_it(tmp_path):
    """`parlour replay` of a refereed deal printed every event as seat 0's ('Seat 0: call
    2') and the table as seat 0 saw it, every other hand hidden.  Now the events read as
    entered, a choice names its seat, the rulings come again, and the table is the
    referee's, marking a seat that dropped (W-10)."""
    from tests.poker.test_referee_replay import DEAL

    save = tmp_path / "deal.json"
    stop = DEAL.index("fold 0") + 1
    assert run(["--players", "3", "--save", str(save)], [*DEAL[:stop], "quit"]).exit_code == 0
    result = CliRunner().invoke(app, ["replay", str(save)])
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Seat 0:" not in out and "\ncall 2\n" in out and "\nfold 0\n" in out
    assert "seat 0 chooses rectify" in out  # I-4: the dealer's choice
    for rule in ("I-1", "I-4", "R8.8", "I-13"):
        assert f"Ruling {rule}" in out
    row = next(line for line in out.splitlines() if "(dealer)" in line)
    assert "dropped" in row

    def age_row(text: str) -> str:
        return next(line for line in text.splitlines() if "(age)" in line)

    seat_zero = CliRunner().invoke(app, ["replay", str(save), "--seat", "0"]).output
    assert "Jc" in age_row(out) and "Jc" not in age_row(seat_zero)  # --seat: his view


_DEALT = [f"deal {s} ?" for _ in range(5) for s in (1, 2, 0)]


# referee_cli.py:492  `mode = "void" if void else "binding"`  ->  `mode = "binding"`
# referee_cli.py:493  `{"limit_before": limit, "limit_after": limit}`  ->  `{"limit_before": limit}`
@pytest.mark.rule("R8.8")
@pytest.mark.rule("D-2")
def test_referee_command_void_and_limit_options_reach_the_game(tmp_path):
    """`--void` makes chips bet out of turn returned (R8.8); `--limit` is the limit of a
    bet both before and after the draw (D-2)."""
    save = tmp_path / "deal.json"
    result = run(["--players", "3", "--void", "--limit", "4", "--save", str(save)],
                     [*_DEALT, "call 0", "quit"])  # fmt: skip
    assert result.exit_code == 0, result.output
    record = json.loads(save.read_text())
    assert record["options"]["out_of_turn_bet"] == "void"
    assert record["options"]["limit_before"] == record["options"]["limit_after"] == 4
    assert "void" in next(e for e in record["history"] if "ruling" in e)["effect"]


# referee_cli.py:535  the jackpots command's `--false-openers` default "refuse"  ->  "EB29"
@pytest.mark.rule("R4.9")
def test_referee_jackpots_false_openers_default_is_refuse(tmp_path):
    save = tmp_path / "deal.json"
    result = CliRunner().invoke(
        app, ["referee", "jackpots", "--players", "3", "--save", str(save)],
        input="quit\n",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert json.loads(save.read_text())["options"]["false_openers"] == "refuse"


# referee_cli.py:407  `if payoffs[s] > 0`  ->  `if payoffs[s] >= 0`
@pytest.mark.rule("W-11")
def test_W11_the_outcome_names_only_the_seat_that_takes_the_pool():
    """W-11: seat 0 dropped before putting anything up (payoff 0): the pool goes to the
    winner of the show alone."""
    hands = {1: "As Ad Kc Qh 3d", 2: "2c 3c 4d 6h 8s", 0: "Ks Kd Jc 9h 2h"}
    state = play(deal_out(table(), hands), "call 2", "fold 0", "call 1", "draw 1 0", "draw 2 0")
    play(state, "bet 2 1", "call 1", f"show 2 {hands[2]}", f"show 1 {hands[1]}")
    assert state.payoffs() == [0.0, 3.0, -3.0]
    assert show_outcome(state).endswith("The pool goes to seat 1.")


# referee_cli.py:403  `if state.void or state.unopened:`  ->  `if state.void:`
@pytest.mark.rule("J-4")
def test_J4_an_unopened_jackpot_has_no_show_in_its_outcome():
    """J-4: and its end is ruled in words (it ended "over; pool 3" with nothing said)."""
    state = play(deal_out(table(variant="jackpots")), "pass 1", "pass 2", "pass 0")
    assert state.unopened and show_outcome(state) == ""
    (said,) = [e["effect"] for e in state.history if e.get("ruling") == "J-4"]
    assert said == ("nobody opened: the deal passes, the pool of 3 stays for the next deal, "
                    "and each player adds 1 to it; the next deal opens on a pair of jacks or "
                    "better (J-3, J-7): referee it with --players 3 --ante 1 --dealer 1 and "
                    "the rules redeal=1 carry=1,1,1")  # fmt: skip
    last = play(deal_out(table(variant="jackpots", dealer=2)), "pass 0", "pass 1", "pass 2")
    assert "--dealer 0 and the rules" in rulings(last, "J-4")[0]["effect"]  # passed left


@pytest.mark.rule("J-7")
@pytest.mark.rule("J-4")
def test_J7_an_unopened_progressive_jackpot_names_the_next_deals_openers():
    """J-7 (S3: "if the pot is not opened the minimum for the second deal is a pair of queens,
    for the third a pair of kings"): the J-4 ruling said only that the pool stays, so the host
    refereed the next deal as a first one, which takes jacks and the full ante (J-2) again.
    It now names the next deal's openers and the rule that enters it, and that rule does ask
    them: a pair of queens may not open the third deal."""
    said = []
    for redeal in (0, 1):
        state = table(variant="jackpots", progressive=True, redeal=redeal)
        play(deal_out(state), "pass 1", "pass 2", "pass 0")
        (entry,) = rulings(state, "J-4")
        said.append(entry["effect"].split("; ", 1)[1])
    assert said == [
        "the next deal opens on a pair of queens or better (J-3, J-7): referee it with "
        "--players 3 --ante 1 --dealer 1 and the rules redeal=1 carry=1,1,1",
        "the next deal opens on a pair of kings or better (J-3, J-7): referee it with "
        "--players 3 --ante 1 --dealer 1 and the rules redeal=2 carry=1,1,1",
    ]
    third = deal_out(table(variant="jackpots", progressive=True, redeal=2),
                     {1: "Qs Qd 7h Th 2h"})  # fmt: skip
    with pytest.raises(IllegalAction, match="J-3, J-7: seat 1 may open only with a pair of kings"):
        third.apply("open 1 1")


@pytest.mark.rule("R3.11")
def test_R311_an_english_table_rules_the_ante_kept_when_nobody_comes_in():
    state = play(deal_out(table(unopened="english")), "fold 2", "fold 0")
    assert state.unopened and show_outcome(state) == ""
    (said,) = [e["effect"] for e in state.history if e.get("ruling") == "R3.11"]
    assert said.startswith("nobody came in against the Age: his ante of 1 stays in the pool")


@pytest.mark.rule("R4.9")
def test_R49_a_false_opener_left_alone_gets_no_empty_show():
    """A false opener who was the last in: "W-11, the show: . The pool goes to nobody." was
    printed under the ruling that had already said where the pool goes."""
    state = play(deal_out(table(4, variant="jackpots")), "pass 1", "open 2 2", "call 3",
                 "fold 0", "fold 1", "draw 2 3 Qh 4s 5s", "draw 3 1", "bet 2 2", "fold 3",
                 "openers 2 2c 3c")  # fmt: skip
    assert state.is_over and not state.contenders()
    assert any(e.get("ruling") == "R4.9" for e in state.history)
    assert show_outcome(state) == ""


@pytest.mark.rule("R4.9")
@pytest.mark.rule("W-12")
def test_R49_the_player_left_by_a_false_opener_at_the_show_is_not_said_uncalled():
    """R4.9: seat 3 called the opener; both showed, and the opener could not show openers.
    Seat 3 takes the pool because the opening was false, but the outcome said "W-12: seat 3
    takes the pool uncalled", a bluff's rule for a hand that was called and shown."""
    for false_openers in ("refuse", "EB29", "PEEL"):
        state = deal_out(table(4, variant="jackpots", false_openers=false_openers))
        play(state, "pass 1", "open 2 2", "call 3", "fold 0", "fold 1", "draw 2 2", "draw 3 1")
        play(state, "bet 2 1", "call 3", "show 3 2c 2d 5h 6h 7h", "show 2 As Kd Qc 9h 4s")
        play(state, "openers 2")
        assert state.is_over and state.payoffs()[3] > 0
        assert show_outcome(state) == (
            "R4.9: seat 3 takes the pool as the opener's openers were false; he shows One pair, "
            "twos, seven kicker (6 5 besides)."
        ), false_openers


@pytest.mark.rule("D-11")
def test_D11_a_refused_blind_straddle_names_what_was_wrong(tmp_path):
    """D-11 (S3: the player "next the age" straddles; "the straddle may be straddled again in
    its turn if the aggregate amount does not pass the limit"): the Age, a seat out of turn
    and a straddle past the limit were all refused with one sentence naming all three."""
    lines = ["straddle 1", "straddle 3", "straddle 2", "straddle 3", "quit"]
    args = ["--players", "4", "--rule", "straddle=blind", "--save", str(tmp_path / "d.json")]
    out = " ".join(run(args, lines).output.split())
    assert "straddle 1: D-11: the Age's ante is the blind, which the player next the Age" in out
    assert "straddle 3: D-11: the straddle goes in turn from the Age's left: seat 2 is next" in out
    assert "straddle 3: D-11: no more straddles: the next would make the price to play 8, " \
        "past the limit of 5" in out  # fmt: skip
    # with no straddle left, none is sent to a seat that would then be refused; round the
    # table to the Age, the turn is not his
    limited = table(players=5, straddle="blind", straddle_cap="half-limit")
    play(limited, "straddle 2")
    with pytest.raises(IllegalAction, match="no more straddles: the next would make the price"):
        limited.apply("straddle 4")  # was "seat 3 is next", whose straddle was then refused
    high = table(players=3, straddle="blind", straddle_cap="limit", limit_before=20)
    play(high, "straddle 2", "straddle 0")
    for seat in (2, 1):
        with pytest.raises(IllegalAction, match="have come round to the Age"):
            high.apply(f"straddle {seat}")  # was "seat 1 is next", then "the Age's ante..."


@pytest.mark.rule("W-10")
@pytest.mark.rule("J-3")
def test_W10_J3_the_betting_prompt_says_what_the_seat_may_enter(tmp_path):
    """W-10 (each in turn drops, calls or raises within the limit), J-3: the prompt said only
    "Seat 2 to speak; the price is 2." and left the host to guess the events and amounts; it
    now lists them, and a Jack-Pot seat whose hand the referee saw without openers is not
    offered 'open' (J-3)."""
    deal = [f"deal {s} ?" for _ in range(5) for s in (1, 2, 0)]
    out = " ".join(run(["--players", "3", "--save", str(tmp_path / "d.json")],
                       [*deal, "quit"]).output.split())  # fmt: skip
    assert "Seat 2 to speak; the price is 2: fold 2, call 2, raise 2 N (N 1 to 5)." in out
    hands = {1: "2c 5d 9h Jd Ks", 2: "? ? ? ? ?", 0: "? ? ? ? ?"}
    deal = [f"deal {s} {hands[s].split()[i]}" for i in range(5) for s in (1, 2, 0)]
    result = CliRunner().invoke(
        app,
        ["referee", "jackpots", "--players", "3", "--save", str(tmp_path / "j.json")],
        input="\n".join([*deal, "pass 1", "quit"]) + "\n",
    )
    out = " ".join(result.output.split())
    assert "Seat 1 to speak; the price is 0: pass 1." in out
    assert "Seat 2 to speak; the price is 0: pass 2, open 2 N (N 1 to 5)." in out


@pytest.mark.rule("W-2")
@pytest.mark.rule("W-3")
def test_W2_W3_the_deal_and_draw_prompts_say_what_to_enter(tmp_path):
    """W-2, W-3: "Next card to seat 1." and "Seat 1 to draw." named no event, and the draw's
    form (how many thrown out, the cards given if seen) was only in 'help'."""
    deal = [f"deal {s} ?" for _ in range(5) for s in (1, 2, 0)]
    lines = [*deal, "call 2", "call 0", "call 1", "quit"]
    out = " ".join(
        run(["--players", "3", "--save", str(tmp_path / "d.json")], lines).output.split()
    )
    assert "Next card to seat 1: deal 1 CARD|?" in out
    assert "Seat 1 to draw: draw 1 N [CARDS] (N: 0 to 5 thrown out; CARDS: given)" in out


@pytest.mark.rule("D-13")
def test_D13_the_show_says_the_royal_flush_draws_the_penalty():
    """D-13 (S4: the Royal Flush holder, "in addition to scooping up the money in the pool,
    draws a certain amount ... from each player at the table"): at a show the outcome said
    only "The pool goes to seat 1.", and seat 0, who had dropped, lost 3 with no word why."""
    hands = {1: "As Ks Qs Js Ts", 2: "Kd Kc 2d 3d 4d", 0: "7h 8h 9h Jh 2s"}
    state = play(deal_out(table(royal_penalty=3), hands), "call 2", "fold 0", "call 1")
    play(state, "draw 1 0", "draw 2 0", "bet 2 1", "call 1")
    play(state, f"show 2 {hands[2]}", f"show 1 {hands[1]}")
    assert state.payoffs() == [-3.0, 9.0, -6.0]
    assert show_outcome(state).endswith(
        "The pool goes to seat 1. Seat 1's Royal Flush draws 3 from each other player (D-13)."
    )
    plain = play(deal_out(table(), hands), "call 2", "fold 0", "call 1", "draw 1 0", "draw 2 0")
    play(plain, "bet 2 1", "call 1", f"show 2 {hands[2]}", f"show 1 {hands[1]}")
    assert show_outcome(plain).endswith("The pool goes to seat 1.")


@pytest.mark.rule("D-11")
@pytest.mark.rule("I-1")
def test_D11_a_straddle_refused_in_a_fresh_deal_says_why():
    """D-11, I-1: seat 2 straddled, then a fresh deal was claimed; his straddle stands for it
    (stake 2) and another is refused, but the refusal said "a blind straddle is made before
    the cards are dealt" while no card of the fresh deal had been dealt."""
    state = play(table(4, straddle="blind"), "straddle 2", "deal 1 As exposed", "deal 2 ?")
    play(state, "deal 3 ?", "deal 0 ?", "deal 1 Kd exposed", "claim-fresh-deal")
    assert state.deal_no == 2 and state.stakes == [0, 1, 2, 0]
    with pytest.raises(IllegalAction, match="straddle 3: this is a fresh deal: the blinds put up"):
        state.apply("straddle 3")


@pytest.mark.rule("I-1")
def test_a_choice_may_be_answered_by_its_number_or_with_the_seat_as_an_event_names_it(tmp_path):
    """At "seat 1 chooses>" only the bare word was taken: '2' and 'claim-fresh-deal 1' (the
    seat, as every event names it) were refused."""
    lines = ["deal 1 As exposed", "deal 2 ?", "deal 0 ?", "deal 1 Kd exposed"]
    for answer in ("2", "claim-fresh-deal 1"):
        result = run(["--players", "3", "--save", str(tmp_path / f"{answer}.json")],
                     [*lines, answer, "quit"])  # fmt: skip
        out = " ".join(result.output.split())
        assert "seat 1 claims a fresh deal" in out and "Not allowed" not in out, answer
    wrong = run(["--players", "3", "--save", str(tmp_path / "w.json")], [*lines, "3", "quit"])
    assert "Not allowed: '3': I-1 offers seat 1: accept, claim-fresh-deal" in " ".join(
        wrong.output.split())  # fmt: skip


@pytest.mark.rule("C-4")
def test_C4_the_referee_takes_the_joker_by_rule_and_values_it_wild(tmp_path):
    """C-4 at a real table: '--rule joker=wild' puts the Joker in the pack; the show values
    Jk As Ad Kh Kd as aces full (without the rule the Joker is not a card of the pack)."""
    save = tmp_path / "deal.json"
    deal = ["deal 1 Jk", "deal 0 2c", "deal 1 As", "deal 0 3c", "deal 1 Ad", "deal 0 4c",
            "deal 1 Kh", "deal 0 5c", "deal 1 Kd", "deal 0 7d", "call 0", "call 1",
            "draw 1 0", "draw 0 0", "bet 0 1", "call 1",
            "show 0 2c 3c 4c 5c 7d", "show 1 Jk As Ad Kh Kd"]  # fmt: skip
    result = run(["--players", "2", "--rule", "joker=wild", "--save", str(save)], deal)
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert "seat 1: Full house, aces full of kings. The pool goes to seat 1." in out
    record = json.loads(save.read_text())
    assert record["options"]["joker"] == "wild" and record["payoffs"] == [-3, 3]
    plain = run(["--players", "2", "--save", str(tmp_path / "plain.json")], [deal[0], "q"])
    assert "Not allowed" in plain.output


@pytest.mark.rule("J-7")
def test_J7_the_referee_takes_progressive_jackpots_by_rule(tmp_path):
    """J-7 at a real table: after one unopened deal ('--rule redeal=1') a progressive Jack-Pot
    wants queens, so a pair of jacks may not open; a plain Jack-Pot lets it."""
    hands = {1: "Js Jd 7h Th 2h", 2: "2c 4c 8c Kc Qc", 0: "3d 5d 9d 6s 4s"}
    deal = [f"deal {s} {hands[s].split()[i]}" for i in range(5) for s in (1, 2, 0)]
    args = ["--players", "3", "--save", str(tmp_path / "deal.json")]
    progressive = ["--rule", "progressive=true", "--rule", "redeal=1"]
    result = CliRunner().invoke(
        app, ["referee", "jackpots", *args, *progressive], input="\n".join([*deal, "open 1 1", "q"])
    )
    out = " ".join(result.output.split())
    assert "J-3, J-7: seat 1 may open only with a pair of queens or better" in out
    plain = CliRunner().invoke(
        app, ["referee", "jackpots", *args], input="\n".join([*deal, "open 1 1", "q"])
    )
    assert "Not allowed" not in plain.output


@pytest.mark.rule("D-2")
def test_D2_a_rule_that_a_referee_flag_sets_is_refused_naming_the_flag():
    """'--rule' takes any other rule of the game, but one a flag sets is refused naming that
    flag (--limit sets both limits, --void the bet out of turn), and an unknown key lists the
    options."""
    assert "error: use --limit, not --rule limit_after" in refused(
        "draw-poker", "--limit", "4", "--rule", "limit_after=8"
    )
    assert "error: use --void, not --rule out_of_turn_bet" in refused(
        "draw-poker", "--rule", "out_of_turn_bet=void"
    )
    assert "error: use --ante, not --rule ante" in refused("jackpots", "--rule", "ante=2")
    assert "unknown rule option 'jokr'" in refused("draw-poker", "--rule", "jokr=wild")
    assert "referee mode does not yet take stacks=(3, 3)" in refused(
        "draw-poker", "--players", "2", "--rule", "stacks=3,3"
    )


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
def test_referee_stopped_by_a_signal_saves_the_deal_and_exits_as_play_does(tmp_path, signum):
    """A kill (SIGTERM) or a closed terminal (SIGHUP) at the referee's prompt ended it at
    once, killed by it, with no record of the deal so far.  Like ``parlour play`` it now
    saves the deal, says so, and exits 128 + the signal's number (Ctrl-C: 130, as before)."""
    from tests.core.stopping import stopped

    save = tmp_path / "deal.json"
    status, said = stopped(
        ["referee", "draw-poker", "--players", "3", "--save", str(save)],
        signum,
        ready=lambda lines: any("help lists the events" in line for line in lines),
    )
    assert status == 128 + signum, said
    assert "Deal abandoned (interrupted)" in said and "saved to" in said
    assert json.loads(save.read_text())["game"] == "draw-poker-referee"
    assert [p.name for p in tmp_path.iterdir()] == ["deal.json"]  # nothing half-written


@pytest.mark.rule("D-13")
def test_the_D13_choice_tells_the_holder_he_may_lay_his_hand_down_at_once():
    """D-13 at the terminal: the choice says 'show SEAT CARDS' is an answer too, and it is."""
    hands = {1: "As Ks Qs Js 2c".split(), 0: "2d 3c 4c 5c 7d".split()}  # noqa: SIM905
    deal = [f"deal {seat} {hands[seat][i]}" for i in range(5) for seat in (1, 0)]
    events = ["call 0", "call 1", "draw 1 1", "draw 0 0", "bet 0 1", "raise 1 1", "fold 0"]
    result = run(["--players", "2", "--rule", "royal_penalty=2"],
                 [*deal, *events, "show 1 As Ks Qs Js Ts"])  # fmt: skip
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert "seat 1 may choose: take-unshown, show" in out
    assert "or lay the hand down at once: show 1 CARDS" in out
    assert "Not allowed" not in out and "D-13" in out.split("show 1 CARDS", 1)[1]


@pytest.mark.rule("W-11")
def test_W11_a_show_typed_with_no_card_asks_for_the_cards_or_none(tmp_path):
    """'show 0' alone at the show threw seat 0's called hand away (W-11, R8.10) though the
    host had only not yet typed its cards; the terminal now asks for the cards or 'none',
    and 'show 0 none' is the event 'show 0' as records hold it."""
    deal = ["deal 1 Kh", "deal 0 2c", "deal 1 As", "deal 0 3c", "deal 1 Ad", "deal 0 4c",
            "deal 1 Ks", "deal 0 5c", "deal 1 Kd", "deal 0 7d", "call 0", "call 1",
            "draw 1 0", "draw 0 0", "bet 0 1", "call 1"]  # fmt: skip
    slip = run(["--players", "2", "--save", str(tmp_path / "slip.json")],
               [*deal, "show 0", "show 0 2c 3c 4c 5c 7d", "show 1 Kh As Ad Ks Kd"])  # fmt: skip
    out = " ".join(slip.output.split())
    assert "Not allowed: show 0 names no card: write show 0 CARDS, or show 0 none" in out
    early = " ".join(run(["--players", "2", "--save", str(tmp_path / "early.json")],
                         [*deal[:10], "show 1", "quit"]).output.split())  # fmt: skip
    assert "show 1: seat 1 has no hand to show now (W-11)" in early  # not sent to 'show 1 none'
    assert "names no card" not in early
    assert "The pool goes to seat 1." in out and "will not show his called hand" not in out
    assert "show SEAT CARDS|none" in out
    declined = tmp_path / "none.json"
    out = run(["--players", "2", "--save", str(declined)],
              [*deal, "show 0 none", "show 1 Kh As Ad Ks Kd"]).output  # fmt: skip
    assert "seat 0 will not show his called hand" in " ".join(out.split())
    record = json.loads(declined.read_text())
    assert {"seat": 0, "action": "show 0"} in record["history"]
    assert record["payoffs"] == [-3, 3]


def _deal(hands: dict[int, str]) -> list[str]:
    """The deal's events, dealer seat 0: one card a round to seats 1, 2, 0."""
    return [f"deal {s} {hands[s].split()[i]}" for i in range(5) for s in (1, 2, 0)]


def _referee_deal(tmp_path, n: int, rules: list[str], lines: list[str]) -> tuple[str, dict]:
    """One refereed Jack-Pot deal of the evening: its words (as `parlour replay` also tells
    them) and its saved record."""
    save = tmp_path / f"deal{n}.json"
    args = ["--players", "3", "--save", str(save), "--rule", "progressive=true"]
    for rule in rules:
        args += ["--rule", rule]
    result = CliRunner().invoke(app, ["referee", "jackpots", *args], input="\n".join(lines))
    assert result.exit_code == 0, result.output
    replayed = CliRunner().invoke(app, ["replay", str(save)])
    assert replayed.exit_code == 0, replayed.output
    out = " ".join(result.output.split())
    told = " ".join(replayed.output.split())
    end = r"Jack-Pot table: deal 1, pack 1, over; pool \d+"
    assert re.findall(end, told) == re.findall(end, out) != []
    ruled = r"Ruling \w+-\d+ .*?\.(?= The book)"
    assert re.findall(ruled, told) == re.findall(ruled, out)
    return out, json.loads(save.read_text())


@pytest.mark.rule("J-2")
@pytest.mark.rule("J-4")
@pytest.mark.rule("J-7")
def test_J4_a_jackpot_evening_refereed_deal_by_deal_carries_the_pool_to_its_winner(tmp_path):
    """J-2, J-4, J-7: an evening of three refereed Jack-Pot deals.  The referee refused the
    rule carry, so the deal after an unopened one started from the sweeteners alone (pool 3,
    not 6) and its winner never got the carried antes.  Now deal 1 (unopened) names the rules
    of deal 2 (redeal=1 carry=1,1,1: queens, J-7), deal 2 (unopened again) those of deal 3
    (redeal=2 carry=2,2,2: kings), whose pool shows all that was carried and whose winner
    takes it: over the evening the payoffs sum to 0, as the chips on the table do."""
    nothing = {1: "2s 3d 7h Th 9h", 2: "2c 4c 8c Kc Qc", 0: "3h 5d 9d 6s 4s"}
    passes = ["pass 1", "pass 2", "pass 0"]
    rules: list[str] = []
    payoffs = []
    for n, pool, carried in ((1, 3, []), (2, 6, [1, 1, 1])):
        out, record = _referee_deal(tmp_path, n, rules, [*_deal(nothing), *passes])
        assert record["options"]["carry"] == carried and record["payoffs"] == [-1, -1, -1]
        assert f"Jack-Pot table: deal 1, pack 1, over; pool {pool}" in out
        assert f"the pool of {pool} stays for the next deal" in out
        (named,) = re.findall(r"referee it with --players 3 --ante 1 --dealer 1 and the rules "
                              r"([^.]*)\.", out)  # fmt: skip
        rules = named.split()
        payoffs.append(record["payoffs"])
    assert rules == ["redeal=2", "carry=2,2,2"]
    # deal 3: kings open (J-7); seat 1 opens with them, seat 2 calls, seat 0 drops
    hands = {1: "Ks Kd 7h Th 2h", 2: "Qs Qd 8c 4c 3d", 0: "3h 5d 9d 6s 4s"}
    events = ["open 1 1", "call 2", "fold 0", "draw 1 0", "draw 2 0", "bet 1 1", "call 2",
              f"show 1 {hands[1]}", f"show 2 {hands[2]}"]  # fmt: skip
    out, record = _referee_deal(tmp_path, 3, rules, [*_deal(hands), *events])
    assert "Jack-Pot table: deal 1, pack 1, the deal; pool 9" in out  # 6 carried + 3 sweeteners
    assert "The pool goes to seat 1." in out and record["options"]["carry"] == [2, 2, 2]
    # seat 1 wins seats 2's 3 chips put up and seat 0's 1 this deal, and the 6 carried in
    assert record["payoffs"] == [-1, 10, -3]
    payoffs.append(record["payoffs"])
    assert [sum(seat) for seat in zip(*payoffs, strict=True)] == [-3, 8, -5]
    assert sum(map(sum, payoffs)) == 0  # every chip of the evening is accounted for
