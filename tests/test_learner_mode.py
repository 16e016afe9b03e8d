"""Learner mode (issue 10, part 1): puzzle boards with only undo, redo, start again and hint;
the puzzle's own hint and dead ends, found by searching the engine's legal actions; undo that
first cancels a selection; a move log without undone moves; a human's message that stays
readable while bots move; rule IDs in messages that open their rule."""

from __future__ import annotations

import html
import math

import ipywidgets as w
import pytest
from test_board_widget import in_fresh_thread

from gluckauf import new_game
from gluckauf.text.catalogue import RULES
from gluckauf.text.i18n import language
from widgets.board import BoardWidget
from widgets.labels import CITED, Message, message, say
from widgets.rulelinks import message_html
from widgets.session import FREE, GameSession
from widgets.tutorial import Puzzle, check_number, lesson_puzzles, whole_number
from widgets.tutorial.coach import Coach, default_scope
from widgets.tutorial.mining import six_steps_puzzle

PUZZLES = lesson_puzzles()


def buttons(widget: w.Widget) -> list[w.Widget]:
    """Every control in the widget tree (buttons, dropdowns, sliders, text boxes)."""
    found = []
    for child in getattr(widget, "children", ()):
        if isinstance(
            child, w.Button | w.Dropdown | w.FloatSlider | w.IntText | w.Text | w.ToggleButton
        ):
            found.append(child)
        found += buttons(child)
    return found


def test_every_lesson_has_puzzles() -> None:
    assert len(PUZZLES) >= 15


def test_a_puzzle_board_shows_only_what_the_lesson_needs() -> None:
    board = six_steps_puzzle().board()
    controls = buttons(board)
    # Describe: the board in words, for a screen reader, and a move typed in words, folded
    # under it (issue 26)
    assert [c.description for c in controls] == [
        "Undo",
        "Redo",
        "Start again",
        "Hint",
        "Moves",
        "Describe",
        "Language",
        "Type a move:",
    ]
    assert isinstance(controls[-2], w.Dropdown)  # the language picker


@pytest.mark.parametrize(("name", "puzzle"), PUZZLES, ids=[n for n, _ in PUZZLES])
def test_following_the_puzzle_hint_reaches_the_goal(name: str, puzzle: Puzzle) -> None:
    """Press Hint and play what it says, again and again: the goal is reached (free boards,
    which have no single answer, say so instead)."""
    if puzzle.coach is None:
        assert puzzle.hint() is None
        return
    for _ in range(12):
        if puzzle.check().ok is True:
            break
        action = puzzle.hint()
        assert action is not None, puzzle.session.message
        assert puzzle.session.message.startswith("Hint: ")
        puzzle.session.play(action)
    assert puzzle.check().ok is True, f"{name}: {puzzle.check()}"


def test_the_hint_names_the_shortest_way_in_words() -> None:
    puzzle = six_steps_puzzle()
    action = puzzle.hint()
    assert str(action) == "cage 4"
    assert puzzle.session.message == say(
        "coach.hint", action="Move the cage down to level 4 (black)", n="5 moves"
    )
    assert "cage 4" not in puzzle.session.message  # words only ...
    puzzle.session.show_codes = True
    puzzle.hint()
    assert puzzle.session.message.endswith("(cage 4)")  # ... unless Show codes is on
    assert puzzle.session.state.history == []  # a hint plays nothing


def test_the_w2y_trap_is_a_dead_end_at_once_and_says_how_far_to_undo() -> None:
    """Lesson 04: the yellow cube on W2Y leaves C9KK one cube short (R-MINE-3)."""
    puzzle = six_steps_puzzle()
    board = puzzle.board()
    feedback = board.children[0]
    assert "Dead end" not in feedback.value
    puzzle.session.play("fill W2Y:Y cY")
    assert "Dead end" in feedback.value and "Take back 1 move" in feedback.value
    puzzle.session.play("cage 4")
    assert "Take back 2 moves" in feedback.value
    puzzle.session.undo()
    puzzle.session.undo()
    assert "Dead end" not in feedback.value


def test_a_dead_end_is_claimed_only_when_every_move_was_tried() -> None:
    """The coach's proof: from a dead end, no sequence of legal moves within the scope
    reaches the goal (checked here by an independent exhaustive walk)."""
    puzzle = six_steps_puzzle()
    state = puzzle.session.state
    state.apply("fill W2Y:Y cY")
    coach = Coach(puzzle.goal, default_scope(puzzle.start))
    assert coach.shortest(state).distance == math.inf
    scope = default_scope(puzzle.start)

    def reachable(node, depth: int) -> bool:
        if puzzle.goal(node).ok is True:
            return True
        if depth == 0 or not scope(node):
            return False
        for action in node.legal_actions():
            child = node.copy()
            child.apply(action)
            if reachable(child, depth - 1):
                return True
        return False

    assert not reachable(state, 6)  # 5 steps are left: every way is at most that long
    assert reachable(puzzle.start, 6)


def test_start_again_goes_back_to_the_puzzle_start() -> None:
    puzzle = six_steps_puzzle()
    puzzle.session.play("cage 4")
    puzzle.session.play("load K")
    puzzle.reset()
    assert puzzle.session.state == puzzle.start and puzzle.session.state.history == []
    assert puzzle.session.log == [] and puzzle.session.message == say("msg.restarted")


