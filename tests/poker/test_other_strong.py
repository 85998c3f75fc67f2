"""The ``strong`` Straight Poker and Stud players: equity by Monte Carlo, and pot odds."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

import parlour
from parlour import bots, terminal
from parlour.cards import parse_cards
from parlour.cli import app
from parlour.poker.straight import PRESETS as STRAIGHT_PRESETS
from parlour.poker.stud import PRESETS as STUD_PRESETS
from parlour.poker.whiskey import PRESETS as WHISKEY_PRESETS
from parlour.simulate import simulate
from tests.poker.test_draw_strong import play_deals
from tests.poker.test_whiskey import deal_order
from tests.poker.test_whiskey import stacked as whiskey_stacked


def _replay(game, top: list[int], actions=(), label: str = "shuffle"):
    """A deal of ``game`` with ``top`` on top of the pack, then ``actions``."""
    rest = [int(c) for c in game.pack.cards if int(c) not in top]
    history = [{"chance": label, "outcome": [*top, *rest]}]
    return game.replay(history + [{"action": a} for a in actions])


def _dealt(hands: dict[int, str], players: int) -> list[int]:
    """The top of a pack dealt one card a round from the left of dealer 0 (W-2, V-2):
    ``hands`` gives each seat's five cards in the order dealt (in Stud, the hole card first)."""
    split = {s: [int(c) for c in parse_cards(h)] for s, h in hands.items()}
    order = [(1 + i) % players for i in range(players)]
    return [split[s][r] for r in range(5) for s in order]


def straight(hands: dict[int, str], actions=(), players: int = 2, **options):
    game = parlour.make("straight-poker", players=players, **options)
    return game, _replay(game, _dealt(hands, players), actions, "shuffle 1")


def stud(hands: dict[int, str], actions=(), players: int = 2, **options):
    game = parlour.make("stud-poker", players=players, **options)
    return game, _replay(game, _dealt(hands, players), actions)


def _choices(game, state, seeds: int = 5) -> set[str]:
    """What the strong player to move does under several seeds (its samples differ)."""
    seat = state.to_move
    obs, legal = state.observation(seat), state.legal_actions()
    return {str(bots.make("strong", game, seed=k).choose(obs, legal)) for k in range(seeds)}


@pytest.mark.parametrize("name", ["straight-poker", "stud-poker", "whiskey-poker"])
def test_strong_is_registered_and_named_by_play_help_and_gives_the_hint(name):
    assert "strong" in bots.names(parlour.make(name))
    said = " ".join(CliRunner().invoke(app, ["play", name, "--help"]).output.split())
    assert "book, strong or random" in said
    state = parlour.make(name, players=3).new_state(seed=1)  # the hint is the strong player's
    assert terminal._HINTERS[name](state, state.to_move).startswith("The strong player would ")


ROYAL, WORST = "As Ks Qs Js Ts", "7c 5d 4h 3s 2c"


@pytest.mark.rule("W-9")
def test_straight_bets_the_limit_with_a_royal_flush():
    """V-1, W-9: the dealer heads-up speaks first (the Age's left) and must bet or drop;
    with a royal flush it bets the most the limit allows (the book bets the middle)."""
    game, state = straight({0: ROYAL, 1: "Kc Kd 9h 8s 3c"})
    assert state.to_move == 0
    assert _choices(game, state) == {"bet 5"}


@pytest.mark.rule("V-1")
def test_straight_refuses_a_hopeless_call_against_the_limit():
    """Seven high, the worst hand there is, owing 5 to win 14: it throws its cards down."""
    game, state = straight({0: WORST, 1: "Kc Kd 9h 8s 3c"}, ["bet 1", "raise 5"])
    assert state.to_move == 0 and "call" in {str(a) for a in state.legal_actions()}
    assert _choices(game, state) == {"fold"}


@pytest.mark.rule("R5.4")
def test_straight_passes_a_worthless_hand_where_it_may_never_folds_it():
    """R5.4: where a player may pass and come in again, nothing is lost by passing."""
    game, state = straight({0: WORST, 1: "Kc Kd 9h 8s 3c"}, preset="R5.4-pass")
    assert "pass" in {str(a) for a in state.legal_actions()}
    assert _choices(game, state) == {"pass"}


