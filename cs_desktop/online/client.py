"""The client side of online play, without Qt: take a seat with an invitation code, follow the game, answer.

`SeatClient` keeps what its seat knows — the view, the pending request and its number (`ask`), the events seen
— and the number of the last event received (`upto`). When the connection drops, or the server restarts, it
connects again and says `hello` with that number, so the server sends exactly what it missed: the game resumes at
the exact decision. An answer carries the number of the request it answers, so an answer sent again after a
drop is taken once (`ack` with `again`). An illegal answer comes back `refused` with its rule, as offline.

`RemoteSeat` gives a computer captain what `cs_desktop.ai.seat.Seat` gives it, from the frames alone (the judgment
captain — easy — needs nothing more); `play_seat` lets a captain play a seat to the end.
"""

from __future__ import annotations

import asyncio
import json
import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from cs_desktop.rules import decisions
from cs_desktop.rules.cards import Scenario, ShipCard
from cs_desktop.rules.decisions import Refusal, Request
from cs_desktop.rules.dice import Dice
from cs_desktop.rules.view_types import ViewEvent
from cs_desktop.formats.savegame import game_from_save, parse_save, save_game


#: seconds to wait before sending again an answer the server refused as over its rate
RATE_PAUSE = 0.25


#: the WebSocket library's logger, held at INFO: at DEBUG it would write frames, and a hello carries the code
wire_log = logging.getLogger("cs_desktop.online.client.wire")
wire_log.setLevel(logging.INFO)


class OnlineError(RuntimeError):
    """The server refused what this client asked (a bad code, a bad message) or could not be reached."""


@dataclass
class SeatState:
    """What the seat knows, built from the frames."""

    side: str | None = None
    scenario: dict[str, Any] | None = None
    ships: dict[str, Any] = field(default_factory=dict)
    view: dict[str, Any] = field(default_factory=dict)
    request: dict[str, Any] | None = None
    ask: int = 0
    upto: int = 0
    events: list[ViewEvent] = field(default_factory=list)  # (from the frames: the referee's events, as sent)
    #: a request to take back a decision waiting for consent ({"side": who asks}), and how the last one ended
    undo: dict[str, Any] | None = None
    undo_result: dict[str, Any] | None = None

    def apply(self, frame: dict[str, Any]) -> None:
        kind = frame["t"]
        if kind == "welcome":
            self.side, self.scenario, self.ships = frame["side"], frame["scenario"], frame["ships"]
        elif kind == "update":
            self.view, self.request, self.ask = frame["view"], frame["request"], frame["ask"]
            self.events.extend(e for e in frame["events"] if e["n"] >= self.upto)
            self.upto = frame["upto"]
        elif kind == "rewound":  # a decision was taken back: the events after it are gone
            self.events = [e for e in self.events if e["n"] < frame["upto"]]
            self.upto = min(self.upto, frame["upto"])
        elif kind == "undo-asked":
            self.undo = frame
        elif kind == "undo-result":
            self.undo, self.undo_result = None, frame

    @property
    def ended(self) -> bool:
        return bool(self.view.get("ended"))


class SeatClient:
    """One seat of one game on one server, resumed across dropped connections and server restarts."""

    def __init__(self, url: str, code: str, *, retry_for: float = 60.0, watch: str | None = None) -> None:
        self.url, self.code, self.watch = url, code, watch
        self.retry_for = retry_for  # seconds to keep trying to reconnect before giving up
        self.seat = SeatState()
        self.frames: list[str] = []  # every frame received, as its text (the secrets test reads them)
        self.reconnects = 0
        self.last: dict[str, Any] = {}  # the last frame received
        self._ws: ClientConnection | None = None

    @property
    def connected(self) -> bool:
        """Whether the seat's connection is up now (False while it is being made again)."""
        return self._ws is not None

    async def connect(self) -> SeatState:
        """Connect (again), take the seat, and read until the seat's state has arrived."""
        loop = asyncio.get_running_loop()
        deadline, delay = loop.time() + self.retry_for, 0.05
        await self.close()
        while True:
            try:
                self._ws = await connect(self.url, proxy=None, compression=None, open_timeout=10,
                                         max_size=2**24, logger=wire_log)
                hello = ({"t": "watch", "game": self.watch} if self.watch else {"t": "hello", "code": self.code})
                await self._ws.send(json.dumps({**hello, "since": self.seat.upto}))
                while (await self._read())["t"] != "update":
                    pass
                return self.seat
            except (OSError, ConnectionClosed, InvalidHandshake, asyncio.TimeoutError):
                self._ws = None
                if loop.time() > deadline:
                    raise OnlineError(f"cannot reach {self.url}") from None
                await asyncio.sleep(delay)
                delay = min(delay * 2, 1.0)
                self.reconnects += 1

    async def _read(self) -> dict[str, Any]:
        assert self._ws is not None
        text = await self._ws.recv()
        assert isinstance(text, str)
        self.frames.append(text)
        frame: dict[str, Any] = json.loads(text)
        self.last = frame
        if frame["t"] == "error" and frame.get("code") in ("bad-code", "bad-game"):
            raise OnlineError(frame["message"])
        self.seat.apply(frame)
        return frame

    async def receive(self) -> dict[str, Any]:
        """The next frame, reconnecting (and resuming) if the connection drops."""
        while True:
            if self._ws is None:
                await self.connect()
                return self.last  # the state as the server sent it on taking the seat again
            try:
                return await self._read()
            except ConnectionClosed:
                self._ws = None

    async def send(self, message: dict[str, Any]) -> None:
        """Send a message as it is (tests use it to send what a well-behaved client would not)."""
        if self._ws is None:
            await self.connect()
        assert self._ws is not None
        await self._ws.send(json.dumps(message))

    async def wait_turn(self) -> SeatState:
        """Until something is asked of this seat or the game is over."""
        while self.seat.request is None and not self.seat.ended:
            await self.receive()
        return self.seat

    async def submit(self, answer: Any, strike: bool = False) -> dict[str, Any]:
        """Answer the pending request: the server's `ack` or `refused` (with its rule). Sent again, under the
        same request number, if the connection drops before the reply."""
        ask = self.seat.ask
        message = {"t": "strike", "ask": ask} if strike else {"t": "submit", "ask": ask, "answer": answer}
        while True:
            try:
                await self.send(message)
                while True:
                    frame = await self._read()
                    if frame["t"] in ("ack", "refused") and frame["ask"] == ask:
                        break
                    if frame["t"] == "error" and frame.get("code") == "rate":
                        break
                    if frame["t"] == "error":
                        return frame
            except ConnectionClosed:
                self._ws = None
                continue
            if frame["t"] == "error":
                await asyncio.sleep(RATE_PAUSE)  # over the server's rate: the same answer again, a little later
                continue
            if frame["t"] == "ack" and not frame.get("again"):
                while (await self._read())["t"] != "update":  # the seat's next state always follows
                    pass
            return frame

    async def ask_undo(self) -> None:
        """Ask to take back this seat's last decision; the answer comes as an `undo-result` frame."""
        await self.send({"t": "undo", "ask": self.seat.ask})

    async def consent(self, agree: bool) -> None:
        """Answer another seat's request to take back its last decision."""
        await self.send({"t": "consent", "agree": agree})

    async def close(self) -> None:
        if self._ws is not None:
            await self._ws.close()
            self._ws = None


