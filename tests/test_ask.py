"""The lessons' answer controls (widgets.tutorial.ask): every kind of answer a learner can give —
right, each mistake the lesson's check knows, empty, malformed — shows the check's own feedback
in the control's feedback line (what the learner sees), in English, German and Hungarian, and
nothing ends in a traceback. The board control marks spaces and plays no move."""

from __future__ import annotations

import html
import re

import pytest

from gluckauf.i18n import language
from widgets.tutorial import Feedback, delivery, orders, placing, setup, tunnels
from widgets.tutorial.ask import (
    TEXT,
    ChoiceQuestion,
    MarkQuestion,
    NumberQuestion,
    ask_choice,
    ask_number,
    ask_player,
    ask_spaces,
    read_number,
)

TAG = re.compile(r"<[^>]+>")


def seen(question) -> str:
    """The feedback line as the learner reads it: symbol and sentence, no markup."""
    return html.unescape(TAG.sub("", question.feedback.value)).strip()


def says(question, feedback: Feedback) -> bool:
    return seen(question) == f"{feedback.symbol} {feedback.message}"


def typed(question: NumberQuestion, text: str, *, enter: bool = True) -> Feedback:
    """Type ``text`` in the box and press Enter (the box's value arrives) or Check."""
    if enter:
        question.box.value = text
    else:
        question.box.value = text  # Enter may come first; Check checks the box again
        question.button.click()
    assert question.result is not None
    return question.result


# --- a number ----------------------------------------------------------------------------------
NUMBER_QUESTIONS = [  # (lesson question, its check, the right answer, the mistakes it knows)
    (setup.revealed_question, setup.check_revealed, 13, (12, 10, 4)),
    (placing.own_workers_question, placing.check_own_workers, 3, (2, 1)),
    (tunnels.black_price_question, tunnels.check_black_price, 8, (4, 2, 6)),
    (delivery.train_vp_question, delivery.check_train_vp, 9, (18, 14, 7, 2, 23)),
    (orders.money_question, orders.check_money, 5, (6, 4, 3, 1)),
]


@pytest.mark.parametrize("lang", ["en", "de", "hu"])
@pytest.mark.parametrize(("make", "check", "right", "known"), NUMBER_QUESTIONS,
                         ids=[q[0].__name__ for q in NUMBER_QUESTIONS])
def test_a_number_question_says_what_its_check_says(make, check, right, known, lang) -> None:
    with language(lang):
        question = make()
        assert isinstance(question, NumberQuestion)
        assert question.button.description == TEXT["check"]
        assert typed(question, str(right)).ok is True
        assert says(question, check(right))
        for mistake in known:  # each with its own advice
            assert typed(question, str(mistake), enter=False).ok is False
            assert says(question, check(mistake))
        for far in (right + 40, -1):  # too high, too low
            assert typed(question, str(far)).ok is False
            assert says(question, check(far))


@pytest.mark.parametrize("lang", ["en", "de", "hu"])
def test_a_number_typed_naturally_counts(lang) -> None:
    with language(lang):
        question = setup.revealed_question()
        for text in (" 13 ", "+13", "13.0", "13,0", "013"):
            assert typed(question, text).ok is True, text
            assert says(question, setup.check_revealed(13))


@pytest.mark.parametrize("lang", ["en", "de", "hu"])
def test_an_empty_box_is_not_yet_and_says_so_in_words(lang) -> None:
    with language(lang):
        question = setup.revealed_question()
        question.button.click()  # Check with nothing typed
        assert question.result.ok is None
        assert seen(question) == f"… {TEXT['empty_number']}"
        assert "None" not in seen(question)  # the control's words, not the Python cell's
        assert typed(question, "   ").ok is None


def test_the_empty_and_malformed_answers_in_english_and_german() -> None:
    question = ask_number(setup.check_revealed)
    typed(question, "thirteen")
    assert seen(question) == "✘ “thirteen” is not a whole number: type it in digits, such as 3."
    typed(question, "12.5")
    assert seen(question) == ("✘ 12.5 is not a whole number: the answer is a whole number, "
                              "such as 3.")
    question.box.value = ""
    question.button.click()
    assert seen(question) == ("… No answer yet: type a number in the box, then press Check "
                              "(or Enter).")
    with language("de"):
        question = ask_number(setup.check_revealed)
        assert question.button.description == "Prüfen"
        typed(question, "dreizehn")
        assert seen(question) == "✘ „dreizehn“ ist keine ganze Zahl: Tippe sie in Ziffern, z. B. 3."
        typed(question, "13")
        assert seen(question).startswith("✔ Richtig!")