@pytest.mark.rule("D-4")
def test_stud_drops_at_the_coming_in_against_four_kings_showing():
    """V-2, D-4: all five out, the Age (seat 1) shows four kings; seat 0's seven high can win
    nothing, so it drops rather than come in at twice the ante."""
    game, state = stud({0: "7c 5d 4h 3s 2c", 1: "9d Kc Kd Kh Ks"})
    obs = state.observation(0)
    assert obs["coming_in"] and state.to_move == 0
    assert _choices(game, state) == {"fold"}


@pytest.mark.rule("D-7")
def test_stud_raises_the_limit_at_the_coming_in_with_four_aces():
    """Four aces (the hole card among them) against kings showing: it comes in raising the
    most the limit allows (the book raises the middle)."""
    game, state = stud({0: "Ac Ad Ah As 2c", 1: "9d Kc Kd 8h 3s"})
    assert _choices(game, state) == {"raise 5"}


@pytest.mark.rule("V-3")
def test_stud_reads_the_up_cards_it_cannot_be_beaten_by():
    """V-3, after the second card: its hole ace pairs its ace up; the other shows a king and
    could pair it only.  With cards to come it bets for value, never drops or merely checks."""
    game, state = stud({0: "Ac Ad 9h 5s 2c", 1: "4d Kc 8d 7h 3s"}, preset="S3-variant",
                       ante_mode="all", allow_check=True)  # fmt: skip
    assert state.to_move == 0 and "check" in {str(a) for a in state.legal_actions()}
    assert {c.split()[0] for c in _choices(game, state)} == {"bet"}


@pytest.mark.rule("R6.2")
def test_stud_checks_a_worthless_hand_where_it_may_and_never_folds_it():
    game, state = stud({0: "7c 2d 4h 9s 3c", 1: "Kd Ac Qd Jh Ts"}, ante_mode="all",
                       allow_check=True)  # fmt: skip
    assert _choices(game, state) == {"check"}


def whiskey(mid: str, widow: str = "7c 5d 4h 3s 2d", actions=("take-widow",), **options):
    """Three players, dealer 0 (V-4): the Age (seat 1) holds the hand the widow will be
    once he takes it (V-5), seat 2 ``mid``, the widow ``widow``, the dealer a pair."""
    top = deal_order("Kh 9d 8c 4s 3h", mid, widow, "8s 8d Th 2h 3c")
    state = whiskey_stacked(top, list(actions), **options)
    return state.game, state


@pytest.mark.rule("V-6")
def test_whiskey_makes_the_full_house_the_widow_offers_rather_than_knock_on_two_pairs():
    """V-6: the Age took the widow, so his king lies face up; two pairs, kings and sevens,
    exchange the deuce for it (a full house).  The book knocks on any two pairs."""
    game, state = whiskey("Kc Kd 7h 7s 2c")
    assert state.to_move == 2 and "knock" in state.legal_actions()
    assert _choices(game, state) == {"exchange 2c Kh"}


@pytest.mark.rule("V-6")
def test_whiskey_knocks_on_a_royal_flush_that_every_exchange_would_spoil():
    game, state = whiskey(ROYAL)
    assert _choices(game, state) == {"knock"}


@pytest.mark.rule("V-5")
def test_whiskey_takes_the_widow_with_the_worst_hand_and_keeps_four_aces():
    game, state = whiskey("Ac Ad Ah As 2c", widow="9c 9s 5h 6s Jd", actions=["pass"])
    assert state.to_move == 2 and _choices(game, state) == {"pass"}
    game, state = whiskey(WORST, widow="9c 9s 5h 6s Jd", actions=["pass"])
    assert _choices(game, state) == {"take-widow"}


