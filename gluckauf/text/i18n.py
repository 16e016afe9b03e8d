"""One language for the whole kit: engine sentences, widget texts and lessons.

The English texts live in the code, in plain dicts keyed by name (``rule.R-MINE-3.title``); each
dict is registered as a :class:`Texts` table of a gettext *domain* (one catalogue file per
language). German and Hungarian come from the catalogues
``<package>/locale/<lang>/LC_MESSAGES/<domain>.po``, kept with Babel and compiled to ``.mo``
when the kit is built (``setup.py``). In a catalogue the key is the entry's context
(``msgctxt``) and the English text its ``msgid``; a pair of keys ``x.one`` / ``x.many`` is one
plural entry with context ``x``, so each language counts by its own plural rule.

The language is chosen once: :func:`set_language` (``set_language("hu")``), or before start-up
the environment variable ``GLUCKAUF_LANG`` (``de``, ``hu_HU.UTF-8``…). A text missing from a
catalogue reads in English, so a half-finished translation never fails.
"""

from __future__ import annotations

import contextlib
import gettext
import io
import os
import string
import warnings
from collections.abc import Iterator, Mapping
from importlib import resources
from typing import Any, ClassVar, NamedTuple

from .numbers import format_number, is_number

#: The kit's languages, by code, each named in its own language (for a language picker).
LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch", "hu": "Magyar"}
ENGLISH = "en"
ENV_VAR = "GLUCKAUF_LANG"


class UnknownLanguage(ValueError):
    """A language code the kit has no texts for."""


def normalise(code: str) -> str:
    """A language code as the kit keys it: ``"hu_HU.UTF-8"`` → ``"hu"``, ``"DE"`` → ``"de"``.

    Raises :class:`UnknownLanguage` for a language the kit does not ship."""
    if not isinstance(code, str):
        raise UnknownLanguage(f"a language is a code such as 'hu', not {code!r}")
    short = code.strip().split(".")[0].replace("-", "_").split("_")[0].lower()
    if short not in LANGUAGES:
        known = ", ".join(f"'{c}' ({name})" for c, name in LANGUAGES.items())
        raise UnknownLanguage(f"the kit has no texts in {code!r}; its languages are {known}")
    return short


def _from_environment() -> str:
    value = os.environ.get(ENV_VAR, "")
    if not value:
        return ENGLISH
    try:
        return normalise(value)
    except UnknownLanguage as error:
        warnings.warn(f"{ENV_VAR}={value!r} is ignored: {error}", stacklevel=2)
        return ENGLISH


_language = _from_environment()


def get_language() -> str:
    """The current language's code: ``"en"``, ``"de"`` or ``"hu"``."""
    return _language


def set_language(code: str) -> None:
    """Use ``code`` (``"en"``, ``"de"``, ``"hu"``, or a locale name such as ``"hu_HU.UTF-8"``)
    for every text from now on. (Nothing is returned, so a notebook cell shows nothing.)

    Widgets show the new language when they next draw (the board's language picker redraws at
    once)."""
    global _language
    _language = normalise(code)


@contextlib.contextmanager
def language(code: str) -> Iterator[str]:
    """Texts in ``code`` inside the ``with`` block, the previous language after it."""
    before = _language
    try:
        set_language(code)
        yield _language
    finally:
        set_language(before)


def translated_path(english_path: str, lang: str | None = None) -> str:
    """A file of the kit in a language (default: the current one): a translation sits in a
    folder named after its language beside the English file (``notebooks/play.ipynb`` →
    ``notebooks/de/play.ipynb``)."""
    lang = lang or _language
    if lang == ENGLISH:
        return english_path
    folder, _slash, name = english_path.rpartition("/")
    return f"{folder}/{lang}/{name}" if folder else f"{lang}/{name}"


def say_number(value: float, spec: str = "") -> str:
    """``value`` formatted by ``spec`` (``".1%"``, ``".2f"``, ``"+.1f"``) the current language's
    way: ``say_number(0.634, ".1%")`` is ``63.4%`` in English, ``63,4 %`` in German."""
    return format_number(value, spec, _language)


# --- catalogues --------------------------------------------------------------------------------
class Entry(NamedTuple):
    """One catalogue entry: its context (the key), English text and, for a plural, plural."""

    context: str
    english: str
    plural: str | None = None


def placeholders(template: str) -> set[str]:
    """The fields a template fills in: ``"{name} pays {marks}"`` → ``{"name", "marks"}``.

    Raises ``ValueError`` for a malformed template (an unmatched brace)."""
    return {
        field
        for _text, field, _spec, _conv in string.Formatter().parse(template)
        if field is not None
    }


