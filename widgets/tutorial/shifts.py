"""Lesson 7 — the end of a shift (R-SHIFT-1 … R-SHIFT-7): positions and checks.

Two puzzles end shift I on a live board (the scoring panel under the board shows the shift
clock); the questions cover the clock (which segments score when), first and second place with
ties (the rulebook's example E5), the two-player rule and the new start player (example E6).
Every expected answer is computed by the engine (:mod:`gluckauf.core.scoring`), never typed in.
"""

from __future__ import annotations

from typing import Any

from gluckauf.core.builder import PositionBuilder
from gluckauf.core.components import (
    ORDER_BY_CODE,
    SEGMENT_POINTS,
    SEGMENTS,
    SEGMENTS_AFTER_SHIFT,
    TUNNEL_AREA_SPACES,
)
from gluckauf.core.scoring import column_places, next_start_player, segment_rows
from gluckauf.core.state import PLACE, GameState
from gluckauf.text.messages import say

from .. import labels
from ..geometry import PLAY
from . import Feedback, Puzzle, check_number, not_yet, right, wrong
from .exercises import exercise
from .names import PLAYERS as NAMES
from .names import seat_named
from .phrases import TUTORIAL

GABOR, ZSOFI, PETER = 0, 1, 2
ROMAN = ("I", "II", "III")

TEXT = TUTORIAL.texts(
    "shifts",
    {
        # puzzle 1: the last worker of shift I
        "shift_over": "Shift I is over! The shift clock scored segments 1–4 — the four coal "
        "colours — and nothing else yet (R-SHIFT-1). Scroll to the table under the board: each "
        "cell is a player's count, and “→ +VP (place)” where it scored. All workers came home, "
        "and Péter starts shift II.",
        "finish_action": "Your last worker is placed, but your action is not finished yet: finish "
        "it (at F★ or O★ take one or none and put the rest back; when mining, click “Stop "
        "mining”) and the shift ends.",
        # the segment table
        "table_head": "{label:<24}{names}   scores after shift {roman}?",
        "table_yes": "yes",
        "table_later": "not yet (from shift {roman})",
        # the clock question
        "clock_explain": "Segment 6 (carriage icons) scores after shift II and again after "
        "shift III — twice. The clock is cumulative: a delivered card keeps counting for the rest "
        "of the game (R-SHIFT-1).",
        "clock_3": "Segments 5–8 (transports) do not score after shift I: only 1–4 do then. Look "
        "at the clock table again (R-SHIFT-1).",
        "clock_1": "The clock is cumulative: after shift III all twelve segments score, the "
        "transport segments 5–8 included — so they score after shift II AND after shift III.",
        "clock_0": "The card was delivered, so its icons count: delivered cards stay with their "
        "owner for the later shifts (R-SHIFT-7).",
        # first and second place (E5, two players)
        "want_list": "Give one number per player, in seat order, like [0, 3, 6]: VP for Gábor, "
        "Zsófi and Péter.",
        "all_right": "Right! {explain}",
        "some_wrong": "Not quite. {details}",
        "item_ok": "{name}: {vp} — right.",
        "tie_first_no_second": "{name}: {vp} — not quite: {tied} tied for first, so each of "
        "them scores first place and nobody scores second place (R-SHIFT-5).",
        "tied_first_all_score": "{name}: {vp} — not quite: {tied} tied for first, and all "
        "players tied for first score the full first-place VP (R-SHIFT-5).",
        "tied_second_all_score": "{name}: {vp} — not quite: {tied} tied for second, and all "
        "players tied for second score the second-place VP (R-SHIFT-5).",
        "zero_count": "{name}: {vp} — not quite: with a count of 0 nobody scores (R-SHIFT-4).",
        "two_players": "{name}: {vp} — not quite: with 2 players only first place scores "
        "(R-SHIFT-6).",
        "too_far_back": "{name}: {vp} — not quite: only first and second place score.",
        "place_points": "{name}: {vp} — not quite: this segment gives {first} VP for first place "
        "and {second} for second; {name} is {place}.",
        "place_1": "first",
        "place_2": "second",
        "place_0": "not in the first two",
        "e5_wheelbarrow_explain": "Zsófi and Péter tie for first with 3 wheelbarrow icons and "
        "both score 6 VP; after a tie for first nobody scores second, so Gábor's 2 icons give "
        "nothing (R-SHIFT-5).",
        "e5_carriage_explain": "Gábor is first with 6 carriage icons: 7 VP. Zsófi and Péter tie "
        "for second with 1 icon each, and both score the second-place 3 VP (R-SHIFT-5).",
        "two_explain": "With two players only first place scores: Gábor takes 4 VP for grey and "
        "Zsófi nothing, even though she has a grey icon (R-SHIFT-6).",
        "two_2": "2 VP is second place — but in a two-player game nobody scores second place "
        "(R-SHIFT-6).",
        "two_4": "4 VP is first place, and that is Gábor's: he has 3 grey icons, Zsófi 1.",
        # E6
        "want_name": 'Answer with a player\'s name in quotes: "Gábor", "Zsófi" or "Péter".',
        "e6_right": "Right! Gábor has the most workers on the tunnel-expansion spaces (5, against "
        "Zsófi's 4 and Péter's 2), so he starts the next shift (R-SHIFT-7).",
        "e6_zsofi": "Zsófi has 4 workers there — one fewer than Gábor's 5. The MOST workers on "
        "the tunnel-expansion spaces decide (R-SHIFT-7).",
        "e6_peter": "Péter has the fewest workers there (2). The player with the MOST workers on "
        "the tunnel-expansion spaces starts the next shift (R-SHIFT-7).",
        # puzzle 2: become the start player
        "start_done": "You are the start player of shift II! You drew level with Zsófi at 3 "
        "workers on the tunnel-expansion spaces, and a tie goes to the tied player sitting "
        "closest clockwise after the previous start player, Péter — that is you (R-SHIFT-7). "
        "Look: every worker came home for the new shift.",
        "start_zsofi": "Zsófi starts shift II: she has {zsofi} workers on the tunnel-expansion "
        "spaces and you {gabor}. Press Start again — can you draw level with her? Think about "
        "who wins a tie (R-SHIFT-7).",
    },
)


