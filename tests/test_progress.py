"""A learner's progress (issue 30, 1): every checked answer in the lessons is kept — lesson,
exercise, right or not, the answer in short, when — in a small JSON file of the learner's own,
written atomically, read back with every check; the learner can look at it."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import pytest

from gluckauf.cli import main
from gluckauf.core.errors import FormatError
from gluckauf.files.jsonio import validate
from gluckauf.files.progress import (
    ENV_VAR,
    MAX_ANSWERS,
    load_progress,
    progress_path,
    record_answer,
    shown,
)
from gluckauf.text.i18n import language
from widgets.tutorial.exercises import LESSON_NUMBERS, keep_answer


@pytest.fixture
def progress_file(tmp_path, monkeypatch) -> Path:
    path = tmp_path / "home" / ".gluckauf" / "progress.json"
    monkeypatch.setenv(ENV_VAR, str(path))
    return path


def test_answers_are_kept_in_order_and_read_back_equal(progress_file, monkeypatch) -> None:
    monkeypatch.setenv("JUPYTERHUB_USER", "zsofi")
    record_answer(1, "setup.locked_question", False, {"M6", "F1"}, now=1_800_000_000)
    kept = record_answer(1, "setup.locked_question", True, {"F4", "F8"}, now=1_800_000_060)
    assert progress_path() == progress_file and progress_file.is_file()
    data = json.loads(progress_file.read_text(encoding="utf-8"))
    validate(data, "progress")  # the documented format
    assert data["user"] == "zsofi" and [a["answer"] for a in data["answers"]] == [
        "F1, M6",
        "F4, F8",
    ]
    assert load_progress() == kept
    assert [p.name for p in progress_file.parent.iterdir()] == ["progress.json"]  # no temp file


def test_each_exercise_says_its_tries_when_it_was_solved_and_the_wrong_answers(
    progress_file,
) -> None:
    for number, (exercise, right, answer) in enumerate([
        ("tunnels.black_price_question", False, 7), ("setup.locked_question", False, "F1"),
        ("tunnels.black_price_question", False, 9), ("tunnels.black_price_question", True, 8),
        ("tunnels.black_price_question", False, 1),
    ]):  # fmt: skip
        lesson = LESSON_NUMBERS[exercise.split(".")[0]]
        record_answer(lesson, exercise, right, answer, now=1_800_000_000 + number)
    setup, tunnels = load_progress().exercises()
    assert (setup.exercise, setup.attempts, setup.solved_at) == ("setup.locked_question", 1, None)
    assert (tunnels.lesson, tunnels.attempts, tunnels.wrong_answers) == (3, 4, ("7", "9", "1"))
    assert tunnels.solved_at == "2027-01-15T08:00:03Z"


def test_a_long_answer_is_cut_and_the_file_keeps_only_the_newest(progress_file) -> None:
    assert len(shown("x" * 500)) == 200 and shown(" a \n b ") == "a b"
    data = {"format": "gluckauf-progress", "version": 1, "user": None, "answers": [
        {"lesson": 2, "exercise": "placing.own_workers_question", "right": False,
         "answer": str(n), "at": "2026-01-01T00:00:00Z"} for n in range(MAX_ANSWERS)
    ]}  # fmt: skip
    progress_file.parent.mkdir(parents=True)
    progress_file.write_text(json.dumps(data), encoding="utf-8")
    kept = record_answer(2, "placing.own_workers_question", True, 3)
    assert len(kept.answers) == MAX_ANSWERS and kept.answers[0].answer == "1"


@pytest.mark.parametrize("change", [
    lambda d: d.update(format="gluckauf-record"),
    lambda d: d["answers"][0].update(right="yes"),
    lambda d: d["answers"][0].update(exercise="import os"),
    lambda d: d["answers"][0].update(at="yesterday"),
    lambda d: d["answers"].reverse(),
    lambda d: d.update(extra=1),
])  # fmt: skip
def test_a_damaged_file_is_refused_naming_it_and_kept_aside(progress_file, change) -> None:
    record_answer(0, "start.winner_question", False, "Gábor", now=1_800_000_000)
    record_answer(0, "start.winner_question", True, "Zsófi", now=1_800_000_100)
    data = json.loads(progress_file.read_text(encoding="utf-8"))
    change(data)
    progress_file.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(FormatError) as caught:
        load_progress()
    assert str(progress_file) in str(caught.value)
    with language("de"):
        assert str(caught.value) != str(FormatError(caught.value.phrase).phrase.key)
    record_answer(0, "start.winner_question", True, "Zsófi")  # a new file; the old one kept
    assert json.loads(progress_file.with_name("progress.json.damaged").read_text()) == data
    assert len(load_progress().answers) == 1


def test_every_exercise_of_the_lessons_has_a_name_of_its_own() -> None:
    import importlib

    names = []
    for lesson in LESSON_NUMBERS:
        module = importlib.import_module(f"widgets.tutorial.{lesson}")
        names += [
            function.exercise
            for name, function in vars(module).items()
            if name.endswith(("_question", "_puzzle")) and hasattr(function, "exercise")
        ]
    assert len(names) == len(set(names)) >= 45
    assert {name.split(".")[0] for name in names} == set(LESSON_NUMBERS)


def test_a_lessons_question_keeps_every_checked_answer(progress_file) -> None:
    from widgets.tutorial import setup

    question = setup.locked_question()
    assert question.exercise == "setup.locked_question"
    question.answer(None)  # not answered yet: nothing kept
    assert not progress_file.exists()
    question.answer({"F1"})
    question.answer(setup.locked_codes(2))
    given = load_progress().answers
    assert [a.exercise for a in given] == ["setup.locked_question"] * 2
    assert [a.right for a in given] == [False, True] and given[0].lesson == 1


def test_a_puzzle_solved_on_its_board_is_kept_once(progress_file) -> None:
    from widgets.tutorial import placing

    puzzle = placing.money_puzzle()
    puzzle.board()
    puzzle.session.play("place $6")  # not the goal
    assert not progress_file.exists()
    puzzle.session.undo()
    puzzle.session.play("place $5")
    puzzle.session.undo()
    puzzle.session.play("place $5")
    (kept,) = load_progress().answers
    assert (kept.exercise, kept.right, kept.answer) == ("placing.money_puzzle", True, "place $5")


def test_a_file_that_cannot_be_written_never_stops_the_lesson(tmp_path, monkeypatch) -> None:
    from widgets.tutorial import tunnels

    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv(ENV_VAR, str(blocker / "progress.json"))  # a folder that is a file
    question = tunnels.black_price_question()
    feedback = question.answer(3)
    assert feedback.ok is False and question.result is feedback
    assert keep_answer(question.exercise, feedback, 3) is False


def _progress_command(*args: str) -> str:
    out, err = io.StringIO(), io.StringIO()
    assert main(["progress", *args], stdout=out, stderr=err) == 0, err.getvalue()
    return out.getvalue()


def test_the_learner_sees_their_progress(progress_file) -> None:
    assert "No answers yet" in _progress_command()
    record_answer(3, "tunnels.black_price_question", False, 7)
    record_answer(3, "tunnels.black_price_question", True, 8)
    shown_text = _progress_command()
    assert "tunnels.black_price_question" in shown_text and "not right yet: 7" in shown_text
    assert json.loads(_progress_command("--json"))["answers"][1]["answer"] == "8"
    from test_no_english import english_in

    with language("hu"):
        hungarian = _progress_command()
    assert english_in([hungarian.replace("tunnels.black_price_question", "")], "hu") == []
    assert os.fspath(progress_file) in hungarian
