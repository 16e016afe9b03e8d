"""Benchmark: how many legal mining actions are dominated (gluckauf.bots.pruning), and what the
GreedyBot's mining planner spends per decision.

    .venv/bin/python benchmarks/pruned_moves.py [--games 20] [--seed 1] [--json] [--quick]

Plays ``--games`` seeded games per player count (2, 3, 4) twice, with RandomBots and with
GreedyBots, and counts at every mining decision the legal actions and the dominated ones (a
two-cube fill with a cube of the slot's own colour, R-MINE-3). The issue's figure: about 7%.
Speed: the GreedyBots' time per decision (ms), by phase. ``--quick``
(tests/test_benchmarks.py): one game per player count and kind.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from gluckauf import GreedyBot, RandomBot, new_game
from gluckauf.bots.pruning import dominated
from gluckauf.core.state import MINE


def census(kind: str, games: int, seed: int) -> dict:
    legal = pruned = decisions = 0
    times: dict[str, list[float]] = {}
    for game in range(games):
        for players in (2, 3, 4):
            state = new_game(players, seed * 1_000 + game)
            make = RandomBot if kind == "random" else GreedyBot
            bots = [make(seed * 7_919 + 10 * game + p) for p in range(players)]
            while not state.is_over:
                if state.phase == MINE:
                    actions = state.legal_actions()
                    decisions += 1
                    legal += len(actions)
                    pruned += sum(map(dominated, actions))
                started = time.perf_counter()
                action = bots[state.current].choose(state)
                times.setdefault(state.phase, []).append(time.perf_counter() - started)
                state.apply(action, check=False)
    report = {
        "games": 3 * games,
        "mining_decisions": decisions,
        "legal_mining_actions": legal,
        "dominated": pruned,
        "share": pruned / legal if legal else 0.0,
    }
    if kind == "greedy":
        report["ms_per_decision"] = {
            phase: round(1000 * statistics.fmean(values), 2)
            for phase, values in sorted(times.items())
        }
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--quick", action="store_true", help="one game per player count")
    args = parser.parse_args()
    if args.quick:  # smaller defaults; options given still count
        parser.set_defaults(games=1)
        args = parser.parse_args()
    report = {kind: census(kind, args.games, args.seed) for kind in ("random", "greedy")}
    if args.json:
        print(json.dumps(report, indent=2))
        return
    for kind, r in report.items():
        print(
            f"{kind:7} {r['games']} games: {r['dominated']} of {r['legal_mining_actions']} "
            f"legal mining actions dominated ({100 * r['share']:.1f}%) at "
            f"{r['mining_decisions']} mining decisions"
        )
    speed = ", ".join(
        f"{phase} {ms} ms" for phase, ms in report["greedy"]["ms_per_decision"].items()
    )
    print(f"GreedyBot per decision: {speed}")


if __name__ == "__main__":
    main()
