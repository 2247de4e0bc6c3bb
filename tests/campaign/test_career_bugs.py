"""Issue 29, item 7: the campaign's bugs, each pinned by a test that fails without its fix.

- a promotion never hands the captain a lesser or equal ship (the one he has just left among them);
- an escorted convoy that scatters does not also arrive safely in the same month;
- a career played in pieces (saved and reloaded between them) saves the same bytes as one played at once:
  a ship's gunnery sections keep the rules' order after a reload, so the ledger's order does not change;
- `campaign play` on a new career tells its opening lines (written by `campaign new`);
- the battle's journal line gives the verdict with what decided it, the 19.0 points beside it as a duel's score.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import cs_desktop
from cs_desktop.campaign import consequences
from cs_desktop.campaign.engine import CampaignEngine, new_state
from cs_desktop.campaign.folder import load_campaign
from cs_desktop.campaign.headless import from_document, play, save_text, start
from cs_desktop.campaign.state import CampaignState, leave
from cs_desktop.cli.main import main

OPEN = load_campaign(cs_desktop.SCENARIOS / "campaigns" / "open-career")
HULL = load_campaign(cs_desktop.SCENARIOS / "campaigns" / "constitution-1812")


def test_a_promotion_is_never_to_a_lesser_or_equal_ship_the_one_just_left_among_them() -> None:
    s = new_state(OPEN, 1, "US", 1803)  # Constitution, the nation's first command that year
    s.reputation = 30
    assert s.rank == 1 and consequences.promotion_offer(OPEN, s) is None  # President is a Commodore's
    s.rank = 2
    assert consequences.promotion_offer(OPEN, s) == "president"
    s.orders = {"order": "refit", "offer": "president"}
    consequences.promotion(OPEN, s, "accept")
    assert s.flagship.card == "president"
    # Constitution (reputation 12) ranks below President: she is not offered, though never "taken" as a command
    assert consequences.promotion_offer(OPEN, s) is None


def _escort_at_sea(counter: int) -> CampaignEngine:
    s = new_state(HULL, 5)
    s.dice_counter = counter
    s.port, s.area = None, HULL.port("boston").area
    s.orders = {"order": "escort", "area": s.area}
    s.stage = "encounter"
    s.encounter = {"scripted": None, "title": "Guerriere", "nation": "GB", "ships": ["guerriere"],
                   "crew_quality": None, "mission": "cruiser", "sailing": "x", "gauge": "player", "stands": True,
                   "engagement": None, "date": f"{s.date}-10", "weather": {"strength": "fresh", "from": "W"}}
    return CampaignEngine(HULL, s)


def test_an_escorted_convoy_that_scatters_does_not_also_arrive_safely() -> None:
    for counter in range(40):  # the first dice with which she gets away
        engine = _escort_at_sea(counter)
        before = engine.state.reputation
        assert engine.submit("evade")
        texts = [e["text"] for e in engine.state.journal]
        if any("evades" in t for t in texts):
            break
    else:
        raise AssertionError("no escape in 40 tries")
    assert any("convoy scatters" in t for t in texts)
    assert not any("arrives safely" in t for t in texts)
    assert engine.state.reputation == before - 3


def _reloaded(state: CampaignState) -> CampaignState:
    return CampaignState.from_dict(json.loads(json.dumps(state.to_dict(), sort_keys=True)))


def test_a_ship_leaving_after_a_reload_writes_the_ledger_in_the_same_order() -> None:
    s = new_state(HULL, 1)
    again = _reloaded(s)
    assert list(again.flagship.gunnery) == list(s.flagship.gunnery)
    leave(s, s.flagship, "paid off")
    leave(again, again.flagship, "paid off")
    assert again.ledger == s.ledger


@pytest.mark.parametrize(("nation", "year", "seed"), [("FR", 1798, 2), ("GB", 1806, 3)])
def test_a_career_played_in_pieces_saves_the_same_bytes_as_one_played_at_once(nation: str, year: int,
                                                                              seed: int) -> None:
    whole = start(OPEN, seed, nation, year)
    play(whole)
    pieces = start(OPEN, seed, nation, year)
    for _ in range(300):
        if pieces.pending is None:
            break
        play(pieces, months=3)
        pieces = from_document(json.loads(save_text(pieces)), "pieces")
    assert pieces.state.ended and save_text(pieces) == save_text(whole)


def test_campaign_play_tells_the_opening_lines_of_a_new_career(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "career.json"
    assert main(["campaign", "new", "constitution-1812", "--seed", "3", "--out", str(f)]) == 0
    capsys.readouterr()
    assert main(["campaign", "play", str(f), "--months", "1"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "1812-07  Captain Isaac Hull takes command of Constitution at Boston."
    assert main(["campaign", "play", str(f), "--months", "1"]) == 0
    assert "takes command" not in capsys.readouterr().out  # told once


def test_the_verdict_names_what_decided_it_and_the_points_do_not_read_against_it() -> None:
    text = consequences.verdict_text(True, False, ["Java"], "Constitution", {"us": 21, "gb": 456}, "us")
    assert text.startswith("won: Java struck")
    assert "R19.0c" in text and "us 21, gb 456" in text
    assert "(VP" not in text
    lost = consequences.verdict_text(False, True, [], "Constitution", {"us": 300, "gb": 20}, "us")
    assert lost.startswith("lost: Constitution struck")
    assert consequences.verdict_text(False, False, [], "Constitution", {}, "us") == \
        "indecisive: no ship of either side struck"
