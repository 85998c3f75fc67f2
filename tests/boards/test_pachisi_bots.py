"""Pachisi players: they see only the observation, play legally, and the strong one searches."""

from __future__ import annotations

import random

import pytest

import parlour
from parlour import bots
from parlour.boards.pachisi_board import HOME, TRACK_CELL
from parlour.boards.pachisi_rules import rules_from_options
from parlour.bots.pachisi import StrongBot, strong_score, threats_for
from tests.boards.test_pachisi_engine import at, legal, position


def _choose(name: str, state, seed: int = 0) -> str:
    bot = parlour.bots.make(name, state.game, seed=seed)
    return str(bot.choose(state.observation(state.to_move), state.legal_actions()))


def test_bots_are_registered():
    game = parlour.make("pachisi")
    assert {"random", "greedy", "strong"} <= set(parlour.bots.names(game))


@pytest.mark.rule("PC-2")
def test_c4_step6_both_players_take_a_capture():
    """C.4 step 6: hitting an opponent far along its track is worth most to greedy and strong."""
    e = at(1, (0, 20))  # E's piece there has come a long way
    s = position({"S": [0, 0, 5, 17], "E": [0, 0, 0, e], "N": [0] * 4, "W": [0] * 4}, [3])
    assert e > 60 and "S17+3" in legal(s)
    assert _choose("greedy", s) == "S17+3"
    assert _choose("strong", s) == "S17+3"


@pytest.mark.rule("PC-2")
def test_strong_keeps_a_piece_out_of_reach():
    """The strong player counts the exact chance of being hit next (greedy sees a tie).

    S's piece on 40 may go 4 to 44, right in front of an E piece (hit by E's 2, 3, 4, 5 or
    6), or the S piece on 10 may go 4 to 14, where nothing can reach it."""
    e = at(1, (0, 41))
    s = position({"S": [0, 0, 10, 40], "E": [0, 0, 0, e], "N": [0] * 4, "W": [0] * 4}, [4])
    assert TRACK_CELL[1][e] == TRACK_CELL[0][41]
    assert _choose("strong", s) == "S10+4"
    risky = s.clone()
    risky.play_move(next(m for m in risky._moves() if str(m) == "S40+4"))
    safe = s.clone()
    safe.play_move(next(m for m in safe._moves() if str(m) == "S10+4"))
    bot = StrongBot(s.game)
    assert strong_score(safe, 0, bot.threats) > strong_score(risky, 0, bot.threats)


@pytest.mark.rule("PC-2")
def test_strong_brings_a_piece_home():
    """C.4 step 7: with the exact throw the strong player takes its last piece home and wins."""
    s = position({"S": [84, 84, 84, 80], "E": [30] * 4, "N": [HOME] * 4, "W": [0] * 4}, [4])
    assert _choose("strong", s) == "S80+4"


@pytest.mark.rule("PC-1")
@pytest.mark.parametrize("name", ["greedy", "strong"])
def test_players_finish_a_pachih_game_from_observations_only(name):
    """PC-1: a whole 3-player pachih game by each player; every choice is legal."""
    game = parlour.make("pachisi", players=3, rules="pachih")
    state = game.new_state(seed=1)
    bots = [parlour.bots.make(name, game, seed=s) for s in range(3)]
    while not state.is_over:
        seat = state.to_move
        legal_now = [str(a) for a in state.legal_actions()]
        action = bots[seat].choose(state.observation(seat), state.legal_actions())
        assert str(action) in legal_now
        state.apply(action)
    assert sorted(state.payoffs()) == [-1.0, -1.0, 2.0]


def test_strong_beats_random_in_short_pachih_games():
    """Measured, not timed: strong against random over 6 fixed 2-player pachih games."""
    game = parlour.make("pachisi", players=2, rules="pachih")
    points = 0.0
    for i in range(6):
        strong_seat = i % 2
        bots = {
            strong_seat: parlour.bots.make("strong", game, seed=i),
            1 - strong_seat: parlour.bots.make("random", game, seed=i),
        }
        state = game.new_state(seed=100 + i)
        while not state.is_over:
            seat = state.to_move
            state.apply(bots[seat].choose(state.observation(seat), state.legal_actions()))
        points += state.payoffs()[strong_seat] > 0
    assert points >= 5


