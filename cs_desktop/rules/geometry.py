"""Square-grid geometry for Captain's Sea: headings, distances, arcs, line of fire, rakes, stacking, map edge.

Pure functions over plain tuples and ints (no Qt, no I/O, no other project imports). The AI calls them a
lot, so everything works on integers and precomputed tables; floats appear only in
:func:`relative_bearing`, which is informational. The arc tests never use floats.

Conventions (docs/conventions.md, binding): squares are ``(x, y)`` with ``x`` growing right and ``y``
growing *down*; headings 1..8 clockwise from north, 1 = N = (0, -1). Starboard is toward heading + 2,
port toward heading - 2.

Ship frame. For a ship heading ``h`` and an offset ``d = other - ship`` we use two integer components:
``a = d . VECTORS[h]`` (ahead, > 0 in front) and ``b = d . VECTORS[h + 2]`` (abeam, > 0 to starboard).
For a diagonal heading both vectors have length sqrt(2), so ``atan2(b, a)`` is still the true relative
bearing; every arc test is a comparison of ``a`` and ``b`` and is therefore exact.

Rulings made here (also listed in the module's report to the lead, for docs/rulings.md):

* 11.1 broadside arc (designed): bearing in [45, 135] deg is starboard, [225, 315] port, edges
  inclusive (``|a| <= b`` / ``|a| <= -b``). An orthogonally-heading ship therefore counts its own
  diagonals as abeam; a diagonally-heading ship counts the row and column through it as abeam
  (heading 2: starboard arc is the quadrant dx >= 0, dy >= 0 minus the ship's square).
* 11.9 chaser arcs (designed): the rest of the plane, fore when ``a > |b|`` (bearing < 45 or > 315),
  aft when ``-a > |b|`` (135 < bearing < 225). Broadside and chaser arcs partition every other square.
* 11.1/11.2/11.9 range: "up to 24 MP" is inclusive (``mp_distance <= 24``).
* Same square: arcs, bearings, facing sides and :func:`rake` are undefined for two ships in one square
  (``broadside_side_in_arc``/``chaser_end_in_arc``/``rake`` return None, ``relative_bearing`` and
  ``facing_side`` raise ValueError); a shared square is resolved by :func:`stacked_sides` (9.2).
* 11.4.6 line of fire: a square is touched when the segment between the two centres passes through its
  interior. Squares the segment meets only at a corner point are NOT touched (a point has no width: when
  the line passes exactly through a grid corner it goes diagonally from one square into the next and the
  two squares sharing only that corner are not counted). A centre-to-centre segment can never run along a
  grid edge, so no other degenerate case exists.
* 11.4.10 sections hit: the side of the defender facing the attacker (by bearing); bow sections only when
  the attacker is exactly dead ahead on the defender's line of heading, aft sections only when exactly
  dead astern. A rake (11.8) overrides this: bow rake -> both bow sections, stern rake -> both aft
  sections, even when the firer sits in a square touching the diagonal rather than on it.
* 9.3 map edge: the shift is the smallest per axis (closest to 0 on each axis independently, which is
  unique and minimises every norm at once, so no tie-break is ever needed); None when the ships span
  more than the map. Smoke shifted off the map is removed by the caller (it no longer exists on the map).
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Optional, Union

Square = tuple[int, int]

__all__ = [
    "Square",
    "VECTORS",
    "HEADINGS",
    "BROADSIDE_RANGE",
    "SECTIONS",
    "step",
    "turn",
    "heading_difference",
    "is_corner",
    "heading_of_vector",
    "mp_distance",
    "in_range",
    "line_squares",
    "ship_frame",
    "relative_bearing",
    "facing_side",
    "broadside_side_in_arc",
    "chaser_end_in_arc",
    "sections_for_side",
    "hit_sections",
    "rake",
    "stacked_relation",
    "stacked_sides",
    "on_map",
    "edge_shift",
    "apply_shift",
    "grapple_alignment",
]

HEADINGS: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7, 8)

#: heading -> (dx, dy) of one step (docs/conventions.md).
VECTORS: dict[int, tuple[int, int]] = {
    1: (0, -1),
    2: (1, -1),
    3: (1, 0),
    4: (1, 1),
    5: (0, 1),
    6: (-1, 1),
    7: (-1, 0),
    8: (-1, -1),
}

#: Broadside long guns and chasers reach this far (11.1, 11.2, 11.9), inclusive.
BROADSIDE_RANGE = 24

#: The four broadside sections (3.10).
SECTIONS: tuple[str, ...] = ("port_bow", "port_aft", "starboard_bow", "starboard_aft")

_HEADING_OF_VECTOR: dict[tuple[int, int], int] = {v: h for h, v in VECTORS.items()}
#: _TURN[h][p % 8] = heading after rotating h clockwise by p points.
_TURN: dict[int, tuple[int, ...]] = {h: tuple((h - 1 + p) % 8 + 1 for p in range(8)) for h in HEADINGS}
#: heading -> the starboard direction vector (heading + 2).
_RIGHT: dict[int, tuple[int, int]] = {h: VECTORS[_TURN[h][2]] for h in HEADINGS}
_DIFF: dict[tuple[int, int], int] = {
    (h1, h2): min(abs(h1 - h2) % 8, 8 - abs(h1 - h2) % 8) for h1 in HEADINGS for h2 in HEADINGS
}
_OPPOSITE_SIDE = {"port": "starboard", "starboard": "port", "bow": "stern", "stern": "bow"}
_SECTIONS_FOR_SIDE: dict[str, tuple[str, str]] = {
    "port": ("port_bow", "port_aft"),
    "starboard": ("starboard_bow", "starboard_aft"),
    "bow": ("port_bow", "starboard_bow"),
    "stern": ("port_aft", "starboard_aft"),
}


# ---------------------------------------------------------------------------------------------------------
# Headings and steps
# ---------------------------------------------------------------------------------------------------------


def step(square: Square, heading: int) -> Square:
    """The next square along ``heading`` (9.1.1 Advance)."""
    dx, dy = VECTORS[heading]
    return (square[0] + dx, square[1] + dy)


def turn(heading: int, points: int) -> int:
    """Rotate ``heading`` clockwise by ``points`` compass points (negative = counter-clockwise); 1..8."""
    return _TURN[heading][points % 8]


def heading_difference(h1: int, h2: int) -> int:
    """Smallest difference between two headings in compass points, 0..4 (12.0 "count the compass points")."""
    return _DIFF[(h1, h2)]


def is_corner(heading: int) -> bool:
    """True for even (diagonal) headings, which cross a square's corner: Advance costs 3 MP, not 2 (9.1.1)."""
    return heading % 2 == 0


