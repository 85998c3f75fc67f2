"""The contract checks that every parlour game must pass.

Call :func:`check_contract` from a game's tests::

    from parlour.testing import check_contract
    def test_contract():
        check_contract(parlour.make("meusueb"), seeds=range(20))

Each check raises :class:`ContractError` (an ``AssertionError``) naming the
seed, the step and what went wrong.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Iterable
from typing import Any

from parlour.game import Game, IllegalAction, State, copy_rng


class ContractError(AssertionError):
    """A game broke the protocol."""


def check_contract(
    game: Game,
    seeds: Iterable[int] = range(10),
    *,
    max_steps: int = 5000,
    probe_every: int = 1,
    hidden_every: int = 1,
) -> int:
    """Play random games from each seed and check every protocol promise along the way.

    Returns the number of actions checked.  ``probe_every`` and ``hidden_every``
    thin out the costlier per-step checks for long games.
    """
    steps = 0
    for seed in seeds:
        steps += _check_one_game(game, seed, max_steps, probe_every, hidden_every)
    return steps


def _snapshot(state: State) -> str:
    """Everything the protocol exposes about a state, as text for equality checks."""
    seats = range(state.game.num_players)
    view: dict[str, Any] = {
        "to_move": state.to_move,
        "over": state.is_over,
        "history": state.history,
        "observations": [state.observation(s) for s in seats],
        "legal": [] if state.is_over else sorted(str(a) for a in state.legal_actions()),
    }
    if state.is_over:
        view["payoffs"] = state.payoffs()
    return json.dumps(view, sort_keys=True)


def _fail(seed: int, step: int, message: str) -> ContractError:
    return ContractError(f"seed {seed}, step {step}: {message}")


def _check_one_game(game: Game, seed: int, max_steps: int, probe: int, hidden: int) -> int:
    state = game.new_state(seed=seed)
    chooser = random.Random(seed * 7919 + 1)
    step = probes = 0
    try:
        while not state.is_over:
            if step >= max_steps:
                raise _fail(seed, step, f"game not over after {max_steps} actions")
            seat = state.to_move
            if seat is None or not 0 <= seat < game.num_players:
                raise _fail(seed, step, f"to_move is {seat!r} while the game is not over")
            legal = state.legal_actions()
            if not legal:
                raise _fail(seed, step, "no legal actions while the game is not over")
            texts = [str(a) for a in legal]
            if len(set(texts)) != len(texts):
                raise _fail(seed, step, f"two legal actions share a text: {sorted(texts)}")
            for s in range(game.num_players):
                json.dumps(state.observation(s))
            if step % probe == 0:
                before = _snapshot(state)  # each check leaves the state as it found it
                _check_illegal_refused(state, before, seed, step)
                _check_observations_are_copies(state, before, seed, step)
                _check_clone_independent(state, before, legal, seed, step)
                probes += 1
                if probes % 7 == 1:  # costly: a replay and a whole game, one probe in seven
                    _check_replayed_plays_on(state, before, seed, step)
            if state.game.num_players > 1 and step % hidden == 0:
                _check_hidden(state, seed, step)
            action = chooser.choice(legal)
            roll = chooser.random()
            if roll < 0.5:
                action = str(action)  # the canonical text must be accepted too
            elif roll < 0.6:
                action = _Named(str(action))  # and any object whose text it is
            state.apply(action)
            step += 1
        _check_final(game, state, seed, step)
        return step
    except ContractError:
        raise
    except Exception as err:  # the game's own error, named with where it happened
        raise _fail(seed, step, f"the game raised {err!r}") from err


class _Named:
    """A client's own action object: the protocol knows an action by its text."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __str__(self) -> str:
        return self.text


def _check_illegal_refused(state: State, before: str, seed: int, step: int) -> None:
    for junk in ("@not-an-action@", ""):
        try:
            state.apply(junk)
        except IllegalAction as err:
            if not str(err):
                raise _fail(seed, step, "IllegalAction without a message") from err
        else:
            raise _fail(seed, step, f"the junk action {junk!r} was accepted")
        if _snapshot(state) != before:
            raise _fail(seed, step, f"refusing {junk!r} changed the state")


