"""Islands in the help (issue 14, ruling R11.4.6b): the firing picture's arcs and the crew plan's battery that
bears ask the engine's line-of-fire check (`terrain.fire_blocked` / `terrain.island_between`), so land and the
squares behind it are not shaded, an enemy behind land is not offered as a target nor as the reason to man a
battery; a shoal changes nothing.

Map 32 x 24; Constitution at (10,12) heading 1 (north): her starboard arc lies east. Java at (14,12)."""

from __future__ import annotations

from typing import Any

from cs_desktop.play import crew_plan
from cs_desktop.rules import advice
from cs_desktop.rules import terrain as tr
from cs_desktop.rules.geometry import line_squares

from tests.rules.fighting_kit import ready
from tests.rules.harness import at, drive, duel


def _terrain(kind: str, *squares: tuple[int, int]) -> list[dict[str, Any]]:
    return [{"kind": kind, "squares": [list(sq) for sq in squares]}]


def _arcs(picture: dict[str, Any]) -> set[tuple[int, int]]:
    return {(x, y) for key in ("port", "starboard") for x, y in picture["arcs"][key]} | {
        (x, y) for end in ("bow", "stern") for x, y in picture["chaser_arcs"][end]}


def test_r11_4_6b_the_arcs_leave_out_the_island_and_every_square_behind_it() -> None:
    open_sea = advice.firing_picture(ready(a=(10, 12, 1), b=(14, 12, 1)).state, "constitution")
    game = ready(a=(10, 12, 1), b=(14, 12, 1), terrain=_terrain("island", (12, 12), (12, 13)))
    picture = advice.firing_picture(game.state, "constitution")
    sea, land = _arcs(open_sea), _arcs(picture)
    assert land < sea
    hidden = sea - land
    assert {(12, 12), (12, 13), (13, 12), (14, 12), (16, 13)} <= hidden
    assert (12, 11) in land and (11, 12) in land  # beside the island, and short of it
    for sq in hidden:  # each square left out is land or lies behind it, by the engine's own check
        assert sq in ((12, 12), (12, 13)) or tr.fire_blocked(game.state, (10, 12), sq), sq
        assert sq in ((12, 12), (12, 13)) or any(s in ((12, 12), (12, 13)) for s in line_squares((10, 12), sq))
    for sq in land:
        assert not tr.fire_blocked(game.state, (10, 12), sq), sq
    (java,) = picture["enemies"]
    assert java["blocked"] is True and not java["can_fire"] and java["in_arc"] is None
    assert "R11.4.6b" in java["why"] and "island" in java["why"]
    (open_java,) = open_sea["enemies"]
    assert open_java["in_arc"] == "starboard" and "blocked" not in open_java


def test_r11_4_6b_a_shoal_leaves_the_arcs_as_at_open_sea() -> None:
    open_sea = advice.firing_picture(ready(a=(10, 12, 1), b=(14, 12, 1)).state, "constitution")
    shoal = advice.firing_picture(ready(a=(10, 12, 1), b=(14, 12, 1), terrain=_terrain("shoal", (12, 12))).state,
                                  "constitution")
    assert shoal["arcs"] == open_sea["arcs"] and shoal["enemies"][0]["in_arc"] == "starboard"


def _crew_view(terrain: list[dict[str, Any]] | None) -> tuple[dict[str, Any], dict[str, Any]]:
    game = duel(a=(20, 12, 1), b=(12, 12, 3), terrain=terrain)  # Java lies off Constitution's port side
    drive(game, until=at("assign_crew"))
    request = game.pending_for("us")
    assert request is not None
    return game.view("us"), request.info["limits"]["constitution"]


def test_r11_4_6b_the_crew_plan_gives_no_warning_for_an_enemy_behind_an_island() -> None:
    """All hands on the starboard guns: at open sea the plan warns that Java lies in the port arc; with an island
    between them (16,12) she cannot be fired on (the engine's check, asked on the view's terrain): no warning,
    and she weighs a quarter in the threats. A shoal there changes nothing."""
    view, limits = _crew_view(None)
    starboard_only = crew_plan.bearing_assignment(view, "constitution", limits)
    for s in ("port_bow", "port_aft"):
        starboard_only["gunnery"][s] = 0
    found = crew_plan.unmanned_battery(view, "constitution", starboard_only)
    assert found is not None and found[0] == "port" and found[1]["id"] == "java"
    sea = crew_plan.threats(view, "constitution")

    land_view, _ = _crew_view(_terrain("island", (16, 12)))
    assert tr.island_between(tr.view_terrain(land_view), (20, 12), (12, 12))
    assert crew_plan.unmanned_battery(land_view, "constitution", starboard_only) is None
    assert crew_plan.enemy_in_arc(land_view, "constitution", "port") is None
    land = crew_plan.threats(land_view, "constitution")
    assert land["port"] == crew_plan.BEHIND_LAND * sea["port"] and land["starboard"] == 0
    assert crew_plan.bearing_battery(land_view, "constitution") == "port"  # still the only enemy's side

    shoal_view, _ = _crew_view(_terrain("shoal", (16, 12)))
    assert crew_plan.threats(shoal_view, "constitution") == sea
    again = crew_plan.unmanned_battery(shoal_view, "constitution", starboard_only)
    assert again is not None and (again[0], again[1]["id"]) == ("port", "java")
