"""12.0 Grappling: ships sharing a square at the end of an impulse may grapple, the Initiative Player
first; a grapple aligns the ships and ends the impulses of the turn."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from cs_desktop.rules import damage
from cs_desktop.rules import geometry as geo
from cs_desktop.rules.contacts import is_grappled, update_stacks_after_turn
from cs_desktop.rules.decisions import Request
from cs_desktop.rules.rolls import roll

if TYPE_CHECKING:
    from cs_desktop.rules.referee import Referee
    from cs_desktop.rules.state import GameState, ShipState

Gen = Generator[list[Request], dict[str, Any], Any]


def grapple_modifiers(state: GameState, ship: ShipState, enemy: ShipState) -> list[tuple[str, int]]:
    mods = [(f"own Crew Morale {damage.morale_mod(ship):+d}", damage.morale_mod(ship)),
            (f"enemy Crew Morale {-damage.morale_mod(enemy):+d}", -damage.morale_mod(enemy)),
            (f"own Melee crew +{ship.melee_crew}", ship.melee_crew),
            (f"enemy Melee crew -{enemy.melee_crew}", -enemy.melee_crew)]
    diff = geo.heading_difference(ship.heading, enemy.heading)
    if diff in (1, 2):
        mods.append((f"headings differ by {diff} -1", -1))
    elif diff in (3, 4):
        mods.append((f"headings differ by {diff} -2", -2))
    if ship.card.nation == "FR":
        mods.append(("French +1", 1))
    return [(label, value) for label, value in mods if value]


def grapple_step(g: Referee) -> Generator[list[Request], dict[str, Any], bool]:
    """8.0 step 4. Returns True if ships were grappled (go to Melee)."""
    state = g.state
    down = list(reversed(state.initiative_order()))  # the IP first; R6.0b: each pair of sides, higher first
    for ip, nip in ((hi, lo) for i, hi in enumerate(down) for lo in down[i + 1:]):
        for ip_ship, nip_ship in ((a, b) for a in state.afloat(ip) for b in state.afloat(nip)):
            if ip_ship.square != nip_ship.square:
                continue
            if is_grappled(state, ip_ship) or is_grappled(state, nip_ship):
                continue
            for ship, enemy in ((ip_ship, nip_ship), (nip_ship, ip_ship)):
                answers = yield [Request("grapple", ship.side, "12.0",
                                         f"{ship.card.name} shares a square with {enemy.card.name}: attempt to "
                                         "grapple?", options=(False, True), info={"ship": ship.id, "enemy": enemy.id})]
                if not answers[ship.side]:
                    continue
                r = yield from roll(g, ship.side, 1, "grapple", "12.0", grapple_modifiers(state, ship, enemy),
                                    ship=ship.id, steps=(5,))
                if r.total >= 5:
                    grapple(g, ip_ship, nip_ship)
                    return True
                g.emit("grapple_failed", "12.0", f"{ship.card.name}'s grapnels fall short", ship=ship.id)
    return False


def grapple(g: Referee, ip_ship: ShipState, nip_ship: ShipState) -> None:
    state = g.state
    ip_ship.heading, nip_ship.heading = geo.grapple_alignment(ip_ship.heading, nip_ship.heading)
    state.grapples = [r for r in state.grapples if ip_ship.id not in r["ships"] and nip_ship.id not in r["ships"]]
    state.grapples.append({"ships": [ip_ship.id, nip_ship.id], "state": "grappled", "turn": state.turn})
    update_stacks_after_turn(state, ip_ship)
    g.emit("grappled", "12.0", f"{ip_ship.card.name} and {nip_ship.card.name} are grappled", ships=[ip_ship.id,
           nip_ship.id], headings=[ip_ship.heading, nip_ship.heading])
