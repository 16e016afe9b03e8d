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
- Tables (:mod:`gluckauf.files.classtables`): ``POST <prefix>tables`` — a teacher seats groups
  of learners at new tables; ``GET <prefix>tables`` — the teacher's list, with the learners
  waiting for a table. ``GET <prefix>my-table`` — a learner's newest table (and that they are
  waiting for one); ``GET <prefix>tables/<n>?since=<changes>`` — the table once it has
  changed; ``POST <prefix>tables/<n>/move`` and ``…/undo`` — a learner's move, at their own
  seat only (``409`` if they had not seen the latest change). Questions that wait
  (``?wait=<s>``) are answered as soon as anything changes.

Nothing a learner sends is run: a bot is parsed as Python only to refuse what cannot be one.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import os
import random
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from tornado import ioloop, web

from .core.errors import FormatError
from .core.state import GameState
from .files.classfolder import KINDS, MAX_HANDED_IN, ClassFolder, check_learner_name, kind_of
from .files.classtables import (
    ClassTable,
    TableRefusal,
    check_language,
    check_learners,
    deal_table,
    play_at,
    read_tables,
    table_numbers,
    undo_at,
    write_table,
)
from .text.i18n import UnknownLanguage, language

PREFIX_VAR = "JUPYTERHUB_SERVICE_PREFIX"
URL_VAR = "JUPYTERHUB_SERVICE_URL"


MAX_WAIT = 30.0  # seconds a question that waits for a change is held at most
WAITING_FOR = 60.0  # a learner asked for their table this recently: they wait for one


class Tables:
    """The class's tables, kept in memory as games and on disk as records; waiters are told
    of every change."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        tables, self.unreadable = read_tables(folder)  # the unreadable ones are left alone
        self.games: dict[int, tuple[ClassTable, GameState]] = {t.number: (t, t.state())
                                                             for t in tables}  # fmt: skip
        self.last_number = max(table_numbers(folder), default=0)  # files never overwritten
        self.asked: dict[str, float] = {}  # learner → when they last asked for their table
        self._changed: asyncio.Future[None] | None = None

    def newest(self, user: str) -> ClassTable | None:
        seated = [table for table, _ in self.games.values() if table.seat_of(user) is not None]
        return max(seated, key=lambda t: t.number, default=None)

    def waiting(self, now: float) -> list[str]:
        """Who asked for a table lately and has none to play at (none, or its game over)."""
        return sorted(
            user
            for user, when in self.asked.items()
            if now - when < WAITING_FOR
            and ((t := self.newest(user)) is None or self.games[t.number][1].is_over)
        )

    def set_up(self, groups: Any, lang: Any, seed: Any) -> list[int]:
        if not isinstance(groups, list) or not groups:
            raise TableRefusal("learners", learners=repr(groups)[:80])
        checked = [check_learners(group) for group in groups]
        everyone = [name for group in checked for name in group]
        if len(set(everyone)) != len(everyone):  # one table for each learner
            raise TableRefusal("learners", learners=", ".join(everyone)[:200])
        lang = check_language(lang)
        if seed is None:
            seed = random.randrange(10**6)
        elif isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**31:
            raise TableRefusal("seed", seed=repr(seed)[:20])
        numbers = []
        for i, group in enumerate(checked):
            self.last_number += 1
            self.keep(deal_table(self.last_number, group, lang, seed + i))
            numbers.append(self.last_number)
        return numbers

    def keep(self, table: ClassTable, state: GameState | None = None) -> None:
        write_table(self.folder, table)
        self.games[table.number] = (table, state if state is not None else table.state())
        if self._changed is not None:
            self._changed.set_result(None)
            self._changed = None

    def change(self, number: int, user: str, seen: int, move: Any = None) -> ClassTable:
        """``user``'s move (``move``: its notation) or undo (None) at table ``number``."""
        table, state = self.games[number]
        probe = state.copy()  # the kept game changes only once the move is written
        done = (undo_at(table, probe, user, seen) if move is None
                else play_at(table, probe, user, seen, move))  # fmt: skip
        self.keep(done, probe)
        return done

    async def wait_until(self, ready: Callable[[], bool], seconds: float,
                         learner: str | None) -> None:  # fmt: skip
        """Until ``ready()`` — asked at once and after every change of any table — or until
        ``seconds`` pass; meanwhile ``learner`` (if any) counts as asking for their table."""
        until = time.monotonic() + seconds
        while True:
            if learner is not None:
                self.asked[learner] = time.time()
            left = until - time.monotonic()
            if ready() or left <= 0:
                return
            if self._changed is None:
                self._changed = asyncio.get_running_loop().create_future()
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(asyncio.shield(self._changed), left)


def hub_authenticated() -> type:
    """The hub's login for the service's requests: the user whose hub token came with it."""
    from jupyterhub.services.auth import HubAuth, HubAuthenticated

    class ByHubToken(HubAuthenticated):  # type: ignore[misc]
        hub_auth = HubAuth()

    return ByHubToken


