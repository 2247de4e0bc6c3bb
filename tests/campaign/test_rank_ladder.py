"""Issue 29, item 4: a rank ladder per nation (career.json `ladders`), commands by rank and reputation, a class of
ships given again under a new name (French commands), never a promotion beyond a captain's rank."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import cs_desktop
from cs_desktop.campaign import career
from cs_desktop.campaign.engine import new_state
from cs_desktop.campaign.folder import load_campaign, validate_campaign
from cs_desktop.campaign.state import add_months, leave, ledger_totals, totals
from cs_desktop.rules.dice import Dice

OPEN = load_campaign(cs_desktop.SCENARIOS / "campaigns" / "open-career")


def test_a_career_starts_at_the_rank_its_first_command_needs() -> None:
    for nation, year, title in (("US", 1798, "Master Commandant"), ("US", 1803, "Captain"),
                                ("GB", 1798, "Captain of three years' seniority"), ("GB", 1806, "Post-captain"),
                                ("FR", 1798, "Capitaine de vaisseau")):
        s = new_state(OPEN, 1, nation, year)
        assert career.rank_title(OPEN, s) == title, (nation, year)
        assert s.rank_since == s.date


def test_he_rises_by_seniority_with_the_reputation_for_it() -> None:
    s = new_state(OPEN, 1, "US", 1798)  # Master Commandant; Captain after 18 months with reputation 5
    s.reputation = 5
    for months in range(17):
        s.year, s.month = (int(x) for x in add_months("1798-07", months + 1).split("-"))
        career.rise(OPEN, s)
        assert s.rank == 0
    s.year, s.month = 1800, 1  # 18 months
    s.reputation = 4
    career.rise(OPEN, s)
    assert s.rank == 0  # not without the reputation
    s.reputation = 5
    s.status = "prisoner"
    career.rise(OPEN, s)
    assert s.rank == 0  # not while a prisoner
    s.status = "command"
    career.rise(OPEN, s)
    assert (s.rank, s.rank_since) == (1, "1800-01")
    assert s.journal[-1]["kind"] == "rank" and "rises to Captain" in s.journal[-1]["text"]


def test_half_pay_gives_a_command_for_his_rank_and_a_class_again_under_a_new_name() -> None:
    s = new_state(OPEN, 1, "FR", 1806)  # La Vengeance: a capitaine de vaisseau
    s.lost_ships.append("la-vengeance")
    leave(s, s.flagship, "taken by the enemy (test)")
    s.status = "half_pay"
    cmd = career.command_for(OPEN, s)
    assert cmd is not None and cmd.ship == "la-vengeance" and cmd.class_of  # her class is still open to him
    s.rank = 0
    cmd = career.command_for(OPEN, s)
    assert cmd is not None and cmd.ship == "l-insurgente"  # a capitaine de frégate gets a 36
    s.rank = 1
    for counter in range(200):
        career.half_pay(OPEN, s, Dice(3, counter), "wait")
        if s.status == "command":
            break
    assert s.status == "command" and s.flagship.card == "la-vengeance"
    assert s.flagship.name in OPEN.ship_names("FR") and s.flagship.name != "La Vengeance"
    assert totals(s) == ledger_totals(s)
    us = new_state(OPEN, 1, "US", 1812)
    us.lost_ships.append("constitution")
    us.status, us.ships, us.reputation = "half_pay", [], 20
    cmd = career.command_for(OPEN, us)
    assert cmd is not None and cmd.ship != "constitution"  # a ship, not a class: never given again


def test_validate_names_a_rank_beyond_the_ladder(tmp_path: Path) -> None:
    target = tmp_path / "c"
    shutil.copytree(cs_desktop.SCENARIOS / "campaigns" / "open-career", target)
    data = json.loads((target / "career.json").read_text(encoding="utf-8"))
    data["commands"][0]["rank"] = 3
    data["ladders"].append(dict(data["ladders"][0]))
    (target / "career.json").write_text(json.dumps(data), encoding="utf-8")
    text = "\n".join(validate_campaign(target))
    assert f"{target / 'career.json'}: commands[0].rank: rank 3: the US ladder has ranks 0 to 2" in text
    assert f"{target / 'career.json'}: ladders[3].nation: US has a ladder already" in text
