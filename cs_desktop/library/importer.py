"""Bringing cards into the library: the shipped ones on first run and on upgrade, and files the user picks.

Everything is validated *before* the first write, through `cs_desktop.formats.files`; the caller runs each
function in one transaction, so a refused file changes nothing (docs/library.md, "Import and upgrade").
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from sqlmodel import Session

import cs_desktop
from cs_desktop.formats import files
from cs_desktop.formats.jsonread import FileFormatError
from cs_desktop.formats.files import dump_scenario, dump_ship
from cs_desktop.library import repository as repo
from cs_desktop.library.db import LibraryError
from cs_desktop.library.models import ScenarioRow, ShipRow
from cs_desktop.rules.cards import Scenario, ShipCard

OnConflict = Literal["copy", "replace", "fail"]
CONFLICT_POLICIES: tuple[str, ...] = ("copy", "replace", "fail")


# ---------------------------------------------------------------------------------------------- shipped


@dataclass
class ShippedReport:
    """What an import of the shipped folder did, by id."""

    added: list[tuple[str, str]] = field(default_factory=list)  # (kind, id); kind 'ship' or 'scenario'
    updated: list[tuple[str, str]] = field(default_factory=list)  # left as shipped by the user: now the new card
    kept_user_edits: list[tuple[str, str]] = field(default_factory=list)  # changed by the user: left alone
    kept_deleted: list[tuple[str, str]] = field(default_factory=list)  # deleted by the user: not brought back
    problems: list[str] = field(default_factory=list)  # shipped files that could not be used

    def ids(self, what: str, kind: str) -> list[str]:
        """The ids of one list (`what`: 'added', 'updated', ...) of one kind."""
        return [i for k, i in getattr(self, what) if k == kind]

    @property
    def changed(self) -> bool:
        return bool(self.added or self.updated)


def shipped_dir() -> Path:
    return cs_desktop.SCENARIOS


#: the folders of the shipped scenarios (each with its ships/): the duels, and the squadron actions and what-ifs
SHIPPED_FOLDERS = ("", "fleets")


def _read_shipped(folder: Path, report: ShippedReport,
                  paths: dict[str, Path] | None = None) -> tuple[dict[str, ShipCard], dict[str, Scenario]]:
    """The shipped ships and scenarios of `folder` and its fleets/ (issue 28 item 5); `paths` gets each
    scenario's file."""
    ships: dict[str, ShipCard] = {}
    scenarios: dict[str, Scenario] = {}
    for sub in SHIPPED_FOLDERS:
        base = folder / sub
        if not base.is_dir():
            continue
        for path in sorted((base / "ships").glob("*.json")):
            try:
                card = files.load_ship(path)
            except FileFormatError as e:
                report.problems.extend(e.lines())
                continue
            ships[card.id] = card
        for path in sorted(base.glob("*.json")):
            try:
                scenario = files.load_scenario(path)
            except FileFormatError as e:
                report.problems.extend(e.lines())
                continue
            scenarios[scenario.id] = scenario
            if paths is not None:
                paths[scenario.id] = path
    return ships, scenarios


