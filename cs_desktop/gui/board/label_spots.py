"""Choosing a spot for one board label among candidate spots (issue 28, item 6: a fleet board you can read while
firing). Pure geometry on plain tuples, no Qt: `board_labels.place` measures the labels and moves them.

Three kinds of rectangle a label may meet:
- `tokens`: ship tokens (and the markers beside them). Meeting one costs most.
- `guarded`: ships' names and the callouts already placed. A *callout* (`keep_clear`: a firing callout, a range
  ring's label, the out-of-range note) may never meet a token or a guarded rectangle: it takes the cheapest spot
  clear of them all, or none at all (the caller hides it; its text stays in a tooltip).
- `others`: any other label placed before; meeting one costs its area times `crowd`.

A spot outside `bounds` (the scene) costs 100 per unit of area outside; outside `seen` (the part in view) 10.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

Rect = tuple[float, float, float, float]  # left, top, right, bottom

TOKEN_WEIGHT = 1000.0
OUTSIDE_SCENE_WEIGHT = 100.0
OUTSIDE_VIEW_WEIGHT = 10.0


class Spot(NamedTuple):
    """A chosen spot: `cost` in all, `clash` the part of it from meeting tokens and labels."""

    cost: float
    clash: float
    anchor: str
    x: float
    y: float
    rect: Rect


def meets(a: Rect, b: Rect) -> bool:
    """Whether two rectangles share some area (touching edges do not count)."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def overlap(a: Rect, b: Rect) -> float:
    """Area two rectangles share (0 if they only touch)."""
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def outside(a: Rect, bounds: Rect) -> float:
    """Area of `a` outside `bounds`."""
    area = (a[2] - a[0]) * (a[3] - a[1])
    return area - overlap(a, bounds)


def inside(a: Rect, bounds: Rect) -> bool:
    return bounds[0] <= a[0] and a[2] <= bounds[2] and bounds[1] <= a[1] and a[3] <= bounds[3]


def clear_of(rect: Rect, blockers: Iterable[Rect]) -> bool:
    """Whether `rect` meets none of `blockers`."""
    return not any(meets(rect, b) for b in blockers)


def best_spot(spots: Iterable[tuple[str, float, float, Rect]], tokens: Sequence[Rect], guarded: Sequence[Rect],
              others: Sequence[Rect], bounds: Rect, seen: Rect | None = None, crowd: float = 1.0,
              keep_clear: bool = False) -> Spot | None:
    """The cheapest of `spots` (anchor, x, y, the rectangle the label covers there), the first of equal cost;
    stops at the first that costs nothing. A `keep_clear` label only takes a spot that meets no token and no
    guarded rectangle, and gets None when there is none."""
    best: Spot | None = None
    for anchor, x, y, fp in spots:
        if keep_clear and not (clear_of(fp, tokens) and clear_of(fp, guarded)):
            continue
        clash = sum(TOKEN_WEIGHT * overlap(fp, o) for o in tokens if meets(fp, o))
        clash += sum(crowd * overlap(fp, o) for o in (*guarded, *others) if meets(fp, o))
        cost = clash
        if not inside(fp, bounds):
            cost += OUTSIDE_SCENE_WEIGHT * outside(fp, bounds)
        if seen is not None and not inside(fp, seen):
            cost += OUTSIDE_VIEW_WEIGHT * outside(fp, seen)
        if best is None or cost < best.cost:
            best = Spot(cost, clash, anchor, x, y, fp)
            if cost == 0.0:
                break
    return best
