"""Actions: small immutable values with a canonical text notation (see docs/notation.md).

``str(action)`` gives the canonical notation; :func:`parse_action` reads it back (and a few
friendlier spellings) in the context of a state, like SAN in chess.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .components import COLOUR_LETTERS, SPACE_BY_CODE, colour_from_letter

if TYPE_CHECKING:
    from .state import GameState

CAGE, STORAGE = "c", "s"  # where a cube comes from when it fills an order slot


@dataclass(frozen=True, slots=True)
class Draft:
    """Take one revealed order during the setup draft (R-SETUP-4). ``order`` is its code."""

    order: str

    def __str__(self) -> str:
        return f"draft {self.order}"


@dataclass(frozen=True, slots=True)
class Place:
    """Place workers on a space and carry out its action (R-TURN-2, R-TURN-4)."""

    space: str

    def __str__(self) -> str:
        return f"place {self.space}"


@dataclass(frozen=True, slots=True)
class Choose:
    """Finish F★ or O★: take one of the shown items (or none) and put the rest back, all on
    the ``top`` or at the ``bottom`` of the deck. ``rest`` lists the returned items from the
    one nearest the top of the deck down (R-TUNNEL-5, R-ORDER-2)."""

    take: str | None
    rest: tuple[str, ...]
    where: str = "top"

    def __post_init__(self) -> None:
        object.__setattr__(self, "rest", tuple(self.rest))
        if not self.rest:  # nothing goes back, so top or bottom is the same
            object.__setattr__(self, "where", "top")

    def __str__(self) -> str:
        text = f"choose {self.take or '-'}"
        if self.rest:
            text += f" {self.where} " + " ".join(self.rest)
        return text


@dataclass(frozen=True, slots=True)
class SubstituteCube:
    """Put a cube of this colour on a new cart whose own colour has run out (R-TUNNEL-2)."""

    colour: int

    def __str__(self) -> str:
        return f"cube {COLOUR_LETTERS[self.colour]}"


@dataclass(frozen=True, slots=True)
class MoveCage:
    """Mining step: move the pit cage to another level, 0 = surface (R-MINE-2.1)."""

    level: int

    def __str__(self) -> str:
        return f"cage {self.level}"


@dataclass(frozen=True, slots=True)
class Load:
    """Mining step: load one cube of this colour from a cart at the cage's level (R-MINE-2.2)."""

    colour: int

    def __str__(self) -> str:
        return f"load {COLOUR_LETTERS[self.colour]}"


@dataclass(frozen=True, slots=True)
class Store:
    """Mining step: move one cube of this colour from the cage at the surface into the private
    storage (R-MINE-2.4)."""

    colour: int

    def __str__(self) -> str:
        return f"store {COLOUR_LETTERS[self.colour]}"


@dataclass(frozen=True, slots=True)
class Fill:
    """Mining step(s): fill an empty slot of colour ``slot`` on an outstanding order.
    ``cubes`` holds one matching cube (1 step, R-MINE-2.3/2.5) or two cubes of any colours
    (2 steps, R-MINE-3), each ``(source, colour)`` with source ``"c"`` (cage) or ``"s"``
    (storage), in canonical order."""

    order: str
    slot: int
    cubes: tuple[tuple[str, int], ...]

    def __post_init__(self) -> None:
        cubes = self.cubes
        if len(cubes) == 2 and (cubes[0][0] != CAGE, cubes[0][1]) > (cubes[1][0] != CAGE,
                                                                      cubes[1][1]):
            object.__setattr__(self, "cubes", (cubes[1], cubes[0]))
        elif type(cubes) is not tuple:
            object.__setattr__(self, "cubes", tuple(tuple(cube) for cube in cubes))

    @property
    def steps(self) -> int:
        return len(self.cubes)

    def __str__(self) -> str:
        cubes = "+".join(src + COLOUR_LETTERS[col] for src, col in self.cubes)
        return f"fill {self.order}:{COLOUR_LETTERS[self.slot]} {cubes}"


@dataclass(frozen=True, slots=True)
class Stop:
    """End the mining action; unused work steps are lost (R-MINE-1)."""

    def __str__(self) -> str:
        return "stop"


Action = Draft | Place | Choose | SubstituteCube | MoveCage | Load | Store | Fill | Stop

ACTION_TYPES = (Draft, Place, Choose, SubstituteCube, MoveCage, Load, Store, Fill, Stop)
STOP = Stop()
PLACE = {code: Place(code) for code in SPACE_BY_CODE}  # shared, interned placement actions


def fill_cubes(*cubes: tuple[str, int]) -> tuple[tuple[str, int], ...]:
    """Canonical order for a Fill's cubes: cage before storage, then by colour."""
    return tuple(sorted(cubes, key=lambda cube: (cube[0] != CAGE, cube[1])))


