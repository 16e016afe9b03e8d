"""Take docs/one-screen.md's screenshots of a checkout of the kit, at 1280×720.

    git worktree add /tmp/before <commit>
    .venv/bin/python docs/screenshots/take.py --repo /tmp/before --prefix before
    .venv/bin/python docs/screenshots/take.py --repo . --prefix after

The same moment each time: a two-player game after twelve greedy moves and a click the rules
refuse, in JupyterLab with the file browser open, then the checkout's play.ipynb in Voilà. The
kit is imported from ``--repo`` (PYTHONPATH); servers and Chromium come from tests/browser/lab.py.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1] / "tests" / "browser"))

import lab  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

GAME = """from gluckauf.bots.registry import make_bot
from widgets import BoardWidget, GameSession

session = GameSession(seats=["human", "human"], seed=1)
bot = make_bot("greedy", 1)
for _ in range(12):
    session.play(bot.choose(session.state))
session.click("space:DR")  # a refused click: where does its answer land?
BoardWidget(session)"""


def notebook(path: Path) -> None:
    cells = [
        {
            "cell_type": "markdown",
            "id": "a",
            "metadata": {},
            "source": "# Placing workers\n\nClick a space with an orange outline.",
        },
        {
            "cell_type": "code",
            "id": "b",
            "metadata": {},
            "execution_count": None,
            "outputs": [],
            "source": GAME,
        },
    ]
    path.write_text(
        json.dumps(
            {
                "cells": cells,
                "nbformat": 4,
                "nbformat_minor": 5,
                "metadata": {
                    "kernelspec": {
                        "display_name": "Python 3",
                        "language": "python",
                        "name": "python3",
                    }
                },
            }
        )
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repo", type=Path, required=True, help="the checkout to show")
    parser.add_argument("--prefix", required=True, help="file name prefix: before, after")
    args = parser.parse_args()
    root = Path(tempfile.mkdtemp())
    env = lab.make_jupyter_env(root / "env")
    env.env["PYTHONPATH"] = str(args.repo.resolve())
    env.env["GLUCKAUF_MOTION"] = "on"  # as a learner has it (the browser tests switch it off)
    pages = root / "pages"
    pages.mkdir()
    notebook(pages / "game.ipynb")
    for name in ("notebooks/play.ipynb", "voila.json"):
        (pages / Path(name).name).write_text((args.repo / name).read_text())
    with sync_playwright() as pw:
        browser = lab.launch_chromium(pw)
        page = browser.new_page(viewport={"width": 1280, "height": 720})
        with lab.jupyterlab_server(env, pages) as server:
            lab.open_notebook(page, server.base_url, "game.ipynb")
            lab.lab_command(page, "filebrowser:activate")
            lab.run_all(page)
            canvas = lab.wait_for_canvas(page)
            time.sleep(3)
            canvas.evaluate("el => el.closest('.jp-OutputArea').scrollIntoView()")
            time.sleep(2)
            page.screenshot(path=str(HERE / f"{args.prefix}-jupyterlab-1280x720.png"))
        with lab.voila_server(env, pages) as server:
            lab.wait_for_warm_kernel(server, "play.ipynb")
            lab.open_voila_board(page, server, "play.ipynb")
            time.sleep(4)
            page.screenshot(path=str(HERE / f"{args.prefix}-voila-1280x720.png"))
        browser.close()


if __name__ == "__main__":
    main()
