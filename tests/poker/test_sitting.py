"""A sitting of many deals: first dealer, rotation, bankrolls, Jack-Pots (W-1, D-12, J-1)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import parlour
from parlour.cards import parse_cards
from parlour.game import GameOptionError
from parlour.poker.sitting import Sitting, SittingRules


def finish(sitting: Sitting, state, policy=None) -> None:
    rng = random.Random(0)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(policy(state, legal) if policy else rng.choice(legal))
    sitting.finish_deal(state)


def passing(state, legal):
    """Nobody opens a Jack-Pot (J-3): each passes, then plays on as he may."""
    return next(a for a in legal if str(a) == "pass") if state.phase == "bet1" else legal[1]


def total(s: Sitting) -> int:
    return sum(s.bankrolls.values()) + sum(s.carried.values())


@pytest.mark.rule("W-1")
def test_W1_the_lowest_card_deals_first_and_the_deal_passes_left():
    s = Sitting(["Ann", "Bob", "Cy", "Dee"], SittingRules(deals=4), seed=5)
    cut = s.log[-1].split(": ")[1].split(", ")
    thrown = {p.split()[0]: parse_cards(p.split()[1])[0] for p in cut}
    assert s.dealer == min(thrown, key=lambda p: thrown[p].rank)
    order = ["Ann", "Bob", "Cy", "Dee"]
    dealers = []
    while not s.is_over:
        state = s.start_deal()
        dealers.append(s.dealer)
        assert state.dealer == s.seat_names().index(s.dealer)
        finish(s, state)
    first = order.index(dealers[0])
    assert dealers == [order[(first + i) % 4] for i in range(4)]


@pytest.mark.rule("D-1")
@pytest.mark.rule("D-12")
def test_D12_players_come_and_go_between_deals_bankrolls_carry_and_play_ends_on_time():
    s = Sitting(["Ann", "Bob", "Cy"], SittingRules(deals=5, bankroll=50), seed=2)
    finish(s, s.start_deal())
    assert total(s) == 150
    s.join("Dee", 40)
    assert len(s.seats) == 4
    finish(s, s.start_deal())
    assert total(s) == 190
    chips = s.leave("Bob")
    assert "Bob" not in s.seats and total(s) == 190 - chips
    while not s.is_over:
        # calling and small bets, so that nobody is broke before the agreed time (D-1)
        finish(s, s.start_deal(), lambda state, legal: legal[min(1, len(legal) - 1)])
    assert s.deal_no == 5 and len(s.records) == 5


@pytest.mark.rule("J-1")
def test_J1_a_jackpot_every_so_many_deals():
    """J-1: the 3rd and the 6th deals are Jack-Pots, for that reason, and the others, which
    no refusal or carried pot made Jack-Pots, are ordinary deals."""
    s = Sitting(["Ann", "Bob", "Cy"], SittingRules(deals=6, jackpot_every=3), seed=1)
    games, why = [], []
    while not s.is_over:
        state = s.start_deal()
        games.append(state.game.name)
        why.append(s.why_jackpot())
        # everyone passes or comes in, so that pots are opened and carried at will
        finish(s, state)
    nth = "a Jack-Pot, as every 3rd deal is (J-1)"
    assert why == [None, None, nth, None, None, nth]
    assert games == ["draw-poker", "draw-poker", "jackpots"] * 2


@pytest.mark.rule("J-1")
@pytest.mark.rule("J-4")
def test_J1_after_a_deal_all_refused_a_jackpot_and_the_unopened_pot_is_carried():
    s = Sitting(["Ann", "Bob", "Cy"], SittingRules(deals=4), seed=1)
    state = s.start_deal()
    finish(s, state, lambda st, legal: legal[0])  # everyone throws up his hand
    assert state.outcome == "unopened"
    assert s.is_jackpot_next()
    jack = s.start_deal()
    assert jack.game.name == "jackpots" and jack.contrib == [1, 1, 1]

    finish(s, jack, passing)
    assert jack.outcome == "unopened"
    assert sum(s.carried.values()) == 3 and total(s) == 300
    # the log says where the chips went: each payoff is 0, but each bankroll fell by the ante
    assert s.log[-1].endswith("; a pot of 3 carried to the next deal (J-4)")
    again = s.start_deal()
    assert again.game.name == "jackpots" and again.pool == 6  # carried 3 + sweeteners 3
    assert again.rules.redeal == 1


@pytest.mark.rule("R3.11")
def test_R3_11_the_english_unopened_ante_carried_cites_the_rule_for_nobody_coming_in():
    """poker-rules.md R3.11 (PEEL, ``unopened="english"``): nobody came in, so the Age's ante
    stays in the pool for a Jack-Pot.  The log cited R3.3, which is the limit; a carried
    Jack-Pot cites J-4 ("each player adds a small sum to the pot")."""
    s = Sitting(["Ann", "Bob", "Cy"], SittingRules(deals=4, options={"unopened": "english"}),
                seed=1)  # fmt: skip
    finish(s, s.start_deal(), lambda st, legal: legal[0])  # everyone throws up his hand
    assert s.log[-1].endswith("; a pot of 1 carried to the next deal (R3.11)")
    assert s.is_jackpot_next()


@pytest.mark.rule("J-1")
@pytest.mark.rule("J-4")
@pytest.mark.rule("D-1")
def test_a_pot_still_unwon_when_the_sitting_ends_goes_back_to_those_who_put_it_up():
    """D-1: play ends at the agreed time; a Jack-Pot nobody opened in the last deal is not
    lost: each takes back his share (the project's choice; the seeds are silent)."""
    s = Sitting(["Ann", "Bob", "Cy"], SittingRules(deals=2), seed=1)
    assert s.why_jackpot() is None
    finish(s, s.start_deal(), lambda st, legal: legal[0])  # everyone throws up his hand
    assert s.why_jackpot() == "a Jack-Pot, since all refused to play the deal before (J-1)"
    jack = s.start_deal()

    finish(s, jack, passing)
    assert jack.outcome == "unopened" and s.is_over
    assert s.carried == {} and s.bankrolls == {"Ann": 100, "Bob": 100, "Cy": 100}
    assert s.log[-1].startswith("the sitting ends with a pot of 3 unwon: each takes back")
    assert "carried to the next deal" not in s.log[-2]  # there is no next deal


@pytest.mark.rule("J-4")
def test_an_unopened_jackpot_is_played_again_and_the_sitting_says_why():
    s = Sitting(["Ann", "Bob", "Cy"], SittingRules(deals=3, game="jackpots"), seed=1)
    assert s.why_jackpot() is None  # a table of Jack-Pots: nothing to explain

    finish(s, s.start_deal(), passing)
    assert s.why_jackpot() == (
        "a Jack-Pot again: the last was not opened, and its pot is carried (J-4)"
    )


@pytest.mark.rule("J-7")
def test_J7_the_progressive_minimum_is_carried_from_deal_to_deal():
    rules = SittingRules(deals=5, jackpot_every=1, jackpot_options={"progressive": True})
    s = Sitting(["Ann", "Bob"], rules, seed=4)
    minimums = []
    for _ in range(3):
        state = s.start_deal()
        minimums.append(state.observation(0)["minimum"])
        finish(s, state, lambda st, legal: legal[0])  # "pass": nobody opens
    assert minimums == ["J", "Q", "K"]


@pytest.mark.rule("J-1")
def test_J1_the_buck_makes_a_jackpot_when_its_holder_deals():
    s = Sitting(["Ann", "Bob", "Cy"], SittingRules(deals=6, buck=True), seed=9)
    first = s.dealer
    state = s.start_deal()
    assert state.game.name == "jackpots"
    finish(s, state)
    assert s.dealer != first
    # "put in the pool with every Jack-Pot": the buck goes to the pool's winner, and a
    # Jack-Pot is played whenever its holder deals
    s = Sitting(["Ann", "Bob", "Cy", "Dee"], SittingRules(deals=8, buck=True), seed=5)
    holders, plain_won = [s.buck], 0
    while not s.is_over:
        state = s.start_deal()
        was_jackpot = state.game.name == "jackpots"
        assert was_jackpot or s.dealer != s.buck
        finish(s, state)
        winners = [s.records[-1]["players"][i] for i, w in enumerate(state.won) if w > 0]
        if was_jackpot and winners:
            assert s.buck == winners[0]
        else:  # a plain deal's pool holds no buck: it stays where it was
            assert s.buck == holders[-1]
            plain_won += bool(winners) and winners[0] != s.buck
        holders.append(s.buck)
    assert len(set(holders)) > 1  # it moved
    assert plain_won  # and a plain deal was won by another without taking it


@pytest.mark.rule("J-1")
@pytest.mark.parametrize(("players", "bankroll", "options", "seed"), [
    ("ABCD", 15, {}, 217),  # a side pool (or a bet none could match) won before the Jack-Pot
    ("ABCD", 40, {"false_openers": "BAR"}, 0),  # a round null and void: bets handed back
])  # fmt: skip
def test_J1_the_buck_goes_to_the_winner_of_the_jackpot_itself(players, bankroll, options, seed):
    """The buck goes into the Jack-Pot's pool and its winner takes it (J-1).  It went to the
    lowest seat with chips back: at table stakes a loser handed back his own bet nobody could
    cover; a side pool's winner (a side pool is no Jack-Pot), not the player all in for
    nothing who won it; and where R4.9's round null and void (BAR) hands the bets back and
    carries the pot, which nobody won.  In each sitting such a deal happens, and every deal
    is checked."""
    s = Sitting(list(players), SittingRules(deals=12, bankroll=bankroll, buck=True,
                game="jackpots", jackpot_options=options), seed=seed)  # fmt: skip
    rng = random.Random(seed)
    misled = 0  # deals where the lowest seat with chips back is not the Jack-Pot's winner
    while not s.is_over:
        state = s.start_deal()
        while not state.is_over:
            legal = state.legal_actions()
            big = [a for a in legal if str(a).split()[0] in ("raise", "bet", "open", "call")]
            state.apply(rng.choice(big) if big and rng.random() < 0.8 else rng.choice(legal))
        names, before = s.seat_names(), s.buck
        standing = [i for i in range(state.n) if not state.folded[i]]
        lowest = next((names[i] for i, w in enumerate(state.won) if w), None)
        s.finish_deal(state)
        if any(state.carry_out):  # the pot goes on: nobody won the buck with it
            expected = before
        elif state.pools:  # the main pool, open to every hand, holds the Jack-Pot (J-2)
            expected = names[state.pools[0].winners[0]]
        else:  # uncalled (W-12): the one left standing won it
            expected = names[standing[0]]
        assert s.buck == expected
        misled += lowest is not None and lowest != expected
    assert misled


@pytest.mark.rule("J-1")
def test_J1_you_take_the_buck():
    """The line telling who takes the buck agrees with "You": it said "You takes"."""
    s = Sitting(["You", "Bot 1", "Bot 2"], SittingRules(deals=6, bankroll=50, buck=True,
                game="jackpots"), seed=0)  # fmt: skip
    rng = random.Random(0)
    while not s.is_over:
        state = s.start_deal()
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        s.finish_deal(state)
    told = [line for line in s.log if "the buck" in line]
    assert any(line.endswith("; You take the buck (J-1)") for line in told), told


def test_dealer_moves_to_the_winner_for_straight_poker_style_sittings():
    s = Sitting(["Ann", "Bob", "Cy"], SittingRules(deals=3, dealer_moves="winner"), seed=3)
    state = s.start_deal()
    finish(s, state)
    winners = [s.records[-1]["players"][i] for i, w in enumerate(state.won) if w > 0]
    if winners:
        assert s.dealer == winners[0]


def test_a_sitting_of_a_game_without_table_stakes_is_refused_by_name():
    """Straight, Stud and Whiskey Poker keep no stacks between deals: refused at the start,
    not with an unknown 'stacks' option at the first deal."""
    for game in ("straight-poker", "stud-poker", "whiskey-poker"):
        with pytest.raises(GameOptionError, match=f"not '{game}'"):
            Sitting(["Ann", "Bob"], SittingRules(game=game))


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6), st.integers(2, 9), st.booleans())
def test_chips_are_conserved_across_a_sitting(seed, players, s4):
    names = [f"P{i}" for i in range(players)]
    rules = SittingRules(deals=8, bankroll=30, jackpot_every=3, buck=seed % 2 == 0,
                         options={"preset": "S4-club"} if s4 else {})  # fmt: skip
    s = Sitting(names, rules, seed=seed)
    rng = random.Random(seed)
    gone = 0
    while not s.is_over:
        finish(s, s.start_deal(), lambda st, legal: rng.choice(legal[:3]))
        assert total(s) + gone == 30 * players
        if s.deal_no == 4 and len(s.seats) > 2:
            gone += s.leave(s.seats[0])


