"""Benchmark: how soon a move at a class's table shows on the other screens (issue 30).

    .venv/bin/python benchmarks/class_tables.py [--tables 8] [--moves 60] [--quick]

Runs the class service (its real application, on this machine, without a hub: the token is
the user's name) and seats ``--tables`` pairs; at every table at once, the player to act
sends a move (its screen's own question to the service) while the other screen's question
that waits for the next move is open, as on a hub. Prints, over all moves: the time a move
takes to be played (the sender's answer) and the time until the other screen has it, median
and slowest, and the moves the service plays per second. An answer within 100 ms feels
instant. ``--quick`` (tests/test_benchmarks.py): 2 tables of 6 moves.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

from gluckauf.bots.random_bot import RandomBot
from gluckauf.files.tableclient import follow, my_table, send_move, set_up_tables

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from classservice import TEACHER, class_service


def play_table(address, pair: tuple[str, str], moves: int, seed: int,
               sent: list[float], seen: list[float]) -> None:  # fmt: skip
    """Play ``moves`` moves at the pair's table: a random bot for whoever is to act."""
    seated = {name: my_table(**address(name)) for name in pair}
    number = seated[pair[0]].table.number
    state, bot = seated[pair[0]].table.state(), RandomBot(seed)
    for k in range(moves):
        if state.is_over:
            break
        mover = pair[state.current]
        other = pair[1 - state.current]
        heard: list[float] = []

        def listen(other: str = other, k: int = k, heard: list[float] = heard) -> None:
            follow(number, k, wait=10, **address(other))
            heard.append(time.perf_counter())

        listener = threading.Thread(target=listen)
        listener.start()
        time.sleep(0.01)  # the other screen's question is open, as on a hub
        action = bot.choose(state)
        began = time.perf_counter()
        send_move(number, k, str(action), **address(mover))
        sent.append(time.perf_counter() - began)
        listener.join(15)
        seen.append(heard[0] - began)
        state.apply(action)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument("--quick", action="store_true", help="2 tables of 6 moves")
    args = parser.parse_args()
    if args.quick:
        args.tables, args.moves = 2, 6
    pairs = [(f"a{n}", f"b{n}") for n in range(args.tables)]
    sent: list[float] = []
    seen: list[float] = []
    with tempfile.TemporaryDirectory() as folder, class_service(Path(folder)) as address:
        set_up_tables([list(pair) for pair in pairs], "en", seed=1, **address(TEACHER))
        began = time.perf_counter()
        players = [threading.Thread(target=play_table,
                                    args=(address, pair, args.moves, n, sent, seen))
                   for n, pair in enumerate(pairs)]  # fmt: skip
        for player in players:
            player.start()
        for player in players:
            player.join()
        wall = time.perf_counter() - began
    ms = [1000 * s for s in sent]
    other = [1000 * s for s in seen]
    print(f"{args.tables} tables at once, {len(sent)} moves in {wall:.1f} s "
          f"({len(sent) / wall:.0f} moves a second, with a 10 ms pause before each)")  # fmt: skip
    print(f"a move played (sender's answer): median {statistics.median(ms):.1f} ms, "
          f"max {max(ms):.1f} ms")  # fmt: skip
    print(f"a move on the other screen: median {statistics.median(other):.1f} ms, "
          f"max {max(other):.1f} ms")  # fmt: skip


if __name__ == "__main__":
    main()
