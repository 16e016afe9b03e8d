"""Lesson 8 (end of the game): every position, puzzle and check of widgets/tutorial/endgame.py."""

from __future__ import annotations

import pytest
from helpers import CURIOUS, lesson_cells

from gluckauf.core.builder import PositionBuilder
from gluckauf.core.scoring import end_items
from gluckauf.core.state import CHOOSE, MINE
from widgets.tutorial import endgame as lesson

GABOR, ZSOFI, PETER = 0, 1, 2


def _finish(state):
    """Finish an F★/O★ look without taking anything (and mining, if it ever happens)."""
    while not state.is_over:
        if state.phase == CHOOSE:
            state.apply(next(a for a in state.legal_actions() if a.take is None))
        elif state.phase == MINE:
            state.apply("stop")
        else:
            raise AssertionError(f"unexpected phase {state.phase}")
    return state


# --- the last worker of the game ------------------------------------------------------------
def test_final_position_items():
    state = lesson.final_position()
    assert state.shift == 3 and sum(state.workers) == 1 and state.workers[GABOR] == 1
    assert end_items(state, ZSOFI) == {
        "end_money": 1,
        "end_cubes": 3,
        "end_orders": 0,
        "end_balance": -2,
    }
    assert end_items(state, PETER) == {
        "end_money": 2,
        "end_cubes": 2,
        "end_orders": -2,
        "end_balance": -2,
    }
    assert end_items(state, GABOR) == {
        "end_money": 0,
        "end_cubes": 2,
        "end_orders": -1,
        "end_balance": 0,
    }


def test_holdings_table():
    lines = lesson.holdings_table(lesson.final_position()).splitlines()
    assert lines[1].split() == ["Gábor", "3", "8", "1", "1", "1"]
    assert lines[2].split() == ["Zsófi", "7", "9", "0", "1", "0"]
    assert lines[3].split() == ["Péter", "11", "8", "2", "2", "1"]


def test_last_worker_ends_the_game():
    puzzle = lesson.last_worker_puzzle()
    assert puzzle.check().ok is None
    feedback = puzzle.play("place BANK")
    assert feedback.ok is True and feedback.message == lesson.TEXT["game_over"]
    assert puzzle.session.state.is_over


def test_last_worker_final_table_under_the_board():
    puzzle = lesson.last_worker_puzzle()
    widget = puzzle.board().children[-1]
    puzzle.session.click("space:BANK")
    assert "Shift III scoring" in widget.scoring.value
    assert "End of the game" in widget.scoring.value and "Winner: Zsófi" in widget.scoring.value


def test_last_worker_unfinished_look():
    puzzle = lesson.last_worker_puzzle()
    feedback = puzzle.play("place O*")
    assert feedback.ok is False and feedback.message == lesson.TEXT["finish_action"]
    assert _finish(puzzle.session.state).is_over
    assert puzzle.check().ok is True


# --- E7 -------------------------------------------------------------------------------------
def test_e7_position_is_the_rulebook_example():
    state = lesson.e7_position()
    assert state.money[GABOR] == 7
    assert sum(state.cubes_in_mine(GABOR)) == 1 and sum(state.cage[GABOR]) == 1
    assert sum(state.storage[GABOR]) == 1 and sum(state.cubes_on_orders(GABOR)) == 1
    assert len(state.outstanding[GABOR]) == 1
    assert lesson.holdings_table(state).splitlines()[1].split() == [
        "Gábor",
        "7",
        "4",
        "1",
        "7",
        "4",
    ]
    assert lesson.e7_expected() == {"money": 1, "kept": 2, "coal": 1, "orders": -1, "balance": -6}


def test_e7_items_right_and_none():
    assert lesson.check_e7_items().ok is None
    assert lesson.check_e7_items(None, None, None, None, None).ok is None
    feedback = lesson.check_e7_items(1, 2, 1, -1, -6)
    assert feedback.ok is True and feedback.message == lesson.TEXT["all_right"]


def test_e7_items_partly_answered():
    feedback = lesson.check_e7_items(1, 2)
    assert feedback.ok is None
    assert feedback.message == "Money: 1 — right. Marks kept: 2 — right. Now fill in the rest too."
    feedback = lesson.check_e7_items(1, 7)
    assert feedback.ok is False and lesson.TEXT["kept_all"] in feedback.message


