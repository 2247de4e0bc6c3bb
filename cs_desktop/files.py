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
import types
import typing
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

import cs_desktop
from cs_desktop.rules.cards import (
    FORMAT_VERSION,
    SCENARIO_FORMAT,
    SECTION_NAMES,
    SHIP_FORMAT,
    Scenario,
    ShipCard,
)

MAX_FILE_BYTES = 1_000_000
SUPPORTED_VERSIONS = (FORMAT_VERSION,)

#: wind position letters by r = (wind_from - heading) mod 8 (docs/conventions.md)
_WIND_LETTERS = "HGEBCADF"


class FileFormatError(Exception):
    """A ship or scenario file that cannot be used. `problems` lists (field path, what was expected)."""

    def __init__(self, path: str | os.PathLike[str], problems: Sequence[tuple[str, str]]) -> None:
        self.path = str(path)
        self.problems: list[tuple[str, str]] = list(problems) or [("(file)", "unknown problem")]
        super().__init__(str(self))

    def lines(self) -> list[str]:
        return [f"{self.path}: {field}: {problem}" for field, problem in self.problems]

    def __str__(self) -> str:
        return "\n".join(self.lines())


# ---------------------------------------------------------------------------------------------- reading


def _read_text(path: str | os.PathLike[str]) -> str:
    p = Path(path)
    try:
        size = p.stat().st_size
    except FileNotFoundError:
        raise FileFormatError(p, [("(file)", "file not found")]) from None
    except OSError as e:
        raise FileFormatError(p, [("(file)", f"cannot read the file: {e.strerror or e}")]) from None
    if p.is_dir():
        raise FileFormatError(p, [("(file)", "is a folder, expected a .json file")])
    if size > MAX_FILE_BYTES:
        raise FileFormatError(p, [("(file)", f"file is {size} bytes; the limit is {MAX_FILE_BYTES} bytes")])
    try:
        with p.open("rb") as fh:
            data = fh.read(MAX_FILE_BYTES + 1)
    except OSError as e:
        raise FileFormatError(p, [("(file)", f"cannot read the file: {e.strerror or e}")]) from None
    if len(data) > MAX_FILE_BYTES:
        raise FileFormatError(p, [("(file)", f"file is larger than the limit of {MAX_FILE_BYTES} bytes")])
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise FileFormatError(
            p, [("(file)", f"not UTF-8 text (invalid byte 0x{data[e.start]:02x} at offset {e.start}); save the "
                           "file as UTF-8")]
        ) from None


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number in this format")


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"duplicate key {key!r} in one object")
        out[key] = value
    return out


def _load_json(text: str, source: str) -> Any:
    if len(text.encode("utf-8", "surrogatepass")) > MAX_FILE_BYTES:
        raise FileFormatError(source, [("(file)", f"text is larger than the limit of {MAX_FILE_BYTES} bytes")])
    if text.startswith("\ufeff"):
        text = text[1:]
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_reject_constant)
    except json.JSONDecodeError as e:
        raise FileFormatError(source, [(f"line {e.lineno}, column {e.colno}", f"bad JSON: {e.msg}")]) from None
    except RecursionError:
        raise FileFormatError(source, [("(file)", "bad JSON: nested too deeply")]) from None
    except ValueError as e:
        raise FileFormatError(source, [("(file)", f"bad JSON: {e}")]) from None


def _check_header(data: Any, source: str, expected: str) -> None:
    if not isinstance(data, dict):
        raise FileFormatError(source, [("(file)", f"expected a JSON object {{...}} holding a {expected!r} file, "
                                                  f"got {_kind(data)}")])
    fmt = data.get("format")
    if fmt is None:
        raise FileFormatError(source, [("format", f"missing; expected \"format\": \"{expected}\"")])
    if fmt != expected:
        other = {SHIP_FORMAT: "a ship file", SCENARIO_FORMAT: "a scenario file"}.get(fmt) if isinstance(
            fmt, str) else None
        what = f"this is {other}, " if other else ""
        raise FileFormatError(source, [("format", f"{what}got {_short(fmt)}; expected {expected!r}")])
    version = data.get("version")
    supported = ", ".join(str(v) for v in SUPPORTED_VERSIONS)
    if version is None:
        raise FileFormatError(source, [("version", f"missing; supported versions: {supported}")])
    if isinstance(version, bool) or version not in SUPPORTED_VERSIONS:
        raise FileFormatError(
            source, [("version", f"version {_short(version)} is not supported; supported versions: {supported}")]
        )


# ---------------------------------------------------------------------------------------------- pydantic errors


