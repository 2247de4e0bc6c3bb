"""The captain's journal to read and export (issue 29, item 7): the whole journal in a text browser, each battle
in bold with its story under it, and Export as Markdown… / Export as HTML…. The document is the play layer's
(`play/campaign_journal.py`); this draws it and asks where to write."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFileDialog, QPushButton, QTextBrowser, QVBoxLayout, QWidget

from cs_desktop.formats.files import atomic_write_text
from cs_desktop.play import campaign_journal
from cs_desktop.play.campaign_presenter import CampaignPresenter

FILTERS = {"md": "Markdown (*.md)", "html": "HTML (*.html)"}


class JournalDialog(QDialog):
    def __init__(self, presenter: CampaignPresenter, folder: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.presenter = presenter
        self.folder = folder
        self.setWindowTitle("Captain's journal")
        self.setObjectName("journal-dialog")
        self.resize(760, 640)
        self.browser = QTextBrowser()
        self.browser.setObjectName("journal-text")
        self.browser.setHtml(campaign_journal.document(presenter, "html"))
        self.browser.moveCursor(self.browser.textCursor().MoveOperation.End)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.export_buttons: dict[str, QPushButton] = {}
        for fmt, label in (("md", "Export as &Markdown…"), ("html", "Export as &HTML…")):
            button = buttons.addButton(label, QDialogButtonBox.ButtonRole.ActionRole)
            button.setObjectName(f"journal-export-{fmt}")
            button.clicked.connect(lambda _=False, f=fmt: self.ask_export(f))
            self.export_buttons[fmt] = button
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser)
        layout.addWidget(buttons)
        self.last_written: Path | None = None

    def ask_export(self, fmt: str) -> None:
        proposed = self.folder / campaign_journal.file_name(self.presenter, fmt)
        path, _ = QFileDialog.getSaveFileName(self, "Export the journal", str(proposed), FILTERS[fmt])
        if path:
            self.export_to(Path(path), fmt)

    def export_to(self, path: Path, fmt: str) -> None:
        if path.suffix != f".{fmt}":
            path = path.with_name(path.name + f".{fmt}")
        atomic_write_text(path, campaign_journal.document(self.presenter, fmt))
        self.last_written = path
