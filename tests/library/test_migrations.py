"""Schema versions (PRAGMA user_version), migration from the previous version, and crash safety.

API tested: migrations.migrate, Library.open on old, newer, foreign and broken files.
"""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from sqlalchemy import inspect

import cs_desktop
from cs_desktop.formats.files import dump_ship, load_ship
from cs_desktop.library import Library, LibraryError
from cs_desktop.library import repository as repo
from cs_desktop.library.db import make_engine
from cs_desktop.library.migrations import LATEST, migrate
from cs_desktop.library.models import TABLES

from tests.library.conftest import table_rows


def _version(path: Path) -> int:
    con = sqlite3.connect(path)
    try:
        return int(con.execute("PRAGMA user_version").fetchone()[0])
    finally:
        con.close()


def test_a_new_library_has_the_latest_schema_matching_the_models(tmp_path: Path) -> None:
    db = tmp_path / "lib.sqlite3"
    assert migrate(db) == 0
    assert _version(db) == LATEST == 2
    engine = make_engine(db)
    try:
        insp = inspect(engine)
        for model in TABLES:
            table = model.__table__  # type: ignore[attr-defined]
            in_db = {c["name"]: c for c in insp.get_columns(table.name)}
            assert set(in_db) == {c.name for c in table.columns}, table.name
            for c in table.columns:
                assert bool(in_db[c.name]["nullable"]) == bool(c.nullable), (table.name, c.name)
            assert set(insp.get_pk_constraint(table.name)["constrained_columns"]) == \
                {c.name for c in table.primary_key.columns}, table.name
        mode = engine.connect().exec_driver_sql("PRAGMA journal_mode").scalar_one()
        assert mode == "wal"
    finally:
        engine.dispose()
    assert migrate(db) == LATEST  # nothing to do the second time


def test_migration_from_schema_1_keeps_the_data_and_records_the_shipped_items(tmp_path: Path) -> None:
    """A schema-1 library (as the previous version left it): one shipped ship, one user ship."""
    db = tmp_path / "data" / "library.sqlite3"
    db.parent.mkdir()
    migrate(db, target=1)
    assert _version(db) == 1
    java = load_ship(cs_desktop.SCENARIOS / "ships" / "java.json")
    text = dump_ship(java)
    mine = dump_ship(java.model_copy(update={"id": "my-ship", "name": "Mine"}))
    con = sqlite3.connect(db)
    with con:
        con.execute("INSERT INTO ships (id, name, nation, rating, guns, hull_type, card_json, search_text, origin, "
                    "shipped_hash, shipped_version, created_at, updated_at) VALUES "
                    "('java', 'Java', 'GB', '38-gun frigate', 38, 'average', ?, 'java', 'shipped', ?, '0.0.9', "
                    "'2025-01-01 00:00:00.000000', '2025-01-01 00:00:00.000000')", (text, repo.content_hash(text)))
        con.execute("INSERT INTO ships (id, name, nation, rating, guns, hull_type, card_json, search_text, origin, "
                    "created_at, updated_at) VALUES ('my-ship', 'Mine', 'GB', '', 0, 'average', ?, 'mine', 'user', "
                    "'2025-01-02 00:00:00.000000', '2025-01-02 00:00:00.000000')", (mine,))
        con.execute("INSERT INTO saved_games (name, scenario_id, data_json, created_at, updated_at) VALUES "
                    "('old save', 'x', '{\"format\": \"captains-sea/game\"}', '2025-01-03 00:00:00', "
                    "'2025-01-03 00:00:00')")
    con.close()
    old_rows = table_rows(db)

    assert migrate(db) == 1
    assert _version(db) == 2
    new_rows = table_rows(db)
    for table, rows in old_rows.items():
        if table != "sqlite_sequence":
            assert new_rows[table] == rows, table
    assert new_rows["shipped_files"] == [("ship", "java", repo.content_hash(text), "0.0.9",
                                          "2025-01-01 00:00:00.000000")]
    assert (db.parent / "library.sqlite3.schema-1.bak").is_file()
    assert _version(db.parent / "library.sqlite3.schema-1.bak") == 1

    with Library.open(db.parent) as library:  # and the upgraded library opens and imports the rest
        assert library.shipped_report is not None
        assert ("ship", "java") not in library.shipped_report.added
        assert len(library.list_ships(text="java")) == 1
        assert library.get_ship("my-ship").name == "Mine"
        assert library.games.entries()[0].name == "old save"


def test_a_failed_migration_step_leaves_the_previous_version(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    from cs_desktop.library import migrations

    db = tmp_path / "lib.sqlite3"
    migrate(db, target=1)
    before = table_rows(db)

    def broken(con: sqlite3.Connection) -> None:
        con.execute("CREATE TABLE half_done (x)")
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(migrations, "MIGRATIONS", (migrations.MIGRATIONS[0], broken))
    with pytest.raises(sqlite3.OperationalError):
        migrate(db)
    assert _version(db) == 1 and table_rows(db) == before


def test_a_library_from_a_newer_program_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "library.sqlite3"
    migrate(db)
    con = sqlite3.connect(db)
    con.execute(f"PRAGMA user_version = {LATEST + 1}")
    con.close()
    with pytest.raises(LibraryError, match="newer Captain's Sea"):
        Library.open(tmp_path)
    assert _version(db) == LATEST + 1


def test_a_file_that_is_not_a_library_is_refused(tmp_path: Path) -> None:
    (tmp_path / "library.sqlite3").write_bytes(b"this is not a database, just text " * 100)
    with pytest.raises(LibraryError, match="not a Captain's Sea library"):
        Library.open(tmp_path)
    other = tmp_path / "other"
    other.mkdir()
    con = sqlite3.connect(other / "library.sqlite3")
    con.execute("CREATE TABLE something (x)")
    con.close()
    with pytest.raises(LibraryError, match="not a Captain's Sea library"):
        Library.open(other)


def test_a_crash_in_the_middle_of_a_write_leaves_the_library_as_it_was(tmp_path: Path) -> None:
    """A process writes 200 ships inside a transaction and dies before the commit (os._exit: no cleanup)."""
    with Library.open(tmp_path) as library:
        pass
    before = table_rows(library.path)
    code = textwrap.dedent(f"""
        import os
        from cs_desktop.library import Library
        from cs_desktop.library import repository as repo
        from cs_desktop.library.db import transaction
        lib = Library.open({str(tmp_path)!r})
        card = lib.get_ship("java").model_copy(update={{"id": "half-written"}})
        with transaction(lib.engine) as s:
            s.connection().exec_driver_sql("PRAGMA cache_size = 1")  # spill uncommitted pages to the WAL
            for i in range(200):
                repo.put_ship(s, card.model_copy(update={{"id": f"half-written-{{i}}"}}))
            assert repo.delete_scenario(s, "constellation-vs-insurgente")
            assert repo.delete_scenario(s, "three-flags-off-guadeloupe")  # a shipped what-if sails her too
            assert repo.delete_ship(s, "constellation-1799")
            os._exit(3)
    """)
    proc = subprocess.run([sys.executable, "-c", code], cwd=cs_desktop.ROOT, capture_output=True, timeout=120)
    assert proc.returncode == 3, proc.stderr.decode()
    con = sqlite3.connect(library.path)
    try:
        assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    finally:
        con.close()
    assert table_rows(library.path) == before
    with Library.open(tmp_path) as again:
        assert again.list_ships(text="half-written") == []
        assert again.get_ship("constellation-1799").name
        assert again.scenario_entry("constellation-vs-insurgente").ship_ids == ("constellation-1799", "l-insurgente")
