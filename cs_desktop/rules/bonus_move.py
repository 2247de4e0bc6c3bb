"""16.0 Bonus Move: a ship that strained must, any other may (unless dismasted or In Irons), move one square
straight ahead, then check for rigging damage."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from cs_desktop.rules import damage
from cs_desktop.rules.contacts import is_grappled
from cs_desktop.rules.decisions import Request
from cs_desktop.rules.maneuver import enter_square, move_ahead
from cs_desktop.rules.movement_rates import wind_position
from cs_desktop.rules.rolls import roll
from cs_desktop.rules.terrain import land_ahead, sound

if TYPE_CHECKING:
    from cs_desktop.rules.referee import Referee
    from cs_desktop.rules.state import GameState, ShipState

Gen = Generator[list[Request], dict[str, Any], Any]


def may_choose_bonus(state: GameState, ship: ShipState) -> bool:
    """16.0: not when dismasted, not In Irons; ruling R16.0: not while grappled; ruling R9.1e/f: not with land
    ahead, not aground."""
    return (ship.afloat and not ship.strain and not ship.dismasted and wind_position(state, ship) != "H"
            and not ship.halted and not is_grappled(state, ship)
            and not (state.terrain and (ship.aground or land_ahead(state, ship))))


def segment_bonus(g: Referee) -> Gen:
    state = g.state
    state.impulse = 13
    # Optional bonus moves are declared first, the Non-Initiative Player first (16.0).
    for side in state.initiative_order():  # R6.0a: up the order
        optional = [s for s in state.afloat(side) if may_choose_bonus(state, s)]
        if not optional:
            continue
        answers = yield [Request("bonus_move", side, "16.0",
                                 "Make a Bonus Move by Straining (1 or 2), or not (0)?",
                                 ships={s.id: (0, 1, 2) for s in optional})]
        for ship_id, strain in answers[side].items():
            if strain:
                state.ships[ship_id].strain = strain
                g.emit("strain", "16.0", f"{state.ships[ship_id].card.name} will make a Bonus Move", ship=ship_id)
    # a ship aground strains for nothing: she selects no maneuver and is offered no Bonus Move (R9.1f); one that
    # ran aground this turn is halted
    movers = [s for s in state.afloat() if s.strain and wind_position(state, s) != "H" and not s.halted
              and not is_grappled(state, s)]
    order = sorted(movers, key=lambda s: -state.rank(s.side))  # the IP first (R6.0a: down the order)
    for ship in order:
        if state.ended:
            return
        heading_in = ship.heading
        if state.terrain and land_ahead(state, ship):  # ruling R9.1e: she strained, but land is ahead
            g.emit("land_ahead", "R9.1e", f"{ship.card.name} finds land ahead: no Bonus Move", ship=ship.id)
        elif not move_ahead(g, ship, "16.0", "makes a Bonus Move"):
            if state.ended:
                return
            continue  # fleet rules: she escaped off the map (R9.3f)
        else:
            yield from enter_square(g, ship, heading_in)
            if state.terrain:
                yield from sound(g, ship)  # ruling R9.1f
        mods = damage.quality_mods(ship)
        if ship.assign["sailing"]:
            mods.append(("crew assigned to Sailing +1", 1))
        mods.append((f"Straining {ship.strain} +{ship.strain}", ship.strain))
        r = yield from roll(g, ship.side, 1, "bonus move", "16.0", mods, ship=ship.id, steps=(6,))
        if r.total >= 6:
            g.emit("bonus_ok", "16.0", f"{ship.card.name}'s rigging holds", ship=ship.id)
        else:
            damage.rigging_hits(g, ship, ship.strain, "16.0")
    state.segment = "housekeeping"
