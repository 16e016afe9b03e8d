"""Lesson 1 — setup and the board (R-SETUP-1 … R-SETUP-5): positions and checks."""

from __future__ import annotations

from typing import Any

from gluckauf import new_game
from gluckauf.core.actions import Draft
from gluckauf.core.builder import PositionBuilder
from gluckauf.core.components import SPACE_BY_CODE, SPACES, draft_size
from gluckauf.core.state import GameState
from gluckauf.text.messages import say
from gluckauf.text.words import order_name

from . import Feedback, Puzzle, check_number, not_yet, right, wrong
from .exercises import exercise
from .names import seat_named
from .phrases import TUTORIAL

GABOR, ZSOFI, PETER = 0, 1, 2
DRAFT_SEED = 12
LEFT_OVER = "C9KK"  # the order the draft puzzle leaves on the board

TEXT = TUTORIAL.texts(
    "setup",
    {
        # which spaces are locked with 2 players?
        "locked_done": "Right! With 2 players 7 spaces are locked: {codes} (R-SETUP-1).",
        "locked_three": "Those are the spaces locked with 3 players. With 2 players more are "
        "locked: 7 in all. Look at the grey spaces of the 2-player board again.",
        "locked_missing": "Not yet: {n} locked space{s} {are} missing — look in the {areas} "
        "area{s2}.",
        "locked_extra": "{codes} {is_are} open with 2 players.",
        "locked_unknown": "{codes} {is_are} not a space code on the board: codes look like F4, M8, "
        "$5 or O1 (F★ is F*).",
        "locked_not_set": 'Write the codes as a set in curly brackets, for example {"F1", "M6"}.',
        "areas": "tunnel expansion,mining,delivery,money,new orders,bank building",
        # how many orders are revealed with 4 players?
        "reveal_explain": "3 × 4 + 1 = 13 orders: three for each player and one left over "
        "for the board (R-SETUP-4).",
        "reveal_12": "Close: 3 for each player makes 12 — and one more is revealed, the card that "
        "is left over for the board.",
        "reveal_10": "10 is the number for 3 players. Count again for 4.",
        "reveal_4": "4 is the number of players: each of them takes 3 orders, and one more is "
        "revealed.",
        # who takes the first order?
        "first_done": "Right! The draft starts with the player to the start player's right — "
        "Péter — and goes counter-clockwise: Péter, Zsófi, Gábor, Péter, … (R-SETUP-4).",
        "first_zsofi": "Zsófi sits to Gábor's left: she is next clockwise, the way turns go "
        "during a shift. The draft goes the other way round.",
        "first_gabor": "Gábor is the start player: he places the first worker of shift I, so in "
        "the draft he picks last in each round.",
        "first_unknown": "{answer!r} is not at this table: the players are Gábor, Zsófi and Péter.",
        "first_not_text": 'Write the player\'s name in quotes, for example "Anna".',
        # the draft puzzle
        "draft_next": "{taken} of 9 orders taken. Next to pick: {name} (counter-clockwise, "
        "R-SETUP-4). Keep {card} in the pool.",
        "draft_took_it": "{name} took {card}, the order that should be left over. Press Undo (or "
        "Start again) and leave it in the pool.",
        "draft_done": "Well done! Everyone has 3 orders, and the one card left over, {card}, went "
        "onto order space O1; O2, O3 and O4 were filled from the deck (R-SETUP-4). Shift I "
        "begins: Gábor, the start player, places the first workers.",
    },
)


# --- which spaces are locked? --------------------------------------------------------------
def locked_board_state(players: int = 2) -> GameState:
    """A game just after the draft (Gábor to act), to click locked spaces."""
    return (
        PositionBuilder(players=players, seed=4)
        .orders(GABOR, "W3YY", "T4G", "C5BB")
        .orders(ZSOFI, "R2Y", "W5K", "T3B")
        .turn(GABOR)
        .build()
    )


def locked_board() -> Any:
    """The live 2-player board: click the grey spaces to read why they are refused."""
    from ..board import BoardWidget
    from ..session import FREE, GameSession

    return BoardWidget(GameSession(locked_board_state(2), undo=FREE))  # a lesson: free undo


def locked_codes(players: int) -> set[str]:
    """The codes of the spaces locked with this many players (R-SETUP-1)."""
    return {space.code for space in SPACES if players in space.locked_with}


def _normalise(code: Any) -> str | None:
    if not isinstance(code, str):
        return None
    text = code.strip().upper().replace("★", "*").replace(" ", "")
    return text


def _plural(codes: list[str]) -> str:
    return "is" if len(codes) == 1 else "are"


