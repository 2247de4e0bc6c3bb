"""The scenario designer (20.1 "Design Your Own", 21.0 multi-ship): sides and ships, set-up, wind, rules
options, history; the 20.1/21.3 VP terms explained line by line; a board preview of the set-up.

The layout is the Designer form ui/scenario_designer.ui; this module binds it. Like the ship editor, the
scenario being built is plain JSON data (a scenario file with ships by id) in an `EditDocument`; each edit is an
undoable `SetValues` command and every view refreshes from the document's one `changed` signal
(`editor_base.py`). The sides and the placement of their ships are `scenario_sides.py`; the VP terms and the
board preview `scenario_views.py`; the islands and shoals clicked on the preview `scenario_terrain.py`. The scenario is validated by the file loader (`files.parse_scenario`: types,
the In-Irons and start-square checks) and against the library's ship cards (ship ids, crew qualities).
"""

from __future__ import annotations

import copy
import html
import json
from typing import Any

from PySide6.QtCore import QDate, QSignalBlocker, Qt, Signal
from PySide6.QtWidgets import (
    QBoxLayout,
    QComboBox,
    QDateEdit,
    QLabel,
    QLayout,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QSplitter,
    QTextBrowser,
    QWidget,
)

from cs_desktop.formats.files import parse_scenario
from cs_desktop.gui.editors.base import ERROR_STYLE, EditorBase, show_as_window
from cs_desktop.gui.editors.commands import library_bridge, replace_all
from cs_desktop.gui.forms import Form, load_form
from cs_desktop.gui.editors.scenario_more_sides import BALANCE_TWO_SIDES, bid_widgets, relativity_hint
from cs_desktop.gui.editors.scenario_problems import at_the_sides, describe, first_problem, places_words, side_keys
from cs_desktop.gui.editors.scenario_sides import COMPASS, SideTables
from cs_desktop.gui.editors.scenario_switches import bind_switches
from cs_desktop.gui.editors.scenario_terrain import TerrainTool
from cs_desktop.gui.editors.scenario_views import fit, keep_fitted, set_up_view, ship_names, show_terms
from cs_desktop.formats.jsonread import FileFormatError
from cs_desktop.rules.cards import MAX_SIDES, Scenario, ShipCard
from cs_desktop.rules.movement_rates import wind_from
from cs_desktop.rules.view_types import SideView

