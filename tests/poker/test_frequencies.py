"""poker-rules.md §9 reproduced by exhaustive enumeration with the fast evaluator.

Every table of §9.2, §9.3 and §9.6 is a full enumeration of all five-card hands of
the pack (2.6 to 5.5 million hands each).
"""

from __future__ import annotations

import numpy as np
import pytest

from parlour.game import GameOptionError
from parlour.poker.fast import all_hands, evaluate_batch
from parlour.poker.odds import draw_odds, frequency_table
from parlour.poker.ranking import Ranking

STANDARD = ("straight-flush", "fours", "full-house", "flush", "straight", "threes",
            "two-pairs", "one-pair", "no-pair")  # fmt: skip


def table(**options: object) -> dict[str, int]:
    return frequency_table(Ranking(**options)).as_dict()


@pytest.mark.rule("H-1")
@pytest.mark.rule("C-1")
def test_h1_c1_standard_52_card_table() -> None:
    """§9.2, 52 cards: the standard published table; 4 royals among the 40 straight flushes."""
    t = frequency_table(Ranking())
    assert t.total == 2_598_960
    assert t.as_dict() == dict(zip(STANDARD, (40, 624, 3744, 5108, 10200, 54912, 123552,
                                              1098240, 1302540), strict=True))  # fmt: skip
    assert t.royals == 4


@pytest.mark.rule("C-4")
@pytest.mark.rule("H-17")
def test_c4_h17_joker_wild_53_card_table() -> None:
    """§9.2, 53 cards with the Joker wild (Scarne's table); five of a kind (H-17)."""
    t = frequency_table(Ranking(joker="wild"))
    assert t.total == 2_869_685
    assert t.as_dict() == {
        "five-of-a-kind": 13, "straight-flush": 204, "fours": 3120, "full-house": 6552,
        "flush": 7804, "straight": 20532, "threes": 137280, "two-pairs": 123552,
        "one-pair": 1268088, "no-pair": 1302540,
    }  # fmt: skip
    assert t.royals == 24
    # the closed forms of §9.2
    assert t.count("straight-flush") == 40 + 4 * 41
    assert t.count("fours") == 624 + 13 * 4 * 48
    assert t.count("full-house") == 3744 + 78 * 36
    assert t.count("flush") == 5108 + 4 * (715 - 41)
    assert t.count("straight") == 10200 + 41 * 252
    assert t.count("threes") == 54912 + 13 * 6 * 66 * 16
    # facts for assertions: threes commoner than two pairs; the Joker never makes two pairs
    assert t.count("threes") > t.count("two-pairs") == 123552
    assert t.count("Four of a kind") == t.count("fours")  # as the table shows it, too
    with pytest.raises(KeyError, match="no category 'pair' in this ranking; its categories: "
                       "five-of-a-kind, straight-flush"):  # fmt: skip
        t.count("pair")  # it was a bare KeyError: 'pair'


@pytest.mark.rule("C-4")
@pytest.mark.rule("H-17")
def test_c4_h17_joker_bug_53_card_table() -> None:
    """§9.2, 53 cards with the Joker as the bug (R2.8): five aces only."""
    t = frequency_table(Ranking(joker="bug"))
    assert t.total == 2_869_685
    assert t.as_dict() == {
        "five-of-a-kind": 1, "straight-flush": 204, "fours": 828, "full-house": 4368,
        "flush": 7804, "straight": 20532, "threes": 63360, "two-pairs": 138600,
        "one-pair": 1215024, "no-pair": 1418964,
    }  # fmt: skip
    assert t.royals == 24
    assert t.count("fours") == 624 + 4 * 48 + 12
    assert t.count("full-house") == 3744 + 432 + 192
    assert t.count("threes") == 54912 + 6336 + 2112
    assert t.count("two-pairs") == 123552 + 12672 + 2376


