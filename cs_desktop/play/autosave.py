"""The autosave file and the session lock (BRIEF §5): resume a game after a crash, or continue it after a
clean close where the player kept it.

The session writes the autosave after every accepted decision (`AutosaveStore.write`), atomically, so a
process killed at any moment leaves the game as it stood after the last decision, with the same pending
request. Its `meta` says what the game was waiting for (`asked`), the turn, whether it has ended, where the
player saved it (`save_path`) and whether the next start should offer it (`offer`, set on a clean close that
kept the game).

No Qt here. (Moved from savegame.py; `cs_desktop.formats.savegame` still re-exports these names.)
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from cs_desktop.formats.files import atomic_write_text
from cs_desktop.formats.jsonread import FileFormatError, read_bytes
from cs_desktop.formats.modelerrors import problems_from
from cs_desktop.rules.game import Game
from cs_desktop.formats.savegame import LATEST_TIME, MAX_SAVE_BYTES, SaveError, parse_save, save_game

AUTOSAVE_NAME = "autosave.csgame"
LOCK_NAME = "session.lock"
#: which campaign's battle is in play (play/campaign_mark.py): offered at the next start after a crash
CAMPAIGN_MARK_NAME = "campaign-battle.json"


def default_data_dir() -> Path:
    """The user's data folder for Captain's Sea: the library's (platformdirs, or $CAPTAINS_SEA_DATA)."""
    from cs_desktop.library.db import data_dir

    return data_dir()


def _short(prompt: str, most: int = 70) -> str:
    """The first clause of a request's prompt: "Select a maneuver", "Fire?"."""
    text = prompt
    for stop in (" (", ";", "?"):
        at = text.find(stop)
        if at > 0:
            text = text[:at] + ("?" if stop == "?" else "")
    if len(text) > most:
        text = text[:most].rsplit(" ", 1)[0] + " …"
    return text


def describe_pending(game: Game) -> str:
    """What the game waits for, in words: "United States: Select a maneuver (9.1)"; "" when it has ended."""
    if game.ended:
        return "game over"
    parts = []
    for request in game.pending:
        side = game.state.sides[request.side].name if request.side in game.state.sides else request.side
        parts.append(f"{side}: {_short(request.prompt)} ({request.rule})")
    return "; ".join(parts)


@dataclass
class Resumable:
    """An unfinished game the autosave holds: after a crash, or kept at a clean close."""

    path: Path
    saved_at: float
    title: str
    turn: int
    asked: str = ""
    decisions: int = 0
    crashed: bool = True
    save_path: str | None = None
    offer: bool = False  # the meta asks the next start to offer it (a clean close that kept the game)

    def describe(self) -> str:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(self.saved_at))
        asked = f", {self.asked}" if self.asked else ""
        return f"{self.title}, turn {self.turn}{asked} (autosaved {when})"

    def question(self) -> str:
        asked = f", {self.asked}" if self.asked else ""
        return f"Continue {self.title}, turn {self.turn}{asked}?"


def _pid_alive(pid: int) -> bool:
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except OSError:
        return False
    return True


#: the largest process id a lock may name (os.kill takes a C int: a larger one raised OverflowError, issue 31)
MAX_PID = 2**31 - 1
#: a session lock is "<pid> <time>": a few dozen bytes
LOCK_LIMIT = 256
#: the longest title or question of an autosave's meta shown to the player (the meta itself is bounded by
#: savegame.SaveMeta)
META_TEXT_LIMIT = 300


class SessionLock(BaseModel):
    """The session lock's content, "<process id> <time>": a process id os.kill can take, a time a clock can show."""

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)

    pid: Annotated[int, Field(ge=1, le=MAX_PID)]
    time: Annotated[float, Field(ge=0, le=LATEST_TIME)]


def short(value: str) -> str:
    """A meta's text, cut to META_TEXT_LIMIT characters for the player."""
    return value if len(value) <= META_TEXT_LIMIT else value[:META_TEXT_LIMIT - 1] + "…"


def _number(text: str, kind: type[int] | type[float]) -> Any:
    """The number a lock's word writes (the word itself if it is none: the model says what is wrong with it)."""
    try:
        return kind(text) if len(text) <= 40 else text
    except ValueError:
        return text


def read_lock(path: Path) -> int:
    """The process id in a session lock; FileFormatError naming the lock, the field and the problem if the file is
    not a small regular file (a pipe or device is refused at once: `jsonread.read_bytes`) holding
    "<pid> <time>" within `SessionLock`'s ranges."""
    data = read_bytes(path, LOCK_LIMIT, "a session lock")
    try:
        parts = data.decode("utf-8").split()
    except UnicodeDecodeError:
        raise FileFormatError(path, [("(file)", "not UTF-8 text")]) from None
    if len(parts) != 2:
        raise FileFormatError(path, [("(file)", "expected '<process id> <time>'")])
    try:
        return SessionLock.model_validate({"pid": _number(parts[0], int), "time": _number(parts[1], float)}).pid
    except ValidationError as e:
        raise FileFormatError(path, problems_from(e, SessionLock)) from None


