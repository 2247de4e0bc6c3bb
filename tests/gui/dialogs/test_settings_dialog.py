"""Game → Settings…: choosing the player's copy of the rules text, its check, QSettings, and the rule panel,
log tooltips and orders tooltip that show our summary (plus the full text once a copy is chosen).

The copy used here is tests/data/rules_fixture.txt (written for the tests, in the rules' heading layout)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QDialogButtonBox

from cs_desktop.gui.window.main import MainWindow
from cs_desktop.gui.panels.rule_view import RuleView
from cs_desktop.gui.dialogs.settings import RULES_TEXT_KEY, SettingsDialog, rules_copy_path

from tests.gui.conftest import click
from tests.gui.window.test_main_window import JAVA, wait_for_request

FIXTURE = Path(__file__).resolve().parents[2] / "data" / "rules_fixture.txt"


def ini(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


def test_choosing_a_copy_of_the_rules_checks_it_and_keeps_it(qtbot: Any, tmp_path: Path) -> None:
    settings = ini(tmp_path)
    dialog = SettingsDialog(settings)
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.path.text() == "" and dialog.ok_button.isEnabled()
    assert "summaries only" in dialog.status.text()

    letter = tmp_path / "letter.txt"
    letter.write_text("Not the rules at all.\nNo numbered headings here.\n", encoding="utf-8")
    qtbot.keyClicks(dialog.path, str(letter))
    assert "does not look like the living rules" in dialog.status.text()
    assert not dialog.ok_button.isEnabled()
    dialog.path.setText(str(tmp_path / "missing.txt"))
    assert "does not exist" in dialog.status.text() and not dialog.ok_button.isEnabled()

    dialog.path.setText(str(FIXTURE))
    assert "Looks like the living rules" in dialog.status.text() and dialog.ok_button.isEnabled()
    click(qtbot, dialog.ok_button)
    assert dialog.result() == SettingsDialog.DialogCode.Accepted
    assert rules_copy_path(ini(tmp_path)) == FIXTURE.resolve()  # written through to the file

    again = SettingsDialog(ini(tmp_path))
    qtbot.addWidget(again)
    assert again.path.text() == str(FIXTURE.resolve())
    click(qtbot, again.clear_button)
    assert again.path.text() == "" and again.ok_button.isEnabled()
    click(qtbot, again.ok_button)
    assert rules_copy_path(ini(tmp_path)) is None
    assert not ini(tmp_path).contains(RULES_TEXT_KEY)


def test_cancel_keeps_the_old_choice(qtbot: Any, tmp_path: Path) -> None:
    settings = ini(tmp_path)
    settings.setValue(RULES_TEXT_KEY, str(FIXTURE))
    dialog = SettingsDialog(settings)
    qtbot.addWidget(dialog)
    dialog.show()
    click(qtbot, dialog.clear_button)
    click(qtbot, dialog.buttons.button(QDialogButtonBox.StandardButton.Cancel))
    assert rules_copy_path(settings) == FIXTURE


def test_browse_opens_a_file_chooser_whose_choice_fills_the_field(qtbot: Any, tmp_path: Path) -> None:
    dialog = SettingsDialog(ini(tmp_path))
    qtbot.addWidget(dialog)
    dialog.show()
    click(qtbot, dialog.browse_button)
    chooser = dialog.file_dialog
    assert chooser is not None and chooser.isVisible()
    chooser.selectFile(str(FIXTURE))
    chooser.accept()
    assert Path(dialog.path.text()) == FIXTURE
    assert dialog.ok_button.isEnabled()


def test_rule_panel_shows_the_summary_and_the_full_text_once_a_copy_is_chosen(qtbot: Any, tmp_path: Path) -> None:
    settings = ini(tmp_path)
    view = RuleView(settings=settings)
    qtbot.addWidget(view)
    view.show_rule("11.4.7")
    shown = view.toPlainText()
    assert "11.4.7 Roll defense dice to determine hit cancellations" in shown
    assert "Firm hull rerolls" in shown and "Game → Settings" in shown
    assert "Fixture text" not in shown
    settings.setValue(RULES_TEXT_KEY, str(FIXTURE))
    view.refresh()
    shown = view.toPlainText()
    assert "Firm hull rerolls" in shown  # the summary stays
    assert "From your copy of the rules" in shown and "Fixture text for 11.4.7" in shown
    assert "Game → Settings" not in shown


def test_settings_menu_entry_and_tooltips_in_the_window(qtbot: Any, make_window: Any) -> None:
    window: MainWindow = make_window()
    window.files.start_game(JAVA, {"us": "human", "gb": "simple"}, 5, {})
    wait_for_request(qtbot, window, "assign_crew")
    # the orders prompt and the log entries carry the rule's summary as their tooltip
    assert "5.0 Assign Crew" in window.orders.prompt.toolTip()
    assert window.log.list.count() > 0
    item = window.log.list.item(0)
    rule = item.data(Qt.ItemDataRole.UserRole)
    assert item.toolTip().startswith(f"<p><b>{rule} ") and "Click to read it" in item.toolTip()

    window.act_rule.trigger()
    assert "Fixture text" not in window.rule_view.toPlainText()
    act = window.findChild(type(window.act_rule), "act-settings")
    assert act is not None and act.text() == "Se&ttings…"
    act.trigger()
    dialog = window.settings_dialog
    assert dialog.isVisible()
    dialog.path.setText(str(FIXTURE))
    click(qtbot, dialog.ok_button)
    assert window.settings.value(RULES_TEXT_KEY) == str(FIXTURE.resolve())
    # the rule panel re-read the rule with the chosen copy (5.0 is not in the fixture: it says so)
    assert window.rule_view.rule == "5.0"
    assert "not in your copy" in window.rule_view.toPlainText()
    window.session.show_rule("11.4.7")
    assert "Fixture text for 11.4.7" in window.rule_view.toPlainText()
