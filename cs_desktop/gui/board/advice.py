"""The advice overlays of the board: maneuver previews (9.1, 9.3), the firing picture (11.x) and the 9.3
shift display. `AdviceLayer` is a part the board owns (`board.advice_layer`); the rules are decided by
`cs_desktop.rules.advice`, drawn here into the scene builder's overlay buckets (gui/board/scene.py)."""

from __future__ import annotations

import math
import weakref
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from PySide6.QtCore import QObject, QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QColor

from cs_desktop.gui.board.items import LabelItem, ShipItem
from cs_desktop.gui.board.labels import ORDER
from cs_desktop.gui.board.motion import ShipMotion
from cs_desktop.gui.board.overlays import ArcItem, GhostItem, LineOfFireItem, SectionsItem, ShiftItem
from cs_desktop.gui.board.scene import SceneBuilder
from cs_desktop.gui.board.paint import (
    KIND,
    PAYLOAD,
    PORT,
    RING_LABELS,
    SQUARE,
    STARBOARD,
    Z_LABEL,
    _unit,
    square_center,
)
from cs_desktop.rules import geometry as geo
from cs_desktop.rules.view_types import ViewShip

#: how far out a firing callout may go (steps of 3/4 square) to find a spot clear of every token, name and callout
#: (a leader line joins it to its target); beyond that it is hidden and its words stay on the line of fire's tooltip
CALLOUT_RINGS = 8

