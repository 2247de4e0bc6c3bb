"""The Library API the GUI uses: search and filter, get, save, duplicate, delete, saved games, campaigns.

Each test runs on a fresh library file with the shipped cards imported (fixture `lib`).
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from cs_desktop.formats.files import FileFormatError
from cs_desktop.library import Change, Library, LibraryError, NotFoundError
from cs_desktop.rules.cards import GunBox
from cs_desktop.rules.game import Game

from tests.library.conftest import table_rows

# ---------------------------------------------------------------------------------------------- search


def test_filter_ships_by_nation_guns_hull_rating_and_text(lib: Library) -> None:
    assert {e.id for e in lib.list_ships(nation="FR")} == {"l-insurgente", "la-vengeance"}
    assert {e.id for e in lib.list_ships(nation="US", guns_min=44)} == {"constitution", "president",
                                                                        "president-1815", "united-states"}
    assert {e.id for e in lib.list_ships(hull_type="slow")} == {"united-states"}
    assert {e.id for e in lib.list_ships(rating="apollo")} == {"belvidera", "galatea"}
    assert {e.id for e in lib.list_ships(guns_max=20)} == {"curlew"}
    assert [e.id for e in lib.list_ships("constellation")] == ["constellation-1799", "constellation-1800"]
    assert {e.id for e in lib.list_ships("(1800 frigate")} == {"constellation-1800"}
    assert {e.id for e in lib.list_ships(nation=["FR", "US"], hull_type=["fast"])} == {
        "constellation-1799", "constellation-1800", "constitution", "president", "president-1815", "l-insurgente"}
    assert lib.list_ships("100%_") == []  # LIKE wildcards are taken literally
    names = [e.name for e in lib.list_ships()]
    assert names == sorted(names, key=str.lower)


def test_filter_scenarios_by_date_ship_count_engagement_and_text(lib: Library) -> None:
    in_1812 = lib.list_scenarios(date_from="1812-01-01", date_to=date(1812, 12, 31))
    assert all(e.date.startswith("1812") for e in in_1812) and len(in_1812) == 6
    assert [e.id for e in lib.list_scenarios(ship_count_min=3)] == ["president-vs-belvidera-3-ship"]
    chases = lib.list_scenarios(engagement="chase")
    assert chases and all(e.engagement == "chase" for e in chases)
    assert {e.id for e in lib.list_scenarios("java")} == {"constitution-vs-java"}
    assert {e.id for e in lib.list_scenarios(ship_id="belvidera")} == {"president-vs-belvidera",
                                                                       "president-vs-belvidera-3-ship"}
    dates = [e.date for e in lib.list_scenarios()]
    assert dates == sorted(dates)


# ---------------------------------------------------------------------------------------------- get / save


def test_get_save_and_validation(lib: Library) -> None:
    card = lib.get_ship("java")
    assert card.name == "Java"
    with pytest.raises(NotFoundError, match="no ship 'nope'"):
        lib.get_ship("nope")
    new = card.model_copy(update={"id": "my-java", "name": "My Java"})
    entry = lib.save_ship(new)
    assert (entry.id, entry.origin, entry.modified) == ("my-java", "user", False)
    assert lib.get_ship("my-java") == new
    # a card pydantic accepts but the file rules refuse (a gunnery track going down, 3.10.1)
    track = list(card.gunnery["port_bow"])
    track[-1] = GunBox(long=0, carronades=0)
    bad = new.model_copy(update={"gunnery": {**card.gunnery, "port_bow": track}})
    before = table_rows(lib.path)
    with pytest.raises(FileFormatError, match="never decreases"):
        lib.save_ship(bad)
    assert table_rows(lib.path) == before


def test_save_scenario_with_an_unknown_ship_is_refused(lib: Library) -> None:
    s = lib.get_scenario("constitution-vs-java")
    data = s.model_dump(mode="json")
    data["sides"][1]["ships"][0]["ship"] = "hms-nowhere"
    before = table_rows(lib.path)
    with pytest.raises(FileFormatError, match=r"sides\[1\]\.ships\[0\]\.ship: no ship 'hms-nowhere' in the library"):
        lib.save_scenario(s.model_validate(data))
    assert table_rows(lib.path) == before


def test_save_scenario_with_inline_cards_stores_the_ships(lib: Library) -> None:
    scenario, cards = lib.get_scenario_with_ships("constitution-vs-java")
    data = scenario.model_dump(mode="json")
    data["id"] = "my-duel"
    data["sides"][1]["ships"][0]["ship"] = {**cards["java"].model_dump(mode="json"), "id": "new-java"}
    entry = lib.save_scenario(type(scenario).model_validate(data))
    assert entry.ship_ids == ("constitution", "new-java")
    assert lib.get_ship("new-java").name == "Java"
    assert lib.get_scenario("my-duel").sides[1].ships[0].ship == "new-java"


# ---------------------------------------------------------------------------------------------- duplicate / delete


def test_duplicate_and_delete_ship(lib: Library) -> None:
    copy = lib.duplicate_ship("java")
    assert (copy.id, copy.name, copy.origin) == ("java-copy", "Java (copy)", "user")
    assert lib.duplicate_ship("java").id == "java-copy-2"
    original, dup = lib.get_ship("java"), lib.get_ship("java-copy")
    assert dup.model_copy(update={"id": "java", "name": "Java"}) == original
    with pytest.raises(LibraryError, match="already has a ship 'java'"):
        lib.duplicate_ship("java-copy", new_id="java")

    with pytest.raises(LibraryError, match="used by scenario.*constitution-vs-java"):
        lib.delete_ship("java")
    lib.delete_ship("java-copy")
    assert [e.id for e in lib.list_ships("java")] == ["java", "java-copy-2"]
    with pytest.raises(NotFoundError):
        lib.delete_ship("java-copy")
    lib.delete_scenario("constitution-vs-java")
    lib.delete_ship("java")  # no scenario uses it any more
    assert lib.list_scenarios(ship_id="java") == []


def test_duplicate_scenario(lib: Library) -> None:
    copy = lib.duplicate_scenario("constitution-vs-java")
    assert copy.id == "constitution-vs-java-copy" and copy.title == "Constitution vs Java (copy)"
    assert copy.ship_ids == ("constitution", "java")
    back = {"id": "constitution-vs-java", "title": "Constitution vs Java"}
    assert lib.get_scenario(copy.id).model_copy(update=back) == lib.get_scenario("constitution-vs-java")
    lib.delete_scenario(copy.id)
    with pytest.raises(NotFoundError):
        lib.get_scenario(copy.id)


# ---------------------------------------------------------------------------------------------- games, campaigns


def test_saved_game_round_trip(lib: Library) -> None:
    scenario, cards = lib.get_scenario_with_ships("constitution-vs-java")
    data = Game(scenario, cards, seed=7).save_data()
    entry = lib.games.save(data, "First try")
    assert entry.scenario_id == "constitution-vs-java"
    assert lib.games.load(entry.id) == data
    assert lib.games.rename(entry.id, "Renamed").name == "Renamed"
    second = lib.games.save(data, "Second")
    assert [g.id for g in lib.games.entries()] == [second.id, entry.id]
    assert [g.id for g in lib.games.entries("renamed")] == [entry.id]
    lib.games.save({**data, "seed": 8}, "Renamed", game_id=entry.id)
    assert lib.games.load(entry.id)["seed"] == 8
    lib.delete_scenario("constitution-vs-java")  # the save keeps its own copy of the scenario
    assert lib.games.load(entry.id)["scenario"]["id"] == "constitution-vs-java"
    lib.games.delete(entry.id)
    with pytest.raises(NotFoundError):
        lib.games.load(entry.id)
    with pytest.raises(LibraryError, match="not a saved game"):
        lib.games.save({"format": "something else"}, "x")
    with pytest.raises(ValueError, match="not plain JSON"):
        lib.games.save({**data, "seed": float("nan")}, "x")


def test_campaign_table(lib: Library) -> None:
    entry = lib.campaigns.save({"turn": 1, "ships": ["constitution"]}, "Cruise of 1812")
    assert lib.campaigns.load(entry.id) == {"turn": 1, "ships": ["constitution"]}
    lib.campaigns.save({"turn": 2}, "Cruise of 1812", campaign_id=entry.id)
    assert lib.campaigns.load(entry.id) == {"turn": 2}
    assert [c.name for c in lib.campaigns.entries()] == ["Cruise of 1812"]
    lib.campaigns.delete(entry.id)
    assert lib.campaigns.entries() == []


# ---------------------------------------------------------------------------------------------- notification


def test_listeners_hear_committed_changes_only(lib: Library) -> None:
    heard: list[Change] = []
    unsubscribe = lib.subscribe(heard.append)
    lib.duplicate_ship("java")
    with pytest.raises(LibraryError):
        lib.delete_ship("java")
    assert heard == [Change("ship", ("java-copy",), "saved")]
    unsubscribe()
    lib.delete_ship("java-copy")
    assert len(heard) == 1


def test_backup_is_a_library_with_the_same_content(lib: Library, tmp_path: Path) -> None:
    lib.duplicate_ship("java")
    copy = lib.backup(tmp_path / "backup.sqlite3")
    with Library.open(path=copy, import_shipped=False) as restored:
        assert restored.list_ships() == lib.list_ships()
        assert restored.get_ship("java-copy") == lib.get_ship("java-copy")