@pytest.mark.rule("J-4")
def test_J4_option_the_same_dealer_deals_again_after_an_unopened_jackpot():
    rules = SittingRules(deals=3, jackpot_every=1, unopened_same_dealer=True)
    s = Sitting(["Ann", "Bob"], rules, seed=4)
    first = s.dealer
    finish(s, s.start_deal(), lambda st, legal: legal[0])  # "pass": nobody opens
    assert s.dealer == first


@pytest.mark.rule("W-1")
def test_W1_option_the_first_jack_dealt_face_up_deals_R31():
    s = Sitting(["Ann", "Bob", "Cy"], SittingRules(first_dealer="first-jack"), seed=6)
    shown = s.log[-1].split(": ")[1].split(", ")
    assert shown[-1][0] == "J" and all(c[0] != "J" for c in shown[:-1])
    assert s.dealer == ["Ann", "Bob", "Cy"][(len(shown) - 1) % 3]


@pytest.mark.rule("C-2")
def test_C2_a_stripped_pack_gives_way_to_the_full_one_when_two_remain():
    """A sitting of four on 32 cards plays on when two are left: the stripped pack is for
    three or four (C-2), so their deals use the full pack, with a line in the log."""
    for seed in range(20):
        s = Sitting(list("ABCD"), SittingRules(deals=12, bankroll=4, options={"pack": 32}),
                    seed=seed)  # fmt: skip
        while not s.is_over:
            finish(s, s.start_deal())
        if len(s.seats) == 2:
            assert any("C-2" in line for line in s.log) and s.records[-1]["options"]["pack"] == 52
            return
    raise AssertionError("no sitting came down to two players")


