"""Issue 29, item 2: a mission's choices (ways to carry it out, chosen when accepted; each an order) and the
cutting-out goal (the boats bring a ship out of the port blockaded), both as data in missions.json."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import cs_desktop
from cs_desktop.campaign import consequences, missions
from cs_desktop.campaign.engine import CampaignEngine, new_state
from cs_desktop.campaign.folder import load_campaign, validate_campaign
from cs_desktop.campaign.state import CampaignState, ledger_totals, totals
from cs_desktop.play.campaign_career import mission_lines, mission_words
from cs_desktop.rules.dice import Dice

OPEN = load_campaign(cs_desktop.SCENARIOS / "campaigns" / "open-career")


def test_each_choice_is_an_order_in_its_own_words() -> None:
    engine = CampaignEngine(OPEN, new_state(OPEN, 1, "GB", 1806))
    req = engine.pending
    assert req is not None and req.kind == "orders"
    cut = [o for o in req.options if o.get("mission") == "gb-cut-out-brest"]
    assert [o["choice"] for o in cut] == ["at-once", "watch"]
    words = [mission_words(req, o["mission"], o["choice"]) for o in cut]
    assert words[0].startswith("Mission: Cut out a corvette from Brest (1 month(s)) — Send the boats in")
    assert words[1].startswith("Mission: Cut out a corvette from Brest (3 month(s)) — Watch the bay")
    assert any(line.startswith("Cut out a corvette from Brest: A French corvette lies") for line in
               mission_lines(req))
    assert engine.submit(cut[1])
    assert engine.state.mission is not None and engine.state.mission["choice"] == "watch"
    assert engine.state.orders == {"order": "blockade", "port": "brest", "mission": "gb-cut-out-brest"}


def _dispatches(choice: str) -> CampaignState:
    s = new_state(OPEN, 1, "US", 1802)
    order = missions.accept(OPEN, s, "us-dispatches-gibraltar", choice)
    assert s.mission is not None and s.mission["choice"] == choice
    assert order["stance"] == ("seek" if choice == "seek" else "avoid")
    return s


def test_a_choice_changes_the_stance_the_months_and_the_outcomes() -> None:
    run, seek = _dispatches("run"), _dispatches("seek")
    assert run.mission is not None and seek.mission is not None
    assert run.mission["deadline"] == "1802-02" and seek.mission["deadline"] == "1802-03"
    for s, rep in ((run, 2), (seek, 3)):  # run keeps the mission's outcome; seek has its own
        before = s.reputation
        missions.settle(OPEN, s, "success")
        assert s.reputation == before + rep and s.missions[-1]["choice"] in ("run", "seek")
    late = _dispatches("seek")
    before = late.reputation
    missions.settle(OPEN, late, "failure")
    assert late.reputation == before - 4 and totals(late) == ledger_totals(late)


def test_a_follow_up_may_ask_for_the_choice_made(tmp_path: Path) -> None:
    target = tmp_path / "c"
    shutil.copytree(cs_desktop.SCENARIOS / "campaigns" / "open-career", target)
    data = json.loads((target / "missions.json").read_text(encoding="utf-8"))
    follow = json.loads(json.dumps(next(m for m in data["missions"] if m["id"] == "us-dispatches-gibraltar")))
    follow.update(id="us-fighting-passage", title="Back by the fighting route", choices=[],
                  after={"mission": "us-dispatches-gibraltar", "outcome": "success", "choice": "seek"})
    data["missions"].append(follow)
    (target / "missions.json").write_text(json.dumps(data), encoding="utf-8")
    c = load_campaign(target)
    for choice, offered in (("run", False), ("seek", True)):
        s = new_state(c, 1, "US", 1802)
        missions.accept(c, s, "us-dispatches-gibraltar", choice)
        missions.settle(c, s, "success")
        assert ("us-fighting-passage" in [m.id for m in missions.offers(c, s)]) is offered, choice


def test_validate_names_a_broken_choice_with_file_and_field(tmp_path: Path) -> None:
    target = tmp_path / "c"
    shutil.copytree(cs_desktop.SCENARIOS / "campaigns" / "open-career", target)
    data = json.loads((target / "missions.json").read_text(encoding="utf-8"))
    cut = next(i for i, m in enumerate(data["missions"]) if m["id"] == "gb-cut-out-brest")
    data["missions"][cut]["goal"]["ship"] = "flying-dutchman"
    data["missions"][cut]["choices"][1]["id"] = "at-once"
    data["missions"][0]["after"] = {"mission": "gb-cut-out-brest", "outcome": "success", "choice": "by-night"}
    (target / "missions.json").write_text(json.dumps(data), encoding="utf-8")
    text = "\n".join(validate_campaign(target))
    where = f"{target / 'missions.json'}: missions[{cut}]"
    assert f"{where}.goal.ship: no ship card 'flying-dutchman'" in text
    assert f"{where}.choices[1].id: id 'at-once' is used twice" in text
    assert (f"{target / 'missions.json'}: missions[0].after.choice: mission 'gb-cut-out-brest' offers no choice "
            "'by-night'") in text
    del data["missions"][cut]["goal"]["ship"]
    (target / "missions.json").write_text(json.dumps(data), encoding="utf-8")
    assert "a cut_out goal needs ship" in "\n".join(validate_campaign(target))


def _off_brest(choice: str = "watch") -> CampaignState:
    s = new_state(OPEN, 1, "GB", 1806)
    missions.accept(OPEN, s, "gb-cut-out-brest", choice)
    s.port, s.area = None, OPEN.port("brest").area
    s.orders = {"order": "blockade", "port": "brest", "mission": "gb-cut-out-brest"}
    s.flagship.experience = 4  # an average crew: the die alone decides
    return s


def _seed(first_die_ok: bool) -> int:
    """A seed whose first die brings the boats' attempt off (5 or more, an average crew) or not."""
    return next(k for k in range(200) if (Dice(k).d6() >= consequences.CUT_OUT_NEEDS) is first_die_ok)


