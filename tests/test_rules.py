"""One or more tests per rule ID (gluckauf.RULES); each names the rule IDs it checks with
``@pytest.mark.rule(...)``. The last test checks that every ID of the catalogue is covered.

Seats follow the engine's default names: seat 0 Gábor, 1 Zsófi, 2 Péter, 3 Anna.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from helpers import card, of_kind, workers_on

from gluckauf import new_game, parse_action
from gluckauf.core.actions import Choose, Draft, Fill, Load, MoveCage, Place, Stop, Store
from gluckauf.core.builder import PositionBuilder
from gluckauf.core.components import (
    BLACK,
    BROWN,
    DARK,
    GREY,
    LIGHT,
    ORDERS,
    TILE_BY_CODE,
    TILES,
    YELLOW,
)
from gluckauf.core.errors import NotationError
from gluckauf.core.events import Event
from gluckauf.core.scoring import end_items, segment_counts, segment_places
from gluckauf.core.state import EMPTY_CART

GABOR, ZSOFI, PETER, ANNA = 0, 1, 2, 3
rule = pytest.mark.rule

LOCKED = {
    2: {"F4", "F8", "M4", "M8", "$3", "$5", "O1"},
    3: {"F8", "M4", "$3"},
    4: set(),
}


# --- helpers ------------------------------------------------------------------------------------
def builder(players: int = 3, **kwargs) -> PositionBuilder:
    return PositionBuilder(players=players, seed=kwargs.pop("seed", 7), **kwargs)


def tile_codes(kinds):
    return [TILES[k].code for k in kinds]


def order_codes(cards):
    return [ORDERS[c].code for c in cards]


def placements(state):
    return {action.space for action in state.legal_actions() if isinstance(action, Place)}


def last_worker_placed(b, last_player, shift=1):
    """Every worker is placed but one of ``last_player``'s, whose turn it is."""
    for p in range(b.state.players):
        b.workers(p, 1 if p == last_player else 0)
    return b.turn(last_player, shift=shift).build()


def end_shift(b, last_player=PETER, shift=1):
    """Build the position, then the last worker of the shift goes to the bank building."""
    state = last_worker_placed(b, last_player, shift)
    events = state.apply("place BANK")
    return state, events


def end_game(b, last_player=GABOR):
    """Play the last turn of shift III (mining, stopped at once: nothing else changes)."""
    state = last_worker_placed(b, last_player, shift=3)
    state.apply("place M6")
    events = state.apply("stop")
    assert state.is_over
    return state, events


def empty_tile_deck(b, player, keep=0):
    """Move all but ``keep`` tiles of the deck into a player's mine (carts left empty)."""
    return b.tiles(player, *tile_codes(b.state.tile_deck[keep:]), cubes=False)


def empty_order_deck(b, player, keep=0):
    """Move all but ``keep`` cards of the order deck to a player's delivered orders."""
    return b.delivered(player, *order_codes(b.state.order_deck[keep:]))


def exhaust_supply(b, colours, player=ZSOFI):
    """Put every supply cube of these colours into a player's storage."""
    for letter in colours:
        b.storage(player, letter * b.state.supply["YBGK".index(letter)])
    return b


# === S. Setup ===================================================================================
@rule("R-SETUP-1")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_locked_spaces_are_never_offered(players):
    """R-SETUP-1: the spaces marked for the player count are locked; the others are open."""
    state = builder(players).money(GABOR, 30).build()
    offered = placements(state)
    assert not offered & LOCKED[players]
    for code in LOCKED[players]:
        assert state.why_not(Place(code)).rule == "R-SETUP-1"
    open_always = {
        "F1",
        "F2",
        "F3",
        "F4",
        "F5",
        "F6",
        "F7",
        "F8",
        "F*",
        "M4",
        "M6",
        "M8",
        "M10",
        "$3",
        "$4",
        "$5",
        "$6",
        "O1",
        "O2",
        "O3",
        "O4",
        "O*",
        "BANK",
    }
    assert offered == open_always - LOCKED[players]


@rule("R-SETUP-1", "R-SETUP-2")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_face_up_tile_on_every_unlocked_tile_space(players):
    """R-SETUP-2: every unlocked F space shows a tile, locked ones none; all 48 tiles are there."""
    state = new_game(players, seed=11)
    for number in range(1, 9):
        shown = state.tile_spaces[number - 1]
        assert (shown is None) == (f"F{number}" in LOCKED[players])
    on_spaces = [k for k in state.tile_spaces if k is not None]
    assert len(state.tile_deck) == 48 - len(on_spaces)
    assert Counter(state.tile_deck + on_spaces) == Counter({k.index: 3 for k in TILES})


@rule("R-SETUP-3")
@pytest.mark.parametrize(("players", "workers", "marks"), [(2, 18, 10), (3, 15, 9), (4, 13, 8)])
def test_each_mine_starts_with_printed_carts_workers_and_money(players, workers, marks):
    """R-SETUP-3: four printed carts with one cube of their level's colour (so the supply has
    16 − players of each colour), the cage at the surface, workers and Marks by player count."""
    state = new_game(players, seed=2)
    assert state.supply == [16 - players] * 4
    assert state.cube_census() == [16] * 4
    for p in range(players):
        assert state.carts[p] == [[YELLOW], [BROWN], [GREY], [BLACK]]
        assert state.tiles[p] == []
        assert state.cage_level[p] == 0 and state.cage[p] == [0, 0, 0, 0]
        assert state.storage[p] == [0, 0, 0, 0]
        assert state.workers[p] == workers
        assert state.money[p] == marks


@rule("R-SETUP-4")
@pytest.mark.parametrize(
    ("players", "start", "drafters"),
    [(2, 0, [1, 0] * 3), (3, 1, [0, 2, 1] * 3), (4, 0, [3, 2, 1, 0] * 3), (4, 2, [1, 0, 3, 2] * 3)],
)
def test_draft_goes_counter_clockwise_from_the_right_of_the_start_player(players, start, drafters):
    """R-SETUP-4: 3 × players + 1 orders are revealed; the player to the right of the start
    player drafts first, then counter-clockwise, until everyone has 3."""
    state = new_game(players, seed=3, start_player=start)
    pool = list(state.draft_pool)
    assert len(pool) == 3 * players + 1
    seen = []
    while state.phase == "draft":
        seen.append(state.current)
        state.apply(state.legal_actions()[-1])
    assert seen == drafters
    for p in range(players):
        held = [c for c, _slots in state.outstanding[p]]
        assert len(held) == 3 and set(held) <= set(pool)
        assert all(slots == [()] * len(ORDERS[c].slots) for c, slots in state.outstanding[p])
    assert state.phase == "place" and state.current == start


@rule("R-SETUP-4", "R-SETUP-1")
@pytest.mark.parametrize(("players", "first_open"), [(2, 1), (3, 0), (4, 0)])
def test_leftover_draft_card_and_refill_of_the_order_spaces(players, first_open):
    """R-SETUP-4: the card left from the draft goes onto an unlocked order space (the first
    one), the other unlocked order spaces are filled from the deck; O1 stays empty with 2."""
    state = new_game(players, seed=4)
    while len(state.draft_pool) > 2:
        state.apply(state.legal_actions()[0])
    deck_top = state.order_deck[:3]
    taken, leftover = state.draft_pool
    events = state.apply(Draft(ORDERS[taken].code))
    assert state.draft_pool == []
    assert state.order_spaces[first_open] == leftover
    assert state.order_spaces[first_open + 1 :] == deck_top[: 3 - first_open]
    if players == 2:
        assert state.order_spaces[0] is None
    revealed = [ORDERS[card].code for card in deck_top[: 3 - first_open]]  # from the deck
    assert of_kind(events, "draft_done") == [
        Event("draft_done", None, {"start_player": state.start_player, "revealed": revealed})
    ]


