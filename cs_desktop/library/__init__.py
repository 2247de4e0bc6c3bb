"""The user's library: ships, scenarios, saved games and campaigns in SQLite through SQLModel.

Use `Library.open()`; see docs/library.md for where the file lives, the tables, migrations and the
import/upgrade policy.
"""

from cs_desktop.formats.jsonread import FileFormatError
from cs_desktop.library.db import DATA_ENV, LibraryError, NotFoundError, data_dir, library_path
from cs_desktop.library.importer import ImportResult, ShippedReport
from cs_desktop.library.migrations import LATEST as SCHEMA_VERSION
from cs_desktop.library.repository import CampaignEntry, SavedGameEntry, ScenarioEntry, ShipEntry
from cs_desktop.library.store import Change, Library

__all__ = [
    "DATA_ENV", "SCHEMA_VERSION", "CampaignEntry", "Change", "FileFormatError", "ImportResult", "Library",
    "LibraryError", "NotFoundError", "SavedGameEntry", "ScenarioEntry", "ShipEntry", "ShippedReport",
    "data_dir", "library_path",
]
