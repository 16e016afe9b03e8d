"""Lesson 8 — the end of the game (R-END-1 … R-END-5): positions and checks.

The last worker of shift III on a live board (the final table appears under the board), the
rulebook's example E7 worked item by item, the balance penalty (tiles, not carts) and a puzzle
won on the tie-break. Expected answers come from the engine (:func:`gluckauf.core.scoring.end_items`
and :meth:`GameState.result`).
"""

from __future__ import annotations

from typing import Any

from gluckauf.core.actions import Place
from gluckauf.core.builder import PositionBuilder
from gluckauf.core.components import LIGHT, TILES
from gluckauf.core.scoring import END_BALANCE, END_CUBES, END_MONEY, END_ORDERS, end_items
from gluckauf.core.state import GameState
from gluckauf.text.words import space_name

from ..geometry import PLAY
from . import Feedback, Puzzle, check_number, not_yet, right, wrong
from .exercises import exercise
from .phrases import TUTORIAL, say

GABOR, ZSOFI, PETER = 0, 1, 2

TEXT = TUTORIAL.texts(
    "endgame",
    {
        # the last worker of the game
        "game_over": "The game is over! After the shift III scoring came the end-of-game items "
        "(R-END-1 … R-END-4); the final table under the board shows them player by player, and "
        "the winner below it.",
        "finish_action": "Your last worker is placed, but your action is not finished yet: finish "
        "it (at F★ or O★ take one or none and put the rest back; when mining, click “Stop "
        "mining”) and the game ends.",
        "holdings_head": "         Marks  cubes  open orders  light tiles  dark tiles",
        "holdings_line": "{name:<8}{marks:>6}{cubes:>7}{orders:>13}{light:>13}{dark:>12}",
        # E7, item by item
        "want_number": "{item}: write a whole number without quotes, such as 3 — not {answer!r}.",
        "item_ok": "{item}: {answer} — right.",
        "item_wrong": "{item}: {answer} — {why}",
        "some_missing": "{details} Now fill in the rest too.",
        "all_right": "Right, every item! 7 Marks are one full 5 (+1 VP) with 2 Marks kept for the "
        "tie-break; 4 cubes are one full 3 (+1 VP); the open order costs 1 VP; and 7 light "
        "against 4 dark tiles is a difference of 3 tiles, 3 × −2 = −6 VP.",
        "some_wrong": "Not quite. {details}",
        "money": "Money",
        "kept": "Marks kept",
        "coal": "Coal",
        "orders": "Open orders",
        "balance": "Balance",
        "money_up": "only FULL 5 Marks count, and 7 Marks hold one full 5 (R-END-1).",
        "money_each": "1 VP per full 5 Marks, not per Mark (R-END-1).",
        "money_other": "1 VP for every full 5 Marks: how many full 5s are in 7 (R-END-1)?",
        "kept_all": "the 5 Marks exchanged for the VP are gone: 7 − 5 = 2 stay (R-END-1).",
        "kept_other": "the Marks kept are what is left after taking out every full 5 (R-END-1).",
        "coal_up": "only FULL 3 cubes count, and 4 cubes hold one full 3 (R-END-2).",
        "coal_each": "1 VP per full 3 cubes, not per cube (R-END-2).",
        "coal_other": "count all 4 cubes — in the cart, the cage, the storage and on the order "
        "— and score 1 VP per full 3 (R-END-2).",
        "orders_sign": "an undelivered order is a penalty: −1 VP each (R-END-3).",
        "orders_other": "−1 VP per undelivered order, and Gábor has 1 (R-END-3).",
        "balance_half": "that is 1 VP per tile of difference; the rule takes 2 (R-END-4).",
        "balance_sign": "the balance is a penalty, so the number is negative (R-END-4).",
        "balance_all": "count the DIFFERENCE between light and dark tiles (7 − 4 = 3), not all "
        "the tiles (R-END-4).",
        "balance_other": "−2 VP per tile of difference between the light and dark sides (R-END-4).",
        # E7, the total
        "total_explain": "+1 (money) + 1 (coal) − 1 (order) − 6 (balance) = −5 VP. The 2 Marks "
        "kept are not VP: they only break a tie (R-END-5).",
        "total_kept": "The 2 Marks kept are not VP — they only break a tie (R-END-5). Add the four "
        "VP items only.",
        "total_half": "Check the balance: −2 VP per tile of difference, and the difference is 3 "
        "tiles (R-END-4).",
        "total_sign": "Check the signs: the open order and the balance are penalties (R-END-3, "
        "R-END-4).",
        "total_other": "add up the four VP items from the exercise above: money + coal + open "
        "orders + balance.",
        "signed_other": "Not quite: {answer} is not it — {hint}",
        # tiles, not carts
        "tiles_explain": "2 light tiles against 4 dark tiles: a difference of 2 tiles, 2 × −2 = "
        "−4 VP. The carts are 4 and 4 — but the rule counts tiles, not carts, and printed carts "
        "never count (R-END-4).",
        "tiles_carts": "0 would be right if carts counted: 4 light and 4 dark. But the balance "
        "counts TILES: 2 light tiles, 4 dark tiles (R-END-4).",
        "tiles_half": "The difference is 2 tiles, and each tile of difference costs 2 VP "
        "(R-END-4).",
        "tiles_sign": "The balance is a penalty: the number is negative (R-END-4).",
        "tiles_other": "count the light tiles and the dark tiles, take the difference, and "
        "multiply it by −2 (R-END-4).",
        "tiles_all": "Count the DIFFERENCE between light and dark tiles (4 − 2 = 2), not the "
        "tiles on one side or all of them (R-END-4).",
        # winning
        "win_done": "You win! With {space} you have {marks} Marks: +{money} VP with {left} Marks "
        "left over. You and Zsófi both end on {score} VP, and a tie goes to the most Marks left: "
        "your {left} against her {her_left} (R-END-1, R-END-5).",
        "win_shared": "A shared victory: you and Zsófi both end on {score} VP with {left} Marks "
        "left over (R-END-5). Press Start again: can you keep one Mark more?",
        "win_tie_lost": "So close: you and Zsófi both end on {score} VP, but she has {her_left} "
        "Marks left and you only {left}, and the Marks left break the tie (R-END-5). Press Start "
        "again.",
        "win_lost": "{winner} wins with {best} VP; you end on {score}. Press Start again and work "
        "out each item before you click (R-END-1 … R-END-4).",
    },
)


