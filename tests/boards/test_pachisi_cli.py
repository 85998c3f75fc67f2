"""``parlour play pachisi`` with scripted input: the board, the moves offered, save and replay."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

import parlour
from parlour import terminal
from parlour.boards.cli_pachisi import describe, render
from parlour.boards.pachisi import PachisiState
from parlour.boards.pachisi_board import HOME
from parlour.cli import app
from tests.boards.test_pachisi_engine import at, position

runner = CliRunner()


@pytest.mark.rule("PC-1")
def test_pc1_play_pachih_two_players_to_the_end_then_replay(tmp_path):
    """PC-1: a whole 2-player pachih against a bot, answered by number; saved and replayed."""
    save = tmp_path / "pachih.json"
    args = ["play", "pachisi", "--players", "2", "--rules", "pachih", "--bot", "random"]
    args += ["--seed", "4", "--save", str(save)]
    result = runner.invoke(app, args, input="h\nr\nS99+3\n" + "1\n" * 400)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Your move, seat 0" in out and "South — you" in out and "throws to use" in out
    assert "N North — Bot 1 (seat 1): " in out and "side 2" not in out  # as the moves call him
    assert "The strong player would" in out
    assert out.count("Pieces start on step 1") == 2  # before the first move, and with r
    assert "Not allowed" in out and "there is no step 99" in out
    assert "Game saved" in out and "Result" in out
    record = json.loads(save.read_text())
    assert record["game"] == "pachisi" and record["options"]["ruleset"] == "pachih_aceh"
    replayed = runner.invoke(app, ["replay", str(save)])
    assert replayed.exit_code == 0, replayed.output
    assert "Result" in replayed.output


@pytest.mark.rule("PC-2")
def test_pc1_the_rule_set_is_also_named_by_preset_as_in_the_other_games(tmp_path):
    """Every other game names its rule set with --preset; Pachisi took only --rules."""
    save = tmp_path / "p.json"
    args = ["play", "pachisi", "--players", "2", "--preset", "pachih", "--save", str(save)]
    result = runner.invoke(app, args, input="q\n")
    assert result.exit_code == 0, result.output
    assert json.loads(save.read_text())["options"]["ruleset"] == "pachih_aceh"


def test_pc2_four_players_default_rules_show_the_cross_and_quit(tmp_path):
    """PC-2: the default 4-player game draws the cross with castles and offers the moves."""
    save = tmp_path / "four.json"
    args = ["play", "pachisi", "--players", "4", "--bot", "greedy", "--seed", "2"]
    result = runner.invoke(app, [*args, "--save", str(save)], input="q\n")
    assert result.exit_code == 0, result.output
    assert " × " in result.output and " C " in result.output
    assert "Game abandoned" in result.output and save.exists()


def shown(observation: dict, seat: int = 0) -> str:
    """The terminal's picture of ``observation`` as plain text."""
    console = Console(width=300, color_system=None)  # no wrapping
    with console.capture() as capture:
        console.print(render(observation, seat))
    return capture.get()


@pytest.mark.rule("PC-2")
def test_pc2_c5_three_colours_on_one_x_square_are_all_shown():
    """C.5: a pachih × square holds several colours; S2, E and N on (10, 2) show as "SE+" on
    the board (it showed " EN", hiding South's two) and are named with counts below it."""
    safe = 11  # (10, 2), an Aceh × square on S's track
    pieces = {"S": [1, 1, safe, safe], "E": [1, 1, 1, at(1, (0, safe))]}
    pieces |= {"N": [1, 1, 1, at(2, (0, safe))], "W": [1] * 4}
    text = shown(position(pieces, [3], rules="pachih").observation(0))
    row_2 = next(line for line in text.splitlines() if line.startswith(" 2 "))
    assert "SE+" in row_2
    assert "Shared squares (x, y): (10, 2) S2 E1 N1." in text


