"""Why an action is refused: the rule IDs and a plain reason, found without trying the action.

:func:`diagnose` returns None when it finds nothing wrong. The legal-action enumeration in
:mod:`gluckauf.core.rules` decides legality; tests check that the two always agree.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import (
    ACTION_TYPES,
    CAGE,
    STORAGE,
    Action,
    Choose,
    Draft,
    Fill,
    Load,
    MoveCage,
    Place,
    Stop,
    Store,
    SubstituteCube,
)
from .components import (
    AREA_DELIVERY,
    AREA_ORDERS,
    AREA_TUNNEL,
    CAGE_CAPACITY,
    COLOUR_NAMES,
    COLOURS,
    ORDER_BY_CODE,
    ORDERS,
    SPACE_BY_CODE,
    TILE_BY_CODE,
    TILES,
    TRANSPORT_NAMES,
)
from .errors import Refusal
from .needs import has_complete_order, workers_needed
from .phases import CHOOSE, CUBE, DRAFT, MINE, OVER, PLACE
from .voice import Amount

if TYPE_CHECKING:
    from .state import GameState

_MINING_STEPS = (MoveCage, Load, Store, Fill, Stop)


def diagnose(state: GameState, action: Action) -> Refusal | None:
    """The reason ``action`` is not legal now, or None if no rule forbids it."""
    if not isinstance(action, ACTION_TYPES):
        return Refusal(("R-NOTATION-1",), "refuse.not_an_action", {"value": repr(action)[:60]})
    refusal = _wrong_decision(state, action)
    if refusal is not None:
        return refusal
    kind = type(action)
    if kind is Draft:
        return _draft(state, action)  # type: ignore[arg-type]
    if kind is Place:
        return _place(state, action.space)  # type: ignore[union-attr]
    if kind is Choose:
        return _choose(state, action)  # type: ignore[arg-type]
    if kind is SubstituteCube:
        if state.supply[action.colour] <= 0:  # type: ignore[union-attr]
            return Refusal(
                ("R-TUNNEL-2",), "refuse.supply_empty", {"colour": COLOUR_NAMES[action.colour]}
            )  # type: ignore[union-attr]
        return None
    return _mining(state, action)


def _wrong_decision(state: GameState, action: Action) -> Refusal | None:
    """Refuse an action of the wrong kind for the decision at hand."""
    phase, kind = state.phase, type(action)
    if phase == OVER:
        return Refusal(("R-SHIFT-1",), "refuse.game_over")
    if phase == DRAFT and kind is not Draft:
        return Refusal(("R-SETUP-4",), "refuse.draft_first")
    if phase == PLACE and kind is not Place:
        if kind is Draft:
            return Refusal(("R-SETUP-4",), "refuse.draft_over")
        if kind in _MINING_STEPS:
            return Refusal(("R-MINE-1",), "refuse.not_mining")
        if kind is Choose:
            return Refusal(("R-TUNNEL-5", "R-ORDER-2"), "refuse.no_choice")
        return Refusal(("R-TUNNEL-2",), "refuse.no_cube_needed")
    if phase == MINE and kind not in _MINING_STEPS:
        return Refusal(
            ("R-MINE-1",), "refuse.mining_now", {"steps": Amount(state.steps_left, "step")}
        )
    if phase == CHOOSE and kind is not Choose:
        rule = "R-TUNNEL-5" if state.choice_kind == "tile" else "R-ORDER-2"
        return Refusal((rule,), "refuse.choose_now")
    if phase == CUBE and kind is not SubstituteCube:
        return Refusal(("R-TUNNEL-2",), "refuse.cube_now")
    return None


def _draft(state: GameState, action: Draft) -> Refusal | None:
    card = ORDER_BY_CODE.get(action.order)
    if card is None or card.index not in state.draft_pool:
        return Refusal(("R-SETUP-4",), "refuse.not_in_draft", {"order": action.order})
    return None


def _place(state: GameState, code: str) -> Refusal | None:
    space = SPACE_BY_CODE.get(code)
    if space is None:
        return Refusal(("R-NOTATION-1",), "refuse.no_such_space", {"space": code})
    if state.players in space.locked_with:
        return Refusal(("R-SETUP-1",), "refuse.locked", {"space": code, "players": state.players})
    player = state.current
    refusal = _cannot_carry_out(state, player, code)
    if refusal is not None:
        return refusal
    need, have = workers_needed(state, space), state.workers[player]
    if need > have:
        return Refusal(
            ("R-TURN-2", "R-TURN-3"),
            "refuse.workers",
            {"space": code, "need": need, "have": have, "there": state.space_count[space.index]},
        )
    return None


def _cannot_carry_out(state: GameState, player: int, code: str) -> Refusal | None:
    """R-TURN-3: a space can only be chosen if its action can be carried out."""
    space = SPACE_BY_CODE[code]
    params = {"space": code}
    if space.area == AREA_TUNNEL:
        if space.value < 0:
            if not state.tile_deck:
                return Refusal(("R-TURN-3", "R-TUNNEL-5"), "refuse.tile_deck_empty", params)
            return None
        kind = state.tile_spaces[space.value]
        if kind is None:
            return Refusal(("R-TURN-3", "R-TUNNEL-4"), "refuse.no_tile", params)
        price, money = TILES[kind].price, state.money[player]
        if price > money:
            return Refusal(
                ("R-TURN-3", "R-TUNNEL-1"),
                "refuse.cannot_pay",
                {**params, "price": price, "money": money},
            )
    elif space.area == AREA_DELIVERY:
        if not has_complete_order(state, player, space.value):
            held = sum(
                1 for card, _ in state.outstanding[player] if ORDERS[card].transport == space.value
            )
            return Refusal(
                ("R-TURN-3", "R-DELIVER-1"),
                "refuse.nothing_to_deliver" if held else "refuse.no_such_orders",
                {**params, "transport": TRANSPORT_NAMES[space.value], "held": held},
            )
    elif space.area == AREA_ORDERS:
        if space.value < 0 and not state.order_deck:
            return Refusal(("R-TURN-3", "R-ORDER-2"), "refuse.order_deck_empty", params)
        if space.value >= 0 and state.order_spaces[space.value] is None:
            return Refusal(("R-TURN-3", "R-ORDER-1"), "refuse.no_order", params)
    return None


def _choose(state: GameState, action: Choose) -> Refusal | None:
    is_tile = state.choice_kind == "tile"
    rule = "R-TUNNEL-5" if is_tile else "R-ORDER-2"
    by_code = TILE_BY_CODE if is_tile else ORDER_BY_CODE
    shown = [(TILES[i] if is_tile else ORDERS[i]).code for i in state.choice]
    if action.where not in ("top", "bottom"):
        return Refusal((rule,), "refuse.top_or_bottom")
    rest = list(shown)
    if action.take is not None:
        if action.take not in rest:
            return Refusal((rule,), "refuse.not_shown", {"item": action.take})
        rest.remove(action.take)
        if is_tile:
            price, money = by_code[action.take].price, state.money[state.current]  # type: ignore[union-attr]
            if price > money:
                return Refusal(
                    ("R-TUNNEL-5", "R-TUNNEL-1"),
                    "refuse.cannot_pay",
                    {"space": action.take, "price": price, "money": money},
                )
    if sorted(action.rest) != sorted(rest):
        return Refusal((rule,), "refuse.put_back_all", {"items": " ".join(rest) or "-"})
    return None


def _mining(state: GameState, action: Action) -> Refusal | None:
    player = state.current
    level = state.cage_level[player]
    kind = type(action)
    if kind is Stop:
        return None
    if kind is MoveCage:
        if not 0 <= action.level <= 4:  # type: ignore[union-attr]
            return Refusal(("R-MINE-2",), "refuse.no_such_level", {"level": action.level})  # type: ignore[union-attr]
        if action.level == level:  # type: ignore[union-attr]
            return Refusal(("R-MINE-2",), "refuse.cage_already", {"level": level})
        return None
    colour = getattr(action, "colour", 0)
    name = COLOUR_NAMES[colour] if colour in COLOURS else str(colour)
    if kind is Load:
        if sum(state.cage[player]) >= CAGE_CAPACITY:  # first: moving the cage would not help
            return Refusal(("R-MINE-2",), "refuse.cage_full", {"capacity": CAGE_CAPACITY})
        if level == 0:
            return Refusal(("R-MINE-2",), "refuse.load_at_surface")
        if colour not in state.carts[player][level - 1]:
            return Refusal(
                ("R-MINE-2", "R-TUNNEL-6"), "refuse.no_cube_here", {"colour": name, "level": level}
            )
        return None
    if kind is Store:
        if level != 0:
            return Refusal(("R-MINE-2",), "refuse.store_below", {"level": level})
        if not state.cage[player][colour]:
            return Refusal(("R-MINE-2",), "refuse.not_in_cage", {"colour": name})
        return None
    return _fill(state, player, level, action)  # type: ignore[arg-type]


def _fill(state: GameState, player: int, level: int, action: Fill) -> Refusal | None:
    held = next(
        (slots for card, slots in state.outstanding[player] if ORDERS[card].code == action.order),
        None,
    )
    if held is None:
        return Refusal(("R-MINE-2",), "refuse.no_such_order", {"order": action.order})
    colours = ORDER_BY_CODE[action.order].slots
    slot_name = COLOUR_NAMES[action.slot] if action.slot in COLOURS else str(action.slot)
    if action.slot not in colours:
        return Refusal(
            ("R-MINE-2",), "refuse.no_such_slot", {"order": action.order, "colour": slot_name}
        )
    if all(held[i] for i, c in enumerate(colours) if c == action.slot):
        return Refusal(
            ("R-MINE-4",), "refuse.slot_filled", {"order": action.order, "colour": slot_name}
        )
    if not 1 <= len(action.cubes) <= 2:
        return Refusal(("R-MINE-3",), "refuse.one_or_two")
    for source, colour in action.cubes:
        if source not in (CAGE, STORAGE) or colour not in COLOURS:
            return Refusal(("R-NOTATION-1",), "refuse.bad_cube", {"cube": f"{source}{colour}"})
    if len(action.cubes) == 1 and action.cubes[0][1] != action.slot:
        return Refusal(
            ("R-MINE-2", "R-MINE-3"),
            "refuse.wrong_colour",
            {"slot": slot_name, "cube": COLOUR_NAMES[action.cubes[0][1]]},
        )
    if len(action.cubes) == 2 and state.steps_left < 2:
        return Refusal(
            ("R-MINE-3",), "refuse.two_steps", {"steps": Amount(state.steps_left, "step")}
        )
    needed: dict[tuple[str, int], int] = {}
    for cube in action.cubes:
        needed[cube] = needed.get(cube, 0) + 1
    for (source, colour), wanted in needed.items():
        if source == CAGE and level != 0:
            return Refusal(("R-MINE-2",), "refuse.cage_not_up", {"level": level})
        pool = state.cage[player] if source == CAGE else state.storage[player]
        if pool[colour] < wanted:
            key = "refuse.not_in_cage" if source == CAGE else "refuse.not_in_storage"
            return Refusal(("R-MINE-2",), key, {"colour": COLOUR_NAMES[colour]})
    return None