@pytest.mark.rule("PC-2")
@pytest.mark.parametrize(
    ("ruleset", "choice"),
    [("pachisi_herklots7", "pass"), ("pachisi_herklots6", "pass"), ("pachisi_standard", "S17+2")],
)
def test_strong_sees_the_herklots_dana_and_summed_throws(ruleset, choice):
    """C.8 Herklots: a turn throws until a 2, 3 or 4 and may put several throws (and the dana's
    one step) on one piece, so one step in front of an enemy piece is in reach; under the
    standard throws no turn moves a piece one step.

    S holds a 2: S17+2 ends one step in front of an E piece (Herklots: hit by a dana, about
    a quarter of turns) and gives up S's own dana shot at it; S48+2 ends ten steps in front of
    another E piece (hit by a 10).  The old threat model (single throws, or a grace then one
    throw) saw no risk one step ahead and played S17+2 under every rule set."""
    e1, e2 = at(1, (0, 18)), at(1, (0, 40))
    home = [HOME] * 4
    pieces = {"S": [HOME, HOME, 17, 48], "E": [HOME, HOME, e1, e2], "N": home, "W": home}
    s = position(pieces, [2], ruleset=ruleset)
    assert legal(s) == ["S17+2", "S48+2", "pass"]
    assert _choose("strong", s) == choice


def test_herklots_threats_cover_sums_and_the_dana():
    """The enumerated turn: a whole turn's chance adds to 1, less the rare turns left out."""
    herklots = threats_for(rules_from_options({"ruleset": "pachisi_herklots7"}))
    standard = threats_for(rules_from_options({"ruleset": "pachisi_standard"}))
    for model in (herklots, standard):
        assert 0.998 < sum(p for p, _, _ in model.turns) <= 1.0 + 1e-9
    assert standard.chance(1 << 1) == 0.0  # no throw or pair of throws makes 1
    assert 0.2 < herklots.chance(1 << 1) < 0.35  # a dana (10, 25 or 30 thrown) makes 1
    assert herklots.chance(1 << 5) > 0.1  # 2 + 3, 4 + dana, ...: no single throw is 5
    # an E piece in the Charkoni enters by the dana and goes on with the other throws
    assert herklots.chance(0, 1 << 15) > 0.03


@pytest.mark.rule("PC-2")
def test_strong_plans_a_whole_herklots_turn_and_declines_what_would_hurt():
    """C.4 step 8, C.8 Herklots: with 25, dana, 25, dana and 3 in hand, one 25 goes on the S
    piece on 38 and the other 25 has no good use (every 25 but that one goes round again, C.4
    step 9, losing 68 steps).  The player searches every way to use its throws, passing what
    hurts; the old search used all but two of them greedily, could not decline one, and so
    passed all 56 steps."""
    pieces = {
        "S": [38, 60, 71, 84],
        "E": [5, 59, 84, 84],
        "N": [41, 76, 84, 84],
        "W": [0, 29, 84, 84],
    }
    s = position(pieces, [25, 1, 25, 1, 3], players=2, ruleset="pachisi_herklots7")
    assert "S38+25" in legal(s) and "S60+25 lap" in legal(s)
    choice = _choose("strong", s)
    assert choice != "pass" and not choice.endswith("lap")


@pytest.mark.rule("PC-2")
def test_strong_enters_with_the_cheapest_grace_in_humphries():
    """C.7 Humphries (Pachesi.lud): a piece enters only with a 10, 25 or 30, the throw is spent
    on square 1 and no throw comes again, so a piece on the board is worth the cheapest grace
    more than its steps.  With a 10 the strong player enters a piece rather than move one
    10 (the old score counted 6 for entering, as in the standard set, and moved)."""
    s = position(
        {"S": [0, 0, 0, 30], "N": [0, 0, HOME, HOME]}, [10], players=2, ruleset="humphries"
    )
    assert legal(s) == ["S0+10 grace", "S30+10", "pass"]
    assert _choose("strong", s) == "S0+10 grace"


def test_the_threat_model_is_built_when_throwing_again_is_likely():
    """With cowries that mostly fall mouth down (cowrie_p_up=0.05) nearly every throw is a
    25, a grace; the turns enumerated stop at eight throws, so the model is built at all (it
    branched without end), and it sees that a piece 25 or 50 steps ahead is all but sure to
    be hit, where with fair cowries it is not."""
    likely = threats_for(rules_from_options({"cowrie_p_up": 0.05}))
    fair = threats_for(rules_from_options({}))
    assert likely.chance(1 << 25) > 0.9 > 0.1 > fair.chance(1 << 25)
    assert likely.chance(1 << 50) > 0.9 and likely.chance(~1 & ((1 << 128) - 1)) <= 1.0


def _pachisi_choose(name: str, state, seed: int = 0, **options) -> str:
    bot = bots.make(name, state.game, seed=seed, **options)
    return str(bot.choose(state.observation(state.to_move), state.legal_actions()))


@pytest.mark.rule("PC-2")
def test_greedy_prefers_the_move_that_lands_on_a_castle():
    """Greedy: progress, "a bonus for pieces on castles": with a 3, S18+3 lands on the castle
    at 21, S30+3 on a plain square; the progress is the same.  Kills pachisi.py:72
    `score += 3.0` -> `score -= 3.0`."""
    s = position({"S": [0, 0, 18, 30], "E": [0] * 4, "N": [0] * 4, "W": [0] * 4}, [3])
    assert {"S18+3", "S30+3"} <= set(legal(s))
    assert _pachisi_choose("greedy", s) == "S18+3"


