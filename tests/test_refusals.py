"""Every kind of illegal action is refused with the right rule IDs, a plain reason, and the
state exactly as it was (every rule ID; notation: R-NOTATION-1)."""

from __future__ import annotations

import pytest

from gluckauf import parse_action
from gluckauf.core.actions import Choose, Draft, Fill, Load, Place
from gluckauf.core.builder import PositionBuilder
from gluckauf.core.components import ORDERS, TILES, YELLOW
from gluckauf.core.errors import GameError, IllegalActionError, NotationError, Refusal
from gluckauf.core.newgame import new_game
from gluckauf.files.positions import position_to_dict
from gluckauf.text.messages import capital
from gluckauf.text.words import space_name

GABOR, ZSOFI, PETER = 0, 1, 2


# --- helpers ------------------------------------------------------------------------------------
def builder(players: int = 3) -> PositionBuilder:
    return PositionBuilder(players=players, seed=5)


def refused(state, text, rules, *, reason=None):
    """Apply ``text``; check it is refused citing ``rules`` (and ``reason`` if given), that the
    state did not change, and that ``why_not`` gives the same refusal. Returns the error."""
    before, history, legal = position_to_dict(state), list(state.history), state.legal_actions()
    with pytest.raises(IllegalActionError) as caught:
        state.apply(text)
    error = caught.value
    assert isinstance(error, ValueError) and isinstance(error, GameError)
    assert error.refusal.rules == tuple(rules)
    assert error.rule == rules[0]
    for rule_id in rules:
        assert rule_id in str(error)
    if reason is not None:
        assert error.reason == reason
    assert position_to_dict(state) == before
    assert state.history == history and state.legal_actions() == legal
    if not isinstance(error, NotationError):
        action = parse_action(text, state)
        assert state.why_not(action) == error.refusal
        assert position_to_dict(state) == before
    return error


def mining_position(**cage):
    """Gábor is mining with 4 steps: orders W2Y (empty) and W3YY (one slot filled)."""
    return (
        builder()
        .orders(GABOR, "W2Y", "W3YY")
        .fill(GABOR, "W3YY", "Y", "")
        .tiles(GABOR, "Y1L")
        .mining(GABOR, steps=cage.pop("steps", 4))
        .cage(GABOR, **cage)
    )


# --- wrong decision ----------------------------------------------------------------------------
def test_placing_while_mining():
    """R-MINE-1: during mining only work steps (or stop) are possible."""
    state = builder().mining(GABOR, steps=4).build()
    error = refused(state, "place $4", ["R-MINE-1"])
    assert "4 steps left" in error.reason


def test_mining_step_while_placing():
    """R-MINE-1: work steps come only after placing on a mining space."""
    refused(builder().turn(GABOR).build(), "cage 1", ["R-MINE-1"])
    refused(builder().turn(GABOR).build(), "stop", ["R-MINE-1"])


def test_draft_after_the_draft():
    """R-SETUP-4: the draft is over once play begins."""
    state = builder().build()
    refused(
        state,
        f"draft {ORDERS[state.order_deck[0]].code}",
        ["R-SETUP-4"],
        reason="The draft is over.",
    )


def test_placing_during_the_draft_and_drafting_an_order_not_shown():
    """R-SETUP-4: first the draft, and only from the revealed orders."""
    state = new_game(3, seed=1)
    refused(state, "place $4", ["R-SETUP-4"])
    missing = next(card for card in range(len(ORDERS)) if card not in state.draft_pool)
    refused(state, f"draft {ORDERS[missing].code}", ["R-SETUP-4"])


def test_choose_without_a_star_space():
    """R-TUNNEL-5 / R-ORDER-2: there is nothing to choose from before placing on F★ or O★."""
    refused(builder().build(), "choose -", ["R-TUNNEL-5", "R-ORDER-2"])


def test_placing_while_choosing():
    """R-TUNNEL-5: first finish the F★ choice."""
    state = builder().looking_at(GABOR, "tile", "Y1L", "B1D").build()
    refused(state, "place $4", ["R-TUNNEL-5"])