def heading_of_vector(vector: tuple[int, int]) -> int:
    """The heading whose unit step is ``vector`` (inverse of :data:`VECTORS`); KeyError otherwise."""
    return _HEADING_OF_VECTOR[vector]


# ---------------------------------------------------------------------------------------------------------
# Distance and line of fire
# ---------------------------------------------------------------------------------------------------------


def mp_distance(a: Square, b: Square) -> int:
    """Movement points between two squares (designed, RULES-DATA): the cheapest path at 2 MP per orthogonal
    step and 3 MP per diagonal step, i.e. ``3 * min(dx, dy) + 2 * (max - min)``."""
    dx = abs(a[0] - b[0])
    dy = abs(a[1] - b[1])
    if dx < dy:
        return 3 * dx + 2 * (dy - dx)
    return 3 * dy + 2 * (dx - dy)


def in_range(a: Square, b: Square, limit: int = BROADSIDE_RANGE) -> bool:
    """True when ``b`` is at most ``limit`` MP from ``a`` (inclusive: "up to 24 movement points", 11.1)."""
    return mp_distance(a, b) <= limit


@lru_cache(maxsize=4096)
def _line_offsets(dx: int, dy: int) -> tuple[Square, ...]:
    """Offsets (from the start square) of the squares whose interior the segment from (0,0) to (dx,dy)
    crosses, in order from the start, excluding both end squares."""
    nx, ny = abs(dx), abs(dy)
    sx = 1 if dx > 0 else -1
    sy = 1 if dy > 0 else -1
    out: list[Square] = []
    x = y = 0
    i = j = 0  # grid lines crossed so far on each axis
    # The i-th vertical grid line is crossed at t = (2i+1) / (2nx); the j-th horizontal one at
    # t = (2j+1) / (2ny). Compare exactly by cross-multiplying.
    while i < nx or j < ny:
        if j >= ny:
            cmp = -1
        elif i >= nx:
            cmp = 1
        else:
            lhs = (2 * i + 1) * ny
            rhs = (2 * j + 1) * nx
            cmp = -1 if lhs < rhs else (1 if lhs > rhs else 0)
        if cmp < 0:
            x += sx
            i += 1
        elif cmp > 0:
            y += sy
            j += 1
        else:
            # Exactly through a grid corner: go diagonally; the two squares that share only this corner
            # are touched at a single point and do not count (ruling, 11.4.6).
            x += sx
            y += sy
            i += 1
            j += 1
        out.append((x, y))
    if out:
        out.pop()  # the last square reached is the end square itself
    return tuple(out)


