"""The dealer's rulings: each irregularity's rule ID, the seed's words, and the history entry.

"The Dealer temporarily presides over the proceedings; he gives a ruling as to
any alleged breach of regulations" (S4).  The rules are CATALOGUE.md I-1..I-13
(seed 004) and poker-rules.md R8.8 (betting out of turn).

>>> ruling("I-6", "fresh pack")["ruling"]
'I-6'
>>> QUOTES["I-11"]
'If the Dealer hands himself too many cards he must take them.'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

#: the cards of a hand (W-2)
HAND = 5

#: the seed's own phrase for each rule (seed 004 unless marked)
QUOTES: dict[str, str] = {
    "I-1": (
        "If the Dealer should turn a card face upwards by accident, that card must be accepted "
        "by the player, who can, however, claim a fresh deal if a second card is exposed in "
        "his hand."
    ),
    "I-2": (
        "If a player exposes any or all of his own cards he has no remedy—he can either play "
        "on or throw in, and in the latter event forfeits whatever he has deposited."
    ),
    "I-3": (
        "When a player receives too few (or too many) cards and calls attention to the fact "
        "before seeing any card, he can, prior to any betting, demand a fresh deal. "
        "Alternatively, if the Dealer permits, he can have a card withdrawn when there is one "
        "too many, or be supplied with another to complete the five. In the case of one too "
        "many in a hand, the Dealer does not throw it away, but places it at the bottom of the "
        "pack, unseen."
    ),
    "I-4": (
        "If the Dealer gives two cards in place of one to a player, he may rectify the mistake "
        "by passing the under card on to the next player."
    ),
    "I-5": "If he deals out one hand short, it is a mis-deal.",
    "I-6": (
        'If in the course of dealing, the back of a card be found with a "foreign" mark, the '
        "pack must be cast aside and a fresh one substituted."
    ),
    "I-7": "A deal out of turn must be stopped before it is completed, or it stands.",
    "I-8": (
        "No player who has glanced at his cards can claim a new deal for any reason, but for "
        "that of an imperfect pack."
    ),
    "I-9": (
        "It is fatal if you discover after seeing any of your cards that you have one too "
        "many. Then you have no option but to throw it in, and lose your stake. In case of a "
        "player finding on looking at his cards that he has only four, he can remain in if he "
        "chooses and make up for the deficiency during the subsequent draw."
    ),
    "I-10": (
        "If a player asks for too few or too many cards, and they are placed before him by the "
        "Dealer, the mistake may be rectified should he discover it before he has glanced at "
        "any of them and before the next player has been served, otherwise (if he has asked "
        "for too many) he must discard so as to keep them. If he eventually discovers (after "
        "he has drawn) that he has only four cards, he can remain in, but if he finds he has "
        "more than five, he has to throw in at once, sacrificing whatever he has previously "
        "staked."
    ),
    "I-11": "If the Dealer hands himself too many cards he must take them.",
    "I-12": (
        "If a player allows another on his left to draw cards out of his proper turn, the "
        "wrongdoer is not penalized, but the other is for neglecting to apply at the proper "
        "time. He must either play his hand without drawing, or abandon it."
    ),
    "I-13": (
        "The player for whom the card was intended can, if he chooses, state that he has "
        "sighted it, declare its denomination, and have another, but not until after the other "
        "players have drawn. Should he be mistaken in his declaration he has to retain his "
        "original card."
    ),
    "R8.8": (
        '"Everything must be done in turn" (poker-rules.md R8.8): chips put up out of turn stay '
        "in the pool and are his action when his turn comes if nothing has changed; after an "
        "intervening bet he may add to them or drop and forfeit them (option void: they are "
        "returned and he acts again in turn)."
    ),
    # Jack-Pots (poker-rules.md section 4; R8.11)
    "R4.8": (
        '"... unless he has opened a jack pot, when he must show his opening qualification" '
        "(EB29; PEEL 33; poker-rules.md R4.8): the opener proves his openers from his hand as "
        "dealt before he takes a pool uncalled, and at the show."
    ),
    "R4.9": (
        "False openers forfeit all they have put into the pool. If drawn to, they must ante for "
        "all the others for the next deal; but if any have come in against the false openers, "
        "they stay and play for the pool (EB29; poker-rules.md R4.9)."
    ),
    # the draw's rulings beyond section I (seed 004)
    "W-6": (
        'If any card is found "faced" in the pack at this stage, it is deposited with the '
        "discards. Should a card be accidentally faced by the Dealer, it cannot be replaced until "
        "all the other players, including the Dealer himself, have been handed their desired "
        "number of cards."
    ),
    "W-8": (
        "When there are more than six players, it may happen that there are not sufficient cards "
        "to go round; in this case the last card must not be handed out, but be placed by the "
        "Dealer among the discards and abandoned hands, which are then gathered together by him, "
        'shuffled, and cut by the Pone. The Dealer then completes the work of "filling up" hands '
        "by using them as a new stock. In parenthesis—those who have been kept waiting to be "
        "replenished must retain their throw-outs until asked how many they require."
    ),
    # the end of a deal nobody opened (seed 003; poker-rules.md R3.11)
    "J-4": (
        "If no player holds so valuable a hand the deal passes and each player adds a small "
        "sum to the pot or pool (S3)."
    ),
    "R3.11": (
        "The ante stays in the pool, every player puts in a sum equal to the ante, and the "
        "next deal is a Jack-pot (PEEL; poker-rules.md R3.11, unopened = english)."
    ),
    # the Age's making good (seed 000)
    "D-6": (
        "When all who wish to play have gone in, the person putting up the ante can either give "
        "up all interest in the pool, thus forfeiting the ante which has been put up, or else "
        'can play like the others who have gone in, by "making good," that is, putting up in '
        "addition to the ante as much more as will make him equal in stake to the rest (S0)."
    ),
    # the show (seed 003; poker-rules.md R3.20, R8.10)
    "W-11": (
        "The complete hands of the caller and the called must be shown. The common practice of "
        "throwing away unshown, for purposes of concealment, a losing hand that has called is "
        "illegal (S3)."
    ),
    "D-13": (
        "So rarely does the combination turn up that the holder, in addition to scooping up "
        "the money in the pool, draws a certain amount (in proportion to the stake prevailing "
        "throughout the game) from each player at the table."
    ),
}

#: a short title for each rule, for the terminal
TITLES: dict[str, str] = {
    "I-1": "card exposed in the deal",
    "I-2": "a player exposes his own cards",
    "I-3": "too few or too many cards, noticed before looking",
    "I-4": "two cards dealt in place of one",
    "I-5": "a hand short: misdeal",
    "I-6": "a card with a foreign mark",
    "I-7": "a deal out of turn",
    "I-8": "no new deal after looking",
    "I-9": "wrong number of cards found after looking",
    "I-10": "wrong number of cards asked for in the draw",
    "I-11": "the dealer helps himself to too many",
    "I-12": "drawing out of turn",
    "I-13": "a draw card seen in passing",
    "R8.8": "betting out of turn",
    "R4.8": "the opener shows his openers",
    "R4.9": "false openers",
    "W-6": "a card faced in the draw",
    "W-8": "the stock runs out in the draw",
    "J-4": "nobody opens the Jack-Pot",
    "R3.11": "nobody comes in against the Age",
    "D-6": "the Age makes good or forfeits his ante",
    "W-11": "a called hand must be shown",
    "D-13": "the Royal Flush penalty, for a hand not called",
}


def ruling(rule: str, effect: str) -> dict[str, Any]:
    """The history entry of a ruling: the rule's ID, the seed's words and what follows."""
    return {"ruling": rule, "text": QUOTES[rule], "effect": effect}


#: R4.9's words in each source that ``false_openers`` names (poker-rules.md R4.9)
FALSE_OPENERS: dict[str, str] = {
    "EB29": QUOTES["R4.9"],
    "refuse": QUOTES["R4.9"],
    "PEEL": (
        "The false opener cannot claim the pool, pays a penalty of double the ante, and the "
        "next deal is a Jack-pot (PEEL 33; poker-rules.md R4.9)."
    ),
    "BAR": (
        'The offender "retires from the game", and "the penalty ... is for him to put up a '
        'jack-pot equal in chips to the one he has entered into in error"; if the error is '
        'found after the draw and no hand has openers, "that round of jack-pots is null and '
        'void" (BAR 35-37; poker-rules.md R4.9).'
    ),
}


def false_openers_ruling(mode: str, effect: str) -> dict[str, Any]:
    """R4.9's ruling in the words of the source that option ``false_openers`` names."""
    return {"ruling": "R4.9", "text": FALSE_OPENERS[mode], "effect": effect}


@dataclass
class Choice:
    """A ruling waiting on a seat's choice: the rule, the seat, the options, the context."""

    rule: str
    seat: int
    options: tuple[str, ...]
    data: dict[str, Any] = field(default_factory=dict)
