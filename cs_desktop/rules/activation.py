"""8.0 Activation Cycle, 13.0 Empty Impulses, 14.0 Repeat for Next Impulse.

Segment "select" asks every ship without a maneuver to select one (simultaneously, hidden); segment
"impulse:N" runs impulse N: maneuver (step 1), reload (step 2), fire (step 3), grapple (step 4).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from cs_desktop.rules import maneuver as mv
from cs_desktop.rules.contacts import is_grappled
from cs_desktop.rules.decisions import Request
from cs_desktop.rules.fire_stages import fire_stages
from cs_desktop.rules.grappling import grapple_step
from cs_desktop.rules.movement_rates import wind_position
from cs_desktop.rules.reloading import reload_step, select_lost_loads
from cs_desktop.rules.tables import get_tables

if TYPE_CHECKING:
    from cs_desktop.rules.referee import Referee
    from cs_desktop.rules.state import GameState, ShipState

Gen = Generator[list[Request], dict[str, Any], None]


def needs_selection(state: GameState, ship: ShipState, impulse: int) -> bool:
    """4.0 / 9.0: a ship with no maneuver selects one at the start of the Activation Cycle and right after
    each maneuver she completes (not in the 12th impulse), whether or not she has activations left this turn
    (9.1 restriction 1; with none left her maneuver carries over and needs a Strain, restriction 2). Not a
    ship In Irons for the rest of the turn (9.1.4 step 3: she ignores the remaining impulses), nor a grappled
    ship (ruling R12.0), nor a ship aground (ruling R9.1f)."""
    return (ship.afloat and ship.maneuver is None and not ship.halted and impulse < 12
            and not is_grappled(state, ship) and not ship.aground)


def selection_requests(state: GameState, ships: list[ShipState], impulse: int,
                       left_now: dict[str, int] | None = None) -> list[Request]:
    """The requests of `select_maneuvers`: one a side with listed ships (9.1)."""
    left_now = left_now or {}
    by_side: dict[str, list[ShipState]] = {}
    for ship in ships:
        by_side.setdefault(ship.side, []).append(ship)
    requests = []
    for side, side_ships in by_side.items():
        remaining = {s.id: mv.remaining_activations(s, impulse, left_now.get(s.id, 0)) for s in side_ships}
        requests.append(mv.selection_request(state, side, side_ships, remaining))
    return requests


def select_maneuvers(g: Referee, ships: list[ShipState], impulse: int, left_now: dict[str, int] | None = None,
                     asked: tuple[Request, ...] | None = None) -> Gen:
    """Ask each side to select for its listed ships, all sides at once (secret, 9.1). A maneuver that costs
    no MP (the Fall Off of the H table) is complete as soon as it is selected: it is revealed and made at
    once (9.0), and the ship then selects her next maneuver (ruling R9.1.4). `asked`: the requests, if already
    made (`selection_requests`)."""
    state = g.state
    left_now = left_now or {}
    requests = list(asked) if asked is not None else selection_requests(state, ships, impulse, left_now)
    if not requests:
        return
    answers = yield requests
    for answer in answers.values():
        for ship_id, choice in answer.items():
            mv.apply_selection(g, state.ships[ship_id], choice)
    complete = [s for s in ships if s.maneuver is not None and mv.maneuver_cost(s, s.maneuver) <= s.spent]
    if not complete:
        return
    for ship in complete:
        mv.reveal(g, ship)
    order = yield from _move_order(g, complete)
    for ship in order:
        yield from mv.execute(g, ship)
        if state.ended:
            return
    again = [s for s in order if needs_selection(state, s, impulse)]
    yield from select_maneuvers(g, again, impulse, {s.id: left_now.get(s.id, 0) for s in again})


def segment_select(g: Referee) -> Gen:
    """8.0 / 9.1: the ships select their maneuvers for the first impulse. The ships asked and their requests are
    kept in `state.step` at the mark before the question (`Game.mark_step`): a copy resumes there."""
    state = g.state
    if state.step[:1] == ("turn_selection",):  # a copy resuming at the mark
        _, ids, asked = state.step
        ships = [state.ships[i] for i in ids]
    else:
        state.impulse = 0
        # Ruling R9.1.4: a ship In Irons (speed 0, 7.0 step 4) that still holds a maneuver chosen before the wind
        # took her aback (a carry-over, then a wind shift) could never complete it: it is lost and she selects
        # from the H table like any ship In Irons. What it was stays hidden.
        for ship in state.afloat():
            if ship.maneuver is not None and wind_position(state, ship) == "H":
                ship.maneuver = None
                ship.spent = 0
                g.emit("maneuver_lost", "9.1.4", f"{ship.card.name} lies In Irons: the maneuver she had selected "
                       "is lost", ship=ship.id)
        ships = [s for s in state.afloat() if needs_selection(state, s, 0)]
        asked = tuple(selection_requests(state, ships, 0))
        state.step = ("turn_selection", tuple(s.id for s in ships), asked)
    g.mark_step()
    yield from select_maneuvers(g, ships, 0, None, asked)
    state.step = ()
    state.segment = "impulse:1"


def has_load_marker(state: GameState, impulse_abs: int) -> bool:
    """A Load Marker of a ship afloat is due now; ruling R10.0: a marker left on an impulse that was never
    played (after a grapple) counts too, so that the next impulse is played and picks it up."""
    return any(entry[0] <= impulse_abs and state.ships[entry[1]].afloat for entry in state.reload_track)


def skip_empty_impulse(state: GameState) -> bool:
    """13.0: an impulse with no Activate! marker and no Load Marker is skipped. Done before the segment
    starts, so empty impulses cost no checkpoint. Returns True if it skipped one."""
    if not state.segment.startswith("impulse:"):
        return False
    impulse = int(state.segment[8:])
    tables = get_tables()
    absolute = (state.turn - 1) * 12 + impulse
    if any(not s.halted and tables.track.activations(s.speed, impulse) for s in state.ships.values() if s.afloat):
        return False
    if has_load_marker(state, absolute):
        return False
    state.impulse = impulse
    _next(state, impulse)
    return True


def segment_impulse(g: Referee) -> Gen:
    """Impulse N (8.0): step 1 maneuver, in rounds of one activation each; step 2 reload (10.0); step 3 fire
    (11.0); step 4 possession of hulks (fleet rules, R18.0h) and grapple (12.0). Run as a machine whose place is
    in `state.step`, marked (`Game.mark_step`) before each step that may ask, so that a copy resumes there:
    ("move", round, activations of each ship) before round k; ("order", round, activations, ships completing,
    the step after the round) before the move order (9.0); ("moves", round, activations, ships still to move,
    the step after the round) before the next ship moves; ("select", ship, activations left, the step after)
    (and her request, once made) before she selects her next maneuver (4.0); ("reload",); ("fire",) (then the fire step's own stages,
    `fire_stages`); ("possession",); ("grapple",)."""
    state = g.state
    if not state.step:
        impulse = int(state.segment.split(":")[1])
        state.impulse = impulse
        tables = get_tables()
        active = {s.id: (0 if s.halted else tables.track.activations(s.speed, impulse)) for s in state.afloat()}
        if not any(active.values()) and not has_load_marker(state, state.absolute_impulse):
            _next(state, impulse)  # 13.0: skip an empty impulse
            return
        state.step = ("move", 0, tuple(active.items())) if any(active.values()) else ("reload",)
    while state.step and not state.ended:
        step = state.step
        kind = step[0]
        if kind == "move":  # asks nothing: no mark needed
            _maneuver_rounds(g)
            continue
        if kind == "select" and len(step) == 4:  # the request kept at the mark: a copy does not work it out again
            _, ship_id, left, after = step
            step = state.step = (*step, tuple(selection_requests(state, [state.ships[ship_id]], state.impulse,
                                                                 {ship_id: left})))
        g.mark_step()
        if kind == "order":  # 9.0: the Initiative Player orders the moves
            _, k, pairs, ids, after = step
            order = yield from _move_order(g, [state.ships[i] for i in ids])
            state.step = ("moves", k, pairs, tuple(s.id for s in order), after)
        elif kind == "moves":
            yield from _move_ship(g)
        elif kind == "select":  # 4.0: a ship that has completed her maneuver selects the next one
            _, ship_id, left, after, asked = step
            state.step = after
            yield from select_maneuvers(g, [state.ships[ship_id]], state.impulse, {ship_id: left}, asked)
        elif kind == "reload":  # step 2 (10.0); guns without crew lose the marker and select a new load (11.7)
            state.step = ("fire",)
            yield from select_lost_loads(g, reload_step(g))
        elif kind == "fire":  # step 3 (11.0), in stages of its own (it leaves `state.step` empty)
            yield from fire_stages(g)
            state.step = ("possession",) if state.fleet_rules else ("grapple",)
        elif kind == "possession":  # step 4, fleet rules: boarding parties take possession of hulks (R18.0h)
            from cs_desktop.rules.fleet_end import take_possession_step

            state.step = ("grapple",)
            yield from take_possession_step(g)
        else:  # step 4 (12.0): grapple; a grapple ends the impulses of this turn (on to the melee)
            state.step = ()
            grappled = yield from grapple_step(g)
            if not state.ended:
                if grappled:
                    state.segment = "melee"
                else:
                    _next(state, state.impulse)
    state.step = ()


def _maneuver_rounds(g: Referee) -> None:
    """Step 1 (8.0, 9.0) from round k: in each round every ship with a k-th activation spends a MP; at the first
    round where some complete their maneuver, they reveal it (9.0) and the machine goes on to their move order;
    with none in the last round, on to step 2."""
    state = g.state
    _, k, pairs = state.step
    active = dict(pairs)
    rounds = max(active.values(), default=0)
    while k < rounds:
        completing: list[ShipState] = []
        for ship in state.afloat():
            if active.get(ship.id, 0) > k and not ship.halted and ship.maneuver is not None:
                ship.spent += 1
                if ship.spent >= mv.maneuver_cost(ship, ship.maneuver):
                    completing.append(ship)
        after = ("move", k + 1, pairs) if k + 1 < rounds else ("reload",)
        if completing:
            for ship in completing:  # 9.0: completed maneuvers are revealed, then the IP orders the moves
                mv.reveal(g, ship)
            state.step = ("order", k, pairs, tuple(s.id for s in completing), after)
            return
        k += 1
    state.step = ("reload",)


def _move_ship(g: Referee) -> Gen:
    """Step 1, the next ship of round k's order completes her maneuver (9.0); if she must select her next one
    (4.0, not in the 12th impulse), the machine goes on to that, with the activations she has left."""
    state = g.state
    _, k, pairs, order, after = state.step
    ship = state.ships[order[0]]
    state.step = ("moves", k, pairs, order[1:], after) if len(order) > 1 else after
    if not ship.afloat:
        return
    yield from mv.execute(g, ship)
    if not state.ended and needs_selection(state, ship, state.impulse):
        state.step = ("select", ship.id, max(0, dict(pairs).get(ship.id, 0) - k - 1), state.step)


def _move_order(g: Referee, ships: list[ShipState]) -> Generator[list[Request], dict[str, Any], list[ShipState]]:
    """9.0: if ships of both sides complete maneuvers, the Initiative Player decides who moves first. Ruling
    R6.0c, more than two sides: the side highest in the initiative order among those completing maneuvers
    decides whether they go down the order (it first) or up it (the lowest first)."""
    state = g.state
    sides = {s.side for s in ships}
    if len(sides) < 2:
        return ships
    if len(state.sides) > 2:
        up = [side for side in state.initiative_order() if side in sides]
        decider = up[-1]
        answers = yield [Request("move_order", decider, "8.0",
                                 "Ships of several sides complete maneuvers: does the side higher in the initiative "
                                 "order maneuver first, or the lower (R6.0c)?",
                                 options=("initiative_first", "non_initiative_first"), info={"order": up})]
        ranks = up[::-1] if answers[decider] == "initiative_first" else up
        return sorted(ships, key=lambda s: ranks.index(s.side))
    ip = state.ip()
    answers = yield [Request("move_order", ip, "8.0",
                             "Both sides complete maneuvers: who maneuvers first?",
                             options=("initiative_first", "non_initiative_first"))]
    first = ip if answers[ip] == "initiative_first" else state.nip()
    return sorted(ships, key=lambda s: 0 if s.side == first else 1)


def _next(state: GameState, impulse: int) -> None:
    state.segment = f"impulse:{impulse + 1}" if impulse < 12 else "melee"  # 14.0
