"""A fleet board you can read while firing (issue 28, item 6): at a fire step of the 12-a-side and of Lake Erie
(24 and 15 ships), for every ship of the side firing, the firing picture's callouts (one per enemy in range, the
range rings' labels, the out-of-range note) never cover a ship's token, a ship's name or another callout; a
callout set away from her target is joined to it by a leader line; one with no clear spot is hidden and its words
stay on the line of fire's tooltip.

API tested: BoardView.set_view, fit_to_map, zoom_in, show_firing (board_advice) on the real scene; the
placement rule is label_spots.best_spot (tests/gui/board/test_label_spots.py).
Actions: drive each battle to its first fire request; show each firer's picture at three board sizes, two zooms.
Expected: no intersection among the item rectangles named above; most callouts shown.
"""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QGraphicsLineItem

import cs_desktop
from cs_desktop.formats.files import load_scenario_with_ships
from cs_desktop.gui.board import BoardView
from cs_desktop.gui.board.items import LabelItem
from cs_desktop.gui.board.paint import KIND, PAYLOAD
from cs_desktop.gui.board.overlays import LineOfFireItem
from cs_desktop.play.designations import designations
from cs_desktop.rules import advice
from cs_desktop.rules.game import Game
from tests.rules.harness import drive

CALLOUTS = ("target", "ring", "out_of_range")


def _at_fire(name: str, seed: int) -> Game:
    scenario, ships = load_scenario_with_ships(cs_desktop.SCENARIOS / "fleets" / name)
    game = Game(scenario, ships, seed, {"fleet_rules": True})
    return drive(game, until=lambda g: any(r.kind == "fire" for r in g.pending))


def _clashes(board: BoardView) -> list[str]:
    """Every callout that meets a token, a shown ship's name or another callout, by what it meets."""
    z = board.zoom_level()
    tokens = dict(zip(board.ship_items, board.scene_builder.token_rects(), strict=True))
    names = {sid: lab.footprint(z) for sid, lab in board.name_labels.items() if lab.isVisible()}
    callouts = [i for i in board.scene().items()
                if isinstance(i, LabelItem) and i.isVisible() and i.data(KIND) in CALLOUTS]
    found = []
    for k, lab in enumerate(callouts):
        fp = lab.footprint(z)
        found += [f"{lab.text()!r} over {sid}'s token" for sid, r in tokens.items() if fp.intersects(r)]
        found += [f"{lab.text()!r} over {sid}'s name" for sid, r in names.items() if fp.intersects(r)]
        found += [f"{lab.text()!r} over {o.text()!r}" for o in callouts[k + 1:] if fp.intersects(o.footprint(z))]
    return found


def _check_leaders(board: BoardView) -> None:
    """A shown callout that does not sit by its target has a line from her token to it."""
    z = board.zoom_level()
    lines = {i.data(PAYLOAD): i.line() for i in board.scene().items()
             if isinstance(i, QGraphicsLineItem) and i.data(KIND) == "callout_leader"}
    for lab in board.scene().items():
        if not (isinstance(lab, LabelItem) and lab.isVisible() and lab.data(KIND) == "target"):
            continue
        home = board.ship_items[lab.data(PAYLOAD)].home
        fp = lab.footprint(z)
        near = QRectF(fp).adjusted(-30 / z, -30 / z, 30 / z, 30 / z).contains(home)
        if lab.data(PAYLOAD) in lines:
            assert fp.adjusted(-0.01, -0.01, 0.01, 0.01).contains(lines[lab.data(PAYLOAD)].p2())
        else:
            assert near, f"{lab.text()!r} is far from her token with no line to it"


@pytest.mark.parametrize("scenario,seed", [("frigate-fleets-12-a-side.json", 3), ("frigate-fleets-12-a-side.json", 5),
                                           ("lake-erie.json", 3), ("lake-erie.json", 4)])
def test_fire_step_callouts_never_cover_a_token_a_name_or_each_other(qtbot: Any, scenario: str,
                                                                     seed: int) -> None:
    game = _at_fire(scenario, seed)
    request = next(r for r in game.pending if r.kind == "fire")
    assert len(game.state.ships) >= 15 and request.ships
    view = game.view(request.side)
    for size in ((700, 520), (480, 690), (900, 600)):
        board = BoardView()
        qtbot.addWidget(board)
        board.resize(*size)
        board.show()
        qtbot.waitExposed(board)
        board.set_view(view, designations(view, game.cards))
        board.camera.fit_to_map()
        for zoom_steps in (0, 2):
            for _ in range(zoom_steps):
                board.zoom_in()
            shown = hidden = 0
            for firer in request.ships:
                board.clear_overlays()
                picture = advice.firing_picture(game.state, firer)
                board.show_firing(picture)
                assert _clashes(board) == [], (size, zoom_steps, firer)
                _check_leaders(board)
                labels = [i for i in board.scene().items() if isinstance(i, LabelItem) and i.data(KIND) == "target"]
                shown += sum(lab.isVisible() for lab in labels)
                hidden += sum(not lab.isVisible() for lab in labels)
                fire_lines = [i for i in board.scene().items() if isinstance(i, LineOfFireItem)]
                for lab in labels:  # a hidden callout's words stay on its line of fire
                    assert any(line.toolTip().startswith(board.scene_builder.ship_name(lab.data(PAYLOAD)) + ":")
                               for line in fire_lines)
            assert shown >= 4 * hidden and shown > 0, (size, zoom_steps, shown, hidden)