def test_cube_choice_when_no_cart_waits_and_placing_while_a_cart_waits():
    """R-TUNNEL-2: a substitute cube only when a new cart needs one — and then first."""
    refused(builder().build(), "cube Y", ["R-TUNNEL-2"])
    b = builder().tile_space(1, "G1L")
    b.storage(ZSOFI, "G" * b.state.supply[2])  # grey has run out
    state = b.turn(GABOR).build()
    state.apply("place F1")
    assert state.phase == "cube"
    refused(state, "place $4", ["R-TUNNEL-2"])
    refused(state, "cube G", ["R-TUNNEL-2"], reason="The supply has no grey cubes left.")


# --- placement -----------------------------------------------------------------------------------
def test_not_enough_workers():
    """R-TURN-2, R-TURN-3: a space with 2 workers needs 3."""
    state = builder().on_space("$6", ZSOFI, 2).workers(GABOR, 2).turn(GABOR).build()
    error = refused(state, "place $6", ["R-TURN-2", "R-TURN-3"])
    assert "The 6-Mark money space needs 3 workers" in error.reason
    assert "you have 2" in error.reason


def test_cannot_pay_for_the_tile():
    """R-TURN-3, R-TUNNEL-1: the tile costs more than the player has."""
    state = builder().tile_space(3, "G2L").money(GABOR, 4).turn(GABOR).build()
    error = refused(state, "place F3", ["R-TURN-3", "R-TUNNEL-1"])
    assert error.reason == "Tile space F3: the tile costs 6 Marks, you have 4."
    assert "Tile space F3: the tile costs 6 Marks, you have 4" in str(error)


def _empty_tile_deck(b):
    return b.tiles(PETER, *(TILES[k].code for k in b.state.tile_deck), cubes=False)


def test_empty_tile_space():
    """R-TURN-3, R-TUNNEL-4: a tile space emptied for good cannot be chosen."""
    state = _empty_tile_deck(builder().tile_space(3, None)).turn(GABOR).build()
    assert state.tile_spaces[2] is None
    refused(state, "place F3", ["R-TURN-3", "R-TUNNEL-4"])


def test_tile_star_with_an_empty_deck():
    """R-TURN-3, R-TUNNEL-5: F★ needs tiles in the deck."""
    refused(_empty_tile_deck(builder()).turn(GABOR).build(), "place F*", ["R-TURN-3", "R-TUNNEL-5"])


def test_empty_order_space_and_order_star_with_an_empty_deck():
    """R-TURN-3, R-ORDER-1/R-ORDER-2: an order space must show an order; O★ needs a deck."""
    b = builder().order_space(2, None)
    b.delivered(PETER, *(ORDERS[c].code for c in b.state.order_deck))
    state = b.turn(GABOR).build()
    refused(state, "place O2", ["R-TURN-3", "R-ORDER-1"])
    refused(state, "place O*", ["R-TURN-3", "R-ORDER-2"])


@pytest.mark.parametrize(
    ("players", "space"),
    [(2, "F4"), (2, "M8"), (2, "$5"), (2, "O1"), (3, "F8"), (3, "M4"), (3, "$3")],
)
def test_locked_space(players, space):
    """R-SETUP-1: locked spaces cannot be used."""
    error = refused(builder(players).turn(GABOR).build(), f"place {space}", ["R-SETUP-1"])
    # the space in words (the rules name spaces by what they do), the code only in notation
    assert error.reason == f"{capital(space_name(space))} is locked in a {players}-player game."


def test_nothing_complete_to_deliver():
    """R-TURN-3, R-DELIVER-1: delivery needs a complete order of that transport."""
    state = builder().orders(GABOR, "C4G", "W2Y").fill(GABOR, "W2Y", "Y").turn(GABOR).build()
    error = refused(state, "place DC", ["R-TURN-3", "R-DELIVER-1"])
    assert "none of your 1 carriage orders is complete" in error.reason  # as the board says it
    refused(state, "place DT", ["R-TURN-3", "R-DELIVER-1"])  # no truck order at all


# --- mining steps --------------------------------------------------------------------------------
def test_cage_full():
    """R-MINE-2: the cage holds at most 5 cubes."""
    state = mining_position(level=1, cubes="BBBBB").build()
    refused(state, "load Y", ["R-MINE-2"], reason="The cage is full: it holds at most 5 cubes.")


