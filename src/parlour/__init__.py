"""parlour: the games of the old rule books, played, refereed and analysed exactly as stated.

import parlour
game = parlour.make("draw-poker", players=5)
state = game.new_state(seed=7)
"""

from parlour import bots, game
from parlour.game import Game, GameOptionError, IllegalAction, State, make

__all__ = ["Game", "GameOptionError", "IllegalAction", "State", "bots", "game", "make"]
__version__ = "0.1.0"