@pytest.mark.rule("J-1")
def test_J1_draw_pokers_own_options_stay_out_of_a_jackpot_deal():
    """An option only Draw Poker has (straddle_cap, ante_by) does not stop the sitting at its
    first Jack-Pot."""
    rules = SittingRules(deals=6, options={"straddle_cap": "limit", "ante_by": "dealer"})
    s = Sitting(["Ann", "Bob", "Cy"], rules, seed=1)
    names = []
    while not s.is_over:
        state = s.start_deal()
        names.append(state.game.name)
        finish(s, state, policy=lambda state, legal: legal[0])  # everyone refuses
    assert "jackpots" in names


@pytest.mark.rule("D-12")
def test_D12_no_one_joins_or_leaves_during_a_deal_and_only_a_finished_deal_is_settled():
    """D-12: "between deals"; a leaver mid-deal took his chips and got the deal's back too
    (300 chips became 400), and a deal settled unfinished lost chips."""
    s = Sitting(["Ann", "Bob", "Cy"], SittingRules(deals=3), seed=2)
    state = s.start_deal()
    for act in (lambda: s.leave("Ann"), lambda: s.join("Dee")):
        with pytest.raises(GameOptionError, match="D-12"):
            act()
    with pytest.raises(GameOptionError, match="once it is over"):
        s.finish_deal(state)
    finish(s, state)
    assert total(s) == 300
    with pytest.raises(GameOptionError, match="current deal"):
        s.finish_deal(state)  # not twice
    s.join("Dee")
    assert total(s) == 400


