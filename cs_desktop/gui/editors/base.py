"""What the ship editor and the scenario designer share: the document and its undo stack, widgets bound to
paths of the document, the problem labels under the fields, closing with unsaved edits.

The card or scenario being built lives in an `EditDocument` (plain JSON data, as in a file). Each edit is a
`SetValues` command on the editor's `QUndoStack`; after each change the document's one `changed` signal runs
every bound widget's refresher, then the problems (each shown under the field whose path it names), then the
editor's own views (`_refresh_views`, `_problems_changed`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtGui import QCloseEvent, QKeySequence, QUndoStack
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QLabel,
    QLayout,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
    QSpinBox,
    QToolButton,
    QWidget,
)

from cs_desktop.gui.editors.commands import EditDocument, SetValues, set_value
from cs_desktop.gui.forms import Form

NATIONS = (("US", "United States"), ("GB", "Great Britain"), ("FR", "France"), ("TRI", "Tripoli"))
ERROR_STYLE = "color: #b3261e;"


def field_key(path: str, keys: Sequence[str]) -> str:
    """The editor field a problem's path belongs to: the longest key that prefixes it ('' if none)."""
    best = ""
    for key in keys:
        if (path == key or path.startswith(key + ".") or path.startswith(key + "[")) and len(key) > len(best):
            best = key
    return best



def error_label(key: str) -> QLabel:
    lab = QLabel()
    lab.setObjectName(f"error:{key}")
    lab.setStyleSheet(ERROR_STYLE)
    lab.setWordWrap(True)
    lab.setTextFormat(Qt.TextFormat.PlainText)
    lab.hide()
    return lab



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

    def bind_undo_buttons(self, form: Form) -> None:
        """The form's Undo and Redo buttons on the editor's undo stack, with the platform's shortcuts."""
        self.undo_button = form.get(QToolButton, "undo")
        self.redo_button = form.get(QToolButton, "redo")
        for button, action, keys in ((self.undo_button, self.stack.createUndoAction(self, "&Undo"),
                                      QKeySequence.StandardKey.Undo),
                                     (self.redo_button, self.stack.createRedoAction(self, "&Redo"),
                                      QKeySequence.StandardKey.Redo)):
            action.setShortcut(keys)
            button.setDefaultAction(action)

    def place_errors(self, form: Form, keys: Sequence[str]) -> None:
        """The problem label of each field key, under the field: in the form's layout `box-<key>-layout`."""
        for key in keys:
            form.get(QLayout, f"box-{key}-layout").addWidget(self.error_for(key))

    # edits ---------------------------------------------------------------------------------------
    def push(self, cmd: SetValues | None) -> None:
        if cmd is not None:
            self.stack.push(cmd)

    def edit(self, path: Sequence[Any], value: Any, text: str, merge: bool = False) -> None:
        self.push(set_value(self.doc, tuple(path), value, text, merge))

    # binding -------------------------------------------------------------------------------------
    def on_refresh(self, refresh: Callable[[], None]) -> None:
        """Run `refresh` after every change of the document (before the problems are shown)."""
        self._refreshers.append(refresh)

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

    def bind_check(self, w: QCheckBox, path: Sequence[Any], label: str, clears: Sequence[str] = ()) -> QCheckBox:
        """A switch that is off unless the document says true: ticked writes true; unticked takes the key out
        (a file that never named the switch is written as before), and the keys beside it named in `clears` (the
        switches that need this one), in the same step. Undo puts the enclosing object back."""
        parent, key = tuple(path[:-1]), path[-1]

        def changed(on: bool) -> None:
            new = dict(self.doc.get(parent) or {})
            if on:
                new[key] = True
            else:
                for gone in (key, *clears):
                    new.pop(gone, None)
            self.edit(parent, new, f"{'Turn on' if on else 'Turn off'} {label}")

        w.toggled.connect(changed)

        def refresh() -> None:
            on = bool(self.doc.get(tuple(path)))
            if w.isChecked() != on:
                with QSignalBlocker(w):
                    w.setChecked(on)

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

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt API
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
