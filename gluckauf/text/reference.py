"""The rules reference a learner can look a rule ID up in, generated from the catalogue.

* :func:`reference` writes ``notebooks/reference.ipynb`` (markdown only: every rule in a cell
  whose id and heading are exactly its ID, so ``reference.ipynb#cell-id=R-MINE-3`` opens at that
  rule in JupyterLab) and the one-page ``notebooks/quick_reference.html`` for workshops, and
  returns the reference as markdown. The command line does the same:
  ``python -m gluckauf reference --notebook notebooks/reference.ipynb
  --quick notebooks/quick_reference.html``. Both are written in the current language: German and
  Hungarian go to ``notebooks/de/`` and ``notebooks/hu/`` (:func:`notebook_command`,
  :func:`quick_command`: ``python -m gluckauf --lang de reference --quick
  notebooks/de/quick_reference.html``).
* :func:`rule_text`, :func:`rule_html` and :func:`rule_link` are small pure functions for the
  widgets: a rule as one paragraph of text, as an escaped HTML fragment, and the relative link
  to it in the reference notebook.

The titles and summaries are the catalogue's (:mod:`gluckauf.text.messages`); :data:`DETAILS` says
each rule at more length for a newcomer, facts exactly as the rulebook's, its **Reading**
paragraphs included. The worked examples are :mod:`gluckauf.text.examples`, the terms
:mod:`gluckauf.text.glossary`. The texts here are plain text with two conventions: code spans in
backticks, and lines starting with "- " that make a list.
"""

from __future__ import annotations

import contextlib
import difflib
import html
import json
import os
import posixpath
import re
import tempfile
from pathlib import Path
from typing import Any

from ..core.components import PLAYER_COUNTS, SEGMENT_POINTS, START_MONEY, WORKERS
from .catalogue import RULE_IDS, RULE_SECTIONS, RULES, SECTION_KEYS
from .examples import EXAMPLES
from .glossary import GLOSSARY, Term, term
from .i18n import ENGLISH, LANGUAGES, REFERENCE, get_language, language, translated_path
from .words import segment_name

#: Where the reference notebook lives, relative to the kit's root folder (see :func:`rule_link`).
NOTEBOOK_PATH = "notebooks/reference.ipynb"
QUICK_PATH = "notebooks/quick_reference.html"
NOTEBOOK_COMMAND = "python -m gluckauf reference --notebook notebooks/reference.ipynb"


def _command(option: str, english_path: str, lang: str | None) -> str:
    """The command that writes a language's file (``--lang`` for a translation)."""
    lang = lang or get_language()
    path = translated_path(english_path, lang)
    language = "" if lang == ENGLISH else f"--lang {lang} "
    return f"python -m gluckauf {language}reference --{option} {path}"


def notebook_path(lang: str | None = None) -> str:
    """The reference notebook of a language (default: the current one), from the kit's root:
    ``notebooks/reference.ipynb`` in English, ``notebooks/de/reference.ipynb`` in German."""
    return translated_path(NOTEBOOK_PATH, lang)


def notebook_command(lang: str | None = None) -> str:
    """The command that writes :func:`notebook_path`."""
    return _command("notebook", NOTEBOOK_PATH, lang)


QUICK_COMMAND = "python -m gluckauf reference --quick notebooks/quick_reference.html"


def quick_path(lang: str | None = None) -> str:
    """The one-page quick reference of a language (default: the current one), from the kit's
    root: ``notebooks/quick_reference.html``, ``notebooks/de/quick_reference.html``."""
    return translated_path(QUICK_PATH, lang)


def quick_command(lang: str | None = None) -> str:
    """The command that writes :func:`quick_path`."""
    return _command("quick", QUICK_PATH, lang)


RULE_ID = re.compile(r"\bR-[A-Z]+-\d+\b")

SECTION_TITLES: dict[str, str] = {
    "SETUP": "Setup",
    "TURN": "Turns",
    "TUNNEL": "Tunnel expansion",
    "MINE": "Mining",
    "DELIVER": "Delivery",
    "MONEY": "Money",
    "ORDER": "New orders",
    "SHIFT": "End of a shift",
    "END": "End of the game",
    "NOTATION": "Notation",
}

SECTION_INTROS: dict[str, str] = {
    "SETUP": "How the game is laid out before shift I begins.",
    "TURN": "What you do on your turn, and how many workers a space takes.",
    "TUNNEL": "Buying tunnel tiles: new carts full of coal for your mine.",
    "MINE": "Spending work steps in your own mine: the pit cage, the carts, your storage and "
    "your orders.",
    "DELIVER": "Turning complete orders into victory points (VP).",
    "MONEY": "Taking Marks from the bank.",
    "ORDER": "Taking new order cards.",
    "SHIFT": "When every worker is placed, the shift ends and the shift clock scores. The "
    "clock's 12 segments, and the VP for first and second place in each:",
    "END": "After the shift clock has scored shift III, the game ends with a few more points.",
    "NOTATION": "How the kit writes actions. This is the kit's own rule, not the rulebook's.",
}

