"""Poker Patience as a protocol game: the deal, the layout rules, several players (PP-1..PP-7)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import parlour
from parlour.game import IllegalAction
from parlour.patience import settle
from parlour.patience.settlement import pairwise
from parlour.patience.tableau import Frame
from parlour.testing import check_contract, play_random


@pytest.mark.rule("PP-1")
def test_pp1_a_whole_pack_is_shuffled_and_cut_and_the_deal_replays():
    """PP-1: the shuffle and the cut are chance events in the record; replay needs no RNG."""
    state = play_random(parlour.make("poker-patience"), seed=8)
    chance = [e for e in state.history if "chance" in e]
    assert [e["chance"] for e in chance] == ["shuffle", "cut"]
    assert sorted(chance[0]["outcome"]) == sorted(int(c) for c in parlour.cards.PACKS[52].cards)
    order, at = chance[0]["outcome"], chance[1]["outcome"]
    assert 1 <= at <= 51 and state.deck == order[at:] + order[:at]
    laid = [c for c in state.layouts[0] if c is not None]
    assert sorted(laid) == sorted(state.deck[:25])  # 25 from the top, all face up
    again = state.game.replay(json.loads(json.dumps(state.history)))
    assert again.layouts == state.layouts and again.payoffs() == state.payoffs()
    forged = json.loads(json.dumps(state.history))
    forged[0]["outcome"][1] = forged[0]["outcome"][0]  # a card twice
    with pytest.raises(IllegalAction, match="PP-1"):
        state.game.replay(forged)


@pytest.mark.rule("PP-2")
def test_pp2_each_card_after_the_first_touches_one_down():
    """PP-2: side or corner; a card touching none is refused with the rule named."""
    state = parlour.make("poker-patience").new_state(seed=1)
    assert state.legal_actions() == ["e5"]
    with pytest.raises(IllegalAction, match="middle"):  # the first card too: as listed
        state.apply("a1")
    for grid, past in (("fixed", "a6"), ("floating", "a10")):  # one row past the frame
        assert Frame.of(grid).parse(past) is None
    state.apply("e5")
    assert sorted(state.legal_actions()) == sorted(["d4", "e4", "f4", "d5", "f5", "d6", "e6", "f6"])
    before = json.dumps(state.history)
    with pytest.raises(IllegalAction, match="PP-2"):
        state.apply("g5")
    with pytest.raises(IllegalAction, match="already holds"):
        state.apply("e5")
    with pytest.raises(IllegalAction, match="not a cell"):
        state.apply("z9")
    assert json.dumps(state.history) == before


@pytest.mark.rule("PP-2")
def test_pp2_a_first_card_typed_elsewhere_than_the_middle_is_refused_naming_the_rule():
    """Typing a1 for the first card said only 'the first card is laid in the middle of the
    frame, e5': no rule, and nothing of why the book's 'anywhere' is e5 here."""
    state = parlour.make("poker-patience").new_state(seed=1)
    with pytest.raises(IllegalAction, match=r"a1: the first card may go anywhere \(PP-2\)"):
        state.apply("a1")
    state.apply("e5")  # the only cell listed for it


@pytest.mark.rule("PP-3")
def test_pp3_the_layout_may_not_outgrow_five_rows_of_five():
    """PP-3: a card that would make the oblong wider or taller than five is refused."""
    state = parlour.make("poker-patience").new_state(seed=2)
    for cell in ("e5", "f5", "g5", "h5", "i5"):
        state.apply(cell)
    assert "d5" not in state.legal_actions() and "d4" not in state.legal_actions()
    with pytest.raises(IllegalAction, match="PP-3"):
        state.apply("d5")
    tall = parlour.make("poker-patience").new_state(seed=2)
    for cell in ("e5", "e6", "e7", "e8", "e9"):
        tall.apply(cell)
    assert not {"d4", "e4", "f4"} & set(tall.legal_actions())
    with pytest.raises(IllegalAction, match="PP-3"):
        tall.apply("e4")


@pytest.mark.rule("PP-2")
@pytest.mark.rule("PP-3")
@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 10_000), min_size=25, max_size=25), st.integers(0, 999))
def test_pp2_pp3_floating_layouts_can_always_be_completed(picks: list[int], seed: int):
    """PP-2/PP-3 property: whatever legal cells are chosen, a cell is always open and the
    layout ends as five full rows of five."""
    game = parlour.make("poker-patience")
    state = game.new_state(seed=seed)
    for pick in picks:
        legal = state.legal_actions()
        assert legal, "a floating layout became impossible to complete"
        state.apply(legal[pick % len(legal)])
    assert state.is_over
    layout = state.layouts[0]
    top, bottom, left, right = game.frame.box(layout)
    assert bottom - top == right - left == 4 and sum(c is not None for c in layout) == 25


def test_the_fixed_grid_allows_any_empty_cell():
    state = parlour.make("poker-patience", grid="fixed").new_state(seed=3)
    assert len(state.legal_actions()) == 25
    state.apply("c3")
    assert len(state.legal_actions()) == 24 and "c3" not in state.legal_actions()


@pytest.mark.rule("PP-3")
@pytest.mark.rule("PP-4")
def test_pp3_pp4_one_player_is_paid_his_score():
    game = parlour.make("poker-patience", grid="fixed")
    assert game.payoff_total is None
    state = play_random(game, seed=5)
    assert state.payoffs() == [float(game.score(state.layouts[0]))]
    assert state.observation(0)["scores"] == [game.score(state.layouts[0])]


@pytest.mark.rule("PP-5")
def test_pp5_every_player_lays_the_same_card_on_his_own_tableau():
    """PP-5: one deal; each player in turn lays the card the dealer names."""
    game = parlour.make("poker-patience", players=3, grid="fixed")
    state = game.new_state(seed=9)
    card = state.observation(0)["card"]
    for seat, cell in enumerate(("a1", "b2", "c3")):
        assert state.to_move == seat and state.observation(seat)["card"] == card
        state.apply(cell)
    assert state.observation(0)["card"] != card and state.to_move == 0
    view = state.observation(1)
    assert [t[0] for t in view["tableaux"]] == [card, None, None]  # tableaux lie face up
    assert "deck" not in view and len(view["dealt"]) == 2  # the stock stays hidden
    state = play_random(game, seed=9)
    laid = [sorted(c for c in layout if c is not None) for layout in state.layouts]
    assert laid[0] == laid[1] == laid[2]


@pytest.mark.rule("PP-5")
def test_pp5_where_the_seats_before_laid_the_card_is_hidden_until_all_have_laid_it():
    """PP-5: the players lay each card at once, "every one" by "his own judgment": a later
    seat sees the others' tableaux, but not where they put the card in hand, nor the points
    it made them, until everyone has laid it."""
    game = parlour.make("poker-patience", players=3, grid="fixed")
    seed = next(seed for seed in range(500) if _pairs_second_card(game, seed))
    state = game.new_state(seed=seed).apply("a1").apply("a2").apply("c3")  # the first card
    state.apply("b1")  # seat 0 lays the second beside the first: a pair in row 1
    for seat in (1, 2):
        view = state.observation(seat)
        assert view["tableaux"][0].count(None) == 24 and view["scores"][0] == 0
    mine = state.observation(0)
    assert mine["tableaux"][0].count(None) == 23 and mine["scores"][0] == 1
    state.apply("b2")  # seat 0 does not see seat 1's either, though he laid his first
    assert state.observation(0)["tableaux"][1].count(None) == 24
    assert state.observation(2)["scores"][:2] == [0, 0]
    assert state.observation(1)["scores"][:2] == [0, 1]
    # a re-draw for seat 2 lays the others' card anew where he cannot see, and replays
    again = [state.resample_hidden(2, random.Random(k)) for k in range(30)]
    assert len({tuple(other.layouts[0]) for other in again}) > 1
    assert all(other.observation(2) == state.observation(2) for other in again)
    assert all(game.replay(other.history).layouts == other.layouts for other in again)
    state.apply("d5")  # all have laid it: now everyone sees where
    assert state.observation(2)["tableaux"][0].count(None) == 23
    assert state.observation(2)["scores"] == [1, 1, 0]
    check_contract(game, seeds=range(2))


def _pairs_second_card(game, seed: int) -> bool:
    """Whether the deal's first two cards are a pair."""
    first, second = game.new_state(seed=seed).deck[:2]
    return first // 4 == second // 4


