"""Every move shown moving (issue 27): what an action's events look like in motion.

Pure: no widget here. :func:`plan` reads an action's events (:mod:`gluckauf.core.events`) with the
picture before and after it (two :class:`Frame`) and returns :class:`Part` values — a worker
going to its space, a displaced one to the canteen, the cage up or down the shaft, a cube from
a cart into the cage, a card to a mine, Marks paid and received; :func:`message` turns them into
one small message for the page (``widgets/motionplayer.js``), which only plays it.

The board under the motion already shows the state after the action: a part's piece is drawn
where it lands, and a *cover* — the picture before, cut to that place — hides it there until the
moving piece arrives. So a motion is a short overlay: skipped, cut short or never shown (a new
view, ``prefers-reduced-motion``, the setting off), the board is right. Every part of an action
ends within :data:`LENGTH` ms.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from gluckauf.core.components import ORDER_BY_CODE, TILE_BY_CODE
from gluckauf.core.events import Event
from gluckauf.core.state import GameState

from .draw import (
    AREA,
    SPACE_FILL,
    bank_spots,
    canteen_spots,
    draw_workers,
    order_box,
    order_card,
    tile_box,
    workers_spot,
)
from .geometry import CARD_H, CARD_W, CUBE, Box, Layout
from .icons import GOLD, INK, cube
from .painter import FONT, Op, Painter, inside, svg_elements, within

LENGTH = 300  # ms: the longest an action's motion lasts (issue 27: ≤ 300 ms per action)
TRAVEL = 240  # ms: a piece on its way
LATE = LENGTH - TRAVEL  # ms: what comes second (Marks after the worker, a refill) waits this
EASE = "cubic-bezier(.3,.1,.3,1)"
OFF = ("off", "0", "no", "false")


def motion_default() -> bool:
    """Whether boards show moves moving unless told: yes, unless the environment variable
    ``GLUCKAUF_MOTION`` says off (the test suite does: its pictures must not move)."""
    return os.environ.get("GLUCKAUF_MOTION", "on").strip().lower() not in OFF


@dataclass(frozen=True)
class Frame:
    """A picture as drawn: its layout, its display list (static and pieces layers), and what
    of the state then names its pieces: the orders in hand (a fill names its slot by colour:
    the empty one of that colour), each cage's and storage's cubes per colour (the second cube
    of a colour has a box of its own), and the cards or tiles to choose from (F★/O★)."""

    layout: Layout
    ops: list[Op]
    hands: tuple[tuple[tuple[int, tuple[tuple[int, ...], ...]], ...], ...]
    cages: tuple[tuple[int, ...], ...] = ()
    stores: tuple[tuple[int, ...], ...] = ()
    choice: tuple[int, ...] = ()

    @classmethod
    def of(cls, state: GameState, layout: Layout, ops: list[Op]) -> Frame:
        hands = tuple(
            tuple((card, tuple(tuple(c) for c in slots)) for card, slots in hand)
            for hand in state.outstanding
        )
        return cls(
            layout,
            ops,
            hands,
            tuple(tuple(cage) for cage in state.cage),
            tuple(tuple(store) for store in state.storage),
            tuple(state.choice),
        )

    @property
    def shape(self) -> tuple:
        """What makes two pictures alike: their height, featured mine and sections."""
        return self.layout.height, self.layout.featured, self.layout.sections

    def cut(self, box: Box) -> list[Op]:
        """The picture's operations that paint inside ``box``."""
        return within(self.ops, box.x, box.y, box.right, box.bottom)

    def pieces(self, box: Box) -> list[Op]:
        """The picture's operations that paint only inside ``box``: what stands there."""
        return inside(self.ops, box.x, box.y, box.right, box.bottom)

    def box(self, name: str) -> Box | None:
        """The first box of that name in this picture, or None."""
        boxes = self.layout.boxes.get(name)
        return boxes[0] if boxes else None


@dataclass(frozen=True)
class Part:
    """One piece's motion: ``ops`` drawn at ``home`` travel from ``start`` to ``end`` (the
    centres of their boxes; ``start`` None: the piece grows in place), from ``delay`` ms for
    ``duration`` ms; ``fade`` "out" ends it transparent. ``cover``: the picture before, shown
    over that box until the piece arrives."""

    ops: tuple[Op, ...]
    home: Box
    start: Box | None
    end: Box
    delay: int = 0
    duration: int = TRAVEL
    fade: str | None = None
    cover: tuple[Box, tuple[Op, ...]] | None = None


