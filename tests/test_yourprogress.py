"""The learner's own progress in the course's overview (issue 30, 1): per lesson, in words."""

from __future__ import annotations

import pytest

from gluckauf.files.progress import ENV_VAR, record_answer
from gluckauf.text.i18n import language
from widgets.tutorial.exercises import LESSON_NUMBERS
from widgets.tutorial.yourprogress import TEXT, progress_html, progress_rows


@pytest.fixture
def progress_file(tmp_path, monkeypatch):
    path = tmp_path / "progress.json"
    monkeypatch.setenv(ENV_VAR, str(path))
    return path


def test_every_lesson_has_a_title() -> None:
    assert {f"title.{n}" for n in LESSON_NUMBERS.values()} <= set(TEXT)


def test_a_lesson_counts_its_exercises_right_of_those_tried(progress_file) -> None:
    assert "No answers checked yet" in progress_html()
    record_answer(3, "tunnels.black_price_question", False, 7)
    record_answer(3, "tunnels.black_price_question", True, 8)
    record_answer(3, "tunnels.grey_puzzle", False, "place F2")
    record_answer(1, "setup.locked_question", True, "F4, F8")
    from gluckauf.files.progress import load_progress

    assert progress_rows(load_progress()) == [(1, 1, 1, 1), (3, 1, 2, 3)]
    shown = progress_html()
    assert (
        "3 · Tunnel expansion" in shown and "1 of 2" in shown and "1 · Setup and the board" in shown
    )
    with language("hu"):
        hungarian = progress_html()
    assert "3 · Tárnabővítés" in hungarian and "2 feladatból 1" in hungarian


def test_a_damaged_file_is_said_in_words(progress_file) -> None:
    progress_file.write_text("{", encoding="utf-8")
    shown = progress_html()
    assert "cannot be read" in shown and "Traceback" not in shown
