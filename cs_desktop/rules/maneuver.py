"""9.0-9.3 Maneuvering: the secret selection applied and revealed, Advance (with its free turn), Wear, Back Sail,
Tack, Straining; stacking in one square; shifting everything at the map edge. What may be selected (9.1, the six
restrictions, MP costs) is `rules/selection.py`, whose functions are also found here."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from cs_desktop.rules import geometry as geo
from cs_desktop.rules.contacts import leave_square, update_stacks_after_turn
from cs_desktop.rules.damage import quality_mods
from cs_desktop.rules.decisions import Request
from cs_desktop.rules.fleet_edge import fleet_edge
from cs_desktop.rules.movement_rates import letter_after_turn, wind_position
from cs_desktop.rules.rolls import roll
from cs_desktop.rules.selection import maneuver_cost as maneuver_cost
from cs_desktop.rules.selection import remaining_activations as remaining_activations
from cs_desktop.rules.selection import selection_options as selection_options
from cs_desktop.rules.selection import selection_request as selection_request
from cs_desktop.rules.tables import get_tables
from cs_desktop.rules.terrain import land_ahead, shift_note, shifted, sound
from cs_desktop.rules.victory import end_game

if TYPE_CHECKING:
    from cs_desktop.rules.referee import Referee
    from cs_desktop.rules.state import GameState, ShipState

Gen = Generator[list[Request], dict[str, Any], Any]


def apply_selection(g: Referee, ship: ShipState, choice: dict[str, Any]) -> None:
    ship.maneuver = {k: v for k, v in choice.items() if k != "strain"}
    ship.maneuver["revealed"] = False
    ship.spent = 0  # (restrictions 4-5 marks are cleared at the reveal: here they would betray the choice)
    if choice["strain"] and not ship.strain:
        ship.strain = choice["strain"]
        g.emit("strain", "9.1", f"{ship.card.name} is Straining", ship=ship.id, side=ship.side)
    g.emit("selected", "9.1", f"{ship.card.name} selects {describe(choice)}", visible_to=ship.side,
           ship=ship.id, choice=choice, reveals=False)


def describe(choice: dict[str, Any]) -> str:
    name = str(choice["maneuver"]).replace("_", " ").title()
    if choice["maneuver"] == "wear":
        name += f" to {choice['to']} ({choice['cost']} MP)"
    if choice["maneuver"] == "fall_off":
        name += f" to {choice['to']}"
    if choice.get("strain"):
        name += f" + Straining {choice['strain']}"
    return name


# ---------------------------------------------------------------- execution
def reveal(g: Referee, ship: ShipState) -> None:
    """9.0: a ship that has completed its maneuver reveals it (before the Initiative Player decides who
    moves first, so he decides knowing both)."""
    m = ship.maneuver
    assert m is not None
    if m.get("revealed"):
        return
    m["revealed"] = True
    if m["maneuver"] != "wear":  # 9.1 (4)-(5): the last maneuver was no Wear / no Back Sail
        ship.no_wear = False
    if m["maneuver"] != "back_sail":
        ship.no_back_sail = False
    g.emit("reveal", "9.0", f"{ship.card.name} reveals {describe(m)}", ship=ship.id, maneuver=dict(m))


def execute(g: Referee, ship: ShipState) -> Gen:
    """Carry out the completed maneuver (9.0): reveal it (if not yet revealed), then move or turn the ship."""
    state = g.state
    reveal(g, ship)
    m = ship.maneuver
    assert m is not None
    name = m["maneuver"]
    ship.maneuver = None
    ship.spent = 0
    if name == "advance":
        yield from advance(g, ship)
    elif name == "wear":
        turn_ship(g, ship, m["turn"], "9.1.2", "wears")
        ship.no_wear = True
        ship.worn_here = True
        if wind_position(state, ship) == "H":  # ruling R9.1c: the wind shifted since she selected
            ship.halted = True
            g.emit("in_irons", "9.1", f"{ship.card.name} is caught aback: the wind has shifted and she lies "
                   "In Irons for the rest of the turn", ship=ship.id)
    elif name == "fall_off":
        turn_ship(g, ship, m["turn"], "9.1.4", "falls off")
    elif name == "back_sail":
        ship.no_back_sail = True
        g.emit("back_sail", "9.1.3", f"{ship.card.name} backs her sails and holds her place", ship=ship.id)
        if state.terrain and land_ahead(state, ship):  # ruling R9.1e: she may haul off the land
            yield from free_turn(g, ship, "R9.1e")
    elif name == "tack":
        yield from tack(g, ship)


def turn_ship(g: Referee, ship: ShipState, points: int, rule: str, verb: str) -> None:
    ship.heading = geo.turn(ship.heading, points)
    g.emit("turn", rule, f"{ship.card.name} {verb} to heading {ship.heading} "
           f"(wind position {wind_position(g.state, ship)})", ship=ship.id, heading=ship.heading)
    update_stacks_after_turn(g.state, ship)


def advance(g: Referee, ship: ShipState) -> Gen:
    """9.1.1: into the next square; then the free one-point turn to a superior wind position."""
    state = g.state
    heading_in = ship.heading
    if state.terrain and land_ahead(state, ship):  # ruling R9.1e: land ahead (after a Bonus Move): she holds
        g.emit("land_ahead", "R9.1e", f"{ship.card.name} finds land ahead and cannot advance", ship=ship.id)
        yield from free_turn(g, ship, "R9.1e")  # she may haul off the land, as after a Back Sail
        return
    moved = move_ahead(g, ship, "9.1.1", "advances")
    if not moved:
        return
    if state.terrain and (yield from sound(g, ship)):  # ruling R9.1f: aground on a shoal, no free turn
        yield from enter_square(g, ship, heading_in)
        return
    yield from free_turn(g, ship, "9.1.1")
    yield from enter_square(g, ship, heading_in)


def free_turn(g: Referee, ship: ShipState, rule: str) -> Gen:
    """9.1.1: the free one-point turn to a superior wind position (counts as a Wear); also after a Back Sail
    with land ahead (ruling R9.1e)."""
    state = g.state
    tables = get_tables()
    letter = wind_position(state, ship)
    turns = []
    for points in (-1, 1):
        to = letter_after_turn(state, ship, points)
        if to != "H" and tables.position_rank(to) > tables.position_rank(letter):
            turns.append({"turn": points, "to": to})
    if turns:
        answers = yield [Request("advance_turn", ship.side, rule,
                                 f"{ship.card.name} may turn one point to a superior wind position",
                                 ships={ship.id: tuple([{"turn": 0, "to": letter}] + turns)})]
        choice = answers[ship.side][ship.id]
        if choice["turn"]:
            turn_ship(g, ship, choice["turn"], rule, "turns (free, counts as a Wear)")
            ship.no_wear = True
            ship.worn_here = True


def move_ahead(g: Referee, ship: ShipState, rule: str, verb: str) -> bool:
    """Move one square along the heading, shifting the map first if needed (9.3). False if she did not move:
    the game ended, or (fleet rules) she escaped."""
    state = g.state
    dest = geo.step(ship.square, ship.heading)
    width, height = state.map_size
    if not geo.on_map(dest, width, height) and state.fleet_rules:
        if not fleet_edge(g, ship, dest):
            return False  # she escaped (and the game may have ended)
        dest = geo.step(ship.square, ship.heading)
    elif not geo.on_map(dest, width, height):
        ships = state.afloat()
        squares = [s.square for s in ships]
        shift = geo.edge_shift(squares, ships.index(ship), dest, width, height)
        if shift is None:
            g.emit("map_edge", "9.3", f"{ship.card.name} cannot stay on the map: the game ends", ship=ship.id)
            end_game(g, f"{ship.card.name} sailed off the map (9.3)")
            return False
        apply_shift(state, shift)
        g.emit("map_shift", "9.3", f"All ships and smoke shift by {shift}{shift_note(state)} to keep "
               f"{ship.card.name} on the map", shift=list(shift))
        dest = geo.step(ship.square, ship.heading)
    leave_square(state, ship)
    ship.x, ship.y = dest
    ship.worn_here = False
    g.emit("move", rule, f"{ship.card.name} {verb} to {dest}", ship=ship.id, square=list(dest))
    return True


def apply_shift(state: GameState, shift: tuple[int, int]) -> None:
    """9.3: move every ship and every smoke marker by the same amount (and the terrain: ruling R9.3i)."""
    dx, dy = shift
    for ship in state.ships.values():
        ship.x += dx
        ship.y += dy
    if state.terrain:
        state.terrain = shifted(state.terrain, dx, dy)
    width, height = state.map_size
    state.smoke = {(x + dx, y + dy): v for (x, y), v in state.smoke.items()
                   if geo.on_map((x + dx, y + dy), width, height)}  # ruling R9.3: smoke off the map is gone


# ---------------------------------------------------------------- stacking (9.2)
def enter_square(g: Referee, mover: ShipState, heading_in: int) -> Gen:
    """9.2: the mover shares a square with an enemy: fix the relative position and who may fire."""
    state = g.state
    for other in state.enemies(mover):
        if other.square != mover.square:
            continue
        relation = geo.stacked_relation(mover.heading, other.heading)
        choice: str | None = None
        if relation == "parallel":
            ip = mover.side if state.ranks_above(mover.side, other.side) else other.side  # R6.0b
            answers = yield [Request("parallel_side", ip, "9.2.1",
                                     f"{mover.card.name} sails parallel to {other.card.name}: on which side of "
                                     f"{other.card.name} does she pass?", options=("port", "starboard"),
                                     info={"mover": mover.id, "other": other.id})]
            choice = answers[ip]
        mover_is_ip = state.ranks_above(mover.side, other.side)  # R6.0b
        record: dict[str, Any] = dict(geo.stacked_sides(mover.heading, heading_in, other.heading, choice,
                                                         mover_is_ip))
        record["ships"] = [mover.id, other.id]
        record["mover"] = mover.id
        state.stacks = [r for r in state.stacks if not (mover.id in r["ships"] and other.id in r["ships"])]
        state.stacks.append(record)
        g.emit("stacking", "9.2", f"{mover.card.name} and {other.card.name} share a square: {relation}"
               + (f" ({mover.card.name} passes to {choice})" if choice else ""), ships=[mover.id, other.id],
               relation=relation)


# ---------------------------------------------------------------- tacking (9.1.4)
def tack(g: Referee, ship: ShipState) -> Gen:
    state = g.state
    letter = wind_position(state, ship)
    toward = -1 if letter == "F" else 1  # the point that brings the bow into the wind
    for points in (-1, 1):
        if letter_after_turn(state, ship, points) == "H":
            toward = points
    turn_ship(g, ship, toward, "9.1.4", "turns into the wind (In Irons)")
    mods = quality_mods(ship)
    if any(geo.mp_distance(ship.square, e.square) <= 6 for e in state.enemies(ship)):
        mods.append(("enemy within 6 MP -1", -1))
    r = yield from roll(g, ship.side, 1, "tack", "9.1.4", mods, ship=ship.id, steps=(5,))
    if r.total >= 5:
        turn_ship(g, ship, toward, "9.1.4", "comes through the wind")
    else:
        ship.halted = True
        g.emit("in_irons", "9.1.4", f"{ship.card.name} fails to tack and lies In Irons for the rest of the turn",
               ship=ship.id)
