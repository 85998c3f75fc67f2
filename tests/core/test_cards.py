"""Cards, packs, the shuffle and the cut (catalogue section C)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import parlour
import parlour.bots
from parlour.cards import (
    JOKER_CODE,
    PACKS,
    Card,
    CardError,
    cut,
    format_cards,
    pack,
    parse_cards,
)  # fmt: skip


def test_every_card_text_parses_back_to_the_same_card():
    for code in range(61):
        card = Card(code)
        assert Card(str(card)) == card and card.code == code


@pytest.mark.rule("C-1")
def test_C1_the_52_card_pack_ranks_ace_high_down_to_two():
    cards = PACKS[52].cards
    assert len(cards) == 52 == len(set(cards))
    assert sorted({c.rank for c in cards}) == [0, 1, 2, 3, 4, 5, 6, 7, 8, 11, 12, 13, 14]
    assert Card("As").rank > Card("Ks").rank > Card("Qs").rank > Card("Js").rank > Card("Ts").rank
    assert Card("3c").rank > Card("2c").rank


@pytest.mark.rule("C-2")
def test_C2_stripped_packs_remove_the_low_ranks():
    assert {size: PACKS[size].size for size in (48, 44, 40, 36, 32)} == {
        48: 48, 44: 44, 40: 40, 36: 36, 32: 32}  # fmt: skip
    assert "2c" not in {str(c) for c in PACKS[44].cards}
    assert "3h" not in {str(c) for c in PACKS[44].cards}
    assert "4h" in {str(c) for c in PACKS[44].cards}
    assert min(c.rank for c in PACKS[32].cards) == Card("7c").rank


@pytest.mark.rule("C-3")
def test_C3_sixty_card_pack_adds_11_and_12_between_ten_and_jack():
    sixty = PACKS[60]
    assert sixty.size == 60
    assert Card("Ts").rank < Card("Es").rank < Card("Ws").rank < Card("Js").rank
    assert parse_cards("11h 12h") == [Card("Eh"), Card("Wh")]
    with pytest.raises(CardError, match="not in the 52-card pack"):
        parse_cards("Eh", pack=PACKS[52])
    assert (Card("Eh").pretty(), Card("Wc").pretty()) == ("11♥", "12♣")  # not "E♥"


@pytest.mark.rule("C-4")
def test_C4_joker_only_in_a_pack_that_has_it():
    assert pack(52, joker=True).size == 53
    assert Card(JOKER_CODE) in pack(52, joker=True).cards
    with pytest.raises(CardError, match="C-4"):
        parse_cards("Jk As", pack=PACKS[52])
    joker = Card("Jk")
    assert (joker.rank, joker.suit) == (15, -1)  # above the ace, of no suit
    assert Card("Joker") == joker and Card(joker.pretty()) == joker  # read back as shown


@pytest.mark.rule("C-5")
def test_C5_twenty_card_pack_is_ace_to_ten():
    assert format_cards(sorted(PACKS[20].cards)) == (
        "Tc Td Th Ts Jc Jd Jh Js Qc Qd Qh Qs Kc Kd Kh Ks Ac Ad Ah As"
    )


@pytest.mark.rule("C-6")
def test_C6_every_deal_is_a_recorded_shuffle_of_the_pack_and_the_cut_moves_the_top_under():
    """C-6: each deal is shuffled: a permutation of the pack, the same for the same seed,
    recorded so the deal replays; the Pone's cut puts the top cards under the rest."""
    game = parlour.make("stud-poker", players=4)
    orders = [game.new_state(seed=s).history[0]["outcome"] for s in (1, 1, 2)]
    assert orders[0] == orders[1] != orders[2]
    assert sorted(orders[0]) == sorted(int(c) for c in PACKS[52].cards)
    a = parse_cards("As Ks Qs Js Ts")
    assert cut(a, 2) == a[2:] + a[:2]
    with pytest.raises(CardError, match="cannot cut 5 cards at 6"):
        cut(a, 6)


