"""The contract checks (parlour.testing) catch games that break the protocol's promises.

Each broken game is the tiny Kuhn poker of ``tests/core/kuhn.py`` with one promise broken; the
checker must fail it with its own complaint (DESIGN.md: random play to the end, refusals that
change nothing, replay and JSON round trips, independent clones, payoffs, hidden information).
"""

from __future__ import annotations

import random
import secrets
from typing import Any

import pytest

import parlour
from parlour.game import Game, State
from parlour.testing import ContractError, check_contract, play_random
from tests.core.kuhn import CoinState, Kuhn, KuhnState


class _LeakyState(KuhnState):
    def _observe(self, seat):
        obs = super()._observe(seat)
        obs["other_card"] = "JQK"[self.cards[1 - seat]]  # leaks the opponent's card
        return obs


class _Leaky(Kuhn):
    name = "kuhn-leaky"
    state_class = _LeakyState


class _NonZeroState(KuhnState):
    def _payoffs(self):
        return [1.0, 1.0]


class _NonZero(Kuhn):
    name = "kuhn-nonzero"
    state_class = _NonZeroState


class _SloppyState(KuhnState):
    def _why_illegal(self, action):
        return None  # accepts anything


class _Sloppy(Kuhn):
    name = "kuhn-sloppy"
    state_class = _SloppyState


class _SharedCloneState(KuhnState):
    def clone(self):
        twin = super().clone()
        twin.moves = self.moves  # shares the list with the original
        return twin


class _SharedClone(Kuhn):
    name = "kuhn-shared"
    state_class = _SharedCloneState


def _other_card_swapped(state, seat):
    """A clone in which the opponent holds the third card (the record not told)."""
    other = state.clone()
    other.cards[1 - seat] = 3 - other.cards[seat] - other.cards[1 - seat]
    return other


class _UnrecordedState(KuhnState):
    def _resample(self, seat, rng):
        return _other_card_swapped(self, seat)  # the record still names the card dealt


class _Unrecorded(Kuhn):
    name = "kuhn-unrecorded"
    state_class = _UnrecordedState


class _ForeseeingState(KuhnState):
    def resample_hidden(self, seat, rng):  # the old way: a clone keeps the true generator
        other = _other_card_swapped(self, seat)
        other.history[0]["outcome"] = list(other.cards)
        return other


class _Foreseeing(Kuhn):
    name = "kuhn-foreseeing"
    state_class = _ForeseeingState


class _TruthfulState(KuhnState):
    def _resample(self, seat, rng):
        return self.clone()  # the opponent's card as dealt


class _Truthful(Kuhn):
    name = "kuhn-truthful"
    state_class = _TruthfulState


@pytest.mark.parametrize(
    ("broken", "complaint"),
    [
        (_Leaky, "observation changed when others' secrets were re-drawn"),
        (_NonZero, "do not sum to 0"),
        (_Sloppy, "was accepted"),
        (_SharedClone, "acting on a clone changed the original"),
        (_Unrecorded, "history of a re-drawn state replays to a different state"),
        (_Foreseeing, "keeps the true game's chance to come"),
        (_Truthful, "re-draws for seat 0 all gave back the true state"),
    ],
)
def test_contract_checks_catch_broken_games(broken, complaint):
    with pytest.raises(ContractError, match=complaint):
        check_contract(broken(), seeds=range(20))


def test_play_random_finishes():
    assert play_random(parlour.make("kuhn-test"), seed=9).is_over


class _OffTableState(KuhnState):
    @property
    def to_move(self) -> int | None:
        return None if self.is_over else len(self.moves) % 2 + 2  # seats 2 and 3 of two


class _DoubledState(KuhnState):
    def legal_actions(self) -> list[str]:
        legal = super().legal_actions()
        return legal + legal[:1]  # the first action listed twice


class _AliasedViewState(KuhnState):
    def _observe(self, seat: int) -> dict[str, Any]:
        view = super()._observe(seat)
        view["moves"] = self.moves  # the state's own list, not a copy
        return view


class _Act:
    def __init__(self, word: str) -> None:
        self.word = word

    def __str__(self) -> str:
        return self.word


