"""Closing never loses a game: before the window closes, or a new game replaces an unfinished one (New Game,
Open, Recent games, Play from the library), ask Save / Discard / Cancel.

Save (the default) writes the game to its file, or asks for one; Discard drops it (and its autosave); Cancel
leaves the window and the game as they were. Nothing is asked when the game is over, nothing has changed
since the player saved it, or the game is kept elsewhere after every decision (a campaign's battle, in the
campaign's library row: `PlayPresenter.keep_elsewhere`).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from cs_desktop.formats.savegame import SUFFIX

if TYPE_CHECKING:
    from cs_desktop.gui.session import GameSession

B = QMessageBox.StandardButton


class GuardedWindow(Protocol):
    """What the guard uses of the window's file actions that own it (gui/window/files.py, which imports this
    module): the session, the parent of its questions, and saving."""

    session: GameSession

    def window(self) -> QWidget: ...

    def save_to(self, path: str | Path) -> bool: ...

    def save_dir(self) -> Path: ...


class CloseGuard:
    def __init__(self, window: GuardedWindow) -> None:
        self.window = window
        self.box: QMessageBox | None = None
        self._passing = False

    def at_risk(self) -> bool:
        return not self._passing and self.window.session.files.at_risk()

    def ask(self, doing: str, then: Callable[[], Any]) -> bool:
        """True: nothing to lose, go ahead now. False: the question is open; `then` runs after Save (once
        saved) or Discard, and never after Cancel."""
        if not self.at_risk():
            return True
        screen = self.window.session.screen()
        box = QMessageBox(QMessageBox.Icon.Question, "Keep this game?",
                          f"{screen.title}, turn {screen.turn}, is not finished.\n\n"
                          f"Save it before you {doing}?", B.Save | B.Discard | B.Cancel, self.window.window())
        box.setObjectName("keep-game")
        box.setDefaultButton(B.Save)
        box.setEscapeButton(B.Cancel)
        box.button(B.Save).setText("&Save…" if self.window.session.files.save_path is None else "&Save")
        box.button(B.Discard).setText("&Discard")
        box.button(B.Cancel).setText("Cancel")
        box.finished.connect(lambda _r: self._answered(box, then))
        self.box = box
        box.open()
        return False

    def _answered(self, box: QMessageBox, then: Callable[[], Any]) -> None:
        clicked = box.clickedButton()
        button = box.standardButton(clicked) if clicked is not None else B.Cancel
        self.box = None
        if button == B.Save:
            if not self.save():
                return
        elif button == B.Discard:
            self.window.session.files.discard()  # its autosave goes; the close does not keep it
        else:
            return
        self._passing = True
        try:
            then()
        finally:
            self._passing = False

    def save(self) -> bool:
        """Save to the game's file, or to one the player picks; False if he cancels or the save fails."""
        path = self.window.session.files.save_path
        if path is None:
            path = self.ask_save_path()
            if path is None:
                return False
        return bool(self.window.save_to(path))

    def ask_save_path(self) -> Path | None:
        name, _ = QFileDialog.getSaveFileName(self.window.window(), "Save the game",
                                              str(self.window.save_dir() / f"game{SUFFIX}"),
                                              f"Saved games (*{SUFFIX})")
        if not name:
            return None
        return Path(name if name.endswith(SUFFIX) else name + SUFFIX)
