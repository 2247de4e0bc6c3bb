"""Extract the campaign map's coastlines once, from Natural Earth, into resources/maps/coastlines.json (issue 29,
item 9). Run by hand when the data should change; the program only reads the small JSON result.

    pip download geopandas==0.14.4 --no-deps -d /tmp/ne     # the wheel bundles naturalearth_lowres
    python3 scripts/extract_coastlines.py /tmp/ne/geopandas-0.14.4-py3-none-any.whl

Source: Natural Earth 1:110m Cultural Vectors, Admin 0 - Countries (public domain, naturalearthdata.com), as
bundled in geopandas 0.14.4 (`geopandas/datasets/naturalearth_lowres`). The land is every country's outer rings
(a hole is left out: none lies on the campaigns' waters) whose box meets the Atlantic box below, simplified with
Douglas-Peucker at TOLERANCE degrees and rounded to 0.01 degree. The shapefile is read here with `struct` (the
ESRI format's polygon records), so no GIS library is needed.
"""

from __future__ import annotations

import argparse
import json
import struct
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "resources" / "maps" / "coastlines.json"
MEMBER = "geopandas/datasets/naturalearth_lowres/naturalearth_lowres.shp"
#: the waters the campaigns sail (lon west, lat south, lon east, lat north), with room around them
BOX = (-110.0, -45.0, 45.0, 72.0)
TOLERANCE = 0.08
Point = tuple[float, float]


def polygon_rings(shp: bytes) -> list[list[Point]]:
    """Every ring of every polygon record (shape type 5) of an ESRI shapefile's main file."""
    rings: list[list[Point]] = []
    at = 100  # the file header
    while at + 8 <= len(shp):
        _, words = struct.unpack(">ii", shp[at:at + 8])
        body = shp[at + 8:at + 8 + 2 * words]
        at += 8 + 2 * words
        (kind,) = struct.unpack("<i", body[:4])
        if kind != 5:
            continue
        parts, points = struct.unpack("<ii", body[36:44])
        starts = list(struct.unpack(f"<{parts}i", body[44:44 + 4 * parts])) + [points]
        base = 44 + 4 * parts
        coords = struct.unpack(f"<{2 * points}d", body[base:base + 16 * points])
        xy = [(coords[2 * i], coords[2 * i + 1]) for i in range(points)]
        rings += [xy[a:b] for a, b in zip(starts, starts[1:])]
    return rings


def signed_area(ring: list[Point]) -> float:
    return sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1])) / 2


def simplify(ring: list[Point], tolerance: float) -> list[Point]:
    """Douglas-Peucker, iteratively (no recursion limit on long coasts)."""
    if len(ring) < 4:
        return ring
    keep = [False] * len(ring)
    keep[0] = keep[-1] = True
    stack = [(0, len(ring) - 1)]
    while stack:
        a, b = stack.pop()
        (ax, ay), (bx, by) = ring[a], ring[b]
        dx, dy = bx - ax, by - ay
        norm = (dx * dx + dy * dy) ** 0.5
        best, far = -1.0, -1
        for i in range(a + 1, b):
            px, py = ring[i]
            d = abs(dy * (px - ax) - dx * (py - ay)) / norm if norm else ((px - ax) ** 2 + (py - ay) ** 2) ** 0.5
            if d > best:
                best, far = d, i
        if far >= 0 and best > tolerance:
            keep[far] = True
            stack += [(a, far), (far, b)]
    return [p for p, k in zip(ring, keep) if k]


def in_box(ring: list[Point]) -> bool:
    xs, ys = [p[0] for p in ring], [p[1] for p in ring]
    return max(xs) >= BOX[0] and min(xs) <= BOX[2] and max(ys) >= BOX[1] and min(ys) <= BOX[3]


def extract(wheel: Path) -> dict[str, object]:
    with zipfile.ZipFile(wheel) as z:
        shp = z.read(MEMBER)
    land = []
    for ring in polygon_rings(shp):
        if signed_area(ring) > 0 or not in_box(ring):  # shapefile outer rings run clockwise; the rest are holes
            continue
        small = [(round(x, 2), round(y, 2)) for x, y in simplify(ring, TOLERANCE)]
        if len(small) >= 4:
            land.append(small)
    return {
        "format": "captains-sea/coastlines", "version": 1,
        "source": "Natural Earth 1:110m Cultural Vectors, Admin 0 - Countries (naturalearthdata.com), as bundled "
                  "in geopandas 0.14.4 (geopandas/datasets/naturalearth_lowres)",
        "license": "public domain (Natural Earth terms of use)",
        "made_by": f"scripts/extract_coastlines.py: outer rings within {list(BOX)} (lon, lat), Douglas-Peucker "
                   f"{TOLERANCE} degree, rounded to 0.01 degree",
        "land": [[[x, y] for x, y in ring] for ring in land],
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("wheel", type=Path, help="geopandas-0.14.4-py3-none-any.whl")
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)
    data = extract(args.wheel)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    land = data["land"]
    assert isinstance(land, list)
    print(f"{args.out}: {len(land)} rings, {sum(len(r) for r in land)} points, {args.out.stat().st_size} bytes",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
