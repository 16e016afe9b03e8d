"""Contrast (issue 26, 4): every text and every ring the board draws meets WCAG 2.2 AA against
what is drawn behind it (4.5:1 for text, 3:1 for large text, rings and signs), in every view,
with highlights, selections, the keyboard's focus ring, reveals, tooltips and announcements;
and the colours the widgets' HTML writes meet it on the light theme's page and on the light
panel of the dark theme."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest
from helpers import built_states, states_by_phase

from widgets import icons
from widgets.announce import end_steps, shift_steps
from widgets.contrast import (
    GRAPHICS_AA,
    TEXT_AA,
    background,
    contrast,
    failures,
    luminance,
    opaque,
    outline_contrasts,
    text_contrasts,
)
from widgets.draw import draw_announcement, draw_focus, draw_reveals, draw_tooltip, picture
from widgets.geometry import VIEWS
from widgets.painter import Painter
from widgets.panel import _LIGHT_VARIABLES, PANEL_BACKGROUND
from widgets.reviewer import VERDICT_BARS
from widgets.session import GameSession

WIDGETS = Path(__file__).resolve().parent.parent / "widgets"
LIGHT_PAGE = "#ffffff"  # JupyterLab's and Voilà's light theme
PAGES = (LIGHT_PAGE, PANEL_BACKGROUND)  # a dark page puts the board on its light panel


def test_the_ratios_are_wcags() -> None:
    assert contrast("#000", "#fff") == pytest.approx(21.0)
    assert contrast("#777777", "#fff") == pytest.approx(4.48, abs=0.01)  # famously just short
    assert contrast("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)
    assert luminance("#fff") == pytest.approx(1.0) and luminance("#000") == 0.0
    assert opaque("#00000080", "#ffffff") == "#7f7f7f"
    assert opaque("rgba(0, 0, 0, 0.5)", "#ffffff") == "#7f7f7f"
    with pytest.raises(ValueError, match="colour"):
        contrast("red", "#fff")


def test_the_auditor_finds_a_pale_text_and_a_pale_ring() -> None:
    p = Painter()
    p.rect(0, 0, 200, 100, fill="#fbf7ee")
    p.text(10, 30, "pale", size=12, fill="#aaaaaa")
    p.text(10, 60, "dark", size=12, fill="#222222")
    p.rect(100, 10, 40, 40, stroke="#ff9f1c", width=3)
    texts = {m.what: m for m in text_contrasts(p.ops)}
    assert not texts["pale"].passes and texts["dark"].passes
    assert [m.passes for m in outline_contrasts(p.ops)] == [False]
    assert background(p.ops, len(p.ops), 120, 30, "#123456") == "#fbf7ee"
    assert background(p.ops, len(p.ops), 300, 300, "#123456") == "#123456"


def test_a_ring_with_a_dark_edge_stands_out_on_light_and_dark_alike() -> None:
    for back in ("#fffaf0", "#3b3a36", "#8d8d8d"):
        p = Painter()
        p.rect(0, 0, 100, 100, fill=back)
        p.rect(20, 20, 40, 40, stroke="#000000", width=5)
        p.rect(20, 20, 40, 40, stroke="#ff9f1c", width=3)
        (ring,) = outline_contrasts(p.ops)
        assert ring.passes, ring


def _pictures():
    """(what, painter) for the board's pictures: every view of decisions of every phase, 2–4
    players, with the legal targets ringed, the selection so far, reveals, a tooltip, and the
    announcements of a shift's scoring and of the game's end."""
    games = ((2, 3), (3, 5), (4, 7))
    states = [*states_by_phase(games, per_phase=2, every=9), *built_states().values()]
    for number, state in enumerate(states):
        session = GameSession(state)
        for view in VIEWS:
            session.view = view
            session._refresh()
            layout = session.layout
            targets = session.legal_targets()
            pic = picture(state, layout, highlights=targets, selected=session.pending)
            draw_reveals(layout, pic, [name for name, _box in layout.clickable][:3])
            for target in sorted(targets)[-1:]:  # the keyboard cursor's ring
                draw_focus(layout, pic, target)
            if targets and view == "full":
                target = sorted(targets)[0]
                draw_tooltip(layout, pic, target, session.describe(target))
            yield f"state {number} ({state.phase}, {state.players} players), {view}", pic
        if state.is_over:
            layout = session.layout
            steps = [s for report in session.reports for s in shift_steps(report, state.names)]
            steps += end_steps(state)
            for index, step in enumerate(steps):
                pic = picture(state, layout)
                draw_announcement(layout, pic, step, index, len(steps))
                yield f"state {number}: announcement {index}", pic


@pytest.fixture(scope="module")
def pictures() -> list[tuple[str, Painter]]:
    return list(_pictures())


def test_every_text_on_the_board_meets_aa(pictures) -> None:
    measured = 0
    for page in PAGES:
        for what, pic in pictures:
            checked = text_contrasts(pic.ops, page)
            measured += len(checked)
            bad = failures(checked)
            assert not bad, f"{what}: " + "; ".join(map(str, bad[:5]))
    assert measured > 10_000  # every label of many pictures, not a few


def test_every_ring_around_a_target_meets_aa(pictures) -> None:
    rings = 0
    for what, pic in pictures:
        checked = outline_contrasts(pic.ops)
        rings += len(checked)
        bad = failures(checked)
        assert not bad, f"{what}: " + "; ".join(map(str, bad[:5]))
    assert rings > 1_000


def test_every_coal_sign_stands_out_on_its_cube() -> None:
    for colour in range(4):
        p = Painter()
        icons.cube(p, 0, 0, 24, colour)
        plain = Painter()
        icons.coal_sign(plain, 12, 12, 24 * 0.55, colour)
        _cube, *rest = p.ops  # the face, then its sign (then the shading, off the sign)
        sign = rest[: len(plain.ops)]
        assert sign and sign == plain.ops, f"colour {colour} has no sign"
        for op in sign:
            fill = op[4] if op[0] == "circle" else op[2] if op[0] == "polygon" else op[5]
            assert contrast(fill, icons.COAL[colour]) >= GRAPHICS_AA


HTML_COLOUR = re.compile(r"(?<![-\w])color:\s*(#[0-9a-fA-F]{3,6})\b")
BORDER_COLOUR = re.compile(r"border(?:-left)?:\s*\d+px solid (#[0-9a-fA-F]{3,6})\b")


def _written(pattern: re.Pattern[str]) -> list[tuple[str, str]]:
    """(file name, colour) for every colour ``pattern`` finds in the widgets' sources."""
    return [
        (path.name, colour)
        for path in sorted(WIDGETS.rglob("*.py"))
        for colour in pattern.findall(path.read_text(encoding="utf-8"))
    ]


