"""Issue 32, item 3: no frame the server sends to a seat changes when the other side's hidden state does.

API tested: the referee server over real sockets (RefereeServer, SeatClient), the engine's `determinize`.
Actions: a game is played by two easy captains; at points all along it, for each side, a copy of the true game
is drawn with everything hidden from that side drawn anew (the enemy's unrevealed maneuvers, the types of his
loads, his hand, the deck order, the dice to come, and his answer to a simultaneous request dropped);
the true game and the copy are each put on the server, the side takes its seat in both, and answers its
request the same way in both.
Expected: every frame the seat receives — the welcome, its state and events, the answer's acknowledgement — is
byte for byte the same from the true game and from the copy, and so is every frame a spectator receives (the
public view); and the copies did differ in each hidden thing.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

from cs_desktop import SCENARIOS
from cs_desktop.ai.captains import make_captain
from cs_desktop.online import client
from cs_desktop.formats.files import load_scenario_with_ships
from cs_desktop.online.client import RemoteSeat, SeatClient
from cs_desktop.online.referee import Referee
from cs_desktop.rules.cards import Scenario, ShipCard
from cs_desktop.rules.determinize import determinize
from cs_desktop.rules.dice import Dice
from cs_desktop.rules.game import Game
from cs_desktop.batch.simulate import play_game

from tests.online.conftest import run, serving

SCENARIOS_PLAYED = (("constitution-vs-guerriere", 5), ("president-vs-belvidera-3-ship", 8))


def _differences(truth: Game, copy: Game, side: str) -> set[str]:
    """Which of the other sides' hidden things differ between the true game and the copy."""
    found = set()
    t, c = truth.state, copy.state
    for sid, ship in t.ships.items():
        if ship.side == side:
            continue
        other = c.ships[sid]
        if ship.maneuver != other.maneuver and not (ship.maneuver or {}).get("revealed"):
            found.add("maneuver")
        if ship.loads != other.loads:
            found.add("loads")
    if any(t.sides[s].hand != c.sides[s].hand for s in t.sides if s != side):
        found.add("hand")
    if t.deck != c.deck:
        found.add("deck")
    if t.dice.clone().d6() != c.dice.clone().d6() or t.dice.clone().below(1 << 30) != c.dice.clone().below(1 << 30):
        found.add("dice")
    if any(r.side != side and truth.pending_for(r.side) is None for r in copy.pending):
        found.add("simultaneous answer")
    return found


def _own(truth: Game, side: str) -> list[dict[str, Any]]:
    """A copy holds no decision list; the server numbers a seat's requests by the answers the seat gave (which
    it knows), so the copy is given the seat's own decisions, and the others' with their answers wiped."""
    return [d if d["side"] == side else {**d, "answer": None} for d in truth.decisions]


async def _watched(url: str, game_id: str) -> list[str]:
    """The frames a spectator receives on starting to watch."""
    watcher = SeatClient(url, "", watch=game_id)
    await watcher.connect()
    await watcher.close()
    return watcher.frames


async def _frames(url: str, code: str, answer_with: Any) -> list[str]:
    """Every frame a seat receives: on taking its seat, and on answering its request (to the acknowledgement)."""
    client = SeatClient(url, code)
    seat = await client.connect()
    if seat.request is not None:
        scenario = Scenario.model_validate(seat.scenario)
        cards = {k: ShipCard.model_validate(v) for k, v in seat.ships.items()}
        await client.send({"t": "submit", "ask": seat.ask, "answer": answer_with.choose(
            RemoteSeat(seat, cards, scenario))})
        while True:
            frame = await client.receive()
            if frame["t"] in ("ack", "refused"):
                break
    await client.close()
    return client.frames


def _points(scenario: Scenario, ships: dict[str, ShipCard], seed: int) -> list[Game]:
    whole = play_game(scenario, ships, seed, ("easy", "easy"), {"turn_limit": 4})
    n = len(whole.decisions)
    return [Game.replay(scenario, ships, seed, whole.decisions[:k], {"turn_limit": 4})
            for k in range(1, n, max(1, n // 14))]


def test_frames_to_a_seat_are_the_same_whatever_the_enemy_hides(tmp_path: Path) -> None:
    covered: set[str] = set()
    compared = 0

    async def main() -> None:
        nonlocal compared
        async with serving(tmp_path) as (server, url):
            referee: Referee = server.referee
            for name, seed in SCENARIOS_PLAYED:
                scenario, ships = load_scenario_with_ships(SCENARIOS / f"{name}.json")
                for i, truth in enumerate(_points(scenario, ships, seed)):
                    for side in truth.state.sides:
                        copy = determinize(truth, side, Dice(1000 * seed + i))
                        copy.decisions = _own(truth, side)
                        covered.update(_differences(truth, copy, side))
                        seats = {s: "human" for s in truth.state.sides}
                        true_table, true_codes = referee.adopt(truth.clone(), seats, keep=False)
                        copy_table, copy_codes = referee.adopt(copy, seats, keep=False)
                        watched = [await _watched(url, t.game_id) for t in (true_table, copy_table)]
                        assert watched[0] == watched[1], (name, i, side, "spectator")
                        got = await _frames(url, true_codes[side], make_captain("easy", i))
                        again = await _frames(url, copy_codes[side], make_captain("easy", i))
                        assert got == again, (name, i, side)
                        compared += len(got)

    run(main)
    assert compared > 100
    assert covered >= {"maneuver", "loads", "hand", "deck", "dice", "simultaneous answer"}, covered


def test_the_client_never_holds_a_game() -> None:
    """The client side is made from frames only: it imports neither the engine's Game nor the determinizer."""
    tree = ast.parse(Path(client.__file__).read_text(encoding="utf-8"))
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert not imported & {"cs_desktop.rules.game", "cs_desktop.rules.determinize", "cs_desktop.ai.seat"}
