"""Lesson 0 — start here: a first click on the board, a whole game played by bots, and
reading its result (R-TURN-1, R-SHIFT-1, R-END-5)."""

from __future__ import annotations

from typing import Any

from gluckauf import RandomBot, new_game
from gluckauf.core.builder import PositionBuilder
from gluckauf.core.components import SPACE_BY_CODE
from gluckauf.core.state import GameState
from gluckauf.text.messages import count, say
from gluckauf.text.words import describe_action, space_name

from ..geometry import PLAY
from . import Feedback, Goal, Puzzle, not_yet, right, wrong
from .exercises import exercise
from .names import seat_named
from .phrases import TUTORIAL

GABOR, ZSOFI, PETER = 0, 1, 2
GAME_SEED = 40  # a whole 3-player game of random bots: Zsófi wins it, 40 VP to 29 and 0

TEXT = TUTORIAL.texts(
    "start",
    {
        "first_move_done": "Well done: that was your first move — Gábor placed {workers} on "
        "{space}.",
        "first_move_other": "Well done: that was your first move — Gábor chose to {action}.",
        "first_move_undo": "Now press Undo to take it back.",
        "first_move_undone": "You took your move back with Undo. Now press Redo to play it again.",
        "first_move_redone": "You took it back with Undo and played it again with Redo: every "
        "board of this course works that way.",
        "winner_done": "Right! {name} has the most VP: {score}. {others} (R-END-5)",
        "winner_other_line": "{name} {score} VP",
        "winner_others": "The others: {others}.",
        "winner_not_top": "{name} scored {score} VP, but somebody scored more. Look at the "
        "Scores box beside the shift clock in the picture.",
        "winner_unknown": "{answer!r} is not at this table: the players are {names}.",
        "winner_not_text": 'Write the player\'s name in quotes, for example "Anna".',
        "winner_not_over": "This game is not over yet, so nobody has won it.",
    },
)


# --- your first click ----------------------------------------------------------------------
@exercise
def first_move_puzzle() -> Puzzle:
    """A 3-player game just after the draft: Gábor (the start player) is to act. Goal: any
    move at all — the point is to click, read the refusals, undo and redo."""
    state = (
        PositionBuilder(players=3, seed=5)
        .orders(GABOR, "W3YY", "C4G", "T5BB")
        .orders(ZSOFI, "R2Y", "W5K", "C3B")
        .orders(PETER, "T3YY", "R4G", "W7GG")
        .turn(GABOR)
        .build()
    )
    return FirstMove(state, _first_move_goal, view=PLAY)


class FirstMove(Puzzle):
    """The first-move puzzle: its feedback follows the learner through Undo and Redo (move,
    then "press Undo"; undone, then "press Redo"; redone, then both were done)."""

    def __init__(self, state: GameState, goal: Goal, **options: Any) -> None:
        super().__init__(state, goal, **options)
        self.taken_back: Any = None  # the move Undo took back, while it may come again
        self.redone = False
        self.session.observe(self._follow, names="version")

    @property
    def undone(self) -> bool:
        return self.taken_back is not None

    def _follow(self, _change: Any = None) -> None:
        session, history = self.session, self.session.state.history
        if not history:
            # taken back by Undo (it waits for Redo), or Start again (nothing to redo)
            self.taken_back = session.redo_stack[-1] if session.redo_stack else None
            self.redone = False
        elif self.undone and not self.redone:
            # the same move again (Redo, or the same click): both were done; another move
            # is a new first move
            self.redone = history[0] == self.taken_back
            if not self.redone:
                self.taken_back = None

    def check(self) -> Feedback:
        self._follow()
        state = self.session.state
        if not state.history:
            return not_yet(TEXT["first_move_undone"]) if self.undone else super().check()
        feedback = self.goal(state)
        after = TEXT["first_move_redone"] if self.redone else TEXT["first_move_undo"]
        return Feedback(feedback.ok, f"{feedback.message} {after}")


def _first_move_goal(state: GameState) -> Feedback:
    action = state.history[0]
    space = getattr(action, "space", None)
    if space is None:
        before = state.copy()
        while before.history:
            before.undo()
        return right(TEXT.say("first_move_other", action=describe_action(action, before)))
    standing = state.space_count[SPACE_BY_CODE[space].index] if space != "BANK" else 1
    workers = count(standing, "worker")
    return right(TEXT.say("first_move_done", workers=workers, space=space_name(space)))


# --- a whole game ----------------------------------------------------------------------------
def bot_game(players: int = 3, seed: int = GAME_SEED) -> GameState:
    """A whole game played by random bots, as the notebook builds it — and as the board
    widget plays it with ``GameSession(seats=["random"] * players, seed=seed)``, whose seat s
    uses ``RandomBot(seed + s)``: same seed, same game."""
    state = new_game(players=players, seed=seed)
    bots = [RandomBot(seed=seed + seat) for seat in range(players)]
    while not state.is_over:
        state.apply(bots[state.current_player].choose(state))
    return state


def check_winner(answer: Any, state: GameState) -> Feedback:
    """Who won the finished game ``state``? The answer is a player's name."""
    if answer is None:
        return not_yet()
    if not isinstance(answer, str):
        return wrong(TEXT["winner_not_text"])
    result = state.result()
    if not result.over:
        return wrong(TEXT["winner_not_over"])
    seat = seat_named(answer, state.names)
    if seat is None:
        names = ", ".join(state.names[:-1]) + say("word.and") + state.names[-1]
        return wrong(TEXT.say("winner_unknown", answer=answer, names=names))
    if seat not in result.winners:
        return wrong(TEXT.say("winner_not_top", name=state.names[seat], score=state.score[seat]))
    others = ", ".join(
        TEXT.say("winner_other_line", name=state.names[p], score=state.score[p])
        for p in range(state.players)
        if p != seat
    )
    return right(
        TEXT.say(
            "winner_done",
            name=state.names[seat],
            score=state.score[seat],
            others=TEXT.say("winner_others", others=others),
        )
    )


@exercise
def winner_question(state: GameState) -> Any:
    """The exercise: a button per player of the finished game ``state`` for
    :func:`check_winner`."""
    from .ask import ask_player

    return ask_player(lambda name: check_winner(name, state), state.names)