def test_a_full_table_takes_no_eleventh_player():
    """C-3: ten at most (the 60-card pack); an eleventh made every later deal fail."""
    s = Sitting([f"P{i}" for i in range(10)], SittingRules(deals=2), seed=1)
    with pytest.raises(GameOptionError, match="at most 10"):
        s.join("Eleven")
    finish(s, s.start_deal())


@pytest.mark.rule("C-2")
def test_C2_a_stripped_pack_asked_of_five_is_played_full_from_the_first_deal():
    """The sitting is made as it deals: five at the table play the full pack (it refused)."""
    s = Sitting(["A", "B", "C", "D", "E"], SittingRules(deals=1, options={"pack": 40}), seed=2)
    state = s.start_deal()
    assert state.game.rules.pack == 52 and any("C-2" in line for line in s.log)


@pytest.mark.rule("J-3")
@pytest.mark.rule("D-1")
def test_J3_a_jackpot_table_keeps_its_agreed_openers_on_every_deal():
    """D-1: the company agrees its terms before play.  At a table of Jack-Pots only, the
    agreed openers (queens) and false-opener remedy held only on deals after an unopened
    pot; a fresh deal went back to jacks and the default remedy."""
    jackpot = {"openers": "Q", "false_openers": "EB29"}
    rules = SittingRules(deals=3, game="jackpots", jackpot_options=jackpot)
    s = Sitting(["Ann", "Bob", "Cy"], rules, seed=1)
    for _ in range(3):
        state = s.start_deal()
        assert state.observation(0)["minimum"] == "Q"
        assert state.rules.false_openers == "EB29"
        finish(s, state)


