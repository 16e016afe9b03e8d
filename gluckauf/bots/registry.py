"""Bots by name: ``make_bot("random", seed)``. The command line, the tournament runner and
anything else that takes a bot's name on a command line or in a config look bots up here.

A factory takes one seed (an ``int``) and returns a fresh bot. To add a bot that lives in
this package, add one line at the end of this file::

    _optional("mcts", "gluckauf.bots.mcts", "MCTSBot")

:func:`_optional` registers the bot only if its module imports, and otherwise remembers why
not, so a half-written bot never breaks the other commands and ``make_bot`` can say what is
wrong. Code outside the package can call :func:`register` (note: a bot registered at run time
reaches the tournament's worker processes only where they are forked, i.e. on Linux; a bot
in an importable module registered here reaches them everywhere).
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..core.errors import PhrasedError
from ..core.voice import Phrase
from .random_bot import RandomBot

if TYPE_CHECKING:
    from .base import Bot

Factory = Callable[[int], "Bot"]

FACTORIES: dict[str, Factory] = {}  # name → factory(seed), in registration order
UNAVAILABLE: dict[str, str] = {}  # name → why its module did not import


class UnknownBotError(PhrasedError):
    """A bot name that is not registered (the message lists the names that are)."""


def register(name: str, factory: Factory, *, replace: bool = False) -> None:
    """Make ``factory(seed)`` available as ``name``."""
    if not name or name != name.strip() or "," in name:
        raise ValueError(f"a bot name is one word without commas, not {name!r}")
    if name in FACTORIES and not replace:
        raise ValueError(f"there is already a bot called {name!r} (replace=True replaces it)")
    FACTORIES[name] = factory
    UNAVAILABLE.pop(name, None)


def bot_names() -> list[str]:
    """The registered names, in registration order."""
    return list(FACTORIES)


def check_bot_name(name: str) -> None:
    """Raise :class:`UnknownBotError` with a helpful message unless ``name`` is registered."""
    if name in FACTORIES:
        return
    known = {"name": repr(name), "bots": ", ".join(sorted(FACTORIES))}
    if name in UNAVAILABLE:
        why = UNAVAILABLE[name]  # the import's own words, for whoever wrote the bot
        raise UnknownBotError(Phrase("bots.unavailable", {**known, "why": why}))
    raise UnknownBotError(Phrase("bots.unknown", known))


def make_bot(name: str, seed: int) -> Bot:
    """A fresh bot of kind ``name`` with its own seed."""
    check_bot_name(name)
    return FACTORIES[name](seed)


def seeded(cls: Callable[..., Bot]) -> Factory:
    """A factory(seed) for a bot class: the seed goes in as the first argument, or as
    ``seed=``, or not at all when the class takes no arguments (a deterministic bot)."""
    try:
        parameters = inspect.signature(cls).parameters.values()
    except (TypeError, ValueError):  # no signature to read: assume cls(seed)
        return cls
    positional = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD,
                  inspect.Parameter.VAR_POSITIONAL)  # fmt: skip
    if any(p.kind in positional for p in parameters):
        return cls
    if any(p.name == "seed" or p.kind == inspect.Parameter.VAR_KEYWORD for p in parameters):
        return lambda seed: cls(seed=seed)
    return lambda seed: cls()


def _optional(name: str, module: str, attribute: str) -> None:
    """Register ``module.attribute`` (a bot class, see :func:`seeded`) if the module imports."""
    try:
        factory = seeded(getattr(importlib.import_module(module), attribute))
    except Exception as exc:  # a missing or half-written bot must not break the others
        reason = f"{type(exc).__name__}: {exc}"
        UNAVAILABLE[name] = f"{module}.{attribute} could not be loaded ({reason})"
        return
    register(name, factory)


register("random", RandomBot)
_optional("greedy", "gluckauf.bots.greedy", "GreedyBot")
_optional("mcts", "gluckauf.bots.mcts", "MCTSBot")
_optional("hint", "gluckauf.bots.hint", "HintBot")
_optional("lesson", "gluckauf.bots.lesson", "LessonBot")

__all__ = ["FACTORIES", "UnknownBotError", "bot_names", "check_bot_name", "make_bot",
           "register", "seeded"]  # fmt: skip
