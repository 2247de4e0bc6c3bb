"""Versioned schema migrations, numbered by SQLite's `PRAGMA user_version` (docs/library.md).

`MIGRATIONS[n - 1]` takes a library from schema n-1 to schema n. Each step runs in its own transaction
(`BEGIN IMMEDIATE` ... `PRAGMA user_version = n` ... `COMMIT`): SQLite's DDL and the header's user_version
are transactional, so a crash mid-step leaves the library at n-1, and the next start runs the step again.
Before an existing library is migrated, a copy is written beside it (`library.sqlite3.schema-<n>.bak`)
with SQLite's online backup. A library newer than this program is refused, never downgraded.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from pathlib import Path

from sqlalchemy import Engine

from cs_desktop.library.db import LibraryError

Step = Callable[[sqlite3.Connection], None]


def _schema_1(con: sqlite3.Connection) -> None:
    """Ships, scenarios and the ships each scenario uses, saved games, campaigns."""
    for sql in (
        """CREATE TABLE ships (
            id TEXT NOT NULL PRIMARY KEY,
            name TEXT NOT NULL,
            nation TEXT NOT NULL,
            rating TEXT NOT NULL DEFAULT '',
            guns INTEGER NOT NULL DEFAULT 0,
            hull_type TEXT NOT NULL,
            card_json TEXT NOT NULL,
            search_text TEXT NOT NULL DEFAULT '',
            origin TEXT NOT NULL DEFAULT 'user' CHECK (origin IN ('shipped', 'user')),
            shipped_hash TEXT,
            shipped_version TEXT,
            created_at DATETIME NOT NULL,
            updated_at DATETIME NOT NULL
        )""",
        "CREATE INDEX ix_ships_nation ON ships (nation)",
        "CREATE INDEX ix_ships_guns ON ships (guns)",
        """CREATE TABLE scenarios (
            id TEXT NOT NULL PRIMARY KEY,
            title TEXT NOT NULL,
            date TEXT NOT NULL,
            engagement TEXT NOT NULL,
            ship_count INTEGER NOT NULL,
            card_json TEXT NOT NULL,
            search_text TEXT NOT NULL DEFAULT '',
            origin TEXT NOT NULL DEFAULT 'user' CHECK (origin IN ('shipped', 'user')),
            shipped_hash TEXT,
            shipped_version TEXT,
            created_at DATETIME NOT NULL,
            updated_at DATETIME NOT NULL
        )""",
        "CREATE INDEX ix_scenarios_date ON scenarios (date)",
        """CREATE TABLE scenario_ships (
            scenario_id TEXT NOT NULL REFERENCES scenarios (id) ON DELETE CASCADE,
            ship_id TEXT NOT NULL REFERENCES ships (id) ON DELETE RESTRICT,
            PRIMARY KEY (scenario_id, ship_id)
        )""",
        "CREATE INDEX ix_scenario_ships_ship ON scenario_ships (ship_id)",
        """CREATE TABLE saved_games (
            id INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
            name TEXT NOT NULL,
            scenario_id TEXT,
            data_json TEXT NOT NULL,
            created_at DATETIME NOT NULL,
            updated_at DATETIME NOT NULL
        )""",
        """CREATE TABLE campaigns (
            id INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
            name TEXT NOT NULL,
            state_json TEXT NOT NULL,
            created_at DATETIME NOT NULL,
            updated_at DATETIME NOT NULL
        )""",
    ):
        con.execute(sql)


def _schema_2(con: sqlite3.Connection) -> None:
    """The record of shipped files seen by the importer, filled from the shipped rows of schema 1.

    Schema 1 knew an item was shipped only by its row (`origin`, `shipped_hash`); a user who deleted a
    shipped ship got it back at the next start. Schema 2 remembers every shipped version imported."""
    con.execute("""CREATE TABLE shipped_files (
        kind TEXT NOT NULL CHECK (kind IN ('ship', 'scenario')),
        item_id TEXT NOT NULL,
        shipped_hash TEXT NOT NULL,
        shipped_version TEXT NOT NULL,
        imported_at DATETIME NOT NULL,
        PRIMARY KEY (kind, item_id)
    )""")
    for kind, table in (("ship", "ships"), ("scenario", "scenarios")):
        con.execute(
            f"INSERT INTO shipped_files (kind, item_id, shipped_hash, shipped_version, imported_at) "
            f"SELECT '{kind}', id, shipped_hash, COALESCE(shipped_version, '?'), updated_at FROM {table} "
            f"WHERE shipped_hash IS NOT NULL"
        )


MIGRATIONS: Sequence[Step] = (_schema_1, _schema_2)
LATEST = len(MIGRATIONS)


def schema_version(con: sqlite3.Connection) -> int:
    return int(con.execute("PRAGMA user_version").fetchone()[0])


def _open_raw(path: Path) -> sqlite3.Connection:
    con = sqlite3.connect(path, isolation_level=None, timeout=5)
    con.execute("PRAGMA busy_timeout = 5000")
    con.execute("PRAGMA foreign_keys = OFF")  # as SQLite advises while a schema changes
    return con


def _backup(con: sqlite3.Connection, path: Path, version: int) -> Path:
    dest = path.with_name(f"{path.name}.schema-{version}.bak")
    out = sqlite3.connect(dest)
    try:
        con.backup(out)
    finally:
        out.close()
    return dest


def migrate(path: str | Path, target: int = LATEST, *, backup: bool = True) -> int:
    """Bring the library file at `path` to schema `target` (default: the latest); returns the version it
    had before. Creates the file if missing. Raises LibraryError for a file that is not a library or was
    written by a newer program."""
    p = Path(path)
    if not 0 <= target <= LATEST:
        raise ValueError(f"no schema version {target}; versions are 0..{LATEST}")
    try:
        con = _open_raw(p)
    except sqlite3.Error as e:
        raise LibraryError(f"cannot open the library {p}: {e}") from None
    try:
        try:
            before = schema_version(con)
            con.execute("PRAGMA journal_mode = WAL")
        except sqlite3.DatabaseError as e:
            raise LibraryError(f"{p} is not a Captain's Sea library (SQLite says: {e}); move it aside and "
                               f"start again, or restore a backup") from None
        if before > LATEST:
            raise LibraryError(f"the library {p} has schema version {before}, written by a newer Captain's Sea; "
                               f"this version reads up to schema {LATEST}. Update the program.")
        if before == 0 and _has_tables(con):
            raise LibraryError(f"{p} is a SQLite database but not a Captain's Sea library (it has tables and "
                               f"no schema version)")
        if backup and 0 < before < target:
            _backup(con, p, before)
        for version in range(before + 1, target + 1):
            _run(con, version, MIGRATIONS[version - 1])
        return before
    finally:
        con.close()


def _has_tables(con: sqlite3.Connection) -> bool:
    return bool(con.execute("SELECT count(*) FROM sqlite_master WHERE type = 'table'").fetchone()[0] > 0)


def _run(con: sqlite3.Connection, version: int, step: Step) -> None:
    con.execute("BEGIN IMMEDIATE")
    try:
        if schema_version(con) != version - 1:  # another process migrated meanwhile
            con.execute("ROLLBACK")
            return
        step(con)
        con.execute(f"PRAGMA user_version = {int(version)}")
        problems = con.execute("PRAGMA foreign_key_check").fetchall()
        if problems:
            raise LibraryError(f"schema step {version} left broken references: {problems[:5]}")
        con.execute("COMMIT")
    except BaseException:
        con.execute("ROLLBACK")
        raise


def engine_version(engine: Engine) -> int:
    with engine.connect() as conn:
        return int(conn.exec_driver_sql("PRAGMA user_version").scalar_one())
