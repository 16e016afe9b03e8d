"""The puzzle coach: how far a puzzle's goal still is, found by searching the engine's legal
actions — never by a rule of its own.

A :class:`Coach` explores the positions a puzzle can reach *within its scope* (by default the
puzzle player's turn, or the draft for a draft puzzle) and remembers, for each position, the
fewest actions to a position its goal calls right. From that it gives the puzzle's hint (the
first action of a shortest way to the goal) and spots dead ends (the goal can no longer be
reached) together with how many moves to take back. Searches have a budget of positions:
when it runs out the answer is "unknown", and the coach claims nothing.
"""

from __future__ import annotations

import math
import pickle
from collections.abc import Callable
from dataclasses import dataclass

from gluckauf.core.actions import Action
from gluckauf.core.state import DRAFT, GameState

from .feedback import Goal

Scope = Callable[[GameState], bool]

HINT_BUDGET = 10_000  # positions a hint's search may look at, per method (a second or two)
WATCH_BUDGET = 4_000  # positions looked at after every move to spot a dead end (a fraction of a
#                       second: mining puzzles need ~3,000)
UNKNOWN = None  # a distance the budget did not allow to find


def default_scope(start: GameState) -> Scope:
    """The positions a puzzle is about: the draft, for a draft puzzle; otherwise the turn of
    the player to act at the start (same player, same shift, game not over)."""
    if start.phase == DRAFT:
        return lambda state: state.phase == DRAFT
    actor, shift = start.current, start.shift
    return lambda state: not state.is_over and state.current == actor and state.shift == shift


def position_key(state: GameState) -> bytes:
    """Bytes that two states share exactly when every game field is the same (not the
    history). Plain data only (ints, strings, lists, tuples): pickled here to be hashed, never
    read back."""
    return pickle.dumps(state._fields(), protocol=pickle.HIGHEST_PROTOCOL)


@dataclass(frozen=True)
class Advice:
    """What the coach knows about a position: the fewest actions to the goal (0 = reached,
    ``math.inf`` = unreachable, ``None`` = unknown) and the first of them."""

    distance: float | None
    action: Action | None = None

    @property
    def dead_end(self) -> bool:
        return self.distance == math.inf


