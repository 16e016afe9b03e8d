"""Typed errors. Every refusal carries the rule IDs it rests on and a plain-English reason."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .messages import capital, say


@dataclass(frozen=True)
class Refusal:
    """Why an action is not legal: rule IDs (most specific first) and a keyed, translatable
    reason. ``str(refusal)`` is the learner-facing sentence."""

    rules: tuple[str, ...]
    key: str
    params: dict[str, Any] = field(default_factory=dict)

    @property
    def rule(self) -> str:
        return self.rules[0]

    @property
    def reason(self) -> str:
        """The sentence, with the cards, tiles and spaces it names in words."""
        from .words import params_in_words

        return capital(say(self.key, **params_in_words(self.params)))

    def __str__(self) -> str:
        return f"{self.reason} ({', '.join(self.rules)})"


class GameError(ValueError):
    """Base class of every error the engine raises on bad input."""


class IllegalActionError(GameError):
    """The action is not legal now. ``refusal`` says which rule and why; the state is unchanged."""

    def __init__(self, action: object, refusal: Refusal) -> None:
        self.action = action
        self.refusal = refusal
        super().__init__(f"{action}: {refusal}")

    @property
    def rule(self) -> str:
        return self.refusal.rule

    @property
    def reason(self) -> str:
        return self.refusal.reason


class NotationError(IllegalActionError):
    """The text is not an action in the notation (docs/notation.md, R-NOTATION-1)."""

    def __init__(self, text: str, detail: str) -> None:
        super().__init__(text, Refusal(("R-NOTATION-1",), "refuse.notation", {"text": text,
                                                                              "detail": detail}))


class FormatError(GameError):
    """A game record or position file is malformed; the message says where and why."""