def _centre_offset(box: Box, home: Box) -> tuple[float, float]:
    return round(box.cx - home.cx, 1), round(box.cy - home.cy, 1)


def _seat_box(frame: Frame, seat: int | None) -> Box | None:
    """Where a player's own things are drawn: the mine's header, else its brief or compact
    mine, else the players' lines or the clock bar's standings."""
    if seat is None:
        return None
    for name in (f"header:{seat}", f"mine:{seat}", "area:players", "area:clockbar"):
        box = frame.box(name)
        if box is not None:  # top left
            return Box(box.x + 8, box.y + 4, min(box.w, 120), 28)
    return None


def _nth(kind: str, seat: int, colour: int, k: int) -> str:
    """The name of the ``k``-th cube of a colour in a cage or storage (``cage:0:2``,
    ``cage:0:2:1``): each has a box of its own."""
    return f"{kind}:{seat}:{colour}" + (f":{k}" if k > 0 else "")


def _lifted(box: Box) -> Box:
    """Where a card goes whose owner this view does not show: up a little, fading."""
    return Box(box.x, box.y - 30, box.w, box.h)


def _blank(box: Box, fill: str) -> tuple[Box, tuple[Op, ...]]:
    return box, (("rect", box.x, box.y, box.w, box.h, fill, None, 1.0, 0),)


def _coin(centre: Box, text: str) -> tuple[tuple[Op, ...], Box]:
    """A Mark coin with its amount ("+4", "−2"), drawn at ``centre``."""
    p = Painter()
    p.circle(centre.cx, centre.cy, 11, fill=GOLD, stroke=INK, width=1)
    p.text(centre.cx, centre.cy + 4, text, size=11, fill=INK, anchor="middle", bold=True)
    return tuple(p.ops), Box(centre.cx - 12, centre.cy - 12, 24, 24)


def _cube(box: Box, colour: int, size: float = CUBE) -> tuple[tuple[Op, ...], Box]:
    p = Painter()
    home = Box(box.cx - size / 2, box.cy - size / 2, size, size)
    cube(p, home.x, home.y, size, colour)
    return tuple(p.ops), home


