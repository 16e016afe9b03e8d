"""Building blocks of the tutorial notebooks: kind, specific feedback for exercises, and
puzzle boards that check a goal after every move.

Each lesson has a module here (``widgets.tutorial.placing`` …) with its positions (built with
:class:`gluckauf.builder.PositionBuilder`, never hand-edited) and its checks. A check takes the
learner's answer and returns :class:`Feedback`; ``None`` means "not answered yet", so that
notebooks run top to bottom unattended (nbval) and the tests can call every check with a right
and a wrong answer.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gluckauf.state import GameState

from ..session import GameSession
from .texts import say


@dataclass(frozen=True)
class Feedback:
    """The result of a check: ``ok`` is True (right), False (not yet right) or None (no
    answer yet); ``message`` says why, kindly and specifically."""

    ok: bool | None
    message: str

    @property
    def symbol(self) -> str:
        return {True: "✔", False: "✘", None: "…"}[self.ok]

    def __str__(self) -> str:
        return f"{self.symbol} {self.message}"

    def _repr_html_(self) -> str:
        colour = {True: "#2f9e5b", False: "#d1453b", None: "#8a8276"}[self.ok]
        return (f"<div style='border-left:4px solid {colour};padding:4px 8px'>"
                f"<b>{self.symbol}</b> {html.escape(self.message)}</div>")

    def __repr__(self) -> str:  # nbval compares the text form: keep it the sentence
        return str(self)


def right(message: str) -> Feedback:
    return Feedback(True, message)


def wrong(message: str) -> Feedback:
    return Feedback(False, message)


def not_yet(message: str | None = None) -> Feedback:
    return Feedback(None, message or say("not_answered"))


def check_number(answer: Any, expected: int, *, explain: str,
                 common: dict[int, str] | None = None) -> Feedback:
    """A whole-number answer: right, a known mistake (with its own advice), or wrong."""
    if answer is None:
        return not_yet()
    if isinstance(answer, bool) or not isinstance(answer, int):
        return wrong(say("want_number", answer=repr(answer)))
    if answer == expected:
        return right(say("right_number", explain=explain))
    if common and answer in common:
        return wrong(common[answer])
    hint = say("too_high") if answer > expected else say("too_low")
    return wrong(say("wrong_number", answer=answer, hint=hint))


Goal = Callable[[GameState], Feedback]


class Puzzle:
    """A position and a goal checked against the live game after every move.

    ``Puzzle(state, goal).board()`` gives the widget; ``check()`` reports at any time. The goal
    looks at the state (and its history) only — never at the widget."""

    def __init__(self, state: GameState, goal: Goal, *, seats: list[str] | None = None,
                 view: str = "turn") -> None:
        self.start = state.copy()
        # the lesson's view of the board (widgets.geometry.VIEWS): "turn" = the shared board
        # and the player's own mine; "mine" = the mine at full size beside the step panel
        self.session = GameSession(state, seats=seats or ["human"] * state.players, view=view)
        self.goal = goal

    def check(self) -> Feedback:
        if not self.session.state.history[len(self.start.history):]:
            return not_yet(say("puzzle_untouched"))
        return self.goal(self.session.state)

    def play(self, *actions: Any) -> Feedback:
        """Play actions by notation (how the tests and a solution cell solve it)."""
        for action in actions:
            self.session.play(action)
        return self.check()

    def reset(self) -> None:
        """Back to the starting position."""
        self.session._start(self.start.copy(), self.session.seats, 0)

    def board(self, **options: Any) -> Any:
        """The live widget, with this puzzle's feedback under it after every move."""
        import ipywidgets as w

        from ..board import BoardWidget

        widget = BoardWidget(self.session, **options)
        feedback = w.HTML(self.check()._repr_html_())

        def update(_change: Any) -> None:
            feedback.value = self.check()._repr_html_()

        self.session.observe(update, names="version")
        reset = w.Button(description=say("reset"))
        reset.on_click(lambda _b: self.reset())
        return w.VBox([feedback, reset, widget])


__all__ = ["Feedback", "Puzzle", "check_number", "not_yet", "right", "wrong"]
