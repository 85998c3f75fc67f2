"""The rules in play in a player's words, from a game's rules dataclass (``r`` at a turn).

A game words its options in a small table: each line names the fields of the rules
dataclass it words, the catalogue rule(s) behind them, and a function from the rules and
the number of players to the words (None where the line has nothing to say under these
rules, e.g. the Joker's rank when no Joker is used).  :func:`unworded` finds a field that no
line words and that is not listed as one that does not change play, so a new option cannot
be added without being told to the players.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, fields
from typing import Any

#: the words of one line, from the rules and the number of players; None: nothing to say
Say = Callable[[Any, int], str | None]


@dataclass(frozen=True)
class Line:
    """One line of the rules in play: the ``fields`` it words, their ``rule`` (catalogue IDs,
    "" where none applies) and how it is ``said``."""

    fields: tuple[str, ...]
    rule: str
    said: Say


def line(names: str, rule: str, said: Say) -> Line:
    """A :class:`Line` for the space-separated field ``names``."""
    return Line(tuple(names.split()), rule, said)


#: the players at the table (the game's, not a field of its rules)
PLAYERS = Line((), "", lambda rules, players: f"Players: {players}")


def summary(title: str, rules: Any, players: int, lines: Iterable[Line]) -> str:
    """The rules in play: a title, then each line with its rule in brackets."""
    out = [title]
    for each in lines:
        words = each.said(rules, players)
        if words:
            out.append(f"- {words}" + (f" ({each.rule})." if each.rule else "."))
    return "\n".join(out)


def unworded(rules_class: type, lines: Iterable[Line], silent: Iterable[str]) -> list[str]:
    """The fields of ``rules_class`` that no line words and ``silent`` does not name."""
    said = {name for each in lines for name in each.fields} | set(silent)
    return [f.name for f in fields(rules_class) if f.name not in said]


def yes_no(value: bool, yes: str, no: str) -> str:
    """``yes`` or ``no`` as ``value`` is."""
    return yes if value else no


def either(words: Sequence[str]) -> str:
    """Choices in words: 'a', 'a or b', 'a, b or c'.

    >>> either(["fold", "call", "raise 1..5"])
    'fold, call or raise 1..5'
    """
    return " or ".join([", ".join(words[:-1]), words[-1]] if len(words) > 1 else words)


def ordinal(n: int) -> str:
    """``2`` -> ``'2nd'``, ``11`` -> ``'11th'``.

    >>> ordinal(3), ordinal(12), ordinal(22)
    ('3rd', '12th', '22nd')
    """
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def when(condition: object, words: str) -> str | None:
    """``words`` where ``condition`` holds, else None (the line says nothing)."""
    return words if condition else None
