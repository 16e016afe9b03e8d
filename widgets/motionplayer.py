"""The page side of the board's motion (issue 27): :class:`MotionPlayer` plays what
:mod:`widgets.motion` planned, over the board's picture.

One player per board, never displayed: its code (``motionplayer.js``) runs when a page creates
its model (like :mod:`widgets.access`). A motion travels as a custom message, which a page
opened later never receives: a new view shows the board as it is, without replaying a motion.
The page plays nothing under ``prefers-reduced-motion``; a click or a key ends a motion at once.
"""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as w
from traitlets import Unicode


class MotionPlayer(anywidget.AnyWidget):
    """Plays motions over the picture(s) of the class ``surface`` (a board's own)."""

    _esm = Path(__file__).with_name("motionplayer.js")
    surface = Unicode("").tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(
            surface=f"gluckauf-motion-{uuid.uuid4().hex[:12]}",
            layout=w.Layout(display="none"),
            **kwargs,
        )
        self.sent = 0  # motions sent (the tests and benchmarks count them)
        self.sent_bytes = 0

    def play(self, motion: dict[str, Any]) -> None:
        """Send a motion (:func:`widgets.motion.message`) to every page showing the board."""
        self.sent += 1
        self.sent_bytes += len(motion["svg"]) + 60 * len(motion["animations"])
        self.send({"motion": motion})


__all__ = ["MotionPlayer"]
