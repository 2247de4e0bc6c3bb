"""The initial broadside (Captains Bold, an option: `initial_broadside`; ruling R11.4.5i).

Captains Bold gives the first broadside of each battery in an action one pip on every hit die: the guns were
loaded and laid with care before the action, and the gunners were not yet blinded by smoke or thinned by the
enemy's fire. In Captain's Sea a ship's battery is one side of her guns, the bow and aft Broadside Sections of
that side; they start the battle loaded (2.0) and fire together as one attack when they aim alike (11.3). So the
first attack a side's battery fires in the battle takes +1 on each of its to-hit dice (a modifier of 11.4.5, like
Double Shot), and once that side has fired — both sections or one — it is spent. The two batteries, port and
starboard, each have their own. Chasers (11.9) are not a battery and neither take nor spend it.

The batteries that have fired are public (both sides hear a broadside): `GameState.batteries_fired`, in the
state's dict (and every view) only when the option is on.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cs_desktop.rules.referee import Referee
    from cs_desktop.rules.state import GameState, ShipState

RULING = "R11.4.5i"


def battery(section: str) -> str:
    """The battery a Broadside Section belongs to: 'port' or 'starboard'."""
    return section.split("_")[0]


def is_first(state: GameState, ship: ShipState, sections: Iterable[str]) -> bool:
    """Whether an attack of these sections (all on one side, 11.4.1) is its battery's initial broadside."""
    if not state.initial_broadside:
        return False
    sides = {battery(s) for s in sections}
    fired = state.batteries_fired.get(ship.id, ())
    return bool(sides) and not any(side in fired for side in sides)


def to_hit_mods(state: GameState, ship: ShipState, sections: Iterable[str]) -> list[tuple[str, int]]:
    """The 11.4.5 modifier of the initial broadside, as (label, value), or none."""
    sections = list(sections)
    if not is_first(state, ship, sections):
        return []
    return [(f"initial broadside of the {battery(sections[0])} battery +1 ({RULING})", 1)]


def mark_fired(g: Referee, ship: ShipState, sections: Iterable[str]) -> None:
    """After a fire step: the batteries whose sections fired have spent their initial broadside."""
    state = g.state
    if not state.initial_broadside:
        return
    for side in sorted({battery(s) for s in sections}):  # none for a chaser (11.9)
        fired = state.batteries_fired.setdefault(ship.id, [])
        if side in fired:
            continue
        fired.append(side)
        g.emit("initial_broadside", "11.4.5", f"{ship.card.name}'s {side} battery has fired her initial broadside "
               f"(initial broadside option, {RULING}): no more +1 for it", ship=ship.id, battery=side)
