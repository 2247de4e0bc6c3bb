"""The scenario designer's terrain tool (issue 14): islands and shoals placed on the board preview.

Pick a tool above the preview ("Island", "Shoal", "Open sea"; "None" is no tool), then
click squares of the preview: each click is one undoable edit of the scenario's `terrain` (a click on a square
already of the tool's kind gives it back to the open sea). A click on a ship's token is a click on her square.
The scenario file keeps terrain as areas (`terrain[i]`: kind, name, squares); a new square joins an area of its
kind that touches it, else the first unnamed area of its kind, else a new unnamed area, so a named cay keeps its
name and a painted coast stays a few areas. Nothing is decided here: whether the terrain is on the map and no ship
starts on an island (ruling R2.0e) is the file loader's check (`files.terrain_problems`), shown under the tools
and under the side's ships like any other problem.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QButtonGroup, QLabel, QToolButton

from cs_desktop.gui.editor_base import EditorBase
from cs_desktop.gui.editor_commands import replace_all
from cs_desktop.gui.forms import Form

TOOLS = ("ships", "island", "shoal", "sea")
#: what an edit makes of a square (the undo step's words)
WORDS = {None: "open sea", "island": "an island", "shoal": "a shoal"}
#: the most squares one area may hold (rules/cards.py TerrainArea)
AREA_MOST = 200

Square = tuple[int, int]


def kind_of(terrain: Sequence[Mapping[str, Any]], square: Square) -> str | None:
    """'island', 'shoal' or None: the kind the scenario's terrain gives `square`."""
    for area in terrain:
        if any((int(x), int(y)) == square for x, y in area.get("squares", ())):
            return str(area.get("kind"))
    return None


def with_square(terrain: Sequence[Mapping[str, Any]], square: Square, kind: str | None) -> list[dict[str, Any]]:
    """The terrain (file data) with `square` made `kind` (None: open sea); the areas it leaves empty are dropped."""
    out: list[dict[str, Any]] = []
    for area in copy.deepcopy(list(terrain)):
        left = [sq for sq in area.get("squares", []) if (int(sq[0]), int(sq[1])) != square]
        if left or not area.get("squares"):
            out.append(dict(area, squares=left))
    if kind is None:
        return out
    x, y = square
    touching = {(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)}
    room = [a for a in out if a.get("kind") == kind and len(a["squares"]) < AREA_MOST]
    home = next((a for a in room if any((int(s[0]), int(s[1])) in touching for s in a["squares"])), None)
    if home is None:
        home = next((a for a in room if not a.get("name")), None)
    if home is None:
        home = {"kind": kind, "name": "", "squares": []}
        out.append(home)
    home["squares"].append([x, y])
    return out


def counts(terrain: Sequence[Mapping[str, Any]]) -> dict[str, int]:
    out = {"island": 0, "shoal": 0}
    for area in terrain:
        kind = str(area.get("kind"))
        out[kind] = out.get(kind, 0) + len(area.get("squares", ()))
    return out


def view_rows(terrain: Sequence[Mapping[str, Any]]) -> list[list[Any]]:
    """The terrain as a view lists it ([x, y, kind] rows), for the preview of a scenario not yet valid."""
    return sorted([int(x), int(y), str(area.get("kind"))] for area in terrain for x, y in area.get("squares", ()))


class TerrainTool(QObject):
    """The tool buttons, the count line and the clicks on the preview (`board`, a BoardView) of `editor`."""

    def __init__(self, editor: EditorBase, form: Form, board: Any) -> None:
        super().__init__(editor)
        self.editor = editor
        self.board = board
        self.group = QButtonGroup(self)
        self.buttons: dict[str, QToolButton] = {}
        for tool in TOOLS:
            button = form.get(QToolButton, f"terrain:{tool}")
            self.group.addButton(button)
            self.buttons[tool] = button
        self.group.setExclusive(True)
        self.count = form.get(QLabel, "terrain_count")
        self.clear_button = form.get(QToolButton, "terrain_clear")
        self.clear_button.clicked.connect(self.clear)
        board.squareClicked.connect(self.click)
        board.shipClicked.connect(self._ship_clicked)
        editor.on_refresh(self._refresh)

    # ------------------------------------------------------------------ state
    def terrain(self) -> list[dict[str, Any]]:
        return list(self.editor.doc.get(("terrain",)) or [])

    def tool(self) -> str:
        return next((t for t, b in self.buttons.items() if b.isChecked()), "ships")

    def set_tool(self, tool: str) -> None:
        self.buttons[tool].setChecked(True)

    # ------------------------------------------------------------------ edits
    def click(self, x: int, y: int) -> None:
        """A click on square (x, y) of the preview with the current tool: one undoable edit (or none)."""
        tool = self.tool()
        if tool == "ships":
            return
        square = (x, y)
        now = kind_of(self.terrain(), square)
        kind = None if tool == "sea" or now == tool else tool
        if kind == now:
            return
        self._set(with_square(self.terrain(), square, kind), f"Make [{x}, {y}] {WORDS[kind]}")

    def _ship_clicked(self, ship_id: str) -> None:
        ship = (getattr(self.board, "view", None) or {}).get("ships", {}).get(ship_id)
        if ship is not None:
            self.click(int(ship["x"]), int(ship["y"]))

    def clear(self) -> None:
        if self.terrain():
            self._set([], "Clear all terrain")

    def _set(self, terrain: list[dict[str, Any]], text: str) -> None:
        doc = self.editor.doc
        if "terrain" in doc.data:
            self.editor.edit(("terrain",), terrain, text)
        else:  # a scenario at open sea has no `terrain` key: undo takes the whole key away again
            self.editor.push(replace_all(doc, dict(doc.data, terrain=terrain), text))

    # ------------------------------------------------------------------ views
    def _refresh(self) -> None:
        n = counts(self.terrain())
        what = [f"{n[k]} {k} square{'' if n[k] == 1 else 's'}" for k in ("island", "shoal") if n[k]]
        self.count.setText((" and ".join(what).capitalize() if what else "Open sea: no islands or shoals")
                           + ". Pick a tool, then click squares of the preview (again: open sea).")
        self.clear_button.setEnabled(bool(what))

    def draw_unchecked(self, view: Mapping[str, Any] | None) -> None:
        """The scenario has a problem (maybe an island under a ship): the last picture, with the terrain as
        edited, so that the click shows."""
        if view is not None:
            self.board.set_view(dict(view, terrain=view_rows(self.terrain())))


__all__ = ["TOOLS", "TerrainTool", "counts", "kind_of", "view_rows", "with_square"]