@rule("R-SETUP-5")
def test_the_game_starts_in_shift_one_with_no_points():
    """R-SETUP-5: shift I, every score 0; the start player comes from the seed or is named."""
    state = new_game(4, seed=9)
    assert state.shift == 1 and state.phase == "draft"
    assert state.score == [0, 0, 0, 0] and state.ledger == [[], [], [], []]
    assert new_game(4, seed=9).start_player == state.start_player  # reproducible
    assert len({new_game(4, seed=s).start_player for s in range(30)}) > 1  # really chosen
    assert new_game(4, seed=9, start_player=2).start_player == 2


# === T. Turns ===================================================================================
@rule("R-TURN-1")
def test_turns_go_clockwise_and_skip_players_without_workers():
    """R-TURN-1: after a turn the next player clockwise with workers left acts."""
    state = builder().workers(ZSOFI, 0).turn(GABOR).build()
    state.apply("place $4")
    assert state.current == PETER  # Zsófi has no workers: skipped
    state.apply("place $5")
    assert state.current == GABOR


@rule("R-TURN-1")
def test_a_turn_is_exactly_one_placement():
    """R-TURN-1: one action per turn — after it, the next player decides."""
    state = builder().turn(ZSOFI).build()
    state.apply("place $6")
    assert state.current == PETER and state.phase == "place"
    assert state.history == [Place("$6")]


@rule("R-TURN-1", "R-SHIFT-1")
def test_the_shift_ends_when_every_worker_is_placed():
    """R-TURN-1: when the last worker of the last player is placed, the shift ends."""
    state, events = end_shift(builder(), last_player=PETER)
    assert of_kind(events, "shift_end") == [Event("shift_end", None, {"shift": 1})]
    assert state.shift == 2


@rule("R-TURN-2")
def test_an_empty_space_takes_one_worker():
    """R-TURN-2: placing on an empty space takes exactly 1 worker."""
    state = builder().turn(GABOR).build()
    state.apply("place M10")
    assert workers_on(state, "M10") == (GABOR, 1)
    assert state.workers[GABOR] == 14


@rule("R-TURN-2")
def test_an_occupied_space_takes_one_more_and_sends_them_to_the_canteen():
    """R-TURN-2: a space with 3 workers takes 4; the 3 go to the canteen and stay there."""
    state = builder().on_space("$6", ZSOFI, 3).turn(GABOR).build()
    zsofi_hand = state.workers[ZSOFI]
    state.apply("place $6")
    assert workers_on(state, "$6") == (GABOR, 4)
    assert state.workers[GABOR] == 11
    assert state.canteen[ZSOFI] == 3
    assert state.workers[ZSOFI] == zsofi_hand  # not back in hand
    state.apply("place $4")  # Zsófi's turn: the canteen workers are still out
    assert state.canteen[ZSOFI] == 3 and state.workers[ZSOFI] == zsofi_hand - 1


@rule("R-TURN-2")
def test_displacing_your_own_workers():
    """R-TURN-2: the rule is the same when the workers on the space are your own."""
    state = builder().on_space("M6", GABOR, 1).turn(GABOR).build()
    events = state.apply("place M6")
    assert workers_on(state, "M6") == (GABOR, 2)
    assert state.canteen[GABOR] == 1
    assert of_kind(events, "canteen") == [Event("canteen", GABOR, {"space": "M6", "workers": 1})]


@rule("R-TURN-2", "R-TURN-3")
def test_a_space_needing_more_workers_than_you_have_is_not_offered():
    """R-TURN-2/3: a space with 2 workers needs 3; with 2 in hand it is not a legal choice."""
    state = builder().on_space("$6", ZSOFI, 2).workers(GABOR, 2).turn(GABOR).build()
    assert "$6" not in placements(state)
    assert "$4" in placements(state)


@rule("R-TURN-3", "R-TUNNEL-1")
def test_only_affordable_tile_spaces_are_offered():
    """R-TURN-3: a tile space is a legal choice only if the player can pay for its tile."""
    state = builder().tile_space(1, "K2L").tile_space(2, "Y1L").money(GABOR, 2).turn(GABOR).build()
    assert "F1" not in placements(state)
    assert "F2" in placements(state)


@rule("R-TURN-3", "R-TUNNEL-5")
def test_the_tile_star_space_needs_only_a_non_empty_deck():
    """R-TURN-3: F★ is usable while the tile deck has tiles, even with no money."""
    assert "F*" in placements(builder().money(GABOR, 0).turn(GABOR).build())
    assert "F*" not in placements(empty_tile_deck(builder(), PETER).turn(GABOR).build())


@rule("R-TURN-3", "R-DELIVER-1")
def test_a_delivery_space_needs_a_complete_order_of_its_transport():
    """R-TURN-3: a delivery space is offered only with a complete order of its transport."""
    incomplete = builder().orders(GABOR, "W3YY", "C2Y").fill(GABOR, "W3YY", "Y", "")
    assert not placements(incomplete.build()) & {"DW", "DC", "DT", "DR"}
    complete = incomplete.fill(GABOR, "C2Y", "Y").build()
    assert placements(complete) & {"DW", "DC", "DT", "DR"} == {"DC"}


@rule("R-TURN-3", "R-ORDER-1", "R-ORDER-2")
def test_empty_order_spaces_and_an_empty_order_deck():
    """R-TURN-3: an order space must show an order; O★ needs a non-empty order deck."""
    b = builder().order_space(2, None)
    state = empty_order_deck(b, PETER).turn(GABOR).build()
    offered = placements(state)
    assert "O2" not in offered and "O*" not in offered
    assert {"O1", "O3", "O4"} <= offered


@rule("R-TURN-3")
def test_mining_and_money_are_always_available():
    """R-TURN-3: mining and money spaces can always be chosen (no money, orders or coal)."""
    state = builder(4).money(GABOR, 0).empty_carts(GABOR, 1).turn(GABOR).build()
    assert {"M4", "M6", "M8", "M10", "$3", "$4", "$5", "$6"} <= placements(state)


@rule("R-TURN-4", "R-MONEY-1")
def test_the_bank_building_takes_one_worker_and_pays_one_mark():
    """R-TURN-4: exactly 1 worker on the bank building, 1 Mark, whoever stands there."""
    state = builder().on_space("BANK", ZSOFI, 3).on_space("BANK", GABOR, 2).turn(GABOR).build()
    events = state.apply("place BANK")
    assert state.workers[GABOR] == 15 - 2 - 1
    assert state.bank_workers == [3, 3, 0]  # nobody displaced
    assert state.canteen == [0, 0, 0]
    assert state.money[GABOR] == 10
    assert events == [
        Event("place", GABOR, {"space": "BANK", "workers": 1}),
        Event("money", GABOR, {"marks": 1}),
    ]


