"""The ipycanvas backend: replays a :class:`~widgets.painter.Painter` recording on a canvas.

The caller wraps the whole redraw in ``hold_canvas()`` so that it travels as one message. Inside
it, plain draw commands are written straight into ipycanvas's command batch (the same
``[command, args, buffers]`` entries its own methods write, without their per-call overhead:
a board is ~3,000 commands); styles are sent only when they change, and runs of plain
rectangles of one colour go out as one vectorised ``fill_rects``. ipycanvas is pinned to 0.14.*
for these internals; without a batch (no ``hold_canvas``) the public methods are used.

:class:`CanvasSurface` is the board's drawing surface on a ``MultiCanvas``: layers, a batch,
mouse events in board pixels (the other surface is :mod:`widgets.svgboard`'s), and a mouse
down that does not scroll the page (ipycanvas focuses the canvas: :mod:`widgets.clickguard`).
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Callable, Iterator
from typing import Any

import ipycanvas.canvas as _ipycanvas_internals
import ipywidgets as w
from ipycanvas import MultiCanvas, hold_canvas
from ipycanvas.canvas import COMMANDS

from .clickguard import guard
from .painter import FONT, Op, Painter

_SET = COMMANDS["set"]
_ALIGN = {"start": "left", "middle": "center", "end": "right"}
SHARP = 3  # rects rounded by at most this are drawn square on the canvas (SVG keeps them)
VECTORISED = 6  # a run of this many plain rectangles of one colour goes as one fill_rects
# (its arrays cost more to make than a few fillRect commands)
_PUBLIC = {
    "fillRect": "fill_rect",
    "strokeRect": "stroke_rect",
    "fillCircle": "fill_circle",
    "strokeCircle": "stroke_circle",
    "strokeLine": "stroke_line",
    "fillText": "fill_text",
    "beginPath": "begin_path",
    "closePath": "close_path",
    "moveTo": "move_to",
    "arcTo": "arc_to",
    "lineTo": "line_to",
    "fill": "fill",
    "stroke": "stroke",
}


def _r(value: float) -> float:
    """Coordinates to a tenth of a pixel (4× finer than the backing store's grid at scale 2)
    keep the message short."""
    return round(value, 1)


class _Writer:
    """Draw commands and styles for one canvas, into ipycanvas's open batch when there is one."""

    def __init__(self, canvas: Any) -> None:
        self.canvas = canvas
        self.styles: dict[str, Any] = {}
        manager = getattr(canvas, "_canvas_manager", None)
        names = getattr(canvas, "ATTRS", {})
        batch = (
            manager is not None
            and getattr(manager, "_caching", False)
            and manager._current_canvas is canvas
        )
        self._append: Callable[[list], None] | None = (
            manager._commands_cache.append if batch else None
        )
        self._manager, self._names = manager, names

    def command(self, name: str, *args: Any) -> None:
        if self._append is not None:
            self._append([COMMANDS[name], list(args), 0])
        else:
            getattr(self.canvas, _PUBLIC[name])(*args)

    def style(self, name: str, value: Any) -> None:
        if self.styles.get(name) == value:
            return
        self.styles[name] = value
        if self._append is not None and name in self._names:
            self._append([_SET, [self._names[name], value]])
        elif self._manager is not None and name in self._names:
            self._manager.send_command(self.canvas, [_SET, [self._names[name], value]])
        else:
            setattr(self.canvas, name, value)


def _rounded(out: _Writer, x: float, y: float, w: float, h: float, r: float) -> None:
    r = min(r, w / 2, h / 2)
    out.command("beginPath")
    out.command("moveTo", _r(x + r), _r(y))
    out.command("arcTo", _r(x + w), _r(y), _r(x + w), _r(y + h), r)
    out.command("arcTo", _r(x + w), _r(y + h), _r(x), _r(y + h), r)
    out.command("arcTo", _r(x), _r(y + h), _r(x), _r(y), r)
    out.command("arcTo", _r(x), _r(y), _r(x + w), _r(y), r)
    out.command("closePath")


def _flush_rects(canvas: Any, out: _Writer, batch: list[Op]) -> None:
    if not batch:
        return
    out.style("fill_style", batch[0][5])
    if len(batch) < VECTORISED:
        for _, x, y, w, h, *_rest in batch:
            out.command("fillRect", _r(x), _r(y), _r(w), _r(h))
    else:
        canvas.fill_rects(
            [op[1] for op in batch],
            [op[2] for op in batch],
            [op[3] for op in batch],
            [op[4] for op in batch],
        )
    batch.clear()


def _stroke(out: _Writer, stroke: str, width: float) -> None:
    out.style("stroke_style", stroke)
    out.style("line_width", width)


def paint(canvas: Any, painter: Painter, *, scale: float = 1.0) -> None:
    """Clear ``canvas`` and draw the recording, scaled (2 for crisp high-DPI pictures)."""
    canvas.reset_transform()
    canvas.clear()
    canvas.set_transform(scale, 0, 0, scale, 0, 0)
    out = _Writer(canvas)
    batch: list[Op] = []
    for op in painter.ops:
        kind = op[0]
        if kind == "rect" and op[8] <= SHARP:
            op = (*op[:8], 0)  # a tiny rounding is not worth six path commands
        if kind == "rect" and op[6] is None and not op[8] and op[5]:
            if batch and batch[0][5] != op[5]:
                _flush_rects(canvas, out, batch)
            batch.append(op)
            continue
        _flush_rects(canvas, out, batch)
        if kind == "rect":
            _, x, y, w, h, fill, stroke, width, radius = op
            if radius:
                _rounded(out, x, y, w, h, radius)
                if fill:
                    out.style("fill_style", fill)
                    out.command("fill")
                if stroke:
                    _stroke(out, stroke, width)
                    out.command("stroke")
            else:
                if fill:
                    out.style("fill_style", fill)
                    out.command("fillRect", _r(x), _r(y), _r(w), _r(h))
                if stroke:
                    _stroke(out, stroke, width)
                    out.command("strokeRect", _r(x), _r(y), _r(w), _r(h))
        elif kind == "circle":
            _, cx, cy, r, fill, stroke, width = op
            if fill:
                out.style("fill_style", fill)
                out.command("fillCircle", _r(cx), _r(cy), _r(r))
            if stroke:
                _stroke(out, stroke, width)
                out.command("strokeCircle", _r(cx), _r(cy), _r(r))
        elif kind == "line":
            _, x1, y1, x2, y2, stroke, width = op
            _stroke(out, stroke, width)
            out.command("strokeLine", _r(x1), _r(y1), _r(x2), _r(y2))
        elif kind == "polygon":
            _, points, fill, stroke, width = op
            out.command("beginPath")
            out.command("moveTo", _r(points[0][0]), _r(points[0][1]))
            for px, py in points[1:]:
                out.command("lineTo", _r(px), _r(py))
            out.command("closePath")
            if fill:
                out.style("fill_style", fill)
                out.command("fill")
            if stroke:
                _stroke(out, stroke, width)
                out.command("stroke")
        elif kind == "text":
            _, x, y, text, size, fill, anchor, bold = op
            out.style("font", f"{'bold ' if bold else ''}{math.floor(size * 10) / 10}px {FONT}")
            out.style("text_align", _ALIGN[anchor])
            out.style("fill_style", fill)
            out.command("fillText", text, _r(x), _r(y))
    _flush_rects(canvas, out, batch)


SCALE = 2  # backing pixels per CSS pixel: crisp on high-DPI screens


class CanvasSurface:
    """The board on ``layers`` stacked canvases, ``width`` × ``height`` board pixels: drawn at
    its natural width (a notebook cell's), shrunk only on narrower screens, with a backing
    store SCALE times larger so it stays crisp on high-DPI screens. A click never scrolls the
    page before ipycanvas measures it (:mod:`widgets.clickguard`)."""

    def __init__(self, width: float, height: float, layers: int = 3) -> None:
        self.widget = MultiCanvas(
            layers,
            width=round(width * SCALE),
            height=round(height * SCALE),
            layout=w.Layout(width="100%", max_width=f"{round(width)}px", height="auto"),
        )
        self.guard = guard(self.widget)  # works undisplayed; shows nothing if displayed

    def resize(self, height: float) -> bool:
        """Make the board ``height`` pixels tall; True if that changed it (and cleared it)."""
        backing = round(height * SCALE)
        if self.widget.height == backing:
            return False
        self.widget.height = backing
        return True

    @contextlib.contextmanager
    def batch(self) -> Iterator[None]:
        """Layers painted inside go to the browser together, in one message."""
        with hold_canvas():
            yield

    def paint(self, layer: int, painter: Painter) -> None:
        paint(self.widget[layer], painter, scale=SCALE)

    def on_mouse_down(self, callback: Callable[[float, float], Any]) -> None:
        self.widget.on_mouse_down(lambda x, y: callback(x / SCALE, y / SCALE))

    def on_mouse_move(self, callback: Callable[[float, float], Any]) -> None:
        self.widget.on_mouse_move(lambda x, y: callback(x / SCALE, y / SCALE))

    def on_mouse_out(self, callback: Callable[[float, float], Any]) -> None:
        self.widget.on_mouse_out(lambda x, y: callback(x / SCALE, y / SCALE))

    def on_key_down(self, callback: Callable[[str], Any]) -> None:
        """A key pressed while the picture has the keyboard focus (the browser's key name)."""
        self.widget.on_key_down(lambda key, *_modifiers: callback(str(key)))

    def on_client_ready(self, callback: Callable[[], Any]) -> None:
        def ready() -> None:
            # A new view has a blank canvas while ipycanvas believes it is up to date: forget
            # the current canvas (private; ipycanvas is pinned to 0.14.*), then redraw.
            _ipycanvas_internals._CANVAS_MANAGER._current_canvas = None
            callback()

        self.widget.on_client_ready(ready)


__all__ = ["SCALE", "CanvasSurface", "paint"]
