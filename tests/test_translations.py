"""The German and Hungarian catalogues: complete, safe to fill in, and faithful to the notation.

``gluckauf.text.translations.problems`` is the translators' own check (``python -m
gluckauf.text.translations check``): every English text has a non-fuzzy translation in every shipped
language, each plural form fills in the English fields, and every rule ID the English cites is
cited. Here it runs for every catalogue, beside the checks of what a learner then reads.
"""

from __future__ import annotations

import gettext
import io
import os
import re
import subprocess
import sys
import warnings

import pytest
from babel.messages.mofile import write_mo

from gluckauf import new_game
from gluckauf.bots import RandomBot
from gluckauf.core.actions import parse_action
from gluckauf.core.errors import NotationError
from gluckauf.text import i18n, words
from gluckauf.text.catalogue import RULES
from gluckauf.text.i18n import LANGUAGES, Domain, UnknownLanguage, language, set_language
from gluckauf.text.messages import count
from gluckauf.text.sentences import describe_event
from gluckauf.text.translations import TRANSLATED, domains, po_path, problems, read

CATALOGUES = domains()
CODE_SPAN = re.compile(r"`([^`]+)`")


def _parses(text: str) -> bool:
    try:
        parse_action(text)
    except NotationError:
        return False
    return True


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("domain", CATALOGUES, ids=lambda d: d.name)
def test_every_text_is_translated_with_the_same_fields_and_rule_ids(domain: Domain, lang: str):
    found = problems(domain, lang)
    assert not found, f"{len(found)} problems, e.g.\n" + "\n".join(map(str, found[:15]))


def test_the_kit_ships_german_and_hungarian_with_their_plural_rules():
    assert TRANSLATED == ("de", "hu")
    for domain in CATALOGUES:
        for lang in TRANSLATED:
            catalog = read(po_path(domain, lang), lang)
            assert catalog is not None and catalog.plural_expr == "(n != 1)", (domain.name, lang)


def test_no_two_tables_of_a_catalogue_share_a_key():
    for domain in CATALOGUES:
        contexts = [entry.context for entry in domain.entries()]
        assert len(contexts) == len(set(contexts)), domain.name


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("domain", CATALOGUES, ids=lambda d: d.name)
def test_every_notation_a_text_quotes_is_quoted_unchanged_and_still_parses(domain, lang):
    """A translation may reword a text but not the kit's notation (R-NOTATION-1): each `code
    span` of the English that is an action is in the translation too, and reads back as the
    same action."""
    catalog = read(po_path(domain, lang), lang)
    translated = {message.context: message.string for message in catalog if message.id}
    for entry in domain.entries():
        notations = [span for span in CODE_SPAN.findall(entry.english) if _parses(span)]
        forms = translated.get(entry.context) or ("",)
        for form in forms if isinstance(forms, tuple) else (forms,):
            spans = CODE_SPAN.findall(form)
            for notation in notations:
                assert notation in spans, (entry.context, notation, form)
                assert parse_action(notation) == parse_action(spans[spans.index(notation)])


def _game_texts(state, bot) -> list[str]:
    """Every sentence a learner reads along a game: each legal action in words with its
    notation, and each event."""
    texts = []
    while not state.is_over and len(state.history) < 120:
        for action in state.legal_actions()[:40]:
            texts.append(words.with_notation(words.describe_action(action, state), action))
        events = state.apply(bot.choose(state))
        texts += [describe_event(event, state.names) for event in events]
    return texts


@pytest.mark.parametrize("lang", TRANSLATED)
def test_sentences_of_real_games_fill_in_and_keep_every_notation(lang):
    """Along real games, every action's description in ``lang`` fills in (no field left in
    braces), differs from the English, and shows the action's notation, which parses back to
    that very action."""
    for players, seed in ((2, 3), (3, 5), (4, 8)):
        english = _game_texts(new_game(players, seed), RandomBot(seed))
        with language(lang):
            state, bot = new_game(players, seed), RandomBot(seed)
            translated = _game_texts(state, bot)
        assert len(translated) == len(english) > 100
        assert not [text for text in translated if "{" in text or "}" in text]
        same = sum(a == b for a, b in zip(english, translated, strict=True))
        assert same < len(english) // 20, f"{same} of {len(english)} sentences still English"
    with language(lang):
        state = new_game(3, 11)
        for action in state.legal_actions():
            shown = words.with_notation(words.describe_action(action, state), action)
            assert words.shown_notation(action) in shown
            assert parse_action(str(action), state) == action


# --- the language setting ----------------------------------------------------------------------
def test_set_language_takes_codes_and_locale_names_and_refuses_others_clearly():
    assert set_language("hu_HU.UTF-8") is None and i18n.get_language() == "hu"
    set_language("DE")
    assert i18n.get_language() == "de"
    with pytest.raises(UnknownLanguage, match=r"no texts in 'fr'.*'de' \(Deutsch\)") as error:
        set_language("fr")
    assert isinstance(error.value, ValueError)
    assert i18n.get_language() == "de"  # a refused language changes nothing
    with language("hu"):
        assert i18n.get_language() == "hu"
    assert i18n.get_language() == "de"


def test_the_environment_variable_chooses_the_language_at_start(monkeypatch):
    monkeypatch.setenv(i18n.ENV_VAR, "hu_HU.UTF-8")
    assert i18n._from_environment() == "hu"
    monkeypatch.setenv(i18n.ENV_VAR, "klingon")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert i18n._from_environment() == "en"
    assert "GLUCKAUF_LANG='klingon' is ignored" in str(caught[0].message)
    monkeypatch.delenv(i18n.ENV_VAR)
    assert i18n._from_environment() == "en"


def test_plurals_follow_the_number_in_every_language():
    assert (count(1, "worker"), count(3, "worker")) == ("1 worker", "3 workers")
    with language("de"):
        assert (count(1, "worker"), count(3, "worker")) == ("1 Arbeiter", "3 Arbeiter")
    with language("hu"):
        assert count(3, "worker") == "3 munkás"


def test_the_language_names_itself_in_its_own_words():
    assert LANGUAGES == {"en": "English", "de": "Deutsch", "hu": "Magyar"}


def test_a_compiled_catalogue_reads_like_its_source():
    """What setup.py builds (Babel's .mo) is what the kit reads (stdlib gettext)."""
    domain = next(d for d in CATALOGUES if d.name == "engine")
    catalog = read(po_path(domain, "de"), "de")
    out = io.BytesIO()
    write_mo(out, catalog)
    compiled = gettext.GNUTranslations(io.BytesIO(out.getvalue()))
    message = next(m for m in catalog if m.context == "rule.R-MINE-3.title")
    assert compiled.pgettext("rule.R-MINE-3.title", message.id) == message.string != message.id


def test_a_process_started_with_the_environment_variable_speaks_that_language():
    """GLUCKAUF_LANG set before Python starts: the command line's rules come out in Hungarian,
    and --lang overrides it."""
    env = {**os.environ, "GLUCKAUF_LANG": "hu_HU.UTF-8"}
    command = [sys.executable, "-m", "gluckauf", "reference", "R-MINE-3"]
    out = subprocess.run(command, env=env, capture_output=True, text=True, check=True).stdout
    with language("hu"):
        title = RULES["R-MINE-3"].title
    assert out.startswith(f"R-MINE-3 {title}:") and title != RULES["R-MINE-3"].title
    out = subprocess.run(
        [*command[:3], "--lang", "de", *command[3:]],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    with language("de"):
        assert out.startswith(f"R-MINE-3 {RULES['R-MINE-3'].title}:")
