"""Rules data tables (the charts the rules text refers to but does not print), read from JSON.

Every table lives in ``resources/tables/<name>.json`` with a top-level ``provenance`` object and one per
value group, saying whether the values are ``rules-text`` (cite the section), ``derived`` (give the
formula) or ``designed`` (say why). Owners of the printed game may edit the files; this module reads them
and never hard-codes a value, so an edit takes effect on the next :func:`get_tables` load (or at once with
``get_tables(reload=True)``). See docs/rules-data.md for what each table holds and why.

Pure Python: no Qt, no database.

The second half of the module holds the *generators* of the designed Damage Effects and Morale Effects
tables. The engine never calls them (it reads the JSON values); tests and docs use them to show how the
shipped values were made and to check them. The Base Movement Point Table's generator is in
:mod:`cs_desktop.rules.base_movement`.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from itertools import product
from pathlib import Path
from types import MappingProxyType
from typing import Any, Callable, Mapping

import cs_desktop

__all__ = [
    "TablesError",
    "ManeuverSpec",
    "MapSpec",
    "TackSpec",
    "Tables",
    "ImpulseTrackChart",
    "DamageEffectsChart",
    "MoraleEffectsChart",
    "TABLE_FILES",
    "LETTERS",
    "HULL_TYPES",
    "CREW_QUALITIES",
    "default_folder",
    "load_tables",
    "get_tables",
    "generate_damage_effects",
    "damage_split",
    "fire_dice_for",
    "generate_morale_effects",
    "expected_damage_shares",
]

LETTERS: tuple[str, ...] = ("A", "B", "C", "D", "E", "F", "G", "H")
HULL_TYPES: tuple[str, ...] = ("slow", "average", "fast")
CREW_QUALITIES: tuple[str, ...] = ("crack", "average", "green")
PROVENANCE_KINDS: dict[str, str] = {"rules-text": "source", "derived": "formula", "designed": "why"}

#: table name -> file name in the tables folder.
TABLE_FILES: dict[str, str] = {
    "wind_positions": "wind_positions.json",
    "base_movement": "base_movement.json",
    "hull_bonus": "hull_bonus.json",
    "impulse_track": "impulse_track.json",
    "control_panel": "control_panel.json",
    "map": "map.json",
    "reload": "reload.json",
    "damage_effects": "damage_effects.json",
    "morale_effects": "morale_effects.json",
}


class TablesError(ValueError):
    """A table file is missing or malformed. The message names the file and the key."""


# --------------------------------------------------------------------------------------------- specs


@dataclass(frozen=True)
class ManeuverSpec:
    """One maneuver of the Control Panel (9.1).

    ``cost`` is the MP cost when it is a single number; Advance has ``cost_side``/``cost_corner`` instead
    (9.1.1) and Wear depends on direction (:meth:`Tables.wear_cost`), so both have ``cost = None``.
    """

    id: str
    name: str
    block: int
    cost: int | None
    cost_side: int | None
    cost_corner: int | None
    provenance: str
    free_turn: str | None = None  # "superior" for Advance (9.1.1)


@dataclass(frozen=True)
class MapSpec:
    """The map (2.0): size in squares, the compass square, and the named start squares A-D."""

    width: int
    height: int
    compass: tuple[int, int]
    start: Mapping[str, tuple[int, int]]


@dataclass(frozen=True)
class TackSpec:
    """Tacking (9.1.4): allowed from these letters; success on modified die >= success_at;
    ``near_enemy_modifier`` applies when the enemy is ``near_enemy_mp`` MP or less away."""

    from_letters: tuple[str, ...]
    success_at: int
    near_enemy_mp: int
    near_enemy_modifier: int


# --------------------------------------------------------------------------------------- validation


class _Reader:
    """Small helper that raises TablesError naming the file and the key path."""

    def __init__(self, file: str) -> None:
        self.file = file

    def fail(self, key: str, msg: str) -> TablesError:
        return TablesError(f"{self.file}: {key}: {msg}")

    def get(self, obj: Any, key: str, path: str) -> Any:
        if not isinstance(obj, dict):
            raise self.fail(path or "<top>", "expected an object")
        if key not in obj:
            raise self.fail(f"{path}.{key}" if path else key, "missing")
        return obj[key]

    def int_(self, value: Any, path: str, lo: int | None = None, hi: int | None = None) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(path, f"expected an integer, got {value!r}")
        if lo is not None and value < lo:
            raise self.fail(path, f"{value} is below the minimum {lo}")
        if hi is not None and value > hi:
            raise self.fail(path, f"{value} is above the maximum {hi}")
        return value

    def num(self, value: Any, path: str) -> float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise self.fail(path, f"expected a number, got {value!r}")
        return value

    def str_(self, value: Any, path: str) -> str:
        if not isinstance(value, str) or not value:
            raise self.fail(path, f"expected a non-empty string, got {value!r}")
        return value

    def obj(self, value: Any, path: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(path, f"expected an object, got {type(value).__name__}")
        return value

    def list_(self, value: Any, path: str) -> list[Any]:
        if not isinstance(value, list):
            raise self.fail(path, f"expected a list, got {type(value).__name__}")
        return value

    def provenance(self, group: Any, path: str) -> str:
        """Check ``group['provenance']`` and return a one-line description."""
        p = self.obj(self.get(group, "provenance", path), f"{path}.provenance" if path else "provenance")
        ppath = f"{path}.provenance" if path else "provenance"
        kind = self.get(p, "kind", ppath)
        if kind not in PROVENANCE_KINDS:
            raise self.fail(f"{ppath}.kind", f"must be one of {sorted(PROVENANCE_KINDS)}, got {kind!r}")
        detail_key = PROVENANCE_KINDS[kind]
        detail = self.str_(self.get(p, detail_key, ppath), f"{ppath}.{detail_key}")
        return f"{kind}: {detail}"

    def letters(self, mapping: Any, path: str, keys: tuple[str, ...] = LETTERS) -> dict[str, Any]:
        m = self.obj(mapping, path)
        missing = [k for k in keys if k not in m]
        extra = [k for k in m if k not in keys]
        if missing:
            raise self.fail(path, f"missing letters {missing}")
        if extra:
            raise self.fail(path, f"unknown keys {extra}")
        return m


def _read_json(folder: Path, name: str) -> tuple[_Reader, dict[str, Any]]:
    file = TABLE_FILES[name]
    path = folder / file
    rd = _Reader(file)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise TablesError(f"{file}: missing file in {folder}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise TablesError(f"{file}: not valid JSON: {exc}") from None
    rd.obj(data, "<top>")
    rd.provenance(data, "")
    return rd, data


# ------------------------------------------------------------------------------------------- Tables


class Tables:
    """All rules tables, validated. Build with :func:`load_tables` or :func:`get_tables`.

    The small charts are read here, one accessor each; the three the engine reads most, with rules of their own
    for reading them (the Impulse Track's activations, the Damage and Morale Effects tables' clamping and
    splitting), are objects of their own: `track`, `damage` and `morale`."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)
        self.provenance: dict[str, str] = {}
        self._load_wind_positions()
        self._load_base_movement()
        self._load_hull_bonus()
        #: the Impulse Track (1.4, 7.0 step 8): who activates when
        self.track = ImpulseTrackChart(self.folder, self.provenance)
        self._load_control_panel()
        self._load_map()
        self._load_reload()
        #: the Damage Effects Table (11.4.8, 11.5) and the Morale Effects Table (11.4.11)
        self.damage = DamageEffectsChart(self.folder, self.provenance)
        self.morale = MoraleEffectsChart(self.folder, self.provenance)

    def __repr__(self) -> str:
        return f"Tables({str(self.folder)!r})"

    # ---------------------------------------------------------------- wind positions (1.2, 9.1, 21.2)

    def _load_wind_positions(self) -> None:
        rd, d = _read_json(self.folder, "wind_positions")
        g = rd.obj(rd.get(d, "letters_by_r", ""), "letters_by_r")
        self.provenance["wind_positions.letters_by_r"] = rd.provenance(g, "letters_by_r")
        vals = rd.list_(rd.get(g, "values", "letters_by_r"), "letters_by_r.values")
        if sorted(vals) != list(LETTERS):
            raise rd.fail("letters_by_r.values", f"must list each of {''.join(LETTERS)} once, got {vals}")
        self._letters_by_r: tuple[str, ...] = tuple(vals)

        g = rd.obj(rd.get(d, "rank", ""), "rank")
        self.provenance["wind_positions.rank"] = rd.provenance(g, "rank")
        ranks = rd.letters(rd.get(g, "values", "rank"), "rank.values")
        self._rank = {k: rd.int_(v, f"rank.values.{k}", 0) for k, v in ranks.items()}

        g = rd.obj(rd.get(d, "zero_relativity_mp", ""), "zero_relativity_mp")
        self.provenance["wind_positions.zero_relativity_mp"] = rd.provenance(g, "zero_relativity_mp")
        zr = rd.letters(rd.get(g, "values", "zero_relativity_mp"), "zero_relativity_mp.values")
        self._zero_rel = {k: rd.int_(v, f"zero_relativity_mp.values.{k}", 0) for k, v in zr.items()}

    def letter_for(self, r: int) -> str:
        """Wind position letter for ``r = (wind_from - heading) % 8`` (1.2, 7.0 step 2)."""
        return self._letters_by_r[int(r) % 8]

    def r_for(self, letter: str) -> int:
        """Inverse of :meth:`letter_for`."""
        self._check_letter(letter)
        return self._letters_by_r.index(letter)

    def position_rank(self, letter: str) -> int:
        """Quality of a wind position (9.1 superior/inferior): A/B 4, C 3, D/E 2, F/G 1, H 0."""
        self._check_letter(letter)
        return self._rank[letter]

    def zero_relativity_mp(self, letter: str) -> int:
        """21.2 Zero Relativity base MP: A/B 9, C 7, D/E 5, F/G 3, H 0."""
        self._check_letter(letter)
        return self._zero_rel[letter]

    @staticmethod
    def _check_letter(letter: str) -> None:
        if letter not in LETTERS:
            raise ValueError(f"unknown wind position {letter!r}; expected one of {''.join(LETTERS)}")

    # ---------------------------------------------------------------- base movement (7.0 steps 1-3)

    def _load_base_movement(self) -> None:
        rd, d = _read_json(self.folder, "base_movement")
        m = rd.obj(rd.get(d, "model", ""), "model")
        self.provenance["base_movement.model"] = rd.provenance(m, "model")
        k = rd.num(rd.get(m, "k", "model"), "model.k")
        speed = rd.letters(rd.get(m, "speed", "model"), "model.speed")
        speed = {key: rd.num(v, f"model.speed.{key}") for key, v in speed.items()}
        self.base_movement_model: Mapping[str, Any] = MappingProxyType({"k": k, "speed": speed})

        g = rd.obj(rd.get(d, "cells", ""), "cells")
        self.provenance["base_movement.cells"] = rd.provenance(g, "cells")
        cols = rd.letters(rd.get(g, "values", "cells"), "cells.values")
        cells: dict[tuple[str, str], tuple[int, int]] = {}
        for ip, col in cols.items():
            rows = rd.letters(col, f"cells.values.{ip}")
            for nip, pair in rows.items():
                path = f"cells.values.{ip}.{nip}"
                pair = rd.list_(pair, path)
                if len(pair) != 2:
                    raise rd.fail(path, f"expected [ip_mp, nip_mp], got {pair}")
                cells[(ip, nip)] = (rd.int_(pair[0], path + "[0]", 0), rd.int_(pair[1], path + "[1]", 0))
        self._base = cells

    def base_mp(self, ip_letter: str, nip_letter: str) -> tuple[int, int]:
        """Base MP (Initiative Player's, Non-Initiative Player's): column = IP letter, row = NIP (7.0)."""
        self._check_letter(ip_letter)
        self._check_letter(nip_letter)
        return self._base[(ip_letter, nip_letter)]

    # ---------------------------------------------------------------- hull bonus (3.1, 7.0 steps 4-7)

    def _load_hull_bonus(self) -> None:
        rd, d = _read_json(self.folder, "hull_bonus")
        g = rd.obj(rd.get(d, "table", ""), "table")
        self.provenance["hull_bonus.table"] = rd.provenance(g, "table")
        lo = rd.int_(rd.get(g, "min_roll", "table"), "table.min_roll")
        hi = rd.int_(rd.get(g, "max_roll", "table"), "table.max_roll", lo)
        cols = rd.letters(rd.get(g, "columns", "table"), "table.columns", HULL_TYPES)
        self._hull_rolls = (lo, hi)
        self._hull: dict[str, tuple[int, ...]] = {}
        for hull, values in cols.items():
            path = f"table.columns.{hull}"
            values = rd.list_(values, path)
            if len(values) != hi - lo + 1:
                raise rd.fail(path, f"expected {hi - lo + 1} values (rolls {lo}..{hi}), got {len(values)}")
            self._hull[hull] = tuple(rd.int_(v, f"{path}[{i}]", 0) for i, v in enumerate(values))

    def hull_bonus(self, hull_type: str, modified_roll: int) -> int:
        """Hull Bonus MP (7.0 steps 5-6). ``modified_roll`` = die + crew (+1 crack / -1 green) + cards;
        the 3.1 Fast +1 / Slow -1 is built into the columns, so do NOT add it. Rolls outside the table
        are clamped to its first/last row."""
        if hull_type not in self._hull:
            raise ValueError(f"unknown hull type {hull_type!r}; expected one of {HULL_TYPES}")
        lo, hi = self._hull_rolls
        roll = min(max(int(modified_roll), lo), hi)
        return self._hull[hull_type][roll - lo]

    @property
    def hull_bonus_rolls(self) -> tuple[int, int]:
        """(lowest, highest) modified roll printed on the Hull Bonus table."""
        return self._hull_rolls

    # ---------------------------------------------------------------- control panel (9.1)

    def _load_control_panel(self) -> None:
        """control_panel.json: the maneuvers, the panel each wind position offers, Wear, Tack, Fall Off and
        Straining (9.1); each group's provenance kept, each group read by a reader at the end of this file."""
        rd, d = _read_json(self.folder, "control_panel")

        def group(name: str) -> dict[str, Any]:
            g = rd.obj(rd.get(d, name, ""), name)
            self.provenance[f"control_panel.{name}"] = rd.provenance(g, name)
            return g

        maneuvers = _read_maneuvers(rd, group("maneuvers"))
        self.maneuvers: Mapping[str, ManeuverSpec] = MappingProxyType(maneuvers)
        self._panel: dict[str, tuple[str, ...]] = _read_panels(rd, group("panels"), maneuvers)
        self._wear: dict[tuple[str, str], int] = _read_wear(rd, group("wear"), self._rank, self.r_for, self._panel)
        g = group("tack")
        tack_from = tuple(rd.str_(x, "tack.from") for x in rd.list_(rd.get(g, "from", "tack"), "tack.from"))
        self.tack = TackSpec(
            from_letters=tack_from,
            success_at=rd.int_(rd.get(g, "success_at", "tack"), "tack.success_at"),
            near_enemy_mp=rd.int_(rd.get(g, "near_enemy_mp", "tack"), "tack.near_enemy_mp", 0),
            near_enemy_modifier=rd.int_(rd.get(g, "near_enemy_modifier", "tack"), "tack.near_enemy_modifier"),
        )
        g = group("fall_off")
        fall_to = tuple(rd.str_(x, "fall_off.to") for x in rd.list_(rd.get(g, "to", "fall_off"), "fall_off.to"))
        for x in fall_to:
            if x not in LETTERS or x == "H":
                raise rd.fail("fall_off.to", f"bad letter {x!r}")
        self.fall_off_to: tuple[str, ...] = fall_to
        g = group("straining")
        vals = rd.list_(rd.get(g, "values", "straining"), "straining.values")
        self.straining: tuple[int, ...] = tuple(rd.int_(v, "straining.values", 1) for v in vals)

    def panel(self, letter: str) -> tuple[str, ...]:
        """Maneuver ids the Control Panel offers in this wind position (9.1)."""
        self._check_letter(letter)
        return self._panel[letter]

    def wear_targets(self, letter: str) -> dict[str, int]:
        """Positions a Wear may turn to from ``letter`` with their MP cost (9.1.2)."""
        self._check_letter(letter)
        return {to: c for (frm, to), c in self._wear.items() if frm == letter}

    def wear_cost(self, from_letter: str, to_letter: str) -> int:
        """MP cost of Wearing one point from ``from_letter`` to ``to_letter`` (9.1.2).

        Raises ValueError if that Wear is not on the Control Panel."""
        self._check_letter(from_letter)
        self._check_letter(to_letter)
        try:
            return self._wear[(from_letter, to_letter)]
        except KeyError:
            raise ValueError(f"no Wear from {from_letter} to {to_letter} on the Control Panel") from None

    # ---------------------------------------------------------------- map (2.0)

    def _load_map(self) -> None:
        rd, d = _read_json(self.folder, "map")
        g = rd.obj(rd.get(d, "size", ""), "size")
        self.provenance["map.size"] = rd.provenance(g, "size")
        w = rd.int_(rd.get(g, "width", "size"), "size.width", 3)
        h = rd.int_(rd.get(g, "height", "size"), "size.height", 3)

        def square(value: Any, path: str) -> tuple[int, int]:
            v = rd.list_(value, path)
            if len(v) != 2:
                raise rd.fail(path, f"expected [x, y], got {v}")
            return (rd.int_(v[0], path + "[0]", 0, w - 1), rd.int_(v[1], path + "[1]", 0, h - 1))

        g = rd.obj(rd.get(d, "compass", ""), "compass")
        self.provenance["map.compass"] = rd.provenance(g, "compass")
        compass = square(rd.get(g, "square", "compass"), "compass.square")
        g = rd.obj(rd.get(d, "start", ""), "start")
        self.provenance["map.start"] = rd.provenance(g, "start")
        start_raw = rd.letters(rd.get(g, "values", "start"), "start.values", ("A", "B", "C", "D"))
        start = {k: square(v, f"start.values.{k}") for k, v in start_raw.items()}
        if len(set(start.values())) != len(start):
            raise rd.fail("start.values", "named squares must be distinct")
        self.map = MapSpec(width=w, height=h, compass=compass, start=MappingProxyType(start))

    # ---------------------------------------------------------------- reloading (10.0, 11.7)

    def _load_reload(self) -> None:
        rd, d = _read_json(self.folder, "reload")
        g = rd.obj(rd.get(d, "reload_impulses", ""), "reload_impulses")
        self.provenance["reload.reload_impulses"] = rd.provenance(g, "reload_impulses")
        vals = rd.letters(rd.get(g, "values", "reload_impulses"), "reload_impulses.values", CREW_QUALITIES)
        self._reload = {k: rd.int_(v, f"reload_impulses.values.{k}", 1) for k, v in vals.items()}
        g = rd.obj(rd.get(d, "special_load_delay", ""), "special_load_delay")
        self.provenance["reload.special_load_delay"] = rd.provenance(g, "special_load_delay")
        self._special = rd.int_(rd.get(g, "value", "special_load_delay"), "special_load_delay.value", 0)

    def reload_impulses(self, quality: str) -> int:
        """Impulses ahead to place a Load Marker (11.7): crack 6, average 9, green 12."""
        if quality not in self._reload:
            raise ValueError(f"unknown crew quality {quality!r}; expected one of {CREW_QUALITIES}")
        return self._reload[quality]

    @property
    def special_load_delay(self) -> int:
        """Extra impulses for Chain or Double Shot (10.0): 2."""
        return self._special


