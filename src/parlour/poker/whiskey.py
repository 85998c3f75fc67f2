"""Whiskey Poker (catalogue V-4..V-7; poker-rules.md section 7).

No draw.  An extra hand, the widow, is dealt face down, the dealer dealing to it
just before himself (R7.2).  Beginning with S3's "first bettor", whom the seed does not
name and R7.3 (FCH: "beginning with the age") makes the age, each player may take the
widow, laying his own hand face up in its place, or pass (V-5); once a hand
lies face up as the widow, each player in turn exchanges one card with it,
exchanges his whole hand, or knocks (V-6).  After a knock every other player
has one more turn; then the settlement (V-7), by default S3's first: "the
betting then begins", an interval opened by the age, the called hands shown
(W-11).  S3's agreements are the presets ``best-wins`` ("the best hand wins from
all the rest": the pool of antes, R7.1) and ``poorest-pays``.

The seed ends play only on a knock, which every player may make at each turn once the
widow lies face up (V-6), so a table where nobody knocks plays on without end.  The option
``rounds`` (not from the seeds or the notes: an agreement of the table, off by default) ends
play after that many rounds of turns with the widow face up and no knock, as a knock's last
turn would.

Actions: ``take-widow``, ``pass``, ``turn-widow`` (R7.5), ``knock``,
``exchange 7h Qd`` (give 7h, take Qd from the widow), ``swap-all``.

>>> import parlour
>>> state = parlour.make("whiskey-poker", players=3).new_state(seed=1)
>>> [str(a) for a in state.legal_actions()]
['take-widow', 'pass']
"""

from __future__ import annotations

import copy
import random
from collections import deque
from dataclasses import dataclass
from typing import Any, Self

from parlour.cards import Card, CardError, parse_cards
from parlour.game import Game, GameOptionError, State, build_rules, register
from parlour.poker.betting import Act, Betting
from parlour.poker.others_common import (
    BetOptions,
    BettingPhase,
    PackRules,
    bet_rules,
    card_texts,
    choose_pack,
    divide,
    make_ranking,
    note_ante,
    redraw,
    seats_from,
    shuffle,
)
from parlour.wording import either

_TEXT = [str(Card(c)) for c in range(61)]
_CODE = {t: Card(c) for c, t in enumerate(_TEXT)}
SETTLEMENTS = ("best-wins", "betting", "poorest-pays", "lives")


@dataclass(frozen=True)
class WhiskeyRules(PackRules, BetOptions):
    """The rules of Whiskey Poker; defaults follow seed S3 and R7."""

    #: V-7, R7.1, R7.7: the settlement: "betting" (V-7, S3's rule: "the betting then begins":
    #: after the knock round, a betting interval begun by S3's "first bettor", the age by
    #: R7.3, who chose first at the widow), or by agreement "best-wins" (each antes, R7.1;
    #: the best hand takes the pool, i.e. wins from all the rest), "poorest-pays" (the
    #: poorest hand pays a chip to the pool) or "lives" (R7.7)
    settlement: str = "betting"
    #: R7.1: what each player puts in the pool before the deal (the stake of the "lives" game)
    ante: int = 1
    #: V-7: what the poorest hand pays to the pool under "poorest-pays" (each, if tied)
    forfeit: int = 1
    #: R7.7: the lives each player starts with in the "lives" game; the last survivor wins
    lives: int = 3
    #: R7.3 (FCH): a player may knock before the widow has been taken
    knock_before_taken: bool = False
    #: R7.4 (BIC): a player may pass once the widow lies face up (S3 names no pass there)
    pass_after_taken: bool = False
    #: R7.4 (BIC): with passing allowed, nobody may pass at two turns in a row
    no_consecutive_pass: bool = True
    #: not from the seeds (S3 ends play only on a knock, V-6, V-7): N > 0 ends play, as after
    #: a knock's round, once every player still in has had N turns with the widow face up and
    #: nobody has knocked; 0: no such end, the seed's game
    rounds: int = 0
    #: W-1: the seat that deals (the deal passes to the left in the "lives" game)
    dealer: int = 0


