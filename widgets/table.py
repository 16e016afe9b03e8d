"""One game, several screens: who sits where when two learners' browsers show the same board.

With real-time collaboration (jupyter-collaboration), browsers that open the same notebook on
one Jupyter server share its kernel, so they show the same :class:`~widgets.board.BoardWidget`
and every move appears on both. What the board cannot see by itself is *which* screen clicked:
:func:`sender` reads it from the kernel message being handled (its header's ``session``, one
per browser connection). A :class:`SharedTable` maps screens to seats: each screen claims a
human seat, and a move, a hint or an undo from a screen is made only for its own seat, in turn
(R-TURN-1). A screen without a seat only watches (it may sit down).

What changes the game for the whole table — New game, Start again, Load — happens only when
every seated screen agrees: the first press asks (every screen shows the request), each other
seated screen presses the same button to agree, and a second press by a screen that agreed
calls the request off. One seated player alone decides at once. Save and Stop/Run bots change
no position: any seated screen may. Code run in the notebook itself (no screen) may always.
The rules stay the engine's: this only decides *who* may ask.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, NamedTuple

from traitlets import Dict, HasTraits, Int

from gluckauf.core.state import GameState
from gluckauf.text import messages

from .labels import Message, message, say

#: What a screen may ask for: a move on the board, Undo, Redo, Hint (the seat to act, R-TURN-1);
#: Save, Stop/Run bots (any seated screen); New game, Start again, Load (the whole table).
MOVE, UNDO, REDO, HINT, SAVE, BOTS = "move", "undo", "redo", "hint", "save", "bots"
NEW, RESTART, LOAD = "new", "restart", "load"
TABLE_WIDE = (NEW, RESTART, LOAD)
#: The button each table-wide change is asked for with (its label's key).
BUTTONS = {NEW: "button.new", RESTART: "button.restart", LOAD: "button.load"}


class Request(NamedTuple):
    """A table-wide change asked for and not yet agreed by every seated screen: ``what``
    (NEW, RESTART, LOAD), ``details`` (New game's settings, Load's file: agreement is to
    exactly these), ``words`` (the parameters of its description) and the screens that agree."""

    what: str
    details: Hashable
    words: tuple[tuple[str, Any], ...]
    agreed: frozenset[str]

    def describe(self) -> str:
        return say(f"ask.{self.what}", **dict(self.words))


def sender() -> str | None:
    """The browser connection whose message the kernel is handling now (JupyterLab's kernel
    connection id, one per browser tab), or None outside a kernel message."""
    try:
        from ipykernel.kernelbase import Kernel
    except ImportError:  # pragma: no cover - the widgets need ipykernel's Jupyter anyway
        return None
    if not Kernel.initialized():
        return None
    parent = Kernel.instance().get_parent() or {}
    return parent.get("header", {}).get("session") or None


class SharedTable(HasTraits):
    """The seats of one game shown on several screens. ``claims`` maps a seat to the screen
    (see :func:`sender`) sitting there; ``version`` changes with it."""

    claims = Dict()
    version = Int(0)

    def __init__(self) -> None:
        super().__init__()
        self._takeover: tuple[int, str] | None = None  # a taken seat asked for once
        self.request: Request | None = None  # a table-wide change waiting for agreement

    def seat_of(self, screen: str | None) -> int | None:
        return next((seat for seat, who in self.claims.items() if who == screen), None)

    def holder(self, seat: int) -> str | None:
        return self.claims.get(seat)

    def claim(self, seat: int, screen: str | None, names: list[str]) -> str:
        """``screen`` asks for ``seat``: it sits there (leaving its old seat) if the seat is
        free; its own seat is freed again; a seat another screen holds is taken over on the
        second ask in a row (a reloaded page is a new screen). Returns what to tell the table."""
        name = names[seat]
        holder = self.holder(seat)
        if screen is None:
            return say("msg.table_no_screen")
        if holder is not None and holder != screen and self._takeover != (seat, screen):
            self._takeover = (seat, screen)
            return say("msg.table_taken", name=name)
        dropped = self.request
        if holder == screen:
            self._set({s: who for s, who in self.claims.items() if s != seat})
            said = say("msg.table_released", name=name)
        else:
            claims = {s: who for s, who in self.claims.items() if who != screen}
            claims[seat] = screen
            self._set(claims)
            said = say("msg.table_claimed", name=name)
        if dropped is not None:  # the seats changed: whoever sits now agrees afresh
            said += " " + say("msg.table_request_dropped", what=dropped.describe())
        return said

    def keep(self, seats: set[int]) -> None:
        """Only these seats can be sat at now (the human seats of a new or loaded game)."""
        kept = {seat: who for seat, who in self.claims.items() if seat in seats}
        if kept != self.claims:
            self._set(kept)

    def why_not(
        self,
        screen: str | None,
        what: str,
        state: GameState,
        undo_seat: int | None = None,
        *,
        bot_turn: bool = False,
    ) -> Message | None:
        """Why ``screen`` may not ask for ``what`` (MOVE, UNDO, REDO, HINT, SAVE, BOTS) now
        (None: it may). Code run in the notebook itself (no screen) may always; a screen
        without a seat never. Save and the bots: any seated screen. A move, a hint or a redo:
        the seat to act — any seated screen in a bot's turn or once the game is over (the
        session then says so itself). ``undo_seat``: whose decision Undo would take back."""
        if screen is None:
            return None
        seat = self.seat_of(screen)
        if seat is None:
            return message("msg.table_no_seat")
        if what in TABLE_WIDE:
            raise ValueError(f"{what!r} is asked for the whole table: use SharedTable.ask")
        mine = state.names[seat]
        if what in (SAVE, BOTS):
            return None
        if what == UNDO:
            if undo_seat is None or undo_seat == seat:
                return None
            return message("msg.table_not_your_undo", name=state.names[undo_seat], other=mine)
        if bot_turn or state.is_over or state.current == seat:
            return None
        return message("msg.table_not_your_turn", name=state.names[state.current], other=mine)

    def ask(self, screen: str | None, what: str, names: list[str], details: Hashable = (),
            **words: Any) -> str | None:  # fmt: skip
        """``screen`` presses the button of a table-wide change (NEW, RESTART, LOAD) with
        ``details`` (what exactly: agreement is to these; ``words`` describe them). None: it
        happens now — the notebook's own code, or every seated screen agrees with this press.
        Else what to tell the table: the request as it stands, that it was called off (a
        second press of a screen that agreed), or that a screen without a seat cannot ask."""
        if what not in TABLE_WIDE:
            raise ValueError(f"{what!r} is not a table-wide change: use SharedTable.why_not")
        if screen is None:
            self._settle(None)
            return None
        seat = self.seat_of(screen)
        if seat is None:
            return say("msg.table_no_seat")
        name = names[seat]
        asked = self.request
        if asked is not None and (asked.what, asked.details) == (what, details):
            if screen in asked.agreed:
                self._settle(None)
                return say("msg.table_called_off", name=name, what=asked.describe())
            request = asked._replace(agreed=asked.agreed | {screen})
        else:
            request = Request(what, details, tuple(sorted(words.items())), frozenset({screen}))
        waiting = self.waiting_for(request, names)
        if not waiting:
            self._settle(None)
            return None
        self._settle(request)
        button = say(BUTTONS[what])
        if request.agreed == {screen}:
            said = say(
                "msg.table_asked",
                name=name,
                what=request.describe(),
                waiting=_joined(waiting),
                button=button,
            )
            if asked is None:
                return said
            return say("msg.table_instead", what=asked.describe()) + " " + said
        return say(
            "msg.table_agreed",
            name=name,
            what=request.describe(),
            waiting=_joined(waiting),
            button=button,
        )

    def waiting_for(self, request: Request, names: list[str]) -> list[str]:
        """The players whose screens have not agreed to ``request`` yet (in seat order)."""
        return [
            names[seat]
            for seat, who in sorted(self.claims.items())
            if who not in request.agreed and seat < len(names)
        ]

    def request_line(self, names: list[str]) -> str:
        """The request waiting for agreement, in words for every screen ("" if none)."""
        request = self.request
        if request is None:
            return ""
        agreed = [
            names[seat]
            for seat, who in sorted(self.claims.items())
            if who in request.agreed and seat < len(names)
        ]
        return say(
            "label.table_request",
            what=request.describe(),
            agreed=_joined(agreed),
            waiting=_joined(self.waiting_for(request, names)),
            button=say(BUTTONS[request.what]),
        )

    def _settle(self, request: Request | None) -> None:
        """The request waiting now (None: none) — shown on every screen."""
        if request != self.request:
            self.request = request
            self.version += 1

    def _set(self, claims: dict[int, str]) -> None:
        """New seats; a request waiting is dropped (the table that agrees has changed)."""
        self._takeover = None
        self.request = None
        self.claims = claims
        self.version += 1


class FixedSeats(HasTraits):
    """The seats of a class's table (:mod:`widgets.classtable`): the hub says who each screen
    is, so this screen's seat is fixed (None: the teacher, watching). The same questions as
    :class:`SharedTable`, with the class service as the final judge of every move."""

    version = Int(0)  # the board observes it; the seats of a class's table never change

    def __init__(self, number: int, seat: int | None) -> None:
        super().__init__()
        self.number, self.seat = number, seat

    def seat_of(self, screen: str | None) -> int | None:
        return self.seat

    def ask(self, screen: str | None, what: str, names: list[str], details: Hashable = (),
            **words: Any) -> str | None:  # fmt: skip
        return say("msg.class_table_dealt")

    def why_not(
        self,
        screen: str | None,
        what: str,
        state: GameState,
        undo_seat: int | None = None,
        *,
        bot_turn: bool = False,
    ) -> Message | None:
        """Why this screen may not ask for ``what`` now: only for its own seat, in turn
        (R-TURN-1); the teacher watching asks for nothing."""
        seat = self.seat
        if seat is None:
            return message("msg.class_table_watching")
        if what in (SAVE, BOTS) or state.is_over:
            return None
        if what == UNDO:
            if undo_seat is None or undo_seat == seat:
                return None
            return message("msg.class_table_not_your_undo", name=state.names[undo_seat])
        if state.current == seat:
            return None
        return message("msg.class_table_not_your_turn", name=state.names[state.current])

    def seat_line(self, names: list[str]) -> str:
        """Who sits at this table, from this screen's point of view."""
        if self.seat is None:
            return say("label.class_table_watch", number=self.number, names=_joined(names))
        others = [name for seat, name in enumerate(names) if seat != self.seat]
        return say(
            "label.class_table", number=self.number, name=names[self.seat], others=_joined(others)
        )


def _joined(names: list[str]) -> str:
    """Names as a list in words: "Ada", "Ada and Bea", "Ada, Bea and Cyd"."""
    if len(names) < 2:
        return "".join(names)
    return ", ".join(names[:-1]) + messages.say("word.and") + names[-1]