# §9.3: pack, ace-low?, total, SF, fours, full, flush, straight, threes, two pairs, pair, no pair
TABLE_9_3 = [
    (52, True, 2598960, 40, 624, 3744, 5108, 10200, 54912, 123552, 1098240, 1302540),
    (52, False, 2598960, 36, 624, 3744, 5112, 9180, 54912, 123552, 1098240, 1303560),
    (48, True, 1712304, 36, 528, 3168, 3132, 9180, 42240, 95040, 760320, 798660),
    (48, False, 1712304, 32, 528, 3168, 3136, 8160, 42240, 95040, 760320, 799680),
    (44, True, 1086008, 32, 440, 2640, 1816, 8160, 31680, 71280, 506880, 463080),
    (44, False, 1086008, 28, 440, 2640, 1820, 7140, 31680, 71280, 506880, 464100),
    (40, True, 658008, 28, 360, 2160, 980, 7140, 23040, 51840, 322560, 249900),
    (40, False, 658008, 24, 360, 2160, 984, 6120, 23040, 51840, 322560, 250920),
    (36, True, 376992, 24, 288, 1728, 480, 6120, 16128, 36288, 193536, 122400),
    (36, False, 376992, 20, 288, 1728, 484, 5100, 16128, 36288, 193536, 123420),
    (32, True, 201376, 20, 224, 1344, 204, 5100, 10752, 24192, 107520, 52020),
    (32, False, 201376, 16, 224, 1344, 208, 4080, 10752, 24192, 107520, 53040),
    (60, True, 5461512, 48, 840, 5040, 11964, 12240, 87360, 196560, 2096640, 3050820),
    (60, False, 5461512, 44, 840, 5040, 11968, 11220, 87360, 196560, 2096640, 3051840),
]


def _ace_low_options(size: int, ace_low: bool) -> dict[str, object]:
    if size in (52, 60):
        return {"ace_in_straights": "high-or-low" if ace_low else "high-only"}
    return {"strip_ace_low": ace_low}


@pytest.mark.rule("C-2")
@pytest.mark.rule("C-3")
@pytest.mark.rule("H-6")
@pytest.mark.parametrize("row", TABLE_9_3, ids=[f"{r[0]}-{'acelow' if r[1] else 'noacelow'}"
                                                 for r in TABLE_9_3])  # fmt: skip
def test_c2_c3_h6_stripped_and_60_card_tables(row: tuple) -> None:
    """§9.3: every stripped pack (C-2), the 60-card pack (C-3), with and without ace-low (H-6)."""
    size, ace_low, total, *counts = row
    t = frequency_table(Ranking(pack=size, **_ace_low_options(size, ace_low)))
    assert t.total == total
    assert t.as_dict() == dict(zip(STANDARD, counts, strict=True))


@pytest.mark.rule("H-6")
def test_h6_peel_ace_low_only_gives_the_no_ace_low_table() -> None:
    """R1.4: Peel's ace-low-only rule has 9 windows, so the same table as high-only."""
    assert table(ace_in_straights="low-only") == table(ace_in_straights="high-only")


@pytest.mark.rule("H-6")
def test_h6_round_the_corner_straights_table() -> None:
    """§9.3: 52 cards, ace-low and round-the-corner straights (R1.5): 13 windows."""
    counts = (52, 624, 3744, 5096, 13260, 54912, 123552, 1098240, 1299480)
    assert table(corner_straights=True) == dict(zip(STANDARD, counts, strict=True))


@pytest.mark.rule("H-1")
def test_h1_section_9_4_facts() -> None:
    """§9.4: in every stripped pack a flush is rarer than a full; 32 cards: rarer than fours."""
    for size in (48, 44, 40):
        t = table(pack=size)
        assert t["flush"] < t["full-house"]
    t32 = table(pack=32)
    assert t32["flush"] < t32["fours"]
    t60 = table(pack=60)
    assert t60["flush"] < t60["straight"]
    for size in (44, 40):
        t = table(pack=size)
        assert t["one-pair"] > t["no-pair"]


@pytest.mark.rule("H-1")
def test_h1_flush_beats_full_house_moves_only_the_order() -> None:
    """R1.8 option: the counts stay, the flush now outranks the full house."""
    r = Ranking(pack=44, flush_beats_full_house=True)
    assert r.order.index("flush") < r.order.index("full-house")
    assert frequency_table(r).as_dict() == table(pack=44)
    assert r.evaluate("As Js 9s 7s 5s") > r.evaluate("Kd Kh Kc 4s 4d")


# --- §9.6 special hands in the 52-card pack --------------------------------


@pytest.fixture(scope="module")
def hands52() -> np.ndarray:
    return all_hands(Ranking().pack)


