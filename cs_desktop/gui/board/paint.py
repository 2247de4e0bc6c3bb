"""Board drawing basics: scene units, colours, z-order layers and small geometry helpers shared by the
board's items (see `board_view` for the scene layout)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import QPointF
from PySide6.QtGui import (
    QColor,
    QFont,
    QPainterPath,
    QPolygonF,
)

from cs_desktop.rules import geometry as geo
from cs_desktop.rules.tables import get_tables

SQUARE = 48.0
MARGIN = 26.0  # room around the map for the coordinate labels
KIND, PAYLOAD = 0, 1  # QGraphicsItem.data() keys

#: 2.0: red markers for the British player, white for the French, blue for the American.
NATION_COLORS: dict[str, tuple[str, str, str]] = {  # fill, outline, text
    "US": ("#2c5aa0", "#142c55", "#ffffff"),
    "GB": ("#b8312b", "#5c1210", "#ffffff"),
    "FR": ("#f6f3ea", "#3a3a3a", "#1b1b1b"),
    "TRI": ("#1f6b3a", "#0c3019", "#ffffff"),  # the Pasha's green
}
OTHER_COLORS = ("#8a8f98", "#3b3f46", "#ffffff")
#: a battle of three or four sides (R6.0a) where two sides would wear the same colours (the same nation, or two
#: nations without colours of their own): the later side wears one of these, by its place in the scenario
SIDE_COLORS: tuple[tuple[str, str, str], ...] = (
    ("#2e7d32", "#123d16", "#ffffff"),  # green
    ("#f2a900", "#6b4a00", "#1b1b1b"),  # amber
    ("#6a3d9a", "#2e1846", "#ffffff"),  # purple
    ("#00838f", "#003d42", "#ffffff"),  # teal
)
SEA = QColor("#d9e9f0")
GRID = QColor("#a9c6d3")
PORT = QColor(200, 50, 40)  # port is red, starboard green (running lights)
STARBOARD = QColor(30, 140, 70)
HIGHLIGHT = QColor("#f7c11e")
HEADING_NAMES = {1: "N", 2: "NE", 3: "E", 4: "SE", 5: "S", 6: "SW", 7: "W", 8: "NW"}
RING_LABELS = {3: "3 MP: carronades x2", 6: "6 MP: carronades", 12: "12 MP: defense +1", 24: "24 MP: long-gun range"}

Z_SEA, Z_START, Z_COMPASS, Z_ARCS, Z_SMOKE, Z_SHIP, Z_MARKER, Z_OVERLAY, Z_LABEL = 0, 1, 2, 3, 4, 10, 12, 14, 20


# ==================================================================================================== helpers
def square_center(x: float, y: float) -> QPointF:
    """Scene point at the centre of square (x, y)."""
    return QPointF((x + 0.5) * SQUARE, (y + 0.5) * SQUARE)


def heading_angle(heading: int) -> float:
    """Rotation in degrees (clockwise, Qt) of a token pointing along `heading`."""
    return (heading - 1) * 45.0


def _unit(heading: int) -> QPointF:
    dx, dy = geo.VECTORS[heading]
    n = math.hypot(dx, dy)
    return QPointF(dx / n, dy / n)


def _polar(radius: float, degrees: float) -> QPointF:
    """Token frame (bow up): the point at `degrees` clockwise from the bow."""
    a = math.radians(degrees)
    return QPointF(radius * math.sin(a), -radius * math.cos(a))


_OCTAGONS: dict[float, QPolygonF] = {}


def _octagon(radius: float) -> QPolygonF:
    """The token's octagon (a copy: callers may change it)."""
    poly = _OCTAGONS.get(radius)
    if poly is None:
        poly = _OCTAGONS[radius] = QPolygonF([_polar(radius, 22.5 + 45 * k) for k in range(8)])
    return QPolygonF(poly)


def nation_colors(nation: str | None) -> tuple[QColor, QColor, QColor]:
    if nation is not None and nation.startswith("side:"):  # see side_color_key
        fill, line, text = SIDE_COLORS[int(nation[5:]) % len(SIDE_COLORS)]
    else:
        fill, line, text = NATION_COLORS.get(nation or "", OTHER_COLORS)
    return QColor(fill), QColor(line), QColor(text)


def side_color_key(sides: Mapping[str, Mapping[str, Any]], side: str | None) -> str | None:
    """The key `nation_colors` paints a side's ships with: its nation, unless an earlier side of the view already
    wears those colours (three or four sides, R6.0a): then 'side:<its place>', one of SIDE_COLORS. Two sides
    always wear their nations' colours."""
    info = sides.get(side or "", {})
    nation = info.get("nation")
    nation = None if nation is None else str(nation)
    if len(sides) <= 2 or side is None or side not in sides:
        return nation
    order = list(sides)
    palette = NATION_COLORS.get(nation or "", OTHER_COLORS)
    earlier = [NATION_COLORS.get(str(sides[s].get("nation") or ""), OTHER_COLORS) for s in order[:order.index(side)]]
    return f"side:{order.index(side)}" if palette in earlier else nation


_FONTS: dict[tuple[int, bool], QFont] = {}


def _font(px: float, bold: bool = False) -> QFont:
    """The board's font at `px` pixels (made once per size; QFont is copied wherever it is set)."""
    key = (max(1, int(round(px))), bold)
    f = _FONTS.get(key)
    if f is None:
        f = _FONTS[key] = QFont("DejaVu Sans")
        f.setPixelSize(key[0])
        f.setBold(bold)
    return f


_LETTERS: dict[int, str] = {}


def _letters_by_r() -> dict[int, str]:
    if _LETTERS:
        return _LETTERS
    tables = get_tables()
    _LETTERS.update({r: tables.letter_for(r) for r in range(8)})
    return _LETTERS


def _section_path(radius: float, section: str) -> QPainterPath:
    """The stretch of the octagon outline belonging to a broadside section (3.10), token frame."""
    v = [_polar(radius, 22.5 + 45 * k) for k in range(8)]  # v[k] at 22.5 + 45k degrees

    def mid(a: QPointF, b: QPointF) -> QPointF:
        return QPointF((a.x() + b.x()) / 2, (a.y() + b.y()) / 2)

    pts = {
        "starboard_bow": [v[0], v[1], mid(v[1], v[2])],
        "starboard_aft": [mid(v[1], v[2]), v[2], v[3]],
        "port_aft": [v[4], v[5], mid(v[5], v[6])],
        "port_bow": [mid(v[5], v[6]), v[6], v[7]],
    }[section]
    path = QPainterPath(pts[0])
    for p in pts[1:]:
        path.lineTo(p)
    return path

