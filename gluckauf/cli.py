"""The command line: ``python -m gluckauf`` (or ``gluckauf`` once installed).

  simulate --players N --games G [--seed S] [--json]   random games: statistics and speed
  tournament --bots A,B --players N --games G [--seed S] [--workers W] [--json]
                                                       bots against bots: win rates and points
  replay FILE                                          re-check a saved game move by move
  show FILE                                            print a position, or a record's end
  review FILE [--seat K ...] [--mcts SECONDS] [--json] a coach: the placements of a saved game
                                                       ranked by the greedy bot, big misses
  play --players N --seat K [--bot random] [--seed S] [--names ...]   play in the terminal
  reference [RULE ...] [--notebook FILE] [--quick FILE]
                                                       look rules up; write the rules reference
                                                       notebook and the one-page quick reference
  hub-link --hub URL --repo URL [--branch B] [--notebook PATH]
                                                       the nbgitpuller link that opens a lesson
                                                       on a JupyterHub
  links [--repo URL] [--ref REF] [--readme FILE]      the Binder links of this copy of the kit
                                                       (its git remote), in every language
  progress [--file FILE] [--json]                      your answers in the lessons so far
  class progress FOLDER [--json]                       a class's progress: the learners'
                                                       progress files, read together
  class collect FOLDER [--url URL]                     copy what learners handed in (on a hub)
  class tournament FOLDER [--games G] [--builtins A,B] [--field A,B] [--seconds T] ...
                                                       the learners' bots on a leaderboard
  class serve --folder FOLDER [--teachers A,B]         the class service (the hub starts it)
  class hub-config --folder FOLDER [--teachers A,B]    its lines for jupyterhub_config.py

Exit status: 0 when all went well, 2 for bad input (arguments or files), 130 on Ctrl-C.
:func:`main` takes its streams as arguments so that tests can drive it, ``play`` included.

Everything the commands print goes through :func:`printable`: a control character (an escape
sequence in a player's name that would clear the screen or retitle the window, a bidi
override that would reorder the line) is shown as an escape such as ``\\x1b`` or ``\\u202e``,
never sent to the terminal as it is. A bad file is one plain line on stderr, never a
traceback.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import textwrap
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, cast

from .analysis.tournament import derive_seed as derive_seed  # (its old home: re-exported)
from .bots import RandomBot
from .bots.base import decide
from .bots.registry import FACTORIES, bot_names, make_bot
from .core.actions import parse_action
from .core.components import COLOUR_LETTERS, ORDERS, PLAYER_COUNTS, TILES
from .core.errors import FormatError, IllegalActionError
from .core.hidden import undo_refusal
from .core.newgame import new_game
from .files.binderlink import LinkError, binder_links, fill_readme, origin
from .files.hublink import DEFAULT_BRANCH, HubLinkError, first_lesson, hub_link
from .files.jsonio import dumps, read_json, write_text_atomic
from .files.progress import load_progress, progress_path
from .files.records import FORMAT as RECORD_FORMAT
from .files.records import check_record, replay, save_record
from .text.catalogue import RULES, explain_rule
from .text.i18n import ENGINE, LANGUAGES, get_language, language, say_number
from .text.messages import count
from .text.messages import say as say_engine
from .text.render import render_text
from .text.words import shift_name

if TYPE_CHECKING:
    from .bots import Bot
    from .core.events import Event
    from .core.state import GameState

OK, BAD_INPUT, INTERRUPTED = 0, 2, 130
POSITION_FORMAT = "gluckauf-position"
BOTS: dict[str, Callable[[int], Bot]] = FACTORIES  # the bot registry (gluckauf.bots.registry)
FILE_COMMANDS = frozenset(("replay", "show", "review"))  # the commands that read a FILE
# What a malformed file can still make the engine raise where its checks miss something: said
# in words on stderr (exit status 2), never a traceback.
UNEXPECTED = (
    LookupError,
    TypeError,
    ValueError,
    ArithmeticError,
    AttributeError,
    AssertionError,
    RecursionError,
)


class UserError(Exception):
    """Bad input from the command line: printed as one line, exit status 2."""


# --- what the command line says (keyed; catalogue "engine", context "cli.*") ---------------
TEXT = ENGINE.texts(
    "cli",
    {
        # the terminal game
        "welcome": "Glück Auf! You are {name} (seat {seat}). Type 'help' for the commands.",
        "bye": "Bye — Glück auf!",
        "new_game": "New {players}-player game, seed {seed} (--seed {seed} deals it again).",
        "help": "Type an action in the notation, or one of these commands:\n"
        "  legal           list the actions you can take now, numbered (then type a number to "
        "pick one)\n"
        "  why ACTION      is ACTION legal now? if not, which rule forbids it (e.g. 'why place "
        "F3')\n"
        "  undo            take back your last decision (and the bots' moves since); never "
        "past\n"
        "                  a move that showed hidden cards (F*/O*'s look, a new card from a "
        "deck)\n"
        "  rules [ID]      list the rules, or explain one (e.g. 'rules R-TURN-2')\n"
        "  board           show the board again\n"
        "  save FILE       save the game as a record (replay it with 'python -m gluckauf replay "
        "FILE')\n"
        "  help            this text\n"
        "  quit            leave the game (Ctrl-D works too)\n"
        "Actions: 'place M8' (or just 'M8'), 'draft W3YY', 'cage 3', 'load G', 'store Y',\n"
        "'fill W3YY:Y cY', 'stop', 'choose G2L top Y1D K2L', 'cube B'.\n"
        "The whole notation is in docs/notation.md.",
        "over": "The game is over: 'save FILE' keeps it, 'undo' takes back your last move, "
        "'quit' ends.",
        "over_short": "The game is over: 'save FILE', 'undo' or 'quit'.",
        "prompt.draft": "{name}, take an order in the draft, e.g. '{example}'.",
        "prompt.place": "{name}, place workers ({workers} left), e.g. 'place M8' or just 'M8'.",
        "prompt.mine": "{name}, you are mining: {steps} left — 'cage 3', 'load G', 'store Y', "
        "'fill ORDER:SLOT cY' or 'stop'.",
        "prompt.choose": "{name}, you are looking at {shown}: take one (or '-') and put the rest "
        "back on top or at the bottom, e.g. '{example}'.",
        "prompt.cube": "{name}, a new cart's colour has run out: choose a cube ({colours}).",
        "prompt.other": "{name}, your move.",
        "slip": "Sorry, the engine could not check '{text}' ({error}); type 'legal'.",
        "no_number": "There is no action number {number}: type 'legal' to see 1 to {last}.",
        "nothing_to_pick": "There is nothing to pick.",
        "no_actions": "There are no actions: the game is over.",
        "more": "... and {n} more ('legal all' lists them all).",
        "why_how": "Type why and an action, e.g. 'why place F3'.",
        "legal": "'{action}' is legal.",
        "not_legal": "'{action}' is not legal now.",
        "not_legal_slip": "'{action}' is not legal now (the reason could not be worked out: "
        "{error}).",
        "nothing_to_undo": "Nothing to undo: you have not made a decision yet.",
        "took_back_mine": "Took back 1 action: your last decision.",
        "took_back_all": "Took back {n} actions: your last decision and the bots' moves since.",
        "rules_how": "Type 'rules ID' (e.g. 'rules R-MINE-3') for one rule.",
        "no_rule": "There is no rule {rule}: type 'rules' for the list.",
        "save_how": "Type save and a file name, e.g. 'save mygame.json'.",
        "cannot_save": "Could not save to {path}: {error}",
        "saved": "Saved the game ({n} actions) to {path}; 'python -m gluckauf replay {path}' "
        "re-checks it.",
        # the other commands
        "sim.games": "games",
        "sim.games_value": "{games} (seed {seed})",
        "sim.players": "players",
        "sim.players_value": "{players}, all RandomBot",
        "sim.seconds": "seconds",
        "sim.games_per_second": "games_per_second",
        "sim.decisions_per_second": "decisions_per_second",
        "sim.decisions": "decisions per game",
        "sim.on_average": "{n} on average",
        "sim.winning_score": "winning score",
        "sim.spread": "mean {mean}, min {low}, max {high}",
        "sim.score": "score",
        "sim.spread_sd": "mean {mean} (sd {sd}), min {low}, max {high}",
        "sim.wins": "wins by seat",
        "sim.seat": "seat {seat}: {share}",
        "replayed.one": "{file}: {n} action replayed, every one legal.",
        "replayed.many": "{file}: {n} actions replayed, every one legal.",
        "not_over": "The game is not over yet (shift {shift}, phase {phase}); the scores so far:",
        "wrote": "wrote {path}",
        "interrupted": "interrupted",
        "unusable": "{file}: the file cannot be used: {error}; if the kit wrote this file, "
        "please report it",
        # bad input
        "bots_refused": "--bots: {reason}",
        "seat_range": "--seat is a seat from 0 to {last} in a {players}-player game",
        "names_count": "--names needs {players} names, one per seat (got {got})",
        "games_min": "--games must be at least 1",
        "workers_min": "--workers must be at least 1",
        "top_min": "--top must be at least 1",
        "mcts_time": "--mcts takes a time in seconds, more than 0",
        "cannot_write": "cannot write {path}: {error}",
        "you": "you",  # marks the learner's own move in a review's table (3 letters at most)
        "progress.none": "No answers yet: the lessons keep your checked answers in {path}.",
        "progress.header": "Your answers in the lessons ({path}):",
        "progress.head": "lesson  exercise                              tries  right",
        "progress.line": "{lesson:>6}  {exercise:<36}  {tries:>5}  {right}",
        "progress.yes": "yes, {at}",
        "progress.not_yet": "not yet",
        "progress.wrong": "        not right yet: {answers}",
        "collect.done": "Collected {copied} new or changed files ({unchanged} unchanged) from "
        "{learners} learners into {folder}.",
        "class.no_folder": "there is no folder {folder}: give the class's folder (the learners' "
        "progress files, or what 'gluckauf class collect' copied)",
        "class.header": "The class's progress: {learners} learners ({folder})",
        "class.none": "No progress files in {folder} yet.",
        "class.lessons": "learner             {lessons}",
        "class.lesson": "L{lesson:02d}",
        "class.key": "(right / tried exercises per lesson; · not started)",
        "class.hardest": "Answered wrong most often:",
        "class.hard": "  lesson {lesson}, {exercise}: {wrong} wrong answers, {solved} of "
        "{learners} learners got it right; given most: {answers}",
        "class.stuck": "Stuck now (several tries, none right, lately):",
        "class.stuck_line": "  {learner}: lesson {lesson}, {exercise}, {tries} tries, last at {at}",
        "class.nobody_stuck": "Nobody seems stuck now.",
        "class.unreadable": "Files that could not be read:",
        "class.unreadable_line": "  {name}: {why}",
        "links.header": "Binder links for {repo}:",
        "links.lessons": "  {language}: the lessons  {link}",
        "links.app": "  {language}: the play app {link}",
        "links.wrote": "wrote the links into {path}",
        "error.no_positions": "this kit cannot read position files yet "
        "(gluckauf.files.positions is missing)",
        "error.position": "the position cannot be read: {error}",
        "error.no_format": 'the file has no "format" field: a Glück Auf file says "format": '
        '"{record}" or "{position}"',
        "error.format": "format {shown} is not a Glück Auf file (expected '{record}' or "
        "'{position}')",
        "error.nonsense": "the kit could not make sense of it",
        "error.nonsense_because": "the kit could not make sense of it ({detail})",
        "error.missing_key": "nothing is given for {key}",
        "error.too_deep": "it is nested far too deeply",
        "seed_number": "the seed must be a whole number, not {text}",
        "seed_min": "the seed must be 0 or more",
        "not_number": "{text} is not a whole number",
        "bot_names": "{text}: give bot names separated by commas, e.g. greedy,random",
        # --help
        "help.description": "Glück Auf teaching kit: simulate, replay, show or play games, run "
        "a tournament of bots, or look up the rules.",
        "help.epilog": "The action notation is described in docs/notation.md.",
        "help.help": "show this help and exit",
        "help.lang": "the language of every text: en, de or hu (default: $GLUCKAUF_LANG, else en)",
        "help.players": "number of players: 2, 3 or 4",
        "help.games": "how many games (default 100)",
        "help.seed": "seed for the whole run (default: a random one, printed)",
        "help.simulate": "play random games and print statistics and speed",
        "help.json": "print one JSON object instead",
        "help.tournament": "play bots against bots: win rates, points and how they play",
        "help.bots": "the line-up, seat by seat; the last name fills the remaining seats "
        "(bots: {bots})",
        "help.workers": "processes playing games (default: one per CPU; 1 plays in this process)",
        "help.json_stats": "print one JSON object instead (with each bot's mean statistics per "
        "seat under 'stats': gluckauf.analysis.tournament's docstring describes them)",
        "help.replay": "re-check a saved game record move by move",
        "help.record": "a game record (.json)",
        "help.show": "print a position file, or the last position of a record",
        "help.position": "a position or game record (.json)",
        "help.review": "a coach: every placement of a saved game ranked by the greedy bot, big "
        "misses",
        "help.review_about": "Step through the placements of a saved game: the greedy bot's "
        "ranking of the alternatives, what each does for you, and the big misses. Values are "
        "the greedy bot's estimate in VP, not a promise.",
        "help.review_seat": "a seat to review (0 = the first player) or a player's name; repeat "
        "for more (default: the record's human seats, else every seat)",
        "help.top": "alternatives shown under each big miss (default 3)",
        "help.mcts": "let the searching bot think over each big miss for this long",
        "help.play": "play in the terminal against bots",
        "help.play_seat": "your seat, 0 = the first player (default 0)",
        "help.bot": "the bots' kind (default random)",
        "help.deal_seed": "seed of the deal (default random)",
        "help.names": "the players' names, by seat",
        "help.face_down": "delivered orders lie face down: you see only your own (R-DELIVER-2)",
        "help.reference": "look rules up, or write the rules reference notebook and the quick "
        "reference",
        "help.reference_about": "Print rules by ID (e.g. R-MINE-3) with their details; or write "
        "the rules reference notebook (--notebook) and the one-page quick reference (--quick); "
        "with no arguments, print the whole reference as markdown.",
        "help.rules": "rule IDs to print, e.g. R-TURN-2",
        "help.notebook": "write the reference notebook, e.g. notebooks/reference.ipynb",
        "help.quick": "write the quick reference, e.g. notebooks/quick_reference.html",
        "help.hub_link": "print the nbgitpuller link that opens a lesson on a JupyterHub",
        "help.hub_link_about": "Print the link to give learners: it logs them into the hub, "
        "copies (or updates) the repository in their home directory and opens the notebook.",
        "help.hub": "the hub's address, e.g. https://hub.example.org",
        "help.repo": "the repository to copy, e.g. https://github.com/OWNER/REPO",
        "help.branch": "its branch (default {branch})",
        "help.hub_notebook": "the notebook to open (default {notebook})",
        "help.progress": "show your answers in the lessons so far",
        "help.class": "a teacher's commands for a class",
        "help.class_progress": "the class's progress, from the learners' progress files",
        "help.class_progress_about": "Read every learner's progress file in FOLDER (one "
        "<learner>.json each) and show, per learner and lesson, how many exercises were "
        "answered right of those tried; the exercises answered wrong most often, with the "
        "wrong answers; and who seems stuck now.",
        "help.folder": "the folder of the learners' progress files",
        "help.class_collect": "copy what the learners handed in from the class service",
        "help.class_collect_about": "Copy every file the learners handed in (their progress, "
        "games and bots) from the hub's class service into FOLDER, one folder per learner, "
        "checking each file again. Run it in your own server on the hub: it uses your hub "
        "token, and the service lets teachers only collect.",
        "help.class_folder": "the class folder (one folder per learner, as collect writes it)",
        "help.class_url": "the class service's address (default: GLUCKAUF_CLASS_URL)",
        "help.class_tournament": "a tournament of the learners' bots and built-in ones",
        "help.class_tournament_about": "Every learner's bot in FOLDER (<learner>/bot.py) and "
        "every built-in bot of --builtins plays the same seeded games against the bots of "
        "--field. A learner's bot runs in a process of its own with a time and memory limit "
        "per move: a bot that fails loses the game, and the tournament goes on.",
        "help.class_games": "how many games each bot plays (default 12)",
        "help.class_seed": "the seed that deals the games (default 1)",
        "help.class_builtins": "built-in bots that take part too (default greedy)",
        "help.class_field": "the bots every entry plays against (default greedy)",
        "help.class_seconds": "seconds a learner's bot may think per move (default 2)",
        "help.class_memory": "memory a learner's bot may use, in MB (default 1024)",
        "help.class_as_user": "run the learners' bots as this Unix user (only as root; e.g. "
        "nobody)",
        "help.class_tables": "the class's tables: list them, or seat learners at new ones",
        "help.class_tables_about": "List the class's tables (who plays at each, how far the "
        "game is, whose turn) and the learners waiting for a table; with --seat, first seat "
        "those learners at a new table each. Run it in your own server on the hub: it uses "
        "your hub token, and the service lets teachers only seat learners.",
        "help.class_seat": "seat these learners (2 to 4 hub names) at a new table; give it "
        "once per table",
        "help.class_language": "the language the new tables play in (default: {language})",
        "tables.line": "Table {number}: {learners} ({language}), {played} moves, {turn}",
        "tables.turn": "{name} to play",
        "tables.over": "over: {winners} won",
        "tables.waiting": "Waiting for a table: {names}",
        "tables.nobody_waiting": "Nobody is waiting for a table.",
        "tables.none": "No tables yet.",
        "tables.set_up": "Set up: table {numbers}.",
        "help.class_hub_config": "print the hub's configuration for the class service",
        "help.class_hub_config_about": "Print the lines of a jupyterhub_config.py that start "
        "the class service with the hub and let every user and their servers hand in to it "
        "(see docs/teaching.md).",
        "help.class_python": "the Python that has the kit, for the hub to start the service "
        "with (default: this one)",
        "help.class_port": "the service's port (default 10101)",
        "help.class_service_url": "where the hub and the learners' servers reach the service "
        "(default http://127.0.0.1:PORT)",
        "help.class_serve": "run the class service (the hub starts it)",
        "help.class_serve_about": "Run the class service that keeps what learners hand in. "
        "The hub starts it as a service: see docs/teaching.md.",
        "help.class_serve_folder": "where the service keeps the handed-in files",
        "help.class_teachers": "the hub users who may collect",
        "help.progress_about": "Show the exercises you have answered in the lessons: how many "
        "tries, whether and when you got them right, and the answers that were not right yet. "
        "The lessons keep them in ~/.gluckauf/progress.json (or the file GLUCKAUF_PROGRESS "
        "names).",
        "help.progress_file": "the progress file to show (default {path})",
        "help.links": "print the Binder links of this copy of the kit, in every language",
        "help.links_about": "Print the mybinder.org links that open the lessons and the play "
        "app of this copy of the kit (the git remote 'origin', or --repo), in English, German "
        "and Hungarian; with --readme, write them into the README's links too.",
        "help.links_repo": "the repository (default: this checkout's git remote 'origin')",
        "help.ref": "the branch, tag or commit Binder builds (default {ref})",
        "help.readme": "write the links into this README (its OWNER/REPO links), e.g. README.md",
        "help.commands": "commands",
        # argparse's own words (its gettext messages, looked up while the command line is read)
        "argparse.usage": "usage: ",
        "argparse.positionals": "positional arguments",
        "argparse.options": "options",
        "argparse.error": "%(prog)s: error: %(message)s\n",
        "argparse.required": "the following arguments are required: %s",
        "argparse.unrecognized": "unrecognized arguments: %s",
        "argparse.choice": "invalid choice: %(value)r (choose from %(choices)s)",
        "argparse.argument": "argument %(argument_name)s: %(message)s",
        "argparse.one": "expected one argument",
        "argparse.at_least_one": "expected at least one argument",
        "argparse.invalid": "invalid %(type)s value: %(value)r",
        "argparse.ambiguous": "ambiguous option: %(option)s could match %(matches)s",
    },
)
say = TEXT.say

#: argparse's gettext messages (Python 3.10–3.13) and the keys that translate them.
ARGPARSE_TEXTS = {
    "usage: ": "argparse.usage",
    "positional arguments": "argparse.positionals",
    "options": "argparse.options",
    "%(prog)s: error: %(message)s\n": "argparse.error",
    "the following arguments are required: %s": "argparse.required",
    "unrecognized arguments: %s": "argparse.unrecognized",
    "invalid choice: %(value)r (choose from %(choices)s)": "argparse.choice",
    "argument %(argument_name)s: %(message)s": "argparse.argument",
    "expected one argument": "argparse.one",
    "expected at least one argument": "argparse.at_least_one",
    "invalid %(type)s value: %(value)r": "argparse.invalid",
    "ambiguous option: %(option)s could match %(matches)s": "argparse.ambiguous",
}


def _argparse_text(message: str) -> str:
    """argparse's own words in the current language (its messages otherwise as they are)."""
    key = ARGPARSE_TEXTS.get(message)
    return TEXT.template(key) if key is not None else message


