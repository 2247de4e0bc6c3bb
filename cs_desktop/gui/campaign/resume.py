"""At start, after a crash in the middle of a campaign's battle: "... a battle of your campaign “…”. Continue the
battle <title>, turn N, <what is asked>?" -- Continue / Not now (the mark and the check are play/campaign_mark.py).

Continue opens the campaign from its library row, which puts its battle back on the board decision for
decision (`CampaignControl.resume`, `play/campaign_battle.py`). Not now leaves the campaign as it stands: its
row keeps the battle, Campaign > Continue... resumes it later; only the mark goes, so the question is not asked
again. If the row no longer holds a battle in play (or cannot be read) nothing is asked; the status bar says why.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import QMessageBox, QWidget

from cs_desktop.play.campaign_mark import CampaignMark, CampaignResumable, battle_in_row

LATER = "Not now leaves the campaign as it stands: Campaign → Continue… resumes the battle later."


class CampaignResumeOffer(QMessageBox):
    """The question, with its two buttons named (tests and the testing hook press them)."""

    def __init__(self, parent: QWidget, found: CampaignResumable) -> None:
        super().__init__(QMessageBox.Icon.Question, "Continue the campaign's battle?",
                         "Captain's Sea did not close properly last time, in the middle of a battle of your "
                         f"campaign “{found.campaign}”.\n\n{found.question()}",
                         QMessageBox.StandardButton.NoButton, parent)
        self.setObjectName("campaign-resume-offer")
        self.setInformativeText(LATER)
        self.continue_button = self.addButton("&Continue", QMessageBox.ButtonRole.AcceptRole)
        self.later_button = self.addButton("&Not now", QMessageBox.ButtonRole.RejectRole)
        self.setDefaultButton(self.continue_button)
        self.setEscapeButton(self.later_button)


def offer_campaign_battle(parent: QWidget, found: CampaignResumable, library: Any,
                          resume: Callable[[Any, int], object | None],
                          say: Callable[[str], None]) -> CampaignResumeOffer | None:
    """Ask (the box is left open, non-modal over `parent`); None if the campaign's row in `library` holds no
    battle to continue (`say` tells the player why). Continue calls `resume(library, campaign id)` (the
    Campaign menu's, gui/campaign/menu.py: None if it could not)."""
    mark = CampaignMark(found.path.parent)
    why = battle_in_row(library, found)
    if why:
        mark.clear()
        say(f"No campaign battle to continue: {why}")
        return None
    box = CampaignResumeOffer(parent, found)

    def answered(button: Any) -> None:
        if button is box.continue_button:
            if resume(library, found.campaign_id) is None:  # said by the campaign menu
                mark.clear()
        else:
            mark.clear()
            say(f"The campaign “{found.campaign}” is kept as it stands: Campaign → Continue… resumes its battle.")

    box.buttonClicked.connect(answered)
    box.open()
    return box