# --- the last worker of the game ------------------------------------------------------------
def final_position() -> GameState:
    """The end of shift III; Gábor holds the last worker. A made-up position in which nobody
    has scored or delivered yet, so that only the end-of-game items decide:

    Gábor — 3 Marks; tiles Y2L and G1D (balanced); 8 cubes (printed carts 4, tiles 3, 1 on his
    open order T5BB): +2 coal, −1 order. Zsófi — 7 Marks; tile Y1L; 9 cubes: +1 money (2 Marks
    left), +3 coal, −2 balance = 2 VP. Péter — 11 Marks, 2 light tiles and 1 dark, 2 open
    orders: 0 VP. The mining spaces and Money 6 are taken, so Gábor's choice is money ($4, $5),
    a tile, an order, a look at F★/O★ or the bank building."""
    return (
        PositionBuilder(players=3, seed=8)
        .money(GABOR, 3)
        .tiles(GABOR, "Y2L", "G1D")
        .orders(GABOR, "T5BB")
        .fill(GABOR, "T5BB", "B", "")
        .money(ZSOFI, 7)
        .tiles(ZSOFI, "Y1L")
        .storage(ZSOFI, "BBGG")
        .money(PETER, 11)
        .tiles(PETER, "G2L", "B1L", "K1D")
        .orders(PETER, "W4G", "R3YY")
        .on_space("M10", ZSOFI, 3)
        .on_space("M8", PETER, 2)
        .on_space("M6", ZSOFI, 1)
        .on_space("$6", PETER, 1)
        .on_space("F2", GABOR, 2)
        .on_space("F*", PETER, 2)
        .on_space("O1", ZSOFI, 1)
        .on_space("BANK", GABOR, 2)
        .on_space("BANK", ZSOFI, 1)
        .on_space("BANK", PETER, 1)
        .workers(GABOR, 1)
        .workers(ZSOFI, 0)
        .workers(PETER, 0)
        .turn(GABOR, shift=3)
        .build()
    )


