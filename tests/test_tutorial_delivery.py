"""Lesson 5 (delivery): every position, puzzle and check of widgets/tutorial/delivery.py."""

from __future__ import annotations

import pytest

from gluckauf.text.words import space_name
from widgets.tutorial import delivery as lesson

GABOR = 0


def test_e4_delivers_both_complete_carriage_orders():
    puzzle = lesson.e4_puzzle()
    supply = sum(puzzle.session.state.supply)
    assert puzzle.check().ok is None
    feedback = puzzle.play("place DC")
    assert feedback.ok is True and "19 VP" in feedback.message
    state = puzzle.session.state
    assert state.score[GABOR] == 19
    assert sum(state.supply) - supply == 7
    assert lesson.orders_of(state) == ["C4G"]
    assert len(state.delivered[GABOR]) == 2


def test_e4_by_click_and_a_wrong_space():
    puzzle = lesson.e4_puzzle()
    puzzle.session.click("space:DC")
    assert puzzle.check().ok is True
    puzzle.reset()
    feedback = puzzle.play("place $4")
    assert feedback.ok is False
    assert feedback.message == lesson.TEXT["e4_other"].format(space="the 4-Mark money space")
    assert "You placed workers on the 4-Mark money space." in feedback.message


def test_e4_refuses_the_other_transports():
    """Gábor has no wheelbarrow order: the board explains why DW cannot be used (R-TURN-3)."""
    puzzle = lesson.e4_puzzle()
    puzzle.session.click("space:DW")
    assert puzzle.session.state.history == []
    assert "no wheelbarrow orders" in puzzle.session.message


def test_best_delivery_solution():
    puzzle = lesson.best_delivery_puzzle()
    feedback = puzzle.play("place DC")
    assert feedback.ok is True and "12 VP" in feedback.message
    assert puzzle.session.state.score[GABOR] == 12
    assert lesson.orders_of(puzzle.session.state) == ["W10YBGK", "W7BBB", "T12KKK", "R2Y"]


@pytest.mark.parametrize(
    ("space", "key", "vp"),
    [
        ("DW", "best_wheelbarrow", 10),
        ("DR", "best_train", 2),
        ("$6", "best_other", 0),
    ],
)
def test_best_delivery_wrong_spaces(space, key, vp):
    puzzle = lesson.best_delivery_puzzle()
    feedback = puzzle.play(f"place {space}")
    assert feedback.ok is False
    assert feedback.message == lesson.TEXT[key].format(space=space_name(space))
    assert puzzle.session.state.score[GABOR] == vp


def test_best_delivery_truck_is_refused():
    puzzle = lesson.best_delivery_puzzle()
    puzzle.session.click("space:DT")
    assert puzzle.session.state.history == []
    assert "truck orders is complete yet" in puzzle.session.message
    assert puzzle.check().ok is None


def test_train_vp_from_the_engine():
    assert lesson.train_vp(lesson.train_position()) == 9


@pytest.mark.parametrize(
    ("answer", "ok", "start"),
    [
        (None, None, "No answer yet"),
        (9, True, "Right! The train delivers every complete train order"),
        (18, False, "The 9-VP train order still has an empty slot"),
        (14, False, "The 5-VP order is a wheelbarrow order"),
        (7, False, "The train delivers ALL complete train orders at once, not just the best"),
        (2, False, "The train delivers ALL complete train orders at once, not just one"),
        (23, False, "Only complete train orders go"),
        (10, False, "Not quite: 10 is too high"),
        (5, False, "Not quite: 5 is too low"),
        (9.5, False, "Write the answer as a whole number without quotes, such as 3 — not 9.5"),
    ],
)
def test_check_train_vp(answer, ok, start):
    feedback = lesson.check_train_vp(answer)
    assert feedback.ok is ok
    assert feedback.message.startswith(start)
