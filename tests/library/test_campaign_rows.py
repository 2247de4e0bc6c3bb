"""Issue 15 item 6: campaigns in the library -- create, list, load, save; atomic writes; a corrupt row is
reported (which campaign, what is wrong) and never stops the library or the other campaigns. Real SQLite file,
real stored bytes."""

from __future__ import annotations

import math
import sqlite3
from pathlib import Path

import pytest

from cs_desktop.campaign.headless import document, from_document, new, play
from cs_desktop.library import Library, LibraryError
from cs_desktop.library.campaign_rows import CampaignRowError
from cs_desktop.library.db import NotFoundError
from tests.library.conftest import table_rows


def _career(seed: int, months: int = 0) -> dict[str, object]:
    engine = new("constitution-1812", seed)
    if months:
        play(engine, months=months)
    return document(engine)


def test_15_6_a_campaign_round_trips_through_the_library(empty_lib: Library) -> None:
    doc = _career(3, months=2)
    entry = empty_lib.campaigns.save(doc, "Hull's cruise")
    assert empty_lib.campaigns.load(entry.id) == doc
    engine = from_document(empty_lib.campaigns.load(entry.id), f"library campaign {entry.id}")
    assert engine.state.to_dict() == doc["state"]
    later = _career(3, months=4)
    empty_lib.campaigns.save(later, "Hull's cruise", campaign_id=entry.id)
    assert empty_lib.campaigns.load(entry.id) == later
    [listed] = empty_lib.campaigns.listing()
    assert listed.id == entry.id and listed.problem == ""
    assert "constitution-1812" in listed.summary and "Captain Isaac Hull" in listed.summary


def test_15_6_a_truncated_row_is_reported_and_the_others_still_load(empty_lib: Library) -> None:
    good = empty_lib.campaigns.save(_career(1), "Good")
    bad = empty_lib.campaigns.save(_career(2), "Broken")
    con = sqlite3.connect(empty_lib.path)  # the stored bytes cut short, as a torn write or a bad disk would
    con.execute("UPDATE campaigns SET state_json = substr(state_json, 1, 200) WHERE id = ?", (bad.id,))
    con.commit()
    con.close()
    with pytest.raises(CampaignRowError) as err:
        empty_lib.campaigns.load(bad.id)
    message = str(err.value)
    assert f"campaign {bad.id}" in message and "'Broken'" in message and "not readable JSON" in message
    assert "cut short" in message
    assert empty_lib.campaigns.load(good.id) == _career(1)
    listed = {c.name: c for c in empty_lib.campaigns.listing()}
    assert listed["Broken"].problem.startswith("the stored state is not readable JSON")
    assert listed["Good"].problem == ""
    path = empty_lib.path
    empty_lib.close()
    again = Library.open(path=path, import_shipped=False)  # the library still opens
    try:
        assert {c.name for c in again.campaigns.listing()} == {"Good", "Broken"}
    finally:
        again.close()


def test_15_6_a_row_that_is_json_but_not_a_state_names_the_campaign_and_the_field(empty_lib: Library) -> None:
    entry = empty_lib.campaigns.save(_career(1), "Odd")
    con = sqlite3.connect(empty_lib.path)
    con.execute("UPDATE campaigns SET state_json = json_set(state_json, '$.state.money', 'lots') WHERE id = ?",
                (entry.id,))
    con.commit()
    con.close()
    from cs_desktop.formats.jsonread import FileFormatError

    with pytest.raises(FileFormatError) as err:
        from_document(empty_lib.campaigns.load(entry.id), f"library campaign {entry.id} ('Odd')")
    assert "library campaign" in str(err.value) and "state.money" in str(err.value)
    con = sqlite3.connect(empty_lib.path)
    con.execute("UPDATE campaigns SET state_json = '[1, 2]' WHERE id = ?", (entry.id,))
    con.commit()
    con.close()
    with pytest.raises(CampaignRowError, match="a JSON list, not an object"):
        empty_lib.campaigns.load(entry.id)


def test_15_6_a_refused_write_leaves_the_row_as_it_was(empty_lib: Library) -> None:
    entry = empty_lib.campaigns.save(_career(1), "Kept")
    before = table_rows(empty_lib.path)
    bad = _career(1)
    bad["state"]["money"] = math.nan  # type: ignore[index]
    with pytest.raises(ValueError, match="not plain JSON"):
        empty_lib.campaigns.save(bad, "Kept", campaign_id=entry.id)
    with pytest.raises(NotFoundError):
        empty_lib.campaigns.save(_career(1), "Nowhere", campaign_id=entry.id + 99)
    with pytest.raises(LibraryError, match="needs a name"):
        empty_lib.campaigns.save(_career(1), "  ", campaign_id=entry.id)
    assert table_rows(empty_lib.path) == before
    assert empty_lib.campaigns.load(entry.id) == _career(1)


def test_15_6_a_campaign_row_survives_in_the_file(tmp_path: Path) -> None:
    """Written by one Library, read by another opened on the same file: the write was committed."""
    with Library.open(tmp_path, import_shipped=False) as first:
        entry = first.campaigns.save(_career(5, months=1), "Across")
    with Library.open(tmp_path, import_shipped=False) as second:
        assert second.campaigns.load(entry.id) == _career(5, months=1)
