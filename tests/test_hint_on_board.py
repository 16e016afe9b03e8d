"""Issue 25 (4): the board's Hint says exactly what the bot registered as ``hint`` plays, in
words (its time per hint is measured by benchmarks/hint_vs_greedy.py, not here)."""

from __future__ import annotations

from gluckauf.bots.registry import make_bot
from gluckauf.text.words import shown_notation
from widgets.session import GameSession


def test_the_board_hints_what_the_hint_bot_plays() -> None:
    session = GameSession(seats=["human", "greedy", "greedy"], seed=3)
    same_bot = make_bot("hint", 3)
    hinted = 0
    while not session.state.is_over and hinted < 15:
        if session.is_bot_turn:
            session.bot_step()
            continue
        action = session.hint()
        assert action == same_bot.choose(session.state)
        assert session.message.startswith("Hint: ")
        assert shown_notation(action) not in session.message  # words, not notation
        session.play(action)
        hinted += 1
    assert hinted == 15