class AdviceLayer:
    """Overlays on the board's scene (`scene`, the board's scene builder). `seen()` is the part of the scene in
    sight (ring labels go there first); `motion` is ended before a 9.3 shift is shown; the shift display's timer
    is a child of `parent` (the board)."""

    def __init__(self, scene: SceneBuilder, seen: Callable[[], QRectF], motion: ShipMotion, parent: QObject) -> None:
        self.scene = scene
        self._seen = seen
        self._motion = motion
        self._shift_timer = QTimer(parent)
        self._shift_timer.setSingleShot(True)
        # a weak reference: a bound method here would make a reference cycle that only the garbage collector
        # breaks, possibly after QApplication is gone (a crash at exit)
        me = weakref.ref(self)
        self._shift_timer.timeout.connect(lambda: _clear_shift(me))

    # ------------------------------------------------------------------ maneuver previews
    def show_maneuver_previews(self, ship_id: str, previews: Sequence[Mapping[str, Any]]) -> None:
        """Ghosts for `advice.maneuver_previews(...)`: a ghost token where an Advance ends, an arrow to the new
        heading for a Wear or Tack, a backward arrow for Back Sail; each labelled with the maneuver, its MP
        cost, the wind position it gives and whether it needs a Strain. The forbidden ones are listed (rule
        and reason) in the tooltips. Clicking a ghost emits `optionClicked(preview["index"])`."""
        sc = self.scene
        sc.clear(sc.preview_items)
        ship = sc.ship(ship_id)
        if ship is None:
            return
        legal = [p for p in previews if p.get("legal", True)]
        banned = [p for p in previews if not p.get("legal", True)]
        banned_text = ""
        if banned:
            banned_text = "\n\nNot allowed now:\n" + "\n".join(
                f"  {p['label']}: {p.get('why', '')} ({p.get('rule', '')})" for p in banned)
        for p in legal:
            self._preview(ship, p, _preview_tooltip(p) + banned_text)
        if banned:
            self._banned_note(square_center(ship["x"], ship["y"]), banned)
        sc.place_labels()

    def _preview(self, ship: ViewShip, p: Mapping[str, Any], tip: str) -> None:
        """One legal maneuver: its ghost (or arrow) and its label beside it."""
        sc = self.scene
        origin = square_center(ship["x"], ship["y"])
        sq = p.get("square") or [ship["x"], ship["y"]]
        moves = list(sq) != [ship["x"], ship["y"]]
        ghost = GhostItem(p, sc.nation(ship), moves)
        ghost.setPos(square_center(*sq) if moves else origin)
        ghost.setToolTip(tip)
        sc.add(ghost, sc.preview_items)
        if moves:
            anchor_pt = square_center(*sq)
            u = _unit(int(p["heading"]))
            clearance = ShipItem.RADIUS
        else:
            t = ghost._tip()
            anchor_pt = origin + t
            length = math.hypot(t.x(), t.y()) or 1.0
            u = QPointF(t.x() / length, t.y() / length)
            clearance = SQUARE * 0.2
        first = _anchor_for(u)
        if ends_game(p):  # 9.3/18.0: the engine's advice says the ship would leave the map
            color, border, fg = "#fdecea", "#c0392b", "#7b241c"
        elif p.get("strain_needed"):
            color, border, fg = "#fff4e5", "#d35400", "#1b1b1b"
        else:
            color, border, fg = "#ffffff", "#102a43", "#1b1b1b"
        label = LabelItem(_preview_text(p), px=11, bold=ends_game(p), color=fg, background=color, border=border,
                          anchor=first)
        label.setZValue(Z_LABEL)
        label.setData(KIND, "preview")
        label.setData(PAYLOAD, int(p["index"]))
        label.setToolTip(tip)
        label.setCursor(Qt.CursorShape.PointingHandCursor)
        prefer = (first,) + tuple(a for a in ORDER if a != first)
        sc.add_label(label, sc.preview_items, anchor_pt, clearance, prefer, rank=2)

    def _banned_note(self, origin: QPointF, banned: Sequence[Mapping[str, Any]]) -> None:
        # "2 not allowed" read as "maneuver 2 is not allowed" beside a numbered list: say what is counted
        many = "maneuvers" if len(banned) > 1 else "maneuver"
        note = LabelItem(f"\u2715 {len(banned)} {many} not allowed", px=10, color="#7b241c",
                         background=QColor(255, 255, 255, 225), border="#c0392b", anchor="below_left")
        note.setZValue(Z_LABEL)
        note.setData(KIND, "forbidden")
        note.setToolTip("Not allowed now:\n" + "\n".join(
            f"{p['label']}: {p.get('why', '')} (rule {p.get('rule', '')})" for p in banned))
        self.scene.add_label(note, self.scene.preview_items, origin, ShipItem.RADIUS,
                             ("below_left", "above_left", "below_right", "above_right"), rank=4)

    # ------------------------------------------------------------------ the firing picture
    def show_firing(self, picture: Mapping[str, Any]) -> None:
        """Overlay for `advice.firing_picture(...)`: port arc red, starboard arc green, chaser arcs grey, the
        3/6/12/24 MP range outlines; for each enemy a line of fire and a label (MP, sections and dice, rake),
        and the enemy sections a shot would strike outlined on its token."""
        sc = self.scene
        sc.clear(sc.firing_items)
        if sc.map_size is None:
            return
        sc.add(ArcItem(picture, *sc.map_size), sc.firing_items)
        for mp in sorted(set(picture.get("rings", {}).values())):
            self._ring_label(picture, mp)
        enemies = list(picture.get("enemies", ()))
        # several enemies (a fleet): those beyond long range get one note by the firer, not a callout each
        far = [e for e in enemies if e.get("out_of_range")] if len(enemies) > 1 else []
        if far:
            self._far_note(square_center(*picture["square"]), far)
        shown = [e for e in enemies if not (far and e.get("out_of_range"))]
        # three or more callouts (a fleet): each on one line, the rest of it in its tooltip (and the orders panel)
        for enemy in shown:
            self._enemy(square_center(*picture["square"]), enemy, brief=len(shown) > 2)
        sc.place_labels()

    def _ring_label(self, picture: Mapping[str, Any], mp: int) -> None:
        """The label of the `mp` range ring: on the ring, astern of the firer (the chaser arc: least in the
        way), at a spot in sight if there is one (a label on a ring beyond the edge of the view helps no one)."""
        assert self.scene.map_size is not None
        spots = _ring_spots(picture, mp, self.scene.map_size)
        seen = self._seen().adjusted(SQUARE * 2, SQUARE, -SQUARE * 2, -SQUARE)
        pt = next((q for q in spots if seen.contains(q)), spots[0] if spots else None)
        if pt is None:
            return
        lab = LabelItem(RING_LABELS.get(mp, f"{mp} MP"), px=9, color="#0b3954",
                        background=QColor(255, 255, 255, 200), border=QColor(11, 57, 84, 120), anchor="center")
        lab.setZValue(Z_LABEL - 1)
        lab.setData(KIND, "ring")
        lab.setData(PAYLOAD, mp)
        lab.setToolTip(f"{mp} MP from {picture.get('ship', 'the firer')} (11.2, 11.4.7)")
        self.scene.add_label(lab, self.scene.firing_items, pt, 0.0, ("center",) + ORDER, rank=3, rings=3,
                             step=SQUARE * 0.75, keep_clear=True)

    def _far_note(self, center: QPointF, far: Sequence[Mapping[str, Any]]) -> None:
        note = LabelItem(f"{len(far)} enem{'y' if len(far) == 1 else 'ies'} {far[0].get('why', '')}", px=9,
                         color="#334e68", background=QColor(255, 255, 255, 215), border=QColor("#829ab1"),
                         anchor="center")
        note.setZValue(Z_LABEL)
        note.setData(KIND, "out_of_range")
        note.setData(PAYLOAD, [e["target"] for e in far])
        note.setToolTip("\n".join(f"{self.scene.ship_name(e['target'])}: {e['mp']} MP" for e in far))
        self.scene.add_label(note, self.scene.firing_items, center, ShipItem.RADIUS + SQUARE * 0.1, rank=2,
                             rings=CALLOUT_RINGS, step=SQUARE * 0.75, keep_clear=True)

    def _enemy(self, center: QPointF, enemy: Mapping[str, Any], brief: bool) -> None:
        """One enemy: the line of fire to her, the sections a shot strikes, and her callout."""
        sc = self.scene
        tid = enemy["target"]
        target_item = sc.ship_items.get(tid)
        tpos = target_item.home if target_item is not None else square_center(*enemy["square"])
        side = enemy.get("in_arc")
        color = PORT if side == "port" else STARBOARD if side == "starboard" else QColor("#555555")
        fire_line = LineOfFireItem(center, tpos, color, dashed=not enemy.get("can_fire"))
        sc.add(fire_line, sc.firing_items)
        if enemy.get("hit_sections") and target_item is not None:
            hi = SectionsItem(enemy["hit_sections"], QColor(247, 193, 30, 235), enemy.get("rake"))
            hi.setPos(tpos)
            hi.setRotation(target_item.rotation())
            hi.setScale(target_item.scale())
            hi.setToolTip("A shot strikes these sections (11.4.10)"
                          + (f"; RAKE of her {enemy['rake']} (11.8)" if enemy.get("rake") else ""))
            sc.add(hi, sc.firing_items)
        name = sc.ship_name(tid)
        text = _callout_text(name, enemy)
        lab = LabelItem(_callout_head(name, enemy) if brief else text, px=10, bold=bool(enemy.get("rake")),
                        color="#7b241c" if enemy.get("rake") else "#102a43",
                        background=QColor(255, 255, 255, 225), border=color, anchor="below")
        if brief:
            lab.setToolTip(text)
        fire_line.setToolTip(text)  # the callout's words, also when it finds no clear spot and is hidden
        lab.setZValue(Z_LABEL)
        lab.setData(KIND, "target")
        lab.setData(PAYLOAD, tid)
        radius = ShipItem.RADIUS * (target_item.scale() if target_item is not None else 1.0)
        sc.add_label(lab, sc.firing_items, tpos, radius + SQUARE * 0.1, rank=1, rings=CALLOUT_RINGS,
                     step=SQUARE * 0.75, keep_clear=True)

    # ------------------------------------------------------------------ the 9.3 shift
    def show_shift(self, dx: int, dy: int, duration_ms: int = 4000) -> None:
        """9.3: show that every ship and smoke marker has just moved by (dx, dy): ghosts where the ships were,
        arrows to where they are, and a caption. Call after `set_view` with the shifted state. The display
        goes after `duration_ms` (0 keeps it until `clear_overlays`)."""
        sc = self.scene
        self.clear_shift()
        self._motion.finish()
        if sc.map_size is None:
            return
        for item in sc.ship_items.values():
            new = item.home
            old = new - QPointF(dx * SQUARE, dy * SQUARE)
            sc.add(ShiftItem(old, new), sc.shift_items)
        w, _h = sc.map_size
        caption = LabelItem(f"Map edge (9.3): all ships and smoke shifted {_shift_words(dx, dy)}",
                            px=13, bold=True, color="#ffffff", background=QColor(106, 27, 154, 225),
                            anchor="below")
        caption.setZValue(Z_LABEL + 1)
        caption.setData(KIND, "shift_caption")
        sc.add_label(caption, sc.shift_items, QPointF(w * SQUARE / 2, 0.0), 0.0, ("below",), rank=5, rings=4)
        sc.place_labels()
        if duration_ms > 0:
            self._shift_timer.start(duration_ms)

    def clear_overlays(self) -> None:
        """Take the maneuver previews, the firing picture and the shift display off the board."""
        self.scene.clear(self.scene.preview_items)
        self.scene.clear(self.scene.firing_items)
        self.clear_shift()

    def clear_shift(self) -> None:
        self._shift_timer.stop()
        self.scene.clear(self.scene.shift_items)


