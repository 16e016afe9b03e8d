"""Benchmark: how many games a minute a class tournament plays (issue 30).

    .venv/bin/python benchmarks/class_tournament.py [--learners 25] [--games 12] [--workers N]
                                                    [--hostile 3] [--json] [--quick]

A class of ``--learners`` bots handed in (each greedy with its own balance weights, as lesson
11's "Hand in my bot" makes them, run from a worker process of its own), ``--hostile`` of them
broken (an endless loop, an error, a file read: they forfeit), and greedy as a built-in entry;
each plays ``--games`` 3-player games against two greedy bots. Prints the games per minute,
the seconds for the whole tournament, and the games lost by failing.
``--quick`` (tests/test_benchmarks.py): 2 learners and 1 hostile bot, 2 games each.
"""

from __future__ import annotations

import argparse
import json
import os
from dataclasses import replace

from gluckauf.analysis.classtournament import class_tournament
from gluckauf.bots.greedy import DEFAULT_WEIGHTS
from gluckauf.bots.sandbox import Limits
from widgets.tutorial.strategy import bot_file

HOSTILE = [
    "def choose(state):\n    while True:\n        pass\n",
    "def choose(state):\n    raise RuntimeError('unfinished')\n",
    "def choose(state):\n    return open('/etc/hostname').read()\n",
]


def the_class(learners: int, hostile: int) -> dict[str, str]:
    """Bot name → source: greedy with balance weights from 0.05 up, then the broken ones."""
    sources = {}
    for k in range(learners):
        weights = replace(DEFAULT_WEIGHTS, balance=(0.05 + 0.01 * k, 0.1, 0.3))
        sources[f"learner{k:02d}"] = bot_file(weights)
    for k in range(hostile):
        sources[f"broken{k}"] = HOSTILE[k % len(HOSTILE)]
    return sources


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", type=int, default=25)
    parser.add_argument("--hostile", type=int, default=3)
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seconds", type=float, default=2.0, help="per move, a learner's bot")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--quick", action="store_true", help="2 learners, 1 hostile, 2 games")
    args = parser.parse_args()
    if args.quick:
        parser.set_defaults(learners=2, hostile=1, games=2, seconds=0.5)
        args = parser.parse_args()
    tournament = class_tournament(
        the_class(args.learners, args.hostile), builtins=["greedy"], players=3,
        games=args.games, seed=1, workers=args.workers, limits=Limits(seconds=args.seconds),
    )  # fmt: skip
    forfeits = {e.name: e.forfeits for e in tournament.entries if e.forfeits}
    result = {
        "entries": len(tournament.entries),
        "games": tournament.games_played(),
        "workers": args.workers,
        "seconds": round(tournament.wall_seconds, 1),
        "games_per_minute": round(tournament.games_per_minute(), 1),
        "forfeits": forfeits,
    }
    if args.json:
        print(json.dumps(result))
        return
    print(f"class tournament: {result['entries']} entries × {args.games} games of 3 players "
          f"against two greedy bots, {args.workers} workers")  # fmt: skip
    print(f"{result['games']} games in {result['seconds']} s: "
          f"{result['games_per_minute']} games a minute")  # fmt: skip
    print(f"lost by failing: {forfeits}")


if __name__ == "__main__":
    main()
