"""The ship editor's tables: the red boxes of the crew track (3.9), the gunnery boxes of the four broadside
sections (3.10) and the historical armament (20.1), with the buttons that add, remove, suggest and build them.

`TrackTables(editor, form)` binds the tables of the ship editor's form to the editor's document; every change is
an undoable edit of the editor (`editor.edit` / `editor.push`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import QLabel, QPushButton

from cs_desktop.gui.editors.base import EditorBase
from cs_desktop.gui.editors.commands import SetValues
from cs_desktop.gui.forms import Form
from cs_desktop.gui.panels.ship_card import SECTION_LABELS
from cs_desktop.gui.editors.spin_table import SpinTable
from cs_desktop.rules import ratings
from cs_desktop.rules.cards import SECTION_NAMES, Gun


class TrackTables:
    """The red-box, gunnery and armament tables of one ship editor."""

    def __init__(self, editor: EditorBase, form: Form, status: QLabel) -> None:
        self.editor = editor
        self.doc = editor.doc
        self.status = status

        self.red_boxes = form.get(SpinTable, "crew_red_boxes")
        self.red_boxes.set_columns([("Box", (1, 39)), ("Red number", (1, 3))])
        self.red_boxes.rowsEdited.connect(lambda rows: editor.edit(("crew_red_boxes",), rows, "Edit red boxes"))
        editor.on_refresh(lambda: self.red_boxes.set_rows(self.doc.get(("crew_red_boxes",)) or []))
        for key, fn in (("add", self._add_red), ("remove", self._remove_red), ("suggest", self._suggest_red)):
            form.get(QPushButton, f"red:{key}").clicked.connect(fn)

        self.gunnery: dict[str, SpinTable] = {}
        for sec in SECTION_NAMES:
            table = form.get(SpinTable, f"gunnery:{sec}")
            table.set_columns([("Long", (0, 12)), ("Carronades", (0, 12))])
            table.rowsEdited.connect(lambda rows, s=sec: self._gunnery_edited(s, rows))
            editor.on_refresh(self._gunnery_refresher(sec, table))
            self.gunnery[sec] = table
            form.get(QPushButton, f"gunnery:{sec}:add").clicked.connect(
                lambda _=False, s=sec: self._add_gun_box(s))
            form.get(QPushButton, f"gunnery:{sec}:remove").clicked.connect(
                lambda _=False, s=sec: self._remove_gun_box(s))
        self.build_button = form.get(QPushButton, "build-gunnery")
        self.build_button.clicked.connect(self._build_gunnery)
        form.get(QPushButton, "mirror").clicked.connect(self._mirror)

        self.armament = form.get(SpinTable, "armament")
        self.armament.set_columns([("Guns", (1, 60)), ("Pounds", (1, 68)),
                                   ("Kind", [("long", "Long guns"), ("carronade", "Carronades")]),
                                   ("Position", [("broadside", "Broadside"), ("chase", "Chase")])])
        self.armament.rowsEdited.connect(lambda rows: editor.edit(("armament",), [
            {"count": c, "pounds": p, "kind": k, "position": pos} for c, p, k, pos in rows], "Edit armament"))
        editor.on_refresh(lambda: self.armament.set_rows(
            [[g["count"], g["pounds"], g["kind"], g.get("position", "broadside")]
             for g in self.doc.get(("armament",)) or []]))
        form.get(QPushButton, "armament:add").clicked.connect(self._add_guns)
        form.get(QPushButton, "armament:remove").clicked.connect(self._remove_guns)

    def _gunnery_refresher(self, sec: str, table: SpinTable) -> Callable[[], None]:
        def refresh() -> None:
            table.set_rows([[b["long"], b["carronades"]] for b in self.doc.get(("gunnery", sec)) or []])

        return refresh

    # ------------------------------------------------------------------ red boxes (3.9)
    def _add_red(self) -> None:
        rows = list(self.doc.get(("crew_red_boxes",)) or [])
        used = {b for b, _ in rows}
        top = int(self.doc.get(("crew_points",)) or 2)
        free = next((b for b in range(top - 1, 0, -1) if b not in used), 1)
        self.editor.edit(("crew_red_boxes",), [*rows, [free, 1]], "Add a red box")

    def _remove_red(self) -> None:
        rows = list(self.doc.get(("crew_red_boxes",)) or [])
        if rows:
            r = self.red_boxes.currentRow()
            del rows[r if 0 <= r < len(rows) else -1]
            self.editor.edit(("crew_red_boxes",), rows, "Remove a red box")

    def _suggest_red(self) -> None:
        top = int(self.doc.get(("crew_points",)) or 1)
        red = sorted([[b, r] for b, r in ratings.red_boxes_for(top).items()], reverse=True)
        self.editor.edit(("crew_red_boxes",), red, "Suggest red boxes")

    # ------------------------------------------------------------------ gunnery (3.10)
    def _gunnery_edited(self, sec: str, rows: list[list[int]]) -> None:
        self.editor.edit(("gunnery", sec), [{"long": lg, "carronades": cr} for lg, cr in rows],
                         f"Edit {SECTION_LABELS[sec]} gunnery", merge=True)

    def _add_gun_box(self, sec: str) -> None:
        track = list(self.doc.get(("gunnery", sec)) or [])
        last = track[-1] if track else {"long": 1, "carronades": 0}
        self.editor.edit(("gunnery", sec), [*track, dict(last)], f"Add a {SECTION_LABELS[sec]} gunnery box")

    def _remove_gun_box(self, sec: str) -> None:
        track = list(self.doc.get(("gunnery", sec)) or [])
        if track:
            self.editor.edit(("gunnery", sec), track[:-1], f"Remove a {SECTION_LABELS[sec]} gunnery box")

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
        self.editor.edit(("gunnery",), {s: [b.model_dump() for b in t] for s, t in built.items()},
                         "Build gunnery from the armament")

    def _mirror(self) -> None:
        g: dict[str, Any] = self.doc.get(("gunnery",)) or {}
        self.editor.push(SetValues(self.doc, {("gunnery", "starboard_bow"): g.get("port_bow", []),
                                              ("gunnery", "starboard_aft"): g.get("port_aft", [])},
                                   "Starboard sections = port"))

    # ------------------------------------------------------------------ armament (20.1)
    def _add_guns(self) -> None:
        rows = list(self.doc.get(("armament",)) or [])
        self.editor.edit(("armament",), [*rows, {"count": 2, "pounds": 12, "kind": "long", "position": "broadside"}],
                         "Add guns")

    def _remove_guns(self) -> None:
        rows = list(self.doc.get(("armament",)) or [])
        if rows:
            r = self.armament.currentRow()
            del rows[r if 0 <= r < len(rows) else -1]
            self.editor.edit(("armament",), rows, "Remove guns")
