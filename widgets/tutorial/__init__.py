"""Building blocks of the tutorial notebooks: kind, specific feedback for exercises, and
puzzle boards that check a goal after every move.

Each lesson has a module here (``widgets.tutorial.placing`` …) with its positions (built with
:class:`gluckauf.core.builder.PositionBuilder`, never hand-edited) and its checks. A check takes the
learner's answer and returns :class:`Feedback`; ``None`` means "not answered yet", so that
notebooks run top to bottom unattended (nbval) and the tests can call every check with a right
and a wrong answer.
"""

from __future__ import annotations

import html
from typing import Any

from gluckauf.core.actions import Action
from gluckauf.core.state import GameState
from gluckauf.text.messages import capital
from gluckauf.text.words import describe_action

from .. import labels
from ..geometry import PLAY
from ..session import FREE, GameSession
from .coach import Coach, Scope, default_scope
from .exercises import keep_answer
from .feedback import Feedback, Goal, not_yet, right, wrong
from .phrases import say


def whole_number(answer: Any) -> int | None:
    """``answer`` as a whole number if it is one however typed (3, 3.0, "3"), else None."""
    if isinstance(answer, bool):
        return None
    if isinstance(answer, str):
        answer = answer.strip()
        return int(answer) if answer.lstrip("+-").isdigit() else None
    if isinstance(answer, int):
        return answer
    if isinstance(answer, float) and answer.is_integer():
        return int(answer)
    return None


def check_number(
    answer: Any, expected: int, *, explain: str, common: dict[int, str] | None = None
) -> Feedback:
    """A whole-number answer: right, a known mistake (with its own advice), or wrong. Whole
    numbers typed naturally count too: ``3.0``, ``"3"``, ``" 3 "``."""
    if answer is None:
        return not_yet()
    number = whole_number(answer)
    if number is None:
        return wrong(say("want_number", answer=repr(answer)))
    answer = number
    if answer == expected:
        return right(say("right_number", explain=explain))
    if common and answer in common:
        return wrong(common[answer])
    hint = say("too_high") if answer > expected else say("too_low")
    return wrong(say("wrong_number", answer=answer, hint=hint))


