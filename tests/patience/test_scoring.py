"""Scoring Poker Patience lines (PP-3, PP-4) and the fast tables the players use."""

from __future__ import annotations

import importlib
import random

import pytest

import parlour
from parlour.cards import PACKS, parse_cards
from parlour.patience import tables as T
from parlour.patience.scoring import CATEGORIES, TABLES, category, category_name, parse_table

# the Wikipedia reference tableau (poker-patience.md §2), rows top to bottom
REFERENCE = """
AH AD JS JC JH
9H 7D 9S 9C 7H
8H 8D 8S 8C 4D
QH TD TS TC 4C
6H 5D 6S 5C 2D
"""


def reference_layout() -> list[int]:
    return [int(c) for c in parse_cards(REFERENCE.replace("\n", " "))]


@pytest.mark.rule("PP-4")
@pytest.mark.rule("PP-3")
@pytest.mark.parametrize(("scoring", "total"), [("american", 197), ("english", 66)])
def test_pp3_pp4_reference_tableau_scores_197_american_66_english(scoring: str, total: int):
    """PP-3/PP-4: ten hands, five rows and five columns; the reference tableau's totals."""
    game = parlour.make("poker-patience", grid="fixed", scoring=scoring)
    assert game.score(reference_layout()) == total
    assert parlour.make("poker-patience", grid="fixed").score(reference_layout()) == 66  # PP-4
    rows, cols = game.line_hands(reference_layout())
    assert rows == ["full-house", "full-house", "fours", "threes", "two-pairs"]
    assert sorted(cols) == ["flush", "flush", "flush", "flush", "one-pair"]