def import_shipped(session: Session, folder: Path, version: str) -> ShippedReport:
    """Import the shipped ships (`folder/ships/*.json`) and scenarios (`folder/*.json`).

    Per item, by the hash of its canonical JSON against the record in `shipped_files`:
    same hash as recorded -> nothing (already imported; whatever the user did since stands);
    new item -> added as 'shipped'; new shipped version of an item the user left as it was -> updated;
    of an item the user edited (or a user item with the same id) -> left alone; of an item the user
    deleted -> not brought back (unless a new shipped scenario needs that ship)."""
    report = ShippedReport()
    paths: dict[str, Path] = {}
    ships, scenarios = _read_shipped(folder, report, paths)

    def ship(card: ShipCard, force: bool = False) -> None:
        digest = repo.content_hash(dump_ship(card))
        rec = repo.shipped_record(session, "ship", card.id)
        if rec is not None and rec.shipped_hash == digest and not force:
            return
        row = repo.ship_row(session, card.id)
        if row is None:
            if rec is not None and not force:
                report.kept_deleted.append(("ship", card.id))
            else:
                repo.put_ship(session, card, origin="shipped", shipped_hash=digest, shipped_version=version)
                report.added.append(("ship", card.id))
        elif _untouched(row):
            repo.put_ship(session, card, origin="shipped", shipped_hash=digest, shipped_version=version)
            report.updated.append(("ship", card.id))
        else:
            report.kept_user_edits.append(("ship", card.id))
        repo.record_shipped(session, "ship", card.id, digest, version)

    for card in ships.values():
        ship(card)
    for s in scenarios.values():
        digest = repo.content_hash(dump_scenario(s))
        rec = repo.shipped_record(session, "scenario", s.id)
        if rec is not None and rec.shipped_hash == digest:
            continue
        row = session.get(ScenarioRow, s.id)
        if row is not None and not _untouched(row):
            report.kept_user_edits.append(("scenario", s.id))
        elif row is None and rec is not None:
            report.kept_deleted.append(("scenario", s.id))
        else:
            try:
                with session.begin_nested():  # a scenario that fails leaves none of its ships behind
                    flat, inline = repo.split_inline_ships(s)
                    for _, card in inline:
                        ship(card)
                    for sid in repo.ship_ids_of(flat):
                        if repo.ship_row(session, sid) is None and sid in ships:
                            ship(ships[sid], force=True)  # a new shipped scenario needs a ship the user deleted
                    repo.put_scenario(session, flat, origin="shipped", shipped_hash=digest,
                                      shipped_version=version, source=str(paths.get(s.id, folder / f"{s.id}.json")))
            except FileFormatError as e:
                report.problems.extend(e.lines())
                continue
            (report.updated if row is not None else report.added).append(("scenario", s.id))
        repo.record_shipped(session, "scenario", s.id, digest, version)
    return report


def _untouched(row: ShipRow | ScenarioRow) -> bool:
    """A shipped row the user has not changed."""
    return row.origin == "shipped" and row.shipped_hash is not None and \
        repo.content_hash(row.card_json) == row.shipped_hash


def shipped_card(folder: Path, kind: str, item_id: str) -> ShipCard | Scenario:
    """The shipped card of `item_id` (for 'revert to shipped'); LibraryError if there is none."""
    report = ShippedReport()
    ships, scenarios = _read_shipped(folder, report)
    found: ShipCard | Scenario | None = (ships if kind == "ship" else scenarios).get(item_id)
    if found is None:
        raise LibraryError(f"there is no shipped {kind} {item_id!r} to go back to")
    return found


# ---------------------------------------------------------------------------------------------- user files


@dataclass
class ImportResult:
    """What importing one file did. `status`: 'added', 'replaced', 'copied' (stored under a new id because
    the id was taken by different content) or 'unchanged' (the library already held exactly this)."""

    path: str
    kind: Literal["ship", "scenario"]
    id: str
    status: str
    ships: list[ImportResult] = field(default_factory=list)  # inline ship cards of a scenario
    messages: list[str] = field(default_factory=list)


def read_file(path: str | os.PathLike[str]) -> ShipCard | Scenario:
    """A ship card or scenario from a file, fully validated (files.read_card); FileFormatError otherwise."""
    return files.read_card(path)


def _with_id(card: ShipCard, new_id: str) -> ShipCard:
    return ShipCard.model_validate({**card.model_dump(mode="json"), "id": new_id})


def _free_ship_id(session: Session, card: ShipCard) -> tuple[str, bool]:
    """An id for a copy of `card`: an existing copy holding the same content, else a free one.
    Returns (id, exists)."""
    stem = re.sub(r"-copy(-\d+)?$", "", card.id)
    for n in range(1, 10_000):
        suffix = "-copy" if n == 1 else f"-copy-{n}"
        candidate = stem[:64 - len(suffix)].rstrip("-") + suffix
        row = repo.ship_row(session, candidate)
        if row is None:
            return candidate, False
        if row.card_json == dump_ship(_with_id(card, candidate)):
            return candidate, True
    raise LibraryError("no free ship id")  # pragma: no cover


def store_ship(session: Session, card: ShipCard, on_conflict: str, src: str, where: str = "") -> ImportResult:
    row = repo.ship_row(session, card.id)
    what = f"{where}: " if where else ""
    if row is None:
        repo.put_ship(session, card)
        return ImportResult(src, "ship", card.id, "added")
    if row.card_json == dump_ship(card):
        return ImportResult(src, "ship", card.id, "unchanged")
    if on_conflict == "fail":
        raise FileFormatError(src, [(where or "id", f"the library already has a different ship {card.id!r}; "
                                                   f"import as a copy or replace it")])
    if on_conflict == "replace":
        repo.put_ship(session, card)
        return ImportResult(src, "ship", card.id, "replaced",
                            messages=[f"{what}replaced the library's ship {card.id!r}"])
    new_id, exists = _free_ship_id(session, card)
    if not exists:
        repo.put_ship(session, _with_id(card, new_id))
    return ImportResult(src, "ship", new_id, "copied" if not exists else "unchanged",
                        messages=[f"{what}the library already has a different ship {card.id!r}; "
                                  f"this one is stored as {new_id!r}"])


