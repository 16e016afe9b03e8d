"""One geometry table for drawing and hit-testing: every box on the picture, by id.

:func:`layout` computes, for a state, where everything goes (in CSS pixels of a
``WIDTH`` × ``height`` picture). Clickable boxes carry a *target id*, e.g. ``space:F3``,
``level:0:2`` (seat 0's shaft at level 2), ``cart:1:3:0``, ``cage:0:1`` (a brown cube in seat 0's
cage), ``stock:0:2`` (a grey cube in storage), ``storage:0``, ``slot:0:C9KK:3``, ``draft:W3YY``,
``choice:2``, ``choice:none``, ``choice:top``, ``choice:bottom``, ``supply:1``, ``stop``.
Drawing reads the same boxes, so what you see is exactly what you can click.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gluckauf.components import (
    LIGHT,
    ORDER_SPACES,
    ORDERS,
    SPACE_BY_CODE,
    TILE_SPACES,
    TILES,
)
from gluckauf.state import GameState

WIDTH = 1280
BOARD_HEIGHT = 450
MINE_HEIGHT = 372
MARGIN = 10
PRINTED_SIDE = (1, 0, 0, 1)  # R-SETUP-3 drawing: yellow and black printed carts on the dark side


@dataclass(frozen=True, slots=True)
class Box:
    x: float
    y: float
    w: float
    h: float

    def contains(self, px: float, py: float) -> bool:
        return self.x <= px < self.x + self.w and self.y <= py < self.y + self.h

    @property
    def cx(self) -> float:
        return self.x + self.w / 2

    @property
    def cy(self) -> float:
        return self.y + self.h / 2


@dataclass
class Layout:
    """Named boxes. ``boxes[name]`` lists every box of a name (a target may have several);
    ``clickable`` keeps the clickable ones in drawing order (last on top)."""

    width: int
    height: int
    boxes: dict[str, list[Box]] = field(default_factory=dict)
    clickable: list[tuple[str, Box]] = field(default_factory=list)

    def add(self, name: str, box: Box, *, target: bool = True) -> Box:
        self.boxes.setdefault(name, []).append(box)
        if target:
            self.clickable.append((name, box))
        return box

    def box(self, name: str) -> Box:
        return self.boxes[name][0]

    def hit(self, x: float, y: float) -> str | None:
        """The target id under a point (the topmost, i.e. most specific), or None."""
        for name, box in reversed(self.clickable):
            if box.contains(x, y):
                return name
        return None

    def targets(self) -> set[str]:
        return {name for name, _box in self.clickable}


def layout(state: GameState) -> Layout:
    """Where everything of this state goes."""
    players = state.players
    out = Layout(WIDTH, BOARD_HEIGHT + MINE_HEIGHT + MARGIN)
    _board(out, state)
    width = (WIDTH - MARGIN * (players + 1)) / players
    for p in range(players):
        _mine(out, state, p, MARGIN + p * (width + MARGIN), BOARD_HEIGHT, width)
    return out


def _board(out: Layout, state: GameState) -> None:
    add = out.add
    add("area:tunnel", Box(MARGIN, 8, 9 * 104 - 8, 186), target=False)
    for space in (*TILE_SPACES, SPACE_BY_CODE["F*"]):
        i = 8 if space.code == "F*" else space.value
        add(f"space:{space.code}", Box(MARGIN + 6 + i * 103, 28, 96, 160))
    add("area:mining", Box(MARGIN, 202, 352, 112), target=False)
    for i, steps in enumerate((4, 6, 8, 10)):
        add(f"space:M{steps}", Box(MARGIN + 6 + i * 86, 222, 82, 86))
    add("area:delivery", Box(372, 202, 352, 112), target=False)
    for i, code in enumerate(("DW", "DC", "DT", "DR")):
        add(f"space:{code}", Box(378 + i * 86, 222, 82, 86))
    add("area:money", Box(734, 202, 236, 112), target=False)
    for i, marks in enumerate((3, 4, 5, 6)):
        add(f"space:${marks}", Box(740 + i * 57, 222, 54, 86))
    add("area:orders", Box(MARGIN, 320, 9 * 104 - 8 - 270, 124), target=False)
    for space in (*ORDER_SPACES, SPACE_BY_CODE["O*"]):
        i = 4 if space.code == "O*" else space.value
        add(f"space:{space.code}", Box(MARGIN + 6 + i * 103, 338, 96, 100))
    add("space:BANK", Box(556, 338, 96, 100))
    add("area:canteen", Box(662, 338, 110, 100), target=False)
    add("area:supply", Box(782, 320, 188, 124), target=False)
    for colour in range(4):
        add(f"supply:{colour}", Box(790 + colour * 45, 360, 40, 56))
    add("area:clock", Box(980, 8, 290, 270), target=False)
    add("area:panel", Box(980, 286, 290, 158), target=False)
    _panel(out, state)


def _panel(out: Layout, state: GameState) -> None:
    """The decision panel: the draft pool, the F★/O★ choice, or the stop button."""
    if state.phase == "draft":  # the pool is drawn over the order row (empty until the draft ends)
        for i, card in enumerate(state.draft_pool):  # up to 13 cards: two rows of 7
            row, col = divmod(i, 7)
            out.add(f"draft:{ORDERS[card].code}", Box(MARGIN + 6 + col * 78, 338 + row * 52,
                                                      74, 48))
    elif state.phase == "choose":
        for i in range(len(state.choice)):
            out.add(f"choice:{i}", Box(988 + i * 56, 330, 52, 60))
        for j, name in enumerate(("none", "top", "bottom")):
            out.add(f"choice:{name}", Box(988 + j * 94, 402, 88, 32))
    elif state.phase == "mine":
        out.add("stop", Box(1180, 402, 82, 32))


def _mine(out: Layout, state: GameState, p: int, x0: float, y0: float, w: float) -> None:
    add = out.add
    add(f"mine:{p}", Box(x0, y0, w, MINE_HEIGHT), target=False)
    add(f"header:{p}", Box(x0, y0, w, 40), target=False)
    shaft_x = x0 + w / 2 - 30
    row_y = [y0 + 46 + 36 * level for level in range(5)]  # surface, levels 1–4
    for level in range(5):
        add(f"level:{p}:{level}", Box(shaft_x, row_y[level], 60, 32))
    colours = [c for c, n in enumerate(state.cage[p]) for _ in range(n)]
    for i, colour in enumerate(colours):
        cell = out.box(f"level:{p}:{state.cage_level[p]}")
        add(f"cage:{p}:{colour}", Box(cell.x + 3 + i * 11, cell.y + 19, 10, 12))
    # carts: the printed cart next to the shaft on its side, then tiles outward in attach order;
    # ``tile:p:n`` (not clickable) frames the carts of the player's n-th tile
    side_width = (w - 60) / 2 - 6
    for level in range(1, 5):
        colour = level - 1
        sides: list[list[int]] = [[], []]
        sides[PRINTED_SIDE[colour]].append(0)
        groups: list[tuple[int, int, list[int]]] = []  # (tile number, side, cart indices)
        index = 1
        for number, kind in enumerate(state.tiles[p]):
            tile = TILES[kind]
            if tile.colour == colour:
                members = list(range(index, index + tile.carts))
                sides[tile.side].extend(members)
                groups.append((number, tile.side, members))
                index += tile.carts
        longest = max(len(sides[0]), len(sides[1]), 1)
        size = min(20.0, (side_width - 4) / longest)
        for side, members in enumerate(sides):
            for k, cart in enumerate(members):
                x = shaft_x - 4 - (k + 1) * size if side == LIGHT else shaft_x + 64 + k * size
                add(f"cart:{p}:{level}:{cart}", Box(x, row_y[level] + 6, size - 2, 20))
        for number, _side, members in groups:
            first, last = (out.box(f"cart:{p}:{level}:{c}") for c in (members[0], members[-1]))
            left, right = min(first.x, last.x), max(first.x + first.w, last.x + last.w)
            add(f"tile:{p}:{number}", Box(left - 1, row_y[level] + 2, right - left + 2, 28),
                target=False)
    add(f"storage:{p}", Box(x0 + 6, row_y[0], shaft_x - x0 - 12, 32))
    stored = [c for c, n in enumerate(state.storage[p]) for _ in range(n)]
    room = shaft_x - x0 - 60
    step = min(12.0, room / max(len(stored), 1))
    for i, colour in enumerate(stored):
        add(f"stock:{p}:{colour}", Box(x0 + 56 + i * step, row_y[0] + 11, min(10, step), 12))
    # outstanding orders as small cards with their slots, smaller when there are many
    top, bottom = row_y[4] + 38, y0 + MINE_HEIGHT - 26
    count = len(state.outstanding[p])
    scale = 1.0
    while scale > 0.5:
        per_row = max(1, int((w - 8) // (80 * scale)))
        if -(-count // per_row) * 50 * scale <= bottom - top:
            break
        scale -= 0.05
    card_w, card_h, slot = 76 * scale, 46 * scale, 18 * scale
    for i, (card, slots) in enumerate(state.outstanding[p]):
        cx = x0 + 6 + (i % per_row) * 80 * scale
        cy = top + (i // per_row) * 50 * scale
        code = ORDERS[card].code
        add(f"order:{p}:{code}", Box(cx, cy, card_w, card_h), target=False)
        for s, _cubes in enumerate(slots):
            add(f"slot:{p}:{code}:{s}", Box(cx + 4 * scale + s * slot, cy + 22 * scale,
                                            slot - 2, 20 * scale))
    add(f"delivered:{p}", Box(x0 + 6, y0 + MINE_HEIGHT - 22, w - 12, 18), target=False)