@pytest.mark.parametrize("text", ["thirteen", "1 3", "13 orders", "3×4+1", "nan", "inf", "1/2",
                                  "{13}", "None", "'13'", "12.5", "1e400"])
def test_malformed_numbers_are_named_never_raised(text) -> None:
    question = setup.revealed_question()
    feedback = typed(question, text)
    assert feedback.ok is False
    assert text.strip() in seen(question)


def test_read_number() -> None:
    assert read_number("7") == 7 and read_number(" -2 ") == -2 and read_number("4,0") == 4
    assert read_number("\u22122") == -2 and read_number("\u22122.0") == -2
    assert read_number("").ok is None and read_number(None).ok is None
    assert read_number("x").ok is False and read_number("2.5").ok is False


def test_the_unit_follows_the_box_in_the_lesson_s_language() -> None:
    with language("hu"):
        question = tunnels.black_price_question()
    words = [child.value for child in question.children[0].children if hasattr(child, "value")
             and isinstance(child.value, str)]
    assert "márka" in words and question.box.placeholder == "egész szám"


# --- choices and players -----------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "de", "hu"])
def test_a_player_is_picked_by_name(lang) -> None:
    with language(lang):
        question = setup.first_picker_question()
        assert isinstance(question, ChoiceQuestion)
        names = [button.description for button in question.buttons]
        assert names == ["Gábor", "Zsófi", "Péter"]
        assert question.feedback.value == ""  # nothing said before a click
        for name in ("Zsófi", "Gábor", "Péter"):  # each mistake its own words, then right
            question.buttons[names.index(name)].click()
            assert says(question, setup.check_first_picker(name))
            styles = [button.button_style for button in question.buttons]
            expected = "success" if name == "Péter" else "danger"
            assert styles == [expected if n == name else "" for n in names]
        assert question.result.ok is True


def test_a_player_question_with_any_names() -> None:
    question = ask_player(lambda name: setup.check_first_picker(name), ["Péter", "Anna"])
    question.buttons[1].click()  # a name not at the table: the check says so in words
    assert question.result.ok is False and "Anna" in seen(question)


def test_one_choice_sends_the_value_not_the_label() -> None:
    got = []

    def check(answer):
        got.append(answer)
        return Feedback(answer == "B", "right" if answer == "B" else f"not {answer}")

    question = ask_choice(check, [("Tie-break A", "A"), ("Tie-break B", "B"), "C"])
    assert [b.description for b in question.buttons] == ["Tie-break A", "Tie-break B", "C"]
    question.buttons[0].click()
    assert seen(question) == "✘ not A"
    question.buttons[2].click()
    question.buttons[1].click()
    assert got == ["A", "C", "B"] and seen(question) == "✔ right"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_several_choices_are_checked_together(lang) -> None:
    def check(answer):
        assert isinstance(answer, set)
        missing = {"$3", "M4", "F8"} - answer
        return Feedback(not missing and len(answer) == 3, f"missing {sorted(missing)}")

    with language(lang):
        question = ask_choice(check, ["F8", "M4", "M6", "$3"], several=True)
        question.button.click()  # nothing chosen
        assert question.result.ok is None and seen(question) == f"… {TEXT['empty_several']}"
        question.buttons[0].value = True
        question.buttons[3].value = True
        question.button.click()
        assert seen(question) == "✘ missing ['M4']"
        question.buttons[1].value = True  # a change clears the old feedback
        assert question.feedback.value == ""
        question.button.click()
        assert question.result.ok is True


