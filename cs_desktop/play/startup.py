"""Start-up checks of the data folder: no damaged file can stop the program from starting.

`check_data_folder` runs before the window is built. It removes the temporary files an interrupted atomic
write left behind (`atomic_write_text` names them `.NAME.XXXXXXXX.tmp`), then reads every file the program
will use at start-up -- the session lock, the autosave, the mark of a campaign battle in play, the settings, the
window layout, the recent-games list and the library database -- and sets aside any that is damaged: renamed to
`NAME.damaged-YYYYMMDD-HHMMSS` (never deleted), so the program starts with a fresh one and the player can
still send the old one in. The result lists what was set aside, for one message to the player.

When another Captain's Sea window is running on the same folder nothing is touched (its temporary files are
writes in progress). No Qt here.
"""

from __future__ import annotations

import base64
import binascii
import json
import os
import re
import sqlite3
import stat
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from cs_desktop.formats.jsonread import FileFormatError, decode_text, read_bytes
from cs_desktop.play.autosave import AUTOSAVE_NAME, CAMPAIGN_MARK_NAME, LOCK_NAME, AutosaveStore, read_lock
from cs_desktop.play.recent import RECENT_NAME, parse_recent

SETTINGS_NAME = "settings.ini"
LAYOUT_NAME = "window-layout.json"
LAYOUT_FORMAT = "captains-sea/window-layout"
LIBRARY_NAME = "library.sqlite3"  # = cs_desktop.library.db.DB_FILE_NAME (not imported: that pulls in SQLAlchemy)

#: the temporary file of an interrupted `atomic_write_text` (tempfile.mkstemp: 8 random characters)
TEMP_FILE = re.compile(r"^\.(?P<name>.+)\.[A-Za-z0-9_]{8}\.tmp$")


@dataclass
class SetAside:
    what: str
    path: Path
    problem: str
    moved_to: Path | None = None
    error: str = ""

    def line(self) -> str:
        where = (f"renamed to {self.moved_to.name}" if self.moved_to is not None
                 else f"could not be set aside: {self.error}")
        return f"• The {self.what} ({self.path}) is damaged: {self.problem}. It was {where}."


@dataclass
class StartupReport:
    folder: Path
    set_aside: list[SetAside] = field(default_factory=list)
    removed_temp: list[Path] = field(default_factory=list)
    other_window: bool = False

    def message(self) -> str:
        """One message for the player naming every damaged file and where it went; "" if there was none."""
        if not self.set_aside:
            return ""
        lines = [f"Captain's Sea found damaged files in its data folder {self.folder} and set them aside "
                 "(nothing was deleted); it starts with fresh ones."]
        lines += [s.line() for s in self.set_aside]
        return "\n\n".join(lines)


def check_lock(path: Path) -> None:
    read_lock(path)


def check_autosave(path: Path) -> None:
    from cs_desktop.formats.savegame import load_game

    load_game(path)


def check_campaign_mark(path: Path) -> None:
    from cs_desktop.play.campaign_mark import MAX_MARK_BYTES, parse_mark

    parse_mark(decode_text(read_bytes(path, MAX_MARK_BYTES, "a campaign battle mark"), path), path)


def check_settings(path: Path) -> None:
    """The INI text QSettings writes: UTF-8, no NUL bytes; each line a [section], key=value or a comment."""
    text = path.read_bytes().decode("utf-8")
    if "\x00" in text:
        raise ValueError("it holds NUL bytes, not text")
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line[0] in ";#" or (line.startswith("[") and line.endswith("]")) or "=" in line:
            continue
        raise ValueError(f"line {n} is neither [section] nor key=value")


