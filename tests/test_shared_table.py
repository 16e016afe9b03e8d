"""One game on two screens (widgets.table) in plain Python: the screen a message comes from is
set by hand (``widgets.board.sender``); in JupyterLab it is the kernel message's header.session
(tests/browser/test_table.py plays it in two real browsers)."""

from __future__ import annotations

import pytest
from helpers import random_moves
from test_board_widget import centre, first_draft, in_fresh_thread

import widgets.board
from gluckauf import new_game
from widgets import SharedTable
from widgets.board import BoardWidget
from widgets.session import FREE, GameSession
from widgets.table import HINT, LOAD, MOVE, NEW, RESTART, SAVE, UNDO

ADA, BEA, THIRD = "screen-ada", "screen-bea", "screen-third"
NAMES = ["Ada", "Bea"]


@pytest.fixture
def screen(monkeypatch):
    """``screen.now = id``: the screen the next widget callback comes from."""

    class Screen:
        now: str | None = None

    monkeypatch.setattr(widgets.board, "sender", lambda: Screen.now)
    return Screen


def shared_board(seats=("human", "human")) -> BoardWidget:
    state = new_game(
        len(seats), seed=1, names=NAMES[: len(seats)] + ["Cyd"][: len(seats) - 2], start_player=0
    )
    return in_fresh_thread(
        lambda: BoardWidget(GameSession(state, seats=list(seats)), table=SharedTable())
    )


def sit(board: BoardWidget, screen, who: str, seat: int) -> None:
    screen.now = who
    board.seat_bar.children[1 + seat].click()


def test_claiming_freeing_and_taking_over_a_seat() -> None:
    table = SharedTable()
    assert "Ada's seat is taken" in table.claim(0, ADA, NAMES)
    assert table.seat_of(ADA) == 0 and table.holder(0) == ADA
    assert "taken by another screen" in table.claim(0, BEA, NAMES)
    assert table.holder(0) == ADA  # once is not enough…
    assert "Ada's seat is taken" in table.claim(0, BEA, NAMES)
    assert table.holder(0) == BEA and table.seat_of(ADA) is None  # …twice takes it over
    assert "Bea's seat is taken" in table.claim(1, BEA, NAMES)
    assert table.claims == {1: BEA}  # a screen sits at one seat: it left seat 0
    assert "free again" in table.claim(1, BEA, NAMES) and table.claims == {}
    assert table.claim(0, None, NAMES) == "A seat is taken by pressing its button on a screen."


def seated_board(screen) -> tuple[BoardWidget, dict[int, str]]:
    """A two-player board with Ada's and Bea's screens seated; the screens by seat (the whole
    table in view, so that every space can be pointed at)."""
    board = shared_board()
    board.view_switch.value = "full"
    sit(board, screen, ADA, 0)
    sit(board, screen, BEA, 1)
    return board, {0: ADA, 1: BEA}


def test_each_screen_plays_only_its_own_seat(screen) -> None:
    board = shared_board()
    assert [b.description for b in board.seat_bar.children[1:]] == ["Sit as Ada", "Sit as Bea"]
    sit(board, screen, ADA, 0)
    sit(board, screen, BEA, 1)
    assert [b.description for b in board.seat_bar.children[1:]] == ["Ada: taken", "Bea: taken"]
    screens = {0: ADA, 1: BEA}
    state = board.session.state
    to_act, other = state.current, 1 - state.current
    before = state.copy()
    screen.now = screens[other]  # a click in the other player's turn: refused, nothing changes
    board._on_mouse_down(*centre(board, first_draft(board)))
    assert board.session.message == (
        f"It is {NAMES[to_act]}'s turn: only {NAMES[to_act]}'s screen can play now, not "
        f"{NAMES[other]}'s (R-TURN-1)."
    )
    assert "R-TURN-1" in board.message.value and state == before
    screen.now = THIRD  # a screen with no seat
    board._on_mouse_down(*centre(board, first_draft(board)))
    assert "without a seat" in board.session.message and state == before
    screen.now = screens[to_act]
    board._on_mouse_down(*centre(board, first_draft(board)))
    assert len(state.history) == 1 and state.current == other
    screen.now = screens[other]
    board._on_mouse_down(*centre(board, first_draft(board)))
    assert len(state.history) == 2


