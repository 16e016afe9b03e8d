"""Drawing a state with a :class:`~widgets.painter.Painter`, box by box from the layout.

Three layers, as the widget stacks them: :func:`draw_static` (the board's areas: depends only on
the player count), :func:`draw_pieces` (everything the state says) and :func:`draw_highlights`
(legal targets and the current selection). Colour is never the only signal: cubes carry their
letter, workers their owner's initial, the player to act a marker and a thick frame.
"""

from __future__ import annotations

import math

from gluckauf.components import (
    COLOUR_LETTERS,
    LIGHT,
    ORDERS,
    SEGMENT_POINTS,
    SEGMENTS_AFTER_SHIFT,
    SPACES,
    TILES,
)
from gluckauf.messages import count
from gluckauf.rules import open_spaces
from gluckauf.state import GameState

from .geometry import Box, Layout
from .painter import Painter
from .texts import t

COAL = ("#f2c12e", "#8b5a2b", "#a4a9ad", "#262626")
COAL_INK = ("#222", "#fff", "#222", "#fff")
PLAYER = ("#d1453b", "#2f6fce", "#2f9e5b", "#8e44ad")
PAPER, INK, FAINT = "#f3ecdc", "#2b2b2b", "#8a8276"
AREA = {"tunnel": "#dccaa6", "mining": "#cdd6df", "delivery": "#dbd2e8", "money": "#d2e5cb",
        "orders": "#ead9cb", "canteen": "#e5e0d6", "supply": "#e5e0d6", "clock": "#e9e2d2",
        "panel": "#fffaf0"}
HIGHLIGHT, SELECTED = "#ff9f1c", "#e63946"
ROMAN = ("I", "II", "III")


def initial(state: GameState, seat: int) -> str:
    return state.names[seat][:1].upper()


def cube(painter: Painter, box: Box, colour: int) -> None:
    """A coal cube: its colour and its letter (Y B G K)."""
    painter.rect(box.x, box.y, box.w, box.h, fill=COAL[colour], stroke=INK, width=0.8, radius=2)
    painter.text(box.cx, box.y + box.h * 0.78, COLOUR_LETTERS[colour], size=box.h * 0.7,
                 fill=COAL_INK[colour], anchor="middle", bold=True)


def worker_stack(painter: Painter, state: GameState, x: float, y: float, seat: int,
                 count: int, r: float = 11) -> None:
    """A worker disc in the owner's colour with the owner's initial and the count."""
    painter.circle(x, y, r, fill=PLAYER[seat], stroke=INK, width=1)
    painter.text(x, y + r * 0.4, f"{initial(state, seat)}{count}", size=r * 0.95, fill="#fff",
                 anchor="middle", bold=True)


# --- static layer ------------------------------------------------------------------------
def draw_static(layout: Layout, painter: Painter) -> None:
    painter.rect(0, 0, layout.width, layout.height, fill=PAPER)
    for area in ("tunnel", "mining", "delivery", "money", "orders", "canteen", "supply",
                 "clock", "panel"):
        box = layout.box(f"area:{area}")
        painter.rect(box.x, box.y, box.w, box.h, fill=AREA[area], stroke=FAINT, radius=6)
        if area != "panel":
            painter.text(box.x + 8, box.y + 15, t(f"area.{area}"), size=12, fill=INK, bold=True)


# --- pieces layer ------------------------------------------------------------------------
def draw_pieces(state: GameState, layout: Layout, painter: Painter) -> None:
    for space in SPACES:
        _space(state, layout, painter, space.code)
    _canteen(state, layout, painter)
    _supply(state, layout, painter)
    _clock(state, layout, painter)
    _panel(state, layout, painter)
    for p in range(state.players):
        _mine(state, layout, painter, p)


def _tile(painter: Painter, box: Box, kind: int) -> None:
    tile = TILES[kind]
    painter.rect(box.x, box.y, box.w, box.h, fill="#b99b6b", stroke=INK, radius=4)
    cart_w = 22
    start = box.cx - tile.carts * cart_w / 2
    for k in range(tile.carts):
        cube(painter, Box(start + k * cart_w + 2, box.y + 8, 18, 18), tile.colour)
    side = t("label.light") if tile.side == LIGHT else t("label.dark")
    painter.text(box.cx, box.y + box.h - 6, f"{tile.code} · {side}", size=10, fill=INK,
                 anchor="middle")


