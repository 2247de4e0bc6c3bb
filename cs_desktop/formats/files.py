"""Ship and scenario files: JSON text in UTF-8, validated on load (docs/file-formats.md).

Every problem with a file -- bad JSON, a wrong type, an unknown field, an unsupported version, a file too
big, missing or not UTF-8, a ship id that names no file, a ship starting In Irons -- becomes one
`FileFormatError` naming the file, the field and what was expected. Nothing here executes code from a file
(plain `json`, no pickle, no eval), and nothing is half-loaded: a file either validates or raises.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel

import cs_desktop
from cs_desktop.formats.jsonread import FileFormatError, check_header, decode_text, kind_of, parse_json, read_bytes, short
from cs_desktop.formats.modelerrors import validate_model
from cs_desktop.rules.setup import start_state_problems
from cs_desktop.rules.cards import (
    FORMAT_VERSION,
    SCENARIO_FORMAT,
    SECTION_NAMES,
    SHIP_FORMAT,
    Scenario,
    ShipCard,
)

MAX_FILE_BYTES = 1_000_000
GAME_FORMAT = "captains-sea/game"  # saved games: cs_desktop/formats/savegame.py
SUPPORTED_VERSIONS = (FORMAT_VERSION,)

#: wind position letters by r = (wind_from - heading) mod 8 (docs/conventions.md)
_WIND_LETTERS = "HGEBCADF"


# ---------------------------------------------------------------------------------------------- reading


def _read_text(path: str | os.PathLike[str]) -> str:
    return decode_text(read_bytes(path, MAX_FILE_BYTES), path)


def _load_json(text: str, source: str) -> Any:
    return parse_json(text, source, MAX_FILE_BYTES)


def _check_header(data: Any, source: str, expected: str) -> None:
    check_header(data, source, expected, SUPPORTED_VERSIONS)


# ---------------------------------------------------------------------------------------------- parsing


def card_problems(card: ShipCard, prefix: str = "") -> list[tuple[str, str]]:
    """Checks of a ship card beyond the model, as (field path, problem): gunnery tracks are cumulative
    (3.10.1). `parse_ship` raises on them; an editor shows them on a card that the model accepts."""
    out: list[tuple[str, str]] = []
    for section in SECTION_NAMES:
        track = card.gunnery[section]
        for k in range(1, len(track)):
            prev, box = track[k - 1], track[k]
            if box.long < prev.long or box.carronades < prev.carronades:
                out.append((f"{prefix}gunnery.{section}[{k}]",
                            f"box {k + 1} fires fewer dice than box {k} ({box.long},{box.carronades} after "
                            f"{prev.long},{prev.carronades}); a gunnery track never decreases (3.10.1)"))
    return out


def parse_ship(text: str, source: str) -> ShipCard:
    """A ship card from the text of a ship file; `source` names the file in error messages."""
    data = _load_json(text, source)
    _check_header(data, source, SHIP_FORMAT)
    card: ShipCard = validate_model(ShipCard, data, source)
    problems = card_problems(card)
    if problems:
        raise FileFormatError(source, problems)
    return card


def _map_size() -> tuple[int, int] | None:
    try:
        raw = json.loads((cs_desktop.RESOURCES / "tables" / "map.json").read_text(encoding="utf-8"))
        return int(raw["size"]["width"]), int(raw["size"]["height"])
    except (OSError, ValueError, KeyError, TypeError):
        return None


def wind_letter(wind: int, heading: int) -> str:
    """The wind position letter (1.2) of a ship on `heading` with the wind blowing toward `wind`."""
    from cs_desktop.rules.movement_rates import wind_from

    return _WIND_LETTERS[(wind_from(wind) - heading) % 8]


def scenario_problems(s: Scenario) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    size = _map_size()
    wind_from = (s.wind + 3) % 8 + 1
    allowed = ("A", "B") if s.engagement == "meeting" else ("C", "D")
    for i, side in enumerate(s.sides):
        for j, ss in enumerate(side.ships):
            where = f"sides[{i}].ships[{j}]"
            if ss.heading == wind_from:
                out.append((f"{where}.heading",
                            f"heading {ss.heading} points straight into the wind (wind {s.wind} blows from "
                            f"{wind_from}): the ship would start In Irons (H, 1.2); choose another heading"))
            if isinstance(ss.start, str):
                if ss.start not in allowed:
                    out.append((f"{where}.start",
                                f"start square {ss.start!r} is not used in a {s.engagement} engagement; "
                                f"expected {' or '.join(allowed)} (20.1) or [column, row]"))
            elif size is not None:
                x, y = ss.start
                if not (0 <= x < size[0] and 0 <= y < size[1]):
                    out.append((f"{where}.start", f"[{x}, {y}] is off the map; columns 0..{size[0] - 1}, "
                                                  f"rows 0..{size[1] - 1}"))
            if isinstance(ss.ship, ShipCard):
                out.extend(card_problems(ss.ship, f"{where}.ship."))
                if ss.start_state is not None:
                    out.extend((f"{where}.{f}", p) for f, p in start_state_problems(ss.ship, ss.start_state))
    out.extend(terrain_problems(s, size))
    return out


def terrain_problems(s: Scenario, size: tuple[int, int] | None) -> list[tuple[str, str]]:
    """Ruling R2.0e: every terrain square on the map, and no ship starting on an island."""
    out: list[tuple[str, str]] = []
    if not s.terrain:
        return out
    for i, area in enumerate(s.terrain):
        for k, (x, y) in enumerate(area.squares):
            if size is not None and not (0 <= x < size[0] and 0 <= y < size[1]):
                out.append((f"terrain[{i}].squares[{k}]", f"[{x}, {y}] is off the map; columns "
                                                          f"0..{size[0] - 1}, rows 0..{size[1] - 1}"))
    land = {sq for sq, kind in s.terrain_squares().items() if kind == "island"}
    starts = _start_squares()
    for i, side in enumerate(s.sides):
        for j, ss in enumerate(side.ships):
            start = starts.get(ss.start) if isinstance(ss.start, str) else (int(ss.start[0]), int(ss.start[1]))
            if start is not None and start in land:
                out.append((f"sides[{i}].ships[{j}].start", f"{list(start)} is an island: no ship may be on land "
                                                            "(ruling R9.1e); start her at sea"))
    return out


def _start_squares() -> dict[str, tuple[int, int]]:
    try:
        raw = json.loads((cs_desktop.RESOURCES / "tables" / "map.json").read_text(encoding="utf-8"))
        return {str(k): (int(v[0]), int(v[1])) for k, v in raw["start"]["values"].items()}
    except (OSError, ValueError, KeyError, TypeError, IndexError):
        return {}


def parse_scenario(text: str, source: str) -> Scenario:
    """A scenario from the text of a scenario file (ships by id are not resolved; see resolve_ships)."""
    data = _load_json(text, source)
    _check_header(data, source, SCENARIO_FORMAT)
    scenario: Scenario = validate_model(Scenario, data, source)
    problems = scenario_problems(scenario)
    if problems:
        raise FileFormatError(source, problems)
    return scenario


def load_ship(path: str | os.PathLike[str]) -> ShipCard:
    return parse_ship(_read_text(path), str(path))


def load_scenario(path: str | os.PathLike[str]) -> Scenario:
    return parse_scenario(_read_text(path), str(path))


def resolve_ships(scenario: Scenario, source: str, search_dirs: Sequence[Path]) -> dict[str, ShipCard]:
    """Ship id -> card for every ship of `scenario`: inline cards as they are, ids from `<dir>/<id>.json`
    in the first of `search_dirs` holding it. A missing id, a file whose id differs, or a crew quality the
    card does not offer is a FileFormatError naming the scenario file and field; a bad ship file raises
    its own FileFormatError."""
    cards: dict[str, ShipCard] = {}
    problems: list[tuple[str, str]] = []
    for i, side in enumerate(scenario.sides):
        for j, ss in enumerate(side.ships):
            where = f"sides[{i}].ships[{j}]"
            if isinstance(ss.ship, ShipCard):
                card = ss.ship
            else:
                card_or_none = cards.get(ss.ship)
                if card_or_none is None:
                    found = next((Path(d) / f"{ss.ship}.json" for d in search_dirs
                                  if (Path(d) / f"{ss.ship}.json").is_file()), None)
                    if found is None:
                        looked = ", ".join(str(d) for d in search_dirs) or "(no folders given)"
                        problems.append((f"{where}.ship", f"no ship file {ss.ship}.json in {looked}"))
                        continue
                    card_or_none = load_ship(found)
                    if card_or_none.id != ss.ship:
                        problems.append((f"{where}.ship", f"{found} holds ship id {card_or_none.id!r}, "
                                                          f"expected {ss.ship!r}"))
                        continue
                card = card_or_none
            if card.id in cards and cards[card.id] != card:
                problems.append((f"{where}.ship", f"two different cards use the ship id {card.id!r}"))
                continue
            cards[card.id] = card
            if ss.start_state is not None and not isinstance(ss.ship, ShipCard):
                problems.extend((f"{where}.{f}", p) for f, p in start_state_problems(card, ss.start_state))
            if ss.crew_quality is not None and ss.crew_quality not in card.crew_quality_options:
                problems.append((f"{where}.crew_quality",
                                 f"{ss.crew_quality!r} is not one of {card.name}'s crew qualities "
                                 f"{card.crew_quality_options}"))
    if problems:
        raise FileFormatError(source, problems)
    return cards


def ship_search_dirs(scenario_path: str | os.PathLike[str]) -> list[Path]:
    """Where a scenario's ship ids are looked up: <scenario folder>/ships, then the shipped ships."""
    dirs = [Path(scenario_path).resolve().parent / "ships", (cs_desktop.SCENARIOS / "ships").resolve()]
    return list(dict.fromkeys(dirs))


