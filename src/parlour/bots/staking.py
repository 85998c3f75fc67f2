"""Pot-odds staking, shared by the strong poker players (Draw Poker's, Straight's, Stud's).

Given its equity (its expected share of the pool at the show) a player raises or bets for
value when the equity is well above its fair share of the hands still in, the most the
limit allows when far above; it checks (or passes) when it may; first to speak where it
may not check it bets the least or drops (W-9) by whether the bet pays; and it calls when
the price is worth its equity (pot odds).

>>> texts = {t: t for t in ("fold", "call", "raise 1", "raise 5")}
>>> for_value(0.9, 2, growth(texts), raises=0)
'raise 5'
>>> meet(0.1, texts, growth(texts), owe=5, pot=12)
'fold'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from parlour.game import GameOptionError

# The seeds give no figures for these three: they are the player's own judgment, and
# benchmarks/poker_bots.py measures what they win.
#: a value bet: equity this far from its fair share (1 / hands in) toward 1
VALUE = 0.15
#: the most the limit allows: equity this far toward 1
BIG = 0.4
#: the raises it makes in one interval before it only calls
MAX_RAISES = 3
#: the fewest deals a strong player samples a decision (``samples``)
MIN_SAMPLES = 20
#: the actions that put up more than the price
GROWTH = ("raise", "bet", "open")


def share_in_words(
    equity: float, others: int, what: str = "its share of the pool at the show at {}"
) -> str:
    """The equity a stake is judged by, in words for a hint (``what`` says what it is).

    >>> share_in_words(0.4321, 2)
    'it reckons its share of the pool at the show at 43% against 2 other hands (fair: 33%)'
    """
    hands = "hand" if others == 1 else "hands"
    fair = 1 / (others + 1)
    return (f"it reckons {what.format(f'{equity:.0%}')} against {others} other {hands} "
            f"(fair: {fair:.0%})")  # fmt: skip


def growth(texts: Mapping[str, Any]) -> list[tuple[int, Any]]:
    """The bets, raises and opens among the legal actions (by text), least first."""
    found = [(int(t.split()[1]), a) for t, a in texts.items() if t.split()[0] in GROWTH]
    return sorted(found, key=lambda pair: pair[0])


def for_value(equity: float, hands: int, ups: Sequence[tuple[int, Any]], raises: int) -> Any:
    """The raise or bet a hand of ``equity`` among ``hands`` makes for value, or None."""
    fair = 1 / hands
    if not ups or raises >= MAX_RAISES or equity < fair + VALUE * (1 - fair):
        return None
    return ups[-1][1] if equity >= fair + BIG * (1 - fair) else ups[0][1]


def meet(
    equity: float, texts: Mapping[str, Any], ups: Sequence[tuple[int, Any]], owe: int, pot: int
) -> Any:
    """Check or pass where it may; else bet the least or drop (W-9) when nothing is owed;
    else call if ``equity`` of the ``pot`` once called is worth the ``owe``, or fold."""
    free = texts.get("check") or texts.get("pass")
    if free is not None:
        return free
    if owe == 0 and ups:  # W-9: bet or drop
        least = ups[0][0]
        return ups[0][1] if equity * (pot + 2 * least) >= least else texts["fold"]
    if "call" in texts and equity * pot >= owe:
        return texts["call"]
    return texts.get("fold") or next(iter(texts.values()))


def pot_if_called(pool: int, price: int, put: Sequence[int], out: Sequence[bool], seat: int,
                  stacks: Sequence[int] | None = None) -> tuple[int, int]:  # fmt: skip
    """What ``seat`` puts up to call, and the pool it can win once it has and every other
    hand still in (not ``out``) has met it (``put``: what each has put up in this interval).

    Under table stakes (``stacks``: the chips each has behind) a call costs at most the
    seat's chips, a hand short of chips meets it only as far as they go, and what others
    put up beyond the seat's call is a side pool it cannot win.

    >>> pot_if_called(9, 5, [0, 5], [False, False], 0)  # owe 5, for 9 + 5
    (5, 14)
    >>> pot_if_called(9, 5, [0, 5], [False, False], 0, stacks=[1, 43])  # all-in for 1
    (1, 6)
    """
    room = [1 << 60] * len(put) if stacks is None else stacks
    level = min(price, put[seat] + room[seat])
    pot = pool + level - put[seat]
    for s, p in enumerate(put):
        if s != seat:
            pot -= max(0, p - level)
            pot += 0 if out[s] else max(0, min(level, p + room[s]) - p)
    return level - put[seat], pot


def samples(game: Any, n: int) -> int:
    """A strong player's ``samples`` option: refused below :data:`MIN_SAMPLES`, naming the
    bot, rather than played as another number."""
    if n < MIN_SAMPLES:
        raise GameOptionError(
            f"{game.name} strong: samples must be {MIN_SAMPLES} or more, not {n} "
            f"(deals sampled a decision)"
        )
    return n
