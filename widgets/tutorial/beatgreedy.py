"""Lesson 10 — beat the greedy bot: three ideas, each tried on a position, then a game.

1. **Read the next player.** The greedy bot plays what looks best right now, so its next move
   can be foreseen: the learner plays Péter's move as the greedy bot will
   (:func:`read_puzzle`; the right answer is whatever :class:`GreedyBot` chooses there).
2. **Take first what they will take.** In the same position one move earlier, the learner
   (Zsófi) wants a black tile and the only yellow one; four black tiles are on display, and
   Péter will take the yellow one next (:func:`first_puzzle`).
3. **Take only what you can finish.** Late in shift III, with one worker left after O★, no
   order shown can still be delivered: the greedy bot takes the 12-VP order anyway, the
   lesson bot takes none (:func:`finish_puzzle`; checked by
   :func:`gluckauf.bots.outlook.order_can_finish`).

The first position comes from a real game of greedy bots (``data/scarce_tile.json``: seed
503, 70 moves); the tests check that the bots still see it as the lesson says (the greedy
bot's choices, and the lesson bot's: :mod:`gluckauf.bots.lesson`).
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from typing import Any

from gluckauf.bots.greedy import NODE_LIMIT, GreedyBot
from gluckauf.bots.mcts import Opponents
from gluckauf.core.actions import Choose, Place
from gluckauf.core.builder import PositionBuilder
from gluckauf.core.components import SPACE_BY_CODE, TILES
from gluckauf.core.state import PLACE, GameState
from gluckauf.files.jsonio import read_json
from gluckauf.files.positions import position_from_dict
from gluckauf.text.messages import capital
from gluckauf.text.words import describe_action, order_name

from . import Feedback, Puzzle, right, wrong
from .exercises import exercise
from .phrases import TUTORIAL

GABOR, ZSOFI, PETER = 0, 1, 2
GREEDY_SEED = 1  # the greedy bot that answers in the checks (its choice does not depend on it)
SHOWN_ORDERS = ("C12KKK", "R9KK", "T4G", "W3YY", "C2Y")  # what O★ shows in the third puzzle
FINAL_GAME_SEED = 2026  # the game at the end of the lesson

TEXT = TUTORIAL.texts(
    "beatgreedy",
    {
        # 1. read the next player
        "read_right": "Right — that is Péter's move: {move}. The greedy bot says why: “{why}” "
        "It plays what looks best right now, every time, so you can see it coming.",
        "read_wrong": "Péter, a greedy bot, would play something else: {move}. His reason: "
        "“{why}” Look at his orders: which coal does his mine lack? Press Start again and try.",
        "read_not_place": "Play Péter's placement: click the space he will take.",
        # 2. take first what they will take
        "first_right": "Well done: you bought the only yellow tile, so Péter cannot have it. His "
        "answer: “{answer}”. The black tiles can wait — {black} still on display when your turn "
        "comes again, so you get both.",
        "first_black": "A black tile is what the greedy bot would buy here — and then Péter takes "
        "the only yellow tile (you saw it coming in the last exercise), and your yellow order "
        "must wait for another. {n} black tiles are on display, and one yellow. Press Start "
        "again and buy the scarce one first.",
        "first_other": "Your move: “{move}”. Both tiles you want are still on display — but Péter "
        "takes the only yellow one next. Press Start again and buy the scarce one first.",
        "first_not_place": "Play Zsófi's placement: click a space.",
        "first_black_left.one": "one is",
        "first_black_left.many": "{n} are",
        # 3. take only what you can finish
        "finish_right": "Right: take none. With one worker left you can no longer mine and "
        "deliver, so an order taken now stays undelivered and costs 1 VP at the end (R-END-3). "
        "The greedy bot takes the 12-VP order here — its VP look good right now.",
        "finish_took": "You took {order}. With one worker left you cannot both mine its coal and "
        "deliver it: that needs two more workers. At the end it costs 1 VP (R-END-3). Press "
        "Start again and take none.",
        "finish_open": "Choose among the five orders shown: take one, or none.",
    },
)


def say(key: str, **params: Any) -> str:
    return TEXT.say(key, **params)


def _judged(start: GameState, judge: Any) -> Puzzle:
    """A puzzle whose goal judges the first decision played from ``start`` (None: none yet)
    with ``judge(decision) -> Feedback``."""
    since = len(start.history)

    def goal(state: GameState) -> Feedback:
        played = state.history[since:]
        return judge(played[0] if played else None)

    return Puzzle(start.copy(), goal, coach=False)  # the board plays on its own copy


def _greedy_choice(state: GameState) -> tuple[Any, str]:
    """What a GreedyBot plays in ``state``, and its reason in words."""
    bot = GreedyBot(GREEDY_SEED)
    action = bot.choose(state)
    return action, bot.explain(state)


def _play_turn(state: GameState, action: Any | None = None) -> Any:
    """Play a placement (the GreedyBot's if ``action`` is None) and the same player's
    decisions after it, as the greedy bot plays them (the search's model of a greedy player,
    :class:`~gluckauf.bots.mcts.Opponents`); return the placement."""
    model = Opponents(GREEDY_SEED, NODE_LIMIT)
    if action is None:
        action = model.bot.choose(state)
    model.play(state, next(o for o in model.bot.rank(state) if o.action == action))
    return action


# --- the position of ideas 1 and 2 -----------------------------------------------------------
def scarce_position() -> GameState:
    """Shift I of a game of greedy bots; Zsófi to place. She wants black and yellow coal;
    four black tiles and one yellow tile are on display."""
    data = read_json(resources.files(__package__) / "data" / "scarce_tile.json")
    return position_from_dict(data)


@lru_cache(maxsize=1)
def _greedy_tile() -> Place:
    """Zsófi's move as the greedy bot plays it: a black tile."""
    action, _why = _greedy_choice(scarce_position())
    return action  # type: ignore[return-value]


def read_position() -> GameState:
    """The scarce-tile position after Zsófi played the greedy bot's move; Péter to place."""
    state = scarce_position()
    _play_turn(state, _greedy_tile())
    return state


@lru_cache(maxsize=1)
def _peters_move() -> tuple[Place, str]:
    return _greedy_choice(read_position())  # type: ignore[return-value]


def contested_space() -> str:
    """The space Péter takes after Zsófi's greedy move: the only yellow tile."""
    return _peters_move()[0].space


@exercise
def read_puzzle() -> Puzzle:
    """Idea 1: play Péter's move as the greedy bot will."""
    start = read_position()

    def judge(move: Any) -> Feedback:
        if not isinstance(move, Place):
            return wrong(say("read_not_place"))
        expected, why = _peters_move()
        if move == expected:
            return right(say("read_right", move=describe_action(move, start), why=why))
        return wrong(say("read_wrong", move=describe_action(expected, start), why=why))

    return _judged(start, judge)


def _tile_colour(state: GameState, space: str) -> int | None:
    """The coal colour of the tile on tile space ``space`` (None: not a tile space, or
    empty)."""
    value = SPACE_BY_CODE[space].value
    if not space.startswith("F") or value < 0 or state.tile_spaces[value] is None:
        return None
    return TILES[state.tile_spaces[value]].colour  # type: ignore[index]


def _after_scarce_first(move: Place, colour: int) -> tuple[str, int]:
    """Zsófi buys the scarce tile; the greedy bots answer until she places again: Péter's
    answer in words, and how many tiles of ``colour`` are then on display."""
    line = scarce_position()
    _play_turn(line, move)
    before = line.copy()
    answer = capital(describe_action(_play_turn(line), before))
    while not line.is_over and not (line.phase == PLACE and line.current == ZSOFI):
        _play_turn(line)
    left = sum(1 for kind in line.tile_spaces if kind is not None and TILES[kind].colour == colour)
    return answer, left


@exercise
def first_puzzle() -> Puzzle:
    """Idea 2: Zsófi buys the only yellow tile before Péter can."""
    start = scarce_position()
    contested = contested_space()
    black = _tile_colour(start, _greedy_tile().space)

    def judge(move: Any) -> Feedback:
        if not isinstance(move, Place):
            return wrong(say("first_not_place"))
        if move.space == contested:
            answer, left = _after_scarce_first(move, black)
            count = say("first_black_left.one" if left == 1 else "first_black_left.many", n=left)
            return right(say("first_right", answer=answer, black=count))
        if _tile_colour(start, move.space) == black:
            shown = sum(1 for space in SPACE_BY_CODE if _tile_colour(start, space) == black)
            return wrong(say("first_black", n=shown))
        return wrong(say("first_other", move=capital(describe_action(move, start))))

    return _judged(start, judge)


# --- idea 3 ----------------------------------------------------------------------------------
def finish_position() -> GameState:
    """Shift III; Zsófi has placed her second-to-last worker on O★ and looks at five orders;
    one worker is left: not enough to mine and deliver any of them."""
    return (
        PositionBuilder(players=3, seed=12)
        .storage(ZSOFI, "YY")
        .money(ZSOFI, 9)
        .workers(ZSOFI, 2)
        .score(ZSOFI, 70)
        .workers(GABOR, 2)
        .score(GABOR, 72)
        .workers(PETER, 2)
        .score(PETER, 66)
        .turn(ZSOFI, shift=3)
        .looking_at(ZSOFI, "order", *SHOWN_ORDERS)
        .build()
    )


@exercise
def finish_puzzle() -> Puzzle:
    """Idea 3: take none of the orders shown."""
    start = finish_position()

    def judge(choice: Any) -> Feedback:
        if not isinstance(choice, Choose):
            return wrong(say("finish_open"))
        if choice.take is None:
            return right(say("finish_right"))
        return wrong(say("finish_took", order=order_name(choice.take)))

    return _judged(start, judge)


__all__ = [
    "FINAL_GAME_SEED",
    "contested_space",
    "finish_position",
    "finish_puzzle",
    "first_puzzle",
    "read_position",
    "read_puzzle",
    "scarce_position",
]
