"""Every move shown moving (issue 27, 1) in a real Voilà and Chromium, on both surfaces.

The page's Web Animations are recorded (and, when a test asks, held at their start) by an init
script, so a motion can be looked at frame by frame: the moving piece starts away from its
place and ends on it, no motion lasts more than 300 ms, a key or a click ends it at once, a
bot's move moves too, and under ``prefers-reduced-motion`` nothing moves at all. The frames of a
bot's turn are saved as PNG files (``test-artifacts/screenshots/motion-*.png``).
"""

from __future__ import annotations

import re
from pathlib import Path

import lab
from test_readability import shot

from gluckauf import new_game
from gluckauf.bots.registry import make_bot
from widgets.draw import draw_workers, workers_spot
from widgets.motion import LENGTH
from widgets.painter import Painter, svg_elements
from widgets.session import GameSession

NOTEBOOKS = Path(__file__).parent / "notebooks"
SURFACES = {"canvas": "canvas.gluckauf-surface", "svg": ".gluckauf-surface .gluckauf-svgboard"}
MOTION = ".gluckauf-motion"

RECORD_ANIMATIONS = """
window.__gkAnims = [];
window.__gkHold = false;
const original = Element.prototype.animate;
Element.prototype.animate = function (keyframes, options) {
  const animation = original.call(this, keyframes, options);
  window.__gkAnims.push({ duration: options.duration, delay: options.delay || 0 });
  if (window.__gkHold) animation.pause();
  return animation;
};
"""
COUNT_LAYERS = """
window.__gkLayers = 0;  // motion layers laid over a board so far
new MutationObserver((records) => {
  for (const record of records) {
    for (const node of record.addedNodes) {
      if (node.classList && node.classList.contains("gluckauf-motion")) window.__gkLayers += 1;
    }
  }
}).observe(document, { childList: true, subtree: true });
"""
SEEK = """(t) => { for (const a of document.getAnimations()) a.currentTime = t; }"""
PIECES = f"""() => [...document.querySelectorAll('{MOTION} g.piece')].map((g) => {{
  const r = g.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }})"""


LONGEST = """Math.max(...document.getAnimations().map((a) => {
  const timing = a.effect.getTiming(); return timing.delay + timing.duration; }))"""


ARM_TIMER = """(index) => {
  // from the next mousedown to the first change of the board's answer line, and to its motion
  const timer = window.__gkTimer = { down: null, answer: null, motion: null };
  window.addEventListener("mousedown", () => { timer.down = performance.now(); },
                          { capture: true, once: true });
  const answer = document.querySelectorAll(".gluckauf-answer")[index];
  new MutationObserver((_, observer) => {
    if (timer.down !== null) { timer.answer = performance.now(); observer.disconnect(); }
  }).observe(answer, { subtree: true, childList: true, characterData: true });
  new MutationObserver((_, observer) => {
    if (document.querySelector(".gluckauf-motion")) {
      timer.motion = performance.now(); observer.disconnect();
    }
  }).observe(document.body, { subtree: true, childList: true });
}"""


def after_draft(seed: int) -> tuple:
    """The notebook's game (notebooks/motion_game.ipynb): after the draft, a human to place."""
    state = new_game(2, seed=seed)
    drafter = make_bot("greedy", seed)
    while state.phase == "draft":
        state.apply(drafter.choose(state))
    return state, ["human", "greedy"] if state.current == 0 else ["greedy", "human"]


def money_space(session: GameSession) -> str:
    """A money space the player to act may use now."""
    return next(t for t in sorted(session.legal_targets()) if t.startswith("space:$"))


def answer(page, index: int) -> str:
    return page.locator(".gluckauf-answer").nth(index).inner_text()


def wait_for_new_answer(page, index: int, before: str) -> None:
    page.wait_for_function(
        "([i, before]) => document.querySelectorAll('.gluckauf-answer')[i].innerText !== before",
        arg=[index, before],
        timeout=15_000,
    )


