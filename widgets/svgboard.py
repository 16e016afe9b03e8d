"""The board's SVG surface: its layers as SVG text in an anywidget, for where ipycanvas cannot
run. JupyterLite's Pyodide kernel has no numpy offline, and ipycanvas needs numpy and Pillow;
the SVG comes from the same display list as the canvas (:func:`widgets.painter.to_svg`), and
``svgboard.js`` only shows it and reports the mouse in board pixels.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as w
from traitlets import Int, List, Unicode

from .keyboard import KEYS
from .painter import Painter, to_svg

Point = Callable[[float, float], Any]

_EVENTS = ("down", "move", "out")


class SvgBoard(anywidget.AnyWidget):
    """Stacked SVG layers, ``width`` × ``height`` board pixels, drawn as wide as the cell (at
    most ``width`` CSS pixels); mouse events come back in board pixels."""

    _esm = Path(__file__).with_name("svgboard.js")
    width = Int(840).tag(sync=True)
    height = Int(600).tag(sync=True)
    layers = List(Unicode(), default_value=["", "", ""]).tag(sync=True)
    board_keys = List(Unicode(), default_value=list(KEYS)).tag(sync=True)  # the board's keys


class SvgSurface:
    """The board's drawing surface on :class:`SvgBoard`: same calls as
    :class:`widgets.canvas.CanvasSurface`."""

    def __init__(self, width: float, height: float, layers: int = 3) -> None:
        self.widget = SvgBoard(
            width=round(width),
            height=round(height),
            layers=[""] * layers,
            layout=w.Layout(width="100%"),
        )
        self._handlers: dict[str, list[Callable[..., Any]]] = {}
        self._batch: list[str] | None = None
        self.widget.on_msg(self._on_msg)

    def resize(self, height: float) -> bool:
        """Make the board ``height`` pixels tall; True if that changed it."""
        if self.widget.height == round(height):
            return False
        self.widget.height = round(height)
        return True

    @contextlib.contextmanager
    def batch(self) -> Iterator[None]:
        """Layers painted inside go to the browser together, in one message."""
        self._batch = list(self.widget.layers)
        try:
            yield
            self.widget.layers = self._batch
        finally:
            self._batch = None

    def paint(self, layer: int, painter: Painter) -> None:
        svg = to_svg(painter, self.widget.width, self.widget.height, responsive=True)
        if self._batch is not None:
            self._batch[layer] = svg
        else:
            layers = list(self.widget.layers)
            layers[layer] = svg
            self.widget.layers = layers

    def on_mouse_down(self, callback: Point) -> None:
        self._handlers.setdefault("down", []).append(callback)

    def on_mouse_move(self, callback: Point) -> None:
        self._handlers.setdefault("move", []).append(callback)

    def on_mouse_out(self, callback: Point) -> None:
        self._handlers.setdefault("out", []).append(callback)

    def on_client_ready(self, callback: Callable[[], Any]) -> None:
        self._handlers.setdefault("ready", []).append(callback)

    def on_key_down(self, callback: Callable[[str], Any]) -> None:
        self._handlers.setdefault("key", []).append(callback)

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        event = content.get("event")
        if event == "ready":
            for callback in self._handlers.get("ready", []):
                callback()
            return
        if event == "key":
            key = content.get("key")
            if isinstance(key, str) and len(key) <= 20:  # a key name, as svgboard.js sends
                for callback in self._handlers.get("key", []):
                    callback(key)
            return
        if event not in _EVENTS:
            return
        try:
            x, y = float(content["x"]), float(content["y"])
        except (KeyError, TypeError, ValueError):
            return  # not a message svgboard.js sends
        for callback in self._handlers.get(event, []):
            callback(x, y)


__all__ = ["SvgBoard", "SvgSurface"]
