"""A learner's progress through the lessons (issue 30): every checked answer — lesson, exercise,
right or not, the answer in short, when — kept in a small JSON file in the learner's own space.

The file is ``~/.gluckauf/progress.json`` (``GLUCKAUF_PROGRESS`` names another), in the format
``gluckauf-progress`` version 1 (``schemas/progress.schema.json``; docs/teaching.md,
"Progress"). It is written atomically (:func:`~gluckauf.files.jsonio.write_json_atomic`) and
read with every check of form and sense; nothing personal is kept beyond the hub user name
(``JUPYTERHUB_USER``, else none). A file holds at most :data:`MAX_ANSWERS` answers: the oldest
give way.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from ..core.errors import FormatError
from ..core.voice import Phrase
from .jsonio import read_json, validate, write_json_atomic

FORMAT = "gluckauf-progress"
VERSION = 1
ENV_VAR = "GLUCKAUF_PROGRESS"
MAX_ANSWERS = 5000  # about 200 workshops of every exercise: a few hundred kilobytes at most
ANSWER_CHARS = 200  # an answer longer than this is kept cut short


@dataclass(frozen=True)
class Answer:
    """One checked answer: the lesson's number, the exercise ("setup.locked_question"), whether
    it was right, the answer as the learner gave it (in short) and when (UTC, ISO 8601)."""

    lesson: int
    exercise: str
    right: bool
    answer: str
    at: str


@dataclass(frozen=True)
class ExerciseProgress:
    """How one exercise went: the answers given, and when it was first answered right."""

    lesson: int
    exercise: str
    attempts: int
    solved_at: str | None  # None: not answered right yet
    wrong_answers: tuple[str, ...]
    last_at: str


class LessonProgress(NamedTuple):
    """How one lesson went: exercises answered right of those tried, and answers checked."""

    lesson: int
    right: int
    tried: int
    answers: int


@dataclass(frozen=True)
class Progress:
    """A learner's answers, oldest first; ``user`` is the hub user name (None off a hub)."""

    user: str | None
    answers: tuple[Answer, ...] = ()

    def exercises(self) -> list[ExerciseProgress]:
        """Per exercise, in lesson order: attempts, when solved, the wrong answers given."""
        by_exercise: dict[tuple[int, str], list[Answer]] = {}
        for answer in self.answers:
            by_exercise.setdefault((answer.lesson, answer.exercise), []).append(answer)
        return [
            ExerciseProgress(
                lesson,
                exercise,
                attempts=len(given),
                solved_at=next((a.at for a in given if a.right), None),
                wrong_answers=tuple(a.answer for a in given if not a.right),
                last_at=given[-1].at,
            )
            for (lesson, exercise), given in sorted(by_exercise.items())
        ]

    def lessons(self) -> list[LessonProgress]:
        """Per lesson answered, in order: its exercises answered right, those tried, and the
        answers checked."""
        totals: dict[int, list[int]] = {}
        for exercise in self.exercises():
            row = totals.setdefault(exercise.lesson, [0, 0, 0])
            row[0] += exercise.solved_at is not None
            row[1] += 1
            row[2] += exercise.attempts
        return [LessonProgress(lesson, *totals[lesson]) for lesson in sorted(totals)]

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "user": self.user,
            "answers": [vars(answer) for answer in self.answers],
        }


def progress_path() -> Path:
    """Where this learner's progress is kept: ``$GLUCKAUF_PROGRESS``, else
    ``~/.gluckauf/progress.json``."""
    named = os.environ.get(ENV_VAR, "").strip()
    return Path(named) if named else Path.home() / ".gluckauf" / "progress.json"


def hub_user() -> str | None:
    """The JupyterHub user name of this server (None off a hub)."""
    return os.environ.get("JUPYTERHUB_USER") or None


def progress_from_json(data: Any) -> Progress:
    """A Progress from its JSON (checked against the schema, and that the answers' times only
    go forward); FormatError otherwise."""
    validate(data, "progress")
    answers = tuple(Answer(**entry) for entry in data["answers"])
    times = [answer.at for answer in answers]
    if times != sorted(times):
        raise FormatError(Phrase("progress.order"))
    return Progress(data["user"], answers)


def load_progress(path: str | os.PathLike[str] | None = None) -> Progress:
    """The progress kept at ``path`` (default :func:`progress_path`); none yet if there is no
    file. A damaged file is a FormatError naming it."""
    target = progress_path() if path is None else Path(path)
    if not target.exists():
        return Progress(hub_user())
    data = read_json(target)
    try:
        return progress_from_json(data)
    except FormatError as error:
        raise error.within(os.fspath(target)) from None


def shown(value: Any) -> str:
    """An answer as it is kept: a set of codes sorted and joined, anything else as text, cut to
    :data:`ANSWER_CHARS` characters."""
    if isinstance(value, (set, frozenset, list, tuple)):
        text = ", ".join(sorted(str(item) for item in value))
    else:
        text = str(value)
    text = " ".join(text.split())
    return text if len(text) <= ANSWER_CHARS else text[: ANSWER_CHARS - 1] + "…"


def record_answer(
    lesson: int,
    exercise: str,
    right: bool,
    answer: Any,
    *,
    path: str | os.PathLike[str] | None = None,
    now: float | None = None,
) -> Progress:
    """Add one checked answer to the learner's progress and save it; returns the progress. A
    damaged progress file is kept aside (``progress.json.damaged``) and a new one begun."""
    target = progress_path() if path is None else Path(path)
    try:
        progress = load_progress(target)
    except FormatError:
        target.replace(target.with_name(target.name + ".damaged"))
        progress = Progress(hub_user())
    at = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() if now is None else now))
    if progress.answers and at < progress.answers[-1].at:  # a clock set back: keep the order
        at = progress.answers[-1].at
    entry = Answer(int(lesson), exercise, bool(right), shown(answer), at)
    kept = Progress(progress.user or hub_user(), (*progress.answers, entry)[-MAX_ANSWERS:])
    target.parent.mkdir(parents=True, exist_ok=True)
    write_json_atomic(target, kept.to_json())
    return kept


__all__ = [
    "ENV_VAR", "FORMAT", "MAX_ANSWERS", "VERSION", "Answer", "ExerciseProgress",
    "LessonProgress", "Progress",
    "hub_user", "load_progress", "progress_from_json", "progress_path", "record_answer",
    "shown",
]  # fmt: skip
