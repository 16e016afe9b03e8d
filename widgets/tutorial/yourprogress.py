"""The learner's own progress, in the course's overview (issue 30, 1): per lesson, how many of
its exercises they have answered right and how many they have tried — read from their
progress file (:mod:`gluckauf.files.progress`), in words, never a traceback.

``progress_table()`` is the widget (00_start_here's last cell); ``progress_rows()`` its data.
"""

from __future__ import annotations

import html
from typing import Any

from gluckauf.core.errors import GameError
from gluckauf.files.progress import LessonProgress, Progress, load_progress

from .phrases import TUTORIAL

TEXT = TUTORIAL.texts(
    "yourprogress",
    {
        "title.0": "Start here",
        "title.1": "Setup and the board",
        "title.2": "Placing workers",
        "title.3": "Tunnel expansion",
        "title.4": "Mining",
        "title.5": "Delivery",
        "title.6": "Money and new orders",
        "title.7": "The end of a shift",
        "title.8": "The end of the game",
        "title.9": "A full game",
        "title.10": "Beat the greedy bot",
        "title.11": "Strategy lab",
        "title.12": "Review your game",
        "head.lesson": "Lesson",
        "head.right": "Exercises right",
        "head.tries": "Answers checked",
        "right": "{right} of {tried}",
        "none": "No answers checked yet: your answers in the lessons will show here.",
        "unreadable": "Your progress file cannot be read ({error}); the lessons start a new one "
        "with your next answer.",
    },
)


def progress_rows(progress: Progress) -> list[LessonProgress]:
    """Per lesson with answers: (lesson, exercises right, exercises tried, answers checked)."""
    return progress.lessons()


def progress_html(progress: Progress | None = None) -> str:
    """The table (or a sentence when there is nothing yet, or the file cannot be read)."""
    if progress is None:
        try:
            progress = load_progress()
        except (GameError, OSError) as error:
            return f"<p>{html.escape(TEXT.say('unreadable', error=error))}</p>"
    rows = progress_rows(progress)
    if not rows:
        return f"<p>{html.escape(TEXT['none'])}</p>"
    cell = "padding:2px 10px;border-bottom:1px solid #ddd"
    heads = "".join(
        f"<th style='{cell};text-align:{align}'>{html.escape(TEXT[f'head.{key}'])}</th>"
        for key, align in (("lesson", "left"), ("right", "right"), ("tries", "right"))
    )
    body = "".join(
        f"<tr><td style='{cell}'>{lesson} · {html.escape(_title(lesson))}</td>"
        f"<td style='{cell};text-align:right'>"
        f"{html.escape(TEXT.say('right', right=right, tried=tried))}</td>"
        f"<td style='{cell};text-align:right'>{tries}</td></tr>"
        for lesson, right, tried, tries in rows
    )
    return f"<table style='border-collapse:collapse'><tr>{heads}</tr>{body}</table>"


def _title(lesson: int) -> str:
    key = f"title.{lesson}"
    return TEXT[key] if key in TEXT else str(lesson)


def progress_table() -> Any:
    """The learner's progress as a widget (an HTML table; it shows the file as it is now)."""
    import ipywidgets as w

    return w.HTML(progress_html())


__all__ = ["TEXT", "progress_html", "progress_rows", "progress_table"]
