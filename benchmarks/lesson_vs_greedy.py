"""Benchmark: LessonBot (lesson 10's ideas, gluckauf/bots/lesson.py) against two GreedyBots in
3-player games with the seats rotated — the proof that the lesson's ideas beat the greedy bot.

    .venv/bin/python benchmarks/lesson_vs_greedy.py [--games 200] [--seed 1] [--workers N]
                                                    [--positions 40] [--iterations N]
                                                    [--json] [--quick]

The same measurements as benchmarks/hint_vs_greedy.py (time per placement; win rate with its
95% Wilson interval through ``python -m gluckauf tournament --bots lesson,greedy --players
3``), for the ``lesson`` bot. Bar (issue 25): win rate ≥ 50% over ≥ 200 games. ``--quick``
(tests/test_benchmarks.py): 2 positions and 1 game at 2 iterations.
"""

from __future__ import annotations

import sys

from hint_vs_greedy import main

if __name__ == "__main__":
    if not any(arg.startswith("--games") or arg == "--quick" for arg in sys.argv[1:]):
        sys.argv += ["--games", "200"]
    main("lesson")
