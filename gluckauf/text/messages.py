"""Every learner-facing sentence of the engine, keyed, in one place.

Rule summaries (``rule.<ID>.title`` / ``rule.<ID>.summary``), refusals (``refuse.*``), event
sentences (``event.*``) and result lines (``result.*``). The German and Hungarian texts are in the
gettext catalogues of :mod:`gluckauf.text.i18n`; the logic never holds text of its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .i18n import ENGINE

if TYPE_CHECKING:
    pass

EN: dict[str, str] = {
    # --- the rule catalogue (every rule ID, in our own words) -----------------------------------
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
    "refuse.bad_value": "{value} is not an action: {detail}.",
    # --- what is wrong with a mistyped action (refuse.notation's detail) ----------------------
    "notation.not_text": "an action must be text, not {kind}",
    "notation.empty": "the action is empty",
    "notation.no_space": "there is no space called {name}",
    "notation.cage_level": "the cage moves to level 0 (surface) to 4",
    "notation.top_or_bottom": "say 'top' or 'bottom' before the items put back",
    "notation.load_form": "load names a colour and, if you like, the cart: 'load G' or "
    "'load G@2' (cart 0 is the printed cart)",
    "notation.cart_number": "{cart} is not a cart number: 'load G@2' loads from cart 2 of the "
    "cage's level (cart 0 is the printed cart)",
    "notation.fill_order": "fill needs an order, e.g. 'fill W3YY:Y cY'",
    "notation.fill_slot": "fill needs the slot colour, e.g. 'fill W3YY:Y cY'",
    "notation.cube_source": "{token} is not a cube source like cY (cage) or sB (storage)",
    "notation.colour": "{letter} is not a coal colour (Y, B, G or K)",
    "notation.verbs": "an action starts with place, draft, choose, cube, cage, load, store, "
    "fill or stop (docs/notation.md)",
    "notation.unreadable": "it cannot be read as one (docs/notation.md)",
    # --- what is wrong with an action value made in Python (refuse.bad_value's detail) --------
    "value.not": "{what}, not {value}{hint}",
    "value.must.colour": "the colour must be 0 (yellow), 1 (brown), 2 (grey) or 3 (black)",
    "value.must.slot": "the slot's colour must be 0 (yellow), 1 (brown), 2 (grey) or 3 (black)",
    "value.must.cube": "a cube's colour must be 0 (yellow), 1 (brown), 2 (grey) or 3 (black)",
    "value.must.level": "the level must be a whole number from 0 (the surface) to 4",
    "value.must.cart": "the cart must be a whole number from 0 (the printed cart) to {last}, "
    "or None",
    "value.letter_hint": "; for the letter {letter} write {number}",
    "value.upper_hint": "; codes are upper case: {code}",
    "value.take_none_hint": "; to take nothing, write take=None",
    "value.order_not_text": "the order must be a code (text) such as {example}, not {value}",
    "value.space_not_text": "the space must be a code (text) such as {example}, not {value}",
    "value.no_order": "there is no order {code} (codes like {example}){hint}",
    "value.no_space": "there is no space {code} (codes like {example}){hint}",
    "value.item.take": "the item taken",
    "value.item.rest": "every item put back",
    "value.item_not_text": "{what} must be a tile or order code (text) such as 'G2L' or "
    "'C9KK', not {value}",
    "value.no_item": "{value} is neither a tile nor an order (codes like 'G2L' or 'C9KK'){hint}",
    "value.rest_form": "rest must be a tuple of the codes put back, such as ('Y1L', 'K2D'), "
    "not {value}",
    "value.where_form": "where (which end of the deck) must be 'top' or 'bottom', not {value}",
    "value.cubes_form": "cubes must be a tuple of (source, colour) pairs such as (('c', 0),), "
    "not {value}",
    "value.too_many_cubes": "a slot takes one matching cube (R-MINE-2) or two cubes of any "
    "colours (R-MINE-3), not {n}",
    "value.cube_pair": "each cube is a pair (source, colour) such as ('c', 0) or ('s', 3), "
    "not {value}",
    "value.cube_source": "a cube's source must be 'c' (the cage) or 's' (the storage), not {value}",
    "refuse.not_legal": "{action} is not one of the actions you can take now.",
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
    "refuse.nothing_to_deliver": "{space}: none of your {held} {transport} orders is complete yet.",
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
    "refuse.no_such_cart": "There is no cart {cart} at level {level}: the carts there are "
    "numbered from 0 (the printed cart) to {last}.",
    "refuse.cart_empty": "Cart {cart} at level {level} is empty: an emptied cart is never "
    "refilled.",
    "refuse.cart_holds": "Cart {cart} at level {level} holds a {cube} cube, not a {colour} one.",
    "refuse.store_below": "Cubes go into storage only at the surface; the cage is at level "
    "{level}.",
    "refuse.not_in_cage": "There is no {colour} cube in the cage.",
    "refuse.not_in_storage": "There is no {colour} cube in your storage.",
    "refuse.no_such_order": "You do not hold {order}.",
    "refuse.no_such_slot": "{order} has no {colour} slot.",
    "refuse.slot_filled": "The {colour} slot of {order} is already filled.",
    "refuse.one_or_two": "A slot takes one matching cube or two cubes of any colours.",
    "refuse.wrong_colour": "A single cube must match the slot: this slot wants {slot}, not "
    "{cube} (two cubes of any colours would do).",
    "refuse.two_steps": "Two cubes on one slot cost 2 steps; you have {steps} left.",
    "refuse.cage_not_up": "Cubes leave the cage only at the surface; it is at level {level}.",
    "refuse.supply_empty": "The supply has no {colour} cubes left.",
    "refuse.undo_reveal": "Undo stops here: {what}, and what has been seen cannot be unseen. "
    "In a game, undo never goes back past a reveal (in lessons and sandbox games it is free).",
    "reveal.look": "{name} looked at the top {items} of the deck",
    "reveal.refill": "when {name} took from {space}, {item} came up from the deck",
    "reveal.draft": "the end of the draft turned up {items} from the deck",
    # --- events -----------------------------------------------------------------------------
    "event.draft": "{name} took {order} in the draft.",
    "event.draft_done": "The draft is over; {start} starts shift I.",
    "event.place": "{name} placed {workers} on {space}.",
    "event.canteen": "{workers} of {name}'s workers went to the canteen from {space}.",
    "event.buy_tile": "{name} bought {tile} for {marks}.",
    "event.substitute": "{name}'s new {wanted} cart got a {cube} cube: the supply has no "
    "{wanted} cubes left.",
    "event.substitute_none": "{name}'s new {wanted} cart stays empty: the supply has no cubes "
    "left.",
    "event.refill": "{space} now shows {item} from the deck.",
    "event.refill_empty": "{space} stays empty: the deck is used up.",
    "event.mining": "{name} starts mining with {steps} work steps.",
    "event.cage": "{name} moved the cage to {level}.",
    "event.load": "{name} loaded a {cube} cube into the cage at level {level}.",
    "event.store": "{name} put a {cube} cube from the cage into storage.",
    "event.fill": "{name} filled a {slot} slot of {order} with {cubes}.",
    "event.stop": "{name} stopped mining.",
    "event.deliver": "{name} delivered {order} and scored {vp} VP.",
    # several deliver events of one delivery told together (describe_events)
    "tell.deliveries": "{name} delivered {count} orders and scored {vp} VP: {orders}.",
    "event.money": "{name} took {marks}.",
    "event.take_order": "{name} took {order}.",
    "event.look": "{name} looks at the top {items} of the deck.",
    "event.put_back": "{name} put {items} back {where}.",
    "event.put_back_none": "{name} has nothing left to put back.",
    "event.shift_end": "Shift {shift} is over: the shift clock scores.",
    "event.segment": "Segment {segment} ({what}): {awarded}.",
    "event.segment_none": "Segment {segment} ({what}): nobody scores.",
    "event.start_player": "{name} becomes the start player.",
    "event.end_scoring": "{name}: {end_money} for money, {end_cubes} for coal, {end_orders} "
    "for open orders, {end_balance} for balance.",
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
    "space.F*": "the special tile space F★",
    "space.M4": "the 4-step mining space",
    "space.M6": "the 6-step mining space",
    "space.M8": "the 8-step mining space",
    "space.M10": "the 10-step mining space",
    "space.DW": "the wheelbarrow delivery space",
    "space.DC": "the carriage delivery space",
    "space.DT": "the truck delivery space",
    "space.DR": "the train delivery space",
    "space.$3": "the 3-Mark money space",
    "space.$4": "the 4-Mark money space",
    "space.$5": "the 5-Mark money space",
    "space.$6": "the 6-Mark money space",
    "space.O1": "order space O1",
    "space.O2": "order space O2",
    "space.O3": "order space O3",
    "space.O4": "order space O4",
    "space.O*": "the special order space O★",
    "space.BANK": "the bank building",
    # --- the names of things (gluckauf.text.words) ------------------------------------------------
    "name.colour.0": "yellow",
    "name.colour.1": "brown",
    "name.colour.2": "grey",
    "name.colour.3": "black",
    "name.transport.0": "wheelbarrow",
    "name.transport.1": "carriage",
    "name.transport.2": "truck",
    "name.transport.3": "train",
    "name.transport_title.0": "Wheelbarrow",
    "name.transport_title.1": "Carriage",
    "name.transport_title.2": "Truck",
    "name.transport_title.3": "Train",
    "name.side.0": "light",
    "name.side.1": "dark",
    "name.order.the": "the {vp}-VP {transport} order ({slots})",
    "name.order.a": "a {vp}-VP {transport} order ({slots})",
    "name.order.short": "{transport} · {vp} VP",
    "name.tile.the": "the {side}-side tile with {carts}",
    "name.tile.a": "a {side}-side tile with {carts}",
    "name.tile.short": "{carts} · {side}",
    "name.carts.one": "{n} {colour} cart",
    "name.carts.many": "{n} {colour} carts",
    "name.cube": "a {colour} cube",
    "name.level": "level {level} ({colour})",
    "name.shift.1": "I",
    "name.shift.2": "II",
    "name.shift.3": "III",
    "name.segment.1": "yellow icons",
    "name.segment.2": "brown icons",
    "name.segment.3": "grey icons",
    "name.segment.4": "black icons",
    "name.segment.5": "icons on wheelbarrow orders",
    "name.segment.6": "icons on carriage orders",
    "name.segment.7": "icons on truck orders",
    "name.segment.8": "icons on train orders",
    "name.segment.9": "empty yellow carts",
    "name.segment.10": "empty brown carts",
    "name.segment.11": "empty grey carts",
    "name.segment.12": "empty black carts",
    # --- actions in words (gluckauf.text.words.describe_action)
    # -------------------------------------
    "do.draft": "take {order} from the draft",
    "do.place": "place workers on {space}",
    "do.mine": "place workers on {space}",
    "do.mine_n": "place {workers} on {space}",
    "do.with_workers": "{what} with {workers}",
    "do.buy": "buy {tile} on {space} for {price}",
    "do.look": "use {space} to look at the top {items} of the deck",
    "do.look_n": "use {space} with {workers} to look at the top {items} of the deck",
    "do.deliver": "deliver all your complete {transport} orders",
    "do.money": "take {marks}",
    "do.bank": "take {marks} at the bank building",
    "do.take_order": "take {order} from {space}",
    "do.choose_buy": "buy {tile} for {price}",
    "do.choose_take": "take {order}",
    "do.choose_none_tile": "take no tile",
    "do.choose_none_order": "take no order",
    "do.put_back": "{what} and put the other {items} back {where}",
    "do.put_back_all": "{what} and put all {items} back {where}",
    "do.first_on_top": "{what}, {item} first",
    "do.where.top": "on top of the deck",
    "do.where.bottom": "at the bottom of the deck",
    "do.cube": "put {cube} on the new {wanted} cart",
    "do.cube_plain": "put {cube} on the new cart",
    "do.cage": "move the cage to {level}",
    "do.cage_up": "move the cage up to {level}",
    "do.cage_down": "move the cage down to {level}",
    "do.load": "load {cube} into the cage",
    "do.load_at": "load {cube} from level {level} into the cage",
    "do.store": "move {cube} from the cage into storage",
    "do.fill": "put {cubes} on a {slot} slot of {order}",
    "do.fill_two": "put {cubes} together on a {slot} slot of {order}",
    "do.stop": "stop mining",
    "do.stop_lose": "stop mining and lose the {steps} left",
    # --- words and results ------------------------------------------------------------------
    "word.mark.one": "{n} Mark",
    "word.mark.many": "{n} Marks",
    "word.worker.one": "{n} worker",
    "word.worker.many": "{n} workers",
    "word.step.one": "{n} step",
    "word.step.many": "{n} steps",
    "word.tile.one": "{n} tile",
    "word.tile.many": "{n} tiles",
    "word.order.one": "{n} order",
    "word.order.many": "{n} orders",
    "word.player_count.one": "{n} player",
    "word.player_count.many": "{n} players",
    "word.player": "Player {n}",
    "word.surface": "the surface",
    "word.level": "level {level}",
    "word.cage_cube": "a {colour} cube from the cage",
    "word.storage_cube": "a {colour} cube from storage",
    "word.two_cage_cubes": "two {colour} cubes from the cage",
    "word.two_storage_cubes": "two {colour} cubes from storage",
    "word.vp_signed": "{n} VP",
    "word.and": " and ",
    "word.list_sep": ", ",
    "word.nothing": "nothing",
    "word.nobody": "nobody",
    "word.with_notation": "{text} ({notation})",
    # --- the bots by name (gluckauf.bots.registry), as a seat menu lists them --------------
    "botname.random": "random bot",
    "botname.greedy": "greedy bot",
    "botname.mcts": "searching bot (MCTS)",
    "botname.hint": "hint bot",
    "botname.lesson": "lesson 10's bot",
    "botname.other": "bot “{name}”",
    # --- points by category (a result's breakdown, the review's charts) -----------------------
    "category.orders": "orders",
    "category.shift_1": "shift I",
    "category.shift_2": "shift II",
    "category.shift_3": "shift III",
    "category.end_money": "end: money",
    "category.end_cubes": "end: cubes",
    "category.end_orders": "end: orders",
    "category.end_balance": "end: balance",
    "category.before": "before this position",
    "category.total": "total",
    "breakdown.title": "VP by category",
    "breakdown.clock": "Shift clock after {shift}",
    # --- str(state): the text picture (codes stay in the notation) ---------------------------
    "render.head": "Glück Auf — {players} — shift {shift} — phase {phase}",
    "render.phase.draft": "draft",
    "render.phase.place": "place",
    "render.phase.mine": "mine",
    "render.phase.choose": "choose",
    "render.phase.cube": "cube",
    "render.phase.over": "over",
    "render.to_act": " — {name} to act",
    "render.steps_left": " ({steps} left)",
    "render.view": " — {name}'s view (delivered orders face down)",
    "render.tiles": "tiles",
    "render.orders": "orders",
    "render.deck": "deck",
    "render.draft": "draft",
    "render.looking": "looking",
    "render.looks_at": "{name} looks at {what}",
    "render.workers": "workers",
    "render.supply": "supply",
    "render.player": "{name}: {score} VP, {marks}, {workers} (canteen {canteen}), "
    "cage@{level} [{cage}], storage [{storage}]",
    "render.mine": "mine {mine}  tiles {light} light / {dark} dark",
    "render.held": "orders {orders}",
    "render.delivered": "delivered {orders}",
    "render.delivered_face_down": "delivered {orders}, face down",
    "result.header": "Scores (VP from orders, shifts I + II + III, end of game; Marks left "
    "over break ties):",
    "result.line": "  {name}: {score} VP — orders {orders}, shifts {shifts}, end of game {end}; "
    "{marks} left",
    "result.before": " (and {points} VP before this position)",
    "result.winner": "{names} wins!",
    "result.winners": "{names} share the victory!",
}

#: The table in the current language (:mod:`gluckauf.text.i18n`; catalogue ``engine``).
TEXTS = ENGINE.texts("", EN)


def say(key: str, **params: Any) -> str:
    """The sentence for ``key`` in the current language (English as the fallback)."""
    return TEXTS.say(key, **params)


def capital(text: str) -> str:
    """A phrase at the start of a sentence: "the bank building" → "The bank building"."""
    return text[:1].upper() + text[1:]


def count(n: int, word: str) -> str:
    """'1 step', '4 steps': ``word.<word>.one`` or ``word.<word>.many`` with the number."""
    return say(f"word.{word}.{'one' if n == 1 else 'many'}", n=n)


def join_words(parts: Sequence[str]) -> str:
    """Items in a sentence, in the current language: "A", "A and B", "A, B and C"."""
    if len(parts) <= 1:
        return "".join(parts)
    return say("word.list_sep").join(parts[:-1]) + say("word.and") + parts[-1]


def rule_title(rule_id: str) -> str:
    return say(f"rule.{rule_id}.title")


def rule_summary(rule_id: str) -> str:
    return say(f"rule.{rule_id}.summary")
