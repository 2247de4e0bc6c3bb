"""Importing files into the library and exporting them out of it.

API tested: Library.files (import_file, import_files, export_ship, export_scenario), Library.save_scenario.
Bad input of every kind gives a FileFormatError naming the file and the field, and leaves the library
file byte-identical; export -> import gives back identical cards; a failure mid-operation rolls back.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cs_desktop.formats.files import MAX_FILE_BYTES, FileFormatError
from cs_desktop.library import Library
from cs_desktop.library import repository as repo

from tests.library.conftest import file_digest, table_rows


def _ship_data(shipped: Path, ship_id: str = "java") -> dict[str, Any]:
    data: dict[str, Any] = json.loads((shipped / "ships" / f"{ship_id}.json").read_text(encoding="utf-8"))
    return data


def _scenario_data(shipped: Path, scenario_id: str = "constitution-vs-java") -> dict[str, Any]:
    data: dict[str, Any] = json.loads((shipped / f"{scenario_id}.json").read_text(encoding="utf-8"))
    return data


def _write(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


# ---------------------------------------------------------------------------------------------- bad input

BadCase = Callable[[Path, Path], Path]  # (shipped folder, tmp folder) -> the bad file


def _wrong_type(shipped: Path, tmp: Path) -> Path:
    return _write(tmp / "bad.json", {**_ship_data(shipped), "id": "new-ship", "crew_points": "18"})


def _huge(shipped: Path, tmp: Path) -> Path:
    text = json.dumps({**_ship_data(shipped), "id": "new-ship"})
    p = tmp / "bad.json"
    p.write_text(text[:-1] + " " * (MAX_FILE_BYTES + 10) + "}", encoding="utf-8")
    return p


def _unknown_field(shipped: Path, tmp: Path) -> Path:
    return _write(tmp / "bad.json", {**_ship_data(shipped), "id": "new-ship", "cannons": 3})


def _wrong_version(shipped: Path, tmp: Path) -> Path:
    return _write(tmp / "bad.json", {**_ship_data(shipped), "id": "new-ship", "version": 2})


def _wrong_format(shipped: Path, tmp: Path) -> Path:
    return _write(tmp / "bad.json", {**_ship_data(shipped), "id": "new-ship", "format": "captains-sea/game"})


def _bad_json(shipped: Path, tmp: Path) -> Path:
    p = tmp / "bad.json"
    p.write_text('{"format": "captains-sea/ship", "version": 1,', encoding="utf-8")
    return p


def _not_utf8(shipped: Path, tmp: Path) -> Path:
    p = tmp / "bad.json"
    text = json.dumps({**_ship_data(shipped), "id": "new-ship", "name": "X"})
    p.write_bytes(text.encode().replace(b'"X"', b'"\xff"'))
    return p


def _missing(shipped: Path, tmp: Path) -> Path:
    return tmp / "no-such-file.json"


def _array(shipped: Path, tmp: Path) -> Path:
    return _write(tmp / "bad.json", [_ship_data(shipped)])


def _deep(shipped: Path, tmp: Path) -> Path:
    p = tmp / "bad.json"
    p.write_text("[" * 200_000 + "]" * 200_000, encoding="utf-8")
    return p


def _duplicate_key(shipped: Path, tmp: Path) -> Path:
    p = tmp / "bad.json"
    text = json.dumps({**_ship_data(shipped), "id": "new-ship"})
    p.write_text(text[:-1] + ', "id": "other"}', encoding="utf-8")
    return p


def _path_in_id(shipped: Path, tmp: Path) -> Path:
    return _write(tmp / "bad.json", {**_ship_data(shipped), "id": "../../etc/passwd"})


def _unknown_ship(shipped: Path, tmp: Path) -> Path:
    data = {**_scenario_data(shipped), "id": "new-scenario"}
    data["sides"][1]["ships"][0]["ship"] = "hms-nowhere"
    return _write(tmp / "bad.json", data)


def _in_irons(shipped: Path, tmp: Path) -> Path:
    data = {**_scenario_data(shipped), "id": "new-scenario"}
    wind_from = (data["wind"] + 3) % 8 + 1
    data["sides"][0]["ships"][0]["heading"] = wind_from
    return _write(tmp / "bad.json", data)


def _bad_inline_card(shipped: Path, tmp: Path) -> Path:
    data = {**_scenario_data(shipped), "id": "new-scenario"}
    data["sides"][1]["ships"][0]["ship"] = {**_ship_data(shipped), "id": "inline-java", "hull_type": "rapid"}
    return _write(tmp / "bad.json", data)


BAD_CASES: dict[str, tuple[BadCase, str, str]] = {
    # name: (make the file, field named, words of the message)
    "wrong type": (_wrong_type, "crew_points", "expected a whole number"),
    "huge file": (_huge, "(file)", "the limit is"),
    "unknown field": (_unknown_field, "cannons", "unknown field"),
    "wrong version": (_wrong_version, "version", "not supported"),
    "wrong format": (_wrong_format, "format", "expected 'captains-sea/ship' or 'captains-sea/scenario'"),
    "bad json": (_bad_json, "line 1", "bad JSON"),
    "not utf-8": (_not_utf8, "line 1, column ", "not UTF-8"),
    "missing file": (_missing, "(file)", "file not found"),
    "not an object": (_array, "(file)", "expected a JSON object"),
    "nested too deeply": (_deep, "line 1, column 51", "nested too deeply"),
    "duplicate key": (_duplicate_key, "line 1, column ", "duplicate key 'id'"),
    "path in id": (_path_in_id, "id", "string should match pattern"),
    "unknown ship id": (_unknown_ship, "sides[1].ships[0].ship", "no ship 'hms-nowhere' in the library"),
    "in irons": (_in_irons, "sides[0].ships[0].heading", "In Irons"),
    "bad inline card": (_bad_inline_card, "sides[1].ships[0].ship.hull_type", "'slow', 'average' or 'fast'"),
}


@pytest.mark.parametrize("case", list(BAD_CASES))
def test_bad_file_is_refused_and_the_library_file_is_byte_identical(
        case: str, tmp_path: Path, shipped: Path) -> None:
    make, field, words = BAD_CASES[case]
    Library.open(tmp_path / "data", shipped_dir=shipped).close()
    db = tmp_path / "data" / "library.sqlite3"
    before_bytes, before_rows = file_digest(db), table_rows(db)
    bad = make(shipped, tmp_path)

    library = Library.open(tmp_path / "data", shipped_dir=shipped)
    try:
        with pytest.raises(FileFormatError) as err:
            library.files.import_file(bad)
    finally:
        library.close()

    assert err.value.path == str(bad)
    assert any(f.startswith(field) and words in problem for f, problem in err.value.problems), err.value.problems
    assert str(err.value).startswith(str(bad))
    assert table_rows(db) == before_rows
    assert file_digest(db) == before_bytes
    assert not (tmp_path / "data" / "library.sqlite3-wal").exists()


def test_a_batch_with_one_bad_file_imports_nothing(lib: Library, shipped: Path, tmp_path: Path) -> None:
    """Rollback: the good ship is written first in the transaction, then the scenario is refused."""
    good = _write(tmp_path / "good.json", {**_ship_data(shipped), "id": "new-ship"})
    data = {**_scenario_data(shipped), "id": "new-scenario"}
    data["sides"][0]["ships"][0]["ship"] = "not-in-library"
    bad = _write(tmp_path / "bad-scenario.json", data)
    before = table_rows(lib.path)
    with pytest.raises(FileFormatError, match="no ship 'not-in-library'"):
        lib.files.import_files([good, bad])
    assert table_rows(lib.path) == before
    assert lib.files.import_files([good])[0].status == "added"


def test_a_failure_after_the_first_write_rolls_back(lib: Library, shipped: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """save_scenario stores the inline ship, then the scenario write fails: neither is kept."""
    scenario = lib.get_scenario("constitution-vs-java")
    data = scenario.model_dump(mode="json")
    data["id"] = "with-inline"
    data["sides"][1]["ships"][0]["ship"] = {**_ship_data(shipped), "id": "inline-java"}
    real = repo.put_scenario

    def put_then_fail(*args: Any, **kwargs: Any) -> Any:
        real(*args, **kwargs)
        raise OSError("disk full")

    monkeypatch.setattr(repo, "put_scenario", put_then_fail)
    before = table_rows(lib.path)
    with pytest.raises(OSError, match="disk full"):
        lib.save_scenario(type(scenario).model_validate(data))
    assert table_rows(lib.path) == before
    monkeypatch.setattr(repo, "put_scenario", real)
    assert lib.save_scenario(type(scenario).model_validate(data)).ship_ids == ("constitution", "inline-java")


# ---------------------------------------------------------------------------------------------- round trip


def test_ship_export_import_round_trip(lib: Library, empty_lib: Library, tmp_path: Path) -> None:
    out = lib.files.export_ship("constitution", tmp_path / "constitution.json")
    result = empty_lib.files.import_file(out)
    assert (result.kind, result.id, result.status) == ("ship", "constitution", "added")
    assert empty_lib.get_ship("constitution") == lib.get_ship("constitution")
    again = empty_lib.files.export_ship("constitution", tmp_path / "again.json")
    assert again.read_bytes() == out.read_bytes()
    assert empty_lib.ship_entry("constitution").origin == "user"


def test_scenario_export_import_round_trip(lib: Library, empty_lib: Library, tmp_path: Path) -> None:
    out = lib.files.export_scenario("president-vs-belvidera-3-ship", tmp_path / "s.json")
    result = empty_lib.files.import_file(out)
    assert (result.kind, result.status) == ("scenario", "added")
    assert sorted(r.id for r in result.ships) == ["belvidera", "congress", "president"]
    assert empty_lib.get_scenario_with_ships("president-vs-belvidera-3-ship") == \
        lib.get_scenario_with_ships("president-vs-belvidera-3-ship")
    again = empty_lib.files.export_scenario("president-vs-belvidera-3-ship", tmp_path / "again.json")
    assert again.read_bytes() == out.read_bytes()

    # into the library it came from: nothing to do
    before = table_rows(lib.path)
    assert lib.files.import_file(out).status == "unchanged"
    assert table_rows(lib.path) == before


def test_scenario_exported_by_id_needs_its_ships(lib: Library, empty_lib: Library, tmp_path: Path) -> None:
    out = lib.files.export_scenario("constitution-vs-java", tmp_path / "s.json", inline_ships=False)
    assert json.loads(out.read_text(encoding="utf-8"))["sides"][0]["ships"][0]["ship"] == "constitution"
    with pytest.raises(FileFormatError, match="no ship 'constitution' in the library"):
        empty_lib.files.import_file(out)
    ships = [lib.files.export_ship(i, tmp_path / f"{i}.json") for i in ("constitution", "java")]
    results = empty_lib.files.import_files([out, *ships])  # ships go in first, whatever the order given
    assert [r.kind for r in results] == ["ship", "ship", "scenario"]
    assert empty_lib.get_scenario("constitution-vs-java") == lib.get_scenario("constitution-vs-java")


# ---------------------------------------------------------------------------------------------- conflicts


def test_an_id_taken_by_other_content_is_copied_replaced_or_refused(lib: Library, shipped: Path,
                                                                    tmp_path: Path) -> None:
    changed = _write(tmp_path / "java.json", {**_ship_data(shipped), "notes": "a different Java"})
    before = table_rows(lib.path)
    with pytest.raises(FileFormatError, match="already has a different ship 'java'"):
        lib.files.import_file(changed, on_conflict="fail")
    assert table_rows(lib.path) == before

    first = lib.files.import_file(changed)
    assert (first.id, first.status) == ("java-copy", "copied")
    assert lib.get_ship("java-copy").notes == "a different Java"
    assert lib.get_ship("java").notes != "a different Java"
    assert lib.files.import_file(changed).status == "unchanged"  # importing it again adds no second copy
    assert len(lib.list_ships("java")) == 2

    replaced = lib.files.import_file(changed, on_conflict="replace")
    assert (replaced.id, replaced.status) == ("java", "replaced")
    assert lib.get_ship("java").notes == "a different Java"
    assert lib.ship_entry("java").modified


def test_inline_card_with_a_taken_id_is_stored_as_a_copy(lib: Library, shipped: Path, tmp_path: Path) -> None:
    data = {**_scenario_data(shipped), "id": "other-java-duel"}
    data["sides"][1]["ships"][0]["ship"] = {**_ship_data(shipped), "notes": "a different Java"}
    result = lib.files.import_file(_write(tmp_path / "s.json", data))
    assert result.status == "added" and [(r.id, r.status) for r in result.ships] == [("java-copy", "copied")]
    assert lib.scenario_entry("other-java-duel").ship_ids == ("constitution", "java-copy")
    assert any("stored as 'java-copy'" in m for m in result.messages)
