"""The New Game dialog's rules switches (rulings R9.3f, R11.4.5i, R11.4.6h, R17.1f, R17.8e, R18.0j).

API tested: NewGameDialog.switches and choice().
Actions: pick a shipped scenario (none of them turns a switch on), read the choice, tick each switch, read it
again; then a scenario file that turns `heavy_guns` on, untick it; tick and untick the fleet rules on a duel.
Expected: a box for every switch of `RulesOptions.SWITCHES`, the same words and tooltips as the scenario
designer's; a switch left as the scenario says is not written in the options (old games unchanged); one ticked is
written `true`; unticking the scenario's `true` writes `false`; prize crews only while the fleet rules are ticked.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cs_desktop import SCENARIOS
from PySide6.QtWidgets import QAbstractButton, QCheckBox, QLabel

from cs_desktop.gui.dialogs.new_game import NewGameDialog
from cs_desktop.gui.editors.scenario_switches import SWITCH_TEXT, tooltip
from cs_desktop.rules.cards import SWITCHES
from cs_desktop.rules.setup import options_problem

SWITCH_OPTIONS = SWITCHES


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


def test_every_switch_of_the_rules_options_has_a_box_as_in_the_designer(qtbot: Any) -> None:
    dlg = NewGameDialog()
    qtbot.addWidget(dlg)
    assert list(dlg.switches) == list(SWITCHES) and "fleet_rules" in dlg.switches
    for name in SWITCHES:
        box = dlg.findChild(QCheckBox, name)
        assert box is dlg.switches[name] and box.text() == SWITCH_TEXT[name]
    assert dlg.switches["heavy_guns"].toolTip() == tooltip("heavy_guns") and "R11.4.6h" in tooltip("heavy_guns")
    # one shortcut letter a control: no two labels or buttons of the dialog share an Alt key
    keys: dict[str, str] = {}
    for w in dlg.findChildren(QAbstractButton) + dlg.findChildren(QLabel):
        text = w.text().replace("&&", "")
        if "&" in text and not text.lstrip().startswith("<"):
            key = text[text.index("&") + 1].lower()
            assert key not in keys, (key, keys[key], text)
            keys[key] = text


def test_R18_0j_ticking_the_fleet_rules_on_a_duel_offers_prize_crews_and_the_game_accepts_both(qtbot: Any) -> None:
    dlg = NewGameDialog()
    qtbot.addWidget(dlg)
    rows = [i for i, (p, _s) in enumerate(dlg.scenarios) if p.name == "constitution-vs-java.json"]
    dlg.list.setCurrentRow(rows[0])
    sc = dlg.choice()["scenario"]
    assert not sc.options.fleet_rules and not dlg.fleet_rules.isChecked() and not dlg.prize_crews.isEnabled()
    dlg.fleet_rules.setChecked(True)
    assert dlg.prize_crews.isEnabled() and "R18.0j" in dlg.prize_crews.toolTip()
    dlg.prize_crews.setChecked(True)
    options = dlg.choice()["options"]
    assert options["fleet_rules"] is True and options["prize_crews"] is True
    assert options_problem(sc, options) is None
    dlg.fleet_rules.setChecked(False)  # unticking the fleet rules takes the prize crews with them
    assert not dlg.prize_crews.isChecked() and not dlg.prize_crews.isEnabled()
    assert "fleet_rules" not in dlg.choice()["options"] and "prize_crews" not in dlg.choice()["options"]


def test_R18_0j_unticking_a_fleet_scenarios_rules_writes_both_off(qtbot: Any, tmp_path: Path) -> None:
    data = json.loads((SCENARIOS / "fleets" / "frigate-fleets-12-a-side.json").read_text(encoding="utf-8"))
    data["options"]["prize_crews"] = True
    path = SCENARIOS / "fleets" / "frigate-fleets-12-a-side.json"
    copy = tmp_path / "fleets" / path.name
    copy.parent.mkdir()
    copy.write_text(json.dumps(data), encoding="utf-8")
    (tmp_path / "ships").symlink_to(SCENARIOS / "ships")
    dlg = NewGameDialog()
    qtbot.addWidget(dlg)
    assert dlg.add_scenario_file(copy) is True, dlg.details.text()
    assert dlg.fleet_rules.isChecked() and dlg.prize_crews.isChecked() and dlg.prize_crews.isEnabled()
    assert not {"fleet_rules", "prize_crews"} & set(dlg.choice()["options"])
    dlg.fleet_rules.setChecked(False)
    options = dlg.choice()["options"]
    assert options["fleet_rules"] is False and options["prize_crews"] is False
    assert options_problem(dlg.choice()["scenario"], options) is None


def test_WSIM_D5_prize_sails_is_offered_only_with_prize_crews_and_goes_with_them(qtbot: Any) -> None:
    """R18.0v: the prize sails box (WS&IM D.5) is enabled only while prize crews are ticked; ticked, the game
    accepts the three; unticking the fleet rules takes prize crews and prize sails out together."""
    dlg = NewGameDialog()
    qtbot.addWidget(dlg)
    rows = [i for i, (p, _s) in enumerate(dlg.scenarios) if p.name == "constitution-vs-java.json"]
    dlg.list.setCurrentRow(rows[0])
    sails = dlg.switches["prize_sails"]
    assert not sails.isEnabled()
    dlg.fleet_rules.setChecked(True)
    assert not sails.isEnabled()
    dlg.prize_crews.setChecked(True)
    assert sails.isEnabled() and "R18.0u" in sails.toolTip()
    sails.setChecked(True)
    options = dlg.choice()["options"]
    assert options["prize_sails"] is True and options_problem(dlg.choice()["scenario"], options) is None
    dlg.fleet_rules.setChecked(False)
    assert not sails.isChecked() and not sails.isEnabled() and "prize_sails" not in dlg.choice()["options"]
