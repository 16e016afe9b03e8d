"""One geometry table for drawing and hit-testing: every box on the picture, by id.

:func:`layout` computes, for a state, where everything goes, in CSS pixels of a picture
:data:`WIDTH` wide — the width a JupyterLab cell has on a 1280-pixel laptop with the file
browser open — so the board is shown at full size there and every text and click target keeps
its size. The picture is made of *sections* stacked top to bottom: the shared ``board``, the
shift ``clock`` with the scores, the decision ``panel``, the featured player's ``mine`` at full
size and the ``others`` (the other players' mines, compact). A *view* picks sections, e.g.
``"mine"`` (panel and mine only) for the mining lesson.

Clickable boxes carry a *target id*, e.g. ``space:F3``, ``level:0:2`` (seat 0's shaft at level
2), ``cart:1:3:0``, ``cage:0:1`` (a brown cube in seat 0's cage; ``cage:0:1:1`` the second one),
``stock:0:2`` (a grey cube in storage; ``stock:0:2:1`` a second one), ``storage:0``,
``slot:0:C9KK:3``, ``draft:W3YY``, ``choice:2``, ``choice:none``, ``choice:top``,
``choice:bottom``, ``supply:1``, ``stop`` and ``mine:2`` (a compact mine). Boxes
of different targets never overlap, and drawing reads the same boxes: what you see is exactly
what you can click.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gluckauf.core.components import (
    LIGHT,
    ORDER_SPACES,
    ORDERS,
    TILE_SPACES,
    TILES,
)
from gluckauf.core.state import CHOOSE, DRAFT, MINE, GameState

WIDTH = 840  # CSS px: a notebook cell at 1280×720 with the sidebar open is ~848 px wide
MARGIN = 6
GAP = 6
INNER = WIDTH - 2 * MARGIN
PRINTED_SIDE = (1, 0, 0, 1)  # R-SETUP-3 drawing: yellow and black printed carts on the dark side

SECTIONS = ("board", "clock", "panel", "mine", "others")
PLAY = "play"
VIEWS: dict[str, tuple[str, ...]] = {
    PLAY: (),  # one decision at a glance: its sections follow the phase (play_sections)
    "full": SECTIONS,  # the whole table
    "turn": ("board", "panel", "mine"),  # the shared board and the featured player's mine
    "mine": ("panel", "mine"),  # a player's mine at full size beside the step panel
    "scores": ("clock", "mine", "others"),  # the shift clock and every mine
}

# sizes of the parts (CSS px)
TUNNEL_H, MIDDLE_H, ORDERS_H, CLOCK_H, PANEL_H, OTHERS_H = 134, 104, 130, 100, 146, 200
STEPS_H, BAR_H = 44, 100  # the play view's mining strip and its clock-and-mine bar
CLOCK_BAR_W = 396  # the bar's compact shift clock; the featured mine in brief takes the rest
#: The play view's picture stays this tall or less where it can (a laptop's notebook shows
#: about 600 px: the answer line and one row of buttons take the rest).
PLAY_HEIGHT = 498
SECTION_X = 520  # width of the mine's cross-section; its orders column takes the rest
SHAFT_W, LEVEL_STRIP = 160, 30
SURFACE_H, LEVEL_H = 62, 46
CART_PITCH, CART_MIN = 34, 24
CARD_W, CARD_H, CARD_ROW = 140, 62, 66
SLOT = 28
CUBE = 24


@dataclass(frozen=True, slots=True)
class Box:
    x: float
    y: float
    w: float
    h: float

    def contains(self, px: float, py: float) -> bool:
        return self.x <= px < self.x + self.w and self.y <= py < self.y + self.h

    def overlaps(self, other: Box) -> bool:
        return (
            self.x < other.x + other.w
            and other.x < self.x + self.w
            and self.y < other.y + other.h
            and other.y < self.y + self.h
        )

    @property
    def cx(self) -> float:
        return self.x + self.w / 2

    @property
    def cy(self) -> float:
        return self.y + self.h / 2

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h


@dataclass
class Layout:
    """Named boxes. ``boxes[name]`` lists every box of a name (a target may have several);
    ``clickable`` keeps the clickable ones in drawing order. ``featured`` is the seat whose
    mine is drawn at full size; ``sections`` the parts shown."""

    width: int
    height: float = 0
    featured: int = 0
    sections: tuple[str, ...] = SECTIONS
    boxes: dict[str, list[Box]] = field(default_factory=dict)
    clickable: list[tuple[str, Box]] = field(default_factory=list)

    def add(self, name: str, box: Box, *, target: bool = True) -> Box:
        self.boxes.setdefault(name, []).append(box)
        if target:
            self.clickable.append((name, box))
        return box

    def box(self, name: str) -> Box:
        return self.boxes[name][0]

    def has(self, name: str) -> bool:
        return name in self.boxes

    def hit(self, x: float, y: float) -> str | None:
        """The target id under a point, or None."""
        for name, box in reversed(self.clickable):
            if box.contains(x, y):
                return name
        return None

    def targets(self) -> set[str]:
        return {name for name, _box in self.clickable}


def layout(state: GameState, *, featured: int | None = None, view: str = "full") -> Layout:
    """Where everything of this state goes. ``featured``: the seat whose mine is shown at full
    size (default: the player to act); ``view``: a key of :data:`VIEWS`."""
    if view not in VIEWS:
        raise ValueError(f"unknown view {view!r}: choose one of {', '.join(VIEWS)}")
    if featured is None:
        featured = state.current
    if not 0 <= featured < state.players:
        raise ValueError(
            f"featured seat {featured} is not a seat of this {state.players}-player game"
        )
    if view == PLAY:
        out = _stack(state, featured, play_sections(state))
        if out.height > PLAY_HEIGHT and "bar" in out.sections and "mine" in out.sections:
            out = _stack(state, featured, tuple(s for s in out.sections if s != "bar"))
        return out
    return _stack(state, featured, VIEWS[view])


def play_sections(state: GameState) -> tuple[str, ...]:
    """The play view's parts for the decision at hand: where workers go, the shared board with
    the clock and the featured mine in brief; mining, the steps and the mine at full size;
    drafting or choosing F★/O★'s cards, the cards and the mine whose hand they join."""
    if state.phase == MINE and not state.is_over:
        return ("steps", "mine", "bar")
    if state.phase in (DRAFT, CHOOSE) and not state.is_over:
        return ("panel", "mine")
    return ("board", "bar")


