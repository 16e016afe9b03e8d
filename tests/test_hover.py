"""Hover texts (widgets.hover): every clickable thing of the board says, in plain words, what it
is and what it would do for the player now — with the engine's refusal where it would do
nothing — and never shows an order or tile code or the notation.

States are sampled from random 2-, 3- and 4-player games (draft, placing, mining, F★/O★
choices, game over) plus a built position waiting for a substitute cube; specific sentences
are checked on positions built with PositionBuilder.
"""

from __future__ import annotations

import re

import pytest
from helpers import random_moves, states_by_phase, translate_with

from gluckauf import new_game
from gluckauf.core.actions import Place
from gluckauf.core.builder import PositionBuilder
from gluckauf.core.components import SPACE_BY_CODE
from gluckauf.core.rules import open_spaces, workers_needed
from gluckauf.core.state import GameState
from widgets import hover
from widgets.geometry import layout
from widgets.hover import describe_target
from widgets.labels import WIDGETS

ORDER_CODE = re.compile(r"\b[WCTR]\d{1,2}[YBGK]{1,4}\b")
TILE_CODE = re.compile(r"\b[YBGK][12][LD]\b")
NOTATION = re.compile(
    r"\b(place|draft|choose|cube|cage|load|store|fill) ([A-Z$][\w$*]*|-|\d)(\s|$|:)"
    r"|\b[cs][YBGK]\b|\w+:[YBGK]\b"
    r"|\b(space|slot|cart|cage|stock|storage|level|draft|choice|supply|mine):\S"
    r"|\b(M4|M6|M8|M10|DW|DC|DT|DR|BANK)\b|\$\d|\b[FO]\*"
)


def cube_phase_state() -> GameState:
    """A new yellow cart waits for a cube: the supply has no yellow cube but three other
    colours (R-TUNNEL-2)."""
    state = PositionBuilder(players=3, seed=4).storage(1, "Y" * 13).tile_space(1, "Y1L").build()
    state.apply(Place("F1"))
    assert state.phase == "cube"
    return state


def sampled_states() -> list[GameState]:
    """A few states of every phase from each of four random games, the cube decision, and
    each game's end."""
    games = ((2, 11), (3, 12), (4, 13), (3, 14))
    return [cube_phase_state(), *states_by_phase(games, per_phase=4, every=5, history=False)]


STATES = sampled_states()


def plain_words_problems(text: str) -> list[str]:
    problems = []
    if not text:
        problems.append("empty")
    for name, pattern in (
        ("order code", ORDER_CODE),
        ("tile code", TILE_CODE),
        ("notation", NOTATION),
    ):
        found = pattern.search(text)
        if found:
            problems.append(f"{name} {found.group(0)!r}")
    if "{" in text or "}" in text:
        problems.append("an unfilled template")
    if text and (not (text[0].isupper() or text[0].isdigit()) or text[-1] not in ".)"):
        problems.append("not whole sentences")
    return problems


def test_the_samples_cover_every_phase():
    assert {state.phase for state in STATES} == {"draft", "place", "mine", "choose", "cube", "over"}
    assert {state.players for state in STATES} == {2, 3, 4}


def test_every_target_has_a_plain_description():
    """Each clickable box of every sampled state, with the player to act's mine and another
    player's mine featured: a non-empty text in whole sentences, no codes, no notation."""
    bad = []
    for state in STATES:
        for featured in {state.current, (state.current + 1) % state.players}:
            for target in sorted(layout(state, featured=featured).targets()):
                text = describe_target(target, state)
                problems = plain_words_problems(text)
                if problems:
                    bad.append(f"{state.phase} {target}: {problems}: {text!r}")
    assert not bad, "\n".join(bad[:20])


def test_the_plain_words_check_catches_codes():
    assert plain_words_problems("Take C9KK now.")
    assert plain_words_problems("A G2L tile.")
    assert plain_words_problems("Type place M8.")
    assert plain_words_problems("Type fill W3YY:Y cY.")
    assert plain_words_problems("Hover space:F3.")
    assert plain_words_problems("Money: take {marks}.")
    assert not plain_words_problems(
        "Tile space F3: the tile costs 8 Marks, you have 5. (R-TURN-3, R-TUNNEL-1)"
    )


