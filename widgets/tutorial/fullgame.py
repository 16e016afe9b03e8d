"""Lesson 9 — a full game: playing against bots or friends, saving, loading and replaying a game
record, and reading a final result (the checks below read it from ``state.result()``)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from gluckauf import RandomBot, new_game
from gluckauf.core.state import GameState

from . import Feedback, not_yet, right, wrong
from .exercises import exercise
from .names import seat_named
from .phrases import TUTORIAL

GABOR, ZSOFI, PETER = 0, 1, 2
BOT_GAME_SEED = 13  # three random bots; Zsófi leads the shift clock, Péter wins on the tie-break

TEXT = TUTORIAL.texts(
    "fullgame",
    {
        "want_name": "Answer with a player's name in quotes: {names}.",
        "want_letter": 'Answer with one letter in quotes: "A", "B" or "C".',
        # who scored most on the shift clock?
        "clock_right": "Right! {name} scored {vp} VP on the shift clock: {parts} after shifts I, "
        "II and III.",
        "clock_winner": "{name} won the game, but scored only {vp} VP on the shift clock. {how}",
        "clock_other": "{name} scored {vp} VP on the shift clock, and somebody scored more. {how}",
        "clock_how": "In each line, after the “—”, come the VP from delivered orders, then the "
        "shift clock after shifts I, II and III (such as “shifts 0 + 0 + 23”), then the "
        "end-of-game items: add up the three shift numbers.",
        # why does the winner win?
        "tie_right": "Right! {a} and {b} both have {score} VP, so the Marks left over decide "
        "(R-END-5): {winner} kept {w_marks}, {loser} {l_marks}.",
        "tie_orders": "Delivered orders count only through the VP they earned, and those are "
        "already in the totals — which are equal. Look at the end of each line (R-END-5).",
        "tie_start": "The start player plays no part in the final result. Look at the end of each "
        "line (R-END-5).",
        # the buttons of the tie-break question
        "choice_A": "A — he delivered more orders",
        "choice_B": "B — he has more Marks left over",
        "choice_C": "C — he was the last start player",
    },
)

CHOICES = {
    "A": "tie_orders",  # A: Péter delivered more orders
    "B": "tie_right",  # B: Péter has more Marks left over
    "C": "tie_start",  # C: Péter was the last start player
}


@lru_cache(maxsize=4)
def _played(seed: int) -> GameState:
    state = new_game(3, seed)
    bots = [RandomBot(seed + seat) for seat in range(state.players)]  # as GameSession seeds them
    while not state.is_over:
        state.apply(bots[state.current].choose(state))
    return state


def bot_game(seed: int = BOT_GAME_SEED) -> GameState:
    """A whole three-player game of random bots, seeded (the bots of seat k use seed + k, like
    ``GameSession(seats=["random"] * 3, seed=seed)``)."""
    return _played(seed).copy()


def check_shift_leader(answer: Any) -> Feedback:
    """Which player of :func:`bot_game` scored most on the shift clock?"""
    if answer is None:
        return not_yet()
    state = bot_game()
    seat = seat_named(answer, state.names)
    if seat is None:
        names = ", ".join(f'"{name}"' for name in state.names)
        return wrong(TEXT.say("want_name", names=names))
    result = state.result()
    totals = [row.shift_total for row in result.players]
    row = result.players[seat]
    if totals[seat] == max(totals):
        parts = " + ".join(str(sum(shift)) for shift in row.shifts)
        return right(TEXT.say("clock_right", name=row.name, vp=row.shift_total, parts=parts))
    key = "clock_winner" if seat in result.winners else "clock_other"
    return wrong(TEXT.say(key, name=row.name, vp=row.shift_total, how=TEXT["clock_how"]))


@exercise
def shift_leader_question() -> Any:
    """The exercise: a button per player of :func:`bot_game` for :func:`check_shift_leader`."""
    from .ask import ask_player

    return ask_player(check_shift_leader, bot_game().names)


@exercise
def tie_break_question() -> Any:
    """The exercise: a button per answer, A, B and C in words, for :func:`check_tie_break`."""
    from .ask import ask_choice

    return ask_choice(check_tie_break, [(TEXT[f"choice_{letter}"], letter) for letter in CHOICES])


def check_tie_break(answer: Any) -> Feedback:
    """Zsófi and Péter have the same VP: why does Péter win? A, B or C."""
    if answer is None:
        return not_yet()
    key = CHOICES.get(answer.strip().upper()) if isinstance(answer, str) else None
    if key is None:
        return wrong(TEXT["want_letter"])
    if key != "tie_right":
        return wrong(TEXT[key])
    result = bot_game().result()
    best = max(row.score for row in result.players)
    tied = [row for row in result.players if row.score == best]
    winner = result.players[result.winners[0]]
    loser = next(row for row in tied if row.seat != winner.seat)
    return right(
        TEXT.say(
            "tie_right",
            a=tied[0].name,
            b=tied[1].name,
            score=best,
            winner=winner.name,
            w_marks=winner.tie_break_marks,
            loser=loser.name,
            l_marks=loser.tie_break_marks,
        )
    )
