"""The ``strong`` Draw Poker and Jack-Pots player: equity by Monte Carlo, and pot odds."""

from __future__ import annotations

import pytest

import parlour
from parlour import bots
from parlour.cards import parse_cards
from parlour.simulate import simulate
from tests.poker.test_draw_support import play, stacked


def _choices(game, state, seat: int, seeds: int = 5) -> set[str]:
    """What the strong player does at ``seat`` under several seeds (its samples differ)."""
    obs, legal = state.observation(seat), state.legal_actions()
    return {str(bots.make("strong", game, seed=k).choose(obs, legal)) for k in range(seeds)}


def test_strong_is_registered_for_both_games_and_named_by_play_draw_poker():
    from typer.testing import CliRunner

    from parlour.cli import app

    for name in ("draw-poker", "jackpots"):
        assert "strong" in bots.names(parlour.make(name))
    said = " ".join(CliRunner().invoke(app, ["play", "draw-poker", "--help"]).output.split())
    assert "strong" in said


def _at_the_draw(hand: str):
    """Two players, dealer 1: both come in, the Age (seat 0) draws three, seat 1 draws."""
    game = parlour.make("draw-poker", players=2, dealer=1)
    state = play(stacked(game, {1: hand, 0: "4c 3d 5h Ks Qc"}), "call", "call", "draw 5h 4c 3d")
    assert state.phase == "draw" and state.to_move == 1
    return game, state


@pytest.mark.rule("A-2")
@pytest.mark.parametrize(
    ("hand", "draw"),
    [
        ("Ah Jh 8h 6h 3h", "pat"),  # a flush stands pat
        ("9c 8d 7h 6s 5c", "pat"),  # so does a straight
        ("Ad Jd 8d 4d 9h", "draw 9h"),  # four to a flush: throw the odd card (S4)
    ],
)
def test_strong_draws_to_the_hand_that_pays(hand, draw):
    game, state = _at_the_draw(hand)
    assert _choices(game, state, 1) == {draw}


@pytest.mark.rule("C-4")
def test_strong_stands_pat_on_a_flush_the_joker_makes():
    """C-4: the Joker wild, ``Jk Ah Jh 8h 3h`` is a flush.  The strong player counted a
    Joker's straight or flush as nothing in its implied odds, so drawing three to the Joker
    and the ace (threes or better, counted half again) outscored the flush it broke."""
    game = parlour.make("draw-poker", players=2, dealer=1, joker="wild")
    state = play(stacked(game, {1: "Jk Ah Jh 8h 3h", 0: "4c 3d 5h Ks Qc"}), "call", "call",
                 "draw 5h 4c 3d")  # fmt: skip
    assert _choices(game, state, 1) == {"pat"}


@pytest.mark.rule("C-2")
@pytest.mark.rule("C-4")
def test_strong_stands_pat_on_the_joker_s_straight_in_a_stripped_pack():
    """C-2, C-4: in the 32-card pack the ace is low below the 7, so the Joker makes ``Jk Ad Td
    9c 8c`` a straight, ten high.  It raised the limit, the Age called and drew three; the
    straight stands pat (it drew three to the Joker and the ace under every seed)."""
    game = parlour.make("draw-poker", players=3, dealer=0, pack=32, joker="wild")
    state = stacked(game, {2: "Jk Ad Td 9c 8c", 1: "Kc Ks 7h 8d Qc"})
    play(state, "raise 5", "fold", "call", "draw Qc 8d 7h")
    assert state.to_move == 2
    assert _choices(game, state, 2) == {"pat"}


@pytest.mark.rule("A-2")
@pytest.mark.parametrize(
    ("hand", "held"), [("9c 9d Kh 7s 3c", "9c 9d"), ("9c 9d 9h 7s 3c", "9c 9d 9h")]
)
def test_strong_never_breaks_the_pair_or_threes_it_draws_to(hand, held):
    """Whether a kicker goes too is a near thing; the pair or the threes are never thrown."""
    game, state = _at_the_draw(hand)
    for choice in _choices(game, state, 1):
        assert not set(held.split()) & set(choice.split()[1:])


