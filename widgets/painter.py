"""A tiny painter interface: drawing code records shapes into a :class:`Painter`; backends turn
the recording into SVG text (:func:`to_svg`, pure) or ipycanvas calls (``widgets.canvas``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from typing import Any

from .metrics import ASCENT, DESCENT, FONT, text_width

Op = tuple[Any, ...]


@dataclass
class Painter:
    """Records drawing operations (a display list) in order."""

    ops: list[Op] = field(default_factory=list)

    def rect(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        *,
        fill: str | None = None,
        stroke: str | None = None,
        width: float = 1.0,
        radius: float = 0.0,
    ) -> None:
        self.ops.append(("rect", x, y, w, h, fill, stroke, width, radius))

    def circle(
        self,
        cx: float,
        cy: float,
        r: float,
        *,
        fill: str | None = None,
        stroke: str | None = None,
        width: float = 1.0,
    ) -> None:
        self.ops.append(("circle", cx, cy, r, fill, stroke, width))

    def line(
        self, x1: float, y1: float, x2: float, y2: float, *, stroke: str, width: float = 1.0
    ) -> None:
        self.ops.append(("line", x1, y1, x2, y2, stroke, width))

    def polygon(
        self,
        points: list[tuple[float, float]],
        *,
        fill: str | None = None,
        stroke: str | None = None,
        width: float = 1.0,
    ) -> None:
        self.ops.append(("polygon", tuple(points), fill, stroke, width))

    def text(
        self,
        x: float,
        y: float,
        text: str,
        *,
        size: float = 12,
        fill: str = "#222",
        anchor: str = "start",
        bold: bool = False,
    ) -> None:
        """Text with its baseline's ``anchor`` ('start', 'middle' or 'end') at (x, y)."""
        self.ops.append(("text", x, y, text, size, fill, anchor, bold))


def _num(value: float) -> str:
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _paint(fill: str | None, stroke: str | None, width: float) -> str:
    attrs = f' fill="{fill or "none"}"'
    if stroke:
        attrs += f' stroke="{stroke}" stroke-width="{_num(width)}"'
    return attrs


def svg_elements(ops: list[Op]) -> list[str]:
    """The SVG elements of a recording's operations, in order (no document around them)."""
    out = []
    for op in ops:
        kind = op[0]
        if kind == "rect":
            _, x, y, w, h, fill, stroke, lw, radius = op
            rounded = f' rx="{_num(radius)}"' if radius else ""
            out.append(
                f'<rect x="{_num(x)}" y="{_num(y)}" width="{_num(w)}" height="{_num(h)}"'
                f"{rounded}{_paint(fill, stroke, lw)}/>"
            )
        elif kind == "circle":
            _, cx, cy, r, fill, stroke, lw = op
            out.append(
                f'<circle cx="{_num(cx)}" cy="{_num(cy)}" r="{_num(r)}"{_paint(fill, stroke, lw)}/>'
            )
        elif kind == "line":
            _, x1, y1, x2, y2, stroke, lw = op
            out.append(
                f'<line x1="{_num(x1)}" y1="{_num(y1)}" x2="{_num(x2)}" y2="{_num(y2)}"'
                f' stroke="{stroke}" stroke-width="{_num(lw)}"/>'
            )
        elif kind == "polygon":
            _, points, fill, stroke, lw = op
            coords = " ".join(f"{_num(px)},{_num(py)}" for px, py in points)
            out.append(f'<polygon points="{coords}"{_paint(fill, stroke, lw)}/>')
        elif kind == "text":
            _, x, y, text, size, fill, anchor, bold = op
            weight = ' font-weight="bold"' if bold else ""
            out.append(
                f'<text x="{_num(x)}" y="{_num(y)}" font-size="{_num(size)}" fill="{fill}" '
                f'text-anchor="{anchor}"{weight}>{escape(text)}</text>'
            )
    return out


def to_svg(painter: Painter, width: float, height: float, *, responsive: bool = False) -> str:
    """The recording as a standalone SVG document (deterministic for the same recording).
    ``responsive``: as wide as its container, at most its natural width (a notebook cell)."""
    size = (
        f'width="100%" style="max-width:{_num(width)}px;height:auto"'
        if responsive
        else f'width="{_num(width)}" height="{_num(height)}"'
    )
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" {size} '
        f'viewBox="0 0 {_num(width)} {_num(height)}" font-family="{FONT}">'
    )
    return "\n".join([head, *svg_elements(painter.ops), "</svg>"])


Bounds = tuple[float, float, float, float]  # left, top, right, bottom


def bounds(op: Op) -> Bounds:
    """Where an operation may paint: its box, with its line's width around it (text: the
    font's ascent and descent around its baseline, its advance width by its anchor)."""
    kind = op[0]
    if kind == "rect":
        _, x, y, w, h, _fill, stroke, lw, _radius = op
        pad = lw / 2 if stroke else 0.0
        return x - pad, y - pad, x + w + pad, y + h + pad
    if kind == "circle":
        _, cx, cy, r, _fill, stroke, lw = op
        r += lw / 2 if stroke else 0.0
        return cx - r, cy - r, cx + r, cy + r
    if kind == "line":
        _, x1, y1, x2, y2, _stroke, lw = op
        return min(x1, x2) - lw, min(y1, y2) - lw, max(x1, x2) + lw, max(y1, y2) + lw
    if kind == "polygon":
        _, points, _fill, stroke, lw = op
        pad = lw if stroke else 0.0
        xs, ys = [px for px, _ in points], [py for _, py in points]
        return min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad
    _, x, y, text, size, _fill, anchor, bold = op
    width = text_width(text, size, bold=bold)
    left = x - width / 2 if anchor == "middle" else x - width if anchor == "end" else x
    return left, y - ASCENT * size, left + width, y + DESCENT * size


def within(ops: list[Op], left: float, top: float, right: float, bottom: float) -> list[Op]:
    """The operations that may paint inside the rectangle, in order."""
    kept = []
    for op in ops:
        x0, y0, x1, y1 = bounds(op)
        if x0 < right and left < x1 and y0 < bottom and top < y1:
            kept.append(op)
    return kept


def inside(
    ops: list[Op], left: float, top: float, right: float, bottom: float, slack: float = 2.0
) -> list[Op]:
    """The operations that paint only inside the rectangle (give or take ``slack``), in order:
    the pieces standing there, without what lies under them."""
    kept = []
    for op in ops:
        x0, y0, x1, y1 = bounds(op)
        if (
            x0 >= left - slack
            and y0 >= top - slack
            and x1 <= right + slack
            and y1 <= bottom + slack
        ):
            kept.append(op)
    return kept
