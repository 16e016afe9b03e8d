"""The board by keyboard (issue 26, 1-2): the cursor's moves, a whole game played with keys
alone, Escape, the live region's sentences, and the cursor's focus ring."""

from __future__ import annotations

import pytest
from helpers import random_moves, states_by_phase
from test_board_widget import in_fresh_thread

from gluckauf import new_game
from gluckauf.text.words import describe_action
from widgets.board import BoardWidget
from widgets.contrast import failures, outline_contrasts
from widgets.draw import FOCUS, draw_focus, picture
from widgets.geometry import Box
from widgets.keyboard import KEYS, move, reading_order, typed_moves
from widgets.session import GameSession

GRID = {
    "a": Box(0, 0, 10, 10),
    "b": Box(20, 2, 10, 10),
    "c": Box(0, 40, 10, 10),
    "d": Box(25, 41, 10, 10),
}


def test_the_arrows_go_in_reading_order_and_round_the_end() -> None:
    assert reading_order(GRID) == ["a", "b", "c", "d"]  # b's top is 2 px lower: same row
    assert move(GRID, "a", "ArrowRight") == "b"
    assert move(GRID, "b", "ArrowRight") == "c"
    assert move(GRID, "d", "ArrowRight") == "a"
    assert move(GRID, "a", "ArrowLeft") == "d"
    assert move(GRID, "c", "Home") == "a" and move(GRID, "a", "End") == "d"


def test_up_and_down_go_to_the_nearest_target_that_way() -> None:
    assert move(GRID, "b", "ArrowDown") == "d"
    assert move(GRID, "c", "ArrowUp") == "a"
    assert move(GRID, "a", "ArrowUp") == "a"  # nothing above: the cursor stays


def test_a_cursor_on_no_target_starts_at_the_first_and_no_target_means_none() -> None:
    assert move(GRID, None, "ArrowRight") == "a"
    assert move(GRID, "gone", "ArrowLeft") == "d"
    assert move({}, "a", "ArrowRight") is None
    with pytest.raises(ValueError, match="not a key"):
        move(GRID, "a", "Enter")


def _press(board: BoardWidget, *keys: str) -> None:
    for key in keys:
        board._on_key(key)


def test_a_whole_game_is_played_with_keys_alone() -> None:
    """Enter puts the cursor on the first target, Enter again chooses it; a scoring's cards go
    on with Enter. No mouse event at all, and the game ends."""

    def play() -> tuple[BoardWidget, int]:
        session = GameSession(new_game(2, seed=11), seats=["human", "greedy"])
        board = BoardWidget(session, bot_delay=0.0)
        presses = 0
        while not session.state.is_over and presses < 5_000:
            before = (
                len(session.state.history),
                tuple(session.pending),
                len(board._steps),
                board._step,
            )
            _press(board, "Enter", "Enter")
            presses += 2
            after = (
                len(session.state.history),
                tuple(session.pending),
                len(board._steps),
                board._step,
            )
            assert after != before, f"stuck: {session.status()}"
        while board._steps:
            _press(board, "Enter")
        return board, presses

    board, presses = in_fresh_thread(play)
    assert board.session.state.is_over
    assert presses > 100
    assert board._cursor is None and not board._key_targets()  # nothing left to choose


def test_escape_drops_a_half_made_move_and_says_so() -> None:
    board = BoardWidget(GameSession(new_game(2, seed=3)))
    session = board.session
    while session.state.phase == "draft":
        _press(board, "Enter", "Enter")
    # a tile space needs one click; a first click on a cart needs a second: find a half move
    for _ in range(200):
        _press(board, "Enter", "Enter")
        if session.pending:
            break
    assert session.pending, "no half-made move reached"
    _press(board, "Escape")
    assert session.pending == []
    assert "dropped" in board.live.value


def test_keys_the_board_does_not_answer_change_nothing() -> None:
    board = BoardWidget(GameSession(new_game(2, seed=1)))
    before = (board._cursor, board.live.value, len(board.session.state.history))
    for key in ("a", "Tab", "F5", "Shift"):
        assert key not in KEYS
        board._on_key(key)
    assert (board._cursor, board.live.value, len(board.session.state.history)) == before


def test_the_live_region_says_the_cursors_target_each_answer_and_the_bots_moves() -> None:
    def play() -> tuple[list[str], BoardWidget]:
        session = GameSession(
            new_game(3, seed=2, start_player=0), seats=["human", "random", "random"]
        )
        board = BoardWidget(session, bot_delay=0.0)
        said = []
        board.live.observe(lambda change: said.append(change["new"]), names="value")
        _press(board, "Enter")  # the cursor on the first order of the draft
        _press(board, "Enter")  # take it: the bots draft after
        return said, board

    said, board = in_fresh_thread(play)
    # 3 × 3 + 1 orders in the draft, two taken by the bots before Gábor (R-SETUP-4)
    assert said[0].startswith("8 to choose from. A ")
    assert any("Gábor took" in text for text in said)  # the learner's own move
    assert any("Zsófi took" in text or "Péter took" in text for text in said)  # the bots'
    assert board.session.status().split(":")[0] in said[-1]  # whose turn, once bots are done


def test_the_cursor_has_a_focus_ring_that_stands_out() -> None:
    board = BoardWidget(GameSession(new_game(3, seed=4)))
    _press(board, "Enter", "ArrowRight")
    cursor = board._cursor
    assert cursor is not None
    pic = picture(
        board.session.state, board.session.layout, highlights=board.session.legal_targets()
    )
    draw_focus(board.session.layout, pic, cursor)
    rings = [op for op in pic.ops if op[0] == "rect" and op[6] == FOCUS]
    assert len(rings) == 1
    assert not failures(outline_contrasts(pic.ops))


def test_typed_moves_are_the_legal_actions_in_words_each_naming_one() -> None:
    for state in states_by_phase(((3, 5), (4, 7)), per_phase=2, every=7):
        moves = typed_moves(state)
        if state.is_over:
            assert moves == {}
            continue
        legal = state.legal_actions()
        assert set(moves.values()) <= set(legal)
        for text, action in moves.items():
            assert text[0].isupper() and describe_action(action, state).lower() == text.lower()
            assert "place " not in text and " $" not in text  # words, not notation
    # F★/O★ putting back 5 cards in some order: phrases many orders share name none of them
    state = random_moves(new_game(3, seed=4), 40, seed=3)
    assert state.phase == "choose" and len(typed_moves(state)) < len(state.legal_actions())


def test_a_move_typed_in_words_is_played_and_anything_else_changes_nothing() -> None:
    board = BoardWidget(GameSession(new_game(2, seed=1)))
    assert board.typed.options == ()  # worked out only once "Describe" shows the box
    board.show_description.value = True
    options = board.typed.options
    assert options and all(not text.startswith("draft ") for text in options)
    board._on_typed({"new": "draft T10YBGK"})  # notation is not a typed move
    assert board.session.state.history == []
    board.typed.value = options[0]
    assert len(board.session.state.history) == 1 and board.typed.value == ""
    assert board.session.message.startswith("Gábor took")
    assert board.typed.options != options  # Zsófi's draft now
