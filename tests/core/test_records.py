"""A saved record carries the finished game's payoffs, and loading it checks the replay
reaches them: a record played under other rules is refused, not shown with the wrong result."""

from __future__ import annotations

import contextlib
import json

import pytest
from typer.testing import CliRunner

import parlour
from parlour import cli
from parlour.cli import app
from parlour.game import IllegalAction, load_record
from parlour.testing import play_random
from tests.core import kuhn  # noqa: F401  (registers "kuhn-test")


def _called_down(seed: int = 1) -> tuple[parlour.game.Game, parlour.game.State]:
    """A three-handed Draw Poker deal: all come in, stand pat, and two drop after the draw."""
    game = parlour.make("draw-poker", players=3)
    state = game.new_state(seed=seed)
    while not state.is_over:
        legal = [str(a) for a in state.legal_actions()]
        state.apply(next((a for a in ("call", "pat", "check") if a in legal), legal[0]))
    return game, state


def test_a_finished_record_carries_its_payoffs_and_loads_to_them():
    game, state = _called_down()
    record = json.loads(json.dumps(game.record(state, seat=0)))
    assert record["payoffs"] == state.payoffs() == [-2.0, 4.0, -2.0]  # D-4: in at twice the ante
    _, again, _ = load_record(json.dumps(record))
    assert again.payoffs() == state.payoffs() and again.history == state.history


def test_a_record_under_other_rules_is_refused_by_its_payoffs():
    game, state = _called_down()
    record = json.loads(json.dumps(game.record(state)))
    record["options"]["ante"] = 2  # the same actions are legal, but every chip doubles (D-1)
    with pytest.raises(IllegalAction, match=r"saved with payoffs \[-2.0, 4.0, -2.0\].*"
                       r"replays to \[-4.0, 8.0, -4.0\]"):  # fmt: skip
        load_record(json.dumps(record))


def test_a_record_whose_payoffs_were_changed_by_one_chip_is_refused():
    game, state = _called_down()
    record = json.loads(json.dumps(game.record(state)))
    record["payoffs"] = [-2.0, 3.0, -1.0]  # one chip moved from seat 1 to seat 2
    with pytest.raises(IllegalAction, match=r"saved with payoffs \[-2.0, 3.0, -1.0\].*"
                       r"replays to \[-2.0, 4.0, -2.0\]"):  # fmt: skip
        load_record(json.dumps(record))


def test_a_record_without_payoffs_still_loads_and_an_unfinished_one_is_named(tmp_path):
    game, state = _called_down()
    record = json.loads(json.dumps(game.record(state)))
    del record["payoffs"]  # saved before records carried them
    _, again, _ = load_record(json.dumps(record))
    assert again.payoffs() == state.payoffs()
    record["payoffs"] = state.payoffs()
    record["history"] = record["history"][:-1]  # the last fold lost: the deal is not over
    with pytest.raises(IllegalAction, match=r"cut short: .* replay to an unfinished game"):
        load_record(json.dumps(record))
    path = tmp_path / "cut.json"
    path.write_text(json.dumps(record))
    result = CliRunner().invoke(app, ["replay", str(path)])
    assert result.exit_code == 2 and "unfinished game" in " ".join(result.output.split())


def test_a_history_cut_short_is_named_so_not_blamed_on_the_rules(tmp_path):
    """A record whose history was cut was "played under other rules than these options give
    here"; one cut where a chance outcome was due named no entry and no cause."""
    game, state = _called_down()
    record = json.loads(json.dumps(game.record(state)))
    record["history"] = record["history"][:-2]
    out = _replay_refusal(tmp_path, record)
    assert (
        "edited.json: record: 'history' is cut short: saved with payoffs [-2.0, 4.0, "
        "-2.0], the game over, but its 7 entries replay to an unfinished game (or it was "
        "played under other options)" in out
    ), out
    game = parlour.make("kuhn-test")
    dealt = game.new_state(seed=2).apply("check").history
    record = {"game": "kuhn-test", "options": {}, "history": dealt[1:]}  # the deal cut off
    assert "edited.json: history: no recorded outcome for chance event 'deal' (history entry " \
        "0): the record's history is incomplete, cut short or an entry taken out (or it was " \
        "played under other options)" in \
        _replay_refusal(tmp_path, record)  # fmt: skip


