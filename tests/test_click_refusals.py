"""Clicks mean what the rules mean (issue 9): any cube at the cage's level loads — that very
cube (issue 24; R-MINE-2: any cart will do) — and a refused click gives the engine's reason for
the action it most plausibly means — or, where no action says what was meant, a widget
sentence citing only a rule that applies. No message claims that carts are emptied in some order."""

from __future__ import annotations

import re

import pytest
from helpers import random_moves

from gluckauf import RULES, new_game
from gluckauf.core.actions import (
    Choose,
    Draft,
    Load,
    MoveCage,
    Place,
    Stop,
    SubstituteCube,
    parse_action,
)
from gluckauf.core.builder import PositionBuilder
from gluckauf.core.state import GameState
from widgets.clicks import token_of
from widgets.labels import EN, say
from widgets.session import GameSession

RULE_ID = re.compile(r"R-[A-Z]+-\d+")
CART_ORDER = re.compile(
    r"outside in|outermost|innermost|outer|inner|cart order|order of the "
    r"carts|emptied (first|last|in)",
    re.IGNORECASE,
)
GREY = 2

# the widget's own sentences for clicks no engine action describes
WIDGET_KEYS = (
    "msg.cage_elsewhere",
    "msg.cage_up",
    "msg.empty_cart",
    "msg.no_slot_for",
    "msg.already_stored",
    "msg.first_a_cage_cube",
    "msg.cage_empty",
    "msg.choose_first_tile",
    "msg.choose_first_order",
    "msg.first_a_cube",
    "msg.not_your_mine",
    "msg.not_now",
    "status.over",
)


def _pattern(key: str) -> re.Pattern[str]:
    parts = re.split(r"\{[a-z_]+\}", EN[key])
    return re.compile(".+".join(re.escape(part) for part in parts), re.DOTALL)


WIDGET_SENTENCES = {key: _pattern(key) for key in WIDGET_KEYS}


def widget_key(message: str) -> str | None:
    return next(
        (key for key, pattern in WIDGET_SENTENCES.items() if pattern.fullmatch(message)), None
    )


def session_of(state: GameState) -> GameSession:
    return GameSession(state.copy(), seats=["human"] * state.players)


def check_refused(session: GameSession, before: GameState, history: list) -> None:
    """What every refused click must satisfy."""
    state, message = session.state, session.message
    assert state == before and state.history == history, "a refused click changed the state"
    assert session.pending == [] and message, "a refused click keeps no selection"
    cited = RULE_ID.findall(message)
    assert set(cited) <= set(RULES), f"unknown rule in {message!r}"
    assert not CART_ORDER.search(message), message
    if session.refusal is not None:
        probe, refusal = session.refusal
        assert not state.is_legal(probe), f"{probe} is legal, yet it explained a refusal"
        assert message == str(state.why_not(probe)) == str(refusal)
        assert cited and list(refusal.rules) == cited[-len(refusal.rules) :]
    else:
        assert widget_key(message) is not None, (
            f"neither the engine's nor a widget sentence: {message!r}"
        )


# --- any cube at the cage's level loads ---------------------------------------------------------
def two_sided_grey_level() -> GameState:
    """Grey level: the printed cart (light side) plus G2L (light) and G2D (dark): 5 grey cubes."""
    return (
        PositionBuilder(players=2, seed=1)
        .tiles(0, "G2L", "G2D")
        .cage(0, level=3)
        .mining(0, steps=6)
        .build()
    )


@pytest.mark.rule("R-MINE-2")
@pytest.mark.parametrize("index", range(5))
def test_a_click_on_any_grey_cube_of_the_level_loads_that_cube(index: int) -> None:
    """Issue 24: the clicked cube is the one loaded — ``load G`` where the engine's own choice
    of cart is that cart (the outermost, 4), else the Load naming the cart (``load G@1``)."""
    state = two_sided_grey_level()
    assert state.carts[0][GREY] == [GREY] * 5
    session = session_of(state)
    target = f"cart:0:3:{index}"
    assert target in session.layout.targets() and target in session.legal_targets()
    played = session.click(target)
    assert played == (Load(GREY) if index == 4 else Load(GREY, index))
    assert str(session.state.history[-1]) == ("load G" if index == 4 else f"load G@{index}")
    assert session.state.cage[0][GREY] == 1
    assert session.state.carts[0][GREY] == [-1 if i == index else GREY for i in range(5)]


