"""Issue 24, B: the message of a delivery names every order it delivered (R-DELIVER-1/2).

A delivery space delivers all of the player's complete orders of its transport at once, one
``deliver`` event each. The board's message is the first three sentences of a move's events, so
"place, deliver, deliver" left the third order out. :func:`gluckauf.text.sentences.describe_events`
tells the orders of one delivery in one sentence ("A, B and C"), in every language.
"""

from __future__ import annotations

import pytest

from gluckauf.core.builder import PositionBuilder
from gluckauf.core.components import ORDERS
from gluckauf.core.events import Event
from gluckauf.core.state import GameState
from gluckauf.text.i18n import language
from gluckauf.text.messages import join_words
from gluckauf.text.sentences import describe_event, describe_events
from gluckauf.text.words import order_name
from widgets.session import GameSession

rule = pytest.mark.rule
NAMES = ["Zsófi", "Péter", "Gábor"]
THREE = ("C2Y", "C3B", "C4G")  # complete carriage orders: 2 + 3 + 4 = 9 VP
AND = {"en": " and ", "de": " und ", "hu": " és "}


def delivering(*complete: str, waiting: str = "C9KK") -> GameState:
    """Zsófi to place, holding these complete carriage orders and an incomplete one."""
    builder = PositionBuilder(players=3, seed=1, names=NAMES).orders(0, *complete, waiting)
    for code in complete:
        builder.fill(0, code, *code[2:])
    return builder.turn(0).build()


def deliver(*complete: str) -> tuple[GameState, list[Event]]:
    state = delivering(*complete)
    return state, state.apply("place DC")


# --- the words of one delivery -----------------------------------------------------------------
@rule("R-DELIVER-1", "R-DELIVER-2")
def test_one_delivery_of_three_orders_is_one_sentence_naming_all_three() -> None:
    state, events = deliver(*THREE)
    assert [e.kind for e in events] == ["place", "deliver", "deliver", "deliver"]
    assert [ORDERS[card].code for card, _slots in state.outstanding[0]] == ["C9KK"]  # stays
    sentences = describe_events(events, state.names)
    assert sentences == [
        "Zsófi placed 1 worker on the carriage delivery space.",
        "Zsófi delivered 3 orders and scored 9 VP: the 2-VP carriage order (yellow), the 3-VP "
        "carriage order (brown) and the 4-VP carriage order (grey).",
    ]


@rule("R-DELIVER-1")
@pytest.mark.parametrize("lang", ["en", "de", "hu"])
def test_the_board_message_names_every_order_in_every_language(lang: str) -> None:
    """The first three sentences (what the board shows) name each order once, joined as
    "A, B and C" in the language; the total VP is said."""
    state, events = deliver(*THREE)
    with language(lang):
        shown = " ".join(describe_events(events, state.names)[:3])
        names = [order_name(code) for code in THREE]
    for name in names:
        assert shown.count(name) == 1, (name, shown)
    assert f"{names[0]}, {names[1]}{AND[lang]}{names[2]}" in shown
    assert " 9 " in shown.split(names[0])[0]  # the VP of the whole delivery, before the list


@rule("R-DELIVER-1")
def test_two_orders_are_joined_with_and_and_one_keeps_its_sentence() -> None:
    state, events = deliver("C2Y", "C3B")
    assert describe_events(events, state.names)[1] == (
        "Zsófi delivered 2 orders and scored 5 VP: the 2-VP carriage order (yellow) and the "
        "3-VP carriage order (brown)."
    )
    state, events = deliver("C4G")
    assert describe_events(events, state.names) == [describe_event(e, state.names) for e in events]
    assert describe_events(events, state.names)[1] == (
        "Zsófi delivered the 4-VP carriage order (grey) and scored 4 VP."
    )


def test_other_events_are_told_one_by_one() -> None:
    """Only deliveries in a row by one player are told together."""
    events = [
        Event("deliver", 0, {"order": "C2Y", "vp": 2}),
        Event("deliver", 1, {"order": "C3B", "vp": 3}),
        Event("money", 1, {"marks": 3}),
        Event("deliver", 1, {"order": "C4G", "vp": 4}),
    ]
    assert describe_events(events, NAMES) == [describe_event(e, NAMES) for e in events]
    assert describe_events([], NAMES) == []


def test_the_log_still_has_a_sentence_per_delivered_order() -> None:
    state, events = deliver(*THREE)
    told = [event.sentence(state.names) for event in events]
    assert [s.startswith("Zsófi delivered the ") for s in told] == [False, True, True, True]


# --- list joining ------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "de", "hu"])
def test_join_words(lang: str) -> None:
    with language(lang):
        assert join_words([]) == "" and join_words(["A"]) == "A"
        assert join_words(["A", "B"]) == f"A{AND[lang]}B"
        assert join_words(["A", "B", "C"]) == f"A, B{AND[lang]}C"


@rule("R-END-5")
def test_three_winners_are_listed_with_commas_and_and() -> None:
    event = Event("game_over", None, {"winners": [0, 1, 2]})
    assert describe_event(event, NAMES) == (
        "The game is over. Zsófi, Péter and Gábor share the victory!"
    )
    with language("de"):
        assert "Zsófi, Péter und Gábor" in describe_event(event, NAMES)


# --- the board ---------------------------------------------------------------------------------
@rule("R-DELIVER-1")
def test_the_session_message_names_all_three_orders() -> None:
    session = GameSession(delivering(*THREE), seats=["human"] * 3)
    session.click("space:DC")
    for code in THREE:
        assert order_name(code) in session.message, session.message
