"""Where the scenario designer shows a problem of the scenario (issue 14: every side alike, the third and fourth
as the first two).

Each side's box has four problem places: under its id, its name, its ships and the whole side (`side_keys`). A
problem's path names the field (`sides[2].ships[1].start` goes under side 3's ships, as "ship 2, start: ...");
the file loader's one "sides must have different ids" is said at the id of each side that repeats an earlier
side's id (`at_the_sides`), so a duplicate is marked where it is typed. The status line names the places
(`places_words`): a third or fourth side's box may be scrolled out of sight.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

#: a side's problem places, after `sides[<i>]`: its id, name, ships, and the side itself
SIDE_PARTS = (".id", ".name", ".ships", "")
#: where and what the file loader says of two sides with one id (cards.Scenario: "... must have different ids")
SAME_IDS = ("sides", "different ids")

_SIDE_PATH = re.compile(r"sides\[(\d+)\](?:\.ships\[(\d+)\])?\.?(.*)")


def side_keys(i: int) -> list[str]:
    """The problem places of side `i` (0-based)."""
    return [f"sides[{i}]{part}" for part in SIDE_PARTS]


def at_the_sides(problems: Sequence[tuple[str, str]], sides: Any) -> list[tuple[str, str]]:
    """`problems` with "sides must have different ids" said at the id of each side that repeats an earlier
    one ("side 1 has the id 'us' already"); kept as it was if the sides cannot be read."""
    out: list[tuple[str, str]] = []
    for path, message in problems:
        if not (path == SAME_IDS[0] and SAME_IDS[1] in message):
            out.append((path, message))
            continue
        repeats = _repeated_ids(sides)
        out.extend(repeats if repeats else [(path, message)])
    return out


def _repeated_ids(sides: Any) -> list[tuple[str, str]]:
    if not isinstance(sides, list):
        return []
    first: dict[str, int] = {}
    out = []
    for i, side in enumerate(sides):
        sid = side.get("id") if isinstance(side, dict) else None
        if not isinstance(sid, str):
            continue
        if sid in first:
            out.append((f"sides[{i}].id", f"side {first[sid] + 1} has the id {sid!r} already; each side needs "
                                          "its own"))
        else:
            first[sid] = i
    return out


def ship_path_label(path: str) -> str:
    """'sides[0].ships[1].heading' -> 'ship 2, heading'; 'sides[2].nation' -> 'nation' (for the problem
    shown in a side's box)."""
    m = _SIDE_PATH.fullmatch(path)
    if not m:
        return path
    rest = m.group(3).replace("_", " ")
    if m.group(2) is None:
        return rest or path
    return f"ship {int(m.group(2)) + 1}" + (f", {rest}" if rest else "")


def describe(path: str, key: str, message: str) -> str:
    """A problem as shown at place `key`: the message alone at its own field, else which part it concerns."""
    if key == path or not key:
        return message
    return f"{ship_path_label(path)}: {message}"


def place_words(key: str, sides: Any) -> str:
    """A problem place in words: 'Side 3 name', 'Side 4 ships', 'Side 3', 'turn limit', 'the scenario'."""
    m = _SIDE_PATH.fullmatch(key)
    if m and m.group(2) is None:
        i = int(m.group(1))
        name = ""
        if isinstance(sides, list) and i < len(sides) and isinstance(sides[i], dict):
            name = str(sides[i].get("name") or "")
        side = f"Side {i + 1}" + (f" ({name})" if name and name != f"Side {i + 1}" else "")
        return f"{side} {m.group(3)}".strip()
    if not key:
        return "the scenario"
    return key.rsplit(".", 1)[-1].replace("_", " ")


def places_words(by_key: Mapping[str, list[str]], keys: Iterable[str], sides: Any, most: int = 4) -> str:
    """The places that show a problem, in the form's order (`keys`): 'Side 3 (Armée) name, Side 4 ships'."""
    order = list(keys)
    shown = [k for k in order if by_key.get(k)] + [k for k in by_key if by_key[k] and k not in order]
    words = list(dict.fromkeys(place_words(k, sides) for k in shown))
    return ", ".join(words[:most]) + (", …" if len(words) > most else "")


def first_problem(labels: Iterable[Any]) -> Any:
    """The first problem label shown, in the order given (the form's), or None."""
    return next((lab for lab in labels if not lab.isHidden() and lab.text()), None)