def test_undo_takes_back_only_your_own_move_and_hint_is_for_the_player_to_act(screen) -> None:
    board, screens = seated_board(screen)
    first = board.session.state.current
    second = 1 - first
    screen.now = screens[first]
    board._on_mouse_down(*centre(board, first_draft(board)))
    assert board.session.seat_after_undo() == first
    screen.now = screens[second]
    board._run(board.session.undo, UNDO)
    assert board.session.message == (
        f"Only {NAMES[first]}'s screen can take back {NAMES[first]}'s move, not {NAMES[second]}'s."
    )
    assert len(board.session.state.history) == 1
    screen.now = screens[first]
    board._run(board._hint, HINT)
    assert board.session.message.startswith(f"It is {NAMES[second]}'s turn")
    screen.now = screens[second]
    board._run(board._hint, HINT)  # the player to act gets the hint
    assert not board.session.message.startswith("It is")
    screen.now = screens[first]
    board._run(board.session.undo, UNDO)  # the draft showed nothing new: fair undo allows it
    assert len(board.session.state.history) == 0


def test_the_notebooks_own_code_is_never_refused(screen) -> None:
    board = shared_board()
    screen.now = None  # a cell run in the notebook: no screen's message
    board._on_mouse_down(*centre(board, first_draft(board)))
    assert len(board.session.state.history) == 1
    assert board.table.ask(None, NEW, NAMES) is None


def test_a_new_game_keeps_only_the_seats_that_are_still_human(screen) -> None:
    board, _screens = seated_board(screen)
    board.seat_kinds[1].value = "greedy"
    for who in (ADA, BEA):  # both seated screens agree to the new game
        screen.now = who
        in_fresh_thread(lambda: board._run(board._new_game, NEW))
    assert board.table.claims == {0: ADA}
    assert [b.description for b in board.seat_bar.children[1:]] == ["Gábor: taken"]


def test_only_the_player_to_act_shows_what_their_mouse_points_at(screen) -> None:
    board, screens = seated_board(screen)
    screen.now = screens[1 - board.session.state.current]
    board._on_mouse_move(*centre(board, "space:M6"))
    assert board._hovered is None  # the waiting player's mouse draws nothing on the screens
    screen.now = screens[board.session.state.current]
    board._on_mouse_move(*centre(board, "space:M6"))
    assert board._hovered == "space:M6"
    screen.now = screens[1 - board.session.state.current]
    board._on_mouse_out(0, 0)
    assert board._hovered == "space:M6"


def test_without_a_table_any_click_plays_as_before(screen) -> None:
    board = in_fresh_thread(lambda: BoardWidget(GameSession(new_game(2, seed=1))))
    screen.now = BEA
    board._on_mouse_down(*centre(board, first_draft(board)))
    assert len(board.session.state.history) == 1 and board.seat_bar.children == ()
    assert MOVE == "move"


# --- changes for the whole table: New game, Start again, Load need every seated screen -------
def test_a_new_game_needs_every_seated_screen_and_a_second_press_calls_it_off(screen) -> None:
    board, _screens = seated_board(screen)
    state = board.session.state
    screen.now = ADA
    in_fresh_thread(lambda: board._run(board._new_game, NEW))
    assert board.session.state is state  # asked, not done
    assert board.session.message == (
        "Ada asks for a new game (2 players, seed 1). It happens when every seated player "
        "agrees: Bea, press “New game” on your own screen too (Ada: press it again to call it "
        "off)."
    )
    request = board.seat_bar.children[-1].value  # shown on every screen, above the board
    assert "Asked: a new game (2 players, seed 1). Agreed: Ada. Waiting for: Bea" in request
    in_fresh_thread(lambda: board._run(board._new_game, NEW))  # Ada again: called off
    assert board.session.message.startswith("Ada pressed again: the request for a new game")
    assert board.table.request is None and board.session.state is state
    screen.now = BEA
    in_fresh_thread(lambda: board._run(board._new_game, NEW))  # Bea asks…
    screen.now = ADA
    in_fresh_thread(lambda: board._run(board._new_game, NEW))  # …and Ada agrees: done
    assert board.session.state is not state and board.session.message.startswith("New game")
    assert board.table.request is None
    assert not any("Asked:" in getattr(c, "value", "") for c in board.seat_bar.children)


def test_agreement_is_to_exactly_the_settings_asked_for(screen) -> None:
    board, _screens = seated_board(screen)
    state = board.session.state
    screen.now = ADA
    in_fresh_thread(lambda: board._run(board._new_game, NEW))
    board.seed.value = 7  # changed before Bea presses: Bea asks for another game
    screen.now = BEA
    in_fresh_thread(lambda: board._run(board._new_game, NEW))
    assert board.session.state is state
    assert board.session.message.startswith(
        "The request for a new game (2 players, seed 1) is replaced: Bea asks for a new game "
        "(2 players, seed 7)."
    )
    screen.now = ADA
    in_fresh_thread(lambda: board._run(board._new_game, NEW))
    assert board.session.state.seed == 7


