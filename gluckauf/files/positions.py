"""The *position* format: the full state as documented, versioned JSON, so a tutorial or puzzle
can start mid-game. ``schemas/position.schema.json`` describes it; loading validates the schema
and then every invariant (:mod:`gluckauf.core.invariants`) and refuses bad files with a clear
message. Nothing in a file is ever executed.

Cubes are written as letters (``"YYG"``), carts per level as a string with ``.`` for an empty
cart (``"Y.Y"``, the printed cart first), tiles and orders by their codes.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..core.components import (
    COLOUR_LETTERS,
    ORDER_BY_CODE,
    ORDERS,
    SPACE_BY_CODE,
    SPACES,
    TILE_BY_CODE,
    TILES,
)
from ..core.errors import FormatError
from ..core.state import EMPTY_CART, GameState
from ..core.voice import Phrase

FORMAT, VERSION = "gluckauf-position", 1


def _cubes(counts: list[int]) -> str:
    return "".join(COLOUR_LETTERS[c] * n for c, n in enumerate(counts))


def _counts(text: str) -> list[int]:
    return [text.count(letter) for letter in COLOUR_LETTERS]


def _tile(kind: int | None) -> str | None:
    return None if kind is None else TILES[kind].code


def _order(card: int | None) -> str | None:
    return None if card is None else ORDERS[card].code


def position_to_dict(state: GameState) -> dict[str, Any]:
    """The whole state as plain JSON data (history excluded: a record keeps that)."""
    spaces = {
        space.code: {
            "player": state.space_owner[space.index],
            "workers": state.space_count[space.index],
        }
        for space in SPACES
        if state.space_count[space.index]
    }
    item = _tile if state.choice_kind == "tile" else _order
    return {
        "format": FORMAT,
        "version": VERSION,
        "players": state.players,
        "names": list(state.names),
        "seed": state.seed,
        "phase": state.phase,
        "current": state.current,
        "start_player": state.start_player,
        "first_start_player": state.first_start_player,
        "shift": state.shift,
        "draft_turn": state.draft_turn,
        "steps_left": state.steps_left,
        **({"face_down": True} if state.face_down else {}),
        "board": {
            "tile_deck": [_tile(k) for k in state.tile_deck],
            "order_deck": [_order(c) for c in state.order_deck],
            "tile_spaces": [_tile(k) for k in state.tile_spaces],
            "order_spaces": [_order(c) for c in state.order_spaces],
            "draft_pool": [_order(c) for c in state.draft_pool],
            "spaces": spaces,
            "supply": _cubes(state.supply),
            "choice": {"kind": state.choice_kind, "items": [item(i) for i in state.choice]},
            "pending_carts": [list(cart) for cart in state.pending_carts],
        },
        "seats": [_seat_to_dict(state, p) for p in range(state.players)],
    }


def _seat_to_dict(state: GameState, p: int) -> dict[str, Any]:
    return {
        "money": state.money[p],
        "workers": state.workers[p],
        "canteen": state.canteen[p],
        "bank_building": state.bank_workers[p],
        "score": state.score[p],
        "cage_level": state.cage_level[p],
        "cage": _cubes(state.cage[p]),
        "storage": _cubes(state.storage[p]),
        "carts": [
            "".join(COLOUR_LETTERS[c] if c >= 0 else "." for c in level) for level in state.carts[p]
        ],
        "tiles": [TILES[k].code for k in state.tiles[p]],
        "outstanding": [
            {
                "order": ORDERS[card].code,
                "slots": ["".join(COLOUR_LETTERS[c] for c in cubes) for cubes in slots],
            }
            for card, slots in state.outstanding[p]
        ],
        "delivered": [ORDERS[card].code for card in state.delivered[p]],
        "ledger": [list(entry) for entry in state.ledger[p]],
    }


def _lookup(table: dict[str, Any], code: Any, what: str, where: str) -> int:
    if code not in table:
        raise FormatError(Phrase(f"position.not_{what}", {"where": where, "code": repr(code)}))
    return int(table[code].index)


def position_from_dict(data: Any, *, check_schema: bool = True) -> GameState:
    """Build a state from position data; raises FormatError (saying where) if anything is off.

    ``check_schema=False`` skips only the JSON Schema pass (the slowest part, for data this
    program just wrote itself); every invariant is still checked."""
    from .jsonio import validate

    if check_schema:
        validate(data, "position")
    if data["version"] != VERSION:
        raise FormatError(
            Phrase("position.version", {"found": data["version"], "version": VERSION})
        )
    state = GameState()
    for name in (
        "players",
        "seed",
        "phase",
        "current",
        "start_player",
        "first_start_player",
        "shift",
        "draft_turn",
        "steps_left",
    ):
        setattr(state, name, data[name])
    state.face_down = bool(data.get("face_down", False))
    state.names = list(data["names"])
    players = state.players
    if len(state.names) != players or len(data["seats"]) != players:
        raise FormatError(Phrase("position.names", {"players": players}))
    board = data["board"]

    def tile(code: Any, where: str) -> int:
        return _lookup(TILE_BY_CODE, code, "tile", where)

    def order(code: Any, where: str) -> int:
        return _lookup(ORDER_BY_CODE, code, "order", where)

    state.tile_deck = [tile(c, "board.tile_deck") for c in board["tile_deck"]]
    state.order_deck = [order(c, "board.order_deck") for c in board["order_deck"]]
    state.tile_spaces = [
        None if c is None else tile(c, "board.tile_spaces") for c in board["tile_spaces"]
    ]
    state.order_spaces = [
        None if c is None else order(c, "board.order_spaces") for c in board["order_spaces"]
    ]
    state.draft_pool = [order(c, "board.draft_pool") for c in board["draft_pool"]]
    state.space_owner = [-1] * len(SPACES)
    state.space_count = [0] * len(SPACES)
    for code, stand in board["spaces"].items():
        if code not in SPACE_BY_CODE or code == "BANK":
            raise FormatError(Phrase("position.not_space", {"code": repr(code)}))
        index = SPACE_BY_CODE[code].index
        state.space_owner[index], state.space_count[index] = stand["player"], stand["workers"]
    state.supply = _counts(board["supply"])
    kind = board["choice"]["kind"]
    state.choice_kind = kind
    state.choice = [
        (tile if kind == "tile" else order)(c, "board.choice") for c in board["choice"]["items"]
    ]
    state.pending_carts = [tuple(cart) for cart in board["pending_carts"]]  # type: ignore[misc]

    seats = data["seats"]
    state.money = [s["money"] for s in seats]
    state.workers = [s["workers"] for s in seats]
    state.canteen = [s["canteen"] for s in seats]
    state.bank_workers = [s["bank_building"] for s in seats]
    state.score = [s["score"] for s in seats]
    state.cage_level = [s["cage_level"] for s in seats]
    state.cage = [_counts(s["cage"]) for s in seats]
    state.storage = [_counts(s["storage"]) for s in seats]
    state.carts = [
        [
            [COLOUR_LETTERS.find(ch) if ch != "." else EMPTY_CART for ch in level]
            for level in s["carts"]
        ]
        for s in seats
    ]
    state.tiles = [[tile(c, f"seats[{p}].tiles") for c in s["tiles"]] for p, s in enumerate(seats)]
    state.outstanding = []
    for p, s in enumerate(seats):
        held = []
        for entry in s["outstanding"]:
            card = order(entry["order"], f"seats[{p}].outstanding")
            slots = [tuple(COLOUR_LETTERS.find(ch) for ch in cubes) for cubes in entry["slots"]]
            held.append([card, slots])
        state.outstanding.append(held)
    state.delivered = [
        [order(c, f"seats[{p}].delivered") for c in s["delivered"]] for p, s in enumerate(seats)
    ]
    state.ledger = [[tuple(entry) for entry in s["ledger"]] for s in seats]
    _check(state)
    state.begin_here()  # a game played on from here saves this position and the moves since
    return state


def _check(state: GameState) -> None:
    """Refuse a position that breaks an invariant or that the rules could not present in that
    form (:mod:`gluckauf.core.invariants`), naming the field: every position loaded plays on."""
    from ..core.invariants import problem_phrases

    try:
        found = problem_phrases(state)
    except (LookupError, TypeError, ValueError, AttributeError) as exc:  # not one of its shapes
        error = f"{type(exc).__name__}: {exc}"
        raise FormatError(Phrase("position.no_game", {"error": error})) from None
    if found:
        key = "position.impossible_more" if len(found) > 5 else "position.impossible"
        raise FormatError(Phrase(key, {"found": tuple(found[:5])}))


def save_position(state: GameState, path: str | Path) -> None:
    """Write the position atomically (a crash never leaves a half-written file)."""
    from .jsonio import write_json_atomic

    write_json_atomic(path, position_to_dict(state))


def load_position(path: str | Path) -> GameState:
    from .jsonio import read_json

    return position_from_dict(read_json(path))
