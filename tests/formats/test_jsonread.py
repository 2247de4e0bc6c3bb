"""`captains-sea validate` names the line and column, or the field, of every problem in a ship or scenario
file (issue 9, point 7): the real bytes in a file, through the real command line (`cs_desktop.cli.main.main`).

API tested: cs_desktop.cli.main.main(["validate", ...]), cs_desktop.formats.jsonread.parse_json.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import cs_desktop
from cs_desktop.cli.main import main
from cs_desktop.formats.jsonread import MAX_DEPTH, FileFormatError, parse_json

SHIP = (cs_desktop.SCENARIOS / "ships" / "java.json").read_bytes()
SCENARIO = (cs_desktop.SCENARIOS / "constitution-vs-java.json").read_bytes()


def _sub(old: bytes, new: bytes, base: bytes = SHIP) -> bytes:
    assert base.count(old) >= 1, old
    return base.replace(old, new, 1)


def _line_col(base: bytes, old: bytes, extra: int = 0) -> str:
    """The line and column (1-based, in characters) where `old` starts in `base`, plus `extra` columns."""
    pos = base.index(old)
    line = base.count(b"\n", 0, pos) + 1
    col = len(base[base.rfind(b"\n", 0, pos) + 1:pos].decode("utf-8")) + 1 + extra
    return f"line {line}, column {col}"


CASES: dict[str, tuple[bytes, str, str]] = {
    # name: (the file's bytes, where the one problem is, words of the message)
    "syntax error": (_sub(b'"crew_points": 16,', b'"crew_points": 16'), "line ", "bad JSON: Expecting ',' delimiter"),
    "duplicate key": (_sub(b'"crew_points": 16,', b'"crew_points": 16, "crew_points": 17,'),
                      _line_col(_sub(b'"crew_points": 16,', b'"crew_points": 16, "crew_points": 17,'),
                                b'"crew_points": 17'), "duplicate key 'crew_points'"),
    "NaN": (_sub(b'"crew_points": 16', b'"crew_points": NaN'), "crew_points", "NaN is not a number"),
    "Infinity": (_sub(b'"rigging_points": 11', b'"rigging_points": Infinity'), "rigging_points",
                 "Infinity is not a number"),
    "-Infinity": (_sub(b'"launched": 1808', b'"launched": -Infinity'), "launched", "-Infinity is not a number"),
    "1e999": (_sub(b'"crew_points": 16', b'"crew_points": 1e999'), "crew_points", "1e999 is too large"),
    "5000 digits": (_sub(b'"complement": 397', b'"complement": ' + b"4" * 5000), "complement",
                    "a whole number of 5000 digits is far too large"),
    "version 1.0": (_sub(b'"version": 1', b'"version": 1.0'), "version", "expected a whole number, got a number 1.0"),
    "version true": (_sub(b'"version": 1', b'"version": true'), "version", "expected a whole number, got true/false"),
    "invalid UTF-8": (_sub(b'"name": "Java"', b'"name": "J\xe4va"'),
                      _line_col(SHIP, b'"name": "Java"', len('"name": "J')), "not UTF-8 text: invalid byte 0xe4"),
    "control character": (_sub(b'"name": "Java"', b'"name": "Ja\x01va"'),
                           _line_col(SHIP, b'"name": "Java"', len('"name": "Ja')), "control character U+0001"),
    "NUL outside text": (_sub(b'"name": "Java"', b'"name":\x00 "Java"'),
                         _line_col(SHIP, b'"name": "Java"', len('"name":')), "control character U+0000"),
    "byte-order mark inside": (_sub(b'"name": "Java"', b'\xef\xbb\xbf"name": "Java"'),
                               _line_col(SHIP, b'"name": "Java"'), "byte-order mark (U+FEFF) inside the text"),
    "unpaired surrogate": (_sub(b'"name": "Java"', b'"name": "Java\\udc00"'), "name", "unpaired"),
    "scenario version 1.0": (_sub(b'"version": 1', b'"version": 1.0', SCENARIO), "version",
                             "expected a whole number"),
    "scenario NaN heading": (_sub(b'"heading": 4', b'"heading": NaN', SCENARIO), "sides[0].ships[0].heading",
                             "NaN is not a number"),
}


@pytest.mark.parametrize("case", list(CASES))
def test_validate_names_where_each_problem_is(case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    raw, where, words = CASES[case]
    path = tmp_path / "file.json"
    path.write_bytes(raw)
    assert main(["validate", str(path)]) == 2
    out, err = capsys.readouterr()
    assert err == "" and "Traceback" not in out
    lines = out.splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith(f"{path}: {where}"), lines[0]
    assert words in lines[0], lines[0]


def test_a_byte_order_mark_at_the_start_is_accepted(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + SHIP)
    assert main(["validate", str(path)]) == 0
    assert capsys.readouterr().out == f"ok: {path}\n"


def test_every_bad_byte_is_listed_up_to_ten(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "latin1.json"
    path.write_bytes(b'{"a": "\xe9",\n "b": "\xe8\xe8"}' + b" " * 3 + b"\xff" * 12)
    assert main(["validate", str(path)]) == 2
    out = capsys.readouterr().out.splitlines()
    assert out[:3] == [f"{path}: line 1, column 8: not UTF-8 text: invalid byte 0xe9; save the file as UTF-8",
                       f"{path}: line 2, column 8: not UTF-8 text: invalid byte 0xe8; save the file as UTF-8",
                       f"{path}: line 2, column 9: not UTF-8 text: invalid byte 0xe8; save the file as UTF-8"]
    assert len(out) == 11 and out[-1] == f"{path}: (file): ... and 5 more like these"


def test_several_value_problems_are_all_listed_by_field(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "s.json"
    path.write_bytes(SHIP.replace(b'"crew_points": 16', b'"crew_points": NaN').replace(
        b'"rigging_points": 11', b'"rigging_points": 1e400'))
    assert main(["validate", str(path)]) == 2
    assert capsys.readouterr().out.splitlines() == [
        f"{path}: crew_points: NaN is not a number in this format; write a number",
        f"{path}: rigging_points: the number 1e400 is too large"]


def test_nesting_limit_names_the_line_and_column() -> None:
    text = '{"a":\n  ' + "[" * (MAX_DEPTH + 5) + "]" * (MAX_DEPTH + 5) + "}"
    with pytest.raises(FileFormatError) as err:
        parse_json(text, "n.json")
    assert err.value.problems == [(f"line 2, column {3 + MAX_DEPTH - 1}",
                                   f"nested deeper than {MAX_DEPTH} levels of arrays and objects")]
    assert parse_json('{"a": ' + "[" * 40 + "]" * 40 + "}", "ok.json") == {"a": json.loads("[" * 40 + "]" * 40)}


def test_escaped_pairs_and_escaped_controls_are_fine() -> None:
    assert parse_json('{"a": "\\ud83d\\ude00 \\u0007 \\n"}', "ok.json") == {"a": "\U0001F600 \x07 \n"}
