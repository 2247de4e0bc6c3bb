"""Issue 29, item 1: a career survives defeat (cs_desktop/campaign/career.py, the campaign's career.json).

API tested: career.taken, captivity_month, court_martial, half_pay; the engine's half_pay request; a version 1
save. Actions: a captain taken with his flagship, the months of captivity, the court, the months on half-pay.
Expected: held for the exchange entry's months (or to the peace), tried on the battle's record, then half-pay,
a new command or retirement; dismissal, death, the peace and retirement end a career; the ledger balances.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

import cs_desktop
from cs_desktop.campaign import career
from cs_desktop.campaign.engine import CampaignEngine, new_state
from cs_desktop.campaign.folder import load_campaign
from cs_desktop.campaign.headless import SAVE_VERSION, document, from_document, save_text
from cs_desktop.campaign.state import CampaignState, add_months, ledger_totals, totals
from cs_desktop.formats.jsonread import FileFormatError
from cs_desktop.rules.dice import Dice

OPEN = load_campaign(cs_desktop.SCENARIOS / "campaigns" / "open-career")
HULL = load_campaign(cs_desktop.SCENARIOS / "campaigns" / "constitution-1812")


def _taken(c: object, s: CampaignState, captor: str, seed: int = 1) -> None:
    s.defeat = {"ship": s.flagship.name, "odds": 1.2, "damage_done": 0.3, "turns": 12}
    career.taken(c, s, Dice(seed), "She struck.", captor)  # type: ignore[arg-type]


def test_a_captain_taken_is_a_prisoner_held_for_the_exchange_entrys_months_and_his_squadron_leaves_him() -> None:
    s = new_state(HULL, 1)
    _taken(HULL, s, "GB")
    assert s.status == "prisoner" and s.captor == "GB" and s.ships == [] and s.stage == "close"
    assert "1812-08" <= s.release <= "1812-11"  # taken in July 1812 by the British: 1 to 4 months (career.json)
    assert s.lost_ships == ["constitution"] and s.stats["captured"] == 1
    assert totals(s) == ledger_totals(s)


def test_the_french_after_1803_may_hold_a_british_captain_to_the_peace() -> None:
    months, to_peace = career.exchange_terms(OPEN.career, "FR", "GB", "1806-05")  # type: ignore[arg-type]
    assert months == (24, 48) and to_peace == 40
    assert career.exchange_terms(OPEN.career, "FR", "GB", "1799-05") == ((3, 12), 0)  # type: ignore[arg-type]
    held = []
    for seed in range(20):
        s = new_state(OPEN, seed, "GB", 1806)
        _taken(OPEN, s, "FR", seed)
        held.append(s.release)
    assert "" in held and any("1808-01" <= r <= "1810-01" for r in held)


def test_captivity_ends_with_the_exchange_then_a_court_then_half_pay_in_the_home_port() -> None:
    s = new_state(HULL, 1)
    _taken(HULL, s, "GB")
    release = s.release
    engine = CampaignEngine(HULL, s)  # the months of captivity pass without a request
    req = engine.pending
    assert req is not None and req.kind == "half_pay"
    assert s.courts[-1]["date"] == release and s.date == add_months(release, 1)
    assert s.status == "half_pay" and s.port == "boston" and s.courts[-1]["verdict"] == "acquitted"
    assert req.options == ["wait", "retire"] and req.info["ship"] == "Congress"  # reputation 0: the ships for 0
    assert any("exchanged" in e["text"] for e in s.journal)
    pay = [e for e in s.ledger if e["cause"] == "the captain's pay"]
    assert len(pay) == 0  # no pay in captivity


@pytest.mark.parametrize(("record", "verdict"), [
    ({"odds": 1.6, "damage_done": 0.5, "turns": 20}, "honourable"),
    ({"odds": 1.2, "damage_done": 0.25, "turns": 8}, "acquitted"),
    ({"odds": 0.8, "damage_done": 0.15, "turns": 6}, "reprimanded"),
    ({"odds": 0.5, "damage_done": 0.05, "turns": 3}, "dismissed"),
])
def test_the_court_martials_verdict_follows_the_odds_the_damage_done_and_how_long_she_fought(
        record: dict[str, float], verdict: str) -> None:
    s = new_state(HULL, 1)
    s.defeat = {"ship": "Constitution", **record}
    before = s.reputation
    assert career.court_martial(HULL, s) == verdict
    assert s.courts[-1]["verdict"] == verdict
    if verdict == "dismissed":
        assert s.ended and s.end_reason == "dismissed"
    else:
        assert not s.ended
        assert s.reputation == before + {"honourable": 3, "acquitted": 0, "reprimanded": -3}[verdict]


def test_on_half_pay_he_may_be_given_a_ship_never_one_he_lost_or_retire() -> None:
    s = new_state(HULL, 1)
    _taken(HULL, s, "GB")
    s.status, s.port = "half_pay", "boston"
    s.reputation = 30
    assert (cmd := career.command_for(HULL, s)) is not None and cmd.ship == "president"
    s.lost_ships.append("president")
    assert (cmd := career.command_for(HULL, s)) is not None and cmd.ship == "united-states"
    for counter in range(60):
        dice = Dice(1, counter)
        career.half_pay(HULL, s, dice, "wait")
        if s.status == "command":
            break
    assert s.status == "command" and s.flagship.card == "united-states" and s.port == "boston"
    assert totals(s) == ledger_totals(s)
    other = new_state(HULL, 1)
    other.status, other.ships = "half_pay", []
    career.half_pay(HULL, other, Dice(1), "retire")
    assert other.ended and other.end_reason == "retired"


def test_half_pay_is_half_the_pay() -> None:
    s = new_state(HULL, 1)
    assert career.month_pay(HULL, s) == 25
    s.status = "half_pay"
    assert career.month_pay(HULL, s) == 12
    s.status = "prisoner"
    assert career.month_pay(HULL, s) == 0


def test_still_a_prisoner_at_the_peace_the_career_ends_in_capture() -> None:
    s = new_state(HULL, 1)
    s.year, s.month = 1815, 3
    _taken(HULL, s, "GB")
    s.release = "1815-12"
    engine = CampaignEngine(HULL, s)
    assert engine.pending is None and s.end_reason == "captured"


def test_a_version_1_save_loads_with_the_careers_defaults() -> None:
    engine = CampaignEngine(HULL, new_state(HULL, 1))
    doc = document(engine)
    assert doc["version"] == SAVE_VERSION == 2
    doc["version"] = 1
    for key in ("status", "captor", "release", "defeat", "half_pay_months", "lost_ships", "courts", "gone_names",
                "commanded", "mission", "missions", "missions_offered"):
        del doc["state"][key]
    old = from_document(json.loads(json.dumps(doc)), "old")
    assert old.state.status == "command" and old.pending is not None and old.pending.kind == "orders"
    assert old.state.commanded == [] and old.state.his_ships() == {"constitution"}
    old.state.commanded = ["constitution"]
    assert save_text(old) == save_text(engine)


def test_a_broken_career_file_is_named_with_its_field(tmp_path: Path) -> None:
    target = tmp_path / "c"
    shutil.copytree(cs_desktop.SCENARIOS / "campaigns" / "constitution-1812", target)
    data = json.loads((target / "career.json").read_text(encoding="utf-8"))
    data["commands"][0]["ship"] = "no-such-ship"
    data["court_martial"]["acquitted_from"] = 99
    (target / "career.json").write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(FileFormatError) as e:
        load_campaign(target)
    text = str(e.value)
    assert "career.json" in text and "court_martial" in text
    data["court_martial"]["acquitted_from"] = 1
    (target / "career.json").write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(FileFormatError) as e:
        load_campaign(target)
    assert f"{target / 'career.json'}: commands[0].ship" in str(e.value)


def test_without_a_career_file_a_captain_taken_ends_his_career_as_before(tmp_path: Path) -> None:
    target = tmp_path / "c"
    shutil.copytree(cs_desktop.SCENARIOS / "campaigns" / "constitution-1812", target)
    (target / "career.json").unlink()
    c = load_campaign(target)
    s = new_state(c, 1)
    _taken(c, s, "GB")
    assert s.ended and s.end_reason == "captured"
