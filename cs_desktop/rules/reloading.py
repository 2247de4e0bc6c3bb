"""10.0 Reloading and 11.7 Selecting Load: load markers travel the reload track; a marker reaching its
impulse loads its broadside if crew is assigned there, special loads (Chain, Double) take two impulses more;
a marker reaching guns without crew is lost and its owner selects a new load (11.7)."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from cs_desktop.rules.decisions import Request
from cs_desktop.rules.setup import LOAD_TYPES
from cs_desktop.rules.tables import get_tables

if TYPE_CHECKING:
    from cs_desktop.rules.referee import Referee
    from cs_desktop.rules.state import GameState, ShipState

CHASER_SLOTS = ("bow", "stern")


def place_load(state: GameState, ship: ShipState, slot: str, load: str) -> int:
    """11.7: place a load marker ahead of the current impulse by the crew's reload time (round-shot time for
    every load, so the opponent cannot tell special shot), counting on into the next turn."""
    due = state.absolute_impulse + get_tables().reload_impulses(ship.quality)
    state.reload_track.append((due, ship.id, slot, load, False))
    return due


def reload_step(g: Referee) -> list[tuple[str, str]]:
    """8.0 step 2 / 10.0. Returns the (ship id, section) whose marker found no crew at the guns: that chance
    to reload is lost and the owner follows the Select Load procedure (11.7, `select_lost_loads`)."""
    state = g.state
    lost: list[tuple[str, str]] = []
    now = state.absolute_impulse
    tables = get_tables()
    # Ruling R10.0: a marker whose impulse was never played (impulses ignored after a grapple, 12.0) is picked
    # up at the next impulse that is played, so no load is lost for good.
    for entry in [e for e in state.reload_track if e[0] <= now]:
        _, ship_id, slot, load, delayed = entry
        ship = state.ships[ship_id]
        if not ship.afloat:
            state.reload_track.remove(entry)
            continue
        if slot in CHASER_SLOTS:  # 11.9 (7): chasers need no crew
            state.reload_track.remove(entry)
            ship.chasers[slot] = True
            g.emit("reload", "11.9", f"{ship.card.name} reloads her {slot} chaser", ship=ship_id, slot=slot)
            continue
        if load in ("chain", "double") and not delayed:
            moved = (entry[0] + tables.special_load_delay, ship_id, slot, load, True)
            # entries are never changed in place: replaced (equal entries are alike, as for `remove` below)
            state.reload_track[state.reload_track.index(entry)] = moved
            g.emit("reload_delayed", "10.0", f"{ship.card.name}'s {slot.replace('_', ' ')} load marker moves "
                   f"{tables.special_load_delay} impulses ahead", ship=ship_id, slot=slot, due=moved[0])
            continue
        state.reload_track.remove(entry)
        if ship.assign["gunnery"][slot] > 0:
            ship.loads[slot] = load
            g.emit("reload", "10.0", f"{ship.card.name} reloads her {slot.replace('_', ' ')} broadside",
                   ship=ship_id, slot=slot)
            g.emit("reload_type", "10.0", f"{slot.replace('_', ' ')} loaded with {load} shot", visible_to=ship.side,
                   ship=ship_id, slot=slot, load=load)
        else:
            lost.append((ship_id, slot))
            g.emit("reload_lost", "10.0", f"{ship.card.name} has no crew at the {slot.replace('_', ' ')} guns: "
                   "the chance to reload is lost; she selects a new load (11.7)", ship=ship_id, slot=slot)
    return lost


def select_lost_loads(g: Referee, lost: list[tuple[str, str]]) -> Generator[list[Request], dict[str, Any], None]:
    """10.0: for guns whose marker found no crew, the owner follows the Select Load procedure (11.7): a new
    load of his choice, placed face down by the round-shot time from the current impulse (ruling R10.1)."""
    if not lost:  # the usual impulse: every marker found its crew
        return
    state = g.state
    for side in state.initiative_order():  # NIP first (R6.0a: up the order)
        keys = [f"{ship_id}:{slot}" for ship_id, slot in lost if state.ships[ship_id].side == side]
        yield from select_loads(g, side, keys, "No crew at the guns: the reload is lost. Select a new "
                                "load for each (hidden; round shot timing is shown)")


def select_loads(g: Referee, side: str, keys: list[str],
                 prompt: str) -> Generator[list[Request], dict[str, Any], None]:
    """11.7 Selecting Load for the "ship:section" keys of one side: a hidden choice of load; each marker goes
    on the reload track by the crew's round-shot time (the opponent sees where, not what)."""
    if not keys:
        return
    state = g.state
    answers = yield [Request("select_load", side, "11.7", prompt, ships={k: LOAD_TYPES for k in keys})]
    for key, load in answers[side].items():
        ship_id, section = key.split(":")
        ship = state.ships[ship_id]
        due = place_load(state, ship, section, load)
        g.emit("load_marker", "11.7", f"{ship.card.name} places a load marker for the "
               f"{section.replace('_', ' ')} at impulse {due}", ship=ship_id, slot=section, due=due)
        g.emit("load_type", "11.7", f"{section.replace('_', ' ')}: {load} shot", visible_to=side, ship=ship_id,
               slot=section, load=load)
