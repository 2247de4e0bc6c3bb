"""The ship editor: every field of the Ship Display (3.0), a live card preview, FP/CR/DC and validation.

The card being built lives in an `EditDocument` (plain JSON data, as in a ship file, except that the red
boxes of the crew track are kept as a list of [box, red] rows so that a duplicate box can be shown rather
than silently merged). Each edit is a `SetValues` command on the editor's `QUndoStack`; after each change
the document's one `changed` signal refreshes the form, the preview (the game's own `ShipCardWidget`), the
ratings (`cs_desktop.rules.ratings`, explained step by step) and the problem labels next to each field.

Validation is the file loader's (`files.parse_ship`: pydantic's model errors turned into field paths and
plain words, plus the 3.10.1 cumulative-track check); each problem is shown next to the field it names.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any, TypeVar

from PySide6.QtCore import QSignalBlocker, Qt, Signal
from PySide6.QtGui import QKeySequence, QUndoStack
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QSplitter,
    QTableWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from cs_desktop.files import FileFormatError, card_problems, parse_ship
from cs_desktop.gui.editor_commands import EditDocument, SetValues, replace_all, set_value
from cs_desktop.gui.ship_card import SECTION_LABELS, ShipCardWidget
from cs_desktop.rules import ratings
from cs_desktop.rules.cards import SECTION_NAMES, Gun, GunBox, ShipCard

QUALITIES = ("green", "average", "crack")
NATIONS = (("US", "United States"), ("GB", "Great Britain"), ("FR", "France"))
ERROR_STYLE = "color: #b3261e;"
#: model field names in the loader's messages, as the editor's labels say them
FIELD_WORDS = {"historical_crew_quality": "the historical quality", "crew_quality_options": "the quality options",
               "fighting_sail_only": "Fighting Sail Only", "rigging_points": "the rigging points",
               "crew_red_boxes": "red boxes", "crew_points": "the crew points"}

NEW_SHIP: dict[str, Any] = {
    "format": "captains-sea/ship",
    "version": 1,
    "id": "new-frigate",
    "name": "New Frigate",
    "nation": "GB",
    "rating": "36-gun frigate",
    "launched": None,
    "hull_type": "average",
    "hull_strength": "average",
    "crew_quality_options": ["green", "average", "crack"],
    "historical_crew_quality": "average",
    "crew_points": 11,
    "crew_red_boxes": {"7": 1, "4": 2},
    "rigging_points": 9,
    "fighting_sail_only": 3,
    "gunnery": {},
    "chasers": {"bow": 1, "stern": 1},
    "armament": [
        {"count": 26, "pounds": 18, "kind": "long", "position": "broadside"},
        {"count": 10, "pounds": 32, "kind": "carronade", "position": "broadside"},
        {"count": 2, "pounds": 9, "kind": "long", "position": "chase"},
    ],
    "complement": 270,
    "sources": [],
    "notes": "",
}


def new_ship_data() -> dict[str, Any]:
    """A plausible 36-gun frigate with its gunnery built from its armament (the "How a card is built" rules)."""
    data = copy.deepcopy(NEW_SHIP)
    guns = [Gun(**g) for g in data["armament"]]
    data["gunnery"] = {s: [b.model_dump() for b in track]
                       for s, track in ratings.build_gunnery(guns, data["nation"]).items()}
    return to_draft(data)


# --------------------------------------------------------------------------------------------- data


def to_draft(card_json: dict[str, Any]) -> dict[str, Any]:
    """Ship file data -> the editor's draft (red boxes as [[box, red], ...] sorted by box)."""
    data = copy.deepcopy(card_json)
    red = data.get("crew_red_boxes") or {}
    data["crew_red_boxes"] = sorted([[int(k), int(v)] for k, v in red.items()], reverse=True)
    return data


def from_draft(draft: dict[str, Any]) -> dict[str, Any]:
    """The editor's draft -> ship file data (what `files.parse_ship` reads)."""
    data = copy.deepcopy(draft)
    data["crew_red_boxes"] = {str(b): r for b, r in draft.get("crew_red_boxes", [])}
    return data


def draft_problems(draft: dict[str, Any]) -> list[tuple[str, str]]:
    """Problems with the draft as (field path, message): the file loader's checks, plus duplicate red boxes."""
    problems: list[tuple[str, str]] = []
    boxes = [b for b, _ in draft.get("crew_red_boxes", [])]
    for b in sorted({b for b in boxes if boxes.count(b) > 1}):
        problems.append(("crew_red_boxes", f"box {b} is listed twice; a box has one red number (3.9)"))
    try:
        parse_ship(json.dumps(from_draft(draft)), "ship")
    except FileFormatError as e:
        problems.extend(e.problems)
        # the model's errors hide the 3.10.1 cumulative-track check; run it on what can be read
        card = lenient_card(draft)
        if card is not None:
            problems.extend(p for p in card_problems(card) if p not in problems)
    return problems


def field_key(path: str, keys: Sequence[str]) -> str:
    """The editor field a problem's path belongs to: the longest key that prefixes it ('' if none)."""
    best = ""
    for key in keys:
        if (path == key or path.startswith(key + ".") or path.startswith(key + "[")) and len(key) > len(best):
            best = key
    return best


