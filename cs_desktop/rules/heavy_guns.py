"""Heavy guns (Captains Bold, an option: `heavy_guns`; ruling R11.4.6h).

Captains Bold marks the guns of some frigates as heavier than their opponent's: they reach farther and hit
harder, which it gives as one pip on the hit die, the same as firing from one point nearer. A ship carries heavy
guns when the main battery of her card's historical armament (`armament`: the broadside long guns of the
greatest number, the heavier on a tie) throws a ball of HEAVY_POUNDS or more, as the American 44s
(Constitution, United States, President), Constellation in 1799 and the British answer to them, Endymion.
Against a ship that carries heavy guns too, they are not heavier than their opponent's, and nothing changes.

In Captain's Sea range is felt on the defense (11.4.6: one die per 2 MP, 11.4.7: +1 on each die at 12 MP or
more), not on the to-hit die. So heavy guns fire as from one step of range nearer: the range is counted 2 MP
shorter (never below 0) for the defense dice and for the 12 MP modifier. The real range still decides what
fires (11.2, carronades) and everything else.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cs_desktop.rules.cards import ShipCard
    from cs_desktop.rules.state import GameState, ShipState

RULING = "R11.4.6h"
HEAVY_POUNDS = 24
NEARER_MP = 2  # one defense die of range (11.4.6)


def main_battery_pounds(card: ShipCard) -> int:
    """The shot weight of the card's main battery: its broadside long guns of the greatest number (0: none)."""
    longs = [g for g in card.armament if g.kind == "long" and g.position == "broadside"]
    if not longs:
        return 0
    return max(longs, key=lambda g: (g.count, g.pounds)).pounds


def carries_heavy_guns(card: ShipCard) -> bool:
    return main_battery_pounds(card) >= HEAVY_POUNDS


def applies(state: GameState, firer: ShipState, target: ShipState) -> bool:
    """Under the option: the firer's guns are heavy and the target's are not."""
    return state.heavy_guns and carries_heavy_guns(firer.card) and not carries_heavy_guns(target.card)


def range_mp(state: GameState, firer: ShipState, target: ShipState, mp: int) -> int:
    """The range the defense counts (11.4.6, 11.4.7): `mp`, or 2 MP shorter against heavy guns."""
    if not state.heavy_guns or not applies(state, firer, target):
        return mp
    return max(0, mp - NEARER_MP)


def why(mp: int, counted: int) -> str:
    return f"heavy guns: {mp} MP counted as {counted} ({RULING})"
