"""The ship editor: every field of the Ship Display (3.0), a live card preview, FP/CR/DC and validation.

The layout is the Designer form ui/ship_editor.ui; this module binds it to the card being built. The draft
(`ship_draft.py`: plain ship-file data, its problems, the ratings explained) lives in the editor's
`EditDocument`; each edit is an undoable command (`editor_base.py`) and after each change the document's one
`changed` signal refreshes the form, the preview (the game's own `ShipCardWidget`), the ratings
(`cs_desktop.rules.ratings`, explained step by step) and the problem labels next to each field. The tables of red
boxes, gunnery and armament are `ship_editor_tracks.py`.

Validation is the file loader's (`files.parse_ship`), plus the 3.10.1 cumulative-track check; each problem is
shown next to the field it names.
"""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtCore import QSignalBlocker, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QSplitter,
    QWidget,
)

from cs_desktop.formats.files import parse_ship
from cs_desktop.gui.editors.base import ERROR_STYLE, NATIONS, EditorBase, show_as_window
from cs_desktop.gui.editors.commands import SetValues, replace_all
from cs_desktop.gui.forms import Form, load_form
from cs_desktop.gui.panels.ship_card import ShipCardWidget
from cs_desktop.gui.editors.ship_draft import (
    FIELD_WORDS,
    QUALITIES,
    draft_problems,
    from_draft,
    lenient_card,
    new_ship_data,
    rating_lines,
    to_draft,
)
from cs_desktop.gui.editors.ship_tracks import TrackTables
from cs_desktop.gui.editors.ship_templates import ShipTemplateDialog
from cs_desktop.formats.jsonread import FileFormatError
from cs_desktop.rules import ratings
from cs_desktop.rules.cards import SECTION_NAMES, ShipCard

