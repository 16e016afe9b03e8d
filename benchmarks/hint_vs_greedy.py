"""Benchmark: HintBot (the board's Hint button) — time per decision and strength against two
GreedyBots in 3-player games with the seats rotated.

    .venv/bin/python benchmarks/hint_vs_greedy.py [--games 60] [--seed 1] [--workers N]
                                                  [--positions 40] [--seconds S]
                                                  [--iterations N] [--json] [--quick]
                                                  [--bot hint|lesson]

Time: the HintBot decides ``--positions`` placement decisions taken from games of GreedyBots,
one after another in this process: median, p90 and max seconds per decision, and the
iterations searched (by default within the bot's own budget: the HintBot's budget of work,
the same on every machine; ``--seconds``: each decision also through ``choose_within`` with
that time budget, as the board adds one, widgets.session.HINT_SECONDS). Strength:
``python -m gluckauf tournament --bots hint,greedy --players 3 --games G --seed S`` under the
hood (seats rotated, seeded; a shared victory counts as a share of a win). Bars (issue 25):
≤ 1 s per decision, win rate ≥ 50% against two GreedyBots. ``--quick``
(tests/test_benchmarks.py): 2 positions and 1 game at 2 iterations. ``--bot lesson`` measures
the LessonBot instead (benchmarks/lesson_vs_greedy.py: bar ≥ 50% over ≥ 200 games).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics

from mcts_vs_greedy import placement_positions, timed_choices  # as the MCTS benchmark

from gluckauf.analysis.tournament import run_tournament
from gluckauf.bots.hint import HintBot
from gluckauf.bots.lesson import LessonBot
from gluckauf.bots.registry import register

BOTS = {"hint": HintBot, "lesson": LessonBot}


def measure_time(
    count: int, seed: int, seconds: float | None, iterations: int | None, name: str = "hint"
) -> dict:
    cls = BOTS[name]
    bot = cls(seed) if iterations is None else cls(seed, iterations=iterations)
    times, searched = timed_choices(bot, placement_positions(count, seed), seconds)
    return {
        "decisions": len(times),
        "iterations": bot.iterations,
        "work": bot.work,
        "iterations_min": min(searched),
        "iterations_median": statistics.median(searched),
        "seconds_cap": seconds,
        "median_s": statistics.median(times),
        "p90_s": times[max(0, math.ceil(0.9 * len(times)) - 1)],  # nearest rank
        "max_s": times[-1],
    }


def measure_strength(
    games: int, seed: int, workers: int | None, iterations: int | None, name: str = "hint"
) -> dict:
    if iterations is not None:  # the tournament's bot with other iterations: this process
        cls = BOTS[name]
        register(name, lambda s: cls(s, iterations=iterations), replace=True)
        workers = 1
    result = run_tournament([name, "greedy"], players=3, games=games, seed=seed, workers=workers)
    rate = result.win_rate()[name]
    return {
        "games": games,
        "win_rate": rate.rate,
        "wins": rate.rate * games,
        "interval": [rate.low, rate.high],
        "table": result.table(),
    }


def main(bot: str = "hint", games: int = 60) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bot", choices=sorted(BOTS), default=bot)
    parser.add_argument("--games", type=int, default=games)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--seconds", type=float, default=None)
    parser.add_argument("--iterations", type=int, default=None)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--quick", action="store_true", help="2 positions, 1 game, 2 iterations")
    args = parser.parse_args()
    if args.quick:  # smaller defaults; options given still count
        parser.set_defaults(games=1, positions=2, iterations=2)
        args = parser.parse_args()
    report: dict = {
        "bot": args.bot,
        "time": measure_time(args.positions, args.seed, args.seconds, args.iterations, args.bot),
    }
    if args.games:
        report["strength"] = measure_strength(
            args.games, args.seed, args.workers, args.iterations, args.bot
        )
    if args.json:
        report.get("strength", {}).pop("table", None)
        print(json.dumps(report, indent=2))
        return
    t = report["time"]
    cap = f", budget {t['seconds_cap']} s" if t["seconds_cap"] is not None else ""
    label = BOTS[args.bot].__name__
    work = f", work {t['work']:,} positions valued" if t["work"] is not None else ""
    print(
        f"{label} time per decision ({t['decisions']} placements, 3 players, "
        f"at most {t['iterations']} iterations{work}{cap}): median {t['median_s']:.3f} s, "
        f"p90 {t['p90_s']:.3f} s, max {t['max_s']:.3f} s; iterations searched: "
        f"median {t['iterations_median']:g}, fewest {t['iterations_min']}"
    )
    if args.games:
        r = report["strength"]
        low, high = r["interval"]
        print(
            f"{label} vs 2 GreedyBots, 3 players, seats rotated, seed {args.seed}: won "
            f"{r['wins']:g} of {r['games']} games, {100 * r['win_rate']:.1f}% "
            f"(95% Wilson {100 * low:.1f}–{100 * high:.1f}%)"
        )
        print(r["table"])


if __name__ == "__main__":
    main()
