"""At start, after a crash in the middle of a campaign's battle: "... a battle of your campaign “…”. Continue the
battle <title>, turn N, <what is asked>?" -- Continue / Not now (the mark and the check are play/campaign_mark.py).

Continue opens the campaign from its library row, which puts its battle back on the board decision for
decision (`CampaignControl.resume`, `play/campaign_battle.py`). Not now leaves the campaign as it stands: its
row keeps the battle, Campaign > Continue... resumes it later; only the mark goes, so the question is not asked
again. If the row no longer holds a battle in play (or cannot be read) nothing is asked; the status bar says why.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QMessageBox

from cs_desktop.play.campaign_mark import CampaignMark, CampaignResumable, battle_in_row

if TYPE_CHECKING:
    from cs_desktop.gui.window.main import MainWindow

LATER = "Not now leaves the campaign as it stands: Campaign → Continue… resumes the battle later."


class CampaignResumeOffer(QMessageBox):
    """The question, with its two buttons named (tests and the testing hook press them)."""

    def __init__(self, window: MainWindow, found: CampaignResumable) -> None:
        super().__init__(QMessageBox.Icon.Question, "Continue the campaign's battle?",
                         "Captain's Sea did not close properly last time, in the middle of a battle of your "
                         f"campaign “{found.campaign}”.\n\n{found.question()}",
                         QMessageBox.StandardButton.NoButton, window)
        self.setObjectName("campaign-resume-offer")
        self.setInformativeText(LATER)
        self.continue_button = self.addButton("&Continue", QMessageBox.ButtonRole.AcceptRole)
        self.later_button = self.addButton("&Not now", QMessageBox.ButtonRole.RejectRole)
        self.setDefaultButton(self.continue_button)
        self.setEscapeButton(self.later_button)


def offer_campaign_battle(window: MainWindow, found: CampaignResumable) -> CampaignResumeOffer | None:
    """Ask (the box is left open, non-modal to the program: `window.resume_box`); None if there is nothing to
    continue (said in the status bar)."""
    mark = CampaignMark(found.path.parent)
    library = window.files.library()
    if library is None:  # said by the window; the mark stays for the next start
        return None
    why = battle_in_row(library, found)
    if why:
        mark.clear()
        window.statusBar().showMessage(f"No campaign battle to continue: {why}", 15000)
        return None
    box = CampaignResumeOffer(window, found)

    def answered(button: Any) -> None:
        if button is box.continue_button:
            if window.campaign.resume(library, found.campaign_id) is None:  # said by the campaign menu
                mark.clear()
        else:
            mark.clear()
            window.statusBar().showMessage(f"The campaign “{found.campaign}” is kept as it stands: Campaign → "
                                           "Continue… resumes its battle.", 15000)

    box.buttonClicked.connect(answered)
    window.resume_box = box
    box.open()
    return box