DETAILS: dict[str, tuple[str, ...]] = {
    "R-SETUP-1": (
        "A space marked “2” is locked in 2-player games; a space marked “2+3” is locked in "
        "2- and 3-player games (7 lock tiles in all).",
        "- 2 players: tile spaces F4 and F8, the 4- and 8-step mining spaces, the 3- and "
        "5-Mark money spaces and order space O1.\n"
        "- 3 players: tile space F8, the 4-step mining space and the 3-Mark money space.\n"
        "- 4 players: every space is open.",
    ),
    "R-SETUP-2": (
        "There are 16 kinds of tile, 3 copies of each: yellow, brown, grey or black; 1 or 2 "
        "carts; light side (with lanterns) or dark side. The tiles not on a space form the "
        "face-down tile deck.",
    ),
    "R-SETUP-3": (
        "Each player takes a mine board. Printed on it is one cart per level, each holding one "
        "cube of that level's colour: level 1 yellow, level 2 brown, level 3 grey, level 4 "
        "black. So 4 cubes leave the supply for every player. The pit cage starts at the "
        "surface (level 0).",
        "- Workers: 18 each with 2 players, 15 with 3, 13 with 4.\n"
        "- Money: 10 Marks each with 2 players, 9 with 3, 8 with 4.",
    ),
    "R-SETUP-4": (
        "Shuffle the order cards and reveal 3 × players + 1 of them: 7 with 2 players, 10 with "
        "3, 13 with 4. Starting with the player to the right of the start player and going "
        "counter-clockwise, each player takes one of the revealed orders at a time, until "
        "everyone has 3. The one card left goes onto an unlocked order space, and the other "
        "unlocked order spaces are filled from the order deck. (With 2 players O1 is locked "
        "and gets no card.)",
    ),
    "R-SETUP-5": (
        "The shift clock's hand points to shift I and every score is 0. Choose a start player: "
        "the engine draws one from the game's seed, or you name one.",
    ),
    "R-TURN-1": (
        "A game has 3 shifts. A shift starts with the start player and goes clockwise. On your "
        "turn, if you have at least one worker left, you take exactly one action: place "
        "workers on one space and carry out its action. A player with no workers left is "
        "skipped. When every worker of every player has been placed, the shift ends (R-SHIFT-1).",
    ),
    "R-TURN-2": (
        "Placing on an empty space takes exactly 1 worker. Placing on an occupied space — by "
        "anyone, yourself included — takes exactly one more worker than stand on it now, and "
        "the workers already there go to the canteen. They stay there until the shift ends. "
        "Example: a space with 2 workers on it needs 3.",
    ),
    "R-TURN-3": (
        "Otherwise you must choose another space. What each space needs:",
        "- A tile space: it shows a tile and you can pay for it.\n"
        "- F★: the tile deck is not empty (buying is optional).\n"
        "- Mining and money spaces: always.\n"
        "- A delivery space: you have at least one complete order of its transport.\n"
        "- An order space: it shows an order. O★: the order deck is not empty.",
    ),
    "R-TURN-4": (
        "If you cannot or will not use any space, place exactly 1 worker on the bank building "
        "and take 1 Mark. Any number of workers of any colour may stand there, and they are "
        "never sent to the canteen.",
        "Reading: so while you have a worker, you always have a legal turn (the bank building).",
    ),
    "R-TUNNEL-1": (
        "On a tile space, take its tile and pay its price to the bank. The price is per cart: "
        "yellow 1, brown 2, grey 3, black 4 Marks. A tile with two black carts costs 8 Marks.",
    ),
    "R-TUNNEL-2": (
        "Put one cube of the cart's colour from the supply on each cart of the new tile. If the "
        "supply has no cube of that colour, you put a cube of any other colour the supply has "
        "(you choose which); the price stays the same. If the supply is empty altogether, the "
        "cart stays empty.",
        "Reading: the Hungarian rulebook's “may place” (“helyezhet”) allows you to use another "
        "colour; the substitute is compulsory while the supply has a cube, so you cannot choose "
        "an empty cart. When the supply is empty altogether the cart stays empty, and like "
        "every empty cart it counts for R-SHIFT-3. This is rare: the supply runs dry only in "
        "long 4-player games. (The online edition never meets this case: it has 32 cubes per "
        "colour instead of the printed 16.)",
    ),
    "R-TUNNEL-3": (
        "Attach the tile to your mine in the row of its colour, on its side: tiles with "
        "lanterns on the light (left) side, tiles without lanterns on the dark (right) side. "
        "The balance of the two sides counts at the end of the game (R-END-4).",
    ),
    "R-TUNNEL-4": (
        "The emptied tile space is refilled at once from the tile deck, face up. When the deck "
        "is empty, the space stays empty for the rest of the game.",
    ),
    "R-TUNNEL-5": (
        "On the special space F★, look at the top 5 tiles of the deck (fewer if fewer are "
        "left). Buy at most one of them, paying as usual. Put all the others back together, "
        "either on top or at the bottom of the deck, in an order of your choice. Buying nothing "
        "is allowed; the action is used up all the same.",
        "Reading: the German summary has the other tiles put back shuffled; the official "
        "Hungarian rulebook says in an order of the player's choice, which is what the engine "
        "does.",
    ),
    "R-TUNNEL-6": (
        "Carts are never refilled: once you have emptied a cart it stays empty. To mine more "
        "coal, buy more tiles.",
    ),
    "R-MINE-1": (
        "A mining space grants the number of work steps printed on it: 4, 6, 8 or 10. You may "
        "stop at any time; steps you do not use are lost.",
    ),
    "R-MINE-2": (
        "Each of these costs exactly one step:",
        "- Move the pit cage from its level to any other level, up or down (the surface, level "
        "0, included).\n"
        "- With the cage at a tunnel level: move one cube from any cart on that level (either "
        "side, printed carts included) into the cage. The cage holds at most 5 cubes.\n"
        "- With the cage at the surface: move one cube from the cage onto an empty slot of one "
        "of your outstanding orders; the slot's colour must match the cube.\n"
        "- With the cage at the surface: move one cube from the cage into your private storage "
        "(it has no limit).\n"
        "- Move one cube from your storage onto an empty, matching slot of an outstanding "
        "order, wherever the cage is.",
        "You may load from any cart of the cage's level, on either side: carts of one level "
        "are alike for every rule.",
        "Reading (storage to order): the Hungarian rulebook says the rules of the cage-to-order "
        "step apply here too; that is read as the colour match and the two-cube option "
        "(R-MINE-3), not the cage's position. Storage is on the surface, so a storage cube goes "
        "onto an order wherever the cage is (the online edition agrees).",
        "Reading (storage): the Hungarian rulebook describes storing as a way to free space in "
        "the cage when no order can take the cube; the German rules and the online edition "
        "allow it whenever the cage is at the surface, and so does the engine.",
    ),
    "R-MINE-3": (
        "Instead of one matching cube, a slot can be filled with two cubes of any colours, the "
        "same or different: from the cage at the surface and/or from your storage. The two "
        "cubes go on together in one move that costs 2 steps.",
        "Reading: the German summary says “two cubes of another colour”; the Hungarian "
        "rulebook says “the same or different”, so any two cubes will do.",
    ),
    "R-MINE-4": (
        "A cube on an order never moves again until the order is delivered. Cubes never go "
        "back from the cage to a cart, nor from storage to the cage.",
    ),
    "R-DELIVER-1": (
        "On a delivery space you deliver all of your outstanding orders that show that space's "
        "transport and have every slot filled — never only some of them. Incomplete orders of "
        "that transport stay with you. You may only choose a delivery space when at least one "
        "of your orders of its transport is complete (R-TURN-3).",
    ),
    "R-DELIVER-2": (
        "For each delivered order you score its VP at once, its cubes go back to the supply, "
        "and you keep the card face down among your delivered orders: the shift scoring counts "
        "their coal icons (R-SHIFT-2).",
        "Money and everything else a player holds are public, except the delivered orders: "
        "they lie face down. Everyone saw them delivered, but a table may choose to play from "
        "memory.",
    ),
    "R-MONEY-1": (
        "Take from the bank the Marks printed on the space: 3, 4, 5 or 6. The bank never runs "
        "out. (The bank building gives 1 Mark: R-TURN-4.)",
    ),
    "R-ORDER-1": (
        "On an order space, take its order into your outstanding orders (you may hold any "
        "number of them), then refill the space from the order deck, face up. When the deck is "
        "empty, the space stays empty.",
    ),
    "R-ORDER-2": (
        "On the special space O★, look at the top 5 orders of the deck (fewer if fewer are "
        "left). Take at most one into your outstanding orders and put the others back "
        "together, either on top or at the bottom of the deck, in an order of your choice. "
        "Taking none is allowed; the action is used up all the same.",
    ),
    "R-SHIFT-1": (
        "When all workers are placed, the shift clock scores. After shift I segments 1–4 "
        "score, after shift II segments 1–8, and after shift III segments 1–12. So the coal "
        "colours score three times, the transports twice and the empty carts once.",
    ),
    "R-SHIFT-2": (
        "Segments 1–4 count the coal icons on your delivered orders, one colour per segment: "
        "the icons printed on the cards, not the cubes you used. Segments 5–8 count all the "
        "coal icons on your delivered orders of one transport per segment.",
    ),
    "R-SHIFT-3": (
        "Segments 9–12 count the empty carts of one colour in your mine: carts on tiles and "
        "the printed carts. No delivered order is needed to score them; as for every "
        "segment, you need a count of at least 1 (R-SHIFT-4).",
        "Reading: the German summary says “tiles of each colour”; the official rulebook says "
        "empty carts, which is what is scored.",
    ),
    "R-SHIFT-4": ("Only a player whose count for a segment is at least 1 can score that segment.",),
    "R-SHIFT-5": (
        "If several players tie for first place, they all score the first-place VP, and then "
        "nobody scores second place. Otherwise all players tied for second place score the "
        "second-place VP.",
    ),
    "R-SHIFT-6": (
        "With 2 players only first place scores; if both players tie for first, both score it.",
    ),
    "R-SHIFT-7": (
        "After shifts I and II, the player with the most workers on the tunnel-expansion "
        "spaces (F1–F8 and F★ together) becomes the start player. A tie goes to the tied player "
        "sitting closest clockwise after the previous start player: the previous start player "
        "does not keep the marker through a tie. Then all workers (on the spaces, in the "
        "canteen and on the bank building) go back to their owners. Delivered orders stay with "
        "their owners for the later shifts.",
        "Reading: if nobody has a worker on those spaces, the marker passes to the next player "
        "clockwise.",
        "Reading: the German summary adds “it may not be the current start player”; the "
        "official Hungarian rulebook applies that only to ties, so a start player who alone "
        "has the most workers there keeps the marker (the online edition agrees).",
    ),
    "R-END-1": (
        "You score 1 VP for every full 5 Marks. The Marks left over (0–4) are kept as the "
        "tie-breaker (R-END-5).",
    ),
    "R-END-2": (
        "You score 1 VP for every full 3 cubes you still have anywhere, of any colours: in your "
        "carts, in the cage, in storage and on your outstanding orders.",
    ),
    "R-END-3": ("You lose 1 VP for each outstanding (undelivered) order.",),
    "R-END-4": (
        "You lose 2 VP for each tile of difference between the number of tiles on the light "
        "side and on the dark side of your mine. Tiles are counted, not carts, and the printed "
        "carts do not count. Example: 7 light and 4 dark tiles → −6 VP.",
    ),
    "R-END-5": (
        "The player with the most VP wins. A tie goes to the player with the most Marks left "
        "over (R-END-1); if they are still tied, they share the victory.",
    ),
    "R-NOTATION-1": (
        "Every decision can be written as one short line, like a move in chess notation. The "
        "engine prints actions this way, reads them back, stores them in game records, and the "
        "terminal game accepts them. Case does not matter when you type. The most common "
        "forms:",
        "- `place M8`: place workers on a space (`F1`–`F8`, `F*`, `M4`–`M10`, `DW` `DC` `DT` "
        "`DR`, `$3`–`$6`, `O1`–`O4`, `O*`, `BANK`).\n"
        "- `cage 3`, `load G`, `store Y`: mining steps (level 0 is the surface).\n"
        "- `fill W3YY:Y cY`: a cage cube onto the yellow slot of the 3-VP wheelbarrow order; "
        "`sY` is a cube from storage, `cY+sB` two cubes on one slot.\n"
        "- `stop`: stop mining. `choose G2L top Y1D K2L`: after F★ or O★, take one and put the "
        "others back.",
        "Colours are Y yellow, B brown, G grey and K black. A line that is not an action is "
        "refused with this rule and a reason. The whole notation is in docs/notation.md.",
    ),
}


