"""15.0 step 8: a ship whose Melee crew is gone is captured. Shared by the written melee (`melee.fight`) and
Wooden Ships & Iron Men's (`wsim_melee`, ruling R15.0c)."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from cs_desktop.rules.decisions import Request
from cs_desktop.rules.prize_sails import go_home, hoist, sails

if TYPE_CHECKING:
    from cs_desktop.rules.referee import Referee
    from cs_desktop.rules.state import ShipState

Gen = Generator[list[Request], dict[str, Any], Any]


def capture(g: Referee, attacker: ShipState, defender: ShipState) -> Gen:
    """`defender` is captured by `attacker`'s boarders: the captor (R18.0q), the end of the battle (18.0, or the
    fleet rules' R18.0f) and, under the prize crews switch, the boarders staying aboard as her prize crew."""
    from cs_desktop.rules.victory import end_game

    state = g.state
    if defender.prize_of == attacker.side:  # her own side carries a sailing prize: retaken (WS&IM D.8, R18.0w)
        go_home(g, defender, f"{attacker.card.name}'s boarders", "15.0")
        return
    defender.captured = True
    if len(state.sides) > 2:
        state.captors[defender.id] = attacker.side  # R18.0q
    g.emit("captured", "15.0", f"{defender.card.name} is captured!", ship=defender.id)
    if state.fleet_rules:  # R18.0f
        from cs_desktop.rules.fleet_end import end_if_beaten

        end_if_beaten(g, defender.side, f"{defender.card.name} captured (15.0)")
        if state.prize_crews and not state.ended:  # R18.0k: the boarders stay aboard as her prize crew
            from cs_desktop.rules.prize_crews import put_prize_crew

            yield from put_prize_crew(g, attacker, defender, "15.0")
            if sails(state, defender):  # WS&IM D.5: she sails and fights for her captor (R18.0u)
                hoist(g, attacker, defender)
    elif not state.afloat(defender.side):
        end_game(g, f"{defender.card.name} captured (15.0)")
