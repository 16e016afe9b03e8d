"""Keyboard and screen reader in a real Voilà and Chromium (issue 26, 1-2).

A whole game is played with the keyboard alone — Tab onto the board, then Enter to put the
cursor on a target and Enter to choose it, Enter through the scoring's cards — while the page
counts mouse and pointer events (there must be none). And in the play app, after a move made
by keys, the page's accessibility tree holds the move's sentence in a live region.
"""

from __future__ import annotations

import time
from pathlib import Path

import lab
import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from test_readability import shot

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = Path(__file__).parent / "notebooks"

COUNT_POINTER_EVENTS = """
window.__gkPointer = 0;
for (const kind of ["mousedown", "mouseup", "mousemove", "click", "pointerdown", "pointermove",
                    "wheel", "touchstart"]) {
  window.addEventListener(kind, () => { window.__gkPointer += 1; }, true);
}
"""
LIVE = ".gluckauf-live[aria-live='polite'][role='status']"
FOCUSED_BOARD = (
    "() => { const e = document.activeElement; return !!e && "
    "e.getAttribute('role') === 'application' && !!e.closest('.gluckauf-surface'); }"
)


def tab_onto_the_board(page, most: int = 40) -> int:
    """Press Tab until the board's picture has the focus; how many presses it took."""
    for presses in range(1, most + 1):
        page.keyboard.press("Tab")
        if page.evaluate(FOCUSED_BOARD):
            return presses
    raise AssertionError(f"the board was not reached with {most} presses of Tab")


def live_text(page) -> str:
    return page.locator(LIVE).first.inner_text()


def press_and_hear(page, key: str, timeout: float = 5_000) -> str:
    """Press ``key`` on the board and wait until the live region says something new."""
    before = live_text(page)
    page.keyboard.press(key)
    try:
        page.wait_for_function(
            "([sel, before]) => document.querySelector(sel).textContent !== before",
            arg=[LIVE, before],
            timeout=timeout,
            polling=50,
        )
    except PlaywrightTimeout:  # nothing new said: the next key goes on regardless
        return ""
    return live_text(page)


def test_a_whole_game_in_voila_with_the_keyboard_alone(page, start_voila, timings) -> None:
    server = start_voila([NOTEBOOKS / "keyboard_game.ipynb"])
    page.add_init_script(COUNT_POINTER_EVENTS)
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(lab.voila_url(server, "keyboard_game.ipynb"), wait_until="domcontentloaded")
    lab.wait_for_canvas(page, timeout=60_000)
    page.locator(LIVE).first.wait_for(state="attached", timeout=30_000)
    t0 = time.perf_counter()
    tabs = tab_onto_the_board(page)
    keys, silent = tabs, 0
    status = page.locator(".gluckauf-status").first
    while "The game is over." not in status.inner_text():
        assert keys < 3_000, f"no end after {keys} keys: {status.inner_text()}"
        silent += not press_and_hear(page, "Enter")
        keys += 1
    assert page.evaluate("window.__gkPointer") == 0  # not one mouse or pointer event
    assert page.evaluate(FOCUSED_BOARD)  # the focus never left the board
    seconds = time.perf_counter() - t0
    assert silent < keys / 10, f"{silent} of {keys} keys said nothing"
    timings["keyboard: whole game in Voilà, keys alone"] = (
        f"{keys} keys ({tabs} Tab), {seconds:.0f} s, 0 mouse events, {silent} keys unheard"
    )


def test_a_move_by_keys_in_the_play_app_is_said_in_a_live_region(
    page, start_voila, timings
) -> None:
    server = start_voila([REPO / "notebooks" / "play.ipynb", REPO / "voila.json"])
    lab.wait_for_warm_kernel(server, "play.ipynb")
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(lab.voila_url(server, "play.ipynb"), wait_until="domcontentloaded")
    lab.wait_for_canvas(page, timeout=60_000)
    lab.wait_for_text(page, "take an order from the draft", timeout=30_000)
    board = page.locator("[role='application']").first  # the picture (widgets/access.js)
    label = board.get_attribute("aria-label") or ""
    assert "Arrow keys" in label and board.get_attribute("aria-roledescription") == "game board"
    tab_onto_the_board(page)
    heard = press_and_hear(page, "Enter")  # the cursor onto the first order of the draft
    assert "to choose from." in heard
    sentence = press_and_hear(page, "Enter")  # take it
    assert " took the " in sentence, sentence
    tree = page.locator("body").aria_snapshot()
    statuses = [line for line in tree.splitlines() if line.strip().startswith("- status")]
    assert any(sentence.strip()[:40] in line for line in statuses), (sentence, statuses)
    timings["screen reader: live region after a move"] = sentence.strip()[:90]


CELLS_JS = "() => window.jupyterapp.shell.currentWidget.content.widgets.length"


@pytest.mark.parametrize("surface", ["canvas", "svg"])
def test_in_jupyterlab_tab_reaches_and_leaves_the_board_and_keys_stay_its_own(
        lab_server, page, timings, surface) -> None:  # fmt: skip
    """In a lesson: Tab from a button onto the picture, Enter Enter plays a move, a letter key
    on the board is no notebook shortcut (JupyterLab's "a" would insert a cell), and Tab leaves
    the board again (ipycanvas would keep it: a keyboard trap)."""
    page.set_viewport_size({"width": 1280, "height": 720})
    lab.open_notebook(page, lab_server.base_url, f"first_click_{surface}.ipynb")
    lab.run_all(page)
    page.locator(LIVE).first.wait_for(state="attached", timeout=30_000)
    page.locator("button.first-click-elsewhere").focus()
    tabs = tab_onto_the_board(page)
    assert "to choose from." in press_and_hear(page, "Enter")
    press_and_hear(page, "ArrowRight")  # the cursor's ring and its words, for a reviewer
    page.wait_for_timeout(300)
    shot(page, f"keyboard-cursor-{surface}-1280x720")
    press_and_hear(page, "ArrowLeft")
    move = press_and_hear(page, "Enter")
    assert move.startswith("Ada "), move
    cells = page.evaluate(CELLS_JS)
    page.keyboard.press("Escape")  # nothing half-made: nothing happens, focus stays
    page.keyboard.press("a")
    page.wait_for_timeout(300)
    assert page.evaluate(CELLS_JS) == cells, "a key on the board ran a notebook shortcut"
    assert page.evaluate(FOCUSED_BOARD)
    page.keyboard.press("Tab")
    assert not page.evaluate(FOCUSED_BOARD), "Tab did not leave the board"
    # the buttons under the picture come next, in their row's order
    assert page.evaluate("document.activeElement.textContent.trim()") == "Undo"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent.trim()") == "Redo"
    timings[f"keyboard ({surface}) in JupyterLab"] = f"{tabs} Tab onto the board; {move[:60]}"
