"""The port screen's choices (issue 15 item 4): a refit answered with how many boxes of each track to repair,
how many crew points to recruit and whether to fill stores and shot; checked (a refusal changes nothing),
paid for, and every change in the ledger with its cause."""

from __future__ import annotations

import json

import cs_desktop
from cs_desktop.campaign import port
from cs_desktop.campaign.engine import CampaignEngine, Refused
from cs_desktop.campaign.folder import load_campaign
from cs_desktop.campaign.headless import start
from cs_desktop.campaign.state import adjust, adjust_section, ledger_totals, totals

C = load_campaign(cs_desktop.SCENARIOS / "campaigns" / "constitution-1812")


def _hurt(engine: CampaignEngine) -> None:
    s = engine.state
    adjust(s, s.flagship, "rigging", -5, "test damage")
    adjust_section(s, s.flagship, "port_bow", -4, "test damage")
    adjust(s, s.flagship, "crew", -9, "test losses")
    adjust(s, s.flagship, "stores", -2, "test: stores eaten")


def test_the_port_request_offers_each_damaged_track_the_recruits_and_their_costs() -> None:
    engine = start(C, 1)
    _hurt(engine)
    req = engine.pending
    assert req is not None and req.kind == "orders"
    lim = req.info["refit"]
    terms = C.campaign.terms
    assert lim["repair"] == {"rigging": 5, "port_bow": 4} and lim["repair_total"] == 8
    assert lim["recruit"] == 6 and lim["recruit_quality"] == C.port("boston").recruits.quality
    assert (lim["repair_cost"], lim["recruit_cost"]) == (terms.repair_cost_per_box, terms.recruit_cost_per_point)


def test_a_refit_with_choices_repairs_what_was_chosen_and_pays_for_it() -> None:
    engine = start(C, 1)
    _hurt(engine)
    s = engine.state
    flag, terms, money = s.flagship, C.campaign.terms, s.money
    rigging, bow, crew, stores = flag.rigging, flag.gunnery["port_bow"], flag.crew, flag.stores
    assert engine.submit({"order": "refit", "repair": {"port_bow": 3}, "recruit": 2, "loads": False})
    assert flag.rigging == rigging and flag.gunnery["port_bow"] == bow + 3 and flag.crew == crew + 2
    assert flag.stores == stores  # not victualled (a month in port eats none)
    assert s.money == money - 3 * terms.repair_cost_per_box - 2 * terms.recruit_cost_per_point + terms.pay
    assert totals(s) == ledger_totals(s)
    causes = [e["cause"] for e in s.ledger if e["date"] == "1812-07" and e["what"] in ("guns", "crew", "money")]
    assert "repaired at Boston" in causes and "recruited at Boston" in causes


def test_a_refit_beyond_the_port_or_the_purse_is_refused_and_changes_nothing() -> None:
    engine = start(C, 1)
    _hurt(engine)
    before = json.dumps(engine.state.to_dict())
    for bad, words in (({"repair": {"rigging": 5, "port_bow": 4}}, "at most 8 a month"),
                       ({"repair": {"rigging": 6}}, "choose 0 to 5"),
                       ({"repair": {"starboard_bow": 1}}, "nothing to repair there"),
                       ({"recruit": 7}, "choose 0 to 6"),
                       ({"paint": True}, "unknown choice")):
        result = engine.submit({"order": "refit", **bad})
        assert isinstance(result, Refused) and words in result.message, (bad, result)
        assert json.dumps(engine.state.to_dict()) == before
    adjust(engine.state, None, "money", -engine.state.money + 1, "test: an empty purse")
    result = engine.submit({"order": "refit", "repair": {"rigging": 1}})
    assert isinstance(result, Refused) and "the ship's account holds 1" in result.message


def test_the_whole_refit_is_still_one_answer_and_choices_need_a_port() -> None:
    engine = start(C, 1)
    _hurt(engine)
    assert port.check_refit(C, engine.state, {"order": "refit"}) is None
    assert engine.submit({"order": "cruise", "area": "north-atlantic", "stance": "avoid"})
    while engine.pending is not None and engine.pending.kind != "orders":
        engine.submit(engine.pending.options[-1] if engine.pending.options else None)
    assert engine.state.port is None
    result = engine.submit({"order": "refit", "recruit": 1})
    assert isinstance(result, Refused) and "orders: choose one of" in result.message