#: the fields with a problem label under them (`box-<key>` in the form)
ERROR_KEYS = ("id", "name", "nation", "rating", "launched", "complement", "hull_type", "hull_strength",
              "crew_quality_options", "historical_crew_quality", "crew_points", "crew_red_boxes", "rigging_points",
              "fighting_sail_only", "chasers", *(f"gunnery.{s}" for s in SECTION_NAMES), "gunnery", "armament",
              "sources", "notes", "")


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
        self.fp = self.dc = 0
        self.cr = 0.0  # CR in half points (R20.1l)
        self.setObjectName("ShipEditor")
        self.setWindowTitle("Ship editor")
        self._bind_form()
        self.template_button = self.findChild(QPushButton, "from_template")
        assert self.template_button is not None, "ui/ship_editor.ui: from_template"
        self.template_button.clicked.connect(self.new_from_template)
        self.refresh()
        self.stack.setClean()

    # ------------------------------------------------------------------ the form
    def _bind_form(self) -> None:
        """ui/ship_editor.ui bound: save, the card's facts, crew and rigging, the tracks, sources and the preview."""
        form = load_form("ship_editor", self)
        self.bind_undo_buttons(form)
        self.save_button = form.get(QPushButton, "save")
        self.save_button.clicked.connect(self.save)
        self.status = form.get(QLabel, "status")
        self._bind_facts(form)
        self._bind_crew_and_rigging(form)

        self.tables = TrackTables(self, form, self.status)
        self.red_boxes = self.tables.red_boxes
        self.gunnery = self.tables.gunnery
        self.build_button = self.tables.build_button
        self.armament = self.tables.armament

        self.sources = self.bind_text(form.get(QPlainTextEdit, "sources"), ("sources",), "sources", lines=True)
        self.notes = self.bind_text(form.get(QPlainTextEdit, "notes"), ("notes",), "notes")

        self.ratings_label = form.get(QLabel, "ratings")
        self.preview_note = form.get(QLabel, "preview_note")
        self.preview = ShipCardWidget()
        self.preview.setObjectName("preview")
        form.get(QScrollArea, "preview_scroll").setWidget(self.preview)
        self.place_errors(form, ERROR_KEYS)
        self.general_errors = self.error_for("")
        self.split = form.get(QSplitter, "split")
        self.split.setStretchFactor(0, 3)
        self.split.setStretchFactor(1, 2)
        self.split.setSizes([900, 600])
        self.resize(1500, 950)

    def _bind_facts(self, form: Form) -> None:
        """The ship's id, name, nation, rating, launch year and complement; her hull type (3.1) and strength (3.2)."""
        self.id_edit = self.bind_line(form.get(QLineEdit, "id"), ("id",), "id")
        self.name_edit = self.bind_line(form.get(QLineEdit, "name"), ("name",), "name")
        self.nation = form.get(QComboBox, "nation")
        for code, label in NATIONS:
            self.nation.addItem(f"{label} ({code})", code)
        self.bind_combo(self.nation, ("nation",), "nation")
        self.rating = self.bind_line(form.get(QLineEdit, "rating"), ("rating",), "rating")
        self.launched = self.bind_spin(form.get(QSpinBox, "launched"), ("launched",), "launched", none_below=True)
        self.complement = self.bind_spin(form.get(QSpinBox, "complement"), ("complement",), "complement",
                                         none_below=True)

        self.hull_type = form.get(QComboBox, "hull_type")
        for v, label in (("slow", "Slow (−1 Hull Bonus)"), ("average", "Average"), ("fast", "Fast (+1 Hull Bonus)")):
            self.hull_type.addItem(label, v)
        self.bind_combo(self.hull_type, ("hull_type",), "hull type")
        self.hull_strength = form.get(QComboBox, "hull_strength")
        for v in ("fragile", "average", "firm"):
            self.hull_strength.addItem(v.title(), v)
        self.bind_combo(self.hull_strength, ("hull_strength",), "hull strength")

    def _bind_crew_and_rigging(self, form: Form) -> None:
        """Crew qualities offered and the historical one, crew points (and from the complement), rigging points,
        Fighting Sail Only boxes (suggested from the rigging) and the chasers."""
        self.quality_boxes: dict[str, QCheckBox] = {}
        for q in QUALITIES:
            cb = form.get(QCheckBox, f"quality:{q}")
            cb.toggled.connect(self._quality_toggled)
            self.quality_boxes[q] = cb
        self.on_refresh(self._refresh_qualities)
        self.historical = form.get(QComboBox, "historical")
        for q in QUALITIES:
            self.historical.addItem(q.title(), q)
        self.bind_combo(self.historical, ("historical_crew_quality",), "historical crew quality")
        self.crew_points = self.bind_spin(form.get(QSpinBox, "crew_points"), ("crew_points",), "crew points")
        self.crew_from_complement = form.get(QPushButton, "crew_from_complement")
        self.crew_from_complement.clicked.connect(self._crew_from_complement)

        self.rigging_points = self.bind_spin(form.get(QSpinBox, "rigging_points"), ("rigging_points",),
                                             "rigging points")
        self.fighting_sail_only = self.bind_spin(form.get(QSpinBox, "fighting_sail_only"), ("fighting_sail_only",),
                                                 "Fighting Sail Only boxes")
        form.get(QPushButton, "suggest_fso").clicked.connect(lambda: self.edit(
            ("fighting_sail_only",), ratings.fighting_sail_only_for(int(self.doc.get(("rigging_points",)) or 1)),
            "Suggest Fighting Sail Only boxes"))
        self.chasers: dict[str, QSpinBox] = {
            end: self.bind_spin(form.get(QSpinBox, f"chasers:{end}"), ("chasers", end), f"{end} chasers")
            for end in ("bow", "stern")}

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

    def new_from_template(self) -> None:
        """"New ship from template…": pick one of the templates (R3.0a) and start a new ship from it."""
        dialog = ShipTemplateDialog(self)
        if dialog.exec() == ShipTemplateDialog.DialogCode.Accepted and (card := dialog.chosen()) is not None:
            self.use_template(card)

    def use_template(self, card: ShipCard) -> None:
        """A new ship (not the one opened) from template `card`, undoably: saving adds her, never overwrites."""
        self.original_id = None
        self.push(replace_all(self.doc, to_draft(card.model_dump(mode="json")), f"New ship from {card.name}"))
        self.status.setText(f"New ship from the template {card.name} ({card.rating}): give her a name and id of her "
                            f"own, then save.")

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
            f"<span style='font-size:large'><b>FP {fp}</b> · <b>CR {float(cr):g}</b> · <b>DC {dc}</b></span>"
            "<br>" + "<br>".join(lines))
        self.fp, self.cr, self.dc = fp, float(cr), dc

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


__all__ = ["ShipEditor", "open_ship_editor"]
