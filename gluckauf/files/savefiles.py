"""A saved game, in whichever file holds it: the one place that decides how a game is saved.

* A game from the deal is saved as a game record: seed + actions (:mod:`gluckauf.files.records`).
* A game set up at a position (a position file, a :class:`~gluckauf.core.builder.PositionBuilder`
  puzzle) is saved as a position (:mod:`gluckauf.files.positions`) while nothing has been played
  from it, else as a record whose ``start`` is that position, so undo still reaches it.

Saving checks before it writes that the file will load back as the same game — the same
position, the same moves, the same start — and refuses (:class:`~gluckauf.core.errors.GameError`,
nothing written) if it would not: a save never silently keeps less than the game. Loading
reads either kind and refuses a bad file with a :class:`~gluckauf.core.errors.FormatError`.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..core.errors import FormatError, GameError
from ..core.state import DEAL
from .jsonio import read_json, write_json_atomic
from .positions import FORMAT as POSITION_FORMAT
from .positions import position_from_dict, position_to_dict
from .records import game_start, record_of, replay

if TYPE_CHECKING:
    from ..core.state import GameState


def game_data(state: GameState, *, seats: Sequence[str] | None = None) -> dict[str, Any]:
    """The JSON data a save of ``state`` writes (``seats``: who played each seat, kept in a
    record for a later review)."""
    if state.origin is not DEAL and not state.history:
        return position_to_dict(state)
    return record_of(state, seats=seats)


def game_from_data(data: Any) -> GameState:
    """The game a saved file's data holds: a position, or a record replayed (every action
    checked again). FormatError for anything else."""
    if isinstance(data, dict) and data.get("format") == POSITION_FORMAT:
        return position_from_dict(data)
    return replay(data)


def same_game(one: GameState, other: GameState) -> bool:
    """Whether two states are the same game: the same position now, the same actions since
    the same start."""
    return one == other and one.history == other.history and same_start(one, other)


def same_start(one: GameState, other: GameState) -> bool:
    """Whether two games' histories begin at the same position, both at a deal or both at a
    set-up position."""
    if (one.origin is DEAL) != (other.origin is DEAL):
        return False
    try:
        return game_start(one) == game_start(other)
    except ValueError:  # a look-ahead copy that played on: its start is not known
        return False


def save_game(
    state: GameState, path: str | os.PathLike[str], *, seats: Sequence[str] | None = None
) -> None:
    """Write the game to ``path`` atomically, after checking that the file will load back as
    the same game (:func:`same_game`); GameError, and nothing written, if it would not."""
    data = game_data(state, seats=seats)
    try:
        loaded = game_from_data(data)
    except GameError as exc:
        raise GameError(f"the game cannot be saved: it would not load back ({exc})") from None
    if not same_game(loaded, state):
        raise GameError("the game cannot be saved: the file would not load back as this game")
    write_json_atomic(path, data)


def load_game(path: str | os.PathLike[str]) -> GameState:
    """The game in a saved file (a record or a position); FormatError naming the file."""
    data = read_json(path)  # its messages already name the file
    try:
        return game_from_data(data)
    except FormatError as exc:
        raise exc.within(os.fspath(path)) from None


__all__ = ["game_data", "game_from_data", "load_game", "same_game", "same_start", "save_game"]