def test_spaces_say_the_engines_refusal_exactly_when_they_cannot_be_used():
    checked = {"usable": 0, "refused": 0, "locked": 0}
    for state in STATES:
        for target in layout(state).targets():
            if not target.startswith("space:"):
                continue
            code = target.partition(":")[2]
            space = SPACE_BY_CODE[code]
            text = describe_target(target, state)
            refusal = state.why_not(Place(code))
            if space not in open_spaces(state.players):
                checked["locked"] += 1
                assert f"locked in a {state.players}-player game" in text
                assert "R-SETUP-1" in text
            elif refusal is None:
                checked["usable"] += 1
                assert "R-TURN-3" not in text and "R-SETUP-1" not in text, text
                assert "is over" not in text and "First" not in text, text
                need = workers_needed(state, space)
                assert (f"takes {need} workers now" in text) == (need > 1), text
            else:
                checked["refused"] += 1
                assert hover._refusal_text(refusal) in text, text
                assert all(rule in text for rule in refusal.rules), text
    assert min(checked.values()) >= 10, checked


def test_the_refusal_is_in_words():
    state = PositionBuilder(players=3, seed=1).tile_space(3, "K2D").money(0, 5).build()
    refusal = state.why_not(Place("F3"))
    assert str(refusal).startswith("Tile space F3: the tile costs 8 Marks, you have 5.")
    assert hover._refusal_text(refusal) == (
        "Tile space F3: the tile costs 8 Marks, you have 5. (R-TURN-3, R-TUNNEL-1)"
    )


# --- worker spaces -------------------------------------------------------------------------------
def test_the_truck_with_and_without_a_complete_order():
    builder = PositionBuilder(players=3, seed=1).orders(0, "T9KK", "T3B", "W2Y")
    none = builder.build()
    text = describe_target("space:DT", none)
    assert text.startswith("Truck: delivers all your complete truck orders")
    assert "none of your 2 truck orders is complete yet" in text
    assert "(R-TURN-3, R-DELIVER-1)" in text
    assert "would deliver" not in text

    one = builder.fill(0, "T9KK", "K", "K").build()
    text = describe_target("space:DT", one)
    assert "It would deliver your 9-VP truck order (black, black) now (9 VP)." in text
    assert "R-TURN-3" not in text
    assert "9-VP truck order" not in describe_target("space:DW", one)

    both = builder.fill(0, "T3B", "B").build()
    text = describe_target("space:DT", both)
    assert (
        "It would deliver your 9-VP truck order (black, black) and your 3-VP truck order "
        "(brown) now (12 VP)."
    ) in text


def test_a_transport_you_hold_no_order_of():
    state = PositionBuilder(players=3, seed=1).orders(0, "T9KK").build()
    text = describe_target("space:DR", state)
    assert "you have no train orders to deliver" in text
    assert "R-DELIVER-1" in text


def test_a_tile_you_can_and_cannot_afford():
    builder = PositionBuilder(players=3, seed=1).tile_space(3, "K2D")
    rich = builder.money(0, 9).build()
    assert describe_target("space:F3", rich) == (
        "A dark-side tile with 2 black carts for 8 Marks: its carts come with 2 black cubes "
        "(R-TUNNEL-1). You have 9 Marks."
    )
    poor = builder.money(0, 5).build()
    text = describe_target("space:F3", poor)
    assert text.startswith("A dark-side tile with 2 black carts for 8 Marks")
    assert "the tile costs 8 Marks, you have 5" in text and "(R-TURN-3, R-TUNNEL-1)" in text
    assert "You have 5 Marks." not in text  # the refusal says it already


def test_a_tile_when_its_colour_runs_short():
    state = PositionBuilder(players=3, seed=1).storage(1, "Y" * 12).tile_space(2, "Y2L").build()
    assert state.supply[0] == 1
    text = describe_target("space:F2", state)
    assert (
        "the supply has only 1 yellow cube left, so a cart may get a cube of another colour" in text
    )


def test_one_tile_cart_and_one_mark():
    state = PositionBuilder(players=3, seed=1).tile_space(1, "Y1D").money(0, 1).build()
    text = describe_target("space:F1", state)
    assert "tile with 1 yellow cart for 1 Mark: its cart comes with a yellow cube" in text
    assert "You have 1 Mark." in text


def test_an_empty_tile_space():
    state = PositionBuilder(players=3, seed=1).tile_space(3, None).build()
    assert describe_target("space:F3", state) == (
        "A tile space of the tunnel expansion, where tiles are for sale (R-TUNNEL-1). Tile "
        "space F3: there is no tile on this space any more. (R-TURN-3, R-TUNNEL-4)"
    )
    mining = PositionBuilder(players=3, seed=1).tile_space(3, None).mining(0, 4).build()
    assert "It is empty now." in describe_target("space:F3", mining)


