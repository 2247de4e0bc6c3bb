"""Issue 11 item 4, "a board a wargamer reads at a glance": coordinates that match the log, follow mode and
"Fit the ships", labels that never cover a token, the off-the-map warning (9.3, 18.0)."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QAction

from cs_desktop.gui.board import SQUARE, BoardView, square_center
from cs_desktop.gui.board.camera import own_side
from cs_desktop.gui.board.frame import ruler_marks
from cs_desktop.gui.board.items import LabelItem, ShipItem
from cs_desktop.rules import advice
from cs_desktop.rules.game import Game
from tests.rules.harness import drive, duel


def _board(qtbot: Any, game: Game, side: str = "us", size: tuple[int, int] = (900, 600)) -> BoardView:
    view = BoardView()
    qtbot.addWidget(view)
    view.resize(*size)
    view.show()
    qtbot.waitExposed(view)
    view.set_view(game.view(side), names={k: c.name for k, c in game.cards.items()})
    return view


def _select(game: Game) -> Game:
    drive(game, until=lambda g: g.state.segment == "select")
    return game


def _place(game: Game, where: dict[str, tuple[int, int, int]]) -> None:
    for sid, (x, y, h) in where.items():
        ship = game.state.ships[sid]
        ship.x, ship.y, ship.heading = x, y, h


def _in_sight(board: BoardView, sid: str) -> bool:
    return board.camera.visible_scene_rect().contains(board.ship_items[sid].sceneBoundingRect())


def test_coordinates_name_the_square_the_log_names(qtbot: Any) -> None:
    """A square read from a move event: the board's column and row labels (map edges and view rulers) for
    that column and row sit at that square's centre."""
    game = duel(a=(12, 12, 1), b=(16, 12, 7), wind=6)
    drive(game, until=lambda g: any(e["type"] == "move" for e in g.events))
    event = next(e for e in game.events if e["type"] == "move")
    x, y = event["square"]
    assert f"({x}, {y})" in event["text"]
    board = _board(qtbot, game)
    mover = next(s for s, item in board.ship_items.items() if game.state.ships[s].square == (x, y))
    centre = square_center(x, y)
    assert board.ship_items[mover].pos() == centre
    cols = [lab for lab in board.coordinate_labels if lab.data(1) == ("col", x)]
    rows = [lab for lab in board.coordinate_labels if lab.data(1) == ("row", y)]
    assert len(cols) == 2 and len(rows) == 2  # on all four edges
    assert all(lab.text() == str(x) and lab.pos().x() == centre.x() for lab in cols)
    assert all(lab.text() == str(y) and lab.pos().y() == centre.y() for lab in rows)
    board.centerOn(centre)
    at = board.mapFromScene(centre)
    marks = ruler_marks(board, board.scene_builder.map_size)
    (col,) = [p for axis, n, p in marks if axis == "col" and n == x]
    (row,) = [p for axis, n, p in marks if axis == "row" and n == y]
    assert abs(col.x() - at.x()) <= 1 and abs(row.y() - at.y()) <= 1


def test_fit_the_ships_brings_ships_far_apart_into_view(qtbot: Any) -> None:
    game = _select(duel(a=(1, 1, 3), b=(30, 22, 7), wind=6))
    _place(game, {"constitution": (0, 0, 3), "java": (31, 23, 7)})
    board = _board(qtbot, game, size=(420, 300))
    for _ in range(6):
        board.zoom_in()
    board.centerOn(square_center(16, 12))
    assert not _in_sight(board, "constitution") and not _in_sight(board, "java")
    board.fit_to_ships()
    assert _in_sight(board, "constitution") and _in_sight(board, "java")
    board.fit_to_ships(False)  # as QAction.triggered(checked) calls it
    assert _in_sight(board, "constitution") and _in_sight(board, "java")


def test_follow_mode_keeps_the_players_ship_in_view(qtbot: Any) -> None:
    game = _select(duel(a=(12, 12, 1), b=(16, 12, 7), wind=6))
    board = _board(qtbot, game)
    assert board.camera.follow and own_side(game.view("us")) == "us" and own_side(game.view(None)) is None
    assert board.camera.followed_ships() == ["constitution"]
    for _ in range(4):
        board.zoom_in()
    zoom = board.zoom_level()
    board.centerOn(square_center(30, 22))
    assert not _in_sight(board, "constitution")
    board.set_view(game.view("us"))
    assert _in_sight(board, "constitution") and board.zoom_level() == zoom
    # already in sight: no scrolling
    before = board.camera.visible_scene_rect()
    board.set_view(game.view("us"))
    assert board.camera.visible_scene_rect() == before
    # off: the view stays where the player put it
    board.set_follow(False)
    board.centerOn(square_center(30, 22))
    board.set_view(game.view("us"))
    assert not _in_sight(board, "constitution")
    # the other side's view follows the other side's ship
    board.set_follow(True)
    board.centerOn(square_center(0, 0))
    board.set_view(game.view("gb"))
    assert board.camera.followed_ships() == ["java"] and _in_sight(board, "java")


