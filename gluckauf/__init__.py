"""Glück Auf — an exact, explainable, replayable rules engine (rule IDs throughout:
``gluckauf.RULES``, ``notebooks/reference.ipynb``).

>>> from gluckauf import new_game
>>> state = new_game(players=3, seed=1)
>>> state.phase
'draft'

The bots and the game records are loaded when first asked for (``from gluckauf import
GreedyBot``): ``import gluckauf`` stays quick for a tool that only plays by the rules.
"""

from importlib import import_module
from typing import Any

from .core.actions import (
    Action,
    Choose,
    Draft,
    Fill,
    Load,
    MoveCage,
    Place,
    Stop,
    Store,
    SubstituteCube,
    parse_action,
)
from .core.errors import FormatError, GameError, IllegalActionError, NotationError, Refusal
from .core.events import Event
from .core.newgame import new_game
from .core.scoring import GameResult, PlayerResult
from .core.state import GameState

# the text layer: its modules give the engine's values their words (gluckauf.core.voice)
from .text import render, sentences, words  # noqa: F401
from .text.catalogue import RULES, explain_rule
from .text.i18n import LANGUAGES, get_language, language, set_language

__all__ = [
    "LANGUAGES", "RULES", "Action", "Bot", "Choose", "Draft", "Event", "Fill", "FormatError",
    "GameError", "GameResult", "GameState", "GreedyBot", "IllegalActionError", "Load",
    "MoveCage", "NotationError", "Place", "PlayerResult", "RandomBot", "Refusal", "Stop",
    "Store", "SubstituteCube",
    "explain_rule", "get_language", "language", "load_record", "new_game", "parse_action",
    "record_of", "replay", "save_record", "set_language",
]  # fmt: skip
__version__ = "0.1.0"

#: What ``from gluckauf import …`` loads only when first asked for: name → its module.
_LATER = {
    "Bot": ".bots", "GreedyBot": ".bots", "RandomBot": ".bots", "load_record": ".files.records",
    "record_of": ".files.records", "replay": ".files.records", "save_record": ".files.records",
}  # fmt: skip


def __getattr__(name: str) -> Any:
    """The bots and the records' functions, imported the first time they are asked for."""
    if name in _LATER:
        value = getattr(import_module(_LATER[name], __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'gluckauf' has no attribute {name!r}")
