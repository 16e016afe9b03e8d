"""Benchmark: engine speed in random games, and where the time goes.

    .venv/bin/python benchmarks/engine_profile.py [--players 4] [--games 2000] [--seed 1]
                                                  [--repeats 3] [--top 25] [--no-profile]
                                                  [--quick]

Times the loop ``gluckauf simulate`` measures (new game, then RandomBots to the end, no undo
snapshots) ``--repeats`` times and prints games/s and decisions/s, best and median, and the
decisions per second as a share of the iterations per second of a plain Python loop on the
same core (``for _ in range(n): pass`` at a script's top level, best of the same repeats): a
figure that depends less on the machine's speed. Then plays a fifth of the games again
under cProfile and prints the top functions by cumulative time.
Bars: ≥ 1,000 random 4-player games per second on one core; 0.009 of the plain loop (issue
31). ``--quick``
(tests/test_benchmarks.py): 20 games, once, and the top 5 functions.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import time

from gluckauf.bots import RandomBot
from gluckauf.cli import derive_seed
from gluckauf.core.newgame import new_game


def play(players: int, games: int, seed: int) -> tuple[float, int]:
    """Play the games like ``simulate`` does; the seconds spent in the engine and decisions."""
    seconds, decisions = 0.0, 0
    for game in range(games):
        bots = [RandomBot(derive_seed(seed, game, "bot", seat)) for seat in range(players)]
        started = time.perf_counter()
        state = new_game(players, derive_seed(seed, game, "game"))
        state.keep_undo = False
        while not state.is_over:
            state.apply(bots[state.current].choose(state), check=False)
        seconds += time.perf_counter() - started
        decisions += len(state.history)
    return seconds, decisions


PLAIN_LOOP = compile("for _ in range(n):\n    pass\n", "<plain loop>", "exec")


def plain_loop(iterations: int = 5_000_000) -> float:
    """Iterations per second of the plainest Python loop, on this core now: ``for _ in
    range(n): pass`` as a script's top level runs it (the issue's baseline was measured so;
    inside a function the same loop runs about 1.7 times as fast)."""
    started = time.perf_counter()
    exec(PLAIN_LOOP, {"n": iterations})
    return iterations / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--no-profile", action="store_true")
    parser.add_argument("--quick", action="store_true", help="20 games, once; top 5")
    args = parser.parse_args()
    if args.quick:  # smaller defaults; options given still count
        parser.set_defaults(games=20, repeats=1, top=5)
        args = parser.parse_args()

    rates, loops = [], []
    for _ in range(args.repeats):
        loops.append(plain_loop(500_000 if args.quick else 5_000_000))
        seconds, decisions = play(args.players, args.games, args.seed)
        rates.append((args.games / seconds, decisions / seconds))
    games_per_s = sorted(rate[0] for rate in rates)
    decisions_per_s = sorted(rate[1] for rate in rates)
    print(f"{args.players} players, {args.games} games × {args.repeats} repeats")
    print(f"games/s      best {games_per_s[-1]:,.1f}  median {statistics.median(games_per_s):,.1f}")
    print(
        f"decisions/s  best {decisions_per_s[-1]:,.0f}  "
        f"median {statistics.median(decisions_per_s):,.0f}"
    )
    share = decisions_per_s[-1] / max(loops)
    print(f"plain loop   best {max(loops):,.0f} iterations/s: decisions are {share:.4f} of it")
    if args.no_profile:
        return
    profiler = cProfile.Profile()
    profiler.enable()
    play(args.players, max(1, args.games // 5), args.seed)
    profiler.disable()
    print()
    pstats.Stats(profiler).sort_stats("cumulative").print_stats(args.top)


if __name__ == "__main__":
    main()
