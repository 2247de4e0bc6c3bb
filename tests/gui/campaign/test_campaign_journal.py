"""Issue 29, item 7 in the window: Campaign → Read the journal… shows every entry with each battle's story, and
exports it as Markdown and HTML (the same text as `captains-sea campaign journal`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cs_desktop.campaign import policy
from cs_desktop.campaign.journal_export import to_html, to_markdown


def test_the_journal_reads_and_exports(make_window: Any, qtbot: Any, tmp_path: Path) -> None:
    window = make_window()
    control = window.campaign
    assert not control.act_journal.isEnabled()  # no campaign yet
    assert control.read_journal() is None
    presenter = control.start(window.files.library(), "constitution-1812", 3)
    assert presenter is not None
    while (req := presenter.request()) is not None and req.kind != "battle":
        assert presenter.choose(policy.choose(presenter.engine, req))
    assert presenter.resolve()  # the battle fought by computer captains: a battle line and its story
    journal = presenter.engine.state.journal
    story = next(e for e in journal if e["kind"] == "story")
    control.act_journal.trigger()
    dialog = control.journal_dialog
    assert dialog is not None and dialog.isVisible()
    text = dialog.browser.toPlainText()
    assert story["text"] in text and journal[-1]["text"] in text
    title, captain = presenter.engine.c.campaign.title, presenter.engine.state.captain
    dialog.export_to(tmp_path / "log", "md")
    assert dialog.last_written == tmp_path / "log.md"
    assert (tmp_path / "log.md").read_text(encoding="utf-8") == to_markdown(title, captain, journal)
    dialog.export_to(tmp_path / "log.html", "html")
    assert (tmp_path / "log.html").read_text(encoding="utf-8") == to_html(title, captain, journal)
    dialog.close()
