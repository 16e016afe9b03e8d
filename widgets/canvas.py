"""The ipycanvas backend: replays a :class:`~widgets.painter.Painter` recording on a canvas.

Style changes are sent only when they change, and runs of plain rectangles of one colour go
out as one vectorised ``fill_rects`` call; the caller wraps the whole redraw in
``hold_canvas()`` so it travels as a single message.
"""

from __future__ import annotations

import math
from typing import Any

from ipycanvas.canvas import COMMANDS

from .painter import FONT, Op, Painter

_SET = COMMANDS["set"]

_ALIGN = {"start": "left", "middle": "center", "end": "right"}


class _Pen:
    """Remembers the canvas's current style so that unchanged styles are not sent again.

    A style goes to the browser as ipycanvas's own "set" draw command, without the traitlets
    round trip of ``canvas.fill_style = …`` (ten times slower; ipycanvas is pinned to 0.14.*).
    """

    def __init__(self, canvas: Any) -> None:
        self.canvas = canvas
        self.values: dict[str, Any] = {}
        self.manager = getattr(canvas, "_canvas_manager", None)
        self.names = getattr(canvas, "ATTRS", {})

    def set(self, name: str, value: Any) -> None:
        if self.values.get(name) == value:
            return
        self.values[name] = value
        if self.manager is not None and name in self.names:
            self.manager.send_command(self.canvas, [_SET, [self.names[name], value]])
        else:
            setattr(self.canvas, name, value)


def _rounded(canvas: Any, x: float, y: float, w: float, h: float, r: float) -> None:
    r = min(r, w / 2, h / 2)
    canvas.begin_path()
    canvas.move_to(x + r, y)
    canvas.arc_to(x + w, y, x + w, y + h, r)
    canvas.arc_to(x + w, y + h, x, y + h, r)
    canvas.arc_to(x, y + h, x, y, r)
    canvas.arc_to(x, y, x + w, y, r)
    canvas.close_path()


def _flush_rects(canvas: Any, pen: _Pen, batch: list[Op]) -> None:
    if not batch:
        return
    pen.set("fill_style", batch[0][5])
    if len(batch) == 1:
        _, x, y, w, h, *_rest = batch[0]
        canvas.fill_rect(x, y, w, h)
    else:
        canvas.fill_rects([op[1] for op in batch], [op[2] for op in batch],
                          [op[3] for op in batch], [op[4] for op in batch])
    batch.clear()


def paint(canvas: Any, painter: Painter, *, scale: float = 1.0) -> None:
    """Clear ``canvas`` and draw the recording, scaled (2 for crisp high-DPI pictures)."""
    canvas.reset_transform()
    canvas.clear()
    canvas.set_transform(scale, 0, 0, scale, 0, 0)
    pen = _Pen(canvas)
    batch: list[Op] = []
    for op in painter.ops:
        kind = op[0]
        if kind == "rect" and op[6] is None and not op[8] and op[5]:
            if batch and batch[0][5] != op[5]:
                _flush_rects(canvas, pen, batch)
            batch.append(op)
            continue
        _flush_rects(canvas, pen, batch)
        if kind == "rect":
            _, x, y, w, h, fill, stroke, width, radius = op
            if radius:
                _rounded(canvas, x, y, w, h, radius)
                if fill:
                    pen.set("fill_style", fill)
                    canvas.fill()
                if stroke:
                    pen.set("stroke_style", stroke)
                    pen.set("line_width", width)
                    canvas.stroke()
            else:
                if fill:
                    pen.set("fill_style", fill)
                    canvas.fill_rect(x, y, w, h)
                if stroke:
                    pen.set("stroke_style", stroke)
                    pen.set("line_width", width)
                    canvas.stroke_rect(x, y, w, h)
        elif kind == "circle":
            _, cx, cy, r, fill, stroke, width = op
            if fill:
                pen.set("fill_style", fill)
                canvas.fill_circle(cx, cy, r)
            if stroke:
                pen.set("stroke_style", stroke)
                pen.set("line_width", width)
                canvas.stroke_circle(cx, cy, r)
        elif kind == "line":
            _, x1, y1, x2, y2, stroke, width = op
            pen.set("stroke_style", stroke)
            pen.set("line_width", width)
            canvas.stroke_line(x1, y1, x2, y2)
        elif kind == "polygon":
            _, points, fill, stroke, width = op
            if fill:
                pen.set("fill_style", fill)
                canvas.fill_polygon(list(points))
            if stroke:
                pen.set("stroke_style", stroke)
                pen.set("line_width", width)
                canvas.stroke_polygon(list(points))
        elif kind == "text":
            _, x, y, text, size, fill, anchor, bold = op
            pen.set("font", f"{'bold ' if bold else ''}{math.floor(size * 10) / 10}px {FONT}")
            pen.set("text_align", _ALIGN[anchor])
            pen.set("fill_style", fill)
            canvas.fill_text(text, x, y)
    _flush_rects(canvas, pen, batch)