PRESETS: dict[str, dict[str, Any]] = {
    "S3": {},
    "betting": {"settlement": "betting"},  # the defaults (V-7)
    "best-wins": {"settlement": "best-wins"},
    # R7.1 (FCH): "There is no raising or betting of any kind"
    "FCH": {"knock_before_taken": True, "settlement": "best-wins"},
    "BIC": {
        "knock_before_taken": True,
        "pass_after_taken": True,
        "no_consecutive_pass": True,
        "settlement": "best-wins",
    },
    "poorest-pays": {"settlement": "poorest-pays"},
    "lives": {"settlement": "lives"},
}


#: the dealer's duty when nobody took the widow
_DEALER_MUST = "R7.5: nobody has taken the widow, so the dealer must take it or turn it face up"


class WhiskeyState(BettingPhase, State):
    """One Whiskey Poker deal (or, in the "lives" game, deals until one player survives)."""

    def __init__(self, game: WhiskeyPoker, rng: random.Random, script: deque[Any] | None = None):
        super().__init__(game, rng, script)
        rules = game.rules
        n = game.num_players
        self.n = n
        self.dealer = rules.dealer
        self.alive = [True] * n
        self.lives = [rules.lives] * n if rules.settlement == "lives" else None
        self.paid = [0] * n
        self.won = [0] * n
        self.pool = 0
        self.kitty = 0  # chips paid to the pool under "poorest-pays"
        self.log: list[dict[str, Any]] = []  # every deal's public actions, each with its deal
        self.antes: list[dict[str, Any]] = []
        self.results: list[dict[str, Any]] = []
        self.deal_no = 0
        self.over = False
        self.betting: Betting | None = None
        self.folded = [False] * n
        if rules.settlement in ("best-wins", "betting", "lives"):
            for seat in range(n):
                self._put(seat, rules.ante)
            note_ante(self, None, rules.ante, "R7.1")
        self._deal()

    # -- dealing
    def _put(self, seat: int, chips: int) -> None:
        self.paid[seat] += chips
        self.pool += chips

    def _deal(self) -> None:
        game: WhiskeyPoker = self.game  # type: ignore[assignment]
        self.deal_no += 1
        cards = shuffle(self, game.pack, f"shuffle {self.deal_no}")
        order = [s for s in seats_from(self.dealer + 1, self.n, self.alive) if s != self.dealer]
        self.hands: list[list[Card]] = [[] for _ in range(self.n)]
        self.widow: list[Card] = []
        top = 0
        for _ in range(5):  # R7.2: one at a time from the left, the widow just before the dealer
            for seat in order:
                self.hands[seat].append(cards[top])
                top += 1
            self.widow.append(cards[top])
            self.hands[self.dealer].append(cards[top + 1])
            top += 2
        self.stock = cards[top:]
        self.widow_up = False
        self.known: list[set[Card]] = [set() for _ in range(self.n)]
        self.knocker: int | None = None
        self.final: list[int] = []
        self.passed_last = [False] * self.n
        self.turns_up = 0  # turns taken with the widow face up and nobody knocked (``rounds``)
        self.capped = False  # play ended by the ``rounds`` agreement
        self.turn = order[0] if order else self.dealer

    # -- the protocol
    @property
    def to_move(self) -> int | None:
        if self.betting is not None:
            return self.betting.to_act
        return None if self.over else self.turn

    @property
    def is_over(self) -> bool:
        return self.over

    def _dealer_obliged(self, seat: int) -> bool:
        """R7.5: nobody took the widow by the dealer's turn: he must take it or turn it up
        (knocks before it was taken, R7.3, do not excuse him)."""
        return seat == self.dealer and not self.widow_up

    def legal_actions(self) -> list[str]:
        if self.over:
            return []
        if self.betting is not None:
            return self.betting.legal()  # type: ignore[return-value]
        rules: WhiskeyRules = self.game.rules
        seat = self.turn
        acts: list[str] = []
        if not self.widow_up:
            acts.append("take-widow")
            if self._dealer_obliged(seat):
                acts.append("turn-widow")
            else:
                acts.append("pass")
            if self.knocker is None and rules.knock_before_taken and not self._dealer_obliged(seat):
                acts.append("knock")
            return acts
        widow = [_TEXT[c] for c in self.widow]
        acts += [f"exchange {_TEXT[a]} {b}" for a in self.hands[seat] for b in widow]
        acts.append("swap-all")
        if self.knocker is None:
            acts.append("knock")
        if self._may_pass(seat):
            acts.append("pass")
        return acts

    def _may_pass(self, seat: int) -> bool:
        rules: WhiskeyRules = self.game.rules
        if self.knocker is not None:
            return True  # V-7: after a knock a player "may" exchange; he may also stand
        if not rules.pass_after_taken:
            return False
        return not (rules.no_consecutive_pass and self.passed_last[seat])

    def _parse(self, text: str) -> Any:
        if self.betting is not None:
            return self._bet_parse(text)
        words = text.split()
        if len(words) == 3 and words[0].lower() == "exchange":
            try:
                give, take = parse_cards(words[1:])
            except (CardError, ValueError):
                return text
            return f"exchange {give} {take}"
        return text.strip().lower()  # the words: take-widow, pass, swap-all, knock

    def _why_illegal(self, action: Any) -> str | None:
        if self.betting is not None:
            return self._bet_why(action)
        text = str(action)
        if text.startswith("exchange ") and self.widow_up:
            words = text.split()
            give, take = (_CODE.get(w) for w in words[1:3]) if len(words) == 3 else (None, None)
            if give in self.hands[self.turn] and take in self.widow:
                return None
        elif text in self.legal_actions():
            return None
        rules: WhiskeyRules = self.game.rules
        seat = self.turn
        word = text.split()[0] if text.split() else ""
        if word in ("take-widow", "turn-widow", "pass", "knock", "swap-all") and text != word:
            return f"{text!r} is not an action: {word} is said alone"
        if word in ("take-widow", "turn-widow") and self.widow_up:
            return (
                "V-6: the widow already lies face up; exchange one card, the whole hand, or knock"
            )
        if word == "turn-widow":
            return "R7.5: only the dealer, when nobody has taken the widow, may turn it face up"
        if word == "pass" and self._dealer_obliged(seat):
            return _DEALER_MUST
        if word == "pass" and self.widow_up:
            if rules.pass_after_taken:
                return "R7.4: no player may pass at two turns in a row"
            return (
                "V-6: once the widow lies face up a player exchanges one card, "
                "his whole hand, or knocks"
            )
        if word == "knock" and self._dealer_obliged(seat):
            return _DEALER_MUST
        if word == "knock" and self.knocker is not None:
            return (
                f"V-7: seat {self.knocker} has knocked; the others have one more turn, "
                "no second knock"
            )
        if word == "knock":
            return (
                "V-5: before the widow is taken a player may only take it or pass "
                "(R7.3's knock_before_taken)"
            )
        if word in ("exchange", "swap-all") and not self.widow_up:
            return (
                "V-6: cards are exchanged only with the face-up widow; V-5: take the widow or pass"
            )
        if word == "exchange":
            hand, widow = " ".join(card_texts(self.hands[seat])), " ".join(card_texts(self.widow))
            return (
                f"V-6: {text!r} must give one of your cards ({hand}) for one of the widow ({widow})"
            )
        return self._not_an_action(text)

    def _not_an_action(self, text: str) -> str:
        """An answer that is no action of this turn: what may be said now, as Draw Poker
        words it ("'xyz' is not an action now; V-6: ..."), not the first dozen exchanges."""
        said: dict[str, str] = {}  # each kind of action once, in the order of the legal ones
        for action in map(str, self.legal_actions()):
            kind = action.split()[0]
            if kind == "exchange":
                said.setdefault(kind, f"'exchange <yours> <the widow's>' (e.g. '{action}')")
            else:
                said.setdefault(kind, repr(action))
        if not self.widow_up:  # before the widow is taken (R7.5: the dealer may turn it)
            rule = "V-5, R7.5" if "turn-widow" in said else "V-5"
        else:
            rule = "V-7" if self.knocker is not None else "V-6"
        return f"{text!r} is not an action now; {rule}: {either(list(said.values()))}"

    def _apply(self, action: Any) -> None:
        if self.betting is not None:
            self._apply_bet(action)
            return
        seat = self.turn
        text = str(action)
        words = text.split()
        self.log.append({"deal": self.deal_no, "seat": seat, "action": text})
        if self.widow_up and text != "knock":
            self.turns_up += 1
        if text == "take-widow":
            self.hands[seat], self.widow = self.widow, self.hands[seat]
            self.widow_up = True
            self.known[seat] = set()
        elif text == "turn-widow":
            self.widow_up = True
        elif text == "swap-all":
            self.hands[seat], self.widow = self.widow, self.hands[seat]
            self.known[seat] = set(self.hands[seat])
        elif words[0] == "exchange":
            give, take = Card(words[1]), Card(words[2])
            self.hands[seat][self.hands[seat].index(give)] = take
            self.widow[self.widow.index(take)] = give
            self.known[seat].discard(give)
            self.known[seat].add(take)
        self.passed_last[seat] = text == "pass"
        if text == "knock":
            self.knocker = seat
            self.final = [s for s in seats_from(seat + 1, self.n, self.alive) if s != seat]
        if self.knocker is not None:
            if text != "knock":
                self.final.pop(0)
            if not self.final:
                self._end_of_play()
                return
            self.turn = self.final[0]
        elif self._rounds_done():
            self.capped = True
            self._end_of_play()
        else:
            self.turn = seats_from(seat + 1, self.n, self.alive)[0]

    def _rounds_done(self) -> bool:
        """The ``rounds`` agreement (not from the seeds): N rounds of turns with the widow face
        up and no knock end play."""
        rounds: int = self.game.rules.rounds
        return rounds > 0 and self.turns_up >= rounds * sum(self.alive)

    # -- the show and the settlement (V-7)
    def _end_of_play(self) -> None:
        game: WhiskeyPoker = self.game  # type: ignore[assignment]
        if game.rules.settlement != "betting":
            self._show()
            return
        order = seats_from(self.dealer + 1, self.n)  # V-7: "the betting then begins"; R7.3
        self.betting = Betting(game.bet_rules, order, put=[0] * self.n, price=0)

    def _apply_bet(self, action: Any) -> None:
        assert self.betting is not None and isinstance(action, Act)
        seat = self.betting.to_act
        assert seat is not None
        paid = self.betting.apply(action)
        self._put(seat, paid)
        self.log.append({"deal": self.deal_no, "seat": seat, "action": str(action), "paid": paid})
        if action.kind == "fold":
            self.folded[seat] = True
        if self.betting.done:
            live = self.betting.seats_in
            self.betting = None
            if len(live) == 1:  # W-12: an uncalled hand is not shown
                self.results.append({"deal": self.deal_no, "best": live, "uncalled": True})
                self._pay_pool(live)
            else:
                self._show()

    def _show(self) -> None:
        game: WhiskeyPoker = self.game  # type: ignore[assignment]
        rules = game.rules
        seats = [s for s in range(self.n) if self.alive[s] and not self.folded[s]]
        values = {s: game.ranking.evaluate(self.hands[s]) for s in seats}
        top = max(v.strength for v in values.values())
        low = min(v.strength for v in values.values())
        best = [s for s in seats if values[s].strength == top]
        poorest = [s for s in seats if values[s].strength == low]
        result: dict[str, Any] = {
            "deal": self.deal_no,
            "hands": {str(s): card_texts(self.hands[s]) for s in seats},
            "described": {str(s): str(values[s]) for s in seats},
            "best": best,
            "poorest": poorest,
        }
        self.results.append(result)
        if rules.settlement in ("best-wins", "betting"):
            self._pay_pool(best)
        elif rules.settlement == "poorest-pays":
            for s in poorest:
                self.paid[s] += rules.forfeit
                self.kitty += rules.forfeit
            self.over = True
        else:
            self._lose_lives(poorest, seats)

    def _pay_pool(self, winners: list[int]) -> None:
        self.results[-1]["pool"] = self.pool  # the deal's result tells what was taken
        shares = divide(self.pool, winners, dealer=self.dealer, players=self.n)
        for s in range(self.n):
            self.won[s] += shares[s]
        self.pool = 0
        self.over = True

    def _lose_lives(self, poorest: list[int], seats: list[int]) -> None:
        assert self.lives is not None
        if len(poorest) < len(seats):  # all hands exactly equal: nobody loses a life
            for s in poorest:
                self.lives[s] -= 1
                if self.lives[s] == 0:
                    self.alive[s] = False
        survivors = [s for s in range(self.n) if self.alive[s]]
        self.results[-1]["lives"] = list(self.lives)
        if len(survivors) == 1:
            self._pay_pool(survivors)
            return
        self.dealer = seats_from(self.dealer + 1, self.n, self.alive)[0]
        self._deal()

    # -- what each seat may see
    def _observe(self, seat: int) -> dict[str, Any]:
        return {
            "dealer": self.dealer,
            "deal": self.deal_no,
            "hand": card_texts(self.hands[seat]) if self.alive[seat] else [],
            "widow_face_up": self.widow_up,
            "widow": card_texts(self.widow) if self.widow_up else None,
            "known": [sorted(card_texts(k)) for k in self.known],
            "knocker": self.knocker,
            "ended_without_knock": self.capped,
            "folded": list(self.folded),
            "price": None if self.betting is None else self.betting.price,
            "put": None if self.betting is None else list(self.betting.put),
            "passed_last": list(self.passed_last),
            "pool": self.pool,
            "kitty": self.kitty,
            "alive": list(self.alive),
            "lives": None if self.lives is None else list(self.lives),
            "log": [dict(e) for e in self.log if e["deal"] == self.deal_no],  # this deal's
            "results": copy.deepcopy(self.results),
        }

    def clone(self) -> Self:
        other = self._copy_base()
        for key in ("alive", "paid", "won", "folded", "log", "antes", "results", "stock", "widow"):
            setattr(other, key, list(getattr(self, key)))
        other.passed_last, other.final = list(self.passed_last), list(self.final)
        other.lives = None if self.lives is None else list(self.lives)
        other.hands = [h[:] for h in self.hands]
        other.known = [set(k) for k in self.known]
        other.betting = None if self.betting is None else self.betting.copy()
        return other

    def _resample(self, seat: int, rng: random.Random) -> State:
        """Re-draw every card ``seat`` has not seen: others' unexposed cards, a face-down
        widow, the stock (and the record of the deal's shuffle).  Cards named in the deal's
        exchanges lie face up or are known, so its actions keep their text."""
        other = self.clone()
        if self.over:
            return other
        hidden = [
            c
            for s in range(self.n)
            if s != seat and self.alive[s]
            for c in self.hands[s]
            if c not in self.known[s]
        ]
        if not self.widow_up:
            hidden += self.widow
        rename = redraw(other, hidden + self.stock, rng)
        other.hands = [rename(h) for h in self.hands]
        other.widow, other.stock = rename(self.widow), rename(self.stock)
        return other