def _check_observations_are_copies(state: State, before: str, seed: int, step: int) -> None:
    """A client that empties every list and dict of its observation changes nothing."""
    for seat in range(state.game.num_players):
        _vandalise(state.observation(seat))
        if _snapshot(state) != before:
            raise _fail(seed, step, f"editing seat {seat}'s observation changed the state")


def _vandalise(value: Any) -> None:
    """Empty every list and dict inside ``value``, in place, innermost first."""
    if isinstance(value, dict):
        for item in value.values():
            _vandalise(item)
        value.clear()
    elif isinstance(value, list):
        for item in value:
            _vandalise(item)
        value.clear()


def _check_clone_independent(
    state: State, before: str, legal: list[Any], seed: int, step: int
) -> None:
    chance = state.rng.getstate() if type(state.rng) is random.Random else None
    twin = state.clone()
    if _snapshot(twin) != before:
        raise _fail(seed, step, "a clone differs from its original")
    twin.apply(legal[-1])
    if step % 3 == 0:  # on to the end, through any chance the clone meets (a new deal)
        _play_on(twin, random.Random(seed + step))
    if _snapshot(state) != before:
        raise _fail(seed, step, "acting on a clone changed the original")
    if chance is not None and state.rng.getstate() != chance:
        raise _fail(seed, step, "playing a clone moved the original's random generator")


def _check_hidden(state: State, seed: int, step: int) -> None:
    rng = random.Random(seed * 31 + step)
    players = state.game.num_players
    hides = type(state)._resample is not State._resample  # the game has secrets to re-draw
    for seat in range(players):
        mine = json.dumps(state.observation(seat), sort_keys=True)
        other = state.resample_hidden(seat, rng)
        if json.dumps(other.observation(seat), sort_keys=True) != mine:
            raise _fail(
                seed, step, f"seat {seat}'s observation changed when others' secrets were re-drawn"
            )
        if other.to_move != state.to_move:
            raise _fail(seed, step, "re-drawing hidden information changed whose turn it is")
        if _same_future(state, other):
            raise _fail(
                seed, step, f"a state re-drawn for seat {seat} keeps the true game's chance to come"
            )
        if hides and any("chance" in e for e in state.history):
            _check_redraws_differ(state, other, seat, rng, seed, step)
        if seat == step % players and hides:
            _check_replays(other, seed, step, "a re-drawn state")
            _check_plays_on(other, rng, seed, step)


def _same_future(state: State, other: State) -> bool:
    """Whether the next draws of the re-drawn state's generator are the true state's (a
    secure generator's are nobody's to know)."""
    if type(state.rng) is not random.Random or type(other.rng) is not random.Random:
        return False
    return copy_rng(state.rng).getrandbits(64) == copy_rng(other.rng).getrandbits(64)


#: re-draws that must not all be the truth: one that gives the truth at most half the time
#: (a secret that is one of two cards, or more) fails a sound game with chance 2 ** -40
_REDRAWS = 40


def _check_redraws_differ(
    state: State, first: State, seat: int, rng: random.Random, seed: int, step: int
) -> None:
    """Once chance has dealt, a game that re-draws secrets must not hand back the truth: in
    ``_REDRAWS`` re-draws for ``seat``, the record or another seat's view must change (the
    record alone where the others' cards are all known, as in Whiskey after a ``swap-all``
    from a face-up widow, but the stock is still re-drawn)."""
    others = [s for s in range(state.game.num_players) if s != seat]
    views: list[Any] = []
    for k in range(_REDRAWS):
        other = state.resample_hidden(seat, rng) if k else first
        if other.history != state.history:
            return
        views = views or [state.observation(s) for s in others]
        if [other.observation(s) for s in others] != views:
            return
    raise _fail(seed, step, f"{_REDRAWS} re-draws for seat {seat} all gave back the true state")


