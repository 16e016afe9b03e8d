"""The kit's key terms in English, German and Hungarian: one word per meaning.

The rulebooks' own terms come first (:data:`~gluckauf.text.glossary.GLOSSARY`: the official
Hungarian rulebook and the German rules name them); then the kit's own words for what the
rulebooks do not name (the bots, a review's big miss, a deal's seed). Each row may list words a
translation must *not* use for that meaning — an English loan, or a second word for the same
thing. ``python -m gluckauf.text.translations check`` refuses a catalogue entry that uses one,
``tests/test_terms.py`` every translated notebook's prose, and
``python -m gluckauf.text.translations terms docs/terms.md`` writes the table for translators.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from .glossary import GLOSSARY


class KeyTerm(NamedTuple):
    english: str
    german: str
    hungarian: str
    source: str  # "rulebook": the rulebooks' word; "kit": the kit's own
    not_german: tuple[str, ...] = ()
    not_hungarian: tuple[str, ...] = ()


#: Words not to use for a rulebook term, by its English name in the glossary.
_AVOID: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "victory point (VP)": (("VP",), ("VP",)),
}

KIT_TERMS: tuple[KeyTerm, ...] = (
    KeyTerm("work step (of mining)", "Arbeitsschritt", "munkalépés", "rulebook",
            ("Förderschritt",), ()),
    KeyTerm("bot", "Bot", "gép", "kit"),
    KeyTerm("greedy bot", "gieriger Bot", "mohó gép", "kit", ("Greedy-Bot",), ()),
    KeyTerm("random bot", "Zufallsbot", "véletlen gép", "kit"),
    KeyTerm("searching bot (MCTS)", "suchender Bot", "kereső gép", "kit"),
    KeyTerm("big miss (in a review)", "großer Patzer", "nagy hiba", "kit", ("Fehlgriff",), ()),
    # German „Platz“ is the rules' word for a rank (erster, zweiter Platz): a seat is a Sitzplatz
    KeyTerm("seat (at the table)", "Sitzplatz", "hely", "kit"),
    KeyTerm("seed (of a deal)", "Startwert", "kezdőérték", "kit"),
    KeyTerm("game record", "Spielaufzeichnung", "játszmafelvétel", "kit"),
    KeyTerm("position (a game set up or saved)", "Stellung", "állás", "kit"),
    # Hungarian „készlet“ alone is the supply of cubes on the board: the kit is the oktatókészlet
    KeyTerm("the (teaching) kit", "Kit", "oktatókészlet", "kit"),
)  # fmt: skip


def key_terms() -> tuple[KeyTerm, ...]:
    """The rulebooks' terms (with the words to avoid for them), then the kit's own."""
    rulebook = tuple(
        KeyTerm(row.english, row.german, row.hungarian, "rulebook", *_AVOID.get(row.english, ()))
        for row in GLOSSARY
    )
    return rulebook + KIT_TERMS


def avoided(text: str, lang: str) -> list[tuple[str, KeyTerm]]:
    """The words of ``text`` (in ``lang``: "de" or "hu") that a key term says not to use, each
    with the term it stands for (whole words; ``VP`` in ``GYP`` is not one)."""
    found = []
    for row in key_terms():
        for word in row.not_german if lang == "de" else row.not_hungarian:
            if re.search(rf"(?<![\w-]){re.escape(word)}", text):
                found.append((word, row))
    return found


def terms_markdown() -> str:
    """The table for translators (``docs/terms.md``)."""
    lines = [
        "# Key terms: one word per meaning",
        "",
        "Written by `python -m gluckauf.text.translations terms docs/terms.md` from",
        "`gluckauf/text/terms.py`; the translation check (`python -m gluckauf.text.translations",
        "check`) and `tests/test_terms.py` refuse the words in the last two columns. **Rulebook**",
        "terms are the official Hungarian rulebook's and the German rules' own words (the",
        "glossary in `notebooks/reference.ipynb`); **kit** terms name what the rulebooks do not.",
        "",
        "| English | German | Hungarian | from | not in German | not in Hungarian |",
        "|---|---|---|---|---|---|",
    ]
    for row in key_terms():
        lines.append(
            f"| {row.english} | {row.german} | {row.hungarian} | {row.source} | "
            f"{', '.join(row.not_german)} | {', '.join(row.not_hungarian)} |"
        )
    return "\n".join(lines) + "\n"


__all__ = ["KIT_TERMS", "KeyTerm", "avoided", "key_terms", "terms_markdown"]