class _Planner:
    def __init__(self, before: Frame, after: Frame, state: GameState) -> None:
        self.before, self.after, self.state = before, after, state
        self.same = before.shape == after.shape  # the picture kept its shape
        self.parts: list[Part] = []

    def cover(self, box: Box) -> tuple[Box, tuple[Op, ...]] | None:
        return (box, tuple(self.before.cut(box))) if self.same else None

    def travel(self, ops: Iterable[Op], home: Box, start: Box | None, end: Box, **how: Any) -> None:
        self.parts.append(Part(tuple(ops), home, start, end, **how))

    def grow(self, box: Box, cover: tuple[Box, tuple[Op, ...]] | None) -> None:
        """What stands in ``box`` now grows there, after what moves first."""
        self.travel(
            self.after.pieces(box), box, None, box, delay=LATE, duration=TRAVEL - LATE, cover=cover
        )

    # --- one method per event kind -------------------------------------------------------
    def place(self, event: Event, space_code: str) -> None:
        seat = event.player
        space = self.after.box(f"space:{space_code}")
        if space is None:  # a view without the board now (At a glance, mining): the workers
            self.to_panel(event)  # go to the panel that tells what they do
            return
        if space_code == "BANK":
            end = bank_spots(self.state, space).get(seat)  # type: ignore[arg-type]
            if end is None:
                return
        else:
            end = workers_spot(space)
        start = _seat_box(self.before, seat)
        self.travel(self.after.pieces(end), end, start, end, cover=_blank(end, SPACE_FILL))

    def to_panel(self, event: Event) -> None:
        seat = event.player
        start, panel = _seat_box(self.before, seat), self.after.box("area:panel")
        if start is None or panel is None or seat is None:
            return
        ops, home = self.workers(start, seat, event.data["workers"])
        self.travel(ops, home, start, Box(panel.x + 8, panel.y + 4, start.w, start.h), fade="out")

    def workers(self, at: Box, seat: int, n: int) -> tuple[list[Op], Box]:
        """A worker piece with its count, as a space shows it, in the box ``at``."""
        p = Painter()
        home = Box(at.cx - 24, at.cy - 14, 48, 28)
        draw_workers(self.state, p, home.cx + 2, home.bottom - 1, seat, n)
        return p.ops, home

    def canteen(self, event: Event) -> None:
        code, seat = event.data["space"], event.player
        space = self.before.box(f"space:{code}") or self.after.box(f"space:{code}")
        area = self.after.box("area:canteen")
        if space is None or area is None or seat is None:
            return
        start = workers_spot(space)
        end = canteen_spots(self.state, area).get(seat)
        if end is None:
            return
        ops, home = self.workers(start, seat, event.data["workers"])
        self.travel(ops, home, start, end, cover=_blank(end, AREA["canteen"]))

    def money(self, event: Event, space_code: str | None, paid: bool) -> None:
        seat_box = _seat_box(self.after, event.player)
        space = self.after.box(f"space:{space_code}") if space_code else None
        if seat_box is None or space is None:
            return
        marks = event.data["marks"]
        ops, home = _coin(space if not paid else seat_box, f"−{marks}" if paid else f"+{marks}")
        start, end = (seat_box, space) if paid else (space, seat_box)
        self.travel(ops, home, start, end, delay=LATE, fade="out")

    def tile(self, event: Event, space_code: str | None) -> None:
        space = self.before.box(f"space:{space_code}") if space_code else None
        if space is None:
            return
        start = tile_box(space)
        seat = event.player
        tiles = len(self.state.tiles[seat])  # type: ignore[index]
        end = self.after.box(f"tile:{seat}:{tiles - 1}") or _seat_box(self.after, seat)
        if end is None:
            return
        self.travel(self.before.pieces(start), start, start, end, fade="out")

    def refill(self, event: Event) -> None:
        if not (event.data.get("tile") is not None or event.data.get("order")):
            return
        space = self.after.box(f"space:{event.data['space']}")
        if space is None:
            return
        code = event.data["space"]
        box = tile_box(space) if code.startswith("F") else order_box(space)
        self.grow(box, _blank(box, SPACE_FILL))  # the taken one has gone

    def chosen(self, event: Event, code: str) -> None:
        """A card or tile taken from F★/O★'s choice (R-LOOK): from the choice to its owner."""
        seat = event.player
        if event.kind == "take_order":
            index = ORDER_BY_CODE[code].index
            end = self.after.box(f"order:{seat}:{code}")
        else:
            index = TILE_BY_CODE[code].index
            tiles = len(self.state.tiles[seat])  # type: ignore[index]
            end = self.after.box(f"tile:{seat}:{tiles - 1}")
        if index not in self.before.choice:
            return
        start = self.before.box(f"choice:{self.before.choice.index(index)}")
        if start is None:
            return
        end = end or _seat_box(self.after, seat) or _lifted(start)
        self.travel(self.before.pieces(start), start, start, end, fade="out")

    def draft(self, event: Event) -> None:
        """An order taken in the draft (R-SETUP-4): from the draft's row to its owner."""
        seat, code = event.player, event.data["order"]
        start = self.before.box(f"draft:{code}")
        if start is None:
            return
        end = self.after.box(f"order:{seat}:{code}") or _seat_box(self.after, seat)
        self.travel(self.before.pieces(start), start, start, end or _lifted(start), fade="out")

    def take_order(self, event: Event, space_code: str | None) -> None:
        space = self.before.box(f"space:{space_code}") if space_code else None
        if space is None:
            return
        start = order_box(space)
        seat = event.player
        end = self.after.box(f"order:{seat}:{event.data['order']}")
        if end is None:
            end = _seat_box(self.after, seat)
            if end is None:
                return
            self.travel(self.before.pieces(start), start, start, end, fade="out")
            return
        self.travel(self.after.pieces(end), end, start, end, cover=self.cover(end))

    def deliver(self, event: Event, space_code: str | None) -> None:
        seat, code = event.player, event.data["order"]
        card = self.before.box(f"order:{seat}:{code}")
        space = self.after.box(f"space:{space_code}") if space_code else None
        if space is None:
            return
        if card is not None:
            self.travel(self.before.pieces(card), card, card, space, fade="out")
            return
        start = _seat_box(self.before, seat) or _seat_box(self.after, seat)
        if start is None:  # the mine was not drawn whole: the card comes from its owner
            return
        p = Painter()
        home = Box(start.x, start.y, CARD_W, CARD_H)
        order_card(p, home, ORDER_BY_CODE[code].index)
        self.travel(p.ops, home, home, space, fade="out")

    def cage(self, event: Event) -> None:
        seat = event.player
        old, new = self.before.box(f"cagebox:{seat}"), self.after.box(f"cagebox:{seat}")
        if old is None or new is None:
            return
        # the cage with every cube in it (a fifth one may stand past the cage's frame)
        cubes = [
            box
            for colour, n in enumerate(self.after.cages[seat])  # type: ignore[index]
            for k in range(n)
            if (box := self.after.box(_nth("cage", seat, colour, k))) is not None
        ]
        left, top = min(b.x for b in (new, *cubes)), min(b.y for b in (new, *cubes))
        right = max(b.right for b in (new, *cubes))
        bottom = max(b.bottom for b in (new, *cubes))
        end = Box(left, top, right - left, bottom - top)
        start = Box(left + old.x - new.x, top + old.y - new.y, end.w, end.h)
        self.travel(self.after.pieces(end), end, start, end, cover=self.cover(end))

    def load(self, event: Event) -> None:
        seat, colour = event.player, event.data["cube"]
        cart = self.before.box(f"cart:{seat}:{event.data['level']}:{event.data['cart']}")
        held = self.after.cages[seat][colour]  # type: ignore[index]
        end = self.after.box(_nth("cage", seat, colour, held - 1))
        if cart is None or end is None:
            return
        ops, home = _cube(end, colour, end.w)
        lift = Box(cart.x, cart.y, cart.w, cart.h * 0.6)  # the cube rides on top of its cart
        self.travel(ops, home, lift, end, cover=self.cover(end))

    def store(self, event: Event) -> None:
        seat, colour = event.player, event.data["cube"]
        held = self.before.cages[seat][colour]  # type: ignore[index]
        start = self.before.box(_nth("cage", seat, colour, held - 1))
        stored = min(self.after.stores[seat][colour], 2)  # type: ignore[index]
        end = self.after.box(_nth("stock", seat, colour, stored - 1)) or self.after.box(
            f"storage:{seat}"
        )
        if start is None or end is None:
            return
        ops, home = _cube(end, colour, min(CUBE, start.w))
        self.travel(ops, home, start, end, cover=self.cover(end))

    def fill(self, event: Event) -> None:
        seat, order = event.player, event.data["order"]
        slot = self._slot_filled(seat, order, event.data["slot"])  # type: ignore[arg-type]
        end = self.after.box(f"slot:{seat}:{order}:{slot}") if slot is not None else None
        if end is None:
            return
        left = {  # cubes of each colour in the cage and in storage (two shown) before
            "c": list(self.before.cages[seat]),  # type: ignore[index]
            "s": [min(n, 2) for n in self.before.stores[seat]],  # type: ignore[index]
        }
        for source, colour in event.data["cubes"]:
            left[source][colour] -= 1
            kind = "cage" if source == "c" else "stock"
            start = self.before.box(_nth(kind, seat, colour, max(left[source][colour], 0)))
            if start is None:
                continue
            size = min(end.w - 4, start.w)
            ops, home = _cube(start, colour, size)
            self.travel(ops, home, start, end, cover=self.cover(end))

    def _slot_filled(self, seat: int, order: str, colour: int) -> int | None:
        card = ORDER_BY_CODE[order].index
        for held, slots in self.before.hands[seat]:
            if held == card:
                colours = ORDER_BY_CODE[order].slots
                return next(
                    (i for i, cubes in enumerate(slots) if not cubes and colours[i] == colour), None
                )
        return None

    def new_carts(self) -> None:
        """Carts that came with a tile grow into the mine."""
        if not self.same:
            return
        for name, boxes in self.after.layout.boxes.items():
            if name.startswith("cart:") and name not in self.before.layout.boxes:
                self.grow(boxes[0], self.cover(boxes[0]))


