"""My bot: greedy, with my own balance weights (lesson 11)."""

from dataclasses import replace

from gluckauf.bots.greedy import DEFAULT_WEIGHTS, GreedyBot

WEIGHTS = replace(DEFAULT_WEIGHTS, balance=(0.1, 0.2, 0.5))


def make_bot(seed):
    return GreedyBot(seed, weights=WEIGHTS)
