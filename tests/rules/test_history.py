"""The historical fields of the shipped scenarios and ship cards name their sources (issue 13, item 6).

20.1 turns the weather gauge and the historical outcome into VP multipliers, and the card-building rules turn
armament and complement into FP, gunnery boxes and crew points; so each of these values must say where it comes
from (a `sources` entry naming the field) or that it is a designed reading. Rulings R20.1g-R20.1i.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cs_desktop.formats.files import load_scenario, load_scenario_with_ships, load_ship
from cs_desktop.rules.cards import Scenario, ShipCard
from cs_desktop.rules.ratings import victory_terms

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = sorted([*(ROOT / "scenarios").glob("*.json"), *(ROOT / "scenarios" / "fleets").glob("*.json")])
SHIPS = sorted([*(ROOT / "scenarios" / "ships").glob("*.json"),
                *(ROOT / "scenarios" / "fleets" / "ships").glob("*.json")])
WHAT_IFS = {"congress-vs-galatea", "congress-vs-curlew", "frigate-fleets-12-a-side", "frigates-among-the-shoals",
            "three-flags-off-guadeloupe"}
DESIGNED = "designed"


def _mentions(sources: list[str], field: str) -> list[str]:
    return [s for s in sources if field in s.lower()]


def _cites(entry: str) -> bool:
    """A source entry cites a work (a quoted title, or one of the histories by author) or says it is designed."""
    return bool(re.search(r"'[^']+'|James|Roosevelt|Martin|court martial", entry)) or DESIGNED in entry.lower()


def scenario_fields(s: Scenario) -> list[str]:
    fields = ["date", "location", "historical outcome"]
    if s.weather_gauge is not None:
        fields.append("weather gauge")
    return fields


def ship_fields(card: ShipCard) -> list[str]:
    fields = []
    if card.armament:
        fields.append("armament")
    if card.complement is not None:
        fields.append("complement")
    if card.launched is not None:
        fields.append("launched")
    if "tons burthen" in card.notes.lower():
        fields.append("tons burthen")
    return fields


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_20_1_every_scenario_names_a_source_for_each_historical_field(path: Path) -> None:
    s = load_scenario(path)
    for field in scenario_fields(s):
        entries = _mentions(s.sources, field)
        assert entries, f"{path.name}: no `sources` entry names its {field}"
        assert any(_cites(e) for e in entries), f"{path.name}: the {field} entries cite nothing: {entries}"


@pytest.mark.parametrize("path", SHIPS, ids=lambda p: p.stem)
def test_20_1_every_card_names_a_source_for_each_historical_field(path: Path) -> None:
    card = load_ship(path)
    for field in ship_fields(card):
        entries = _mentions(card.sources, field)
        assert entries, f"{path.name}: no `sources` entry names its {field}"
        assert any(_cites(e) for e in entries), f"{path.name}: the {field} entries cite nothing: {entries}"


def test_20_1_the_check_finds_an_unsourced_field() -> None:
    card = load_ship(ROOT / "scenarios" / "ships" / "java.json")
    bare = card.model_copy(update={"sources": ["Wikipedia, 'HMS Java (1811)' (armament)"]})
    assert [f for f in ship_fields(bare) if not _mentions(bare.sources, f)] == ["complement", "launched",
                                                                                "tons burthen"]


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_20_1_a_meeting_weather_gauge_rests_on_the_accounts(path: Path) -> None:
    """In a meeting engagement the weather gauge moves the multipliers (20.1): it is read from the accounts, never
    a free design; a chase's may be designed, since it gives no bonus (R20.1b)."""
    s = load_scenario(path)
    if s.weather_gauge is None or s.engagement != "meeting":
        return
    entries = _mentions(s.sources, "weather gauge")
    never = s.historical_outcome.winner is None and "what if" in s.title.lower()  # no account exists to read
    assert any(DESIGNED not in e.lower() or "reading of the accounts" in e.lower()
               or (never and "never fought" in e.lower()) for e in entries), entries


def test_r20_1g_near_actions_are_what_ifs_with_no_historical_winner() -> None:
    flagged = set()
    for path in SCENARIOS:
        s = load_scenario(path)
        what_if = "what if" in s.title.lower()
        if what_if:
            flagged.add(s.id)
            assert "what if" in s.description.lower()
            assert s.historical_outcome.winner is None
            assert "not fought" in s.historical_outcome.summary.lower()
            assert any(e.startswith("What-if:") for e in s.sources)
    assert flagged == WHAT_IFS


def test_20_1_the_history_checks_cover_the_squadron_actions() -> None:
    """Issue 14 item 3: the fleet scenarios and their cards (scenarios/fleets/) are checked like the duels."""
    names = {p.stem for p in SCENARIOS}
    assert {"lake-erie", "lake-champlain", "constitution-vs-cyane-and-levant", "president-and-the-squadron"} <= names
    assert {"lawrence", "detroit", "confiance", "majestic", "cyane"} <= {p.stem for p in SHIPS}


def test_r20_1j_president_is_taken_by_the_squadron() -> None:
    s = load_scenario(ROOT / "scenarios" / "fleets" / "president-and-the-squadron.json")
    assert s.engagement == "chase" and s.historical_outcome.winner == "gb"
    assert {ss.ship for side in s.sides for ss in side.ships} == {"endymion", "pomone", "tenedos", "majestic",
                                                                   "president-1815"}


@pytest.mark.parametrize("ship", ["belvidera", "galatea", "guerriere", "congress", "shannon", "curlew",
                                  "constellation-1799", "constellation-1800"])
