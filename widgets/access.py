"""The board for keyboards and screen readers, page side (issue 26, 1-2).

:class:`Access` is a widget that need not be displayed: its code (``access.js``) runs when a
page creates its model, like :mod:`widgets.clickguard`. It makes the board's picture one stop
of the Tab key, named for screen readers (``label``, in the learner's language) as an
application, so that they pass the arrow keys to it; it keeps every key the board does not
answer (:data:`widgets.keyboard.KEYS`) away from ipycanvas, which would swallow Tab; and it
makes each element of class :data:`LIVE_CLASS` a polite live region, hidden from the eye, whose
every new text a screen reader says. What the board does with its keys and what the live
region says are the board's (:class:`widgets.board.BoardWidget`).
"""

from __future__ import annotations

from pathlib import Path

import anywidget
import ipywidgets as w
from traitlets import List, Unicode

from .keyboard import KEYS
from .labels import say

LIVE_CLASS = "gluckauf-live"


class Access(anywidget.AnyWidget):
    """The page side of keyboard and screen-reader play (see the module docstring)."""

    _esm = Path(__file__).with_name("access.js")
    label = Unicode("").tag(sync=True)  # the picture's name and how to play it by keyboard
    role_description = Unicode("").tag(sync=True)  # what the picture is ("game board")
    live_class = Unicode(LIVE_CLASS).tag(sync=True)
    board_keys = List(Unicode(), default_value=list(KEYS)).tag(sync=True)  # the board's keys

    def speak_language(self) -> None:
        """Name the picture in the current language."""
        self.label = say("access.board_label")
        self.role_description = say("access.board_role")


_ACCESS: Access | None = None


def access() -> Access:
    """The page's :class:`Access` (made again if it was closed), in the current language."""
    global _ACCESS
    if _ACCESS is None or _ACCESS.comm is None:  # closed (Widget.close_all, the widget fuzzers)
        _ACCESS = Access(layout=w.Layout(display="none"))
    _ACCESS.speak_language()
    return _ACCESS


__all__ = ["LIVE_CLASS", "Access", "access"]
