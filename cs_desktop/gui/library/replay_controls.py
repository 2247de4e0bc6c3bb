"""The controls of the replay viewer (gui/library/replay_viewer.py): the transport bar (steps, a slider over the
decisions, a turn box, where the replay stands) and the bookmark panel. They draw from the replay model
(`cs_desktop.play.replay.Replay`) in `refresh(replay)` and only emit signals; the viewer moves the model."""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtCore import QSignalBlocker, Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSlider,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from cs_desktop.gui.panels.orders import segment_text

#: (name, label, tooltip with its key) of each step button, in order on the bar
STEPS = (
    ("first", "|◀ Start", "To the start of the game (Home)"),
    ("back_turn", "◀◀ Turn", "Back to the start of this turn, or of the previous one (Page Up)"),
    ("back_impulse", "◀ Impulse", "Back to the start of this impulse or segment, or of the previous one (Ctrl+Left)"),
    ("back", "‹ Decision", "Back one decision (Left)"),
    ("forward", "Decision ›", "Forward one decision (Right)"),
    ("forward_impulse", "Impulse ▶", "Forward to the next impulse or segment (Ctrl+Right)"),
    ("forward_turn", "Turn ▶▶", "Forward to the next turn (Page Down)"),
    ("last", "End ▶|", "To the end of the record (End)"),
)


def where_text(replay: Any) -> str:
    """"Decision 45 of 240 · Turn 3 · Impulse 5 of 12" and what comes next (its side and kind only)."""
    place = replay.place()
    parts = [f"Decision {replay.position} of {replay.length}", f"Turn {place.turn}",
             segment_text({"segment": place.segment})]
    if replay.position < replay.length:
        parts.append(f"next: {replay.decision_text(replay.position + 1)}")
    elif replay.over:
        parts.append("the game is over")
    else:
        parts.append("the game stopped here")
    return " · ".join(parts)


