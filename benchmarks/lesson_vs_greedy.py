"""Benchmark: LessonBot (lesson 10's ideas, gluckauf/bots/lesson.py) against two GreedyBots in
3-player games with the seats rotated: do the lesson's ideas beat the greedy bot?

    .venv/bin/python benchmarks/lesson_vs_greedy.py [--games 201] [--seed 1] [--workers N]
                                                    [--positions 40] [--iterations N]
                                                    [--json] [--quick]

The same measurements as benchmarks/hint_vs_greedy.py (time per placement; win rate with its
95% Wilson interval through ``python -m gluckauf tournament --bots lesson,greedy --players
3``), for the ``lesson`` bot. Bar (issue 25): win rate ≥ 50% over ≥ 200 games. ``--quick``
(tests/test_benchmarks.py): 2 positions and 1 game at 2 iterations.
"""

from __future__ import annotations

from hint_vs_greedy import main

if __name__ == "__main__":
    main("lesson", games=201)  # ≥ 200, a multiple of 3: every seat equally often