def line_squares(a: Square, b: Square) -> tuple[Square, ...]:
    """Squares touched by the straight segment from the centre of ``a`` to the centre of ``b`` (11.4.6),
    excluding ``a`` and ``b`` themselves, in order from ``a`` to ``b``.

    Ruling: "touched" means the segment passes through the square's interior. Where the segment goes
    exactly through a grid corner, the two squares that only share that corner are NOT touched. So a pure
    diagonal (2, 2) away touches only the one square between, not (1,0)/(0,1) nor (2,1)/(1,2);
    (0,0)->(2,1) touches (1,0) and (1,1) (it crosses x = 0.5 at y = 0.25, the side between them at x = 1,
    and x = 1.5 at y = 0.75); (0,0)->(3,1) touches (1,0) and (2,1) only, since it passes exactly through
    the corner (1.5, 0.5). The result is symmetric:
    ``line_squares(b, a) == tuple(reversed(line_squares(a, b)))``.
    """
    ax, ay = a
    return tuple((ax + ox, ay + oy) for ox, oy in _line_offsets(b[0] - ax, b[1] - ay))


# ---------------------------------------------------------------------------------------------------------
# Bearings and arcs
# ---------------------------------------------------------------------------------------------------------


def ship_frame(ship_sq: Square, heading: int, other_sq: Square) -> tuple[int, int]:
    """``(a, b)``: ``a`` > 0 when ``other_sq`` is ahead, ``b`` > 0 when it is to starboard (see module doc).
    Both are exact integers; for diagonal headings they are scaled by sqrt(2), which keeps angles."""
    dx = other_sq[0] - ship_sq[0]
    dy = other_sq[1] - ship_sq[1]
    fx, fy = VECTORS[heading]
    rx, ry = _RIGHT[heading]
    return (dx * fx + dy * fy, dx * rx + dy * ry)


def relative_bearing(from_sq: Square, heading: int, to_sq: Square) -> float:
    """Degrees clockwise from the bow, in [0, 360), of ``to_sq`` seen from ``from_sq`` on ``heading``.

    Exact at multiples of 45 deg. Raises ValueError when the squares are the same."""
    if from_sq == to_sq:
        raise ValueError("relative bearing of a square from itself is undefined")
    a, b = ship_frame(from_sq, heading, to_sq)
    return math.degrees(math.atan2(b, a)) % 360.0


def facing_side(ship_sq: Square, heading: int, other_sq: Square) -> str:
    """Which side of the ship faces ``other_sq``: 'bow' / 'stern' only when ``other_sq`` is exactly on the
    ship's line of heading ahead / astern; otherwise 'starboard' or 'port' by bearing (0 < bearing < 180 is
    starboard). Raises ValueError for the same square (use :func:`stacked_sides`)."""
    if ship_sq == other_sq:
        raise ValueError("same square: use stacked_sides (9.2)")
    a, b = ship_frame(ship_sq, heading, other_sq)
    if b > 0:
        return "starboard"
    if b < 0:
        return "port"
    return "bow" if a > 0 else "stern"


def broadside_toward(ship_sq: Square, heading: int, enemy_sq: Square, enemy_heading: int) -> str:
    """The broadside ('port' or 'starboard') that bears on an enemy now, or the one he lies on the side of (he
    comes into that arc first); dead ahead or astern, or in the same square, the side he is heading across to.
    What a captain mans first (5.0)."""
    if ship_sq == enemy_sq:
        b = ship_frame(ship_sq, heading, step(enemy_sq, enemy_heading))[1]
    else:
        b = ship_frame(ship_sq, heading, enemy_sq)[1]
    if b == 0:
        b = ship_frame(ship_sq, heading, step(enemy_sq, enemy_heading))[1]
    return "starboard" if b >= 0 else "port"


