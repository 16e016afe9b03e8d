"""Dominated moves (gluckauf.bots.pruning): a two-cube fill with a cube of the slot's own colour
(R-MINE-3) is never better than the one-cube fill with that cube (R-MINE-2.3/2.5). Checked on
positions of random and greedy games: the one-cube fill is legal and unpruned, and after it
(and stopping) the player holds a superset of the cubes, all else equal. The engine's
legality is untouched, and the bots never play or search a dominated fill."""

from __future__ import annotations

import pytest

from gluckauf import GreedyBot, RandomBot, new_game
from gluckauf.bots.greedy import MiningPlanner, make_context
from gluckauf.bots.mcts import MCTSBot
from gluckauf.bots.pruning import bot_actions, dominated, dominating_fill, prune
from gluckauf.core.actions import CAGE, PLACE, STOP, Fill, Load, MoveCage
from gluckauf.core.builder import PositionBuilder
from gluckauf.core.components import ORDER_BY_CODE
from gluckauf.core.state import MINE

GAMES = [(players, seed) for players in (2, 3, 4) for seed in range(1, 9)]


def mining_positions(bot_kind: str, games: list[tuple[int, int]]) -> list:
    """Every mining decision of seeded games (random or greedy players) that offers a
    dominated fill."""
    positions = []
    for players, seed in games:
        state = new_game(players, seed)
        bots = [
            (RandomBot if bot_kind == "random" else GreedyBot)(seed * 10 + p)
            for p in range(players)
        ]
        while not state.is_over:
            if state.phase == MINE and any(map(dominated, state.legal_actions())):
                positions.append(state.copy(history=False))
            state.apply(bots[state.current].choose(state), check=False)
    return positions


@pytest.fixture(scope="module")
def positions() -> list:
    found = mining_positions("random", GAMES) + mining_positions("greedy", GAMES[::8])
    assert len(found) >= 50, "too few positions with a dominated fill to test on"
    return found


def finished(state, action):
    """A copy after ``action`` and, if the player is still mining, stopping (R-MINE-1)."""
    me = state.current
    after = state.copy(history=False)
    after.apply(action)
    if after.phase == MINE and after.current == me:
        after.apply(STOP)
    return after


def free_cubes(state, player: int) -> list[int]:
    return [a + b for a, b in zip(state.cage[player], state.storage[player], strict=True)]


@pytest.mark.rule("R-MINE-3")
def test_every_pruned_fill_has_an_unpruned_one_cube_fill_of_the_same_slot(positions) -> None:
    for state in positions:
        legal = state.legal_actions()
        kept = prune(legal)
        for action in legal:
            if not dominated(action):
                continue
            better = dominating_fill(action)
            assert better is not None and better in kept and state.is_legal(better), action
            assert (better.order, better.slot) == (action.order, action.slot)
            assert len(better.cubes) == 1 and better.cubes[0] in action.cubes
            assert better.cubes[0][1] == action.slot  # the slot's own colour
            assert better.steps == action.steps - 1


@pytest.mark.rule("R-MINE-3")
def test_after_the_one_cube_fill_the_player_holds_a_superset_all_else_equal(positions) -> None:
    checked = 0
    for state in positions:
        me = state.current
        for action in filter(dominated, state.legal_actions()):
            better = dominating_fill(action)
            pruned, kept = finished(state, action), finished(state, better)
            other = list(action.cubes)
            other.remove(better.cubes[0])
            ((source, colour),) = other
            # the kept cube is in hand, and free: every colour at least as many cubes
            assert all(
                k >= p for k, p in zip(free_cubes(kept, me), free_cubes(pruned, me), strict=True)
            )
            assert sum(free_cubes(kept, me)) == sum(free_cubes(pruned, me)) + 1
            # all else equal: the pruned position with that cube back where it was and only
            # the own-colour cube on the slot is exactly the kept position
            expected = pruned.copy(history=False)
            (expected.cage if source == CAGE else expected.storage)[me][colour] += 1
            card = ORDER_BY_CODE[action.order].index
            slots = next(s for c, s in expected.outstanding[me] if c == card)
            index = slots.index(tuple(c for _s, c in action.cubes))
            slots[index] = (action.slot,)
            assert expected == kept, f"{action} vs {better}"
            checked += 1
    assert checked >= 50


