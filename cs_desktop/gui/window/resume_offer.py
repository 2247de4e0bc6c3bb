"""At start: "Continue <scenario>, turn N, <what is asked>?" -- Continue / Not now.

Continue loads the autosave (Save then goes to the player's own file, if he had one). Not now keeps the game
for later: unless the player's own file already holds it, the autosave is moved to
`unfinished-YYYYMMDD-HHMMSS.csgame` in the data folder and listed in Game > Recent games, so the next game
cannot overwrite it.
"""

from __future__ import annotations

from pathlib import Path
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QMessageBox, QWidget

from cs_desktop.play.autosave import Resumable

if TYPE_CHECKING:
    from cs_desktop.play.autosave import AutosaveStore
    from cs_desktop.play.recent import RecentGames


class ResumeOffer(QMessageBox):
    """The question, with its two buttons named (tests and the testing hook press them)."""

    def __init__(self, parent: QWidget, found: Resumable) -> None:
        why = ("Captain's Sea did not close properly last time." if found.crashed
               else "Your last game is not finished.")
        super().__init__(QMessageBox.Icon.Question, "Continue the last game?", f"{why}\n\n{found.question()}",
                         QMessageBox.StandardButton.NoButton, parent)
        self.setObjectName("resume-offer")
        self.continue_button = self.addButton("&Continue", QMessageBox.ButtonRole.AcceptRole)
        self.later_button = self.addButton("&Not now", QMessageBox.ButtonRole.RejectRole)


def offer_resume(parent: QWidget, found: Resumable, load: Callable[[Path], object],
                 later: Callable[[Resumable], None]) -> ResumeOffer:
    """Ask (non-modal, over `parent`): Continue calls `load(found.path)` (the window's file actions), Not now
    `later(found)` (`not_now`, given what it uses by the window)."""
    box = ResumeOffer(parent, found)
    yes, no = box.continue_button, box.later_button
    box.setDefaultButton(yes)
    box.setEscapeButton(no)

    def answered(button: Any) -> None:
        if button is yes:
            load(found.path)
        else:
            later(found)

    box.buttonClicked.connect(answered)
    box.open()
    return box


def not_now(found: Resumable, autosave: AutosaveStore | None, recent: RecentGames, say: Callable[[str], None],
            show_error: Callable[[str, str], None]) -> None:
    """Keep the unfinished game where the next one cannot overwrite it, listed in `recent`; `say` tells the
    player where (the status bar), `show_error` why it could not be kept."""
    if autosave is None:
        return
    try:
        kept = autosave.keep_for_later(found)
    except OSError as e:
        show_error("Could not keep the last game", f"{found.path}: {e.strerror or e}")
        return
    if kept is not None:
        recent.add(kept, found.title, found.turn)
        say(f"The unfinished game is kept as {kept}: Game → Recent games opens it.")
