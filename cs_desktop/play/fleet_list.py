"""The fleet list (issue 14, item 2): one row per ship, for a side with more ships than a dock each can hold.

`fleet_rows(screen)` reads the screen model only (play/screen.py: the viewer's own view and the public ship
cards), so a row shows of an enemy ship exactly what the viewer's side may see: her position and tracks are
public, her loads are shown only as loaded or not (rules/views.py hides their type). `is_fleet(screen)` says
when the window shows the list and one card dock for the selected ship instead of one dock per ship: when a
side has more than `DOCKS_UP_TO` ships (duels and the 3-ship 21.4 game keep a dock per ship).
"""

from __future__ import annotations

from dataclasses import dataclass

from cs_desktop.play.screen import ScreenModel
from cs_desktop.rules.cards import SECTION_NAMES
from cs_desktop.rules.view_types import ViewShip

#: a side with more ships than this is shown as a fleet list and one card dock
DOCKS_UP_TO = 3

SHORT_SECTIONS = {"port_bow": "PB", "port_aft": "PA", "starboard_bow": "SB", "starboard_aft": "SA"}
LOAD_LETTERS = {"round": "R", "chain": "C", "double": "D", "grape": "G"}


@dataclass(frozen=True, slots=True)
class FleetRow:
    id: str
    side: str
    name: str
    own: bool
    hull: str  # gunnery (hull) boxes left / on the card
    crew: str
    rigging: str
    loads: str  # per broadside: the load type (own), "loaded" (enemy), or "-" when empty
    status: str  # "fighting", "struck", "captured", "escaped", with "on fire" / "In Irons" / sail
    out: bool  # struck, captured or escaped: no longer fighting


def is_fleet(screen: ScreenModel) -> bool:
    counts: dict[str, int] = {}
    for ship in screen.ships:
        counts[ship.side] = counts.get(ship.side, 0) + 1
    return any(n > DOCKS_UP_TO for n in counts.values())


def _loads(ship: ViewShip) -> str:
    parts = []
    for section in SECTION_NAMES:
        value = ship["loads"].get(section)
        if value is None or value is False:
            text = "-"
        elif value is True:
            text = "L"  # loaded, type hidden (an enemy's)
        else:
            text = LOAD_LETTERS.get(str(value), str(value)[:1].upper())
        parts.append(f"{SHORT_SECTIONS[section]} {text}")
    return " ".join(parts)


def _status(ship: ViewShip) -> tuple[str, bool]:
    if ship.get("escaped"):
        return "escaped", True
    if ship.get("captured"):
        return "captured", True
    if ship.get("struck"):
        return "struck", True
    bits = [f"{ship.get('sail', '')} sail"]
    if ship.get("on_fire"):
        bits.append("ON FIRE")
    if ship.get("aground"):  # R9.1f: on a shoal until she gets off
        bits.append("aground")
    elif ship.get("halted"):
        bits.append("halted")
    return ", ".join(bits), False


def fleet_rows(screen: ScreenModel, side: str | None = None) -> list[FleetRow]:
    """The ships on screen (of `side`, or all), in side order: the viewer's side first."""
    view = screen.view
    if view is None:
        return []
    rows = []
    ships = sorted(screen.ships, key=lambda s: not s.own)  # stable: own side first, each as listed
    for entry in ships:
        if side is not None and entry.side != side:
            continue
        ship = view["ships"][entry.id]
        card = entry.card
        hull_top = sum(len(card.gunnery[s]) for s in SECTION_NAMES)
        hull = sum(int(ship["gunnery"][s]) for s in SECTION_NAMES)
        status, out = _status(ship)
        rows.append(FleetRow(
            id=entry.id, side=entry.side, name=entry.name, own=entry.own,
            hull=f"{hull}/{hull_top}", crew=f"{int(ship['crew'])}/{card.crew_points}",
            rigging=f"{int(ship['rigging'])}/{card.rigging_points}", loads=_loads(ship), status=status, out=out))
    return rows