def test_undo_first_cancels_a_pending_selection_then_takes_back_a_move() -> None:
    puzzle = six_steps_puzzle()
    session = puzzle.session
    session.play("cage 4")
    session.play("load K")
    session.play("cage 0")
    session.click("cage:0:3")  # the black cube in the cage: waits for its slot
    assert session.pending
    session.undo()
    assert session.pending == [] and len(session.state.history) == 3
    assert session.message == say("msg.cleared")
    session.undo()
    assert len(session.state.history) == 2


def test_the_move_log_drops_undone_moves_and_redo_puts_them_back_once() -> None:
    session = GameSession(new_game(2, seed=1))
    session.play(session.state.legal_actions()[0])
    after_one = list(session.log)
    for _ in range(2):
        session.play(session.state.legal_actions()[0])
    full = list(session.log)
    session.undo()
    session.undo()
    assert session.log == after_one
    session.redo()
    session.redo()
    assert session.log == full  # not listed twice


def test_your_own_message_stays_readable_while_bots_move() -> None:
    session = GameSession(new_game(3, seed=2, start_player=0), seats=["human", "random", "random"])
    widget = in_fresh_thread(lambda: BoardWidget(session))
    session.play(session.state.legal_actions()[0])  # the human's draft pick
    mine = session.message
    in_fresh_thread(widget._schedule_bots)  # the bots move (no event loop: at once)
    assert len(session.state.history) > 3 and not session.is_bot_turn
    assert session.message == mine
    assert session.since and say("msg.since", what=session.since) in widget.message.value


def test_the_rules_a_message_cites_open_under_it() -> None:
    text = "The cage is at level 2 (R-MINE-2); see R-MINE-2 and R-MINE-23, not R-NOPE-9."
    page = message_html(text, ("R-MINE-2", "R-NOPE-9"))
    assert page.count("<details") == 1 and "<summary" in page  # one known rule, once
    rule = RULES["R-MINE-2"]
    assert html.escape(rule.title) in page and html.escape(rule.summary) in page
    assert page.count("text-decoration:underline dotted'>R-MINE-2</span>") == 2
    assert "R-MINE-23" in page and ">R-MINE-23<" not in page  # a longer ID is not R-MINE-2
    assert "R-NOPE-9" in page and "R-NOPE-9 ·" not in page  # unknown IDs are not links
    assert "<details" not in message_html(text)  # the rules come as data, not from the words
    assert "<b>" not in message_html("<b>R-MINE-2</b>", ["R-MINE-2"])  # the text is escaped


def test_a_refusal_in_the_widget_offers_its_rules_from_the_refusal() -> None:
    widget = BoardWidget(GameSession(new_game(3, seed=4)), controls=False)
    session = widget.session
    session.click("space:M4")  # the draft comes first (R-SETUP-4)
    _probe, refusal = session.refusal
    assert session.message_rules == refusal.rules and "R-SETUP-4" in refusal.rules
    for rule_id in refusal.rules:
        assert f"{rule_id} · {html.escape(RULES[rule_id].title)}</summary>" in widget.message.value
    session.play(session.state.legal_actions()[0])  # a move's message cites no rule
    widget._texts()
    assert session.message_rules == () and "<details" not in widget.message.value


def test_a_label_message_brings_the_rules_its_words_cite() -> None:
    assert CITED["msg.empty_cart"] == ("R-TUNNEL-6",) and CITED["msg.cleared"] == ()
    with language("de"):
        said = message("msg.empty_cart")
    assert said == Message(said.text, ("R-TUNNEL-6",)) and "R-TUNNEL-6" in said.text
    session = GameSession(new_game(3, seed=4))
    session.tell("msg.first_a_cube")
    assert session.message_rules == ("R-MINE-2",)
    session.say("Plain words, R-MINE-2 named but not cited.")
    assert session.message_rules == ()


def test_the_game_controls_show_a_seat_per_player_and_the_games_seed() -> None:
    widget = BoardWidget(GameSession(new_game(3, seed=2024)))
    shown = [box.description for box in widget.seat_kinds if box.layout.display != "none"]
    assert shown == ["Seat 1", "Seat 2", "Seat 3"]
    assert widget.seed.value == 2024
    widget.players.value = 4
    assert all(box.layout.display != "none" for box in widget.seat_kinds)
    assert "Stop" not in [c.description for c in buttons(widget)]


@pytest.mark.parametrize(
    ("typed", "ok"),
    [
        (4, True),
        (4.0, True),
        ("4", True),
        (" 4 ", True),
        ("+4", True),
        (4.5, False),
        ("four", False),
        (True, False),
        ("5", False),
    ],
)
def test_a_whole_number_counts_however_it_is_typed(typed: object, ok: bool) -> None:
    feedback = check_number(typed, 4, explain="Four.")
    assert feedback.ok is ok
    if whole_number(typed) is None:
        assert repr(typed) in feedback.message  # says what it could not read


def test_messages_write_the_special_spaces_as_the_board_does() -> None:
    session = GameSession(new_game(2, seed=1), undo=FREE)  # F★'s look: free undo only
    while session.state.phase == "draft":
        session.play(session.state.legal_actions()[0])
    session.play("place F*")
    session.show_codes = True  # the notation is shown with Show codes only
    session.undo()
    assert "(place F★)" in session.message and "F*" not in session.message
    assert str(session.redo_stack[-1]) == "place F*"  # records keep the ASCII notation
