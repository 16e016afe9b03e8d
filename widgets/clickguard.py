"""The first click on the board's ipycanvas picture plays what is under the mouse (issue 24, 4).

ipycanvas's view focuses its canvas on every mouse down (``this.el.focus()``, for its key
events) and only then measures the mouse against the canvas's box. A canvas that is not yet
focused and not wholly in view (a board taller than JupyterLab's notebook panel, after a
button, another cell or a link had the focus) is scrolled into view by that focus call: the
notebook jumps between mouse down and mouse up, the point is measured on the moved canvas, and
another space than the hovered one is clicked ("There is nothing to click there.", or a
different move). ``clickguard.js`` makes the focus calls during a mouse down on a guarded
element not scroll (``preventScroll``); the canvas still takes the keyboard focus.

:func:`guard` marks a widget with :data:`CLASS` and returns the page's :class:`ClickGuard`,
a widget that need not be displayed: its code runs when a page creates its model (anywidget's
``initialize``) and watches mouse downs on the whole page, in the capture phase, before
ipycanvas's own listener. Displayed (e.g. as a part of the board), it shows nothing.
"""

from __future__ import annotations

from pathlib import Path

import anywidget
import ipywidgets as w
from traitlets import Unicode

CLASS = "gluckauf-clickguard"


class ClickGuard(anywidget.AnyWidget):
    """Mouse downs on elements with the class ``class_name`` do not scroll the page."""

    _esm = Path(__file__).with_name("clickguard.js")
    class_name = Unicode(CLASS).tag(sync=True)


_GUARD: ClickGuard | None = None


def guard(widget: w.DOMWidget) -> ClickGuard:
    """Guard ``widget``'s picture; returns the guard (made again if it was closed)."""
    global _GUARD
    widget.add_class(CLASS)
    if _GUARD is None or _GUARD.comm is None:  # closed (Widget.close_all, the widget fuzzers)
        _GUARD = ClickGuard(layout=w.Layout(display="none"))
    return _GUARD


__all__ = ["CLASS", "ClickGuard", "guard"]