@lru_cache(maxsize=None)
def arcs(heading: int, dx: int, dy: int) -> tuple[Optional[str], Optional[str]]:
    """(broadside side, chaser end) in whose arc an offset ``(dx, dy)`` (not (0, 0)) lies from a ship on
    ``heading``, whatever the range: exactly one of the two is set (11.1, 11.9). A pure function of three
    small integers, kept in a table as it is asked for: the fire options of a fleet ask it for every ship
    against every enemy at every fire step (issue 14)."""
    fx, fy = VECTORS[heading]
    rx, ry = _RIGHT[heading]
    a = dx * fx + dy * fy  # ahead (see ship_frame)
    b = dx * rx + dy * ry  # to starboard
    abs_a = -a if a < 0 else a
    if b >= abs_a:
        return "starboard", None
    if -b >= abs_a:
        return "port", None
    return None, ("bow" if a > 0 else "stern")


def broadside_side_in_arc(ship_sq: Square, heading: int, target_sq: Square) -> Optional[str]:
    """11.1: 'starboard' if ``target_sq`` bears 45..135 deg (inclusive) and 'port' if 225..315 deg
    (inclusive), provided it is within 24 MP; else None (also None for the same square).

    Examples, ship at (10, 10): heading 1 -> (13, 10) and (13, 7) starboard, (7, 13) port, (11, 7) None
    (fore chaser arc). Heading 2 -> (13, 10) and (10, 13) starboard, (7, 10) port, (13, 7) None."""
    if ship_sq == target_sq:
        return None
    side = arcs(heading, target_sq[0] - ship_sq[0], target_sq[1] - ship_sq[1])[0]
    return side if side is not None and mp_distance(ship_sq, target_sq) <= BROADSIDE_RANGE else None


def chaser_end_in_arc(ship_sq: Square, heading: int, target_sq: Square) -> Optional[str]:
    """11.9: 'bow' if ``target_sq`` is in the fore arc (bearing < 45 or > 315), 'stern' if in the aft arc
    (135 < bearing < 225), i.e. outside both broadside arcs, and within 24 MP; else None."""
    if ship_sq == target_sq:
        return None
    end = arcs(heading, target_sq[0] - ship_sq[0], target_sq[1] - ship_sq[1])[1]
    return end if end is not None and mp_distance(ship_sq, target_sq) <= BROADSIDE_RANGE else None


def sections_for_side(side: str) -> tuple[str, str]:
    """The two broadside sections on a side or end: 'port', 'starboard', 'bow' or 'stern' (11.4.10, 11.8)."""
    return _SECTIONS_FOR_SIDE[side]


def hit_sections(
    defender_sq: Square,
    defender_heading: int,
    attacker_sq: Square,
    rake_end: Optional[str] = None,
) -> tuple[str, str]:
    """The two defender sections a shot from ``attacker_sq`` strikes (11.4.10): those of the side facing the
    attacker; the two bow sections when the attacker is exactly dead ahead, the two aft sections when
    exactly dead astern. Pass ``rake_end`` ('bow'/'stern', the result of :func:`rake`) to force the rake's
    sections (11.8), which matters when the raker sits in a square touching the diagonal line.
    Same-square shots: take the side from :func:`stacked_sides` and call :func:`sections_for_side`."""
    if rake_end is not None:
        return _SECTIONS_FOR_SIDE[rake_end]
    return _SECTIONS_FOR_SIDE[facing_side(defender_sq, defender_heading, attacker_sq)]


# ---------------------------------------------------------------------------------------------------------
# Rakes (11.8)
# ---------------------------------------------------------------------------------------------------------


def rake(firer_sq: Square, firer_heading: int, target_sq: Square, target_heading: int) -> Optional[str]:
    """11.8: 'bow' if the firer rakes the target's bow (target heading toward the firer), 'stern' if it
    rakes the stern (target heading away), else None. Geometry only: arc and range are checked by
    :func:`broadside_side_in_arc` (a raking position is always in the firer's broadside arc).

    Conditions, all from the text:

    * perpendicular: headings exactly 2 (or 6, the same thing the other way round) points apart;
    * the target heads directly toward or away from the firer, and the firer is
      - in the same row/column as the target along its line of heading (orthogonal target heading), or
      - on the same diagonal line (diagonal target heading), or
      - in a square touching that diagonal line (sharing a corner point of it: one orthogonal step off the
        line), with the firer's heading pointing toward the line.

    Same square -> None (9.2.2 crossing is handled by :func:`stacked_sides`).
    """
    if _DIFF[(firer_heading, target_heading)] != 2 or firer_sq == target_sq:
        return None
    a, b = ship_frame(target_sq, target_heading, firer_sq)
    if b == 0:
        return "bow" if a > 0 else "stern"
    if target_heading % 2 == 0 and (b == 1 or b == -1):
        # Touching the diagonal: offset (k*F + one orthogonal component of F), perpendicular distance
        # 1/sqrt(2) from the line. The firer must head back toward the line (against the side it is on).
        rx, ry = _RIGHT[target_heading]
        fx, fy = VECTORS[firer_heading]
        if b * (fx * rx + fy * ry) < 0:
            return "bow" if a > 0 else "stern"
    return None


