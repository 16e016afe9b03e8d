"""The published game's components as data tables (the rules cite them by rule ID).

Everything here is constant: colours, transports, order cards, tunnel tiles, worker spaces and
the per-player-count numbers. Codes are short, human-typable strings used by the notation.
"""

from __future__ import annotations

from dataclasses import dataclass

# --- coal colours and mine levels (C: "Coal colours and mine levels") -----------------------
YELLOW, BROWN, GREY, BLACK = 0, 1, 2, 3
COLOURS = (YELLOW, BROWN, GREY, BLACK)
COLOUR_LETTERS = "YBGK"
COLOUR_NAMES = ("yellow", "brown", "grey", "black")
SURFACE = 0
LEVELS = (1, 2, 3, 4)  # level L holds coal of colour L - 1
CUBES_PER_COLOUR = 16
CAGE_CAPACITY = 5
PRICE_PER_CART = (1, 2, 3, 4)  # R-TUNNEL-1, by colour


def colour_of_level(level: int) -> int:
    """The coal colour mined on a tunnel level (1 = yellow … 4 = black)."""
    return level - 1


def colour_from_letter(letter: str) -> int:
    """Colour index of a letter Y, B, G or K (case-insensitive); ValueError otherwise."""
    index = COLOUR_LETTERS.find(letter.upper()) if len(letter) == 1 else -1
    if index < 0:
        raise ValueError(f"{letter!r} is not a coal colour (Y, B, G or K)")
    return index


# --- transports ----------------------------------------------------------------------------
WHEELBARROW, CARRIAGE, TRUCK, TRAIN = 0, 1, 2, 3
TRANSPORTS = (WHEELBARROW, CARRIAGE, TRUCK, TRAIN)
TRANSPORT_LETTERS = "WCTR"
TRANSPORT_NAMES = ("wheelbarrow", "horse carriage", "truck", "train")


# --- order cards ---------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class OrderCard:
    """One order card: its transport, victory points and the coal icons (slots) it needs."""

    index: int
    transport: int
    vp: int
    slots: tuple[int, ...]
    code: str = ""  # notation code, e.g. ``C9KK``: transport letter, VP, slot colours

    def __post_init__(self) -> None:
        letters = "".join(COLOUR_LETTERS[c] for c in self.slots)
        object.__setattr__(self, "code", f"{TRANSPORT_LETTERS[self.transport]}{self.vp}{letters}")


_ORDER_TABLE = {  # transport → (slots, VP) for its 11 cards, as printed (C: order cards)
    WHEELBARROW: ("Y2 B3 YY3 G4 K5 BB5 BBB7 GG7 KK9 GGG9 YBGK10"),
    CARRIAGE: ("Y2 YY3 B3 YYY4 G4 K5 BB5 GG7 KK9 YBGK10 KKK12"),
    TRUCK: ("Y2 YY3 B3 YYY4 G4 K5 BB5 GG7 KK9 YBGK10 KKK12"),
    TRAIN: ("Y2 B3 YY3 G4 BB5 K5 BBB7 GG7 GGG9 KK9 YBGK10"),
}


def _build_orders() -> tuple[OrderCard, ...]:
    cards = []
    for transport in TRANSPORTS:
        for entry in _ORDER_TABLE[transport].split():
            letters = entry.rstrip("0123456789")
            vp = int(entry[len(letters) :])
            slots = tuple(colour_from_letter(ch) for ch in letters)
            cards.append(OrderCard(len(cards), transport, vp, slots))
    return tuple(cards)


ORDERS: tuple[OrderCard, ...] = _build_orders()
ORDER_BY_CODE: dict[str, OrderCard] = {card.code: card for card in ORDERS}
assert len(ORDERS) == 44 and len(ORDER_BY_CODE) == 44


# --- tunnel tiles --------------------------------------------------------------------------
LIGHT, DARK = 0, 1
SIDE_LETTERS = "LD"
SIDE_NAMES = ("light", "dark")
TILE_COPIES = 3


@dataclass(frozen=True, slots=True)
class TileKind:
    """A kind of tunnel tile: colour (= level), number of carts, light or dark side."""

    index: int
    colour: int
    carts: int
    side: int
    code: str = ""  # notation code, e.g. ``G2L``: colour letter, carts, side letter
    price: int = 0  # Marks to pay (R-TUNNEL-1)

    def __post_init__(self) -> None:
        code = COLOUR_LETTERS[self.colour] + str(self.carts) + SIDE_LETTERS[self.side]
        object.__setattr__(self, "code", code)
        object.__setattr__(self, "price", PRICE_PER_CART[self.colour] * self.carts)

    @property
    def level(self) -> int:
        return self.colour + 1


