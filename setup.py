"""Build step of the kit (everything else is in pyproject.toml): the translation catalogues.

Each ``<package>/locale/<lang>/LC_MESSAGES/<domain>.po`` is compiled to the ``.mo`` file the kit
reads at run time (:mod:`gluckauf.text.i18n`), with Babel, which only the build needs. An editable
install (``pip install -e .``) writes the ``.mo`` files next to the ``.po`` files; the kit also
compiles a ``.po`` that is newer than its ``.mo`` when Babel is at hand, so editing a catalogue
in a checkout needs no reinstall.
"""

from __future__ import annotations

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

PACKAGES_WITH_CATALOGUES = ("gluckauf", "widgets")
ROOT = Path(__file__).resolve().parent


def catalogues() -> list[Path]:
    """Every ``.po`` file, relative to the repository root."""
    return sorted(
        po.relative_to(ROOT)
        for package in PACKAGES_WITH_CATALOGUES
        for po in (ROOT / package / "locale").glob("*/LC_MESSAGES/*.po")
    )


def compile_catalogue(po: Path, mo: Path) -> None:
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as source:
        catalog = read_po(source)
    mo.parent.mkdir(parents=True, exist_ok=True)
    with mo.open("wb") as out:
        write_mo(out, catalog)


class BuildPyWithCatalogues(build_py):
    """``build_py`` that also compiles the gettext catalogues into the build."""

    def run(self) -> None:
        super().run()
        for po, mo in self._catalogue_mapping().items():
            compile_catalogue(Path(po), Path(mo))

    def _catalogue_mapping(self) -> dict[str, str]:
        target = ROOT if self.editable_mode else Path(self.build_lib)
        return {str(ROOT / po): str(target / po.with_suffix(".mo")) for po in catalogues()}

    def get_outputs(self, include_bytecode: bool = True) -> list[str]:
        return [*super().get_outputs(include_bytecode), *self._catalogue_mapping().values()]

    def get_output_mapping(self) -> dict[str, str]:
        mapping = dict(super().get_output_mapping())
        if not self.editable_mode:
            mapping.update({mo: po for po, mo in self._catalogue_mapping().items()})
        return mapping


setup(cmdclass={"build_py": BuildPyWithCatalogues})
