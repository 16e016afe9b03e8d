"""Take docs/motion.md's frame strip: a bot's turn shown moving, frame by frame, at 1280×720.

    .venv/bin/python docs/screenshots/motion_frames.py [--moves 5]

Opens tests/browser/notebooks/motion_game.ipynb in Voilà (a human and a greedy bot, each move
shown moving), makes the human's move, then holds each of the bot's next ``--moves`` motions and
photographs it at its start, middle and end (Web Animations seeked, as the browser test does).
Writes ``motion-<move>-<frame>.png`` (the board only) and ``motion-strip.png`` (all of them, a
row per move) next to this file.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1] / "tests" / "browser"))

import lab  # noqa: E402
from PIL import Image  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from test_motion_in_browser import (  # noqa: E402
    COUNT_LAYERS,
    LONGEST,
    NOTEBOOKS,
    RECORD_ANIMATIONS,
    SEEK,
    SURFACES,
    after_draft,
    money_space,
)

from widgets.draw import workers_spot  # noqa: E402
from widgets.session import GameSession  # noqa: E402

FRAMES = (0.0, 0.5, 1.0)  # of each motion's length


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=5, help="the bot's moves to photograph")
    args = parser.parse_args()
    root = Path(tempfile.mkdtemp())
    env = lab.make_jupyter_env(root / "env")
    pages = lab.copy_notebooks([NOTEBOOKS / "motion_game.ipynb"], root / "pages")
    shots: list[list[Path]] = []
    with sync_playwright() as pw, lab.voila_server(env, pages) as server:
        browser = lab.launch_chromium(pw)
        page = browser.new_page(viewport={"width": 1280, "height": 720})
        page.add_init_script(RECORD_ANIMATIONS + COUNT_LAYERS)
        page.goto(lab.voila_url(server, "motion_game.ipynb"), wait_until="domcontentloaded")
        board = page.locator(SURFACES["canvas"]).first
        board.wait_for(state="visible", timeout=60_000)
        state, seats = after_draft(11)
        session = GameSession(state, seats=seats)
        spot = workers_spot(session.layout.box(money_space(session)))
        page.evaluate("window.__gkHold = true")
        lab.click_canvas(page, board, spot.cx, spot.cy - 40)
        board.scroll_into_view_if_needed()
        for move in range(args.moves):
            page.wait_for_function(f"window.__gkLayers >= {move + 2}", timeout=30_000)
            length = page.evaluate(LONGEST)
            row = []
            for frame, at in enumerate(FRAMES):
                page.evaluate(SEEK, length * at)
                path = HERE / f"motion-{move + 1}-{frame + 1}.png"
                board.screenshot(path=str(path))
                Image.open(path).quantize(256).save(path, optimize=True)  # a third the bytes
                row.append(path)
            shots.append(row)
        browser.close()
    strip(shots, HERE / "motion-strip.png")


def strip(rows: list[list[Path]], out: Path, scale: float = 0.5) -> None:
    """The frames side by side, a row per move, shrunk by ``scale``."""
    images = [[Image.open(path) for path in row] for row in rows]
    width, height = (round(side * scale) for side in images[0][0].size)
    sheet = Image.new(
        "RGB",
        (width * len(FRAMES) + 8 * (len(FRAMES) - 1), height * len(rows) + 8 * (len(rows) - 1)),
        "white",
    )
    for r, row in enumerate(images):
        for c, image in enumerate(row):
            sheet.paste(
                image.resize((width, height), Image.LANCZOS), (c * (width + 8), r * (height + 8))
            )
    sheet.save(out, optimize=True)
    print(f"{out}: {len(rows)} moves × {len(FRAMES)} frames")


if __name__ == "__main__":
    main()
