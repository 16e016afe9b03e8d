"""Benchmark: MCTSBot — search speed (iterations per second, time per decision) and strength
against two GreedyBots in 3-player games with seat rotation.

    .venv/bin/python benchmarks/mcts_vs_greedy.py [--games 60] [--seed 1] [--workers N]
                                                  [--positions 40] [--seconds S] [--json]
                                                  [--iterations N] [--quick]

Speed: the default MCTSBot (60 iterations, no clock: reproducible) searches ``--positions``
placement decisions taken from games of GreedyBots, one after another in this process;
iterations per second = iterations / seconds searched. ``--seconds`` gives every decision that
time budget as well (``choose_within``, as the board does: widgets/botturns.py) and counts the
searches it stopped. Strength: ``python -m gluckauf tournament --bots mcts,greedy --players
3`` under the hood (the tournament runner: seat rotation, seeded, parallel processes); a shared
victory counts as a share of a win. Bars (the "opponents worth playing" issue): ≤ 1 s per
decision (at the board: benchmarks/bot_latency.py),
win rate ≥ 60% against two GreedyBots. ``--games 0`` measures the speed only, ``--positions 0``
the strength only.
``--iterations N`` gives the MCTSBot N iterations per decision instead of its default, and
``--seconds S`` gives the strength games' decisions that time budget too: ``--seconds 0.7``
plays them as the board does (widgets/botturns.py, ``THINK_SECONDS``; issue 31 asks for the
win rate at that budget). Either plays the strength games in this process, on one core.
``--quick`` (tests/test_benchmarks.py): one position and one game at 2 iterations, a search of
0.05 s.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from gluckauf import new_game
from gluckauf.analysis.tournament import run_tournament
from gluckauf.bots.greedy import GreedyBot
from gluckauf.bots.mcts import DEFAULT_ITERATIONS, MCTSBot
from gluckauf.bots.registry import register
from gluckauf.core.state import PLACE


def placement_positions(count: int, seed: int) -> list:
    """``count`` placement decisions spread over 3-player games of GreedyBots."""
    positions = []
    game = 0
    while len(positions) < count:
        state = new_game(3, seed * 1_000 + game)
        bots = [GreedyBot(seed + game + p) for p in range(3)]
        placements = 0
        while not state.is_over:
            if state.phase == PLACE and len(state.legal_actions()) > 1:
                if placements % 7 == game % 7:
                    positions.append(state.copy(history=False))
                placements += 1
            state.apply(bots[state.current].choose(state), check=False)
        game += 1
    return positions[:count]


def timed_choices(bot: MCTSBot, positions: list, seconds: float | None) -> tuple[list, list]:
    """The seconds each choice took (sorted) and the iterations each searched; ``seconds``:
    the time budget (``choose_within``), None for the bot's fixed iterations."""
    times, iterations = [], []
    for state in positions:
        start = time.perf_counter()
        if seconds is None:
            bot.choose(state)
        else:
            bot.choose_within(state, seconds)
        times.append(time.perf_counter() - start)
        iterations.append(bot.last_iterations)
    return sorted(times), iterations


def measure_speed(
    count: int, seed: int, seconds: float | None = None, iterations: int | None = None
) -> dict:
    bot = MCTSBot(seed) if iterations is None else MCTSBot(seed, iterations=iterations)
    times, iterations = timed_choices(bot, placement_positions(count, seed), seconds)
    limit = bot.iteration_limit(seconds)
    capped = sum(1 for n in iterations if n < limit)
    return {
        "decisions": len(times),
        "iterations_per_second": sum(iterations) / sum(times),
        "mean_s": statistics.fmean(times),
        "median_s": statistics.median(times),
        "p95_s": times[int(0.95 * (len(times) - 1))],
        "max_s": times[-1],
        "iterations_default": limit,
        "seconds_cap": seconds,
        "stopped_by_time_cap": capped,
    }


def measure_strength(
    games: int,
    seed: int,
    workers: int | None,
    iterations: int | None = None,
    seconds: float | None = None,
) -> dict:
    if iterations is not None or seconds is not None:  # the tournament's "mcts", here only
        cap = DEFAULT_ITERATIONS if iterations is None else iterations
        register("mcts", lambda s: MCTSBot(s, iterations=cap, seconds=seconds), replace=True)
        workers = 1
    result = run_tournament(["mcts", "greedy"], players=3, games=games, seed=seed, workers=workers)
    rate = result.win_rate()["mcts"]
    scores = {name: stats.mean for name, stats in result.score_stats().items()}
    return {
        "games": games,
        "win_rate": rate.rate,
        "interval": [rate.low, rate.high],
        "mean_scores": scores,
        "table": result.table(),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--seconds", type=float, default=None)
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--iterations",
        type=int,
        default=None,
        help="MCTSBot iterations per decision (default: the bot's own)",
    )
    parser.add_argument(
        "--quick", action="store_true", help="1 position, 1 game, 2 iterations, 0.05 s searches"
    )
    args = parser.parse_args()
    if args.quick:  # smaller defaults; options given still count
        parser.set_defaults(games=1, positions=1, seconds=0.05, iterations=2)
        args = parser.parse_args()
    report: dict = {}
    if args.positions:
        report["speed"] = measure_speed(args.positions, args.seed, args.seconds, args.iterations)
    if args.games:
        report["strength"] = measure_strength(
            args.games, args.seed, args.workers, args.iterations, args.seconds
        )
    if args.json:
        print(json.dumps(report, indent=2))
        return
    if args.positions:
        s = report["speed"]
        cap = f" or {s['seconds_cap']} s" if s["seconds_cap"] is not None else ""
        print(
            f"MCTSBot speed   {s['decisions']} placement decisions (3 players), budget "
            f"{s['iterations_default']} iterations{cap}"
        )
        print(f"  iterations/s  {s['iterations_per_second']:.0f}")
        print(
            f"  per decision  {s['mean_s']:.3f} s mean, {s['median_s']:.3f} s median, "
            f"{s['p95_s']:.3f} s p95, {s['max_s']:.3f} s max; "
            f"{s['stopped_by_time_cap']} stopped by the time cap"
        )
    if args.games:
        r = report["strength"]
        low, high = r["interval"]
        budget = "" if args.seconds is None else f", {args.seconds} s per decision"
        print(
            f"MCTSBot vs 2 GreedyBots, 3 players, {r['games']} games (seats rotated{budget}), "
            f"seed {args.seed}: win rate {100 * r['win_rate']:.1f}% "
            f"(95% Wilson {100 * low:.1f}–{100 * high:.1f}%)"
        )
        print(r["table"])


if __name__ == "__main__":
    main()
