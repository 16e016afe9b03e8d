"""A compact, readable text picture of a state (``str(state)``), for terminals and logs, as a
given player may see it (what hides from whom: :mod:`gluckauf.core.hidden`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core import voice
from ..core.components import (
    COLOUR_LETTERS,
    ORDERS,
    SPACES,
    TILES,
    TRANSPORT_NAMES,
)
from ..core.hidden import choice_hidden_from, delivered_hidden_from, table_viewer
from .messages import count
from .words import shift_name

if TYPE_CHECKING:
    from ..core.state import GameState


def _cubes(counts: list[int]) -> str:
    return "".join(COLOUR_LETTERS[c] * n for c, n in enumerate(counts)) or "-"


def _order(card: int, slots: list[tuple[int, ...]] | None = None) -> str:
    text = ORDERS[card].code
    if slots is not None:
        filled = ["".join(COLOUR_LETTERS[c] for c in cubes) or "." for cubes in slots]
        text += "[" + " ".join(filled) + "]"
    return text


def _space_line(state: GameState) -> str:
    cells = []
    for space in SPACES:
        if state.players in space.locked_with:
            cells.append(f"{space.code}:#")
        elif space.code == "BANK":
            stands = " ".join(
                f"{state.names[p][:1]}{n}" for p, n in enumerate(state.bank_workers) if n
            )
            cells.append(f"BANK:{stands or '.'}")
        elif state.space_count[space.index]:
            owner = state.space_owner[space.index]
            cells.append(f"{space.code}:{state.names[owner][:1]}{state.space_count[space.index]}")
    return "  ".join(cells)


def render_text(state: GameState, viewer: int | str | None = "table") -> str:
    """The state in text, as ``viewer`` may see it: a seat sees what that player sees, None
    sees everything; the default "table" is everything at an open table and the player to
    act's view with the face-down option (str(state))."""
    if viewer == "table":
        viewer = table_viewer(state)
    assert viewer is None or isinstance(viewer, int)
    lines = []
    shift = shift_name(state.shift)
    head = f"Glück Auf — {state.players} players — shift {shift} — phase {state.phase}"
    if not state.is_over:
        head += f" — {state.names[state.current]} to act"
        if state.phase == "mine":
            head += f" ({count(state.steps_left, 'step')} left)"
    if state.face_down and viewer is not None and not state.is_over:
        head += f" — {state.names[viewer]}'s view (delivered orders face down)"
    lines.append(head)
    tiles = " ".join(
        f"F{i + 1}:"
        + (
            "#"
            if state.players in SPACES[i].locked_with
            else TILES[k].code
            if k is not None
            else "-"
        )
        for i, k in enumerate(state.tile_spaces)
    )
    lines.append(f"tiles   {tiles}   deck {len(state.tile_deck)}")
    orders = " ".join(
        f"O{i + 1}:{'#' if state.players == 2 and i == 0 else _order(c) if c is not None else '-'}"
        for i, c in enumerate(state.order_spaces)
    )
    lines.append(f"orders  {orders}   deck {len(state.order_deck)}")
    if state.draft_pool:
        lines.append("draft   " + " ".join(_order(c) for c in state.draft_pool))
    if state.choice and choice_hidden_from(state, viewer):
        what = count(len(state.choice), "tile" if state.choice_kind == "tile" else "order")
        lines.append(f"looking {state.names[state.current]} looks at {what}")
    elif state.choice:
        codes = [
            (TILES[i] if state.choice_kind == "tile" else ORDERS[i]).code for i in state.choice
        ]
        lines.append("looking " + " ".join(codes))
    lines.append(f"workers {_space_line(state)}")
    supply = " ".join(f"{COLOUR_LETTERS[c]}{n}" for c, n in enumerate(state.supply))
    lines.append(f"supply  {supply}")
    for p in range(state.players):
        marks = "*" if p == state.start_player else " "
        arrow = ">" if p == state.current and not state.is_over else " "
        lines.append(
            f"{arrow}{marks}{state.names[p]}: {state.score[p]} VP, "
            f"{count(state.money[p], 'mark')}, {count(state.workers[p], 'worker')} "
            f"(canteen {state.canteen[p]}), cage@{state.cage_level[p]} "
            f"[{_cubes(state.cage[p])}], storage [{_cubes(state.storage[p])}]"
        )
        mine = []
        for level, carts in enumerate(state.carts[p], start=1):
            row = "".join(COLOUR_LETTERS[c] if c >= 0 else "." for c in carts)
            mine.append(f"L{level}:{row}")
        kinds = [TILES[k] for k in state.tiles[p]]
        light = sum(1 for k in kinds if k.side == 0)
        lines.append(f"     mine {' '.join(mine)}  tiles {light} light / {len(kinds) - light} dark")
        held = " ".join(_order(card, slots) for card, slots in state.outstanding[p]) or "-"
        lines.append(f"     orders {held}")
        if state.delivered[p] and delivered_hidden_from(state, viewer, p):
            lines.append(f"     delivered {count(len(state.delivered[p]), 'order')}, face down")
        elif state.delivered[p]:
            done = " ".join(_order(card) for card in state.delivered[p])
            lines.append(f"     delivered {done}")
    return "\n".join(lines)


voice.register("state", render_text)

__all__ = ["TRANSPORT_NAMES", "render_text"]
