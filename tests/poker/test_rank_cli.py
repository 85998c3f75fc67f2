"""``parlour rank`` and ``parlour odds frequencies``: output, and bad input exits 2."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from parlour.cli import app
from parlour.poker.odds import draw_odds
from parlour.poker.ranking import Ranking
from tests.screen import rows

runner = CliRunner()


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return result.exit_code, result.output


@pytest.mark.rule("H-1")
def test_h1_rank_names_the_hand() -> None:
    code, out = run("rank", "As Ks Qs Js Ts")
    assert code == 0 and "Royal flush" in out and "straight-flush" in out
    code, out = run("rank", "8s", "8h", "8d", "3c", "3s")
    assert code == 0 and "Full house, eights full of threes" in out


@pytest.mark.rule("C-2")
@pytest.mark.rule("C-4")
def test_c2_c4_rank_with_pack_and_joker() -> None:
    code, out = run("rank", "As 4d 5h 6c 7s", "--pack", "44")
    assert code == 0 and "Straight, seven high" in out
    code, out = run("rank", "Jk Qd Jd Td 9d", "--joker", "wild")
    assert code == 0 and "Straight flush, king high" in out
    code, out = run("rank", "Jk Ks Kd 5h 2c", "--joker", "bug")
    assert code == 0 and "One pair, kings, ace kicker" in out
    code, out = run("rank", "Kh Kd Qc Qs Jh", "--specials", "blaze")
    assert code == 0 and "Blaze" in out


@pytest.mark.rule("C-2")
@pytest.mark.rule("C-4")
@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("rank", "Xs Ks Qs Js Ts"), "unknown card 'Xs'"),
        (("rank", "As As Ks Qs Js"), "duplicate card As"),
        (("rank", "2c 4d 5h 6c 7s", "--pack", "44"), "card 2c is not in the 44-card pack (C-2"),
        (("rank", "Jk Ks Qs Js Ts"), "card Jk is not in the 52-card pack (C-4"),
        (("rank", "As Ks Qs Js"), "five cards, not 4"),
        (("rank", "As Ks Qs Js Ts", "--joker", "mad"), "--joker 'mad'"),
        (("rank", "As Ks Qs Js Ts", "--pack", "45"), "no 45-card pack"),
        (("odds", "frequencies", "--pack", "99"), "no 99-card pack"),
        (("odds", "frequencies", "--specials", "blaze,foo"), "unknown special hand 'foo'"),
        (("odds", "frequencies", "--option", "nonsense=1"), "unknown rule option 'nonsense'"),
    ],
)
def test_c2_c4_bad_input_exits_2_with_the_rule(args: tuple[str, ...], message: str) -> None:
    code, out = run(*args)
    assert code == 2
    assert message in " ".join(out.split())
    assert "Traceback" not in out


@pytest.mark.rule("C-5")
def test_c5_odds_frequencies_prints_the_table() -> None:
    """The 20-card pack of old Straight Poker (C-5): a small exact table."""
    code, out = run("odds", "frequencies", "--pack", "20")
    assert code == 0
    assert "15,504" in out and "Straight flush" in out and "of which royal" in out


@pytest.mark.rule("H-17")
def test_h17_odds_frequencies_joker_wild() -> None:
    code, out = run("odds", "frequencies", "--joker", "wild")
    assert code == 0
    for text in ("2,869,685", "Five of a kind", "137,280", "1,302,540"):
        assert text in out
    # five of a kind is listed above the straight flushes, but the royal beats it (S4)
    assert "The royal flush ranks above five of a kind" in " ".join(out.split())
    code, out = run("odds", "frequencies", "--joker", "wild",
                    "--option", "royal_above_five_of_a_kind=false")  # fmt: skip
    assert code == 0 and "royal flush ranks above" not in out


@pytest.mark.rule("C-4")
def test_c4_the_table_title_names_the_joker_the_ranking_used() -> None:
    """``--option joker=...`` sets the Joker: the title named the flag's default Joker."""
    code, out = run("odds", "frequencies", "--pack", "20", "--option", "joker=wild")
    assert code == 0 and "the Joker wild" in " ".join(out.split())


