"""The scenario designer and the New Game dialog with more than two sides (issue 14; rulings R6.0a-R21.1a).

API tested: SideTables.add_side / remove_side (scenario_more_sides.side_box, new_side), the New Game dialog's
seat boxes (seat_choice.seat_combo) for the three-sided what-if, the board's colours for three sides
(board_paint.side_color_key), the Balance button.
Actions: add a third and a fourth side, one more (refused), remove one, undo; save and reopen; choose the
three-sided scenario in New Game and seat each side; draw a three-sided game's board.
Expected: a box per side, each bound to its side (name, ships); the saved scenario has the sides added, its
first ships on free squares with the wind on the beam; every side gets a seat box that may be a person or a
captain; three sides wear three colours even when two share a nation.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QComboBox, QGroupBox, QLineEdit, QPushButton

import cs_desktop
from cs_desktop.formats.files import load_scenario_with_ships
from cs_desktop.gui.board.paint import nation_colors, side_color_key
from cs_desktop.play.seating import HUMAN
from cs_desktop.rules.cards import MAX_SIDES
from tests.gui.editors.designer_kit import designer

THREE = cs_desktop.SCENARIOS / "fleets" / "three-flags-off-guadeloupe.json"


def test_R6_0a_the_designer_adds_a_third_and_fourth_side_and_saves_them(qtbot: Any, lib: Any) -> None:
    d = designer(qtbot, lib)
    add = d.findChild(QPushButton, "add_side")
    remove = d.findChild(QPushButton, "remove_side")
    assert add.isEnabled() and not remove.isEnabled()
    add.click()
    assert len(d.doc.get(("sides",))) == 3
    box = d.findChild(QGroupBox, "side:2")
    assert box is not None and box.isVisible() and "Side 3" in box.title()
    name = d.findChild(QLineEdit, "side:2:name")
    name.setText("Armée navale")
    assert d.doc.get(("sides", 2, "name")) == "Armée navale"
    d.sides.add_ship(2)
    assert len(d.doc.get(("sides", 2, "ships"))) == 2
    add.click()
    assert len(d.doc.get(("sides",))) == MAX_SIDES and not add.isEnabled()
    d.sides.add_side()  # one more: refused
    assert len(d.doc.get(("sides",))) == MAX_SIDES and "at most" in d.status.text()
    remove.click()
    assert len(d.doc.get(("sides",))) == 3 and not d.findChild(QGroupBox, "side:3").isVisible()
    d.stack.undo()
    assert len(d.doc.get(("sides",))) == MAX_SIDES and d.findChild(QGroupBox, "side:3").isVisible()
    d.stack.undo()  # the fourth side's adding
    d.refresh()
    assert d.scenario is not None, d.problems
    assert not d.balance_button.isEnabled()  # the balance check weighs two sides
    lab, spin = d.bids[2]
    assert spin.isVisible() and "Armée navale grants" in lab.text() and not d.bids[3][1].isVisible()
    spin.setValue(7)  # R20.1m: a third side's bid
    assert d.doc.get(("options", "bid"))[d.doc.get(("sides", 2, "id"))] == 7
    squares = [tuple(s["start"]) if isinstance(s["start"], list) else s["start"]
               for side in d.doc.get(("sides",)) for s in side["ships"]]
    assert len(set(squares)) == len(squares)  # every ship on her own square
    d.id_edit.setText("three-test")
    assert d.save(), d.status.text()
    scenario, _ = lib.get_scenario_with_ships("three-test")
    assert [s.name for s in scenario.sides][2] == "Armée navale" and len(scenario.sides[2].ships) == 2
    assert scenario.options.bid[scenario.sides[2].id] == 7


def test_R6_0a_the_designer_opens_the_three_sided_what_if(qtbot: Any, lib: Any) -> None:
    scenario, _ships = load_scenario_with_ships(THREE)
    d = designer(qtbot, lib, scenario.id)  # shipped, so in the library since issue 28 (opened as new: id taken)
    assert d.scenario is not None and len(d.scenario.sides) == 3, d.problems
    assert d.findChild(QGroupBox, "side:2").isVisible()
    assert d.findChild(QLineEdit, "side:2:id").text() == "gb"
    assert "Royal Navy" in d.terms_label.text() and d.sides.sides[2].stats.text().startswith("FP ")


def test_R6_0a_new_game_seats_every_side_as_a_person_or_a_captain(qtbot: Any, lib: Any) -> None:
    from cs_desktop.gui.dialogs.new_game import NewGameDialog

    dlg = NewGameDialog(None)
    qtbot.addWidget(dlg)
    assert dlg.add_scenario_file(THREE) is True
    assert set(dlg.seat_boxes) == {"us", "fr", "gb"}
    for side, box in dlg.seat_boxes.items():
        assert isinstance(box, QComboBox) and box.findData(HUMAN) >= 0 and box.findData("simple") >= 0, side
    dlg.set_seat("gb", HUMAN)
    dlg.set_seat("fr", "simple")
    seats = dlg.choice()["seats"]
    assert seats["gb"] == HUMAN and seats["fr"] == "simple" and seats["us"] == HUMAN


def test_R6_0a_three_sides_wear_three_colours_on_the_board() -> None:
    sides = {"a": {"nation": "US"}, "b": {"nation": "GB"}, "c": {"nation": "US"}}
    keys = [side_color_key(sides, s) for s in sides]
    assert keys == ["US", "GB", "side:2"]
    fills = {nation_colors(k)[0].name() for k in keys}
    assert len(fills) == 3
    assert side_color_key({"a": {"nation": "US"}, "b": {"nation": "US"}}, "b") == "US"  # two sides: as before


def test_R6_0a_a_three_sided_game_draws_without_error(qtbot: Any) -> None:
    from cs_desktop.gui.board import BoardView
    from cs_desktop.rules.game import Game

    scenario, ships = load_scenario_with_ships(THREE)
    game = Game(scenario, ships, 3, {"turn_limit": 3})
    view = BoardView()
    qtbot.addWidget(view)
    while game.pending:
        r = game.pending[0]
        from cs_desktop.ai.random_policy import RandomCaptain
        from cs_desktop.ai.seat import Seat

        game.submit(r.side, RandomCaptain(1).choose(Seat(game, r)))
        if len(game.events) % 50 == 0:
            view.set_view(game.view("us"), {sid: s.card.name for sid, s in game.state.ships.items()})
    view.set_view(game.view(None), {sid: s.card.name for sid, s in game.state.ships.items()})
    assert game.ended


def test_21_1_R21_1a_the_relativity_note_knows_three_ships_of_three_sides() -> None:
    from cs_desktop.gui.editors.scenario_more_sides import relativity_hint

    one = {"ships": [{}]}
    assert "Fractional Relativity (21.1, R21.1a)" in relativity_hint([one, one, one], "standard")
    assert relativity_hint([one, one, one], "fractional") == ""
    assert relativity_hint([one, one], "fractional").startswith("One ship a side")  # a duel: as before
    assert relativity_hint([{"ships": [{}, {}]}, one], "standard").startswith("A side has several ships")


def test_9_0_R6_0c_the_move_order_choice_names_the_sides_in_the_order_they_would_move() -> None:
    from cs_desktop.gui.requests.base import MOVE_ORDER_LABELS, option_label
    from cs_desktop.rules.decisions import Request

    class Session:  # the one thing option_label asks of the session here
        def side_name(self, side: str | None) -> str:
            return {"us": "United States Navy", "fr": "French Navy", "gb": "Royal Navy"}[str(side)]

    options = ("initiative_first", "non_initiative_first")
    three = Request("move_order", "gb", "8.0", "?", options=options, info={"order": ["us", "fr", "gb"]})
    session: Any = Session()
    assert option_label(three, "initiative_first", session) == (
        "Down the initiative order: Royal Navy, then French Navy, then United States Navy")
    assert option_label(three, "non_initiative_first", session).startswith("Up the initiative order: United States")
    two = Request("move_order", "gb", "8.0", "?", options=options)
    assert option_label(two, "initiative_first", session) == MOVE_ORDER_LABELS["initiative_first"]  # as before