@register("whiskey-poker")
class WhiskeyPoker(Game):
    """Whiskey Poker: the widow, exchanges, the knock (V-4..V-7)."""

    state_class = WhiskeyState
    min_players = 2
    max_players = 10  # and the widow: 55 cards; the bottom card is never dealt (C-7)
    presets = PRESETS

    def __init__(self, players: int | None = None, preset: str | None = None, **options: Any):
        super().__init__(players)
        self.rules: WhiskeyRules = build_rules(
            WhiskeyRules, options, PRESETS, preset, "whiskey-poker"
        )
        r = self.rules
        if r.settlement not in SETTLEMENTS:
            raise GameOptionError(
                f"whiskey-poker: settlement must be one of {', '.join(SETTLEMENTS)} (V-7)"
            )
        if not 0 <= r.dealer < self.num_players:
            raise GameOptionError(f"whiskey-poker: dealer must be a seat 0..{self.num_players - 1}")
        if r.rounds < 0:
            raise GameOptionError("whiskey-poker: rounds must be >= 0 (0: play ends on a knock)")
        if r.ante < 0 or r.forfeit < 0 or r.lives < 1:
            raise GameOptionError("whiskey-poker: ante and forfeit must be >= 0, lives >= 1 (R7.7)")
        self.pack = choose_pack("whiskey-poker", self.num_players, r, hands=self.num_players + 1)
        self.ranking = make_ranking(r, self.pack)
        self.bet_rules = bet_rules("whiskey-poker", r)
        if r.settlement == "poorest-pays":
            self.payoff_total = None  # the forfeits leave the table (V-7)
