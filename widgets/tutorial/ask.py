"""Answer controls for the lessons' exercises: a learner answers with the mouse and a few keys,
never by editing Python (issue 25).

Each control calls a lesson's existing check (``check(answer) -> Feedback``, the same function
the optional Python cell calls) and shows its feedback at once, beside the control, in
:attr:`Question.feedback` (an HTML widget: what the learner sees). What the check cannot read is
said in words by the control itself — an empty box is "not yet", text in a number box is named
— and nothing ever ends in a traceback.

- :func:`ask_number` — a box for a whole number and a Check button (Enter checks too);
- :func:`ask_numbers` — one labelled box per item (per player, per scoring item …) and one
  Check button; the check gets the list of the numbers, in the order of the labels;
- :func:`ask_choice` — one button per answer (one click checks), or with ``several=True``
  toggle buttons and a Check button (the check gets the set of values);
- :func:`ask_player` — a button per player, named (the check gets the name);
- :class:`DecimalQuestion` — a box for a number with decimals (:func:`read_decimal`);
- :class:`PredictionQuestion` — a number saved before the games it is about, checked by
  :meth:`~PredictionQuestion.reveal` once they are played;
- :func:`ask_spaces` — the board of a position (drawn as the live board draws it,
  :mod:`widgets.draw` on :mod:`widgets.geometry`'s layout): a click on a space marks or unmarks
  it, Check sends the set of marked codes (``{"F4", "M8"}``). It plays no move.
"""

from __future__ import annotations

import html
import math
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import ipywidgets as w

from gluckauf.core.hidden import table_viewer
from gluckauf.core.state import GameState

from ..draw import SELECTED, SMALL, draw_pieces, draw_static
from ..geometry import PLAY, Layout, layout
from ..metrics import text_width
from ..painter import Painter
from ..reporting import error_text
from ..surface import make_surface
from . import Feedback, not_yet, whole_number, wrong
from .exercises import keep_answer
from .phrases import TUTORIAL

Check = Callable[[Any], Feedback]

TEXT = TUTORIAL.texts(
    "ask",
    {
        "check": "Check",
        "clear": "Clear all",
        "placeholder": "a whole number",
        "empty_number": "No answer yet: type a number in the box, then press Check (or Enter).",
        "not_a_number": "“{text}” is not a whole number: type it in digits, such as 3.",
        "not_whole": "{text} is not a whole number: the answer is a whole number, such as 3.",
        "empty_several": "No answer yet: click one or more answers, then press Check.",
        "empty_marks": "No space marked yet: click the spaces on the picture to mark them, then "
        "press Check.",
        "mark_help": "Click a space to mark it, click it again to unmark it; then press Check.",
        "marked_none": "Marked: none yet.",
        "marked": "Marked: {codes}",
        "not_a_space": "Only the board's spaces can be marked: click inside a space.",
        "marked_tag": "marked",
        "error": "The answer could not be checked ({error}). Try again, or ask for help.",
        # a box for a number with decimals
        "decimal_placeholder": "a number, e.g. 2.5",
        "empty_decimal": "No answer yet: type a number in the box, then press Check (or Enter).",
        "not_a_decimal": "“{text}” is not a number: type it in digits, such as 2.5.",
        # a prediction, saved before the games it is about
        "save_prediction": "Save my prediction",
        # several number boxes
        "empty_numbers": "No answer yet: type a number in each box, then press Check.",
        "some_empty": "Not finished yet: type a number in every box — still empty: {labels}. "
        "Then press Check.",
        "in_box": "{label}: {problem}",
        # the units after a number box
        "unit_orders": "orders",
        "unit_workers": "workers",
        "unit_marks": "Marks",
        "unit_vp": "VP",
        "unit_cubes": "cubes",
    },
)

OK_STYLE = {True: "success", False: "danger", None: ""}


