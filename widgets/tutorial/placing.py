"""Lesson 2 — placing workers (R-TURN-1 … R-TURN-4): positions and checks."""

from __future__ import annotations

from typing import Any

from gluckauf.core.builder import PositionBuilder
from gluckauf.core.state import GameState
from gluckauf.text.messages import capital
from gluckauf.text.words import space_name

from . import Feedback, Puzzle, check_number, right, wrong
from .exercises import exercise
from .phrases import TUTORIAL

GABOR, ZSOFI, PETER = 0, 1, 2

TEXT = TUTORIAL.texts(
    "placing",
    {
        "money5_done": "Well done! The 5-Mark money space held 1 of Zsófi's workers, so you needed "
        "2; hers went to the canteen and you took 5 Marks (R-TURN-2).",
        "money5_other": "You placed workers on {space}. This time, try the 5-Mark money space — "
        "the one with Zsófi's worker on it.",
        "own_explain": "An occupied space always takes one more worker than stand there — even "
        "your own: 2 + 1 = 3, and your 2 go to the canteen (R-TURN-2).",
        "own_two": "Not quite: the space already holds 2 workers, and you need one more than "
        "stand there.",
        "own_one": "1 worker is for an empty space. This one holds 2 of your own workers.",
        "bank_done": "Right: with one worker and nothing else you can pay for, the bank building "
        "always takes exactly 1 worker and gives 1 Mark (R-TURN-4).",
        "bank_other": "{space} worked too — but which space is ALWAYS there for your last "
        "worker? Press “Start again” and find it.",
    },
)


@exercise
def money_puzzle() -> Puzzle:
    """Gábor to act; Zsófi has 1 worker on the 5-Mark money space. Goal: take the 5 Marks."""
    state = (
        PositionBuilder(players=3, seed=2)
        .on_space("$5", ZSOFI, 1)
        .on_space("$4", PETER, 2)
        .turn(GABOR)
        .build()
    )
    return Puzzle(state, _money_goal, final_wrong=True)  # the turn's one placement decides


def _placed_on(state: GameState) -> str | None:
    last = state.history[-1] if state.history else None
    return getattr(last, "space", None)


def _money_goal(state: GameState) -> Feedback:
    space = _placed_on(state)
    if space == "$5":
        return right(TEXT["money5_done"])
    return wrong(TEXT.say("money5_other", space=space_name(space) if space else "?"))


def check_own_workers(answer: Any) -> Feedback:
    """How many workers does the 6-Mark money space take when 2 of your own stand there?"""
    return check_number(
        answer, 3, explain=TEXT["own_explain"], common={2: TEXT["own_two"], 1: TEXT["own_one"]}
    )


@exercise
def own_workers_question() -> Any:
    """The exercise: a number box for :func:`check_own_workers`."""
    from .ask import TEXT as ASK
    from .ask import ask_number

    return ask_number(check_own_workers, unit=ASK["unit_workers"])


@exercise
def bank_puzzle() -> Puzzle:
    """Gábor has 1 worker and 0 Marks; every space he could pay for is taken. Goal: the bank
    building."""
    builder = PositionBuilder(players=3, seed=3).money(GABOR, 0)
    for i, code in enumerate(
        ("F*", "M6", "M8", "M10", "$4", "$5", "$6", "O1", "O2", "O3", "O4", "O*")
    ):
        builder.on_space(code, ZSOFI if i % 2 else PETER, 1)
    state = builder.workers(GABOR, 1).turn(GABOR).build()
    return Puzzle(state, _bank_goal)


def _bank_goal(state: GameState) -> Feedback:
    space = _placed_on(state)
    if space == "BANK":
        return right(TEXT["bank_done"])
    return wrong(TEXT.say("bank_other", space=capital(space_name(space)) if space else "?"))
