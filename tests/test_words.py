"""Plain words first (issue 9): every sentence a learner reads names things in words — order
cards, tiles, spaces, cubes, levels — and says what an action does; the notation appears only
as its own small part (the trailing "(place M8)" of a hint or an undo), in records and in
``str(action)``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import translate_with

from gluckauf import GreedyBot, RandomBot, new_game
from gluckauf.bots.greedy import TEXT
from gluckauf.core.actions import (
    ACTION_TYPES,
    Choose,
    Fill,
    Load,
    MoveCage,
    Place,
    Stop,
    SubstituteCube,
)
from gluckauf.core.builder import PositionBuilder
from gluckauf.core.components import (
    BLACK,
    GREY,
    ORDER_BY_CODE,
    ORDERS,
    SPACES,
    TILE_BY_CODE,
    TILES,
    YELLOW,
)
from gluckauf.core.events import Event
from gluckauf.text import messages
from gluckauf.text.i18n import ENGINE
from gluckauf.text.messages import EN
from gluckauf.text.sentences import describe_event
from gluckauf.text.words import (
    describe_action,
    level_name,
    order_name,
    order_short,
    segment_name,
    space_name,
    tile_name,
    tile_short,
    with_notation,
)
from widgets import labels
from widgets.session import GameSession

ROOT = Path(__file__).parent.parent

# --- what must never reach a sentence ------------------------------------------------------
_SPACE_CODES = {s.code for s in SPACES if not re.fullmatch(r"[FO][1-8]", s.code)}
# F1–F8 and O1–O4 are the labels printed on the board ("tile space F3"); every other code,
# e.g. M8, $4, DW, BANK, F*, is notation.
CODES = {o.code for o in ORDERS} | {t.code for t in TILES} | _SPACE_CODES
_TOKEN = re.compile(r"[\w$*+:]+")
_CUBE_TOKEN = re.compile(r"[cs][YBGK](\+[cs][YBGK])?")
_VERBS = re.compile(r"\b(?:place|draft|choose|cube|load|store|fill) (?:[A-Z$]|-\s)|\bcage [0-4]\b")


def codes_in(sentence: str) -> list[str]:
    """The notation tokens in a sentence: order/tile/space codes, cube sources (cY, sB+cK),
    fill targets (W3YY:Y), single colour letters and notation phrases such as 'place M8'."""
    found = [
        tok
        for tok in _TOKEN.findall(sentence)
        if tok in CODES
        or _CUBE_TOKEN.fullmatch(tok)
        or ":" in tok.strip(":")
        or tok in ("Y", "B", "G", "K")
    ]
    found += [m.group(0) for m in _VERBS.finditer(sentence)]
    return found


def assert_words(sentence: str, what: object) -> None:
    assert sentence and "{" not in sentence and "}" not in sentence, (what, sentence)
    assert not codes_in(sentence), (what, sentence, codes_in(sentence))


def test_the_code_detector_finds_what_the_old_sentences_said() -> None:
    """The detector the tests below rely on catches every kind of old sentence."""
    for old in (
        "Hint (greedy bot): place M10.",
        "Took back: place $4.",
        "Played again: cage 1.",
        "Gábor took order W3YY in the draft.",
        "Zsófi placed 2 workers on $5.",
        "Gábor bought tile Y2D for 2 Marks.",
        "filled the yellow slot of W2Y",
        "Buying Y2D on F3 for 2 Marks",
        "Taking C9KK on O2",
        "fill W7GG:G cG",
        "choose - bottom G2L",
        "on F★ (F*)",
        "the cubes cY+sB",
    ):
        assert codes_in(old), old
    for fine in (
        "tile space F3 now shows a dark-side tile with 1 black cart",
        "order space O2",
        "the special tile space F★",
        "level 3 (grey)",
        "Shift II is over",
        "Segment 9 (empty yellow carts): Anna +10.",
    ):
        assert not codes_in(fine), fine


# --- the names of things ---------------------------------------------------------------------
def test_names_read_like_the_things() -> None:
    assert order_name("C9KK") == "the 9-VP carriage order (black, black)"
    assert order_name("W10YBGK", "a") == "a 10-VP wheelbarrow order (yellow, brown, grey, black)"
    assert order_short("C9KK") == "Carriage · 9 VP"
    assert tile_name("Y2L") == "a light-side tile with 2 yellow carts"
    assert tile_name("K1D", "the") == "the dark-side tile with 1 black cart"
    assert tile_short("Y2L") == "2 yellow carts · light"
    assert tile_short("K1D") == "1 black cart · dark"
    assert space_name("M8") == "the 8-step mining space"
    assert space_name("$4") == "the 4-Mark money space"
    assert space_name("DT") == "the truck delivery space"
    assert space_name("F3") == "tile space F3"
    assert space_name("O*") == "the special order space O★"
    assert level_name(0) == "the surface" and level_name(3) == "level 3 (grey)"
    assert segment_name(9) == "empty yellow carts"
    assert with_notation("Took back: take 4 Marks.", Place("$4")) == (
        "Took back: take 4 Marks. (place $4)"
    )


@pytest.mark.parametrize(
    ("things", "name"),
    [
        ([o.code for o in ORDERS], order_name),
        ([t.code for t in TILES], tile_name),
        ([s.code for s in SPACES], space_name),
    ],
)
def test_every_name_is_clean_and_names_exactly_one_thing(things, name) -> None:
    names = [name(code) for code in things]
    assert len(set(names)) == len(things)  # unambiguous: no two things share a name
    for code, text in zip(things, names, strict=True):
        assert_words(text, code)


def test_short_labels_are_clean() -> None:
    for code in ORDER_BY_CODE:
        assert_words(order_short(code), code)
    for code in TILE_BY_CODE:
        assert_words(tile_short(code), code)


# --- actions and events over whole games ----------------------------------------------------
def _some_legal(state, limit: int = 40) -> list:
    """The legal actions, or for a big F★/O★ choice its first and last ``limit``."""
    legal = state.legal_actions()
    if len(legal) <= 2 * limit:
        return list(legal)
    return [*legal[:limit], *legal[len(legal) - limit :]]


def _scenarios() -> list:
    """Positions (and one action each) for the events random games rarely or never make:
    deliveries, substitute cubes (chosen, automatic, none left), an empty deck, F★ with
    nothing to put back; plus the fallback phrases of describe_action."""

    def exhaust(builder, letters):
        for letter in letters:
            builder.storage(1, letter * builder.state.supply["YBGK".index(letter)])
        return builder

    out = []
    state = PositionBuilder(3, seed=1).orders(0, "W2Y", "W3YY").fill(0, "W2Y", "Y")
    out.append((state.fill(0, "W3YY", "Y", "BB").turn(0).build(), Place("DW")))
    for letters in ("G", "YBG", "YBGK"):
        builder = exhaust(PositionBuilder(3, seed=2).tile_space(1, "G1L").money(0, 20), letters)
        out.append((builder.turn(0).build(), Place("F1")))
    empty = PositionBuilder(3, seed=3).turn(0).build()
    empty.tile_deck.clear()
    out.append((empty, Place("F2")))
    shown = PositionBuilder(3, seed=4).looking_at(0, "order", "W2Y").build()
    out.append((shown, Choose("W2Y", ())))
    return out


def _fallbacks() -> list[str]:
    """describe_action of actions that are not legal where they are described: still words."""
    state = PositionBuilder(3, seed=5).turn(0).build()
    state.tile_spaces[0] = None
    mining = PositionBuilder(3, seed=5).mining(0, steps=3).build()
    mining.steps_left = 0
    return [
        describe_action(Place("F1"), state),
        describe_action(SubstituteCube(GREY), state),
        describe_action(Load(BLACK), state),
        describe_action(MoveCage(0), state),
        describe_action(Stop(), mining),
    ]


def _recording(monkeypatch) -> set[str]:
    used: set[str] = set()
    real = messages.TEXTS.template

    def template(key, n=None):
        used.add(key)
        return real(key, n)

    monkeypatch.setattr(messages.TEXTS, "template", template)
    return used


def test_every_action_and_event_speaks_words(monkeypatch) -> None:
    """All legal actions of every state of random games (2–4 players) and of a greedy game,
    and every event those games make, are described without a code — and between them they
    use every event, space, name and action-phrase text there is."""
    used = _recording(monkeypatch)
    kinds, events = set(), set()
    games = [(new_game(p, seed=30 + p), [RandomBot(p + s) for s in range(p)]) for p in (2, 3, 4)]
    games.append((new_game(2, seed=8), [GreedyBot(1), GreedyBot(2)]))
    for state, bots in games:
        while not state.is_over:
            for action in _some_legal(state):
                assert_words(describe_action(action, state), action)
                kinds.add(type(action))
            for event in state.apply(bots[state.current].choose(state)):
                assert_words(event.sentence(state.names), event)
                events.add(event.kind)
    for state, action in _scenarios():
        assert_words(describe_action(action, state), action)
        for event in state.apply(action):
            assert_words(describe_event(event, state.names), event)
            events.add(event.kind)
        while state.phase == "cube":  # the chosen substitute cube
            action = state.legal_actions()[0]
            assert_words(describe_action(action, state), action)
            kinds.add(type(action))
            for event in state.apply(action):
                assert_words(describe_event(event, state.names), event)
    for text in _fallbacks():
        assert_words(text, "fallback")
    for code in ORDER_BY_CODE:  # the forms no event of these games needs
        order_short(code), order_name(code, "a"), order_name(code, "a", as_object=True)
    for code in TILE_BY_CODE:
        tile_short(code), tile_name(code, "the", as_object=True)
    assert kinds == set(ACTION_TYPES)
    assert events >= {key.split(".")[1] for key in EN if key.startswith("event.")} - {
        "refill_empty",
        "substitute_none",
        "put_back_none",
        "segment_none",
    }
    unused = {key for key in EN if key.split(".")[0] in ("event", "space", "name", "do")} - used
    assert not unused, sorted(unused)


def test_describe_action_says_what_the_action_does() -> None:
    state = (
        PositionBuilder(3, seed=1)
        .orders(0, "W7GG", "C9KK")
        .tile_space(3, "Y2L")
        .on_space("$5", 1, 1)
        .turn(0)
        .build()
    )
    assert describe_action(Place("M8"), state) == "place workers on the 8-step mining space"
    assert describe_action(Place("F3"), state) == (
        "buy the light-side tile with 2 yellow carts on tile space F3 for 2 Marks"
    )
    assert describe_action(Place("$5"), state) == "take 5 Marks with 2 workers"
    assert describe_action(Place("BANK"), state) == "take 1 Mark at the bank building"
    assert describe_action(Place("DT"), state) == "deliver all your complete truck orders"
    assert describe_action(Place("F*"), state) == (
        "use the special tile space F★ to look at the top 5 tiles of the deck"
    )
    mining = (
        PositionBuilder(3, seed=1)
        .orders(0, "W7GG", "C9KK")
        .cage(0, level=3, cubes="GY")
        .storage(0, "B")
        .mining(0, steps=5)
        .build()
    )
    assert describe_action(Fill("W7GG", GREY, (("c", GREY),)), mining) == (
        "put a grey cube from the cage on a grey slot of the 7-VP wheelbarrow order (grey, grey)"
    )
    assert describe_action(Fill("C9KK", BLACK, (("c", YELLOW), ("s", 1))), mining) == (
        "put a yellow cube from the cage and a brown cube from storage together on a black "
        "slot of the 9-VP carriage order (black, black)"
    )
    assert describe_action(MoveCage(1), mining) == "move the cage up to level 1 (yellow)"
    assert describe_action(MoveCage(4), mining) == "move the cage down to level 4 (black)"
    assert describe_action(Load(GREY), mining) == "load a grey cube from level 3 into the cage"
    assert describe_action(Stop(), mining) == "stop mining and lose the 5 steps left"
    shown = PositionBuilder(3, seed=1).looking_at(0, "tile", "Y1L", "B2D", "G1L").build()
    assert describe_action(Choose("B2D", ("G1L", "Y1L"), "top"), shown) == (
        "buy the dark-side tile with 2 brown carts for 4 Marks and put the other 2 tiles back "
        "on top of the deck, the light-side tile with 1 grey cart first"
    )
    assert describe_action(Choose(None, ("Y1L", "B2D", "G1L"), "bottom"), shown) == (
        "take no tile and put all 3 tiles back at the bottom of the deck"
    )


def test_event_sentences_name_things_in_words() -> None:
    names = ["Gábor", "Zsófi"]
    said = [
        (
            Event("draft", 0, {"order": "W3YY"}),
            "Gábor took the 3-VP wheelbarrow order (yellow, yellow) in the draft.",
        ),
        (
            Event("place", 1, {"space": "$5", "workers": 2}),
            "Zsófi placed 2 workers on the 5-Mark money space.",
        ),
        (
            Event("buy_tile", 0, {"tile": "Y2D", "marks": 2}),
            "Gábor bought a dark-side tile with 2 yellow carts for 2 Marks.",
        ),
        (
            Event("fill", 0, {"order": "W2Y", "slot": YELLOW, "cubes": (("s", YELLOW),)}),
            "Gábor filled a yellow slot of the 2-VP wheelbarrow order (yellow) with a yellow "
            "cube from storage.",
        ),
        (Event("cage", 1, {"level": 3}), "Zsófi moved the cage to level 3 (grey)."),
        (
            Event("refill", None, {"space": "O2", "order": "T4G"}),
            "Order space O2 now shows the 4-VP truck order (grey) from the deck.",
        ),
        (
            Event(
                "segment",
                None,
                {"shift": 1, "segment": 3, "counts": [2, 0], "awarded": [[0, 1, 4]]},
            ),
            "Segment 3 (grey icons): Gábor +4.",
        ),
        (Event("shift_end", None, {"shift": 2}), "Shift II is over: the shift clock scores."),
    ]
    for event, sentence in said:
        assert describe_event(event, names) == sentence


def test_a_translation_table_changes_every_word(monkeypatch) -> None:
    """No English is hard-coded: with a table that upper-cases every text (placeholders kept)
    and upper-case player names, no sentence has a lower-case letter left."""
    upper = {
        key: re.sub(r"[^{}]+(?=\{|$)|(?<=\})[^{}]+", lambda m: m.group(0).upper(), text)
        for key, text in EN.items()
    }
    translate_with(monkeypatch, ENGINE, upper)
    state = new_game(3, seed=12, names=["ANNA", "BEN", "CY"])
    bot = RandomBot(3)
    while not state.is_over:
        for action in _some_legal(state, 5):
            text = describe_action(action, state)
            assert not re.search(r"[a-z]", text), (action, text)
        for event in state.apply(bot.choose(state)):
            text = event.sentence(state.names)
            assert not re.search(r"[a-z]", text), (event, text)


# --- the greedy bot's reasons -----------------------------------------------------------------
def test_the_greedy_bot_explains_in_words() -> None:
    state = new_game(3, seed=14)
    bots = [GreedyBot(s) for s in range(3)]
    said = 0
    while not state.is_over and said < 90:
        bot = bots[state.current]
        action = bot.choose(state)
        sentence = bot.explain(state)
        assert_words(sentence, action)
        words = describe_action(action, state)
        assert sentence.startswith(words[:1].upper() + words[1:]), (sentence, words)
        state.apply(action)
        said += 1


# --- the widget's messages --------------------------------------------------------------------
def _notation_part(message: str, action) -> str:
    """The message without its trailing notation part, which must be exactly "(action)"."""
    tail = f" ({action})"
    assert message.endswith(tail), (message, action)
    return message[: -len(tail)]


def _after_draft(seed: int = 1, *, codes: bool = True) -> GameSession:
    """A session after the draft; ``codes``: with Show codes on (the notation after the words;
    off, the board's lines are in words only: tests/test_no_notation.py)."""
    session = GameSession(new_game(3, seed=seed))
    while session.state.phase == "draft":
        session.play(session.state.legal_actions()[0])
    session.show_codes = codes
    return session


def test_undo_and_redo_say_whose_move_and_what_it_did() -> None:
    plain = _after_draft(codes=False)
    who = plain.state.names[plain.state.current]
    plain.play("place $4")
    plain.undo()
    assert plain.message == f"Took back {who}'s move: take 4 Marks."
    session = _after_draft()
    name = session.state.names[session.state.current]
    session.play("place $4")
    session.undo()
    assert session.message == f"Took back {name}'s move: take 4 Marks. (place $4)"
    session.redo()
    assert session.message == f"Played {name}'s move again: take 4 Marks. (place $4)"
    session.play("place M8")
    session.play("cage 3")
    session.undo()
    assert session.message.startswith("Took back ") and "move the cage down to level 3 (grey)" in (
        session.message
    )
    assert_words(_notation_part(session.message, "cage 3"), "undo")


def test_the_move_log_speaks_words() -> None:
    session = _after_draft()
    session.play("place $4")
    assert session.log[-1].endswith("took 4 Marks.")
    for sentence in session.log:
        assert_words(sentence, "log")


def test_a_hint_says_the_move_and_the_reason_in_words() -> None:
    for seed in range(3):
        session = _after_draft(seed)
        for _ in range(12):
            state = session.state
            action = session.hint()
            words = describe_action(action, state)
            assert session.message.startswith(f"Hint: {words} — "), session.message
            assert_words(_notation_part(session.message, action), "hint")
            session.play(action)


def test_a_hint_without_a_reason_or_with_another_reason() -> None:
    session = _after_draft()
    session.hint_bot = RandomBot(1)  # it explains nothing
    action = session.hint()
    words = describe_action(action, session.state)
    assert session.message == f"Hint: {words}. ({action})"

    class Terse(RandomBot):
        def explain(self, state):
            return "It is the first move I found."

    session.hint_bot = Terse(1)
    action = session.hint()
    words = describe_action(action, session.state)
    assert session.message == f"Hint: {words}. It is the first move I found. ({action})"


# --- every key used exists --------------------------------------------------------------------
def _literal_keys(path: Path, call: str) -> set[str]:
    return set(re.findall(call + r'\(\s*"([a-z_]+(?:\.[A-Za-z0-9_*$]+)+)"', path.read_text()))


def test_every_key_the_sentences_use_exists() -> None:
    engine = ROOT / "gluckauf" / "text"
    keys = _literal_keys(engine / "words.py", r"\bsay") | _literal_keys(
        engine / "messages.py", r"\bsay"
    )
    assert len(keys) > 30 and keys <= set(EN), sorted(keys - set(EN))
    greedy = (ROOT / "gluckauf" / "bots" / "greedy.py").read_text()
    decided = set(re.findall(r'_Decision\(\s*action,\s*"([a-z._]+)"', greedy))
    decided |= {
        f"{prefix}.{kind}"
        for prefix in ("mine", "step")
        for kind in re.findall(r'f"\{prefix\}\.([a-z]+)"', greedy)
    }
    decided |= set(
        re.findall(
            r'"(step\.stop|choose\.(?:take|none)|order\.(?:ready|vp)|'
            r'draft\.(?:ready|vp)|tile\.[a-z]+)"',
            greedy,
        )
    )
    assert len(decided) > 20 and decided <= set(TEXT.english), sorted(decided - set(TEXT.english))
    session = (ROOT / "widgets" / "session.py").read_text()
    used = set(re.findall(r'(?:(?<![\w.])say|_move_words)\(\s*"(msg\.[a-z_]+)"', session))
    assert {"msg.undone", "msg.redone", "msg.hint", "msg.hint_why", "msg.hint_and_why"} <= used
    assert used <= set(labels.EN), sorted(used - set(labels.EN))


def test_an_order_or_tile_taken_is_the_verbs_object_in_hungarian() -> None:
    """Issue 29, 3: "Zsófi felvette a … megrendelést" (the accusative), not "felvette: …"; in
    English (and German, whose nouns here are alike in both cases) the two forms are one."""
    from gluckauf import new_game
    from gluckauf.bots.greedy import GreedyBot
    from gluckauf.text.i18n import language

    for code in ORDER_BY_CODE:
        assert order_name(code, as_object=True) == order_name(code)
    for code in TILE_BY_CODE:
        assert tile_name(code, as_object=True) == tile_name(code)
    state, bot, said = new_game(3, seed=5), GreedyBot(), {}  # greedy delivers
    while not state.is_over and len(said) < 4:
        for event in state.apply(bot.choose(state)):
            if event.kind in ("draft", "take_order", "buy_tile", "deliver"):
                with language("hu"):
                    said[event.kind] = event.sentence()
    assert set(said) == {"draft", "take_order", "buy_tile", "deliver"}
    for kind, sentence in said.items():
        noun = "lapkát" if kind == "buy_tile" else "megrendelést"
        assert noun in sentence and ":" not in sentence.split(noun)[0], sentence
