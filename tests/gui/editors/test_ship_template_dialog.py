"""The ship editor's "New ship from template…" (ruling R3.0a): Captains Bold's ship types from the data folder,
each with where its values come from; the one chosen becomes a new ship in the editor, saved as a new card.

API tested: ShipTemplateDialog, ShipEditor.use_template / new_from_template, against a real SQLite library.
Actions: open the editor on Constitution, click the button, pick a template as a user would, rename and save.
Expected: seven templates listed, the provenance of the one selected shown; the draft is the template, undoable;
saving adds a new ship and leaves Constitution as she was.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QPushButton

from cs_desktop.gui.editors.ship_templates import ShipTemplateDialog
from cs_desktop.library import Library
from tests.gui.editors.test_editors import click, make_ship_editor


@pytest.fixture
def lib(tmp_path: Path) -> Any:
    library = Library.open(path=tmp_path / "lib.sqlite3")
    yield library
    library.close()


def test_appendix_a_R3_0a_the_dialog_lists_the_templates_with_their_provenance(qtbot: Any) -> None:
    dialog = ShipTemplateDialog()
    qtbot.addWidget(dialog)
    assert dialog.list.count() == 7
    rows = [dialog.list.item(i).text() for i in range(7)]
    assert any("American heavy frigate" in r for r in rows) and any("carronade-armed" in r for r in rows)
    dialog.list.setCurrentRow(rows.index(next(r for r in rows if r.startswith("Essex"))))
    text = dialog.provenance.toPlainText()
    assert "Appendix A - Ship Displays, 'Carronade-armed frigate (USS Essex" in text and "USS Essex (1799)" in text
    assert dialog.chosen() is not None and dialog.chosen().id == "cb-carronade-frigate"  # type: ignore[union-attr]
    assert dialog.ok.isEnabled() and dialog.problems.text() == ""


def test_appendix_a_R3_0a_new_ship_from_template_in_the_editor(qtbot: Any, lib: Any) -> None:
    """The button opens the dialog; choosing the late frigate makes her the draft (a new ship, undoable); renamed
    and saved she is a new card, and Constitution is unchanged."""
    editor = make_ship_editor(qtbot, lib, "constitution")
    seen: list[ShipTemplateDialog] = []

    def pick() -> None:
        dialog = next(w for w in QApplication.topLevelWidgets() if isinstance(w, ShipTemplateDialog) and w.isVisible())
        seen.append(dialog)
        dialog.list.setCurrentRow([c.id for c in dialog.cards].index("cb-late-frigate"))
        click(qtbot, dialog.ok)  # type: ignore[arg-type]

    QTimer.singleShot(0, pick)
    click(qtbot, editor.findChild(QPushButton, "from_template"))
    assert seen and editor.original_id is None
    assert editor.doc.get(("id",)) == "cb-late-frigate" and editor.doc.get(("crew_points",)) == 12
    assert "give her a name and id" in editor.status.text()
    editor.undo_button.defaultAction().trigger()
    assert editor.doc.get(("id",)) == "constitution"
    editor.redo_button.defaultAction().trigger()
    editor.id_edit.setText("lively")
    editor.id_edit.editingFinished.emit()
    editor.name_edit.setText("Lively")
    editor.name_edit.editingFinished.emit()
    assert editor.save(), editor.status.text()
    assert lib.get_ship("lively").crew_points == 12
    assert lib.get_ship("constitution").crew_points == 18
