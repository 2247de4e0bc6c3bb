"""The New Game dialog: the shipped scenarios, the seats (a human, a level of the computer captain or a baseline),
the seed and the options, with the scenario's description and 20.1 terms. The layout is the Designer form
ui/new_game_dialog.ui."""

from __future__ import annotations

import html
import random
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QWidget,
)

import cs_desktop
from cs_desktop.gui.forms import load_form
from cs_desktop.gui.editors.scenario_switches import switch_boxes, tooltip
from cs_desktop.gui.dialogs.seat_choice import seat_combo
from cs_desktop.play import catalog
from cs_desktop.play.seating import DEFAULT_COMPUTER, HUMAN

#: the switch offered only while the fleet rules are ticked, which it needs (R18.0j)
FLEET_SWITCH = "prize_crews"
PRIZE_OFF_TIP = ("Needs the fleet rules: tick them first. Prize crews go aboard the hulks and captures of a fleet "
                 "battle (R18.0j).")
COMPASS = {1: "N", 2: "NE", 3: "E", 4: "SE", 5: "S", 6: "SW", 7: "W", 8: "NW"}


def shipped_scenarios() -> list[tuple[Path, Any]]:
    """(path, Scenario) of each shipped scenario that loads — duels, squadron actions, what-ifs (play/catalog.py)."""
    return [(e.path, e.scenario) for e in catalog.shipped()]


def _clip(text: str, most: int) -> str:
    if len(text) <= most:
        return text
    return text[:most].rsplit(" ", 1)[0] + " …"