class Puzzle:
    """A position and a goal checked against the live game after every move.

    ``Puzzle(state, goal).board()`` gives the widget in learner mode (undo, redo, start again,
    hint); ``check()`` reports at any time. The goal looks at the state (and its history)
    only — never at the widget. The puzzle's hint and its dead-end warning come from a
    :class:`~widgets.tutorial.coach.Coach` searching the engine's legal actions towards the
    goal within ``scope`` (default: the puzzle player's turn, or the draft). ``coach=False``
    for a free board with no single solution: no hint, no dead ends. ``same_length`` and
    ``final_wrong`` are what the puzzle knows about its goal that makes the coach's search
    short (:class:`~widgets.tutorial.coach.Coach`)."""

    def __init__(
        self,
        state: GameState,
        goal: Goal,
        *,
        seats: list[str] | None = None,
        view: str = PLAY,
        scope: Scope | None = None,
        coach: bool = True,
        same_length: bool = False,
        final_wrong: bool = False,
    ) -> None:
        self.start = state.copy()
        # the lesson's view of the board (widgets.geometry.VIEWS): "play" = what the decision
        # at hand needs, at a glance; "mine" = the mine at full size beside the step panel
        self.session = GameSession(
            state,
            seats=seats or ["human"] * state.players,
            view=view,
            undo=FREE,  # a lesson: free undo
            own_seat=state.current,
        )  # the learner's seat stays in view
        self.goal = goal
        self.coach = (
            Coach(
                goal,
                scope or default_scope(self.start),
                since=len(self.start.history),
                same_length=same_length,
                final_wrong=final_wrong,
            )
            if coach
            else None
        )

    exercise: str | None = None  # a lesson's puzzle: its name (widgets.tutorial.exercises)
    solved_kept = False  # its solution is in the learner's progress

    def check(self) -> Feedback:
        if not self.session.state.history[len(self.start.history) :]:
            return not_yet(say("puzzle_untouched"))
        return self.goal(self.session.state)

    def dead_end(self) -> str | None:
        """If the goal can no longer be reached from here: a sentence saying so and how many
        moves to take back (None if it can, or the coach cannot tell)."""
        state = self.session.state
        if self.coach is None or self.coach.reached(state):
            return None
        if not self.coach.shortest(state).dead_end:
            return None
        back = self.coach.undo_needed(state)
        if back is None:
            return labels.say("coach.dead_end_start")
        return labels.say("coach.dead_end", n=_moves(back))

    def hint(self) -> Action | None:
        """Say the next move of a way to the goal (the coach's search), and return it."""
        session, state = self.session, self.session.state
        if self.coach is None:
            session.hint()
            return None
        if self.coach.reached(state):
            session.say(labels.say("coach.reached"))
            return None
        advice = self.coach.advise(state)
        if advice.dead_end:
            session.say(self.dead_end() or labels.say("coach.dead_end_start"))
            return None
        if advice.action is None:
            session.say(labels.say("coach.unknown"))
            return None
        key = "coach.hint" if self.coach.is_shortest(state, advice) else "coach.hint_a_way"
        text = labels.say(
            key,
            n=_moves(int(advice.distance)),
            action=capital(describe_action(advice.action, state)),
        )
        session.say_move(text, advice.action)  # in words; its notation with Show codes
        return advice.action

    def play(self, *actions: Any) -> Feedback:
        """Play actions by notation (how the tests and a solution cell solve it)."""
        for action in actions:
            self.session.play(action)
        return self.check()

    def reset(self) -> None:
        """Back to the starting position."""
        self.session.restart()

    def _keep_solution(self) -> None:
        """The first time the goal is reached on the board: the moves that reached it go into
        the learner's progress (as the notation, for the teacher's view)."""
        if self.solved_kept:
            return
        feedback = self.check()
        if feedback.ok:
            played = self.session.state.history[len(self.start.history) :]
            moves = " · ".join(str(action) for action in played)
            self.solved_kept = keep_answer(self.exercise, feedback, moves)

    def feedback_html(self) -> str:
        """The goal's feedback, and a dead-end warning when the goal is out of reach."""
        text = self.check()._repr_html_()
        warning = self.dead_end()
        if warning is not None:
            text += (
                f"<div style='border-left:4px solid #d1453b;padding:4px 8px'>"
                f"<b>⚠</b> {html.escape(warning)}</div>"
            )
        return text

    def board(self, **options: Any) -> Any:
        """The live widget in learner mode, this puzzle's feedback above it after every move."""
        import ipywidgets as w

        from ..board import LEARNER, BoardWidget

        options.setdefault("controls", LEARNER)
        widget = BoardWidget(self.session, hint=self.hint, restart=self.reset, **options)
        feedback = w.HTML(self.feedback_html())

        def update(_change: Any) -> None:
            try:
                feedback.value = self.feedback_html()
                self._keep_solution()
            except Exception as error:  # never a traceback for the learner
                feedback.value = html.escape(
                    labels.say("msg.error", error=f"{type(error).__name__}: {error}")
                )

        self.session.observe(update, names="version")
        return w.VBox([feedback, widget])


LESSON_MODULES = (
    "start",
    "setup",
    "placing",
    "tunnels",
    "mining",
    "delivery",
    "orders",
    "shifts",
    "endgame",
    "beatgreedy",
)  # the lesson modules that have puzzles


def lesson_puzzles() -> list[tuple[str, Puzzle]]:
    """A fresh copy of every lesson's puzzle, named "mining.six_steps_puzzle": each function of
    a lesson module whose name ends in ``_puzzle`` or ``_board`` and that gives a Puzzle."""
    import importlib

    found = []
    for lesson in LESSON_MODULES:
        module = importlib.import_module(f"{__name__}.{lesson}")
        for name, function in sorted(vars(module).items()):
            if (
                name.endswith(("_puzzle", "_board"))
                and callable(function)
                and getattr(function, "__module__", None) == module.__name__
            ):
                puzzle = function()
                if isinstance(puzzle, Puzzle):
                    found.append((f"{lesson}.{name}", puzzle))
    return found


def _moves(n: int) -> str:
    return labels.say("coach.move.one" if n == 1 else "coach.move.many", n=n)


__all__ = [
    "Feedback",
    "Puzzle",
    "check_number",
    "lesson_puzzles",
    "not_yet",
    "right",
    "whole_number",
    "wrong",
]
