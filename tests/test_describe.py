"""The board in words (issue 26, 2): "Describe" tells whose turn it is, your mine, your orders,
the other players and the main board, in the learner's language, with the hover's words."""

from __future__ import annotations

import pytest

from gluckauf import new_game
from gluckauf.core.builder import PositionBuilder
from gluckauf.core.components import SPACES
from gluckauf.text.i18n import language
from widgets.board import BoardWidget
from widgets.describe import describe_board, description_html
from widgets.hover import describe_target
from widgets.session import GameSession


def position():
    return (
        PositionBuilder(players=3, seed=5, names=["Ada", "Bea", "Cili"])
        .orders(0, "C9KK", "W3YY")
        .fill(0, "W3YY", "Y", "")
        .storage(0, "B")
        .tiles(0, "Y1L")
        .turn(0)
        .build()
    )


def test_the_sections_come_in_order_with_the_hovers_words() -> None:
    state = position()
    sections = describe_board(state, 0, "Ada: place workers on a space")
    assert [heading for heading, _ in sections] == [
        "Now",
        "Your mine (Ada)",
        "Your orders in hand: 2",
        "The other players",
        "The main board and the coal supply",
    ]
    now, mine, orders, others, board = (lines for _, lines in sections)
    assert now[0] == "Ada: place workers on a space" and now[1].startswith("Scores now: Ada 0")
    assert describe_target("mine:0", state, 0) == mine[0]
    assert describe_target("storage:0", state, 0) in mine
    assert orders == [
        "a 9-VP carriage order (black, black), slots filled: 0 of 2.",
        "a 3-VP wheelbarrow order (yellow, yellow), slots filled: 1 of 2.",
    ]
    assert others == [describe_target("mine:1", state, 0), describe_target("mine:2", state, 0)]
    assert len(board) == len(SPACES) + 4  # every space, and each colour in the supply
    assert all(line.strip() for _, lines in sections for line in lines)


def test_no_orders_is_said_in_words() -> None:
    state = new_game(2, seed=1)
    ((_, lines),) = [s for s in describe_board(state, 0, "") if s[0].startswith("Your orders")]
    assert lines == ["No orders in hand."]


@pytest.mark.parametrize(
    ("lang", "heading", "board"),
    [
        ("de", "Dein Bergwerk (Ada)", "Der Spielplan und der Kohlevorrat"),
        ("hu", "A bányateleped (Ada)", "A játéktér és a szénkészlet"),
    ],
)
def test_it_speaks_the_learners_language(lang, heading, board) -> None:
    with language(lang):
        sections = describe_board(position(), 0, "")
        html = description_html(sections)
    headings = [h for h, _ in sections]
    assert heading in headings and board in headings
    assert "Your mine" not in html and "slots filled" not in html


def test_the_html_is_headings_and_lists_with_text_escaped() -> None:
    html = description_html([("A & B", ["<b>not bold</b>"])])
    assert html.count("<h4") == 1 and "<li>&lt;b&gt;not bold&lt;/b&gt;</li>" in html
    assert "A &amp; B" in html


def test_the_boards_describe_button_shows_the_words_and_keeps_them_current() -> None:
    board = BoardWidget(GameSession(new_game(2, seed=1)))
    assert board.description.value == "" and board.in_words.layout.display == "none"
    board.show_description.value = True
    assert board.in_words.layout.display != "none"  # the words, and a move to type
    assert board.typed in board.in_words.children
    assert "Your mine (Gábor)" in board.description.value
    board._on_key("Enter")
    board._on_key("Enter")  # Gábor's draft pick by keys: the words follow the game
    assert str(board.session.state.history[-1]).startswith("draft")
    # two people at one screen: the words are now for Zsófi, who is to draft
    assert "Your mine (Zsófi)" in board.description.value
    assert "Zsófi: take an order from the draft" in board.description.value