@contextmanager
def _argparse_speaks_the_language() -> Iterator[None]:
    """While the command line is read, argparse looks its words up here (it asks the name
    ``_`` of its module, gettext's way); afterwards it is as it was."""
    original = argparse._  # type: ignore[attr-defined]
    argparse._ = _argparse_text  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._ = original  # type: ignore[attr-defined]


def _language_asked(argv: Sequence[str]) -> str | None:
    """The language ``--lang`` names in ``argv`` (before the parser that reads it is made)."""
    for at, word in enumerate(argv):
        if word == "--lang" and at + 1 < len(argv):
            value = argv[at + 1]
        elif word.startswith("--lang="):
            value = word.partition("=")[2]
        else:
            continue
        return value if value in LANGUAGES else None
    return None


# --- what reaches the terminal ---------------------------------------------------------------
# C0 controls but tab and newline, DEL, C1 controls, and the bidi embeddings, overrides and
# isolates (U+202A–U+202E, U+2066–U+2069).
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


def printable(text: str) -> str:
    """``text`` with every control character shown as an escape, as Python writes it (``\\x1b``,
    ``\\x9b``, ``\\u202e``): a name from a file cannot clear the screen, set the window's
    title or reorder a line. Newlines, tabs and all other text (ő, ü, ★, –, “ ”) stay as they
    are; the engine's own strings are not changed."""
    return _CONTROL.sub(_escape, text)


