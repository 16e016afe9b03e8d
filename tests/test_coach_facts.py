"""What a puzzle tells its coach about its own goal (widgets.tutorial.coach, issue 31: every
hint and watch within 300 ms) must be true: the coach then searches less, never claims more.

- ``final_wrong``: from a position the goal calls wrong, the goal cannot be reached — checked
  here with the coach that knows nothing of it (a full breadth-first proof), on positions a
  learner reaches by trying things (1–3 random legal moves from the start, seeded);
- ``same_length``: every way to the goal has the same length — the draft puzzle's hint is a
  shortest way, as the breadth-first search with a large budget finds it.
"""

from __future__ import annotations

import math
import random

import pytest

from widgets.tutorial import lesson_puzzles
from widgets.tutorial.coach import Coach
from widgets.tutorial.setup import draft_puzzle

FINAL_WRONG = [(name, p) for name, p in lesson_puzzles() if p.coach and p.coach.final_wrong]


def plain(puzzle) -> Coach:
    """The puzzle's coach without the facts its puzzle told it."""
    return Coach(puzzle.coach.goal, puzzle.coach.scope, since=puzzle.coach.since)


def tried(puzzle, seed: int):
    rng = random.Random(seed)
    state = puzzle.session.state.copy()
    for _ in range(rng.randint(1, 3)):
        if state.is_over or not puzzle.coach.scope(state) or puzzle.coach.reached(state):
            break
        state.apply(rng.choice(list(state.legal_actions())))
    return state


def test_the_puzzles_that_say_wrong_is_final_are_the_placement_puzzles():
    assert {name for name, _p in FINAL_WRONG} == {
        "placing.money_puzzle", "delivery.best_delivery_puzzle", "delivery.e4_puzzle",
        "orders.take_order_puzzle", "tunnels.grey_puzzle", "tunnels.balance_puzzle",
        "setup.draft_puzzle",
    }  # fmt: skip


def wrong_positions(puzzle, most: int = 6):
    """Positions the goal calls wrong: first moves (a seeded handful of them), and where a
    learner lands after 1–3 random moves."""
    rng = random.Random(7)
    start = puzzle.session.state
    firsts = []
    for action in start.legal_actions():
        child = start.copy()
        child.apply(action)
        if puzzle.goal(child).ok is False:
            firsts.append(child)
    found = rng.sample(firsts, min(most, len(firsts)))
    for seed in range(8):
        state = tried(puzzle, seed)
        if not puzzle.coach.reached(state) and puzzle.goal(state).ok is False:
            found.append(state)
    return found


@pytest.mark.parametrize(("name", "puzzle"), FINAL_WRONG, ids=[n for n, _p in FINAL_WRONG])
def test_a_position_the_goal_calls_wrong_is_a_dead_end_indeed(name, puzzle):
    positions = wrong_positions(puzzle)
    assert positions, name
    for state in positions:
        assert puzzle.coach.fresh().shortest(state).distance == math.inf
        proof = plain(puzzle).shortest(state, budget=30_000)
        if proof.distance is None:  # too many positions to prove it (the draft): try 300 ways
            assert not any(reaches(puzzle, state, seed) for seed in range(300)), name
        else:
            assert proof.distance == math.inf, (name, [str(a) for a in state.history])


def reaches(puzzle, state, seed: int) -> bool:
    """Whether random legal moves within the scope lead from ``state`` to the goal."""
    rng, state = random.Random(seed), state.copy()
    while not puzzle.coach.reached(state):
        if state.is_over or not puzzle.coach.scope(state):
            return False
        state.apply(rng.choice(list(state.legal_actions())))
    return True


def test_the_draft_puzzles_hints_lead_to_the_goal_each_a_shortest_way():
    puzzle = draft_puzzle()
    state = puzzle.session.state.copy()
    for left in range(9, 0, -1):
        told = puzzle.coach.fresh().advise(state)
        assert told.distance == left
        if left <= 3:  # few enough picks left for the plain breadth-first search to prove it
            assert plain(puzzle).shortest(state, budget=200_000).distance == left
        state.apply(told.action)
    assert puzzle.goal(state).ok is True
