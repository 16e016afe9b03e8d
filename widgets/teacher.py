"""The teacher's view of a class (issue 30): progress, handed-in games, a class tournament.

``TeacherView(folder)`` (``notebooks/teacher.ipynb``, also a Voilà dashboard) shows what the
learners handed in, copied into ``folder`` (:mod:`gluckauf.files.classfolder`). On a hub with
the class service it collects first (:func:`gluckauf.files.handin.collect`, with the teacher's
own hub token), and again every :data:`REFRESH` seconds while "Refresh by itself" is on; off a
hub it reads the folder as it is (e.g. the sample class).

- **Progress:** the grid of learners × lessons (exercises right of those tried, each cell's
  exercises on hover), the exercises answered wrong most often with the wrong answers, and who
  seems stuck now (:mod:`gluckauf.analysis.classroom`).
- **Games:** every game handed in; open one in the review widget, or replay it on the big
  screen (the board at its start: Redo plays it move by move).
- **Tournament:** the learners' bots and the built-in ones against one field, with a
  leaderboard that fills in as games end (:mod:`gluckauf.analysis.classtournament`).

It shows what the engine and the analysis say; every callback's problem is a message.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import os
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from gluckauf.analysis.classroom import ClassProgress, read_class, sample_class
from gluckauf.analysis.classtournament import ClassTournament, class_tournament, read_learner_bots
from gluckauf.bots.sandbox import Limits
from gluckauf.core.errors import FormatError, GameError
from gluckauf.files.classfolder import ClassFolder, HandedInGame
from gluckauf.files.handin import HandInError, can_hand_in, collect
from gluckauf.files.records import replay
from gluckauf.files.tableclient import class_tables, set_up_tables
from gluckauf.text.i18n import LANGUAGES, get_language, say_number

from .labels import WIDGETS
from .reporting import reporting
from .tutorial.exercises import exercise_title

if TYPE_CHECKING:
    from .board import BoardWidget

REFRESH = 20.0  # seconds between refreshes while "Refresh by itself" is on
CELL = "padding:2px 8px;border-bottom:1px solid #ddd;text-align:center"
COLOURS = {"done": "#d9f0e1", "trying": "#fdebc8", "stuck": "#f8d4d0", "none": "#ffffff"}

TEXT = WIDGETS.texts(
    "teacher",
    {
        "refresh": "Refresh now",
        "auto": "Refresh by itself (every {seconds} s)",
        "collected": "Collected from the class service at {time}: {copied} new or changed files.",
        "local": "Read at {time} from {folder} (no class service here: the folder as it is).",
        "local_sample": "Read at {time}: the sample class (no class service here).",
        "collect_failed": "Could not collect at {time}: {why}. Showing the folder as it is.",
        "tab.progress": "Progress",
        "tab.games": "Games",
        "tab.tournament": "Tournament",
        "learner": "Learner",
        "lesson": "L{lesson}",
        "lesson_title": "Lesson {lesson}",
        "cell": "{right}/{tried}",
        "key": "Each cell: exercises answered right / exercises tried. Green: all right; "
        "yellow: some not yet; red: stuck now.",
        "no_learners": "Nobody has handed anything in yet.",
        "hardest": "Answered wrong most often",
        "hard": "Lesson {lesson} · {exercise} — wrong answers: {wrong}; right in the end: "
        "{solved} of {learners} learners. Given most: {answers}",
        "nothing_hard": "No wrong answers yet.",
        "stuck": "Stuck now",
        "stuck_line": "{learner}: lesson {lesson} · {exercise} — {tries} tries, none right, the "
        "last at {at}",
        "nobody_stuck": "Nobody seems stuck now.",
        "unreadable": "Files that could not be read: {files}",
        "no_games": "No games handed in yet.",
        "game": "{learner} · {at}",
        "review": "Review",
        "replay": "Replay on the big screen",
        "replay_how": "The game at its start: press Redo to play it move by move.",
        "reviewing": "Reviewing {learner}'s game (the greedy bot ranks every placement)…",
        "bad_game": "This game cannot be opened: {why}",
        "games": "Games per bot",
        "players": "Players",
        "field": "Against",
        "run": "Run the tournament",
        "running": "Playing… {games} games so far.",
        "no_bots": "No bots handed in yet: the built-in bots play alone.",
        "rank": "#",
        "bot": "Bot",
        "win_rate": "Win rate",
        "interval": "95% interval",
        "score": "Mean score",
        "forfeits": "Lost by failing",
        "builtin": "{name} (built in)",
        "done": "{games} games in {seconds} s ({rate} games a minute).",
        "tab.tables": "Tables",
        "tables_off_hub": "Tables are played on a JupyterHub with the class service: each "
        "learner at their own screen. Here there is none.",
        "tables_how": "Learners open “Play at your class table” and wait there; set up their "
        "tables here, and each learner's page shows their board at once.",
        "waiting": "Waiting for a table: {names}",
        "nobody_waiting": "Nobody is waiting for a table.",
        "groups": "Tables to set up, one per line (2 to 4 learners each):",
        "groups_hint": "ada, bea\ncy, dan, eve",
        "pair": "Seat those waiting in pairs",
        "table_language": "Language",
        "set_up": "Set up these tables",
        "set_up_done": "Set up: table {numbers}. The learners' pages show their boards now.",
        "set_up_failed": "No table was set up: {why}",
        "no_groups": "Write the tables first: one line per table, the learners' hub names "
        "separated by commas.",
        "no_tables": "No tables yet.",
        "table": "Table",
        "table_number": "Table {number}",
        "table_players": "Players",
        "moves": "Moves",
        "turn": "To play",
        "over": "Over: {winners} won",
        "watch": "Watch on the big screen",
        "tables_failed": "Could not ask the class service about the tables: {why}",
        "error": "Something went wrong ({error}); nothing was changed.",
    },
)


def say(key: str, **params: Any) -> str:
    return TEXT.say(key, **params)


def _esc(text: object) -> str:
    return html.escape(str(text))


def _say_error(view: TeacherView, error: str) -> None:
    view.status.value = f"<p style='color:#b3261e'>{_esc(say('error', error=error))}</p>"


reported = reporting(_say_error)


# --- the pictures (pure functions of the data: tested without a browser) ---------------------
def grid_html(found: ClassProgress, now: float | None = None) -> str:
    """Learners × lessons: exercises right / tried, coloured; a cell's exercises on hover."""
    if not found.learners:
        return f"<p>{_esc(say('no_learners'))}</p>"
    lessons = sorted({lesson for lesson, _exercise in found.exercises()})
    stuck = {(s.learner, s.lesson) for s in found.stuck(now)}
    heads = "".join(
        f"<th style='{CELL}' title='{_esc(say('lesson_title', lesson=n))}'>"
        f"{_esc(say('lesson', lesson=n))}</th>"
        for n in lessons
    )
    rows = []
    for name, progress in sorted(found.learners.items()):
        by_lesson = {row.lesson: row for row in progress.lessons()}
        exercises = progress.exercises()
        cells = []
        for lesson in lessons:
            row = by_lesson.get(lesson)
            if row is None:
                cells.append(f"<td style='{CELL}'>·</td>")
                continue
            state = ("stuck" if (name, lesson) in stuck
                     else "done" if row.right == row.tried else "trying")  # fmt: skip
            hover = "; ".join(
                f"{exercise_title(e.exercise)}: {'✔' if e.solved_at else '✘'} ({e.attempts})"
                for e in exercises
                if e.lesson == lesson
            )
            cells.append(
                f"<td style='{CELL};background:{COLOURS[state]}' title='{_esc(hover)}' "
                f"data-state='{state}'>{_esc(say('cell', right=row.right, tried=row.tried))}</td>"
            )
        rows.append(
            f"<tr><th style='{CELL};text-align:left'>{_esc(name)}</th>{''.join(cells)}</tr>"
        )
    head = f"<tr><th style='{CELL};text-align:left'>{_esc(say('learner'))}</th>{heads}</tr>"
    table = _table("gluckauf-class-grid", head + "".join(rows))
    return f"{table}<p style='font-size:12px'>{_esc(say('key'))}</p>"


