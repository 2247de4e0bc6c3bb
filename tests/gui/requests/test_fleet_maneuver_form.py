"""Issue 14 item 2: the maneuver form asks only about the ships that have a choice (play/maneuver_form.py, drawn
by gui/requests/maneuver.py); a ship a fleet order answers shows one line, submits the order's answer (maneuver and
Strain) and can be taken back for the turn."""

from __future__ import annotations

import random
from typing import Any

from PySide6.QtWidgets import QLabel, QTableWidgetSelectionRange

from cs_desktop.gui import requests as rq
from cs_desktop.play.maneuver_form import describe_maneuver

from tests.gui.conftest import answer_with_widgets, click
from tests.gui.window.test_fleet_window import FLEET
from tests.gui.conftest import COMPUTER_TURN_GUARD_MS


def _to_our_maneuver(qtbot: Any, window: Any) -> Any:
    session = window.session
    for _ in range(60):
        qtbot.waitUntil(lambda: session.request() is not None and window.orders.widget is not None, timeout=COMPUTER_TURN_GUARD_MS)
        widget = window.orders.widget
        if isinstance(widget, rq.ManeuverWidget):
            return widget
        if isinstance(widget, rq.AssignCrewWidget):
            click(qtbot, widget.ok)  # the crew as drafted
            continue
        answer_with_widgets(qtbot, window, random.Random(1))
    raise AssertionError("no maneuver request")


def test_14_2_the_maneuver_form_asks_only_the_ships_with_a_choice(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    window.files.start_game(FLEET, {"us": "human", "gb": "simple"}, 4, {"fleet_rules": True, "turn_limit": 3})
    qtbot.waitUntil(lambda: window.dock_layout.fleet_list is not None and window.dock_layout.fleet_list.rowCount() == 24, timeout=COMPUTER_TURN_GUARD_MS)
    fleet = window.dock_layout.fleet_list
    fleet.clearSelection()
    fleet.setRangeSelected(QTableWidgetSelectionRange(0, 0, 5, 0), True)  # six of our twelve, in list order
    line = fleet.selected_ships()
    assert len(line) == 6
    panel = window.docks["fleet"].widget()
    click(qtbot, panel.buttons["line"])
    widget = _to_our_maneuver(qtbot, window)
    request = widget.request
    rows = {r.ship_id: r for r in window.session.forms.maneuver_form()}
    assert set(rows) == set(request.ships)
    leader = line[0]
    assert rows[leader].asked and "leads the line ahead" in rows[leader].note
    followers = [s for s in line[1:] if not rows[s].asked]
    assert followers, "the line answers at least one follower"
    others = [s for s in request.ships if s not in line]
    assert all(rows[s].asked or rows[s].why == "the only legal maneuver" for s in others)
    # the form: a box for each ship asked, one line for each answered
    for sid, row in rows.items():
        assert (sid in widget.rows) == row.asked and (sid in widget.answered) == (not row.asked)
    s = followers[0]
    name = window.session.screen().ship_name(s)
    summary = widget.findChild(QLabel, f"{s}-summary")
    assert summary.text() == f"{name}: line ahead — {describe_maneuver(rows[s].answer)}"
    # what is submitted for her is the order's answer, base maneuver and Strain
    assert widget.answer()[s] == rows[s].answer
    # taken back: her choice is shown, set to the order's answer; the player may change it
    take = widget.answered[s][2]
    click(qtbot, take)
    assert s in widget.rows and s not in widget.answered
    assert widget.answer()[s] == rows[s].answer
    radios = [rb for rb, _k in widget.rows[s]["radios"] if not rb.isChecked()]
    if radios:
        click(qtbot, radios[0])
        assert widget.answer()[s] != rows[s].answer
    # the rest still stand under the line; submitting sends their answers
    expected = {t: rows[t].answer for t in followers[1:]}
    answer = widget.answer()
    assert all(answer[t] == a for t, a in expected.items())
    click(qtbot, widget.ok)
    sent = [d for d in window.session.presenter.game.decisions if d["kind"] == "select_maneuver" and d["side"] == "us"]
    assert sent and sent[-1]["answer"][s] != rows[s].answer
    assert all(sent[-1]["answer"][t] == a for t, a in expected.items())
