"""Where the library lives and how we talk to SQLite (docs/library.md).

One SQLite file, `library.sqlite3`, in the user's data folder. The folder is, in order of precedence:
the `data_dir` argument, the `CAPTAINS_SEA_DATA` environment variable, platformdirs'
`user_data_dir("captains-sea")`.

Every connection runs with foreign keys on, the write-ahead log (WAL) and `synchronous=FULL`. pysqlite's
own transaction handling is switched off and we emit `BEGIN` ourselves (the pattern in SQLAlchemy's SQLite
notes), so a transaction covers DDL too and a rollback really rolls everything back.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import platformdirs
from sqlalchemy import Engine, create_engine, event
from sqlmodel import Session

APP_NAME = "captains-sea"
APP_AUTHOR = "CaptainsSea"  # only used on Windows; the same as cs_desktop/formats/savegame.py
DATA_ENV = "CAPTAINS_SEA_DATA"
DB_FILE_NAME = "library.sqlite3"
BUSY_TIMEOUT_MS = 5000


class LibraryError(Exception):
    """Something the library cannot do, with a message for the user (no traceback needed)."""


class NotFoundError(LibraryError, KeyError):
    """No such ship, scenario, saved game or campaign."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "not found"


def data_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """The folder holding the library: `override`, else $CAPTAINS_SEA_DATA, else the platform's user data
    folder for "captains-sea" (e.g. ~/.local/share/captains-sea on Linux)."""
    if override is not None and str(override) != "":
        return Path(override).expanduser()
    env = os.environ.get(DATA_ENV, "")
    if env.strip():
        return Path(env).expanduser()
    return Path(platformdirs.user_data_dir(APP_NAME, APP_AUTHOR))


def library_path(override: str | os.PathLike[str] | None = None) -> Path:
    """The library database file inside `data_dir(override)`."""
    return data_dir(override) / DB_FILE_NAME


def utcnow() -> datetime:
    """Timestamps are UTC, timezone-aware."""
    return datetime.now(UTC)


def _on_connect(dbapi_conn: sqlite3.Connection, _record: Any) -> None:
    dbapi_conn.isolation_level = None  # autocommit at the driver; BEGIN comes from _on_begin
    cur = dbapi_conn.cursor()
    try:
        cur.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        cur.execute("PRAGMA foreign_keys = ON")
        cur.execute("PRAGMA journal_mode = WAL")
        cur.execute("PRAGMA synchronous = FULL")
    finally:
        cur.close()


def make_engine(path: str | os.PathLike[str]) -> Engine:
    """An engine on the SQLite file `path` (created if missing, with its folder)."""
    p = Path(path)
    try:
        p.parent.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise LibraryError(f"cannot create the library folder {p.parent}: {e.strerror or e}") from None
    engine = create_engine(f"sqlite:///{p}", connect_args={"check_same_thread": False,
                                                          "timeout": BUSY_TIMEOUT_MS / 1000})
    event.listen(engine, "connect", _on_connect)

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Any) -> None:
        conn.exec_driver_sql("BEGIN")

    return engine


@contextmanager
def transaction(engine: Engine) -> Iterator[Session]:
    """One session and one transaction: committed when the block ends, rolled back if it raises."""
    with Session(engine, expire_on_commit=False) as session, session.begin():
        yield session
