"""The firing picture in a fleet (11.2): a callout for each enemy within long range (one line each when there are
more than two, the rest in its tooltip), and one note by the firer for all those beyond it, instead of a callout
each (which in a 12-a-side battle piled up over the ships)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cs_desktop.formats.files import load_scenario_with_ships
from cs_desktop.gui.board import BoardView
from cs_desktop.gui.board.items import LabelItem
from cs_desktop.rules import advice
from cs_desktop.rules.game import Game
from tests.rules.harness import at, drive, duel

FLEET = Path(__file__).resolve().parents[3] / "scenarios" / "fleets" / "frigate-fleets-12-a-side.json"


def _board(qtbot: Any, game: Game) -> BoardView:
    view = BoardView()
    qtbot.addWidget(view)
    view.resize(900, 600)
    view.show()
    qtbot.waitExposed(view)
    view.set_view(game.view("us"), names={k: c.name for k, c in game.cards.items()})
    return view


def _labels(board: BoardView, kind: str) -> list[LabelItem]:
    return [i for i in board.scene().items() if isinstance(i, LabelItem) and i.data(0) == kind]


def test_11_2_a_fleets_enemies_beyond_long_range_share_one_note(qtbot: Any) -> None:
    scenario, ships = load_scenario_with_ships(FLEET)
    game = drive(Game(scenario, ships, 4, {"fleet_rules": True}), until=at("fire", "us"))
    firer = next(iter(game.pending[0].ships or {}))
    picture = advice.firing_picture(game.state, firer)
    far = [e["target"] for e in picture["enemies"] if e.get("out_of_range")]
    near = [e["target"] for e in picture["enemies"] if not e.get("out_of_range")]
    assert far and near and all(e["mp"] > 24 for e in picture["enemies"] if e["target"] in far)
    board = _board(qtbot, game)
    board.show_firing(picture)
    callouts = _labels(board, "target")
    assert sorted(lab.data(1) for lab in callouts) == sorted(near)
    if len(near) > 2:  # several callouts: one line each, the whole of it in the tooltip
        for lab in callouts:
            assert "\n" not in lab.text() and lab.text().startswith(f"{board.scene_builder.ship_name(lab.data(1))}: ")
            assert lab.toolTip().startswith(lab.text().split(",")[0]) and "\n" in lab.toolTip()
    [note] = _labels(board, "out_of_range")
    assert note.text() == f"{len(far)} enemies out of range (more than 24 MP, 11.2)"
    assert sorted(note.data(1)) == sorted(far)
    assert all(board.scene_builder.ship_name(t) in note.toolTip() for t in far)
    assert board.sceneRect().contains(note.footprint(board.zoom_level()))


def test_11_2_a_duels_one_enemy_out_of_range_keeps_her_callout(qtbot: Any) -> None:
    game = drive(duel(a=(2, 2, 3), b=(30, 20, 7)), until=lambda g: g.state.segment == "select")
    picture = advice.firing_picture(game.state, "constitution")
    assert [e.get("out_of_range") for e in picture["enemies"]] == [True]
    board = _board(qtbot, game)
    board.show_firing(picture)
    [callout] = _labels(board, "target")
    assert "out of range (more than 24 MP, 11.2)" in callout.text()
    assert _labels(board, "out_of_range") == []
