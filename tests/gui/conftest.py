"""Fixtures for the desktop client tests: a main window with its own settings file and autosave folder."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QPushButton, QRadioButton
from pytestqt.exceptions import TimeoutError as QtBotTimeout

from cs_desktop.gui import requests as rq
from cs_desktop.gui.window.main import MainWindow

#: how long a test waits for a computer captain's turn or the window to be ready before it calls the test failed:
#: a guard against a hang only, never a measure of the machine's speed (issue 27 item 7: a 30 s wait once failed a
#: fleet turn on a loaded machine); every such wait returns as soon as its condition holds
COMPUTER_TURN_GUARD_MS = 600_000
from cs_desktop.gui.session import GameSession
from cs_desktop.play.autosave import AutosaveStore


def wait_for(qtbot: Any, condition: Callable[[], bool], what: Callable[[], str],
             timeout_ms: int = COMPUTER_TURN_GUARD_MS) -> None:
    """Wait until `condition()` holds, at most `timeout_ms`; past it the test fails with `what()`: what it waited
    for and what the window showed (a bare pytest-qt timeout says neither)."""
    try:
        qtbot.waitUntil(condition, timeout=timeout_ms)
    except QtBotTimeout:
        raise AssertionError(f"gave up after {timeout_ms / 1000:g} s waiting for {what()}") from None


@pytest.fixture
def make_window(qtbot: Any, tmp_path: Path) -> Any:
    def build(settings_name: str = "settings.ini") -> MainWindow:
        settings = QSettings(str(tmp_path / settings_name), QSettings.Format.IniFormat)
        autosave = AutosaveStore(tmp_path / "data")
        autosave.start_session()
        window = MainWindow(GameSession(autosave), settings=settings, autosave=autosave)
        qtbot.addWidget(window)
        window.show()
        return window

    return build


#: the odds texts of every aimed shot the driver saw (checked by the play test)
ODDS_SEEN: list[str] = []


def click(qtbot: Any, button: QPushButton | QRadioButton) -> None:
    assert button.isEnabled(), button.text()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def answer_with_widgets(qtbot: Any, window: MainWindow, rng: random.Random) -> str:
    """Answer the request on screen through its widget, as a player would; returns the request kind."""
    widget = window.orders.widget
    assert widget is not None
    kind = widget.request.kind
    if isinstance(widget, rq.SetupWidget):
        for combo in widget.sail.values():
            combo.setCurrentIndex(rng.randrange(combo.count()))
        for per_ship in widget.loads.values():
            for combo in per_ship.values():
                combo.setCurrentIndex(rng.randrange(combo.count()))
        click(qtbot, widget.ok)
    elif isinstance(widget, rq.AssignCrewWidget):
        # on the ship cards: man the guns box by box until the spin boxes stop (the crew limit of 5.0)
        for ship_id in widget.request.info["limits"]:
            if window.dock_layout.fleet_list is not None:  # a fleet game: one card dock; select the ship, then her card
                window.dock_layout.select_ship(ship_id)
            card = window.dock_layout.ship_card(ship_id)
            for box in card.sections.values():
                box.gunners.setValue(box.gunners.maximum())
            card.sailing.setValue(card.sailing.maximum())
        click(qtbot, widget.ok)
    elif isinstance(widget, rq.ManeuverWidget):
        for row in widget.rows.values():
            radios = [rb for rb, _k in row["radios"] if rb.isEnabled()]
            click(qtbot, rng.choice(radios))
            strains = [rb for rb in row["strains"] if rb.isEnabled()]
            click(qtbot, rng.choice(strains))
        click(qtbot, widget.ok)
    elif isinstance(widget, rq.FireWidget):
        for row in widget.rows.values():
            if row["target"].currentData() is not None and widget.fire.isEnabled():
                ODDS_SEEN.append(row["odds"].text())
        if widget.fire.isEnabled() and rng.random() < 0.85:
            for row in widget.rows.values():
                for _cb, aim in row["sections"].values():
                    aim.setCurrentIndex(rng.randrange(aim.count()))
            click(qtbot, widget.fire if widget.fire.isEnabled() else widget.hold)
        else:
            click(qtbot, widget.hold)
    elif isinstance(widget, rq.BonusCardsWidget):
        boxes = [cb for cb, _c in widget.boxes if cb.isEnabled()]
        if boxes and rng.random() < 0.3:
            click(qtbot, boxes[0])
            click(qtbot, widget.ok)
        else:
            click(qtbot, widget.none)
    elif isinstance(widget, rq.OptionsWidget):
        click(qtbot, rng.choice(widget.buttons))
    elif isinstance(widget, (rq.ShipsChoiceWidget, rq.SelectLoadWidget, rq.MeleeSupportWidget,
                             rq.FallbackWidget)):
        click(qtbot, widget.ok)
    else:  # pragma: no cover - a new widget kind must be added above
        raise AssertionError(f"no driver for {type(widget).__name__}")
    return kind


@pytest.fixture
def lib(tmp_path: Path) -> Iterator[Any]:
    """A library in a temporary folder (a test module may define its own)."""
    from cs_desktop.library import Library

    library = Library.open(path=tmp_path / "lib.sqlite3")
    yield library
    library.close()
