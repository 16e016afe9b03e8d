"""The class service: a JupyterHub service that keeps what learners hand in (issue 30).

Started by the hub (``python -m gluckauf class serve --folder /srv/gluckauf/class --teachers
NAME,…``; ``docs/teaching.md``, "The class service", has the configuration for The Littlest
JupyterHub and for Zero to JupyterHub). Every request carries a hub token; the hub says whose
it is, so:

- ``POST <prefix>hand-in/<kind>`` (progress, game, bot) — anyone of the class hands in a file
  *as themselves*; it is checked (:class:`~gluckauf.files.classfolder.ClassFolder`) and kept
  in the learner's folder under the service's folder, which learners cannot read. A refusal
  is ``400 {"refused": "…"}`` in the language the request asks for (``?lang=de``).
- ``GET <prefix>class`` — the teachers only (``--teachers``): every learner's files by name;
  ``GET <prefix>class/<learner>/<file>`` one of them (``gluckauf class collect``).

Nothing a learner sends is run: a bot is parsed as Python only to refuse what cannot be one.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from tornado import ioloop, web

from .core.errors import FormatError
from .files.classfolder import KINDS, MAX_HANDED_IN, ClassFolder, check_learner_name, kind_of
from .text.i18n import UnknownLanguage, language

PREFIX_VAR = "JUPYTERHUB_SERVICE_PREFIX"
URL_VAR = "JUPYTERHUB_SERVICE_URL"


def _authenticated_base() -> type:
    from jupyterhub.services.auth import HubAuth, HubAuthenticated

    class Base(HubAuthenticated, web.RequestHandler):  # type: ignore[misc]
        hub_auth = HubAuth()

        def initialize(self, folder: ClassFolder, teachers: frozenset[str]) -> None:
            self.folder, self.teachers = folder, teachers

        def user_name(self) -> str:
            return str(self.current_user["name"])

        def is_teacher(self) -> bool:
            return self.user_name() in self.teachers

        def answer(self, status: int, body: dict[str, Any]) -> None:
            self.set_status(status)
            self.set_header("Content-Type", "application/json")
            self.finish(json.dumps(body))

    return Base


def make_app(folder: ClassFolder, teachers: Iterable[str], prefix: str = "/") -> web.Application:
    """The service's web application, serving under ``prefix``."""
    base = _authenticated_base()
    settings = {"folder": folder, "teachers": frozenset(teachers)}

    class HandIn(base):  # type: ignore[misc, valid-type]
        @web.authenticated
        def post(self, kind: str) -> None:
            lang = self.get_argument("lang", "en")
            if len(self.request.body) > MAX_HANDED_IN:
                raise web.HTTPError(413)
            try:
                with language(lang):
                    try:
                        stored = self.folder.store(self.user_name(), kind, self.request.body)
                    except FormatError as error:
                        self.answer(400, {"refused": str(error)})
                        return
            except UnknownLanguage:
                raise web.HTTPError(400, "unknown language") from None
            self.answer(200, {"stored": str(stored.relative_to(self.folder.path))})

    class Listing(base):  # type: ignore[misc, valid-type]
        @web.authenticated
        def get(self) -> None:
            if not self.is_teacher():
                raise web.HTTPError(403)
            self.answer(200, self.folder.files())

    class OneFile(base):  # type: ignore[misc, valid-type]
        @web.authenticated
        def get(self, learner: str, name: str) -> None:
            if not self.is_teacher():
                raise web.HTTPError(403)
            try:
                check_learner_name(learner)
                kind_of(name)
            except FormatError:
                raise web.HTTPError(404) from None
            path = self.folder.path / learner / name
            if not path.is_file():
                raise web.HTTPError(404)
            self.set_header("Content-Type", "application/octet-stream")
            self.finish(path.read_bytes())

    kinds = "|".join(KINDS)
    return web.Application(
        [
            (rf"{prefix}hand-in/({kinds})", HandIn, settings),
            (rf"{prefix}class", Listing, settings),
            (rf"{prefix}class/([^/]+)/(.+)", OneFile, settings),
        ]
    )


def serve(folder: str | os.PathLike[str], teachers: Iterable[str]) -> None:
    """Run the service where the hub says (``JUPYTERHUB_SERVICE_URL``, its prefix), until
    stopped. The folder is made readable by this service's user only."""
    from urllib.parse import urlparse

    path = Path(folder)
    path.mkdir(parents=True, exist_ok=True)
    path.chmod(0o700)
    url = urlparse(os.environ.get(URL_VAR, "http://127.0.0.1:10101"))
    prefix = os.environ.get(PREFIX_VAR, "/services/gluckauf/")
    app = make_app(ClassFolder(path), teachers, prefix)
    local = url.hostname in ("127.0.0.1", "localhost", "::1")  # else a name other pods use
    app.listen(url.port or 80, url.hostname if local else "0.0.0.0")
    ioloop.IOLoop.current().start()


SERVICE = "gluckauf"  # the service's name on the hub
ACCESS = f"access:services!service={SERVICE}"  # the scope to talk to it


def hub_settings(
    folder: str,
    teachers: Iterable[str],
    port: int = 10101,
    python: str = "python3",
    url: str | None = None,
) -> dict[str, Any]:
    """The hub's configuration for the class service (``c.<name> = <value>`` each): the
    service itself, the right of every user and of their servers' tokens to talk to it, and
    the service's address in every learner's server (``GLUCKAUF_CLASS_URL``). ``url``: where
    the hub and the learners' servers reach the service (default ``http://127.0.0.1:PORT``;
    on Kubernetes e.g. ``http://hub:10101``)."""
    url = (url or f"http://127.0.0.1:{port}").rstrip("/")
    command = [python, "-m", "gluckauf", "class", "serve", "--folder", folder]
    if teachers:
        command += ["--teachers", ",".join(teachers)]
    return {
        "JupyterHub.services": [{"name": SERVICE, "url": url, "command": command}],
        "JupyterHub.load_roles": [{"name": "user", "scopes": ["self", ACCESS]}],
        "Spawner.server_token_scopes": ["users:activity!user", "access:servers!server", ACCESS],
        "Spawner.environment": {"GLUCKAUF_CLASS_URL": f"{url}/services/{SERVICE}/"},
    }


def hub_config_text(settings: dict[str, Any]) -> str:
    """``settings`` as lines of a ``jupyterhub_config.py``."""
    lines = ["# The Glück Auf class service (python -m gluckauf class hub-config)"]
    lines += [f"c.{name} = {value!r}" for name, value in settings.items()]
    return "\n".join(lines) + "\n"


__all__ = ["ACCESS", "SERVICE", "hub_config_text", "hub_settings", "make_app", "serve"]
