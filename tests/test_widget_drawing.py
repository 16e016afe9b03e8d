"""Drawing without a browser: deterministic SVG, every state draws, texts are complete."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

from helpers import random_moves

from gluckauf import RandomBot, new_game
from gluckauf.core.builder import PositionBuilder
from widgets import labels
from widgets.icons import COAL
from widgets.show import board_svg, show


def played(players: int, seed: int, moves: int):
    return random_moves(new_game(players, seed=seed), moves, seed)


def test_svg_is_deterministic_for_a_seeded_state() -> None:
    first = board_svg(played(4, 11, 120))
    again = board_svg(played(4, 11, 120))
    assert first == again
    assert first != board_svg(played(4, 11, 121))


def test_every_state_of_a_game_draws_as_valid_svg() -> None:
    for players in (2, 3, 4):
        state = new_game(players, seed=players)
        bot = RandomBot(players)
        while True:
            svg = board_svg(state)
            ET.fromstring(svg)  # well-formed XML
            if state.is_over:
                break
            state.apply(bot.choose(state))
        assert all(name in svg for name in state.names)


def test_the_picture_shows_what_the_state_says() -> None:
    state = (
        PositionBuilder(players=2, seed=1, names=["Ada", "Bea"])
        .orders(0, "C9KK")
        .cage(0, level=4, cubes="KK")
        .mining(0, steps=6)
        .build()
    )
    svg = board_svg(state)
    assert "C9KK" not in svg  # words, not codes: the card reads "Carriage … 9 VP"
    assert ">Carriage</text>" in svg and ">9 VP</text>" in svg
    assert "6 steps left" in svg and "▶ Ada" in svg
    # the two cage cubes and the printed black carts' cubes, each black and with its cross
    assert svg.count(f'fill="{COAL[3]}"') >= 2 + 2
    assert show(state)._repr_svg_() == svg


def test_highlights_are_drawn_on_top() -> None:
    state = played(3, 5, 20)
    plain = board_svg(state)
    marked = board_svg(state, highlights=["space:M8"], selected=["space:$4"])
    assert marked.startswith(plain[: plain.rindex("</svg>")])
    assert marked.count("#ff9f1c") == 1 and marked.count("#e63946") == 1


def test_every_text_key_the_widgets_use_exists() -> None:
    keys = set()
    for path in Path(labels.__file__).parent.rglob("*.py"):
        source = path.read_text()
        # labels.say(…) anywhere; a bare say(…) where the module's say is the labels' one
        calls = r"\blabels\.say"
        if re.search(r"^\s*from \.+labels import [^\n]*\bsay\b", source, re.M):
            calls += r"|(?<![\w.])say"
        keys |= set(re.findall(rf'(?:{calls})\(\s*f?"([a-z_]+\.[a-z_{{}}.]+)"', source))
    fixed = {k for k in keys if "{" not in k}
    assert fixed, "no text keys found?"
    assert fixed <= set(labels.EN), sorted(fixed - set(labels.EN))
