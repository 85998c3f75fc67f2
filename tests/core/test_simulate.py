"""``parlour simulate`` and :mod:`parlour.simulate`: bots against bots over many games."""

from __future__ import annotations

import io
import json
import math
import os
import random
import signal
import statistics
from collections.abc import Sequence
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from typer.testing import CliRunner

import parlour
import parlour.simulate as simulate_module
from parlour.bots import Bot, register
from parlour.cli import app
from parlour.game import Game, GameOptionError, State
from parlour.game import register as register_game
from parlour.poker.sitting import SittingRules
from parlour.simulate import (
    bot_options_for,
    derived_seed,
    labels,
    play_game,
    play_sitting,
    seats_for,
    simulate,
    wilson,
)
from tests.core import kuhn  # noqa: F401  (registers "kuhn-test")
from tests.core.stopping import HalfWritten, stopped


class _PickState(State):
    """Each seat in turn says a number 1..3 and is paid it: a bot's payoff is its own number."""

    def __init__(self, game: Game, rng: random.Random, script: Any = None) -> None:
        super().__init__(game, rng, script)
        self.said: list[int] = []

    @property
    def to_move(self) -> int | None:
        return None if self.is_over else len(self.said)

    @property
    def is_over(self) -> bool:
        return len(self.said) == self.game.num_players

    def legal_actions(self) -> list[str]:
        return ["1", "2", "3"]

    def _apply(self, action: Any) -> None:
        self.said.append(int(str(action)))

    def _payoffs(self) -> list[float]:
        return [float(n) for n in self.said]

    def _observe(self, seat: int) -> dict[str, Any]:
        return {"seat": seat, "said": list(self.said)}


@register_game("pick-test")
class _Pick(Game):
    state_class = _PickState
    min_players, max_players = 1, 4


for _number in (1, 2, 3):

    @register("pick-test", f"says{_number}")
    class _Says(Bot):
        number = _number

        def choose(self, observation: dict[str, Any], legal: Sequence[Any]) -> Any:
            return str(self.number)


def test_every_entrant_is_credited_its_own_payoff_as_the_seats_turn() -> None:
    """greedy beats random at meusueb from either seat; credited by seat, not by bot, the two
    seats' results would mix and greedy's mean fall to about zero."""
    run = simulate(parlour.make("meusueb"), ["greedy", "random"], games=20, seed=5)
    greedy, random_bot = run.results
    assert (greedy.label, random_bot.label) == ("greedy", "random")
    assert greedy.mean > 0.7 and greedy.top_share > 0.8
    assert greedy.mean == pytest.approx(-random_bot.mean)


@pytest.mark.parametrize("rotate", [True, False])
def test_three_bots_are_each_credited_their_own_payoff_whatever_their_seat(rotate: bool) -> None:
    game = parlour.make("pick-test", players=3)
    run = simulate(game, ["says3", "says1", "says2"], games=7, rotate=rotate)
    assert [r.mean for r in run.results] == [3, 1, 2]
    assert [r.top_share for r in run.results] == [1, 0, 0]
    assert [r.decisions for r in run.results] == [1, 1, 1] and run.actions == 3


@pytest.mark.parametrize("jobs", [1, 2])
def test_progress_is_told_each_game_finished_in_order(jobs: int) -> None:
    told: list[int] = []
    simulate(parlour.make("stud-poker"), ["random"], games=5, jobs=jobs, progress=told.append)
    assert told == [1, 2, 3, 4, 5]


def _interrupted_at(monkeypatch, game_index: int) -> None:
    """Make the run's game number ``game_index`` (from 0) meet a Ctrl-C."""
    play = simulate_module._play_job

    def play_or_stop(job):
        if job.index == game_index:
            raise KeyboardInterrupt
        return play(job)

    monkeypatch.setattr(simulate_module, "_play_job", play_or_stop)


def test_a_run_interrupted_measures_the_games_played_and_says_so(monkeypatch) -> None:
    """Ctrl-C lost every game a run had played: nothing was printed.  The games played are
    measured, exactly as a run of that many, and the run says it was cut short."""
    whole = simulate(parlour.make("stud-poker"), ["book", "random"], games=3, seed=5)
    _interrupted_at(monkeypatch, 3)
    cut = simulate(parlour.make("stud-poker"), ["book", "random"], games=10, seed=5)
    assert cut.interrupted and not whole.interrupted
    assert (cut.games, cut.asked) == (3, 10)
    figures = [[(r.games, r.mean, r.se, r.top_share) for r in run.results] for run in (cut, whole)]
    assert figures[0] == figures[1]  # (the CPU seconds differ, run to run)
    shown = CliRunner().invoke(app, ["simulate", "stud-poker", "--bots", "book,random",
                                     "--games", "10", "--seed", "5"])  # fmt: skip
    assert shown.exit_code == 130
    assert "Interrupted: these figures are of the first 3 of the 10 games" in shown.output
    assert "3 games of stud-poker" in shown.output
    raw = CliRunner().invoke(app, ["simulate", "stud-poker", "--games", "10", "--json"])
    assert raw.exit_code == 130 and json.loads(raw.output)["interrupted"] is True
    _interrupted_at(monkeypatch, 0)  # before any game ended: the interruption goes on
    with pytest.raises(KeyboardInterrupt):
        simulate(parlour.make("stud-poker"), ["random"], games=10)


def test_a_run_killed_or_hung_up_reports_the_games_played_as_ctrl_c_does(monkeypatch) -> None:
    """SIGTERM or SIGHUP (the terminal closed) ended a run at once: no figures, and the
    records of a --save run stopped without a word.  Each stops it as Ctrl-C does, and the
    handler there before is put back."""
    play = simulate_module._play_job

    def killed(signum: int, frame: object) -> None:  # stands for the process dying
        raise AssertionError(f"signal {signum} was not taken as Ctrl-C")

    for signum in (signal.SIGTERM, signal.SIGHUP):

        def play_or_kill(job: Any, signum: int = signum) -> Any:
            if job.index == 3:
                os.kill(os.getpid(), signum)
            return play(job)

        monkeypatch.setattr(simulate_module, "_play_job", play_or_kill)
        before = signal.signal(signum, killed)
        try:
            shown = CliRunner().invoke(app, ["simulate", "stud-poker", "--games", "10"])
            assert signal.getsignal(signum) is killed
        finally:
            signal.signal(signum, before)
        assert shown.exit_code == 128 + signum, shown.output  # as the shell gives a kill
        assert "first 3 of the 10 games" in shown.output


def test_runs_with_nearby_seeds_deal_different_games() -> None:
    game = parlour.make("poker-patience")
    deals = {
        (seed, g): game.new_state(seed=derived_seed(seed, g)).observation(0)["card"]
        for seed in (0, 1)
        for g in range(12)
    }
    firsts = [deals[0, g] for g in range(1, 12)]
    assert firsts != [deals[1, g - 1] for g in range(1, 12)]  # not the same deals shifted
    one = simulate(game, ["fast"], games=1, seed=2).results[0]
    assert one.se is None and one.top_interval[1] == 1