@pytest.mark.rule("PC-2")
def test_pc2_c5_how_to_play_words_the_rules_in_play():
    """C.4/C.5: the notes under the board follow the options: pachih pieces start on step 1
    and may end beside an enemy on a × (the notes said they leave the Charkoni, and that no
    piece may end on a castle an opponent holds, whatever the rule set)."""
    pieces = {"S": [1] * 4, "N": [1] * 4}
    pachih = shown(position(pieces, [3], players=2, rules="pachih").observation(0))
    assert "Pieces start on step 1" in pachih and "leave the Charkoni" not in pachih
    assert "may end beside opponents on a castle" in pachih
    assert "may end on a castle an opponent holds" not in pachih
    assert "7, 14, 25, 30 throw again, at most 3 throws a turn" in pachih
    standard = shown(position({c: [0] * 4 for c in "SENW"}, [3], entered="").observation(0))
    assert "Pieces leave the Charkoni (C)" in standard
    assert "no piece may end on a castle an opponent holds" in standard
    assert "graces (6, 10, 25) enter a piece on step 1" in standard


@pytest.mark.rule("PC-2")
def test_c8_how_to_play_words_the_switches_a_rule_set_turns_on():
    """C.8: Herklots' rule sets keep throwing until a stop, void three alike and make doubled
    pieces safe, and other switches change a turn too; ``r`` said none of it."""
    pieces = {c: [0] * 4 for c in "SENW"}
    herklots = shown(position(pieces, [3], entered="", ruleset="pachisi_herklots6")
                     .observation(0))  # fmt: skip
    assert "Throw on until a throw that does not throw again" in herklots
    assert "three alike in a row do not count" in herklots
    assert "pieces of one colour on a square cannot be hit" in herklots
    standard = shown(position(pieces, [3], entered="").observation(0))
    assert "may go round again instead of turning home (lap)" in standard
    for words in ("three alike", "cannot be hit", "stop opponents passing", "no pass"):
        assert words not in standard
    strict = position(pieces, [3], entered="", blockades=True, may_pass=False,
                      capture_bonus_throw=True, allow_extra_circuit=False)  # fmt: skip
    text = shown(strict.observation(0)).lower()
    assert "stop opponents passing" in text and "a throw that can be used must be used" in text
    assert "a hit earns another throw" in text and "go round again" not in text


@pytest.mark.rule("PC-1")
def test_how_to_play_tells_who_plays_with_whom_and_who_wins():
    """C.4 step 10: the notes told how pieces move, never the goal: partners' pieces all
    home (S and N against E and W, also two players each running two colours), or each
    colour alone (three players, pachih)."""

    def said(**options: Any) -> str:
        pieces = {c: [0] * 4 for c in "SENW"}
        state = position(pieces, [3], entered="", **options)
        return " ".join(shown(state.observation(0)).split())

    for players in (4, 2):
        text = said(players=players)
        assert "S and N against E and W: the first side with all its pieces home wins" in text
        assert "a colour with all its pieces home throws for its partner" in text
    assert "throws for its partner" not in said(finished_player_helps_partner=False)
    three = parlour.make("pachisi", players=3).new_state(seed=0)
    assert "The first colour with all four pieces home wins." in shown(three.observation(0))


def test_bad_options_are_refused_cleanly():
    """A bad rule set or seat prints an error and exits with status 2."""
    for args in (["--rules", "ludo"], ["--players", "5"], ["--seat", "3", "--players", "2"]):
        result = runner.invoke(app, ["play", "pachisi", *args])
        assert result.exit_code == 2, result.output


def test_describe_reads_the_notation():
    assert describe("S0+25") == "enter one S piece with the 25"
    assert describe("N12+10") == "move the N piece on step 12 with the 10 to step 22"
    assert describe("E70+10 lap").endswith("going round again")
    assert describe("S0+25 grace") == "enter one S piece by the grace 25, on step 1"
    assert describe("W83+1").endswith("home")
    assert describe("pass").startswith("pass")


def test_rule_options_of_every_type_reach_the_game(tmp_path):
    """C.3/C.8 through ``--rule``: a decimal, and one number where a list of throws is asked."""
    save = tmp_path / "options.json"
    args = ["play", "pachisi", "--bot", "random", "--seed", "1", "--save", str(save)]
    args += [
        "--rule",
        "cowrie_p_up=0.6",
        "--rule",
        "grace_throws=25",
        "--rule",
        "again_throws=6,25",
    ]
    result = runner.invoke(app, args, input="q\n")
    assert result.exit_code == 0, result.output
    options = json.loads(save.read_text())["options"]
    assert options["cowrie_p_up"] == 0.6
    assert options["grace_throws"] == [25] and options["again_throws"] == [6, 25]
    bad = runner.invoke(app, ["play", "pachisi", "--rule", "cowrie_p_up=high"])
    assert bad.exit_code == 2 and "cowrie_p_up" in bad.output and "number" in bad.output
    named = tmp_path / "named.json"  # the rule set by --rule: --rules is not given
    played = runner.invoke(app, ["play", "pachisi", "--rule", "ruleset=pachih", "--save",
                                 str(named)], input="q\n")  # fmt: skip
    assert played.exit_code == 0, played.output
    assert json.loads(named.read_text())["options"]["ruleset"] == "pachih_aceh"


