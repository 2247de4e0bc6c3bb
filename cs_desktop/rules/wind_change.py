"""Variable wind (the `variable_wind` switch; issue 14; rulings R17.8a-R17.8e).

The written rules keep the scenario's wind all battle, but for the Bridge Cards that veer or back it one point
(1.7.1). Under the switch the wind may also change by itself, a mechanism taken from the pirate game of the
peer rule sets (every few turns a die decides whether the wind shifts, another which way), in our own terms:

- R17.8a: the check is made at the end of every third turn's Housekeeping (turns 3, 6, 9, ...), after the
  17.7 Bridge Card draw and only if the game goes on, so the new wind holds from the next turn's crew
  assignment and movement rates on. That is the point where a Bridge Card already shifts the wind.
- R17.8b: one die: 5 or 6 shifts the wind, 1-4 it holds. A second die: 1-3 it veers (clockwise, the heading
  it blows toward + 1), 4-6 it backs (- 1). One point, as the Bridge Cards shift it. No Hold card modifies
  either die (the wind is nobody's roll, R1.7.3).
- R17.8c: wind speed is not modelled (Captain's Sea has none).

Both dice come from the game's own dice (`state.dice`) and are `roll` events with their purpose and rule, so
replay rebuilds them and a determinized copy rolls its own in their place. The new wind is `state.wind`, which
everything reads afresh (wind positions, maneuvers, movement rates, smoke drift, views); nothing is cached.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cs_desktop.rules.movement_rates import wind_from

if TYPE_CHECKING:
    from cs_desktop.rules.referee import Referee

#: R17.8a: the wind is checked at the end of every turn that is a multiple of this
CHECK_EVERY = 3
#: R17.8b: the lowest face of the first die that shifts the wind
SHIFT_FROM = 5
#: R17.8b: the highest face of the second die that veers it (higher backs it)
VEER_UP_TO = 3
RULE_WHEN = "R17.8a"
RULE_SHIFT = "R17.8b"

#: heading -> the compass point (heading 1 is north, clockwise; docs/conventions.md)
POINTS = {1: "north", 2: "north-east", 3: "east", 4: "south-east", 5: "south", 6: "south-west", 7: "west",
          8: "north-west"}


def check_due(turn: int) -> bool:
    """R17.8a: is the wind checked at the end of `turn`?"""
    return turn % CHECK_EVERY == 0


def shifted(wind: int, veer: bool) -> int:
    """The wind (the heading it blows toward, 1-8) one point on: veering is clockwise, backing the other way."""
    return (wind - 1 + (1 if veer else -1)) % 8 + 1


def describe(wind: int) -> str:
    """'toward heading 3 (east), from the west'."""
    return f"toward heading {wind} ({POINTS[wind]}), from the {POINTS[wind_from(wind)]}"


def _die(g: Referee, purpose: str, rule: str) -> int:
    """One die of the referee's, from the game's dice, recorded as a `roll` event (no side, no cards)."""
    face = g.state.dice.d6()
    g.emit("roll", rule, f"{purpose}: [{face}] -> [{face}]", side=None, ship=None, purpose=purpose, dice=[face],
           modifiers=[], card_bonus=[0], modified=[face])
    return face


def wind_check(g: Referee) -> None:
    """R17.8a-b: at the end of Housekeeping, under the switch and on a turn that is due, roll for the wind."""
    state = g.state
    if not state.variable_wind or state.ended or not check_due(state.turn):
        return
    if _die(g, "wind change (5-6 shifts the wind)", RULE_WHEN) < SHIFT_FROM:
        g.emit("wind_holds", RULE_WHEN, f"the wind holds: it still blows {describe(state.wind)}", wind=state.wind)
        return
    veer = _die(g, "wind shift (1-3 veers, 4-6 backs)", RULE_SHIFT) <= VEER_UP_TO
    before = state.wind
    state.wind = shifted(before, veer)
    word = "veers" if veer else "backs"
    g.emit("wind", RULE_SHIFT, f"the wind {word} one point: it now blows {describe(state.wind)}",
           wind=state.wind, before=before, shift="veer" if veer else "back")