def plan(before: Frame, after: Frame, events: Iterable[Event], state: GameState) -> list[Part]:
    """The motion of one action: a :class:`Part` per piece that moved (see the module
    docstring). ``state`` is the state after the action (``after``'s)."""
    events = list(events)
    if any(event.kind in ("shift_end", "game_over") for event in events):
        return []  # the scoring's card covers the board now, and the workers went home
    planner = _Planner(before, after, state)
    placed = next((e.data["space"] for e in events if e.kind == "place"), None)
    for event in events:
        kind = event.kind
        if kind == "place":
            planner.place(event, event.data["space"])
        elif kind == "canteen":
            planner.canteen(event)
        elif kind == "money":
            planner.money(event, placed, paid=False)
        elif kind == "buy_tile" and placed is None:
            planner.chosen(event, event.data["tile"])
            planner.new_carts()
        elif kind == "buy_tile":
            planner.tile(event, placed)
            planner.money(event, placed, paid=True)
            planner.new_carts()
        elif kind == "refill":
            planner.refill(event)
        elif kind == "take_order" and placed is None:
            planner.chosen(event, event.data["order"])
        elif kind == "take_order":
            planner.take_order(event, placed)
        elif kind == "draft":
            planner.draft(event)
        elif kind == "deliver":
            planner.deliver(event, placed)
        elif kind == "cage":
            planner.cage(event)
        elif kind == "load":
            planner.load(event)
        elif kind == "store":
            planner.store(event)
        elif kind == "fill":
            planner.fill(event)
    return planner.parts


