"""The control panel and the other play panels: orders (the pending request), impulse track, bridge card hand,
dice tray and game log (the rule panel is in rule_view.py).

Each panel has `refresh(screen)` and draws only the presenter's screen model (play/screen.py: the view of the
side at the screen); the orders panel gets the session, to send the player's answers. The main window calls
`refresh` on the session's `changed` signal. None calls another panel, none reads the game.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from cs_desktop.gui.requests import RequestWidget, card_text, make_request_widget
from cs_desktop.gui.rule_view import RuleView, rule_tooltip  # noqa: F401 - RuleView: the main window takes it here
from cs_desktop.gui.ship_card import SECTION_LABELS

from cs_desktop.play.screen import ScreenModel

if TYPE_CHECKING:
    from cs_desktop.gui.session import GameSession

SEGMENT_NAMES = {"setup": "Set-up (2.0)", "crew": "Assign Crew (5.0)", "initiative": "Initiative (6.0)",
                 "movement": "Movement Rates (7.0)", "select": "Maneuver Selection (9.1)",
                 "impulse": "Impulse", "melee": "Melee (15.0)", "bonus": "Bonus Move (16.0)",
                 "housekeeping": "Housekeeping (17.0)"}
SIDE_COLOURS = ["#2b4c9b", "#b22222", "#2e7d32", "#6a1b9a"]


def segment_text(view_or_state: dict[str, Any]) -> str:
    seg = str(view_or_state.get("segment", ""))
    name, _, n = seg.partition(":")
    if name == "impulse":
        return f"Impulse {n} of 12"
    return SEGMENT_NAMES.get(name, seg)


class OrdersPanel(QWidget):
    """The control panel: what is asked of you now, with the widget that answers it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("orders")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 6, 6, 6)
        self.heading = QLabel()
        self.heading.setObjectName("orders-heading")
        self.heading.setWordWrap(True)
        self.heading.setTextFormat(Qt.TextFormat.RichText)
        self.heading.setOpenExternalLinks(False)
        lay.addWidget(self.heading)
        self.prompt = QLabel()
        self.prompt.setObjectName("orders-prompt")
        self.prompt.setWordWrap(True)
        self.prompt.setTextFormat(Qt.TextFormat.RichText)
        self.prompt.linkActivated.connect(self._rule_link)
        lay.addWidget(self.prompt)
        self.message = QLabel()
        self.message.setObjectName("orders-message")
        self.message.setWordWrap(True)
        self.message.setStyleSheet("color:#b3261e;")
        lay.addWidget(self.message)
        self.scroll = QScrollArea()
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        lay.addWidget(self.scroll, 1)
        self.widget: RequestWidget | None = None
        self._request_key: Any = None
        self.session: GameSession | None = None

    def _rule_link(self, link: str) -> None:
        if self.session is not None and link.startswith("rule:"):
            self.session.show_rule(link[5:])

    def submit_default(self) -> None:
        if self.widget is not None and self.widget.default_button is not None:
            if self.widget.default_button.isEnabled():
                self.widget.default_button.click()

    def refresh(self, session: GameSession) -> None:
        self.session = session
        self.prompt.setToolTip("")
        screen = session.screen()
        if not screen.has_game:
            self.heading.setText("<b>No game.</b> Start one with Game → New Game (Ctrl+N) or open a saved game "
                                 "(Ctrl+O).")
            self.prompt.setText("")
            self._set_widget(None, None)
            self.message.setText(screen.last_message)
            return
        head = f"<b>Turn {screen.turn}</b> · {segment_text({'segment': screen.segment})}"
        if screen.initiative:
            head += f" · Initiative: {html.escape(screen.side_name(screen.initiative))}"
        self.heading.setText(head)
        self.message.setText(screen.last_message)
        if screen.ended:
            self.prompt.setText(f"<b>Game over.</b> {html.escape(screen.end_reason)}")
            self._set_widget(None, None)
            return
        if screen.curtain:
            self.prompt.setText(f"Hand the screen to <b>{html.escape(screen.side_name(screen.handover_to))}</b>.")
            self._set_widget(None, None)
            return
        request = screen.request
        if request is None:
            waiting = [screen.side_name(s) for s in screen.waiting_for]
            thinking = " (thinking…)" if screen.thinking else ""
            self.prompt.setText(f"Waiting for {html.escape(', '.join(waiting) or 'the engine')}{thinking}.")
            self._set_widget(None, None)
            return
        self.prompt.setText(f"<b>{html.escape(screen.side_name(request.side))}:</b> {html.escape(request.prompt)} "
                            f"<a href='rule:{request.rule}'>[rule {request.rule}]</a>")
        self.prompt.setToolTip(rule_tooltip(request.rule))
        key = (screen.key, request.kind, request.side)
        if key != self._request_key:
            self._set_widget(make_request_widget(request, session), key)

    def _set_widget(self, widget: RequestWidget | None, key: Any) -> None:
        self._request_key = key
        old = self.scroll.takeWidget()
        if old is not None:
            old.deleteLater()
        self.widget = widget
        if widget is not None:
            self.scroll.setWidget(widget)
            focus = widget.default_button
            if focus is not None and self.isVisible():
                focus.setFocus()


