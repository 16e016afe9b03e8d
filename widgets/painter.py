"""A tiny painter interface: drawing code records shapes into a :class:`Painter`; backends turn
the recording into SVG text (:func:`to_svg`, pure) or ipycanvas calls (``widgets.canvas``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from typing import Any

from .metrics import FONT

Op = tuple[Any, ...]


@dataclass
class Painter:
    """Records drawing operations (a display list) in order."""

    ops: list[Op] = field(default_factory=list)

    def rect(self, x: float, y: float, w: float, h: float, *, fill: str | None = None,
             stroke: str | None = None, width: float = 1.0, radius: float = 0.0) -> None:
        self.ops.append(("rect", x, y, w, h, fill, stroke, width, radius))

    def circle(self, cx: float, cy: float, r: float, *, fill: str | None = None,
               stroke: str | None = None, width: float = 1.0) -> None:
        self.ops.append(("circle", cx, cy, r, fill, stroke, width))

    def line(self, x1: float, y1: float, x2: float, y2: float, *, stroke: str,
             width: float = 1.0) -> None:
        self.ops.append(("line", x1, y1, x2, y2, stroke, width))

    def polygon(self, points: list[tuple[float, float]], *, fill: str | None = None,
                stroke: str | None = None, width: float = 1.0) -> None:
        self.ops.append(("polygon", tuple(points), fill, stroke, width))

    def text(self, x: float, y: float, text: str, *, size: float = 12, fill: str = "#222",
             anchor: str = "start", bold: bool = False) -> None:
        """Text with its baseline's ``anchor`` ('start', 'middle' or 'end') at (x, y)."""
        self.ops.append(("text", x, y, text, size, fill, anchor, bold))




def _n(value: float) -> str:
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _paint(fill: str | None, stroke: str | None, width: float) -> str:
    attrs = f' fill="{fill or "none"}"'
    if stroke:
        attrs += f' stroke="{stroke}" stroke-width="{_n(width)}"'
    return attrs


def to_svg(painter: Painter, width: float, height: float, *, responsive: bool = False) -> str:
    """The recording as a standalone SVG document (deterministic for the same recording).
    ``responsive``: as wide as its container, at most its natural width (a notebook cell)."""
    size = (f'width="100%" style="max-width:{_n(width)}px;height:auto"' if responsive
            else f'width="{_n(width)}" height="{_n(height)}"')
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" {size} '
        f'viewBox="0 0 {_n(width)} {_n(height)}" font-family="{FONT}">'
    ]
    for op in painter.ops:
        kind = op[0]
        if kind == "rect":
            _, x, y, w, h, fill, stroke, lw, radius = op
            rounded = f' rx="{_n(radius)}"' if radius else ""
            out.append(f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}"'
                       f'{rounded}{_paint(fill, stroke, lw)}/>')
        elif kind == "circle":
            _, cx, cy, r, fill, stroke, lw = op
            out.append(f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(r)}"'
                       f'{_paint(fill, stroke, lw)}/>')
        elif kind == "line":
            _, x1, y1, x2, y2, stroke, lw = op
            out.append(f'<line x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}"'
                       f' stroke="{stroke}" stroke-width="{_n(lw)}"/>')
        elif kind == "polygon":
            _, points, fill, stroke, lw = op
            coords = " ".join(f"{_n(px)},{_n(py)}" for px, py in points)
            out.append(f'<polygon points="{coords}"{_paint(fill, stroke, lw)}/>')
        elif kind == "text":
            _, x, y, text, size, fill, anchor, bold = op
            weight = ' font-weight="bold"' if bold else ""
            out.append(f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}" fill="{fill}" '
                       f'text-anchor="{anchor}"{weight}>{escape(text)}</text>')
    out.append("</svg>")
    return "\n".join(out)
