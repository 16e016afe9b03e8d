"""Typed errors. Every refusal carries the rule IDs it rests on and a plain-English reason."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .voice import Phrase, speak


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
        """The sentence, with the cards, tiles and spaces it names in words (the text layer's:
        :func:`gluckauf.text.words.refusal_in_words`)."""
        return speak("refusal", self)

    def __str__(self) -> str:
        return f"{self.reason} ({', '.join(self.rules)})"


class GameError(ValueError):
    """Base class of every error the engine raises on bad input."""


class IllegalActionError(GameError):
    """The action is not legal now. ``refusal`` says which rule and why; the state is unchanged.

    ``rule`` (also ``rule_id``) is the most specific rule ID, ``rules`` all of them, ``reason``
    the plain-English sentence."""

    def __init__(self, action: object, refusal: Refusal) -> None:
        self.action = action
        self.refusal = refusal
        try:
            shown = str(action)
        except Exception:  # a value that cannot even print itself: say what it is
            try:
                shown = repr(action)
            except Exception:
                shown = f"a {type(action).__name__}"
        super().__init__(f"{shown}: {refusal}")

    @property
    def rule(self) -> str:
        return self.refusal.rule

    @property
    def rule_id(self) -> str:
        return self.refusal.rule

    @property
    def rules(self) -> tuple[str, ...]:
        return self.refusal.rules

    @property
    def reason(self) -> str:
        return self.refusal.reason


class NotationError(IllegalActionError):
    """The text is not an action in the notation (docs/notation.md, R-NOTATION-1). ``phrase``
    says what is wrong with it, as data; ``detail`` in words."""

    def __init__(self, text: str, phrase: Phrase) -> None:
        self.phrase = phrase
        super().__init__(
            text, Refusal(("R-NOTATION-1",), "refuse.notation", {"text": text, "detail": phrase})
        )

    @property
    def detail(self) -> str:
        """What is wrong, in the current language."""
        return str(self.phrase)


class ActionValueError(NotationError):
    """An action value built (in Python, not from the notation) with a field no action can
    have — a colour that is not 0–3, a level that is not 0–4, an unknown space, order or tile
    code, a wrong type (R-NOTATION-1). Raised by the action's constructor, so such a value
    never exists; ``field`` and ``value`` name the offending field. Whether a well-formed
    action is legal *now* is the state's question (``why_not``/``apply``)."""

    def __init__(self, kind: str, fields: dict[str, Any], field: str, phrase: Phrase) -> None:
        shown = ", ".join(f"{name}={value!r}" for name, value in fields.items())
        value = f"{kind}({shown})"
        if len(value) > 80:
            value = value[:77] + "..."
        self.phrase, self.field, self.value = phrase, field, fields.get(field)
        self.action = value
        self.refusal = Refusal(
            ("R-NOTATION-1",), "refuse.bad_value", {"value": value, "detail": phrase}
        )
        GameError.__init__(self, str(self.refusal))  # the sentence names the value already


class PhrasedError(ValueError):
    """Bad input (a file, a bot's name, a line-up, a hub link) whose message is a keyed phrase
    — data, worded in the current language whenever it is shown."""

    def __init__(self, phrase: Phrase) -> None:
        super().__init__(phrase)
        self.phrase = phrase

    def __str__(self) -> str:
        return str(self.phrase)


class FormatError(GameError, PhrasedError):
    """A game record or position file is malformed (or cannot be read). ``phrase`` says where
    and why, as data (``file.*`` keys, ``problem.*`` for a position the rules could not
    present); ``str()`` words it in the current language. A plain ``str`` is taken as words
    already said (by a layer with a table of its own)."""

    def __init__(self, phrase: Phrase | str) -> None:
        if not isinstance(phrase, Phrase):
            phrase = Phrase("file.said", {"text": phrase})
        super().__init__(phrase)

    def within(self, where: object) -> FormatError:
        """The same problem, said of ``where`` (a file name, a field): ``where: what``."""
        return FormatError(Phrase("file.within", {"where": str(where), "detail": self.phrase}))
