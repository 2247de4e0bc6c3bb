"""Bookmarks of the replay viewer: named positions of a game, kept in a sidecar file in the data folder.

Why a sidecar and not the saved game: watching a game must never change the file watched (it may be a
friend's game, read-only, in the library, or the game being played, which has no file yet), and a saved game
is the record of the play (BRIEF §5), checked field by field when it is read. The sidecar
(`replay-bookmarks.json` in the data folder, written atomically) holds, for each game, its bookmarks:

    {"format": "captains-sea/replay-bookmarks", "version": 1,
     "games": {"<game key>": [{"name": "Java rakes", "position": 57, "check": "<hash>"}, ...]}}

A game's key is a hash of how it started (scenario, ship cards, seed, options); a bookmark's `check` is a
hash of the decisions up to its position. So a bookmark is shown with every game that shares those decisions
(the same game saved again later, the current game and its save) and never with another game played from the
same start; the bookmarks of such other games stay in the file untouched.

A damaged sidecar never stops a replay: its problem is reported (file, field, what is wrong) in `problem`,
no bookmark is shown, and the first bookmark saved moves the damaged file aside (`.damaged`) rather than
overwriting it. No Qt here.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cs_desktop.formats.files import atomic_write_text
from cs_desktop.play.startup import set_aside

BOOKMARKS_NAME = "replay-bookmarks.json"
BOOKMARKS_FORMAT = "captains-sea/replay-bookmarks"
MAX_NAME = 80


class BookmarkError(Exception):
    """The bookmarks file could not be written; the message names the file and the problem."""


@dataclass(frozen=True, slots=True)
class Bookmark:
    name: str
    position: int


def _digest(data: Any) -> str:
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def game_key(save_data: Mapping[str, Any]) -> str:
    """The key of a game: how it started (scenario, ship cards, seed, options), not its decisions."""
    return _digest({k: save_data.get(k) for k in ("scenario", "ships", "seed", "options")})


def decisions_check(decisions: Sequence[Mapping[str, Any]], position: int) -> str:
    return _digest([dict(d) for d in decisions[:position]])


def _problems(data: Any) -> list[tuple[str, str]]:
    if not isinstance(data, dict):
        return [("(file)", "is not a JSON object")]
    if data.get("format") != BOOKMARKS_FORMAT:
        return [("format", f"is {data.get('format')!r}, not {BOOKMARKS_FORMAT!r}")]
    if data.get("version") != 1:
        return [("version", f"is {data.get('version')!r}; this version reads version 1")]
    games = data.get("games")
    if not isinstance(games, dict):
        return [("games", "is not an object of game keys")]
    out: list[tuple[str, str]] = []
    for key, marks in games.items():
        if not isinstance(marks, list):
            out.append((f"games.{key}", "is not a list of bookmarks"))
            continue
        for i, m in enumerate(marks):
            where = f"games.{key}[{i}]"
            if not isinstance(m, dict):
                out.append((where, "is not an object"))
            elif not isinstance(m.get("name"), str) or not m["name"].strip():
                out.append((f"{where}.name", "is missing or not a text"))
            elif type(m.get("position")) is not int or m["position"] < 0:
                out.append((f"{where}.position", f"is {m.get('position')!r}, not a whole number >= 0"))
            elif not isinstance(m.get("check"), str):
                out.append((f"{where}.check", "is missing or not a text"))
    return out


class BookmarkStore:
    """The sidecar file of bookmarks in `folder` (the data folder)."""

    def __init__(self, folder: str | os.PathLike[str]) -> None:
        self.path = Path(folder) / BOOKMARKS_NAME
        #: the problem of a damaged file ("<file>: <field>: <what is wrong>"), or ""
        self.problem = ""
        self._games: dict[str, list[dict[str, Any]]] = {}
        self._damaged = False
        self._read()

    def _read(self) -> None:
        self.problem = ""
        self._damaged = False
        self._games = {}
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return
        except (OSError, UnicodeDecodeError) as e:
            self._fail("(file)", f"cannot be read ({e})")
            return
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            self._fail(f"line {e.lineno} column {e.colno}", f"is not JSON: {e.msg}")
            return
        problems = _problems(data)
        if problems:
            self._fail(*problems[0])
            return
        self._games = {str(k): [dict(m) for m in v] for k, v in data["games"].items()}

    def _fail(self, where: str, what: str) -> None:
        self.problem = f"{self.path}: {where}: {what} (no bookmark is shown; saving one moves this file aside)"
        self._damaged = True

    def load(self, key: str, decisions: Sequence[Mapping[str, Any]]) -> list[Bookmark]:
        """The bookmarks of the game `key` that belong to these decisions, by position."""
        out = []
        for m in self._games.get(key, []):
            p = int(m["position"])
            if p <= len(decisions) and m["check"] == decisions_check(decisions, p):
                out.append(Bookmark(str(m["name"])[:MAX_NAME], p))
        return sorted(out, key=lambda b: (b.position, b.name))

    def save(self, key: str, decisions: Sequence[Mapping[str, Any]], bookmarks: Sequence[Bookmark]) -> None:
        """Replace the bookmarks of this game (those matching these decisions); keep every other entry."""
        mine = {(b.position, b.name) for b in self.load(key, decisions)}
        kept = [m for m in self._games.get(key, []) if (int(m["position"]), str(m["name"])[:MAX_NAME]) not in mine]
        new = kept + [{"name": b.name, "position": b.position, "check": decisions_check(decisions, b.position)}
                      for b in bookmarks]
        games = dict(self._games)
        if new:
            games[key] = new
        else:
            games.pop(key, None)
        text = json.dumps({"format": BOOKMARKS_FORMAT, "version": 1, "games": games}, indent=1,
                          ensure_ascii=False) + "\n"
        try:
            if self._damaged and self.path.exists():
                set_aside(self.path)  # NAME.damaged-YYYYMMDD-HHMMSS, as the start-up checks do
            atomic_write_text(self.path, text)
        except OSError as e:
            raise BookmarkError(f"{self.path}: could not save the bookmarks: {e.strerror or e}") from None
        self._games = games
        self._damaged = False
        self.problem = ""


class ReplayBookmarks:
    """The bookmarks of one replayed game: `items` by position, each change saved at once in the sidecar.

    `decisions` are the game's recorded decisions (what a bookmark's check is made of), `key` its `game_key`;
    `name_of(position)` says where a position is (the default name of a bookmark)."""

    def __init__(self, store: BookmarkStore | None, key: str, decisions: Sequence[Mapping[str, Any]],
                 name_of: Callable[[int], str]) -> None:
        self.store, self._key, self._decisions, self._name_of = store, key, decisions, name_of
        self.items: list[Bookmark] = store.load(key, decisions) if store else []

    def add(self, name: str, position: int) -> Bookmark:
        """Mark `position` (clamped to the game); a name in use moves to the new position. Saved at once in the
        sidecar (BookmarkError if it cannot be written: the bookmark stays for this session)."""
        p = max(0, min(int(position), len(self._decisions)))
        text = " ".join(name.split())[:80] or self._name_of(p)
        mark = Bookmark(text, p)
        self.items = sorted([b for b in self.items if b.name != text] + [mark], key=lambda b: (b.position, b.name))
        self._save()
        return mark

    def remove(self, name: str) -> bool:
        before = len(self.items)
        self.items = [b for b in self.items if b.name != name]
        if len(self.items) == before:
            return False
        self._save()
        return True

    def position_of(self, name: str) -> int:
        """The position of the bookmark `name` (KeyError if there is none)."""
        for b in self.items:
            if b.name == name:
                return b.position
        raise KeyError(name)

    @property
    def problem(self) -> str:
        """The problem of a damaged bookmarks file ("" if none)."""
        return self.store.problem if self.store is not None else ""

    def _save(self) -> None:
        if self.store is not None:
            self.store.save(self._key, self._decisions, self.items)
