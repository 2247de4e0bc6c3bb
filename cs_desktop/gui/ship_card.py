"""The Ship Display (3.0) as a widget: drawn from a `ShipCard` and, in play, the ship's state from a view.

Laid out like the printed card: name and statistics, crew quality (3.3), morale (3.4), chasers (3.5), sail
state (3.6), crew tasks (3.7), rigging track with its Fighting-Sail-Only boxes and Strike Check box (3.8), crew
track with its red-number boxes (3.9), and the four broadside sections (3.10) with gunnery boxes showing
(long, carronade) dice, damaged boxes struck through, crew manning the guns, damage-control boxes and the
shot box. The enemy's shot boxes show only loaded / not loaded.

The same widget previews a card in the ship editor (`set_card(card)` with no state), and takes crew
assignment (5.0) in play (`set_assignment(limits, draft)`): the limits of the request are enforced by the
spin boxes and explained in their tooltips and the summary line; `assignmentEdited` reports each change.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from cs_desktop.rules.cards import SECTION_NAMES, ShipCard

SECTION_LABELS = {"port_bow": "Port For'd", "port_aft": "Port Aft", "starboard_bow": "Starb'd For'd",
                  "starboard_aft": "Starb'd Aft"}
MORALE_LABELS = ["Strike Check", "Unfit", "Fair", "Handy"]
LOAD_LETTERS = {"round": "Round", "chain": "Chain", "double": "Double"}
NATION_COLOURS = {"US": QColor("#2b4c9b"), "GB": QColor("#b22222"), "FR": QColor("#e8e8e8")}
NATION_NAMES = {"US": "United States", "GB": "Great Britain", "FR": "France"}
PAPER = QColor("#f4ecd8")
INK = QColor("#2a2118")
DAMAGED = QColor("#b9ad97")
MARKER = QColor("#1f5fa8")
RED = QColor("#b3261e")


class BoxTrack(QWidget):
    """A row of numbered boxes with a marker, wrapping to more rows when narrow.

    `boxes` are (label, subtitle, red) per box; `marker` is the index of the box holding the marker (None: no
    marker); boxes after the marker are damaged (when `damage_above`); `manned` boxes get a crew dot.
    """

    def __init__(self, parent: QWidget | None = None, box: int = 24) -> None:
        super().__init__(parent)
        self.boxes: list[tuple[str, str, bool]] = []
        self.marker: int | None = None
        self.damage_above = True
        self.manned: set[int] = set()
        self.box = box
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)

    def set_boxes(self, boxes: list[tuple[str, str, bool]], marker: int | None, manned: set[int] | None = None,
                  damage_above: bool = True) -> None:
        self.boxes = boxes
        self.marker = marker
        self.manned = manned or set()
        self.damage_above = damage_above
        self.updateGeometry()
        self.update()

    def _per_row(self, width: int) -> int:
        return max(1, (width - 2) // (self.box + 2))

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt API
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt API
        rows = max(1, -(-len(self.boxes) // self._per_row(width)))
        return rows * (self.box + 2) + 2

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt API
        return QSize(min(len(self.boxes), 14) * (self.box + 2) + 4, self.heightForWidth(14 * (self.box + 2) + 4))

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt API
        return QSize(4 * (self.box + 2), self.box + 4)

    def paintEvent(self, event: Any) -> None:  # noqa: N802 - Qt API
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        per = self._per_row(self.width())
        small = QFont(self.font())
        small.setPointSizeF(max(6.0, self.font().pointSizeF() * 0.72))
        bold = QFont(self.font())
        bold.setBold(True)
        for i, (label, sub, red) in enumerate(self.boxes):
            r, c = divmod(i, per)
            rect = QRectF(1 + c * (self.box + 2), 1 + r * (self.box + 2), self.box, self.box)
            damaged = self.damage_above and self.marker is not None and i > self.marker
            p.setPen(QPen(INK, 1))
            p.setBrush(DAMAGED if damaged else PAPER)
            p.drawRect(rect)
            if i == self.marker:
                p.setPen(QPen(MARKER, 2.5))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawEllipse(rect.adjusted(2, 2, -2, -2))
            p.setPen(QPen(RED if red else INK))
            p.setFont(bold if i == self.marker else self.font())
            if sub:
                p.setFont(small)
                p.drawText(rect.adjusted(0, 0, 0, -self.box / 2 + 2), Qt.AlignmentFlag.AlignCenter, label)
                p.drawText(rect.adjusted(0, self.box / 2 - 2, 0, 0), Qt.AlignmentFlag.AlignCenter, sub)
            else:
                p.drawText(rect, Qt.AlignmentFlag.AlignCenter, label)
            if damaged:
                p.setPen(QPen(RED, 1.2))
                p.drawLine(rect.topLeft(), rect.bottomRight())
            if i in self.manned:
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(QColor("#2e7d32"))
                p.drawEllipse(QRectF(rect.right() - 6, rect.top() + 1, 5, 5))
        p.end()


class Pills(QWidget):
    """A row of labelled boxes, one of them marked (morale, sail state, crew quality, loads)."""

    def __init__(self, labels: list[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(2)
        self.labels: list[QLabel] = []
        for text in labels:
            lab = QLabel(text)
            lab.setAlignment(Qt.AlignmentFlag.AlignCenter)
            lab.setMargin(2)
            lay.addWidget(lab)
            self.labels.append(lab)
        lay.addStretch(1)

    def mark(self, index: int | None, red: set[int] | None = None) -> None:
        for i, lab in enumerate(self.labels):
            colour = "#b3261e" if red and i in red else "#2a2118"
            if i == index:
                lab.setStyleSheet(f"border:2px solid #1f5fa8; background:#d9e6f6; color:{colour}; font-weight:bold;")
            else:
                lab.setStyleSheet(f"border:1px solid #8c7b62; color:{colour};")


class SectionBox(QFrame):
    """One broadside section (3.10): gunnery track, damage-control boxes and the shot box."""

    def __init__(self, section: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.section = section
        self.setFrameShape(QFrame.Shape.StyledPanel)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 3, 4, 3)
        lay.setSpacing(2)
        top = QHBoxLayout()
        self.title = QLabel(f"<b>{SECTION_LABELS[section]}</b>")
        top.addWidget(self.title)
        top.addStretch(1)
        self.shot = QLabel()
        self.shot.setObjectName(f"shot-{section}")
        top.addWidget(self.shot)
        lay.addLayout(top)
        self.track = BoxTrack(self, box=23)
        lay.addWidget(self.track)
        self.dc = QLabel()
        lay.addWidget(self.dc)
        crew_row = QHBoxLayout()
        self.gunners_label = QLabel("Gunners")
        self.gunners = QSpinBox()
        self.gunners.setObjectName(f"gunnery-{section}")
        self.gunners_label.setBuddy(self.gunners)
        self.hull_dc_label = QLabel("Hull DC")
        self.hull_dc = QSpinBox()
        self.hull_dc.setObjectName(f"hull_dc-{section}")
        self.hull_dc_label.setBuddy(self.hull_dc)
        for w in (self.gunners_label, self.gunners, self.hull_dc_label, self.hull_dc):
            crew_row.addWidget(w)
        crew_row.addStretch(1)
        lay.addLayout(crew_row)


class ShipCardWidget(QFrame):
    """A ship's display card. `set_card(card, state, own)` redraws it; `set_assignment` makes it editable."""

    assignmentEdited = Signal(str, dict)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.card: ShipCard | None = None
        self.state: dict[str, Any] | None = None
        self.own = True
        self.limits: dict[str, Any] | None = None
        self._loading = False
        self.setFrameShape(QFrame.Shape.Box)
        self.setObjectName("ShipCard")
        self.setStyleSheet("#ShipCard { background: #f4ecd8; } QLabel { color: #2a2118; }")
        self.setAutoFillBackground(True)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(6, 6, 6, 6)
        outer.setSpacing(4)

        self.name = QLabel()
        f = self.name.font()
        f.setPointSizeF(f.pointSizeF() * 1.35)
        f.setBold(True)
        self.name.setFont(f)
        self.stats = QLabel()
        self.stats.setWordWrap(True)
        self.status = QLabel()
        self.status.setWordWrap(True)
        outer.addWidget(self.name)
        outer.addWidget(self.stats)
        outer.addWidget(self.status)

        grid = QGridLayout()
        grid.setHorizontalSpacing(6)
        grid.setVerticalSpacing(3)
        self.quality = Pills(["Green", "Average", "Crack"])
        self.morale = Pills(["Handy", "Fair", "Unfit", "Strike Check"])
        self.sail = Pills(["Fighting Sail", "Medium Sail"])
        self.chasers = Pills(["Bow chaser", "Stern chaser"])
        for row, (label, w) in enumerate((("Crew quality (3.3)", self.quality), ("Crew morale (3.4)", self.morale),
                                          ("Sail (3.6)", self.sail), ("Chasers (3.5)", self.chasers))):
            grid.addWidget(QLabel(label), row, 0)
            grid.addWidget(w, row, 1)
        outer.addLayout(grid)

        outer.addWidget(_wrapped("<b>Crew points (3.9)</b> — red numbers: morale check when first entered"))
        self.crew_track = BoxTrack(self)
        outer.addWidget(self.crew_track)
        outer.addWidget(_wrapped("<b>Rigging points (3.8)</b> — <span style='color:#b3261e'>F</span>: "
                                 "Fighting Sail only; SC: Strike Check"))
        self.rig_track = BoxTrack(self)
        outer.addWidget(self.rig_track)

        tasks = QGridLayout()
        self.sailing = QSpinBox()
        self.sailing.setObjectName("sailing")
        self.rigging_change = QSpinBox()
        self.rigging_change.setObjectName("rigging_change")
        self.rigging_dc = QSpinBox()
        self.rigging_dc.setObjectName("rigging_dc")
        self.task_labels: dict[str, QLabel] = {}
        for key, label, spin in (("sailing", "Sailing", self.sailing),
                                 ("rigging_change", "Rigging change", self.rigging_change),
                                 ("rigging_dc", "Rigging DC", self.rigging_dc)):
            lab = QLabel(label)
            lab.setBuddy(spin)
            self.task_labels[key] = lab
            col = len(self.task_labels) - 1
            spin.setMaximumWidth(70)
            tasks.addWidget(lab, 0, col)
            tasks.addWidget(spin, 1, col)
        tasks.setColumnStretch(3, 1)
        outer.addWidget(QLabel("<b>Crew tasks (3.7, 5.1)</b>"))
        outer.addLayout(tasks)
        self.tasks_shown = _wrapped("")
        outer.addWidget(self.tasks_shown)

        sections = QGridLayout()
        sections.setSpacing(4)
        self.sections: dict[str, SectionBox] = {}
        for sec, (r, c) in zip(SECTION_NAMES, ((0, 0), (1, 0), (0, 1), (1, 1)), strict=True):
            box = SectionBox(sec, self)
            self.sections[sec] = box
            sections.addWidget(box, r, c)
        outer.addWidget(_wrapped("<b>Broadside sections (3.10)</b> — boxes show (long guns, carronades) dice"))
        outer.addLayout(sections)

        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setObjectName("assignment-summary")
        outer.addWidget(self.summary)
        outer.addStretch(1)

        self.spins: list[QSpinBox] = [self.sailing, self.rigging_change, self.rigging_dc]
        for box in self.sections.values():
            self.spins += [box.gunners, box.hull_dc]
        for spin in self.spins:
            spin.valueChanged.connect(self._edited)
        self.set_assignment(None, None)

    # ------------------------------------------------------------------ drawing
    def set_card(self, card: ShipCard, state: dict[str, Any] | None = None, own: bool = True) -> None:
        self.card = card
        self.state = state
        self.own = own
        st = state or {}
        self.name.setText(card.name + (f"  <span style='font-size:small'>({card.rating})</span>"
                                       if card.rating else ""))
        self.name.setTextFormat(Qt.TextFormat.RichText)
        launched = f", launched {card.launched}" if card.launched else ""
        self.stats.setText(f"{NATION_NAMES.get(card.nation, card.nation)}{launched} · Hull type "
                           f"<b>{card.hull_type.title()}</b> (3.1) · Hull strength "
                           f"<b>{card.hull_strength.title()}</b> (3.2)")
        quality = st.get("quality", card.historical_crew_quality)
        self.quality.mark(["green", "average", "crack"].index(quality))
        for i, q in enumerate(["green", "average", "crack"]):
            lab = self.quality.labels[i]
            lab.setEnabled(q in card.crew_quality_options)
            lab.setText(q.title() + ("*" if q == card.historical_crew_quality else ""))
        morale = st.get("morale", 3)
        self.morale.mark(3 - int(morale), red={3})
        self.sail.mark(0 if st.get("sail", "medium") == "fighting" else 1)
        chasers = st.get("chasers") or {}
        for i, end in enumerate(("bow", "stern")):
            guns = card.chasers.get(end, 0)
            loaded = bool(chasers.get(end)) if state is not None else guns > 0
            text = f"{end.title()} chaser ×{guns}: " + ("loaded" if loaded else "empty") if guns else \
                f"no {end} chaser"
            self.chasers.labels[i].setText(text)
        self.chasers.mark(None)

        crew = st.get("crew", card.crew_points)
        boxes = [("SC", "", True)] + [(str(n), f"-{card.crew_red_boxes[n]}" if n in card.crew_red_boxes else "",
                                       n in card.crew_red_boxes) for n in range(1, card.crew_points + 1)]
        self.crew_track.set_boxes(boxes, crew)
        rig = st.get("rigging", card.rigging_points)
        rboxes = [("SC", "", True)] + [(str(n), "F" if n <= card.fighting_sail_only else "",
                                        n <= card.fighting_sail_only) for n in range(1, card.rigging_points + 1)]
        self.rig_track.set_boxes(rboxes, rig)

        assign = st.get("assign") or {}
        gunnery = st.get("gunnery") or {}
        loads = st.get("loads") or {}
        for sec, box in self.sections.items():
            track = card.gunnery[sec]
            value = gunnery.get(sec, len(track))
            manned_n = (assign.get("gunnery") or {}).get(sec, 0)
            gboxes = [("0", "", True)] + [(f"{b.long},{b.carronades}", "", False) for b in track]
            box.track.set_boxes(gboxes, value, manned=set(range(1, manned_n + 1)))
            dc = (assign.get("hull_dc") or {}).get(sec, 0)
            box.dc.setText("Damage control " + "■" * dc + "□" * (2 - dc))
            box.dc.setToolTip("Hull damage-control boxes (3.7.4): crew points assigned to repair this section")
            load = loads.get(sec) if state is not None else None
            if state is None:
                box.shot.setText("Shot: —")
            elif isinstance(load, bool) or not own:
                box.shot.setText("Shot: <b>loaded</b>" if load else "Shot: empty")
                box.shot.setToolTip("The enemy's load type is hidden (2.0, 3.10.2)")
            else:
                box.shot.setText(f"Shot: <b>{LOAD_LETTERS.get(str(load), 'empty')}</b>" if load else "Shot: empty")
                box.shot.setToolTip("Your load (3.10.2); the enemy sees only that the guns are loaded")
            box.title.setText(f"<b>{SECTION_LABELS[sec]}</b> {value}/{len(track)}")

        lines = []
        if state is not None:
            if st.get("struck"):
                lines.append("<b style='color:#b3261e'>STRUCK</b>")
            if st.get("captured"):
                lines.append("<b style='color:#b3261e'>CAPTURED</b>")
            if st.get("on_fire"):
                lines.append("<b style='color:#b3261e'>ON FIRE</b> (11.5)")
            if st.get("speed"):
                lines.append(f"Speed {st['speed']} MP, spent {st.get('spent', 0)}")
            m = st.get("maneuver")
            if isinstance(m, dict):
                lines.append("Maneuver: hidden" if m.get("hidden") else f"Maneuver: {describe_maneuver(m)}")
            if st.get("strain"):
                lines.append("Straining" + (f" {st['strain']}" if not isinstance(st["strain"], bool) else ""))
            lines.append(f"Square ({st.get('x')}, {st.get('y')}), heading {st.get('heading')}")
        self.status.setText(" · ".join(lines))
        self.status.setTextFormat(Qt.TextFormat.RichText)
        if state is not None:
            melee = max(0, crew - _total(assign)) if assign else crew
            self.tasks_shown.setText(
                f"Sailing {assign.get('sailing', 0)} · Rigging change {assign.get('rigging_change', 0)} · "
                f"Rigging DC {assign.get('rigging_dc', 0)} · Melee {melee} (5.1.6)")
        else:
            self.tasks_shown.setText("")
        if self.limits is None:
            self.summary.setText("")

    # ------------------------------------------------------------------ crew assignment (5.0)
    def set_assignment(self, limits: dict[str, Any] | None, draft: dict[str, Any] | None) -> None:
        """Show the crew spin boxes with the request's limits (None: hide them)."""
        self.limits = limits
        editing = limits is not None and draft is not None
        for spin in self.spins:
            spin.setVisible(editing)
        for lab in self.task_labels.values():
            lab.setVisible(editing)
        for box in self.sections.values():
            box.gunners_label.setVisible(editing)
            box.hull_dc_label.setVisible(editing)
        self.tasks_shown.setVisible(not editing)
        if not editing:
            self.summary.setText("")
            return
        assert limits is not None and draft is not None
        self._loading = True
        try:
            self.sailing.setValue(0)
            for spin in self.spins:
                spin.setMaximum(99)
            self.sailing.setValue(draft["sailing"])
            self.rigging_change.setValue(draft["rigging_change"])
            self.rigging_dc.setValue(draft["rigging_dc"])
            for sec, box in self.sections.items():
                box.gunners.setValue(draft["gunnery"][sec])
                box.hull_dc.setValue(draft["hull_dc"][sec])
        finally:
            self._loading = False
        self._apply_limits()

    def assignment(self) -> dict[str, Any]:
        return {
            "sailing": self.sailing.value(), "rigging_change": self.rigging_change.value(),
            "rigging_dc": self.rigging_dc.value(),
            "hull_dc": {sec: box.hull_dc.value() for sec, box in self.sections.items()},
            "gunnery": {sec: box.gunners.value() for sec, box in self.sections.items()},
        }

    def _apply_limits(self) -> None:
        lim = self.limits
        if lim is None:
            return
        assign = self.assignment()
        total = _total(assign)
        left = lim["crew"] - total
        explain = {  # the numbers are the engine's limits for this request, not the GUI's
            "sailing": ("5.1.1", f"at most {lim['sailing']} crew point(s) sail the ship"),
            "rigging_change": ("5.1.2", f"at most {lim['rigging_change']} crew point(s) change the rigging"
                               if lim["rigging_change"] else "0: the ship can no longer set Medium Sail"),
            "rigging_dc": ("5.1.3", f"at most {lim['rigging_dc']} crew point(s) repair the rigging"),
        }
        self._loading = True
        try:
            for key, spin in (("sailing", self.sailing), ("rigging_change", self.rigging_change),
                              ("rigging_dc", self.rigging_dc)):
                top = min(lim[key], spin.value() + max(0, left))
                spin.setMaximum(max(top, spin.value()))
                rule, why = explain[key]
                spin.setToolTip(f"{rule}: {why}; {max(0, left)} crew point(s) unassigned")
            for sec, box in self.sections.items():
                g_lim = lim["gunnery"][sec]
                box.gunners.setMaximum(max(min(g_lim, box.gunners.value() + max(0, left)), box.gunners.value()))
                box.gunners.setToolTip(f"5.1.5: one crew point per undamaged gunnery box: at most {g_lim} here")
                d_lim = lim["hull_dc"][sec]
                box.hull_dc.setMaximum(max(min(d_lim, box.hull_dc.value() + max(0, left)), box.hull_dc.value()))
                box.hull_dc.setToolTip(f"5.1.4: at most {d_lim} crew points repair this section")
        finally:
            self._loading = False
        colour = "#b3261e" if left < 0 else "#2a2118"
        self.summary.setText(
            f"<span style='color:{colour}'><b>Crew assignment (5.0):</b> {total} of {lim['crew']} crew points "
            f"assigned; <b>{max(0, left)}</b> left for Melee (5.1.6). A task's box stops at its limit — hover "
            f"a box for the rule.</span>")
        # manned dots follow the draft
        for box in self.sections.values():
            box.track.manned = set(range(1, box.gunners.value() + 1))
            box.track.update()

    def _edited(self) -> None:
        if self._loading or self.limits is None or self.card is None:
            return
        self._apply_limits()
        self.assignmentEdited.emit(self.card.id, self.assignment())


