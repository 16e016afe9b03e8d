"""The first click on the board after something else had the focus (issue 24, item 4).

JupyterLab at 1280×720 with the file browser open; the board's picture is partly outside the
notebook's visible part. After a widget button, another cell, or another cell's editor had the
focus, one real click (mouse down, mouse up) on a target must play exactly that target (the
one under the mouse, which the hover names) and must not scroll the notebook. ipycanvas
focuses its canvas on mouse down and only then measures the point: that focus scrolled the
notebook (the canvas moved ~100 px under the mouse) until :mod:`widgets.clickguard`. The SVG
surface (JupyterLite's) is checked the same way, and both again after a page reload (the
guard's model is restored with the page, never displayed).

The position is tests/browser/notebooks/first_click_*.ipynb's, mirrored in this process: each
target's point comes from the shared geometry and the expected answer from the engine.
"""

from __future__ import annotations

import math
import time

import lab
import pytest

from gluckauf.core.builder import PositionBuilder
from widgets.draw import PAPER
from widgets.session import GameSession

VIEWPORT = {"width": 1280, "height": 720}
#: the board's picture: the canvas itself, or the SVG surface's box of layers
PICTURE = {"canvas": "canvas.gluckauf-surface",
           "svg": ".gluckauf-surface .gluckauf-svgboard"}  # fmt: skip
ANSWER = ".gluckauf-answer"
BOARD_CELL_ACTIVE_JS = """() => {
  const cell = window.jupyterapp.shell.currentWidget.content.activeCell;
  return !!cell && !!cell.node.querySelector('.gluckauf-board');
}"""


def mirrored_position() -> GameSession:
    """The position first_click_*.ipynb builds."""
    state = (
        PositionBuilder(players=2, seed=1, names=["Ada", "Bea"])
        .orders(0, "W2Y")
        .tiles(0, "Y1L")
        .turn(0)
        .build()
    )
    return GameSession(state, seats=["human", "human"])


def focus_button(page) -> str:
    page.locator("button.first-click-elsewhere").click()  # a real click, scrolled to first
    assert page.evaluate("document.activeElement.classList.contains('first-click-elsewhere')")
    return "a widget button"


def focus_cell(page) -> str:
    page.locator(".jp-MarkdownCell", has_text="Another cell below the board").click()
    assert page.evaluate("document.activeElement.classList.contains('jp-MarkdownCell')")
    return "another cell"


def focus_editor(page) -> str:
    page.locator(".jp-CodeCell", has_text="1 + 1").locator(".cm-content").click()
    assert page.evaluate("!!document.activeElement.closest('.cm-editor')")
    return "another cell's editor"


def open_board(page, picture_selector: str, surface: str):
    """The board's picture once it is drawn (after a run or a reload)."""
    board = page.locator(".gluckauf-board").first  # cells out of view may not be rendered
    board.wait_for(state="attached", timeout=60_000)
    board.evaluate("el => el.scrollIntoView({block: 'center'})")
    picture = page.locator(picture_selector).filter(visible=True).first
    picture.wait_for(state="visible", timeout=60_000)
    page.wait_for_function("el => el.getBoundingClientRect().width > 100",
                           arg=picture.element_handle(), timeout=60_000)  # fmt: skip
    if surface == "canvas":
        lab.wait_for_pixel(page, picture, 3, 3, (*lab.hex_rgb(PAPER), 255), timeout=30_000)
    else:
        page.wait_for_function("el => el.querySelectorAll('svg').length >= 3",
                               arg=picture.element_handle(), timeout=30_000)  # fmt: skip
    return picture


