"""Numbers in the learner's language (issue 29, 1): ``gluckauf.text.numbers`` writes them as
Babel (CLDR) does — decimal sign, grouping, percent — and every text of the kit uses it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel import Locale
from babel.numbers import (
    format_decimal,
    format_percent,
    get_decimal_symbol,
    get_group_symbol,
    get_minus_sign_symbol,
)
from hypothesis import assume, given
from hypothesis import strategies as st

from gluckauf.text import messages
from gluckauf.text.i18n import LANGUAGES, language, say_number
from gluckauf.text.numbers import SYMBOLS, format_number

# The format specifications the kit's texts use, and the CLDR pattern that says the same.
SPECS = {
    ".0f": "0", ".1f": "0.0", ".2f": "0.00", ",.1f": "#,##0.0", ",.0f": "#,##0",
    "+.1f": "+0.0;-0.0",
}  # fmt: skip
PERCENTS = {".0%": "", ".1%": ".0"}  # the decimals added to the language's percent pattern


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_the_symbols_are_cldrs(lang) -> None:
    symbols = SYMBOLS[lang]
    assert symbols.decimal == get_decimal_symbol(lang)
    assert symbols.group == get_group_symbol(lang)
    assert get_minus_sign_symbol(lang) == "-"  # CLDR's minus in all three: kept as it is
    assert symbols.percent.format("63") == format_percent(0.63, locale=lang)


# Sixty-fourths: exact in binary and in decimal, so Python's rounding and Babel's agree.
EXACT = st.integers(-(10**7), 10**7).map(lambda k: k / 64)


@given(EXACT)
@pytest.mark.parametrize("lang", list(LANGUAGES))
@pytest.mark.parametrize("spec", list(SPECS))
def test_numbers_are_written_as_babel_writes_them(lang, spec, value) -> None:
    expected = format_decimal(value, format=SPECS[spec], locale=lang)
    assert format_number(value, spec, lang) == expected


@given(st.integers(-(10**6), 10**6).map(lambda k: k / 10**6))  # shares: -100% to 100%
@pytest.mark.parametrize("lang", list(LANGUAGES))
@pytest.mark.parametrize("spec", list(PERCENTS))
def test_percentages_are_written_as_babel_writes_them(lang, spec, value) -> None:
    shown = value * 100 * 10 ** int(spec[1])
    assume(abs(shown - int(shown) - 0.5 * (1 if shown > 0 else -1)) > 1e-6)  # no rounding tie
    pattern = Locale.parse(lang).percent_formats[None].pattern.replace("0", "0" + PERCENTS[spec])
    expected = format_percent(value, format=pattern, locale=lang)
    assert format_number(value, spec, lang) == expected


def test_english_is_pythons_own_format() -> None:
    for value in (0, -3, 2.5, 1234.5678, 0.634):
        for spec in (*SPECS, *PERCENTS, "", "g"):
            assert format_number(value, spec, "en") == format(value, spec)


@pytest.mark.parametrize(("lang", "share", "money"), [
    ("en", "63.4%", "5.5 MB"), ("de", "63,4\u00a0%", "5,5 MB"), ("hu", "63,4%", "5,5 MB"),
])  # fmt: skip
def test_the_kits_texts_write_numbers_the_languages_way(lang, share, money) -> None:
    with language(lang):
        assert say_number(0.634, ".1%") == share
        assert messages.say("file.megabytes", mb=5.5) == money  # a template's {mb:g}
        # a whole number is written as it is typed back (a seed, a count): no grouping
        assert messages.say("word.vp_signed", n=12345) == messages.say("word.vp_signed", n="12345")


def test_a_template_fills_in_as_str_format_does_apart_from_numbers() -> None:
    with language("de"):
        table = messages.TEXTS
        assert table.say("file.within", where="{x}", detail="a'b") == table["file.within"].format(
            where="{x}", detail="a'b"
        )
        said = table.say("record.not_object", holds="x")
        assert "{...}" in said and "{{" not in said  # escaped braces stay single


def test_a_german_tournament_table_has_decimal_commas_and_the_english_one_points() -> None:
    from gluckauf.analysis.tournament import run_tournament

    result = run_tournament(["greedy", "random"], players=2, games=4, seed=1, workers=1)
    english = result.table()
    with language("de"):
        german = result.table()
    assert re.search(r"\d\.\d", english) and re.search(r"\d%", english)
    assert re.search(r"\d,\d", german) and not re.search(r"\d\.\d", german)
    assert re.search("\\d\u00a0%", german)


def test_every_template_is_filled_through_its_table() -> None:
    """``TEXT.say(key, …)`` writes numbers the language's way; ``TEXT[key].format(…)`` would
    not (72 of a lesson's feedback texts did, until issue 29)."""
    root = Path(__file__).resolve().parents[1]
    bypass = re.compile(r"\bTEXTS?\[[^\]]+\]\.format\(")
    found = [
        f"{path.relative_to(root)}:{number}"
        for folder in ("gluckauf", "widgets")
        for path in sorted((root / folder).rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if bypass.search(line)
    ]
    assert found == []


def test_a_lessons_feedback_writes_numbers_the_languages_way() -> None:
    from gluckauf.analysis.tournament import run_tournament
    from widgets.tutorial import strategy

    result = run_tournament(["greedy", "random"], players=2, games=4, seed=1, workers=1)
    said = {}
    for lang in ("en", "de"):
        with language(lang):  # right or wrong, the feedback gives VP with one decimal
            answer = strategy.transport_name(0)
            said[lang] = strategy.check_best_transport(answer, result).message
    english, german = said["en"], said["de"]
    assert re.search(r"\d\.\d", english) and not re.search(r"\d\.\d", german)
    assert re.search(r"\d,\d", german)