@pytest.mark.rule("J-4")
@pytest.mark.rule("W-1")
@pytest.mark.parametrize(
    ("agreed", "named"),
    [
        ({"options": {"carry": (9, 9, 9)}}, "carry"),
        ({"options": {"dealer": 2, "stacks": (5, 5, 5)}}, "dealer, stacks"),
        ({"options": {"players": 3}}, "players"),
        ({"jackpot_options": {"carry": (9, 9, 9)}}, "jackpot.carry"),
        ({"jackpot_options": {"antes": (3, 0, 0), "redeal": 1}}, "jackpot.redeal, jackpot.antes"),
        ({"jackpot_options": {"players": 3}}, "jackpot.players"),
    ],
)
def test_a_sitting_refuses_the_options_it_sets_itself_by_name(agreed, named):
    """J-4, W-1: the sitting carries the pot and passes the deal.  A carry agreed as an
    option made 27 chips a deal at a table of three; a dealer or stacks were ignored, and
    the players raised a TypeError."""
    rules = SittingRules(deals=2, jackpot_every=1, **agreed)
    with pytest.raises(GameOptionError, match=f"^{named}: a sitting sets these deal by deal"):
        Sitting(["Ann", "Bob", "Cy"], rules, seed=1)


def test_C3_openers_of_the_12_spot_become_jacks_when_the_table_leaves_the_60_card_pack(tmp_path):
    """Eight at a Jack-Pot sitting with openers W (the 60-card pack's 12-spot): once broke
    players left, the table fell to the 52-card pack and the next deal raised an error."""
    from parlour.simulate import simulate

    game = parlour.make("jackpots", players=8, openers="W")
    simulate(game, ["random"], games=3, sitting=SittingRules(deals=30, bankroll=3),
             save=tmp_path)  # fmt: skip
    tables = {(r["options"]["players"], r["options"]["openers"])
              for r in (json.loads(f.read_text()) for f in tmp_path.iterdir())}  # fmt: skip
    assert (8, "W") in tables and any(n < 8 and openers == "J" for n, openers in tables)
    assert all(openers == "W" for n, openers in tables if n == 8)
    for table, options in ((5, {"openers": "W"}), (8, {"openers": "W", "pack": 52})):
        with pytest.raises(GameOptionError, match="60-card pack only"):  # never a 60-card pack
            Sitting([str(p) for p in range(table)], SittingRules(game="jackpots", options=options))


def _finish(sitting: Sitting, state, policy=None) -> None:
    rng = random.Random(0)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(policy(state, legal) if policy else rng.choice(legal))
    sitting.finish_deal(state)


def _passing(state, legal):
    return next(a for a in legal if str(a) == "pass") if state.phase == "bet1" else legal[1]


