"""Lesson 0 (start here): the first-move puzzle, the bots' game and the winner check."""

from __future__ import annotations

import pytest
from helpers import CURIOUS, lesson_cells

from gluckauf.core.state import GameState
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
    """ "Zsófi delivered one order (2 VP) and won with the shift clock"; the solution's scores."""
    state = lesson.bot_game()
    result = state.result()
    zsofi = result.players[lesson.ZSOFI]
    assert len(state.delivered[lesson.ZSOFI]) == 1 and zsofi.orders == 2
    assert zsofi.shift_total == max(row.shift_total for row in result.players)
    assert [row.score for row in result.players] == [0, 40, 29]  # "40 VP, ahead of … (29) … (0)"


# --- the exercise is answered with a control (issue 25) ---------------------------------------
def _seen(question) -> str:
    """The feedback line as the learner reads it: symbol and sentence, no markup."""
    import html
    import re

    return html.unescape(re.sub(r"<[^>]+>", "", question.feedback.value)).strip()


def _click(question, name: str):
    button = next(b for b in question.buttons if b.description == name)
    button.click()
    return question.result


@pytest.mark.parametrize(
    ("lang", "right", "not_top"),
    [
        (
            "en",
            "✔ Right! Zsófi has the most VP: 40. The others: Gábor 0 VP, Péter 29 VP. (R-END-5)",
            "✘ Péter scored 29 VP, but somebody scored more. Look at the Scores box beside the "
            "shift clock in the picture.",
        ),
        (
            "de",
            "✔ Richtig! Zsófi hat die meisten SP: 40. Die anderen: Gábor 0 SP, Péter 29 SP. "
            "(R-END-5)",
            None,
        ),
        (
            "hu",
            "✔ Így van! Zsófi szerezte a legtöbb GYP-t: 40. A többiek: Gábor 0 GYP, Péter 29 GYP. "
            "(R-END-5)",
            None,
        ),
    ],
)
def test_winner_question_is_a_button_per_player(lang, right, not_top) -> None:
    from gluckauf.text.i18n import language

    state = lesson.bot_game()
    with language(lang):
        question = lesson.winner_question(state)
        assert [b.description for b in question.buttons] == ["Gábor", "Zsófi", "Péter"]
        assert question.feedback.value == ""  # nothing said before a click
        for name in ("Gábor", "Péter"):  # the check's own words for a player who did not win
            feedback = _click(question, name)
            assert feedback.ok is False
            assert _seen(question) == str(lesson.check_winner(name, state))
        if not_top:
            assert _seen(question) == not_top
        feedback = _click(question, "Zsófi")
        assert feedback.ok is True and _seen(question) == right
        styles = {b.description: b.button_style for b in question.buttons}
        assert styles == {"Gábor": "", "Zsófi": "success", "Péter": ""}
        # what no button sends, the control still says in words, never a traceback
        assert question.answer(None).ok is None
        assert _seen(question) == str(lesson.check_winner(None, state))
        assert question.answer("Anna").ok is False
        assert _seen(question) == str(lesson.check_winner("Anna", state))
        assert question.answer(3).ok is False


def test_winner_question_of_an_unfinished_game() -> None:
    from gluckauf import new_game
    from gluckauf.text.i18n import language

    with language("de"):
        question = lesson.winner_question(new_game(players=3, seed=1))
        assert _click(question, "Gábor").ok is False
        assert _seen(question) == f"✘ {lesson.TEXT['winner_not_over']}"
        assert "not over" not in _seen(question)


@pytest.mark.parametrize("lang", ["en", "de", "hu"])
def test_lesson_0_answers_with_a_control_and_folds_the_python(lang) -> None:
    """Who won? is a button per player; the names cell and the Python answer cell follow it,
    folded, after a "for the curious" note, each opening with a line saying what it is."""
    cells, ids = lesson_cells("00_start_here.ipynb", lang)
    curious = CURIOUS[lang]
    i = ids.index("b7d41e20")
    assert "".join(cells[i]["source"]) == "lesson.winner_question(state)"
    assert curious in "".join(cells[i + 1]["source"])
    assert ids[i + 2 : i + 4] == ["5a1d0f3e", "67f26d20"]
    for folded in cells[i + 2 : i + 4]:
        assert folded["metadata"]["jupyter"]["source_hidden"] is True
        first = "".join(folded["source"]).splitlines()[0]
        assert first.startswith("# ") and "NBVAL" not in first
    assert "answer = None" not in "".join(
        "".join(c["source"]) for c in cells[:i] + cells[i + 4 :] if c["cell_type"] == "code"
    )
