"""The widgets' controller without a browser: hit-testing is complete and exact, whole games
can be played by clicks, refused clicks explain with the engine's reason and change nothing."""

from __future__ import annotations

import random

import pytest

from gluckauf import RandomBot, new_game
from gluckauf.core.builder import PositionBuilder
from gluckauf.files.positions import position_to_dict
from widgets.clicks import click_actions, sequences, token_of
from widgets.session import FREE, GameSession


def targets_for(session: GameSession, token: str) -> list[str]:
    """Clickable target ids whose click means ``token`` now."""
    return [
        name
        for name, _box in session.layout.clickable
        if token_of(name, session.state) == token and name not in session.pending
    ]


def click_action(session: GameSession, action, rng: random.Random) -> None:
    """Play ``action`` by clicking one of its click sequences at picture coordinates."""
    options = sequences(action, session.state)
    for token in options[rng.randrange(len(options))]:
        names = targets_for(session, token)
        assert names, f"no clickable region for {token} ({action}, phase {session.state.phase})"
        box = session.layout.boxes[names[0]][0]
        assert session.layout.hit(box.cx, box.cy) == names[0], f"{names[0]} is covered"
        session.click_at(box.cx, box.cy)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_whole_games_play_by_clicks(players: int) -> None:
    """Every target of every chosen action maps to a clickable region, and clicking it (at
    its centre) plays exactly that action."""
    rng = random.Random(players)
    session = GameSession(new_game(players, seed=players))
    while not session.state.is_over:
        legal = session.state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        before = len(session.state.history)
        click_action(session, action, rng)
        assert len(session.state.history) == before + 1
        assert session.state.history[-1] == action, session.message
    assert session.state.result().winners


def test_every_legal_action_of_sampled_states_has_clickable_targets() -> None:
    """Hit-testing is complete: in states sampled from random games, every click sequence of
    every legal action names tokens that some clickable region produces — and the legal
    targets highlighted are exactly the first tokens of those sequences."""
    for players in (2, 3, 4):
        state = new_game(players, seed=10 + players)
        bot = RandomBot(players)
        step = 0
        while not state.is_over:
            if step % 7 == 0 or state.phase in ("choose", "cube"):
                session = GameSession(state.copy())
                clickable_tokens = {token_of(name, state) for name, _ in session.layout.clickable}
                firsts = set()
                for action in click_actions(state):  # the legal ones, and cart-naming loads
                    for sequence in sequences(action, state):
                        firsts.add(sequence[0])
                        missing = [tok for tok in sequence if tok not in clickable_tokens]
                        assert not missing, f"{action}: no region for {missing}"
                highlighted = {token_of(name, state) for name in session.legal_targets()}
                assert highlighted == firsts
            state.apply(bot.choose(state))
            step += 1


def test_layout_boxes_of_different_targets_do_not_overlap() -> None:
    """Each point hits one target: clickable boxes of different ids never overlap (except
    cubes drawn inside their own level cell or storage box, which sit on top)."""
    state = new_game(4, seed=3)
    bot = RandomBot(3)
    for _ in range(150):
        state.apply(bot.choose(state))
    session = GameSession(state)
    boxes = session.layout.clickable
    containers = ("level:", "storage:")
    for i, (a, box_a) in enumerate(boxes):
        for b, box_b in boxes[i + 1 :]:
            if a == b or a.startswith(containers) or b.startswith(containers):
                continue
            overlap = (
                box_a.x < box_b.x + box_b.w
                and box_b.x < box_a.x + box_a.w
                and box_a.y < box_b.y + box_b.h
                and box_b.y < box_a.y + box_a.h
            )
            assert not overlap, f"{a} overlaps {b}"


def after_draft(players: int = 3, seed: int = 1) -> GameSession:
    session = GameSession(new_game(players, seed=seed))
    while session.state.phase == "draft":
        session.play(session.state.legal_actions()[0])
    return session


def test_a_locked_space_explains_itself_and_changes_nothing() -> None:
    session = after_draft(players=2)
    before = position_to_dict(session.state)
    session.click("space:F4")
    assert "locked" in session.message and "R-SETUP-1" in session.message
    assert position_to_dict(session.state) == before


def test_an_unaffordable_tile_gives_the_engines_reason() -> None:
    state = PositionBuilder(players=3, seed=2).tile_space(3, "K2D").money(0, 4).turn(0).build()
    session = GameSession(state)
    before = position_to_dict(session.state)
    session.click("space:F3")
    assert session.message == str(state.why_not("place F3"))
    assert "costs 8 Marks, you have 4" in session.message and "R-TUNNEL-1" in session.message
    assert position_to_dict(session.state) == before


def test_another_players_mine_is_not_clickable_now() -> None:
    session = after_draft()
    other = (session.state.current + 1) % session.state.players
    before = position_to_dict(session.state)
    session.click(f"level:{other}:2")
    assert "R-TURN-1" in session.message and session.state.names[session.state.current] in (
        session.message
    )
    assert position_to_dict(session.state) == before


def test_mining_by_clicks_with_a_two_cube_fill() -> None:
    """Select two cubes (cage and storage), then the slot: R-MINE-3 for 2 steps."""
    state = (
        PositionBuilder(players=2, seed=1)
        .orders(0, "C4G")
        .storage(0, "Y")
        .cage(0, level=0, cubes="K")
        .mining(0, steps=3)
        .build()
    )
    session = GameSession(state)
    session.click("cage:0:3")
    assert session.pending == ["cage:0:3"]
    assert session.legal_targets() == {"storage:0", "stock:0:0"}  # a black cube alone can't
    session.click("stock:0:0")
    assert session.legal_targets() == {"slot:0:C4G:0"}
    session.click("slot:0:C4G:0")
    assert str(session.state.history[-1]) == "fill C4G:G cK+sY"
    assert session.state.steps_left == 1


