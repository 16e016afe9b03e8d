"""Issue 25 (4): the board's Hint says exactly what the bot registered as ``hint`` plays, in
words, and a slow machine's clock stops it in time (its time per hint is measured by
benchmarks/hint_vs_greedy.py, not here)."""

from __future__ import annotations

from gluckauf.bots.registry import make_bot
from gluckauf.text.words import shown_notation
from widgets import session as sessions
from widgets.session import GameSession


def test_the_board_hints_what_the_hint_bot_plays(monkeypatch) -> None:
    # the hint bot's own budget of work decides, not this (busy) machine's clock
    monkeypatch.setattr(sessions, "HINT_SECONDS", 600.0)
    session = GameSession(seats=["human", "greedy", "greedy"], seed=3)
    same_bot = make_bot("hint", 3)
    hinted = 0
    while not session.state.is_over and hinted < 12:
        if session.is_bot_turn:
            session.bot_step()
            continue
        action = session.hint()
        assert action == same_bot.choose(session.state)
        assert session.message.startswith("Hint: ")
        assert shown_notation(action) not in session.message  # words, not notation
        session.play(action)
        hinted += 1
    assert hinted == 12


def test_the_boards_clock_stops_a_long_hint(monkeypatch) -> None:
    session = GameSession(seats=["human", "greedy", "greedy"], seed=4)
    while session.state.phase != "place" or session.is_bot_turn:
        if session.is_bot_turn:
            session.bot_step()
        else:
            session.play(session.state.legal_actions()[0])
    monkeypatch.setattr(sessions, "HINT_SECONDS", 0.05)
    action = session.hint()
    assert session.state.is_legal(action) and session.message.startswith("Hint: ")
    bot = session.hint_bot
    assert bot.last_seconds < 1.0 and bot.last_work < bot.work // 2  # the clock, not the work
