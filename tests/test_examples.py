"""The rulebook's worked examples E1–E7, reproduced number for number.

Seats follow the engine's default names: seat 0 Gábor, seat 1 Zsófi, seat 2 Péter.
"""

from __future__ import annotations

from helpers import card, of_kind, workers_on

from gluckauf.core.builder import PositionBuilder
from gluckauf.core.components import (
    BLACK,
    BROWN,
    GREY,
    LIGHT,
    TILES,
    YELLOW,
)
from gluckauf.core.events import Event
from gluckauf.core.scoring import end_items
from gluckauf.core.state import EMPTY_CART
from gluckauf.files.positions import position_to_dict

GABOR, ZSOFI, PETER = 0, 1, 2


def last_worker_placed(builder, last_player, shift):
    """Every worker is placed but one of ``last_player``'s, whose turn it is."""
    for p in range(builder.state.players):
        builder.workers(p, 1 if p == last_player else 0)
    return builder.turn(last_player, shift=shift).build()


# --- E1 -----------------------------------------------------------------------------------------
def test_E1_placement():
    """E1 (R-TURN-2): an empty space takes 1 worker; a space with 1 red worker takes 2 and red
    goes to the canteen; a space with 2 of Gábor's own workers takes 3 and his 2 go to the
    canteen."""
    start = (
        PositionBuilder(players=3, seed=1)
        .on_space("$5", ZSOFI, 1)  # Zsófi plays red here
        .on_space("$6", GABOR, 2)
        .turn(GABOR)
        .build()
    )
    hand = start.workers[GABOR]
    assert hand == 15 - 2

    state = start.copy()  # money space 4 is empty
    events = state.apply("place $4")
    assert workers_on(state, "$4") == (GABOR, 1)
    assert state.workers[GABOR] == hand - 1
    assert state.money[GABOR] == 9 + 4
    assert events == [
        Event("place", GABOR, {"space": "$4", "workers": 1}),
        Event("money", GABOR, {"marks": 4}),
    ]

    state = start.copy()  # money space 5 holds one red worker
    events = state.apply("place $5")
    assert workers_on(state, "$5") == (GABOR, 2)
    assert state.workers[GABOR] == hand - 2
    assert state.canteen[ZSOFI] == 1
    assert state.money[GABOR] == 9 + 5
    assert events == [
        Event("canteen", ZSOFI, {"space": "$5", "workers": 1}),
        Event("place", GABOR, {"space": "$5", "workers": 2}),
        Event("money", GABOR, {"marks": 5}),
    ]

    state = start.copy()  # money space 6 holds two of Gábor's own workers
    events = state.apply("place $6")
    assert workers_on(state, "$6") == (GABOR, 3)
    assert state.workers[GABOR] == hand - 3
    assert state.canteen[GABOR] == 2
    assert state.money[GABOR] == 9 + 6
    assert events == [
        Event("canteen", GABOR, {"space": "$6", "workers": 2}),
        Event("place", GABOR, {"space": "$6", "workers": 3}),
        Event("money", GABOR, {"marks": 6}),
    ]


# --- E2 -----------------------------------------------------------------------------------------
def test_E2_tunnel():
    """E2 (R-TUNNEL-1…4): a two-grey-cart tile costs 6 Marks, gets 2 grey cubes and goes into the
    grey row on the light side."""
    state = PositionBuilder(players=3, seed=1).tile_space(3, "G2L").turn(GABOR).build()
    next_tile = TILES[state.tile_deck[0]].code
    grey_supply = state.supply[GREY]

    events = state.apply("place F3")

    assert state.money[GABOR] == 9 - 6
    assert [TILES[k].code for k in state.tiles[GABOR]] == ["G2L"]
    assert TILES[state.tiles[GABOR][0]].side == LIGHT
    assert state.carts[GABOR][GREY] == [GREY, GREY, GREY]  # printed cart + two new carts
    assert position_to_dict(state)["seats"][GABOR]["carts"] == ["Y", "B", "GGG", "K"]
    assert state.supply[GREY] == grey_supply - 2
    assert events == [
        Event("place", GABOR, {"space": "F3", "workers": 1}),
        Event("buy_tile", GABOR, {"tile": "G2L", "marks": 6}),
        Event("refill", None, {"space": "F3", "tile": next_tile}),
    ]