# ------------------------------------------------------------------------------------------- the charts read most


class ImpulseTrackChart:
    """The Impulse Track (1.4, 7.0 step 8): the speeds printed in each impulse's box, and who activates when."""

    def __init__(self, folder: Path, provenance: dict[str, str]) -> None:
        self._activation_cache: dict[tuple[int, int], int] = {}  # (speed, impulse) -> activations
        self._after_cache: dict[tuple[int, int], int] = {}  # (speed, impulse) -> activations after it
        rd, d = _read_json(folder, "impulse_track")
        g = rd.obj(rd.get(d, "impulses", ""), "impulses")
        provenance["impulse_track.impulses"] = rd.provenance(g, "impulses")
        n = rd.int_(rd.get(g, "value", "impulses"), "impulses.value", 1)
        g = rd.obj(rd.get(d, "boxes", ""), "boxes")
        provenance["impulse_track.boxes"] = rd.provenance(g, "boxes")
        boxes = rd.obj(rd.get(g, "values", "boxes"), "boxes.values")
        expected = [str(i) for i in range(1, n + 1)]
        if sorted(boxes, key=lambda s: int(s) if s.isdigit() else -1) != expected:
            raise rd.fail("boxes.values", f"expected keys {expected[0]}..{expected[-1]}, got {sorted(boxes)}")
        self._impulses = n
        self._boxes: dict[int, frozenset[int]] = {}
        for key, speeds in boxes.items():
            path = f"boxes.values.{key}"
            self._boxes[int(key)] = frozenset(rd.int_(s, path, 1, n) for s in rd.list_(speeds, path))
        for s in range(1, n + 1):
            count = sum(1 for box in self._boxes.values() if s in box)
            if count != s:
                raise rd.fail("boxes.values", f"speed {s} is listed in {count} boxes; it must be listed in {s}")
        g = rd.obj(rd.get(d, "above_track", ""), "above_track")
        provenance["impulse_track.above_track"] = rd.provenance(g, "above_track")

    @property
    def impulses(self) -> int:
        """Impulses per turn (1.4): 12."""
        return self._impulses

    def impulse_box(self, impulse: int) -> frozenset[int]:
        """The speeds printed at the bottom of an Impulse Track box (7.0 step 8)."""
        if not 1 <= impulse <= self._impulses:
            raise ValueError(f"impulse must be 1..{self._impulses}, got {impulse}")
        return self._boxes[impulse]

    def activations(self, speed: int, impulse: int) -> int:
        """How many times a ship of ``speed`` activates in ``impulse`` (1-based).

        Speeds 1..12 activate once in each box that lists them (7.0 step 8); with the shipped boxes that is
        ``floor(i*s/12) - floor((i-1)*s/12)``. Ruling: a speed above 12 activates once in every impulse
        for each full 12 plus once more in the boxes listing the remainder (speed 15 = 1 everywhere + 1 in
        the boxes of speed 3), which is the same formula. Speed 0 (or less) never activates.
        """
        key = (speed, impulse)
        hit = self._activation_cache.get(key)
        if hit is not None:
            return hit
        box = self.impulse_box(impulse)
        if speed <= 0:
            value = 0
        else:
            full, rest = divmod(int(speed), self._impulses)
            value = full + (1 if rest and rest in box else 0)
        self._activation_cache[key] = value
        return value

    def activations_after(self, speed: int, impulse: int) -> int:
        """How many times a ship of ``speed`` activates in the impulses after ``impulse`` to the end of the
        turn (the sum of `activations` over impulses ``impulse + 1`` to 12; 9.1 restriction 2)."""
        key = (speed, impulse)
        hit = self._after_cache.get(key)
        if hit is None:
            hit = self._after_cache[key] = sum(self.activations(speed, i) for i in range(impulse + 1, 13))
        return hit

    def activation_impulses(self, speed: int) -> tuple[int, ...]:
        """Impulses (1-based) in which a ship of ``speed`` activates, repeated when it activates twice."""
        out: list[int] = []
        for i in range(1, self._impulses + 1):
            out.extend([i] * self.activations(speed, i))
        return tuple(out)


