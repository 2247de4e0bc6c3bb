"""Issue 32 item 2: an online seat is asked exactly what the same seat is asked at one screen — the standing
orders and fleet orders answer the rest from the seat's own frames — and their answers keep every secret.

API tested: play/online_orders.SeatOrders (play/turn_flow.pass_for on the seat's view, events and request) over the
referee server on loopback (RefereeServer, SeatClient), against the local presenter (play/presenter.PlayPresenter,
hotseat, both sides human) with the same scenario, seed and player.
The player: every question is answered with the answer its form opens with (play/defaults.default_answer), from
the deciding side's own view — the same function at one screen and online, so the games are the same game.
Expected: per side and turn, the online seats are asked as many questions as the local presenter asks, with the
standing orders and with "ask me everything"; the orders cut the questions; both games end in the same state.
Secrets: at points all along a game, a copy with everything hidden from the seat drawn anew is put on the
server beside the true game; the orders' answer for the seat is the same from both.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from pathlib import Path
from typing import Any

from cs_desktop import SCENARIOS
from cs_desktop.formats.files import load_scenario_with_ships
from cs_desktop.online.client import SeatClient, request_of
from cs_desktop.play.online_orders import SeatOrders, seat_view
from cs_desktop.play.defaults import default_answer
from cs_desktop.play.designations import designations
from cs_desktop.play.fleet_orders import FleetOrders
from cs_desktop.play.presenter import PlayPresenter
from cs_desktop.play.seating import HUMAN
from cs_desktop.play.turn_flow import StandingOrders
from cs_desktop.rules.determinize import determinize
from cs_desktop.rules.dice import Dice
from cs_desktop.rules.game import Game
from cs_desktop.batch.simulate import play_game

from tests.online.conftest import run, serving
from tests.online.test_secrets import _differences

DUEL = SCENARIOS / "constitution-vs-guerriere.json"
FLEET = SCENARIOS / "fleets" / "lake-erie.json"
ASK_ALL = StandingOrders(ask_everything=True)
Counts = Counter[tuple[str, int]]


def _fleet_orders(game: Game, kind: str = "line") -> FleetOrders:
    """Every side's ships under one fleet order (line ahead: behind her first ship), all but the first manning
    the battery that bears."""
    fleet = FleetOrders()
    for side in game.state.sides:
        ships = [sid for sid, ship in game.state.ships.items() if ship.side == side]
        fleet.give(kind, ships)
        fleet.give("crew", ships[1:])
    return fleet


def _local(path: Path, seed: int, options: dict[str, Any], orders: StandingOrders,
           fleet: bool) -> tuple[Counts, Game]:
    """The questions the presenter puts to the players at one screen, per (side, turn)."""
    play = PlayPresenter()
    play.start_file(path, {"us": HUMAN, "gb": HUMAN}, seed, options)
    game = play.game
    assert game is not None
    if fleet:
        play.standing.fleet = _fleet_orders(game)
    play.set_orders(orders)
    asked: Counts = Counter()
    while not play.screen().ended:
        if play.curtain:
            play.confirm_handover()
            continue
        request, side = play.request(), play.shown_side
        assert request is not None and side is not None
        view = game.view(side)
        asked[(side, game.state.turn)] += 1
        assert play.submit(default_answer(request, view, game.cards, play.standing.fleet, orders,
                                          designations(view, game.cards)))
        game = play.game
        assert game is not None
    return asked, game


async def _seat(client: SeatClient, orders: SeatOrders, cards: Any, asked: Counts) -> None:
    """One online seat played to the end: the orders answer what they cover, the player the rest."""
    seat = await client.connect()
    while True:
        await client.wait_turn()
        if seat.ended:
            break
        passed = orders.answer(seat, cards)
        if passed is not None:
            answer = passed.answer
        else:
            view = seat_view(seat)
            asked[(str(seat.side), int(view["turn"]))] += 1
            answer = default_answer(request_of(seat.request or {}), view, cards, orders.fleet, orders.orders,
                                    designations(view, cards))
        reply = await client.submit(answer)
        assert reply["t"] == "ack", reply
    await client.close()


def _online(tmp: Path, path: Path, seed: int, options: dict[str, Any], orders: StandingOrders,
            fleet: bool) -> tuple[Counts, Game]:
    scenario, ships = load_scenario_with_ships(path)
    asked: Counts = Counter()

    async def main() -> Game:
        async with serving(tmp) as (server, url):
            game = Game(scenario, ships, seed, options)
            table, codes = server.referee.adopt(game, {"us": "human", "gb": "human"}, keep=False)
            seats = [SeatOrders(orders, _fleet_orders(game) if fleet else FleetOrders()) for _ in codes]
            await asyncio.gather(*(_seat(SeatClient(url, code), seat, ships, asked)
                                   for code, seat in zip(codes.values(), seats)))
            return table.game

    return asked, run(main)


def _same_game(local: Game, online: Game) -> None:
    assert local.ended and online.ended
    assert local.state.to_dict() == online.state.to_dict()


def test_a_duel_online_asks_what_one_screen_asks(tmp_path: Path) -> None:
    options = {"turn_limit": 4}
    cut: dict[bool, int] = {}
    for orders in (StandingOrders(), ASK_ALL):
        local, local_game = _local(DUEL, 5, options, orders, False)
        online, online_game = _online(tmp_path / str(len(cut)), DUEL, 5, options, orders, False)
        assert online == local, (orders.ask_everything, sorted((online - local).items()),
                                 sorted((local - online).items()))
        _same_game(local_game, online_game)
        cut[orders.ask_everything] = sum(online.values())
    print(f"duel, 4 turns: {cut[True]} questions asking everything, {cut[False]} under the standing orders")
    assert cut[False] < cut[True] * 0.7, cut


def test_a_fleet_game_online_asks_what_one_screen_asks(tmp_path: Path) -> None:
    options = {"turn_limit": 3}
    local, local_game = _local(FLEET, 3, options, StandingOrders(), True)
    online, online_game = _online(tmp_path, FLEET, 3, options, StandingOrders(), True)
    assert online == local, (sorted((online - local).items()), sorted((local - online).items()))
    _same_game(local_game, online_game)
    everything, _game = _local(FLEET, 3, options, ASK_ALL, True)
    print(f"Lake Erie, 3 turns: {sum(everything.values())} questions asking everything, {sum(online.values())} "
          "under the standing and fleet orders")
    assert sum(online.values()) < sum(everything.values()) * 0.7


async def _orders_answer(url: str, code: str, fleet: FleetOrders, cards: Any) -> tuple[Any, Any]:
    """The request the seat is shown and the answer its standing and fleet orders give it (None: asked)."""
    client = SeatClient(url, code)
    seat = await client.connect()
    await client.close()
    passed = SeatOrders(StandingOrders(), fleet).answer(seat, cards)
    return seat.request, (passed.answer, passed.why) if passed is not None else None


def test_the_orders_answer_the_same_whatever_the_enemy_hides(tmp_path: Path) -> None:
    """At points all along a Lake Erie game, each side's orders' answer from the true game and from a copy with
    everything hidden from that side drawn anew (maneuvers, loads, hand, deck, dice, a simultaneous answer)."""
    scenario, ships = load_scenario_with_ships(FLEET)
    options = {"turn_limit": 4}
    whole = play_game(scenario, ships, 7, ("easy", "easy"), options)
    n = len(whole.decisions)
    compared = 0
    answered: Counter[str] = Counter()
    covered: set[str] = set()

    async def main() -> None:
        nonlocal compared
        async with serving(tmp_path) as (server, url):
            for k in range(1, n, max(1, n // 40)):
                truth = Game.replay(scenario, ships, 7, whole.decisions[:k], options)
                fleet = _fleet_orders(truth, "engage")
                for side in truth.state.sides:
                    if truth.pending_for(side) is None:
                        continue
                    copy = determinize(truth, side, Dice(1000 + k))
                    copy.decisions = [d if d["side"] == side else {**d, "answer": None} for d in truth.decisions]
                    covered.update(_differences(truth, copy, side))
                    seats = {s: "human" for s in truth.state.sides}
                    got = [await _orders_answer(url, server.referee.adopt(g, seats, keep=False)[1][side], fleet,
                                                ships) for g in (truth.clone(), copy)]
                    assert got[0] == got[1], (k, side)
                    compared += 1
                    if got[0][1] is not None:
                        answered[str((got[0][0] or {}).get("kind"))] += 1

    run(main)
    print(f"secrets: {compared} requests compared, answered by the orders: {dict(answered)}")
    assert compared > 20 and sum(answered.values()) > 5
    assert covered >= {"maneuver", "loads", "hand", "deck", "dice"}, covered
