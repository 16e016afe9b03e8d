"""The rules: which actions are legal (enumeration) and what an action does (application).

This module is the one source of truth for legality: ``GameState.apply`` accepts exactly the
actions :func:`legal_actions` lists. Explanations of refusals live in :mod:`gluckauf.core.explain`
and are tested to agree with this enumeration.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations_with_replacement, permutations
from typing import TYPE_CHECKING, Any

from . import scoring
from .actions import (
    ACTION_TYPES,
    CAGE,
    PLACE,
    STOP,
    STORAGE,
    Action,
    Choose,
    Draft,
    Fill,
    Load,
    MoveCage,
    Place,
    Store,
    SubstituteCube,
    fill_cubes,
)
from .components import (
    AREA_BANK,
    AREA_DELIVERY,
    AREA_MINING,
    AREA_MONEY,
    AREA_ORDERS,
    AREA_TUNNEL,
    CAGE_CAPACITY,
    COLOUR_NAMES,
    COLOURS,
    ORDER_BY_CODE,
    ORDERS,
    SPACES,
    STAR_LOOK,
    TILE_BY_CODE,
    TILES,
    Space,
)
from .errors import Refusal
from .events import Event, new_event
from .explain import diagnose
from .needs import has_complete_order as has_complete_order  # re-exported
from .needs import workers_needed as workers_needed
from .phases import CHOOSE, CUBE, DRAFT, EMPTY_CART, MINE, OVER
from .phases import PLACE as PLACE_PHASE

if TYPE_CHECKING:
    from .state import GameState

_LEVELS_AND_SURFACE = (0, 1, 2, 3, 4)
_MOVE_CAGE = tuple(MoveCage(level) for level in _LEVELS_AND_SURFACE)
_LOAD = tuple(Load(colour) for colour in COLOURS)
_STORE = tuple(Store(colour) for colour in COLOURS)
_SUBSTITUTE = tuple(SubstituteCube(colour) for colour in COLOURS)
_OPEN_SPACES: dict[int, tuple[Space, ...]] = {}


def open_spaces(players: int) -> tuple[Space, ...]:
    """The spaces not locked for this player count (R-SETUP-1), bank building last."""
    if players not in _OPEN_SPACES:
        _OPEN_SPACES[players] = tuple(s for s in SPACES if players not in s.locked_with)
    return _OPEN_SPACES[players]


def space_is_usable(state: GameState, player: int, space: Space) -> bool:
    """Whether the player could carry out the space's action (R-TURN-3), workers aside."""
    area = space.area
    if area == AREA_TUNNEL:
        if space.value < 0:
            return bool(state.tile_deck)
        kind = state.tile_spaces[space.value]
        return kind is not None and state.money[player] >= TILES[kind].price
    if area == AREA_DELIVERY:
        return has_complete_order(state, player, space.value)
    if area == AREA_ORDERS:
        if space.value < 0:
            return bool(state.order_deck)
        return state.order_spaces[space.value] is not None
    return True  # mining, money, bank building


# --- enumeration -----------------------------------------------------------------------------
def legal_actions(state: GameState) -> Sequence[Action]:
    """Every legal action of the current decision, in a fixed order."""
    enumerate_actions = _ENUMERATORS.get(state.phase)
    return [] if enumerate_actions is None else enumerate_actions(state)


_DRAFT = tuple(Draft(card.code) for card in ORDERS)  # shared, like PLACE: actions are values
_TRANSPORT_BIT = tuple(1 << card.transport for card in ORDERS)


def _legal_drafts(state: GameState) -> list[Action]:
    """R-SETUP-4: any order still in the draft pool, in pool order."""
    return [_DRAFT[card] for card in state.draft_pool]


def _legal_substitutes(state: GameState) -> list[Action]:
    """R-TUNNEL-2: any colour the supply still has."""
    return [_SUBSTITUTE[c] for c in COLOURS if state.supply[c] > 0]


