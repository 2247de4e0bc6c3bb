"""Islands and shoals (issue 14, from the pirate game's islands and running aground; rulings R9.1e-R9.1f,
R11.4.6b, R17.0a, R9.3i, R19.0g in docs/rulings.md).

A scenario may list terrain squares. An *island* is land: no ship may enter it (an Advance or a Bonus Move
whose square ahead is land is not offered, and one that finds land ahead when it is made is not made), and it
blocks every line of fire that crosses it. A *shoal* is shallow water: a ship that enters it sounds her way
(one die); on a low roll she runs aground and cannot move until she gets off, which she tries once a turn in
the Housekeeping Phase. Terrain is part of the sea: it shifts with the map (9.3) like everything else.

A game whose scenario has no terrain calls nothing here that rolls a die or changes the state, so it plays
exactly as before terrain existed (tests/rules/test_pinned_games.py).
"""

from __future__ import annotations

from collections.abc import Generator, Mapping
from typing import TYPE_CHECKING, Any

from cs_desktop.rules import geometry as geo
from cs_desktop.rules.damage import quality_mods
from cs_desktop.rules.decisions import Request
from cs_desktop.rules.rolls import roll

if TYPE_CHECKING:
    from cs_desktop.rules.referee import Referee
    from cs_desktop.rules.state import GameState, ShipState

Gen = Generator[list[Request], dict[str, Any], Any]
ISLAND, SHOAL = "island", "shoal"
#: R9.1f: a ship entering a shoal runs aground on a modified die of this or less
AGROUND_AT = 2
#: R17.0a: a ship aground gets off on a modified die of this or more
AFLOAT_AT = 5

ISLAND_WHY = "the square ahead is an island: no ship may enter land (ruling R9.1e)"


def kind_at(state: GameState, square: tuple[int, int]) -> str | None:
    """'island', 'shoal' or None (open sea) for a square of the board."""
    return state.terrain.get(square) if state.terrain else None


def land_ahead(state: GameState, ship: ShipState) -> bool:
    """R9.1e: is the square she would Advance into (or make a Bonus Move into) an island?"""
    return bool(state.terrain) and state.terrain.get(geo.step(ship.square, ship.heading)) == ISLAND


def fire_blocked(state: GameState, a: tuple[int, int], b: tuple[int, int]) -> bool:
    """R11.4.6b: an island square that the line of fire touches (the squares of 11.4.6, ruling R11.4.6, ends
    excluded) blocks the shot."""
    return bool(state.terrain) and island_between(state.terrain, a, b)


def island_between(terrain: Mapping[tuple[int, int], str], a: tuple[int, int], b: tuple[int, int]) -> bool:
    """R11.4.6b on a map of terrain alone (square -> 'island'/'shoal'; a side's view lists the same squares, see
    `view_terrain`): does an island stand on the line of fire from `a` to `b`? `fire_blocked` is this on a
    game's state; the presenter's crew plan asks it of a view."""
    return bool(terrain) and any(terrain.get(sq) == ISLAND for sq in geo.line_squares(a, b))


def view_terrain(view: Mapping[str, Any]) -> dict[tuple[int, int], str]:
    """The terrain of a side's view (`view["terrain"]`: [x, y, kind] rows; terrain is public) as a map."""
    return {(int(x), int(y)): str(kind) for x, y, kind in view.get("terrain", ())}


def shifted(terrain: dict[tuple[int, int], str], dx: int, dy: int) -> dict[tuple[int, int], str]:
    """R9.3i: the terrain shifted with the map. Squares carried off the board are kept: the island is still
    there, and comes back if the map shifts back (unlike smoke, which is gone)."""
    return {(x + dx, y + dy): kind for (x, y), kind in terrain.items()}


def shift_note(state: GameState) -> str:
    """The words added to the 9.3 shift event when there is terrain (none otherwise: the event is unchanged)."""
    return ", and the islands and shoals with them" if state.terrain else ""


def may_move(ship: ShipState) -> bool:
    """A ship aground cannot move (R9.1f)."""
    return not ship.aground


# ---------------------------------------------------------------- running aground (R9.1f)
def sound(g: Referee, ship: ShipState) -> Gen:
    """R9.1f: `ship` has just entered a square; if it is a shoal she sounds her way in: one die, crew quality
    modifies it (3.3), +1 at Fighting Sail (less way on her, 3.6); on a modified total of 2 or less she runs
    aground. Returns True if she is aground."""
    state = g.state
    if kind_at(state, ship.square) != SHOAL or ship.aground:
        return False
    mods = quality_mods(ship)
    if ship.sail == "fighting":
        mods.append(("Fighting Sail +1", 1))
    r = yield from roll(g, ship.side, 1, "sounding the shoal", "R9.1f", mods, ship=ship.id)
    if r.total > AGROUND_AT:
        g.emit("shoal_clear", "R9.1f", f"{ship.card.name} finds water enough over the shoal", ship=ship.id)
        return False
    ground(g, ship)
    return True


def ground(g: Referee, ship: ShipState) -> None:
    """She is aground: no more movement this turn (her next maneuver is not selected and a held one is lost),
    speed 0 until she gets off (R9.1f)."""
    ship.aground = True
    ship.halted = True
    ship.maneuver = None
    ship.spent = 0
    g.emit("aground", "R9.1f", f"{ship.card.name} runs aground on the shoal at {list(ship.square)}: she cannot "
           "move until she gets off", ship=ship.id, side=ship.side, square=list(ship.square))


# ---------------------------------------------------------------- getting off (R17.0a)
def get_off(g: Referee) -> Gen:
    """R17.0a, in the Housekeeping Phase after sail change and disengagement: each ship aground (and still
    fighting) rolls one die to get off, crew quality modifying it, +1 with crew on Sailing (5.1.1: they man
    the boats and kedge her off). On 5 or more she floats: she moves again from next turn."""
    state = g.state
    for ship in state.afloat():
        if not ship.aground:
            continue
        mods = quality_mods(ship)
        if ship.assign["sailing"]:
            mods.append(("kedging: crew on Sailing +1", 1))
        r = yield from roll(g, ship.side, 1, "getting off the shoal", "R17.0a", mods, ship=ship.id)
        if r.total >= AFLOAT_AT:
            ship.aground = False
            g.emit("afloat", "R17.0a", f"{ship.card.name} gets off the shoal and is afloat again", ship=ship.id,
                   side=ship.side, square=list(ship.square))
        else:
            g.emit("still_aground", "R17.0a", f"{ship.card.name} is still aground", ship=ship.id)
