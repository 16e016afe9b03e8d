"""Can an order still be delivered before the game ends? Counting the actions a player has
left against the actions an order still needs (a tunnel tile for a colour the mine lacks, a
mining action, a delivery). The hint bot keeps learners away from orders that cannot be
finished; the bots' explanations say when open orders can no longer be finished (R-END-3)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.components import COLOURS, ORDERS, SHIFTS, WORKERS
from ..core.state import OVER

if TYPE_CHECKING:
    from ..core.state import GameState


def actions_left(state: GameState, me: int) -> int:
    """The workers ``me`` still places this game (each at most one action)."""
    if state.phase == OVER:
        return 0
    return state.workers[me] + WORKERS[state.players] * (SHIFTS - state.shift)


def actions_to_finish(state: GameState, me: int, card: int, slots: Any) -> int:
    """The fewest actions that deliver order ``card`` with slots ``slots`` for ``me``: a
    delivery; a mining action if a slot is empty; a tunnel tile for each needed colour that
    the mine, cage and storage hold no cube of (unless spare cubes can fill in pairs,
    R-MINE-3)."""
    empty = [colour for colour, cubes in zip(ORDERS[card].slots, slots, strict=True) if not cubes]
    if not empty:
        return 1
    in_mine = state.cubes_in_mine(me)
    have = [in_mine[c] + state.cage[me][c] + state.storage[me][c] for c in COLOURS]
    short = sum(max(0, empty.count(c) - have[c]) for c in set(empty))
    spare = sum(have) - (len(empty) - short)
    if short and spare >= 2 * short:
        return 2
    return 2 + len({c for c in empty if have[c] == 0})


def order_can_finish(state: GameState, me: int, card: int, slots: Any = None) -> bool:
    """Whether ``me`` can still deliver order ``card`` (held with ``slots``, or just taken)
    before the game ends."""
    if slots is None:
        slots = [()] * len(ORDERS[card].slots)
    return actions_to_finish(state, me, card, slots) <= actions_left(state, me)


__all__ = ["actions_left", "actions_to_finish", "order_can_finish"]
