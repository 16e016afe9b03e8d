"""The live game widget: the board in layers (ipycanvas, or SVG in the browser's Pyodide:
:mod:`widgets.surface`), status, message, move log and controls.

A view of a :class:`~widgets.session.GameSession`: it redraws everything from the session on
every change and whenever a new browser view appears (reload, Voilà, a second tab), and turns
mouse clicks into ``session.click_at``. Bots think in a worker thread while an adjustable
delay runs (:mod:`widgets.botturns`), so the kernel stays responsive. Every callback reports
problems as a message: no traceback reaches the learner.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import re
import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from gluckauf.files.handin import can_hand_in
from gluckauf.text.i18n import LANGUAGES, get_language, set_language
from gluckauf.text.words import bot_name

from .access import LIVE_CLASS, access
from .announce import Step, end_steps, scores_line, shift_steps
from .botturns import BotTurns
from .describe import describe_board, description_html
from .draw import (
    card_lines,
    draw_announcement,
    draw_focus,
    draw_highlights,
    draw_pieces,
    draw_reveals,
    draw_static,
    draw_tooltip,
)
from .geometry import PLAY, PLAY_HEIGHT, Box, announcement_boxes
from .keyboard import CANCEL_KEYS, CHOOSE_KEYS, KEYS, MOVES, move, typed_moves
from .labels import say
from .motion import Frame, message, motion_default, plan
from .motionplayer import MotionPlayer
from .painter import Painter
from .panel import light_panel
from .reporting import reporting
from .resync import resend_states
from .rulelinks import message_html
from .scorecard import final_html, report_html, stats_html
from .session import BOT_FACTORIES, FAIR, FREE, HUMAN, GameSession
from .surface import make_surface
from .table import (
    BOTS,
    HINT,
    LOAD,
    MOVE,
    NEW,
    REDO,
    RESTART,
    SAVE,
    TABLE_WIDE,
    UNDO,
    FixedSeats,
    SharedTable,
    sender,
)

if TYPE_CHECKING:
    from gluckauf.core.actions import Action

STATIC, PIECES, HIGHLIGHTS = range(3)
#: A hidden part shown again: the empty style (its own display back). JupyterLite's widget
#: views keep "none" when the layout's display goes back to None.
SHOWN = ""
#: The largest seed the board's field takes: every seed the engine picks by itself
#: (``new_game(seed=None)``) is below it, and a browser holds it exactly.
MAX_SEED = 2**31 - 1
# a card's or tile's code in brackets, as Show codes adds it ("(C9KK)", "(B1D)")
CODE_IN_BRACKETS = re.compile(r"\((?:[WCTR]\d+[YBGK]+|[YBGK][12][LD])\)")


def _say_error(widget: BoardWidget, error: str, changed: bool = False) -> None:
    """Say what went wrong, and whether the game on the board is still the one before."""
    widget.session.tell("msg.error_changed" if changed else "msg.error", error=error)


def _game_shown(widget: BoardWidget) -> tuple[int, int]:
    """Which game, at which point, the board holds (to tell if an error came after a change)."""
    return id(widget.session.state), widget.session.version


# a callback's unexpected exception becomes the message
reported = reporting(_say_error, observe=_game_shown)


LEARNER = "learner"  # controls for a lesson's puzzle: undo, redo, start again, hint
PLAYER = "player"  # controls for one seat at a class's table: undo, hint, the views
RESEND_AGAIN = (1.0, 3.0)  # seconds after a view is ready: every widget's state sent again


def _row(children: list[w.Widget]) -> w.HBox:
    """Controls side by side, wrapping onto the next line on a narrow screen."""
    return w.HBox(children, layout=w.Layout(flex_flow="row wrap", align_items="center"))


#: Every board on screen: a language chosen on one board redraws them all (one setting).
_BOARDS: weakref.WeakSet[BoardWidget] = weakref.WeakSet()


class BoardWidget(w.VBox):
    """The whole game on screen, clickable. ``BoardWidget(session)`` or ``BoardWidget()``.

    ``controls``: True for a game (undo, redo, hint, bots, players and seats, new game, save
    and load), ``"learner"`` for a puzzle (undo, redo, start again, hint), ``"player"`` for
    one seat at a class's table (undo, hint: the teacher deals), False for none.
    ``hint`` and ``restart`` replace what those buttons do (a puzzle's own hint).
    ``table``: one game on several screens (:mod:`widgets.table`): a "Sit as …" button per
    human seat, each screen plays only for its own seat, and New game, Start again and Load
    need every seated screen's agreement.
    ``surface``: "canvas" (ipycanvas) or "svg"; by default ipycanvas where it can run.
    ``wide``: for a page of its own (the Voilà app): the controls, the game's settings and the
    moves in a column beside the picture, which grows with the window (on a narrow page the
    column goes under it).
    ``motion``: show each move moving (:mod:`widgets.motion`); by default on, unless the
    environment variable ``GLUCKAUF_MOTION`` is ``off`` (the tests)."""

    def __init__(
        self,
        session: GameSession | None = None,
        *,
        bot_delay: float = 0.5,
        controls: bool | str = True,
        view: str | None = None,
        hint: Callable[[], Any] | None = None,
        restart: Callable[[], Any] | None = None,
        table: SharedTable | FixedSeats | None = None,
        surface: str | None = None,
        wide: bool = False,
        motion: bool | None = None,
    ) -> None:
        self.session = session if session is not None else GameSession()
        self.table = table
        self.seat_bar = _row([])
        self._seat_bar_for: object = None
        self._hint = hint if hint is not None else self.session.hint
        self._restart = restart if restart is not None else self.session.restart
        if view is not None and view != self.session.view:
            self.session.view = view  # which parts of the board to show (geometry.VIEWS)
            self.session._refresh()
        width, height = self.session.layout.width, self.session.layout.height
        # Drawn at its natural width (a notebook cell's), shrunk only on narrower screens.
        self.surface = make_surface(width, height, 3, surface)
        self._hovered: str | None = None  # the target under the mouse: its tooltip is drawn
        self.status = w.HTML(layout=w.Layout(margin="0", min_height="20px"))
        # the answer to the last click, always just above the picture: two lines are kept
        # for it, so that the picture does not move when an answer comes or goes
        self.message = w.HTML(layout=w.Layout(margin="0", min_height="18px"))
        # whose turn and the answer, in a box of a fixed height (three lines; a longer text
        # scrolls inside it): the picture under it never moves when a text grows or shrinks,
        # so a click aimed at it lands where the learner aimed
        # what a screen reader says: each answer, each bot move, the target under the keyboard
        # cursor (a polite live region, hidden from the eye: widgets.access)
        self.live = w.HTML(layout=w.Layout(margin="0"))
        self.live.add_class(LIVE_CLASS)
        self._cursor: str | None = None  # the keyboard's target (widgets.keyboard)
        self.access = access()  # the page side of keyboard and screen-reader play
        self.answer_box = w.VBox(
            [self.status, self.message, self.live],
            layout=w.Layout(height="58px", overflow="auto", flex="0 0 auto"),
        )
        self.move_log = w.HTML(
            layout=w.Layout(
                max_height="160px", overflow="auto", border="1px solid #ccc", padding="2px 6px"
            )
        )
        self.scoring = w.HTML()
        # the game's record, one click away ("Moves"): the moves played, newest first, and
        # every scoring's table
        self.record = w.VBox([self.move_log, self.scoring], layout=w.Layout(display="none"))
        self.mode = w.HTML(layout=w.Layout(margin="0 0 0 8px"))  # fair play or free undo
        self._stats_for: tuple[int, int] | None = None  # the game end the statistics are of
        self._stats = ""
        # each control's label, relabelled in a new language: (widget, its key, parameters)
        self._labels: list[tuple[w.Widget, str, dict[str, Any]]] = []
        # each move shown moving, over the picture (widgets.motion): the last picture drawn is
        # kept to cut its pieces from
        self.motion = self._labelled(
            w.Checkbox(
                value=motion_default() if motion is None else motion,
                indent=False,
                layout=w.Layout(width="auto"),
            ),
            "label.motion",
        )
        self.motion_player = MotionPlayer()
        self._frame: Frame | None = None
        self._static_ops: list = []
        self.show_log = self._labelled(
            w.ToggleButton(value=False, icon="list", layout=w.Layout(width="auto")), "button.log"
        )
        self.show_log.observe(self._on_show_log, names="value")
        # the board in words (widgets.describe): for a screen reader, or anyone, on request
        self.show_description = self._labelled(
            w.ToggleButton(
                value=False,
                icon="align-left",
                tooltip=say("tip.describe"),
                layout=w.Layout(width="auto"),
            ),
            "button.describe",
        )
        self.show_description.observe(self._on_show_description, names="value")
        self._described_for: tuple | None = None
        # a move typed in words, with completion (widgets.keyboard.typed_moves)
        self.typed = self._labelled(
            w.Combobox(
                ensure_option=True,
                placeholder=say("label.type_move_hint"),
                layout=w.Layout(width="100%", max_width="560px"),
                style={"description_width": "initial"},
            ),
            "label.type_move",
        )
        self.typed.observe(self._on_typed, names="value")
        self._typed: dict[str, Action] = {}
        self._typed_for: tuple | None = None
        self.description = w.HTML(layout=w.Layout(max_height="320px", overflow="auto"))
        # "Describe" opens the way to play without the picture: a move typed in words, and
        # the board in words
        self.in_words = w.VBox(
            [self.typed, self.description],
            layout=w.Layout(display="none", border="1px solid #ccc", padding="2px 8px"),
        )
        self.view_switch = w.ToggleButtons(
            options=self._view_choices(), value=self._view_value(), style={"button_width": "auto"}
        )
        self.view_switch.observe(self._on_view_switch, names="value")
        self.bot_delay = self._labelled(
            w.FloatSlider(
                value=bot_delay, min=0.0, max=2.0, step=0.1, style={"description_width": "initial"}
            ),
            "label.bot_delay",
        )
        self.bots_running = w.ToggleButton(
            value=True, description=say("button.bots_stop"), layout=w.Layout(width="auto")
        )
        self._putting_back = False  # a refused Stop/Run bots being undone on the button
        self.language = self._labelled(
            w.Dropdown(
                options=[(name, code) for code, name in LANGUAGES.items()],
                value=get_language(),
                layout=w.Layout(width="170px"),
                style={"description_width": "initial"},
            ),
            "label.language",
        )
        self.language.observe(self._on_language, names="value")
        # a shift's scoring or the game's end, told step by step over the picture; the bots
        # wait while it is shown
        self._steps: list[Step] = []
        self._step = 0
        self._told_for = (
            id(self.session.state),
            len(self.session.reports),
            self.session.state.is_over,
        )
        self.bot_turns = BotTurns(
            self.session,
            delay=lambda: self.bot_delay.value,
            running=lambda: self.bots_running.value and not self._steps,
        )
        self._static_for: tuple | None = None
        picture: list[w.Widget] = [self.answer_box, self.surface.widget]
        if table is not None:
            picture.insert(0, self.seat_bar)
            table.observe(lambda _change: self._show_table(), names="version")
        beside: list[w.Widget] = []
        if controls == LEARNER:  # a lesson reads its scorings' tables: they stay in view
            self.record.children = (self.move_log,)
            beside += [self._learner_controls(), self.in_words, self.record, self.scoring]
        elif controls == PLAYER:
            beside += [self._player_controls(), self.in_words, self.record]
        elif controls:
            beside += [*self._controls(), self.in_words, self.record]
        else:  # no buttons: the scorings' tables as they come, no moves
            beside.append(self.scoring)
        if wide:
            super().__init__([self._wide(picture, beside)])
        else:
            super().__init__(picture + beside)
        # names for the page (and the browser tests): the board, its answer line, its picture
        self.add_class("gluckauf-board")
        self.status.add_class("gluckauf-status")
        self.message.add_class("gluckauf-answer")
        self.surface.widget.add_class("gluckauf-surface")
        self.surface.widget.add_class(self.motion_player.surface)
        light_panel(self)  # on a dark page (Voilà ?theme=dark), a light panel: see widgets.panel
        self.surface.on_mouse_down(self._on_mouse_down)
        self.surface.on_mouse_move(self._on_mouse_move)
        self.surface.on_mouse_out(self._on_mouse_out)
        self.surface.on_client_ready(self._on_client_ready)
        self.surface.on_key_down(self._on_key)
        self.session.observe(self._on_change, names=["version", "selection", "message", "since"])
        self.bots_running.observe(self._on_bots_toggle, names="value")
        self.redraw()
        self._schedule_bots()
        _BOARDS.add(self)

    # --- controls ------------------------------------------------------------------------------
    def _button(self, key: str, action: Callable[[], Any], what: str | None = None) -> w.Button:
        """A button that runs ``action``; ``what`` it asks for, at a shared table (UNDO, NEW,
        SAVE, …: see :meth:`_allowed`)."""
        button = self._labelled(w.Button(layout=w.Layout(width="auto")), key)
        button.on_click(lambda _b: self._run(action, what))
        return button

    def _labelled(self, widget: Any, key: str, **params: Any) -> Any:
        """``widget`` with the text of ``key`` as its label, now and in any later language."""
        widget.description = say(key, **params)
        self._labels.append((widget, key, params))
        return widget

    def _relabel(self) -> None:
        """Every control's label, and the seat menus' choices, in the current language."""
        for widget, key, params in self._labels:
            widget.description = say(key, **params)
        self.bots_running.description = say(
            "button.bots_stop" if self.bots_running.value else "button.bots_go"
        )
        self.view_switch.options, self.view_switch.value = (
            self._view_choices(),
            self._view_value(),
        )
        for box in getattr(self, "seat_kinds", ()):
            box.options, box.value = self._seat_choices(), box.value
        if hasattr(self, "show_codes"):
            self.show_codes.tooltip = say("tip.show_codes")
        self.show_description.tooltip = say("tip.describe")
        self.typed.placeholder = say("label.type_move_hint")
        self._typed_for = None  # the typed moves' words, in the new language
        self._seat_bar_for = None  # the "Sit as …" buttons too

    @reported
    def _on_language(self, change: Any) -> None:
        """The language picker: every text of engine, widgets and lessons in that language,
        and every board on screen redrawn in it."""
        if change["new"] == get_language():
            return
        set_language(change["new"])
        for board in list(_BOARDS):
            if board.comm is None:  # closed (its view is gone): nothing to redraw
                _BOARDS.discard(board)
                continue
            board.show_language()
        self.session.tell("msg.language", language=LANGUAGES[get_language()])

    def show_language(self) -> None:
        """Redraw everything in the current language (the picker of any board calls this)."""
        if self.language.value != get_language():
            self.language.value = get_language()
        self.access.speak_language()
        self._relabel()
        self.redraw()

    def _learner_controls(self) -> w.Widget:
        """Only what a puzzle needs: its moves taken back or played again, a fresh start, and
        a hint."""
        s = self.session
        return _row(
            [
                self._button("button.undo", s.undo, UNDO),
                self._button("button.redo", s.redo, REDO),
                self._button("button.restart", self._restart, RESTART),
                self._button("button.hint", self._hint, HINT),
                self.view_switch,
                self.show_log,
                self.show_description,
                self.language,
            ]
        )

    def _player_controls(self) -> w.Widget:
        """One seat at a class's table (widgets.classtable): one's own move taken back, a hint,
        the views and the language; the teacher deals, so no new game, seats or files."""
        s = self.session
        return _row(
            [
                self._button("button.undo", s.undo, UNDO),
                self._button("button.hint", self._hint, HINT),
                self.view_switch,
                self.show_log,
                self.show_description,
                self.language,
                self.motion,
            ]
        )

    def _controls(self) -> w.Widget:
        s = self.session
        self.players = self._labelled(
            w.Dropdown(options=[2, 3, 4], value=s.state.players, layout=w.Layout(width="150px")),
            "label.players",
        )
        self.seat_kinds = [
            self._labelled(
                w.Dropdown(
                    options=self._seat_choices(),
                    value=s.seats[i] if i < len(s.seats) else HUMAN,
                    layout=w.Layout(width="190px"),
                ),
                "label.seat",
                n=i + 1,
            )
            for i in range(4)
        ]
        self._show_seats()
        self.players.observe(lambda _change: self._show_seats(), names="value")
        # the seed the game on the board was dealt with, so that New game deals it again
        # (a whole number from 0 to MAX_SEED: the field cannot hold another)
        self.seed = self._labelled(
            w.BoundedIntText(
                value=min(s.state.seed or 0, MAX_SEED),
                min=0,
                max=MAX_SEED,
                layout=w.Layout(width="190px"),
            ),
            "label.seed",
        )
        self.path = self._labelled(
            w.Text(value="game.json", layout=w.Layout(width="260px")), "label.file"
        )
        # table options for New game: one person at every seat may play with free undo; any
        # table may keep delivered orders face down (R-DELIVER-2)
        self.sandbox = self._labelled(
            w.Checkbox(value=s.undo_mode == FREE, indent=False, layout=w.Layout(width="auto")),
            "label.sandbox",
        )
        self.face_down = self._labelled(
            w.Checkbox(value=s.state.face_down, indent=False, layout=w.Layout(width="auto")),
            "label.face_down",
        )
        # for the curious and for teachers: the moves' notation after the board's sentences
        self.show_codes = self._labelled(
            w.Checkbox(value=s.show_codes, indent=False, layout=w.Layout(width="auto")),
            "label.show_codes",
        )
        self.show_codes.observe(self._on_show_codes, names="value")
        for box in (self.players, *self.seat_kinds):
            box.observe(lambda _change: self._offer_sandbox(), names="value")
        self._offer_sandbox()
        self.show_settings = self._labelled(
            w.ToggleButton(value=False, icon="cog", layout=w.Layout(width="auto")),
            "button.settings",
        )
        self.show_settings.observe(self._on_show_settings, names="value")
        buttons = _row(
            [
                self._button("button.undo", s.undo, UNDO),
                self._button("button.redo", s.redo, REDO),
                self._button("button.hint", self._hint, HINT),
                self.bots_running,
                self.view_switch,
                self.show_log,
                self.show_description,
                self.show_settings,
            ]
        )
        # a new game's settings, saving and loading, the bots' pace and the language: folded
        # under "Game…" until asked for
        self.bot_delay.layout.width = "280px"
        self.settings = w.VBox(
            [
                _row(
                    [
                        self.players,
                        *self.seat_kinds,
                        self.seed,
                        self.sandbox,
                        self.face_down,
                        self._button("button.new", self._new_game, NEW),
                    ]
                ),
                _row(
                    [
                        self.path,
                        self._button("button.save", lambda: s.save(self.path.value), SAVE),
                        self._button("button.load", self._load, LOAD),
                        *(
                            [self._button("button.hand_in", s.hand_in, SAVE)]
                            if can_hand_in()
                            else []
                        ),
                    ]
                ),
                _row([self.bot_delay, self.mode, self.language, self.show_codes, self.motion]),
            ],
            layout=w.Layout(display="none", border="1px solid #ccc", padding="2px 6px"),
        )
        return [buttons, self.settings]

    def _wide(self, picture: list[w.Widget], beside: list[w.Widget]) -> w.Widget:
        """The picture on the left, as large as the window lets it be while the whole picture
        stays in view; the controls, settings and moves open in a column on the right."""
        width = self.session.layout.width
        # as wide as the window's height lets the whole picture stay in view, never narrower
        # than its natural width; the answer line above it wraps at the same width
        grown = f"max({width}px, calc((100vh - 230px) * {width / PLAY_HEIGHT:.3f}))"
        self.surface.widget.layout.max_width = grown
        for toggle in (self.show_log, getattr(self, "show_settings", None)):
            if toggle is not None:
                toggle.value = True
        left = w.VBox(picture, layout=w.Layout(flex="0 0 auto", width=grown))
        # the column scrolls by itself when the record grows: the page never does
        right = w.VBox(
            beside,
            layout=w.Layout(
                flex="1 1 300px",
                min_width="300px",
                margin="0 0 0 12px",
                max_height="calc(100vh - 140px)",
                overflow="auto",
            ),
        )
        return w.HBox(
            [left, right], layout=w.Layout(flex_flow="row wrap", align_items="flex-start")
        )

    def _on_show_log(self, change: Any) -> None:
        self.record.layout.display = SHOWN if change["new"] else "none"

    @reported
    def _on_show_description(self, change: Any) -> None:
        self.in_words.layout.display = SHOWN if change["new"] else "none"
        self._describe()
        self._offer_typed()

    def _offer_typed(self) -> None:
        """The moves one may type now, in words (none while a bot is to act); worked out only
        while "Describe" shows the box (a choice of orders to put back has hundreds)."""
        if not self.show_description.value:
            return
        s = self.session
        key = (s.version, get_language())
        if self._typed_for == key:
            return
        self._typed_for = key
        self._typed = {} if s.is_bot_turn else typed_moves(s.state)
        self.typed.options = tuple(self._typed)

    @reported
    def _on_typed(self, change: Any) -> None:
        """A move typed in words and confirmed: played as a click sequence would play it."""
        action = self._typed.get(change["new"] or "")
        if action is None or not self._allowed(MOVE):
            return
        self.typed.value = ""
        self.session.clear_selection()
        self.session.play(action)  # the engine checks it (a refusal is the message)
        self._schedule_bots()

    def _describe(self) -> None:
        """The board in words, while "Describe" is pressed (as the viewer sees it)."""
        if not self.show_description.value:
            return
        s = self.session
        seat = s.viewer if s.viewer is not None else s.state.current
        key = (s.version, get_language(), seat, s.status())  # not again for a mouse move
        if self._described_for != key:
            self._described_for = key
            self.description.value = description_html(describe_board(s.state, seat, s.status()))

    def _on_show_codes(self, change: Any) -> None:
        """Show codes: from the next sentence on, the move's notation in grey brackets."""
        self.session.show_codes = bool(change["new"])
        self._texts()

    def _on_show_settings(self, change: Any) -> None:
        self.settings.layout.display = SHOWN if change["new"] else "none"

    @staticmethod
    def _view_choices() -> list[tuple[str, str]]:
        return [(say("view.play"), PLAY), (say("view.full"), "full")]

    def _view_value(self) -> str | None:
        """The switch's value for the session's view (None: a lesson's own partial view)."""
        return self.session.view if self.session.view in (PLAY, "full") else None

    @reported
    def _on_view_switch(self, change: Any) -> None:
        """At a glance (the play view) or the whole table: only what the picture shows
        changes, never the game."""
        if change["new"] is None or change["new"] == self.session.view:
            return
        self.session.view = change["new"]
        self._hovered = None
        self.session._refresh()

    @staticmethod
    def _seat_choices() -> list[tuple[str, str]]:
        bots = [(bot_name(name), name) for name in BOT_FACTORIES]
        return [(say("seat.human"), HUMAN), *bots]

    def _load(self) -> None:
        if self.session.load(self.path.value):
            self.players.value = self.session.state.players
            self.seed.value = min(self.session.state.seed or 0, MAX_SEED)

    def _offer_sandbox(self) -> None:
        """Free undo is for one person playing every seat: not with a bot at the table."""
        seats = [box.value for box in self.seat_kinds[: int(self.players.value)]]
        alone = all(kind == HUMAN for kind in seats)
        self.sandbox.disabled = not alone
        if not alone:
            self.sandbox.value = False

    def _show_seats(self) -> None:
        """A seat box for each player of the game New game would start, no more."""
        for seat, box in enumerate(self.seat_kinds):
            box.layout.display = SHOWN if seat < int(self.players.value) else "none"

    def _new_game(self) -> None:
        """A new game with the fields' settings; a seed the engine cannot deal with (set by
        code, past the field's bounds) is refused in words and changes nothing."""
        seed = self.seed.value
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            self.session.tell("msg.bad_seed", value=seed, max=MAX_SEED)
            return
        players = int(self.players.value)
        seats = [d.value for d in self.seat_kinds[:players]]
        self.session.new_game(
            players,
            seats=seats,
            seed=seed,
            undo=FREE if self.sandbox.value else FAIR,
            face_down=self.face_down.value,
        )
        self._static_for = None
        self.redraw()

    def _settings(self) -> tuple[Any, dict[str, Any]]:
        """What New game would start now: the settings (the table agrees to exactly these)
        and the words of its description."""
        players = int(self.players.value)
        seats = tuple(box.value for box in self.seat_kinds[:players])
        details = (players, seats, self.seed.value, self.sandbox.value, self.face_down.value)
        return details, {"players": players, "seed": self.seed.value}

    @reported
    def _run(self, action: Callable[[], Any], what: str | None = None) -> None:
        if what is not None and not self._allowed(what):
            return
        action()
        self._schedule_bots()

    # --- a shared table (widgets.table) --------------------------------------------------------
    def _allowed(self, what: str) -> bool:
        """May the screen whose message this is ask for ``what``? Always, without a table;
        else the table decides (a table-wide change: once every seated screen agrees) and, if
        not now, says why or what it waits for on the board."""
        s, table = self.session, self.table
        if table is None:
            return True
        if what in TABLE_WIDE:
            details, words = (
                self._settings()
                if what == NEW
                else ((self.path.value,), {"path": self.path.value})
                if what == LOAD
                else ((), {})
            )
            why = table.ask(sender(), what, s.state.names, details, **words)
        else:
            undo_seat = s.seat_after_undo() if what == UNDO else None
            why = table.why_not(sender(), what, s.state, undo_seat, bot_turn=s.is_bot_turn)
        if why is not None:
            s.say(why)
            return False
        return True

    def _show_table(self) -> None:
        """The "Sit as …" buttons, one per human seat (rebuilt only when they change)."""
        table, s = self.table, self.session
        if table is None:
            return
        if isinstance(table, FixedSeats):  # a class's table: the hub says who sits where
            line = table.seat_line(s.state.names)
            if self._seat_bar_for != line:
                self._seat_bar_for = line
                self.seat_bar.children = [w.HTML(f"<b>{html.escape(line)}</b>")]
            return
        humans = [seat for seat, kind in enumerate(s.seats) if kind == HUMAN]
        table.keep(set(humans))  # a new or loaded game: only its human seats
        key = (
            tuple(s.state.names),
            tuple(humans),
            tuple(sorted(table.claims.items())),
            table.request,
        )
        if key == self._seat_bar_for:
            return
        self._seat_bar_for = key
        buttons: list[w.Widget] = [w.HTML(f"<b>{html.escape(say('label.table'))}</b>")]
        for seat in humans:
            name = s.state.names[seat]
            taken = table.holder(seat) is not None
            button = w.Button(
                description=say("button.seated" if taken else "button.sit", name=name),
                tooltip=say("tip.seated" if taken else "tip.sit", name=name),
                button_style="success" if taken else "",
                layout=w.Layout(width="auto"),
            )
            button.on_click(lambda _b, seat=seat: self._claim(seat))
            buttons.append(button)
        request = table.request_line(s.state.names)
        if request:  # a table-wide change waiting for agreement: on every screen
            buttons.append(
                w.HTML(
                    f'<span style="color:#8a4b00">{html.escape(request)}</span>',
                    layout=w.Layout(width="100%"),
                )
            )
        self.seat_bar.children = buttons

    @reported
    def _claim(self, seat: int) -> None:
        assert isinstance(self.table, SharedTable)  # only its seat bar has "Sit as" buttons
        self.session.say(self.table.claim(seat, sender(), self.session.state.names))
        self._show_table()

    def _hover_from_elsewhere(self) -> bool:
        """At a shared table, only the screen of the player to act shows what it points at."""
        table = self.table
        return (
            isinstance(table, SharedTable)  # a class's table: every screen has a kernel of its own
            and bool(table.claims)
            and table.seat_of(sender()) != self.session.state.current
        )

    # --- drawing -------------------------------------------------------------------------------
    def redraw(self) -> None:
        """Draw everything from the session (idempotent: safe at any time, in any view)."""
        self._static_for = None
        self._draw(moved=False)

    def _draw(self, *, pieces: bool = True, moved: bool = True) -> None:
        """Draw the pieces (``pieces``) and the highlights; ``moved``: show the move just
        played moving, if it was one (the motion goes first: it covers the pieces' new places
        before they are drawn there)."""
        s = self.session
        layout = s.layout
        if self.surface.resize(layout.height):  # a hand of many orders makes the mine taller
            self._static_for = None
        shape = (s.state.players, layout.height, layout.featured, layout.sections)
        static: Painter | None = None
        if self._static_for != shape:
            static = Painter()
            draw_static(layout, static)
            self._static_ops = static.ops
        drawing: Painter | None = None
        if pieces:
            drawing = Painter()
            draw_pieces(s.state, layout, drawing, s.viewer)
            self._move(drawing, moved)
        with self.surface.batch():
            if static is not None:
                self.surface.paint(STATIC, static)
                self._static_for = shape
            if drawing is not None:
                self.surface.paint(PIECES, drawing)
            marks = Painter()
            targets = s.legal_targets()
            draw_highlights(layout, marks, targets, s.pending)
            if self._cursor is not None and self._cursor in self._key_targets():
                draw_focus(layout, marks, self._cursor)
            draw_reveals(layout, marks, s.revealed)
            if self._steps:
                draw_announcement(
                    layout, marks, self._steps[self._step], self._step, len(self._steps)
                )
            elif self._hovered is not None and layout.has(self._hovered):
                avoid = [
                    box
                    for name, box in layout.clickable
                    if name in targets and name != self._hovered
                ]
                draw_tooltip(layout, marks, self._hovered, s.describe(self._hovered), avoid)
            self.surface.paint(HIGHLIGHTS, marks)
        self._texts()

    def _move(self, drawing: Painter, moved: bool) -> None:
        """Keep the picture just drawn; if it shows the move just played, send its motion."""
        if not self.motion.value:  # the setting is off: nothing to keep
            self._frame = None
            return
        s = self.session
        frame = Frame.of(s.state, s.layout, self._static_ops + drawing.ops)
        before, self._frame = self._frame, frame
        version, events = s.last_played
        if not (moved and before is not None and version == s.version):
            return
        parts = plan(before, frame, events, s.state)
        motion = message(
            parts,
            s.layout.width,
            s.layout.height,
            ids=f"{self.motion_player.surface}-{self.motion_player.sent}",
        )
        if motion is not None:
            self.motion_player.play(motion)

    def _texts(self) -> None:
        s = self.session
        self._show_table()
        status = html.escape(s.status())
        if s.show_codes:  # the codes of the things selected so far, small and grey
            status = CODE_IN_BRACKETS.sub(
                r"<span style='color:#6e6e6e;font-weight:normal'>\g<0></span>", status
            )
        self.status.value = f"<div style='line-height:20px'><b>{status}</b></div>"
        # nothing left for bots to do once the game is over
        self.bots_running.layout.display = "none" if s.state.is_over else SHOWN
        self.mode.value = self._mode_html()
        since = say("msg.since", what=s.since) if s.since else ""
        answer = message_html(s.message, s.message_rules, since)
        if s.codes:  # Show codes: the notation after the sentence, small and grey
            shown = html.escape(f"({s.codes})")
            at = answer.rfind(shown)
            if at >= 0:
                answer = (
                    f"{answer[:at]}<span class='gluckauf-codes' style='color:#6e6e6e'>"
                    f"{shown}</span>{answer[at + len(shown) :]}"
                )
        self.message.value = f"<div style='line-height:18px'>{answer}</div>"
        self.move_log.value = "<br>".join(html.escape(line) for line in s.log[-60:][::-1])
        panels = [report_html(r, s.state.names) for r in s.reports]  # folded: one per shift
        if s.state.is_over:
            panels.append(final_html(s.state))
            panels.append(self._stats_html())
        self.scoring.value = "".join(panels)
        self._describe()
        self._offer_typed()

    def _stats_html(self) -> str:
        """The finished game's statistics (counted once per game end, not at every message)."""
        key = (id(self.session.state), len(self.session.state.history))
        if self._stats_for != key:
            self._stats_for, self._stats = key, stats_html(self.session.state)
        return self._stats

    def _mode_html(self) -> str:
        """Which undo this board has, in a few words; the details on hovering."""
        s = self.session
        key = "mode.fair" if s.undo_mode == FAIR else "mode.free"
        face_down = say("mode.face_down") if s.state.face_down else ""
        mode, _, rest = say(key).partition(":")  # "Fair play: undo stops …": the mode in bold
        return (
            f'<span title="{html.escape(say(key + "_tip"))}" style="font-size:13px">'
            f"<b>{html.escape(mode)}</b>{html.escape(_ + rest)}{html.escape(face_down)}"
            "</span>"
        )

    # --- events ----------------------------------------------------------------------------
    @reported
    def _on_change(self, change: Any) -> None:
        if change["name"] in ("message", "since"):
            self._speak_news(change)
            self._texts()
            return
        if change["name"] == "version":  # what the mouse pointed at may have changed: the
            self._hovered = None  # next mouse move says it again, never a stale hover
            self._announce_news()
        # a new selection redraws the highlights only
        self._draw(pieces=change["name"] == "version")

    # --- announcements ------------------------------------------------------------------------
    def _announce_news(self) -> None:
        """A shift scored or the game ended since the last look: tell it step by step. A new
        or loaded game starts with nothing to tell; undoing past a scoring drops its card."""
        s = self.session
        state_id, seen, was_over = self._told_for
        reports = s.reports
        if state_id != id(s.state) or len(reports) < seen or (was_over and not s.state.is_over):
            self._steps, self._step = [], 0
        else:
            steps: list[Step] = []
            for report in reports[seen:]:
                steps += shift_steps(report, s.state.names)
            if steps:
                last = steps[-1]
                steps[-1] = Step(last.title, (*last.lines, scores_line(s.state)), last.segment)
            if s.state.is_over and not was_over:
                steps += end_steps(s.state)
            if steps:
                told = bool(self._steps)
                self._steps, self._step = self._steps[self._step :] + steps, 0
                if not told:  # a screen reader hears the card that now covers the board
                    self.speak(self._card_words())
        self._told_for = (id(s.state), len(reports), s.state.is_over)

    def _announcement_click(self, x: float, y: float) -> None:
        """A click while an announcement is shown: Next ▸, Continue, or a word to read it."""
        lines = self._card_lines()
        boxes = announcement_boxes(self.session.layout, lines)
        more = self._step + 1 < len(self._steps)
        if more and boxes["next"].contains(x, y):
            self._announcement_step(done=False)
        elif boxes["done"].contains(x, y):
            self._announcement_step(done=True)
        else:
            self.session.tell("announce.wait")

    def _announcement_step(self, *, done: bool) -> None:
        """The next card of the scoring told (Next ▸), or, after the last or when ``done``, the
        board again (Continue); a screen reader hears the new card."""
        if not done and self._step + 1 < len(self._steps):
            self._step += 1
            self.speak(self._card_words())
        else:
            self._steps, self._step = [], 0
            self.speak(self.session.status())
            self._schedule_bots()
        self._draw(pieces=False)

    def _card_words(self) -> str:
        step = self._steps[self._step]
        return " ".join((step.title, *step.lines))

    def _card_lines(self) -> int:
        """How many lines the current card takes (as :func:`draw_announcement` wraps them)."""
        return len(card_lines(self.session.layout, self._steps[self._step]))

    # --- keyboard and screen reader ---------------------------------------------------------
    def _key_targets(self) -> dict[str, Box]:
        """What the keyboard cursor may stand on: the targets a click could use now, and what
        is already selected (to unselect it), each with its first box."""
        s = self.session
        wanted = s.legal_targets() | set(s.pending)
        boxes: dict[str, Box] = {}
        for name, box in s.layout.clickable:
            if name in wanted:
                boxes.setdefault(name, box)
        return boxes

    def speak(self, text: str) -> None:
        """Say ``text`` to a screen reader (the live region), once, even if said before."""
        text = text.strip()
        if self.live.value == html.escape(text):  # the same words again: still said again
            text += "\u200b"
        self.live.value = html.escape(text)

    def _speak_news(self, change: Any) -> None:
        """A new answer, or a bot's move added to "Since your move", for a screen reader;
        when the bots are done, whose turn it is too."""
        s = self.session
        if change["name"] == "message":
            news = s.message
        else:
            old, new = change["old"] or "", change["new"] or ""
            news = new[len(old) :] if new.startswith(old) else new
            if not news.strip():
                return
            if not s.is_bot_turn:
                news = f"{news.strip()} {s.status()}"
        if news.strip():
            self.speak(news)

    @reported
    def _on_key(self, key: str) -> None:
        """A key on the board (widgets.keyboard): the arrows move the cursor among the targets
        and say where it stands; Enter or Space chooses; Escape drops a half-made move. While
        a scoring is told, Enter and Space go on (Next ▸, then Continue), Escape closes it."""
        if key not in KEYS:
            return
        if self._steps:
            if key in CHOOSE_KEYS or key in CANCEL_KEYS:
                self._announcement_step(done=key in CANCEL_KEYS)
            return
        if not self._allowed(MOVE):
            return
        s = self.session
        if key in CANCEL_KEYS:
            if s.pending:
                s.clear_selection()
                self.speak(say("access.cancelled"))
            return
        targets = self._key_targets()
        if not targets:
            self._cursor = None
            self.speak(s.status() if s.is_bot_turn or s.state.is_over else say("access.no_target"))
            return
        if key in CHOOSE_KEYS and self._cursor in targets:
            said = self.live.value
            s.click(self._cursor)
            answer = html.unescape(self.live.value) if self.live.value != said else ""
            after = self._key_targets()
            if self._cursor in s.pending:  # selected: on to the next thing to choose
                fresh = {n: b for n, b in after.items() if n not in s.pending}
                self._cursor = move(fresh, None, "Home") if fresh else self._cursor
                if self._cursor not in s.pending:
                    self._hovered = self._cursor
                    self.speak(f"{answer or s.status()} {s.describe(self._cursor)}")
            elif self._cursor not in after:
                self._cursor = None
            self._draw(pieces=False)
            self._schedule_bots()
            return
        first = self._cursor not in targets
        if first:  # start on what can be chosen, not on what is already selected
            targets = {n: b for n, b in targets.items() if n not in s.pending} or targets
        self._cursor = move(targets, self._cursor, key if key in MOVES else "Home")
        self._hovered = self._cursor  # its tooltip, as under the mouse
        words = s.describe(self._cursor)
        self.speak(f"{say('access.targets', n=len(targets))} {words}" if first else words)
        self._draw(pieces=False)

    @reported
    def _on_client_ready(self) -> None:
        # a new view (reload, Voilà, a second tab): every text again, in case a bot moved
        # while the page was not yet listening; then the picture, from the session
        resend_states(self)
        self.redraw()
        # and again a little later: the page may still be making the models of the other
        # widgets when the picture's view is ready, and drops an update for a model it has not
        # made yet (the status line kept "… is thinking" once in a while in Voilà)
        with contextlib.suppress(RuntimeError):  # outside an event loop: this once only
            loop = asyncio.get_running_loop()
            for delay in RESEND_AGAIN:
                loop.call_later(delay, self._resend_while_open)

    def _resend_while_open(self) -> None:
        if self.comm is not None:
            resend_states(self)

    @reported
    def _on_mouse_down(self, x: float, y: float) -> None:
        if self._steps:
            self._announcement_click(x, y)
            return
        if not self._allowed(MOVE):
            return
        self.session.click_at(x, y)
        self._schedule_bots()

    @reported
    def _on_mouse_move(self, x: float, y: float) -> None:
        """Say what the mouse points at (only when that changes: moves are frequent)."""
        if self._hover_from_elsewhere() or self._steps:
            return
        target = self.session.layout.hit(x, y)
        if target != self._hovered:
            self._hovered = target
            self._draw(pieces=False)

    @reported
    def _on_mouse_out(self, x: float, y: float) -> None:
        if self._hovered is not None and not self._hover_from_elsewhere():
            self._hovered = None
            self._draw(pieces=False)

    @reported
    def _on_bots_toggle(self, change: Any) -> None:
        if self._putting_back:
            return
        screen = sender()
        if self.table is not None and screen is not None:
            why = self.table.why_not(screen, BOTS, self.session.state)
            if why is not None:  # a screen without a seat: the button is put back
                self._putting_back = True
                try:
                    self.bots_running.value = change["old"]
                finally:
                    self._putting_back = False
                self.session.say(why)
                return
            name = self.session.state.names[self.table.seat_of(screen)]  # type: ignore[index]
            self.session.tell(
                "msg.bots_run_by" if change["new"] else "msg.bots_stopped_by", name=name
            )
        self.bots_running.description = say(
            "button.bots_stop" if change["new"] else "button.bots_go"
        )
        if not change["new"]:
            self.bot_turns.cancel()  # "Stop bots": a thought under way plays no move
        self._schedule_bots()

    # --- bots ------------------------------------------------------------------------------
    def _schedule_bots(self) -> None:
        """Let the bot to act (if any, and bots are running) think and move (widgets.botturns:
        it thinks while the delay runs, and its move is dropped if the game moved on)."""
        self.bot_turns.schedule()
