"""The New Game dialog's peer-rule switches (rulings R11.4.5i, R11.4.6h, R17.1f).

API tested: NewGameDialog.switches and choice().
Actions: pick a shipped scenario (none of them turns a switch on), read the choice, tick each switch, read it
again; then a scenario file that turns `heavy_guns` on, untick it.
Expected: a switch left as the scenario says is not written in the options (old games unchanged); one ticked is
written `true`; unticking the scenario's `true` writes `false`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cs_desktop import SCENARIOS
from cs_desktop.gui.new_game_dialog import SWITCH_OPTIONS, NewGameDialog


def test_R11_4_5i_R11_4_6h_R17_1f_new_game_switches_follow_the_scenario(qtbot: Any, tmp_path: Path) -> None:
    dlg = NewGameDialog()
    qtbot.addWidget(dlg)
    dlg.list.setCurrentRow(0)
    options = dlg.choice()["options"]
    assert not any(name in options for name in SWITCH_OPTIONS)
    assert not any(box.isChecked() for box in dlg.switches.values())
    for name in SWITCH_OPTIONS:
        dlg.switches[name].setChecked(True)
    assert {name: dlg.choice()["options"][name] for name in SWITCH_OPTIONS} == dict.fromkeys(SWITCH_OPTIONS, True)

    data = json.loads((SCENARIOS / "constitution-vs-java.json").read_text(encoding="utf-8"))
    data["options"]["heavy_guns"] = True
    path = tmp_path / "heavy.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    # the dialog looks up the ship cards beside the file: copy the one folder it needs
    (tmp_path / "ships").mkdir()
    for ship in ("constitution", "java"):
        (tmp_path / "ships" / f"{ship}.json").write_text(
            (SCENARIOS / "ships" / f"{ship}.json").read_text(encoding="utf-8"), encoding="utf-8")
    assert dlg.add_scenario_file(path) is True
    assert dlg.switches["heavy_guns"].isChecked() and not dlg.switches["fire_spreads"].isChecked()
    assert not any(name in dlg.choice()["options"] for name in SWITCH_OPTIONS)
    dlg.switches["heavy_guns"].setChecked(False)
    assert dlg.choice()["options"]["heavy_guns"] is False


def test_R18_0j_prize_crews_is_offered_only_under_the_fleet_rules(qtbot: Any) -> None:
    """R18.0j: on a duel (no fleet rules) the prize crews box is disabled and never written; on the 12-a-side
    fleet what-if it is enabled, unticked as the scenario says, and written `true` once ticked."""
    dlg = NewGameDialog()
    qtbot.addWidget(dlg)
    dlg.list.setCurrentRow(0)
    assert not dlg.prize_crews.isEnabled() and "fleet rules" in dlg.prize_crews.toolTip()
    dlg.prize_crews.setChecked(True)
    assert "prize_crews" not in dlg.choice()["options"]
    assert dlg.add_scenario_file(SCENARIOS / "fleets" / "frigate-fleets-12-a-side.json") is True
    assert dlg.prize_crews.isEnabled() and not dlg.prize_crews.isChecked()
    assert "prize_crews" not in dlg.choice()["options"]
    dlg.prize_crews.setChecked(True)
    assert dlg.choice()["options"]["prize_crews"] is True
