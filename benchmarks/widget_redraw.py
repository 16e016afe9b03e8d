"""Benchmark: the board widget's full redraw, Python side, and the bytes it sends.

    .venv/bin/python benchmarks/widget_redraw.py [--states 60] [--json] [--quick]

Plays a seeded 4-player random game and, at evenly spaced states, times a full redraw (all three
canvas layers) and counts the bytes of the canvas messages it sends (JSON metadata plus binary
buffers). Bar (issues 3 and 9): full redraw ≤ 10 ms median; bytes per redraw reported.
``--quick`` (tests/test_benchmarks.py): one state.
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
    snapshots = []
    while not state.is_over:
        snapshots.append(state.copy(history=False))
        state.apply(bot.choose(state))
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
    }
    if args.json:
        print(json.dumps(report))
    else:
        for key, value in report.items():
            print(f"{key:32} {value}")


if __name__ == "__main__":
    main()