@pytest.mark.rule("PP-5")
def test_pp5_any_number_may_play_each_against_all():
    """PP-5: "two or more players, each against all", a pack each: a table of thirty lays
    one deal, and the settlement, pair by pair, sums to nothing (PP-6)."""
    game = parlour.make("poker-patience", players=30)
    state = play_random(game, seed=3)
    laid = {tuple(sorted(c for c in layout if c is not None)) for layout in state.layouts}
    assert len(laid) == 1 and state.is_over
    scores = [game.score(layout) for layout in state.layouts]
    assert state.payoffs() == settle(scores) and sum(state.payoffs()) == 0


@pytest.mark.rule("PP-6")
def test_pp6_the_seeds_example_settled_pair_by_pair():
    """PP-6: A 87, B 81, C 78, D 78, E 65: A +46, B +16, C +1, D +1, E -64."""
    scores = [87, 81, 78, 78, 65]
    pays = pairwise(scores)
    assert [pays[0][j] for j in (1, 2, 3, 4)] == [6, 9, 9, 22]  # A is paid by B, C, D, E
    assert [pays[1][j] for j in (2, 3, 4)] == [3, 3, 16]
    assert pays[2][4] == pays[3][4] == 13 and pays[2][3] == 0
    assert settle(scores) == [46, 16, 1, 1, -64]