def load_scenario_with_ships(path: str | os.PathLike[str]) -> tuple[Scenario, dict[str, ShipCard]]:
    scenario = load_scenario(path)
    return scenario, resolve_ships(scenario, str(path), ship_search_dirs(path))


# ---------------------------------------------------------------------------------------------- writing


def _dump(model: BaseModel) -> str:
    return json.dumps(model.model_dump(mode="json"), indent=2, ensure_ascii=False) + "\n"


def dump_ship(card: ShipCard) -> str:
    """Stable, indented JSON text of a ship card; parse_ship(dump_ship(c), ...) == c."""
    return _dump(card)


def dump_scenario(s: Scenario) -> str:
    """Stable, indented JSON text of a scenario; parse_scenario(dump_scenario(s), ...) == s."""
    return _dump(s)


def atomic_write_text(path: str | os.PathLike[str], text: str) -> None:
    """Write `text` to `path` so that the old file survives any failure before the final rename: a temporary
    file in the same folder, flushed and fsynced, then `os.replace`d over the old one. Saves, exports and
    the session lock all write this way. The file keeps the old file's permissions (a new one: rw-r--r--,
    not mkstemp's owner-only)."""
    target = Path(path)
    folder = target.parent
    folder.mkdir(parents=True, exist_ok=True)
    try:
        mode = target.stat().st_mode & 0o777
    except OSError:
        mode = 0o644
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    try:
        os.chmod(tmp, mode)
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _fsync_dir(folder)
    remove_stale_temp_files(target)


