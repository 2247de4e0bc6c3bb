"""Issue 32 item 2: undo online only with the opponent's consent (BRIEF §3), over real sockets on loopback.

API tested: RefereeServer's `undo` and `consent` messages (Table.ask_undo / consent), SeatClient.ask_undo /
consent, the game's store.
Actions: two human seats; `us` gives its setup (hidden loads and sails) and asks to take it back; `gb` agrees,
refuses, or lets the request time out; `us` asks again after `gb` has answered too, and asks with a wrong number.
Expected: agreed — both seats are told, the events after the decision are gone, the game is the replay of the
journal without it and so is the stored file, `us` is asked its setup again; refused, timed out or impossible —
nothing changes (fingerprint, stored decisions). The request `gb` receives names only the side that asks, and
every frame `gb` receives is byte for byte the same whichever setup `us` had given (the secret stays hidden).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cs_desktop import SCENARIOS
from cs_desktop.ai.captains import make_captain
from cs_desktop.formats.files import load_scenario_with_ships
from cs_desktop.online.client import RemoteSeat, SeatClient
from cs_desktop.online.store import GameStore, SeatRow
from cs_desktop.online.table import Subscriber, Table
from cs_desktop.rules import decisions
from cs_desktop.rules.cards import Scenario, ShipCard
from cs_desktop.rules.dice import Dice
from cs_desktop.rules.game import Game

from tests.online.conftest import SCENARIO, run, serving

SEATS = {"us": "human", "gb": "human"}


async def _until(client: SeatClient, kind: str) -> dict[str, Any]:
    """The frames up to the first of type `kind` (a test waits for messages, not for time)."""
    while (frame := await client.receive())["t"] != kind:
        pass
    return frame


def _setup(sail: str, load: str) -> dict[str, Any]:
    sections = ("port_bow", "port_aft", "starboard_bow", "starboard_aft")
    return {"constitution": {"sail": sail, "loads": {s: load for s in sections}}}


def _answer(client: SeatClient, seed: int) -> Any:
    seat = client.seat
    cards = {k: ShipCard.model_validate(v) for k, v in seat.ships.items()}
    return make_captain("easy", seed).choose(RemoteSeat(seat, cards, Scenario.model_validate(seat.scenario)))


async def _setup_given(url: str, codes: dict[str, str], answer: Any) -> tuple[SeatClient, SeatClient]:
    """Both seats connected; `us` has given its setup `answer` (hidden from gb: sails and loads)."""
    us, gb = SeatClient(url, codes["us"]), SeatClient(url, codes["gb"])
    await gb.connect()
    await us.connect()
    assert (await us.submit(answer))["t"] == "ack"
    return us, gb


def _stored(game_file: Path) -> Game:
    store = GameStore.open(game_file)
    try:
        return store.load()
    finally:
        store.close()


def test_an_agreed_undo_rewinds_the_game_and_its_file(tmp_path: Path) -> None:
    async def main() -> None:
        async with serving(tmp_path) as (server, url):
            table, codes = server.referee.host(SCENARIO, SEATS, seed=11)
            before = table.game.fingerprint()
            us, gb = await _setup_given(url, codes, _setup("medium", "double"))
            assert len(table.game.decisions) == 1 and us.seat.ask == 1
            await us.ask_undo()
            asked = await _until(gb, "undo-asked")
            assert asked == {"t": "undo-asked", "side": "us"}  # nothing of the decision itself
            await gb.consent(True)
            for client in (us, gb):
                assert (await _until(client, "undo-result"))["result"] == "agreed"
                await _until(client, "update")
            assert table.game.decisions == [] and table.game.fingerprint() == before
            assert _stored(tmp_path / f"{table.game_id}.cs-online.sqlite").fingerprint() == before
            assert us.seat.ask == 0 and us.seat.request is not None and us.seat.request["kind"] == "setup"
            assert us.seat.events == table.game.visible_events("us")
            assert gb.seat.events == table.game.visible_events("gb")
            for client in (us, gb):
                await client.close()

    run(main)


def test_a_refused_timed_out_or_impossible_undo_changes_nothing(tmp_path: Path) -> None:
    async def main() -> None:
        async with serving(tmp_path) as (server, url):
            table, codes = server.referee.host(SCENARIO, SEATS, seed=12)
            us, gb = await _setup_given(url, codes, _setup("medium", "double"))
            after = table.game.fingerprint()
            await us.ask_undo()
            await _until(gb, "undo-asked")
            await gb.consent(False)
            assert (await _until(us, "undo-result"))["result"] == "refused"
            table.undo_timeout = 0.2  # the seat asked does not answer
            await us.ask_undo()
            await _until(gb, "undo-asked")
            assert (await _until(us, "undo-result"))["result"] == "timeout"
            await gb.consent(True)  # too late: nothing waits for it
            assert (await _until(gb, "error"))["code"] == "no-undo"
            await us.send({"t": "undo", "ask": 5})
            assert (await _until(us, "undo-result"))["result"] == "impossible"
            assert table.game.fingerprint() == after and len(table.game.decisions) == 1
            assert _stored(tmp_path / f"{table.game_id}.cs-online.sqlite").fingerprint() == after
            await gb.submit(_answer(gb, 2))  # gb's setup comes after: us's is no longer the last decision
            await us.ask_undo()
            result = await _until(us, "undo-result")
            assert result["result"] == "impossible" and "BRIEF 3" in result["message"]
            assert len(table.game.decisions) == 2
            for client in (us, gb):
                await client.close()

    run(main)


def test_the_opponent_sees_nothing_of_the_decision_asked_back(tmp_path: Path) -> None:
    """The same game twice with a different hidden setup for us; gb's frames, through the request and the
    rewind, are the same bytes."""
    async def once(sail: str, load: str) -> list[str]:
        async with serving(tmp_path / load) as (server, url):
            _table, codes = server.referee.host(SCENARIO, SEATS, seed=13)
            us, gb = await _setup_given(url, codes, _setup(sail, load))
            await us.ask_undo()
            await _until(gb, "undo-asked")
            await gb.consent(True)
            await _until(gb, "undo-result")
            await _until(gb, "update")
            for client in (us, gb):
                await client.close()
            return gb.frames

    async def main() -> None:
        first = await once("medium", "double")
        assert await once("fighting", "chain") == first and len(first) > 4


    run(main)


def test_a_computer_seat_agrees_at_once() -> None:
    """Against a computer captain the request is granted at once, as undo is at one screen against the computer:
    the real table, with us's setup given and gb's still to come (the captain has not answered yet)."""
    async def main() -> None:
        sc, ships = load_scenario_with_ships(SCENARIOS / f"{SCENARIO}.json")
        game = Game(sc, ships, 14, {})
        request = game.pending_for("us")
        assert request is not None and game.submit("us", decisions.sample(game, request, Dice(1)))
        seats = {"us": SeatRow("us", "human", ""), "gb": SeatRow("gb", "easy", "")}
        table = Table("000000000000", game, seats, None)
        sent: list[dict[str, Any]] = []
        sub = Subscriber("us", lambda text: sent.append(json.loads(text)) is None)
        table.subscribers.add(sub)
        await table.ask_undo(sub, 1)
        assert [f["t"] for f in sent][:2] == ["rewound", "undo-result"] and sent[1]["result"] == "agreed", sent
        assert table.game.pending_for("us") is not None and not any(d["side"] == "us" for d in table.game.decisions)
        assert not any(f["t"] == "undo-asked" for f in sent)

    run(main)
