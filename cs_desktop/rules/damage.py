"""Hits on the Ship Display (3.8-3.10.1) and Morale Checks (1.8, 3.4, 3.9, 3.10.1)."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from cs_desktop.rules import build_damage
from cs_desktop.rules.crew import trim_to_crew
from cs_desktop.rules.decisions import Request
from cs_desktop.rules.deck import enforce_hand_limit
from cs_desktop.rules.rolls import roll
from cs_desktop.rules.state import MORALE_NAMES, STRIKE_CHECK, UNFIT, HANDY, FAIR

if TYPE_CHECKING:
    from cs_desktop.rules.referee import Referee
    from cs_desktop.rules.state import ShipState

Gen = Generator[list[Request], dict[str, Any], Any]

#: Crew Morale modifies rolls: Handy +1, Fair 0, Unfit -1 (3.4); ruling R3.4: in the Strike Check box -2.
MORALE_MOD = {HANDY: 1, FAIR: 0, UNFIT: -1, STRIKE_CHECK: -2}


#: rules under which a ship damages itself: Straining (16.0), a Double Shot burst (11.4.9), a Play Now event
#: (1.7.1). Such boxes are not hits the enemy scored (ruling R19.0).
SELF_INFLICTED = frozenset({"16.0", "11.4.9", "1.7.1"})


def _count_self(ship: ShipState, taken: int, rule: str) -> None:
    if rule in SELF_INFLICTED:
        ship.self_damage += taken


def morale_mod(ship: ShipState) -> int:
    return MORALE_MOD[ship.morale]


def morale_mods(ship: ShipState) -> list[tuple[str, int]]:
    m = morale_mod(ship)
    return [(f"Crew Morale {MORALE_NAMES[ship.morale]} {m:+d}", m)] if m else []


def quality_mods(ship: ShipState) -> list[tuple[str, int]]:
    q = ship.quality_mod
    return [("Crack crew +1" if q > 0 else "Green crew -1", q)] if q else []


def morale_check(g: Referee, ship: ShipState, dice: int, reason: str, rule: str, extra: int = 0) -> Gen:
    """1.8: roll `dice` dice, each modified by Crew Morale (and `extra`); any result of 2 or less fails and
    morale falls one level (one level however many dice fail)."""
    if dice <= 0 or not ship.afloat:
        return False
    mods = morale_mods(ship)
    if extra:
        mods.append((f"red number {extra:+d}", extra))
    r = yield from roll(g, ship.side, dice, f"morale check ({reason})", rule, mods, ship=ship.id,
                        steps=(3,))
    failed = any(v <= 2 for v in r.modified)
    if failed:
        yield from lower_morale(g, ship, rule)
    else:
        g.emit("morale_held", rule, f"{ship.card.name}'s crew hold firm", ship=ship.id)
    return failed


def lower_morale(g: Referee, ship: ShipState, rule: str) -> Gen:
    if ship.morale == STRIKE_CHECK:
        g.emit("morale", rule, f"{ship.card.name}'s morale is already at Strike Check", ship=ship.id,
               morale=ship.morale)
        return
    ship.morale -= 1
    g.emit("morale", rule, f"{ship.card.name}'s morale falls to {MORALE_NAMES[ship.morale]}", ship=ship.id,
           morale=ship.morale)
    yield from enforce_hand_limit(g, ship.side)


def rigging_hits(g: Referee, ship: ShipState, hits: int, rule: str) -> int:
    """3.8: move the rigging marker down one box per hit (no further than the Strike Check box); a sloop or
    heavy frigate by the hits marked under her build's switch (R3.10a)."""
    if hits <= 0 or ship.rigging <= 0:
        return 0
    taken = min(build_damage.boxes(g.state, ship, "rigging", hits), ship.rigging)
    note = build_damage.why(g.state, ship, hits, taken)
    if taken <= 0:
        g.emit("hit_marked", rule, f"{ship.card.name}'s rigging is hit{note}", ship=ship.id,
               track="rigging", hits=hits)
        return 0
    ship.rigging -= taken
    _count_self(ship, taken, rule)
    g.emit("hit", rule, f"{ship.card.name} takes {taken} rigging hit(s); rigging {ship.rigging}"
           + (" — dismasted (Strike Check box)" if ship.rigging == 0 else "") + note, ship=ship.id,
           track="rigging", hits=taken, value=ship.rigging)
    trim_to_crew(ship)
    return taken


def crew_hits(g: Referee, ship: ShipState, hits: int, rule: str) -> Gen:
    """3.9: move the crew marker down; the first time it enters a box with a red number, a morale check
    with that number taken from the die (ruling R3.9: every red box entered or passed counts)."""
    taken = min(hits, ship.crew)
    if taken <= 0:
        return 0
    before = ship.crew
    ship.crew -= taken
    _count_self(ship, taken, rule)
    g.emit("hit", rule, f"{ship.card.name} takes {taken} crew hit(s); crew {ship.crew}", ship=ship.id,
           track="crew", hits=taken, value=ship.crew)
    trim_to_crew(ship)
    for box in sorted(ship.card.crew_red_boxes, reverse=True):
        if ship.crew <= box < before and box not in ship.red_passed:
            ship.red_passed.append(box)
            yield from morale_check(g, ship, 1, f"crew box {box}, red {ship.card.crew_red_boxes[box]}", "3.9",
                                    -ship.card.crew_red_boxes[box])
    return taken


def gunnery_hit(g: Referee, ship: ShipState, section: str, rule: str) -> Gen:
    """3.10.1: one hull hit moves the section's gunnery marker one box toward 0; entering 0 -> morale check. A
    sloop or heavy frigate loses boxes by the hits marked under her build's switch (R3.10a): 0, 1 or 2."""
    if ship.gunnery[section] <= 0:
        return False
    taken = min(build_damage.boxes(g.state, ship, section, 1), ship.gunnery[section])
    note = build_damage.why(g.state, ship, 1, taken)
    where = section.replace('_', ' ')
    if taken <= 0:
        g.emit("hit_marked", rule, f"{ship.card.name} takes a hull hit in the {where} section"
               f"{note}", ship=ship.id, track=section, hits=1)
        return False
    ship.gunnery[section] -= taken
    _count_self(ship, taken, rule)
    g.emit("hit", rule, f"{ship.card.name} takes a hull hit in the {where} section; gunnery "
           f"{ship.gunnery[section]}{note}", ship=ship.id, track=section, hits=taken, value=ship.gunnery[section])
    trim_to_crew(ship)
    if ship.gunnery[section] == 0:
        yield from morale_check(g, ship, 1, f"{section.replace('_', ' ')} section destroyed", "3.10.1")
    return True
