"""Lesson 7 (end of a shift): every position, puzzle and check of widgets/tutorial/shifts.py."""

from __future__ import annotations

import pytest
from helpers import CURIOUS, check_exercise_cells, lesson_cells

from gluckauf.core.builder import PositionBuilder
from gluckauf.core.scoring import next_start_player
from widgets.tutorial import shifts as lesson

GABOR, ZSOFI, PETER = 0, 1, 2
NOT_ANSWERED = "No answer yet"


# --- puzzle 1: the last worker of shift I --------------------------------------------------
def test_shift_end_scores_segments_1_to_4_only():
    puzzle = lesson.shift_end_puzzle()
    assert puzzle.check().ok is None
    feedback = puzzle.play("place BANK")
    assert feedback.ok is True and feedback.message == lesson.TEXT["shift_over"]
    state = puzzle.session.state
    assert state.shift == 2 and state.start_player == PETER  # 4 workers on F2, F★ and F7
    assert all(state.workers[p] == 15 for p in range(3))  # R-SHIFT-7: everybody home
    report = puzzle.session.reports[-1]
    assert [s["segment"] for s in report.segments] == [1, 2, 3, 4]
    by_segment = {s["segment"]: s["awarded"] for s in report.segments}
    assert by_segment[1] == [[GABOR, 1, 2], [ZSOFI, 1, 2]]  # tie for first, Péter nothing
    assert by_segment[2] == [[GABOR, 1, 3]]  # nobody else has brown: no second place
    assert by_segment[3] == [[GABOR, 2, 2], [ZSOFI, 2, 2], [PETER, 1, 4]]  # tie for second
    assert by_segment[4] == []  # R-SHIFT-4
    assert state.score == [12 + 7, 8 + 4, 9 + 4]  # delivered VP before, plus the clock


def test_shift_end_panel_under_the_board():
    puzzle = lesson.shift_end_puzzle()
    box = puzzle.board()
    widget = box.children[-1]  # the board under the puzzle's feedback
    assert widget.scoring.value == ""
    puzzle.session.click("space:BANK")
    assert puzzle.check().ok is True
    assert "Shift I scoring" in widget.scoring.value
    assert "yellow icons" in widget.scoring.value and "wheelbarrow" not in widget.scoring.value


def test_shift_end_other_last_moves():
    puzzle = lesson.shift_end_puzzle()
    assert puzzle.play("place O4").ok is True  # taking an order finishes at once
    puzzle.reset()
    assert puzzle.check().ok is None
    assert puzzle.play("place F1").ok is True  # so does buying a tile


def test_an_unfinished_action_is_not_the_end():
    mining = PositionBuilder(players=3, seed=1).mining(GABOR, steps=4).build()
    assert lesson._shift_over_goal(mining).message == lesson.TEXT["finish_action"]
    assert lesson._start_player_goal(mining).message == lesson.TEXT["finish_action"]


def test_segment_table():
    text = lesson.segment_table(lesson.shift_end_position())
    lines = text.splitlines()
    assert len(lines) == 13
    assert lines[1].split()[-4:] == ["3", "3", "1", "yes"]
    assert "wheelbarrow" in lines[5] and lines[5].split()[3:6] == ["4", "0", "2"]
    assert lines[5].endswith("not yet (from shift II)")
    assert lines[12].endswith("not yet (from shift III)")


# --- the clock -------------------------------------------------------------------------------
def test_scorings_counting():
    assert [lesson.scorings_counting(seg, 1) for seg in (1, 5, 9)] == [3, 2, 1]
    assert [lesson.scorings_counting(seg, 2) for seg in (1, 5, 9)] == [2, 2, 1]
    assert [lesson.scorings_counting(seg, 3) for seg in (1, 5, 9)] == [1, 1, 1]


@pytest.mark.parametrize(
    ("answer", "ok", "key"),
    [
        (2, True, None),
        (3, False, "clock_3"),
        (1, False, "clock_1"),
        (0, False, "clock_0"),
    ],
)
def test_check_clock(answer, ok, key):
    feedback = lesson.check_clock(answer)
    assert feedback.ok is ok
    if key:
        assert feedback.message == lesson.TEXT[key]


