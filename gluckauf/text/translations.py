"""The translators' tool: keeps the gettext catalogues in step with the English tables.

``python -m gluckauf.text.translations update`` writes, for every catalogue
(:class:`gluckauf.text.i18n. Domain`) and every language,
``<package>/locale/<lang>/LC_MESSAGES/<domain>.po``: new English texts arrive untranslated, a
changed English text keeps its old translation marked *fuzzy* (with the previous English beside it),
and texts no longer in the code are dropped. ``python -m gluckauf.text.translations check`` lists
what is missing (the test suite runs the same check: ``tests/test_translations.py``). ``python -m
gluckauf.text.translations compile`` writes the ``.mo`` files next to the ``.po`` files
(``setup.py`` does this when the kit is built).

A maintainer's tool: it needs Babel (``pip install babel``), which the kit itself does not.
"""

from __future__ import annotations

import argparse
import importlib
import io
import pkgutil
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from .i18n import ENGLISH, LANGUAGES, Domain, Entry, placeholders
from .reference import rule_ids_in
from .terms import avoided, terms_markdown

#: The modules whose import registers every table (widgets' included: this tool sees them all).
TABLE_MODULES = (
    "gluckauf.text.messages", "gluckauf.analysis.gamereview", "gluckauf.bots.greedy",
    "gluckauf.text.reference", "gluckauf.analysis.stats", "gluckauf.analysis.tournament",
    "gluckauf.cli", "gluckauf.files.jsonio", "gluckauf.analysis.classtournament",
    "widgets.labels", "widgets.hover", "widgets.reviewer", "widgets.tutorial", "widgets.teacher",
    "widgets.classtable",
)  # fmt: skip
TRANSLATED = tuple(code for code in LANGUAGES if code != ENGLISH)
PROJECT = "gluckauf-kit"


def domains() -> list[Domain]:
    """Every catalogue, with all its tables registered."""
    for name in TABLE_MODULES:
        module = importlib.import_module(name)
        if hasattr(module, "__path__"):  # a package: its lessons too
            for info in pkgutil.iter_modules(module.__path__):
                importlib.import_module(f"{name}.{info.name}")
    return list(Domain.registry.values())


def po_path(domain: Domain, lang: str) -> Path:
    return Path(str(domain.catalogue_path(lang, ".po")))


def _msgid(entry: Entry) -> str | tuple[str, str]:
    return entry.english if entry.plural is None else (entry.english, entry.plural)


def _comment(entry: Entry) -> list[str]:
    fields = placeholders(entry.english) | placeholders(entry.plural or "")
    notes = []
    if fields:
        notes.append("Fills in: " + ", ".join(f"{{{f}}}" for f in sorted(fields)))
    ids = sorted(set(rule_ids_in(entry.english)))
    if ids:
        notes.append("Keep the rule IDs: " + ", ".join(ids))
    return notes


def updated(domain: Domain, lang: str, old: Catalog | None) -> Catalog:
    """The catalogue of ``lang`` for today's English: old translations kept by key."""
    catalog = Catalog(
        locale=lang,
        domain=domain.name,
        project=PROJECT,
        version="0.1",
        fuzzy=False,
        charset="utf-8",
        language_team=LANGUAGES[lang],
        creation_date=old.creation_date if old else None,
    )
    by_context = {message.context: message for message in (old or []) if message.id}
    for entry in domain.entries():
        message = Message(_msgid(entry), context=entry.context, auto_comments=_comment(entry))
        before = by_context.get(entry.context)
        if before is not None and before.string and before.string != ("", ""):
            message.string = before.string
            if before.id != message.id:
                message.flags.add("fuzzy")
                previous = before.id if isinstance(before.id, tuple) else (before.id,)
                message.previous_id = list(previous)
            elif before.fuzzy:
                message.flags.add("fuzzy")
        catalog[message.id] = message
    if old is not None:
        catalog.last_translator = old.last_translator
        catalog.revision_date = old.revision_date
    return catalog


def read(path: Path, lang: str) -> Catalog | None:
    if not path.is_file():
        return None
    with path.open("rb") as source:
        return read_po(source, locale=lang)


