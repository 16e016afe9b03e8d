"""The bot protocol."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from ..core.actions import Action
    from ..core.state import GameState


@runtime_checkable
class Bot(Protocol):
    """A player program. ``choose`` returns one of ``state.legal_actions()`` for the current
    player and must not change the state. ``name`` labels it in tables and logs."""

    name: str

    def choose(self, state: GameState) -> Action: ...


@runtime_checkable
class BudgetedBot(Bot, Protocol):
    """A bot that can also decide within a time budget, for a player waiting at the board:
    ``choose_within(state, seconds)`` returns what ``choose`` would, or, if time runs out
    first, the best it found within about ``seconds``."""

    def choose_within(self, state: GameState, seconds: float) -> Action: ...


def decide(bot: Bot, state: GameState, seconds: float) -> Action:
    """``bot``'s choice for a player who is waiting: within about ``seconds`` for a bot that
    takes a budget (:class:`BudgetedBot`), else as it always chooses."""
    if isinstance(bot, BudgetedBot):
        return bot.choose_within(state, seconds)
    return bot.choose(state)
