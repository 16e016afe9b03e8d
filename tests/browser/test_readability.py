"""The board as a learner sees it: a 1280×720 laptop with JupyterLab's file browser open, and a
1400×1000 screen; Voilà's play app at 1280×720.

Measured in the real page from the real canvas scale (its CSS width over the picture's natural
width): the smallest text drawn and the smallest click target, in CSS px (≥ 11 and ≥ 24); no
horizontal overflow of a board or of a ``show()`` picture; and the rulebook's mining example E3
played by clicks on the mining lesson's full-size mine. Screenshots are kept in
``test-artifacts/screenshots/`` (or ``$GLUCKAUF_ARTIFACTS``) for a person to look at.
"""

from __future__ import annotations

import os
from pathlib import Path

import lab
import pytest

from gluckauf.core.actions import parse_action
from gluckauf.core.state import GameState
from widgets.contrast import contrast, luminance
from widgets.draw import picture
from widgets.geometry import Layout
from widgets.session import GameSession
from widgets.tutorial import mining

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(os.environ.get("GLUCKAUF_ARTIFACTS", REPO / "test-artifacts")) / "screenshots"
MIN_TEXT, MIN_TARGET = 11, 24

_OVERFLOW_JS = """
() => [...document.querySelectorAll('.jp-OutputArea-output')]
  .filter(o => o.querySelector('canvas, svg, img') && o.offsetParent !== null)
  .map(o => ({scroll: o.scrollWidth, client: o.clientWidth,
              pictures: [...o.querySelectorAll('canvas, svg, img')]
                .filter(e => e.getBoundingClientRect().width > 200)
                .map(e => e.getBoundingClientRect().right - o.getBoundingClientRect().right)}))
"""

_SCALE_JS = "el => el.getBoundingClientRect().width / (el.width / 2)"  # backing store is 2×


def smallest(state: GameState, geometry: Layout) -> tuple[float, float]:
    """The smallest text size and the smallest target side of a picture, in picture px."""
    painter = picture(state, geometry)
    text = min(op[4] for op in painter.ops if op[0] == "text")
    target = min(min(box.w, box.h) for _name, box in geometry.clickable)
    return text, target


def shot(page, name: str) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path))
    print(f"[browser] screenshot: {path}")
    return path


def assert_no_overflow(page) -> int:
    outputs = page.evaluate(_OVERFLOW_JS)
    assert outputs, "no board or picture output found"
    for out in outputs:
        assert out["scroll"] <= out["client"], out
        assert all(right <= 0.5 for right in out["pictures"]), out
    return len(outputs)


@pytest.fixture(scope="module")
def lessons_lab(start_lab):
    return start_lab([REPO / "notebooks"])


@pytest.mark.parametrize("viewport", [(1280, 720), (1400, 1000)], ids=["laptop", "desktop"])
def test_the_mining_lesson_is_readable_and_plays_by_clicks(
    browser, lessons_lab, viewport, timings
) -> None:
    width, height = viewport
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    try:
        lab.open_notebook(page, lessons_lab.base_url, "04_mining.ipynb")
        lab.lab_command(page, "filebrowser:activate")  # the sidebar open, as on a laptop
        lab.run_all(page)
        canvas = lab.wait_for_canvas(page)
        page.wait_for_function(
            "el => el.getBoundingClientRect().width > 100", arg=canvas.element_handle()
        )
        canvas.evaluate("el => el.scrollIntoView({block: 'start'})")
        walk = mining.e3_walkthrough()  # the mirror of the lesson's first board
        session = walk.session
        scale = canvas.evaluate(_SCALE_JS)
        text, target = smallest(session.state, session.layout)
        timings[f"readability {width}×{height}: board scale"] = (
            f"{scale:.2f}; smallest text {text * scale:.1f} px, smallest target "
            f"{target * scale:.1f} px"
        )
        assert text * scale >= MIN_TEXT - 0.01
        assert target * scale >= MIN_TARGET - 0.01
        assert assert_no_overflow(page) >= 3  # the lesson's three boards
        shot(page, f"04_mining-{width}x{height}")

        # E3 by clicks on the full-size mine: cage to 3, two grey cubes, cage to 1, a yellow
        # cube, cage up, two grey cubes onto the wheelbarrow order's grey slots.
        clicks = [
            "level:0:3",
            "cart:0:3:1",
            "cart:0:3:0",
            "level:0:1",
            "cart:0:1:0",
            "level:0:0",
            "cage:0:2",
            "slot:0:W7GG:0",
            "cage:0:2",
            "slot:0:W7GG:1",
        ]
        for target_id in clicks:
            box = session.layout.box(target_id)
            before = len(session.state.history)
            lab.click_canvas(page, canvas, box.cx * scale, box.cy * scale)
            session.click(target_id)
            if len(session.state.history) > before:  # an action: the page's log says so
                lab.wait_for_text(page, walk.check().message[:40])
        assert [str(a) for a in session.state.history] == [
            str(parse_action(step)) for step in mining.E3_STEPS
        ]
        lab.wait_for_text(page, "That is the rulebook's example E3")
        shot(page, f"04_mining-e3-done-{width}x{height}")
    finally:
        context.close()