# --- the texts in the current language (catalogue "reference") ------------------------------
def _clock_counts_english(segment: int) -> str:
    """What a clock segment counts, as the reference's table says it (in English)."""
    name = segment_name(segment)
    if segment <= 4:
        return f"{name} on your delivered orders"
    if segment <= 8:
        return name.replace("on ", "on your delivered ")
    return f"{name} in your mine"


PAGE: dict[str, str] = {
    "title": "Rules reference",
    "intro": "This is the rulebook of Glück Auf (English edition: *Coal Baron*) as the kit "
    "plays it: every rule in a short entry of its own, under an ID such as R-MINE-3. You need "
    "not read it from top to bottom: look a rule up when you need it.",
    "find": "**To find a rule:** click a section in the contents below, open the table of "
    "contents in the left sidebar, or search this page with Ctrl+F (⌘F on a Mac) for a word or "
    "an ID. A word you do not know is explained in the [glossary]({glossary}) at the end, in "
    "English, German and Hungarian.",
    "ids": "**The board's messages cite these IDs.** When the board refuses a click or explains "
    "a move, its message names the rule by its ID, such as R-MINE-3, and the lessons link their "
    "rules the same way: click the ID, or search for it here, to read that rule.",
    "contents": "Contents:",
    "conventions": "Each rule gives its ID, a short title and one sentence; below them the rule "
    "in more detail. A paragraph marked *Reading* says how the kit reads a rule where the "
    "printed rulebooks are unclear or disagree.",
    "reading": "Reading",
    "worked_example.one": "Worked example: {links}.",
    "worked_example.many": "Worked examples: {links}.",
    "clock.segment": "segment",
    "clock.counts": "counts",
    "clock.first": "1st",
    "clock.second": "2nd",
    "examples": "Worked examples",
    "examples_intro": "The rulebook's own examples. Each one is reproduced, number for number, "
    "by a test in `tests/test_examples.py`.",
    "example_rules": "Rules: {rules}.",
    "example_tests.one": "Test: {tests}.",
    "example_tests.many": "Tests: {tests}.",
    "glossary": "Glossary",
    "glossary_intro": "The game's terms as the English, German and Hungarian rulebooks use them.",
    "language.en": "English",
    "language.de": "German",
    "language.hu": "Hungarian",
    "meaning": "What it means",
}


