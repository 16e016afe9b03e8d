"""Lesson 4 (mining): every position, puzzle and check of widgets/tutorial/mining.py."""

from __future__ import annotations

import pytest
from helpers import CURIOUS, lesson_cells

from gluckauf.core.state import GameState
from widgets.tutorial import mining as lesson

GABOR, ZSOFI = 0, 1


# --- E3 walk-through ----------------------------------------------------------------------------
def test_e3_walkthrough_guides_every_step():
    walk = lesson.e3_walkthrough()
    first = walk.check()
    assert first.ok is None and first.message.startswith("Step 1 of 8: click level 3")
    for done, step in enumerate(lesson.E3_STEPS[:-1], start=1):
        feedback = walk.play(step)
        assert feedback.ok is None
        assert f"step {done} of 8" in feedback.message
        assert f"Step {done + 1} of 8" in feedback.message
    feedback = walk.play(lesson.E3_STEPS[-1])
    assert feedback.ok is True and "E3" in feedback.message
    state = walk.session.state
    assert state.cage[GABOR] == [1, 0, 0, 0]  # the yellow cube stays in the cage
    assert state.current == ZSOFI and state.phase == "place"


def test_e3_walkthrough_off_the_path():
    walk = lesson.e3_walkthrough()
    feedback = walk.play("cage 1")
    assert feedback.ok is False
    assert "step 1 is to click level 3" in feedback.message
    assert "You chose to move the cage down to level 1 (yellow) instead" in feedback.message
    walk.session.undo()
    assert walk.check().ok is None
    walk.reset()
    assert walk.session.state.history == []


def test_e3_walkthrough_by_clicks():
    """The clicks the notebook describes play exactly the example's steps."""
    walk = lesson.e3_walkthrough()
    session = walk.session
    session.click("level:0:3")
    for cart in ("cart:0:3:0", "cart:0:3:1"):  # the printed cart's cube, then the other one
        assert cart in session.legal_targets()
        session.click(cart)  # loads that very cube (issue 24)
    assert session.state.carts[GABOR][2] == [-1, -1]
    session.click("level:0:1")
    (outer,) = [n for n in session.legal_targets() if n.startswith("cart:0:1:")]
    session.click(outer)
    session.click("level:0:0")
    for _ in range(2):
        session.click("cage:0:2")
        session.click(
            "slot:0:W7GG:0" if not session.state.outstanding[GABOR][0][1][0] else "slot:0:W7GG:1"
        )
    assert walk.check().ok is True


# --- fill this order in 6 steps -----------------------------------------------------------------
@pytest.mark.parametrize(
    "steps",
    [
        ("fill C9KK:K cY+sB", "cage 4", "load K", "cage 0", "fill C9KK:K cK"),
        ("cage 4", "load K", "cage 0", "fill C9KK:K cK", "fill C9KK:K cY+sB"),
    ],
)
def test_six_steps_solutions(steps):
    puzzle = lesson.six_steps_puzzle()
    assert puzzle.check().ok is None
    feedback = puzzle.play(*steps)
    assert feedback.ok is True and "R-MINE-3" in feedback.message


def test_six_steps_progress_is_neutral():
    puzzle = lesson.six_steps_puzzle()
    feedback = puzzle.play("cage 4", "load K")
    assert feedback.ok is None
    assert feedback.message == (
        "0 of 2 black slots of your 9-VP carriage order filled; 4 steps left."
    )


def test_six_steps_two_cubes_by_clicks():
    puzzle = lesson.six_steps_puzzle()
    session = puzzle.session
    session.click("cage:0:0")
    session.click("stock:0:1")
    session.click("slot:0:C9KK:0")
    assert str(session.state.history[-1]) == "fill C9KK:K cY+sB"
    assert session.state.steps_left == 4


@pytest.mark.parametrize(
    ("steps", "key"),
    [
        (
            ("fill W2Y:Y cY", "cage 4", "load K", "cage 0", "fill C9KK:K cK", "stop"),
            "six_yellow_used",
        ),
        (("store Y", "cage 4", "load K", "cage 0", "fill C9KK:K cK", "stop"), "six_stored"),
        (("cage 4", "load K", "cage 3", "load G", "cage 0", "fill C9KK:K cK"), "six_grey"),
        (("cage 4", "load K", "cage 0", "fill C9KK:K cK", "cage 2", "load B"), "six_other"),
    ],
)
def test_six_steps_common_mistakes(steps, key):
    puzzle = lesson.six_steps_puzzle()
    feedback = puzzle.play(*steps)
    assert feedback.ok is False
    assert feedback.message == lesson.TEXT[key]


def test_six_steps_stopped_early():
    puzzle = lesson.six_steps_puzzle()
    feedback = puzzle.play("cage 4", "stop")
    assert feedback.ok is False
    assert feedback.message == lesson.TEXT["six_stopped"].format(steps="5 steps")


def test_six_steps_mistake_survives_later_turns():
    """Zsófi's turn afterwards (also mining grey) does not change the diagnosis."""
    puzzle = lesson.six_steps_puzzle()
    puzzle.play("fill W2Y:Y cY", "cage 4", "load K", "cage 0", "fill C9KK:K cK", "stop")
    feedback = puzzle.play("place M8", "cage 3", "load G")
    assert feedback.message == lesson.TEXT["six_yellow_used"]


