"""The fire request (11.0): per ship the target, the sections that fire and their aim, or a chaser, with
the odds of the shot as now set.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from cs_desktop.gui.request_base import RequestWidget, ship_name
from cs_desktop.gui.ship_card import SECTION_LABELS
from cs_desktop.rules.cards import SECTION_NAMES
from cs_desktop.rules.decisions import Request

if TYPE_CHECKING:
    from cs_desktop.gui.session import GameSession


class FireWidget(RequestWidget):
    """11.0: per ship, the target, which sections fire and their aim (High at rigging, Low at hull), or a
    chaser; the odds of the shot as now set are shown before it is fired."""

    def __init__(self, request: Request, session: GameSession, parent: QWidget | None = None) -> None:
        super().__init__(request, session, parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.rows: dict[str, dict[str, Any]] = {}
        announced = request.info.get("announced") or {}
        if announced:
            text = "; ".join(f"{ship_name(session, s)} fires at {ship_name(session, a.get('target') or '')}"
                             for s, a in announced.items() if isinstance(a, dict) and a.get("target"))
            if text:
                lab = QLabel(f"Announced: {text}")
                lab.setWordWrap(True)
                lay.addWidget(lab)
        for ship_id, options in (request.ships or {}).items():
            box = QGroupBox(f"{ship_name(session, ship_id)} — fire")
            form = QGridLayout(box)
            target = QComboBox()
            target.setObjectName(f"{ship_id}-target")
            targets = []
            for o in options:
                if o.get("target") and o["target"] not in targets:
                    targets.append(o["target"])
            target.addItem("Hold fire", None)
            for t in targets:
                target.addItem(ship_name(session, t), t)
            tl = QLabel("&Target")
            tl.setBuddy(target)
            form.addWidget(tl, 0, 0)
            form.addWidget(target, 0, 1, 1, 3)
            sections: dict[str, tuple[QCheckBox, QComboBox]] = {}
            for r, sec in enumerate(SECTION_NAMES, start=1):
                cb = QCheckBox(SECTION_LABELS[sec])
                cb.setObjectName(f"{ship_id}-fire-{sec}")
                aim = QComboBox()
                aim.setObjectName(f"{ship_id}-aim-{sec}")
                aim.addItem("Low (hull)", "low")
                aim.addItem("High (rigging)", "high")
                form.addWidget(cb, r, 0, 1, 2)
                form.addWidget(aim, r, 2, 1, 2)
                sections[sec] = (cb, aim)
                cb.toggled.connect(lambda _on, s=ship_id: self._changed(s))
                aim.currentIndexChanged.connect(lambda _i, s=ship_id: self._changed(s))
            chaser = QComboBox()
            chaser.setObjectName(f"{ship_id}-chaser")
            chaser.addItem("No chaser", None)
            for c in sorted({o.get("chaser") for o in options if o.get("chaser")}):
                chaser.addItem(f"{c.title()} chaser (11.9)", c)
            form.addWidget(QLabel("Chaser"), 5, 0)
            form.addWidget(chaser, 5, 1, 1, 3)
            odds = QLabel()
            odds.setObjectName(f"{ship_id}-odds")
            odds.setWordWrap(True)
            odds.setTextFormat(Qt.TextFormat.RichText)
            form.addWidget(odds, 6, 0, 1, 4)
            self.rows[ship_id] = {"options": list(options), "target": target, "sections": sections,
                                  "chaser": chaser, "odds": odds}
            target.currentIndexChanged.connect(lambda _i, s=ship_id: self._target_changed(s))
            chaser.currentIndexChanged.connect(lambda _i, s=ship_id: self._changed(s))
            if targets:
                target.setCurrentIndex(1)
            self._target_changed(ship_id)
            lay.addWidget(box)
        row = QHBoxLayout()
        self.fire = QPushButton("&Fire")
        self.fire.setObjectName("submit")
        self.fire.setDefault(True)
        self.fire.clicked.connect(self.submit_current)
        self.hold = QPushButton("&Hold fire")
        self.hold.setObjectName("hold")
        self.hold.clicked.connect(self._hold)
        row.addWidget(self.fire)
        row.addWidget(self.hold)
        lay.addLayout(row)
        self.default_button = self.fire
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        lay.addWidget(self.problem)
        lay.addStretch(1)
        self._validate()

    def _target_changed(self, ship_id: str) -> None:
        row = self.rows[ship_id]
        tgt = row["target"].currentData()
        usable = set()
        for o in row["options"]:
            if o.get("target") == tgt:
                usable.update(o.get("sections", {}).keys())
        best = max((o for o in row["options"] if o.get("target") == tgt and not o.get("chaser")),
                   key=lambda o: len(o.get("sections", {})), default=None)
        for sec, (cb, aim) in row["sections"].items():
            cb.blockSignals(True)
            cb.setEnabled(sec in usable)
            cb.setChecked(best is not None and sec in best.get("sections", {}))
            cb.setToolTip("" if sec in usable else "11.1: this section does not bear on the target, is not "
                                                  "loaded, or has no crew")
            cb.blockSignals(False)
            aim.setEnabled(sec in usable)
        self._changed(ship_id)

    def _ship_answer(self, ship_id: str) -> dict[str, Any]:
        row = self.rows[ship_id]
        tgt = row["target"].currentData()
        chaser = row["chaser"].currentData()
        if tgt is None:
            return {"target": None, "sections": {}, "chaser": None}
        secs = {sec: aim.currentData() for sec, (cb, aim) in row["sections"].items() if cb.isChecked()}
        return {"target": tgt, "sections": secs, "chaser": chaser}

    def _changed(self, ship_id: str) -> None:
        row = self.rows[ship_id]
        ans = self._ship_answer(ship_id)
        advice = self.session.advice()  # priced on the player's own view (play/fair_advice.py)
        text = ""
        if ans["target"] is not None and advice is not None and (ans["sections"] or ans["chaser"]):
            try:
                odds = advice.shot_odds(ship_id, ans["target"], ans["sections"], chaser=ans["chaser"])
                exp = odds["expected"]
                extra = f", raking ({odds['rake']}, 11.8)" if odds.get("rake") else ""
                text = (f"<b>Odds (11.4):</b> range {odds['mp']} MP{extra}; P(at least one hit) "
                        f"<b>{odds['p_any_hit']:.0%}</b>; expected {odds['expected_hits']:.1f} hits → hull "
                        f"{exp['hull']:.1f}, rigging {exp['rigging']:.1f}, crew {exp['crew']:.1f}")
            except Exception as e:  # advice missing or not applicable: say why, never fail
                text = f"Odds not available: {e}"
        row["odds"].setText(text)
        self._validate()

    def _validate(self) -> None:
        if not hasattr(self, "fire"):
            return
        ans = self.answer()
        bad = [s for s, a in ans.items() if a not in self.rows[s]["options"]]
        self.fire.setEnabled(not bad)
        self.problem.setText("" if not bad else
                             "This combination is not a legal shot (11.0): " + ", ".join(
                                 ship_name(self.session, s) for s in bad) + " — change the sections or chaser.")

    def answer(self) -> Any:
        return {ship: self._ship_answer(ship) for ship in self.rows}

    def _hold(self) -> None:
        self.send({ship: {"target": None, "sections": {}, "chaser": None} for ship in self.rows})