def _order_card(painter: Painter, box: Box, card: int) -> None:
    """An order on the board: transport, VP and the coal icons it needs."""
    order = ORDERS[card]
    painter.rect(box.x, box.y, box.w, box.h, fill="#fffdf7", stroke=INK, radius=4)
    scale = min(box.w / 76, box.h / 46)
    painter.text(box.x + 4, box.y + 14 * scale, t(f"transport.{order.transport}")[:5],
                 size=10 * scale, fill=INK)
    painter.text(box.x + box.w - 4, box.y + 14 * scale, f"{order.vp}", size=12 * scale,
                 fill=INK, anchor="end", bold=True)
    for s, colour in enumerate(order.slots):
        cube(painter, Box(box.x + 4 + s * 16 * scale, box.y + 22 * scale, 14 * scale,
                          14 * scale), colour)


def _space(state: GameState, layout: Layout, painter: Painter, code: str) -> None:
    box = layout.box(f"space:{code}")
    space = next(s for s in SPACES if s.code == code)
    locked = space not in open_spaces(state.players)  # the engine's R-SETUP-1
    painter.rect(box.x, box.y, box.w, box.h, fill="#c9c2b4" if locked else "#fbf7ee",
                 stroke=INK, width=1, radius=5)
    painter.text(box.x + 5, box.y + 14, code.replace("*", "★"), size=12, fill=INK, bold=True)
    if locked:
        painter.line(box.x, box.y, box.x + box.w, box.y + box.h, stroke=FAINT, width=2)
        painter.text(box.cx, box.cy + 4, t("label.locked"), size=12, fill=INK, anchor="middle")
        return
    inner = Box(box.x + 6, box.y + 20, box.w - 12, min(62, box.h - 46))
    if code.startswith("F") and code != "F*":
        kind = state.tile_spaces[space.value]
        if kind is None:
            painter.text(box.cx, inner.cy, t("label.empty"), size=11, fill=FAINT, anchor="middle")
        else:
            _tile(painter, inner, kind)
            painter.text(box.x + box.w - 5, box.y + 14, t("label.marks", n=TILES[kind].price),
                         size=11, fill=INK, anchor="end", bold=True)
    elif code == "F*" or code == "O*":
        deck = state.tile_deck if code == "F*" else state.order_deck
        painter.text(box.cx, inner.cy, "★ 5", size=18, fill=INK, anchor="middle", bold=True)
        painter.text(box.cx, inner.cy + 18, t("label.deck", n=len(deck)), size=10, fill=INK,
                     anchor="middle")
    elif code.startswith("O") and state.phase != "draft":
        card = state.order_spaces[space.value]
        if card is None:
            painter.text(box.cx, inner.cy, t("label.empty"), size=11, fill=FAINT, anchor="middle")
        else:
            _order_card(painter, Box(inner.x, inner.y, inner.w, 46), card)
    elif code.startswith("M"):
        painter.text(box.cx, inner.cy + 4, t("label.steps", n=space.value), size=13, fill=INK,
                     anchor="middle", bold=True)
    elif code.startswith("D"):
        painter.text(box.cx, inner.cy + 4, t(f"transport.{space.value}"), size=12, fill=INK,
                     anchor="middle")
    elif code.startswith("$"):
        painter.text(box.cx, inner.cy + 4, t("label.marks", n=space.value), size=14, fill=INK,
                     anchor="middle", bold=True)
    elif code == "BANK":
        painter.text(box.cx, box.y + 30, t("area.bank"), size=11, fill=INK, anchor="middle")
        painter.text(box.cx, box.y + 44, t("label.marks", n=1), size=11, fill=INK,
                     anchor="middle")
        standing = [(p, n) for p, n in enumerate(state.bank_workers) if n]
        for k, (p, n) in enumerate(standing):
            worker_stack(painter, state, box.x + 16 + k * 22, box.y + box.h - 16, p, n, r=10)
        return
    if code.startswith("O") and state.phase == "draft":
        return  # the draft pool is drawn over the order row
    count = state.space_count[space.index]
    if count:
        worker_stack(painter, state, box.cx, box.y + box.h - 15, state.space_owner[space.index],
                     count)


