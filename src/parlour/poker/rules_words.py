"""The poker games' rules in play in a player's words (``r`` at a turn): a table of lines
per game over its rules dataclass (see :mod:`parlour.wording`)."""

from __future__ import annotations

from typing import Any

from parlour.cards import PACKS, RANK_CHARS
from parlour.game import State
from parlour.poker.jackpots import opening_rank
from parlour.poker.others_common import STRIPPED, pack_for
from parlour.wording import PLAYERS, Line, line, summary, when, yes_no

_STRAIGHTS = {
    "normal": "Straights count, above three of a kind",
    "below-threes": "Straights count, but below three of a kind (the 1860s order)",
    "not-recognised": "Straights are not admitted: five in sequence count as no pair "
    "(or as a flush if suited)",
}
_JOKERS = {
    "none": "No Joker",
    "wild": "The Joker is in the pack, wild: it stands for any card you name",
    "bug": "The Joker is in the pack as the bug: an ace, or any card that completes a "
    "straight or a flush",
}
_LIMIT_KINDS = {
    "raise": "the limit caps each single bet or raise",
    "interval": "the limit caps what each player puts up in a betting interval",
}


def _pack(size: int, players: int) -> str:
    """The pack by its size (0: by the players), with its rule."""
    size = size or pack_for(players)
    if size in STRIPPED:
        return f"Pack: stripped to {size} cards, as for three or four players (C-2, R1.7)"
    return {
        52: "Pack: the 52-card pack (C-1)",
        60: "Pack: the 60-card pack, an 11 and a 12 added to each suit, 10 < 11 < 12 < J (C-3)",
        20: "Pack: the old 20-card pack, A K Q J 10 of each suit (C-5)",
    }.get(size, f"Pack: {size} cards")


def _chips(by_seat: tuple[int, ...]) -> str:
    return ", ".join(f"seat {s} {c}" for s, c in enumerate(by_seat))


#: the hands and the pack, in every poker game
HANDS: tuple[Line, ...] = (
    PLAYERS,
    line("pack", "", lambda r, n: _pack(r.pack, n)),
    line("joker", "C-4, R2.7, R2.8", lambda r, n: _JOKERS.get(r.joker, r.joker)),
    line("straight_rank", "H-13", lambda r, n: _STRAIGHTS.get(r.straight_rank)),
    line("tigers_dogs", "H-14", lambda r, n: yes_no(
        r.tigers_dogs, "Tigers and dogs are played, between a straight and a flush",
        "Tigers and dogs are not played")),
    line("blaze", "H-15", lambda r, n: yes_no(
        r.blaze, "The blaze (five court cards) is played: it beats two pairs",
        "The blaze is not played")),
    line("royal_above_five_of_a_kind", "H-17, R2.7", lambda r, n: None if r.joker == "none"
         else yes_no(r.royal_above_five_of_a_kind, "With the Joker, a royal flush still beats "
                     "five of a kind", "With the Joker, five of a kind is the top hand")),
    line("strip_ace_low", "R1.7", lambda r, n: None if (r.pack or pack_for(n)) not in STRIPPED
         else yes_no(r.strip_ace_low, "In the stripped pack the ace may also stand below the "
                     "lowest rank in a straight", "The ace never stands below the lowest rank")),
    line("flush_beats_full_house", "R1.8", lambda r, n: yes_no(
        r.flush_beats_full_house, "A flush beats a full house", "A full house beats a flush")),
)  # fmt: skip

#: the betting of Straight, Stud and Whiskey Poker ("as at Draw Poker", V-1, V-2)
BETS: tuple[Line, ...] = (
    line("limit stage limit_kind", "D-2, R3.3", lambda r, n: f"Limit {r.limit}, in stages of "
         f"{r.stage}: {_LIMIT_KINDS.get(r.limit_kind, r.limit_kind)}"),
    line("dealer", "W-1", lambda r, n: f"Seat {r.dealer} deals first"),
)  # fmt: skip