class DamageEffectsChart:
    """The Damage Effects Table (11.4.8) with its red headers and footers (11.5 fire checks)."""

    def __init__(self, folder: Path, provenance: dict[str, str]) -> None:
        rd, d = _read_json(folder, "damage_effects")
        m = rd.obj(rd.get(d, "model", ""), "model")
        provenance["damage_effects.model"] = rd.provenance(m, "model")
        g = rd.obj(rd.get(d, "header_footer", ""), "header_footer")
        provenance["damage_effects.header_footer"] = rd.provenance(g, "header_footer")
        self._header_from = rd.int_(rd.get(g, "header_from_total", "header_footer"), "header_footer.header_from_total")
        g = rd.obj(rd.get(d, "table", ""), "table")
        provenance["damage_effects.table"] = rd.provenance(g, "table")
        lo = rd.int_(rd.get(g, "min_total", "table"), "table.min_total")
        hi = rd.int_(rd.get(g, "max_total", "table"), "table.max_total", lo)
        n = rd.int_(rd.get(g, "max_hits", "table"), "table.max_hits", 1)
        cols = rd.obj(rd.get(g, "columns", "table"), "table.columns")
        self._dmg_totals = (lo, hi)
        self._dmg_max_hits = n
        self._dmg: dict[tuple[int, int], tuple[int, int, int]] = {}
        self._fire: dict[tuple[int, str], int] = {}
        for hits in range(1, n + 1):
            cpath = f"table.columns.{hits}"
            col = rd.obj(rd.get(cols, str(hits), "table.columns"), cpath)
            for part in ("header", "footer"):
                hf = rd.obj(rd.get(col, part, cpath), f"{cpath}.{part}")
                red = rd.get(hf, "red", f"{cpath}.{part}")
                dice = rd.int_(rd.get(hf, "fire_dice", f"{cpath}.{part}"), f"{cpath}.{part}.fire_dice", 0)
                if not isinstance(red, bool):
                    raise rd.fail(f"{cpath}.{part}.red", "expected true or false")
                if red != (dice > 0):
                    raise rd.fail(f"{cpath}.{part}", "a red header/footer needs fire_dice > 0, a black one 0")
                self._fire[(hits, part)] = dice
            cells = rd.obj(rd.get(col, "cells", cpath), f"{cpath}.cells")
            for total in range(lo, hi + 1):
                path = f"{cpath}.cells.{total}"
                cell = rd.list_(rd.get(cells, str(total), f"{cpath}.cells"), path)
                if len(cell) != 3:
                    raise rd.fail(path, f"expected [hull, rigging, crew], got {cell}")
                triple = tuple(rd.int_(v, path, 0) for v in cell)
                if sum(triple) != hits:
                    raise rd.fail(path, f"{cell} sums to {sum(triple)}, not the {hits} hits of its column")
                self._dmg[(hits, total)] = triple  # type: ignore[assignment]
        extra = [k for k in cols if not (k.isdigit() and 1 <= int(k) <= n)]
        if extra:
            raise rd.fail("table.columns", f"unexpected columns {extra} (max_hits is {n})")

    @property
    def max_hits(self) -> int:
        """Highest Hits column printed on the Damage Effects Table."""
        return self._dmg_max_hits

    def effects(self, hits: int, modified_total: int) -> tuple[int, int, int]:
        """(hull, rigging, crew) hits for ``hits`` achieved and the modified three-dice total (11.4.8).

        Totals outside the table are clamped to its first/last row. Ruling: more hits than the last
        column are split into as many full last columns as fit plus the remainder column, all read on
        the same row, and added up. 0 hits gives (0, 0, 0)."""
        hits = int(hits)
        if hits <= 0:
            return (0, 0, 0)
        lo, hi = self._dmg_totals
        total = min(max(int(modified_total), lo), hi)
        n = self._dmg_max_hits
        hull = rig = crew = 0
        while hits > 0:
            part = min(hits, n)
            h, r, c = self._dmg[(part, total)]
            hull, rig, crew = hull + h, rig + r, crew + c
            hits -= part
        return (hull, rig, crew)

    def fire_check_dice(self, hits: int, modified_total: int) -> int:
        """Fire-check dice (11.5): the column header if the modified total is 11+, else the footer;
        0 when that header/footer is not red. More hits than the last column use the last column."""
        hits = int(hits)
        if hits <= 0:
            return 0
        part = "header" if int(modified_total) >= self._header_from else "footer"
        return self._fire[(min(hits, self._dmg_max_hits), part)]