def _changed(hands52: np.ndarray, special: str, **options: object) -> dict[str, int]:
    """How many hands become ``special`` and, by category, what they would be otherwise."""
    base, r = Ranking(), Ranking(**options)
    new = evaluate_batch(hands52, r)
    old = evaluate_batch(hands52, base)
    cats = np.array([r.category_of(int(v)) for v in np.unique(new)], dtype=object)
    lookup = dict(zip(np.unique(new).tolist(), cats, strict=True))
    uniq, inverse = np.unique(new, return_inverse=True)
    is_special = np.array([lookup[v] == special for v in uniq.tolist()])[inverse]
    out: dict[str, int] = {}
    for v, n in zip(*np.unique(old[is_special], return_counts=True), strict=True):
        category = base.category_of(int(v))
        out[category] = out.get(category, 0) + int(n)
    return out


@pytest.mark.rule("H-15")
def test_h15_blaze_changes_only_432_two_pair_hands(hands52: np.ndarray) -> None:
    """§9.6: the blaze (five court cards) beats two pairs; it changes only 432 hands."""
    assert _changed(hands52, "blaze", blaze=True) == {"two-pairs": 432}


@pytest.mark.rule("H-14")
@pytest.mark.parametrize("name", ["big-tiger", "little-tiger", "big-dog", "little-dog"])
def test_h14_tigers_and_dogs_counts(hands52: np.ndarray, name: str) -> None:
    """§9.6: each tiger or dog is 4,080 no-pair hands (the 16 suited ones stay flushes)."""
    assert _changed(hands52, name, tigers_dogs=True) == {"no-pair": 4080}


@pytest.mark.rule("H-14")
@pytest.mark.parametrize("name", ["big-tiger", "little-tiger", "big-dog", "little-dog"])
def test_h14_suited_tigers_and_dogs_leave_the_flushes(hands52: np.ndarray, name: str) -> None:
    """R2.10 option catDogFlushBeatsStraightFlush: the 16 suited hands of each kind move up."""
    options = {"tigers_dogs": True, "cat_dog_flush_beats_straight_flush": True}
    assert _changed(hands52, "suited-" + name, **options) == {"flush": 16}
    assert _changed(hands52, name, **options) == {"no-pair": 4080}


def test_r6_5_without_flushes_five_of_a_suit_is_only_its_ranks(hands52: np.ndarray) -> None:
    """R6.5 (stud as EB29 plays it): the 5,108 flushes fall to no pair, the 40 straight flushes
    to straights; the ranking refuses suit hands that would need a flush."""
    assert _changed(hands52, "no-pair", flushes=False) == {"no-pair": 1302540, "flush": 5108}
    assert _changed(hands52, "straight", flushes=False) == {"straight": 10200, "straight-flush": 40}
    with pytest.raises(GameOptionError, match=r"R6\.5"):
        Ranking(flushes=False, bobtails=True)


@pytest.mark.rule("H-14")
def test_h14_tiger_1895_is_the_little_dog(hands52: np.ndarray) -> None:
    """R2.10: the 1895 Tiger (seven high, deuce low) is the Little Dog, above straights."""
    assert _changed(hands52, "little-dog", tiger_1895=True) == {"no-pair": 4080}
    r = Ranking(tiger_1895=True)
    assert r.evaluate("7s 5d 4h 3c 2s") > r.evaluate("As Kd Qh Jc Ts")
    assert r.evaluate("7s 5d 4h 3c 2s") < r.evaluate("9s 7s 4s 3s 2s")


def test_skip_straights_counts(hands52: np.ndarray) -> None:
    """§9.6 (R2.11): skip straights, ace high only 5,100; with A-3-5-7-9 another 1,020."""
    assert _changed(hands52, "skip-straight", skip_straight=True) == {"no-pair": 5100}
    both = _changed(hands52, "skip-straight", skip_straight=True, skip_ace_low=True)
    assert both == {"no-pair": 5100 + 1020}


def test_corner_straights_counts(hands52: np.ndarray) -> None:
    """§9.6 (R1.5): round-the-corner straights are 3,060 no-pair hands and 12 flushes."""
    changed = _changed(hands52, "straight", corner_straights=True)
    assert changed == {"straight": 10200, "no-pair": 3060}
    assert _changed(hands52, "straight-flush", corner_straights=True) == {
        "straight-flush": 40,
        "flush": 12,
    }