@rule("R-TURN-4")
def test_the_bank_building_is_the_fallback_when_nothing_else_is_possible():
    """R-TURN-4 (Reading): a player with a worker always has a legal turn: the bank building."""
    b = builder()
    busy = [
        "F1",
        "F2",
        "F3",
        "F4",
        "F5",
        "F6",
        "F7",
        "F*",
        "M6",
        "M8",
        "M10",
        "$4",
        "$5",
        "$6",
        "O1",
        "O2",
        "O3",
        "O4",
        "O*",
    ]
    for i, code in enumerate(busy):
        b.on_space(code, ZSOFI if i % 2 else PETER, 1)
    state = b.workers(GABOR, 1).turn(GABOR).build()
    assert state.legal_actions() == [Place("BANK")]


# === A1. Tunnel expansion =======================================================================
@rule("R-TUNNEL-1")
@pytest.mark.parametrize(("code", "price"), [("Y1L", 1), ("B2D", 4), ("G1D", 3), ("K2L", 8)])
def test_a_tile_costs_its_price_per_cart(code, price):
    """R-TUNNEL-1: yellow 1, brown 2, grey 3, black 4 Marks per cart."""
    state = builder().tile_space(1, code).money(GABOR, 10).turn(GABOR).build()
    events = state.apply("place F1")
    assert state.money[GABOR] == 10 - price
    assert of_kind(events, "buy_tile") == [Event("buy_tile", GABOR, {"tile": code, "marks": price})]
    assert tile_codes(state.tiles[GABOR]) == [code]


@rule("R-TUNNEL-2")
def test_new_carts_get_cubes_of_their_colour():
    """R-TUNNEL-2: one cube of the cart's colour from the supply on each cart."""
    state = builder().tile_space(1, "B2L").turn(GABOR).build()
    state.apply("place F1")
    assert state.carts[GABOR][BROWN] == [BROWN, BROWN, BROWN]
    assert state.supply[BROWN] == 13 - 2


@rule("R-TUNNEL-2")
def test_substitute_cube_is_chosen_when_several_colours_remain():
    """R-TUNNEL-2: grey has run out: the player picks a cube of another colour the supply has;
    the price is unchanged."""
    state = exhaust_supply(builder().tile_space(1, "G1L"), "G").turn(GABOR).build()
    state.apply("place F1")
    assert state.phase == "cube" and state.current == GABOR
    assert state.money[GABOR] == 9 - 3
    assert [str(a) for a in state.legal_actions()] == ["cube Y", "cube B", "cube K"]
    events = state.apply("cube K")
    assert state.carts[GABOR][GREY] == [GREY, BLACK]
    assert state.supply[BLACK] == 12
    assert events == [Event("substitute", GABOR, {"wanted": GREY, "cube": BLACK})]
    assert state.phase == "place" and state.current == ZSOFI


@rule("R-TUNNEL-2")
def test_substitute_cube_is_automatic_when_one_colour_remains():
    """R-TUNNEL-2: with only black left in the supply the new grey cart gets black at once."""
    state = exhaust_supply(builder().tile_space(1, "G1L"), "YBG").turn(GABOR).build()
    events = state.apply("place F1")
    assert state.phase == "place" and state.current == ZSOFI
    assert state.carts[GABOR][GREY] == [GREY, BLACK]
    assert Event("substitute", GABOR, {"wanted": GREY, "cube": BLACK}) in events


@rule("R-TUNNEL-2")
def test_cart_stays_empty_when_the_supply_is_empty():
    """R-TUNNEL-2 (Reading): with no cubes at all in the supply the new cart stays empty."""
    state = exhaust_supply(builder().tile_space(1, "G1L"), "YBGK").turn(GABOR).build()
    state.apply("place F1")
    assert state.carts[GABOR][GREY] == [GREY, EMPTY_CART]
    assert state.money[GABOR] == 9 - 3
    assert state.phase == "place" and state.current == ZSOFI


@rule("R-TUNNEL-2")
def test_a_two_cart_tile_with_one_cube_of_its_colour_left():
    """R-TUNNEL-2: the first cart gets the last grey cube, the second a substitute."""
    b = builder().tile_space(1, "G2L")
    b.storage(ZSOFI, "G" * (b.state.supply[GREY] - 1))
    state = b.turn(GABOR).build()
    state.apply("place F1")
    assert state.phase == "cube" and state.carts[GABOR][GREY] == [GREY, GREY, EMPTY_CART]
    state.apply("cube Y")
    assert state.carts[GABOR][GREY] == [GREY, GREY, YELLOW]
    assert state.supply[GREY] == 0 and state.current == ZSOFI


@rule("R-TUNNEL-2", "R-TUNNEL-5")
def test_a_tile_bought_from_the_star_space_gets_substitutes_too():
    """R-TUNNEL-2 after F★: each cart of a black 2-cart tile asks for a substitute cube."""
    b = exhaust_supply(builder(), "K").money(GABOR, 20)
    state = b.looking_at(GABOR, "tile", "K2D", "Y1L").build()
    state.apply("choose K2D top Y1L")
    assert state.phase == "cube" and state.money[GABOR] == 12
    state.apply("cube B")
    assert state.phase == "cube" and state.current == GABOR
    state.apply("cube G")
    assert state.carts[GABOR][BLACK] == [BLACK, BROWN, GREY]
    assert state.phase == "place" and state.current == ZSOFI


@rule("R-TUNNEL-3")
@pytest.mark.parametrize(("code", "side"), [("Y1L", LIGHT), ("K2D", DARK), ("B2L", LIGHT)])
def test_a_tile_goes_into_the_row_of_its_colour_on_its_side(code, side):
    """R-TUNNEL-3: the tile joins the row (level) of its colour, lantern tiles on the light
    side, the others on the dark side."""
    kind = TILE_BY_CODE[code]
    state = builder().tile_space(1, code).money(GABOR, 10).turn(GABOR).build()
    state.apply("place F1")
    assert state.tiles[GABOR] == [kind.index]
    assert TILES[state.tiles[GABOR][0]].side == side
    for colour in range(4):
        expected = 1 + (kind.carts if colour == kind.colour else 0)
        assert len(state.carts[GABOR][colour]) == expected
    assert end_items(state, GABOR)["end_balance"] == -2  # one tile on one side


@rule("R-TUNNEL-4")
def test_an_emptied_tile_space_is_refilled_from_the_top_of_the_deck():
    """R-TUNNEL-4: the space is refilled at once, face up, from the deck."""
    state = builder().tile_space(2, "Y1D").turn(GABOR).build()
    top, deck_size = state.tile_deck[0], len(state.tile_deck)
    events = state.apply("place F2")
    assert state.tile_spaces[1] == top
    assert len(state.tile_deck) == deck_size - 1
    assert of_kind(events, "refill") == [
        Event("refill", None, {"space": "F2", "tile": TILES[top].code})
    ]


@rule("R-TUNNEL-4")
def test_an_empty_tile_deck_leaves_the_space_empty():
    """R-TUNNEL-4: with the deck used up the space stays empty for the rest of the game."""
    state = empty_tile_deck(builder().tile_space(2, "Y1D"), PETER).turn(GABOR).build()
    events = state.apply("place F2")
    assert state.tile_spaces[1] is None
    assert of_kind(events, "refill") == [Event("refill", None, {"space": "F2", "tile": None})]
    assert "F2" not in placements(state)
    assert state.why_not(Place("F2")).rules == ("R-TURN-3", "R-TUNNEL-4")