class MoraleEffectsChart:
    """The Morale Effects Table (11.4.11): morale-check dice by the odd-coloured die and the hits."""

    def __init__(self, folder: Path, provenance: dict[str, str]) -> None:
        rd, d = _read_json(folder, "morale_effects")
        m = rd.obj(rd.get(d, "model", ""), "model")
        provenance["morale_effects.model"] = rd.provenance(m, "model")
        g = rd.obj(rd.get(d, "table", ""), "table")
        provenance["morale_effects.table"] = rd.provenance(g, "table")
        lo = rd.int_(rd.get(g, "min_die", "table"), "table.min_die")
        hi = rd.int_(rd.get(g, "max_die", "table"), "table.max_die", lo)
        n = rd.int_(rd.get(g, "max_hits", "table"), "table.max_hits", 1)
        rows = rd.obj(rd.get(g, "rows", "table"), "table.rows")
        self._mor_dice = (lo, hi)
        self._mor_max_hits = n
        self._mor: dict[tuple[int, int], int] = {}
        for die in range(lo, hi + 1):
            path = f"table.rows.{die}"
            row = rd.list_(rd.get(rows, str(die), "table.rows"), path)
            if len(row) != n:
                raise rd.fail(path, f"expected {n} values (hits 1..{n}), got {len(row)}")
            for i, v in enumerate(row):
                self._mor[(die, i + 1)] = rd.int_(v, f"{path}[{i}]", 0)

    def check_dice(self, modified_odd_die: int, hits: int) -> int:
        """Morale-check dice (11.4.11) for the odd-coloured die (+1 Handy / -1 Unfit defender) and the
        hits scored. Dice and hits outside the table are clamped; 0 hits gives 0 dice (ruling)."""
        hits = int(hits)
        if hits <= 0:
            return 0
        lo, hi = self._mor_dice
        die = min(max(int(modified_odd_die), lo), hi)
        return self._mor[(die, min(hits, self._mor_max_hits))]


