"""Game records: a whole game as its start plus its actions in the notation (docs/notation.md).

The start is the deal of a seed (a game from :func:`~gluckauf.new_game`), or for a game set up
at a position (a position file, a puzzle) that position itself, under ``"start"``.

A record is a small JSON object (schema: ``gluckauf/files/schemas/record.schema.json``)::

    {"format": "gluckauf-record", "version": 1, "players": 3,
     "names": ["Gábor", "Zsófi", "Péter"], "seed": 7, "options": {"start_player": 1},
     "actions": ["draft W3YY", "draft C9KK", ..., "place M8", "cage 3", "load G", ...],
     "result": {"scores": [61, 54, 49], "winners": [0], "marks_left": [2, 0, 4]}}

All chance happens in :func:`~gluckauf.new_game`, so replaying ``new_game(players, seed,
names=..., start_player=...)`` and then every action rebuilds the game exactly — and checks
every move against the rules on the way (:func:`replay`).

>>> from gluckauf import RandomBot, new_game
>>> state, bot = new_game(2, seed=5), RandomBot(5)
>>> while not state.is_over:
...     _ = state.apply(bot.choose(state))
>>> replay(record_of(state)) == state
True
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..core.actions import parse_action
from ..core.errors import FormatError, GameError, IllegalActionError
from ..core.newgame import new_game
from ..core.state import DEAL, DETACHED
from ..core.voice import Phrase
from .jsonio import read_json, validate, write_json_atomic
from .positions import position_from_dict, position_to_dict

if TYPE_CHECKING:
    from ..core.state import GameState

FORMAT = "gluckauf-record"
VERSION = 1
SCHEMA = "record"


# --- state → record ------------------------------------------------------------------------------
def record_of(state: GameState, *, seats: Sequence[str] | None = None) -> dict[str, Any]:
    """The game record of ``state``: where its history begins — the deal (players, names,
    seed, start player, the face-down table option) or the position it was set up at
    (``"start"``) — and every action so far (``state.history``) in canonical notation;
    ``result`` once the game is over. ``seats`` (one per player: "human" or a bot's name) says
    who played where, for a later review; a record without it does not say.

    Raises ValueError for a look-ahead copy made with ``copy(history=False)`` that has played
    on: where its history began is not known (:data:`~gluckauf.core.state.DETACHED`)."""
    record: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "players": state.players,
        "names": list(state.names),
    }
    if state.origin is DEAL:
        if state.seed is None:
            raise ValueError(
                "this game has no seed and no start position, so it cannot be "
                "written as a record; save it as a position instead"
            )
        record["seed"] = state.seed
        record["options"] = {"start_player": first_start_player(state)}
        if state.face_down:
            record["options"]["face_down"] = True
    else:
        record["start"] = position_to_dict(game_start(state))
        record["options"] = {}
    record["actions"] = [str(action) for action in state.history]
    if seats is not None:
        if len(seats) != state.players or not all(isinstance(s, str) and s for s in seats):
            raise ValueError(f"give one seat kind per player ({state.players}), not {seats!r}")
        record["options"]["seats"] = list(seats)
    if not record["options"]:
        del record["options"]
    if state.is_over:
        result = state.result()
        record["result"] = {
            "scores": [int(score) for score in result.scores],
            "winners": [int(seat) for seat in result.winners],
            "marks_left": [int(row.tie_break_marks) for row in result.players],
        }
    return record


def game_start(state: GameState) -> GameState:
    """A new state at the point where the game's history begins: the deal of
    :func:`~gluckauf.new_game` (same players, seed, names, start player and table option), or
    the position the game was set up at. Raises ValueError for a look-ahead copy that has
    played on without its history (:data:`~gluckauf.core.state.DETACHED`)."""
    start = state.start()
    if start is not None:
        return start
    if state.origin is DETACHED:
        if state.history:
            raise ValueError(
                "this copy was made without its history (copy(history=False)), so the moves "
                "that led here are not known: save the game it was copied from, or this "
                "position alone (gluckauf.files.positions.save_position)"
            )
        start = state.copy(history=False)
        start.keep_undo = state.keep_undo
        start.begin_here()
        return start
    return new_game(
        state.players,
        state.seed,
        names=state.names,
        start_player=first_start_player(state),
        face_down=state.face_down,
    )


def first_start_player(state: GameState) -> int:
    """The seat that started the game (``state.start_player`` changes after each shift):
    ``state.first_start_player``, or for a state without it the seat that
    :func:`~gluckauf.new_game` draws from the seed."""
    kept = getattr(state, "first_start_player", None)
    if kept is not None:
        return int(kept)
    return new_game(state.players, state.seed, names=state.names).start_player


# --- record → state ------------------------------------------------------------------------------
def check_record(data: Any) -> None:
    """Raise :class:`FormatError` unless ``data`` is a well-formed record (the JSON Schema and
    the facts it cannot express, e.g. one name per player). The actions are checked by
    :func:`replay`, which calls this first."""
    if not isinstance(data, dict):
        raise _says("not_object", holds=_json_kind(data))
    form = data.get("format")
    if form != FORMAT:
        if form is None:
            raise _says("no_format", format=FORMAT)
        if form == "gluckauf-position":
            raise _says("position_not_record")
        raise _says("format", format=FORMAT, shown=repr(form))
    version = data.get("version")
    if version != VERSION:
        if isinstance(version, int) and not isinstance(version, bool) and version > VERSION:
            raise _says("newer", found=version, version=VERSION)
        raise _says("version", version=VERSION, shown=repr(version))
    if "seed" not in data and "start" not in data:
        raise _says("no_start")
    if "seed" in data and "start" in data:
        raise _says("two_starts")
    validate(data, SCHEMA)
    players, names = data["players"], data["names"]
    if len(names) != players:
        raise _says("names", players=players, count=len(names))
    if "start" in data:
        for option in ("start_player", "face_down"):
            if option in data.get("options", {}):
                raise _says("start_option", option=option)
    start = data.get("options", {}).get("start_player")
    if start is not None and start >= players:
        raise _says("start_player", seat=start, players=players, last=players - 1)
    seats = data.get("options", {}).get("seats")
    if seats is not None and len(seats) != players:
        raise _says("seats", players=players, count=len(seats))
    result = data.get("result")
    if result is not None:
        for key in ("scores", "marks_left"):
            if key in result and len(result[key]) != players:
                raise _says("result_size", field=key, count=len(result[key]), players=players)
        if any(seat >= players for seat in result["winners"]):
            raise _says("winners", last=players - 1)


def replay(record: dict[str, Any], *, keep_undo: bool = True) -> GameState:
    """Rebuild the game of a record, checking every action against the rules.

    Raises :class:`FormatError` for a malformed record or an action that is not legal where it
    stands, e.g. ``action 17 ('place F9'): There is no space called F9. (R-NOTATION-1)``
    (actions are counted from 1), and if a stored ``result`` disagrees with the replay."""
    check_record(record)
    if "start" in record:
        state = _start_position(record)
    else:
        start = record.get("options", {}).get("start_player")
        state = new_game(
            int(record["players"]),
            int(record["seed"]),
            names=record["names"],
            start_player=None if start is None else int(start),
            face_down=bool(record.get("options", {}).get("face_down", False)),
        )
    state.keep_undo = keep_undo
    for number, text in enumerate(record["actions"], start=1):
        try:
            state.apply(parse_action(text, state))
        except IllegalActionError as exc:
            raise _says("refused", number=number, text=repr(text), refusal=exc.refusal) from None
        except (GameError, LookupError, TypeError, ValueError, AssertionError) as exc:
            # Should not happen (the engine refuses bad actions with IllegalActionError), but a
            # hand-edited file must never end in a traceback.
            raise _says("engine_failed", number=number, text=repr(text), error=str(exc)) from None
    if "result" in record:
        _check_result(record["result"], state)
    return state


def _start_position(record: dict[str, Any]) -> GameState:
    """The position a record with a ``start`` begins at (checked as a position file is), with
    the record's players and names."""
    try:
        state = position_from_dict(record["start"])
    except FormatError as exc:
        raise exc.within("start") from None
    if state.players != record["players"] or state.names != list(record["names"]):
        raise _says("start_names", players=state.players, names=", ".join(state.names))
    return state


def _check_result(stored: dict[str, Any], state: GameState) -> None:
    if not state.is_over:
        raise _says("not_over", count=len(state.history))
    result = state.result()
    replayed = {
        "scores": list(result.scores),
        "winners": list(result.winners),
        "marks_left": [row.tie_break_marks for row in result.players],
    }
    for key, value in replayed.items():
        if key in stored and list(stored[key]) != value:
            raise _says("result", field=key, stored=_listing(stored[key]), replayed=_listing(value))


# --- files ---------------------------------------------------------------------------------------
def save_record(
    state: GameState, path: str | os.PathLike[str], *, seats: Sequence[str] | None = None
) -> None:
    """Write the game record of ``state`` to ``path`` (atomically: old file or new, never half);
    ``seats`` as for :func:`record_of`."""
    write_json_atomic(path, record_of(state, seats=seats))


def load_record(path: str | os.PathLike[str]) -> dict[str, Any]:
    """Read and check a record file (JSON and schema, not yet the actions: see :func:`replay`).
    Every problem is a :class:`FormatError` whose message starts with the file name."""
    data = read_json(path)  # its messages already name the file
    try:
        check_record(data)
    except FormatError as exc:
        raise exc.within(os.fspath(path)) from None
    return data  # type: ignore[no-any-return]


def replay_file(path: str | os.PathLike[str], *, keep_undo: bool = True) -> GameState:
    """:func:`load_record` then :func:`replay`; errors name the file."""
    record = load_record(path)
    try:
        return replay(record, keep_undo=keep_undo)
    except FormatError as exc:
        raise exc.within(os.fspath(path)) from None


# --- helpers ---------------------------------------------------------------------------------
def _says(key: str, **params: Any) -> FormatError:
    """The record is wrong: ``record.<key>`` (English: ``where: what``)."""
    return FormatError(Phrase(f"record.{key}", params))


def _json_kind(value: Any) -> Phrase:
    """What a JSON value is, in words (``file.kind.*``)."""
    if isinstance(value, list):
        kind = "list"
    elif isinstance(value, str):
        kind = "string"
    elif isinstance(value, bool):
        kind = "boolean"
    elif isinstance(value, (int, float)):
        kind = "number"
    elif value is None:
        kind = "null"
    else:
        return Phrase("file.said", {"text": type(value).__name__})
    return Phrase(f"file.kind.{kind}")


def _listing(values: Any) -> str:
    return "[" + ", ".join(str(v) for v in values) + "]"


__all__ = [
    "FORMAT", "VERSION", "check_record", "first_start_player", "game_start", "load_record",
    "record_of", "replay", "replay_file", "save_record",
]  # fmt: skip