def store_scenario(session: Session, s: Scenario, on_conflict: str, src: str) -> ImportResult:
    """Store a scenario and its inline ship cards (validated already); FileFormatError if a ship id is
    unknown or a conflict is refused."""
    if on_conflict not in CONFLICT_POLICIES:
        raise ValueError(f"on_conflict must be one of {CONFLICT_POLICIES}")
    flat, inline = repo.split_inline_ships(s)
    ship_results: list[ImportResult] = []
    renames: dict[str, str] = {}
    for where, card in inline:
        r = store_ship(session, card, on_conflict, src, where)
        ship_results.append(r)
        if r.id != card.id:
            renames[card.id] = r.id
    flat = repo.rename_ship_refs(flat, renames)
    repo.check_scenario_ships(session, flat, src)
    messages = [m for r in ship_results for m in r.messages]
    row = session.get(ScenarioRow, flat.id)
    if row is None:
        repo.put_scenario(session, flat, source=src)
        return ImportResult(src, "scenario", flat.id, "added", ship_results, messages)
    if row.card_json == dump_scenario(flat):
        return ImportResult(src, "scenario", flat.id, "unchanged", ship_results, messages)
    if on_conflict == "fail":
        raise FileFormatError(src, [("id", f"the library already has a different scenario {flat.id!r}; "
                                           f"import as a copy or replace it")])
    if on_conflict == "replace":
        repo.put_scenario(session, flat, source=src)
        return ImportResult(src, "scenario", flat.id, "replaced", ship_results,
                            messages + [f"replaced the library's scenario {flat.id!r}"])
    stem = re.sub(r"-copy(-\d+)?$", "", flat.id)
    for n in range(1, 10_000):
        suffix = "-copy" if n == 1 else f"-copy-{n}"
        candidate = stem[:64 - len(suffix)].rstrip("-") + suffix
        copy = Scenario.model_validate({**flat.model_dump(mode="json"), "id": candidate})
        existing = session.get(ScenarioRow, candidate)
        if existing is not None and existing.card_json != dump_scenario(copy):
            continue
        if existing is None:
            repo.put_scenario(session, copy, source=src)
        return ImportResult(src, "scenario", candidate, "copied" if existing is None else "unchanged",
                            ship_results, messages + [f"the library already has a different scenario "
                                                      f"{flat.id!r}; this one is stored as {candidate!r}"])
    raise LibraryError("no free scenario id")  # pragma: no cover


def import_items(session: Session, items: Sequence[tuple[str, ShipCard | Scenario]],
                 on_conflict: str) -> list[ImportResult]:
    """Store validated cards (ships first, then scenarios, so a scenario may use a ship of the same batch)."""
    if on_conflict not in CONFLICT_POLICIES:
        raise ValueError(f"on_conflict must be one of {CONFLICT_POLICIES}")
    results: list[ImportResult] = []
    for src, item in items:
        if isinstance(item, ShipCard):
            results.append(store_ship(session, item, on_conflict, src))
    for src, item in items:
        if isinstance(item, Scenario):
            results.append(store_scenario(session, item, on_conflict, src))
    return results


def write_text_atomically(path: str | os.PathLike[str], text: str) -> Path:
    """Write `text` to `path` through a temporary file and a rename (files.atomic_write_text): the file is
    either the old one or the whole new one, never half written."""
    p = Path(path)
    try:
        files.atomic_write_text(p, text)
    except OSError as e:
        raise LibraryError(f"cannot write {p}: {e.strerror or e}") from None
    return p


def scenario_with_inline_ships(s: Scenario, cards: dict[str, ShipCard]) -> Scenario:
    data = s.model_dump(mode="json")
    for side in data["sides"]:
        for ss in side["ships"]:
            if isinstance(ss["ship"], str):
                ss["ship"] = cards[ss["ship"]].model_dump(mode="json")
    return Scenario.model_validate(data)
