"""Benchmark: the searching bot's move as the learner feels it — from the human's click to the
MCTSBot's move drawn, at the default strength, with the board's bot delay (0.5 s).

    .venv/bin/python benchmarks/bot_latency.py [--samples 15] [--seed 1] [--delay 0.5]
                                               [--modes widget,scheduler] [--browser] [--json]
                                               [--quick]

A 3-player game: the human (seat 0, played by a GreedyBot that clicks its placements on the
board), the MCTSBot (seat 1, so it moves right after the human) and a GreedyBot. A sample is a
placement click of the human after which the MCTSBot is to act: from just before the click to
the MCTSBot's move applied and drawn (in-process: the session's observers, the board's redraw
included, have run; in the browser: the page shows it). Two ways to play the bots:

* ``widget`` — the board as it is (``widgets/board.py``, which plays the bots through
  ``widgets/botturns.py``; before issue 11 it waited the delay and then thought in the kernel,
  so a move took delay + thought);
* ``scheduler`` — ``widgets/botturns.py`` driven directly: the bot thinks in a worker thread
  while the delay runs, within its time budget, so a move takes max(delay, thought).

``--browser`` also measures both in JupyterLab with headless Chromium (tests/browser/lab.py):
the click is a real mouse click on the canvas, timed in the page from ``mousedown`` to the
move log showing the MCTSBot's move. Bar (issue 11, part 4): ≤ 1 s median at the default
strength. Run it with ``PYTHONPATH`` pointing at an older checkout to measure that one
(``--modes widget``: the scheduler is new).

``--quick`` (tests/test_benchmarks.py): one sample per mode, and the bots play the moves
before it without the delay (the sample itself is timed with it), browser included.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

REPO = Path(__file__).resolve().parent.parent
HUMAN_SEAT, MCTS_SEAT = 0, 1
SEATS = ["human", "mcts", "greedy"]


def summary(samples: list[float]) -> dict:
    ordered = sorted(samples)
    return {
        "samples": len(samples),
        "median_s": round(statistics.median(samples), 3),
        "p90_s": round(ordered[int(0.9 * (len(ordered) - 1))], 3),
        "min_s": round(ordered[0], 3),
        "max_s": round(ordered[-1], 3),
    }


# --- in-process: the widget and an asyncio loop, as in a kernel ------------------------------
async def wait_for(
    condition: Callable[[], bool], message: Callable[[], str], timeout: float = 120.0
) -> None:
    deadline = time.perf_counter() + timeout
    while not condition():
        if time.perf_counter() > deadline:  # a bot's error is only a message on the board
            raise TimeoutError(f"the game did not get there in time; the board says: {message()!r}")
        await asyncio.sleep(0.002)


async def in_process(
    mode: str, samples: int, seed: int, delay: float, warmup: float | None = None
) -> dict:
    """``samples`` clicks, each timed with the bot delay ``delay``; the bots' moves before the
    first one with the delay ``warmup`` (default ``delay``)."""
    from gluckauf import GreedyBot, new_game
    from gluckauf.core.actions import Place
    from widgets.board import BoardWidget
    from widgets.session import GameSession

    warmup = delay if warmup is None else warmup
    session = GameSession(new_game(3, seed), seats=SEATS, seed=seed)
    board = BoardWidget(session, bot_delay=warmup)
    schedule = board._schedule_bots
    if mode == "scheduler":
        from widgets.botturns import BotTurns

        board.bots_running.value = False  # the board's own bot task stays idle
        turns = BotTurns(session, delay=lambda: board.bot_delay.value)
        schedule = turns.schedule
    schedule()  # a bot may be the first to draft
    drawn: dict[str, float] = {}
    expect = {"moves": -1}

    def on_version(_change: object) -> None:  # after the board's own observer: it has drawn
        if len(session.state.history) == expect["moves"] and "t1" not in drawn:
            drawn["t1"] = time.perf_counter()

    session.observe(on_version, names="version")
    human = GreedyBot(seed)
    latencies: list[float] = []
    thoughts: list[float] = []

    def says() -> str:
        return session.message

    while len(latencies) < samples and not session.state.is_over:
        await wait_for(lambda: session.state.is_over or not session.is_bot_turn, says)
        if session.state.is_over:
            break
        action = human.choose(session.state)
        if type(action) is not Place:
            session.play(action)
            schedule()
            continue
        board.bot_delay.value = delay
        box = session.layout.box(f"space:{action.space}")
        drawn.clear()
        expect["moves"] = len(session.state.history) + 2  # the human's move, then the bot's
        started = time.perf_counter()
        board._on_mouse_down(box.cx, box.cy)  # board pixels (the surface divides by its scale)
        if mode == "scheduler":
            schedule()  # as the board does after a click
        if not (session.is_bot_turn and session.state.current == MCTS_SEAT):
            if not latencies:
                board.bot_delay.value = warmup
            continue  # the human goes on (mining) or the MCTSBot has no workers left
        await wait_for(lambda: "t1" in drawn, says)
        latencies.append(drawn["t1"] - started)
        thoughts.append(session.bots[MCTS_SEAT].last_seconds)
        board.bot_delay.value = 0.0  # the rest of the round at full speed
    if mode == "scheduler":
        turns.close()
    board.bot_turns.close()
    if not latencies:
        raise RuntimeError(f"no click was followed by the MCTSBot's move (seed {seed})")
    result = summary(latencies)
    result["thought_median_s"] = round(statistics.median(thoughts), 3)
    result["iterations_last"] = session.bots[MCTS_SEAT].last_iterations
    return result


# --- in a real browser (JupyterLab, headless Chromium) ---------------------------------------
NOTEBOOK_CELL = """\
import asyncio, json, time
import ipywidgets as w
from gluckauf import GreedyBot, new_game
from gluckauf.core.actions import Place
from widgets.board import BoardWidget
from widgets.session import GameSession

