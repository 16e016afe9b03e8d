"""The game's phases and the empty cart: names the rules, the state and the files share.

A module of its own so that the rules can name the phases without importing the state (which
imports the rules: :class:`~gluckauf.core.state.GameState` is their facade).
"""

from __future__ import annotations

DRAFT, PLACE, MINE, CHOOSE, CUBE, OVER = "draft", "place", "mine", "choose", "cube", "over"
PHASES = (DRAFT, PLACE, MINE, CHOOSE, CUBE, OVER)
EMPTY_CART = -1  # a cart without a cube

__all__ = ["CHOOSE", "CUBE", "DRAFT", "EMPTY_CART", "MINE", "OVER", "PHASES", "PLACE"]
