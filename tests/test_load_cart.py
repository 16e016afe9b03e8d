"""Issue 24, A: a click on a cube loads that cube (R-MINE-2: any cart will do).

The engine lists one ``load`` per colour and empties its own choice of cart; a Load may also
name the cart it empties (``load G@2``): legal exactly when its colour-only form is and that cart
at the cage's level holds that colour, refused with the rule otherwise, and otherwise the same
move. The board's click on a cube plays the Load that empties that very cart.
"""

from __future__ import annotations

import pytest
from helpers import random_moves

from gluckauf import RandomBot, new_game, parse_action
from gluckauf.core.actions import LAST_CART, Load, Stop, any_cart
from gluckauf.core.builder import PositionBuilder
from gluckauf.core.components import COLOURS
from gluckauf.core.errors import ActionValueError, IllegalActionError, NotationError
from gluckauf.core.rules import cart_loads, cart_to_load
from gluckauf.core.state import MINE, GameState
from gluckauf.files.positions import position_to_dict
from gluckauf.files.records import record_of, replay
from gluckauf.files.savefiles import load_game, save_game
from gluckauf.text.catalogue import RULES
from widgets.labels import say
from widgets.session import GameSession

rule = pytest.mark.rule
YELLOW, BROWN, GREY = 0, 1, 2


def grey_level(*tiles: str, steps: int = 6) -> GameState:
    """Seat 0 mining with the cage at level 3: the printed grey cart and ``tiles``' carts."""
    return (
        PositionBuilder(players=2, seed=1)
        .tiles(0, *tiles)
        .cage(0, level=3)
        .mining(0, steps=steps)
        .build()
    )


def substituted() -> GameState:
    """Level 1 holds the printed yellow cart and a Y1L cart with a brown cube on it (as when
    the supply had run out of yellow, R-TUNNEL-2)."""
    builder = PositionBuilder(players=2, seed=1).tiles(0, "Y1L").cage(0, level=1)
    state = builder.mining(0, steps=4).state
    state.carts[0][YELLOW][1] = BROWN
    state.supply[YELLOW] += 1
    state.supply[BROWN] -= 1
    return builder.build()


def assert_refused(state: GameState, action: Load, key: str, rules: tuple[str, ...]) -> None:
    """why_not, is_legal and apply agree on a refusal citing ``rules``; nothing changes."""
    before, history = position_to_dict(state), list(state.history)
    refusal = state.why_not(action)
    assert refusal is not None and refusal.key == key and refusal.rules == rules, refusal
    assert not state.is_legal(action) and state.why_not(str(action)) == refusal
    with pytest.raises(IllegalActionError) as caught:
        state.apply(action)
    assert caught.value.refusal == refusal and all(r in str(caught.value) for r in rules)
    assert position_to_dict(state) == before and state.history == history


# --- the notation -------------------------------------------------------------------------------
@rule("R-NOTATION-1")
def test_the_colour_only_load_keeps_its_text_and_value() -> None:
    assert str(Load(GREY)) == "load G" and repr(Load(GREY)) == "Load(colour=2)"
    assert parse_action("load G") == Load(GREY) == Load(GREY, None)
    assert Load(GREY).cart is None
    assert any_cart(Load(GREY, 3)) == Load(GREY) == any_cart(Load(GREY)) and any_cart(STOP) is STOP


STOP = Stop()


@rule("R-NOTATION-1")
@pytest.mark.parametrize("cart", [0, 1, 7, LAST_CART])
def test_a_cart_naming_load_round_trips(cart: int) -> None:
    action = Load(GREY, cart)
    assert str(action) == f"load G@{cart}" and repr(action) == f"Load(colour=2, cart={cart})"
    assert parse_action(str(action)) == action and parse_action(str(action), grey_level()) == action
    assert action != Load(GREY) and hash(action) != hash(Load(GREY))


@rule("R-NOTATION-1")
@pytest.mark.parametrize(
    "text", ["load g@2", "load G 2", "load G cart 2", "load G @ 2", "LOAD G, 2", "load G@02"]
)
def test_friendly_spellings_of_a_cart(text: str) -> None:
    assert parse_action(text) == Load(GREY, 2)