def test_a_change_of_seats_drops_the_request(screen) -> None:
    board, _screens = seated_board(screen)
    screen.now = ADA
    in_fresh_thread(lambda: board._run(board._new_game, NEW))
    sit(board, screen, BEA, 1)  # Bea stands up
    assert board.table.request is None and board.table.claims == {0: ADA}
    assert board.session.message == (
        "Bea's seat is free again. The request for a new game "
        "(2 players, seed 1) is dropped because the seats have "
        "changed: ask again."
    )
    state = board.session.state
    screen.now = ADA  # alone at the table now: Ada decides at once
    in_fresh_thread(lambda: board._run(board._new_game, NEW))
    assert board.session.state is not state


def test_start_again_and_load_need_every_seated_screen_too(screen, tmp_path) -> None:
    board, screens = seated_board(screen)
    first = board.session.state.current
    screen.now = screens[first]
    board._on_mouse_down(*centre(board, first_draft(board)))
    path = tmp_path / "game.json"
    board.path.value = str(path)
    board._run(lambda: board.session.save(board.path.value), SAVE)  # a seated screen saves
    assert path.exists()
    screen.now = screens[1 - first]
    board._on_mouse_down(*centre(board, first_draft(board)))
    assert len(board.session.state.history) == 2
    board._run(board._load, LOAD)
    assert len(board.session.state.history) == 2 and "asks for the game in" in (
        board.session.message
    )
    screen.now = screens[first]
    board._run(board._load, LOAD)  # both agree: loaded (one move, before nothing was shown)
    assert len(board.session.state.history) == 1
    assert board.session.message == f"Loaded {path}."
    state = board.session.state
    board._run(board._restart, RESTART)
    assert board.session.state is state and "a fresh start of this game" in (board.session.message)
    screen.now = screens[1 - first]
    board._run(board._restart, RESTART)
    assert board.session.state is not state and board.session.message == "Back at the start."


def test_a_screen_without_a_seat_cannot_save_stop_the_bots_or_ask(screen, tmp_path) -> None:
    board, _screens = seated_board(screen)
    board.path.value = str(tmp_path / "game.json")
    screen.now = THIRD
    board._run(lambda: board.session.save(board.path.value), SAVE)
    assert not (tmp_path / "game.json").exists() and "without a seat" in board.session.message
    board.bots_running.value = False  # the screen presses Stop bots: the button is put back
    assert board.bots_running.value is True and "without a seat" in board.session.message
    assert board.bots_running.description == "Stop bots"
    board._run(board._new_game, NEW)
    assert board.table.request is None and "without a seat" in board.session.message
    screen.now = BEA  # a seated screen may stop the bots, and every screen is told
    board.bots_running.value = False
    assert board.bots_running.value is False and board.bots_running.description == "Run bots"
    assert board.session.message == "Bea stopped the bots; “Run bots” lets them play on."


def test_the_notebooks_own_code_changes_the_table_at_once_and_ends_a_request(screen) -> None:
    board, _screens = seated_board(screen)
    screen.now = ADA
    in_fresh_thread(lambda: board._run(board._new_game, NEW))
    assert board.table.request is not None
    screen.now = None
    state = board.session.state
    in_fresh_thread(lambda: board._run(board._new_game, NEW))
    assert board.session.state is not state and board.table.request is None


def test_after_the_game_only_the_last_movers_screen_may_take_it_back(screen) -> None:
    over = random_moves(new_game(2, seed=1, names=NAMES, start_player=0), 10_000, seed=4)
    assert over.is_over
    # free undo: a fair game's end follows a reveal, so there would be nothing to take back
    session = GameSession(over, seats=["human", "human"], undo=FREE)
    board = in_fresh_thread(lambda: BoardWidget(session, table=SharedTable()))
    sit(board, screen, ADA, 0)
    sit(board, screen, BEA, 1)
    screens = {0: ADA, 1: BEA}
    last = session.seat_after_undo()
    assert last is not None
    played = len(session.state.history)
    for who in (THIRD, screens[1 - last]):
        screen.now = who
        board._run(session.undo, UNDO)
        assert len(session.state.history) == played, who
    screen.now = screens[last]
    board._run(session.undo, UNDO)
    assert len(session.state.history) < played


def test_the_request_is_told_in_every_language(screen) -> None:
    from gluckauf.text.i18n import set_language

    board, _screens = seated_board(screen)
    screen.now = ADA
    in_fresh_thread(lambda: board._run(board._new_game, NEW))
    english = board.seat_bar.children[-1].value
    for lang, word in (("de", "Gebeten um: ein neues Spiel"), ("hu", "Kérés: új játék")):
        set_language(lang)
        board.show_language()
        assert word in board.seat_bar.children[-1].value != english
