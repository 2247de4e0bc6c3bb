"""The Qt Designer forms in ui/ (issue 11, item 8): each loads, and every widget the code looks up exists.

API tested: gui/forms.py (load_form, Form.get, FormError) through the real dialogs, editors and the ship card.
Actions: build each window that uses a form, recording the names it looks up; load each .ui file alone; build a
window again on a copy of its form with one looked-up widget renamed.
Expected: every .ui file loads without a Qt warning and is used by some window; building a window looks up
only names its form has; a renamed widget fails with the form's file and the missing name.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QWidget

import cs_desktop
from cs_desktop.gui import forms
from cs_desktop.library import Library


@pytest.fixture
def lib(tmp_path: Path) -> Iterator[Any]:
    library = Library.open(path=tmp_path / "lib.sqlite3")
    yield library
    library.close()


def _settings(tmp_path: Path, lib: Any = None) -> QWidget:
    from cs_desktop.gui.dialogs.settings import SettingsDialog

    return SettingsDialog(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))


def _new_game(tmp_path: Path, lib: Any) -> QWidget:
    from cs_desktop.gui.dialogs.new_game import NewGameDialog

    return NewGameDialog()


def _new_campaign(tmp_path: Path, lib: Any) -> QWidget:
    from cs_desktop.gui.campaign.new_campaign import NewCampaignDialog

    return NewCampaignDialog()


def _ship_card(tmp_path: Path, lib: Any) -> QWidget:
    from cs_desktop.gui.panels.ship_card import ShipCardWidget

    return ShipCardWidget()


def _ship_editor(tmp_path: Path, lib: Any) -> QWidget:
    from cs_desktop.gui.editors.ship_editor import ShipEditor

    return ShipEditor(lib, "constitution")


def _ship_templates(tmp_path: Path, lib: Any) -> QWidget:
    from cs_desktop.gui.editors.ship_templates import ShipTemplateDialog

    return ShipTemplateDialog()


def _scenario_designer(tmp_path: Path, lib: Any) -> QWidget:
    from cs_desktop.gui.editors.scenario_designer import ScenarioDesigner

    return ScenarioDesigner(lib, "constitution-vs-java")


def _library_browser(tmp_path: Path, lib: Any) -> QWidget:
    from cs_desktop.gui.library.browser import LibraryBrowser

    return LibraryBrowser(lib)


def _balance_lab(tmp_path: Path, lib: Any) -> QWidget:
    from cs_desktop.gui.lab.balance_lab import BalanceLab

    return BalanceLab()


def _balance_dialog(tmp_path: Path, lib: Any) -> QWidget:
    from cs_desktop.gui.lab.balance_dialog import BalanceDialog

    scenario, ships = lib.get_scenario_with_ships("constitution-vs-java")
    return BalanceDialog(scenario, ships)


def _welcome(tmp_path: Path, lib: Any) -> QWidget:
    from cs_desktop.gui.window.pages import WelcomePage

    return WelcomePage()


def _handover(tmp_path: Path, lib: Any) -> QWidget:
    from cs_desktop.gui.window.pages import HandoverPage

    return HandoverPage()


def _game_over(tmp_path: Path, lib: Any) -> QWidget:
    from cs_desktop.gui.dialogs.game_over import GameOverDialog
    from cs_desktop.play.screen import empty_screen

    return GameOverDialog(empty_screen())


def _orders(tmp_path: Path, lib: Any) -> QWidget:
    from cs_desktop.gui.panels.orders import OrdersPanel

    return OrdersPanel()


#: a window that uses each form: form name -> build(tmp_path, library)
BUILDERS: dict[str, Callable[[Path, Any], QWidget]] = {
    "settings_dialog": _settings,
    "new_game_dialog": _new_game,
    "new_campaign_dialog": _new_campaign,
    "ship_card": _ship_card,
    "ship_editor": _ship_editor,
    "ship_template_dialog": _ship_templates,
    "scenario_designer": _scenario_designer,
    "library_browser": _library_browser,
    "balance_dialog": _balance_dialog,
    "balance_lab": _balance_lab,
    "welcome_page": _welcome,
    "handover_page": _handover,
    "game_over_dialog": _game_over,
    "orders_panel": _orders,
}


def build(name: str, tmp_path: Path, lib: Any, qtbot: Any) -> tuple[QWidget, list[tuple[str, str]]]:
    """Build the window of form `name`; return it and the (form, widget name) look-ups made while building."""
    seen: list[tuple[str, str]] = []
    original = forms.Form.get

    def recording(self: forms.Form, kind: Any, wanted: str) -> Any:
        seen.append((self.path.stem, wanted))
        return original(self, kind, wanted)

    forms.Form.get = recording  # type: ignore[method-assign]
    try:
        widget = BUILDERS[name](tmp_path, lib)
    finally:
        forms.Form.get = original  # type: ignore[method-assign]
    qtbot.addWidget(widget)
    return widget, seen


def ui_files() -> list[Path]:
    return sorted(cs_desktop.UI.glob("*.ui"))


def test_every_form_in_ui_is_used_by_a_window() -> None:
    names = {p.stem for p in ui_files()}
    assert names, cs_desktop.UI
    assert names <= set(BUILDERS), f"forms no window loads: {sorted(names - set(BUILDERS))}"


@pytest.mark.parametrize("path", ui_files(), ids=lambda p: p.name)
def test_each_form_loads_alone(qtbot: Any, path: Path) -> None:
    forms._the_loader()  # the project's promoted widgets registered
    assert forms._loader is not None
    host = QWidget()
    qtbot.addWidget(host)
    top = forms._loader.load(str(path), host)
    assert top is not None, f"{path}: {forms._loader.errorString()}"
    assert top.findChildren(QWidget), path


@pytest.mark.parametrize("name", sorted(BUILDERS))
def test_each_window_finds_every_widget_it_looks_up_in_its_form(qtbot: Any, tmp_path: Path, lib: Any,
                                                                name: str) -> None:
    widget, seen = build(name, tmp_path, lib, qtbot)
    assert any(form == name for form, _ in seen), f"{name} looks nothing up in ui/{name}.ui"
    assert isinstance(widget, QWidget)


@pytest.mark.parametrize("name", sorted(BUILDERS))
def test_a_widget_renamed_in_designer_fails_with_the_file_and_the_name(qtbot: Any, tmp_path: Path, lib: Any,
                                                                        name: str) -> None:
    _widget, seen = build(name, tmp_path, lib, qtbot)
    wanted = next(w for form, w in seen if form == name)
    broken = tmp_path / "ui"
    shutil.copytree(cs_desktop.UI, broken)
    form = broken / f"{name}.ui"
    text = form.read_text(encoding="utf-8")
    assert text.count(f'name="{wanted}"') == 1, wanted
    form.write_text(text.replace(f'name="{wanted}"', f'name="{wanted}-renamed"'), encoding="utf-8")
    forms.FOLDER.insert(0, broken)
    try:
        with pytest.raises(forms.FormError) as caught:
            build(name, tmp_path, lib, qtbot)
    finally:
        forms.FOLDER.remove(broken)
    assert str(form) in str(caught.value) and repr(wanted) in str(caught.value), caught.value


def test_a_missing_form_file_is_named(qtbot: Any, tmp_path: Path) -> None:
    forms.FOLDER.insert(0, tmp_path)
    try:
        with pytest.raises(forms.FormError, match=str(tmp_path / "settings_dialog.ui")):
            _settings(tmp_path)
    finally:
        forms.FOLDER.remove(tmp_path)
