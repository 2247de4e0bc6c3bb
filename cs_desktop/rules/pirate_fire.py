"""Pirate game fire (an option: `pirate_fire`; rulings R17.1g-R17.1j), as `peer-pirate-game-combat.txt` writes it
under Effects of Damage, "Fire and Fire Damage" and "Explosion", and Turn Phasing step 7.

A ship that catches fire (11.5) gets one fire marker. "It takes one successful Damage Control to remove one": the
17.1 fire-fighting roll is her damage control against her fire, and a success (5 or more) removes one marker; the
fire is out when none is left (R17.1g). "After the Damage Control phase every turn" (after 17.2), "place a new fire
marker beside each remaining one" (the markers double), then "each 5 fire markers: one Rigging hit; each 10 fire
markers: one Hull hit" (R17.1h). "On any turn that a ship takes Hull hits from fire, roll one die. If the result
is equal to or less than the number of Hull hits it took that turn, the ship explodes": she sinks, all her crew
lost, and each other ship on the board rolls two dice, less the distance, plus the Class of the ship that blew
up, on the text's table (R17.1i). The same-square spreading fire (`fire_spreads`, R17.1f) is a house rule, not
this text.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from cs_desktop.rules import damage
from cs_desktop.rules import geometry as geo
from cs_desktop.rules.cards import SECTION_NAMES, ShipCard
from cs_desktop.rules.contacts import leave_square
from cs_desktop.rules.decisions import Request
from cs_desktop.rules.fleet_end import end_if_beaten
from cs_desktop.rules.rolls import roll
from cs_desktop.rules.victory import end_game

if TYPE_CHECKING:
    from cs_desktop.rules.referee import Referee
    from cs_desktop.rules.state import GameState, ShipState

Gen = Generator[list[Request], dict[str, Any], Any]

MARKERS, GROWTH, EXPLOSION = "R17.1g", "R17.1h", "R17.1i"
#: the text's distances are in inches; a square's side (2 MP, 9.1) counts as 3 inches, so 1.5 an MP (designed,
#: R17.1i: a pirate ship of Class 3-4 sails 12-14 inches a turn, a Captain's Sea frigate about four squares)
INCHES_PER_TWO_MP = 3
#: "Each 5 fire markers: one Rigging hit. Each 10 fire markers: one Hull hit."
MARKERS_PER_RIGGING_HIT, MARKERS_PER_HULL_HIT = 5, 10


def catch_fire(state: GameState, ship: ShipState) -> None:
    """She is On Fire; under the switch with her first fire marker ("Place a fire marker")."""
    ship.on_fire = True
    if state.pirate_fire and ship.fire_markers == 0:
        ship.fire_markers = 1


def ship_class(card: ShipCard) -> int:
    """The pirate game's Class of a ship, from "how many hull hits it can take: 10 times its class, with a minimum
    of 1": her hull boxes (every gunnery box) / 10, rounded half up, at least 1 (designed, R17.1i)."""
    boxes = sum(len(card.gunnery[s]) for s in SECTION_NAMES)
    return max(1, (boxes + 5) // 10)


def fire_fought(g: Referee, ship: ShipState) -> None:
    """17.1 under the switch: a successful fire-fighting roll removes one marker; none left, the fire is out."""
    ship.fire_markers = max(0, max(ship.fire_markers, 1) - 1)
    if ship.fire_markers:
        g.emit("fire_marker_removed", "17.1", f"{ship.card.name}'s damage control removes a fire marker: "
               f"{ship.fire_markers} left (pirate game fire, {MARKERS})", ship=ship.id, markers=ship.fire_markers)
        return
    ship.on_fire = False
    g.emit("fire_out", "17.1", f"{ship.card.name}'s fire is out (her last fire marker removed, {MARKERS})",
           ship=ship.id)


def fire_grows(g: Referee) -> Gen:
    """After 17.2: each burning ship's markers double, then cost their rigging and hull hits; a ship with hull hits
    from fire rolls for an explosion."""
    state = g.state
    for ship in [s for s in state.afloat() if s.on_fire]:
        if not ship.afloat:
            continue  # blown up by a ship that exploded before her in this step
        ship.fire_markers = max(ship.fire_markers, 1) * 2
        rigging, hull = ship.fire_markers // MARKERS_PER_RIGGING_HIT, ship.fire_markers // MARKERS_PER_HULL_HIT
        g.emit("fire_grows", "17.1", f"the fire in {ship.card.name} grows: {ship.fire_markers} fire markers "
               f"({rigging} rigging hit(s), {hull} hull hit(s); pirate game fire, {GROWTH})", ship=ship.id,
               markers=ship.fire_markers)
        if rigging:
            damage.rigging_hits(g, ship, rigging, GROWTH)
        taken = yield from hull_hits(g, ship, hull, GROWTH)
        if not taken:
            continue
        r = yield from roll(g, ship.side, 1, "explosion roll (pirate game fire)", "17.1", ship=ship.id,
                            hull_hits=taken, ruling=EXPLOSION)
        if r.modified[0] <= taken:
            yield from explode(g, ship)
            if state.ended:
                return


def hull_hits(g: Referee, ship: ShipState, hits: int, rule: str) -> Gen:
    """`hits` hull hits, each to the section with the most boxes left (the first of 3.10's order on a tie;
    designed: fire and blast have no side); returns the hits taken."""
    taken = 0
    for _ in range(hits):
        section = max(SECTION_NAMES, key=lambda s: ship.gunnery[s])
        if ship.gunnery[section] <= 0:
            break
        yield from damage.gunnery_hit(g, ship, section, rule)
        taken += 1
    return taken


def explode(g: Referee, ship: ShipState) -> Gen:
    """She "sinks immediately; all crew aboard are lost", and damages each other ship on the board."""
    state = g.state
    lost, ship.crew = ship.crew, 0
    ship.struck = ship.exploded = True
    ship.maneuver = None
    g.emit("exploded", "17.1", f"{ship.card.name} blows up and sinks; her {lost} crew point(s) are lost "
           f"(pirate game fire, {EXPLOSION})", ship=ship.id, crew_lost=lost)
    leave_square(state, ship)
    state.grapples = [r for r in state.grapples if ship.id not in r["ships"]]
    size = ship_class(ship.card)
    for other in [s for s in state.ships.values() if s.id != ship.id and on_board(s)]:
        yield from blast(g, ship, other, size)
    sunk_ends(g, ship)


def on_board(ship: ShipState) -> bool:
    return not (ship.escaped or ship.exploded)


#: the text's table, by the blast's score: (rigging hits, hull hits, crew lost); None: rigging hits = the score
BLAST = ((5, None, 0, 0), (10, None, 2, 0), (15, 10, 4, 2))
BLAST_TOP = (10, 6, 4)  # 16 and up


def blast_damage(score: int) -> tuple[int, int, int]:
    """(rigging, hull, crew) of a blast scoring `score` (R17.1i; below 0: nothing)."""
    if score <= 0:
        return (0, 0, 0)
    for top, rigging, hull, crew in BLAST:
        if score <= top:
            return (score if rigging is None else rigging, hull, crew)
    return BLAST_TOP


def blast(g: Referee, source: ShipState, other: ShipState, size: int) -> Gen:
    """Two dice, less the distance in inches, plus the exploded ship's Class."""
    inches = (INCHES_PER_TWO_MP * geo.mp_distance(source.square, other.square) + 1) // 2
    r = yield from roll(g, other.side, 2, "explosion damage (pirate game fire)", "17.1", ship=other.id,
                        source=source.id, lower_is_better=True, ruling=EXPLOSION)
    score = r.total - inches + size
    rigging, hull, crew = blast_damage(score)
    g.emit("blast", "17.1", f"the blast reaches {other.card.name} ({inches} inches off; score {score}): "
           f"{rigging} rigging, {hull} hull, {crew} crew ({EXPLOSION})", ship=other.id, source=source.id,
           score=score)
    if rigging:
        damage.rigging_hits(g, other, rigging, EXPLOSION)
    yield from hull_hits(g, other, hull, EXPLOSION)
    if crew:
        yield from damage.crew_hits(g, other, crew, EXPLOSION)


def sunk_ends(g: Referee, ship: ShipState) -> None:
    """A ship blown up is out of the battle as a ship that struck is (17.4, R18.0f): the duel ends; a fleet
    battle ends when her side has nothing left fighting."""
    state = g.state
    reason = f"{ship.card.name} blew up ({EXPLOSION})"
    if state.fleet_rules:
        end_if_beaten(g, ship.side, reason)
    elif not state.afloat(ship.side) or len(state.ships) == 2:
        end_game(g, reason)
