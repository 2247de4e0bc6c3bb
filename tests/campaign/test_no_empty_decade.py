"""Issue 29, item 6: no empty decade. The open career holds the Quasi-War, the First Barbary War, the
Napoleonic wars and the War of 1812 for the nations that fought them; historical events frame every year; the
enemy's ships are at sea in every year of every war, so encounters are generated between the events."""

from __future__ import annotations

import cs_desktop
from cs_desktop.campaign.folder import load_campaign
from cs_desktop.campaign.headless import play, start

OPEN = load_campaign(cs_desktop.SCENARIOS / "campaigns" / "open-career")

#: the wars the issue names, as (nations, first month, last month)
WARS = {"Quasi-War": ({"US", "FR"}, "1798-07", "1800-09"),
        "First Barbary War": ({"US", "TRI"}, "1801-05", "1805-06"),
        "Napoleonic wars": ({"GB", "FR"}, "1803-05", "1814-04"),
        "War of 1812": ({"US", "GB"}, "1812-06", "1815-02")}


def test_the_four_wars_are_in_the_open_career_with_their_dates() -> None:
    wars = {(frozenset(w.nations), w.start, w.end) for w in OPEN.campaign.wars}
    for name, (nations, first, last) in WARS.items():
        assert (frozenset(nations), first, last) in wars, name


def test_every_year_of_every_war_has_enemy_ships_at_sea_for_both_sides() -> None:
    for name, (nations, first, last) in WARS.items():
        for year in range(int(first[:4]), int(last[:4]) + 1):
            month = max(first, min(last, f"{year}-06"))
            for nation in nations:
                (enemy,) = nations - {nation}
                at_sea = [x.id for x in OPEN.sailings.sailings if x.nation == enemy and x.start <= month <= x.end]
                assert at_sea, (name, nation, month)


def test_history_frames_every_year_of_the_calendar() -> None:
    years = {int(e.date[:4]) for e in OPEN.history.events}
    first, last = int(OPEN.campaign.calendar.start[:4]), int(OPEN.campaign.calendar.end[:4])
    missing = [y for y in range(first, last + 1) if y not in years]
    assert missing == [], f"years without a historical event: {missing}"


def test_an_american_career_of_1801_fights_the_barbary_war() -> None:
    for seed in (1, 2, 3):
        engine = start(OPEN, seed, "US", 1801)
        play(engine, months=48)
        met = [e for e in engine.state.journal if e["kind"] in ("sighting", "cut_out") and
               ("(TRI," in e["text"] or "Tripoli" in e["text"])]
        assert met, seed
        assert any(e["kind"] == "history" and "Tripoli" in e["text"] for e in engine.state.journal)


def test_when_every_name_is_used_a_generated_ship_is_never_one_gone() -> None:
    from cs_desktop.campaign.encounters import generic_name
    from cs_desktop.campaign.engine import new_state
    from cs_desktop.rules.dice import Dice

    s = new_state(OPEN, 1, "US", 1802)
    s.gone_names = [*OPEN.ship_names("TRI"), "Tripoli", "Tripoli II"]
    assert generic_name(OPEN, s, Dice(1), "TRI", "tripoli") == "Tripoli III"
    s.gone_names = list(OPEN.ship_names("TRI"))
    assert generic_name(OPEN, s, Dice(1), "TRI", "tripoli") == "Tripoli"