class Question(w.VBox):
    """A control with its check: :meth:`answer` checks a value and shows the feedback in
    :attr:`feedback`; :attr:`result` keeps the last :class:`Feedback` (None: not checked).
    A lesson's question has a name (:attr:`exercise`, set by :func:`~.exercises.exercise`):
    its checked answers are kept in the learner's progress."""

    exercise: str | None = None

    def __init__(
        self, check: Check, children: Sequence[w.Widget] = (), *, beside: bool = True
    ) -> None:
        self.check = check
        self.result: Feedback | None = None
        self.feedback = w.HTML(
            layout=w.Layout(flex="1 1 320px", margin="0 0 0 8px", min_height="28px")
        )
        self.feedback.add_class("gluckauf-feedback")
        if beside:
            row = w.HBox(
                [*children, self.feedback],
                layout=w.Layout(flex_flow="row wrap", align_items="center"),
            )
            super().__init__([row])
        else:
            super().__init__([*children, self.feedback])
        self.add_class("gluckauf-question")

    def show(self, feedback: Feedback) -> Feedback:
        self.result = feedback
        self.feedback.value = feedback._repr_html_()
        return feedback

    def clear(self) -> None:
        """No feedback shown (the answer changed since the last check)."""
        self.result = None
        self.feedback.value = ""

    def answer(self, value: Any) -> Feedback:
        """Check ``value`` with the lesson's check and show what it says (never raises)."""
        try:
            feedback = self.check(value)
            if not isinstance(feedback, Feedback):
                raise TypeError(f"the check gave {feedback!r}, not a Feedback")
        except Exception as error:  # never a traceback for the learner
            feedback = wrong(TEXT.say("error", error=error_text(error)))
        keep_answer(self.exercise, feedback, value)
        return self.show(feedback)


def _read_float(typed: str) -> float | None:
    """``typed`` as a finite number ("2,5" and "−2.5", a real minus, too), else None."""
    try:
        value = float(typed.replace(",", ".").replace("\u2212", "-"))
    except ValueError:
        return None
    return value if math.isfinite(value) else None


def read_number(text: Any) -> int | Feedback:
    """A number box's text as a whole number, or the feedback that says why it is not one:
    empty is "not yet", "3", " 3 ", "+3", "3.0" and "3,0" are 3, "−2" (a real minus) is -2."""
    if text is None or not str(text).strip():
        return not_yet(TEXT["empty_number"])
    typed = str(text).strip()
    number = whole_number(typed.replace("\u2212", "-"))  # the rulebook's minus, −2, counts too
    if number is not None:
        return number
    value = _read_float(typed)
    if value is None:
        return wrong(TEXT.say("not_a_number", text=typed))
    if not value.is_integer():
        return wrong(TEXT.say("not_whole", text=typed))
    return int(value)


class NumberQuestion(Question):
    """A box for a whole number (``unit`` after it) and a Check button; Enter checks too."""

    def __init__(self, check: Check, *, unit: str = "") -> None:
        self.box = w.Text(
            placeholder=TEXT["placeholder"], continuous_update=False, layout=w.Layout(width="130px")
        )
        self.button = w.Button(
            description=TEXT["check"], icon="check", layout=w.Layout(width="auto")
        )
        parts: list[w.Widget] = [self.box]
        if unit:
            parts.append(w.HTML(html.escape(unit), layout=w.Layout(margin="0 6px 0 0")))
        parts.append(self.button)
        super().__init__(check, parts)
        self.box.observe(lambda _change: self.submit(), names="value")  # Enter, or leaving
        self.button.on_click(lambda _button: self.submit())

    def submit(self) -> Feedback:
        """Check what the box holds now."""
        number = read_number(self.box.value)
        if isinstance(number, Feedback):
            return self.show(number)
        return self.answer(number)


class PredictionQuestion(NumberQuestion):
    """A prediction made before the games it is about: a box for a whole number (``unit``
    after it) and a Save button. Saving only keeps the number (:attr:`value`, after
    ``convert``); :meth:`reveal` checks it once the games are there — ``check(value, about)``
    — and from then on the box checks at once. ``problem(number)`` is what is wrong with a
    number (None: nothing); ``saved(value)`` and ``missing`` are what the box says.
    Lessons 11 and 12 predict with it (a win rate, the big misses of a game)."""

    def __init__(
        self,
        check: Any,
        *,
        unit: str,
        saved: Any,
        missing: str,
        problem: Any = None,
        convert: Any = None,
        save: str = "",
    ) -> None:
        self.later = check
        self.about: Any = None
        self.value: Any = None
        self.problem = problem or (lambda _number: None)
        self.convert = convert or (lambda number: number)
        self.saved, self.missing = saved, missing
        super().__init__(self._save, unit=unit)
        self.button.description = save or TEXT["save_prediction"]
        self.button.icon = "save"

    def _save(self, number: int) -> Feedback:
        problem = self.problem(number)
        if problem is not None:
            return problem
        self.value = self.convert(number)
        if self.about is not None:
            return self.later(self.value, self.about)
        return not_yet(self.saved(self.value))

    def reveal(self, about: Any) -> Feedback:
        """Check the prediction against ``about`` (the games, the review), here and in the
        box; what the box gets from now on is checked at once."""
        self.about = about
        if self.value is None:
            return self.show(not_yet(self.missing))
        saving, self.check = self.check, lambda value: self.later(value, about)
        try:  # the saved value, already converted: checked as it is
            return self.answer(self.value)
        finally:
            self.check = saving


