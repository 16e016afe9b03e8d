"""The live widget in plain Python (no browser): clicks, redraws, bots and error reporting."""

from __future__ import annotations

import asyncio
import html
import threading

from gluckauf import new_game
from gluckauf.text.words import order_name
from widgets.board import BoardWidget
from widgets.session import GameSession


def in_fresh_thread(function):
    """Run ``function`` in a new thread: no asyncio loop of another test (e.g. Playwright's)
    can be running there, so the widget's bot scheduling is what the test says it is."""
    result: dict[str, object] = {}

    def target() -> None:
        try:
            result["value"] = function()
        except BaseException as error:  # re-raised in the test's thread
            result["error"] = error

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    if "error" in result:
        raise result["error"]  # type: ignore[misc]
    return result.get("value")


def first_draft(board: BoardWidget) -> str:
    """The target of the first legal draft (the game's first decision)."""
    code = str(board.session.state.legal_actions()[0]).split()[1]
    return f"draft:{code}"


def centre(widget: BoardWidget, target: str) -> tuple[float, float]:
    box = widget.session.layout.box(target)
    return box.cx, box.cy  # the surface reports the mouse in board pixels


def test_a_click_on_the_canvas_plays_the_action() -> None:
    widget = BoardWidget(GameSession(new_game(2, seed=1)))
    code = str(widget.session.state.legal_actions()[0]).split()[1]
    widget._on_mouse_down(*centre(widget, f"draft:{code}"))
    assert str(widget.session.state.history[-1]) == f"draft {code}"
    assert order_name(code) in widget.move_log.value  # the move log speaks words
    assert code not in widget.move_log.value


def test_bots_take_their_turns_until_a_human_is_to_act() -> None:
    """Without an event loop (plain Python) the bots play at once, up to the human's turn."""
    session = GameSession(new_game(3, seed=2, start_player=0), seats=["human", "random", "random"])
    widget = in_fresh_thread(lambda: BoardWidget(session))
    state = widget.session.state
    assert len(state.history) == 2  # seats 2 and 1 drafted before seat 0 (R-SETUP-4)
    assert not widget.session.is_bot_turn and state.current == 0
    assert "R-SETUP-4" in widget.status.value


def test_bots_run_in_an_asyncio_task_and_can_be_stopped() -> None:
    async def scenario() -> tuple[int, int]:
        session = GameSession(new_game(2, seed=3), seats=["random", "random"])
        widget = BoardWidget(session, bot_delay=0.0)
        await asyncio.sleep(0.05)
        widget.bots_running.value = False  # the learner presses "Stop bots"
        await asyncio.sleep(0.02)
        stopped_at = len(session.state.history)
        await asyncio.sleep(0.05)
        return stopped_at, len(session.state.history)

    stopped_at, later = in_fresh_thread(lambda: asyncio.run(scenario()))
    assert stopped_at > 0 and later == stopped_at


def test_an_exception_in_a_callback_becomes_a_message() -> None:
    widget = BoardWidget(GameSession(new_game(2, seed=1)))
    history = list(widget.session.state.history)

    def broken(*_args: object) -> None:
        raise RuntimeError("boom")

    widget.session.click_at = broken  # type: ignore[method-assign]
    widget._on_mouse_down(10, 10)
    assert "boom" in widget.message.value and "unchanged" in widget.message.value
    assert widget.session.state.history == history


def test_an_exception_after_the_game_changed_never_says_it_is_unchanged(tmp_path) -> None:
    """Load replaced the game, then something failed: the message must not claim the game
    is unchanged (the audit saw exactly that after loading an impossible position)."""
    other = GameSession(new_game(3, seed=9))
    assert other.save(tmp_path / "other.json")
    widget = BoardWidget(GameSession(new_game(2, seed=1)))
    real_load = widget.session.load

    def load_then_fail(path: object) -> bool:
        real_load(path)
        raise RuntimeError("boom")

    widget.session.load = load_then_fail  # type: ignore[method-assign]
    widget.path.value = str(tmp_path / "other.json")
    widget._run(widget._load)  # what the Load button does
    assert widget.session.state.players == 3  # the game was replaced
    assert "boom" in widget.message.value and "unchanged" not in widget.message.value
    assert "as it is now" in widget.message.value


def test_redraw_is_idempotent_and_new_game_resets() -> None:
    widget = BoardWidget(GameSession(new_game(4, seed=5)))
    widget.redraw()
    widget.redraw()
    widget.players.value = 2
    widget._new_game()
    assert widget.session.state.players == 2 and "New game" in widget.message.value