def test_both_sides_and_the_printed_cart_are_at_the_cage_level() -> None:
    """The five grey carts lie on both sides of the shaft (the clicks above reach all)."""
    session = session_of(two_sided_grey_level())
    shaft = session.layout.box("level:0:3")
    xs = [session.layout.box(f"cart:0:3:{i}").cx for i in range(5)]
    assert any(x < shaft.x for x in xs) and any(x > shaft.x + shaft.w for x in xs)


def test_loading_every_cube_in_turn_by_clicking_each_cart() -> None:
    """Issue 24: the clicked cart is the one emptied, so a second click on it finds it empty
    (R-TUNNEL-6); clicking each cart once loads all five grey cubes (the cage holds five)."""
    session = session_of(two_sided_grey_level())
    assert session.click("cart:0:3:0") == Load(GREY, 0), session.message
    before = session.state.copy()
    assert session.click("cart:0:3:0") is None
    assert session.message == say("msg.empty_cart") and "R-TUNNEL-6" in session.message
    check_refused(session, before, before.history)
    for n, index in enumerate((1, 2, 3, 4), start=2):
        assert session.click(f"cart:0:3:{index}") is not None, session.message
        assert session.state.cage[0][GREY] == n and session.state.carts[0][GREY][index] == -1
    assert session.state.carts[0][GREY] == [-1] * 5


# --- the most relevant reason ------------------------------------------------------------------
def cage_at_level_1() -> GameState:
    return (
        PositionBuilder(players=2, seed=1)
        .tiles(0, "G1D")
        .cage(0, level=1)
        .mining(0, steps=5)
        .build()
    )


@pytest.mark.rule("R-MINE-2")
def test_a_cube_at_another_level_says_the_cage_is_not_there() -> None:
    state = cage_at_level_1()
    session = session_of(state)
    before = session.state.copy()
    assert session.click("cart:0:3:1") is None
    message = session.message
    assert message == say("msg.cage_elsewhere", cage=1, level=3, steps="5 steps")
    assert "level 1" in message and "level 3" in message and "one step" in message
    assert RULE_ID.findall(message) == ["R-MINE-2"]
    check_refused(session, before, [])
    # moving the cage there (one step) makes the same click load
    assert session.click("level:0:3") == MoveCage(3)
    assert session.click("cart:0:3:1") == Load(GREY) and session.state.steps_left == 3


def test_a_cube_below_the_cage_at_the_surface() -> None:
    state = PositionBuilder(players=2, seed=1).cage(0, level=0).mining(0, steps=1).build()
    session = session_of(state)
    session.click("cart:0:2:0")
    assert session.message == say("msg.cage_up", level=2, steps="1 step")
    assert session.refusal is None and session.state.history == []


@pytest.mark.parametrize("level", [0, 1, 3])
def test_a_full_cage_is_the_reason_wherever_the_cage_is(level: int) -> None:
    """With a full cage no move helps: the engine's refusal says so first (at the surface too)."""
    state = (
        PositionBuilder(players=2, seed=1)
        .cage(0, level=level, cubes="BBBBB")
        .mining(0, steps=4)
        .build()
    )
    session = session_of(state)
    before = session.state.copy()
    session.click("cart:0:3:0")
    assert session.refusal == (Load(GREY), state.why_not(Load(GREY)))
    assert session.refusal[1].key == "refuse.cage_full"
    assert "full" in session.message and "R-MINE-2" in session.message
    check_refused(session, before, [])


def test_an_empty_cart_is_never_refilled() -> None:
    state = (
        PositionBuilder(players=2, seed=1)
        .cage(0, level=3)
        .empty_carts(0, 3)
        .mining(0, steps=4)
        .build()
    )
    session = session_of(state)
    session.click("cart:0:3:0")
    assert session.message == say("msg.empty_cart") and "R-TUNNEL-6" in session.message
    assert session.state.history == []


