"""How long the puzzle coach takes (widgets.tutorial.coach): for every lesson puzzle, the
dead-end watch run after each move and a press of Hint, from the start and after the first
hinted move. Prints milliseconds; the targets are a watch well under 0.5 s and a hint under
about 2 s (the hint's search budget), measured, not asserted.

    .venv/bin/python benchmarks/puzzle_coach.py [--puzzles N] [--quick]

``--puzzles N``: the first N puzzles only; ``--quick`` (tests/test_benchmarks.py): the first.
"""

from __future__ import annotations

import argparse
import statistics
import time

from widgets.tutorial import Puzzle, lesson_puzzles
from widgets.tutorial.coach import Coach, default_scope


def puzzles() -> list[tuple[str, Puzzle]]:
    return [(name, puzzle) for name, puzzle in lesson_puzzles() if puzzle.coach is not None]


def fresh_coach(puzzle: Puzzle) -> Coach:
    """A coach with nothing remembered yet (each measurement searches for real)."""
    return Coach(puzzle.goal, default_scope(puzzle.start), since=len(puzzle.start.history))


def timed(method, *args) -> tuple[float, object]:
    start = time.perf_counter()
    result = method(*args)
    return (time.perf_counter() - start) * 1000, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--puzzles", type=int, default=None, help="the first N puzzles only")
    parser.add_argument("--quick", action="store_true", help="the first puzzle only")
    args = parser.parse_args()
    if args.quick:  # smaller defaults; options given still count
        parser.set_defaults(puzzles=1)
        args = parser.parse_args()
    watches: list[float] = []
    hints: list[float] = []
    print(f"{'puzzle':34} {'watch ms':>9} {'hint ms':>9} {'2nd hint':>9}  advice")
    for name, puzzle in puzzles()[: args.puzzles]:
        state = puzzle.session.state
        watch, _ = timed(fresh_coach(puzzle).shortest, state)
        hint, advice = timed(fresh_coach(puzzle).advise, state)
        second = float("nan")
        if advice.action is not None:
            after = state.copy()
            after.apply(advice.action)
            second, _ = timed(fresh_coach(puzzle).advise, after)
        watches.append(watch)
        hints += [hint] if second != second else [hint, second]
        print(
            f"{name:34} {watch:9.1f} {hint:9.1f} {second:9.1f}  {advice.distance} {advice.action}"
        )
    print(
        f"\nwatch: median {statistics.median(watches):.1f} ms, max {max(watches):.1f} ms; "
        f"hint: median {statistics.median(hints):.1f} ms, max {max(hints):.1f} ms "
        f"({len(watches)} puzzles)"
    )


if __name__ == "__main__":
    main()