@rule("R-NOTATION-1")
@pytest.mark.parametrize(
    "text",
    [
        "load G@",
        "load @2",
        "load G@x",
        "load G@-1",
        "load G 2 3",
        "load G@19",
        "load G@2@3",
        "store G@2",
        "load GG@1",
    ],
)
def test_a_cart_no_level_can_have_is_no_action(text: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_action(text)
    assert caught.value.rules == ("R-NOTATION-1",)


@rule("R-NOTATION-1")
@pytest.mark.parametrize("cart", [-1, LAST_CART + 1, 1.0, "1", True])
def test_a_cart_value_no_level_can_have_cannot_be_made(cart: object) -> None:
    with pytest.raises(ActionValueError) as caught:
        Load(GREY, cart)  # type: ignore[arg-type]
    assert caught.value.field == "cart" and "printed cart" in caught.value.reason


# --- legality ----------------------------------------------------------------------------------
@rule("R-MINE-2")
def test_the_enumeration_keeps_one_load_per_colour() -> None:
    state = grey_level("G2L", "G2D")
    assert state.carts[0][GREY] == [GREY] * 5
    assert [a for a in state.legal_actions() if type(a) is Load] == [Load(GREY)]
    assert cart_loads(state) == [Load(GREY, cart) for cart in range(5)]


@rule("R-MINE-2")
@pytest.mark.parametrize("cart", range(5))
def test_a_load_naming_a_full_cart_empties_that_cart(cart: int) -> None:
    state = grey_level("G2L", "G2D")
    action = Load(GREY, cart)
    assert state.is_legal(action) and state.why_not(action) is None
    assert state.why_not(f"load G@{cart}") is None
    events = state.apply(f"load G@{cart}")
    assert state.carts[0][GREY] == [-1 if i == cart else GREY for i in range(5)]
    assert state.cage[0][GREY] == 1 and state.steps_left == 5
    assert [(e.kind, e.data) for e in events] == [
        ("load", {"cube": GREY, "level": 3, "cart": cart})
    ]
    assert state.history == [action] and state.undo() == action


@rule("R-MINE-2", "R-TUNNEL-6")
def test_an_emptied_cart_is_refused_and_the_others_still_load() -> None:
    """The issue's second click: the cart clicked first is empty now (R-TUNNEL-6)."""
    state = grey_level("G1D")
    state.apply("load G@0")
    assert_refused(state, Load(GREY, 0), "refuse.cart_empty", ("R-MINE-2", "R-TUNNEL-6"))
    assert state.why_not(Load(GREY, 0)).params == {"cart": 0, "level": 3}
    state.apply("load G@1")
    assert state.carts[0][GREY] == [-1, -1]
    assert_refused(state, Load(GREY, 1), "refuse.no_cube_here", ("R-MINE-2", "R-TUNNEL-6"))


@rule("R-MINE-2", "R-TUNNEL-2")
def test_a_cart_holding_another_colour_is_refused() -> None:
    state = substituted()
    assert state.carts[0][YELLOW] == [YELLOW, BROWN]
    assert cart_loads(state) == [Load(YELLOW, 0), Load(BROWN, 1)]
    assert_refused(state, Load(YELLOW, 1), "refuse.cart_holds", ("R-MINE-2",))
    assert_refused(state, Load(BROWN, 0), "refuse.cart_holds", ("R-MINE-2",))
    assert "holds a brown cube, not a yellow one" in str(state.why_not("load Y@1"))
    state.apply("load B@1")
    assert state.carts[0][YELLOW] == [YELLOW, -1] and state.cage[0][BROWN] == 1


@rule("R-MINE-2")
def test_a_cart_the_level_does_not_have_is_refused() -> None:
    state = grey_level("G1D")
    assert_refused(state, Load(GREY, 2), "refuse.no_such_cart", ("R-MINE-2",))
    assert "numbered from 0 (the printed cart) to 1" in str(state.why_not(Load(GREY, 2)))


@rule("R-MINE-1", "R-MINE-2")
def test_the_colour_only_reasons_come_first() -> None:
    """Where ``load G`` is refused, ``load G@0`` is refused for the same reason."""
    full = (
        PositionBuilder(players=2, seed=1)
        .cage(0, level=3, cubes="BBBBB")
        .mining(0, steps=4)
        .build()
    )
    at_surface = PositionBuilder(players=2, seed=1).mining(0, steps=4).build()
    elsewhere = PositionBuilder(players=2, seed=1).cage(0, level=1).mining(0, steps=4).build()
    placing = PositionBuilder(players=2, seed=1).turn(0).build()
    for state in (full, at_surface, elsewhere, placing):
        refusal = state.why_not(Load(GREY))
        assert refusal is not None and state.why_not(Load(GREY, 0)) == refusal
        assert_refused(state, Load(GREY, 0), refusal.key, refusal.rules)


# --- every cart of random positions -----------------------------------------------------------
def mining_states() -> list[GameState]:
    """Decisions of random games where the cage is at a tunnel level with room (2–4 players),
    at most 40 per game, many with several carts of a colour."""
    found = []
    for players, seed in ((2, 3), (3, 4), (4, 5), (2, 6), (3, 7), (4, 8)):
        state, bot, kept = new_game(players, seed=seed), RandomBot(seed), 0
        while not state.is_over and kept < 40:
            if state.phase == MINE and state.cage_level[state.current] and cart_loads(state):
                found.append(state.copy())
                kept += 1
            state.apply(bot.choose(state))
    return found


MINING = mining_states()


def test_the_random_positions_have_levels_with_several_carts_of_a_colour() -> None:
    assert len(MINING) >= 150
    several = [
        s
        for s in MINING
        if len(cart_loads(s)) > len([a for a in s.legal_actions() if type(a) is Load])
    ]
    assert len(several) >= 20


@rule("R-MINE-2", "R-TUNNEL-6")
def test_every_cart_naming_load_of_random_positions() -> None:
    """For every colour and every cart index: a Load naming a cart is legal (is_legal, why_not
    and apply agree) exactly when the colour-only load is and that cart holds the colour; it
    then empties exactly that cart and is otherwise the same as the colour-only load; else it
    is refused with a particular reason citing catalogued rules, and nothing changes."""
    for state in MINING:
        p = state.current
        level = state.cage_level[p]
        carts = state.carts[p][level - 1]
        listed = cart_loads(state)
        for colour in COLOURS:
            for cart in range(LAST_CART + 1):
                action = Load(colour, cart)
                loadable = (
                    state.is_legal(Load(colour)) and cart < len(carts) and carts[cart] == colour
                )
                assert (action in listed) == loadable == state.is_legal(action)
                if loadable:
                    assert_same_but_that_cart(state, action)
                else:
                    refusal = state.why_not(action)
                    assert refusal is not None and refusal.key != "refuse.not_legal"
                    assert refusal.rules and set(refusal.rules) <= set(RULES)
                    trial = state.copy()
                    with pytest.raises(IllegalActionError):
                        trial.apply(action)
                    assert trial == state


def assert_same_but_that_cart(state: GameState, action: Load) -> None:
    p, level = state.current, state.cage_level[state.current]
    named, plain = state.copy(), state.copy()
    assert named.why_not(action) is None
    named_events = named.apply(action)
    plain_events = plain.apply(Load(action.colour))
    default = cart_to_load(state.carts[p][level - 1], action.colour)
    assert named.carts[p][level - 1][action.cart] == -1
    assert [e.data["cart"] for e in named_events] == [action.cart]
    assert [e.data["cart"] for e in plain_events] == [default]
    swapped = plain.carts[p][level - 1]  # the other cart emptied: swap the two back
    swapped[default], swapped[action.cart] = swapped[action.cart], swapped[default]
    assert named._fields() == plain._fields()
    assert [(e.kind, e.player, {**e.data, "cart": 0}) for e in named_events] == [
        (e.kind, e.player, {**e.data, "cart": 0}) for e in plain_events
    ]


# --- records ------------------------------------------------------------------------------------
def not_the_engines_choice(state: GameState) -> Load | None:
    """A legal Load naming a cart other than the one ``load`` of its colour empties, if any."""
    if state.phase != MINE or not state.cage_level[state.current]:
        return None
    carts = state.carts[state.current][state.cage_level[state.current] - 1]
    return next(
        (load for load in cart_loads(state) if load.cart != cart_to_load(carts, load.colour)), None
    )


@rule("R-NOTATION-1", "R-MINE-2")
def test_records_with_either_form_replay_exactly(tmp_path) -> None:
    state, bot = new_game(2, seed=11), RandomBot(11)
    while (named := not_the_engines_choice(state)) is None:
        state.apply(bot.choose(state))
    state.apply(named)
    if state.is_legal(Load(named.colour)):
        state.apply(Load(named.colour))
    random_moves(state, 40, seed=12)
    record = record_of(state)
    assert str(named) in record["actions"] and "@" in str(named)
    assert replay(record) == state and replay(record).history == state.history
    save_game(state, tmp_path / "game.json")  # checked against the record schema on loading
    loaded = load_game(tmp_path / "game.json")
    assert loaded == state and loaded.history == state.history


# --- the board -----------------------------------------------------------------------------------
@rule("R-MINE-2", "R-TUNNEL-6")
def test_a_click_on_a_cube_the_engine_would_not_take_loads_that_cube() -> None:
    """The issue: the printed cart and a G1D cart at the cage's level; the engine's own choice
    is the G1D cart (cart 1). A click on the printed cart's cube empties the printed cart."""
    state = grey_level("G1D")
    assert cart_to_load(state.carts[0][GREY], GREY) == 1
    session = GameSession(state.copy(), seats=["human", "human"])
    box = session.layout.box("cart:0:3:0")
    played = session.click_at(box.cx, box.cy)
    assert played == Load(GREY, 0) and str(session.state.history[-1]) == "load G@0"
    assert session.state.carts[0][GREY] == [-1, GREY]  # that cart empty, the other still full
    assert session.state.cage[0][GREY] == 1
    # the other cube says it loads, and a click on it does; the emptied cart says why not
    assert "Click it to load" in session.describe("cart:0:3:1")
    assert session.click_at(box.cx, box.cy) is None
    assert session.message == say("msg.empty_cart") and "R-TUNNEL-6" in session.message
    other = session.layout.box("cart:0:3:1")
    assert session.click_at(other.cx, other.cy) == Load(GREY)
    assert session.state.carts[0][GREY] == [-1, -1] and session.state.cage[0][GREY] == 2


@rule("R-MINE-2")
def test_every_cube_at_the_cage_level_is_highlighted_and_loads_itself() -> None:
    state = grey_level("G2L", "G2D")
    for cart in range(5):
        session = GameSession(state.copy(), seats=["human", "human"])
        assert f"cart:0:3:{cart}" in session.legal_targets()
        box = session.layout.box(f"cart:0:3:{cart}")
        session.click_at(box.cx, box.cy)
        assert session.state.carts[0][GREY] == [-1 if i == cart else GREY for i in range(5)]


@rule("R-MINE-2")
def test_the_mining_lessons_take_any_grey_cube_for_a_grey_load() -> None:
    """E3's walk-through asks for "a highlighted grey cube": the printed cart's (not the
    engine's choice) is step 2 as well; the six-step puzzle knows a grey trip by any cart."""
    from widgets.tutorial import mining as lesson

    walk = lesson.e3_walkthrough()
    walk.session.click("level:0:3")
    assert walk.session.click("cart:0:3:0") == Load(GREY, 0)
    assert walk.check().ok is None and "step 2 of 8" in walk.check().message
    puzzle = lesson.six_steps_puzzle()
    feedback = puzzle.play("cage 4", "load K", "cage 3", "load G@0", "cage 0", "fill C9KK:K cK")
    assert feedback.ok is False and feedback.message == lesson.TEXT["six_grey"]
