"""Small pictures of the game's pieces, drawn with a :class:`~widgets.painter.Painter`: coal
cubes, mine carts, lanterns, the four transports, workers, the start-player marker.

Each takes its centre or box in picture coordinates and a size, so the same picture serves the
board, the mines and the legends. Colour is never the only signal: each coal colour has its own
shape (:func:`coal_sign`: yellow ●, brown ▲, grey ◆, black ✚), drawn on every cube and wherever
a colour is asked for, in any language and for any colour vision
(``tests/test_colour_vision.py``); workers carry their owner's initial.
"""

from __future__ import annotations

import math

from .painter import Painter

COAL = ("#f2c12e", "#8b5a2b", "#a4a9ad", "#262626")
COAL_INK = ("#222", "#fff", "#222", "#fff")
# each colour's lit top edge, shaded side and grains: a cube with depth and a coal-like grain
COAL_LIT = ("#fbe08a", "#b88552", "#d3d6d9", "#555555")
COAL_SHADE = ("#c69a12", "#5f3b19", "#7c8185", "#0d0d0d")
COAL_GRAIN = ("#d9a91f", "#74481f", "#8e9397", "#3d3d3d")
SHADED = 14  # px: cubes this large or larger get their depth drawn
PLAYER = ("#d1453b", "#2f6fce", "#24804a", "#8e44ad")  # the pieces (white initials: 4.5:1)
PLAYER_INK = ("#b4332a", "#285fb1", "#216f40", "#8841a6")  # a name written in its player's
# colour: the same hues, dark enough for text on the board's light panels (4.5:1)
INK, WOOD, IRON, GOLD = "#2b2b2b", "#b98a4e", "#5d6266", "#e0a526"
WOOD_DARK, WOOD_LIGHT = "#8a6233", "#d9b98a"  # a plank's seam; a wheel's hub, a beam's edge
MIN_LETTER = 11  # smallest text on the board, CSS px


COAL_SIGNS = ("circle", "triangle", "diamond", "cross")  # yellow, brown, grey, black
MIN_SIGN = 5.0  # a sign's smallest size, px (a smaller one would not read as its shape)