@pytest.mark.rule("PP-1")
def test_a_tableau_of_25_scores_on_either_grid_and_a_wrong_layout_is_refused():
    """A 5x5 tableau given to the floating grid's game was read as rows of nine (197 scored
    150); now 25 cells are five rows of five on either grid.  A layout of another size, a card
    laid twice or a number that is no card scored silently before; now each is refused."""
    for grid in ("floating", "fixed"):
        assert parlour.make("poker-patience", grid=grid, scoring="american").score(
            reference_layout()) == 197  # fmt: skip
    frame = [None] * 81  # the same tableau in the floating frame, a corner of it
    for cell, card in enumerate(reference_layout()):
        frame[(cell // 5 + 2) * 9 + cell % 5 + 1] = card
    assert parlour.make("poker-patience", scoring="american").score(frame) == 197
    game = parlour.make("poker-patience", grid="fixed")
    layout = reference_layout()
    for bad, words in [(layout[:7], "7 cells"), ([*layout[:24], layout[0]], "laid twice"),
                       ([*layout[:24], 999], "999 is no card"), (frame, "81 cells")]:  # fmt: skip
        with pytest.raises(ValueError, match=words):
            game.score(bad)


@pytest.mark.rule("PP-4")
def test_pp4_the_seeds_english_table():
    """PP-4: straight flush 30, fours 16, straight 12, full 10, threes 6, flush 5, two pairs 3,
    one pair 1."""
    table = dict(zip(CATEGORIES, TABLES["english"], strict=True))
    assert table == {
        "no-pair": 0, "one-pair": 1, "two-pairs": 3, "threes": 6, "straight": 12, "flush": 5,
        "full-house": 10, "fours": 16, "straight-flush": 30, "royal-flush": 30,
    }  # fmt: skip


@pytest.mark.rule("PP-4")
@pytest.mark.parametrize(
    ("cards", "name"),
    [
        ("As Ks Qs Js Ts", "royal-flush"),
        ("5h 4h 3h 2h Ah", "straight-flush"),
        ("Ah 2c 3d 4s 5h", "straight"),  # the ace low
        ("Ah Kc Qd Js Th", "straight"),  # the ace high
        ("Kh Ac 2d 3s 4h", "no-pair"),  # no wrap-around
        ("Qh Kc Ad 2s 3h", "no-pair"),
        ("9c 9d 9h 9s 2c", "fours"),
        ("9c 9d 9h 2s 2c", "full-house"),
        ("2c 7c 9c Jc Kc", "flush"),
        ("9c 9d 9h", "threes"),
        ("9c 9d 2h 2s", "two-pairs"),
        ("9c 9d", "one-pair"),
        ("2c 3c 4c 5c", "no-pair"),  # a partial line is never a flush or straight
        ("", "no-pair"),
    ],
)
def test_pp4_categories_of_patience_lines(cards: str, name: str):
    """PP-4: flushes and straights need five cards; no wrap-around; the ace high or low."""
    assert category_name(parse_cards(cards)) == name


@pytest.mark.rule("PP-4")
@pytest.mark.parametrize("grid", ["fixed", "floating"])
def test_pp4_a_line_with_no_card_scores_nothing_on_either_grid(grid: str):
    """With a table that pays for no pair, the empty fixed grid scored 10 (ten empty lines)."""
    game = parlour.make("poker-patience", grid=grid, scoring="1,2,3,4,5,6,7,8,9,10")
    assert game.score([None] * game.frame.size**2) == 0
    state = game.new_state(seed=1)
    state.apply(state.legal_actions()[0])
    assert game.score(state.layouts[0]) == 2  # one card: its row and its column, no pair each


def test_pp4_tables_by_name_or_ten_values():
    assert parse_table("English") == TABLES["english"]
    assert parse_table([0, 2, 5, 10, 15, 20, 25, 50, 75, 100]) == TABLES["american"]
    with pytest.raises(ValueError, match="ten values"):
        parse_table("1,2,3")
    game = parlour.make("poker-patience", grid="fixed", scoring="0,0,0,0,0,1,0,0,0,0")
    assert game.score(reference_layout()) == 4  # four flush columns, nothing else counts
    with pytest.raises(parlour.game.GameOptionError, match="PP-4"):
        parlour.make("poker-patience", scoring="fancy")


@pytest.mark.parametrize(
    "spec",
    ["0,,1,3,6,12,5,10,16,30,30", "1_0,1,3,6,12,5,10,16,30,30", "0,1,3,6,12,5,10,16,30,3e1",
     "0,1,3,6,12,5,10,16,30,1000001", [0, 1, 3, 6, 12, 5, 10, 16, 30, -(10**40)]],
)  # fmt: skip
def test_pp4_a_table_of_loose_or_huge_values_is_refused(spec):
    """An empty field is not a zero, ``1_0`` is not ten, and a value past a million a line is
    refused before the players' 32-bit values would turn it into infinity."""
    with pytest.raises(parlour.game.GameOptionError, match="PP-4"):
        parlour.make("poker-patience", scoring=spec)
    assert parse_table(" 0 , 1, 3,6,12,5,10,16,30,-1000000 ")[-1] == -1_000_000


@pytest.mark.rule("PP-4")
def test_pp4_fast_tables_agree_with_the_plain_scorer():
    pack = [int(c) for c in PACKS[52].cards]
    rng = random.Random(4)
    for _ in range(4000):
        hand = rng.sample(pack, rng.randint(0, 5))
        assert T.CATEGORY[T.line_state(T.to52(hand))] == category(hand)


def _ranking():
    try:
        return importlib.import_module("parlour.poker.ranking").Ranking()
    except ModuleNotFoundError:
        pytest.skip("parlour.poker.ranking is not committed yet")


@pytest.mark.rule("PP-4")
def test_pp4_categories_agree_with_the_poker_ranking_on_random_hands():
    """PP-4 against H-1/H-6: full five-card lines get the same category as Poker's ranking."""
    ranking = _ranking()
    pack = list(PACKS[52].cards)
    rng = random.Random(11)
    for _ in range(3000):
        hand = rng.sample(pack, 5)
        ours = category_name(hand)
        ours = "straight-flush" if ours == "royal-flush" else ours
        assert ranking.evaluate(hand).category == ours, hand


@pytest.mark.rule("PP-4")
def test_pp4_full_only_points_score_nothing_before_a_line_has_five_cards():
    """The learning tables score a line only once it holds five cards, as PP-4 scores the
    completed tableau; a four-card pair is worth nothing yet."""
    english = T.points(TABLES["english"], full_only=True)
    four = T.line_state(T.to52(parse_cards("8h 8d 3s 4c")))
    five = T.line_state(T.to52(parse_cards("8h 8d 3s 4c 9d")))
    assert english[four] == 0.0 and english[five] == 1.0
    assert T.points(TABLES["english"], full_only=False)[four] == 1.0


def test_to52_numbers_each_card_as_the_table_of_card52_does():
    """card52 = 4 * rank + suit, the same in ``to52`` and ``CARD52``."""
    assert T.to52(sorted(T.CARD52)) == [T.CARD52[code] for code in sorted(T.CARD52)]
    assert T.to52(parse_cards("2c 2d 2h 2s As")) == [
        4 * 0 + (c & 3) for c in parse_cards("2c 2d 2h 2s")
    ] + [4 * 12 + 3]
