"""Issue 11 item 3: confirming a crew assignment (5.0) that leaves a battery with an enemy in its arc and in range
(11.1) without gunners asks first, "Confirm with no gunners on the X battery?" (crew_plan.unmanned_battery).
Issue 28 item 4: the same kind of question before a maneuver that ends the game (`ask_to_confirm`)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QMessageBox, QWidget


def question(warnings: list[str]) -> str:
    batteries = sorted({w.split("no gunners on the ")[1].split(" battery")[0] for w in warnings
                        if "no gunners on the " in w})
    return f"Confirm with no gunners on the {' and '.join(batteries) or 'bearing'} battery?"


def ask_no_gunners(parent: QWidget, warnings: list[str], confirmed: Callable[[], object]) -> QMessageBox:
    """A window-modal question (not blocking: tests and the event loop go on); Yes calls `confirmed`."""
    box = QMessageBox(QMessageBox.Icon.Question, "No gunners", question(warnings),
                      QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, parent)
    box.setObjectName("no-gunners")
    box.setInformativeText("\n".join(warnings) + "\n\nThose guns cannot fire this turn (5.1.5).")
    box.setDefaultButton(QMessageBox.StandardButton.No)
    box.accepted.connect(confirmed)
    box.open()
    return box


def ask_to_confirm(parent: QWidget, title: str, text: str, lines: list[str],
                   confirmed: Callable[[], object]) -> QMessageBox:
    """A window-modal Yes/No question naming each consequence and its rule; No is the default; Yes calls
    `confirmed`."""
    box = QMessageBox(QMessageBox.Icon.Warning, title, text,
                      QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, parent)
    box.setObjectName("confirm-danger")
    box.setInformativeText("\n".join(lines))
    box.setDefaultButton(QMessageBox.StandardButton.No)
    box.accepted.connect(confirmed)
    box.open()
    return box
