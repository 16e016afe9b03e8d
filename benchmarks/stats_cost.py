"""Benchmark: what counting the statistics per player (gluckauf.analysis.stats) costs.

    .venv/bin/python benchmarks/stats_cost.py [--games 200] [--players 3] [--seed 1] [--json]
                                              [--quick]

Plays ``--games`` games of RandomBots (the cheapest bots, so the engine's own work is all there
is to compare with: the worst case for the collector's share) twice each, with and without a
live :class:`~gluckauf.analysis.stats.StatsCollector`, the runs of the two kinds taking turns; then
times :func:`~gluckauf.analysis.stats.stats` on each game's record (a checked replay and a counted
one). Prints milliseconds per game and the collector's share. A tournament of greedy bots spends far
more per game in the bots, so its share there is smaller still. ``--quick``
(tests/test_benchmarks.py): 4 games.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from gluckauf import RandomBot, new_game, record_of
from gluckauf.analysis.stats import StatsCollector, stat_row, stats


def play(players: int, seed: int, count: bool) -> tuple[float, object]:
    """One game; seconds taken (dealing, bots, engine and, with ``count``, the collector)."""
    started = time.perf_counter()
    state = new_game(players, seed)
    state.keep_undo = False
    bot = RandomBot(seed)
    collector = StatsCollector(state) if count else None
    while not state.is_over:
        events = state.apply(bot.choose(state))
        if collector is not None:
            collector.add(events)
    if collector is not None:
        for player in collector.stats(state):
            stat_row(player)  # as the tournament stores them
    return time.perf_counter() - started, state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--quick", action="store_true", help="4 games (seconds)")
    args = parser.parse_args()
    if args.quick:  # smaller defaults; options given still count
        parser.set_defaults(games=4)
        args = parser.parse_args()

    plain, counted, replayed = [], [], []
    for game in range(args.games):
        seed = args.seed * 100_003 + game
        first, second = (False, True) if game % 2 == 0 else (True, False)
        for count in (first, second):
            seconds, state = play(args.players, seed, count)
            (counted if count else plain).append(seconds)
        record = record_of(state)  # type: ignore[arg-type]
        started = time.perf_counter()
        stats(record)
        replayed.append(time.perf_counter() - started)
    base, extra = statistics.median(plain), statistics.median(counted)
    out = {
        "games": args.games,
        "players": args.players,
        "ms_per_game_without": round(1000 * base, 3),
        "ms_per_game_with_collector": round(1000 * extra, 3),
        "collector_share": round((extra - base) / base, 4),
        "ms_stats_of_a_record": round(1000 * statistics.median(replayed), 3),
    }
    if args.json:
        print(json.dumps(out))
        return
    print(f"{args.games} random {args.players}-player games, medians per game:")
    print(f"  without statistics       {out['ms_per_game_without']:8.2f} ms")
    print(
        f"  with a live collector    {out['ms_per_game_with_collector']:8.2f} ms "
        f"({out['collector_share']:+.1%})"
    )
    print(
        f"  stats(record) afterwards {out['ms_stats_of_a_record']:8.2f} ms "
        "(replay with checks, then counted)"
    )


if __name__ == "__main__":
    main()
