"""The board's canvas in a real page, driven from a mirror :class:`GameSession` in the test.

The same position is kept in the test's process, so every click lands on the centre of its
target's box from the shared geometry and the expected message comes from the engine.
"""

from __future__ import annotations

import time

import lab

from widgets.session import GameSession


class Board:
    """The board's canvas in the page (ipycanvas composes the three layers into one element),
    addressed in the geometry's picture coordinates (the canvas may be shown smaller)."""

    def __init__(self, page, session: GameSession) -> None:
        self.page = page
        self.canvas = lab.wait_for_canvas(page)
        page.wait_for_function(
            "el => el.getBoundingClientRect().width > 100", arg=self.canvas.element_handle()
        )
        self.scale = self.canvas.bounding_box()["width"] / session.layout.width

    def css(self, x: float, y: float) -> tuple[float, float]:
        return x * self.scale, y * self.scale

    def pixel(self, x: float, y: float) -> tuple[int, ...]:
        return lab.canvas_pixel(self.page, self.canvas, *self.css(x, y))

    def wait_pixel(self, x: float, y: float, colour: str, timeout: float = 15_000) -> None:
        lab.wait_for_pixel(
            self.page, self.canvas, *self.css(x, y), (*lab.hex_rgb(colour), 255), timeout=timeout
        )

    def click(self, session: GameSession, target: str, expect: str) -> None:
        """Click a target's centre in the page and in the mirror; wait for ``expect``."""
        box = session.layout.box(target)
        lab.click_canvas(self.page, self.canvas, *self.css(box.cx, box.cy))
        session.click(target)
        lab.wait_for_text(self.page, expect)


def show_from_the_top(board: Board) -> None:
    """Scroll the notebook to its top and wait until the board stops moving: JupyterLab renders
    the cells above a board only as they come into view, and a click aimed while they grow
    lands elsewhere (run-all leaves the page scrolled to the last cell)."""
    board.page.evaluate(
        "() => { const p = document.querySelector('.jp-WindowedPanel-outer');"
        " if (p) p.scrollTop = 0; }"
    )
    before = None
    for _ in range(40):
        box = board.canvas.bounding_box()
        if box is not None and box == before:
            return
        before = box
        board.page.wait_for_timeout(150)


def play_app(page, url: str, lang: str = "en") -> tuple[Board, GameSession, float]:
    """Open ``play.ipynb`` (in ``lang``'s folder) served as an app at ``url``; once its board is
    drawn, take the first order of the draft. Returns the board, its mirror and the seconds
    until drawn."""
    from gluckauf.text import messages
    from gluckauf.text.i18n import language
    from gluckauf.text.words import order_name
    from widgets import labels
    from widgets.draw import PAPER

    mirror = GameSession(seats=["human", "greedy", "greedy"], seed=1)  # as play.ipynb
    while mirror.is_bot_turn:
        mirror.bot_step()
    started = time.perf_counter()
    page.goto(url, wait_until="domcontentloaded")
    board = Board(page, mirror)
    board.wait_pixel(3, 3, PAPER, timeout=60_000)
    drawn = time.perf_counter() - started
    name = mirror.state.names[mirror.state.current]
    target = sorted(mirror.legal_targets())[0]
    with language(lang):
        asked = labels.say("status.draft", name=name).split(" (")[0]
        order = order_name(target.split(":")[1], as_object=True)  # what the player took
        took = messages.say("event.draft", name=name, order=order)
    lab.wait_for_text(page, asked, timeout=30_000)
    board.click(mirror, target, took)
    return board, mirror, drawn
