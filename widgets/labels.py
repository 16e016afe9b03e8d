"""Every label and message the widgets show, keyed, in one place (like gluckauf.text.messages).

German and Hungarian are in the gettext catalogue ``widgets`` (``widgets/locale``); the
language is chosen once, for engine and widgets alike (:func:`gluckauf.text.i18n.set_language`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gluckauf.text.i18n import Domain
from gluckauf.text.reference import rule_ids_in

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
    # the board picture (widgets.draw): words first, codes small and secondary
    "board.area.tunnel": "Tunnel expansion: buy a tile, its carts come with coal (R-TUNNEL-1)",
    "board.area.mining": "Mining (R-MINE-1)",
    "board.area.delivery": "Delivery (R-DELIVER-1)",
    "board.area.money": "Money (R-MONEY-1)",
    "board.area.orders": "New orders (R-ORDER-1)",
    "board.area.bank": "Bank",
    "board.area.canteen": "Canteen",
    "board.area.supply": "Coal supply",
    "board.supply_note": "cubes left",
    "board.locked": "Locked",
    "board.locked_for": "{n} players",
    "board.light": "light",
    "board.dark": "dark",
    "board.tile": "{colour} · {side}",
    "board.look_1": "Look at the",
    "board.look_tiles": "top 5 tiles",
    "board.look_orders": "top 5 orders",
    "board.deck": "deck: {n}",
    "board.empty": "empty",
    "board.after_draft": "after the draft",
    "board.vp": "{n} VP",
    "board.clock": "Shift clock: shift {roman} now. At its end segments 1–{last} score "
    "(VP for 1st · 2nd place)",
    "board.clock_group.0": "every shift: coal colours",
    "board.clock_group.1": "shifts II and III: transports",
    "board.clock_group.2": "shift III: empty carts",
    "board.scores": "Scores",
    "board.start": "start player",
    "board.over": "The game is over: {winners} won.",
    "board.draft": "Draft: {name}, take one order into your hand (R-SETUP-4)",
    "board.mining": "{name} is mining: {steps} left (R-MINE-1)",
    # a mining space's steps, in the space's narrow box (a short word where the language has one)
    "board.space_steps.one": "{n} step",
    "board.space_steps.many": "{n} steps",
    "board.mining_help": "Each step: move the cage to another level · load a cube from a cart "
    "at the cage's level · at the surface, put a cage cube on a slot of its colour or into "
    "storage · put a storage cube on a slot of its colour. Two cubes of any colours fill one "
    "slot together for 2 steps (R-MINE-2, R-MINE-3).",
    "board.stop": "Stop mining",
    "board.cube_title": "{name}: your new cart needs a cube (R-TUNNEL-2)",
    "board.cube_help": "The coal supply has no cube of the cart's colour left: click a colour "
    "in the coal supply to put one of those on the cart instead.",
    "board.place": "{name}: place workers on a space",
    "board.place_help": "Orange outlines show the spaces you can use now; click another to "
    "learn why not. An empty space takes 1 worker, an occupied one takes one more than stand "
    "there, and those go to the canteen (R-TURN-2). You have {workers} left.",
    "board.choose_tiles": "{name} looks at the top tiles of the deck: take one or none "
    "(R-TUNNEL-5)",
    "board.choose_orders": "{name} looks at the top orders of the deck: take one or none "
    "(R-ORDER-2)",
    "board.choose_help": "Then click the others in the order they go back (1 = nearest the "
    "top), or a button to put them back as shown.",
    "board.take_none": "Take none",
    "board.back_top": "Put the rest back on top",
    "board.back_bottom": "Put the rest at the bottom",
    "board.taken": "taken",
    "board.back_n": "back: {n}",
    "board.none": "none",
    "board.delivered": "Delivered, face down: {orders}",
    "board.delivered_hidden": "Delivered, face down: {orders} (only {name} sees them)",
    "board.face_down": "face down",
    "board.choice_secret": "Only {name} sees these cards: for you they lie face down.",
    "board.clock_brief": "Shift {roman} · at its end segments 1–{last} score",
    "board.more": "and {n} more",
    "board.new": "new",
    "board.brief_storage": "Storage: {n}",
    "board.holdings": "{vp} VP · {marks} · {workers} left",
    "board.tiles": "Tiles: {light} light, {dark} dark (each tile of difference costs 2 VP at "
    "the end, R-END-4)",
    "board.surface": "surface",
    "board.level": "level {n}",
    "board.cage": "cage: {n} of 5",
    "board.storage": "Storage",
    "board.hand": "Orders in hand: {n}",
    "board.compact_cage": "Cage at {where}, {n} in it · {stored} in storage",
    "board.the_surface": "the surface",
    "board.compact_hand": "Orders: {orders}",
    "board.compact_delivered": "Delivered: {n}",
    "label.deck": "deck {n}",
    "label.steps": "{n} steps",
    "label.marks": "{n} M",
    "label.locked": "locked",
    "label.light": "☀ light",
    "label.dark": "dark",
    "label.players": "Players",
    "label.seed": "Seed",
    "label.sandbox": "Sandbox: I play every seat (free undo)",
    "label.face_down": "Delivered orders face down",
    "label.show_codes": "Show codes",
    "label.motion": "Show each move moving",
    "tip.show_codes": "For the curious and for teachers: the kit's short notation of each "
    "move (as in saved games) after the board's sentences, in grey brackets.",
    "mode.fair": "Fair play: undo stops where hidden cards were shown",
    "mode.fair_tip": "Against bots or other people, what a move showed (F★/O★'s cards, a new "
    "tile or order from a deck) cannot be unseen, so undo never goes back past it. Tick "
    "Sandbox for a new game you play alone at every seat to undo freely.",
    "mode.free": "Free undo: a lesson or a sandbox, undo goes anywhere",
    "mode.free_tip": "A lesson or a sandbox: undo and redo go anywhere, even past cards you "
    "have seen.",
    "mode.face_down": " · delivered orders face down",
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
    "label.none": "none",
    "label.top": "top",
    "label.bottom": "bottom",
    "label.steps_left": "{n} steps left",
    "label.draft": "Draft: take one order",
    "label.place": "Place workers on a space",
    "label.choose_tile": "F★: take a tile or none; the rest go back",
    "label.choose_order": "O★: take an order or none; the rest go back",
    "label.cube": "Choose a cube colour from the supply",
    # status lines
    "status.over": "The game is over.",
    "status.draft": "{name}: take an order from the draft (R-SETUP-4).",
    "status.place": "{name}: place workers on a space (R-TURN-1).",
    "status.mine": "{name} is mining: {steps} left. Move the cage, load, fill or stop (R-MINE-2).",
    "status.choose_tile": "{name}: take a tile or none, then the rest go back in the order you "
    "click them, then top or bottom (R-TUNNEL-5).",
    "status.choose_order": "{name}: take an order or none, then the rest go back in the order "
    "you click them, then top or bottom (R-ORDER-2).",
    "status.cube": "{name}: a new cart needs a cube; pick a colour in the supply (R-TUNNEL-2).",
    "status.pending": "Selected: {what}. Now click where it goes.",
    "status.pending_choose": "So far: {what}. Click the others in the order they go back, or "
    "top / bottom to put them back as shown.",
    "describe.cage": "a {colour} cube from the cage",
    "describe.stock": "a {colour} cube from storage",
    "describe.cart": "a {colour} cube in a cart on level {level}",
    "status.bot": "{name} (bot) is thinking…",
    # messages
    "msg.not_your_mine": "It is {name}'s turn: only {name}'s mine can be used now (R-TURN-1).",
    "msg.bot_turn": "It is {name}'s turn, and {name} is a bot: wait, or press Stop bots.",
    "msg.nothing_here": "There is nothing to click there.",
    "msg.cage_elsewhere": "The cage is at level {cage}: cubes are loaded only at the cage's "
    "level. Moving it to level {level} costs one step ({steps} left) (R-MINE-2).",
    "msg.cage_up": "The cage is at the surface: cubes are loaded only at the cage's level. "
    "Moving it down to level {level} costs one step ({steps} left) (R-MINE-2).",
    "msg.empty_cart": "That cart is empty: emptied carts are never refilled (R-TUNNEL-6).",
    "msg.no_slot_for": "None of your outstanding orders has an empty {colour} slot for this "
    "cube (R-MINE-2).",
    "msg.already_stored": "That cube is already in storage.",
    "msg.first_a_cage_cube": "First click a cube in your cage, then the storage (R-MINE-2).",
    "msg.cage_empty": "The cage is empty: only cubes from the cage go into storage (R-MINE-2).",
    "msg.choose_first_tile": "First click the tile you take, or none; top or bottom comes "
    "last (R-TUNNEL-5).",
    "msg.choose_first_order": "First click the order you take, or none; top or bottom comes "
    "last (R-ORDER-2).",
    "msg.first_a_cube": "First click a cube in your cage or storage, then the slot (R-MINE-2).",
    "msg.not_now": "That is not one of your options now. {hint}",
    "msg.undone": "Took back {name}'s move: {action}.",
    "msg.redone": "Played {name}'s move again: {action}.",
    "msg.nothing_to_undo": "There is nothing to take back.",
    "msg.load_refused": "Not loaded: {path} is this game from before you saw more cards. {reason}",
    "hover.choice_hidden": "{name} is looking at these cards: only {name} sees them "
    "(R-TUNNEL-5, R-ORDER-2).",
    "msg.nothing_to_redo": "There is nothing to play again.",
    "msg.saved": "Saved the game to {path}.",
    "msg.handed_in": "Handed the game in to your teacher ({name}).",
    "msg.cannot_hand_in": "Could not hand the game in: {reason}",
    "msg.loaded": "Loaded {path}.",
    "msg.bad_file": "Could not load {path}: {reason}",
    "msg.cannot_save": "Could not save to {path}: {reason}",
    "msg.hint": "Hint: {action}.",
    "msg.hint_why": "Hint: {why}",
    "msg.hint_and_why": "Hint: {action}. {why}",
    "msg.new_game": "New game: {names}.",
    "msg.error": "Something went wrong inside the widget ({error}); the game is unchanged.",
    "msg.error_changed": "Something went wrong inside the widget ({error}) after the game had "
    "changed; the board shows the game as it is now.",
    "msg.cleared": "Selection cleared.",
    "msg.restarted": "Back at the start.",
    "msg.restart_refused": "Not started again: {what}, and what has been seen cannot be "
    "unseen. In a game, Start again follows undo and never goes back past a reveal ({rules}); "
    "for a fresh deal, choose New game.",
    "msg.since": "Since your move: {what}",
    "msg.rule_more": "Every rule, the worked examples and a glossary: reference.ipynb in the "
    "notebooks folder.",
    # the puzzle coach (widgets.tutorial.coach): found by searching the engine's legal actions
    "coach.move.one": "1 move",
    "coach.move.many": "{n} moves",
    "coach.hint": "Hint: {action}. The goal is {n} from here.",
    "coach.hint_a_way": "Hint: {action}. That leads to the goal.",
    "coach.reached": "You have reached the goal: see the feedback above the board.",
    "coach.dead_end": "Dead end: from here the goal can no longer be reached (the kit tried "
    "every move). Take back {n} with Undo, or press Start again.",
    "coach.dead_end_start": "Dead end: from here the goal can no longer be reached (the kit "
    "tried every move). Press Start again.",
    "coach.unknown": "The kit found no hint quickly from here. Press Start again to begin "
    "afresh, or read the lesson's text above the board once more.",
    # shift scoring panel
    "score.title": "Shift {roman} scoring",
    "announce.shift_title": "Shift {roman} is over",
    "announce.shift_intro": "Segments 1–{last} of the shift clock score now, one by one. In "
    "each, the player with the most earns the first number of VP and the second most the "
    "second number; nobody scores with none (R-SHIFT-2 to R-SHIFT-6).",
    "announce.segment_title": "Segment {n}: {what}",
    "announce.counts": "How many {what} each has: {counts}.",
    "announce.award.1": "{name} has the most: +{points} VP.",
    "announce.award.2": "{name} has the second most: +{points} VP.",
    "announce.nobody": "Nobody has any: nobody scores here.",
    "announce.scores_now": "Scores now: {scores}.",
    "announce.over_title": "The game is over",
    "announce.step": "{k} of {n}",
    "announce.next": "Next ▸",
    "announce.done": "Continue",
    "announce.wait": "First read the scoring on the board: press Next ▸ or Continue there.",
    "score.final": "End of the game",
    "score.stats": "Statistics of this game, player by player (click to open)",
    "score.segment": "Segment",
    "score.counts": "{count} → +{points}",
    "score.count_only": "{count}",
    "score.rules": "Rules: R-SHIFT-1 to R-SHIFT-6 (ties: R-SHIFT-5; two players: R-SHIFT-6).",
    "score.end_rules": "Rules: R-END-1 to R-END-5.",
    "score.total": "Total",
    "score.orders": "VP from delivered orders",
    "score.shifts": "Shift clock",
    "score.end_money": "Money (R-END-1)",
    "score.end_cubes": "Coal left (R-END-2)",
    "score.end_orders": "Open orders (R-END-3)",
    "score.end_balance": "Balance (R-END-4)",
    "score.marks_left": "Marks left (tie-break)",
    "score.winner": "Winner: {names}",
    # the lessons' tables (widgets.tutorial.tables)
    "table.marks": "Marks",
    "table.cubes": "Coal cubes (anywhere)",
    "table.open_orders": "Open orders",
    "table.light": "Light-side tiles",
    "table.dark": "Dark-side tiles",
    "table.end_total": "End of game in all",
    "table.shift": "Shift clock after shift {roman}",
    "table.players": "Players",
    "table.seed": "Seed (it fixed every shuffle)",
    "table.moves": "Moves in the record",
    "table.move": "Move {n}",
    "table.winner": "Winner",
    "table.record": "What {file} holds",
    "table.replayed": "{file}: {n} moves replayed by the rules, every one legal.",
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
    # the labelled board (widgets.overview) and the shift-clock legend
    "overview.part": "Part",
    "overview.for": "What it is for",
    "overview.rule": "Rule",
    "overview.tunnel.name": "Tunnel expansion",
    "overview.tunnel.what": "Buy a tunnel tile for Marks; its carts arrive full of coal. F★ "
    "lets you look at the top five tiles instead.",
    "overview.mining.name": "Mining",
    "overview.mining.what": "Get 4, 6, 8 or 10 work steps to move your cage, load coal and "
    "put it on your orders.",
    "overview.delivery.name": "Delivery",
    "overview.delivery.what": "Deliver all your complete orders of one transport (wheelbarrow, "
    "carriage, truck, train) and score their VP.",
    "overview.money.name": "Money",
    "overview.money.what": "Take 3, 4, 5 or 6 Marks.",
    "overview.orders.name": "New orders",
    "overview.orders.what": "Take one of four open order cards, or look at the top five with O★.",
    "overview.bank.name": "Bank building",
    "overview.bank.what": "When nothing else suits you: 1 worker, 1 Mark. Never crowded out.",
    "overview.canteen.name": "Canteen",
    "overview.canteen.what": "Workers pushed off a space wait here until the shift ends.",
    "overview.supply.name": "Coal supply",
    "overview.supply.what": "The cubes not in any mine; new carts are filled from here.",
    "overview.clock.name": "Shift clock",
    "overview.clock.what": "Its 12 segments score at the end of each shift: who delivered "
    "the most coal of a colour, of a transport, who has the most empty carts.",
    "overview.scores.name": "Scores",
    "overview.scores.what": "Everyone's VP so far and the start player.",
    "overview.panel.name": "What to do now",
    "overview.panel.what": "Whose turn it is and what they may do; during mining the steps "
    "left and a Stop mining button.",
    "overview.mine.name": "Your mine",
    "overview.mine.what": "The shaft with your cage, four levels of carts (yellow, brown, "
    "grey, black from the top), your storage and your orders.",
    "overview.others.name": "The other mines",
    "overview.others.what": "The other players' mines, smaller: their cage, coal and orders.",
    "legend.segment": "Segment",
    "legend.counts": "Counts",
    "legend.first": "VP for 1st",
    "legend.second": "VP for 2nd",
    "legend.shifts": "Scored after shift",
    "legend.notes": "Only a count of at least 1 scores. Ties for 1st all score 1st and "
    "nobody scores 2nd; with 2 players only 1st place scores (R-SHIFT-4 to R-SHIFT-6). "
    "Icons are the coal pictures printed on delivered order cards, not the cubes used "
    "(R-SHIFT-2).",
    # controls
    "button.undo": "Undo",
    "button.redo": "Redo",
    "button.hint": "Hint",
    "button.new": "New game",
    "button.restart": "Start again",
    "button.save": "Save",
    "button.hand_in": "Hand in",
    "button.load": "Load",
    "button.bots_stop": "Stop bots",
    "button.bots_go": "Run bots",
    "label.bot_delay": "Bot delay (s)",
    "view.play": "At a glance",
    "view.full": "Whole table",
    "button.log": "Moves",
    "button.settings": "Game…",
    "label.file": "File",
    "label.language": "Language",
    "msg.language": "The kit speaks {language} now: the board, its messages and the lessons' "
    "feedback.",
    "label.seat": "Seat {n}",
    "seat.human": "human",
    # one game on several screens (widgets.table)
    "label.table": "Seats at this table:",
    "button.sit": "Sit as {name}",
    "button.seated": "{name}: taken",
    "tip.sit": "Press on your own screen: its clicks then play for {name}.",
    "tip.seated": "A screen plays for {name}. Pressed there, it frees the seat; pressed twice on "
    "another screen, it moves the seat there.",
    "msg.table_claimed": "{name}'s seat is taken: the screen that pressed it now plays for {name}.",
    "msg.table_released": "{name}'s seat is free again.",
    "msg.table_taken": "{name}'s seat is taken by another screen. Press it once more to take it "
    "over (a reloaded page counts as a new screen).",
    "msg.table_no_seat": "That came from a screen without a seat: first press “Sit as …” above "
    "the board, for a free player.",
    "msg.class_table_not_your_turn": "It is {name}'s turn: wait for {name}'s move on their "
    "screen (R-TURN-1).",
    "msg.class_table_not_your_undo": "The last move was {name}'s: only {name} can take it back.",
    "msg.class_table_dealt": "Your teacher deals the tables: ask them for a new game.",
    "msg.class_table_watching": "You are watching this table: the players move on their own "
    "screens.",
    "msg.class_table_taken_back": "{name} took back a move.",
    "msg.class_table_caught_up": "Your screen was behind the table: it shows the game as it is "
    "now. Look, then play again if you still want to.",
    "msg.class_table_refused": "The class service did not play this: {why}",
    "msg.class_table_unreachable": "The class service did not answer, so nothing was played: "
    "{why}. Try again in a moment.",
    "label.class_table": "Table {number}: you play {name}, with {others}.",
    "label.class_table_watch": "Table {number}: {names}.",
    "msg.table_not_your_turn": "It is {name}'s turn: only {name}'s screen can play now, not "
    "{other}'s (R-TURN-1).",
    "msg.table_not_your_undo": "Only {name}'s screen can take back {name}'s move, not {other}'s.",
    "msg.table_no_screen": "A seat is taken by pressing its button on a screen.",
    # a change for the whole table (New game, Start again, Load): every seated screen agrees
    "ask.new": "a new game ({players} players, seed {seed})",
    "ask.restart": "a fresh start of this game",
    "ask.load": "the game in {path}",
    "msg.table_asked": "{name} asks for {what}. It happens when every seated player agrees: "
    "{waiting}, press “{button}” on your own screen too ({name}: press it again to call it off).",
    "msg.table_agreed": "{name} agrees to {what}. Still waiting for {waiting}: press “{button}” "
    "on your own screen too.",
    "msg.table_called_off": "{name} pressed again: the request for {what} is called off, and "
    "nothing changes.",
    "msg.table_instead": "The request for {what} is replaced:",
    "msg.table_request_dropped": "The request for {what} is dropped because the seats have "
    "changed: ask again.",
    "label.table_request": "Asked: {what}. Agreed: {agreed}. Waiting for: {waiting} (press "
    "“{button}”).",
    "msg.bots_stopped_by": "{name} stopped the bots; “Run bots” lets them play on.",
    "msg.bots_run_by": "{name} let the bots play on.",
    # keyboard and screen readers (widgets.access, widgets.keyboard)
    "access.board_role": "game board",
    "access.board_label": "The board. Arrow keys: go from one space you can use now to the "
    "next. Enter or Space: choose it. Escape: drop a half-made move. Tab: leave the board.",
    "access.no_target": "Nothing to choose on the board now.",
    "access.cancelled": "Half-made move dropped.",
    "access.targets": "{n} to choose from.",
    "button.describe": "Describe",
    "label.type_move": "Type a move:",
    "label.type_move_hint": "e.g. take 1 Mark at the bank building",
    "tip.describe": "The board in words: your mine, your orders, the other players and the "
    "main board, as a list (for a screen reader too); and a box to type a move in words",
    "describe.now": "Now",
    "describe.mine": "Your mine ({name})",
    "describe.orders": "Your orders in hand: {n}",
    "describe.order": "{order}, slots filled: {filled} of {slots}.",
    "describe.no_orders": "No orders in hand.",
    "describe.others": "The other players",
    "describe.board": "The main board and the coal supply",
    "msg.bad_seed": "Not started: a seed is a whole number from 0 to {max}. It fixes how the "
    "tiles and orders are shuffled, so the same seed deals the same game; {value} is not one. "
    "The game is unchanged.",
}

#: The widgets' catalogue (``widgets/locale``): this table and the hover texts.
WIDGETS = Domain("widgets", "widgets")
TEXTS = WIDGETS.texts("", EN)


def say(key: str, **params: Any) -> str:
    """The label or message for ``key`` in the current language — the one setting of
    :mod:`gluckauf.text.i18n` — with English as the fallback."""
    return TEXTS.say(key, **params)


#: The rule IDs each text of the table names, in order, each once: data about the table, read
#: from the English once (every translation keeps the same IDs: tests/test_translations.py).
CITED: dict[str, tuple[str, ...]] = {
    key: tuple(dict.fromkeys(rule_ids_in(text))) for key, text in EN.items()
}


@dataclass(frozen=True)
class Message:
    """A sentence for the board's answer line and the rule IDs it cites, as data: the board
    opens those rules under it without reading them back out of the words."""

    text: str
    rules: tuple[str, ...] = ()


def message(key: str, **params: Any) -> Message:
    """The message ``key`` in the current language, with the rules its text cites."""
    return Message(say(key, **params), CITED[key])
