"""Lesson 1 (setup and the board): the checks and the draft puzzle."""

from __future__ import annotations

import pytest

from widgets.session import GameSession
from widgets.tutorial import setup as lesson

TWO = {"F4", "F8", "M4", "M8", "$3", "$5", "O1"}


def test_locked_codes_follow_the_rules_table() -> None:
    assert lesson.locked_codes(2) == TWO
    assert lesson.locked_codes(3) == {"F8", "M4", "$3"}
    assert lesson.locked_codes(4) == set()


def test_locked_board_explains_locked_spaces() -> None:
    session = GameSession(lesson.locked_board_state())
    for code in sorted(TWO):
        session.click(f"space:{code}")
        assert "locked in a 2-player game" in session.message and "R-SETUP-1" in session.message
    assert not session.state.history


def test_check_locked_right() -> None:
    assert lesson.check_locked(None).ok is None
    assert lesson.check_locked(TWO).ok is True
    assert lesson.check_locked(["f4", "F8", "m4", "M8", "$3", "$5", "o1"]).ok is True


@pytest.mark.parametrize(
    ("answer", "words"),
    [
        ({"F8", "M4", "$3"}, "locked with 3 players"),
        (TWO - {"O1"}, "1 locked space is missing — look in the new orders area"),
        (TWO | {"O2"}, "O2 is open with 2 players"),
        ({"F4"}, "6 locked spaces are missing"),
        ({"X9"}, "X9 is not a space code"),
        ("F4", "as a set"),
        ({1, 2}, "as a set"),
    ],
)
def test_check_locked_wrong(answer: object, words: str) -> None:
    feedback = lesson.check_locked(answer)
    assert feedback.ok is False
    assert words in feedback.message


def test_check_revealed() -> None:
    assert lesson.check_revealed(None).ok is None
    assert lesson.check_revealed(13).ok is True
    assert "one more" in lesson.check_revealed(12).message
    assert "3 players" in lesson.check_revealed(10).message
    assert lesson.check_revealed(16).ok is False


def test_check_first_picker() -> None:
    assert lesson.check_first_picker(None).ok is None
    assert lesson.check_first_picker("Péter").ok is True
    assert lesson.check_first_picker("peter").ok is True
    assert "left" in lesson.check_first_picker("Zsófi").message
    assert "picks last" in lesson.check_first_picker("Gábor").message
    assert lesson.check_first_picker("Anna").ok is False
    assert lesson.check_first_picker(2).ok is False


def test_the_first_picker_is_right_of_the_start_player() -> None:
    state = lesson.draft_state()
    assert state.start_player == lesson.GABOR
    assert state.current == lesson.PETER
    assert len(state.draft_pool) == 10


SOLUTION = ["W5K", "C4G", "W3YY", "R2Y", "C7GG", "R4G", "R3YY", "T3YY", "C5K"]


def test_draft_puzzle_solution() -> None:
    puzzle = lesson.draft_puzzle()
    assert puzzle.check().ok is None
    feedback = puzzle.play(*(f"draft {code}" for code in SOLUTION))
    assert feedback.ok is True
    state = puzzle.session.state
    assert state.order_code(state.order_spaces[0]) == lesson.LEFT_OVER
    assert all(len(held) == 3 for held in state.outstanding)


def test_draft_puzzle_in_progress_names_the_next_picker() -> None:
    puzzle = lesson.draft_puzzle()
    feedback = puzzle.play("draft W5K")
    assert feedback.ok is None
    assert "1 of 9" in feedback.message and "Zsófi" in feedback.message


def test_draft_puzzle_taking_the_card_is_wrong() -> None:
    puzzle = lesson.draft_puzzle()
    feedback = puzzle.play("draft W5K", "draft C9KK")
    assert feedback.ok is False
    assert "Zsófi took the 9-VP carriage order (black, black)" in feedback.message
    puzzle.session.undo()
    assert puzzle.check().ok is None


def test_draft_puzzle_by_clicks() -> None:
    puzzle = lesson.draft_puzzle()
    for code in SOLUTION:
        puzzle.session.click(f"draft:{code}")
    assert puzzle.check().ok is True
