"""How well what the board draws stands out: WCAG 2.2 contrast ratios, read off a
:class:`~widgets.painter.Painter` recording.

WCAG's success criteria 1.4.3 (text, AA: 4.5:1, or 3:1 for large text) and 1.4.11 (graphics
and the outlines of what one can click, 3:1) compare a colour with the colour right behind it.
A recording knows both: :func:`text_contrasts` finds, for every text, the colour painted under
it last (at both ends and the middle of its line), and :func:`outline_contrasts` does the same
for every outline drawn without a fill (the rings around the spaces a learner can click). The
tests check every picture the board draws with them (``tests/test_contrast.py``), so a colour
changed anywhere is measured where it is used.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .metrics import text_width
from .painter import Op

TEXT_AA = 4.5  # WCAG 2.2 AA, 1.4.3: normal text
LARGE_TEXT_AA = 3.0  # 1.4.3: text of 24 px, or 18.66 px bold
GRAPHICS_AA = 3.0  # 1.4.11: graphics and the outlines of controls (and focus rings, 2.4.13)
LARGE_TEXT_PX, LARGE_BOLD_TEXT_PX = 24.0, 18.66


def _channel(value: int) -> float:
    c = value / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


Colour = str | Sequence[int]  # "#rgb", "#rrggbb", or 0-255 channels (a pixel, a CSS rgb())


def rgb(colour: Colour) -> tuple[int, int, int]:
    """``#rgb``, ``#rrggbb`` (the only colour forms the board uses) or channels (a pixel's,
    alpha dropped) as three 0–255 values."""
    if not isinstance(colour, str):
        r, g, b = (int(v) for v in colour[:3])
        return r, g, b
    digits = colour.strip().lstrip("#")
    if len(digits) == 3:
        digits = "".join(d * 2 for d in digits)
    if len(digits) != 6 or not colour.strip().startswith("#"):
        raise ValueError(f"not a #rgb or #rrggbb colour: {colour!r}")
    return int(digits[0:2], 16), int(digits[2:4], 16), int(digits[4:6], 16)


def luminance(colour: Colour) -> float:
    """WCAG's relative luminance, 0 (black) … 1 (white)."""
    r, g, b = (_channel(v) for v in rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(first: Colour, second: Colour) -> float:
    """WCAG's contrast ratio of two colours, 1 … 21 (the order does not matter)."""
    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def text_minimum(size: float, bold: bool) -> float:
    """The AA ratio a text of ``size`` px needs (large text needs less)."""
    large = size >= LARGE_TEXT_PX or (bold and size >= LARGE_BOLD_TEXT_PX)
    return LARGE_TEXT_AA if large else TEXT_AA


@dataclass(frozen=True)
class Measured:
    """One text or outline, its colour, the colour behind it and their ratio."""

    what: str  # the text, or "outline at (x, y)"
    colour: str
    background: str
    ratio: float
    minimum: float

    @property
    def passes(self) -> bool:
        return self.ratio >= self.minimum - 1e-9

    def __str__(self) -> str:
        return (
            f"{self.what!r}: {self.colour} on {self.background} = {self.ratio:.2f}:1 "
            f"(needs {self.minimum}:1)"
        )


def _in_rect(op: Op, x: float, y: float, grow: float = 0.0) -> bool:
    _, rx, ry, w, h, *_rest = op
    return rx - grow <= x <= rx + w + grow and ry - grow <= y <= ry + h + grow


def _in_polygon(points: Sequence[tuple[float, float]], x: float, y: float) -> bool:
    inside = False
    for (x1, y1), (x2, y2) in zip(points, [*points[1:], points[0]], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _paint_at(op: Op, x: float, y: float) -> str | None:
    """The colour ``op`` paints at (x, y), if any: its stroke (painted over its fill) on the
    band around its edge, its fill inside. Lines and text are too thin to stand behind text."""
    kind = op[0]
    if kind == "rect":
        fill, stroke, width = op[5], op[6], op[7]
        if stroke and _in_rect(op, x, y, width / 2) and not _in_rect(op, x, y, -width / 2):
            return stroke
        return fill if fill and _in_rect(op, x, y) else None
    if kind == "circle":
        _, cx, cy, r, fill, stroke, width = op
        distance = math.hypot(x - cx, y - cy)
        if stroke and abs(distance - r) <= width / 2:
            return stroke
        return fill if fill and distance <= r else None
    if kind == "polygon":
        return op[2] if op[2] and _in_polygon(op[1], x, y) else None
    return None


def _blend(colour: str, under: str) -> str:
    """A ``#rrggbbaa`` colour painted over ``under``, as one opaque colour."""
    alpha = int(colour[7:9], 16) / 255
    top, bottom = rgb(colour[:7]), rgb(under)
    mixed = (round(a * alpha + b * (1 - alpha)) for a, b in zip(top, bottom, strict=True))
    return "#" + "".join(f"{v:02x}" for v in mixed)


def opaque(colour: str, under: str) -> str:
    """``colour`` as the opaque ``#rrggbb`` it shows over ``under``: ``#rrggbb`` as it is,
    ``#rrggbbaa`` and ``rgba(r, g, b, a)`` blended with ``under``."""
    colour = colour.strip()
    match = re.fullmatch(r"rgba\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*,\s*([\d.]+)\s*\)", colour)
    if match:
        r, g, b = (int(v) for v in match.groups()[:3])
        colour = f"#{r:02x}{g:02x}{b:02x}{round(float(match.group(4)) * 255):02x}"
    return _blend(colour, under) if len(colour) == 9 else colour


def background(ops: Sequence[Op], before: int, x: float, y: float, page: str) -> str:
    """The colour painted last at (x, y) by the ops before index ``before`` (``page`` where
    none painted there); a translucent colour is blended with what is under it."""
    for index in range(before - 1, -1, -1):
        colour = _paint_at(ops[index], x, y)
        if colour is None:
            continue
        if len(colour) == 9:  # #rrggbbaa: a shadow over what is under it
            return opaque(colour, background(ops, index, x, y, page))
        return colour
    return page


def text_contrasts(ops: Sequence[Op], page: str = "#ffffff") -> list[Measured]:
    """Every text of the recording against what is behind it (the lowest ratio of its start,
    middle and end, at the middle of the letters' height)."""
    measured = []
    for index, op in enumerate(ops):
        if op[0] != "text":
            continue
        _, x, y, text, size, fill, anchor, bold = op
        if not text.strip():
            continue
        width = text_width(text, size, bold=bold)
        left = x - {"start": 0.0, "middle": width / 2, "end": width}[anchor]
        middle_y = y - size * 0.35
        backs = {
            background(ops, index, px, middle_y, page)
            for px in (left + 1, left + width / 2, left + width - 1)
        }
        worst = min(backs, key=lambda b: contrast(fill, b))
        measured.append(
            Measured(text, fill, worst, contrast(fill, worst), text_minimum(size, bold))
        )
    return measured


def _rings(ops: Sequence[Op]) -> list[tuple[int, list[str]]]:
    """Outlines drawn without a fill, each once: (index of its outermost op, its tones from the
    outside in). Outlines of one rectangle drawn one on another, each narrower, are one ring
    of several tones (a dark edge around a bright band reads on any background: WCAG
    technique C40)."""
    rings: list[tuple[int, list[str]]] = []
    for index, op in enumerate(ops):
        if op[0] != "rect" or op[5] is not None or not op[6]:
            continue
        previous = ops[index - 1] if index else None
        if (
            rings
            and rings[-1][0] + len(rings[-1][1]) == index
            and previous is not None
            and previous[1:5] == op[1:5]
            and previous[7] > op[7]
        ):
            rings[-1][1].append(op[6])
        else:
            rings.append((index, [op[6]]))
    return rings


def outline_contrasts(ops: Sequence[Op], page: str = "#ffffff") -> list[Measured]:
    """Every ring drawn around something to click against what is just outside it, at the
    middle of each side (the lowest of the four); a ring of several tones counts its best."""
    measured = []
    for index, tones in _rings(ops):
        _, x, y, w, h, _none, _stroke, width, _radius = ops[index]
        out = width / 2 + 0.5
        sides = (
            (x + w / 2, y - out),
            (x + w / 2, y + h + out),
            (x - out, y + h / 2),
            (x + w + out, y + h / 2),
        )
        backs = {background(ops, index, px, py, page) for px, py in sides}
        back = min(backs, key=lambda b: max(contrast(tone, b) for tone in tones))
        best = max(tones, key=lambda tone: contrast(tone, back))
        measured.append(
            Measured(
                f"outline at ({x:.0f}, {y:.0f})", best, back, contrast(best, back), GRAPHICS_AA
            )
        )
    return measured


def failures(measured: Iterable[Measured]) -> list[Measured]:
    """Those below their minimum."""
    return [m for m in measured if not m.passes]


__all__ = [
    "GRAPHICS_AA",
    "TEXT_AA",
    "Measured",
    "background",
    "contrast",
    "failures",
    "luminance",
    "opaque",
    "outline_contrasts",
    "rgb",
    "text_contrasts",
    "text_minimum",
]