def test_a_negative_seed_is_refused_since_it_would_repeat_another_seeds_deal():
    """``random.Random(-1)`` shuffles as ``random.Random(1)``: a user asking for seed -1 would
    get seed 1's deal, so the game and a sitting refuse it by name."""
    from parlour.poker.sitting import Sitting

    game = parlour.make("poker-patience")
    assert game.new_state(seed=0).deck != game.new_state(seed=1).deck
    with pytest.raises(parlour.game.GameOptionError, match="seed must be 0 or more"):
        game.new_state(seed=-1)
    with pytest.raises(parlour.game.GameOptionError, match="seed must be 0 or more"):
        Sitting(["Ann", "Bob"], seed=-1)
    with pytest.raises(parlour.game.GameOptionError, match="seed must be 0 or more"):
        parlour.bots.make("random", game, seed=-5)  # a bot's too: it would play as seed 5
    for wrong in ("7", 1.5, True):  # not a raw TypeError, nor 1.5 taken as a seed
        with pytest.raises(parlour.game.GameOptionError, match="seed must be a whole number"):
            game.new_state(seed=wrong)


@pytest.mark.rule("C-7")
@pytest.mark.rule("W-8")
def test_C7_the_bottom_card_is_not_dealt_from_the_stock_it_joins_the_new_one():
    """C-7: the bottom card "is never dealt" from the pack: with seven players the stock
    runs out in the draw, and that card is not handed out but goes, with the discards, into
    the new stock (W-8)."""
    game = parlour.make("draw-poker", players=7, dealer=6)
    state = game.new_state(seed=3)
    while state.phase != "draw":
        legal = [str(a) for a in state.legal_actions()]
        state.apply("call" if "call" in legal else legal[0])
    bottom = state.stock[0]  # the stock is held top card last
    while state.phase == "draw":
        legal = [str(a) for a in state.legal_actions()]
        state.apply(max(legal, key=len))  # everyone throws as many as he may
    reshuffles = [e["outcome"] for e in state.history if e.get("chance") == "reshuffle"]
    assert reshuffles and bottom in reshuffles[0]


@pytest.mark.parametrize("bad", ["Zs", "A", "Ax", "1s", "10", ""])
def test_unknown_cards_are_named_in_the_error(bad):
    with pytest.raises(CardError, match="unknown card"):
        Card(bad)


def test_duplicates_are_refused():
    with pytest.raises(CardError, match="duplicate card Kd"):
        parse_cards("Kd 5c kd")


@given(st.lists(st.integers(0, 60), unique=True, max_size=10))
def test_format_then_parse_round_trips(codes):
    cards = [Card(c) for c in codes]
    assert parse_cards(format_cards(cards)) == cards


def test_a_card_is_made_from_a_whole_code_or_its_text_and_nothing_else():
    """Card(1.5) was the three of clubs (the code cut down, cached under 1.5) and Card(None) a
    comparison's TypeError; a numpy integer, a card or its text are read, anything else is
    refused naming what a card is made from."""
    import numpy as np

    assert Card(np.int64(5)) is Card(5) and Card(Card("Td")) is Card("Td")
    for bad in (1.5, 1.0, None, True):
        with pytest.raises(TypeError, match=r"a card is its code \(a whole number 0\.\.60\)"):
            Card(bad)  # type: ignore[arg-type]
    with pytest.raises(CardError, match="no card has code 61"):
        Card(61)


@pytest.mark.rule("C-3")
def test_C3_an_eleven_or_twelve_spot_outside_the_60_card_pack_is_refused_citing_C3():
    """C-3: the 11 and 12 spots are the 60-card pack's; naming one in the 52-card pack cited
    only C-1, which says nothing of them, so nothing told where the card belongs."""
    with pytest.raises(
        CardError, match=r"not in the 52-card pack \(C-1: .*60-card pack alone, C-3\)"
    ):
        parse_cards("Es", pack=PACKS[52])
    with pytest.raises(CardError, match=r"the piquet pack, 7 to ace; an 11 or 12 spot"):
        parse_cards("Wc", pack=PACKS[32])
    with pytest.raises(CardError, match=r"\(C-2: its 2s are removed\)$"):  # no word of C-3
        parse_cards("2c", pack=PACKS[48])
