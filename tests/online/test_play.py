"""Issue 32, items 1, 2, 5: a game played through the referee server, resumed after drops and restarts, exported.

API tested: RefereeServer, Referee.host, SeatClient, play_seat, GameStore.export, savegame.load_game.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from cs_desktop.ai.captains import make_captain
from cs_desktop.online.client import RemoteSeat, SeatClient, my_games, play_seat
from cs_desktop.online.store import SUFFIX, GameStore
from cs_desktop.rules.cards import Scenario, ShipCard
from cs_desktop.rules.game import Game
from cs_desktop.formats.savegame import load_game

from tests.online.conftest import SCENARIO, run, serving

OPTIONS = {"turn_limit": 3}


def _replayed(game: Game) -> Game:
    return Game.replay(game.scenario, game.cards, game.seed, game.decisions, game.options)


def test_a_seat_plays_a_computer_captain_to_the_end_and_the_game_exports_to_a_save(tmp_path: Path) -> None:
    """Actions: host a game, a human seat (played by the easy captain through the client) against the easy
    captain on the server, to the end; export it. Expected: the game ended; each decision the seat gave was
    acknowledged; the exported file loads offline into the very same game (fingerprint)."""
    async def main() -> Game:
        async with serving(tmp_path / "games") as (server, url):
            table, codes = server.referee.host(SCENARIO, {"us": "human", "gb": "easy"}, seed=11, options=OPTIONS)
            assert list(codes) == ["us"]
            replies: list[dict[str, object]] = []
            seat = await play_seat(SeatClient(url, codes["us"]), make_captain("easy", 1), on_reply=replies.append)
            assert seat.ended and replies and all(r["t"] == "ack" for r in replies)
            assert seat.events == table.game.visible_events("us")
            return table.game

    game = run(main)
    assert game.ended
    store = GameStore.open(next((tmp_path / "games").glob(f"*{SUFFIX}")))
    saved = store.export(tmp_path / "out.csgame")
    loaded = load_game(saved)
    assert loaded.game.fingerprint() == game.fingerprint()
    assert loaded.meta["seats"] == {"us": "human", "gb": "easy"}


def test_4_0_an_illegal_answer_is_refused_with_its_rule_and_changes_nothing(tmp_path: Path) -> None:
    async def main() -> None:
        async with serving(tmp_path) as (server, url):
            table, codes = server.referee.host(SCENARIO, {"us": "human", "gb": "human"}, seed=2, options=OPTIONS)
            client = SeatClient(url, codes["us"])
            seat = await client.connect()
            before = table.game.fingerprint()
            reply = await client.submit({"no such": "answer"})
            assert reply["t"] == "refused" and reply["rule"] == seat.request["rule"]  # type: ignore[index]
            assert reply["message"]
            assert table.game.fingerprint() == before and client.seat.ask == seat.ask
            await client.send({"t": "submit", "ask": seat.ask + 5, "answer": 1})
            ahead = await client.receive()
            assert ahead["t"] == "refused" and "not been asked" in str(ahead["message"])
            await client.close()

    run(main)


def test_a_code_opens_its_own_seat_only(tmp_path: Path) -> None:
    """A seat's code gives that seat's frames; a made-up or another game's token opens nothing; a seat answers
    only for its own side (the gb seat cannot answer the us request)."""
    async def main() -> None:
        async with serving(tmp_path) as (server, url):
            table, codes = server.referee.host(SCENARIO, {"us": "human", "gb": "human"}, seed=3, options=OPTIONS)
            _, other = server.referee.host(SCENARIO, {"us": "human", "gb": "human"}, seed=4, options=OPTIONS)
            gb = SeatClient(url, codes["gb"])
            assert (await gb.connect()).side == "gb"
            game_id, _, token = codes["us"].partition(".")
            for bad in (f"{game_id}.{other['us'].partition('.')[2]}", f"{game_id}.{'x' * 24}", "nonsense"):
                intruder = SeatClient(url, bad, retry_for=0)
                try:
                    await intruder.connect()
                    raise AssertionError("a bad code opened a seat")
                except Exception as e:  # noqa: BLE001
                    assert "opens no seat" in str(e) or "cannot reach" in str(e)
            us_request = table.game.pending_for("us")
            assert us_request is not None
            if gb.seat.request is None:  # nothing asked of gb now: whatever it sends is not an answer for us
                await gb.send({"t": "submit", "ask": 0, "answer": us_request.options[0] if us_request.options
                               else {}})
                assert (await gb.receive())["t"] == "refused"
            assert table.game.pending_for("us") == us_request
            await gb.close()

    run(main)


def test_a_dropped_connection_and_a_server_restart_resume_at_the_exact_decision(tmp_path: Path) -> None:
    """Actions: two human seats (easy captains through clients) play; each drops its connection every few
    decisions; after 20 decisions the server is stopped under them and a new one started on the same folder and
    port, while the clients keep trying. Expected: both seats play to the end; each seat's events are exactly the
    events visible to it, none missed or doubled; the game equals the replay of its decisions."""
    folder = tmp_path / "games"

    async def main() -> tuple[Game, dict[str, SeatClient]]:
        async with serving(folder) as (server, url):
            table, codes = server.referee.host(SCENARIO, {"us": "human", "gb": "human"}, seed=7, options=OPTIONS)
            port = int(url.rsplit(":", 1)[1])
            clients = {s: SeatClient(url, c) for s, c in codes.items()}
            playing = asyncio.gather(*(_play(client) for client in clients.values()))
            while len(table.game.decisions) < 20:  # waits for the game to get there, however long it takes
                await asyncio.sleep(0.01)
            game_id = table.game_id
        async with serving(folder, port=port) as (server, url):
            await playing
            return server.referee.tables[game_id].game, clients

    game, clients = run(main)
    assert game.ended
    assert game.fingerprint() == _replayed(game).fingerprint()
    for side, client in clients.items():
        assert client.seat.events == game.visible_events(side)
        assert client.reconnects >= 1


async def _play(client: SeatClient) -> None:
    """The easy captain plays the seat to the end, dropping its connection now and then."""
    captain = make_captain("easy", 5)
    seat = await client.connect()
    scenario = Scenario.model_validate(seat.scenario)
    cards = {k: ShipCard.model_validate(v) for k, v in seat.ships.items()}
    while True:
        await client.wait_turn()
        if seat.ended:
            return
        if seat.ask % 7 == 3:
            await client.close()  # dropped: the next call connects again and resumes
        reply = await client.submit(captain.choose(RemoteSeat(seat, cards, scenario)))
        assert reply["t"] == "ack", reply


def test_18_0_a_seat_strikes_its_colours_online_and_both_seats_see_the_end(tmp_path: Path) -> None:
    async def main() -> None:
        async with serving(tmp_path) as (server, url):
            table, codes = server.referee.host(SCENARIO, {"us": "human", "gb": "human"}, seed=9, options=OPTIONS)
            us, gb = SeatClient(url, codes["us"]), SeatClient(url, codes["gb"])
            await us.connect()
            await gb.connect()
            assert (await gb.submit(None, strike=True))["t"] == "ack"
            assert gb.seat.ended
            while not us.seat.ended:
                await us.receive()
            assert table.game.ended and table.game.decisions[-1]["kind"] == "strike_colors"
            assert (await us.submit(None, strike=True))["t"] == "refused"  # 18.0: the game is over
            await us.close()
            await gb.close()

    run(main)


def test_a_players_list_of_games_says_whose_turn_it_is(tmp_path: Path) -> None:
    """Actions: two games, the player holding the us code of each; one has the us seat to answer, the other
    (us answered its setup, gb not yet) waits for gb; a made-up code beside them. Expected: your_turn true for the
    first, false for the second, None for the made-up code; nothing of the other seat's state in the answer."""
    async def main() -> None:
        async with serving(tmp_path) as (server, url):
            _, first = server.referee.host(SCENARIO, {"us": "human", "gb": "human"}, seed=1, options=OPTIONS)
            second_table, second = server.referee.host(SCENARIO, {"us": "human", "gb": "human"}, seed=2,
                                                       options=OPTIONS)
            us = SeatClient(url, second["us"])
            await us.connect()
            captain = make_captain("easy", 1)
            scenario = Scenario.model_validate(us.seat.scenario)
            cards = {k: ShipCard.model_validate(v) for k, v in us.seat.ships.items()}
            while second_table.game.pending_for("us") is not None:
                await us.submit(captain.choose(RemoteSeat(us.seat, cards, scenario)))
            await us.close()
            games = await my_games(url, [first["us"], second["us"], "0123456789ab." + "x" * 24])
            assert [g["your_turn"] if g else None for g in games] == [True, False, None]
            assert set(games[0] or {}) == {"game", "side", "scenario", "turn", "your_turn", "ended"}

    run(main)
