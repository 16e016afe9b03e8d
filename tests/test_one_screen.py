"""Issue 24, "one screen, one game": the play view fits a laptop's notebook and shows the
decision at hand whole; the answer sits above the picture; a shift's scoring and the game's
end are told step by step over the picture and hold the bots; hover texts never cover what
they describe and vanish when stale; the small defects (Stop bots after the end)."""

from __future__ import annotations

import ipywidgets as w
import pytest

from gluckauf import new_game
from gluckauf.bots.registry import make_bot
from gluckauf.core.builder import PositionBuilder
from gluckauf.core.components import ORDER_SPACES
from gluckauf.core.state import CHOOSE, GameState
from widgets.board import BoardWidget
from widgets.clicks import token_of
from widgets.draw import _tooltip_place, card_lines
from widgets.geometry import PLAY, PLAY_HEIGHT, Box, layout, play_sections
from widgets.session import FAIR, FREE, GameSession


def decisions(players: int, seed: int, bot: str = "greedy") -> list[GameState]:
    """Every decision of a bot game (copies), the finished game last."""
    state, chooser = new_game(players, seed), make_bot(bot, seed)
    seen = []
    while True:
        seen.append(state.copy(history=False))
        if state.is_over:
            return seen
        state.apply(chooser.choose(state))


GAMES = [(players, seed) for players in (2, 3, 4) for seed in (1, 2)]


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_the_play_view_fits_a_laptop_notebook(players: int, seed: int) -> None:
    """At most PLAY_HEIGHT (the picture's share of the ~600 px a notebook shows at 1280×720
    with the sidebar open) for every decision; only an F★/O★ choice with a hand of seven or
    more orders may take a row more."""
    for state in decisions(players, seed):
        picture = layout(state, view=PLAY)
        if state.phase == CHOOSE and len(state.outstanding[state.current]) >= 7:
            assert picture.height <= PLAY_HEIGHT + 70
        else:
            assert picture.height <= PLAY_HEIGHT, (state.phase, picture.sections)


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_the_play_view_shows_every_click_of_the_decision(players: int, seed: int) -> None:
    """Whatever the decision, every click that leads towards a legal action has a target in
    the play view (explored three clicks deep: a fill is a cube, then a slot)."""
    for state in decisions(players, seed, bot="random")[:-1]:
        session = GameSession(state, view=PLAY)
        shown = {token_of(name, state) for name in session.layout.targets()}
        frontier = [()]
        for _depth in range(3):
            following = []
            for prefix in frontier:
                wanted = session.clicks.next_tokens(prefix)
                missing = wanted - shown
                assert not missing, (state.phase, play_sections(state), sorted(missing))
                following += [(*prefix, token) for token in wanted]
            frontier = following[:40]


def test_the_play_view_follows_the_decision() -> None:
    state = new_game(3, 1)
    assert play_sections(state) == ("panel", "mine")  # the draft: its cards and the hand
    chooser = make_bot("greedy", 1)
    while state.phase != "place":
        state.apply(chooser.choose(state))
    assert play_sections(state) == ("board", "bar")
    while state.phase != "mine":
        state.apply(chooser.choose(state))
    assert play_sections(state) == ("steps", "mine", "bar")


def test_the_answer_line_is_above_the_picture_and_keeps_its_room() -> None:
    board = BoardWidget(GameSession())
    children = list(board.children)
    assert children.index(board.answer_box) < children.index(board.surface.widget)
    # and the live region, a pixel hidden from the eye (widgets.access)
    assert list(board.answer_box.children) == [board.status, board.message, board.live]
    assert board.answer_box.layout.height == "58px"  # fixed: the picture never moves


def test_settings_and_moves_are_one_click_away() -> None:
    board = BoardWidget(GameSession())
    assert board.settings.layout.display == "none" and board.record.layout.display == "none"
    board.show_settings.value = True
    board.show_log.value = True
    assert board.settings.layout.display == "" and board.record.layout.display == ""
    assert board.move_log in board.record.children and board.scoring in board.record.children


def test_the_wide_board_puts_its_controls_beside_the_picture() -> None:
    board = BoardWidget(GameSession(), wide=True)
    (row,) = [child for child in board.children if isinstance(child, w.HBox)]
    assert isinstance(row, w.HBox) and row.layout.flex_flow == "row wrap"
    left, right = row.children
    assert board.surface.widget in left.children and board.answer_box in left.children
    assert board.settings in right.children and board.record in right.children
    assert board.show_settings.value and board.show_log.value  # open: there is room