def test_every_text_colour_the_widgets_write_in_html_meets_aa_on_both_themes() -> None:
    found = _written(HTML_COLOUR)
    for (name, colour), page in itertools.product(found, PAGES):
        ratio = contrast(colour, page)
        assert ratio >= TEXT_AA, f"{name}: {colour} on {page} = {ratio:.2f}:1"
    assert len(found) >= 5


def test_every_border_that_carries_meaning_meets_aa_on_both_themes() -> None:
    """The coloured bar left of a lesson's feedback (right, wrong, waiting) is a graphic, and
    so is the coach's verdict bar (a colour kept in a table)."""
    found = _written(BORDER_COLOUR)
    assert len(found) >= 2
    for (name, colour), page in itertools.product(
        [*found, *(("verdict bar", c) for c in VERDICT_BARS)], PAGES
    ):
        assert contrast(colour, page) >= GRAPHICS_AA, f"{name}: {colour} on {page}"


def test_the_dark_themes_light_panel_keeps_its_texts_readable() -> None:
    """On a dark page the panel sets the light theme's colours: the text colours among them
    meet AA on the panel's paper (font colour 3 is for disabled controls, which WCAG exempts)."""
    text_variables = [
        name
        for name in _LIGHT_VARIABLES
        if re.search(
            r"font-color[012]|widgets-(?:label-|readout-|input-)?color"
            r"|link-color",
            name,
        )
    ]
    assert len(text_variables) >= 8
    for name in text_variables:
        colour = opaque(_LIGHT_VARIABLES[name], PANEL_BACKGROUND)
        assert contrast(colour, PANEL_BACKGROUND) >= TEXT_AA, name
