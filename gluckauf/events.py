"""Events: what an action did, for widgets to animate and move logs to print."""

from __future__ import annotations

from typing import Any, NamedTuple


class Event(NamedTuple):
    """One thing that happened. ``kind`` names it (see ``event.*`` keys in messages),
    ``player`` is the seat it concerns (None for the board), ``data`` the details."""

    kind: str
    player: int | None
    data: dict[str, Any]

    def sentence(self, names: list[str] | None = None) -> str:
        """One friendly English sentence, e.g. "Zsófi placed 2 workers on $5."."""
        from .messages import describe_event

        return describe_event(self, names)