def _star_tiles(where):
    """Gábor uses F★, buys the third of the five tiles and puts the others back in reverse."""
    state = builder().money(GABOR, 40).turn(GABOR).build()
    top, below = state.tile_deck[:5], state.tile_deck[5:]
    events = state.apply("place F*")
    assert of_kind(events, "look") == [Event("look", GABOR, {"kind": "tile", "count": 5})]
    assert state.phase == "choose" and state.choice_kind == "tile" and state.choice == top
    assert state.tile_deck == below
    codes = tile_codes(top)
    take = codes[2]
    rest = list(reversed(codes[:2] + codes[3:]))
    state.apply(f"choose {take} {where} {' '.join(rest)}")
    assert tile_codes(state.tiles[GABOR]) == [take]
    assert state.money[GABOR] == 40 - TILE_BY_CODE[take].price
    assert state.phase == "place" and state.current == ZSOFI
    return state, rest, below


@rule("R-TUNNEL-5")
def test_tile_star_puts_the_rest_back_on_top_in_the_chosen_order():
    """R-TUNNEL-5: look at the top 5, buy one, the other 4 go back on top in chosen order."""
    state, rest, below = _star_tiles("top")
    assert tile_codes(state.tile_deck[:4]) == rest
    assert state.tile_deck[4:] == below


@rule("R-TUNNEL-5")
def test_tile_star_puts_the_rest_back_at_the_bottom_in_the_chosen_order():
    """R-TUNNEL-5: … or at the bottom of the deck (first named = nearest the top)."""
    state, rest, below = _star_tiles("bottom")
    assert state.tile_deck[: len(below)] == below
    assert tile_codes(state.tile_deck[-4:]) == rest


@rule("R-TUNNEL-5")
def test_tile_star_buying_nothing_uses_up_the_action():
    """R-TUNNEL-5: buying nothing is allowed; all five go back and the turn is over."""
    state = builder().turn(GABOR).build()
    deck = state.tile_deck[:]
    state.apply("place F*")
    codes = tile_codes(state.choice)
    state.apply(f"choose - top {' '.join(codes)}")
    assert state.tile_deck == deck
    assert state.tiles[GABOR] == [] and state.money[GABOR] == 9
    assert workers_on(state, "F*") == (GABOR, 1)
    assert state.phase == "place" and state.current == ZSOFI


@rule("R-TUNNEL-5")
def test_tile_star_cannot_buy_a_tile_it_cannot_pay():
    """R-TUNNEL-5/R-TUNNEL-1: only affordable tiles may be taken from the five."""
    state = builder().money(GABOR, 0).turn(GABOR).build()
    state.apply("place F*")
    assert {action.take for action in state.legal_actions()} == {None}


@rule("R-TUNNEL-5")
def test_tile_star_shows_fewer_when_fewer_are_left():
    """R-TUNNEL-5: with 3 tiles left in the deck the player sees those 3."""
    state = empty_tile_deck(builder(), PETER, keep=3).turn(GABOR).build()
    deck = state.tile_deck[:]
    assert len(deck) == 3
    state.apply("place F*")
    assert state.choice == deck and state.tile_deck == []
    state.apply(f"choose - bottom {' '.join(reversed(tile_codes(deck)))}")
    assert state.tile_deck == deck[::-1]


@rule("R-TUNNEL-6")
def test_emptied_carts_are_never_refilled():
    """R-TUNNEL-6: a mined cart stays empty (no more yellow to load at level 1), even after the
    shift ends."""
    state = builder().mining(GABOR, steps=3).cage(GABOR, level=1).build()
    state.apply("load Y")
    assert state.carts[GABOR][YELLOW] == [EMPTY_CART]
    assert Load(YELLOW) not in state.legal_actions()
    assert "R-TUNNEL-6" in state.why_not(Load(YELLOW)).rules

    state, _ = end_shift(builder().empty_carts(GABOR, 1))
    assert state.shift == 2 and state.carts[GABOR][YELLOW] == [EMPTY_CART]


# === A2. Mining =================================================================================
@rule("R-MINE-1")
@pytest.mark.parametrize(
    ("players", "space", "steps"), [(4, "M4", 4), (3, "M6", 6), (3, "M8", 8), (3, "M10", 10)]
)
def test_a_mining_space_grants_its_work_steps(players, space, steps):
    """R-MINE-1: 4, 6, 8 or 10 work steps."""
    state = builder(players).turn(GABOR).build()
    events = state.apply(f"place {space}")
    assert state.phase == "mine" and state.current == GABOR
    assert state.steps_left == steps
    assert of_kind(events, "mining") == [Event("mining", GABOR, {"steps": steps})]


@rule("R-MINE-1")
def test_stopping_early_loses_the_unused_steps():
    """R-MINE-1: the player may stop at any time; the rest of the steps are lost."""
    state = builder().turn(GABOR).build()
    state.apply("place M10")
    state.apply("cage 1")
    events = state.apply("stop")
    assert events == [Event("stop", GABOR, {})]
    assert state.phase == "place" and state.current == ZSOFI and state.steps_left == 0
    assert state.cage_level[GABOR] == 1


@rule("R-MINE-1")
def test_the_turn_passes_when_the_steps_run_out():
    """R-MINE-1: after the last step the turn passes without a stop."""
    state = builder().mining(GABOR, steps=1).build()
    events = state.apply("cage 2")
    assert [e.kind for e in events] == ["cage"]
    assert state.phase == "place" and state.current == ZSOFI


@rule("R-MINE-2")
def test_moving_the_cage_to_any_other_level_costs_one_step():
    """R-MINE-2.1: the cage moves to any other level, up or down, for 1 step each time."""
    state = builder().mining(GABOR, steps=4).build()
    for level, left in ((4, 3), (2, 2), (0, 1)):
        state.apply(MoveCage(level))
        assert state.cage_level[GABOR] == level and state.steps_left == left
    assert MoveCage(0) not in state.legal_actions()  # not to where it already is


@rule("R-MINE-2")
def test_loading_from_any_cart_of_the_level_costs_one_step():
    """R-MINE-2.2: one cube per step from any cart at the cage's level, light or dark side,
    printed cart included."""
    state = builder().tiles(GABOR, "Y1L", "Y1D").mining(GABOR, steps=4).cage(GABOR, 1).build()
    for loaded in (1, 2, 3):
        state.apply("load Y")
        assert state.cage[GABOR] == [loaded, 0, 0, 0]
        assert state.steps_left == 4 - loaded
    assert state.carts[GABOR][YELLOW] == [EMPTY_CART] * 3


@rule("R-MINE-2")
def test_the_cage_holds_at_most_five_cubes():
    """R-MINE-2.2: at most 5 cubes in the cage."""
    state = (
        builder()
        .tiles(GABOR, "Y1L")
        .mining(GABOR, steps=4)
        .cage(GABOR, level=1, cubes="BBBB")
        .build()
    )
    state.apply("load Y")
    assert sum(state.cage[GABOR]) == 5
    assert state.carts[GABOR][YELLOW].count(YELLOW) == 1  # one left, but no room
    assert not any(isinstance(a, Load) for a in state.legal_actions())


@rule("R-MINE-2")
def test_a_cage_cube_fills_a_matching_slot_at_the_surface_for_one_step():
    """R-MINE-2.3: at the surface, one cage cube onto a slot of its colour: 1 step."""
    state = (
        builder()
        .orders(GABOR, "W2Y")
        .mining(GABOR, steps=3)
        .cage(GABOR, level=0, cubes="Y")
        .build()
    )
    state.apply("fill W2Y:Y cY")
    assert state.outstanding[GABOR] == [[card("W2Y"), [(YELLOW,)]]]
    assert state.cage[GABOR] == [0, 0, 0, 0] and state.steps_left == 2


