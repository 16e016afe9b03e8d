"""The lessons' answer controls (widgets.tutorial.ask): every kind of answer a learner can give —
right, each mistake the lesson's check knows, empty, malformed — shows the check's own feedback
in the control's feedback line (what the learner sees), in English, German and Hungarian, and
nothing ends in a traceback. The board control marks spaces and plays no move."""

from __future__ import annotations

import html
import re

import pytest

from gluckauf.text.i18n import language
from widgets.labels import say
from widgets.tutorial import (
    Feedback,
    delivery,
    endgame,
    fullgame,
    orders,
    placing,
    setup,
    tunnels,
)
from widgets.tutorial.ask import (
    TEXT,
    ChoiceQuestion,
    MarkQuestion,
    NumberQuestion,
    NumbersQuestion,
    ask_choice,
    ask_number,
    ask_numbers,
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
    (endgame.e7_total_question, endgame.check_e7_total, -5, (-3, -2, 7, 9)),
    (endgame.balance_question, endgame.check_balance, -4, (0, -2, 4, 2, -12, -8)),
]


@pytest.mark.parametrize("lang", ["en", "de", "hu"])
@pytest.mark.parametrize(
    ("make", "check", "right", "known"),
    NUMBER_QUESTIONS,
    ids=[q[0].__name__ for q in NUMBER_QUESTIONS],
)
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


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_negative_number_typed_with_either_minus_counts(lang) -> None:
    with language(lang):
        question = endgame.balance_question()
        for text in ("\u22124", "-4", " -4 ", "\u22124.0"):
            assert typed(question, text).ok is True, text
            assert says(question, endgame.check_balance(-4))
        assert typed(question, "4").ok is False  # the sign is the point
        assert says(question, endgame.check_balance(4))


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
    assert seen(question) == (
        "✘ 12.5 is not a whole number: the answer is a whole number, such as 3."
    )
    question.box.value = ""
    question.button.click()
    assert seen(question) == (
        "… No answer yet: type a number in the box, then press Check (or Enter)."
    )
    with language("de"):
        question = ask_number(setup.check_revealed)
        assert question.button.description == "Prüfen"
        typed(question, "dreizehn")
        assert seen(question) == "✘ „dreizehn“ ist keine ganze Zahl: Tippe sie in Ziffern, z. B. 3."
        typed(question, "13")
        assert seen(question).startswith("✔ Richtig!")


@pytest.mark.parametrize(
    "text",
    [
        "thirteen",
        "1 3",
        "13 orders",
        "3×4+1",
        "nan",
        "inf",
        "1/2",
        "{13}",
        "None",
        "'13'",
        "12.5",
        "1e400",
    ],
)
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
    words = [
        child.value
        for child in question.children[0].children
        if hasattr(child, "value") and isinstance(child.value, str)
    ]
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

    for question in (
        ask_number(broken),
        ask_player(broken, ["Anna"]),
        ask_spaces(broken, setup.locked_board_state(2)),
    ):
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
        question.surface.widget._handle_custom_msg({"event": "down", "x": box.cx, "y": box.cy}, [])
    question.surface.widget._handle_custom_msg({"event": "down", "x": "left"}, [])  # ignored
    question.button.click()
    assert question.result.ok is True
    assert question.surface.widget.layers[2].count(">marked</text>") == 7  # the marks' layer


# --- several numbers: one box per item -----------------------------------------------------------
E7_RIGHT = (1, 2, 1, -1, -6)  # money, Marks kept, coal, open orders, balance
E7_ITEMS = ("money", "kept", "coal", "orders", "balance")


def filled(question: NumbersQuestion, *texts) -> Feedback:
    """Type ``texts`` in the boxes (None: leave it empty), then press Check."""
    for box, text in zip(question.boxes, texts, strict=True):
        box.value = "" if text is None else str(text)
    question.button.click()
    assert question.result is not None
    return question.result


@pytest.mark.parametrize("lang", ["en", "de", "hu"])
def test_the_e7_boxes_are_named_as_the_lesson_s_table_names_the_items(lang) -> None:
    with language(lang):
        question = endgame.e7_items_question()
        assert isinstance(question, NumbersQuestion)
        assert question.labels == [
            say("score.end_money"),
            say("score.marks_left"),
            say("score.end_cubes"),
            say("score.end_orders"),
            say("score.end_balance"),
        ]
        shown = [
            child.value
            for child in question.grid.children
            if isinstance(child.value, str) and not isinstance(child, type(question.boxes[0]))
        ]
        assert shown[:3] == [
            html.escape(question.labels[0]),
            TEXT["unit_vp"],
            html.escape(question.labels[1]),
        ]
        assert shown[3] == TEXT["unit_marks"]  # the Marks kept are Marks, not VP
        assert question.button.description == TEXT["check"]
        assert len(question.boxes) == 5 and question.feedback.value == ""


