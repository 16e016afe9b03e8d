"""Benchmark: GreedyBot against RandomBots — win rate with a 95% Wilson interval, and speed.

    .venv/bin/python benchmarks/greedy_vs_random.py [--games 200] [--players 3] [--seed 1]
                                                    [--workers N] [--json] [--quick]

One GreedyBot plays ``--games`` games against ``players - 1`` RandomBots, its seat rotating
game by game (seat = game mod players). A shared victory counts as a win. Speed is the
GreedyBot's own thinking time per decision (perf_counter around ``choose``), measured in the
worker processes; "decisions per second" is decisions / total thinking time of one process.
Bar (the "opponents worth playing" issue): win rate ≥ 95%, decisions ≤ 50 ms typically.
``--quick`` (tests/test_benchmarks.py): 4 games.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from gluckauf import GreedyBot, RandomBot, new_game
from gluckauf.analysis.tournament import wilson


def play_one(task: tuple[int, int, int]) -> dict:
    """One game: GreedyBot at seat ``game % players``, RandomBots elsewhere."""
    seed, players, game = task
    seat = game % players
    bots = [RandomBot(seed * 7919 + 31 * game + p) for p in range(players)]
    greedy = GreedyBot(seed * 7919 + 31 * game + seat)
    bots[seat] = greedy
    state = new_game(players, seed * 100_003 + game)
    times: dict[str, list[float]] = {}
    while not state.is_over:
        bot = bots[state.current]
        if bot is greedy:
            phase = state.phase
            start = time.perf_counter()
            action = bot.choose(state)
            times.setdefault(phase, []).append(time.perf_counter() - start)
        else:
            action = bot.choose(state)
        state.apply(action, check=False)
    result = state.result()
    return {
        "won": seat in result.winners,
        "shared": seat in result.winners and len(result.winners) > 1,
        "greedy": result.scores[seat],
        "others": [s for p, s in enumerate(result.scores) if p != seat],
        "times": times,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=3, choices=(2, 3, 4))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--quick", action="store_true", help="4 games (seconds)")
    args = parser.parse_args()
    if args.quick:  # smaller defaults; options given still count
        parser.set_defaults(games=4)
        args = parser.parse_args()

    started = time.perf_counter()
    tasks = [(args.seed, args.players, game) for game in range(args.games)]
    if args.workers > 1:
        with ProcessPoolExecutor(args.workers) as pool:
            games = list(pool.map(play_one, tasks, chunksize=4))
    else:
        games = [play_one(task) for task in tasks]
    wall = time.perf_counter() - started

    wins = sum(g["won"] for g in games)
    low, high = wilson(wins, len(games))
    times = [t for g in games for ts in g["times"].values() for t in ts]
    place = [t for g in games for t in g["times"].get("place", [])]
    times.sort()
    place.sort()

    def ms(values: list[float], q: float) -> float:
        return 1000 * values[min(len(values) - 1, int(q * len(values)))] if values else 0.0

    stats = {
        "players": args.players, "games": len(games), "seed": args.seed,
        "wins": wins, "shared_wins": sum(g["shared"] for g in games),
        "win_rate": wins / len(games), "wilson95": [low, high],
        "mean_score_greedy": statistics.fmean(g["greedy"] for g in games),
        "mean_score_random": statistics.fmean(s for g in games for s in g["others"]),
        "decisions": len(times), "decisions_per_second": len(times) / sum(times),
        "ms_mean": 1000 * statistics.fmean(times), "ms_median": ms(times, 0.5),
        "ms_p95": ms(times, 0.95), "ms_max": 1000 * times[-1],
        "placements": len(place), "place_ms_mean": 1000 * statistics.fmean(place),
        "place_ms_median": ms(place, 0.5), "place_ms_p95": ms(place, 0.95),
        "wall_seconds": wall, "workers": args.workers,
    }  # fmt: skip
    if args.json:
        print(json.dumps(stats, indent=2))
        return
    opponents = "1 RandomBot" if args.players == 2 else f"{args.players - 1} RandomBots"
    print(
        f"GreedyBot vs {opponents}, {args.players} players, "
        f"{len(games)} games (seat rotated), seed {args.seed}"
    )
    shared = f", {stats['shared_wins']} shared" if stats["shared_wins"] else ""
    print(
        f"win rate      {100 * stats['win_rate']:.1f}% ({wins}/{len(games)}{shared}), "
        f"95% Wilson interval {100 * low:.1f}%–{100 * high:.1f}%"
    )
    print(
        f"mean score    greedy {stats['mean_score_greedy']:.1f} VP, "
        f"random {stats['mean_score_random']:.1f} VP"
    )
    print(
        f"decisions     {len(times)} by GreedyBot: {stats['decisions_per_second']:.0f} per "
        f"second; {stats['ms_mean']:.1f} ms mean, {stats['ms_median']:.2f} ms median, "
        f"{stats['ms_p95']:.1f} ms p95, {stats['ms_max']:.0f} ms max"
    )
    print(
        f"placements    {len(place)}: {stats['place_ms_mean']:.1f} ms mean, "
        f"{stats['place_ms_median']:.1f} ms median, {stats['place_ms_p95']:.1f} ms p95"
    )
    print(f"wall time     {wall:.1f} s with {args.workers} worker process(es)")


if __name__ == "__main__":
    main()
