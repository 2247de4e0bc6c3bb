"""Issue 29 item 5, the rest: Constitution's war has officers (named first from those who served in her, each
cited), refits and drafts while her generic sailings keep their card names; every ship of the squadron in port
can be refitted, not only the flagship, and the squadron waits for her; works on a ship that leaves the squadron
are refunded pro rata by the weeks not done, in one journal line, the ledger balanced."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import cs_desktop
from cs_desktop.campaign import officers, policy, refits
from cs_desktop.campaign.engine import CampaignEngine, new_state
from cs_desktop.campaign.folder import load_campaign, validate_campaign
from cs_desktop.campaign.headless import play, start
from cs_desktop.campaign.state import CampaignState, ShipRecord, adjust, join, leave, ledger_totals, log, totals
from cs_desktop.rules.cards import SECTION_NAMES

USS = cs_desktop.SCENARIOS / "campaigns" / "constitution-1812"
C = load_campaign(USS)
OPEN = load_campaign(cs_desktop.SCENARIOS / "campaigns" / "open-career")
HER_OWN = {"first_lieutenant": "Charles Morris", "second_lieutenant": "George C. Read", "master": "John C. Alwyn",
           "marine_officer": "William S. Bush"}


def _with_consort(s: CampaignState, card_id: str = "levant") -> ShipRecord:
    card = C.cards[card_id]
    ship = ShipRecord(id=f"ship-t-{card_id}", card=card_id, name=card.name, role="consort", experience=4,
                      crew=card.crew_points, rigging=card.rigging_points,
                      gunnery={x: len(card.gunnery[x]) for x in SECTION_NAMES}, stores=6, shot=60)
    join(s, ship, "test: a consort")
    return ship


def test_issue_29_item_5_constitution_has_her_own_officers_refits_and_drafts() -> None:
    assert C.works is not None and C.names is None  # port.json, and still no names.json
    engine = CampaignEngine(C, new_state(C, 1))
    s = engine.state
    assert {o["post"]: o["name"] for o in s.officers} == HER_OWN  # her own, in the order they served
    assert "Charles Morris as first lieutenant" in next(e["text"] for e in s.journal if e["kind"] == "officers")
    assert all(x.sources for x in C.works.officers.names)
    info = engine.pending.info
    assert info["draft"]["method"] == "volunteers"
    offered = {o["refit"]: o["why_not"] for o in info["works"]}
    assert offered["boats"] is None and offered["copper"] == "her hull is fast already"  # a fast hull already
    assert engine.submit({"order": "refit", "works": ["boats"]})
    assert s.flagship.card == "constitution--boats"


def test_issue_29_item_5_constitution_vacancies_take_period_names_never_the_dead_again() -> None:
    s = new_state(C, 1)
    CampaignEngine(C, s)
    first = officers.in_post(s, "first_lieutenant")
    s.officers.remove(first)
    log(s, "officers", "First lieutenant Charles Morris is killed in the action (die 6).", officer="Charles Morris")
    s.stage = "month"
    CampaignEngine(C, s)  # a month in Boston: the post filled again
    new = officers.in_post(s, "first_lieutenant")
    general = next(x.names for x in C.works.officers.names if x.post is None)
    assert new is not None and new["name"] in general and new["name"] != "Charles Morris"


def test_issue_29_item_5_constitution_sailings_keep_their_card_names() -> None:
    engine = start(C, 4)
    play(engine, months=12)
    cards = {k.name for k in C.cards.values()}
    seen = [n for e in engine.state.journal if e["kind"] == "sighting" for n in e.get("ships", [])]
    assert seen and set(seen) <= cards
    assert ledger_totals(engine.state) == totals(engine.state)


def test_issue_29_item_5_port_json_without_any_names_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "c"
    shutil.copytree(USS, folder)
    data = json.loads((folder / "port.json").read_text())
    data["officers"]["names"] = []
    (folder / "port.json").write_text(json.dumps(data))
    lines = validate_campaign(folder)
    assert any("port.json" in x and "officers.names" in x for x in lines), lines


def test_issue_29_item_5_a_consort_is_refitted_and_the_squadron_waits_for_her() -> None:
    s = new_state(C, 1)
    adjust(s, None, "money", 3000, "test: prize money")
    consort = _with_consort(s)
    engine = CampaignEngine(C, s)
    info = engine.pending.info
    assert [x["ship"] for x in info["works_ships"]] == [s.flagship.id, consort.id]
    mine = next(x for x in info["works_ships"] if x["ship"] == consort.id)
    assert next(o for o in mine["works"] if o["refit"] == "copper")["why_not"] is None  # Levant: an average hull
    assert engine.submit({"order": "refit", "ship": consort.id, "works": ["copper"]})
    assert s.works[0]["ship"] == consort.id and s.flagship.card == "constitution"
    months = 0
    while refits.holds_squadron(s):
        assert [o for o in engine.pending.options if o["order"] != "buy"] == [{"order": "refit"}]  # no sailing
        assert engine.submit({"order": "refit"})
        months += 1
    assert months == 1 and s.ship(consort.id).card == "levant--copper"
    assert C.cards["levant--copper"].hull_type == "fast"
    assert ledger_totals(s) == totals(s)


def test_issue_29_item_5_works_on_a_ship_that_leaves_are_refunded_pro_rata() -> None:
    s = new_state(C, 1)
    adjust(s, None, "money", 3000, "test: prize money")
    consort = _with_consort(s)
    engine = CampaignEngine(C, s)
    assert engine.submit({"order": "refit", "ship": consort.id, "works": ["copper", "boats"]})
    assert [w["refit"] for w in s.works] == ["copper"]  # the boats done in the first week
    copper = next(w for w in s.works if w["refit"] == "copper")
    assert copper["weeks_left"] == 2 and copper["weeks"] == 6  # a month (4 weeks) of 6 done
    money, lines = s.money, len(s.journal)
    leave(s, s.ship(consort.id), "test: sold")
    assert s.money - money == 800 * 2 // 6 and s.works == []
    told = [e for e in s.journal[lines:] if e["kind"] == "works"]
    assert len(told) == 1 and "refunds 266" in told[0]["text"] and told[0]["refund"] == 266
    assert ledger_totals(s) == totals(s)
    assert not refits.holds_squadron(s)  # the flagship sails again


def _meeting(s: CampaignState, gauge: str) -> None:
    s.port, s.stage = None, "encounter"
    s.encounter = {"scripted": None, "title": "Shannon", "nation": "GB", "ships": ["shannon"], "crew_quality": None,
                   "mission": "cruiser", "sailing": "x", "gauge": gauge, "stands": True, "engagement": None,
                   "date": f"{s.date}-10", "weather": {"strength": "fresh", "from": "W"}}


def test_issue_29_item_5_a_coppered_ship_declines_the_fights_she_can_leave_behind() -> None:
    """A copper bottom must not make the computer captain take on ships he could leave behind: faster than the
    enemy and with the weather gauge (an escape on any die) he fights only what he would chase; otherwise as
    before (Shannon, an average hull of half La Vengeance's firepower, stands to fight)."""
    choices = {}
    for card in ("la-vengeance", "la-vengeance--copper"):
        for gauge in ("player", "none"):
            s = new_state(OPEN, 1, "FR", 1798)
            refits.card_for(OPEN, card)
            s.flagship.card = card
            _meeting(s, gauge)
            engine = CampaignEngine(OPEN, s)
            choices[card, gauge] = policy.choose(engine, engine.pending)
    assert choices == {("la-vengeance", "player"): "engage", ("la-vengeance", "none"): "engage",
                       ("la-vengeance--copper", "player"): "evade", ("la-vengeance--copper", "none"): "engage"}
