"""A new view catches up: the state of every widget under a box is sent again.

A message the kernel sends while no page listens is lost. In Voilà a pre-heated kernel runs the
play app before anyone opens it, and a bot may move between the moment the page takes its
snapshot of the widgets and the moment it starts listening: the picture is redrawn when its view
is ready (``on_client_ready``), but a text whose value did not change since the kernel set it
sends nothing when set again — the page would keep saying "… is thinking" under a board where
the bot has moved. :func:`resend_states` sends every widget's whole state once more, so a view
that has just connected shows the kernel's present, whatever it missed. The board does so when
its view is ready and twice more a little later (``RESEND_AGAIN``): the page may still be making
the other widgets' models then, and it drops an update for a model it has not made yet.
"""

from __future__ import annotations

from collections.abc import Iterator

import ipywidgets as w


def widgets_under(root: w.Widget) -> Iterator[w.Widget]:
    """``root`` and every widget it holds (children, layouts, styles …), each once."""
    seen: set[int] = set()
    stack: list[w.Widget] = [root]
    while stack:
        widget = stack.pop()
        if id(widget) in seen:
            continue
        seen.add(id(widget))
        yield widget
        for name in widget.keys:
            value = getattr(widget, name, None)
            values = value if isinstance(value, (list, tuple)) else (value,)
            stack += [v for v in values if isinstance(v, w.Widget)]


def resend_states(root: w.Widget) -> int:
    """Send the whole state of every open widget under ``root`` again; how many were sent."""
    sent = 0
    for widget in widgets_under(root):
        if widget.comm is not None:
            widget.send_state()
            sent += 1
    return sent


__all__ = ["resend_states", "widgets_under"]
