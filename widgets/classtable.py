"""A seat at a class's table: one game, each learner at their own screen on a hub (issue 30).

The teacher seats learners at tables from the teacher's view; each learner opens
``notebooks/class_table.ipynb`` in their own server and runs it. :class:`ClassTableView` finds
the learner's table (waiting until the teacher has set it up) and shows its board, in the
table's language, with the learner's seat fixed by the hub. A move is played by the class
service first (:mod:`gluckauf.files.tableclient`: it checks the seat, the turn and the rules),
then on this board; the moves of the others come in as the service tells of them (a question
that waits, in the kernel's event loop). The teacher can watch any table the same way.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import weakref
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

import ipywidgets as w

from gluckauf.core.actions import Action, parse_action
from gluckauf.core.errors import IllegalActionError
from gluckauf.core.events import Event
from gluckauf.files.classtables import TableRefusal
from gluckauf.files.handin import HandInError, can_hand_in
from gluckauf.files.tableclient import WAIT, Seated, follow, my_table, send_move, send_undo
from gluckauf.text.i18n import get_language, set_language

from .board import PLAYER, BoardWidget
from .labels import WIDGETS
from .session import HUMAN, GameSession
from .table import FixedSeats

RETRY = 3.0  # seconds before asking the class service again after it did not answer

TEXT = WIDGETS.texts(
    "classtable",
    {
        "looking": "Looking for your table…",
        "waiting": "Your teacher has not seated you at a table yet. Keep this page open: your "
        "table appears here as soon as it is set up.",
        "no_class": "There is no class here: tables are set up by a teacher on a JupyterHub "
        "with the class service. To play with someone at one computer or on one server, open "
        "the notebook “Play together”.",
        "lost": "The class service does not answer ({why}). Trying again…",
        "new_table": "Your teacher seated you at a new table.",
        "refused": "The class service says no: {why}",
        "stopped": "This page stopped following the table ({error}). Run the cell again.",
    },
)
#: The learner's own table view in this kernel: a cell run again replaces it (the old one
#: stops asking the class service).
_CURRENT: weakref.ReferenceType[ClassTableView] | None = None


class Refused(Exception):
    """The class service refused for good (not "no answer"): asking again will not help."""


class TableSession(GameSession):
    """The game of one table, as one screen sees it: its own moves go to the class service
    before they are played here; the others' come from the service (:meth:`catch_up`)."""

    def __init__(self, seated: Seated, **where: Any) -> None:
        self.seated, self.where = seated, where
        self.sent = 0  # moves and undos this screen has sent: an answer older is stale
        self._from_table = False
        table = seated.table
        state = table.state()
        super().__init__(state, seats=[HUMAN] * state.players, seed=state.seed or 0,
                         own_seat=seated.seat)  # fmt: skip

    @property
    def number(self) -> int:
        return self.seated.table.number

    @property
    def viewer(self) -> int | None:
        """Each player sees only what their own player may (gluckauf.core.hidden): at a class's
        table every screen is one player's. The teacher watching sees everything."""
        return self.seated.seat

    @contextlib.contextmanager
    def _as_told(self) -> Iterator[None]:
        self._from_table = True
        try:
            yield
        finally:
            self._from_table = False

    def _ask(self, send: Callable[..., Seated]) -> bool:
        """Send this screen's move or undo; False (said why) if the service did not take it."""
        self.sent += 1
        try:
            self.seated = send(self.number, self.seated.table.changes, **self.where)
            return True
        except TableRefusal as refusal:
            if not refusal.behind:
                self.tell("msg.class_table_refused", why=refusal)
                return False
        except HandInError as error:
            self._not_answered(error)
            return False
        try:  # the table changed since this screen looked: show it as it is now
            self.catch_up(follow(self.number, -1, wait=0, **self.where))
            self.tell("msg.class_table_caught_up")
        except HandInError as error:
            self._not_answered(error)
        return False

    def _not_answered(self, error: HandInError) -> None:
        key = "msg.class_table_refused" if error.status else "msg.class_table_unreachable"
        self.tell(key, why=error)

    def play(self, action: Action | str, *, keep_redo: bool = False) -> list[Event]:
        if self._from_table:
            return super().play(action, keep_redo=keep_redo)
        if isinstance(action, str):
            action = parse_action(action, self.state)
        refusal = self.state.why_not(action)
        if refusal is not None:  # the engine's refusal first, as on any board
            raise IllegalActionError(action, refusal)
        if not self._ask(partial(send_move, move=str(action))):
            return []
        with self._as_told():
            events = super().play(action, keep_redo=keep_redo)
        self.catch_up(self.seated)  # the same game: nothing to do, unless the service differs
        return events

    def undo(self) -> Action | None:
        if self.pending or not self.state.can_undo:
            return super().undo()  # a selection cleared, or nothing to take back (said)
        if not self._ask(send_undo):
            return None
        with self._as_told():
            action = super().undo()
        self.catch_up(self.seated)
        return action

    def catch_up(self, seated: Seated) -> bool:
        """Show the table as the service told it: the others' moves played on (each said),
        a move taken back, or the game as it is if this screen cannot follow it. True if the
        board changed."""
        self.seated = seated
        mine = [str(action) for action in self.state.history]
        theirs = list(seated.table.record["actions"])
        if theirs == mine:
            return False
        with self._as_told():
            if theirs[: len(mine)] == mine:
                for move in theirs[len(mine) :]:
                    self.play(move)
            elif mine[: len(theirs)] == theirs:
                name = self.state.names[self._after_undo().current]
                while len(self.state.history) > len(theirs):
                    self._undo_one()
                self.redo_stack, self.revealed = [], []
                self._refresh()
                self.tell("msg.class_table_taken_back", name=name)
            else:
                self._start(seated.table.state(), self.seats, self._seed)
                self.tell("msg.class_table_caught_up")
        return True


