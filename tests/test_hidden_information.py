"""No peeking (issue 11): which decisions show hidden cards, fair undo in games, free undo in
lessons and sandboxes, and the face-down table option for delivered orders (R-DELIVER-2)."""

from __future__ import annotations

import io
import json

import pytest
from helpers import random_moves

from gluckauf import Place, RandomBot, new_game, record_of, replay
from gluckauf.bots.registry import make_bot
from gluckauf.cli import main
from gluckauf.core.builder import PositionBuilder
from gluckauf.core.components import ORDERS
from gluckauf.core.hidden import reveals, undo_refusal
from gluckauf.files.positions import position_from_dict, position_to_dict
from gluckauf.text.render import render_text
from gluckauf.text.words import order_short
from widgets.board import BoardWidget
from widgets.draw import picture
from widgets.geometry import layout
from widgets.session import FAIR, FREE, GameSession
from widgets.show import board_svg
from widgets.tutorial import lesson_puzzles


def placing(players: int = 3, seed: int = 3, **options):
    """A new game just after the draft (its end showed the order spaces, R-SETUP-4)."""
    state = new_game(players, seed, **options)
    while state.phase == "draft":
        state.apply(state.legal_actions()[0])
    return state


def texts(painter) -> list[str]:
    return [op[3] for op in painter.ops if op[0] == "text"]


# --- the engine: which decisions reveal ---------------------------------------------------------
@pytest.mark.rule("R-SETUP-4")
def test_the_end_of_the_draft_reveals_the_order_spaces() -> None:
    state = new_game(3, seed=3)
    while len(state.draft_pool) > 2:
        assert reveals(state.apply(state.legal_actions()[0])) == []
        assert state.last_reveal == 0  # the draft pool was shown at setup: nothing to undo past
    shown = reveals(state.apply(state.legal_actions()[0]))
    assert [r.rule for r in shown] == ["R-SETUP-4"] and shown[0].count == 3
    assert state.last_reveal == len(state.history) == 9


@pytest.mark.rule("R-TUNNEL-4", "R-ORDER-1")
@pytest.mark.parametrize(
    ("space", "rule", "what"), [("F1", "R-TUNNEL-4", "tile"), ("O2", "R-ORDER-1", "order")]
)
def test_taking_from_a_space_reveals_its_refill(space: str, rule: str, what: str) -> None:
    state = placing()
    player = state.current
    shown = reveals(state.apply(f"place {space}"))
    assert [(r.rule, r.what, r.seen_by, r.by, r.space) for r in shown] == [
        (rule, what, None, player, space)
    ]
    assert state.last_reveal == len(state.history) and state.last_revealed == tuple(shown)


@pytest.mark.rule("R-TUNNEL-5", "R-ORDER-2")
@pytest.mark.parametrize(("space", "rule"), [("F*", "R-TUNNEL-5"), ("O*", "R-ORDER-2")])
def test_a_look_reveals_to_the_looker_only(space: str, rule: str) -> None:
    state = placing()
    player = state.current
    shown = reveals(state.apply(f"place {space}"))
    assert [(r.rule, r.count, r.seen_by) for r in shown] == [(rule, 5, player)]
    state.apply(state.legal_actions()[0])  # the choice shows nothing new
    assert state.last_reveal == len(state.history) - 1


@pytest.mark.rule("R-TUNNEL-4")
def test_a_refill_from_an_empty_deck_reveals_nothing() -> None:
    state = placing()
    state.tile_deck.clear()
    assert reveals(state.apply("place F1")) == []


def test_undo_takes_the_reveal_back_with_the_action_and_copies_keep_it() -> None:
    state = placing()
    before = state.last_reveal
    state.apply("place O2")
    copy = state.copy()
    assert copy.last_reveal == state.last_reveal == len(state.history)
    state.undo()
    assert state.last_reveal == before and copy.last_reveal == len(copy.history)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_in_whole_games_the_last_reveal_is_the_last_action_that_showed_cards(players) -> None:
    state, bot, last = new_game(players, seed=players), RandomBot(players), 0
    while not state.is_over:
        if reveals(state.apply(bot.choose(state))):
            last = len(state.history)
        assert state.last_reveal == last
    assert replay(record_of(state)).last_reveal == last  # a loaded game knows it too