#: what Draw Poker and Jack-Pots share
COMMON: tuple[Line, ...] = (
    *HANDS,
    line("limit_kind", "D-2", lambda r, n: f"Limits: {_LIMIT_KINDS.get(r.limit_kind)}"),
    line("limit_before stage_before", "D-2", lambda r, n: f"Before the draw: limit "
         f"{r.limit_before}, in stages of {r.stage_before}"),
    line("limit_after stage_after", "D-2", lambda r, n: f"After the draw: limit "
         f"{r.limit_after}, in stages of {r.stage_after}"),
    line("check_after_draw", "R3.17, W-9", lambda r, n: yes_no(
        r.check_after_draw, "After the draw the first to speak may check",
        "After the draw the first to speak bets or throws down his hand")),
    line("royal_penalty", "D-13", lambda r, n: f"Royal Flush penalty: a winning Royal Flush "
         f"collects {r.royal_penalty} from each other player" if r.royal_penalty
         else "No Royal Flush penalty"),
    line("max_draw", "W-3", lambda r, n: f"You may draw up to {r.max_draw} cards"),
    line("counts_after_draw", "W-4", lambda r, n: yes_no(
        r.counts_after_draw, "How many each drew stays in sight after the draw",
        "How many each drew is shown only while the draw is on")),
    line("last_card_not_dealt reshuffle", "W-8, R3.15", lambda r, n: (
        "When the stock fails, " + ("the last card is not dealt; " if r.last_card_not_dealt
        else "") + ("those still waiting keep their discards out of the new stock"
                    if r.reshuffle == "keep-waiting" else "everyone yet to draw discards "
                    "first, then all the discards are shuffled"))),
    line("dealer", "W-1", lambda r, n: f"Seat {r.dealer} deals"),
    line("stacks", "", lambda r, n: when(r.stacks, f"Table stakes, chips by seat: "
         f"{_chips(r.stacks)}")),
    line("carry", "", lambda r, n: when(any(r.carry), "Carried in the pool from earlier "
         f"deals: {_chips(r.carry)}")),
)  # fmt: skip

_COME_IN = {"double": "twice the ante", "ante": "the ante itself"}
_STRADDLE = {
    "none": "No straddling",
    "blind": "Straddling (S3's blind): the player next to the Age may double the blind "
    "before the deal",
    "S4": "Straddling (S4's): the Age may double his ante, and a player next to the dealer "
    "or to the last straddler may double the stake",
}
_UNOPENED = {
    "age-takes": "the Age takes the pool",
    "jackpot-next": "the next deal is a Jack-Pot",
    "english": "the ante stays in the pool and the next deal is a Jack-Pot",
}

DRAW: tuple[Line, ...] = (
    *COMMON,
    line("ante", "D-1, D-3", lambda r, n: f"Ante: {r.ante}"),
    line("come_in", "D-4, D-10", lambda r, n: f"Coming in costs {_COME_IN.get(r.come_in)}"),
    line("ante_by", "D-3, R3.4", lambda r, n: yes_no(
        r.ante_by == "age", "The Age antes before the deal", "The dealer antes before the deal")),
    line("straddle", "D-10, D-11", lambda r, n: _STRADDLE.get(r.straddle)),
    line("straddle_says", "D-11, R3.6", lambda r, n: None if r.straddle == "none" else yes_no(
        r.straddle_says, "The last straddler has the last say before the draw",
        "A straddle does not carry the last say")),
    line("straddle_cap", "D-11, R3.6", lambda r, n: None if r.straddle != "blind" else yes_no(
        r.straddle_cap == "limit", "A blind straddle may go up to the limit itself",
        "A blind straddle may go while twice it stays within the limit")),
    line("unopened", "R3.11", lambda r, n: f"If nobody comes in, {_UNOPENED.get(r.unopened)}"),
)  # fmt: skip