def read_decimal(text: Any) -> float | Feedback:
    """A number box's text as a number, or the feedback that says why it is not one: empty is
    "not yet"; "2.5", "2,5", " 2.5 " and "−2.5" (a real minus) are read."""
    if text is None or not str(text).strip():
        return not_yet(TEXT["empty_decimal"])
    typed = str(text).strip()
    value = _read_float(typed)
    return wrong(TEXT.say("not_a_decimal", text=typed)) if value is None else value


class DecimalQuestion(NumberQuestion):
    """A box for a number with decimals (``unit`` after it) and a Check button."""

    def __init__(self, check: Any, *, unit: str = "") -> None:
        super().__init__(check, unit=unit)
        self.box.placeholder = TEXT["decimal_placeholder"]

    def submit(self) -> Feedback:
        number = read_decimal(self.box.value)
        if isinstance(number, Feedback):
            return self.show(number)
        return self.answer(number)


def _labels(labels: Iterable[Any], unit: str) -> list[tuple[str, str]]:
    """``labels`` as (label, unit) pairs: a plain label takes the common ``unit``."""
    pairs = []
    for label in labels:
        if isinstance(label, tuple) and len(label) == 2:
            pairs.append((str(label[0]), str(label[1])))
        else:
            pairs.append((str(label), unit))
    return pairs


class NumbersQuestion(Question):
    """One box per labelled item (its unit after it) and one Check button; the check gets the
    list of the numbers in the labels' order. An empty box is "not yet" (``partial``: the check
    gets None for it, and says itself what is missing); text that is not a whole number is named
    with its box's label. Enter in a box checks once every box is filled."""

    def __init__(
        self, check: Check, labels: Iterable[Any], *, unit: str = "", partial: bool = False
    ) -> None:
        self.items = _labels(labels, unit)
        if not self.items:
            raise ValueError("ask_numbers needs at least one label")
        self.partial = partial
        self.boxes: list[w.Text] = []
        cells: list[w.Widget] = []
        for label, item_unit in self.items:
            box = w.Text(
                placeholder=TEXT["placeholder"],
                continuous_update=False,
                layout=w.Layout(width="130px"),
            )
            box.observe(lambda _change: self._changed(), names="value")  # Enter, or leaving
            self.boxes.append(box)
            cells += [
                w.HTML(html.escape(label), layout=w.Layout(margin="0 8px 0 0")),
                box,
                w.HTML(html.escape(item_unit), layout=w.Layout(margin="0 0 0 6px")),
            ]
        self.grid = w.GridBox(
            cells,
            layout=w.Layout(
                grid_template_columns="max-content 130px max-content",
                align_items="center",
                grid_gap="4px 0",
                width="fit-content",
            ),
        )
        self.button = w.Button(
            description=TEXT["check"], icon="check", layout=w.Layout(width="auto")
        )
        self.button.on_click(lambda _button: self.submit())
        super().__init__(check, [], beside=False)
        row = w.HBox(
            [self.button, self.feedback],  # the feedback beside Check, as for one box
            layout=w.Layout(flex_flow="row wrap", align_items="center", margin="6px 0 0 0"),
        )
        self.children = [self.grid, row]

    @property
    def labels(self) -> list[str]:
        return [label for label, _unit in self.items]

    def _changed(self) -> None:
        if all(str(box.value).strip() for box in self.boxes):
            self.submit()
        else:
            self.clear()

    def submit(self) -> Feedback:
        """Check what the boxes hold now."""
        values: list[int | None] = []
        problems, empty = [], []
        for (label, _unit), box in zip(self.items, self.boxes, strict=True):
            number = read_number(box.value)
            if isinstance(number, Feedback):
                values.append(None)
                if number.ok is None:
                    empty.append(label)
                else:
                    problems.append(TEXT.say("in_box", label=label, problem=number.message))
            else:
                values.append(number)
        if problems:
            return self.show(wrong(" ".join(problems)))
        if len(empty) == len(self.boxes):
            return self.show(not_yet(TEXT["empty_numbers"]))
        if empty and not self.partial:
            return self.show(not_yet(TEXT.say("some_empty", labels=", ".join(empty))))
        return self.answer(values)


