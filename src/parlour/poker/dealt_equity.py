"""Equity in the games without a draw, Straight Poker (V-1), Stud (V-2, V-3) and Whiskey
Poker (V-4..V-7), by Monte Carlo over the cards a seat has not seen, whole batches at once
(draw_equity's pieces).

Each opponent still in holds the cards the seat knows are its (Stud's up cards, those it
took from Whiskey Poker's widow) and cards drawn from the unseen ones: its hole card, then,
where cards are still to come (V-3), those too; its betting weighs its hands: a call, a bet
or a raise says it holds at least a pair, jacks or better, two pairs (draw_equity's
classes), and a hand short of that is weighed ``DOUBT`` times as much for each class it
lacks (a bluff).  The seat's own missing cards are drawn the same way.  As in draw_equity,
no card lies in two hands at one show: each hand is drawn from the cards the hands before it
left.

>>> from parlour.poker.ranking import Ranking
>>> from parlour.cards import parse_cards
>>> sampler = Sampler(Ranking(), seed=0)
>>> royal = [int(c) for c in parse_cards("As Ks Qs Js Ts")]
>>> equity(sampler, [royal], [Shown(bets=RAISED)], known=royal)
[1.0]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from parlour.cards import ACE, JACK, JOKER_CODE
from parlour.poker.draw_equity import DOUBT, SAMPLES, Field, Sampler
from parlour.poker.fast import evaluate_batch

__all__ = ["BET", "CALLED", "RAISED", "Sampler", "Shown", "equity", "showdown"]

#: what an opponent's strongest act says of its hand: nothing, a call (or coming in), a
#: bet, a raise
CALLED, BET, RAISED = 1, 2, 3


@dataclass(frozen=True)
class Shown:
    """One opponent still in: ``up``, the cards known to be its (Stud's up cards, those it
    took from Whiskey Poker's widow); ``held``, how many cards it holds now (its up cards
    and its hole card; 5 in Straight and Whiskey Poker); ``bets``, its strongest act so far
    (0, ``CALLED``, ``BET`` or ``RAISED``); ``tries``: its hand is the best of this many
    drawn (Whiskey Poker's exchanges better it); ``narrow``: each hand is weighed by its
    place among those drawn (0 to 1) to this power (what its bets and raises say)."""

    up: tuple[int, ...] = ()
    held: int = 5
    bets: int = 0
    tries: int = 1
    narrow: float = 0.0


def klass(sampler: Sampler, cards: np.ndarray) -> np.ndarray:
    """Each row's class as draw_equity reads five cards (0 nothing, 1 a small pair, 2 jacks
    or better, 3 two pairs or better); fewer cards count their pairs and threes only, a
    wild Joker as a pair of its highest card, the bug as an ace (R2.8)."""
    if cards.shape[1] == 5:
        return sampler.klass(evaluate_batch(cards, sampler.ranking))
    h = cards.astype(np.int64)
    joker = h == JOKER_CODE
    if sampler.ranking.rules.joker == "bug":  # R2.8: it pairs aces only
        h = np.where(joker, ACE << 2, h)
        joker = np.zeros_like(joker)
    r = np.where(joker, 16 + np.arange(h.shape[1]), h >> 2)
    grouped = (r[:, :, None] == r[:, None, :]).sum(axis=2) >= 2
    n_grouped = grouped.sum(axis=1)
    pair_rank = np.where(grouped, r, -1).max(axis=1)
    high = np.where(joker, -1, r).max(axis=1)
    pair_rank = np.where(joker.any(axis=1), np.maximum(pair_rank, high), pair_rank)
    n_grouped = n_grouped + 2 * joker.any(axis=1)
    return np.where(n_grouped >= 3, 3, np.where(n_grouped == 2, 1 + (pair_rank >= JACK), 0))


def equity(
    sampler: Sampler,
    choices: Sequence[Sequence[int]],
    opponents: Sequence[Shown],
    known: Sequence[int],
    n: int = SAMPLES,
) -> list[float]:
    """For each hand of ``choices`` (five cards, or fewer with the rest to come; none: a
    hand still to be dealt, Whiskey Poker's widow), its expected share of the pool at the
    show against ``opponents`` (the same sampled opponents for every choice); ``known``:
    every card the seat has seen (its own, every up card)."""
    return showdown(sampler, choices, opponents, known, n)[0]


def showdown(
    sampler: Sampler,
    choices: Sequence[Sequence[int]],
    opponents: Sequence[Shown],
    known: Sequence[int],
    n: int = SAMPLES,
) -> tuple[list[float], list[float]]:
    """For each hand of ``choices``, as :func:`equity`, its share of the pool at the show,
    and its chance of not holding the poorest hand there (Whiskey Poker's poorest-pays and
    lives games, V-7, R7.7)."""
    unseen = sampler.unseen(known)
    field = Field(n)
    for who in opponents:
        hand = _best_of(sampler, who.up, unseen, n, who.tries, field.taken)
        weight = DOUBT ** np.maximum(who.bets - klass(sampler, hand[:, : who.held]), 0)
        if who.narrow:
            value = evaluate_batch(hand, sampler.ranking)
            place = np.searchsorted(np.sort(value), value, side="right") / n  # share <= it
            weight = weight * place**who.narrow
        field.add(hand, weight, sampler.ranking)
    shares, spared = [], []
    for mine in choices:
        hand = _complete(sampler, tuple(mine), unseen, n, field.taken)
        value = evaluate_batch(hand, sampler.ranking)
        shares.append(field.mean(field.share(value)))
        spared.append(field.mean(field.spared(value)))
    return shares, spared


def _complete(
    sampler: Sampler, fixed: tuple[int, ...], unseen: np.ndarray, n: int, taken: np.ndarray
) -> np.ndarray:
    """``n`` hands of five: the ``fixed`` cards, then cards drawn from ``unseen``, hand
    ``i`` none of ``taken[i % len(taken)]`` (the cards of show ``i``'s other hands)."""
    held = np.tile(np.array(fixed, dtype=np.int8), (n, 1)).reshape(n, len(fixed))
    if len(fixed) == 5:
        return held
    drawn = sampler.deals(unseen, n, np.resize(taken, n))[:, : 5 - len(fixed)]
    return np.concatenate([held, drawn], axis=1)


def _best_of(
    sampler: Sampler,
    fixed: tuple[int, ...],
    unseen: np.ndarray,
    n: int,
    tries: int,
    taken: np.ndarray,
) -> np.ndarray:
    """``n`` hands as :func:`_complete` draws them, each the best of ``tries`` so drawn."""
    if tries == 1:
        return _complete(sampler, fixed, unseen, n, taken)
    hands = _complete(sampler, fixed, unseen, n * tries, taken).reshape(tries, n, 5)
    best = evaluate_batch(hands.reshape(-1, 5), sampler.ranking).reshape(tries, n).argmax(axis=0)
    return hands[best, np.arange(n)]