def test_five_and_dime_and_skeet_counts(hands52: np.ndarray) -> None:
    """§9.6 (R2.11): five-and-dime 4,080 and skeet 6,120 no-pair hands, both placements."""
    assert _changed(hands52, "five-and-dime", five_and_dime=True) == {"no-pair": 4080}
    assert _changed(hands52, "skeet", skeet=True) == {"no-pair": 6120}
    above = _changed(hands52, "skeet", skeet=True, skeet_placement="above-straight")
    assert above == {"no-pair": 6120}


@pytest.mark.rule("H-16")
def test_h16_big_bobtails_by_full_enumeration(hands52: np.ndarray) -> None:
    """§9.6: 6,396 big bobtails (R2.12): no pair 3,828, one pair 1,968, straight 600."""
    changed = _changed(hands52, "big-bobtail", bobtails=True)
    assert changed == {"no-pair": 3828, "one-pair": 1968, "straight": 600}


@pytest.mark.rule("A-3")
def test_A3_threes_improve_more_often_than_two_pairs_by_the_exact_draw_odds():
    """A-3 (S4): "more difficult to improve on Threes than on Two Pair" is false by exact count:
    threes drawing two improve 112 times in C(47, 2) = 1,081 (fours: the last king with any of
    46; fulls: C(4,2) of ten ranks and C(3,2) of the two thrown), two pairs 4 times in 47."""
    from math import comb

    from parlour.poker.odds import draw_odds

    threes = draw_odds("Kc Kd Kh 9s 2c", "9s 2c", Ranking())
    assert (threes.total, threes.improved) == (comb(47, 2), 46 + 10 * comb(4, 2) + 2 * comb(3, 2))
    assert dict(threes.rows)["fours"] == 46 and threes.before == "threes"
    pairs = draw_odds("Kc Kd 9h 9s 2c", "2c", Ranking())
    assert (pairs.total, pairs.improved) == (47, 4)
    assert threes.probability() > pairs.probability()
    pat = draw_odds("Kc Kd 9h 9s 2c", "", Ranking())
    assert (pat.total, pat.improved) == (1, 0)
    with pytest.raises(ValueError, match="W-3"):
        draw_odds("Kc Kd 9h 9s 2c", "3c", Ranking())


def test_odds_draw_command_prints_the_exact_draw_odds():
    from typer.testing import CliRunner

    from parlour.cli import app

    result = CliRunner().invoke(app, ["odds", "draw", "Kc Kd Kh 9s 2c", "--throw", "9s 2c"])
    assert result.exit_code == 0, result.output
    assert "Improves on three of a kind: 112 in 1,081 (10.36%)" in result.output
    assert "drawing 2: all 1,081 draws" in result.output
    commas = CliRunner().invoke(app, ["odds", "draw", "Kc Kd Kh 9s 2c", "--throw", "9s,2c"])
    assert "drawing 2: all 1,081 draws" in commas.output  # the title counted '9s,2c' as one
    bad = CliRunner().invoke(app, ["odds", "draw", "Kc Kd Kh 9s 2c", "--throw", "9s 3c"])
    assert bad.exit_code == 2 and "W-3" in bad.output and "3c is not in" in bad.output
    two = CliRunner().invoke(app, ["odds", "draw", "Kc Kd Kh 9s 2c", "--throw", "3c 4d"])
    assert "3c 4d are not in" in two.output
    unquoted = CliRunner().invoke(app, ["odds", "draw", "Kc", "Kd", "Kh", "9s", "2c", "--throw",
                                        "9s,2c"])  # fmt: skip
    assert unquoted.output == commas.output  # the hand's cards as rank takes them: unquoted
    split = CliRunner().invoke(app, ["odds", "draw", "Kc", "Kd", "Kh", "9s", "2c", "--throw",
                                     "9s", "2c"])  # fmt: skip
    said = " ".join(split.output.split())
    assert split.exit_code == 2 and 'give --throw its cards quoted ("9s 2c")' in said
    pat = CliRunner().invoke(app, ["odds", "draw", "Kc Kd Kh 9s 2c"])
    assert pat.exit_code == 0 and "standing pat" in pat.output  # not "drawing 0: all 1 draws"
    assert "Improves on three of a kind: 0 in 1" in pat.output


