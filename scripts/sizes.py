"""How big the parts are: classes by methods, functions by lines, files by lines (issue 30, item 6).

    python3 scripts/sizes.py              # the summary and every part over the limits
    python3 scripts/sizes.py --all        # every class and function, largest first
    python3 scripts/sizes.py --json       # the same as data (tests/test_sizes.py reads it)

A class counts the methods written in its own body (inherited ones are not its size); a function counts the lines
from its `def` to its last statement, docstring included, nested functions inside it. The limits are the house
style's (docs/architecture.md): about 25 methods a class, about 60 lines a function. Prints figures; the ratchet
that keeps them from growing is tests/test_sizes.py.
"""

from __future__ import annotations

import argparse
import ast
import json
import sys
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "cs_desktop"
MAX_METHODS = 25
MAX_LINES = 60


@dataclass(frozen=True)
class Part:
    kind: str  # "class" or "function"
    where: str  # module path:qualified name
    size: int  # methods for a class, lines for a function


def _parts(path: Path, root: Path = ROOT) -> list[Part]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    module = path.relative_to(root).as_posix()
    found: list[Part] = []

    def walk(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef):
                name = f"{prefix}{child.name}"
                methods = [c for c in child.body if isinstance(c, (ast.FunctionDef, ast.AsyncFunctionDef))]
                found.append(Part("class", f"{module}:{name}", len(methods)))
                walk(child, name + ".")
            elif isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                name = f"{prefix}{child.name}"
                lines = (child.end_lineno or child.lineno) - child.lineno + 1
                found.append(Part("function", f"{module}:{name}", lines))
                walk(child, name + ".")

    walk(tree, "")
    return found


def measure(package: Path = PACKAGE, root: Path = ROOT) -> dict[str, object]:
    parts = [p for path in sorted(package.rglob("*.py")) for p in _parts(path, root)]
    files = {path.relative_to(root).as_posix(): len(path.read_text(encoding="utf-8").splitlines())
             for path in sorted(package.rglob("*.py"))}
    classes = [p for p in parts if p.kind == "class"]
    functions = [p for p in parts if p.kind == "function"]
    return {
        "classes": len(classes),
        "functions": len(functions),
        "files": len(files),
        "big_classes": sorted((asdict(p) for p in classes if p.size > MAX_METHODS), key=lambda d: -int(d["size"])),
        "long_functions": sorted((asdict(p) for p in functions if p.size > MAX_LINES),
                                 key=lambda d: -int(d["size"])),
        "all": sorted((asdict(p) for p in parts), key=lambda d: (d["kind"], -int(d["size"]))),
        "file_lines": files,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--all", action="store_true", help="list every class and function")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = ap.parse_args(argv)
    m = measure()
    if args.json:
        json.dump({k: v for k, v in m.items() if k != "all" or args.all}, sys.stdout, indent=1)
        print()
        return 0
    big, long = m["big_classes"], m["long_functions"]
    assert isinstance(big, list) and isinstance(long, list)
    print(f"{m['files']} files, {m['classes']} classes, {m['functions']} functions")
    print(f"classes over {MAX_METHODS} methods: {len(big)}; functions over {MAX_LINES} lines: {len(long)}")
    rows = m["all"] if args.all else big + long
    assert isinstance(rows, list)
    for d in rows:
        unit = "methods" if d["kind"] == "class" else "lines"
        print(f"  {d['size']:5d} {unit:7s}  {d['where']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