def test_load_at_surface():
    """R-MINE-2: loading needs the cage at a tunnel level."""
    refused(mining_position(level=0).build(), "load Y", ["R-MINE-2"])


def test_load_a_colour_the_level_does_not_have():
    """R-MINE-2, R-TUNNEL-6: only cubes in carts at the cage's level can be loaded."""
    refused(mining_position(level=2).build(), "load Y", ["R-MINE-2", "R-TUNNEL-6"])


def test_cage_already_there_and_store_below_the_surface():
    """R-MINE-2: the cage moves to another level; storage is reached only at the surface."""
    state = mining_position(level=2, cubes="B").build()
    refused(state, "cage 2", ["R-MINE-2"])
    refused(state, "store B", ["R-MINE-2"])


def test_wrong_colour_for_a_single_cube():
    """R-MINE-2, R-MINE-3: one cube must match the slot's colour."""
    state = mining_position(level=0, cubes="G").build()
    error = refused(state, "fill W2Y:Y cG", ["R-MINE-2", "R-MINE-3"])
    assert "wants yellow, not grey" in error.reason


def test_filled_slot():
    """R-MINE-4: a slot already holding cubes takes no more."""
    state = (
        builder()
        .orders(GABOR, "W3YY")
        .fill(GABOR, "W3YY", "Y", "Y")
        .mining(GABOR, steps=4)
        .cage(GABOR, 0, "Y")
        .build()
    )
    refused(state, "fill W3YY:Y cY", ["R-MINE-4"])


def test_two_cube_fill_with_one_step_left():
    """R-MINE-3: two cubes on one slot cost 2 steps."""
    state = mining_position(level=0, cubes="GG", steps=1).build()
    refused(
        state,
        "fill W2Y:Y cG+cG",
        ["R-MINE-3"],
        reason="Two cubes on one slot cost 2 steps; you have 1 step left.",
    )


def test_cube_not_in_cage_or_storage():
    """R-MINE-2: the cubes must be where the action says."""
    state = mining_position(level=0, cubes="B").build()
    refused(state, "fill W2Y:Y cY", ["R-MINE-2"], reason="There is no yellow cube in the cage.")
    refused(state, "fill W2Y:Y sY", ["R-MINE-2"], reason="There is no yellow cube in your storage.")
    refused(state, "fill W2Y:Y cB+cB", ["R-MINE-2"])  # only one brown cube in the cage
    refused(state, "store Y", ["R-MINE-2"])


def test_cage_cube_below_the_surface():
    """R-MINE-2: cage cubes reach orders only at the surface."""
    state = mining_position(level=1, cubes="Y").build()
    refused(state, "fill W2Y:Y cY", ["R-MINE-2"])


def test_order_not_held_and_slot_not_on_the_order():
    """R-MINE-2: only the player's outstanding orders, and only slots they have."""
    state = mining_position(level=0, cubes="Y").build()
    refused(
        state,
        "fill C9KK:K cY+cY",
        ["R-MINE-2"],
        reason="You do not hold the 9-VP carriage order (black, black).",
    )
    refused(state, "fill W2Y:K cY+cY", ["R-MINE-2"])


# --- F★ / O★ choices -----------------------------------------------------------------------------
def test_choose_with_the_wrong_put_back_set():
    """R-TUNNEL-5: every item not taken goes back, and nothing else."""
    state = builder().money(GABOR, 20).looking_at(GABOR, "tile", "Y1L", "B1D", "G1L").build()
    refused(state, "choose Y1L top B1D", ["R-TUNNEL-5"])  # G1L missing
    refused(state, "choose Y1L top B1D G1L K1L", ["R-TUNNEL-5"])  # K1L was not shown
    refused(state, "choose - top B1D G1L Y1L Y1L", ["R-TUNNEL-5"])  # Y1L twice
    refused(state, "choose K2L top Y1L B1D G1L", ["R-TUNNEL-5"])  # not among the five


