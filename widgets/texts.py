"""Every label and message the widgets show, keyed, in one place (like gluckauf.messages):
a German or Hungarian table with the same keys can be added without touching the logic; the
language is chosen once, in ``gluckauf.messages.language``."""

from __future__ import annotations

from typing import Any

from gluckauf.messages import translate

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
    "label.light": "☀ light",
    "label.dark": "dark",
    "label.players": "Players",
    "label.seed": "Seed",
    "label.empty": "empty",
    "label.shift": "Shift {roman}",
    "label.vp": "{n} VP",
    "label.tiles": "tiles: {light} light ☀ · {dark} dark",
    "label.holdings": "{vp} VP · {marks} Marks · {workers}",
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
    "label.choose_tile": "F★: take a tile or none; the rest go back",
    "label.choose_order": "O★: take an order or none; the rest go back",
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
    "status.pending_choose": "So far: {what}. Click the others in the order they go back, or "
    "top / bottom to put them back as shown.",
    "describe.cage": "a {colour} cube from the cage",
    "describe.stock": "a {colour} cube from storage",
    "status.bot": "{name} (bot) is thinking…",
    # messages
    "msg.not_your_mine": "It is {name}'s turn: only {name}'s mine can be used now (R-TURN-1).",
    "msg.bot_turn": "It is {name}'s turn, and {name} is a bot: wait, or press Stop bots.",
    "msg.nothing_here": "There is nothing to click there.",
    "msg.load_outer": "Carts are emptied from the outside in: click the outermost cube of "
    "that colour on this level (R-MINE-2).",
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
    # shift scoring panel
    "score.title": "Shift {roman} scoring",
    "score.final": "End of the game",
    "score.segment": "Segment",
    "score.counts": "{count} → +{points}",
    "score.count_only": "{count}",
    "score.rules": "Rules: R-SHIFT-1 to R-SHIFT-6 (ties: R-SHIFT-5; two players: R-SHIFT-6).",
    "score.end_rules": "Rules: R-END-1 to R-END-5.",
    "score.total": "Total",
    "score.orders": "Orders delivered",
    "score.shifts": "Shift clock",
    "score.end_money": "Money (R-END-1)",
    "score.end_cubes": "Coal left (R-END-2)",
    "score.end_orders": "Open orders (R-END-3)",
    "score.end_balance": "Balance (R-END-4)",
    "score.marks_left": "Marks left (tie-break)",
    "score.winner": "Winner: {names}",
    "segment.1": "yellow icons",
    "segment.2": "brown icons",
    "segment.3": "grey icons",
    "segment.4": "black icons",
    "segment.5": "wheelbarrow icons",
    "segment.6": "carriage icons",
    "segment.7": "truck icons",
    "segment.8": "train icons",
    "segment.9": "empty yellow carts",
    "segment.10": "empty brown carts",
    "segment.11": "empty grey carts",
    "segment.12": "empty black carts",
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


def t(key: str, **params: Any) -> str:
    """The label or message for ``key`` in the current language — the engine's setting,
    ``gluckauf.messages.language`` — with English as the fallback."""
    return translate(LANGUAGES, key, params)
