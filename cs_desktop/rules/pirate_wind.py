"""Pirate game wind (an option: `pirate_wind`; rulings R17.8f-R17.8i), as `peer-pirate-game-combat.txt` writes it
under Ship Movement, "Determining Wind Direction" and "Wind Speed".

"Every 3 turns ... the GM rolls one die. On a 4 the wind changes direction; on a 5 it changes speed (maybe); on a 6
it changes both." Direction: "1 = 2 points clockwise; 2, 3 = 1 point clockwise; 4, 5 = 1 point counterclockwise;
6 = 2 points counterclockwise." Speed, from the wind's speed now: "Light: 1-2, no change. 3 = Calm. 4-5 = Fair.
6 = Strong. Fair: 1-3, no change. 4-5 = Light. 6 = Strong. Strong: 1-3, no change. 4-5 = Fair. 6 = Light." "When
the wind dies, roll EVERY turn to see if it comes back. It returns on a roll of 4-6, always at Light speed ...
1-3 = The wind reappears in the same direction it came from before. 4-6 = ... from the opposite direction."
"A light wind halves all maximum movements. A strong wind doubles movement ... If there is no wind, ships don't
move" (`movement_rates.wind_speed_factor`, R17.8h). The battle starts in a fair wind (the text's normal wind).

The checks are made where the variable wind's are (R17.8a: the end of Housekeeping, after the 17.7 draw, only if
the game goes on); under this switch they replace the variable wind's one-point shifts (R17.8i). Every die is the
referee's (`wind_change._die`): a `roll` event with no side and no cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cs_desktop.rules.wind_change import _die, check_due, describe

if TYPE_CHECKING:
    from cs_desktop.rules.referee import Referee

WHEN, DIRECTION, SPEED, CALM = "R17.8f", "R17.8g", "R17.8h", "R17.8h"
SPEEDS = ("calm", "light", "fair", "strong")
#: the direction die: face -> points clockwise (negative: counterclockwise)
SHIFT = {1: 2, 2: 1, 3: 1, 4: -1, 5: -1, 6: -2}
#: the speed die, by the speed now: face -> the new speed (faces not listed: no change)
SPEED_TABLE = {"light": {3: "calm", 4: "fair", 5: "fair", 6: "strong"},
               "fair": {4: "light", 5: "light", 6: "strong"},
               "strong": {4: "fair", 5: "fair", 6: "light"}}


def turned(wind: int, points: int) -> int:
    """The wind (the heading it blows toward, 1-8) `points` points clockwise (negative: counterclockwise)."""
    return (wind - 1 + points) % 8 + 1


def pirate_wind_check(g: Referee) -> None:
    """At the end of Housekeeping: a calm is rolled for every turn; any other wind every third turn."""
    state = g.state
    if state.ended:
        return
    if state.wind_speed == "calm":
        calm_check(g)
    elif check_due(state.turn):
        face = _die(g, "wind (4 direction, 5 speed, 6 both)", WHEN)
        if face in (4, 6):
            change_direction(g)
        if face in (5, 6):
            change_speed(g)
        if face < 4:
            g.emit("wind_holds", WHEN, f"the wind holds: {state.wind_speed}, blowing {describe(state.wind)}",
                   wind=state.wind, wind_speed=state.wind_speed)


def change_direction(g: Referee) -> None:
    state = g.state
    points = SHIFT[_die(g, "wind direction (1: 2 points clockwise ... 6: 2 points counterclockwise)", DIRECTION)]
    before = state.wind
    state.wind = turned(before, points)
    way = "clockwise" if points > 0 else "counterclockwise"
    g.emit("wind", DIRECTION, f"the wind shifts {abs(points)} point(s) {way}: it now blows {describe(state.wind)}",
           wind=state.wind, before=before, shift=points)


def change_speed(g: Referee) -> None:
    state = g.state
    before = state.wind_speed
    face = _die(g, f"wind speed ({before})", SPEED)
    state.wind_speed = SPEED_TABLE[before].get(face, before)
    if state.wind_speed == before:
        g.emit("wind_speed", SPEED, f"the wind's speed holds: {before}", wind_speed=before, before=before)
        return
    g.emit("wind_speed", SPEED, f"the wind goes from {before} to {state.wind_speed}"
           + (": no ship moves until it returns" if state.wind_speed == "calm" else ""),
           wind_speed=state.wind_speed, before=before)


def calm_check(g: Referee) -> None:
    """A calm: one die a turn, 4-6 the wind returns at light; a second die, 1-3 from where it came, 4-6 opposite."""
    state = g.state
    if _die(g, "calm (4-6 the wind returns)", CALM) < 4:
        g.emit("wind_speed", CALM, "still calm", wind_speed="calm", before="calm")
        return
    if _die(g, "the wind returns (1-3 as before, 4-6 opposite)", CALM) >= 4:
        state.wind = turned(state.wind, 4)
    state.wind_speed = "light"
    g.emit("wind_speed", CALM, f"the wind returns, light, blowing {describe(state.wind)}", wind_speed="light",
           before="calm", wind=state.wind)