def _stack(state: GameState, featured: int, sections: tuple[str, ...]) -> Layout:
    out = Layout(WIDTH, featured=featured, sections=sections)
    y = MARGIN
    if "steps" in sections:
        y = _steps(out, y) + GAP
    if "board" in sections:
        y = _board(out, state, y) + GAP
    if "clock" in sections:
        y = _clock(out, state, y) + GAP
    if "panel" in sections:
        y = _panel(out, state, y) + GAP
    if "mine" in sections:
        y = _mine(out, state, featured, y) + GAP
    if "others" in sections and state.players > 1:
        y = _others(out, state, featured, y) + GAP
    if "bar" in sections:
        y = _bar(out, state, featured, y, brief="mine" not in sections) + GAP
    out.height = y - GAP + MARGIN
    return out


def row(x: float, y: float, w: float, h: float, n: int, gap: float = 4) -> list[Box]:
    """``n`` boxes of width ``w`` side by side."""
    return [Box(x + i * (w + gap), y, w, h) for i in range(n)]


# --- the shared board ------------------------------------------------------------------------
def _board(out: Layout, state: GameState, y: float) -> float:
    add = out.add
    add("area:tunnel", Box(MARGIN, y, INNER, TUNNEL_H), target=False)
    spaces = row(MARGIN + 6, y + 20, 88, TUNNEL_H - 26, 9, gap=4)
    for space in TILE_SPACES:
        add(f"space:{space.code}", spaces[space.value])
    add("space:F*", spaces[8])
    y += TUNNEL_H + GAP

    widths = {"mining": (4, 58), "delivery": (4, 76), "money": (4, 52)}
    codes = {
        "mining": ("M4", "M6", "M8", "M10"),
        "delivery": ("DW", "DC", "DT", "DR"),
        "money": ("$3", "$4", "$5", "$6"),
    }
    x = MARGIN
    for area, (n, w) in widths.items():
        area_w = 12 + n * w + (n - 1) * 4
        add(f"area:{area}", Box(x, y, area_w, MIDDLE_H), target=False)
        for code, box in zip(codes[area], row(x + 6, y + 20, w, MIDDLE_H - 26, n), strict=True):
            add(f"space:{code}", box)
        x += area_w + GAP
    y += MIDDLE_H + GAP

    bank_w, canteen_w, supply_w = 70, 96, 148
    orders_w = INNER - bank_w - canteen_w - supply_w - 3 * GAP
    add("area:orders", Box(MARGIN, y, orders_w, ORDERS_H), target=False)
    spaces = row(MARGIN + 6, y + 20, (orders_w - 12 - 16) // 5, ORDERS_H - 26, 5)
    for space in ORDER_SPACES:
        add(f"space:{space.code}", spaces[space.value])
    add("space:O*", spaces[4])
    x = MARGIN + orders_w + GAP
    add("area:bank", Box(x, y, bank_w, ORDERS_H), target=False)
    add("space:BANK", Box(x + 6, y + 20, bank_w - 12, ORDERS_H - 26))
    x += bank_w + GAP
    add("area:canteen", Box(x, y, canteen_w, ORDERS_H), target=False)
    x += canteen_w + GAP
    add("area:supply", Box(x, y, supply_w, ORDERS_H), target=False)
    for colour, box in enumerate(row(x + 6, y + 24, 31, 64, 4)):
        add(f"supply:{colour}", box)
    return y + ORDERS_H


def _clock(out: Layout, state: GameState, y: float) -> float:
    clock_w = 616
    out.add("area:clock", Box(MARGIN, y, clock_w, CLOCK_H), target=False)
    for seg in range(12):
        x = MARGIN + 6 + seg * 48 + (seg // 4) * 8
        out.add(f"segment:{seg + 1}", Box(x, y + 22, 44, 56), target=False)
    out.add(
        "area:scores", Box(MARGIN + clock_w + GAP, y, INNER - clock_w - GAP, CLOCK_H), target=False
    )
    return y + CLOCK_H


# --- the decision panel ---------------------------------------------------------------------
def _panel(out: Layout, state: GameState, y: float) -> float:
    """The draft pool, the F★/O★ choice, the mining steps with the stop button, or a note."""
    out.add("area:panel", Box(MARGIN, y, INNER, PANEL_H), target=False)
    if state.phase == "draft":  # up to 13 cards: two rows of 7
        for i, card in enumerate(state.draft_pool):
            r, c = divmod(i, 7)
            out.add(
                f"draft:{ORDERS[card].code}", Box(MARGIN + 6 + c * 117, y + 24 + r * 60, 113, 56)
            )
    elif state.phase == "choose":
        for i, box in enumerate(row(MARGIN + 6, y + 24, 120, 80, len(state.choice), gap=6)):
            out.add(f"choice:{i}", box)
        for j, name in enumerate(("none", "top", "bottom")):
            out.add(f"choice:{name}", Box(MARGIN + INNER - 196, y + 24 + j * 38, 190, 32))
    elif state.phase == "mine":
        out.add("stop", Box(MARGIN + INNER - 156, y + 24, 150, 36))
    return y + PANEL_H


def _steps(out: Layout, y: float) -> float:
    """The play view's mining strip: the steps left and the stop button."""
    out.add("area:panel", Box(MARGIN, y, INNER, STEPS_H), target=False)
    out.add("stop", Box(MARGIN + INNER - 156, y + 6, 150, STEPS_H - 12))
    return y + STEPS_H


# --- the play view's bar: the shift clock in brief, and a mine in brief --------------------------
def _bar(out: Layout, state: GameState, featured: int, y: float, *, brief: bool) -> float:
    """The clock's 12 segments as chips with the scores under them; beside it the featured
    mine in brief (``brief``) or, when that mine is shown whole, the other players in a line
    each."""
    out.add("area:clockbar", Box(MARGIN, y, CLOCK_BAR_W, BAR_H), target=False)
    for seg in range(12):
        x = MARGIN + 6 + seg * 30 + (seg // 4) * 8
        out.add(f"segment:{seg + 1}", Box(x, y + 20, 28, 40), target=False)
    right = Box(MARGIN + CLOCK_BAR_W + GAP, y, INNER - CLOCK_BAR_W - GAP, BAR_H)
    if brief:
        out.add(f"mine:{featured}", right)
        out.add(f"brief:{featured}", right, target=False)
    else:
        out.add("area:players", right, target=False)
    return y + BAR_H


# --- an announcement over the picture ----------------------------------------------------------
ANNOUNCE_PITCH = 18


def announcement_boxes(out: Layout, lines: int) -> dict[str, Box]:
    """Where an announcement's card and its two buttons go: over the top of the picture,
    clear of the play view's clock bar (its segments are what a shift's card points at)."""
    width = min(640.0, out.width - 2 * MARGIN - 40)
    height = 46 + ANNOUNCE_PITCH * lines + 52
    card = Box((out.width - width) / 2, MARGIN + 24, width, height)
    done = Box(card.right - 16 - 170, card.bottom - 46, 170, 34)
    return {"card": card, "done": done, "next": Box(done.x - 10 - 170, done.y, 170, 34)}


# --- the featured mine ------------------------------------------------------------------------
def _mine(out: Layout, state: GameState, p: int, y0: float) -> float:
    add = out.add
    x0 = MARGIN
    left = x0 + 6
    shaft_x = left + (SECTION_X - SHAFT_W) / 2
    sides = [cart_sides(state, p, level) for level in range(1, 5)]
    # a crowded level takes a second row of carts rather than shrinking them below CART_MIN
    heights = [SURFACE_H] + [LEVEL_H + CART_ROW * (_rows(level_sides) - 1) for level_sides in sides]
    tops = [y0 + 44]
    for h in heights[:-1]:
        tops.append(tops[-1] + h + (4 if len(tops) == 1 else 2))
    count = len(state.outstanding[p])
    rows = max(3, -(-count // 2))
    height = max(68 + rows * CARD_ROW + 20, tops[4] + heights[4] - y0 + 24)
    add(f"mine:{p}", Box(x0, y0, INNER, height), target=False)
    add(f"header:{p}", Box(x0, y0, INNER, 40), target=False)
    add(f"section:{p}", Box(left, tops[0], SECTION_X, tops[4] + heights[4] - tops[0]), target=False)
    here = state.cage_level[p]
    for level in range(5):
        cell = Box(shaft_x, tops[level], SHAFT_W, heights[level])
        add(f"shaft:{p}:{level}", cell, target=False)
        if level == here:  # the cage's cubes take the cell; the strip stays a level target
            add(f"level:{p}:{level}", Box(cell.x, cell.y, LEVEL_STRIP, cell.h))
        else:
            add(f"level:{p}:{level}", cell)
    cage = Box(
        shaft_x + LEVEL_STRIP + 2,
        tops[here] + heights[here] - CUBE - 6,
        SHAFT_W - LEVEL_STRIP - 4,
        CUBE + 4,
    )
    add(f"cagebox:{p}", cage, target=False)
    cubes = [(c, k) for c, n in enumerate(state.cage[p]) for k in range(n)]
    for i, (colour, k) in enumerate(cubes):  # a second cube of a colour has its own id, so
        name = f"cage:{p}:{colour}" + (f":{k}" if k else "")  # both can go onto one slot
        add(name, Box(cage.x + 2 + i * (CUBE + 2), cage.y + 2, CUBE, CUBE))
    _carts(out, p, sides, shaft_x, tops)
    # storage on the surface, left of the shaft: a drop zone, then one stack per colour
    surface = tops[0]
    add(f"storage:{p}", Box(left + 4, surface + 2, 48, SURFACE_H - 4))
    for colour in range(4):  # a stack of one or two cubes: two of a colour can fill a slot
        for k in range(min(2, state.storage[p][colour])):
            name = f"stock:{p}:{colour}" + (f":{k}" if k else "")
            add(name, Box(left + 58 + colour * 30, surface + 4 + k * 28, 26, 26))
    # the orders in hand, two columns beside the cross-section
    ox = left + SECTION_X + 8
    add(f"orders:{p}", Box(ox, y0 + 44, x0 + INNER - 6 - ox, height - 68), target=False)
    for i, (card, slots) in enumerate(state.outstanding[p]):
        r, c = divmod(i, 2)
        box = Box(ox + c * (CARD_W + 6), y0 + 66 + r * CARD_ROW, CARD_W, CARD_H)
        code = ORDERS[card].code
        add(f"order:{p}:{code}", box, target=False)
        for s in range(len(slots)):
            add(f"slot:{p}:{code}:{s}", Box(box.x + 6 + s * (SLOT + 3), box.y + 26, SLOT, SLOT))
    add(f"delivered:{p}", Box(x0 + 6, y0 + height - 20, INNER - 12, 16), target=False)
    return y0 + height


CART_ROOM = (SECTION_X - SHAFT_W) / 2 - 14  # beside the shaft, on each side
CART_ROW = 40  # the height of a second row of carts
PER_ROW = int(CART_ROOM // (CART_MIN + 2))


def cart_sides(
    state: GameState, p: int, level: int
) -> tuple[list[int], list[int], list[tuple[int, list[int]]]]:
    """Cart indices of a level by side (light, dark), and each of its tiles' carts: the
    printed cart next to the shaft on its side, then the tiles outward as attached."""
    colour = level - 1
    sides: tuple[list[int], list[int]] = ([], [])
    sides[PRINTED_SIDE[colour]].append(0)
    groups: list[tuple[int, list[int]]] = []
    index = 1
    for number, kind in enumerate(state.tiles[p]):
        tile = TILES[kind]
        if tile.colour == colour:
            members = list(range(index, index + tile.carts))
            sides[tile.side].extend(members)
            groups.append((number, members))
            index += tile.carts
    return sides[0], sides[1], groups


def _rows(level_sides: tuple[list[int], list[int], list]) -> int:
    return max(1, -(-max(len(level_sides[0]), len(level_sides[1])) // PER_ROW))


def _carts(out: Layout, p: int, sides: list, shaft_x: float, tops: list[float]) -> None:
    """Cart boxes beside the shaft (``cart:p:level:index``), in rows of at most PER_ROW;
    ``tile:p:n`` frames the carts of tile n (one frame per row it spans)."""
    for level in range(1, 5):
        light, dark, groups = sides[level - 1]
        longest = min(max(len(light), len(dark), 1), PER_ROW)
        pitch = min(float(CART_PITCH), CART_ROOM / longest)
        for side, members in ((LIGHT, light), (1 - LIGHT, dark)):
            for k, cart in enumerate(members):
                r, c = divmod(k, PER_ROW)
                if side == LIGHT:
                    x = shaft_x - 6 - (c + 1) * pitch
                else:
                    x = shaft_x + SHAFT_W + 6 + c * pitch
                y = tops[level] + 4 + r * CART_ROW
                out.add(f"cart:{p}:{level}:{cart}", Box(x + 1, y, pitch - 2, LEVEL_H - 8))
        for number, members in groups:
            carts = [out.box(f"cart:{p}:{level}:{c}") for c in members]
            for y in sorted({b.y for b in carts}):
                in_row = [b for b in carts if b.y == y]
                x1 = min(b.x for b in in_row)
                x2 = max(b.right for b in in_row)
                out.add(
                    f"tile:{p}:{number}", Box(x1 - 1, y - 3, x2 - x1 + 2, LEVEL_H - 2), target=False
                )


# --- the other mines, compact ------------------------------------------------------------------
def _others(out: Layout, state: GameState, featured: int, y: float) -> float:
    seats = [(featured + k) % state.players for k in range(1, state.players)]
    w = (INNER - GAP * (len(seats) - 1)) / len(seats)
    for k, p in enumerate(seats):
        out.add(f"mine:{p}", Box(MARGIN + k * (w + GAP), y, w, OTHERS_H))
    return y + OTHERS_H


__all__ = [
    "GAP",
    "MARGIN",
    "PLAY",
    "PLAY_HEIGHT",
    "VIEWS",
    "WIDTH",
    "Box",
    "Layout",
    "announcement_boxes",
    "cart_sides",
    "layout",
    "play_sections",
    "row",
]