MODE, SEED, DELAY, WARMUP = {mode!r}, {seed}, {delay}, {warmup}
session = GameSession(new_game(3, SEED), seats={seats!r}, seed=SEED)
board = BoardWidget(session, bot_delay=WARMUP)
schedule = board._schedule_bots
if MODE == "scheduler":
    from widgets.botturns import BotTurns
    board.bots_running.value = False
    turns = BotTurns(session, delay=lambda: board.bot_delay.value)
    schedule = turns.schedule
    session.observe(lambda _c: turns.schedule(), names="version")
    schedule()
human = GreedyBot(SEED)
probe = w.HTML()  # where to click next, and how many moves the MCTSBot has made
mcts_moves = [0]

def publish(target=""):
    box = session.layout.box(target) if target else None
    data = {{"moves": mcts_moves[0], "x": box.cx if box else -1, "y": box.cy if box else -1,
            "over": session.state.is_over}}
    probe.value = f"<span class='gk-probe'>{{json.dumps(data)}}</span>"

def human_turn():
    if session.state.is_over or session.is_bot_turn:
        return publish()
    action = human.choose(session.state)
    if type(action) is Place:
        board.bot_delay.value = DELAY
        return publish(f"space:{{action.space}}")
    session.play(action)
    schedule()

def on_version(_change):
    state = session.state
    if state.history and len(state.history) >= 1 and last_mover[0] == {mcts_seat}:
        mcts_moves[0] += 1
        board.bot_delay.value = 0.0
    last_mover[0] = state.current
    asyncio.get_running_loop().call_soon(human_turn)