# --- small helpers ----------------------------------------------------------------------------
def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + say("word.and") + names[-1]


def _delivered_vp(*codes: str) -> int:
    return sum(ORDER_BY_CODE[code].vp for code in codes)


# --- puzzle 1: the last worker of shift I -----------------------------------------------------
GABOR_DELIVERED = ("W3YY", "T2Y", "W3B", "W4G")
ZSOFI_DELIVERED = ("C4YYY", "R4G")
PETER_DELIVERED = ("R2Y", "W7GG")


def shift_end_position() -> GameState:
    """The end of shift I: Gábor holds the last worker. Delivered icons — yellow: Gábor 3,
    Zsófi 3, Péter 1 (a tie for first); brown: Gábor 1; grey: Péter 2, Gábor 1, Zsófi 1 (a tie
    for second); black: nobody. Péter has the most workers on the tunnel-expansion spaces."""
    return (
        PositionBuilder(players=3, seed=4)
        .delivered(GABOR, *GABOR_DELIVERED)
        .score(GABOR, _delivered_vp(*GABOR_DELIVERED))
        .delivered(ZSOFI, *ZSOFI_DELIVERED)
        .score(ZSOFI, _delivered_vp(*ZSOFI_DELIVERED))
        .delivered(PETER, *PETER_DELIVERED)
        .score(PETER, _delivered_vp(*PETER_DELIVERED))
        .on_space("M10", GABOR, 3)
        .on_space("$6", GABOR, 2)
        .on_space("F3", GABOR, 1)
        .on_space("O3", GABOR, 1)
        .on_space("BANK", GABOR, 2)
        .on_space("M8", ZSOFI, 2)
        .on_space("F5", ZSOFI, 2)
        .on_space("$5", ZSOFI, 1)
        .on_space("O1", ZSOFI, 1)
        .on_space("O*", ZSOFI, 1)
        .on_space("BANK", ZSOFI, 1)
        .on_space("F2", PETER, 1)
        .on_space("F*", PETER, 2)
        .on_space("F7", PETER, 1)
        .on_space("M6", PETER, 1)
        .on_space("$4", PETER, 1)
        .on_space("O2", PETER, 1)
        .on_space("BANK", PETER, 1)
        .workers(GABOR, 1)
        .workers(ZSOFI, 0)
        .workers(PETER, 0)
        .turn(GABOR)
        .build()
    )


