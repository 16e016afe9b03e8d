"""Drawing a state with a :class:`~widgets.painter.Painter`, box by box from the layout.

Three layers, as the widget stacks them: :func:`draw_static` (the areas' backgrounds and titles:
they depend only on the layout), :func:`draw_pieces` (everything the state says) and
:func:`draw_highlights` (legal targets and the current selection). Every text is at least
:data:`~widgets.icons.MIN_LETTER` px and fitted to its box (``widgets.metrics``); colour is
never the only signal: cubes carry their letter, workers their owner's initial, the player to
act an arrow and a thick frame.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from gluckauf.core.components import (
    LIGHT,
    ORDERS,
    SEGMENT_POINTS,
    SEGMENTS_AFTER_SHIFT,
    SPACE_BY_CODE,
    SPACES,
    TILES,
)
from gluckauf.core.hidden import choice_hidden_from, delivered_hidden_from
from gluckauf.core.rules import open_spaces
from gluckauf.core.state import GameState
from gluckauf.text.messages import capital, count
from gluckauf.text.words import colour_name, order_short, shift_name, transport_title

from . import icons
from .geometry import ANNOUNCE_PITCH, CUBE, MARGIN, Box, Layout, announcement_boxes, cart_sides
from .icons import COAL, INK, PLAYER, PLAYER_INK, cube, worker
from .labels import say
from .metrics import fit, text_width
from .painter import Painter

PAPER, FAINT, CODE_INK = "#f3ecdc", "#8a8276", "#6b6357"
AREA = {
    "tunnel": "#dccaa6",
    "mining": "#cdd6df",
    "delivery": "#dbd2e8",
    "money": "#d2e5cb",
    "orders": "#ead9cb",
    "bank": "#e5e0d6",
    "canteen": "#e5e0d6",
    "supply": "#e5e0d6",
    "clock": "#e9e2d2",
    "scores": "#e9e2d2",
    "panel": "#fffaf0",
    "clockbar": "#e9e2d2",
    "players": "#e9e2d2",
}
UNTITLED = ("panel", "clock", "scores", "clockbar", "players")  # they draw their own titles
SPACE_FILL, LOCKED_FILL, CARD_FILL = "#fbf7ee", "#c9c2b4", "#fffdf7"
LOCKED_INK = "#4a443b"  # the code of a locked space: CODE_INK is too light on its grey
LEVEL_TINT = ("#f7e7a8", "#d9bfa0", "#d5d8da", "#8d8d8d")
SURFACE_FILL, SHAFT_FILL, EMPTY_CART = "#d8e4c8", "#3b3a36", "#d7cfc0"
HIGHLIGHT, SELECTED, TAKEN = "#ff9f1c", "#e63946", "#24804a"
NOW_FILL = "#fae5a5"  # the clock's segments scored at this shift's end
RING_EDGE = "#000000"  # the dark edge of every ring (see ring())
FOCUS = "#1a5fb4"  # the keyboard cursor's ring (draw_focus)
SMALL, LABEL, TITLE = 11, 12, 13


def initial(state: GameState, seat: int) -> str:
    return state.names[seat][:1].upper()


def label(
    p: Painter,
    x: float,
    y: float,
    text: str,
    width: float,
    *,
    size: float = SMALL,
    fill: str = INK,
    anchor: str = "start",
    bold: bool = False,
) -> None:
    """A text fitted to ``width`` (shortened with an ellipsis if it must be)."""
    p.text(x, y, fit(text, width, size, bold=bold), size=size, fill=fill, anchor=anchor, bold=bold)


def amount(p: Painter, cx: float, inner: Box, text: str, size: float, width: float) -> None:
    """A number with its unit ("10 steps") at the bottom of ``inner``, bold; where the words
    are wider than ``width`` (German "10 Schritte"), the number above its unit."""
    if text_width(text, size, bold=True) <= width:
        p.text(cx, inner.y + 30, text, size=size, fill=INK, anchor="middle", bold=True)
        return
    number, _, unit = text.partition(" ")
    p.text(cx, inner.y + 14, number, size=size, fill=INK, anchor="middle", bold=True)
    label(p, cx, inner.y + 28, unit, inner.w, anchor="middle", bold=True)


@lru_cache(maxsize=1024)
def wrap(text: str, width: float, size: float, *, bold: bool = False) -> tuple[str, ...]:
    """Words in lines of at most ``width`` px."""
    lines: list[str] = []
    used = 0.0
    space = text_width(" ", size, bold=bold)
    for word in text.split():
        w = text_width(word, size, bold=bold)
        if lines and used + space + w <= width:
            lines[-1] += f" {word}"
            used += space + w
        else:
            lines.append(word)
            used = w
    return tuple(lines)


def paragraph(
    p: Painter,
    x: float,
    y: float,
    text: str,
    width: float,
    *,
    lines: int,
    size: float = SMALL,
    pitch: float = 15,
    fill: str = INK,
) -> float:
    """Up to ``lines`` wrapped lines from baseline ``y``; the baseline after the last one."""
    wrapped = list(wrap(text, width, size))
    if len(wrapped) > lines:
        wrapped = [*wrapped[: lines - 1], " ".join(wrapped[lines - 1 :])]
    for line in wrapped:
        label(p, x, y, line, width, size=size, fill=fill)
        y += pitch
    return y


# --- static layer ------------------------------------------------------------------------
def draw_static(layout: Layout, painter: Painter) -> None:
    painter.rect(0, 0, layout.width, layout.height, fill=PAPER)
    for area, fill in AREA.items():
        name = f"area:{area}"
        if not layout.has(name):
            continue
        box = layout.box(name)
        painter.rect(box.x, box.y, box.w, box.h, fill=fill, stroke=FAINT, radius=6)
        if area not in UNTITLED:
            title = say(f"board.area.{area}")
            label(painter, box.x + 8, box.y + 15, title, box.w - 16, size=LABEL, bold=True)
            if text_width(title, LABEL, bold=True) + 37 <= box.w:  # room beside it
                icons.emblem(painter, area, box.right - 16, box.y + 10, 14)


# --- pieces layer ------------------------------------------------------------------------
def draw_pieces(
    state: GameState, layout: Layout, painter: Painter, viewer: int | None = None
) -> None:
    """Everything the state says, as ``viewer`` may see it (a seat; None sees everything):
    another player's F★/O★ cards and face-down delivered orders stay hidden from a seat."""
    if layout.has("area:tunnel"):
        for space in SPACES:
            _space(state, layout, painter, space.code)
        _canteen(state, layout, painter)
        _supply(state, layout, painter)
    if layout.has("area:clock"):
        _clock(state, layout, painter)
        _scores(state, layout, painter)
    if layout.has("area:clockbar"):
        _clock_bar(state, layout, painter)
    if layout.has("area:players"):
        _player_lines(state, layout, painter)
    if layout.has("area:panel"):
        _panel(state, layout, painter, viewer)
    for p in range(state.players):
        if layout.has(f"section:{p}"):
            _mine(state, layout, painter, p, viewer)
        elif layout.has(f"brief:{p}"):
            _brief_mine(state, layout, painter, p)
        elif layout.has(f"mine:{p}"):
            _compact_mine(state, layout, painter, p)