def _complete_transports(state: GameState, player: int) -> int:
    """Bit t is set when the player holds a complete order of transport t."""
    bits = 0
    for card, slots in state.outstanding[player]:
        if all(slots):
            bits |= _TRANSPORT_BIT[card]
    return bits


_TILE_PRICES = tuple(kind.price for kind in TILES)


class _PlacementTable:
    """The open spaces of one player count, grouped by area in board order, for the fast
    enumeration below: the Place actions, with the tile/order slot or transport where the
    space's own condition needs it."""

    def __init__(self, players: int) -> None:
        spaces = open_spaces(players)

        def group(area: int, special: bool = False) -> list[tuple[Action, int]]:
            return [
                (PLACE[s.code], s.value)
                for s in spaces
                if s.area == area and s.is_special == special
            ]

        def actions(area: int, special: bool = False) -> list[Action]:
            return [action for action, _value in group(area, special)]

        self.tiles, self.tile_star = group(AREA_TUNNEL), actions(AREA_TUNNEL, True)
        self.mining, self.delivery = actions(AREA_MINING), group(AREA_DELIVERY)
        self.money = actions(AREA_MONEY)
        self.orders, self.order_star = group(AREA_ORDERS), actions(AREA_ORDERS, True)
        self.bank = PLACE["BANK"]


_PLACEMENT_TABLES = {players: _PlacementTable(players) for players in (2, 3, 4)}
_SPACE_INDEX = {space.code: space.index for space in SPACES}


def _legal_placements(state: GameState) -> list[Action]:
    # space_is_usable and workers_needed, unrolled for speed; tests check that this agrees
    # with the refusal diagnosis for every space.
    player = state.current
    table = _PLACEMENT_TABLES[state.players]
    money = state.money[player]
    tile_spaces = state.tile_spaces
    order_spaces = state.order_spaces
    # First the spaces whose action the player could carry out (R-TURN-3), in board order...
    result = [
        action
        for action, slot in table.tiles
        if (kind := tile_spaces[slot]) is not None and _TILE_PRICES[kind] <= money
    ]
    if state.tile_deck:
        result += table.tile_star
    result += table.mining
    complete = _complete_transports(state, player)
    if complete:
        result += [action for action, transport in table.delivery if complete >> transport & 1]
    result += table.money
    result += [action for action, slot in table.orders if order_spaces[slot] is not None]
    if state.order_deck:
        result += table.order_star
    # ...then those the player has the workers for (R-TURN-2). Usually no space holds as many
    # workers as the player has left, and one max() over the counts says so.
    workers = state.workers[player]
    counts = state.space_count
    if max(counts) >= workers:
        result = [action for action in result if counts[_SPACE_INDEX[action.space]] < workers]  # type: ignore[union-attr]
    result.append(table.bank)  # one worker, always room (R-TURN-4)
    return result


# _ORDER_TARGETS[card]: (order code, slot colour) per distinct slot colour, in slot order.
_ORDER_TARGETS = tuple(
    tuple((card.code, colour) for colour in dict.fromkeys(card.slots)) for card in ORDERS
)


def _fillable_slots(state: GameState, player: int) -> list[tuple[str, int]]:
    """(order code, slot colour) for every distinct empty slot of the player's orders."""
    targets = []
    for card, slots in state.outstanding[player]:
        if not any(slots):  # nothing on the order yet (the usual case): every slot colour
            targets += _ORDER_TARGETS[card]
            continue
        colours = ORDERS[card].slots
        seen = 0
        for i, cubes in enumerate(slots):
            bit = 1 << colours[i]
            if not cubes and not seen & bit:
                seen |= bit
                targets.append((ORDERS[card].code, colours[i]))
    return targets


def _cube_sources(state: GameState, player: int) -> list[tuple[tuple[str, int], int]]:
    """((source, colour), count) for cubes that may go onto an order now (R-MINE-2.3/2.5)."""
    sources = []
    if state.cage_level[player] == 0:
        sources += [(_CAGE_CUBE[c], n) for c, n in enumerate(state.cage[player]) if n]
    sources += [(_STORAGE_CUBE[c], n) for c, n in enumerate(state.storage[player]) if n]
    return sources


