"""Dominated moves: legal actions a bot need never consider.

A two-cube fill (R-MINE-3) that puts a cube of the slot's own colour on the slot is never
better than the one-cube fill with that same cube from the same place (R-MINE-2.3 from the
cage, R-MINE-2.5 from storage): that fill is legal whenever the two-cube fill is, fills the
same slot, costs one step instead of two, and leaves the other cube where it was. The spare
step can always move a cube left in the cage into storage (the cage is at the surface, or it
could not have paid from the cage), so whatever follows the two-cube fill can follow the
one-cube fill too, with one cube more in hand (worth as much at the end, R-END-2, and free
to fill another slot). Only the supply differs, by that cube, after the order's delivery
(R-DELIVER-2).

Pruning is the bots' business: the engine's legality is untouched (``state.legal_actions()``
stays the one source of truth, and a dominated fill stays legal to play). The GreedyBot's
mining planner and, through it, the MCTSBot (its own mining turns and its model of the
opponents) never try these fills: the planner's own rule for pairs (only for a slot no single
cube can fill) excludes them, which tests/test_pruning.py checks against :func:`dominated`.
:func:`bot_actions` is the filter for a bot that picks from the legal actions (a bot author's
own, e.g. in the strategy lab); the RandomBot plays every legal action on purpose (it is the
kit's legality fuzzer and the golden playthroughs' player).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..core.actions import Fill
from ..core.state import MINE

if TYPE_CHECKING:
    from ..core.actions import Action
    from ..core.state import GameState


def dominating_fill(action: Action) -> Fill | None:
    """The one-cube fill that dominates ``action``, or None if nothing does: for a two-cube
    fill with a cube of the slot's colour, the fill of the same slot with that cube alone
    (the cage's, if both places gave one)."""
    if type(action) is not Fill or len(action.cubes) != 2:
        return None
    for cube in action.cubes:  # canonical order: the cage's cube before storage's
        if cube[1] == action.slot:
            return Fill(action.order, action.slot, (cube,))
    return None


def dominated(action: Action) -> bool:
    """True for a two-cube fill with a cube of the slot's own colour (see the module)."""
    if type(action) is not Fill:
        return False
    cubes = action.cubes
    return len(cubes) == 2 and (cubes[0][1] == action.slot or cubes[1][1] == action.slot)


def prune(actions: Sequence[Action]) -> list[Action]:
    """``actions`` without the dominated ones, in their order."""
    return [action for action in actions if not dominated(action)]


def bot_actions(state: GameState) -> Sequence[Action]:
    """The legal actions worth a bot's thought: ``state.legal_actions()`` less the dominated
    ones. Only mining steps can be dominated; other decisions get the engine's own sequence
    (an F★/O★ choice stays a lazy sequence)."""
    actions = state.legal_actions()
    return prune(actions) if state.phase == MINE else actions


__all__ = ["bot_actions", "dominated", "dominating_fill", "prune"]