def test_locked_spaces():
    two = PositionBuilder(players=2, seed=1).build()
    assert describe_target("space:M4", two) == (
        "The 4-step mining space is locked in a 2-player game: nobody can use it (R-SETUP-1)."
    )
    assert "locked" in describe_target("space:O1", two)
    three = PositionBuilder(players=3, seed=1).build()
    assert "locked in a 3-player game" in describe_target("space:F8", three)
    assert "locked" not in describe_target("space:F4", three)
    assert "locked" not in describe_target("space:M8", PositionBuilder(players=4).build())


def test_mining_spaces_and_crowded_spaces():
    state = PositionBuilder(players=3, seed=1).on_space("M8", 1, 2).on_space("M6", 0, 1).build()
    assert describe_target("space:M10", state) == (
        "Mining, 10 work steps: move your cage, load coal and fill orders (R-MINE-1)."
    )
    assert describe_target("space:M8", state) == (
        "Mining, 8 work steps: move your cage, load coal and fill orders (R-MINE-1). It takes "
        "3 workers now: one more than Zsófi's 2 there, who go to the canteen (R-TURN-2)."
    )
    assert "one more than your 1 there" in describe_target("space:M6", state)
    short = PositionBuilder(players=3, seed=1).on_space("M8", 1, 2).workers(0, 2).build()
    text = describe_target("space:M8", short)
    assert "Mining, 8 work steps" in text
    assert "needs 3 workers" in text and "you have 2" in text and "R-TURN-2" in text


def test_money_bank_and_order_spaces():
    state = (
        PositionBuilder(players=3, seed=1)
        .money(0, 7)
        .order_space(2, "W7GG")
        .orders(0, "T2Y")
        .build()
    )
    assert describe_target("space:$4", state) == (
        "Money: take 4 Marks from the bank (R-MONEY-1). You have 7 Marks."
    )
    assert describe_target("space:BANK", state).startswith(
        "The bank building: 1 worker takes 1 Mark"
    )
    assert describe_target("space:O2", state) == (
        "Order space O2 shows a 7-VP wheelbarrow order (grey, grey): take it into your hand, "
        "fill it with coal and deliver it by wheelbarrow for 7 VP (R-ORDER-1). You have 1 "
        "order in hand."
    )
    text = describe_target("space:O*", state)
    assert text.startswith(
        "The special order space O★: look at the top 5 orders of the deck "
        "and take one or none (R-ORDER-2)."
    )
    assert f"{len(state.order_deck)} orders left in the deck." in text
    assert (
        "look at the top 5 tiles of the deck and buy one or none (R-TUNNEL-5)"
        in describe_target("space:F*", state)
    )


def test_another_seat_hears_its_own_facts_and_whose_turn_it_is():
    state = PositionBuilder(players=3, seed=1).money(1, 3).build()
    text = describe_target("space:$4", state, seat=1)
    assert "You have 3 Marks." in text
    assert "It is Gábor's turn (R-TURN-1)." in text
    assert "It is" not in describe_target("space:$4", state)


def test_spaces_outside_placing_say_the_decision_at_hand():
    state = PositionBuilder(players=3, seed=1).mining(0, steps=6).build()
    text = describe_target("space:$4", state)
    assert text.startswith("Money: take 4 Marks from the bank (R-MONEY-1).")
    assert "You are mining: take a work step or stop (6 steps left). (R-MINE-1)" in text
    draft = new_game(3, seed=1)
    text = describe_target("space:O2", draft)
    assert "It gets its order when the draft is over (R-SETUP-4)." in text


# --- the mine ------------------------------------------------------------------------------------
def mining_position() -> GameState:
    return (
        PositionBuilder(players=3, seed=1)
        .orders(0, "W7GG", "C10YBGK")
        .fill(0, "W7GG", "G", "")
        .fill(0, "C10YBGK", "YB", "", "", "")
        .tiles(0, "G1L")
        .empty_carts(0, 3)
        .cage(0, level=3, cubes="B")
        .storage(0, "KK")
        .mining(0, steps=5)
        .build()
    )


