"""9.1 Selecting a maneuver: what the Control Panel offers a ship now, what the six restrictions forbid and why,
and each maneuver's MP cost. The maneuvers themselves are carried out in `maneuver`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cs_desktop.rules import geometry as geo
from cs_desktop.rules.decisions import Request
from cs_desktop.rules.movement_rates import letter_after_turn, wind_position
from cs_desktop.rules.tables import get_tables
from cs_desktop.rules.terrain import ISLAND_WHY, land_ahead

if TYPE_CHECKING:
    from cs_desktop.rules.state import GameState, ShipState


# ---------------------------------------------------------------- costs and selection (9.1)
def maneuver_cost(ship: ShipState, maneuver: dict[str, Any]) -> int:
    name = maneuver["maneuver"]
    spec = get_tables().maneuvers[name]
    if name == "wear":
        return int(maneuver["cost"])
    if name != "advance":
        cost = spec.cost
    else:
        cost = spec.cost_corner if geo.is_corner(ship.heading) else spec.cost_side
    if cost is None:
        raise ValueError(f"maneuver {name!r} has no MP cost in control_panel.json")
    return cost


def remaining_activations(ship: ShipState, impulse: int, left_now: int = 0) -> int:
    """Activations the ship still has this turn after the current point of impulse `impulse`."""
    if ship.halted:
        return 0
    return left_now + get_tables().track.activations_after(ship.speed, impulse)


def selection_options(state: GameState, ship: ShipState, remaining: int) -> tuple[tuple[dict[str, Any], ...],
                                                                                   list[dict[str, Any]]]:
    """Legal selections for `ship` now, and the forbidden ones with the rule that forbids each."""
    options, forbidden, _ = _selection(state, ship, remaining)
    return options, forbidden


#: (wind, heading, land ahead, restriction marks) -> `_plan`: it reads nothing else, and a selection is asked for
#: at every impulse (issue 12). The plan's dicts are never handed out: `_selection` gives copies.
_PLANS: dict[tuple[Any, ...], tuple[tuple[tuple[dict[str, Any], int], ...], tuple[dict[str, Any], ...]]] = {}
_PLANS_TABLES: list[Any] = [None]  # the tables the plans were made with (a reload forgets them)


def _selection(state: GameState, ship: ShipState, remaining: int) -> tuple[tuple[dict[str, Any], ...],
                                                                           list[dict[str, Any]], list[bool]]:
    """`selection_options`, and for each legal selection whether it carries over into the next turn (its MP
    cost is more than the `remaining` activations: 9.1 restriction 2)."""
    tables = get_tables()
    if _PLANS_TABLES[0] is not tables:
        _PLANS.clear()
        _PLANS_TABLES[0] = tables
    land = bool(state.terrain) and land_ahead(state, ship)
    key = (state.wind, ship.heading, land, ship.no_back_sail, ship.no_wear, ship.worn_here)
    plan = _PLANS.get(key)
    if plan is None:
        plan = _PLANS[key] = _plan(state, ship, land)
    bases, refused = plan
    forbidden = [{"choice": f["choice"].copy(), "rule": f["rule"], "why": f["why"]} for f in refused]
    options: list[dict[str, Any]] = []
    carry: list[bool] = []
    for base, cost in bases:
        carries = cost > remaining
        strains = (ship.strain,) if ship.strain else ((1, 2) if carries else (0, 1, 2))
        for strain in strains:
            options.append(dict(base, strain=strain))
        carry.extend([carries] * len(strains))  # a Strain does not change the cost
        if carries and not ship.strain:
            forbidden.append({"choice": dict(base, strain=0), "rule": "9.1",
                              "why": "a maneuver that carries over into the next turn needs a Strain (restriction 2)"})
    return tuple(options), forbidden, carry


def _plan(state: GameState, ship: ShipState, land: bool) -> tuple[tuple[tuple[dict[str, Any], int], ...],
                                                                   tuple[dict[str, Any], ...]]:
    """The maneuvers the panel allows now, each with its MP cost, and those the restrictions forbid (each Strain),
    before the Strain of restriction 2 (which `_selection` adds from the activations left)."""
    tables = get_tables()
    letter = wind_position(state, ship)
    rank = tables.position_rank
    bases: list[dict[str, Any]] = []
    forbidden: list[dict[str, Any]] = []

    def forbid(choice: dict[str, Any], rule: str, why: str) -> None:
        for strain in (0, 1, 2):
            forbidden.append({"choice": dict(choice, strain=strain), "rule": rule, "why": why})

    for name in tables.panel(letter):
        if name == "advance":
            if land:
                forbid({"maneuver": "advance"}, "R9.1e", ISLAND_WHY)
            else:
                bases.append({"maneuver": "advance"})
        elif name == "back_sail":
            back: dict[str, Any] = {"maneuver": "back_sail"}
            if ship.no_back_sail and not land:  # R9.1e: land ahead
                forbid(back, "9.1.3", "Back Sail may not be selected twice in a row (restriction 4)")
            else:
                bases.append(back)
        elif name == "wear":
            targets = tables.wear_targets(letter)
            for points in (-1, 1):
                to = letter_after_turn(state, ship, points)
                cost = targets.get(to, 0)
                choice: dict[str, Any] = {"maneuver": "wear", "turn": points, "to": to, "cost": cost}
                if to == "H":
                    forbid(choice, "9.1", "no maneuver may turn a ship In Irons; she must Tack (restriction 6)")
                elif rank(to) >= rank(letter):
                    forbid(choice, "9.1.2", "Wear turns only to an inferior wind position; Advance turns to a "
                                            "superior one")
                elif ship.no_wear:
                    forbid(choice, "9.1", "Wear may not be selected twice in a row; a free turn from Advance "
                                          "counts (restriction 5)")
                elif ship.worn_here:
                    forbid(choice, "9.1", "a ship may not Wear twice in the same square (restriction 5)")
                else:
                    bases.append(choice)
        elif name == "tack":
            bases.append({"maneuver": "tack"})
    if letter == "H":  # ruling R9.1.4: the H table's only maneuver: Fall Off to F or G, 0 MP, made at once
        for points in (-1, 1):
            bases.append({"maneuver": "fall_off", "turn": points, "to": letter_after_turn(state, ship, points)})
    if letter not in ("F", "G"):
        forbid({"maneuver": "tack"}, "9.1.4", "only a ship Beating (F or G) may attempt to Tack")
    return tuple([(base, maneuver_cost(ship, base)) for base in bases]), tuple(forbidden)


def selection_request(state: GameState, side: str, ships: list[ShipState], remaining: dict[str, int]) -> Request:
    options = {}
    forbidden = {}
    carries: dict[str, list[bool]] = {}
    for ship in ships:
        options[ship.id], forbidden[ship.id], carries[ship.id] = _selection(state, ship, remaining[ship.id])
    return Request(
        "select_maneuver", side, "9.1",
        "Select a maneuver (hidden until completed); a maneuver that carries into next turn needs a Strain",
        ships=options, info={"forbidden": forbidden, "remaining": remaining, "carries_over": carries},
    )