class AutosaveStore:
    """The autosave file and a session lock. A lock left by a process that is no longer running means the
    last session crashed; its autosave (if the game was not over) is offered for resuming. An autosave whose
    meta says `offer` (a clean close that kept the game) is offered too."""

    def __init__(self, folder: str | os.PathLike[str] | None = None) -> None:
        self.folder = Path(folder) if folder is not None else default_data_dir()
        self.path = self.folder / AUTOSAVE_NAME
        self.lock = self.folder / LOCK_NAME
        self._started = False

    def other_window_running(self) -> bool:
        """True if a live process other than this one holds the session lock."""
        try:
            pid = read_lock(self.lock)
        except (OSError, FileFormatError):
            return False
        return pid != os.getpid() and _pid_alive(pid)

    def crashed_session(self) -> Resumable | None:
        """What an earlier session left unfinished, or None (a clean exit that kept nothing, a live other
        window, no autosave)."""
        if self.other_window_running():
            return None
        found = self.peek()
        if found is None:
            return None
        found.crashed = self.lock.is_file()
        if not found.crashed and not found.offer:
            return None
        return found

    def peek(self) -> Resumable | None:
        """The unfinished game in the autosave, or None (none, ended, or unreadable: the start-up check sets a
        damaged one aside, `play/startup.py`). Its meta is validated by `savegame.SaveMeta`."""
        if not self.path.is_file():
            return None
        try:
            text = read_bytes(self.path, MAX_SAVE_BYTES, "an autosave").decode("utf-8")
            saved = parse_save(text, self.path)
            meta = saved.meta
            if meta.get("ended"):
                return None
            return Resumable(self.path, float(meta.get("saved_at", self.path.stat().st_mtime)),
                             short(meta.get("title", saved.scenario.title)), meta.get("turn", 1),
                             short(meta.get("asked", "")), len(saved.decisions), True,
                             meta.get("save_path") or None, bool(meta.get("offer")))
        except (SaveError, OSError, UnicodeDecodeError, FileFormatError):  # damaged: nothing to offer
            return None

    def start_session(self) -> Resumable | None:
        """Call once at start-up: returns what an earlier session left to continue, then takes the lock."""
        found = self.crashed_session()
        self.folder.mkdir(parents=True, exist_ok=True)
        atomic_write_text(self.lock, f"{os.getpid()} {time.time():.0f}\n")
        self._started = True
        return found

    def end_session(self) -> None:
        """A clean exit: release the lock (the autosave stays; it is offered again only if its meta says so) and
        drop the mark of a campaign battle in play (its campaign's row keeps it: Campaign > Continue...)."""
        for path in (self.folder / CAMPAIGN_MARK_NAME, self.lock):
            try:
                path.unlink()
            except OSError:
                pass
        self._started = False

    def write(self, game: Game, meta: dict[str, Any] | None = None, offer: bool = False) -> Path:
        """Autosave `game` (atomically). `offer`: the next start offers to continue it (a clean close that
        kept the game)."""
        info = dict(meta or {})
        info.setdefault("title", game.scenario.title)
        info["turn"] = game.state.turn
        info["ended"] = game.ended
        info["asked"] = describe_pending(game)
        info["saved_at"] = time.time()
        if offer:
            info["offer"] = True
        return save_game(game, self.path, info)

    def keep_for_later(self, found: Resumable) -> Path | None:
        """"Not now": make sure the next game cannot overwrite this one. If the player's own file holds it at
        the same decision, nothing is needed (None); otherwise the autosave is moved to
        `unfinished-YYYYMMDD-HHMMSS.csgame` in the data folder (returned; Recent games lists it)."""
        if found.save_path is not None and _decision_count(Path(found.save_path)) == found.decisions:
            return None
        target = self.folder / f"unfinished-{time.strftime('%Y%m%d-%H%M%S', time.localtime(found.saved_at))}.csgame"
        n = 2
        while target.exists():
            target = target.with_name(f"{target.stem.split('~')[0]}~{n}.csgame")
            n += 1
        os.replace(self.path, target)
        return target

    def discard(self) -> None:
        """The player discarded the game: the autosave goes (it held only that game)."""
        try:
            self.path.unlink()
        except OSError:
            pass


def _decision_count(path: Path) -> int:
    """How many decisions the saved game at `path` holds (-1 if it cannot be read). A bounded read of a regular
    file only: a `save_path` naming /dev/zero or a pipe hung the start (issue 31, item 6)."""
    try:
        decisions = json.loads(read_bytes(path, MAX_SAVE_BYTES, "a saved game").decode("utf-8")).get("decisions")
    except (OSError, ValueError, UnicodeDecodeError, AttributeError, RecursionError, FileFormatError):
        return -1
    return len(decisions) if isinstance(decisions, list) else -1