@exercise
def shift_end_puzzle() -> Puzzle:
    """Goal: place the last worker of shift I (anywhere), so that the clock scores."""
    return Puzzle(shift_end_position(), _shift_over_goal, view=PLAY)


def _shift_over(state: GameState) -> bool:
    return state.shift > 1 or state.is_over


def _shift_over_goal(state: GameState) -> Feedback:
    if _shift_over(state):
        return right(TEXT["shift_over"])
    return wrong(TEXT["finish_action"])


def segment_table(state: GameState) -> str:
    """Every player's count for all 12 segments now, and whether the segment scores at the end
    of the current shift (R-SHIFT-1 … R-SHIFT-3)."""
    rows = segment_rows(state)
    names = "".join(f"{name:>7}" for name in state.names)
    upto = SEGMENTS_AFTER_SHIFT[state.shift - 1]
    rows_of = [f"{seg + 1:>2}. {labels.say(f'segment.{seg + 1}')}" for seg in range(SEGMENTS)]
    width = max(24, *(len(label) + 2 for label in rows_of))  # German labels run longer
    lines = [
        TEXT.say(
            "table_head",
            label=labels.say("score.segment").ljust(width),
            names=names,
            roman=ROMAN[state.shift - 1],
        )
    ]
    for seg, label in enumerate(rows_of):
        cells = "".join(f"{row[seg]:>7}" for row in rows)
        first_shift = next(s for s, last in enumerate(SEGMENTS_AFTER_SHIFT) if seg < last)
        when = (
            TEXT["table_yes"] if seg < upto else TEXT.say("table_later", roman=ROMAN[first_shift])
        )
        lines.append(f"{label:<{width}}{cells}   {when}")
    return "\n".join(lines)


# --- the clock ----------------------------------------------------------------------------------
def scorings_counting(segment: int, delivered_in_shift: int) -> int:
    """In how many shift scorings a segment counts a card delivered in a given shift."""
    return sum(
        1
        for shift, upto in enumerate(SEGMENTS_AFTER_SHIFT, start=1)
        if shift >= delivered_in_shift and segment <= upto
    )


def check_clock(answer: Any) -> Feedback:
    """Zsófi delivered C4YYY in shift I: in how many shift scorings do its icons count for
    segment 6 (carriage icons)?"""
    return check_number(
        answer,
        scorings_counting(6, 1),
        explain=TEXT["clock_explain"],
        common={3: TEXT["clock_3"], 1: TEXT["clock_1"], 0: TEXT["clock_0"]},
    )


# --- first and second place -----------------------------------------------------------------
def segment_points(counts: list[int], segment: int) -> list[int]:
    """VP per player for one segment, given every player's count (R-SHIFT-4 … R-SHIFT-6)."""
    places = column_places(counts, len(counts))
    return [SEGMENT_POINTS[segment - 1][place - 1] if place else 0 for place in places]