def _labels(board: BoardView) -> list[LabelItem]:
    return [i for i in board.scene().items() if isinstance(i, LabelItem) and i.data(0) != "coord"]


def _token_rects(board: BoardView) -> list[QRectF]:
    return [item.mapToScene(item.shape()).boundingRect() for item in board.ship_items.values()]


@pytest.mark.parametrize("zoom_steps", [0, -3, 3])
def test_labels_never_cover_a_token(qtbot: Any, zoom_steps: int) -> None:
    """A crowded position (three ships close, one pair in one square, smoke, the firing picture and the maneuver
    previews shown): no label's scene rectangle meets any ship token, and every label stays in the scene."""
    game = _select(duel(a=(12, 12, 1), b=(14, 12, 7), wind=6,
                        extra={"gb": [("guerriere", (13, 11, 5))], "us": [("president", (12, 11, 1))]}))
    _place(game, {"constitution": (12, 12, 1), "java": (14, 12, 7), "guerriere": (13, 11, 5),
                  "president": (13, 12, 1)})
    game.state.smoke[(12, 12)] = [2, 2]
    game.state.smoke[(13, 11)] = [1]
    game.state.ships["java"].on_fire = True
    board = _board(qtbot, game)
    board.resetTransform()
    for _ in range(abs(zoom_steps)):
        board.zoom_in() if zoom_steps > 0 else board.zoom_out()
    board.show_firing(advice.firing_picture(game.state, "constitution"))
    board.show_maneuver_previews("constitution", advice.maneuver_previews(game.state, "constitution"))
    board.set_view(game.view("us"))
    board.show_firing(advice.firing_picture(game.state, "constitution"))
    labels = _labels(board)
    kinds = {lab.data(0) for lab in labels}
    assert {"ship_label", "ring", "target"} <= kinds
    zoom = board.zoom_level()
    tokens = _token_rects(board)
    scene = board.sceneRect()
    for lab in labels:
        fp = lab.footprint(zoom)
        assert scene.contains(fp), (lab.text(), fp)
        for t in tokens:
            assert not fp.intersects(t), (lab.text(), fp, t)
        for m in board.scene_builder.marker_rects():  # smoke badges, fire markers, the wind box
            assert not fp.intersects(m), (lab.text(), fp, m)
        if zoom == 1.0:
            assert not any(lab.sceneBoundingRect().intersects(t) for t in tokens)
    board.clear_overlays()
    board.show_maneuver_previews("constitution", advice.maneuver_previews(game.state, "constitution"))
    for lab in _labels(board):
        assert not any(lab.footprint(zoom).intersects(t) for t in tokens), lab.text()
    # labels among themselves: names and call-outs do not overlap either
    named = [lab.footprint(zoom) for lab in _labels(board) if lab.data(0) == "ship_label"]
    assert not any(a.intersects(b) for i, a in enumerate(named) for b in named[i + 1:])


def test_9_3_a_maneuver_off_the_map_is_marked_in_red(qtbot: Any) -> None:
    """9.3/18.0: an Advance that leaves the map when no shift keeps both ships on it ends the game; the
    engine's advice says so and the preview is drawn red with the warning."""
    game = _select(duel(a=(12, 1, 1), b=(12, 22, 5), wind=3))
    _place(game, {"constitution": (12, 0, 1), "java": (12, 23, 5)})
    previews = advice.maneuver_previews(game.state, "constitution")
    advance = next(p for p in previews if p["maneuver"] == "advance" and p["legal"])
    assert advance["map_edge"]["ends_game"] is True
    board = _board(qtbot, game)
    board.show_maneuver_previews("constitution", previews)
    label = next(i for i in board.preview_items
                 if isinstance(i, LabelItem) and i.data(1) == advance["index"])
    assert "leaves the map" in label.text() and "game ends" in label.text() and "18.0" in label.text()
    assert label._border is not None and label._border.name() == "#c0392b"
    others = [i for i in board.preview_items if isinstance(i, LabelItem) and i.data(0) == "preview"
              and i is not label]
    assert others and not any("leaves the map" in i.text() for i in others)
    assert "game ends" in label.toolTip()


def test_ship_token_rect_is_what_labels_avoid(qtbot: Any) -> None:
    game = _select(duel(a=(12, 12, 2), b=(16, 12, 7), wind=6))
    board = _board(qtbot, game)
    item = board.ship_items["constitution"]
    rect = item.mapToScene(item.shape()).boundingRect()
    (mine,) = [r for r in board.scene_builder.token_rects() if r.contains(QPointF(item.pos()))][:1]
    assert mine.adjusted(-0.01, -0.01, 0.01, 0.01).contains(rect)
    assert abs(mine.width() - 2 * ShipItem.RADIUS) < 1e-6 and SQUARE > mine.width()