def test_chips_are_conserved_bot_by_bot_and_game_by_game() -> None:
    game = parlour.make("draw-poker", players=3)
    for index in range(30):
        played = play_game(game, ["book", "random", "random"], 11, True, index)
        assert sum(played.payoffs) == 0
        assert sum(played.decisions) == played.actions > 0
        pairs = zip(played.slowest, played.seconds, strict=True)
        assert all(0 <= slow <= spent for slow, spent in pairs)
    run = simulate(game, ["book", "random", "random"], games=30, seed=11)
    assert sum(r.mean for r in run.results) == pytest.approx(0)
    assert [r.label for r in run.results] == ["book", "random#1", "random#2"]


def test_each_bot_sits_in_every_seat_equally_when_the_seats_turn() -> None:
    seats = [seats_for(g, 3, rotate=True) for g in range(9)]
    for entrant in range(3):
        assert sorted(s[entrant] for s in seats) == [0, 0, 0, 1, 1, 1, 2, 2, 2]
    assert all(seats_for(g, 3, rotate=False) == [0, 1, 2] for g in range(9))


def test_a_run_repeats_exactly_whatever_the_number_of_processes() -> None:
    game = parlour.make("stud-poker", players=3, ante=2)

    def figures(jobs: int) -> list[tuple[float, float]]:
        run = simulate(game, ["book", "random", "random"], games=12, seed=4, jobs=jobs)
        return [(r.mean, r.top_share) for r in run.results]

    assert figures(1) == figures(2)
    other = simulate(game, ["book", "random", "random"], games=12, seed=5)
    assert figures(1) != [(r.mean, r.top_share) for r in other.results]


def test_one_bot_named_plays_every_seat_and_a_wrong_count_is_refused() -> None:
    run = simulate(parlour.make("poker-patience", players=2), ["fast"], games=3, seed=0)
    assert [r.label for r in run.results] == ["fast#1", "fast#2"]
    # with two players the payoff is the settlement (PP-6): what one wins the other pays
    assert run.results[0].mean == pytest.approx(-run.results[1].mean)
    alone = simulate(parlour.make("poker-patience"), ["fast"], games=3, seed=0)
    assert [r.label for r in alone.results] == ["fast"] and alone.results[0].mean > 20
    with pytest.raises(GameOptionError, match="played by 3"):
        simulate(parlour.make("draw-poker", players=3), ["book", "random"], games=1)
    with pytest.raises(GameOptionError, match="no bot 'nobot'"):
        simulate(parlour.make("pachisi", players=2), ["nobot", "random"], games=1)


def test_cli_prints_each_bot_and_json_that_parses() -> None:
    runner = CliRunner()
    shown = runner.invoke(app, ["simulate", "stud-poker", "--bots", "book,random", "--games", "8"])
    assert shown.exit_code == 0, shown.output
    assert "8 games of stud-poker" in shown.output and "book" in shown.output
    raw = runner.invoke(
        app, ["simulate", "jackpots", "--bots", "book", "--players", "4", "--games", "5", "--json"]
    )
    assert raw.exit_code == 0, raw.output
    data = json.loads(raw.output)
    assert data["options"]["players"] == 4 and data["bots"] == ["book"] * 4
    assert [r["label"] for r in data["results"]] == [f"book#{i}" for i in range(1, 5)]
    assert sum(r["mean"] for r in data["results"]) == pytest.approx(0)


def test_options_reach_the_bots_named_by_name_or_label() -> None:
    game = parlour.make("poker-patience", players=2)
    run = simulate(game, ["strong"], games=1, bot_options={"rollouts": 20, "strong#2.width": 2})
    assert run.bot_options == [{"rollouts": 20}, {"rollouts": 20, "width": 2}]
    with pytest.raises(GameOptionError, match="'width'"):
        simulate(parlour.make("poker-patience"), ["fast"], games=1, bot_options={"width": 2})
    again = simulate(game, ["strong"], games=1, bot_options=run.bot_options)  # as reported
    assert again.bot_options == run.bot_options
    assert [r.mean for r in again.results] == [r.mean for r in run.results]
    with pytest.raises(GameOptionError, match="a list of 2 dicts"):  # was an AttributeError
        simulate(game, ["strong"], games=1, bot_options=[{"rollouts": 20}])


def test_cli_refuses_bad_bots_and_options_by_name() -> None:
    runner = CliRunner()
    for args, message in (
        (["pachisi", "--bots", "nobot,random"], "no bot 'nobot'"),
        (["draw-poker", "--bots", "book,random", "--players", "3"], "played by 3"),
        (["draw-poker", "--bots", "book,random", "--bot-option", "x.y=1"], "no bot 'x'"),
        (["poker-patience", "--bots", "strong", "--bot-option", "strong.wrok=1"], "'wrok'"),
        (["draw-poker", "--bots", "book,random", "--rule", "ante=-1"], "ante"),
        (["draw-poker", "--bots", "book,random", "--rule", "ante=--5"], "ante"),  # not int()
        (["draw-poker", "--bots", "book,random", "--rule", "players=3"], "--players"),
        (["draw-poker", "--bots", "book,random", "--bot-option", "seed=3"], "seed itself"),
        (
            ["draw-poker", "--bots", "book,random", "--jobs", "0"],
            "--jobs must be at least 1, not 0",
        ),
        (["draw-poker", "--bots", "book,random", "--max-actions", "0"], "--max-actions must be"),
        (["draw-poker", "--bots", "book,,random"], "name is missing between the commas"),
    ):
        result = runner.invoke(app, ["simulate", *args, "--games", "1"])
        assert result.exit_code == 2, (args, result.output)
        assert message in " ".join(result.output.split()), (args, result.output)


def test_a_sitting_conserves_chips_and_credits_each_bot_its_own_bankroll() -> None:
    """J-1, J-7, D-1: sittings of Progressive Jack-Pots with bankrolls; book beats three random
    players from whichever seat it starts.  Credited by seat, not by name, the book player's
    gain would be spread over all four."""
    rules = SittingRules(deals=15, bankroll=40, game="jackpots", options={"progressive": True})
    bots = ["book", "random", "random", "random"]
    for index in range(8):
        played = play_sitting(rules, bots, 3, True, index)
        assert sum(played.payoffs) == 0 and min(played.payoffs) >= -40
        assert sum(played.decisions) == played.actions > 0
    game = parlour.make("jackpots", players=4, progressive=True)
    # 32 sittings: random players no longer give away their antes by dropping before the
    # pot is opened (J-5), so the book's edge is smaller than it was and needs more deals
    run = simulate(game, bots, games=32, seed=3, sitting=SittingRules(deals=15, bankroll=40))
    book, *randoms = run.results
    assert book.mean > 3 * book.se and all(r.mean < book.mean for r in randoms)
    assert sum(r.mean for r in run.results) == pytest.approx(0)
    assert run.sitting is not None and run.sitting["options"]["progressive"] is True
    assert "stacks" not in run.sitting["options"]  # the sitting sets each deal's stacks
    assert run.sitting["options"]["pack"] == 0  # C-3: chosen deal by deal as players leave