class Domain:
    """One gettext catalogue: ``<package>/locale/<lang>/LC_MESSAGES/<name>.mo`` (or ``.po``)."""

    registry: ClassVar[dict[str, Domain]] = {}

    def __init__(self, name: str, package: str) -> None:
        self.name = name
        self.package = package
        self.tables: dict[str, Texts] = {}
        self._loaded: dict[str, gettext.NullTranslations] = {}
        Domain.registry[name] = self

    def texts(self, prefix: str, english: Mapping[str, str]) -> Texts:
        """Register the English table ``english``; its keys get the context ``prefix.key``
        (just ``key`` when ``prefix`` is empty)."""
        table = Texts(self, prefix, dict(english))
        self.tables[prefix] = table
        return table

    def entries(self) -> list[Entry]:
        """Every entry of every table, in table order: what the catalogue must translate."""
        return [entry for table in self.tables.values() for entry in table.entries()]

    def catalogue_path(self, lang: str, suffix: str = ".po") -> Any:
        """The catalogue file of ``lang`` (a :mod:`importlib.resources` path)."""
        return (
            resources.files(self.package) / "locale" / lang / "LC_MESSAGES" / f"{self.name}{suffix}"
        )

    def translations(self, lang: str) -> gettext.NullTranslations:
        """The compiled catalogue of ``lang`` (cached); English is the texts themselves."""
        if lang not in self._loaded:
            self._loaded[lang] = self._load(lang)
        return self._loaded[lang]

    def _load(self, lang: str) -> gettext.NullTranslations:
        if lang == ENGLISH:
            return gettext.NullTranslations()
        mo, po = self.catalogue_path(lang, ".mo"), self.catalogue_path(lang, ".po")
        data = _compile_fresher_po(po, mo)
        if data is None and mo.is_file():
            data = mo.read_bytes()
        if data is None:
            return gettext.NullTranslations()
        return gettext.GNUTranslations(io.BytesIO(data))


def _compile_fresher_po(po: Any, mo: Any) -> bytes | None:
    """In a checkout, a ``.po`` edited after the last build: compiled here, if Babel is at hand
    (a built kit ships only ``.mo`` files)."""
    if not po.is_file():
        return None
    with contextlib.suppress(OSError, TypeError):
        if mo.is_file() and os.path.getmtime(str(mo)) >= os.path.getmtime(str(po)):
            return None
    try:
        from babel.messages import mofile, pofile
    except ImportError:
        return None
    with po.open("rb") as source:
        catalog = pofile.read_po(source)
    out = io.BytesIO()
    mofile.write_mo(out, catalog)
    return out.getvalue()


class Texts(Mapping[str, str]):
    """An English table of keyed templates, read in the current language.

    ``texts["rule.R-MINE-3.title"]`` is the template (translated when the catalogue has it) and
    ``texts.say(key, **params)`` fills it in. A plural pair ``x.one`` / ``x.many`` is looked up
    with the number ``n`` from the parameters, by the language's own plural rule."""

    def __init__(self, domain: Domain, prefix: str, english: dict[str, str]) -> None:
        self.domain = domain
        self.prefix = prefix
        self.english = english

    def context(self, key: str) -> str:
        return f"{self.prefix}.{key}" if self.prefix else key

    def _plural_base(self, key: str) -> str | None:
        base, _dot, form = key.rpartition(".")
        if (
            form in ("one", "many")
            and f"{base}.one" in self.english
            and f"{base}.many" in self.english
        ):
            return base
        return None

    def template(self, key: str, n: int | None = None) -> str:
        """The template of ``key`` in the current language (``n`` picks a plural form)."""
        english = self.english[key]
        if _language == ENGLISH or not english:  # "" says nothing in any language
            return english
        catalogue = self.domain.translations(_language)
        base = self._plural_base(key)
        if base is None:
            return catalogue.pgettext(self.context(key), english)
        if n is None:
            n = 1 if key.endswith(".one") else 2
        return catalogue.npgettext(
            self.context(base), self.english[f"{base}.one"], self.english[f"{base}.many"], n
        )

    def __getitem__(self, key: str) -> str:
        return self.template(key)

    def __iter__(self) -> Iterator[str]:
        return iter(self.english)

    def __len__(self) -> int:
        return len(self.english)

    def say(self, key: str, **params: Any) -> str:
        """The text of ``key`` in the current language, filled in with ``params`` (numbers
        written the language's way: :mod:`gluckauf.text.numbers`)."""
        n = params.get("n")
        template = self.template(key, n if isinstance(n, int) else None)
        if _language == ENGLISH:
            return template.format(**params)
        return _NUMBERS.vformat(template, (), params)

    def entries(self) -> Iterator[Entry]:
        for key, english in self.english.items():
            if not english:  # nothing to translate (and "" is a catalogue's header)
                continue
            base = self._plural_base(key)
            if base is None:
                yield Entry(self.context(key), english)
            elif key.endswith(".one"):
                yield Entry(self.context(base), english, self.english[f"{base}.many"])


class _LanguageNumbers(string.Formatter):
    """``str.format`` that writes numbers the current language's way."""

    def format_field(self, value: Any, format_spec: str) -> Any:
        if is_number(value):
            return format_number(value, format_spec, _language)
        return super().format_field(value, format_spec)


_NUMBERS = _LanguageNumbers()


#: The engine's catalogues: its sentences (refusals, events, rules, bots, reviews) and the rules
#: reference. The widgets declare theirs (``widgets.labels``, ``widgets.tutorial.phrases``).
ENGINE = Domain("engine", "gluckauf")
REFERENCE = Domain("reference", "gluckauf")

__all__ = [
    "ENGINE",
    "LANGUAGES",
    "REFERENCE",
    "Domain",
    "Texts",
    "UnknownLanguage",
    "get_language",
    "language",
    "say_number",
    "set_language",
    "translated_path",
]
