"""Saved games: write atomically, load with validation, autosave and "resume after a crash" (BRIEF §5).

A saved game is `Game.save_data()` as JSON (scenario, ship cards, seed, options, decisions) plus an optional
`meta` object the desktop client keeps (the seats). Nothing here executes code from a file: plain `json`,
pydantic validation of the ship cards and scenario, then `Game.replay`. Any problem becomes one `SaveError`
that names the file and says what is wrong -- never a traceback, never a half-loaded game.

The autosave and the session lock live in `cs_desktop.play.autosave` (re-exported here).

Writes go to a temporary file in the same folder, are flushed and fsynced, then `os.replace`d over the old
file, so a crash or a full disk in the middle of a save leaves the previous save as it was.

No Qt here.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from cs_desktop.files import atomic_write_text
from cs_desktop.rules.cards import Scenario, ShipCard
from cs_desktop.rules.game import Game

GAME_FORMAT = "captains-sea/game"
GAME_VERSION = 1
MAX_SAVE_BYTES = 20_000_000
SUFFIX = ".csgame"


class SaveError(Exception):
    """A saved game that cannot be written or used; the message names the file and the problem."""

    def __init__(self, path: str | os.PathLike[str], problem: str) -> None:
        self.path = str(path)
        self.problem = problem
        super().__init__(f"{self.path}: {problem}")


class Decision(BaseModel):
    model_config = ConfigDict(extra="forbid")

    side: str
    kind: str
    answer: Any = None


class SavedGame(BaseModel):
    """The saved-game file (format captains-sea/game, version 1)."""

    model_config = ConfigDict(extra="forbid")

    format: Literal["captains-sea/game"]
    version: Literal[1]
    scenario: Scenario
    ships: dict[str, ShipCard]
    seed: int
    options: dict[str, Any] = Field(default_factory=dict)
    decisions: list[Decision] = Field(default_factory=list)
    meta: dict[str, Any] = Field(default_factory=dict)


# ---------------------------------------------------------------------------------------------- writing


def save_text(game: Game, meta: dict[str, Any] | None = None) -> str:
    data = game.save_data()
    if meta:
        data["meta"] = meta
    return json.dumps(data, indent=1, ensure_ascii=False, sort_keys=False) + "\n"


def save_game(game: Game, path: str | os.PathLike[str], meta: dict[str, Any] | None = None) -> Path:
    """Save `game` (atomically) to `path`; returns the path written."""
    p = Path(path)
    try:
        text = save_text(game, meta)
    except (TypeError, ValueError) as e:
        raise SaveError(p, f"the game cannot be written as JSON: {e}") from None
    try:
        atomic_write_text(p, text)
    except OSError as e:
        raise SaveError(p, f"could not save: {e.strerror or e}; the previous file (if any) is unchanged") from None
    return p


# ---------------------------------------------------------------------------------------------- reading


@dataclass
class LoadedGame:
    game: Game
    meta: dict[str, Any]
    path: Path


def _problem_lines(e: ValidationError) -> str:
    lines = []
    for err in e.errors(include_url=False)[:8]:
        where = ".".join(str(p) for p in err["loc"]) or "(file)"
        lines.append(f"{where}: {err['msg']}")
    more = len(e.errors()) - 8
    if more > 0:
        lines.append(f"... and {more} more problem(s)")
    return "; ".join(lines)


def parse_save(text: str, source: str | os.PathLike[str] = "(text)") -> SavedGame:
    """Validate the text of a saved game (JSON, format, version, ship cards, scenario)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise SaveError(source, f"not a saved game: bad JSON at line {e.lineno}, column {e.colno} ({e.msg})") from None
    except RecursionError:
        raise SaveError(source, "not a saved game: JSON nested too deeply") from None
    if not isinstance(data, dict):
        raise SaveError(source, "not a saved game: expected a JSON object {...}")
    fmt = data.get("format")
    if fmt != GAME_FORMAT:
        what = {"captains-sea/scenario": "a scenario file", "captains-sea/ship": "a ship file"}.get(str(fmt))
        hint = f" (this is {what}: start a New Game with it instead)" if what else ""
        raise SaveError(source, f"not a saved game: format is {fmt!r}, expected {GAME_FORMAT!r}{hint}")
    if data.get("version") != GAME_VERSION:
        raise SaveError(source, f"saved-game version {data.get('version')!r} is not supported; "
                                f"this program reads version {GAME_VERSION}")
    try:
        return SavedGame.model_validate(data)
    except ValidationError as e:
        raise SaveError(source, f"the saved game is damaged: {_problem_lines(e)}") from None


def game_from_save(saved: SavedGame, source: str | os.PathLike[str] = "(text)") -> Game:
    """Rebuild the game by replaying its decisions; a decision that no longer replays is an error."""
    ships = dict(saved.ships)
    for side in saved.scenario.sides:
        for ss in side.ships:
            if ss.ship_id not in ships:
                raise SaveError(source, f"the saved game has no ship card for {ss.ship_id!r}")
    try:
        return Game.replay(saved.scenario, ships, saved.seed,
                           [d.model_dump() for d in saved.decisions], saved.options)
    except ValueError as e:
        raise SaveError(source, f"the saved decisions do not replay: {e}") from None
    except (KeyError, TypeError, IndexError, AttributeError) as e:
        raise SaveError(source, f"the saved game does not replay ({type(e).__name__}: {e})") from None


def load_game(path: str | os.PathLike[str]) -> LoadedGame:
    p = Path(path)
    try:
        size = p.stat().st_size
    except FileNotFoundError:
        raise SaveError(p, "file not found") from None
    except OSError as e:
        raise SaveError(p, f"cannot read the file: {e.strerror or e}") from None
    if p.is_dir():
        raise SaveError(p, "is a folder, not a saved game")
    if size > MAX_SAVE_BYTES:
        raise SaveError(p, f"file is {size} bytes; a saved game is at most {MAX_SAVE_BYTES} bytes")
    try:
        raw = p.read_bytes()
    except OSError as e:
        raise SaveError(p, f"cannot read the file: {e.strerror or e}") from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise SaveError(p, "not a saved game: the file is not UTF-8 text") from None
    saved = parse_save(text, p)
    return LoadedGame(game_from_save(saved, p), dict(saved.meta), p)


# ---------------------------------------------------------------------------------------------- autosave

#: moved to cs_desktop.play.autosave; old imports (`from cs_desktop.savegame import AutosaveStore`) still work
_MOVED = {"AutosaveStore", "Resumable", "AUTOSAVE_NAME", "LOCK_NAME", "default_data_dir"}


def __getattr__(name: str) -> Any:
    if name in _MOVED:
        from cs_desktop.play import autosave

        return getattr(autosave, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
