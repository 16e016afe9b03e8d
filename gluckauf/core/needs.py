"""What using a space needs now, in two facts the rules and their explanations share: the
workers it takes (R-TURN-2, R-TURN-4) and whether a delivery has its complete order (R-TURN-3).

Below both :mod:`gluckauf.core.rules` (which re-exports them) and :mod:`gluckauf.core.explain`, so
that neither imports the other to learn them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .components import AREA_BANK, ORDERS, Space

if TYPE_CHECKING:
    from .state import GameState


def workers_needed(state: GameState, space: Space) -> int:
    """Workers it takes to use a space now: 1 if empty, else one more than stand there
    (R-TURN-2); always 1 on the bank building (R-TURN-4)."""
    if space.area == AREA_BANK:
        return 1
    return state.space_count[space.index] + 1


def has_complete_order(state: GameState, player: int, transport: int) -> bool:
    """True if the player holds a complete outstanding order of this transport (R-TURN-3)."""
    for card, slots in state.outstanding[player]:
        if ORDERS[card].transport == transport and all(slots):
            return True
    return False


__all__ = ["has_complete_order", "workers_needed"]
