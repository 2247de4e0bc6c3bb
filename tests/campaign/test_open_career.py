"""The open career (issue 15, item 5): a nation and a start year chosen, everything else from the data; who is
at war with whom follows the dated wars of campaign.json."""

from __future__ import annotations

from pathlib import Path

import pytest

import cs_desktop
from cs_desktop.campaign.engine import new_state
from cs_desktop.campaign.folder import load_campaign, validate_campaign
from cs_desktop.campaign.headless import play, start
from cs_desktop.campaign.state import ledger_totals, totals
from cs_desktop.cli.main import main

FOLDER = cs_desktop.SCENARIOS / "campaigns" / "open-career"
OPEN = load_campaign(FOLDER)


def test_the_open_career_folder_validates() -> None:
    assert validate_campaign(FOLDER) == []


def test_wars_by_date() -> None:
    assert OPEN.enemies("US", "1799-02") == {"FR"}
    assert OPEN.enemies("US", "1802-01") == {"TRI"}  # the First Barbary War (issue 29, item 6)
    assert OPEN.enemies("US", "1805-06") == {"TRI"}  # peace with Tripoli in June 1805
    assert OPEN.enemies("US", "1805-07") == set()
    assert OPEN.enemies("GB", "1802-06") == set()  # the Peace of Amiens
    assert OPEN.enemies("GB", "1813-01") == {"FR", "US"}
    assert OPEN.enemies("FR", "1815-04") == {"GB"}


def test_a_start_year_and_nation_give_the_ship_afloat_then_and_the_home_port() -> None:
    s = new_state(OPEN, 1, "GB", 1807)
    assert (s.flagship.card, s.port, s.date, s.nation) == ("shannon", "plymouth", "1807-01", "GB")
    s = new_state(OPEN, 1, "US", 1798)
    assert (s.flagship.card, s.port, s.date) == ("constellation-1799", "boston", "1798-07")
    with pytest.raises(ValueError, match="choose one from 1798 to 1812"):
        new_state(OPEN, 1, "US", 1813)
    with pytest.raises(ValueError, match="needs a nation and a start year"):
        new_state(OPEN, 1)
    constitution = load_campaign(cs_desktop.SCENARIOS / "campaigns" / "constitution-1812")
    with pytest.raises(ValueError, match="not an open career"):
        new_state(constitution, 1, "GB", 1812)


def test_an_open_career_plays_to_its_end_and_accounts_for_everything() -> None:
    engine = start(OPEN, 4, "FR", 1803)
    play(engine)
    s = engine.state
    assert s.ended and totals(s) == ledger_totals(s)
    sightings = [j["text"] for j in s.journal if j["kind"] == "sighting"]
    assert sightings and not any("(FR," in t for t in sightings)  # her own nation's ships are not drawn
    again = start(OPEN, 4, "FR", 1803)
    play(again)
    assert again.state.to_dict() == s.to_dict()


def test_cli_open_career(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "open.json"
    assert main(["campaign", "new", "open-career", "--nation", "GB", "--year", "1806", "--out", str(f)]) == 0
    assert "in Shannon at Plymouth, 1806-01" in capsys.readouterr().out
    assert main(["campaign", "new", "open-career", "--out", str(f)]) == 2
    assert "an open career needs a nation and a start year" in capsys.readouterr().err


def test_promotion_offers_a_bigger_ship_of_the_captains_nation_in_port() -> None:
    from cs_desktop.campaign import consequences

    s = new_state(OPEN, 1, "US", 1798)
    assert consequences.promotion_offer(OPEN, s) is None
    s.reputation = 12
    assert s.rank == 0 and consequences.promotion_offer(OPEN, s) is None  # a Master Commandant gets no 44
    s.rank = 1  # Captain (career.json ladders)
    assert consequences.promotion_offer(OPEN, s) == "constitution"
    s.reputation = 30
    assert consequences.promotion_offer(OPEN, s) == "constitution"  # President is not afloat before 1800
    s.orders = {"order": "refit", "offer": "constitution"}
    consequences.promotion(OPEN, s, "accept")
    assert s.flagship.card == "constitution" and len(s.ships) == 1
    assert totals(s) == ledger_totals(s)
    s.year = 1801
    assert consequences.promotion_offer(OPEN, s) is None  # President is a Commodore's
    s.rank = 2
    assert consequences.promotion_offer(OPEN, s) == "president"
    gb = new_state(OPEN, 1, "GB", 1807)
    gb.reputation = 40
    assert gb.rank == 1 and consequences.promotion_offer(OPEN, gb) is None  # Shannon: a post-captain's
    gb.rank = 2
    assert consequences.promotion_offer(OPEN, gb) == "endymion"


def test_a_bad_card_in_the_campaigns_ships_folder_is_named(tmp_path: Path) -> None:
    import shutil

    target = tmp_path / "c"
    shutil.copytree(FOLDER, target)
    (target / "ships").mkdir(exist_ok=True)
    (target / "ships" / "spare.json").write_text('{"format": "captains-sea/ship", "version": 1, "id": "x"}',
                                                 encoding="utf-8")
    lines = validate_campaign(target)
    assert lines and lines[0].startswith(f"{target / 'ships' / 'spare.json'}: ")