class NewGameDialog(QDialog):
    """Pick a scenario (shipped or any file), the seats (human or computer) and the rules options (a box for every
    switch of `RulesOptions.SWITCHES`, made as the scenario designer makes them: `scenario_switches`)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New Game")
        self.setObjectName("new-game")
        self.resize(980, 850)
        form = load_form("new_game_dialog", self)
        self.list = form.get(QListWidget, "scenarios")
        self.other = form.get(QPushButton, "other")
        self.other.clicked.connect(self._browse)
        self.details = form.get(QLabel, "details")
        self.seat_boxes: dict[str, QComboBox] = {}
        self.bid_boxes: dict[str, QSpinBox] = {}
        self.seats_holder = form.get(QWidget, "seats_holder")
        self.seats_form = form.get(QFormLayout, "seats_form")
        self.form = form.get(QFormLayout, "options_form")
        self.turn_limit = form.get(QSpinBox, "turn-limit")
        self.bridge = form.get(QCheckBox, "bridge")
        self.bonus = form.get(QCheckBox, "bonus")
        self.bridge.toggled.connect(self.bonus.setEnabled)
        self.relativity = form.get(QComboBox, "relativity")
        for value, label in (("", "as the scenario says"), ("standard", "Standard (two ships, 7.0)"),
                             ("fractional", "Fractional Relativity (21.1)"), ("zero", "Zero Relativity (21.2)")):
            self.relativity.addItem(label, value)
        self.seed = form.get(QSpinBox, "seed")
        # every switch of RulesOptions.SWITCHES (as the scenario designer), ticked as the scenario says
        self.switches = switch_boxes(form.layout("switches_layout"))
        self.variable_wind = self.switches["variable_wind"]
        self.fleet_rules = self.switches["fleet_rules"]
        self.prize_crews = self.switches[FLEET_SWITCH]  # only with the fleet rules (R18.0j)
        self.fleet_rules.toggled.connect(self._fleet_toggled)
        self.prize_crews.toggled.connect(self._prize_toggled)
        self.seed.setValue(random.randrange(1, 1_000_000))
        self.buttons = form.get(QDialogButtonBox, "buttons")
        self.ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        assert self.ok_button is not None
        self.ok_button.setText("&Start")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        #: a row per list row: (path, Scenario), or (Path(group name), None) for a group's heading
        self.scenarios: list[tuple[Path, Any]] = []
        group = ""
        for entry in catalog.shipped():
            if entry.group != group:
                group = entry.group
                self._add_heading(group)
            self._add(entry.path, entry.scenario, entry.label)
        self.list.currentRowChanged.connect(self._selected)
        self._selected(-1)
        first = next((i for i, (_p, sc) in enumerate(self.scenarios) if sc is not None), -1)
        if first >= 0:
            self.list.setCurrentRow(first)

    def _add_heading(self, group: str) -> None:
        """A group's heading row (issue 28 item 5): not selectable."""
        self.scenarios.append((Path(group), None))
        item = QListWidgetItem(group)
        item.setFlags(Qt.ItemFlag.NoItemFlags)
        font = item.font()
        font.setBold(True)
        item.setFont(font)
        self.list.addItem(item)

    def _add(self, path: Path, sc: Any, label: str | None = None) -> None:
        self.scenarios.append((path, sc))
        item = QListWidgetItem("   " + (label or f"{sc.title} ({sc.date[:4]})"))
        item.setToolTip(str(path))
        self.list.addItem(item)

    def _browse(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open a scenario file", str(cs_desktop.SCENARIOS),
                                              "Scenario files (*.json);;All files (*)")
        if path:
            self.add_scenario_file(path)

    def add_scenario_file(self, path: str | Path) -> bool:
        from cs_desktop.formats.files import load_scenario_with_ships
        from cs_desktop.formats.jsonread import FileFormatError

        try:
            sc, _ships = load_scenario_with_ships(path)
        except FileFormatError as e:
            self.list.setCurrentRow(-1)  # Start stays off until a scenario that loads is picked
            self.details.setText("<b>This file cannot be used:</b><br>" + "<br>".join(html.escape(x)
                                                                                    for x in e.lines()))
            return False
        self._add(Path(path), sc)
        self.list.setCurrentRow(self.list.count() - 1)
        return True

    def _selected(self, row: int) -> None:
        if 0 <= row < len(self.scenarios) and self.scenarios[row][1] is None:  # a heading: its first scenario
            below = next((i for i in range(row + 1, len(self.scenarios)) if self.scenarios[i][1] is not None), -1)
            if below >= 0:
                self.list.setCurrentRow(below)
                return
        ok = 0 <= row < len(self.scenarios) and self.scenarios[row][1] is not None
        self.ok_button.setEnabled(ok)
        if not ok:
            return
        path, sc = self.scenarios[row]
        sides = " vs ".join(f"{s.name} ({', '.join(x.ship_id for x in s.ships)})" for s in sc.sides)
        self.details.setText(f"<h3>{html.escape(sc.title)}</h3><p>{html.escape(sc.date)} · "
                             f"{html.escape(sc.location)} · {sc.engagement} engagement · wind toward "
                             f"{COMPASS.get(sc.wind, sc.wind)}</p><p>{html.escape(sides)}</p>"
                             f"<p>{html.escape(_clip(sc.description, 520))}</p>")
        while self.seats_form.rowCount():
            self.seats_form.removeRow(0)
        self.seat_boxes = {}
        self.bid_boxes = {}
        for i, side in enumerate(sc.sides):
            combo, about = seat_combo(side.id, HUMAN if i == 0 else DEFAULT_COMPUTER)
            lab = QLabel(f"{side.name} (&{i + 1})")
            lab.setBuddy(combo)
            self.seats_form.addRow(lab, combo)
            self.seats_form.addRow(about)
            self.seat_boxes[side.id] = combo
            bid = QSpinBox()
            bid.setObjectName(f"bid-{side.id}")
            bid.setRange(0, 200)
            bid.setValue(sc.options.bid.get(side.id, 0))
            bid.setToolTip("19.0 option: victory points this side grants its opponent at the end"
                           + (" (with more than two sides, each other side: R20.1m)" if len(sc.sides) > 2 else ""))
            self.seats_form.addRow(f"  bid: {side.name} grants", bid)
            self.bid_boxes[side.id] = bid
        if sc.options.turn_limit:
            self.turn_limit.setValue(sc.options.turn_limit)
        for name, box in self.switches.items():  # the fleet rules first: prize crews follow them
            box.setChecked(bool(getattr(sc.options, name)))
        self._fleet_toggled(self.fleet_rules.isChecked())

    def _fleet_toggled(self, on: bool) -> None:
        """R18.0j: prize crews need the fleet rules; unticking those unticks it."""
        if not on:
            self.prize_crews.setChecked(False)
        self.prize_crews.setEnabled(on)
        self.prize_crews.setToolTip(tooltip(FLEET_SWITCH) if on else PRIZE_OFF_TIP)
        self._prize_toggled(self.prize_crews.isChecked())

    def _prize_toggled(self, on: bool) -> None:
        """R18.0v: a prize sails only under her prize crew; unticking prize crews unticks it."""
        sails = self.switches["prize_sails"]
        if not on:
            sails.setChecked(False)
        sails.setEnabled(on)

    def set_seat(self, side: str, kind: str) -> None:
        combo = self.seat_boxes[side]
        combo.setCurrentIndex(combo.findData(kind))

    def choice(self) -> dict[str, Any]:
        path, sc = self.scenarios[self.list.currentRow()]
        options: dict[str, Any] = {"bridge_cards": self.bridge.isChecked(),
                                   "bonus_cards": self.bridge.isChecked() and self.bonus.isChecked()}
        if self.turn_limit.value():
            options["turn_limit"] = self.turn_limit.value()
        if self.relativity.currentData():
            options["relativity"] = self.relativity.currentData()
        bid = {side: box.value() for side, box in self.bid_boxes.items()}
        if any(bid.values()) and bid != dict(sc.options.bid):
            options["bid"] = bid
        for name, box in self.switches.items():  # written only when it differs from the scenario's
            on = box.isChecked() and (name != FLEET_SWITCH or self.fleet_rules.isChecked())  # R18.0j
            if on != bool(getattr(sc.options, name)):
                options[name] = on
        return {"path": path, "scenario": sc, "seats": {s: c.currentData() for s, c in self.seat_boxes.items()},
                "seed": self.seed.value(), "options": options}
