"""Lesson 0 (start here): the first-move puzzle, the bots' game and the winner check."""

from __future__ import annotations

from gluckauf.state import GameState
from widgets.session import GameSession
from widgets.tutorial import start as lesson


def test_first_move_puzzle_any_move_is_right() -> None:
    puzzle = lesson.first_move_puzzle()
    assert puzzle.check().ok is None
    feedback = puzzle.play("place $4")
    assert feedback.ok is True
    assert "placed 1 worker on the 4-Mark money space" in feedback.message
    assert "Undo" in feedback.message
    puzzle.reset()
    assert "on the bank building" in puzzle.play("place BANK").message
    puzzle.reset()
    assert "on the 6-step mining space" in puzzle.play("place M6").message


def test_first_move_puzzle_by_clicks_explains_a_locked_space() -> None:
    puzzle = lesson.first_move_puzzle()
    session = puzzle.session
    session.click("space:F8")  # locked with 3 players: refused, explained
    assert "R-SETUP-1" in session.message
    assert not session.state.history
    session.click("space:$4")
    assert puzzle.check().ok is True
    session.undo()
    assert puzzle.check().ok is None
    session.redo()
    assert puzzle.check().ok is True


def test_bot_game_is_the_widget_game() -> None:
    """The notebook's code game and the board widget's bot game are the same game."""
    state = lesson.bot_game()
    session = GameSession(seats=["random"] * 3, seed=lesson.GAME_SEED)
    while session.bot_step() is not None:
        pass
    assert session.state.is_over
    assert session.state.history == state.history
    assert state.result().winners == [lesson.ZSOFI]
    assert state.score == [0, 40, 29]


def test_check_winner() -> None:
    state = lesson.bot_game()
    assert lesson.check_winner(None, state).ok is None
    right = lesson.check_winner("Zsófi", state)
    assert right.ok is True and "40" in right.message
    assert lesson.check_winner("  zsófi ", state).ok is True
    second = lesson.check_winner("Péter", state)
    assert second.ok is False and "29 VP" in second.message
    stranger = lesson.check_winner("Anna", state)
    assert stranger.ok is False and "Gábor, Zsófi and Péter" in stranger.message
    assert "quotes" in lesson.check_winner(1, state).message


def test_check_winner_of_an_unfinished_game() -> None:
    state: GameState = lesson.first_move_puzzle().session.state
    assert "not over" in lesson.check_winner("Gábor", state).message


def test_what_the_lesson_says_about_the_bot_game() -> None:
    """"Zsófi delivered one order (2 VP) and won with the shift clock"; the solution's scores."""
    state = lesson.bot_game()
    result = state.result()
    zsofi = result.players[lesson.ZSOFI]
    assert len(state.delivered[lesson.ZSOFI]) == 1 and zsofi.orders == 2
    assert zsofi.shift_total == max(row.shift_total for row in result.players)
    assert [row.score for row in result.players] == [0, 40, 29]  # "40 VP, ahead of … (29) … (0)"
