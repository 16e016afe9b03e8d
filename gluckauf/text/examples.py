"""The rulebook's worked examples E1–E7, retold for the rules reference.

Each example names the rules it illustrates and the tests in ``tests/test_examples.py`` that
reproduce it number for number.
"""

from __future__ import annotations

from typing import NamedTuple


class Example(NamedTuple):
    id: str
    title: str
    text: str
    rules: tuple[str, ...]
    tests: tuple[str, ...]  # test functions in tests/test_examples.py


EXAMPLES: tuple[Example, ...] = (
    Example(
        "E1", "Placing workers",
        "Money space 4 is empty: Gábor places 1 worker. Money space 5 holds 1 red worker: the "
        "red worker goes to the canteen and Gábor places 2. Money space 6 holds 2 of Gábor's "
        "own workers: they go to the canteen and he places 3.",
        ("R-TURN-2",), ("test_E1_placement",),
    ),
    Example(
        "E2", "Buying a tunnel tile",
        "A tile with two grey carts costs 2 × 3 = 6 Marks. Gábor puts 2 grey cubes from the "
        "supply on it and attaches it in the grey row on the light side (it has lanterns).",
        ("R-TUNNEL-1", "R-TUNNEL-2", "R-TUNNEL-3"), ("test_E2_tunnel",),
    ),
    Example(
        "E3", "Eight work steps",
        "On the 8-step mining space Gábor moves the cage down to level 3 (step 1), loads a grey "
        "cube (2) and another grey cube (3), moves the cage up to level 1 (4), loads a yellow "
        "cube (5), moves the cage up to the surface (6), and puts one grey cube onto a grey slot "
        "of an order (7) and the other grey cube onto the other grey slot (8). The yellow cube "
        "stays in the cage.",
        ("R-MINE-1", "R-MINE-2"), ("test_E3_mining",),
    ),
    Example(
        "E4", "Delivering by carriage",
        "Gábor holds three carriage orders: two complete ones (9 and 10 VP, with 7 cubes on "
        "them together, because one slot was filled with two cubes) and an incomplete one "
        "(4 VP). On the carriage space he delivers both complete orders and scores 19 VP; the "
        "7 cubes go back to the supply, the two cards lie face down in front of him, and the "
        "4-VP order stays.",
        ("R-DELIVER-1", "R-DELIVER-2", "R-MINE-3"), ("test_E4_delivery",),
    ),
    Example(
        "E5", "Scoring the transports (3 players)",
        "Coal icons on delivered wheelbarrow orders: Zsófi 3, Péter 3, Gábor 2. Zsófi and Péter "
        "tie for first and score 6 VP each; so nobody is second, and Gábor scores nothing. "
        "Carriage icons: Gábor 6, Zsófi 1, Péter 1, so Gábor scores 7 VP and Zsófi and Péter, "
        "tied for second, 3 VP each. Nobody has truck or train icons, so nobody scores those "
        "segments.",
        ("R-SHIFT-2", "R-SHIFT-4", "R-SHIFT-5"),
        ("test_E5_shift_scoring", "test_E5_colour_segments_match_the_rulebook_text"),
    ),
    Example(
        "E6", "The next start player",
        "Workers on the tunnel-expansion spaces at the end of the shift: Gábor 5, Zsófi 4, "
        "Péter 2. Gábor has the most, so he is the start player of the next shift.",
        ("R-SHIFT-7",), ("test_E6_start_player",),
    ),
    Example(
        "E7", "End-of-game scoring",
        "Gábor has 7 Marks: +1 VP, and he keeps 2 Marks for the tie-break. He has 4 cubes left "
        "(one on an order, one in a cart, one in the cage, one in storage): +1 VP. He has 1 "
        "undelivered order: −1 VP. His mine has 7 light-side and 4 dark-side tiles, a difference "
        "of 3: −6 VP.",
        ("R-END-1", "R-END-2", "R-END-3", "R-END-4"),
        ("test_E7_end_items", "test_E7_end_scoring"),
    ),
)  # fmt: skip

__all__ = ["EXAMPLES", "Example"]
