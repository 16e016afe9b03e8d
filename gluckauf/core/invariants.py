"""Facts that hold in every state the rules can present; used to validate loaded positions and
built puzzles, and, after every action, by the random-game tests.

Each problem is ``"where: what"`` — where in the position file (``seats[1].workers``,
``board.pending_carts[0]``) and what is wrong, in words.

A position may be set up by hand (a puzzle, a position file), so these facts do not ask whether
some deal could lead there: a puzzle may start with points already scored (``before``), in
shift II, mining without a worker on a mining space. They ask whether every piece is where the
rules could put it, every count adds up, and the decision is one the rules could present in
that form — so that every position that passes plays on to the end of the game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from .components import (
    AREA_BANK,
    CAGE_CAPACITY,
    COLOUR_LETTERS,
    COLOURS,
    CUBES_PER_COLOUR,
    ORDER_BY_CODE,
    ORDER_SPACES,
    ORDERS,
    SEGMENT_POINTS,
    SEGMENTS_AFTER_SHIFT,
    SHIFTS,
    SPACES,
    STAR_LOOK,
    TILE_COPIES,
    TILE_SPACES,
    TILES,
)
from .phases import CHOOSE, CUBE, DRAFT, EMPTY_CART, MINE, OVER, PHASES, PLACE
from .scoring import BEFORE, END_ITEMS, ORDER, SHIFT

if TYPE_CHECKING:
    from .state import GameState

Problems = Iterator[str]

_CATEGORIES = (ORDER, SHIFT, BEFORE, *END_ITEMS)  # the score ledger's (gluckauf.core.scoring)


def problems(state: GameState) -> list[str]:
    """Everything wrong with a state, as ``"where: what"`` (empty for a sound state)."""
    found: list[str] = []
    for check in _CHECKS:
        found += check(state)
    return found


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _seat(state: GameState, value: Any) -> bool:
    return _is_int(value) and 0 <= value < state.players


# --- the decision ------------------------------------------------------------------------------
def _decision(state: GameState) -> Problems:
    players, phase = state.players, state.phase
    if phase not in PHASES:
        yield f"phase: {phase!r} is not a phase of the game"
        return
    if not 1 <= state.shift <= SHIFTS:
        yield f"shift: shift {state.shift} does not exist"
    for field in ("current", "start_player", "first_start_player"):
        if not _seat(state, getattr(state, field)):
            yield f"{field}: {getattr(state, field)!r} is not a seat of this {players}-player game"
    if phase != MINE and state.steps_left:
        yield f"steps_left: {state.steps_left} work steps left, but nobody is mining"
    if phase == MINE and not 1 <= state.steps_left <= 10:
        yield "steps_left: mining with no work steps left (a mining space gives 4 to 10)"
    if phase != DRAFT and state.draft_pool:
        yield "board.draft_pool: orders wait in the draft pool after the draft"
    if phase != CHOOSE and (state.choice or state.choice_kind is not None):
        yield "board.choice: cards are shown from a deck, but nobody is choosing"
    if phase != CUBE and state.pending_carts:
        yield "board.pending_carts: carts wait for a cube, but nobody is choosing one"
    if phase == PLACE and _seat(state, state.current) and not state.workers[state.current]:
        yield (
            f"current: {state.names[state.current]} is to place workers but has none in "
            "hand (R-TURN-1: the turn passes to a player who has some)"
        )
    yield from _DECISIONS.get(phase, _nothing)(state)


def _nothing(state: GameState) -> Problems:
    return iter(())


def _draft(state: GameState) -> Problems:
    if len(state.draft_pool) < 2:
        yield "board.draft_pool: a draft with fewer than 2 orders (R-SETUP-4)"
    if any(card is not None for card in state.order_spaces):
        yield "board.order_spaces: the order spaces are filled only when the draft ends (R-SETUP-4)"
    if state.shift != 1:
        yield "shift: the draft comes before shift I"


def _choose(state: GameState) -> Problems:
    if state.choice_kind not in ("tile", "order"):
        yield "board.choice.kind: F★ shows tiles and O★ orders"
    if not 1 <= len(state.choice) <= STAR_LOOK:
        yield f"board.choice.items: F★ and O★ show 1 to {STAR_LOOK} cards, not {len(state.choice)}"


def _cube(state: GameState) -> Problems:
    if not state.pending_carts:
        yield "board.pending_carts: waiting for a cube with no cart to fill"
        return
    seen = set()
    for number, entry in enumerate(state.pending_carts):
        where = f"board.pending_carts[{number}]"
        if len(entry) != 3 or not all(map(_is_int, entry)):
            yield f"{where}: a cart is [seat, colour 0–3, cart number], not {list(entry)!r}"
            continue
        player, colour, index = entry
        if player != state.current:
            yield f"{where}: only the player who bought the tile waits for its cubes"
        elif colour not in COLOURS or not 0 <= index < len(state.carts[player][colour]):
            yield f"{where}: {state.names[player]} has no such cart"
        elif state.carts[player][colour][index] != EMPTY_CART:
            yield f"{where}: the cart already holds a cube"
        elif (player, colour, index) in seen:
            yield f"{where}: the same cart waits twice"
        seen.add((player, colour, index))
    first = state.pending_carts[0]
    if len(first) == 3 and first[1] in COLOURS:
        colour = first[1]
        others = [c for c in COLOURS if c != colour and state.supply[c] > 0]
        if state.supply[colour] > 0 or len(others) < 2:
            yield (
                "board.pending_carts: a player chooses a cube only when the supply has none "
                "of the cart's colour and two or more other colours (R-TUNNEL-2)"
            )


def _over(state: GameState) -> Problems:
    if state.shift != SHIFTS:
        yield f"shift: the game ends after shift {SHIFTS}"
    for p in range(state.players):
        if state.workers[p]:
            yield f"seats[{p}].workers: the game is over, but {state.names[p]} has workers in hand"
        items = Counter(entry[0] for entry in state.ledger[p] if entry and entry[0] in END_ITEMS)
        if any(items[item] != 1 for item in END_ITEMS):
            yield f"seats[{p}].ledger: the game is over, but its end scoring is not there once"


_DECISIONS = {DRAFT: _draft, CHOOSE: _choose, CUBE: _cube, OVER: _over}


# --- the board ---------------------------------------------------------------------------------
def _cubes(state: GameState) -> Problems:
    census = state.cube_census()
    for colour in COLOURS:
        if census[colour] != CUBES_PER_COLOUR:
            yield (
                f"cubes: there are {census[colour]} {COLOUR_LETTERS[colour]} cubes in the "
                f"game, not {CUBES_PER_COLOUR}"
            )
    if any(n < 0 for n in state.supply):
        yield "board.supply: the supply holds a negative number of cubes"


def _spaces(state: GameState) -> Problems:
    players = state.players
    for space in SPACES:
        count, owner = state.space_count[space.index], state.space_owner[space.index]
        if space.area == AREA_BANK or count == 0:
            continue
        where = f"board.spaces.{space.code}"
        if players in space.locked_with:
            yield f"{where}: workers stand on a space locked with {players} players (R-SETUP-1)"
        if not _seat(state, owner):
            yield f"{where}: the workers there belong to nobody at this table"
        if count < 0:
            yield f"{where}: a negative number of workers"
    for spaces, cards, name in (
        (TILE_SPACES, state.tile_spaces, "tile_spaces"),
        (ORDER_SPACES, state.order_spaces, "order_spaces"),
    ):
        for space in spaces:
            if players in space.locked_with and cards[space.value] is not None:
                yield (
                    f"board.{name}: {space.code} is locked with {players} players, yet a card "
                    "lies there (R-SETUP-1)"
                )


def _cards(state: GameState) -> Problems:
    """Every tile and order card is in exactly one place."""
    tiles = Counter(state.tile_deck)
    tiles.update(k for k in state.tile_spaces if k is not None)
    for p in range(state.players):
        tiles.update(state.tiles[p])
    if state.choice_kind == "tile":
        tiles.update(state.choice)
    if tiles != Counter({kind.index: TILE_COPIES for kind in TILES}):
        yield "tiles: the 48 tunnel tiles are not all accounted for exactly once"
    orders = Counter(state.order_deck)
    orders.update(c for c in state.order_spaces if c is not None)
    orders.update(state.draft_pool)
    for p in range(state.players):
        orders.update(card for card, _slots in state.outstanding[p])
        orders.update(state.delivered[p])
    if state.choice_kind == "order":
        orders.update(state.choice)
    if orders != Counter(range(len(ORDERS))):
        yield "orders: the 44 order cards are not all accounted for exactly once"


# --- the seats ---------------------------------------------------------------------------------
def _seats(state: GameState) -> Problems:
    players, total = state.players, state.workers_total()
    on_spaces = [0] * players
    for space in SPACES:
        owner = state.space_owner[space.index]
        if space.area != AREA_BANK and _seat(state, owner):
            on_spaces[owner] += state.space_count[space.index]
    for p in range(players):
        where, name = f"seats[{p}]", state.names[p]
        placed = on_spaces[p] + state.canteen[p] + state.bank_workers[p]
        if (
            min(state.workers[p], state.canteen[p], state.bank_workers[p]) < 0
            or placed + state.workers[p] != total
        ):
            yield f"{where}.workers: {name}'s workers do not add up to {total}"
        if state.money[p] < 0:
            yield f"{where}.money: {name} has negative money"
        if sum(state.cage[p]) > CAGE_CAPACITY or min(state.cage[p]) < 0:
            yield f"{where}.cage: {name}'s cage holds more than {CAGE_CAPACITY} cubes"
        if min(state.storage[p]) < 0:
            yield f"{where}.storage: {name}'s storage holds a negative number of cubes"
        if not 0 <= state.cage_level[p] <= 4:
            yield f"{where}.cage_level: {name}'s cage is at a level that does not exist"
        yield from _mine(state, p)
        yield from _orders(state, p)
        yield from _ledger(state, p)


def _mine(state: GameState, p: int) -> Problems:
    for colour in COLOURS:
        carts = state.carts[p][colour]
        tile_carts = sum(TILES[k].carts for k in state.tiles[p] if TILES[k].colour == colour)
        if len(carts) != 1 + tile_carts:
            yield (
                f"seats[{p}].carts[{colour}]: level {colour + 1} has {len(carts)} carts, "
                f"but the printed cart and the tiles there make {1 + tile_carts}"
            )
        if any(cube not in (EMPTY_CART, *COLOURS) for cube in carts):
            yield f"seats[{p}].carts[{colour}]: a cart holds something that is not a cube"


def _orders(state: GameState, p: int) -> Problems:
    name = state.names[p]
    for number, (card, slots) in enumerate(state.outstanding[p]):
        where, code = f"seats[{p}].outstanding[{number}]", ORDERS[card].code
        needs = ORDERS[card].slots
        if len(slots) != len(needs):
            yield f"{where}: {name}'s order {code} has the wrong number of slots"
            continue
        for need, cubes in zip(needs, slots, strict=True):
            if (
                len(cubes) > 2
                or any(cube not in COLOURS for cube in cubes)
                or (len(cubes) == 1 and cubes[0] != need)
            ):
                shown = "".join(COLOUR_LETTERS[c] if c in COLOURS else "?" for c in cubes)
                yield (
                    f"{where}: a {COLOUR_LETTERS[need]} slot of {code} holds {shown!r}: one "
                    "cube of its colour or two of any (R-MINE-3)"
                )


def _ledger(state: GameState, p: int) -> Problems:
    """Every score change is one the rules give, and they add up to the score."""
    where = f"seats[{p}].ledger"
    delivered = Counter(ORDERS[card].code for card in state.delivered[p])
    scored_shifts = SHIFTS if state.phase == OVER else state.shift - 1
    total = 0
    for number, entry in enumerate(state.ledger[p]):
        here = f"{where}[{number}]"
        if len(entry) != 3 or not _is_int(entry[1]):
            yield f"{here}: an entry is [category, points, detail], not {list(entry)!r}"
            continue
        category, points, detail = entry
        total += points
        if category not in _CATEGORIES:
            yield (f"{here}: {category!r} is not a scoring category ({', '.join(_CATEGORIES)})")
        elif category == ORDER:
            order = ORDER_BY_CODE.get(detail) if isinstance(detail, str) else None
            if order is None or delivered[detail] < 1 or points != order.vp:
                yield f"{here}: points for an order are the VP of an order delivered (R-DELIVER-1)"
            else:
                delivered[detail] -= 1
        elif category == SHIFT:
            if not _segment_score(detail, points, scored_shifts):
                yield (
                    f"{here}: a shift scoring is [shift, segment, count] for a shift already "
                    "scored, with the segment's points (R-SHIFT-1)"
                )
        elif category in END_ITEMS:
            if detail is not None or state.phase != OVER:
                yield f"{here}: end scoring happens once, when the game is over (R-END-1)"
        elif detail is not None:  # BEFORE: points a puzzle starts with
            yield f"{here}: points from before the position have no detail"
    if total != state.score[p]:
        yield f"seats[{p}].score: {state.score[p]}, but the ledger adds up to {total}"


def _segment_score(detail: Any, points: int, scored_shifts: int) -> bool:
    if not isinstance(detail, list | tuple) or len(detail) != 3 or not all(map(_is_int, detail)):
        return False
    shift, segment, count = detail
    return (
        1 <= shift <= scored_shifts
        and 1 <= segment <= SEGMENTS_AFTER_SHIFT[shift - 1]
        and count >= 1
        and points in SEGMENT_POINTS[segment - 1]
    )


_CHECKS = (_decision, _cubes, _spaces, _cards, _seats)