@pytest.mark.rule("R3.17")
def test_strong_checks_a_worthless_hand_where_it_may_and_never_folds_it():
    """Where the first to speak may check after the draw (R3.17), nothing is lost by it: the
    strong player checks a worthless hand rather than throw it up."""
    game = parlour.make("draw-poker", players=2, dealer=1, check_after_draw=True)
    state = stacked(game, {0: "Ac Ad Ah Kc Ks", 1: "7c 5d 4h 3s 2c"}, stock="9d 8s Jh Tc Qd")
    play(state, "call", "call", "pat", "draw 7c 5d 4h")
    assert state.to_move == 1 and "check" in {str(a) for a in state.legal_actions()}
    assert _choices(game, state, 1) == {"check"}


@pytest.mark.rule("W-9")
def test_strong_bets_the_most_with_a_royal_flush_and_raises_before_the_draw():
    """With a royal flush it raises before the draw and, first to speak after it (W-9: bet or
    drop), bets the limit."""
    game = parlour.make("draw-poker", players=2, dealer=1)
    state = stacked(game, {1: "As Ks Qs Js Ts", 0: "4c 3d 6h 9s Qc"})
    assert {c.split()[0] for c in _choices(game, state, 1)} == {"raise"}
    play(state, "call", "call", "pat", "pat")
    assert state.to_move == 1
    assert _choices(game, state, 1) == {"bet 5"}


def test_strong_refuses_a_hopeless_call_against_a_big_bet():
    """Seven high after the draw against a pat hand that bets the limit: the price (5 to
    win 9) is worth far more than its share, so it folds; the book's own rule would too."""
    game = parlour.make("draw-poker", players=2, dealer=1)
    state = stacked(game, {1: "Kc Kd Kh Ks 9h", 0: "7c 5d 4h 3s 8d"}, stock="2c 2d Jh Tc")
    play(state, "call", "call", "draw 8d", "pat", "bet 5")
    assert state.observation(0)["hand"] == "7c 5d 4h 3s 2c" and state.to_move == 0
    assert _choices(game, state, 0) == {"fold"}


def test_strong_calls_its_last_chip_when_the_pool_it_can_win_pays():
    """Table stakes: jacks after a three-card draw against a three-card draw that bets 5,
    with 1 chip behind.  Calling puts up that chip for a pool of 6 (the 4 before and a chip
    each; the rest of the bet is not its to win), so its equity (about 0.2) pays for it.
    It priced the call as 5 for 14, as if it had the chips, and threw the jacks away."""
    game = parlour.make("draw-poker", players=2, dealer=1, stacks=(3, 50))
    state = stacked(game, {0: "Jc Jd 9h 6s 3c", 1: "Kc Qd 7h 7s 2c"}, stock="4d 2d 5h Ts 9s")
    play(state, "call", "call", "draw 9h 6s 3c", "draw Kc Qd 2c", "bet 5")
    obs = state.observation(0)
    assert obs["stacks"][0] == 1 and obs["pool"] == 9 and state.to_move == 0
    assert _choices(game, state, 0) == {"call"}


@pytest.mark.rule("J-3")
def test_strong_opens_a_jackpot_with_kings_and_passes_without_openers():
    """J-3: only a pair of jacks or better opens (the engine offers no ``open`` otherwise);
    with kings the strong player opens, and without openers it passes, never folds."""
    game = parlour.make("jackpots", players=3, dealer=2)
    state = stacked(game, {0: "Kc Kd 7h 5s 2c"})
    assert {c.split()[0] for c in _choices(game, state, 0)} == {"open"}
    state = stacked(game, {0: "9c 9d 7h 5s 2c"})
    assert _choices(game, state, 0) == {"pass"}


