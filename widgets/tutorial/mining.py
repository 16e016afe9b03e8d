"""Lesson 4 — mining (R-MINE-1 … R-MINE-4): positions and checks.

Three boards: the rulebook's example E3 as a guided walk-through, the puzzle "fill this order in
6 steps", and a free board for the question "what is the most cubes you can place on your
orders in 8 steps?" (checked by :func:`check_most_cubes`).
"""

from __future__ import annotations

from typing import Any

from gluckauf.core.actions import Fill, Load, Stop, Store, any_cart, parse_action
from gluckauf.core.builder import PositionBuilder
from gluckauf.core.components import GREY, ORDER_BY_CODE
from gluckauf.core.state import MINE, GameState
from gluckauf.text.words import describe_action

from . import Feedback, Goal, Puzzle, check_number, not_yet, right, wrong
from .exercises import exercise
from .phrases import TUTORIAL

GABOR, ZSOFI, PETER = 0, 1, 2

# The rulebook's example E3, step by step: the notation and what to click.
E3_STEPS = (
    "cage 3",
    "load G",
    "load G",
    "cage 1",
    "load Y",
    "cage 0",
    "fill W7GG:G cG",
    "fill W7GG:G cG",
)

TEXT = TUTORIAL.texts(
    "mining",
    {
        # E3 walk-through
        "e3_step.1": "click level 3 in your shaft (the grey level) to move the cage down there.",
        "e3_step.2": "click a highlighted grey cube at level 3 to load it into the cage.",
        "e3_step.3": "load the other grey cube at level 3 the same way.",
        "e3_step.4": "click level 1 in your shaft to move the cage up to the yellow level.",
        "e3_step.5": "click the yellow cube in the cart at level 1 to load it.",
        "e3_step.6": "click “surface” (level 0, at the top of your shaft) to bring the cage up.",
        "e3_step.7": "click a grey cube in the cage, then a grey slot of your 7-VP wheelbarrow "
        "order.",
        "e3_step.8": "do the same with the second grey cube.",
        "e3_start": "Step 1 of 8: {step}",
        "e3_next": "Well done, that was step {done} of 8 ({left} left). Step {next} of 8: {step}",
        "e3_off": "The example goes differently here: step {number} is to {step} You chose to "
        "{played} instead. Press Undo (or Start again) and follow the example.",
        "e3_done": "That is the rulebook's example E3: 8 steps, and both grey slots of the 7-VP "
        "wheelbarrow order are filled. The steps are used up, so the yellow cube stays in the "
        "cage for a later mining turn, and it is Zsófi's turn (R-MINE-1).",
        # the 6-step puzzle
        "six_progress": "{filled} of 2 black slots of your 9-VP carriage order filled; {steps} "
        "left.",
        "six_done": "Solved! The only black cube in your mine went onto one slot, and the yellow "
        "cube from the cage and the brown one from storage filled the other slot together "
        "(2 steps, R-MINE-3).",
        "six_yellow_used": "The 9-VP carriage order is not complete. You put the yellow cube on "
        "the 2-VP wheelbarrow order — a fine order, but that yellow cube was one of the two you "
        "needed for the second black slot (R-MINE-3). Press Start again.",
        "six_stored": "The 9-VP carriage order is not complete. Moving the yellow cube into "
        "storage cost a step and won you nothing: a storage cube and a cage cube can fill a slot "
        "together just as well. Press Start again.",
        "six_grey": "The 9-VP carriage order is not complete. The trip to the grey level cost too "
        "many steps: one more cube from the mine costs a move, a load and a fill. Which two cubes "
        "did you already have without any trip? Press Start again.",
        "six_stopped": "You stopped with {steps} left, and the 9-VP carriage order is not "
        "complete yet. Press Start again.",
        "six_other": "The 9-VP carriage order is not complete. Your mine has only one black cube "
        "left, so the second black slot needs two cubes of any colours (2 steps, R-MINE-3). Which "
        "two cubes do you already have? Press Start again.",
        # the 8-step board and question
        "most_progress": "You have placed {placed} on your orders so far; {steps} left.",
        "most_over": "Mining is over: you placed {placed} on your orders in 8 steps. Could you "
        "place more? Press Start again to try, then write your answer in the next cell.",
        "most_explain": "Load the last black cube while the cage is still at level 4 (1 step) "
        "and go up to the surface (1 step). Then place the three black cubes and the yellow one "
        "(4 steps): 6 steps, 4 cubes. The 2 steps left cannot fetch another cube: that would "
        "take a move down, a load, a move up and a fill.",
        "most_8": "Not every step places a cube: the cage has to come up to the surface, and "
        "loading a cube costs a step too (R-MINE-2).",
        "most_3": "3 is what you already hold (two black cubes in the cage and a yellow one in "
        "storage). You have steps to spare: what could you pick up at level 4 before going up?",
        "most_5": "5 is one too many: count the steps. A cube from another level costs a move "
        "there, a load, a move up and a fill.",
        "cubes.one": "1 cube",
        "cubes.many": "{n} cubes",
        "steps.one": "1 step",
        "steps.many": "{n} steps",
    },
)


