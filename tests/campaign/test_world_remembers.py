"""Issue 29, item 3: a world that remembers.

API tested: encounters.generic_name, the month's history, whole careers played by the policy.
Expected: every ship at sea has a name (a generic sailing's from the nation's names.json, never a real card's,
never the name of a ship the player took or burnt or sails with); a ship taken or burnt is never sighted again
(0 sightings, counted from the journal alone); history about a ship the player's story changed is not told;
history gives no reputation: the captain's comes only from what he did.
"""

from __future__ import annotations

import pytest

import cs_desktop
from cs_desktop.campaign import encounters
from cs_desktop.campaign.engine import CampaignEngine, new_state
from cs_desktop.campaign.folder import load_campaign
from cs_desktop.campaign.headless import play, start
from cs_desktop.campaign.state import CampaignState
from cs_desktop.rules.dice import Dice

OPEN = load_campaign(cs_desktop.SCENARIOS / "campaigns" / "open-career")
HULL = load_campaign(cs_desktop.SCENARIOS / "campaigns" / "constitution-1812")


def sightings_of_ships_gone(s: CampaignState) -> list[str]:
    """Sightings naming a ship the player had taken or burnt (and the enemy had not retaken), from the journal."""
    gone: set[str] = set()
    out = []
    for e in s.journal:
        if e["kind"] == "prize" and e.get("fate") in ("taken", "burnt"):
            gone.add(e["ship"])
        elif e["kind"] == "recapture":
            gone.discard(e.get("ship", ""))
        elif e["kind"] == "sighting":
            out += [f"{e['date']} {n}" for n in e.get("ships", []) if n in gone]
    return out


def test_a_generic_ship_is_named_from_her_nations_list_never_a_ship_gone_a_card_or_his_own() -> None:
    s = new_state(OPEN, 1, "US", 1798)
    names = OPEN.ship_names("FR")
    assert len(names) >= 20 and "L'Insurgente" not in names
    s.gone_names = names[1:]
    assert encounters.generic_name(OPEN, s, Dice(1), "FR", "l-insurgente") == names[0]
    s.gone_names = names
    assert encounters.generic_name(OPEN, s, Dice(1), "FR", "l-insurgente") == "L'Insurgente"  # none left: the card's
    drawn = {encounters.generic_name(OPEN, new_state(OPEN, 1, "US", 1798), Dice(k), "FR", "l-insurgente")
             for k in range(30)}
    assert drawn <= set(names) and len(drawn) > 5


@pytest.mark.parametrize(("nation", "year", "seed"), [("US", 1798, 1), ("US", 1798, 2), ("GB", 1806, 1),
                                                      ("FR", 1803, 4)])
def test_a_ship_taken_or_burnt_never_sails_again(nation: str, year: int, seed: int) -> None:
    engine = start(OPEN, seed, nation, year)
    play(engine, months=60)
    s = engine.state
    assert sightings_of_ships_gone(s) == []
    sighted = [n for e in s.journal if e["kind"] == "sighting" for n in e.get("ships", [])]
    assert sighted and all(n for n in sighted)


def test_history_about_the_players_ship_is_not_told_and_gives_no_reputation() -> None:
    engine = CampaignEngine(HULL, new_state(HULL, 1))
    s = engine.state
    texts = [e["text"] for e in s.journal]
    assert not any("Broke's squadron" in t for t in texts)  # Constitution's escape: the player's ship, not told
    assert s.reputation == 0  # the +5 of the record's escape is not his
    engine = start(HULL, 3)
    play(engine)
    history = [e["text"] for e in engine.state.journal if e["kind"] == "history"]
    assert not any("Constitution" in t for t in history)
    assert not any("dismasted and struck" in t for t in history)  # a scripted action fought is his battle's story


def test_history_about_another_ship_is_still_told() -> None:
    s = new_state(HULL, 1)
    s.year, s.month = 1815, 2
    engine = CampaignEngine(HULL, s)
    assert any("Treaty of Ghent" in e["text"] for e in engine.state.journal)


def test_an_enemy_captain_who_got_away_turns_up_again_in_the_same_ship_and_remembers() -> None:
    s = new_state(OPEN, 1, "US", 1798)
    s.port, s.area = None, "west-indies"
    first = {"scripted": None, "names": ["Minerve"], "ships": ["l-insurgente"], "sailing": "french-40s",
             "nation": "FR", "captain": encounters.captain_of(OPEN, "FR", "Minerve")}
    assert first["captain"] == encounters.captain_of(OPEN, "FR", "Minerve")  # a ship keeps her captain
    encounters.remember_escape(s, first)
    encounters.remember_escape(s, first)
    assert len(s.rivals) == 1 and s.rivals[0]["escaped"] == 2
    weather = {"strength": "fresh", "from": "E"}
    met = []
    for k in range(200):
        e = encounters.sighting(OPEN, s, Dice(1, k), "west-indies", "seek", weather)
        if e is not None and e.get("rival"):
            met.append(e)
    assert met and all(e["names"] == ["Minerve"] and e["captain"] == first["captain"] and e["stands"] for e in met)
    s.gone_names.append("Minerve")  # taken since: she never comes back
    assert not any((e := encounters.sighting(OPEN, s, Dice(1, k), "west-indies", "seek", weather)) is not None
                   and "Minerve" in e["names"] for k in range(200))
    s.year = 1801  # at peace with France: no rival comes to settle anything
    s.gone_names = []
    assert not any((e := encounters.sighting(OPEN, s, Dice(1, k), "west-indies", "seek", weather)) is not None
                   and e.get("rival") for k in range(200))