def test_the_view_switch_shows_the_whole_table_and_back() -> None:
    board = BoardWidget(GameSession())
    assert board.session.view == PLAY
    board.view_switch.value = "full"
    assert board.session.layout.has("area:clock") and board.session.layout.height > 1000
    board.view_switch.value = PLAY
    assert board.session.layout.height <= PLAY_HEIGHT


# --- announcements ------------------------------------------------------------------------------
def board_at_shift_end(seats: list[str], undo: str = FAIR) -> BoardWidget:
    """A board whose game has just finished shift I (played through the session, as clicks
    would)."""
    session = GameSession(seats=seats, seed=3, undo=undo)
    board = BoardWidget(session, controls=True)
    board.bots_running.value = False
    chooser = make_bot("greedy", 3)
    while not session.reports:
        session.play(chooser.choose(session.state))
    return board


def test_a_shift_end_is_told_segment_by_segment_and_waits() -> None:
    board = board_at_shift_end(["human"] * 3)
    titles = [step.title for step in board._steps]
    assert titles == ["Shift I is over"] + [
        f"Segment {n}: {what}"
        for n, what in (
            (1, "yellow icons"),
            (2, "brown icons"),
            (3, "grey icons"),
            (4, "black icons"),
        )
    ]
    assert [step.segment for step in board._steps] == [None, 1, 2, 3, 4]
    assert board._steps[-1].lines[-1].startswith("Scores now: ")
    segment = board.session.reports[-1].segments[0]
    for p, _place, points in segment["awarded"]:  # the engine's awards, in words
        assert any(
            board.session.state.names[p] in line and f"+{points} VP" in line
            for line in board._steps[1].lines
        )
    history = len(board.session.state.history)
    board._on_mouse_down(*middle(board.session.layout.box("space:M6")))  # not a card button
    assert "First read the scoring" in board.session.message
    assert len(board.session.state.history) == history  # nothing was played
    boxes = card_buttons(board)
    board._on_mouse_down(boxes["next"].cx, boxes["next"].cy)
    assert board._step == 1
    boxes = card_buttons(board)  # this card's own size
    board._on_mouse_down(boxes["done"].cx, boxes["done"].cy)
    assert board._steps == []
    board._on_mouse_down(*middle(board.session.layout.box("space:M6")))
    assert len(board.session.state.history) == history + 1  # the game goes on


def middle(box: Box) -> tuple[float, float]:
    return box.cx, box.cy


def card_buttons(board: BoardWidget) -> dict[str, Box]:
    from widgets.geometry import announcement_boxes

    return announcement_boxes(board.session.layout, board._card_lines())


def test_bots_wait_while_a_scoring_is_shown() -> None:
    board = board_at_shift_end(["human", "greedy", "greedy"])
    board.bots_running.value = True
    assert board._steps and not board.bot_turns.running()
    board._steps = []
    assert board.bot_turns.running()


def test_undoing_past_a_scoring_drops_its_card() -> None:
    board = board_at_shift_end(["human"] * 3, undo=FREE)
    assert board._steps
    assert board.session.undo() is not None
    assert board._steps == []


def test_a_new_game_announces_nothing_old() -> None:
    board = board_at_shift_end(["human"] * 3)
    board._steps = []
    board.session.new_game(3, seed=5)
    assert board._steps == []


def test_the_end_of_the_game_is_announced_with_the_winner() -> None:
    session = GameSession(seats=["human"] * 2, seed=4)
    board = BoardWidget(session)
    chooser = make_bot("greedy", 4)
    while not session.state.is_over:
        session.play(chooser.choose(session.state))
    over = board._steps[-1]
    assert over.title == "The game is over"
    winners = [session.state.names[p] for p in session.state.result().winners]
    assert any(all(name in line for name in winners) for line in over.lines)
    assert board.bots_running.layout.display == "none"  # no Stop bots after the end


# --- hover texts -------------------------------------------------------------------------------
@pytest.mark.parametrize("view", [PLAY, "full"])
def test_a_hover_text_never_covers_what_it_describes(view: str) -> None:
    for state in decisions(3, 2)[::15]:
        picture = layout(state, view=view)
        for name, box in picture.clickable:
            own = Box(box.x, box.y, box.w, box.h + 22)
            x, y = _tooltip_place(picture, own, 360, 90, [])
            tip = Box(x, y, 360, 90)
            assert not tip.overlaps(own), (name, view)
            assert tip.x >= 0 and tip.right <= picture.width and tip.y >= 0
            assert tip.bottom <= picture.height


