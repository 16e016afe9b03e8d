"""The tutorial's shared sentences (each lesson keeps its own in its module's TEXT table)."""

from __future__ import annotations

from typing import Any

from gluckauf.text.i18n import Domain

#: The lessons' catalogue (``widgets/locale``): this table (context ``tutorial.*``) and each
#: lesson module's ``TEXT`` (context ``<lesson>.*``, e.g. ``placing.bank_done``).
TUTORIAL = Domain("tutorial", "widgets")

EN = {
    "not_answered": "No answer yet: replace None with your answer and run the cell again.",
    "want_number": "Write the answer as a whole number without quotes, such as 3 — not {answer}.",
    "right_number": "Right! {explain}",
    "wrong_number": "Not quite: {answer} is {hint}. Look again at the rule and try once more.",
    "too_high": "too high",
    "too_low": "too low",
    "puzzle_untouched": "Not solved yet: make your moves on the board.",
    "reset": "Start again",
}


TEXTS = TUTORIAL.texts("tutorial", EN)


def say(key: str, **params: Any) -> str:
    """The lessons' shared sentence ``key`` in the current language, filled in."""
    return TEXTS.say(key, **params)