def _canteen(state: GameState, layout: Layout, painter: Painter) -> None:
    box = layout.box("area:canteen")
    for p, n in enumerate(state.canteen):
        if n:
            worker_stack(painter, state, box.x + 18 + (p % 2) * 44, box.y + 40 + (p // 2) * 30,
                         p, n, r=11)


def _supply(state: GameState, layout: Layout, painter: Painter) -> None:
    for colour in range(4):
        box = layout.box(f"supply:{colour}")
        cube(painter, Box(box.x + 8, box.y + 4, 24, 24), colour)
        painter.text(box.cx, box.y + 48, str(state.supply[colour]), size=14, fill=INK,
                     anchor="middle", bold=True)


def _clock(state: GameState, layout: Layout, painter: Painter) -> None:
    box = layout.box("area:clock")
    cx, cy, r = box.x + 96, box.y + 140, 80
    scored = SEGMENTS_AFTER_SHIFT[state.shift - 1]
    for seg in range(12):
        angle = math.radians(seg * 30 - 75)
        sx, sy = cx + r * math.cos(angle), cy + r * math.sin(angle)
        fill = "#f6d88b" if seg < scored else "#fffaf0"
        painter.circle(sx, sy, 17, fill=fill, stroke=INK)
        first, second = SEGMENT_POINTS[seg]
        painter.text(sx, sy - 2, str(seg + 1), size=10, fill=INK, anchor="middle", bold=True)
        painter.text(sx, sy + 10, f"{first}/{second}", size=9, fill=INK, anchor="middle")
    hand = math.radians((state.shift - 1) * 120 - 90)
    painter.line(cx, cy, cx + 44 * math.cos(hand), cy + 44 * math.sin(hand), stroke=INK,
                 width=3)
    painter.text(cx, cy + 24, t("label.shift", roman=ROMAN[state.shift - 1]), size=12,
                 fill=INK, anchor="middle", bold=True)
    for p in range(state.players):  # the scores
        y = box.y + 40 + p * 24
        painter.circle(box.x + 200, y, 8, fill=PLAYER[p], stroke=INK)
        painter.text(box.x + 200, y + 4, initial(state, p), size=9, fill="#fff",
                     anchor="middle", bold=True)
        marker = " ◆" if p == state.start_player else ""
        painter.text(box.x + 212, y + 4, f"{state.names[p][:6]}{marker}", size=11, fill=INK)
        painter.text(box.x + 284, y + 4, t("label.vp", n=state.score[p]), size=11, fill=INK,
                     anchor="end", bold=True)


def _panel(state: GameState, layout: Layout, painter: Painter) -> None:
    box = layout.box("area:panel")
    x, y = box.x + 8, box.y + 18
    if state.is_over:
        result = state.result()
        names = " & ".join(state.names[w] for w in result.winners)
        painter.text(x, y, t("status.over"), size=13, fill=INK, bold=True)
        painter.text(x, y + 20, names, size=13, fill=INK)
        return
    name = state.names[state.current]
    if state.phase == "draft":
        painter.text(x, y, t("label.draft"), size=12, fill=INK, bold=True)
        area = layout.box("area:orders")  # the draft pool covers the (still empty) order row
        painter.rect(area.x + 2, area.y + 18, area.w - 4, area.h - 20, fill=AREA["orders"])
        for card in state.draft_pool:
            _order_card(painter, layout.box(f"draft:{ORDERS[card].code}"), card)
    elif state.phase == "choose":
        key = "label.choose_tile" if state.choice_kind == "tile" else "label.choose_order"
        painter.text(x, y, t(key), size=10, fill=INK, bold=True)
        for i, item in enumerate(state.choice):
            item_box = layout.box(f"choice:{i}")
            if state.choice_kind == "tile":
                _tile(painter, item_box, item)
            else:
                _order_card(painter, item_box, item)
        for word in ("none", "top", "bottom"):
            b = layout.box(f"choice:{word}")
            painter.rect(b.x, b.y, b.w, b.h, fill="#efe6d2", stroke=INK, radius=5)
            painter.text(b.cx, b.cy + 4, t(f"label.{word}"), size=12, fill=INK, anchor="middle")
    elif state.phase == "place":
        painter.text(x, y, t("label.place"), size=12, fill=INK, bold=True)
    elif state.phase == "cube":
        painter.text(x, y, t("label.cube"), size=12, fill=INK, bold=True)
    elif state.phase == "mine":
        painter.text(x, y, t("label.steps_left", n=state.steps_left), size=14, fill=INK,
                     bold=True)
        b = layout.box("stop")
        painter.rect(b.x, b.y, b.w, b.h, fill="#f4d3cf", stroke=INK, radius=5)
        painter.text(b.cx, b.cy + 4, t("label.stop"), size=13, fill=INK, anchor="middle",
                     bold=True)
    if state.phase != "choose":  # (the choice's buttons sit there)
        painter.text(x, box.y + box.h - 10, name, size=13, fill=PLAYER[state.current],
                     bold=True)


def _mine(state: GameState, layout: Layout, painter: Painter, p: int) -> None:
    box = layout.box(f"mine:{p}")
    acting = p == state.current and not state.is_over
    painter.rect(box.x, box.y, box.w, box.h, fill="#f7f2e7", stroke=PLAYER[p],
                 width=4 if acting else 1.5, radius=8)
    arrow = "▶ " if acting else ""
    start = " ◆" if p == state.start_player else ""
    painter.text(box.x + 8, box.y + 17, f"{arrow}{state.names[p]}{start}", size=14,
                 fill=PLAYER[p], bold=True)
    light = sum(1 for kind in state.tiles[p] if TILES[kind].side == LIGHT)
    painter.text(box.x + box.w - 8, box.y + 17, t("label.tiles", light=light,
                                                  dark=len(state.tiles[p]) - light),
                 size=11, fill=INK, anchor="end")
    painter.text(box.x + 8, box.y + 34, t("label.holdings", vp=state.score[p],
                                          marks=state.money[p],
                                          workers=count(state.workers[p], "worker")),
                 size=11, fill=INK)
    # the shaft: surface and four levels, the cage at its level
    for level in range(5):
        cell = layout.box(f"level:{p}:{level}")
        fill = "#d8e4c8" if level == 0 else COAL[level - 1]
        painter.rect(cell.x, cell.y, cell.w, cell.h, fill=fill, stroke=INK, width=0.8)
        label = t("label.surface") if level == 0 else str(level)
        ink = "#fff" if level in (2, 4) else INK
        painter.text(cell.x + 3, cell.y + 11, label, size=9, fill=ink)
    cage = layout.box(f"level:{p}:{state.cage_level[p]}")
    painter.rect(cage.x + 1, cage.y + 15, cage.w - 2, cage.h - 14, fill="#fffaf0",
                 stroke=INK, width=1.5)
    for colour in range(4):
        for b in layout.boxes.get(f"cage:{p}:{colour}", []):
            cube(painter, b, colour)
    # tiles (light ones marked with a lantern), then their carts
    for number, kind in enumerate(state.tiles[p]):
        frame = layout.box(f"tile:{p}:{number}")
        light = TILES[kind].side == LIGHT
        painter.rect(frame.x, frame.y, frame.w, frame.h, fill="#fff1bf" if light else "#cfc6b6",
                     stroke=FAINT, width=0.8, radius=3)
        if light:
            painter.text(frame.cx, frame.y + 5, "☀", size=6, fill=INK, anchor="middle")
    for level in range(1, 5):
        for index, cart in enumerate(state.carts[p][level - 1]):
            b = layout.box(f"cart:{p}:{level}:{index}")
            if cart < 0:
                painter.rect(b.x, b.y + 4, b.w, b.h - 4, fill="#d7cfc0", stroke=FAINT,
                             width=0.8, radius=2)
            else:
                cube(painter, Box(b.x, b.y + 2, b.w, b.h - 2), cart)
    storage = layout.box(f"storage:{p}")
    painter.rect(storage.x, storage.y, storage.w, storage.h, fill="#efe6d2", stroke=INK,
                 radius=4)
    painter.text(storage.x + 4, storage.y + 20, t("label.storage"), size=10, fill=INK)
    for colour in range(4):
        for b in layout.boxes.get(f"stock:{p}:{colour}", []):
            cube(painter, b, colour)
    for card, slots in state.outstanding[p]:
        code = ORDERS[card].code
        card_box = layout.box(f"order:{p}:{code}")
        scale = card_box.h / 46
        painter.rect(card_box.x, card_box.y, card_box.w, card_box.h, fill="#fffdf7", stroke=INK,
                     radius=3)
        painter.text(card_box.x + 3, card_box.y + 13 * scale, code, size=10 * scale, fill=INK,
                     bold=True)
        for s, cubes in enumerate(slots):
            b = layout.box(f"slot:{p}:{code}:{s}")
            want = ORDERS[card].slots[s]
            painter.rect(b.x, b.y, b.w, b.h, fill="#fff", stroke=COAL[want], width=2, radius=2)
            if not cubes:
                painter.text(b.cx, b.y + b.h * 0.72, COLOUR_LETTERS[want], size=b.h * 0.55,
                             fill=FAINT, anchor="middle")
            for k, colour in enumerate(cubes):
                half = b.h / len(cubes)
                cube(painter, Box(b.x + 1, b.y + k * half + 1, b.w - 2, half - 2), colour)
    done = " ".join(ORDERS[c].code for c in state.delivered[p])
    line = layout.box(f"delivered:{p}")
    painter.text(line.x, line.y + 13, t("label.delivered", orders=done or "—")[:70], size=10,
                 fill=INK)


# --- highlights layer ----------------------------------------------------------------------
def draw_highlights(layout: Layout, painter: Painter, targets: set[str],
                    selected: list[str]) -> None:
    """Outline every legal next target; mark the selected ones."""
    for name, box in layout.clickable:
        if name in targets:
            painter.rect(box.x - 2, box.y - 2, box.w + 4, box.h + 4, stroke=HIGHLIGHT, width=3,
                         radius=5)
    for name in selected:
        for box in layout.boxes.get(name, []):
            painter.rect(box.x - 3, box.y - 3, box.w + 6, box.h + 6, stroke=SELECTED, width=3,
                         radius=5)