def test_the_engine_still_allows_every_pruned_fill(positions) -> None:
    for state in positions[:40]:
        legal = list(state.legal_actions())
        kept = bot_actions(state)
        assert [a for a in legal if a in set(kept)] == list(kept)  # a subsequence, in order
        for action in set(legal) - set(kept):
            assert dominated(action) and state.why_not(action) is None
            state.copy().apply(action)  # the engine plays it


def test_only_two_cube_fills_with_a_cube_of_the_slot_colour_are_dominated() -> None:
    assert dominated(Fill("T7GG", 2, (("c", 2), ("s", 0))))
    assert dominated(Fill("T7GG", 2, (("c", 2), ("c", 2))))
    assert dominating_fill(Fill("T7GG", 2, (("s", 2), ("c", 1)))) == Fill("T7GG", 2, (("s", 2),))
    assert dominating_fill(Fill("T7GG", 2, (("c", 2), ("s", 2)))) == Fill("T7GG", 2, (("c", 2),))
    for action in (
        Fill("T7GG", 2, (("c", 0), ("s", 3))),
        Fill("T7GG", 2, (("c", 2),)),
        PLACE["M8"],
        STOP,
        Load(2),
        MoveCage(0),
    ):
        assert not dominated(action) and dominating_fill(action) is None


def test_outside_mining_the_bots_see_the_engines_own_sequence() -> None:
    state = new_game(3, 4)
    assert bot_actions(state) is state.legal_actions()
    star = PositionBuilder(3, 1).turn(0).looking_at(0, "tile", "Y1L", "B2D", "G1L").build()
    assert bot_actions(star) is star.legal_actions()  # the lazy F★ choices stay lazy


def the_planners_candidates(state) -> list:
    planner = MiningPlanner(make_context(state, state.current))
    planner.me = state.current
    return [action for action, _key in planner._candidates(state, None, None, True, True)]


@pytest.mark.rule("R-MINE-3")
def test_the_mining_planner_never_tries_a_dominated_fill(positions) -> None:
    tried_pairs = 0
    for state in positions:
        candidates = the_planners_candidates(state)
        assert not any(map(dominated, candidates))
        tried_pairs += sum(1 for a in candidates if type(a) is Fill and len(a.cubes) == 2)
    assert tried_pairs > 0  # it still tries two-cube fills that are not dominated


def test_a_dominated_fill_is_skipped_and_the_pair_for_a_slot_no_cube_fits_is_tried() -> None:
    # a grey and a brown cube in the cage at the surface: the grey slot takes the grey cube
    # alone (the grey + brown pair on it is pruned); the black slot can only take the pair
    state = (
        PositionBuilder(3, 2).orders(0, "T5K", "T4G").cage(0, 0, "GB").turn(0).mining(0, 4).build()
    )
    legal = state.legal_actions()
    grey_pair = Fill("T4G", 2, (("c", 1), ("c", 2)))
    black_pair = Fill("T5K", 3, (("c", 1), ("c", 2)))
    assert grey_pair in legal and black_pair in legal and dominated(grey_pair)
    candidates = the_planners_candidates(state)
    assert grey_pair not in candidates and Fill("T4G", 2, (("c", 2),)) in candidates
    assert black_pair in candidates


def test_the_bots_never_play_a_dominated_fill() -> None:
    for players, seed in [(2, 5), (3, 6)]:
        state = new_game(players, seed)
        bots = [GreedyBot(seed + p) for p in range(players)]
        bots[0] = MCTSBot(seed, iterations=1, seconds=None)
        while not state.is_over:
            action = bots[state.current].choose(state)
            assert not dominated(action), f"{bots[state.current].name} played {action}"
            state.apply(action)