#: The one-page quick reference's texts (:func:`quick_reference_html`), keyed ``quick.…``. The
#: numbers that come from the game's data are filled in: ``{workers}``, ``{marks}`` and
#: ``{players}`` (by player count, "18 / 15 / 13"), ``{notebook}`` and ``{command}``.
QUICK: dict[str, str] = {
    "title": "Glück Auf — quick reference",
    "heading": "Glück Auf · Coal Baron — quick reference",
    "facts": "2–4 players · 3 shifts · VP = victory points",
    "ids": "(R-…): the rule in {notebook}",
    "aim.title": "Aim of the game",
    "aim.text": "You run a coal mine. Buy tunnel tiles with carts full of coal, haul the coal up "
    "with your pit cage, fill orders with it and deliver them. VP come from deliveries "
    "(R-DELIVER-2), from the shift clock after each of the 3 shifts (R-SHIFT-1) and from the end "
    "of the game (R-END-1, R-END-2, R-END-3, R-END-4). Most VP wins; a tie goes to the most Marks "
    "left over (R-END-5).",
    "aim.setup": "Setup: each player gets a mine with 4 printed carts (one cube each) and the "
    "cage at the surface (R-SETUP-3); workers {workers} and Marks {marks} with {players} players; "
    "3 orders each from a draft (R-SETUP-4). With 2 or 3 players some spaces are locked "
    "(R-SETUP-1).",
    "turn.title": "Your turn",
    "turn.order": "Clockwise from the start player: place workers on one space and carry out its "
    "action (R-TURN-1). No workers left: you are skipped.",
    "turn.workers": "Empty space: 1 worker. Occupied space (by anyone, even you): one more worker "
    "than stand there, and those go to the canteen until the shift ends (R-TURN-2). Example: 2 "
    "workers there → you need 3.",
    "turn.legal": "Only choose a space whose action you can carry out (R-TURN-3).",
    "areas.title": "The work areas",
    "areas.area": "area",
    "areas.what": "what it does",
    "areas.tunnel": "Tunnel expansion F1–F8",
    "areas.tunnel.what": "buy the tile shown: per cart Y 1, B 2, G 3, K 4 Marks (R-TUNNEL-1); a "
    "cube of its colour on each cart (R-TUNNEL-2); into its colour's row, lantern tiles on the "
    "light side, the others dark (R-TUNNEL-3)",
    "areas.tunnel_star.what": "look at the top 5 tiles, buy at most one (R-TUNNEL-5)",
    "areas.mining": "Mining M4–M10",
    "areas.mining.what": "4, 6, 8 or 10 work steps in your mine (R-MINE-1)",
    "areas.delivery": "Delivery",
    "areas.delivery.what": "wheelbarrow, carriage, truck or train: deliver all your complete "
    "orders of it, score their VP (R-DELIVER-1, R-DELIVER-2)",
    "areas.money": "Money",
    "areas.money.what": "take 3, 4, 5 or 6 Marks (R-MONEY-1)",
    "areas.orders": "New orders O1–O4",
    "areas.orders.what": "take the order shown (R-ORDER-1); O★: look at the top 5, take at most "
    "one (R-ORDER-2)",
    "areas.bank": "Bank building",
    "areas.bank.what": "always open: 1 worker, 1 Mark; never pushed off (R-TURN-4)",
    "areas.canteen": "Canteen",
    "areas.canteen.what": "pushed-off workers wait here until the shift ends (R-TURN-2)",
    "mining.title": "Mining: each step costs 1 (R-MINE-2)",
    "mining.cage": "Move the cage to any other level (0 = surface, 1–4).",
    "mining.load": "Cage at a level: load 1 cube from a cart there into the cage (5 at most).",
    "mining.surface": "Cage at the surface: a cage cube onto a matching order slot, or into "
    "storage.",
    "mining.storage": "A storage cube onto a matching order slot, wherever the cage is.",
    "mining.two": "Two cubes of any colours on one slot: 2 steps (R-MINE-3).",
    "mining.never": "Cubes never go back (R-MINE-4); emptied carts stay empty (R-TUNNEL-6). Stop "
    "any time: unused steps are lost (R-MINE-1).",
    "shift.title": "End of a shift: the shift clock",
    "shift.text": "When every worker is placed, the clock scores (R-SHIFT-1): after shift I "
    "segments 1–4, after II 1–8, after III all 12. VP for 1st / 2nd place (R-SHIFT-2, "
    "R-SHIFT-3):",
    "clock.segment": "seg.",
    "clock.counts": "each segment counts",
    "clock.vp": "VP 1st/2nd",
    "clock.after": "after",
    "clock.colours": "yellow, brown, grey, black icons on delivered orders",
    "clock.colours.after": "I, II, III",
    "clock.transports": "all icons on delivered wheelbarrow, carriage, truck, train orders",
    "clock.transports.after": "II, III",
    "clock.carts": "empty yellow, brown, grey, black carts (printed ones too)",
    "clock.carts.after": "III",
    "shift.icons": "The icons printed on the delivered cards count, not the cubes.",
    "shift.ties": "You need a count of at least 1 (R-SHIFT-4). Tie for 1st: all score 1st, "
    "nobody 2nd; ties for 2nd all score 2nd (R-SHIFT-5). 2 players: only 1st place scores "
    "(R-SHIFT-6).",
    "shift.start": "After shifts I and II the player with the most workers on F1–F8 and F★ "
    "starts next; all workers come home (R-SHIFT-7).",
    "end.title": "End of the game (after shift III)",
    "end.marks": "+1 VP per full 5 Marks; the rest breaks ties (R-END-1).",
    "end.cubes": "+1 VP per full 3 cubes anywhere: carts, cage, storage, orders (R-END-2).",
    "end.orders": "−1 VP per undelivered order (R-END-3).",
    "end.sides": "−2 VP per tile of difference between light and dark side (R-END-4).",
    "end.win": "Most VP wins; tie: most Marks left; then shared (R-END-5).",
    "notation.title": "Writing actions (R-NOTATION-1)",
    "notation.type": "type",
    "notation.means": "means",
    "notation.place": "workers on a space: `F1`–`F8` `F*` `M4`–`M10` `DW` `DC` `DT` `DR` "
    "`$3`–`$6` `O1`–`O4` `O*` `BANK`",
    "notation.cage": "mining: cage to level 3 (`cage 0` = surface)",
    "notation.load": "load a grey cube at the cage's level",
    "notation.store": "a yellow cage cube into storage",
    "notation.fill_cage": "a cage cube on the Y slot of order W3YY",
    "notation.fill_storage": "a storage cube on a slot",
    "notation.fill_two": "two cubes on one slot (2 steps)",
    "notation.stop": "stop mining",
    "notation.choose": "after F★/O★: take one, put the rest back",
    "notation.codes": "Colours `Y` yellow (level 1), `B` brown (2), `G` grey (3), `K` black (4). "
    "Orders: transport `W` `C` `T` `R`, VP, slots (`C9KK`). Tiles: colour, carts, `L` light / "
    "`D` dark (`G2L`).",
    "words.title": "Words: English · German · Hungarian",
    "footer": "Written by the Glück Auf teaching kit: {command}",
}


