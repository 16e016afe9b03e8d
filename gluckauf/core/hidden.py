"""Hidden information: which events show what the decks hid, and what undo must not cross.

The order of the tile and order decks is hidden (R-SETUP-2, R-SETUP-4). Some decisions show
part of it: F★/O★ let the player look at the top five (R-TUNNEL-5, R-ORDER-2, seen by that
player only), taking a tile or an order refills its space from the deck (R-TUNNEL-4,
R-ORDER-1), and the last draft pick fills the order spaces from the deck (R-SETUP-4). What was
seen cannot be un-seen, so in a game against bots or other people undo must not go back past
such a decision (fair undo: what was seen stays seen); in a lesson, free undo is fine.

>>> from gluckauf import new_game
>>> state = new_game(2, seed=1)
>>> while state.phase == "draft":
...     events = state.apply(state.legal_actions()[0])
>>> [reveal.rule for reveal in reveals(events)]
['R-SETUP-4']
>>> state.last_reveal == len(state.history)
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, NamedTuple

from .errors import Refusal
from .events import Event

if TYPE_CHECKING:
    from .state import GameState

EVERYONE = None  # Reveal.seen_by for what the whole table sees


class Reveal(NamedTuple):
    """What one event showed of a deck: the ``rule`` that made it show, ``what`` ("tile" or
    "order"), how many items (``count``), who saw them (``seen_by``: a seat, or None for
    everyone), the seat whose decision it was (``by``; None: nobody's), and for a refill the
    ``space`` and the ``item`` it now shows."""

    rule: str
    what: str
    count: int
    seen_by: int | None = EVERYONE
    by: int | None = None
    space: str | None = None
    item: str | None = None


def reveals(events: Iterable[Event]) -> list[Reveal]:
    """Everything one action's events showed of the hidden decks, in order."""
    found: list[Reveal] = []
    actor: int | None = None  # the player of the latest event naming one
    for event in events:
        kind, data = event.kind, event.data
        if event.player is not None:
            actor = event.player
        if kind == "look":  # F★ / O★: the top five, for the player's eyes only
            rule = "R-TUNNEL-5" if data["kind"] == "tile" else "R-ORDER-2"
            found.append(Reveal(rule, data["kind"], data["count"], event.player, event.player))
        elif kind == "refill" and data.get("tile") is not None:  # from the tile deck
            found.append(
                Reveal("R-TUNNEL-4", "tile", 1, EVERYONE, actor, data["space"], data["tile"])
            )
        elif kind == "refill" and data.get("order") is not None:  # from the order deck
            found.append(
                Reveal("R-ORDER-1", "order", 1, EVERYONE, actor, data["space"], data["order"])
            )
        elif kind == "draft_done" and data.get("revealed"):  # the order spaces, from the deck
            found.append(Reveal("R-SETUP-4", "order", len(data["revealed"]), EVERYONE, actor))
    return found


# --- what hides from whom ------------------------------------------------------------------
def table_viewer(state: GameState) -> int | None:
    """Whose eyes a view of the whole table takes by default: the player to act's with the
    face-down option (they are the one looking), else nobody's in particular (None: all)."""
    return state.current if state.face_down else None


def choice_hidden_from(state: GameState, viewer: int | None) -> bool:
    """Whether the cards F★/O★ show now are hidden from ``viewer`` (a seat; None sees
    everything): they are the chooser's alone (R-TUNNEL-5, R-ORDER-2)."""
    return viewer is not None and viewer != state.current


def delivered_hidden_from(state: GameState, viewer: int | None, owner: int) -> bool:
    """Whether ``owner``'s delivered orders are hidden from ``viewer`` (a seat; None sees
    everything): with the face-down table option, until the game is over (R-DELIVER-2)."""
    return state.face_down and viewer is not None and viewer != owner and not state.is_over


def undo_refusal(state: GameState, back_to: int) -> Refusal | None:
    """Why a fair game may not undo until only ``back_to`` actions are played — what the
    actions in between showed (fair undo: what was seen stays seen) — or None if it
    may. Lessons and sandbox games do not ask: their undo is free."""
    if back_to >= state.last_reveal:
        return None
    shown = tuple(state.last_revealed)
    rules = tuple(dict.fromkeys(reveal.rule for reveal in shown))
    # what they showed, as data: the text layer words it ("what", gluckauf.text.words)
    return Refusal(rules, "refuse.undo_reveal", {"reveals": shown, "names": tuple(state.names)})


__all__ = [
    "EVERYONE",
    "Reveal",
    "choice_hidden_from",
    "delivered_hidden_from",
    "reveals",
    "table_viewer",
    "undo_refusal",
]