def test_cli_plays_sittings_and_refuses_what_a_sitting_cannot_take() -> None:
    runner = CliRunner()
    args = ["simulate", "draw-poker", "--bots", "book,random,random", "--games", "3"]
    sat = ["--sitting", "6", "--sitting-rule", "bankroll=30", "--sitting-rule", "jackpot_every=2"]
    raw = runner.invoke(app, [*args, *sat, "--sitting-rule", "jackpot.openers=Q", "--json"])
    assert raw.exit_code == 0, raw.output
    data = json.loads(raw.output)
    assert data["sitting"]["deals"] == 6 and data["sitting"]["bankroll"] == 30
    assert data["sitting"]["jackpot_options"] == {"openers": "Q"}
    assert sum(r["mean"] for r in data["results"]) == pytest.approx(0)
    shown = runner.invoke(app, [*args, *sat])
    assert "3 sittings of 6 deals of draw-poker" in shown.output
    for extra, message in (
        (["--sitting-rule", "buck=true"], "needs --sitting"),
        (["--sitting", "6", "--sitting-rule", "deals=3"], "takes it from the command"),
        (["--sitting", "6", "--sitting-rule", "bankroll=x"], "bankroll"),
        (["--sitting", "6", "--sitting-rule", "jackpot.openerz=Q"], "'openerz'"),
        (["--sitting", "6", "--sitting-rule", "dealer_moves=right"], "dealer_moves"),
        (["--sitting", "6", "--rule", "stacks=40,40,40"], "--rule stacks: a sitting sets"),
        (["--sitting", "6", "--rule", "dealer=1"], "--rule dealer: a sitting sets"),
        (["--sitting", "6", "--rule", "carry=1,1,1"], "--rule carry: a sitting sets"),
        (["--sitting", "6", "--sitting-rule", "jackpot.carry=9,9,9"], "jackpot.carry: a sit"),
        (["--sitting", "6", "--sitting-rule", "jackpot.dealer=2"], "jackpot.dealer: a sit"),
        (["--sitting", "6", "--sitting-rule", "jackpot.players=3"], "jackpot.players: a sit"),
        (["--sitting", "-3"], "--sitting takes a number of deals (0: single deals), not -3"),
        (["--sitting", "6", "--sitting-rule", "bankroll=-5"], "bankroll must be a whole number"),
        (["--sitting", "6", "--sitting-rule", "jackpot_every=-2"], "jackpot_every must be a w"),
        (["--sitting", "6", "--sitting-rule", "jackpot.progressive=maybe"], "(jackpot.KEY): op"),
    ):
        result = runner.invoke(app, [*args, *extra])
        assert result.exit_code == 2 and message in " ".join(result.output.split()), extra
    board = runner.invoke(app, ["simulate", "meusueb", "--bots", "greedy", "--sitting", "4"])
    assert board.exit_code == 2 and "draw-poker or jackpots" in board.output


def test_a_sitting_refuses_the_options_it_sets_deal_by_deal_from_python_too() -> None:
    """J-4, R4.9: a sitting carries the redeal count and an ante for all from deal to deal;
    given as the game's own they were dropped, or (antes) paid by seat 0 every deal."""
    for options in ({"redeal": 3, "progressive": True}, {"antes": (3, 0, 0)}):
        game = parlour.make("jackpots", players=3, **options)
        with pytest.raises(GameOptionError, match="a sitting sets these deal by deal"):
            simulate(game, ["book"], games=1, sitting=SittingRules(deals=2))
    plain = simulate(parlour.make("jackpots", players=3), ["book"], games=1,
                     sitting=SittingRules(deals=2))  # fmt: skip
    assert plain.sitting is not None and "redeal" not in plain.sitting["options"]


def test_an_unknown_sitting_rule_lists_only_the_agreements_a_user_may_make() -> None:
    """`--sitting-rule nosuch=1` listed deals, game, options and jackpot_options among the
    keys, though each is then refused as taken from the command."""
    args = ["simulate", "draw-poker", "--sitting", "2", "--sitting-rule", "nosuch=1"]
    result = CliRunner().invoke(app, args)
    shown = " ".join(result.output.split())
    assert result.exit_code == 2 and "--sitting-rule nosuch: no such agreement" in shown
    listed = shown.partition("agreements are: ")[2].split(", ")
    assert "jackpot_every" in listed and not {"deals", "game", "options"} & set(listed)
    assert not any(key.startswith("jackpot_options") for key in listed)


class _Raiser(Bot):
    """Raises the limit at every turn: two of them raise each other for ever (no stacks)."""

    def choose(self, observation: dict[str, Any], legal: Sequence[Any]) -> Any:
        raises = [a for a in legal if str(a).startswith(("raise", "bet"))]
        return raises[-1] if raises else legal[0]


def test_a_game_that_never_ends_stops_the_run_at_max_actions_naming_it(monkeypatch) -> None:
    """Two bots that re-raise without end: the run stops at the cap with an error that names
    it, rather than running for hours (each observation carries the deal's whole log)."""
    import parlour.bots
    from parlour.simulate import SimulationError

    parlour.bots._load("draw-poker")  # its own bots first, then this one beside them
    monkeypatch.setitem(parlour.bots._BOTS, ("draw-poker", "raiser-test"), _Raiser)

    with pytest.raises(SimulationError, match=r"game 0 not over after 300 actions \(max_actions"):
        simulate("draw-poker", ["raiser-test", "raiser-test"], games=1, max_actions=300)
    with pytest.raises(GameOptionError, match="max_actions must be at least 1"):
        simulate("draw-poker", ["random", "random"], games=1, max_actions=0)


