"""Bots: anything with ``choose(state) -> action`` plays (see :class:`Bot`)."""

from .base import Bot, BudgetedBot
from .greedy import GreedyBot
from .random_bot import RandomBot

__all__ = ["Bot", "BudgetedBot", "GreedyBot", "RandomBot"]
