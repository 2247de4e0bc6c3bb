"""Captains Bold's Damage Step by build (options `sloop_damage` and `heavy_frigate_damage`; ruling R3.10a).

Captains Bold (peer-captains-bold.txt), IV. Turn Sequence, Step 2b: "each player loses a Marker from each column
for every three hits that have been marked on it. If the ship is a sloop or small frigate, it will lose a Marker
for every two hits ... the very stoutly built American Heavy Frigate ... remove a Marker for every four hits."
The hit markers that caused the loss are removed; the rest stay on the column.

Captain's Sea moves a track one box per hit, which is the text's frigate: three hits, one marker. So a sloop's
column loses boxes at 3/2 that rate and a heavy frigate's at 3/4, and the hits marked on each column carry over
as the text's leftover hit markers do: after `n` hits a column has lost floor(3n / per) boxes (per = 2 or 4).
The columns are the text's: the batteries (each gunnery section, 3.10.1) and the sails (the rigging, 3.8); the
crew track is not a column of the text's display. Which ship is which is her card's hull strength (3.2): the
card-building rules give `fragile` to sloops and post ships and `firm` to the American 44s only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cs_desktop.rules.state import GameState, ShipState

RULING = "R3.10a"
#: hits a marker for a frigate (Step 2b), the rate of Captain's Sea's one box per hit
STANDARD = 3
#: hull strength -> (the switch, hits a marker)
BUILDS = {"fragile": ("sloop_damage", 2), "firm": ("heavy_frigate_damage", 4)}


def hits_per_marker(state: GameState, ship: ShipState) -> int:
    """2 for a sloop and 4 for a heavy frigate under their switches, else the frigate's 3."""
    build = BUILDS.get(ship.card.hull_strength)
    if build is None or not getattr(state, build[0]):
        return STANDARD
    return build[1]


def boxes(state: GameState, ship: ShipState, track: str, hits: int) -> int:
    """The boxes `hits` more hits on `track` take: `hits` unless her build's switch is on; then by the hits
    marked on the track so far (kept in `ship.hit_marks`, replaced, never changed in place)."""
    per = hits_per_marker(state, ship)
    if per == STANDARD or hits <= 0:
        return hits
    before = ship.hit_marks.get(track, 0)
    after = before + hits
    ship.hit_marks = {**ship.hit_marks, track: after}
    return after * STANDARD // per - before * STANDARD // per


def why(state: GameState, ship: ShipState, hits: int, taken: int) -> str:
    """Words for an event when the build changed the boxes: '' when it did not."""
    per = hits_per_marker(state, ship)
    if per == STANDARD:
        return ""
    kind = "sloop" if per < STANDARD else "heavy frigate"
    return f" ({hits} hit(s) marked, {taken} box(es): a {kind} loses a marker per {per} hits, {RULING})"
