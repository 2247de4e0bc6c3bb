"""How much of its judgment a captain uses: the lower levels' judgment is weaker by design (issue 27.2).

The full judgment (`FULL`) looks three maneuvers ahead at the helm, mans the broadside that bears before damage
control and a melee reserve, and fires whenever a shot is worth its reload. A `Temper` takes some of that away, in
the places that decide games (docs/captains.md, "What decides a game"): a shorter look-ahead at the helm, another
way of manning the guns (`Guns.assign` styles), and holding fire until the range closes."""

from __future__ import annotations

from dataclasses import dataclass

from cs_desktop.ai.judgment_helm import DEPTH


@dataclass(frozen=True, slots=True)
class Temper:
    #: maneuvers the helm looks ahead (1: each maneuver by where it leaves her, and no further)
    helm_depth: int = DEPTH
    #: how it mans its ships (`judgment_guns.CREW_STYLES`; "both": both broadsides before anything else)
    crew_style: str = ""
    #: keeps that style only while the nearest enemy is within this range in MP (None: at any range); beyond, it
    #: mans as the full judgment does
    crew_within: int | None = None
    #: holds fire at targets beyond this range in MP (None: fires whenever the shot is worth the reload)
    fire_within: int | None = None


FULL = Temper()
