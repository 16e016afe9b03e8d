"""The game state: plain mutable data plus the public API (legal actions, apply, undo, copy).

The rules themselves live in :mod:`gluckauf.core.rules` (what is legal, what an action does) and
:mod:`gluckauf.core.scoring`; this module only holds the data and keeps the undo stack.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from . import hidden as _hidden
from . import rules as _rules
from .actions import ACTION_TYPES, parse_action
from .components import (
    CAGE_CAPACITY,
    COLOURS,
    ORDERS,
    SPACES,
    TILES,
    WORKERS,
)
from .errors import IllegalActionError, NotationError
from .phases import CHOOSE as CHOOSE  # the phases, also by their old home (re-exported)
from .phases import CUBE as CUBE
from .phases import DRAFT as DRAFT
from .phases import EMPTY_CART as EMPTY_CART
from .phases import MINE as MINE
from .phases import OVER as OVER
from .phases import PHASES as PHASES
from .phases import PLACE as PLACE
from .scoring import game_result
from .voice import speak

if TYPE_CHECKING:
    from .actions import Action
    from .errors import Refusal
    from .events import Event
    from .hidden import Reveal
    from .scoring import GameResult


_ACTION_TYPES = frozenset(ACTION_TYPES)

# The mutable fields, in the order snapshots and copies use. Containers are copied as deep as
# they nest (see _COPIERS); everything else is an int, str, None or tuple.
_PLAIN = (
    "players", "names", "seed", "phase", "current", "start_player", "first_start_player",
    "shift", "draft_turn", "steps_left", "choice_kind", "face_down",
)  # fmt: skip


# Copiers run for every look-ahead copy and undo snapshot: C-level list copies where they can.
_copy_1 = list.copy


def _copy_2(value: list) -> list:
    return list(map(list.copy, value))


def _copy_3(value: list) -> list:
    return [list(map(list.copy, middle)) for middle in value]


def _copy_outstanding(value: list) -> list:
    return [[[card, slots[:]] for card, slots in held] for held in value]


_COPIERS = {
    "tile_deck": _copy_1, "order_deck": _copy_1, "tile_spaces": _copy_1,
    "order_spaces": _copy_1, "draft_pool": _copy_1, "space_owner": _copy_1,
    "space_count": _copy_1, "bank_workers": _copy_1, "canteen": _copy_1, "supply": _copy_1,
    "money": _copy_1, "workers": _copy_1, "score": _copy_1, "cage_level": _copy_1,
    "choice": _copy_1, "pending_carts": _copy_1,
    "cage": _copy_2, "storage": _copy_2, "tiles": _copy_2, "delivered": _copy_2,
    "ledger": _copy_2,
    "carts": _copy_3, "outstanding": _copy_outstanding,
}  # fmt: skip
_FIELDS = _PLAIN + tuple(_COPIERS)
_get_plain = attrgetter(*_PLAIN)
_get_containers = attrgetter(*_COPIERS)
_container_copiers = tuple(_COPIERS.values())
_PLAIN_COUNT = len(_PLAIN)

#: Where the history of a game begins (``GameState.origin``). DEAL: at the deal of
#: ``new_game(players, seed, names=…, start_player=first_start_player, face_down=…)``, so seed
#: and actions replay it. Otherwise a snapshot of the position it was set up at (a position
#: file, a :class:`~gluckauf.core.builder.PositionBuilder` puzzle). DETACHED: not known — a
#: look-ahead copy made with ``copy(history=False)``, which keeps no history to save.
DEAL = None
DETACHED = "detached"


def _copy_snapshot(values: tuple[Any, ...]) -> tuple[Any, ...]:
    """A deep copy of a snapshot of the fields (as :meth:`GameState._fields` makes them)."""
    containers = map(lambda copier, value: copier(value), _container_copiers, values[_PLAIN_COUNT:])
    return (*values[:_PLAIN_COUNT], *containers)


def _copy_game_fields(state: GameState) -> GameState:
    """A new state with a deep copy of ``state``'s game fields (as :meth:`GameState._fields`
    copies them), written out field by field: bots' look-ahead makes hundreds of thousands of
    copies, and this is about twice as fast as the generic loop
    (tests/test_copies_and_saves.py checks that it copies every field and shares no list)."""
    other = GameState.__new__(GameState)
    other.players, other.names, other.seed = state.players, state.names, state.seed
    other.phase, other.current = state.phase, state.current
    other.start_player, other.first_start_player = state.start_player, state.first_start_player
    other.shift, other.draft_turn = state.shift, state.draft_turn
    other.steps_left = state.steps_left
    other.choice_kind, other.face_down = state.choice_kind, state.face_down
    other.tile_deck, other.order_deck = state.tile_deck[:], state.order_deck[:]
    other.tile_spaces, other.order_spaces = state.tile_spaces[:], state.order_spaces[:]
    other.draft_pool, other.space_owner = state.draft_pool[:], state.space_owner[:]
    other.space_count, other.bank_workers = state.space_count[:], state.bank_workers[:]
    other.canteen, other.supply, other.money = state.canteen[:], state.supply[:], state.money[:]
    other.workers, other.score = state.workers[:], state.score[:]
    other.cage_level, other.choice = state.cage_level[:], state.choice[:]
    other.pending_carts = state.pending_carts[:]
    other.cage = [row[:] for row in state.cage]
    other.storage = [row[:] for row in state.storage]
    other.tiles = [row[:] for row in state.tiles]
    other.delivered = [row[:] for row in state.delivered]
    other.ledger = [row[:] for row in state.ledger]
    other.carts = [[level[:] for level in levels] for levels in state.carts]
    other.outstanding = [[[card, slots[:]] for card, slots in held] for held in state.outstanding]
    other._legal = other._legal_set = None
    return other


class GameState:
    """A whole game of Glück Auf at one decision point.

    Board (public unless noted):
      ``tile_deck``/``order_deck`` — kind/card indices, top first (hidden order);
      ``tile_spaces`` (F1–F8) and ``order_spaces`` (O1–O4) — index or None (empty or locked);
      ``space_owner``/``space_count`` — per space index, whose workers stand there and how many;
      ``bank_workers``/``canteen`` — per player; ``supply`` — cubes per colour.
    Players (lists indexed by seat): ``money``, ``workers`` (in hand), ``score``,
      ``cage_level`` (0 = surface), ``cage``/``storage`` (cube counts per colour),
      ``carts[p][level-1]`` (cube colour or −1 per cart; the printed cart first, then tile carts
      in the order the tiles were attached), ``tiles[p]`` (kind indices in attach order),
      ``outstanding[p]`` (``[card, slots]`` with slots a list of cube tuples, one per icon),
      ``delivered[p]`` (card indices), ``ledger[p]`` (every score change, see scoring).
    Decision: ``phase``, ``current``, ``steps_left`` (mining), ``choice``/``choice_kind``
      (the items shown by F★/O★), ``pending_carts`` (carts waiting for a substitute cube).
    Table option: ``face_down`` — delivered orders lie face down, each player sees only their
      own (R-DELIVER-2); it changes what views show, never the rules.
    History: ``history`` (the actions so far), where it begins (``origin``: :data:`DEAL`, a
      snapshot of a set-up position, or :data:`DETACHED`), and which of the actions showed
      hidden cards (:attr:`last_reveal`, :mod:`gluckauf.core.hidden`).
    """

    __slots__ = (
        *_FIELDS,
        "history",
        "_undo",
        "_legal",
        "_legal_set",
        "keep_undo",
        "_reveals",
        "origin",
    )

    players: int
    names: list[str]
    seed: int | None
    phase: str
    current: int
    start_player: int
    first_start_player: int
    shift: int
    draft_turn: int
    steps_left: int
    choice_kind: str | None
    face_down: bool
    tile_deck: list[int]
    order_deck: list[int]
    tile_spaces: list[int | None]
    order_spaces: list[int | None]
    draft_pool: list[int]
    space_owner: list[int]
    space_count: list[int]
    bank_workers: list[int]
    canteen: list[int]
    supply: list[int]
    money: list[int]
    workers: list[int]
    score: list[int]
    cage_level: list[int]
    choice: list[int]
    pending_carts: list[tuple[int, int, int]]
    cage: list[list[int]]
    storage: list[list[int]]
    tiles: list[list[int]]
    delivered: list[list[int]]
    ledger: list[list[tuple[Any, ...]]]
    carts: list[list[list[int]]]
    outstanding: list[list[list[Any]]]

    def __init__(self) -> None:
        self.history: list[Action] = []
        self._undo: list[tuple[Any, ...]] = []
        self._legal: Sequence[Action] | None = None
        self._legal_set: frozenset[Action] | None = None
        self.keep_undo = True
        self.face_down = False
        # (actions played, what they showed) for each action that showed hidden cards
        self._reveals: list[tuple[int, tuple[Reveal, ...]]] = []
        self.origin: tuple[Any, ...] | str | None = DEAL  # new_game's deal, unless set up

    # --- copying and undo ----------------------------------------------------------------
    def _fields(self) -> tuple[Any, ...]:
        """A deep copy of every game field (not the history or undo stack)."""
        containers = map(
            lambda copier, value: copier(value), _container_copiers, _get_containers(self)
        )
        return (*_get_plain(self), *containers)

    def _set_fields(self, values: tuple[Any, ...]) -> None:
        for name, value in zip(_FIELDS, values, strict=True):
            setattr(self, name, value)
        self._legal = self._legal_set = None

    def copy(self, *, history: bool = True) -> GameState:
        """An independent copy: whatever either one plays or undoes, the other is unchanged.
        With ``history=False`` the copy has no action history or undo stack (cheap, for bots'
        look-ahead); where its history would begin is then not known (:data:`DETACHED`).

        Undo snapshots are shared, never changed: :meth:`apply` makes a new one and
        :meth:`undo` restores a copy of it."""
        other = _copy_game_fields(self)
        other.keep_undo = self.keep_undo and history
        other.history = self.history[:] if history else []
        other._undo = self._undo[:] if history else []
        other._reveals = self._reveals[:] if history else []
        other.origin = self.origin if history else DETACHED
        return other

    def begin_here(self) -> None:
        """Make this position the start of its game (a position file, a puzzle): no history
        or undo, and :attr:`origin` a snapshot of it, so that a save of the game played from
        here records this position and the actions since."""
        self.history, self._undo, self._reveals = [], [], []
        self.origin = self._fields()

    def start(self) -> GameState | None:
        """A new state at the position where this game's history begins (no history), or None
        when that is :data:`DEAL` (:func:`gluckauf.files.records.game_start` deals it) or not known
        (:data:`DETACHED`)."""
        if not isinstance(self.origin, tuple):
            return None
        start = GameState()
        start._set_fields(_copy_snapshot(self.origin))
        start.origin = self.origin
        return start

    def undo(self) -> Action:
        """Take back the last action and return it (like ``Board.pop``). Free undo: it may go
        back past a reveal (:attr:`last_reveal`); a fair game checks that first."""
        if not self._undo:
            raise IndexError("there is no action to undo")
        # a copy: copies of this state share the snapshot, and playing on must not change it
        self._set_fields(_copy_snapshot(self._undo.pop()))
        action = self.history.pop()
        if self._reveals and self._reveals[-1][0] > len(self.history):
            self._reveals.pop()
        return action

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    # --- hidden information --------------------------------------------------------------
    @property
    def last_reveal(self) -> int:
        """How many actions had been played when hidden cards were last shown (0 if never):
        in a fair game, undo stops there (fair undo: what was seen stays seen)."""
        return self._reveals[-1][0] if self._reveals else 0

    @property
    def last_revealed(self) -> tuple[Reveal, ...]:
        """What the action at :attr:`last_reveal` showed (empty if nothing was ever shown)."""
        return self._reveals[-1][1] if self._reveals else ()

    # --- the decision --------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def current_player(self) -> int:
        """The seat that makes the next decision (−1 once the game is over)."""
        return -1 if self.phase == OVER else self.current

    def legal_actions(self) -> Sequence[Action]:
        """Every legal action now, in a fixed order (the one source of truth for legality).
        A list, except for F★/O★ choices: a lazy sequence (len, index, ``in``)."""
        if self._legal is None:
            self._legal = _rules.legal_actions(self)
        return self._legal

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` is one of :meth:`legal_actions` (membership, nothing else): an
        action value, not some other object that claims to equal one. A Load naming its cart
        (``load G@2``) is not listed there, but is legal exactly when its colour-only form is
        and the cart holds that colour (:func:`gluckauf.core.rules.cart_loads`)."""
        if type(action) not in _ACTION_TYPES:
            return False
        legal = self.legal_actions()
        if not isinstance(legal, list):
            return action in legal
        if self._legal_set is None:
            self._legal_set = frozenset(legal)
        try:
            return action in self._legal_set or _rules.is_cart_load_legal(self, action)
        except TypeError:  # unhashable: certainly not an action
            return False

    def why_not(self, action: Action | str) -> Refusal | None:
        """None if the action (or its notation) is legal, else the rule and plain reason why
        not — without trying it. Works for any action value, e.g. ``Place("F3")``, and for any
        other value too (a refusal citing R-NOTATION-1). ``why_not(a) is None`` exactly when
        ``a`` is one of :meth:`legal_actions`, which is exactly when :meth:`apply` accepts it."""
        if isinstance(action, str):
            try:
                action = parse_action(action, self)
            except NotationError as error:
                return error.refusal
        return _rules.refusal(self, action)

    def apply(self, action: Action | str, *, check: bool = True) -> list[Event]:
        """Carry out an action (or its notation) and return what happened as events.

        An illegal action raises :class:`~gluckauf.core.errors.IllegalActionError` (a ValueError:
        the rule IDs and the reason of :meth:`why_not`) and leaves the state exactly as it was;
        text that is not an action raises its subclass
        :class:`~gluckauf.core.errors.NotationError`. ``check=False`` skips the legality test (for
        bots that picked from :meth:`legal_actions`)."""
        if isinstance(action, str):
            action = parse_action(action, self)
        if check:
            refusal = _rules.refusal(self, action)
            if refusal is not None:
                raise IllegalActionError(action, refusal)
        snapshot = self._fields() if self.keep_undo else None
        if snapshot is not None:
            self._undo.append(snapshot)
        self.history.append(action)
        self._legal = self._legal_set = None
        try:
            events = _rules.apply_action(self, action)
        except BaseException:  # a bug, not a refusal: still, leave the state as it was
            if snapshot is not None:
                self._undo.pop()
                self._set_fields(snapshot)
                self.history.pop()
            raise
        if snapshot is not None:  # only a state that can undo needs to know where not to
            shown = _hidden.reveals(events)
            if shown:
                self._reveals.append((len(self.history), tuple(shown)))
        return events

    # --- derived facts -------------------------------------------------------------------
    def workers_total(self) -> int:
        return WORKERS[self.players]

    def cage_count(self, player: int) -> int:
        return sum(self.cage[player])

    def cage_room(self, player: int) -> int:
        return CAGE_CAPACITY - sum(self.cage[player])

    def cubes_in_mine(self, player: int) -> list[int]:
        """Cubes per colour in the player's carts."""
        counts = [0, 0, 0, 0]
        for level in self.carts[player]:
            for cube in level:
                if cube >= 0:
                    counts[cube] += 1
        return counts

    def cubes_on_orders(self, player: int) -> list[int]:
        counts = [0, 0, 0, 0]
        for _card, slots in self.outstanding[player]:
            for cubes in slots:
                for cube in cubes:
                    counts[cube] += 1
        return counts

    def cube_census(self) -> list[int]:
        """Cubes per colour everywhere (supply, carts, cages, storage, orders): 16 each."""
        total = self.supply[:]
        for p in range(self.players):
            for source in (
                self.cubes_in_mine(p),
                self.cage[p],
                self.storage[p],
                self.cubes_on_orders(p),
            ):
                for colour in COLOURS:
                    total[colour] += source[colour]
        return total

    def order_is_complete(self, player: int, held: list[Any]) -> bool:
        return all(held[1])

    def space_code(self, index: int) -> str:
        return SPACES[index].code

    def tile_code(self, kind: int) -> str:
        return TILES[kind].code

    def order_code(self, card: int) -> str:
        return ORDERS[card].code

    # --- results and display ---------------------------------------------------------------
    def result(self) -> GameResult:
        """Scores with their full breakdown, winners and tie-break (also mid-game: so far)."""
        return game_result(self)

    def __str__(self) -> str:
        return speak("state", self)

    def __repr__(self) -> str:
        return (
            f"<GameState {self.players} players, shift {self.shift}, phase {self.phase}, "
            f"player {self.current} to act, {len(self.history)} actions>"
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GameState) and self._fields() == other._fields()

    __hash__ = None  # type: ignore[assignment]
