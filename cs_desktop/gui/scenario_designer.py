"""The scenario designer (20.1 "Design Your Own", 21.0 multi-ship): sides and ships, set-up, wind, rules
options, history; the 20.1/21.3 VP terms explained line by line; a board preview of the set-up.

Like the ship editor, the scenario being built is plain JSON data (a scenario file with ships by id) in an
`EditDocument`; each edit is an undoable `SetValues` command and every view refreshes from the document's
one `changed` signal. The scenario is validated by the file loader (`files.parse_scenario`: types, the
In-Irons and start-square checks) and against the library's ship cards (ship ids, crew qualities).
"""

from __future__ import annotations

import copy
import html
import json
from typing import Any

from PySide6.QtCore import QDate, QSignalBlocker, Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDateEdit,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from cs_desktop.files import FileFormatError, parse_scenario
from cs_desktop.gui.editor_commands import SetValues, library_bridge, replace_all
from cs_desktop.gui.ship_editor import (
    ERROR_STYLE,
    NATIONS,
    EditorBase,
    SpinTable,
    group,
    optional_spin,
    panel_label,
    show_as_window,
    with_error,
)
from cs_desktop.rules.cards import Scenario, ShipCard
from cs_desktop.rules.movement_rates import wind_from
from cs_desktop.rules.ratings import victory_terms
from cs_desktop.rules.winnable import cannot_win
from cs_desktop.rules.tables import get_tables

COMPASS = {1: "N", 2: "NE", 3: "E", 4: "SE", 5: "S", 6: "SW", 7: "W", 8: "NW"}
LETTERS = {"meeting": ("A", "B"), "chase": ("C", "D")}
SQUARE = "xy"  # the start combo's value for a [column, row] start

NEW_SCENARIO: dict[str, Any] = {
    "format": "captains-sea/scenario",
    "version": 1,
    "id": "what-if",
    "title": "What if",
    "date": "1812-08-19",
    "location": "",
    "description": "",
    "engagement": "meeting",
    "wind": 6,
    "sides": [
        {"id": "us", "name": "United States Navy", "nation": "US",
         "ships": [{"ship": "constitution", "start": "A", "heading": 4, "crew_quality": None}]},
        {"id": "gb", "name": "Royal Navy", "nation": "GB",
         "ships": [{"ship": "guerriere", "start": "B", "heading": 7, "crew_quality": None}]},
    ],
    "weather_gauge": None,
    "historical_outcome": {"winner": None, "summary": ""},
    "options": {"relativity": "standard", "bid": {}, "turn_limit": None},
    "victory_override": {},
    "sources": [],
}


def ship_path_label(path: str) -> str:
    """'sides[0].ships[1].heading' -> 'ship 2, heading' (for the problem shown under a side's ships)."""
    import re

    m = re.match(r"sides\[\d+\]\.ships\[(\d+)\]\.?(.*)", path)
    if not m:
        return path
    rest = m.group(2).replace("_", " ")
    return f"ship {int(m.group(1)) + 1}" + (f", {rest}" if rest else "")


