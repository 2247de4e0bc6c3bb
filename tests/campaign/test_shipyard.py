"""Buying a ship in port (ruling RC15.4a in docs/rulings.md): a port's `for_sale` in areas.json, checked by
`captains-sea validate` (FILE: FIELD: problem); the orders request's buy options, paid from the purse, the ship
joining the squadron with every quantity in the ledger; no time passes."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

import cs_desktop
from cs_desktop.campaign import shipyard
from cs_desktop.campaign.engine import Refused
from cs_desktop.campaign.folder import load_campaign, validate_campaign
from cs_desktop.campaign.headless import start
from cs_desktop.campaign.state import adjust, ledger_totals, totals
from cs_desktop.cli.main import main

SHIPPED = cs_desktop.SCENARIOS / "campaigns" / "constitution-1812"
C = load_campaign(SHIPPED)


def test_rc15_4a_the_shipped_campaigns_offer_ships_priced_as_the_prize_court_would_pay_for_them() -> None:
    terms = C.campaign.terms
    for cid in ("constitution-1812", "open-career"):
        c = load_campaign(cs_desktop.SCENARIOS / "campaigns" / cid)
        offers = [(p.id, o) for p in c.areas.ports for o in p.for_sale]
        assert offers, cid
        for _port, o in offers:
            card = c.cards[o.ship]
            boxes = sum(len(v) for v in card.gunnery.values())
            assert o.price == boxes * terms.prize_value_per_gun_box * terms.captain_share // 100
            assert any("designed" in src for src in o.sources)


def test_rc15_4a_a_ship_bought_joins_the_squadron_paid_from_the_purse_and_no_time_passes() -> None:
    engine = start(C, 1)
    s = engine.state
    req = engine.pending
    assert req is not None and {"order": "buy", "ship": "curlew"} not in req.options  # the purse holds 300
    (offer,) = req.info["for_sale"]
    assert (offer["ship"], offer["price"], offer["affordable"], offer["crew"]) == ("curlew", 1200, False, 1)
    refused = engine.submit({"order": "buy", "ship": "curlew"})
    assert isinstance(refused, Refused) and "orders: choose one of" in refused.message
    adjust(s, None, "money", 1000, "test: prize money")
    req = engine.pending
    assert req is not None and {"order": "buy", "ship": "curlew"} in req.options
    assert engine.submit({"order": "buy", "ship": "curlew"})
    assert s.date == "1812-07" and s.money == 100 and engine.pending is not None
    assert engine.pending.kind == "orders" and {"order": "buy", "ship": "curlew"} not in engine.pending.options
    bought = s.ships[1]
    card = C.cards["curlew"]
    assert (bought.role, bought.card, bought.crew, bought.rigging, bought.guns) == ("consort", "curlew", 1, 4, 8)
    assert bought.stores == C.campaign.terms.stores_months and bought.quality == "average"
    assert s.bought == ["boston/curlew"] and shipyard.offers(C, s)[0]["bought"]
    assert {e["cause"] for e in s.ledger if e["ship"] == bought.id} == {"Curlew bought at Boston"}
    assert any(e["cause"] == "Curlew bought at Boston" and e["delta"] == -1200 for e in s.ledger)
    assert totals(s) == ledger_totals(s)
    assert card.crew_points == 5 and engine.pending.info["refit_ships"][bought.id]["recruit"] == 4


def test_rc15_4a_nothing_for_sale_at_sea() -> None:
    engine = start(C, 1)
    s = engine.state
    adjust(s, None, "money", 5000, "test: prize money")
    s.port = None
    assert shipyard.offers(C, s) == [] and shipyard.buy_options(C, s) == []


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    target = tmp_path / "camp"
    shutil.copytree(SHIPPED, target)
    return target


def _edit_port(folder: Path, change: object) -> None:
    path = folder / "areas.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data["ports"][0])  # type: ignore[operator]
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")


def test_rc15_4a_ships_for_sale_are_checked_naming_file_and_field(copy: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    _edit_port(copy, lambda p: p.update(for_sale=[{"ship": "no-such-ship", "price": 100, "sources": ["x"]}]))
    problems = validate_campaign(copy)
    assert any("areas.json: ports[0].for_sale[0].ship:" in line and "no ship card no-such-ship.json" in line
               for line in problems), problems
    _edit_port(copy, lambda p: p.update(for_sale=[{"ship": "curlew", "price": 100, "sources": ["x"]}] * 2))
    assert any("ports[0].for_sale[1].ship: ship 'curlew' is offered twice" in x for x in validate_campaign(copy))
    _edit_port(copy, lambda p: p.update(for_sale=[{"ship": "curlew", "price": -5, "sources": ["x"]}]))
    assert any("ports[0].for_sale[0].price" in x for x in validate_campaign(copy))
    _edit_port(copy, lambda p: p.update(for_sale=[{"ship": "curlew", "price": 5, "sources": []}]))
    assert any("ports[0].for_sale[0].sources" in x for x in validate_campaign(copy))
    assert main(["validate", str(copy)]) == 2
    assert "for_sale[0].sources" in capsys.readouterr().out