# ---------------------------------------------------------------------------------------------------------
# Stacking (9.2)
# ---------------------------------------------------------------------------------------------------------


def stacked_relation(mover_heading: int, other_heading: int) -> str:
    """9.2: 'parallel' (same or opposite headings), 'crossing' (perpendicular, 2 points apart) or
    'angled' (1 or 3 points apart)."""
    d = _DIFF[(mover_heading, other_heading)]
    if d == 0 or d == 4:
        return "parallel"
    if d == 2:
        return "crossing"
    return "angled"


def stacked_sides(
    mover_heading: int,
    mover_entered_from: Union[int, tuple[int, int]],
    other_heading: int,
    ip_choice: Optional[str] = None,
    initiative_player_moving: Optional[bool] = None,
) -> dict[str, Optional[str]]:
    """Which side of each ship faces the other when the mover has entered the other's square (9.2).

    Arguments:
      mover_heading: the mover's heading now (after any free Wear, which is decided first, 9.2 note).
      mover_entered_from: either an int, the heading of the Advance that brought the mover into the square
        (its direction of travel, before any Wear), or a tuple, the offset from the shared square to the
        square the mover came from (e.g. ``(0, 1)`` when it advanced north from the square below).
      other_heading: the stationary ship's heading.
      ip_choice: parallel only (required): 'port' or 'starboard', the side of the *stationary* ship the mover
        passes, chosen by the Initiative Player (9.2.1).
      initiative_player_moving: crossing only (required): True when the Initiative Player's ship is the
        mover (stern rake on the other ship), False when the Non-Initiative Player's is (the Initiative
        Player's stationary ship bow-rakes the mover) (9.2.2).

    Returns ``{'relation', 'mover_side', 'other_side', 'rake', 'firer'}``:
      relation: 'parallel' | 'crossing' | 'angled';
      mover_side / other_side: the side of that ship facing the other ship: 'port' | 'starboard', or for the
        raked ship in a crossing its raked end 'bow' | 'stern' (feed it to :func:`sections_for_side`);
      rake: None, or the raked end 'bow' | 'stern' of the non-firing ship (crossing only);
      firer: 'both' (parallel, angled) or who may fire in a crossing: 'mover' | 'other'.

    Rulings: parallel, same heading -> the mover shows the opposite side to the one it passes (passing the
    other's starboard, the other is on the mover's port); opposite headings -> the same side (starboard to
    starboard). Angled -> the mover passes the side of the other ship facing the square it came from; if
    that square lies exactly on the other ship's line of heading (only possible after a free Wear), the side
    the mover's new heading points toward. The mover's facing side is then the one turned toward the other
    ship. Crossing -> the raking ship's broadside facing the raked end.
    """
    relation = stacked_relation(mover_heading, other_heading)
    if relation == "parallel":
        if ip_choice not in ("port", "starboard"):
            raise ValueError("parallel stacking: the Initiative Player must choose 'port' or 'starboard' (9.2.1)")
        mover_side = ip_choice if mover_heading != other_heading else _OPPOSITE_SIDE[ip_choice]
        return {"relation": relation, "mover_side": mover_side, "other_side": ip_choice, "rake": None,
                "firer": "both"}

    if relation == "crossing":
        if initiative_player_moving is None:
            raise ValueError("crossing stacking: say whether the Initiative Player is moving (9.2.2)")
        return _crossing_sides(mover_heading, other_heading, initiative_player_moving)
    return _angled_sides(mover_heading, mover_entered_from, other_heading)