def test_r2_11_skip_ace_low_alone_is_refused_naming_skip_straight() -> None:
    """R2.11: the ace is low only in a skip straight; `--specials skip-ace-low` alone
    ranked A-3-5-7-9 as no pair, saying nothing."""
    code, out = run("rank", "Ac 3d 5h 7s 9c", "--specials", "skip-ace-low")
    assert code == 2 and "skip_ace_low (R2.11) needs skip_straight" in " ".join(out.split())
    code, out = run("rank", "Ac 3d 5h 7s 9c", "--specials", "skip-straight,skip-ace-low")
    assert code == 0 and "Skip straight" in out


def test_a_bad_ace_or_straights_value_is_refused_by_its_flag() -> None:
    """--ace nope was refused as "ranking option ace_in_straights='nope'", a name the user
    never typed (H-6, H-13)."""
    ace = runner.invoke(app, ["rank", "As Ks Qs Js Ts", "--ace", "nope"])
    assert ace.exit_code == 2 and "--ace 'nope': choose one of high-or-low" in ace.output
    straights = runner.invoke(app, ["rank", "As Ks Qs Js Ts", "--straights", "nope"])
    assert straights.exit_code == 2 and "--straights 'nope': choose one of" in straights.output


@pytest.mark.rule("C-4")
@pytest.mark.parametrize("command", [("rank", "As Ks Qs Js Ts"), ("odds", "frequencies")])
def test_a_bad_joker_value_is_refused_by_its_flag(command) -> None:
    """C-4: --joker bogus was refused as "ranking option joker='bogus'" while --ace and
    --straights name themselves; --option joker=bogus keeps the option's own name."""
    code, out = run(*command, "--joker", "bogus")
    out = " ".join(out.split())
    assert code == 2 and "error: --joker 'bogus': choose one of none, wild, bug" in out, out
    code, out = run(*command, "--option", "joker=bogus")
    assert code == 2 and "error: ranking option joker='bogus': choose one of" in out, out


@pytest.mark.rule("H-13")
@pytest.mark.parametrize(
    ("command", "typed", "said"),
    [
        (("rank", "As Ks Qs Js Ts"), "straight_rank=nope", "straight_rank='nope'"),
        (("rank", "As Ks Qs Js Ts"), "straight-rank=nope", "straight_rank='nope'"),
        (("rank", "As Ks Qs Js Ts"), "ace_in_straights=nope", "ace_in_straights='nope'"),
        (("odds", "frequencies"), "straight_rank=nope", "straight_rank='nope'"),
    ],
)
def test_a_bad_value_given_by_option_is_refused_by_the_option_not_a_flag(command, typed, said):
    """H-13, H-6: ``--option straight_rank=nope`` was refused as "--straights 'nope'", a flag
    the user never typed; the option keeps its own name, as every other ``--option`` does."""
    code, out = run(*command, "--option", typed)
    out = " ".join(out.split())
    assert code == 2 and f"error: ranking option {said}: choose one of" in out, out
    assert "--straights" not in out and "--ace" not in out


def test_the_ranking_flags_reach_the_ranking():
    """--no-strip-ace-low (R1.7) and --flush-beats-full (R1.8) each change the ranking (C01
    and C07 set the opposite); --specials takes names separated by spaces (C02 refused them).

    C01: poker/cli.py:80 `options["strip_ace_low"] = False` -> `= True`
    C07: poker/cli.py:82 `options["flush_beats_full_house"] = True` -> `= False`
    C02: poker/cli.py:85 `specials.replace(" ", ",").split(",")` -> `specials.split(",")`
    """
    code, out = run("rank", "As 4d 5h 6c 7s", "--pack", "44", "--no-strip-ace-low")
    assert code == 0 and "No pair, ace high" in out
    code, out = run("odds", "frequencies", "--flush-beats-full")
    hands = [row[0] for row in rows(out)]
    assert code == 0 and hands.index("Flush") < hands.index("Full house")
    code, out = run("rank", "Kh Kd Qc Qs Jh", "--specials", "blaze skeet")
    assert code == 0 and "Blaze" in out


