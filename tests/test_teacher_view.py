"""The teacher's view (widgets.teacher, issue 30) on the sample class: the grid of learners ×
lessons, the hardest exercises, who is stuck, the games handed in (review, replay) and a class
tournament whose leaderboard fills in — in the teacher's language, never a traceback."""

from __future__ import annotations

import calendar
import re

import pytest

from gluckauf.analysis.classroom import read_class, sample_class
from gluckauf.text.i18n import language
from widgets.teacher import TeacherView, grid_html, stuck_html

SOON_AFTER = calendar.timegm((2026, 12, 7, 9, 30, 0))  # the sample class's answers: 9:00–9:45


@pytest.fixture
def view(monkeypatch):
    monkeypatch.delenv("GLUCKAUF_CLASS_URL", raising=False)
    return TeacherView(sample_class())


def cells(html: str) -> dict[str, list[str]]:
    rows = re.findall(r"<tr><th[^>]*>([^<]+)</th>(.*?)</tr>", html)
    return {name: re.findall(r"<td[^>]*>([^<]*)</td>", row) for name, row in rows}


def test_the_grid_shows_each_learners_lessons_right_of_tried(view):
    grid = cells(view.grid.value)
    assert grid["ada"] == ["2/2", "2/2", "1/1", "1/1", "·"]
    assert grid["cy"] == ["2/2", "0/1", "·", "·", "·"]
    assert grid["dan"] == ["1/1", "·", "·", "·", "·"]
    assert "Read at" in view.status.value and "the sample class" in view.status.value


def test_a_learner_stuck_now_is_red_and_named(view):
    found = read_class(sample_class())
    html = grid_html(found, now=SOON_AFTER)
    assert re.search(r"data-state='stuck'>0/1", html)  # cy, lesson 1: three tries, none right
    assert "cy: lesson 1 · Exercise: which spaces are locked? — 3 tries" in stuck_html(
        found, now=SOON_AFTER
    )
    assert "Nobody seems stuck" in stuck_html(found, now=SOON_AFTER + 3600)
    assert "Lesson 1 · Exercise: which spaces are locked? — wrong answers: 5" in view.hardest.value


def test_the_games_handed_in_open_in_the_review_and_on_the_big_screen(view):
    labels = [label for label, _game in view.game_list.options]
    assert labels == ["eve · 2026-12-07 09:55", "ada · 2026-12-07 09:50"]
    board = view.replay()
    state = board.session.state
    assert len(state.history) == 0 and len(board.session.redo_stack) > 100
    board.session.redo()
    assert len(board.session.state.history) == 1
    view.game_list.value = view.game_list.options[1][1]
    view.review()
    (review,) = view.game_area.children
    assert type(review).__name__ == "ReviewWidget"


def test_the_tournament_leaderboard_fills_in_and_names_a_failing_bot(view):
    seen = []
    view.leaderboard.observe(lambda change: seen.append(change["new"]), names="value")
    view.games_per_bot.value = 1
    view.field.value = "random"
    tournament = view.run_tournament()
    assert len(seen) >= 4 and "Playing…" in seen[0]
    assert {e.name for e in tournament.entries} == {"ada", "bea", "eve", "greedy"}
    final = view.leaderboard.value
    assert "games a minute" in final and "bea&#x27;s bot raised an error" in final
    assert final.index(">bea<") > final.index(">ada<")  # a bot that failed ranks below


def test_a_game_file_spoilt_after_collecting_is_said_not_raised(view, tmp_path):
    import shutil

    shutil.copytree(sample_class(), tmp_path / "class")
    spoilt = next((tmp_path / "class").rglob("games/*.json"))
    spoilt.write_text("{")
    other = TeacherView(tmp_path / "class")
    other.game_list.value = next(g for _l, g in other.game_list.options if g.path == spoilt)
    assert other.replay() is None
    assert "cannot be opened" in other.game_area.children[0].value


def test_the_view_speaks_the_teachers_language(monkeypatch):
    monkeypatch.delenv("GLUCKAUF_CLASS_URL", raising=False)
    with language("de"):
        view = TeacherView(sample_class())
    assert view.tabs.get_title(0) != "Progress" and "Learner" not in view.grid.value


def test_exercises_are_named_by_their_headings_in_the_lessons_in_every_language():
    import json
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))
    from exercise_titles import TARGET, titles

    from widgets.tutorial.exercises import exercise_title

    made = titles()
    assert json.loads(TARGET.read_text(encoding="utf-8")) == made, (
        "run: .venv/bin/python tests/exercise_titles.py"
    )
    assert len(made) == 49 and all(set(t) == {"en", "de", "hu"} and all(t.values())
                                   for t in made.values())  # fmt: skip
    assert exercise_title("setup.locked_question") == "Exercise: which spaces are locked?"
    with language("hu"):
        assert exercise_title("setup.locked_question") == "Feladat: mely mezők vannak lezárva?"
    assert exercise_title("no.such_question") == "no.such_question"


def test_refresh_by_itself_refreshes_until_it_is_switched_off(view, monkeypatch):
    import asyncio

    import widgets.teacher as teacher

    monkeypatch.setattr(teacher, "REFRESH", 0.01)
    seen = []
    monkeypatch.setattr(view, "refresh", lambda: seen.append(1))

    async def workshop():
        view.auto.value = True
        await asyncio.sleep(0.2)
        view.auto.value = False
        counted = len(seen)
        await asyncio.sleep(0.1)
        return counted

    counted = asyncio.run(workshop())
    assert counted >= 3 and len(seen) == counted
