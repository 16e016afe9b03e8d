"""Lesson 3 — tunnel expansion (R-TUNNEL-1 … R-TUNNEL-6, and a first look at R-END-4):
positions and checks."""

from __future__ import annotations

from typing import Any

from gluckauf.core.actions import Choose, Place
from gluckauf.core.builder import PositionBuilder
from gluckauf.core.components import (
    GREY,
    LIGHT,
    SPACE_BY_CODE,
    TILE_BY_CODE,
    TILES,
)
from gluckauf.core.state import GameState
from gluckauf.text.messages import capital, say
from gluckauf.text.words import describe_action, space_name, tile_name

from . import Feedback, Puzzle, check_number, right, wrong
from .exercises import exercise
from .phrases import TUTORIAL

GABOR, ZSOFI, PETER = 0, 1, 2

TEXT = TUTORIAL.texts(
    "tunnels",
    {
        # buy a grey tile you can afford
        "grey_done": "Well done! {tile} cost {price} Marks: 1 cart × 3 Marks for grey "
        "(R-TUNNEL-1). A grey cube from the supply went onto its cart (R-TUNNEL-2), and the tile "
        "joined your grey row, level 3, on the {side} side (R-TUNNEL-3). {space} was refilled at "
        "once from the deck: it now shows {refill} (R-TUNNEL-4).",
        "grey_colour": "You bought {tile}. Grey coal lies on level 3: look for a tile with grey "
        "carts. Press “Start again” and try once more.",
        "grey_not_a_tile": "You placed workers on {space}. This time buy a tile: click one of the "
        "tile spaces in the top row. Press “Start again” first.",
        # price of a 2-cart black tile
        "price_explain": "2 carts × 4 Marks for black = 8 Marks (R-TUNNEL-1).",
        "price_4": "4 Marks is the price of one black cart, and this tile has 2 carts.",
        "price_2": "2 is the number of carts. What does each black cart cost?",
        "price_6": "6 Marks buys a 2-cart grey tile. Black coal lies deepest and costs 4 Marks "
        "a cart.",
        # keep your mine balanced
        "balance_done": "Right: you bought {tile}. It has no lantern, so it went on the dark "
        "side, right of the shaft. Your mine now has {light} light and {dark} dark tiles: no "
        "balance penalty at all (R-END-4).",
        "balance_light": "You bought {tile}. It has a lantern, so it went on the light side, left "
        "of the shaft. Now you have {light} light and {dark} dark tiles — a difference of {diff}, "
        "which would cost {penalty} VP at the end of the game (R-END-4). Press “Start again” and "
        "pick a tile for the dark side.",
        "balance_not_a_tile": "You placed workers on {space}. This time buy a tile on one of the "
        "tile spaces. Press “Start again” first.",
        # F★
        "star_done": "Perfect! You bought {tile} and put the other four back on top of the deck, "
        "{top} first: it is the next tile to come up on the board (R-TUNNEL-5, R-TUNNEL-4).",
        "star_none": "You took no tile. That is allowed (R-TUNNEL-5), but your mine stays "
        "unbalanced. Press “Start again” and take the dark tile you can pay for.",
        "star_light": "With {tile} you would have {light} light and {dark} dark tiles. Press "
        "“Start again” and take the dark tile you can pay for.",
        "star_bottom": "You took the right tile, but put the others at the bottom: the next tile "
        "to come up is now the deck's old top tile, {top}. Press “Start again”: this time finish "
        "with “Put the rest back on top”.",
        "star_order": "You took the right tile and put the rest on top — but the very top tile is "
        "now {top}. After taking the tile, click {want} first, then the other three, then “Put "
        "the rest back on top”. Press “Start again” and try once more.",
    },
)


def _back_to(state: GameState, moves: int) -> GameState:
    """A copy of ``state`` as it was after the first ``moves`` moves of the puzzle."""
    earlier = state.copy()
    while len(earlier.history) > moves:
        earlier.undo()
    return earlier


def _light_dark(state: GameState, player: int) -> tuple[int, int]:
    light = sum(1 for kind in state.tiles[player] if TILES[kind].side == LIGHT)
    return light, len(state.tiles[player]) - light


def _bought(state: GameState) -> tuple[str, str | None]:
    """The space of the puzzle's first move, in words, and the code of the tile it bought
    (None if no tile)."""
    action = state.history[0]
    if not isinstance(action, Place):
        return describe_action(action, _back_to(state, 0)), None
    space = SPACE_BY_CODE[action.space]
    if not action.space.startswith("F") or space.is_special:
        return space_name(action.space), None
    kind = _back_to(state, 0).tile_spaces[space.value]
    return space_name(action.space), None if kind is None else TILES[kind].code


# --- 1. buy a grey tile you can afford ------------------------------------------------------
GREY_SPACES = ("K1D", "G2L", "Y2D", "G1D", "B2L", "G2D", "K2L")  # F1–F7


