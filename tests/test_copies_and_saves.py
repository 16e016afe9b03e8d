"""Nothing lost: copies are independent, and a saved game loads back as the same game.

* ``GameState.copy()`` — any interleaving of apply, undo and copy on a state and its copies
  leaves each one equal to the replay of its own actions from its own start.
* Saving — a game from the deal, from a position file, from a PositionBuilder puzzle, after
  undo and in every phase saves as a file that loads back as the same game: the same position,
  the same moves, the same start (``gluckauf.files.savefiles``), at the board as in code.
"""

from __future__ import annotations

import json

import pytest
from helpers import fuzz_examples, random_moves, states_by_phase, waiting_for_a_cube
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gluckauf import RandomBot, new_game
from gluckauf.core.builder import PositionBuilder
from gluckauf.core.invariants import problems
from gluckauf.core.state import _FIELDS as FIELDS
from gluckauf.core.state import DEAL, DETACHED, PHASES, GameState
from gluckauf.files.positions import position_from_dict, position_to_dict
from gluckauf.files.records import game_start, record_of
from gluckauf.files.savefiles import game_data, load_game, same_game, save_game
from widgets.session import FREE, GameSession


def replayed(state: GameState) -> GameState:
    """The state's own actions played again from its own start."""
    again = game_start(state)
    for action in state.history:
        again.apply(action)
    return again


def from_position_file(state: GameState) -> GameState:
    """``state`` written to a position file's JSON and read back (a game set up there)."""
    return position_from_dict(json.loads(json.dumps(position_to_dict(state))))


# --- copies ------------------------------------------------------------------------------------
def test_playing_on_after_undo_leaves_a_copys_history_alone() -> None:
    """The audit's case: a copy shares the undo snapshots; undo then play on in one of them."""
    state = random_moves(new_game(3, seed=11), 40, seed=2)
    twin = state.copy()
    state.undo()
    random_moves(state, 25, seed=5)  # plays on from the restored snapshot
    while twin.can_undo:
        twin.undo()
        assert twin == replayed(twin), f"undone to {len(twin.history)} actions"
    assert state == replayed(state)


def test_start_again_after_load_undo_and_play_on_keeps_a_legal_game(tmp_path) -> None:
    """On the board: load a save, undo, play on, Start again, undo — the game stays whole
    (it used to end in "a draft with fewer than 2 orders" with no legal action)."""
    played = GameSession(new_game(3, seed=8), undo=FREE)
    bot = RandomBot(4)
    for _ in range(30):
        played.play(bot.choose(played.state))
    assert played.save(tmp_path / "game.json")
    session = GameSession(new_game(2, seed=1), undo=FREE)
    assert session.load(tmp_path / "game.json")
    session.undo()
    for _ in range(12):
        session.play(bot.choose(session.state))
    assert session.restart()
    while session.state.can_undo:
        session.undo()
        state = session.state
        assert state == replayed(state), f"undone to {len(state.history)} actions"
        assert not problems(state) and state.legal_actions(), state.phase
    assert session.state == new_game(3, seed=8)


OPERATIONS = st.lists(
    st.tuples(st.sampled_from(("apply", "apply", "apply", "undo", "copy")),
              st.integers(0, 7), st.integers(0, 10**6)),
    min_size=1, max_size=60,
)  # fmt: skip


@pytest.mark.fuzz
@settings(
    max_examples=fuzz_examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(
    seed=st.integers(0, 2**16),
    players=st.integers(2, 4),
    warm_up=st.integers(0, 120),
    operations=OPERATIONS,
)
def test_copies_apply_and_undo_independently(seed, players, warm_up, operations) -> None:
    start = random_moves(new_game(players, seed=seed), warm_up, seed=seed)
    pool = [start]
    for kind, which, choice in operations:
        state = pool[which % len(pool)]
        if kind == "copy":
            pool.append(state.copy())
        elif kind == "undo" and state.can_undo:
            state.undo()
        elif kind == "apply" and not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[choice % len(legal)])
    for state in pool:  # each equals its own replay, and so does every step undo goes back to
        assert state.origin is DEAL
        again = game_start(state)
        steps = [again._fields()]
        for action in state.history:
            again.apply(action, check=False)
            steps.append(again._fields())
        assert state._fields() == steps.pop(), f"{len(state.history)} actions"
        probe = state.copy()
        while probe.can_undo:
            probe.undo()
            assert probe._fields() == steps.pop(), f"undone to {len(probe.history)} actions"


def _lists(value: object, where: str) -> list[tuple[str, list]]:
    """Every list inside ``value`` (itself included), with where it is."""
    if isinstance(value, list):
        found = [(where, value)]
        for i, item in enumerate(value):
            found += _lists(item, f"{where}[{i}]")
        return found
    if isinstance(value, tuple):
        return [found for i, item in enumerate(value) for found in _lists(item, f"{where}[{i}]")]
    return []


def _shared(copy: list, original: list) -> set[str]:
    """Where ``copy`` holds a list that is one of ``original``'s."""
    originals = {id(found) for _where, found in _lists(original, "field")}
    return {where for where, found in _lists(copy, "field") if id(found) in originals}


def test_a_copy_has_every_field_and_is_as_deep_as_a_snapshot() -> None:
    """The copy is written out field by field (for speed): it must miss no field and share
    no list that an undo snapshot (``_fields``, the generic copy) does not share too."""
    states = [*states_by_phase(((2, 4), (4, 9)), per_phase=3, every=5), waiting_for_a_cube()]
    assert {state.phase for state in states} == set(PHASES)
    for state in states:
        theirs = [getattr(state, name) for name in FIELDS]
        copy = state.copy(history=False)
        mine = [getattr(copy, name) for name in FIELDS]
        assert mine == theirs
        assert _shared(mine, theirs) == _shared(list(state._fields()), theirs)
        assert "field[1]" in _shared(mine, theirs)  # the names (never changed), as a check