def coal_sign(
    p: Painter, cx: float, cy: float, size: float, colour: int, fill: str | None = None
) -> None:
    """The shape of a coal colour, ``size`` px across, centred at (cx, cy), in ``fill`` (the
    ink that stands out on the colour's own cube, by default): yellow a disc, brown a
    triangle, grey a diamond, black a cross. Shapes, not letters: they read the same in every
    language and for every colour vision."""
    ink = COAL_INK[colour] if fill is None else fill
    r = max(size, MIN_SIGN) / 2
    sign = COAL_SIGNS[colour]
    if sign == "circle":
        p.circle(cx, cy, r * 0.85, fill=ink)
    elif sign == "triangle":
        p.polygon([(cx, cy - r), (cx + r, cy + r * 0.8), (cx - r, cy + r * 0.8)], fill=ink)
    elif sign == "diamond":
        p.polygon([(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], fill=ink)
    else:
        bar = r * 0.6
        p.rect(cx - r, cy - bar / 2, 2 * r, bar, fill=ink)
        p.rect(cx - bar / 2, cy - r, bar, 2 * r, fill=ink)


def cube(p: Painter, x: float, y: float, size: float, colour: int) -> None:
    """A coal cube with its colour's sign (:func:`coal_sign`, drawn right after the cube's
    face), a lit top edge and a shaded side for depth, and a few grains on the larger ones.
    The shading keeps off the sign (it lies in the middle 55 %, the edges in the outer 16 %)."""
    p.rect(x, y, size, size, fill=COAL[colour], stroke=INK, width=0.8, radius=2)
    coal_sign(p, x + size / 2, y + size / 2, size * 0.55, colour)
    if size < SHADED:  # a small cube's shading would not show
        return
    edge = size * 0.14
    p.rect(x + 1, y + 1, size - 2, edge, fill=COAL_LIT[colour])
    p.rect(x + size - 1 - edge, y + 1 + edge, edge, size - 2 - edge, fill=COAL_SHADE[colour])
    if size >= 20:  # grains: the coal's texture, in the corners the sign leaves free
        grain = size * 0.08
        p.rect(x + size * 0.16, y + size * 0.74, grain, grain, fill=COAL_GRAIN[colour])
        p.rect(x + size * 0.28, y + size * 0.82, grain, grain, fill=COAL_GRAIN[colour])


def cart(p: Painter, x: float, y: float, w: float, h: float, colour: int | None) -> None:
    """A mine cart filling the box: a wooden tub of planks with an iron rim, on two iron
    wheels, with its cube or empty."""
    body_h = h * 0.42
    top, bottom = y + h - body_h - h * 0.16, y + h - h * 0.16
    p.polygon(
        [(x, top), (x + w, top), (x + w * 0.86, bottom), (x + w * 0.14, bottom)],
        fill=WOOD,
        stroke=INK,
        width=0.8,
    )
    r = max(2.0, h * 0.08)
    if h >= 30:  # a large cart: a seam between two planks, an iron rim
        seam = top + body_h * 0.5
        p.line(x + w * 0.07, seam, x + w * 0.93, seam, stroke=WOOD_DARK, width=0.8)
        p.rect(x - 0.5, top - 1, w + 1, 2, fill=IRON)
    for wx in (x + w * 0.28, x + w * 0.72):
        p.circle(wx, bottom + r * 0.6, r, fill=IRON)
    if colour is not None:
        size = min(w - 4, top - y + body_h * 0.5)
        cube(p, x + (w - size) / 2, top + body_h * 0.5 - size, size, colour)


def lantern(p: Painter, cx: float, cy: float, size: float) -> None:
    """A miner's lantern: the mark of the light side's tiles."""
    s = size / 2
    p.line(cx - s * 0.35, cy - s * 0.75, cx + s * 0.35, cy - s * 0.75, stroke=INK, width=1.2)
    p.rect(
        cx - s * 0.5,
        cy - s * 0.6,
        s,
        s * 1.2,
        fill="#ffd84d",
        stroke=INK,
        width=0.9,
        radius=s * 0.2,
    )
    p.rect(cx - s * 0.62, cy + s * 0.55, s * 1.24, s * 0.3, fill=INK)
    p.circle(cx, cy, s * 0.22, fill="#fff6c4")


def star(p: Painter, cx: float, cy: float, r: float, fill: str = GOLD) -> None:
    """A five-pointed star (the F★ and O★ spaces)."""
    points = []
    for k in range(10):
        radius = r if k % 2 == 0 else r * 0.45
        angle = math.radians(-90 + k * 36)
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    p.polygon(points, fill=fill, stroke=INK, width=0.8)


def start_marker(p: Painter, cx: float, cy: float, r: float) -> None:
    """The start-player marker: a golden diamond."""
    p.polygon(
        [(cx, cy - r), (cx + r * 0.8, cy), (cx, cy + r), (cx - r * 0.8, cy)],
        fill=GOLD,
        stroke=INK,
        width=1,
    )


def worker(p: Painter, cx: float, cy: float, seat: int, initial: str, h: float = 24) -> None:
    """A worker: a wooden meeple in the owner's colour — head, arms out, legs apart — with the
    owner's initial on its chest (centre of the piece)."""
    w = h * 0.84
    top = cy - h / 2
    p.circle(cx, top + h * 0.19, h * 0.19, fill=PLAYER[seat], stroke=INK, width=0.8)
    p.polygon(
        [
            (cx - w * 0.16, top + h * 0.34),
            (cx + w * 0.16, top + h * 0.34),
            (cx + w * 0.5, top + h * 0.46),
            (cx + w * 0.46, top + h * 0.6),
            (cx + w * 0.28, top + h * 0.58),
            (cx + w * 0.4, top + h),
            (cx + w * 0.08, top + h),
            (cx, top + h * 0.82),
            (cx - w * 0.08, top + h),
            (cx - w * 0.4, top + h),
            (cx - w * 0.28, top + h * 0.58),
            (cx - w * 0.46, top + h * 0.6),
            (cx - w * 0.5, top + h * 0.46),
        ],
        fill=PLAYER[seat],
        stroke=INK,
        width=0.8,
    )
    if h * 0.46 >= MIN_LETTER:
        p.text(cx, top + h * 0.9, initial, size=h * 0.46, fill="#fff", anchor="middle", bold=True)


def transport(p: Painter, kind: int, cx: float, cy: float, w: float) -> None:
    """A transport in a ``w`` × ``w/2`` box: wheelbarrow, horse carriage, truck, train."""
    h = w / 2
    x, y = cx - w / 2, cy - h / 2
    wheel = h * 0.2
    if kind == 0:  # wheelbarrow: a tray, a wheel in front, handles behind
        p.polygon(
            [
                (x + w * 0.3, y + h * 0.25),
                (x + w * 0.95, y + h * 0.25),
                (x + w * 0.8, y + h * 0.65),
                (x + w * 0.4, y + h * 0.65),
            ],
            fill=WOOD,
            stroke=INK,
            width=0.8,
        )
        p.line(x + w * 0.05, y + h * 0.35, x + w * 0.4, y + h * 0.55, stroke=INK, width=1.4)
        p.circle(x + w * 0.75, y + h * 0.8, wheel, fill=IRON, stroke=INK, width=0.6)
    elif kind == 1:  # horse carriage: a horse in front of a box cart
        p.rect(x + w * 0.42, y + h * 0.25, w * 0.56, h * 0.45, fill=WOOD, stroke=INK, width=0.8)
        p.polygon(
            [
                (x + w * 0.02, y + h * 0.15),
                (x + w * 0.14, y + h * 0.05),
                (x + w * 0.2, y + h * 0.35),
                (x + w * 0.38, y + h * 0.38),
                (x + w * 0.38, y + h * 0.95),
                (x + w * 0.32, y + h * 0.95),
                (x + w * 0.3, y + h * 0.62),
                (x + w * 0.18, y + h * 0.62),
                (x + w * 0.14, y + h * 0.95),
                (x + w * 0.08, y + h * 0.95),
                (x + w * 0.1, y + h * 0.4),
            ],
            fill="#7a4a26",
            stroke=INK,
            width=0.6,
        )
        for wx in (x + w * 0.55, x + w * 0.86):
            p.circle(wx, y + h * 0.78, wheel, fill=IRON, stroke=INK, width=0.6)
    elif kind == 2:  # truck: a cargo bed and a cab
        p.rect(x + w * 0.05, y + h * 0.2, w * 0.6, h * 0.5, fill="#4f7f9e", stroke=INK, width=0.8)
        p.polygon(
            [
                (x + w * 0.67, y + h * 0.35),
                (x + w * 0.85, y + h * 0.35),
                (x + w * 0.97, y + h * 0.55),
                (x + w * 0.97, y + h * 0.7),
                (x + w * 0.67, y + h * 0.7),
            ],
            fill="#c0392b",
            stroke=INK,
            width=0.8,
        )
        p.rect(x + w * 0.72, y + h * 0.4, w * 0.12, h * 0.14, fill="#d6ecf5")  # its window
        p.rect(x + w * 0.08, y + h * 0.12, w * 0.54, h * 0.1, fill="#3b3a36")  # its coal
        for wx in (x + w * 0.22, x + w * 0.8):
            p.circle(wx, y + h * 0.8, wheel, fill=IRON, stroke=INK, width=0.6)
    else:  # train: a steam locomotive
        p.rect(x + w * 0.1, y + h * 0.35, w * 0.55, h * 0.35, fill="#33475b", stroke=INK, width=0.8)
        p.rect(x + w * 0.62, y + h * 0.12, w * 0.3, h * 0.58, fill="#33475b", stroke=INK, width=0.8)
        p.rect(x + w * 0.16, y + h * 0.08, w * 0.1, h * 0.28, fill=INK)
        p.rect(x + w * 0.68, y + h * 0.2, w * 0.16, h * 0.18, fill="#f2d16b")  # a lit window
        for wx in (x + w * 0.22, x + w * 0.45, x + w * 0.75):
            p.circle(wx, y + h * 0.8, wheel, fill=IRON, stroke=INK, width=0.6)


def headframe(p: Painter, cx: float, bottom: float, h: float) -> None:
    """The winding tower above a shaft: a timber trestle with its sheave wheel."""
    w = h * 0.8
    p.line(cx - w / 2, bottom, cx, bottom - h, stroke="#6b4f2a", width=2)
    p.line(cx + w / 2, bottom, cx, bottom - h, stroke="#6b4f2a", width=2)
    p.line(cx - w / 4, bottom - h / 2, cx + w / 4, bottom - h / 2, stroke="#6b4f2a", width=1.5)
    r = h * 0.16
    p.circle(cx, bottom - h, r, fill="#fffaf0", stroke="#6b4f2a", width=1.5)
    p.line(cx - r, bottom - h, cx + r, bottom - h, stroke="#6b4f2a", width=1)  # its spokes
    p.line(cx, bottom - h - r, cx, bottom - h + r, stroke="#6b4f2a", width=1)


# --- the work areas' emblems: what each area is, drawn beside its title ------------------------
EMBLEMS = ("tunnel", "mining", "delivery", "money", "orders", "bank", "canteen", "supply")


def emblem(p: Painter, area: str, cx: float, cy: float, size: float = 16) -> None:
    """The emblem of a work area, about ``size`` px: a timbered tunnel mouth (the tunnel
    factory), a hammer crossed with a pick (mining), rails (delivery), a stack of coins (money
    and bank), an order sheet, a miner's mug (canteen), a heap of coal (supply)."""
    s = size / 2
    if area == "tunnel":
        p.rect(cx - s, cy - s, size, size, fill=WOOD_DARK)
        p.rect(cx - s * 0.55, cy - s * 0.5, s * 1.1, s * 1.5, fill=INK)  # the dark way in
        p.rect(cx - s, cy - s, size, s * 0.4, fill=WOOD)  # the lintel
    elif area == "mining":  # Schlägel und Eisen: the miners' old sign
        p.line(cx - s, cy + s, cx + s * 0.7, cy - s * 0.7, stroke=WOOD_DARK, width=2)
        p.line(cx + s, cy + s, cx - s * 0.7, cy - s * 0.7, stroke=WOOD_DARK, width=2)
        p.polygon(
            [
                (cx + s * 0.2, cy - s),
                (cx + s, cy - s * 0.2),
                (cx + s * 0.7, cy + s * 0.1),
                (cx - s * 0.1, cy - s * 0.7),
            ],
            fill=IRON,
        )
        p.polygon(
            [
                (cx - s, cy - s * 0.3),
                (cx - s * 0.3, cy - s),
                (cx - s * 0.05, cy - s * 0.75),
                (cx - s * 0.75, cy - s * 0.05),
            ],
            fill=IRON,
        )
    elif area == "delivery":
        for k in range(3):
            p.rect(cx - s + k * s * 0.8, cy - s * 0.6, s * 0.35, s * 1.2, fill=WOOD_DARK)
        p.line(cx - s, cy - s * 0.3, cx + s, cy - s * 0.3, stroke=IRON, width=1.5)
        p.line(cx - s, cy + s * 0.3, cx + s, cy + s * 0.3, stroke=IRON, width=1.5)
    elif area in ("money", "bank"):
        for k in range(3):
            p.rect(
                cx - s * 0.8,
                cy + s * 0.5 - k * s * 0.5,
                s * 1.6,
                s * 0.45,
                fill=GOLD,
                stroke=INK,
                width=0.6,
                radius=1.5,
            )
    elif area == "orders":
        p.rect(cx - s * 0.7, cy - s, s * 1.4, size, fill="#fffdf7", stroke=INK, width=0.8)
        for k in range(3):
            p.line(
                cx - s * 0.4,
                cy - s * 0.4 + k * s * 0.45,
                cx + s * 0.4,
                cy - s * 0.4 + k * s * 0.45,
                stroke=IRON,
                width=0.8,
            )
    elif area == "canteen":
        p.rect(
            cx - s * 0.7,
            cy - s * 0.6,
            s * 1.1,
            s * 1.5,
            fill="#e8e4dc",
            stroke=INK,
            width=0.8,
            radius=1.5,
        )
        p.rect(cx + s * 0.4, cy - s * 0.25, s * 0.5, s * 0.7, fill=INK)  # the handle
        p.rect(cx - s * 0.55, cy - s * 0.45, s * 0.8, s * 0.3, fill="#7a4a26")  # the coffee
    elif area == "supply":  # a heap of coal lumps (no colour of the game's: no sign needed)
        for dx, dy, tone in ((-0.55, 0.1, INK), (0.45, 0.1, IRON), (-0.05, -0.8, "#4a4a4a")):
            lump = ((-0.45, 0.3), (-0.1, 0.0), (0.45, 0.2), (0.35, 0.9), (-0.4, 0.9))
            p.polygon([(cx + (dx + px) * s, cy + (dy + py) * s) for px, py in lump], fill=tone)