@pytest.mark.rule("PC-2")
def test_strong_counts_a_castle_as_safe_from_the_enemy_just_behind():
    """A piece on a castle cannot be hit: the strong player lands S18+3 on the castle at 21
    though an E piece stands two behind it, rather than S30+3 on a plain square.  Kills
    pachisi.py:57 `return TRACK_CELL[c][p] in CASTLES[...]` -> `return False`."""
    e = at(1, (0, 19))
    s = position({"S": [0, 0, 18, 30], "E": [0, 0, 0, e], "N": [0] * 4, "W": [0] * 4}, [3])
    assert {"S18+3", "S30+3"} <= set(legal(s))
    assert _pachisi_choose("strong", s) == "S18+3"


@pytest.mark.rule("PC-2")
def test_strong_sees_no_risk_to_doubled_pieces_where_they_are_immune():
    """Herklots (C.8): doubled pieces cannot be hit; the strong player's score then counts
    no risk for them, whatever enemy stands behind.  Kills pachisi.py:245 the
    `doubled_pieces_immune` skip removed."""

    class Never:
        def chance(self, board, entry=0):
            return 0.0

    e = at(1, (0, 28))
    home = [HOME] * 4
    s = position({"S": [HOME, HOME, 30, 30], "E": [HOME] * 3 + [e],
                          "N": home, "W": home}, [2], ruleset="pachisi_herklots7")  # fmt: skip
    threats = StrongBot(s.game).threats
    assert threats.chance(1 << 2) > 0  # the E piece two behind could reach them
    assert strong_score(s, 0, threats) == strong_score(s, 0, Never())


def test_pachisi_greedy_breaks_exact_ties_by_its_own_seed():
    """S40+4 and S50+4 score alike (no castle, no hit, equal progress): the choice between
    them is the bot's seeded coin, the same for the same seed.  Kills pachisi.py:284
    `self.rng.random() * 1e-6` -> `random.random() * 1e-6` (the unseeded module generator)."""
    s = position({"S": [0, 0, 40, 50], "E": [0] * 4, "N": [0] * 4, "W": [0] * 4}, [4])
    first = [_pachisi_choose("greedy", s, seed=k) for k in range(10)]
    assert len(set(first)) == 2  # a real tie
    assert first == [_pachisi_choose("greedy", s, seed=k) for k in range(10)]


@pytest.mark.rule("PC-2")
def test_strong_searches_the_throw_to_come_at_its_default_depth():
    """Two players, seed 1, after S's first move: S holds a 6 (a throw that comes again) with
    a piece on 6.  Searching the throw to come (depth 2, the default) it enters a second piece
    with the 6 as grace; at depth 1 (no chance node) it moves the piece on 6.  Kills
    pachisi.py:343 `self._expect(state, side, self.depth - 1)` -> `self.depth - 2` (the
    default player searched one decision short, as depth 1 does)."""
    game = parlour.make("pachisi", players=2)
    state = game.new_state(seed=1)
    state.apply(random.Random(1).choice(state.legal_actions()))
    obs, legal = state.observation(state.to_move), state.legal_actions()
    assert obs["pieces"]["S"] == [0, 0, 0, 6] and obs["throws"] == [6] and obs["again"]
    assert sorted(str(a) for a in legal) == ["S0+6 grace", "S6+6", "pass"]
    choose = {d: str(bots.make("strong", game, seed=1, depth=d).choose(obs, legal)) for d in (1, 2)}
    assert choose == {1: "S6+6", 2: "S0+6 grace"}
    assert str(bots.make("strong", game, seed=1).choose(obs, legal)) == "S0+6 grace"


@pytest.mark.parametrize("depth", [0, 4, 12])
def test_strong_refuses_a_depth_outside_1_to_3_naming_it(depth):
    """Depth 0 played as depth 1 (both finish the turn by the leaf score), and depth 4 took
    half a minute a game, 12 without end in sight: each is refused, naming the range."""
    with pytest.raises(parlour.GameOptionError, match=rf"depth must be 1 to 3, not {depth}"):
        bots.make("strong", parlour.make("pachisi"), depth=depth)
    assert bots.make("strong", parlour.make("pachisi"), depth=3).depth == 3


def test_simulate_names_a_bad_depth_without_a_traceback():
    from typer.testing import CliRunner

    from parlour.cli import app

    result = CliRunner().invoke(
        app, ["simulate", "pachisi", "--bots", "strong", "--games", "1", "--bot-option", "depth=0"]
    )
    assert result.exit_code == 2 and "depth must be 1 to 3, not 0" in " ".join(
        result.output.split()
    )
