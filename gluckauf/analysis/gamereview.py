"""Review a saved game: each worker placement of the reviewed players, ranked by the greedy bot.

:func:`review` replays a game record and, at every placement of the reviewed seats, asks
:meth:`GreedyBot.rank <gluckauf.bots.greedy.GreedyBot.rank>` for its value of every legal
placement. Each alternative comes with one plain sentence saying what it does for the player
(read off the position after it — and after the bot's best mining steps on a mining space),
the played move with its rank and the value it gave away, and a verdict; a placement that
gave away :data:`BIG_MISS_VP` or more is a *big miss*.

**What the numbers are.** A value is the greedy bot's estimate of what the position after the
move is worth to the player, in VP: the VP they have, plus what their orders, coal, money,
workers and shift-clock places are likely to bring, minus the penalties they are heading for
(:func:`gluckauf.bots.greedy.evaluate`). It is one bot's judgement after one move, not a
promise of points; the deeper look, :func:`analyse_deeper`, lets the searching bot (MCTS)
play the game on in its head within a time budget.

**Which decisions.** Placements only: they are the turn's decision, and the bot's value of a
placement already includes its best follow-up (the mining steps of its plan, the expected
best of F★/O★'s five). The order draft, mining steps, F★/O★ picks and substitute cubes are
replayed, not ranked. **Whose.** The seats asked for; else the record's ``options.seats``
entries that are ``"human"`` (when it has some); else every seat.

The scores after every move (:attr:`GameReview.scores`) and the points by category
(:meth:`GameReview.categories`) come from the replay and from ``state.result()``.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from ..bots.greedy import GreedyBot, Option
from ..core.components import ORDERS, SPACE_BY_CODE, STAR_LOOK, TILES
from ..core.errors import FormatError, GameError
from ..core.scoring import CATEGORIES
from ..core.state import PLACE, GameState
from ..files.records import load_record, record_of, replay
from ..text import messages
from ..text.i18n import ENGINE, say_number
from ..text.messages import capital, count
from ..text.words import colour_name, describe_action, order_name, shift_name, shown_notation

if TYPE_CHECKING:
    from ..bots.mcts import MCTSBot
    from ..core.actions import Action
    from ..core.scoring import GameResult

BIG_MISS_VP = 3.0  # a placement the greedy bot values this far below its first choice
SAME_VP = 0.05  # values closer than this count as equal (the bot's own tie-break is 1e-6)
HUMAN = "human"  # the seat kind of a person in a record's options.seats

# --- what the review says (keyed; translated in the catalogue "engine", context "review.*") --
TEXT = ENGINE.texts(
    "review",
    {
        # what a placement does for the player: "now" in the ranking, "would" in a verdict
        "now.deliver": "delivers {orders} for {vp} VP",
        "would.deliver": "would have delivered {orders} for {vp} VP",
        "now.complete": "its best mining steps complete {orders}",
        "would.complete": "would have completed {orders} with its best mining steps",
        "now.fill": "its best mining steps put {cubes} on your orders",
        "would.fill": "would have put {cubes} on your orders with its best mining steps",
        "now.load": "its best mining steps bring {cubes} up from your mine",
        "would.load": "would have brought {cubes} up from your mine",
        "now.mine_little": "there is little to mine for your orders now",
        "would.mine_little": "would have kept your workers for later",
        "now.tile": "adds {carts} to the {side} side of your mine",
        "would.tile": "",
        "now.order": "then you hold {orders} to fill",
        "would.order": "",
        "now.money": "gives you {marks} ({total} in all)",
        "would.money": "",
        "now.star_tile": "shows you the top {items}, to buy one (its value is an average over "
        "the tiles that may come up)",
        "would.star_tile": "would have shown you the top {items}, to buy one",
        "now.star_order": "shows you the top {items}, to take one (its value is an average "
        "over the orders that may come up)",
        "would.star_order": "would have shown you the top {items}, to take one",
        "now.little": "changes little now",
        "would.little": "",
        "cubes.one": "{n} cube",
        "cubes.many": "{n} cubes",
        # the verdict on the move played
        "verdict.best": "Good choice: the greedy bot's first choice is the same.",
        "verdict.tied": "Good choice: as good as the greedy bot's first choice ({best}).",
        "verdict.close": "A fair choice: the greedy bot would rather {best}{which}: about "
        "{lost} VP more by its estimate.",
        "verdict.miss": "Big miss: you chose to {played}; the greedy bot would rather "
        "{best}{which}: about {lost} VP more by its estimate.",
        "verdict.which": ", which {would}",
        # the whole review
        "summary.header": "Review of {names}: {decisions}, {misses}.",
        "summary.none": "Review of {names}: no placements to review yet.",
        "summary.decisions.one": "{n} placement",
        "summary.decisions.many": "{n} placements",
        "summary.misses.zero": "no big misses",
        "summary.misses.one": "1 big miss",
        "summary.misses.many": "{n} big misses",
        "summary.values": "Values are the greedy bot's estimate, in VP, of what the position "
        "after a move is worth to the player: an estimate, not a promise.",
        "summary.line": "Move {number} (shift {shift}, {name}): {verdict}",
        "join.and": " and ",
        "join.comma": ", ",
        # the deeper look (MCTS)
        "deep.done": "mcts played the game on in its head {rounds} in {seconds:.1f} s.",
        "deep.best": "Its first choice: {best} (tried {visits}, margin {margin:+.1f} VP).",
        "deep.same": "That is your move.",
        "deep.played": "Your move, {played}: tried {visits}, margin {margin:+.1f} VP.",
        "deep.untried": "Your move, {played}: not tried in these rounds (the greedy bot's "
        "first look rated it too low).",
        "times.one": "{n} time",
        "times.many": "{n} times",
        "deep.margin_note": "The margin is your value minus the best other player's, in VP, "
        "after the others have answered.",
        # refusals
        "error.seat": "there is no player {seat!r} in this game; the players are {players}",
        "error.seats": "options.seats: a record gives one seat kind per player ({players}), "
        'such as "human" or "greedy", not {seats!r}',
        "error.budget": "the time budget must be more than 0 seconds, not {seconds!r}",
        "error.not_placement": "move {number} is not a placement, so there is nothing to analyse",
    },
)


def say(key: str, **params: Any) -> str:
    return TEXT.say(key, **params)


class ReviewError(GameError):
    """The review cannot do what was asked (an unknown seat, a bad time budget)."""


# --- the review's values ---------------------------------------------------------------------
@dataclass(frozen=True)
class Alternative:
    """One legal placement as the greedy bot sees it: its rank (1 = first choice; equal
    values share a rank), its value (VP, see the module docstring), the move in words and in
    the notation, and what it does for the player (a phrase, ``effect``)."""

    rank: int
    action: Action
    value: float
    words: str
    notation: str
    effect: str
    conditional: str  # the same as "would have …" for a verdict ("" if the words say it all)

    def __str__(self) -> str:
        return f"{self.rank}. {capital(self.words)} ({self.notation}) — {self.effect}."

    def to_json(self) -> dict[str, Any]:
        return {
            "rank": self.rank,
            "action": str(self.action),
            "words": self.words,
            "value": round(self.value, 2),
            "does": self.effect,
        }


@dataclass(frozen=True)
class Decision:
    """A placement of a reviewed player: the position before it (``state``), the move played
    and every alternative, best first."""

    number: int  # the move's number in the record, counted from 1 (as `replay` counts them)
    seat: int
    name: str
    shift: int
    state: GameState
    played: Alternative
    alternatives: tuple[Alternative, ...]
    verdict: str

    @property
    def best(self) -> Alternative:
        return self.alternatives[0]

    @property
    def lost(self) -> float:
        """The VP the played move gave away by the greedy bot's estimate (0 at best)."""
        return max(0.0, self.best.value - self.played.value)

    @property
    def big_miss(self) -> bool:
        return self.lost >= BIG_MISS_VP

    def table(self, top: int = 5) -> list[Alternative]:
        """The ``top`` best alternatives, and the played move if it is not among them."""
        shown = list(self.alternatives[:top])
        if self.played not in shown:
            shown.append(self.played)
        return shown

    def __str__(self) -> str:
        return say(
            "summary.line",
            number=self.number,
            shift=shift_name(self.shift),
            name=self.name,
            verdict=self.verdict,
        )

    def to_json(self, top: int = 5) -> dict[str, Any]:
        return {
            "move": self.number,
            "seat": self.seat,
            "name": self.name,
            "shift": self.shift,
            "played": str(self.played.action),
            "rank": self.played.rank,
            "lost": round(self.lost, 2),
            "big_miss": self.big_miss,
            "verdict": self.verdict,
            "alternatives": [a.to_json() for a in self.table(top)],
        }


