"""Lesson 4's E3 walk-through and its coach (issue 25, item 5): no dead end at the start or on
the example's way, by notation or by the board's clicks (a click on a cube names its cart), and
a dead end one Undo away right after a move off the example's way."""

from __future__ import annotations

import pytest

from widgets.tutorial import mining as lesson


def test_no_dead_end_at_the_start_and_the_hint_says_step_one():
    walk = lesson.e3_walkthrough()
    assert walk.dead_end() is None
    assert "⚠" not in walk.feedback_html()
    assert walk.hint() == lesson.parse_action("cage 3")
    walk.reset()  # Start again: still no warning
    assert walk.dead_end() is None


def test_no_dead_end_after_any_step_of_the_solution():
    walk = lesson.e3_walkthrough()
    for number, step in enumerate(lesson.E3_STEPS, start=1):
        walk.play(step)
        assert walk.dead_end() is None, f"after step {number} ({step})"
        assert "⚠" not in walk.feedback_html()
        if number < len(lesson.E3_STEPS):  # the hint is the example's next step
            assert walk.hint() == lesson.parse_action(lesson.E3_STEPS[number])
    assert walk.check().ok is True


def test_no_dead_end_when_the_cubes_are_clicked():
    """The board's clicks load a named cart (``load G@1``): still the example's way."""
    walk = lesson.e3_walkthrough()
    session = walk.session
    session.click("level:0:3")
    session.click("cart:0:3:0")  # the printed cart's cube, which the engine would not choose
    assert session.state.history[-1] == lesson.Load(lesson.GREY, 0)
    assert walk.dead_end() is None
    session.click("cart:0:3:1")
    assert walk.dead_end() is None
    session.click("level:0:1")
    (outer,) = [n for n in session.legal_targets() if n.startswith("cart:0:1:")]
    session.click(outer)
    assert walk.dead_end() is None
    session.click("level:0:0")
    assert walk.dead_end() is None


@pytest.mark.parametrize(
    "before, trap",
    [
        ((), "cage 1"),  # yellow first
        (("cage 3", "load G"), "cage 0"),  # up with one grey cube
        (("cage 3", "load G", "load G"), "cage 0"),  # the yellow cube left behind
        (lesson.E3_STEPS[:6], "stop"),  # stopping at the surface
    ],
)
def test_dead_end_right_after_the_trap_move(before, trap):
    walk = lesson.e3_walkthrough()
    walk.play(*before)
    assert walk.dead_end() is None
    feedback = walk.play(trap)
    assert feedback.ok is False
    warning = walk.dead_end()
    assert warning is not None and "Take back 1 move with Undo" in warning
    assert "⚠" in walk.feedback_html()
    walk.session.undo()
    assert walk.dead_end() is None
