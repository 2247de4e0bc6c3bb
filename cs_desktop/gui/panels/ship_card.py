"""The Ship Display (3.0) as a widget: drawn from a `ShipCard` and, in play, the ship's state from a view.

Laid out like the printed card: name and statistics, crew quality (3.3), morale (3.4), chasers (3.5), sail
state (3.6), crew tasks (3.7), rigging track with its Fighting-Sail-Only boxes and Strike Check box (3.8), crew
track with its red-number boxes (3.9), and the four broadside sections (3.10) with gunnery boxes showing
(long, carronade) dice, damaged boxes struck through, crew manning the guns, damage-control boxes and the
shot box. The enemy's shot boxes show only loaded / not loaded.

The same widget previews a card in the ship editor (`set_card(card)` with no state), and takes crew
assignment (5.0) in play (`set_assignment(limits, draft)`): the limits of the request are enforced by the
spin boxes and explained in their tooltips and the summary line; `assignmentEdited` reports each change.

The layout is the Designer form ui/ship_card.ui (gui/forms.py); this module fills it from the card and the state.
"""

from __future__ import annotations

import html

from typing import Any, Literal

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QLabel, QScrollArea, QSpinBox, QWidget

from cs_desktop.gui.panels.card_tracks import BoxTrack, Pills
from cs_desktop.gui.forms import Form, load_form
from cs_desktop.play.maneuver_form import describe_maneuver
from cs_desktop.rules.cards import SECTION_NAMES, SectionName, ShipCard
from cs_desktop.rules.view_types import SideView, ViewShip

SECTION_LABELS = {"port_bow": "Port For'd", "port_aft": "Port Aft", "starboard_bow": "Starb'd For'd",
                  "starboard_aft": "Starb'd Aft"}
MORALE_LABELS = ["Strike Check", "Unfit", "Fair", "Handy"]
LOAD_LETTERS = {"round": "Round", "chain": "Chain", "double": "Double"}
NATION_NAMES = {"US": "United States", "GB": "Great Britain", "FR": "France", "TRI": "Tripoli"}


class SectionBox:
    """One broadside section (3.10) of the card's form: gunnery track, damage-control boxes and the shot box."""

    def __init__(self, form: Form, section: str) -> None:
        self.section = section
        self.frame = form.get(QFrame, f"section-{section}")
        self.title = form.get(QLabel, f"title-{section}")
        self.shot = form.get(QLabel, f"shot-{section}")
        self.track = form.get(BoxTrack, f"track-{section}")
        self.track.box = 23
        self.dc = form.get(QLabel, f"dc-{section}")
        self.gunners_label = form.get(QLabel, f"gunners_label-{section}")
        self.gunners = form.get(QSpinBox, f"gunnery-{section}")
        self.hull_dc_label = form.get(QLabel, f"hull_dc_label-{section}")
        self.hull_dc = form.get(QSpinBox, f"hull_dc-{section}")


