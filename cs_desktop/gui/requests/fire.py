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

from cs_desktop.gui.requests.base import RequestWidget, no_wheel, ship_name
from cs_desktop.gui.panels.ship_card import SECTION_LABELS
from cs_desktop.play.fire_plan import HOLD, FireRow
from cs_desktop.rules.cards import SECTION_NAMES
from cs_desktop.rules.decisions import Request

if TYPE_CHECKING:
    from cs_desktop.gui.panel_session import PanelSession


class FireWidget(RequestWidget):
    """11.0: per ship, the target, which sections fire and their aim (High at rigging, Low at hull), or a
    chaser; the odds of the shot as now set are shown before it is fired.

    Issue 28: the buttons come first, always in view. Only the ships with a shot worth firing (play/fire_plan.py)
    are opened, set to their best shot; the others show one line and hold fire unless the player opens them
    ("Aim her myself"). Fire sends each ship's choice when it is a legal shot and holds fire for the rest, so
    Enter always sends a legal answer."""

    def __init__(self, request: Request, session: PanelSession, parent: QWidget | None = None) -> None:
        super().__init__(request, session, parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.rows: dict[str, dict[str, Any]] = {}  # the ships opened
        self.closed: dict[str, tuple[QWidget, FireRow]] = {}  # the ships holding fire without a word
        self._holders: dict[str, QVBoxLayout] = {}
        self._add_buttons(lay)
        announced = request.info.get("announced") or {}
        text = "; ".join(f"{ship_name(session, s)} fires at {ship_name(session, a.get('target') or '')}"
                         for s, a in announced.items() if isinstance(a, dict) and a.get("target"))
        if text:
            lab = QLabel(f"Announced: {text}")
            lab.setWordWrap(True)
            lay.addWidget(lab)
        plan = {row.ship_id: row for row in session.forms.fire_form()}
        for ship_id in request.ships or {}:
            holder = QWidget()
            self._holders[ship_id] = QVBoxLayout(holder)
            self._holders[ship_id].setContentsMargins(0, 0, 0, 0)
            lay.addWidget(holder)
            row = plan.get(ship_id)
            if row is not None and not row.asked:
                self._add_closed(row)
            else:
                self._add_ship(ship_id, row.default if row is not None else None)
        lay.addStretch(1)
        self._validate()

    def _add_buttons(self, lay: QVBoxLayout) -> None:
        row = QHBoxLayout()
        self.fire = QPushButton("&Fire")
        self.fire.setObjectName("submit")
        self.fire.setDefault(True)
        self.fire.setToolTip("Each ship fires as set; a ship whose setting is not a legal shot holds fire (11.0)")
        self.fire.clicked.connect(self.submit_current)
        self.hold = QPushButton("Hol&d all fire")
        self.hold.setObjectName("hold")
        self.hold.clicked.connect(self._hold)
        row.addWidget(self.fire)
        row.addWidget(self.hold)
        row.addStretch(1)
        lay.addLayout(row)
        self.default_button = self.fire
        self.problem = QLabel()
        self.problem.setObjectName("fire-problem")
        self.problem.setWordWrap(True)
        lay.addWidget(self.problem)

    def _add_closed(self, row: FireRow) -> None:
        line = QWidget()
        line.setObjectName(f"{row.ship_id}-holding")
        line_lay = QHBoxLayout(line)
        line_lay.setContentsMargins(4, 2, 4, 2)
        label = QLabel(row.summary)
        label.setWordWrap(True)
        line_lay.addWidget(label, 1)
        button = QPushButton("Aim her myself")
        button.setObjectName(f"{row.ship_id}-aim-myself")
        button.setToolTip("Open her fire: target, sections and aim, or a chaser")
        button.clicked.connect(lambda _c=False, s=row.ship_id: self.open_ship(s))
        line_lay.addWidget(button)
        self._holders[row.ship_id].addWidget(line)
        self.closed[row.ship_id] = (line, row)

    def open_ship(self, ship_id: str) -> None:
        """A ship holding fire without a word is opened, set to her best shot (or hold fire)."""
        entry = self.closed.pop(ship_id, None)
        if entry is None:
            return
        line, row = entry
        line.hide()
        self._add_ship(ship_id, dict(row.best.option) if row.best is not None else None)
        self.rows[ship_id]["target"].setFocus()
        self._validate()

    def _add_ship(self, ship_id: str, default: dict[str, Any] | None) -> None:
        options = (self.request.ships or {})[ship_id]
        box = QGroupBox(f"{ship_name(self.session, ship_id)} — fire")
        form = QGridLayout(box)
        target = no_wheel(QComboBox())
        target.setObjectName(f"{ship_id}-target")
        target.addItem("Hold fire", None)
        for t in dict.fromkeys(o["target"] for o in options if o.get("target")):
            target.addItem(ship_name(self.session, t), t)
        tl = QLabel("&Target")
        tl.setBuddy(target)
        form.addWidget(tl, 0, 0)
        form.addWidget(target, 0, 1, 1, 3)
        sections: dict[str, tuple[QCheckBox, QComboBox]] = {}
        for r, sec in enumerate(SECTION_NAMES, start=1):
            cb = QCheckBox(SECTION_LABELS[sec])
            cb.setObjectName(f"{ship_id}-fire-{sec}")
            aim = no_wheel(QComboBox())
            aim.setObjectName(f"{ship_id}-aim-{sec}")
            aim.addItem("Low (hull)", "low")
            aim.addItem("High (rigging)", "high")
            form.addWidget(cb, r, 0, 1, 2)
            form.addWidget(aim, r, 2, 1, 2)
            sections[sec] = (cb, aim)
            cb.toggled.connect(lambda _on, s=ship_id: self._changed(s))
            aim.currentIndexChanged.connect(lambda _i, s=ship_id: self._changed(s))
        chaser = no_wheel(QComboBox())
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
        self._holders[ship_id].addWidget(box)
        self._set(ship_id, default)
        target.currentIndexChanged.connect(lambda _i, s=ship_id: self._target_changed(s))
        chaser.currentIndexChanged.connect(lambda _i, s=ship_id: self._changed(s))

    def _set(self, ship_id: str, choice: dict[str, Any] | None) -> None:
        """Set the ship's fields to `choice` (a fire option; None: hold fire)."""
        row = self.rows[ship_id]
        choice = choice or {}
        row["target"].setCurrentIndex(max(0, row["target"].findData(choice.get("target"))))
        self._target_changed(ship_id)
        chosen = choice.get("sections", {})
        for sec, (cb, aim) in row["sections"].items():
            for w in (cb, aim):
                w.blockSignals(True)
            cb.setChecked(sec in chosen)
            if sec in chosen:
                aim.setCurrentIndex(max(0, aim.findData(chosen[sec])))
            for w in (cb, aim):
                w.blockSignals(False)
        row["chaser"].blockSignals(True)
        row["chaser"].setCurrentIndex(max(0, row["chaser"].findData(choice.get("chaser"))))
        row["chaser"].blockSignals(False)
        self._changed(ship_id)

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
        if tgt is not None and not usable:  # only a chaser reaches her: offer it rather than an empty shot
            chasers = [o["chaser"] for o in row["options"] if o.get("target") == tgt and o.get("chaser")]
            if chasers:
                row["chaser"].blockSignals(True)
                row["chaser"].setCurrentIndex(max(0, row["chaser"].findData(chasers[0])))
                row["chaser"].blockSignals(False)
        self._changed(ship_id)

    def _ship_answer(self, ship_id: str) -> dict[str, Any]:
        row = self.rows[ship_id]
        tgt = row["target"].currentData()
        chaser = row["chaser"].currentData()
        if tgt is None:
            return dict(HOLD)
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

    def unlegal(self) -> list[str]:
        """The opened ships whose fields are not a legal shot as set (they hold fire on Fire)."""
        return [s for s in self.rows if self._ship_answer(s) not in self.rows[s]["options"]]

    def _validate(self) -> None:
        if not hasattr(self, "problem"):
            return
        bad = self.unlegal()
        self.problem.setText("" if not bad else
                             "Not a legal shot as set (11.0), so holding fire on Fire: " + ", ".join(
                                 ship_name(self.session, s) for s in bad) + " — change the sections or chaser.")

    def answer(self) -> Any:
        """Every ship's legal choice; a ship not opened, or set to no legal shot, holds fire."""
        out: dict[str, Any] = {}
        for ship in self.request.ships or {}:
            mine = self._ship_answer(ship) if ship in self.rows else dict(HOLD)
            out[ship] = mine if mine in (self.request.ships or {})[ship] else dict(HOLD)
        return out

    def _hold(self) -> None:
        self.send({ship: dict(HOLD) for ship in self.request.ships or {}})