def test_each_move_moves_on_both_surfaces_and_a_key_ends_it(page, start_voila, timings) -> None:
    server = start_voila([NOTEBOOKS / "motion_game.ipynb"])
    page.add_init_script(RECORD_ANIMATIONS + COUNT_LAYERS)
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(lab.voila_url(server, "motion_game.ipynb"), wait_until="domcontentloaded")
    seen = []
    for index, (surface, selector) in enumerate(SURFACES.items()):
        picture = page.locator(selector).first
        picture.wait_for(state="visible", timeout=60_000)
        state, seats = after_draft(11)
        session = GameSession(state, seats=seats if surface == "canvas" else ["human", "human"])
        target = money_space(session)
        spot = workers_spot(session.layout.box(target))
        page.evaluate("window.__gkHold = true; window.__gkAnims = []")
        before = answer(page, index)
        page.evaluate(ARM_TIMER, index)
        lab.click_canvas(page, picture, spot.cx, spot.cy - 40)
        page.locator(MOTION).first.wait_for(state="attached", timeout=15_000)
        wait_for_new_answer(page, index, before)
        timer = page.evaluate("window.__gkTimer")
        page.evaluate(SEEK, 0)
        start = page.evaluate(PIECES)
        page.evaluate(SEEK, LENGTH)
        end = page.evaluate(PIECES)
        box = picture.bounding_box()
        assert box is not None
        longest = page.evaluate("Math.max(...window.__gkAnims.map(a => a.delay + a.duration))")
        assert 0 < longest <= LENGTH, f"a motion of {longest} ms"
        moved = [
            ((sx - ex) ** 2 + (sy - ey) ** 2) ** 0.5
            for (sx, sy), (ex, ey) in zip(start, end, strict=True)
        ]
        assert max(moved) > 30, f"nothing travelled on the {surface} board: {moved}"
        scale = box["width"] / session.layout.width
        place = (box["x"] + spot.cx * scale, box["y"] + spot.cy * scale)
        arrived = [
            distance
            for distance, (ex, ey) in zip(moved, end, strict=True)
            if abs(ex - place[0]) < 30 and abs(ey - place[1]) < 30
        ]
        assert arrived and max(arrived) > 30, f"no piece came to the space: {start} → {end}"
        if surface == "canvas":  # the bot's move moves too (its motion replaces the
            # human's): its frames make the strip; then a key ends it at once
            page.wait_for_function("window.__gkLayers >= 2", timeout=15_000)
            bot = page.evaluate(f"document.querySelectorAll('{MOTION} [data-m]').length")
            length = page.evaluate(LONGEST)
            assert bot and 0 < length <= LENGTH
            for step in range(5):
                page.evaluate(SEEK, length * step / 4)
                shot(page, f"motion-bot-turn-{step}")
            page.keyboard.press("Shift")
            page.wait_for_function(f"!document.querySelector('{MOTION}')", timeout=2_000)
        else:  # a click ends it
            page.mouse.click(box["x"] + 5, box["y"] + 5)
            page.wait_for_function(f"!document.querySelector('{MOTION}')", timeout=2_000)
        seen.append(
            f"{surface}: moved {max(moved):.0f} px in ≤ {longest} ms; click → answer "
            f"{timer['answer'] - timer['down']:.0f} ms, → motion "
            f"{timer['motion'] - timer['down']:.0f} ms"
        )
    page.evaluate("window.__gkHold = false")
    timings["motion: a worker to its space"] = "; ".join(seen)


def test_no_motion_under_prefers_reduced_motion(page, start_voila) -> None:
    server = start_voila([NOTEBOOKS / "motion_game.ipynb"])
    page.add_init_script(RECORD_ANIMATIONS + COUNT_LAYERS)
    page.emulate_media(reduced_motion="reduce")
    page.goto(lab.voila_url(server, "motion_game.ipynb"), wait_until="domcontentloaded")
    picture = page.locator(SURFACES["svg"]).first
    picture.wait_for(state="visible", timeout=60_000)
    state, _seats = after_draft(11)
    session = GameSession(state, seats=["human", "human"])
    spot = workers_spot(session.layout.box(money_space(session)))
    before = answer(page, 1)
    lab.click_canvas(page, picture, spot.cx, spot.cy - 40)
    wait_for_new_answer(page, 1, before)  # the move was played and answered ...
    page.wait_for_timeout(LENGTH + 200)
    assert page.evaluate("window.__gkAnims.length") == 0  # ... and nothing moved
    assert page.locator(MOTION).count() == 0


def test_a_new_view_in_the_middle_of_a_motion_shows_the_board_as_it_is(
    browser, start_lab, timings
) -> None:
    """A second tab opened while a motion plays (held here at its start) shows the move made,
    with nothing moving: the motion is not the board's state. (The SVG board: two humans, so
    no later move sends a motion of its own.)"""
    server = start_lab([NOTEBOOKS / "motion_game.ipynb"])
    first = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    first.add_init_script(RECORD_ANIMATIONS + COUNT_LAYERS)
    lab.open_notebook(first, server.base_url, "motion_game.ipynb")
    lab.run_all(first)
    picture = first.locator(SURFACES["svg"]).first
    picture.wait_for(state="visible", timeout=60_000)
    state, _seats = after_draft(11)
    session = GameSession(state, seats=["human", "human"])
    space = session.layout.box(money_space(session))
    seat = session.state.current
    first.evaluate("window.__gkHold = true")
    lab.click_canvas(first, picture, space.cx, space.cy - 10)
    first.locator(MOTION).first.wait_for(state="attached", timeout=15_000)
    lab.save_notebook(first)
    # the worker as the board draws it on the space, once the move is made
    worker = Painter()
    draw_workers(session.state, worker, space.cx, space.bottom - 2, seat, 1)
    attributes = dict(re.findall(r'(cx|cy|fill)="([^"]+)"', svg_elements(worker.ops[:1])[0]))
    head = f"{SURFACES['svg']} circle" + "".join(f'[{k}="{v}"]' for k, v in attributes.items())
    second = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    second.add_init_script(COUNT_LAYERS)
    lab.open_notebook(second, server.base_url, "motion_game.ipynb")
    shown = second.locator(SURFACES["svg"]).first
    shown.wait_for(state="visible", timeout=60_000)
    second.locator(head).first.wait_for(state="attached", timeout=15_000)  # the move, drawn
    assert first.locator(MOTION).count() == 1  # the first tab's motion still plays
    assert second.evaluate("window.__gkLayers") == 0  # the second shows none
    timings["motion: a new view mid-motion"] = "the move drawn, no motion replayed"
    first.context.close()
    second.context.close()
