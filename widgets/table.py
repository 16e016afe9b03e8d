"""One game, several screens: who sits where when two learners' browsers show the same board.

With real-time collaboration (jupyter-collaboration), browsers that open the same notebook on
one Jupyter server share its kernel, so they show the same :class:`~widgets.board.BoardWidget`
and every move appears on both. What the board cannot see by itself is *which* screen clicked:
:func:`sender` reads it from the kernel message being handled (its header's ``session``, one
per browser connection). A :class:`SharedTable` maps screens to seats: each screen claims a
human seat, and a move, a hint or an undo from a screen is made only for its own seat, in turn
(R-TURN-1). The rules stay the engine's: this only decides *who* may ask.
"""

from __future__ import annotations

from traitlets import Dict, HasTraits, Int

from gluckauf.state import GameState

from .texts import t

#: What a screen may ask for: a move on the board, Undo, Redo, Hint, or the table's settings
#: (New game, Load).
MOVE, UNDO, REDO, HINT, SETUP = "move", "undo", "redo", "hint", "setup"


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
            return t("msg.table_no_screen")
        if holder == screen:
            self._set({s: who for s, who in self.claims.items() if s != seat})
            return t("msg.table_released", name=name)
        if holder is not None and self._takeover != (seat, screen):
            self._takeover = (seat, screen)
            return t("msg.table_taken", name=name)
        claims = {s: who for s, who in self.claims.items() if who != screen}
        claims[seat] = screen
        self._set(claims)
        return t("msg.table_claimed", name=name)

    def keep(self, seats: set[int]) -> None:
        """Only these seats can be sat at now (the human seats of a new or loaded game)."""
        kept = {seat: who for seat, who in self.claims.items() if seat in seats}
        if kept != self.claims:
            self._set(kept)

    def why_not(self, screen: str | None, what: str, state: GameState,
                undo_seat: int | None = None) -> str | None:  # fmt: skip
        """Why ``screen`` may not ask for ``what`` now (None: it may). Code run in the notebook
        itself (no screen) may always; so may any screen once the game is over (the session
        says so itself). ``undo_seat``: whose decision Undo would take back."""
        if screen is None or state.is_over:
            return None
        seat = self.seat_of(screen)
        if seat is None:
            return t("msg.table_no_seat")
        mine = state.names[seat]
        if what == SETUP:
            return None
        if what == UNDO:
            if undo_seat is None or undo_seat == seat:
                return None
            return t("msg.table_not_your_undo", name=state.names[undo_seat], other=mine)
        if state.current != seat:
            return t("msg.table_not_your_turn", name=state.names[state.current], other=mine)
        return None

    def _set(self, claims: dict[int, str]) -> None:
        self._takeover = None
        self.claims = claims
        self.version += 1
