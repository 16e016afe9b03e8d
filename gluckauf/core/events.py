"""Events: what an action did, for widgets to animate and move logs to print."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, NamedTuple

from .voice import speak


class Event(NamedTuple):
    """One thing that happened. ``kind`` names it (see ``event.*`` keys in messages),
    ``player`` is the seat it concerns (None for the board), ``data`` the details."""

    kind: str
    player: int | None
    data: dict[str, Any]

    def sentence(self, names: list[str] | None = None) -> str:
        """One friendly English sentence, e.g. "Zsófi placed 2 workers on the 5-Mark money
        space."."""
        return speak("event", self, names)


# ``new_event((kind, player, data))`` is ``Event(kind, player, data)`` without the Python-level
# ``__new__`` that NamedTuple generates: the rules make about two events per action, and this
# C-level constructor takes a third off the cost of each.
new_event: Callable[[tuple[str, int | None, dict[str, Any]]], Event] = partial(tuple.__new__, Event)
