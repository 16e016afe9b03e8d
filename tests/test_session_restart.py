"""Start again at the board: free in lessons and sandboxes, and in a fair game it follows
undo's rule — never back past a decision that showed hidden cards (R-TURN-1's fairness, the
reference's "Hidden information and undo")."""

from __future__ import annotations

from gluckauf import RandomBot, new_game
from gluckauf.files.positions import position_to_dict
from widgets.session import FREE, GameSession


def _play_until_reveal(session: GameSession) -> None:
    """Random moves until hidden cards have been shown (the end of the draft at the latest)."""
    bot = RandomBot(3)
    while session.state.last_reveal == 0:
        session.play(bot.choose(session.state))


def test_a_fair_game_does_not_start_again_past_a_reveal() -> None:
    session = GameSession(new_game(3, seed=4))
    _play_until_reveal(session)
    before = (position_to_dict(session.state), list(session.state.history))
    assert session.restart() is False
    assert "Not started again" in session.message and "New game" in session.message
    assert "R-SETUP-4" in session.message  # the end of the draft showed the order spaces
    assert (position_to_dict(session.state), session.state.history) == before


def test_a_fair_game_starts_again_before_any_reveal() -> None:
    session = GameSession(new_game(3, seed=4))
    session.play(session.state.legal_actions()[0])  # one draft pick shows nothing hidden
    assert session.state.last_reveal == 0
    assert session.restart() is True
    assert session.state == new_game(3, seed=4) and session.state.history == []


def test_free_undo_starts_again_anywhere() -> None:
    session = GameSession(new_game(3, seed=4), undo=FREE)
    _play_until_reveal(session)
    assert session.restart() is True
    assert session.state == new_game(3, seed=4) and session.state.history == []
    assert session.message == "Back at the start."