def _why_not(seat: int, vp: int, counts: list[int], segment: int) -> str:
    """Why ``vp`` is the wrong number of points for this player and segment."""
    first_vp, second_vp = SEGMENT_POINTS[segment - 1]
    places = column_places(counts, len(counts))
    place, name, players = places[seat], NAMES[seat], len(counts)
    firsts = [NAMES[p] for p in range(players) if places[p] == 1]
    runners = [
        NAMES[p]
        for p in range(players)
        if counts[p] >= 1 and places[p] != 1 and counts[p] == counts[seat]
    ]
    said = {"name": name, "vp": vp}
    if place == 0 and counts[seat] == 0:
        return TEXT.say("zero_count", **said)
    if place == 0 and vp == second_vp and len(firsts) > 1 and seat not in firsts:
        return TEXT.say("tie_first_no_second", tied=_and(firsts), **said)
    if place == 0 and vp == second_vp and players == 2:
        return TEXT.say("two_players", **said)
    if place == 1 and len(firsts) > 1 and vp in (second_vp, 0):
        return TEXT.say("tied_first_all_score", tied=_and(firsts), **said)
    if place == 2 and len(runners) > 1 and vp == 0:
        return TEXT.say("tied_second_all_score", tied=_and(runners), **said)
    if place == 0:
        return TEXT.say("too_far_back", **said)
    return TEXT.say(
        "place_points", first=first_vp, second=second_vp, place=TEXT[f"place_{place}"], **said
    )


def _check_points(answer: Any, counts: list[int], segment: int, explain: str) -> Feedback:
    """A list of VP, one per player in seat order, for one segment."""
    if answer is None:
        return not_yet()
    if (
        not isinstance(answer, (list, tuple))
        or len(answer) != len(counts)
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in answer)
    ):
        return wrong(TEXT["want_list"])
    expected = segment_points(counts, segment)
    if list(answer) == expected:
        return right(TEXT.say("all_right", explain=explain))
    details = [
        TEXT.say("item_ok", name=NAMES[p], vp=vp)
        if vp == expected[p]
        else _why_not(p, vp, counts, segment)
        for p, vp in enumerate(answer)
    ]
    return wrong(TEXT.say("some_wrong", details=" ".join(details)))


E5_WHEELBARROW = [2, 3, 3]  # icons on delivered wheelbarrow orders: Gábor, Zsófi, Péter
E5_CARRIAGE = [6, 1, 1]  # icons on delivered carriage orders


def check_e5_wheelbarrow(answer: Any) -> Feedback:
    """E5, segment 5: VP for [Gábor, Zsófi, Péter] with 2, 3 and 3 wheelbarrow icons."""
    return _check_points(answer, E5_WHEELBARROW, 5, TEXT["e5_wheelbarrow_explain"])


def check_e5_carriage(answer: Any) -> Feedback:
    """E5, segment 6: VP for [Gábor, Zsófi, Péter] with 6, 1 and 1 carriage icons."""
    return _check_points(answer, E5_CARRIAGE, 6, TEXT["e5_carriage_explain"])


TWO_PLAYER_GREY = [3, 1]  # a two-player game: grey icons of Gábor and Zsófi


def check_two_players(answer: Any) -> Feedback:
    """Two players, segment 3: Gábor 3 grey icons, Zsófi 1. How many VP does Zsófi score?"""
    expected = segment_points(TWO_PLAYER_GREY, 3)[ZSOFI]
    return check_number(
        answer, expected, explain=TEXT["two_explain"], common={2: TEXT["two_2"], 4: TEXT["two_4"]}
    )


# --- the new start player -----------------------------------------------------------------
def e6_position() -> GameState:
    """E6: workers on the tunnel-expansion spaces — Gábor 5, Zsófi 4, Péter 2 (Zsófi started
    the shift)."""
    return (
        PositionBuilder(players=3, seed=6, start_player=ZSOFI)
        .on_space("F1", GABOR, 3)
        .on_space("F3", GABOR, 2)
        .on_space("F2", ZSOFI, 4)
        .on_space("F*", PETER, 2)
        .build()
    )


def check_e6(answer: Any) -> Feedback:
    """E6: who is the start player of the next shift?"""
    if answer is None:
        return not_yet()
    seat = seat_named(answer)
    if seat is None:
        return wrong(TEXT["want_name"])
    if seat == next_start_player(e6_position()):
        return right(TEXT["e6_right"])
    return wrong(TEXT["e6_zsofi"] if seat == ZSOFI else TEXT["e6_peter"])


