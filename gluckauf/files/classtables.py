"""A class's tables: games that learners play from their own screens on a hub (issue 30).

The teacher seats two to four learners at a table (the teacher's view, or ``POST tables`` of
the class service, :mod:`gluckauf.hubservice`). The service keeps each table's game as a game
record and is the one place a move is played: a learner's board sends a move of *their own
seat* with how many changes of the table it has seen (moves and undos: a count of moves alone
would not tell an undo and a new move from the move before), and the service plays it only if
that is still the table's count (else the board is behind: it catches up first). Every other
screen follows the record. The rules stay the engine's: this module only says *who* may play
*when*.

A table on disk (``<class folder>/.tables/<number>.json``, written atomically)::

    {"format": "gluckauf-table", "version": 1, "number": 3,
     "learners": ["ada", "bea"],          # hub user names, one per seat (the game's names)
     "language": "de",                    # the language the table plays in
     "changes": 12,                       # moves and undos so far
     "record": { …a game record (gluckauf.files.records)… }}

Every screen gets the whole record, so each learner's kernel holds the game's hidden cards
(the decks' order follows from the seed); the board shows each player only their own, as a
hot-seat game would. Sending each seat a view without them is left for later.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.errors import FormatError, IllegalActionError, PhrasedError
from ..core.hidden import undo_refusal
from ..core.newgame import new_game
from ..core.state import GameState
from ..core.voice import Phrase
from ..text.i18n import LANGUAGES
from .classfolder import check_learner_name
from .jsonio import dumps, read_json, validate, write_text_atomic
from .records import record_of, replay

FORMAT = "gluckauf-table"
VERSION = 1
SCHEMA = "table"  # gluckauf/files/schemas/table.schema.json: the file's form
FOLDER = ".tables"  # in the class folder: no learner's folder can have this name
TABLE_FILE = re.compile(r"(\d{1,6})\.json")
MIN_SEATS, MAX_SEATS = 2, 4


class TableRefusal(PhrasedError):
    """What a learner (or the teacher) asked of a table cannot be done; the phrase
    (``classtable.*``) says why. ``behind``: the asking screen had not seen the latest change
    — it should catch up and, if it still wants to, ask again."""

    def __init__(self, key: str, *, behind: bool = False, **params: Any) -> None:
        super().__init__(Phrase(f"classtable.{key}", params))
        self.behind = behind


@dataclass(frozen=True, eq=False)
class ClassTable:
    """One table: its number, the learner at each seat, its language, its game, and how many
    times the game has changed (moves and undos)."""

    number: int
    learners: tuple[str, ...]
    language: str
    record: dict[str, Any]
    changes: int = 0

    @property
    def played(self) -> int:
        """How many moves the game has had."""
        return len(self.record["actions"])

    def seat_of(self, user: str | None) -> int | None:
        return self.learners.index(user) if user in self.learners else None

    def state(self) -> GameState:
        """The game as it stands (replayed from its record: undo works back to its start)."""
        return replay(self.record)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "number": self.number,
            "learners": list(self.learners),
            "language": self.language,
            "changes": self.changes,
            "record": self.record,
        }

    def summary(self, state: GameState) -> dict[str, Any]:
        """What the teacher's list shows of it (``state``: its game as it stands)."""
        return {
            "number": self.number,
            "learners": list(self.learners),
            "language": self.language,
            "played": self.played,
            "turn": None if state.is_over else self.learners[state.current],
            "winners": [self.learners[s] for s in state.result().winners] if state.is_over else [],
        }


def check_learners(learners: Any) -> tuple[str, ...]:
    """Two to four different learners' names, or TableRefusal."""
    if not isinstance(learners, (list, tuple)) or not all(isinstance(n, str) for n in learners):
        raise TableRefusal("learners", learners=repr(learners)[:80])
    names = tuple(name.strip() for name in learners)
    if not MIN_SEATS <= len(names) <= MAX_SEATS or len(set(names)) != len(names):
        raise TableRefusal("learners", learners=", ".join(names)[:200])
    for name in names:
        check_learner_name(name)
    return names


def check_language(code: Any) -> str:
    if not isinstance(code, str) or code not in LANGUAGES:
        raise TableRefusal("language", language=repr(code)[:20], languages=", ".join(LANGUAGES))
    return str(code)


def deal_table(number: int, learners: Any, language: Any, seed: int) -> ClassTable:
    """A new table: the learners (in seat order) and a game dealt with ``seed``."""
    names = check_learners(learners)
    state = new_game(len(names), seed, names=names)
    return ClassTable(number, names, check_language(language), record_of(state))


