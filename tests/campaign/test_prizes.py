"""A prize's fate in port and prisoners under guard (rulings RC15.3a, RC15.3b, RC15.3c in docs/rulings.md):
the `prize_fate` request (sell or keep), checked, every change in the ledger with its cause; the guard that
stays below in a battle; unguarded prisoners rising on a seeded roll."""

from __future__ import annotations

import json

import cs_desktop
from cs_desktop.campaign import consequences, prizes
from cs_desktop.campaign.engine import CampaignEngine, Refused
from cs_desktop.campaign.folder import load_campaign
from cs_desktop.campaign.headless import start
from cs_desktop.campaign.state import adjust, ledger_totals, totals
from cs_desktop.rules.cards import Scenario, ShipCard
from cs_desktop.rules.dice import Dice
from cs_desktop.batch.simulate import play_game

C = load_campaign(cs_desktop.SCENARIOS / "campaigns" / "constitution-1812")


def _prize(prisoners: int = 6, guns: int = 20) -> dict[str, object]:
    card = C.cards["guerriere"]
    gunnery = {s: 0 for s in card.gunnery}
    left = guns
    for s in gunnery:
        gunnery[s] = min(left, len(card.gunnery[s]))
        left -= gunnery[s]
    return {"card": "guerriere", "name": "Guerriere", "prisoners": prisoners, "rigging": 4, "gunnery": gunnery,
            "quality": "average"}


def _home_with_a_prize(seed: int = 1) -> CampaignEngine:
    """An engine whose squadron comes home to Boston with Guerriere as a prize: the month's end is run."""
    engine = start(C, seed)
    s = engine.state
    s.port, s.area = None, "north-atlantic"
    s.prizes = [_prize()]
    consequences.decide_prize(C, s, "take")
    s.orders = {"order": "return", "port": "boston"}
    s.stage = "finish"
    engine._run()
    return engine


def test_rc15_3a_a_prize_in_a_prize_court_port_waits_for_the_players_choice() -> None:
    engine = _home_with_a_prize()
    s = engine.state
    req = engine.pending
    assert req is not None and req.kind == "prize_fate" and req.options == ["sell", "keep"]
    assert s.port == "boston" and s.date == "1812-07"  # the month closes only once her fate is chosen
    assert req.info["name"] == "Guerriere" and req.info["value"] == 20_000 and req.info["share"] == 3_000
    before = json.dumps(s.to_dict())
    refused = engine.submit("scuttle")
    assert isinstance(refused, Refused) and "prize_fate: choose one of" in refused.message
    assert json.dumps(s.to_dict()) == before


def test_rc15_3a_sold_the_captain_is_paid_his_share_and_the_month_closes() -> None:
    engine = _home_with_a_prize()
    s = engine.state
    money, crew = s.money, s.flagship.crew
    assert engine.submit("sell")
    assert s.money == money + 3_000 + C.campaign.terms.pay and s.flagship.crew == crew + 1
    assert [x.role for x in s.ships] == ["flagship"] and s.stats["condemned"] == 1
    assert s.date == "1812-08" and engine.pending is not None and engine.pending.kind == "orders"
    assert totals(s) == ledger_totals(s)


def test_rc15_3a_kept_she_joins_the_squadron_with_her_damage_and_her_prize_crew() -> None:
    engine = _home_with_a_prize()
    s = engine.state
    money, crew, reputation = s.money, s.flagship.crew, s.reputation
    prize = prizes.awaiting(C, s)[0]
    assert engine.submit("keep")
    kept = s.ships[1]
    assert (kept.role, kept.card, kept.crew, kept.guns, kept.rigging) == ("consort", "guerriere", 1, 20, 4)
    assert prize not in s.ships and s.flagship.crew == crew  # the prize crew stays aboard her as her crew
    assert s.money == money + C.campaign.terms.pay  # no share: she was bought in with it
    assert s.reputation == reputation + 2 and s.stats["condemned"] == 1 and s.stats["kept"] == 1
    causes = {e["cause"] for e in s.ledger if e["ship"] == kept.id}
    assert causes == {"Guerriere condemned at Boston and taken into the squadron"}
    assert totals(s) == ledger_totals(s)
    # she needs crew: the next refit may recruit for her rather than the flagship
    req = engine.pending
    assert req is not None and req.kind == "orders"
    lim = req.info["refit_ships"][kept.id]
    assert lim["recruit"] == 6 and lim["repair"]["rigging"] == 7
    assert engine.submit({"order": "refit", "ship": kept.id, "recruit": 6, "repair": {"rigging": 7}})
    assert kept.crew == 7 and kept.rigging == 11 and kept.stores == C.campaign.terms.stores_months
    assert totals(s) == ledger_totals(s)


def test_rc15_3a_a_refit_for_a_ship_not_in_the_squadron_is_refused() -> None:
    engine = _home_with_a_prize()
    engine.submit("keep")
    before = json.dumps(engine.state.to_dict())
    refused = engine.submit({"order": "refit", "ship": "java", "recruit": 1})
    assert isinstance(refused, Refused) and "choose one of the squadron's" in refused.message
    assert json.dumps(engine.state.to_dict()) == before