@dataclass(frozen=True)
class GameReview:
    """What :func:`review` found: the reviewed seats' placements and the whole game's scores.

    ``scores[k]`` holds every player's VP after the first ``k`` moves (row 0: the start), so
    ``scores[-1]`` is the score at the end; ``shift_ends`` the moves after which a shift was
    scored; ``result`` the final (or so-far) result with its breakdown."""

    names: tuple[str, ...]
    seats: tuple[int, ...]
    decisions: tuple[Decision, ...]
    scores: np.ndarray
    shift_ends: tuple[int, ...]
    result: GameResult

    @property
    def misses(self) -> list[Decision]:
        """The big misses, the biggest first."""
        return sorted((d for d in self.decisions if d.big_miss), key=lambda d: -d.lost)

    @property
    def biggest_miss(self) -> Decision | None:
        """The placement that gave away the most (None if no placement gave anything away)."""
        worst = max(self.decisions, key=lambda d: d.lost, default=None)
        return worst if worst is not None and worst.lost > SAME_VP else None

    def categories(self) -> list[dict[str, int]]:
        """Per player: VP from delivered orders, from the shift clock after each shift and
        from each end-of-game item (R-END-1…4). They add up to the player's score."""
        return [row.by_category() for row in self.result.players]

    def summary(self) -> str:
        names = _listing([self.names[seat] for seat in self.seats])
        if not self.decisions:
            return say("summary.none", names=names)
        n, misses = len(self.decisions), len(self.misses)
        return say(
            "summary.header",
            names=names,
            decisions=say(f"summary.decisions.{'one' if n == 1 else 'many'}", n=n),
            misses=say(f"summary.misses.{_how_many(misses)}", n=misses),
        )

    def to_json(self, top: int = 5) -> dict[str, Any]:
        """Everything as JSON-ready data (moves in the records' notation)."""
        return {
            "names": list(self.names),
            "seats": list(self.seats),
            "summary": self.summary(),
            "values": say("summary.values"),
            "big_miss_vp": BIG_MISS_VP,
            "decisions": [d.to_json(top) for d in self.decisions],
            "scores": self.scores.tolist(),
            "shift_ends": list(self.shift_ends),
            "final_scores": list(self.result.scores),
            "categories": self.categories(),
        }

    def __str__(self) -> str:
        lines = [self.summary(), say("summary.values")]
        lines += [str(decision) for decision in self.decisions]
        return "\n".join(lines)


