"""Actions: small immutable values with a canonical text notation (see docs/notation.md).

``str(action)`` gives the canonical notation; :func:`parse_action` reads it back (and a few
friendlier spellings) in the context of a state, like SAN in chess.

Every field is checked when an action is made, from the notation or by hand: a value that no
action can have (a colour that is not 0–3, a cage level that is not 0–4, an unknown space, order
or tile code, a wrong type, a Fill of three or more cubes) raises
:class:`~gluckauf.core.errors.ActionValueError` (a ValueError, R-NOTATION-1) and no such action
exists; codes and numbers are kept as plain ``str`` and ``int``. So every action that exists
prints canonical text that reads back as itself: ``parse_action(str(a)) == a``. Whether a
well-formed action is legal *now* is the state's question (``state.why_not`` /
``state.apply``), answered by the legal-action enumeration.
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import index as _as_index
from typing import TYPE_CHECKING, Any, NoReturn

from .components import (
    COLOUR_LETTERS,
    COLOURS,
    ORDER_BY_CODE,
    SPACE_BY_CODE,
    TILE_BY_CODE,
    TILE_COPIES,
    TILES,
    colour_from_letter,
)
from .voice import Phrase

if TYPE_CHECKING:
    from .state import GameState

CAGE, STORAGE = "c", "s"  # where a cube comes from when it fills an order slot
_NO_CUBE = "-"  # a Fill with no cube yet (a slot alone): ``fill W3YY:Y -``
_AT = "@"  # a Load naming its cart: ``load G@2``
#: The highest cart index a level can have: the printed cart (0) and every tile of its colour.
LAST_CART = max(
    sum(TILE_COPIES * kind.carts for kind in TILES if kind.colour == colour) for colour in COLOURS
)


# --- checking the fields (R-NOTATION-1) ------------------------------------------------------
def _refuse(action: Any, field: str, key: str, **params: Any) -> NoReturn:
    """Raise the ActionValueError for ``action``'s bad ``field`` (the value as it was given):
    what is wrong is the text layer's sentence ``value.<key>`` with ``params``."""
    from .errors import ActionValueError

    fields = {name: getattr(action, name, None) for name in action.__slots__}
    raise ActionValueError(type(action).__name__, fields, field, Phrase(f"value.{key}", params))


