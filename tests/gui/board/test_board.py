"""The board (BRIEF §1): drawn from a side's view; clicks, previews, firing overlays, the 9.3 shift, zoom."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QPointF, Qt

from cs_desktop.formats.files import load_scenario_with_ships
from cs_desktop.gui.board import SQUARE, BoardView, heading_angle, square_center
from cs_desktop.rules import advice
from cs_desktop.rules.game import Game
from cs_desktop.rules.movement_rates import wind_position
from tests.rules.harness import drive, duel


@pytest.fixture
def game() -> Game:
    g = duel(a=(12, 12, 1), b=(16, 12, 7), wind=6)
    drive(g, until=lambda g: g.state.segment == "select")
    s = g.state
    s.ships["constitution"].x, s.ships["constitution"].y, s.ships["constitution"].heading = 12, 12, 1
    s.ships["java"].x, s.ships["java"].y, s.ships["java"].heading = 16, 12, 7
    return g


@pytest.fixture
def board(qtbot: Any, game: Game) -> BoardView:
    view = BoardView()
    qtbot.addWidget(view)
    view.resize(900, 600)
    view.set_view(game.view("us"), names={k: c.name for k, c in game.cards.items()})
    view.show()
    qtbot.waitExposed(view)
    return view


def _click(qtbot: Any, board: BoardView, scene_point: QPointF) -> None:
    board.centerOn(scene_point)
    qtbot.mouseClick(board.viewport(), Qt.MouseButton.LeftButton, pos=board.mapFromScene(scene_point))


def test_1_3_board_draws_grid_compass_wind_and_start_squares(board: BoardView, game: Game) -> None:
    assert board.scene_builder.map_size == (32, 24)
    assert board.scene_builder.sea_item is not None
    assert board.scene_builder.sea_item.boundingRect().contains(board.scene_builder.sea_item.boundingRect().adjusted(2, 2, -2, -2))
    assert len(board.coordinate_labels) == 2 * 32 + 2 * 24
    assert board.scene_builder.compass_item is not None and board.scene_builder.compass_item.square == (16, 12)
    assert board.scene_builder.wind_item is not None and board.scene_builder.wind_item.rotation() == heading_angle(6) == 225.0
    assert set(board.start_items) == {"A", "B", "C", "D"}
    assert board.start_items["A"].pos() == square_center(10, 12)


def test_2_0_ships_in_place_pointing_their_heading_in_nation_colours(board: BoardView, game: Game) -> None:
    con, java = board.ship_items["constitution"], board.ship_items["java"]
    assert con.pos() == square_center(12, 12) and con.rotation() == 0.0
    assert java.pos() == square_center(16, 12) and java.rotation() == heading_angle(7) == 270.0
    assert con.nation == "US" and java.nation == "GB"
    assert con.name == "Constitution" and board.name_labels["java"].text() == "Java"
    # 1.2: the highlighted letter is the ship's wind position
    assert con.wind_position == wind_position(game.state, game.state.ships["constitution"])
    assert java.wind_position == wind_position(game.state, game.state.ships["java"])


def test_9_2_stacked_ships_both_visible(qtbot: Any, game: Game) -> None:
    s = game.state
    s.ships["java"].x, s.ships["java"].y = 12, 12
    view = BoardView()
    qtbot.addWidget(view)
    view.set_view(game.view("us"))
    a, b = view.ship_items["constitution"], view.ship_items["java"]
    assert a.pos() != b.pos()
    assert a.sceneBoundingRect().intersects(view.scene_builder.sea_item.sceneBoundingRect())  # type: ignore[union-attr]
    assert a.scale() < 1 and b.scale() < 1
    centre = square_center(12, 12)
    for item in (a, b):
        assert abs(item.pos().x() - centre.x()) < SQUARE / 2 and abs(item.pos().y() - centre.y()) < SQUARE / 2


def test_markers_smoke_fire_grapple_struck(qtbot: Any, game: Game) -> None:
    s = game.state
    s.smoke[(12, 12)] = [2, 2]
    s.smoke[(13, 12)] = [1]
    s.ships["java"].on_fire = True
    s.ships["java"].struck = True
    s.grapples.append({"ships": ["constitution", "java"], "state": "grappled", "turn": 1})
    view = BoardView()
    qtbot.addWidget(view)
    view.set_view(game.view("us"))
    smoke = {item.square: item.values for item in view.smoke_items}
    assert smoke == {(12, 12): [2, 2], (13, 12): [1]}
    badges = {item.square: (item.badge.text(), item.badge.toolTip()) for item in view.smoke_items}
    assert badges[(12, 12)][0] == "4" and "2 x Smoke-2" in badges[(12, 12)][1]  # +4 defense dice (11.4.6)
    assert badges[(13, 12)][0] == "1" and "1 x Smoke-1" in badges[(13, 12)][1]
    assert [f.ship_id for f in view.fire_items] == ["java"]
    assert len(view.grapple_items) == 1
    assert view.ship_items["java"].struck and "struck" in view.name_labels["java"].text()


def test_clicks_emit_ship_and_square(qtbot: Any, board: BoardView) -> None:
    with qtbot.waitSignal(board.shipClicked, timeout=1000) as ship:
        _click(qtbot, board, square_center(16, 12))
    assert ship.args == ["java"]
    with qtbot.waitSignal(board.squareClicked, timeout=1000) as sq:
        _click(qtbot, board, square_center(3, 20))
    assert sq.args == [3, 20]


def test_9_1_previews_appear_click_and_clear(qtbot: Any, board: BoardView, game: Game) -> None:
    previews = advice.maneuver_previews(game.state, "constitution")
    board.show_maneuver_previews("constitution", previews)
    ghosts = [i for i in board.preview_items if i.data(0) == "preview" and hasattr(i, "preview")]
    assert len(ghosts) == sum(1 for p in previews if p["legal"])
    advance = next(g for g in ghosts if g.preview["maneuver"] == "advance")
    assert advance.pos() == square_center(12, 11)  # heading 1: one square north
    labels = [i for i in board.preview_items if hasattr(i, "text") and i.data(0) == "preview"]
    assert any("Advance" in lab.text() and "MP" in lab.text() for lab in labels)
    with qtbot.waitSignal(board.optionClicked, timeout=1000) as opt:
        _click(qtbot, board, square_center(12, 11))
    assert opt.args == [advance.index]
    board.clear_overlays()
    assert board.preview_items == []
    assert not [i for i in board.scene().items() if i.data(0) == "preview"]


def test_9_1_forbidden_previews_listed_in_tooltips(qtbot: Any, board: BoardView, game: Game) -> None:
    previews = advice.maneuver_previews(game.state, "constitution")
    fake = dict(previews[0], legal=False, label="Tack", maneuver="tack", rule="9.1.4",
                why="only a ship Beating (F or G) may attempt to Tack", index=len(previews))
    board.show_maneuver_previews("constitution", previews + [fake])
    notes = [i for i in board.preview_items if i.data(0) == "forbidden"]
    assert len(notes) == 1 and "9.1.4" in notes[0].toolTip()
    # beside the form's numbered maneuvers, the note says what it counts ("1 not allowed" read as "maneuver 1")
    assert notes[0].text().endswith("maneuver not allowed") or notes[0].text().endswith("maneuvers not allowed")
    assert all("9.1.4" in i.toolTip() for i in board.preview_items if i.data(0) == "preview")


def test_11_firing_overlay_shows_arcs_rings_targets_and_rake(qtbot: Any, board: BoardView, game: Game) -> None:
    picture = advice.firing_picture(game.state, "constitution")
    (enemy,) = picture["enemies"]
    assert enemy["rake"] == "bow"  # Java heads west straight at Constitution, headings perpendicular
    board.show_firing(picture)
    kinds = [i.data(0) for i in board.firing_items]
    assert kinds.count("arcs") == 1 and "line_of_fire" in kinds and "sections" in kinds
    rings = sorted(i.data(1) for i in board.firing_items if i.data(0) == "ring")
    assert rings == [3, 6, 12, 24]
    target = next(i for i in board.firing_items if i.data(0) == "target")
    assert "RAKE" in target.text() and f"{enemy['mp']} MP" in target.text()
    sections = next(i for i in board.firing_items if i.data(0) == "sections")
    assert set(sections.sections) == {"port_bow", "starboard_bow"}
    assert sections.pos() == board.ship_items["java"].pos()
    board.clear_overlays()
    assert board.firing_items == []
    board.show_firing(picture)
    board.set_view(game.view("us"))  # a new position clears the old advice
    assert board.firing_items == []


def test_9_3_show_shift_draws_ghosts_and_caption(qtbot: Any, board: BoardView) -> None:
    board.show_shift(-2, 0, duration_ms=0)
    ghosts = [i for i in board.shift_items if i.data(0) == "shift"]
    assert len(ghosts) == 2
    for g in ghosts:
        assert g.old.x() - g.new.x() == 2 * SQUARE and g.old.y() == g.new.y()
    caption = next(i for i in board.shift_items if i.data(0) == "shift_caption")
    assert "9.3" in caption.text() and "2 squares west" in caption.text()
    board.clear_overlays()
    assert board.shift_items == []
    board.show_shift(0, 1, duration_ms=30)
    qtbot.waitUntil(lambda: board.shift_items == [], timeout=2000)


def test_zoom_changes_the_transform(qtbot: Any, board: BoardView) -> None:
    start = board.zoom_level()
    board.zoom_in()
    assert board.zoom_level() > start
    board.zoom_out()
    board.zoom_out()
    assert board.zoom_level() < start
    level = board.zoom_level()
    qtbot.keyClick(board, Qt.Key.Key_Plus)
    assert board.zoom_level() > level
    level = board.zoom_level()
    qtbot.keyClick(board, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
    assert board.zoom_level() < level
    board.fit_to_ships()
    visible = board.mapToScene(board.viewport().rect()).boundingRect()
    for item in board.ship_items.values():
        assert visible.contains(item.sceneBoundingRect())


def test_shipped_scenario_renders(qtbot: Any) -> None:
    scenario, ships = load_scenario_with_ships("scenarios/president-vs-belvidera-3-ship.json")
    game = Game(scenario, ships, seed=1, options={"bridge_cards": False, "bonus_cards": False})
    view = BoardView()
    qtbot.addWidget(view)
    view.resize(800, 600)
    view.set_view(game.view("gb"), names={k: c.name for k, c in ships.items()})
    assert set(view.ship_items) == set(game.state.ships)
    for sid, ship in game.state.ships.items():
        assert view.ship_items[sid].rotation() == heading_angle(ship.heading)
    view.fit_to_ships()
    image = view.grab().toImage()
    assert not image.isNull() and image.width() > 0


def test_board_arrow_keys_scroll_one_square_at_the_zoom(qtbot: Any, board: BoardView) -> None:
    board.zoom_in()
    board.zoom_in()
    step = int(SQUARE * board.zoom_level())
    assert step > 0
    h, v = board.horizontalScrollBar(), board.verticalScrollBar()
    h.setValue((h.minimum() + h.maximum()) // 2)
    v.setValue((v.minimum() + v.maximum()) // 2)
    x0, y0 = h.value(), v.value()
    qtbot.keyClick(board, Qt.Key.Key_Right)
    qtbot.keyClick(board, Qt.Key.Key_Down)
    assert (h.value(), v.value()) == (x0 + step, y0 + step)
    qtbot.keyClick(board, Qt.Key.Key_Left)
    qtbot.keyClick(board, Qt.Key.Key_Up)
    assert (h.value(), v.value()) == (x0, y0)
