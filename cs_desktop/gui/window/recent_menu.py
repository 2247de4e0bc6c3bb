"""Game > Recent games: the last saved games and the autosave, most recent first (cs_desktop/play/recent.py)."""

from __future__ import annotations

from pathlib import Path
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QWidget

from cs_desktop.gui.window.files import FileActions
from cs_desktop.play.recent import RecentGame


class RecentMenu(QMenu):
    def __init__(self, parent: QWidget, files: FileActions) -> None:
        super().__init__("Recent &games", parent)
        self.setObjectName("menu-recent")
        self.files = files  # the window's file actions: the autosave, the list, and opening a game
        self.recent = files.recent
        self.games: list[RecentGame] = []
        self.aboutToShow.connect(self.rebuild)
        self.rebuild()

    def rebuild(self) -> list[str]:
        """Fill the menu from the list (files that are gone are dropped); returns the labels."""
        self.clear()
        autosave = self.files.autosave
        # the autosave is listed only while no game is in the window (then it is that game)
        listed = autosave.path if autosave is not None and not self.files.session.screen().has_game else None
        self.games = self.recent.entries(listed)
        for i, game in enumerate(self.games):
            prefix = f"&{i + 1} " if i < 9 else "1&0 " if i == 9 else ""
            act = QAction(prefix + game.label().replace("&", "&&"), self)
            act.setToolTip(game.path)
            act.setStatusTip(game.path)
            act.triggered.connect(lambda _checked=False, p=game.path: self.files.load_from(Path(p)))
            self.addAction(act)
        if not self.games:
            none = QAction("(no saved games yet)", self)
            none.setEnabled(False)
            self.addAction(none)
        return [g.label() for g in self.games]