def write(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    out = io.BytesIO()
    write_po(
        out,
        catalog,
        width=100,
        omit_header=False,
        include_previous=True,
        sort_output=False,
        ignore_obsolete=True,
    )
    path.write_bytes(out.getvalue())


# --- checks -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Problem:
    domain: str
    lang: str
    context: str
    what: str

    def __str__(self) -> str:
        return f"{self.domain}/{self.lang} {self.context}: {self.what}"


def _forms(string: str | tuple[str, ...]) -> tuple[str, ...]:
    return string if isinstance(string, tuple) else (string,)


def problems(domain: Domain, lang: str) -> list[Problem]:
    """What keeps ``lang``'s catalogue of ``domain`` from being complete and safe to show."""
    catalog = read(po_path(domain, lang), lang)
    if catalog is None:
        return [Problem(domain.name, lang, "-", f"no catalogue {po_path(domain, lang)}")]
    found: list[Problem] = []
    messages = {message.context: message for message in catalog if message.id}
    for entry in domain.entries():
        message = messages.get(entry.context)

        def bad(what: str, context: str = entry.context) -> None:
            found.append(Problem(domain.name, lang, context, what))

        if message is None or message.id != _msgid(entry):
            bad("missing, or for an older English text (run `update`)")
            continue
        forms = _forms(message.string)
        if not all(forms):
            bad("not translated")
            continue
        if message.fuzzy:
            bad("fuzzy: the English text changed; check the translation, then drop the flag")
        english = placeholders(entry.english) | placeholders(entry.plural or "")
        try:
            fields = [placeholders(form) for form in forms]
        except ValueError as error:
            bad(f"not a valid template ({error})")
            continue
        union = set().union(*fields)
        if union != english or (entry.plural is None and fields[0] != english):
            bad(f"fills in {sorted(union)}, the English fills in {sorted(english)}")
        if entry.plural is not None and len(forms) != catalog.num_plurals:
            bad(f"has {len(forms)} plural forms, {lang} has {catalog.num_plurals}")
        wanted = sorted(set(rule_ids_in(entry.english + (entry.plural or ""))))
        for form in forms:
            if sorted(set(rule_ids_in(form))) != wanted:
                bad(f"cites {sorted(set(rule_ids_in(form)))}, the English cites {wanted}")
            for word, term in avoided(form, lang):
                said = term.german if lang == "de" else term.hungarian
                bad(f"says “{word}”: the kit's word for {term.english} is “{said}” (docs/terms.md)")
    extra = set(messages) - {entry.context for entry in domain.entries()}
    found += [
        Problem(domain.name, lang, context, "no longer in the code (run `update`)")
        for context in sorted(extra)
    ]
    return found


def compile_all(catalogues: Iterable[Domain]) -> list[Path]:
    """Write every ``.mo`` next to its ``.po``; returns the files written."""
    written = []
    for domain in catalogues:
        for lang in TRANSLATED:
            po = po_path(domain, lang)
            catalog = read(po, lang)
            if catalog is None:
                continue
            mo = po.with_suffix(".mo")
            with mo.open("wb") as out:
                write_mo(out, catalog)
            written.append(mo)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m gluckauf.text.translations", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("command", choices=["update", "check", "compile", "terms"])
    parser.add_argument("file", nargs="?", help="terms: where to write the table of key terms")
    parser.add_argument(
        "--lang", choices=TRANSLATED, action="append", help="only this language (default: all)"
    )
    parser.add_argument(
        "--domain",
        action="append",
        help="only this catalogue: engine, reference, widgets, tutorial",
    )
    args = parser.parse_args(argv)
    langs = args.lang or list(TRANSLATED)
    catalogues = [d for d in domains() if not args.domain or d.name in args.domain]
    if args.command == "update":
        for domain in catalogues:
            for lang in langs:
                path = po_path(domain, lang)
                write(updated(domain, lang, read(path, lang)), path)
                print(f"{path}: {len(domain.entries())} entries")
        return 0
    if args.command == "terms":
        text = terms_markdown()
        if args.file:
            Path(args.file).write_text(text, encoding="utf-8")
        else:
            print(text, end="")
        return 0
    if args.command == "compile":
        for path in compile_all(catalogues):
            print(path)
        return 0
    found = [p for domain in catalogues for lang in langs for p in problems(domain, lang)]
    for problem in found:
        print(problem)
    total = sum(len(d.entries()) for d in catalogues) * len(langs)
    print(
        f"{total - len({(p.domain, p.lang, p.context) for p in found})} of {total} entries complete"
    )
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
