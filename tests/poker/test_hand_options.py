"""The seeds' optional hands (H-13 straights not admitted, H-14 tigers and dogs, H-15 the blaze)
as options of every poker game: the showdown follows them, and games play to the end."""

from __future__ import annotations

import pytest

import parlour
from parlour.game import GameOptionError
from parlour.poker.draw_rules import ranking_for
from parlour.testing import play_random
from tests.poker.test_straight import stacked, top_of

GAMES = ("draw-poker", "jackpots", "straight-poker", "stud-poker", "whiskey-poker")
TWO_PAIRS, BLAZE = "Ac Ad 9h 9s 2c", "Kc Kd Qh Qs Jc"  # the blaze is also kings up
OPTIONS = {
    "H-15": ({"blaze": True}, BLAZE, TWO_PAIRS),
    "H-13": ({"straight_rank": "not-recognised"}, "2c 2d 3h 4s Jc", "5c 6d 7h 8s 9c"),
    "H-14": ({"tigers_dogs": True}, "Ah Kd Qc Ts 9h", "3c 3d 3h 4s 5c"),  # a big dog, threes
}


def showdown(better: str, worse: str, **options) -> list[int]:
    """Winners of a called Straight Poker bet between seat 1 (``better``) and seat 2."""
    state = stacked(["bet 1", "call", "fold"], [top_of(better, worse, "Jd 8c 7d 5s 4d")], **options)
    assert state.is_over
    return state.results[-1]["winners"]


@pytest.mark.parametrize("rule", [pytest.param(r, marks=pytest.mark.rule(r)) for r in OPTIONS])
def test_the_option_decides_the_showdown(rule):
    """H-13..H-15: the hand that wins only under the option wins with it and loses without it."""
    options, better, worse = OPTIONS[rule]
    assert showdown(better, worse, **options) == [1]
    assert showdown(better, worse) == [2]


@pytest.mark.rule("H-13")
@pytest.mark.rule("H-14")
@pytest.mark.rule("H-15")
@pytest.mark.parametrize("name", GAMES)
def test_every_game_takes_the_options_and_plays_to_the_end(name):
    """Each game's ranking carries the options; random deals end with the chips conserved."""
    options = {"blaze": True, "tigers_dogs": True, "straight_rank": "not-recognised"}
    game = parlour.make(name, players=4, **options)
    ranking = ranking_for(game.rules) if name in GAMES[:2] else game.ranking
    assert ranking.evaluate(BLAZE) > ranking.evaluate(TWO_PAIRS)
    assert ranking.evaluate("Ah Kd Qc Ts 9h").category != "no-pair"  # a big dog
    assert ranking.evaluate("5c 6d 7h 8s 9c").category == "no-pair"  # no straights
    for seed in range(5):
        assert sum(play_random(game, seed).payoffs()) == 0
    with pytest.raises(GameOptionError, match="straight_rank"):
        parlour.make(name, players=4, straight_rank="sometimes")


@pytest.mark.rule("C-2")
@pytest.mark.parametrize("name", GAMES)
def test_every_game_takes_the_stripped_packs_order_options(name):
    """C-2 with R1.7 and R1.8: a flush above a full house, and no ace below the sevens, in the
    44-card pack of every game; Draw Poker and Jack-Pots refused both as unknown options."""
    options = {"pack": 44, "flush_beats_full_house": True, "strip_ace_low": False}
    game = parlour.make(name, players=4, **options)
    ranking = ranking_for(game.rules) if name in GAMES[:2] else game.ranking
    assert ranking.evaluate("As Ks 9s 8s 7s") > ranking.evaluate("Ah Ad Ac Kd Kh")
    assert ranking.evaluate("Ah 7d 6c 5s 4h").category == "no-pair"
    plain = parlour.make(name, players=4, pack=44)
    ranking = ranking_for(plain.rules) if name in GAMES[:2] else plain.ranking
    assert ranking.evaluate("As Ks 9s 8s 7s") < ranking.evaluate("Ah Ad Ac Kd Kh")
    assert ranking.evaluate("Ah 7d 6c 5s 4h").category == "straight"