def test_hovering_a_space_draws_what_it_is_and_leaving_clears_it() -> None:
    widget = BoardWidget(GameSession(new_game(2, seed=1), view="full"))
    widget._on_mouse_move(*centre(widget, "space:M6"))
    assert widget._hovered == "space:M6"
    assert "6 work steps" in widget.session.describe("space:M6")
    widget._on_mouse_out(0, 0)
    assert widget._hovered is None


def test_a_finished_game_shows_its_statistics_under_the_final_scores() -> None:
    from gluckauf.analysis.stats import (
        stats,  # (gluckauf.analysis.stats is the module: not shadowed)
    )

    session = GameSession(new_game(2, seed=3), seats=["random", "random"])
    widget = BoardWidget(session)
    widget.bots_running.value = False
    while session.bot_step():
        pass
    widget._texts()
    panel = widget.scoring.value
    assert "Statistics of this game" in panel and "<details>" in panel
    table = html.escape(str(stats(session.state)))  # the engine's table, as it is
    assert "Turns by area" in panel and table in panel
    assert widget._stats_for == (id(session.state), len(session.state.history))


def test_the_seed_field_holds_only_seeds_the_engine_deals_with() -> None:
    from widgets.board import MAX_SEED

    widget = BoardWidget(GameSession(new_game(2, seed=1)))
    widget.seed.value = -5  # typed or set: the field keeps to 0 … MAX_SEED
    assert widget.seed.value == 0
    widget.seed.value = 10**20
    assert widget.seed.value == MAX_SEED
    widget._run(widget._new_game)
    assert widget.session.state.seed == MAX_SEED and "New game" in widget.session.message


def test_a_bad_seed_that_still_arrives_is_refused_in_words_in_every_language() -> None:
    from gluckauf.text.i18n import set_language

    widget = BoardWidget(GameSession(new_game(2, seed=1)))
    state = widget.session.state
    widget.seed.min = -100  # code loosened the field's bounds
    widget.seed.value = -5
    widget._run(widget._new_game)
    message = widget.session.message
    assert message.startswith("Not started: a seed is a whole number from 0 to 2147483647.")
    assert "-5 is not one" in message and "wrong" not in message
    assert widget.session.state is state and "ValueError" not in widget.message.value
    for lang, words in (
        ("de", "Ein Startwert ist eine ganze Zahl"),
        ("hu", "a leosztás egy egész szám"),
    ):
        set_language(lang)
        widget._run(widget._new_game)
        assert words in widget.session.message and widget.session.state is state


def test_a_new_view_gets_every_text_again_a_little_later_too(monkeypatch) -> None:
    """The page may still be making the other widgets' models when the picture's view is
    ready (and drops an update for a model it has not made yet): the board sends every state
    again after each of RESEND_AGAIN's delays, while its view is open."""
    import asyncio

    import widgets.board as board_module

    monkeypatch.setattr(board_module, "RESEND_AGAIN", (0.01, 0.02))
    sends: list[int] = []
    monkeypatch.setattr(board_module, "resend_states", lambda root: sends.append(id(root)))
    widget = BoardWidget(GameSession(new_game(2, seed=1)))

    async def view_ready() -> None:
        widget._on_client_ready()
        await asyncio.sleep(0.1)

    asyncio.run(view_ready())
    assert sends == [id(widget)] * 3
    widget.close()
    asyncio.run(view_ready())  # a closed board sends nothing later
    assert len(sends) == 4


def test_a_new_view_gets_every_text_again_even_if_unchanged_since(monkeypatch) -> None:
    """Voilà's pre-heated kernel: a bot may move before the page listens, so the update of the
    status line is lost; when the view is ready, the board sends every text again."""
    import ipywidgets

    from widgets.resync import widgets_under

    widget = BoardWidget(GameSession(new_game(2, seed=1)))
    widget.session.say("The bot took an order.")  # sent while no page listened: lost
    sent: list[tuple[object, dict]] = []
    monkeypatch.setattr(
        ipywidgets.Widget, "_send", lambda self, msg, buffers=None: sent.append((self, msg))
    )
    widget._on_client_ready()
    updates = {id(w): msg["state"] for w, msg in sent if msg.get("method") == "update"}
    assert updates[id(widget.status)]["value"] == widget.status.value
    assert "The bot took an order." in updates[id(widget.message)]["value"]
    assert updates[id(widget.bots_running.layout)]  # layouts too (hidden once the game ends)
    assert {id(w) for w in widgets_under(widget)} <= set(updates) | {
        id(w) for w in widgets_under(widget) if w.comm is None
    }