last_mover = [session.state.current]
session.observe(on_version, names="version")
display(w.VBox([board, probe]))
asyncio.get_running_loop().call_soon(human_turn)
"""

ARM_JS = """
() => {
  const s = window.__gkBot = {t0: null, t1: null, before: null};
  const read = () => JSON.parse(document.querySelector('.gk-probe').textContent).moves;
  s.before = read();
  document.addEventListener('mousedown', () => { s.t0 = performance.now(); poll(); },
                            {capture: true, once: true});
  function poll() {
    if (read() > s.before) { s.t1 = performance.now(); return; }
    if (performance.now() - s.t0 < 60000) requestAnimationFrame(poll);
  }
}
"""


def browser_helpers() -> ModuleType:
    """tests/browser/lab.py: JupyterLab, Chromium and page helpers of the browser tests."""
    sys.path.insert(0, str(REPO / "tests" / "browser"))
    import lab

    return lab


def in_browser(
    mode: str, samples: int, seed: int, delay: float, warmup: float | None = None
) -> dict:
    """As :func:`in_process`, with real mouse clicks in JupyterLab (headless Chromium)."""
    from playwright.sync_api import sync_playwright

    lab = browser_helpers()

    source = NOTEBOOK_CELL.format(
        mode=mode,
        seed=seed,
        delay=delay,
        seats=SEATS,
        mcts_seat=MCTS_SEAT,
        warmup=delay if warmup is None else warmup,
    )
    notebook = {
        "cells": [
            {
                "cell_type": "code",
                "metadata": {},
                "outputs": [],
                "execution_count": None,
                "source": source,
            }
        ],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    latencies: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        env = lab.make_jupyter_env(root / "home")
        served = root / "nb"
        served.mkdir()
        (served / "bot_latency.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
        with lab.jupyterlab_server(env, served) as server, sync_playwright() as pw:
            browser = lab.launch_chromium(pw)
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            lab.open_notebook(page, server.base_url, "bot_latency.ipynb")
            lab.run_all(page)
            canvas = lab.wait_for_canvas(page)
            page.wait_for_selector(".gk-probe", timeout=60_000)
            scale = None
            while len(latencies) < samples:
                page.wait_for_function(
                    "() => { const d = JSON.parse(document.querySelector('.gk-probe')"
                    ".textContent); return d.x >= 0 || d.over; }",
                    timeout=180_000,
                    polling=20,
                )
                data = json.loads(page.locator(".gk-probe").text_content())
                if data["over"]:
                    break
                if scale is None:
                    scale = canvas.bounding_box()["width"] / 840  # the picture's CSS width
                page.evaluate(ARM_JS)
                lab.click_canvas(page, canvas, data["x"] * scale, data["y"] * scale)
                try:
                    page.wait_for_function(
                        "() => window.__gkBot.t1 !== null", timeout=8_000, polling=20
                    )
                except Exception:  # the human went on mining: no MCTSBot move to time
                    continue
                t0, t1 = page.evaluate("[window.__gkBot.t0, window.__gkBot.t1]")
                latencies.append((t1 - t0) / 1000)
            browser.close()
    if not latencies:
        raise RuntimeError(f"no click was followed by the MCTSBot's move (seed {seed})")
    return summary(latencies)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--samples", type=int, default=15)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--delay", type=float, default=0.5)
    parser.add_argument("--modes", default="widget,scheduler")
    parser.add_argument("--browser", action="store_true")
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--quick",
        action="store_true",
        help="one sample per mode, the bots' other moves without delay",
    )
    args = parser.parse_args()
    if args.quick:  # smaller defaults; options given still count
        parser.set_defaults(samples=1)
        args = parser.parse_args()
    warmup = 0.0 if args.quick else None
    if args.browser:
        lab = browser_helpers()
        try:
            lab.chromium_executable()  # before anything is measured: fail at once without it
        except lab.BrowserTestSetupError as error:
            sys.exit(f"bot_latency.py --browser: {error}")
    report: dict = {"delay_s": args.delay, "seats": SEATS}
    for mode in args.modes.split(","):
        report[f"in_process_{mode}"] = asyncio.run(
            in_process(mode, args.samples, args.seed, args.delay, warmup)
        )
        if args.browser:
            try:
                report[f"browser_{mode}"] = in_browser(
                    mode, args.samples, args.seed, args.delay, warmup
                )
            except lab.BrowserTestSetupError as error:  # e.g. JupyterLab did not start
                sys.exit(f"bot_latency.py --browser: {error}")
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(f"click → MCTSBot's move drawn, bot delay {args.delay} s, seats {', '.join(SEATS)}")
    for key, value in report.items():
        if isinstance(value, dict):
            extra = (
                f"; thought {value['thought_median_s']:.3f} s median"
                if "thought_median_s" in value
                else ""
            )
            print(
                f"  {key:22} median {value['median_s']:.3f} s, p90 {value['p90_s']:.3f}, "
                f"max {value['max_s']:.3f} over {value['samples']}{extra}"
            )


if __name__ == "__main__":
    main()
