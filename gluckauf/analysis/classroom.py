"""A class's progress (issue 30): the learners' progress files, read together for the teacher.

:func:`read_class` reads every progress file in a class folder (each in the format of
:mod:`gluckauf.files.progress`: what the learners handed in, or copies of their files); a
file that cannot be read is listed, never fatal. :class:`ClassProgress` answers the
teacher's questions: the grid of learners × exercises (:meth:`~ClassProgress.grid`), the
exercises most often answered wrong with the wrong answers given
(:meth:`~ClassProgress.hardest`), and who seems stuck now (:meth:`~ClassProgress.stuck`).
``gluckauf class progress FOLDER`` prints them.
"""

from __future__ import annotations

import calendar
import os
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from ..core.errors import FormatError, GameError
from ..files.classfolder import ClassFolder
from ..files.progress import ExerciseProgress, Progress, load_progress

#: A learner is "stuck" on an exercise after this many wrong tries with no right one…
STUCK_TRIES = 3
#: …if the last of them is at most this many seconds old.
STUCK_WITHIN = 15 * 60


@dataclass(frozen=True)
class Hardest:
    """An exercise by how often the class answered it wrong, and the wrong answers given."""

    lesson: int
    exercise: str
    wrong: int
    learners: int  # how many learners tried it
    solved: int  # how many of them got it right
    answers: tuple[tuple[str, int], ...]  # the wrong answers, most frequent first


@dataclass(frozen=True)
class Stuck:
    """A learner who has tried an exercise several times lately without getting it right."""

    learner: str
    lesson: int
    exercise: str
    tries: int
    last_at: str


@dataclass(frozen=True)
class ClassProgress:
    """Every learner's progress (by learner name) and the files that could not be read."""

    learners: dict[str, Progress]
    unreadable: dict[str, str] = field(default_factory=dict)  # file name → why

    def exercises(self) -> list[tuple[int, str]]:
        """Every exercise anyone has answered, in lesson order."""
        return sorted(
            {
                (a.lesson, a.exercise)
                for progress in self.learners.values()
                for a in progress.answers
            }
        )

    def grid(self) -> dict[str, dict[tuple[int, str], ExerciseProgress]]:
        """Learner → exercise → how it went (an exercise not tried is absent)."""
        return {
            name: {(e.lesson, e.exercise): e for e in progress.exercises()}
            for name, progress in sorted(self.learners.items())
        }

    def hardest(self, most: int = 5) -> list[Hardest]:
        """The exercises with the most wrong answers (at least one), most first."""
        found = []
        grid = self.grid()
        for key in self.exercises():
            rows = [row[key] for row in grid.values() if key in row]
            wrong = Counter(answer for row in rows for answer in row.wrong_answers)
            if wrong:
                found.append(
                    Hardest(
                        key[0],
                        key[1],
                        wrong=sum(wrong.values()),
                        learners=len(rows),
                        solved=sum(1 for row in rows if row.solved_at),
                        answers=tuple(wrong.most_common(5)),
                    )
                )
        return sorted(found, key=lambda h: (-h.wrong, h.lesson, h.exercise))[:most]

    def stuck(self, now: float | None = None) -> list[Stuck]:
        """Learners whose latest exercise has :data:`STUCK_TRIES` or more tries, none right,
        the last at most :data:`STUCK_WITHIN` seconds before ``now``."""
        now = time.time() if now is None else now
        found = []
        for name, progress in sorted(self.learners.items()):
            if not progress.answers:
                continue
            latest = progress.answers[-1]
            key = (latest.lesson, latest.exercise)
            (row,) = [e for e in progress.exercises() if (e.lesson, e.exercise) == key]
            age = now - calendar.timegm(time.strptime(latest.at, "%Y-%m-%dT%H:%M:%SZ"))
            if row.solved_at is None and row.attempts >= STUCK_TRIES and age <= STUCK_WITHIN:
                found.append(Stuck(name, row.lesson, row.exercise, row.attempts, row.last_at))
        return found


def read_class(folder: str | os.PathLike[str]) -> ClassProgress:
    """Every learner's progress in ``folder``: a class folder's ``<learner>/progress.json``
    (:mod:`gluckauf.files.classfolder`, what ``gluckauf class collect`` copies), and any
    ``*.json`` progress file directly in it, by its hub user name or else the file's name
    without ``.json``. Unreadable files are listed with the reason."""
    learners, unreadable = ClassFolder(folder).progress()
    for path in sorted(Path(folder).glob("*.json")):
        try:
            progress = load_progress(path)
        except (FormatError, GameError, OSError) as error:
            unreadable[path.name] = str(error)
            continue
        learners[progress.user or path.stem] = progress
    return ClassProgress(learners, unreadable)


def sample_class() -> Path:
    """The kit's sample class (five learners' progress, two games, three bots — one of them
    unfinished): what the teacher's view shows off a hub, and what its tests read."""
    return Path(__file__).with_name("data") / "sample_class"


__all__ = [
    "STUCK_TRIES",
    "STUCK_WITHIN",
    "ClassProgress",
    "Hardest",
    "Stuck",
    "read_class",
    "sample_class",
]