@rule("R-MINE-2")
def test_cage_cubes_cannot_fill_orders_below_the_surface():
    """R-MINE-2.3: cubes leave the cage only at the surface."""
    state = (
        builder()
        .orders(GABOR, "W2Y")
        .mining(GABOR, steps=3)
        .cage(GABOR, level=2, cubes="Y")
        .build()
    )
    assert not any(isinstance(a, Fill) for a in state.legal_actions())


@rule("R-MINE-2")
def test_a_cage_cube_goes_into_storage_at_the_surface_for_one_step():
    """R-MINE-2.4 (Reading): at the surface a cage cube may go into storage (1 step), whether
    or not an order could take it."""
    state = (
        builder()
        .orders(GABOR, "W4G")
        .mining(GABOR, steps=3)
        .cage(GABOR, level=0, cubes="GK")
        .build()
    )
    state.apply("store G")
    assert state.storage[GABOR] == [0, 0, 1, 0]
    assert state.cage[GABOR] == [0, 0, 0, 1] and state.steps_left == 2
    low = builder().mining(GABOR, steps=3).cage(GABOR, level=1, cubes="G").build()
    assert not any(isinstance(a, Store) for a in low.legal_actions())


@rule("R-MINE-2")
def test_a_storage_cube_fills_a_slot_wherever_the_cage_is():
    """R-MINE-2.5: from storage onto a matching slot, cage at any level, 1 step."""
    state = (
        builder()
        .orders(GABOR, "W2Y")
        .storage(GABOR, "Y")
        .mining(GABOR, steps=3)
        .cage(GABOR, level=3)
        .build()
    )
    state.apply("fill W2Y:Y sY")
    assert state.outstanding[GABOR] == [[card("W2Y"), [(YELLOW,)]]]
    assert state.storage[GABOR] == [0, 0, 0, 0] and state.steps_left == 2


@rule("R-MINE-3")
def test_two_cubes_of_any_colours_fill_a_slot_for_two_steps():
    """R-MINE-3: one cage cube and one storage cube, neither grey, fill a grey slot: 2 steps."""
    state = (
        builder()
        .orders(GABOR, "C4G")
        .storage(GABOR, "Y")
        .mining(GABOR, steps=3)
        .cage(GABOR, level=0, cubes="K")
        .build()
    )
    events = state.apply("fill C4G:G cK+sY")
    assert state.steps_left == 1
    assert state.outstanding[GABOR] == [[card("C4G"), [(BLACK, YELLOW)]]]
    assert state.cage[GABOR] == [0, 0, 0, 0] and state.storage[GABOR] == [0, 0, 0, 0]
    assert events[0].data["cubes"] == (("c", BLACK), ("s", YELLOW))


@rule("R-MINE-3")
def test_two_cube_fill_needs_two_steps_left():
    """R-MINE-3: with 1 step left only a matching single cube can fill a slot."""
    state = (
        builder()
        .orders(GABOR, "C4G")
        .mining(GABOR, steps=1)
        .cage(GABOR, level=0, cubes="GYY")
        .build()
    )
    fills = [a for a in state.legal_actions() if isinstance(a, Fill)]
    assert fills == [Fill("C4G", GREY, (("c", GREY),))]


@rule("R-MINE-4")
def test_a_filled_slot_is_never_filled_again():
    """R-MINE-4: a cube on an order stays; a filled slot takes nothing more."""
    state = (
        builder()
        .orders(GABOR, "W3YY")
        .mining(GABOR, steps=4)
        .cage(GABOR, level=0, cubes="YYY")
        .build()
    )
    state.apply("fill W3YY:Y cY")
    state.apply("fill W3YY:Y cY")
    assert state.outstanding[GABOR][0][1] == [(YELLOW,), (YELLOW,)]
    assert not any(isinstance(a, Fill) for a in state.legal_actions())


@rule("R-MINE-4", "R-MINE-2")
def test_no_mining_step_moves_a_cube_backwards():
    """R-MINE-4: no step takes a cube off an order, out of storage into the cage, or from the
    cage back into a cart."""
    for level in range(5):
        state = (
            builder()
            .tiles(GABOR, "G1L", "Y1D")
            .orders(GABOR, "W7GG", "C3YY")
            .fill(GABOR, "W7GG", "G", "")
            .storage(GABOR, "YK")
            .mining(GABOR, steps=5)
            .cage(GABOR, level=level, cubes="GB")
            .build()
        )
        for action in state.legal_actions():
            after = state.copy()
            after.apply(action)
            assert sum(after.cubes_on_orders(GABOR)) >= sum(state.cubes_on_orders(GABOR))
            assert sum(after.cubes_in_mine(GABOR)) <= sum(state.cubes_in_mine(GABOR))
            if not isinstance(action, Load):
                assert all(
                    a <= b for a, b in zip(after.cage[GABOR], state.cage[GABOR], strict=True)
                )
            if not isinstance(action, (Store, Fill)):
                assert after.storage[GABOR] == state.storage[GABOR]
            if isinstance(action, Store):
                assert sum(after.storage[GABOR]) == sum(state.storage[GABOR]) + 1


# === A3. Delivery ===============================================================================
@rule("R-DELIVER-1")
def test_delivery_takes_all_complete_orders_of_the_transport_only():
    """R-DELIVER-1: all complete orders of the space's transport go; incomplete ones and other
    transports stay."""
    state = (
        builder()
        .orders(GABOR, "W2Y", "W3B", "W4G", "C2Y")
        .fill(GABOR, "W2Y", "Y")
        .fill(GABOR, "W3B", "B")
        .fill(GABOR, "C2Y", "Y")
        .turn(GABOR)
        .build()
    )
    state.apply("place DW")
    assert state.delivered[GABOR] == [card("W2Y"), card("W3B")]
    assert [held[0] for held in state.outstanding[GABOR]] == [card("W4G"), card("C2Y")]


@rule("R-DELIVER-2")
def test_delivered_orders_score_return_cubes_and_stay_face_down():
    """R-DELIVER-2: VP at once, cubes back to the supply, the card kept among deliveries."""
    state = (
        builder()
        .orders(GABOR, "R10YBGK")
        .fill(GABOR, "R10YBGK", "Y", "B", "GK", "K")
        .score(GABOR, 5)
        .turn(GABOR)
        .build()
    )
    supply = state.supply[:]
    events = state.apply("place DR")
    assert state.score[GABOR] == 15
    assert state.ledger[GABOR] == [("before", 5, None), ("order", 10, "R10YBGK")]
    assert state.supply == [supply[0] + 1, supply[1] + 1, supply[2] + 1, supply[3] + 2]
    assert state.cubes_on_orders(GABOR) == [0, 0, 0, 0]
    assert state.delivered[GABOR] == [card("R10YBGK")] and state.outstanding[GABOR] == []
    assert of_kind(events, "deliver") == [Event("deliver", GABOR, {"order": "R10YBGK", "vp": 10})]


# === A4. Money ==================================================================================
@rule("R-MONEY-1")
@pytest.mark.parametrize(
    ("players", "space", "marks"),
    [(4, "$3", 3), (3, "$4", 4), (3, "$5", 5), (2, "$6", 6), (2, "BANK", 1)],
)
def test_money_spaces_pay_their_marks(players, space, marks):
    """R-MONEY-1: 3, 4, 5 or 6 Marks (the bank building 1)."""
    state = builder(players).money(GABOR, 2).turn(GABOR).build()
    events = state.apply(f"place {space}")
    assert state.money[GABOR] == 2 + marks
    assert of_kind(events, "money") == [Event("money", GABOR, {"marks": marks})]