def _keyframes(part: Part) -> list[dict[str, Any]]:
    if part.start is None:  # grows where it lands
        return [{"transform": "scale(0.3)", "opacity": 0}, {"transform": "scale(1)", "opacity": 1}]
    dx, dy = _centre_offset(part.start, part.home)
    ex, ey = _centre_offset(part.end, part.home)
    last = {"transform": f"translate({ex}px,{ey}px)", "opacity": 0 if part.fade == "out" else 1}
    return [{"transform": f"translate({dx}px,{dy}px)", "opacity": 1}, last]


def message(
    parts: list[Part], width: float, height: float, ids: str = "gk-motion"
) -> dict[str, Any] | None:
    """The motion for the page (``motionplayer.js``): one SVG to lay over the board, and the
    animations of its numbered groups (Web Animations keyframes). None: nothing moves."""
    if not parts:
        return None
    svg: list[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}"'
        f' font-family="{FONT}"><defs>'
    ]
    body: list[str] = []
    animations: list[dict[str, Any]] = []
    clips = 0
    for part in parts:  # covers first: every moving piece passes over every cover
        if part.cover is None:
            continue
        box, ops = part.cover
        svg.append(
            f'<clipPath id="{ids}-c{clips}"><rect x="{box.x:g}" y="{box.y:g}" '
            f'width="{box.w:g}" height="{box.h:g}"/></clipPath>'
        )
        body.append(
            f'<g class="cover" data-m="{len(animations)}" clip-path="url(#{ids}-c{clips})">'
            f"{''.join(svg_elements(list(ops)))}</g>"
        )
        clips += 1
        arrive = part.delay + part.duration
        animations.append(
            {
                "keyframes": [{"opacity": 1}, {"opacity": 1, "offset": 0.999}, {"opacity": 0}],
                "delay": 0,
                "duration": arrive,
            }
        )
    for part in parts:
        grow = part.start is None
        style = ' style="transform-box:fill-box;transform-origin:center"' if grow else ""
        body.append(
            f'<g class="piece" data-m="{len(animations)}"{style}>'
            f"{''.join(svg_elements(list(part.ops)))}</g>"
        )
        animations.append(
            {
                "keyframes": _keyframes(part),
                "delay": part.delay,
                "duration": part.duration,
                "easing": EASE,
            }
        )
    svg.append("</defs>")
    svg += body
    svg.append("</svg>")
    return {
        "svg": "".join(svg),
        "animations": animations,
        "length": max(a["delay"] + a["duration"] for a in animations),
    }


__all__ = ["LENGTH", "Frame", "Part", "message", "motion_default", "plan"]