def _english_table() -> dict[str, str]:
    table = {f"page.{key}": text for key, text in PAGE.items()}
    for key in SECTION_KEYS:
        table[f"section.{key}.title"] = SECTION_TITLES[key]
        table[f"section.{key}.intro"] = SECTION_INTROS[key]
    for rule_id, paragraphs in DETAILS.items():
        for number, paragraph in enumerate(paragraphs, start=1):
            table[f"detail.{rule_id}.{number}"] = paragraph
    with language(ENGLISH):
        for segment in range(1, len(SEGMENT_POINTS) + 1):
            table[f"clock.{segment}"] = _clock_counts_english(segment)
    for example in EXAMPLES:
        table[f"example.{example.id}.title"] = example.title
        table[f"example.{example.id}.text"] = example.text
    for entry in GLOSSARY:
        table[f"glossary.{entry.english}"] = entry.explanation
    table.update({f"quick.{key}": text for key, text in QUICK.items()})
    return table


#: Every text of the reference, keyed, read in the current language (:mod:`gluckauf.text.i18n`).
TEXTS = REFERENCE.texts("", _english_table())


def _page(key: str, **params: object) -> str:
    return TEXTS.say(f"page.{key}", **params)


def section_title(key: str) -> str:
    """A section's title in the current language: "MINE" → "Mining"."""
    return TEXTS[f"section.{key}.title"]


def section_intro(key: str) -> str:
    return TEXTS[f"section.{key}.intro"]


def rule_details(rule_id: str) -> tuple[str, ...]:
    """A rule's longer explanation in the current language, paragraph by paragraph."""
    return tuple(
        TEXTS[f"detail.{rule_id}.{number}"]
        for number in range(1, len(DETAILS.get(rule_id, ())) + 1)
    )


def example_title(example_id: str) -> str:
    return TEXTS[f"example.{example_id}.title"]


def example_text(example_id: str) -> str:
    return TEXTS[f"example.{example_id}.text"]


def explanation(entry: Term) -> str:
    """A glossary term's one-line explanation in the current language."""
    return TEXTS[f"glossary.{entry.english}"]


# --- looking a rule up ----------------------------------------------------------------------
class UnknownRuleError(KeyError, ValueError):
    """A rule ID that is not in the catalogue (both a KeyError and a ValueError)."""

    def __str__(self) -> str:  # KeyError would show the message in quotes
        return str(self.args[0]) if self.args else ""


def _rule_id(rule_id: str) -> str:
    """The catalogue's spelling of ``rule_id`` ('r-mine-3 ' -> 'R-MINE-3'), or a clear error."""
    if not isinstance(rule_id, str):
        raise UnknownRuleError(f"a rule ID is a string such as 'R-MINE-3', not {rule_id!r}")
    key = rule_id.strip().upper()
    if key in RULES:
        return key
    parts = key.split("-")
    section = RULE_SECTIONS.get(parts[1], ()) if len(parts) == 3 and parts[0] == "R" else ()
    close = difflib.get_close_matches(key, RULE_IDS, n=1, cutoff=0.8)
    if section:
        rules = section[0] if len(section) == 1 else f"{section[0]} to {section[-1]}"
        hint = f" ({section_title(parts[1]).lower()}: {rules})."
    elif close:
        hint = f" (did you mean {close[0]}?)."
    else:
        hint = "."
    raise UnknownRuleError(
        f"{rule_id!r} is not a rule ID{hint} The rules are R-SETUP-1 … R-NOTATION-1, "
        f"{len(RULE_IDS)} in all, listed in {NOTEBOOK_PATH}."
    )


def _plain(text: str) -> str:
    """Plain text of a markup paragraph: no backticks, list items run together."""
    text = text.replace("`", "")
    return " ".join(line.removeprefix("- ") for line in text.split("\n"))


def rule_text(rule_id: str, *, details: bool = False) -> str:
    """One paragraph of plain text: 'R-MINE-3 Two cubes for one slot: Instead of …'.

    With ``details=True`` the longer explanation (and the Reading paragraphs) follow in the same
    paragraph. Unknown IDs raise :class:`UnknownRuleError` (a KeyError and a ValueError).
    """
    key = _rule_id(rule_id)
    text = str(RULES[key])
    if details:
        text += " " + " ".join(_plain(p) for p in rule_details(key))
    return text


def rule_html(rule_id: str, *, details: bool = False, href: str | None = None) -> str:
    """A small HTML fragment: ``<p class="gluckauf-rule" data-rule="R-MINE-3"><b>R-MINE-3 Two
    cubes for one slot:</b> Instead of …</p>``, every text escaped.

    ``href`` (e.g. :func:`rule_link`) makes the ID a link; ``details=True`` adds the longer
    explanation as further paragraphs. Unknown IDs raise :class:`UnknownRuleError`.
    """
    key = _rule_id(rule_id)
    rule = RULES[key]
    name = html.escape(key)
    if href is not None:
        name = f'<a href="{html.escape(href, quote=True)}">{name}</a>'
    parts = [
        f'<p class="gluckauf-rule" data-rule="{html.escape(key)}"><b>{name} '
        f"{html.escape(rule.title)}:</b> {html.escape(rule.summary)}</p>"
    ]
    if details:
        parts += [_html_paragraph(p, "gluckauf-rule-details") for p in rule_details(key)]
    return "".join(parts)


