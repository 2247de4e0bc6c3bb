"""Islands and shoals on the board (issue 14 item 1; rulings R9.1e, R9.1f, R9.3i): drawn from the side's view
under the ships, one outline a kind, squares shifted off the board left out; a view at open sea draws none;
the legend names both; a ship aground says so in her tooltip."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor

from cs_desktop import SCENARIOS
from cs_desktop.formats.files import load_scenario_with_ships
from cs_desktop.gui.board import BoardView
from cs_desktop.gui.board.paint import SQUARE, Z_SHIP, Z_SMOKE, square_center
from cs_desktop.gui.board.terrain import LAND, terrain_squares
from cs_desktop.rules.game import Game

from tests.rules.harness import duel


def _board(qtbot: Any, view: dict[str, Any], names: dict[str, str]) -> BoardView:
    board = BoardView()
    qtbot.addWidget(board)
    board.resize(900, 600)
    board.show()
    qtbot.waitExposed(board)
    board.set_view(view, names=names)
    return board


def test_terrain_is_drawn_from_the_view_under_the_ships(qtbot: Any) -> None:
    scenario, ships = load_scenario_with_ships(SCENARIOS / "fleets" / "frigates-among-the-shoals.json")
    game = Game(scenario, ships, 1, {})
    game.state.ships["galatea"].aground = True
    view = game.view("gb")
    board = _board(qtbot, view, {k: c.name for k, c in game.cards.items()})
    kinds = {item.kind: item for item in board.terrain_items}
    assert set(kinds) == {"island", "shoal"}
    want = terrain_squares(view, (32, 24))
    assert kinds["island"].squares == sorted(want["island"]) and (15, 10) in kinds["island"].squares
    assert all(item.zValue() < Z_SMOKE < Z_SHIP for item in board.terrain_items)
    assert kinds["shoal"].zValue() < kinds["island"].zValue()
    assert "No ship may enter" in kinds["island"].toolTip() and "aground" in kinds["shoal"].toolTip()
    assert "aground" in board.ship_items["galatea"].toolTip()
    # the island's square is painted in land colour (a pixel off the scrub patch, inside the shore line)
    image = board.grab().toImage()
    point = board.mapFromScene(square_center(15, 10) + QPointF(SQUARE * 0.38, -SQUARE * 0.38))
    pixel = QColor(image.pixel(point))
    assert abs(pixel.red() - LAND.red()) < 30 and abs(pixel.blue() - LAND.blue()) < 30, pixel.name()


def test_open_sea_draws_no_terrain_and_squares_off_the_board_are_left_out(qtbot: Any) -> None:
    game = duel()
    board = _board(qtbot, game.view("us"), {k: c.name for k, c in game.cards.items()})
    assert board.terrain_items == []
    view = game.view("us")
    view["terrain"] = [[-1, 3, "shoal"], [5, 5, "island"], [40, 2, "island"]]
    board.set_view(view)
    assert [(i.kind, i.squares) for i in board.terrain_items] == [("island", [(5, 5)])]


def test_the_legend_names_islands_and_shoals() -> None:
    from cs_desktop.gui.board.legend import ENTRIES

    text = " | ".join(words for _kind, _color, words in ENTRIES)
    assert "island" in text and "shoal" in text and "R9.1e" in text and "R9.1f" in text


def test_r11_4_6b_the_arc_shading_leaves_out_land_and_what_lies_behind_it(qtbot: Any) -> None:
    """The board shades the arcs of the firing picture the player's own view gives (play.fair_advice, the
    engine's advice and its line-of-fire check): no shaded square on the island at (12,12) nor behind it."""
    from cs_desktop.gui.board.overlays import ArcItem
    from cs_desktop.play.fair_advice import FairAdvice

    from tests.rules.fighting_kit import ready

    game = ready(a=(10, 12, 1), b=(14, 12, 1), terrain=[{"kind": "island", "squares": [[12, 12]]}])
    view = game.view("us")
    board = _board(qtbot, view, {k: c.name for k, c in game.cards.items()})
    board.show_firing(FairAdvice(view, game.cards).firing_picture("constitution"))
    (arcs,) = [item for item in board.firing_items if isinstance(item, ArcItem)]
    shaded = {(int(r.x() // SQUARE), int(r.y() // SQUARE)) for _colour, rects in arcs.fills for r in rects}
    assert (11, 12) in shaded and (12, 11) in shaded
    assert not {(12, 12), (13, 12), (14, 12), (15, 12)} & shaded


def _marks(board: BoardView, kind: str) -> list[Any]:
    from cs_desktop.gui.board.paint import KIND

    return [item for item in board.scene().items() if item.data(KIND) == kind]


def test_r9_1f_a_ship_aground_carries_a_mark_on_her_token_and_says_so_in_her_name(qtbot: Any) -> None:
    scenario, ships = load_scenario_with_ships(SCENARIOS / "fleets" / "frigates-among-the-shoals.json")
    game = Game(scenario, ships, 1, {})
    board = _board(qtbot, game.view("gb"), {k: c.name for k, c in game.cards.items()})
    assert _marks(board, "aground") == [] and "aground" not in board.name_labels["galatea"].full_text
    game.state.ships["galatea"].aground = True
    board.set_view(game.view("gb"))
    (mark,) = _marks(board, "aground")
    token = board.ship_items["galatea"]
    assert mark.data(1) == "galatea" and (mark.pos() - token.pos()).manhattanLength() < SQUARE
    assert mark.zValue() > token.zValue() and "R9.1f" in mark.toolTip() and "R17.0a" in mark.toolTip()
    assert board.name_labels["galatea"].full_text.endswith("(aground)")
    # the badge is drawn: its sand colour shows on the token's corner
    image = board.grab().toImage()
    pixel = QColor(image.pixel(board.mapFromScene(mark.pos() + QPointF(0, -SQUARE * 0.1))))
    assert pixel.red() > 180 and pixel.green() > 160 and pixel.blue() < 190, pixel.name()
    game.state.ships["galatea"].aground = False  # afloat again (R17.0a): the mark goes
    board.set_view(game.view("gb"))
    assert _marks(board, "aground") == []


def test_the_legend_explains_the_aground_mark_and_the_prize_flag(qtbot: Any) -> None:
    from cs_desktop.gui.board.legend import ENTRIES, LegendPanel

    words = {kind: text for kind, _colour, text in ENTRIES}
    assert "aground" in words["aground"] and "R9.1f" in words["aground"]
    assert "prize" in words["prize"] and "R18.0k" in words["prize"]
    panel = LegendPanel()
    qtbot.addWidget(panel)
    panel.resize(panel.sizeHint())
    image = panel.grab().toImage()  # each swatch drawn: the aground row shows the badge's sand
    row = [k for k, (kind, _c, _t) in enumerate(ENTRIES) if kind == "aground"][0]
    colours = {QColor(image.pixel(x, 4 + row * 19 + y)).name() for x in range(8, 34) for y in range(3, 16)}
    assert any(QColor(c).red() > 200 and QColor(c).blue() < 180 for c in colours), colours