@pytest.mark.rule("V-7")
def test_whiskey_opens_the_betting_with_the_limit_on_four_aces():
    """V-7: after the knock's round the betting begins with the Age (R7.3), who took four
    aces from the widow: he bets the most the limit allows (the book bets the middle)."""
    game, state = whiskey(
        "Kc Kd 7h 7s 2c", "Ac Ad Ah As 2d", ["take-widow", "knock", "pass", "pass"]
    )
    assert state.to_move == 1 and "bet 5" in {str(a) for a in state.legal_actions()}
    assert _choices(game, state) == {"bet 5"}


@pytest.mark.rule("V-6")
@pytest.mark.parametrize("preset", ["betting", "poorest-pays"])
def test_whiskey_never_knocks_on_a_hand_worth_less_than_its_fair_share(preset):
    """V-6: seat 2 holds ace-high and seat 1 lays a straight face up as the widow; every
    exchange gains little, but a knock stands on a hand sure to lose.  It knocked at 0%
    (no move gained KNOCK_GAIN); it keeps the game going instead."""
    top = deal_order("Kh Qd Jc 9s 8h", "7s 6d 4c 3d 2s", "Ac Ad 7h 5s 4h", "8s 8d Th 2h 3c")
    state = whiskey_stacked(top, ["take-widow"], preset=preset)
    assert state.to_move == 2 and "knock" in state.legal_actions()
    assert "knock" not in _choices(state.game, state)


@pytest.mark.rule("V-6")
def test_whiskey_of_two_exchanges_as_good_takes_the_better_hand():
    """Taking the widow's 6d makes a straight either way; throwing the 2 keeps the seven
    high, throwing the 7 the six high.  Of moves its samples score alike it took the first
    listed (the six high, 33 seeds in 40); it takes the better hand."""
    top = deal_order("Th 9d 8c 6s 5h", "7s 6d 4c 3d 2s", "Ac Ad 7h 5s 4h", "8s 8d Tc 2h 3c")
    state = whiskey_stacked(top, ["take-widow"])
    assert _choices(state.game, state, seeds=8) == {"exchange 2s 5h"}


def test_a_table_of_strong_whiskey_players_ends_every_deal():
    """A hand short of its fair share is no knock (V-6) only for two turns of its own: four
    strong players that each reckoned the others ahead exchanged cards round the table for
    ever at seed 26 (bot seeds 26000 + seat), before it had that limit."""
    game = parlour.make("whiskey-poker", players=4)
    for seed in (26, 27):
        state = game.new_state(seed=seed)
        players = [bots.make("strong", game, seed=1000 * seed + s) for s in range(4)]
        for _ in range(100):
            if state.is_over:
                break
            seat = state.to_move
            state.apply(players[seat].choose(state.observation(seat), state.legal_actions()))
        assert state.is_over


@pytest.mark.rule("V-7")
@pytest.mark.rule("R7.7")
def test_where_the_poorest_loses_whiskey_counts_the_chance_of_not_being_the_poorest():
    """Against a known royal flush every hand's share of the pool is nothing, yet a pair
    is far less often the poorest of three than ace high: ``showdown`` tells the two apart,
    and where the poorest pays or loses a life the strong player weighs both, and says so."""
    from parlour.poker.dealt_equity import Sampler, Shown, showdown
    from parlour.poker.ranking import Ranking

    royal = tuple(int(c) for c in parse_cards(ROYAL))
    pair, high = ([int(c) for c in parse_cards(h)] for h in ("9c 9d 7h 4s 2c", "Ac 9d 7h 4s 2c"))
    known = [*royal, *pair, int(parse_cards("Ac")[0])]
    shares, spared = showdown(Sampler(Ranking(), 0), [pair, high], [Shown(up=royal), Shown()],
                              known, 2000)  # fmt: skip
    assert shares == [0.0, 0.0] and spared[0] > spared[1] + 0.2
    game, state = whiskey("Jc 9s 6h 5c 2s", preset="lives")
    bot = bots.make("strong", game, seed=0)
    bot.choose(state.observation(state.to_move), state.legal_actions())
    assert re.search(
        r"of the pool at the show against 2 other hands \(fair: 33%\), and its "
        r"chance of not losing a life as the poorest at \d+%$",
        bot.reason,
    )