def write_export(frame: dict[str, Any], target: Path) -> Path:
    """Write a finished game's `export` frame as an ordinary saved game, after replaying it through the engine
    (a save that does not replay is refused: SaveError)."""
    game = game_from_save(parse_save(json.dumps(frame["save"]), target), target)
    return save_game(game, target, {"title": "online game", **frame.get("meta", {})})


async def my_games(url: str, codes: list[str]) -> list[dict[str, Any] | None]:
    """Where each game stands for the seat its code opens (turn, whether it is that seat's turn, ended), in
    the order of `codes`; None for a code that opens nothing on that server."""
    async with connect(url, proxy=None, compression=None, open_timeout=10, logger=wire_log) as ws:
        await ws.send(json.dumps({"t": "games", "codes": codes}))
        reply = json.loads(await ws.recv())
    if reply.get("t") != "games":
        raise OnlineError(str(reply.get("message")))
    games: list[dict[str, Any] | None] = reply["games"]
    return games


def request_of(data: dict[str, Any]) -> Request:
    """A request as the engine made it, from its frame (`Request.to_dict`)."""
    ships = data["ships"]
    return Request(data["kind"], data["side"], data["rule"], data["prompt"],
                   tuple(data["options"]) if data["options"] is not None else None,
                   {k: tuple(v) for k, v in ships.items()} if ships is not None else None, data["info"])


class RemoteSeat:
    """What a computer captain's `Seat` offers, made from a seat's frames: the side, the request, the scenario
    and ship cards, the view. It has no game, so it cannot make determinized copies (the searching levels need
    them: they play on the server, where the table seats them)."""

    def __init__(self, seat: SeatState, cards: dict[str, ShipCard], scenario: Scenario) -> None:
        assert seat.request is not None and seat.side is not None
        self.side = seat.side
        self.request = request_of(seat.request)
        self.scenario, self.cards, self._view = scenario, cards, seat.view

    def view(self, events: bool = False) -> dict[str, Any]:
        return self._view

    def legal(self, answer: Any) -> Refusal | None:
        if decisions.sampling_reads_state(self.request):
            return None  # the server checks it
        return decisions.validate(None, self.request, answer)

    def sample(self, rng: Dice) -> Any:
        if decisions.sampling_reads_state(self.request):
            raise OnlineError(f"a remote seat cannot sample {self.request.kind!r}: it has no state")
        return decisions.sample(None, self.request, rng)


async def play_seat(client: SeatClient, captain: Any, max_decisions: int = 100_000,
                    on_reply: Any = None) -> SeatState:
    """Let `captain` (one with `choose(seat)` that reads only the view: easy, judgment) play the seat to the end."""
    await client.connect()
    seat = client.seat
    scenario = Scenario.model_validate(seat.scenario)
    cards = {k: ShipCard.model_validate(v) for k, v in seat.ships.items()}
    for _ in range(max_decisions):
        await client.wait_turn()
        if seat.ended:
            break
        reply = await client.submit(captain.choose(RemoteSeat(seat, cards, scenario)))
        if on_reply is not None:
            on_reply(reply)
        if reply["t"] != "ack":
            raise OnlineError(f"the captain's answer was refused: {reply}")
    return seat