# --- E3 -----------------------------------------------------------------------------------------
def test_E3_mining():
    """E3 (R-MINE-1, R-MINE-2): eight steps on the 8-step space; the yellow cube stays in the
    cage and both grey slots are filled."""
    state = (
        PositionBuilder(players=3, seed=1)
        .tiles(GABOR, "G1L")  # level 3: the printed grey cart and one grey tile cart
        .orders(GABOR, "W7GG")
        .turn(GABOR)
        .build()
    )
    events = state.apply("place M8")
    assert state.phase == "mine" and state.steps_left == 8
    assert of_kind(events, "mining") == [Event("mining", GABOR, {"steps": 8})]

    steps = [
        "cage 3", "load G", "load G", "cage 1", "load Y", "cage 0",
        "fill W7GG:G cG", "fill W7GG:G cG",
    ]  # fmt: skip
    for done, step in enumerate(steps, start=1):
        events = state.apply(step)
        assert state.steps_left == 8 - done
    assert of_kind(events, "fill") == [
        Event("fill", GABOR, {"order": "W7GG", "slot": GREY, "cubes": (("c", GREY),)})
    ]

    assert state.cage[GABOR] == [1, 0, 0, 0]  # the yellow cube stays in the cage
    assert state.cage_level[GABOR] == 0
    assert state.carts[GABOR][GREY] == [EMPTY_CART, EMPTY_CART]
    assert state.carts[GABOR][YELLOW] == [EMPTY_CART]
    assert state.outstanding[GABOR] == [[card("W7GG"), [(GREY,), (GREY,)]]]
    assert state.phase == "place" and state.current == ZSOFI  # steps used up: turn passes


# --- E4 -----------------------------------------------------------------------------------------
def test_E4_delivery():
    """E4 (R-DELIVER-1, R-DELIVER-2): two complete carriage orders (9 and 10 VP, 7 cubes, one
    slot holding two cubes) are delivered together for 19 VP; the incomplete 4-VP one stays."""
    state = (
        PositionBuilder(players=3, seed=1)
        .orders(GABOR, "C9KK", "C10YBGK", "C4G")
        .fill(GABOR, "C9KK", "K", "K")
        .fill(GABOR, "C10YBGK", "Y", "B", "G", "YY")  # the black slot holds two yellow cubes
        .turn(GABOR)
        .build()
    )
    supply = state.supply[:]

    events = state.apply("place DC")

    assert state.score[GABOR] == 19
    assert state.ledger[GABOR] == [("order", 9, "C9KK"), ("order", 10, "C10YBGK")]
    assert sum(state.supply) - sum(supply) == 7
    assert [a - b for a, b in zip(state.supply, supply, strict=True)] == [3, 1, 1, 2]  # Y, B, G, K
    assert state.delivered[GABOR] == [card("C9KK"), card("C10YBGK")]
    assert [held[0] for held in state.outstanding[GABOR]] == [card("C4G")]
    assert of_kind(events, "deliver") == [
        Event("deliver", GABOR, {"order": "C9KK", "vp": 9}),
        Event("deliver", GABOR, {"order": "C10YBGK", "vp": 10}),
    ]


# --- E5 -----------------------------------------------------------------------------------------
def test_E5_shift_scoring():
    """E5 (R-SHIFT-2, R-SHIFT-5): transport segments at the end of shift II. Wheelbarrow icons
    Zsófi 3, Péter 3, Gábor 2 → Zsófi and Péter 6 each, Gábor nothing; carriage icons Gábor 6,
    Zsófi 1, Péter 1 → Gábor 7, Zsófi 3, Péter 3; no truck or train icons → nobody scores."""
    builder = (
        PositionBuilder(players=3, seed=1)
        .delivered(GABOR, "W7GG", "C10YBGK", "C9KK")  # as in the rulebook: 2 and 4+2 icons
        .delivered(ZSOFI, "W7BBB", "C2Y")
        .delivered(PETER, "W9GGG", "C3B")
    )
    state = last_worker_placed(builder, PETER, shift=2)

    events = state.apply("place BANK")

    transport_vp = [state.result().players[p].shifts[1][4:8] for p in (GABOR, ZSOFI, PETER)]
    assert transport_vp == [[0, 7, 0, 0], [6, 3, 0, 0], [6, 3, 0, 0]]
    ledger_5_to_8 = {
        (p, detail[1]): (points, detail[2])
        for p in range(3)
        for category, points, detail in state.ledger[p]
        if category == "shift" and detail[0] == 2 and 5 <= detail[1] <= 8
    }
    assert ledger_5_to_8 == {
        (ZSOFI, 5): (6, 3), (PETER, 5): (6, 3),
        (GABOR, 6): (7, 6), (ZSOFI, 6): (3, 1), (PETER, 6): (3, 1),
    }  # fmt: skip
    segments = {e.data["segment"]: e.data for e in of_kind(events, "segment")}
    assert sorted(segments) == list(range(1, 9))  # after shift II: segments 1–8
    assert segments[5]["counts"] == [2, 3, 3]
    assert segments[5]["awarded"] == [[ZSOFI, 1, 6], [PETER, 1, 6]]
    assert segments[6]["counts"] == [6, 1, 1]
    assert segments[6]["awarded"] == [[GABOR, 1, 7], [ZSOFI, 2, 3], [PETER, 2, 3]]
    assert segments[7]["awarded"] == [] and segments[8]["awarded"] == []


