"""The board games' rules in a newcomer's words: shown once, and again with a hint.

Each board screen words the rules in play under the board.  Drawn at every turn, they made a
game thousands of lines long (a 2-player Pachisi repeated them at each of 348 decisions), so
a board shows them only before a seat's first move, ending with :data:`AGAIN`, and the
game's ``h`` gives them again after its advice (:func:`with_rules`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.markup import escape

from parlour.game import State
from parlour.terminal import Hinter

#: the last line of the rules drawn under a board: where to find them again
AGAIN = "(h gives a hint and these rules again.)"


def with_rules(hint: Hinter, words: Callable[[dict[str, Any]], str]) -> Hinter:
    """A hinter that gives ``hint``'s advice, then the rules in play as ``words`` puts them
    from the seat's observation (the board shows them only before the seat's first move)."""

    def hint_and_rules(state: State, seat: int) -> str:
        rules = escape(words(state.observation(seat)))
        return f"{hint(state, seat)}\n[dim]{rules}[/dim]"

    return hint_and_rules
