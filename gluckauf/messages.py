"""Every learner-facing sentence of the engine, keyed, in one place.

Rule summaries (``rule.<ID>.title`` / ``rule.<ID>.summary``), refusals (``refuse.*``), event
sentences (``event.*``) and result lines (``result.*``). A translation is another dict with the
same keys registered in :data:`LANGUAGES`; the logic never holds text of its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .events import Event

EN: dict[str, str] = {
    # --- the rule catalogue (RULES.md, in our own words) -----------------------------------
    "rule.R-SETUP-1.title": "Locked spaces",
    "rule.R-SETUP-1.summary": "With 2 or 3 players some worker spaces are locked and cannot "
    "be used all game.",
    "rule.R-SETUP-2.title": "Tile spaces",
    "rule.R-SETUP-2.summary": "The 48 tunnel tiles are shuffled and one is shown face up on "
    "every open tile space F1–F8.",
    "rule.R-SETUP-3.title": "Your mine",
    "rule.R-SETUP-3.summary": "Each mine starts with one printed cart per level holding one "
    "cube of that level's colour, the cage at the surface, and workers and Marks by player "
    "count.",
    "rule.R-SETUP-4.title": "The order draft",
    "rule.R-SETUP-4.summary": "3 × players + 1 orders are shown; starting right of the start "
    "player and going counter-clockwise, everyone takes one at a time until each has 3.",
    "rule.R-SETUP-5.title": "Shift I begins",
    "rule.R-SETUP-5.summary": "The shift clock starts at shift I, every score at 0, and one "
    "player is chosen to start.",
    "rule.R-TURN-1.title": "Turns",
    "rule.R-TURN-1.summary": "Clockwise from the start player, each player with workers left "
    "places workers on one space and carries out its action; the shift ends when all workers "
    "are placed.",
    "rule.R-TURN-2.title": "How many workers",
    "rule.R-TURN-2.summary": "An empty space takes 1 worker; an occupied space takes one more "
    "worker than stand there, and those go to the canteen.",
    "rule.R-TURN-3.title": "Only spaces you can use",
    "rule.R-TURN-3.summary": "You may only choose a space whose action you can carry out and "
    "for which you have enough workers.",
    "rule.R-TURN-4.title": "The bank building",
    "rule.R-TURN-4.summary": "Any time, 1 worker on the bank building earns 1 Mark; workers "
    "there are never sent away.",
    "rule.R-TUNNEL-1.title": "Buying a tile",
    "rule.R-TUNNEL-1.summary": "Take the tile from the space and pay per cart: yellow 1, brown "
    "2, grey 3, black 4 Marks.",
    "rule.R-TUNNEL-2.title": "Cubes on new carts",
    "rule.R-TUNNEL-2.summary": "Each cart of a new tile gets a cube of its colour from the "
    "supply; if that colour has run out, a cube of another colour the supply still has.",
    "rule.R-TUNNEL-3.title": "Attaching a tile",
    "rule.R-TUNNEL-3.summary": "A tile goes in its colour's row: lantern tiles on the light "
    "side, the others on the dark side.",
    "rule.R-TUNNEL-4.title": "Refilling a tile space",
    "rule.R-TUNNEL-4.summary": "An emptied tile space is refilled at once from the deck; when "
    "the deck is empty it stays empty.",
    "rule.R-TUNNEL-5.title": "F★: look at five tiles",
    "rule.R-TUNNEL-5.summary": "Look at the top 5 tiles, buy at most one, and put the rest "
    "back together on top or at the bottom in any order.",
    "rule.R-TUNNEL-6.title": "Empty carts stay empty",
    "rule.R-TUNNEL-6.summary": "A cart you have emptied is never refilled; buy tiles to have "
    "more coal.",
    "rule.R-MINE-1.title": "Work steps",
    "rule.R-MINE-1.summary": "A mining space gives 4, 6, 8 or 10 work steps; you may stop "
    "early and unused steps are lost.",
    "rule.R-MINE-2.title": "What one step does",
    "rule.R-MINE-2.summary": "One step moves the cage to another level, loads a cube at the "
    "cage's level (5 at most in the cage), or at the surface moves a cage cube onto a matching "
    "order slot or into storage; a storage cube can go onto a matching slot any time.",
    "rule.R-MINE-3.title": "Two cubes for one slot",
    "rule.R-MINE-3.summary": "Instead of a matching cube, any two cubes can fill a slot "
    "together, for 2 steps.",
    "rule.R-MINE-4.title": "Cubes do not go back",
    "rule.R-MINE-4.summary": "Cubes on an order stay until it is delivered; cubes never go "
    "from the cage back to a cart, nor from storage to the cage.",
    "rule.R-DELIVER-1.title": "Deliver all complete orders",
    "rule.R-DELIVER-1.summary": "A delivery space delivers every complete order you have of "
    "its transport, never just some; incomplete ones stay.",
    "rule.R-DELIVER-2.title": "Scoring a delivery",
    "rule.R-DELIVER-2.summary": "Each delivered order scores its VP at once; its cubes go back "
    "to the supply and the card stays with you face down.",
    "rule.R-MONEY-1.title": "Money",
    "rule.R-MONEY-1.summary": "A money space pays 3, 4, 5 or 6 Marks.",
    "rule.R-ORDER-1.title": "Taking an order",
    "rule.R-ORDER-1.summary": "Take the order shown on the space (there is no limit) and "
    "refill the space from the deck.",
    "rule.R-ORDER-2.title": "O★: look at five orders",
    "rule.R-ORDER-2.summary": "Look at the top 5 orders, take at most one, and put the rest "
    "back together on top or at the bottom in any order.",
    "rule.R-SHIFT-1.title": "Three shift scorings",
    "rule.R-SHIFT-1.summary": "After shift I segments 1–4 of the clock score, after shift II "
    "segments 1–8, after shift III all 12; then the game ends.",
    "rule.R-SHIFT-2.title": "Coal and transport segments",
    "rule.R-SHIFT-2.summary": "Segments 1–4 count coal icons of one colour on your delivered "
    "orders; segments 5–8 count all icons on your delivered orders of one transport.",
    "rule.R-SHIFT-3.title": "Empty-cart segments",
    "rule.R-SHIFT-3.summary": "Segments 9–12 count the empty carts of one colour in your mine, "
    "printed carts included.",
    "rule.R-SHIFT-4.title": "Nothing for nothing",
    "rule.R-SHIFT-4.summary": "You need a count of at least 1 to score a segment.",
    "rule.R-SHIFT-5.title": "Ties on the clock",
    "rule.R-SHIFT-5.summary": "Everyone tied for first scores first place and then nobody "
    "scores second; everyone tied for second scores second.",
    "rule.R-SHIFT-6.title": "Two players",
    "rule.R-SHIFT-6.summary": "With 2 players only first place scores.",
    "rule.R-SHIFT-7.title": "New start player",
    "rule.R-SHIFT-7.summary": "After shifts I and II the player with most workers on the "
    "tunnel-expansion spaces starts next (ties: closest clockwise after the old start player); "
    "all workers come home.",
    "rule.R-END-1.title": "Money at the end",
    "rule.R-END-1.summary": "1 VP per full 5 Marks; the Marks left over break ties.",
    "rule.R-END-2.title": "Leftover coal",
    "rule.R-END-2.summary": "1 VP per full 3 cubes you still have anywhere: carts, cage, "
    "storage and orders.",
    "rule.R-END-3.title": "Undelivered orders",
    "rule.R-END-3.summary": "−1 VP per order you did not deliver.",
    "rule.R-END-4.title": "Balance",
    "rule.R-END-4.summary": "−2 VP per tile of difference between your light-side and "
    "dark-side tiles (printed carts do not count).",
    "rule.R-END-5.title": "Winning",
    "rule.R-END-5.summary": "Most VP wins; a tie goes to the most Marks left over; still "
    "tied, the victory is shared.",
    "rule.R-NOTATION-1.title": "Writing actions",
    "rule.R-NOTATION-1.summary": "Actions are typed in the kit's notation, for example "
    "'place M8', 'cage 3', 'load G' or 'fill W3YY:Y cY' (docs/notation.md).",
    # --- refusals ---------------------------------------------------------------------------
    "refuse.notation": "'{text}' is not an action: {detail}",
    "refuse.not_an_action": "{value} is not an action (see docs/notation.md).",
    "refuse.bad_cube": "{cube} is not a cube source: write cY (from the cage) or sY (from "
    "storage), with Y, B, G or K.",
    "refuse.game_over": "The game is over: all three shifts have been scored.",
    "refuse.draft_first": "First everyone takes their starting orders in the draft.",
    "refuse.draft_over": "The draft is over.",
    "refuse.not_mining": "Mining steps come only after placing workers on a mining space.",
    "refuse.no_choice": "There is nothing to choose from: place workers on F★ or O★ first.",
    "refuse.no_cube_needed": "No new cart is waiting for a cube.",
    "refuse.mining_now": "You are mining: take a work step or stop ({steps} left).",
    "refuse.choose_now": "First finish choosing from the items you are looking at.",
    "refuse.cube_now": "First choose the colour of the cube for your new cart.",
    "refuse.not_in_draft": "{order} is not among the orders in the draft.",
    "refuse.no_such_space": "There is no space called {space}.",
    "refuse.locked": "{space} is locked in a {players}-player game.",
    "refuse.workers": "{space} needs {need} workers — one more than the {there} on it — and "
    "you have {have}.",
    "refuse.tile_deck_empty": "{space}: the tile deck is empty.",
    "refuse.no_tile": "{space}: there is no tile on this space any more.",
    "refuse.cannot_pay": "{space}: the tile costs {price} Marks, you have {money}.",
    "refuse.nothing_to_deliver": "{space}: none of your {held} {transport} orders is "
    "complete yet.",
    "refuse.no_such_orders": "{space}: you have no {transport} orders to deliver.",
    "refuse.order_deck_empty": "{space}: the order deck is empty.",
    "refuse.no_order": "{space}: there is no order on this space any more.",
    "refuse.top_or_bottom": "Put the other items back on the top or at the bottom.",
    "refuse.not_shown": "{item} is not among the items you are looking at.",
    "refuse.put_back_all": "Put back all the others together: {items}.",
    "refuse.no_such_level": "There is no level {level}: the cage moves between 0 (the "
    "surface) and 4.",
    "refuse.cage_already": "The cage is already at level {level}.",
    "refuse.load_at_surface": "The cage is at the surface: move it down to a level to load.",
    "refuse.cage_full": "The cage is full: it holds at most {capacity} cubes.",
    "refuse.no_cube_here": "There is no {colour} cube in a cart at level {level}.",
    "refuse.store_below": "Cubes go into storage only at the surface; the cage is at level "
    "{level}.",
    "refuse.not_in_cage": "There is no {colour} cube in the cage.",
    "refuse.not_in_storage": "There is no {colour} cube in your storage.",
    "refuse.no_such_order": "You have no outstanding order {order}.",
    "refuse.no_such_slot": "{order} has no {colour} slot.",
    "refuse.slot_filled": "The {colour} slot of {order} is already filled.",
    "refuse.one_or_two": "A slot takes one matching cube or two cubes of any colours.",
    "refuse.wrong_colour": "A single cube must match the slot: this slot wants {slot}, not "
    "{cube} (two cubes of any colours would do).",
    "refuse.two_steps": "Two cubes on one slot cost 2 steps; you have {steps} left.",
    "refuse.cage_not_up": "Cubes leave the cage only at the surface; it is at level {level}.",
    "refuse.supply_empty": "The supply has no {colour} cubes left.",
    # --- events -----------------------------------------------------------------------------
    "event.draft": "{name} took order {order} in the draft.",
    "event.draft_done": "The draft is over; {start} starts shift I.",
    "event.place": "{name} placed {workers} worker{s} on {space}.",
    "event.canteen": "{workers} of {name}'s workers went to the canteen from {space}.",
    "event.buy_tile": "{name} bought tile {tile} for {marks} Marks.",
    "event.substitute": "{name}'s new {wanted} cart got {cube} instead ({wanted} ran out).",
    "event.refill": "{space} was refilled with {item}.",
    "event.refill_empty": "{space} stays empty: the deck is used up.",
    "event.mining": "{name} starts mining with {steps} work steps.",
    "event.cage": "{name} moved the cage to {level}.",
    "event.load": "{name} loaded a {cube} cube at level {level}.",
    "event.store": "{name} put a {cube} cube into storage.",
    "event.fill": "{name} filled the {slot} slot of {order} with {cubes}.",
    "event.stop": "{name} stopped mining.",
    "event.deliver": "{name} delivered {order} for {vp} VP.",
    "event.money": "{name} took {marks} Mark{s}.",
    "event.take_order": "{name} took order {order}.",
    "event.look": "{name} looks at the top {count} {kind}s of the deck.",
    "event.put_back": "{name} put {count} {kind}s back at the {where} of the deck.",
    "event.shift_end": "Shift {shift} is over: the shift clock scores.",
    "event.segment": "Segment {segment}: {awarded}.",
    "event.segment_none": "Segment {segment}: nobody scores.",
    "event.start_player": "{name} becomes the start player.",
    "event.end_scoring": "{name}: {end_money} for money, {end_cubes} for coal, {end_orders} for "
    "open orders, {end_balance} for balance.",
    "event.game_over": "The game is over. {winners}",
    # --- space names in sentences ---------------------------------------------------------
    "space.F1": "tile space F1",
    "space.F2": "tile space F2",
    "space.F3": "tile space F3",
    "space.F4": "tile space F4",
    "space.F5": "tile space F5",
    "space.F6": "tile space F6",
    "space.F7": "tile space F7",
    "space.F8": "tile space F8",
    "space.F*": "F★",
    "space.M4": "Mining 4",
    "space.M6": "Mining 6",
    "space.M8": "Mining 8",
    "space.M10": "Mining 10",
    "space.DW": "the wheelbarrow",
    "space.DC": "the horse carriage",
    "space.DT": "the truck",
    "space.DR": "the train",
    "space.$3": "Money 3",
    "space.$4": "Money 4",
    "space.$5": "Money 5",
    "space.$6": "Money 6",
    "space.O1": "order space O1",
    "space.O2": "order space O2",
    "space.O3": "order space O3",
    "space.O4": "order space O4",
    "space.O*": "O★",
    "space.BANK": "the bank building",
    # --- words and results ------------------------------------------------------------------
    "word.mark.one": "{n} Mark",
    "word.mark.many": "{n} Marks",
    "word.worker.one": "{n} worker",
    "word.worker.many": "{n} workers",
    "word.step.one": "{n} step",
    "word.step.many": "{n} steps",
    "word.surface": "the surface",
    "word.level": "level {level}",
    "word.cage_cube": "a {colour} cube from the cage",
    "word.storage_cube": "a {colour} cube from storage",
    "word.and": " and ",
    "word.nothing": "nothing",
    "result.header": "Scores (VP from orders, shifts I + II + III, end of game; Marks left "
    "over break ties):",
    "result.line": "  {name}: {score} VP — orders {orders}, shifts {shifts}, end of game {end}; "
    "{marks} left",
    "result.before": " (and {points} VP before this position)",
    "result.winner": "{names} wins!",
    "result.winners": "{names} share the victory!",
}

LANGUAGES: dict[str, dict[str, str]] = {"en": EN}
language = "en"


def translate(tables: dict[str, dict[str, str]], key: str, params: dict[str, Any]) -> str:
    """``key`` from ``tables`` in the current :data:`language` (English, ``tables["en"]``, as
    the fallback), filled in. The widgets' labels use this too: one language setting."""
    template = tables.get(language, tables["en"]).get(key) or tables["en"][key]
    return template.format(**params)


