"""Every label and message the widgets show, keyed, in one place (like gluckauf.messages):
a German or Hungarian table with the same keys can be added without touching the logic."""

from __future__ import annotations

from typing import Any

EN: dict[str, str] = {
    # board labels
    "area.tunnel": "Tunnel expansion",
    "area.mining": "Mining",
    "area.delivery": "Delivery",
    "area.money": "Money",
    "area.orders": "New orders",
    "area.bank": "Bank building",
    "area.canteen": "Canteen",
    "area.supply": "Supply",
    "area.clock": "Shift clock",
    "label.deck": "deck {n}",
    "label.steps": "{n} steps",
    "label.marks": "{n} M",
    "label.locked": "locked",
    "label.empty": "empty",
    "label.shift": "Shift {roman}",
    "label.vp": "{n} VP",
    "label.player": "{name}: {vp} VP · {marks} Marks · {workers} workers",
    "label.canteen_line": "{name} {n}",
    "label.delivered": "delivered: {orders}",
    "label.storage": "storage",
    "label.surface": "surface",
    "label.start": "start",
    "label.stop": "Stop",
    "label.none": "none",
    "label.top": "top",
    "label.bottom": "bottom",
    "label.steps_left": "{n} steps left",
    "label.draft": "Draft: take one order",
    "label.place": "Place workers on a space",
    "label.choose_tile": "F★: take one tile or none, then put the rest back",
    "label.choose_order": "O★: take one order or none, then put the rest back",
    "label.cube": "Choose a cube colour from the supply",
    "transport.0": "Wheelbarrow",
    "transport.1": "Carriage",
    "transport.2": "Truck",
    "transport.3": "Train",
    # status lines
    "status.over": "The game is over.",
    "status.draft": "{name}: take an order from the draft (R-SETUP-4).",
    "status.place": "{name}: place workers on a space (R-TURN-1).",
    "status.mine": "{name} is mining: {steps} left. Move the cage, load, fill or stop (R-MINE-2).",
    "status.choose": "{name}: take one item or none, then the rest go back in the order you "
    "click them, then top or bottom (R-TUNNEL-5, R-ORDER-2).",
    "status.cube": "{name}: a new cart needs a cube; pick a colour in the supply (R-TUNNEL-2).",
    "status.pending": "Selected: {what}. Now click where it goes.",
    "status.bot": "{name} (bot) is thinking…",
    # messages
    "msg.not_your_mine": "It is {name}'s turn: only {name}'s mine can be used now (R-TURN-1).",
    "msg.bot_turn": "It is {name}'s turn, and {name} is a bot: wait, or press Stop bots.",
    "msg.nothing_here": "There is nothing to click there.",
    "msg.first_a_cube": "First click a cube in your cage or storage, then the slot (R-MINE-2).",
    "msg.not_now": "That is not one of your options now. {hint}",
    "msg.undone": "Took back: {action}.",
    "msg.redone": "Played again: {action}.",
    "msg.nothing_to_undo": "There is nothing to take back.",
    "msg.nothing_to_redo": "There is nothing to play again.",
    "msg.saved": "Saved the game to {path}.",
    "msg.loaded": "Loaded {path}.",
    "msg.bad_file": "Could not load {path}: {reason}",
    "msg.cannot_save": "Could not save to {path}: {reason}",
    "msg.hint": "Hint ({bot}): {action}.",
    "msg.new_game": "New game: {names}.",
    "msg.error": "Something went wrong inside the widget ({error}); the game is unchanged.",
    "msg.cleared": "Selection cleared.",
    # controls
    "button.undo": "Undo",
    "button.redo": "Redo",
    "button.hint": "Hint",
    "button.new": "New game",
    "button.save": "Save",
    "button.load": "Load",
    "button.bots_stop": "Stop bots",
    "button.bots_go": "Run bots",
    "label.bot_delay": "Bot delay (s)",
    "label.file": "File",
    "label.seat": "Seat {n}",
    "seat.human": "human",
    "seat.random": "random bot",
}

LANGUAGES: dict[str, dict[str, str]] = {"en": EN}
language = "en"


def t(key: str, **params: Any) -> str:
    """The label or message for ``key`` in the current language (English as the fallback)."""
    template = LANGUAGES.get(language, EN).get(key) or EN[key]
    return template.format(**params)
