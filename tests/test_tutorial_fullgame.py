"""Lesson 9 (a full game): the seeded bot game, its checks, saving, loading and replaying."""

from __future__ import annotations

import io
import re
from pathlib import Path

import nbformat
import pytest
from helpers import CURIOUS, lesson_cells

from gluckauf.cli import main
from gluckauf.files.records import load_record, replay
from widgets.session import BOT_FACTORIES, GameSession
from widgets.tutorial import fullgame as lesson

GABOR, ZSOFI, PETER = 0, 1, 2


def test_bot_game_is_the_one_the_lesson_describes():
    state = lesson.bot_game()
    assert state.is_over
    result = state.result()
    assert result.scores == [18, 30, 30]
    assert [row.shift_total for row in result.players] == [23, 40, 37]
    assert result.winners == [PETER]  # on the tie-break
    assert [row.tie_break_marks for row in result.players] == [3, 0, 3]


def test_bot_game_is_a_fresh_copy():
    first = lesson.bot_game()
    first.undo()
    assert lesson.bot_game().is_over


def test_bot_game_matches_a_session_of_random_bots():
    session = GameSession(seats=["random"] * 3, seed=lesson.BOT_GAME_SEED)
    while session.is_bot_turn:
        session.bot_step()
    assert session.state == lesson.bot_game()


@pytest.mark.parametrize(
    ("answer", "ok", "text"),
    [
        ("Zsófi", True, "Zsófi scored 40 VP on the shift clock: 0 + 0 + 40"),
        ("zsofi", True, "40 VP"),
        ("Péter", False, "Péter won the game, but scored only 37 VP"),
        ("Gabor", False, "Gábor scored 23 VP on the shift clock, and somebody scored more"),
        ("Anna", False, 'Answer with a player\'s name in quotes: "Gábor", "Zsófi", "Péter".'),
        (1, False, "Answer with a player's name"),
    ],
)
def test_check_shift_leader(answer, ok, text):
    feedback = lesson.check_shift_leader(answer)
    assert feedback.ok is ok and text in feedback.message


def test_check_shift_leader_none():
    assert lesson.check_shift_leader(None).ok is None


def test_the_reading_help_quotes_the_result_as_printed():
    """clock_how quotes the printed result: its dash and Gábor's shift numbers."""
    printed = str(lesson.bot_game().result())
    gabor = next(line for line in printed.splitlines() if line.strip().startswith("Gábor"))
    assert "VP — orders" in gabor and "shifts 0 + 0 + 23" in gabor
    how = lesson.TEXT["clock_how"]
    assert "after the “—”" in how and "“shifts 0 + 0 + 23”" in how


@pytest.mark.parametrize(
    ("answer", "ok", "text"),
    [
        ("B", True, "Péter kept 3, Zsófi 0"),
        (" b ", True, "Zsófi and Péter both have 30 VP"),
        ("A", False, lesson.TEXT["tie_orders"]),
        ("C", False, lesson.TEXT["tie_start"]),
        ("D", False, lesson.TEXT["want_letter"]),
        (2, False, lesson.TEXT["want_letter"]),
    ],
)
def test_check_tie_break(answer, ok, text):
    feedback = lesson.check_tie_break(answer)
    assert feedback.ok is ok and text in feedback.message


def test_check_tie_break_none():
    assert lesson.check_tie_break(None).ok is None


def test_save_load_and_replay(tmp_path):
    path = tmp_path / "bot_game.json"
    assert GameSession(lesson.bot_game()).save(path)
    record = load_record(path)
    assert record["seed"] == lesson.BOT_GAME_SEED and record["result"]["winners"] == [PETER]
    assert replay(record) == lesson.bot_game()
    review = GameSession()
    assert review.load(path)
    assert review.state.is_over and [r.shift for r in review.reports] == [1, 2, 3]
    out, err = io.StringIO(), io.StringIO()
    assert main(["replay", str(path)], stdout=out, stderr=err) == 0
    text = out.getvalue()
    assert "actions replayed, every one legal." in text and text.endswith("Péter wins!\n")


def test_the_seats_the_lesson_lists_are_the_boards():
    """Lesson 9 names the choices of a seat: a human, or the random, greedy or mcts bot."""
    path = Path(__file__).resolve().parent.parent / "notebooks" / "09_full_game.ipynb"
    text = "\n".join(
        c.source for c in nbformat.read(path, as_version=4).cells if c.cell_type == "markdown"
    )
    listed = re.search(r"\*\*Seat\*\* \(a human, or the (.+?) bot\)", text.replace("\n", " "))
    assert listed is not None
    names = re.split(r", | or ", listed.group(1))
    assert names == list(BOT_FACTORIES)


@pytest.mark.parametrize("name", ["08_end_of_game.ipynb", "09_full_game.ipynb"])
def test_the_lessons_read_the_result_line_as_it_is_printed(name):
    """Lessons 8 and 9 describe a result line by its dash and semicolon (they once spoke of
    an '=' and of brackets, which the printed line does not have)."""
    path = Path(__file__).resolve().parent.parent / "notebooks" / name
    cells = nbformat.read(path, as_version=4).cells
    (text,) = [
        c.source for c in cells if c.cell_type == "markdown" and "Each line reads" in c.source
    ]
    assert "after the dash" in text and "after the semicolon" in text
    assert "=" not in text and "bracket" not in text
    printed = next(
        "".join(o.get("text", "") for o in c.outputs)
        for c in cells
        if c.cell_type == "code" and "result())" in c.source and c.outputs
    )
    line = printed.splitlines()[1]
    assert re.fullmatch(
        r"  \S+: -?\d+ VP — orders \d+, shifts \d+ \+ \d+ \+ \d+, end of game "
        r"[+-]\d+; \d+ Marks? left",
        line,
    ), line


@pytest.mark.parametrize("lang", ["en", "de", "hu"])
def test_lesson_9_answers_with_controls_and_folds_the_python(lang):
    """Lesson 9's two questions are buttons (the players' names; A, B, C in words); the names
    cell and the Python answer cells follow them, folded, after a "for the curious" note."""
    cells, ids = lesson_cells("09_full_game.ipynb", lang)
    curious = CURIOUS[lang]
    for control, python, call in (
        ("d4b11178", ["6d0a2f94", "4ae3a316"], "lesson.shift_leader_question()"),
        ("43c56a3d", ["4464ad11"], "lesson.tie_break_question()"),
    ):
        i = ids.index(control)
        assert "".join(cells[i]["source"]) == call
        assert curious in "".join(cells[i + 1]["source"])
        assert ids[i + 2 : i + 2 + len(python)] == python
        for cell in cells[i + 2 : i + 2 + len(python)]:
            assert cell["metadata"]["jupyter"]["source_hidden"] is True
            assert "".join(cell["source"]).startswith("# ")
