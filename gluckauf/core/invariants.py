"""Facts that hold in every state the rules can present; used to validate loaded positions and
built puzzles, and, after every action, by the random-game tests.

Each problem is a keyed :class:`~gluckauf.core.voice.Phrase` (``problem.*``), worded by the text
layer as ``"where: what"`` — where in the position file (``seats[1].workers``,
``board.pending_carts[0]``) and what is wrong, in the learner's language.

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
    COLOUR_NAMES,
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
from .voice import Phrase

if TYPE_CHECKING:
    from .state import GameState

Problems = Iterator[Phrase]

_CATEGORIES = (ORDER, SHIFT, BEFORE, *END_ITEMS)  # the score ledger's (gluckauf.core.scoring)


def problem_phrases(state: GameState) -> list[Phrase]:
    """Everything wrong with a state, as data (empty for a sound state)."""
    found: list[Phrase] = []
    for check in _CHECKS:
        found += check(state)
    return found


def problems(state: GameState) -> list[str]:
    """Everything wrong with a state, as ``"where: what"`` in the current language (empty for a
    sound state)."""
    return [str(phrase) for phrase in problem_phrases(state)]


def _says(key: str, where: str, **params: Any) -> Phrase:
    """The problem ``problem.<key>`` at ``where`` in the position file."""
    return Phrase(f"problem.{key}", {"where": where, **params})


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _seat(state: GameState, value: Any) -> bool:
    return _is_int(value) and 0 <= value < state.players


# --- the decision ------------------------------------------------------------------------------
def _decision(state: GameState) -> Problems:
    players, phase = state.players, state.phase
    if phase not in PHASES:
        yield _says("phase", "phase", shown=repr(phase))
        return
    if not 1 <= state.shift <= SHIFTS:
        yield _says("shift", "shift", shift=state.shift)
    for field in ("current", "start_player", "first_start_player"):
        if not _seat(state, getattr(state, field)):
            yield _says("seat", field, shown=repr(getattr(state, field)), players=players)
    if phase != MINE and state.steps_left:
        yield _says("steps_idle", "steps_left", steps=state.steps_left)
    if phase == MINE and not 1 <= state.steps_left <= 10:
        yield _says("steps_none", "steps_left")
    if phase != DRAFT and state.draft_pool:
        yield _says("pool_after_draft", "board.draft_pool")
    if phase != CHOOSE and (state.choice or state.choice_kind is not None):
        yield _says("choice_idle", "board.choice")
    if phase != CUBE and state.pending_carts:
        yield _says("carts_idle", "board.pending_carts")
    if phase == PLACE and _seat(state, state.current) and not state.workers[state.current]:
        yield _says("no_workers_to_place", "current", name=state.names[state.current])
    yield from _DECISIONS.get(phase, _nothing)(state)


def _nothing(state: GameState) -> Problems:
    return iter(())


def _draft(state: GameState) -> Problems:
    if len(state.draft_pool) < 2:
        yield _says("small_draft", "board.draft_pool")
    if any(card is not None for card in state.order_spaces):
        yield _says("spaces_in_draft", "board.order_spaces")
    if state.shift != 1:
        yield _says("draft_shift", "shift")


def _choose(state: GameState) -> Problems:
    if state.choice_kind not in ("tile", "order"):
        yield _says("choice_kind", "board.choice.kind")
    if not 1 <= len(state.choice) <= STAR_LOOK:
        yield _says("choice_count", "board.choice.items", most=STAR_LOOK, count=len(state.choice))


def _cube(state: GameState) -> Problems:
    if not state.pending_carts:
        yield _says("no_cart", "board.pending_carts")
        return
    seen = set()
    for number, entry in enumerate(state.pending_carts):
        where = f"board.pending_carts[{number}]"
        if len(entry) != 3 or not all(map(_is_int, entry)):
            yield _says("cart_shape", where, shown=repr(list(entry)))
            continue
        player, colour, index = entry
        if player != state.current:
            yield _says("cart_owner", where)
        elif colour not in COLOURS or not 0 <= index < len(state.carts[player][colour]):
            yield _says("cart_missing", where, name=state.names[player])
        elif state.carts[player][colour][index] != EMPTY_CART:
            yield _says("cart_full", where)
        elif (player, colour, index) in seen:
            yield _says("cart_twice", where)
        seen.add((player, colour, index))
    first = state.pending_carts[0]
    if len(first) == 3 and first[1] in COLOURS:
        colour = first[1]
        others = [c for c in COLOURS if c != colour and state.supply[c] > 0]
        if state.supply[colour] > 0 or len(others) < 2:
            yield _says("cube_choice", "board.pending_carts")


def _over(state: GameState) -> Problems:
    if state.shift != SHIFTS:
        yield _says("over_shift", "shift", shift=SHIFTS)
    for p in range(state.players):
        if state.workers[p]:
            yield _says("over_workers", f"seats[{p}].workers", name=state.names[p])
        items = Counter(entry[0] for entry in state.ledger[p] if entry and entry[0] in END_ITEMS)
        if any(items[item] != 1 for item in END_ITEMS):
            yield _says("over_ledger", f"seats[{p}].ledger")


_DECISIONS = {DRAFT: _draft, CHOOSE: _choose, CUBE: _cube, OVER: _over}


# --- the board ---------------------------------------------------------------------------------
def _cubes(state: GameState) -> Problems:
    census = state.cube_census()
    for colour in COLOURS:
        if census[colour] != CUBES_PER_COLOUR:
            yield _says(
                "cube_count",
                "cubes",
                count=census[colour],
                colour=COLOUR_NAMES[colour],
                cubes=CUBES_PER_COLOUR,
            )
    if any(n < 0 for n in state.supply):
        yield _says("supply_negative", "board.supply")


def _spaces(state: GameState) -> Problems:
    players = state.players
    for space in SPACES:
        count, owner = state.space_count[space.index], state.space_owner[space.index]
        if space.area == AREA_BANK or count == 0:
            continue
        where = f"board.spaces.{space.code}"
        if players in space.locked_with:
            yield _says("locked_space", where, players=players)
        if not _seat(state, owner):
            yield _says("owner", where)
        if count < 0:
            yield _says("workers_negative", where)
    for spaces, cards, name in (
        (TILE_SPACES, state.tile_spaces, "tile_spaces"),
        (ORDER_SPACES, state.order_spaces, "order_spaces"),
    ):
        for space in spaces:
            if players in space.locked_with and cards[space.value] is not None:
                yield _says("locked_card", f"board.{name}", code=space.code, players=players)


def _cards(state: GameState) -> Problems:
    """Every tile and order card is in exactly one place."""
    tiles = Counter(state.tile_deck)
    tiles.update(k for k in state.tile_spaces if k is not None)
    for p in range(state.players):
        tiles.update(state.tiles[p])
    if state.choice_kind == "tile":
        tiles.update(state.choice)
    if tiles != Counter({kind.index: TILE_COPIES for kind in TILES}):
        yield _says("tiles", "tiles")
    orders = Counter(state.order_deck)
    orders.update(c for c in state.order_spaces if c is not None)
    orders.update(state.draft_pool)
    for p in range(state.players):
        orders.update(card for card, _slots in state.outstanding[p])
        orders.update(state.delivered[p])
    if state.choice_kind == "order":
        orders.update(state.choice)
    if orders != Counter(range(len(ORDERS))):
        yield _says("orders", "orders")


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
            yield _says("workers", f"{where}.workers", name=name, total=total)
        if state.money[p] < 0:
            yield _says("money", f"{where}.money", name=name)
        if sum(state.cage[p]) > CAGE_CAPACITY or min(state.cage[p]) < 0:
            yield _says("cage", f"{where}.cage", name=name, most=CAGE_CAPACITY)
        if min(state.storage[p]) < 0:
            yield _says("storage", f"{where}.storage", name=name)
        if not 0 <= state.cage_level[p] <= 4:
            yield _says("cage_level", f"{where}.cage_level", name=name)
        yield from _mine(state, p)
        yield from _orders(state, p)
        yield from _ledger(state, p)


def _mine(state: GameState, p: int) -> Problems:
    for colour in COLOURS:
        carts = state.carts[p][colour]
        tile_carts = sum(TILES[k].carts for k in state.tiles[p] if TILES[k].colour == colour)
        if len(carts) != 1 + tile_carts:
            yield _says(
                "cart_count",
                f"seats[{p}].carts[{colour}]",
                level=colour + 1,
                count=len(carts),
                expected=1 + tile_carts,
            )
        if any(cube not in (EMPTY_CART, *COLOURS) for cube in carts):
            yield _says("cart_content", f"seats[{p}].carts[{colour}]")


def _orders(state: GameState, p: int) -> Problems:
    name = state.names[p]
    for number, (card, slots) in enumerate(state.outstanding[p]):
        where, code = f"seats[{p}].outstanding[{number}]", ORDERS[card].code
        needs = ORDERS[card].slots
        if len(slots) != len(needs):
            yield _says("slot_count", where, name=name, code=code)
            continue
        for need, cubes in zip(needs, slots, strict=True):
            if (
                len(cubes) > 2
                or any(cube not in COLOURS for cube in cubes)
                or (len(cubes) == 1 and cubes[0] != need)
            ):
                shown = "".join(COLOUR_LETTERS[c] if c in COLOURS else "?" for c in cubes)
                yield _says("slot", where, colour=COLOUR_NAMES[need], code=code, shown=repr(shown))


def _ledger(state: GameState, p: int) -> Problems:
    """Every score change is one the rules give, and they add up to the score."""
    where = f"seats[{p}].ledger"
    delivered = Counter(ORDERS[card].code for card in state.delivered[p])
    scored_shifts = SHIFTS if state.phase == OVER else state.shift - 1
    total = 0
    for number, entry in enumerate(state.ledger[p]):
        here = f"{where}[{number}]"
        if len(entry) != 3 or not _is_int(entry[1]):
            yield _says("entry_shape", here, shown=repr(list(entry)))
            continue
        category, points, detail = entry
        total += points
        if category not in _CATEGORIES:
            yield _says("category", here, shown=repr(category), known=", ".join(_CATEGORIES))
        elif category == ORDER:
            order = ORDER_BY_CODE.get(detail) if isinstance(detail, str) else None
            if order is None or delivered[detail] < 1 or points != order.vp:
                yield _says("order_points", here)
            else:
                delivered[detail] -= 1
        elif category == SHIFT:
            if not _segment_score(detail, points, scored_shifts):
                yield _says("shift_points", here)
        elif category in END_ITEMS:
            if detail is not None or state.phase != OVER:
                yield _says("end_points", here)
        elif detail is not None:  # BEFORE: points a puzzle starts with
            yield _says("before_points", here)
    if total != state.score[p]:
        yield _says("score", f"seats[{p}].score", score=state.score[p], total=total)


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
