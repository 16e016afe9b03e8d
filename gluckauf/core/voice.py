"""Where the engine's values get their words: the text layer's speakers, registered here.

The engine keeps its values as data — a refusal is rule IDs, a key and parameters; an event a
kind and details; a result numbers — and never imports the text layer above it. Each text
module registers, when it is imported, the function that words one kind of value (``register``);
``import gluckauf`` imports them all, and Python runs a package's ``__init__`` before any of its
modules, so ``str(refusal)``, ``event.sentence()`` and ``str(state)`` always find their words.

:class:`Amount` is a number of something (``Amount(3, "step")``) in a refusal's parameters: the
text layer says it ("3 steps") in the learner's language. :class:`Phrase` is a keyed sentence in
them (what is wrong with a mistyped action), worded the same way.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

_SPEAKERS: dict[str, Callable[..., str]] = {}


class Amount(NamedTuple):
    """A count of a unit (``"step"``, ``"mark"``, ``"order"`` …), worded by the text layer."""

    n: int
    unit: str


@dataclass(frozen=True)
class Phrase:
    """A sentence as data: the key of the text layer's English table and its parameters (which
    may hold Phrases and Amounts too). ``str()`` gives it in the current language."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        return speak("phrase", self)


def register(kind: str, speaker: Callable[..., str]) -> None:
    """Let ``speaker`` word every value of ``kind`` ("refusal", "event", "state", "result",
    "phrase")."""
    _SPEAKERS[kind] = speaker


def speak(kind: str, *args: Any, **kwargs: Any) -> str:
    """The words for a value of ``kind``, by the speaker the text layer registered."""
    try:
        speaker = _SPEAKERS[kind]
    except KeyError:
        raise RuntimeError(f"no words registered for {kind!r}: import gluckauf first") from None
    return speaker(*args, **kwargs)


__all__ = ["Amount", "Phrase", "register", "speak"]