def tile_picture(painter: Painter, box: Box, kind: int) -> None:
    """A tunnel tile: its carts with coal, a lantern on the light side, its words below."""
    tile = TILES[kind]
    light = tile.side == LIGHT
    painter.rect(
        box.x,
        box.y,
        box.w,
        box.h,
        fill="#fff1bf" if light else "#bfb5a3",
        stroke=INK,
        width=0.8,
        radius=4,
    )
    # a timbered tunnel: its posts, and the rails its carts stand on
    painter.rect(box.x + 2, box.y + 2, 3, box.h - 4, fill=icons.WOOD_DARK)
    painter.rect(box.right - 5, box.y + 2, 3, box.h - 4, fill=icons.WOOD_DARK)
    side = say("board.light") if light else say("board.dark")
    colour = capital(colour_name(tile.colour))
    words = say("board.tile", colour=colour, side=side)
    one_line = text_width(words, SMALL) <= box.w - 4
    cart_w, cart_h = 30, 34 if one_line else 29
    start = box.cx - tile.carts * (cart_w + 4) / 2 + 2
    painter.line(
        box.x + 6,
        box.y + 5 + cart_h,
        box.right - 6,
        box.y + 5 + cart_h,
        stroke=icons.IRON,
        width=1.2,
    )
    for k in range(tile.carts):
        icons.cart(painter, start + k * (cart_w + 4), box.y + 4, cart_w, cart_h, tile.colour)
    if light and box.w >= 100:
        icons.lantern(painter, box.x + 9, box.y + 12, 14)
    if one_line:
        label(painter, box.cx, box.y + box.h - 5, words, box.w - 4, anchor="middle")
    else:  # German "Schwarz · dunkel": the colour under its side, smaller carts above
        label(painter, box.cx, box.y + box.h - 17, side, box.w - 4, anchor="middle")
        label(painter, box.cx, box.y + box.h - 5, colour, box.w - 4, anchor="middle")


def order_card(painter: Painter, box: Box, card: int, *, cubes: bool = True) -> None:
    """An order card: transport picture and name, VP, and the coal it needs."""
    order = ORDERS[card]
    painter.rect(box.x, box.y, box.w, box.h, fill=CARD_FILL, stroke=INK, radius=4)
    vp = say("board.vp", n=order.vp)
    vp_w = text_width(vp, LABEL, bold=True)
    painter.text(box.right - 5, box.y + 15, vp, size=LABEL, fill=INK, anchor="end", bold=True)
    icons.transport(painter, order.transport, box.x + 16, box.y + 10, 24)
    name = transport_title(order.transport)
    wide = box.w >= 136  # the name beside the picture, else on a line of its own
    if wide:
        label(painter, box.x + 31, box.y + 15, name, box.right - 9 - vp_w - box.x - 31)
    else:
        label(painter, box.x + 5, box.y + 30, name, box.w - 10)
    if cubes:
        size = min(18.0, (box.w - 10) / len(order.slots) - 2)
        top = box.y + (22 if wide else 35)
        for s, colour in enumerate(order.slots):
            cube(painter, box.x + 5 + s * (size + 2), top, size, colour)


def space_inner(box: Box) -> Box:
    """A space's content area: under its code line, above its workers' strip."""
    return Box(box.x + 4, box.y + 18, box.w - 8, box.h - 48)


def tile_box(space: Box) -> Box:
    """Where a tunnel space shows its tile (:func:`tile_picture`)."""
    inner = space_inner(space)
    return Box(inner.x, inner.y, inner.w, 62)


def order_box(space: Box) -> Box:
    """Where an order space shows its card (:func:`order_card`)."""
    inner = space_inner(space)
    return Box(inner.x, inner.y - 2, inner.w, 58)


def workers_spot(space: Box) -> Box:
    """Where a space's workers stand (:func:`_workers`): the strip at its bottom."""
    return Box(space.cx - 22, space.bottom - 30, 48, 28)