def _clear_shift(ref: weakref.ReferenceType[AdviceLayer]) -> None:
    layer = ref()
    if layer is not None:
        layer.clear_shift()


def _ring_spots(picture: Mapping[str, Any], mp: int, size: tuple[int, int]) -> list[QPointF]:
    """Where the `mp` ring's label may go, on the map: astern first, then round toward the bow."""
    w, h = size
    sx, sy = picture["square"]
    stern = geo.turn(int(picture.get("heading", 1)), 4)
    spots = []
    for turn in (4, 3, 5, 2, 6, 1, 7, 0):
        direction = geo.turn(stern, turn - 4)
        vx, vy = geo.VECTORS[direction]
        k = 0
        while geo.mp_distance((sx, sy), (sx + (k + 1) * vx, sy + (k + 1) * vy)) <= mp:
            k += 1
        last = (sx + k * vx, sy + k * vy)
        if 0 <= last[0] < w and 0 <= last[1] < h:
            spots.append(square_center(*last) + QPointF(vx * SQUARE / 2, vy * SQUARE / 2))
    return spots


def _callout_text(name: str, enemy: Mapping[str, Any]) -> str:
    """An enemy's callout in full: range, the broadside's sections and dice (or the chaser's), rake, why not."""
    side = enemy.get("in_arc")
    lines = [f"{name}: {enemy['mp']} MP"]
    if side:
        parts = []
        for s, info in enemy.get("sections", {}).items():
            d = f"{info['long']}" + (f"+{info['carronades']}c" if info.get("carronades") else "")
            if not info.get("can_fire"):
                d += " (empty)" if not info.get("loaded") else " (no dice)"
            parts.append(f"{s.split('_')[1]} {d}")
        lines.append(f"{side} broadside: " + ", ".join(parts))
        flags = []
        if enemy.get("carronades_doubled"):
            flags.append("carronades x2")
        elif enemy.get("carronades_in_range"):
            flags.append("carronades in range")
        flags.append(f"defense {enemy.get('defense_dice', 0)}d" + (" +1" if enemy.get("defense_modifier") else ""))
        lines.append(", ".join(flags))
    elif enemy.get("chaser"):
        lines.append(f"{enemy['chaser']} chaser: {enemy.get('dice', 0)}d (rigging, 6s hit)")
    if enemy.get("rake"):
        lines.append(f"RAKE: her {enemy['rake']}!")
    if not enemy.get("can_fire") and enemy.get("why"):
        lines.append(enemy["why"])
    return "\n".join(lines)


