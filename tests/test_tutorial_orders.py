"""Lesson 6 (money and orders): every position, puzzle and check of widgets/tutorial/orders.py."""

from __future__ import annotations

import pytest

from gluckauf.core.components import ORDER_BY_CODE, ORDERS
from gluckauf.text.words import order_name, order_short
from widgets.tutorial import orders as lesson

GABOR = 0


def test_take_the_ten_vp_order():
    puzzle = lesson.take_order_puzzle()
    deck_top = puzzle.session.state.order_deck[0]
    assert puzzle.check().ok is None
    feedback = puzzle.play("place O2")
    assert feedback.ok is True
    state = puzzle.session.state
    assert state.order_spaces[1] == deck_top  # refilled from the top of the deck
    assert order_name(ORDERS[deck_top].code, "a") in feedback.message
    assert feedback.message.startswith("You took the 10-VP wheelbarrow order from order space O2")
    assert ORDER_BY_CODE["W10YBGK"].index in [card for card, _ in state.outstanding[GABOR]]


def test_take_by_click():
    puzzle = lesson.take_order_puzzle()
    puzzle.session.click("space:O2")
    assert puzzle.check().ok is True


@pytest.mark.parametrize(
    ("space", "message"),
    [
        ("O3", "You took the 5-VP truck order (brown, brown)."),
        ("O1", "You took the 3-VP carriage order (brown)."),
        ("$4", "You placed workers on the 4-Mark money space."),
        ("O*", "You placed workers on the special order space O★."),
    ],
)
def test_take_wrong(space, message):
    puzzle = lesson.take_order_puzzle()
    feedback = puzzle.play(f"place {space}")
    assert feedback.ok is False
    assert feedback.message.startswith(message)


def test_money_position_is_as_described():
    state = lesson.money_position()
    assert state.workers[GABOR] == 1
    assert {str(a) for a in state.legal_actions() if str(a).startswith("place $")} == {"place $5"}
    state.apply("place $5")
    assert state.money[GABOR] == 9 + 5


@pytest.mark.parametrize(
    ("answer", "ok", "start"),
    [
        (None, None, "No answer yet"),
        (5, True, "Right! The 5-Mark money space is empty"),
        (6, False, "The 6-Mark money space holds one of Zsófi's workers"),
        (4, False, "The 4-Mark money space holds Péter's worker"),
        (3, False, "The 3-Mark money space is locked"),
        (1, False, "The bank building always works"),
        (7, False, "Not quite: 7 is too high"),
        (2, False, "Not quite: 2 is too low"),
        (
            "five",
            False,
            "Write the answer as a whole number without quotes, such as 3 — not 'five'",
        ),
    ],
)
def test_check_money(answer, ok, start):
    feedback = lesson.check_money(answer)
    assert feedback.ok is ok
    assert feedback.message.startswith(start)


@pytest.mark.parametrize(
    "action",
    [
        "choose R7GG bottom W3YY C9KK T4G W5K",
        "choose R7GG bottom W5K T4G C9KK W3YY",
    ],
)
def test_star_solutions(action):
    puzzle = lesson.star_puzzle()
    assert puzzle.check().ok is None
    feedback = puzzle.play(action)
    assert feedback.ok is True
    state = puzzle.session.state
    assert ORDER_BY_CODE["R7GG"].index in [card for card, _ in state.outstanding[GABOR]]
    bottom = [ORDERS[card].code for card in state.order_deck[-4:]]
    assert bottom == list(puzzle.session.state.history[0].rest)
    assert ", ".join(order_short(code) for code in bottom) in feedback.message


def test_star_by_clicks():
    """Take the train order, put the rest back in a chosen order, then 'bottom'."""
    puzzle = lesson.star_puzzle()
    session = puzzle.session
    for target in ("choice:2", "choice:4", "choice:0", "choice:1", "choice:3", "choice:bottom"):
        session.click(target)
    assert str(session.state.history[0]) == "choose R7GG bottom W5K W3YY C9KK T4G"
    assert puzzle.check().ok is True


def test_star_short_form_by_clicks():
    """Take the train order, then 'bottom' at once: the rest keep the order shown."""
    puzzle = lesson.star_puzzle()
    puzzle.session.click("choice:2")
    puzzle.session.click("choice:bottom")
    assert str(puzzle.session.state.history[0]) == "choose R7GG bottom W3YY C9KK T4G W5K"
    assert puzzle.check().ok is True


@pytest.mark.parametrize(
    ("action", "key"),
    [
        ("choose R7GG top W3YY C9KK T4G W5K", "star_top"),
        ("choose - bottom W3YY C9KK R7GG T4G W5K", "star_none"),
    ],
)
def test_star_mistakes(action, key):
    puzzle = lesson.star_puzzle()
    feedback = puzzle.play(action)
    assert feedback.ok is False
    assert feedback.message == lesson.TEXT[key]


def test_star_wrong_order_taken():
    puzzle = lesson.star_puzzle()
    feedback = puzzle.play("choose T4G bottom W3YY C9KK R7GG W5K")
    assert feedback.ok is False
    assert feedback.message.startswith("You took the 4-VP truck order (grey).")