def hardest_html(found: ClassProgress) -> str:
    items = [
        say("hard", lesson=h.lesson, exercise=exercise_title(h.exercise), wrong=h.wrong,
            solved=h.solved,
            learners=h.learners, answers=", ".join(f"{a} ({n}×)" for a, n in h.answers))
        for h in found.hardest()
    ]  # fmt: skip
    body = _list(items) if items else f"<p>{_esc(say('nothing_hard'))}</p>"
    return f"<h4>{_esc(say('hardest'))}</h4>{body}"


def stuck_html(found: ClassProgress, now: float | None = None) -> str:
    items = [
        say("stuck_line", learner=s.learner, lesson=s.lesson, exercise=exercise_title(s.exercise),
            tries=s.tries, at=s.last_at)
        for s in found.stuck(now)
    ]  # fmt: skip
    body = _list(items) if items else f"<p>{_esc(say('nobody_stuck'))}</p>"
    unreadable = (f"<p>{_esc(say('unreadable', files=', '.join(found.unreadable)))}</p>"
                  if found.unreadable else "")  # fmt: skip
    return f"<h4>{_esc(say('stuck'))}</h4>{body}{unreadable}"


def leaderboard_html(tournament: ClassTournament) -> str:
    """The class tournament's leaderboard so far."""
    keys = ("rank", "bot", "win_rate", "interval", "score", "forfeits")
    heads = "".join(f"<th style='{CELL}'>{_esc(say(key))}</th>" for key in keys)
    rows = []
    for rank, entry in enumerate(tournament.leaderboard(), start=1):
        name = entry.name if entry.learner else say("builtin", name=entry.name)
        win = entry.win
        cells = [str(rank), name, say_number(win.rate, ".0%"),
                 f"{say_number(win.low, '.0%')} – {say_number(win.high, '.0%')}",
                 say_number(entry.mean_score, ".1f"), str(entry.forfeits)]  # fmt: skip
        title = " · ".join(entry.details())
        rows.append(
            f"<tr title='{_esc(title)}'>"
            + "".join(f"<td style='{CELL}'>{_esc(c)}</td>" for c in cells)
            + "</tr>"
        )
    table = _table("gluckauf-leaderboard", f"<tr>{heads}</tr>" + "".join(rows))
    notes = [d for entry in tournament.leaderboard() for d in entry.details()[:1]]
    notes += [f"{name}: {why}" for name, why in sorted(tournament.left_out.items())]
    return table + (_list(notes) if notes else "")


