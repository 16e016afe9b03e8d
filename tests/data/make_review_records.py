"""Make the game records that the review is tested on, and the lesson's sample game: real games
between bots, seeded, so that the same files come out every time. Regenerate with

    .venv/bin/python tests/data/make_review_records.py

and review the diff like any other change (tests/test_review.py reads these files).

- ``tests/data/review_2p_random_greedy.json``: a random bot against a greedy bot (2 players);
- ``tests/data/review_3p_greedy.json``: three greedy bots, a shorter game (3 players, saved in
  shift II: the review of an unfinished game);
- ``gluckauf/analysis/data/sample_game.json``: the sample game of lesson 12, three players: Gábor is
  played by a bot that plays like the greedy bot but places at random about one time in three
  (:class:`Learner`), Zsófi and Péter by greedy bots.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from gluckauf import Action, Bot, GameState, RandomBot, new_game
from gluckauf.bots.greedy import GreedyBot
from gluckauf.core.state import PLACE
from gluckauf.files.jsonio import write_json_atomic
from gluckauf.files.records import record_of

HERE = Path(__file__).resolve().parent
SAMPLE = HERE.parent.parent / "gluckauf" / "analysis" / "data" / "sample_game.json"
LEARNER = "learner"  # the seat kind of the sample's learner bot (not a registered bot)


class Learner:
    """Plays like the greedy bot, except that about one placement in three is a random legal one —
    like a learner who has not seen everything yet. (Defined here, for the sample game only.)"""

    name = LEARNER

    def __init__(self, seed: int, share: float = 0.35) -> None:
        self.rng = random.Random(seed)
        self.share = share
        self.greedy = GreedyBot(seed)

    def choose(self, state: GameState) -> Action:
        if state.phase == PLACE and self.rng.random() < self.share:
            return self.rng.choice(list(state.legal_actions()))
        return self.greedy.choose(state)


def bot(kind: str, seed: int) -> Bot:
    return {"random": RandomBot, "greedy": GreedyBot, LEARNER: Learner}[kind](seed)


def play(kinds: list[str], seed: int, *, placements: int | None = None) -> dict[str, Any]:
    """The record of a game of ``kinds`` (bots of seat k seeded seed + k, as GameSession
    seeds them), stopped before placement number ``placements`` if given."""
    state = new_game(len(kinds), seed)
    bots = [bot(kind, seed + seat) for seat, kind in enumerate(kinds)]
    placed = 0
    while not state.is_over:
        if state.phase == PLACE:
            if placed == placements:
                break
            placed += 1
        state.apply(bots[state.current].choose(state))
    return record_of(state, seats=kinds)


GAMES = {
    HERE / "review_2p_random_greedy.json": (["random", "greedy"], 9, None),
    HERE / "review_3p_greedy.json": (["greedy", "greedy", "greedy"], 5, 50),
    SAMPLE: ([LEARNER, "greedy", "greedy"], 2027, None),
}


if __name__ == "__main__":
    for path, (kinds, seed, placements) in GAMES.items():
        path.parent.mkdir(exist_ok=True)
        write_json_atomic(path, play(kinds, seed, placements=placements))
        print(f"wrote {path}")
