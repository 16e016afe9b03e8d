"""Learner mode in a real JupyterLab at 1280×720 with the file browser open (issue 10): lesson 04's
six-step puzzle shows only Undo, Redo, Start again, Hint, the view switch, the moves and the
language picker; falling into
the W2Y trap by clicks says "Dead end" at once and how far to undo; Undo lifts it; Hint names
the next move of the puzzle's own solution; a refusal's rule ID opens its rule when clicked. The
position is mirrored in this process so every click lands on its target's centre. Texts are read
with ``textContent``: JupyterLab skips rendering cells out of view (``content-visibility``), and
``innerText`` of those is empty."""

from __future__ import annotations

import os
from pathlib import Path

import lab
import pytest

from gluckauf.text.catalogue import RULES
from widgets.tutorial import mining

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(os.environ.get("GLUCKAUF_ARTIFACTS", REPO / "test-artifacts")) / "screenshots"
_SCALE_JS = "el => el.getBoundingClientRect().width / (el.width / 2)"  # backing store is 2×


def wait_until_still(page, canvas, timeout: float = 15.0) -> None:
    """Wait until the canvas stops moving on the page (outputs above it settle)."""
    before = None
    for _ in range(int(timeout / 0.25)):
        now = canvas.bounding_box()
        if now == before:
            return
        before = now
        page.wait_for_timeout(250)
    raise AssertionError("the board kept moving on the page")


@pytest.fixture(scope="module")
def mining_lab(start_lab):
    return start_lab([REPO / "notebooks"])


def test_the_six_step_puzzle_in_learner_mode(browser, mining_lab, timings) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    try:
        lab.open_notebook(page, mining_lab.base_url, "04_mining.ipynb")
        lab.lab_command(page, "filebrowser:activate")
        lab.run_all(page)
        puzzle = mining.six_steps_puzzle()  # the mirror of the lesson's second board
        session = puzzle.session
        canvas = lab.wait_for_canvas(page, index=1)
        page.wait_for_function(
            "el => el.getBoundingClientRect().width > 100", arg=canvas.element_handle()
        )
        # the puzzle's output area: mark it, so that locators can find it again
        canvas.evaluate("el => el.closest('.jp-OutputArea-output').id = 'six-steps'")
        output = page.locator("#six-steps")
        scale = canvas.evaluate(_SCALE_JS)

        page.wait_for_function(  # the puzzle's widgets have rendered
            "el => [...el.querySelectorAll('button')].some(b => b.textContent.includes('Hint'))",
            arg=output.element_handle(),
            timeout=30_000,
        )
        controls = output.evaluate(
            "el => [...el.querySelectorAll('button, select, input')]"
            ".filter(c => c.offsetParent !== null).map(c => c.textContent.trim())"
        )
        # the puzzle's four buttons, the view switch, the moves, the board in words, then the
        # language picker (each language in its own words)
        assert (
            controls[:8]
            == [
                "Undo",
                "Redo",
                "Start again",
                "Hint",
                "At a glance",
                "Whole table",
                "Moves",
                "Describe",
            ]
            and len(controls) == 9
        )
        assert all(name in controls[8] for name in ("English", "Deutsch", "Magyar"))

        def says(text: str, *, gone: bool = False) -> None:
            """Wait until the puzzle's output shows ``text`` (or no longer does)."""
            page.wait_for_function(
                "([el, text, gone]) => el.textContent.includes(text) !== gone",
                arg=[output.element_handle(), text, gone],
                timeout=15_000,
            )

        def click(target: str) -> None:
            wait_until_still(page, canvas)  # the lesson's last outputs may still be arriving
            box = session.layout.box(target)
            lab.click_canvas(page, canvas, box.cx * scale, box.cy * scale)
            session.click(target)

        click("cage:0:0")  # the yellow cube in the cage ...
        says("Selected: a yellow cube")
        click("slot:0:W2Y:0")  # ... onto the wheelbarrow order: the trap
        assert [str(a) for a in session.state.history] == ["fill W2Y:Y cY"]
        says("Dead end: from here the goal can no longer be reached")
        says("Take back 1 move with Undo")
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        output.evaluate("el => el.scrollIntoView({block: 'start'})")
        page.screenshot(path=str(ARTIFACTS / "04_mining-dead-end-1280x720.png"))

        output.get_by_role("button", name="Undo").click()
        says("Dead end", gone=True)
        output.get_by_role("button", name="Hint").click()
        says("Hint: Move the cage down to level 4")

        click("cart:0:4:0")  # a cart where the cage is not: refused, with R-MINE-2
        chip = output.locator("summary", has_text=f"R-MINE-2 · {RULES['R-MINE-2'].title}")
        chip.wait_for(state="visible", timeout=15_000)
        summary = RULES["R-MINE-2"].summary[:40]
        assert not output.get_by_text(summary).first.is_visible()  # closed: only its title
        chip.click()
        output.get_by_text(summary).first.wait_for(state="visible", timeout=5_000)
        page.screenshot(path=str(ARTIFACTS / "04_mining-rule-open-1280x720.png"))
        timings["learner mode"] = "dead end, undo, hint and rule link seen in JupyterLab"
    finally:
        context.close()
