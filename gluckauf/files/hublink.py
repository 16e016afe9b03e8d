"""nbgitpuller links: one click logs a learner into a JupyterHub, copies (or updates) the kit's
repository in their home directory and opens a lesson (``gluckauf hub-link``).

The folder nbgitpuller creates is named after the last part of the repository's address, as
nbgitpuller itself names it (``https://github.com/octo/kit`` → ``kit``; a ``.git`` ending is
kept), so the link opens the lesson inside that folder.
"""

from __future__ import annotations

from urllib.parse import urlencode, urlsplit

from ..core.errors import PhrasedError
from ..core.voice import Phrase
from ..text.i18n import get_language, translated_path

DEFAULT_NOTEBOOK = "notebooks/00_start_here.ipynb"
DEFAULT_BRANCH = "main"
REPO_SCHEMES = ("https", "http", "file", "ssh", "git")


def first_lesson(lang: str) -> str:
    """The first lesson of the kit in ``lang`` ("en", "de", "hu")."""
    return translated_path(DEFAULT_NOTEBOOK, lang)


class HubLinkError(PhrasedError):
    """An address or path that cannot make a working link; the message says which and why
    (``hublink.*``), in the current language."""

    def __init__(self, key: str, **params: str) -> None:
        super().__init__(Phrase(f"hublink.{key}", params))


def pulled_folder(repo: str) -> str:
    """The folder nbgitpuller clones ``repo`` into, in the learner's home directory."""
    return repo.rstrip("/").split("/")[-1]


def hub_link(hub: str, repo: str, branch: str = DEFAULT_BRANCH,
             notebook: str = DEFAULT_NOTEBOOK) -> str:  # fmt: skip
    """The nbgitpuller link that opens ``notebook`` (a path inside the repository) in JupyterLab
    on the hub at ``hub``, after copying ``branch`` of ``repo``."""
    hub_parts = urlsplit(hub.strip())
    if hub_parts.scheme not in ("http", "https") or not hub_parts.netloc:
        raise HubLinkError("hub", hub=repr(hub))
    if hub_parts.query or hub_parts.fragment:
        raise HubLinkError("hub_query", hub=repr(hub))
    repo = repo.strip()
    if urlsplit(repo).scheme not in REPO_SCHEMES or not pulled_folder(repo):
        raise HubLinkError("repo", repo=repr(repo))
    if not branch.strip() or any(c.isspace() for c in branch):
        raise HubLinkError("branch", branch=repr(branch))
    notebook = notebook.strip().lstrip("/")
    if not notebook.endswith(".ipynb") or ".." in notebook.split("/"):
        example = first_lesson(get_language())  # the lessons of the teacher's language
        raise HubLinkError("notebook", notebook=repr(notebook), example=example)
    base = hub_parts._replace(path=hub_parts.path.rstrip("/")).geturl()
    if base.endswith("/hub"):  # the hub's own page was pasted: the link adds /hub itself
        base = base.removesuffix("/hub")
    query = urlencode(
        {"repo": repo, "urlpath": f"lab/tree/{pulled_folder(repo)}/{notebook}", "branch": branch}
    )
    return f"{base}/hub/user-redirect/git-pull?{query}"
