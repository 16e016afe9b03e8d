"""Text pictures for terminals and logs, in the current language: a compact picture of a state
(``str(state)``) as a given player may see it (what hides from whom:
:mod:`gluckauf.core.hidden`), and a result's breakdown (``result.breakdown()``). Codes (tiles,
orders, spaces, cubes) stay in the notation, which is the same in every language."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core import voice
from ..core.components import (
    COLOUR_LETTERS,
    ORDERS,
    SEGMENTS,
    SHIFTS,
    SPACES,
    TILES,
    TRANSPORT_NAMES,
)
from ..core.hidden import choice_hidden_from, delivered_hidden_from, table_viewer
from ..core.scoring import BEFORE, CATEGORY_LABELS
from ..core.texttable import text_table
from .messages import count, say
from .words import segment_name, shift_name

if TYPE_CHECKING:
    from ..core.scoring import GameResult
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
    head = say(
        "render.head", players=count(state.players, "player_count"), shift=shift_name(state.shift),
        phase=say(f"render.phase.{state.phase}"),
    )  # fmt: skip
    if not state.is_over:
        head += say("render.to_act", name=state.names[state.current])
        if state.phase == "mine":
            head += say("render.steps_left", steps=count(state.steps_left, "step"))
    if state.face_down and viewer is not None and not state.is_over:
        head += say("render.view", name=state.names[viewer])
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
    deck = say("render.deck")
    rows = [(say("render.tiles"), f"{tiles}   {deck} {len(state.tile_deck)}")]
    orders = " ".join(
        f"O{i + 1}:{'#' if state.players == 2 and i == 0 else _order(c) if c is not None else '-'}"
        for i, c in enumerate(state.order_spaces)
    )
    rows.append((say("render.orders"), f"{orders}   {deck} {len(state.order_deck)}"))
    if state.draft_pool:
        rows.append((say("render.draft"), " ".join(_order(c) for c in state.draft_pool)))
    if state.choice and choice_hidden_from(state, viewer):
        what = count(len(state.choice), "tile" if state.choice_kind == "tile" else "order")
        looks = say("render.looks_at", name=state.names[state.current], what=what)
        rows.append((say("render.looking"), looks))
    elif state.choice:
        codes = [
            (TILES[i] if state.choice_kind == "tile" else ORDERS[i]).code for i in state.choice
        ]
        rows.append((say("render.looking"), " ".join(codes)))
    rows.append((say("render.workers"), _space_line(state)))
    rows.append(
        (
            say("render.supply"),
            " ".join(f"{COLOUR_LETTERS[c]}{n}" for c, n in enumerate(state.supply)),
        )
    )
    width = max(len(label) for label, _ in rows) + 1
    lines += [f"{label:<{width}}{text}" for label, text in rows]
    for p in range(state.players):
        marks = "*" if p == state.start_player else " "
        arrow = ">" if p == state.current and not state.is_over else " "
        said = say(
            "render.player",
            name=state.names[p],
            score=state.score[p],
            marks=count(state.money[p], "mark"),
            workers=count(state.workers[p], "worker"),
            canteen=state.canteen[p],
            level=state.cage_level[p],
            cage=_cubes(state.cage[p]),
            storage=_cubes(state.storage[p]),
        )
        lines.append(f"{arrow}{marks}{said}")
        mine = []
        for level, carts in enumerate(state.carts[p], start=1):
            row = "".join(COLOUR_LETTERS[c] if c >= 0 else "." for c in carts)
            mine.append(f"L{level}:{row}")
        kinds = [TILES[k] for k in state.tiles[p]]
        light = sum(1 for k in kinds if k.side == 0)
        lines.append(
            "     " + say("render.mine", mine=" ".join(mine), light=light, dark=len(kinds) - light)
        )
        held = " ".join(_order(card, slots) for card, slots in state.outstanding[p]) or "-"
        lines.append("     " + say("render.held", orders=held))
        if state.delivered[p] and delivered_hidden_from(state, viewer, p):
            hidden = count(len(state.delivered[p]), "order")
            lines.append("     " + say("render.delivered_face_down", orders=hidden))
        elif state.delivered[p]:
            done = " ".join(_order(card) for card in state.delivered[p])
            lines.append("     " + say("render.delivered", orders=done))
    return "\n".join(lines)


def breakdown_text(result: GameResult) -> str:
    """Where each player's points came from, as a table with a column per player (R-SHIFT-1 …
    R-SHIFT-3, R-END-1 … R-END-4): VP by category, then the shift clock's segments that scored,
    shift by shift."""
    points = [r.by_category() for r in result.players]
    keys = [*CATEGORY_LABELS, BEFORE]
    rows = [[say("breakdown.title"), *(r.name for r in result.players)]]
    rows += [[f"  {say(f'category.{key}')}", *(str(p.get(key, 0)) for p in points)]
             for key in keys if any(key in p for p in points)]  # fmt: skip
    rows.append([f"  {say('category.total')}", *(str(r.score) for r in result.players)])
    for s in range(SHIFTS):
        scored = [k for k in range(SEGMENTS) if any(r.shifts[s][k] for r in result.players)]
        if scored:
            rows.append([say("breakdown.clock", shift=say(f"category.shift_{s + 1}"))])
            rows += [
                [f"  {k + 1} {segment_name(k + 1)}", *(str(r.shifts[s][k]) for r in result.players)]
                for k in scored
            ]
    return text_table(rows)


voice.register("state", render_text)
voice.register("breakdown", breakdown_text)

__all__ = ["TRANSPORT_NAMES", "breakdown_text", "render_text"]