TILES: tuple[TileKind, ...] = tuple(
    TileKind(4 * c + 2 * (n - 1) + s, c, n, s) for c in COLOURS for n in (1, 2) for s in (0, 1)
)
TILE_BY_CODE: dict[str, TileKind] = {kind.code: kind for kind in TILES}
assert [kind.index for kind in TILES] == list(range(16))


# --- worker spaces -------------------------------------------------------------------------
AREA_TUNNEL, AREA_MINING, AREA_DELIVERY, AREA_MONEY, AREA_ORDERS, AREA_BANK = range(6)


@dataclass(frozen=True, slots=True)
class Space:
    """A worker space on the main board. ``value`` is the tile/order slot index (0-based),
    the work steps, the transport or the Marks, depending on the area; −1 for special spaces."""

    index: int
    code: str
    area: int
    value: int
    locked_with: tuple[int, ...] = ()  # player counts for which it is locked (R-SETUP-1)

    @property
    def is_special(self) -> bool:
        return self.code in ("F*", "O*")


def _build_spaces() -> tuple[Space, ...]:
    rows: list[tuple[str, int, int, tuple[int, ...]]] = []
    for i in range(8):
        locked = {3: (2,), 7: (2, 3)}.get(i, ())
        rows.append((f"F{i + 1}", AREA_TUNNEL, i, locked))
    rows.append(("F*", AREA_TUNNEL, -1, ()))
    for steps, locked in ((4, (2, 3)), (6, ()), (8, (2,)), (10, ())):
        rows.append((f"M{steps}", AREA_MINING, steps, locked))
    for transport in TRANSPORTS:
        rows.append(("D" + TRANSPORT_LETTERS[transport], AREA_DELIVERY, transport, ()))
    for marks, locked in ((3, (2, 3)), (4, ()), (5, (2,)), (6, ())):
        rows.append((f"${marks}", AREA_MONEY, marks, locked))
    for i in range(4):
        rows.append((f"O{i + 1}", AREA_ORDERS, i, (2,) if i == 0 else ()))
    rows.append(("O*", AREA_ORDERS, -1, ()))
    rows.append(("BANK", AREA_BANK, 1, ()))
    return tuple(Space(i, *row) for i, row in enumerate(rows))


SPACES: tuple[Space, ...] = _build_spaces()
SPACE_BY_CODE: dict[str, Space] = {space.code: space for space in SPACES}
BANK_SPACE = SPACE_BY_CODE["BANK"]
F_STAR = SPACE_BY_CODE["F*"]
O_STAR = SPACE_BY_CODE["O*"]
TILE_SPACES = tuple(s for s in SPACES if s.area == AREA_TUNNEL and not s.is_special)
ORDER_SPACES = tuple(s for s in SPACES if s.area == AREA_ORDERS and not s.is_special)
TUNNEL_AREA_SPACES = tuple(s for s in SPACES if s.area == AREA_TUNNEL)  # F1–F8 and F★

# --- numbers by player count (C, R-SETUP) ---------------------------------------------------
PLAYER_COUNTS = (2, 3, 4)
WORKERS = {2: 18, 3: 15, 4: 13}
START_MONEY = {2: 10, 3: 9, 4: 8}
SHIFTS = 3
STAR_LOOK = 5  # F★ and O★ show the top five (R-TUNNEL-5, R-ORDER-2)
DRAFT_ORDERS_EACH = 3


def draft_size(players: int) -> int:
    """Orders revealed for the draft: 3 × players + 1 (R-SETUP-4)."""
    return DRAFT_ORDERS_EACH * players + 1


# --- shift clock (R-SHIFT-1 … R-SHIFT-3) -----------------------------------------------------
SEGMENTS = 12
SEGMENT_POINTS: tuple[tuple[int, int], ...] = (
    (2, 1), (3, 1), (4, 2), (5, 2),
    (6, 3), (7, 3), (8, 4), (9, 4),
    (10, 5), (11, 5), (12, 6), (13, 6),
)  # fmt: skip
SEGMENTS_AFTER_SHIFT = (4, 8, 12)
#: The 12 segments of the shift clock by what they count (R-SHIFT-2, R-SHIFT-3).
SEGMENT_NAMES = (
    *(f"{colour} icons" for colour in COLOUR_NAMES),
    *(f"{transport} icons" for transport in TRANSPORT_NAMES),
    *(f"empty {colour} carts" for colour in COLOUR_NAMES),
)
