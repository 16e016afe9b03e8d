"""The board's text widths: the table in widgets.metrics against the font itself."""

from __future__ import annotations

from pathlib import Path

from widgets.metrics import CHARS, MISSING, fit, text_width

FONTS = {False: "LiberationSans-Regular.ttf", True: "LiberationSans-Bold.ttf"}
FOLDERS = [Path("/usr/share/fonts/truetype/liberation"), Path("/usr/share/fonts/liberation")]


def font_file(bold: bool) -> Path | None:
    return next(
        (folder / FONTS[bold] for folder in FOLDERS if (folder / FONTS[bold]).exists()), None
    )


def test_the_table_has_arial_compatible_widths() -> None:
    """Facts of the Arial/Helvetica metrics that Liberation Sans shares: digits are 0.556 em,
    a space 0.278 em, and bold is never narrower."""
    for digit in "0123456789":
        assert text_width(digit, 1000) == 556
    assert text_width(" ", 1000) == 278
    assert all(text_width(c, 10, bold=True) >= text_width(c, 10) for c in "abcdefgmwMW")
    assert text_width("★", 10) == MISSING / 100  # unknown characters count a full em


def test_the_table_matches_the_installed_font() -> None:
    """With the font installed (CI installs fonts-liberation) every width is the font's own."""
    from PIL import ImageFont

    checked = 0
    for bold in (False, True):
        path = font_file(bold)
        if path is None:
            continue
        font = ImageFont.truetype(str(path), 1000)
        for ch in CHARS:
            assert abs(text_width(ch, 1000, bold=bold) - font.getlength(ch)) <= 1, (ch, bold)
        checked += 1
    assert checked == 2 or not any(folder.exists() for folder in FOLDERS)


def test_fit_shortens_with_an_ellipsis_only_when_needed() -> None:
    assert fit("Wheelbarrow", 100, 11) == "Wheelbarrow"
    short = fit("Wheelbarrow", 40, 11)
    assert short.endswith("…") and text_width(short, 11) <= 40
