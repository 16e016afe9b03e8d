"""A whole game played by real clicks in a real page, measuring what a learner sees (issue 24).

:class:`Walk` drives a board in the page from a mirror :class:`~widgets.board.BoardWidget` in
this process: a bot picks each decision, its clicks go to the centre of their targets' boxes
(from the shared geometry) as real mouse events, and the mirror takes the same clicks, so the
answer the page must show is known. Nothing is scrolled by the walk: a learner who scrolled
the board into view once should never have to scroll again. For every click it records
whether the target was inside the visible area when clicked and the answer line after, how
long the answer took to appear, and the board's size per view.
"""

from __future__ import annotations

import statistics
import time
from collections import Counter
from dataclasses import dataclass, field

import lab

from gluckauf.bots.registry import make_bot
from widgets.board import BoardWidget
from widgets.clicks import sequences, token_of
from widgets.geometry import announcement_boxes

#: The area a learner sees: JupyterLab's notebook panel (under its toolbar), or the window.
VISIBLE_JS = """() => {
  const panel = document.querySelector(
    '.jp-NotebookPanel:not(.lm-mod-hidden) .jp-WindowedPanel-outer');
  if (!panel) return {x: 0, y: 0, w: window.innerWidth, h: window.innerHeight};
  const r = panel.getBoundingClientRect();
  return {x: r.x, y: r.y, w: r.width, h: Math.min(r.height, window.innerHeight - r.y)};
}"""
BOX_JS = """el => { const r = el.getBoundingClientRect();
                    return {x: r.x, y: r.y, w: r.width, h: r.height}; }"""
ANSWER_JS = """([el, want]) => el.textContent.replace(/\\s+/g, ' ').includes(want)"""


def inside(box: dict, area: dict, slack: float = 0.5) -> bool:
    return (
        box["x"] >= area["x"] - slack
        and box["y"] >= area["y"] - slack
        and box["x"] + box["w"] <= area["x"] + area["w"] + slack
        and box["y"] + box["h"] <= area["y"] + area["h"] + slack
    )


@dataclass
class Walk:
    page: object
    mirror: BoardWidget
    board: object  # the page's .gluckauf-board locator
    focus_first: bool = True  # focus a button before each decision, as a learner's last press
    clicks: int = 0
    decisions: int = 0
    target_in_view: int = 0
    answer_in_view: int = 0
    latencies: list[float] = field(default_factory=list)
    board_heights: dict[str, float] = field(default_factory=dict)
    picture_sizes: dict[str, tuple[float, float]] = field(default_factory=dict)
    misses: list[str] = field(default_factory=list)
    phases: Counter = field(default_factory=Counter)

    def __post_init__(self) -> None:
        self.canvas = self.board.locator("canvas").first
        self.answer = self.board.locator(".gluckauf-answer").first

    # --- one click ---------------------------------------------------------------------------
    def click(self, x: float, y: float, what: str) -> None:
        """A real click at picture point (x, y), and the same click on the mirror; then wait
        for the mirror's answer in the page's answer line."""
        page, canvas = self.page, self.canvas
        box = canvas.evaluate(BOX_JS)
        scale = box["w"] / self.mirror.session.layout.width
        area = page.evaluate(VISIBLE_JS)
        target = self.mirror.session.layout.hit(x, y)
        tbox = self.mirror.session.layout.box(target) if target else None
        if tbox is not None:
            spot = {
                "x": box["x"] + tbox.x * scale,
                "y": box["y"] + tbox.y * scale,
                "w": tbox.w * scale,
                "h": tbox.h * scale,
            }
        else:  # a card's button: the point itself
            spot = {"x": box["x"] + x * scale, "y": box["y"] + y * scale, "w": 1, "h": 1}
        seen = inside(spot, area)
        self.target_in_view += seen
        if not seen:
            self.misses.append(f"target {what} out of view: {spot} not in {area}")
        cx = lab._ceil(box["x"] + x * scale)
        cy = lab._ceil(box["y"] + y * scale)
        page.mouse.move(cx, cy)
        started = time.perf_counter()
        page.mouse.down()
        page.mouse.up()
        self.mirror._on_mouse_down(x, y)
        self.clicks += 1
        want = " ".join(self.mirror.session.message.split())[:48]
        if want:
            try:
                page.wait_for_function(
                    ANSWER_JS, arg=[self.answer.element_handle(), want], timeout=20_000
                )
            except Exception as error:  # say what the page shows instead
                shown = self.answer.text_content()
                raise AssertionError(
                    f"after {what}: the page says {shown!r}, the mirror {want!r}"
                ) from error
        self.latencies.append(time.perf_counter() - started)
        answer = self.answer.evaluate(BOX_JS)
        answer["h"] = min(answer["h"], 40)  # its first two lines: the answer itself
        shown = inside(answer, page.evaluate(VISIBLE_JS))
        self.answer_in_view += shown
        if not shown:
            self.misses.append(f"answer after {what} out of view: {answer}")

    def measure(self) -> None:
        """The board's outer box and its picture, for the view the decision is shown in."""
        key = "+".join(self.mirror.session.layout.sections)
        outer = self.board.evaluate(BOX_JS)
        picture = self.canvas.evaluate(BOX_JS)
        self.board_heights[key] = max(self.board_heights.get(key, 0), outer["h"])
        self.picture_sizes[key] = (
            picture["w"],
            max(picture["h"], self.picture_sizes.get(key, (0, 0))[1]),
        )

    # --- a whole game ------------------------------------------------------------------------
    def play(self, seed: int, *, until_shift: int | None = None) -> None:
        """Play the mirror's game to its end (or until shift ``until_shift`` begins) by clicks,
        the greedy bot choosing; every scoring card is read with Next ▸ and closed."""
        chooser = make_bot("greedy", seed)
        session = self.mirror.session
        while True:
            if self.mirror._steps:
                boxes = announcement_boxes(session.layout, self.mirror._card_lines())
                last = self.mirror._step + 1 >= len(self.mirror._steps)
                button = boxes["done" if last else "next"]
                self.click(button.cx, button.cy, "a card's " + ("Continue" if last else "Next"))
                continue
            state = session.state
            if state.is_over or (until_shift and state.shift >= until_shift):
                return
            action = chooser.choose(state)
            self.decisions += 1
            self.phases[state.phase] += 1
            self.measure()
            if self.focus_first:
                self.board.locator("button", has_text="Redo").first.focus()
            for token in sequences(action, state)[0]:
                name = next(
                    n
                    for n, _box in session.layout.clickable
                    if token_of(n, state) == token and n not in session.pending
                )
                box = session.layout.box(name)
                self.click(box.cx, box.cy, f"{name} ({action})")

    def summary(self) -> str:
        ms = sorted(1000 * s for s in self.latencies)
        p90 = ms[int(0.9 * (len(ms) - 1))] if ms else 0
        views = "; ".join(
            f"{key}: picture {w:.0f}×{h:.0f}, board {self.board_heights[key]:.0f}"
            for key, (w, h) in sorted(self.picture_sizes.items())
        )
        return (
            f"{self.decisions} decisions ({dict(self.phases)}), {self.clicks} clicks; "
            f"target in view {self.target_in_view}/{self.clicks}, answer in view "
            f"{self.answer_in_view}/{self.clicks}; click → answer median "
            f"{statistics.median(ms):.0f} ms, p90 {p90:.0f} ms; px tall by view: {views}"
        )


__all__ = ["Walk", "inside"]
