"""One game, two learners (notebooks/table.ipynb): two browsers on one JupyterLab server with
real-time collaboration (jupyter-collaboration) share the notebook and its kernel, so both show
the same board. Each screen takes a seat; a click from the screen whose player is not to act is
refused with a message both screens show (R-TURN-1); a click from the right screen plays, and
both canvases change to the same picture. A screen without a seat cannot stop the bots; New game
asked on one screen is shown on both and starts only when the other screen agrees.

The server runs on 127.0.0.1 and is stopped by the test. A mirror session in this process plays
the same moves, so every click lands on its target and every expected message is the engine's.
"""

from __future__ import annotations

import hashlib
import os
import time
from pathlib import Path

import lab
import pytest
from boardpage import Board, show_from_the_top

from widgets.draw import PAPER
from widgets.labels import say
from widgets.session import GameSession

REPO = Path(__file__).resolve().parents[2]
NOTEBOOK = "table.ipynb"
ARTIFACTS = Path(os.environ.get("GLUCKAUF_ARTIFACTS", REPO / "test-artifacts")) / "screenshots"


@pytest.fixture(scope="module")
def table_lab(jupyter_env, tmp_path_factory):
    sources = [REPO / "notebooks" / NOTEBOOK, REPO / "notebooks" / "reference.ipynb"]
    root = lab.copy_notebooks(sources, tmp_path_factory.mktemp("table-root"))
    with lab.jupyterlab_server(jupyter_env, root, collaborative=True) as server:
        yield server


def picture(board: Board) -> str:
    """A digest of everything the canvas shows (its backing store, as a PNG)."""
    data = board.canvas.evaluate("el => el.toDataURL('image/png')")
    return hashlib.sha256(data.encode()).hexdigest()


def wait_same_picture(boards: list[Board], unlike: str | None = None,
                      timeout: float = 15.0) -> str:  # fmt: skip
    """Wait until every board shows the same picture (and not ``unlike``); return it."""
    deadline = time.monotonic() + timeout
    while True:
        shown = {picture(b) for b in boards}
        if len(shown) == 1 and unlike not in shown:
            return shown.pop()
        if time.monotonic() > deadline:
            raise AssertionError(
                f"the screens show {len(shown)} pictures"
                + (" (unchanged)" if unlike in shown else "")
            )
        time.sleep(0.1)


def sit(page, name: str, pages) -> None:
    page.get_by_role("button", name=say("button.sit", name=name)).click()
    for other in pages:  # every screen sees the seat taken
        other.get_by_role("button", name=say("button.seated", name=name)).wait_for()


