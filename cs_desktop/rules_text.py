"""Look up the text of a rule section ("11.4.7", "9.1", "R9.1.4") in the Captain's Sea rules text.

The rules text is not copied into the program: it is read from the shared rules folder beside the checkout
(`<ROOT>/../shared/rules/captains-sea-living-rules-v1.10.txt`) when present. Without it the lookup says so
instead of failing. No Qt here: the log, the CLI and the tests can all use it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import cs_desktop

RULES_FILE_NAME = "captains-sea-living-rules-v1.10.txt"
_HEADING = re.compile(r"^(\d+\.\d+(?:\.\d+)*)\s+(\S.*)$")
_RULE_REF = re.compile(r"(\d+(?:\.\d+)+)")


def rules_path() -> Path:
    return cs_desktop.ROOT.parent / "shared" / "rules" / RULES_FILE_NAME


@dataclass(frozen=True)
class RuleText:
    """A rule section: `found` is False when the rules text or the section is missing (`text` says why)."""

    asked: str
    number: str
    title: str
    text: str
    found: bool

    def heading(self) -> str:
        return f"{self.number} {self.title}".strip() if self.found else self.asked


@lru_cache(maxsize=4)
def _sections(path: str, mtime: float) -> dict[str, tuple[str, str]]:
    """Section number -> (title, body) parsed from the rules text (the table of contents is skipped)."""
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


def sections(path: Path | None = None) -> dict[str, tuple[str, str]]:
    p = path or rules_path()
    if not p.is_file():
        return {}
    return _sections(str(p), p.stat().st_mtime)


def _candidates(number: str) -> list[str]:
    """11.4.7 -> 11.4.7, 11.4, 11.0; 9 -> 9.0."""
    parts = number.split(".")
    out = []
    while parts:
        cand = ".".join(parts)
        out.append(cand if "." in cand else cand + ".0")
        parts = parts[:-1]
    return list(dict.fromkeys(out))


def lookup(rule: str, path: Path | None = None) -> RuleText:
    """The text of the section `rule` names (the nearest enclosing section if it has no heading of its own)."""
    asked = str(rule).strip()
    p = path or rules_path()
    if not p.is_file():
        return RuleText(asked, "", "", f"The rules text is not installed (looked for {p}).", False)
    m = _RULE_REF.search(asked)
    if m is None:
        return RuleText(asked, "", "", f"{asked!r} is not a section of the rules text.", False)
    table = sections(p)
    ruling = asked.upper().startswith("R")
    for cand in _candidates(m.group(1)):
        if cand in table:
            title, body = table[cand]
            if ruling:
                body = (f"{asked} is a ruling of this program on section {cand} (see docs/). "
                        f"The rules text of {cand}:\n\n{body}")
            elif cand != m.group(1):
                body = f"({m.group(1)} is part of {cand}.)\n\n{body}"
            return RuleText(asked, cand, title, body, True)
    return RuleText(asked, "", "", f"Section {m.group(1)} is not in the rules text.", False)
