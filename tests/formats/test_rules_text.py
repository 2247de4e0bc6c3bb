"""Rule lookup (cs_desktop/formats/rules_text.py): our shipped summaries of every section, and the full text from the
player's own copy of the rules. Tests read only files of this repository (tests/data/rules_fixture.txt is a
small text in the rules' heading layout, written for these tests) and files they write themselves."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

import cs_desktop
from cs_desktop.formats import rules_text
from cs_desktop.formats.files import load_scenario_with_ships
from cs_desktop.rules.game import Game
from cs_desktop.ai.captains import make_captain
from cs_desktop.ai.seat import Seat
from cs_desktop.formats.rules_text import (SUMMARIES_FILE, SummariesError, check_rules_file, load_summaries, lookup,
                                   parse_rulings_table, shipped_summaries)

ROOT = cs_desktop.ROOT
DATA = Path(__file__).resolve().parents[1] / "data"
FIXTURE = DATA / "rules_fixture.txt"
RULE_REF = re.compile(r"^R?\d+\.\d+(?:\.\d+)*[a-z]?$")


def committed_section_numbers() -> list[str]:
    lines = (DATA / "rules_section_numbers.txt").read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


# ---------------------------------------------------------------------------------------------- the shipped file
def test_summaries_ship_in_resources_with_their_provenance() -> None:
    assert SUMMARIES_FILE == cs_desktop.RESOURCES / "rules" / "summaries.json"
    spec = (ROOT / "packaging" / "captains-sea.spec").read_text(encoding="utf-8")
    assert '(os.path.join(root, "resources"), "resources")' in spec  # the PyInstaller build copies resources/
    raw = json.loads(SUMMARIES_FILE.read_text(encoding="utf-8"))
    assert raw["provenance"]["source"] == "our summary, written for this program"


def test_every_section_of_the_rules_has_a_summary() -> None:
    numbers = committed_section_numbers()
    assert len(numbers) == 102 and len(set(numbers)) == len(numbers)
    summaries = shipped_summaries().sections
    assert [n for n in numbers if n not in summaries] == []
    assert [n for n in summaries if n not in numbers] == []  # no invented sections


def test_every_summary_is_short_and_says_something() -> None:
    for number, (title, summary) in shipped_summaries().sections.items():
        assert title and len(title) <= 60, number
        assert 15 <= len(summary) <= 400, (number, len(summary))
        assert summary[0].isupper() or summary[0] == "(", number
        assert summary.endswith((".", ")")), number
        assert summary.lower() != title.lower(), number


def test_the_rulings_in_the_summaries_are_those_of_docs_rulings_md() -> None:
    """`python3 scripts/update_ruling_summaries.py` copies them; this keeps the two files in step."""
    in_docs = parse_rulings_table((ROOT / "docs" / "rulings.md").read_text(encoding="utf-8"))
    assert len(in_docs) >= 50
    assert shipped_summaries().rulings == in_docs


def _engine_rule_strings() -> set[str]:
    found: set[str] = set()
    for path in sorted((ROOT / "cs_desktop" / "rules").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and RULE_REF.match(node.value):
                found.add(node.value)
    return found


def test_every_rule_the_engine_cites_in_its_source_has_its_own_summary() -> None:
    cited = _engine_rule_strings()
    assert {"2.0", "5.0", "9.1.4", "11.4.7", "15.0", "17.4", "20.1"} <= cited
    for rule in sorted(cited):
        found = lookup(rule)
        assert found.found and found.number == rule, rule
        assert found.summary, rule


def _played_rules(scenario: str, seed: int, options: dict[str, object]) -> set[str]:
    sc, ships = load_scenario_with_ships(ROOT / "scenarios" / scenario)
    game = Game(sc, ships, seed, options)
    seats = {s.id: make_captain("random", seed + i) for i, s in enumerate(sc.sides)}
    rules: set[str] = set()
    for _ in range(20_000):
        if not game.pending:
            break
        request = game.pending[0]
        rules.add(request.rule)
        for reasons in (request.info or {}).get("forbidden", {}).values():
            rules.update(str(r["rule"]) for r in reasons if isinstance(r, dict) and "rule" in r)
        assert game.submit(request.side, seats[request.side].choose(Seat(game, request)))
    rules.update(str(e["rule"]) for e in game.events if e.get("rule"))
    return rules


def test_every_rule_cited_by_the_events_and_requests_of_played_games_has_a_summary() -> None:
    rules: set[str] = set()
    rules |= _played_rules("constitution-vs-java.json", 3, {"turn_limit": 8})
    rules |= _played_rules("president-vs-belvidera-3-ship.json", 4, {"turn_limit": 6})
    rules |= _played_rules("chesapeake-vs-shannon.json", 5, {"turn_limit": 8, "bridge_cards": False})
    assert len(rules) >= 20
    for rule in sorted(rules):
        found = lookup(rule)
        assert found.found, rule
        number = re.match(r"R?(\d+(?:\.\d+)+)", rule)
        assert number is not None, rule
        if not rule.startswith("R"):
            assert found.number == number.group(1), rule  # its own summary, not its parent's


# ---------------------------------------------------------------------------------------------- lookup
def test_lookup_without_a_copy_of_the_rules_gives_our_summary_and_says_where_the_full_text_comes_from() -> None:
    found = lookup("11.4.7")
    assert found.found and found.heading() == "11.4.7 Roll defense dice to determine hit cancellations"
    assert "Firm" in found.summary and "Fragile" in found.summary
    assert found.text == "" and "Settings" in found.note


def test_lookup_of_a_subclause_or_a_missing_subsection_gives_the_enclosing_section() -> None:
    assert lookup("9.1 (2)").number == "9.1"
    assert lookup("7.0 step 8").number == "7.0"
    found = lookup("11.4.12")
    assert found.number == "11.4" and found.summary.startswith("(11.4.12 is part of 11.4.)")
    assert lookup("9").found is False
    assert lookup("99.1").found is False and "99.1" in lookup("99.1").note


def test_lookup_of_a_ruling_gives_its_question_answer_and_the_section_it_rules_on() -> None:
    found = lookup("R9.1.4")
    assert found.found and found.number == "R9.1.4" and "7.0 step 4" in found.title
    assert "9.1.4" in found.title and "In Irons" in found.summary and "9.1.4 Tacking:" in found.summary
    assert lookup("R9.1c").found
    unknown = lookup("R11.4.99")  # not a ruling id: the section it names
    assert unknown.number == "11.4" and "ruling of this program" in unknown.summary


def test_full_text_from_the_players_copy_of_the_rules() -> None:
    found = lookup("11.4.7", FIXTURE)
    assert found.summary == lookup("11.4.7").summary  # the summary is always there
    assert found.text.startswith("11.4.7 Saving Throws\n\nFixture text for 11.4.7")
    assert found.text.endswith("Second line of 11.4.7.")
    assert "17.4" not in found.text and str(FIXTURE) in found.note
    # blank-line runs are squeezed; the table of contents (tab-separated) is not taken for headings
    assert lookup("1.1", FIXTURE).text == ("1.1 Moving Together\n\nFixture text for 1.1: two ships side by side."
                                          "\n\nA second paragraph of 1.1 after extra blank lines.")
    assert lookup("1.0", FIXTURE).text.startswith("1.0 KEY IDEAS\n\nFixture text for section one.")
    # a subsection the copy lacks: its nearest enclosing section there
    assert lookup("11.4.9", FIXTURE).text.startswith("11.4 Steps of a Shot")
    # a section the copy lacks altogether: the summary, and a note saying so
    missing = lookup("16.0", FIXTURE)
    assert missing.found and missing.text == "" and "not in your copy" in missing.note
    # a ruling shows the text of the section it rules on
    assert lookup("R9.1a", FIXTURE).text.startswith("9.1 Choosing Orders")


def test_a_copy_of_the_rules_that_is_gone_or_empty_leaves_the_summary(tmp_path: Path) -> None:
    for path in (tmp_path / "missing.txt", tmp_path):
        found = lookup("2.0", path)
        assert found.found and found.summary and found.text == ""
        assert "cannot be read" in found.note


def test_check_rules_file_accepts_a_text_with_numbered_sections_and_explains_a_refusal(tmp_path: Path) -> None:
    ok, message = check_rules_file(FIXTURE)
    assert ok and "7 of the 102 sections" in message and "1.0 to 17.4" in message
    prose = tmp_path / "letter.txt"
    prose.write_text("Dear captain,\nthis is a letter with no numbered headings.\n", encoding="utf-8")
    ok, message = check_rules_file(prose)
    assert not ok and str(prose) in message and "does not look like the living rules" in message
    assert "no numbered headings" in message
    other = tmp_path / "other-game.txt"
    other.write_text("1.0 Intro\n\n77.1 Dragons\n\n78.2 Castles\n\n79.3 Knights\n", encoding="utf-8")
    ok, message = check_rules_file(other)
    assert not ok and "only 1 of its 4 numbered headings are section numbers of the rules" in message
    binary = tmp_path / "rules.pdf"
    binary.write_bytes(b"%PDF-1.4\0\0binary")
    ok, message = check_rules_file(binary)
    assert not ok and "not a plain-text file" in message
    ok, message = check_rules_file(tmp_path / "nothing.txt")
    assert not ok and "does not exist" in message
    ok, message = check_rules_file(tmp_path)
    assert not ok and "not a file" in message


def test_a_broken_summaries_file_is_named_with_its_field(tmp_path: Path) -> None:
    path = tmp_path / "summaries.json"
    with pytest.raises(SummariesError, match="cannot read"):
        load_summaries(path)
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(SummariesError, match="not valid JSON"):
        load_summaries(path)
    path.write_text(json.dumps({"provenance": {}, "sections": {"11.4.7": {"title": "x", "summary": ""}}}),
                    encoding="utf-8")
    with pytest.raises(SummariesError, match=r"summaries.json: sections.11.4.7.summary: must be a non-empty"):
        load_summaries(path)
    path.write_text(json.dumps({"provenance": {}, "sections": {}, "rulings": {"X1": {}}}), encoding="utf-8")
    with pytest.raises(SummariesError, match="rulings.X1: not a ruling id"):
        load_summaries(path)


def test_a_broken_installation_still_answers(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(rules_text, "SUMMARIES_FILE", tmp_path / "gone.json")
    rules_text.shipped_summaries.cache_clear()
    try:
        found = lookup("11.4.7")
        assert not found.found and "broken" in found.note and "gone.json" in found.note
    finally:
        monkeypatch.undo()
        rules_text.shipped_summaries.cache_clear()
    assert lookup("11.4.7").found


# ---------------------------------------------------------------------------------------------- no rules text here
def test_the_program_and_its_tests_never_read_the_rules_text_outside_the_repository() -> None:
    rules_file = "captains-sea-living-rules" + "-v1.10"
    shared = "shared" + "/rules"
    for folder in ("cs_desktop", "tests", "scripts", "benchmarks"):
        for path in (ROOT / folder).rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            assert rules_file not in text and shared not in text, path
            assert "ROOT" + ".parent" not in text, path


def test_a_ruling_reads_the_same_as_a_table_row_or_as_a_section() -> None:
    """Issue 30, item 8: docs/rulings.md as sections an editor shows whole (scripts/rulings_format.py)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("rulings_format", ROOT / "scripts" / "rulings_format.py")
    assert spec and spec.loader
    fmt = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fmt)
    table = ("## Set-up\n\n| id | section | question | ruling | why |\n|---|---|---|---|---|\n"
             "| R2.0a | 2.0 | Where is the centre? | The compass square is (width/2, height/2), " + "the square " * 20
             + "| A 32×24 map has no middle square. |\n| RC15.3a | campaign | Q? | R. | W. |\n\nMore text.\n")
    sections = fmt.rewrite(table)
    assert "| R2.0a" not in sections and "### R2.0a — 2.0" in sections and "### RC15.3a — campaign" in sections
    assert max(len(line) for line in sections.splitlines()) <= fmt.WIDTH and sections.endswith("More text.\n")
    assert parse_rulings_table(sections) == parse_rulings_table(table) == {
        "R2.0a": {"sections": "2.0", "question": "Where is the centre?",
                  "ruling": "The compass square is (width/2, height/2), " + ("the square " * 20).strip()}}
    whole = (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8")
    assert parse_rulings_table(fmt.rewrite(whole)) == parse_rulings_table(whole)
