"""`captains-sea serve`: the referee server, on the `websockets` library's asyncio server.

Each connection is served by one task that reads messages in order and one that writes the frames queued for it,
so a slow or hostile client only ever holds up itself. Every message is checked (cs_desktop/online/protocol.py)
and rate limited (a token bucket per connection) before it reaches a table; a client that keeps sending what
cannot be used is disconnected. Logs name games, sides and addresses — never a code or a token.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from cs_desktop.online.protocol import MAX_CODES, MAX_MESSAGE_BYTES, Message, ProtocolError, encode, parse, refusal
from cs_desktop.online.referee import HostError, Referee
from cs_desktop.online.table import Subscriber, Table

log = logging.getLogger(__name__)
#: the WebSocket library's own logger: at DEBUG it would write frames, which carry invitation codes, so it is
#: held at INFO whatever the root logger's level
wire_log = logging.getLogger("cs_desktop.online.wire")
wire_log.setLevel(logging.INFO)

#: frames queued for one connection before it counts as unable to keep up (it is then closed)
QUEUE_FRAMES = 512


@dataclass(frozen=True, slots=True)
class Limits:
    rate: float = 100.0  # messages a second, on average, per connection (a computer captain's client is quick)
    burst: int = 200  # messages at once
    max_errors: int = 50  # refused messages (malformed or over the rate) before the connection is closed
    max_connections: int = 2000


class Bucket:
    """A token bucket: `take()` is False when the connection sends faster than its rate allows."""

    def __init__(self, rate: float, burst: int, now: float) -> None:
        self.rate, self.burst, self.tokens, self.at = rate, burst, float(burst), now

    def take(self, now: float) -> bool:
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class Connection:
    """One client: its queue of frames to send, its rate limit, and the table and seat it took (if any)."""

    def __init__(self, ws: ServerConnection, limits: Limits) -> None:
        self.ws = ws
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(QUEUE_FRAMES)
        self.bucket = Bucket(limits.rate, limits.burst, asyncio.get_running_loop().time())
        self.errors = 0
        self.table: Table | None = None
        self.sub: Subscriber | None = None
        self.writer: asyncio.Task[None] | None = None

    def push(self, text: str) -> bool:
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            return False
        return True

    async def write(self) -> None:
        while (text := await self.queue.get()) is not None:
            await self.ws.send(text)

    async def close(self, code: int, reason: str) -> None:
        """Send what is queued (if the client reads it within a second), then close with `code`."""
        if self.writer is not None and not self.queue.full():
            self.queue.put_nowait(None)
            await asyncio.wait([self.writer], timeout=1.0)
        await self.ws.close(code, reason)

    def where(self) -> str:
        side = self.sub.side if self.sub is not None else None
        game = self.table.game_id if self.table is not None else "-"
        return f"{self.ws.remote_address} game {game} {'seat ' + side if side else 'watching'}"


class RefereeServer:
    """The server: a `Referee` (the games) behind a WebSocket endpoint."""

    def __init__(self, referee: Referee, limits: Limits = Limits(), host_key: str | None = None) -> None:
        self.referee = referee
        self.limits = limits
        #: if set, a `host` message must carry it (a club's server hosts games for its members only)
        self.host_key = host_key
        self.connections = 0
        self.server: Server | None = None
        self._handlers: dict[str, Callable[[Connection, Message], Awaitable[None]]] = {
            "hello": self._hello, "watch": self._watch, "host": self._host, "submit": self._submit,
            "strike": self._submit, "undo": self._undo, "consent": self._consent, "export": self._export, "sync": self._sync, "games": self._games, "ping": self._ping}

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> int:
        """Listen; returns the port (0 asks the system for a free one). Every table's computers are woken."""
        self.server = await serve(self._serve, host, port, max_size=MAX_MESSAGE_BYTES, compression=None,
                                  max_queue=8, ping_interval=20, ping_timeout=60, logger=wire_log)
        for table in self.referee.tables.values():
            table.wake()
        return int(self.server.sockets[0].getsockname()[1])

    async def stop(self) -> None:
        if self.server is not None:
            self.server.close()
            await self.server.wait_closed()
        self.referee.close()

    async def _serve(self, ws: ServerConnection) -> None:
        if self.connections >= self.limits.max_connections:
            await ws.close(1013, "the server is full; try again later")
            return
        self.connections += 1
        conn = Connection(ws, self.limits)
        writer = conn.writer = asyncio.get_running_loop().create_task(conn.write())
        try:
            await self._read(conn)
        except ConnectionClosed:
            pass
        finally:
            self.connections -= 1
            if conn.table is not None and conn.sub is not None:
                conn.table.leave(conn.sub)
            if conn.queue.full():
                writer.cancel()
            else:
                conn.queue.put_nowait(None)
            await asyncio.gather(writer, return_exceptions=True)
            log.info("closed: %s", conn.where())

    async def _read(self, conn: Connection) -> None:
        loop = asyncio.get_running_loop()
        async for data in conn.ws:
            if conn.queue.full() or (conn.sub is not None and not conn.sub.alive):
                log.warning("closing %s: it does not read its frames", conn.where())
                await conn.ws.close(1008, "the connection does not read its frames")  # nothing more can be sent
                return
            if not conn.bucket.take(loop.time()):
                problem, code = "too many messages: slow down", "rate"
            else:
                try:
                    message = parse(data)
                except ProtocolError as e:
                    problem, code = str(e), "bad-message"
                else:
                    await self._handlers[message.type](conn, message)
                    if await self._cut_off(conn):  # a bad code or host key counts as refused messages
                        return
                    continue
            conn.errors += 1
            conn.push(encode(refusal(problem, code=code)))
            if await self._cut_off(conn):
                return

    async def _cut_off(self, conn: Connection) -> bool:
        """Close a connection that has sent too many messages that could not be used."""
        if conn.errors <= self.limits.max_errors:
            return False
        log.warning("closing %s: %d messages refused", conn.where(), conn.errors)
        await conn.close(1008, "too many refused messages")
        return True

    # ------------------------------------------------------------------ messages
    def _taken(self, conn: Connection) -> bool:
        if conn.table is not None:
            conn.push(encode(refusal("this connection has already joined a game; open another")))
            return True
        return False

    async def _hello(self, conn: Connection, message: Message) -> None:
        if self._taken(conn):
            return
        found = self.referee.seat(message.fields["code"])
        if found is None:
            conn.errors += 5  # guessing codes costs more than other mistakes
            conn.push(encode(refusal("this invitation code opens no seat on this server", code="bad-code")))
            return
        table, side = found
        conn.table, conn.sub = table, Subscriber(side, conn.push)
        log.info("seat taken: %s", conn.where())
        table.join(conn.sub, message.fields.get("since", 0))

    async def _watch(self, conn: Connection, message: Message) -> None:
        if self._taken(conn):
            return
        table = self.referee.tables.get(message.fields["game"])
        if table is None:
            conn.push(encode(refusal("no such game on this server", code="bad-game")))
            return
        conn.table, conn.sub = table, Subscriber(None, conn.push)
        table.join(conn.sub, message.fields.get("since", 0))

    async def _host(self, conn: Connection, message: Message) -> None:
        f = message.fields
        if self.host_key and not hmac.compare_digest(str(f.get("key", "")).encode(), self.host_key.encode()):
            conn.errors += 5  # guessing the key costs as much as guessing a code
            conn.push(encode(refusal("this server hosts games only with its host key", code="bad-key")))
            return
        try:
            table, codes = self.referee.host(f["scenario"], f["seats"], f.get("seed"), f.get("options"))
        except HostError as e:
            conn.push(encode(refusal(f"cannot host: {e}")))
            return
        conn.push(encode({"t": "hosted", "game": table.game_id, "codes": codes}))
        table.wake()

    async def _submit(self, conn: Connection, message: Message) -> None:
        if conn.table is None or conn.sub is None or conn.sub.side is None:
            conn.push(encode(refusal("take a seat first (hello with its invitation code)")))
            return
        strike = message.type == "strike"
        await conn.table.submit(conn.sub, message.fields["ask"], message.fields.get("answer"), strike)

    async def _undo(self, conn: Connection, message: Message) -> None:
        if conn.table is None or conn.sub is None or conn.sub.side is None:
            conn.push(encode(refusal("take a seat first (hello with its invitation code)")))
            return
        await conn.table.ask_undo(conn.sub, message.fields["ask"])

    async def _consent(self, conn: Connection, message: Message) -> None:
        if conn.table is None or conn.sub is None or conn.sub.side is None:
            conn.push(encode(refusal("take a seat first (hello with its invitation code)")))
            return
        await conn.table.consent(conn.sub, message.fields["agree"])

    async def _export(self, conn: Connection, message: Message) -> None:
        if conn.table is None or conn.sub is None or conn.sub.side is None:
            conn.push(encode(refusal("take a seat first (hello with its invitation code)")))
            return
        async with conn.table.lock:
            conn.push(encode(conn.table.export()))

    async def _sync(self, conn: Connection, message: Message) -> None:
        if conn.table is None or conn.sub is None:
            conn.push(encode(refusal("take a seat or watch a game first")))
            return
        async with conn.table.lock:
            conn.table.resend(conn.sub, message.fields.get("since", 0))

    async def _games(self, conn: Connection, message: Message) -> None:
        """For each code, where its game stands for its seat (None for a code that opens nothing)."""
        codes = message.fields["codes"]
        if len(codes) > MAX_CODES or not all(isinstance(c, str) for c in codes):
            conn.push(encode(refusal(f"games: give at most {MAX_CODES} invitation codes", code="bad-message")))
            return
        standings: list[dict[str, Any] | None] = []
        for code in codes:
            found = self.referee.seat(code)
            if found is None:
                conn.errors += 5  # a bad code costs as much here as in hello
            standings.append(found[0].standing(found[1]) if found is not None else None)
        conn.push(encode({"t": "games", "games": standings}))

    async def _ping(self, conn: Connection, message: Message) -> None:
        conn.push(encode({"t": "pong"}))


def status(referee: Referee) -> dict[str, Any]:
    """How many games, and how many are waiting for a human (for the log at start)."""
    waiting = sum(1 for t in referee.tables.values() if t.game.pending and t.computer_request() is None)
    return {"games": len(referee.tables), "waiting_for_players": waiting,
            "ended": sum(1 for t in referee.tables.values() if t.game.ended)}


async def run(folder: Path, scenarios: Path, host: str, port: int, ready: Callable[[int], None],
              host_key: str | None = None) -> None:
    """Serve until cancelled; `ready(port)` is called once listening."""
    referee = Referee(folder, scenarios)
    for problem in referee.load_all():
        log.error("not loaded: %s", problem)
    server = RefereeServer(referee, host_key=host_key)
    bound = await server.start(host, port)
    log.info("listening on %s:%d, %s, hosting %s", host, bound, status(referee),
             "with the host key only" if host_key else "open to every client")
    ready(bound)
    try:
        await asyncio.Future()
    finally:
        await server.stop()