@pytest.mark.parametrize(
    "target", ["cart:0:3:0", "level:0:2", "cage:0:1", "stock:0:0", "storage:0", "slot:0:W2Y:0"]
)
def test_outside_mining_a_click_in_the_mine_gets_the_phase_reason(target: str) -> None:
    state = (
        PositionBuilder(players=2, seed=1)
        .orders(0, "W2Y")
        .storage(0, "Y")
        .cage(0, level=0, cubes="B")
        .turn(0)
        .build()
    )
    session = session_of(state)
    before = session.state.copy()
    session.click(target)
    assert session.refusal is not None
    assert session.refusal[1] == state.why_not(Stop())  # "place workers on a mining space"
    assert RULE_ID.findall(session.message) == ["R-MINE-1"]
    check_refused(session, before, [])


def test_a_cage_cube_below_the_surface_leaves_the_cage_only_up_there() -> None:
    state = (
        PositionBuilder(players=2, seed=1)
        .orders(0, "W2Y")
        .cage(0, level=2, cubes="Y")
        .mining(0, steps=4)
        .build()
    )
    session = session_of(state)
    session.click("cage:0:0")
    assert session.refusal is not None and session.refusal[1].key == "refuse.cage_not_up"
    assert "surface" in session.message and "R-MINE-2" in session.message


def test_a_slot_alone_asks_for_a_cube_or_says_it_is_filled() -> None:
    state = (
        PositionBuilder(players=2, seed=1)
        .orders(0, "W3YY", "C4G")
        .fill(0, "W3YY", "Y", "")
        .cage(0, level=2)
        .mining(0, steps=4)
        .build()
    )
    session = session_of(state)
    session.click("slot:0:C4G:0")
    assert session.message == say("msg.first_a_cube") and session.refusal is None
    session.click("slot:0:W3YY:0")  # a filled slot, but W3YY has another empty yellow one
    assert session.message == say("msg.first_a_cube")
    full = (
        PositionBuilder(players=2, seed=1)
        .orders(0, "C4G")
        .fill(0, "C4G", "G")
        .cage(0, level=2)
        .mining(0, steps=4)
        .build()
    )
    session = session_of(full)
    session.click("slot:0:C4G:0")
    assert session.refusal is not None and session.refusal[1].key == "refuse.slot_filled"
    assert RULE_ID.findall(session.message) == ["R-MINE-4"]


def test_a_storage_cube_without_a_slot_for_it() -> None:
    state = (
        PositionBuilder(players=2, seed=1)
        .orders(0, "C4G")
        .storage(0, "Y")
        .cage(0, level=2)
        .mining(0, steps=1)
        .build()
    )
    session = session_of(state)
    session.click("stock:0:0")
    assert session.message == say("msg.no_slot_for", colour="yellow")
    assert session.state.history == []


def test_a_wrong_colour_slot_after_a_cube_gets_the_engines_reason() -> None:
    state = (
        PositionBuilder(players=2, seed=1)
        .orders(0, "C4G")
        .storage(0, "Y")
        .cage(0, level=0, cubes="Y")
        .mining(0, steps=1)
        .build()
    )
    session = session_of(state)
    session.click("stock:0:0")  # fills nothing alone (one step: no two-cube fill)...
    assert session.pending == []
    session.click("cage:0:0")  # ...but a cage cube can go into storage
    assert session.pending == ["cage:0:0"]
    before = session.state.copy()
    session.click("slot:0:C4G:0")
    assert session.refusal is not None and session.refusal[1].key == "refuse.wrong_colour"
    check_refused(session, before, [])


# --- F★ / O★ -------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("kind", "codes", "rule", "other", "item"),
    [
        ("tile", ("Y1L", "B2D", "G1L"), "R-TUNNEL-5", "R-ORDER-2", "a tile"),
        ("order", ("W2Y", "C4G", "T5BB"), "R-ORDER-2", "R-TUNNEL-5", "an order"),
    ],
)
def test_the_chooser_cites_the_rule_of_its_kind(kind, codes, rule, other, item) -> None:
    state = PositionBuilder(players=2, seed=1).money(0, 20).looking_at(0, kind, *codes).build()
    session = session_of(state)
    status = session.status()
    assert RULE_ID.findall(status) == [rule] and other not in status
    assert f"take {item} or none" in status and "item" not in status.replace(item, "")
    session.click("choice:top")  # top or bottom before the item taken
    assert RULE_ID.findall(session.message) == [rule] and session.state.history == []
    session.click("choice:0")
    session.click("choice:2")
    before = session.state.copy()
    session.click("choice:bottom")  # one of the two others is missing from the put-back
    assert session.refusal is not None and session.refusal[1].key == "refuse.put_back_all"
    assert session.refusal[0] == Choose(codes[0], (codes[2],), "bottom")
    assert RULE_ID.findall(session.message) == [rule]
    check_refused(session, before, [])