def test_rc15_3a_the_computer_policy_keeps_her_on_rc15_6a_terms() -> None:
    from cs_desktop.campaign import policy

    engine = _home_with_a_prize()
    req = engine.pending
    assert req is not None and policy.choose(engine, req) == "keep"  # a fighting ship it can man


def test_rc15_3b_the_guard_is_one_crew_point_for_six_prisoners_spared_beyond_the_working_crew() -> None:
    s = start(C, 1).state
    flag = s.flagship  # Constitution: 18 crew points, 6 of them work the ship and are never told off
    assert prizes.working_crew(C, flag) == 6
    for held, guard, loose in ((0, 0, 0), (1, 1, 0), (13, 3, 0), (72, 12, 0), (80, 12, 8)):
        adjust(s, flag, "prisoners", held - flag.prisoners, "test: prisoners aboard")
        assert (prizes.guard(C, flag), prizes.unguarded(C, flag)) == (guard, loose), held
        assert prizes.fighting_crew(C, flag) == 18 - guard


def test_rc15_3b_the_guard_does_not_fight_and_rejoins_after_the_battle() -> None:
    engine = start(C, 2)
    s = engine.state
    assert engine.submit({"order": "refit"})
    adjust(s, s.flagship, "prisoners", 30, "test: prisoners aboard")  # a guard of 5
    assert engine.submit({"order": "cruise", "area": "north-atlantic", "stance": "avoid"})
    assert engine.submit("engage")
    req = engine.pending
    assert req is not None and req.kind == "battle" and req.info["guard"] == 5
    scenario = Scenario.model_validate(req.info["scenario"])
    mine = next(x for side in scenario.sides for x in side.ships if x.ship == "constitution")
    assert mine.start_state is not None and mine.start_state.crew == 18 - 5
    assert any("guard the 30 point(s) of prisoners" in e["text"] for e in s.journal)
    game = play_game(scenario, {k: ShipCard.model_validate(v) for k, v in req.info["ships"].items()},
                     req.info["seed"], ("simple", "simple"), req.info["options"])
    assert engine.submit({"decisions": game.decisions})
    fought = next(x for x in game.state.ships.values() if x.card.id == "constitution")
    if not s.ended:
        assert s.flagship.crew == fought.crew + 5
    assert totals(s) == ledger_totals(s)


def _seed_whose_first_die(low: bool) -> int:
    return next(seed for seed in range(200) if (Dice(seed).d6() <= prizes.RISING_ON) == low)


def test_rc15_3c_unguarded_prisoners_rise_on_one_or_two_and_are_put_down() -> None:
    s = start(C, 1).state
    s.port = None
    flag = s.flagship
    adjust(s, flag, "prisoners", 100, "test: prisoners aboard")  # guard 12 holds 72: 28 unguarded
    crew, seed = flag.crew, _seed_whose_first_die(low=True)
    dice = Dice(seed)
    prizes.rising(C, s, dice)
    assert dice.counter == 1
    assert flag.crew == crew - 5 and flag.prisoners == 100 - 10  # 28 unguarded: 5 crew, 10 prisoners
    assert [e["kind"] for e in s.journal][-1] == "rising"
    assert {e["cause"] for e in s.ledger[-2:]} == {"the prisoners rise in Constitution and are put down"}
    assert totals(s) == ledger_totals(s)


def test_rc15_3c_unguarded_prisoners_may_stay_quiet_and_guarded_ones_roll_nothing() -> None:
    s = start(C, 1).state
    s.port = None
    flag = s.flagship
    adjust(s, flag, "prisoners", 100, "test: prisoners aboard")
    dice = Dice(_seed_whose_first_die(low=False))
    prizes.rising(C, s, dice)
    assert (flag.crew, flag.prisoners, dice.counter) == (18, 100, 1)
    adjust(s, flag, "prisoners", -40, "test: prisoners landed")  # 60: all guarded
    prizes.rising(C, s, dice)
    assert dice.counter == 1


def test_rc15_3c_the_month_end_at_sea_rolls_for_a_rising() -> None:
    s = start(C, 1).state
    s.port, s.stage = None, "finish"
    adjust(s, s.flagship, "prisoners", 100, "test: prisoners aboard")
    dice = Dice(_seed_whose_first_die(low=True))
    consequences.month_end(C, s, dice)
    assert any(e["kind"] == "rising" for e in s.journal) and s.flagship.prisoners == 90


def test_rc15_3a_a_saved_prize_fate_with_no_prize_in_port_is_refused_naming_the_state() -> None:
    import pytest

    from cs_desktop.campaign.headless import document, from_document
    from cs_desktop.formats.jsonread import FileFormatError

    engine = _home_with_a_prize()
    doc = document(engine)
    assert from_document(json.loads(json.dumps(doc)), "save").pending is not None  # as saved: it goes on
    doc["state"]["ships"] = [x for x in doc["state"]["ships"] if x["role"] != "prize"]
    with pytest.raises(FileFormatError, match="not a campaign state this program can continue"):
        from_document(doc, "save")