def test_choose_orders_with_the_wrong_put_back_set():
    """R-ORDER-2: the same for O★."""
    state = builder().looking_at(GABOR, "order", "W2Y", "C5K", "T3B").build()
    refused(state, "choose W2Y bottom C5K", ["R-ORDER-2"])
    refused(state, "choose R10YBGK top W2Y C5K T3B", ["R-ORDER-2"])


def test_choose_a_tile_one_cannot_pay():
    """R-TUNNEL-5, R-TUNNEL-1: buying from F★ is paid as usual."""
    state = builder().money(GABOR, 5).looking_at(GABOR, "tile", "K2D", "Y1L").build()
    error = refused(state, "choose K2D top Y1L", ["R-TUNNEL-5", "R-TUNNEL-1"])
    assert "costs 8 Marks, you have 5" in error.reason


# --- notation and game over ---------------------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "plac F3",
        "place F9",
        "place",
        "cage 7",
        "cage up",
        "load X",
        "load",
        "fill W3YY",
        "fill W3YY:Y qY",
        "fill W3YY:Y cY+cY+cY",
        "choose Y1L sideways B1D",
        "stop now",
        "draft",
        "cube",
        "hello world",
    ],
)
def test_malformed_notation(text):
    """R-NOTATION-1: text that is not an action is a NotationError (a ValueError) and changes
    nothing."""
    state = builder().mining(GABOR, steps=4).build()
    error = refused(state, text, ["R-NOTATION-1"])
    assert isinstance(error, NotationError)
    assert error.reason.startswith(f"'{text}' is not an action")


def test_a_non_text_action_is_a_notation_error():
    """R-NOTATION-1: only text or action values are actions."""
    with pytest.raises(NotationError) as caught:
        parse_action(42)  # type: ignore[arg-type]
    assert caught.value.rule == "R-NOTATION-1"


def test_game_over():
    """R-SHIFT-1: after the third shift scoring nothing more can be done."""
    b = builder()
    for p in range(3):
        b.workers(p, 1 if p == GABOR else 0)
    state = b.turn(GABOR, shift=3).build()
    state.apply("place BANK")
    assert state.is_over
    error = refused(state, "place $4", ["R-SHIFT-1"])
    assert error.reason.startswith("The game is over")


# --- why_not -------------------------------------------------------------------------------------
def _positions():
    yield new_game(3, seed=2)
    yield builder().turn(GABOR).build()
    yield mining_position(level=0, cubes="YG").storage(GABOR, "K").build()
    yield builder().money(GABOR, 4).looking_at(GABOR, "tile", "Y1L", "B2D", "K1L").build()


def test_why_not_is_none_for_every_legal_action():
    """why_not(action) returns None for legal actions and changes nothing."""
    for state in _positions():
        before = position_to_dict(state)
        assert state.legal_actions()
        for action in state.legal_actions():
            assert state.why_not(action) is None
        assert position_to_dict(state) == before


def test_why_not_names_the_rule_without_changing_anything():
    """why_not(action) gives the refusal apply() would raise, with rule IDs and a reason."""
    state = builder().tile_space(3, "G2L").money(GABOR, 4).turn(GABOR).build()
    before = position_to_dict(state)
    refusal = state.why_not(Place("F3"))
    assert isinstance(refusal, Refusal)
    assert refusal.rules == ("R-TURN-3", "R-TUNNEL-1")
    assert str(refusal) == (
        "Tile space F3: the tile costs 6 Marks, you have 4. (R-TURN-3, R-TUNNEL-1)"
    )
    assert position_to_dict(state) == before and state.history == []


@pytest.mark.parametrize(
    ("action", "rule_id"),
    [
        (Draft("W2Y"), "R-SETUP-4"),
        (Load(YELLOW), "R-MINE-1"),
        (Fill("W2Y", YELLOW, (("c", YELLOW),)), "R-MINE-1"),
        (Choose(None, ()), "R-TUNNEL-5"),
    ],
)
def test_why_not_for_action_values(action, rule_id):
    """why_not works on action values too, not only on notation."""
    state = builder().turn(GABOR).build()
    refusal = state.why_not(action)
    assert refusal is not None and refusal.rule == rule_id
    with pytest.raises(IllegalActionError) as caught:
        state.apply(action)
    assert caught.value.refusal == refusal