def lenient_card(draft: dict[str, Any]) -> ShipCard | None:
    """A card good enough for the ratings even while the draft is invalid (e.g. FSO >= rigging for a moment)."""
    try:
        data = from_draft(draft)
        gunnery = {s: [GunBox.model_construct(long=int(b["long"]), carronades=int(b["carronades"]))
                       for b in data["gunnery"].get(s, [])] or [GunBox.model_construct(long=0, carronades=0)]
                   for s in SECTION_NAMES}
        armament = [Gun.model_construct(count=int(g["count"]), pounds=int(g["pounds"]), kind=g["kind"],
                                        position=g.get("position", "broadside")) for g in data["armament"]]
        return ShipCard.model_construct(**{**data, "gunnery": gunnery, "armament": armament})
    except (KeyError, TypeError, ValueError):
        return None


def _num(x: Fraction) -> str:
    return str(int(x)) if x.denominator == 1 else f"{float(x):g}"


def rating_lines(card: ShipCard) -> list[str]:
    """FP, CR and DC with their arithmetic (docs/file-formats.md, "Ratings")."""
    lines = []
    factor = ratings.POUND_FACTOR.get(card.nation, Fraction(1))
    guns = [g for g in card.armament if g.position == "broadside"]
    w = ratings.broadside_weight(card)
    if guns:
        parts = " + ".join(f"½×{g.count}×{g.pounds}" for g in guns)
        livres = " × 1.08 (livres)" if factor != 1 else ""
        lines.append(f"Broadside weight W = {parts}{livres} = {_num(w)} lb (chase guns left out)")
    else:
        lines.append(f"No armament list: W from the port top boxes, 32 lb per long die, 64 per carronade die "
                     f"= {_num(w)} lb")
    raw = (w - ratings.FP_BASE_LB) / ratings.FP_LB_PER_POINT
    lines.append(f"FP = max(1, round((W − 300) / 100)) = max(1, round({float(raw):.2f})) = "
                 f"<b>{ratings.firepower(card)}</b> (20.1)")
    q = card.historical_crew_quality
    lines.append(f"CR = {q} crew → <b>{ratings.crew_rating(card)}</b> (green 1, average 2, crack 3; a "
                 f"scenario may give another of the card's qualities)")
    gun_boxes = [len(card.gunnery[s]) for s in SECTION_NAMES]
    lines.append(f"DC = crew {card.crew_points} + rigging {card.rigging_points} + gunnery boxes "
                 f"{' + '.join(map(str, gun_boxes))} = <b>{ratings.damage_capacity(card)}</b> (20.1)")
    return lines


# --------------------------------------------------------------------------------------------- widgets


class SpinTable(QTableWidget):
    """A table whose cells are spin boxes or combo boxes; `rowsEdited(list)` gives all rows after an edit.

    `columns`: (title, spec) where spec is (min, max) for a number or a list of (value, label) choices.
    """

    rowsEdited = Signal(list)

    def __init__(self, columns: Sequence[tuple[str, Any]], parent: QWidget | None = None) -> None:
        super().__init__(0, len(columns), parent)
        self.columns = list(columns)
        self.setHorizontalHeaderLabels([c[0] for c in columns])
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.verticalHeader().setDefaultSectionSize(26)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)

    def _cell(self, spec: Any) -> QWidget:
        if isinstance(spec, tuple):
            spin = QSpinBox()
            spin.setRange(*spec)
            spin.valueChanged.connect(self._emit)
            return spin
        combo = QComboBox()
        for value, label in spec:
            combo.addItem(label, value)
        combo.currentIndexChanged.connect(self._emit)
        return combo

    def rows(self) -> list[list[Any]]:
        out = []
        for r in range(self.rowCount()):
            row = []
            for c in range(self.columnCount()):
                w = self.cellWidget(r, c)
                row.append(w.value() if isinstance(w, QSpinBox) else w.currentData())  # type: ignore[union-attr]
            out.append(row)
        return out

    def set_rows(self, rows: Sequence[Sequence[Any]]) -> None:
        if [list(r) for r in rows] == self.rows():
            return
        blockers = []
        if self.rowCount() != len(rows):
            self.setRowCount(len(rows))
            for r in range(len(rows)):
                for c, (_title, spec) in enumerate(self.columns):
                    if self.cellWidget(r, c) is None:
                        self.setCellWidget(r, c, self._cell(spec))
        for r, row in enumerate(rows):
            for c, value in enumerate(row):
                w = self.cellWidget(r, c)
                blockers.append(QSignalBlocker(w))
                if isinstance(w, QSpinBox):
                    w.setValue(int(value))
                elif isinstance(w, QComboBox):
                    w.setCurrentIndex(max(0, w.findData(value)))
        del blockers
        self.setFixedHeight(min(10, max(len(rows), 1)) * 26 + self.horizontalHeader().height() + 4)

    def _emit(self) -> None:
        self.rowsEdited.emit(self.rows())


def error_label(key: str) -> QLabel:
    lab = QLabel()
    lab.setObjectName(f"error:{key}")
    lab.setStyleSheet(ERROR_STYLE)
    lab.setWordWrap(True)
    lab.setTextFormat(Qt.TextFormat.PlainText)
    lab.hide()
    return lab