class ImpulseTrack(QWidget):
    """The impulse track (1.4, 7.0 step 8): twelve boxes, each ship's Activate! markers in its colour, the
    current impulse ringed, and load markers (10.0): your own with their load, the enemy's only as markers."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("impulse-track")
        self.rows: list[tuple[str, str, list[int]]] = []  # (label, colour, activations per impulse 1..12)
        self.loads: dict[int, list[str]] = {}
        self.current = 0
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setToolTip("Impulse track: numbers are each ship's activations in that impulse (7.0 step 8); "
                        "small tags below are load markers due (10.0, 11.7)")

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt API
        return QSize(480, self._height())

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt API
        return QSize(300, self._height())

    def _height(self) -> int:
        most = max([len(v) for v in self.loads.values()] + [0])
        return 22 + 16 * max(1, len(self.rows)) + 13 * most + 6

    def refresh(self, screen: ScreenModel) -> None:
        view = screen.view
        self.rows = []
        self.loads = {}
        self.current = 0
        if view is None:
            self.updateGeometry()
            self.update()
            return
        from cs_desktop.rules.tables import get_tables

        tables = get_tables()
        seg = str(view.get("segment", ""))
        self.current = int(view.get("impulse", 0)) if seg.startswith("impulse") else 0
        sides = list(view["sides"])
        for sid, ship in view["ships"].items():
            if ship.get("struck") or ship.get("captured"):
                continue
            colour = SIDE_COLOURS[sides.index(ship["side"]) % len(SIDE_COLOURS)]
            speed = int(ship.get("speed") or 0)
            acts = [tables.activations(speed, i) for i in range(1, 13)]
            name = screen.ship_name(sid)
            self.rows.append((f"{name} ({speed})", colour, acts))
        turn = int(view.get("turn", 1))
        viewer = screen.viewer
        for due, ship, slot, load, _delayed in view.get("reload_track", []):
            impulse = int(due) - (turn - 1) * 12
            if not 1 <= impulse <= 12:
                continue
            own = viewer is None or view["ships"].get(ship, {}).get("side") == viewer
            sec = SECTION_LABELS.get(slot, slot)
            short = ship[:3].title()
            text = f"{short} {sec}: {load}" if own and load else f"{short} {sec}"
            self.loads.setdefault(impulse, []).append(text)
        self.updateGeometry()
        self.update()

    def paintEvent(self, event: Any) -> None:  # noqa: N802 - Qt API
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        w = self.width()
        label_w = min(150, w // 4)
        box_w = (w - label_w - 4) / 12
        small = QFont(self.font())
        small.setPointSizeF(max(6.0, self.font().pointSizeF() * 0.75))
        p.setPen(QPen(QColor("#2a2118")))
        for i in range(12):
            x = label_w + i * box_w
            rect = QRectF(x, 2, box_w - 2, 18)
            if i + 1 == self.current:
                p.setBrush(QColor("#f6d365"))
            else:
                p.setBrush(QColor("#f4ecd8"))
            p.setPen(QPen(QColor("#2a2118"), 2 if i + 1 == self.current else 1))
            p.drawRect(rect)
            p.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(i + 1))
        p.setPen(QPen(QColor("#2a2118")))
        for r, (label, colour, acts) in enumerate(self.rows):
            y = 24 + r * 16
            p.setPen(QPen(QColor(colour)))
            p.setFont(small)
            p.drawText(QRectF(0, y, label_w - 4, 14), Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                       label)
            for i, n in enumerate(acts):
                if n <= 0:
                    continue
                x = label_w + i * box_w
                rect = QRectF(x + box_w / 2 - 7, y, 14, 14)
                p.setBrush(QColor(colour))
                p.setPen(Qt.PenStyle.NoPen)
                p.drawEllipse(rect)
                p.setPen(QPen(QColor("white")))
                p.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(n) if n > 1 else "●")
        base = 24 + 16 * max(1, len(self.rows)) + 2
        p.setFont(small)
        for impulse, items in self.loads.items():
            x = label_w + (impulse - 1) * box_w
            for k, text in enumerate(items):
                rect = QRectF(x, base + k * 13, box_w - 2, 12)
                p.setBrush(QColor("#e0d4b8"))
                p.setPen(QPen(QColor("#8c7b62")))
                p.drawRect(rect)
                p.setPen(QPen(QColor("#2a2118")))
                p.drawText(rect, Qt.AlignmentFlag.AlignCenter, text if box_w > 60 else "L")
        p.end()
        tips = []
        for impulse, items in sorted(self.loads.items()):
            tips.append(f"impulse {impulse}: " + "; ".join(items))
        self.setToolTip("Impulse track (7.0 step 8, 10.0). Load markers:\n" + ("\n".join(tips) or "none"))


class CardHand(QWidget):
    """The bridge card hand (1.7) of the side at the screen; the enemy's only as a count."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        self.title = QLabel()
        self.title.setWordWrap(True)
        lay.addWidget(self.title)
        self.list = QListWidget()
        self.list.setObjectName("hand")
        self.list.setWordWrap(True)
        lay.addWidget(self.list, 1)

    def refresh(self, screen: ScreenModel) -> None:
        view = screen.view
        self.list.clear()
        if view is None:
            self.title.setText("Hidden until the next player takes the screen.")
            return
        viewer = screen.viewer
        lines = []
        for sid, info in view["sides"].items():
            hand = info.get("hand")
            if isinstance(hand, list) and (viewer is None or sid == viewer):
                for card in hand:
                    item = QListWidgetItem(card_text(card))
                    item.setToolTip(card_text(card))
                    self.list.addItem(item)
                lines.append(f"<b>{html.escape(info['name'])}</b>: {len(hand)} card(s)")
            else:
                count = hand if isinstance(hand, int) else len(hand or [])
                lines.append(f"{html.escape(info['name'])}: {count} card(s), hidden")
        deck = view.get("deck")
        deck_n = deck if isinstance(deck, int) else len(deck or [])
        lines.append(f"Deck {deck_n} · hand limit by morale: Unfit 4, Fair 5, Handy 6 (1.7.2)")
        self.title.setText("<br>".join(lines))