def _callout_head(name: str, enemy: Mapping[str, Any]) -> str:
    """An enemy's callout on one line (a fleet's: three or more callouts)."""
    side = enemy.get("in_arc")
    head = f"{name}: {enemy['mp']} MP"
    if side or enemy.get("chaser"):
        head += f", {side or enemy['chaser'] + ' chaser'} {enemy.get('dice', 0)}d"
    if enemy.get("rake"):
        head += f", RAKE {enemy['rake']}"
    if not enemy.get("can_fire"):
        head += ", cannot fire"
    return head


def _preview_text(p: Mapping[str, Any]) -> str:
    text = f"{p['label']}  {p['cost']} MP -> {p['wind_position']}"
    if p.get("maneuver") == "tack" and "success_chance" in p:
        text += f"  {round(100 * p['success_chance'])}%"
    if p.get("strain_needed"):
        text += "\nneeds Strain"
    elif p.get("carries_over"):
        text += "\ncarries over"
    if ends_game(p):
        text += "\n\u26a0 leaves the map \u2014 the game ends (9.3, 18.0)"
    elif p.get("map_edge"):
        text += "\nmap edge: everything shifts (9.3)"
    return text


def _preview_tooltip(p: Mapping[str, Any]) -> str:
    lines = [f"{p['label']} (9.1): {p['cost']} MP, {p.get('remaining', '?')} activations left this turn",
             f"ends at {tuple(p['square'])}, heading {p['heading']}, wind position {p['wind_position']} "
             f"(from {p.get('wind_position_before', '?')})"]
    if p.get("free_turns"):
        lines.append("then may turn free to " + ", ".join(
            f"{t['wind_position']} (heading {t['heading']})" for t in p["free_turns"]) + " (9.1.1)")
    if p.get("maneuver") == "tack":
        lines.append(f"succeeds {round(100 * p.get('success_chance', 0))}%; if not, In Irons at heading "
                     f"{p.get('failure', {}).get('heading')} (9.1.4)")
    if p.get("strain_needed"):
        lines.append("carries over into next turn: needs a Strain (9.1 restriction 2)")
    if p.get("map_edge"):
        e = p["map_edge"]
        lines.append("the ship would leave the map and no shift keeps every ship on it: the game ends at "
                     "once (9.3, 18.0)" if e.get("ends_game")
                     else f"map edge: everything shifts by {tuple(e['shift'])} (9.3)")
    return "\n".join(lines)


def ends_game(preview: Mapping[str, Any]) -> bool:
    """The engine's advice says this maneuver takes the ship off the map for good (9.3, 18.0)."""
    edge = preview.get("map_edge")
    return bool(edge and edge.get("ends_game"))


def _anchor_for(u: QPointF) -> str:
    if abs(u.x()) > abs(u.y()) * 1.2:
        return "right" if u.x() > 0 else "left"
    return "below" if u.y() > 0 else "above"


def _shift_words(dx: int, dy: int) -> str:
    parts = []
    if dx:
        parts.append(f"{abs(dx)} square{'s' if abs(dx) != 1 else ''} {'east' if dx > 0 else 'west'}")
    if dy:
        parts.append(f"{abs(dy)} square{'s' if abs(dy) != 1 else ''} {'south' if dy > 0 else 'north'}")
    return " and ".join(parts) or "not at all"