def _base(auth: type) -> type:
    class Base(auth, web.RequestHandler):  # type: ignore[misc, valid-type]
        def initialize(self, folder: ClassFolder, teachers: frozenset[str], tables: Tables) -> None:
            self.folder, self.teachers, self.tables = folder, teachers, tables

        def user_name(self) -> str:
            return str(self.current_user["name"])

        def is_teacher(self) -> bool:
            return self.user_name() in self.teachers

        def answer(self, status: int, body: dict[str, Any]) -> None:
            self.set_status(status)
            self.set_header("Content-Type", "application/json")
            self.finish(json.dumps(body))

        def wait(self) -> float:
            try:
                asked = float(self.get_argument("wait", "0"))
            except ValueError:
                return 0.0
            return min(max(asked, 0.0), MAX_WAIT) if math.isfinite(asked) else 0.0

        def refuse(self, refusal: TableRefusal | FormatError, status: int = 400) -> None:
            """A refusal in the language asked for (409: the asker is behind the game)."""
            try:
                with language(self.get_argument("lang", "en")):
                    said = str(refusal)
            except UnknownLanguage:
                said = str(refusal)
            behind = getattr(refusal, "behind", False)
            self.answer(409 if behind else status, {"refused": said, "behind": behind})

        def seated(self, table: ClassTable) -> None:
            newest = self.tables.newest(self.user_name())
            self.answer(200, {"table": table.to_json(), "you": self.user_name(),
                              "newest": newest.number if newest else None})  # fmt: skip

        def body(self) -> dict[str, Any]:
            if len(self.request.body) > MAX_HANDED_IN:
                raise web.HTTPError(413)
            try:
                data = json.loads(self.request.body)
            except ValueError:
                raise web.HTTPError(400, "not JSON") from None
            if not isinstance(data, dict):
                raise web.HTTPError(400, "not a JSON object")
            return data

    return Base


def make_app(folder: ClassFolder, teachers: Iterable[str], prefix: str = "/",
             auth: type | None = None) -> web.Application:  # fmt: skip
    """The service's web application, serving under ``prefix``; ``auth``: how a request's
    user is known (a mixin with ``get_current_user``; by default the hub's token)."""
    base = _base(auth if auth is not None else hub_authenticated())
    tables = Tables(folder.path)
    settings = {"folder": folder, "teachers": frozenset(teachers), "tables": tables}

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

    class TableList(base):  # type: ignore[misc, valid-type]
        @web.authenticated
        def get(self) -> None:
            if not self.is_teacher():
                raise web.HTTPError(403)
            summaries = [t.summary(state) for t, state in self.tables.games.values()]
            self.answer(200, {"tables": sorted(summaries, key=lambda s: s["number"]),
                              "waiting": self.tables.waiting(time.time()),
                              "unreadable": self.tables.unreadable})  # fmt: skip

        @web.authenticated
        def post(self) -> None:
            if not self.is_teacher():
                raise web.HTTPError(403)
            data = self.body()
            try:
                numbers = self.tables.set_up(data.get("tables"), data.get("language", "en"),
                                             data.get("seed"))  # fmt: skip
            except (TableRefusal, FormatError) as refusal:
                self.refuse(refusal)
                return
            self.answer(200, {"numbers": numbers})

    class MyTable(base):  # type: ignore[misc, valid-type]
        @web.authenticated
        async def get(self) -> None:
            user = self.user_name()
            await self.tables.wait_until(lambda: self.tables.newest(user) is not None,
                                         self.wait(), user)  # fmt: skip
            table = self.tables.newest(user)
            if table is None:
                self.refuse(TableRefusal("none"), 404)
                return
            self.seated(table)

    class OneTable(base):  # type: ignore[misc, valid-type]
        def table(self, number: str) -> ClassTable:
            found = self.tables.games.get(int(number))
            if found is None:
                raise web.HTTPError(404)
            if found[0].seat_of(self.user_name()) is None and not self.is_teacher():
                raise web.HTTPError(403)
            return found[0]

        @web.authenticated
        async def get(self, number: str) -> None:
            """The table, once it has changed since ``since`` changes (or a newer table seats
            the asker), or when the wait is over."""
            try:
                since = int(self.get_argument("since", "-1"))
            except ValueError:
                raise web.HTTPError(400, "since is a number of changes") from None
            user = self.user_name()
            seated = self.table(number).seat_of(user) is not None  # else the teacher, watching

            def changed() -> bool:
                newest = self.tables.newest(user)
                moved_on = newest is not None and newest.number != int(number)
                return self.table(number).changes != since or moved_on

            await self.tables.wait_until(changed, self.wait(), user if seated else None)
            self.seated(self.table(number))

    class TableChange(base):  # type: ignore[misc, valid-type]
        @web.authenticated
        def post(self, number: str, what: str) -> None:
            data = self.body()
            if int(number) not in self.tables.games:
                raise web.HTTPError(404)
            move, seen = data.get("move") if what == "move" else None, data.get("seen")
            if what == "move" and move is None:
                raise web.HTTPError(400, "no move")
            if not isinstance(seen, int) or isinstance(seen, bool):
                raise web.HTTPError(400, "seen is the number of changes the screen has seen")
            try:
                table = self.tables.change(int(number), self.user_name(), seen, move)
            except (TableRefusal, FormatError) as refusal:
                self.refuse(refusal)
                return
            self.seated(table)

    kinds = "|".join(KINDS)
    return web.Application(
        [
            (rf"{prefix}hand-in/({kinds})", HandIn, settings),
            (rf"{prefix}class", Listing, settings),
            (rf"{prefix}class/([^/]+)/(.+)", OneFile, settings),
            (rf"{prefix}tables", TableList, settings),
            (rf"{prefix}my-table", MyTable, settings),
            (rf"{prefix}tables/(\d{{1,6}})", OneTable, settings),
            (rf"{prefix}tables/(\d{{1,6}})/(move|undo)", TableChange, settings),
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