def test_moves_glide_and_a_key_or_click_ends_the_glide(qtbot: Any, monkeypatch: Any) -> None:
    game = _select(duel(a=(12, 12, 1), b=(16, 12, 7), wind=6))
    board = _board(qtbot, game)
    board.set_animate(True)
    assert not board.animate  # the suite sets CAPTAINS_SEA_NO_ANIMATION: never a glide in tests
    monkeypatch.delenv("CAPTAINS_SEA_NO_ANIMATION")
    board.set_animate(True)
    assert board.animate
    item = board.ship_items["constitution"]
    _place(game, {"constitution": (12, 11, 2)})
    board.set_view(game.view("us"))
    item = board.ship_items["constitution"]
    assert board.motion.running
    assert item.pos() == square_center(12, 12) and item.rotation() == 0.0  # the glide starts where she was
    assert item.home == square_center(12, 11)  # labels and follow use where she will be
    qtbot.keyClick(board, Qt.Key.Key_Space)
    assert not board.motion.running and item.pos() == square_center(12, 11) and item.rotation() == 45.0
    _place(game, {"constitution": (12, 10, 2)})
    board.set_view(game.view("us"))
    item = board.ship_items["constitution"]
    qtbot.mouseClick(board.viewport(), Qt.MouseButton.LeftButton)
    assert not board.motion.running and item.pos() == square_center(12, 10)
    _place(game, {"constitution": (13, 10, 3)})
    board.set_view(game.view("us"))
    item = board.ship_items["constitution"]
    qtbot.waitUntil(lambda: not board.motion.running, timeout=3000)
    assert item.pos() == square_center(13, 10) and item.rotation() == 90.0
    board.set_animate(False)
    _place(game, {"constitution": (13, 9, 1)})
    board.set_view(game.view("us"))
    assert not board.motion.running and board.ship_items["constitution"].pos() == square_center(13, 9)