class DieFace(QWidget):
    def __init__(self, value: int, modified: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.value = value
        self.modified = modified
        self.setFixedSize(30, 40)

    def paintEvent(self, event: Any) -> None:  # noqa: N802 - Qt API
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setBrush(QColor("white"))
        p.setPen(QPen(QColor("#2a2118"), 1.5))
        p.drawRoundedRect(QRectF(2, 2, 26, 26), 5, 5)
        pips = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)], 4: [(0, 0), (0, 2), (2, 0), (2, 2)],
                5: [(0, 0), (0, 2), (1, 1), (2, 0), (2, 2)], 6: [(0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)]}
        p.setBrush(QColor("#2a2118"))
        p.setPen(Qt.PenStyle.NoPen)
        for cx, cy in pips.get(self.value, []):
            p.drawEllipse(QRectF(5 + cx * 7.5, 5 + cy * 7.5, 5, 5))
        p.setPen(QPen(QColor("#1f5fa8")))
        f = QFont(self.font())
        f.setBold(True)
        p.setFont(f)
        p.drawText(QRectF(0, 28, 30, 12), Qt.AlignmentFlag.AlignCenter, str(self.modified))
        p.end()


class DiceTray(QWidget):
    """The last rolls: each die, its modifiers (with where they come from) and the modified result."""

    MAX = 8

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("dice-tray")
        outer = QVBoxLayout(self)
        outer.setContentsMargins(4, 4, 4, 4)
        self.scroll = QScrollArea()
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        outer.addWidget(self.scroll)
        self._last: Any = None
        self.entries: list[str] = []

    def refresh(self, screen: ScreenModel) -> None:
        view = screen.view
        events = [e for e in screen.events() if e.get("type") == "roll"]
        rolls = events[-self.MAX:][::-1]
        key = (screen.has_game, view is None, tuple(e["n"] for e in rolls))
        if key == self._last:
            return
        self._last = key
        body = QWidget()
        lay = QVBoxLayout(body)
        lay.setContentsMargins(0, 0, 0, 0)
        self.entries = []
        if not rolls:
            empty = "No game yet." if not screen.has_game else "No dice rolled yet." if view is not None else \
                "Hidden until the next player takes the screen."
            lay.addWidget(QLabel(empty))
        names = screen.ship_names
        for k, e in enumerate(rolls):
            frame = QFrame()
            frame.setFrameShape(QFrame.Shape.StyledPanel)
            if k == 0:
                frame.setStyleSheet("QFrame { background:#fff8e1; }")
            fl = QVBoxLayout(frame)
            fl.setContentsMargins(4, 2, 4, 2)
            who = names.get(e.get("ship") or "", "") or screen.side_name(e.get("side"))
            title = (f"<b>{html.escape(str(e.get('purpose', 'roll')))}</b> — {html.escape(who)} "
                     f"<span style='color:#666'>(rule {e.get('rule')}, turn {e.get('turn')}, "
                     f"impulse {e.get('impulse')})</span>")
            lab = QLabel(title)
            lab.setTextFormat(Qt.TextFormat.RichText)
            lab.setWordWrap(True)
            fl.addWidget(lab)
            row = QHBoxLayout()
            dice = e.get("dice", [])
            modified = e.get("modified", dice)
            for v, m in list(zip(dice, modified, strict=False))[:24]:
                row.addWidget(DieFace(int(v), int(m)))
            if len(dice) > 24:
                row.addWidget(QLabel(f"… {len(dice) - 24} more"))
            row.addStretch(1)
            fl.addLayout(row)
            mods = [str(label) for label, _v in e.get("modifiers", [])]  # plain text: no HTML escaping
            bonus = sum(e.get("card_bonus", []) or [0])
            if bonus:
                mods.append(f"Bridge Cards +{bonus} on single dice (1.7.3)")
            text = "Modifiers: " + ("; ".join(mods) if mods else "none")
            text += f" → {modified}"
            ml = QLabel(text)
            ml.setTextFormat(Qt.TextFormat.PlainText)  # "Bridge Card 'Steady'" shows its quotes, not &#x27;
            ml.setWordWrap(True)
            fl.addWidget(ml)
            self.entries.append(f"{e.get('purpose')}: {dice} -> {modified} ({'; '.join(mods)})")
            lay.addWidget(frame)
        lay.addStretch(1)
        old = self.scroll.takeWidget()
        if old is not None:
            old.deleteLater()
        self.scroll.setWidget(body)