@exercise
def grey_puzzle() -> Puzzle:
    """Gábor has 5 Marks. Of the three grey tiles on the board only G1D (3 Marks) is
    affordable; yellow, brown and black tiles are there to tempt."""
    builder = PositionBuilder(players=3, seed=8).money(GABOR, 5)
    for number, code in enumerate(GREY_SPACES, start=1):
        builder.tile_space(number, code)
    return Puzzle(
        builder.turn(GABOR).build(), _grey_goal, final_wrong=True
    )  # the first buy decides


def _grey_goal(state: GameState) -> Feedback:
    space, code = _bought(state)
    if code is None:
        return wrong(TEXT.say("grey_not_a_tile", space=space))
    tile = TILE_BY_CODE[code]
    if tile.colour != GREY:
        return wrong(TEXT.say("grey_colour", tile=tile_name(code)))
    code_of_space = state.history[0].space  # type: ignore[union-attr]
    refill = _back_to(state, 1).tile_spaces[SPACE_BY_CODE[code_of_space].value]
    return right(
        TEXT.say(
            "grey_done",
            tile=capital(tile_name(code, "the")),
            price=tile.price,
            side=say(f"name.side.{tile.side}"),
            space=capital(space),
            refill="nothing (the deck is empty)"
            if refill is None
            else tile_name(TILES[refill].code),
        )
    )


# --- 2. the price of a tile -------------------------------------------------------------------
def check_black_price(answer: Any) -> Feedback:
    """What does a tile with two black carts cost?"""
    return check_number(
        answer,
        TILE_BY_CODE["K2D"].price,
        explain=TEXT["price_explain"],
        common={4: TEXT["price_4"], 2: TEXT["price_2"], 6: TEXT["price_6"]},
    )


@exercise
def black_price_question() -> Any:
    """The exercise: a number box for :func:`check_black_price`."""
    from .ask import TEXT as ASK
    from .ask import ask_number

    return ask_number(check_black_price, unit=ASK["unit_marks"])


# --- 3. keep the mine balanced ---------------------------------------------------------------
BALANCE_SPACES = ("Y1L", "K2D", "B1D", "G2L", "Y2D", "K1L", "G1D")  # F1–F7


@exercise
def balance_puzzle() -> Puzzle:
    """Gábor (6 Marks) has 2 light tiles and 1 dark tile. Any dark tile he can pay for
    (B1D, Y2D, G1D) balances his mine; K2D (8 Marks) is too dear."""
    builder = PositionBuilder(players=3, seed=9).money(GABOR, 6).tiles(GABOR, "Y1L", "B2L", "G1D")
    for number, code in enumerate(BALANCE_SPACES, start=1):
        builder.tile_space(number, code)
    return Puzzle(builder.turn(GABOR).build(), _balance_goal, final_wrong=True)  # the first buy


def _balance_goal(state: GameState) -> Feedback:
    space, code = _bought(state)
    if code is None:
        return wrong(TEXT.say("balance_not_a_tile", space=space))
    light, dark = _light_dark(_back_to(state, 1), GABOR)
    if TILE_BY_CODE[code].side == LIGHT:
        diff = abs(light - dark)
        return wrong(
            TEXT.say(
                "balance_light",
                tile=tile_name(code),
                light=light,
                dark=dark,
                diff=diff,
                penalty=2 * diff,
            )
        )
    return right(TEXT.say("balance_done", tile=tile_name(code), light=light, dark=dark))


# --- 4. F★ ---------------------------------------------------------------------------------
STAR_SHOWN = ("K2D", "G1L", "B1D", "Y2L", "K1L")
STAR_TAKE, STAR_TOP = "B1D", "Y2L"


@exercise
def star_puzzle() -> Puzzle:
    """Gábor placed on F★ and looks at 5 tiles; he has 4 Marks, 2 light tiles and 1 dark
    tile, and two yellow orders. Goal: take B1D (the only dark tile he can pay for) and put
    the rest back on top with Y2L first."""
    state = (
        PositionBuilder(players=3, seed=10)
        .money(GABOR, 4)
        .tiles(GABOR, "Y1L", "G1L", "B1D")
        .orders(GABOR, "W3YY", "C3YY")
        .looking_at(GABOR, "tile", *STAR_SHOWN)
        .build()
    )
    return Puzzle(state, _star_goal)


def _star_goal(state: GameState) -> Feedback:
    action = state.history[0]
    assert isinstance(action, Choose)  # the puzzle starts with the F★ choice: nothing else
    if action.take is None:
        return wrong(TEXT["star_none"])
    if TILE_BY_CODE[action.take].side == LIGHT:
        light, dark = _light_dark(_back_to(state, 1), GABOR)
        return wrong(
            TEXT.say("star_light", tile=tile_name(action.take, "the"), light=light, dark=dark)
        )
    if action.where == "bottom":
        top = TILES[_back_to(state, 1).tile_deck[0]].code
        return wrong(TEXT.say("star_bottom", top=tile_name(top)))
    if action.rest[0] != STAR_TOP:
        return wrong(
            TEXT.say("star_order", top=tile_name(action.rest[0]), want=tile_name(STAR_TOP, "the"))
        )
    return right(
        TEXT.say("star_done", tile=tile_name(action.take, "the"), top=tile_name(STAR_TOP, "the"))
    )


__all__ = ["balance_puzzle", "check_black_price", "grey_puzzle", "star_puzzle"]
