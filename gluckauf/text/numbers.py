"""Numbers as each of the kit's languages writes them: ``63.4%`` in English, ``63,4 %`` in
German, ``63,4%`` in Hungarian; ``2.5 VP``, ``2,5 SP``, ``2,5 GYP``.

A number in a text's parameters is formatted by Python's own format specification (the one the
template gives: ``{rate:.0%}``, ``{vp:.1f}``, ``{margin:+.1f}``), then written with the
language's symbols — its decimal sign, its group separator (only where the template asks for
grouping, ``{n:,}``: seeds and counts are typed back as they are shown) and its percent
pattern. The symbols are CLDR's, as Babel has them (``babel.numbers.get_decimal_symbol`` …);
``tests/test_numbers.py`` checks this table against Babel's own formatting, so the kit needs
no 10 MB of locale data at run time (the offline site loads every byte it imports). CLDR's
minus sign for all three languages is the hyphen-minus, so a negative number keeps ``-``.
"""

from __future__ import annotations

from typing import Any, NamedTuple


class Symbols(NamedTuple):
    """How a language writes a number: CLDR's decimal sign, group separator and percent
    pattern (``{}`` is the number)."""

    decimal: str
    group: str
    percent: str


#: Per language (CLDR via Babel 2.19: ``get_decimal_symbol``, ``get_group_symbol``, and the
#: percent pattern ``#,##0%`` / ``#,##0\u00a0%``).
SYMBOLS: dict[str, Symbols] = {
    "en": Symbols(".", ",", "{}%"),
    "de": Symbols(",", ".", "{}\u00a0%"),
    "hu": Symbols(",", "\u00a0", "{}%"),
}


def is_number(value: Any) -> bool:
    """An int or a float (not a bool: ``True`` is no number to a reader)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def format_number(value: float, spec: str, lang: str) -> str:
    """``value`` formatted by the format ``spec`` (as ``format(value, spec)``) and written the
    way ``lang`` writes numbers."""
    text = format(value, spec)
    symbols = SYMBOLS.get(lang, SYMBOLS["en"])
    if symbols == SYMBOLS["en"] or not text:
        return text
    percent = spec.endswith("%") and text.endswith("%")
    if percent:
        text = text[:-1]
    text = "".join(
        symbols.decimal if ch == "." else symbols.group if ch == "," else ch for ch in text
    )
    return symbols.percent.format(text) if percent else text


__all__ = ["SYMBOLS", "Symbols", "format_number", "is_number"]
