"""Bots: anything with ``choose(state) -> action`` plays (see :class:`Bot`)."""

from .base import Bot, BudgetedBot
from .greedy import GreedyBot
from .hint import HintBot
from .random_bot import RandomBot

__all__ = ["Bot", "BudgetedBot", "GreedyBot", "HintBot", "RandomBot"]