# ------------------------------------------------------------------------------------------ loading


def default_folder() -> Path:
    """``cs_desktop.RESOURCES / "tables"``."""
    return cs_desktop.RESOURCES / "tables"


def load_tables(folder: Path | str | None = None) -> Tables:
    """Load and validate every table file in ``folder`` (default: :func:`default_folder`). Uncached."""
    return Tables(Path(folder) if folder is not None else default_folder())


_cached: Tables | None = None


def get_tables(*, reload: bool = False) -> Tables:
    """The default tables, loaded once and cached; ``reload=True`` re-reads the files."""
    global _cached
    if _cached is None or reload:
        _cached = load_tables()
    return _cached


# ============================================================================ designed-table generators
#
# The engine never calls these: it reads the JSON. They document how the shipped designed values were
# produced and let the tests check the files (and docs/rules-data.md print the expectation check).

DAMAGE_MODEL: dict[str, float] = {
    "crew_mid": 0.30,  # crew share at the middle of the range (total 10.5)
    "crew_edge": 0.10,  # crew share at totals 3 and 18
    "tilt": 0.80,  # how far the hull/rigging split leans at the extremes
}


def damage_split(hits: int, total: int, model: Mapping[str, float] = DAMAGE_MODEL,
                 lo: int = 3, hi: int = 18) -> tuple[int, int, int]:
    """(hull, rigging, crew) for one Damage Effects cell.

    ``x = (total - mid) / half`` runs from -1 (total 3) to +1 (total 18). Shares:
    crew ``c = edge + (mid_share - edge) * (1 - x^2)``; rigging ``(1 - c) * (1 + tilt*x) / 2``; hull the rest.
    Hits are apportioned by largest remainder (Hamilton); ties go to hull below the middle, rigging above.
    """
    mid, half = (lo + hi) / 2, (hi - lo) / 2
    x = (total - mid) / half
    c = model["crew_edge"] + (model["crew_mid"] - model["crew_edge"]) * (1 - x * x)
    r = (1 - c) * (1 + model["tilt"] * x) / 2
    h = 1 - c - r
    quotas = [hits * h, hits * r, hits * c]
    base = [math.floor(q + 1e-9) for q in quotas]
    left = hits - sum(base)
    prefer = [0, 2, 1] if x < 0 else [1, 2, 0]  # tie-break order of indices
    order = sorted(range(3), key=lambda i: (-(quotas[i] - base[i]), prefer.index(i)))
    for i in order[:left]:
        base[i] += 1
    return (base[0], base[1], base[2])