def _crossing_sides(mover_heading: int, other_heading: int, initiative_player_moving: bool) -> dict[str, Optional[str]]:
    """9.2.2, crossing: the Initiative Player's ship rakes the other, the stern when his ship is the mover, the
    bow when it is the stationary one."""
    if initiative_player_moving:
        # The mover passes the other's stern; the other lies toward other_heading from the mover.
        mover_side = "starboard" if _TURN[mover_heading][2] == other_heading else "port"
        return {"relation": "crossing", "mover_side": mover_side, "other_side": "stern", "rake": "stern",
                "firer": "mover"}
    # The mover approaches bow first; seen from the other ship it lies toward mover_heading + 4.
    other_side = "starboard" if _TURN[other_heading][2] == _TURN[mover_heading][4] else "port"
    return {"relation": "crossing", "mover_side": "bow", "other_side": other_side, "rake": "bow",
            "firer": "other"}


def _angled_sides(mover_heading: int, mover_entered_from: Union[int, tuple[int, int]],
                  other_heading: int) -> dict[str, Optional[str]]:
    """9.2.3, angled: the mover passes the other's side facing the square it came from (on the other's line of
    heading, the side its new heading points toward); its own side turned toward the other faces it."""
    if isinstance(mover_entered_from, int):
        tx, ty = VECTORS[mover_entered_from]
        ex, ey = -tx, -ty
    else:
        ex, ey = mover_entered_from
    rx, ry = _RIGHT[other_heading]
    s = ex * rx + ey * ry
    if s == 0:
        fx, fy = VECTORS[mover_heading]
        s = fx * rx + fy * ry
    other_side = "starboard" if s > 0 else "port"
    sign = 1 if s > 0 else -1
    # The mover sits at sign * R_other from the other ship; the other lies at -sign * R_other from it.
    ox, oy = VECTORS[other_heading]
    mx, my = VECTORS[mover_heading]
    b = -sign * (ox * mx + oy * my)  # = (-sign * R_other) . R_mover, rotations keep dot products
    mover_side = "starboard" if b > 0 else "port"
    return {"relation": "angled", "mover_side": mover_side, "other_side": other_side, "rake": None,
            "firer": "both"}


# ---------------------------------------------------------------------------------------------------------
# Map edge (9.3)
# ---------------------------------------------------------------------------------------------------------


def on_map(sq: Square, width: int, height: int) -> bool:
    """True when ``sq`` lies on a ``width`` x ``height`` map (0 <= x < width, 0 <= y < height)."""
    return 0 <= sq[0] < width and 0 <= sq[1] < height


def _axis_shift(lo: int, hi: int, size: int) -> Optional[int]:
    # Feasible shifts s satisfy 0 <= lo + s and hi + s <= size - 1.
    smin, smax = -lo, size - 1 - hi
    if smin > smax:
        return None
    if smin > 0:
        return smin
    if smax < 0:
        return smax
    return 0


def edge_shift(
    ship_squares: list[Square],
    moving_index: int,
    destination: Square,
    width: int,
    height: int,
) -> Optional[tuple[int, int]]:
    """9.3: the ship at ``moving_index`` is about to move to ``destination`` (off the map). Return the shift
    ``(dx, dy)`` to apply to every piece (ships, with the mover at its destination, and smoke) so that all
    ships are on the map with relative positions and headings unchanged; None if impossible (the game
    ends, 9.3 / 18.0).

    The shift is the smallest on each axis independently (closest to 0), which is unique and at once the
    shortest by MP, Chebyshev and Manhattan measures, so no tie-break is needed. The result is (0, 0)
    when every ship is already on the map. Smoke is not considered: smoke shifted off the map is removed."""
    squares = list(ship_squares)
    squares[moving_index] = destination
    xs = [sq[0] for sq in squares]
    ys = [sq[1] for sq in squares]
    sx = _axis_shift(min(xs), max(xs), width)
    if sx is None:
        return None
    sy = _axis_shift(min(ys), max(ys), height)
    if sy is None:
        return None
    return (sx, sy)


def apply_shift(squares: list[Square], shift: tuple[int, int]) -> list[Square]:
    """Every square moved by ``shift`` (9.3)."""
    dx, dy = shift
    return [(x + dx, y + dy) for x, y in squares]


# ---------------------------------------------------------------------------------------------------------
# Grappling (12.0)
# ---------------------------------------------------------------------------------------------------------


def grapple_alignment(ip_heading: int, nip_heading: int) -> tuple[int, int]:
    """12.0: headings ``(ip, nip)`` after a successful grapple. Headings less than 2 points apart: both take
    the Initiative Player's heading; 2 or more: the IP keeps its heading and the NIP takes the opposite."""
    if _DIFF[(ip_heading, nip_heading)] < 2:
        return (ip_heading, ip_heading)
    return (ip_heading, _TURN[ip_heading][4])
