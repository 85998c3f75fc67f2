"""A replayed history's chance outcomes are checked: an impossible one is refused as a bad entry,
and so is a history whose entries do not follow the play (a chance event under another name, an
outcome never used, an action by a seat not to move)."""

from __future__ import annotations

import copy
import json
import random

import pytest

import parlour
from parlour.game import IllegalAction


def _history(name: str, seed: int = 2, **options) -> tuple[parlour.game.Game, list]:
    game = parlour.make(name, **options)
    state = game.new_state(seed=seed)
    chooser = random.Random(seed)
    while not state.is_over:
        state.apply(chooser.choice(state.legal_actions()))
    return game, json.loads(json.dumps(state.history))


def _refused(game, history, index: int, bad) -> str:
    forged = copy.deepcopy(history)
    forged[index]["outcome"] = bad
    with pytest.raises(IllegalAction, match=f"history entry {index}: chance event") as err:
        game.replay(forged)
    return str(err.value)


SHUFFLED = [
    ("draw-poker", {"players": 2}, "shuffle"),
    ("jackpots", {"players": 3}, "shuffle"),
    ("stud-poker", {"players": 2}, "shuffle"),
    ("straight-poker", {"players": 2}, "shuffle 1"),
    ("whiskey-poker", {"players": 2}, "shuffle 1"),
    ("poker-patience", {}, "shuffle"),
]


@pytest.mark.parametrize(("name", "options", "label"), SHUFFLED)
def test_a_recorded_shuffle_must_be_distinct_cards_of_the_pack(name, options, label):
    game, history = _history(name, **options)
    assert game.replay(history).history == history
    i = next(k for k, e in enumerate(history) if e.get("chance") == label)
    order = history[i]["outcome"]
    assert "twice" in _refused(game, history, i, [order[0], *order[:-1]])
    assert "in this pack" in _refused(game, history, i, [999, *order[1:]])
    for junk in (None, "As Kd", [*order[:-1], True], {"cards": order}):
        assert "not a list of card codes" in _refused(game, history, i, junk)
    assert "cards, not" in _refused(game, history, i, order[:-1])


def test_draw_poker_records_only_the_reachable_top_but_a_whole_pack_may_be_stacked():
    game, history = _history("draw-poker", players=2)
    top = history[0]["outcome"]
    assert len(top) == 21
    whole = top + [int(c) for c in parlour.cards.PACKS[52].cards if int(c) not in top]
    stacked = copy.deepcopy(history)
    stacked[0]["outcome"] = whole
    assert game.replay(stacked).payoffs() == game.replay(history).payoffs()
    assert "22 cards, not 21 or 52" in _refused(game, history, 0, top + whole[21:22])


def test_a_recorded_W8_reshuffle_must_be_the_gathered_cards():
    game = parlour.make("draw-poker", players=9)
    for seed in range(200):
        _, history = _history("draw-poker", seed=seed, players=9)
        found = [k for k, e in enumerate(history) if e.get("chance") == "reshuffle"]
        if found:
            break
    else:
        pytest.fail("no random deal reshuffled")
    i = found[0]
    pile = history[i]["outcome"]
    assert "twice" in _refused(game, history, i, [pile[0], *pile[:-1]])
    assert "not a list of card codes" in _refused(game, history, i, None)
    outside = next(c for c in history[0]["outcome"] if c not in pile)
    assert "in this pack" in _refused(game, history, i, [outside, *pile[1:]])


@pytest.mark.parametrize("bad", [8, -100, None, 2.0, True, "3"])
def test_a_recorded_pachisi_throw_must_be_a_number_of_cowries(bad):
    game, history = _history("pachisi", players=2)
    i = next(k for k, e in enumerate(history) if e.get("chance") == "throw")
    assert "cowries mouth up, 0..6" in _refused(game, history, i, bad)


def test_a_recorded_first_throw_must_be_one_throw_a_colour():
    game, history = _history("pachisi", players=4, first_player="highest_throw")
    i = next(k for k, e in enumerate(history) if e.get("chance") == "first")
    ups = history[i]["outcome"]
    assert "a list of" in _refused(game, history, i, ups[:-1])
    assert "cowries mouth up" in _refused(game, history, i, [*ups[:-1], 7])


@pytest.mark.parametrize("bad", [0, 52, None, "3"])
def test_a_recorded_patience_cut_must_leave_cards_on_both_sides(bad):
    game, history = _history("poker-patience")
    i = next(k for k, e in enumerate(history) if e.get("chance") == "cut")
    assert "PP-1" in _refused(game, history, i, bad)


def test_a_recorded_chance_event_must_be_the_one_the_play_reaches():
    game, history = _history("draw-poker", players=3)
    forged = copy.deepcopy(history)
    forged[0]["chance"] = "reshuffle"  # the deal's shuffle, relabelled
    with pytest.raises(IllegalAction, match="expected chance event 'shuffle', found 'reshuffle'"):
        game.replay(forged)


def test_a_recorded_chance_outcome_the_play_never_uses_is_refused():
    game, history = _history("draw-poker", players=3)
    extra = [*history, copy.deepcopy(history[0])]  # a second shuffle after the deal is over
    with pytest.raises(IllegalAction, match=r"1 chance outcome\(s\) were never used"):
        game.replay(extra)


def test_a_recorded_action_by_a_seat_not_to_move_is_refused():
    game, history = _history("draw-poker", players=3)
    i = next(k for k, e in enumerate(history) if "action" in e)
    forged = copy.deepcopy(history)
    seat = forged[i]["seat"]
    forged[i]["seat"] = (seat + 1) % 3
    with pytest.raises(IllegalAction, match=f"seat {(seat + 1) % 3} acts, but seat {seat} is to"):
        game.replay(forged)
