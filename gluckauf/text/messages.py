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
    # the same names as the object of a verb ("Zsófi took …"): in a language with cases, the
    # object's case (Hungarian: the accusative)
    "name.order.the_object": "the {vp}-VP {transport} order ({slots})",
    "name.order.a_object": "a {vp}-VP {transport} order ({slots})",
    "name.tile.the_object": "the {side}-side tile with {carts}",
    "name.tile.a_object": "a {side}-side tile with {carts}",
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
    # --- a file that cannot be used (FormatError; English: "where: what") ----------------------
    "file.said": "{text}",
    "file.within": "{where}: {detail}",
    "file.the_text": "the text",
    "file.too_deep_at": "{source} is not usable JSON: it is nested far too deeply (more than "
    "{depth} levels of [ ] and {{ }} inside each other, at line {line}, column {column}); a "
    "Glück Auf file needs fewer than 10",
    "file.not_json": "{source} is not valid JSON: {detail} at line {line}, column {column}",
    "file.unusable": "{source} is not usable JSON: {detail}",
    "file.too_deep": "it is nested far too deeply (more than {depth} levels)",
    "file.json.deep": "it is nested far too deeply",
    "file.json.constant": "{constant} is not allowed in the kit's JSON files",
    "file.json.duplicate": "the key {field} appears twice in the same object",
    "file.json.parser": "{message}",
    "file.json.expecting_value": "Expecting value",
    "file.json.expecting_name": "Expecting property name enclosed in double quotes",
    "file.json.expecting_colon": "Expecting ':' delimiter",
    "file.json.expecting_comma": "Expecting ',' delimiter",
    "file.json.unterminated": "Unterminated string starting at",
    "file.json.control": "Invalid control character at",
    "file.json.escape": "Invalid \\escape",
    "file.json.extra": "Extra data",
    "file.json.trailing_comma": "Illegal trailing comma",
    "file.kind.folder": "a folder",
    "file.kind.pipe": "a named pipe (FIFO)",
    "file.kind.socket": "a socket",
    "file.kind.device": "a device",
    "file.kind.other": "not a regular file",
    "file.kind.list": "a list [...]",
    "file.kind.string": "a string",
    "file.kind.boolean": "true/false",
    "file.kind.number": "a number",
    "file.kind.null": "null",
    "file.not_a_file": "{name}: this is {what}, not a file; give the path of a saved game "
    "(a .json file)",
    "file.megabytes": "{mb:g} MB",
    "file.bytes": "{count} bytes",
    "file.too_large": "{name}: the file is too large (more than {size}); a game file is a few "
    "kilobytes",
    "file.missing": "{name}: there is no such file",
    "file.folder": "{name}: this is a folder, not a file",
    "file.forbidden": "{name}: you are not allowed to read this file",
    "file.unreadable": "{name}: the file cannot be read ({reason})",
    "file.not_utf8": "{name}: the file is not UTF-8 text (bad byte {byte} at line {line}, "
    "column {column}); save it as UTF-8",
    "file.empty": "{name}: the file is empty",
    "file.fraction": "{number} is not a whole number: every number in the kit's files is one "
    "(write it without a decimal point)",
    "file.described": "{where}: {detail} — {field} is {about}",
    # what the file's JSON Schema finds wrong (the sentences jsonschema uses, in English)
    "file.schema.required": "{name} is a required property",
    "file.schema.extra_one": "Additional properties are not allowed ({names} was unexpected)",
    "file.schema.extra_many": "Additional properties are not allowed ({names} were unexpected)",
    "file.schema.type": "{shown} is not of type {wanted}",
    "file.schema.maximum": "{shown} is greater than the maximum of {wanted}",
    "file.schema.minimum": "{shown} is less than the minimum of {wanted}",
    "file.schema.empty": "{shown} should be non-empty",
    "file.schema.short": "{shown} is too short",
    "file.schema.long": "{shown} is too long",
    "file.schema.uniqueItems": "{shown} has non-unique elements",
    "file.schema.const": "{wanted} was expected",
    "file.schema.enum": "{shown} is not one of {wanted}",
    "file.schema.pattern": "{shown} is not allowed here",
    "file.schema.anyOf": "{shown} is not valid under any of the given schemas",
    "file.schema.other": "{message}",
    # --- a game record's facts (gluckauf.files.records) ---------------------------------------
    "record.not_object": "a game record is a JSON object {{...}}, but the file holds {holds}",
    "record.no_format": 'the file has no "format" field; a game record starts with "format": '
    '"{format}"',
    "record.position_not_record": "this is a position file, not a game record: open it with "
    "'python -m gluckauf show FILE' or gluckauf.files.positions.load_position",
    "record.format": 'format: a game record has "format": "{format}", not {shown}',
    "record.newer": "version: this is a version {found} record, from a newer kit; this kit "
    "reads version {version}",
    "record.version": "version: this kit reads version {version} records, not {shown}",
    "record.no_start": "'seed' is a required property: a game record starts from the seed of "
    'its deal, or from a "start" position (a game set up by hand)',
    "record.two_starts": 'a game record starts from a "seed" or from a "start" position, not both',
    "record.names": "names: a {players}-player game needs {players} names, the record has {count}",
    "record.start_option": "options.{option}: a record with a start position takes it from "
    "that position, not from its options",
    "record.start_player": "options.start_player: there is no seat {seat} in a {players}-player "
    "game (seats are 0 to {last})",
    "record.seats": "options.seats: a {players}-player game needs {players} seats, the record "
    "has {count}",
    "record.result_size": "result.{field}: gives {count} values for {players} players",
    "record.winners": "result.winners: seats are 0 to {last}",
    "record.refused": "action {number} ({text}): {refusal}",
    "record.engine_failed": "action {number} ({text}): the engine could not carry it out ({error})",
    "record.start_names": "start: the start position's players and names are not the "
    "record's ({players} players: {names})",
    "record.not_over": "result: the record gives a result, but after its {count} actions the "
    "game is not over",
    "record.result": "result.{field}: the record says {stored}, but replaying the actions gives "
    "{replayed}",
    # --- a position's facts (gluckauf.files.positions, gluckauf.core.builder) -----------------
    "position.not_tile": "{where}: {code} is not a tile code",
    "position.not_order": "{where}: {code} is not an order code",
    "position.version": "version {found} positions are not supported (only {version})",
    "position.names": "a {players}-player position needs {players} names and seats",
    "position.not_space": "board.spaces: {code} is not a worker space",
    "position.no_game": "the position does not describe a game ({error})",
    "position.impossible": "the position is not a possible game state: {found}",
    "position.impossible_more": "the position is not a possible game state: {found}; …",
    "position.built_impossible": "this position is impossible: {found}",
    # what makes a position one the rules could not present (gluckauf.core.invariants)
    "problem.phase": "{where}: {shown} is not a phase of the game",
    "problem.shift": "{where}: shift {shift} does not exist",
    "problem.seat": "{where}: {shown} is not a seat of this {players}-player game",
    "problem.steps_idle": "{where}: {steps} work steps left, but nobody is mining",
    "problem.steps_none": "{where}: mining with no work steps left (a mining space gives 4 to 10)",
    "problem.pool_after_draft": "{where}: orders wait in the draft pool after the draft",
    "problem.choice_idle": "{where}: cards are shown from a deck, but nobody is choosing",
    "problem.carts_idle": "{where}: carts wait for a cube, but nobody is choosing one",
    "problem.no_workers_to_place": "{where}: {name} is to place workers but has none in hand "
    "(R-TURN-1: the turn passes to a player who has some)",
    "problem.small_draft": "{where}: a draft with fewer than 2 orders (R-SETUP-4)",
    "problem.spaces_in_draft": "{where}: the order spaces are filled only when the draft ends "
    "(R-SETUP-4)",
    "problem.draft_shift": "{where}: the draft comes before shift I",
    "problem.choice_kind": "{where}: F★ shows tiles and O★ orders",
    "problem.choice_count": "{where}: F★ and O★ show 1 to {most} cards, not {count}",
    "problem.no_cart": "{where}: waiting for a cube with no cart to fill",
    "problem.cart_shape": "{where}: a cart is [seat, colour 0–3, cart number], not {shown}",
    "problem.cart_owner": "{where}: only the player who bought the tile waits for its cubes",
    "problem.cart_missing": "{where}: {name} has no such cart",
    "problem.cart_full": "{where}: the cart already holds a cube",
    "problem.cart_twice": "{where}: the same cart waits twice",
    "problem.cube_choice": "{where}: a player chooses a cube only when the supply has none of "
    "the cart's colour and two or more other colours (R-TUNNEL-2)",
    "problem.over_shift": "{where}: the game ends after shift {shift}",
    "problem.over_workers": "{where}: the game is over, but {name} has workers in hand",
    "problem.over_ledger": "{where}: the game is over, but its end scoring is not there once",
    "problem.cube_count": "{where}: there are {count} {colour} cubes in the game, not {cubes}",
    "problem.supply_negative": "{where}: the supply holds a negative number of cubes",
    "problem.locked_space": "{where}: workers stand on a space locked with {players} players "
    "(R-SETUP-1)",
    "problem.owner": "{where}: the workers there belong to nobody at this table",
    "problem.workers_negative": "{where}: a negative number of workers",
    "problem.locked_card": "{where}: {code} is locked with {players} players, yet a card lies "
    "there (R-SETUP-1)",
    "problem.tiles": "{where}: the 48 tunnel tiles are not all accounted for exactly once",
    "problem.orders": "{where}: the 44 order cards are not all accounted for exactly once",
    "problem.workers": "{where}: {name}'s workers do not add up to {total}",
    "problem.money": "{where}: {name} has negative money",
    "problem.cage": "{where}: {name}'s cage holds more than {most} cubes",
    "problem.storage": "{where}: {name}'s storage holds a negative number of cubes",
    "problem.cage_level": "{where}: {name}'s cage is at a level that does not exist",
    "problem.cart_count": "{where}: level {level} has {count} carts, but the printed cart and "
    "the tiles there make {expected}",
    "problem.cart_content": "{where}: a cart holds something that is not a cube",
    "problem.slot_count": "{where}: {name}'s order {code} has the wrong number of slots",
    "problem.slot": "{where}: a {colour} slot of {code} holds {shown}: one cube of its colour "
    "or two of any (R-MINE-3)",
    "problem.entry_shape": "{where}: an entry is [category, points, detail], not {shown}",
    "problem.category": "{where}: {shown} is not a scoring category ({known})",
    "problem.order_points": "{where}: points for an order are the VP of an order delivered "
    "(R-DELIVER-1)",
    "problem.shift_points": "{where}: a shift scoring is [shift, segment, count] for a shift "
    "already scored, with the segment's points (R-SHIFT-1)",
    "problem.end_points": "{where}: end scoring happens once, when the game is over (R-END-1)",
    "problem.before_points": "{where}: points from before the position have no detail",
    "problem.score": "{where}: {score}, but the ledger adds up to {total}",
    # --- bots that cannot play (gluckauf.bots.registry, a tournament's line-up) -------------
    "bots.unknown": "unknown bot {name} (the bots: {bots})",
    "bots.unavailable": "bot {name} is not available: {why} (the bots: {bots})",
    "bots.players": "players must be one of {counts}, not {players}",
    "bots.none": "name at least one bot",
    "bots.too_many": "{n} bots ({names}) do not fit a {players}-player game",
    # --- a learner's bot that lost its game (gluckauf.bots.sandbox) -----------------------
    "sandbox.load": "{bot}'s bot could not be loaded: {detail}",
    "sandbox.timeout": "{bot}'s bot ran out of time ({detail} s)",
    "sandbox.memory": "{bot}'s bot used more memory than it may",
    "sandbox.crash": "{bot}'s bot stopped working ({detail})",
    "sandbox.error": "{bot}'s bot raised an error: {detail}",
    "sandbox.illegal": "{bot}'s bot chose a move that is not allowed: {detail}",
    "sandbox.forbidden": "{bot}'s bot tried to use a file, a program or the network, which a "
    "bot may not do",
    "sandbox.user": "there is no user {detail} to run the learners' bots as",
    "sandbox.not_root": "only root can run the learners' bots as user {detail}",
    "sandbox.user_cannot": "the learners' bots cannot run as {detail}: that user cannot start "
    "this Python or read the kit",
    # --- a file handed in to the class (gluckauf.files.classfolder, gluckauf.files.handin) -
    "handin.learner": "{name} cannot name a learner: a hub user name has letters, digits and "
    "_ . @ + - only",
    "handin.kind": "{kind} is not something to hand in (these are: {kinds})",
    "handin.size": "the file is too large to hand in (at most {most:,} bytes)",
    "handin.not_text": "the file is not text (UTF-8)",
    "handin.file": "{name} is not a file a class keeps",
    "handin.no_class": "there is no class to hand in to here (no class service on this hub)",
    "handin.no_answer": "the class service at {url} does not answer ({why})",
    "handin.forbidden": "the class service did not let you do this ({url}): learners hand in, "
    "teachers collect",
    "handin.refused": "the class service did not take the file: {why}",
    "handin.not_yours": "this progress belongs to {user}: a learner hands in only their own",
    "handin.bot_size": "a bot is at most {most:,} characters of Python",
    "handin.bot_syntax": "the bot is not Python that can run: line {line}: {why}",
    # --- a class's tables (gluckauf.files.classtables, gluckauf.hubservice) ----------------
    "classtable.learners": "a table seats 2 to 4 learners, each at one table only, not {learners}",
    "classtable.language": "{language} is not a language of the kit (these are: {languages})",
    "classtable.seed": "{seed} is not a seed: a whole number from 0",
    "classtable.file": "this is not a class's table (a {format} file)",
    "classtable.names": "the table's learners are not the players of its game",
    "classtable.not_seated": "you do not sit at table {number}",
    "classtable.behind": "the game has moved on since your screen last looked: it shows the game "
    "as it is now",
    "classtable.over": "the game at this table is over",
    "classtable.not_your_turn": "it is {name}'s turn, not yours (R-TURN-1: players act in turn)",
    "classtable.not_a_move": "{move} is not a move",
    "classtable.illegal": "{why}",
    "classtable.nothing_to_undo": "there is no move to take back",
    "classtable.not_your_undo": "the last move was {name}'s: only {name} can take it back",
    "classtable.none": "your teacher has not seated you at a table yet",
    "classtable.bad_answer": "the class service sent something that is not a table",
    # --- a learner's progress file (gluckauf.files.progress) -------------------------------
    "progress.order": "the answers are not in the order they were given: the file was changed "
    "by hand",
    # --- a Binder link that cannot be made (gluckauf.files.binderlink) ----------------------
    "links.not_a_repo": "{repo} is not a repository address: give the address you would "
    "`git clone`, e.g. https://github.com/OWNER/REPO",
    "links.not_a_ref": "{ref} is not a branch, tag or commit",
    "links.no_git": "git is not installed here: give the repository with --repo",
    "links.no_origin": "{folder} has no git remote 'origin': give the repository with --repo",
    # --- a hub link that cannot work (gluckauf.files.hublink) ---------------------------------
    "hublink.hub": "--hub {hub} is not a web address: give the hub's address, e.g. "
    "https://hub.example.org",
    "hublink.hub_query": "--hub {hub}: give the hub's address without '?' or '#'",
    "hublink.repo": "--repo {repo} is not a repository address: give the address you would "
    "`git clone`, e.g. https://github.com/OWNER/REPO",
    "hublink.branch": "--branch {branch} is not a branch name",
    "hublink.notebook": "--notebook {notebook} is not a notebook inside the repository, e.g. "
    "{example}",
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
