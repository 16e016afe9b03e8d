"""Lesson 2 (placing workers): the money puzzle, the own-workers question and the bank puzzle."""

from __future__ import annotations

from widgets.tutorial import placing as lesson


def test_money_puzzle_solution() -> None:
    puzzle = lesson.money_puzzle()
    assert puzzle.check().ok is None
    feedback = puzzle.play("place $5")
    assert feedback.ok is True
    assert feedback.message.startswith("Well done! The 5-Mark money space held 1 of Zsófi's")
    state = puzzle.session.state
    assert state.money[lesson.GABOR] == 9 + 5
    assert state.workers[lesson.GABOR] == 15 - 2


def test_money_puzzle_another_space_is_named_in_words() -> None:
    feedback = lesson.money_puzzle().play("place $6")
    assert feedback.ok is False
    assert feedback.message.startswith("You placed workers on the 6-Mark money space.")
    assert "$" not in feedback.message


def test_check_own_workers() -> None:
    assert lesson.check_own_workers(None).ok is None
    assert lesson.check_own_workers(3).ok is True
    assert lesson.check_own_workers(2).message == lesson.TEXT["own_two"]
    assert lesson.check_own_workers(1).message == lesson.TEXT["own_one"]
    assert lesson.check_own_workers(4).ok is False


def test_bank_puzzle_only_the_bank_is_open() -> None:
    puzzle = lesson.bank_puzzle()
    assert [str(a) for a in puzzle.session.state.legal_actions()] == ["place BANK"]
    feedback = puzzle.play("place BANK")
    assert feedback.ok is True and "R-TURN-4" in feedback.message


def test_bank_puzzle_refusals_by_click() -> None:
    puzzle = lesson.bank_puzzle()
    puzzle.session.click("space:M6")  # occupied: 2 workers needed, Gábor has 1
    assert not puzzle.session.state.history and "R-TURN" in puzzle.session.message
    puzzle.session.click("space:BANK")
    assert puzzle.check().ok is True