_TAG = re.compile(r"[\[\](),]|^(constrained-str|str|int|float|bool|none|list|dict|tuple)$")


def _kind(value: Any) -> str:
    return {dict: "an object", list: "an array", str: "text", bool: "true/false", int: "a number",
            float: "a number", type(None): "null"}.get(type(value), type(value).__name__)


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, BaseModel) else repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _path(loc: Iterable[Any]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out or "(file)"


def _unwrap(tp: Any) -> list[Any]:
    """The concrete types an annotation may hold (Annotated, Optional and unions unwrapped)."""
    origin = typing.get_origin(tp)
    if origin is typing.Annotated:
        return _unwrap(typing.get_args(tp)[0])
    if origin in (typing.Union, types.UnionType):
        out: list[Any] = []
        for arg in typing.get_args(tp):
            out.extend(_unwrap(arg))
        return out
    return [tp]


def _model_at(root: type[BaseModel], loc: Sequence[Any]) -> type[BaseModel] | None:
    """The model class found by following `loc` (field names, indexes, keys) from `root`; None if lost."""
    current: list[Any] = [root]
    for part in loc:
        nxt: list[Any] = []
        for tp in current:
            if isinstance(tp, type) and issubclass(tp, BaseModel):
                f = tp.model_fields.get(part) if isinstance(part, str) else None
                if f is not None:
                    nxt.extend(_unwrap(f.annotation))
                continue
            origin = typing.get_origin(tp)
            args = typing.get_args(tp)
            if origin is list and args:
                nxt.extend(_unwrap(args[0]))
            elif origin is dict and len(args) == 2:
                nxt.extend(_unwrap(args[1]))
            elif origin is tuple and args:
                nxt.extend(_unwrap(args[0]))
        current = nxt
    for tp in current:
        if isinstance(tp, type) and issubclass(tp, BaseModel):
            return tp
    return None


_TYPE_WORDS = {
    "int_type": "a whole number", "int_from_float": "a whole number", "string_type": "text",
    "bool_type": "true or false", "float_type": "a number", "list_type": "an array [...]",
    "tuple_type": "an array [column, row]", "dict_type": "an object {...}", "model_type": "an object {...}",
    "model_attributes_type": "an object {...}",
}
_BRANCH_WORDS = {"constrained-str": "a ship id (text)", "str": "text", "tuple[int, int]": "[column, row]"}


def _message(err: dict[str, Any]) -> str:
    kind = err["type"]
    value = err.get("input")
    if kind == "missing":
        return "required field is missing"
    if kind in _TYPE_WORDS:
        return f"expected {_TYPE_WORDS[kind]}, got {_kind(value)} {_short(value)}"
    msg = str(err["msg"])
    if msg.startswith("Value error, "):
        return msg[len("Value error, "):]
    if msg.startswith("Assertion failed, "):
        msg = msg[len("Assertion failed, "):]
    return f"{msg[0].lower()}{msg[1:]} (got {_short(value)})"


def _branch_word(tag: str) -> str:
    if tag in _BRANCH_WORDS:
        return _BRANCH_WORDS[tag]
    if tag.startswith("literal["):
        return "one of " + tag[len("literal["):-1].replace("'", "")
    m = re.search(r"(\w+)\]$", tag)
    return f"a {m.group(1)} object" if m else tag


def _problems_from(e: ValidationError, root: type[BaseModel]) -> list[tuple[str, str]]:
    """Turn pydantic's errors into (field path, problem) pairs, folding union branches into one."""
    problems: list[tuple[str, str]] = []
    unions: dict[tuple[Any, ...], dict[str, list[tuple[tuple[Any, ...], dict[str, Any]]]]] = {}
    order: list[tuple[str, Any]] = []
    listed: set[tuple[Any, ...]] = set()  # parents whose allowed fields were already listed
    for err in e.errors(include_url=False):
        loc = tuple(err["loc"])
        tag_at = next((i for i, p in enumerate(loc) if isinstance(p, str) and _TAG.search(p)
                       and p != "[key]"), None)
        if tag_at is None:
            order.append(("plain", (loc, err)))
            continue
        prefix, tag, rest = loc[:tag_at], loc[tag_at], loc[tag_at + 1:]
        if prefix not in unions:
            unions[prefix] = {}
            order.append(("union", prefix))
        unions[prefix].setdefault(tag, []).append((rest, err))
    for kind, item in order:
        if kind == "plain":
            loc, err = item
            clean = tuple(p for p in loc if p != "[key]")
            problems.append(_one(clean, err, root, key="[key]" in loc, listed=listed))
            continue
        prefix = item
        branches = unions[prefix]
        fitting = {t: errs for t, errs in branches.items()
                   if not any(not rest and err["type"] in _TYPE_WORDS for rest, err in errs)}
        if not fitting:
            value = next(iter(branches.values()))[0][1].get("input")
            words = " or ".join(_branch_word(t) for t in branches)
            problems.append((_path(prefix), f"expected {words}, got {_kind(value)} {_short(value)}"))
            continue
        for errs in fitting.values():
            for rest, err in errs:
                problems.append(_one(prefix + tuple(p for p in rest if p != "[key]"), err, root, listed=listed))
    return problems


def _one(loc: tuple[Any, ...], err: dict[str, Any], root: type[BaseModel], key: bool = False,
         listed: set[tuple[Any, ...]] | None = None) -> tuple[str, str]:
    kind = err["type"]
    if kind == "extra_forbidden":
        parent = loc[:-1]
        if listed is not None and parent in listed:
            return _path(loc), "unknown field"
        if listed is not None:
            listed.add(parent)
        model = _model_at(root, list(parent))
        allowed = ", ".join(model.model_fields) if model else ""
        return _path(loc), "unknown field" + (f"; the fields here are: {allowed}" if allowed else "")
    if key:
        return _path(loc), "bad key: " + _message(err)
    message = _message(err)
    if kind == "value_error" and err["msg"].startswith("Value error, "):
        # model-level checks name their field first ("gunnery needs ...", "weather_gauge names ...")
        m = re.match(r"([a-z_]+(?:\.[a-z_]+)?)(?=[ :])", message)
        if m and m.group(1).split(".")[0] in _fields_of(_model_at(root, list(loc)) or root):
            field = m.group(1)
            message = message[len(field):].lstrip(": ")
            return _path(loc + tuple(field.split("."))), message
    return _path(loc), message


def _fields_of(model: type[BaseModel]) -> set[str]:
    return set(model.model_fields)


# ---------------------------------------------------------------------------------------------- parsing


def _validate(model: type[BaseModel], text: str, data: Any, source: str) -> Any:
    try:
        return model.model_validate_json(json.dumps(data), strict=True)
    except ValidationError as e:
        raise FileFormatError(source, _problems_from(e, model)) from None


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
    card: ShipCard = _validate(ShipCard, text, data, source)
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


def _scenario_problems(s: Scenario) -> list[tuple[str, str]]:
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
    return out


def parse_scenario(text: str, source: str) -> Scenario:
    """A scenario from the text of a scenario file (ships by id are not resolved; see resolve_ships)."""
    data = _load_json(text, source)
    _check_header(data, source, SCENARIO_FORMAT)
    scenario: Scenario = _validate(Scenario, text, data, source)
    problems = _scenario_problems(scenario)
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
    data: Any = _load_json(text, src)  # bad JSON, duplicate keys, NaN, nesting
    fmt = data.get("format") if isinstance(data, dict) else None
    if fmt == SCENARIO_FORMAT:
        return parse_scenario(text, src)
    if fmt == SHIP_FORMAT:
        return parse_ship(text, src)
    if not isinstance(data, dict):
        raise FileFormatError(src, [("(file)", f"expected a JSON object {{...}} holding a ship or scenario, "
                                               f"got {_kind(data)}")])
    got = "missing" if fmt is None else f"got {_short(fmt)}"
    raise FileFormatError(src, [("format", f"{got}; expected {SHIP_FORMAT!r} or {SCENARIO_FORMAT!r}")])


def expand_paths(paths: Iterable[str | os.PathLike[str]]) -> list[Path]:
    """Files to validate: each path as given, a folder as every *.json file below it (sorted)."""
    out: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            out.extend(sorted(q for q in p.rglob("*.json") if q.is_file()))
        else:
            out.append(p)
    return out


def validate_path(path: str | os.PathLike[str]) -> list[str]:
    """Problems with one ship or scenario file (a scenario with its ships), one line each; [] if good."""
    p = Path(path)
    try:
        card = read_card(p)
        if isinstance(card, Scenario):
            resolve_ships(card, str(p), ship_search_dirs(p))  # and its ships, as load_scenario_with_ships
    except FileFormatError as e:
        return e.lines()
    return []


def validate_paths(paths: Iterable[str | os.PathLike[str]]) -> list[str]:
    """Messages for the `validate` subcommand: one line per problem in any file; empty = all good."""
    out: list[str] = []
    for p in expand_paths(paths):
        out.extend(validate_path(p))
    return out
