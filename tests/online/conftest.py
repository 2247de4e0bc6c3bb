"""Online play is tested over real sockets on loopback, against the real engine: a server in the test's own
event loop (`serving`), or in a subprocess (test_restart.py)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
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


def run(main: Callable[[], Awaitable[T]]) -> T:
    """Run a test's coroutine with a guard against hanging."""
    async def guarded() -> Any:
        return await asyncio.wait_for(main(), GUARD_S)
    return asyncio.run(guarded())  # type: ignore[no-any-return]
