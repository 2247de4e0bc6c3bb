"""The recent-games list behind Game > Recent games: the last saved games, most recent first.

Kept as JSON in the data folder (`recent-games.json`), written atomically. Each entry names the file, the
scenario title and the turn when it was saved. Files that no longer exist are dropped when the list is read.
No Qt here.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cs_desktop.formats.files import atomic_write_text

RECENT_NAME = "recent-games.json"
RECENT_FORMAT = "captains-sea/recent-games"
MOST = 10


@dataclass(frozen=True)
class RecentGame:
    path: str
    title: str
    turn: int
    when: float
    autosave: bool = False

    def label(self) -> str:
        name = "Autosave: " if self.autosave else ""
        return f"{name}{self.title}, turn {self.turn} — {Path(self.path).name}"


def parse_recent(text: str) -> list[RecentGame]:
    """The entries of a recent-games file; ValueError (saying what is wrong) if it is not one."""
    data = json.loads(text)
    if not isinstance(data, dict) or data.get("format") != RECENT_FORMAT or not isinstance(data.get("games"), list):
        raise ValueError(f"expected {{\"format\": \"{RECENT_FORMAT}\", \"games\": [...]}}")
    out = []
    for i, item in enumerate(data["games"]):
        if not isinstance(item, dict) or not isinstance(item.get("path"), str):
            raise ValueError(f"games[{i}]: expected an object with a \"path\"")
        try:
            out.append(RecentGame(item["path"], str(item.get("title", "")), int(item.get("turn", 1)),
                                  float(item.get("when", 0))))
        except (TypeError, ValueError):
            raise ValueError(f"games[{i}]: turn and when must be numbers") from None
    return out


class RecentGames:
    """Read and update the list; a damaged list reads as empty (start-up sets the file aside first)."""

    def __init__(self, folder: str | os.PathLike[str]) -> None:
        self.path = Path(folder) / RECENT_NAME

    def _read(self) -> list[RecentGame]:
        try:
            return parse_recent(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError, UnicodeDecodeError):
            return []

    def entries(self, autosave: Path | None = None) -> list[RecentGame]:
        """Most recent first, at most MOST, files that exist only; `autosave`: the autosave file, listed (by
        its time) if it holds an unfinished game."""
        games = [g for g in self._read() if Path(g.path).is_file()]
        if autosave is not None:
            auto = _autosave_entry(autosave, games)
            if auto is not None:
                games = [g for g in games if Path(g.path) != autosave] + [auto]
        games.sort(key=lambda g: g.when, reverse=True)
        return games[:MOST]

    def add(self, path: str | os.PathLike[str], title: str, turn: int) -> None:
        p = str(Path(path).resolve())
        games = [g for g in self._read() if g.path != p and Path(g.path).is_file()]
        games.insert(0, RecentGame(p, title, int(turn), time.time()))
        self._write(games[:MOST])

    def _write(self, games: list[RecentGame]) -> None:
        data: dict[str, Any] = {"format": RECENT_FORMAT, "version": 1,
                                "games": [{"path": g.path, "title": g.title, "turn": g.turn, "when": g.when}
                                          for g in games]}
        try:
            atomic_write_text(self.path, json.dumps(data, indent=1, ensure_ascii=False) + "\n")
        except OSError:
            pass  # the list is a convenience; a full disk must not stop a save


def _autosave_entry(path: Path, games: list[RecentGame]) -> RecentGame | None:
    """The autosave as an entry, unless it holds no unfinished game or just what a listed file holds."""
    from cs_desktop.play.autosave import AutosaveStore, _decision_count

    store = AutosaveStore(path.parent)
    store.path = path
    found = store.peek()
    if found is None:
        return None
    if found.save_path is not None and any(Path(g.path).resolve() == Path(found.save_path).resolve() for g in games):
        if _decision_count(Path(found.save_path)) == found.decisions:
            return None  # the same game at the same decision: listed once, as the player's file
    return RecentGame(str(path), found.title, found.turn, found.saved_at, autosave=True)