def test_view_menu_switches_follow_legend_and_animation(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    acts = {a.objectName(): a for a in window.findChildren(QAction)}
    follow, legend, animate = acts["act-follow"], acts["act-legend"], acts["act-animate"]
    assert follow in window.view_menu.actions() and legend in window.view_menu.actions()
    assert follow.isChecked() and window.board.camera.follow  # on by default
    follow.trigger()
    assert not window.board.camera.follow and window.settings.value("board/follow", type=bool) is False
    assert not legend.isChecked() and not window.board.legend_visible()
    legend.trigger()
    assert window.board.legend_visible() and not window.board.legend.panel.isHidden()
    window.board.legend.tab.click()  # the legend's own tab closes it, and the menu follows
    assert not window.board.legend_visible() and not legend.isChecked()
    assert animate.isChecked() and not window.board.animate  # the setting is on; the test environment wins
    # a new window reads the remembered switches
    again = make_window()
    assert not again.board.camera.follow


def test_the_legend_names_the_arcs_zones_and_markers(qtbot: Any) -> None:
    from cs_desktop.gui.board.legend import ENTRIES
    from cs_desktop.gui.board.paint import PORT, STARBOARD

    game = _select(duel(a=(12, 12, 1), b=(16, 12, 7), wind=6))
    board = _board(qtbot, game)
    words = {color.lower(): text for _kind, color, text in ENTRIES}
    assert "port" in words[PORT.name()] and "starboard" in words[STARBOARD.name()]
    text = " | ".join(t for _k, _c, t in ENTRIES)
    for needed in ("chaser", "24 MP", "12 MP", "6 MP", "line of fire", "Strain", "leaves the map", "smoke",
                   "On Fire", "grappled", "wind position", "start square"):
        assert needed in text
    board.set_legend_visible(True)
    assert board.legend.panel.isVisible() and board.viewport().geometry().contains(board.legend.geometry())
    board.centerOn(square_center(0, 0))
    board.centerOn(square_center(31, 23))  # scrolling does not carry the legend away
    assert board.viewport().geometry().contains(board.legend.geometry())
    image = board.legend.panel.grab().toImage()
    assert not image.isNull() and image.height() >= 17 * 19


def test_follow_mode_keeps_the_enemy_in_sight_too_when_both_fit(qtbot: Any) -> None:
    game = _select(duel(a=(14, 12, 1), b=(7, 11, 3), wind=6))
    board = _board(qtbot, game, size=(640, 800))
    board.resetTransform()
    board.scale(0.72, 0.72)
    board.centerOn(square_center(20, 12))  # Constitution in sight, Java just off the left edge
    assert _in_sight(board, "constitution") and not _in_sight(board, "java")
    board.set_view(game.view("us"))
    assert _in_sight(board, "constitution") and _in_sight(board, "java")


def test_labels_prefer_the_part_of_the_board_in_sight(qtbot: Any) -> None:
    """The firing call-out of a target near the edge of the view goes where it can be read, not under the
    rulers or past the edge."""
    from cs_desktop.gui.board.frame import RULER

    game = _select(duel(a=(16, 14, 4), b=(9, 13, 3), wind=6))
    board = _board(qtbot, game, size=(640, 800))
    board.set_follow(False)
    board.resetTransform()
    board.scale(0.72, 0.72)
    centre = square_center(16, 12)
    board.centerOn(centre)
    board.set_view(game.view("us"))
    board.show_firing(advice.firing_picture(game.state, "constitution"))
    z = board.zoom_level()
    seen = board.camera.visible_scene_rect().adjusted((RULER + 4) / z, RULER / z, 0, 0)
    assert seen.contains(board.ship_items["java"].sceneBoundingRect())
    target = next(i for i in board.firing_items if i.data(0) == "target")
    assert seen.contains(target.footprint(z)), (target.footprint(z), seen)
    for ring in (i for i in board.firing_items if i.data(0) == "ring"):
        assert seen.contains(ring.footprint(z)), ring.text()


def test_rulers_only_where_the_maps_own_numbers_are_out_of_sight(qtbot: Any) -> None:
    """With the whole map in view its edge numbers say the column and row, so no ruler prints them a second
    time; zoomed in on the middle, both rulers are there."""
    board = _board(qtbot, duel(a=(12, 12, 1), b=(16, 12, 7), wind=6))
    board.set_follow(False)
    board.fitInView(board.scene().itemsBoundingRect(), Qt.AspectRatioMode.KeepAspectRatio)
    assert ruler_marks(board, board.scene_builder.map_size) == []
    for _ in range(4):
        board.zoom_in()
    board.centerOn(square_center(16, 12))
    axes = {axis for axis, _n, _p in ruler_marks(board, board.scene_builder.map_size)}
    assert axes == {"col", "row"}


def test_the_wind_box_never_hides_a_ship(qtbot: Any) -> None:
    """A board a player reads hides no ship: with a ship where the wind box sits (the view's top-left corner),
    the box moves to a corner with no ship in it; with none there it stays top-left."""
    from cs_desktop.gui.board.frame import WIND_BOX, wind_box_rect

    game = _select(duel(a=(12, 12, 1), b=(16, 12, 7), wind=6))
    board = _board(qtbot, game)
    for _ in range(3):
        board.zoom_in()
    default = wind_box_rect()
    token = board.ship_items["java"]
    # scroll so that Java's token sits in the middle of the box's usual place
    offset = board.mapFromScene(token.home) - default.center().toPoint()
    board.horizontalScrollBar().setValue(board.horizontalScrollBar().value() + offset.x())
    board.verticalScrollBar().setValue(board.verticalScrollBar().value() + offset.y())
    board.scene_builder.place_labels()
    token_vp = board.mapFromScene(token.sceneBoundingRect()).boundingRect().toRectF()
    assert token_vp.intersects(default)  # the usual place would hide her
    vp = board.viewport()
    tokens = [board.mapFromScene(r).boundingRect().toRectF() for r in board.scene_builder.token_rects()]
    box = wind_box_rect(vp.width(), vp.height(), tokens)
    assert box != default and box.size().toTuple() == WIND_BOX
    assert not any(box.intersects(t) for t in tokens)
    assert QRectF(vp.rect()).contains(box)
    # and it is drawn there: a corner inside the box is the box's near-white fill
    board.viewport().repaint()
    image = board.viewport().grab().toImage()
    ratio = image.devicePixelRatio()
    inside = image.pixelColor(int((box.right() - 5) * ratio), int((box.bottom() - 5) * ratio))
    assert min(inside.red(), inside.green(), inside.blue()) > 240, inside.name()
    # the labels keep off the box where it is now drawn
    assert any(board.mapToScene(box.toAlignedRect()).boundingRect() == m for m in board.scene_builder.marker_rects())
    # nothing in the top-left corner: the box stays there
    assert wind_box_rect(vp.width(), vp.height(), [QRectF(400, 300, 30, 30)]) == default
    # every corner covered: the corner that covers least
    w, h = vp.width(), vp.height()
    everywhere = [QRectF(30, 30, 60, 30), QRectF(w - 60, 30, 40, 30), QRectF(w - 60, h - 40, 10, 10),
                  QRectF(40, h - 80, 60, 30)]
    assert wind_box_rect(w, h, everywhere).right() == w - 10 and wind_box_rect(w, h, everywhere).bottom() == h - 10
