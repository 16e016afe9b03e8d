"""Lesson 10 (beat the greedy bot) in a real JupyterLab at 1280×720 with the file browser open:
the learner answers idea 2 with clicks on the board — a black tile first (the greedy bot's
move: the feedback says why not), Start again, then the only yellow tile (right: Péter answers
elsewhere and a black tile waits). The position is mirrored in this process so every click
lands on its target's centre; texts are read with ``textContent``."""

from __future__ import annotations

import lab
import pytest
from test_puzzle_in_lab import _SCALE_JS, ARTIFACTS, REPO, wait_until_still

from widgets.tutorial import beatgreedy


@pytest.fixture(scope="module")
def lesson_lab(start_lab):
    return start_lab([REPO / "notebooks"])


def test_take_first_what_they_will_take_by_clicks(browser, lesson_lab, timings) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    try:
        lab.open_notebook(page, lesson_lab.base_url, "10_beat_the_greedy_bot.ipynb")
        lab.lab_command(page, "filebrowser:activate")
        lab.run_all(page)
        puzzle = beatgreedy.first_puzzle()  # the mirror of the lesson's second board
        session = puzzle.session
        canvas = lab.wait_for_canvas(page, index=1)
        page.wait_for_function(
            "el => el.getBoundingClientRect().width > 100", arg=canvas.element_handle()
        )
        canvas.evaluate("el => el.closest('.jp-OutputArea-output').id = 'take-first'")
        output = page.locator("#take-first")
        scale = canvas.evaluate(_SCALE_JS)

        def says(text: str) -> None:
            page.wait_for_function(
                "([el, text]) => el.textContent.includes(text)",
                arg=[output.element_handle(), text],
                timeout=30_000,
                polling=200,
            )  # not every frame: the page may be idle

        def click(target: str) -> None:
            wait_until_still(page, canvas)
            box = session.layout.box(target)
            lab.click_canvas(page, canvas, box.cx * scale, box.cy * scale)
            session.click(target)

        says("Not solved yet")
        click("space:F4")  # a black tile: what the greedy bot buys
        says("A black tile is what the greedy bot would buy here")
        output.get_by_role("button", name="Start again").click()
        session.restart()
        says("Not solved yet")
        click(f"space:{beatgreedy.contested_space()}")  # the only yellow tile
        says("Well done: you bought the only yellow tile")
        says("still on display when your turn comes again")
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        output.evaluate("el => el.scrollIntoView({block: 'start'})")
        page.screenshot(path=str(ARTIFACTS / "10_take_first-right-1280x720.png"))
    finally:
        context.close()