@pytest.mark.rule("A-3")
def test_the_draw_odds_table_counts_this_or_better_and_names_standing_pat():
    """ "This or better" adds the row's own draws (C03 left them out); with the Joker wild the
    royal flush, above five of a kind, counts in five of a kind's "or better" (C05); a draw
    of nothing is "standing pat" (C04); "1 in" is the total over the count (C06).

    C03: poker/cli.py:280 `(at_least + above)` -> `(at_least - count + above)`
    C04: poker/cli.py:265 `... if drawn else "standing pat"` -> (always "drawing N")
    C05: poker/cli.py:308 `royal_on_top = ranking.royal_on_top` -> `royal_on_top = False`
    C06: poker/cli.py:215 `table.total / count` -> `count / table.total`
    """
    code, out = run("odds", "draw", "Kc Kd Kh 9s 2c", "--throw", "9s 2c")
    by_hand = {row[0]: row[1:] for row in rows(out)}
    assert code == 0 and by_hand["Four of a kind"] == ["46", "4.2553%", "4.2553%"]
    code, out = run("odds", "draw", "Kc Kd Kh 9s 2c")
    assert code == 0 and "Kc Kd Kh 9s 2c, standing pat" in out
    code, out = run("odds", "draw", "Jk As Ks Qs 2c", "--throw", "As Ks Qs 2c", "--joker", "wild")
    by_hand = {row[0]: row[1:] for row in rows(out)}
    assert code == 0 and by_hand["Five of a kind"] == [
        "9",
        "0.0046%",
        "0.0123%",
    ]  # (9 + 15) / 194,580
    code, out = run("odds", "frequencies")
    by_hand = {row[0]: row[1:] for row in rows(out)}
    assert code == 0 and by_hand["One pair"][-1] == "2.4" and by_hand["No pair"][-1] == "2.0"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ("rank", "As Ks Qs Js Ts", "--pack", "44", "--option", "pack=52"),
            "--pack, not --option pack",
        ),
        (
            ("rank", "As Ks Qs Js Ts", "--pack", "52", "--option", "pack=44"),
            "--pack, not --option pack",
        ),
        (
            ("odds", "frequencies", "--joker", "bug", "--option", "joker=none"),
            "--joker, not --option joker",
        ),
        (
            (
                "odds",
                "draw",
                "Kc Kd Kh 9s 2c",
                "--ace",
                "low-only",
                "--option",
                "ace-in-straights=high-only",
            ),
            "--ace, not --option ace_in_straights",
        ),
        (
            ("rank", "Kh Kd Qc Qs Jh", "--specials", "blaze", "--option", "blaze=false"),
            "--specials, not --option blaze",
        ),
        (
            ("rank", "As Ks Qs Js Ts", "--corner", "--option", "corner_straights=false"),
            "--corner, not --option corner_straights",
        ),
    ],
)
def test_a_rule_set_both_by_its_flag_and_by_option_is_refused_naming_both(
    args: tuple[str, ...], message: str
) -> None:
    """``--pack 44 --option pack=52`` ranked in the 52-card pack, the flag silently ignored
    (and ``--joker bug --option joker=none`` played without the Joker); ``parlour play``
    refuses such a rule set two ways, and so now do ``rank`` and ``odds``."""
    code, out = run(*args)
    assert code == 2 and f"use {message}" in " ".join(out.split())


def test_an_option_for_a_flag_not_given_sets_it() -> None:
    """A flag left out leaves ``--option`` to set its rule (the 44-card pack's A-4-5-6-7)."""
    code, out = run("rank", "As 4d 5h 6c 7s", "--option", "pack=44")
    assert code == 0 and "Straight, seven high" in out


def test_an_option_without_a_value_is_refused_as_typed() -> None:
    """``--option ace-in-straights`` (no "=VALUE") was refused as "not 'ace_in_straights'",
    quoting an item never typed: its hyphens were made underscores before it was read."""
    code, out = run("rank", "As Ks Qs Js Ts", "--option", "ace-in-straights")
    assert code == 2 and "--option takes KEY=VALUE, not 'ace-in-straights'" in out, out