def test_a_check_that_breaks_is_said_in_words_never_raised() -> None:
    def broken(answer):
        raise ZeroDivisionError("division by zero")

    for question in (ask_number(broken), ask_player(broken, ["Anna"]),
                     ask_spaces(broken, setup.locked_board_state(2))):
        if isinstance(question, NumberQuestion):
            question.box.value = "3"
        elif isinstance(question, MarkQuestion):
            question.toggle("F4")
            question.button.click()
        else:
            question.buttons[0].click()
        assert question.result.ok is False
        assert "ZeroDivisionError: division by zero" in seen(question)
    question = ask_number(lambda answer: "right!")  # not a Feedback
    question.box.value = "3"
    assert question.result.ok is False and "TypeError" in seen(question)


# --- the board: mark the locked spaces -----------------------------------------------------------
def click(question: MarkQuestion, code: str) -> None:
    """A click at the centre of a space, as the surface reports it (board pixels)."""
    box = question.board.box(f"space:{code}")
    question.click_at(box.cx, box.cy)


SEVEN = ["F4", "F8", "M4", "M8", "$3", "$5", "O1"]


@pytest.mark.parametrize("lang", ["en", "de", "hu"])
def test_the_locked_spaces_are_marked_on_the_board(lang) -> None:
    with language(lang):
        question = setup.locked_question()
        assert isinstance(question, MarkQuestion)
        state = question.state
        history = len(state.history)
        question.button.click()  # nothing marked
        assert question.result.ok is None and seen(question) == f"… {TEXT['empty_marks']}"
        for code in ("F8", "M4", "$3"):  # the 3-player spaces
            click(question, code)
        question.button.click()
        assert says(question, setup.check_locked({"F8", "M4", "$3"}))
        assert question.result.message == setup.TEXT["locked_three"]
        for code in ("F4", "M8", "F1"):  # one open space among them
            click(question, code)
        assert question.feedback.value == ""  # the marks changed: the old feedback goes
        question.button.click()
        marked = {"F8", "M4", "$3", "F4", "M8", "F1"}
        assert says(question, setup.check_locked(marked))
        assert "F1" in question.result.message  # extra, and what is missing
        click(question, "F1")  # unmark it
        question.button.click()
        assert says(question, setup.check_locked(marked - {"F1"}))
        for code in ("$5", "O1"):
            click(question, code)
        question.button.click()
        assert question.result.ok is True
        assert says(question, setup.check_locked(set(SEVEN)))
        assert question.codes() == set(SEVEN)
        assert question.state is state and len(state.history) == history  # no move played
        question.reset.click()
        assert question.codes() == set() and question.feedback.value == ""


def test_the_marks_are_drawn_and_listed_in_board_order() -> None:
    question = setup.locked_question()
    for code in ("O1", "F4", "$5"):
        click(question, code)
    assert html.unescape(question.marks_line.value) == "Marked: F4, $5, O1"
    painter = question._marks()
    tags = [op for op in painter.ops if op[0] == "text"]
    assert [op[3] for op in tags] == ["marked"] * 3  # a word, not colour alone
    with language("de"):
        question = setup.locked_question()
        click(question, "F4")
        assert html.unescape(question.marks_line.value) == "Markiert: F4"
        assert [op[3] for op in question._marks().ops if op[0] == "text"] == ["markiert"]
        question.reset.click()
        assert html.unescape(question.marks_line.value) == "Markiert: noch keins."


def test_a_click_beside_the_spaces_is_answered_in_words() -> None:
    question = setup.locked_question()
    question.click_at(1, 1)  # the picture's margin
    supply = question.board.box("supply:0")
    question.click_at(supply.cx, supply.cy)  # a target, but not a space
    assert html.unescape(question.status.value) == TEXT["not_a_space"]
    assert question.codes() == set()
    click(question, "M4")
    assert html.unescape(question.status.value) == TEXT["mark_help"]


def test_clicks_arrive_through_the_svg_surface_too() -> None:
    question = ask_spaces(setup.check_locked, setup.locked_board_state(2), surface="svg")
    for code in SEVEN:
        box = question.board.box(f"space:{code}")
        question.surface.widget._handle_custom_msg({"event": "down", "x": box.cx, "y": box.cy},
                                                   [])
    question.surface.widget._handle_custom_msg({"event": "down", "x": "left"}, [])  # ignored
    question.button.click()
    assert question.result.ok is True
    assert question.surface.widget.layers[2].count(">marked</text>") == 7  # the marks' layer