# --- E6 -----------------------------------------------------------------------------------------
def test_E6_start_player():
    """E6 (R-SHIFT-7): workers on the tunnel-expansion spaces Gábor 5, Zsófi 4, Péter 2 →
    Gábor starts the next shift."""
    builder = (
        PositionBuilder(players=3, seed=1, start_player=ZSOFI)
        .on_space("F1", GABOR, 2)
        .on_space("F*", GABOR, 3)
        .on_space("F3", ZSOFI, 4)
        .on_space("F5", PETER, 2)
    )
    state = last_worker_placed(builder, PETER, shift=1)

    events = state.apply("place BANK")

    assert state.start_player == GABOR
    assert of_kind(events, "start_player") == [Event("start_player", GABOR, {})]
    assert state.shift == 2 and state.phase == "place" and state.current == GABOR
    assert state.workers == [15, 15, 15]  # everybody's workers come home
    assert state.canteen == [0, 0, 0] and state.bank_workers == [0, 0, 0]
    assert not any(state.space_count)


# --- E7 -----------------------------------------------------------------------------------------
def e7_builder():
    """Gábor's mine at the end of the game: 7 Marks; 4 cubes (one on an order, one in a cart,
    one in the cage, one in storage); 1 undelivered order; 7 light and 4 dark tiles."""
    return (
        PositionBuilder(players=3, seed=1)
        .money(GABOR, 7)
        .tiles(GABOR, "Y1L", "Y1L", "Y1L", "B1L", "B1L", "B1L", "G1L", cubes=False)
        .tiles(GABOR, "Y1D", "Y1D", "Y1D", "B1D", cubes=False)
        .empty_carts(GABOR, 2)
        .empty_carts(GABOR, 3)
        .empty_carts(GABOR, 4)  # only the printed yellow cart keeps its cube
        .cage(GABOR, level=0, cubes="B")
        .storage(GABOR, "G")
        .orders(GABOR, "W3YY")
        .fill(GABOR, "W3YY", "Y", "")
    )


E7_ITEMS = {"end_money": 1, "end_cubes": 1, "end_orders": -1, "end_balance": -6}


def test_E7_end_items():
    """E7 (R-END-1…4) computed on the position: +1, +1, −1, −6."""
    state = e7_builder().build()
    assert sum(state.cubes_in_mine(GABOR)) == 1
    assert end_items(state, GABOR) == E7_ITEMS


def test_E7_end_scoring():
    """E7 played out: the last turn of shift III ends the game; Gábor's end items are +1 (money),
    +1 (cubes), −1 (orders), −6 (balance), and 2 Marks are kept for the tie-break."""
    state = last_worker_placed(e7_builder(), GABOR, shift=3)
    state.apply("place M6")
    events = state.apply("stop")

    assert state.is_over
    mine = state.result().players[GABOR]
    assert mine.end == E7_ITEMS
    assert mine.tie_break_marks == 2
    ends = [e for e in of_kind(events, "end_scoring") if e.player == GABOR]
    assert ends == [Event("end_scoring", GABOR, {**E7_ITEMS, "marks_left": 2})]
    assert [entry for entry in state.ledger[GABOR] if entry[0].startswith("end_")] == [
        ("end_money", 1, None), ("end_cubes", 1, None),
        ("end_orders", -1, None), ("end_balance", -6, None),
    ]  # fmt: skip
    assert mine.score == mine.orders + mine.shift_total + sum(E7_ITEMS.values())


def test_E5_colour_segments_match_the_rulebook_text():
    """E5 context (R-SHIFT-2): the rulebook says Gábor's delivered orders carry 3 grey, 3 black,
    1 yellow and 1 brown icon (the same cards as in test_E5)."""
    from gluckauf.core.scoring import segment_counts

    state = PositionBuilder(players=3, seed=1).delivered(GABOR, "W7GG", "C10YBGK", "C9KK").build()
    counts = segment_counts(state)[GABOR]
    assert [counts[c] for c in (YELLOW, BROWN, GREY, BLACK)] == [1, 1, 3, 3]
    assert list(counts[4:8]) == [2, 6, 0, 0]