def test_an_unfinished_game_is_saved_without_payoffs():
    game = parlour.make("draw-poker", players=3)
    state = game.new_state(seed=1)
    assert "payoffs" not in game.record(state)
    assert load_record(json.dumps(game.record(state)))[1].to_move == state.to_move


def _replay_refusal(tmp_path, record: dict) -> str:
    """What ``parlour replay`` says of ``record`` (a refusal: exit status 2), on one line; the
    file is named short, so that a long folder's name does not break a word where it wraps."""
    (tmp_path / "edited.json").write_text(json.dumps(record))
    with contextlib.chdir(tmp_path):
        result = CliRunner().invoke(app, ["replay", "edited.json"])
    assert result.exit_code == 2, result.output
    return " ".join(result.output.split())


@pytest.mark.rule("W-9")
def test_W9_an_edited_action_is_refused_naming_its_history_entry_seat_and_text(tmp_path):
    """W-9: a record edited to 'raise 99' where nothing was bet replayed to "W-9: nothing has
    been bet yet: 'bet N'", with no word of which entry of the history broke."""
    game, state = _called_down()
    record = json.loads(json.dumps(game.record(state)))
    assert record["history"][7] == {"seat": 2, "action": "fold"}  # the first after the draw
    record["history"][7]["action"] = "raise 99"
    out = _replay_refusal(tmp_path, record)
    assert "edited.json: history entry 7 (seat 2, 'raise 99'): W-9: nothing has been bet yet: " \
        "'bet N'" in out  # fmt: skip
    with pytest.raises(IllegalAction, match=r"^history entry 7 \(seat 2, 'raise 99'\): W-9"):
        game.replay(record["history"])


@pytest.mark.parametrize("name", ["stud-poker", "sixteen-soldiers"])
def test_an_edited_action_of_any_game_names_its_history_entry(tmp_path, name):
    """Game.replay names the entry for every game: a stud deal and a board game."""
    game = parlour.make(name, players=2)
    state = game.new_state(seed=3)
    while len(state.history) < 4 and not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[min(1, len(legal) - 1)])  # (stud: a call, not the first, a fold)
    record = json.loads(json.dumps(game.record(state)))
    number = max(i for i, e in enumerate(record["history"]) if "action" in e)
    seat = record["history"][number]["seat"]
    record["history"][number]["action"] = "raise 99"
    out = _replay_refusal(tmp_path, record)
    assert f"edited.json: history entry {number} (seat {seat}, 'raise 99'): " in out


def test_an_action_by_a_seat_not_to_move_names_its_history_entry():
    game, state = _called_down()
    history = json.loads(json.dumps(state.history))
    history[2]["seat"] = 1
    with pytest.raises(IllegalAction, match=r"^history entry 2 \(seat 1, 'call'\): seat 1 acts, "
                       "but seat 0 is to move$"):  # fmt: skip
        game.replay(history)


def test_a_record_file_over_the_size_limit_is_refused_naming_the_limit(tmp_path):
    """A file of any size was read whole: ``parlour replay /dev/zero`` ran out of memory, and
    a record padded past the limit was read and shown."""
    game, state = _called_down()
    text = json.dumps(game.record(state))
    padded = tmp_path / "padded.json"
    padded.write_text(text + " " * (8 * 2**20 + 1 - len(text)))  # one byte over
    result = CliRunner().invoke(app, ["replay", str(padded)])
    said = " ".join(result.output.split())
    assert result.exit_code == 2 and "over 8 MB (8,388,608 bytes)" in said, said
    (tmp_path / "fits.json").write_text(text + " " * 1000)  # the limit, not the padding
    assert CliRunner().invoke(app, ["replay", str(tmp_path / "fits.json")]).exit_code == 0


