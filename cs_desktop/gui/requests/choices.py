"""Request widgets that pick among listed answers: one button per option, one radio list per ship, and
the set-up (2.0) of sail and loads.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from cs_desktop.gui.requests.base import (
    YES_NO,
    RequestWidget,
    card_text,
    choice_button,
    no_wheel,
    option_label,
    ship_name,
)
from cs_desktop.gui.panels.ship_card import SECTION_LABELS
from cs_desktop.rules.cards import SECTION_NAMES
from cs_desktop.rules.decisions import Request

if TYPE_CHECKING:
    from cs_desktop.gui.panel_session import PanelSession


class OptionsWidget(RequestWidget):
    """One button per legal answer (move order, parallel side, hull first, discard, melee split, yes/no)."""

    def __init__(self, request: Request, session: PanelSession, parent: QWidget | None = None) -> None:
        super().__init__(request, session, parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.buttons: list[QPushButton] = []
        options = list(request.options or ())
        if request.kind in YES_NO:
            options.sort(key=lambda o: not o)  # Yes first
        row = QHBoxLayout() if request.kind in YES_NO else None
        for i, option in enumerate(options):
            label = option_label(request, option, session)
            if request.kind in YES_NO:
                b = QPushButton("&Yes" if option else "&No")
            elif request.kind == "discard_card":
                b = choice_button(label, i)
                b.setToolTip(card_text(str(option)))
            else:
                b = choice_button(label, i)
            b.setObjectName(f"option-{i}")
            b.clicked.connect(lambda _=False, o=option: self.send(o))
            self.buttons.append(b)
            (row or lay).addWidget(b)
        if row is not None:
            lay.addLayout(row)
        if self.buttons:
            self.default_button = self.buttons[0]
            self.buttons[0].setDefault(True)
        self._first = options[0] if options else None
        lay.addStretch(1)

    def answer(self) -> Any:
        return self._first  # the default button's answer ("Yes" first for a yes/no question)


class ShipsChoiceWidget(RequestWidget):
    """One radio list per ship (advance_turn, fall_off, bonus_move, and any other `ships` request)."""

    def __init__(self, request: Request, session: PanelSession, parent: QWidget | None = None) -> None:
        super().__init__(request, session, parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.groups: dict[str, tuple[QButtonGroup, list[Any]]] = {}
        n = 0
        for ship_id, options in (request.ships or {}).items():
            box = QGroupBox(ship_name(session, ship_id))
            bl = QVBoxLayout(box)
            group = QButtonGroup(self)
            for i, option in enumerate(options):
                text = option_label(request, option, session)
                rb = QRadioButton(f"&{n + 1}  {text}" if n < 9 else text)
                rb.setObjectName(f"{ship_id}-option-{i}")
                n += 1
                group.addButton(rb, i)
                bl.addWidget(rb)
                if i == 0:
                    rb.setChecked(True)
            self.groups[ship_id] = (group, list(options))
            lay.addWidget(box)
        self.ok = self.add_submit_button(lay, "Con&firm")
        lay.addStretch(1)

    def answer(self) -> Any:
        return {ship: options[max(0, group.checkedId())] for ship, (group, options) in self.groups.items()}


class SetupWidget(RequestWidget):
    """2.0: each ship's sail state and the (hidden) load of each broadside."""

    def __init__(self, request: Request, session: PanelSession, parent: QWidget | None = None) -> None:
        super().__init__(request, session, parent)
        info = request.info
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.sail: dict[str, QComboBox] = {}
        self.loads: dict[str, dict[str, QComboBox]] = {}
        for ship_id in info.get("ships", []):
            box = QGroupBox(ship_name(session, ship_id))
            form = QFormLayout(box)
            sail = no_wheel(QComboBox())
            sail.setObjectName(f"{ship_id}-sail")
            for s in info.get("sail", ["medium", "fighting"]):
                sail.addItem(f"{s.title()} Sail", s)
            lab = QLabel("&Sail (3.6)")
            lab.setBuddy(sail)
            form.addRow(lab, sail)
            self.sail[ship_id] = sail
            self.loads[ship_id] = {}
            for sec in info.get("sections", SECTION_NAMES):
                combo = no_wheel(QComboBox())
                combo.setObjectName(f"{ship_id}-load-{sec}")
                for load in info.get("loads", ["round", "chain", "double"]):
                    combo.addItem(f"{load.title()} shot", load)
                form.addRow(SECTION_LABELS.get(sec, sec), combo)
                self.loads[ship_id][sec] = combo
            lay.addWidget(box)
        note = QLabel("Loads are hidden from the enemy (2.0); he sees only that the guns are loaded.")
        note.setWordWrap(True)
        lay.addWidget(note)
        self.ok = self.add_submit_button(lay, "&Ready")
        lay.addStretch(1)

    def answer(self) -> Any:
        return {ship: {"sail": self.sail[ship].currentData(),
                       "loads": {sec: c.currentData() for sec, c in self.loads[ship].items()}}
                for ship in self.sail}
