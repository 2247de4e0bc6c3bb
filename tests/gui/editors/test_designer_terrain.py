"""The scenario designer's terrain tool (issue 14; rulings R2.0e, R9.1e, R9.1f): islands and shoals placed by
clicking squares of the board preview, undone and redone, validated, saved in the scenario file.

API tested: ScenarioDesigner.terrain_tool (scenario_terrain.TerrainTool), its tool buttons, the preview's clicks,
save(); scenario_terrain.with_square.
Actions: pick "Island", click three squares of the preview with the mouse, "Shoal" on one more and on a ship's
token, click an island again; undo and redo; an island under a ship's start square; save; read the library's
stored bytes and the exported file; reopen.
Expected: each click one undo step; the squares are the scenario's `terrain` and are drawn on the preview; an
island under a ship is a problem naming her start (R2.0e) and blocks the save; a shoal under her is allowed;
the stored scenario carries exactly the squares clicked; a scenario at open sea stores no `terrain` key.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPoint, Qt

from cs_desktop.gui.board.paint import square_center
from cs_desktop.gui.editors.scenario_designer import ScenarioDesigner
from cs_desktop.gui.editors.scenario_terrain import AREA_MOST, with_square
from tests.gui.editors.designer_kit import designer


def click_square(qtbot: Any, d: ScenarioDesigner, x: int, y: int) -> None:
    board = d.board
    point: QPoint = board.mapFromScene(square_center(x, y))
    qtbot.mouseClick(board.viewport(), Qt.MouseButton.LeftButton, pos=point)


def squares(d: ScenarioDesigner) -> dict[tuple[int, int], str]:
    return {(x, y): area["kind"] for area in d.doc.data.get("terrain", []) for x, y in area["squares"]}


def stored(lib_path: Path, scenario_id: str) -> dict[str, Any]:
    with sqlite3.connect(lib_path) as db:
        (text,) = db.execute("SELECT card_json FROM scenarios WHERE id = ?", (scenario_id,)).fetchone()
    data: dict[str, Any] = json.loads(text)
    return data


def test_islands_and_shoals_are_clicked_on_the_preview_undone_and_saved(qtbot: Any, lib: Any,
                                                                         tmp_path: Path) -> None:
    d = designer(qtbot, lib)
    assert "terrain" not in d.doc.data and d.terrain_tool.tool() == "ships"
    click_square(qtbot, d, 15, 10)  # no tool: a click changes nothing
    assert squares(d) == {} and d.stack.count() == 0
    qtbot.mouseClick(d.terrain_tool.buttons["island"], Qt.MouseButton.LeftButton)
    for sq in ((15, 10), (16, 10), (15, 11)):
        click_square(qtbot, d, *sq)
    assert squares(d) == {(15, 10): "island", (16, 10): "island", (15, 11): "island"}
    assert d.stack.count() == 3 and d.stack.undoText() == "Make [15, 11] an island"
    qtbot.mouseClick(d.terrain_tool.buttons["shoal"], Qt.MouseButton.LeftButton)
    click_square(qtbot, d, 14, 10)
    qtbot.mouseClick(d.board.viewport(), Qt.MouseButton.LeftButton,
                     pos=d.board.mapFromScene(d.board.ship_items["java"].pos()))  # her token: her square B (22,12)
    assert squares(d)[(14, 10)] == "shoal" and squares(d)[(22, 12)] == "shoal"
    assert d.problems == []  # a ship may start on a shoal (R2.0e)
    # drawn on the preview, from the set-up's own view
    drawn = {item.kind: set(item.squares) for item in d.board.terrain_items}
    assert drawn == {"island": {(15, 10), (16, 10), (15, 11)}, "shoal": {(14, 10), (22, 12)}}
    assert d.terrain_tool.count.text().startswith("3 island squares and 2 shoal squares")

    qtbot.mouseClick(d.terrain_tool.buttons["island"], Qt.MouseButton.LeftButton)
    click_square(qtbot, d, 16, 10)  # an island clicked again with the island tool: open sea
    assert (16, 10) not in squares(d)
    d.stack.undo()
    assert squares(d)[(16, 10)] == "island"
    d.stack.redo()
    assert (16, 10) not in squares(d)

    # an island under Constitution's start square A (10,12): a problem under her side's ships, no save
    click_square(qtbot, d, 10, 12)
    assert squares(d)[(10, 12)] == "island"
    assert [p for p, _m in d.problems] == ["sides[0].ships[0].start"]
    assert "island" in d.problem_for("sides[0].ships") and "R9.1e" in d.problem_for("sides[0].ships")
    assert not d.save() and not d.play_button.isEnabled()
    assert {item.kind: set(item.squares) for item in d.board.terrain_items}["island"] >= {(10, 12)}
    d.stack.undo()
    assert d.problems == []

    d.id_edit.setText("java-among-cays")
    assert d.save()
    want = {(15, 10): "island", (15, 11): "island", (14, 10): "shoal", (22, 12): "shoal"}
    data = stored(tmp_path / "lib.sqlite3", "java-among-cays")
    assert {(x, y): a["kind"] for a in data["terrain"] for x, y in a["squares"]} == want
    out = lib.files.export_scenario("java-among-cays", tmp_path / "out.json", inline_ships=False)
    exported = json.loads(out.read_bytes())
    assert {(x, y): a["kind"] for a in exported["terrain"] for x, y in a["squares"]} == want
    again = designer(qtbot, lib, "java-among-cays")
    assert squares(again) == want and again.problems == []


def test_undo_of_the_first_square_gives_back_a_scenario_at_open_sea(qtbot: Any, lib: Any, tmp_path: Path) -> None:
    d = designer(qtbot, lib)
    d.terrain_tool.set_tool("shoal")
    click_square(qtbot, d, 12, 5)
    assert squares(d) == {(12, 5): "shoal"}
    d.stack.undo()
    assert "terrain" not in d.doc.data and d.problems == [] and d.board.terrain_items == []
    d.stack.redo()
    d.terrain_tool.set_tool("sea")
    click_square(qtbot, d, 12, 5)
    assert squares(d) == {} and d.problems == []
    d.id_edit.setText("open-sea-again")
    assert d.save()
    assert "terrain" not in stored(tmp_path / "lib.sqlite3", "open-sea-again")


def test_terrain_off_the_map_in_a_loaded_file_is_shown_under_the_tools(qtbot: Any, lib: Any) -> None:
    d = designer(qtbot, lib)
    d.edit(("terrain",), [{"kind": "island", "name": "", "squares": [[40, 3]]}], "terrain")
    assert d.problems and d.problems[0][0] == "terrain[0].squares[0]"
    assert "off the map" in d.problem_for("terrain")
    qtbot.mouseClick(d.terrain_tool.clear_button, Qt.MouseButton.LeftButton)
    assert d.problems == [] and d.doc.data["terrain"] == []


def test_a_new_square_joins_the_area_it_touches_and_a_named_cay_keeps_its_name() -> None:
    cay = {"kind": "island", "name": "Cay Verde", "squares": [[5, 5]]}
    terrain = with_square([cay], (5, 6), "island")
    assert terrain == [{"kind": "island", "name": "Cay Verde", "squares": [[5, 5], [5, 6]]}]
    far = with_square(terrain, (20, 3), "island")  # not touching the cay: an unnamed area of its own
    assert far[0]["squares"] == [[5, 5], [5, 6]] and far[1] == {"kind": "island", "name": "", "squares": [[20, 3]]}
    assert with_square(far, (21, 9), "island")[1]["squares"] == [[20, 3], [21, 9]]  # unnamed areas gather
    assert with_square(far, (20, 3), None) == terrain  # the area left empty goes
    assert with_square(far, (5, 6), "shoal")[-1] == {"kind": "shoal", "name": "", "squares": [[5, 6]]}
    full = [{"kind": "shoal", "name": "", "squares": [[i % 32, i // 32] for i in range(AREA_MOST)]}]
    assert len(with_square(full, (0, 20), "shoal")) == 2  # an area holds at most 200 squares (TerrainArea)


def drag(qtbot: Any, d: ScenarioDesigner, path: list[tuple[int, int]]) -> None:
    viewport = d.board.viewport()
    points = [d.board.mapFromScene(square_center(x, y)) for x, y in path]
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=points[0])
    for p in points[1:]:
        qtbot.mouseMove(viewport, pos=p)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=points[-1])


def test_a_drag_paints_a_coast_in_one_undo_step_and_a_drag_from_land_takes_land_off(qtbot: Any, lib: Any) -> None:
    d = designer(qtbot, lib)
    d.terrain_tool.set_tool("shoal")
    click_square(qtbot, d, 7, 6)
    d.terrain_tool.set_tool("island")
    scroll = (d.board.horizontalScrollBar().value(), d.board.verticalScrollBar().value())
    drag(qtbot, d, [(5, 5), (6, 5), (7, 5), (7, 6), (7, 7)])
    assert squares(d) == {(5, 5): "island", (6, 5): "island", (7, 5): "island", (7, 6): "island",
                          (7, 7): "island"}
    assert d.stack.count() == 2 and d.stack.undoText() == "Paint 5 island squares"
    assert (d.board.horizontalScrollBar().value(), d.board.verticalScrollBar().value()) == scroll  # no panning
    d.stack.undo()
    assert squares(d) == {(7, 6): "shoal"}
    d.stack.redo()
    d.terrain_tool.set_tool("shoal")
    drag(qtbot, d, [(7, 8), (7, 7), (7, 6), (8, 6)])  # starts at sea: shoal over the island squares it crosses
    assert squares(d)[(7, 7)] == "shoal" and squares(d)[(8, 6)] == "shoal" and squares(d)[(7, 8)] == "shoal"
    d.terrain_tool.set_tool("island")
    drag(qtbot, d, [(5, 5), (6, 5), (7, 5), (7, 6), (7, 7)])  # starts on land: takes land off, leaves the shoals
    assert squares(d) == {(7, 6): "shoal", (7, 7): "shoal", (7, 8): "shoal", (8, 6): "shoal"}
    assert d.stack.undoText() == "Make 3 squares open sea"
    d.terrain_tool.set_tool("ships")  # no tool: the left button pans again and paints nothing
    drag(qtbot, d, [(2, 2), (3, 2)])
    assert squares(d) == {(7, 6): "shoal", (7, 7): "shoal", (7, 8): "shoal", (8, 6): "shoal"}
