"""What a rule section ("11.4.7", "9.1 (2)", "R9.1.4") decides, for the rule panel, the log and the CLI.

Two sources:
- our own summaries, shipped with the program (`resources/rules/summaries.json`): for every numbered section of
  the Living Rules v1.10 a short note in our words of what it decides, and for every ruling of
  `docs/rulings.md` its question and answer. Always there.
- the player's own copy of the living rules text (a plain-text file chosen in Settings): when set, the full
  section is read from it. The program never ships, copies or looks for the rules text by itself.

No Qt here: the log, the CLI and the tests can all use it.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import cs_desktop

SUMMARIES_FILE = cs_desktop.RESOURCES / "rules" / "summaries.json"
#: a player's rules file larger than this is not a rules text (the living rules are about 60 kB)
MAX_RULES_FILE_BYTES = 5_000_000
_HEADING = re.compile(r"^(\d+\.\d+(?:\.\d+)*)\s+(\S.*)$")
_RULE_REF = re.compile(r"(\d+(?:\.\d+)+)")
_RULING_ID = re.compile(r"^R\d+(?:\.\d+)*[a-z]?$")


class SummariesError(ValueError):
    """The shipped summaries file is missing or malformed (the message names the file and the field)."""


# ---------------------------------------------------------------------------------------------- summaries
@dataclass(frozen=True)
class Summaries:
    sections: dict[str, tuple[str, str]]  # number -> (title, summary)
    rulings: dict[str, dict[str, str]]  # id -> {"sections", "question", "ruling"}


def load_summaries(path: Path = SUMMARIES_FILE) -> Summaries:
    """Read and check a summaries file; a problem raises SummariesError naming the file and the field."""
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except OSError as e:
        raise SummariesError(f"{path}: cannot read the rule summaries ({e.strerror or e})") from e
    except (ValueError, UnicodeDecodeError) as e:
        raise SummariesError(f"{path}: not valid JSON ({e})") from e
    if not isinstance(raw, dict):
        raise SummariesError(f"{path}: the top level must be an object")
    if not isinstance(raw.get("provenance"), dict):
        raise SummariesError(f"{path}: field 'provenance' must be an object saying where the summaries come from")
    sections: dict[str, tuple[str, str]] = {}
    raw_sections = raw.get("sections")
    if not isinstance(raw_sections, dict):
        raise SummariesError(f"{path}: field 'sections' must be an object (section number -> title, summary)")
    for number, entry in raw_sections.items():
        where = f"{path}: sections.{number}"
        if _HEADING.match(f"{number} x") is None:
            raise SummariesError(f"{where}: not a section number like '11.4.7'")
        if not isinstance(entry, dict):
            raise SummariesError(f"{where}: must be an object with 'title' and 'summary'")
        for key in ("title", "summary"):
            if not isinstance(entry.get(key), str) or not entry[key].strip():
                raise SummariesError(f"{where}.{key}: must be a non-empty string")
        sections[number] = (entry["title"].strip(), entry["summary"].strip())
    rulings: dict[str, dict[str, str]] = {}
    raw_rulings = raw.get("rulings", {})
    if not isinstance(raw_rulings, dict):
        raise SummariesError(f"{path}: field 'rulings' must be an object (ruling id -> sections, question, ruling)")
    for rid, entry in raw_rulings.items():
        where = f"{path}: rulings.{rid}"
        if _RULING_ID.match(rid) is None:
            raise SummariesError(f"{where}: not a ruling id like 'R9.1.4' or 'R9.1a'")
        if not isinstance(entry, dict):
            raise SummariesError(f"{where}: must be an object with 'sections', 'question' and 'ruling'")
        for key in ("sections", "question", "ruling"):
            if not isinstance(entry.get(key), str) or not entry[key].strip():
                raise SummariesError(f"{where}.{key}: must be a non-empty string")
        rulings[rid] = {k: entry[k].strip() for k in ("sections", "question", "ruling")}
    return Summaries(sections, rulings)


@lru_cache(maxsize=1)
def shipped_summaries() -> Summaries:
    return load_summaries(SUMMARIES_FILE)


_RULING_HEAD = re.compile(r"^### (R\d+(?:\.\d+)*[a-z]?) — (.+)$")
_PARTS = ("Question:", "Ruling:", "Why:")


def parse_rulings_table(markdown: str) -> dict[str, dict[str, str]]:
    """The rulings of `docs/rulings.md`: each a section `### R2.0a — 2.0` with `Question:`, `Ruling:` and
    `Why:` paragraphs (wrapped as an editor shows them), or a table row `| id | section | question | ruling |
    why |` as older files had."""
    out: dict[str, dict[str, str]] = {}
    head: tuple[str, str] | None = None
    parts: dict[str, list[str]] = {}
    key = ""
    for line in [*markdown.splitlines(), "## end"]:
        cells = [c.strip() for c in line.strip().strip("|").split(" | ")]
        if line.startswith("|") and len(cells) == 5 and _RULING_ID.match(cells[0]):
            out[cells[0]] = {"sections": cells[1], "question": cells[2], "ruling": cells[3]}
            continue
        if line.startswith("#"):
            if head is not None:
                out[head[0]] = {"sections": head[1], "question": " ".join(parts.get("Question:", [])),
                                "ruling": " ".join(parts.get("Ruling:", []))}
            m = _RULING_HEAD.match(line.strip())
            head, parts, key = ((m.group(1), m.group(2).strip()) if m else None), {}, ""
            continue
        if head is None or not line.strip():
            continue
        text = line.strip()
        for part in _PARTS:
            if text.startswith(part):
                key, text = part, text[len(part):].strip()
        if key:
            parts.setdefault(key, []).append(text)
    return out


# ---------------------------------------------------------------------------------------------- the player's copy
@lru_cache(maxsize=4)
def _sections(path: str, mtime: float, size: int) -> dict[str, tuple[str, str]]:
    """Section number -> (title, body) parsed from a rules text (table of contents lines are skipped)."""
    lines = Path(path).read_text(encoding="utf-8", errors="replace").splitlines()
    heads: list[tuple[int, str, str]] = []
    for i, line in enumerate(lines):
        if "\t" in line:  # table of contents lines: "1.0<TAB>Key Concepts<TAB>2"
            continue
        m = _HEADING.match(line.strip())
        if m:
            heads.append((i, m.group(1), m.group(2).strip()))
    out: dict[str, tuple[str, str]] = {}
    for k, (i, number, title) in enumerate(heads):
        end = heads[k + 1][0] if k + 1 < len(heads) else len(lines)
        body = "\n".join(lines[i + 1:end]).strip()
        body = re.sub(r"\n{3,}", "\n\n", body)
        out.setdefault(number, (title, body))
    return out


def sections(path: Path) -> dict[str, tuple[str, str]]:
    """The numbered sections of a rules text file; {} if it is missing, unreadable or far too large."""
    try:
        st = path.stat()
        if not path.is_file() or st.st_size > MAX_RULES_FILE_BYTES:
            return {}
        return _sections(str(path), st.st_mtime, st.st_size)
    except OSError:
        return {}


def check_rules_file(path: Path) -> tuple[bool, str]:
    """Does `path` look like the living rules text (numbered headings such as "11.4.7 Roll ...")? (ok, message)"""
    if not path.exists():
        return False, f"{path} does not exist."
    if not path.is_file():
        return False, f"{path} is not a file."
    size = path.stat().st_size
    if size > MAX_RULES_FILE_BYTES:
        return False, f"{path} is {size:,} bytes: far too large for the rules text (a plain-text file is expected)."
    try:
        with path.open("rb") as f:
            if b"\0" in f.read(4096):
                return False, f"{path} is not a plain-text file (save the rules as plain text, UTF-8)."
    except OSError as e:
        return False, f"{path} cannot be read ({e.strerror or e})."
    found = sections(path)
    known = set(shipped_summaries().sections)
    matching = sorted(set(found) & known, key=_sort_key)
    if not found:
        return False, (f"{path} does not look like the living rules text: it has no numbered headings "
                       f"such as '11.4.7 Title' on a line of their own.")
    if len(matching) < 3:
        return False, (f"{path} does not look like the living rules text: only {len(matching)} of its "
                       f"{len(found)} numbered headings are section numbers of the rules (3 or more needed).")
    return True, (f"Looks like the living rules text: {len(matching)} of the {len(known)} sections found "
                  f"({matching[0]} to {matching[-1]}).")


def _sort_key(number: str) -> tuple[int, ...]:
    return tuple(int(p) for p in number.split("."))


# ---------------------------------------------------------------------------------------------- lookup
@dataclass(frozen=True)
class RuleText:
    """What the program can say about a rule reference.

    `summary` is our own note (always there when `found`); `text` is the full section from the player's copy of
    the rules ("" when no copy is set or the section is not in it; `note` then says why)."""

    asked: str
    number: str
    title: str
    summary: str
    text: str
    note: str
    found: bool

    def heading(self) -> str:
        return f"{self.number} {self.title}".strip() if self.found else self.asked


def _candidates(number: str) -> list[str]:
    """11.4.7 -> 11.4.7, 11.4, 11.0; 9 -> 9.0."""
    parts = number.split(".")
    out = []
    while parts:
        cand = ".".join(parts)
        out.append(cand if "." in cand else cand + ".0")
        parts = parts[:-1]
    return list(dict.fromkeys(out))


def _full_text(number: str, asked_number: str, player_copy: Path | None) -> tuple[str, str]:
    """(full text, note) of section `number` from the player's copy."""
    if player_copy is None:
        return "", "For the full text, choose your copy of the living rules in Game → Settings."
    table = sections(player_copy)
    if not table:
        return "", f"Your copy of the rules ({player_copy}) cannot be read or has no numbered sections."
    for cand in _candidates(asked_number):
        if cand in table:
            title, body = table[cand]
            head = f"{cand} {title}"
            return f"{head}\n\n{body}".strip(), f"Full text from your copy of the rules ({player_copy})."
    return "", f"Section {number} is not in your copy of the rules ({player_copy})."