#: a temporary file `atomic_write_text` makes (tempfile.mkstemp: `.NAME.` + 8 characters + `.tmp`)
_TEMP_TAIL = re.compile(r"^\.[A-Za-z0-9_]{8}\.tmp$")
#: a temporary file older than this (seconds) is a write that was killed: a write takes milliseconds
STALE_TEMP_AFTER = 60.0


def remove_stale_temp_files(path: str | os.PathLike[str], older_than: float = STALE_TEMP_AFTER) -> list[Path]:
    """Remove the leftovers of writes of `path` that were killed before their rename (issue 31: ten
    `.NAME.career.json.XXXXXXXX.tmp` files of killed campaign steps stayed for ever): its own temporary files
    only, and only those last written more than `older_than` seconds ago, so a write in progress in another
    process is left alone. Returns what was removed; a file that cannot be removed is left."""
    target = Path(path)
    prefix = f".{target.name}"
    removed: list[Path] = []
    try:
        names = [e for e in os.scandir(target.parent) if e.name.startswith(prefix)]
    except OSError:
        return removed
    now = time.time()
    for entry in names:
        if not _TEMP_TAIL.match(entry.name[len(prefix):]):
            continue
        try:
            if not entry.is_file(follow_symlinks=False) or now - entry.stat(follow_symlinks=False).st_mtime < older_than:
                continue
            os.unlink(entry.path)
            removed.append(Path(entry.path))
        except OSError:
            continue
    return removed


def _fsync_dir(folder: Path) -> None:
    try:
        dfd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dfd)
    except OSError:
        pass
    finally:
        os.close(dfd)



# ---------------------------------------------------------------------------------------------- validate


def read_card(path: str | os.PathLike[str]) -> ShipCard | Scenario:
    """A ship card or a scenario from a file, as its "format" says, fully validated (a scenario's ships given
    by id are not looked up: see `load_scenario_with_ships`). Any problem raises FileFormatError."""
    src = str(path)
    text = _read_text(path)  # size limit, UTF-8, missing file
    return card_of(text, _load_json(text, src), src)  # bad JSON, duplicate keys, NaN, nesting


def card_of(text: str, data: Any, src: str) -> ShipCard | Scenario:
    """The ship card or scenario that the file `src`, read as `text` and parsed as `data`, holds by its format."""
    fmt = data.get("format") if isinstance(data, dict) else None
    if fmt == SCENARIO_FORMAT:
        return parse_scenario(text, src)
    if fmt == SHIP_FORMAT:
        return parse_ship(text, src)
    if not isinstance(data, dict):
        raise FileFormatError(src, [("(file)", f"expected a JSON object {{...}} holding a ship or scenario, "
                                               f"got {kind_of(data)}")])
    got = "missing" if fmt is None else f"got {short(fmt)}"
    what = "this is a saved game (open it with Game > Open…), " if fmt == GAME_FORMAT else ""
    raise FileFormatError(src, [("format", f"{what}{got}; expected {SHIP_FORMAT!r} or {SCENARIO_FORMAT!r}")])
