"""Ship and scenario files in and out of the library (docs/library.md, *Import* and *Export*).

`Library.files` is the one `FileExchange` of an open library: it reads and checks every file before writing
anything, imports them in one transaction, and writes exports atomically from the library's cards.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from sqlalchemy import Engine

from cs_desktop.formats.files import dump_scenario, dump_ship
from cs_desktop.library import importer
from cs_desktop.library.db import transaction
from cs_desktop.library.importer import ImportResult
from cs_desktop.rules.cards import Scenario, ShipCard

Notify = Callable[[str, Iterable[str], str], None]
ReadShip = Callable[[str], ShipCard]
ReadScenario = Callable[[str], tuple[Scenario, dict[str, ShipCard]]]


class FileExchange:
    """Import files into the library and export its cards; reads cards through the two functions given."""

    def __init__(self, engine: Engine, notify: Notify, ship: ReadShip, scenario_with_ships: ReadScenario) -> None:
        self._engine, self._notify = engine, notify
        self._ship, self._scenario_with_ships = ship, scenario_with_ships

    def import_file(self, path: str | os.PathLike[str], *, on_conflict: str = "copy") -> ImportResult:
        """Import one ship or scenario file. A bad file raises FileFormatError (file, field, what was
        expected) and changes nothing. An id the library holds with other content: "copy" stores the file
        under `<id>-copy` (the default), "replace" overwrites, "fail" refuses."""
        return self.import_files([path], on_conflict=on_conflict)[0]

    def import_files(self, paths: Sequence[str | os.PathLike[str]], *,
                     on_conflict: str = "copy") -> list[ImportResult]:
        """Import several files as one operation: all of them, or (if any is refused) none."""
        if on_conflict not in importer.CONFLICT_POLICIES:
            raise ValueError(f"on_conflict must be one of {importer.CONFLICT_POLICIES}")
        items = [(str(p), importer.read_file(p)) for p in paths]  # validate everything before writing
        with transaction(self._engine) as s:
            results = importer.import_items(s, items, on_conflict)
        ship_ids = [r.id for r in results if r.kind == "ship"] + [
            x.id for r in results for x in r.ships]
        self._notify("ship", ship_ids, "imported")
        self._notify("scenario", [r.id for r in results if r.kind == "scenario"], "imported")
        return results

    def export_ship(self, ship_id: str, path: str | os.PathLike[str]) -> Path:
        """Write the ship file (files.dump_ship) to `path`, atomically."""
        return importer.write_text_atomically(path, dump_ship(self._ship(ship_id)))

    def export_scenario(self, scenario_id: str, path: str | os.PathLike[str], *, inline_ships: bool = True) -> Path:
        """Write the scenario file to `path`, atomically. With `inline_ships` (default) the file holds the
        whole cards of its ships, so it imports into any library; else it refers to them by id."""
        scenario, cards = self._scenario_with_ships(scenario_id)
        if inline_ships:
            scenario = importer.scenario_with_inline_ships(scenario, cards)
        return importer.write_text_atomically(path, dump_scenario(scenario))