def test_r20_1k_the_remaining_cards_say_what_was_checked(ship: str) -> None:
    card = load_ship(ROOT / "scenarios" / "ships" / f"{ship}.json")
    checked = [e for e in card.sources if "checked" in e.lower() and "R20.1k" in e]
    assert checked and all(_cites(e) for e in checked), card.sources


def test_r20_1k_congress_complement_is_marked_unconfirmed() -> None:
    card = load_ship(ROOT / "scenarios" / "ships" / "congress.json")
    assert card.complement == 400
    assert any("complement" in e.lower() and DESIGNED in e.lower() for e in card.sources)


def test_r20_1g_a_ship_that_struck_but_escaped_makes_a_draw() -> None:
    s = load_scenario(ROOT / "scenarios" / "constellation-vs-vengeance.json")
    assert s.historical_outcome.winner is None
    s2, cards = load_scenario_with_ships(ROOT / "scenarios" / "constellation-vs-vengeance.json")
    texts = [step.text for step in victory_terms(s2, cards).steps]
    assert not any("won historically" in text for text in texts), texts


def test_r20_1h_president_wins_her_duel_with_endymion_and_sails_as_in_1815() -> None:
    s, cards = load_scenario_with_ships(ROOT / "scenarios" / "president-vs-endymion.json")
    assert s.historical_outcome.winner == "us"
    president = cards["president-1815"]
    assert president.complement == 475
    carronades = [g for g in president.armament if g.kind == "carronade"]
    assert sum(g.count for g in carronades) == 20
    terms = victory_terms(s, cards)
    assert terms.side("gb").multiplier > terms.side("us").multiplier == 1


@pytest.mark.parametrize(("ship", "guns", "complement"), [
    ("java", {(28, 18, "long", "broadside"), (18, 32, "carronade", "broadside"), (2, 12, "long", "chase")}, 397),
    ("constitution", {(30, 24, "long", "broadside"), (24, 32, "carronade", "broadside"),
                      (2, 24, "long", "chase")}, 456),
    ("chesapeake", {(29, 18, "long", "broadside"), (18, 32, "carronade", "broadside"),
                    (2, 12, "long", "chase")}, 379),
    ("l-insurgente", {(24, 12, "long", "broadside"), (2, 18, "long", "broadside"), (8, 6, "long", "broadside"),
                      (4, 36, "carronade", "broadside"), (2, 24, "carronade", "broadside")}, 340),
])
def test_r20_1i_cards_carry_the_recorded_armament_and_complement(
        ship: str, guns: set[tuple[int, int, str, str]], complement: int) -> None:
    card = load_ship(ROOT / "scenarios" / "ships" / f"{ship}.json")
    assert {(g.count, g.pounds, g.kind, g.position) for g in card.armament} == guns
    assert card.complement == complement


def test_r20_1i_the_20_1_example_still_holds_with_the_recorded_guns() -> None:
    """Constitution x1, Java x3: the scenario stipulates equal crews as the example has them (R20.1a, issue 31);
    with the cards' own crews (crack vs average, half a point apart: R20.1l) it would be Java x3.5."""
    s, cards = load_scenario_with_ships(ROOT / "scenarios" / "constitution-vs-java.json")
    terms = victory_terms(s, cards)
    assert (terms.side("us").multiplier, terms.side("gb").multiplier) == (1, 3)
    assert terms.side("gb").bonus == 11
    recorded = s.model_copy(update={"sides": [side.model_copy(update={"ships": [
        ss.model_copy(update={"crew_quality": None}) for ss in side.ships]}) for side in s.sides]})
    record = victory_terms(recorded, cards)
    assert (record.side("us").multiplier, record.side("gb").multiplier) == (1, 3.5)


DUELS = sorted((ROOT / "scenarios").glob("*.json"))
DUEL_SHIPS = sorted((ROOT / "scenarios" / "ships").glob("*.json"))


@pytest.mark.parametrize("path", DUEL_SHIPS, ids=lambda p: p.stem)
def test_3_3_every_duel_cards_crew_quality_cites_its_source(path: Path) -> None:
    """3.3, 20.1 (issue 31, item 3): a duel card's historical crew quality names its source or says it is
    designed, in a `sources` entry that opens with "Crew quality <the card's value>"."""
    card = load_ship(path)
    entries = [s for s in card.sources if s.startswith(f"Crew quality {card.historical_crew_quality}:")]
    assert len(entries) == 1 and _cites(entries[0]), card.sources


@pytest.mark.parametrize("path", DUELS, ids=lambda p: p.stem)
def test_2_0_every_duel_scenario_says_where_each_crew_quality_comes_from(path: Path) -> None:
    """2.0 ("Crew Quality in the box stipulated by the scenario", issue 31 item 3): each duel scenario names every
    ship's crew quality in a `sources` entry; one that stipulates a quality other than the card's says it is
    designed and names the ruling."""
    s, cards = load_scenario_with_ships(path)
    entries = [e for e in s.sources if e.startswith("Crew quality (2.0")]
    assert len(entries) == 1, s.sources
    for side in s.sides:
        for ss in side.ships:
            card = cards[ss.ship_id]
            quality = ss.crew_quality or card.historical_crew_quality
            assert f"{card.name} {quality}" in entries[0]
            if ss.crew_quality not in (None, card.historical_crew_quality):
                assert DESIGNED in entries[0] and "R20.1a" in entries[0]