def test_show_pictures_fit_the_cell(browser, lessons_lab) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    try:
        lab.open_notebook(page, lessons_lab.base_url, "05_delivery.ipynb")
        lab.lab_command(page, "filebrowser:activate")
        lab.run_all(page)
        # JupyterLab shows image/svg+xml as an <img>: as wide as the cell, and crisp (vector)
        svg = page.locator(".jp-RenderedSVG img").filter(visible=True).first
        svg.wait_for(state="visible")
        width = svg.evaluate("el => el.getBoundingClientRect().width")
        cell = svg.evaluate("el => el.closest('.jp-OutputArea-output').clientWidth")
        assert 700 <= width <= cell
        assert_no_overflow(page)
        svg.evaluate("el => el.scrollIntoView({block: 'start'})")
        shot(page, "05_delivery-show-1280x720")
    finally:
        context.close()


def test_the_play_app_in_voila_is_readable(browser, start_voila) -> None:
    server = start_voila([REPO / "notebooks" / "play.ipynb"])
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    try:
        canvas = lab.open_voila_board(page, server, "play.ipynb")
        mirror = GameSession(seats=["human", "greedy", "greedy"], seed=1)  # as play.ipynb
        scale = canvas.evaluate(_SCALE_JS)
        text, target = smallest(mirror.state, mirror.layout)
        assert text * scale >= MIN_TEXT - 0.01 and target * scale >= MIN_TARGET - 0.01
        assert_no_overflow(page)
        shot(page, "play-voila-1280x720")
    finally:
        context.close()


def test_the_board_overview_of_lesson_01_fits_and_reads(browser, lessons_lab) -> None:
    """The labelled map of the board: as wide as the cell at 1280×720 (file browser open), its
    badge numbers at least 11 px, and the key under it."""
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    try:
        lab.open_notebook(page, lessons_lab.base_url, "01_setup_and_board.ipynb")
        lab.lab_command(page, "filebrowser:activate")
        lab.run_all(page)
        key = page.locator(".jp-OutputArea-output table").filter(has_text="What it is for")
        key.wait_for(state="attached", timeout=30_000)
        picture = key.evaluate_handle(
            "el => el.closest('.jp-OutputArea').querySelector('.jp-RenderedSVG img')"
        )
        width = picture.evaluate("el => el.getBoundingClientRect().width")
        cell = picture.evaluate("el => el.closest('.jp-OutputArea-output').clientWidth")
        assert 700 <= width <= cell
        scale = width / 840  # the picture's natural width (widgets.geometry.WIDTH)
        assert 11 * scale >= MIN_TEXT - 0.01  # the badges' numbers are 11 px in the picture
        assert_no_overflow(page)
        picture.evaluate("el => el.scrollIntoView({block: 'start'})")
        shot(page, "01_overview-1280x720")
    finally:
        context.close()


_COLOURS_JS = """
panel => {
  const rgb = s => s.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const text = [...panel.querySelectorAll('button, .widget-label, .widget-html-content')]
    .filter(e => e.offsetParent !== null && e.textContent.trim());
  return {panel: getComputedStyle(panel).backgroundColor,
          texts: text.map(e => ({text: e.textContent.trim().slice(0, 30),
                                 colour: rgb(getComputedStyle(e).color),
                                 background: e.tagName === 'BUTTON'
                                   ? rgb(getComputedStyle(e).backgroundColor) : null}))};
}
"""


def test_the_play_app_keeps_a_light_panel_in_voilas_dark_theme(page, start_voila) -> None:
    """Voilà's ``?theme=dark``: the whole board (status, canvas, controls, messages) sits on a
    light panel whose texts keep their contrast (WCAG AA, 4.5:1); the light theme is left as it
    is. Checked in the screenshot's pixels and in the page's computed colours."""
    from PIL import Image

    from widgets.panel import PANEL_BACKGROUND, PANEL_CLASS

    server = start_voila([REPO / "notebooks" / "play.ipynb", REPO / "voila.json"])
    lab.wait_for_warm_kernel(server, "play.ipynb")
    page.set_viewport_size({"width": 1280, "height": 720})  # the page fixture: logs on failure
    for theme in ("light", "dark"):
        page.goto(
            lab.voila_url(server, "play.ipynb") + f"?theme={theme}", wait_until="domcontentloaded"
        )
        lab.wait_for_canvas(page, timeout=60_000)
        lab.wait_for_text(page, "take an order from the draft", timeout=30_000)
        panel = page.locator(f".{PANEL_CLASS}").first
        colours = panel.evaluate(_COLOURS_JS)
        if theme == "light":
            assert colours["panel"] == "rgba(0, 0, 0, 0)"  # no panel: the page's own look
            continue
        image = Image.open(shot(page, "play-voila-dark-1280x720")).convert("RGB")
        box = panel.bounding_box()
        assert luminance(image.getpixel((4, 4))) < 0.05  # the page is dark…
        inside = image.getpixel((round(box["x"]) + 3, round(box["y"]) + 3))
        assert inside == lab.hex_rgb(PANEL_BACKGROUND)  # …the panel is the board's paper
        assert len(colours["texts"]) >= 10
        for item in colours["texts"]:
            behind = item["background"] or lab.hex_rgb(PANEL_BACKGROUND)
            assert contrast(item["colour"], behind) >= 4.5, item