_CAGE_CUBE = tuple((CAGE, c) for c in COLOURS)
_STORAGE_CUBE = tuple((STORAGE, c) for c in COLOURS)
_MOVES_FROM = tuple(
    tuple(_MOVE_CAGE[to] for to in _LEVELS_AND_SURFACE if to != level)
    for level in _LEVELS_AND_SURFACE
)  # R-MINE-2.1: to any other level


@cache
def _fill_action(order: str, slot: int, cubes: tuple[tuple[str, int], ...]) -> Fill:
    """The Fill action, made once: a mining turn lists the same fills again and again (at most
    44 orders × 4 slot colours × 44 ways to pay, so the cache stays small)."""
    return Fill(order, slot, cubes)


@cache
def _cube_pair(a: tuple[str, int], b: tuple[str, int]) -> tuple[tuple[str, int], ...]:
    """fill_cubes(a, b), worked out once per pair of sources (at most 64)."""
    return fill_cubes(a, b)


def _legal_mining_steps(state: GameState) -> list[Action]:
    """The steps of a mining action (R-MINE-1…3): stop, move the cage, load, store, fill."""
    player = state.current
    level = state.cage_level[player]
    result: list[Action] = [STOP, *_MOVES_FROM[level]]
    cage = state.cage[player]
    if level:
        if sum(cage) < CAGE_CAPACITY:  # R-MINE-2.2: room in the cage
            present = state.carts[player][level - 1]
            result += [_LOAD[c] for c in COLOURS if c in present]
    else:
        result += [_STORE[c] for c in COLOURS if cage[c]]
    if not (any(state.storage[player]) or (level == 0 and any(cage))):
        return result  # no cube could go onto an order (the usual case)
    sources = _cube_sources(state, player)
    targets = _fillable_slots(state, player)
    for order, slot in targets:
        for source, _n in sources:
            if source[1] == slot:
                result.append(_fill_action(order, slot, (source,)))
    if state.steps_left >= 2:  # R-MINE-3: two cubes of any colours for one slot
        pairs = [
            _cube_pair(a, b)
            for (a, na), (b, _nb) in combinations_with_replacement(sources, 2)
            if a != b or na >= 2
        ]
        if pairs:
            for order, slot in targets:
                result += [_fill_action(order, slot, pair) for pair in pairs]
    return result


# --- loads naming their cart (R-MINE-2.2: any cart will do) ----------------------------
# The enumeration lists one Load per colour, which empties the engine's choice of cart
# (cart_to_load): the carts of a level are alike for every rule, so bots, move counts and
# benchmarks need no more. But the player may load from any cart of the level, and a click on
# a cube must load that very cube: a Load naming its cart is legal exactly when its colour-only
# form is enumerated and that cart, at the cage's level, holds that colour. cart_loads lists
# them and is_cart_load_legal tests one, both with _holds; state.is_legal asks the latter when
# an action is not enumerated, so is_legal, apply and why_not agree on them as on the rest.
def _cage_carts(state: GameState) -> list[int]:
    """The carts at the cage's level of the player to act (none at the surface)."""
    level = state.cage_level[state.current]
    return state.carts[state.current][level - 1] if level else []


def _holds(carts: list[int], cart: int, colour: int) -> bool:
    return cart < len(carts) and carts[cart] == colour


def cart_loads(state: GameState) -> list[Load]:
    """Every legal Load naming its cart: for each Load of :func:`legal_actions`, one per cart
    at the cage's level holding its colour (the cart a colour-only load empties included).
    Each empties its own cart and is otherwise the same as the colour-only load."""
    carts = _cage_carts(state)
    return [
        Load(action.colour, cart)
        for action in state.legal_actions()
        if type(action) is Load
        for cart in range(len(carts))
        if _holds(carts, cart, action.colour)
    ]