@pytest.mark.rule("PC-2")
def test_pc2_an_empty_list_of_throws_at_the_command_line(tmp_path):
    """C.8: ``--rule grace_throws=`` gives no graces, as the pachih rule set itself has (the
    command line refused the empty value); where pieces wait in C it names the rule."""
    save = tmp_path / "no_graces.json"
    args = ["play", "pachisi", "--rules", "pachih", "--bot", "random", "--seed", "1"]
    args += ["--rule", "grace_throws=", "--rule", "again_throws=", "--save", str(save)]
    result = runner.invoke(app, args, input="q\n")
    assert result.exit_code == 0, result.output
    options = json.loads(save.read_text())["options"]
    assert options["grace_throws"] == [] and options["again_throws"] == []
    bad_args = ["play", "pachisi", "--rule", "grace_throws=", "--rule", "exact_finish=false"]
    bad = runner.invoke(app, bad_args)
    assert bad.exit_code == 2 and "grace_throws" in bad.output and "C.4 step 4" in bad.output


def _crowded():
    pieces = {"S": [0, 5, 5, 20], "E": [0, 0, 1, 1], "N": [0] * 4, "W": [0] * 4}
    return position(pieces, [25, 1], entered="SE")


@pytest.mark.rule("PC-2")
def test_pieces_stand_on_their_squares_counted_and_castles_are_marked():
    """Rows run from 18 at the top to 0, two pieces on a square are counted, castles are ×,
    and the legend counts the pieces still to enter."""
    lines = shown(_crowded().observation(0)).splitlines()
    assert lines[0].startswith("18 ") and lines[18].startswith(" 0 ")
    assert lines[3].split() == ["15", "×", "·", "×"]
    assert lines[15].split() == ["3", "×", "S2", "×"]
    assert "E2" in lines[9] and "S  ×" in lines[10]
    text = "\n".join(lines)
    assert "S South — you, partner of North: 1 to enter, steps 5 5 20, 0 home" in text
    assert "E East  — seat 1, partner of West: 2 to enter, steps 1 1, 0 home" in text


@pytest.mark.rule("PC-2")
def test_three_colours_one_piece_each_show_all_three_letters():
    safe = 11  # (10, 2), an Aceh × square on S's track
    pieces = {"S": [1, 1, 1, safe], "E": [1, 1, 1, at(1, (0, safe))]}
    pieces |= {"N": [1, 1, 1, at(2, (0, safe))], "W": [1] * 4}
    text = shown(position(pieces, [3], rules="pachih").observation(0))
    row_2 = next(line for line in text.splitlines() if line.startswith(" 2 "))
    assert "SEN" in row_2 and "SE+" not in row_2


@pytest.mark.rule("PC-2")
def test_the_dana_throw_and_the_notes_follow_the_rules():
    """The extra step is named as the dāna wherever it is one, and the notes under the board
    state the rules in force (C.4 step 4: a colour's first piece enters free)."""
    text = shown(_crowded().observation(0))
    assert "throws to use: 25, +1 (dāna)" in text
    assert "(thrown this turn: 25, 1)" in text  # in words, not a Python list "[25, 1]"
    assert "into the Charkoni (C): 84 steps" in text and "home needs the exact throw" in text
    assert "sends them back to C;" in text and "A colour's first piece may enter" in text
    assert describe("S0+1") == "enter one S piece with the extra one step (dāna)"
    assert describe("N12+1") == (
        "move the N piece on step 12 with the extra one step (dāna) to step 13"
    )
    unfree = position({c: [0] * 4 for c in "SENW"}, [3], entered="",
                      first_piece_free_entry=False)  # fmt: skip
    assert "first piece may enter" not in shown(unfree.observation(0))


