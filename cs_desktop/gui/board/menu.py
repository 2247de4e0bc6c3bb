"""The board's switches in the View menu: follow my ships, the legend, animated moves. Each is remembered in
the settings file (`board/follow`, `board/legend`, `board/animate`)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, QSettings
from PySide6.QtGui import QAction, QKeySequence

#: key, menu text, shortcut, default, the board's setter
TOGGLES: tuple[tuple[str, str, str | None, bool, str], ...] = (
    ("follow", "Follo&w my ships", "Ctrl+Shift+F", True, "set_follow"),
    ("legend", "&Legend of arcs and markers", "Ctrl+Shift+L", False, "set_legend_visible"),
    ("animate", "&Animate moves", None, True, "set_animate"),
)


def board_toggles(board: Any, settings: QSettings, parent: QObject) -> list[QAction]:
    """The checkable actions for `board` (BoardView; the placeholder board has none), set from the settings;
    made once by the window's docks (gui/window/docks.py), which put them in the View menu each time it is
    rebuilt."""
    made = []
    for key, text, shortcut, default, setter in TOGGLES:
        if not hasattr(board, setter):  # the placeholder board has no such switches
            continue
        act = QAction(text, parent)
        act.setObjectName(f"act-{key}")
        act.setCheckable(True)
        if shortcut:
            act.setShortcut(QKeySequence(shortcut))
        on = settings.value(f"board/{key}", default, type=bool)
        act.setChecked(bool(on))
        getattr(board, setter)(bool(on))
        act.toggled.connect(getattr(board, setter))
        act.toggled.connect(lambda v, k=key: settings.setValue(f"board/{k}", bool(v)))
        made.append(act)
        if key == "legend":
            board.legend.tab.toggled.connect(act.setChecked)
    return made