def tables_html(tables: list[dict[str, Any]]) -> str:
    """The class's tables: who plays at each, how far the game is, whose turn or who won."""
    if not tables:
        return f"<p>{_esc(say('no_tables'))}</p>"
    keys = ("table", "table_players", "table_language", "moves", "turn")
    heads = "".join(f"<th style='{CELL}'>{_esc(say(key))}</th>" for key in keys)
    rows = []
    for t in tables:
        turn = say("over", winners=", ".join(t["winners"])) if t["turn"] is None else t["turn"]
        cells = [t["number"], ", ".join(t["learners"]), LANGUAGES.get(t["language"], "?"),
                 t["played"], turn]  # fmt: skip
        rows.append("<tr>" + "".join(f"<td style='{CELL}'>{_esc(c)}</td>" for c in cells) + "</tr>")
    return _table("gluckauf-tables", f"<tr>{heads}</tr>" + "".join(rows))


def pairs(names: list[str]) -> list[list[str]]:
    """Tables of two for ``names`` in order; an odd one out joins the last table (of three)."""
    groups = [list(names[i : i + 2]) for i in range(0, len(names), 2)]
    if len(groups) > 1 and len(groups[-1]) == 1:
        odd_one = groups.pop()
        groups[-1] += odd_one
    return [group for group in groups if len(group) > 1]


def groups_from_text(text: str) -> list[list[str]]:
    """The tables written one per line, names separated by commas (blank lines skipped)."""
    lines = (line.replace(";", ",") for line in text.splitlines())
    groups = [[name.strip() for name in line.split(",") if name.strip()] for line in lines]
    return [group for group in groups if group]