class GameLog(QWidget):
    """The game log: each entry names its rule; clicking (or Enter on) an entry shows the rule's text."""

    ruleClicked = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(2, 2, 2, 2)
        self.list = QListWidget()
        self.list.setObjectName("log")
        self.list.setWordWrap(True)
        self.list.setAlternatingRowColors(True)
        lay.addWidget(self.list)
        self.list.itemClicked.connect(self._clicked)
        self.list.itemActivated.connect(self._clicked)
        self._shown: list[int] = []
        self._key: Any = None

    def _clicked(self, item: QListWidgetItem) -> None:
        rule = item.data(Qt.ItemDataRole.UserRole)
        if rule:
            self.ruleClicked.emit(str(rule))

    def refresh(self, screen: ScreenModel) -> None:
        view = screen.view
        if view is None:
            self.list.clear()
            self._shown = []
            self._key = None
            return
        events = view.get("events", [])
        key = (screen.key[0], screen.viewer)
        ns = [e["n"] for e in events]
        if key != self._key or ns[:len(self._shown)] != self._shown:
            self.list.clear()
            self._shown = []
            self._key = key
        start = len(self._shown)
        for e in events[start:]:
            prefix = f"T{e.get('turn')}" + (f".{e.get('impulse')}" if e.get("impulse") else "")
            item = QListWidgetItem(f"{prefix}  [{e.get('rule')}]  {e.get('text')}")
            item.setData(Qt.ItemDataRole.UserRole, e.get("rule"))
            item.setToolTip(rule_tooltip(str(e.get("rule"))))
            if e.get("type") == "roll":
                item.setForeground(QColor("#1f5fa8"))
            elif e.get("type") in ("game_end", "strike", "captured"):
                f = item.font()
                f.setBold(True)
                item.setFont(f)
            self.list.addItem(item)
            self._shown.append(e["n"])
        if len(events) > start:
            self.list.scrollToBottom()
