"""Rewrite docs/rulings.md's ruling tables as sections an editor shows whole (issue 30, item 8).

    python3 scripts/rulings_format.py            # rewrite docs/rulings.md in place
    python3 scripts/rulings_format.py --check    # exit 1 if a table row of rulings is left

Each table row `| id | section | question | ruling | why |` becomes a `### id — section` heading and `Question:`,
`Ruling:` and `Why:` paragraphs wrapped at 112 columns (the rules' rulings, the campaign's RC and online play's
RO alike); the rest of the file is left as it is. What the program reads
(`rules_text.parse_rulings_table`) is the same before and after: tests/formats/test_rules_text.py checks it.
"""

from __future__ import annotations

import argparse
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import re  # noqa: E402

#: a ruling's id: the rules' (R2.0a), the campaign's (RC15.3a), online play's (RO32a)
_ANY_ID = re.compile(r"^R[A-Z]?\d+(?:\.\d+)*[a-z]?$")

RULINGS = ROOT / "docs" / "rulings.md"
WIDTH = 112


def _cells(line: str) -> list[str] | None:
    cells = [c.strip() for c in line.strip().strip("|").split(" | ")]
    return cells if line.startswith("|") and len(cells) == 5 and _ANY_ID.match(cells[0]) else None


def _para(label: str, text: str) -> list[str]:
    return textwrap.wrap(f"{label} {text}", WIDTH, break_long_words=False, break_on_hyphens=False) + [""]


def rewrite(markdown: str) -> str:
    out: list[str] = []
    lines = markdown.splitlines()
    for i, line in enumerate(lines):
        cells = _cells(line)
        if cells is not None:
            rid, sections, question, ruling, why = cells
            out += [f"### {rid} — {sections}", ""]
            out += _para("Question:", question) + _para("Ruling:", ruling) + _para("Why:", why)
            continue
        following = lines[i + 1] if i + 1 < len(lines) else ""
        header = line.startswith("| id | section |") and following.startswith("|---")
        if header or (line.startswith("|---") and i and lines[i - 1].startswith("| id | section |")):
            continue  # the header of a table whose rows became sections
        out.append(line)
    text = "\n".join(out)
    while "\n\n\n" in text:
        text = text.replace("\n\n\n", "\n\n")
    return text.rstrip() + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args(argv)
    text = RULINGS.read_text(encoding="utf-8")
    left = [line[:40] for line in text.splitlines() if _cells(line)]
    if args.check:
        print(f"{len(left)} ruling table row(s) left")
        return 1 if left else 0
    RULINGS.write_text(rewrite(text), encoding="utf-8")
    print(f"{RULINGS}: {len(left)} ruling rows rewritten as sections")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
