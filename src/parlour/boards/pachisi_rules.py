"""Pachisi rule options, the named rule sets and the cowrie throws (board-games.md C.3, C.5, C.8).

>>> r = rules_from_options({"ruleset": "pachih"})
>>> r.ruleset, r.throw_table, r.castle_layout, r.max_throws_per_turn
('pachih_aceh', 'aceh7', 'aceh_pachih', 3)
>>> throw_distribution(PachisiRules())[25]
Fraction(1, 64)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb
from random import Random
from typing import Any, Literal, get_args

from parlour.game import GameOptionError, build_rules

ThrowTable = Literal["wikipedia6", "herklots6", "herklots7", "aceh7", "humphries7"]
#: throw value by number of mouths up (index = mouths up); C.3.  The cowrie count is len - 1.
THROW_TABLES: dict[ThrowTable, tuple[int, ...]] = {
    "wikipedia6": (25, 10, 2, 3, 4, 5, 6),
    "herklots6": (6, 10, 2, 3, 4, 25, 12),
    "herklots7": (6, 10, 2, 3, 4, 25, 30, 12),
    "aceh7": (7, 10, 2, 3, 4, 25, 30, 14),
    "humphries7": (7, 10, 2, 3, 4, 25, 30, 12),
}
if tuple(THROW_TABLES) != get_args(ThrowTable):  # the option's choices are the tables' names
    raise AssertionError("THROW_TABLES and ThrowTable name different tables")


@dataclass(frozen=True)
class PachisiRules:
    """Every rule option of Pachisi; defaults are the default rule set of C.4 (C.8)."""

    #: the named rule set these values came from (C.8 `ruleset`)
    ruleset: str = "pachisi_standard"
    #: throw value by mouths up (C.3 `throw_table`)
    throw_table: ThrowTable = "wikipedia6"
    #: chance that one cowrie falls mouth up (C.3 `cowrie_p_up`)
    cowrie_p_up: float = 0.5
    #: which squares are castles (C.2 `castle_layout`)
    castle_layout: Literal["standard", "parker_ceylon", "aceh_pachih", "none"] = "standard"
    #: throws that let a piece enter from the Charkoni (C.3 G/E; C.8 `grace_throws`)
    grace_throws: tuple[int, ...] = (6, 10, 25)
    #: throws after which the player throws again (C.3 G/⟳/★; C.4 step 3)
    again_throws: tuple[int, ...] = (6, 10, 25)
    #: how a grace enters a piece (C.4 step 4; C.8 `grace_entry_mode`)
    grace_entry_mode: Literal[
        "enter_on_square1_consumes_throw", "enter_and_move_value", "dana_extra_step"
    ] = "enter_on_square1_consumes_throw"
    #: each colour's first piece may leave the Charkoni on any throw (C.4 step 4)
    first_piece_free_entry: bool = True
    #: a grace moves a piece from the last square (83) home (C.4 step 7; Ludii Pachisi, Humphries)
    grace_bears_off: bool = True
    #: throw until a stopping throw, then use the throws (Herklots; C.8)
    accumulate_throws_until_stop: bool = False
    #: three identical throws in a row in one turn do not count (Herklots; C.8)
    triple_repeat_cancels: bool = False
    #: most throws in one turn, 0 = unlimited (C.4 step 3; Pachih 3, C.5)
    max_throws_per_turn: int = 0
    #: a capture earns another throw (modern sheets; C.8)
    capture_bonus_throw: bool = False
    #: "forbidden" or "allowed_no_capture": ending on a castle held by an opponent (C.4 step 5)
    enemy_castle_landing: Literal["forbidden", "allowed_no_capture"] = "forbidden"
    #: two or more pieces of one colour on a square cannot be hit (Herklots/Tylor; C.8): an
    #: enemy may not end its move there (it neither hits them nor shares the square)
    doubled_pieces_immune: bool = False
    #: two or more pieces of one opposing colour on a square block passing (C.8 `blockades`)
    blockades: bool = False
    #: a piece needs the exact throw to reach home; else overshooting goes home (C.4 step 7)
    exact_finish: bool = True
    #: from position 76 a piece may go round again instead of turning home (C.4 step 9)
    allow_extra_circuit: bool = True
    #: a player may decline to use a throw (C.4 step 8)
    may_pass: bool = True
    #: "partners" (opposite colours one side) or "none" (each colour alone; Pachih) (C.4, C.5)
    teams: Literal["partners", "none"] = "partners"
    #: where pieces begin: "charkoni" or "start_square" (position 1; Pachih, C.5)
    pieces_start: Literal["charkoni", "start_square"] = "charkoni"
    #: where a hit piece goes: "charkoni" (needs a grace) or "start_square" (C.8)
    captured_return_to: Literal["charkoni", "start_square"] = "charkoni"
    #: a colour with all pieces home uses its throws for its partner (C.4 step 10)
    finished_player_helps_partner: bool = True
    #: False: several pieces may share a square only on castles (Pachih ×, C.5) and on the
    #: colour's own start square, where they begin and return (reached as step 1 or 83)
    stacking_outside_safe: bool = True
    #: "highest_throw" (C.4 step 1) or "seat0"
    first_player: Literal["highest_throw", "seat0"] = "highest_throw"
    #: safeguard: after this many turns the game ends as a draw (0 = never)
    max_turns: int = 4000

    def __post_init__(self) -> None:
        if not 0.01 <= self.cowrie_p_up <= 0.99:  # 1e-6: a million tied throws for the start
            raise GameOptionError(
                f"pachisi: cowrie_p_up (C.3) must be from 0.01 to 0.99, not {self.cowrie_p_up}: "
                "nearer 0 or 1 every throw is alike, and the throws for the start tie for ever"
            )
        for name in ("max_throws_per_turn", "max_turns"):
            if (value := getattr(self, name)) < 0:
                raise GameOptionError(f"pachisi: {name} must be >= 0 (0: no limit), not {value}")
        if self.triple_repeat_cancels and not self.accumulate_throws_until_stop:
            raise GameOptionError(
                "pachisi: triple_repeat_cancels needs accumulate_throws_until_stop (C.8, "
                "Herklots): three alike cancel throws still in hand, not moves already made"
            )
        self._check_throw_lists()
        self._check_no_piece_is_stranded()

    def _check_throw_lists(self) -> None:
        """``grace_throws`` and ``again_throws``, when given, name a throw of ``throw_table``
        (C.3); a listed value the table never throws (6 with seven cowries) is harmless."""
        thrown = set(THROW_TABLES[self.throw_table])
        for name in ("grace_throws", "again_throws"):
            listed = sorted(set(getattr(self, name)))
            if listed and not thrown.intersection(listed):
                raise GameOptionError(
                    f"pachisi: {name} {listed} are not throws of throw_table="
                    f"{self.throw_table!r}, which throws {sorted(thrown)} (C.3, C.8 {name})"
                )

    def _check_no_piece_is_stranded(self) -> None:
        """Refuse options under which a piece in C or on step 83 could never move again."""
        if not self.grace_throws and "charkoni" in (self.pieces_start, self.captured_return_to):
            raise GameOptionError(
                "pachisi: grace_throws is empty, but pieces_start or captured_return_to puts "
                "pieces in the Charkoni, which only a grace leaves (C.4 step 4)"
            )
        grace_home = self.grace_bears_off or self.grace_entry_mode == "dana_extra_step"
        if self.exact_finish and not (self.grace_throws and grace_home):
            raise GameOptionError(
                "pachisi: with exact_finish=True a piece on step 83 goes home only by a grace "
                "(no throw table has a 1): set grace_bears_off=True or grace_entry_mode="
                "'dana_extra_step' with grace_throws, or exact_finish=False (C.4 step 7)"
            )


_HERKLOTS: dict[str, Any] = {
    "grace_entry_mode": "dana_extra_step",
    "first_piece_free_entry": False,
    "grace_bears_off": False,
    "accumulate_throws_until_stop": True,
    "triple_repeat_cancels": True,
    "doubled_pieces_immune": True,
}

#: the named rule sets of board-games.md C.8 (`ruleset`) as option values
PRESETS: dict[str, dict[str, Any]] = {
    "pachisi_standard": {},
    "pachisi_herklots6": {
        **_HERKLOTS,
        "throw_table": "herklots6",
        "grace_throws": (10, 25),
        "again_throws": (6, 10, 12, 25),
    },
    "pachisi_herklots7": {
        **_HERKLOTS,
        "throw_table": "herklots7",
        "grace_throws": (10, 25, 30),
        "again_throws": (6, 10, 12, 25, 30),
    },
    "pachih_aceh": {
        "throw_table": "aceh7",
        "castle_layout": "aceh_pachih",
        "grace_throws": (),
        "again_throws": (7, 14, 25, 30),
        "first_piece_free_entry": False,
        "grace_bears_off": False,
        "max_throws_per_turn": 3,
        "enemy_castle_landing": "allowed_no_capture",
        "exact_finish": False,
        "allow_extra_circuit": False,
        "teams": "none",
        "pieces_start": "start_square",
        "captured_return_to": "start_square",
        "stacking_outside_safe": False,
    },
    "pachesi_humphries": {
        "throw_table": "humphries7",
        "grace_throws": (10, 25, 30),
        "again_throws": (),
        "first_piece_free_entry": False,
        "teams": "none",
    },
}
#: each rule set's name on the screen (``ruleset`` is the option's value, not for people)
TITLES: dict[str, str] = {
    "pachisi_standard": "Pachisi, standard rules",
    "pachisi_herklots6": "Pachisi as Herklots gives it, six cowries",
    "pachisi_herklots7": "Pachisi as Herklots gives it, seven cowries",
    "pachih_aceh": "Pachih, as played in Aceh",
    "pachesi_humphries": "Pachesi as Humphries gives it",
}
if TITLES.keys() != PRESETS.keys():
    raise AssertionError("TITLES and PRESETS name different rule sets")
#: short names accepted for the rule sets (`rules="pachih"`)
ALIASES = {
    "default": "pachisi_standard",
    "standard": "pachisi_standard",
    "herklots6": "pachisi_herklots6",
    "herklots": "pachisi_herklots6",
    "herklots7": "pachisi_herklots7",
    "pachih": "pachih_aceh",
    "aceh": "pachih_aceh",
    "humphries": "pachesi_humphries",
    "pachesi": "pachesi_humphries",
}


def preset_name(name: str) -> str:
    """The canonical rule-set name for ``name`` or one of its short aliases."""
    canonical = ALIASES.get(name, name) if isinstance(name, str) else None  # a list: no name
    if canonical not in PRESETS:
        known = ", ".join(sorted(set(PRESETS) | set(ALIASES)))
        raise GameOptionError(f"pachisi: unknown rule set {name!r}; known: {known}")
    return canonical


#: the names of the option that names the rule set
RULE_SET_NAMES = ("ruleset", "rules", "preset")


def rules_from_options(options: dict[str, Any]) -> PachisiRules:
    """Expand ``ruleset`` (or its other names ``rules`` and ``preset``, the word every game's
    presets go by) into option values; explicit options win."""
    options = dict(options)
    given = {key: options.pop(key) for key in RULE_SET_NAMES if key in options}
    if len({preset_name(name) for name in given.values()}) > 1:  # one would be dropped
        said = " and ".join(f"{key}={name!r}" for key, name in given.items())
        raise GameOptionError(
            f"pachisi: {said} {'both' if len(given) == 2 else 'all'} name the rule set "
            "(ruleset, rules and preset are one option): give one"
        )
    name = preset_name(next(iter(given.values()), "pachisi_standard"))
    return build_rules(PachisiRules, {**PRESETS[name], **options, "ruleset": name}, game="pachisi")


def cowries(rules: PachisiRules) -> int:
    """How many cowries the rule set throws."""
    return len(THROW_TABLES[rules.throw_table]) - 1


def throw_value(rules: PachisiRules, mouths_up: int) -> int:
    """The value of a throw with ``mouths_up`` cowries mouth up (C.3)."""
    return THROW_TABLES[rules.throw_table][mouths_up]


def mouths_up_distribution(rules: PachisiRules) -> list[Fraction]:
    """P(k mouths up) for k = 0..n: the binomial C(n, k) p^k (1-p)^(n-k), exactly."""
    n = cowries(rules)
    p = Fraction(rules.cowrie_p_up)
    return [comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)]


def throw_distribution(rules: PachisiRules) -> dict[int, Fraction]:
    """P(throw value) for the rule set's throw table, exactly."""
    out: dict[int, Fraction] = {}
    for k, prob in enumerate(mouths_up_distribution(rules)):
        value = throw_value(rules, k)
        out[value] = out.get(value, Fraction(0)) + prob
    return out


def throw_cowries(rules: PachisiRules, rng: Random) -> int:
    """Throw the cowries: the number that fall mouth up, each independently with p_up."""
    p = rules.cowrie_p_up
    return sum(1 for _ in range(cowries(rules)) if rng.random() < p)
