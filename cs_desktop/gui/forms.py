"""The Qt Designer forms (`ui/*.ui`): loaded at run time with `QUiLoader`, looked up by objectName with a type.

A form holds a layout; the Python module that loads it keeps only behaviour. `load_form(name, host)` builds
`ui/<name>.ui` inside `host` (a widget of the behaviour class: the form's top widget fills it) and
returns a `Form`; `form.get(QLineEdit, "id")` is every widget the code needs, typed for mypy. A widget missing
from the form (renamed or deleted in Designer) is a `FormError` naming the form's file, the class and the name,
raised when the form is built -- so constructing each editor in the tests checks every name the code uses.

Why at run time and not compiled with pyside6-uic: see ui/README.md.
"""

from __future__ import annotations

from pathlib import Path
from typing import TypeVar

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QObject
from PySide6.QtUiTools import QUiLoader
from PySide6.QtWidgets import QLayout, QVBoxLayout, QWidget

import cs_desktop

_W = TypeVar("_W", bound=QObject)

#: the forms' folder; tests point it elsewhere to load a broken copy of a form
FOLDER: list[Path] = [cs_desktop.UI]

_loader: QUiLoader | None = None
_cache: dict[Path, bytes] = {}


class FormError(RuntimeError):
    """A form cannot be loaded, or lacks a widget the code looks up."""


def _the_loader() -> QUiLoader:
    """One loader for the program, with the project's own widgets that forms use as promoted widgets."""
    global _loader
    if _loader is None:
        from cs_desktop.gui.panels.card_tracks import BoxTrack, Pills
        from cs_desktop.gui.editors.spin_table import SpinTable

        _loader = QUiLoader()
        _loader.clearPluginPaths()  # no Designer plugins: the scan costs ~0.1 s at the first form
        for cls in (SpinTable, BoxTrack, Pills):
            _loader.registerCustomWidget(cls)
    return _loader


def form_path(name: str) -> Path:
    return FOLDER[0] / f"{name}.ui"


class Form:
    """A loaded form: its file, its top widget, typed look-ups by objectName."""

    def __init__(self, path: Path, top: QWidget) -> None:
        self.path = path
        self.top = top

    def get(self, kind: type[_W], name: str) -> _W:
        found = self.top.findChild(kind, name)
        if found is None and self.top.objectName() == name and isinstance(self.top, kind):
            found = self.top
        if found is None:
            raise FormError(f"{self.path}: no {kind.__name__} named {name!r} (renamed or deleted in Designer?)")
        return found

    def layout(self, name: str) -> QLayout:
        return self.get(QLayout, name)


def load_form(name: str, host: QWidget, margin: int | None = None) -> Form:
    """Build ui/<name>.ui inside `host` (the form's top widget fills it) and return it.

    `margin`: round the form, in `host`; None leaves the style's (as for a layout made in code: a window's
    margins when `host` is a window)."""
    path = form_path(name)
    data = _cache.get(path)
    if data is None:
        try:
            data = path.read_bytes()
        except OSError as e:
            raise FormError(f"{path}: cannot read the form ({e.strerror or e})") from e
        if path.parent == cs_desktop.UI:
            _cache[path] = data
    buffer = QBuffer()
    buffer.setData(QByteArray(data))
    buffer.open(QIODevice.OpenModeFlag.ReadOnly)
    loader = _the_loader()
    top = loader.load(buffer, host)
    if top is None:
        raise FormError(f"{path}: not a form Qt can load ({loader.errorString()})")
    lay = host.layout()
    if lay is None:
        lay = QVBoxLayout(host)
        if margin is not None:
            lay.setContentsMargins(margin, margin, margin, margin)
    lay.addWidget(top)
    return Form(path, top)
