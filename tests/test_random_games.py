"""Random games for 2, 3 and 4 players, with every invariant checked after every action.

``make test`` plays ``--games`` games per player count (default 120); ``make soak`` plays 10,000
in all. After each action: the 64 cubes are conserved, money is never negative, workers are
conserved, cages hold at most 5, order slots hold one matching cube or two cubes, legal
actions exist until the game ends, undo restores the previous state exactly, and the JSON
position round-trips identically. At the end: exactly three shift scorings, and the game
record replays to the same final state.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gluckauf import RandomBot, new_game, parse_action
from gluckauf.core.invariants import problems
from gluckauf.files.positions import position_from_dict, position_to_dict
from gluckauf.files.records import record_of, replay

SCHEMA_EVERY = 25  # the full JSON Schema pass is slow; every 25th state gets it too


def play_checked(players: int, seed: int, *, check_json: bool = True) -> dict[str, int]:
    """Play one random game, checking everything after every action. Returns counters."""
    state = new_game(players, seed)
    bot = RandomBot(seed + 1)
    shift_scorings = actions = 0
    while not state.is_over:
        legal = state.legal_actions()
        assert len(legal) > 0, f"no legal action in phase {state.phase}"
        action = bot.choose(state)
        before = state._fields()
        state.apply(action)
        after = state._fields()
        assert state.undo() == action
        assert state._fields() == before, f"undo of {action} did not restore the state"
        events = state.apply(action)
        assert state._fields() == after, f"{action} is not deterministic"
        shift_scorings += sum(1 for e in events if e.kind == "shift_end")
        actions += 1
        found = problems(state)
        assert not found, f"after {action}: {found}"
        if check_json:
            data = json.loads(json.dumps(position_to_dict(state)))
            again = position_from_dict(data, check_schema=actions % SCHEMA_EVERY == 0)
            assert again == state, f"JSON round trip changed the state after {action}"
    assert shift_scorings == 3
    assert state.shift == 3 and state.legal_actions() == []
    replayed = replay(json.loads(json.dumps(record_of(state))))
    assert replayed == state, "the game record does not replay to the same final state"
    result = state.result()
    assert result.over and result.winners
    assert sum(result.scores) == sum(state.score)
    return {"actions": actions}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_every_invariant(players: int, games: int) -> None:
    total = 0
    for game in range(games):
        total += play_checked(players, seed=1000 * players + game)["actions"]
    assert total > games * 100  # a game has well over 100 decisions


@settings(max_examples=30, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**31 - 1))
def test_any_seed_plays_a_sound_game(players: int, seed: int) -> None:
    play_checked(players, seed, check_json=False)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_legal_action_round_trips_through_its_notation(players: int) -> None:
    """str(action) is canonical and parse_action reads it back, for every legal action
    of every state of a game (F★/O★ choices included)."""
    state = new_game(players, seed=players)
    bot = RandomBot(players)
    seen = set()
    while not state.is_over:
        for action in state.legal_actions():
            assert parse_action(str(action), state) == action
            seen.add(type(action).__name__)
        state.apply(bot.choose(state))
    assert {"Draft", "Place", "MoveCage", "Load", "Fill", "Stop"} <= seen


def test_same_seed_same_game() -> None:
    """(seed, actions) determine the game: two runs with the same seeds are identical."""
    finals = []
    for _ in range(2):
        state = new_game(3, seed=42)
        bot = RandomBot(7)
        while not state.is_over:
            state.apply(bot.choose(state))
        finals.append(position_to_dict(state))
    assert finals[0] == finals[1]
