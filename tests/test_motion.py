"""Every move shown moving (issue 27, 1), Python side: what moves where, how long, how much.

Whole games are played through a session; for each action the motion planned from the picture
before and after it (:func:`widgets.motion.plan`) is checked against the events: the worker ends
on its space, the cage goes from its old level to its new one, a loaded cube ends in the cage,
a filled one in its order's slot, and so on. The browser side (the overlay, the timing, skipping,
reduced motion) is tests/browser/test_motion_in_browser.py.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from dataclasses import replace

import pytest

from gluckauf import new_game
from gluckauf.bots.registry import make_bot
from widgets.board import BoardWidget
from widgets.draw import (
    bank_spots,
    canteen_spots,
    draw_pieces,
    draw_static,
    order_box,
    workers_spot,
)
from widgets.geometry import Box
from widgets.motion import LENGTH, Frame, message, motion_default, plan
from widgets.motion import _nth as nth
from widgets.painter import Painter, bounds
from widgets.session import GameSession


def frame(session: GameSession) -> Frame:
    static, pieces = Painter(), Painter()
    draw_static(session.layout, static)
    draw_pieces(session.state, session.layout, pieces, session.viewer)
    return Frame.of(session.state, session.layout, static.ops + pieces.ops)


def played_games(seeds=range(3), views=("full", "play"), bots=("greedy", "random")):
    """(events, parts, before, after, state) for every action of greedy and random games
    (random bots store cubes, greedy ones never do), in every view."""
    for seed in seeds:
        for view, kind in zip(views, bots, strict=True):
            players = 2 + seed % 3
            session = GameSession(new_game(players, seed=seed), seats=["human"] * players)
            session.view = view
            session._refresh()
            bot = make_bot(kind, seed)
            while not session.state.is_over:
                before = frame(session)
                events = session.play(bot.choose(session.state))
                after = frame(session)
                parts = plan(before, after, events, session.state)
                # the pictures' display lists are let go: kept for ~1,800 actions, their
                # millions of objects would slow every later test's garbage collection
                yield (
                    events,
                    parts,
                    replace(before, ops=[]),
                    replace(after, ops=[]),
                    session.state.copy(history=False),
                )


@pytest.fixture(scope="module")
def games() -> list[tuple]:
    return list(played_games())


def ends_at(parts, box: Box) -> bool:
    return any(abs(p.end.cx - box.cx) < 1 and abs(p.end.cy - box.cy) < 1 for p in parts)


def test_each_kind_of_move_has_its_motion(games) -> None:
    checked: dict[str, int] = {}
    for events, parts, before, after, state in games:
        if any(event.kind == "shift_end" for event in events):
            continue  # told by its scoring's card, not moved (the test below)
        placed = next((e.data["space"] for e in events if e.kind == "place"), None)
        for event in events:
            seat, kind = event.player, event.kind
            if (
                kind == "place"
                and (space := after.box(f"space:{placed}"))
                and (
                    spot := bank_spots(state, space).get(seat)
                    if placed == "BANK"
                    else workers_spot(space)
                )
            ):  # (not: a shift ended, the bank emptied)
                assert ends_at(parts, spot), (event, parts)
            elif (
                kind == "canteen"
                and (area := after.box("area:canteen"))
                and seat in (spots := canteen_spots(state, area))
            ):  # (not: a shift ended)
                assert ends_at(parts, spots[seat]), event
            elif (
                kind == "cage"
                and (old := before.box(f"cagebox:{seat}"))
                and (new := after.box(f"cagebox:{seat}"))
            ):  # the cage and its cubes go from the old level to the new, all together
                assert any(
                    round(p.end.cy - p.start.cy, 1) == round(new.cy - old.cy, 1)
                    and p.end.x <= new.x
                    and p.end.right >= new.right
                    for p in parts
                ), event
            elif kind == "load" and (
                cage := after.box(
                    nth("cage", seat, cube := event.data["cube"], after.cages[seat][cube] - 1)
                )
            ):  # the cube lands on the cage's newest cube of its colour
                assert ends_at(parts, cage), event
            elif kind == "store" and (
                stock := after.box(
                    nth(
                        "stock",
                        seat,
                        cube := event.data["cube"],
                        min(after.stores[seat][cube], 2) - 1,
                    )
                )
            ):
                assert ends_at(parts, stock), event
            elif kind == "fill" and after.box(f"order:{seat}:{event.data['order']}"):
                slots = [
                    b
                    for name, boxes in after.layout.boxes.items()
                    if name.startswith(f"slot:{seat}:{event.data['order']}:")
                    for b in boxes
                ]
                landed = [p for p in parts if any(ends_at([p], slot) for slot in slots)]
                assert len(landed) == len(event.data["cubes"]), event  # every cube moves
            elif kind == "draft" and (start := before.box(f"draft:{event.data['order']}")):
                assert any(p.start == start for p in parts), event
            elif kind == "refill" and (event.data.get("tile") or event.data.get("order")):
                assert any(p.start is None and p.cover for p in parts), event  # grows in
            elif kind == "deliver" and (space := after.box(f"space:{placed}")):
                assert any(p.end == space and p.fade == "out" for p in parts), event
            elif kind == "take_order" and (space := before.box(f"space:{placed}")):
                assert any(p.start == order_box(space) for p in parts), event
            else:
                continue
            checked[kind] = checked.get(kind, 0) + 1
    assert set(checked) >= {
        "place",
        "canteen",
        "cage",
        "load",
        "store",
        "fill",
        "deliver",
        "take_order",
        "draft",
        "refill",
    }, checked


def test_a_motion_is_short_small_and_well_formed(games) -> None:
    sizes = []
    for _events, parts, _before, after, _state in games:
        motion = message(parts, after.layout.width, after.layout.height)
        if motion is None:
            continue
        assert motion["length"] <= LENGTH
        assert all(a["delay"] + a["duration"] <= LENGTH for a in motion["animations"])
        root = ET.fromstring(motion["svg"])  # well-formed XML, names and all
        assert len(root.findall(".//{*}g")) == len(motion["animations"])
        sizes.append(len(json.dumps(motion)))
    assert len(sizes) > 100
    assert max(sizes) < 16_000, max(sizes)  # "a few small messages": one per action


def test_a_moving_piece_is_only_the_piece(games) -> None:
    """What travels is what stands in its box, never the space or the area under it."""
    for _events, parts, *_rest in games:
        for part in parts:
            assert part.ops, part  # something moves
            left, top = part.home.x - 3, part.home.y - 3
            right, bottom = part.home.right + 3, part.home.bottom + 3
            for op in part.ops:
                x0, y0, x1, y1 = bounds(op)
                assert left <= x0 and top <= y0 and x1 <= right and y1 <= bottom, (op, part)


def test_names_are_escaped_in_the_motion() -> None:
    session = GameSession(new_game(2, seed=3, names=["<b>&", "Zs"]), seats=["human", "human"])
    bot = make_bot("greedy", 1)
    for _ in range(12):
        before = frame(session)
        events = session.play(bot.choose(session.state))
        motion = message(
            plan(before, frame(session), events, session.state),
            session.layout.width,
            session.layout.height,
        )
        if motion is not None:
            ET.fromstring(motion["svg"])


def board_with_motion(**options) -> tuple[BoardWidget, list]:
    session = GameSession(new_game(2, seed=4), seats=["human", "human"])
    board = BoardWidget(session, **options)
    sent: list = []
    board.motion_player.send = lambda content, buffers=None: sent.append(content)
    return board, sent


def play_some(board: BoardWidget, moves: int = 12) -> None:
    bot = make_bot("greedy", 2)
    for _ in range(moves):
        board.session.play(bot.choose(board.session.state))


def test_the_board_sends_a_motion_per_move_only_when_asked() -> None:
    board, sent = board_with_motion(motion=True)
    play_some(board)
    assert 6 <= len(sent) <= 12
    assert all(set(content) == {"motion"} for content in sent)
    quiet, none_sent = board_with_motion(motion=False)
    play_some(quiet)
    assert none_sent == []
    count = len(sent)
    board.motion.value = False  # the setting, switched off during a game
    play_some(board, 4)
    assert len(sent) == count


def test_a_redraw_or_an_undo_moves_nothing() -> None:
    board, sent = board_with_motion(motion=True)
    play_some(board, 13)  # the last move: a worker placed
    count = len(sent)
    board.redraw()  # a new view: the board as it is, without a motion
    board.session.undo()
    assert len(sent) == count
    board.session.redo()  # the move played again moves again
    assert len(sent) == count + 1
    assert "motion" not in board.motion_player.get_state()  # never state a new view replays


@pytest.mark.parametrize(
    ("value", "moving"), [("off", False), ("0", False), ("OFF", False), ("on", True), ("", True)]
)
def test_the_environment_can_switch_motion_off(monkeypatch, value, moving) -> None:
    monkeypatch.setenv("GLUCKAUF_MOTION", value)
    assert motion_default() is moving
    assert BoardWidget(GameSession(new_game(2, seed=1))).motion.value is moving


def test_a_move_that_ends_a_shift_is_told_not_moved(games) -> None:
    """Its scoring's card covers the board at once, and the workers have gone home."""
    ended = [
        parts
        for events, parts, *_rest in games
        if any(event.kind == "shift_end" for event in events)
    ]
    assert len(ended) >= 6
    assert all(parts == [] for parts in ended)
