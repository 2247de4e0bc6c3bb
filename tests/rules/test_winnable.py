"""Issue 13, 19.0/20.1: whether each side can still win on victory points, before any die is rolled."""

from __future__ import annotations

from pathlib import Path

import pytest

from cs_desktop import SCENARIOS
from cs_desktop.cli.main import main
from cs_desktop.formats.files import dump_scenario, load_scenario_with_ships
from cs_desktop.rules.cards import Scenario, ShipCard
from cs_desktop.rules.winnable import card_boxes, cannot_win, reach

#: shipped scenarios one side cannot win (none since the calibrated ratings and bids of issue 13; a scenario added
#: here must be one a later change made unwinnable on purpose, and the test proves it still is)
KNOWN_UNWINNABLE: set[str] = set()  # emptied by the calibrated terms and bids of issue 13 (R19.0e)


def curlew_without_bid() -> tuple[Scenario, dict[str, ShipCard]]:
    """Congress vs Curlew on its 20.1 terms alone: the shipped file's bid (R19.0e) is what makes it winnable."""
    scenario, ships = load_scenario_with_ships(SCENARIOS / "congress-vs-curlew.json")
    data = scenario.model_dump(mode="json")
    data["options"]["bid"] = {}
    return Scenario.model_validate(data), ships


def test_19_0_reach_counts_every_enemy_box_the_capture_and_the_bonus() -> None:
    scenario, ships = curlew_without_bid()
    r = reach(scenario, ships)
    curlew, congress = ships["curlew"], ships["congress"]
    assert card_boxes(curlew) == 17
    assert r["us"].best == card_boxes(curlew) * r["us"].multiplier + 10 + r["us"].bonus
    assert r["gb"].worst == r["gb"].bonus == 36
    assert r["gb"].best == pytest.approx(card_boxes(congress) * r["gb"].multiplier + 10 + 36)


def test_20_1_a_side_whose_best_cannot_beat_the_others_bonus_by_more_than_5_cannot_win() -> None:
    scenario, ships = curlew_without_bid()
    (line,) = cannot_win(scenario, ships)
    assert line.startswith("United States Navy cannot win") and "27 VP" in line and "36 VP" in line
    # the same duel printed with even terms is winnable by both
    data = scenario.model_dump(mode="json")
    data["victory_override"] = {"us": {"multiplier": 1, "bonus": 0}, "gb": {"multiplier": 1, "bonus": 0}}
    even = type(scenario).model_validate(data)
    assert cannot_win(even, ships) == []


@pytest.mark.parametrize("name", sorted(p.name for p in SCENARIOS.glob("*.json")))
def test_every_shipped_scenario_is_winnable_by_both_sides(name: str) -> None:
    scenario, ships = load_scenario_with_ships(SCENARIOS / name)
    if name in KNOWN_UNWINNABLE:  # stays until issue 13 fixes them; then this list must be emptied
        assert cannot_win(scenario, ships), f"{name} became winnable: take it off KNOWN_UNWINNABLE"
    else:
        assert cannot_win(scenario, ships) == []


def test_19_0_the_shipped_bid_makes_congress_vs_curlew_winnable_R19_0e() -> None:
    scenario, ships = load_scenario_with_ships(SCENARIOS / "congress-vs-curlew.json")
    assert scenario.options.bid == {"gb": 21}
    r = reach(scenario, ships)
    assert r["us"].best == card_boxes(ships["curlew"]) * r["us"].multiplier + 10 + 21
    assert cannot_win(scenario, ships) == []


def test_validate_and_vp_print_the_warning(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    scenario, _ = curlew_without_bid()
    unbid = tmp_path / "congress-vs-curlew.json"  # beside ships/ so the cards are found
    (tmp_path / "ships").symlink_to(SCENARIOS / "ships")
    unbid.write_text(dump_scenario(scenario), encoding="utf-8")
    assert main(["validate", str(unbid)]) == 0  # a warning is not a file error
    out = capsys.readouterr().out
    assert "warning:" in out and "cannot win" in out
    assert main(["vp", str(unbid)]) == 0
    out = capsys.readouterr().out
    assert "best 27 VP" in out and "warning: United States Navy cannot win" in out
    assert main(["validate", str(SCENARIOS / "constitution-vs-java.json")]) == 0
    assert "warning" not in capsys.readouterr().out