class TransportBar(QWidget):
    """Step buttons, the decision slider, the turn box and the viewer choice. Signals: `step(name)` (a step
    of the model: "first", "back", "forward_turn", ...), `seek(position)`, `turn(n)`, `viewerChosen(index)`."""

    step = Signal(str)
    seek = Signal(int)
    turn = Signal(int)
    viewerChosen = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(6, 4, 6, 4)
        row = QHBoxLayout()
        self.buttons: dict[str, QPushButton] = {}
        for name, label, tip in STEPS:
            b = QPushButton(label)
            b.setObjectName(f"replay-{name.replace('_', '-')}")
            b.setToolTip(tip)
            b.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the keys stay with the window's shortcuts
            b.clicked.connect(lambda _=False, n=name: self.step.emit(n))
            self.buttons[name] = b
            row.addWidget(b)
        row.addStretch(1)
        outer.addLayout(row)
        row = QHBoxLayout()
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setObjectName("replay-slider")
        self.slider.setToolTip("Every decision of the game; drag to move through it")
        self.slider.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.slider.valueChanged.connect(self.seek.emit)
        row.addWidget(self.slider, 1)
        row.addSpacing(8)
        turn_label = QLabel("&Turn")
        self.turn_box = QSpinBox()
        self.turn_box.setObjectName("replay-turn")
        self.turn_box.setToolTip("Jump to the start of a turn")
        self.turn_box.setKeyboardTracking(False)
        turn_label.setBuddy(self.turn_box)
        self.turn_box.valueChanged.connect(self.turn.emit)
        row.addWidget(turn_label)
        row.addWidget(self.turn_box)
        row.addSpacing(8)
        view_label = QLabel("&Show")
        self.viewer = QComboBox()
        self.viewer.setObjectName("replay-viewer-side")
        self.viewer.setToolTip("Whose view to show. Both sides' secrets only once the game is over.")
        view_label.setBuddy(self.viewer)
        self.viewer.activated.connect(self.viewerChosen.emit)
        row.addWidget(view_label)
        row.addWidget(self.viewer)
        outer.addLayout(row)
        self.where = QLabel()
        self.where.setObjectName("replay-where")
        self.where.setTextFormat(Qt.TextFormat.PlainText)
        outer.addWidget(self.where)

    def refresh(self, replay: Any) -> None:
        p, n = replay.position, replay.length
        with QSignalBlocker(self.slider):
            self.slider.setRange(0, n)
            self.slider.setValue(p)
            self.slider.setPageStep(max(1, n // 20))
        with QSignalBlocker(self.turn_box):
            self.turn_box.setRange(replay.timeline.first_turn, replay.timeline.last_turn)
            self.turn_box.setValue(replay.place().turn)
        with QSignalBlocker(self.viewer):
            labels = [replay.side_name(s) for s in replay.viewer_choices]
            if [self.viewer.itemText(i) for i in range(self.viewer.count())] != labels:
                self.viewer.clear()
                self.viewer.addItems(labels)
            self.viewer.setCurrentIndex(replay.viewer_choices.index(replay.viewer))
            self.viewer.setEnabled(len(labels) > 1)
        for name, b in self.buttons.items():
            b.setEnabled(p < n if name.startswith(("forward", "last")) else p > 0)
        self.where.setText(where_text(replay))


class BookmarkPanel(QWidget):
    """The bookmarks of the replay: a list (click or Enter to go there), a name and Add / Remove.
    Signals: `add(name)`, `remove(name)`, `chosen(name)`."""

    add = Signal(str)
    remove = Signal(str)
    chosen = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        self.list = QListWidget()
        self.list.setObjectName("replay-bookmarks")
        self.list.setWordWrap(True)
        self.list.setMinimumWidth(150)
        self.list.itemClicked.connect(self._chosen)
        self.list.itemActivated.connect(self._chosen)
        lay.addWidget(self.list, 1)
        self.name = QLineEdit()
        self.name.setObjectName("replay-bookmark-name")
        self.name.setPlaceholderText("Name (optional)")
        self.name.returnPressed.connect(self._add)
        lay.addWidget(self.name)
        row = QHBoxLayout()
        self.add_button = QPushButton("&Bookmark here")
        self.add_button.setObjectName("replay-bookmark-add")
        self.add_button.setToolTip("Bookmark this position (Ctrl+B)")
        self.add_button.clicked.connect(self._add)
        self.remove_button = QPushButton("Re&move")
        self.remove_button.setObjectName("replay-bookmark-remove")
        self.remove_button.clicked.connect(self._remove)
        row.addWidget(self.add_button)
        row.addWidget(self.remove_button)
        lay.addLayout(row)
        self.note = QLabel()
        self.note.setObjectName("replay-bookmark-note")
        self.note.setWordWrap(True)
        self.note.setTextFormat(Qt.TextFormat.RichText)
        lay.addWidget(self.note)

    def _chosen(self, item: QListWidgetItem) -> None:
        self.chosen.emit(str(item.data(Qt.ItemDataRole.UserRole)))

    def _add(self) -> None:
        self.add.emit(self.name.text())
        self.name.clear()

    def _remove(self) -> None:
        item = self.list.currentItem()
        if item is not None:
            self.remove.emit(str(item.data(Qt.ItemDataRole.UserRole)))

    def refresh(self, replay: Any, problem: str = "") -> None:
        names = [(b.name, b.position) for b in replay.bookmarks.items]
        shown = [(self.list.item(i).data(Qt.ItemDataRole.UserRole), self.list.item(i).data(Qt.ItemDataRole.UserRole + 1))
                 for i in range(self.list.count())]
        if shown != names:
            current = self.list.currentItem()
            keep = current.data(Qt.ItemDataRole.UserRole) if current is not None else None
            self.list.clear()
            for name, position in names:
                item = QListWidgetItem(f"{name} — decision {position}")
                item.setData(Qt.ItemDataRole.UserRole, name)
                item.setData(Qt.ItemDataRole.UserRole + 1, position)
                self.list.addItem(item)
                if name == keep:
                    self.list.setCurrentItem(item)
        for i in range(self.list.count()):
            item = self.list.item(i)
            f = item.font()
            f.setBold(item.data(Qt.ItemDataRole.UserRole + 1) == replay.position)
            item.setFont(f)
        self.remove_button.setEnabled(self.list.count() > 0)
        self.note.setText(f"<span style='color:#b3261e'>{html.escape(problem)}</span>" if problem else "")