@pytest.mark.rule("J-3")
def test_strong_opens_jacks_when_all_but_one_passed_for_want_of_openers():
    """J-3: nine at the table, the first seven pass, so none of them holds jacks or better;
    the eighth opens on jacks.  It drew the passers' hands as if they might hold openers,
    so its share looked no better than a ninth and it passed under seed 1."""
    game = parlour.make("jackpots", players=9, dealer=8)
    state = play(stacked(game, {7: "Jc Jd 7h 5s 2c"}), *["pass"] * 7)
    assert state.to_move == 7
    assert {c.split()[0] for c in _choices(game, state, 7)} == {"open"}


def test_strong_beats_book_over_a_seeded_duplicate_match():
    """Heads-up over 600 games, each deal played in both seats (duplicate) and seeded (so the
    figures are fixed): the strong player wins more than two standard errors a deal.  Seeds
    0..5 gave +0.47 to +0.70 chips a deal, 3.8 to 5.1 standard errors (seed 0: +0.52, 4.5);
    with a deal a game they gave 1.7 to 4.0 standard errors."""
    run = simulate("draw-poker", ["strong", "book"], games=600, seed=0, duplicate=True)
    strong = run.results[0]
    assert strong.mean > 2 * (strong.se or 1) > 0


OPTION_SETS = [
    ("draw-poker", 5, {}),
    ("draw-poker", 4, {"preset": "S4-club"}),
    ("draw-poker", 3, {"pack": 32, "joker": "wild", "check_after_draw": True}),
    ("draw-poker", 4, {"straddle": "blind", "counts_after_draw": False, "blaze": True}),
    ("draw-poker", 8, {"stacks": (30, 5, 12, 40, 3, 20, 9, 15), "tigers_dogs": True}),
    ("jackpots", 4, {}),
    ("jackpots", 5, {"joker": "bug", "progressive": True, "limit_kind": "interval"}),
    ("jackpots", 3, {"openers": "Q", "false_openers": "PEEL"}),
]


def play_deals(game, seeds: int) -> None:
    """Whole deals, strong at the even seats and book at the odd: every choice legal, and
    the chips conserved (but for Whiskey Poker's forfeits, which leave the table, V-7)."""
    for seed in range(seeds):
        state = game.new_state(seed=seed)
        players = [bots.make("strong" if s % 2 == 0 else "book", game, seed=seed + s)
                   for s in range(game.num_players)]  # fmt: skip
        while not state.is_over:
            seat = state.to_move
            legal = state.legal_actions()
            choice = players[seat].choose(state.observation(seat), legal)
            assert choice in legal
            state.apply(choice)
        if game.payoff_total is not None:
            assert sum(state.payoffs()) == pytest.approx(game.payoff_total)


@pytest.mark.parametrize(("name", "players", "options"), OPTION_SETS)
def test_strong_plays_whole_deals_under_every_preset_and_many_options(name, players, options):
    play_deals(parlour.make(name, players=players, **options), seeds=12)


def test_the_hint_says_what_the_strong_player_reckons():
    """A hint names the move and why: the share of the pool the strong player reckons it
    has when it stakes, and the cards it keeps when it draws (a bare move said neither)."""
    import re

    from parlour import terminal

    hint = terminal.bot_hint("strong")
    game = parlour.make("draw-poker", players=2, dealer=1)
    state = stacked(game, {1: "As Ks Qs Js Ts", 0: "4c 3d 6h 9s Qc"})
    said = hint(state, state.to_move)
    assert re.search(r"\(raise \d\)\. It reckons its share of the pool at the show at \d+% "
                     r"against 1 other hand \(fair: 50%\)\.$", said), said  # fmt: skip
    _, drawing = _at_the_draw("Ad Jd 8d 4d 9h")
    assert re.search(r"\(draw 9h\)\. Keeping A♦ J♦ 8♦ 4♦ it reckons the most of the pool to be "
                     r"had, more than (keeping [2-9TJQKA♣♦♥♠ ]+|throwing all five)\.$",
                     hint(drawing, 1))  # fmt: skip