def test_replay_reads_no_more_than_the_limit_of_an_endless_file(monkeypatch):
    monkeypatch.setattr(cli, "MAX_RECORD_BYTES", 1000)
    result = CliRunner().invoke(app, ["replay", "/dev/zero"])
    assert result.exit_code == 2 and "(1,000 bytes)" in " ".join(result.output.split())


def _kuhn_record() -> dict:
    """A finished Kuhn deal's record: the deal, seat 0 bets and seat 1 calls."""
    game = parlour.make("kuhn-test")
    record = game.record(game.new_state(seed=4).apply("bet").apply("call"), seat=0)
    return json.loads(json.dumps(record))


@pytest.mark.parametrize("entry", [{"ruling": "I-6"}, {"ruling": 7}, {"ruling": None}])
def test_a_ruling_in_a_game_that_gives_none_is_refused_naming_its_place(tmp_path, entry):
    """A ``ruling`` entry was passed over in every game's replay, so one added to a record
    loaded as though it were not there, and ``parlour replay`` showed a record that said
    other than its game."""
    record = _kuhn_record()
    record["history"].insert(1, entry)
    assert (
        f"edited.json: history entry 1: a ruling, {entry!r}, where the replay gives none: a "
        "ruling is given by the game as it replays, not read" in _replay_refusal(tmp_path, record)
    )


@pytest.mark.parametrize(
    ("entry", "said"),
    [
        ({"seat": True, "action": "call"}, "'seat' must be a seat's number, 0..1, not True"),
        ({"seat": 1.0, "action": "call"}, "'seat' must be a seat's number, 0..1, not 1.0"),
        ({"seat": "1", "action": "call"}, "'seat' must be a seat's number, 0..1, not '1'"),
        ({"seat": None, "action": "call"}, "'seat' must be a seat's number, 0..1, not None"),
        ({"seat": 1, "action": None}, "'action' must be an action's text, not None"),
        ({"seat": 1, "action": ["call"]}, "'action' must be an action's text, not ['call']"),
        ({"seat": 1, "action": "call", "chance": "deal", "outcome": [0, 1]},
         "an entry is an 'action' or a 'chance' event, not both"),
        ({"seat": 1, "call": "action"},
         "an entry is an 'action', a 'chance' event or a 'ruling', not {'seat': 1, 'call': "),
    ],
)  # fmt: skip
def test_a_history_entry_of_the_wrong_shape_is_refused_naming_its_field(tmp_path, entry, said):
    """``"seat": true`` replayed as seat 1 and 1.0 as 1; ``"seat": "1"`` was refused as "seat
    1 acts, but seat 1 is to move"; an action that is no text was read as its str(); an entry
    both action and chance was read twice over, and one of neither passed over, each refused
    at some later entry, if at all."""
    record = _kuhn_record()
    record["history"][2] = entry
    assert f"edited.json: history entry 2: {said}" in _replay_refusal(tmp_path, record)


def test_a_patience_record_whose_actions_name_no_seat_replays(tmp_path):
    """Game.replay takes an action without its seat (the seat to move); Poker Patience's
    replay read each seat from the file's entries, and failed with the bare error "'seat'"."""
    game = parlour.make("poker-patience", players=2)
    record = json.loads(json.dumps(game.record(play_random(game, seed=1))))
    for entry in record["history"]:
        entry.pop("seat", None)
    (tmp_path / "seatless.json").write_text(json.dumps(record))
    result = CliRunner().invoke(app, ["replay", str(tmp_path / "seatless.json")])
    assert result.exit_code == 0 and "Result" in result.output, result.output