#: the fields with a problem label under them (`box-<key>` in the form)
ERROR_KEYS = ("id", "title", "date", "location", "description", "engagement", "wind", "weather_gauge",
              "historical_outcome", "options.bid", "options.turn_limit", "sources", "sides", "terrain", "",
              *side_keys(0), *side_keys(1))  # a third and fourth side's: SideTables.ensure_boxes

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
        self.view: SideView | None = None
        self.balance_dialog: Any = None
        self._card_cache: dict[str, ShipCard | None] = {}
        self.setObjectName("ScenarioDesigner")
        self.bridge = library_bridge(library)
        self.bridge.changed.connect(self._library_changed)
        self._bind_form()
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

    # ------------------------------------------------------------------ the form
    def _bind_form(self) -> None:
        """ui/scenario_designer.ui bound: its buttons and facts, its options, the terms and the board preview."""
        form = load_form("scenario_designer", self)
        self.bind_undo_buttons(form)
        self._bind_facts(form)
        self._bind_options(form)
        self.place_errors(form, ERROR_KEYS)

        self.terms_label = form.get(QLabel, "terms")
        self.steps = form.get(QTextBrowser, "steps")
        from cs_desktop.gui.board import BoardView

        self.board = BoardView()
        self.board.setObjectName("board-preview")
        self.board.setMinimumHeight(260)
        form.layout("board_layout").addWidget(self.board)
        keep_fitted(self.board)
        self.terrain_tool = TerrainTool(self, form, self.board)  # islands and shoals clicked on the preview
        form.get(QSplitter, "right").setSizes([270, 580])
        form.get(QSplitter, "split").setSizes([760, 740])
        self.resize(1500, 950)

    def _bind_facts(self, form: Form) -> None:
        """The save, balance and play buttons; the scenario's name, date, place and story; its sides (SideTables),
        engagement, wind, weather gauge and historical outcome."""
        self.status = form.get(QLabel, "status")
        self.form_area = form.get(QScrollArea, "form_area")
        self.save_button = form.get(QPushButton, "save")
        self.save_button.clicked.connect(self.save)
        self.balance_button = form.get(QPushButton, "balance")
        self.balance_button.clicked.connect(self.open_balance)
        self.balance_tip = self.balance_button.toolTip()
        self.play_button = form.get(QPushButton, "play")
        self.play_button.clicked.connect(self.play)

        self.id_edit = self.bind_line(form.get(QLineEdit, "id"), ("id",), "id")
        self.title_edit = self.bind_line(form.get(QLineEdit, "title"), ("title",), "title")
        self.date_edit = form.get(QDateEdit, "date")
        self.date_edit.dateChanged.connect(
            lambda d: self.edit(("date",), d.toString("yyyy-MM-dd"), "Change date", merge=True))
        self.on_refresh(self._refresh_date)
        self.location = self.bind_line(form.get(QLineEdit, "location"), ("location",), "location")
        self.description = self.bind_text(form.get(QPlainTextEdit, "description"), ("description",), "description")

        self.sides = SideTables(self, form, self.status)
        self.side_widgets = [sw.as_dict() for sw in self.sides.sides]
        self.engagement = form.get(QComboBox, "engagement")
        self.engagement.addItem("Meeting engagement (start squares A and B)", "meeting")
        self.engagement.addItem("Chase (hunter in C, prey in D)", "chase")
        self.bind_combo(self.engagement, ("engagement",), "engagement", on_change=self.sides.set_engagement)
        self.wind = form.get(QComboBox, "wind")
        for h in range(1, 9):
            self.wind.addItem(f"{h}: blows toward {COMPASS[h]} (from {COMPASS[wind_from(h)]})", h)
        self.bind_combo(self.wind, ("wind",), "wind")
        self.weather_gauge = self.bind_combo(form.get(QComboBox, "weather_gauge"), ("weather_gauge",),
                                             "weather gauge")

        self.winner = self.bind_combo(form.get(QComboBox, "winner"), ("historical_outcome", "winner"),
                                      "historical outcome")
        self.summary = self.bind_text(form.get(QPlainTextEdit, "outcome"), ("historical_outcome", "summary"),
                                      "outcome summary")

    def _bind_options(self, form: Form) -> None:
        """The options: relativity (21.1, 21.2), the bids (19.0), the turn limit, the rules' switches and the
        sources."""
        self.relativity = form.get(QComboBox, "relativity")
        for v, label in (("standard", "Standard (two ships)"), ("fractional", "Fractional Relativity (21.1)"),
                         ("zero", "Zero Relativity (21.2)")):
            self.relativity.addItem(label, v)
        self.bind_combo(self.relativity, ("options", "relativity"), "relativity option")
        self.relativity_hint = form.get(QLabel, "relativity_hint")
        relativity_box = form.get(QLayout, "box-options.relativity-layout")
        assert isinstance(relativity_box, QBoxLayout)
        relativity_box.insertWidget(1, self.error_for("options.relativity"))  # the problem above the hint
        self.bids: list[tuple[QLabel, QSpinBox]] = []
        bids = form.get(QWidget, "bids")
        for i in range(MAX_SIDES):
            if i < 2:  # the form's; a third and fourth side's are made in code (R6.0a, R20.1m)
                lab, spin = form.get(QLabel, f"bid_label:{i}"), form.get(QSpinBox, f"bid:{i}")
            else:
                lab, spin = bid_widgets(bids, i)
            spin.valueChanged.connect(lambda v, i=i: self._set_bid(i, v))
            self.bids.append((lab, spin))
        self.on_refresh(self._refresh_sides_refs)
        self.turn_limit = self.bind_spin(form.get(QSpinBox, "turn_limit"), ("options", "turn_limit"), "turn limit",
                                         none_below=True)
        self.switches = bind_switches(self, form.layout("switches_layout"))  # every RulesOptions switch
        self.variable_wind = self.switches["variable_wind"]  # R17.8e
        self.sources = self.bind_text(form.get(QPlainTextEdit, "sources"), ("sources",), "sources", lines=True)
        self.override_note = form.get(QLabel, "override_note")

    # ------------------------------------------------------------------ library ships
    def _reload_ships(self) -> None:
        self._card_cache.clear()
        self.sides.reload_ships(self.library)

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
            lab.setVisible(i < len(sides))
            spin.setVisible(i < len(sides))
            with QSignalBlocker(spin):
                spin.setValue(int(bid.get(sid, 0)))
        self.relativity_hint.setText(relativity_hint(sides, self.doc.get(("options", "relativity"))))
        over = self.doc.get(("victory_override",)) or {}
        self.override_note.setText(
            "This scenario prints its own VP terms for " + ", ".join(over) + " (20.0); they replace the "
            "computed ones." if over else "")

    # ------------------------------------------------------------------ edits
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
        return describe(path, key, message)

    def compute_problems(self) -> list[tuple[str, str]]:
        self.scenario = None
        self.cards = {}
        try:
            scenario = parse_scenario(json.dumps(self.doc.data), "scenario")
        except FileFormatError as e:
            return at_the_sides(e.problems, self.doc.get(("sides",)))
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

    def _problems_changed(self, by_key: dict[str, list[str]]) -> None:
        # side statistics (FP/CR/DC of each ship are shown in the VP explanation)
        n = len(self.problems)
        if n:
            self.status.setText(f"<span style='{ERROR_STYLE}'>{n} problem{'s' if n > 1 else ''} to fix, "
                                f"marked ⚠ by the fields: {self._where()}</span>")
        elif not self.stack.isClean():
            self.status.setText("Valid scenario, not saved yet.")
        else:
            self.status.setText("")
        self.play_button.setEnabled(self.scenario is not None)
        many = self.scenario is not None and len(self.scenario.sides) > 2  # the check weighs two sides
        self.balance_button.setEnabled(self.scenario is not None and not many)
        self.balance_button.setToolTip(BALANCE_TWO_SIDES if many else self.balance_tip)
        self._show_terms()
        self._show_board()

    def _where(self) -> str:
        """The places showing a problem, in words (a third or fourth side's box may be out of sight)."""
        by_key = {key: [lab.text()] for key, lab in self.errors.items() if not lab.isHidden() and lab.text()}
        return html.escape(places_words(by_key, self.errors, self.doc.get(("sides",))))

    def _show_terms(self) -> None:
        self.terms = show_terms(self.scenario, self.cards, self.terms_label, self.steps,
                                [sw.stats for sw in self.sides.sides])

    def _show_board(self) -> None:
        if self.scenario is None:  # the last picture, with the terrain as edited
            self.terrain_tool.draw_unchecked(self.view)
            return
        try:
            self.view = set_up_view(self.scenario, self.cards)
        except Exception as e:  # the set-up itself failed: say so, keep the old picture
            self.status.setText(f"<span style='{ERROR_STYLE}'>Cannot set up this scenario: {e}</span>")
            return
        self.board.set_view(self.view, ship_names(self.scenario, self.cards))
        fit(self.board)

    def _update_title(self) -> None:
        title = self.doc.get(("title",)) or "scenario"
        self.setWindowTitle(f"Scenario designer — {title}{'' if self.stack.isClean() else ' *'}")

    # ------------------------------------------------------------------ actions
    def save(self) -> bool:
        self.refresh()
        if self.scenario is None:
            self.status.setText(f"<span style='{ERROR_STYLE}'>Not saved: fix the {len(self.problems)} "
                                f"problem(s) marked ⚠ first: {self._where()}</span>")
            first = first_problem(self.errors.values())
            if first is not None:  # a third or fourth side's box may be out of sight
                self.form_area.ensureWidgetVisible(first)
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
        from cs_desktop.gui.lab.balance_dialog import BalanceDialog

        if self.scenario is None or len(self.scenario.sides) != 2:
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