# sitting.py:85, `options.get("openers") in ("E", "W")` -> `== "W"`
@pytest.mark.rule("C-3")
def test_C3_openers_of_the_11_spot_become_jacks_when_the_table_leaves_the_60_card_pack():
    names = [f"P{i}" for i in range(8)]
    s = Sitting(names, SittingRules(deals=3, game="jackpots", options={"openers": "E"}), seed=1)
    first = s.start_deal()
    assert (first.rules.openers, first.rules.pack) == ("E", 60)
    _finish(s, first, lambda st, legal: legal[0])
    s.leave("P3")
    second = s.start_deal()  # seven: the 52-card pack
    assert (second.rules.openers, second.rules.pack) == ("J", 52)
    assert any("C-3" in line for line in s.log)


# sitting.py:144, `or isinstance(value, bool)` dropped
def test_a_sittings_counts_are_whole_numbers_not_true_or_false():
    for agreed in ({"deals": True}, {"bankroll": True}, {"jackpot_every": False}):
        with pytest.raises(GameOptionError, match="must be a whole number"):
            Sitting(["Ann", "Bob"], SittingRules(**agreed))


# sitting.py:148, `len(set(players)) != len(players) or` dropped
@pytest.mark.rule("D-12")
def test_a_sitting_refuses_two_players_of_one_name():
    with pytest.raises(GameOptionError, match="distinct names"):
        Sitting(["Ann", "Bob", "Ann"], SittingRules(deals=2))


# sitting.py:225, `if len(self.seats) <= 2:` -> `if len(self.seats) < 2:`
@pytest.mark.rule("D-12")
def test_D12_the_last_two_players_cannot_leave():
    s = Sitting(["Ann", "Bob"], SittingRules(deals=3), seed=1)
    with pytest.raises(GameOptionError, match="the last two players cannot leave"):
        s.leave("Ann")
    assert s.seats == ["Ann", "Bob"] and s.bankrolls == {"Ann": 100, "Bob": 100}


# sitting.py:229-230, `if self.buck == name: self.buck = self._left_of(name)` dropped
@pytest.mark.rule("J-1")
@pytest.mark.rule("D-12")
def test_J1_the_buck_of_a_player_who_leaves_passes_to_his_left():
    s = Sitting(["Ann", "Bob", "Cy", "Dee"], SittingRules(deals=4, buck=True), seed=5)
    holder = s.buck
    left = s.seats[(s.seats.index(holder) + 1) % 4]
    s.leave(holder)
    assert s.buck == left and s.buck in s.seats


# sitting.py:261, `and not self.carried.get(name)` dropped (a share of a carried pot ignored)
@pytest.mark.rule("D-12")
@pytest.mark.rule("J-4")
def test_D12_a_player_whose_chips_are_all_in_a_carried_pot_is_not_broke():
    s = Sitting(["Ann", "Bob", "Cy"], SittingRules(deals=4, bankroll=1, game="jackpots"), seed=1)
    jack = s.start_deal()
    _finish(s, jack, _passing)  # each antes his only chip; nobody opens
    assert jack.outcome == "unopened" and s.bankrolls == {"Ann": 0, "Bob": 0, "Cy": 0}
    assert s.carried == {"Ann": 1, "Bob": 1, "Cy": 1}
    assert not any(s.is_broke(p) for p in s.seats) and not s.is_over
    again = s.start_deal()
    assert s.seat_names() == ["Ann", "Bob", "Cy"] and again.pool == 3


# sitting.py:325-326, the false opener's ante for all: ante and sweetener swapped, or
# `ante * n` -> `ante * (n - 1)`; sitting.py:365 `self.ante_for_all = ...` -> `None`
@pytest.mark.rule("R4.9")
def test_R49_a_false_opener_drawn_to_antes_for_everyone_at_the_next_deal():
    jackpot = {"false_openers": "EB29", "ante": 2, "sweetener": 1}
    s = Sitting(["Ann", "Bob", "Cy"], SittingRules(deals=2, game="jackpots",
                                                   jackpot_options=jackpot), seed=0)  # fmt: skip
    first = s.start_deal()
    _finish(s, first)
    assert first.outcome == "false-opener" and "ante_for_all" in first.next_deal
    opener = s.ante_for_all
    assert opener == s.seat_names()[first.next_deal["ante_for_all"]]
    second = s.start_deal()
    assert second.contrib == [6 if p == opener else 0 for p in s.seat_names()]


