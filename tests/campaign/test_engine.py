"""The campaign engine (issue 15, items 2-4): requests with legal options, refusals that change nothing, battles
generated as scenarios and replayed from their decisions, damage carried over box for box, the ledger that
accounts for every change, and whole campaigns that replay equal for a seed."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cs_desktop
from cs_desktop.campaign.engine import CampaignEngine, Refused
from cs_desktop.campaign.folder import load_campaign
from cs_desktop.campaign.headless import load, play, save, save_text, start
from cs_desktop.campaign.prizes import fighting_crew
from cs_desktop.campaign.state import CampaignState, ledger_totals, totals
from cs_desktop.cli.main import main
from cs_desktop.formats.jsonread import FileFormatError
from cs_desktop.rules.cards import Scenario, ShipCard
from cs_desktop.batch.simulate import play_game

CAMPAIGN = load_campaign(cs_desktop.SCENARIOS / "campaigns" / "constitution-1812")


def _to(engine: CampaignEngine, kind: str) -> None:
    """Play with the policy and the simple captains until a request of `kind` is pending."""
    from cs_desktop.campaign import policy

    for _ in range(500):
        req = engine.pending
        assert req is not None, "the career ended first"
        if req.kind == kind:
            return
        if req.kind == "battle":
            b = req.info
            game = play_game(Scenario.model_validate(b["scenario"]),
                             {k: ShipCard.model_validate(v) for k, v in b["ships"].items()}, b["seed"],
                             ("simple", "simple"), b["options"])
            assert engine.submit({"decisions": game.decisions})
        else:
            assert engine.submit(policy.choose(engine, req))
    raise AssertionError(f"no {kind} request")


def _check_invariants(engine: CampaignEngine) -> None:
    s = engine.state
    assert totals(s) == ledger_totals(s), "something was created or lost without a recorded cause"
    assert all(e["cause"] for e in s.ledger)
    for ship in s.ships:
        card = CAMPAIGN.cards[ship.card]
        assert 0 <= ship.crew <= card.crew_points and 0 <= ship.rigging <= card.rigging_points
        assert all(0 <= ship.gunnery[k] <= len(card.gunnery[k]) for k in ship.gunnery)
        assert ship.stores >= 0 and ship.shot >= 0 and ship.prisoners >= 0 and 1 <= ship.morale <= 3
    assert json.loads(json.dumps(s.to_dict())) == s.to_dict()


def test_first_request_is_the_orders_of_the_first_month_in_port() -> None:
    engine = start(CAMPAIGN, 1)
    req = engine.pending
    assert req is not None and req.kind == "orders"
    assert engine.state.date == "1812-07" and engine.state.port == "boston"
    assert {"order": "refit"} in req.options
    assert {"order": "cruise", "area": "north-atlantic", "stance": "seek"} in req.options
    assert {"order": "blockade", "port": "halifax"} in req.options
    assert [h["title"] for h in req.info["history"]][:1] == ["Constitution vs Guerriere"]


def test_an_illegal_answer_is_refused_and_changes_nothing() -> None:
    engine = start(CAMPAIGN, 1)
    before = json.dumps(engine.state.to_dict())
    result = engine.submit({"order": "cruise", "area": "atlantis", "stance": "seek"})
    assert isinstance(result, Refused) and "orders: choose one of" in result.message
    assert json.dumps(engine.state.to_dict()) == before


def test_a_scripted_action_is_met_with_its_historical_terms() -> None:
    """Guerriere, August 1812, off Halifax: met by a captain cruising there that month, Constitution holding
    the weather gauge, a meeting engagement (the campaign's history.json, with sources)."""
    engine = start(CAMPAIGN, 2)
    s = engine.state
    assert engine.submit({"order": "refit"})
    assert s.date == "1812-08"
    assert engine.submit({"order": "cruise", "area": "north-atlantic", "stance": "avoid"})
    req = engine.pending
    assert req is not None and req.kind == "encounter" and req.info["scripted"] == "guerriere"
    assert req.info["gauge"] == "player" and req.options == ["engage", "evade", "parley"]
    assert engine.submit("engage")
    battle = engine.pending
    assert battle is not None and battle.kind == "battle"
    scenario = Scenario.model_validate(battle.info["scenario"])
    assert scenario.title == "Constitution vs Guerriere" and scenario.engagement == "meeting"
    assert scenario.weather_gauge == "us" and scenario.date == "1812-08-19"
    assert any("weather gauge" in t.lower() for t in battle.info["terms"])


def test_a_battle_answer_must_replay_to_a_finished_game() -> None:
    engine = start(CAMPAIGN, 2)
    engine.submit({"order": "refit"})
    engine.submit({"order": "cruise", "area": "north-atlantic", "stance": "seek"})
    engine.submit("engage")
    before = json.dumps(engine.state.to_dict())
    assert not engine.submit({"decisions": []})
    assert not engine.submit({"moves": []})
    bad = engine.submit({"decisions": [{"side": "us", "kind": "fire", "answer": 1}]})
    assert isinstance(bad, Refused) and "do not replay" in bad.message
    assert json.dumps(engine.state.to_dict()) == before


def test_damage_carries_over_box_for_box_into_the_next_battle() -> None:
    """Item 3 and R2.0d: the flagship starts her next battle with exactly the boxes she ended the last with."""
    checked = 0
    for seed in range(1, 12):  # 3, 6 and 7 fight again damaged; 11 undamaged, guarding prisoners (RC15.3b)
        engine = start(CAMPAIGN, seed)
        _to(engine, "battle")
        _to(engine, "orders")
        # sail again at once, without a refit, and fight whatever is met
        engine.submit({"order": "cruise", "area": engine.state.area, "stance": "seek"})
        req = engine.pending
        fight = [o for o in (req.options if req and req.kind == "encounter" else []) if o in ("engage", "chase")]
        if not fight or not engine.submit(fight[0]) or engine.pending is None or engine.pending.kind != "battle":
            continue
        flag = engine.state.flagship
        card = CAMPAIGN.cards[flag.card]
        scenario = Scenario.model_validate(engine.pending.info["scenario"])
        start_state = scenario.sides[0].ships[0].start_state
        fighting = fighting_crew(CAMPAIGN, flag)  # her prisoners' guard stays below (RC15.3b)
        if not any(flag.damage(card).values()):
            assert start_state is None or start_state.morale is not None or start_state.crew == fighting < flag.crew
            continue
        assert start_state is not None
        assert (start_state.crew or card.crew_points) == fighting
        assert (start_state.rigging if start_state.rigging is not None else card.rigging_points) == flag.rigging
        for sec, box in flag.gunnery.items():
            assert start_state.gunnery.get(sec, len(card.gunnery[sec])) == box
        checked += 1
    assert checked >= 2


def test_save_and_resume_continue_exactly(tmp_path: Path) -> None:
    whole = start(CAMPAIGN, 5)
    play(whole, months=8)
    halves = start(CAMPAIGN, 5)
    play(halves, months=3)
    save(halves, tmp_path / "c.json")
    resumed = load(tmp_path / "c.json")
    play(resumed, months=5)
    assert resumed.state.to_dict() == whole.state.to_dict()
    assert CampaignState.from_dict(json.loads(save_text(resumed))["state"]).to_dict() == whole.state.to_dict()


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=10_000))
def test_whole_campaigns_account_for_everything_and_replay_equal(seed: int) -> None:
    """Issue 15 item 7: nothing created or lost without a cause (crew, damage boxes, stores, shot, prisoners,
    money, ships); tracks within the card; the state round-trips JSON; the same seed plays the same career."""
    engine = start(CAMPAIGN, seed)
    play(engine)
    assert engine.state.ended and engine.state.score is not None
    assert engine.state.journal[-1]["kind"] == "end"
    _check_invariants(engine)
    again = start(CAMPAIGN, seed)
    play(again)
    assert again.state.to_dict() == engine.state.to_dict()


