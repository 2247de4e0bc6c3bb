"""Every scenario reachable (issue 28 item 5) in the window: the New Game dialog lists the duels, squadron actions
and what-ifs under their headings (not selectable), each with its ship count and sides; the balance lab lists
them all, the duels ticked."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt

from cs_desktop.gui.lab.balance_lab import BalanceLab
from cs_desktop.gui.dialogs.new_game import NewGameDialog


def test_28_5_new_game_lists_every_group(qtbot: Any) -> None:
    dlg = NewGameDialog()
    qtbot.addWidget(dlg)
    headings = [i for i, (_p, sc) in enumerate(dlg.scenarios) if sc is None]
    assert [dlg.list.item(i).text() for i in headings] == ["Duels", "Squadron actions", "What-ifs"]
    assert all(dlg.list.item(i).flags() == Qt.ItemFlag.NoItemFlags for i in headings)
    assert dlg.scenarios[dlg.list.currentRow()][1] is not None and dlg.ok_button.isEnabled()
    erie = next(i for i, (p, _s) in enumerate(dlg.scenarios) if p.name == "lake-erie.json")
    assert "15 ships, US 9 v GB 6; fleet rules" in dlg.list.item(erie).text()
    dlg.list.setCurrentRow(erie)
    assert dlg.ok_button.isEnabled() and dlg.fleet_rules.isChecked() and set(dlg.seat_boxes) == {"us", "gb"}
    assert dlg.choice()["path"].name == "lake-erie.json"
    twelve = [p.name for p, _s in dlg.scenarios]
    assert "frigate-fleets-12-a-side.json" in twelve and "three-flags-off-guadeloupe.json" in twelve


def test_28_5_the_balance_lab_lists_every_scenario(qtbot: Any) -> None:
    lab = BalanceLab()
    qtbot.addWidget(lab)
    items = {Path(lab.scenarios.item(i).data(Qt.ItemDataRole.UserRole)).stem: lab.scenarios.item(i)
             for i in range(lab.scenarios.count())}
    assert {"lake-erie", "lake-champlain", "frigate-fleets-12-a-side", "constitution-vs-java"} <= set(items)
    assert items["constitution-vs-java"].checkState() == Qt.CheckState.Checked
    assert items["lake-erie"].checkState() == Qt.CheckState.Unchecked
    assert items["lake-erie"].text().startswith("Squadron action: Lake Erie")
