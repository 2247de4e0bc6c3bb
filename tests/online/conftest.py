"""Online play is tested over real sockets on loopback, against the real engine: a server in the test's own
event loop (`serving`), or in a subprocess (test_restart.py)."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator, Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar

from cs_desktop import SCENARIOS
from cs_desktop.online.referee import Referee
from cs_desktop.online.server import Limits, RefereeServer

T = TypeVar("T")
SCENARIO = "constitution-vs-guerriere"
#: a guard against a hang, never a measure: a test waits for messages, not for time
GUARD_S = 120.0


@asynccontextmanager
async def serving(folder: Path, limits: Limits = Limits(), port: int = 0) -> AsyncIterator[tuple[RefereeServer, str]]:
    server = RefereeServer(Referee(folder, SCENARIOS), limits)
    server.referee.load_all()
    bound = await server.start("127.0.0.1", port)
    try:
        yield server, f"ws://127.0.0.1:{bound}"
    finally:
        await server.stop()


def in_thread(fn: Callable[..., T], *args: Any) -> T:
    """Call `fn` on a thread of its own: the window's tests leave a qasync loop marked running on the main
    thread (gui/session.py `event_loop`), where `asyncio.run` then refuses to start."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(fn, *args).result()


def run(main: Callable[[], Awaitable[T]]) -> T:
    """Run a test's coroutine with a guard against hanging, on a thread and event loop of its own."""
    async def guarded() -> Any:
        return await asyncio.wait_for(main(), GUARD_S)
    return in_thread(lambda: asyncio.run(guarded()))  # type: ignore[no-any-return]


class ThreadServer:
    """A referee server on a thread of its own (its own event loop), for a test whose own loop is Qt's."""

    def __init__(self, folder: Path, port: int = 0) -> None:
        self.folder = folder
        self.port = port
        self.loop = asyncio.new_event_loop()
        self.server: RefereeServer | None = None
        self.url = ""
        self.thread = threading.Thread(target=self.loop.run_forever, name="test-server", daemon=True)

    def __enter__(self) -> ThreadServer:
        self.thread.start()
        self.server = RefereeServer(Referee(self.folder, SCENARIOS))
        self.server.referee.load_all()  # the games of a server that ran on this folder before
        port = asyncio.run_coroutine_threadsafe(self.server.start("127.0.0.1", self.port), self.loop).result(GUARD_S)
        self.port = port
        self.url = f"ws://127.0.0.1:{port}"
        return self

    def __exit__(self, *exc: object) -> None:
        assert self.server is not None
        asyncio.run_coroutine_threadsafe(self.server.stop(), self.loop).result(GUARD_S)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(GUARD_S)