@pytest.mark.parametrize(
    ("answers", "key"),
    [
        ((2, 2, 1, -1, -6), "money_up"),
        ((7, 2, 1, -1, -6), "money_each"),
        ((0, 2, 1, -1, -6), "money_other"),
        ((1, 0, 1, -1, -6), "kept_other"),
        ((1, 2, 2, -1, -6), "coal_up"),
        ((1, 2, 4, -1, -6), "coal_each"),
        ((1, 2, 0, -1, -6), "coal_other"),
        ((1, 2, 1, 1, -6), "orders_sign"),
        ((1, 2, 1, -2, -6), "orders_other"),
        ((1, 2, 1, -1, -3), "balance_half"),
        ((1, 2, 1, -1, 6), "balance_sign"),
        ((1, 2, 1, -1, -22), "balance_all"),
        ((1, 2, 1, -1, -4), "balance_other"),
    ],
)
def test_e7_items_one_mistake_each(answers, key):
    feedback = lesson.check_e7_items(*answers)
    assert feedback.ok is False
    assert lesson.TEXT[key] in feedback.message
    assert feedback.message.count("— right.") == 4


def test_e7_items_not_numbers():
    feedback = lesson.check_e7_items("1", 2, 1, -1, -6.0)
    assert feedback.ok is False
    assert "Money: write a whole number without quotes, such as 3 — not '1'." in feedback.message
    assert "Balance: write a whole number without quotes, such as 3 — not -6.0." in feedback.message


@pytest.mark.parametrize(
    ("answer", "ok", "key"),
    [
        (-5, True, None),
        (-3, False, "total_kept"),
        (-2, False, "total_half"),
        (7, False, "total_sign"),
        (9, False, "total_sign"),
    ],
)
def test_e7_total(answer, ok, key):
    feedback = lesson.check_e7_total(answer)
    assert feedback.ok is ok
    if key:
        assert feedback.message == lesson.TEXT[key]
    else:
        assert lesson.TEXT["total_explain"] in feedback.message


def test_e7_total_other_answers():
    assert lesson.check_e7_total(None).ok is None
    feedback = lesson.check_e7_total(-4)
    assert feedback.ok is False and "too many" not in feedback.message
    assert lesson.TEXT["total_other"] in feedback.message
    assert lesson.check_e7_total("minus five").ok is False
    assert lesson.check_e7_total("-5").ok is True  # a whole number, however typed


# --- tiles, not carts -----------------------------------------------------------------------
def test_balance_position_counts_tiles():
    state = lesson.balance_position()
    assert end_items(state, GABOR)["end_balance"] == -4
    assert lesson.holdings_table(state).splitlines()[1].split()[-2:] == ["2", "4"]  # tiles
    carts = sum(len(level) for level in state.carts[GABOR])
    assert carts == 4 + 4 + 4  # printed, on the light tiles, on the dark tiles: no cart balance


@pytest.mark.parametrize(
    ("answer", "ok", "key"),
    [
        (-4, True, None),
        (0, False, "tiles_carts"),
        (-2, False, "tiles_half"),
        (4, False, "tiles_sign"),
        (2, False, "tiles_sign"),
        (-12, False, "tiles_all"),
    ],
)
def test_check_balance(answer, ok, key):
    feedback = lesson.check_balance(answer)
    assert feedback.ok is ok
    if key:
        assert feedback.message == lesson.TEXT[key]


def test_check_balance_none_and_other():
    assert lesson.check_balance(None).ok is None
    feedback = lesson.check_balance(-6)
    assert feedback.ok is False and lesson.TEXT["tiles_other"] in feedback.message


# --- win it -------------------------------------------------------------------------------
def test_win_puzzle_solution():
    puzzle = lesson.win_puzzle()
    assert puzzle.check().ok is None
    feedback = puzzle.play("place $5")
    assert feedback.ok is True
    assert feedback.message == lesson.TEXT["win_done"].format(
        space="the 5-Mark money space", marks=8, money=1, left=3, score=2, her_left=2
    )
    assert feedback.message.startswith("You win! With the 5-Mark money space you have 8 Marks")
    result = puzzle.session.state.result()
    assert result.winners == [GABOR] and result.scores == [2, 2, 0]


