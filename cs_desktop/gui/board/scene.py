"""Building the board's scene from a side's view dict: the static map (grid, coordinates, start squares,
compass) and the pieces (ships, names, smoke, fire, grapples), and placing the labels. `SceneBuilder` is a part the
board owns (`board.scene_builder`): it holds the scene's items by role, and the advice layer (gui/board/advice.py)
draws its overlays into its buckets."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsLineItem, QGraphicsView

from cs_desktop.gui.board.weak_view import WeakView
from cs_desktop.gui.board.frame import RULER, wind_box_rect
from cs_desktop.gui.board.items import CompassItem, LabelItem, SeaItem, ShipItem, StartItem, WindItem
from cs_desktop.gui.board.labels import ORDER, Placeable, leader, needs_leader, place, to_rect
from cs_desktop.gui.board.markers import AgroundItem, FireItem, GrappleItem, PrizeItem, SmokeItem
from cs_desktop.gui.board.overlays import GhostItem
from cs_desktop.gui.board.terrain import TerrainItem, terrain_items
from cs_desktop.gui.board.paint import (
    HEADING_NAMES,
    KIND,
    MARGIN,
    PAYLOAD,
    SQUARE,
    Z_LABEL,
    _letters_by_r,
    nation_colors,
    side_color_key,
    square_center,
)
from cs_desktop.rules.movement_rates import wind_from
from cs_desktop.rules.tables import get_tables
from cs_desktop.rules.view_types import SideView, ViewShip

#: a square drawn smaller than this (pixels) gets the ships' names written short ("Congress 2")
COMPACT_SQUARE_PX = 36.0
#: how far out a ship's name may go (steps of 3/4 square) before it is hidden, its leader line showing the way
SHIP_LABEL_RINGS = 8

class SceneBuilder:
    """The scene of `view` and its items by role. `shown()` is the view dict on show (its sides, captors and wind
    name and colour the ships); `zoom()` the view's pixels per scene unit, `seen()` the part of the scene in
    sight and `picked()` the picked ships (their names are placed first), all asked when the labels are placed.
    The view is held weakly, as the board's other parts hold it (gui/board/motion.py)."""

    _v = WeakView("scene builder")

    def __init__(self, view: QGraphicsView, shown: Callable[[], SideView | None], zoom: Callable[[], float],
                 seen: Callable[[], QRectF], picked: Callable[[], Sequence[str]]) -> None:
        self._v = view
        self._shown = shown
        self._zoom = zoom
        self._seen = seen
        self._picked = picked
        self.names: dict[str, str] = {}
        self.map_size: tuple[int, int] | None = None
        # the items, by role (tests and the main window may look at them)
        self.sea_item: SeaItem | None = None
        self.compass_item: CompassItem | None = None
        self.wind_item: WindItem | None = None
        self.coordinate_labels: list[LabelItem] = []
        self.start_items: dict[str, StartItem] = {}
        self.ship_items: dict[str, ShipItem] = {}
        self.name_labels: dict[str, LabelItem] = {}
        self.smoke_items: list[SmokeItem] = []
        self.terrain_items: list[TerrainItem] = []
        self.fire_items: list[FireItem] = []
        self.grapple_items: list[GrappleItem] = []
        # the advice layer's buckets (gui/board/advice.py): cleared with the scene, their ghosts kept clear of labels
        self.preview_items: list[QGraphicsItem] = []
        self.firing_items: list[QGraphicsItem] = []
        self.shift_items: list[QGraphicsItem] = []
        self._dynamic: list[QGraphicsItem] = []
        self._leaders: list[QGraphicsItem] = []
        self._places: list[Placeable] = []
        self.wind_tokens: list[QRectF] = []  # the tokens' scene rectangles as the labels were last placed

    def set_ship_names(self, names: Mapping[str, str]) -> None:
        """Ship id -> display name (the view dict carries only the card id)."""
        self.names.update(names)

    def ship_name(self, ship_id: str) -> str:
        if ship_id in self.names:
            return self.names[ship_id]
        shown = self._shown()
        ship = shown["ships"].get(ship_id) if shown is not None else None
        card = ship["card"] if ship is not None else ship_id
        return card.replace("-", " ").title()

    def ship(self, ship_id: str) -> ViewShip | None:
        """The ship as the view dict on show has her (None if it has no such ship)."""
        shown = self._shown()
        return shown["ships"].get(ship_id) if shown is not None else None

    def draw(self, view: SideView) -> None:
        """Redraw the pieces from `view` (the static map too if its size changed); clears the maneuver and firing
        overlays. Ship tokens and name labels that look the same are kept (their drawing is cached)."""
        size = view.get("map_size") or [get_tables().map.width, get_tables().map.height]
        size_t = (int(size[0]), int(size[1]))
        previous, old_names = dict(self.ship_items), dict(self.name_labels)
        if size_t != self.map_size:
            self.build_static(size_t)
            previous, old_names = {}, {}
        self.clear(self.preview_items)
        self.clear(self.firing_items)
        self.clear(self._dynamic)
        for bucket in (self.ship_items, self.name_labels, self.smoke_items, self.terrain_items, self.fire_items,
                       self.grapple_items):
            bucket.clear()
        wind = int(view.get("wind", 1))
        assert self.wind_item is not None
        self.wind_item.set_wind(wind)
        self._build_ships(view, wind, previous, old_names)
        for item in terrain_items(view, size_t):  # islands and shoals (R9.1e, R9.1f), under everything
            self.add(item, self._dynamic)
            self.terrain_items.append(item)
        self._build_smoke(view)
        self._build_grapples(view)

    def build_static(self, size: tuple[int, int]) -> None:
        """The map: the sea, the coordinates on every edge, the start squares, the compass and the wind."""
        scene = self._v.scene()
        scene.clear()
        self.coordinate_labels.clear()
        self.start_items.clear()
        self.preview_items.clear()
        self.firing_items.clear()
        self.shift_items.clear()
        self._dynamic.clear()
        self._places.clear()
        self.map_size = size
        w, h = size
        self.sea_item = SeaItem(w, h)
        scene.addItem(self.sea_item)
        for x in range(w):
            for y_pos, anchor in ((-4.0, "above"), (h * SQUARE + 4.0, "below")):
                lab = LabelItem(str(x), px=10, color="#3e5c6b", anchor=anchor)
                lab.setPos(QPointF((x + 0.5) * SQUARE, y_pos))
                lab.setData(KIND, "coord")
                lab.setData(PAYLOAD, ("col", x))
                lab.setToolTip(f"column {x}")
                scene.addItem(lab)
                self.coordinate_labels.append(lab)
        for y in range(h):
            for x_pos, anchor in ((-4.0, "left"), (w * SQUARE + 4.0, "right")):
                lab = LabelItem(str(y), px=10, color="#3e5c6b", anchor=anchor)
                lab.setPos(QPointF(x_pos, (y + 0.5) * SQUARE))
                lab.setData(KIND, "coord")
                lab.setData(PAYLOAD, ("row", y))
                lab.setToolTip(f"row {y}")
                scene.addItem(lab)
                self.coordinate_labels.append(lab)
        m = get_tables().map
        for name, sq in m.start.items():
            if 0 <= sq[0] < w and 0 <= sq[1] < h:
                item = StartItem(name, (int(sq[0]), int(sq[1])))
                scene.addItem(item)
                self.start_items[name] = item
        compass = tuple(m.compass) if m.width == w and m.height == h else (w // 2, h // 2)
        self.compass_item = CompassItem((int(compass[0]), int(compass[1])))
        scene.addItem(self.compass_item)
        self.wind_item = WindItem()
        self.wind_item.setPos(square_center(*self.compass_item.square))
        scene.addItem(self.wind_item)
        r = QRectF(0, 0, w * SQUARE, h * SQUARE).adjusted(-MARGIN * 2, -MARGIN * 2, MARGIN * 2, MARGIN * 2)
        scene.setSceneRect(r)

    def nation(self, ship: ViewShip) -> str | None:
        """The colours of the ship's side: its nation's, or with three or four sides one of its own if an earlier
        side wears the same (board_paint.side_color_key)."""
        shown = self._shown()
        return side_color_key(shown["sides"] if shown is not None else {}, ship["side"])

    def _build_ships(self, view: SideView, wind: int, previous: Mapping[str, ShipItem],
                     old_names: Mapping[str, LabelItem]) -> None:
        """Ship tokens, names and fire markers. A token in `previous` (a name label in `old_names`) that would
        look the same is reused (moved only), the others are removed."""
        self._places = [p for p in self._places if p.item.data(KIND) != "ship_label"]
        scene = self._v.scene()
        ships = view.get("ships", {})
        by_square: dict[tuple[int, int], list[str]] = {}
        for sid, ship in ships.items():
            if ship.get("escaped"):
                continue  # fleet rules (R9.3f): she has left the battle, and the board
            by_square.setdefault((int(ship["x"]), int(ship["y"])), []).append(sid)
        letters = _letters_by_r()
        for sq, ids in by_square.items():
            n = len(ids)
            for k, sid in enumerate(ids):
                ship = ships[sid]
                scale = 1.0 if n == 1 else 0.7
                item = self._ship_token(sid, ship, wind, scale, previous.get(sid))
                item.place(square_center(*sq) + _stack_offset(k, n))
                item.setToolTip(_ship_tooltip(self.ship_name(sid), ship, wind, letters))
                self.ship_items[sid] = item
                self._name_label(sid, ship, item, scale, old_names.get(sid))
                self._ship_marks(sid, ship, item, scale)
        for sid, old in previous.items():
            if self.ship_items.get(sid) is not old and old.scene() is scene:
                scene.removeItem(old)
        for sid, old_label in old_names.items():
            if self.name_labels.get(sid) is not old_label and old_label.scene() is scene:
                scene.removeItem(old_label)

    def _ship_token(self, sid: str, ship: ViewShip, wind: int, scale: float,
                    item: ShipItem | None) -> ShipItem:
        """Her token: `item` (the one drawn before) if it looks the same, else a new one in the scene."""
        key = (self.ship_name(sid), self.nation(ship), int(ship["heading"]), wind,
               bool(ship.get("struck")), bool(ship.get("captured")), scale)
        if item is None or item.look != key or item.scene() is not self._v.scene():
            item = ShipItem(sid, *key)
            item.look = key
            self._v.scene().addItem(item)
        return item

    def _name_label(self, sid: str, ship: ViewShip, item: ShipItem, scale: float,
                    label: LabelItem | None) -> None:
        """Her name and state by her token: `label` (the one drawn before) if it says the same, else a new one."""
        scene = self._v.scene()
        status = self._status(sid, ship, item, scale)
        _fill, line, _ = nation_colors(self.nation(ship))
        text = f"{self.ship_name(sid)}{status}"
        if label is None or label.full_text != text or label._border != line or label.scene() is not scene:
            label = LabelItem(text, px=11, bold=True, color="#102a43",
                              background=QColor(255, 255, 255, 215), border=line, anchor="below")
            label.setZValue(Z_LABEL - 2)
            label.setData(KIND, "ship_label")
            label.setData(PAYLOAD, sid)
            scene.addItem(label)
        label.setPos(item.home)
        self._places.append(Placeable(label, item.home, ShipItem.RADIUS * scale, ORDER, SHIP_LABEL_RINGS,
                                      SQUARE * 0.75, 0, optional=True))
        self.name_labels[sid] = label

    def _ship_marks(self, sid: str, ship: ViewShip, item: ShipItem, scale: float) -> None:
        """The aground mark (R9.1f) and the fire marker by her token."""
        if ship.get("aground"):
            mark = AgroundItem(sid, f"{self.ship_name(sid)} is aground on a shoal (R9.1f): she cannot "
                                    "move until she gets off, a die each Housekeeping Phase (R17.0a)")
            mark.setPos(item.pos() + QPointF(SQUARE * 0.45 * scale, SQUARE * 0.4 * scale))
            self.add(mark, self._dynamic)
        if ship.get("on_fire"):
            fire = FireItem(sid)
            fire.setPos(item.pos() + QPointF(SQUARE * 0.34 * scale, -SQUARE * 0.32 * scale))
            self.add(fire, self._dynamic)
            self.fire_items.append(fire)

    def _status(self, sid: str, ship: ViewShip, item: ShipItem, scale: float) -> str:
        """What her label says after her name; a prize held by a prize crew gets her captor's flag (R18.0k). A
        prize sailing for her captor (WS&IM D.5, R18.0u) is drawn in his colours as his ship, and says so."""
        if ship.get("prize_of"):
            return f" (prize: {int(ship.get('crew', 0))} aboard, {int(ship.get('prisoners', 0))} prisoners)"
        if ship.get("prize_crew"):
            self._prize_flag(sid, ship, item, scale)
            return f" (prize: {int(ship['prize_crew'])} aboard)"
        if ship.get("captured"):
            return " (captured)"
        if ship.get("struck"):
            return " (struck)"
        return " (aground)" if ship.get("aground") else ""  # R9.1f: fast on a shoal until she gets off (R17.0a)

    def _prize_flag(self, sid: str, ship: ViewShip, item: ShipItem, scale: float) -> None:
        """R18.0k: the captor's ensign on a prize, with her prize crew's strength."""
        shown = self._shown()
        sides = shown["sides"] if shown is not None else {}
        # R18.0q: with three sides or more, her captor holds her
        captors = (shown.get("captors") if shown is not None else None) or {}
        holder = captors.get(sid) or next((s for s in sides if s != ship.get("side")), None)
        info = sides.get(holder) if holder is not None else None
        fill, line, _ = nation_colors(side_color_key(sides, holder))
        men, prisoners = int(ship["prize_crew"]), int(ship.get("crew", 0))
        captor = self.ship_name(str(ship.get("prize_crew_from", ""))) if ship.get("prize_crew_from") else "her captor"
        tip = (f"{self.ship_name(sid)}: a prize of {info['name'] if info is not None else holder}, held by a prize crew of {men} from "
               f"{captor} guarding {prisoners} prisoners (R18.0k); more than three prisoners to one may rise "
               "(R18.0l); her own side may board her to retake her (R18.0m)")
        flag = PrizeItem(sid, men, fill, line, tip)
        flag.setPos(item.pos() + QPointF(-SQUARE * 0.3 * scale, -SQUARE * 0.12 * scale))
        self.add(flag, self._dynamic)

    def _build_smoke(self, view: SideView) -> None:
        for entry in view.get("smoke", ()):
            x, y, values = entry
            if not values:
                continue
            item = SmokeItem((int(x), int(y)), values)
            self.add(item, self._dynamic)
            self.add(item.badge, self._dynamic)
            self.smoke_items.append(item)

    def _build_grapples(self, view: SideView) -> None:
        for record in view.get("grapples", ()):
            ids = record.get("ships", [])
            if len(ids) != 2 or any(i not in self.ship_items for i in ids):
                continue
            a, b = (self.ship_items[i].pos() for i in ids)
            if a == b:
                b = b + QPointF(1, 1)
            item = GrappleItem(a, b, [self.ship_name(i) for i in ids], str(record.get("state", "grappled")))
            item.setData(PAYLOAD, list(ids))
            self.add(item, self._dynamic)
            self.grapple_items.append(item)

    # ------------------------------------------------------------------ overlays text

    def add(self, item: QGraphicsItem, bucket: list[QGraphicsItem]) -> None:
        self._v.scene().addItem(item)
        bucket.append(item)

    def clear(self, bucket: list[QGraphicsItem]) -> None:
        scene = self._v.scene()
        for item in bucket:
            if item.scene() is scene:
                scene.removeItem(item)
        bucket.clear()
        self._places = [p for p in self._places if p.item.scene() is scene]

    def add_label(self, label: LabelItem, bucket: list[QGraphicsItem], point: QPointF, clearance: float,
                   prefer: tuple[str, ...] = ORDER, rank: int = 0, rings: int = 3,
                   step: float = SQUARE, keep_clear: bool = False) -> None:
        """Add a label that names what is at `point`; `place_labels` finds it a spot (board_labels). A
        `keep_clear` label (a callout) is never laid over a token, a ship's name or another callout: with no
        clear spot it is hidden."""
        label.setPos(point)
        self.add(label, bucket)
        self._places.append(Placeable(label, point, clearance, prefer, rings, step, rank, keep_clear=keep_clear))

    def token_rects(self) -> list[QRectF]:
        """Scene rectangles of the ship tokens (and of the ghost tokens a preview shows), which no label may
        cover."""
        rects = []
        for item in self.ship_items.values():
            r = ShipItem.RADIUS * item.scale()
            rects.append(QRectF(item.home.x() - r, item.home.y() - r, 2 * r, 2 * r))
        for ghost in self.preview_items:
            if isinstance(ghost, GhostItem) and ghost.moves:
                r = ShipItem.RADIUS
                rects.append(QRectF(ghost.pos().x() - r, ghost.pos().y() - r, 2 * r, 2 * r))
        return rects

    def marker_rects(self) -> list[QRectF]:
        """Scene rectangles labels keep off besides the tokens: smoke badges, fire markers, and the wind box
        on the glass (top-left of the view)."""
        rects = [item.sceneBoundingRect() for item in self.fire_items]
        rects += [item.badge.sceneBoundingRect() for item in self.smoke_items]
        view = self._v
        if view.isVisible() and view.viewport().width() > 0:
            vp = view.viewport()
            box = wind_box_rect(vp.width(), vp.height(),
                                [view.mapFromScene(r).boundingRect().toRectF() for r in self.token_rects()])
            rects.append(view.mapToScene(box.toAlignedRect()).boundingRect())
        return rects

    def place_labels(self) -> None:
        """Find every label a spot clear of the tokens and markers (board_labels), then draw the leaders."""
        self.wind_tokens = self.token_rects()  # the wind box keeps off them (board_frame.wind_box_rect)
        if not self._places:
            self._draw_leaders()
            return
        seen = None
        zoom = self._zoom()
        view = self._v
        if view.isVisible() and view.viewport().width() > 0:
            z = zoom or 1.0
            seen = self._seen().adjusted((RULER + 4) / z, RULER / z, 0, 0)  # not under the rulers
        picked = set(self._picked())
        compact = zoom * SQUARE < COMPACT_SQUARE_PX
        for p in self._places:
            if p.item.data(KIND) == "ship_label":  # a picked ship's name first, and never hidden
                mine = p.item.data(PAYLOAD) in picked
                p.rank, p.optional = (-1 if mine else 0), not mine
                p.item.set_compact(compact)
        place(self._places, [to_rect(r) for r in self.token_rects() + self.marker_rects()], to_rect(view.sceneRect()),
              zoom, to_rect(seen) if seen is not None else None)
        self._draw_leaders()

    def _draw_leaders(self) -> None:
        """A thin line in the side's colour from a ship's token to her name, where the name does not sit by her
        token alone (board_labels.needs_leader); the same from a target to her firing callout."""
        self.clear(self._leaders)
        tokens = {sid: (item.home.x(), item.home.y(), ShipItem.RADIUS * item.scale())
                  for sid, item in self.ship_items.items()}
        for p in self._places:
            sid = p.item.data(PAYLOAD)
            kind = p.item.data(KIND)
            if kind not in ("ship_label", "target") or p.rect is None or not isinstance(sid, str) or sid not in tokens:
                continue
            own = tokens[sid]
            if not needs_leader(p.rect, own, [t for k, t in tokens.items() if k != sid], self._zoom()):
                continue
            (x1, y1), (x2, y2) = leader(p.rect, own)
            line = QGraphicsLineItem(x1, y1, x2, y2)
            pen = QPen(p.item._border or QColor("#102a43"), 1.4)
            pen.setCosmetic(True)
            line.setPen(pen)
            line.setZValue(Z_LABEL - 3)
            line.setData(KIND, "leader" if kind == "ship_label" else "callout_leader")
            line.setData(PAYLOAD, sid)
            line.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            self.add(line, self._leaders)



def _ship_tooltip(name: str, ship: ViewShip, wind: int, letters: Mapping[int, str]) -> str:
    frm = wind_from(wind)
    letter = letters[(frm - int(ship["heading"])) % 8]
    h = int(ship["heading"])
    lines = [f"{name} ({ship.get('side')})",
             f"square ({ship['x']}, {ship['y']}), heading {h} ({HEADING_NAMES[h]}), wind position {letter}",
             f"sail {ship.get('sail', '?')}, speed {ship.get('speed', '?')}"]
    if ship.get("on_fire"):
        lines.append("On Fire")
    if ship.get("struck"):
        lines.append("has struck her colours")
    if ship.get("aground"):
        lines.append("aground on a shoal: cannot move until she gets off (R9.1f, R17.0a)")
    return "\n".join(lines)


def _stack_offset(k: int, n: int) -> QPointF:
    """9.2: ships sharing a square are drawn side by side (smaller), so both are visible."""
    if n <= 1:
        return QPointF(0, 0)
    d = SQUARE * 0.22
    spots = [QPointF(-d, -d), QPointF(d, d), QPointF(d, -d), QPointF(-d, d)]
    return spots[k % 4]