class ScenarioDesigner(EditorBase):
    """Design one scenario; `save()` stores it in the library. Signals: `saved(id)`, `playScenario(id)`."""

    saved = Signal(str)
    playScenario = Signal(str)
    discard_question = "Close the scenario designer and lose the changes?"

    def __init__(self, library: Any, scenario_id: str | None = None, scenario: Scenario | None = None,
                 parent: QWidget | None = None) -> None:
        if scenario is None and scenario_id is not None:
            scenario = library.get_scenario(scenario_id)
        data = scenario.model_dump(mode="json") if scenario is not None else self._new_data(library)
        super().__init__(data, parent)
        self.library = library
        self.original_id = scenario.id if scenario is not None and scenario_id is not None else None
        self.scenario: Scenario | None = None
        self.cards: dict[str, ShipCard] = {}
        self.terms: Any = None
        self.view: dict[str, Any] | None = None
        self._card_cache: dict[str, ShipCard | None] = {}
        self.setObjectName("ScenarioDesigner")
        self.bridge = library_bridge(library)
        self.bridge.changed.connect(self._library_changed)
        self._build()
        self._reload_ships()
        self.refresh()
        self.stack.setClean()

    @staticmethod
    def _new_data(library: Any) -> dict[str, Any]:
        data = copy.deepcopy(NEW_SCENARIO)
        ids = [e.id for e in library.list_ships()]
        for side, want in zip(data["sides"], ("constitution", "guerriere"), strict=True):
            if want not in ids and ids:
                side["ships"][0]["ship"] = ids[0]
        return data

    # ------------------------------------------------------------------ layout
    def _build(self) -> None:
        outer = QVBoxLayout(self)
        bar = QHBoxLayout()
        self._make_undo_buttons()
        self.status = QLabel()
        self.status.setObjectName("status")
        self.status.setWordWrap(True)
        self.save_button = QPushButton("&Save to library")
        self.save_button.setObjectName("save")
        self.save_button.clicked.connect(self.save)
        self.balance_button = QPushButton("&Balance check…")
        self.balance_button.setObjectName("balance")
        self.balance_button.setToolTip("Computer-vs-computer games of this set-up, sides swapped half the time")
        self.balance_button.clicked.connect(self.open_balance)
        self.play_button = QPushButton("&Play")
        self.play_button.setObjectName("play")
        self.play_button.clicked.connect(self.play)
        for w in (self.undo_button, self.redo_button):
            bar.addWidget(w)
        bar.addWidget(self.status, 1)
        for w in (self.balance_button, self.save_button, self.play_button):
            bar.addWidget(w)
        outer.addLayout(bar)

        split = QSplitter(Qt.Orientation.Horizontal)
        split.setChildrenCollapsible(False)
        outer.addWidget(split, 1)
        area = QScrollArea()
        area.setWidgetResizable(True)
        area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        host = QWidget()
        area.setWidget(host)
        col = QVBoxLayout(host)
        split.addWidget(area)

        # scenario ---------------------------------------------------------------------------------
        box, form = group("Scenario (20.0)")
        self.id_edit = self.bind_line(QLineEdit(), ("id",), "id")
        self.id_edit.setObjectName("id")
        form.addRow("&Id", with_error(self.id_edit, self.error_for("id")))
        self.title_edit = self.bind_line(QLineEdit(), ("title",), "title")
        self.title_edit.setObjectName("title")
        form.addRow("&Title", with_error(self.title_edit, self.error_for("title")))
        self.date_edit = QDateEdit()
        self.date_edit.setObjectName("date")
        self.date_edit.setDisplayFormat("yyyy-MM-dd")
        self.date_edit.setDateRange(QDate(1700, 1, 1), QDate(1850, 12, 31))
        self.date_edit.setCalendarPopup(True)
        self.date_edit.dateChanged.connect(
            lambda d: self.edit(("date",), d.toString("yyyy-MM-dd"), "Change date", merge=True))
        self._refreshers.append(self._refresh_date)
        form.addRow("&Date", with_error(self.date_edit, self.error_for("date"), "historical date of the action"))
        self.location = self.bind_line(QLineEdit(), ("location",), "location")
        form.addRow("&Location", with_error(self.location, self.error_for("location")))
        self.description = self.bind_text(QPlainTextEdit(), ("description",), "description")
        self.description.setFixedHeight(54)
        form.addRow("Descri&ption", with_error(self.description, self.error_for("description")))
        col.addWidget(box)

        # set-up ----------------------------------------------------------------------------------
        box, form = group("Set-up (20.1)")
        self.engagement = QComboBox()
        self.engagement.setObjectName("engagement")
        self.engagement.addItem("Meeting engagement (start squares A and B)", "meeting")
        self.engagement.addItem("Chase (hunter in C, prey in D)", "chase")
        self.bind_combo(self.engagement, ("engagement",), "engagement", on_change=self._set_engagement)
        form.addRow("&Engagement", with_error(self.engagement, self.error_for("engagement")))
        self.wind = QComboBox()
        self.wind.setObjectName("wind")
        for h in range(1, 9):
            self.wind.addItem(f"{h}: blows toward {COMPASS[h]} (from {COMPASS[wind_from(h)]})", h)
        self.bind_combo(self.wind, ("wind",), "wind")
        form.addRow("&Wind", with_error(self.wind, self.error_for("wind"),
                                        "a ship may not start heading into the wind (In Irons, 1.2)"))
        self.weather_gauge = QComboBox()
        self.weather_gauge.setObjectName("weather_gauge")
        self.bind_combo(self.weather_gauge, ("weather_gauge",), "weather gauge")
        form.addRow("Weather &gauge", with_error(self.weather_gauge, self.error_for("weather_gauge"),
                                                 "the side without it gets +0.5 (meeting engagements)"))
        col.addWidget(box)

        # sides -----------------------------------------------------------------------------------
        self.side_widgets: list[dict[str, Any]] = []
        for i in range(2):
            col.addWidget(self._side_box(i))

        # history and options ---------------------------------------------------------------------
        box, form = group("History and rules options")
        self.winner = QComboBox()
        self.winner.setObjectName("winner")
        self.bind_combo(self.winner, ("historical_outcome", "winner"), "historical outcome")
        form.addRow("Historical &winner", with_error(self.winner, self.error_for("historical_outcome"),
                                                     "the side that lost historically gets +0.5 (HO)"))
        self.summary = self.bind_text(QPlainTextEdit(), ("historical_outcome", "summary"), "outcome summary")
        self.summary.setFixedHeight(44)
        form.addRow("Outcome", self.summary)
        self.relativity = QComboBox()
        self.relativity.setObjectName("relativity")
        for v, label in (("standard", "Standard (two ships)"), ("fractional", "Fractional Relativity (21.1)"),
                         ("zero", "Zero Relativity (21.2)")):
            self.relativity.addItem(label, v)
        self.bind_combo(self.relativity, ("options", "relativity"), "relativity option")
        self.relativity_hint = QLabel()
        self.relativity_hint.setWordWrap(True)
        self.relativity_hint.setStyleSheet("color: #5f5a50;")
        rw = with_error(self.relativity, self.error_for("options.relativity"))
        rw.layout().addWidget(self.relativity_hint)
        form.addRow("&Movement", rw)
        brow = QWidget()
        bl = QHBoxLayout(brow)
        bl.setContentsMargins(0, 0, 0, 0)
        self.bids: list[tuple[QLabel, QSpinBox]] = []
        for i in range(2):
            lab = QLabel()
            spin = QSpinBox()
            spin.setRange(0, 200)
            spin.setObjectName(f"bid:{i}")
            spin.valueChanged.connect(lambda v, i=i: self._set_bid(i, v))
            self.bids.append((lab, spin))
            bl.addWidget(lab)
            bl.addWidget(spin)
        bl.addStretch(1)
        self._refreshers.append(self._refresh_sides_refs)
        form.addRow("&Bid (19.0)", with_error(brow, self.error_for("options.bid"),
                                              "VP each side grants its opponent (the 19.0 option)"))
        self.turn_limit = self.bind_spin(optional_spin(1, 200, "none"), ("options", "turn_limit"), "turn limit",
                                         none_below=True)
        self.turn_limit.setObjectName("turn_limit")
        form.addRow("Turn &limit", with_error(self.turn_limit, self.error_for("options.turn_limit")))
        self.sources = self.bind_text(QPlainTextEdit(), ("sources",), "sources", lines=True)
        self.sources.setFixedHeight(44)
        self.sources.setPlaceholderText("one source a line")
        form.addRow("Sources", with_error(self.sources, self.error_for("sources")))
        self.override_note = QLabel()
        self.override_note.setWordWrap(True)
        form.addRow(self.override_note)
        col.addWidget(box)
        col.addWidget(self.error_for("sides"))
        col.addWidget(self.error_for(""))
        col.addStretch(1)

        # right: VP terms and board ---------------------------------------------------------------
        right = QSplitter(Qt.Orientation.Vertical)
        vp = QWidget()
        vl = QVBoxLayout(vp)
        vl.setContentsMargins(0, 0, 0, 0)
        self.terms_label = panel_label("terms")
        vl.addWidget(self.terms_label)
        self.steps = QTextBrowser()
        self.steps.setObjectName("steps")
        vl.addWidget(self.steps, 1)
        right.addWidget(vp)
        self.board = self._make_board()
        right.addWidget(self.board)
        right.setSizes([330, 520])
        split.addWidget(right)
        area.setMinimumWidth(600)
        right.setMinimumWidth(420)
        split.setSizes([760, 740])
        self.resize(1500, 950)

    def _make_board(self) -> QWidget:
        from cs_desktop.gui.board import BoardView

        board = BoardView()
        board.setObjectName("board-preview")
        board.setMinimumHeight(260)
        return board

    def _side_box(self, i: int) -> QGroupBox:
        box = QGroupBox()
        lay = QVBoxLayout(box)
        top = QHBoxLayout()
        sid = QLineEdit()
        sid.setObjectName(f"side:{i}:id")
        sid.setMaximumWidth(90)
        sid.textChanged.connect(lambda t, i=i: self._rename_side(i, t))
        name = self.bind_line(QLineEdit(), ("sides", i, "name"), f"side {i + 1} name")
        name.setObjectName(f"side:{i}:name")
        nation = QComboBox()
        nation.setObjectName(f"side:{i}:nation")
        for code, label in NATIONS:
            nation.addItem(label, code)
        self.bind_combo(nation, ("sides", i, "nation"), f"side {i + 1} nation")
        for label, w in (("Id", sid), ("Name", name), ("Nation", nation)):
            top.addWidget(QLabel(label))
            top.addWidget(w, 1 if w is name else 0)
        lay.addLayout(top)
        lay.addWidget(self.error_for(f"sides[{i}].id"))
        lay.addWidget(self.error_for(f"sides[{i}].name"))
        tables = get_tables()
        table = SpinTable([
            ("Ship", []),
            ("Start", [("A", "A"), ("B", "B"), ("C", "C"), ("D", "D"), (SQUARE, "square →")]),
            ("Col", (0, tables.map.width - 1)),
            ("Row", (0, tables.map.height - 1)),
            ("Heading", [(h, f"{h} {COMPASS[h]}") for h in range(1, 9)]),
            ("Crew quality", [("", "historical"), ("green", "green"), ("average", "average"),
                              ("crack", "crack")]),
        ])
        table.setObjectName(f"side:{i}:ships")
        header = table.horizontalHeader()
        header.setSectionResizeMode(0, header.ResizeMode.Stretch)
        for c in range(1, 6):
            header.setSectionResizeMode(c, header.ResizeMode.ResizeToContents)
        table.rowsEdited.connect(lambda rows, i=i: self._ships_edited(i, rows))
        lay.addWidget(table)
        buttons = QHBoxLayout()
        add = QPushButton("Add ship")
        add.setObjectName(f"side:{i}:add")
        add.clicked.connect(lambda _=False, i=i: self._add_ship(i))
        remove = QPushButton("Remove ship")
        remove.setObjectName(f"side:{i}:remove")
        remove.clicked.connect(lambda _=False, i=i: self._remove_ship(i))
        buttons.addWidget(add)
        buttons.addWidget(remove)
        stats = QLabel()
        stats.setStyleSheet("color: #5f5a50;")
        buttons.addWidget(stats, 1)
        lay.addLayout(buttons)
        lay.addWidget(self.error_for(f"sides[{i}].ships"))
        lay.addWidget(self.error_for(f"sides[{i}]"))
        self.side_widgets.append({"box": box, "id": sid, "name": name, "nation": nation, "ships": table,
                                  "stats": stats})
        self._refreshers.append(lambda i=i: self._refresh_side(i))
        return box

    # ------------------------------------------------------------------ library ships
    def _reload_ships(self) -> None:
        self.ship_entries = self.library.list_ships()
        self._card_cache.clear()
        choices = [(e.id, f"{e.name} ({e.nation}, {e.guns})") for e in self.ship_entries]
        for sw in self.side_widgets:
            table: SpinTable = sw["ships"]
            table.columns[0] = ("Ship", choices)
            for r in range(table.rowCount()):
                combo = table.cellWidget(r, 0)
                assert isinstance(combo, QComboBox)
                value = combo.currentData()
                with QSignalBlocker(combo):
                    combo.clear()
                    for v, label in choices:
                        combo.addItem(label, v)
                    combo.setCurrentIndex(combo.findData(value))

    def _library_changed(self, kind: str, ids: list[str], action: str) -> None:
        if kind == "ship":
            self._reload_ships()
            self.refresh()

    def card(self, ship_id: str) -> ShipCard | None:
        if ship_id not in self._card_cache:
            try:
                self._card_cache[ship_id] = self.library.get_ship(ship_id)
            except (KeyError, FileFormatError):  # no such ship, or a damaged card: the ship is shown as missing
                self._card_cache[ship_id] = None
        return self._card_cache[ship_id]

    # ------------------------------------------------------------------ refreshers
    def _refresh_date(self) -> None:
        d = QDate.fromString(str(self.doc.get(("date",)) or ""), "yyyy-MM-dd")
        if d.isValid() and d != self.date_edit.date():
            with QSignalBlocker(self.date_edit):
                self.date_edit.setDate(d)

    def _side_choices(self, combo: QComboBox, none_label: str, path: tuple[Any, ...]) -> None:
        sides = self.doc.get(("sides",)) or []
        items = [(None, none_label)] + [(s["id"], f"{s['name']} ({s['id']})") for s in sides]
        current = [(combo.itemData(k), combo.itemText(k)) for k in range(combo.count())]
        with QSignalBlocker(combo):
            if current != items:
                combo.clear()
                for v, label in items:
                    combo.addItem(label, v)
            combo.setCurrentIndex(max(0, combo.findData(self.doc.get(path))))

    def _refresh_sides_refs(self) -> None:
        self._side_choices(self.weather_gauge, "neither side", ("weather_gauge",))
        self._side_choices(self.winner, "draw / not recorded", ("historical_outcome", "winner"))
        sides = self.doc.get(("sides",)) or []
        bid = self.doc.get(("options", "bid")) or {}
        for i, (lab, spin) in enumerate(self.bids):
            sid = sides[i]["id"] if i < len(sides) else ""
            lab.setText(f"{sides[i]['name'] if i < len(sides) else ''} grants")
            with QSignalBlocker(spin):
                spin.setValue(int(bid.get(sid, 0)))
        many = any(len(s.get("ships", [])) > 1 for s in sides)
        rel = self.doc.get(("options", "relativity"))
        if many and rel == "standard":
            self.relativity_hint.setText("A side has several ships: Standard plays as Fractional Relativity "
                                         "(21.1); choose Zero Relativity (21.2) for the quick option.")
        elif not many and rel != "standard":
            self.relativity_hint.setText("One ship a side: the relativity options change nothing in a duel "
                                         "except Zero Relativity's fixed speeds.")
        else:
            self.relativity_hint.setText("")
        over = self.doc.get(("victory_override",)) or {}
        self.override_note.setText(
            "This scenario prints its own VP terms for " + ", ".join(over) + " (20.0); they replace the "
            "computed ones." if over else "")

    def _ship_rows(self, i: int) -> list[list[Any]]:
        tables = get_tables()
        rows = []
        for s in self.doc.get(("sides", i, "ships")) or []:
            start = s["start"]
            if isinstance(start, str):
                x, y = tables.map.start.get(start, (0, 0))
                rows.append([s["ship"], start, x, y, s["heading"], s.get("crew_quality") or ""])
            else:
                rows.append([s["ship"], SQUARE, start[0], start[1], s["heading"], s.get("crew_quality") or ""])
        return rows

    def _refresh_side(self, i: int) -> None:
        sw = self.side_widgets[i]
        side = self.doc.get(("sides", i)) or {}
        sw["box"].setTitle(f"Side {i + 1}: {side.get('name', '')}")
        if sw["id"].text() != side.get("id"):
            with QSignalBlocker(sw["id"]):
                sw["id"].setText(side.get("id", ""))
        table: SpinTable = sw["ships"]
        rows = self._ship_rows(i)
        table.set_rows(rows)
        for r, row in enumerate(rows):
            combo = table.cellWidget(r, 0)
            assert isinstance(combo, QComboBox)
            if combo.findData(row[0]) < 0:  # a ship the library no longer holds
                with QSignalBlocker(combo):
                    combo.addItem(f"{row[0]} (not in the library)", row[0])
                    combo.setCurrentIndex(combo.count() - 1)
            for c in (2, 3):
                cell = table.cellWidget(r, c)
                assert cell is not None
                cell.setEnabled(row[1] == SQUARE)
                cell.setToolTip("" if row[1] == SQUARE else f"start square {row[1]} is at ({row[2]}, {row[3]})")
        table.setFixedHeight(min(6, max(len(rows), 1)) * 26 + table.horizontalHeader().height() + 4)

    # ------------------------------------------------------------------ edits
    def _ships_edited(self, i: int, rows: list[list[Any]]) -> None:
        ships = []
        for ship, start, x, y, heading, quality in rows:
            ships.append({"ship": ship, "start": [x, y] if start == SQUARE else start, "heading": heading,
                          "crew_quality": quality or None})
        self.edit(("sides", i, "ships"), ships, f"Edit side {i + 1} ships", merge=True)

    def _add_ship(self, i: int) -> None:
        ships = list(self.doc.get(("sides", i, "ships")) or [])
        tables = get_tables()
        if ships:
            last = ships[-1]
            x, y = tables.map.start[last["start"]] if isinstance(last["start"], str) else last["start"]
            heading = last["heading"]
            # the next ship astern: one square behind, against the heading
            dx = {1: 0, 2: -1, 3: -1, 4: -1, 5: 0, 6: 1, 7: 1, 8: 1}[heading]
            dy = {1: 1, 2: 1, 3: 0, 4: -1, 5: -1, 6: -1, 7: 0, 8: 1}[heading]
            nx = min(tables.map.width - 1, max(0, x + dx * 2))
            ny = min(tables.map.height - 1, max(0, y + dy * 2))
            new = {"ship": last["ship"], "start": [nx, ny], "heading": heading, "crew_quality": None}
        else:
            letter = LETTERS[str(self.doc.get(("engagement",)))][i]
            first = self.ship_entries[0].id if self.ship_entries else ""
            new = {"ship": first, "start": letter, "heading": 4 if i == 0 else 8, "crew_quality": None}
        self.edit(("sides", i, "ships"), [*ships, new], f"Add a ship to side {i + 1}")

    def _remove_ship(self, i: int) -> None:
        ships = list(self.doc.get(("sides", i, "ships")) or [])
        if len(ships) <= 1:
            self.status.setText("A side needs at least one ship.")
            return
        r = self.side_widgets[i]["ships"].currentRow()
        del ships[r if 0 <= r < len(ships) else -1]
        self.edit(("sides", i, "ships"), ships, f"Remove a ship from side {i + 1}")

    def _set_engagement(self, value: str) -> None:
        """Change the engagement, moving lettered starts to the squares of the new type (A/B <-> C/D)."""
        old = self.doc.get(("engagement",))
        if value == old:
            return
        swap = dict(zip(LETTERS[str(old)], LETTERS[value], strict=True))
        values: dict[tuple[Any, ...], Any] = {("engagement",): value}
        for i, side in enumerate(self.doc.get(("sides",)) or []):
            for j, s in enumerate(side["ships"]):
                if isinstance(s["start"], str) and s["start"] in swap:
                    values[("sides", i, "ships", j, "start")] = swap[s["start"]]
        self.push(SetValues(self.doc, values, "Change engagement" + (" and start squares" if len(values) > 1
                                                                      else "")))

    def _rename_side(self, i: int, new: str) -> None:
        """Change a side's id and every reference to it (weather gauge, outcome, bid, override)."""
        old = self.doc.get(("sides", i, "id"))
        if new == old:
            return
        values: dict[tuple[Any, ...], Any] = {("sides", i, "id"): new}
        if self.doc.get(("weather_gauge",)) == old:
            values[("weather_gauge",)] = new
        if self.doc.get(("historical_outcome", "winner")) == old:
            values[("historical_outcome", "winner")] = new
        for key in (("options", "bid"), ("victory_override",)):
            d = self.doc.get(key) or {}
            if old in d:
                values[key] = {(new if k == old else k): v for k, v in d.items()}
        self.push(SetValues(self.doc, values, f"Rename side {i + 1}", merge=len(values) == 1))

    def _set_bid(self, i: int, v: int) -> None:
        sides = self.doc.get(("sides",)) or []
        sid = sides[i]["id"]
        bid = dict(self.doc.get(("options", "bid")) or {})
        if v:
            bid[sid] = v
        else:
            bid.pop(sid, None)
        self.edit(("options", "bid"), bid, "Change bid", merge=True)

    def load_scenario(self, scenario: Scenario) -> None:
        self.push(replace_all(self.doc, scenario.model_dump(mode="json"), f"Load {scenario.title}"))

    # ------------------------------------------------------------------ validation and views
    def describe(self, path: str, key: str, message: str) -> str:
        if key == path or not key:
            return message
        return f"{ship_path_label(path)}: {message}"

    def compute_problems(self) -> list[tuple[str, str]]:
        self.scenario = None
        self.cards = {}
        try:
            scenario = parse_scenario(json.dumps(self.doc.data), "scenario")
        except FileFormatError as e:
            return list(e.problems)
        problems: list[tuple[str, str]] = []
        cards: dict[str, ShipCard] = {}
        for i, side in enumerate(scenario.sides):
            for j, ss in enumerate(side.ships):
                where = f"sides[{i}].ships[{j}]"
                card = ss.ship if isinstance(ss.ship, ShipCard) else self.card(ss.ship)
                if card is None:
                    problems.append((f"{where}.ship", f"no ship {ss.ship!r} in the library"))
                    continue
                cards[card.id] = card
                if ss.crew_quality is not None and ss.crew_quality not in card.crew_quality_options:
                    problems.append((f"{where}.crew_quality", f"{card.name}'s card offers only "
                                                              f"{', '.join(card.crew_quality_options)}"))
        if self.original_id != scenario.id and self._library_has(scenario.id):
            problems.append(("id", f"the library already has a scenario {scenario.id!r}; choose another id"))
        if not problems:
            self.scenario, self.cards = scenario, cards
        return problems

    def _library_has(self, scenario_id: str) -> bool:
        try:
            self.library.scenario_entry(scenario_id)
            return True
        except KeyError:
            return False

    def _refresh_views(self) -> None:
        pass  # done after validation, in _problems_changed (the views need the validated scenario)

    def _problems_changed(self, by_key: dict[str, list[str]]) -> None:
        # side statistics (FP/CR/DC of each ship are shown in the VP explanation)
        n = len(self.problems)
        if n:
            self.status.setText(f"<span style='{ERROR_STYLE}'>{n} problem{'s' if n > 1 else ''} to fix "
                                f"(marked ⚠ by the fields)</span>")
        elif not self.stack.isClean():
            self.status.setText("Valid scenario, not saved yet.")
        else:
            self.status.setText("")
        for b in (self.balance_button, self.play_button):
            b.setEnabled(self.scenario is not None)
        self._show_terms()
        self._show_board()

    def _show_terms(self) -> None:
        if self.scenario is None:
            self.terms = None
            self.terms_label.setText("<b>VP multipliers and bonuses (20.1, 21.3)</b>: fix the problems marked ⚠ "
                                     "to compute them.")
            self.steps.setHtml("")
            for sw in self.side_widgets:
                sw["stats"].setText("")
            return
        terms = victory_terms(self.scenario, self.cards)
        self.terms = terms
        parts = []
        for t in terms.sides:
            bid = f", +{t.bid_points} VP bid" if t.bid_points else ""
            over = " (scenario's own)" if t.overridden else ""
            parts.append(f"<b>{html.escape(t.name)}</b>: VP multiplier <b>×{t.multiplier:g}</b>, "
                         f"VP bonus <b>{t.bonus}</b>"
                         f"{bid}{over} — FP {t.fp}, CR {t.cr}, DC {t.dc}")
        for line in cannot_win(self.scenario, self.cards):  # decided before it starts (issue 13)
            parts.append(f"<span style='{ERROR_STYLE}'>⚠ {html.escape(line)}</span>")
        self.terms_label.setText("<b>VP terms (19.0, 20.1, 21.3)</b><br>" + "<br>".join(parts))
        rows = "".join(f"<tr><td style='color:#5f5a50;padding-right:8px'>{s.rule}</td><td>{html.escape(s.text)}</td>"
                       "</tr>"
                       for s in terms.steps)
        self.steps.setHtml(f"<table cellspacing='2'>{rows}</table>")
        for i, t in enumerate(terms.sides):
            self.side_widgets[i]["stats"].setText(f"FP {t.fp} · CR {t.cr} · DC {t.dc}")

    def _show_board(self) -> None:
        if self.scenario is None:
            return
        from cs_desktop.play.setup_preview import setup_view

        try:
            self.view, names = setup_view(self.scenario, self.cards)
        except Exception as e:  # the set-up itself failed: say so, keep the old picture
            self.status.setText(f"<span style='{ERROR_STYLE}'>Cannot set up this scenario: {e}</span>")
            return
        self.board.set_view(self.view, names)  # type: ignore[attr-defined]
        if hasattr(self.board, "fitInView") and self.board.scene() is not None:
            self.board.fitInView(self.board.scene().itemsBoundingRect(), Qt.AspectRatioMode.KeepAspectRatio)

    def resizeEvent(self, event: Any) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        if self.view is not None and self.board.scene() is not None:
            self.board.fitInView(self.board.scene().itemsBoundingRect(), Qt.AspectRatioMode.KeepAspectRatio)

    def _update_title(self) -> None:
        title = self.doc.get(("title",)) or "scenario"
        self.setWindowTitle(f"Scenario designer — {title}{'' if self.stack.isClean() else ' *'}")

    # ------------------------------------------------------------------ actions
    def save(self) -> bool:
        self.refresh()
        if self.scenario is None:
            self.status.setText(f"<span style='{ERROR_STYLE}'>Not saved: fix the {len(self.problems)} "
                                f"problem(s) marked ⚠ first.</span>")
            return False
        try:
            entry = self.library.save_scenario(self.scenario)
        except FileFormatError as e:
            self.status.setText(f"<span style='{ERROR_STYLE}'>Not saved: {'; '.join(e.lines())}</span>")
            return False
        except Exception as e:  # LibraryError: nothing was written
            self.status.setText(f"<span style='{ERROR_STYLE}'>Not saved: {e}</span>")
            return False
        self.original_id = entry.id
        self.stack.setClean()
        self.refresh()
        self.status.setText(f"Saved {entry.title} ({entry.id}) to the library.")
        self.saved.emit(entry.id)
        return True

    def play(self) -> None:
        """Save if needed, then emit playScenario(id)."""
        if (not self.stack.isClean() or self.original_id is None) and not self.save():
            return
        assert self.original_id is not None
        self.playScenario.emit(self.original_id)

    def open_balance(self) -> Any:
        from cs_desktop.gui.balance_dialog import BalanceDialog

        if self.scenario is None:
            return None
        dlg = BalanceDialog(self.scenario, self.cards, self)
        dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dlg.show()
        self.balance_dialog = dlg
        return dlg



def open_scenario_designer(parent: QWidget | None, library: Any, scenario_id: str | None = None) -> ScenarioDesigner:
    """Open the designer as its own window (a new scenario when `scenario_id` is None)."""
    return show_as_window(ScenarioDesigner(library, scenario_id), parent)


__all__ = ["ScenarioDesigner", "open_scenario_designer", "NEW_SCENARIO"]