def _shown(value: Any) -> str:
    """``repr(value)``, cut short: a huge value must not make a huge message."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _int_in(value: Any, low: int, high: int) -> int | None:
    """``value`` as a plain int if it is a whole number in low..high (numpy integers are
    fine; bools, floats and text are not), else None."""
    if isinstance(value, bool):
        return None
    try:
        number = _as_index(value)
    except TypeError:
        return None
    return number if low <= number <= high else None


def _whole_number(
    action: Any, field: str, low: int, high: int, what: Phrase, hint: Phrase | str = ""
) -> None:
    """Check that the field is a whole number in low..high (stored as a plain int); ``what``
    says what it must be, ``hint`` how to write it."""
    value = getattr(action, field)
    number = _int_in(value, low, high)
    if number is None:
        _refuse(action, field, "not", what=what, value=_shown(value), hint=hint)
    if type(value) is not int:
        object.__setattr__(action, field, number)


def _letter_hint(value: Any) -> Phrase | str:
    """For a colour given as its letter: which number to write instead."""
    if isinstance(value, str) and len(value) == 1 and value.upper() in COLOUR_LETTERS:
        number = COLOUR_LETTERS.index(value.upper())
        return Phrase("value.letter_hint", {"letter": _shown(value), "number": number})
    return ""


def _colour_field(action: Any, field: str, what: str) -> None:
    """``what``: whose colour it is ("colour", "slot")."""
    value = getattr(action, field)
    _whole_number(action, field, 0, 3, Phrase(f"value.must.{what}"), _letter_hint(value))


def _plain(value: str) -> str:
    """Text as a plain ``str`` (numpy's ``str_`` or another subclass could print itself
    differently, and then its notation would not read back)."""
    return value if type(value) is str else str.__str__(value)


def _code(
    action: Any, field: str, value: Any, table: dict[str, Any], what: str, example: str
) -> None:
    """Check that the field is a code from ``table`` (stored as a plain str); the detail names
    what was expected and, for a lower-case code that exists, the right spelling."""
    if not isinstance(value, str):
        _refuse(action, field, f"{what}_not_text", example=repr(example), value=_shown(value))
    code = _plain(value)
    if code not in table:
        hint = _upper_hint(code.upper()) if code.upper() in table else ""
        _refuse(action, field, f"no_{what}", code=_shown(code), example=repr(example), hint=hint)
    if code is not value:
        object.__setattr__(action, field, code)


@dataclass(frozen=True, slots=True)
class Draft:
    """Take one revealed order during the setup draft (R-SETUP-4). ``order`` is its code."""

    order: str

    def __post_init__(self) -> None:
        _code(self, "order", self.order, ORDER_BY_CODE, "order", "C9KK")

    def __str__(self) -> str:
        return f"draft {self.order}"


@dataclass(frozen=True, slots=True)
class Place:
    """Place workers on a space and carry out its action (R-TURN-2, R-TURN-4)."""

    space: str

    def __post_init__(self) -> None:
        _code(self, "space", self.space, SPACE_BY_CODE, "space", "M8")

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
        if self.take is not None:
            object.__setattr__(self, "take", _item(self, "take", self.take, "take"))
        if isinstance(self.rest, str) or not isinstance(self.rest, tuple | list):
            _refuse(self, "rest", "rest_form", value=_shown(self.rest))
        rest = tuple([_item(self, "rest", item, "rest") for item in self.rest])
        if type(self.where) is not str or self.where not in ("top", "bottom"):
            _refuse(self, "where", "where_form", value=_shown(self.where))
        object.__setattr__(self, "rest", rest)
        if not rest:  # nothing goes back, so top or bottom is the same
            object.__setattr__(self, "where", "top")

    def __str__(self) -> str:
        text = f"choose {self.take or '-'}"
        if self.rest:
            text += f" {self.where} " + " ".join(self.rest)
        return text


def _upper_hint(code: str) -> Phrase:
    return Phrase("value.upper_hint", {"code": repr(code)})


def _item(action: Choose, field: str, value: Any, what: str) -> str:
    """A tile code or an order code (the two kinds never share a code), as a plain str.
    ``what``: which item it is ("take", "rest")."""
    if not isinstance(value, str):
        _refuse(
            action, field, "item_not_text", what=Phrase(f"value.item.{what}"), value=_shown(value)
        )
    value = _plain(value)
    if value not in TILE_BY_CODE and value not in ORDER_BY_CODE:
        upper = value.upper()
        hint: Phrase | str = (
            _upper_hint(upper) if upper in TILE_BY_CODE or upper in ORDER_BY_CODE else ""
        )
        if field == "take" and value in ("-", "", "none"):
            hint = Phrase("value.take_none_hint")
        _refuse(action, field, "no_item", value=_shown(value), hint=hint)
    return value


@dataclass(frozen=True, slots=True)
class SubstituteCube:
    """Put a cube of this colour on a new cart whose own colour has run out (R-TUNNEL-2)."""

    colour: int

    def __post_init__(self) -> None:
        _colour_field(self, "colour", "colour")

    def __str__(self) -> str:
        return f"cube {COLOUR_LETTERS[self.colour]}"


@dataclass(frozen=True, slots=True)
class MoveCage:
    """Mining step: move the pit cage to another level, 0 = surface (R-MINE-2.1)."""

    level: int

    def __post_init__(self) -> None:
        _whole_number(self, "level", 0, 4, Phrase("value.must.level"))

    def __str__(self) -> str:
        return f"cage {self.level}"


@dataclass(frozen=True, slots=True)
class Load:
    """Mining step: load one cube of this colour from a cart at the cage's level (R-MINE-2.2).

    ``cart`` names the cart it empties, by its index in the level's carts (0 the printed cart,
    then the tiles' carts in the order they were attached): ``load G@2``. Without it
    (``load G``) the engine empties its own choice (:func:`gluckauf.core.rules.cart_to_load`).
    The rules do not tell the carts of a level apart (R-MINE-2: any cart will do), so the
    enumeration lists the colour-only form; a cart-naming Load is legal exactly when that is
    and the cart holds that colour — the board plays it when a learner clicks a cube."""

    colour: int
    cart: int | None = None

    def __post_init__(self) -> None:
        _colour_field(self, "colour", "colour")
        if self.cart is not None:
            _whole_number(
                self, "cart", 0, LAST_CART, Phrase("value.must.cart", {"last": LAST_CART})
            )

    def __repr__(self) -> str:  # as before carts could be named: Load(colour=2)
        cart = "" if self.cart is None else f", cart={self.cart!r}"
        return f"Load(colour={self.colour!r}{cart})"

    def __str__(self) -> str:
        cart = "" if self.cart is None else f"{_AT}{self.cart}"
        return f"load {COLOUR_LETTERS[self.colour]}{cart}"


@dataclass(frozen=True, slots=True)
class Store:
    """Mining step: move one cube of this colour from the cage at the surface into the private
    storage (R-MINE-2.4)."""

    colour: int

    def __post_init__(self) -> None:
        _colour_field(self, "colour", "colour")

    def __str__(self) -> str:
        return f"store {COLOUR_LETTERS[self.colour]}"


@dataclass(frozen=True, slots=True)
class Fill:
    """Mining step(s): fill an empty slot of colour ``slot`` on an outstanding order.
    ``cubes`` holds one matching cube (1 step, R-MINE-2.3/2.5) or two cubes of any colours
    (2 steps, R-MINE-3), each ``(source, colour)`` with source ``"c"`` (cage) or ``"s"``
    (storage), kept in canonical order (cage before storage, then by colour).

    Three or more cubes never fill a slot: such a value cannot be made (R-NOTATION-1). No cube
    at all, ``Fill(order, slot, ())`` (``fill W3YY:Y -``), is never legal either, but it is a
    question the state answers: ``why_not`` says what stands in the slot's way (the order, the
    slot, else the missing cubes, R-MINE-3) — the board asks it when a slot is clicked alone."""

    order: str
    slot: int
    cubes: tuple[tuple[str, int], ...]

    def __post_init__(self) -> None:
        _code(self, "order", self.order, ORDER_BY_CODE, "order", "W3YY")
        _colour_field(self, "slot", "slot")
        cubes = self.cubes
        if isinstance(cubes, str) or not isinstance(cubes, tuple | list):
            _refuse(self, "cubes", "cubes_form", value=_shown(cubes))
        if len(cubes) > 2:
            _refuse(self, "cubes", "too_many_cubes", n=len(cubes))
        checked = []
        for cube in cubes:
            if isinstance(cube, str) or not isinstance(cube, tuple | list) or len(cube) != 2:
                _refuse(self, "cubes", "cube_pair", value=_shown(cube))
            source, colour = cube
            if type(source) is not str or source not in (CAGE, STORAGE):
                _refuse(self, "cubes", "cube_source", value=_shown(source))
            checked.append((source, _cube_colour(self, colour)))
        if len(checked) == 2:
            checked.sort(key=_cube_key)
        object.__setattr__(self, "cubes", tuple(checked))

    @property
    def steps(self) -> int:
        return len(self.cubes)

    def __str__(self) -> str:
        cubes = "+".join([src + COLOUR_LETTERS[col] for src, col in self.cubes]) or _NO_CUBE
        return f"fill {self.order}:{COLOUR_LETTERS[self.slot]} {cubes}"


def _cube_key(cube: tuple[str, int]) -> tuple[bool, int]:
    return (cube[0] != CAGE, cube[1])


def _cube_colour(action: Fill, colour: Any) -> int:
    number = _int_in(colour, 0, 3)
    if number is None:
        what = Phrase("value.must.cube")
        _refuse(action, "cubes", "not", what=what, value=_shown(colour), hint=_letter_hint(colour))
    return number


@dataclass(frozen=True, slots=True)
class Stop:
    """End the mining action; unused work steps are lost (R-MINE-1)."""

    def __str__(self) -> str:
        return "stop"


Action = Draft | Place | Choose | SubstituteCube | MoveCage | Load | Store | Fill | Stop

ACTION_TYPES = (Draft, Place, Choose, SubstituteCube, MoveCage, Load, Store, Fill, Stop)
STOP = Stop()
PLACE = {code: Place(code) for code in SPACE_BY_CODE}  # shared, interned placement actions


def any_cart(action: Action) -> Action:
    """The action with the cart a Load names left out (``load G@2`` → ``load G``), every other
    action as it is: the same move wherever it does not matter which cart of the level gave
    the cube (R-MINE-2: any cart will do), e.g. when a lesson compares moves with its own."""
    return Load(action.colour) if type(action) is Load and action.cart is not None else action


def fill_cubes(*cubes: tuple[str, int]) -> tuple[tuple[str, int], ...]:
    """Canonical order for a Fill's cubes: cage before storage, then by colour."""
    return tuple(sorted(cubes, key=_cube_key))


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