class Coach:
    """Searches the engine's legal actions from a position to the nearest one its goal calls
    right, within a scope and a budget of positions.

    Breadth first, so the way found is a shortest one, and a search that runs dry proves a
    dead end. Positions are told apart by their game fields (the order of the moves that led
    there is not compared: puzzle goals judge the fields, or moves the fields show). When the
    budget runs out first, a depth-first search tries the moves the goal likes best (right,
    then "not yet", then "wrong") for *a* way, not always the shortest; with none found the
    advice is unknown.

    Two facts a puzzle may know about its own goal make the search short (issue 31: every
    hint within 300 ms):

    - ``same_length``: every way to the goal within the scope has the same number of actions
      (a draft puzzle: the picks left). The depth-first search's first way is then a shortest
      one, found in a few dozen positions instead of a breadth-first search of thousands;
    - ``final_wrong``: a position the goal calls wrong never leads to the goal (a card taken in
      the draft stays taken). Such a position is a dead end at once, and no search looks
      beyond one."""

    def __init__(
        self,
        goal: Goal,
        scope: Scope,
        *,
        since: int = 0,
        same_length: bool = False,
        final_wrong: bool = False,
    ) -> None:
        self.goal = goal
        self.scope = scope
        self.since = since  # the history length at the puzzle's start: no goal is met there
        self.same_length = same_length
        self.final_wrong = final_wrong
        self._known: dict[tuple[bytes, tuple[Action, ...]], Advice] = {}
        self._shortest: dict[tuple[bytes, tuple[Action, ...]], Advice] = {}
        self._tried: dict[tuple[bytes, tuple[Action, ...]], int] = {}

    def fresh(self) -> Coach:
        """A coach with the same goal, scope and facts, and nothing remembered yet."""
        return Coach(self.goal, self.scope, since=self.since, same_length=self.same_length,
                     final_wrong=self.final_wrong)  # fmt: skip

    def _verdict(self, state: GameState) -> bool | None:
        """The goal's verdict on a position after the puzzle's start (none at the start)."""
        return self.goal(state).ok if len(state.history) > self.since else None

    def reached(self, state: GameState) -> bool:
        return self._verdict(state) is True

    def _lost(self, verdict: bool | None) -> bool:
        """Whether a position with this verdict is a dead end by ``final_wrong``."""
        return self.final_wrong and verdict is False

    def _key(self, state: GameState) -> tuple[bytes, tuple[Action, ...]]:
        return position_key(state), tuple(state.history[self.since :])

    def shortest(self, state: GameState, budget: int = WATCH_BUDGET) -> Advice:
        """The fewest actions from ``state`` to the goal and the first of them, breadth first:
        ``math.inf`` proves a dead end; unknown if ``budget`` positions were not enough."""
        key = self._key(state)
        known = self._shortest.get(key)
        if known is None or (known.distance is UNKNOWN and budget > self._tried.get(key, 0)):
            known = Advice(0) if self.reached(state) else self._search(state, budget)
            self._shortest[key] = known
            self._tried[key] = budget
        return known

    def is_shortest(self, state: GameState, advice: Advice) -> bool:
        """Whether ``advice`` for ``state`` is a shortest way (not just *a* way)."""
        known = self._shortest.get(self._key(state))
        return known is not None and known == advice

    def advise(self, state: GameState) -> Advice:
        """A way to the goal for a hint: a shortest one if the hint's budget finds it, else the
        first way a depth-first search finds; unknown if neither does."""
        key = self._key(state)
        if key not in self._known:
            advice = self.shortest(state, HINT_BUDGET)
            if advice.distance is UNKNOWN:
                advice = self._depth_first(state, HINT_BUDGET)
            self._known[key] = advice
        return self._known[key]

    def _children(self, state: GameState) -> list[tuple[Action, GameState]]:
        children = []
        for action in state.legal_actions():
            child = state.copy()
            child.apply(action, check=False)
            children.append((action, child))
        return children

    def _search(self, state: GameState, budget: int) -> Advice:
        """A shortest way: depth first where every way is as long as any other, else (or if
        that finds none within the budget) breadth first."""
        if self._lost(self._verdict(state)):
            return Advice(math.inf)
        if self.same_length:
            found = self._depth_first(state, budget)
            if found.distance is not UNKNOWN:
                return found
        return self._breadth_first(state, budget)

    def _breadth_first(self, state: GameState, budget: int) -> Advice:
        if not self.scope(state):
            return Advice(math.inf)
        seen = {position_key(state)}
        frontier: list[tuple[Action | None, GameState]] = [(None, state)]
        left, depth = budget, 0
        while frontier:
            depth += 1
            following = []
            for first, parent in frontier:
                children = self._children(parent)
                left -= len(children)
                if left < 0:
                    return Advice(UNKNOWN)
                for action, child in children:
                    key = position_key(child)
                    if key in seen:
                        continue
                    seen.add(key)
                    verdict = self._verdict(child)  # once per position: goals can be costly
                    if verdict is True:
                        return Advice(depth, first or action)
                    if self.scope(child) and not self._lost(verdict):
                        following.append((first or action, child))
            frontier = following
        return Advice(math.inf)

    def _depth_first(self, state: GameState, budget: int) -> Advice:
        seen: set[bytes] = set()
        left = budget

        def ranked(parent: GameState) -> list[tuple[bool | None, Action, GameState]]:
            """The children with their verdicts, the goal's favourites first (a wrong one
            left out where wrong is final: it leads nowhere)."""
            nonlocal left
            order = {True: 0, None: 1, False: 2}
            children = self._children(parent)
            left -= len(children)
            verdicts = [(self._verdict(child), action, child) for action, child in children]
            verdicts = [v for v in verdicts if not self._lost(v[0])]
            return sorted(verdicts, key=lambda v: order[v[0]])

        def way(parent: GameState, depth: int) -> int | None:
            nonlocal left
            for verdict, _action, child in ranked(parent):
                key = position_key(child)
                if key in seen:
                    continue
                seen.add(key)
                if left < 0:
                    return None
                if verdict is True:
                    return depth + 1
                if self.scope(child):
                    found = way(child, depth + 1)
                    if found is not None or left < 0:
                        return found
            return None

        for verdict, action, child in ranked(state):
            if verdict is True:
                return Advice(1, action)
            if self.scope(child):
                found = way(child, 1)
                if found is not None:
                    return Advice(found, action)
            if left < 0:
                break
        return Advice(UNKNOWN)

    def undo_needed(self, state: GameState) -> int | None:
        """How many moves to take back from a dead end until the goal is reachable again
        (None if the coach cannot tell within its budget, or even the start is stuck)."""
        back = state.copy()
        for taken in range(1, len(state.history) - self.since + 1):
            back.undo()
            advice = self.shortest(back)
            if advice.distance is UNKNOWN:
                return None
            if not advice.dead_end:
                return taken
        return None