def test_order_slots():
    state = mining_position()
    assert describe_target("slot:0:W7GG:1", state) == (
        "A grey slot of your 7-VP wheelbarrow order: put a grey cube here, or two cubes of any "
        "colours (R-MINE-3). It is still empty; 1 of the order's 2 slots is filled. To fill "
        "it, click a cube in your cage or storage, then this slot."
    )  # two black cubes would
    assert describe_target("slot:0:W7GG:0", state).startswith(
        "A grey slot of your 7-VP wheelbarrow order, filled with a grey cube; cubes on an "
        "order stay there until it is delivered (R-MINE-4)."
    )
    assert "filled with a yellow cube and a brown cube" in describe_target(
        "slot:0:C10YBGK:0", state
    )
    # with one step left only a matching cube fills a slot: the black ones fit the black slot
    one_step = (
        PositionBuilder(players=3, seed=1)
        .orders(0, "C10YBGK")
        .storage(0, "KK")
        .mining(0, steps=1)
        .build()
    )
    assert "To fill it, click a cube" in describe_target("slot:0:C10YBGK:3", one_step)
    assert "To fill it" not in describe_target("slot:0:C10YBGK:2", one_step)
    assert "To fill it" not in describe_target(
        "slot:0:C10YBGK:2",
        PositionBuilder(players=3, seed=1).orders(0, "C10YBGK").storage(0, "KK").build(),
    )  # not mining
    complete = (
        PositionBuilder(players=3, seed=1).orders(0, "T9KK").fill(0, "T9KK", "K", "K").build()
    )
    assert "The order is complete: deliver it by truck for 9 VP (R-DELIVER-1)." in describe_target(
        "slot:0:T9KK:1", complete
    )


def test_carts_levels_cage_and_storage_while_mining():
    state = mining_position()
    # level 3: the new tile's cart was emptied, the printed cart is full; the cage is there
    assert describe_target("cart:0:3:1", state) == (
        "An empty cart at level 3: it is never refilled, and empty carts score in shift III "
        "(R-TUNNEL-6, R-SHIFT-3)."
    )
    assert describe_target("cart:0:3:0", state) == (
        "A cart at level 3 with a grey cube. Click it to load the cube into your cage (1 step, "
        "R-MINE-2)."
    )
    assert describe_target("cart:0:1:0", state) == (
        "A cart at level 1 with a yellow cube. Your cage is at level 3 (grey): move it here "
        "first (1 step), then load (R-MINE-2)."
    )
    assert describe_target("level:0:3", state) == (
        "Level 3 of your mine (grey coal): 1 cart with coal and 1 empty. The cage is here, "
        "with 1 cube in it."
    )
    assert describe_target("level:0:0", state).endswith(
        "Moving the cage here costs 1 step (5 steps left, R-MINE-2)."
    )
    text = describe_target("cage:0:1", state)
    assert text.startswith("A brown cube in your cage (1 of 5 places used).")
    assert "Cubes go into storage only at the surface; the cage is at level 3. (R-MINE-2)" in text
    assert describe_target("stock:0:3", state) == (
        "2 black cubes in your storage, waiting to go onto an order (R-MINE-2). Click one, "
        "then an order slot (R-MINE-2)."
    )
    assert "It holds 2 black cubes." in describe_target("storage:0", state)
    assert describe_target("stop", state) == (
        "Stop mining: end your mining now; the 5 steps left are lost (R-MINE-1)."
    )


def test_a_full_cage_and_the_surface():
    full = PositionBuilder(players=3, seed=1).cage(0, level=2, cubes="BBYYG").mining(0, 4)
    text = describe_target("cart:0:1:0", full.build())
    assert "The cage is full: it holds at most 5 cubes. (R-MINE-2)" in text
    up = (
        PositionBuilder(players=3, seed=1)
        .orders(0, "W2Y")
        .cage(0, level=0, cubes="Y")
        .mining(0, 4)
        .build()
    )
    assert "Click it, then an order slot or the storage (R-MINE-2)." in describe_target(
        "cage:0:0", up
    )
    assert "Click a cube in your cage, then here (1 step)." in describe_target("storage:0", up)
    assert "The cage is here, with 1 cube in it." in describe_target("level:0:0", up)


def test_the_mine_outside_mining():
    state = PositionBuilder(players=3, seed=1).cage(0, level=2, cubes="B").build()
    assert "While mining, moving the cage here costs 1 step (R-MINE-2)." in describe_target(
        "level:0:4", state
    )
    assert "Mining loads it into the cage" in describe_target("cart:0:4:0", state)
    assert "Click" not in describe_target("cage:0:1", state)


