"""At start: "Continue <scenario>, turn N, <what is asked>?" -- Continue / Not now.

Continue loads the autosave (Save then goes to the player's own file, if he had one). Not now keeps the game
for later: unless the player's own file already holds it, the autosave is moved to
`unfinished-YYYYMMDD-HHMMSS.csgame` in the data folder and listed in Game > Recent games, so the next game
cannot overwrite it.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtWidgets import QMessageBox, QStatusBar, QWidget

from cs_desktop.play.autosave import Resumable

if TYPE_CHECKING:
    from cs_desktop.play.autosave import AutosaveStore
    from cs_desktop.play.recent import RecentGames


class GameLoader(Protocol):
    """How a kept game is opened: the window's file actions (gui/window/files.py)."""

    def load_from(self, path: str | Path) -> bool: ...


class ResumeHost(Protocol):
    """What the offer uses of the main window (gui/window/main.py, which imports this module)."""

    autosave: AutosaveStore | None
    recent: RecentGames

    def window(self) -> QWidget: ...

    def statusBar(self) -> QStatusBar: ...

    @property
    def files(self) -> GameLoader: ...

    def show_error(self, title: str, text: str) -> None: ...


class ResumeOffer(QMessageBox):
    """The question, with its two buttons named (tests and the testing hook press them)."""

    def __init__(self, window: ResumeHost, found: Resumable) -> None:
        why = ("Captain's Sea did not close properly last time." if found.crashed
               else "Your last game is not finished.")
        super().__init__(QMessageBox.Icon.Question, "Continue the last game?", f"{why}\n\n{found.question()}",
                         QMessageBox.StandardButton.NoButton, window.window())
        self.setObjectName("resume-offer")
        self.continue_button = self.addButton("&Continue", QMessageBox.ButtonRole.AcceptRole)
        self.later_button = self.addButton("&Not now", QMessageBox.ButtonRole.RejectRole)


def offer_resume(window: ResumeHost, found: Resumable) -> ResumeOffer:
    box = ResumeOffer(window, found)
    yes, later = box.continue_button, box.later_button
    box.setDefaultButton(yes)
    box.setEscapeButton(later)

    def answered(button: Any) -> None:
        if button is yes:
            window.files.load_from(found.path)
        else:
            not_now(window, found)

    box.buttonClicked.connect(answered)
    box.open()
    return box


def not_now(window: ResumeHost, found: Resumable) -> None:
    if window.autosave is None:
        return
    try:
        kept = window.autosave.keep_for_later(found)
    except OSError as e:
        window.show_error("Could not keep the last game", f"{found.path}: {e.strerror or e}")
        return
    if kept is not None:
        window.recent.add(kept, found.title, found.turn)
        window.statusBar().showMessage(f"The unfinished game is kept as {kept}: Game → Recent games opens it.",
                                       10000)
