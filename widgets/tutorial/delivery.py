"""Lesson 5 — delivery (R-DELIVER-1, R-DELIVER-2): positions and checks.

The rulebook's example E4 on a live board, a puzzle (score the most VP with one delivery) and a
question (how many VP does a given delivery score?, checked by :func:`check_train_vp`).
"""

from __future__ import annotations

from typing import Any

from gluckauf.core.actions import Place
from gluckauf.core.builder import PositionBuilder
from gluckauf.core.components import ORDERS
from gluckauf.core.state import GameState
from gluckauf.text.words import space_name

from . import Feedback, Puzzle, check_number, right, wrong
from .exercises import exercise
from .phrases import TUTORIAL

GABOR, ZSOFI, PETER = 0, 1, 2

TEXT = TUTORIAL.texts(
    "delivery",
    {
        # E4
        "e4_done": "That is the rulebook's example E4: both complete carriage orders went "
        "together, 9 + 10 = 19 VP at once. Their 7 cubes went back to the supply, the two cards "
        "are listed under “Delivered, face down”, and the incomplete 4-VP carriage order (grey) "
        "stays with you (R-DELIVER-1, R-DELIVER-2).",
        "e4_other": "You placed workers on {space}. For this example, click the Carriage space "
        "in the delivery area (its small code is DC): all three of Gábor's orders go by "
        "carriage. Press Start again.",
        # the best-delivery puzzle
        "best_done": "Right: 12 VP. The carriage delivered BOTH complete carriage orders at once, "
        "the 5-VP and the 7-VP one: 5 + 7 = 12 (R-DELIVER-1). No other transport scores as much.",
        "best_wheelbarrow": "10 VP for the 10-VP wheelbarrow order — the biggest single card, but "
        "not the best delivery: a delivery space delivers ALL your complete orders of its "
        "transport, and the carriage has two (R-DELIVER-1). Press Start again.",
        "best_train": "Only 2 VP for the 2-VP train order. Look for the transport with the most "
        "VP on complete orders, counting every complete order of it (R-DELIVER-1). Press Start "
        "again.",
        "best_other": "You placed workers on {space}, which delivers nothing. This puzzle asks "
        "for a delivery space: Wheelbarrow, Carriage, Truck or Train. Press Start again.",
        # the train question
        "train_explain": "The train delivers every complete train order: the 7-VP and the 2-VP "
        "one, 7 + 2 = 9 VP. The 9-VP train order has an empty slot, so it stays; the 5-VP order "
        "goes by wheelbarrow.",
        "train_18": "The 9-VP train order still has an empty slot: only complete orders are "
        "delivered (R-DELIVER-1).",
        "train_14": "The 5-VP order is a wheelbarrow order: the train space delivers only train "
        "orders.",
        "train_7": "The train delivers ALL complete train orders at once, not just the best one "
        "(R-DELIVER-1).",
        "train_2": "The train delivers ALL complete train orders at once, not just one "
        "(R-DELIVER-1).",
        "train_23": "Only complete train orders go: not the wheelbarrow order, and not the "
        "incomplete one.",
    },
)


def _first_placement(state: GameState) -> str | None:
    """The space of the first action of the puzzle (Gábor's move), if it was a placement."""
    first = state.history[0] if state.history else None
    return first.space if isinstance(first, Place) else None


def _space_name(code: str | None) -> str:
    return "?" if code is None else space_name(code)


# --- E4 ---------------------------------------------------------------------------------
def e4_position() -> GameState:
    """E4: Gábor holds three carriage orders: C9KK and C10YBGK complete (7 cubes: the black
    slot of C10YBGK holds two yellow cubes), C4G still empty."""
    return (
        PositionBuilder(players=3, seed=1)
        .orders(GABOR, "C9KK", "C10YBGK", "C4G")
        .fill(GABOR, "C9KK", "K", "K")
        .fill(GABOR, "C10YBGK", "Y", "B", "G", "YY")
        .turn(GABOR)
        .build()
    )


@exercise
def e4_puzzle() -> Puzzle:
    """Goal: deliver with the horse carriage."""
    return Puzzle(e4_position(), _e4_goal, final_wrong=True)  # the first placement decides


def _e4_goal(state: GameState) -> Feedback:
    space = _first_placement(state)
    if space == "DC":
        return right(TEXT["e4_done"])
    return wrong(TEXT.say("e4_other", space=_space_name(space)))


# --- puzzle: the best delivery --------------------------------------------------------------
def best_delivery_position() -> GameState:
    """Gábor's orders: wheelbarrow W10YBGK complete and W7BBB not; carriage C5K and C7GG both
    complete; truck T12KKK with one slot empty; train R2Y complete."""
    return (
        PositionBuilder(players=3, seed=6)
        .orders(GABOR, "W10YBGK", "W7BBB", "C5K", "C7GG", "T12KKK", "R2Y")
        .fill(GABOR, "W10YBGK", "Y", "B", "G", "K")
        .fill(GABOR, "W7BBB", "B", "", "")
        .fill(GABOR, "C5K", "K")
        .fill(GABOR, "C7GG", "G", "BY")
        .fill(GABOR, "T12KKK", "K", "K", "")
        .fill(GABOR, "R2Y", "Y")
        .turn(GABOR)
        .build()
    )


@exercise
def best_delivery_puzzle() -> Puzzle:
    """Goal: score the most VP with one delivery (the carriage: 5 + 7 = 12)."""
    return Puzzle(best_delivery_position(), _best_goal, final_wrong=True)  # the first placement


def _best_goal(state: GameState) -> Feedback:
    space = _first_placement(state)
    if space == "DC":
        return right(TEXT["best_done"])
    if space == "DW":
        return wrong(TEXT["best_wheelbarrow"])
    if space == "DR":
        return wrong(TEXT["best_train"])
    return wrong(TEXT.say("best_other", space=_space_name(space)))


# --- question: what does the train score? ------------------------------------------------
def train_position() -> GameState:
    """Gábor's orders: train R7BBB and R2Y complete, train R9GGG with one grey slot empty,
    wheelbarrow W5K complete."""
    return (
        PositionBuilder(players=3, seed=7)
        .orders(GABOR, "R7BBB", "R2Y", "R9GGG", "W5K")
        .fill(GABOR, "R7BBB", "B", "B", "B")
        .fill(GABOR, "R2Y", "Y")
        .fill(GABOR, "R9GGG", "G", "G", "")
        .fill(GABOR, "W5K", "K")
        .turn(GABOR)
        .build()
    )


def train_vp(state: GameState) -> int:
    """The VP the train would score now (by asking the engine, not by counting here)."""
    after = state.copy(history=False)
    after.apply("place DR")
    return after.score[GABOR] - state.score[GABOR]


def check_train_vp(answer: Any) -> Feedback:
    """How many VP does Gábor score when he places on the train?"""
    return check_number(
        answer,
        9,
        explain=TEXT["train_explain"],
        common={
            18: TEXT["train_18"],
            14: TEXT["train_14"],
            7: TEXT["train_7"],
            2: TEXT["train_2"],
            23: TEXT["train_23"],
        },
    )


@exercise
def train_vp_question() -> Any:
    """The exercise: a number box for :func:`check_train_vp`."""
    from .ask import TEXT as ASK
    from .ask import ask_number

    return ask_number(check_train_vp, unit=ASK["unit_vp"])


def orders_of(state: GameState, player: int = GABOR) -> list[str]:
    """The codes of a player's outstanding orders (a small helper for the notebook)."""
    return [ORDERS[card].code for card, _slots in state.outstanding[player]]