def test_cli_new_status_play(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "career.json"
    assert main(["campaign", "new", "constitution-1812", "--seed", "3", "--out", str(f)]) == 0
    assert "Captain Isaac Hull in Constitution at Boston, 1812-07" in capsys.readouterr().out
    assert main(["campaign", "play", str(f), "--months", "2", "--json"]) == 0
    lines = json.loads(capsys.readouterr().out)
    assert lines and all({"date", "kind", "text"} <= set(x) for x in lines)
    assert main(["campaign", "status", str(f)]) == 0
    out = capsys.readouterr().out
    assert "1812-09" in out and "Constitution (flagship" in out
    f.write_text('{"format": "captains-sea/campaign-save", "version": 1, "campaign": 3}', encoding="utf-8")
    assert main(["campaign", "status", str(f)]) == 2
    err = capsys.readouterr().err
    assert f"{f}: campaign: expected text, got a number 3" in err and f"{f}: state: required field is missing" in err


def test_a_damaged_campaign_file_is_refused_naming_the_field(tmp_path: Path) -> None:
    from cs_desktop.formats.jsonread import FileFormatError

    f = tmp_path / "c.json"
    save(start(CAMPAIGN, 1), f)
    data = json.loads(f.read_text(encoding="utf-8"))
    data["state"]["money"] = "lots"
    data["state"]["ships"][0]["crew"] = None
    f.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(FileFormatError) as e:
        load(f)
    assert e.value.lines() == [f"{f}: state.money: expected a whole number, got text \"lots\"",
                               f"{f}: state.ships[0].crew: expected a whole number, got null"]
    f.write_text(f.read_text(encoding="utf-8")[:100], encoding="utf-8")
    with pytest.raises(FileFormatError):
        load(f)


def test_issue_31_6_leftover_temporary_files_of_killed_saves_are_removed(tmp_path: Path) -> None:
    """Issue 31 item 6: ten `.NAME.career.json.XXXXXXXX.tmp` files of killed campaign steps stayed for ever. A save
    or a load of the career removes its own leftovers last written over a minute ago; a temporary file a minute
    old or less (a write in progress elsewhere), another file's, and the player's own files stay."""
    f = tmp_path / "mine.career.json"
    save(start(CAMPAIGN, 1), f)
    old = time.time() - 3600
    stale = [tmp_path / f".mine.career.json.{i:08d}.tmp" for i in range(10)]
    fresh = tmp_path / ".mine.career.json.abcdefgh.tmp"
    other = tmp_path / ".theirs.career.json.abcdefgh.tmp"
    kept = tmp_path / "mine.career.json.notes"
    for p in [*stale, fresh, other, kept]:
        p.write_text("{", encoding="utf-8")
    for p in [*stale, other, kept]:
        os.utime(p, (old, old))
    load(f)
    assert not any(p.exists() for p in stale)
    assert fresh.exists() and other.exists() and kept.exists()
    stale[0].write_text("{", encoding="utf-8")
    os.utime(stale[0], (old, old))
    save(start(CAMPAIGN, 1), f)
    assert not stale[0].exists() and fresh.exists()


@pytest.mark.parametrize("where, value, field", [
    (("ships", 0, "gunnery", "port_bow"), -10**9, "state.ships[0].gunnery.port_bow"),
    (("ships", 0, "crew"), 10**6, "state.ships[0].crew"),
    (("ships", 0, "rigging"), -1, "state.ships[0].rigging"),
    (("ships", 0, "stores"), -5, "state.ships[0].stores"),
    (("month",), 13, "state.month"),
    (("money",), 10**12, "state.money"),
])
def test_issue_31_6_numbers_out_of_range_are_refused_naming_the_field(tmp_path: Path, where: tuple[Any, ...],
                                                                     value: int, field: str) -> None:
    """Issue 31 item 6: a campaign save is checked for range, not only type (a gunnery section of -10**9 loaded
    and printed): the error names the file and the field, and nothing is loaded."""
    f = tmp_path / "c.json"
    save(start(CAMPAIGN, 1), f)
    data = json.loads(f.read_text(encoding="utf-8"))
    node = data["state"]
    for key in where[:-1]:
        node = node[key]
    node[where[-1]] = value
    f.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(FileFormatError) as e:
        load(f)
    assert any(path == field for path, _what in e.value.problems), e.value.problems