def test_check_clock_none_and_nonsense():
    assert NOT_ANSWERED in lesson.check_clock(None).message
    assert lesson.check_clock(None).ok is None
    assert lesson.check_clock("two").ok is False


# --- first and second place: E5 and the two-player rule --------------------------------------
def test_segment_points_reproduce_e5():
    assert lesson.segment_points(lesson.E5_WHEELBARROW, 5) == [0, 6, 6]
    assert lesson.segment_points(lesson.E5_CARRIAGE, 6) == [7, 3, 3]
    assert lesson.segment_points([0, 0, 0], 7) == [0, 0, 0]  # nobody has truck icons


def test_e5_wheelbarrow():
    assert lesson.check_e5_wheelbarrow(None).ok is None
    assert lesson.check_e5_wheelbarrow([0, 6, 6]).ok is True
    assert lesson.check_e5_wheelbarrow((0, 6, 6)).ok is True


def test_e5_wheelbarrow_second_place_after_a_tie():
    """The common mistake: Gábor gets second place after Zsófi and Péter tie for first."""
    feedback = lesson.check_e5_wheelbarrow([3, 6, 6])
    assert feedback.ok is False
    assert "Zsófi and Péter tied for first" in feedback.message
    assert "nobody scores second place (R-SHIFT-5)" in feedback.message
    assert "Zsófi: 6 — right." in feedback.message


def test_e5_wheelbarrow_tied_first_all_score():
    feedback = lesson.check_e5_wheelbarrow([0, 6, 3])
    assert feedback.ok is False
    assert "Péter: 3 — not quite" in feedback.message
    assert "score the full first-place VP" in feedback.message


def test_e5_carriage():
    assert lesson.check_e5_carriage(None).ok is None
    assert lesson.check_e5_carriage([7, 3, 3]).ok is True
    feedback = lesson.check_e5_carriage([7, 3, 0])
    assert feedback.ok is False
    assert "Péter: 0 — not quite: Zsófi and Péter tied for second" in feedback.message
    feedback = lesson.check_e5_carriage([6, 3, 3])
    assert feedback.ok is False and "Gábor is first" in feedback.message


@pytest.mark.parametrize("answer", ["0, 6, 6", [0, 6], [0, 6, 6.0], [0, True, 6], 6])
def test_e5_wants_a_list_of_three_numbers(answer):
    feedback = lesson.check_e5_wheelbarrow(answer)
    assert feedback.ok is False and feedback.message == lesson.TEXT["want_list"]


def test_zero_count_never_scores():
    assert "(R-SHIFT-4)" in lesson._why_not(PETER, 2, [2, 1, 0], 4)


def test_two_players():
    assert lesson.segment_points(lesson.TWO_PLAYER_GREY, 3) == [4, 0]
    assert lesson.check_two_players(None).ok is None
    assert lesson.check_two_players(0).ok is True
    feedback = lesson.check_two_players(2)
    assert feedback.ok is False and feedback.message == lesson.TEXT["two_2"]
    assert lesson.check_two_players(4).message == lesson.TEXT["two_4"]


# --- the new start player: E6 and the tie puzzle --------------------------------------------
def test_e6_position():
    state = lesson.e6_position()
    assert lesson.tunnel_workers(state) == [5, 4, 2]
    assert next_start_player(state) == GABOR


@pytest.mark.parametrize(
    ("answer", "ok", "key"),
    [
        ("Gábor", True, "e6_right"),
        ("gabor", True, "e6_right"),
        (" GÁBOR ", True, "e6_right"),
        ("Zsófi", False, "e6_zsofi"),
        ("Peter", False, "e6_peter"),
        ("Anna", False, "want_name"),
        (0, False, "want_name"),
    ],
)
def test_check_e6(answer, ok, key):
    feedback = lesson.check_e6(answer)
    assert feedback.ok is ok and feedback.message == lesson.TEXT[key]


def test_check_e6_none():
    assert lesson.check_e6(None).ok is None