def fire_dice_for(hits: int, part: str) -> int:
    """Designed fire-check dice: footer (low, into the hull) red from 3 hits, header (high) from 5.

    footer: 0 below 3 hits, else ``min(3, 1 + (hits-3)//4)``; header: 0 below 5, else ``min(3, 1 + (hits-5)//5)``.
    """
    if part == "footer":
        return 0 if hits < 3 else min(3, 1 + (hits - 3) // 4)
    return 0 if hits < 5 else min(3, 1 + (hits - 5) // 5)


def generate_damage_effects(max_hits: int = 15, lo: int = 3, hi: int = 18,
                            model: Mapping[str, float] = DAMAGE_MODEL) -> dict[str, Any]:
    """The ``columns`` object of damage_effects.json."""
    cols: dict[str, Any] = {}
    for n in range(1, max_hits + 1):
        cols[str(n)] = {
            "header": {"red": fire_dice_for(n, "header") > 0, "fire_dice": fire_dice_for(n, "header")},
            "footer": {"red": fire_dice_for(n, "footer") > 0, "fire_dice": fire_dice_for(n, "footer")},
            "cells": {str(t): list(damage_split(n, t, model, lo, hi)) for t in range(lo, hi + 1)},
        }
    return cols


MORALE_MODEL: dict[str, Any] = {"die_weight": 2, "centre": 3.5, "thresholds": [4, 9, 14]}


def generate_morale_effects(max_hits: int = 15, lo: int = 0, hi: int = 7,
                            model: Mapping[str, Any] = MORALE_MODEL) -> dict[str, list[int]]:
    """The ``rows`` object of morale_effects.json.

    Pressure ``p = hits + die_weight * (centre - die)``; dice = number of thresholds ``p`` reaches (0-3).
    """
    rows: dict[str, list[int]] = {}
    for die in range(lo, hi + 1):
        row = []
        for hits in range(1, max_hits + 1):
            p = hits + model["die_weight"] * (model["centre"] - die)
            row.append(sum(1 for t in model["thresholds"] if p >= t))
        rows[str(die)] = row
    return rows


def expected_damage_shares(tables: Tables, hits: int, modifier: int = 0) -> tuple[float, float, float]:
    """Exact expected (hull, rigging, crew) per hit over all 216 rolls of three dice, plus ``modifier``."""
    acc = [0.0, 0.0, 0.0]
    for dice in product(range(1, 7), repeat=3):
        for i, v in enumerate(tables.damage.effects(hits, sum(dice) + modifier)):
            acc[i] += v
    return tuple(a / 216 / hits for a in acc)  # type: ignore[return-value]


# ---------------------------------------------------------------- control panel readers (9.1)


def _read_maneuver(rd: _Reader, m: dict[str, Any], path: str, mid: str, block: int) -> ManeuverSpec:
    """One maneuver of control_panel.json: a fixed cost, or a cost by side and by corner (9.1.1)."""

    def opt(key: str) -> int | None:
        v = m.get(key)
        return None if v is None else rd.int_(v, f"{path}.{key}", 0)

    cost, side, corner = opt("cost"), opt("cost_side"), opt("cost_corner")
    if cost is None and (side is None) != (corner is None):
        raise rd.fail(path, "give both cost_side and cost_corner, or neither")
    free_turn = m.get("free_turn")
    if free_turn not in (None, "superior"):
        raise rd.fail(path + ".free_turn", f"only 'superior' is supported, got {free_turn!r}")
    return ManeuverSpec(id=mid, name=rd.str_(rd.get(m, "name", path), path + ".name"), block=block, cost=cost,
                        cost_side=side, cost_corner=corner, provenance=rd.provenance(m, path), free_turn=free_turn)


def _read_maneuvers(rd: _Reader, g: dict[str, Any]) -> dict[str, ManeuverSpec]:
    """The maneuvers by id, each on its own Control Panel block; the five the rules name must be there."""
    maneuvers: dict[str, ManeuverSpec] = {}
    blocks: dict[int, str] = {}
    for idx, m in enumerate(rd.list_(rd.get(g, "values", "maneuvers"), "maneuvers.values")):
        path = f"maneuvers.values[{idx}]"
        mid = rd.str_(rd.get(m, "id", path), path + ".id")
        path = f"maneuvers.values[{mid}]"
        if mid in maneuvers:
            raise rd.fail(path, "duplicate maneuver id")
        block = rd.int_(rd.get(m, "block", path), path + ".block", 0)
        if block in blocks:
            raise rd.fail(path + ".block", f"block {block} is already used by {blocks[block]!r}")
        blocks[block] = mid
        maneuvers[mid] = _read_maneuver(rd, m, path, mid, block)
    for required in ("advance", "wear", "back_sail", "tack", "fall_off"):
        if required not in maneuvers:
            raise rd.fail("maneuvers.values", f"missing maneuver {required!r}")
    if maneuvers["advance"].cost_side is None:
        raise rd.fail("maneuvers.values[advance]", "needs cost_side and cost_corner (9.1.1)")
    return maneuvers


def _read_panels(rd: _Reader, g: dict[str, Any], maneuvers: Mapping[str, ManeuverSpec]) -> dict[str, tuple[str, ...]]:
    """The maneuvers each wind position's panel offers, by letter; every letter on exactly one panel."""
    panel: dict[str, tuple[str, ...]] = {}
    for name, listed in rd.obj(rd.get(g, "values", "panels"), "panels.values").items():
        path = f"panels.values.{name}"
        ids = tuple(rd.str_(x, path) for x in rd.list_(listed, path))
        for x in ids:
            if x not in maneuvers:
                raise rd.fail(path, f"unknown maneuver {x!r}")
        for letter in name.split("/"):
            if letter not in LETTERS:
                raise rd.fail(path, f"panel names are letters joined by '/', got {name!r}")
            if letter in panel:
                raise rd.fail(path, f"letter {letter} is on two panels")
            panel[letter] = ids
    missing = [x for x in LETTERS if x not in panel]
    if missing:
        raise rd.fail("panels.values", f"no panel for {missing}")
    return panel


def _read_wear(rd: _Reader, g: dict[str, Any], rank: Mapping[str, int], r_for: Callable[[str], int],
               panel: Mapping[str, tuple[str, ...]]) -> dict[tuple[str, str], int]:
    """Wear's MP cost by (from, to): one compass point to an inferior position, never into H (9.1.2)."""
    wear: dict[tuple[str, str], int] = {}
    for frm, targets in rd.obj(rd.get(g, "values", "wear"), "wear.values").items():
        if frm not in LETTERS:
            raise rd.fail(f"wear.values.{frm}", "unknown letter")
        for to, cost in rd.obj(targets, f"wear.values.{frm}").items():
            path = f"wear.values.{frm}.{to}"
            if to not in LETTERS:
                raise rd.fail(path, "unknown letter")
            if to == "H":
                raise rd.fail(path, "no maneuver may turn into H except Tack (9.1 restriction 6)")
            if rank[to] >= rank[frm]:
                raise rd.fail(path, "Wear turns only to an inferior position (9.1.2)")
            if abs((r_for(to) - r_for(frm) + 4) % 8 - 4) != 1:
                raise rd.fail(path, "Wear turns one compass point (9.1.2)")
            wear[(frm, to)] = rd.int_(cost, path, 1)
        if frm in panel and "wear" not in panel[frm] and targets:
            raise rd.fail(f"wear.values.{frm}", f"panel for {frm} does not offer wear")
    return wear