def test_another_players_mine():
    state = (
        PositionBuilder(players=3, seed=1, names=["Ann", "Zsófi", "Bo"])
        .orders(1, "W7GG", "T2Y")
        .delivered(1, "C2Y")
        .money(1, 12)
        .score(1, 12)
        .cage(1, level=2, cubes="BB")
        .storage(1, "G")
        .tiles(1, "Y1L")
        .build()
    )
    assert describe_target("mine:1", state) == (
        "Zsófi's mine: 12 VP, 12 Marks, 2 orders in hand and 1 delivered, 1 tile, 15 workers "
        "left. The cage is at level 2 (brown), with 2 cubes in it; 1 cube in storage."
    )
    # Zsófi's mine featured while Ann is to act: named, and no click offered
    text = describe_target("slot:1:W7GG:0", state)
    assert text.startswith("A grey slot of Zsófi's 7-VP wheelbarrow order")
    assert "Click" not in describe_target("cage:1:1", state)
    assert describe_target("cage:1:1", state).startswith("A brown cube in Zsófi's cage")


# --- panel and supply --------------------------------------------------------------------------
def test_the_supply():
    state = new_game(3, seed=1)
    assert describe_target("supply:1", state).startswith("13 brown cubes left in the supply")
    cube = cube_phase_state()
    assert describe_target("supply:0", cube) == "The supply has no yellow cubes left. (R-TUNNEL-2)"
    assert describe_target("supply:2", cube).startswith(
        f"{cube.supply[2]} grey cubes left in the supply: click to put one on your new yellow "
        "cart instead"
    )


def test_the_draft():
    state = new_game(3, seed=1)
    code = next(t for t in layout(state).targets() if t.startswith("draft:"))
    text = describe_target(code, state)
    assert ", in the draft: take it as one of your starting orders" in text
    assert "R-SETUP-4" in text
    other = describe_target(code, state, seat=(state.current + 1) % 3)
    assert f"It is {state.names[state.current]}'s turn" in other


def test_the_tile_choice():
    state = (
        PositionBuilder(players=3, seed=1).money(0, 5).looking_at(0, "tile", "G2L", "Y1D").build()
    )
    text = describe_target("choice:0", state)
    assert text.startswith(
        "A light-side tile with 2 grey carts for 6 Marks, one of the tiles you are looking at"
    )
    assert "the tile costs 6 Marks, you have 5" in text and "R-TUNNEL-1" in text
    affordable = describe_target("choice:1", state)
    assert "Click it to buy it" in affordable and "R-TUNNEL-1" not in affordable
    assert "Click it to buy it" not in text  # not for the tile the player cannot pay for
    assert describe_target("choice:none", state) == (
        "Take no tile and put back what you are looking at (2 tiles) (R-TUNNEL-5)."
    )
    assert "on top of the deck" in describe_target("choice:top", state)
    assert "at the bottom of the deck" in describe_target("choice:bottom", state)


def test_the_order_choice():
    state = PositionBuilder(players=2, seed=1).looking_at(0, "order", "T9KK").build()
    assert describe_target("choice:0", state) == (
        "A 9-VP truck order (black, black), one of the orders you are looking at: take it, "
        "fill it with coal and deliver it by truck for 9 VP (R-ORDER-2)."
    )
    assert "(1 order)" in describe_target("choice:none", state)


def test_game_over():
    state = random_moves(new_game(2, seed=5), 2000, seed=5)
    assert state.is_over
    assert "The game is over" in describe_target("space:$4", state)
    assert "R-SHIFT-1" in describe_target("space:M6", state)


@pytest.mark.parametrize(
    "target",
    [
        "",
        "bogus",
        "space:X9",
        "space:",
        "cart:0:9:0",
        "cart:7:1:0",
        "cart:0:1:5",
        "slot:0:W2Y:0",
        "slot:0:C9KK:x",
        "choice:0",
        "choice:top",
        "draft:W2Y",
        "stop:1",
        "cage:0:1:2",
        "cage:0:1",
        "stock:0:2",
        "supply:7",
        "supply:x",
        "mine:9",
        "level:0:5",
        "level:x:1",
    ],
)
def test_unknown_ids_give_nothing(target):
    state = PositionBuilder(players=3, seed=1).build()
    assert describe_target(target, state) == ""


def test_a_translation_table_is_used_and_english_fills_its_gaps(monkeypatch):
    state = PositionBuilder(players=3, seed=1).build()
    translate_with(monkeypatch, WIDGETS, {"hover.space.money": "Geld: {marks} (R-MONEY-1)."})
    assert describe_target("space:$4", state).startswith("Geld: ")
    assert "(R-MONEY-1)." in describe_target("space:$4", state)
    assert describe_target("space:M6", state).startswith("Mining, 6 work steps")
