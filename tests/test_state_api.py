"""The GameState API: copy, undo, apply by notation, hidden information, results."""

from __future__ import annotations

import random

import pytest
from helpers import random_moves

from gluckauf import IllegalActionError, Place, RandomBot, new_game
from gluckauf.files.positions import position_to_dict


def play(state, moves: int, seed: int = 0):
    return random_moves(state, moves, seed)


def test_copy_is_independent() -> None:
    state = play(new_game(3, seed=1), 40)
    twin = state.copy()
    assert twin == state and twin.history == state.history
    play(twin, 10, seed=9)
    assert twin != state
    assert position_to_dict(state) == position_to_dict(play(state.copy(), 0))


def test_undo_walks_back_to_the_start_and_no_further() -> None:
    start = new_game(2, seed=3)
    state = play(start.copy(), 60)
    while state.can_undo:
        state.undo()
    assert state == start and state.history == []
    with pytest.raises(IndexError):
        state.undo()


def test_apply_accepts_notation_and_refuses_nonsense_unchanged() -> None:
    state = new_game(2, seed=4)
    first = state.legal_actions()[0]
    events = state.apply(str(first))
    assert events[0].kind == "draft" and state.history == [first]
    before = position_to_dict(state)
    with pytest.raises(IllegalActionError):
        state.apply("place M8")  # still drafting
    assert position_to_dict(state) == before


def test_hidden_deck_order_never_changes_the_legal_actions() -> None:
    """Players cannot see the order of the decks: listing the legal actions of any decision
    (except the F★/O★ choice, whose five items are face up for the chooser) never depends on
    it — only on the number of cards left."""
    rng = random.Random(5)
    for players in (2, 3, 4):
        state = new_game(players, seed=players)
        bot = RandomBot(players)
        while not state.is_over:
            shuffled = state.copy(history=False)
            rng.shuffle(shuffled.tile_deck)
            rng.shuffle(shuffled.order_deck)
            assert list(shuffled.legal_actions()) == list(state.legal_actions())
            state.apply(bot.choose(state))


def test_result_so_far_and_final() -> None:
    state = play(new_game(4, seed=8), 30)
    so_far = state.result()
    assert not so_far.over and so_far.winners == []
    assert so_far.scores == state.score
    play(state, 10_000)
    final = state.result()
    assert final.over and final.winners
    for row in final.players:  # the breakdown adds up to the score
        assert row.orders + row.shift_total + sum(row.end.values()) == row.score
    assert "wins" in str(final) or "share" in str(final)


def test_why_not_names_the_space_and_the_rule() -> None:
    state = new_game(2, seed=1)
    refusal = state.why_not(Place("F4"))  # locked with two players
    assert refusal is not None and refusal.rule == "R-SETUP-4"  # still drafting
    while state.phase == "draft":
        state.apply(state.legal_actions()[0])
    refusal = state.why_not(Place("F4"))
    assert refusal is not None and refusal.rule == "R-SETUP-1" and "F4" in refusal.reason


@pytest.mark.parametrize("bad", [1, 5, "three", None])
def test_new_game_refuses_a_bad_player_count(bad) -> None:
    with pytest.raises(ValueError, match="2 to 4 players"):
        new_game(bad, seed=1)


def test_new_game_refuses_bad_seeds_names_and_start_players() -> None:
    with pytest.raises(ValueError, match="seed"):
        new_game(3, seed=-1)
    with pytest.raises(ValueError, match="names"):
        new_game(3, seed=1, names=["A", "B"])
    with pytest.raises(ValueError, match="start player"):
        new_game(3, seed=1, start_player=3)