def test_null_payoffs_are_refused_for_a_finished_game_and_taken_for_an_unfinished_one(tmp_path):
    """``"payoffs": null`` skipped the check, so an edited finished record showed any result;
    null says the game has no result, true only of an unfinished one (a missing field is an
    older record's, and is still taken)."""
    record = _kuhn_record()
    record["payoffs"] = None
    assert "edited.json: record: 'payoffs' is null, but its history replays to the game's " \
        "end, with payoffs [-2.0, 2.0]" in _replay_refusal(tmp_path, record)  # fmt: skip
    game = parlour.make("kuhn-test")
    state = game.new_state(seed=4).apply("bet")
    _, again, _ = load_record(json.dumps({**game.record(state), "payoffs": None}))
    assert again.history == state.history and not again.is_over


@pytest.mark.parametrize(
    "payoffs", ["2, -2", [True, False], [2, "-2"], {"0": 2}, [[2], [-2]], [float("nan"), 2]]
)
def test_payoffs_that_are_no_list_of_numbers_are_refused_naming_the_field(tmp_path, payoffs):
    """They were refused as "played under other rules than these options give here"."""
    record = _kuhn_record()
    record["payoffs"] = payoffs
    said = f"edited.json: record: 'payoffs' must be a list of numbers, one a seat, not {payoffs!r}"
    assert said in _replay_refusal(tmp_path, record)


@pytest.mark.parametrize(
    ("edit", "place"),
    [
        (lambda r: r.update(seat="LONG"), "'seat'"),
        (lambda r: r["options"].update(players="LONG"), "'options.players'"),
        (lambda r: r["history"][0].update(outcome=[0, "LONG"]), "'history[0].outcome[1]'"),
        (lambda r: r.update(payoffs=[0, "LONG"]), "'payoffs[1]'"),
    ],
)
def test_a_number_too_long_to_read_is_refused_naming_where_it_stands(tmp_path, edit, place):
    """A number of 5,000 digits gave Python's own words, "Exceeds the limit (4300 digits) for
    integer string conversion ...", naming no field."""
    record = _kuhn_record()
    edit(record)
    text = json.dumps(record).replace('"LONG"', "-" + "9" * 5000)
    (tmp_path / "long.json").write_text(text)
    with contextlib.chdir(tmp_path):
        result = CliRunner().invoke(app, ["replay", "long.json"])
    said = " ".join(result.output.split())
    assert result.exit_code == 2 and said == (
        f"error: long.json: record: {place} is a number of 5,000 digits, too long to be read"
    ), said
    (tmp_path / "long.json").write_text("9" * 5000)
    whole = CliRunner().invoke(app, ["replay", str(tmp_path / "long.json")]).output
    assert "a record is a JSON object" in whole, whole


@pytest.mark.parametrize(
    ("name", "option", "said"),
    [
        ("draw-poker", "preset", "unknown preset ['S4-club']; presets: S4-club"),
        ("stud-poker", "preset", "stud-poker: unknown preset ['S4-club']; presets: "),
        ("meusueb", "preset", "meusueb: unknown preset ['S4-club']; presets: "),
        ("pachisi", "ruleset", "pachisi: unknown rule set ['S4-club']; known: aceh, "),
        ("pachisi", "rules", "pachisi: unknown rule set ['S4-club']; known: aceh, "),
    ],
)
def test_a_preset_given_as_a_list_is_refused_naming_it(tmp_path, name, option, said):
    """A list for a preset's name ended in Python's "unhashable type: 'list'"."""
    game = parlour.make(name, players=4 if name == "pachisi" else 2)
    record = json.loads(json.dumps(game.record(game.new_state(seed=1))))
    record["options"][option] = ["S4-club"]
    assert f"edited.json: {said}" in _replay_refusal(tmp_path, record)


def test_an_action_after_the_game_s_end_is_refused_as_such(tmp_path):
    """An action entry after the last was refused as "seat 0 acts, but seat None is to move",
    naming a seat "None" where the game was over."""
    record = _kuhn_record()
    record["history"].append({"seat": 0, "action": "bet"})
    assert "edited.json: history entry 3 (seat 0, 'bet'): the game is over: no action is " \
        "legal" in _replay_refusal(tmp_path, record)  # fmt: skip
