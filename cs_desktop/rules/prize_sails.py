"""A prize that sails and fights for her captor (Wooden Ships & Iron Men D.5, D.12; the `prize_sails` switch of
the prize crews family: rulings R18.0u-R18.0w, R19.0i).

WS&IM D.5: "A prize crew runs the ship normally while on board. They can sail the ship, engage in melees, and
fire and load the guns (but at two tables less than normal)." D.12: a ship that surrendered by striking never
fires or sails, even captured. So only a ship carried in melee (15.0) sails: she changes hands (her side becomes
her captor's, so the captor's seat answers for her and her view is the captor's), her working crew is her prize
crew and her own men are held below as prisoners (D.7), she takes her prize crew's quality (D.10) and her fire
is two tables less: -2 on each to-hit die (11.4.5). Fired on, odd crew losses fall on the prize crew and even
ones on the prisoners (D.11). She goes back to her own side, a hulk (R18.0n), when the prize crew is gone or
strikes (D.8), when her prisoners outnumber it more than six to one (D.9) or when her own side carries her in
melee; held at the end, she is her captor's capture (R19.0i).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cs_desktop.rules.fleet_end import end_if_beaten
from cs_desktop.rules.prize_crews import GUARD_RATIO
from cs_desktop.rules.state import empty_assignment

if TYPE_CHECKING:
    from cs_desktop.rules.referee import Referee
    from cs_desktop.rules.state import GameState, ShipState

RULING = "WS&IM D.5, R18.0u"
#: D.5: "two tables less than normal": one WS&IM hit table is one pip on a Captain's Sea to-hit die (R18.0u)
TABLES_LESS = 2


def sails(state: GameState, prize: ShipState) -> bool:
    """Whether a ship just carried in melee, with a prize crew aboard, sails for her captor: under the switch,
    and never one that struck (D.12)."""
    return state.prize_sails and not prize.struck and prize.prize_crew > 0


def owner(ship: ShipState) -> str:
    """The side whose card she is: her own side, or for a sailing prize the side she was taken from."""
    return ship.prize_of or ship.side


def _change_hands(state: GameState, ship: ShipState, to: str) -> None:
    state.sides[ship.side].ships.remove(ship.id)
    state.sides[to].ships.append(ship.id)
    ship.side = to
    ship.assign = empty_assignment()  # the men at quarters are not the same men: all Melee until the next 5.0
    ship.maneuver, ship.strain, ship.speed, ship.halted = None, 0, 0, True  # she does nothing more this turn
    state.grapples = [r for r in state.grapples if ship.id not in r["ships"]]


def hoist(g: Referee, captor: ShipState, prize: ShipState) -> None:
    """D.5-D.7, D.10: the prize changes hands. Her prize crew works her, her crew points are prisoners below,
    she has the captor's crew quality, and the damage on her card now is the captor's to score (R19.0i)."""
    state = g.state
    taken_from = prize.side
    _change_hands(state, prize, captor.side)
    prize.prize_of = taken_from
    prize.prisoners, prize.crew = prize.crew, prize.prize_crew
    prize.captured = False
    prize.quality = captor.quality
    hull, rigging, crew = (prize.damage()[k] for k in ("hull", "rigging", "crew"))
    prize.prize_damage = (hull, rigging, crew)
    g.emit("prize_sails", "18.0", f"{prize.card.name} sails for {state.sides[captor.side].name} under her prize "
           f"crew of {prize.crew} ({prize.quality}), {prize.prisoners} of prisoners below; her guns fire at two "
           f"tables less ({RULING})", ship=prize.id, side=captor.side, prize_of=taken_from, crew=prize.crew,
           prisoners=prize.prisoners, damage=list(prize.prize_damage))


def to_hit_mods(ship: ShipState) -> list[tuple[str, int]]:
    """11.4.5: a prize crew fires at two tables less (D.5): -2 on each to-hit die."""
    if not ship.prize_of:
        return []
    return [(f"prize crew, two tables less -{TABLES_LESS} ({RULING})", -TABLES_LESS)]


def prisoners_fall(g: Referee, ship: ShipState, hits: int) -> int:
    """D.11: of the crew hits an attack scores on a sailing prize the first, third, fifth... fall on her prize
    crew and the second, fourth... on her prisoners. Takes the prisoners' share; returns the prize crew's."""
    if not ship.prize_of or hits <= 0:
        return hits
    below = min(hits // 2, ship.prisoners)
    if below:
        ship.prisoners -= below
        g.emit("prisoners_hit", "11.4.10", f"{below} of the crew hits on {ship.card.name} fall among her "
               f"prisoners ({ship.prisoners} left; WS&IM D.11)", ship=ship.id, hits=below, value=ship.prisoners)
    return hits - below


def go_home(g: Referee, prize: ShipState, how: str, rule: str) -> None:
    """D.8, R18.0n, R18.0w: back to her own side as a hulk (struck): her prisoners are her crew again and her
    prize crew is lost to the captor. The captor's side may be left with nothing fighting (R18.0f)."""
    state = g.state
    captor, lost = prize.side, prize.crew
    dropped = max(0, prize.prize_crew - prize.crew)  # the prize crew's losses leave her card with them (R19.0i)
    _change_hands(state, prize, prize.prize_of)
    prize.prize_of = ""
    prize.crew, prize.prisoners, prize.prize_crew = prize.prisoners, 0, 0
    prize.prize_damage = (0, 0, 0)
    prize.struck, prize.captured = True, False
    g.emit("retaken", rule, f"{prize.card.name} is retaken by {how}: back in {state.sides[prize.side].name}'s "
           f"hands, a hulk; her prize crew of {lost} is lost to {state.sides[captor].name} (WS&IM D.8, R18.0w)",
           ship=prize.id, side=prize.side, prize_crew_lost=lost, dropped=dropped)
    end_if_beaten(g, captor, f"{prize.card.name} retaken ({rule})")


def settle(g: Referee) -> None:
    """R18.0w, at Housekeeping after 17.4 with the prisoners' rising: a sailing prize whose prize crew struck
    her or is gone goes home (D.8), and so does one whose prisoners outnumber it more than six to one (D.9)."""
    for prize in list(g.state.ships.values()):
        if not prize.prize_of or prize.escaped or g.state.ended:
            continue
        if prize.struck or prize.crew <= 0:
            go_home(g, prize, "her own men: the prize crew has struck or is gone", "17.4")
        elif prize.prisoners > GUARD_RATIO * prize.crew:
            go_home(g, prize, f"her {prize.prisoners} of prisoners, more than six to each of the prize crew",
                    "17.4")