@pytest.mark.rule("PP-7")
def test_pp7_settling_by_the_total_gives_the_same_nets():
    """PP-7: score x 5 - 389: 435, 405, 390, 390, 325 less 389."""
    scores = [87, 81, 78, 78, 65]
    assert settle(scores, method="total") == settle(scores) == [46, 16, 1, 1, -64]
    assert settle(scores, stake=3, method="total") == [138, 48, 3, 3, -192]


@pytest.mark.rule("PP-6")
@pytest.mark.rule("PP-7")
@pytest.mark.parametrize("method", ["pairwise", "total"])
def test_pp6_pp7_several_players_are_paid_the_settlement(method: str):
    game = parlour.make("poker-patience", players=4, settlement=method, stake=2)
    state = play_random(game, seed=12)
    scores = [game.score(layout) for layout in state.layouts]
    assert state.payoffs() == [float(v) for v in settle(scores, 2)] and sum(state.payoffs()) == 0


@pytest.mark.parametrize("grid", ["floating", "fixed"])
@pytest.mark.parametrize("players", [1, 3])
def test_contract(grid: str, players: int):
    """The protocol's promises, one player and several, both grids (PP-1..PP-7)."""
    game = parlour.make("poker-patience", players=players, grid=grid, scoring="american")
    assert check_contract(game, seeds=range(6 if players == 1 else 3)) == 25 * players * (
        6 if players == 1 else 3
    )


def test_options_round_trip_and_bad_options_are_named():
    game = parlour.make(
        "poker-patience", players=2, grid="fixed", scoring=[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
    )
    again = parlour.make("poker-patience", **json.loads(json.dumps(game.options())))
    assert again.options() == game.options() and again.table == tuple(range(10))
    with pytest.raises(parlour.game.GameOptionError, match="grid"):
        parlour.make("poker-patience", grid="round")
    with pytest.raises(parlour.game.GameOptionError, match="unknown rule option"):
        parlour.make("poker-patience", gird="fixed")


def test_a_cell_is_recorded_by_its_canonical_name_whatever_was_typed():
    """Typed 'E5' or 'e٥' (an Arabic-Indic digit) was accepted and recorded as typed, not as
    the cell's name; a name of thousands of digits crashed int()."""
    state = parlour.make("poker-patience").new_state(seed=2)
    state.apply(" E5 ").apply("d\u0664")
    assert [e["action"] for e in state.history if "action" in e] == ["e5", "d4"]
    with pytest.raises(IllegalAction, match="not a cell"):
        state.apply("a" + "9" * 5000)


@pytest.mark.rule("PP-3")
def test_pp3_a_column_letter_past_the_fixed_grid_names_no_cell():
    """On the 5x5 grid "f1" is no cell (it is not a2, the next cell counting on)."""
    fixed = Frame.of("fixed")
    assert fixed.parse("f1") is None and fixed.parse("i5") is None
    assert fixed.parse("e1") == 4 and fixed.parse("a2") == 5
    assert Frame.of("floating").parse("i9") == 80
