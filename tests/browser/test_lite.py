"""The offline JupyterLite site (``make lite`` → build/lite), for real: a plain static web
server on 127.0.0.1, headless Chromium with every request to any other host aborted, lesson 00
run in the browser's own Python (Pyodide), its board drawn, and a click played.

``make test`` builds the site first; run on its own, this test needs ``make lite`` once.
"""

from __future__ import annotations

import contextlib
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import lab
import pytest
from test_motion_in_browser import COUNT_LAYERS

from widgets.session import GameSession
from widgets.tutorial import start

REPO = Path(__file__).resolve().parents[2]
SITE = REPO / "build" / "lite"

# Every cell's outputs of the current notebook, from JupyterLab's model.
_OUTPUTS_JS = """() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const cells = [];
  const model = panel.content.model;
  for (let i = 0; i < model.cells.length; i++) {
    const cell = model.cells.get(i);
    if (cell.type === 'code') cells.push(cell.outputs.toJSON());
  }
  return cells;
}"""

# How many kernels run in the page (one per notebook: none started twice).
_KERNELS_JS = "() => [...window.jupyterapp.serviceManager.kernels.running()].length"


@pytest.fixture(scope="module")
def lite_site() -> Iterator[str]:
    """build/lite served by ``python -m http.server`` (what any laptop has), stopped after."""
    if not (SITE / "index.html").exists():
        pytest.fail(
            f"no JupyterLite site in {SITE}: build it with `make lite` (`make test` does)",
            pytrace=False,
        )
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "http.server",
            "--bind",
            "127.0.0.1",
            "--directory",
            str(SITE),
            str(port),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 15
        while True:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 1):
                break
            if time.monotonic() > deadline:
                pytest.fail("the static web server did not start", pytrace=False)
            time.sleep(0.1)
        yield f"http://127.0.0.1:{port}"
    finally:
        server.terminate()
        server.wait(10)


def run_on_the_site(page, site: str, path: str, timings: dict[str, str]):
    """Open ``path`` on the site, run all its cells in the browser's Python and wait for its
    first board; fails on any error output. Returns the boards. Prints the time from opening
    the page to the first board drawn (issue 31's figure), its two parts, and the time until
    all the notebook's cells have run."""
    opened = time.perf_counter()
    page.goto(f"{site}/lab/index.html?path={path}", wait_until="domcontentloaded")
    page.wait_for_selector(".jp-Notebook", timeout=60_000)
    lab.wait_kernel_idle(page, timeout=120_000)
    idle = time.perf_counter()
    lab.start_run_all(page)
    boards = page.locator(".gluckauf-svgboard")
    boards.first.locator("svg").first.wait_for(timeout=120_000)
    drawn = time.perf_counter()
    lab.wait_cells_run(page, timeout=240_000)
    done = time.perf_counter()
    timings[f"lite: {path}: page opened → board drawn"] = (
        f"{drawn - opened:.1f} s (kernel idle {idle - opened:.1f} s, then the first board "
        f"{drawn - idle:.1f} s); all cells run at {done - opened:.1f} s"
    )
    outputs = page.evaluate(_OUTPUTS_JS)
    errors = [out for cell in outputs for out in cell if out["output_type"] == "error"]
    assert not errors, errors[0]
    # The kernel started with JupyterLab (lite/warm-start.js), and the notebook took it over.
    assert page.evaluate("window.gluckaufWarmStart") == "started"
    assert page.evaluate(_KERNELS_JS) == 1, "the notebook started a second kernel"
    return boards


_CENTRE_ON_JS = """([el, y]) => {
  const scroller = el.closest('.jp-WindowedPanel-outer') || document.scrollingElement;
  scroller.scrollBy(0, el.getBoundingClientRect().top + y - innerHeight / 2);
}"""


def click(page, board, session: GameSession, target: str) -> float:
    """Click ``target``'s centre on the page's board (scrolled to the middle of the screen)
    and in the mirror ``session``; wait until that board's widget says what the mirror said.
    Returns the seconds that took."""
    scale = board.bounding_box()["width"] / session.layout.width
    centre = session.layout.box(target)
    page.evaluate(_CENTRE_ON_JS, [board.element_handle(), centre.cy * scale])
    page.wait_for_timeout(300)  # the scroll settles
    box = board.bounding_box()
    x, y = box["x"] + centre.cx * scale, box["y"] + centre.cy * scale
    assert 0 < y < page.viewport_size["height"], f"{target} is off the screen at y={y}"
    widget = board.locator("xpath=ancestor::div[contains(@class, 'widget-vbox')][1]")
    started = time.perf_counter()
    page.mouse.click(x, y)
    session.click(target)
    widget.get_by_text(session.log[-1]).first.wait_for(timeout=30_000)
    return time.perf_counter() - started