_REMEDY = {
    "refuse": "an opening without openers is refused",
    "EB29": "an opening without openers stands; EB29's remedy when the openers are shown",
    "PEEL": "an opening without openers stands; PEEL's remedy when the openers are shown",
    "BAR": "an opening without openers stands; BAR's remedy when the openers are shown",
}
_RANKS = {"T": "tens", "E": "11s", "W": "12s", "J": "jacks", "Q": "queens", "K": "kings",
          "A": "aces"} | {d: f"{d}s" for d in "23456789"}  # fmt: skip


def _openers_after(r: Any, redeal: int) -> str:
    """The pair that opens after ``redeal`` unopened deals, in words (J-3, J-7, R4.10)."""
    rank = opening_rank(RANK_CHARS.index(r.openers), redeal, r.progressive, r.after_aces,
                        PACKS[r.pack].ranks)  # fmt: skip
    return _RANKS.get(RANK_CHARS[rank], RANK_CHARS[rank])


def _ladder(r: Any) -> str:
    """J-7, R4.10: the openers deal by deal while the pot stays unopened, as the game climbs
    them (``opening_rank``): until they stay at the top, or repeat from the start.

    >>> from types import SimpleNamespace as Rules
    >>> _ladder(Rules(openers="Q", pack=52, progressive=True, after_aces="down"))
    'queens, kings, aces, kings, then again from queens'
    """
    n = 2 * len(PACKS[r.pack].ranks) + 2  # longer than any climb, or any climb and back down
    steps = [_openers_after(r, k) for k in range(2 * n)]
    if len(set(steps[n:])) == 1:  # up to the top, where it stays (or no climb at all)
        return ", ".join(steps[: steps.index(steps[n]) + 1]) + ", where it stays"
    period = next(p for p in range(1, n) if steps[p : p + n] == steps[:n])
    return ", ".join(steps[:period]) + ", then again from " + steps[0]  # J Q K; J Q K A K Q


JACKPOTS: tuple[Line, ...] = (
    *COMMON,
    line("ante", "J-2", lambda r, n: f"Every player puts up {r.ante}"),
    line("openers", "J-3", lambda r, n: f"Openers: a pair of {_RANKS.get(r.openers, r.openers)} "
         "or better"),
    line("sweetener", "J-4", lambda r, n: f"If nobody opens, the deal passes and each adds "
         f"{r.sweetener}"),
    line("progressive after_aces", "J-7, R4.10", lambda r, n: yes_no(
        r.progressive, "Progressive: each unopened deal raises the openers one degree: "
        f"{_ladder(r)}", "Not progressive: the openers stay the same")),
    line("redeal", "J-4, J-7", lambda r, n: when(r.redeal, "This pot went unopened "
         + ("once" if r.redeal == 1 else f"{r.redeal} times") + " before"
         + (f": this deal it opens with {_openers_after(r, r.redeal)} or better"
            if r.progressive else ""))),
    line("split_openers", "R4.7", lambda r, n: yes_no(
        r.split_openers, "The opener may split his openers to draw",
        "The opener may not split his openers")),
    line("false_openers", "R4.9", lambda r, n: _REMEDY.get(r.false_openers, r.false_openers)
         .capitalize()),
    line("antes", "J-2", lambda r, n: when(r.antes, f"Entry stakes by seat: "
         f"{_chips(r.antes)}")),
)  # fmt: skip

_BUCK = {"next-dealer": "to the next dealer", "left": "to the left"}
_OPENER = {
    "age-left": "the player at the Age's left, as at Draw Poker",
    "dealer-left": "the player at the dealer's left",
}

STRAIGHT: tuple[Line, ...] = (
    *HANDS,
    *BETS,
    line("ante ante_mode buck_passes", "V-1, R5.2", lambda r, n: (
        f"The holder of the buck antes {r.ante} for every player and passes the buck "
        f"{_BUCK.get(r.buck_passes)}" if r.ante_mode == "buck"
        else f"Every player antes {r.ante}")),
    line("pass_and_come_in", "R5.4, R5.5, W-9", lambda r, n: yes_no(
        r.pass_and_come_in, "You may pass and come in again unless someone has raised; if "
        "all pass the pool is a double header", "Nobody passes: you bet or throw down your cards")),
    line("deal_to_winner", "W-1, R5.6", lambda r, n: yes_no(
        r.deal_to_winner, "The deal goes to the winner of the pool",
        "The deal passes to the left")),
    line("first_bettor", "V-1, W-9, R5.3", lambda r, n: "The betting is opened by "
         + _OPENER.get(r.first_bettor, r.first_bettor)),
    line("pools", "D-1", lambda r, n: f"Pools to play: {r.pools}"),
)  # fmt: skip