@pytest.mark.rule("C-4")
def test_the_sampler_draws_the_book_s_hands_to_a_flush_the_bug_fills_in_any_suit():
    """The strong player's sampler draws others' hands as the book would: under the bug
    (which fills a flush, R2.8) ``Jk Kh 9h 7h Td`` keeps the four to a flush, as with four
    hearts; with a wild Joker the book draws to the pair the Joker makes (Jk K)."""
    import numpy as np

    from parlour.cards import parse_cards
    from parlour.poker.draw_equity import Sampler
    from parlour.poker.ranking import Ranking

    hand = np.array([[int(c) for c in parse_cards("Jk Kh 9h 7h Td")]], dtype=np.int8)
    bug = Sampler(Ranking(joker="bug"), 0).features(hand).keep[0]
    wild = Sampler(Ranking(joker="wild"), 0).features(hand).keep[0]
    assert list(bug) == [True, True, True, True, False]
    assert list(wild) == [True, True, False, False, False]


def test_the_share_against_a_pat_hand_is_steady_from_seed_to_seed():
    """Three eights against a pat hand that bets: few of the 1,600 hands drawn stand pat,
    so the share was reckoned from some 40 hands, and ran from 36% to 85% over 60 seeds
    (standard deviation 9.3 points; the samples' own noise is under 3).  Too few fitting
    hands now draw more, so the seeds agree."""
    import statistics

    game = parlour.make("draw-poker", players=2, dealer=1)
    state = stacked(game, {0: "8c 8d 8h 3s 2c", 1: "Kc Qd Jh Ts 9c"}, stock="9d 5s")
    play(state, "call", "call", "draw 3s 2c", "pat", "bet 3")
    shares = []
    for seed in range(20):
        bot = bots.make("strong", game, seed=seed)
        bot.choose(state.observation(0), state.legal_actions())
        shares.append(float(bot.reason.split(" at the show at ")[1].split("%")[0]))
    assert statistics.stdev(shares) < 5.0 and 55 < statistics.fmean(shares) < 75


def test_no_more_hands_are_drawn_for_an_opponent_no_book_hand_fits():
    """An opponent who drew four does what the book never does: no candidate fits, and
    drawing four, sixteen and sixty-four times as many found none either, for nothing."""
    from parlour.poker import draw_equity

    game = parlour.make("draw-poker", players=2, dealer=1)
    state = stacked(game, {0: "8c 8d 8h 3s 2c", 1: "Kc Qd Jh Ts 9c"})
    play(state, "call", "call", "draw 3s 2c", "draw Kc Qd Jh Ts", "bet 3")
    bot = bots.make("strong", game, seed=0)
    drawn: list[int] = []
    deals = bot.sampler.deals
    bot.sampler.deals = lambda unseen, n, *taken: drawn.append(n) or deals(unseen, n, *taken)  # type: ignore
    bot.choose(state.observation(0), state.legal_actions())
    assert max(drawn) == draw_equity.CANDIDATES // 3


@pytest.mark.rule("A-4")
@pytest.mark.rule("W-8")
@pytest.mark.parametrize("pack, others", [(52, 3), (60, 8)])
def test_A4_no_card_lies_in_two_hands_at_a_sampled_show(monkeypatch, pack, others):
    """A-4, W-8: the opponents' hands as dealt, their draws and the seat's own draw hold no
    card twice at any show (every show's hands are read where they are valued): each was
    drawn apart, and three who came in shared a card at most shows.  Nine at the 60-card
    pack run the stock short: the draws take the discards, each only once."""
    import numpy as np

    from parlour.poker import draw_equity
    from parlour.poker.draw_equity import Opponent, Sampler
    from parlour.poker.ranking import Ranking

    valued: list[np.ndarray] = []
    evaluate = draw_equity.evaluate_batch
    monkeypatch.setattr(
        draw_equity, "evaluate_batch", lambda hands, r: valued.append(hands) or evaluate(hands, r)
    )
    mine = [int(c) for c in parse_cards("Ah Ad 7c 9s 2h")]
    kinds = [Opponent(came_in=True), Opponent(drew=3, drawn=True), Opponent()]
    sampler = Sampler(Ranking(pack=pack), seed=3)
    sampler.equity([mine[:2]], [kinds[i % 3] for i in range(others)], known=mine, n=250)
    shows = np.concatenate([h for h in valued if len(h) == 250], axis=1)  # the others, the seat
    assert shows.shape == (250, 5 * others + 5)
    assert all(len(set(row)) == len(row) for row in shows.tolist())


