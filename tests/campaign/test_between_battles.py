"""Issue 29 item 5: something to do between battles -- named officers whose modifiers reach the battle, refits
paid for with prize money that take weeks in the yard and change the ship's card in the next battle, crew drafts
by nation, the port.json data schema-checked (file and field named), saves that round-trip."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import cs_desktop
from cs_desktop.campaign import drafts, officers, port, refits, squadron_battle
from cs_desktop.campaign.engine import CampaignEngine, new_state
from cs_desktop.campaign.folder import load_campaign, validate_campaign
from cs_desktop.campaign.headless import from_document, play, save_text, start
from cs_desktop.campaign.state import CampaignState, adjust, ledger_totals, totals
from cs_desktop.rules.cards import ShipCard
from cs_desktop.rules.ratings import build_gunnery, firepower

FOLDER = cs_desktop.SCENARIOS / "campaigns" / "open-career"
OPEN = load_campaign(FOLDER)


def _engine(nation: str, year: int, money: int = 5000, seed: int = 1) -> CampaignEngine:
    s = new_state(OPEN, seed, nation, year)
    adjust(s, None, "money", money, "test: prize money")
    return CampaignEngine(OPEN, s)


def _battle(engine: CampaignEngine, enemy: str = "endymion", nation: str = "GB") -> tuple[dict, ShipCard]:
    """The flagship meets `enemy` at sea and engages: the player's scenario entry and the card she fights under."""
    s = engine.state
    s.port, s.stage = None, "encounter"
    s.encounter = {"scripted": None, "title": "Enemy", "nation": nation, "ships": [enemy], "crew_quality": None,
                   "mission": "cruiser", "sailing": "x", "gauge": "none", "stands": True, "engagement": None,
                   "date": f"{s.date}-10", "weather": {"strength": "fresh", "from": "W"}}
    engine = CampaignEngine(OPEN, s)
    assert engine.submit("engage") and s.battle is not None
    entry = s.battle["scenario"]["sides"][0]["ships"][0]
    return entry, ShipCard.model_validate(s.battle["ships"][entry["ship"]])


def _months_in_yard(engine: CampaignEngine) -> int:
    n = 0
    while refits.holds_squadron(engine.state):
        req = engine.pending
        assert req is not None and [o for o in req.options if o["order"] != "buy"] == [{"order": "refit"}]  # no sailing
        assert engine.submit({"order": "refit"})
        n += 1
    return n


def test_issue_29_item_5_a_coppered_bottom_is_the_faster_hull_in_the_next_battle() -> None:
    engine = _engine("FR", 1798)  # La Vengeance, an average hull, at Brest
    s = engine.state
    assert OPEN.cards["la-vengeance"].hull_type == "average"
    offer = next(o for o in engine.pending.info["works"] if o["refit"] == "copper")
    assert offer["why_not"] is None and offer["weeks"] == 6 and offer["sources"]
    assert engine.submit({"order": "refit", "works": ["copper"]})
    paid = [e["delta"] for e in s.ledger if e["cause"].startswith("Coppering for")]
    assert paid == [-800] and s.works[0]["refit"] == "copper"  # paid, in hand
    start_lines = len(s.journal)
    assert _months_in_yard(engine) == 1  # six weeks: this month's four, two of the next
    assert s.flagship.card == "la-vengeance--copper"
    done = [e for e in s.journal[start_lines:] if e["kind"] in ("works", "refit")]
    assert [e["kind"] for e in done] == ["works"] and "week 2" in done[0]["text"]  # one line: no filler
    assert squadron_battle.squadron_hull(OPEN, s) == "fast"  # the campaign's chase and escape rolls too
    entry, card = _battle(engine)
    assert entry["ship"] == "la-vengeance--copper" and card.hull_type == "fast"
    assert ledger_totals(s) == totals(s)