def _table(kind: str, rows: str) -> str:
    return f"<table class='{kind}' style='border-collapse:collapse'>{rows}</table>"


def _list(items: list[str]) -> str:
    return "<ul>" + "".join(f"<li>{_esc(item)}</li>" for item in items) + "</ul>"


# --- the widget -------------------------------------------------------------------------------
class TeacherView(w.VBox):
    """The teacher's view of the class whose handed-in files are (or will be) in ``folder``."""

    def __init__(self, folder: str | os.PathLike[str] = "class", *, url: str | None = None) -> None:
        self.folder = ClassFolder(folder)
        self.url = url
        self.found = ClassProgress({})
        self.status = w.HTML()
        refresh = w.Button(
            description=say("refresh"), icon="refresh", layout=w.Layout(width="auto")
        )
        refresh.on_click(lambda _b: self.refresh())
        self.auto = w.Checkbox(
            value=False, description=say("auto", seconds=int(REFRESH)), indent=False
        )
        self.auto.observe(self._on_auto, names="value")
        self._ticking: asyncio.Task[None] | None = None

        self.grid, self.hardest, self.stuck = w.HTML(), w.HTML(), w.HTML()
        progress = w.VBox([self.grid, self.hardest, self.stuck])

        self.game_list = w.Select(options=[], rows=8, layout=w.Layout(width="360px"))
        self.game_list.add_class("gluckauf-games")
        review = w.Button(description=say("review"), icon="search", layout=w.Layout(width="auto"))
        review.on_click(lambda _b: self.review())
        big = w.Button(description=say("replay"), icon="play", layout=w.Layout(width="auto"))
        big.on_click(lambda _b: self.replay())
        self.game_area = w.VBox()
        games = w.VBox([w.HBox([self.game_list, w.VBox([review, big])]), self.game_area])

        self.games_per_bot = w.BoundedIntText(value=12, min=1, max=1000, description=say("games"),
                                              style={"description_width": "initial"},
                                              layout=w.Layout(width="180px"))  # fmt: skip
        self.players = w.Dropdown(options=[2, 3, 4], value=3, description=say("players"),
                                  layout=w.Layout(width="160px"))  # fmt: skip
        self.field = w.Dropdown(
            options=["greedy", "random", "lesson"], value="greedy", description=say("field"),
            layout=w.Layout(width="200px"),
        )  # fmt: skip
        run = w.Button(description=say("run"), icon="trophy", layout=w.Layout(width="auto"))
        run.on_click(lambda _b: self.run_tournament())
        self.leaderboard = w.HTML()
        self.tournament: ClassTournament | None = None
        settings = w.HBox([self.games_per_bot, self.players, self.field, run],
                          layout=w.Layout(flex_flow="row wrap"))  # fmt: skip
        tournament = w.VBox([settings, self.leaderboard])

        self.tables_note, self.tables_list, self.waiting = w.HTML(), w.HTML(), w.HTML()
        self.waiting_names: list[str] = []
        self.groups = w.Textarea(placeholder=say("groups_hint"), rows=4,
                                 layout=w.Layout(width="360px"))  # fmt: skip
        self.groups.add_class("gluckauf-groups")
        pair = w.Button(description=say("pair"), icon="users", layout=w.Layout(width="auto"))
        pair.on_click(lambda _b: self.pair_waiting())
        self.table_language = w.Dropdown(
            options=[(name, code) for code, name in LANGUAGES.items()], value=get_language(),
            description=say("table_language"), layout=w.Layout(width="220px"),
        )  # fmt: skip
        set_up = w.Button(description=say("set_up"), icon="th-large", button_style="primary",
                          layout=w.Layout(width="auto"))  # fmt: skip
        set_up.on_click(lambda _b: self.set_up_tables())
        self.table_choice = w.Dropdown(options=[], layout=w.Layout(width="140px"))
        self.table_choice.add_class("gluckauf-table-choice")
        watch = w.Button(description=say("watch"), icon="eye", layout=w.Layout(width="auto"))
        watch.on_click(lambda _b: self.watch())
        self.table_area = w.VBox()
        self.on_hub = self.url is not None or can_hand_in()
        for control in (pair, set_up, watch, self.groups):
            control.disabled = not self.on_hub
        tables = w.VBox([
            w.HTML(f"<p>{_esc(say('tables_how' if self.on_hub else 'tables_off_hub'))}</p>"),
            self.waiting,
            w.HBox([w.VBox([w.Label(say("groups")), self.groups]),
                    w.VBox([pair, self.table_language, set_up])]),
            self.tables_note, self.tables_list,
            w.HBox([self.table_choice, watch]), self.table_area,
        ])  # fmt: skip

        self.tabs = w.Tab([progress, games, tournament, tables])
        for i, key in enumerate(("tab.progress", "tab.games", "tab.tournament", "tab.tables")):
            self.tabs.set_title(i, say(key))
        super().__init__([
            w.HBox([refresh, self.auto], layout=w.Layout(align_items="center")),
            self.status, self.tabs,
        ])  # fmt: skip
        self.add_class("gluckauf-teacher")
        self.refresh()

    # --- refreshing ---------------------------------------------------------------------------
    @reported
    def refresh(self) -> None:
        """Collect what is new (on a hub), read the folder, redraw every tab."""
        clock = time.strftime("%H:%M:%S")
        if self.url is not None or can_hand_in():
            try:
                report = collect(self.folder, url=self.url)
                said = say("collected", time=clock, copied=report.copied)
            except HandInError as error:
                said = say("collect_failed", time=clock, why=error)
        elif self.folder.path == sample_class():
            said = say("local_sample", time=clock)
        else:
            said = say("local", time=clock, folder=self.folder.path)
        self.status.value = f"<p style='font-size:12px'>{_esc(said)}</p>"
        self.found = read_class(self.folder.path)
        self.grid.value = grid_html(self.found)
        self.hardest.value = hardest_html(self.found)
        self.stuck.value = stuck_html(self.found)
        games = self.folder.games()
        chosen = self.game_list.value
        self.game_list.options = [(say("game", learner=g.learner, at=g.at), g) for g in games] or [
            (say("no_games"), None)
        ]
        if games:
            self.game_list.value = chosen if chosen in games else games[0]
        if self.on_hub:
            self.show_tables()

    # --- tables -------------------------------------------------------------------------------
    def show_tables(self) -> None:
        """The class's tables and who waits for one, as the class service says now."""
        try:
            answer = class_tables(url=self.url)
        except HandInError as error:
            self.tables_note.value = f"<p>{_esc(say('tables_failed', why=error))}</p>"
            return
        self.waiting_names = [str(name) for name in answer.get("waiting", [])]
        names = ", ".join(self.waiting_names)
        said = say("waiting", names=names) if names else say("nobody_waiting")
        self.waiting.value = f"<p>{_esc(said)}</p>"
        self.tables_list.value = tables_html(answer["tables"])
        numbers = [t["number"] for t in answer["tables"]]
        chosen = self.table_choice.value
        self.table_choice.options = [(say("table_number", number=n), n) for n in reversed(numbers)]
        if numbers:  # the one chosen before, else the newest
            self.table_choice.value = chosen if chosen in numbers else numbers[-1]

    @reported
    def pair_waiting(self) -> None:
        """Write the learners waiting now into tables of two (the teacher may still edit)."""
        self.show_tables()
        self.groups.value = "\n".join(", ".join(group) for group in pairs(self.waiting_names))

    @reported
    def set_up_tables(self) -> list[int]:
        """Set up the tables written in the box, in the language chosen."""
        groups = groups_from_text(self.groups.value)
        if not groups:
            self.tables_note.value = f"<p>{_esc(say('no_groups'))}</p>"
            return []
        try:
            numbers = set_up_tables(groups, self.table_language.value, url=self.url)
        except HandInError as error:
            self.tables_note.value = f"<p>{_esc(say('set_up_failed', why=error))}</p>"
            return []
        self.groups.value = ""
        self.show_tables()
        done = say("set_up_done", numbers=", ".join(str(n) for n in numbers))
        self.tables_note.value = f"<p>{_esc(done)}</p>"
        return numbers

    @reported
    def watch(self) -> None:
        """The chosen table on a board of its own, following the game."""
        from .classtable import ClassTableView

        number = self.table_choice.value
        if number is None:
            return
        for old in self.table_area.children:
            old.close()
        self.table_area.children = [ClassTableView(watch=number, wide=True, url=self.url)]

    def _on_auto(self, change: Any) -> None:
        if change["new"] and self._ticking is None:
            with contextlib.suppress(RuntimeError):  # no event loop: only "Refresh now"
                self._ticking = asyncio.get_event_loop().create_task(self._tick())
        elif not change["new"] and self._ticking is not None:
            self._ticking.cancel()
            self._ticking = None

    async def _tick(self) -> None:
        while True:
            await asyncio.sleep(REFRESH)
            self.refresh()

    # --- games --------------------------------------------------------------------------------
    def _chosen(self) -> tuple[HandedInGame, dict[str, Any]] | None:
        handed_in = self.game_list.value
        if handed_in is None:
            return None
        try:
            return handed_in, self.folder.game(handed_in)
        except (FormatError, GameError, OSError) as error:
            self.game_area.children = [w.HTML(f"<p>{_esc(say('bad_game', why=error))}</p>")]
            return None

    @reported
    def review(self) -> None:
        """The chosen game in the review widget (the greedy bot ranks every placement)."""
        from gluckauf.analysis.gamereview import review

        from .reviewer import ReviewWidget

        chosen = self._chosen()
        if chosen is None:
            return
        handed_in, record = chosen
        self.game_area.children = [
            w.HTML(f"<p>{_esc(say('reviewing', learner=handed_in.learner))}</p>")
        ]
        self.game_area.children = [ReviewWidget(review(record))]

    @reported
    def replay(self) -> BoardWidget | None:
        """The chosen game on a board of its own, at its start; Redo plays it on."""
        from .board import BoardWidget
        from .session import FREE, GameSession

        chosen = self._chosen()
        if chosen is None:
            return None
        _handed_in, record = chosen
        session = GameSession(replay(record), undo=FREE)
        session.rewind()
        board = BoardWidget(session, wide=True)
        self.game_area.children = [w.HTML(f"<p>{_esc(say('replay_how'))}</p>"), board]
        return board

    # --- the tournament -----------------------------------------------------------------------
    @reported
    def run_tournament(self) -> ClassTournament:
        """The class's bots and greedy against the chosen field; the leaderboard fills in."""
        sources, left_out = read_learner_bots(self.folder)
        if not sources:
            self.leaderboard.value = f"<p>{_esc(say('no_bots'))}</p>"

        def show(tournament: ClassTournament) -> None:
            running = say("running", games=tournament.games_played())
            self.leaderboard.value = f"<p>{_esc(running)}</p>" + leaderboard_html(tournament)

        self.tournament = class_tournament(
            sources, builtins=["greedy"], field_bots=[self.field.value],
            players=self.players.value, games=self.games_per_bot.value, limits=Limits(),
            left_out=left_out, progress=show,
        )  # fmt: skip
        t = self.tournament
        done = say("done", games=t.games_played(), seconds=say_number(t.wall_seconds, ".0f"),
                   rate=say_number(t.games_per_minute(), ".0f"))  # fmt: skip
        self.leaderboard.value = f"<p>{_esc(done)}</p>" + leaderboard_html(t)
        return t


def default_class_folder() -> Path:
    """On a hub with the class service: ``~/gluckauf-class`` (collect copies into it); else the
    kit's sample class, to try the view on."""
    return Path.home() / "gluckauf-class" if can_hand_in() else sample_class()


__all__ = [
    "REFRESH",
    "TeacherView",
    "default_class_folder",
    "grid_html",
    "groups_from_text",
    "hardest_html",
    "leaderboard_html",
    "pairs",
    "stuck_html",
    "tables_html",
]  # fmt: skip
