"""Text widths for fitting labels: advance widths of Liberation Sans (metric-compatible with
Arial and Helvetica), the board's font, in thousandths of an em.

The drawing uses them to fit labels into their boxes, and the tests to check that no two texts
overlap. Characters missing here (symbols such as ★) count a full em: wider than any glyph a
browser falls back to, so a fit here is a fit on screen. ``tests/test_widget_metrics.py``
compares the table with the font files when they are installed (Debian: fonts-liberation).
"""

from __future__ import annotations

from functools import lru_cache

FONT = "'Liberation Sans', Arial, Helvetica, sans-serif"
ASCENT, DESCENT = 0.905, 0.212  # of the em, as the font declares them
CHARS = "".join(map(chr, range(32, 127))) + "·–—→×…éóöüáőűíúÉÓÖÜÁäßÄ’“”°"
_WIDTHS = {
    "regular": (
        278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556,
        556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722,
        722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722,
        667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556,
        556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500,
        500, 334, 260, 334, 584, 278, 556, 1000, 1000, 584, 1000, 556, 556, 556, 556, 556, 556,
        556, 278, 556, 667, 778, 778, 722, 667, 556, 611, 667, 222, 333, 333, 400,
    ),
    "bold": (
        278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556,
        556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722,
        722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722,
        667, 944, 667, 667, 611, 333, 278, 333, 584, 556, 333, 556, 611, 556, 611, 556, 333, 611,
        611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556,
        500, 389, 280, 389, 584, 278, 556, 1000, 1000, 584, 1000, 556, 611, 611, 611, 556, 611,
        611, 278, 611, 667, 778, 778, 722, 722, 556, 611, 722, 278, 500, 500, 400,
    ),
}
_TABLE = {bold: dict(zip(CHARS, _WIDTHS["bold" if bold else "regular"], strict=True))
          for bold in (False, True)}
MISSING = 1000  # an unknown character counts a full em


@lru_cache(maxsize=8192)
def text_width(text: str, size: float, *, bold: bool = False) -> float:
    """The width in pixels of ``text`` at font ``size`` (px)."""
    table = _TABLE[bold]
    return sum(table.get(ch, MISSING) for ch in text) * size / 1000


@lru_cache(maxsize=8192)
def fit(text: str, width: float, size: float, *, bold: bool = False) -> str:
    """``text``, shortened with an ellipsis if needed to fit ``width`` at ``size``."""
    if text_width(text, size, bold=bold) <= width:
        return text
    while text and text_width(text + "…", size, bold=bold) > width:
        text = text[:-1]
    return text.rstrip() + "…"