def test_whiskey_reckons_the_others_hands_bettered_by_their_turns_and_raises():
    """Others' hands in Whiskey Poker are no random hands: each turn with the widow face up
    betters them, and a raise says more.  A pair of jacks is reckoned a good share against
    a random hand, little against one bettered by a turn, less still after two raises."""
    from parlour.poker.dealt_equity import Sampler, Shown, equity
    from parlour.poker.ranking import Ranking

    sampler = Sampler(Ranking(), 0)
    queens = [int(c) for c in parse_cards("Qc Qd 9h 5s 2c")]
    random_hand, turn, raised = (
        equity(sampler, [queens], [shown], queens, 2000)[0]
        for shown in (Shown(), Shown(tries=13), Shown(tries=13, narrow=8.0))
    )
    assert random_hand > 0.75 and 0.2 > turn > raised


OPTION_SETS = [
    *[("straight-poker", 4, {"preset": p}) for p in STRAIGHT_PRESETS],
    *[("stud-poker", 4, {"preset": p}) for p in STUD_PRESETS],
    ("straight-poker", 3, {"pack": 32, "joker": "wild", "blaze": True}),
    ("straight-poker", 8, {"joker": "bug", "ante_mode": "all", "pass_and_come_in": True}),
    ("stud-poker", 4, {"pack": 36, "joker": "wild", "preset": "S3-variant"}),
    ("stud-poker", 9, {"joker": "bug", "come_in": "ante", "limit_kind": "interval"}),
    *[("whiskey-poker", 4, {"preset": p}) for p in WHISKEY_PRESETS],
    ("whiskey-poker", 3, {"pack": 40, "joker": "wild", "pass_after_taken": True, "rounds": 3}),
]


@pytest.mark.parametrize(("name", "players", "options"), OPTION_SETS)
def test_strong_plays_whole_deals_under_every_preset_and_many_options(name, players, options):
    play_deals(parlour.make(name, players=players, **options), seeds=6)


@pytest.mark.parametrize(("name", "games"), [("straight-poker", 600), ("stud-poker", 400),
                                             ("whiskey-poker", 200)])  # fmt: skip
def test_strong_beats_book_over_a_seeded_duplicate_match(name, games):
    """Heads-up, each deal played in both seats (duplicate: each is dealt the same hands)
    and seeded (so the figures are fixed): the strong player wins more than two
    standard errors a deal.  Seeds 0..5 gave Straight Poker +0.13 to +0.32 chips a deal over
    600 games (2.4 to 6.1 standard errors), Stud +1.04 to +1.29 over 400 (9.9 to 13.0) and
    Whiskey Poker +2.90 to +4.22 over 200 (5.2 to 7.1); this is seed 0 for each, and
    benchmarks/poker_bots.py measures more deals."""
    run = simulate(name, ["strong", "book"], games=games, seed=0, duplicate=True)
    strong = run.results[0]
    assert strong.mean > 2 * (strong.se or 1) > 0


@pytest.mark.rule("R2.8")
@pytest.mark.rule("C-4")
def test_stud_reads_the_bug_in_a_part_hand_as_an_ace_not_a_pair_of_anything():
    """R2.8: the bug is an ace (or fills a straight or flush): with a king it is ace high,
    not the pair of kings a wild Joker makes; with an ace it pairs aces."""
    import numpy as np

    from parlour.poker.dealt_equity import klass
    from parlour.poker.draw_equity import Sampler
    from parlour.poker.ranking import Ranking

    rows = np.array([[int(c) for c in parse_cards(h)] for h in ("Jk Kc", "Jk Ac")], dtype=np.int8)
    assert list(klass(Sampler(Ranking(joker="wild"), 0), rows)) == [2, 2]  # kings, aces
    assert list(klass(Sampler(Ranking(joker="bug"), 0), rows)) == [0, 2]  # ace high, aces


