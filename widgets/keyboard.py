"""The board by keyboard (issue 26, 1): where the arrow keys take the keyboard cursor.

The cursor stands on one of the current decision's targets — what a mouse could click now
(``GameSession.legal_targets``, and what is already selected, to unselect it). ← and → go to
the previous and next target in reading order (left to right, row by row, round the end), so
every target is a few presses away; ↑ and ↓ go to the nearest target above or below; Home and
End to the first and last. Enter or Space then clicks the cursor's target, and Escape drops a
half-made move: :class:`~widgets.board.BoardWidget` does that, draws the cursor's focus ring
and says its words. A move may also be typed, in words, with completion
(:func:`typed_moves`). Pure functions: no widget here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING

from gluckauf.text.messages import capital
from gluckauf.text.words import describe_action

from .geometry import Box

if TYPE_CHECKING:
    from gluckauf.core.actions import Action
    from gluckauf.core.state import GameState

MOVES = ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End")
CHOOSE_KEYS = ("Enter", " ")  # " ": the Space bar, as the browser names it
CANCEL_KEYS = ("Escape",)
# every key the board answers, by the browser's names (access.js and svgboard.js get them from
# here); any other key is the page's
KEYS = (*MOVES, *CHOOSE_KEYS, *CANCEL_KEYS)
ROW = 12.0  # px: boxes whose tops differ less than this are in one row (reading order)


def reading_order(boxes: Mapping[str, Box]) -> list[str]:
    """The targets left to right, row by row (a row: tops within :data:`ROW` of its first)."""
    names = sorted(boxes, key=lambda n: (boxes[n].y, boxes[n].x))
    rows: list[list[str]] = []
    for name in names:
        if rows and boxes[name].y - boxes[rows[-1][0]].y < ROW:
            rows[-1].append(name)
        else:
            rows.append([name])
    return [name for row in rows for name in sorted(row, key=lambda n: boxes[n].x)]


def _vertical(boxes: Mapping[str, Box], current: str, down: bool) -> str | None:
    """The nearest target below (or above) ``current``: the least vertical distance, then the
    least sideways one."""
    here = boxes[current]
    best: tuple[float, float] | None = None
    found = None
    for name, box in boxes.items():
        rise = (box.cy - here.cy) if down else (here.cy - box.cy)
        if name == current or rise < ROW / 2:
            continue
        score = (rise + 2 * abs(box.cx - here.cx), abs(box.cx - here.cx))
        if best is None or score < best:
            best, found = score, name
    return found


def move(boxes: Mapping[str, Box], current: str | None, key: str) -> str | None:
    """Where ``key`` (one of :data:`MOVES`) takes the cursor from ``current`` among ``boxes``
    (the targets); the first target when the cursor is on none; None when there is none."""
    if not boxes:
        return None
    order = reading_order(boxes)
    if current not in boxes:
        return order[-1] if key in ("End", "ArrowLeft") else order[0]
    at = order.index(current)
    if key == "Home":
        return order[0]
    if key == "End":
        return order[-1]
    if key == "ArrowRight":
        return order[(at + 1) % len(order)]
    if key == "ArrowLeft":
        return order[(at - 1) % len(order)]
    if key in ("ArrowUp", "ArrowDown"):
        return _vertical(boxes, current, key == "ArrowDown") or current
    raise ValueError(f"not a key that moves the cursor: {key!r}")


def typed_moves(state: GameState) -> dict[str, Action]:
    """The moves one may type instead: each legal action by its words (the engine's
    :func:`~gluckauf.text.words.describe_action`, capitalised), for a box that completes them. Words
    that several actions share (the orders F★/O★ put back in one of many sequences) name
    none of them: those are made on the board, by keys or clicks."""
    if state.is_over:
        return {}
    words = [(capital(describe_action(action, state)), action) for action in state.legal_actions()]
    shared = {text for text, n in Counter(text for text, _ in words).items() if n > 1}
    return {text: action for text, action in words if text not in shared}


__all__ = ["CANCEL_KEYS", "CHOOSE_KEYS", "KEYS", "MOVES", "move", "reading_order", "typed_moves"]