def _lately(text: str) -> tuple[str, list[str]]:
    """The Lately panel's heading and its notes, from the board as drawn."""
    head, _, rest = text.partition("Lately")[2].partition(":\n")
    return head, [line[2:] for line in rest.splitlines() if line.startswith("  ")]


@pytest.mark.rule("PC-1")
def test_pc1_lately_tells_everything_since_your_last_move():
    """With four colours the panel showed the last six notes, so at South's turn the round
    since his last move (East's throws, a forfeit) was often cut off: it shows every note from
    his last move or pass on (at least six), the last 16 of a longer stretch, saying so."""
    state = parlour.make("pachisi").new_state(seed=2)
    notes: list[str] = []
    note = state._note
    state._note = lambda text, echo=False: (notes.append(text), note(text, echo))[1]
    rng, since, seen = random.Random(2), None, set()
    while not state.is_over and seen != {"short", "long", "cut"}:
        if state.to_move == 0:
            head, shown_notes = _lately(shown(state.observation(0)))
            if since is not None:
                news = notes[since:]
                assert shown_notes == (news if len(news) > 6 else notes[-6:])[-16:]
                left = f" (the last 16 of {len(news)} since your last move)"
                assert head == (left if len(news) > 16 else "")
                seen.add("short" if len(news) <= 6 else "long" if len(news) <= 16 else "cut")
            since = len(notes)
        state.apply(rng.choice(state.legal_actions()))
    assert seen == {"short", "long", "cut"}
    saved = {k: v for k, v in state.observation(0).items() if k != "news"}  # saved before it
    assert _lately(shown(saved)) == ("", saved["log"][-6:])


@pytest.mark.rule("PC-2")
def test_the_end_names_the_winning_side():
    obs = {
        "pieces": {"S": [HOME] * 4, "E": [0] * 4, "N": [HOME] * 4, "W": [0] * 4},
        "entered": {c: True for c in "SENW"}, "turn": "E", "throws": [], "thrown": [],
        "again": False, "turns": 9, "winner": 0, "drawn": False,
    }  # fmt: skip
    won = PachisiState.from_observation(parlour.make("pachisi"), obs, random.Random(0))
    ends = shown(won.observation(0)), shown(won.observation(1), 1)
    assert "Game over: South and North have every piece home: you and seat 2 win." in ends[0]
    assert "Game over: South and North have every piece home: seat 0 and seat 2 win." in ends[1]


@pytest.mark.rule("PC-2")
def test_pc2_how_a_turn_goes_is_told_before_each_seats_first_move_then_on_request():
    """How a turn goes (C.4) was drawn under the board at every decision, 348 times in a
    2-player game against the random bot (seed 1): it is told before each seat's first move,
    and ``r`` gives it again."""
    state = parlour.make("pachisi", players=2).new_state(seed=1)
    rng = random.Random(1)
    told = {0: [], 1: []}  # at each seat's decisions in turn, whether the board told it
    while len(told[0]) < 2 or len(told[1]) < 2:
        seat = state.to_move
        told[seat].append("Pieces leave the Charkoni" in shown(state.observation(seat), seat))
        state.apply(rng.choice(state.legal_actions()))
    assert told[0][:2] == told[1][:2] == [True, False]
    assert "Pieces leave the Charkoni" in terminal._RULES["pachisi"](state, 0)
    assert "r gives these rules again" in shown(_crowded().observation(0))


@pytest.mark.rule("PC-1")
def test_pc1_the_rule_set_and_the_players_are_named_as_people_call_them():
    """PC-1/C.5: the screen said "Rule set: pachih_aceh" (the option's value), numbered the
    sides as the engine does, so that the second of two pachih players was "side 2", and
    ended "Game over: side 0 has every piece home."  It names the rule set, each colour's
    player and partner, and the winners."""
    pieces = {"S": [HOME, HOME, HOME, 80], "N": [1] * 4}
    state = position(pieces, [4], players=2, rules="pachih")
    text = shown(state.observation(0))
    assert "Pachih, as played in Aceh.  You play South." in text
    assert "S South — you: 0 to enter, steps 80, 3 home" in text
    assert "N North — seat 1: 0 to enter, steps 1 1 1 1, 0 home" in text
    assert "pachih_aceh" not in text and not re.search(r"\bside\b|partner", text)
    state.apply("S80+4")
    assert state.observation(0)["log"][-1] == "S has every piece home and wins"
    assert "Game over: South has every piece home: you win." in shown(state.observation(0))
    assert "Game over: South has every piece home: seat 0 wins." in shown(state.observation(1), 1)
    two = shown(parlour.make("pachisi", players=2).new_state(seed=1).observation(1), 1)
    assert "Pachisi, standard rules.  You play East and West." in two
    assert "E East  — you, with West:" in two and "S South — seat 0, with North" in two  # both his


