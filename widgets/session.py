"""The controller: one game session — the engine state, the seats (human or bot), the click
selection, the move log and undo/redo — exposed as click-level operations.

It holds no pixels and no rules: views observe :attr:`GameSession.version` (the state changed)
and :attr:`GameSession.selection` (only the clicks so far or the message changed) and redraw from
:attr:`state`; legality, costs and reasons all come from the engine. Tested without a browser.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from traitlets import Bool, HasTraits, Int, Tuple, Unicode

from gluckauf import new_game
from gluckauf.bots import Bot
from gluckauf.bots.base import decide
from gluckauf.bots.registry import FACTORIES, make_bot
from gluckauf.core.actions import Action
from gluckauf.core.components import ORDER_SPACES, ORDERS
from gluckauf.core.errors import GameError, Refusal
from gluckauf.core.events import Event
from gluckauf.core.hidden import choice_hidden_from, undo_refusal
from gluckauf.core.state import CHOOSE, DRAFT, MINE, GameState
from gluckauf.files.handin import HandInError, hand_in
from gluckauf.files.jsonio import dumps
from gluckauf.files.records import game_start, record_of
from gluckauf.files.savefiles import load_game, same_start, save_game
from gluckauf.text import messages
from gluckauf.text.i18n import get_language
from gluckauf.text.messages import count
from gluckauf.text.sentences import describe_events
from gluckauf.text.words import (
    colour_name,
    describe_action,
    item_name,
    params_in_words,
    shown_notation,
)

from .clicks import ClickTable, describe, probe_action, token_of, widget_reason
from .geometry import PLAY, Layout, layout
from .labels import Message, message, say
from .scorecard import ShiftReport, collect

HUMAN = "human"
BOT_FACTORIES = FACTORIES  # every bot of the engine's registry can take a seat
# Undo modes. FAIR, for games (what was seen stays seen): undo never goes back
# past a decision that showed hidden cards. FREE, for lessons and a sandbox (one person
# playing every seat): undo goes anywhere.
FAIR, FREE = "fair", "free"
UNDO_MODES = (FAIR, FREE)


HINT_SECONDS = 1.0  # the board's budget for a hint: on the reference machine the hint bot's
# own budget of work ends its search first (so the hint is the registered bot's move, seeded);
# a slower machine's clock stops it in time


class GameSession(HasTraits):
    """A game in progress as the widgets see it. ``version`` changes with the state,
    ``selection`` with the clicks so far; ``message`` is the latest sentence for the learner."""

    version = Int(0)
    selection = Int(0)
    message = Unicode("")
    # the rule IDs the message cites, as data (a refusal's rules, a label's): opened under it
    message_rules = Tuple()
    # what the bots did since the last human decision: shown under the human's own message,
    # which stays readable (empty without bots)
    since = Unicode("")
    # "Show codes" (off by default): the learner's lines are in words only; with it on, the
    # notation of the move a message is about follows it in brackets (shown in grey)
    show_codes = Bool(False)
    # the notation the current message ends with in brackets ("" without Show codes)
    codes = ""
    refusal: tuple[Action, Refusal] | None = None  # of the last refused click, if the engine's
    undo_mode = FAIR

    def __init__(
        self,
        state: GameState | None = None,
        *,
        seats: Sequence[str] | None = None,
        seed: int = 0,
        view: str = PLAY,
        undo: str = FAIR,
        own_seat: int | None = None,
    ) -> None:
        """``undo``: FAIR (a game: undo stops at reveals) or FREE (a lesson, or a sandbox
        where one person plays every seat). ``own_seat``: the seat of the person at this board
        when it plays every seat for a lesson (see :meth:`featured_seat`)."""
        super().__init__()
        self.view = view  # which parts of the board the picture shows (geometry.VIEWS)
        self.own_seat = own_seat
        if state is None:
            state = new_game(len(seats) if seats is not None else 3, seed)
        self._start(state, seats, seed, undo)

    # --- setting up ------------------------------------------------------------------------
    def _start(
        self, state: GameState, seats: Sequence[str] | None, seed: int, undo: str | None = None
    ) -> None:
        seats = list(seats) if seats is not None else [HUMAN] * state.players
        if len(seats) != state.players:
            raise ValueError(f"give one seat kind per player ({state.players})")
        undo = undo if undo is not None else self.undo_mode
        if undo not in UNDO_MODES:
            raise ValueError(
                f"undo is {FAIR!r} (a game) or {FREE!r} (a lesson or sandbox), not {undo!r}"
            )
        self.state, self.seats, self.undo_mode = state, seats, undo
        self._initial, self._seed = state.copy(), seed  # for restart
        self.bots: dict[int, Bot] = {}
        for seat, kind in enumerate(self.seats):
            if kind != HUMAN:
                self.bots[seat] = make_bot(kind, seed + seat)  # UnknownBotError (ValueError)
        # Hint says what the hint bot plays (gluckauf.bots.hint: a short search that never
        # sends the learner to an order it cannot finish), else the best bot there is
        best = next(name for name in ("hint", "greedy", "random") if name in FACTORIES)
        self.hint_bot: Bot = make_bot(best, seed)
        # the move log: each event with the number of actions played when it happened, so that
        # undo drops the events of the moves it takes back (and redo tells them again); told in
        # words when shown, so a new language retells the whole log
        self._log: list[tuple[int, Event]] = []
        self._told: tuple[tuple[str, int, int], list[str]] = (("", 0, 0), [])
        self.redo_stack: list[Action] = []
        self.pending: list[str] = []  # target ids clicked so far
        # the events of the last action played, with the version that showed it (a view shows
        # them moving if it draws that version: widgets.motion)
        self.last_played: tuple[int, list[Event]] = (-1, [])
        self.since = ""
        # spaces whose card or tile the moves since the human's last decision turned face up
        self.revealed: list[str] = []
        self.reports: list[ShiftReport] = self._reports_from_history(state)
        self._refresh()

    @staticmethod
    def _reports_from_history(state: GameState) -> list[ShiftReport]:
        """Shift scorings of a loaded game, found by replaying its history from its start."""
        reports: list[ShiftReport] = []
        if not state.history:
            return reports
        replayed = game_start(state)
        replayed.keep_undo = False
        for number, action in enumerate(state.history, start=1):
            collect(reports, replayed.apply(action), number)
        return reports

    def new_game(
        self,
        players: int = 3,
        *,
        seats: Sequence[str] | None = None,
        seed: int = 0,
        names: Sequence[str] | None = None,
        undo: str | None = None,
        face_down: bool | None = None,
    ) -> None:
        """A new game; ``undo`` and ``face_down`` (delivered orders face down) default to the
        current game's."""
        if face_down is None:
            face_down = self.state.face_down
        self._start(new_game(players, seed, names=names, face_down=face_down), seats, seed, undo)
        self.tell("msg.new_game", names=", ".join(self.state.names))

    # --- derived view data -------------------------------------------------------------------
    def _refresh(self) -> None:
        self._layout: Layout = layout(self.state, featured=self.featured_seat(), view=self.view)
        self._clicks: ClickTable | None = None
        self.version += 1

    @property
    def viewer(self) -> int | None:
        """Whose eyes the board shows, for what only one player may see (F★/O★'s cards, face-
        down delivered orders; :mod:`gluckauf.core.hidden` says what): the human whose mine is
        featured — while a bot mines (its mine featured), the lesson's own seat or the first
        human still; None (everything) when only bots play."""
        if HUMAN not in self.seats:
            return None
        featured = self.featured_seat()
        if self.seats[featured] == HUMAN:
            return featured
        own = self.own_seat
        if own is not None and 0 <= own < len(self.seats) and self.seats[own] == HUMAN:
            return own
        return self.seats.index(HUMAN)

    def featured_seat(self) -> int:
        """The seat whose mine is drawn at full size (or in brief beside the shift clock):
        the player to act, unless a bot places workers or drafts and some seat is human — then
        the (first) human's, so it stays in view; a bot mining shows its own mine, so that its
        cage is seen going down and its cubes moving (issue 27). A lesson's own seat stays
        featured while workers are placed (its mine is what the lesson is about); mining,
        drafting and choosing F★/O★'s cards show the mine of whoever does it."""
        state = self.state
        own = self.own_seat
        if (
            own is not None
            and 0 <= own < state.players
            and state.phase not in (MINE, DRAFT, CHOOSE)
        ):
            return own
        humans = [seat for seat, kind in enumerate(self.seats) if kind == HUMAN]
        if state.current in humans or not humans or state.phase == MINE:
            return state.current
        return humans[0]

    def describe(self, target: str) -> str:
        """What a target is and would do for the player to act, in words (for hovering)."""
        from .hover import describe_target

        state = self.state
        if target.startswith("choice:") and choice_hidden_from(state, self.viewer):
            return say("hover.choice_hidden", name=state.names[state.current])
        return describe_target(target, state)

    @property
    def log(self) -> list[str]:
        """The sentences of the moves played, oldest first (undone moves are not in it), in the
        current language."""
        key = (get_language(), len(self._log), id(self._log[-1][1]) if self._log else 0)
        if self._told[0] != key:
            names = self.state.names
            self._told = (key, [event.sentence(names) for _at, event in self._log])
        return self._told[1]

    @property
    def layout(self) -> Layout:
        return self._layout

    @property
    def clicks(self) -> ClickTable:
        if self._clicks is None:
            self._clicks = ClickTable(self.state)
        return self._clicks

    def tokens(self) -> tuple[str, ...]:
        return tuple(token_of(target, self.state) for target in self.pending)

    def legal_targets(self) -> set[str]:
        """Target ids to highlight: those that continue the selection towards a legal action
        (none while a bot is to act)."""
        if self.state.is_over or self.is_bot_turn:
            return set()
        wanted = self.clicks.next_tokens(self.tokens())
        return {
            name
            for name, _box in self._layout.clickable
            if name not in self.pending and token_of(name, self.state) in wanted
        }

    @property
    def is_bot_turn(self) -> bool:
        return not self.state.is_over and self.state.current in self.bots

    def status(self) -> str:
        state = self.state
        if state.is_over:
            return say("status.over") + " " + str(state.result()).splitlines()[-1]
        name = state.names[state.current]
        if self.is_bot_turn:
            return say("status.bot", name=name)
        if self.pending:
            what = messages.say("word.list_sep").join(
                self._selected(target) for target in self.pending
            )
            key = "status.pending_choose" if state.phase == "choose" else "status.pending"
            return say(key, what=what)
        phase = f"choose_{state.choice_kind}" if state.phase == "choose" else state.phase
        return say(f"status.{phase}", name=name, steps=count(state.steps_left, "step"))

    def _selected(self, target: str) -> str:
        """A selected target in words for the status line: "the 9-VP carriage order (black,
        black)", "a yellow cube from the cage"; with Show codes, its code in brackets."""
        state = self.state
        kind, _, rest = target.partition(":")
        if kind == "choice":
            code = token_of(target, state).partition(":")[2]
            if code in ("none", "top", "bottom"):
                return say(f"label.{code}")
            words = item_name(code, state.choice_kind or "tile", "the")
            return self._with_codes(words, code)
        if kind == "cart":  # a cube in a cart (a load's first click)
            player, level, index = map(int, rest.split(":"))
            cube = state.carts[player][level - 1][index]
            if cube >= 0:
                return say("describe.cart", colour=colour_name(cube), level=level)
        return describe(target, state)

    def _with_codes(self, text: str, notation: str) -> str:
        """``text``, and with Show codes on, ``notation`` after it in brackets."""
        return (
            messages.say("word.with_notation", text=text, notation=notation)
            if self.show_codes
            else text
        )

    def say_move(self, text: str, action: Action) -> None:
        """Say a sentence about ``action`` (undo, redo, hint): in words, and with Show codes
        on its notation in brackets after it."""
        codes = shown_notation(action) if self.show_codes else ""
        self.say(self._with_codes(text, codes) if codes else text, codes=codes)

    # --- clicks ----------------------------------------------------------------------------
    def click_at(self, x: float, y: float) -> Action | None:
        """A click at picture coordinates (CSS pixels)."""
        return self.click(self._layout.hit(x, y))

    def click(self, target: str | None) -> Action | None:
        """A click on a target id. Plays the action once the clicks name one; otherwise keeps
        the selection or explains (with the engine's reason) why nothing happens; then
        :attr:`refusal` holds the action asked about and the engine's refusal shown."""
        state = self.state
        self.refusal = None
        if target is None:
            self.tell("msg.nothing_here")
            return None
        if state.is_over:
            self.tell("status.over")
            return None
        if self.is_bot_turn:
            self.tell("msg.bot_turn", name=state.names[state.current])
            return None
        seat = _seat_of(target)
        if seat is not None and seat != state.current and state.phase != "draft":
            self.tell("msg.not_your_mine", name=state.names[state.current])
            return None
        if target in self.pending:  # a second click on a selected thing unselects it
            self.pending.remove(target)
            self.tell("msg.cleared")
            return None
        tokens = (*self.tokens(), token_of(target, state))
        found = self.clicks.match(tokens)
        if found is True:
            self.pending.append(target)
            self.say(self.status())
            return None
        if found is not False:
            self.pending = []
            self.play(found)  # type: ignore[arg-type]
            return found  # type: ignore[return-value]
        single = self.clicks.match(tokens[-1:])  # a fresh start with this click?
        if self.pending and single is not False:
            self.pending = []
            return self.click(target)
        self.pending = []
        self._explain(tokens)
        return None

    def _explain(self, tokens: tuple[str, ...]) -> None:
        """Say why the clicks name no legal action: the engine's refusal of the action they
        most plausibly mean, else the widget's sentence for clicks no action describes."""
        probe = probe_action(tokens, self.state)
        refusal = self.state.why_not(probe) if probe is not None else None
        if probe is not None and refusal is not None:
            self.refusal = (probe, refusal)
            self.say(str(refusal), rules=refusal.rules)
            return
        reason = widget_reason(tokens, self.state)
        self.say(reason if reason is not None else message("msg.not_now", hint=self.status()))

    def clear_selection(self) -> None:
        self.pending = []
        self.tell("msg.cleared")

    def restart(self) -> bool:
        """Back to the position this session began with (or last loaded), same seats. In a
        FAIR game this is undo by another door, so it follows undo's rule: never back past a
        decision that showed hidden cards (it says why and changes nothing; returns False)."""
        if self.undo_mode == FAIR:
            refusal = undo_refusal(self.state, len(self._initial.history))
            if refusal is not None:
                said = say(
                    "msg.restart_refused",
                    what=params_in_words(refusal.params)["what"],  # what was shown
                    rules=", ".join(refusal.rules),
                )
                self.say(said, rules=refusal.rules)
                return False
        self._start(self._initial.copy(), self.seats, self._seed, self.undo_mode)
        self.tell("msg.restarted")
        return True

    def say(self, text: str | Message, *, codes: str = "", rules: Sequence[str] = ()) -> None:
        """Tell the learner ``text`` (the board's message line); ``codes``: the notation it
        ends with in brackets (Show codes), which the board shows in grey; ``rules``: the rule
        IDs it cites (a :class:`~widgets.labels.Message` brings its own), which the board opens
        under it."""
        if isinstance(text, Message):
            text, rules = text.text, text.rules
        self.codes = codes
        self.message = text
        self.message_rules = tuple(rules)
        self.selection += 1

    def tell(self, key: str, **params: Any) -> None:
        """Tell the learner the message ``key`` of :mod:`widgets.labels`, with its rules."""
        self.say(message(key, **params))

    # --- playing -------------------------------------------------------------------------------
    def play(self, action: Action | str, *, keep_redo: bool = False) -> list[Event]:
        """Apply an action (the engine checks it) and log its events. A bot's move is told in
        :attr:`since`, under the message of the human's own last move."""
        by_bot = self.is_bot_turn
        events = self.state.apply(action)
        played = len(self.state.history)
        collect(self.reports, events, played)
        if not keep_redo:
            self.redo_stack = []
        self.pending = []
        sentences = describe_events(events, self.state.names)  # a delivery: one sentence
        self._log.extend((played, event) for event in events)
        told = " ".join(sentences[:3])
        shown = revealed_spaces(events, self.state)
        told_since = by_bot and any(kind == HUMAN for kind in self.seats)
        self.revealed = [*self.revealed, *shown] if told_since else shown  # drawn with the state
        self.last_played = (self.version + 1, events)
        self._refresh()  # the picture of the new state before the news: views redraw on both
        if told_since:
            self.since = f"{self.since} {told}".strip() if self.since else told
        else:
            self.message, self.since = told, ""
            self.message_rules = ()
            self.codes = ""
        return events

    def bot_step(self) -> Action | None:
        """Let the bot to act make one decision (None if no bot is to act)."""
        if not self.is_bot_turn:
            return None
        action = self.bots[self.state.current].choose(self.state)
        self.play(action)
        return action

    def undo(self) -> Action | None:
        """Take back the last action — and, with bots at the table, their moves since the
        last human decision too, so that a human is to act again (else the bots would at once
        play again). Returns the human's action taken back. In a FAIR game undo never goes
        back past a decision that showed hidden cards: it says so and changes nothing."""
        if self.pending:  # first the clicks of an action not yet made
            self.clear_selection()
            return None
        if not self.state.can_undo:
            self.tell("msg.nothing_to_undo")
            return None
        back_to = self._undo_target()
        refusal = undo_refusal(self.state, back_to) if self.undo_mode == FAIR else None
        if refusal is not None:
            self.say(str(refusal), rules=refusal.rules)
            return None
        while len(self.state.history) > back_to:
            action = self._undo_one()
        self.since = ""
        self.revealed = []
        told = self._move_words("msg.undone", action)  # in the state it was played in
        self._refresh()  # the picture of this state first: the views redraw on the message
        self.say_move(told, action)
        return action

    def _undo_target(self) -> int:
        """How many actions will be left after one undo: the last action, and the bots' moves
        before it back to a human's decision."""
        return len(self._after_undo().history)

    def seat_after_undo(self) -> int | None:
        """Whose decision one undo takes back (the seat to act after it); None if none."""
        return self._after_undo().current if self.state.can_undo else None

    def _after_undo(self) -> GameState:
        """The state one undo would leave (found on a copy)."""
        probe = self.state.copy()
        if not probe.can_undo:
            return probe
        probe.undo()
        while self.bots and not probe.is_over and probe.current in self.bots and probe.can_undo:
            probe.undo()
        return probe

    @property
    def undo_limit(self) -> int:
        """How many actions undo may leave at the least: 0 with free undo, else the number
        played when hidden cards were last shown."""
        return self.state.last_reveal if self.undo_mode == FAIR else 0

    def _move_words(self, key: str, action: Action) -> str:
        """A message about ``action``, played (or to be played) in the current state: whose
        move and what it does, in words (its notation only with Show codes: :meth:`say_move`)."""
        state = self.state
        return say(key, name=state.names[state.current], action=describe_action(action, state))

    def _undo_one(self) -> Action:
        action = self.state.undo()
        played = len(self.state.history)
        self.reports = [r for r in self.reports if r.at <= played]
        self._log = [(at, event) for at, event in self._log if at <= played]
        self.redo_stack.append(action)
        self.pending = []
        return action

    def rewind(self) -> None:
        """Back to the first position undo may reach, every move kept for Redo — a saved game
        replayed move by move (the teacher's view). The picture is made once, at the end."""
        while self.state.can_undo and len(self.state.history) > self.undo_limit:
            self._undo_one()
        self.since = ""
        self.revealed = []
        self._refresh()

    def redo(self) -> Action | None:
        """Play again what undo took back (the bots' moves after it as well)."""
        if not self.redo_stack:
            self.tell("msg.nothing_to_redo")
            return None
        action = self.redo_stack.pop()
        message = self._move_words("msg.redone", action)  # before it changes the state
        self.play(action, keep_redo=True)
        while self.is_bot_turn and self.redo_stack:
            self.play(self.redo_stack.pop(), keep_redo=True)
        self.since = ""
        self.say_move(message, action)
        return action

    def hint(self) -> Action | None:
        """Ask the hint bot for an action and select its first click."""
        if self.state.is_over:
            self.tell("status.over")
            return None
        action = decide(self.hint_bot, self.state, HINT_SECONDS)
        explain = getattr(self.hint_bot, "explain", None)
        words = describe_action(action, self.state)
        why = explain(self.state) if explain is not None else ""
        reason = why[:1].lower() + why[1:]
        if not why:
            text = say("msg.hint", action=words)
        elif reason.startswith(words):  # the reason names the move itself (the greedy bot's do)
            text = say("msg.hint_why", why=reason)
        else:
            text = say("msg.hint_and_why", action=words, why=why)
        self.say_move(text, action)
        return action

    # --- files -----------------------------------------------------------------------------
    def save(self, path: str | Path) -> bool:
        """Save the game so that it loads back the same (:func:`gluckauf.files.savefiles.save_game`:
        a record of its start and moves, with the seats for a later review, or a position set
        up by hand and not yet played); nothing is written if it would not."""
        try:
            save_game(self.state, path, seats=self.seats)
        except (OSError, GameError, ValueError) as error:
            self.tell("msg.cannot_save", path=path, reason=error)
            return False
        self.tell("msg.saved", path=path)
        return True

    def hand_in(self) -> bool:
        """Hand the game in to the class (on a hub with the class service: the teacher sees
        it in the teacher's view); says what happened."""
        try:
            stored = hand_in("game", dumps(self.record()).encode())
        except (HandInError, GameError, ValueError) as error:
            self.tell("msg.cannot_hand_in", reason=error)
            return False
        self.tell("msg.handed_in", name=stored.rpartition("/")[2])
        return True

    def load(self, path: str | Path) -> bool:
        """Load a game record or a position; a bad file changes nothing and says why."""
        try:
            state = load_game(path)
        # GameError (FormatError) for a bad file; the others only from a bug of the kit's,
        # which still leaves the game on the board as it was and says so in words
        except (OSError, GameError, LookupError, TypeError, ValueError, RecursionError) as error:
            self.tell("msg.bad_file", path=path, reason=error)
            return False
        earlier = self._earlier_in_this_game(state)
        if earlier is not None:  # loading back would be undo by another door
            self.tell("msg.load_refused", path=path, reason=earlier)
            return False
        seats = self.seats if len(self.seats) == state.players else None
        self._start(state, seats, state.seed or 0)
        self.tell("msg.loaded", path=path)
        return True

    def record(self) -> dict:
        return record_of(self.state, seats=self.seats)

    def _earlier_in_this_game(self, loaded: GameState) -> Refusal | None:
        """In a FAIR game: why ``loaded`` may not replace it — it is this very game saved
        before the latest reveal (None if it is another game, or later, or undo is free)."""
        state = self.state
        if self.undo_mode != FAIR:
            return None
        played = len(loaded.history)
        if (
            played >= len(state.history)
            or loaded.history != state.history[:played]
            or not same_start(loaded, state)
        ):
            return None
        return undo_refusal(state, played)


def _seat_of(target: str) -> int | None:
    """The seat whose mine a target lies in, if any."""
    kind, _, rest = target.partition(":")
    if kind in ("level", "cart", "cage", "stock", "storage", "slot", "mine"):
        return int(rest.split(":")[0])
    return None


def revealed_spaces(events: list[Event], state: GameState) -> list[str]:
    """The target ids of the spaces these events turned face up: a tile or an order from a
    deck in place of one bought or taken (R-TUNNEL-4, R-ORDER-1), the order spaces after the
    draft (R-SETUP-4)."""
    spaces = []
    for event in events:
        if event.kind == "refill" and (event.data.get("tile") or event.data.get("order")):
            spaces.append(f"space:{event.data['space']}")
        elif event.kind == "draft_done":
            shown = set(event.data.get("revealed", ()))
            spaces += [
                f"space:{space.code}"
                for space in ORDER_SPACES
                if (card := state.order_spaces[space.value]) is not None
                and ORDERS[card].code in shown
            ]
    return spaces