class _AttrActionState(KuhnState):
    """Actions are objects, and _apply reads their attribute: a client's own action object
    (known by its text) passes _why_illegal and then breaks _apply."""

    def legal_actions(self) -> list[Any]:
        return [_Act(w) for w in super().legal_actions()]

    def _apply(self, action: Any) -> None:
        self.moves.append(action.word)


class _SilentRefusalState(KuhnState):
    def _why_illegal(self, action: Any) -> str | None:
        return None if super()._why_illegal(action) is None else ""


class _CountingRefusalsState(KuhnState):
    def _why_illegal(self, action: Any) -> str | None:
        why = super()._why_illegal(action)
        if why is not None:
            self.refusals = getattr(self, "refusals", 0) + 1
        return why

    def _observe(self, seat: int) -> dict[str, Any]:
        return {**super()._observe(seat), "refusals": getattr(self, "refusals", 0)}


class _EmptyTextState(KuhnState):
    def _parse(self, text: str) -> Any:
        return super()._parse(text or str(self.legal_actions()[0]))  # "" as the first action


class _HistorylessCloneState(KuhnState):
    def clone(self):
        twin = super().clone()
        twin.history = []
        return twin


class _SharedRngCloneState(CoinState):
    def clone(self):
        twin = super().clone()
        twin.rng = self.rng
        return twin


class _RedrawnPayoffsState(KuhnState):
    def _resample(self, seat: int, rng: random.Random) -> State:
        other = super()._resample(seat, rng)
        other.redrawn = True
        return other

    def _payoffs(self) -> list[float]:
        pay = super()._payoffs()
        return [pay[0] + 1, pay[1]] if getattr(self, "redrawn", False) else pay


class _StaleRngState(KuhnState):
    """Tosses a coin after each move from the generator it was made with, not ``self.rng``:
    after a replay that is the replay's _NoRandom, so the record cannot be played on."""

    def __init__(self, game: Game, rng: random.Random, script: Any = None) -> None:
        super().__init__(game, rng, script)
        self.made_with = rng

    def _apply(self, action: Any) -> None:
        super()._apply(action)
        if not self.is_over:
            self._chance("coin", lambda r: int(self.made_with.random() < 0.5))


class _EndlessReplayState(KuhnState):
    """Ends only when dealt by new_state: a replayed state plays on for ever."""

    @property
    def is_over(self) -> bool:
        return getattr(self, "dealt", False) and super().is_over

    def legal_actions(self) -> list[str]:
        if self.is_over:
            return []
        return ["call", "fold"] if self.moves and self.moves[-1] == "bet" else ["check", "bet"]


class _EndlessReplay(Kuhn):
    name = "kuhn-endless-replay"
    state_class = _EndlessReplayState

    def new_state(self, seed: int | None = None) -> State:
        state = super().new_state(seed)
        state.dealt = True
        return state


class _ToMoveAfterEndState(KuhnState):
    @property
    def to_move(self) -> int | None:
        return len(self.moves) % 2


class _LegalAfterEndState(KuhnState):
    def legal_actions(self) -> list[str]:
        return ["check", "bet"] if self.is_over else super().legal_actions()


class _ThreePayoffsState(KuhnState):
    def _payoffs(self) -> list[float]:
        return [*super()._payoffs(), 0.0]


class _SwappedAfterDeal(Kuhn):
    """Swaps the hands after the recorded deal, where the record cannot see: a replay of the
    record deals them unswapped."""

    name = "kuhn-swapped"

    def new_state(self, seed: int | None = None) -> State:
        state = super().new_state(seed)
        state.cards = state.cards[::-1]
        return state


class _UnseededDealState(KuhnState):
    """Records its deal, but draws it from the operating system whatever the seed."""

    def __init__(self, game: Game, rng: random.Random, script: Any = None) -> None:
        State.__init__(self, game, rng, script)
        self.cards = self._chance("deal", lambda r: secrets.SystemRandom().sample([0, 1, 2], 2))
        self.moves = []


class _StuckState(KuhnState):
    def legal_actions(self) -> list[str]:
        return [] if self.moves == ["check"] else super().legal_actions()


class _SetInViewState(KuhnState):
    def _observe(self, seat: int) -> dict[str, Any]:
        view = super()._observe(seat)
        if len(self.moves) == 1 and not self.is_over:
            view["seen"] = {1, 2}  # a set: not JSON
        return view


