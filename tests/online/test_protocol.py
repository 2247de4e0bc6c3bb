"""Issue 32, item 4: every message is checked (size, depth, types) and refused with a reason; a connection is
rate limited; a malformed or flooding client is cut off and cannot stop another game.

API tested: protocol.parse, RefereeServer over real sockets, SeatClient, play_seat.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from cs_desktop.ai.captains import make_captain
from cs_desktop.online.client import SeatClient, play_seat
from cs_desktop.online.protocol import MAX_DEPTH, MAX_MESSAGE_BYTES, ProtocolError, parse
from cs_desktop.online.server import Limits

from tests.online.conftest import SCENARIO, run, serving

BAD = {
    "not JSON": "{nope",
    "not an object": "[1, 2]",
    "NaN": '{"t": "submit", "ask": 0, "answer": NaN}',
    "too deep": '{"t": "submit", "ask": 0, "answer": ' + "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1) + "}",
    "too big": json.dumps({"t": "ping", "pad": "x" * MAX_MESSAGE_BYTES}),
    "unknown type": '{"t": "teleport"}',
    "no type": '{"ask": 1}',
    "missing field": '{"t": "submit", "answer": 1}',
    "unknown field": '{"t": "ping", "extra": 1}',
    "ask not a number": '{"t": "submit", "ask": "0", "answer": 1}',
    "ask a boolean": '{"t": "submit", "ask": true, "answer": 1}',
    "ask negative": '{"t": "submit", "ask": -1, "answer": 1}',
    "code not a string": '{"t": "hello", "code": 12}',
    "seats not an object": '{"t": "host", "scenario": "x", "seats": []}',
    "long string": json.dumps({"t": "hello", "code": "c" * 5000}),
    "wide array": json.dumps({"t": "submit", "ask": 0, "answer": list(range(3000))}),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_a_malformed_message_is_refused_with_a_reason(name: str) -> None:
    with pytest.raises(ProtocolError) as refused:
        parse(BAD[name])
    assert str(refused.value)


def test_well_formed_messages_pass() -> None:
    assert parse('{"t": "submit", "ask": 3, "answer": {"s": ["a", 1, null, true]}}').fields["ask"] == 3
    assert parse('{"t": "hello", "code": "abc.def", "since": 10}').type == "hello"
    with pytest.raises(ProtocolError):
        parse(b'{"t": "ping"}')


def test_bad_clients_are_refused_and_cut_off_while_another_game_plays_on(tmp_path: Path) -> None:
    """Actions: while a seat plays a whole game against the easy captain, one client sends every malformed
    message (each refused, with a reason), another floods pings past its rate and then past its error budget,
    a third sends a frame over the size limit. Expected: refusals for each bad message, the flooders closed,
    and the game played to its end."""
    limits = Limits(rate=0.01, burst=300, max_errors=30)  # the seat's ~100 answers fit in the burst

    async def junk(url: str) -> list[str]:
        reasons = []
        async with connect(url, proxy=None, compression=None, max_size=None) as ws:
            for name, text in BAD.items():
                if name == "too big":
                    continue
                await ws.send(text)
                reply = json.loads(await ws.recv())
                assert reply["t"] == "error", (name, reply)
                reasons.append(reply["message"])
        return reasons

    async def flood(url: str) -> tuple[int, int | None]:
        limited = 0
        async with connect(url, proxy=None, compression=None) as ws:
            try:
                for _ in range(400):
                    await ws.send('{"t": "ping"}')
                while True:
                    reply = json.loads(await ws.recv())
                    limited += reply.get("code") == "rate"
            except ConnectionClosed as e:
                return limited, e.rcvd.code if e.rcvd else None

    async def oversize(url: str) -> int | None:
        async with connect(url, proxy=None, compression=None) as ws:
            try:
                await ws.send(BAD["too big"])
                await ws.recv()
            except ConnectionClosed as e:
                return e.rcvd.code if e.rcvd else None
        return None

    async def main() -> None:
        async with serving(tmp_path, limits) as (server, url):
            table, codes = server.referee.host(SCENARIO, {"us": "human", "gb": "easy"}, seed=5,
                                               options={"turn_limit": 3})
            game = asyncio.ensure_future(play_seat(SeatClient(url, codes["us"]), make_captain("easy", 2)))
            reasons, (limited, flood_code), big_code = await asyncio.gather(junk(url), flood(url), oversize(url))
            assert len(reasons) == len(BAD) - 1 and all(reasons)
            assert limited > 0 and flood_code == 1008
            assert big_code == 1009  # the WebSocket library: message too big
            seat = await game
            assert seat.ended and table.game.ended

    run(main)


def test_hosting_is_checked_and_may_need_the_servers_host_key(tmp_path: Path) -> None:
    """Actions: ask to host with a path for a scenario, a scenario the server lacks, seats that miss a side or
    name an unknown captain, an option the rules refuse; then on a server with a host key, without and with it.
    Expected: each refused with the reason, no game made; with the key, the game is hosted."""
    async def ask(url: str, **fields: object) -> dict[str, object]:
        async with connect(url, proxy=None, compression=None) as ws:
            await ws.send(json.dumps({"t": "host", **fields}))
            reply: dict[str, object] = json.loads(await ws.recv())
            return reply

    both = {"us": "human", "gb": "easy"}
    bad = [({"scenario": "../../etc/passwd", "seats": both}, "no scenario"),
           ({"scenario": "no-such-battle", "seats": both}, "no scenario"),
           ({"scenario": SCENARIO, "seats": {"us": "human"}}, "one seat for each side"),
           ({"scenario": SCENARIO, "seats": {"us": "human", "gb": "admiral"}}, "is not one of"),
           ({"scenario": SCENARIO, "seats": both, "options": {"prize_crews": True}}, "fleet"),
           ({"scenario": SCENARIO, "seats": both, "options": {"turn_limit": "soon"}}, "turn_limit")]

    async def main() -> None:
        async with serving(tmp_path / "open") as (server, url):
            for fields, reason in bad:
                reply = await ask(url, **fields)
                assert reply["t"] == "error" and reason in str(reply["message"]), (fields, reply)
            assert server.referee.tables == {}
        async with serving(tmp_path / "club") as (server, url):
            server.host_key = "club-secret"
            assert (await ask(url, scenario=SCENARIO, seats=both))["code"] == "bad-key"
            assert (await ask(url, scenario=SCENARIO, seats=both, key="guess"))["code"] == "bad-key"
            hosted = await ask(url, scenario=SCENARIO, seats=both, key="club-secret")
            assert hosted["t"] == "hosted" and list(hosted["codes"]) == ["us"]  # type: ignore[call-overload]

    run(main)


class _BrokenCaptain:
    """A computer captain with a bug (fault injection: the engine and the sockets stay real)."""

    def choose(self, seat: object) -> object:
        raise ZeroDivisionError("a bug in the captain")


def test_a_computer_captains_failure_stops_its_table_only_and_says_so(tmp_path: Path) -> None:
    async def main() -> None:
        async with serving(tmp_path) as (server, url):
            broken, codes = server.referee.host(SCENARIO, {"us": "human", "gb": "easy"}, seed=6,
                                                options={"turn_limit": 3})
            broken.captains["gb"] = _BrokenCaptain()  # type: ignore[assignment]
            client = SeatClient(url, codes["us"])
            await client.connect()
            while client.last.get("code") != "table-stopped":
                if client.seat.request is not None and client.last.get("t") == "update":
                    await client.send({"t": "submit", "ask": client.seat.ask, "answer": None})
                await client.receive()
            assert "computer captain of gb failed" in str(client.last["message"])
            await client.close()
            _, other = server.referee.host(SCENARIO, {"us": "human", "gb": "easy"}, seed=7, options={"turn_limit": 3})
            seat = await play_seat(SeatClient(url, other["us"]), make_captain("easy", 3))
            assert seat.ended

    run(main)


def test_guessing_codes_is_cut_off(tmp_path: Path) -> None:
    """Each code that opens nothing costs the connection five refused messages: after about ten guesses (the
    default budget is 50) it is closed (1008), whether it guesses with hello or with games."""
    async def guess(url: str, message: dict[str, object]) -> tuple[int, int | None]:
        tries = 0
        async with connect(url, proxy=None, compression=None) as ws:
            try:
                while tries < 100:
                    await ws.send(json.dumps(message))
                    tries += 1
                    await ws.recv()
            except ConnectionClosed as e:
                return tries, e.rcvd.code if e.rcvd else None
        return tries, None

    async def main() -> None:
        async with serving(tmp_path) as (server, url):
            _, codes = server.referee.host(SCENARIO, {"us": "human", "gb": "human"}, seed=1)
            game_id = codes["us"].partition(".")[0]
            for message in ({"t": "hello", "code": f"{game_id}.{'g' * 24}"},
                            {"t": "games", "codes": [f"{game_id}.{'h' * 24}"]}):
                tries, code = await guess(url, message)
                assert code == 1008 and tries <= 12, (message["t"], tries, code)

    run(main)
