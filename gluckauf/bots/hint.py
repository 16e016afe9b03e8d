"""HintBot: what the board's Hint button says — a short search, and no order that cannot be
delivered any more.

**How it chooses.** Placements are chosen by the :class:`~gluckauf.bots.mcts.MCTSBot`'s search
(the GreedyBot's values as priors, the other players answering as GreedyBots would) with a
budget of work, not of time: the search stops before the positions it has valued would pass
``HINT_WORK`` (or at ``HINT_ITERATIONS``), so a seed and a position fix the hint on any
machine, and a position whose look-ahead is cheap gets more iterations than a heavy one
(``benchmarks/hint_vs_greedy.py`` prints the time per hint and the strength). The board also
gives :meth:`HintBot.choose_within` a time budget, which stops the search on a slower machine.
Mining steps, substitute cubes and the draft are the GreedyBot's.

**The guard.** Before the search, placements that would send the learner to an order that
cannot be completed and delivered before the game ends are removed (:func:`order_can_finish`
counts the actions left against the actions the order still needs: a tunnel tile for a colour
the mine lacks, a mining action, a delivery). The bank building is always open (R-TURN-4), so
a hint never needs such an order. Likewise O★ is hinted only if a shown order could still be
finished, and once orders are shown the hint takes none that cannot be finished.

**In words.** :meth:`HintBot.explain` gives the GreedyBot's sentence for the chosen move (the
move in words and why: orders, tiles and spaces named in words, never by codes; English,
German, Hungarian).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from ..core.actions import Choose
from ..core.components import AREA_ORDERS, ORDER_BY_CODE, ORDERS, SPACE_BY_CODE
from ..core.state import CHOOSE, PLACE
from . import greedy
from .greedy import _after, _Decision, _plan_summary, _say, _scratch, make_context
from .mcts import MCTSBot
from .outlook import order_can_finish

if TYPE_CHECKING:
    from ..core.actions import Action
    from ..core.state import GameState

HINT_WORK = 15_000  # positions valued per placement: the search's budget, the same on every
# machine; a light position gets more iterations out of it than a heavy one (median 34.5,
# fewest 11; 0.54 s median, 0.73 s at most on the reference machine). Against two greedy bots,
# 3 players, seats rotated: 54.7% of 201 games (seed 1), 54.5% of 201 (seed 2). Before, 12
# iterations for every placement: 0.21 s median, 0.71 s at most; 24 iterations had won 47.3%
HINT_ITERATIONS = 200  # search iterations per placement, at most (a position near the end)


def hopeless(state: GameState, action: Action) -> bool:
    """Whether placing ``action`` takes an order (from the display, or O★) that the current
    player cannot deliver before the game ends."""
    space = SPACE_BY_CODE[action.space]  # type: ignore[union-attr]
    if space.area != AREA_ORDERS:
        return False
    me = state.current
    after = _after(_scratch(state), action)
    if space.value >= 0:
        card = state.order_spaces[space.value]
        return card is not None and not order_can_finish(after, me, card)
    # O★: worth a hint only if some order not seen yet could be finished
    return not any(order_can_finish(after, me, card) for card in set(state.order_deck))


class HintBot(MCTSBot):
    """The Hint button's bot (see the module docstring)."""

    name = "hint"

    def __init__(
        self,
        seed: int | None = None,
        *,
        iterations: int = HINT_ITERATIONS,
        work: int | None = HINT_WORK,
        clock_iterations: int | None = None,
        **options: Any,
    ) -> None:
        # a clock only stops the search sooner (a slower machine): its budget is its work
        super().__init__(
            seed, iterations=iterations, work=work, clock_iterations=clock_iterations, **options
        )
        self._last: tuple[GameState, _Decision] | None = None

    def __repr__(self) -> str:
        return f"HintBot(iterations={self.iterations}, work={self.work})"

    def _choose(self, state: GameState, seconds: float | None) -> Action:
        if state.is_over:
            raise ValueError("the game is over: there is nothing to choose")
        self._last = None
        if state.phase == CHOOSE and state.choice_kind == "order":
            return self._choose_order(state)
        if state.phase != PLACE:
            return self.helper.choose(state)
        legal = state.legal_actions()
        allowed = [a for a in legal if not hopeless(state, a)] or list(legal)
        if len(allowed) == 1:
            action = allowed[0]
            options = [o for o in self.helper.rank(state) if o.action == action]
            return self._placed(state, options[0])
        root = self._search(state, seconds)
        edges = [e for e in root.edges if e.action in allowed] or root.edges
        best = max(edges, key=lambda e: (e.visits, e.mean() if e.visits else -math.inf))
        return self._placed(state, best.option)

    def _placed(self, state: GameState, option: Any) -> Action:
        self.helper.adopt(option)
        if option.plan is not None:
            key, params = _plan_summary(option.plan, "mine")
            decision = _Decision(option.action, key, params)
        else:
            ctx = make_context(state, state.current, self.helper.weights)
            decision = self.helper._place_reason(state, ctx, option.action)
        self._last = (state.copy(history=False), decision)
        return option.action

    def _choose_order(self, state: GameState) -> Action:
        """The GreedyBot's choice among shown orders, but never one that cannot be finished."""
        action = self.helper.choose(state)
        take = action.take  # type: ignore[union-attr]
        if take is None:
            return action
        after = _after(_scratch(state), action)
        if order_can_finish(after, state.current, ORDER_BY_CODE[take].index):
            return action
        codes = tuple(ORDERS[i].code for i in state.choice)
        none = Choose(None, codes, "bottom")
        decision = _Decision(none, "choose.none", {"where": greedy.say("where.bottom")})
        self._last = (state.copy(history=False), decision)
        return none

    def explain(self, state: GameState) -> str:
        """One plain sentence: the move this bot hints in ``state`` and why."""
        if self._last is None or self._last[0] != state:
            saved = self.rng.getstate()
            helper_saved = (
                self.helper.rng.getstate(),
                list(self.helper._plan),
                self.helper._plan_reason,
            )
            self.choose(state)
            self.rng.setstate(saved)
            self.helper.rng.setstate(helper_saved[0])
            self.helper._plan, self.helper._plan_reason = helper_saved[1], helper_saved[2]
        if self._last is not None and self._last[0] == state:
            return _say(self._last[1], state)
        return self.helper.explain(state)


__all__ = ["HINT_ITERATIONS", "HINT_WORK", "HintBot", "hopeless", "order_can_finish"]
