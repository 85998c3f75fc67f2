"""The referee's remedies applied to a digital Draw Poker deal: R8.8 and I-10."""

from __future__ import annotations

import json

import pytest

import parlour
from parlour.cards import format_cards
from parlour.game import IllegalAction, load_record
from parlour.poker.referee_digital import (
    held_options,
    replay_with_rulings,
    resolve_held_bet,
    rule_out_of_turn_bet,
    rule_wrong_draw_count,
)
from parlour.poker.rulings import QUOTES, ruling


def deal(seed: int = 3):
    game = parlour.make("draw-poker", players=3)
    return game, game.new_state(seed=seed)


@pytest.mark.rule("R8.8")
def test_R8_8_digital_bet_out_of_turn_stands_when_nothing_changed():
    """R8.8 (binding) at a digital table: seat 0 calls before seat 2; it stands in his turn."""
    game, state = deal()
    assert state.to_move == 2
    entry, held = rule_out_of_turn_bet(state, 0, "call")
    assert entry["ruling"] == "R8.8" and held is not None and held.chips == 2
    with pytest.raises(IllegalAction, match="not yet to speak"):
        resolve_held_bet(state, held)
    state.apply("call")
    resolve_held_bet(state, held)
    assert state.contrib == [2, 1, 2] and state.to_move == 1
    assert replay_with_rulings(game, json.loads(json.dumps(state.history))).history == (
        state.history
    )


@pytest.mark.rule("R8.8")
def test_R8_8_digital_intervening_raise_drop_forfeits_the_chips():
    """R8.8: after a raise between, he adds to call or raise, or drops and forfeits."""
    game, state = deal()
    _, held = rule_out_of_turn_bet(state, 0, "call")
    assert held is not None
    state.apply("raise 2")
    assert held_options(state, held)[:2] == ["fold", "call"]
    with pytest.raises(IllegalAction, match="must choose"):
        resolve_held_bet(state, held)
    entry = resolve_held_bet(state, held, "fold")
    assert entry["forfeit"] == [0, 2] and state.contrib[0] == 2 and state.folded[0]
    state.apply("fold")  # the Age drops: seat 2 takes the pool, the forfeited chips too
    assert state.is_over and state.payoffs() == [-2.0, -1.0, 3.0]
    again = replay_with_rulings(game, json.loads(json.dumps(state.history)))
    assert again.payoffs() == state.payoffs() and again.history == state.history


@pytest.mark.rule("R8.8")
def test_R8_8_digital_void_returns_the_chips():
    _, state = deal()
    entry, held = rule_out_of_turn_bet(state, 0, "raise 3", mode="void")
    assert held is None and "void" in entry["effect"] and state.contrib == [0, 1, 0]
    with pytest.raises(IllegalAction, match="not be legal"):
        rule_out_of_turn_bet(state, 0, "raise 9")


def to_draw(seed: int = 3):
    game, state = deal(seed)
    for _ in range(3):
        state.apply("call")
    assert state.phase == "draw"
    return game, state


@pytest.mark.rule("I-10")
def test_I10_digital_wrong_count_rectified_before_looking():
    """I-10: asked 3 but threw 2: rectified, he is given 2."""
    _, state = to_draw()
    seat = state.to_move
    hand = state.kept[seat][:]
    entry = rule_wrong_draw_count(state, 3, format_cards(hand[:2]))
    assert "rectified" in entry["effect"]
    assert len(state.kept[seat]) + len(state.drawn[seat]) == 5 and state.to_move != seat


@pytest.mark.rule("I-10")
def test_I10_digital_too_many_after_looking_discard_to_keep_them():
    """I-10: asked 3, threw 2, looked: he must throw one more so as to keep the three."""
    _, state = to_draw()
    seat = state.to_move
    hand = state.kept[seat][:]
    with pytest.raises(IllegalAction, match="discard 1 more"):
        rule_wrong_draw_count(state, 3, format_cards(hand[:2]), looked=True)
    rule_wrong_draw_count(
        state, 3, format_cards(hand[:2]), looked=True, extra=format_cards(hand[2:3])
    )
    assert len(state.drawn[seat]) == 3 and len(state.kept[seat]) == 2


