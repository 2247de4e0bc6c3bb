"""Placing the board's labels so that none covers a ship token or another label (issue 11, item 4).

A label names something at a scene point (a ship, a range ring, a maneuver ghost, a target). It is placed by
trying candidate spots around that point — the caller's preferred sides first, then the others, at growing
distances — and keeping the first whose footprint lies inside the scene and meets no token and no label placed
before it. If no spot is free, the one that covers least wins (tokens weigh most, then leaving the scene, then
other labels). Labels keep their pixel size whatever the zoom, so footprints are measured at the view's zoom
and the placement is redone when the zoom changes.

Ships' names with many ships (a 12-a-side fleet at the zoom that fits the map): a name is `optional` — when no
spot clear of tokens and names is found it is hidden rather than laid over another (her name stays on her token's tooltip; a picked ship's
name is placed first and never hidden); a name that does not sit by its own token, or sits as near to another,
gets a leader line to its token (`needs_leader`, `leader`); and at a small zoom the names are written short
("Congress 2" for "Congress (2)", `LabelItem.set_compact`).

Pure geometry on plain tuples (speed: 24 ships redraw in a few milliseconds); the only Qt use is reading a
label's rectangle and moving it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from PySide6.QtCore import QPointF, QRectF

from cs_desktop.gui.board.items import LabelItem
from cs_desktop.gui.board.paint import KIND
from cs_desktop.gui.board.label_spots import Rect, best_spot

#: anchor -> the direction (from the named point) the label lies in
DIRECTIONS: dict[str, tuple[float, float]] = {
    "center": (0.0, 0.0),
    "below": (0.0, 1.0), "above": (0.0, -1.0), "right": (1.0, 0.0), "left": (-1.0, 0.0),
    "below_right": (0.72, 0.72), "below_left": (-0.72, 0.72), "above_right": (0.72, -0.72),
    "above_left": (-0.72, -0.72),
}
ORDER = ("below", "above", "right", "left", "below_right", "below_left", "above_right", "above_left")
GAP_PX = 3.0  # room between a label and what it names, in pixels


@dataclass
class Placeable:
    """A label to place: `point` is what it names (scene), `clearance` the scene distance from the point it
    must keep (e.g. a token's radius), `prefer` its sides in order of preference, `rings` how many distances
    to try (each one `step` scene units further out)."""

    item: LabelItem
    point: QPointF
    clearance: float = 0.0
    prefer: tuple[str, ...] = ORDER
    rings: int = 3
    step: float = 48.0
    rank: int = 0  # lower is placed first
    optional: bool = False  # hidden when no spot is free (a ship's name: still on her token's tooltip)
    keep_clear: bool = False  # a callout: never over a token, a ship's name or another callout; else hidden
    placed: bool = field(default=False, init=False)
    rect: Rect | None = field(default=None, init=False)  # the scene rectangle it covers once placed and shown


def to_rect(r: QRectF) -> Rect:
    return (r.left(), r.top(), r.right(), r.bottom())


def candidates(p: Placeable, zoom: float) -> Iterable[tuple[str, float, float]]:
    """(anchor, x, y) spots to try, best first."""
    gap = GAP_PX / zoom
    sides = list(p.prefer) + [d for d in ORDER if d not in p.prefer]
    for ring in range(p.rings):
        d = p.clearance + gap + ring * p.step
        for anchor in sides:
            if anchor == "center" and ring:
                continue
            dx, dy = DIRECTIONS[anchor]
            yield anchor, p.point.x() + dx * d, p.point.y() + dy * d


def _spots(p: Placeable, z: float) -> Iterator[tuple[str, float, float, Rect]]:
    local = p.item.edges()
    for anchor, x, y in candidates(p, z):
        l, t, r, b = local[anchor]
        yield anchor, x, y, (x + l / z, y + t / z, x + r / z, y + b / z)


def place(labels: Sequence[Placeable], tokens: Iterable[Rect], bounds: Rect, zoom: float,
          seen: Rect | None = None) -> None:
    """Place `labels` by rank (the first placed has the pick of the spots); moves the label items. `seen`
    (the part of the scene in view) is preferred: a spot out of sight costs more than one over a label.
    Ships' names and callouts (`keep_clear`) are guarded: no callout is ever laid over one, nor over a token
    (label_spots.best_spot); a callout with no clear spot is hidden."""
    z = zoom if zoom > 0 else 1.0
    hard = list(tokens)
    guarded: list[Rect] = []
    others: list[Rect] = []
    for p in sorted(labels, key=lambda p: p.rank):
        p.item.setVisible(True)
        crowd = 1000.0 if p.optional else 1.0  # a name to hide or show: meeting a label is as bad as a token
        spot = best_spot(_spots(p, z), hard, guarded, others, bounds, seen, crowd, p.keep_clear)
        p.placed = spot is not None and spot.cost == 0.0
        if spot is None or (p.optional and spot.clash > 0.0):  # it would cover a token or a name: hidden
            p.item.setVisible(False)
            p.rect = None
            continue
        if spot.anchor != p.item.anchor:
            p.item.set_anchor(spot.anchor)
        p.item.setPos(QPointF(spot.x, spot.y))
        p.rect = spot.rect
        (guarded if p.keep_clear or p.item.data(KIND) == "ship_label" else others).append(p.rect)


Circle = tuple[float, float, float]  # a token: centre x, centre y, radius (scene)


def nearest_point(rect: Rect, x: float, y: float) -> tuple[float, float]:
    """The point of `rect` nearest to (x, y)."""
    return min(max(x, rect[0]), rect[2]), min(max(y, rect[1]), rect[3])


def gap_to(rect: Rect, token: Circle) -> float:
    """How far `rect` lies from the token's edge (0 or less: it touches or covers it)."""
    nx, ny = nearest_point(rect, token[0], token[1])
    return float(((nx - token[0]) ** 2 + (ny - token[1]) ** 2) ** 0.5) - token[2]


def needs_leader(rect: Rect, own: Circle, others: Iterable[Circle], zoom: float) -> bool:
    """Whether a ship's name label needs a line to her token to be read as hers: it does not sit by her token
    (farther than twice the gap a placed label keeps), or another token is about as near to it as hers."""
    z = zoom if zoom > 0 else 1.0
    gap = GAP_PX / z
    mine = gap_to(rect, own)
    if mine > 2 * gap:
        return True
    return any(gap_to(rect, t) <= mine + 2 * gap for t in others)


def leader(rect: Rect, own: Circle) -> tuple[tuple[float, float], tuple[float, float]]:
    """The line from the token's edge to the nearest point of its label."""
    nx, ny = nearest_point(rect, own[0], own[1])
    dx, dy = nx - own[0], ny - own[1]
    d = (dx * dx + dy * dy) ** 0.5 or 1.0
    return (own[0] + dx / d * own[2], own[1] + dy / d * own[2]), (nx, ny)
