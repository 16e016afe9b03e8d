"""Binder links for a copy of the kit (``gluckauf links``): the lessons and the play app on
mybinder.org, in each language, for the repository this checkout was cloned from.

A teacher who forks the kit gets working links without editing the README's placeholders by
hand: the repository comes from ``git remote get-url origin`` (or is given), and
:func:`fill_readme` writes it into the README's links (``OWNER/REPO``).

mybinder.org names a repository by its host: ``v2/gh/OWNER/REPO/REF`` for GitHub,
``v2/gl/GROUP%2FREPO/REF`` for GitLab and ``v2/git/URL/REF`` for any other git server.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path
from urllib.parse import quote

from ..core.errors import PhrasedError
from ..core.voice import Phrase
from ..text.i18n import LANGUAGES, translated_path
from .hublink import first_lesson

BINDER = "https://mybinder.org/v2"
PLACEHOLDER = f"{BINDER}/gh/OWNER/REPO/HEAD"  # the README's links before fill_readme
PLAY_APP = "notebooks/play.ipynb"

# https://github.com/o/r(.git), git@github.com:o/r(.git), ssh://git@gitlab.com/g/sub/r.git
_REMOTE = re.compile(
    r"^(?:(?:https?|ssh|git)://(?:[^@/]+@)?(?P<host>[^/:]+)(?::\d+)?/|[^@/]+@(?P<scp>[^:/]+):)"
    r"(?P<path>[^?#]+?)(?:\.git)?/*$"
)


class LinkError(PhrasedError):
    """A repository that cannot make a Binder link, or no repository to ask (``links.*``)."""


def binder_base(repo: str, ref: str = "HEAD") -> str:
    """The mybinder.org address of ``repo`` (a git remote: https or ssh) at ``ref``, without
    the page to open: ``https://mybinder.org/v2/gh/octo/kit/HEAD``."""
    found = _REMOTE.match(repo.strip())
    if found is None or not found["path"].strip("/"):
        raise LinkError(Phrase("links.not_a_repo", {"repo": repr(repo)}))
    if not ref or any(c.isspace() for c in ref):
        raise LinkError(Phrase("links.not_a_ref", {"ref": repr(ref)}))
    host, path = (found["host"] or found["scp"]).lower(), found["path"].strip("/")
    if host == "github.com" and path.count("/") == 1:
        return f"{BINDER}/gh/{path}/{ref}"
    if host == "gitlab.com":
        return f"{BINDER}/gl/{quote(path, safe='')}/{ref}"
    url = repo.strip() if "://" in repo else f"https://{host}/{path}"
    return f"{BINDER}/git/{quote(url, safe='')}/{ref}"


def binder_links(repo: str, ref: str = "HEAD") -> dict[str, tuple[str, str]]:
    """Per language: the Binder links of the first lesson (JupyterLab) and of the play app
    (Voilà)."""
    base = binder_base(repo, ref)
    return {
        lang: (
            f"{base}?urlpath=lab/tree/{first_lesson(lang)}",
            f"{base}?urlpath=voila/render/{translated_path(PLAY_APP, lang)}",
        )
        for lang in LANGUAGES
    }


def origin(folder: str | Path | None = None) -> str:
    """The address of the ``origin`` remote of the git checkout at ``folder`` (default: the
    current folder)."""
    folder = Path.cwd() if folder is None else Path(folder)
    try:
        done = subprocess.run(
            ["git", "-C", str(folder), "remote", "get-url", "origin"],
            capture_output=True,
            text=True,
            timeout=10,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        raise LinkError(Phrase("links.no_git")) from None
    if done.returncode != 0 or not done.stdout.strip():
        raise LinkError(Phrase("links.no_origin", {"folder": str(folder)}))
    return done.stdout.strip()


def fill_readme(text: str, repo: str) -> str:
    """The README ``text`` with its Binder links pointing at ``repo`` (the placeholder
    ``OWNER/REPO`` replaced, and the comment that explains it dropped)."""
    base = binder_base(repo)
    lines = [line for line in text.splitlines(keepends=True) if "is a placeholder" not in line]
    return "".join(lines).replace(PLACEHOLDER, base)


__all__ = ["LinkError", "binder_base", "binder_links", "fill_readme", "origin"]