def start_player_position() -> GameState:
    """The end of shift I, Péter started it. Gábor holds the last worker; on the
    tunnel-expansion spaces stand Zsófi 3, Gábor 2, Péter 1 — and F3, F4, F5, F7 are free."""
    return (
        PositionBuilder(players=3, seed=5, start_player=PETER)
        .money(GABOR, 6)
        .on_space("F1", GABOR, 2)
        .on_space("M8", GABOR, 2)
        .on_space("$5", GABOR, 1)
        .on_space("O2", GABOR, 1)
        .on_space("BANK", GABOR, 1)
        .on_space("F2", ZSOFI, 1)
        .on_space("F*", ZSOFI, 2)
        .on_space("M10", ZSOFI, 3)
        .on_space("$6", ZSOFI, 1)
        .on_space("O4", ZSOFI, 1)
        .on_space("BANK", ZSOFI, 2)
        .on_space("F6", PETER, 1)
        .on_space("M6", PETER, 2)
        .on_space("$4", PETER, 2)
        .on_space("O1", PETER, 1)
        .on_space("O*", PETER, 1)
        .on_space("BANK", PETER, 1)
        .workers(GABOR, 1)
        .workers(ZSOFI, 0)
        .workers(PETER, 0)
        .turn(GABOR)
        .build()
    )


def tunnel_workers(state: GameState) -> list[int]:
    """Workers per player on the tunnel-expansion spaces F1–F8 and F★."""
    counts = [0] * state.players
    for space in TUNNEL_AREA_SPACES:
        if state.space_count[space.index]:
            counts[state.space_owner[space.index]] += state.space_count[space.index]
    return counts


@exercise
def start_player_puzzle() -> Puzzle:
    """Goal: with the last worker of shift I, become the start player of shift II."""
    return Puzzle(start_player_position(), _start_player_goal, view=PLAY)


def _start_player_goal(state: GameState) -> Feedback:
    if not _shift_over(state):
        return wrong(TEXT["finish_action"])
    if state.start_player == GABOR:
        return right(TEXT["start_done"])
    before = _before_shift_end(state)
    on_tunnel = tunnel_workers(before)
    return wrong(TEXT.say("start_zsofi", zsofi=on_tunnel[ZSOFI], gabor=on_tunnel[GABOR]))


def _before_shift_end(state: GameState) -> GameState:
    """The position just before the shift was scored (workers still on the spaces)."""
    before = state.copy()
    while before.can_undo and (before.shift > 1 or before.phase != PLACE):
        before.undo()
    return before


# --- the exercises' controls ----------------------------------------------------------------
@exercise
def clock_question() -> Any:
    """The exercise: a button per answer, 0 to 3, for :func:`check_clock`."""
    from .ask import ask_choice

    return ask_choice(check_clock, [0, 1, 2, 3])


@exercise
def e5_wheelbarrow_question() -> Any:
    """The exercise: a VP box per player (Gábor, Zsófi, Péter) for
    :func:`check_e5_wheelbarrow`."""
    from .ask import TEXT as ASK
    from .ask import ask_numbers

    return ask_numbers(check_e5_wheelbarrow, NAMES, unit=ASK["unit_vp"])


@exercise
def e5_carriage_question() -> Any:
    """The exercise: a VP box per player (Gábor, Zsófi, Péter) for :func:`check_e5_carriage`."""
    from .ask import TEXT as ASK
    from .ask import ask_numbers

    return ask_numbers(check_e5_carriage, NAMES, unit=ASK["unit_vp"])


@exercise
def two_players_question() -> Any:
    """The exercise: a number box for :func:`check_two_players`."""
    from .ask import TEXT as ASK
    from .ask import ask_number

    return ask_number(check_two_players, unit=ASK["unit_vp"])


@exercise
def e6_question() -> Any:
    """The exercise (E6): a button per player for :func:`check_e6`."""
    from .ask import ask_player

    return ask_player(check_e6, NAMES)