def test_an_unaffordable_shown_tile_gets_the_price_reason() -> None:
    state = (
        PositionBuilder(players=2, seed=1).money(0, 1).looking_at(0, "tile", "Y1L", "K2D").build()
    )
    session = session_of(state)
    session.click("choice:1")
    assert session.refusal is not None and session.refusal[1].key == "refuse.cannot_pay"
    assert RULE_ID.findall(session.message) == ["R-TUNNEL-5", "R-TUNNEL-1"]


# --- every click of sampled states -------------------------------------------------------------
def sampled_states() -> list[GameState]:
    """States of random games (2–4 players): every 3rd, and every F★/O★ and cube decision."""
    states = []
    for players in (2, 3, 4):
        for seed in (1, 2):
            state = new_game(players, seed)
            step = 0
            while not state.is_over:
                if step % 3 == 0 or state.phase in ("choose", "cube"):
                    states.append(state.copy())
                random_moves(state, 1, seed * 1000 + step)
                step += 1
            states.append(state.copy())
    return states


SAMPLED = sampled_states()
MINE_KINDS = ("level", "cart", "cage", "stock", "storage", "slot")
PROBE_KIND = {"space": Place, "draft": Draft, "level": MoveCage, "supply": SubstituteCube}


def check_single_click(state: GameState, session: GameSession, target: str) -> str:
    """Click ``target``; check the outcome; return "played", "pending" or "refused"."""
    before, history = session.state.copy(), list(session.state.history)
    played = session.click(target)
    message = session.message
    assert not CART_ORDER.search(message), message
    kind, _, rest = target.partition(":")
    token = token_of(target, state)
    p = state.current
    if played is not None:
        assert len(session.state.history) == len(history) + 1
        if kind == "cart":  # a cube at the cage's level: load that very cube (issue 24)
            _seat, level, index = map(int, rest.split(":"))
            assert level == state.cage_level[p]
            assert played.colour == state.carts[p][level - 1][index]
            assert session.state.carts[p][level - 1][index] == -1
            assert session.state.cage[p][played.colour] == state.cage[p][played.colour] + 1
        return "played"
    if session.pending:
        assert session.state == before
        return "pending"
    check_refused(session, before, history)
    if state.is_over:
        return "refused"
    if kind == "mine":  # another player's compact mine: nothing to do there now
        assert widget_key(message) in ("msg.not_your_mine", "msg.not_now"), message
        return "refused"
    seat = int(rest.split(":")[0]) if kind in MINE_KINDS else None
    if seat is not None and seat != p and state.phase != "draft":
        assert widget_key(message) == "msg.not_your_mine"
        return "refused"
    refusal = session.refusal
    if kind in PROBE_KIND:  # the engine explains the very action
        assert refusal is not None and type(refusal[0]) is PROBE_KIND[kind], message
    if kind == "choice" and rest.isdigit():
        assert refusal is not None and type(refusal[0]) is Choose, message
    if kind in MINE_KINDS and seat == p and state.phase != "mine":
        assert refusal is not None and refusal[1] == state.why_not(Stop()), message
    if kind == "cart" and state.phase == "mine":
        _seat, level, _index = map(int, rest.split(":"))
        full = state.cage_room(p) == 0
        if token.startswith("emptycart:"):
            assert widget_key(message) == "msg.empty_cart"
        elif full:
            assert refusal is not None and refusal[1].key == "refuse.cage_full"
        else:
            assert level != state.cage_level[p], f"a loadable cube was refused: {message}"
            assert widget_key(message) in ("msg.cage_elsewhere", "msg.cage_up")
            assert f"level {level}" in message and RULE_ID.findall(message) == ["R-MINE-2"]
    return "refused"