class ShipCardWidget(QFrame):
    """A ship's display card. `set_card(card, state, own)` redraws it; `set_assignment` makes it editable."""

    assignmentEdited = Signal(str, dict)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.card: ShipCard | None = None
        self.state: ViewShip | None = None
        self.own = True
        self.limits: dict[str, Any] | None = None
        self._loading = False
        self.setFrameShape(QFrame.Shape.Box)
        self.setObjectName("ShipCard")
        self.setStyleSheet("#ShipCard { background: #f4ecd8; } QLabel { color: #2a2118; }")
        self.setAutoFillBackground(True)
        form = load_form("ship_card", self, margin=0)
        self.name = form.get(QLabel, "name")
        f = self.name.font()
        f.setPointSizeF(f.pointSizeF() * 1.35)
        f.setBold(True)
        self.name.setFont(f)
        self.stats = form.get(QLabel, "stats")
        self.status = form.get(QLabel, "status")
        self.quality = form.get(Pills, "quality")
        self.quality.set_labels(["Green", "Average", "Crack"])
        self.morale = form.get(Pills, "morale")
        self.morale.set_labels(["Handy", "Fair", "Unfit", "Strike Check"])
        self.sail = form.get(Pills, "sail")
        self.sail.set_labels(["Fighting Sail", "Medium Sail"])
        self.chasers = form.get(Pills, "chasers")
        self.chasers.set_labels(["Bow chaser", "Stern chaser"])
        self.crew_track = form.get(BoxTrack, "crew_track")
        self.rig_track = form.get(BoxTrack, "rig_track")
        self.sailing = form.get(QSpinBox, "sailing")
        self.rigging_change = form.get(QSpinBox, "rigging_change")
        self.rigging_dc = form.get(QSpinBox, "rigging_dc")
        self.task_labels: dict[str, QLabel] = {key: form.get(QLabel, f"{key}_label")
                                               for key in ("sailing", "rigging_change", "rigging_dc")}
        self.tasks_shown = form.get(QLabel, "tasks_shown")
        self.sections: dict[SectionName, SectionBox] = {sec: SectionBox(form, sec) for sec in SECTION_NAMES}
        self.summary = form.get(QLabel, "assignment-summary")

        self.spins: list[QSpinBox] = [self.sailing, self.rigging_change, self.rigging_dc]
        for box in self.sections.values():
            self.spins += [box.gunners, box.hull_dc]
        for spin in self.spins:
            spin.valueChanged.connect(self._edited)
        self.set_assignment(None, None)

    # ------------------------------------------------------------------ drawing
    def set_card(self, card: ShipCard, state: ViewShip | None = None, own: bool = True,
                 name: str | None = None) -> None:
        """`name`: the ship's designation when it is not the card's name (play/designations.py). Without a
        `state` the card as printed: full tracks, no shot, no status."""
        self.card = card
        self.state = state
        self.own = own
        st: ViewShip | dict[str, Any] = state or {}
        self._show_head(card, st, name, state is not None)
        crew = self._show_tracks(card, st)
        assign = st.get("assign") or {}
        for sec, box in self.sections.items():
            self._show_section(box, sec, card, st, state is not None, own)
        self.status.setText(" · ".join(_status_lines(st) if state is not None else []))
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

    def _show_head(self, card: ShipCard, st: ViewShip | dict[str, Any], name: str | None, in_play: bool) -> None:
        """The name and rating, the card's facts (3.1, 3.2), crew quality, morale, sail and chasers."""
        self.name.setText(html.escape(name or card.name) + (f"  <span style='font-size:small'>({card.rating})</span>"
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
        ends: list[Literal["bow", "stern"]] = ["bow", "stern"]
        for i, end in enumerate(ends):
            guns = card.chasers.get(end, 0)
            loaded = bool(chasers.get(end)) if in_play else guns > 0
            text = f"{end.title()} chaser ×{guns}: " + ("loaded" if loaded else "empty") if guns else \
                f"no {end} chaser"
            self.chasers.labels[i].setText(text)
        self.chasers.mark(None)

    def _show_tracks(self, card: ShipCard, st: ViewShip | dict[str, Any]) -> int:
        """The crew track (red boxes: morale checks) and the rigging track (F: fighting sail only); the crew."""
        crew = st.get("crew", card.crew_points)
        boxes = [("SC", "", True)] + [(str(n), f"-{card.crew_red_boxes[n]}" if n in card.crew_red_boxes else "",
                                       n in card.crew_red_boxes) for n in range(1, card.crew_points + 1)]
        self.crew_track.set_boxes(boxes, crew)
        rig = st.get("rigging", card.rigging_points)
        rboxes = [("SC", "", True)] + [(str(n), "F" if n <= card.fighting_sail_only else "",
                                        n <= card.fighting_sail_only) for n in range(1, card.rigging_points + 1)]
        self.rig_track.set_boxes(rboxes, rig)
        return int(crew)

    def _show_section(self, box: SectionBox, sec: SectionName, card: ShipCard, st: ViewShip | dict[str, Any],
                      in_play: bool, own: bool) -> None:
        """A gunnery section (3.10): its track with the manned boxes, damage control (3.7.4) and its shot (the
        load type only to its own side, 3.10.2)."""
        assign = st.get("assign") or {}
        track = card.gunnery[sec]
        value = (st.get("gunnery") or {}).get(sec, len(track))
        manned_n = (assign.get("gunnery") or {}).get(sec, 0)
        gboxes = [("0", "", True)] + [(f"{b.long},{b.carronades}", "", False) for b in track]
        box.track.set_boxes(gboxes, value, manned=set(range(1, manned_n + 1)))
        dc = (assign.get("hull_dc") or {}).get(sec, 0)
        box.dc.setText("Damage control " + "■" * dc + "□" * (2 - dc))
        box.dc.setToolTip("Hull damage-control boxes (3.7.4): crew points assigned to repair this section")
        load = (st.get("loads") or {}).get(sec)
        if not in_play:
            box.shot.setText("Shot: —")
        elif isinstance(load, bool) or not own:
            box.shot.setText("Shot: <b>loaded</b>" if load else "Shot: empty")
            box.shot.setToolTip("The enemy's load type is hidden (2.0, 3.10.2)")
        else:
            box.shot.setText(f"Shot: <b>{LOAD_LETTERS.get(str(load), 'empty')}</b>" if load else "Shot: empty")
            box.shot.setToolTip("Your load (3.10.2); the enemy sees only that the guns are loaded")
        box.title.setText(f"<b>{SECTION_LABELS[sec]}</b> {value}/{len(track)}")

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


def _total(assign: dict[str, Any]) -> int:
    if not assign:
        return 0
    return (int(assign.get("sailing", 0)) + int(assign.get("rigging_change", 0)) + int(assign.get("rigging_dc", 0))
            + sum(int(n) for n in (assign.get("hull_dc") or {}).values())
            + sum(int(n) for n in (assign.get("gunnery") or {}).values()))


def _status_lines(st: ViewShip | dict[str, Any]) -> list[str]:
    """A ship in play: struck, captured, on fire (11.5), speed, maneuver (hidden from the enemy), strain, square."""
    lines = []
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
    return lines


class ShipCardScroll(QScrollArea):
    """A ship card in a scroll area, for docks."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.card_widget = ShipCardWidget()
        self.setWidget(self.card_widget)
        self.setWidgetResizable(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)


def show_ship(card: ShipCardWidget, ship: Any, view: SideView, drafts: dict[str, Any], request: Any) -> None:
    """A ship of the screen model on her card: her boxes as `view` shows them and, when she is being manned
    (a draft for her and a crew request pending), the assignment form with the request's limits."""
    card.set_card(ship.card, view["ships"][ship.id], ship.own, ship.name)
    if ship.id in drafts and request is not None:
        card.set_assignment(request.info["limits"][ship.id], drafts[ship.id])
    else:
        card.set_assignment(None, None)

