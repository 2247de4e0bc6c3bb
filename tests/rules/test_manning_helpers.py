"""5.0 helpers a player or a captain starts from: the ready-made crew and the broadside that bears.

API tested: crew.man_the_guns(first=...), geometry.broadside_toward.
Actions: man a ship short of crew with one broadside first; ask which broadside bears for enemies on each side,
dead ahead and in the same square.
Expected: the sections named first are manned first and the rest get what is left; the broadside toward the
enemy, or toward the side he is heading across to.
"""

from __future__ import annotations

from cs_desktop.rules import geometry as geo
from cs_desktop.rules.crew import man_the_guns

LIMITS = {"crew": 10, "sailing": 1, "gunnery": {"port_bow": 4, "port_aft": 4, "starboard_bow": 4, "starboard_aft": 4}}


def test_5_0_the_sections_named_first_are_manned_first() -> None:
    plain = man_the_guns(LIMITS)
    starboard = man_the_guns(LIMITS, first=geo.sections_for_side("starboard"))
    assert plain["gunnery"] == {"port_bow": 4, "port_aft": 4, "starboard_bow": 2, "starboard_aft": 0}
    assert starboard["gunnery"] == {"port_bow": 2, "port_aft": 0, "starboard_bow": 4, "starboard_aft": 4}
    assert plain["sailing"] == starboard["sailing"] == 0  # no crew left for Sailing


def test_5_0_the_broadside_toward_the_enemy() -> None:
    # heading 3 (east): an enemy to the south lies to starboard, one to the north to port
    assert geo.facing_side((10, 10), 3, (10, 14)) == "starboard"
    assert geo.broadside_toward((10, 10), 3, (10, 14), 7) == "starboard"
    assert geo.broadside_toward((10, 10), 3, (10, 6), 7) == "port"
    # dead ahead, heading across to the south: he comes into the starboard arc; to the north: port
    assert geo.broadside_toward((10, 10), 3, (14, 10), 5) == "starboard"
    assert geo.broadside_toward((10, 10), 3, (14, 10), 1) == "port"
    # the same square: the side he heads across to
    assert geo.broadside_toward((10, 10), 3, (10, 10), 5) == "starboard"
    assert geo.broadside_toward((10, 10), 3, (10, 10), 1) == "port"