def test_a_hover_text_goes_where_it_covers_no_other_target_if_it_can() -> None:
    picture = layout(new_game(3, 1), view=PLAY)  # the draft: two rows of cards
    cards = [b for n, b in picture.clickable if n.startswith("draft:")]
    own = max(cards, key=lambda b: (b.y, -b.x))  # the first of the second row
    others = [b for b in cards if b != own]
    assert _tooltip_place(picture, own, 360, 58, [])[1] > own.bottom  # below it
    own = min(cards, key=lambda b: (b.y, b.x))  # the first card: nowhere is clear
    x, y = _tooltip_place(picture, own, 360, 58, others)
    assert not Box(x, y, 360, 58).overlaps(own)
    own = max(cards, key=lambda b: (b.y, -b.x))
    x, y = _tooltip_place(picture, own, 360, 58, others)
    assert not any(Box(x, y, 360, 58).overlaps(b) for b in others)


def test_a_hover_vanishes_when_the_game_moves_on() -> None:
    board = BoardWidget(GameSession(new_game(2, seed=1), view="full"))
    board._on_mouse_move(*middle(board.session.layout.box("space:M6")))
    assert board._hovered == "space:M6"
    target = sorted(board.session.legal_targets())[0]
    board.session.click(target)  # a draft pick: the game moved on
    assert board._hovered is None


def test_the_announcement_card_reads_and_its_buttons_can_be_hit() -> None:
    """Its texts are at least 11 px and inside the picture; Next ▸ and Continue are big
    enough and do not overlap."""
    from widgets.draw import draw_announcement
    from widgets.geometry import announcement_boxes
    from widgets.painter import Painter

    board = board_at_shift_end(["human"] * 3)
    layout_ = board.session.layout
    for index, step in enumerate(board._steps):
        painter = Painter()
        draw_announcement(layout_, painter, step, index, len(board._steps))
        texts = [op for op in painter.ops if op[0] == "text"]
        assert texts and all(op[4] >= 11 for op in texts)
        assert all(0 <= op[2] <= layout_.height for op in texts)
        boxes = announcement_boxes(layout_, len(card_lines(layout_, step)))
        assert boxes["card"].bottom <= layout_.height
        assert not boxes["next"].overlaps(boxes["done"])
        assert min(boxes["next"].h, boxes["done"].w) >= 24


def test_a_card_or_tile_turned_face_up_is_pointed_out_until_the_next_decision() -> None:
    session = GameSession(seats=["human"] * 2, seed=1, undo=FREE)
    chooser = make_bot("greedy", 1)
    while session.state.phase == "draft":
        session.play(chooser.choose(session.state))
    shown = [
        f"space:{space.code}"
        for space in ORDER_SPACES
        if session.state.order_spaces[space.value] is not None
    ]
    assert session.revealed and set(session.revealed) < set(shown)  # the deck's, not the
    while True:  # draft's last card; the first buy from a tile space shows the deck's top
        action = chooser.choose(session.state)
        session.play(action)
        if str(action).startswith("place F") and "*" not in str(action):
            assert session.revealed == [f"space:{str(action).split()[1]}"]
            break
    session.undo()
    assert session.revealed == []


def test_bots_add_their_reveals_to_what_the_human_is_shown() -> None:
    """Over a whole game against a bot: a human's move shows its own reveals, each bot move
    after it adds its own, until the human's next decision."""
    from widgets.session import revealed_spaces

    session = GameSession(seats=["human", "greedy"], seed=2)
    chooser = make_bot("greedy", 2)
    grew = False
    while not session.state.is_over:
        before, by_bot = list(session.revealed), session.is_bot_turn
        events = session.play(chooser.choose(session.state))
        shown = revealed_spaces(events, session.state)
        assert session.revealed == (before + shown if by_bot else shown)
        grew |= by_bot and bool(before) and bool(shown)
    assert grew  # a bot's reveal joined an earlier one at least once


def test_opponents_orders_read_whole_in_their_compact_mines() -> None:
    """Five orders in a 4-player game's compact mine: two lines of transports and fills, not
    "Wheelbarr…"."""
    from widgets.draw import _compact_hand
    from widgets.draw import wrap as wrapped

    state = (
        PositionBuilder(players=4, seed=1)
        .orders(1, "W2Y", "W3YY", "T10YBGK", "C9KK", "R7GG")
        .build()
    )
    width = layout(state, view="full", featured=0).box("mine:1").w - 16
    lines = wrapped(_compact_hand(state, 1, width), width, 11)
    assert len(lines) <= 2 and "…" not in "".join(lines)
    assert all(word in " ".join(lines) for word in ("Wheelbarrow", "Truck", "Carriage", "Train"))
