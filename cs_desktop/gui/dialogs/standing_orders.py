"""Standing orders (issue 11, item 2) in the window: kept in settings.ini (group "standing_orders"), edited in
Game → Settings… (`StandingOrdersBox`) and quickly under the orders panel (`FlowPanel`: "Ask me everything",
the standing orders in a line, and the latest answers given for the player with their reasons).

The decisions themselves are made in cs_desktop/play/turn_flow.py (Qt-free); this module only shows and keeps
the player's choices."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QCheckBox, QComboBox, QFormLayout, QGroupBox, QLabel, QVBoxLayout, QWidget

from cs_desktop.gui.panel_session import PanelSession
from cs_desktop.play.changes import EVERYTHING, Changes
from cs_desktop.play.turn_flow import CHOICES, StandingOrders

GROUP = "standing_orders"
LABELS = {
    "hold_cards": "Offer Hold-card discards (1.7.3) on",
    "free_turn": "Free turn after an Advance (9.1.1)",
    "crew": "Crew assignment (5.0)",
    "fire": "Ask me to fire (11.0)",
    "worth": "A shot worth asking about (11.0)",
    "reload": "Reload a broadside just fired with (11.7)",
    "move_order": "Who maneuvers first, when I decide (8.0)",
    "hull_first": "First hull hit on a tie (11.4.10)",
    "hold_stake": "Stake of a roll worth a Hold card (1.7.3)",
    "discard": "Discard down to the hand size (1.7.2)",
    "bonus_move": "Bonus Move (16.0)",
}


def load_orders(settings: QSettings | None) -> StandingOrders:
    """The standing orders kept in settings.ini (defaults for anything missing or unknown)."""
    if settings is None:
        return StandingOrders()
    data = {}
    for name in (*CHOICES, "ask_everything", "never_cards"):
        value = settings.value(f"{GROUP}/{name}")
        if value is not None:
            data[name] = str(value).lower() if isinstance(value, bool) else str(value)
    return StandingOrders.from_mapping(data)


def save_orders(settings: QSettings | None, orders: StandingOrders) -> None:
    if settings is None:
        return
    for name, value in orders.to_mapping().items():
        settings.setValue(f"{GROUP}/{name}", value)
    settings.sync()


class StandingOrdersBox(QGroupBox):
    """The standing orders as a form (the settings dialog)."""

    def __init__(self, orders: StandingOrders, parent: QWidget | None = None) -> None:
        super().__init__("Standing orders (asked less, rules unchanged)", parent)
        self.setObjectName("standing-orders")
        lay = QVBoxLayout(self)
        about = QLabel("Requests with a single legal answer pass by themselves. These orders answer some others "
                       "for you, from what your side can see; each answer is checked like yours and shown "
                       "under the orders panel with its reason.")
        about.setWordWrap(True)
        lay.addWidget(about)
        self.ask_everything = QCheckBox("Ask me &everything (turns all of this off)")
        self.ask_everything.setObjectName("ask-everything")
        self.ask_everything.setChecked(orders.ask_everything)
        lay.addWidget(self.ask_everything)
        form = QFormLayout()
        self.combos: dict[str, QComboBox] = {}
        current = orders.to_mapping()
        for name, choices in CHOICES.items():
            combo = QComboBox()
            combo.setObjectName(f"order-{name}")
            for value, text in choices.items():
                combo.addItem(text, value)
            combo.setCurrentIndex(max(0, combo.findData(current[name])))
            self.combos[name] = combo
            form.addRow(LABELS[name] + ":", combo)
        lay.addLayout(form)
        self.never_cards = orders.never_cards
        self.keep_never = QCheckBox(f"Never offer these Hold cards: {orders.never_cards.replace(',', ', ')}")
        self.keep_never.setObjectName("keep-never-cards")
        self.keep_never.setChecked(True)
        self.keep_never.setToolTip("Untick to be offered them again (set with \"Never ask\" beside a card)")
        self.keep_never.setVisible(bool(orders.never_cards))
        lay.addWidget(self.keep_never)
        self.ask_everything.toggled.connect(self._enable)
        self._enable()

    def _enable(self) -> None:
        for combo in self.combos.values():
            combo.setEnabled(not self.ask_everything.isChecked())

    def orders(self) -> StandingOrders:
        data: dict[str, object] = {name: combo.currentData() for name, combo in self.combos.items()}
        data["ask_everything"] = self.ask_everything.isChecked()
        data["never_cards"] = self.never_cards if self.keep_never.isChecked() else ""
        return StandingOrders.from_mapping(data)


class FlowPanel(QWidget):
    """Under the orders panel: "Ask me everything", and what was answered for the player and why."""

    def __init__(self, session: PanelSession, settings: QSettings | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("flow-panel")
        self.session = session
        self.settings = settings
        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 0, 6, 4)
        self.ask_everything = QCheckBox("Ask me everything")
        self.ask_everything.setObjectName("flow-ask-everything")
        self.ask_everything.setToolTip("Off: requests with one legal answer pass, and your standing orders "
                                       "(Game → Settings…) answer the rest they cover.")
        self.ask_everything.setChecked(session.standing.orders.ask_everything)
        self.ask_everything.toggled.connect(self._toggle)
        lay.addWidget(self.ask_everything)
        self.passed = QLabel()
        self.passed.setObjectName("flow-passed")
        self.passed.setWordWrap(True)
        self.passed.setStyleSheet("color:#555;")
        lay.addWidget(self.passed)
        session.changed.connect(self.refresh)
        session.ordersEdited.connect(lambda: save_orders(self.settings, self.session.standing.orders))
        self.refresh()

    def _toggle(self, on: bool) -> None:
        orders = replace(self.session.standing.orders, ask_everything=on)
        save_orders(self.settings, orders)
        self.session.set_orders(orders)

    def refresh(self, changes: Changes = EVERYTHING) -> None:
        """The orders' switch and what was answered for the player: the orders change beside the screen model
        (`other`), an answer for him comes with a new request or new events; the view alone or who thinks does
        not concern this panel."""
        if not changes.answered:
            return
        if self.ask_everything.isChecked() != self.session.standing.orders.ask_everything:
            self.ask_everything.blockSignals(True)
            self.ask_everything.setChecked(self.session.standing.orders.ask_everything)
            self.ask_everything.blockSignals(False)
        lines = self.session.passed_for(self.session.shown_side, 12) if not self.session.curtain else []
        # the latest two under the orders (the orders keep the room); the last twelve on hover
        self.passed.setText("Answered for you:\n" + "\n".join(lines[-2:]) if lines else "")
        self.passed.setToolTip("\n".join(lines))
