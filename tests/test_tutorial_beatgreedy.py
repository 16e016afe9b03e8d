"""Lesson 10 — beat the greedy bot: the positions say what the lesson says about them (checked
against the bots themselves, never against a copy of their choices), and every answer on the
board gets its feedback. The lesson bot's strength is measured by
benchmarks/lesson_vs_greedy.py, not asserted here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import lesson_cells

from gluckauf.bots.greedy import GreedyBot
from gluckauf.bots.hint import HINT_WORK, HintBot
from gluckauf.bots.lesson import LESSON_ITERATIONS, LessonBot
from gluckauf.bots.outlook import order_can_finish
from gluckauf.bots.registry import bot_names, make_bot
from gluckauf.core.actions import PLACE, Choose
from gluckauf.core.components import ORDER_BY_CODE, TILES
from gluckauf.core.state import CHOOSE
from gluckauf.core.state import PLACE as PLACING
from gluckauf.text.i18n import language
from widgets.tutorial import beatgreedy as lesson

YELLOW, BLACK = 0, 3
ROOT = Path(__file__).resolve().parent.parent


def colours_on_display(state) -> list[int]:
    return [TILES[kind].colour for kind in state.tile_spaces if kind is not None]


def played(puzzle, action):
    """The puzzle's feedback after ``action`` is played on its board (as a click would), from
    its start: the board's game goes on from there, the goal judges it. A fresh board is played
    as it is (as the learner's first click plays it); a used one is started again first."""
    if puzzle.session.state.history[len(puzzle.start.history) :]:
        puzzle.reset()
    puzzle.session.play(str(action))
    return puzzle.check()


# --- the lesson bot ----------------------------------------------------------------------------
def test_the_lesson_bot_is_registered_and_searches_without_the_hints_budget() -> None:
    assert "lesson" in bot_names()
    bot = make_bot("lesson", 4)
    assert isinstance(bot, LessonBot) and isinstance(bot, HintBot) and bot.name == "lesson"
    assert bot.iterations == LESSON_ITERATIONS and bot.work is None  # every position: 60
    assert make_bot("hint", 4).work == HINT_WORK  # the Hint: a budget of work, to answer fast


# --- ideas 1 and 2: the scarce tile --------------------------------------------------------------
def test_the_scarce_position_is_as_the_lesson_says() -> None:
    state = lesson.scarce_position()
    assert state.phase == PLACING and state.names[state.current] == "Zsófi"
    colours = colours_on_display(state)
    assert colours.count(YELLOW) == 1 and colours.count(BLACK) >= 3
    wants = {
        colour
        for card, _slots in state.outstanding[lesson.ZSOFI]
        for colour in ORDER_BY_CODE[_code(card)].slots
    }
    assert {YELLOW, BLACK} <= wants
    greedy = GreedyBot(7).choose(state)  # any seed: the greedy bot buys a black tile
    assert TILES[state.tile_spaces[int(greedy.space[1]) - 1]].colour == BLACK


def _code(card: int) -> str:
    from gluckauf.core.components import ORDERS

    return ORDERS[card].code


def test_after_the_greedy_move_peter_takes_the_only_yellow_tile() -> None:
    state = lesson.read_position()
    assert state.names[state.current] == "Péter" and state.phase == PLACING
    space = lesson.contested_space()
    assert TILES[state.tile_spaces[int(space[1]) - 1]].colour == YELLOW
    assert GreedyBot(3).choose(state) == PLACE[space]


def test_the_lesson_bot_takes_the_scarce_tile_first() -> None:
    state = lesson.scarce_position()
    assert LessonBot(1).choose(state) == PLACE[lesson.contested_space()]


def test_reading_peter() -> None:
    puzzle = lesson.read_puzzle()
    assert puzzle.check().ok is None  # untouched
    right = played(puzzle, PLACE[lesson.contested_space()])
    assert right.ok is True and "Péter's move" in right.message
    other = played(puzzle, PLACE["BANK"])
    assert other.ok is False and "yellow" in other.message and "Start again" in other.message


def test_taking_the_scarce_tile_first() -> None:
    puzzle = lesson.first_puzzle()
    right = played(puzzle, PLACE[lesson.contested_space()])
    assert right.ok is True and "still on display" in right.message
    assert "His answer: " in right.message and "." in right.message.split("His answer: ")[1]
    for space in ("F4", "F1", "F5", "F7"):  # the black tiles (F4 first, on the fresh board)
        feedback = played(lesson.first_puzzle() if space == "F4" else puzzle, PLACE[space])
        assert feedback.ok is False and "4 black tiles are on display" in feedback.message
    other = played(puzzle, PLACE["F3"])  # grey
    assert other.ok is False and "Péter takes the only yellow one next" in other.message


def test_a_black_tile_is_still_there_when_zsofi_places_again() -> None:
    answer, left = lesson._after_scarce_first(PLACE[lesson.contested_space()], BLACK)
    assert left >= 1 and answer


# --- idea 3: finish what you take ----------------------------------------------------------------
def test_no_order_shown_can_be_finished_and_only_the_greedy_bot_takes_one() -> None:
    state = lesson.finish_position()
    assert state.phase == CHOOSE and state.workers[lesson.ZSOFI] == 1
    for code in lesson.SHOWN_ORDERS:
        assert not order_can_finish(state, lesson.ZSOFI, ORDER_BY_CODE[code].index), code
    assert GreedyBot(2).choose(state).take == "C12KKK"  # the lesson says so
    assert HintBot(2).choose(state).take is None
    assert LessonBot(2).choose(state).take is None


def test_finishing() -> None:
    puzzle = lesson.finish_puzzle()
    assert played(puzzle, Choose(None, lesson.SHOWN_ORDERS, "top")).ok is True
    for code in lesson.SHOWN_ORDERS:
        rest = tuple(c for c in lesson.SHOWN_ORDERS if c != code)
        feedback = played(puzzle, Choose(code, rest, "bottom"))
        assert feedback.ok is False and "R-END-3" in feedback.message


@pytest.mark.parametrize("lang", ["de", "hu"])
def test_the_feedback_speaks_the_learners_language(lang: str) -> None:
    with language(lang):
        puzzle = lesson.first_puzzle()
        words = played(puzzle, PLACE["F4"]).message
    assert words != lesson.TEXT["first_black"].format(n=4)
    assert "4" in words


# --- the notebook --------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "de", "hu"])
def test_the_lesson_is_answered_on_the_board(lang: str) -> None:
    cells, ids = lesson_cells("10_beat_the_greedy_bot.ipynb", lang)
    for board in ("read-board", "first-board", "finish-board", "game"):
        assert board in ids
    text = "".join("".join(c["source"]) for c in cells)
    assert "LESSON_RESULT" not in text  # the benchmark's figure is filled in
    assert "answer = None" not in text
    game = "".join(cells[ids.index("game")]["source"])
    assert '"greedy", "greedy"' in game


def test_the_proof_quotes_the_benchmarks_figures_in_every_language() -> None:
    """The figures come from benchmarks/lesson_vs_greedy.py (--games 201, seed 1: the lesson
    bot 61.4%, each greedy bot 19.3%; the run is quoted in the issue's note). Every language
    quotes the same ones, and the lesson bot's is above an even share."""
    quoted = set()
    for lang in ("en", "de", "hu"):
        cells, ids = lesson_cells("10_beat_the_greedy_bot.ipynb", lang)
        proof = "".join(cells[ids.index("proof")]["source"])
        rates = [int(m) for m in re.findall(r"(\d+)\s?%", proof)]
        assert "201" in proof and len(rates) >= 3, lang
        quoted.add(tuple(rates[:2]))
    assert len(quoted) == 1
    lesson_rate, greedy_rate = quoted.pop()
    assert lesson_rate > 100 / 3 > greedy_rate


def test_after_the_greedy_move_no_yellow_tile_is_left_for_zsofi() -> None:
    """The lesson's "your yellow order must wait": playing the greedy bot's black tile, Péter
    takes the yellow one and none is on display when Zsófi places again."""
    line = lesson.scarce_position()
    lesson._play_turn(line, PLACE[lesson._greedy_tile().space])
    while not (line.phase == PLACING and line.current == lesson.ZSOFI):
        lesson._play_turn(line)
    assert YELLOW not in colours_on_display(line)