def test_undo_refusal_names_what_was_seen_and_the_rule() -> None:
    state = placing()
    played = len(state.history)
    assert undo_refusal(state, played) is None
    state.apply("place O*")
    refusal = undo_refusal(state, played)
    assert refusal is not None and refusal.rules == ("R-ORDER-2",)
    assert "Zsófi looked at the top 5 orders of the deck" in str(refusal)
    assert "cannot be unseen" in str(refusal)
    state.apply(state.legal_actions()[0])
    assert undo_refusal(state, played + 1) is None  # back to the look itself: fine


# --- sessions: fair in games, free in lessons and sandboxes -------------------------------------
def test_against_bots_undo_stops_at_a_reveal_says_why_and_changes_nothing() -> None:
    session = GameSession(placing(3, seed=3), seats=["human", "random", "random"])
    session.state.current = 0  # the human's turn (the draft ended on Zsófi's: make it ours)
    session._refresh()
    session.play("place O2")  # shows the next order from the deck
    before, history, redo = session.state.copy(), list(session.state.history), []
    assert session.undo() is None
    assert "Undo stops here" in session.message and "(R-ORDER-1)" in session.message
    assert session.state == before and session.state.history == history
    assert session.redo_stack == redo
    assert session.undo_mode == FAIR and session.undo_limit == len(history)


def test_against_bots_a_move_that_showed_nothing_can_be_taken_back() -> None:
    state = placing(3, seed=3)
    state.current = 0
    session = GameSession(state, seats=["human", "human", "human"])
    session.play("place $4")
    assert session.undo() is not None and len(session.state.history) == 9


def test_undo_takes_back_the_bots_moves_unless_one_of_them_showed_cards() -> None:
    session = GameSession(placing(2, seed=8), seats=["human", "greedy"])
    while session.is_bot_turn:
        session.bot_step()
    played = len(session.state.history)
    session.play("place $4")
    session.play("place M6")  # the bot's move (played for it): nothing new comes up
    assert session.undo() == Place("$4") and len(session.state.history) == played
    session.play("place $4")
    session.play("place F1")  # the bot's move: a new tile comes up from the deck
    assert session.undo() is None and "(R-TUNNEL-4)" in session.message
    assert len(session.state.history) == played + 2


def test_every_default_session_is_fair_and_hotseat_too() -> None:
    assert GameSession().undo_mode == FAIR
    assert GameSession(seats=["human", "human"]).undo_mode == FAIR
    with pytest.raises(ValueError, match="'fair'"):
        GameSession(undo="sometimes")


def test_a_sandbox_undoes_freely_past_a_reveal() -> None:
    session = GameSession(placing(2, seed=3), seats=["human", "human"], undo=FREE)
    played = len(session.state.history)
    session.play("place O*")
    assert session.undo() is not None and len(session.state.history) == played
    assert session.undo_limit == 0
    assert session.redo() is not None and session.state.phase == "choose"


def test_every_lesson_puzzle_has_free_undo() -> None:
    puzzles = lesson_puzzles()
    assert puzzles and all(puzzle.session.undo_mode == FREE for _name, puzzle in puzzles)


def test_the_board_shows_the_mode_and_offers_a_sandbox_only_to_one_person() -> None:
    widget = BoardWidget(GameSession(seats=["human", "random", "random"]))
    assert "Fair play" in widget.mode.value
    assert widget.sandbox.disabled and not widget.sandbox.value
    for box in widget.seat_kinds[:3]:
        box.value = "human"
    assert not widget.sandbox.disabled
    widget.sandbox.value = True
    widget.face_down.value = True
    widget._new_game()
    assert widget.session.undo_mode == FREE and widget.session.state.face_down
    assert "Free undo" in widget.mode.value and "face down" in widget.mode.value
    widget.seat_kinds[1].value = "random"  # a bot at the next table: no sandbox
    assert widget.sandbox.disabled and not widget.sandbox.value


