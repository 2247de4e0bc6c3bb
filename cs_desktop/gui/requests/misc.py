"""The smaller request widgets: next loads (11.7), Hold-card discards (1.7.3), melee support (15.0), and
the fallback for a request kind this client has no form for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from cs_desktop.gui.requests.base import RequestWidget, card_name, card_text, no_wheel, ship_name
from cs_desktop.gui.panels.ship_card import SECTION_LABELS
from cs_desktop.rules.decisions import Request

if TYPE_CHECKING:
    from cs_desktop.gui.panel_session import PanelSession


class SelectLoadWidget(RequestWidget):
    """11.7: the next load of each broadside just fired (hidden from the enemy)."""

    def __init__(self, request: Request, session: PanelSession, parent: QWidget | None = None) -> None:
        super().__init__(request, session, parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        form = QFormLayout()
        self.combos: dict[str, QComboBox] = {}
        for key, options in (request.ships or {}).items():
            ship, _, sec = key.partition(":")
            combo = no_wheel(QComboBox())
            combo.setObjectName(f"load-{key}")
            for load in options:
                combo.addItem(f"{str(load).title()} shot", load)
            form.addRow(f"{ship_name(session, ship)} {SECTION_LABELS.get(sec, sec)}", combo)
            self.combos[key] = combo
        lay.addLayout(form)
        self.ok = self.add_submit_button(lay, "Loa&d")
        lay.addStretch(1)

    def answer(self) -> Any:
        return {key: c.currentData() for key, c in self.combos.items()}


class BonusCardsWidget(RequestWidget):
    """1.7.3: discard Hold cards for +1 on dice of this roll; cards that apply are played for their effect."""

    def __init__(self, request: Request, session: PanelSession, parent: QWidget | None = None) -> None:
        super().__init__(request, session, parent)
        info = request.info
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        most = info.get("max", 1)
        lab = QLabel(f"Roll: <b>{info.get('purpose', '')}</b> ({info.get('for_rule', '')}), "
                     f"{info.get('dice', 1)} di(c)e; discard up to {most} card(s) for +1 each (one per die). "
                     "Cards marked ★ apply to this roll and are played for their own effect.")
        lab.setWordWrap(True)
        lay.addWidget(lab)
        self.boxes: list[tuple[QCheckBox, str]] = []
        playable = set(info.get("playable", []))
        for i, card in enumerate(info.get("hand", [])):
            star = "★ " if card in playable else ""
            cb = QCheckBox(f"&{i + 1} {star}{card_name(card)}" if i < 9 else card_name(card))
            cb.setObjectName(f"card-{i}")
            cb.setToolTip(card_text(card))
            cb.toggled.connect(self._limit)
            self.boxes.append((cb, card))
            line = QHBoxLayout()
            line.addWidget(cb, 1)
            never = QPushButton("Never ask")
            never.setObjectName(f"never-{i}")
            never.setToolTip(f"Never offer {card_name(card)} for a roll again (Game → Settings… undoes it)")
            never.clicked.connect(lambda _c=False, c=card: self.session.never_offer(c))
            line.addWidget(never)
            lay.addLayout(line)
        self.most = most
        self.playable = playable
        row = QHBoxLayout()
        self.ok = QPushButton("&Use selected")
        self.ok.setObjectName("submit")
        self.ok.clicked.connect(self.submit_current)
        self.none = QPushButton("&No cards")
        self.none.setObjectName("none")
        self.none.setDefault(True)
        self.none.clicked.connect(lambda: self.send([]))
        row.addWidget(self.none)
        row.addWidget(self.ok)
        lay.addLayout(row)
        self.default_button = self.none
        lay.addStretch(1)

    def _limit(self) -> None:
        used = sum(1 for cb, card in self.boxes if cb.isChecked() and card not in self.playable)
        for cb, card in self.boxes:
            if card not in self.playable and not cb.isChecked():
                cb.setEnabled(used < self.most)

    def answer(self) -> Any:
        return [card for cb, card in self.boxes if cb.isChecked()]


class MeleeSupportWidget(RequestWidget):
    """15.0: spread support points over the melee dice."""

    def __init__(self, request: Request, session: PanelSession, parent: QWidget | None = None) -> None:
        super().__init__(request, session, parent)
        info = request.info
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.support = int(info.get("support", 0))
        self.spins: list[QSpinBox] = []
        row = QHBoxLayout()
        for i, (value, sug) in enumerate(zip(info.get("values", []), info.get("suggested", []), strict=False)):
            col = QVBoxLayout()
            col.addWidget(QLabel(f"die {value}"))
            sp = no_wheel(QSpinBox())
            sp.setObjectName(f"support-{i}")
            sp.setRange(0, self.support)
            sp.setValue(sug)
            sp.valueChanged.connect(self._update)
            col.addWidget(sp)
            row.addLayout(col)
            self.spins.append(sp)
        lay.addLayout(row)
        self.left = QLabel()
        lay.addWidget(self.left)
        self.ok = self.add_submit_button(lay, "Con&firm support")
        lay.addStretch(1)
        self._update()

    def _update(self) -> None:
        used = sum(s.value() for s in self.spins)
        self.left.setText(f"{self.support - used} of {self.support} support point(s) left")
        self.ok.setEnabled(used <= self.support)

    def answer(self) -> Any:
        return [s.value() for s in self.spins]


class FallbackWidget(RequestWidget):
    """A request kind this client does not know: answer at random (a legal answer), said plainly."""

    def __init__(self, request: Request, session: PanelSession, parent: QWidget | None = None) -> None:
        super().__init__(request, session, parent)
        lay = QVBoxLayout(self)
        lab = QLabel(f"This client has no form for '{request.kind}' yet.")
        lab.setWordWrap(True)
        lay.addWidget(lab)
        self.ok = self.add_submit_button(lay, "&Answer with a random legal choice")

    def answer(self) -> Any:
        return self.session.random_answer(self.session.screen().key[1] + 17)