class ClassTableView(w.VBox):
    """This learner's table (or, with ``watch``, table number ``watch`` for the teacher),
    once the teacher has set it up; it follows the game until the view is closed."""

    def __init__(self, *, watch: int | None = None, wide: bool = False,
                 wait: float | None = None, **where: Any) -> None:  # fmt: skip
        self.where, self.watch, self.wide = where, watch, wide
        self.wait = WAIT if wait is None else wait  # seconds each question to the service waits
        self.note = w.HTML(_p(TEXT.say("looking")))
        self.board: BoardWidget | None = None
        self.task: asyncio.Task[None] | None = None
        super().__init__([self.note])
        self.add_class("gluckauf-class-table")
        if watch is None and not where and not can_hand_in():
            self.note.value = _p(TEXT.say("no_class"))
            return
        if watch is None:  # the cell run again: the view before stops
            global _CURRENT
            before = _CURRENT() if _CURRENT is not None else None
            if before is not None:
                before.close()
            _CURRENT = weakref.ref(self)
        with contextlib.suppress(RuntimeError):  # no event loop: nothing follows
            self.task = asyncio.get_event_loop().create_task(self._run())
            self.task.add_done_callback(self._ended)

    @property
    def session(self) -> TableSession | None:
        return self.board.session if self.board is not None else None  # type: ignore[return-value]

    async def _ask(self, call: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """``call`` in a worker thread (it waits on the network), until the service answers;
        a refusal (a table that is not there, not this learner's) ends the following."""
        loop = asyncio.get_running_loop()
        while True:
            try:
                return await loop.run_in_executor(None, partial(call, *args, **kwargs))
            except HandInError as error:
                if error.status is not None and error.status < 500:
                    self.note.value = _p(TEXT.say("refused", why=error))
                    raise Refused from None
                self.note.value = _p(TEXT.say("lost", why=error))
                await asyncio.sleep(RETRY)

    def _ended(self, task: asyncio.Task[None]) -> None:
        """The following ended: closed or refused (said already), or broken (said here)."""
        error = None if task.cancelled() else task.exception()
        if error is not None and not isinstance(error, Refused):
            self.note.value = _p(TEXT.say("stopped", error=repr(error)))

    async def _run(self) -> None:
        seated = await self._find()
        self.show(seated)
        while self.comm is not None:  # until the view is closed
            session = self.session
            if session is None:
                return
            sent, seen = session.sent, session.seated.table.changes
            seated = await self._ask(follow, session.number, seen, self.wait, **self.where)
            if session.sent != sent or self.session is not session:
                continue  # this screen moved meanwhile: the answer is older than the board
            if seated.seat is not None and seated.newest not in (None, session.number):
                self.show(await self._find())  # the teacher seated this learner anew
                self.note.value = _p(TEXT.say("new_table"))
                continue
            self.note.value = ""
            session.catch_up(seated)

    async def _find(self) -> Seated:
        if self.watch is not None:
            return await self._ask(follow, self.watch, -1, 0, **self.where)
        wait = 0.0  # the first answer at once: "not seated yet" is news for the learner
        while True:
            seated = await self._ask(my_table, wait, **self.where)
            if seated is not None:
                return seated
            self.note.value = _p(TEXT.say("waiting"))
            wait = self.wait

    def show(self, seated: Seated) -> BoardWidget:
        """The board of ``seated``'s table, in the table's language (for its players: the
        teacher watching keeps their own)."""
        if seated.seat is not None and seated.table.language != get_language():
            set_language(seated.table.language)
        session = TableSession(seated, **self.where)
        if self.board is not None:
            self.board.close()
        self.board = BoardWidget(
            session,
            controls=PLAYER,
            table=FixedSeats(seated.table.number, seated.seat),
            wide=self.wide,
        )
        self.note.value = ""
        self.children = [self.note, self.board]
        return self.board

    def close(self) -> None:
        if self.task is not None:
            self.task.cancel()
        if self.board is not None:
            self.board.close()
        super().close()


def _p(text: str) -> str:
    return f"<p>{html.escape(text)}</p>" if text else ""


__all__ = ["ClassTableView", "TableSession"]
