"""A learner's screen (and the teacher's) talking to the class service about tables.

Each call is one request with the server's hub token (:mod:`gluckauf.files.handin`); the
service says whose token it is, so a learner plays only at their own seat. The answers are
checked as any file is (:func:`~gluckauf.files.classtables.table_from_json`): a service that
sent nonsense is refused like a bad file. A refusal comes back in the language asked for.
"""

from __future__ import annotations

import json
import urllib.parse
from dataclasses import dataclass
from typing import Any

from ..core.errors import FormatError
from ..core.voice import Phrase
from ..text.i18n import get_language
from .classtables import ClassTable, TableRefusal, table_from_json
from .handin import TIMEOUT, HandInError, request, service_at

WAIT = 20.0  # seconds the service holds a "tell me when it changes" question open
NOT_FOUND, BEHIND = 404, 409


@dataclass(frozen=True)
class Seated:
    """A table as the service sent it to one person: who they are, their seat (None: the
    teacher, watching) and the newest table they sit at (a teacher may seat them anew)."""

    table: ClassTable
    you: str
    seat: int | None
    newest: int | None


def _call(path: str, *, data: Any = None, wait: float = 0, since: int | None = None,
          url: str | None = None, token: str | None = None) -> Any:  # fmt: skip
    base, token = service_at(url, token)
    asked = {"lang": get_language(), "wait": f"{wait:g}"}
    if since is not None:
        asked["since"] = str(since)
    query = urllib.parse.urlencode(asked)
    body = None if data is None else json.dumps(data).encode()
    answer = request(f"{base}{path}?{query}", token, data=body, timeout=TIMEOUT + wait)
    try:
        return json.loads(answer)
    except ValueError:
        raise HandInError(Phrase("classtable.bad_answer", {})) from None


def _seated(answer: Any) -> Seated:
    if not isinstance(answer, dict) or not isinstance(answer.get("you"), str):
        raise HandInError(Phrase("classtable.bad_answer", {}))
    try:
        table = table_from_json(answer.get("table"), "the class service's answer")
    except FormatError as error:
        raise HandInError(error.phrase) from None
    newest = answer.get("newest")
    return Seated(table, answer["you"], table.seat_of(answer["you"]),
                  newest if isinstance(newest, int) else None)  # fmt: skip


def my_table(wait: float = 0, **where: Any) -> Seated | None:
    """The newest table the teacher seated this learner at; None if none (after waiting up
    to ``wait`` seconds for the teacher to set one up)."""
    try:
        return _seated(_call("my-table", wait=wait, **where))
    except HandInError as error:
        if error.status == NOT_FOUND:
            return None
        raise


def follow(number: int, seen: int, wait: float = WAIT, **where: Any) -> Seated:
    """Table ``number`` once it has changed from the ``seen``-th change (or after ``wait``
    s; ``seen`` −1: at once)."""
    return _seated(_call(f"tables/{number}", wait=wait, since=seen, **where))


def _refused(error: HandInError) -> Exception:
    if error.status == BEHIND:
        return TableRefusal("behind", behind=True)
    return error


def send_move(number: int, seen: int, move: str, **where: Any) -> Seated:
    """Play ``move`` (its notation) at table ``number``, having seen ``seen`` changes."""
    try:
        return _seated(_call(f"tables/{number}/move", data={"seen": seen, "move": move}, **where))
    except HandInError as error:
        raise _refused(error) from None


def send_undo(number: int, seen: int, **where: Any) -> Seated:
    """Take back the last move at table ``number`` (it must be one's own), having seen
    ``seen`` changes."""
    try:
        return _seated(_call(f"tables/{number}/undo", data={"seen": seen}, **where))
    except HandInError as error:
        raise _refused(error) from None


def set_up_tables(groups: list[list[str]], language: str, seed: int | None = None,
                  **where: Any) -> list[int]:  # fmt: skip
    """The teacher seats each group at a new table (numbers returned); every group is
    checked before any table is made."""
    data: dict[str, Any] = {"tables": groups, "language": language}
    if seed is not None:
        data["seed"] = seed
    answer = _call("tables", data=data, **where)
    return [int(n) for n in answer["numbers"]]


def class_tables(**where: Any) -> dict[str, Any]:
    """The teacher's list: every table's summary, and the learners waiting for a table."""
    answer = _call("tables", **where)
    if not isinstance(answer, dict) or not isinstance(answer.get("tables"), list):
        raise HandInError(Phrase("classtable.bad_answer", {}))
    return answer


__all__ = ["WAIT", "Seated", "class_tables", "follow", "my_table", "send_move", "send_undo",
           "set_up_tables"]  # fmt: skip