def say(key: str, **params: Any) -> str:
    """The sentence for ``key`` in the current language (English as the fallback)."""
    return translate(LANGUAGES, key, params)


def count(n: int, word: str) -> str:
    """'1 step', '4 steps': ``word.<word>.one`` or ``word.<word>.many`` with the number."""
    return say(f"word.{word}.{'one' if n == 1 else 'many'}", n=n)


def rule_title(rule_id: str) -> str:
    return say(f"rule.{rule_id}.title")


def rule_summary(rule_id: str) -> str:
    return say(f"rule.{rule_id}.summary")


def _player_name(seat: int | None, names: list[str] | None) -> str:
    if seat is None:
        return ""
    return names[seat] if names and 0 <= seat < len(names) else f"Player {seat + 1}"


def describe_event(event: Event, names: list[str] | None = None) -> str:
    """One friendly sentence for an event."""
    from .components import COLOUR_NAMES

    data = dict(event.data)
    key = f"event.{event.kind}"
    data["name"] = _player_name(event.player, names)
    if "space" in data:
        data["space"] = say(f"space.{data['space']}")
    for field in ("cube", "wanted", "slot"):
        if isinstance(data.get(field), int):
            data[field] = COLOUR_NAMES[data[field]] if data[field] >= 0 else say("word.nothing")
    if event.kind == "cage":
        level = data["level"]
        data["level"] = say("word.surface") if level == 0 else say("word.level", level=level)
    if event.kind == "fill":
        data["cubes"] = say("word.and").join(
            say("word.cage_cube" if src == "c" else "word.storage_cube",
                colour=COLOUR_NAMES[colour]) for src, colour in data["cubes"])
    if event.kind == "refill":
        item = data.get("tile", data.get("order"))
        key = "event.refill" if item else "event.refill_empty"
        data["item"] = item
    if event.kind == "segment":
        parts = [f"{_player_name(p, names)} +{points}" for p, _place, points in data["awarded"]]
        key = "event.segment" if parts else "event.segment_none"
        data["awarded"] = ", ".join(parts)
    if event.kind == "draft_done":
        data["start"] = _player_name(data["start_player"], names)
    if event.kind == "game_over":
        winners = [_player_name(w, names) for w in data["winners"]]
        data["winners"] = say("result.winners" if len(winners) > 1 else "result.winner",
                              names=" and ".join(winners))
    for count_field in ("workers", "marks"):
        if count_field in data and "s" not in data:
            data["s"] = "" if data[count_field] == 1 else "s"
    sentence = say(key, **data)
    return sentence[:1].upper() + sentence[1:]