def test_issue_29_item_5_carronades_change_the_guns_on_her_card_and_her_firepower() -> None:
    engine = _engine("FR", 1798)
    s = engine.state
    before = OPEN.cards["la-vengeance"]
    assert engine.submit({"order": "refit", "works": ["carronades"]})
    _months_in_yard(engine)
    card = OPEN.cards[s.flagship.card]
    assert {(g.count, g.pounds, g.kind) for g in card.armament} == {(28, 18, "long"), (16, 32, "carronade"),
                                                                    (8, 42, "carronade")}
    assert card.gunnery == build_gunnery(card.armament, "FR") and firepower(card) != firepower(before)
    assert s.flagship.gunnery == {k: len(v) for k, v in card.gunnery.items()}  # whole tracks stay whole
    entry, battle_card = _battle(engine)
    assert battle_card.armament == card.armament and battle_card.gunnery == card.gunnery
    assert ledger_totals(s) == totals(s)


def test_issue_29_item_5_the_officers_modifiers_appear_in_the_battles_ship() -> None:
    engine = _engine("FR", 1798)
    s = engine.state
    assert [o["post"] for o in s.officers] == ["first_lieutenant", "second_lieutenant", "master", "marine_officer"]
    assert all(o["name"] in OPEN.captain_names("FR") for o in s.officers)
    assert any(e["kind"] == "officers" for e in s.journal)
    s.flagship.experience, s.flagship.morale = 9, 2  # an average crew one short of crack, morale Fair
    entry, _ = _battle(engine)
    assert s.flagship.quality == "average" and entry["crew_quality"] == "crack"  # the first lieutenant's +1
    assert "morale" not in entry.get("start_state", {})  # the marine officer's box: Handy
    engine = _engine("FR", 1798)
    engine.state.officers = []
    engine.state.flagship.experience, engine.state.flagship.morale = 9, 2
    entry, _ = _battle(engine)
    assert entry["crew_quality"] == "average" and entry["start_state"]["morale"] == "fair"


def test_issue_29_item_5_the_master_mends_rigging_at_sea_and_officers_gain_experience() -> None:
    s = new_state(OPEN, 1, "GB", 1806)
    CampaignEngine(OPEN, s)  # the first month: the posts filled at Plymouth
    adjust(s, s.flagship, "rigging", -3, "test: damage aloft")
    s.port = None
    officers.month_end(OPEN, s)
    assert s.ledger[-1]["cause"].startswith("mended at sea by the master") and s.ledger[-1]["delta"] == 1
    assert all(o["experience"] == 1 for o in s.officers)
    for o in s.officers:
        o["experience"] = 12  # seasoned: the master mends two a month
    officers.month_end(OPEN, s)
    assert s.ledger[-1]["delta"] == 2 and ledger_totals(s) == totals(s)


def test_issue_29_item_5_officers_are_killed_taken_promoted_away_and_replaced() -> None:
    s = new_state(OPEN, 1, "US", 1812)
    CampaignEngine(OPEN, s)
    dead = 0
    for seed in range(30):
        t = CampaignState.from_dict(json.loads(json.dumps(s.to_dict())))
        t.seed = seed
        officers.after_battle(OPEN, t, crew_lost=5, crew_points=14)  # a hard battle
        dead += 4 - len(t.officers)
        assert all(o["experience"] == 3 for o in t.officers)
    assert 5 < dead < 60  # each killed on a 6 (the marine officer on a 5 or 6)
    s.status = "prisoner"
    officers.after_battle(OPEN, s, crew_lost=0, crew_points=14)
    assert s.officers == [] and "captivity" in s.journal[-1]["text"]
    s.status, s.stage = "command", "month"
    s.port = "boston"
    engine = CampaignEngine(OPEN, s)
    assert len(engine.state.officers) == 4  # replaced in port
    first = officers.in_post(s, "first_lieutenant")
    first["experience"], first["since"] = 30, "1811-01"
    second = officers.in_post(s, "second_lieutenant")["name"]
    officers.month_end(OPEN, s)
    assert officers.in_post(s, "first_lieutenant")["name"] == second and "made commander" in s.journal[-1]["text"]


