"""The window layout (geometry and dock state) in its own JSON file in the data folder, written atomically.

QSettings kept it before; a JSON file of our own lets the start-up checks (cs_desktop/play/startup.py) tell a
damaged layout from a good one and set it aside like any other damaged file.
"""

from __future__ import annotations

import base64
import json
from pathlib import Path

from PySide6.QtCore import QByteArray

from cs_desktop.formats.files import atomic_write_text
from cs_desktop.play.startup import LAYOUT_FORMAT, check_layout


class LayoutFile:
    def __init__(self, path: str | Path, version: int) -> None:
        self.path = Path(path)
        self.version = version
        self.geometry = QByteArray()
        self.state = QByteArray()
        self.load()

    def load(self) -> None:
        """Read the file; a missing or damaged one gives the default layout (start-up sets damaged ones aside)."""
        try:
            check_layout(self.path)
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except Exception:
            return
        if data["version"] != self.version:
            return  # an older layout: the docks have changed since
        self.geometry = QByteArray(base64.b64decode(data["geometry"]))
        self.state = QByteArray(base64.b64decode(data["state"]))

    def save(self, geometry: QByteArray, state: QByteArray) -> None:
        self.geometry, self.state = QByteArray(geometry), QByteArray(state)
        data = {"format": LAYOUT_FORMAT, "version": self.version,
                "geometry": base64.b64encode(bytes(geometry.data())).decode("ascii"),
                "state": base64.b64encode(bytes(state.data())).decode("ascii")}
        try:
            atomic_write_text(self.path, json.dumps(data) + "\n")
        except OSError:
            pass  # the layout is a convenience; a full disk must not stop the window closing

    def clear_state(self) -> None:
        self.state = QByteArray()