def first_click(page, picture, mirror: GameSession, target: str, focused: str) -> float:
    """Click ``target`` once, its picture partly outside the notebook's visible part; check
    that nothing scrolled and that the target's move was played. Returns the click → answer
    time in seconds."""
    assert not page.evaluate(BOARD_CELL_ACTIVE_JS), f"after {focused}: the board's cell is active"
    assert not picture.evaluate("el => el.contains(document.activeElement)")
    view = lab.notebook_view(page)
    spot = mirror.layout.box(target)
    # The picture's top ~300 px down the window: its bottom is below the notebook's visible
    # part, the target (in the board's upper half) well inside it.
    box = lab.place_in_notebook(page, picture, 300)
    scale = box["width"] / mirror.layout.width
    x, y = math.ceil(box["x"] + spot.cx * scale), math.ceil(box["y"] + spot.cy * scale)
    assert view["top"] + 20 < y < view["bottom"] - 20, (box, view, target)
    assert box["y"] + box["height"] > view["bottom"], "the picture must be partly out of view"
    # What the hover names at this point (the surfaces' own arithmetic: client - picture's box)
    assert mirror.layout.hit((x - box["x"]) / scale, (y - box["y"]) / scale) == target

    answer = page.locator(ANSWER).filter(visible=True).first
    before_text = answer.inner_text()
    page.mouse.move(x, y)
    page.wait_for_timeout(300)  # the hover reaches the kernel (and is drawn)
    t0 = time.perf_counter()
    pressed = lab.watched_press(page, picture, x, y)
    page.wait_for_function("([el, old]) => el.innerText !== old",
                           arg=[answer.element_handle(), before_text], timeout=15_000)  # fmt: skip
    took = time.perf_counter() - t0
    mirror.click(target)
    expected = mirror.message

    before, after = pressed["before"], pressed["after"]
    got = answer.inner_text()
    assert pressed["downTarget"], f"after {focused}: the mouse down missed the picture"
    assert (before["scrollTop"], before["windowY"]) == (after["scrollTop"], after["windowY"]), (
        f"after {focused}: the click on {target} scrolled the notebook from scrollTop "
        f"{before['scrollTop']} to {after['scrollTop']} (the picture's top moved from "
        f"{before['top']:.0f} to {after['top']:.0f} px); the answer: {got!r}"
    )
    assert pressed["scrolls"] == 0, pressed
    assert expected in got, f"after {focused}: clicked {target}, expected {expected!r}, got {got!r}"
    return took


@pytest.mark.parametrize("surface", ["canvas", "svg"])
def test_first_click_after_other_focus_plays_the_target_without_scrolling(
        lab_server, page, timings, surface):  # fmt: skip
    page.set_viewport_size(VIEWPORT)
    mirror = mirrored_position()
    t0 = time.perf_counter()
    lab.open_notebook(page, lab_server.base_url, f"first_click_{surface}.ipynb")
    lab.run_all(page)
    picture = open_board(page, PICTURE[surface], surface)
    assert page.locator("#filebrowser").is_visible(), "the file browser should be open"
    opened = time.perf_counter() - t0

    clicks = []
    for focus, target in [(focus_button, "space:M6"), (focus_cell, "level:0:1"),
                          (focus_editor, "cart:0:1:1")]:  # fmt: skip
        clicks.append(first_click(page, picture, mirror, target, focus(page)))

    # After a reload the page restores every widget model (the guard's too) from the kernel.
    lab.save_notebook(page)
    page.reload(wait_until="domcontentloaded")
    lab.wait_kernel_idle(page)
    picture = open_board(page, PICTURE[surface], surface)
    clicks.append(
        first_click(page, picture, mirror, "level:0:0", f"{focus_button(page)} (after a reload)")
    )
    # The moves the page's game played are exactly the mirror's (the last cell prints them).
    page.evaluate(
        "() => { const nb = window.jupyterapp.shell.currentWidget.content;"
        "        nb.activeCellIndex = nb.widgets.length - 1; }"
    )
    lab.lab_command(page, "notebook:run-cell")
    expected = "played: " + " | ".join(map(str, mirror.state.history))
    page.wait_for_function(
        "want => [...document.querySelectorAll('.jp-OutputArea-output')]"
        "        .some(el => el.innerText.trim() === want)",
        arg=expected,
        timeout=15_000,
    )

    timings[f"first click ({surface}): lab open → drawn"] = f"{opened:.1f} s"
    timings[f"first click ({surface}): click → answer"] = (
        f"max {max(clicks) * 1000:.0f} ms over {len(clicks)} first clicks; "
        f"whole test {time.perf_counter() - t0:.1f} s"
    )