@pytest.mark.rule("A-4")
@pytest.mark.slow
def test_A4_the_equity_against_three_who_came_in_is_that_of_whole_deals():
    """A-4: keeping aces from a 32-card pack against three who came in (each holds a hand
    the book plays), the equity matches whole deals dealt and kept where all three hands
    fit.  Drawn so that an opponent's hand and its draw both missed the cards taken, the
    later opponents were tilted to hands drawing fewer cards, and it reckoned 0.277."""
    import numpy as np

    from parlour.poker.draw_equity import Opponent, Sampler
    from parlour.poker.fast import evaluate_batch
    from parlour.poker.ranking import Ranking

    ranking = Ranking(pack=32)
    mine = [int(c) for c in parse_cards("Ah Ad 7c 9s Th")]
    sampler = Sampler(ranking, seed=7)
    unseen = sampler.unseen(mine)
    deals = 400_000
    order = unseen[np.argsort(sampler.rng.random((deals, len(unseen))), axis=1)]
    fit = np.ones(deals, dtype=bool)
    best, ties = np.full(deals, -1), np.zeros(deals, dtype=np.int64)
    next_card = np.full(deals, 15)  # the stock after three hands, dealt to each in turn
    for seat in range(3):
        hand = order[:, 5 * seat : 5 * seat + 5]
        read = sampler.features(hand)
        fit &= read.playable
        thrown = np.maximum(np.cumsum(~read.keep, axis=1) - 1, 0)
        drawn = np.take_along_axis(order, next_card[:, None] + thrown, axis=1)
        value = evaluate_batch(np.where(read.keep, hand, drawn), ranking)
        next_card += (~read.keep).sum(axis=1)
        ties = np.where(value > best, 1, ties + (value == best))
        best = np.maximum(best, value)
    own = np.take_along_axis(order, next_card[:, None] + np.arange(3), axis=1)
    kept = np.tile(np.array(mine[:2], dtype=np.int8), (deals, 1))
    value = evaluate_batch(np.concatenate([kept, own], axis=1), ranking)
    share = np.where(value > best, 1.0, np.where(value == best, 1 / (1 + ties), 0.0))
    whole = share[fit].mean()  # about 227,000 deals fit: its standard error is about 0.001
    reckoned = sampler.equity([mine[:2]], [Opponent(came_in=True)] * 3, mine, n=120_000)
    assert abs(reckoned[0] - whole) < 0.01, (reckoned, whole)  # its own error: about 0.002


@pytest.mark.rule("C-3")
@pytest.mark.parametrize(("pack", "others"), [(32, 5), (52, 7), (60, 9)])
def test_C3_a_full_table_s_equity_rests_on_many_shows(pack, others):
    """C-2, C-3: where few hands are left to deal the later opponents from (five others at a
    piquet pack, seven at 52 cards, nine at 60), the shows with no free fitting hand in the
    pool counted for nothing, and 1 show in 100 decided the equity (0.0 or 1.0); each show
    now deals those opponents' hands from its own cards left, so most shows count (fewer
    where every other stood pat, which few hands fit)."""
    from parlour.poker.draw_equity import Opponent, Sampler
    from parlour.poker.ranking import Ranking

    sampler = Sampler(Ranking(pack=pack), seed=1)
    mine = [int(c) for c in parse_cards("Ah Ad Kc 9s Th")]
    for who, least in ((Opponent(came_in=True), 100), (Opponent(drew=0, drawn=True), 15)):
        weight = sampler.field([who] * others, sampler.unseen(mine), 300).weight
        assert weight.sum() ** 2 / (weight**2).sum() > least  # the shows it rests on, of 300
        share = sampler.equity([mine[:2]], [who] * others, known=mine)[0]
        assert 0 < share < 0.5
