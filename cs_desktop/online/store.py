"""Each online game in its own SQLite database (WAL): the start, the seats and every decision.

A game's file holds what a saved game holds — scenario, ship cards, seed, options (the `start`) and the decisions
in order — plus its seats: who sits there (a human, or a computer captain by level) and the SHA-256 digest of
the seat's token (the token itself is never stored and never logged). `append` commits a decision
(synchronous=FULL) before the server acknowledges it, so a server killed at any moment restarts with every
acknowledged decision, and `load` rebuilds the game by replaying them through the engine (BRIEF §3).
`export` writes the ordinary saved-game file (cs_desktop/formats/savegame.py), which replays offline.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cs_desktop.rules.game import Game
from cs_desktop.formats.savegame import game_from_save, parse_save, save_game

SUFFIX = ".cs-online.sqlite"
SCHEMA = """
CREATE TABLE IF NOT EXISTS start (id INTEGER PRIMARY KEY CHECK (id = 1), game TEXT NOT NULL, save TEXT NOT NULL,
                                  created REAL NOT NULL);
CREATE TABLE IF NOT EXISTS seats (side TEXT PRIMARY KEY, kind TEXT NOT NULL, token_sha256 TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS decisions (i INTEGER PRIMARY KEY, side TEXT NOT NULL, kind TEXT NOT NULL,
                                      answer TEXT NOT NULL);
"""


class StoreError(Exception):
    """A game file that cannot be opened or rebuilt; the message names the file."""


def digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass(frozen=True, slots=True)
class SeatRow:
    side: str
    kind: str  # "human" or a computer captain's name
    token_sha256: str

    def admits(self, token: str) -> bool:
        return hmac.compare_digest(self.token_sha256, digest(token))


class GameStore:
    """One game's database. `create` makes it, `open` opens an existing one; `append` each decision."""

    def __init__(self, path: Path, connection: sqlite3.Connection) -> None:
        self.path = path
        self._db = connection

    @staticmethod
    def _connect(path: Path) -> sqlite3.Connection:
        db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=FULL")  # a commit is on disk before the decision is acknowledged
        return db

    @classmethod
    def create(cls, path: Path, game_id: str, game: Game, seats: dict[str, tuple[str, str]],
               created: float) -> GameStore:
        """A new file for `game` (its decisions so far become the first rows); `seats`: side -> (kind, digest)."""
        db = cls._connect(path)
        start = dict(game.save_data(), decisions=[])
        with _transaction(db):
            for statement in _statements():
                db.execute(statement)
            db.execute("INSERT INTO start VALUES (1, ?, ?, ?)", (game_id, json.dumps(start), created))
            db.executemany("INSERT INTO seats VALUES (?, ?, ?)",
                           [(side, kind, token) for side, (kind, token) in seats.items()])
            db.executemany("INSERT INTO decisions VALUES (?, ?, ?, ?)",
                           [(i, d["side"], d["kind"], json.dumps(d["answer"])) for i, d in enumerate(game.decisions)])
        return cls(path, db)

    @classmethod
    def open(cls, path: Path) -> GameStore:
        try:
            db = cls._connect(path)
            db.execute("SELECT 1 FROM start").fetchone()
        except sqlite3.Error as e:
            raise StoreError(f"{path}: not an online game ({e})") from None
        return cls(path, db)

    def game_id(self) -> str:
        row = self._db.execute("SELECT game FROM start WHERE id = 1").fetchone()
        if row is None:
            raise StoreError(f"{self.path}: the game's start is missing")
        return str(row[0])

    def seats(self) -> dict[str, SeatRow]:
        rows = self._db.execute("SELECT side, kind, token_sha256 FROM seats ORDER BY side").fetchall()
        return {r[0]: SeatRow(r[0], r[1], r[2]) for r in rows}

    def append(self, index: int, decision: dict[str, Any]) -> None:
        """Commit decision number `index` (its row is the game's `index`-th decision)."""
        with _transaction(self._db):
            self._db.execute("INSERT INTO decisions VALUES (?, ?, ?, ?)",
                             (index, decision["side"], decision["kind"], json.dumps(decision["answer"])))

    def truncate(self, count: int) -> None:
        """Keep the first `count` decisions only (a decision taken back with consent), committed at once."""
        with _transaction(self._db):
            self._db.execute("DELETE FROM decisions WHERE i >= ?", (count,))

    def save_data(self) -> dict[str, Any]:
        """The saved-game data: the start and every committed decision."""
        row = self._db.execute("SELECT save FROM start WHERE id = 1").fetchone()
        if row is None:
            raise StoreError(f"{self.path}: the game's start is missing")
        data: dict[str, Any] = json.loads(row[0])
        data["decisions"] = [{"side": s, "kind": k, "answer": json.loads(a)} for s, k, a in
                             self._db.execute("SELECT side, kind, answer FROM decisions ORDER BY i")]
        return data

    def load(self) -> Game:
        """The game rebuilt from its start and decisions, each checked by the engine as when it was given."""
        try:
            saved = parse_save(json.dumps(self.save_data()), self.path)
            return game_from_save(saved, self.path)
        except Exception as e:  # noqa: BLE001 -- a damaged file is reported, never raised past the server
            raise StoreError(f"{self.path}: cannot be rebuilt: {e}") from None

    def export(self, target: Path, meta: dict[str, Any] | None = None) -> Path:
        """Write the game as an ordinary saved-game file (atomically), which replays offline."""
        seats = {side: row.kind for side, row in self.seats().items()}
        return save_game(self.load(), target, {"seats": seats, **(meta or {})})

    def close(self) -> None:
        self._db.close()


def _statements() -> list[str]:
    return [s.strip() for s in SCHEMA.split(";") if s.strip()]


class _transaction:
    """BEGIN IMMEDIATE ... COMMIT, or ROLLBACK on an error (the connection is in autocommit mode)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: object, value: object, tb: object) -> None:
        self.db.execute("COMMIT" if kind is None else "ROLLBACK")