@pytest.mark.rule("R-MINE-2")
def test_every_refused_click_of_sampled_states_is_explained_truthfully() -> None:
    assert len(SAMPLED) >= 300
    outcomes: dict[str, int] = {"played": 0, "pending": 0, "refused": 0}
    phases: set[str] = set()
    kinds: set[str] = set()
    seconds = 0
    for state in SAMPLED:
        session = session_of(state)
        firsts = []
        for target in session.layout.targets():
            outcome = check_single_click(state, session, target)
            outcomes[outcome] += 1
            if outcome == "refused":
                phases.add(state.phase)
                kinds.add(target.partition(":")[0])
            elif outcome == "pending":
                firsts.append(target)
                session.clear_selection()
            else:
                session = session_of(state)
        if state.phase in ("mine", "choose"):  # second clicks after a selected first one
            for first in firsts[:3]:
                for target in sorted(session.layout.targets() - {first}):  # not: unselect
                    session.click(first)
                    assert session.pending == [first]
                    outcome = check_single_click(state, session, target)
                    seconds += 1
                    if outcome == "played":
                        session = session_of(state)
                    else:
                        session.clear_selection()
    assert min(outcomes.values()) > 0, outcomes
    assert phases >= {"draft", "place", "mine", "choose", "cube"}, phases
    assert kinds >= {"space", "level", "cart", "cage", "storage", "slot", "supply", "choice"}, kinds
    assert seconds > 0


def test_two_cage_cubes_of_one_colour_fill_one_slot_together() -> None:
    """Each cube in the cage is its own target, so two yellow cubes can be clicked in turn."""
    state = (
        PositionBuilder(players=2, seed=1)
        .orders(0, "C4G")
        .cage(0, level=0, cubes="YY")
        .mining(0, steps=4)
        .build()
    )
    session = GameSession(state, seats=["human", "human"])
    session.click("cage:0:0")
    assert "cage:0:0:1" in session.legal_targets()  # the other yellow cube, still selectable
    session.click("cage:0:0:1")
    played = session.click("slot:0:C4G:0")
    assert played == parse_action("fill C4G:G cY cY", state)
    assert sum(session.state.cage[0]) == 0


def test_two_storage_cubes_of_one_colour_fill_one_slot_together() -> None:
    """The storage shows a second cube of a colour as its own target, with the count on it."""
    state = (
        PositionBuilder(players=2, seed=1)
        .orders(0, "C4G")
        .storage(0, "YYY")
        .mining(0, steps=4)
        .build()
    )
    session = GameSession(state, seats=["human", "human"])
    assert {"stock:0:0", "stock:0:0:1"} <= session.layout.targets()
    assert "stock:0:0:2" not in session.layout.targets()  # two are enough for any slot
    session.click("stock:0:0")
    session.click("stock:0:0:1")
    played = session.click("slot:0:C4G:0")
    assert played == parse_action("fill C4G:G sY sY", state)
    assert session.state.storage[0][0] == 1


def test_every_view_of_a_session_sees_the_board_of_its_state() -> None:
    """Undo past O★'s look (found by the widget fuzzer): the message of the undo must reach the
    views after the session's picture is the state's, else a view that redraws the highlights
    on the message asks about F★/O★'s cards the state no longer shows (an IndexError once)."""
    from widgets.session import FREE

    session = GameSession(new_game(3, seed=1), seats=["human"] * 3, undo=FREE)
    while session.state.phase == "draft":
        session.play(session.state.legal_actions()[0])
    session.play("place O*")
    assert session.state.phase == "choose"
    seen: list[tuple[str, set[str]]] = []

    def redraw(change) -> None:  # what the board does on every change (BoardWidget._on_change)
        targets = session.legal_targets()
        assert all(session.layout.box(name) for name in targets)
        seen.append((change["name"], targets))

    session.observe(redraw, names=["version", "selection", "message", "since"])
    session.undo()
    assert session.state.phase == "place" and seen
    assert not any(name.startswith("choice:") for _change, targets in seen for name in targets)
    session.redo()
    assert session.state.phase == "choose"
    assert any(name.startswith("choice:") for name in seen[-1][1])