def _options(options: Iterable[Any]) -> list[tuple[str, Any]]:
    """``options`` as (label, value) pairs: a plain value is its own label."""
    pairs = []
    for option in options:
        if isinstance(option, tuple) and len(option) == 2:
            pairs.append((str(option[0]), option[1]))
        else:
            pairs.append((str(option), option))
    return pairs


class ChoiceQuestion(Question):
    """One button per answer. One answer: a click checks it. ``several``: each button toggles,
    and Check sends the set of the values chosen."""

    def __init__(self, check: Check, options: Iterable[Any], *, several: bool = False) -> None:
        self.options = _options(options)
        self.several = several
        self.buttons: list[w.Widget] = []
        parts: list[w.Widget] = []
        for label, value in self.options:
            if several:
                button = w.ToggleButton(
                    value=False, description=label, layout=w.Layout(width="auto")
                )
                button.observe(lambda _change: self.clear(), names="value")
            else:
                button = w.Button(description=label, layout=w.Layout(width="auto"))
                button.on_click(lambda _b, value=value: self.choose(value))
            self.buttons.append(button)
        parts += self.buttons
        self.button: w.Button | None = None
        if several:
            self.button = w.Button(
                description=TEXT["check"],
                icon="check",
                layout=w.Layout(width="auto", margin="0 0 0 12px"),
            )
            self.button.on_click(lambda _b: self.submit())
            parts.append(self.button)
        super().__init__(check, parts)

    def choose(self, value: Any) -> Feedback:
        """One answer: check ``value`` and show which button was pressed, in its colour."""
        feedback = self.answer(value)
        for button, (_label, option) in zip(self.buttons, self.options, strict=True):
            button.button_style = OK_STYLE[feedback.ok] if option == value else ""
            button.icon = "check" if option == value else ""
        return feedback

    def chosen(self) -> set[Any]:
        return {
            value
            for button, (_label, value) in zip(self.buttons, self.options, strict=True)
            if button.value
        }

    def submit(self) -> Feedback:
        """Several answers: check the set of the buttons pressed."""
        values = self.chosen()
        if not values:
            return self.show(not_yet(TEXT["empty_several"]))
        return self.answer(values)


# --- the board: mark spaces ------------------------------------------------------------------
STATIC, PIECES, MARKS = range(3)