@pytest.mark.parametrize("lang", ["en", "de", "hu"])
def test_the_e7_boxes_say_what_the_check_says(lang) -> None:
    with language(lang):
        question = endgame.e7_items_question()
        # right, typed as a learner types: spaces, a plus, both minus signs
        assert filled(question, "1", " 2 ", "+1", "\u22121", "-6").ok is True
        assert says(question, endgame.check_e7_items(*E7_RIGHT))
        # each mistake the check knows, with its own advice
        for item, mistakes in endgame._E7_MISTAKES.items():
            for mistake in [*mistakes, 40]:
                answers = list(E7_RIGHT)
                answers[E7_ITEMS.index(item)] = mistake
                assert filled(question, *answers).ok is False, (item, mistake)
                assert says(question, endgame.check_e7_items(*answers))
        # a few boxes first: the check says what is right so far, and asks for the rest
        assert filled(question, 1, 2, None, None, None).ok is None
        assert says(question, endgame.check_e7_items(1, 2, None, None, None))
        assert filled(question, 1, 7, None, None, None).ok is False
        assert says(question, endgame.check_e7_items(1, 7))


@pytest.mark.parametrize("lang", ["en", "de", "hu"])
def test_empty_boxes_are_not_yet_and_text_is_named_with_its_box(lang) -> None:
    with language(lang):
        question = endgame.e7_items_question()
        assert filled(question, None, " ", None, None, None).ok is None
        assert seen(question) == f"… {TEXT['empty_numbers']}"
        feedback = filled(question, "1", "two", "1", "-1", "six")
        assert feedback.ok is False
        labels = question.labels
        assert seen(question) == "✘ " + " ".join(
            [
                TEXT.say("in_box", label=labels[1], problem=read_number("two").message),
                TEXT.say("in_box", label=labels[4], problem=read_number("six").message),
            ]
        )
        filled(question, "1", "2.5", "1", "-1", "-6")
        assert "2.5" in seen(question) and labels[1] in seen(question)


def test_empty_and_malformed_boxes_in_english_and_german() -> None:
    question = endgame.e7_items_question()
    filled(question, "1", "two", "1", "-1", "-6")
    assert seen(question) == (
        "✘ Marks left (tie-break): “two” is not a whole number: type it in digits, such as 3."
    )
    filled(question, *[""] * 5)
    assert seen(question) == "… No answer yet: type a number in each box, then press Check."
    with language("de"):
        question = endgame.e7_items_question()
        assert question.labels[0] == "Geld (R-END-1)"
        filled(question, "1", "zwei", "1", "-1", "-6")
        assert seen(question) == (
            "✘ Übrige Mark (bei Gleichstand): „zwei“ ist keine ganze Zahl: "
            "Tippe sie in Ziffern, z. B. 3."
        )
        filled(question, "1", "2", "1", "\u22121", "\u22126")
        assert seen(question).startswith("✔ Richtig")


def test_every_box_needed_unless_partial_and_enter_checks_when_all_are_filled() -> None:
    got = []

    def check(answer):  # like lesson 7's checks: a list of VP, one per player
        got.append(answer)
        return Feedback(answer == [2, 0, -3], f"not {answer}")

    question = ask_numbers(check, ["Gábor", "Zsófi", ("Péter", "Marks")], unit="VP")
    assert question.labels == ["Gábor", "Zsófi", "Péter"]
    assert [item[1] for item in question.items] == ["VP", "VP", "Marks"]
    assert filled(question, "2", None, None).ok is None
    assert seen(question) == "… " + TEXT.say("some_empty", labels="Zsófi, Péter")
    assert got == []  # the check never sees a half-filled answer
    question.boxes[1].value = "0"  # Enter (or leaving the box): not all filled yet
    assert question.feedback.value == ""
    question.boxes[2].value = "\u22123"  # the last box: Enter checks
    assert question.result.ok is True and got == [[2, 0, -3]]
    question.boxes[0].value = ""  # a change clears the old feedback
    assert question.feedback.value == "" and question.result is None
    with language("hu"):
        question = ask_numbers(check, ["Gábor", "Zsófi", "Péter"])
        filled(question, None, None, None)
        assert seen(question) == f"… {TEXT['empty_numbers']}"
        assert question.button.description == "Ellenőrzés"
    with pytest.raises(ValueError):
        ask_numbers(check, [])


def test_a_numbers_check_that_breaks_is_said_in_words() -> None:
    question = ask_numbers(lambda values: 1 / 0, ["a", "b"])
    assert filled(question, "1", "2").ok is False
    assert "ZeroDivisionError" in seen(question)


# --- lesson 9: a player, and a reason in words -------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "de", "hu"])
def test_the_shift_leader_is_picked_by_name(lang) -> None:
    with language(lang):
        question = fullgame.shift_leader_question()
        names = [button.description for button in question.buttons]
        assert names == ["Gábor", "Zsófi", "Péter"]
        for name in ("Péter", "Gábor", "Zsófi"):
            question.buttons[names.index(name)].click()
            assert says(question, fullgame.check_shift_leader(name))
        assert question.result.ok is True


@pytest.mark.parametrize("lang", ["en", "de", "hu"])
def test_the_tie_break_is_answered_by_a_button_in_words(lang) -> None:
    with language(lang):
        question = fullgame.tie_break_question()
        labels = [button.description for button in question.buttons]
        assert labels == [fullgame.TEXT[f"choice_{letter}"] for letter in "ABC"]
        assert [label[0] for label in labels] == ["A", "B", "C"]
        for i, letter in ((0, "A"), (2, "C"), (1, "B")):
            question.buttons[i].click()
            assert says(question, fullgame.check_tie_break(letter))
        assert question.result.ok is True
    assert labels[1] != "B"  # the words, not the letter alone