# === A5. New orders =============================================================================
@rule("R-ORDER-1")
def test_taking_an_order_and_refilling_the_space():
    """R-ORDER-1: the order joins the outstanding ones (empty slots); the space is refilled
    from the top of the deck."""
    state = builder().order_space(2, "T5BB").turn(GABOR).build()
    top = state.order_deck[0]
    events = state.apply("place O2")
    assert state.outstanding[GABOR] == [[card("T5BB"), [(), ()]]]
    assert state.order_spaces[1] == top
    assert events[-2:] == [
        Event("take_order", GABOR, {"order": "T5BB"}),
        Event("refill", None, {"space": "O2", "order": ORDERS[top].code}),
    ]


@rule("R-ORDER-1")
def test_there_is_no_limit_on_outstanding_orders():
    """R-ORDER-1: a player with 10 outstanding orders may take another."""
    state = builder().orders(GABOR, *order_codes(range(10))).turn(GABOR).build()
    assert {"O1", "O2", "O3", "O4", "O*"} <= placements(state)
    state.apply("place O3")
    assert len(state.outstanding[GABOR]) == 11


@rule("R-ORDER-1")
def test_an_empty_order_deck_leaves_the_space_empty():
    """R-ORDER-1: with the deck used up the space stays empty."""
    state = empty_order_deck(builder(), PETER).turn(GABOR).build()
    events = state.apply("place O4")
    assert state.order_spaces[3] is None
    assert events[-1] == Event("refill", None, {"space": "O4", "order": None})


def _star_orders(where, take_index):
    state = builder().turn(GABOR).build()
    top, below = state.order_deck[:5], state.order_deck[5:]
    events = state.apply("place O*")
    assert of_kind(events, "look") == [Event("look", GABOR, {"kind": "order", "count": 5})]
    assert state.phase == "choose" and state.choice_kind == "order" and state.choice == top
    codes = order_codes(top)
    take = None if take_index is None else codes.pop(take_index)
    rest = [codes[1], codes[0], *codes[2:]]
    state.apply(f"choose {take or '-'} {where} {' '.join(rest)}")
    assert state.phase == "place" and state.current == ZSOFI
    return state, take, rest, below


@rule("R-ORDER-2")
def test_order_star_takes_one_and_puts_the_rest_on_top():
    """R-ORDER-2: look at the top 5 orders, take one, put the rest back on top in order."""
    state, take, rest, below = _star_orders("top", 4)
    assert order_codes(c for c, _ in state.outstanding[GABOR]) == [take]
    assert order_codes(state.order_deck[:4]) == rest
    assert state.order_deck[4:] == below


@rule("R-ORDER-2")
def test_order_star_puts_the_rest_at_the_bottom():
    """R-ORDER-2: … or at the bottom."""
    state, _take, rest, below = _star_orders("bottom", 0)
    assert state.order_deck[: len(below)] == below
    assert order_codes(state.order_deck[-4:]) == rest


@rule("R-ORDER-2")
def test_order_star_taking_none_uses_up_the_action():
    """R-ORDER-2: taking none is allowed; all five go back."""
    state, _take, rest, below = _star_orders("top", None)
    assert state.outstanding[GABOR] == []
    assert order_codes(state.order_deck[:5]) == rest and state.order_deck[5:] == below
    assert workers_on(state, "O*") == (GABOR, 1)


@rule("R-ORDER-2")
def test_order_star_shows_fewer_when_fewer_are_left():
    """R-ORDER-2: with 2 orders left the player sees those 2."""
    state = empty_order_deck(builder(), PETER, keep=2).turn(GABOR).build()
    deck = state.order_deck[:]
    state.apply("place O*")
    assert state.choice == deck and state.order_deck == []
    state.apply(f"choose {ORDERS[deck[1]].code} top {ORDERS[deck[0]].code}")
    assert state.order_deck == [deck[0]]
    assert state.outstanding[GABOR][0][0] == deck[1]


# === SH. End of a shift =========================================================================
@rule("R-SHIFT-1")
@pytest.mark.parametrize(("shift", "segments"), [(1, 4), (2, 8), (3, 12)])
def test_each_shift_scores_more_segments(shift, segments):
    """R-SHIFT-1: after shift I segments 1–4, after II 1–8, after III 1–12."""
    b = builder().delivered(GABOR, "W10YBGK", "C3YY", "T9KK", "R7GG")
    state = last_worker_placed(b, PETER, shift)
    events = state.apply("place BANK")
    scored = [e.data["segment"] for e in of_kind(events, "segment")]
    assert scored == list(range(1, segments + 1))
    shift_entries = [d for cat, _pts, d in state.ledger[GABOR] if cat == "shift"]
    assert {d[0] for d in shift_entries} == {shift}
    # Gábor leads every colour and transport segment alone; he has no empty carts
    assert {d[1] for d in shift_entries} == set(range(1, min(segments, 8) + 1))
    if shift < 3:
        assert state.shift == shift + 1 and state.phase == "place"
    else:
        assert state.is_over


@rule("R-SHIFT-2")
def test_colour_segments_count_printed_icons_not_cubes_used():
    """R-SHIFT-2: segments 1–4 count the icons on delivered orders; a black slot filled with
    two yellow cubes still counts as one black icon."""
    b = (
        builder()
        .orders(GABOR, "C10YBGK")
        .fill(GABOR, "C10YBGK", "Y", "B", "G", "YY")
        .delivered(ZSOFI, "W2Y")
    )
    state = last_worker_placed(b, GABOR, shift=1)
    events = state.apply("place DC")  # Gábor's last worker: delivery, then the shift ends
    counts = {e.data["segment"]: e.data["counts"] for e in of_kind(events, "segment")}
    assert counts == {1: [1, 1, 0], 2: [1, 0, 0], 3: [1, 0, 0], 4: [1, 0, 0]}


@rule("R-SHIFT-2")
def test_transport_segments_count_all_icons_of_a_transport():
    """R-SHIFT-2: segments 5–8 count all coal icons on delivered orders of one transport."""
    state = (
        builder()
        .delivered(GABOR, "W10YBGK", "W2Y", "T12KKK", "R3B")
        .delivered(ZSOFI, "C4YYY")
        .build()
    )
    counts = segment_counts(state)
    assert list(counts[GABOR, 4:8]) == [5, 0, 3, 1]
    assert list(counts[ZSOFI, 4:8]) == [0, 3, 0, 0]
    assert list(counts[GABOR, 0:4]) == [2, 2, 1, 4]


@rule("R-SHIFT-3")
def test_empty_cart_segments_count_tile_and_printed_carts():
    """R-SHIFT-3: segments 9–12 count empty carts of one colour, printed carts included;
    scored after shift III (13 VP for the most empty black carts)."""
    b = (
        builder()
        .tiles(GABOR, "K2L", cubes=False)
        .tiles(GABOR, "K1D")
        .empty_carts(GABOR, 4, count=2)
        .tiles(ZSOFI, "Y1L", cubes=False)
    )
    counts = segment_counts(b.build())
    assert list(counts[GABOR, 8:]) == [0, 0, 0, 4]
    assert list(counts[ZSOFI, 8:]) == [1, 0, 0, 0]
    state, _ = end_game(b)
    assert ("shift", 13, [3, 12, 4]) in state.ledger[GABOR]
    assert ("shift", 10, [3, 9, 1]) in state.ledger[ZSOFI]


