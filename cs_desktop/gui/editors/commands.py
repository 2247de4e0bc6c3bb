"""Undoable edits for the ship editor and the scenario designer (STYLE 7).

An editor keeps the card it is building as plain JSON-like data in an `EditDocument`. Widgets never change
that data, nor each other: every edit is a `QUndoCommand` pushed on the editor's `QUndoStack`, and the
document emits its one `changed` signal after each `redo`/`undo`; every view (the form, the live card
preview, the ratings, the problem list, the board preview) refreshes from that signal.

Paths name a place in the data: a tuple of keys and list indexes, e.g. `("gunnery", "port_bow")` or
`("sides", 0, "ships", 1, "heading")`.
"""

from __future__ import annotations

import copy
import weakref
from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand

Path = tuple[Any, ...]

#: consecutive edits of the same field merge into one undo step (typing a name, spinning a value)
MERGE_ID = 0x5E7


def get_at(data: Any, path: Sequence[Any]) -> Any:
    for key in path:
        data = data[key]
    return data


def set_at(data: Any, path: Sequence[Any], value: Any) -> None:
    target = get_at(data, path[:-1])
    target[path[-1]] = value


class EditDocument(QObject):
    """The data an editor is building. Only commands change it; `changed` fires after each change."""

    changed = Signal()

    def __init__(self, data: Mapping[str, Any], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.data: dict[str, Any] = copy.deepcopy(dict(data))

    def get(self, path: Sequence[Any], default: Any = None) -> Any:
        try:
            return get_at(self.data, path)
        except (KeyError, IndexError, TypeError):
            return default

    def apply(self, values: Mapping[Path, Any]) -> None:
        for path, value in values.items():
            if path == ():
                self.data = copy.deepcopy(value)
            else:
                set_at(self.data, path, copy.deepcopy(value))
        self.changed.emit()


class SetValues(QUndoCommand):
    """Set one or more places of the document; undo puts the old values back.

    Consecutive single-path edits of the same place merge (`merge=True`), so typing "Java" is one undo
    step, not four.
    """

    def __init__(self, doc: EditDocument, values: Mapping[Path, Any], text: str, *, merge: bool = False) -> None:
        super().__init__(text)
        self.doc = doc
        self.new: dict[Path, Any] = {tuple(p): copy.deepcopy(v) for p, v in values.items()}
        self.old: dict[Path, Any] = {p: copy.deepcopy(doc.get(p) if p else doc.data) for p in self.new}
        self.merge = merge and len(self.new) == 1

    def redo(self) -> None:
        self.doc.apply(self.new)

    def undo(self) -> None:
        # restore in reverse order so that a nested path is restored after its parent
        self.doc.apply(dict(reversed(list(self.old.items()))))

    def id(self) -> int:
        return MERGE_ID if self.merge else -1

    def mergeWith(self, other: QUndoCommand) -> bool:  # noqa: N802 - Qt API
        if not isinstance(other, SetValues) or not (self.merge and other.merge):
            return False
        if other.doc is not self.doc or list(other.new) != list(self.new):
            return False
        self.new = other.new
        if self.new == self.old:
            self.setObsolete(True)
        return True


def set_value(doc: EditDocument, path: Sequence[Any], value: Any, text: str, merge: bool = False) -> SetValues | None:
    """A command setting `path` to `value`, or None when the value is already there."""
    if doc.get(tuple(path)) == value:
        return None
    return SetValues(doc, {tuple(path): value}, text, merge=merge)


def replace_all(doc: EditDocument, data: Mapping[str, Any], text: str) -> SetValues | None:
    """A command replacing the whole document (e.g. a card built from its armament, a loaded card)."""
    if doc.data == dict(data):
        return None
    return SetValues(doc, {(): dict(data)}, text)


class LibraryBridge(QObject):
    """The library's one "changed" signal on the Qt side: `Library.subscribe` turned into `changed(kind,
    ids, action)`. Listeners may be called on a worker thread; Qt queues the signal to the GUI thread."""

    changed = Signal(str, list, str)

    def __init__(self, library: Any) -> None:
        super().__init__()
        self.library = library
        self._unsubscribe = library.subscribe(lambda c: self.changed.emit(c.kind, list(c.ids), c.action))

    def close(self) -> None:
        self._unsubscribe()


_BRIDGES: weakref.WeakValueDictionary[int, LibraryBridge] = weakref.WeakValueDictionary()


def library_bridge(library: Any) -> LibraryBridge:
    """The one bridge of `library` (created on first use), shared by the browser and every editor."""
    bridge = _BRIDGES.get(id(library))
    if bridge is None or bridge.library is not library:
        bridge = LibraryBridge(library)
        _BRIDGES[id(library)] = bridge
    return bridge