def _json_text(data: Any) -> str:
    """The kit's JSON text of ``data`` with control characters written as JSON escapes
    (``\\u009b``): the same data, safe for a terminal, still JSON."""
    return _CONTROL.sub(lambda match: f"\\u{ord(match.group()):04x}", dumps(data))


class _Printable:
    """A text stream whose every write goes through :func:`printable` (the rest, e.g. flush,
    is the wrapped stream's)."""

    def __init__(self, stream: IO[str]) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        self._stream.write(printable(text))
        return len(text)

    def writelines(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def _in_words(exc: BaseException) -> str:
    """An unexpected exception as a plain phrase (its message, never ``TypeError(...)``)."""
    detail = " ".join(str(exc).split())
    if isinstance(exc, KeyError):
        detail = say("error.missing_key", key=detail)
    elif isinstance(exc, RecursionError):
        detail = say("error.too_deep")
    return say("error.nonsense_because", detail=detail) if detail else say("error.nonsense")


# --- simulate -------------------------------------------------------------------------------
def simulate(players: int, games: int, seed: int) -> dict[str, Any]:
    """Play ``games`` games of RandomBots and return statistics and speed (JSON-ready)."""
    import numpy as np

    scores = np.zeros((games, players), dtype=np.int64)
    wins = np.zeros((games, players), dtype=np.float64)  # a shared victory splits the win
    decisions = np.zeros(games, dtype=np.int64)
    seconds = 0.0
    for game in range(games):
        bots = [RandomBot(derive_seed(seed, game, "bot", seat)) for seat in range(players)]
        started = time.perf_counter()
        state = new_game(players, derive_seed(seed, game, "game"))
        state.keep_undo = False  # no snapshots: nobody will undo
        while not state.is_over:
            state.apply(bots[state.current].choose(state), check=False)
        seconds += time.perf_counter() - started
        scores[game] = state.score
        decisions[game] = len(state.history)
        winners = state.result().winners
        wins[game, winners] = 1.0 / len(winners)
    winning = scores.max(axis=1)
    elapsed = max(seconds, 1e-9)
    return {
        "games": games,
        "players": players,
        "seed": seed,
        "seconds": round(seconds, 4),
        "games_per_second": round(games / elapsed, 2),
        "decisions": int(decisions.sum()),
        "decisions_per_second": round(float(decisions.sum()) / elapsed, 1),
        "mean_decisions_per_game": round(float(decisions.mean()), 2),
        "mean_winning_score": round(float(winning.mean()), 2),
        "min_winning_score": int(winning.min()),
        "max_winning_score": int(winning.max()),
        "mean_score": round(float(scores.mean()), 2),
        "std_score": round(float(scores.std()), 2),
        "min_score": int(scores.min()),
        "max_score": int(scores.max()),
        "mean_score_by_seat": [round(float(x), 2) for x in scores.mean(axis=0)],
        "win_share_by_seat": [round(float(x), 4) for x in wins.mean(axis=0)],
    }


def _simulate_text(stats: dict[str, Any]) -> str:
    seats = "  ".join(
        say("sim.seat", seat=seat, share=say_number(share, ".1%"))
        for seat, share in enumerate(stats["win_share_by_seat"])
    )
    rows = [
        (say("sim.games"), say("sim.games_value", games=stats["games"], seed=stats["seed"])),
        (say("sim.players"), say("sim.players_value", players=stats["players"])),
        (say("sim.seconds"), say_number(stats['seconds'], ".3f")),
        (say("sim.games_per_second"), say_number(stats['games_per_second'], ",.1f")),
        (say("sim.decisions_per_second"), say_number(stats['decisions_per_second'], ",.0f")),
        (say("sim.decisions"),
         say("sim.on_average", n=say_number(stats["mean_decisions_per_game"], ".1f"))),
        (say("sim.winning_score"),
         say("sim.spread", mean=say_number(stats["mean_winning_score"], ".2f"),
                                       low=stats["min_winning_score"],
                                       high=stats["max_winning_score"])),
        (say("sim.score"), say("sim.spread_sd", mean=say_number(stats['mean_score'], ".2f"),
                               sd=say_number(stats['std_score'], ".2f"), low=stats["min_score"],
                               high=stats["max_score"])),
        (say("sim.wins"), seats),
    ]  # fmt: skip
    width = max(len(name) for name, _ in rows)
    return "\n".join(f"{name:<{width}}  {value}" for name, value in rows)


def cmd_simulate(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    if args.games < 1:
        raise UserError(say("games_min"))
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    stats = simulate(args.players, args.games, seed)
    out.write(_json_text(stats) if args.json else _simulate_text(stats) + "\n")
    return OK


# --- tournament ------------------------------------------------------------------------------
def cmd_tournament(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    from .analysis.tournament import line_up, run_tournament

    if args.games < 1:
        raise UserError(say("games_min"))
    if args.workers is not None and args.workers < 1:
        raise UserError(say("workers_min"))
    try:
        line_up(args.bots, args.players)  # every name known, not too many (in their words)
    except ValueError as exc:
        raise UserError(say("bots_refused", reason=exc)) from None
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    result = run_tournament(args.bots, args.players, args.games, seed, workers=args.workers)
    out.write(_json_text(result.to_json()) if args.json else result.table() + "\n")
    return OK


# --- replay and show --------------------------------------------------------------------------
def load_any(path: str) -> GameState:
    """The state of a position file, or the final state of a record (decided by "format")."""
    data = read_json(path)
    form = data.get("format") if isinstance(data, dict) else None
    try:
        if form == RECORD_FORMAT:
            return replay(data, keep_undo=False)
        if form == POSITION_FORMAT:
            try:
                from .files.positions import position_from_dict
            except ImportError:
                raise FormatError(say("error.no_positions")) from None
            try:
                return position_from_dict(data)
            except FormatError:
                raise
            except UNEXPECTED as exc:  # never a traceback for a file
                raise FormatError(say("error.position", error=_in_words(exc))) from None
        if isinstance(data, dict) and form is None:
            raise FormatError(
                say("error.no_format", record=RECORD_FORMAT, position=POSITION_FORMAT)
            )
        if isinstance(data, dict):
            raise FormatError(
                say(
                    "error.format", shown=repr(form), record=RECORD_FORMAT, position=POSITION_FORMAT
                )
            )
        check_record(data)  # not an object: let the record check say so
        raise AssertionError("unreachable")  # pragma: no cover
    except FormatError as exc:
        raise exc.within(path) from None


def cmd_replay(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    data = read_json(args.file)
    try:
        state = replay(data, keep_undo=False)
    except FormatError as exc:
        raise exc.within(args.file) from None
    moves = len(state.history)
    replayed = say(f"replayed.{'one' if moves == 1 else 'many'}", file=args.file, n=moves)
    out.write(replayed + "\n")
    if not state.is_over:
        phase = say_engine(f"render.phase.{state.phase}")
        out.write(say("not_over", shift=shift_name(state.shift), phase=phase) + "\n")
    out.write(str(state.result()) + "\n")
    return OK


def cmd_show(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    out.write(str(load_any(args.file)) + "\n")
    return OK


# --- review -----------------------------------------------------------------------------------
def cmd_review(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    """The placements of a saved game, ranked by the greedy bot (gluckauf.analysis.gamereview); with
    --mcts, each big miss thought over by the searching bot too."""
    from .analysis.gamereview import ReviewError, analyse_deeper, review

    if args.top < 1:
        raise UserError(say("top_min"))
    if args.mcts is not None and not args.mcts > 0:
        raise UserError(say("mcts_time"))
    try:
        found = review(args.file, seats=args.seat)
    except ReviewError as exc:
        raise UserError(f"--seat: {exc}") from None
    deep = {d.number: analyse_deeper(d, args.mcts) for d in found.misses} if args.mcts else {}
    if args.json:
        data = found.to_json(args.top)
        for decision in data["decisions"]:
            if decision["move"] in deep:
                decision["mcts"] = str(deep[decision["move"]])
        out.write(_json_text(data))
        return OK
    out.write(_review_text(found, args.file, args.top, {n: str(d) for n, d in deep.items()}))
    return OK


def _review_text(found: Any, path: str, top: int, deep: dict[int, str]) -> str:
    from .analysis.gamereview import CATEGORIES, category_label, values_note

    wrap = textwrap.TextWrapper(width=100, subsequent_indent="    ")
    lines = [f"{path}: {found.summary()}", wrap.fill(values_note()), ""]
    for decision in found.decisions:
        lines.append(wrap.fill(str(decision)))
        if decision.big_miss:
            for alternative in decision.table(top):
                mark = f"  {say('you'):<3} " if alternative is decision.played else " " * 6
                value = say_number(alternative.value, ".1f")
                lines.append(
                    textwrap.fill(
                        f"{alternative} [{say_engine('word.vp_signed', n=value)}]",
                        width=100,
                        initial_indent=mark,
                        subsequent_indent="         ",
                    )
                )
            if decision.number in deep:
                lines.append(
                    textwrap.fill(
                        deep[decision.number],
                        width=100,
                        initial_indent="      ",
                        subsequent_indent="      ",
                    )
                )
    rows = [["", *(category_label(key) for key in CATEGORIES), category_label("total")]]
    for name, points in zip(found.names, found.categories(), strict=True):
        rows.append([name, *(str(points[key]) for key in CATEGORIES), str(sum(points.values()))])
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines += ["", "Points by category:"]
    lines += [
        "  ".join(
            [
                row[0].ljust(widths[0]),
                *(cell.rjust(w) for cell, w in zip(row[1:], widths[1:], strict=True)),
            ]
        )
        for row in rows
    ]
    return "\n".join(lines) + "\n"


# --- reference --------------------------------------------------------------------------------
def cmd_reference(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    """Rules by ID (with their details), or write the reference files; with neither, print the
    whole reference as markdown."""
    from .text.reference import UnknownRuleError, reference, rule_text

    try:
        texts = [rule_text(rule_id, details=True) for rule_id in args.rules]
    except UnknownRuleError as exc:
        raise UserError(str(exc)) from None
    for text in texts:
        out.write(textwrap.fill(text, width=100) + "\n\n")
    if args.notebook is None and args.quick is None:
        if not args.rules:
            out.write(reference())
        return OK
    try:
        reference(notebook=args.notebook, quick=args.quick)
    except OSError as exc:
        raise UserError(say("cannot_write", path=exc.filename, error=exc.strerror)) from None
    for path in (args.notebook, args.quick):
        if path is not None:
            out.write(say("wrote", path=path) + "\n")
    return OK


# --- hub-link ---------------------------------------------------------------------------------
def cmd_hub_link(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    """Print the nbgitpuller link for a class's hub (docs/teaching.md shows how it is used)."""
    try:
        out.write(hub_link(args.hub, args.repo, args.branch, args.notebook) + "\n")
    except HubLinkError as exc:
        raise UserError(str(exc)) from None
    return OK


# --- progress ---------------------------------------------------------------------------------
def cmd_progress(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    """The learner's own progress in the lessons (gluckauf.files.progress)."""
    path = Path(args.file) if args.file else progress_path()
    progress = load_progress(path)  # a damaged file: a FormatError naming it
    if args.json:
        out.write(_json_text(progress.to_json()))
        return OK
    exercises = progress.exercises()
    if not exercises:
        out.write(say("progress.none", path=path) + "\n")
        return OK
    out.write(say("progress.header", path=path) + "\n" + say("progress.head") + "\n")
    for done in exercises:
        right = (
            say("progress.yes", at=done.solved_at) if done.solved_at else say("progress.not_yet")
        )
        line = say(
            "progress.line", lesson=done.lesson, exercise=done.exercise, tries=done.attempts,
            right=right,
        )  # fmt: skip
        out.write(line + "\n")
        if done.wrong_answers:
            shown = "; ".join(done.wrong_answers[-3:])
            out.write(say("progress.wrong", answers=shown) + "\n")
    return OK


# --- class ------------------------------------------------------------------------------------
def cmd_class(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    """A teacher's commands for a class: progress, collect, tournament, serve."""
    inner = {"progress": cmd_class_progress, "collect": cmd_class_collect,
             "tournament": cmd_class_tournament, "serve": cmd_class_serve,
             "hub-config": cmd_class_hub_config, "tables": cmd_class_tables}  # fmt: skip
    return inner[args.class_command](args, out, err)


def cmd_class_tables(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    """The class's tables, after seating the learners of each --seat at a new one."""
    from .files.handin import HandInError
    from .files.tableclient import class_tables, set_up_tables

    try:
        if args.seat:
            numbers = set_up_tables(args.seat, args.language or get_language(), url=args.url)
            out.write(say("tables.set_up", numbers=", ".join(map(str, numbers))) + "\n")
        listed = class_tables(url=args.url)
    except HandInError as error:
        raise UserError(str(error)) from None
    if args.json:
        out.write(_json_text(listed))
        return OK
    for t in listed["tables"]:
        turn = (say("tables.turn", name=t["turn"]) if t["turn"] is not None
                else say("tables.over", winners=", ".join(t["winners"])))  # fmt: skip
        out.write(say("tables.line", number=t["number"], learners=", ".join(t["learners"]),
                      language=LANGUAGES.get(t["language"], "?"), played=t["played"],
                      turn=turn) + "\n")  # fmt: skip
    if not listed["tables"]:
        out.write(say("tables.none") + "\n")
    waiting = ", ".join(listed.get("waiting", []))
    out.write((say("tables.waiting", names=waiting) if waiting
               else say("tables.nobody_waiting")) + "\n")  # fmt: skip
    return OK


def cmd_class_collect(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    """Copy what the learners handed in from the class service (gluckauf.files.handin)."""
    from .files.classfolder import ClassFolder
    from .files.handin import HandInError, collect

    folder = ClassFolder(args.folder)
    try:
        report = collect(folder, url=args.url)
    except HandInError as error:
        raise UserError(str(error)) from None
    out.write(say("collect.done", copied=report.copied, unchanged=report.unchanged,
                  folder=args.folder, learners=len(folder.learners())) + "\n")  # fmt: skip
    for name, why in report.refused.items():
        out.write(say("class.unreadable_line", name=name, why=why) + "\n")
    return OK


def cmd_class_tournament(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    """The learners' bots and built-in ones against one field (gluckauf.analysis)."""
    from .analysis.classtournament import class_tournament, read_learner_bots
    from .analysis.tournament import LineUpError
    from .bots.registry import UnknownBotError
    from .bots.sandbox import BotFailure, Limits
    from .files.classfolder import ClassFolder

    folder = Path(args.folder)
    if not folder.is_dir():
        raise UserError(say("class.no_folder", folder=folder))
    sources, left_out = read_learner_bots(ClassFolder(folder))
    limits = Limits(seconds=args.seconds, memory_mb=args.memory, user=args.as_user)
    try:
        tournament = class_tournament(
            sources, builtins=args.builtins, field_bots=args.field, players=args.players,
            games=args.games, seed=args.seed, workers=args.workers, limits=limits,
            left_out=left_out,
        )  # fmt: skip
    except (BotFailure, LineUpError, UnknownBotError, ValueError) as error:
        raise UserError(str(error)) from None
    out.write(_json_text(tournament.to_json()) if args.json else tournament.table() + "\n")
    return OK


def cmd_class_hub_config(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    """The hub's configuration for the class service (docs/teaching.md)."""
    from .hubservice import hub_config_text, hub_settings

    python = args.python or sys.executable
    settings = hub_settings(args.folder, args.teachers, args.port, python, args.url)
    out.write(hub_config_text(settings))
    return OK


def cmd_class_serve(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    """Run the class service (started by the hub: docs/teaching.md)."""
    from .hubservice import serve

    serve(args.folder, args.teachers)
    return OK


def cmd_class_progress(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    """The class's progress in the terminal (gluckauf.analysis.classroom)."""
    from .analysis.classroom import read_class

    folder = Path(args.folder)
    if not folder.is_dir():
        raise UserError(say("class.no_folder", folder=folder))
    found = read_class(folder)
    if args.json:
        data = {name: p.to_json() for name, p in found.learners.items()}
        out.write(_json_text({"learners": data, "unreadable": found.unreadable}))
        return OK
    if not found.learners:
        out.write(say("class.none", folder=folder) + "\n")
    else:
        out.write(_class_text(found, folder))
    if found.unreadable:
        out.write(say("class.unreadable") + "\n")
        for name, why in found.unreadable.items():
            out.write(say("class.unreadable_line", name=name, why=why) + "\n")
    return OK


def _class_text(found: Any, folder: Path) -> str:
    """The class's grid (right / tried exercises per learner and lesson), the exercises most
    often answered wrong, and who seems stuck."""
    lessons = sorted({lesson for lesson, _exercise in found.exercises()})
    heads = "  ".join(say("class.lesson", lesson=n) for n in lessons)
    lines = [say("class.header", learners=len(found.learners), folder=folder)]
    lines.append(say("class.lessons", lessons=heads))
    for name, progress in sorted(found.learners.items()):
        done = {row.lesson: f"{row.right}/{row.tried}" for row in progress.lessons()}
        cells = [done.get(lesson, "·") for lesson in lessons]
        lines.append(f"{name[:18]:<18}  " + "  ".join(f"{cell:>3}" for cell in cells))
    lines.append(say("class.key"))
    hardest = found.hardest()
    if hardest:
        lines.append(say("class.hardest"))
    for h in hardest:
        given = ", ".join(f"{answer} ({n}×)" for answer, n in h.answers)
        said = {"lesson": h.lesson, "exercise": h.exercise, "wrong": h.wrong}
        lines.append(say("class.hard", solved=h.solved, learners=h.learners, answers=given, **said))
    stuck = found.stuck()
    lines.append(say("class.stuck") if stuck else say("class.nobody_stuck"))
    for s in stuck:
        said = {"learner": s.learner, "lesson": s.lesson, "exercise": s.exercise}
        lines.append(say("class.stuck_line", tries=s.tries, at=s.last_at, **said))
    return "\n".join(lines) + "\n"


# --- links ------------------------------------------------------------------------------------
def cmd_links(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    """The Binder links of this copy of the kit (docs/teaching.md: "Your own copy")."""
    try:
        repo = args.repo or origin()
        links = binder_links(repo, args.ref)
        if args.readme is not None:
            readme = Path(args.readme)
            write_text_atomic(readme, fill_readme(readme.read_text(encoding="utf-8"), repo))
    except LinkError as exc:
        raise UserError(str(exc)) from None
    except OSError as exc:
        raise UserError(say("cannot_write", path=args.readme, error=exc.strerror)) from None
    out.write(say("links.header", repo=repo) + "\n")
    for lang, (lessons, app) in links.items():
        language = LANGUAGES[lang]
        out.write(say("links.lessons", language=language, link=lessons) + "\n")
        out.write(say("links.app", language=language, link=app) + "\n")
    if args.readme is not None:
        out.write(say("links.wrote", path=args.readme) + "\n")
    return OK


# --- play -------------------------------------------------------------------------------------
MOVED, STAY, QUIT = "moved", "stay", "quit"
THINK_SECONDS = 1.0  # a searching bot's time per decision while a human waits in the terminal
LEGAL_SHOWN = 60


class PlaySession:
    """A human at one seat, bots at the others, talking through two text streams."""

    def __init__(
        self,
        state: GameState,
        human: int,
        bots: dict[int, Bot],
        inp: IO[str],
        out: IO[str],
        bot_name: str = "bot",
    ) -> None:
        self.state, self.human, self.bots = state, human, bots
        self.bot_name = bot_name
        self.inp, self.out = inp, out
        self.marks: list[int] = []  # history length before each of the human's decisions

    # -- output ------------------------------------------------------------------------------
    def show(self, text: str = "") -> None:
        self.out.write(text + "\n")

    def events(self, events: list[Event], indent: str = "  ") -> None:
        for event in events:
            self.show(indent + event.sentence(self.state.names))

    # -- the loop ----------------------------------------------------------------------------
    def run(self) -> int:
        state = self.state
        self.show(say("welcome", name=state.names[self.human], seat=self.human))
        fresh = True
        while True:
            if self.bots_move():
                fresh = True
            if fresh:
                self.show_decision()
                fresh = False
            line = self.read()
            if line is None:
                self.show("\n" + say("bye"))
                return OK
            outcome = self.handle(line)
            if outcome == QUIT:
                self.show(say("bye"))
                return OK
            fresh = outcome == MOVED

    def read(self) -> str | None:
        self.out.write("> ")
        self.out.flush()
        line = self.inp.readline()
        if line and not _isatty(self.inp):
            self.out.write(line if line.endswith("\n") else line + "\n")  # a readable transcript
        return None if line == "" else line.strip()

    def bots_move(self) -> bool:
        """Let the bots play until it is the human's turn or the game is over."""
        state, moved = self.state, False
        while not state.is_over and state.current != self.human:
            bot = self.bots[state.current]
            action = decide(bot, state, THINK_SECONDS)  # a searching bot: the human waits ~1 s
            self.events(state.apply(action, check=False))
            moved = True
        return moved

    def show_decision(self) -> None:
        state = self.state
        self.show()
        self.show(render_text(state, viewer=self.human))
        if state.is_over:
            self.show()
            self.show(str(state.result()))
            self.show(say("over"))
            return
        self.show(self.prompt())

    def prompt(self) -> str:
        state = self.state
        name, phase = state.names[self.human], state.phase
        legal = state.legal_actions()
        example = str(legal[min(1, len(legal) - 1)]) if legal else "stop"
        if phase == "draft":
            return say("prompt.draft", name=name, example=example)
        if phase == "place":
            return say("prompt.place", name=name, workers=state.workers[self.human])
        if phase == "mine":
            return say("prompt.mine", name=name, steps=count(state.steps_left, "step"))
        if phase == "choose":
            table = TILES if state.choice_kind == "tile" else ORDERS
            shown = " ".join(table[i].code for i in state.choice)
            return say("prompt.choose", name=name, shown=shown, example=example)
        if phase == "cube":
            colours = ", ".join(
                f"'cube {COLOUR_LETTERS[c]}'" for c in range(4) if state.supply[c] > 0
            )
            return say("prompt.cube", name=name, colours=colours)
        return say("prompt.other", name=name)

    # -- commands ----------------------------------------------------------------------------
    def handle(self, line: str) -> str:
        if not line:
            return STAY
        word, _, rest = line.partition(" ")
        word, rest = word.lower(), rest.strip()
        if word in ("quit", "exit", "q"):
            return QUIT
        if word in ("help", "?", "h"):
            self.show(say("help"))
            return STAY
        if word == "board":
            return MOVED  # shows the board and prompt again
        if word == "legal":
            self.list_legal(show_all=rest.lower() == "all")
            return STAY
        if word == "why":
            self.why(rest)
            return STAY
        if word == "undo":
            return self.undo()
        if word == "rules":
            self.rules(rest)
            return STAY
        if word == "save":
            self.save(rest)
            return STAY
        if line.isdigit():
            return self.pick(int(line))
        return self.act(line)

    def act(self, text: str) -> str:
        state = self.state
        if state.is_over:
            self.show(say("over_short"))
            return STAY
        before = len(state.history)
        try:
            action = parse_action(text, state)
            events = state.apply(action)
        except IllegalActionError as exc:
            self.show(str(exc.refusal))
            return STAY
        except (LookupError, TypeError, ValueError) as exc:  # an engine slip: no traceback
            self.show(say("slip", text=text, error=exc))
            return STAY
        self.marks.append(before)
        self.events(events)
        return MOVED

    def pick(self, number: int) -> str:
        legal = self.state.legal_actions()
        if not 1 <= number <= len(legal):
            self.show(
                say("no_number", number=number, last=len(legal))
                if legal
                else say("nothing_to_pick")
            )
            return STAY
        action = legal[number - 1]
        self.show(f"  ({action})")
        return self.act(str(action))

    def list_legal(self, *, show_all: bool = False) -> None:
        legal = self.state.legal_actions()
        if not legal:
            self.show(say("no_actions"))
            return
        count = len(legal) if show_all else min(len(legal), LEGAL_SHOWN)
        shown = [legal[i] for i in range(count)]  # F★/O★ choices are a lazy sequence: no slicing
        cells = [f"{i:>3}. {action}" for i, action in enumerate(shown, start=1)]
        width = max(len(cell) for cell in cells) + 2
        per_line = max(1, 100 // width)
        for start in range(0, len(cells), per_line):
            self.show(
                "".join(cell.ljust(width) for cell in cells[start : start + per_line]).rstrip()
            )
        if len(shown) < len(legal):
            self.show(say("more", n=len(legal) - len(shown)))

    def why(self, text: str) -> None:
        if not text:
            self.show(say("why_how"))
            return
        state = self.state
        try:
            action = parse_action(text, state)
        except IllegalActionError as exc:
            self.show(str(exc.refusal))
            return
        if state.is_legal(action):
            self.show(say("legal", action=action))
            return
        try:
            refusal = state.why_not(action)
        except (LookupError, TypeError, ValueError) as exc:  # an engine slip: no traceback
            self.show(say("not_legal_slip", action=action, error=exc))
            return
        self.show(str(refusal) if refusal is not None else say("not_legal", action=action))

    def undo(self) -> str:
        if not self.marks:
            self.show(say("nothing_to_undo"))
            return STAY
        mark = self.marks[-1]
        refusal = undo_refusal(self.state, mark)  # a game against bots: fair undo
        if refusal is not None:
            self.show(str(refusal))
            return STAY
        self.marks.pop()
        undone = 0
        while len(self.state.history) > mark:
            self.state.undo()
            undone += 1
        self.show(say("took_back_all", n=undone) if undone > 1 else say("took_back_mine"))
        return MOVED

    def seats(self) -> list[str]:
        """Who plays each seat, for the record: "human" here, the bots' names elsewhere."""
        return [
            "human" if seat == self.human else self.bot_name for seat in range(self.state.players)
        ]

    def rules(self, rule_id: str) -> None:
        if not rule_id:
            for rule in RULES.values():
                self.show(f"  {rule.id:<13} {rule.title}")
            self.show(say("rules_how"))
            return
        key = rule_id.strip().upper()
        if not key.startswith("R-"):
            key = "R-" + key
        try:
            self.show(textwrap.fill(explain_rule(key), width=100))
        except KeyError:
            self.show(say("no_rule", rule=repr(rule_id)))

    def save(self, path: str) -> None:
        if not path:
            self.show(say("save_how"))
            return
        try:
            save_record(self.state, path, seats=self.seats())
        except (OSError, ValueError) as exc:
            self.show(say("cannot_save", path=path, error=getattr(exc, "strerror", None) or exc))
            return
        moves = len(self.state.history)
        self.show(say("saved", n=moves, path=path))


def cmd_play(args: argparse.Namespace, out: IO[str], err: IO[str], inp: IO[str]) -> int:
    players, seat = args.players, args.seat
    if not 0 <= seat < players:
        raise UserError(say("seat_range", last=players - 1, players=players))
    if args.names is not None and len(args.names) != players:
        raise UserError(say("names_count", players=players, got=len(args.names)))
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    try:
        state = new_game(players, seed, names=args.names, face_down=args.face_down)
    except ValueError as exc:
        raise UserError(str(exc)) from None
    bots = {p: make_bot(args.bot, derive_seed(seed, "bot", p)) for p in range(players) if p != seat}
    out.write(say("new_game", players=players, seed=seed) + "\n")
    return PlaySession(state, seat, bots, inp, out, args.bot).run()


# --- argument parsing and main ----------------------------------------------------------------
class _Parser(argparse.ArgumentParser):
    """argparse that writes to the streams given to :func:`main`."""

    streams: tuple[IO[str], IO[str]] = (sys.stdout, sys.stderr)

    def _print_message(self, message: str, file: IO[str] | None = None) -> None:
        if not message:
            return
        out, err = _Parser.streams
        if file is None or file is sys.stdout:
            file = out
        elif file is sys.stderr:
            file = err
        file.write(message)


def _seed(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(say("seed_number", text=repr(text))) from None
    if value < 0:
        raise argparse.ArgumentTypeError(say("seed_min"))
    return value


def _count(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(say("not_number", text=repr(text))) from None


def _names(text: str) -> list[str]:
    names = [name.strip() for name in text.split(",")]
    if not all(names):
        raise argparse.ArgumentTypeError(say("bot_names", text=repr(text)))
    return names


def build_parser() -> argparse.ArgumentParser:
    """The command line's parser, its help in the current language."""
    parser = _Parser(
        prog="gluckauf",
        description=say("help.description"),
        epilog=say("help.epilog"),
        add_help=False,
    )
    _help_option(parser)
    parser.add_argument("--lang", choices=sorted(LANGUAGES), metavar="LANG", help=say("help.lang"))
    sub = parser.add_subparsers(
        dest="command", metavar="COMMAND", parser_class=_Parser, title=say("help.commands")
    )
    players = {"type": int, "choices": PLAYER_COUNTS, "metavar": "N",
               "help": say("help.players")}  # fmt: skip

    def command(name: str, key: str, about: str | None = None) -> argparse.ArgumentParser:
        help_text = say(f"help.{key}")
        made = sub.add_parser(
            name,
            help=help_text,
            description=say(f"help.{about}") if about else help_text,
            add_help=False,
        )
        _help_option(made)
        return made

    def games_and_seed(p: argparse.ArgumentParser) -> None:
        """--players, --games and --seed: the options of every command that plays many games."""
        p.add_argument("--players", required=True, **players)  # type: ignore[arg-type]
        p.add_argument("--games", type=_count, default=100, metavar="G", help=say("help.games"))
        p.add_argument("--seed", type=_seed, metavar="S", help=say("help.seed"))

    p = command("simulate", "simulate")
    games_and_seed(p)
    p.add_argument("--json", action="store_true", help=say("help.json"))

    p = command("tournament", "tournament")
    p.add_argument(
        "--bots",
        type=_names,
        required=True,
        metavar="A,B",
        help=say("help.bots", bots=", ".join(bot_names())),
    )
    games_and_seed(p)
    p.add_argument("--workers", type=_count, metavar="W", help=say("help.workers"))
    p.add_argument("--json", action="store_true", help=say("help.json_stats"))

    p = command("replay", "replay")
    p.add_argument("file", metavar="FILE", help=say("help.record"))

    p = command("show", "show")
    p.add_argument("file", metavar="FILE", help=say("help.position"))

    p = command("review", "review", "review_about")
    p.add_argument("file", metavar="FILE", help=say("help.record"))
    p.add_argument("--seat", action="append", metavar="K", help=say("help.review_seat"))
    p.add_argument("--top", type=_count, default=3, metavar="N", help=say("help.top"))
    p.add_argument("--mcts", type=float, metavar="SECONDS", help=say("help.mcts"))
    p.add_argument("--json", action="store_true", help=say("help.json"))

    p = command("play", "play")
    p.add_argument("--players", default=3, **players)  # type: ignore[arg-type]
    p.add_argument("--seat", type=_count, default=0, metavar="K", help=say("help.play_seat"))
    p.add_argument("--bot", choices=bot_names(), default="random", help=say("help.bot"))
    p.add_argument("--seed", type=_seed, metavar="S", help=say("help.deal_seed"))
    p.add_argument("--names", nargs="+", metavar="NAME", help=say("help.names"))
    p.add_argument("--face-down", action="store_true", help=say("help.face_down"))

    p = command("reference", "reference", "reference_about")
    p.add_argument("rules", nargs="*", metavar="RULE", help=say("help.rules"))
    p.add_argument("--notebook", metavar="FILE", help=say("help.notebook"))
    p.add_argument("--quick", metavar="FILE", help=say("help.quick"))

    p = command("hub-link", "hub_link", "hub_link_about")
    p.add_argument("--hub", required=True, metavar="URL", help=say("help.hub"))
    p.add_argument("--repo", required=True, metavar="URL", help=say("help.repo"))
    p.add_argument(
        "--branch",
        default=DEFAULT_BRANCH,
        metavar="B",
        help=say("help.branch", branch=DEFAULT_BRANCH),
    )
    p.add_argument(
        "--notebook",
        default=first_lesson(get_language()),  # a German teacher's link opens the German lessons
        metavar="PATH",
        help=say("help.hub_notebook", notebook=first_lesson(get_language())),
    )

    p = command("progress", "progress", "progress_about")
    p.add_argument("--file", metavar="FILE", help=say("help.progress_file", path=progress_path()))
    p.add_argument("--json", action="store_true", help=say("help.json"))

    p = command("class", "class")
    inner = p.add_subparsers(dest="class_command", metavar="COMMAND", required=True)
    q = inner.add_parser(
        "progress",
        help=say("help.class_progress"),
        description=say("help.class_progress_about"),
        add_help=False,
    )
    _help_option(q)
    q.add_argument("folder", metavar="FOLDER", help=say("help.folder"))
    q.add_argument("--json", action="store_true", help=say("help.json"))

    def class_command(name: str) -> argparse.ArgumentParser:
        q = inner.add_parser(
            name,
            help=say(f"help.class_{name.replace('-', '_')}"),
            description=say(f"help.class_{name.replace('-', '_')}_about"),
            add_help=False,
        )
        _help_option(q)
        return q

    q = class_command("collect")
    q.add_argument("folder", metavar="FOLDER", help=say("help.class_folder"))
    q.add_argument("--url", metavar="URL", help=say("help.class_url"))
    q = class_command("tournament")
    q.add_argument("folder", metavar="FOLDER", help=say("help.class_folder"))
    q.add_argument(
        "--players", type=int, default=3, choices=PLAYER_COUNTS, help=say("help.players")
    )
    q.add_argument("--games", type=_count, default=12, metavar="G", help=say("help.class_games"))
    q.add_argument("--seed", type=_seed, default=1, metavar="S", help=say("help.class_seed"))
    q.add_argument("--builtins", type=_names, default=["greedy"], metavar="A,B",
                   help=say("help.class_builtins"))  # fmt: skip
    q.add_argument("--field", type=_names, default=["greedy"], metavar="A,B",
                   help=say("help.class_field"))  # fmt: skip
    q.add_argument(
        "--seconds", type=float, default=2.0, metavar="T", help=say("help.class_seconds")
    )
    q.add_argument("--memory", type=int, default=1024, metavar="MB", help=say("help.class_memory"))
    q.add_argument("--as-user", metavar="USER", help=say("help.class_as_user"))
    q.add_argument("--workers", type=_count, metavar="W", help=say("help.workers"))
    q.add_argument("--json", action="store_true", help=say("help.json"))
    q = class_command("tables")
    q.add_argument("--seat", type=_names, action="append", default=[], metavar="A,B",
                   help=say("help.class_seat"))  # fmt: skip
    q.add_argument("--language", choices=list(LANGUAGES), metavar="LANG",
                   help=say("help.class_language", language=get_language()))  # fmt: skip
    q.add_argument("--url", metavar="URL", help=say("help.class_url"))
    q.add_argument("--json", action="store_true", help=say("help.json"))
    q = class_command("hub-config")
    q.add_argument("--folder", required=True, metavar="FOLDER", help=say("help.class_serve_folder"))
    q.add_argument("--teachers", type=_names, default=[], metavar="A,B",
                   help=say("help.class_teachers"))  # fmt: skip
    q.add_argument("--python", metavar="PATH", help=say("help.class_python"))
    q.add_argument(
        "--port", type=_count, default=10101, metavar="PORT", help=say("help.class_port")
    )
    q.add_argument("--url", metavar="URL", help=say("help.class_service_url"))
    q = class_command("serve")
    q.add_argument("--folder", required=True, metavar="FOLDER", help=say("help.class_serve_folder"))
    q.add_argument("--teachers", type=_names, default=[], metavar="A,B",
                   help=say("help.class_teachers"))  # fmt: skip

    p = command("links", "links", "links_about")
    p.add_argument("--repo", metavar="URL", help=say("help.links_repo"))
    p.add_argument("--ref", default="HEAD", metavar="REF", help=say("help.ref", ref="HEAD"))
    p.add_argument("--readme", metavar="FILE", help=say("help.readme"))
    return parser


def _help_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("-h", "--help", action="help", help=say("help.help"))


def main(
    argv: Sequence[str] | None = None,
    *,
    stdin: IO[str] | None = None,
    stdout: IO[str] | None = None,
    stderr: IO[str] | None = None,
) -> int:
    """Run one command; returns the exit status (0 ok, 2 bad input or file)."""
    out = stdout if stdout is not None else sys.stdout
    err = stderr if stderr is not None else sys.stderr
    inp = stdin if stdin is not None else sys.stdin
    for stream in (out, err):
        if stream in (sys.__stdout__, sys.__stderr__) and hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")  # never crash on a plain terminal
    out, err = (cast(IO[str], _Printable(stream)) for stream in (out, err))  # no raw controls
    _Parser.streams = (out, err)
    words = list(sys.argv[1:] if argv is None else argv)
    with language(_language_asked(words) or get_language()), _argparse_speaks_the_language():
        parser = build_parser()
        try:
            args = parser.parse_args(words)
        except SystemExit as exc:  # argparse: --help (0) or a usage error (2)
            return exc.code if isinstance(exc.code, int) else BAD_INPUT
        if args.command is None:
            parser.print_help(out)
            return BAD_INPUT
    with language(args.lang or get_language()):
        return _run(args, out, err, inp)


#: The commands but ``play`` (which also reads the terminal): name → what runs it.
COMMANDS: dict[str, Callable[[argparse.Namespace, IO[str], IO[str]], int]] = {
    "simulate": cmd_simulate, "tournament": cmd_tournament, "replay": cmd_replay,
    "show": cmd_show, "review": cmd_review, "reference": cmd_reference,
    "hub-link": cmd_hub_link, "links": cmd_links, "progress": cmd_progress, "class": cmd_class,
}  # fmt: skip


def _run(args: argparse.Namespace, out: IO[str], err: IO[str], inp: IO[str]) -> int:
    try:
        command = COMMANDS.get(args.command)
        if command is not None:
            return command(args, out, err)
        return cmd_play(args, out, err, inp)
    except (FormatError, UserError) as exc:
        err.write(f"gluckauf {args.command}: {_one_line(str(exc))}\n")
        return BAD_INPUT
    except KeyboardInterrupt:
        err.write(f"\n{say('interrupted')}\n")
        return INTERRUPTED
    except BrokenPipeError:  # e.g. '| head': the reader has gone, nothing more to say
        return OK
    except UNEXPECTED as exc:  # a file the checks let through, yet the engine cannot use
        if args.command not in FILE_COMMANDS:
            raise
        unusable = say("unusable", file=args.file, error=_in_words(exc))
        err.write(f"gluckauf {args.command}: {unusable}\n")
        return BAD_INPUT


def _isatty(stream: IO[str]) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def _one_line(text: str) -> str:
    return " ".join(text.split())


__all__ = [
    "PlaySession",
    "build_parser",
    "derive_seed",
    "load_any",
    "main",
    "printable",
    "simulate",
]