# --- reviewing a record ------------------------------------------------------------------------
RecordLike = dict[str, Any] | str | os.PathLike[str] | GameState


def review(
    record: RecordLike,
    seats: Iterable[int | str] | None = None,
    *,
    progress: Callable[[int, int], None] | None = None,
) -> GameReview:
    """Review the placements of ``seats`` (numbers or names; see the module docstring for the
    default) in ``record`` — a record dict, a record file's path, or a game state with a seed.

    Raises :class:`~gluckauf.core.errors.FormatError` for a bad record (the same refusals as
    :func:`~gluckauf.files.records.replay`, naming the file) and :class:`ReviewError` for a seat the
    game does not have. ``progress(done, total)`` is called after each placement reviewed."""
    data, where = _record(record)
    try:
        final = replay(data, keep_undo=False)
    except FormatError as exc:
        raise (exc.within(where) if where else exc) from None
    names = tuple(final.names)
    reviewed = reviewed_seats(data, seats)
    setup = {key: value for key, value in data.items() if key != "result"}
    state = replay({**setup, "actions": []}, keep_undo=False)  # its setup, table options too
    scores = [list(state.score)]
    shift_ends: list[int] = []
    todo: list[tuple[int, GameState, Action]] = []  # the placements to rank
    for number, action in enumerate(final.history, start=1):
        if state.phase == PLACE and state.current in reviewed:
            todo.append((number, state.copy(history=False), action))
        events = state.apply(action, check=False)
        if any(event.kind == "shift_end" for event in events):
            shift_ends.append(number)
        scores.append(list(state.score))
    bot = GreedyBot(0)
    decisions = []
    for number, before, action in todo:
        decisions.append(_decide(bot, before, action, number))
        if progress is not None:
            progress(len(decisions), len(todo))
    return GameReview(
        names,
        reviewed,
        tuple(decisions),
        np.array(scores, dtype=np.int64),
        tuple(shift_ends),
        state.result(),
    )