_FIRST_BETTOR = {
    "age-left": "the player at the Age's left",
    "highest-showing": "the highest hand showing (ties: nearest the dealer's left)",
    "elder-hand": "the Age",
}


def _stud_opener(r: Any) -> str:
    """Who opens Stud's rounds: under the Age's ante the first is Draw Poker's coming in
    (D-4, D-6), from the Age's left whatever ``first_bettor`` says; the later ones (V-3) as
    it says."""
    later = f"is opened by {_FIRST_BETTOR.get(r.first_bettor)}"
    if not r.coming_in:
        return f"Each round {later}"
    first = "The coming in is opened by the player at the Age's left, the Age speaking last"
    return first if r.first_betting_after >= 5 else f"{first}; each later round {later}"


def _stud_first_to_speak(r: Any) -> str | None:
    """What the first to speak may do (R6.2); in the coming in nobody bets (the ante's line
    tells what each does there)."""
    does = "may check" if r.allow_check else "bets or throws up his cards"
    if not r.coming_in:
        return f"The first to speak {does}"
    if r.first_betting_after >= 5:  # the one round is the coming in
        return None
    return f"In each round after the coming in the first to speak {does}"


STUD: tuple[Line, ...] = (
    *HANDS,
    *BETS,
    line("ante ante_mode come_in", "V-2, D-3, D-4, D-6, R3.11, R6.6", lambda r, n: (
        "Nobody antes (ante=0): each round starts at nothing" if r.ante == 0
        else f"As at Draw Poker, the Age antes {r.ante}; each other player comes in at "
        f"{_COME_IN.get(r.come_in)} or drops, the Age last making good or forfeiting his ante; "
        "if nobody comes in, the Age takes the pool" if r.ante_mode == "age"
        else f"Every player antes {r.ante}" if r.ante_mode == "all"
        else f"The dealer antes {r.ante} for all")),
    line("first_betting_after", "V-2, V-3, R6.5", lambda r, n: (
        "One betting round, after the fifth card" if r.first_betting_after >= 5 else
        f"A betting round after every card from card {r.first_betting_after}")),
    line("first_bettor", "V-2, R6.2, R6.5", lambda r, n: _stud_opener(r)),
    line("allow_check", "R6.2", lambda r, n: _stud_first_to_speak(r)),
    line("straights_flushes_count", "R6.5", lambda r, n: yes_no(
        r.straights_flushes_count, "Straights and flushes count",
        "Straights and flushes do not count")),
)  # fmt: skip

_SETTLEMENT = {
    "betting": "after the knock round{rounds}, a betting interval begun by the Age",
    "best-wins": "each antes, and the best hand takes the pool",
    "poorest-pays": "the poorest hand pays {forfeit} to the pool",
    "lives": "each starts with {lives} lives; the poorest hand loses one; the last survivor wins",
}

