"""Issue 29, item 9: the campaign map's coastlines -- shipped with their source, read without ever stopping the
campaign, and the squadron's track from the journal."""

from __future__ import annotations

import importlib.util
import json
import struct
import sys
from pathlib import Path

import pytest

from cs_desktop.play import sea_chart

ROOT = Path(__file__).resolve().parents[2]


def _inside(point: tuple[float, float], ring: tuple[tuple[float, float], ...]) -> bool:
    x, y = point
    hit = False
    for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1]):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            hit = not hit
    return hit


def test_the_shipped_chart_is_real_land_and_names_its_source() -> None:
    chart = sea_chart.shipped()
    assert chart.problem == "" and "Natural Earth" in chart.source and len(chart.land) > 50
    on_land = {"Spain": (-4.0, 40.0), "Pennsylvania": (-77.0, 41.0), "Brazil": (-50.0, -10.0),
               "Ireland": (-8.0, 53.0), "Cuba": (-79.0, 21.8)}
    at_sea = {"mid-Atlantic": (-40.0, 35.0), "Bay of Biscay": (-5.0, 45.5), "Caribbean": (-75.0, 15.0)}
    for name, p in on_land.items():
        assert any(_inside(p, r) for r in chart.land), name
    for name, p in at_sea.items():
        assert not any(_inside(p, r) for r in chart.land), name


#: islands smaller than the 1:110m data draws (Bermuda 54 km², Martinique 1,128 km²): the port's dot stands alone
#: in the sea until a finer scale is shipped
TOO_SMALL = {"bermuda", "fort-royal"}


def test_every_port_of_the_shipped_campaigns_lies_on_a_coast() -> None:
    land = sea_chart.shipped().land
    far = {}
    for areas in (ROOT / "scenarios" / "campaigns").glob("*/areas.json"):
        for port in json.loads(areas.read_text(encoding="utf-8"))["ports"]:
            lat, lon = port["position"]["lat"], port["position"]["lon"]
            near = min(((x - lon) ** 2 + (y - lat) ** 2) ** 0.5 for ring in land for x, y in ring)
            if near >= 2.0:
                far[port["id"]] = round(near, 1)
    assert set(far) == TOO_SMALL, far


@pytest.mark.parametrize(("text", "says"), [
    (None, "coastlines.json"),
    ("{not json", "line 1"),
    (json.dumps({"format": "captains-sea/ship", "version": 1}), "format"),
    (json.dumps({"format": "captains-sea/coastlines", "version": 1, "land": {}}), "land"),
    (json.dumps({"format": "captains-sea/coastlines", "version": 1, "land": [[[0, 0], [1, 1]]]}), "land[0]"),
    (json.dumps({"format": "captains-sea/coastlines", "version": 1,
                 "land": [[[0, 0], [1, 1], [2, 200]]]}), "land[0][2]"),
    (json.dumps({"format": "captains-sea/coastlines", "version": 1,
                 "land": [[[0, 0], [1, 1], [True, 2]]]}), "land[0][2]"),
    ("[" * 3_000_000, "coastlines.json"),
])
def test_a_damaged_chart_gives_no_land_and_says_why(tmp_path: Path, text: str | None, says: str) -> None:
    path = tmp_path / "coastlines.json"
    if text is not None:
        path.write_text(text, encoding="utf-8")
    chart = sea_chart.load(path)
    assert chart.land == () and says in chart.problem and str(path) in chart.problem


def test_the_track_follows_the_ports_and_the_waters_sailed_for() -> None:
    places = {"boston": (42.4, -71.1), "brazil": (-10.0, -33.0), "nowhere": None}
    journal = [{"kind": "start"}, {"kind": "sail", "area": "brazil"}, {"kind": "weather"},
               {"kind": "sail", "area": "brazil"}, {"kind": "port", "port": "boston"},
               {"kind": "sail", "area": "nowhere"}, {"kind": "sail"}]
    assert sea_chart.track(journal, places) == [(-10.0, -33.0), (42.4, -71.1)]
    assert sea_chart.track(journal, places, last=1) == [(42.4, -71.1)]


def _extractor():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("extract_coastlines", ROOT / "scripts" / "extract_coastlines.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("extract_coastlines", module)
    spec.loader.exec_module(module)
    return module


def test_the_extractor_reads_shapefile_polygons_and_simplifies() -> None:
    ex = _extractor()
    ring = [(0.0, 0.0), (0.0, 1.0), (0.5, 1.001), (1.0, 1.0), (1.0, 0.0), (0.0, 0.0)]  # clockwise
    points = b"".join(struct.pack("<2d", x, y) for x, y in ring)
    body = struct.pack("<i4d2i", 5, 0, 0, 1, 1, 1, len(ring)) + struct.pack("<i", 0) + points
    shp = b"\0" * 100 + struct.pack(">ii", 1, len(body) // 2) + body
    assert ex.polygon_rings(shp) == [ring]
    assert ex.signed_area(ring) < 0
    assert (0.5, 1.001) not in ex.simplify(ring, 0.01) and len(ex.simplify(ring, 0.0)) == len(ring)
