"""Fixtures for the library tests: every test gets a fresh SQLite file in its own tmp_path (no mocks)."""

from __future__ import annotations

import hashlib
import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

import cs_desktop
from cs_desktop.library import Library


@pytest.fixture
def shipped(tmp_path: Path) -> Path:
    """A copy of the shipped duels folder that a test may change (to play an upgrade). The fleets/ folder (squadron
    actions and what-ifs, imported too since issue 28) is left out: these tests count the duels' ships and
    scenarios; test_shipped.py::test_28_5_the_fleet_scenarios_are_imported_too imports the whole folder."""
    dest = tmp_path / "shipped"
    shutil.copytree(cs_desktop.SCENARIOS, dest, ignore=shutil.ignore_patterns("fleets"))
    return dest


@pytest.fixture
def lib(tmp_path: Path, shipped: Path) -> Iterator[Library]:
    """A library on a fresh file, with the shipped cards imported (from the test's copy)."""
    library = Library.open(tmp_path / "data", shipped_dir=shipped)
    yield library
    library.close()


@pytest.fixture
def empty_lib(tmp_path: Path) -> Iterator[Library]:
    """A library on a fresh file with nothing imported."""
    library = Library.open(tmp_path / "empty", import_shipped=False)
    yield library
    library.close()


def table_rows(path: Path) -> dict[str, list[tuple[object, ...]]]:
    """Every row of every table, in order: to check that an operation changed nothing."""
    con = sqlite3.connect(path)
    try:
        tables = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table' ORDER BY name")]
        return {t: con.execute(f"SELECT * FROM {t} ORDER BY rowid").fetchall() for t in tables}
    finally:
        con.close()


def file_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()