def rule_link(rule_id: str, from_dir: str | os.PathLike[str] = "notebooks", *,
              cell_id: bool = True) -> str:  # fmt: skip
    """The relative link target of a rule in the reference notebook, seen from ``from_dir`` (a
    folder relative to the kit's root): 'reference.ipynb#cell-id=R-MINE-3' from notebooks/,
    'notebooks/reference.ipynb#cell-id=R-MINE-3' from the root, '../notebooks/…' from docs/.
    Use it as ``f"[{rule_id}]({rule_link(rule_id)})"`` in a lesson's markdown. The target is the
    reference in the current language ('reference.ipynb…' from notebooks/de/ in German).

    Each rule's cell has the rule ID as its cell id, and JupyterLab 4 scrolls to a cell id also
    when the link is what opens the reference; to a heading anchor (``cell_id=False``:
    'reference.ipynb#R-MINE-3') only when the reference is already open. nbconvert's HTML has
    both anchors.
    """
    key = _rule_id(rule_id)
    folder = posixpath.normpath(os.fspath(from_dir).replace("\\", "/") or ".")
    if posixpath.isabs(folder) or re.match(r"^[A-Za-z]:", folder):
        raise ValueError(f"from_dir must be a folder relative to the kit's root, not {folder!r}")
    if folder == ".." or folder.startswith("../"):
        raise ValueError(f"from_dir {folder!r} lies outside the kit")
    target = posixpath.relpath(notebook_path(), folder)
    return f"{target}#cell-id={key}" if cell_id else f"{target}#{key}"


def rule_ids_in(text: str) -> list[str]:
    """Every rule ID cited in ``text``, in order, duplicates included."""
    return RULE_ID.findall(text)


# --- markup ---------------------------------------------------------------------------------
_CODE = re.compile(r"(`[^`]*`)")


def _md_inline(text: str) -> str:
    """Markdown of a plain-text line: rule IDs link to their headings, ``$`` is escaped
    (JupyterLab would start LaTeX math), code spans are left alone."""
    out = []
    for part in _CODE.split(text):
        if part.startswith("`"):
            out.append(part)
        else:
            part = part.replace("$", r"\$").replace("*", r"\*")
            out.append(RULE_ID.sub(lambda m: f"[{m.group(0)}](#{m.group(0)})", part))
    return "".join(out)


def _md_paragraph(text: str) -> str:
    lines = text.split("\n")
    if text.startswith(_page("reading")):
        head, _, rest = text.partition(":")
        return f"*{head}:*{_md_inline(rest)}"
    return "\n".join(_md_inline(line) for line in lines)


def _html_inline(text: str) -> str:
    out = []
    for part in _CODE.split(text):
        if part.startswith("`"):
            out.append(f"<code>{html.escape(part[1:-1])}</code>")
        else:
            out.append(html.escape(part))
    return "".join(out)


def _html_paragraph(text: str, css_class: str = "") -> str:
    attr = f' class="{css_class}"' if css_class else ""
    if text.startswith("- "):
        items = "".join(f"<li>{_html_inline(line[2:])}</li>" for line in text.split("\n"))
        return f"<ul{attr}>{items}</ul>"
    return f"<p{attr}>{_html_inline(text)}</p>"


# --- the reference notebook -----------------------------------------------------------------
def _examples_of(rule_id: str) -> list[str]:
    return [example.id for example in EXAMPLES if rule_id in example.rules]


def rule_markdown(rule_id: str) -> str:
    """A rule's cell in the reference: the heading ``### R-MINE-3`` (JupyterLab's anchor is
    exactly the ID), the title in bold, the summary, then the details."""
    key = _rule_id(rule_id)
    rule = RULES[key]
    parts = [f"### {key}", f"**{_md_inline(rule.title)}**", _md_inline(rule.summary)]
    parts += [_md_paragraph(p) for p in rule_details(key)]
    examples = _examples_of(key)
    if examples:
        links = ", ".join(f"[{e}](#{e})" for e in examples)
        parts.append(
            _page(
                "worked_example.one" if len(examples) == 1 else "worked_example.many",
                links=links,
                n=len(examples),
            )
        )
    return "\n\n".join(parts)


def _section_markdown(key: str) -> str:
    parts = [f"## {section_title(key)}", _md_inline(section_intro(key))]
    if key == "SHIFT":
        head = [_page(f"clock.{column}") for column in ("segment", "counts", "first", "second")]
        rows = ["| " + " | ".join(head) + " |", "|---:|---|---:|---:|"]
        for segment, (first, second) in enumerate(SEGMENT_POINTS, start=1):
            rows.append(f"| {segment} | {TEXTS[f'clock.{segment}']} | {first} | {second} |")
        parts.append("\n".join(rows))
    return "\n\n".join(parts)


def _intro_markdown() -> str:
    headings = [section_title(k) for k in SECTION_KEYS] + [_page("examples"), _page("glossary")]
    contents = " · ".join(f"[{h}](#{_anchor(h)})" for h in headings)
    # for learners: what this is, how to find a rule, what the IDs are; the notes for kit
    # authors (how the notebook is written, how to link a rule) are docs/reference-notebook.md
    return "\n\n".join([
        f"# {_page('title')}",
        _page("intro"),
        _page("find", glossary=f"#{_anchor(_page('glossary'))}"),
        _page("ids"),
        f"**{_page('contents')}** {contents}",
        _page("conventions"),
    ])  # fmt: skip


def _anchor(heading: str) -> str:
    """JupyterLab's anchor for a heading: its text with spaces as hyphens."""
    return heading.replace(" ", "-")


def _examples_markdown() -> list[str]:
    cells = [f"## {_page('examples')}\n\n{_page('examples_intro')}"]
    for example in EXAMPLES:
        rules = ", ".join(f"[{r}](#{r})" for r in example.rules)
        tests = ", ".join(f"`{t}`" for t in example.tests)
        many = "many" if len(example.tests) > 1 else "one"
        cells.append("\n\n".join([
            f"### {example.id}",
            f"**{example_title(example.id)}**",
            _md_inline(example_text(example.id)),
            _page("example_rules", rules=rules) + " "
            + _page(f"example_tests.{many}", tests=tests, n=len(example.tests)),
        ]))  # fmt: skip
    return cells


