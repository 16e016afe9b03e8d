"""LessonBot: how to beat the greedy bot, as lesson 10 teaches it — played with more patience
than the board's Hint has time for.

The lesson's ideas, and where each one is in the bot:

1. **Read the next player.** The greedy bot plays the move that looks best right now, every
   time, so its moves can be foreseen. (The search's model of the other players is the
   GreedyBot itself: :class:`~gluckauf.bots.mcts.Opponents`.)
2. **Take first what they will take**, when what you give up will still be there on your
   next turn. (The search plays each of its placements on, with the others' greedy answers,
   up to its next placements, and compares where each line leaves it.) Every line is judged
   by the lead it keeps over the best other player, not by its own VP alone
   (:func:`~gluckauf.bots.mcts.margins`).
3. **Take only what you can finish.** An order that cannot be completed and delivered before
   the end costs 1 VP (R-END-3). (The hint's guard: :func:`~gluckauf.bots.hint.hopeless`,
   :func:`~gluckauf.bots.outlook.order_can_finish`.)

The search starts from the greedy bot's first impression (its values are the priors) and
changes its mind only when looking ahead shows a reason. It is the
:class:`~gluckauf.bots.hint.HintBot` with ``LESSON_ITERATIONS`` look-ahead games per placement
and no budget of work, instead of the Hint button's ``HINT_WORK`` (which must answer within
a second).
``benchmarks/lesson_vs_greedy.py`` measures that it beats two GreedyBots at least half the time
(3 players, seats rotated, 200 games or more); lesson 10's positions are checked against it
(tests/test_tutorial_beatgreedy.py).
"""

from __future__ import annotations

from typing import Any

from .hint import HintBot

LESSON_ITERATIONS = 60  # look-ahead games for every placement (the Hint: as its work allows);
# with 60, 61.4% of 201 games against two greedy bots (Wilson 54.6-67.9%); with 24, 47.3%


class LessonBot(HintBot):
    """The lesson's ideas, searched deeper than the Hint button can (see the module
    docstring)."""

    name = "lesson"

    def __init__(
        self,
        seed: int | None = None,
        *,
        iterations: int = LESSON_ITERATIONS,
        work: int | None = None,
        **options: Any,
    ) -> None:
        super().__init__(seed, iterations=iterations, work=work, **options)

    def __repr__(self) -> str:
        return f"LessonBot(iterations={self.iterations})"


__all__ = ["LESSON_ITERATIONS", "LessonBot"]
