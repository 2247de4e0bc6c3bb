"""Saved games in the library: one row per game the player stored, its `Game.save_data()` as JSON
(docs/library.md). `Library.games` is the one `SavedGames` of an open library; each method is one transaction."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any

from sqlalchemy import Engine

from cs_desktop.formats.files import GAME_FORMAT
from cs_desktop.library import repository as repo
from cs_desktop.library.db import LibraryError, NotFoundError, transaction, utcnow
from cs_desktop.library.models import SavedGameRow
from cs_desktop.library.repository import SavedGameEntry

Notify = Callable[[str, Iterable[str], str], None]


class SavedGames:
    """The saved-games table: list, store, read, rename and delete; every committed change is told to `notify`."""

    def __init__(self, engine: Engine, notify: Notify) -> None:
        self._engine, self._notify = engine, notify

    def entries(self, text: str = "", *, scenario_id: str | None = None) -> list[SavedGameEntry]:
        """Saved games, newest first."""
        with transaction(self._engine) as s:
            return repo.list_games(s, text, scenario_id)

    def save(self, data: dict[str, Any], name: str, *, game_id: int | None = None) -> SavedGameEntry:
        """Store `Game.save_data()` as a new saved game, or over `game_id`."""
        if not isinstance(data, dict) or data.get("format") != GAME_FORMAT:
            raise LibraryError(f"not a saved game: expected an object with \"format\": \"{GAME_FORMAT}\"")
        if not name.strip():
            raise LibraryError("a saved game needs a name")
        text = repo.to_json(data, "the saved game")
        scenario = data.get("scenario")
        scenario_id = scenario.get("id") if isinstance(scenario, dict) else None
        now = utcnow()
        with transaction(self._engine) as s:
            if game_id is None:
                row = SavedGameRow(name=name.strip(), scenario_id=scenario_id, data_json=text, created_at=now,
                                   updated_at=now)
            else:
                row = self._row(s.get(SavedGameRow, game_id), game_id)
                row.name, row.scenario_id, row.data_json, row.updated_at = name.strip(), scenario_id, text, now
            s.add(row)
            s.flush()
            entry = repo.game_entry(row)
        self._notify("game", [str(entry.id)], "saved")
        return entry

    def load(self, game_id: int) -> dict[str, Any]:
        """The saved data, as `Game.save_data()` returned it."""
        with transaction(self._engine) as s:
            data: dict[str, Any] = json.loads(self._row(s.get(SavedGameRow, game_id), game_id).data_json)
            return data

    def rename(self, game_id: int, name: str) -> SavedGameEntry:
        if not name.strip():
            raise LibraryError("a saved game needs a name")
        with transaction(self._engine) as s:
            row = self._row(s.get(SavedGameRow, game_id), game_id)
            row.name, row.updated_at = name.strip(), utcnow()
            s.add(row)
            s.flush()
            entry = repo.game_entry(row)
        self._notify("game", [str(game_id)], "saved")
        return entry

    def delete(self, game_id: int) -> None:
        with transaction(self._engine) as s:
            s.delete(self._row(s.get(SavedGameRow, game_id), game_id))
        self._notify("game", [str(game_id)], "deleted")

    @staticmethod
    def _row(row: SavedGameRow | None, game_id: int) -> SavedGameRow:
        if row is None:
            raise NotFoundError(f"no saved game {game_id}")
        return row