def test_odds_draw_takes_the_ranking_flags_and_counts_each_hand_or_better():
    """A four-flush drawing one "improves" 21 times in 47, pairs included; the flush or better
    is the 9 in 47 a player asks for.  The stripped pack's order (R1.8) reaches the draw too."""
    from typer.testing import CliRunner

    from parlour.cli import app

    runner = CliRunner()
    flush = runner.invoke(app, ["odds", "draw", "Ks 9s 7s 4s 2c", "--throw", "2c"])
    rows = {line.split("│")[1].strip(): line.split("│")[-2].strip()
            for line in flush.output.splitlines() if line.count("│") == 5}  # fmt: skip
    assert rows == {"Flush": "19.1489%", "One pair": "44.6809%", "No pair": "100.0000%"}
    hand = "Ks 9s 7s Ts 8c"  # all five thrown: every hand of the 44-card pack is possible
    args = ["odds", "draw", hand, "--throw", hand, "--pack", "44"]
    plain, reordered = runner.invoke(app, args), runner.invoke(app, [*args, "--flush-beats-full"])
    assert plain.exit_code == reordered.exit_code == 0, reordered.output
    assert plain.output.index("Full house") < plain.output.index("Flush")
    assert reordered.output.index("Flush") < reordered.output.index("Full house")


@pytest.mark.rule("H-17")
def test_odds_draw_counts_the_royals_above_five_of_a_kind_with_the_joker_wild():
    """With the Joker wild the royal flush still outranks five of a kind (S4), so five aces
    "or better" are 1 draw in 17,296 and the 4 royals among the 8 straight flushes."""
    from typer.testing import CliRunner

    from parlour.cli import app

    args = ["odds", "draw", "Jk As 2c 3d 4h", "--throw", "2c 3d 4h", "--joker", "wild"]
    out = CliRunner().invoke(app, args).output
    rows = {line.split("│")[1].strip(): [cell.strip() for cell in line.split("│")[2:-1]]
            for line in out.splitlines() if line.count("│") == 5}  # fmt: skip
    assert rows["Five of a kind"] == ["1", "0.0058%", f"{5 / 17296:.4%}"]
    assert rows["Straight flush"][0] == "8" and rows["of which royal"][0] == "4"
    assert draw_odds("Jk As 2c 3d 4h", "2c 3d 4h", Ranking(joker="wild")).royals == 4


def test_draw_odds_takes_cards_as_a_list_and_refuses_other_types_by_name():
    """``thrown`` as a list failed on 'list'.strip, though ``hand`` took one; None and a
    ranking that is not a Ranking failed on an attribute deep inside.  A list of cards (text
    or Card) is read as text is; anything else is a TypeError naming the argument."""
    from parlour.cards import parse_cards
    from parlour.poker.odds import draw_odds, frequency_table

    r = Ranking()
    text = draw_odds("Ah Kh Qh Jh 2c", "2c", r)
    assert draw_odds("Ah Kh Qh Jh 2c", ["2c"], r) == text
    assert draw_odds(["Ah", "Kh", "Qh", "Jh", "2c"], parse_cards("2c"), r) == text
    assert draw_odds("Ah Kh Qh Jh 2c", [], r) == draw_odds("Ah Kh Qh Jh 2c", "", r)
    with pytest.raises(ValueError, match=r"W-3: .* 3c is not in 'Ah Kh Qh Jh 2c'"):
        draw_odds(["Ah", "Kh", "Qh", "Jh", "2c"], ["3c"], r)
    with pytest.raises(TypeError, match="draw_odds: thrown is cards as text or a list of cards"):
        draw_odds("Ah Kh Qh Jh 2c", None, r)
    with pytest.raises(TypeError, match="draw_odds: hand is cards as text or a list of cards"):
        draw_odds(None, "2c", r)
    with pytest.raises(TypeError, match="draw_odds: ranking is a Ranking"):
        draw_odds("Ah Kh Qh Jh 2c", "2c", "52")
    with pytest.raises(TypeError, match=r"frequency_table: ranking is a Ranking .*, not '52'"):
        frequency_table("52")