def is_cart_load_legal(state: GameState, action: object) -> bool:
    """Whether ``action`` is one of :func:`cart_loads` (a Load naming a cart that may be
    emptied now); False for every other value."""
    if type(action) is not Load or action.cart is None:
        return False
    return state.is_legal(_LOAD[action.colour]) and _holds(
        _cage_carts(state), action.cart, action.colour
    )


def cart_refusal(state: GameState, action: Load) -> Refusal | None:
    """Why the cart ``action`` names cannot be loaded from, when its colour can be loaded at
    the cage's level (None if it can): no such cart there, an emptied cart (never refilled,
    R-TUNNEL-6), or a cube of another colour in it."""
    carts = _cage_carts(state)
    cart, colour = action.cart, action.colour
    if cart is None or not carts:
        return None
    params = {"cart": cart, "level": state.cage_level[state.current]}
    if cart >= len(carts):
        return Refusal(("R-MINE-2",), "refuse.no_such_cart", {**params, "last": len(carts) - 1})
    if carts[cart] == EMPTY_CART:
        return Refusal(("R-MINE-2", "R-TUNNEL-6"), "refuse.cart_empty", params)
    if carts[cart] != colour:
        return Refusal(
            ("R-MINE-2",),
            "refuse.cart_holds",
            {**params, "cube": COLOUR_NAMES[carts[cart]], "colour": COLOUR_NAMES[colour]},
        )
    return None