@pytest.mark.parametrize("space", ["F3", "F4", "F5"])
def test_start_player_puzzle_solutions(space):
    puzzle = lesson.start_player_puzzle()
    assert lesson.tunnel_workers(puzzle.start) == [2, 3, 1]
    assert puzzle.start.start_player == PETER
    feedback = puzzle.play(f"place {space}")
    assert feedback.ok is True and feedback.message == lesson.TEXT["start_done"]
    state = puzzle.session.state
    assert state.shift == 2 and state.start_player == GABOR and state.current == GABOR


@pytest.mark.parametrize("space", ["BANK", "O3"])
def test_start_player_puzzle_wrong(space):
    puzzle = lesson.start_player_puzzle()
    feedback = puzzle.play(f"place {space}")
    assert feedback.ok is False
    assert feedback.message == lesson.TEXT["start_zsofi"].format(zsofi=3, gabor=2)
    assert puzzle.session.state.start_player == ZSOFI


def test_start_player_puzzle_only_a_few_ways():
    """Every legal move is a tile space (win), O3 or the bank building (lose)."""
    state = lesson.start_player_position()
    spaces = sorted(action.space for action in state.legal_actions())
    assert spaces == ["BANK", "F3", "F4", "F5", "O3"]
    assert "costs 8 Marks" in str(state.why_not("place F7"))


def test_start_player_puzzle_by_clicks():
    puzzle = lesson.start_player_puzzle()
    puzzle.session.click("space:F3")
    assert puzzle.check().ok is True


def test_why_not_with_two_players():
    assert lesson._why_not(ZSOFI, 2, lesson.TWO_PLAYER_GREY, 3) == lesson.TEXT[
        "two_players"
    ].format(name="Zsófi", vp=2)


# --- the exercises are answered with controls (issue 25) --------------------------------------
def _seen(question) -> str:
    """The feedback line as the learner reads it: symbol and sentence, no markup."""
    import html
    import re

    return html.unescape(re.sub(r"<[^>]+>", "", question.feedback.value)).strip()


def _click(question, label: str):
    next(b for b in question.buttons if b.description == label).click()
    return question.result


def _fill(question, *texts: str):
    for box, text in zip(question.boxes, texts, strict=True):
        box.value = text
    question.button.click()
    return question.result


@pytest.mark.parametrize(("lang", "right_start"), [("en", "✔ Right!"), ("de", "✔ Richtig!")])
def test_clock_question_is_a_button_per_count(lang, right_start):
    from gluckauf.text.i18n import language

    with language(lang):
        question = lesson.clock_question()
        assert [b.description for b in question.buttons] == ["0", "1", "2", "3"]
        for label, ok, key in (
            ("3", False, "clock_3"),
            ("1", False, "clock_1"),
            ("0", False, "clock_0"),
        ):
            assert _click(question, label).ok is ok
            assert _seen(question) == f"✘ {lesson.TEXT[key]}"
        assert _click(question, "2").ok is True
        assert _seen(question).startswith(right_start)
        assert _seen(question) == str(lesson.check_clock(2))
        assert [b.button_style for b in question.buttons] == ["", "", "success", ""]


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize(
    ("make", "check", "right", "mistakes"),
    [
        (
            lesson.e5_wheelbarrow_question,
            lesson.check_e5_wheelbarrow,
            [0, 6, 6],
            ([3, 6, 6], [0, 6, 3], [0, 3, 3], [6, 3, 0], [0, 0, 6]),
        ),
        (
            lesson.e5_carriage_question,
            lesson.check_e5_carriage,
            [7, 3, 3],
            ([7, 3, 0], [6, 3, 3], [7, 0, 0], [0, 3, 3]),
        ),
    ],
)
def test_e5_questions_are_a_box_per_player(make, check, right, mistakes, lang):
    from gluckauf.text.i18n import language
    from widgets.tutorial.ask import TEXT as ASK

    with language(lang):
        question = make()
        assert question.labels == ["Gábor", "Zsófi", "Péter"]
        assert _fill(question, *map(str, right)).ok is True
        assert _seen(question) == str(check(right))
        assert _seen(question).startswith("✔ " + ("Right!" if lang == "en" else "Richtig!"))
        for wrong in mistakes:  # the check's own word for every box
            assert _fill(question, *map(str, wrong)).ok is False
            assert _seen(question) == str(check(wrong))
        assert _fill(question, " 0", "6.0", "+6").ok is (right == [0, 6, 6])  # typed naturally
        # empty and malformed boxes: the control says so, the check is not asked
        assert _fill(question, "", "", "").ok is None
        assert _seen(question) == f"… {ASK['empty_numbers']}"
        assert _fill(question, "0", "", "").ok is None
        assert _seen(question) == "… " + ASK.say("some_empty", labels="Zsófi, Péter")
        assert _fill(question, "0", "six", "6").ok is False
        problem = ASK.say("not_a_number", text="six")
        assert _seen(question) == "✘ " + ASK.say("in_box", label="Zsófi", problem=problem)