def test_lesson_00_runs_offline_in_the_browser_and_its_board_plays(
    lite_site, offline_page, timings
) -> None:
    page, aborted = offline_page
    page.set_viewport_size({"width": 1280, "height": 720})
    boards = run_on_the_site(page, lite_site, "notebooks/00_start_here.ipynb", timings)
    assert boards.count() >= 2  # the first move and the bots' game
    # The first board is the first-move puzzle: click a legal target, as a learner would.
    mirror = start.first_move_puzzle().session
    seconds = click(page, boards.first, mirror, sorted(mirror.legal_targets())[0])
    timings["lite: click → the move shown (SVG board, Pyodide)"] = f"{seconds:.2f} s"
    (REPO / "test-artifacts").mkdir(exist_ok=True)
    page.screenshot(path=str(REPO / "test-artifacts" / "lite-lesson-00.png"))
    assert "Traceback" not in page.inner_text(".jp-Notebook")
    assert not aborted, f"the site asked the internet for {aborted[:5]}"


def test_a_link_to_no_notebook_starts_no_kernel(lite_site, offline_page) -> None:
    """The warm start (lite/warm-start.js) starts a kernel for the notebook in the address
    at once, and asks whether it exists at the same time: a notebook that is not there has its
    kernel shut down again."""
    page, _aborted = offline_page
    page.goto(f"{lite_site}/lab/index.html?path=notebooks/no_such_lesson.ipynb")
    page.wait_for_function("() => (window.gluckaufWarmStart || '').startsWith('skipped')")
    assert page.evaluate("window.gluckaufWarmStart") == "skipped: no such notebook"
    page.wait_for_function(f"() => ({_KERNELS_JS})() === 0", timeout=30_000)


def test_the_play_app_s_bots_answer_in_the_browser(lite_site, offline_page, timings) -> None:
    """Pyodide has no threads: the bots think on the event loop (widgets.botturns)."""
    page, aborted = offline_page
    page.add_init_script(COUNT_LAYERS)  # each move shown moving (issue 27)
    boards = run_on_the_site(page, lite_site, "notebooks/play.ipynb", timings)
    mirror = GameSession(seats=["human", "greedy", "greedy"], seed=1)  # as play.ipynb
    while mirror.is_bot_turn:
        mirror.bot_step()
    lab.wait_for_text(page, mirror.log[-1], timeout=30_000)  # the bots drafted first
    seconds = click(page, boards.first, mirror, sorted(mirror.legal_targets())[0])
    timings["lite: play app click → the move shown"] = f"{seconds:.2f} s"
    while mirror.is_bot_turn:
        mirror.bot_step()
    lab.wait_for_text(page, mirror.log[-1], timeout=30_000)  # and answered the click
    while mirror.state.phase == "draft":  # on to placing workers: those moves move
        click(page, boards.first, mirror, sorted(mirror.legal_targets())[0])
        while mirror.is_bot_turn:
            mirror.bot_step()
        lab.wait_for_text(page, mirror.log[-1], timeout=30_000)
    click(page, boards.first, mirror, sorted(mirror.legal_targets())[0])
    page.wait_for_function("window.__gkLayers >= 1", timeout=10_000)  # shown moving
    # Saving and loading in the browser: its own file system, the schema checked in Pyodide.
    page.get_by_role("button", name="Save", exact=True).click()
    lab.wait_for_text(page, "Saved the game to game.json.", timeout=30_000)
    saved = page.evaluate(
        "async () => (await window.jupyterapp.serviceManager.contents.get("
        "'notebooks/game.json', {content: false})).path"
    )
    assert saved == "notebooks/game.json"  # in the site's files, beside the notebook: kept
    page.get_by_role("button", name="Load", exact=True).click()
    lab.wait_for_text(page, "Loaded game.json.", timeout=30_000)
    assert not aborted, f"the site asked the internet for {aborted[:5]}"
