"""The engine's events in sentences: one friendly sentence per event, a delivery of several
orders in one (the text layer: :mod:`gluckauf.core.events` keeps events as data).
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import groupby
from typing import TYPE_CHECKING

from ..core import voice
from . import words
from .messages import capital, count, join_words, say

if TYPE_CHECKING:
    from ..core.events import Event


def _player_name(seat: int | None, names: list[str] | None) -> str:
    if seat is None:
        return ""
    return names[seat] if names and 0 <= seat < len(names) else say("word.player", n=seat + 1)


def describe_event(event: Event, names: list[str] | None = None) -> str:
    """One friendly sentence for an event, in words (no order, tile or space codes)."""
    data = dict(event.data)
    kind = event.kind
    key = f"event.{kind}"
    data["name"] = _player_name(event.player, names)
    if "space" in data:
        data["space"] = words.space_name(data["space"])
    for field in ("cube", "wanted", "slot"):
        if isinstance(data.get(field), int) and data[field] >= 0:
            data[field] = words.colour_name(data[field])
    if kind in ("draft", "deliver", "take_order"):  # the order is what the player took
        data["order"] = words.order_name(data["order"], as_object=True)
    if kind == "fill":
        data["order"] = words.order_name(data["order"])
    if kind == "buy_tile":
        data["tile"] = words.tile_name(data["tile"], "a", as_object=True)
        data["marks"] = count(data["marks"], "mark")
    if kind == "money":
        data["marks"] = count(data["marks"], "mark")
    if kind == "place":
        data["workers"] = count(data["workers"], "worker")
    if kind == "substitute" and data["cube"] == -1:
        key = "event.substitute_none"
    if kind == "cage":
        data["level"] = words.level_name(data["level"])
    if kind == "fill":
        data["cubes"] = words.cubes_from(data["cubes"])
    if kind == "refill":
        if data.get("tile"):
            data["item"] = words.tile_name(data["tile"], "a")
        elif data.get("order"):
            data["item"] = words.order_name(data["order"])
        else:
            key = "event.refill_empty"
    if kind == "look":
        data["items"] = count(data["count"], data["kind"])
    if kind == "put_back":
        data["items"] = count(data["count"], data["kind"])
        data["where"] = say(f"do.where.{data['where']}")
        if not data["count"]:
            key = "event.put_back_none"
    if kind == "segment":
        parts = [f"{_player_name(p, names)} +{points}" for p, _place, points in data["awarded"]]
        key = "event.segment" if parts else "event.segment_none"
        data["awarded"] = say("word.list_sep").join(parts)
        data["what"] = words.segment_name(data["segment"])
    if kind == "shift_end":
        data["shift"] = words.shift_name(data["shift"])
    if kind == "end_scoring":
        for item in ("end_money", "end_cubes", "end_orders", "end_balance"):
            data[item] = say("word.vp_signed", n=f"{data[item]:+d}".replace("-", "−"))
    if kind == "draft_done":
        data["start"] = _player_name(data["start_player"], names)
    if kind == "game_over":
        winners = [_player_name(w, names) for w in data["winners"]]
        data["winners"] = say(
            "result.winners" if len(winners) > 1 else "result.winner", names=join_words(winners)
        )
    return capital(say(key, **data))


def describe_events(events: Iterable[Event], names: list[str] | None = None) -> list[str]:
    """The sentences of what one action did, in order: one per event (:func:`describe_event`),
    except that the orders one delivery delivered — every complete order of its transport at
    once (R-DELIVER-1), one ``deliver`` event each — are told in one sentence naming them all.
    So a message made of the first few sentences names every order delivered (issue 24)."""
    sentences = []
    for player, group in groupby(events, _deliverer):
        told = list(group)
        if player is None or len(told) == 1:
            sentences += [describe_event(event, names) for event in told]
        else:
            sentences.append(_deliveries(player, told, names))
    return sentences


def _deliverer(event: Event) -> int | None:
    """The player of a ``deliver`` event (deliveries in a row are one delivery), else None."""
    return event.player if event.kind == "deliver" else None


def _deliveries(player: int, events: list[Event], names: list[str] | None) -> str:
    """One sentence for one delivery of several orders ("Zsófi delivered 3 orders …")."""
    orders = join_words([words.order_name(event.data["order"]) for event in events])
    vp = sum(event.data["vp"] for event in events)
    return capital(
        say(
            "tell.deliveries",
            name=_player_name(player, names),
            count=len(events),
            vp=vp,
            orders=orders,
        )
    )


voice.register("event", describe_event)

__all__ = ["describe_event", "describe_events"]