@cache
def _multiset_orders(counts: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every distinct order of a multiset, sorted: item ``i`` (in sorted item order) occurs
    ``counts[i]`` times. Sorting depends only on how items compare, so the orders of any
    put-back with these counts are these with each number replaced by its item; the cache
    holds at most 32 entries (every way to split up to five items)."""
    items = [i for i, n in enumerate(counts) for _ in range(n)]
    return tuple(sorted(set(permutations(items))))


# A block of choices: (position of the item taken or −1 for none, the sorted distinct ranks of
# the items put back, their orders as indices into those, the wheres, the number of choices).
_Block = tuple[int, tuple[int, ...], tuple[tuple[int, ...], ...], tuple[str, ...], int]


@cache
def _choice_blocks(ranks: tuple[int, ...]) -> tuple[_Block, ...]:
    """The blocks of an F★/O★ choice, affordability aside, worked out on the shown items' ranks
    (0 = first in sorted order) instead of their codes: what can be taken and the sorted
    put-back orders depend only on how the items compare, so every show of the same pattern
    shares them (at most 634 patterns of up to five items)."""
    blocks = []
    for i in range(-1, len(ranks)):
        if i >= 0 and ranks[i] in ranks[:i]:
            continue  # an identical tile already offered
        rest = ranks[:i] + ranks[i + 1 :] if i >= 0 else ranks
        wheres = ("top", "bottom") if rest else ("top",)
        distinct = tuple(sorted(set(rest)))
        orders = _multiset_orders(tuple(map(rest.count, distinct)))
        blocks.append((i, distinct, orders, wheres, len(orders) * len(wheres)))
    return tuple(blocks)


class ChoiceActions(Sequence):
    """The legal :class:`Choose` actions of an F★/O★ decision (up to 480), built on demand:
    ``len``, indexing and ``in`` work without making every action (like python-chess's lazy
    legal-move list). Order: by item taken (none first), then top/bottom, then put-back order
    (sorted, each distinct order once)."""

    def __init__(self, codes: list[str], takeable: list[bool]) -> None:
        self._codes = list(codes)
        self._items = sorted(set(codes))  # the distinct codes; an item's rank is its index
        rank = {code: r for r, code in enumerate(self._items)}
        blocks = _choice_blocks(tuple([rank[code] for code in codes]))
        self._blocks = [block for block in blocks if block[0] < 0 or takeable[block[0]]]
        self._length = sum(block[-1] for block in self._blocks)

    def __len__(self) -> int:
        return self._length

    def __getitem__(self, index: int | slice) -> Any:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._length))]
        if index < 0:
            index += self._length
        if not 0 <= index < self._length:
            raise IndexError("choice index out of range")
        for taken, distinct, orders, wheres, size in self._blocks:
            if index < size:
                take = None if taken < 0 else self._codes[taken]
                rest = tuple([self._items[distinct[k]] for k in orders[index % len(orders)]])
                return Choose(take, rest, wheres[index // len(orders)])
            index -= size
        raise IndexError(index)  # pragma: no cover

    def __contains__(self, action: object) -> bool:
        if type(action) is not Choose:
            return False
        codes = self._codes
        for taken, _distinct, _orders, wheres, _size in self._blocks:
            if (None if taken < 0 else codes[taken]) == action.take:
                rest = codes[:taken] + codes[taken + 1 :] if taken >= 0 else codes
                return action.where in wheres and sorted(action.rest) == sorted(rest)
        return False

    def __repr__(self) -> str:
        return f"<{self._length} ways to choose: {', '.join(map(str, self[:3]))}, …>"


def _legal_choices(state: GameState) -> ChoiceActions:
    """R-TUNNEL-5 / R-ORDER-2: take one shown item (or none), put the rest back."""
    money = state.money[state.current]
    if state.choice_kind == "tile":
        codes = [TILES[i].code for i in state.choice]
        return ChoiceActions(codes, [TILES[i].price <= money for i in state.choice])
    return ChoiceActions([ORDERS[i].code for i in state.choice], [True] * len(state.choice))


_ENUMERATORS = {
    PLACE_PHASE: _legal_placements, MINE: _legal_mining_steps, DRAFT: _legal_drafts,
    CHOOSE: _legal_choices, CUBE: _legal_substitutes,
}  # fmt: skip


# --- refusal ---------------------------------------------------------------------------------
def _decision_rules(state: GameState) -> tuple[str, ...]:
    """The rules of the decision at hand, cited when an action is simply not among its legal
    actions."""
    if state.phase == CHOOSE:
        return ("R-TUNNEL-5",) if state.choice_kind == "tile" else ("R-ORDER-2",)
    return _PHASE_RULES.get(state.phase, ("R-NOTATION-1",))


_PHASE_RULES = {
    DRAFT: ("R-SETUP-4",), PLACE_PHASE: ("R-TURN-3",), MINE: ("R-MINE-2",),
    CUBE: ("R-TUNNEL-2",), OVER: ("R-SHIFT-1",),
}  # fmt: skip


def refusal(state: GameState, action: object) -> Refusal | None:
    """None if ``action`` is legal now, else why not — decided by membership in
    :func:`legal_actions` (``state.is_legal``; a Load naming its cart by
    :func:`is_cart_load_legal`), the one test of legality; only the words come from
    :func:`gluckauf.core.explain.diagnose` (and :func:`cart_refusal`). So ``state.why_not`` and
    ``state.apply`` always agree with the enumeration, whatever value they are given."""
    if state.is_legal(action):  # type: ignore[arg-type]
        return None
    if type(action) not in ACTION_TYPES:  # not an action value (nor a subclass of one)
        try:
            shown = repr(action)
        except Exception:
            shown = f"a {type(action).__name__}"
        return Refusal(
            ("R-NOTATION-1",),
            "refuse.not_an_action",
            {"value": shown if len(shown) <= 60 else shown[:57] + "..."},
        )
    found = diagnose(state, action)  # type: ignore[arg-type]
    if found is None and type(action) is Load:  # its colour can be loaded: is it the cart?
        found = cart_refusal(state, action)
    if found is None:  # no particular reason found: the enumeration still decides
        found = Refusal(_decision_rules(state), "refuse.not_legal", {"action": str(action)})
    return found


# --- application -----------------------------------------------------------------------------
def apply_action(state: GameState, action: Action) -> list[Event]:
    """Carry out a legal action (not checked here) and return the events."""
    events: list[Event] = []
    kind = type(action)
    if kind is Place:
        _place(state, action.space, events)  # type: ignore[union-attr]
    elif state.phase == MINE:
        _mining_step(state, action, events)
    elif kind is Draft:
        _draft(state, action.order, events)  # type: ignore[union-attr]
    elif kind is Choose:
        _choose(state, action, events)  # type: ignore[arg-type]
    elif kind is SubstituteCube:
        _substitute(state, action.colour, events)  # type: ignore[union-attr]
    else:  # pragma: no cover - apply() checks legality first
        raise TypeError(f"not an action: {action!r}")
    return events


def _draft(state: GameState, code: str, events: list[Event]) -> None:
    player = state.current
    card = ORDER_BY_CODE[code].index
    state.draft_pool.remove(card)
    state.outstanding[player].append([card, [()] * len(ORDERS[card].slots)])
    events.append(new_event(("draft", player, {"order": code})))
    state.draft_turn += 1
    if len(state.draft_pool) > 1:
        state.current = (state.start_player - 1 - state.draft_turn) % state.players
        return
    # R-SETUP-4: the card left goes onto the first unlocked order space, the rest from the deck
    spaces = [s for s in open_spaces(state.players) if s.area == AREA_ORDERS and s.value >= 0]
    first = spaces[0].value
    state.order_spaces[first] = state.draft_pool.pop()
    revealed = []  # shown from the hidden deck (gluckauf.core.hidden)
    for space in spaces[1:]:
        card = state.order_deck.pop(0) if state.order_deck else None
        state.order_spaces[space.value] = card
        if card is not None:
            revealed.append(ORDERS[card].code)
    state.phase = PLACE_PHASE
    state.current = state.start_player
    events.append(
        new_event(("draft_done", None, {"start_player": state.start_player, "revealed": revealed}))
    )


def _place(state: GameState, code: str, events: list[Event]) -> None:
    """Put the workers on the space (R-TURN-2, R-TURN-4; any already there go back to their
    owner's canteen), then carry out the space's action."""
    player = state.current
    space = _SPACE_BY_CODE[code]
    area, value, index = space.area, space.value, space.index
    # workers_needed, unrolled: this runs for half of all actions.
    if area == AREA_BANK:
        need = 1
        state.bank_workers[player] += 1
    else:
        displaced = state.space_count[index]
        need = displaced + 1
        if displaced:
            owner = state.space_owner[index]
            state.canteen[owner] += displaced
            events.append(new_event(("canteen", owner, {"space": code, "workers": displaced})))
        state.space_owner[index] = player
        state.space_count[index] = need
    state.workers[player] -= need
    events.append(new_event(("place", player, {"space": code, "workers": need})))
    if area == AREA_TUNNEL:
        if value < 0:
            _reveal(state, "tile", events)
        else:
            _buy_from_space(state, player, code, value, events)
    elif area == AREA_MINING:
        state.phase = MINE
        state.steps_left = value
        events.append(new_event(("mining", player, {"steps": value})))
        return
    elif area == AREA_DELIVERY:
        _deliver(state, player, value, events)
    elif area == AREA_ORDERS:
        if value < 0:
            _reveal(state, "order", events)
        else:
            _take_from_space(state, player, code, value, events)
    else:  # a money space or the bank building (R-MONEY-1, R-TURN-4)
        state.money[player] += value
        events.append(new_event(("money", player, {"marks": value})))
    _finish_turn(state, events)


def _buy_from_space(
    state: GameState, player: int, code: str, slot: int, events: list[Event]
) -> None:
    """F1–F8: buy the tile there (R-TUNNEL-1); the top of the tile deck takes its place
    (R-TUNNEL-4)."""
    kind = state.tile_spaces[slot]
    assert kind is not None
    state.tile_spaces[slot] = state.tile_deck.pop(0) if state.tile_deck else None
    _buy_tile(state, player, kind, events)
    refill = _tile_code(state.tile_spaces[slot])
    events.append(new_event(("refill", None, {"space": code, "tile": refill})))


def _take_from_space(
    state: GameState, player: int, code: str, slot: int, events: list[Event]
) -> None:
    """O1–O4: take the order there; the top of the order deck takes its place (R-ORDER-1)."""
    card = state.order_spaces[slot]
    assert card is not None
    state.order_spaces[slot] = state.order_deck.pop(0) if state.order_deck else None
    _take_order(state, player, card, events)
    refill = state.order_spaces[slot]
    events.append(
        new_event(
            (
                "refill",
                None,
                {"space": code, "order": None if refill is None else ORDERS[refill].code},
            )
        )
    )


_SPACE_BY_CODE = {space.code: space for space in SPACES}


def _tile_code(kind: int | None) -> str | None:
    return None if kind is None else TILES[kind].code


def _take_order(state: GameState, player: int, card: int, events: list[Event]) -> None:
    state.outstanding[player].append([card, [()] * len(ORDERS[card].slots)])
    events.append(new_event(("take_order", player, {"order": ORDERS[card].code})))


def _buy_tile(state: GameState, player: int, kind: int, events: list[Event]) -> None:
    """R-TUNNEL-1..3: pay, attach to the row of its colour, a cube on every cart."""
    tile = TILES[kind]
    state.money[player] -= tile.price
    state.tiles[player].append(kind)
    carts = state.carts[player][tile.colour]
    events.append(new_event(("buy_tile", player, {"tile": tile.code, "marks": tile.price})))
    for _ in range(tile.carts):
        carts.append(EMPTY_CART)
        state.pending_carts.append((player, tile.colour, len(carts) - 1))
    _fill_pending_carts(state, events)


def _fill_pending_carts(state: GameState, events: list[Event]) -> None:
    """Put cubes on new carts (R-TUNNEL-2): the cart's colour if the supply has one; else the
    only other colour left, or ask the player (phase CUBE) when several are left; else empty."""
    supply = state.supply
    while state.pending_carts:
        player, colour, index = state.pending_carts[0]
        if supply[colour] > 0:
            cube = colour
        else:
            others = [c for c in COLOURS if supply[c] > 0]
            if len(others) > 1:
                state.phase = CUBE
                return
            cube = others[0] if others else EMPTY_CART
            events.append(new_event(("substitute", player, {"wanted": colour, "cube": cube})))
        state.pending_carts.pop(0)
        if cube != EMPTY_CART:
            supply[cube] -= 1
            state.carts[player][colour][index] = cube


def _substitute(state: GameState, cube: int, events: list[Event]) -> None:
    player, colour, index = state.pending_carts.pop(0)
    state.supply[cube] -= 1
    state.carts[player][colour][index] = cube
    events.append(new_event(("substitute", player, {"wanted": colour, "cube": cube})))
    state.phase = PLACE_PHASE
    _fill_pending_carts(state, events)
    if state.phase != CUBE:
        _finish_turn(state, events)


def _reveal(state: GameState, kind: str, events: list[Event]) -> None:
    """F★ / O★: take the top five (fewer if fewer are left) off the deck to look at."""
    deck = state.tile_deck if kind == "tile" else state.order_deck
    state.choice = deck[:STAR_LOOK]
    del deck[:STAR_LOOK]
    state.choice_kind = kind
    state.phase = CHOOSE
    events.append(new_event(("look", state.current, {"kind": kind, "count": len(state.choice)})))


def _choose(state: GameState, action: Choose, events: list[Event]) -> None:
    player = state.current
    is_tile = state.choice_kind == "tile"
    by_code = TILE_BY_CODE if is_tile else ORDER_BY_CODE
    deck = state.tile_deck if is_tile else state.order_deck
    returned = [by_code[code].index for code in action.rest]
    if action.where == "top":
        deck[:0] = returned
    else:
        deck.extend(returned)
    state.choice = []
    state.choice_kind = None
    state.phase = PLACE_PHASE
    events.append(
        new_event(
            (
                "put_back",
                player,
                {
                    "kind": "tile" if is_tile else "order",
                    "count": len(returned),
                    "where": action.where,
                },
            )
        )
    )
    if action.take is not None:
        if is_tile:
            _buy_tile(state, player, TILE_BY_CODE[action.take].index, events)
        else:
            _take_order(state, player, ORDER_BY_CODE[action.take].index, events)
    if state.phase != CUBE:
        _finish_turn(state, events)


def _deliver(state: GameState, player: int, transport: int, events: list[Event]) -> None:
    """R-DELIVER-1/2: deliver all complete orders of this transport at once."""
    keep = []
    for held in state.outstanding[player]:
        card, slots = held
        if ORDERS[card].transport == transport and all(slots):
            for cubes in slots:
                for cube in cubes:
                    state.supply[cube] += 1
            state.delivered[player].append(card)
            scoring.add_points(state, player, ORDERS[card].vp, "order", ORDERS[card].code)
            events.append(
                new_event(("deliver", player, {"order": ORDERS[card].code, "vp": ORDERS[card].vp}))
            )
        else:
            keep.append(held)
    state.outstanding[player] = keep


def _mining_step(state: GameState, action: Action, events: list[Event]) -> None:
    player = state.current
    kind = type(action)
    if kind is MoveCage:
        level = action.level  # type: ignore[union-attr]
        state.cage_level[player] = level
        events.append(new_event(("cage", player, {"level": level})))
        state.steps_left -= 1
    elif kind is Load:
        colour, cart = action.colour, action.cart  # type: ignore[union-attr]
        level = state.cage_level[player]
        carts = state.carts[player][level - 1]
        if cart is None:
            cart = cart_to_load(carts, colour)
        carts[cart] = EMPTY_CART
        state.cage[player][colour] += 1
        events.append(new_event(("load", player, {"cube": colour, "level": level, "cart": cart})))
        state.steps_left -= 1
    elif kind is Store:
        colour = action.colour  # type: ignore[union-attr]
        state.cage[player][colour] -= 1
        state.storage[player][colour] += 1
        events.append(new_event(("store", player, {"cube": colour})))
        state.steps_left -= 1
    elif kind is Fill:
        _fill(state, player, action, events)  # type: ignore[arg-type]
        state.steps_left -= action.steps  # type: ignore[union-attr]
    else:  # Stop
        state.steps_left = 0
        events.append(new_event(("stop", player, {})))
    if state.steps_left <= 0:
        state.phase = PLACE_PHASE
        state.steps_left = 0
        _finish_turn(state, events)


def cart_to_load(carts: list[int], colour: int) -> int:
    """Which cart a colour-only ``load`` empties: the engine's fixed choice, the outermost (last
    attached) one holding that colour. The rules do not tell the carts of a level apart
    (R-MINE-2: any cart will do), so this order is no rule: a player may load from any of
    them, and a Load naming its cart (``load G@2``, the board's click on a cube) empties that
    one instead (:func:`cart_loads`)."""
    return len(carts) - 1 - carts[::-1].index(colour)


def _fill(state: GameState, player: int, action: Fill, events: list[Event]) -> None:
    card = ORDER_BY_CODE[action.order].index
    for held in state.outstanding[player]:
        if held[0] == card:
            break
    colours = ORDERS[card].slots
    slots = held[1]
    index = next(i for i, cubes in enumerate(slots) if not cubes and colours[i] == action.slot)
    for source, colour in action.cubes:
        pool = state.cage[player] if source == CAGE else state.storage[player]
        pool[colour] -= 1
    slots[index] = tuple(colour for _source, colour in action.cubes)
    events.append(
        new_event(
            ("fill", player, {"order": action.order, "slot": action.slot, "cubes": action.cubes})
        )
    )


def _finish_turn(state: GameState, events: list[Event]) -> None:
    """After a turn: the next player clockwise who has workers, or the end of the shift."""
    if state.phase != PLACE_PHASE:
        return
    workers = state.workers
    for candidate in _CLOCKWISE[state.players][state.current]:
        if workers[candidate]:
            state.current = candidate
            return
    scoring.end_shift(state, events)


# _CLOCKWISE[players][seat]: the seats after ``seat`` clockwise, ending with ``seat`` itself.
_CLOCKWISE = {
    players: tuple(
        tuple((seat + step) % players for step in range(1, players + 1)) for seat in range(players)
    )
    for players in (2, 3, 4)
}