# --- parsing -------------------------------------------------------------------------------
_SPACE_ALIASES = {
    "BANK BUILDING": "BANK",
    "WHEELBARROW": "DW",
    "BARROW": "DW",
    "CARRIAGE": "DC",
    "HORSE CARRIAGE": "DC",
    "TRUCK": "DT",
    "TRAIN": "DR",
    "F★": "F*",
    "O★": "O*",
}


def _space_code(text: str) -> str | None:
    key = text.strip().upper()
    key = _SPACE_ALIASES.get(key, key)
    return key if key in SPACE_BY_CODE else None


def _colour(token: str) -> int:
    return colour_from_letter(token)


def _parse_fill(words: list[str], state: GameState | None) -> Fill:
    # fill ORDER:SLOT SOURCES   |   fill ORDER SLOT [from cage|storage]   (friendly form)
    if not words:
        raise ValueError("fill needs an order, e.g. 'fill W3YY:Y cY'")
    order, _, slot_text = words[0].partition(":")
    rest = words[1:]
    if not slot_text:
        if not rest:
            raise ValueError("fill needs the slot colour, e.g. 'fill W3YY:Y cY'")
        slot_text, rest = rest[0], rest[1:]
    slot = _colour(slot_text)
    order = order.upper()
    if rest and rest[0].lower() == "from":
        rest = rest[1:]
    if not rest or rest[0].lower() in ("cage", "storage"):
        source = None if not rest else (CAGE if rest[0].lower() == "cage" else STORAGE)
        if source is None:  # friendly form: the cage if that is legal, else the storage
            source = CAGE
            from_cage = Fill(order, slot, ((CAGE, slot),))
            if state is not None and not state.is_legal(from_cage):
                source = STORAGE
        return Fill(order, slot, ((source, slot),))
    cubes = []
    for token in "+".join(rest).split("+"):
        token = token.strip().lower()
        if len(token) != 2 or token[0] not in (CAGE, STORAGE):
            raise ValueError(f"{token!r} is not a cube source like cY (cage) or sB (storage)")
        cubes.append((token[0], _colour(token[1])))
    if not 1 <= len(cubes) <= 2:
        raise ValueError("a slot takes one cube or two cubes (R-MINE-3)")
    return Fill(order, slot, fill_cubes(*cubes))


def shown_rest(state: GameState, take: str | None) -> tuple[str, ...]:
    """The items F★/O★ shows, in the shown order, less the one taken."""
    from .components import ORDERS, TILES

    table = TILES if state.choice_kind == "tile" else ORDERS
    shown = [table[i].code for i in state.choice]
    if take in shown:
        shown.remove(take)
    return tuple(shown)


def parse_action(text: str, state: GameState | None = None) -> Action:
    """Read an action from its notation. Raises :class:`~gluckauf.errors.NotationError`.

    Bare space codes (``F3``, ``M8``, ``$5``, ``bank``) mean ``place …``. The state, when given,
    resolves the friendly forms ``fill W3YY Y`` (cage or storage, whichever is legal) and
    ``choose G2L bottom`` (the others go back in the order shown).
    """
    from .errors import NotationError

    if not isinstance(text, str):
        raise NotationError(str(text), f"an action must be text, not {type(text).__name__}")
    words = text.replace(",", " ").split()
    if not words:
        raise NotationError(text, "the action is empty")
    verb, args = words[0].lower(), words[1:]
    try:
        if verb == "place" and len(args) >= 1:
            code = _space_code(" ".join(args))
            if code is None:
                raise ValueError(f"there is no space called {' '.join(args)!r}")
            return PLACE[code]
        if len(words) <= 2 and _space_code(text) is not None:
            return PLACE[_space_code(text)]  # type: ignore[index]
        if verb == "draft" and len(args) == 1:
            return Draft(args[0].upper())
        if verb == "stop" and not args:
            return STOP
        if verb == "cage" and len(args) == 1:
            level = {"surface": 0}.get(args[0].lower())
            level = int(args[0]) if level is None else level
            if not 0 <= level <= 4:
                raise ValueError("the cage moves to level 0 (surface) to 4")
            return MoveCage(level)
        if verb in ("load", "store", "cube") and len(args) == 1:
            kind = {"load": Load, "store": Store, "cube": SubstituteCube}[verb]
            return kind(_colour(args[0]))
        if verb == "fill":
            return _parse_fill(args, state)
        if verb == "choose" and args:
            take = None if args[0] in ("-", "none") else args[0].upper()
            where, rest = "top", ()
            if len(args) > 1:
                where = args[1].lower()
                if where not in ("top", "bottom"):
                    raise ValueError("say 'top' or 'bottom' before the items put back")
                rest = tuple(a.upper() for a in args[2:])
                if not rest and state is not None:  # friendly form: the rest as shown
                    rest = shown_rest(state, take)
            return Choose(take, rest, where)
    except ValueError as exc:
        raise NotationError(text, str(exc)) from None
    raise NotationError(text, "an action starts with place, draft, choose, cube, cage, load, "
                              "store, fill or stop (docs/notation.md)")
