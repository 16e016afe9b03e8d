"""The players of the lessons, and answers that name one of them.

A learner may write a name as they like: "Zsófi", "zsofi", "ZSOFI " — case, accents and spaces
around it do not matter (:func:`seat_named`). Names are text, so in Python they go in quotes; to
spare a newcomer a ``NameError``, the lessons that ask for a name run :data:`NAMES_CELL`, which
defines each name in its usual spellings as a variable (``Zsófi = zsofi = … = "Zsófi"``), so that
``answer = Zsófi`` works as well as ``answer = "Zsófi"``. tests/test_tutorial_names.py checks
that every such notebook has exactly this cell before its first name question.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import Any

PLAYERS = ("Gábor", "Zsófi", "Péter")  # the engine's default names, seat by seat

NAMES_COMMENT = "# The players' names, so that an answer works with or without quotes:"


def plain(text: str) -> str:
    """Lower case, without accents and spaces around: ``plain(" Zsófi") == "zsofi"``."""
    decomposed = unicodedata.normalize("NFKD", text.strip().casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def seat_named(answer: Any, names: Sequence[str] = PLAYERS) -> int | None:
    """The seat whose name ``answer`` is (any case, with or without accents), or None."""
    if not isinstance(answer, str):
        return None
    wanted = plain(answer)
    return next((seat for seat, name in enumerate(names) if plain(name) == wanted), None)


def spellings(name: str) -> tuple[str, ...]:
    """The ways a learner is likely to type ``name`` without quotes, as Python names:
    as printed, in lower case, and without accents (capitalised, lower and upper case)."""
    bare = "".join(
        ch for ch in unicodedata.normalize("NFKD", name) if not unicodedata.combining(ch)
    )
    found: list[str] = []
    for spelling in (name, name.lower(), bare, bare.lower(), bare.upper()):
        if spelling not in found:
            found.append(spelling)
    return tuple(found)


NAMES_CELL = "\n".join(
    [NAMES_COMMENT, *(" = ".join(spellings(name)) + f' = "{name}"' for name in PLAYERS)]
)

__all__ = ["NAMES_CELL", "PLAYERS", "plain", "seat_named", "spellings"]
