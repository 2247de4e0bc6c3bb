"""A squadron fights together (rulings RC15.5a-RC15.5c in docs/rulings.md): consorts fit to fight join the
generated battle with their own carried-over tracks under the fleet rules; an unfit consort leaves the
flagship's battle exactly as it was; the squadron runs at its slowest hull; the result carries back per ship."""

from __future__ import annotations

import copy
from typing import Any

import cs_desktop
from cs_desktop.campaign import policy
from cs_desktop.campaign.battle import effective_fp
from cs_desktop.campaign.engine import CampaignEngine
from cs_desktop.campaign.folder import load_campaign
from cs_desktop.campaign.headless import start
from cs_desktop.campaign.prizes import guard
from cs_desktop.campaign.squadron_battle import consorts_fighting, squadron_fp, squadron_hull
from cs_desktop.campaign.state import CampaignState, ShipRecord, join, ledger_totals, totals
from cs_desktop.rules.cards import SECTION_NAMES, Scenario, ShipCard
from cs_desktop.batch.simulate import play_game

C = load_campaign(cs_desktop.SCENARIOS / "campaigns" / "constitution-1812")


def _at_an_enemy_that_stands(seed: int = 0) -> CampaignEngine:
    """A career run by the policy to its first encounter the flagship can engage."""
    engine = start(C, seed)
    while (req := engine.pending) is not None:
        if req.kind == "encounter" and "engage" in req.options:
            return engine
        assert engine.submit(_fight(req.info) if req.kind == "battle" else policy.choose(engine, req))
    raise AssertionError("no encounter to engage")


def _fight(b: dict[str, Any]) -> dict[str, Any]:
    game = play_game(Scenario.model_validate(b["scenario"]),
                     {k: ShipCard.model_validate(v) for k, v in b["ships"].items()}, b["seed"], ("simple", "simple"),
                     b["options"])
    return {"decisions": game.decisions}


def _consort(s: CampaignState, card_id: str, crew: int, prisoners: int = 0) -> ShipRecord:
    card = C.cards[card_id]
    gunnery = {x: len(card.gunnery[x]) for x in SECTION_NAMES}
    gunnery["port_bow"] -= 1
    ship = ShipRecord(id=f"ship-9-{card_id}", card=card_id, name=card.name, role="consort", experience=4, crew=crew,
                      rigging=card.rigging_points - 2, gunnery=gunnery, morale=2, stores=3, shot=40,
                      prisoners=prisoners)
    join(s, ship, f"{card.name} joins for the test")
    return ship


def test_rc15_5a_a_consort_fit_to_fight_sails_into_the_battle_with_what_she_carries_under_the_fleet_rules() -> None:
    engine = _at_an_enemy_that_stands()
    s = engine.state
    shannon = _consort(s, "shannon", crew=12, prisoners=7)
    assert consorts_fighting(C, s) == [shannon] and guard(C, shannon) == 2
    assert squadron_fp(C, s) > effective_fp(C.cards[s.flagship.card], s.flagship.guns)  # the summons weighs both
    assert engine.submit("engage")
    b = s.battle
    assert b is not None and b["squadron"] == [s.flagship.id, shannon.id] and b["guards"] == {shannon.id: 2}
    scenario = Scenario.model_validate(b["scenario"])
    assert scenario.options.fleet_rules and scenario.options.relativity == "fractional"
    flag_entry, entry = scenario.sides[0].ships
    assert entry.ship_id == "shannon" and entry.crew_quality == "average"
    assert entry.start_state is not None and entry.start_state.crew == 10  # 12 less a guard of 2 (RC15.3b)
    assert entry.start_state.rigging == C.cards["shannon"].rigging_points - 2
    assert entry.start_state.gunnery == {"port_bow": len(C.cards["shannon"].gunnery["port_bow"]) - 1}
    assert entry.start_state.morale == "fair" and entry.heading == flag_entry.heading
    assert any(e["kind"] == "squadron" and "Shannon (consort" in e["text"] for e in s.journal)
    assert engine.submit(_fight(b))
    assert totals(s) == ledger_totals(s)
    assert any(e["ship"] == shannon.id and e["cause"].startswith("battle: ") for e in s.ledger) \
        or shannon not in s.ships


def test_rc15_5a_an_unfit_consort_keeps_clear_and_the_flagships_battle_is_unchanged() -> None:
    engine = _at_an_enemy_that_stands()
    alone = CampaignEngine(C, CampaignState.from_dict(copy.deepcopy(engine.state.to_dict())))
    _consort(engine.state, "curlew", crew=1)  # a delivery crew cannot work her guns (working crew 2)
    assert consorts_fighting(C, engine.state) == []
    assert engine.submit("engage") and alone.submit("engage")
    a, b = engine.state.battle, alone.state.battle
    assert a is not None and b is not None and "squadron" not in a
    assert a["scenario"] == b["scenario"] and a["ships"] == b["ships"] and a["seed"] == b["seed"]
    assert not Scenario.model_validate(a["scenario"]).options.fleet_rules


def test_rc15_5b_the_squadron_runs_and_chases_at_its_slowest_hull() -> None:
    engine = _at_an_enemy_that_stands()
    s = engine.state
    assert squadron_hull(C, s) == "fast"  # Constitution alone
    _consort(s, "shannon", crew=2)  # unfit to fight, but she sails with the squadron
    assert squadron_hull(C, s) == "average"
    e = s.encounter
    assert e is not None
    twin = CampaignEngine(C, CampaignState.from_dict(copy.deepcopy(s.to_dict())))
    twin.state.ships = [x for x in twin.state.ships if x.role != "consort"]
    assert engine.submit("evade") and twin.submit("evade")
    rolls = [next(x["text"] for x in eng.state.journal[::-1] if x["kind"] == "evade") for eng in (engine, twin)]
    mods = [int(t.split("escape roll ")[1].rstrip(").")[1:]) for t in rolls]
    assert mods[0] == mods[1] - 1, rolls  # one hull step slower
