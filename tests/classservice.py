"""The class service (gluckauf.hubservice) without a hub, for tests and benchmarks: its real
application in a thread of its own, on a free port, knowing a request's user from its token
(the token *is* the name)."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tornado.httpserver import HTTPServer
from tornado.netutil import bind_sockets

from gluckauf.files.classfolder import ClassFolder
from gluckauf.hubservice import make_app

TEACHER = "tess"


class ByToken:
    """The service's login here: the token is the user's name."""

    def get_current_user(self) -> dict[str, str] | None:  # tornado's name
        token = self.request.headers.get("Authorization", "").removeprefix("token ")  # type: ignore[attr-defined]
        return {"name": token} if token else None


@contextmanager
def class_service(folder: Path) -> Iterator[Callable[[str], dict[str, Any]]]:
    """Run the service on ``folder``; yields a function: the client's address for a user."""
    sockets = bind_sockets(0, "127.0.0.1")
    port = sockets[0].getsockname()[1]
    ready = threading.Event()
    stop: asyncio.Event | None = None

    async def main() -> None:
        nonlocal stop
        stop = asyncio.Event()
        server = HTTPServer(make_app(ClassFolder(folder), [TEACHER], "/", auth=ByToken))
        server.add_sockets(sockets)
        ready.set()
        await stop.wait()
        server.stop()
        await server.close_all_connections()

    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_until_complete, args=(main(),), daemon=True)
    thread.start()
    ready.wait(10)
    try:
        yield lambda user: {"url": f"http://127.0.0.1:{port}/", "token": user}
    finally:
        loop.call_soon_threadsafe(stop.set)  # type: ignore[union-attr]
        thread.join(10)
        loop.close()