def test_two_screens_share_one_game_and_each_plays_only_its_own_seat(browser, table_lab, timings):
    mirror = GameSession(seats=["human", "human"], seed=3)  # as table.ipynb
    first, second = mirror.state.names
    contexts = [browser.new_context(viewport={"width": 1280, "height": 720}) for _ in range(2)]
    a, b = pages = [context.new_page() for context in contexts]
    try:
        t0 = time.perf_counter()
        lab.open_notebook(a, table_lab.base_url, NOTEBOOK, workspace="screen-a")
        lab.run_all(a)
        lab.open_notebook(b, table_lab.base_url, NOTEBOOK, workspace="screen-b")  # joins later
        boards = [Board(page, mirror) for page in pages]
        for board in boards:
            board.wait_pixel(3, 3, PAPER)
            show_from_the_top(board)
        before = wait_same_picture(boards)
        timings["table: two screens show the board"] = f"{time.perf_counter() - t0:.1f} s"

        # A screen without a seat cannot play: it is told to sit down first.
        target = sorted(mirror.legal_targets())[0]
        box = mirror.layout.box(target)
        lab.click_canvas(a, boards[0].canvas, *boards[0].css(box.cx, box.cy))
        for page in pages:
            lab.wait_for_text(page, say("msg.table_no_seat"))

        # Nor stop the bots: the button is put back on both screens, and the board says why.
        a.get_by_role("button", name=say("button.bots_stop")).click()
        a.get_by_text(say("button.bots_go")).wait_for(state="detached", timeout=2_000)
        for page in pages:
            lab.wait_for_text(page, say("msg.table_no_seat"))
            toggle = page.get_by_role("button", name=say("button.bots_stop"))
            page.wait_for_function(
                "el => el.classList.contains('mod-active')",  # still on
                arg=toggle.element_handle(),
                timeout=5_000,
            )

        sit(a, first, pages)
        sit(b, second, pages)

        # The second screen clicks for the first player: refused on both screens, nothing played.
        lab.click_canvas(b, boards[1].canvas, *boards[1].css(box.cx, box.cy))
        refusal = say("msg.table_not_your_turn", name=first, other=second)
        for page in pages:
            lab.wait_for_text(page, refusal)
        assert wait_same_picture(boards) == before

        # The first screen plays the same click: both screens show the move and the same board.
        boards[0].click(mirror, target, mirror_message(mirror, target))
        lab.wait_for_text(b, mirror.message)
        after_first = wait_same_picture(boards, unlike=before)
        assert mirror.state.current == 1

        # Now the first screen is refused, and the second plays.
        target = sorted(mirror.legal_targets())[0]
        box = mirror.layout.box(target)
        lab.click_canvas(a, boards[0].canvas, *boards[0].css(box.cx, box.cy))
        refusal = say("msg.table_not_your_turn", name=second, other=first)
        for page in pages:
            lab.wait_for_text(page, refusal)
        boards[1].click(mirror, target, mirror_message(mirror, target))
        lab.wait_for_text(a, mirror.message)
        wait_same_picture(boards, unlike=after_first)
        for page in pages:
            lab.wait_for_text(page, mirror.status())
            text = page.inner_text(".jp-Notebook")
            assert "Traceback" not in text and "Error:" not in text
        timings["table: seats taken, two moves refused, two played"] = (
            f"{time.perf_counter() - t0:.1f} s"
        )

        # New game changes the game for both: the first screen asks, both screens show the
        # request, and the game starts only when the second screen agrees. (New game is under
        # Game…: one press opens it on both screens, which show the same widgets.)
        a.get_by_role("button", name=say("button.settings")).click()
        a.get_by_role("button", name=say("button.new")).click()
        asked = say("ask.new", players=2, seed=3)
        for page in pages:
            lab.wait_for_text(
                page,
                say(
                    "msg.table_asked",
                    name=first,
                    what=asked,
                    waiting=second,
                    button=say("button.new"),
                ),
            )
            lab.wait_for_text(
                page,
                say(
                    "label.table_request",
                    what=asked,
                    agreed=first,
                    waiting=second,
                    button=say("button.new"),
                ),
            )
        wait_same_picture(boards, unlike=before)  # still the game under way
        request = b.get_by_text(
            say(
                "label.table_request",
                what=asked,
                agreed=first,
                waiting=second,
                button=say("button.new"),
            )
        )
        request.scroll_into_view_if_needed()
        ARTIFACTS.mkdir(parents=True, exist_ok=True)  # for a person to look at
        b.screenshot(path=str(ARTIFACTS / "table-new-game-asked-1280x720.png"))
        b.get_by_role("button", name=say("button.new")).click()
        for page in pages:
            lab.wait_for_text(page, say("msg.new_game", names=f"{first}, {second}"))
        assert wait_same_picture(boards) == before  # the same seed deals the same game
        timings["table: a new game asked for and agreed"] = f"{time.perf_counter() - t0:.1f} s"
    finally:
        for context in contexts:
            context.close()


def mirror_message(mirror: GameSession, target: str) -> str:
    """What the board will say after ``target`` is clicked (played on a copy of the mirror)."""
    probe = GameSession(mirror.state.copy(), seats=list(mirror.seats))
    probe.click(target)
    return probe.message