def holdings_table(state: GameState) -> str:
    """What the end-of-game items count, per player: Marks, cubes anywhere, open orders and
    light/dark tiles (R-END-1 … R-END-4)."""
    head = TEXT["holdings_head"]
    lines = [head]
    for p, name in enumerate(state.names):
        cubes = (
            sum(state.cubes_in_mine(p))
            + sum(state.cage[p])
            + sum(state.storage[p])
            + sum(state.cubes_on_orders(p))
        )
        light = sum(1 for kind in state.tiles[p] if TILES[kind].side == LIGHT)
        dark = len(state.tiles[p]) - light
        lines.append(
            TEXT.say(
                "holdings_line",
                name=name,
                marks=state.money[p],
                cubes=cubes,
                orders=len(state.outstanding[p]),
                light=light,
                dark=dark,
            )
        )
    return "\n".join(lines)


@exercise
def last_worker_puzzle() -> Puzzle:
    """Goal: place the last worker of the game (anywhere), so that the game ends."""
    return Puzzle(final_position(), _game_over_goal, view=PLAY)


def _game_over_goal(state: GameState) -> Feedback:
    if state.is_over:
        return right(TEXT["game_over"])
    return wrong(TEXT["finish_action"])


# --- E7 -------------------------------------------------------------------------------------
def e7_position() -> GameState:
    """E7: Gábor has 7 Marks; 4 cubes (one on an order, one in a cart, one in the cage, one in
    storage); 1 undelivered order; 7 light tiles and 4 dark ones, all their carts empty."""
    return (
        PositionBuilder(players=3, seed=7)
        .money(GABOR, 7)
        .tiles(GABOR, "Y1L", "Y1L", "Y1L", "B1L", "B1L", "B1L", "G1L", cubes=False)
        .tiles(GABOR, "Y1D", "B1D", "G1D", "K1D", cubes=False)
        .empty_carts(GABOR, 1)
        .empty_carts(GABOR, 2)
        .empty_carts(GABOR, 4)
        .orders(GABOR, "T5BB")
        .fill(GABOR, "T5BB", "B", "")
        .cage(GABOR, level=0, cubes="Y")
        .storage(GABOR, "K")
        .build()
    )


def e7_expected() -> dict[str, int]:
    """The engine's E7 items for Gábor, and the Marks he keeps."""
    state = e7_position()
    items = end_items(state, GABOR)
    return {
        "money": items[END_MONEY],
        "kept": state.money[GABOR] % 5,
        "coal": items[END_CUBES],
        "orders": items[END_ORDERS],
        "balance": items[END_BALANCE],
    }


_E7_MISTAKES = {  # item → {wrong answer: reason}
    "money": {2: "money_up", 7: "money_each"},
    "kept": {7: "kept_all"},
    "coal": {2: "coal_up", 4: "coal_each"},
    "orders": {1: "orders_sign"},
    "balance": {-3: "balance_half", 6: "balance_sign", 3: "balance_sign", -22: "balance_all"},
}


def _e7_reason(item: str, answer: int) -> str:
    key = _E7_MISTAKES[item].get(answer, f"{item}_other")
    return TEXT[key]


def check_e7_items(
    money: Any = None, kept: Any = None, coal: Any = None, orders: Any = None, balance: Any = None
) -> Feedback:
    """E7 item by item: VP for money, Marks kept, VP for coal, open orders and balance."""
    answers = {"money": money, "kept": kept, "coal": coal, "orders": orders, "balance": balance}
    if all(a is None for a in answers.values()):
        return not_yet()
    expected = e7_expected()
    details, all_ok = [], True
    for item, answer in answers.items():
        if answer is None:
            all_ok = False
            continue
        if isinstance(answer, bool) or not isinstance(answer, int):
            details.append(TEXT.say("want_number", item=TEXT[item], answer=answer))
            all_ok = False
        elif answer == expected[item]:
            details.append(TEXT.say("item_ok", item=TEXT[item], answer=answer))
        else:
            details.append(
                TEXT.say("item_wrong", item=TEXT[item], answer=answer, why=_e7_reason(item, answer))
            )
            all_ok = False
    if all_ok:
        return right(TEXT["all_right"])
    text = " ".join(details)
    wrong_ones = any(a is not None and a != expected[i] for i, a in answers.items())
    if not wrong_ones:
        return not_yet(TEXT.say("some_missing", details=text))
    return wrong(TEXT.say("some_wrong", details=text))


def _check_signed(
    answer: Any, expected: int, *, explain: str, common: dict[int, str], other: str
) -> Feedback:
    """Like :func:`check_number`, for answers that may be negative (no "too many")."""
    if answer is None or isinstance(answer, bool) or not isinstance(answer, int):
        return check_number(answer, expected, explain=explain)
    if answer == expected:
        return right(say("right_number", explain=explain))
    return wrong(common.get(answer, TEXT.say("signed_other", answer=answer, hint=other)))