def test_win_puzzle_shared():
    feedback = lesson.win_puzzle().play("place $4")
    assert feedback.ok is False
    assert feedback.message == lesson.TEXT["win_shared"].format(score=2, left=2)


@pytest.mark.parametrize(("space", "score"), [("BANK", 1), ("F3", 0), ("O2", 0)])
def test_win_puzzle_lost(space, score):
    feedback = lesson.win_puzzle().play(f"place {space}")
    assert feedback.ok is False
    assert feedback.message == lesson.TEXT["win_lost"].format(winner="Zsófi", best=2, score=score)


def test_win_puzzle_lost_on_the_tie_break():
    """Not reachable from the puzzle position; the goal still explains it."""
    state = (
        PositionBuilder(players=3, seed=8)
        .money(GABOR, 2)
        .money(ZSOFI, 4)
        .workers(GABOR, 1)
        .workers(ZSOFI, 0)
        .workers(PETER, 0)
        .turn(GABOR, shift=3)
        .build()
    )
    state.apply("place BANK")  # Gábor 3 Marks, Zsófi 4: both 1 VP for their cubes
    feedback = lesson._win_goal(state)
    assert feedback.ok is False
    assert feedback.message == lesson.TEXT["win_tie_lost"].format(score=1, left=3, her_left=4)


def test_win_puzzle_has_exactly_one_solution():
    state = lesson.final_position()
    winners = {}
    for action in state.legal_actions():
        trial = state.copy()
        trial.apply(action)
        winners[action.space] = _finish(trial).result().winners
    assert [space for space, won in winners.items() if won == [GABOR]] == ["$5"]
    assert not any(space.startswith("M") for space in winners)  # mining is blocked


def test_last_worker_panel_sentences_stand_apart():
    """The panel under the board as a learner reads it: the shift table's rule line, the final
    table's title, the winner and the end rules are separate blocks (they once ran together:
    "…R-SHIFT-6).End of the game", "Winner: Zsófi Rules: …")."""
    import re

    puzzle = lesson.last_worker_puzzle()
    widget = puzzle.board().children[-1]
    puzzle.session.click("space:BANK")
    blocks = re.sub(r"</?(?:p|div|table|tr|br|h\d)\b[^>]*>", "\n", widget.scoring.value)
    lines = [re.sub(r"<[^>]+>", "", line).strip() for line in blocks.splitlines()]
    lines = [line for line in lines if line]
    assert "End of the game" in lines
    assert "Winner: Zsófi." in lines and "Rules: R-END-1 to R-END-5." in lines
    assert any(
        line.startswith("Rules: R-SHIFT-1") and line.endswith("R-SHIFT-6).") for line in lines
    )


# --- the exercises are answered with controls (issue 25) --------------------------------------
@pytest.mark.parametrize("lang", ["en", "de", "hu"])
def test_lesson_8_answers_with_controls_and_folds_the_python(lang):
    """Each exercise of lesson 8 is a control (five labelled boxes for E7, a box for the total
    and for the balance); its Python cell follows, folded, after a "for the curious" note, and
    opens with a line saying what it is."""
    cells, ids = lesson_cells("08_end_of_game.ipynb", lang)
    curious = CURIOUS[lang]
    for control, python, call in (
        ("4ce2e6a4", "56cac5a2", "lesson.e7_items_question()"),
        ("1ea72174", "b5711dd5", "lesson.e7_total_question()"),
        ("9c6cca1f", "742503a7", "lesson.balance_question()"),
    ):
        i = ids.index(control)
        assert "".join(cells[i]["source"]) == call
        assert ids[i + 2] == python and curious in "".join(cells[i + 1]["source"])
        folded = cells[i + 2]
        assert folded["metadata"]["jupyter"]["source_hidden"] is True
        first = "".join(folded["source"]).splitlines()[0]
        assert first.startswith("# ") and "Python" in first and "NBVAL" not in first
