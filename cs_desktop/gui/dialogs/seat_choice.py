"""The New Game dialog's seat choice for one side: who plays it (a human, a level of the computer captain, or a
baseline), with the chosen kind described in one sentence under the box — seen without hovering."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLabel, QWidget

from cs_desktop.play.seating import BASELINES, SEAT_KINDS, SEAT_LABELS, seat_description


def seat_combo(side_id: str, kind: str, parent: QWidget | None = None) -> tuple[QComboBox, QLabel]:
    """The box for side `side_id`, set to `kind`, and the label that describes its current choice."""
    combo = QComboBox(parent)
    combo.setObjectName(f"seat-{side_id}")
    for seat_kind in SEAT_KINDS:
        if seat_kind == BASELINES[0]:
            combo.insertSeparator(combo.count())
        combo.addItem(SEAT_LABELS[seat_kind], seat_kind)
        combo.setItemData(combo.count() - 1, seat_description(seat_kind), Qt.ItemDataRole.ToolTipRole)
    about = QLabel(parent)
    about.setObjectName(f"seat-about-{side_id}")
    about.setWordWrap(True)
    about.setContentsMargins(16, 0, 0, 4)
    about.setStyleSheet("color: palette(placeholder-text);")

    def show(_index: int) -> None:
        text = seat_description(str(combo.currentData()))
        about.setText(text)
        combo.setToolTip(text)

    combo.currentIndexChanged.connect(show)
    combo.setCurrentIndex(max(0, combo.findData(kind)))
    show(combo.currentIndex())
    return combo, about