@pytest.mark.parametrize(
    "args, said",
    [
        (("rank", "As Ks Qs Js Ts", "--option", "pack=44", "--option", "pack=32"),
         "--option pack is given twice, as 44 and 32"),
        (("odds", "frequencies", "--option", "pack=20", "--option", "pack=32"),
         "--option pack is given twice, as 20 and 32"),
        (("simulate", "meusueb", "--games", "1", "--bots", "strong,random", "--bot-option",
          "strong.time_limit=0.01", "--bot-option", "strong.time_limit=0.02"),
         "--bot-option strong.time_limit is given twice, as 0.01 and 0.02"),
        (("simulate", "draw-poker", "--games", "1", "--rule", "limit_before=5", "--rule",
          "limit_before=2"),
         "--rule limit_before is given twice, as 5 and 2"),
        # alike in Python (True == 1, 32 == 32.0), not as typed: the last was kept
        (("simulate", "draw-poker", "--games", "1", "--rule", "check_after_draw=true",
          "--rule", "check_after_draw=1"),
         "--rule check_after_draw is given twice, as true and 1"),
        (("odds", "frequencies", "--option", "pack=32", "--option", "pack=32.0"),
         "--option pack is given twice, as 32 and 32.0"),
    ],
)  # fmt: skip
def test_an_option_given_twice_with_two_values_is_refused(args, said) -> None:
    """The last of two values was taken without a word: `--option pack=20 --option pack=32`
    printed the 32-card table.  The same value twice is only said twice."""
    code, out = run(*args)
    assert code == 2 and said in " ".join(out.split())
    code, out = run("rank", "As Ks Qs Js Ts", "--option", "pack=44", "--option", "pack=44")
    assert code == 0 and "Royal flush" in out


@pytest.mark.rule("H-17")
def test_the_royal_flush_above_five_of_a_kind_counts_in_the_draw_odds_with_either_joker():
    """The ranking puts the royal flush above five of a kind with the Joker wild or as the
    bug, but the odds reckoned it only for the wild Joker, and by category: with the bug
    five aces' "this or better" left out the royals (0.0058%, not 0.0289%), five aces were
    improved by nothing (the royals are 4 of 17,296) and a royal was improved by five aces;
    and the table's note on the royal was printed where no royal can be made.  A lower
    straight flush counted five of a kind as bettering it, but not the royal above that."""
    code, out = run("odds", "draw", "Jk As 7c 4d 2h", "--throw", "7c 4d 2h", "--joker", "bug")
    by_hand = {row[0]: row[1:] for row in rows(out)}
    assert code == 0 and by_hand["Five of a kind"] == ["1", "0.0058%", "0.0289%"]  # (1+4)/17,296
    for joker in ("wild", "bug"):
        ranking = Ranking(joker=joker)
        assert ranking.royal_on_top
        five_aces = draw_odds("Jk As Ac Ad Ah", "Ac Ad Ah", ranking)
        assert (five_aces.before, five_aces.improved, five_aces.royals) == ("five-of-a-kind", 4, 4)
        royal = draw_odds("As Ks Qs Js Ts", "Ks Qs Js Ts", ranking)
        assert royal.before == "straight-flush" and royal.improved == 0
        # a lower straight flush is bettered by five of a kind and by the royal above it
        lower = draw_odds("Jk 9s Ts Js Qs", "9s Ts Js Qs", ranking)
        counts = dict(lower.rows)
        assert lower.royals == 15 and lower.improved == counts["five-of-a-kind"] + 15
    code, out = run("odds", "draw", "Jk Ac Ad Ah As", "--throw", "Ac Ad Ah", "--joker", "bug")
    assert code == 0 and "Improves on five of a kind: 4 in 17,296" in out
    said = " ".join(run("odds", "frequencies", "--joker", "bug")[1].split())
    assert "The royal flush ranks above five of a kind" in said
    args = ("odds", "frequencies", "--joker", "wild", "--straights", "not-recognised")
    assert "royal flush" not in run(*args)[1]
    # without the option five of a kind is the top, and improved like any other category
    plain = draw_odds("As Ks Qs Js Ts", "Ks Qs Js Ts",
                      Ranking(joker="wild", royal_above_five_of_a_kind=False))  # fmt: skip
    assert plain.improved == dict(plain.rows)["five-of-a-kind"] > 0