def _languages_current_first() -> list[str]:
    """The kit's languages, the current one first (a glossary's columns, a term's words)."""
    first = get_language()
    return [first, *(code for code in LANGUAGES if code != first)]


def _names(row: Any) -> dict[str, str]:
    """A glossary entry's or key term's word in each language."""
    return {"en": row.english, "de": row.german, "hu": row.hungarian}


def _glossary_markdown() -> str:
    order = _languages_current_first()
    head = [_page(f"language.{code}") for code in order] + [_page("meaning")]
    rows = ["| " + " | ".join(head) + " |", "|---|---|---|---|"]
    for entry in GLOSSARY:
        names = _names(entry)
        cells = [f"**{names[order[0]]}**", names[order[1]], names[order[2]]]
        rows.append("| " + " | ".join(cells) + f" | {_md_inline(explanation(entry))} |")
    return "\n\n".join([
        f"## {_page('glossary')}",
        _page("glossary_intro"),
        "\n".join(rows),
    ])  # fmt: skip


def reference_cells() -> list[tuple[str, str]]:
    """The reference notebook's cells as (cell id, markdown) pairs, in order. A cell's id is its
    heading's anchor ('R-MINE-3', 'Mining', 'Glossary'), so ``#cell-id=R-MINE-3`` finds it too."""
    cells = [(_anchor(PAGE["title"]), _intro_markdown())]
    for key in SECTION_KEYS:
        cells.append((_anchor(SECTION_TITLES[key]), _section_markdown(key)))
        cells += [(rule_id, rule_markdown(rule_id)) for rule_id in RULE_SECTIONS[key]]
    examples = _examples_markdown()
    cells.append(("Worked-examples", examples[0]))
    cells += [(e.id, text) for e, text in zip(EXAMPLES, examples[1:], strict=True)]
    cells.append(("Glossary", _glossary_markdown()))
    return cells


def reference_markdown() -> str:
    """The whole reference as one markdown text (e.g. for ``IPython.display.Markdown``)."""
    return "\n\n".join(text for _, text in reference_cells()) + "\n"