def test_a_run_saves_every_game_s_record_for_replay(tmp_path) -> None:
    """Bots' games could not be saved from the command line (play refuses --humans 0); a
    run now writes each record, a sitting's deal by deal, each seat named by its bot."""
    from parlour.game import load_record

    run = simulate(parlour.make("meusueb"), ["greedy", "random"], games=3, seed=1,
                   save=tmp_path / "runs")  # fmt: skip
    files = sorted((tmp_path / "runs").iterdir())
    assert [f.name for f in files] == [f"meusueb-000{g}.json" for g in (1, 2, 3)]
    for g, file in enumerate(files):
        _, state, record = load_record(file.read_text())  # replays to the payoffs saved
        assert state.is_over and record["names"] == {str(seats_for(g, 2, True)[0]): "greedy",
                                   str(seats_for(g, 2, True)[1]): "random"}  # fmt: skip
    payoffs = [json.loads(f.read_text())["payoffs"] for f in files]
    greedy_mean = sum(p[seats_for(g, 2, True)[0]] for g, p in enumerate(payoffs)) / 3
    assert greedy_mean == pytest.approx(run.results[0].mean)
    sat = CliRunner().invoke(app, ["simulate", "draw-poker", "--bots", "book,random",
                                   "--games", "2", "--sitting", "2", "--save",
                                   str(tmp_path / "sat")])  # fmt: skip
    assert sat.exit_code == 0, sat.output
    names = sorted(f.name for f in (tmp_path / "sat").iterdir())
    assert names[:2] == ["draw-poker-0001-deal-1.json", "draw-poker-0001-deal-2.json"]
    again = CliRunner().invoke(app, ["simulate", "meusueb", "--games", "1", "--save",
                                     str(tmp_path / "runs")])  # fmt: skip
    assert again.exit_code == 2 and "holds files already" in again.output  # none overwritten


def test_a_run_saving_to_a_file_or_device_is_refused_naming_save(tmp_path, monkeypatch) -> None:
    """``--save`` naming a file or a device (/dev/null) was refused as "cannot make the
    folder /dev/null: File exists", as if a folder could be made there.  It is refused as
    no folder, before any game is played, and nothing is written beside it."""
    monkeypatch.chdir(tmp_path)  # a short name, not wrapped in the message
    record = Path("record.json")
    record.write_text("kept")
    for path in (record, Path(os.devnull)):
        said = CliRunner().invoke(app, ["simulate", "meusueb", "--games", "1", "--save",
                                        str(path)])  # fmt: skip
        assert said.exit_code == 2
        said_once = " ".join(said.output.split())  # as one line, however it was wrapped
        assert f"save: {path} is not a folder: name a new folder" in said_once
    assert record.read_text() == "kept" and [p.name for p in tmp_path.iterdir()] == ["record.json"]


def test_a_negative_seed_is_refused_by_simulate_as_by_play_naming_seed(tmp_path, monkeypatch):
    """``parlour simulate --seed -1`` ran while ``parlour play --seed -1`` was refused (a game
    deals -n as n, numpy refuses it) with a message naming no flag.  Both refuse it naming
    --seed, and so does simulate() naming its seed."""
    monkeypatch.chdir(tmp_path)  # a game played would be saved under ./games
    with pytest.raises(GameOptionError, match="seed must be 0 or more, not -1"):
        simulate("meusueb", "random", games=1, seed=-1)
    for command in (["simulate", "meusueb", "--games", "1"], ["play", "meusueb"],
                    ["play", "draw-poker"], ["play", "poker-patience"]):  # fmt: skip
        said = CliRunner().invoke(app, [*command, "--seed", "-1"], input="q\n")
        assert said.exit_code == 2, (command, said.output)
        assert "--seed must be 0 or more, not -1" in said.output, command
    assert not (tmp_path / "games").exists()  # refused before any game began


