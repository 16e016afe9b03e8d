"""Facts that hold in every reachable state; used to validate loaded positions and, after every
action, by the random-game tests."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from .components import (
    AREA_BANK,
    CAGE_CAPACITY,
    COLOURS,
    CUBES_PER_COLOUR,
    ORDERS,
    SPACES,
    TILE_COPIES,
    TILES,
)
from .state import CHOOSE, CUBE, DRAFT, MINE, PHASES

if TYPE_CHECKING:
    from .state import GameState


def problems(state: GameState) -> list[str]:
    """Everything wrong with a state, in plain words (empty for a sound state)."""
    found: list[str] = []
    players = state.players
    census = state.cube_census()
    for colour in COLOURS:
        if census[colour] != CUBES_PER_COLOUR:
            found.append(f"there are {census[colour]} {'YBGK'[colour]} cubes, not 16")
    if any(n < 0 for n in state.supply):
        found.append("the supply holds a negative number of cubes")
    if state.phase not in PHASES:
        found.append(f"unknown phase {state.phase!r}")
    if not 1 <= state.shift <= 3:
        found.append(f"shift {state.shift} does not exist")
    if state.phase != "over" and not 0 <= state.current < players:
        found.append("the current player is not a seat")
    on_spaces = [0] * players
    for space in SPACES:
        count, owner = state.space_count[space.index], state.space_owner[space.index]
        if space.area == AREA_BANK or count == 0:
            continue
        if players in space.locked_with:
            found.append(f"workers stand on locked space {space.code}")
        if not 0 <= owner < players:
            found.append(f"workers on {space.code} belong to nobody")
        else:
            on_spaces[owner] += count
    for p in range(players):
        name = state.names[p]
        placed = on_spaces[p] + state.canteen[p] + state.bank_workers[p]
        if state.workers[p] < 0 or placed + state.workers[p] != state.workers_total():
            found.append(f"{name}'s workers do not add up to {state.workers_total()}")
        if state.money[p] < 0:
            found.append(f"{name} has negative money")
        if sum(state.cage[p]) > CAGE_CAPACITY or min(state.cage[p]) < 0:
            found.append(f"{name}'s cage holds more than {CAGE_CAPACITY} cubes")
        if min(state.storage[p]) < 0:
            found.append(f"{name}'s storage holds a negative number of cubes")
        if not 0 <= state.cage_level[p] <= 4:
            found.append(f"{name}'s cage is at a level that does not exist")
        for colour in COLOURS:
            tile_carts = sum(TILES[k].carts for k in state.tiles[p] if TILES[k].colour == colour)
            if len(state.carts[p][colour]) != 1 + tile_carts:
                found.append(f"{name}'s level {colour + 1} has carts without tiles")
        for card, slots in state.outstanding[p]:
            needs = ORDERS[card].slots
            if len(slots) != len(needs):
                found.append(f"{name}'s order {ORDERS[card].code} has the wrong number of slots")
                continue
            for need, cubes in zip(needs, slots, strict=True):
                if len(cubes) > 2 or (len(cubes) == 1 and cubes[0] != need):
                    found.append(f"a slot of {name}'s {ORDERS[card].code} holds {cubes}")
    found += _card_accounting(state)
    if state.phase == MINE and not 1 <= state.steps_left <= 10:
        found.append("mining with no steps left")
    if state.phase == CHOOSE and not state.choice:
        found.append("choosing from nothing")
    if state.phase == CUBE and not state.pending_carts:
        found.append("waiting for a cube with no cart to fill")
    if state.phase == DRAFT and len(state.draft_pool) < 2:
        found.append("a draft with fewer than 2 orders")
    return found


def _card_accounting(state: GameState) -> list[str]:
    """Every tile and order card is in exactly one place."""
    found = []
    tiles = Counter(state.tile_deck)
    tiles.update(k for k in state.tile_spaces if k is not None)
    for p in range(state.players):
        tiles.update(state.tiles[p])
    if state.choice_kind == "tile":
        tiles.update(state.choice)
    if tiles != Counter({kind.index: TILE_COPIES for kind in TILES}):
        found.append("the 48 tunnel tiles are not all accounted for exactly once")
    orders = Counter(state.order_deck)
    orders.update(c for c in state.order_spaces if c is not None)
    orders.update(state.draft_pool)
    for p in range(state.players):
        orders.update(card for card, _slots in state.outstanding[p])
        orders.update(state.delivered[p])
    if state.choice_kind == "order":
        orders.update(state.choice)
    if orders != Counter(range(len(ORDERS))):
        found.append("the 44 order cards are not all accounted for exactly once")
    return found
