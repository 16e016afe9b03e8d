"""How long the puzzle coach takes (widgets.tutorial.coach): for every lesson puzzle, the
dead-end watch run after each move and a press of Hint, from the start and after the first
hinted move, and at positions sampled from the puzzle's own play (1–3 random legal moves
from its start, within its scope, seeded: where a learner who tries things lands, dead ends
included). The watch is what the board does after a move: the shortest way, and for a dead
end how many moves to take back. Prints milliseconds and the maximum of all; the target is
every hint and watch within 300 ms (issue 31), measured, not asserted.

    .venv/bin/python benchmarks/puzzle_coach.py [--puzzles N] [--samples K] [--quick]

``--puzzles N``: the first N puzzles only; ``--samples K`` positions sampled per puzzle
(default 12); ``--quick`` (tests/test_benchmarks.py): the first puzzle, 2 samples.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from widgets.tutorial import Puzzle, lesson_puzzles
from widgets.tutorial.coach import Coach


def puzzles() -> list[tuple[str, Puzzle]]:
    return [(name, puzzle) for name, puzzle in lesson_puzzles() if puzzle.coach is not None]


def fresh_coach(puzzle: Puzzle) -> Coach:
    """The puzzle's coach with nothing remembered yet (each measurement searches for real)."""
    assert puzzle.coach is not None
    return puzzle.coach.fresh()


def watched(coach: Coach, state) -> float:
    """Milliseconds of the board's watch after a move: the shortest way, and for a dead end
    how many moves to take back (widgets.tutorial.Puzzle.dead_end)."""
    start = time.perf_counter()
    if not coach.reached(state) and coach.shortest(state).dead_end:
        coach.undo_needed(state)
    return (time.perf_counter() - start) * 1000


def samples(puzzle: Puzzle, count: int, seed: int) -> list:
    """Positions 1–3 random legal moves from the puzzle's start, within its scope."""
    rng = random.Random(seed)
    coach = fresh_coach(puzzle)
    found = []
    for _ in range(count):
        state = puzzle.session.state.copy()
        for _move in range(rng.randint(1, 3)):
            if state.is_over or not coach.scope(state) or coach.reached(state):
                break
            state.apply(rng.choice(list(state.legal_actions())))
        found.append(state)
    return found


def timed(method, *args) -> tuple[float, object]:
    start = time.perf_counter()
    result = method(*args)
    return (time.perf_counter() - start) * 1000, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--puzzles", type=int, default=None, help="the first N puzzles only")
    parser.add_argument("--samples", type=int, default=12, help="sampled positions per puzzle")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="the first puzzle, 2 samples")
    args = parser.parse_args()
    if args.quick:  # smaller defaults; options given still count
        parser.set_defaults(puzzles=1, samples=2)
        args = parser.parse_args()
    sampled: list[tuple[float, float, str]] = []
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
        for k, position in enumerate(samples(puzzle, args.samples, args.seed)):
            coach = fresh_coach(puzzle)
            sampled.append((watched(coach, position), timed(coach.fresh().advise, position)[0],
                            f"{name} #{k}"))  # fmt: skip
    print(
        f"\nwatch: median {statistics.median(watches):.1f} ms, max {max(watches):.1f} ms; "
        f"hint: median {statistics.median(hints):.1f} ms, max {max(hints):.1f} ms "
        f"({len(watches)} puzzles)"
    )
    if sampled:
        slow_watch = max(sampled)
        slow_hint = max(sampled, key=lambda s: s[1])
        print(f"sampled positions ({len(sampled)}): watch max {slow_watch[0]:.1f} ms "
              f"({slow_watch[2]}), hint max {slow_hint[1]:.1f} ms ({slow_hint[2]})")  # fmt: skip
    every = max([*watches, *hints, *(w for w, _h, _n in sampled), *(h for _w, h, _n in sampled)])
    print(f"every hint and watch: max {every:.1f} ms (target: 300 ms)")


if __name__ == "__main__":
    main()
