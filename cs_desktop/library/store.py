"""`Library`: the one object the GUI, the CLI and campaigns use to reach the user's library.

Every public method is one operation in one transaction: it commits as a whole or, if anything raises,
rolls back and leaves the library as it was. Methods return plain values (pydantic cards, frozen
dataclasses, dicts), never live database rows, so the caller may keep them across threads. After a change
is committed, every listener given to `subscribe` is called with a `Change` (the GUI turns that into its
one "library changed" signal).
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date
from pathlib import Path

import cs_desktop
from cs_desktop.formats.jsonread import FileFormatError
from cs_desktop.formats.files import dump_scenario, dump_ship, parse_scenario, parse_ship
from cs_desktop.library import importer
from cs_desktop.library import repository as repo
from cs_desktop.library.db import LibraryError, NotFoundError, library_path, make_engine, transaction
from cs_desktop.library.campaign_rows import Campaigns
from cs_desktop.library.exchange import FileExchange
from cs_desktop.library.importer import ShippedReport
from cs_desktop.library.migrations import LATEST, engine_version, migrate
from cs_desktop.library.models import ScenarioRow, ShipRow
from cs_desktop.library.repository import ScenarioEntry, ShipEntry
from cs_desktop.library.saved_games import SavedGames
from cs_desktop.rules.cards import Scenario, ShipCard

@dataclass(frozen=True)
class Change:
    """What a committed operation changed: `kind` is 'ship', 'scenario', 'game' or 'campaign'."""

    kind: str
    ids: tuple[str, ...]
    action: str  # 'saved', 'deleted', 'imported'


Listener = Callable[[Change], None]


class Library:
    """The user's library of ships, scenarios, saved games and campaigns (docs/library.md)."""

    def __init__(self, path: Path, *, shipped_dir: Path | None = None) -> None:
        """Use `Library.open`; this expects an already migrated file. Ships and scenarios are reached here; saved
        games through `games`, campaigns through `campaigns`, file import and export through `files`."""
        self.path = path
        self.shipped_dir = shipped_dir or importer.shipped_dir()
        self.engine = make_engine(path)
        self.shipped_report: ShippedReport | None = None
        self._listeners: list[Listener] = []
        self.games = SavedGames(self.engine, self._notify)
        self.campaigns = Campaigns(self.engine, self._notify)
        self.files = FileExchange(self.engine, self._notify, self.get_ship, self.get_scenario_with_ships)

    # ------------------------------------------------------------------------------------------ lifetime

    @classmethod
    def open(cls, data_dir: str | os.PathLike[str] | None = None, *, path: str | os.PathLike[str] | None = None,
             import_shipped: bool = True, shipped_dir: str | os.PathLike[str] | None = None) -> Library:
        """Open (creating or migrating as needed) the library in `data_dir` (else $CAPTAINS_SEA_DATA, else
        the user data folder), or the database file `path`. With `import_shipped`, the shipped ships and
        scenarios are imported (first run) or brought up to date (upgrade); see `shipped_report`."""
        p = Path(path) if path is not None else library_path(data_dir)
        try:
            p.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise LibraryError(f"cannot create the library folder {p.parent}: {e.strerror or e}") from None
        migrate(p)
        lib = cls(p, shipped_dir=Path(shipped_dir) if shipped_dir is not None else None)
        if import_shipped:
            lib.import_shipped()
        return lib

    def close(self) -> None:
        self.engine.dispose()

    def __enter__(self) -> Library:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def schema_version(self) -> int:
        return engine_version(self.engine)

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call `listener(change)` after each committed change; returns a function that unsubscribes."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def _notify(self, kind: str, ids: Iterable[str], action: str) -> None:
        change = Change(kind, tuple(ids), action)
        if change.ids:
            for listener in list(self._listeners):
                listener(change)

    def backup(self, dest: str | os.PathLike[str]) -> Path:
        """A consistent copy of the library at `dest` (SQLite online backup; safe while in use)."""
        d = Path(dest)
        src = sqlite3.connect(self.path)
        try:
            out = sqlite3.connect(d)
            try:
                src.backup(out)
            finally:
                out.close()
        finally:
            src.close()
        return d

    # ------------------------------------------------------------------------------------------ shipped

    def import_shipped(self, shipped_dir: str | os.PathLike[str] | None = None) -> ShippedReport:
        """Import the shipped ships and scenarios; idempotent, keeps the user's edits (docs/library.md)."""
        folder = Path(shipped_dir) if shipped_dir is not None else self.shipped_dir
        with transaction(self.engine) as s:
            report = importer.import_shipped(s, folder, cs_desktop.__version__)
        self.shipped_report = report
        for kind in ("ship", "scenario"):
            self._notify(kind, report.ids("added", kind) + report.ids("updated", kind), "imported")
        return report

    # ------------------------------------------------------------------------------------------ ships

    def list_ships(self, text: str = "", *, nation: str | Iterable[str] | None = None, rating: str = "",
                   guns_min: int | None = None, guns_max: int | None = None,
                   hull_type: str | Iterable[str] | None = None, origin: str | None = None) -> list[ShipEntry]:
        """Ships matching every filter given, by name. `text`: every word must appear in the id, name,
        rating or notes; `rating`: a part of the rating text; `nation`/`hull_type`: one value or several."""
        with transaction(self.engine) as s:
            return repo.find_ships(s, text=text, nation=nation, rating=rating, guns_min=guns_min,
                                   guns_max=guns_max, hull_type=hull_type, origin=origin)

    def get_ship(self, ship_id: str) -> ShipCard:
        with transaction(self.engine) as s:
            row = repo.ship_row(s, ship_id)
            if row is None:
                raise NotFoundError(f"no ship {ship_id!r} in the library")
            return repo.card_of(row)

    def ship_entry(self, ship_id: str) -> ShipEntry:
        with transaction(self.engine) as s:
            row = repo.ship_row(s, ship_id)
            if row is None:
                raise NotFoundError(f"no ship {ship_id!r} in the library")
            return repo.ship_entry(row)

    def save_ship(self, card: ShipCard | str) -> ShipEntry:
        """Insert or update a ship (a card, or the text of a ship file), validated by files.parse_ship.
        Saving a shipped ship with changes makes it the user's ('user', `modified`)."""
        if isinstance(card, str):
            card = parse_ship(card, "ship")
        with transaction(self.engine) as s:
            row, changed = repo.put_ship(s, card)
            entry = repo.ship_entry(row)
        if changed:
            self._notify("ship", [entry.id], "saved")
        return entry

    def duplicate_ship(self, ship_id: str, new_id: str | None = None, new_name: str | None = None) -> ShipEntry:
        """A copy under a new id (`<id>-copy`, `<id>-copy-2`, ... unless given) named "<name> (copy)"."""
        with transaction(self.engine) as s:
            row = repo.ship_row(s, ship_id)
            if row is None:
                raise NotFoundError(f"no ship {ship_id!r} in the library")
            nid = new_id or repo.unique_id(s, ShipRow, ship_id)
            if repo.ship_row(s, nid) is not None:
                raise LibraryError(f"the library already has a ship {nid!r}")
            original = repo.card_of(row)  # a damaged row: FileFormatError naming it, not a JSON traceback
            data = {**json.loads(dump_ship(original)), "id": nid, "name": new_name or repo.copy_name(row.name)}
            card = parse_ship(json.dumps(data), f"copy of ship {ship_id!r}")
            new_row, _ = repo.put_ship(s, card, origin="user")
            entry = repo.ship_entry(new_row)
        self._notify("ship", [entry.id], "saved")
        return entry

    def delete_ship(self, ship_id: str) -> None:
        """Delete a ship; refused (LibraryError naming them) while scenarios use it."""
        with transaction(self.engine) as s:
            users = repo.scenarios_using(s, ship_id)
            if users:
                raise LibraryError(f"ship {ship_id!r} is used by scenario(s) {', '.join(users)}; delete or "
                                   f"change those first")
            if not repo.delete_ship(s, ship_id):
                raise NotFoundError(f"no ship {ship_id!r} in the library")
        self._notify("ship", [ship_id], "deleted")

    def revert_ship(self, ship_id: str) -> ShipEntry:
        """Put a ship back to its shipped card (the one in the shipped folder now)."""
        card = importer.shipped_card(self.shipped_dir, "ship", ship_id)
        assert isinstance(card, ShipCard)
        digest = repo.content_hash(dump_ship(card))
        with transaction(self.engine) as s:
            row, _ = repo.put_ship(s, card, origin="shipped", shipped_hash=digest,
                                   shipped_version=cs_desktop.__version__)
            repo.record_shipped(s, "ship", ship_id, digest, cs_desktop.__version__)
            entry = repo.ship_entry(row)
        self._notify("ship", [ship_id], "saved")
        return entry

    # ------------------------------------------------------------------------------------------ scenarios

    def list_scenarios(self, text: str = "", *, date_from: str | date | None = None,
                       date_to: str | date | None = None, ship_count_min: int | None = None,
                       ship_count_max: int | None = None, engagement: str | None = None,
                       ship_id: str | None = None, origin: str | None = None) -> list[ScenarioEntry]:
        """Scenarios matching every filter given, by date. `text`: every word must appear in the id, title,
        location, description, side or ship names; dates are inclusive 'YYYY-MM-DD' (or date objects);
        `ship_id`: scenarios using that ship."""
        with transaction(self.engine) as s:
            return repo.find_scenarios(s, text=text, date_from=date_from, date_to=date_to,
                                       ship_count_min=ship_count_min, ship_count_max=ship_count_max,
                                       engagement=engagement, ship_id=ship_id, origin=origin)

    def get_scenario(self, scenario_id: str) -> Scenario:
        """The scenario as stored: its ships are ids (see `get_scenario_with_ships`)."""
        with transaction(self.engine) as s:
            row = s.get(ScenarioRow, scenario_id)
            if row is None:
                raise NotFoundError(f"no scenario {scenario_id!r} in the library")
            return repo.scenario_of(row)

    def get_scenario_with_ships(self, scenario_id: str) -> tuple[Scenario, dict[str, ShipCard]]:
        """The scenario and the cards of its ships, ready for `Game(scenario, ships, seed)`."""
        with transaction(self.engine) as s:
            row = s.get(ScenarioRow, scenario_id)
            if row is None:
                raise NotFoundError(f"no scenario {scenario_id!r} in the library")
            scenario = repo.scenario_of(row)
            return scenario, repo.check_scenario_ships(s, scenario, f"library scenario {scenario_id!r}")

    def scenario_entry(self, scenario_id: str) -> ScenarioEntry:
        with transaction(self.engine) as s:
            row = s.get(ScenarioRow, scenario_id)
            if row is None:
                raise NotFoundError(f"no scenario {scenario_id!r} in the library")
            return repo.scenario_entry(row, repo.scenario_ship_ids(s, scenario_id))

    def save_scenario(self, scenario: Scenario | str, *, on_conflict: str = "fail") -> ScenarioEntry:
        """Insert or update a scenario (a Scenario or the text of a scenario file), validated by
        files.parse_scenario. Ships given by id must be in the library (else FileFormatError naming the
        field); inline ship cards are stored as ships -- an inline card whose id the library holds with
        other content is refused (`on_conflict="fail"`), replaces it ("replace") or is stored as a copy
        ("copy")."""
        if on_conflict not in importer.CONFLICT_POLICIES:
            raise ValueError(f"on_conflict must be one of {importer.CONFLICT_POLICIES}")
        text = scenario if isinstance(scenario, str) else dump_scenario(scenario)
        parsed = parse_scenario(text, "scenario")
        with transaction(self.engine) as s:
            flat, inline = repo.split_inline_ships(parsed)
            renames: dict[str, str] = {}
            for where, card in inline:
                r = importer.store_ship(s, card, on_conflict, "scenario", where)
                if r.id != card.id:
                    renames[card.id] = r.id
            flat = repo.rename_ship_refs(flat, renames)
            row, changed = repo.put_scenario(s, flat, source="scenario")
            entry = repo.scenario_entry(row, repo.scenario_ship_ids(s, row.id))
        if changed or inline:
            self._notify("ship", [c.id for _, c in inline], "saved")
            self._notify("scenario", [entry.id], "saved")
        return entry

    def duplicate_scenario(self, scenario_id: str, new_id: str | None = None,
                           new_title: str | None = None) -> ScenarioEntry:
        with transaction(self.engine) as s:
            row = s.get(ScenarioRow, scenario_id)
            if row is None:
                raise NotFoundError(f"no scenario {scenario_id!r} in the library")
            nid = new_id or repo.unique_id(s, ScenarioRow, scenario_id)
            if s.get(ScenarioRow, nid) is not None:
                raise LibraryError(f"the library already has a scenario {nid!r}")
            original = repo.scenario_of(row)  # a damaged row: FileFormatError naming it
            data = {**json.loads(dump_scenario(original)), "id": nid,
                    "title": new_title or repo.copy_name(row.title)}
            scenario = parse_scenario(json.dumps(data), f"copy of scenario {scenario_id!r}")
            new_row, _ = repo.put_scenario(s, scenario, origin="user")
            entry = repo.scenario_entry(new_row, repo.scenario_ship_ids(s, nid))
        self._notify("scenario", [entry.id], "saved")
        return entry

    def delete_scenario(self, scenario_id: str) -> None:
        """Delete a scenario (its ships stay; saved games keep their own copy of it)."""
        with transaction(self.engine) as s:
            if not repo.delete_scenario(s, scenario_id):
                raise NotFoundError(f"no scenario {scenario_id!r} in the library")
        self._notify("scenario", [scenario_id], "deleted")

    def revert_scenario(self, scenario_id: str) -> ScenarioEntry:
        """Put a scenario back to its shipped card."""
        scenario = importer.shipped_card(self.shipped_dir, "scenario", scenario_id)
        assert isinstance(scenario, Scenario)
        digest = repo.content_hash(dump_scenario(scenario))
        with transaction(self.engine) as s:
            row, _ = repo.put_scenario(s, scenario, origin="shipped", shipped_hash=digest,
                                       shipped_version=cs_desktop.__version__)
            repo.record_shipped(s, "scenario", scenario_id, digest, cs_desktop.__version__)
            entry = repo.scenario_entry(row, repo.scenario_ship_ids(s, scenario_id))
        self._notify("scenario", [scenario_id], "saved")
        return entry


__all__ = ["Change", "FileFormatError", "Library", "LibraryError", "NotFoundError", "LATEST"]
