"""The scenario designer's terrain tool (issue 14): islands and shoals placed on the board preview.

Pick a tool above the preview ("Island", "Shoal", "Open sea"; "None" is no tool), then
click squares of the preview, or drag across them: each click or drag is one undoable edit of the scenario's
`terrain`. A stroke that starts on a square already of the tool's kind gives that kind back to the open sea
(click an island again with the island tool: sea). A press on a ship's token is a press on her square; with a
tool picked the left button paints instead of panning the preview.
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

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QButtonGroup, QLabel, QToolButton

from cs_desktop.gui.editors.base import EditorBase
from cs_desktop.gui.editors.commands import replace_all
from cs_desktop.gui.forms import Form

TOOLS = ("ships", "island", "shoal", "sea")
#: what an edit makes of a square (the undo step's words)
WORDS = {None: "open sea", "island": "an island", "shoal": "a shoal"}
#: the picked tool reads as picked at a glance (the style's own checked look is faint)
PICKED = ("QToolButton:checked { background: #d6e9f3; border: 1px solid #2f6f8f; border-radius: 3px; "
          "font-weight: bold; padding: 2px 6px; }")
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
            button.setStyleSheet(PICKED)
            self.buttons[tool] = button
        self.group.setExclusive(True)
        self.group.buttonClicked.connect(lambda _b: self._end())
        self.count = form.get(QLabel, "terrain_count")
        self.clear_button = form.get(QToolButton, "terrain_clear")
        self.clear_button.clicked.connect(self.clear)
        self._stroke: tuple[str | None, str] | None = None  # (kind painted, tool) while the button is down
        self._edits = 0
        board.viewport().installEventFilter(self)
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
        self._begin((x, y))
        self._end()

    def _begin(self, square: Square) -> None:
        """The button goes down on `square`: it decides the stroke (a square already of the tool's kind: the
        stroke gives squares of that kind back to the sea; else it paints the tool's kind)."""
        self._end()  # a stroke whose release never came (the window lost the mouse) ends here
        tool = self.tool()
        if tool == "ships":
            return
        kind = None if tool == "sea" or kind_of(self.terrain(), square) == tool else tool
        self._stroke, self._edits = (kind, tool), 0
        self._paint(square)

    def _paint(self, square: Square) -> None:
        if self._stroke is None:
            return
        kind, tool = self._stroke
        now = kind_of(self.terrain(), square)
        if now == kind or (kind is None and tool != "sea" and now != tool):
            return  # already so, or (taking the tool's kind off) another kind: left as it is
        if self._edits == 0:  # one undo step for the stroke, named by its first square
            self.editor.stack.beginMacro(f"Make [{square[0]}, {square[1]}] {WORDS[kind]}")
        self._edits += 1
        self._set(with_square(self.terrain(), square, kind), f"Make [{square[0]}, {square[1]}] {WORDS[kind]}")

    def _end(self) -> None:
        if self._stroke is not None and self._edits:
            stack = self.editor.stack
            if self._edits > 1:  # the open macro is the stack's last command: say what the stroke did
                kind = self._stroke[0]
                what = f"Paint {self._edits} {kind} squares" if kind else f"Make {self._edits} squares open sea"
                stack.command(stack.count() - 1).setText(what)
            stack.endMacro()
        self._stroke, self._edits = None, 0

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt API
        """With a tool picked, the preview's left button paints squares (press, drag, release) instead of
        panning the view; a press on a ship's token is a press on her square."""
        kind = event.type()
        if kind not in (QEvent.Type.MouseButtonPress, QEvent.Type.MouseMove, QEvent.Type.MouseButtonRelease):
            return False
        assert isinstance(event, QMouseEvent)
        square = self.board.square_at(self.board.mapToScene(event.position().toPoint()))
        if kind == QEvent.Type.MouseButtonPress:
            if (self.tool() == "ships" or event.button() != Qt.MouseButton.LeftButton or square is None
                    or event.modifiers() & (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)):
                return False
            self._begin(square)
            return True
        if self._stroke is None:
            return False
        if kind == QEvent.Type.MouseMove:
            if square is not None:
                self._paint(square)
        else:
            self._end()
        return True

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
                           + ". Click or drag on the preview with a tool; starting on its own kind clears.")
        self.clear_button.setEnabled(bool(what))

    def draw_unchecked(self, view: Mapping[str, Any] | None) -> None:
        """The scenario has a problem (maybe an island under a ship): the last picture, with the terrain as
        edited, so that the click shows."""
        if view is not None:
            self.board.set_view(dict(view, terrain=view_rows(self.terrain())))


__all__ = ["TOOLS", "TerrainTool", "counts", "kind_of", "view_rows", "with_square"]