def _count(n: int, word: str) -> str:
    return TEXT[f"{word}.one"] if n == 1 else TEXT.say(f"{word}.many", n=n)


def _slots_filled(state: GameState, player: int, code: str) -> int:
    """How many slots of the player's outstanding order ``code`` hold cubes (0 if gone)."""
    card = ORDER_BY_CODE[code].index
    for held, slots in state.outstanding[player]:
        if held == card:
            return sum(1 for cubes in slots if cubes)
    return 0


def _mining(state: GameState, player: int) -> bool:
    return state.phase == MINE and state.current == player


def _mining_turn(history: list[Any], steps: int) -> tuple[list[Any], int]:
    """The actions of a mining turn that starts a history with ``steps`` work steps (up to
    the step that used the last one, or a Stop), and the steps left when it ended."""
    turn = []
    for action in history:
        turn.append(action)
        if isinstance(action, Stop):
            break
        steps -= action.steps if isinstance(action, Fill) else 1
        if steps <= 0:
            break
    return turn, steps


# --- E3: the guided walk-through ----------------------------------------------------------
class Walkthrough(Puzzle):
    """A puzzle whose feedback says the next step from the very start.

    Its goal judges the order of the moves (``steps``, by notation), which the game fields do
    not show, while the coach tells positions apart by their fields: a search over every move
    found the same position by another order first (e.g. yellow before grey), set the example's
    own way aside as seen, and called the start a dead end. So the coach searches the example's
    way only: a position is in scope while its moves are the example's first ones (whichever
    cart a cube came from), and any other move is a dead end one Undo away."""

    def __init__(
        self, state: GameState, goal: Goal, steps: tuple[str, ...], **options: Any
    ) -> None:
        since = len(state.history)
        expected = [parse_action(step) for step in steps]

        def on_the_way(position: GameState) -> bool:
            played = [any_cart(action) for action in position.history[since:]]
            return played == expected[: len(played)]

        super().__init__(state, goal, scope=on_the_way, **options)

    def check(self) -> Feedback:
        return self.goal(self.session.state)


def e3_position() -> GameState:
    """E3: Gábor stands on Mining 8 with the cage at the surface. Level 3 holds two grey
    cubes (the printed cart and a G1L tile), level 1 one yellow; his order W7GG wants two grey
    cubes."""
    return (
        PositionBuilder(players=3, seed=1)
        .tiles(GABOR, "G1L")
        .orders(GABOR, "W7GG")
        .on_space("M8", GABOR, 1)
        .mining(GABOR, steps=8)
        .build()
    )


def e3_walkthrough() -> Walkthrough:
    return Walkthrough(e3_position(), _e3_goal, E3_STEPS, view="mine")


def _e3_goal(state: GameState) -> Feedback:
    played = state.history
    expected = [parse_action(step) for step in E3_STEPS]
    for number, (done, want) in enumerate(zip(played, expected, strict=False), start=1):
        if any_cart(done) != want:  # whichever grey cube was clicked (R-MINE-2: any cart will do)
            before = e3_position()
            for step in expected[: number - 1]:
                before.apply(step)
            return Feedback(
                False,
                TEXT.say(
                    "e3_off",
                    number=number,
                    step=TEXT[f"e3_step.{number}"],
                    played=describe_action(done, before),
                ),
            )
    done = len(played)
    if done == 0:
        return not_yet(TEXT.say("e3_start", step=TEXT["e3_step.1"]))
    if done >= len(E3_STEPS):
        return right(TEXT["e3_done"])
    return not_yet(
        TEXT.say(
            "e3_next",
            done=done,
            left=_count(8 - done, "steps"),
            next=done + 1,
            step=TEXT[f"e3_step.{done + 1}"],
        )
    )


