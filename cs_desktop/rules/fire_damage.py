"""11.4.10-11.5 and 11.7: what a rolled attack does to its target (hull hits split and passed through, rigging
and crew hits, bursts, the morale check and the fire check), and the loads selected after firing (split from
`firing`, which rolls the attacks; `fire_stages` runs the fire step and calls these)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cs_desktop.rules import damage, initial_broadside
from cs_desktop.rules.decisions import Request
from cs_desktop.rules.firing import END_SECTIONS, Gen
from cs_desktop.rules.pirate_fire import catch_fire
from cs_desktop.rules.prize_sails import prisoners_fall
from cs_desktop.rules.reloading import select_loads
from cs_desktop.rules.rolls import roll
from cs_desktop.rules.tables import get_tables

if TYPE_CHECKING:
    from cs_desktop.rules.firing import AttackResult
    from cs_desktop.rules.referee import Referee
    from cs_desktop.rules.state import ShipState


#: the section across the ship, and the one at her other end on the same side (where a hull hit passes through)
OPPOSITE = {"port_bow": "starboard_bow", "starboard_bow": "port_bow", "port_aft": "starboard_aft",
            "starboard_aft": "port_aft"}
SAME_SIDE_OTHER_END = {"port_bow": "port_aft", "port_aft": "port_bow", "starboard_bow": "starboard_aft",
                       "starboard_aft": "starboard_bow"}


# ---------------------------------------------------------------- applying (11.4.10-11.5)
def apply_result(g: Referee, result: AttackResult) -> Gen:
    state = g.state
    target = state.ships[result.target]
    firer = state.ships[result.attacker]
    before = sum(target.damage().values()) if len(state.sides) > 2 else 0
    if result.rigging:
        damage.rigging_hits(g, target, result.rigging, "11.4.10")
    if result.hull:
        yield from apply_hull_hits(g, target, result.hull, result.hit_pair, result.rake is not None)
    if result.crew:  # a sailing prize's even losses fall on her prisoners (WS&IM D.11)
        yield from damage.crew_hits(g, target, prisoners_fall(g, target, result.crew), "11.4.10")
    if len(state.sides) > 2:  # R19.0h: who scored the hits
        state.credit_hits(target.id, firer.side, sum(target.damage().values()) - before)
    for section in result.bursts:
        g.emit("burst", "11.4.9", f"a gun bursts in {firer.card.name}'s {section.replace('_', ' ')} section",
               ship=firer.id)
        yield from damage.gunnery_hit(g, firer, section, "11.4.9")
    if result.hits and not result.chaser:  # 11.4.11 / 11.5 read the Damage Effects roll (ruling R11.9b)
        tables = get_tables()
        odd = result.odd_die + damage.morale_mod(target)  # Handy +1, Unfit -1 (ruling R3.4: Strike Check -2)
        n = tables.morale.check_dice(odd, result.hits)
        if n:
            yield from damage.morale_check(g, target, n, "Morale Effects Table", "11.4.11")
        if result.fire_dice and not target.on_fire:
            r = yield from roll(g, target.side, result.fire_dice, "fire check", "11.5", ship=target.id)
            if any(v <= 1 for v in r.modified):
                catch_fire(state, target)  # under the pirate game fire switch with her first marker (R17.1g)
                g.emit("fire", "11.5", f"{target.card.name} is On Fire!", ship=target.id)


def apply_hull_hits(g: Referee, target: ShipState, hits: int, pair: tuple[str, str], rake: bool) -> Gen:
    """11.4.10: split evenly between the two targeted sections, the first hit to the one with more
    undamaged boxes (the defender chooses on a tie); hits a section cannot take pass through to the other
    side (ruling R11.4.10: along the ship when the shot strikes an end — a rake, or a shot from dead ahead
    or dead astern); what the far side cannot take is ignored."""
    a, b = pair
    along = rake or set(pair) in ({*END_SECTIONS["bow"]}, {*END_SECTIONS["stern"]})
    first = a
    if target.gunnery[a] == target.gunnery[b]:
        if hits % 2 == 1:
            answers = yield [Request("hull_first", target.side, "11.4.10",
                                     f"{target.card.name} takes {hits} hull hit(s): which section takes the first?",
                                     options=(a, b), info={"ship": target.id})]
            first = answers[target.side]
    elif target.gunnery[b] > target.gunnery[a]:
        first = b
    second = b if first == a else a
    share = {first: -(-hits // 2), second: hits // 2}
    for section in (first, second):
        for _ in range(share[section]):
            if target.gunnery[section] > 0:
                yield from damage.gunnery_hit(g, target, section, "11.4.10")
                continue
            far = SAME_SIDE_OTHER_END[section] if along else OPPOSITE[section]
            if target.gunnery[far] > 0:
                g.emit("pass_through", "11.4.10", f"the shot passes through to the {far.replace('_', ' ')}",
                       ship=target.id)
                yield from damage.gunnery_hit(g, target, far, "11.4.10")
            else:
                g.emit("ignored", "11.4.10", "a hull hit finds nothing more to strike and is ignored",
                       ship=target.id)


# ---------------------------------------------------------------- after firing (11.7)
def after_fire(g: Referee, side: str, announced: dict[str, dict[str, Any]]) -> Gen:
    """11.7: each fired broadside is empty; its owner secretly selects the next load."""
    state = g.state
    keys = []
    for ship_id, choice in announced.items():
        ship = state.ships[ship_id]
        initial_broadside.mark_fired(g, ship, choice["sections"])  # R11.4.5i
        for section in choice["sections"]:
            ship.loads[section] = None
            if ship.afloat:
                keys.append(f"{ship_id}:{section}")
    yield from select_loads(g, side, keys, "Select the next load for each broadside just fired "
                            "(hidden; round shot timing is shown)")
