"""The game widget in a real JupyterLab and a real Voilà, in headless Chromium.

JupyterLab (tests/browser/notebooks/board_game.ipynb): the board renders (pixels), a click on an
illegal space shows the engine's explanation, a click on a legal space changes the state and the
canvas, a whole mining turn is played by clicks, and after saving and reloading the page the
canvas is redrawn with the current state. Voilà (notebooks/play.ipynb, the app): it loads, draws,
lets the bots move and accepts the learner's click. The same position is mirrored in this
process so every click lands on the centre of its target's box from the shared geometry.
"""

from __future__ import annotations

import time
from pathlib import Path

import lab
import pytest
from boardpage import Board, play_app

from gluckauf.core.builder import PositionBuilder
from widgets.draw import PAPER, PLAYER
from widgets.session import GameSession

REPO = Path(__file__).resolve().parents[2]
STATIC, PIECES, HIGHLIGHTS = 0, 1, 2
SPACE_FILL = "#fbf7ee"
LIGHT_TILE = "#fff1bf"  # the frame of a light-side tile, seen where a loaded cube was
STOP_FILL = "#f4d3cf"  # the Stop mining button


def mirrored_position() -> GameSession:
    """The same position as board_game.ipynb builds."""
    state = (
        PositionBuilder(players=2, seed=1, names=["Ada", "Bea"])
        .orders(0, "W2Y")
        .tiles(0, "Y1L")
        .turn(0)
        .build()
    )
    return GameSession(state, seats=["human", "human"])


def disc_pixel(session: GameSession, space: str) -> tuple[float, float]:
    """A point inside the body of the worker piece drawn on a space, left of its initial
    (widgets.draw: the piece stands 8 px left of the centre, 2 px above the bottom)."""
    box = session.layout.box(f"space:{space}")
    return box.cx - 13, box.y + box.h - 11


@pytest.fixture(scope="module")
def board_lab(start_lab):
    return start_lab([Path(__file__).parent / "notebooks"])


def test_board_in_jupyterlab_clicks_explains_mines_and_survives_a_reload(board_lab, page, timings):
    mirror = mirrored_position()
    t0 = time.perf_counter()
    lab.open_notebook(page, board_lab.base_url, "board_game.ipynb")
    lab.run_all(page)
    board = Board(page, mirror)
    board.wait_pixel(3, 3, PAPER)
    m6 = disc_pixel(mirror, "M6")
    board.wait_pixel(*m6, SPACE_FILL)
    timings["board: lab open → drawn"] = f"{time.perf_counter() - t0:.1f} s"

    # An illegal click explains itself with the engine's reason and rule, and changes nothing.
    board.click(mirror, "space:F4", "Tile space F4 is locked in a 2-player game. (R-SETUP-1)")
    assert board.pixel(*m6)[:3] == lab.hex_rgb(SPACE_FILL)

    # A legal click: place a worker on Mining 6 — the state and the canvas change: at a
    # glance, the picture now shows what mining needs, the steps with Stop mining and the mine
    board.click(mirror, "space:M6", "Ada starts mining with 6 work steps.")
    assert mirror.layout.sections == ("steps", "mine", "bar")
    stop = mirror.layout.box("stop")
    board.wait_pixel(stop.x + 20, stop.y + 5, STOP_FILL)

    # A mining turn by clicks: cage down, load, cage up, select the cube, fill the slot, stop.
    board.click(mirror, "level:0:1", "Ada moved the cage to level 1 (yellow).")
    board.click(mirror, "cart:0:1:1", "Ada loaded a yellow cube into the cage at level 1.")
    cart = mirror.layout.box("cart:0:1:1")
    board.wait_pixel(cart.right - 7, cart.y + 4, LIGHT_TILE)
    board.click(mirror, "level:0:0", "Ada moved the cage to the surface.")
    board.click(mirror, "cage:0:0", "Selected: a yellow cube from the cage.")

    # Click → canvas latency: toggling the selection outline of the cage cube (even count).
    cube = mirror.layout.box("cage:0:0")
    samples = lab.measure_click_latency(
        page,
        board.canvas,
        *board.css(cube.cx, cube.cy),
        probe=board.css(cube.x - 3, cube.cy),
        clicks=10,
    )
    timings["board: click→canvas latency (lab)"] = lab.latency_summary(samples)

    board.click(
        mirror,
        "slot:0:W2Y:0",
        "Ada filled a yellow slot of the 2-VP wheelbarrow order (yellow) with a yellow "
        "cube from the cage.",
    )
    board.click(mirror, "stop", "Ada stopped mining.")
    lab.wait_for_text(page, "Bea: place workers on a space")
    assert mirror.state.current == 1

    # Save, reload: a new view gets a full redraw of the CURRENT state.
    lab.save_notebook(page)
    t0 = time.perf_counter()
    page.reload(wait_until="domcontentloaded")
    lab.wait_kernel_idle(page)
    board = Board(page, mirror)
    board.wait_pixel(3, 3, PAPER)
    board.wait_pixel(*m6, PLAYER[0])
    bea = mirror.layout.box("mine:1")  # Bea is to act: her mine is the one shown (in brief)
    board.wait_pixel(bea.x + 1, bea.cy, PLAYER[1])
    timings["board: lab reload → redrawn"] = f"{time.perf_counter() - t0:.1f} s"
    # …and it still plays.
    board.click(mirror, "space:$4", "Bea took 4 Marks.")
    assert mirror.state.money[1] == 14


def test_play_app_in_voila_loads_draws_and_accepts_clicks(start_voila, page, timings):
    server = start_voila([REPO / "notebooks" / "play.ipynb", REPO / "voila.json"])
    lab.wait_for_warm_kernel(server, "play.ipynb")
    _board, _mirror, drawn = play_app(page, lab.voila_url(server, "play.ipynb"))
    timings["board: voila load → drawn"] = f"{drawn:.1f} s"
    # voila.json (from the repository's root) keeps one kernel warm with the app already run.
    assert "Using pre-heated kernel" in server.log_path.read_text(), server.log_tail()