def _wrapped(text: str) -> QLabel:
    lab = QLabel(text)
    lab.setWordWrap(True)
    return lab


def _total(assign: dict[str, Any]) -> int:
    if not assign:
        return 0
    return (int(assign.get("sailing", 0)) + int(assign.get("rigging_change", 0)) + int(assign.get("rigging_dc", 0))
            + sum((assign.get("hull_dc") or {}).values()) + sum((assign.get("gunnery") or {}).values()))


def describe_maneuver(m: dict[str, Any]) -> str:
    name = {"advance": "Advance", "wear": "Wear", "back_sail": "Back Sail", "tack": "Tack",
            "fall_off": "Fall Off"}.get(str(m.get("maneuver")), str(m.get("maneuver")))
    if m.get("maneuver") == "wear" and "to" in m:
        side = "to port" if m.get("turn", 0) < 0 else "to starboard"
        name += f" {side} → {m['to']} ({m.get('cost', 0)} MP)"
    if m.get("maneuver") == "fall_off" and "to" in m:  # ruling R9.1.4: out of irons, 0 MP, made at once
        side = "to port" if m.get("turn", 0) < 0 else "to starboard"
        name += f" {side} → {m['to']} (0 MP)"
    if m.get("strain"):
        name += f" + Strain {m['strain']}"
    return name


class ShipCardScroll(QScrollArea):
    """A ship card in a scroll area, for docks."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.card_widget = ShipCardWidget()
        self.setWidget(self.card_widget)
        self.setWidgetResizable(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
