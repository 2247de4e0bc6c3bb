"""PySide6 6.12.0 drops a reference to None on every Qt call returning void on Python 3.11, and a long
session aborts with "none_dealloc". pyproject.toml pins PySide6 below 6.12; this test keeps the pin honest."""

import sys

import PySide6
from PySide6.QtWidgets import QLabel


def test_qt_calls_keep_the_reference_count_of_none(qtbot) -> None:  # type: ignore[no-untyped-def]
    label = QLabel()
    qtbot.addWidget(label)
    before = sys.getrefcount(None)
    for _ in range(2000):
        label.setText("x")
    assert sys.getrefcount(None) >= before - 50, f"PySide6 {PySide6.__version__} leaks references to None"
