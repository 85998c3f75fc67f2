"""Draw Poker equity by Monte Carlo, whole batches of deals at once with numpy.

A seat's *equity* is its expected share of the pool at the show: 1 for a win, split
among those tied.  The opponents' hands are drawn from the cards the seat has not seen;
where a hand is still to draw it draws as the ``book`` bot would (A-2, S4), and what it
has shown of itself (coming in, opening, its draw count, A-4) narrows its hands down:
hands that could not have done so are rejected, hands a raise makes less likely weighed
down.  No card lies in two hands at one show: each opponent's hand is dealt among the
fitting hands that share no card with the hands dealt before it (:attr:`Field.taken`), the
show weighed by how many such hands there were, and then each draw, like the seat's own,
from the cards all the hands left.  At a full table (five others or more, or hands that few
fit) few of a later opponent's fitting hands are left free: each show then deals its hands
from its own cards left, taking one that fits.  Where the stock runs short the draws take
the discards, as W-8 shuffles them in.  A decision takes a few milliseconds.

>>> from parlour.poker.ranking import Ranking
>>> from parlour.cards import parse_cards
>>> sampler = Sampler(Ranking(), seed=0)
>>> royal = [int(c) for c in parse_cards("As Ks Qs Js Ts")]
>>> round(sampler.equity([royal], [Opponent()], known=royal)[0], 2)  # a royal ties a royal
1.0
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from parlour.cards import ACE, JACK, JOKER_CODE
from parlour.poker.fast import evaluate_batch
from parlour.poker.ranking import Ranking

#: deals sampled for an equity: a share's standard error is about 0.5 / sqrt(N), and not below
#: about 0.009 however many, the spread of the call's own CANDIDATES hands (aces kept against
#: three who came in: 0.030 at 300 deals, 0.011 at 4,800, over seeds)
SAMPLES = 300
#: candidate hands tried per opponent before its constraints (a pat hand is about 1 in 40)
CANDIDATES = 1600
#: how much a hand below what an opponent's bet or raise suggests still counts (a bluff)
DOUBT = 0.3
#: A-2's "sometimes", which the seeds put no figure on: how often the book stands pat on two
#: pairs, and keeps an ace as a pair's kicker (the ``book`` bot plays by these, and the
#: sampler draws the book's hands by them)
PAT_ON_TWO_PAIRS = 0.25
ACE_KICKER = 0.5
#: the least hands fitting what an opponent showed that its sample is drawn from: with fewer,
#: a share's standard error was three times the ``SAMPLES`` one (an opponent who stood pat:
#: about 40 hands of 1,600 fit); and how many times, at most, the candidates are drawn anew,
#: four times as many each time
FITTING, WIDEN = 300, 4
#: the fitting hands tried at each show for an opponent until one shares no card with the
#: hands already there (where all share one, the show counts for nothing: with four
#: opponents who came in, about 1 show in 100) ...
TRIES = 64
#: ... unless this share of the shows or fewer finds one (five opponents or more, or hands
#: that few fit, as pat hands): then each show deals this many hands from its own cards left
FREE_SHOWS, LEFT_TRIES = 0.95, 16


def bits(cards: np.ndarray) -> np.ndarray:
    """Each row's cards as the bits of one number (every card's code is below 64).

    >>> int(bits(np.array([[0, 3]]))[0])
    9
    """
    one = np.uint64(1)
    return np.bitwise_or.reduce(one << cards.astype(np.uint64), axis=1)


@dataclass(frozen=True)
class Opponent:
    """What one opponent still in has shown of its hand.

    ``drew``: its draw count (None: not drawn yet, or not shown, W-4); ``drawn``: whether
    it has drawn (so its hand is final); ``came_in``: it put chips up before the draw, so
    it holds a hand worth playing; ``opener``: the least pair rank it opened a Jack-Pot on
    (J-3, None: it did not open); ``below``: the least pair that opens a Jack-Pot it passed
    (J-3: it holds less); ``raised_before``: it raised before the draw; ``after``: 0, or 1 if
    it bet after the draw, 2 if it raised.
    """

    drew: int | None = None
    drawn: bool = False
    came_in: bool = False
    opener: int | None = None
    below: int | None = None
    raised_before: bool = False
    after: int = 0


@dataclass(frozen=True)
class Features:
    """Per hand of an ``(N, 5)`` batch, as the book reads hands (A-2, S4)."""

    keep: np.ndarray  # (N, 5) bool: the cards the book keeps at the draw
    playable: np.ndarray  # a pair, a made hand, or four to a flush or straight: it comes in
    value: np.ndarray  # the hand's strength in the ranking
    klass: np.ndarray  # 0 nothing, 1 a small pair, 2 jacks or better, 3 two pairs or better


class Sampler:
    """Samples deals for one ranking (its pack, the Joker) and measures equities."""

    def __init__(self, ranking: Ranking, seed: int | None = None) -> None:
        self.ranking = ranking
        self.rng = np.random.default_rng(seed)
        ranks = sorted({int(c) >> 2 for c in ranking.pack.cards if int(c) != JOKER_CODE})
        self.place = np.full(17, -9, dtype=np.int64)  # -9: the Joker, in no sequence
        for i, rank in enumerate(ranks):
            self.place[rank] = i
        self.low_ace = self.place.copy()
        self.low_ace[ACE] = -1  # the ace below the lowest rank of the pack
        self.pack = [int(c) for c in ranking.pack.cards]
        #: the least strengths of a pair, of jacks, of two pairs: the classes' floors
        self.floors = [ranking.strength("one-pair", (r,)) for r in (0, JACK)]
        self.floors.append(ranking.strength("two-pairs", ()))

    def klass(self, values: np.ndarray) -> np.ndarray:
        """Each strength's class (see :class:`Features`) in the ranking's own order, so a
        Joker's straight or flush, a blaze or a tiger is the made hand it is (what beats
        a pair of jacks, as a four-flush where it counts, is jacks or better)."""
        return np.searchsorted(self.floors, values, side="right")

    def opens(self, values: np.ndarray, least: int) -> np.ndarray:
        """Whether each strength holds openers of ``least`` (J-3: that pair or better)."""
        return values >= self.ranking.strength("one-pair", (least,))

    # -- reading hands
    def features(self, hands: np.ndarray) -> Features:
        """The book's reading of each row (see :class:`Features`)."""
        h = hands.astype(np.int64)
        joker = h == JOKER_CODE
        r = np.where(joker, 16 + np.arange(5), h >> 2)  # the Joker pairs with nothing here
        s = np.where(joker, -1, h & 3)
        cnt = (r[:, :, None] == r[:, None, :]).sum(axis=2)
        grouped = cnt >= 2
        n_grouped = grouped.sum(axis=1)
        flush = (s == s[:, :1]).all(axis=1)
        made = flush.copy()
        four: np.ndarray = np.zeros_like(grouped)
        for place in (self.place, self.low_ace):
            p = place[np.minimum(r, 16)]
            ps = np.sort(p, axis=1)
            distinct: np.ndarray = (n_grouped == 0) & (ps[:, 0] > -9)
            made |= distinct & (ps[:, 4] - ps[:, 0] == 4)
            low = distinct[:, None] & (p < ps[:, 4:5]) & (ps[:, 3:4] - ps[:, :1] == 3)
            high = distinct[:, None] & (p > ps[:, :1]) & (ps[:, 4:5] - ps[:, 1:2] == 3)
            four |= np.where(low.sum(axis=1, keepdims=True) == 4, low, False)
            four |= np.where(high.sum(axis=1, keepdims=True) == 4, high, False)
        # four of a suit, the bug of any suit (a wild Joker makes a pair, drawn to first):
        suited = joker if self.ranking.rules.joker == "bug" else np.zeros_like(joker)
        for suit in range(4):  # the flush draw comes first (S4)
            of = s == suit
            four = np.where(((of | suited).sum(axis=1) == 4)[:, None], of, four)
        order = np.argsort(-h, axis=1)  # highest codes first: the book keeps the top two
        top2 = np.zeros_like(grouped)
        np.put_along_axis(top2, order[:, :2], True, axis=1)
        has_four = np.asarray(four.any(axis=1))
        keep = np.where(
            (n_grouped > 0)[:, None],
            grouped,
            np.where(made[:, None], True, np.where(has_four[:, None], four, top2)),
        )
        # two pairs sometimes stand pat; a pair sometimes keeps an ace kicker
        two_pairs: np.ndarray = (n_grouped == 4) & (cnt.max(axis=1) == 2)
        keep |= (two_pairs & (self.rng.random(len(h)) < PAT_ON_TWO_PAIRS))[:, None]
        odd_ace = ~grouped & (r == ACE)
        pair = (n_grouped == 2)[:, None]
        keep |= pair & odd_ace & (self.rng.random(len(h)) < ACE_KICKER)[:, None]
        keep |= joker  # C-4: the Joker is never thrown
        value = evaluate_batch(hands, self.ranking)
        playable = (n_grouped > 0) | made | has_four | joker.any(axis=1)
        return Features(keep, playable, value, self.klass(value))

    # -- sampling
    def deals(self, unseen: np.ndarray, n: int, *later: np.ndarray) -> np.ndarray:
        """``n`` rows of ten different unseen cards: a hand, then its draw.  Each of
        ``later`` (one row's cards as :func:`bits`, each set apart from the others) comes
        after the cards before it: row ``i`` holds a card of ``later[0][i]`` only where the
        pack has no other left, and so on (a short stock is fed the discards, W-8).

        >>> sampler = Sampler(Ranking(), seed=0)
        >>> five = sampler.pack[:5]  # the pack's first five cards are all it has left
        >>> rows = sampler.deals(sampler.unseen(sampler.pack[5:]), 1, bits(np.array([five[:1]])))
        >>> sorted(rows[0, :4].tolist()) == five[1:], int(rows[0, 4]) == five[0]  # that one last
        (True, True)
        """
        keys = self.rng.random((n, len(unseen)))
        codes = unseen.astype(np.uint64)
        for level, cards in enumerate(later, start=1):  # these sort last
            keys += level * ((cards[:, None] >> codes) & np.uint64(1))
        first = np.argpartition(keys, min(9, len(unseen) - 1), axis=1)[:, :10]
        order = np.take_along_axis(keys, first, axis=1).argsort(axis=1)
        return unseen[np.take_along_axis(first, order, axis=1)]

    def dealt(
        self, who: Opponent, unseen: np.ndarray, n: int, taken: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """``n`` hands dealt to ``who`` that fit what it showed (see :class:`Opponent`), the
        cards that would come to each from the stock, the cards each keeps, and each one's
        weight.  Hand ``i`` shares no card with ``taken[i]`` where one of :data:`TRIES`
        fitting hands does, and is weighed by the share of them that do (the show's odds,
        as the hands dealt before it left the pack); the stock is drawn beside the hands,
        to be dealt anew where others were dealt too (:meth:`field`)."""
        count = CANDIDATES if who.drew in (0, 1) else CANDIDATES // 3
        for _ in range(WIDEN):  # too few hands fit: draw four times as many, and again
            rows = self.deals(unseen, count)
            hand, stock = rows[:, :5], rows[:, 5:]
            f = self.features(hand)
            ok = self._fit(who, f)
            if ok.sum() >= FITTING or not ok.any():  # none fit: the book would not so play
                break
            count *= 4
        weight = self._doubt(who, f)
        if ok.any():
            hand, stock, keep, weight = hand[ok], stock[ok], f.keep[ok], weight[ok]
        else:  # nothing fits: the opponent does not play as the book does
            keep = f.keep
        if not taken.any():  # the first hand dealt
            pick = self.rng.integers(0, len(hand), n)
            return hand[pick], stock[pick], keep[pick], weight[pick]
        tries = self.rng.integers(0, len(hand), (n, TRIES))
        free = (bits(hand)[tries] & taken[:, None]) == 0
        if free.any(axis=1).mean() < FREE_SHOWS:  # few hands left: each show deals its own
            return self._dealt_from_left(who, unseen, taken, float(ok.mean()))
        pick = tries[np.arange(n), free.argmax(axis=1)]
        return hand[pick], stock[pick], keep[pick], weight[pick] * free.mean(axis=1)

    def _dealt_from_left(
        self, who: Opponent, unseen: np.ndarray, taken: np.ndarray, fitting: float
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """As :meth:`dealt`, where the hands dealt before leave few of its fitting hands
        free (``fitting``: the share of all hands that fit): each show deals enough hands
        from the cards it has left for about three to fit (:data:`LEFT_TRIES` at the
        least, 8 times as many at most), takes the first that fits (none: the first,
        weighing nothing) and weighs it by the share that fit (each show has as many cards
        left, so that share is its odds)."""
        n, tries = len(taken), int(np.clip(3 / max(fitting, 1e-9), LEFT_TRIES, 8 * LEFT_TRIES))
        rows = self.deals(unseen, n * tries, np.repeat(taken, tries))
        f = self.features(rows[:, :5])
        ok = (self._fit(who, f) if fitting else np.ones(len(rows), dtype=bool)).reshape(n, tries)
        first = ok.argmax(axis=1) + tries * np.arange(n)
        share = ok.mean(axis=1)
        weight = self._doubt(who, f)[first] * share
        return rows[first, :5], rows[first, 5:], f.keep[first], weight

    def _fit(self, who: Opponent, f: Features) -> np.ndarray:
        """Which hands read as ``f`` could have done what ``who`` showed (A-4, J-3)."""
        ok = np.ones(len(f.keep), dtype=bool)
        if who.came_in:
            ok &= f.playable
        if who.opener is not None:  # J-3: it held openers
            ok &= self.opens(f.value, who.opener)
        if who.below is not None:  # J-3: it passed, so it holds no openers
            ok &= ~self.opens(f.value, who.below)
        if who.drew is not None:
            ok &= (5 - f.keep.sum(axis=1)) == who.drew
        return ok

    @staticmethod
    def _doubt(who: Opponent, f: Features) -> np.ndarray:
        """Each hand's weight for a raise before the draw it is short of (a bluff)."""
        return np.where(who.raised_before & (f.klass < 3), DOUBT, 1.0)

    def field(self, opponents: Sequence[Opponent], unseen: np.ndarray, n: int) -> Field:
        """The other hands at ``n`` sampled shows: each opponent's hand dealt from the cards
        the hands before it left (:meth:`dealt`), then each one's draw, in turn, from the
        cards left after all were dealt, as the book draws (A-2)."""
        field = Field(n)
        deals = []
        for who in opponents:
            hand, stock, keep, weight = self.dealt(who, unseen, n, field.taken)
            field.taken |= bits(hand)
            deals.append((who, hand, stock, keep, weight))
        for who, hand, stock, keep, weight in deals:
            own = bits(hand)
            # the stock is what every hand dealt and drawn left, then the discards, then
            # (never in a game) the others' cards, then its own
            if len(deals) > 1:
                others = field.taken & ~field.discarded & ~own
                stock = self.deals(unseen, n, field.discarded, others, own)[:, :5]
            thrown = np.cumsum(~keep, axis=1) - 1
            final = np.where(keep, hand, np.take_along_axis(stock, np.maximum(thrown, 0), 1))
            field.discarded = (field.discarded | own) & ~bits(final)  # drawn again: held
            if who.after:
                klass = self.features(final).klass
                weight = weight * np.where(klass < 1 + who.after, DOUBT, 1.0)
            field.add(final, weight, self.ranking)
        return field

    def unseen(self, known: Sequence[int]) -> np.ndarray:
        """The pack's cards not in ``known``."""
        gone = set(known)
        return np.array([c for c in self.pack if c not in gone], dtype=np.int8)

    def equity(
        self,
        choices: Sequence[Sequence[int]],
        opponents: Sequence[Opponent],
        known: Sequence[int],
        n: int = SAMPLES,
        implied: float = 0.0,
    ) -> list[float]:
        """For each set of cards kept (five: the hand as it is), the expected share of the
        pool against ``opponents`` (the same sampled opponents for every choice), plus
        ``implied`` times the share won with two pairs or better (a strong hand wins more
        bets after the draw than a weak one: the draw's implied odds)."""
        unseen = self.unseen(known)
        field = self.field(opponents, unseen, n)
        shares = []
        others = field.taken & ~field.discarded  # one draw for every choice: their
        drawn = self.deals(unseen, n, field.discarded, others)[:, :5]
        for kept in choices:  # differences are the choices', not the samples'
            held = np.tile(np.array(kept, dtype=np.int8), (n, 1))
            mine = np.concatenate([held, drawn[:, : 5 - len(kept)]], axis=1)
            value = evaluate_batch(mine, self.ranking)
            share = field.share(value)
            if implied:
                share = share * (1 + implied * (self.klass(value) == 3))
            shares.append(field.mean(share))
        return shares


class Field:
    """The best and the poorest of the other hands at ``n`` sampled shows, how many hold
    the best, each show's weight (the product of the opponents' weights), the cards its
    hands took (:func:`bits`), which no later hand at that show may hold, and of those the
    cards they threw, which only a stock run short deals again (W-8)."""

    def __init__(self, n: int) -> None:
        self.taken = np.zeros(n, dtype=np.uint64)
        self.discarded = np.zeros(n, dtype=np.uint64)  # of those taken, the cards thrown
        self.best = np.full(n, -1, dtype=np.int64)
        self.poorest = np.full(n, np.iinfo(np.int64).max)
        self.ties = np.zeros(n, dtype=np.int64)
        self.weight = np.ones(n)

    def add(self, final: np.ndarray, weight: np.ndarray, ranking: Ranking) -> None:
        """One opponent's ``(n, 5)`` final hands and their weights."""
        self.taken |= bits(final)
        value = evaluate_batch(final, ranking)
        self.ties = np.where(value > self.best, 1, self.ties + (value == self.best))
        self.best = np.maximum(self.best, value)
        self.poorest = np.minimum(self.poorest, value)
        self.weight = self.weight * weight

    def spared(self, value: np.ndarray) -> np.ndarray:
        """1 at each show where a hand of strengths ``value`` is not the poorest (a tie for
        the poorest is the poorest: each pays, V-7, and each loses a life, R7.7)."""
        return (value > self.poorest).astype(float)

    def share(self, value: np.ndarray) -> np.ndarray:
        """The share of the pool a hand of strengths ``value`` takes at each show."""
        best, ties = self.best, self.ties
        return np.where(value > best, 1.0, np.where(value == best, 1.0 / (1 + ties), 0.0))

    def mean(self, share: np.ndarray) -> float:
        """The weighted mean of a share over the shows (the plain mean where no show
        weighs anything)."""
        total = self.weight.sum()
        return float((share * self.weight).sum() / total if total > 0 else share.mean())