def _broken(state_class: type, base: type[Game] = Kuhn) -> Game:
    if issubclass(state_class, Game):
        return state_class()
    return type(f"Broken{state_class.__name__}", (base,), {"state_class": state_class})()


@pytest.mark.parametrize(
    ("state_class", "complaint", "options"),
    [
        # testing.py:75, `if seat is None or not 0 <= seat < game.num_players:`
        # -> `if seat is None:`
        (_OffTableState, "to_move is 2 while the game is not over", {}),
        # testing.py:81, `if len(set(texts)) != len(texts):` -> `if False:`
        (_DoubledState, "two legal actions share a text", {}),
        # testing.py:88, `_check_observations_are_copies(...)` call dropped (or its raise, :138)
        (_AliasedViewState, "editing seat 0's observation changed the state", {}),
        # testing.py:100, `action = _Named(str(action))` -> `action = action`
        (_AttrActionState, "AttributeError", {}),
        # testing.py:126, `if not str(err):` -> `if False:`
        (_SilentRefusalState, "IllegalAction without a message", {}),
        # testing.py:130, `if _snapshot(state) != before:` (after refusing junk) -> `if False:`
        (_CountingRefusalsState, "refusing '@not-an-action@' changed the state", {}),
        # testing.py:122, `("@not-an-action@", "")` -> `("@not-an-action@",)`
        (_EmptyTextState, "the junk action '' was accepted", {}),
        # testing.py:159, `if _snapshot(twin) != before:` -> `if False:`
        (_HistorylessCloneState, "a clone differs from its original", {}),
        # testing.py:166, `if chance is not None and state.rng.getstate() != chance:` -> `if False:`
        (_SharedRngCloneState, "playing a clone moved the original's random generator", {}),
        # testing.py:248, the re-drawn state's payoff-sum check -> `if False:`
        (_RedrawnPayoffsState, "of a re-drawn state do not sum to 0", {}),
        # testing.py:91, `if probes % 7 == 1:` -> `if probes % 7 == 8:` (no replay played on)
        (_StaleRngState, "play from a replayed state failed", {}),
        # testing.py:277, `if state.to_move is not None:` -> `if False:`
        (_ToMoveAfterEndState, "to_move is not None after the game ended", {}),
        # testing.py:279, `if state.legal_actions():` -> `if False:`
        (_LegalAfterEndState, "legal actions remain after the game ended", {}),
        # testing.py:288, `if len(payoffs) != game.num_players:` -> `if False:`
        (_ThreePayoffsState, "3 payoffs for 2 seats", {}),
        # testing.py:296, the final replay-equality check -> `if False:`
        (_SwappedAfterDeal, "replaying the JSON history gave a different state", {}),
        # testing.py:299, `if again.history != state.history[...]:` -> `if False:`
        (_UnseededDealState, "the same seed dealt differently", {}),
        # testing.py:78, `if not legal:` -> `if False:` (then only "the game raised IndexError")
        (_StuckState, "no legal actions while the game is not over", {}),
        # testing.py:84, `json.dumps(state.observation(s))` -> `state.observation(s)`; with the
        # costly checks thinned out, only this one reads a mid-game view as JSON
        (_SetInViewState, "not JSON serializable", {"probe_every": 100, "hidden_every": 100}),
    ],
)
def test_contract_checks_catch_more_broken_games(state_class, complaint, options):
    with pytest.raises(ContractError, match=complaint):
        check_contract(_broken(state_class), seeds=range(20), **options)


# testing.py:262, `if not replayed.is_over:` -> `if False:`
def test_contract_checks_catch_a_replayed_state_that_never_ends():
    with pytest.raises(ContractError, match="play from a replayed state did not end"):
        check_contract(_EndlessReplay(), seeds=range(3))


# testing.py:72, `if step >= max_steps:` -> `if False:`
def test_contract_checks_stop_a_game_at_max_steps():
    with pytest.raises(ContractError, match="game not over after 2 actions"):
        check_contract(parlour.make("kuhn-test"), seeds=range(20), max_steps=2)


# testing.py:307, play_random's `if not state.is_over: raise ContractError` -> `if False:`
def test_play_random_says_when_a_game_is_not_over_after_max_steps():
    with pytest.raises(ContractError, match="game not over after 1 actions"):
        play_random(parlour.make("kuhn-test"), seed=9, max_steps=1)