def _places(*column, players=None):
    counts = np.array([[c] for c in column])
    return [int(p) for p in segment_places(counts, players or len(column))[:, 0]]


@rule("R-SHIFT-4")
def test_a_count_of_zero_never_scores():
    """R-SHIFT-4: only a count of at least 1 can score, even for second place."""
    assert _places(0, 0, 0) == [0, 0, 0]
    assert _places(2, 0, 0) == [1, 0, 0]
    assert _places(0, 3, 0, 1) == [0, 1, 0, 2]


@rule("R-SHIFT-4")
def test_nobody_scores_a_segment_nobody_has():
    """R-SHIFT-4 in play: with no deliveries, segments 1–4 award nothing."""
    _state, events = end_shift(builder())
    assert [e.data["awarded"] for e in of_kind(events, "segment")] == [[], [], [], []]


@rule("R-SHIFT-5")
def test_a_tie_for_first_leaves_no_second_place():
    """R-SHIFT-5: all players tied for first score first; then nobody scores second."""
    assert _places(3, 3, 2) == [1, 1, 0]
    assert _places(1, 1, 1, 1) == [1, 1, 1, 1]


@rule("R-SHIFT-5")
def test_all_players_tied_for_second_score_second():
    """R-SHIFT-5: a single first, then everyone tied for second scores second."""
    assert _places(5, 2, 2, 1) == [1, 2, 2, 0]
    assert _places(1, 4, 1) == [2, 1, 2]


@rule("R-SHIFT-5", "R-SHIFT-2")
def test_shift_ties_in_play():
    """R-SHIFT-5 in play: yellow icons 2, 2, 1 → both leaders 2 VP, the third nothing."""
    b = builder().delivered(GABOR, "W3YY").delivered(ZSOFI, "C3YY").delivered(PETER, "T2Y")
    state, events = end_shift(b)
    segment_1 = of_kind(events, "segment")[0].data
    assert segment_1["awarded"] == [[GABOR, 1, 2], [ZSOFI, 1, 2]]
    assert state.score == [2, 2, 0]


@rule("R-SHIFT-6")
def test_two_players_only_first_place_scores():
    """R-SHIFT-6: with 2 players second place scores nothing; a tie for first scores both."""
    assert _places(3, 2, players=2) == [1, 0]
    assert _places(2, 2, players=2) == [1, 1]
    assert _places(3, 2, players=3)[:2] == [1, 2]  # the same counts with 3 players


@rule("R-SHIFT-6")
def test_two_players_in_play():
    """R-SHIFT-6 in play: yellow icons 2 against 1 → 2 VP and nothing."""
    b = builder(2).delivered(GABOR, "W3YY").delivered(ZSOFI, "C2Y")
    state, events = end_shift(b, last_player=ZSOFI)
    assert of_kind(events, "segment")[0].data["awarded"] == [[GABOR, 1, 2]]
    assert state.score == [2, 0]


def _start_player_after(stands, previous, players=3):
    b = builder(players, start_player=previous)
    for code, player, count in stands:
        b.on_space(code, player, count)
    state, events = end_shift(b, last_player=players - 1)
    assert of_kind(events, "start_player") == [Event("start_player", state.start_player, {})]
    assert state.current == state.start_player
    return state.start_player


@rule("R-SHIFT-7")
def test_most_workers_on_the_tunnel_spaces_start_next():
    """R-SHIFT-7: F1–F8 and F★ count together (Zsófi 1 + 3 = 4 beats Gábor 3)."""
    stands = [("F1", ZSOFI, 1), ("F*", ZSOFI, 3), ("F2", GABOR, 3), ("M10", PETER, 6)]
    assert _start_player_after(stands, previous=GABOR) == ZSOFI


@rule("R-SHIFT-7")
def test_the_sole_leader_may_be_the_previous_start_player():
    """R-SHIFT-7: the rules only take the marker away from the previous start player in a tie."""
    assert _start_player_after([("F3", GABOR, 2), ("F4", ZSOFI, 1)], previous=GABOR) == GABOR


@rule("R-SHIFT-7")
@pytest.mark.parametrize(
    ("stands", "previous", "expected"),
    [
        ([("F1", GABOR, 2), ("F2", PETER, 2)], GABOR, PETER),  # previous does not keep it
        ([("F1", ZSOFI, 2), ("F2", PETER, 2)], GABOR, ZSOFI),
        ([("F1", GABOR, 2), ("F2", ZSOFI, 2)], PETER, GABOR),  # clockwise wraps around
        ([("F1", GABOR, 1), ("F2", ZSOFI, 1), ("F3", PETER, 1)], ZSOFI, PETER),
    ],
)
def test_start_player_ties_go_clockwise_after_the_previous_start_player(stands, previous, expected):
    """R-SHIFT-7: a tie goes to the tied player closest clockwise after the previous start
    player, who never keeps the marker through a tie."""
    assert _start_player_after(stands, previous) == expected


@rule("R-SHIFT-7")
@pytest.mark.parametrize(("previous", "expected"), [(GABOR, ZSOFI), (PETER, GABOR)])
def test_nobody_on_the_tunnel_spaces_passes_the_marker_clockwise(previous, expected):
    """R-SHIFT-7 (Reading): nobody on F1–F8/F★ → the next player clockwise."""
    assert _start_player_after([("$6", GABOR, 3)], previous) == expected


@rule("R-SHIFT-7")
def test_canteen_workers_do_not_count_for_the_start_player():
    """R-SHIFT-7: only workers still standing on the tunnel spaces count."""
    state = (
        builder(start_player=PETER)
        .on_space("F1", GABOR, 3)
        .on_space("F2", GABOR, 2)
        .workers(GABOR, 0)
        .workers(ZSOFI, 4)
        .workers(PETER, 0)
        .money(ZSOFI, 20)
        .turn(ZSOFI)
        .build()
    )
    state.apply("place F1")  # Zsófi's last 4 workers displace Gábor's 3: the shift ends
    assert state.shift == 2
    assert state.start_player == ZSOFI  # Zsófi 4 against Gábor 2 (+3 in the canteen)


@rule("R-SHIFT-7")
def test_all_workers_come_home_and_deliveries_stay():
    """R-SHIFT-7: workers on spaces, in the canteen and on the bank building return; delivered
    orders stay with their owners."""
    b = (
        builder()
        .on_space("F1", GABOR, 2)
        .on_space("BANK", ZSOFI, 4)
        .on_space("$6", PETER, 3)
        .delivered(ZSOFI, "W2Y")
    )
    state, _ = end_shift(b)
    assert state.workers == [15, 15, 15]
    assert state.canteen == [0, 0, 0] and state.bank_workers == [0, 0, 0]
    assert not any(state.space_count)
    assert state.delivered[ZSOFI] == [card("W2Y")]


# === END. End of the game =======================================================================
@rule("R-END-1")
@pytest.mark.parametrize(("marks", "vp", "kept"), [(0, 0, 0), (4, 0, 4), (5, 1, 0), (14, 2, 4)])
def test_money_at_the_end(marks, vp, kept):
    """R-END-1: +1 VP per full 5 Marks; 0–4 Marks kept for the tie-break."""
    b = builder().money(GABOR, marks)
    assert end_items(b.build(), GABOR)["end_money"] == vp
    state, _ = end_game(b)
    assert state.result().players[GABOR].tie_break_marks == kept
    assert state.result().players[GABOR].end["end_money"] == vp


