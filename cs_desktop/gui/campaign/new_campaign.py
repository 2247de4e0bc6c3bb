"""The New campaign dialog: a shipped campaign, the seed of its dice and, for an open career, the nation and the
start year (offered only then). The layout is the Designer form ui/new_campaign_dialog.ui."""

from __future__ import annotations

import html
from pathlib import Path

from PySide6.QtWidgets import QComboBox, QDialog, QDialogButtonBox, QLabel, QSpinBox, QWidget

from cs_desktop.campaign.folder import Campaign, load_campaign, shipped_campaigns
from cs_desktop.gui.forms import load_form
from cs_desktop.formats.jsonread import FileFormatError


class NewCampaignDialog(QDialog):
    """Pick a campaign and its seed (and an open career's nation and year); `choice()` once accepted."""

    def __init__(self, parent: QWidget | None = None, folders: list[Path] | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New campaign")
        self.setObjectName("new-campaign")
        form = load_form("new_campaign_dialog", self)
        self.campaign = form.get(QComboBox, "campaign")
        self.seed = form.get(QSpinBox, "seed")
        self.nation = form.get(QComboBox, "nation")
        self.year = form.get(QSpinBox, "year")
        self.open_widgets = [self.nation, self.year, form.get(QLabel, "nation_label"), form.get(QLabel, "year_label")]
        self.details = form.get(QLabel, "details")
        self.buttons = form.get(QDialogButtonBox, "buttons")
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        assert ok is not None
        self.ok_button = ok
        self.ok_button.setText("&Start")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.campaigns: list[Campaign] = []
        problems = []
        for folder in shipped_campaigns() if folders is None else folders:
            try:
                self.campaigns.append(load_campaign(folder))
            except FileFormatError as e:  # said in the dialog; the others still offered
                problems.append(f"{folder.name}: " + "; ".join(e.lines()[:3]))
        self.problems = problems
        for c in self.campaigns:
            self.campaign.addItem(c.campaign.title, str(c.folder))
        self.campaign.currentIndexChanged.connect(self._selected)
        self._selected(self.campaign.currentIndex())

    def chosen(self) -> Campaign | None:
        row = self.campaign.currentIndex()
        return self.campaigns[row] if 0 <= row < len(self.campaigns) else None

    def _selected(self, row: int) -> None:
        c = self.chosen()
        self.ok_button.setEnabled(c is not None)
        trouble = "".join(f"<br><i>Not offered: {html.escape(p)}</i>" for p in self.problems)
        if c is None:
            for w in self.open_widgets:
                w.setVisible(False)
            self.details.setText("<b>No campaign can be started.</b>" + trouble)
            return
        oc = c.campaign.open_career
        for w in self.open_widgets:
            w.setVisible(oc is not None)
        self.nation.clear()
        if oc is not None:
            self.nation.addItems([n.nation for n in oc.nations])
            self.year.setRange(oc.years[0], oc.years[1])
            self.year.setValue(oc.years[0])
        cal = c.campaign.calendar
        who = ("an open career: choose the nation and the year it starts" if oc is not None
               else f"Captain {c.campaign.player.captain}, {c.campaign.player.nation}")
        self.details.setText(f"<b>{html.escape(c.campaign.title)}</b> ({cal.start} to {cal.end}), "
                             f"{html.escape(who)}.<br>{html.escape(c.campaign.description)}{trouble}")

    def choice(self) -> tuple[str, int, str | None, int | None]:
        """(campaign folder, seed, nation, start year) as chosen; nation and year None for a historical one."""
        c = self.chosen()
        if c is None:
            raise ValueError("no campaign chosen")
        if c.campaign.open_career is None:
            return str(c.folder), self.seed.value(), None, None
        return str(c.folder), self.seed.value(), self.nation.currentText(), self.year.value()
