"""The lessons' exercises by name, and the learner's answers to them kept as progress (issue 30).

A lesson marks each function that makes an exercise — a question (:mod:`.ask`) or a puzzle
board — with :func:`exercise`. What it makes then carries its name ("setup.locked_question":
the lesson's module and the function), and every answer checked through it is kept in the
learner's progress file (:mod:`gluckauf.files.progress`): a question's every checked answer,
right or not; a puzzle once, when its goal is first reached on the board. An answer not yet
given ("…") is not kept. In a class (a hub with the class service) the progress is also handed
in, in the background, after each answer kept (:mod:`gluckauf.files.handin`). Keeping it never
gets in the learner's way: if the file cannot be written the lesson goes on as before.
"""

from __future__ import annotations

import contextlib
import functools
import json
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

from gluckauf.core.errors import GameError
from gluckauf.files.handin import HandInError, can_hand_in, hand_in
from gluckauf.files.jsonio import dumps
from gluckauf.files.progress import record_answer
from gluckauf.text.i18n import get_language

from .feedback import Feedback

#: Each lesson module's number: notebooks/NN_….ipynb.
LESSON_NUMBERS: dict[str, int] = {
    "start": 0, "setup": 1, "placing": 2, "tunnels": 3, "mining": 4, "delivery": 5,
    "orders": 6, "shifts": 7, "endgame": 8, "fullgame": 9, "beatgreedy": 10, "strategy": 11,
    "yourgame": 12,
}  # fmt: skip

Made = TypeVar("Made")


def exercise(factory: Callable[..., Made]) -> Callable[..., Made]:
    """Mark a lesson's function that makes an exercise: what it makes is named after it
    (``exercise`` attribute: "setup.locked_question") and keeps the learner's answers."""
    lesson = factory.__module__.rsplit(".", 1)[-1]
    if lesson not in LESSON_NUMBERS:
        raise ValueError(f"{factory.__module__} is not a lesson's module")
    name = f"{lesson}.{factory.__name__}"

    @functools.wraps(factory)
    def make(*args: Any, **kwargs: Any) -> Made:
        made = factory(*args, **kwargs)
        made.exercise = name  # type: ignore[attr-defined]
        return made

    make.exercise = name  # type: ignore[attr-defined]
    return make


#: Hands the progress in to the class, one answer at a time: the newest arrives last.
_SENDER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="gluckauf-hand-in")


def keep_answer(exercise: str | None, feedback: Feedback, answer: Any) -> bool:
    """Keep a checked answer to ``exercise`` in the learner's progress; True if it was kept
    (not for an unnamed exercise or an answer not yet given, nor when the file cannot be
    written — the lesson goes on)."""
    if exercise is None or feedback.ok is None:
        return False
    lesson = LESSON_NUMBERS[exercise.split(".", 1)[0]]
    try:
        progress = record_answer(lesson, exercise, feedback.ok, answer)
    except (OSError, GameError):  # a read-only home, a full disk: the answer still counts here
        return False
    if can_hand_in():  # in a class: the teacher's view sees it within seconds
        content = dumps(progress.to_json()).encode()
        _SENDER.submit(_hand_in_quietly, content)
    return True


def _hand_in_quietly(content: bytes) -> None:
    """Hand the progress in to the class; if the class service does not answer, the next
    answer hands it in again (the learner's own file has it all)."""
    with contextlib.suppress(HandInError):
        hand_in("progress", content)


@functools.cache
def _titles() -> dict[str, dict[str, str]]:
    path = Path(__file__).with_name("data") / "exercise_titles.json"
    return json.loads(path.read_text(encoding="utf-8"))


def exercise_title(name: str) -> str:
    """An exercise (``setup.locked_question``) by its heading in the lesson, in the current
    language ("Exercise: which spaces are locked?"); the name itself if it has none.
    ``tests/exercise_titles.py`` writes the table from the notebooks."""
    said = _titles().get(name, {})
    return said.get(get_language()) or said.get("en") or name


__all__ = ["LESSON_NUMBERS", "exercise", "exercise_title", "keep_answer"]