@pytest.mark.rule("I-10")
def test_I10_digital_too_few_after_looking_is_refused_unchanged():
    """I-10: a four-card hand is beyond the digital deal: refused, the state unchanged."""
    _, state = to_draw()
    seat = state.to_move
    before = json.dumps(state.history)
    with pytest.raises(IllegalAction, match="remain in with 4"):
        rule_wrong_draw_count(state, 1, format_cards(state.kept[seat][:2]), looked=True)
    assert json.dumps(state.history) == before and state.to_move == seat


@pytest.mark.rule("R8.8")
@pytest.mark.rule("J-3")
def test_R8_8_digital_jackpot_is_not_opened_out_of_turn_without_openers():
    """J-3 with R8.8: an open out of turn by a seat without openers is refused as it would
    be in his turn (it was held, then could never be resolved); one with openers is held."""
    state = parlour.make("jackpots", players=3).new_state(seed=0)
    assert state.to_move == 1 and not state._openers(2) and state._openers(0)
    with pytest.raises(IllegalAction, match=r"seat 2: J-3, J-7.*jacks or better"):
        rule_out_of_turn_bet(state, 2, "open 1")
    _, held = rule_out_of_turn_bet(state, 0, "open 1")
    assert held is not None and held.chips == 1


@pytest.mark.rule("R8.8")
@pytest.mark.rule("J-4")
def test_R8_8_digital_jackpot_nobody_throws_in_out_of_turn_before_the_opening():
    """J-3, J-4, J-5 with R8.8: before the pot is opened nobody drops, out of turn as in it
    (the drop was held, then refused in his turn); once it is opened he may."""
    state = parlour.make("jackpots", players=3).new_state(seed=0)
    assert state.to_move == 1 and state._openers(0)
    history = json.dumps(state.history)
    with pytest.raises(IllegalAction, match=r"seat 2: J-3, J-5"):
        rule_out_of_turn_bet(state, 2, "fold")
    assert json.dumps(state.history) == history
    state.apply("pass")
    state.apply("pass")
    state.apply("open 1")
    _, held = rule_out_of_turn_bet(state, 2, "fold")
    assert held is not None and held.action == "fold"


@pytest.mark.rule("R8.8")
def test_R8_8_digital_forfeit_on_a_drop_that_ends_the_deal_stays_in_the_pool():
    """R8.8: the chips forfeited by a drop that ends the deal go to its winner (they were
    added after the pool was paid out, and lost)."""
    game = parlour.make("draw-poker", players=2)
    state = game.new_state(seed=3)
    assert state.to_move == 0
    _, held = rule_out_of_turn_bet(state, 1, "raise 1")
    assert held is not None and held.chips == 2
    state.apply("raise 2")
    entry = resolve_held_bet(state, held, "fold")
    assert entry["forfeit"] == [1, 2] and state.is_over
    assert state.payoffs() == [3.0, -3.0]
    again = replay_with_rulings(game, json.loads(json.dumps(state.history)))
    assert again.payoffs() == state.payoffs() and again.history == state.history


@pytest.mark.rule("I-11")
def test_I11_digital_dealer_who_hands_himself_too_many_must_take_them():
    """I-11: "If the Dealer hands himself too many cards he must take them": he is not
    rectified, looked at or not; he keeps them and discards so as to keep them, as
    referee mode rules it.  A player's too few is still I-10."""
    game, state = to_draw()
    state.apply("pat")
    state.apply("pat")
    seat = state.to_move
    assert seat == state.dealer
    hand = state.kept[seat][:]
    before = json.dumps(state.history)
    with pytest.raises(IllegalAction, match=r"I-11: the dealer \(seat 0\) must take them"):
        rule_wrong_draw_count(state, 3, format_cards(hand[:2]))
    assert json.dumps(state.history) == before and state.to_move == seat
    entry = rule_wrong_draw_count(state, 3, format_cards(hand[:2]), extra=format_cards(hand[2:3]))
    assert entry["ruling"] == "I-11" and "must take them" in entry["effect"]
    assert len(state.drawn[seat]) == 3 and len(state.kept[seat]) == 2
    again = replay_with_rulings(game, json.loads(json.dumps(state.history)))
    assert again.history == state.history