def test_a_wrong_colour_slot_is_refused_with_the_rule() -> None:
    state = (
        PositionBuilder(players=2, seed=1)
        .orders(0, "C4G")
        .cage(0, level=0, cubes="K")
        .mining(0, steps=3)
        .build()
    )
    session = GameSession(state)
    session.click("cage:0:3")
    before = position_to_dict(session.state)
    session.click("slot:0:C4G:0")
    assert "R-MINE-2" in session.message and "grey" in session.message
    assert position_to_dict(session.state) == before and session.pending == []


def test_loading_by_clicking_a_cube_at_the_cage_level() -> None:
    """R-MINE-2, any cart will do: every cube at the cage's level loads, printed cart included."""
    state = (
        PositionBuilder(players=2, seed=1)
        .tiles(0, "G2L")
        .cage(0, level=3)
        .mining(0, steps=4)
        .build()
    )
    session = GameSession(state)
    level_3 = {name for name in session.legal_targets() if name.startswith("cart:0:3:")}
    assert level_3 == {"cart:0:3:0", "cart:0:3:1", "cart:0:3:2"}
    session.click("cart:0:3:0")  # the printed cart's cube: that cart empties (issue 24)
    assert str(session.state.history[-1]) == "load G@0" and session.state.cage[0][2] == 1
    assert session.state.carts[0][2] == [-1, 2, 2]


def test_f_star_by_clicks_take_one_and_put_back_in_click_order() -> None:
    state = (
        PositionBuilder(players=2, seed=1)
        .money(0, 20)
        .looking_at(0, "tile", "Y1L", "B2D", "G1L")
        .build()
    )
    shown = list(state.choice)
    session = GameSession(state)
    for target in ("choice:1", "choice:2", "choice:0", "choice:bottom"):
        session.click(target)
    assert str(session.state.history[-1]) == "choose B2D bottom G1L Y1L"
    assert session.state.tile_deck[-2:] == [shown[2], shown[0]]


def test_undo_redo_and_hint() -> None:
    session = after_draft()
    session.click("space:M8")
    assert session.state.phase == "mine"
    assert str(session.undo()) == "place M8" and session.state.phase == "place"
    assert str(session.redo()) == "place M8" and session.state.phase == "mine"
    hint = session.hint()
    # in words; the notation only with Show codes (tests/test_no_notation.py)
    assert hint in session.state.legal_actions() and str(hint) not in session.message
    session.show_codes = True
    again = session.hint()
    assert again is not None and f"({again})" in session.message


def test_bots_play_their_turns(tmp_path) -> None:
    session = GameSession(new_game(3, seed=4), seats=["human", "random", "random"])
    steps = 0
    while not session.state.is_over and steps < 5000:
        if session.is_bot_turn:
            session.bot_step()
        else:
            session.play(session.state.legal_actions()[0])
        steps += 1
    assert session.state.is_over
    assert session.save(tmp_path / "game.json") and "Saved" in session.message
    fresh = GameSession(new_game(2, seed=1))
    assert fresh.load(tmp_path / "game.json")
    assert fresh.state == session.state


def test_loading_a_bad_file_says_why_and_keeps_the_game(tmp_path) -> None:
    session = after_draft()
    before = position_to_dict(session.state)
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    assert not session.load(bad)
    assert "Could not load" in session.message and "JSON" in session.message
    assert position_to_dict(session.state) == before


def test_the_scoring_panel_follows_the_shifts(tmp_path) -> None:
    """After each shift the panel has that shift's segments (4, 8, 12) with every player's
    count; undo past a scoring removes it; a loaded game gets its reports back."""
    from widgets.scorecard import final_html, report_html

    session = GameSession(new_game(3, seed=6), seats=["random"] * 3, undo=FREE)  # undo anywhere
    while session.bot_step():
        if session.reports and session.reports[-1].at == len(session.state.history):
            break  # the first shift has just been scored
    assert [len(r.segments) for r in session.reports] == [4]
    assert all(len(s["counts"]) == 3 for s in session.reports[0].segments)
    assert "Shift I scoring" in report_html(session.reports[0], session.state.names)
    session.undo()
    assert session.reports == []
    session.redo()
    while session.bot_step():
        pass
    assert [len(r.segments) for r in session.reports] == [4, 8, 12]
    winners = session.state.result().winners
    assert session.state.names[winners[0]] in final_html(session.state)
    session.save(tmp_path / "g.json")
    loaded = GameSession(new_game(2, seed=1))
    loaded.load(tmp_path / "g.json")
    assert [(r.shift, r.at, r.segments) for r in loaded.reports] == [
        (r.shift, r.at, r.segments) for r in session.reports
    ]


def test_undo_with_bots_goes_back_to_the_humans_last_decision() -> None:
    session = GameSession(new_game(3, seed=4, start_player=1), seats=["human", "random", "random"])
    while session.is_bot_turn:
        session.bot_step()
    mine = session.state.legal_actions()[0]
    session.play(mine)
    while session.is_bot_turn:
        session.bot_step()
    played = list(session.state.history)
    assert session.undo() == mine and not session.is_bot_turn
    assert session.state.history == played[: played.index(mine)]
    assert session.redo() == mine
    assert session.state.history == played