def test_issue_29_item_5_drafts_by_nation_feed_the_crew_and_cost_what_the_data_says() -> None:
    gb, us = _engine("GB", 1806), _engine("US", 1812)
    for engine in (gb, us):
        adjust(engine.state, engine.state.flagship, "crew", -8, "test: losses")
    press, volunteers = gb.pending.info["draft"], us.pending.info["draft"]
    assert (press["method"], press["quality"], press["points"]) == ("press", "green", 6)
    assert (volunteers["method"], volunteers["quality"], volunteers["points"]) == ("volunteers", "average", 4)
    s = gb.state
    crew, rep, exp = s.flagship.crew, s.reputation, s.flagship.experience
    assert gb.submit({"order": "refit", "draft": 5})
    paid = sum(e["delta"] for e in s.ledger if e["what"] == "money" and e["cause"].startswith("the press"))
    assert s.flagship.crew == crew + 5 and paid == -5 * 4 and s.reputation == rep - 2  # two weeks
    assert s.flagship.experience == exp * crew // (crew + 5)  # green men dilute a crack crew
    refused = us.submit({"order": "refit", "draft": 5})
    assert not refused and "draft 5" in refused.message
    assert drafts.of(OPEN, _engine("FR", 1798).state).method == "inscription"


def test_issue_29_item_5_a_refit_refuses_what_the_yard_or_the_purse_cannot_do() -> None:
    engine = _engine("GB", 1798, money=0)  # Endymion: a fast hull
    s = engine.state
    why = port.check_refit(OPEN, s, {"order": "refit", "works": ["copper"]})
    assert why is not None and "fast already" in why
    why = port.check_refit(OPEN, s, {"order": "refit", "works": ["teak"]})
    assert why is not None and "teak" in why
    engine = _engine("FR", 1798, money=0)
    why = port.check_refit(OPEN, engine.state, {"order": "refit", "works": ["copper"]})
    assert why is not None and "costs" in why


def test_issue_29_item_5_a_save_round_trips_a_refitted_ship_and_her_officers() -> None:
    engine = _engine("FR", 1798)
    assert engine.submit({"order": "refit", "works": ["copper", "boats"]})
    text = save_text(engine)
    again = from_document(json.loads(text), "save")
    assert save_text(again) == text and again.state.works == engine.state.works
    _months_in_yard(again)
    text = save_text(again)
    back = from_document(json.loads(text), "save")  # load_campaign's cards are the folder's: hers derived again
    card = "la-vengeance--boats--copper"  # the refits in the order they were done: the boats in a week
    assert back.state.flagship.card == card and save_text(back) == text
    assert back.c.cards[card].hull_type == "fast" and refits.boats_bonus(back.c, back.state) == 1


def test_issue_29_item_5_bad_port_data_is_refused_naming_file_and_field(tmp_path: Path) -> None:
    folder = tmp_path / "c"
    shutil.copytree(FOLDER, folder)
    data = json.loads((folder / "port.json").read_text())
    data["refits"][0]["weeks"] = 0
    (folder / "port.json").write_text(json.dumps(data))
    lines = validate_campaign(folder)
    assert any("port.json" in x and "refits.0.weeks" in x.replace("[", ".").replace("]", "") for x in lines), lines
    data["refits"][0]["weeks"] = 6
    data["drafts"][1]["nation"] = "GB"
    (folder / "port.json").write_text(json.dumps(data))
    lines = validate_campaign(folder)
    assert any("port.json" in x and "drafts[1].nation" in x for x in lines), lines


def test_issue_29_item_5_computer_careers_use_the_yard_and_the_draft() -> None:
    kinds: set[str] = set()
    for nation, year, seed in (("US", 1812, 2), ("FR", 1798, 2)):  # seeds chosen: the US career refits, the French drafts
        engine = start(OPEN, seed, nation, year)
        play(engine, months=30)
        kinds |= {e["kind"] for e in engine.state.journal}
        assert ledger_totals(engine.state) == totals(engine.state)
    assert {"works", "officers", "draft"} <= kinds