WHISKEY: tuple[Line, ...] = (
    *HANDS,
    *BETS,
    line("settlement forfeit lives", "V-7, R7.1, R7.7", lambda r, n: "Settlement: "
         + _SETTLEMENT.get(r.settlement, r.settlement).format(
             forfeit=r.forfeit, lives=r.lives,
             rounds=" (or the rounds agreed, if nobody knocks)" if r.rounds else "")),
    line("ante", "R7.1", lambda r, n: when(r.settlement != "poorest-pays", f"Ante: {r.ante}")),
    line("knock_before_taken", "R7.3", lambda r, n: yes_no(
        r.knock_before_taken, "You may knock before the widow is taken",
        "Nobody may knock before the widow is taken")),
    line("pass_after_taken no_consecutive_pass", "R7.4, V-7", lambda r, n: (
        ("You may pass once the widow lies face up" + (", but not at two turns in a row "
         "before a knock" if r.no_consecutive_pass else "")) if r.pass_after_taken
        else "Nobody may pass once the widow lies face up until a knock; after it each "
        "may pass his last turn, keeping his hand")),
    line("rounds", "V-6", lambda r, n: "Play ends only on a knock" if r.rounds == 0 else
         f"Play ends after {r.rounds} round{'s' * (r.rounds != 1)} with the widow face up and "
         "no knock (a table's agreement, not from the seeds)"),
)  # fmt: skip

#: each game's title and lines, and the fields that do not change play (a preset is its
#: fields' values, each worded)
GAMES: dict[str, tuple[str, tuple[Line, ...], frozenset[str]]] = {
    "draw-poker": ("Draw Poker", DRAW, frozenset({"preset"})),
    "jackpots": ("Jack-Pots", JACKPOTS, frozenset({"preset"})),
    "straight-poker": ("Straight Poker", STRAIGHT, frozenset()),
    "stud-poker": ("Stud Poker", STUD, frozenset()),
    "whiskey-poker": ("Whiskey Poker", WHISKEY, frozenset()),
}


def rules_in_play(state: State, seat: int) -> str:
    """The rules the state's game is played by, a line an option, for ``r`` at any seat's
    turn (they are the same for every seat)."""
    game = state.game
    title, lines, _ = GAMES[game.name]
    return summary(f"{title}: the rules in play", game.rules, game.num_players, lines)


_DEAL_PASSES = {"left": "to the left", "winner": "to the winner of the pool"}
_FIRST_DEALER = {"lowest": "the lowest card thrown", "first-jack": "the first jack dealt face up"}

#: a Draw Poker sitting's agreements (SittingRules); each deal's options are its own game's
SITTING: tuple[Line, ...] = (
    line("deals", "D-1", lambda r, n: f"The sitting ends after {r.deals} "
         f"deal{'s' * (r.deals != 1)}"),
    line("bankroll", "D-12", lambda r, n: f"Each player starts with {r.bankroll} chips, table "
         "stakes; a player with none left is out"),
    line("game", "J-1", lambda r, n: f"An ordinary deal is {GAMES[r.game][0]}"),
    line("jackpot_every", "J-1", lambda r, n: when(r.jackpot_every, "A Jack-Pot every "
         + ("deal" if r.jackpot_every == 1 else f"{r.jackpot_every} deals"))),
    line("jackpot_after_refusal", "J-1", lambda r, n: yes_no(
        r.jackpot_after_refusal, "A Jack-Pot after a deal in which nobody came in",
        "No Jack-Pot after a deal in which nobody came in")),
    line("buck", "J-1", lambda r, n: when(r.buck, "The buck: a Jack-Pot when its holder deals; "
         "the winner of the pool takes it")),
    line("dealer_moves", "W-1", lambda r, n: f"The deal passes "
         f"{_DEAL_PASSES.get(r.dealer_moves, r.dealer_moves)}"),
    line("unopened_same_dealer", "R4.4", lambda r, n: yes_no(
        r.unopened_same_dealer, "After an unopened Jack-Pot the same dealer deals again",
        "After an unopened Jack-Pot the deal passes")),
    line("first_dealer", "W-1, R3.1", lambda r, n: "The first dealer: "
         f"{_FIRST_DEALER.get(r.first_dealer, r.first_dealer)}"),
)  # fmt: skip
#: worded by each deal's own rules (``r`` tells them first)
SITTING_SILENT = frozenset({"options", "jackpot_options"})


def agreements_in_words(rules: Any, players: int) -> str:
    """A sitting's agreements, a line each, told after the deal's rules on ``r``."""
    return summary("The sitting's agreements", rules, players, SITTING)