def _check_replays(state: State, seed: int, step: int, what: str) -> None:
    """A re-drawn state's history records its cards: its JSON history replays to it."""
    try:
        replayed = state.game.replay(json.loads(json.dumps(state.history)))
    except Exception as err:
        raise _fail(seed, step, f"the history of {what} does not replay: {err!r}") from err
    if _snapshot(replayed) != _snapshot(state):
        raise _fail(seed, step, f"the history of {what} replays to a different state")


def _check_plays_on(state: State, rng: random.Random, seed: int, step: int) -> None:
    """A re-drawn state is one that could have been: random play from it reaches the end,
    its payoffs add up as the game's must, and its history still replays to it (the cards
    drawn in play came from the re-drawn stock that the record names)."""
    try:
        _play_on(state, rng)
        payoffs = state.payoffs() if state.is_over else None
    except Exception as err:
        raise _fail(seed, step, f"play from a re-drawn state failed: {err!r}") from err
    total = state.game.payoff_total
    if payoffs is None:
        raise _fail(seed, step, "play from a re-drawn state did not end")
    if total is not None and not math.isclose(sum(payoffs), total, abs_tol=1e-9):
        raise _fail(seed, step, f"payoffs {payoffs} of a re-drawn state do not sum to {total}")
    _check_replays(state, seed, step, "a re-drawn state played on")


def _check_replayed_plays_on(state: State, before: str, seed: int, step: int) -> None:
    """An unfinished game rebuilt from its record can be played on to the end (the record
    used up, chance is fresh) and leaves the original as it was."""
    replayed = state.game.replay(json.loads(json.dumps(state.history)))
    replayed.rng = random.Random(seed + step)  # fresh chance, but a failure can be rerun
    try:
        _play_on(replayed, random.Random(seed + step))
    except Exception as err:
        raise _fail(seed, step, f"play from a replayed state failed: {err!r}") from err
    if not replayed.is_over:
        raise _fail(seed, step, "play from a replayed state did not end")
    if _snapshot(state) != before:
        raise _fail(seed, step, "playing on a replayed state changed the original")


def _play_on(state: State, rng: random.Random, max_steps: int = 5000) -> None:
    """Random legal actions until the game ends (or ``max_steps``, for the caller to judge)."""
    for _ in range(max_steps):
        if state.is_over:
            return
        state.apply(rng.choice(state.legal_actions()))


def _check_final(game: Game, state: State, seed: int, step: int) -> None:
    if state.to_move is not None:
        raise _fail(seed, step, "to_move is not None after the game ended")
    if state.legal_actions():
        raise _fail(seed, step, "legal actions remain after the game ended")
    try:
        state.apply("@after-the-end@")
    except IllegalAction:
        pass
    else:
        raise _fail(seed, step, "an action was accepted after the game ended")
    payoffs = state.payoffs()
    if len(payoffs) != game.num_players:
        raise _fail(seed, step, f"{len(payoffs)} payoffs for {game.num_players} seats")
    if game.payoff_total is not None and not math.isclose(
        sum(payoffs), game.payoff_total, abs_tol=1e-9
    ):
        raise _fail(seed, step, f"payoffs {payoffs} do not sum to {game.payoff_total}")
    history = json.loads(json.dumps(state.history))
    replayed = game.replay(history)
    if _snapshot(replayed) != _snapshot(state):
        raise _fail(seed, step, "replaying the JSON history gave a different state")
    again = game.new_state(seed=seed)
    if again.history != state.history[: len(again.history)]:
        raise _fail(seed, step, "the same seed dealt differently")


def play_random(game: Game, seed: int, max_steps: int = 100_000) -> State:
    """Play one game to the end with uniformly random legal actions."""
    state = game.new_state(seed=seed)
    _play_on(state, random.Random(seed), max_steps)
    if not state.is_over:
        raise ContractError(f"seed {seed}: game not over after {max_steps} actions")
    return state