def check_e7_total(answer: Any) -> Feedback:
    """E7: Gábor's end-of-game VP in all."""
    e = e7_expected()
    total = e["money"] + e["coal"] + e["orders"] + e["balance"]
    return _check_signed(
        answer,
        total,
        explain=TEXT["total_explain"],
        common={
            total + e["kept"]: TEXT["total_kept"],
            total - e["balance"] // 2: TEXT["total_half"],
            total - 2 * e["balance"]: TEXT["total_sign"],
            total - 2 * e["balance"] - 2 * e["orders"]: TEXT["total_sign"],
        },
        other=TEXT["total_other"],
    )


def e7_labels() -> list[tuple[str, str]]:
    """The five boxes of E7, named as the lesson's table of end items names them, with their
    units: VP, and Marks for the Marks kept."""
    from .. import labels
    from .ask import TEXT as ASK

    vp, marks = ASK["unit_vp"], ASK["unit_marks"]
    return [
        (labels.say("score.end_money"), vp),
        (labels.say("score.marks_left"), marks),
        (labels.say("score.end_cubes"), vp),
        (labels.say("score.end_orders"), vp),
        (labels.say("score.end_balance"), vp),
    ]


@exercise
def e7_items_question() -> Any:
    """The exercise: five labelled boxes for :func:`check_e7_items` (money, Marks kept, coal,
    open orders, balance); a box left empty reaches the check as "not answered yet"."""
    from .ask import ask_numbers

    return ask_numbers(lambda values: check_e7_items(*values), e7_labels(), partial=True)


@exercise
def e7_total_question() -> Any:
    """The exercise: a number box for :func:`check_e7_total` (a negative number)."""
    from .ask import TEXT as ASK
    from .ask import ask_number

    return ask_number(check_e7_total, unit=ASK["unit_vp"])


# --- tiles, not carts ---------------------------------------------------------------------
def balance_position() -> GameState:
    """Gábor's mine: light tiles Y2L and B2L (4 carts), dark tiles Y1D, B1D, G1D and K1D
    (4 carts)."""
    return (
        PositionBuilder(players=3, seed=9)
        .tiles(GABOR, "Y2L", "B2L", "Y1D", "B1D", "G1D", "K1D")
        .build()
    )


def check_balance(answer: Any) -> Feedback:
    """The balance penalty of :func:`balance_position` for Gábor."""
    expected = end_items(balance_position(), GABOR)[END_BALANCE]
    return _check_signed(
        answer,
        expected,
        explain=TEXT["tiles_explain"],
        common={
            0: TEXT["tiles_carts"],
            expected // 2: TEXT["tiles_half"],
            -expected: TEXT["tiles_sign"],
            -expected // 2: TEXT["tiles_sign"],
            -12: TEXT["tiles_all"],
            -8: TEXT["tiles_all"],
        },
        other=TEXT["tiles_other"],
    )


@exercise
def balance_question() -> Any:
    """The exercise: a number box for :func:`check_balance` (a negative number)."""
    from .ask import TEXT as ASK
    from .ask import ask_number

    return ask_number(check_balance, unit=ASK["unit_vp"])


# --- win it -----------------------------------------------------------------------------------
@exercise
def win_puzzle() -> Puzzle:
    """Goal: with the last worker of the game, win alone (the tie-break decides)."""
    return Puzzle(final_position(), _win_goal, view=PLAY)


def _win_goal(state: GameState) -> Feedback:
    if not state.is_over:
        return wrong(TEXT["finish_action"])
    result = state.result()
    me, her = result.players[GABOR], result.players[ZSOFI]
    said = {"score": me.score, "left": me.tie_break_marks, "her_left": her.tie_break_marks}
    if result.winners == [GABOR]:
        space = next((a.space for a in state.history if isinstance(a, Place)), None)
        return right(
            TEXT.say(
                "win_done",
                space=space_name(space) if space else "?",
                marks=state.money[GABOR],
                money=me.end[END_MONEY],
                **said,
            )
        )
    if GABOR in result.winners:
        return wrong(TEXT.say("win_shared", **said))
    if me.score == her.score:
        return wrong(TEXT.say("win_tie_lost", **said))
    best = result.players[result.winners[0]]
    return wrong(TEXT.say("win_lost", winner=best.name, best=best.score, score=me.score))
