"""Same-square spreading fire: a house rule (an option: `fire_spreads`; ruling R17.1f), not in the pirate game's
text, whose own fire (markers that grow, hits, explosions) is `pirate_fire.py` (R17.1g-R17.1j).

Captain's Sea has the fire in one ship (11.5, 17.1); this house rule adds a fire crossing to another ship. Ships are in contact when they
share a square (9.2: closing at point blank range, yards all but touching; every grappled pair of 12.0 shares
one too). At 17.1, once every ship has fought her own fire, each ship still On Fire threatens every other ship
still fighting in her square that is not burning, friend or enemy: that ship rolls one die, as for a fire check
(11.5), and on a 1 she is On Fire. A ship set alight in this step does not spread her fire until the next turn.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from cs_desktop.rules.decisions import Request
from cs_desktop.rules.pirate_fire import catch_fire
from cs_desktop.rules.rolls import roll

if TYPE_CHECKING:
    from cs_desktop.rules.referee import Referee

RULING = "R17.1f"


def spread_fire(g: Referee) -> Generator[list[Request], dict[str, Any], None]:
    state = g.state
    if not state.fire_spreads:
        return
    burning = [s for s in state.afloat() if s.on_fire]
    for source in burning:
        for other in state.afloat():
            if other.on_fire or other.id == source.id or other.square != source.square:
                continue
            r = yield from roll(g, other.side, 1, "fire check (spreading fire)", "17.1", ship=other.id,
                                source=source.id, ruling=RULING)
            if any(v <= 1 for v in r.modified):
                catch_fire(state, other)  # under the pirate game fire switch with her first marker (R17.1g)
                g.emit("fire_caught", "17.1", f"the fire spreads from {source.card.name} to {other.card.name}: "
                       f"she is On Fire! (spreading fire option, {RULING})", ship=other.id, source=source.id)