def _record(record: RecordLike) -> tuple[dict[str, Any], str]:
    """The record as a dict, and where its errors are (the file's name, if a file; else "")."""
    if isinstance(record, GameState):
        return record_of(record), ""
    if isinstance(record, (str, os.PathLike)):
        return load_record(record), os.fspath(record)
    return record, ""


def reviewed_seats(
    record: dict[str, Any], seats: Iterable[int | str] | None = None
) -> tuple[int, ...]:
    """Whose placements a review looks at: ``seats`` (numbers or names) if given; else the
    seats the record's ``options.seats`` calls ``"human"``, if any; else every seat."""
    names = tuple(record["names"])
    players = len(names)
    if seats is not None:
        return tuple(sorted({_seat(seat, names) for seat in seats}))
    kinds = (record.get("options") or {}).get("seats")
    if kinds is not None:
        if not (
            isinstance(kinds, list)
            and len(kinds) == players
            and all(isinstance(kind, str) for kind in kinds)
        ):
            raise FormatError(say("error.seats", players=players, seats=kinds))
        humans = tuple(seat for seat, kind in enumerate(kinds) if kind == HUMAN)
        if humans:
            return humans
    return tuple(range(players))


def _seat(seat: int | str, names: tuple[str, ...]) -> int:
    """A seat by its number (0 = the first player) or a player's name (any case)."""
    if isinstance(seat, str) and seat.strip().isdigit():
        seat = int(seat)
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(names):
        return seat
    if isinstance(seat, str):
        wanted = seat.strip().casefold()
        for number, name in enumerate(names):
            if name.casefold() == wanted:
                return number
    players = ", ".join(f"{n} ({name})" for n, name in enumerate(names))
    raise ReviewError(say("error.seat", seat=seat, players=players))


def _decide(bot: GreedyBot, state: GameState, played: Action, number: int) -> Decision:
    """Rank every legal placement in ``state`` and judge ``played``."""
    options = sorted(bot.rank(state), key=lambda o: -o.value)
    ranked = []
    for option in options:
        better = sum(1 for other in options if other.value > option.value + SAME_VP)
        ranked.append(_alternative(state, option, better + 1))
    mine = next(a for a in ranked if a.action == played)
    best = ranked[0]
    if mine.rank == 1:
        verdict = say("verdict.best" if mine is best else "verdict.tied", best=best.words)
    else:
        lost = best.value - mine.value
        shown = say_number(lost, ".0f") if lost >= BIG_MISS_VP else say_number(lost, ".1f")
        key = "verdict.miss" if lost >= BIG_MISS_VP else "verdict.close"
        which = say("verdict.which", would=best.conditional) if best.conditional else ""
        verdict = say(key, played=mine.words, best=best.words, which=which, lost=shown)
    return Decision(
        number,
        state.current,
        state.names[state.current],
        state.shift,
        state,
        mine,
        tuple(ranked),
        verdict,
    )