def test_a_look_ahead_copy_has_no_start_to_save() -> None:
    state = random_moves(new_game(2, seed=3), 20)
    look = state.copy(history=False)
    assert look.origin is DETACHED and look.history == []
    assert game_data(look)["format"] == "gluckauf-position"  # this position alone: fine
    look.apply(look.legal_actions()[0])
    with pytest.raises(ValueError, match="without its history"):
        record_of(look)


# --- saving and loading --------------------------------------------------------------------------
def _deal(players: int, seed: int, moves: int) -> GameState:
    return random_moves(new_game(players, seed=seed), moves, seed=seed)


def _from_position(players: int, seed: int, moves: int) -> GameState:
    state = from_position_file(_deal(players, seed, 45))
    return random_moves(state, moves, seed=seed + 1)


def _from_puzzle(players: int, seed: int, moves: int) -> GameState:
    puzzle = (
        PositionBuilder(players=players, seed=seed)
        .orders(0, "C9KK")
        .cage(0, level=4, cubes="K")
        .mining(0, steps=6)
        .build()
    )
    return random_moves(puzzle, moves, seed=seed)


def _after_undo(players: int, seed: int, moves: int) -> GameState:
    state = _from_position(players, seed, moves + 10)
    for _ in range(min(10, len(state.history))):
        state.undo()
    return state


STARTS = {
    "deal": _deal,
    "position file": _from_position,
    "puzzle": _from_puzzle,
    "after undo": _after_undo,
}


def assert_loads_back(state: GameState, tmp_path, name: str = "game.json") -> GameState:
    path = tmp_path / name
    save_game(state, path)
    loaded = load_game(path)
    assert same_game(loaded, state)
    assert loaded.history == state.history and loaded == state
    assert (loaded.origin is DEAL) == (state.origin is DEAL)
    back = loaded.copy()  # undo reaches the very start the game was set up at
    while back.can_undo:
        back.undo()
    assert back == game_start(state)
    return loaded


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("start", list(STARTS))
@pytest.mark.parametrize("moves", [0, 1, 30])
def test_save_then_load_is_the_same_game(start, players, moves, tmp_path) -> None:
    state = STARTS[start](players, 7 + players, moves)
    assert_loads_back(state, tmp_path)


def test_a_game_from_a_position_saves_its_start_and_moves(tmp_path) -> None:
    position = from_position_file(_deal(3, 5, 60))
    state = random_moves(position.copy(), 9, seed=3)
    data = game_data(state)
    assert data["format"] == "gluckauf-record" and "seed" not in data
    assert data["start"] == position_to_dict(position) and len(data["actions"]) == 9
    assert game_data(position)["format"] == "gluckauf-position"  # nothing played yet


def test_every_phase_saves_and_loads_back(tmp_path) -> None:
    games = [(2, 1), (3, 2), (4, 3)]
    seen = set()
    states = [*states_by_phase(games, per_phase=2, every=7), waiting_for_a_cube()]
    for number, dealt in enumerate(states):
        seen.add(dealt.phase)
        assert_loads_back(dealt, tmp_path, f"deal{number}.json")
        moved = random_moves(from_position_file(dealt), 3, seed=number)
        assert_loads_back(moved, tmp_path, f"position{number}.json")
    assert seen == set(PHASES)


@pytest.mark.parametrize("start", list(STARTS))
def test_the_board_saves_what_it_loads(start, tmp_path) -> None:
    """The board's Save and Load: the loaded game is the saved one, with its moves (undo goes
    back to where it was set up) — never the game's first draft."""
    state = STARTS[start](3, 21, 15)
    session = GameSession(state, undo=FREE)
    session.play(session.state.legal_actions()[0])
    assert session.save(tmp_path / "board.json") and "Saved" in session.message
    fresh = GameSession(new_game(2, seed=1), undo=FREE)
    assert fresh.load(tmp_path / "board.json"), fresh.message
    assert same_game(fresh.state, session.state)
    assert len(fresh.reports) == len(session.reports)
    fresh.play(fresh.state.legal_actions()[-1])  # and again, after a move on the loaded game
    assert fresh.save(tmp_path / "again.json")
    assert same_game(load_game(tmp_path / "again.json"), fresh.state)


def test_a_save_that_would_not_load_back_writes_nothing(tmp_path) -> None:
    session = GameSession(_from_position(3, 4, 5), undo=FREE)
    session.state.origin = DEAL  # claims to be its seed's deal: seed + moves are another game
    assert not session.save(tmp_path / "wrong.json")
    assert "Could not save" in session.message or "cannot be saved" in session.message
    assert not (tmp_path / "wrong.json").exists()


def test_an_object_that_claims_to_equal_every_action_is_not_one() -> None:
    """Legality is membership among action values: a foreign object with ``__eq__`` always
    true and the hash of ``stop`` is refused (R-NOTATION-1) and changes nothing."""
    from gluckauf.core.actions import STOP

    class Impostor:
        def __eq__(self, other: object) -> bool:
            return True

        def __hash__(self) -> int:
            return hash(STOP)

    state = PositionBuilder(players=2).mining(0, steps=4).build()
    assert state.is_legal(STOP)
    before = (state._fields(), list(state.history))
    assert not state.is_legal(Impostor())
    refusal = state.why_not(Impostor())
    assert refusal is not None and refusal.rules == ("R-NOTATION-1",)
    with pytest.raises(ValueError):
        state.apply(Impostor())
    assert (state._fields(), state.history) == before