def test_pc1_replay_tells_the_throws_given_up_and_forfeited_as_play_did(tmp_path):
    """The live game tells each throw, each throw forfeited (no piece can use it) and those a
    pass gives up; the replay listed the actions only, so a turn lost to a forfeit vanished."""
    game = parlour.make("pachisi", players=2)
    state = game.new_state(seed=1)
    bots = [parlour.bots.make("random", game, seed=seat) for seat in range(2)]
    while not ({"forfeited", "passes,"} <= {word for note in state.log for word in note.split()}):
        state.apply(bots[state.to_move].choose(state.observation(0), state.legal_actions()))
    save = tmp_path / "p.json"
    save.write_text(json.dumps(game.record(state)))
    replayed = runner.invoke(app, ["replay", str(save)], terminal_width=200)
    assert replayed.exit_code == 0, replayed.output
    table = [line[len("The table: ") :] for line in replayed.output.splitlines()
             if line.startswith("The table: ")]  # fmt: skip
    lately = [note for note in state.log if not re.fullmatch(r"\w moves \d+->\w+", note)]
    assert table[-len(lately) :] == lately  # the last notes told, as play told them


@pytest.mark.rule("PC-2")
def test_pc2_a_pass_says_the_throws_it_gives_up_in_words():
    """C.4: a pass was told as the engine's list, 'S passes ([10, 4])', in play and replay;
    it says 'S passes, giving up 10, 4', as a forfeit says 'S cannot use 2: forfeited'."""
    state = position({c: [5, 9, 20, 30] for c in "SENW"}, [10, 4])
    state.apply("pass")
    assert "S passes, giving up 10, 4" in state.log and "[" not in " ".join(state.log)


def test_a_rule_set_named_by_the_flag_and_by_a_rule_is_refused_naming_the_flag():
    """--preset pachih --rule preset=herklots was refused as "rules='pachih' and
    preset='herklots' both name the rule set": rules= is no word the player typed."""
    for key in ("preset", "ruleset"):
        result = runner.invoke(
            app, ["play", "pachisi", "--preset", "pachih", "--rule", f"{key}=herklots6"]
        )
        said = " ".join(result.output.split())
        assert result.exit_code == 2
        assert f"--preset/--rules pachih names the rule set, and so does --rule {key}: " in said
    alone = runner.invoke(app, ["play", "pachisi", "--rule", "preset=ludo"])
    assert "unknown rule set 'ludo'" in " ".join(alone.output.split())  # a rule alone names it


@pytest.mark.rule("PC-2")
def test_how_to_play_writes_an_entry_as_the_moves_offered_write_it():
    """C.4 step 4: a grace enters a piece on step 1, offered as "S0+25 grace"; "S0+25", what
    the notes said, is the free first piece moving the 25 (or, under enter_and_move_value,
    the grace's entry)."""

    def notation(**options: Any) -> tuple[str, list[str]]:
        state = position({c: [0] * 4 for c in "SENW"}, [25], entered="", **options)
        offered = [str(a) for a in state.legal_actions()]
        return " ".join(shown(state.observation(0)).split()), offered

    text, offered = notation()
    assert "S0+25 grace: an S piece enters on step 1 by the grace 25" in text
    assert "S0+25 grace" in offered and "S0+25: an S piece enters with" not in text
    text, _ = notation(grace_throws=(6, 10, 25, 30))  # 30: no throw of wikipedia6's table
    assert "S0+30" not in text and "S0+25 grace" in text
    text, offered = notation(grace_entry_mode="enter_and_move_value")
    assert "S0+25: an S piece enters with the 25" in text and "S0+25" in offered
