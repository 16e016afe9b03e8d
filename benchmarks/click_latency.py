"""Benchmark: click → updated canvas latency of the board widget, in a real browser.

    .venv/bin/python benchmarks/click_latency.py [--clicks 30] [--json] [--quick]

Starts JupyterLab on a copy of tests/browser/notebooks, opens board_game.ipynb in headless
Chromium, runs it, selects the board's cage cube and toggles that selection ``--clicks`` times.
Each sample is timed inside the page, from the mousedown event to the first changed pixel of
the selection outline (Python handler, message to the browser and the canvas redraw included).
Bar (issue 3): ≤ 100 ms median. ``--quick`` (tests/test_benchmarks.py): one click.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests" / "browser"))  # the browser-test helpers

import lab  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from gluckauf.core.builder import PositionBuilder  # noqa: E402
from widgets.session import GameSession  # noqa: E402


def board_position() -> GameSession:
    """The position board_game.ipynb builds, mirrored here to find the targets' boxes."""
    state = (
        PositionBuilder(players=2, seed=1, names=["Ada", "Bea"])
        .orders(0, "W2Y")
        .tiles(0, "Y1L")
        .turn(0)
        .build()
    )
    return GameSession(state, seats=["human", "human"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=30)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--quick", action="store_true", help="one click (seconds, not minutes)")
    args = parser.parse_args()
    if args.quick:  # smaller defaults; options given still count
        parser.set_defaults(clicks=1)
        args = parser.parse_args()
    try:
        lab.chromium_executable()  # fail at once, with instructions, without a browser
    except lab.BrowserTestSetupError as error:
        sys.exit(f"click_latency.py: {error}")
    mirror = board_position()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        env = lab.make_jupyter_env(root / "home")
        served = lab.copy_notebooks([REPO / "tests" / "browser" / "notebooks"], root / "nb")
        with lab.jupyterlab_server(env, served) as server, sync_playwright() as pw:
            browser = lab.launch_chromium(pw)
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            lab.open_notebook(page, server.base_url, "board_game.ipynb")
            lab.run_all(page)
            canvas = lab.wait_for_canvas(page)
            scale = canvas.bounding_box()["width"] / mirror.layout.width
            lab.wait_for_text(page, "Ada: place workers")
            for target, text in (
                ("space:M6", "starts mining"),
                ("level:0:1", "to level 1"),
                ("cart:0:1:1", "loaded a yellow"),
                ("level:0:0", "surface"),
            ):
                box = mirror.layout.box(target)
                lab.click_canvas(page, canvas, box.cx * scale, box.cy * scale)
                mirror.click(target)
                lab.wait_for_text(page, text)
            cube = mirror.layout.box("cage:0:0")
            samples = lab.measure_click_latency(
                page,
                canvas,
                cube.cx * scale,
                cube.cy * scale,
                probe=((cube.x - 3) * scale, cube.cy * scale),
                clicks=args.clicks,
            )
            browser.close()
    report = {
        "clicks": len(samples),
        "median_ms": round(statistics.median(samples), 1),
        "min_ms": round(min(samples), 1),
        "max_ms": round(max(samples), 1),
    }
    print(json.dumps(report) if args.json else f"click → canvas latency: {report}")


if __name__ == "__main__":
    main()
