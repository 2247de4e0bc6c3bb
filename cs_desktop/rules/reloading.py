"""10.0 Reloading and 11.7 Selecting Load: load markers travel the reload track; a marker reaching its
impulse loads its broadside if crew is assigned there, special loads (Chain, Double) take two impulses more."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cs_desktop.rules.tables import get_tables

if TYPE_CHECKING:
    from cs_desktop.rules.game import Game
    from cs_desktop.rules.state import GameState, ShipState

CHASER_SLOTS = ("bow", "stern")


def place_load(state: GameState, ship: ShipState, slot: str, load: str) -> int:
    """11.7: place a load marker ahead of the current impulse by the crew's reload time (round-shot time for
    every load, so the opponent cannot tell special shot), counting on into the next turn."""
    due = state.absolute_impulse + get_tables().reload_impulses(ship.quality)
    state.reload_track.append([due, ship.id, slot, load, False])
    return due


def reload_step(g: Game) -> None:
    """8.0 step 2 / 10.0."""
    state = g.state
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
            entry[0] += tables.special_load_delay
            entry[4] = True
            g.emit("reload_delayed", "10.0", f"{ship.card.name}'s {slot.replace('_', ' ')} load marker moves "
                   f"{tables.special_load_delay} impulses ahead", ship=ship_id, slot=slot, due=entry[0])
            continue
        state.reload_track.remove(entry)
        if ship.assign["gunnery"][slot] > 0:
            ship.loads[slot] = load
            g.emit("reload", "10.0", f"{ship.card.name} reloads her {slot.replace('_', ' ')} broadside",
                   ship=ship_id, slot=slot)
            g.emit("reload_type", "10.0", f"{slot.replace('_', ' ')} loaded with {load} shot", visible_to=ship.side,
                   ship=ship_id, slot=slot, load=load)
        else:
            due = place_load(state, ship, slot, load)
            g.emit("reload_lost", "10.0", f"{ship.card.name} has no crew at the {slot.replace('_', ' ')} guns: "
                   f"the chance to reload is lost; marker placed for impulse {due}", ship=ship_id, slot=slot,
                   due=due)