# sitting.py:370, `if jackpot and s.outcome == "unopened" and ...` -> `jackpot and` dropped
@pytest.mark.rule("R4.4")
@pytest.mark.rule("W-1")
def test_R44_the_same_dealer_deals_again_only_after_an_unopened_jackpot_not_a_plain_deal():
    rules = SittingRules(deals=3, unopened_same_dealer=True)
    s = Sitting(["Ann", "Bob", "Cy"], rules, seed=1)
    first = s.dealer
    plain = s.start_deal()
    _finish(s, plain, lambda st, legal: legal[0])  # everyone throws up his hand
    assert plain.game.name == "draw-poker" and plain.outcome == "unopened"
    assert s.dealer == s.seats[(s.seats.index(first) + 1) % 3]  # W-1: the deal passes


# sitting.py:253, `len(self._solvent()) < 2` -> `< 1`
@pytest.mark.rule("D-12")
def test_D12_a_sitting_of_two_ends_when_one_has_lost_every_chip():
    for seed in range(3):
        s = Sitting(["Ann", "Bob"], SittingRules(deals=60, bankroll=2), seed=seed)
        rng = random.Random(seed)
        while not s.is_over:
            state = s.start_deal()
            while not state.is_over:
                state.apply(rng.choice(state.legal_actions()))
            s.finish_deal(state)
        assert s.deal_no < 60 and sorted(s.bankrolls.values()) == [0, 4]


@pytest.mark.rule("D-12")
def test_D12_a_player_comes_in_with_a_whole_number_of_chips_or_not_at_all():
    """A newcomer's chips are a count like the bankroll: none, a fraction or a word is
    refused by name and he does not sit down (-5 sat him down with chips made from nothing)."""
    s = Sitting(["Ann", "Bob"], SittingRules(deals=3), seed=1)
    for chips in (-5, 0, 2.5, True, "7"):
        with pytest.raises(GameOptionError, match=f"Dee must come in with .* not {chips!r}"):
            s.join("Dee", chips)  # type: ignore[arg-type]
    assert s.seats == ["Ann", "Bob"] and "Dee" not in s.bankrolls
    s.join("Dee", 7)
    assert s.bankrolls["Dee"] == 7 and "Dee" in s.seats


@pytest.mark.rule("D-12")
def test_a_sitting_that_ends_for_want_of_chips_says_so():
    """A sitting of 8 deals ended after 6 with nothing said when only one player had chips
    left; the log now says why it ended, in words that fit "You" too."""
    ended = 0
    for seed in range(30):
        s = Sitting(["You", "Bob", "Cy"], SittingRules(deals=8, bankroll=3), seed=seed)
        while not s.is_over:
            state = s.start_deal()
            while not state.is_over:
                legal = state.legal_actions()
                state.apply(legal[min(1, len(legal) - 1)])
            s.finish_deal(state)
        if s.deal_no < 8:
            ended += 1
            solvent = [p for p, c in s.bankrolls.items() if c > 0]
            who = f"no one but {solvent[0]} has" if solvent else "no one has"
            assert s.log[-1] == f"the sitting ends after {s.deal_no} of its 8 deals: {who} " \
                "chips left (D-12)"  # fmt: skip
        else:
            assert "the sitting ends after" not in " ".join(s.log)
    assert ended


@pytest.mark.rule("D-12")
def test_a_deal_in_play_is_not_dealt_again():
    """start_deal during a deal threw it away and dealt new cards: a free redeal for a
    player who disliked his hand.  It is refused; the deal in play goes on unchanged."""
    s = Sitting(["Ann", "Bob", "Cy"], SittingRules(deals=3), seed=1)
    state = s.start_deal()
    state.apply(state.legal_actions()[0])
    before = state.clone()
    with pytest.raises(GameOptionError, match="deal 1 is still in play: finish_deal it"):
        s.start_deal()
    assert s.state is state and state == before and s.deal_no == 0
    _finish(s, state)
    assert s.start_deal() is s.state and s.deal_no == 1
