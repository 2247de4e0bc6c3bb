"""Write the "Every module" section of docs/architecture.md: each package of cs_desktop as a room, each module
with the first sentence of its docstring (issue 30 item 2). `--check` fails if the section is not what the code
says today (tests/test_architecture_doc.py runs it)."""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PKG = ROOT / "cs_desktop"
DOC = ROOT / "docs" / "architecture.md"
BEGIN = "<!-- every module: written by scripts/modules_doc.py -->"
END = "<!-- end of every module -->"


def first_sentence(path: Path) -> str:
    doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
    text = " ".join(doc.split())
    match = re.match(r"(.+?[.?!])(\s|$)", text)
    sentence = match.group(1) if match else text
    if len(sentence) > 180:  # a long first sentence: its opening words
        sentence = sentence[:180].rsplit(" ", 1)[0] + " …"
    return sentence.replace("|", "\\|")


def section() -> str:
    lines = [BEGIN, ""]
    packages = sorted({p.parent for p in PKG.rglob("*.py") if "_data" not in p.parts})
    for package in packages:
        rel = package.relative_to(ROOT).as_posix()
        modules = sorted(p for p in package.glob("*.py"))
        lines += [f"### `{rel}/`", "", "| module | what it is |", "|---|---|"]
        lines += [f"| `{m.name}` | {first_sentence(m)} |" for m in modules]
        lines.append("")
    lines.append(END)
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    text = DOC.read_text(encoding="utf-8")
    start, end = text.index(BEGIN), text.index(END) + len(END)
    new = text[:start] + section() + text[end:]
    if "--check" in argv:
        if new != text:
            print("docs/architecture.md: the module list is stale; run python3 scripts/modules_doc.py", file=sys.stderr)
            return 1
        return 0
    DOC.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
