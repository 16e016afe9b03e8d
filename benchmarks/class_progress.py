"""Benchmark: how long the teacher's view of a class takes to refresh (issue 30).

    .venv/bin/python benchmarks/class_progress.py [--learners 25] [--answers 120] [--json]
                                                  [--quick]

Writes ``--learners`` progress files of ``--answers`` answers each (a whole workshop's worth:
every exercise of lessons 00–12 tried a few times) with :func:`gluckauf.files.progress.
record_answer`, then times what a refresh does: :func:`gluckauf.analysis.classroom.read_class`
(read and check every file) and the grid, the hardest exercises and who is stuck, and the
teacher's view's own refresh (:class:`widgets.teacher.TeacherView`: the same, drawn as HTML,
and the games listed). Prints the median and the slowest of 9 refreshes of each, and the time
to keep one answer in a full file.
``--quick`` (tests/test_benchmarks.py): 3 learners of 10 answers.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import tempfile
import time
from pathlib import Path

from gluckauf.analysis.classroom import read_class
from gluckauf.files.progress import record_answer
from widgets.teacher import TeacherView

EXERCISES = [(lesson, f"lesson{lesson}.exercise_{k}") for lesson in range(13) for k in range(4)]


def write_class(folder: Path, learners: int, answers: int, seed: int) -> float:
    """The class's files; returns the seconds the last answer took to keep."""
    rng = random.Random(seed)
    start = time.time() - 3 * 3600
    last = 0.0
    for number in range(learners):
        path = folder / f"learner{number:02d}.json"
        for k in range(answers):
            lesson, exercise = EXERCISES[min(k // 3, len(EXERCISES) - 1)]
            began = time.perf_counter()
            record_answer(lesson, exercise, rng.random() < 0.4, rng.randrange(20),
                          path=path, now=start + 60 * k)  # fmt: skip
            last = time.perf_counter() - began
    return last


def refresh(folder: Path) -> float:
    began = time.perf_counter()
    found = read_class(folder)
    found.grid()
    found.hardest()
    found.stuck()
    return time.perf_counter() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", type=int, default=25)
    parser.add_argument("--answers", type=int, default=120)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--quick", action="store_true", help="3 learners of 10 answers")
    args = parser.parse_args()
    if args.quick:
        parser.set_defaults(learners=3, answers=10)
        args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        keep = write_class(Path(folder), args.learners, args.answers, args.seed)
        times = [refresh(Path(folder)) for _ in range(9)]
        view = TeacherView(folder)
        view_times = []
        for _ in range(9):
            began = time.perf_counter()
            view.refresh()
            view_times.append(time.perf_counter() - began)
    result = {
        "learners": args.learners,
        "answers_each": args.answers,
        "refresh_median_ms": round(1000 * statistics.median(times), 1),
        "refresh_max_ms": round(1000 * max(times), 1),
        "view_refresh_median_ms": round(1000 * statistics.median(view_times), 1),
        "view_refresh_max_ms": round(1000 * max(view_times), 1),
        "keep_one_answer_ms": round(1000 * keep, 1),
    }
    if args.json:
        print(json.dumps(result))
        return
    print(f"class of {args.learners} learners, {args.answers} answers each")
    print(f"refresh (read every file, grid, hardest, stuck): median "
          f"{result['refresh_median_ms']} ms, max {result['refresh_max_ms']} ms")  # fmt: skip
    view_median, view_max = result["view_refresh_median_ms"], result["view_refresh_max_ms"]
    print(f"the teacher's view's refresh (the same, drawn): median {view_median} ms, "
          f"max {view_max} ms")  # fmt: skip
    print(f"keeping one answer in a file of {args.answers}: {result['keep_one_answer_ms']} ms")


if __name__ == "__main__":
    main()