def _areas(codes: set[str]) -> str:
    names = TEXT["areas"].split(",")
    found = [names[a] for a in sorted({SPACE_BY_CODE[c].area for c in codes})]
    return found[0] if len(found) == 1 else ", ".join(found[:-1]) + say("word.and") + found[-1]


def check_locked(answer: Any) -> Feedback:
    """Which spaces are locked with 2 players? The answer is a set of space codes."""
    if answer is None:
        return not_yet()
    if isinstance(answer, str) or not isinstance(answer, set | frozenset | list | tuple):
        return wrong(TEXT["locked_not_set"])
    codes = {_normalise(code) for code in answer}
    if None in codes:
        return wrong(TEXT["locked_not_set"])
    unknown = sorted(c for c in codes if c not in SPACE_BY_CODE)  # type: ignore[operator]
    if unknown:
        return wrong(TEXT.say("locked_unknown", codes=", ".join(unknown), is_are=_plural(unknown)))
    expected = locked_codes(2)
    order = [space.code for space in SPACES]
    if codes == expected:
        listed = ", ".join(sorted(expected, key=order.index))
        return right(TEXT.say("locked_done", codes=listed))
    if codes == locked_codes(3):
        return wrong(TEXT["locked_three"])
    parts = []
    extra = sorted(codes - expected, key=order.index)  # type: ignore[arg-type]
    if extra:
        parts.append(TEXT.say("locked_extra", codes=", ".join(extra), is_are=_plural(extra)))
    missing = expected - codes  # type: ignore[operator]
    if missing:
        many = len(missing) != 1
        areas = _areas(missing)
        parts.append(
            TEXT.say(
                "locked_missing",
                n=len(missing),
                s="s" if many else "",
                are="are" if many else "is",
                areas=areas,
                s2="s" if say("word.and") in areas else "",
            )
        )
    return wrong(" ".join(parts))


@exercise
def locked_question() -> Any:
    """The exercise: the 2-player board; click the locked spaces to mark them, then Check."""
    from .ask import ask_spaces

    return ask_spaces(check_locked, locked_board_state(2))


# --- the draft -----------------------------------------------------------------------------
def check_revealed(answer: Any) -> Feedback:
    """How many orders are revealed for the draft with 4 players?"""
    return check_number(
        answer,
        draft_size(4),
        explain=TEXT["reveal_explain"],
        common={12: TEXT["reveal_12"], 10: TEXT["reveal_10"], 4: TEXT["reveal_4"]},
    )


@exercise
def revealed_question() -> Any:
    """The exercise: a number box for :func:`check_revealed`."""
    from .ask import TEXT as ASK
    from .ask import ask_number

    return ask_number(check_revealed, unit=ASK["unit_orders"])


@exercise
def first_picker_question() -> Any:
    """The exercise: a button per player of the draft for :func:`check_first_picker`."""
    from .ask import ask_player

    return ask_player(check_first_picker, draft_state().names)


def check_first_picker(answer: Any) -> Feedback:
    """Gábor is the start player of a 3-player game: who takes the first order?"""
    if answer is None:
        return not_yet()
    if not isinstance(answer, str):
        return wrong(TEXT["first_not_text"])
    seat = seat_named(answer)
    if seat is None:
        return wrong(TEXT.say("first_unknown", answer=answer))
    if seat == draft_state().current:
        return right(TEXT["first_done"])
    return wrong(TEXT["first_zsofi"] if seat == ZSOFI else TEXT["first_gabor"])


def draft_state() -> GameState:
    """A new 3-player game at its draft, Gábor the start player (R-SETUP-4)."""
    return new_game(3, DRAFT_SEED, start_player=GABOR)


@exercise
def draft_puzzle() -> Puzzle:
    """Draft for all three players; leave the 9-VP carriage order (C9KK) over to the end.
    Every way to the goal is the draft's remaining picks, and a pick of C9KK cannot be
    undone by the draft: what the coach may know (widgets.tutorial.coach.Coach)."""
    return Puzzle(draft_state(), _draft_goal, same_length=True, final_wrong=True)


def _draft_goal(state: GameState) -> Feedback:
    picks = [action.order for action in state.history if isinstance(action, Draft)]
    card = order_name(LEFT_OVER)
    if LEFT_OVER in picks:  # the k-th pick is made by the seat k places right of the start
        seat = (state.first_start_player - 1 - picks.index(LEFT_OVER)) % state.players
        return wrong(TEXT.say("draft_took_it", name=state.names[seat], card=card))
    if state.phase == "draft":
        return not_yet(
            TEXT.say("draft_next", taken=len(picks), name=state.names[state.current], card=card)
        )
    return right(TEXT.say("draft_done", card=card))