def check_layout(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or data.get("format") != LAYOUT_FORMAT:
        raise ValueError(f"expected an object with \"format\": \"{LAYOUT_FORMAT}\"")
    if not isinstance(data.get("version"), int):
        raise ValueError("\"version\" must be a whole number")
    for key in ("geometry", "state"):
        if not isinstance(data.get(key), str):
            raise ValueError(f"\"{key}\" must be base64 text")
        base64.b64decode(data[key], validate=True)


def check_recent(path: Path) -> None:
    parse_recent(path.read_text(encoding="utf-8"))


def check_library(path: Path) -> None:
    con = sqlite3.connect(path, timeout=5)
    try:
        rows = con.execute("PRAGMA quick_check").fetchall()
    finally:
        con.close()
    problems = [str(r[0]) for r in rows if r and r[0] != "ok"]
    if problems:
        raise ValueError("SQLite integrity check: " + "; ".join(problems[:3]))


#: (file name, what it is for the player, its check); the check raises if the file is damaged
CHECKS: list[tuple[str, str, Callable[[Path], None]]] = [
    (LOCK_NAME, "session lock file", check_lock),
    (AUTOSAVE_NAME, "autosave", check_autosave),
    (CAMPAIGN_MARK_NAME, "mark of the campaign battle in play", check_campaign_mark),
    (SETTINGS_NAME, "settings file", check_settings),
    (LAYOUT_NAME, "window layout file", check_layout),
    (RECENT_NAME, "recent-games list", check_recent),
    (LIBRARY_NAME, "library database", check_library),
]


def _problem(e: BaseException) -> str:
    from cs_desktop.formats.savegame import SaveError

    if isinstance(e, SaveError):
        return e.problem
    if isinstance(e, FileFormatError):
        return "; ".join(f"{where}: {what}" for where, what in e.problems)
    if isinstance(e, UnicodeDecodeError):
        return "it is not UTF-8 text"
    if isinstance(e, json.JSONDecodeError):
        return f"bad JSON at line {e.lineno}, column {e.colno} ({e.msg})"
    if isinstance(e, sqlite3.DatabaseError):
        return f"SQLite cannot read it ({e})"
    if isinstance(e, binascii.Error):
        return f"bad base64 ({e})"
    if isinstance(e, OSError):
        return f"cannot read it ({e.strerror or e})"
    return str(e) or type(e).__name__


def set_aside(path: Path, stamp: str | None = None) -> Path:
    """Rename `path` to `NAME.damaged-YYYYMMDD-HHMMSS` (with -2, -3... if taken); returns the new path."""
    stamp = stamp or time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.damaged-{stamp}")
    n = 2
    while target.exists():
        target = path.with_name(f"{path.name}.damaged-{stamp}-{n}")
        n += 1
    os.rename(path, target)
    return target


def _ours(name: str) -> bool:
    return name in {n for n, _w, _c in CHECKS} or name.endswith(".csgame")


def remove_temp_files(folder: Path) -> list[Path]:
    """Remove leftovers of interrupted atomic writes of our own files (another program's are left alone)."""
    removed = []
    for p in folder.iterdir():
        m = TEMP_FILE.match(p.name)
        if m and _ours(m.group("name")) and p.is_file():
            try:
                p.unlink()
                removed.append(p)
            except OSError:
                pass
    return removed


def check_data_folder(folder: str | os.PathLike[str]) -> StartupReport:
    """Tidy and check the data folder before the program uses it (see the module's docstring)."""
    root = Path(folder)
    report = StartupReport(root)
    try:
        root.mkdir(parents=True, exist_ok=True)
    except OSError:
        return report  # the window says so when it first writes there
    if AutosaveStore(root).other_window_running():
        report.other_window = True
        return report
    report.removed_temp = remove_temp_files(root)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for name, what, check in CHECKS:
        path = root / name
        if not os.path.lexists(path) or path.is_dir():
            continue
        try:
            if not stat.S_ISREG(path.stat().st_mode):  # a pipe or device: reading it could hang the start
                raise ValueError("it is not a regular file (a pipe, device or socket)")
            check(path)
            continue
        except Exception as e:  # any failure to read it means damaged: it must not stop the start
            item = SetAside(what, path, _problem(e))
        try:
            item.moved_to = set_aside(path, stamp)
            if name == LIBRARY_NAME:  # its write-ahead log belongs to the damaged file
                for extra in ("-wal", "-shm"):
                    side = root / f"{name}{extra}"
                    if side.exists():
                        set_aside(side, stamp)
        except OSError as e:
            item.error = e.strerror or str(e)
        report.set_aside.append(item)
    return report
