"""Library → Balance lab… (issue 13, item 3): the balance lab's runner in a window, with progress, cancel, the
table and the heat map, on the real runner (in this process and on a local Dask cluster of 2)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt

from cs_desktop.gui.lab.balance_lab import BalanceLab


def _only(lab: BalanceLab, *stems: str) -> None:
    for i in range(lab.scenarios.count()):
        item = lab.scenarios.item(i)
        stem = Path(item.data(Qt.ItemDataRole.UserRole)).stem
        item.setCheckState(Qt.CheckState.Checked if stem in stems else Qt.CheckState.Unchecked)


def test_13_3_the_lab_window_runs_scenarios_and_shows_table_and_heat_map(make_window: Any, qtbot: Any) -> None:
    window = make_window()
    window.findChild(type(window.act_library), "act-balance-lab").trigger()
    lab = window.files.balance_lab
    assert isinstance(lab, BalanceLab) and lab.isVisible()
    _only(lab, "constitution-vs-java", "united-states-vs-macedonian")
    lab.captain_a.setCurrentIndex(lab.captain_a.findData("random"))
    lab.captain_b.setCurrentIndex(lab.captain_b.findData("random"))
    lab.games.setValue(4)
    with qtbot.waitSignal(lab.labFinished, timeout=120_000) as done:
        lab.run_button.click()
    report = done.args[0]
    assert report["complete"] and report["played"] == 8
    assert lab.table.rowCount() == 2 and lab.progress.value() == 8
    assert {lab.table.item(r, 0).text() for r in range(2)} == {p["title"] for p in report["pairings"]}
    assert lab.image is not None and not lab.heatmap.pixmap().isNull()
    assert lab.run_button.isEnabled() and not lab.cancel_button.isEnabled()


def test_13_3_the_lab_window_gives_the_same_results_on_a_local_cluster(qtbot: Any) -> None:
    reports = []
    for workers in (1, 2):
        lab = BalanceLab()
        qtbot.addWidget(lab)
        _only(lab, "constitution-vs-guerriere")
        lab.captain_a.setCurrentIndex(lab.captain_a.findData("random"))
        lab.captain_b.setCurrentIndex(lab.captain_b.findData("random"))
        lab.games.setValue(8)
        lab.workers.setValue(workers)
        with qtbot.waitSignal(lab.labFinished, timeout=180_000) as done:
            lab.run_button.click()
        reports.append(done.args[0])
    assert reports[0] == reports[1]


def test_13_3_nothing_ticked_is_refused_with_a_reason(qtbot: Any) -> None:
    lab = BalanceLab()
    qtbot.addWidget(lab)
    _only(lab)
    lab.run_button.click()
    assert "tick at least one scenario" in lab.status.text() and lab.run is None


def test_issue_31_5_the_lab_plays_each_scenarios_own_limit_unless_given(qtbot: Any) -> None:
    """Issue 31, item 5: the lab's turn limit starts at "each scenario's own" (no 30 forced); 0 is none."""
    lab = BalanceLab()
    qtbot.addWidget(lab)
    _only(lab, "constitution-vs-java")
    assert lab.turn_limit.text() == "each scenario's own" and lab.job().turn_limit is None
    lab.turn_limit.setValue(0)
    assert lab.job().turn_limit == 0
    lab.turn_limit.setValue(25)
    assert lab.job().turn_limit == 25


def test_issue_31_5_the_balance_check_starts_at_the_printed_limit(qtbot: Any) -> None:
    from cs_desktop import SCENARIOS
    from cs_desktop.formats.files import load_scenario_with_ships
    from cs_desktop.gui.lab.balance_dialog import BalanceDialog

    scenario, ships = load_scenario_with_ships(SCENARIOS / "fleets" / "frigates-among-the-shoals.json")
    dlg = BalanceDialog(scenario, ships)
    qtbot.addWidget(dlg)
    assert dlg.turn_limit.value() == 20  # the shoals' printed limit, not 30
    dlg.turn_limit.setValue(0)
    assert dlg.turn_limit.text().startswith("none")
