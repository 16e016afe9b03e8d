"""One word per meaning (issue 29, 2): the key terms' table (gluckauf/text/terms.py, written to
docs/terms.md) is what the translation check and the translated notebooks keep to."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gluckauf.text.glossary import GLOSSARY
from gluckauf.text.terms import KIT_TERMS, avoided, key_terms, terms_markdown
from gluckauf.text.translations import domains, problems

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("de", "hu")


def test_the_committed_table_is_what_the_kit_writes() -> None:
    assert (ROOT / "docs" / "terms.md").read_text(encoding="utf-8") == terms_markdown()


def test_the_table_holds_the_rulebooks_terms_and_the_kits() -> None:
    terms = key_terms()
    assert [t.english for t in terms[: len(GLOSSARY)]] == [row.english for row in GLOSSARY]
    assert all(t.source == "rulebook" for t in terms[: len(GLOSSARY)])
    assert {t.source for t in KIT_TERMS} == {"rulebook", "kit"}
    for term in terms:  # a word to avoid is never the word itself
        assert term.german not in term.not_german and term.hungarian not in term.not_hungarian


def test_the_check_finds_a_word_to_avoid() -> None:
    assert [word for word, _term in avoided("Der Greedy-Bot zieht.", "de")] == ["Greedy-Bot"]
    assert avoided("Der gierige Bot zieht; 3 SP.", "de") == []
    assert [word for word, _term in avoided("Zsófi: 3 VP", "hu")] == ["VP"]
    assert avoided("3 GYP", "hu") == []  # a whole word only


@pytest.mark.parametrize("lang", LANGS)
def test_no_catalogue_uses_a_word_to_avoid(lang: str) -> None:
    found = [p for d in domains() for p in problems(d, lang) if "docs/terms.md" in p.what]
    assert found == [], [str(p) for p in found[:10]]


@pytest.mark.parametrize("lang", LANGS)
def test_no_translated_notebook_uses_a_word_to_avoid(lang: str) -> None:
    found = []
    # (reference.ipynb is written from the catalogues, checked above; its glossary shows the
    # English names on purpose)
    for path in sorted((ROOT / "notebooks" / lang).glob("[0-9tp]*.ipynb")):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] == "markdown":
                text = "".join(cell["source"])
                found += [(path.name, word) for word, _term in avoided(text, lang)]
    assert found == [], found[:10]