# --- puzzle: fill this order in 6 steps ---------------------------------------------------
def six_steps_position() -> GameState:
    """Gábor on Mining 6, the cage at the surface holding a yellow cube, a brown cube in
    storage. Orders C9KK and W2Y. The mine has one black cube left (the K1D tile cart is
    empty) and plenty of grey."""
    return (
        PositionBuilder(players=3, seed=5)
        .tiles(GABOR, "G2L", "K1D")
        .empty_carts(GABOR, 4, 1)
        .cage(GABOR, level=0, cubes="Y")
        .storage(GABOR, "B")
        .orders(GABOR, "C9KK", "W2Y")
        .on_space("M6", GABOR, 1)
        .mining(GABOR, steps=6)
        .build()
    )


@exercise
def six_steps_puzzle() -> Puzzle:
    """Goal: complete C9KK with the 6 steps."""
    return Puzzle(six_steps_position(), _six_goal, view="mine")


def _six_goal(state: GameState) -> Feedback:
    filled = _slots_filled(state, GABOR, "C9KK")
    if filled == 2:
        return right(TEXT["six_done"])
    if _mining(state, GABOR):
        return not_yet(
            TEXT.say("six_progress", filled=filled, steps=_count(state.steps_left, "steps"))
        )
    mined, steps_left = _mining_turn(state.history, 6)
    if _slots_filled(state, GABOR, "W2Y"):
        return wrong(TEXT["six_yellow_used"])
    if any(isinstance(action, Store) for action in mined):
        return wrong(TEXT["six_stored"])
    if Load(GREY) in map(any_cart, mined):
        return wrong(TEXT["six_grey"])
    if mined and isinstance(mined[-1], Stop):
        return wrong(TEXT.say("six_stopped", steps=_count(steps_left, "steps")))
    return wrong(TEXT["six_other"])


# --- question: the most cubes in 8 steps --------------------------------------------------
def most_cubes_position() -> GameState:
    """Gábor on Mining 8. Last time his steps ran out at level 4: the cage is still there with
    two black cubes. Storage: one yellow cube. Level 4 has one black cube left, level 3 two
    grey. Orders C9KK, R3YY, W4G (none filled)."""
    return (
        PositionBuilder(players=3, seed=4)
        .tiles(GABOR, "G1L", "K1D")
        .empty_carts(GABOR, 4, 1)
        .cage(GABOR, level=4, cubes="KK")
        .storage(GABOR, "Y")
        .orders(GABOR, "C9KK", "R3YY", "W4G")
        .on_space("M8", GABOR, 1)
        .mining(GABOR, steps=8)
        .build()
    )


MOST_CUBES = 4  # checked by brute force in tests/test_tutorial_mining.py


def most_cubes_board() -> Puzzle:
    """A free board to try it out: the feedback counts the cubes placed, never judges."""
    return Puzzle(most_cubes_position(), _most_goal, view="mine", coach=False)


def _most_goal(state: GameState) -> Feedback:
    placed = _count(sum(state.cubes_on_orders(GABOR)), "cubes")
    if _mining(state, GABOR):
        return not_yet(
            TEXT.say("most_progress", placed=placed, steps=_count(state.steps_left, "steps"))
        )
    return not_yet(TEXT.say("most_over", placed=placed))


def check_most_cubes(answer: Any) -> Feedback:
    """What is the most cubes Gábor can place on his orders with these 8 steps?"""
    return check_number(
        answer,
        MOST_CUBES,
        explain=TEXT["most_explain"],
        common={8: TEXT["most_8"], 3: TEXT["most_3"], 5: TEXT["most_5"]},
    )


@exercise
def most_cubes_question() -> Any:
    """The exercise: a number box for :func:`check_most_cubes`."""
    from .ask import TEXT as ASK
    from .ask import ask_number

    return ask_number(check_most_cubes, unit=ASK["unit_cubes"])
