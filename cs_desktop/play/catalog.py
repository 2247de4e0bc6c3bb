"""Every shipped scenario, in groups (issue 28, item 5): the New Game dialog and the balance lab list them from here.

The shipped scenarios live in two folders: the duels in scenarios/ and the squadron actions and what-ifs in
scenarios/fleets/ (each with its ships/ beside it). A scenario is a *what-if* when its historical outcome says
it was not fought; of the rest, a *duel* has one ship a side, a *squadron action* more. Each entry is labelled
with its year, its ship count by side and the fleet options it uses, so a 24-ship battle is never picked by
surprise.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import cs_desktop
from cs_desktop.formats.files import load_scenario
from cs_desktop.formats.jsonread import FileFormatError
from cs_desktop.rules.cards import Scenario

GROUPS = ("Duels", "Squadron actions", "What-ifs")
#: the folders of the shipped scenarios, under cs_desktop.SCENARIOS
FOLDERS = ("", "fleets")


@dataclass(frozen=True)
class Entry:
    path: Path
    scenario: Scenario
    group: str

    @property
    def ships(self) -> int:
        return sum(len(side.ships) for side in self.scenario.sides)

    @property
    def sides(self) -> str:
        """"US 9 v GB 6": each side's id and ship count."""
        return " v ".join(f"{side.id.upper()} {len(side.ships)}" for side in self.scenario.sides)

    @property
    def options(self) -> str:
        """The fleet options the scenario plays under, in words ("" for a plain duel)."""
        o = self.scenario.options
        words = []
        if o.fleet_rules:
            words.append("fleet rules")
        if o.relativity != "standard":
            words.append(f"{o.relativity} relativity")
        words += [name.replace("_", " ") for name in ("variable_wind", "initial_broadside", "heavy_guns",
                                                      "fire_spreads", "prize_crews") if getattr(o, name)]
        if self.scenario.terrain:
            words.append("terrain")
        return ", ".join(words)

    @property
    def label(self) -> str:
        """One line: "Lake Erie (fleet rules) (1813) — 15 ships, US 9 v GB 6; fleet rules, fractional relativity"."""
        extra = f"; {self.options}" if self.options else ""
        return f"{self.scenario.title} ({self.scenario.date[:4]}) — {self.ships} ships, {self.sides}{extra}"


def group_of(scenario: Scenario) -> str:
    outcome = scenario.historical_outcome
    if outcome is None or str(outcome.summary).lower().startswith("not fought"):
        return GROUPS[2]
    return GROUPS[0] if all(len(side.ships) == 1 for side in scenario.sides) else GROUPS[1]


def shipped(root: Path | None = None) -> list[Entry]:
    """Every shipped scenario that loads, by group (duels, squadron actions, what-ifs), then date and title."""
    base = root if root is not None else cs_desktop.SCENARIOS
    out = []
    for sub in FOLDERS:
        for path in sorted((base / sub).glob("*.json") if (base / sub).is_dir() else []):
            try:
                scenario = load_scenario(path)
            except FileFormatError:
                continue
            out.append(Entry(path, scenario, group_of(scenario)))
    out.sort(key=lambda e: (GROUPS.index(e.group), e.scenario.date, e.scenario.title))
    return out
