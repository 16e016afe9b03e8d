"""Lesson 6 — money and new orders (R-MONEY-1, R-TURN-4, R-ORDER-1, R-ORDER-2): positions and
checks.

A puzzle on the order spaces (take the 10-VP order and watch the space refill), a money
question (checked by :func:`check_money`) and an O★ puzzle (take the train order, put the
rest at the bottom).
"""

from __future__ import annotations

from typing import Any

from gluckauf.core.actions import Choose, Place
from gluckauf.core.builder import PositionBuilder
from gluckauf.core.components import ORDERS
from gluckauf.core.state import GameState
from gluckauf.text.words import order_name, order_short, space_name

from . import Feedback, Puzzle, check_number, right, wrong
from .exercises import exercise
from .phrases import TUTORIAL

GABOR, ZSOFI, PETER = 0, 1, 2

# The order spaces of the first puzzle, and the five orders O★ shows in the second.
ORDER_ROW = ("C3B", "W10YBGK", "T5BB", "R4G")
STAR_ORDERS = ("W3YY", "C9KK", "R7GG", "T4G", "W5K")
TRAIN_ORDER = "R7GG"

TEXT = TUTORIAL.texts(
    "orders",
    {
        # take the 10-VP order
        "take_done": "You took the 10-VP wheelbarrow order from order space O2 — and O2 was "
        "refilled at once from the order deck with {refill}, ready for the next player "
        "(R-ORDER-1).",
        "take_other": "You took {order}. The 10-VP order is the card showing “10 VP” in its "
        "top-right corner. Press Start again.",
        "take_not_order": "You placed workers on {space}. This time take an order: click the order "
        "space with the 10-VP order. Press Start again.",
        # money question
        "money_explain": "The 5-Mark money space is empty, so Gábor's 1 worker can take 5 Marks "
        "there. The 6-Mark and 4-Mark spaces are occupied and would need 2 workers (R-TURN-2); "
        "the 3-Mark space is locked in a 3-player game (R-SETUP-1).",
        "money_6": "The 6-Mark money space holds one of Zsófi's workers, so it needs 2 workers "
        "(R-TURN-2) — and Gábor has only 1.",
        "money_4": "The 4-Mark money space holds Péter's worker, so it needs 2 workers too. Is "
        "there an empty money space that pays more?",
        "money_3": "The 3-Mark money space is locked in a 3-player game (R-SETUP-1) — and there "
        "is a better one free.",
        "money_1": "The bank building always works (R-TURN-4), but there is a free money space "
        "that pays more.",
        # O★ puzzle
        "star_done": "Well done: the 7-VP train order is yours, and the other four went to the "
        "bottom of the deck in this order: {rest}. The next O★ will show fresh orders "
        "(R-ORDER-2).",
        "star_top": "You took the train order — but the other four went back on top, so the next "
        "O★ shows them again. This time finish with “Put the rest at the bottom”. Press Start "
        "again.",
        "star_none": "You took no order (that is allowed, R-ORDER-2), but the task was to take the "
        "train order. Press Start again.",
        "star_other": "You took {order}. The train order is the card reading “Train”. Press Start "
        "again.",
    },
)


def _first(state: GameState) -> Any:
    return state.history[0] if state.history else None


def _describe(code: str) -> dict[str, Any]:
    return {"order": order_name(code)}


# --- puzzle: take the 10-VP order ------------------------------------------------------------
def order_row_position() -> GameState:
    """Gábor to act; the order spaces O1–O4 show C3B, W10YBGK, T5BB and R4G."""
    builder = PositionBuilder(players=3, seed=8)
    for number, code in enumerate(ORDER_ROW, start=1):
        builder.order_space(number, code)
    return builder.orders(GABOR, "C2Y").turn(GABOR).build()


@exercise
def take_order_puzzle() -> Puzzle:
    return Puzzle(order_row_position(), _take_goal, final_wrong=True)  # the first placement decides


def _take_goal(state: GameState) -> Feedback:
    first = _first(state)
    space = first.space if isinstance(first, Place) else None
    if space is None or not space.startswith("O") or space == "O*":
        name = "?" if space is None else space_name(space)
        return wrong(TEXT.say("take_not_order", space=name))
    taken = ORDER_ROW[int(space[1]) - 1]
    if taken != "W10YBGK":
        return wrong(TEXT.say("take_other", **_describe(taken)))
    refill = state.order_spaces[1]
    return right(
        TEXT.say(
            "take_done",
            refill="nothing" if refill is None else order_name(ORDERS[refill].code, "a"),
        )
    )


# --- question: the most Marks ----------------------------------------------------------------
def money_position() -> GameState:
    """3 players. Gábor has 1 worker left; Zsófi has 1 worker on Money 6, Péter 1 on Money 4;
    Money 5 is empty (Money 3 is locked with 3 players)."""
    return (
        PositionBuilder(players=3, seed=9)
        .on_space("$6", ZSOFI, 1)
        .on_space("$4", PETER, 1)
        .on_space("M6", GABOR, 1)
        .on_space("F*", GABOR, 2)
        .on_space("O2", GABOR, 1)
        .orders(GABOR, "W3B", "T4G")
        .workers(GABOR, 1)
        .turn(GABOR)
        .build()
    )


def check_money(answer: Any) -> Feedback:
    """How many Marks can Gábor take this turn at most?"""
    return check_number(
        answer,
        5,
        explain=TEXT["money_explain"],
        common={6: TEXT["money_6"], 4: TEXT["money_4"], 3: TEXT["money_3"], 1: TEXT["money_1"]},
    )


@exercise
def money_question() -> Any:
    """The exercise: a number box for :func:`check_money`."""
    from .ask import TEXT as ASK
    from .ask import ask_number

    return ask_number(check_money, unit=ASK["unit_marks"])


# --- puzzle: O★ ------------------------------------------------------------------------------
def star_position() -> GameState:
    """Gábor has placed on O★ and looks at W3YY, C9KK, R7GG, T4G and W5K."""
    return (
        PositionBuilder(players=3, seed=10)
        .looking_at(GABOR, "order", *STAR_ORDERS)  # places his worker on O★ too
        .build()
    )


@exercise
def star_puzzle() -> Puzzle:
    """Goal: take the train order, put the rest at the bottom (in any order)."""
    return Puzzle(star_position(), _star_goal)


def _star_goal(state: GameState) -> Feedback:
    choice = _first(state)
    if not isinstance(choice, Choose):  # cannot happen: O★ must be finished first
        return wrong(TEXT["star_none"])
    if choice.take is None:
        return wrong(TEXT["star_none"])
    if choice.take != TRAIN_ORDER:
        return wrong(TEXT.say("star_other", **_describe(choice.take)))
    if choice.where != "bottom":
        return wrong(TEXT["star_top"])
    return right(TEXT.say("star_done", rest=", ".join(order_short(c) for c in choice.rest)))
