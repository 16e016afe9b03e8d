"""Glück Auf — an exact, explainable, replayable rules engine (RULES.md IDs throughout).

>>> from gluckauf import new_game
>>> state = new_game(players=3, seed=1)
>>> state.phase
'draft'
"""

from .actions import (
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
from .bots import Bot, GreedyBot, RandomBot
from .catalogue import RULES, explain_rule
from .errors import FormatError, GameError, IllegalActionError, NotationError, Refusal
from .events import Event
from .i18n import LANGUAGES, get_language, language, set_language
from .newgame import new_game
from .records import load_record, record_of, replay, save_record
from .scoring import GameResult, PlayerResult
from .state import GameState

__all__ = [
    "LANGUAGES", "RULES", "Action", "Bot", "Choose", "Draft", "Event", "Fill", "FormatError",
    "GameError", "GameResult", "GameState", "GreedyBot", "IllegalActionError", "Load",
    "MoveCage", "NotationError", "Place", "PlayerResult", "RandomBot", "Refusal", "Stop",
    "Store", "SubstituteCube",
    "explain_rule", "get_language", "language", "load_record", "new_game", "parse_action",
    "record_of", "replay", "save_record", "set_language",
]  # fmt: skip
__version__ = "0.1.0"