def test_the_learner_board_shows_free_undo() -> None:
    _name, puzzle = lesson_puzzles()[0]
    _feedback, board = puzzle.board().children
    assert "Free undo" in board.mode.value


def test_save_writes_who_played_each_seat_and_load_keeps_the_checkpoint(tmp_path) -> None:
    session = GameSession(placing(3, seed=3, start_player=0), seats=["human", "random", "random"])
    session.play("place O2")
    path = tmp_path / "game.json"
    assert session.save(path)
    assert session.record()["options"]["seats"] == ["human", "random", "random"]
    other = GameSession(seats=["human", "random", "random"])
    assert other.load(path)
    assert other.state.last_reveal == len(other.state.history)
    assert other.undo() is None and "Undo stops here" in other.message


def test_loading_this_game_from_before_a_reveal_is_refused_like_undo(tmp_path) -> None:
    earlier, later = tmp_path / "earlier.json", tmp_path / "later.json"
    session = GameSession(placing(3, seed=3, start_player=0), seats=["human", "human", "human"])
    assert session.save(earlier)
    session.play("place O2")  # a new order comes up
    before = session.state.copy()
    assert not session.load(earlier)
    assert "Not loaded" in session.message and "(R-ORDER-1)" in session.message
    assert session.state == before and len(session.state.history) == 10
    assert session.save(later) and session.load(later)  # the same moment again: fine
    other = tmp_path / "other.json"
    GameSession(placing(3, seed=4)).save(other)
    assert session.load(other) and session.state.seed == 4  # another game: fine
    free = GameSession(placing(3, seed=3, start_player=0), undo=FREE)
    free.play("place O2")
    assert free.load(earlier) and len(free.state.history) == 9  # a sandbox may go back


# --- the terminal game --------------------------------------------------------------------------
def test_the_terminal_game_refuses_undo_past_a_reveal(tmp_path) -> None:
    """Three draft picks, then undo: the end of the draft (or the bot's move after it) showed
    cards, so nothing is taken back — the saved record still holds every action."""
    path = tmp_path / "game.json"
    out = io.StringIO()
    code = main(
        ["play", "--players", "2", "--seed", "1", "--bot", "random"],
        stdin=io.StringIO(f"1\n1\n1\nundo\nsave {path}\nquit\n"),
        stdout=out,
        stderr=io.StringIO(),
    )
    text = out.getvalue()
    assert code == 0 and "Undo stops here" in text and "Took back" not in text
    record = json.loads(path.read_text())
    state = replay(record)
    assert state.last_reveal == len(state.history) >= 7  # six draft picks and a move after
    assert record["options"]["seats"] == ["human", "random"]


# --- delivered orders face down (R-DELIVER-2) ---------------------------------------------------
def face_down_game():
    """A face-down game where two players have delivered orders, and its seats."""
    state = (
        PositionBuilder(players=3, seed=2, names=["Ada", "Bea", "Cem"])
        .delivered(0, "W3YY")
        .delivered(1, "C9KK", "T5K")
        .turn(0)
        .build()
    )
    state.face_down = True
    return state


@pytest.mark.rule("R-DELIVER-2")
def test_str_shows_the_player_to_act_only_their_own_delivered_orders() -> None:
    state = face_down_game()
    text = str(state)
    assert "Ada's view (delivered orders face down)" in text
    assert "delivered W3YY" in text and "C9KK" not in text
    assert "delivered 2 orders, face down" in text
    assert "C9KK" in render_text(state, viewer=None) and "W3YY" not in render_text(state, 1)
    state.face_down = False
    assert "C9KK" in str(state) and "face down" not in str(state)