def test_the_hint_says_what_the_strong_player_reckons():
    """Stud's hint names the share of the pool it reckons against the hands still in;
    Whiskey Poker's, that of the hand the exchange leaves it."""
    hint = terminal.bot_hint("strong")
    stud = parlour.make("stud-poker", players=3).new_state(seed=2)
    assert hint(stud, stud.to_move).endswith("against 2 other hands (fair: 33%).")
    assert "It reckons its share of the pool at the show at " in hint(stud, stud.to_move)
    whiskey = parlour.make("whiskey-poker", players=3).new_state(seed=2)
    while whiskey.to_move != 0:  # the widow taken up and a card exchanged, by the book
        whiskey.apply(bots.make("book", whiskey.game, seed=1).choose(
            whiskey.observation(whiskey.to_move), whiskey.legal_actions()))  # fmt: skip
    said = hint(whiskey, 0)
    assert said.startswith("The strong player would ") and re.search(
        r"It reckons the hand this leaves it \d+% of the pool at the show "
        r"against 2 other hands \(fair: 33%\)\.$",
        said,
    )


@pytest.mark.parametrize(
    "name", ["draw-poker", "jackpots", "straight-poker", "stud-poker", "whiskey-poker"]
)
def test_the_strong_players_refuse_samples_they_would_not_play_by(name):
    """``strong.samples=5`` is refused naming the bot and the fewest it takes; it played as
    20 without a word, so a run meant to be rough and fast was neither."""
    game = parlour.make(name)
    with pytest.raises(parlour.game.GameOptionError, match="samples must be 20 or more, not 5"):
        bots.make("strong", game, samples=5)
    assert bots.make("strong", game, samples=20).samples == 20
    run = CliRunner().invoke(app, ["simulate", name, "--bots", "strong,book", "--games", "1",
                                   "--bot-option", "strong.samples=0"])  # fmt: skip
    said = " ".join(run.output.split())
    assert run.exit_code == 2 and f"{name} strong: samples must be 20 or more, not 0" in said
    assert "Traceback" not in said


@pytest.mark.rule("V-1")
@pytest.mark.rule("C-5")
def test_V1_no_card_lies_in_two_hands_at_a_sampled_show():
    """V-1, C-5: four at Straight Poker with the old 20-card pack are dealt the whole pack,
    so the three other hands are exactly the fifteen cards a seat has not seen, split three
    ways.  Aces up (aces and kings) takes 0.4491 of the pool over all 756,756 splits; drawn
    each apart from the others (one card in two hands, as the sampler drew them), the other
    hands were stronger together and it reckoned 0.436."""
    import itertools

    import numpy as np

    from parlour.poker.dealt_equity import Sampler, Shown, equity
    from parlour.poker.fast import evaluate_batch
    from parlour.poker.ranking import Ranking

    ranking = Ranking(pack=20)
    mine = [int(c) for c in parse_cards("Ah Ad Kc Ks Qh")]
    unseen = np.array([int(c) for c in ranking.pack.cards if int(c) not in mine])
    fives = np.array(list(itertools.combinations(range(15), 5)))
    masks = (1 << fives).sum(axis=1)
    value = np.zeros(1 << 15, dtype=np.int64)  # a hand of the unseen cards by its bits
    value[masks] = evaluate_batch(unseen[fives].astype(np.int8), ranking)
    a, b = np.nonzero((masks[:, None] & masks[None, :]) == 0)
    hands = np.stack([value[masks[a]], value[masks[b]], value[0x7FFF ^ masks[a] ^ masks[b]]])
    best = hands.max(axis=0)
    ties = (hands == best).sum(axis=0)
    me = evaluate_batch(np.array([mine], dtype=np.int8), ranking)[0]
    exact = np.where(me > best, 1.0, np.where(me == best, 1 / (1 + ties), 0.0)).mean()
    assert len(a) == 756_756 and round(exact, 4) == 0.4491
    reckoned = equity(Sampler(ranking, seed=1), [mine], [Shown()] * 3, known=mine, n=80_000)
    assert abs(reckoned[0] - exact) < 0.006  # its standard error is about 0.0018