def _alternative(state: GameState, option: Option, rank: int) -> Alternative:
    key, params = _effect(state, option)
    return Alternative(
        rank,
        option.action,
        option.value,
        describe_action(option.action, state),
        shown_notation(option.action),
        say(f"now.{key}", **params),
        say(f"would.{key}", **params),
    )


# --- what a placement does for the player ------------------------------------------------------
def _effect(state: GameState, option: Option) -> tuple[str, dict[str, Any]]:
    """What the placement changes for the player, read off the position after it (after the
    greedy bot's mining plan, on a mining space): the first of deliveries, completed orders,
    cubes put on orders, a tile bought, an order taken, Marks, cubes brought up."""
    me = state.current
    space = SPACE_BY_CODE[option.action.space]  # type: ignore[union-attr]
    if space.is_special:  # F★ / O★: five hidden items, valued as an expectation
        deck, kind = (
            (state.tile_deck, "tile") if space.code == "F*" else (state.order_deck, "order")
        )
        return f"star_{kind}", {"items": count(min(STAR_LOOK, len(deck)), kind)}
    if option.plan is not None:
        after = option.plan.end
    else:
        after = state.copy(history=False)
        after.keep_undo = False
        after.apply(option.action, check=False)
    delivered = after.delivered[me][len(state.delivered[me]) :]
    if delivered:
        return "deliver", {
            "orders": _orders(delivered),
            "vp": sum(ORDERS[card].vp for card in delivered),
        }
    if option.plan is not None:
        return _mining_effect(state, after, me)
    bought = after.tiles[me][len(state.tiles[me]) :]
    if bought:
        tile = TILES[bought[0]]
        return "tile", {
            "carts": _carts(tile.carts, tile.colour),
            "side": messages.say(f"name.side.{tile.side}"),
        }
    held = {card for card, _slots in state.outstanding[me]}
    taken = [card for card, _slots in after.outstanding[me] if card not in held]
    if taken:
        return "order", {"orders": count(len(after.outstanding[me]), "order")}
    marks = after.money[me] - state.money[me]
    if marks > 0:
        return "money", {"marks": count(marks, "mark"), "total": after.money[me]}
    return "little", {}


def _mining_effect(state: GameState, after: GameState, me: int) -> tuple[str, dict[str, Any]]:
    complete_before = {card for card, slots in state.outstanding[me] if all(slots)}
    completed = [
        card for card, slots in after.outstanding[me] if all(slots) and card not in complete_before
    ]
    if completed:
        return "complete", {"orders": _orders(completed)}
    filled = sum(after.cubes_on_orders(me)) - sum(state.cubes_on_orders(me))
    if filled > 0:
        return "fill", {"cubes": _cubes(filled)}
    brought = (
        sum(after.cage[me]) + sum(after.storage[me]) - sum(state.cage[me]) - sum(state.storage[me])
    )
    if brought > 0:
        return "load", {"cubes": _cubes(brought)}
    return "mine_little", {}


def _orders(cards: Iterable[int]) -> str:
    return _listing([order_name(ORDERS[card].code) for card in cards])