@pytest.mark.rule("R-DELIVER-2")
def test_the_board_shows_other_players_delivered_orders_face_down() -> None:
    state = face_down_game()

    def delivered_line(viewer: int) -> str:
        shown = texts(picture(state, layout(state, featured=1), viewer=viewer))
        return next(text for text in shown if text.startswith("Delivered, face down"))

    assert delivered_line(0) == "Delivered, face down: 2 orders (only Bea sees them)"
    assert "only Bea" not in delivered_line(1) and "9" in delivered_line(1)  # her own cards
    assert "only Bea sees them" in board_svg(state, featured=1)  # as the player to act sees
    state.face_down = False
    assert "only Bea" not in delivered_line(0)


def test_a_session_shows_the_humans_view_and_bots_cards_stay_hidden() -> None:
    state = (
        PositionBuilder(players=2, seed=4, names=["Ada", "Bot"])
        .looking_at(1, "tile", "G1L", "K2D")
        .build()
    )
    session = GameSession(state, seats=["human", "random"])
    assert session.viewer == 0
    shown = texts(picture(session.state, session.layout, viewer=session.viewer))
    assert shown.count("face down") == 2 and "Take none" not in shown
    assert any("Only Bot sees these cards" in text for text in shown)
    assert "only Bot sees them" in session.describe("choice:0")
    watching = GameSession(state.copy(), seats=["random", "random"])
    assert watching.viewer is None
    assert "face down" not in texts(picture(state, watching.layout, viewer=watching.viewer))


def test_the_option_is_kept_by_records_positions_and_new_games() -> None:
    state = placing(2, seed=5, face_down=True)
    record = record_of(state)
    assert record["options"]["face_down"] is True and replay(record).face_down
    assert "face_down" not in record_of(placing(2, seed=5))["options"]
    assert position_from_dict(position_to_dict(state)).face_down
    session = GameSession(state)
    session.new_game(2, seed=1)
    assert session.state.face_down  # New game keeps the table's option
    end = random_moves(new_game(2, seed=6, face_down=True), 10_000, 6)
    assert end.is_over and "face down" not in str(end)  # the game is over: all cards shown
    assert all(ORDERS[c].code in str(end) for p in range(2) for c in end.delivered[p])


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_in_a_fair_game_no_undo_or_redo_ever_crosses_a_reveal(seed: int) -> None:
    """Random clicks of Undo and Redo between the moves of a game against a bot: undo never
    leaves fewer actions than were played at the last reveal, and redo replays only moves
    that show nothing new (so it cannot show what undo was not allowed to hide)."""
    import random

    rng = random.Random(seed)
    session = GameSession(new_game(2, seed=seed), seats=["human", "random"])
    for _ in range(300):
        if session.state.is_over:
            break
        if session.is_bot_turn:
            session.bot_step()
            continue
        choice = rng.random()
        limit = session.state.last_reveal
        if choice < 0.25:
            session.undo()
            assert len(session.state.history) >= limit
        elif choice < 0.4 and session.redo_stack:
            before = len(session.state.history)
            session.redo()
            assert session.state.last_reveal == limit  # nothing new came up
            assert len(session.state.history) > before
        else:
            legal = session.state.legal_actions()
            session.play(legal[rng.randrange(len(legal))])
    assert len(session.state.history) > 50


def test_a_bot_mining_shows_its_mine_but_not_its_face_down_orders() -> None:
    """While a bot mines, its mine is featured (its cage is seen moving, issue 27); the human's
    eyes stay the board's: the bot's delivered orders stay face down."""
    session = GameSession(new_game(2, seed=3, face_down=True), seats=["human", "greedy"])
    bot = make_bot("greedy", 5)
    seen = 0
    while not session.state.is_over:
        state = session.state
        if state.phase == "mine" and state.current == 1 and state.delivered[1]:
            assert session.featured_seat() == 1 and session.viewer == 0
            shown = texts(picture(state, session.layout, viewer=session.viewer))
            assert any(f"only {state.names[1]} sees them" in text for text in shown), shown
            for card in state.delivered[1]:
                assert not any(order_short(ORDERS[card].code) in text for text in shown)
            seen += 1
        session.play(bot.choose(state))
    assert seen > 0
