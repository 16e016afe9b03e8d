"""The board's language picker: one choice turns engine, widgets and every board on screen."""

from __future__ import annotations

import html

from helpers import closing_new_widgets

from gluckauf.text.i18n import get_language, language
from gluckauf.text.sentences import describe_event
from widgets.board import BoardWidget
from widgets.labels import say


def _labels(board: BoardWidget) -> list[str]:
    return [widget.description for widget, _key, _params in board._labels]


def test_the_picker_names_each_language_in_its_own_words():
    board = BoardWidget()
    assert [label for label, _code in board.language.options] == ["English", "Deutsch", "Magyar"]
    assert board.language.value == "en" and board.language.description == "Language"


def test_choosing_a_language_relabels_every_board_and_retells_the_log():
    board, puzzle = BoardWidget(), BoardWidget(controls="learner")
    session = board.session
    session.play(session.state.legal_actions()[0])  # a draft: one line in the move log
    english = _labels(board), _labels(puzzle), board.status.value, board.move_log.value
    board.language.value = "hu"
    assert get_language() == "hu"
    assert puzzle.language.value == "hu"  # the other board follows
    with language("hu"):
        said = say("msg.language", language="Magyar")
        undo = say("button.undo")
        event = describe_event(session._log[-1][1], session.state.names)
    assert html.escape(said) in board.message.value
    assert undo in _labels(board) and undo in _labels(puzzle) and undo != "Undo"
    assert board.move_log.value.startswith(html.escape(event)) and event not in english[3]
    now = _labels(board), _labels(puzzle), board.status.value, board.move_log.value
    assert all(a != b for a, b in zip(english, now, strict=True))
    assert sum(a == b for a, b in zip(english[0], now[0], strict=True)) <= 1  # "Seed" may stay
    puzzle.language.value = "en"  # and back, from the other board
    assert get_language() == "en"
    assert (_labels(board), _labels(puzzle), board.status.value) == english[:3]
    assert board.move_log.value == english[3]


def test_the_seat_menus_keep_their_choice_in_a_new_language():
    board = BoardWidget()
    board.seat_kinds[1].value = "greedy"
    board.language.value = "de"
    assert board.seat_kinds[1].value == "greedy"
    with language("de"):
        assert board.seat_kinds[0].options[0] == (say("seat.human"), "human")


def test_a_closed_board_does_not_break_a_language_switch_on_another():
    """A board whose widget was closed (its view gone) is left out when another board's picker
    redraws every board (a fuzz run saw 'comm_id' errors from such boards)."""
    board = BoardWidget()
    with closing_new_widgets():  # the board and every part of it, closed
        gone = BoardWidget()
    board.language.value = "de"
    assert get_language() == "de"
    assert "schiefgegangen" not in board.message.value and "comm" not in board.message.value
    board.language.value = "en"
    assert gone.comm is None