@rule("R-END-2")
def test_leftover_cubes_anywhere():
    """R-END-2: +1 VP per full 3 cubes in carts, cage, storage and on orders together."""
    b = builder()  # 4 cubes in the printed carts
    assert end_items(b.build(), GABOR)["end_cubes"] == 1
    b.cage(GABOR, 0, "K").storage(GABOR, "B")  # 6 cubes
    assert end_items(b.build(), GABOR)["end_cubes"] == 2
    b.orders(GABOR, "W7BBB").fill(GABOR, "W7BBB", "B", "B", "")  # 8 cubes
    assert end_items(b.build(), GABOR)["end_cubes"] == 2
    b.empty_carts(GABOR, 1).storage(GABOR, "YY")  # 9 cubes
    assert end_items(b.build(), GABOR)["end_cubes"] == 3


@rule("R-END-3")
def test_undelivered_orders_cost_one_each():
    """R-END-3: −1 VP per outstanding order, complete or not."""
    b = builder().orders(GABOR, "W2Y", "C5K", "T9KK").fill(GABOR, "W2Y", "Y")
    assert end_items(b.build(), GABOR)["end_orders"] == -3
    state, _ = end_game(b)
    assert ("end_orders", -3, None) in state.ledger[GABOR]


@rule("R-END-4")
def test_balance_counts_tiles_not_carts():
    """R-END-4: −2 VP per tile of difference between the sides; carts and printed carts do
    not matter."""
    assert end_items(builder().build(), GABOR)["end_balance"] == 0
    b = builder().tiles(GABOR, "Y2L", "B2L", "G1D")  # 2 light tiles (4 carts), 1 dark
    assert end_items(b.build(), GABOR)["end_balance"] == -2
    b.tiles(GABOR, "K1D")
    assert end_items(b.build(), GABOR)["end_balance"] == 0
    b.tiles(GABOR, "Y1D", "B1D", "G2D")
    assert end_items(b.build(), GABOR)["end_balance"] == -6


def _final(scores, marks):
    """A 3-player end of game where the players differ only in score and Marks."""
    b = builder()
    for p, (vp, m) in enumerate(zip(scores, marks, strict=True)):
        b.score(p, vp).money(p, m)
    state, events = end_game(b)
    return state, events


@rule("R-END-5")
def test_most_vp_wins_regardless_of_money():
    """R-END-5: the most VP wins."""
    state, events = _final([21, 20, 20], [0, 4, 4])  # 22, 21, 21 VP after the end items
    assert state.result().winners == [GABOR]
    assert of_kind(events, "game_over") == [Event("game_over", None, {"winners": [GABOR]})]


@rule("R-END-5", "R-END-1")
def test_a_tie_goes_to_the_most_marks_left():
    """R-END-5: tied on VP, the most Marks left over (after R-END-1) wins."""
    state, _ = _final([21, 20, 10], [4, 8, 9])  # 22 VP with 4 left, 22 with 3 left, 12
    assert state.score[GABOR] == state.score[ZSOFI]
    assert state.result().winners == [GABOR]


@rule("R-END-5")
def test_a_complete_tie_is_a_shared_victory():
    """R-END-5: same VP and same Marks left: shared victory."""
    state, _ = _final([20, 20, 20], [3, 3, 2])
    assert state.result().winners == [GABOR, ZSOFI]
    assert "share the victory" in str(state.result())


@rule("R-SHIFT-1")
def test_the_game_ends_after_exactly_three_shift_scorings():
    """R-SHIFT-1: three shifts, each scored once; then the game is over and nothing is legal."""
    state = builder(2).build()
    shift_ends, segments = [], 0
    while not state.is_over:
        events = state.apply("place BANK")
        shift_ends += [e.data["shift"] for e in of_kind(events, "shift_end")]
        segments += len(of_kind(events, "segment"))
    assert shift_ends == [1, 2, 3]
    assert segments == 4 + 8 + 12
    assert state.legal_actions() == [] and state.current_player == -1
    assert state.result().over


# === Notation ===================================================================================
def _states_in_every_phase():
    yield new_game(3, seed=1)  # draft
    yield builder().money(GABOR, 20).turn(GABOR).build()  # place
    yield (
        builder()
        .tiles(GABOR, "Y1D")
        .orders(GABOR, "C10YBGK", "W3YY")
        .storage(GABOR, "BK")
        .mining(GABOR, 4)
        .cage(GABOR, 0, "YG")
        .build()
    )  # mine
    yield builder().money(GABOR, 20).looking_at(GABOR, "tile", "Y1L", "Y1L", "K2D").build()
    yield builder().looking_at(GABOR, "order", "W2Y", "C12KKK", "T3B", "R5BB").build()
    cube = exhaust_supply(builder().tile_space(1, "G1L"), "G").turn(GABOR).build()
    cube.apply("place F1")
    yield cube  # cube


@rule("R-NOTATION-1")
def test_every_legal_action_reads_back_from_its_notation():
    """R-NOTATION-1: str(action) is the notation, and parsing it gives the same action."""
    phases = set()
    for state in _states_in_every_phase():
        phases.add(state.phase)
        for action in state.legal_actions():
            assert parse_action(str(action), state) == action
            assert parse_action(str(action)) == action
    assert phases == {"draft", "place", "mine", "choose", "cube"}


@rule("R-NOTATION-1")
@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("F3", Place("F3")),
        ("place wheelbarrow", Place("DW")),
        ("place horse carriage", Place("DC")),
        ("bank", Place("BANK")),
        ("place F★", Place("F*")),
        ("O★", Place("O*")),
        ("cage surface", MoveCage(0)),
        ("load g", Load(GREY)),
        ("fill W3YY:Y sY+cB", Fill("W3YY", YELLOW, (("c", BROWN), ("s", YELLOW)))),
        ("choose none", Choose(None, ())),
        ("choose Y1L bottom B1D K2L", Choose("Y1L", ("B1D", "K2L"), "bottom")),
        ("stop", Stop()),
    ],
)
def test_friendly_spellings(text, action):
    """R-NOTATION-1: bare space codes, names of transports, ★ and lower case are understood."""
    assert parse_action(text) == action


@rule("R-NOTATION-1")
def test_friendly_fill_finds_the_cube_source():
    """R-NOTATION-1: 'fill ORDER SLOT' takes the cage cube if legal, else the storage one."""
    state = (
        builder()
        .orders(GABOR, "W2Y")
        .storage(GABOR, "Y")
        .mining(GABOR, 2)
        .cage(GABOR, 1, "Y")
        .build()
    )
    assert parse_action("fill W2Y Y", state) == Fill("W2Y", YELLOW, (("s", YELLOW),))
    up = builder().orders(GABOR, "W2Y").mining(GABOR, 2).cage(GABOR, 0, "Y").build()
    assert parse_action("fill w2y y", up) == Fill("W2Y", YELLOW, (("c", YELLOW),))


@rule("R-NOTATION-1")
def test_not_an_action_is_a_notation_error():
    """R-NOTATION-1: text that is not an action raises NotationError citing the rule."""
    with pytest.raises(NotationError) as caught:
        parse_action("dance")
    assert caught.value.rule == "R-NOTATION-1"
