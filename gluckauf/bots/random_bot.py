"""RandomBot: uniform over the legal actions, seeded."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..core.actions import Action
    from ..core.state import GameState


class RandomBot:
    """Picks uniformly among the legal actions with its own seeded RNG."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: GameState) -> Action:
        actions = state.legal_actions()
        if not actions:
            raise ValueError("the game is over: there is nothing to choose")
        return actions[self.rng.randrange(len(actions))]

    def __repr__(self) -> str:
        return "RandomBot()"
