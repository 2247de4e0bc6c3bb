"""Issue 29, item 4: several ports, each with its own costs, yard and crews. A port's own cost of a box and
bounty for a crew point replace the campaign's; an anchorage mends the rigging only."""

from __future__ import annotations

import cs_desktop
from cs_desktop.campaign import port
from cs_desktop.campaign.engine import new_state
from cs_desktop.campaign.folder import load_campaign
from cs_desktop.campaign.state import CampaignState, adjust, adjust_section, ledger_totals, totals

OPEN = load_campaign(cs_desktop.SCENARIOS / "campaigns" / "open-career")


def _hurt(nation: str, year: int, at: str) -> CampaignState:
    s = new_state(OPEN, 1, nation, year)
    s.port, s.area = at, OPEN.port(at).area
    adjust(s, None, "money", 5000 - s.money, "test purse")
    flag = s.flagship
    adjust(s, flag, "rigging", -3, "test damage")
    adjust_section(s, flag, "port_bow", -2, "test damage")
    adjust(s, flag, "crew", -2, "test losses")
    return s


def test_each_port_has_its_own_costs_or_the_campaigns() -> None:
    terms = OPEN.campaign.terms
    assert port.terms_at(OPEN, OPEN.port("plymouth")) == terms
    gib = port.terms_at(OPEN, OPEN.port("gibraltar"))
    assert (gib.repair_cost_per_box, gib.recruit_cost_per_point) == (14, 14) != (terms.repair_cost_per_box,
                                                                                 terms.recruit_cost_per_point)
    assert port.terms_at(OPEN, OPEN.port("new-york")).recruit_cost_per_point == 8
    assert {p.yard for p in OPEN.areas.ports} == {"dockyard", "yard", "anchorage"}


def test_a_refit_at_gibraltar_pays_gibraltars_prices() -> None:
    s = _hurt("GB", 1806, "gibraltar")
    money = s.money
    port.refit(OPEN, s)
    line = s.journal[-1]
    assert money - s.money == 14 * line["repaired"] + 14 * line["recruits"] and line["repaired"] >= 5
    assert totals(s) == ledger_totals(s)


def test_an_anchorage_mends_the_rigging_only() -> None:
    s = _hurt("FR", 1806, "fort-royal")
    lim = port.refit_limits(OPEN, s)
    assert lim["yard"] == "anchorage" and set(lim["repair"]) == {"rigging"} and lim["repair_cost"] == 16
    why = port.check_refit(OPEN, s, {"order": "refit", "repair": {"port_bow": 1}})
    assert why is not None and "an anchorage mends the rigging only" in why
    guns = s.flagship.gunnery["port_bow"]
    port.refit(OPEN, s)
    assert s.flagship.gunnery["port_bow"] == guns and s.journal[-1]["repaired"] == 3  # the three rigging boxes
    dock = _hurt("FR", 1806, "brest")
    port.refit(OPEN, dock)
    assert dock.flagship.gunnery["port_bow"] == guns + 2