class _Unreadable(ValueError):
    """What is wrong with a mistyped action: the text layer's sentence ``notation.<key>``."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.phrase = Phrase(f"notation.{key}", params)


def _colour(token: str) -> int:
    try:
        return colour_from_letter(token)
    except ValueError:
        raise _Unreadable("colour", letter=_shown(token)) from None


def _parse_load(words: list[str]) -> Load:
    # load COLOUR   |   load COLOUR@CART   |   load COLOUR CART, load COLOUR cart CART (friendly)
    colour, at, cart = " ".join(words).partition(_AT)
    parts = colour.split()
    if not at and len(parts) == 3 and parts[1].lower() == "cart":
        parts = [parts[0], parts[2]]
    if not at and len(parts) == 2:
        parts, cart = parts[:1], parts[1]
    if len(parts) != 1 or (at and not cart.strip()):
        raise _Unreadable("load_form")
    if not at and not cart:
        return Load(_colour(parts[0]))
    cart = cart.strip()
    if not cart.isdecimal() or not cart.isascii():
        raise _Unreadable("cart_number", cart=_shown(cart))
    return Load(_colour(parts[0]), int(cart))


def _parse_fill(words: list[str], state: GameState | None) -> Fill:
    # fill ORDER:SLOT SOURCES   |   fill ORDER SLOT [from cage|storage]   (friendly form)
    # fill ORDER:SLOT -   (a slot alone, no cube: never legal, but a question for why_not)
    if not words:
        raise _Unreadable("fill_order")
    order, _, slot_text = words[0].partition(":")
    rest = words[1:]
    if not slot_text:
        if not rest:
            raise _Unreadable("fill_slot")
        slot_text, rest = rest[0], rest[1:]
    slot = _colour(slot_text)
    order = order.upper()
    if rest == [_NO_CUBE]:
        return Fill(order, slot, ())
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
            raise _Unreadable("cube_source", token=_shown(token))
        cubes.append((token[0], _colour(token[1])))
    return Fill(order, slot, tuple(cubes))  # three or more: refused by Fill (R-MINE-3)


def shown_rest(state: GameState, take: str | None) -> tuple[str, ...]:
    """The items F★/O★ shows, in the shown order, less the one taken."""
    from .components import ORDERS, TILES

    table = TILES if state.choice_kind == "tile" else ORDERS
    shown = [table[i].code for i in state.choice]
    if take in shown:
        shown.remove(take)
    return tuple(shown)


def parse_action(text: str, state: GameState | None = None) -> Action:
    """Read an action from its notation. Raises :class:`~gluckauf.core.errors.NotationError`.

    Bare space codes (``F3``, ``M8``, ``$5``, ``bank``) mean ``place …``. The state, when given,
    resolves the friendly forms ``fill W3YY Y`` (cage or storage, whichever is legal) and
    ``choose G2L bottom`` (the others go back in the order shown).
    """
    from .errors import NotationError

    if not isinstance(text, str):
        raise NotationError(str(text), Phrase("notation.not_text", {"kind": type(text).__name__}))
    words = text.replace(",", " ").split()
    if not words:
        raise NotationError(text, Phrase("notation.empty"))
    verb, args = words[0].lower(), words[1:]
    try:
        if verb == "place" and len(args) >= 1:
            code = _space_code(" ".join(args))
            if code is None:
                raise _Unreadable("no_space", name=_shown(" ".join(args)))
            return PLACE[code]
        if len(words) <= 2 and _space_code(text) is not None:
            return PLACE[_space_code(text)]  # type: ignore[index]
        if verb == "draft" and len(args) == 1:
            return Draft(args[0].upper())
        if verb == "stop" and not args:
            return STOP
        if verb == "cage" and len(args) == 1:
            level = {"surface": 0}.get(args[0].lower())
            if level is None and not (args[0].isdecimal() and args[0].isascii()):
                raise _Unreadable("cage_level")
            level = int(args[0]) if level is None else level
            if not 0 <= level <= 4:
                raise _Unreadable("cage_level")
            return MoveCage(level)
        if verb == "load" and args:
            return _parse_load(args)
        if verb in ("store", "cube") and len(args) == 1:
            kind = {"store": Store, "cube": SubstituteCube}[verb]
            return kind(_colour(args[0]))
        if verb == "fill":
            return _parse_fill(args, state)
        if verb == "choose" and args:
            take = None if args[0] in ("-", "none") else args[0].upper()
            where, rest = "top", ()
            if len(args) > 1:
                where = args[1].lower()
                if where not in ("top", "bottom"):
                    raise _Unreadable("top_or_bottom")
                rest = tuple(a.upper() for a in args[2:])
                if not rest and state is not None:  # friendly form: the rest as shown
                    rest = shown_rest(state, take)
            return Choose(take, rest, where)
    except NotationError as exc:  # a field no action can have (ActionValueError)
        raise NotationError(text, exc.phrase) from None
    except _Unreadable as exc:
        raise NotationError(text, exc.phrase) from None
    except ValueError:  # nothing above raises one: never a traceback, though
        raise NotationError(text, Phrase("notation.unreadable")) from None
    raise NotationError(text, Phrase("notation.verbs"))