def reference_notebook() -> dict[str, Any]:
    """The reference as a notebook (nbformat 4.5, markdown cells only)."""
    return {
        "cells": [
            {
                "cell_type": "markdown",
                "id": cell_id,
                "metadata": {},
                "source": text.splitlines(keepends=True),
            }
            for cell_id, text in reference_cells()
        ],
        "metadata": {
            "kernelspec": {
                "display_name": "Python 3 (ipykernel)",
                "language": "python",
                "name": "python3",
            },
            "language_info": {"name": "python"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def notebook_text() -> str:
    """The notebook file's text, formatted as JupyterLab and nbformat write it."""
    return json.dumps(reference_notebook(), indent=1, sort_keys=True, ensure_ascii=False) + "\n"


# --- the quick reference --------------------------------------------------------------------
QUICK_TERMS = (
    "worker", "canteen", "tunnel tile", "mine cart", "pit cage", "shaft", "private storage",
    "order card", "order slot", "shift", "shift clock", "light side", "Mark", "victory point",
    "wheelbarrow",
)  # fmt: skip

_QUICK_CSS = """
@page { size: A4 portrait; margin: 8mm 10mm; }
* { box-sizing: border-box; }
html { font-family: Arial, "Liberation Sans", Helvetica, "DejaVu Sans", sans-serif;
       font-size: 8.5pt; line-height: 1.28; color: #111; background: #fff; }
body { margin: 0 auto; max-width: 190mm; padding: 0; }
@media screen { body { padding: 8mm 0; } }
header { display: flex; justify-content: space-between; align-items: baseline;
         border-bottom: 1.6pt solid #222; padding-bottom: 1mm; margin-bottom: 2mm; }
h1 { font-size: 15pt; margin: 0; letter-spacing: 0.02em; }
header p { margin: 0; font-size: 8.4pt; color: #333; text-align: right; }
.cols { column-count: 2; column-gap: 5mm; column-fill: balance; }
.terms { columns: 3; column-gap: 5mm; margin: 0; padding: 0; list-style: none; }
.terms li { break-inside: avoid; margin: 0 0 0.4mm 0; }
.terms b { font-weight: bold; }
section { break-inside: avoid; margin: 0 0 2.2mm 0; }
h2 { font-size: 10.2pt; margin: 0 0 0.8mm 0; padding: 0.4mm 1.6mm; background: #e9e4d8;
     border-left: 2.4pt solid #6b4f2a; }
p { margin: 0 0 1mm 0; }
ul { margin: 0 0 1mm 0; padding-left: 4mm; }
li { margin: 0 0 0.5mm 0; }
table { border-collapse: collapse; width: 100%; margin: 0 0 1mm 0; font-size: 8pt; }
th, td { border-bottom: 0.5pt solid #bbb; padding: 0.35mm 1mm; text-align: left;
         vertical-align: top; }
th { background: #f3f0e8; font-weight: bold; }
td.n { text-align: right; white-space: nowrap; }
td.k { white-space: nowrap; }
code { font-family: "DejaVu Sans Mono", "Liberation Mono", Consolas, monospace;
       font-size: 8pt; background: #f1f1f1; padding: 0 0.5mm; white-space: nowrap; }
.id { color: #5b4522; font-size: 8pt; white-space: nowrap; }
footer { margin-top: 1mm; border-top: 0.5pt solid #999; padding-top: 0.8mm; font-size: 8pt;
         color: #333; }
"""


def _q(text: str) -> str:
    """Escaped quick-reference text: `code` spans, and rule IDs in (R-…) set in the ID style."""
    body = _html_inline(text)
    return re.sub(r"\((R-[A-Z]+-\d+(?:, R-[A-Z]+-\d+)*)\)", r'<span class="id">(\1)</span>', body)


def _q_list(items: list[str]) -> str:
    return "<ul>" + "".join(f"<li>{_q(item)}</li>" for item in items) + "</ul>"


def _q_section(title: str, *parts: str) -> str:
    return f"<section><h2>{html.escape(title)}</h2>{''.join(parts)}</section>"


def _q_table(head: list[str], rows: list[list[str]], numeric: tuple[int, ...] = (),
             keep: tuple[int, ...] = ()) -> str:  # fmt: skip
    """A table; columns in ``numeric`` are right-aligned, those in ``keep`` never wrap."""
    th = "".join(f"<th>{_q(h)}</th>" for h in head)

    def cell(i: int, text: str) -> str:
        css = "n" if i in numeric else "k" if i in keep else ""
        return f'<td class="{css}">{_q(text)}</td>' if css else f"<td>{_q(text)}</td>"

    body = "".join(
        "<tr>" + "".join(cell(i, c) for i, c in enumerate(row)) + "</tr>" for row in rows
    )
    return f"<table><thead><tr>{th}</tr></thead><tbody>{body}</tbody></table>"


def _quick(key: str, **params: object) -> str:
    """A quick-reference text in the current language (:data:`QUICK`)."""
    return TEXTS.say(f"quick.{key}", **params)


def _clock_table() -> str:
    def vp(first: int) -> str:
        return " ".join(f"{a}/{b}" for a, b in SEGMENT_POINTS[first : first + 4])

    rows = [
        [segments, _quick(f"clock.{key}"), vp(first), _quick(f"clock.{key}.after")]
        for segments, key, first in (
            ("1–4", "colours", 0), ("5–8", "transports", 4), ("9–12", "carts", 8)
        )
    ]  # fmt: skip
    head = [_quick(f"clock.{key}") for key in ("segment", "counts", "vp", "after")]
    return _q_table(head, rows, numeric=(0,), keep=(2, 3))


def _quick_terms() -> str:
    """The key terms, the current language's word first (in bold), then the other two."""
    order = _languages_current_first()
    items = []
    for row in map(term, QUICK_TERMS):
        names = _names(row)
        first_name, *others = (html.escape(names[code]) for code in order)
        items.append(f"<li><b>{first_name}</b> · {' · '.join(others)}</li>")
    return "".join(items)


def quick_reference_html() -> str:
    """The one-page quick reference (A4 portrait) in the current language: self-contained HTML
    and CSS, no scripts. :func:`quick_command` writes it to :func:`quick_path`."""

    def per_count(numbers: dict[int, int]) -> str:
        return " / ".join(str(numbers[players]) for players in PLAYER_COUNTS)

    def paragraph(key: str, **params: object) -> str:
        return f"<p>{_q(_quick(key, **params))}</p>"

    def items(*keys: str) -> str:
        return _q_list([_quick(key) for key in keys])

    def section(key: str, *parts: str) -> str:
        return _q_section(_quick(f"{key}.title"), *parts)

    areas = ["tunnel", "tunnel_star", "mining", "delivery", "money", "orders", "bank", "canteen"]
    area_rows = [
        ["F★" if area == "tunnel_star" else _quick(f"areas.{area}"), _quick(f"areas.{area}.what")]
        for area in areas
    ]
    steps = ("cage", "load", "surface", "storage", "two", "never")
    left = [
        section(
            "aim",
            paragraph("aim.text"),
            paragraph(
                "aim.setup",
                workers=per_count(WORKERS),
                marks=per_count(START_MONEY),
                players=" / ".join(map(str, PLAYER_COUNTS)),
            ),
        ),
        section("turn", items("turn.order", "turn.workers", "turn.legal")),
        section(
            "areas",
            _q_table([_quick("areas.area"), _quick("areas.what")], area_rows),
        ),
        section("mining", items(*(f"mining.{step}" for step in steps))),
    ]
    notation = [
        ("`place M8`", "place"), ("`cage 3`", "cage"), ("`load G`", "load"),
        ("`store Y`", "store"), ("`fill W3YY:Y cY`", "fill_cage"),
        ("`fill R7GG:G sG`", "fill_storage"), ("`fill T10YBGK:K cY+sB`", "fill_two"),
        ("`stop`", "stop"), ("`choose G2L top Y1D K2L`", "choose"),
    ]  # fmt: skip
    right = [
        section(
            "shift",
            paragraph("shift.text"),
            _clock_table(),
            items("shift.icons", "shift.ties", "shift.start"),
        ),
        section("end", items("end.marks", "end.cubes", "end.orders", "end.sides", "end.win")),
        section(
            "notation",
            _q_table(
                [_quick("notation.type"), _quick("notation.means")],
                [[typed, _quick(f"notation.{key}")] for typed, key in notation],
            ),
            paragraph("notation.codes"),
        ),
    ]
    words = section("words", f'<ul class="terms">{_quick_terms()}</ul>')
    command = f"<code>{html.escape(quick_command())}</code>"
    return "".join([
        "<!DOCTYPE html>\n",
        f'<html lang="{get_language()}">\n<head>\n<meta charset="utf-8">\n',
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n',
        f"<title>{html.escape(_quick('title'))}</title>\n",
        f"<style>{_QUICK_CSS}</style>\n</head>\n<body>\n",
        f"<header><h1>{html.escape(_quick('heading'))}</h1>",
        f"<p>{html.escape(_quick('facts'))}<br>",
        f"{html.escape(_quick('ids', notebook=notebook_path()))}</p></header>\n",
        '<div class="cols">\n', "\n".join(left + right), "\n</div>\n", words, "\n",
        f"<footer>{html.escape(TEXTS['quick.footer']).format(command=command)}</footer>\n",
        "</body>\n</html>\n",
    ])  # fmt: skip


# --- writing the files ----------------------------------------------------------------------
def _write_text(path: str | os.PathLike[str], text: str) -> Path:
    """Write ``text`` so that the file is either the old one or the complete new one."""
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
        os.chmod(tmp_name, 0o644)
        os.replace(tmp_name, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp_name)
        raise
    return target


def reference(
    notebook: str | os.PathLike[str] | None = None,
    quick: str | os.PathLike[str] | None = None,
) -> str:
    """The rules reference as markdown; also writes it as a notebook to ``notebook`` and the
    one-page quick reference to ``quick`` when they are given.

    >>> text = reference()                       # doctest: +SKIP
    >>> reference(notebook="notebooks/reference.ipynb",
    ...           quick="notebooks/quick_reference.html")  # doctest: +SKIP
    """
    if notebook is not None:
        _write_text(notebook, notebook_text())
    if quick is not None:
        _write_text(quick, quick_reference_html())
    return reference_markdown()


__all__ = [
    "DETAILS",
    "NOTEBOOK_PATH",
    "QUICK",
    "QUICK_PATH",
    "SECTION_TITLES",
    "TEXTS",
    "UnknownRuleError",
    "notebook_command",
    "notebook_path",
    "notebook_text",
    "quick_command",
    "quick_path",
    "quick_reference_html",
    "reference",
    "reference_cells",
    "reference_markdown",
    "reference_notebook",
    "rule_details",
    "rule_html",
    "rule_ids_in",
    "rule_link",
    "rule_markdown",
    "rule_text",
]  # fmt: skip
