"""Lesson 0's first move (issue 25, item 5): the feedback follows the learner through Undo and
Redo instead of asking for both after both were done."""

from __future__ import annotations

from widgets.tutorial import start as lesson

UNDO = "Now press Undo to take it back."
UNDONE = "You took your move back with Undo. Now press Redo to play it again."
REDONE = "You took it back with Undo and played it again with Redo"


def test_move_then_undo_then_redo() -> None:
    puzzle = lesson.first_move_puzzle()
    session = puzzle.session
    session.click("space:$4")
    feedback = puzzle.check()
    assert feedback.ok is True and feedback.message.endswith(UNDO)
    assert "Redo" not in feedback.message
    session.undo()
    feedback = puzzle.check()
    assert feedback.ok is None and feedback.message == UNDONE
    session.redo()
    feedback = puzzle.check()
    assert feedback.ok is True and REDONE in feedback.message
    assert "on the 4-Mark money space" in feedback.message
    assert "press Undo" not in feedback.message and "press Redo" not in feedback.message
    assert REDONE in puzzle.feedback_html()  # what the board shows above the picture


def test_another_move_after_undo_is_a_new_first_move() -> None:
    puzzle = lesson.first_move_puzzle()
    session = puzzle.session
    session.click("space:$4")
    session.undo()
    session.click("space:M6")
    feedback = puzzle.check()
    assert feedback.ok is True and feedback.message.endswith(UNDO)
    assert "on the 6-step mining space" in feedback.message


def test_start_again_forgets_the_undo() -> None:
    puzzle = lesson.first_move_puzzle()
    puzzle.play("place $4")
    puzzle.session.undo()
    puzzle.reset()
    assert puzzle.check().message == "Not solved yet: make your moves on the board."
    assert puzzle.play("place BANK").message.endswith(UNDO)