# --- the most cubes in 8 steps --------------------------------------------------------------
def _key(state: GameState) -> tuple:
    return (
        state.cage_level[GABOR],
        tuple(state.cage[GABOR]),
        tuple(state.storage[GABOR]),
        tuple(tuple(level) for level in state.carts[GABOR]),
        tuple(tuple(slots) for _card, slots in state.outstanding[GABOR]),
        state.steps_left,
        state.phase,
    )


def _most(state: GameState, memo: dict) -> int:
    key = _key(state)
    if key not in memo:
        best = sum(state.cubes_on_orders(GABOR))
        if state.phase == "mine" and state.current == GABOR:
            for action in list(state.legal_actions()):
                state.apply(action, check=False)
                best = max(best, _most(state, memo))
                state.undo()
        memo[key] = best
    return memo[key]


def test_most_cubes_is_really_the_most():
    assert _most(lesson.most_cubes_position(), {}) == lesson.MOST_CUBES == 4


def test_most_cubes_board_counts_without_judging():
    board = lesson.most_cubes_board()
    assert board.check().ok is None
    feedback = board.play("load K", "cage 0", "fill C9KK:K cK")
    assert feedback.ok is None
    assert feedback.message == "You have placed 1 cube on your orders so far; 5 steps left."
    feedback = board.play("fill C9KK:K cK", "fill R3YY:Y cK+sY", "stop")
    assert feedback.ok is None
    assert feedback.message.startswith("Mining is over: you placed 4 cubes on your orders")


@pytest.mark.parametrize(
    ("answer", "ok", "start"),
    [
        (None, None, "No answer yet"),
        (4, True, "Right! Load the last black cube"),
        (8, False, "Not every step places a cube"),
        (3, False, "3 is what you already hold"),
        (5, False, "5 is one too many"),
        (6, False, "Not quite: 6 is too high"),
        (2, False, "Not quite: 2 is too low"),
        (
            "4 cubes",
            False,
            "Write the answer as a whole number without quotes, such as 3 — not '4 cubes'",
        ),
    ],
)
def test_check_most_cubes(answer, ok, start):
    feedback = lesson.check_most_cubes(answer)
    assert feedback.ok is ok
    assert feedback.message.startswith(start)


# --- the exercise is answered with a control (issue 25) ---------------------------------------
def _seen(question) -> str:
    """The feedback line as the learner reads it: symbol and sentence, no markup."""
    import html
    import re

    return html.unescape(re.sub(r"<[^>]+>", "", question.feedback.value)).strip()


@pytest.mark.parametrize(
    ("lang", "unit", "words"),
    [
        (
            "en",
            "cubes",
            {
                "4": "✔ Right! Load the last black cube",
                "8": "✘ Not every step places a cube",
                "6": "✘ Not quite: 6 is too high",
                "": "… No answer yet: type a number in the box",
                "four": "✘ “four” is not a whole number",
                "4.5": "✘ 4.5 is not a whole number",
            },
        ),
        (
            "de",
            "Würfel",
            {"4": "✔ Richtig!", "6": "✘ Nicht ganz: 6 ist zu hoch", "": "… Noch keine Antwort"},
        ),
    ],
)
def test_most_cubes_question_is_a_number_box(lang, unit, words):
    from gluckauf.text.i18n import language
    from widgets.tutorial.ask import TEXT as ASK
    from widgets.tutorial.ask import read_number

    with language(lang):
        question = lesson.most_cubes_question()
        assert unit in [getattr(part, "value", None) for part in question.children[0].children]
        for typed in ("4", " 4 ", "4.0", "8", "3", "5", "6", "2", "", "four", "4.5"):
            question.box.value = "x"  # a change, so that the value arrives
            question.box.value = typed
            question.button.click()  # Check checks the box again
            number = read_number(typed)
            expected = number if not isinstance(number, int) else lesson.check_most_cubes(number)
            assert _seen(question) == str(expected), typed
            assert question.result.ok is (
                True if typed.strip() in ("4", "4.0") else None if typed == "" else False
            )
            if typed in words:
                assert _seen(question).startswith(words[typed]), (typed, _seen(question))
        assert question.answer(None).ok is None  # nothing ends in a traceback
        assert ASK["unit_cubes"] == unit


@pytest.mark.parametrize("lang", ["en", "de", "hu"])
def test_lesson_4_answers_with_a_control_and_folds_the_python(lang):
    cells, ids = lesson_cells("04_mining.ipynb", lang)
    curious = CURIOUS[lang]
    i = ids.index("d4a7c215")
    assert "".join(cells[i]["source"]) == "lesson.most_cubes_question()"
    assert curious in "".join(cells[i + 1]["source"]) and ids[i + 2] == "1f5098ed"
    folded = cells[i + 2]
    assert folded["metadata"]["jupyter"]["source_hidden"] is True
    first = "".join(folded["source"]).splitlines()[0]
    assert first.startswith("# ") and "Python" in first and "NBVAL" not in first
