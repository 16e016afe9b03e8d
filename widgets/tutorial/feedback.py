"""A lesson's answer checked: :class:`Feedback` (right, not yet right, or no answer yet, and
why) and a puzzle's :data:`Goal` (a state's feedback). Below the coach and every lesson module,
which :mod:`widgets.tutorial` gathers.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass

from gluckauf.core.state import GameState

from .phrases import say


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
        colour = {True: "#24804a", False: "#d1453b", None: "#8a8276"}[self.ok]
        return (
            f"<div style='border-left:4px solid {colour};padding:4px 8px'>"
            f"<b>{self.symbol}</b> {html.escape(self.message)}</div>"
        )

    def __repr__(self) -> str:  # nbval compares the text form: keep it the sentence
        return str(self)


def right(message: str) -> Feedback:
    return Feedback(True, message)


def wrong(message: str) -> Feedback:
    return Feedback(False, message)


def not_yet(message: str | None = None) -> Feedback:
    return Feedback(None, message or say("not_answered"))


Goal = Callable[[GameState], Feedback]

__all__ = ["Feedback", "Goal", "not_yet", "right", "wrong"]