def lookup(rule: str, player_copy: Path | None = None) -> RuleText:
    """What section `rule` decides (the nearest enclosing section if it has no summary of its own), with the
    full text from `player_copy` (the player's copy of the living rules) when given."""
    asked = str(rule).strip()
    try:
        known = shipped_summaries()
    except SummariesError as e:
        return RuleText(asked, "", "", "", "", f"The rule summaries of this installation are broken: {e}", False)
    ruling = known.rulings.get(asked.split()[0]) if asked else None
    m = _RULE_REF.search(asked)
    if ruling is not None:
        summary = f"{ruling['question']}\n\nRuling: {ruling['ruling']}"
        cited = _RULE_REF.findall(ruling["sections"])
        own = asked.split()[0][1:].rstrip("abcdefghijklmnopqrstuvwxyz")
        text, note = "", ""
        if cited:
            number = own if own in cited else cited[0]
            for cand in _candidates(number):
                if cand in known.sections:
                    title, what = known.sections[cand]
                    summary += f"\n\n{cand} {title}: {what}"
                    break
            text, note = _full_text(number, number, player_copy)
        return RuleText(asked, asked.split()[0], f"Ruling of this program on {ruling['sections']}", summary,
                        text, note, True)
    if m is None:
        return RuleText(asked, "", "", "", "", f"{asked!r} is not a section of the rules.", False)
    number = m.group(1)
    for cand in _candidates(number):
        if cand in known.sections:
            title, summary = known.sections[cand]
            if cand != number:
                summary = f"({number} is part of {cand}.) {summary}"
            if asked.upper().startswith("R"):
                summary = f"({asked} is a ruling of this program on {cand}; see docs/rulings.md.) {summary}"
            text, note = _full_text(cand, number, player_copy)
            return RuleText(asked, cand, title, summary, text, note, True)
    return RuleText(asked, "", "", "", "", f"Section {number} is not a section of the rules.", False)


def tooltip(rule: str) -> str:
    """One line for a tooltip: the heading and our summary of `rule`."""
    found = lookup(rule)
    if not found.found:
        return f"Rule {rule}: {found.note}"
    return f"{found.heading()}: {found.summary}"