class MarkQuestion(Question):
    """The board of ``state`` (``view`` as for :func:`widgets.geometry.layout`); a click on a
    target whose id starts with ``prefix`` ("space:") marks or unmarks it, Check sends the set of
    the marked targets' codes (the id after the prefix: "space:F4" → "F4")."""

    def __init__(
        self,
        check: Check,
        state: GameState,
        *,
        view: str = PLAY,
        prefix: str = "space:",
        surface: str | None = None,
    ) -> None:
        self.state = state
        self.prefix = prefix
        self.board: Layout = layout(state, view=view)
        self.marked: list[str] = []  # target ids, in the order clicked
        self.surface = make_surface(self.board.width, self.board.height, 3, surface)
        self.status = w.HTML(TEXT["mark_help"], layout=w.Layout(margin="0"))
        self.marks_line = w.HTML(layout=w.Layout(margin="0 8px"))
        self.button = w.Button(
            description=TEXT["check"], icon="check", layout=w.Layout(width="auto")
        )
        self.reset = w.Button(description=TEXT["clear"], layout=w.Layout(width="auto"))
        self.button.on_click(lambda _b: self.submit())
        self.reset.on_click(lambda _b: self._safely(self.unmark_all))
        row = w.HBox(
            [self.button, self.reset, self.marks_line],
            layout=w.Layout(flex_flow="row wrap", align_items="center"),
        )
        super().__init__(check, [self.status, self.surface.widget, row], beside=False)
        self.surface.widget.add_class("gluckauf-surface")
        self.surface.on_mouse_down(lambda x, y: self._safely(self.click_at, x, y))
        self.surface.on_client_ready(lambda: self._safely(self.redraw))
        self.redraw()

    def _safely(self, action: Callable[..., Any], *args: Any) -> None:
        try:
            action(*args)
        except Exception as error:  # never a traceback for the learner
            self.show(wrong(TEXT.say("error", error=error_text(error))))

    def codes(self) -> set[str]:
        return {target[len(self.prefix) :] for target in self.marked}

    def click_at(self, x: float, y: float) -> None:
        """A click on the picture (board pixels): mark or unmark the space under it."""
        target = self.board.hit(x, y)
        if target is None or not target.startswith(self.prefix):
            self.status.value = html.escape(TEXT["not_a_space"])
            return
        self.toggle(target[len(self.prefix) :])

    def toggle(self, code: str) -> None:
        target = self.prefix + code
        if not self.board.has(target):
            raise ValueError(f"{code!r} is not on this picture")
        if target in self.marked:
            self.marked.remove(target)
        else:
            self.marked.append(target)
        self.status.value = html.escape(TEXT["mark_help"])
        self.clear()
        self.draw_marks()

    def unmark_all(self) -> None:
        self.marked = []
        self.clear()
        self.draw_marks()

    def submit(self) -> Feedback:
        if not self.marked:
            return self.show(not_yet(TEXT["empty_marks"]))
        return self.answer(self.codes())

    def redraw(self) -> None:
        """Everything, from the position and the marks (a new view of the widget too)."""
        with self.surface.batch():
            static = Painter()
            draw_static(self.board, static)
            self.surface.paint(STATIC, static)
            pieces = Painter()
            draw_pieces(self.state, self.board, pieces, table_viewer(self.state))
            self.surface.paint(PIECES, pieces)
            self.surface.paint(MARKS, self._marks())
        self._marks_text()

    def draw_marks(self) -> None:
        self.surface.paint(MARKS, self._marks())
        self._marks_text()

    def _marks(self) -> Painter:
        """A thick frame and a "marked" tag on each marked target: not colour alone."""
        painter = Painter()
        word = TEXT["marked_tag"]
        tag = text_width(word, SMALL, bold=True) + 10
        for target in self.marked:
            box = self.board.box(target)
            painter.rect(
                box.x - 3, box.y - 3, box.w + 6, box.h + 6, stroke=SELECTED, width=4, radius=6
            )
            width = min(tag, box.w)
            painter.rect(box.cx - width / 2, box.bottom - 8, width, 15, fill=SELECTED, radius=4)
            painter.text(
                box.cx, box.bottom + 3, word, size=SMALL, fill="#fff", anchor="middle", bold=True
            )
        return painter

    def _marks_text(self) -> None:
        order = [name for name, _box in self.board.clickable]
        codes = [
            target[len(self.prefix) :].replace("*", "★")
            for target in sorted(self.marked, key=order.index)
        ]
        text = TEXT.say("marked", codes=", ".join(codes)) if codes else TEXT["marked_none"]
        self.marks_line.value = html.escape(text)


# --- what a lesson calls -----------------------------------------------------------------------
def ask_number(check: Check, *, unit: str = "") -> NumberQuestion:
    """A whole number: ``ask_number(lesson.check_revealed, unit="orders")``."""
    return NumberQuestion(check, unit=unit)


def ask_numbers(
    check: Check, labels: Iterable[Any], *, unit: str = "", partial: bool = False
) -> NumbersQuestion:
    """One box per label (a label, or a pair (label, unit)) and a Check button: the check gets
    the list of the numbers, in the labels' order — ``ask_numbers(lambda vp:
    lesson.check_e7_items(*vp), labels)`` for a check that takes them one by one. Every box must
    be filled, unless ``partial``: then an empty box reaches the check as None."""
    return NumbersQuestion(check, labels, unit=unit, partial=partial)


def ask_choice(check: Check, options: Iterable[Any], *, several: bool = False) -> ChoiceQuestion:
    """Buttons, one per option (a value, or a pair (label, value)); ``several``: the check gets
    the set of the values chosen."""
    return ChoiceQuestion(check, options, several=several)


def ask_player(check: Check, names: Iterable[str]) -> ChoiceQuestion:
    """A button per player, with the player's name; the check gets the name."""
    return ChoiceQuestion(check, list(names))


def ask_spaces(
    check: Check, state: GameState, *, view: str = PLAY, surface: str | None = None
) -> MarkQuestion:
    """The board of ``state``: click spaces to mark them, Check sends the set of their codes."""
    return MarkQuestion(check, state, view=view, surface=surface)


__all__ = [
    "ChoiceQuestion",
    "DecimalQuestion",
    "MarkQuestion",
    "NumberQuestion",
    "NumbersQuestion",
    "PredictionQuestion",
    "Question",
    "ask_choice",
    "ask_number",
    "ask_numbers",
    "ask_player",
    "ask_spaces",
    "read_decimal",
    "read_number",
]
