"""Handing in to the class, and collecting what was handed in (issue 30).

On a JupyterHub with the class service (:mod:`gluckauf.hubservice`), a learner's server knows
the service's address (``GLUCKAUF_CLASS_URL``, set by the hub's configuration) and its own hub
token (``JUPYTERHUB_API_TOKEN``). :func:`hand_in` posts one file; the service learns from the
token *who* hands it in, so a learner can hand in only as themselves, and it keeps the file
where learners cannot read it. :func:`collect` — the teacher's — copies everything handed in
to a local :class:`~gluckauf.files.classfolder.ClassFolder`, checking each file again.

Only the standard library speaks HTTP here: a learner's kernel needs nothing more.
"""

from __future__ import annotations

import json
import os
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field

from ..core.errors import FormatError, PhrasedError
from ..core.voice import Phrase
from ..text.i18n import get_language
from .classfolder import ClassFolder, check_learner_name, kind_of

URL_VAR = "GLUCKAUF_CLASS_URL"
TOKEN_VAR = "JUPYTERHUB_API_TOKEN"
TIMEOUT = 10.0  # seconds to wait for the class service


class HandInError(PhrasedError):
    """Handing in or collecting did not work: no class service, no answer, a refusal.
    ``status``: the service's HTTP status for a refusal (None: no answer at all)."""

    def __init__(self, phrase: Phrase, status: int | None = None) -> None:
        super().__init__(phrase)
        self.status = status


@dataclass
class Collected:
    """What one :func:`collect` did: files copied, and those refused (name → why)."""

    copied: int = 0
    unchanged: int = 0
    refused: dict[str, str] = field(default_factory=dict)


def class_url() -> str | None:
    """The class service's address on this server, or None (no class to hand in to)."""
    url = os.environ.get(URL_VAR, "").strip()
    return url.rstrip("/") + "/" if url else None


def can_hand_in() -> bool:
    """Whether this server belongs to a class with a class service."""
    return class_url() is not None and bool(os.environ.get(TOKEN_VAR))


def request(url: str, token: str, *, data: bytes | None = None, timeout: float) -> bytes:
    """GET ``url`` (POST ``data``) with the hub token; the answer's body, or HandInError."""
    asked = urllib.request.Request(url, data=data, method="POST" if data is not None else "GET")
    asked.add_header("Authorization", f"token {token}")
    if data is not None:
        asked.add_header("Content-Type", "application/octet-stream")
    try:
        with urllib.request.urlopen(asked, timeout=timeout) as response:
            return response.read()
    except urllib.error.HTTPError as error:
        with error:  # its connection is closed once the refusal is read
            raise _refusal(error) from None
    except (urllib.error.URLError, OSError) as error:
        raise HandInError(Phrase("handin.no_answer", {"url": url, "why": str(error)})) from None


def _refusal(error: urllib.error.HTTPError) -> HandInError:
    """The service's refusal in words: its own sentence (worded in the language asked for)
    for a file it refused; who may do what for 403; else the HTTP status."""
    if error.code in (401, 403):
        return HandInError(Phrase("handin.forbidden", {"url": error.url}), error.code)
    try:
        said = json.loads(error.read())["refused"]
    except (ValueError, KeyError, TypeError, OSError):
        said = f"HTTP {error.code}"
    return HandInError(Phrase("handin.refused", {"why": str(said)}), error.code)


def service_at(url: str | None, token: str | None) -> tuple[str, str]:
    url = url or class_url()
    token = token or os.environ.get(TOKEN_VAR, "")
    if not url or not token:
        raise HandInError(Phrase("handin.no_class"))
    return url.rstrip("/") + "/", token


def hand_in(
    kind: str,
    content: bytes,
    *,
    url: str | None = None,
    token: str | None = None,
    lang: str | None = None,
    timeout: float = TIMEOUT,
) -> str:
    """Hand in a file (``kind``: progress, game or bot); returns its name in the class's
    folder. The service's refusals are worded in ``lang`` (default: the current language)."""
    base, token = service_at(url, token)
    query = urllib.parse.urlencode({"lang": lang or get_language()})
    answer = request(f"{base}hand-in/{kind}?{query}", token, data=content, timeout=timeout)
    return str(json.loads(answer)["stored"])


def collect(
    folder: ClassFolder,
    *,
    url: str | None = None,
    token: str | None = None,
    timeout: float = TIMEOUT,
) -> Collected:
    """Copy every file handed in to ``folder`` (the teacher's): new and changed files are
    checked again and written; a file that fails the check is listed, never kept."""
    base, token = service_at(url, token)
    listing = json.loads(request(f"{base}class", token, timeout=timeout))
    report = Collected()
    for learner, names in sorted(listing.items()):
        for name in names:
            where = f"{learner}/{name}"
            try:
                check_learner_name(learner)
                kind_of(name)
                quoted = "/".join(urllib.parse.quote(part) for part in (learner, *name.split("/")))
                content = request(f"{base}class/{quoted}", token, timeout=timeout)
                if folder.put(learner, name, content):
                    report.copied += 1
                else:
                    report.unchanged += 1
            except (FormatError, HandInError) as error:
                report.refused[where] = str(error)
    return report


__all__ = ["TOKEN_VAR", "URL_VAR", "Collected", "HandInError", "can_hand_in", "class_url",
           "collect", "hand_in", "request", "service_at"]  # fmt: skip