def test_the_boats_bring_her_out_a_prize_and_the_mission_succeeds() -> None:
    s = _off_brest()
    assert s.flagship.quality == "average"
    crew, reputation = s.flagship.crew, s.reputation
    consequences.cut_out(OPEN, s, Dice(_seed(True)))
    prize = next(x for x in s.ships if x.role == "prize")
    assert prize.name == "Chevrette" and prize.card == "curlew" and "Chevrette" in s.gone_names
    assert s.mission is None and s.missions[-1] == {"id": "gb-cut-out-brest", "outcome": "success",
                                                    "date": s.date, "choice": "watch"}
    assert s.reputation == reputation + 5 and s.flagship.crew < crew and totals(s) == ledger_totals(s)
    assert any(e["kind"] == "cut_out" and e["success"] for e in s.journal)


def test_beaten_off_the_boats_lose_men_and_the_mission_goes_on_to_its_deadline() -> None:
    s = _off_brest("at-once")
    crew = s.flagship.crew
    consequences.cut_out(OPEN, s, Dice(_seed(False)))
    assert s.mission is not None and 1 <= crew - s.flagship.crew <= 3
    assert not any(x.role == "prize" for x in s.ships)
    line = next(e for e in s.journal if e["kind"] == "cut_out")
    assert not line["success"] and "beaten off" in line["text"] and "needs 5" in line["text"]
    before = s.reputation
    missions.deadline_check(s, OPEN)  # the one month allowed is over
    assert s.mission is None and s.missions[-1]["outcome"] == "failure" and s.reputation == before - 2


def test_no_attempt_unless_blockading_her_port() -> None:
    s = _off_brest()
    s.orders = {"order": "cruise", "area": s.area, "stance": "seek"}
    journal = len(s.journal)
    consequences.cut_out(OPEN, s, Dice(_seed(True)))
    assert s.mission is not None and len(s.journal) == journal