def _listing(items: list[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    if len(items) <= 2:
        return say("join.and").join(items)
    return say("join.comma").join(items[:-1]) + say("join.and") + items[-1]


def _carts(n: int, colour: int) -> str:
    """'2 yellow carts', '1 black cart'."""
    return messages.say(
        f"name.carts.{'one' if n == 1 else 'many'}", n=n, colour=colour_name(colour)
    )


def _cubes(n: int) -> str:
    return say(f"cubes.{'one' if n == 1 else 'many'}", n=n)


def _how_many(n: int) -> str:
    return "zero" if n == 0 else "one" if n == 1 else "many"


# --- a deeper look: the searching bot ------------------------------------------------------------
@dataclass(frozen=True)
class SearchedMove:
    """One placement as the searching bot left it: how many of its rounds began with it, and
    the mean margin they reached (the player's value minus the best other's, in VP)."""

    action: Action
    words: str
    notation: str
    visits: int
    margin: float | None  # None: no round tried it


@dataclass(frozen=True)
class DeepAnalysis:
    """What :func:`analyse_deeper` found for one decision, most visited first."""

    number: int
    rounds: int
    seconds: float
    moves: tuple[SearchedMove, ...]
    played: SearchedMove

    @property
    def best(self) -> SearchedMove:
        return self.moves[0]

    def __str__(self) -> str:
        best, played = self.best, self.played
        lines = [
            say("deep.done", rounds=_times(self.rounds), seconds=self.seconds),
            say(
                "deep.best", best=best.words, visits=_times(best.visits), margin=best.margin or 0.0
            ),
        ]
        if played.action == best.action:
            lines.append(say("deep.same"))
        elif played.margin is None:
            lines.append(say("deep.untried", played=played.words))
        else:
            lines.append(
                say(
                    "deep.played",
                    played=played.words,
                    visits=_times(played.visits),
                    margin=played.margin,
                )
            )
        return " ".join(lines)


def _times(n: int) -> str:
    return say(f"times.{'one' if n == 1 else 'many'}", n=n)


def analyse_deeper(
    decision: Decision,
    seconds: float = 3.0,
    *,
    iterations: int = 10_000,
    seed: int = 0,
    bot: MCTSBot | None = None,
) -> DeepAnalysis:
    """Let the searching bot (MCTS) think about ``decision`` for at most ``seconds`` (and at
    most ``iterations`` rounds): it plays the game on in its head, the other players answering
    as the greedy bot would, each round with the hidden decks in another order. Seeded; with
    ``bot`` given, that bot searches (its own budget)."""
    from ..bots.mcts import MCTSBot

    if bot is None:
        if not (isinstance(seconds, (int, float)) and seconds > 0):
            raise ReviewError(say("error.budget", seconds=seconds))
        bot = MCTSBot(seed, iterations=iterations, seconds=float(seconds), clock_iterations=None)
    state = decision.state
    if state.phase != PLACE:
        raise ReviewError(say("error.not_placement", number=decision.number))
    started = time.perf_counter()
    root = bot.search(state)
    elapsed = time.perf_counter() - started
    moves = []
    for edge in sorted(root.edges, key=lambda e: (-e.visits, -e.prior)):
        moves.append(
            SearchedMove(
                edge.action,
                describe_action(edge.action, state),
                shown_notation(edge.action),
                edge.visits,
                edge.mean() if edge.visits else None,
            )
        )
    played = next(move for move in moves if move.action == decision.played.action)
    return DeepAnalysis(decision.number, bot.last_iterations, elapsed, tuple(moves), played)


def sample_game() -> Path:
    """The kit's sample game record (``gluckauf/analysis/data/sample_game.json``, made by
    ``tests/data/make_review_records.py``): lesson 12 reviews it when you have no game."""
    return Path(str(resources.files(__package__) / "data" / "sample_game.json"))


def category_label(key: str) -> str:
    """A category of :meth:`GameReview.categories` as a chart labels it: "shift I"."""
    return messages.say(f"category.{key}")


def values_note() -> str:
    """What a review's values are, in one sentence."""
    return say("summary.values")


def margin_note() -> str:
    """What the searching bot's margin is, in one sentence."""
    return say("deep.margin_note")


__all__ = [
    "BIG_MISS_VP", "CATEGORIES", "HUMAN", "TEXT", "Alternative", "Decision", "DeepAnalysis",
    "GameReview", "RecordLike", "ReviewError", "SearchedMove", "analyse_deeper", "category_label",
    "margin_note", "review", "reviewed_seats", "sample_game", "values_note",
]  # fmt: skip
