"""Benchmark: the board widget's full redraw, Python side, and the bytes it sends.

    .venv/bin/python benchmarks/widget_redraw.py [--states 60] [--json] [--quick]

Plays a seeded 4-player random game and, at evenly spaced states, times a full redraw (all three
canvas layers) and counts the bytes of the canvas messages it sends (JSON metadata plus binary
buffers). Bar (issues 3 and 9, again in 27): full redraw ≤ 10 ms median and ≤ 120 kB.

Then it plays the same game again on a board that shows each move moving (issue 27): the
messages a move's motion sends (at most one per action), their bytes, and the Python time the
motion costs (cutting the pictures, planning, writing the SVG).
``--quick`` (tests/test_benchmarks.py): one state, and the motion of the first 40 actions.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

import ipycanvas.canvas as ipc

from gluckauf import RandomBot, new_game
from widgets.board import BoardWidget
from widgets.session import GameSession


class ByteCounter:
    """Counts what the ipycanvas manager sends (the widget's whole drawing traffic)."""

    def __init__(self) -> None:
        self.bytes = 0
        self.messages = 0
        self._send = ipc._CANVAS_MANAGER.send

        def send(content, buffers=None):
            self.messages += 1
            self.bytes += len(json.dumps(content)) + sum(len(b) for b in buffers or [])
            return self._send(content, buffers=buffers)

        ipc._CANVAS_MANAGER.send = send

    def take(self) -> tuple[int, int]:
        counted = self.bytes, self.messages
        self.bytes = self.messages = 0
        return counted


def motion_costs(start, actions) -> dict[str, float]:
    """Play ``actions`` from ``start`` on a board with motion on: per action, the motion
    messages sent, their bytes (JSON) and the Python time of the motion (``BoardWidget._move``
    less the same with motion off is the planning; here the whole of it is timed)."""
    widget = BoardWidget(GameSession(start.copy(), seats=["human"] * start.players), motion=True)
    sizes: list[int] = []
    widget.motion_player.send = lambda content, buffers=None: sizes.append(len(json.dumps(content)))
    move = widget._move
    spent: list[float] = []

    def timed(drawing, moved):
        started = time.perf_counter()
        move(drawing, moved)
        spent.append((time.perf_counter() - started) * 1000)

    widget._move = timed
    most = 0
    for action in actions:
        before = len(sizes)
        widget.session.play(action)
        most = max(most, len(sizes) - before)
    return {
        "motion_actions": len(actions),
        "motion_messages": len(sizes),
        "motion_messages_per_action_max": most,
        "motion_bytes_median": int(statistics.median(sizes)) if sizes else 0,
        "motion_bytes_max": max(sizes, default=0),
        "motion_ms_median": round(statistics.median(spent), 2),
        "motion_ms_max": round(max(spent), 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--states", type=int, default=60)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--quick", action="store_true", help="one state: one of each redraw")
    args = parser.parse_args()
    if args.quick:  # smaller defaults; options given still count
        parser.set_defaults(states=1)
        args = parser.parse_args()
    state = new_game(4, seed=2026)
    bot = RandomBot(2026)
    snapshots, actions = [], []
    while not state.is_over:
        snapshots.append(state.copy(history=False))
        actions.append(bot.choose(state))
        state.apply(actions[-1])
    step = max(1, len(snapshots) // args.states)
    counter = ByteCounter()
    widget = BoardWidget(GameSession(snapshots[0]))
    full_ms, full_bytes, update_ms, update_bytes, messages = [], [], [], [], []
    select_ms, select_bytes = [], []
    for snapshot in snapshots[::step]:
        widget.session._start(snapshot, None, 0)
        counter.take()
        started = time.perf_counter()
        widget.redraw()  # all three layers
        full_ms.append((time.perf_counter() - started) * 1000)
        sent, count = counter.take()
        full_bytes.append(sent)
        messages.append(count)
        started = time.perf_counter()
        widget._draw()  # what a move costs: pieces and highlights (the static layer is kept)
        update_ms.append((time.perf_counter() - started) * 1000)
        update_bytes.append(counter.take()[0])
        started = time.perf_counter()
        widget._draw(pieces=False)  # what a selection click costs: the highlight layer only
        select_ms.append((time.perf_counter() - started) * 1000)
        select_bytes.append(counter.take()[0])
    report = {
        "states": len(full_ms),
        "full_redraw_ms_median": round(statistics.median(full_ms), 2),
        "full_redraw_ms_p90": round(sorted(full_ms)[int(0.9 * len(full_ms))], 2),
        "update_ms_median": round(statistics.median(update_ms), 2),
        "bytes_per_full_redraw_median": int(statistics.median(full_bytes)),
        "bytes_per_update_median": int(statistics.median(update_bytes)),
        "selection_ms_median": round(statistics.median(select_ms), 2),
        "bytes_per_selection_median": int(statistics.median(select_bytes)),
        "messages_per_redraw_max": max(messages),
        **motion_costs(snapshots[0], actions[:40] if args.quick else actions),
    }
    if args.json:
        print(json.dumps(report))
    else:
        for key, value in report.items():
            print(f"{key:32} {value}")


if __name__ == "__main__":
    main()