# referee_digital.py:71  `if seat == state.to_move: raise`  ->  `if False: raise`
# referee_digital.py:73  `... or not b.live[seat]:`  dropped
@pytest.mark.rule("R8.8")
def test_R8_8_digital_only_a_seat_in_the_betting_and_not_to_speak_acts_out_of_turn():
    """R8.8 is for a seat acting *before* his turn: the seat to speak applies his act as
    usual; a seat that has dropped has no act at all."""
    _, state = deal()
    assert state.to_move == 2
    with pytest.raises(IllegalAction, match="it is seat 2's turn"):
        rule_out_of_turn_bet(state, 2, "call")
    state.apply("fold")
    with pytest.raises(IllegalAction, match="seat 2 is not in the betting"):
        rule_out_of_turn_bet(state, 2, "call")
    assert not any("ruling" in e for e in state.history)


# referee_digital.py:90  `if mode != "binding": raise`  ->  `if False: raise`
@pytest.mark.rule("R8.8")
def test_R8_8_digital_an_unknown_mode_is_refused():
    _, state = deal()
    before = json.dumps(state.history)
    with pytest.raises(IllegalAction, match="mode is 'binding' or 'void'"):
        rule_out_of_turn_bet(state, 0, "call", mode="returned")
    assert json.dumps(state.history) == before


# referee_digital.py:105  `_cost(b, held.seat, a) >= held.chips`  ->  `... >= 0`
@pytest.mark.rule("R8.8")
def test_R8_8_digital_after_a_smaller_raise_he_may_not_call_for_less_than_he_put_up():
    """R8.8: seat 0 raised 3 out of turn (5 chips held); seat 2 then raises 1: his chips stay
    in, so he may add to them or drop; a call, which would cost 4, is not offered."""
    _, state = deal()
    _, held = rule_out_of_turn_bet(state, 0, "raise 3")
    assert held is not None and held.chips == 5
    state.apply("raise 1")
    options = held_options(state, held)
    assert options[0] == "fold" and "call" not in options and "raise 2" in options


# referee_digital.py:117  `if held.action == "fold" or unchanged:`  ->  `if unchanged:`
@pytest.mark.rule("R8.8")
def test_R8_8_digital_a_throw_in_out_of_turn_stands_even_after_a_raise():
    """R8.8: a throw-in out of turn is final: when his turn comes after a raise, it is
    applied, with no choice offered."""
    _, state = deal()
    _, held = rule_out_of_turn_bet(state, 0, "fold")
    assert held is not None
    state.apply("raise 2")
    entry = resolve_held_bet(state, held)
    assert state.folded[0]
    assert entry["effect"] == "a throw-in is final: seat 0's act out of turn stands (fold)"


# referee_digital.py:141  `state.stacks[seat] -= chips`  ->  `pass`
@pytest.mark.rule("R8.8")
def test_R8_8_digital_chips_forfeited_come_out_of_the_players_stack():
    """R8.8 at a table-stakes table: the 2 chips seat 1 forfeits leave his stack; the
    stacks stay conserved (40 in all)."""
    game = parlour.make("draw-poker", players=2, stacks=(20, 20))
    state = game.new_state(seed=3)
    _, held = rule_out_of_turn_bet(state, 1, "raise 1")
    assert held is not None
    state.apply("raise 2")
    resolve_held_bet(state, held, "fold")
    assert state.is_over and state.stacks == [23, 17] and sum(state.stacks) == 40


# referee_digital.py:168  `if asked == k: raise`  ->  `if False: raise`
@pytest.mark.rule("I-10")
def test_I10_digital_asking_for_the_number_thrown_is_no_irregularity():
    _, state = to_draw()
    hand = state.kept[state.to_move][:]
    before = json.dumps(state.history)
    with pytest.raises(IllegalAction, match="an ordinary draw"):
        rule_wrong_draw_count(state, 2, format_cards(hand[:2]))
    assert json.dumps(state.history) == before