def with_error(widget: QWidget, err: QLabel, hint: str = "") -> QWidget:
    box = QWidget()
    lay = QVBoxLayout(box)
    lay.setContentsMargins(0, 0, 0, 0)
    lay.setSpacing(1)
    lay.addWidget(widget)
    if hint:
        h = QLabel(hint)
        h.setWordWrap(True)
        h.setStyleSheet("color: #5f5a50; font-size: small;")
        lay.addWidget(h)
    lay.addWidget(err)
    return box


def optional_spin(lo: int, hi: int, none_text: str = "—") -> QSpinBox:
    """A spin box whose lowest value (lo - 1) stands for 'none'."""
    spin = QSpinBox()
    spin.setRange(lo - 1, hi)
    spin.setSpecialValueText(none_text)
    return spin


class EditorBase(QWidget):
    """Shared plumbing of the ship editor and the scenario designer: document, undo stack, bound widgets,
    problem labels. Subclasses call `bind_*` while building the form and implement `_refresh_views`."""

    def __init__(self, data: dict[str, Any], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = EditDocument(data, self)
        self.stack = QUndoStack(self)
        self._refreshers: list[Callable[[], None]] = []
        self.errors: dict[str, QLabel] = {}
        self.problems: list[tuple[str, str]] = []
        self.doc.changed.connect(self.refresh)
        self.stack.cleanChanged.connect(self._update_title)

    def _make_undo_buttons(self) -> None:
        """Undo and Redo buttons on the editor's undo stack, with the platform's shortcuts."""
        self.undo_button = QToolButton()
        self.undo_button.setDefaultAction(self.stack.createUndoAction(self, "&Undo"))
        self.undo_button.defaultAction().setShortcut(QKeySequence.StandardKey.Undo)
        self.redo_button = QToolButton()
        self.redo_button.setDefaultAction(self.stack.createRedoAction(self, "&Redo"))
        self.redo_button.defaultAction().setShortcut(QKeySequence.StandardKey.Redo)

    # edits ---------------------------------------------------------------------------------------
    def push(self, cmd: SetValues | None) -> None:
        if cmd is not None:
            self.stack.push(cmd)

    def edit(self, path: Sequence[Any], value: Any, text: str, merge: bool = False) -> None:
        self.push(set_value(self.doc, tuple(path), value, text, merge))

    # binding -------------------------------------------------------------------------------------
    def error_for(self, key: str) -> QLabel:
        if key not in self.errors:
            self.errors[key] = error_label(key)
        return self.errors[key]

    def bind_line(self, w: QLineEdit, path: Sequence[Any], label: str) -> QLineEdit:
        w.textChanged.connect(lambda t: self.edit(path, t, f"Edit {label}", merge=True))

        def refresh() -> None:
            value = self.doc.get(tuple(path)) or ""
            if w.text() != value:
                with QSignalBlocker(w):
                    w.setText(str(value))

        self._refreshers.append(refresh)
        return w

    def bind_text(self, w: QPlainTextEdit, path: Sequence[Any], label: str, lines: bool = False) -> QPlainTextEdit:
        def read() -> Any:
            t = w.toPlainText()
            return [x for x in t.split("\n") if x.strip()] if lines else t

        w.textChanged.connect(lambda: self.edit(path, read(), f"Edit {label}", merge=True))

        def refresh() -> None:
            value = self.doc.get(tuple(path))
            if read() != value:
                with QSignalBlocker(w):
                    w.setPlainText("\n".join(value or []) if lines else str(value or ""))

        self._refreshers.append(refresh)
        return w

    def bind_spin(self, w: QSpinBox, path: Sequence[Any], label: str, none_below: bool = False) -> QSpinBox:
        def changed(v: int) -> None:
            value = None if none_below and v < w.minimum() + 1 else v
            self.edit(path, value, f"Change {label}", merge=True)

        w.valueChanged.connect(changed)

        def refresh() -> None:
            value = self.doc.get(tuple(path))
            v = w.minimum() if value is None else int(value)
            if w.value() != v:
                with QSignalBlocker(w):
                    w.setValue(v)

        self._refreshers.append(refresh)
        return w

    def bind_combo(self, w: QComboBox, path: Sequence[Any], label: str,
                   on_change: Callable[[Any], None] | None = None) -> QComboBox:
        def changed(_i: int) -> None:
            if on_change is not None:
                on_change(w.currentData())
            else:
                self.edit(path, w.currentData(), f"Change {label}")

        w.currentIndexChanged.connect(changed)

        def refresh() -> None:
            i = w.findData(self.doc.get(tuple(path)))
            if w.currentIndex() != i:
                with QSignalBlocker(w):
                    w.setCurrentIndex(i)

        self._refreshers.append(refresh)
        return w

    # refresh -------------------------------------------------------------------------------------
    def refresh(self) -> None:
        for r in self._refreshers:
            r()
        self._show_problems()
        self._refresh_views()
        self._update_title()

    def _refresh_views(self) -> None:  # pragma: no cover - overridden
        pass

    def compute_problems(self) -> list[tuple[str, str]]:  # pragma: no cover - overridden
        return []

    def _show_problems(self) -> None:
        self.problems = self.compute_problems()
        by_key: dict[str, list[str]] = {}
        keys = [k for k in self.errors if k]
        for path, message in self.problems:
            key = field_key(path, keys)
            text = self.describe(path, key, message)
            by_key.setdefault(key, []).append(text)
        for key, lab in self.errors.items():
            msgs = by_key.get(key, [])
            lab.setText("\n".join(f"⚠ {m}" for m in msgs))
            lab.setVisible(bool(msgs))
        self._problems_changed(by_key)

    def describe(self, path: str, key: str, message: str) -> str:
        """A problem as shown next to field `key` (the path is left out when it is the field itself)."""
        return message if key == path or not key else f"{path}: {message}"

    def _problems_changed(self, by_key: dict[str, list[str]]) -> None:
        pass

    def _update_title(self) -> None:
        pass

    def problem_for(self, key: str) -> str:
        """The problem text shown next to field `key` ('' if none) -- for tests and screen readers."""
        lab = self.errors.get(key)
        return lab.text() if lab is not None and not lab.isHidden() else ""

    # closing -------------------------------------------------------------------------------------
    #: what `ask_discard` asks before the window closes with unsaved edits
    discard_question = "Close the editor and lose the changes?"

    def closeEvent(self, event: Any) -> None:  # noqa: N802 - Qt API
        if not self.stack.isClean() and self.isVisible() and not self.ask_discard():
            event.ignore()
            return
        super().closeEvent(event)

    def ask_discard(self) -> bool:
        """Ask before closing with unsaved edits (tests replace this)."""
        answer = QMessageBox.question(self, "Unsaved changes", self.discard_question)
        return answer == QMessageBox.StandardButton.Yes


_Editor = TypeVar("_Editor", bound=QWidget)


def show_as_window(editor: _Editor, parent: QWidget | None) -> _Editor:
    """Show an editor as its own window (over `parent`), deleted when it closes."""
    if parent is not None:
        editor.setParent(parent, Qt.WindowType.Window)
    editor.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    editor.show()
    return editor


def panel_label(name: str) -> QLabel:
    """A framed, word-wrapped rich-text label for the live figures (FP/CR/DC, the VP terms)."""
    lab = QLabel()
    lab.setObjectName(name)
    lab.setTextFormat(Qt.TextFormat.RichText)
    lab.setWordWrap(True)
    lab.setFrameShape(QFrame.Shape.StyledPanel)
    lab.setMargin(6)
    return lab


def group(title: str) -> tuple[QGroupBox, QFormLayout]:
    box = QGroupBox(title)
    form = QFormLayout(box)
    form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
    form.setLabelAlignment(Qt.AlignmentFlag.AlignRight)
    return box, form


# --------------------------------------------------------------------------------------------- the editor


class ShipEditor(EditorBase):
    """Edit one ship card; `save()` stores it in the library. Signals: `saved(ship_id)`."""

    discard_question = "Close the ship editor and lose the changes?"

    saved = Signal(str)

    def __init__(self, library: Any, ship_id: str | None = None, card: ShipCard | None = None,
                 parent: QWidget | None = None) -> None:
        if card is None and ship_id is not None:
            card = library.get_ship(ship_id)
        data = to_draft(card.model_dump(mode="json")) if card is not None else new_ship_data()
        super().__init__(data, parent)
        self.library = library
        self.original_id = card.id if card is not None and ship_id is not None else None
        self.card: ShipCard | None = None  # the draft as a valid card, or None
        self.preview_card: ShipCard | None = None  # last valid card, shown in the preview
        self.setObjectName("ShipEditor")
        self.setWindowTitle("Ship editor")
        self._build()
        self.refresh()
        self.stack.setClean()

    # ------------------------------------------------------------------ layout
    def _build(self) -> None:
        outer = QVBoxLayout(self)
        bar = QHBoxLayout()
        self._make_undo_buttons()
        self.save_button = QPushButton("&Save to library")
        self.save_button.setObjectName("save")
        self.save_button.clicked.connect(self.save)
        self.status = QLabel()
        self.status.setObjectName("status")
        self.status.setWordWrap(True)
        bar.addWidget(self.undo_button)
        bar.addWidget(self.redo_button)
        bar.addWidget(self.status, 1)
        bar.addWidget(self.save_button)
        outer.addLayout(bar)

        split = QSplitter(Qt.Orientation.Horizontal)
        outer.addWidget(split, 1)
        form_area = QScrollArea()
        form_area.setWidgetResizable(True)
        form_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        form_host = QWidget()
        form_area.setWidget(form_host)
        cols = QHBoxLayout(form_host)
        left, right = QVBoxLayout(), QVBoxLayout()
        cols.addLayout(left, 1)
        cols.addLayout(right, 1)
        split.addWidget(form_area)

        # identity --------------------------------------------------------------------------------
        box, form = group("Ship")
        self.id_edit = self.bind_line(QLineEdit(), ("id",), "id")
        self.id_edit.setObjectName("id")
        form.addRow("&Id", with_error(self.id_edit, self.error_for("id"), "file name and library key: a-z, 0-9, -"))
        self.name_edit = self.bind_line(QLineEdit(), ("name",), "name")
        self.name_edit.setObjectName("name")
        form.addRow("&Name", with_error(self.name_edit, self.error_for("name")))
        self.nation = QComboBox()
        for code, label in NATIONS:
            self.nation.addItem(f"{label} ({code})", code)
        self.bind_combo(self.nation, ("nation",), "nation")
        form.addRow("Na&tion", with_error(self.nation, self.error_for("nation"),
                                          "French guns count in livres (×1.08)"))
        self.rating = self.bind_line(QLineEdit(), ("rating",), "rating")
        self.rating.setPlaceholderText("e.g. 38-gun frigate")
        form.addRow("&Rating", with_error(self.rating, self.error_for("rating")))
        self.launched = self.bind_spin(optional_spin(1700, 1850), ("launched",), "launched", none_below=True)
        form.addRow("&Launched", with_error(self.launched, self.error_for("launched")))
        self.complement = self.bind_spin(optional_spin(1, 2000), ("complement",), "complement", none_below=True)
        self.complement.setSuffix(" men")
        form.addRow("Co&mplement", with_error(self.complement, self.error_for("complement")))
        left.addWidget(box)

        # hull ------------------------------------------------------------------------------------
        box, form = group("Hull (3.1, 3.2)")
        self.hull_type = QComboBox()
        for v, label in (("slow", "Slow (−1 Hull Bonus)"), ("average", "Average"), ("fast", "Fast (+1 Hull Bonus)")):
            self.hull_type.addItem(label, v)
        self.bind_combo(self.hull_type, ("hull_type",), "hull type")
        form.addRow("Hull &type", with_error(self.hull_type, self.error_for("hull_type")))
        self.hull_strength = QComboBox()
        for v in ("fragile", "average", "firm"):
            self.hull_strength.addItem(v.title(), v)
        self.bind_combo(self.hull_strength, ("hull_strength",), "hull strength")
        form.addRow("Hull stren&gth", with_error(self.hull_strength, self.error_for("hull_strength")))
        left.addWidget(box)

        # crew ------------------------------------------------------------------------------------
        box, form = group("Crew (3.3, 3.9)")
        qrow = QWidget()
        ql = QHBoxLayout(qrow)
        ql.setContentsMargins(0, 0, 0, 0)
        self.quality_boxes: dict[str, QCheckBox] = {}
        for q in QUALITIES:
            cb = QCheckBox(q.title())
            cb.setObjectName(f"quality:{q}")
            cb.toggled.connect(self._quality_toggled)
            self.quality_boxes[q] = cb
            ql.addWidget(cb)
        ql.addStretch(1)
        self._refreshers.append(self._refresh_qualities)
        form.addRow("Quality options", with_error(qrow, self.error_for("crew_quality_options"),
                                                  "the boxes printed on the card (2.0)"))
        self.historical = QComboBox()
        for q in QUALITIES:
            self.historical.addItem(q.title(), q)
        self.bind_combo(self.historical, ("historical_crew_quality",), "historical crew quality")
        form.addRow("&Historical", with_error(self.historical, self.error_for("historical_crew_quality"),
                                              "the asterisked box; the default crew in a scenario"))
        crow = QWidget()
        cl = QHBoxLayout(crow)
        cl.setContentsMargins(0, 0, 0, 0)
        self.crew_points = QSpinBox()
        self.crew_points.setRange(1, 40)
        self.crew_points.setObjectName("crew_points")
        self.bind_spin(self.crew_points, ("crew_points",), "crew points")
        cl.addWidget(self.crew_points)
        self.crew_from_complement = QPushButton("From complement")
        self.crew_from_complement.setToolTip("One crew point per 25 men, and red boxes at ⅔ and ⅓ of the track")
        self.crew_from_complement.clicked.connect(self._crew_from_complement)
        cl.addWidget(self.crew_from_complement)
        cl.addStretch(1)
        form.addRow("&Crew points", with_error(crow, self.error_for("crew_points"),
                                               "top box of the crew track; box 0 is Strike Check"))
        self.red_boxes = SpinTable([("Box", (1, 39)), ("Red number", (1, 3))])
        self.red_boxes.setObjectName("crew_red_boxes")
        self.red_boxes.rowsEdited.connect(lambda rows: self.edit(("crew_red_boxes",), rows, "Edit red boxes"))
        self._refreshers.append(lambda: self.red_boxes.set_rows(self.doc.get(("crew_red_boxes",)) or []))
        rb = QWidget()
        rl = QVBoxLayout(rb)
        rl.setContentsMargins(0, 0, 0, 0)
        rl.addWidget(self.red_boxes)
        rbb = QHBoxLayout()
        for text, fn in (("Add", self._add_red), ("Remove", self._remove_red), ("Suggest (3.9)", self._suggest_red)):
            b = QPushButton(text)
            b.setObjectName(f"red:{text.split()[0].lower()}")
            b.clicked.connect(fn)
            rbb.addWidget(b)
        rbb.addStretch(1)
        rl.addLayout(rbb)
        form.addRow("Red boxes", with_error(rb, self.error_for("crew_red_boxes"),
                                            "a morale check, less the red number, the first time the marker enters"))
        left.addWidget(box)

        # rigging ---------------------------------------------------------------------------------
        box, form = group("Rigging (3.8)")
        self.rigging_points = QSpinBox()
        self.rigging_points.setRange(1, 40)
        self.rigging_points.setObjectName("rigging_points")
        self.bind_spin(self.rigging_points, ("rigging_points",), "rigging points")
        form.addRow("Ri&gging points", with_error(self.rigging_points, self.error_for("rigging_points")))
        frow = QWidget()
        fl = QHBoxLayout(frow)
        fl.setContentsMargins(0, 0, 0, 0)
        self.fighting_sail_only = QSpinBox()
        self.fighting_sail_only.setRange(0, 40)
        self.fighting_sail_only.setObjectName("fighting_sail_only")
        self.bind_spin(self.fighting_sail_only, ("fighting_sail_only",), "Fighting Sail Only boxes")
        fl.addWidget(self.fighting_sail_only)
        b = QPushButton("Suggest (⅓)")
        b.clicked.connect(lambda: self.edit(("fighting_sail_only",), ratings.fighting_sail_only_for(
            int(self.doc.get(("rigging_points",)) or 1)), "Suggest Fighting Sail Only boxes"))
        fl.addWidget(b)
        fl.addStretch(1)
        form.addRow("Fighting Sail Only", with_error(frow, self.error_for("fighting_sail_only"),
                                                     "boxes 1..N of the rigging track are printed red"))
        sc = QLabel("Box 0 of the rigging and crew tracks is the <b>Strike Check</b> box (3.8, 3.9): on every "
                    "card, not editable.")
        sc.setWordWrap(True)
        form.addRow("Strike Check", sc)
        left.addWidget(box)

        # chasers ---------------------------------------------------------------------------------
        box, form = group("Chasers (3.5, 11.9)")
        chrow = QWidget()
        chl = QHBoxLayout(chrow)
        chl.setContentsMargins(0, 0, 0, 0)
        self.chasers: dict[str, QSpinBox] = {}
        for end in ("bow", "stern"):
            spin = QSpinBox()
            spin.setRange(0, 2)
            spin.setObjectName(f"chasers:{end}")
            self.bind_spin(spin, ("chasers", end), f"{end} chasers")
            self.chasers[end] = spin
            chl.addWidget(QLabel("For'd" if end == "bow" else "Stern"))
            chl.addWidget(spin)
        chl.addStretch(1)
        form.addRow("Chasers", with_error(chrow, self.error_for("chasers")))
        left.addWidget(box)
        left.addStretch(1)

        # gunnery ---------------------------------------------------------------------------------
        box = QGroupBox("Broadside sections (3.10): gunnery boxes, box 1 first")
        gl = QGridLayout(box)
        self.gunnery: dict[str, SpinTable] = {}
        for sec, (r, c) in zip(SECTION_NAMES, ((0, 0), (1, 0), (0, 1), (1, 1)), strict=True):
            w = QWidget()
            wl = QVBoxLayout(w)
            wl.setContentsMargins(0, 0, 0, 0)
            wl.addWidget(QLabel(f"<b>{SECTION_LABELS[sec]}</b>"))
            table = SpinTable([("Long", (0, 12)), ("Carronades", (0, 12))])
            table.setObjectName(f"gunnery:{sec}")
            table.rowsEdited.connect(lambda rows, s=sec: self._gunnery_edited(s, rows))
            self._refreshers.append(lambda s=sec, t=table: t.set_rows(
                [[b["long"], b["carronades"]] for b in self.doc.get(("gunnery", s)) or []]))
            self.gunnery[sec] = table
            wl.addWidget(table)
            bl = QHBoxLayout()
            for text, fn in (("Add box", self._add_gun_box), ("Remove box", self._remove_gun_box)):
                bt = QPushButton(text)
                bt.setObjectName(f"gunnery:{sec}:{text.split()[0].lower()}")
                bt.clicked.connect(lambda _=False, s=sec, f=fn: f(s))
                bl.addWidget(bt)
            bl.addStretch(1)
            wl.addLayout(bl)
            wl.addWidget(self.error_for(f"gunnery.{sec}"))
            gl.addWidget(w, r, c)
        brow = QHBoxLayout()
        self.build_button = QPushButton("Build all four from the armament (3.10.1)")
        self.build_button.setObjectName("build-gunnery")
        self.build_button.setToolTip("One box per two guns of a section; dice from the weight of shot "
                                     "(docs/file-formats.md, 'How a card is built')")
        self.build_button.clicked.connect(self._build_gunnery)
        mirror = QPushButton("Starboard = port")
        mirror.clicked.connect(self._mirror)
        brow.addWidget(self.build_button)
        brow.addWidget(mirror)
        brow.addStretch(1)
        gl.addLayout(brow, 2, 0, 1, 2)
        dc = QLabel("Each section also has its pair of <b>damage-control</b> boxes (3.7.4) and its shot box "
                    "(3.10.2): the same on every card.")
        dc.setWordWrap(True)
        gl.addWidget(dc, 3, 0, 1, 2)
        gl.addWidget(self.error_for("gunnery"), 4, 0, 1, 2)
        right.addWidget(box)

        # armament --------------------------------------------------------------------------------
        box, form = group("Historical armament (for FP, 20.1)")
        self.armament = SpinTable([("Guns", (1, 60)), ("Pounds", (1, 68)),
                                   ("Kind", [("long", "Long guns"), ("carronade", "Carronades")]),
                                   ("Position", [("broadside", "Broadside"), ("chase", "Chase")])])
        self.armament.setObjectName("armament")
        self.armament.rowsEdited.connect(lambda rows: self.edit(("armament",), [
            {"count": c, "pounds": p, "kind": k, "position": pos} for c, p, k, pos in rows], "Edit armament"))
        self._refreshers.append(lambda: self.armament.set_rows(
            [[g["count"], g["pounds"], g["kind"], g.get("position", "broadside")]
             for g in self.doc.get(("armament",)) or []]))
        aw = QWidget()
        al = QVBoxLayout(aw)
        al.setContentsMargins(0, 0, 0, 0)
        al.addWidget(self.armament)
        ab = QHBoxLayout()
        for text, fn in (("Add guns", self._add_guns), ("Remove guns", self._remove_guns)):
            bt = QPushButton(text)
            bt.setObjectName(f"armament:{text.split()[0].lower()}")
            bt.clicked.connect(fn)
            ab.addWidget(bt)
        ab.addStretch(1)
        al.addLayout(ab)
        form.addRow(with_error(aw, self.error_for("armament")))
        right.addWidget(box)

        # sources / notes -------------------------------------------------------------------------
        box, form = group("Sources and notes")
        self.sources = self.bind_text(QPlainTextEdit(), ("sources",), "sources", lines=True)
        self.sources.setPlaceholderText("one source a line")
        self.sources.setFixedHeight(60)
        form.addRow("S&ources", with_error(self.sources, self.error_for("sources")))
        self.notes = self.bind_text(QPlainTextEdit(), ("notes",), "notes")
        self.notes.setFixedHeight(60)
        form.addRow("N&otes", with_error(self.notes, self.error_for("notes")))
        right.addWidget(box)
        right.addStretch(1)

        # preview side ----------------------------------------------------------------------------
        side = QWidget()
        sl = QVBoxLayout(side)
        sl.setContentsMargins(0, 0, 0, 0)
        self.ratings_label = panel_label("ratings")
        sl.addWidget(self.ratings_label)
        self.general_errors = self.error_for("")
        sl.addWidget(self.general_errors)
        self.preview_note = QLabel()
        self.preview_note.setWordWrap(True)
        sl.addWidget(self.preview_note)
        self.preview = ShipCardWidget()
        self.preview.setObjectName("preview")
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(self.preview)
        sl.addWidget(scroll, 1)
        split.addWidget(side)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        split.setChildrenCollapsible(False)
        form_area.setMinimumWidth(560)
        side.setMinimumWidth(380)
        split.setSizes([900, 600])
        self.split = split
        self.resize(1500, 950)

    # ------------------------------------------------------------------ edits that need more than one widget
    def _refresh_qualities(self) -> None:
        opts = self.doc.get(("crew_quality_options",)) or []
        for q, cb in self.quality_boxes.items():
            if cb.isChecked() != (q in opts):
                with QSignalBlocker(cb):
                    cb.setChecked(q in opts)

    def _quality_toggled(self) -> None:
        opts = [q for q in QUALITIES if self.quality_boxes[q].isChecked()]
        self.edit(("crew_quality_options",), opts, "Change crew quality options")

    def _crew_from_complement(self) -> None:
        men = self.doc.get(("complement",))
        if not men:
            self.status.setText("Enter the complement (men) first.")
            return
        points = ratings.crew_points_for(int(men))
        red = sorted([[b, r] for b, r in ratings.red_boxes_for(points).items()], reverse=True)
        self.push(SetValues(self.doc, {("crew_points",): points, ("crew_red_boxes",): red},
                            "Crew points from complement"))

    def _add_red(self) -> None:
        rows = list(self.doc.get(("crew_red_boxes",)) or [])
        used = {b for b, _ in rows}
        top = int(self.doc.get(("crew_points",)) or 2)
        free = next((b for b in range(top - 1, 0, -1) if b not in used), 1)
        self.edit(("crew_red_boxes",), [*rows, [free, 1]], "Add a red box")

    def _remove_red(self) -> None:
        rows = list(self.doc.get(("crew_red_boxes",)) or [])
        if rows:
            r = self.red_boxes.currentRow()
            del rows[r if 0 <= r < len(rows) else -1]
            self.edit(("crew_red_boxes",), rows, "Remove a red box")

    def _suggest_red(self) -> None:
        top = int(self.doc.get(("crew_points",)) or 1)
        red = sorted([[b, r] for b, r in ratings.red_boxes_for(top).items()], reverse=True)
        self.edit(("crew_red_boxes",), red, "Suggest red boxes")

    def _gunnery_edited(self, sec: str, rows: list[list[int]]) -> None:
        self.edit(("gunnery", sec), [{"long": lg, "carronades": cr} for lg, cr in rows],
                  f"Edit {SECTION_LABELS[sec]} gunnery", merge=True)

    def _add_gun_box(self, sec: str) -> None:
        track = list(self.doc.get(("gunnery", sec)) or [])
        last = track[-1] if track else {"long": 1, "carronades": 0}
        self.edit(("gunnery", sec), [*track, dict(last)], f"Add a {SECTION_LABELS[sec]} gunnery box")

    def _remove_gun_box(self, sec: str) -> None:
        track = list(self.doc.get(("gunnery", sec)) or [])
        if track:
            self.edit(("gunnery", sec), track[:-1], f"Remove a {SECTION_LABELS[sec]} gunnery box")

    def _build_gunnery(self) -> None:
        try:
            guns = [Gun(**g) for g in self.doc.get(("armament",)) or []]
        except ValueError:
            self.status.setText("Fix the armament first.")
            return
        if not any(g.position == "broadside" for g in guns):
            self.status.setText("The armament has no broadside guns to build the tracks from.")
            return
        built = ratings.build_gunnery(guns, str(self.doc.get(("nation",))))
        self.edit(("gunnery",), {s: [b.model_dump() for b in t] for s, t in built.items()},
                  "Build gunnery from the armament")

    def _mirror(self) -> None:
        g = self.doc.get(("gunnery",)) or {}
        self.push(SetValues(self.doc, {("gunnery", "starboard_bow"): g.get("port_bow", []),
                                       ("gunnery", "starboard_aft"): g.get("port_aft", [])},
                            "Starboard sections = port"))

    def _add_guns(self) -> None:
        rows = list(self.doc.get(("armament",)) or [])
        self.edit(("armament",), [*rows, {"count": 2, "pounds": 12, "kind": "long", "position": "broadside"}],
                  "Add guns")

    def _remove_guns(self) -> None:
        rows = list(self.doc.get(("armament",)) or [])
        if rows:
            r = self.armament.currentRow()
            del rows[r if 0 <= r < len(rows) else -1]
            self.edit(("armament",), rows, "Remove guns")

    def load_card(self, card: ShipCard) -> None:
        """Replace the whole draft by `card` (undoable)."""
        self.push(replace_all(self.doc, to_draft(card.model_dump(mode="json")), f"Load {card.name}"))

    # ------------------------------------------------------------------ views
    def compute_problems(self) -> list[tuple[str, str]]:
        problems = draft_problems(self.doc.data)
        self.card = None
        if not problems:
            self.card = parse_ship(json.dumps(from_draft(self.doc.data)), "ship")
            new_id = self.card.id
            if new_id != self.original_id and self._library_has(new_id):
                what = "replace" if self.original_id is None else "overwrite"
                problems.append(("id", f"the library already has a ship {new_id!r}; choose another id "
                                       f"(saving would {what} it)"))
        return problems

    def describe(self, path: str, key: str, message: str) -> str:
        for field, words in FIELD_WORDS.items():
            message = message.replace(field, words)
        return super().describe(path, key, message)

    def _library_has(self, ship_id: str) -> bool:
        try:
            self.library.ship_entry(ship_id)
            return True
        except KeyError:
            return False

    def _refresh_views(self) -> None:
        valid = self.card if self.card is not None else None
        if valid is None:
            try:
                valid = parse_ship(json.dumps(from_draft(self.doc.data)), "ship")
            except FileFormatError:
                valid = None
        if valid is not None:
            self.preview_card = valid
            self.preview.set_card(valid)
            self.preview_note.setText("")
        elif self.preview_card is not None:
            self.preview_note.setText("<i>The preview shows the last valid card; fix the problems marked "
                                      "⚠ to update it.</i>")
        lenient = valid or lenient_card(self.doc.data)
        if lenient is None:
            self.ratings_label.setText("FP, CR, DC: — (fix the problems marked ⚠)")
            return
        try:
            fp, cr, dc = ratings.firepower(lenient), ratings.crew_rating(lenient), ratings.damage_capacity(lenient)
            lines = rating_lines(lenient)
        except (KeyError, IndexError, TypeError, ValueError, ZeroDivisionError):
            self.ratings_label.setText("FP, CR, DC: — (fix the problems marked ⚠)")
            return
        self.ratings_label.setText(
            f"<span style='font-size:large'><b>FP {fp}</b> · <b>CR {cr}</b> · <b>DC {dc}</b></span>"
            "<br>" + "<br>".join(lines))
        self.fp, self.cr, self.dc = fp, cr, dc

    def _problems_changed(self, by_key: dict[str, list[str]]) -> None:
        n = len(self.problems)
        self.save_button.setEnabled(True)
        if n:
            self.status.setText(f"<span style='{ERROR_STYLE}'>{n} problem{'s' if n > 1 else ''} to fix "
                                f"before saving (marked ⚠ by the fields)</span>")
        elif not self.stack.isClean():
            self.status.setText("Valid card, not saved yet.")
        else:
            self.status.setText("")

    def _update_title(self) -> None:
        name = self.doc.get(("name",)) or "ship"
        self.setWindowTitle(f"Ship editor — {name}{'' if self.stack.isClean() else ' *'}")

    # ------------------------------------------------------------------ saving
    def save(self) -> bool:
        """Store the card in the library; refused (problems shown by the fields) while it is invalid."""
        self.refresh()
        if self.problems or self.card is None:
            self.status.setText(f"<span style='{ERROR_STYLE}'>Not saved: fix the {len(self.problems)} "
                                f"problem(s) marked ⚠ first.</span>")
            return False
        try:
            entry = self.library.save_ship(self.card)
        except (FileFormatError, ValueError, OSError) as e:
            self.status.setText(f"<span style='{ERROR_STYLE}'>Not saved: {e}</span>")
            return False
        except Exception as e:  # a LibraryError (full disk, locked database): nothing was written
            self.status.setText(f"<span style='{ERROR_STYLE}'>Not saved: {e}</span>")
            return False
        self.original_id = entry.id
        self.stack.setClean()
        self.refresh()
        self.status.setText(f"Saved {entry.name} ({entry.id}) to the library.")
        self.saved.emit(entry.id)
        return True



def open_ship_editor(parent: QWidget | None, library: Any, ship_id: str | None = None) -> ShipEditor:
    """Open the ship editor as its own window (a new ship when `ship_id` is None)."""
    return show_as_window(ShipEditor(library, ship_id), parent)


__all__ = ["ShipEditor", "open_ship_editor", "show_as_window", "new_ship_data", "draft_problems", "field_key", "rating_lines",
           "SpinTable", "EditorBase"]
