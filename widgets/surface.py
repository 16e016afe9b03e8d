"""Where the board is drawn: ipycanvas where it runs, SVG layers where it cannot.

Both surfaces take the same calls (:class:`Surface`) and report the mouse in board pixels, so
the board widget neither knows nor cares which one it has. ipycanvas needs numpy and Pillow,
which JupyterLite's Pyodide kernel cannot install offline (docs/architecture.md, "The kit in
the browser"); there the board is SVG (:mod:`widgets.svgboard`).
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any, Protocol

import ipywidgets as w

from .painter import Painter

CANVAS, SVG = "canvas", "svg"
KINDS = (CANVAS, SVG)


class Surface(Protocol):
    widget: w.DOMWidget

    def resize(self, height: float) -> bool: ...

    def batch(self) -> AbstractContextManager[None]: ...

    def paint(self, layer: int, painter: Painter) -> None: ...

    def on_mouse_down(self, callback: Callable[[float, float], Any]) -> None: ...

    def on_mouse_move(self, callback: Callable[[float, float], Any]) -> None: ...

    def on_mouse_out(self, callback: Callable[[float, float], Any]) -> None: ...

    def on_client_ready(self, callback: Callable[[], Any]) -> None: ...

    def on_key_down(self, callback: Callable[[str], Any]) -> None: ...


def default_kind() -> str:
    """ipycanvas if it can be imported here (it imports numpy and Pillow), else SVG."""
    try:
        import ipycanvas  # noqa: F401
    except ImportError:
        return SVG
    return CANVAS


def make_surface(width: float, height: float, layers: int, kind: str | None = None) -> Surface:
    """A surface of ``layers`` layers; ``kind`` "canvas" or "svg" (None: :func:`default_kind`)."""
    kind = default_kind() if kind is None else kind
    if kind == CANVAS:
        from .canvas import CanvasSurface

        return CanvasSurface(width, height, layers)
    if kind == SVG:
        from .svgboard import SvgSurface

        return SvgSurface(width, height, layers)
    raise ValueError(f"surface must be one of {', '.join(KINDS)}, not {kind!r}")


__all__ = ["CANVAS", "KINDS", "SVG", "Surface", "default_kind", "make_surface"]
