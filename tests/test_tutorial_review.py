"""Lesson 12 (review your game): the lesson's checks (widgets/tutorial/yourgame.py) and the review
widget (widgets/reviewer.py) without a browser — stepping, jumping to the misses, the searching
bot within its time budget, and problems shown as messages."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from data.make_review_records import play

from gluckauf import new_game
from gluckauf.analysis.gamereview import GameReview, category_label, review, sample_game
from gluckauf.core.components import SPACE_BY_CODE
from gluckauf.files.records import load_record
from widgets import reviewer as view
from widgets.draw import HIGHLIGHT, SELECTED
from widgets.reviewer import ReviewWidget, plot_png, plot_scores
from widgets.tutorial import yourgame as lesson

NOT_ANSWERED = "No answer yet"


@cache
def sample() -> GameReview:
    """The lesson's sample game, Gábor's placements (what the lesson shows without game.json)."""
    record = load_record(sample_game())
    return review(record, seats=lesson.your_seats(record))


@cache
def flawless() -> GameReview:
    """A short game of greedy bots: every placement is the greedy bot's first choice."""
    return review(play(["greedy", "greedy"], 4, placements=10), seats=[0])


# --- which game ----------------------------------------------------------------------------
def test_without_a_saved_game_the_sample_is_reviewed(tmp_path: Path) -> None:
    record, which = lesson.game_to_review(tmp_path / "game.json")
    assert record == load_record(sample_game())
    assert (
        which.startswith(f"There is no {tmp_path / 'game.json'} here yet")
        and "the kit's sample game (3 players, 258 moves)" in which
    )