def bank_spots(state: GameState, space: Box) -> dict[int, Box]:
    """Where each player's workers stand on the bank space (R-BANK: any number may)."""
    inner = space_inner(space)
    standing = [p for p, n in enumerate(state.bank_workers) if n]
    return {
        p: Box(space.x + 5 + (k % 2) * 28, inner.y + 30 + (k // 2) * 28, 26, 26)
        for k, p in enumerate(standing)
    }


def canteen_spots(state: GameState, area: Box) -> dict[int, Box]:
    """Where each player's workers in the canteen stand."""
    standing = [p for p, n in enumerate(state.canteen) if n]
    return {
        p: Box(area.x + 10 + (k % 2) * 44, area.y + 30 + (k // 2) * 46, 44, 32)
        for k, p in enumerate(standing)
    }


def _space_code(painter: Painter, box: Box, code: str, ink: str = CODE_INK) -> None:
    """The space's notation code: small and secondary (it is what records use)."""
    painter.text(box.x + 4, box.y + 13, code.replace("*", "★"), size=SMALL, fill=ink)


def draw_workers(
    state: GameState, painter: Painter, cx: float, bottom: float, seat: int, n: int
) -> None:
    """A worker piece with the count beside it."""
    worker(painter, cx - 8, bottom - 13, seat, initial(state, seat), h=24)
    painter.text(cx + 4, bottom - 6, f"×{n}", size=LABEL, fill=INK, bold=True)


def _space(state: GameState, layout: Layout, painter: Painter, code: str) -> None:
    box = layout.box(f"space:{code}")
    space = SPACE_BY_CODE[code]
    if space not in open_spaces(state.players):  # the engine's R-SETUP-1
        painter.rect(box.x, box.y, box.w, box.h, fill=LOCKED_FILL, stroke=FAINT, radius=5)
        _space_code(painter, box, code, LOCKED_INK)
        painter.text(
            box.cx, box.cy, say("board.locked"), size=LABEL, fill=INK, anchor="middle", bold=True
        )
        label(
            painter,
            box.cx,
            box.cy + 15,
            say("board.locked_for", n=state.players),
            box.w - 6,
            anchor="middle",
        )
        return
    painter.rect(box.x, box.y, box.w, box.h, fill=SPACE_FILL, stroke=INK, width=1, radius=5)
    _space_code(painter, box, code)
    inner = space_inner(box)
    kind = code[0]
    if code in ("F*", "O*"):
        deck = state.tile_deck if code == "F*" else state.order_deck
        icons.star(painter, box.right - 14, box.y + 11, 8)
        what = "tiles" if code == "F*" else "orders"
        label(painter, box.cx, inner.y + 18, say("board.look_1"), inner.w, anchor="middle")
        label(painter, box.cx, inner.y + 32, say(f"board.look_{what}"), inner.w, anchor="middle")
        label(
            painter,
            box.cx,
            inner.y + 48,
            say("board.deck", n=len(deck)),
            inner.w,
            anchor="middle",
            fill=CODE_INK,
        )
    elif kind == "F":
        tile = state.tile_spaces[space.value]
        if tile is None:
            painter.text(
                box.cx, inner.cy, say("board.empty"), size=SMALL, fill=CODE_INK, anchor="middle"
            )
        else:
            painter.text(
                box.right - 4,
                box.y + 13,
                count(TILES[tile].price, "mark"),
                size=SMALL,
                fill=INK,
                anchor="end",
                bold=True,
            )
            if TILES[tile].side == LIGHT:
                icons.lantern(painter, box.x + 28, box.y + 9, 12)
            tile_picture(painter, tile_box(box), tile)
    elif kind == "O":
        card = state.order_spaces[space.value]
        if state.phase == "draft":
            label(
                painter,
                box.cx,
                inner.cy,
                say("board.after_draft"),
                inner.w,
                anchor="middle",
                fill=CODE_INK,
            )
        elif card is None:
            painter.text(
                box.cx, inner.cy, say("board.empty"), size=SMALL, fill=CODE_INK, anchor="middle"
            )
        else:
            order_card(painter, order_box(box), card)
    elif kind == "M":
        icons.emblem(painter, "mining", box.right - 10, box.y + 10, 11)
        steps = say(f"board.space_steps.{'one' if space.value == 1 else 'many'}", n=space.value)
        amount(painter, box.cx, inner, steps, TITLE, box.w - 4)
    elif kind == "D":
        painter.line(
            box.cx - 22, box.y + 40, box.cx + 22, box.y + 40, stroke=icons.IRON, width=1.2
        )  # the rails it leaves on
        icons.transport(painter, space.value, box.cx, box.y + 30, 36)
        label(painter, box.cx, box.y + 51, transport_title(space.value), inner.w, anchor="middle")
    elif kind == "$":
        painter.circle(box.cx - 4, inner.y + 10, 7, fill=icons.GOLD, stroke=INK)
        painter.circle(box.cx + 3, inner.y + 7, 7, fill=icons.GOLD, stroke=INK)
        painter.text(
            box.cx,
            inner.y + 29,
            count(space.value, "mark"),
            size=LABEL,
            fill=INK,
            anchor="middle",
            bold=True,
        )
    elif code == "BANK":
        icons.emblem(painter, "bank", box.right - 11, box.y + 10, 12)
        painter.text(
            box.cx, inner.y + 14, count(1, "mark"), size=LABEL, fill=INK, anchor="middle", bold=True
        )
        for p, spot in bank_spots(state, box).items():
            worker(painter, spot.x + 7, spot.y + 12, p, initial(state, p), h=24)
            painter.text(
                spot.x + 16,
                spot.y + 20,
                str(state.bank_workers[p]),
                size=SMALL,
                fill=INK,
                bold=True,
            )
        return
    n = state.space_count[space.index]
    if n:
        draw_workers(state, painter, box.cx, box.bottom - 2, state.space_owner[space.index], n)


def _canteen(state: GameState, layout: Layout, painter: Painter) -> None:
    for p, spot in canteen_spots(state, layout.box("area:canteen")).items():
        draw_workers(state, painter, spot.x + 12, spot.y + 30, p, state.canteen[p])


def _supply(state: GameState, layout: Layout, painter: Painter) -> None:
    for colour in range(4):
        box = layout.box(f"supply:{colour}")
        cube(painter, box.cx - 12, box.y + 4, 24, colour)
        painter.text(
            box.cx,
            box.y + 48,
            str(state.supply[colour]),
            size=TITLE,
            fill=INK,
            anchor="middle",
            bold=True,
        )
    area = layout.box("area:supply")
    label(
        painter, area.x + 8, area.bottom - 8, say("board.supply_note"), area.w - 16, fill=CODE_INK
    )


def _segment_icon(painter: Painter, seg: int, cx: float, cy: float) -> None:
    if seg < 4:  # coal icons of one colour on delivered orders
        cube(painter, cx - 9, cy - 9, 18, seg)
    elif seg < 8:  # coal icons on delivered orders of one transport
        icons.transport(painter, seg - 4, cx, cy, 34)
    else:  # empty carts of one colour
        icons.cart(painter, cx - 14, cy - 11, 28, 22, None)
        cube(painter, cx - 6, cy - 8, 12, seg - 8)  # the carts' colour, with its sign


def _clock_frames(
    state: GameState,
    layout: Layout,
    painter: Painter,
    area: Box,
    key: str,
    baseline: float,
    radius: float,
) -> list[tuple[int, Box]]:
    """A shift clock's title and its 12 segment frames, those scored at this shift's end
    standing out; the segments and their boxes, for what goes in them."""
    last = SEGMENTS_AFTER_SHIFT[state.shift - 1]
    label(
        painter,
        area.x + 8,
        area.y + baseline,
        say(key, roman=shift_name(state.shift), last=last),
        area.w - 16,
        size=LABEL,
        bold=True,
    )
    segments = []
    for seg in range(12):
        box = layout.box(f"segment:{seg + 1}")
        now = seg < last and not state.is_over
        painter.rect(
            box.x,
            box.y,
            box.w,
            box.h,
            fill=NOW_FILL if now else "#fffaf0",
            stroke=INK if now else FAINT,
            width=1.5 if now else 0.8,
            radius=radius,
        )
        segments.append((seg, box))
    return segments


def _clock(state: GameState, layout: Layout, painter: Painter) -> None:
    area = layout.box("area:clock")
    for seg, box in _clock_frames(state, layout, painter, area, "board.clock", 15, 4):
        painter.text(box.x + 3, box.y + 12, str(seg + 1), size=SMALL, fill=CODE_INK, bold=True)
        _segment_icon(painter, seg, box.cx + 3, box.y + 26)
        first, second = SEGMENT_POINTS[seg]
        painter.text(
            box.cx,
            box.bottom - 5,
            f"{first} · {second}",
            size=SMALL,
            fill=INK,
            anchor="middle",
            bold=True,
        )
    for group in range(3):
        left = layout.box(f"segment:{group * 4 + 1}")
        right = layout.box(f"segment:{group * 4 + 4}")
        label(
            painter,
            (left.x + right.right) / 2,
            area.bottom - 7,
            say(f"board.clock_group.{group}"),
            right.right - left.x,
            anchor="middle",
            fill=CODE_INK,
        )


def _scores(state: GameState, layout: Layout, painter: Painter) -> None:
    area = layout.box("area:scores")
    label(painter, area.x + 8, area.y + 15, say("board.scores"), area.w - 16, size=LABEL, bold=True)
    for p in range(state.players):
        y = area.y + 36 + p * 18
        painter.circle(area.x + 14, y - 4, 6, fill=PLAYER[p], stroke=INK)
        vp = say("board.vp", n=state.score[p])
        right = area.right - 8
        painter.text(right, y, vp, size=LABEL, fill=INK, anchor="end", bold=True)
        room = right - text_width(vp, LABEL, bold=True) - 8 - (area.x + 24)
        name = state.names[p]
        if p == state.start_player:
            icons.start_marker(
                painter, area.x + 34 + min(text_width(name, LABEL), room - 16), y - 4, 6
            )
            room -= 16
        label(painter, area.x + 24, y, name, room, size=LABEL)


# --- the play view's bar -----------------------------------------------------------------------
def _clock_bar(state: GameState, layout: Layout, painter: Painter) -> None:
    """The shift clock in brief: the shift, its 12 segments as chips (those scored at this
    shift's end stand out) and everyone's score."""
    area = layout.box("area:clockbar")
    for seg, box in _clock_frames(state, layout, painter, area, "board.clock_brief", 14, 3):
        if seg < 4:
            cube(painter, box.cx - 8, box.y + 4, 16, seg)
        elif seg < 8:
            icons.transport(painter, seg - 4, box.cx, box.y + 13, 24)
        else:
            icons.cart(painter, box.cx - 11, box.y + 4, 22, 16, None)
            cube(painter, box.cx - 5, box.y + 5, 10, seg - 8)
        first, second = SEGMENT_POINTS[seg]
        label(
            painter, box.cx, box.bottom - 4, f"{first}·{second}", box.w, anchor="middle", bold=True
        )
    column = (area.w - 16) / 2
    for p in range(state.players):
        x = area.x + 8 + (p % 2) * column
        y = area.y + 77 + (p // 2) * 17
        painter.circle(x + 6, y - 4, 5, fill=PLAYER[p], stroke=INK)
        vp = say("board.vp", n=state.score[p])
        right = x + column - 10
        painter.text(right, y, vp, size=LABEL, fill=INK, anchor="end", bold=True)
        room = right - text_width(vp, LABEL, bold=True) - 6 - (x + 15)
        bold = p == state.current and not state.is_over
        if p == state.start_player:  # the start player's ◆ after the name
            room -= 16
            icons.start_marker(
                painter, x + 23 + min(text_width(state.names[p], LABEL, bold=bold), room), y - 4, 5
            )
        label(painter, x + 15, y, state.names[p], room, size=LABEL, bold=bold)


def _player_lines(state: GameState, layout: Layout, painter: Painter) -> None:
    """Beside the clock, while a mine is shown whole: every other player in a line."""
    area = layout.box("area:players")
    featured = layout.featured
    seats = [(featured + k) % state.players for k in range(1, state.players)]
    for k, p in enumerate(seats):
        y = area.y + 22 + k * 30
        painter.circle(area.x + 14, y - 4, 6, fill=PLAYER[p], stroke=INK)
        label(
            painter,
            area.x + 26,
            y,
            state.names[p],
            area.w - 34,
            size=LABEL,
            bold=True,
            fill=PLAYER_INK[p],
        )
        label(
            painter,
            area.x + 26,
            y + 14,
            say(
                "board.holdings",
                vp=state.score[p],
                marks=count(state.money[p], "mark"),
                workers=count(state.workers[p], "worker"),
            )
            + " · "
            + say("board.hand", n=len(state.outstanding[p])),
            area.w - 34,
        )


def _brief_mine(state: GameState, layout: Layout, painter: Painter, p: int) -> None:
    """A mine in brief beside the clock: holdings, the four levels' coal, the cage (with the
    number of cubes in it), storage and the orders in hand with how far each is filled."""
    box = layout.box(f"brief:{p}")
    acting = p == state.current and not state.is_over
    painter.rect(
        box.x,
        box.y,
        box.w,
        box.h,
        fill="#f7f2e7",
        stroke=PLAYER[p],
        width=3 if acting else 1.5,
        radius=6,
    )
    x = box.x + 8
    name = ("▶ " if acting else "") + state.names[p]
    painter.text(x, box.y + 16, name, size=TITLE, fill=PLAYER_INK[p], bold=True)
    x += text_width(name, TITLE, bold=True) + 8
    if p == state.start_player:
        icons.start_marker(painter, x + 5, box.y + 11, 6)
        x += 16
    label(
        painter,
        x,
        box.y + 16,
        say(
            "board.holdings",
            vp=state.score[p],
            marks=count(state.money[p], "mark"),
            workers=count(state.workers[p], "worker"),
        ),
        box.right - 8 - x,
        size=LABEL,
    )
    left, width = box.x + 8, 232.0
    shaft_x = left + (width - 24) / 2
    here = state.cage_level[p]
    tops = [box.y + 21] + [box.y + 35 + (level - 1) * 16 for level in range(1, 5)]
    painter.rect(left, tops[0], width, 13, fill=SURFACE_FILL, radius=2)
    label(
        painter,
        left + 4,
        tops[0] + 11,
        say("board.brief_storage", n=sum(state.storage[p])),
        shaft_x - left - 8,
    )
    for level in range(1, 5):
        y = tops[level]
        painter.rect(left, y, width, 15.5, fill=LEVEL_TINT[level - 1], radius=2)
        carts = state.carts[p][level - 1]
        light, dark, _tiles = cart_sides(state, p, level)
        room = shaft_x - left - 4
        for side, members in ((LIGHT, light), (1 - LIGHT, dark)):
            pitch = min(17.0, room / max(len(members), 1))
            for k, index in enumerate(members):
                cx = shaft_x - 2 - (k + 1) * pitch if side == LIGHT else shaft_x + 26 + k * pitch
                if carts[index] < 0:
                    painter.rect(
                        cx, y + 3, pitch - 2, 11, fill=EMPTY_CART, stroke=FAINT, width=0.6, radius=2
                    )
                else:
                    cube(painter, cx, y + 0.25, min(15.0, pitch - 2), carts[index])
    painter.rect(shaft_x, tops[0], 24, tops[4] + 15.5 - tops[0], fill=SHAFT_FILL)
    cage_h = 13 if here == 0 else 15.5
    painter.rect(shaft_x + 1, tops[here], 22, cage_h, fill="#fffaf0", stroke="#c8a24a", width=1.5)
    painter.text(
        shaft_x + 12,
        tops[here] + cage_h - 2,
        str(sum(state.cage[p])),
        size=SMALL,
        fill=INK,
        anchor="middle",
        bold=True,
    )
    rx, rw = box.x + 8 + width + 10, box.w - width - 26
    hand = state.outstanding[p]
    label(painter, rx, box.y + 34, say("board.hand", n=len(hand)), rw, size=SMALL, bold=True)
    room = int((box.bottom - 4 - (box.y + 34)) // 14)
    shown = hand if len(hand) <= room else hand[: room - 1]
    for k, (card, slots) in enumerate(shown):
        label(painter, rx, box.y + 48 + k * 14, _hand_words(card, slots), rw)
    if len(shown) < len(hand):
        label(
            painter,
            rx,
            box.y + 48 + len(shown) * 14,
            say("board.more", n=len(hand) - len(shown)),
            rw,
            fill=CODE_INK,
        )


# --- the decision panel ---------------------------------------------------------------------
def _panel(state: GameState, layout: Layout, painter: Painter, viewer: int | None) -> None:
    box = layout.box("area:panel")
    x, width = box.x + 8, box.w - 16
    name = state.names[state.current]

    def title(text: str, room: float = width) -> None:
        label(
            painter,
            x,
            box.y + 17,
            text,
            room,
            size=TITLE,
            bold=True,
            fill=PLAYER_INK[state.current] if not state.is_over else INK,
        )

    if state.is_over:
        result = state.result()
        winners = " & ".join(state.names[w] for w in result.winners)
        title(say("board.over", winners=winners))
        for k, line in enumerate(str(result).splitlines()[1 : 1 + state.players]):
            label(painter, x, box.y + 40 + k * 16, line.strip(), width)
        return
    phase = state.phase
    if phase == "draft":
        title(say("board.draft", name=name))
        for card in state.draft_pool:
            order_card(painter, layout.box(f"draft:{ORDERS[card].code}"), card)
    elif phase == "choose":
        _chooser(state, layout, painter, box, viewer)
    elif phase == "mine":  # the panel, or the play view's strip (steps and Stop only)
        strip = box.h < 60
        stop = layout.box("stop")
        title(say("board.mining", name=name, steps=count(state.steps_left, "step")), stop.x - x - 8)
        pitch, dot_y, radius = (18, 33, 6) if strip else (20, 36, 7)
        for k in range(state.steps_left):
            painter.circle(
                x + 8 + k * pitch, box.y + dot_y, radius, fill=PLAYER[state.current], stroke=INK
            )
        if not strip:
            paragraph(
                painter,
                x,
                box.y + 80,
                say("board.mining_help"),
                width,
                lines=4,
                size=LABEL,
                pitch=18,
            )
        painter.rect(stop.x, stop.y, stop.w, stop.h, fill="#f4d3cf", stroke=INK, radius=6)
        painter.text(
            stop.cx,
            stop.cy + 5,
            say("board.stop"),
            size=TITLE,
            fill=INK,
            anchor="middle",
            bold=True,
        )
    elif phase == "cube":
        title(say("board.cube_title", name=name))
        paragraph(
            painter, x, box.y + 40, say("board.cube_help"), width, lines=3, size=LABEL, pitch=18
        )
    else:
        title(say("board.place", name=name))
        paragraph(
            painter,
            x,
            box.y + 40,
            say("board.place_help", workers=count(state.workers[state.current], "worker")),
            width,
            lines=5,
            size=LABEL,
            pitch=18,
        )


def _chooser(
    state: GameState, layout: Layout, painter: Painter, box: Box, viewer: int | None
) -> None:
    name = state.names[state.current]
    tiles = state.choice_kind == "tile"
    label(
        painter,
        box.x + 8,
        box.y + 17,
        say("board.choose_tiles" if tiles else "board.choose_orders", name=name),
        box.w - 16,
        size=TITLE,
        bold=True,
        fill=PLAYER_INK[state.current],
    )
    secret = choice_hidden_from(state, viewer)  # the chooser's cards (R-TUNNEL-5, R-ORDER-2)
    for i, item in enumerate(state.choice):
        item_box = layout.box(f"choice:{i}")
        if secret:
            card_back(painter, item_box)
        elif tiles:
            tile_picture(painter, item_box, item)
        else:
            order_card(painter, item_box, item)
    if secret:  # not the viewer's choice: no buttons to press
        paragraph(
            painter,
            box.x + 8,
            box.bottom - 8,
            say("board.choice_secret", name=name),
            box.w - 16,
            lines=1,
        )
        return
    words = {"none": "board.take_none", "top": "board.back_top", "bottom": "board.back_bottom"}
    for word, key in words.items():
        b = layout.box(f"choice:{word}")
        painter.rect(b.x, b.y, b.w, b.h, fill="#efe6d2", stroke=INK, radius=5)
        label(painter, b.cx, b.cy + 4, say(key), b.w - 8, size=LABEL, anchor="middle")
    paragraph(
        painter,
        box.x + 8,
        box.bottom - 8,
        say("board.choose_help"),
        layout.box("choice:none").x - box.x - 16,
        lines=1,
    )


def card_back(painter: Painter, box: Box) -> None:
    """A card or tile lying face down: what it is, only its holder knows."""
    painter.rect(box.x, box.y, box.w, box.h, fill="#8a7a5c", stroke=INK, radius=4)
    painter.rect(
        box.x + 5, box.y + 5, box.w - 10, box.h - 10, fill="#a08e6c", stroke="#6b5d44", radius=3
    )
    label(
        painter,
        box.cx,
        box.cy + 5,
        say("board.face_down"),
        box.w - 14,
        size=LABEL,
        fill="#fff",
        anchor="middle",
        bold=True,
    )


def choice_badges(painter: Painter, layout: Layout, selected: list[str]) -> None:
    """Under each clicked F★/O★ item: "taken" for the first click (unless it was "take
    none"), then the put-back positions, 1 = nearest the top of the deck."""
    items = [name for name in selected if name.split(":")[1].isdigit() and layout.has(name)]
    took = bool(selected) and selected[0] in items
    for k, name in enumerate(items):
        box = layout.box(name)
        taken = took and k == 0
        text = say("board.taken") if taken else say("board.back_n", n=k if took else k + 1)
        colour = TAKEN if taken else SELECTED
        painter.rect(box.x, box.bottom + 3, box.w, 17, fill=colour, radius=4)
        painter.text(
            box.cx, box.bottom + 16, text, size=SMALL, fill="#fff", anchor="middle", bold=True
        )


# --- the featured mine ---------------------------------------------------------------------
def _mine(
    state: GameState, layout: Layout, painter: Painter, p: int, viewer: int | None = None
) -> None:
    box = layout.box(f"mine:{p}")
    acting = p == state.current and not state.is_over
    painter.rect(
        box.x,
        box.y,
        box.w,
        box.h,
        fill="#f7f2e7",
        stroke=PLAYER[p],
        width=4 if acting else 1.5,
        radius=8,
    )
    _mine_header(state, painter, box, p, acting)
    section = layout.box(f"section:{p}")
    shaft = layout.box(f"shaft:{p}:0")
    painter.rect(section.x, shaft.y, section.w, shaft.h, fill=SURFACE_FILL, radius=3)
    icons.headframe(painter, shaft.right + 22, shaft.bottom - 4, 36)
    for level in range(1, 5):
        cell = layout.box(f"shaft:{p}:{level}")
        painter.rect(section.x, cell.y, section.w, cell.h, fill=LEVEL_TINT[level - 1], radius=3)
        _rock(painter, Box(section.x, cell.y, section.w, cell.h), level)
    _shaft(state, layout, painter, p)
    _mine_carts(state, layout, painter, p)
    _storage(state, layout, painter, p)
    _hand(state, layout, painter, p)
    line = layout.box(f"delivered:{p}")
    if delivered_hidden_from(state, viewer, p):  # the face-down table option (R-DELIVER-2)
        text = say(
            "board.delivered_hidden",
            orders=count(len(state.delivered[p]), "order"),
            name=state.names[p],
        )
    else:
        done = ", ".join(_card_words(c) for c in state.delivered[p]) or say("board.none")
        text = say("board.delivered", orders=done)
    label(painter, line.x, line.y + 12, text, line.w)


ROCK = ("#e6d08a", "#c4a683", "#bfc3c6", "#7a7a7a")  # a level's stones, a shade darker


def _rock(painter: Painter, band: Box, level: int) -> None:
    """A few stones along the bottom of a level's band: the rock the tunnels go through (the
    same for every game; the carts are drawn over them)."""
    for k, (dx, r) in enumerate(((0.04, 3.5), (0.13, 2.5), (0.83, 3), (0.9, 4), (0.97, 2.5))):
        x = band.x + band.w * dx
        painter.circle(x, band.bottom - 4 - (k + level) % 3 * 2, r, fill=ROCK[level - 1])


def _card_words(card: int) -> str:
    return order_short(ORDERS[card].code)


def _mine_header(state: GameState, painter: Painter, box: Box, p: int, acting: bool) -> None:
    x = box.x + 10
    name = ("▶ " if acting else "") + state.names[p]
    painter.text(x, box.y + 20, name, size=15, fill=PLAYER_INK[p], bold=True)
    x += text_width(name, 15, bold=True) + 10
    if p == state.start_player:
        icons.start_marker(painter, x + 6, box.y + 15, 8)
        painter.text(x + 16, box.y + 20, say("board.start"), size=SMALL, fill=INK)
        x += 20 + text_width(say("board.start"), SMALL) + 12
    stats = say(
        "board.holdings",
        vp=state.score[p],
        marks=count(state.money[p], "mark"),
        workers=count(state.workers[p], "worker"),
    )
    label(painter, x, box.y + 20, stats, box.right - 10 - x, size=LABEL)
    light = sum(1 for kind in state.tiles[p] if TILES[kind].side == LIGHT)
    tiles = say("board.tiles", light=light, dark=len(state.tiles[p]) - light)
    icons.lantern(painter, box.x + 16, box.y + 33, 12)
    label(painter, box.x + 26, box.y + 37, tiles, box.w - 40)


def _shaft(state: GameState, layout: Layout, painter: Painter, p: int) -> None:
    here = state.cage_level[p]
    for level in range(5):
        cell = layout.box(f"shaft:{p}:{level}")
        painter.rect(cell.x, cell.y, cell.w, cell.h, fill=SHAFT_FILL, stroke=INK, width=0.8)
        painter.line(cell.x + 30, cell.y, cell.x + 30, cell.bottom, stroke="#6b6a64", width=1)
        # the shaft's timbering: a post on each side, a cross beam under each level
        painter.rect(cell.right - 4, cell.y, 3, cell.h, fill=icons.WOOD_DARK)
        painter.rect(cell.x + 31, cell.bottom - 3, cell.w - 35, 2, fill=icons.WOOD_DARK)
        painter.text(
            cell.x + 15,
            cell.cy + 5,
            str(level),
            size=TITLE,
            fill="#fff",
            anchor="middle",
            bold=True,
        )
        name = say("board.surface") if level == 0 else say("board.level", n=level)
        if level != here:
            label(painter, cell.x + 36, cell.cy + 4, name, cell.w - 40, fill="#ddd8cc")
    cage = layout.box(f"cagebox:{p}")
    cell = layout.box(f"shaft:{p}:{here}")
    if here:  # the cage's rope, down from the winding tower to the cage's level
        painter.line(
            cage.cx, layout.box(f"shaft:{p}:0").y, cage.cx, cell.y, stroke="#c8c2b4", width=1.5
        )
    painter.rect(
        cage.x, cage.y, cage.w, cage.h, fill="#fffaf0", stroke=icons.IRON, width=2, radius=3
    )
    for k in range(1, 6):  # the cage's bars, behind what it holds
        bx = cage.x + cage.w * k / 6
        painter.line(bx, cage.y + 2, bx, cage.bottom - 2, stroke="#c9c4b8", width=1)
    held = sum(state.cage[p])
    label(painter, cell.x + 36, cell.y + 13, say("board.cage", n=held), cell.w - 40, fill="#fff")
    prefix = f"cage:{p}:"
    for name, b in layout.clickable:
        if name.startswith(prefix):
            cube(painter, b.x, b.y, b.w, int(name.split(":")[2]))


def _mine_carts(state: GameState, layout: Layout, painter: Painter, p: int) -> None:
    for number, kind in enumerate(state.tiles[p]):
        light = TILES[kind].side == LIGHT
        for frame in layout.boxes[f"tile:{p}:{number}"]:
            painter.rect(
                frame.x,
                frame.y,
                frame.w,
                frame.h,
                fill="#fff1bf" if light else "#bfb5a3",
                stroke=FAINT,
                width=0.8,
                radius=3,
            )
            if light:
                icons.lantern(painter, frame.x + 6, frame.y + 7, 10)
    section, shaft = layout.box(f"section:{p}"), layout.box(f"shaft:{p}:0")
    for level in range(1, 5):
        carts = [
            layout.box(f"cart:{p}:{level}:{index}")
            for index in range(len(state.carts[p][level - 1]))
        ]
        for b in {b.y: b for b in carts}.values():  # the rails of each row of carts
            y = b.y + b.h * 0.84 + max(2.0, b.h * 0.08) * 1.6 + 0.4
            painter.line(section.x + 4, y, shaft.x - 2, y, stroke=icons.IRON, width=1.5)
            painter.line(shaft.right + 2, y, section.right - 4, y, stroke=icons.IRON, width=1.5)
        for b, held in zip(carts, state.carts[p][level - 1], strict=True):
            icons.cart(painter, b.x + 1, b.y, b.w - 2, b.h, None if held < 0 else held)


def _storage(state: GameState, layout: Layout, painter: Painter, p: int) -> None:
    drop = layout.box(f"storage:{p}")
    painter.rect(drop.x, drop.y, drop.w, drop.h, fill="#efe6d2", stroke=INK, radius=4)
    painter.text(
        drop.cx, drop.y + 16, say("board.storage"), size=SMALL, fill=INK, anchor="middle", bold=True
    )
    painter.text(
        drop.cx, drop.y + 34, str(sum(state.storage[p])), size=LABEL, fill=INK, anchor="middle"
    )
    for colour in range(4):  # the stack: a cube with its letter, a second one with the count
        n = state.storage[p][colour]
        if not n:
            continue
        first = layout.box(f"stock:{p}:{colour}")
        cube(painter, first.x + 1, first.y + 1, CUBE, colour)
        if n > 1:
            second = layout.box(f"stock:{p}:{colour}:1")
            painter.rect(
                second.x + 1,
                second.y + 1,
                CUBE,
                CUBE,
                fill=COAL[colour],
                stroke=INK,
                width=0.8,
                radius=2,
            )
            painter.text(
                second.cx,
                second.cy + 4,
                f"×{n}",
                size=SMALL,
                fill=icons.COAL_INK[colour],
                anchor="middle",
                bold=True,
            )


def _hand(state: GameState, layout: Layout, painter: Painter, p: int) -> None:
    area = layout.box(f"orders:{p}")
    label(
        painter,
        area.x,
        area.y + 14,
        say("board.hand", n=len(state.outstanding[p])),
        area.w,
        size=LABEL,
        bold=True,
    )
    for card, slots in state.outstanding[p]:
        order = ORDERS[card]
        box = layout.box(f"order:{p}:{order.code}")
        order_card(painter, box, card, cubes=False)
        for s, cubes in enumerate(slots):
            b = layout.box(f"slot:{p}:{order.code}:{s}")
            want = order.slots[s]
            painter.rect(b.x, b.y, b.w, b.h, fill="#fff", stroke=COAL[want], width=2.5, radius=3)
            if not cubes:  # the colour wanted, by its sign too
                icons.coal_sign(painter, b.cx, b.cy, min(b.w, b.h) * 0.45, want, fill=FAINT)
            for k, colour in enumerate(cubes):
                size = (b.w - 4) if len(cubes) == 1 else (b.w - 6) / 2
                cube(painter, b.x + 2 + k * (size + 2), b.cy - size / 2, size, colour)


# --- compact mines -----------------------------------------------------------------------------
def _compact_mine(state: GameState, layout: Layout, painter: Painter, p: int) -> None:
    box = layout.box(f"mine:{p}")
    acting = p == state.current and not state.is_over
    painter.rect(
        box.x,
        box.y,
        box.w,
        box.h,
        fill="#f7f2e7",
        stroke=PLAYER[p],
        width=4 if acting else 1.5,
        radius=8,
    )
    x, w = box.x + 8, box.w - 16
    name = ("▶ " if acting else "") + state.names[p]
    painter.text(x, box.y + 18, name, size=TITLE, fill=PLAYER_INK[p], bold=True)
    if p == state.start_player:
        icons.start_marker(painter, x + text_width(name, TITLE, bold=True) + 10, box.y + 13, 7)
    label(
        painter,
        x,
        box.y + 34,
        say(
            "board.holdings",
            vp=state.score[p],
            marks=count(state.money[p], "mark"),
            workers=count(state.workers[p], "worker"),
        ),
        w,
    )
    here = state.cage_level[p]
    where = say("board.the_surface") if here == 0 else say("board.level", n=here)
    label(
        painter,
        x,
        box.y + 50,
        say("board.compact_cage", where=where, n=sum(state.cage[p]), stored=sum(state.storage[p])),
        w,
    )
    shaft_x = box.cx - 14
    for level in range(1, 5):
        y = box.y + 56 + (level - 1) * 23
        painter.rect(x, y, w, 21, fill=LEVEL_TINT[level - 1], radius=2)
        painter.rect(shaft_x, y, 28, 21, fill=SHAFT_FILL)
        if level == here:
            painter.rect(shaft_x + 3, y + 2, 22, 17, fill="#fffaf0", stroke="#c8a24a")
        carts = state.carts[p][level - 1]
        light, dark, _tiles = cart_sides(state, p, level)
        room = shaft_x - x - 4
        for side, members in ((LIGHT, light), (1 - LIGHT, dark)):
            held = [carts[index] for index in members]
            pitch = min(20.0, room / max(len(held), 1))
            for k, colour in enumerate(held):
                cx = shaft_x - 2 - (k + 1) * pitch if side == LIGHT else shaft_x + 30 + k * pitch
                if colour < 0:
                    painter.rect(
                        cx, y + 3, pitch - 2, 15, fill=EMPTY_CART, stroke=FAINT, width=0.6, radius=2
                    )
                else:
                    cube(painter, cx, y + 1.5, min(18.0, pitch - 2), colour)
    paragraph(painter, x, box.y + 164, _compact_hand(state, p, w), w, lines=2, pitch=14)
    label(
        painter,
        x,
        box.y + 193,
        say("board.compact_delivered", n=len(state.delivered[p])),
        w,
        fill=CODE_INK,
    )


def _compact_hand(state: GameState, p: int, width: float) -> str:
    """The orders in hand in two lines at most: with their VP where that fits, else by
    transport and how full (the hover tells each in full)."""
    hand = state.outstanding[p]
    if not hand:
        return say("board.compact_hand", orders=say("board.none"))
    text = say("board.compact_hand", orders=", ".join(_hand_words(c, s) for c, s in hand))
    if len(wrap(text, width, SMALL)) <= 2:
        return text
    short = ", ".join(
        f"{transport_title(ORDERS[card].transport)} "
        f"{sum(1 for cubes in slots if cubes)}/{len(slots)}"
        for card, slots in hand
    )
    return say("board.compact_hand", orders=short)


def _hand_words(card: int, slots: list) -> str:
    filled = sum(1 for cubes in slots if cubes)
    return f"{_card_words(card)} ({filled}/{len(slots)})"


# --- highlights layer ----------------------------------------------------------------------
def ring(
    painter: Painter,
    x: float,
    y: float,
    w: float,
    h: float,
    colour: str,
    *,
    radius: float,
    edge: str = RING_EDGE,
    width: float = 3,
) -> None:
    """A ring around something to click or just changed: a band of ``colour`` with an
    ``edge`` on both sides (dark by default), so that it stands out on a light space and on a
    dark one alike (WCAG technique C40; ``tests/test_contrast.py``)."""
    painter.rect(x, y, w, h, stroke=edge, width=width + 2, radius=radius)
    painter.rect(x, y, w, h, stroke=colour, width=width, radius=radius)


def draw_focus(layout: Layout, painter: Painter, target: str) -> None:
    """The keyboard cursor (widgets.keyboard): a wide blue ring with white edges around
    ``target``, outside the orange ring of a target, so that both show."""
    for box in layout.boxes.get(target, [])[:1]:
        ring(
            painter,
            box.x - 7,
            box.y - 7,
            box.w + 14,
            box.h + 14,
            FOCUS,
            radius=8,
            edge="#ffffff",
            width=4,
        )


def draw_highlights(
    layout: Layout, painter: Painter, targets: set[str], selected: list[str]
) -> None:
    """Outline every legal next target; mark the selected ones (and number F★/O★ picks)."""
    for name, box in layout.clickable:
        if name in targets:
            ring(painter, box.x - 2, box.y - 2, box.w + 4, box.h + 4, HIGHLIGHT, radius=5)
    for name in selected:
        for box in layout.boxes.get(name, []):
            ring(painter, box.x - 3, box.y - 3, box.w + 6, box.h + 6, SELECTED, radius=5)
    if any(name.startswith("choice:") for name in selected):
        choice_badges(painter, layout, selected)


def draw_reveals(layout: Layout, painter: Painter, revealed: Iterable[str]) -> None:
    """A green ring and a "new" tag on each space whose card or tile was just turned face up."""
    for name in revealed:
        if not layout.has(name):
            continue
        box = layout.box(name)
        ring(painter, box.x + 2, box.y + 2, box.w - 4, box.h - 4, TAKEN, radius=4)
        word = say("board.new")
        w = text_width(word, SMALL, bold=True) + 10
        # across the space's bottom edge, right: clear of its price, picture and workers
        painter.rect(box.right - w - 4, box.bottom - 4, w, 15, fill=TAKEN, radius=4)
        painter.text(
            box.right - w / 2 - 4,
            box.bottom + 7,
            word,
            size=SMALL,
            fill="#fff",
            anchor="middle",
            bold=True,
        )


def draw_tooltip(
    layout: Layout, painter: Painter, target: str, text: str, avoid: Iterable[Box] = ()
) -> None:
    """What the thing under the mouse is, in a box beside it, kept inside the picture: never
    over the thing itself (nor the badge under a chosen card), and where it can, over none of
    ``avoid`` (the other targets one may click next)."""
    if not text:
        return
    box = layout.box(target)
    width = 360.0
    lines = list(wrap(text, width - 16, LABEL))[:5]
    height = 10 + 16 * len(lines)
    x, y = _tooltip_place(layout, Box(box.x, box.y, box.w, box.h + 22), width, height, list(avoid))
    painter.rect(x, y, width, height, fill="#2b2b2bee", stroke="#fff", width=1, radius=6)
    for k, line in enumerate(lines):
        label(painter, x + 8, y + 19 + 16 * k, line, width - 16, size=LABEL, fill="#fff")


def _tooltip_place(
    layout: Layout, own: Box, width: float, height: float, avoid: list[Box]
) -> tuple[float, float]:
    """The first of below, above, right, left of ``own`` that fits in the picture and covers
    no box of ``avoid``; else the one that covers least of them. Never over ``own``."""

    def clamp(value: float, low: float, high: float) -> float:
        return min(max(low, value), high)

    right_x = layout.width - MARGIN - width
    bottom_y = layout.height - MARGIN - height
    centre_x = clamp(own.cx - width / 2, MARGIN, right_x)
    centre_y = clamp(own.cy - height / 2, MARGIN, bottom_y)
    candidates = [
        (centre_x, own.bottom + 4),
        (centre_x, own.y - 6 - height),
        (own.right + 6, centre_y),
        (own.x - 6 - width, centre_y),
    ]
    best: tuple[float, tuple[float, float]] | None = None
    for x, y in candidates:
        if not (MARGIN <= x <= right_x and MARGIN <= y <= bottom_y):
            continue
        place = Box(x, y, width, height)
        if place.overlaps(own):
            continue
        covered = sum(_overlap(place, other) for other in avoid)
        if covered == 0:
            return x, y
        if best is None or covered < best[0]:
            best = (covered, (x, y))
    if best is not None:
        return best[1]
    # nowhere beside it: the picture's far corner from the thing, still clear of it if it can
    y = MARGIN if own.cy > layout.height / 2 else bottom_y
    return centre_x, y


def _overlap(a: Box, b: Box) -> float:
    w = min(a.right, b.right) - max(a.x, b.x)
    h = min(a.bottom, b.bottom) - max(a.y, b.y)
    return w * h if w > 0 and h > 0 else 0.0


def card_lines(layout: Layout, step: Any) -> list[str]:
    """An announcement's lines as its card wraps them."""
    width = min(640.0, layout.width - 2 * MARGIN - 40) - 32
    return [line for text in step.lines for line in wrap(text, width, LABEL)]


def draw_announcement(layout: Layout, painter: Painter, step: Any, index: int, total: int) -> None:
    """An announcement's card over the picture (``step``: an :class:`widgets.announce.Step`),
    its place in the series, and Next ▸ (while there is more) and Continue; the clock segment
    it is about ringed."""
    if step.segment is not None and layout.has(f"segment:{step.segment}"):
        box = layout.box(f"segment:{step.segment}")
        ring(painter, box.x - 4, box.y - 4, box.w + 8, box.h + 8, SELECTED, radius=6)
    lines = card_lines(layout, step)
    boxes = announcement_boxes(layout, len(lines))
    card = boxes["card"]
    painter.rect(card.x + 4, card.y + 5, card.w, card.h, fill="#00000033", radius=10)
    painter.rect(card.x, card.y, card.w, card.h, fill="#fffaf0", stroke=INK, width=2, radius=10)
    label(painter, card.x + 16, card.y + 26, step.title, card.w - 110, size=15, bold=True)
    if total > 1:
        painter.text(
            card.right - 16,
            card.y + 26,
            say("announce.step", k=index + 1, n=total),
            size=SMALL,
            fill=CODE_INK,
            anchor="end",
        )
    for k, line in enumerate(lines):
        label(painter, card.x + 16, card.y + 50 + k * ANNOUNCE_PITCH, line, card.w - 32, size=LABEL)
    buttons = [("done", "announce.done")]
    if index + 1 < total:
        buttons.insert(0, ("next", "announce.next"))
    for name, key in buttons:
        b = boxes[name]
        main = name == buttons[0][0]
        painter.rect(
            b.x, b.y, b.w, b.h, fill="#2f6f4f" if main else "#efe6d2", stroke=INK, radius=6
        )
        label(
            painter,
            b.cx,
            b.cy + 5,
            say(key),
            b.w - 12,
            size=TITLE,
            anchor="middle",
            bold=True,
            fill="#fff" if main else INK,
        )


def picture(
    state: GameState,
    layout: Layout,
    *,
    highlights: Iterable[str] = (),
    selected: Iterable[str] = (),
    viewer: int | None = None,
) -> Painter:
    """The whole picture, the three layers in one display list (for SVG and for tests)."""
    painter = Painter()
    draw_static(layout, painter)
    draw_pieces(state, layout, painter, viewer)
    draw_highlights(layout, painter, set(highlights), list(selected))
    return painter


__all__ = [
    "PAPER",
    "PLAYER",
    "card_lines",
    "draw_announcement",
    "draw_focus",
    "draw_highlights",
    "draw_pieces",
    "draw_reveals",
    "draw_static",
    "draw_tooltip",
    "draw_workers",
    "order_card",
    "picture",
    "tile_picture",
]
