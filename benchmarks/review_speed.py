"""What a review costs (gluckauf.analysis.gamereview): the full review of whole 3-player games —
every seat's placements ranked by the greedy bot — and the review of one seat, as lesson 11 does it;
then the widget's parts (build, a step) and the deeper look's budget. Prints seconds; the targets
(measured, not asserted) are a lesson cell under about 10 s and a step well under 0.1 s.

    .venv/bin/python benchmarks/review_speed.py [--games 3] [--budgets 0.5,2] [--quick]

The games: the lesson's sample game (a learner-like bot and two greedy bots), and games of a
random bot against two greedy bots (a random seat's mine fills with cubes and orders, which
makes the greedy bot's mining search the slowest part). ``--budgets``: the deeper look's
budgets in seconds. ``--quick`` (tests/test_benchmarks.py): one random game, 2 widget steps and
a deeper look of 0.1 s.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from gluckauf.analysis.gamereview import analyse_deeper, review, sample_game
from gluckauf.files.records import load_record

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from data.make_review_records import play  # the records' own generator


def timed(function: Callable[..., Any], *args: Any, **kwargs: Any) -> tuple[float, Any]:
    start = time.perf_counter()
    result = function(*args, **kwargs)
    return time.perf_counter() - start, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="random-vs-greedy games (default 3)")
    parser.add_argument("--steps", type=int, default=10, help="widget steps timed (default 10)")
    parser.add_argument(
        "--budgets", default="0.5,2", help="the deeper look's budgets, seconds (default 0.5,2)"
    )
    parser.add_argument(
        "--quick", action="store_true", help="1 random game, 2 steps, a 0.1 s deeper look"
    )
    args = parser.parse_args()
    if args.quick:  # smaller defaults; options given still count
        parser.set_defaults(games=1, steps=2, budgets="0.1")
        args = parser.parse_args()
    games = [("sample game", load_record(sample_game()))]
    games += [
        (f"random+2 greedy, seed {seed}", play(["random", "greedy", "greedy"], seed))
        for seed in range(1, args.games + 1)
    ]
    print(
        f"{'3-player game':28} {'moves':>6} {'placements':>10} {'all seats s':>11} "
        f"{'ms/placement':>12} {'seat 0 s':>9}"
    )
    per_game = []
    for name, record in games:
        every, found = timed(review, record, seats=[0, 1, 2])
        one, _ = timed(review, record, seats=[0])
        n = len(found.decisions)
        per_game.append(every)
        print(
            f"{name:28} {len(record['actions']):6} {n:10} {every:11.2f} "
            f"{1000 * every / n:12.1f} {one:9.2f}"
        )
    print(
        f"\nfull review of a 3-player game: median {statistics.median(per_game):.2f} s, "
        f"max {max(per_game):.2f} s ({len(per_game)} games)"
    )

    from widgets.reviewer import ReviewWidget

    lesson = review(load_record(sample_game()), seats=[0])
    build, widget = timed(ReviewWidget, lesson)
    steps = [timed(widget.next)[0] for _ in range(args.steps)]
    jump, _ = timed(widget.biggest_miss)
    print(
        f"widget: build {build:.2f} s (the score plot included), step median "
        f"{1000 * statistics.median(steps):.1f} ms, jump to the biggest miss "
        f"{1000 * jump:.1f} ms"
    )
    for budget in map(float, args.budgets.split(",")):
        spent, found = timed(analyse_deeper, lesson.misses[0], budget)
        print(f"mcts, budget {budget:.1f} s: {spent:.2f} s, {found.rounds} rounds")


if __name__ == "__main__":
    main()
