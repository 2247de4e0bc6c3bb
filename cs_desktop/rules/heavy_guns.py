"""Heavy guns (Captains Bold, an option: `heavy_guns`; ruling R11.4.6h).

Captains Bold: "if one frigate's guns are designated as being heavier than its opponent's", they "will not
only reach farther than normal long guns, but they will do more damage", one pip on the hit die. Heavier is
against the opponent, shot by shot: a ship's guns are heavier than a target's when the ball of her main battery
(her card's `armament`: the broadside long guns of the greatest number, the heavier on a tie, French livres
counted at 1.08 English pounds as in 20.1) weighs HEAVIER_BY or more times the target's -- one step of calibre
(18 against 12, 24 against 18), not a French pound's difference. A ship without broadside long guns (carronades
only) is not compared: her carronades are their own case in Captains Bold, not lighter long guns.

In Captain's Sea range is felt on the defense (11.4.6: one die per 2 MP, 11.4.7: +1 on each die at 12 MP or
more), not on the to-hit die. So heavy guns fire as from one step of range nearer: the range is counted 2 MP
shorter (never below 0) for the defense dice and for the 12 MP modifier. The real range still decides what
fires (11.2's 24 MP for every long gun, the carronades' 6 MP) and everything else: the reach is the one part
of the text not taken (ruling R11.4.6h says why).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from cs_desktop.rules.ratings import POUND_FACTOR

if TYPE_CHECKING:
    from cs_desktop.rules.cards import ShipCard
    from cs_desktop.rules.state import GameState, ShipState

RULING = "R11.4.6h"
#: how much heavier a main battery's ball must be than the opponent's to be "heavier" (one calibre step)
HEAVIER_BY = Fraction(6, 5)
NEARER_MP = 2  # one defense die of range (11.4.6)


def main_battery_pounds(card: ShipCard) -> Fraction:
    """The ball of the card's main battery in English pounds: her broadside long guns of the greatest number
    (French livres x 1.08); 0 when she has none."""
    longs = [g for g in card.armament if g.kind == "long" and g.position == "broadside"]
    if not longs:
        return Fraction(0)
    return max(longs, key=lambda g: (g.count, g.pounds)).pounds * POUND_FACTOR.get(card.nation, Fraction(1))


def heavier(firer: ShipCard, target: ShipCard) -> bool:
    """Whether `firer`'s guns are heavier than `target`'s: both have broadside long guns and hers throw
    HEAVIER_BY times the target's ball or more."""
    mine, theirs = main_battery_pounds(firer), main_battery_pounds(target)
    return mine > 0 and theirs > 0 and mine >= HEAVIER_BY * theirs


def applies(state: GameState, firer: ShipState, target: ShipState) -> bool:
    """Under the option: the firer's guns are heavier than the target's."""
    return state.heavy_guns and heavier(firer.card, target.card)


def range_mp(state: GameState, firer: ShipState, target: ShipState, mp: int) -> int:
    """The range the defense counts (11.4.6, 11.4.7): `mp`, or 2 MP shorter against lighter guns."""
    if not state.heavy_guns or not applies(state, firer, target):
        return mp
    return max(0, mp - NEARER_MP)


def why(mp: int, counted: int) -> str:
    return f"heavy guns: {mp} MP counted as {counted} ({RULING})"