def test_a_saved_game_is_reviewed(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    saved = play(["random", "random"], 1, placements=6)
    saved["options"]["seats"] = ["human", "random"]  # as the board saves a game against a bot
    path.write_text(json.dumps(saved), encoding="utf-8")
    record, which = lesson.game_to_review(path)
    assert record == saved
    assert which == f"Reviewing your game from {path}: 2 players, {len(saved['actions'])} moves."
    assert lesson.your_seats(record) == [0]


@pytest.mark.parametrize(("content", "why"), [
    ("{oops", "is not valid JSON"),
    ('{"format": "gluckauf-position"}', "this is a position file, not a game record"),
])  # fmt: skip
def test_a_bad_saved_file_falls_back_to_the_sample_and_says_why(
    tmp_path: Path, content: str, why: str
) -> None:
    path = tmp_path / "game.json"
    path.write_text(content, encoding="utf-8")
    record, which = lesson.game_to_review(path)
    assert record == load_record(sample_game())
    assert which.startswith(f"{path} could not be read (") and why in which
    assert which.endswith("so this lesson reviews the kit's sample game (3 players, 258 moves).")


@pytest.mark.parametrize(("seats", "expected"), [
    (["human", "greedy", "human"], [0, 2]), (["random", "human"], [1]),
    (["learner", "greedy", "greedy"], [0]), (None, [0]),
])  # fmt: skip
def test_your_seats(seats: list[str] | None, expected: list[int]) -> None:
    record: dict[str, Any] = {"options": {} if seats is None else {"seats": seats}}
    assert lesson.your_seats(record) == expected


def test_the_sample_is_a_learner_against_two_greedy_bots() -> None:
    record = load_record(sample_game())
    assert record["options"]["seats"] == ["learner", "greedy", "greedy"]
    found = sample()
    assert found.seats == (0,) and 3 <= len(found.misses) <= 10
    assert found.result.over


# --- the checks --------------------------------------------------------------------------------
def test_unanswered_checks_wait() -> None:
    for check in (
        lesson.check_prediction,
        lesson.check_biggest_miss,
        lesson.check_better_area,
        lesson.check_top_category,
    ):
        feedback = check(None, sample())
        assert feedback.ok is None and NOT_ANSWERED in feedback.message


def test_the_prediction_is_right_within_one() -> None:
    found = len(sample().misses)
    assert lesson.check_prediction(found, sample()).ok
    assert lesson.check_prediction(f" {found + 1} ", sample()).ok
    low = lesson.check_prediction(found - 2, sample())
    assert not low.ok and f"more than your {found - 2}" in low.message
    high = lesson.check_prediction(float(found + 3), sample())
    assert not high.ok and f"fewer than your {found + 3}" in high.message
    for bad in ("many", -1, 2.5, True):
        assert lesson.check_prediction(bad, sample()).message.startswith("Write your prediction")


def test_the_biggest_miss() -> None:
    game = sample()
    worst = game.biggest_miss
    assert worst is not None and worst is game.misses[0]
    feedback = lesson.check_biggest_miss(str(worst.number), game)
    assert (
        feedback.ok
        and f"At move {worst.number} you chose to {worst.played.words}" in feedback.message
    )
    other = game.misses[1]
    feedback = lesson.check_biggest_miss(other.number, game)
    assert not feedback.ok and f"but move {worst.number} gave away more" in feedback.message
    good = next(d for d in game.decisions if d.played.rank == 1)
    feedback = lesson.check_biggest_miss(good.number, game)
    assert not feedback.ok and "you played the greedy bot's first choice" in feedback.message
    assert "is not one of the reviewed placements" in lesson.check_biggest_miss(1, game).message
    assert lesson.check_biggest_miss("move 5", game).message.startswith("Write the move's number")


def test_a_flawless_game_has_no_biggest_miss() -> None:
    game = flawless()
    assert game.biggest_miss is None and game.decisions
    assert lesson.check_biggest_miss(0, game).ok
    assert "Answer 0" in lesson.check_biggest_miss(game.decisions[0].number, game).message
    assert lesson.check_better_area("mining", game).ok


def test_the_better_moves_area() -> None:
    game = sample()
    worst = game.biggest_miss
    area = SPACE_BY_CODE[worst.best.action.space].area
    name = lesson.AREAS[area][0]
    feedback = lesson.check_better_area(name.upper(), game)
    assert feedback.ok and f"the {name} area" in feedback.message
    wrong_area = next(names[0] for a, names in lesson.AREAS.items() if a != area)
    feedback = lesson.check_better_area(wrong_area, game)
    assert not feedback.ok and f"in the {name} area" in feedback.message
    assert lesson.check_better_area("the moon", game).message.startswith("Answer with a work area")


def test_the_top_category() -> None:
    game = sample()
    points = game.categories()[game.seats[0]]
    best = max(points, key=points.get)
    worst = min(points, key=points.get)
    label = category_label(best)
    assert lesson.check_top_category(label.upper(), game).ok
    feedback = lesson.check_top_category(category_label(worst), game)
    assert not feedback.ok and f"({points[best]})" in feedback.message
    assert lesson.check_top_category("coal", game).message.startswith("Answer with a label")


def test_the_lessons_solution_for_the_sample_game() -> None:
    """The solution cell's claims: the biggest miss is at move 101 (shift II), F★ instead of
    delivering a complete truck order (9 VP) — in the delivery area."""
    worst = sample().biggest_miss
    assert worst.number == 101 and worst.shift == 2
    assert str(worst.played.action) == "place F*" and str(worst.best.action) == "place DT"
    assert worst.best.effect == "delivers the 9-VP truck order (black, black) for 9 VP"
    assert lesson.check_better_area("delivery", sample()).ok


# --- the widget ---------------------------------------------------------------------------------
@pytest.fixture
def widget() -> ReviewWidget:
    return ReviewWidget(sample())


def test_it_opens_on_the_first_placement(widget: ReviewWidget) -> None:
    first = sample().decisions[0]
    assert widget.index == 0 and widget.decision is first
    assert widget.where.value == (
        f"Placement 1 of {len(sample().decisions)} · move {first.number} · shift I · Gábor to place"
    )
    assert widget.previous_button.disabled and not widget.next_button.disabled
    assert bytes(widget.plot.value).startswith(b"\x89PNG")
    assert sample().summary() in widget.children[0].value


def test_stepping(widget: ReviewWidget) -> None:
    decisions = sample().decisions
    widget.next_button.click()
    widget.next_button.click()
    assert widget.index == 2 and f"move {decisions[2].number} " in widget.where.value
    widget.previous_button.click()
    assert widget.index == 1
    widget.show(10_000)
    assert widget.index == len(decisions) - 1 and widget.next_button.disabled
    widget.show(-5)
    assert widget.index == 0


def test_jumping_to_the_misses(widget: ReviewWidget) -> None:
    game = sample()
    misses_in_order = [i for i, d in enumerate(game.decisions) if d.big_miss]
    widget.biggest_button.click()
    assert widget.decision is game.biggest_miss
    assert "Big miss" in widget.verdict.value and SELECTED in widget.verdict.value
    widget.show(0)
    seen = []
    while not widget.next_miss_button.disabled:
        widget.next_miss_button.click()
        seen.append(widget.index)
    assert seen == [i for i in misses_in_order if i > 0]
    widget.next_miss()  # past the last one: it says so and stays
    assert widget.index == seen[-1] and "no big miss after this one" in widget.message.value
    widget.previous_miss_button.click()
    assert widget.index == seen[-2]


def test_the_board_frames_your_move_and_the_better_one(widget: ReviewWidget) -> None:
    widget.biggest_miss()
    assert SELECTED in widget.board.value and HIGHLIGHT in widget.board.value
    assert "orange frame: the greedy bot's first choice" in widget.legend.value
    good = next(i for i, d in enumerate(sample().decisions) if d.played.rank == 1)
    widget.show(good)
    assert "which is the greedy bot's first choice too" in widget.legend.value


def test_the_ranking_table(widget: ReviewWidget) -> None:
    widget.biggest_miss()
    decision = widget.decision
    table = widget.ranking.value
    assert table.count("<tr") == len(decision.table(view.SHOWN)) + 1  # and the header
    assert "← your move" in table and f"{decision.played.value:.1f}" in table
    first = table.index(decision.best.notation)
    assert first < table.index("← your move")
    assert "what it does for you" in table


def test_points_by_category(widget: ReviewWidget) -> None:
    text = widget.categories.value
    assert "Points by category at the end" in text
    for score in sample().result.scores:
        assert f">{score}</td></tr>" in text


def test_a_game_without_placements() -> None:
    empty = ReviewWidget(new_game(3, 1))
    assert "no placements to review" in empty.where.value
    assert all(b.disabled for b in (empty.next_button, empty.biggest_button, empty.deep_button))
    empty.next()
    empty.biggest_miss()
    assert "Something went wrong" not in empty.message.value


def test_a_flawless_game_has_nothing_to_jump_to() -> None:
    calm = ReviewWidget(flawless())
    assert calm.biggest_button.disabled and calm.next_miss_button.disabled
    calm.biggest_miss()
    assert "No big misses here" in calm.message.value


def test_a_problem_in_a_callback_is_a_message(
    widget: ReviewWidget, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*_args: object) -> str:
        raise KeyError("the table")

    monkeypatch.setattr(view, "ranking_html", broken)
    widget.next_button.click()  # no exception escapes
    assert (
        "Something went wrong in the review (KeyError: &#x27;the table&#x27;)"
        in widget.message.value
    )


# --- the deeper look --------------------------------------------------------------------------
def test_thinking_deeper_keeps_to_the_budget(widget: ReviewWidget) -> None:
    widget.biggest_miss()
    widget.deep_seconds.value = 0.5
    started = time.perf_counter()
    widget.deep_button.click()  # no event loop here: it thinks at once
    elapsed = time.perf_counter() - started
    assert elapsed < 0.5 + 1.0  # the budget, and at most one round and the first look over it
    assert (
        widget.deep_text.value.startswith("<div")
        and "mcts played the game on" in widget.deep_text.value
        and widget.progress.value == 1.0
    )
    widget.next()
    assert widget.deep_text.value == "" and widget.progress.value == 0.0
    widget.previous()
    assert "mcts played the game on" in widget.deep_text.value  # kept for that placement


def test_the_budget_box_keeps_to_its_bounds(widget: ReviewWidget) -> None:
    widget.deep_seconds.value = 1000
    assert widget.deep_seconds.value == view.BUDGET[2]
    widget.deep_seconds.value = 0
    assert widget.deep_seconds.value == view.BUDGET[1]


def in_fresh_thread(function: Any) -> Any:
    """Run ``function`` in a new thread, away from any event loop of another test."""
    box: dict[str, Any] = {}
    thread = threading.Thread(target=lambda: box.update(value=function()))
    thread.start()
    thread.join(timeout=60)
    return box["value"]


def test_thinking_in_the_background_fills_the_progress_bar(widget: ReviewWidget) -> None:
    widget.biggest_miss()
    widget.deep_seconds.value = 1.0

    async def scenario() -> tuple[list[float], bool, str, float]:
        widget.think_deeper()
        task = widget._task
        assert task is not None
        bars, busy = [], widget.deep_button.disabled
        widget.think_deeper()  # a second click while it thinks
        busy_message = widget.message.value
        started = time.perf_counter()
        while not task.done():
            await asyncio.sleep(0.1)
            bars.append(widget.progress.value)
            busy = busy or widget.deep_button.disabled
        return bars, busy, busy_message, time.perf_counter() - started

    bars, busy, busy_message, elapsed = in_fresh_thread(lambda: asyncio.run(scenario()))
    assert busy and "still thinking" in busy_message
    assert bars == sorted(bars) and 0 < bars[0] < 1 and bars[-1] == 1.0
    assert elapsed < 1.0 + 1.0
    assert "mcts played the game on" in widget.deep_text.value
    assert not widget.deep_button.disabled


def test_a_failing_search_in_the_background_is_a_message(
    widget: ReviewWidget, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*_args: object) -> None:
        raise RuntimeError("no more trees")

    monkeypatch.setattr(view, "analyse_deeper", broken)

    async def scenario() -> None:
        widget.think_deeper()
        await widget._task

    in_fresh_thread(lambda: asyncio.run(scenario()) or True)
    assert "RuntimeError: no more trees" in widget.message.value
    assert not widget.deep_button.disabled and widget.deep_text.value == ""


# --- the plot ----------------------------------------------------------------------------------
def test_the_score_plot_ends_at_the_final_scores() -> None:
    game = sample()
    ax = plot_scores(game)
    lines = ax.get_lines()[: len(game.names)]
    assert [line.get_label() for line in lines] == list(game.names)
    assert [int(line.get_ydata()[-1]) for line in lines] == game.result.scores
    assert len([line for line in ax.get_lines() if line.get_linestyle() == ":"]) == 3
    assert plot_png(game).startswith(b"\x89PNG")
    assert lesson.plot_scores(game).get_lines()[0].get_label() == game.names[0]


# --- the answer controls (issue 25) --------------------------------------------------------------
from helpers import click_answer, feedback_seen, type_answer  # noqa: E402

seen, click, typed = feedback_seen, click_answer, type_answer


def test_the_prediction_box_saves_first_and_checks_after_the_review() -> None:
    game = sample()
    found = len(game.misses)
    prediction = lesson.prediction_question()
    assert prediction.button.description == "Save my prediction"
    assert typed(prediction, "").ok is None and "No answer yet" in seen(prediction)
    assert typed(prediction, "many").ok is False
    assert seen(prediction) == "✘ “many” is not a whole number: type it in digits, such as 3."
    assert typed(prediction, "2.5").ok is False and prediction.value is None
    assert typed(prediction, "-1").ok is False
    assert seen(prediction) == f"✘ {lesson.TEXT.say('count_negative', number=-1)}"
    assert typed(prediction, "1").ok is None and prediction.value == 1  # saved, not judged
    assert seen(prediction).startswith("… Saved: you predict 1 big miss.")
    assert typed(prediction, str(found + 5)).ok is None
    feedback = prediction.reveal(game)  # the cell after the review
    assert feedback.ok is False and f"fewer than your {found + 5}" in feedback.message
    assert seen(prediction) == f"✘ {feedback.message}"
    assert typed(prediction, str(found)).ok is True  # from now on the box checks at once
    assert "Good guess!" in seen(prediction)
    unsaved = lesson.prediction_question()
    assert str(unsaved.reveal(game)) == f"… {lesson.TEXT['no_prediction']}"
    assert typed(unsaved, str(found + 1)).ok is True


def test_the_biggest_miss_box() -> None:
    game = sample()
    question = lesson.biggest_miss_question(game)
    assert typed(question, str(game.biggest_miss.number)).ok is True
    assert seen(question).startswith(f"✔ Right! At move {game.biggest_miss.number}")
    assert typed(question, str(game.misses[1].number)).ok is False
    assert "gave away more" in seen(question)
    good = next(d for d in game.decisions if d.played.rank == 1)
    assert typed(question, str(good.number)).ok is False
    assert "the greedy bot's first choice" in seen(question)
    assert typed(question, "1").ok is False and "not one of the reviewed" in seen(question)
    assert typed(question, "").ok is None and "No answer yet" in seen(question)
    assert typed(question, "move 5").ok is False and "is not a whole number" in seen(question)
    flawless_box = lesson.biggest_miss_question(flawless())
    assert typed(flawless_box, "0").ok is True


def test_the_better_area_buttons() -> None:
    game = sample()
    question = lesson.better_area_question(game)
    assert [b.description for b in question.buttons] == [
        names[0] for names in lesson.AREAS.values()
    ]
    assert click(question, "delivery").ok is True  # the sample game's solution
    assert seen(question).startswith("✔ Right! The greedy bot would rather")
    assert click(question, "mining").ok is False and "in the delivery area" in seen(question)
    for label in (b.description for b in question.buttons):
        assert question.answer(label).ok is not None  # every button is an area the check reads
    assert question.answer(None).ok is None and question.answer("the moon").ok is False


def test_the_top_category_buttons() -> None:
    game = sample()
    question = lesson.top_category_question(game)
    points = game.categories()[game.seats[0]]
    best = max(points, key=points.get)
    worst = min(points, key=points.get)
    assert [b.description for b in question.buttons] == [category_label(k) for k in points]
    assert click(question, category_label(best)).ok is True
    assert click(question, category_label(worst)).ok is False
    assert f"({points[best]})" in seen(question)
    assert question.answer(None).ok is None and question.answer("coal").ok is False


def test_lesson_12_answers_with_controls_and_folds_the_python() -> None:
    """Every exercise of lesson 12 is a control; the Python answers follow a "for the curious"
    note, folded; no cell of the main path has an answer to write in."""
    from helpers import CURIOUS, check_exercise_cells, lesson_cells

    cells, ids = lesson_cells("12_review_your_game.ipynb", "en")
    exercises = {
        "prediction": ("prediction = lesson.prediction_question()\nprediction", []),
        "check-prediction": (
            "# NBVAL_CHECK_OUTPUT\nprint(prediction.reveal(game_review))",
            ["check-prediction-python"],
        ),
        "check-biggest": ("lesson.biggest_miss_question(game_review)", ["check-biggest-python"]),
        "check-area": ("lesson.better_area_question(game_review)", ["check-area-python"]),
        "check-category": ("lesson.top_category_question(game_review)", ["check-category-python"]),
    }
    folded_ids = check_exercise_cells(
        cells, ids, [(c, call, py) for c, (call, py) in exercises.items()], CURIOUS["en"]
    )
    for cell in cells:
        source = "".join(cell["source"])
        if cell["cell_type"] == "code" and cell["id"] not in folded_ids:
            assert "= None" not in source and "replace None" not in source, cell["id"]


@pytest.mark.parametrize(("lang", "delivery"), [("de", "Ausliefern"), ("hu", "szállítmányozás")])
def test_the_answers_are_in_the_learners_language(lang: str, delivery: str) -> None:
    """Issue 29: the area buttons are named as the board names them in German and Hungarian,
    and the checks read those names (typed, too)."""
    from gluckauf.text.i18n import language

    game = sample()
    with language(lang):
        areas = lesson.better_area_question(game)
        labels = [b.description for b in areas.buttons]
        assert delivery in labels and "delivery" not in labels
        assert click(areas, delivery).ok is True  # the sample game's solution
        assert "delivery" not in seen(areas) and delivery in seen(areas)
        assert lesson.check_better_area(delivery.upper(), game).ok is True
        categories = lesson.top_category_question(game)
        assert "orders" not in [b.description for b in categories.buttons]
        assert click(categories, categories.buttons[0].description).ok is not None