def _interrupted_writing(monkeypatch, nth: int) -> None:
    """Make the ``nth`` file opened for writing (from 1) take half its text, then meet a
    Ctrl-C, as one pressed while a record is being written."""
    real_open, opened = io.open, 0

    def open_(file: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        nonlocal opened
        handle = real_open(file, mode, *args, **kwargs)
        opened += "w" in mode
        return HalfWritten(handle, KeyboardInterrupt()) if "w" in mode and opened == nth else handle

    monkeypatch.setattr(io, "open", open_)


@pytest.mark.parametrize(("sitting", "nth", "saved"), [
    (None, 3, ["meusueb-0001.json", "meusueb-0002.json"]),
    ({"deals": 2}, 4, ["draw-poker-0001-deal-1.json", "draw-poker-0001-deal-2.json"]),
])  # fmt: skip
def test_a_run_interrupted_while_saving_counts_only_the_games_saved_whole(
    tmp_path, monkeypatch, sitting, nth, saved
) -> None:
    """Ctrl-C while a record was written left it half-written, and the run counted that game
    as played: one more than the records saved.  A record is written whole or not at all (a
    temporary file, renamed), a sitting's deals too, and only the games saved are measured."""
    game = "draw-poker" if sitting else "meusueb"
    _interrupted_writing(monkeypatch, nth)
    run = simulate(game, "random", games=5, seed=1, sitting=sitting, save=tmp_path / "runs")
    files = sorted((tmp_path / "runs").iterdir())
    assert [f.name for f in files] == saved  # no half-written record, no temporary file
    assert all(json.loads(f.read_text())["game"] == game for f in files)
    assert (run.games, run.asked) == (len(saved) // (2 if sitting else 1), 5)


def test_a_huge_run_makes_each_game_s_job_as_it_is_played(monkeypatch) -> None:
    """Every game's job was made before the first was played: ``--games 1000000000`` sat
    building a billion of them, out of memory, before a game was played or a Ctrl-C could
    report one.  They are made one by one as the games are played."""
    made: list[Any] = []
    job = simulate_module._Job

    def counted(*args: Any) -> Any:
        made.append(job(*args))
        return made[-1]

    def stop(done: int) -> None:
        if done == 3:
            raise KeyboardInterrupt

    monkeypatch.setattr(simulate_module, "_Job", counted)
    run = simulate("meusueb", "random", games=10_000, progress=stop)
    assert (run.games, run.asked) == (3, 10_000)
    assert len(made) <= 4  # the games played, and perhaps the next


def test_a_bot_raising_stop_iteration_stops_the_run_by_name(own_bots) -> None:
    """``next()`` on an empty choice inside a bot ended the loop over the games as if all were
    played: the run then failed on an empty mean, naming nothing."""
    from parlour.simulate import SimulationError

    class Lost(Bot):
        def choose(self, observation: dict[str, Any], legal: Sequence[Any]) -> Any:
            return next(a for a in legal if str(a) == "no such move")

    register("meusueb", "lost")(Lost)
    with pytest.raises(SimulationError, match=r"the bot at seat 0 \(lost\) raised StopIteration$"):
        simulate(parlour.make("meusueb"), ["lost", "random"], games=2)


# simulate.py:141, `":".join(...)` -> `"".join(...)` (run 1 game 23 is run 12 game 3)
def test_derived_seeds_of_different_parts_differ_even_when_their_digits_run_together():
    assert derived_seed(1, 23) != derived_seed(12, 3)
    assert derived_seed(1, 2, 3) != derived_seed(12, 3) != derived_seed(123)


# simulate.py:177, `max(centre - half, 0.0), min(centre + half, 1.0)`
# -> `centre - half, centre + half`
def test_a_top_share_interval_stays_between_0_and_1():
    for n in (1, 2, 5, 10, 37):
        for share in (0.0, 1.0):
            low, high = wilson(share, n)
            assert 0.0 <= low <= share <= high <= 1.0


# simulate.py:189, `sorted(options.items(), key=...count("#"))` -> `options.items()`
def test_a_labels_option_overrides_its_bots_whatever_order_they_are_given_in():
    given = {"strong#2.width": 4, "strong.width": 2}  # the label first
    assert bot_options_for(["strong", "strong"], given) == [{"width": 2}, {"width": 4}]


def _seeds_given(monkeypatch) -> list[tuple[str, int]]:
    made: list[tuple[str, int]] = []
    real = simulate_module.bots_module.make

    def make(name, game, seed=None, **options):
        made.append((name, seed))
        return real(name, game, seed=seed, **options)

    monkeypatch.setattr(simulate_module.bots_module, "make", make)
    return made


# simulate.py:236, bot seed `derived_seed(seed, game_index, entrant)` -> `(..., seat)`
def test_each_bot_is_seeded_from_the_run_the_game_and_its_entrant_not_its_seat(monkeypatch):
    made = _seeds_given(monkeypatch)
    game = parlour.make("pick-test", players=3)
    play_game(game, ["says1", "says2", "says3"], 7, True, 1)  # game 1: every seat turned
    assert sorted(made) == [(f"says{e + 1}", derived_seed(7, 1, e)) for e in range(3)]


# simulate.py:242, `new_state(seed=derived_seed(seed, game_index))` -> `derived_seed(seed, 0)`
def test_each_game_of_a_run_is_dealt_from_its_own_seed():
    game = parlour.make("draw-poker", players=3)
    firsts = []
    for index in range(3):
        played = play_game(game, ["random"] * 3, 5, True, index, keep=True)
        first = played.records[0]["history"][0]
        assert first == game.new_state(seed=derived_seed(5, index)).history[0]
        firsts.append(first)
    assert firsts[0] != firsts[1] != firsts[2]


# simulate.py:268, `table[seat] = names[entrant]` -> `table[entrant] = names[entrant]`
def test_a_sittings_bots_turn_one_seat_a_sitting():
    rules = SittingRules(deals=1, bankroll=20)
    bots = ["book", "random", "random"]
    for index in range(3):
        played = play_sitting(rules, bots, 2, True, index, keep=True)
        seated = played.records[0]["names"]
        for entrant, seat in enumerate(seats_for(index, 3, True)):
            assert seated[str(seat)] == labels(bots)[entrant]


def _fake_clock(monkeypatch, long_every: int) -> None:
    """CPU time that says every ``long_every``-th decision took 10 s and the rest 1 s."""
    calls = {"n": 0, "t": 0.0}

    def process_time() -> float:
        calls["n"] += 1
        if calls["n"] % 2 == 0:  # a decision's end
            decision = calls["n"] // 2
            calls["t"] += 10.0 if decision % long_every == 1 else 1.0
        return calls["t"]

    monkeypatch.setattr(simulate_module, "time", SimpleNamespace(process_time=process_time))


# simulate.py:323, `max(tally.slowest[entrant], took)` -> `took` (the last, not the slowest)
# Tally.plus, `map(max, self.slowest, played.slowest)` -> `played.slowest` (the last game's)
def test_the_slowest_decision_is_the_longest_of_all_the_games(monkeypatch):
    _fake_clock(monkeypatch, long_every=1000)  # only the first decision of the run is slow
    game = parlour.make("meusueb")
    played = [play_game(game, ["random", "random"], 1, False, g) for g in range(2)]
    assert played[0].slowest[0] == 10.0 and played[0].slowest[1] == 1.0
    assert played[1].slowest == [1.0, 1.0]
    tally = simulate_module.Tally.empty(2)
    for one in played:
        tally = tally.plus(one, 0.0)
    assert tally.result(0, "random#1").slowest == 10.0


# simulate.py:373, `{"players": len(bots)} if len(bots) > 1 else {}` dropped
def test_a_game_named_by_its_name_seats_one_player_a_bot():
    run = simulate("draw-poker", ["random", "random", "random"], games=1, seed=1)
    assert run.options["players"] == 3 and len(run.results) == 3


# Tally.result, `_sqrt(deviations / (n - 1)) / math.sqrt(n)` -> `/ n` (pstdev) or `/ n` for the root
def test_the_standard_error_is_the_sample_deviation_over_the_root_of_the_games(tmp_path):
    run = simulate("kuhn-test", ["random", "random"], games=12, seed=3, save=tmp_path / "r")
    payoffs = [json.loads(f.read_text())["payoffs"]
               for f in sorted((tmp_path / "r").iterdir())]  # fmt: skip
    first = [p[seats_for(g, 2, True)[0]] for g, p in enumerate(payoffs)]
    assert len(set(first)) > 1
    assert run.results[0].se == pytest.approx(statistics.stdev(first) / math.sqrt(12))


# simulate, `actions=tally.mean(tally.actions)` -> the last game's actions
def test_the_actions_a_game_are_the_mean_over_the_games(tmp_path):
    run = simulate("kuhn-test", ["random", "random"], games=12, seed=3, save=tmp_path / "r")
    counts = [sum("action" in e for e in json.loads(f.read_text())["history"])
              for f in (tmp_path / "r").iterdir()]  # fmt: skip
    assert len(set(counts)) > 1 and run.actions == pytest.approx(sum(counts) / 12)


# simulate.py:394, the up-front `Sitting(labels(bots), SittingRules(**table))` dropped
# simulate.py:385, the up-front `bots_module.make(name, game, seed=0, **options)` dropped
@pytest.mark.parametrize(
    ("bots", "bot_options", "sitting", "complaint"),
    [
        (["random"], None, SittingRules(deals=2, dealer_moves="right"), "dealer_moves"),
        (["strong"], {"wrok": 3}, None, "'wrok'"),
    ],
)
def test_a_run_refuses_bad_agreements_and_bot_options_before_making_its_folder(
    tmp_path, bots, bot_options, sitting, complaint
):
    game = parlour.make("poker-patience" if bot_options else "draw-poker", players=2)
    with pytest.raises(GameOptionError, match=complaint):
        simulate(game, bots, games=1, bot_options=bot_options, sitting=sitting,
                 save=tmp_path / "runs")  # fmt: skip
    assert not (tmp_path / "runs").exists()


# simulate.py:380, `("games", games)` dropped from the checked counts
def test_a_run_of_no_games_is_refused_by_name():
    with pytest.raises(GameOptionError, match="games must be at least 1, not 0"):
        simulate("kuhn-test", ["random"], games=0)
    result = CliRunner().invoke(app, ["simulate", "kuhn-test", "--games", "0"])
    assert result.exit_code == 2 and "--games must be at least 1, not 0" in result.output


# simulate.py:280, bot seed `derived_seed(seed, index, e, sitting.deal_no)` -> `(seed, index, e)`
def test_a_sittings_bots_are_seeded_afresh_for_every_deal(monkeypatch):
    made = _seeds_given(monkeypatch)
    play_sitting(SittingRules(deals=3, bankroll=50), ["random", "random"], 4, True, 0)
    deals = len(made) // 2
    assert deals >= 2
    for entrant in range(2):
        seeds = [seed for _, seed in made[entrant::2]]
        assert seeds == [derived_seed(4, 0, entrant, d) for d in range(deals)]


class _Dumb(Bot):
    """Plays a move no board has: the rules refuse it."""

    def choose(self, observation: dict[str, Any], legal: Sequence[Any]) -> Any:
        return "N9"


class _Broken(Bot):
    """Fails inside its own code."""

    def choose(self, observation: dict[str, Any], legal: Sequence[Any]) -> Any:
        raise ValueError("my table is empty")


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_bot_that_plays_illegally_or_fails_stops_the_run_naming_game_seat_and_bot(
    own_bots, jobs: int
) -> None:
    """A bot's illegal action or its own error came out bare: no game, seat or bot named,
    among many games of several bots.  Now a SimulationError says which, the bot's error
    chained to it (and told in it, as a worker process sends back only the message)."""
    from parlour.game import IllegalAction
    from parlour.simulate import SimulationError

    register("meusueb", "dumb")(_Dumb)
    register("meusueb", "broken")(_Broken)
    with pytest.raises(SimulationError) as illegal:
        simulate("meusueb", ["random", "dumb"], games=2, jobs=jobs)
    assert illegal.match(r"^meusueb: game [01]: the bot at seat [01] \(dumb\) chose an illegal "
                         r"action: 'N9' names no meusuëb move")  # fmt: skip
    with pytest.raises(SimulationError) as failed:
        simulate("meusueb", ["broken", "broken"], games=2, jobs=jobs)
    assert failed.match(r"^meusueb: game 0: the bot at seat 0 \(broken#1\) raised ValueError: "
                        r"my table is empty$")  # fmt: skip
    if jobs == 1:  # the bot's own error is chained (a worker's comes back as a traceback)
        assert isinstance(illegal.value.__cause__, IllegalAction)
        assert isinstance(failed.value.__cause__, ValueError)


def test_simulate_reads_a_bare_bot_name_as_one_bot_for_every_seat_and_refuses_bad_types():
    """A bare string was read as one bot a letter ("players must be 2..2, not 6"); games of
    "5" or 2.5 failed in a comparison or a range(); a dict for ``sitting`` failed on an
    attribute.  A name alone is one bot for every seat, as ``--bots random`` is; the counts
    are refused naming the argument; a sitting is taken as its rules or a dict of them."""
    run = simulate("meusueb", "random", games=2)
    assert run.bots == ["random", "random"] and run.games == 2
    for bad in ("5", 2.5, True):
        with pytest.raises(GameOptionError, match="games must be a whole number, not"):
            simulate("meusueb", "random", games=bad)
    with pytest.raises(GameOptionError, match="jobs must be a whole number, not '2'"):
        simulate("meusueb", "random", games=2, jobs="2")
    with pytest.raises(GameOptionError, match=r"seed must be a whole number, not 1\.5"):
        simulate("meusueb", "random", games=2, seed=1.5)
    with pytest.raises(TypeError, match="bots: a bot's name, or a list of names"):
        simulate("meusueb", ["random", 7], games=2)
    as_dict = simulate("draw-poker", "random", games=2, sitting={"deals": 3, "bankroll": 20})
    as_rules = simulate("draw-poker", "random", games=2, sitting=SittingRules(deals=3, bankroll=20))
    assert as_dict.sitting == as_rules.sitting
    assert [r.mean for r in as_dict.results] == [r.mean for r in as_rules.results]
    with pytest.raises(GameOptionError, match="sitting: unknown rule option 'dealz'"):
        simulate("draw-poker", "random", games=2, sitting={"dealz": 3})
    with pytest.raises(TypeError, match="sitting: a SittingRules or a dict of its fields, not int"):
        simulate("draw-poker", "random", games=2, sitting=5)


def _figures_of_every_game(games: list[Any], names: list[str]) -> tuple[list[Any], float, float]:
    """What a run printed when it kept every game's figures: each entrant's Result, and the
    actions and CPU seconds a game, by ``statistics`` over the list of games played."""
    results = []
    for e, label in enumerate(names):
        payoffs = [p.payoffs[e] for p, _ in games]
        share = statistics.fmean(simulate_module._top_share(p.payoffs, e) for p, _ in games)
        n = len(games)
        results.append(simulate_module.Result(
            label=label, games=n, mean=statistics.fmean(payoffs),
            se=statistics.stdev(payoffs) / math.sqrt(n) if n > 1 else None,
            top_share=share, top_interval=wilson(share, n),
            seconds=statistics.fmean(p.seconds[e] for p, _ in games),
            decisions=statistics.fmean(p.decisions[e] for p, _ in games),
            slowest=max(p.slowest[e] for p, _ in games),
        ))  # fmt: skip
    actions = statistics.fmean(p.actions for p, _ in games)
    return results, actions, statistics.fmean(t for _, t in games)


def _recording(monkeypatch, games: list[Any], made: Any = None) -> None:
    """Keep each game a run plays in ``games`` (``made(job)`` plays it, else the real game)."""
    play = made or simulate_module._play_job

    def play_and_keep(job: Any) -> Any:
        one = play(job)
        games.append(one)
        return one

    monkeypatch.setattr(simulate_module, "_play_job", play_and_keep)


def test_the_running_sums_give_exactly_the_figures_of_every_game_kept(monkeypatch) -> None:
    """The run kept every game's figures to measure them at the end; it keeps running sums.
    Its figures are the very floats ``statistics`` gives from the list of games: in real
    games, and in payoffs a float sum or a sum of squares would round away (1e16 + 1 - 1e16
    is 1; the payoffs' variance is not that of their rounded squares)."""
    games: list[Any] = []
    _recording(monkeypatch, games)
    for game, bots, count in (("stud-poker", ["book", "random", "random"], 12),
                              ("sixteen-soldiers", ["greedy", "random"], 3),
                              ("poker-patience", ["fast"], 2)):  # fmt: skip
        games.clear()
        run = simulate(parlour.make(game, players=len(bots)), bots, games=count, seed=5)
        assert (run.results, run.actions, run.seconds) == _figures_of_every_game(
            games, labels(bots)
        )
    awkward = [(1e16, 0.1, 1 / 3), (1.0, 0.2, 1e-300), (1.0, -0.3, 2.5e15), (-1e16, 7.0, -14.0)]

    def played(job: Any) -> Any:
        payoffs = list(awkward[job.index % len(awkward)])
        spent = [1e-3 * (job.index + 1), 0.1, 1 / 7]
        return simulate_module.Played(payoffs, spent, [job.index, 1, 2], spent, 3), 0.1 / 3

    games.clear()
    _recording(monkeypatch, games, played)
    run = simulate(parlour.make("stud-poker", players=3), ["random"], games=9)
    expected = _figures_of_every_game(games, labels(["random"] * 3))
    assert (run.results, run.actions, run.seconds) == expected
    naive = sum(p.payoffs[0] for p, _ in games) / 9  # a float sum: 1e16 + 1 is 1e16
    assert run.results[0].mean == (1e16 + 4) / 9 != naive


def test_a_run_keeps_no_more_in_memory_after_ten_times_the_games(monkeypatch) -> None:
    """Every game's figures were kept to the end of a run: a stray --games 1000000000 grew
    to gigabytes.  The run keeps sums: ten times the games take no more memory."""
    import tracemalloc

    def played(job: Any) -> Any:
        payoffs = [float(job.index % 7) - 3, 3 - float(job.index % 7)]
        return simulate_module.Played(payoffs, [1e-4, 2e-4], [5, 6], [1e-4, 1e-4], 11), 3e-4

    monkeypatch.setattr(simulate_module, "_play_job", played)
    game, peaks = parlour.make("stud-poker", players=2), []
    for count in (500, 5000):
        tracemalloc.start()
        try:
            run = simulate(game, ["random"], games=count)
            peaks.append(tracemalloc.get_traced_memory()[1])
        finally:
            tracemalloc.stop()
        assert run.games == count and run.results[0].decisions == 5
    assert peaks[1] - peaks[0] < 64 * 1024, peaks  # the kept games: 600 bytes or more each


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
def test_a_run_stopped_by_a_signal_shows_its_games_and_exits_as_the_shell_says(tmp_path, signum):
    """A run stopped by Ctrl-C, a kill or a closed terminal showed the games played and
    exited with 130 whichever it was.  It exits as a program the signal killed: 128 + its
    number (130, 143, 129), its figures those of the games it saved, whole."""
    folder = tmp_path / "run"
    status, said = stopped(
        ["simulate", "stud-poker", "--games", "1000000", "--save", str(folder)], signum,
        ready=lambda lines: folder.is_dir() and any(folder.glob("stud-poker-*.json")),
    )  # fmt: skip
    assert status == 128 + signum, said
    saved = sorted(folder.iterdir())
    assert all(json.loads(f.read_text())["game"] == "stud-poker" for f in saved)
    assert f"the first {len(saved)} of the 1000000 games" in " ".join(said.split())


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_a_run_of_two_processes_killed_or_hung_up_shows_its_games(tmp_path, signum) -> None:
    """With --jobs 2 a kill (SIGTERM to the run) or a closed terminal (SIGHUP to its whole
    process group, the workers too) ended the run at once, exit -15 or -1: the figures of
    every game played were lost.  It stops as with --jobs 1: the games saved are measured
    and the run exits as the shell gives a kill (143, 129)."""
    folder = tmp_path / "run"
    args = ["simulate", "stud-poker", "--games", "1000000", "--jobs", "2", "--save", str(folder)]

    def two_saved(lines: list[str]) -> bool:  # the first kept whatever the second's fate
        return folder.is_dir() and len(list(folder.glob("stud-poker-*.json"))) >= 2

    status, said = stopped(args, signum, ready=two_saved, group=signum == signal.SIGHUP)
    assert status == 128 + signum, said
    saved = sorted(folder.iterdir())
    assert all(json.loads(f.read_text())["game"] == "stud-poker" for f in saved)
    assert f"the first {len(saved)} of the 1000000 games" in " ".join(said.split()), said
    assert "Traceback" not in said, said  # no worker told of its own stop


def test_a_record_stopped_as_it_is_renamed_into_place_is_neither_kept_nor_counted(
    monkeypatch, tmp_path
) -> None:
    """Ctrl-C (or a kill) that came as a game's record was renamed into place, before the run
    had noted it, left the record in the folder and the game out of the figures: the folder
    held 3 games, the figures 2.  A game is saved and counted, or neither."""
    rename, renamed = os.replace, []

    def rename_then_stop(source: Any, target: Any) -> None:
        rename(source, target)
        renamed.append(target)
        if len(renamed) == 3:
            raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", rename_then_stop)
    run = simulate("kuhn-test", ["random", "random"], games=10, save=tmp_path / "r")
    assert len(renamed) == 3 and run.games == 2
    assert sorted(f.name for f in (tmp_path / "r").iterdir()) == [
        "kuhn-test-0001.json", "kuhn-test-0002.json"
    ]  # fmt: skip


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_a_run_killed_before_any_game_ended_exits_as_the_shell_says(monkeypatch, signum) -> None:
    """Killed (or hung up) before a game had ended, a run had nothing to show and exited with
    status 130, as for Ctrl-C (typer's status for it); it exits as a program the signal
    killed, still showing nothing."""
    play = simulate_module._play_job

    def killed_at_once(job: Any) -> Any:
        os.kill(os.getpid(), signum)
        return play(job)

    monkeypatch.setattr(simulate_module, "_play_job", killed_at_once)
    shown = CliRunner().invoke(app, ["simulate", "stud-poker", "--games", "10"])
    assert shown.exit_code == 128 + signum and shown.output == "", shown.output


def test_duplicate_deals_each_deal_once_in_every_seat(tmp_path) -> None:
    """With duplicate, games 0..n-1 play one deal, the bots turned a seat a game; the next n
    games another deal.  Without it every game has a deal of its own."""
    simulate("stud-poker", ["book", "random", "random"], games=6, seed=3, duplicate=True,
             save=tmp_path / "dup")  # fmt: skip
    simulate("stud-poker", ["book", "random", "random"], games=3, seed=3, save=tmp_path / "own")

    def shuffles(folder: str) -> list[Any]:
        files = sorted((tmp_path / folder).glob("*.json"))
        return [json.loads(f.read_text())["history"][0]["outcome"] for f in files]

    dup, own = shuffles("dup"), shuffles("own")
    assert dup[0] == dup[1] == dup[2] != dup[3] == dup[4] == dup[5]
    assert own[0] != own[1] != own[2] and dup[0] == own[0]  # the first deal is the same


def test_duplicate_reckons_the_standard_error_from_each_deals_mean() -> None:
    """The games of one deal are alike, so the spread is that of the deals' means
    (``statistics`` over them), not that of the games; the mean is every game's."""
    game, bots = parlour.make("draw-poker", players=2), ["book", "random"]
    run = simulate(game, bots, games=40, seed=2, duplicate=True)
    payoffs = [play_game(game, bots, 2, True, g, duplicate=True).payoffs for g in range(40)]
    for e, result in enumerate(run.results):
        mine = [p[e] for p in payoffs]
        deals = [statistics.fmean(mine[k : k + 2]) for k in range(0, 40, 2)]
        assert result.mean == statistics.fmean(mine)
        assert result.se == statistics.stdev(deals) / math.sqrt(20)
        assert result.se != statistics.stdev(mine) / math.sqrt(40)
    assert run.duplicate and run.as_json()["duplicate"] and run.as_json()["deals"] == 20
    assert simulate(game, bots, games=6, seed=2).as_json()["deals"] == 6  # a deal a game


def test_duplicate_with_one_player_is_refused_naming_the_flag() -> None:
    """One bot plays every deal once already: the flag would change nothing, silently."""
    with pytest.raises(GameOptionError, match="duplicate needs two players or more"):
        simulate("poker-patience", ["greedy"], games=2, duplicate=True)
    said = CliRunner().invoke(app, ["simulate", "poker-patience", "--bots", "greedy",
                                    "--games", "2", "--duplicate"])  # fmt: skip
    assert said.exit_code != 0
    assert "--duplicate needs two players or more: poker-patience with one" in " ".join(
        said.output.split()
    )


def test_a_deal_cut_short_counts_in_the_mean_not_in_the_spread() -> None:
    """An interrupted duplicate run may end inside a deal: those games count in the means,
    and the standard error comes from the deals played in every seat."""
    played = [simulate_module.Played([x, -x], [0.0, 0.0], [1, 1], [0.0, 0.0], 1)
              for x in (1.0, 3.0, 2.0, 6.0, 10.0)]  # fmt: skip
    tally = simulate_module.Tally.empty(2, 2)
    for one in played:
        tally = tally.plus(one, 0.0)
    result = tally.result(0, "a")
    assert result.mean == statistics.fmean([1.0, 3.0, 2.0, 6.0, 10.0])
    assert result.se == statistics.stdev([2.0, 4.0]) / math.sqrt(2)


def test_duplicate_needs_the_bots_turned_and_a_whole_number_of_deals() -> None:
    with pytest.raises(GameOptionError, match="duplicate needs rotate: each deal is played by"):
        simulate("draw-poker", ["book", "random"], games=4, rotate=False, duplicate=True)
    with pytest.raises(GameOptionError, match=r"games must be a multiple of the 3 players.*not 4"):
        simulate("stud-poker", ["book", "random", "random"], games=4, duplicate=True)
    said = CliRunner().invoke(app, ["simulate", "draw-poker", "--bots", "book,random",
                                    "--games", "4", "--duplicate"])  # fmt: skip
    assert said.exit_code == 0, said.output
    assert "each deal played 2 times (duplicate: ± se from the 2 whole deals' means)" in " ".join(
        said.output.split()
    )


@pytest.mark.parametrize(
    ("flags", "said"),
    [
        (["--games", "3"], "--games must be a multiple of the 2 players under --duplicate"),
        (["--no-rotate"], "--duplicate cannot take --no-rotate: each deal is played by every"),
    ],
)
def test_duplicate_refusals_name_the_flags_typed(flags, said) -> None:
    """At the command line the refusals of --duplicate name the flags, not simulate's
    arguments (games, rotate)."""
    shown = CliRunner().invoke(app, ["simulate", "draw-poker", "--bots", "book,random",
                                     "--duplicate", *flags])  # fmt: skip
    assert shown.exit_code != 0 and said in " ".join(shown.output.split()), shown.output


def test_duplicate_top_share_interval_counts_deals_not_games() -> None:
    """A deal's games are no independent trials (the same cards, the bots turned), so under
    duplicate the top share's Wilson interval is reckoned over the deals; each deal's share
    lies in [0, 1], so that interval is the safe side of the true one."""
    run = simulate("draw-poker", ["book", "random"], games=40, seed=5, duplicate=True)
    for result in run.results:
        assert result.top_interval == wilson(result.top_share, 20)
    alone = simulate("draw-poker", ["book", "random"], games=40, seed=5)
    assert alone.results[0].top_interval == wilson(alone.results[0].top_share, 40)


def test_a_duplicate_sitting_is_named_a_sitting_with_its_spread_from_whole_sittings() -> None:
    said = CliRunner().invoke(app, ["simulate", "draw-poker", "--bots", "book,random", "--games",
                                    "4", "--sitting", "3", "--duplicate"])  # fmt: skip
    assert said.exit_code == 0, said.output
    assert "each sitting played 2 times (duplicate: ± se from the 2 whole sittings' means)" in (
        " ".join(said.output.split())
    )


def test_a_duplicate_run_of_one_deal_says_it_has_no_spread_for_a_standard_error() -> None:
    """One whole deal has no spread: the table's ± se is n/a, and the line under it said it
    came 'from the 1 whole deals' means'."""
    said = CliRunner().invoke(app, ["simulate", "draw-poker", "--bots", "book,random", "--games",
                                    "2", "--duplicate"])  # fmt: skip
    assert said.exit_code == 0, said.output
    assert "(duplicate: 1 whole deal, too few for a ± se)" in " ".join(said.output.split())


def _throws_by_colour(monkeypatch, **options: Any) -> list[list[tuple[str, Any]]]:
    """Each game of one duplicate Pachisi deal (random against greedy): its cowrie throws,
    each with the colour whose turn it was."""
    game = parlour.make("pachisi", players=2, **options)
    seen: list[list[tuple[str, Any]]] = []
    chance = game.state_class._chance

    def spy(state: Any, label: str, *args: Any, **kwargs: Any) -> Any:
        outcome = chance(state, label, *args, **kwargs)
        if label == "throw":
            seen[-1].append((state.observation(0)["turn"], outcome))
        return outcome

    monkeypatch.setattr(game.state_class, "_chance", spy)
    for g in range(2):
        seen.append([])
        play_game(game, ["random", "greedy"], 1, True, g, duplicate=True)
    return seen


def test_duplicate_keeps_pachisi_throws_alike_only_while_turns_take_as_many(monkeypatch):
    """As simulate's docstring and the README say: a duplicate deal's cowrie throws come in
    the same order, so each colour throws alike while every turn takes as many throws as
    the same turn did in the other seat, and a capture's bonus throw puts them out of step."""
    first, second = _throws_by_colour(monkeypatch)
    assert len(first) != len(second)  # the bots played otherwise, and the games' lengths differ
    common = min(len(first), len(second))
    assert first[:common] == second[:common]
    first, second = _throws_by_colour(monkeypatch, capture_bonus_throw=True)
    common = min(len(first), len(second))
    assert [o for _, o in first[:common]] == [o for _, o in second[:common]]
    assert first[:common] != second[:common]