# referee_digital.py:171  `dealer = asked > k and seat == state.dealer`
#                         ->  `dealer = seat == state.dealer`
@pytest.mark.rule("I-10")
@pytest.mark.rule("I-11")
def test_I10_digital_the_dealer_asking_too_few_is_rectified_like_anyone():
    """I-11 is the dealer's *too many*; the dealer who asks for too few, before looking, is
    rectified under I-10 (he was refused as if he would stay with four)."""
    _, state = to_draw()
    state.apply("pat")
    state.apply("pat")
    seat = state.to_move
    assert seat == state.dealer
    hand = state.kept[seat][:]
    entry = rule_wrong_draw_count(state, 1, format_cards(hand[:2]))
    assert entry["ruling"] == "I-10" and "rectified" in entry["effect"]
    assert len(state.drawn[seat]) == 2 and len(state.kept[seat]) == 3


# referee_digital.py:179  `if len(more) != asked - k:`  ->  `if len(more) < asked - k:`
@pytest.mark.rule("I-10")
def test_I10_digital_he_discards_exactly_enough_to_keep_the_cards_asked():
    """I-10: asked 3, threw 2, looked: he throws one more, not two (that would be a draw of
    four he did not ask for)."""
    _, state = to_draw()
    seat = state.to_move
    hand = state.kept[seat][:]
    with pytest.raises(IllegalAction, match="must discard 1 more"):
        rule_wrong_draw_count(
            state, 3, format_cards(hand[:2]), looked=True, extra=format_cards(hand[2:4])
        )
    assert state.to_move == seat and len(state.kept[seat]) == 5


def _forfeit_deal() -> tuple[parlour.Game, dict]:
    """Two players: seat 1 raises out of turn (R8.8), seat 0 raises, seat 1 drops and forfeits
    his 2 chips: history 1 and 3 are the rulings, 3 with the forfeit, 4 his drop."""
    game = parlour.make("draw-poker", players=2)
    state = game.new_state(seed=3)
    _, held = rule_out_of_turn_bet(state, 1, "raise 1")
    assert held is not None
    state.apply("raise 2")
    resolve_held_bet(state, held, "fold")
    return game, json.loads(json.dumps(game.record(state)))


@pytest.mark.rule("R8.8")
def test_R8_8_digital_record_replays_with_its_rulings_and_forfeit(tmp_path):
    """R8.8: a saved digital deal whose table ruled a bet out of turn loads and replays with
    its forfeit (it was refused as 'a ruling ... where the replay gives none'; before that,
    loaded without the forfeit, the payoffs wrong); `parlour replay` tells the rulings."""
    from typer.testing import CliRunner

    from parlour.cli import app

    _, record = _forfeit_deal()
    _, state, _ = load_record(json.dumps(record))
    assert state.payoffs() == record["payoffs"] == [3.0, -3.0]
    assert state.history == record["history"]
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(record))
    result = CliRunner().invoke(app, ["replay", str(path)], terminal_width=200)
    assert result.exit_code == 0, result.output
    assert "Ruled (R8.8, betting out of turn): seat 1 drops and forfeits the 2 chip(s)" in (
        result.output
    )


def _to_draw_ruled() -> tuple[parlour.Game, list]:
    """Three calls, then seat 1 asks for 3 but throws 2 (I-10, rectified): history 4 is
    his draw, 5 the ruling."""
    game, state = to_draw()
    rule_wrong_draw_count(state, 3, format_cards(state.kept[state.to_move][:2]))
    assert state.history[5]["ruling"] == "I-10" and state.history[4]["seat"] != state.dealer
    return game, json.loads(json.dumps(state.history))


def _as(rule: str):
    return lambda h: h[5].update(ruling=rule, text=QUOTES[rule])