def table_from_json(data: Any, source: str = "table") -> ClassTable:
    """A table read back: its form (the schema), then its sense (learners' names, a language
    of the kit, the learners are its game's players, and the game replays under the rules);
    FormatError else."""
    try:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise FormatError(Phrase("classtable.file", {"format": FORMAT}))
        validate(data, SCHEMA)
        table = ClassTable(
            data["number"],
            check_learners(data["learners"]),
            check_language(data["language"]),
            data["record"],
            data["changes"],
        )
        state = replay(table.record)  # the record's form and that it replays
    except TableRefusal as refusal:
        raise FormatError(refusal.phrase).within(source) from None
    except FormatError as error:
        raise error.within(source) from None
    if list(state.names) != list(table.learners):
        raise FormatError(Phrase("classtable.names", {})).within(source)
    if table.changes < table.played:
        raise FormatError(Phrase("classtable.file", {"format": FORMAT})).within(source)
    return table


# --- what a learner asks of their table ------------------------------------------------------
def _seat(table: ClassTable, user: str) -> int:
    seat = table.seat_of(user)
    if seat is None:
        raise TableRefusal("not_seated", number=table.number)
    return seat


def _caught_up(table: ClassTable, seen: int) -> None:
    if seen != table.changes:
        raise TableRefusal("behind", behind=True)


def play_at(table: ClassTable, state: GameState, user: str, seen: int, move: Any) -> ClassTable:
    """``user`` plays ``move`` (its notation) at ``table``, whose game is ``state``, having
    seen ``seen`` changes of it: played on ``state`` and returned as the new table, or
    TableRefusal (the state unchanged)."""
    seat = _seat(table, user)
    _caught_up(table, seen)
    if state.is_over:
        raise TableRefusal("over")
    if state.current != seat:  # R-TURN-1: players act in turn
        raise TableRefusal("not_your_turn", name=table.learners[state.current])
    if not isinstance(move, str):
        raise TableRefusal("not_a_move", move=repr(move)[:60])
    try:
        state.apply(move)  # its notation, then the rules (R-NOTATION-1 and on)
    except IllegalActionError as error:
        raise TableRefusal("illegal", why=str(error.refusal)) from None
    return _with(table, state)


def undo_at(table: ClassTable, state: GameState, user: str, seen: int) -> ClassTable:
    """``user`` takes back the game's last move, which must be their own and must not have
    shown hidden cards (as Undo in any fair game); TableRefusal else."""
    seat = _seat(table, user)
    _caught_up(table, seen)
    if not state.can_undo:
        raise TableRefusal("nothing_to_undo")
    probe = state.copy()
    probe.undo()
    if probe.current != seat:
        raise TableRefusal("not_your_undo", name=table.learners[probe.current])
    refusal = undo_refusal(state, table.played - 1)
    if refusal is not None:
        raise TableRefusal("illegal", why=str(refusal))
    state.undo()
    return _with(table, state)


def _with(table: ClassTable, state: GameState) -> ClassTable:
    return ClassTable(table.number, table.learners, table.language, record_of(state),
                      table.changes + 1)  # fmt: skip


# --- tables on disk --------------------------------------------------------------------------
def tables_folder(class_folder: str | Path) -> Path:
    return Path(class_folder) / FOLDER


def write_table(class_folder: str | Path, table: ClassTable) -> Path:
    """Keep ``table`` (atomically: a reader sees the old file or the new, never half)."""
    folder = tables_folder(class_folder)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{table.number}.json"
    write_text_atomic(path, dumps(table.to_json()))
    return path


def table_numbers(class_folder: str | Path) -> list[int]:
    """The numbers of the tables kept (readable or not), in order."""
    folder = tables_folder(class_folder)
    found = folder.glob("*.json") if folder.is_dir() else ()
    return sorted(int(p.stem) for p in found if TABLE_FILE.fullmatch(p.name))


def read_tables(class_folder: str | Path) -> tuple[list[ClassTable], dict[str, str]]:
    """Every table kept, by number, and the files that could not be read (name → why)."""
    found, unreadable = [], {}
    folder = tables_folder(class_folder)
    for path in (folder / f"{n}.json" for n in table_numbers(class_folder)):
        try:
            found.append(table_from_json(read_json(path), path.name))
        except (FormatError, OSError) as error:
            unreadable[path.name] = str(error)
    return found, unreadable


__all__ = ["FOLDER", "ClassTable", "TableRefusal", "check_language", "check_learners",
           "deal_table", "play_at", "read_tables", "table_from_json", "table_numbers",
           "undo_at", "write_table"]  # fmt: skip
