"""The lessons' answer controls (widgets.tutorial.ask, issue 25) in a real JupyterLab at 1280×720
with the file browser open: lesson 01 is answered with the mouse and the keyboard only — the
locked spaces clicked on its board and checked, a number typed (text first: said in words), a
player picked by name — and the feedback appears beside each control. Texts are read with
``textContent`` (JupyterLab skips rendering cells out of view)."""

from __future__ import annotations

import os
from pathlib import Path

import lab
import pytest

from widgets.tutorial import setup

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(os.environ.get("GLUCKAUF_ARTIFACTS", REPO / "test-artifacts")) / "screenshots"
_SCALE_JS = "el => el.getBoundingClientRect().width / (el.width / 2)"  # backing store is 2×


@pytest.fixture(scope="module")
def lesson_lab(start_lab):
    return start_lab([REPO / "notebooks"])


def test_lesson_01_is_answered_without_editing_code(browser, lesson_lab, timings) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    try:
        lab.open_notebook(page, lesson_lab.base_url, "01_setup_and_board.ipynb")
        lab.lab_command(page, "filebrowser:activate")
        lab.run_all(page)

        def output_with(text: str):
            return lab.output_with(page, text)

        def says(output, text: str) -> None:
            lab.says(page, output, text)

        # the locked spaces, clicked on the question's own board
        marks = output_with("Marked: none yet.")
        canvas = marks.locator("canvas").last
        canvas.wait_for(state="visible", timeout=30_000)
        page.wait_for_function(
            "el => el.getBoundingClientRect().width > 100", arg=canvas.element_handle()
        )
        scale = canvas.evaluate(_SCALE_JS)
        board = setup.locked_question().board  # the same picture, mirrored here
        for code in ("F4", "F8", "M4", "M8", "$3", "$5"):
            box = board.box(f"space:{code}")
            lab.click_canvas(page, canvas, box.cx * scale, box.cy * scale)
        says(marks, "Marked: F4, F8, M4, M8, $3, $5")
        marks.get_by_role("button", name="Check").click()
        says(marks, "Not yet: 1 locked space is missing — look in the new orders area.")
        box = board.box("space:O1")
        lab.click_canvas(page, canvas, box.cx * scale, box.cy * scale)
        marks.get_by_role("button", name="Check").click()
        says(marks, "Right! With 2 players 7 spaces are locked")
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        marks.evaluate("el => el.scrollIntoView({block: 'end'})")
        page.screenshot(path=str(ARTIFACTS / "01_locked_spaces-marked-1280x720.png"))

        # a number: words first, then the number, with Enter
        field = page.get_by_placeholder("a whole number").first  # lesson 01 has one number
        field.wait_for(state="attached", timeout=30_000)
        field.evaluate("el => el.closest('.jp-OutputArea-output').id = 'number-question'")
        number = page.locator("#number-question")
        field.fill("thirteen")
        field.press("Enter")
        says(number, "“thirteen” is not a whole number: type it in digits, such as 3.")
        field.fill("13")
        field.press("Enter")
        says(number, "Right! 3 × 4 + 1 = 13 orders")
        number.evaluate("el => el.scrollIntoView({block: 'center'})")
        page.screenshot(path=str(ARTIFACTS / "01_revealed-number-1280x720.png"))

        # a player, by name
        players = output_with("Zsófi")
        players.get_by_role("button", name="Zsófi").click()
        says(players, "Zsófi sits to Gábor's left")
        players.get_by_role("button", name="Péter").click()
        says(players, "Right! The draft starts with the player to the start player's right")
        assert "Traceback" not in page.locator(".jp-Notebook").text_content()
        timings["answer controls"] = "lesson 01 answered by clicks and typing in JupyterLab"
    finally:
        context.close()
