"""Issue 29, item 2: missions as declarative, schema-checked data (missions.json; cs_desktop/campaign/missions.py).

API tested: the orders request's mission options, accepting one, its goal checked as the months go, the deadline,
follow-ups that branch on success and failure, `validate` naming file and field.
Expected: a mission on offer in a home port is an order; achieved, its success outcome (reputation, money in
the ledger); not achieved by its deadline, its failure outcome; its follow-up offered only after that outcome.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

import cs_desktop
from cs_desktop.campaign import missions
from cs_desktop.campaign.engine import CampaignEngine, new_state
from cs_desktop.campaign.folder import load_campaign, validate_campaign
from cs_desktop.campaign.headless import play, start
from cs_desktop.campaign.state import CampaignState, ledger_totals, totals


OPEN = load_campaign(cs_desktop.SCENARIOS / "campaigns" / "open-career")


def _offered(engine: CampaignEngine) -> list[str]:
    req = engine.pending
    assert req is not None and req.kind == "orders"
    return [o["mission"] for o in req.options if o["order"] == "mission"]


def test_missions_of_his_nation_and_year_are_offered_in_a_home_port() -> None:
    engine = CampaignEngine(OPEN, new_state(OPEN, 1, "US", 1798))
    assert _offered(engine) == ["us-west-indies-convoy"]  # the follow-ups wait for its outcome
    info = engine.pending.info["missions"]  # type: ignore[union-attr]
    assert info["offered"][0]["goal"] == {"kind": "escort", "area": "west-indies", "months": 1, "count": 1}
    assert engine.state.missions_offered == ["us-west-indies-convoy"]
    gb = CampaignEngine(OPEN, new_state(OPEN, 1, "GB", 1806))
    assert _offered(gb) == ["gb-blockade-brest-1803", "gb-west-indies-convoy", "gb-cut-out-brest",
                            "gb-cut-out-brest"]  # the cutting-out offers two ways: an order each


def _sail(engine: CampaignEngine, mission: str) -> CampaignState:
    assert engine.submit({"order": "mission", "mission": mission})
    return engine.state


def test_an_escort_brought_through_succeeds_and_its_follow_up_is_offered() -> None:
    s = new_state(OPEN, 1, "US", 1798)
    missions.accept(OPEN, s, "us-west-indies-convoy")
    s.port, s.area, s.orders = None, "west-indies", {"order": "escort", "area": "west-indies"}
    money, reputation = s.money, s.reputation
    missions.month_check(OPEN, s)
    assert s.mission is None and s.missions[-1]["outcome"] == "success"
    assert s.reputation == reputation + 3 and s.money == money + 100 and totals(s) == ledger_totals(s)
    s.port, s.area = "boston", "american-coast"
    assert [m.id for m in missions.offers(OPEN, s)] == ["us-hunt-french-cruisers"]  # the branch on success


def test_a_mission_not_achieved_by_its_deadline_fails_and_the_other_branch_opens() -> None:
    s = new_state(OPEN, 1, "US", 1798)
    s.reputation = 5
    missions.accept(OPEN, s, "us-west-indies-convoy")
    assert s.mission is not None and s.mission["deadline"] == "1798-08"
    missions.deadline_check(s, OPEN)
    assert s.mission is not None  # July: still time
    s.month = 8
    missions.deadline_check(s, OPEN)
    assert s.mission is None and s.missions[-1]["outcome"] == "failure" and s.reputation == 3
    assert [m.id for m in missions.offers(OPEN, s)] == ["us-coast-patrol"]  # the branch on failure


def test_accepting_a_mission_sails_its_order() -> None:
    engine = CampaignEngine(OPEN, new_state(OPEN, 1, "GB", 1806))
    s = _sail(engine, "gb-blockade-brest-1803")
    assert any(e["kind"] == "mission" and e["text"].startswith("Orders: The inshore squadron off Brest")
               for e in s.journal)
    assert any("sails from Plymouth: blockade Brest" in e["text"] for e in s.journal)
    assert s.mission is None or s.mission["id"] == "gb-blockade-brest-1803"


def test_a_hunt_succeeds_when_a_ship_of_the_hunted_sailing_is_taken() -> None:
    s = new_state(OPEN, 1, "GB", 1806)
    missions.accept(OPEN, s, "gb-west-indies-convoy")
    s.mission = {"id": "gb-hunt-french-heavy", "deadline": "1806-04", "progress": 0}
    s.encounter = {"sailing": "french-40s"}
    missions.on_prize(OPEN, s)
    assert s.mission is not None  # not the hunted sailing
    s.encounter = {"sailing": "french-heavy-frigates"}
    missions.on_prize(OPEN, s)
    assert s.mission is None and s.missions[-1] == {"id": "gb-hunt-french-heavy", "outcome": "success",
                                                    "date": "1806-01"}


@pytest.mark.parametrize(("nation", "year", "seed"), [("US", 1798, 1), ("GB", 1803, 2), ("FR", 1803, 3)])
def test_policy_careers_take_missions_and_account_for_everything(nation: str, year: int, seed: int) -> None:
    engine = start(OPEN, seed, nation, year)
    play(engine)
    s = engine.state
    assert s.ended and totals(s) == ledger_totals(s)
    assert s.missions_offered and s.missions
    assert {m["outcome"] for m in s.missions} <= {"success", "failure"}


def test_a_broken_mission_reference_is_named_with_file_and_field(tmp_path: Path) -> None:
    target = tmp_path / "c"
    shutil.copytree(cs_desktop.SCENARIOS / "campaigns" / "open-career", target)
    data = json.loads((target / "missions.json").read_text(encoding="utf-8"))
    data["missions"][1]["after"]["mission"] = "no-such-mission"
    data["missions"][0]["goal"]["area"] = "the-moon"
    (target / "missions.json").write_text(json.dumps(data), encoding="utf-8")
    lines = validate_campaign(target)
    assert f"{target / 'missions.json'}: missions[0].goal.area: no area 'the-moon'" in "\n".join(lines)
    assert any(line.startswith(f"{target / 'missions.json'}: missions[1].after.mission") for line in lines)
    del data["missions"][2]["goal"]["area"]
    (target / "missions.json").write_text(json.dumps(data), encoding="utf-8")
    lines = validate_campaign(target)
    assert any("missions.json" in line and "missions.2.goal" in line.replace("[", ".").replace("]", "")
               for line in lines), lines