@pytest.mark.rule("R8.8")
@pytest.mark.rule("I-10")
@pytest.mark.rule("I-11")
@pytest.mark.parametrize(
    ("deal", "edit", "said"),
    [
        ("forfeit", lambda h: h[3].update(ruling="I-99"), "history entry 3: 'I-99' is not a "
         "ruling a digital deal takes (R8.8, I-10, I-11)"),
        ("forfeit", lambda h: h[1].update(ruling=7), "history entry 1: 7 is not a ruling"),
        ("forfeit", lambda h: h[1].pop("effect"), "history entry 1: ruling 'R8.8' lacks its "
         "'effect'"),
        ("forfeit", lambda h: h[1].update(seat=0), "history entry 1: ruling 'R8.8' has an "
         "unknown field 'seat'"),
        ("forfeit", lambda h: h[1].update(text="x"), "history entry 1: ruling 'R8.8': its "
         "'text' is not the rule's words but 'x'"),
        ("forfeit", lambda h: h[1].update(effect=None), "history entry 1: ruling 'R8.8': its "
         "'effect' must be a text, not None"),
        ("forfeit", lambda h: h[3].update(forfeit=[1]), "history entry 3: ruling 'R8.8': "
         "'forfeit' is [seat, chips], not [1]"),
        ("forfeit", lambda h: h[3].update(forfeit=[1, -2]), "history entry 3: ruling 'R8.8': "
         "'forfeit' is [seat, chips], not [1, -2]"),
        ("forfeit", lambda h: h[3].update(forfeit=[0, 2]), "history entry 3: ruling 'R8.8': "
         "seat 0 forfeits, but is not to speak"),
        ("forfeit", lambda h: h[3].update(effect="seat 1 wins"), "history entry 3: ruling "
         "'R8.8': a forfeit's 'effect' is 'seat 1 drops and forfeits the 2 chip(s)"),
        ("forfeit", lambda h: h.append(dict(h[3])), "history entry 5: ruling 'R8.8': seat 1 "
         "forfeits, but is not to speak"),
        ("draw", lambda h: h.insert(4, h.pop(5)), "history entry 4: ruling 'I-10' that does "
         "not follow a draw"),
        ("draw", _as("I-11"), "history entry 5: ruling 'I-11' that does not follow the "
         "dealer's draw"),
        ("draw", _as("R8.8"), "history entry 5: ruling 'R8.8' where no betting interval is "
         "open"),
    ],
)  # fmt: skip
def test_a_digital_ruling_malformed_or_misplaced_is_refused_naming_its_entry(deal, edit, said):
    """R8.8, I-10, I-11: replay_with_rulings passed over a ruling entry with a bad ID or
    fields, or where no such ruling can be given (a forfeit after the deal's end moved chips
    into a pool already won), and load_record now takes these records: each is refused."""
    if deal == "forfeit":
        game, record = _forfeit_deal()
        history = record["history"]
    else:
        game, history = _to_draw_ruled()
    edit(history)
    with pytest.raises(IllegalAction) as err:
        replay_with_rulings(game, history)
    assert str(err.value).startswith(said), err.value


def _forfeit_of(chips: int) -> dict:
    """R8.8's forfeit entry of seat 1 for ``chips``, worded as resolve_held_bet words it."""
    effect = f"seat 1 drops and forfeits the {chips} chip(s) put up out of turn"
    return {**ruling("R8.8", effect), "forfeit": [1, chips]}


@pytest.mark.rule("R8.8")
@pytest.mark.parametrize(
    ("edit", "said"),
    [
        (lambda h: h.insert(4, dict(h[3])), "history entry 4: ruling 'R8.8': seat 1 forfeits 2 "
         "chip(s), but holds no 2 put up out of turn"),
        (lambda h: h.__setitem__(3, _forfeit_of(50)), "history entry 3: ruling 'R8.8': seat 1 "
         "forfeits 50 chip(s), but holds no 50 put up out of turn"),
        (lambda h: h.pop(1), "history entry 2: ruling 'R8.8': seat 1 forfeits 2 chip(s), but "
         "holds no 2 put up out of turn"),
    ],
)  # fmt: skip
def test_R8_8_a_forfeit_replays_only_the_chips_held_out_of_turn(edit, said):
    """R8.8: a player forfeits the chips he put up out of turn, once; a record's forfeit
    entry was replayed whatever it said: twice (payoffs [5, -5] for [3, -3]), of 50 chips,
    or with no bet out of turn before it."""
    game, record = _forfeit_deal()
    history = record["history"]
    edit(history)
    with pytest.raises(IllegalAction) as err:
        game.replay(history)
    assert str(err.value).startswith(said), err.value
    assert game.replay(_forfeit_deal()[1]["history"]).payoffs() == [3.0, -3.0]
