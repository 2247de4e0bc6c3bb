"""Scenarios of N ships a side for the speed figures (issue 12): two lines of battle on opposite courses.

Built from the shipped ship cards (copied under new ids when a fleet needs more ships than there are cards), so
the figures measure the engine with real cards; nothing here is a historical scenario.
"""

from __future__ import annotations

from pathlib import Path

from cs_desktop.files import load_ship
from cs_desktop.rules.cards import Scenario, ShipCard

SHIPS = Path(__file__).resolve().parents[1] / "scenarios" / "ships"


def fleet_scenario(per_side: int, relativity: str = "fractional") -> tuple[Scenario, dict[str, ShipCard]]:
    """`per_side` ships a side (1-12): side A in a line on row 9 heading 3, side B on row 14 heading 7."""
    cards = [load_ship(p) for p in sorted(SHIPS.glob("*.json"))]
    ships: dict[str, ShipCard] = {}
    sides = []
    for s, (sid, nation, row, heading) in enumerate((("a", "US", 9, 3), ("b", "GB", 14, 7))):
        entries = []
        for k in range(per_side):
            card = cards[(s * per_side + k) % len(cards)]
            ship_id = f"{sid}{k + 1}-{card.id}"[:40]
            ships[ship_id] = card.model_copy(update={"id": ship_id, "nation": nation})
            entries.append({"ship": ship_id, "start": [4 + 2 * k, row], "heading": heading})
        sides.append({"id": sid, "name": f"Fleet {sid.upper()}", "nation": nation, "ships": entries})
    scenario = Scenario.model_validate({
        "id": f"fleet-{per_side}v{per_side}", "title": f"Benchmark fleets {per_side} v {per_side}",
        "date": "1805-10-21", "engagement": "meeting", "wind": 1, "sides": sides,
        "options": {"relativity": relativity if per_side > 1 else "standard"}})
    return scenario, ships