def test_e5_question_says_a_tie_in_words():
    question = lesson.e5_wheelbarrow_question()
    _fill(question, "3", "6", "6")
    assert "Zsófi and Péter tied for first" in _seen(question)
    assert "nobody scores second place (R-SHIFT-5)" in _seen(question)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_two_players_question_is_a_number_box(lang):
    from gluckauf.text.i18n import language
    from widgets.tutorial.ask import TEXT as ASK

    with language(lang):
        question = lesson.two_players_question()
        for typed, ok in (("0", True), ("2", False), ("4", False), ("1", False), ("-1", False)):
            question.box.value = typed
            assert question.result.ok is ok
            assert _seen(question) == str(lesson.check_two_players(int(typed)))
        assert _seen(question) != str(lesson.check_two_players(0))
        question.box.value = "2"
        assert _seen(question) == f"✘ {lesson.TEXT['two_2']}"
        question.box.value = "4"
        assert _seen(question) == f"✘ {lesson.TEXT['two_4']}"
        question.box.value = ""
        question.button.click()
        assert _seen(question) == f"… {ASK['empty_number']}"
        question.box.value = "zero"
        assert _seen(question) == "✘ " + ASK.say("not_a_number", text="zero")


@pytest.mark.parametrize(("lang", "right"), [("en", "✔ Right!"), ("de", "✔ Richtig!")])
def test_e6_question_is_a_button_per_player(lang, right):
    from gluckauf.text.i18n import language

    with language(lang):
        question = lesson.e6_question()
        assert [b.description for b in question.buttons] == ["Gábor", "Zsófi", "Péter"]
        assert _click(question, "Zsófi").ok is False
        assert _seen(question) == f"✘ {lesson.TEXT['e6_zsofi']}"
        assert _click(question, "Péter").ok is False
        assert _seen(question) == f"✘ {lesson.TEXT['e6_peter']}"
        assert _click(question, "Gábor").ok is True
        assert _seen(question) == f"✔ {lesson.TEXT['e6_right']}"
        assert _seen(question).startswith(right)
        assert question.answer(None).ok is None  # what no button sends: words, no traceback
        assert question.answer("Anna").ok is False
        assert _seen(question) == f"✘ {lesson.TEXT['want_name']}"


@pytest.mark.parametrize("lang", ["en", "de", "hu"])
def test_lesson_7_answers_with_controls_and_folds_the_python(lang):
    cells, ids = lesson_cells("07_end_of_shift.ipynb", lang)
    curious = CURIOUS[lang]
    exercises = [
        ("a3f6c804", ["bab3a3aa"], "lesson.clock_question()"),
        ("4c8e1a72", ["96f04e64"], "lesson.e5_wheelbarrow_question()"),
        ("6a9d3e17", ["05f8952c"], "lesson.e5_carriage_question()"),
        ("9e4a6d21", ["7246c1c7"], "lesson.two_players_question()"),
        ("7d3b2e98", ["3b9e6c15", "3362d651"], "lesson.e6_question()"),
    ]
    folded_ids = check_exercise_cells(
        cells, ids, [(c, call, py) for c, py, call in exercises], curious
    )
    for cell in cells:
        if cell["cell_type"] == "code" and cell["id"] not in folded_ids:
            assert "answer = None" not in "".join(cell["source"]), cell["id"]
