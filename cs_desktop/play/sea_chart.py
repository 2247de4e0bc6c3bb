"""The land the campaign map draws (issue 29, item 9): coastlines from Natural Earth (public domain), extracted
once by scripts/extract_coastlines.py into resources/maps/coastlines.json, which names its source.

`load()` reads the file (bounded, checked ring by ring: each ring at least three [longitude, latitude] pairs of
finite numbers on the globe) and returns the land's rings, or no land and the problem naming the file and the
field: a damaged chart never stops the campaign, whose map then draws the sea areas alone and says why.
"""

from __future__ import annotations

import math
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cs_desktop
from cs_desktop.formats.jsonread import FileFormatError, check_header, read_json

FORMAT = "captains-sea/coastlines"
DEFAULT = cs_desktop.RESOURCES / "maps" / "coastlines.json"
LIMIT = 2_000_000
Ring = tuple[tuple[float, float], ...]  # (longitude, latitude) points


@dataclass(frozen=True)
class Chart:
    land: tuple[Ring, ...] = ()
    source: str = ""
    problem: str = ""  # why there is no land, if there is none


def _ring(value: Any, where: str) -> Ring:
    if not isinstance(value, list) or len(value) < 3:
        raise ValueError(f"{where}: expected a list of at least 3 [longitude, latitude] points")
    points = []
    for k, p in enumerate(value):
        ok = (isinstance(p, list) and len(p) == 2 and all(isinstance(v, (int, float)) and not isinstance(v, bool)
                                                          and math.isfinite(v) for v in p))
        if not ok or not (-180 <= p[0] <= 180 and -90 <= p[1] <= 90):
            raise ValueError(f"{where}[{k}]: expected [longitude -180..180, latitude -90..90], got {str(p)[:40]}")
        points.append((float(p[0]), float(p[1])))
    return tuple(points)


def load(path: str | os.PathLike[str] = DEFAULT) -> Chart:
    try:
        _, data = read_json(path, LIMIT, "a coastline file")
        check_header(data, path, FORMAT, (1,))
        rings = data.get("land")
        if not isinstance(rings, list):
            raise FileFormatError(path, [("land", "expected a list of rings")])
        land = tuple(_ring(r, f"land[{i}]") for i, r in enumerate(rings))
    except FileFormatError as e:
        return Chart(problem=str(e))
    except ValueError as e:
        return Chart(problem=f"{Path(path)}: {e}")
    return Chart(land=land, source=str(data.get("source", "")))


_CACHE: dict[str, Chart] = {}


def shipped() -> Chart:
    """The shipped chart, read once a run."""
    if "shipped" not in _CACHE:
        _CACHE["shipped"] = load()
    return _CACHE["shipped"]


def track(journal: Iterable[Mapping[str, Any]], places: Mapping[str, tuple[float, float] | None],
          last: int = 12) -> list[tuple[float, float]]:
    """Where the squadron has been, oldest first: the (latitude, longitude) of each port it anchored at and each
    area it sailed for, from the journal's `port` and `sail` lines; the `last` places only, a place not repeated
    twice running. `places` maps area and port ids to their positions (None: the campaign gives none)."""
    out: list[tuple[float, float]] = []
    for e in journal:
        where = e.get("port") if e.get("kind") == "port" else e.get("area") if e.get("kind") == "sail" else None
        spot = places.get(str(where)) if where is not None else None
        if spot is not None and (not out or out[-1] != spot):
            out.append(spot)
    return out[-last:]
